/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Settings objects: a value and a presence bit per parameter, read from
 * the kernel (one interface, or all of them from dumps) or filled by the
 * caller to apply.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/ethtool_netlink.h>

#include "gather.h"
#include "mg-settings.h"
#include "mg-tune.h"

#define R(n, a, m, u8) { n, MG_GROUP_RINGS, ETHTOOL_A_RINGS_##a, m, u8 }
#define CH(n, a, m) { n, MG_GROUP_CHANNELS, ETHTOOL_A_CHANNELS_##a, ETHTOOL_A_CHANNELS_##m, false }
#define CO(n, a, u8) { n, MG_GROUP_COALESCE, ETHTOOL_A_COALESCE_##a, 0, u8 }
#define PA(n, a) { n, MG_GROUP_PAUSE, ETHTOOL_A_PAUSE_##a, 0, true }

static const struct mg_param_info params[MG_PARAM_COUNT] = {
	[MG_PARAM_MTU] = { "mtu", MG_GROUP_MTU, 0, 0, false },
	[MG_PARAM_RX_RING] = R("rx-ring", RX, ETHTOOL_A_RINGS_RX_MAX, false),
	[MG_PARAM_RX_MINI_RING] = R("rx-mini-ring", RX_MINI, ETHTOOL_A_RINGS_RX_MINI_MAX, false),
	[MG_PARAM_RX_JUMBO_RING] = R("rx-jumbo-ring", RX_JUMBO, ETHTOOL_A_RINGS_RX_JUMBO_MAX, false),
	[MG_PARAM_TX_RING] = R("tx-ring", TX, ETHTOOL_A_RINGS_TX_MAX, false),
	[MG_PARAM_RX_BUF_LEN] = R("rx-buf-len", RX_BUF_LEN, 0, false),
	[MG_PARAM_CQE_SIZE] = R("cqe-size", CQE_SIZE, 0, false),
	[MG_PARAM_TX_PUSH] = R("tx-push", TX_PUSH, 0, true),
	[MG_PARAM_TCP_DATA_SPLIT] = R("tcp-data-split", TCP_DATA_SPLIT, 0, true),
	[MG_PARAM_RX_CHANNELS] = CH("rx", RX_COUNT, RX_MAX),
	[MG_PARAM_TX_CHANNELS] = CH("tx", TX_COUNT, TX_MAX),
	[MG_PARAM_OTHER_CHANNELS] = CH("other", OTHER_COUNT, OTHER_MAX),
	[MG_PARAM_COMBINED_CHANNELS] = CH("combined", COMBINED_COUNT, COMBINED_MAX),
	[MG_PARAM_RX_USECS] = CO("rx-usecs", RX_USECS, false),
	[MG_PARAM_RX_FRAMES] = CO("rx-frames", RX_MAX_FRAMES, false),
	[MG_PARAM_RX_USECS_IRQ] = CO("rx-usecs-irq", RX_USECS_IRQ, false),
	[MG_PARAM_RX_FRAMES_IRQ] = CO("rx-frames-irq", RX_MAX_FRAMES_IRQ, false),
	[MG_PARAM_TX_USECS] = CO("tx-usecs", TX_USECS, false),
	[MG_PARAM_TX_FRAMES] = CO("tx-frames", TX_MAX_FRAMES, false),
	[MG_PARAM_TX_USECS_IRQ] = CO("tx-usecs-irq", TX_USECS_IRQ, false),
	[MG_PARAM_TX_FRAMES_IRQ] = CO("tx-frames-irq", TX_MAX_FRAMES_IRQ, false),
	[MG_PARAM_STATS_BLOCK_USECS] = CO("stats-block-usecs", STATS_BLOCK_USECS, false),
	[MG_PARAM_ADAPTIVE_RX] = CO("adaptive-rx", USE_ADAPTIVE_RX, true),
	[MG_PARAM_ADAPTIVE_TX] = CO("adaptive-tx", USE_ADAPTIVE_TX, true),
	[MG_PARAM_PKT_RATE_LOW] = CO("pkt-rate-low", PKT_RATE_LOW, false),
	[MG_PARAM_RX_USECS_LOW] = CO("rx-usecs-low", RX_USECS_LOW, false),
	[MG_PARAM_RX_FRAMES_LOW] = CO("rx-frames-low", RX_MAX_FRAMES_LOW, false),
	[MG_PARAM_TX_USECS_LOW] = CO("tx-usecs-low", TX_USECS_LOW, false),
	[MG_PARAM_TX_FRAMES_LOW] = CO("tx-frames-low", TX_MAX_FRAMES_LOW, false),
	[MG_PARAM_PKT_RATE_HIGH] = CO("pkt-rate-high", PKT_RATE_HIGH, false),
	[MG_PARAM_RX_USECS_HIGH] = CO("rx-usecs-high", RX_USECS_HIGH, false),
	[MG_PARAM_RX_FRAMES_HIGH] = CO("rx-frames-high", RX_MAX_FRAMES_HIGH, false),
	[MG_PARAM_TX_USECS_HIGH] = CO("tx-usecs-high", TX_USECS_HIGH, false),
	[MG_PARAM_TX_FRAMES_HIGH] = CO("tx-frames-high", TX_MAX_FRAMES_HIGH, false),
	[MG_PARAM_RATE_SAMPLE_INTERVAL] = CO("sample-interval", RATE_SAMPLE_INTERVAL, false),
	[MG_PARAM_CQE_MODE_RX] = CO("cqe-mode-rx", USE_CQE_MODE_RX, true),
	[MG_PARAM_CQE_MODE_TX] = CO("cqe-mode-tx", USE_CQE_MODE_TX, true),
	[MG_PARAM_PAUSE_AUTONEG] = PA("pause-autoneg", AUTONEG),
	[MG_PARAM_PAUSE_RX] = PA("pause-rx", RX),
	[MG_PARAM_PAUSE_TX] = PA("pause-tx", TX),
};

static const char *const group_names[MG_APPLY_GROUPS] = {
	"mtu", "rings", "channels", "coalesce", "pause", "features", "eee", "advertise", "aspm",
};

_Static_assert(MG_PARAM_COUNT <= 64, "presence bits live in one 64-bit word");

static bool valid_param(int p)
{
	return p >= 0 && p < MG_PARAM_COUNT;
}

const struct mg_param_info *mg_param_info(enum mg_param param)
{
	return &params[param];
}

MG_EXPORT const char *mg_param_name(enum mg_param param)
{
	return valid_param(param) ? params[param].name : NULL;
}

MG_EXPORT int mg_param_from_name(const char *name)
{
	for (int p = 0; name && p < MG_PARAM_COUNT; p++)
		if (!strcmp(params[p].name, name))
			return p;
	return -EINVAL;
}

MG_EXPORT int mg_param_get_group(enum mg_param param)
{
	return valid_param(param) ? (int)params[param].group : -EINVAL;
}

MG_EXPORT const char *mg_param_group_name(enum mg_param_group group)
{
	return (unsigned int)group < MG_APPLY_GROUPS ? group_names[group] : NULL;
}

void mg_settings_init(struct mg_settings *s)
{
	memset(s, 0, sizeof(*s));
}

void mg_settings_put(struct mg_settings *s, enum mg_param p, long long v)
{
	s->value[p] = v;
	s->present |= 1ULL << p;
}

void mg_settings_put_max(struct mg_settings *s, enum mg_param p, long long v)
{
	s->max[p] = v;
	s->has_max |= 1ULL << p;
}

bool mg_settings_has(const struct mg_settings *s, enum mg_param p)
{
	return s->present & (1ULL << p);
}

MG_EXPORT int mg_settings_new(struct mg_settings **settings)
{
	if (!settings)
		return -EINVAL;
	*settings = calloc(1, sizeof(**settings));
	return *settings ? 0 : -ENOMEM;
}

MG_EXPORT void mg_settings_free(struct mg_settings *settings)
{
	if (settings)
		mg_tune_want_free(settings->tune);
	free(settings);
}

MG_EXPORT int mg_settings_set(struct mg_settings *s, enum mg_param param, long long value)
{
	if (!s || !valid_param(param) || (value < 0 && value != MG_VALUE_MAX) || value > 0xffffffffLL)
		return -EINVAL;
	if (value == MG_VALUE_MAX && params[param].group != MG_GROUP_RINGS)
		return -EINVAL;
	mg_settings_put(s, param, value);
	return 0;
}

MG_EXPORT int mg_settings_get(const struct mg_settings *s, enum mg_param param, long long *value)
{
	if (!s || !valid_param(param) || !value)
		return -EINVAL;
	if (!mg_settings_has(s, param))
		return -ENODATA;
	*value = s->value[param];
	return 0;
}

MG_EXPORT int mg_settings_get_max(const struct mg_settings *s, enum mg_param param, long long *value)
{
	if (!s || !valid_param(param) || !value)
		return -EINVAL;
	if (!(s->has_max & (1ULL << param)))
		return -ENODATA;
	*value = s->max[param];
	return 0;
}

MG_EXPORT int mg_settings_get_min(const struct mg_settings *s, enum mg_param param, long long *value)
{
	if (!s || !valid_param(param) || !value)
		return -EINVAL;
	if (!(s->has_min & (1ULL << param)))
		return -ENODATA;
	*value = s->min[param];
	return 0;
}

MG_EXPORT const char *mg_settings_group_error(const struct mg_settings *s, enum mg_param_group group)
{
	if (!s || (unsigned int)group >= MG_GROUP_COUNT || !s->group_error[group][0])
		return NULL;
	return s->group_error[group];
}

MG_EXPORT const char *mg_settings_get_ifname(const struct mg_settings *s)
{
	return s && s->ifname[0] ? s->ifname : NULL;
}

static const char *group_what(enum mg_param_group g)
{
	static const char *const what[MG_GROUP_COUNT] = {
		"the MTU", "ring parameters", "channel parameters", "coalescing parameters",
		"pause parameters",
	};

	return what[g];
}

/* "veth does not support ring parameters" */
void mg_settings_unsupported(struct mg_settings *s, enum mg_param_group g, const char *driver)
{
	snprintf(s->group_error[g], sizeof(s->group_error[g]), "%s does not support %s",
		 driver && *driver ? driver : "the driver", group_what(g));
}

static void put_mtu(struct mg_settings *s, const struct mg_link *l)
{
	if (l->mtu != MG_UNKNOWN)
		mg_settings_put(s, MG_PARAM_MTU, l->mtu);
	if (l->max_mtu > 0) {
		mg_settings_put_max(s, MG_PARAM_MTU, l->max_mtu);
	}
	if (l->min_mtu != MG_UNKNOWN) {
		s->min[MG_PARAM_MTU] = l->min_mtu;
		s->has_min |= 1ULL << MG_PARAM_MTU;
	}
	s->group_read[MG_GROUP_MTU] = true;
}

int mg_settings_check_name(struct mg_ctx *ctx, const char *ifname)
{
	if (!ifname || !ifname[0])
		return mg_fail(ctx, -EINVAL, "no interface name given");
	if (strlen(ifname) >= IFNAMSIZ)
		return mg_fail(ctx, -EINVAL, "interface name '%.40s' is too long (at most %d characters)",
			       ifname, IFNAMSIZ - 1);
	if (!mg_ifname_valid(ifname))
		return mg_fail(ctx, -EINVAL, "'%s' is not an interface name", ifname);
	return 0;
}


/*
 * One interface: its link (MTU and limits) by one request, then one
 * ethtool request per group, all addressed by index.
 */
int mg_settings_read_into(struct mg_ctx *ctx, const char *ifname, int ifindex, const char *driver,
			  struct mg_settings *s)
{
	struct mg_link link;
	int err;

	mg_settings_init(s);
	err = mg_gather_link_said(ctx, ifindex > 0 ? NULL : ifname, ifindex, &link);
	if (err < 0)
		return err;
	mg_strlcpy(s->ifname, link.name, sizeof(s->ifname));
	s->ifindex = link.ifindex;
	put_mtu(s, &link);
	for (int g = MG_GROUP_RINGS; g < MG_GROUP_COUNT; g++) {
		err = mg_ethtool_read_group(ctx, s->ifindex, s->ifname, (enum mg_param_group)g, s);
		if (err == -EOPNOTSUPP) {
			mg_settings_unsupported(s, (enum mg_param_group)g, driver);
			continue;
		}
		if (err < 0)
			return mg_gather_read_failed(ctx, s->ifname, group_what((enum mg_param_group)g), err);
	}
	return 0;
}

static int read_new(struct mg_ctx *ctx, const char *ifname, int ifindex, const char *driver,
		    struct mg_settings **settings)
{
	struct mg_settings *s = malloc(sizeof(*s));
	int err;

	if (!s)
		return -ENOMEM;
	err = mg_settings_read_into(ctx, ifname, ifindex, driver, s);
	if (err < 0) {
		free(s);
		return err;
	}
	*settings = s;
	return 0;
}

MG_EXPORT int mg_settings_read(struct mg_ctx *ctx, const char *ifname, struct mg_settings **settings)
{
	struct mg_drvinfo info;
	int err;

	if (!ctx || !settings)
		return -EINVAL;
	*settings = NULL;
	mg_clear_error(ctx);
	err = mg_settings_check_name(ctx, ifname);
	if (err < 0)
		return err;
	/* The driver's name makes "does not support" concrete. */
	if (mg_gather_drvinfo(ctx, ifname, &info) < 0)
		info.driver[0] = '\0';
	return read_new(ctx, ifname, 0, info.driver, settings);
}

MG_EXPORT int mg_settings_read_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic,
				       struct mg_settings **settings)
{
	if (!ctx || !settings)
		return -EINVAL;
	*settings = NULL;
	mg_clear_error(ctx);
	if (mg_nic_need_interface(ctx, nic) < 0)
		return -ENODEV;
	return read_new(ctx, nic->name, nic->ifindex, nic->driver, settings);
}

/* ---- lists from dumps ---- */

/*
 * The entry for @ifindex, made when missing. Entries stay sorted by index:
 * dumps come in index order, so a new one is appended in constant time and
 * a dump of 10 000 interfaces does not cost 10 000 squared comparisons.
 */
struct mg_settings *mg_settings_list_find(struct mg_settings_list *list, int ifindex, const char *ifname)
{
	struct mg_settings *s, **grown;
	size_t lo = 0, hi = list->count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (list->items[mid]->ifindex == ifindex)
			return list->items[mid];
		if (list->items[mid]->ifindex < ifindex)
			lo = mid + 1;
		else
			hi = mid;
	}
	grown = mg_array_grow(list->items, &list->alloc, list->count, sizeof(*grown));
	if (!grown)
		return NULL;
	list->items = grown;
	s = malloc(sizeof(*s));
	if (!s)
		return NULL;
	mg_settings_init(s);
	s->ifindex = ifindex;
	mg_strlcpy(s->ifname, ifname, sizeof(s->ifname));
	memmove(&list->items[lo + 1], &list->items[lo], (list->count - lo) * sizeof(*list->items));
	list->items[lo] = s;
	list->count++;
	return s;
}

static int add_links(struct mg_ctx *ctx, struct mg_settings_list *list)
{
	struct mg_link *links;
	size_t n;
	int err = mg_gather_links(ctx, &links, &n);

	if (err < 0)
		return err;
	for (size_t i = 0; i < n && err == 0; i++) {
		struct mg_settings *s = mg_settings_list_find(list, links[i].ifindex, links[i].name);

		if (!s)
			err = -ENOMEM;
		else
			put_mtu(s, &links[i]);
	}
	free(links);
	return err;
}

/*
 * One dump per ethtool message. A group whose dump fails (one driver's
 * error ends the kernel's dump) is marked, for its interfaces to be read
 * one by one; a capture without the message marks it not recorded.
 */
int mg_settings_list_read_bare(struct mg_ctx *ctx, struct mg_settings_list **list)
{
	struct mg_settings_list *l = calloc(1, sizeof(*l));
	int err = 0;

	if (!l)
		return -ENOMEM;
	for (int g = MG_GROUP_RINGS; g < MG_GROUP_COUNT && err != -ENOMEM; g++) {
		err = mg_ethtool_dump_group(ctx, (enum mg_param_group)g, l);
		if (err == MG_ENOTRECORDED)
			l->not_recorded |= 1u << g;
		else if (err < 0 && err != -ENOMEM) {
			mg_info(ctx, "dump of %s failed (%s): reading them one by one", group_what(g),
				strerror(-err));
			l->failed |= 1u << g;
		}
	}
	mg_clear_error(ctx);
	if (err == -ENOMEM) {
		mg_settings_list_free(l);
		return err;
	}
	*list = l;
	return 0;
}

/*
 * The groups the dumps did not give @s: read one by one where a dump
 * failed, said to be missing from a capture, or else the driver lacks them.
 */
static void fill_missing(struct mg_ctx *ctx, struct mg_settings *s, const char *driver,
			 const struct mg_settings_list *dumped)
{
	for (int g = MG_GROUP_RINGS; g < MG_GROUP_COUNT; g++) {
		int err = -EOPNOTSUPP;

		if (s->group_read[g] || s->group_error[g][0])
			continue;
		if (dumped->not_recorded & (1u << g)) {
			snprintf(s->group_error[g], sizeof(s->group_error[g]), "this capture holds no %s",
				 group_what((enum mg_param_group)g));
			continue;
		}
		if (dumped->failed & (1u << g))
			err = mg_ethtool_read_group(ctx, s->ifindex, s->ifname, (enum mg_param_group)g, s);
		/* A dump leaves out devices whose driver lacks the operation. */
		if (err == -EOPNOTSUPP)
			mg_settings_unsupported(s, (enum mg_param_group)g, driver);
		else if (err < 0)
			snprintf(s->group_error[g], sizeof(s->group_error[g]), "reading %s failed: %s",
				 group_what((enum mg_param_group)g), strerror(-err));
	}
}

/* What an adapter already knows (its MTU), then what the dumps missed. */
void mg_settings_from_nic(struct mg_ctx *ctx, struct mg_settings *s, const struct mg_nic *nic,
			  const struct mg_settings_list *dumped)
{
	struct mg_link link;

	mg_link_init(&link);
	link.mtu = nic->mtu;
	link.min_mtu = nic->min_mtu;
	link.max_mtu = nic->max_mtu;
	put_mtu(s, &link);
	if (nic->name)
		mg_strlcpy(s->ifname, nic->name, sizeof(s->ifname));
	fill_missing(ctx, s, nic->driver, dumped);
}

MG_EXPORT int mg_settings_list_read(struct mg_ctx *ctx, struct mg_settings_list **list)
{
	struct mg_settings_list *l = NULL;
	int err;

	if (!ctx || !list)
		return -EINVAL;
	*list = NULL;
	mg_clear_error(ctx);
	err = mg_settings_list_read_bare(ctx, &l);
	if (err == 0)
		err = add_links(ctx, l);
	if (err < 0) {
		mg_settings_list_free(l);
		return ctx->error[0] ? err : mg_fail(ctx, err, "settings dump failed: %s", strerror(-err));
	}
	for (size_t i = 0; i < l->count; i++)
		fill_missing(ctx, l->items[i], NULL, l);
	*list = l;
	return 0;
}

MG_EXPORT void mg_settings_list_free(struct mg_settings_list *list)
{
	if (!list)
		return;
	for (size_t i = 0; i < list->count; i++)
		free(list->items[i]);
	free(list->items);
	free(list);
}

MG_GETTER(size_t, mg_settings_list_count, mg_settings_list, count, 0)

MG_EXPORT const struct mg_settings *mg_settings_list_get(const struct mg_settings_list *list, size_t index)
{
	return list && index < list->count ? list->items[index] : NULL;
}
