/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Settings internals shared by settings.c, ethtool.c and apply.c. */
#ifndef MG_SETTINGS_H
#define MG_SETTINGS_H

#include "mg-bitset.h"
#include "mg-private.h"

struct nlmsghdr;

/* The groups that hold enum mg_param parameters: MTU to pause. */
#define MG_GROUP_COUNT 5
/* Every group an apply changes: those, then features, EEE, advertised modes, ASPM L1. */
#define MG_APPLY_GROUPS 9
/* A feature's name, as ETH_GSTRING_LEN. */
#define MG_FEATURE_NAME 32
/* A PCI function's directory below the sysfs root: devices/pci0000:00/0000:00:1c.0/0000:01:00.0. */
#define MG_ASPM_DIR_MAX 512
/* Changes one apply can make: each parameter, EEE, the advertised modes, ASPM L1, 64 features. */
#define MG_CHANGE_MAX (MG_PARAM_COUNT + 3 + 64)

struct mg_tune_want;

struct mg_param_info {
	const char *name;
	enum mg_param_group group;
	int attr;		/* ETHTOOL_A_* of the value */
	int max_attr;		/* ETHTOOL_A_* of its maximum, 0 when none */
	bool is_u8;		/* u8 (a flag or enum) rather than u32 */
};

struct mg_settings {
	char ifname[IFNAMSIZ];
	int ifindex;
	long long value[MG_PARAM_COUNT];
	long long max[MG_PARAM_COUNT];
	long long min[MG_PARAM_COUNT];
	unsigned long long present, has_max, has_min;
	bool group_read[MG_GROUP_COUNT];
	char group_error[MG_GROUP_COUNT][128];
	struct mg_tune_want *tune;	/* what else to apply (EEE, modes, features); NULL for read objects */
};

struct mg_settings_list {
	struct mg_settings **items;
	size_t count, alloc;
	unsigned int not_recorded;	/* groups a replayed capture holds none of */
	unsigned int failed;		/* groups whose dump failed: read one by one */
};

const struct mg_param_info *mg_param_info(enum mg_param param);
void mg_settings_init(struct mg_settings *s);
void mg_settings_put(struct mg_settings *s, enum mg_param p, long long v);
void mg_settings_put_max(struct mg_settings *s, enum mg_param p, long long v);
bool mg_settings_has(const struct mg_settings *s, enum mg_param p);
struct mg_settings *mg_settings_list_find(struct mg_settings_list *list, int ifindex,
					  const char *ifname);

/* -EINVAL, with the reason in the context, unless @ifname can name an interface. */
int mg_settings_check_name(struct mg_ctx *ctx, const char *ifname);
void mg_settings_unsupported(struct mg_settings *s, enum mg_param_group g, const char *driver);
/* "ring parameters", "the MTU": what a group is called in messages. */
const char *mg_settings_group_what(enum mg_param_group g);
int mg_settings_read_into(struct mg_ctx *ctx, const char *ifname, int ifindex, const char *driver,
			  struct mg_settings *s);
int mg_settings_list_read_bare(struct mg_ctx *ctx, struct mg_settings_list **list);
void mg_settings_from_nic(struct mg_ctx *ctx, struct mg_settings *s, const struct mg_nic *nic,
			  const struct mg_settings_list *dumped);

/* ethtool.c */
int mg_ethtool_open(struct mg_ctx *ctx);
void mg_ethtool_close(struct mg_ctx *ctx);
struct nlattr;
struct nla_policy;
int mg_ethtool_parse_genl(const struct nlmsghdr *nlh, int cmd, struct nlattr **tb, int maxattr,
			  const struct nla_policy *policy);
void mg_ethtool_parse_header(struct nlattr *nest, int *ifindex, char *ifname, size_t size);
/* Parse one GET reply of @group into @s; pure, for tests too. */
int mg_ethtool_parse_reply(const struct nlmsghdr *nlh, enum mg_param_group group,
			   struct mg_settings *s, int *ifindex, char *ifname, size_t size);
/* The NLA_* type a @group reply's policy gives @attr; -EINVAL when out of range. */
int mg_ethtool_attr_type(enum mg_param_group group, int attr);
int mg_ethtool_read_group(struct mg_ctx *ctx, int ifindex, const char *ifname, enum mg_param_group group,
			  struct mg_settings *s);
int mg_ethtool_dump_group(struct mg_ctx *ctx, enum mg_param_group group, struct mg_settings_list *list);
struct nl_msg;
/* A set request with its header nest addressing @ifindex; NULL without memory. */
struct nl_msg *mg_ethtool_request(struct mg_ctx *ctx, int cmd, int header, int ifindex, int flags);
/* Both set requests address the interface by index, never by name. */
int mg_ethtool_set_group(struct mg_ctx *ctx, int ifindex, enum mg_param_group group,
			 const struct mg_settings *values, unsigned long long mask);
int mg_rtnl_set_mtu(struct mg_ctx *ctx, int ifindex, int mtu);

#endif
