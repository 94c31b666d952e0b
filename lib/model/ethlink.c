/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The Ethernet link over ethtool netlink: LINKINFO (port), LINKMODES
 * (speed, duplex, autoneg, lanes, modes), LINKSTATE (link, SQI, why it
 * is down) and WOL (the Wake-on-LAN modes supported and enabled; never
 * the SecureOn password). Link modes come as verbose bitsets so the
 * kernel names them.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>
#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "model/model.h"

void mg_ethlink_init(struct mg_ethlink *l)
{
	memset(l, 0, sizeof(*l));
	l->speed = l->autoneg = l->lanes = l->link = MG_UNKNOWN;
	l->sqi = l->sqi_max = l->ext_substate = MG_UNKNOWN;
	l->duplex = l->port = l->ext_state = -1;
	l->wol_supported = l->wol_enabled = MG_UNKNOWN;
}

static void free_modes(struct mg_ethlink *l)
{
	for (int w = 0; w < MG_MODES_COUNT; w++)
		mg_bits_clear(&l->modes[w]);
}

void mg_ethlink_clear(struct mg_ethlink *l)
{
	free_modes(l);
}

static int parse_linkinfo(const struct nlmsghdr *nlh, struct mg_ethlink *l)
{
	static const struct nla_policy policy[ETHTOOL_A_LINKINFO_MAX + 1] = {
		[ETHTOOL_A_LINKINFO_HEADER] = { .type = NLA_NESTED },
		[ETHTOOL_A_LINKINFO_PORT] = { .type = NLA_U8 },
	};
	struct nlattr *tb[ETHTOOL_A_LINKINFO_MAX + 1];

	if (mg_ethtool_parse_genl(nlh, ETHTOOL_MSG_LINKINFO_GET_REPLY, tb, ETHTOOL_A_LINKINFO_MAX, policy) < 0)
		return -EPROTO;
	mg_ethtool_parse_header(tb[ETHTOOL_A_LINKINFO_HEADER], &l->ifindex, l->ifname, sizeof(l->ifname));
	if (tb[ETHTOOL_A_LINKINFO_PORT])
		l->port = nla_get_u8(tb[ETHTOOL_A_LINKINFO_PORT]);
	return 0;
}

static int parse_linkmodes(const struct nlmsghdr *nlh, struct mg_ethlink *l)
{
	static const struct nla_policy policy[ETHTOOL_A_LINKMODES_MAX + 1] = {
		[ETHTOOL_A_LINKMODES_HEADER] = { .type = NLA_NESTED },
		[ETHTOOL_A_LINKMODES_AUTONEG] = { .type = NLA_U8 },
		[ETHTOOL_A_LINKMODES_OURS] = { .type = NLA_NESTED },
		[ETHTOOL_A_LINKMODES_PEER] = { .type = NLA_NESTED },
		[ETHTOOL_A_LINKMODES_SPEED] = { .type = NLA_U32 },
		[ETHTOOL_A_LINKMODES_DUPLEX] = { .type = NLA_U8 },
		[ETHTOOL_A_LINKMODES_LANES] = { .type = NLA_U32 },
	};
	struct nlattr *tb[ETHTOOL_A_LINKMODES_MAX + 1];
	int err;

	if (mg_ethtool_parse_genl(nlh, ETHTOOL_MSG_LINKMODES_GET_REPLY, tb, ETHTOOL_A_LINKMODES_MAX, policy) < 0)
		return -EPROTO;
	mg_ethtool_parse_header(tb[ETHTOOL_A_LINKMODES_HEADER], &l->ifindex, l->ifname, sizeof(l->ifname));
	if (tb[ETHTOOL_A_LINKMODES_AUTONEG])
		l->autoneg = nla_get_u8(tb[ETHTOOL_A_LINKMODES_AUTONEG]) ? 1 : 0;
	if (tb[ETHTOOL_A_LINKMODES_SPEED]) {
		uint32_t v = nla_get_u32(tb[ETHTOOL_A_LINKMODES_SPEED]);

		l->speed = (v == 0 || v > 0x7fffffff) ? MG_UNKNOWN : (int)v; /* SPEED_UNKNOWN is -1 */
	}
	if (tb[ETHTOOL_A_LINKMODES_DUPLEX])
		l->duplex = nla_get_u8(tb[ETHTOOL_A_LINKMODES_DUPLEX]);
	if (tb[ETHTOOL_A_LINKMODES_LANES])
		l->lanes = (int)nla_get_u32(tb[ETHTOOL_A_LINKMODES_LANES]);
	if (tb[ETHTOOL_A_LINKMODES_OURS] &&
	    (err = mg_bitset_parse(tb[ETHTOOL_A_LINKMODES_OURS], &l->modes[MG_MODES_SUPPORTED],
				   &l->modes[MG_MODES_ADVERTISED], NULL)) < 0)
		return err;
	if (tb[ETHTOOL_A_LINKMODES_PEER] &&
	    (err = mg_bitset_parse(tb[ETHTOOL_A_LINKMODES_PEER], NULL, &l->modes[MG_MODES_PARTNER], NULL)) < 0)
		return err;
	return 0;
}

static int parse_linkstate(const struct nlmsghdr *nlh, struct mg_ethlink *l)
{
	static const struct nla_policy policy[ETHTOOL_A_LINKSTATE_MAX + 1] = {
		[ETHTOOL_A_LINKSTATE_HEADER] = { .type = NLA_NESTED },
		[ETHTOOL_A_LINKSTATE_LINK] = { .type = NLA_U8 },
		[ETHTOOL_A_LINKSTATE_SQI] = { .type = NLA_U32 },
		[ETHTOOL_A_LINKSTATE_SQI_MAX] = { .type = NLA_U32 },
		[ETHTOOL_A_LINKSTATE_EXT_STATE] = { .type = NLA_U8 },
		[ETHTOOL_A_LINKSTATE_EXT_SUBSTATE] = { .type = NLA_U8 },
	};
	struct nlattr *tb[ETHTOOL_A_LINKSTATE_MAX + 1];
	struct mg_stats counts;

	if (mg_ethtool_parse_genl(nlh, ETHTOOL_MSG_LINKSTATE_GET_REPLY, tb, ETHTOOL_A_LINKSTATE_MAX, policy) < 0)
		return -EPROTO;
	mg_ethtool_parse_header(tb[ETHTOOL_A_LINKSTATE_HEADER], &l->ifindex, l->ifname, sizeof(l->ifname));
	if (tb[ETHTOOL_A_LINKSTATE_LINK])
		l->link = nla_get_u8(tb[ETHTOOL_A_LINKSTATE_LINK]) ? 1 : 0;
	if (tb[ETHTOOL_A_LINKSTATE_SQI])
		l->sqi = (int)nla_get_u32(tb[ETHTOOL_A_LINKSTATE_SQI]);
	if (tb[ETHTOOL_A_LINKSTATE_SQI_MAX])
		l->sqi_max = (int)nla_get_u32(tb[ETHTOOL_A_LINKSTATE_SQI_MAX]);
	if (tb[ETHTOOL_A_LINKSTATE_EXT_STATE])
		l->ext_state = nla_get_u8(tb[ETHTOOL_A_LINKSTATE_EXT_STATE]);
	if (tb[ETHTOOL_A_LINKSTATE_EXT_SUBSTATE])
		l->ext_substate = nla_get_u8(tb[ETHTOOL_A_LINKSTATE_EXT_SUBSTATE]);
	mg_stats_init(&counts);
	if (mg_stats_parse_linkstate(nlh, &counts) == 0 &&
	    (counts.link.present & (1ULL << MG_STAT_LINK_DOWN_EVENTS))) {
		l->down_events = counts.link.value[MG_STAT_LINK_DOWN_EVENTS];
		l->has_down_events = true;
	}
	mg_stats_clear(&counts);
	return 0;
}

/* ethtool's letter for each WAKE_* bit, the lowest first: "wol g" is WAKE_MAGIC. */
static const char wol_letters[MG_WOL_LETTERS + 1] = "pumbagsf";

_Static_assert(MG_WOL_LETTERS == WOL_MODE_COUNT, "a letter per Wake-on-LAN mode");

void mg_wol_text(unsigned int mask, char *buf, size_t size)
{
	size_t len = 0;

	for (int bit = 0; bit < MG_WOL_LETTERS && len + 1 < size; bit++)
		if (mask & (1u << bit))
			buf[len++] = wol_letters[bit];
	if (size)
		buf[len] = '\0';
}

int mg_wol_parse(const char *text, unsigned int *mask)
{
	*mask = 0;
	if (!text || !*text)
		return -EINVAL;
	if (!strcmp(text, "d") || !strcmp(text, "off"))
		return 0;
	for (const char *p = text; *p; p++) {
		const char *at = strchr(wol_letters, *p);

		if (!at)
			return -EINVAL;
		*mask |= 1u << (at - wol_letters);
	}
	return 0;
}

/* The bits of a parsed bitset as a mask: a WoL bit's index is its WAKE_* bit's. */
static int wol_mask(const struct mg_bits *b)
{
	int mask = 0;

	for (size_t i = 0; i < b->count; i++)
		if (b->index[i] >= 0 && b->index[i] < MG_WOL_LETTERS)
			mask |= 1 << b->index[i];
	return mask;
}

static void wol_conclude(struct mg_ethlink *l, int supported, int enabled)
{
	l->wol_supported = supported;
	l->wol_enabled = enabled;
	mg_wol_text((unsigned int)supported, l->wol_supported_text, sizeof(l->wol_supported_text));
	mg_wol_text((unsigned int)enabled, l->wol_enabled_text, sizeof(l->wol_enabled_text));
	l->wol_error[0] = '\0';
}

/* The SecureOn password the reply may carry is left where it is: nothing keeps or shows it. */
static int parse_wol(const struct nlmsghdr *nlh, struct mg_ethlink *l)
{
	static const struct nla_policy policy[ETHTOOL_A_WOL_MAX + 1] = {
		[ETHTOOL_A_WOL_HEADER] = { .type = NLA_NESTED },
		[ETHTOOL_A_WOL_MODES] = { .type = NLA_NESTED },
	};
	struct nlattr *tb[ETHTOOL_A_WOL_MAX + 1];
	struct mg_bits all = { 0 }, set = { 0 };
	int err;

	if (mg_ethtool_parse_genl(nlh, ETHTOOL_MSG_WOL_GET_REPLY, tb, ETHTOOL_A_WOL_MAX, policy) < 0)
		return -EPROTO;
	mg_ethtool_parse_header(tb[ETHTOOL_A_WOL_HEADER], &l->ifindex, l->ifname, sizeof(l->ifname));
	if (!tb[ETHTOOL_A_WOL_MODES])
		return 0;
	/* The mask is what the driver supports, the set bits what is enabled. */
	err = mg_bitset_parse(tb[ETHTOOL_A_WOL_MODES], &all, &set, NULL);
	if (err == 0)
		wol_conclude(l, wol_mask(&all), wol_mask(&set));
	mg_bits_clear(&all);
	mg_bits_clear(&set);
	return err;
}

/*
 * Wake-on-LAN unknown for a reason the kernel gave as @err: the driver has
 * none, or only CAP_NET_ADMIN may read it (the reply holds the SecureOn
 * password). false for another error, which is no reason of that kind.
 */
static bool wol_unknown(struct mg_ethlink *l, int err)
{
	const char *why = err == -EOPNOTSUPP		    ? "the driver does not support Wake-on-LAN"
			  : err == -EPERM || err == -EACCES ? "reading Wake-on-LAN needs CAP_NET_ADMIN"
							    : NULL;

	if (!why)
		return false;
	l->wol_supported = l->wol_enabled = MG_UNKNOWN;
	l->wol_supported_text[0] = l->wol_enabled_text[0] = '\0';
	mg_strlcpy(l->wol_error, why, sizeof(l->wol_error));
	return true;
}

static const struct {
	int get, header;
	int (*parse)(const struct nlmsghdr *, struct mg_ethlink *);
} kinds[] = {
	[MG_ETHLINK_INFO] = { ETHTOOL_MSG_LINKINFO_GET, ETHTOOL_A_LINKINFO_HEADER, parse_linkinfo },
	[MG_ETHLINK_MODES] = { ETHTOOL_MSG_LINKMODES_GET, ETHTOOL_A_LINKMODES_HEADER, parse_linkmodes },
	[MG_ETHLINK_STATE] = { ETHTOOL_MSG_LINKSTATE_GET, ETHTOOL_A_LINKSTATE_HEADER, parse_linkstate },
	[MG_ETHLINK_WOL] = { ETHTOOL_MSG_WOL_GET, ETHTOOL_A_WOL_HEADER, parse_wol },
};

_Static_assert(sizeof(kinds) / sizeof(kinds[0]) == MG_ETHLINK_KINDS, "one request per reply kind");
_Static_assert(MG_MODES_PARTNER + 1 == MG_MODES_COUNT, "one list of modes per enum mg_modes");

int mg_ethlink_parse_reply(const struct nlmsghdr *nlh, int kind, struct mg_ethlink *l)
{
	if (kind < 0 || kind >= MG_ETHLINK_KINDS)
		return -EINVAL;
	return kinds[kind].parse(nlh, l);
}

struct state {
	int kind;
	struct mg_ethlink *one;
	struct mg_ethlink_list *list;
};

/*
 * The entry for @ifindex, made when missing, kept sorted by index: dumps
 * come in index order, so a dump of many interfaces appends in constant time.
 */
static struct mg_ethlink *list_slot(struct mg_ethlink_list *list, const struct mg_ethlink *like)
{
	struct mg_ethlink *l, **grown;
	size_t lo = 0, hi = list->count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (list->items[mid]->ifindex == like->ifindex)
			return list->items[mid];
		if (list->items[mid]->ifindex < like->ifindex)
			lo = mid + 1;
		else
			hi = mid;
	}
	grown = mg_array_grow(list->items, &list->alloc, list->count, sizeof(*grown));
	if (!grown)
		return NULL;
	list->items = grown;
	l = malloc(sizeof(*l));
	if (!l)
		return NULL;
	mg_ethlink_init(l);
	l->ifindex = like->ifindex;
	mg_strlcpy(l->ifname, like->ifname, sizeof(l->ifname));
	memmove(&list->items[lo + 1], &list->items[lo], (list->count - lo) * sizeof(*list->items));
	list->items[lo] = l;
	list->count++;
	return l;
}

static int on_reply(const struct nlmsghdr *nlh, void *arg)
{
	struct state *st = arg;
	struct mg_ethlink scratch, *dst;

	if (st->one) {
		mg_ethlink_parse_reply(nlh, st->kind, st->one);
		return 0;
	}
	/* A dump: parse into a scratch object to learn the interface, then merge. */
	mg_ethlink_init(&scratch);
	if (mg_ethlink_parse_reply(nlh, st->kind, &scratch) < 0) {
		free_modes(&scratch);
		return 0;
	}
	dst = list_slot(st->list, &scratch);
	if (!dst) {
		free_modes(&scratch);
		return -ENOMEM;
	}
	mg_ethlink_merge(dst, &scratch, st->kind);
	return 0;
}

/* Move what one reply kind filled from @src into @dst. */
void mg_ethlink_merge(struct mg_ethlink *dst, struct mg_ethlink *src, int kind)
{
	if (kind == MG_ETHLINK_INFO) {
		dst->port = src->port;
	} else if (kind == MG_ETHLINK_MODES) {
		dst->autoneg = src->autoneg;
		dst->speed = src->speed;
		dst->duplex = src->duplex;
		dst->lanes = src->lanes;
		free_modes(dst);
		memcpy(dst->modes, src->modes, sizeof(dst->modes));
		memset(src->modes, 0, sizeof(src->modes));
	} else if (kind == MG_ETHLINK_WOL) {
		dst->wol_supported = src->wol_supported;
		dst->wol_enabled = src->wol_enabled;
		memcpy(dst->wol_supported_text, src->wol_supported_text, sizeof(dst->wol_supported_text));
		memcpy(dst->wol_enabled_text, src->wol_enabled_text, sizeof(dst->wol_enabled_text));
		memcpy(dst->wol_error, src->wol_error, sizeof(dst->wol_error));
	} else {
		dst->link = src->link;
		dst->sqi = src->sqi;
		dst->sqi_max = src->sqi_max;
		dst->ext_state = src->ext_state;
		dst->ext_substate = src->ext_substate;
		dst->down_events = src->down_events;
		dst->has_down_events = src->has_down_events;
	}
	free_modes(src);
}

/* By index, by name where the index is unknown (a bare tree), or neither: a dump. */
static int request(struct mg_ctx *ctx, int kind, int ifindex, const char *ifname, struct state *st)
{
	struct mg_ethtool_req req = { .cmd = kinds[kind].get, .ifindex = ifindex, .ifname = ifname };

	st->kind = kind;
	return mg_gather_ethtool(ctx, &req, on_reply, st);
}

struct mg_ethlink *mg_ethlink_new_unknown(const char *ifname, int ifindex)
{
	struct mg_ethlink *l = malloc(sizeof(*l));

	if (!l)
		return NULL;
	mg_ethlink_init(l);
	mg_strlcpy(l->ifname, ifname, sizeof(l->ifname));
	l->ifindex = ifindex;
	return l;
}

/* Every part of one interface's link; a part the driver lacks stays unknown. */
static int read_one(struct mg_ctx *ctx, const char *ifname, int ifindex, struct mg_ethlink **link)
{
	struct mg_ethlink *l = mg_ethlink_new_unknown(ifname, ifindex);
	struct state st = { .one = l };
	int err = 0;

	if (!l)
		return -ENOMEM;
	for (int k = 0; k < MG_ETHLINK_KINDS && err == 0; k++) {
		err = request(ctx, k, ifindex, ifname, &st);
		if (k == MG_ETHLINK_WOL && wol_unknown(l, err)) {
			mg_clear_error(ctx);
			err = 0;
		}
		if (err == -EOPNOTSUPP || err == MG_ENOTRECORDED)
			err = 0;
	}
	if (err < 0) {
		mg_ethlink_free(l);
		if (err == -ENODEV)
			return mg_fail(ctx, err, "no network interface named '%s'", ifname);
		return mg_fail(ctx, err, "%s: reading the link: %s%s%s", ifname, strerror(-err),
			       ctx->extack[0] ? ": " : "", ctx->extack);
	}
	*link = l;
	return 0;
}

/* One kind alone, by index: what an apply of advertised modes or Wake-on-LAN needs; -EOPNOTSUPP passed on. */
int mg_ethlink_read_kind(struct mg_ctx *ctx, int kind, int ifindex, const char *ifname, struct mg_ethlink **link)
{
	struct mg_ethlink *l = mg_ethlink_new_unknown(ifname ? ifname : "", ifindex);
	struct state st = { .one = l };
	int err;

	if (!l)
		return -ENOMEM;
	err = request(ctx, kind, ifindex, ifname, &st);
	if (err < 0) {
		mg_ethlink_free(l);
		return err;
	}
	*link = l;
	return 0;
}

MG_EXPORT int mg_ethlink_read(struct mg_ctx *ctx, const char *ifname, struct mg_ethlink **link)
{
	struct mg_link rl;
	int err;

	if (!ctx || !link)
		return -EINVAL;
	*link = NULL;
	mg_clear_error(ctx);
	if (!ifname || !mg_ifname_valid(ifname))
		return mg_fail(ctx, -EINVAL, "not a valid interface name");
	err = mg_gather_link_said(ctx, ifname, 0, &rl);
	if (err < 0)
		return err;
	return read_one(ctx, ifname, rl.ifindex, link);
}

MG_EXPORT int mg_ethlink_read_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_ethlink **link)
{
	if (!ctx || !link)
		return -EINVAL;
	*link = NULL;
	mg_clear_error(ctx);
	if (mg_nic_need_interface(ctx, nic) < 0)
		return -ENODEV;
	return read_one(ctx, nic->name, nic->ifindex, link);
}

MG_EXPORT void mg_ethlink_free(struct mg_ethlink *link)
{
	if (!link)
		return;
	free_modes(link);
	free(link);
}

/* After the dump: a device it left out has no Wake-on-LAN; with @err -EPERM, none could be read. */
static void mark_no_wol(struct mg_ethlink_list *list, int err)
{
	for (size_t i = 0; i < list->count; i++)
		if (err < 0 || list->items[i]->wol_supported == MG_UNKNOWN)
			wol_unknown(list->items[i], err < 0 ? err : -EOPNOTSUPP);
}

MG_EXPORT int mg_ethlink_list_read(struct mg_ctx *ctx, struct mg_ethlink_list **list)
{
	struct mg_ethlink_list *l;
	struct state st = { 0 };
	int err = 0;

	if (!ctx || !list)
		return -EINVAL;
	*list = NULL;
	mg_clear_error(ctx);
	l = calloc(1, sizeof(*l));
	if (!l)
		return -ENOMEM;
	st.list = l;
	for (int k = 0; k < MG_ETHLINK_KINDS && err == 0; k++) {
		err = request(ctx, k, 0, NULL, &st);
		/* The kernel's dump leaves out a device whose driver has no Wake-on-LAN. */
		if (k == MG_ETHLINK_WOL && (err == 0 || err == -EPERM || err == -EACCES))
			mark_no_wol(l, err);
		/* A capture taken before links (or Wake-on-LAN) were recorded has none. */
		if (err == MG_ENOTRECORDED)
			err = 0;
		/* One driver's error ends the kernel's dump: that part stays unknown. */
		if (err < 0 && err != -ENOMEM) {
			mg_info(ctx, "link dump %d failed: %s; that part stays unknown", k, strerror(-err));
			mg_clear_error(ctx);
			err = 0;
		}
	}
	if (err < 0) {
		mg_ethlink_list_free(l);
		return ctx->error[0] ? err : mg_fail(ctx, err, "link dump failed: %s", strerror(-err));
	}
	*list = l;
	return 0;
}

MG_EXPORT void mg_ethlink_list_free(struct mg_ethlink_list *list)
{
	if (!list)
		return;
	for (size_t i = 0; i < list->count; i++)
		mg_ethlink_free(list->items[i]);
	free(list->items);
	free(list);
}

MG_GETTER(size_t, mg_ethlink_list_count, mg_ethlink_list, count, 0)

MG_EXPORT const struct mg_ethlink *mg_ethlink_list_get(const struct mg_ethlink_list *list, size_t index)
{
	return list && index < list->count ? list->items[index] : NULL;
}

MG_GETTER(const char *, mg_ethlink_get_ifname, mg_ethlink, ifname, NULL)
MG_GETTER(int, mg_ethlink_get_speed_mbps, mg_ethlink, speed, MG_UNKNOWN)

MG_EXPORT const char *mg_ethlink_get_duplex(const struct mg_ethlink *l)
{
	if (!l)
		return NULL;
	return l->duplex == DUPLEX_FULL ? "full" : l->duplex == DUPLEX_HALF ? "half" : NULL;
}

MG_GETTER(int, mg_ethlink_get_autoneg, mg_ethlink, autoneg, MG_UNKNOWN)

MG_EXPORT const char *mg_ethlink_get_port(const struct mg_ethlink *l)
{
	if (!l)
		return NULL;
	switch (l->port) {
	case PORT_TP: return "tp";
	case PORT_AUI: return "aui";
	case PORT_MII: return "mii";
	case PORT_FIBRE: return "fibre";
	case PORT_BNC: return "bnc";
	case PORT_DA: return "da";
	case PORT_NONE: return "none";
	case PORT_OTHER: return "other";
	}
	return NULL;
}

MG_GETTER(int, mg_ethlink_get_lanes, mg_ethlink, lanes, MG_UNKNOWN)

MG_EXPORT size_t mg_ethlink_get_mode_count(const struct mg_ethlink *l, enum mg_modes which)
{
	return l && (unsigned int)which < MG_MODES_COUNT ? l->modes[which].count : 0;
}

MG_EXPORT const char *mg_ethlink_get_mode(const struct mg_ethlink *l, enum mg_modes which, size_t index)
{
	if (!l || (unsigned int)which >= MG_MODES_COUNT || index >= l->modes[which].count)
		return NULL;
	return l->modes[which].names[index];
}

MG_GETTER(int, mg_ethlink_get_link, mg_ethlink, link, MG_UNKNOWN)
MG_GETTER(int, mg_ethlink_get_sqi, mg_ethlink, sqi, MG_UNKNOWN)
MG_GETTER(int, mg_ethlink_get_sqi_max, mg_ethlink, sqi_max, MG_UNKNOWN)

MG_EXPORT const char *mg_ethlink_get_ext_state(const struct mg_ethlink *l)
{
	static const char *const names[] = {
		"autoneg", "link_training_failure", "link_logical_mismatch", "bad_signal_integrity",
		"no_cable", "cable_issue", "eeprom_issue", "calibration_failure",
		"power_budget_exceeded", "overheat", "module",
	};

	_Static_assert(sizeof(names) / sizeof(names[0]) == ETHTOOL_LINK_EXT_STATE_MODULE + 1,
		       "a name per ETHTOOL_LINK_EXT_STATE_* up to MODULE");

	if (!l || l->ext_state < 0 || l->ext_state >= (int)(sizeof(names) / sizeof(names[0])))
		return NULL;
	return names[l->ext_state];
}

MG_GETTER(int, mg_ethlink_get_ext_substate, mg_ethlink, ext_substate, MG_UNKNOWN)

MG_EXPORT const char *mg_ethlink_get_best_common_mode(const struct mg_ethlink *l)
{
	if (!l || !l->modes[MG_MODES_PARTNER].count)
		return NULL;
	return mg_modes_best_common(l->modes[MG_MODES_SUPPORTED].names, l->modes[MG_MODES_SUPPORTED].count,
				    l->modes[MG_MODES_PARTNER].names, l->modes[MG_MODES_PARTNER].count);
}

MG_EXPORT size_t mg_ethlink_get_not_advertised_count(const struct mg_ethlink *l)
{
	size_t n = 0;

	if (l)
		mg_modes_missing(l->modes[MG_MODES_SUPPORTED].names, l->modes[MG_MODES_SUPPORTED].count,
				 l->modes[MG_MODES_ADVERTISED].names, l->modes[MG_MODES_ADVERTISED].count, 0, &n);
	return n;
}

MG_EXPORT const char *mg_ethlink_get_not_advertised(const struct mg_ethlink *l, size_t index)
{
	if (!l)
		return NULL;
	return mg_modes_missing(l->modes[MG_MODES_SUPPORTED].names, l->modes[MG_MODES_SUPPORTED].count,
				l->modes[MG_MODES_ADVERTISED].names, l->modes[MG_MODES_ADVERTISED].count, index, NULL);
}

/* NULL when unknown: not read, or the driver has no Wake-on-LAN (mg_ethlink_get_wol_error()). */
MG_EXPORT const char *mg_ethlink_get_wol_supported(const struct mg_ethlink *l)
{
	return l && l->wol_supported != MG_UNKNOWN ? l->wol_supported_text : NULL;
}

MG_EXPORT const char *mg_ethlink_get_wol_enabled(const struct mg_ethlink *l)
{
	return l && l->wol_enabled != MG_UNKNOWN ? l->wol_enabled_text : NULL;
}

MG_EXPORT const char *mg_ethlink_get_wol_error(const struct mg_ethlink *l)
{
	return l && l->wol_error[0] ? l->wol_error : NULL;
}
