/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Counters: the link's (IFLA_STATS64 and the carrier counts of
 * RTM_NEWLINK), the standard groups of ETHTOOL_MSG_STATS_GET (IEEE 802.3
 * PHY, MAC, MAC control, RMON with its histograms), the link-down count of
 * LINKSTATE, and the driver's own counters. For one interface each is one
 * request by index; for all of them the link dump the list was made from,
 * one dump of each ethtool message, and the driver's counters one by one
 * (no dump exists of those: the ioctl, as for the driver's name).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <linux/ethtool_netlink.h>
#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "model/model.h"

/* The link's own count of losses, from Linux 6.6; not in every uapi header yet. */
#define LINKSTATE_EXT_DOWN_CNT 7
#define LINKSTATE_ATTR_MAX 7

/* The kernel's names of the standard counters, by their attribute numbers. */
static const char *const phy_names[] = { "SymbolErrorDuringCarrier" };
static const char *const mac_names[] = {
	"FramesTransmittedOK", "SingleCollisionFrames", "MultipleCollisionFrames",
	"FramesReceivedOK", "FrameCheckSequenceErrors", "AlignmentErrors", "OctetsTransmittedOK",
	"FramesWithDeferredXmissions", "LateCollisions", "FramesAbortedDueToXSColls",
	"FramesLostDueToIntMACXmitError", "CarrierSenseErrors", "OctetsReceivedOK",
	"FramesLostDueToIntMACRcvError", "MulticastFramesXmittedOK", "BroadcastFramesXmittedOK",
	"FramesWithExcessiveDeferral", "MulticastFramesReceivedOK", "BroadcastFramesReceivedOK",
	"InRangeLengthErrors", "OutOfRangeLengthField", "FrameTooLongErrors",
};
static const char *const ctrl_names[] = {
	"MACControlFramesTransmitted", "MACControlFramesReceived", "UnsupportedOpcodesReceived",
};
static const char *const rmon_names[] = {
	"etherStatsUndersizePkts", "etherStatsOversizePkts", "etherStatsFragments", "etherStatsJabbers",
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const struct {
	const char *name;
	const char *const *counters;
	size_t size;
} groups[MG_STATS_GROUP_COUNT] = {
	[MG_STATS_ETH_PHY] = { "eth-phy", phy_names, COUNT(phy_names) },
	[MG_STATS_ETH_MAC] = { "eth-mac", mac_names, COUNT(mac_names) },
	[MG_STATS_ETH_CTRL] = { "eth-ctrl", ctrl_names, COUNT(ctrl_names) },
	[MG_STATS_RMON] = { "rmon", rmon_names, COUNT(rmon_names) },
};

_Static_assert((int)MG_STATS_ETH_PHY == (int)ETHTOOL_STATS_ETH_PHY &&
		       (int)MG_STATS_ETH_MAC == (int)ETHTOOL_STATS_ETH_MAC &&
		       (int)MG_STATS_ETH_CTRL == (int)ETHTOOL_STATS_ETH_CTRL &&
		       (int)MG_STATS_RMON == (int)ETHTOOL_STATS_RMON &&
		       MG_STATS_RMON + 1 == MG_STATS_GROUP_COUNT,
	       "our groups are the kernel's group numbers");
_Static_assert(COUNT(phy_names) == __ETHTOOL_A_STATS_ETH_PHY_CNT &&
		       COUNT(mac_names) == __ETHTOOL_A_STATS_ETH_MAC_CNT &&
		       COUNT(ctrl_names) == __ETHTOOL_A_STATS_ETH_CTRL_CNT &&
		       COUNT(rmon_names) == __ETHTOOL_A_STATS_RMON_CNT,
	       "a name per standard counter");
_Static_assert(COUNT(mac_names) == MG_STATS_GROUP_MAX, "eth-mac is the largest group");

void mg_stats_init(struct mg_stats *s)
{
	memset(s, 0, sizeof(*s));
	s->ifindex = MG_UNKNOWN;
}

void mg_stats_clear(struct mg_stats *s)
{
	free(s->groups);
	free(s->driver);
	s->groups = NULL;
	s->driver = NULL;
	s->driver_count = 0;
}

/* Made when the first standard counter arrives. */
static struct mg_stats_groups *groups_of(struct mg_stats *s)
{
	if (!s->groups)
		s->groups = calloc(1, sizeof(*s->groups));
	return s->groups;
}

static int put_stat(struct mg_stats *s, int group, const struct nlattr *stat)
{
	struct mg_stats_groups *g;
	int id = nla_type(stat);
	uint64_t v;

	if (id < 0 || (size_t)id >= groups[group].size || nla_len(stat) != sizeof(v))
		return 0;
	if (!(g = groups_of(s)))
		return -ENOMEM;
	memcpy(&v, nla_data(stat), sizeof(v));
	g->value[group][id] = v;
	g->present[group] |= 1U << id;
	g->reported[group] = true;
	return 0;
}

static int put_bucket(struct mg_stats *s, int tx, struct nlattr *nest)
{
	static const struct nla_policy policy[ETHTOOL_A_STATS_GRP_MAX + 1] = {
		[ETHTOOL_A_STATS_GRP_HIST_BKT_LOW] = { .type = NLA_U32 },
		[ETHTOOL_A_STATS_GRP_HIST_BKT_HI] = { .type = NLA_U32 },
		[ETHTOOL_A_STATS_GRP_HIST_VAL] = { .type = NLA_U64 },
	};
	struct nlattr *tb[ETHTOOL_A_STATS_GRP_MAX + 1];
	struct mg_stats_bucket *b;
	struct mg_stats_groups *g;

	if ((s->groups && s->groups->hist_count[tx] == MG_STATS_HIST_MAX) ||
	    nla_parse_nested(tb, ETHTOOL_A_STATS_GRP_MAX, nest, policy) < 0 ||
	    !tb[ETHTOOL_A_STATS_GRP_HIST_BKT_LOW] || !tb[ETHTOOL_A_STATS_GRP_HIST_BKT_HI] ||
	    !tb[ETHTOOL_A_STATS_GRP_HIST_VAL])
		return 0;
	if (!(g = groups_of(s)))
		return -ENOMEM;
	b = &g->hist[tx][g->hist_count[tx]++];
	b->low = nla_get_u32(tb[ETHTOOL_A_STATS_GRP_HIST_BKT_LOW]);
	b->high = nla_get_u32(tb[ETHTOOL_A_STATS_GRP_HIST_BKT_HI]);
	b->value = nla_get_u64(tb[ETHTOOL_A_STATS_GRP_HIST_VAL]);
	g->reported[MG_STATS_RMON] = true;
	return 0;
}

/*
 * One group: its number, then each counter in a nest of its own whose
 * single attribute's type is the counter's number (0 included), and for
 * RMON the histogram buckets. The kernel sends a group's nest even when
 * the driver filled none of it: a group is reported once a counter is.
 */
static int parse_group(struct mg_stats *s, struct nlattr *grp)
{
	struct nlattr *a, *id_attr = nla_find(nla_data(grp), nla_len(grp), ETHTOOL_A_STATS_GRP_ID);
	uint32_t id;
	int rem, err = 0;

	if (!id_attr || nla_len(id_attr) < (int)sizeof(uint32_t))
		return 0;
	id = nla_get_u32(id_attr);
	if (id >= MG_STATS_GROUP_COUNT)
		return 0; /* a group not asked for (a newer kernel's) */
	nla_for_each_nested(a, grp, rem) {
		if (nla_type(a) == ETHTOOL_A_STATS_GRP_STAT) {
			struct nlattr *stat = nla_data(a);

			if (nla_len(a) >= NLA_HDRLEN && nla_ok(stat, nla_len(a)))
				err = put_stat(s, (int)id, stat);
		} else if (id == MG_STATS_RMON && (nla_type(a) == ETHTOOL_A_STATS_GRP_HIST_RX ||
						     nla_type(a) == ETHTOOL_A_STATS_GRP_HIST_TX)) {
			err = put_bucket(s, nla_type(a) == ETHTOOL_A_STATS_GRP_HIST_TX, a);
		}
		if (err < 0)
			return err;
	}
	return 0;
}

static bool genl_reply(const struct nlmsghdr *nlh, int cmd)
{
	return nlh->nlmsg_len >= NLMSG_HDRLEN + GENL_HDRLEN &&
	       ((const struct genlmsghdr *)nlmsg_data(nlh))->cmd == cmd;
}

int mg_stats_parse_reply(const struct nlmsghdr *nlh, struct mg_stats *s)
{
	const struct genlmsghdr *gnlh = nlmsg_data(nlh);
	struct nlattr *a, *attrs;
	int rem, len, err = 0;

	if (!genl_reply(nlh, ETHTOOL_MSG_STATS_GET_REPLY))
		return -EPROTO;
	attrs = genlmsg_attrdata(gnlh, 0);
	len = genlmsg_attrlen(gnlh, 0);
	/* Groups repeat one attribute type: walked, not parsed into a table. */
	nla_for_each_attr(a, attrs, len, rem) {
		if (nla_type(a) == ETHTOOL_A_STATS_HEADER)
			mg_ethtool_parse_header(a, &s->ifindex, s->ifname, sizeof(s->ifname));
		else if (nla_type(a) == ETHTOOL_A_STATS_GRP && (err = parse_group(s, a)) < 0)
			return err;
	}
	return 0;
}

int mg_stats_parse_linkstate(const struct nlmsghdr *nlh, struct mg_stats *s)
{
	struct nlattr *tb[LINKSTATE_ATTR_MAX + 1], *cnt;
	static const struct nla_policy policy[LINKSTATE_ATTR_MAX + 1] = {
		[ETHTOOL_A_LINKSTATE_HEADER] = { .type = NLA_NESTED },
	};

	_Static_assert(ETHTOOL_A_LINKSTATE_MAX <= LINKSTATE_ATTR_MAX, "LINKSTATE's attributes fit the table");
	if (!genl_reply(nlh, ETHTOOL_MSG_LINKSTATE_GET_REPLY) ||
	    genlmsg_parse((struct nlmsghdr *)nlh, 0, tb, LINKSTATE_ATTR_MAX, policy) < 0)
		return -EPROTO;
	mg_ethtool_parse_header(tb[ETHTOOL_A_LINKSTATE_HEADER], &s->ifindex, s->ifname, sizeof(s->ifname));
	/* A u32 in the kernel as merged; a u64 was proposed: either is taken. */
	cnt = tb[LINKSTATE_EXT_DOWN_CNT];
	if (cnt && nla_len(cnt) == sizeof(uint32_t))
		mg_counters_put(&s->link, MG_STAT_LINK_DOWN_EVENTS, nla_get_u32(cnt));
	else if (cnt && nla_len(cnt) == sizeof(uint64_t))
		mg_counters_put(&s->link, MG_STAT_LINK_DOWN_EVENTS, nla_get_u64(cnt));
	return 0;
}

/* ETHTOOL_A_STATS_GROUPS: the four standard groups as a compact bitset. */
static int put_groups(struct nl_msg *msg, const void *arg)
{
	uint32_t bits = (1U << MG_STATS_GROUP_COUNT) - 1;
	struct nlattr *nest = nla_nest_start(msg, ETHTOOL_A_STATS_GROUPS);

	(void)arg;
	if (!nest || nla_put_flag(msg, ETHTOOL_A_BITSET_NOMASK) < 0 ||
	    nla_put_u32(msg, ETHTOOL_A_BITSET_SIZE, MG_STATS_GROUP_COUNT) < 0 ||
	    nla_put(msg, ETHTOOL_A_BITSET_VALUE, sizeof(bits), &bits) < 0)
		return -ENOMEM;
	nla_nest_end(msg, nest);
	return 0;
}

/* Where replies go: one object, or the list's adapters by index. */
struct state {
	bool linkstate;
	struct mg_stats *one;
	struct mg_nic_list *list;
};

/* Move what one reply filled from @src into @dst. */
static void merge(struct mg_stats *dst, struct mg_stats *src, bool linkstate)
{
	if (linkstate) {
		if (src->link.present & (1ULL << MG_STAT_LINK_DOWN_EVENTS))
			mg_counters_put(&dst->link, MG_STAT_LINK_DOWN_EVENTS,
					src->link.value[MG_STAT_LINK_DOWN_EVENTS]);
		return;
	}
	free(dst->groups);
	dst->groups = src->groups;
	src->groups = NULL;
}

static int on_reply(const struct nlmsghdr *nlh, void *arg)
{
	struct state *st = arg;
	struct mg_stats scratch;
	struct mg_nic *nic;
	int err;

	mg_stats_init(&scratch);
	err = st->linkstate ? mg_stats_parse_linkstate(nlh, &scratch) : mg_stats_parse_reply(nlh, &scratch);
	if (err == 0 && st->one)
		merge(st->one, &scratch, st->linkstate);
	else if (err == 0 && (nic = mg_nic_list_find_ifindex(st->list, scratch.ifindex)) && nic->stats)
		merge(nic->stats, &scratch, st->linkstate);
	mg_stats_clear(&scratch);
	return err == -ENOMEM ? err : 0;
}

/*
 * One message, for one interface or (@ifindex 0) all. A driver without it,
 * a kernel before 5.13, a capture without it: those counters stay unknown.
 * A dump one driver's error ends is no failure either: its part is unknown.
 */
static int request(struct mg_ctx *ctx, bool linkstate, int ifindex, const char *ifname, struct state *st)
{
	struct mg_ethtool_req req = {
		.cmd = linkstate ? ETHTOOL_MSG_LINKSTATE_GET : ETHTOOL_MSG_STATS_GET,
		.header = linkstate ? ETHTOOL_A_LINKSTATE_HEADER : ETHTOOL_A_STATS_HEADER,
		.ifindex = ifindex,
		.ifname = ifname,
		.put_attrs = linkstate ? NULL : put_groups,
	};
	int err;

	st->linkstate = linkstate;
	err = mg_gather_ethtool(ctx, &req, on_reply, st);
	if (err < 0 && err != -ENOMEM && err != -ENODEV) {
		mg_dbg(ctx, "%s: %s counters not read: %s", ifname ? ifname : "all interfaces",
		       linkstate ? "link state" : "standard", strerror(-err));
		mg_clear_error(ctx);
		err = 0;
	}
	return err;
}

static void read_driver(struct mg_ctx *ctx, struct mg_stats *s)
{
	int err = mg_gather_driver_stats(ctx, s->ifname, &s->driver, &s->driver_count);

	if (err < 0)
		mg_dbg(ctx, "%s: no driver counters: %s", s->ifname, strerror(-err));
}

static struct mg_stats *stats_new(const char *ifname, int ifindex, const struct mg_counters *link)
{
	struct mg_stats *s = malloc(sizeof(*s));

	if (!s)
		return NULL;
	mg_stats_init(s);
	mg_strlcpy(s->ifname, ifname, sizeof(s->ifname));
	s->ifindex = ifindex;
	s->link = *link;
	return s;
}

static bool has_link_down(const struct mg_stats *s)
{
	return s->link.present & (1ULL << MG_STAT_LINK_DOWN_EVENTS);
}

/*
 * The link-down count came with Linux 6.6 (for PHYs the kernel drives):
 * on an earlier kernel its absence is the kernel's, whatever the adapter,
 * and is said so. @release is the kernel's ("" when unknown: no reason).
 */
static void explain_link_down(struct mg_stats *s, const char *release)
{
	unsigned int major, minor;

	if (has_link_down(s) || sscanf(release, "%u.%u", &major, &minor) != 2 || major > 6 ||
	    (major == 6 && minor >= 6))
		return;
	snprintf(s->link_down_unknown, sizeof(s->link_down_unknown),
		 "kernel %.40s does not report the link-down count (Linux 6.6 and later do, for PHYs they drive)",
		 release);
}

MG_EXPORT int mg_stats_read_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_stats **stats)
{
	struct state st = { 0 };
	struct mg_link link;
	struct mg_stats *s;
	int err;

	if (!ctx || !stats)
		return ctx ? mg_fail(ctx, -EINVAL, "mg_stats_read_for_nic: stats is NULL") : -EINVAL;
	*stats = NULL;
	mg_clear_error(ctx);
	if (mg_nic_need_interface(ctx, nic) < 0)
		return -ENODEV;
	/* The link again, not the look-up's: counters are worth what their moment is. */
	err = mg_gather_link(ctx, NULL, nic->ifindex, &link);
	if (err == -ENODEV)
		return mg_fail(ctx, err, "%s is gone", nic->name);
	if (err < 0)
		return ctx->error[0] ? err : mg_fail(ctx, err, "%s: %s", nic->name, strerror(-err));
	s = stats_new(link.name, nic->ifindex, &link.counters);
	if (!s)
		return -ENOMEM;
	st.one = s;
	err = request(ctx, false, nic->ifindex, s->ifname, &st);
	if (err == 0)
		err = request(ctx, true, nic->ifindex, s->ifname, &st);
	if (err < 0) {
		mg_stats_free(s);
		return ctx->error[0] ? err : mg_fail(ctx, err, "%s: reading counters: %s", nic->name, strerror(-err));
	}
	read_driver(ctx, s);
	if (!has_link_down(s)) {
		char release[64];

		mg_gather_kernel_release(ctx, release, sizeof(release));
		explain_link_down(s, release);
	}
	*stats = s;
	return 0;
}

/*
 * When every interface's Ethernet link was gathered (MG_NIC_WITH_ETHLINK),
 * its LINKSTATE reply already gave the link-down count: no second dump.
 */
static bool linkstate_from_ethlinks(struct mg_nic_list *list)
{
	size_t n = mg_nic_list_count(list);

	for (size_t i = 0; i < n; i++) {
		struct mg_nic *nic = mg_nic_list_get(list, i);

		if (nic->stats && !nic->ethlink)
			return false;
	}
	for (size_t i = 0; i < n; i++) {
		struct mg_nic *nic = mg_nic_list_get(list, i);

		if (nic->stats && nic->ethlink->has_down_events)
			mg_counters_put(&nic->stats->link, MG_STAT_LINK_DOWN_EVENTS, nic->ethlink->down_events);
	}
	return true;
}

/* The same for a list: the kernel's release read once, when a count is missing. */
static void explain_link_downs(struct mg_ctx *ctx, struct mg_nic_list *list)
{
	char release[64] = "";
	bool read = false;

	for (size_t i = 0; i < mg_nic_list_count(list); i++) {
		struct mg_nic *nic = mg_nic_list_get(list, i);

		if (!nic->stats || has_link_down(nic->stats))
			continue;
		if (!read)
			mg_gather_kernel_release(ctx, release, sizeof(release));
		read = true;
		explain_link_down(nic->stats, release);
	}
}

/* Every interface's counters: what its link said in the list's dump, then one or two dumps. */
int mg_stats_attach(struct mg_ctx *ctx, struct mg_nic_list *list)
{
	struct state st = { .list = list };
	size_t n = mg_nic_list_count(list);
	int err;

	for (size_t i = 0; i < n; i++) {
		struct mg_nic *nic = mg_nic_list_get(list, i);

		if (nic->name && nic->ifindex > 0 &&
		    !(nic->stats = stats_new(nic->name, nic->ifindex, &nic->counters)))
			return -ENOMEM;
	}
	err = request(ctx, false, 0, NULL, &st);
	if (err == 0 && !linkstate_from_ethlinks(list))
		err = request(ctx, true, 0, NULL, &st);
	/*
	 * No dump exists of the drivers' counters: three ioctls each. Hardware
	 * adapters get them; software interfaces (a host's thousands of veths)
	 * keep their kernel counters only, and a single read (or a scope of one
	 * adapter) gives them all.
	 */
	for (size_t i = 0; err == 0 && i < n; i++) {
		struct mg_nic *nic = mg_nic_list_get(list, i);

		if (nic->stats && (nic->bus != MG_BUS_VIRTUAL || mg_gather_scoped(ctx)))
			read_driver(ctx, nic->stats);
	}
	if (err == 0)
		explain_link_downs(ctx, list);
	return err;
}

MG_EXPORT void mg_stats_free(struct mg_stats *stats)
{
	if (!stats)
		return;
	mg_stats_clear(stats);
	free(stats);
}

MG_GETTER(const struct mg_stats *, mg_nic_get_stats, mg_nic, stats, NULL)

MG_EXPORT const char *mg_stat_name(enum mg_stat stat)
{
	return mg_stat_key((int)stat);
}

MG_EXPORT const char *mg_stats_group_name(enum mg_stats_group group)
{
	return (unsigned int)group < MG_STATS_GROUP_COUNT ? groups[group].name : NULL;
}

MG_EXPORT int mg_stats_get(const struct mg_stats *stats, enum mg_stat stat, uint64_t *value)
{
	if (!stats || !value || (unsigned int)stat >= MG_STAT_COUNT)
		return -EINVAL;
	if (!(stats->link.present & (1ULL << stat)))
		return -ENODATA;
	*value = stats->link.value[stat];
	return 0;
}

MG_EXPORT const char *mg_stats_get_unknown_reason(const struct mg_stats *stats, enum mg_stat stat)
{
	if (!stats || stat != MG_STAT_LINK_DOWN_EVENTS || !stats->link_down_unknown[0])
		return NULL;
	return stats->link_down_unknown;
}

MG_EXPORT int mg_stats_group_reported(const struct mg_stats *stats, enum mg_stats_group group)
{
	return stats && (unsigned int)group < MG_STATS_GROUP_COUNT && stats->groups &&
	       stats->groups->reported[group];
}

MG_EXPORT size_t mg_stats_group_size(enum mg_stats_group group)
{
	return (unsigned int)group < MG_STATS_GROUP_COUNT ? groups[group].size : 0;
}

MG_EXPORT const char *mg_stats_group_counter_name(enum mg_stats_group group, size_t index)
{
	return index < mg_stats_group_size(group) ? groups[group].counters[index] : NULL;
}

MG_EXPORT int mg_stats_group_get(const struct mg_stats *stats, enum mg_stats_group group, size_t index,
				 uint64_t *value)
{
	if (!stats || !value || index >= mg_stats_group_size(group))
		return -EINVAL;
	if (!stats->groups || !(stats->groups->present[group] & (1U << index)))
		return -ENODATA;
	*value = stats->groups->value[group][index];
	return 0;
}

MG_EXPORT size_t mg_stats_hist_count(const struct mg_stats *stats, int tx)
{
	return stats && stats->groups ? stats->groups->hist_count[tx ? 1 : 0] : 0;
}

MG_EXPORT int mg_stats_hist_get(const struct mg_stats *stats, int tx, size_t index, unsigned int *low,
				unsigned int *high, uint64_t *value)
{
	const struct mg_stats_bucket *b;

	if (!low || !high || !value || index >= mg_stats_hist_count(stats, tx))
		return -EINVAL;
	b = &stats->groups->hist[tx ? 1 : 0][index];
	*low = b->low;
	*high = b->high;
	*value = b->value;
	return 0;
}

MG_EXPORT int mg_stats_driver_count(const struct mg_stats *stats)
{
	return stats && stats->driver && stats->driver_count <= 0x7fffffff ? (int)stats->driver_count : MG_UNKNOWN;
}

MG_EXPORT const char *mg_stats_driver_name(const struct mg_stats *stats, size_t index)
{
	return stats && stats->driver && index < stats->driver_count ? stats->driver[index].name : NULL;
}

MG_EXPORT int mg_stats_driver_get(const struct mg_stats *stats, size_t index, uint64_t *value)
{
	if (!stats || !value || !stats->driver || index >= stats->driver_count)
		return -EINVAL;
	*value = stats->driver[index].value;
	return 0;
}
