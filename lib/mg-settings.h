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

/* ---- apply.c and rollback.c ---- */
struct mg_change {
	enum mg_param_group group;
	char name[MG_FEATURE_NAME];	/* as `set` spells it: "mtu", "eee", "advertise", "aspm-l1", "rx-gro" */
	enum mg_param param;		/* for the groups of parameters only */
	long long old_value, new_value;
	long long expect;	/* what the change left in place: new_value, or what the driver made of it */
	long long found;	/* MG_CHANGE_LEFT: the value another writer put there */
	enum mg_change_state state;
	bool restore;		/* chosen for the restore under way */
	/* ASPM L1: the L1 substates (MG_PCIE_ASPM_L1_1...) to turn back on when this sets L1 on again. */
	int aspm_substates;
};

/* The bitmaps of a change of advertised modes: as enum mg_change_value. */
#define MG_MODES_VALUES 4

struct mg_apply_result {
	struct mg_change changes[MG_CHANGE_MAX];
	size_t count;
	int failed_group;
	int rolled_back;
	char kernel_message[256]; /* the extended ack of the failed request */
	/* The one change of advertised modes: old, new, expect, found, and their names. */
	struct mg_linkmodes adv[MG_MODES_VALUES];
	char adv_text[MG_MODES_VALUES][1024];
	/* The PCI function whose link/l1_aspm the ASPM change writes, relative to the sysfs root. */
	char aspm_dir[MG_ASPM_DIR_MAX];
};

struct mg_features;
struct mg_eee;
struct mg_ethlink;

/* The ASPM L1 control of an interface's PCIe link, as sysfs shows it. */
struct mg_aspm_now {
	char dir[MG_ASPM_DIR_MAX];	/* the adapter's PCI function; "" when it is not on PCI */
	char not_pci[64];	/* then why: "it is a USB adapter" */
	int l1;			/* link/l1_aspm: 1 or 0; MG_UNKNOWN when the kernel offers no such file */
	int substates;		/* the L1 substates on (MG_PCIE_ASPM_L1_1...), 0 when none or unknown */
	int write_err;		/* 0 when link/l1_aspm can be written; -EACCES, -EROFS... */
	char policy[24];	/* the kernel's pcie_aspm policy; "" when unknown */
};

/* What an apply reads of the groups that are not parameters: only those it needs. */
struct mg_tune_now {
	unsigned int groups;	/* read: 1u << MG_GROUP_FEATURES, _EEE, _ADVERTISE, _ASPM */
	struct mg_features *features;
	struct mg_eee *eee;
	struct mg_ethlink *modes;	/* LINKMODES only */
	int modes_err;		/* -EOPNOTSUPP when the driver has no link modes */
	struct mg_aspm_now aspm;
};

/* An interface being changed: its lock (-1 for a dry run), its state read under it. */
struct mg_apply_target {
	struct mg_settings cur;
	struct mg_tune_now tune;
	char driver[33];
	int lock_fd;
};

extern const enum mg_param_group mg_apply_order[MG_APPLY_GROUPS];
/* Whether change @c is of a parameter (MTU to pause), not of EEE, modes or features. */
static inline bool mg_change_is_param(const struct mg_change *c)
{
	return c->group < MG_GROUP_COUNT;
}
struct mg_apply_result *mg_apply_result_new(void);
/* Resolve @ifname once, lock its index (when @lock), then read it by index. */
int mg_apply_begin(struct mg_ctx *ctx, const char *ifname, bool lock, struct mg_apply_target *t);
void mg_apply_end(struct mg_apply_target *t);
/* Send group @g's changes: their new values, or with @restore the old values of those chosen. */
int mg_apply_set_group(struct mg_ctx *ctx, int ifindex, enum mg_param_group g,
		       const struct mg_apply_result *r, bool restore);
/* After a group's request: APPLIED marks its planned changes, others the chosen restores. */
void mg_apply_mark_group(struct mg_apply_result *r, enum mg_param_group g, enum mg_change_state state);

/* ---- iflock.c: the state directory and the lock of each interface ---- */
int mg_state_dir_open(struct mg_ctx *ctx, const char *sub, bool create, int *dirfd);
/* The file name of an interface's lock and journal: namespace and index. */
void mg_state_name(int ifindex, char *buf, size_t size);
const char *mg_state_dir(const struct mg_ctx *ctx);
/* Wait for the interface's lock: -ECANCELED, -EBUSY after a long wait, -EPERM. */
int mg_iflock_take(struct mg_ctx *ctx, int ifindex, int *lock_fd);
/* 1 when another process holds the interface's lock now. */
int mg_iflock_busy(struct mg_ctx *ctx, int ifindex);
void mg_iflock_release(int lock_fd);

/* ---- journal.c: the undo journal of an apply under way ---- */
struct mg_journal_entry {
	enum mg_param param;
	long long old_value, new_value;
	bool new_known;		/* false: what the apply set is not recorded */
	/* Since 0.2; zero for a parameter, whose group its enum mg_param gives. */
	enum mg_param_group group;	/* MG_GROUP_FEATURES, _EEE, _ADVERTISE or _ASPM */
	char name[MG_FEATURE_NAME];	/* a feature's kernel name */
	struct mg_linkmodes old_modes, new_modes; /* advertised modes */
	int aspm_substates;	/* ASPM L1: the substates on before, as struct mg_change has them */
};

struct mg_journal {
	int ifindex;
	char ifname[IFNAMSIZ];
	long long time;		/* seconds since the epoch */
	long pid;
	struct mg_journal_entry entries[MG_CHANGE_MAX];
	size_t count;
};

/* The group a journal entry restores. */
enum mg_param_group mg_journal_entry_group(const struct mg_journal_entry *e);

#define MG_JOURNAL_MAX 16384
/* Pure: the text of a journal, and back; -E2BIG, -EBADMSG. */
int mg_journal_format(const struct mg_journal *j, char *buf, size_t size);
int mg_journal_parse(const char *text, size_t len, struct mg_journal *j);
int mg_journal_write(struct mg_ctx *ctx, const struct mg_journal *j);
/* -ENOENT when the interface has none. */
int mg_journal_read(struct mg_ctx *ctx, int ifindex, struct mg_journal *j);
int mg_journal_remove(struct mg_ctx *ctx, int ifindex);
/*
 * 1 when an apply to @ifindex was interrupted: its journal is there and no
 * process is applying (@own_lock: this one holds the lock). @j is filled,
 * or zeroed when the journal cannot be read.
 */
int mg_journal_interrupted(struct mg_ctx *ctx, int ifindex, bool own_lock, struct mg_journal *j);
/* "process 1234, 2024-05-06 10:00:00 UTC" */
void mg_journal_describe(const struct mg_journal *j, char *buf, size_t size);

#endif
