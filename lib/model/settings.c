/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Settings objects: a value and a presence bit per parameter, read from
 * the kernel (settings-read.c) or filled by the caller to apply, and their
 * lists. What they ask beyond parameters is in settings-want.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/ethtool_netlink.h>

#include "model/model.h"

/*
 * Each with its key in a .link file (NULL: udev has none) and how that
 * spells the value, then its key in a NetworkManager profile: rings and
 * coalescing since 1.26, pause since 1.32, channels since 1.46.
 */
#define R(n, a, m, u8, key, nm)                                                                      \
	{ n, MG_GROUP_RINGS, ETHTOOL_A_RINGS_##a, m, u8, key, MG_LINK_NUMBER, nm }
#define CH(n, a, m, key)                                                                              \
	{ n, MG_GROUP_CHANNELS, ETHTOOL_A_CHANNELS_##a, ETHTOOL_A_CHANNELS_##m, false, key, MG_LINK_NUMBER, \
	  "ethtool.channels-" n }
#define CO(n, a, u8, key, v) \
	{ n, MG_GROUP_COALESCE, ETHTOOL_A_COALESCE_##a, 0, u8, key, MG_LINK_##v, "ethtool.coalesce-" n }
#define CO_NO_NM(n, a, u8) { n, MG_GROUP_COALESCE, ETHTOOL_A_COALESCE_##a, 0, u8, NULL, MG_LINK_NUMBER, NULL }
#define PA(n, a, key) { n, MG_GROUP_PAUSE, ETHTOOL_A_PAUSE_##a, 0, true, key, MG_LINK_BOOL, "ethtool." n }

static const struct mg_param_info params[MG_PARAM_COUNT] = {
	[MG_PARAM_MTU] = { "mtu", MG_GROUP_MTU, 0, 0, false, "MTUBytes", MG_LINK_NUMBER, "802-3-ethernet.mtu" },
	[MG_PARAM_RX_RING] = R("rx-ring", RX, ETHTOOL_A_RINGS_RX_MAX, false, "RxBufferSize", "ethtool.ring-rx"),
	[MG_PARAM_RX_MINI_RING] = R("rx-mini-ring", RX_MINI, ETHTOOL_A_RINGS_RX_MINI_MAX, false, "RxMiniBufferSize",
				     "ethtool.ring-rx-mini"),
	[MG_PARAM_RX_JUMBO_RING] =
		R("rx-jumbo-ring", RX_JUMBO, ETHTOOL_A_RINGS_RX_JUMBO_MAX, false, "RxJumboBufferSize",
		  "ethtool.ring-rx-jumbo"),
	[MG_PARAM_TX_RING] = R("tx-ring", TX, ETHTOOL_A_RINGS_TX_MAX, false, "TxBufferSize", "ethtool.ring-tx"),
	[MG_PARAM_RX_BUF_LEN] = R("rx-buf-len", RX_BUF_LEN, 0, false, NULL, NULL),
	[MG_PARAM_CQE_SIZE] = R("cqe-size", CQE_SIZE, 0, false, NULL, NULL),
	[MG_PARAM_TX_PUSH] = R("tx-push", TX_PUSH, 0, true, NULL, NULL),
	[MG_PARAM_TCP_DATA_SPLIT] = R("tcp-data-split", TCP_DATA_SPLIT, 0, true, NULL, NULL),
	[MG_PARAM_RX_CHANNELS] = CH("rx", RX_COUNT, RX_MAX, "RxChannels"),
	[MG_PARAM_TX_CHANNELS] = CH("tx", TX_COUNT, TX_MAX, "TxChannels"),
	[MG_PARAM_OTHER_CHANNELS] = CH("other", OTHER_COUNT, OTHER_MAX, "OtherChannels"),
	[MG_PARAM_COMBINED_CHANNELS] = CH("combined", COMBINED_COUNT, COMBINED_MAX, "CombinedChannels"),
	[MG_PARAM_RX_USECS] = CO("rx-usecs", RX_USECS, false, "RxCoalesceSec", USEC),
	[MG_PARAM_RX_FRAMES] = CO("rx-frames", RX_MAX_FRAMES, false, "RxMaxCoalescedFrames", NUMBER),
	[MG_PARAM_RX_USECS_IRQ] = CO("rx-usecs-irq", RX_USECS_IRQ, false, "RxCoalesceIrqSec", USEC),
	[MG_PARAM_RX_FRAMES_IRQ] = CO("rx-frames-irq", RX_MAX_FRAMES_IRQ, false, "RxMaxCoalescedIrqFrames", NUMBER),
	[MG_PARAM_TX_USECS] = CO("tx-usecs", TX_USECS, false, "TxCoalesceSec", USEC),
	[MG_PARAM_TX_FRAMES] = CO("tx-frames", TX_MAX_FRAMES, false, "TxMaxCoalescedFrames", NUMBER),
	[MG_PARAM_TX_USECS_IRQ] = CO("tx-usecs-irq", TX_USECS_IRQ, false, "TxCoalesceIrqSec", USEC),
	[MG_PARAM_TX_FRAMES_IRQ] = CO("tx-frames-irq", TX_MAX_FRAMES_IRQ, false, "TxMaxCoalescedIrqFrames", NUMBER),
	[MG_PARAM_STATS_BLOCK_USECS] =
		CO("stats-block-usecs", STATS_BLOCK_USECS, false, "StatisticsBlockCoalesceSec", USEC),
	[MG_PARAM_ADAPTIVE_RX] = CO("adaptive-rx", USE_ADAPTIVE_RX, true, "UseAdaptiveRxCoalesce", BOOL),
	[MG_PARAM_ADAPTIVE_TX] = CO("adaptive-tx", USE_ADAPTIVE_TX, true, "UseAdaptiveTxCoalesce", BOOL),
	[MG_PARAM_PKT_RATE_LOW] = CO("pkt-rate-low", PKT_RATE_LOW, false, "CoalescePacketRateLow", NUMBER),
	[MG_PARAM_RX_USECS_LOW] = CO("rx-usecs-low", RX_USECS_LOW, false, "RxCoalesceLowSec", USEC),
	[MG_PARAM_RX_FRAMES_LOW] = CO("rx-frames-low", RX_MAX_FRAMES_LOW, false, "RxMaxCoalescedLowFrames", NUMBER),
	[MG_PARAM_TX_USECS_LOW] = CO("tx-usecs-low", TX_USECS_LOW, false, "TxCoalesceLowSec", USEC),
	[MG_PARAM_TX_FRAMES_LOW] = CO("tx-frames-low", TX_MAX_FRAMES_LOW, false, "TxMaxCoalescedLowFrames", NUMBER),
	[MG_PARAM_PKT_RATE_HIGH] = CO("pkt-rate-high", PKT_RATE_HIGH, false, "CoalescePacketRateHigh", NUMBER),
	[MG_PARAM_RX_USECS_HIGH] = CO("rx-usecs-high", RX_USECS_HIGH, false, "RxCoalesceHighSec", USEC),
	[MG_PARAM_RX_FRAMES_HIGH] = CO("rx-frames-high", RX_MAX_FRAMES_HIGH, false, "RxMaxCoalescedHighFrames", NUMBER),
	[MG_PARAM_TX_USECS_HIGH] = CO("tx-usecs-high", TX_USECS_HIGH, false, "TxCoalesceHighSec", USEC),
	[MG_PARAM_TX_FRAMES_HIGH] = CO("tx-frames-high", TX_MAX_FRAMES_HIGH, false, "TxMaxCoalescedHighFrames", NUMBER),
	[MG_PARAM_RATE_SAMPLE_INTERVAL] =
		CO("sample-interval", RATE_SAMPLE_INTERVAL, false, "CoalescePacketRateSampleIntervalSec", SEC),
	[MG_PARAM_CQE_MODE_RX] = CO_NO_NM("cqe-mode-rx", USE_CQE_MODE_RX, true),
	[MG_PARAM_CQE_MODE_TX] = CO_NO_NM("cqe-mode-tx", USE_CQE_MODE_TX, true),
	[MG_PARAM_PAUSE_AUTONEG] = PA("pause-autoneg", AUTONEG, "AutoNegotiationFlowControl"),
	[MG_PARAM_PAUSE_RX] = PA("pause-rx", RX, "RxFlowControl"),
	[MG_PARAM_PAUSE_TX] = PA("pause-tx", TX, "TxFlowControl"),
};

static const char *const group_names[MG_APPLY_GROUPS] = {
	"mtu", "rings", "channels", "coalesce", "pause", "features", "eee", "advertise", "aspm", "rps", "xps",
	"irq-affinity", "wol", "persist", "persist-nm",
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

const char *mg_param_ifupdown_key(enum mg_param p, char *buf, size_t size)
{
	const struct mg_param_info *info = &params[p];
	const char *name = info->name;
	size_t len = strlen(name);

	/* The ethtool words ifupdown's hook passes on are the names here, less the group's part. */
	switch (info->group) {
	case MG_GROUP_MTU:
		snprintf(buf, size, "mtu");
		return buf;
	case MG_GROUP_RINGS:
		if (!info->link_key || len < 5 || strcmp(name + len - 5, "-ring"))
			return NULL;
		snprintf(buf, size, "hardware-dma-ring-%.*s", (int)(len - 5), name);
		return buf;
	case MG_GROUP_COALESCE:
		snprintf(buf, size, "hardware-irq-coalesce-%s", name);
		return buf;
	case MG_GROUP_PAUSE:
		snprintf(buf, size, "ethernet-pause-%s", name + strlen("pause-"));
		return buf;
	default:
		return NULL;
	}
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
	if ((unsigned int)p >= MG_PARAM_RANGED)
		return;
	s->max[p] = v;
	s->has_max |= 1ULL << p;
}

void mg_settings_put_min(struct mg_settings *s, enum mg_param p, long long v)
{
	if ((unsigned int)p >= MG_PARAM_FLOORED)
		return;
	s->min[p] = v;
	s->has_min |= 1ULL << p;
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
	if (!(s->has_max & (1ULL << param)) || (unsigned int)param >= MG_PARAM_RANGED)
		return -ENODATA;
	*value = s->max[param];
	return 0;
}

MG_EXPORT int mg_settings_get_min(const struct mg_settings *s, enum mg_param param, long long *value)
{
	if (!s || !valid_param(param) || !value)
		return -EINVAL;
	if (!(s->has_min & (1ULL << param)) || (unsigned int)param >= MG_PARAM_FLOORED)
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

const char *mg_settings_group_what(enum mg_param_group g)
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
		 driver && *driver ? driver : "the driver", mg_settings_group_what(g));
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

int mg_read_link_by_name(struct mg_ctx *ctx, const char *ifname, const char *what, struct mg_link *link)
{
	int err = mg_settings_check_name(ctx, ifname);

	if (err < 0)
		return err;
	err = mg_gather_link(ctx, ifname, 0, link);
	if (err < 0)
		return ctx->error[0] ? err : mg_gather_read_failed(ctx, ifname, what, err);
	return 0;
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
