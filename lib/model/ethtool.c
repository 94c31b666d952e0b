/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The ethtool generic netlink family: rings, channels, coalesce and pause,
 * read for one interface or dumped for all, and set. The family is
 * resolved once per context; every request carries the header nest.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <linux/ethtool_netlink.h>
#include <linux/rtnetlink.h>
#include <netlink/attr.h>
#include <netlink/genl/ctrl.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>
#include <netlink/netlink.h>
#include <netlink/socket.h>

#include "model/model.h"

/* What the kernel sends back per group: only the attributes read here are typed. */
static const struct nla_policy rings_policy[ETHTOOL_A_RINGS_MAX + 1] = {
	[ETHTOOL_A_RINGS_HEADER] = { .type = NLA_NESTED },
	[ETHTOOL_A_RINGS_RX_MAX] = { .type = NLA_U32 },
	[ETHTOOL_A_RINGS_RX_MINI_MAX] = { .type = NLA_U32 },
	[ETHTOOL_A_RINGS_RX_JUMBO_MAX] = { .type = NLA_U32 },
	[ETHTOOL_A_RINGS_TX_MAX] = { .type = NLA_U32 },
	[ETHTOOL_A_RINGS_RX] = { .type = NLA_U32 },
	[ETHTOOL_A_RINGS_RX_MINI] = { .type = NLA_U32 },
	[ETHTOOL_A_RINGS_RX_JUMBO] = { .type = NLA_U32 },
	[ETHTOOL_A_RINGS_TX] = { .type = NLA_U32 },
	[ETHTOOL_A_RINGS_RX_BUF_LEN] = { .type = NLA_U32 },
	[ETHTOOL_A_RINGS_TCP_DATA_SPLIT] = { .type = NLA_U8 },
	[ETHTOOL_A_RINGS_CQE_SIZE] = { .type = NLA_U32 },
	[ETHTOOL_A_RINGS_TX_PUSH] = { .type = NLA_U8 },
};

static const struct nla_policy channels_policy[ETHTOOL_A_CHANNELS_MAX + 1] = {
	[ETHTOOL_A_CHANNELS_HEADER] = { .type = NLA_NESTED },
	[ETHTOOL_A_CHANNELS_RX_MAX] = { .type = NLA_U32 },
	[ETHTOOL_A_CHANNELS_TX_MAX] = { .type = NLA_U32 },
	[ETHTOOL_A_CHANNELS_OTHER_MAX] = { .type = NLA_U32 },
	[ETHTOOL_A_CHANNELS_COMBINED_MAX] = { .type = NLA_U32 },
	[ETHTOOL_A_CHANNELS_RX_COUNT] = { .type = NLA_U32 },
	[ETHTOOL_A_CHANNELS_TX_COUNT] = { .type = NLA_U32 },
	[ETHTOOL_A_CHANNELS_OTHER_COUNT] = { .type = NLA_U32 },
	[ETHTOOL_A_CHANNELS_COMBINED_COUNT] = { .type = NLA_U32 },
};

static const struct nla_policy coalesce_policy[ETHTOOL_A_COALESCE_MAX + 1] = {
	[ETHTOOL_A_COALESCE_HEADER] = { .type = NLA_NESTED },
	[ETHTOOL_A_COALESCE_RX_USECS] = { .type = NLA_U32 },
	[ETHTOOL_A_COALESCE_RX_MAX_FRAMES] = { .type = NLA_U32 },
	[ETHTOOL_A_COALESCE_RX_USECS_IRQ] = { .type = NLA_U32 },
	[ETHTOOL_A_COALESCE_RX_MAX_FRAMES_IRQ] = { .type = NLA_U32 },
	[ETHTOOL_A_COALESCE_TX_USECS] = { .type = NLA_U32 },
	[ETHTOOL_A_COALESCE_TX_MAX_FRAMES] = { .type = NLA_U32 },
	[ETHTOOL_A_COALESCE_TX_USECS_IRQ] = { .type = NLA_U32 },
	[ETHTOOL_A_COALESCE_TX_MAX_FRAMES_IRQ] = { .type = NLA_U32 },
	[ETHTOOL_A_COALESCE_STATS_BLOCK_USECS] = { .type = NLA_U32 },
	[ETHTOOL_A_COALESCE_USE_ADAPTIVE_RX] = { .type = NLA_U8 },
	[ETHTOOL_A_COALESCE_USE_ADAPTIVE_TX] = { .type = NLA_U8 },
	[ETHTOOL_A_COALESCE_PKT_RATE_LOW] = { .type = NLA_U32 },
	[ETHTOOL_A_COALESCE_RX_USECS_LOW] = { .type = NLA_U32 },
	[ETHTOOL_A_COALESCE_RX_MAX_FRAMES_LOW] = { .type = NLA_U32 },
	[ETHTOOL_A_COALESCE_TX_USECS_LOW] = { .type = NLA_U32 },
	[ETHTOOL_A_COALESCE_TX_MAX_FRAMES_LOW] = { .type = NLA_U32 },
	[ETHTOOL_A_COALESCE_PKT_RATE_HIGH] = { .type = NLA_U32 },
	[ETHTOOL_A_COALESCE_RX_USECS_HIGH] = { .type = NLA_U32 },
	[ETHTOOL_A_COALESCE_RX_MAX_FRAMES_HIGH] = { .type = NLA_U32 },
	[ETHTOOL_A_COALESCE_TX_USECS_HIGH] = { .type = NLA_U32 },
	[ETHTOOL_A_COALESCE_TX_MAX_FRAMES_HIGH] = { .type = NLA_U32 },
	[ETHTOOL_A_COALESCE_RATE_SAMPLE_INTERVAL] = { .type = NLA_U32 },
	[ETHTOOL_A_COALESCE_USE_CQE_MODE_TX] = { .type = NLA_U8 },
	[ETHTOOL_A_COALESCE_USE_CQE_MODE_RX] = { .type = NLA_U8 },
};

static const struct nla_policy pause_policy[ETHTOOL_A_PAUSE_MAX + 1] = {
	[ETHTOOL_A_PAUSE_HEADER] = { .type = NLA_NESTED },
	[ETHTOOL_A_PAUSE_AUTONEG] = { .type = NLA_U8 },
	[ETHTOOL_A_PAUSE_RX] = { .type = NLA_U8 },
	[ETHTOOL_A_PAUSE_TX] = { .type = NLA_U8 },
};

struct group_msgs {
	int get, set, reply, header, maxattr;
	const struct nla_policy *policy; /* maxattr + 1 entries */
};

_Static_assert(MG_GROUP_PAUSE + 1 == MG_GROUP_COUNT, "one ethtool message set per group after MTU");

static const struct group_msgs msgs[MG_GROUP_COUNT] = {
	[MG_GROUP_RINGS] = { ETHTOOL_MSG_RINGS_GET, ETHTOOL_MSG_RINGS_SET, ETHTOOL_MSG_RINGS_GET_REPLY,
			     ETHTOOL_A_RINGS_HEADER, ETHTOOL_A_RINGS_MAX, rings_policy },
	[MG_GROUP_CHANNELS] = { ETHTOOL_MSG_CHANNELS_GET, ETHTOOL_MSG_CHANNELS_SET,
				ETHTOOL_MSG_CHANNELS_GET_REPLY, ETHTOOL_A_CHANNELS_HEADER,
				ETHTOOL_A_CHANNELS_MAX, channels_policy },
	[MG_GROUP_COALESCE] = { ETHTOOL_MSG_COALESCE_GET, ETHTOOL_MSG_COALESCE_SET,
				ETHTOOL_MSG_COALESCE_GET_REPLY, ETHTOOL_A_COALESCE_HEADER,
				ETHTOOL_A_COALESCE_MAX, coalesce_policy },
	[MG_GROUP_PAUSE] = { ETHTOOL_MSG_PAUSE_GET, ETHTOOL_MSG_PAUSE_SET, ETHTOOL_MSG_PAUSE_GET_REPLY,
			     ETHTOOL_A_PAUSE_HEADER, ETHTOOL_A_PAUSE_MAX, pause_policy },
};

/* The attribute table of a reply holds the largest group's (uapi enums: compared as int). */
#define MAX2(a, b) ((int)(a) > (int)(b) ? (int)(a) : (int)(b))
#define GROUP_ATTR_MAX MAX2(MAX2(ETHTOOL_A_RINGS_MAX, ETHTOOL_A_CHANNELS_MAX), \
			    MAX2(ETHTOOL_A_COALESCE_MAX, ETHTOOL_A_PAUSE_MAX))

/*
 * A request with its header nest: a device index, or none for a dump. By
 * index, never by name: a rename between two requests of one apply must
 * not send the second to another interface.
 */
struct nl_msg *mg_ethtool_request(struct mg_ctx *ctx, int cmd, int header, int ifindex, int flags)
{
	struct nl_msg *msg = nlmsg_alloc();
	struct nlattr *nest;

	if (!msg)
		return NULL;
	if (!genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, ctx->ethtool_family, 0, flags, (uint8_t)cmd,
			 ETHTOOL_GENL_VERSION))
		goto fail;
	nest = nla_nest_start(msg, header);
	if (!nest || (ifindex > 0 && nla_put_u32(msg, ETHTOOL_A_HEADER_DEV_INDEX, (uint32_t)ifindex) < 0))
		goto fail;
	nla_nest_end(msg, nest);
	return msg;
fail:
	nlmsg_free(msg);
	return NULL;
}


int mg_ethtool_attr_type(enum mg_param_group group, int attr)
{
	if (group <= MG_GROUP_MTU || group >= MG_GROUP_COUNT || attr <= 0 || attr > msgs[group].maxattr)
		return -EINVAL;
	return msgs[group].policy[attr].type;
}

/*
 * One value of a parsed reply, read as wide as its policy entry, which is
 * what libnl checked the length against. False when absent or untyped.
 */
static bool get_value(const struct group_msgs *g, struct nlattr **tb, int attr, long long *v)
{
	if (attr <= 0 || attr > g->maxattr || !tb[attr])
		return false;
	switch (g->policy[attr].type) {
	case NLA_U8:
		*v = nla_get_u8(tb[attr]);
		return true;
	case NLA_U32:
		*v = nla_get_u32(tb[attr]);
		return true;
	default:
		return false;
	}
}

int mg_ethtool_parse_reply(const struct nlmsghdr *nlh, enum mg_param_group group,
			   struct mg_settings *s, int *ifindex, char *ifname, size_t size)
{
	const struct group_msgs *g;
	struct nlattr *tb[GROUP_ATTR_MAX + 1];
	const struct genlmsghdr *gnlh;

	if (group <= MG_GROUP_MTU || group >= MG_GROUP_COUNT)
		return -EINVAL;
	g = &msgs[group];
	if (nlh->nlmsg_len < NLMSG_HDRLEN + GENL_HDRLEN)
		return -EPROTO;
	gnlh = nlmsg_data(nlh);
	if (gnlh->cmd != g->reply)
		return -EPROTO;
	if (genlmsg_parse((struct nlmsghdr *)nlh, 0, tb, g->maxattr, g->policy) < 0)
		return -EPROTO;
	mg_ethtool_parse_header(tb[g->header], ifindex, ifname, size);
	for (int p = 0; p < MG_PARAM_COUNT; p++) {
		const struct mg_param_info *pi = mg_param_info((enum mg_param)p);
		long long v;

		if (pi->group != group)
			continue;
		if (get_value(g, tb, pi->attr, &v))
			mg_settings_put(s, (enum mg_param)p, v);
		if (pi->max_attr && get_value(g, tb, pi->max_attr, &v))
			mg_settings_put_max(s, (enum mg_param)p, v);
	}
	s->group_read[group] = true;
	return 0;
}

struct reply_state {
	enum mg_param_group group;
	struct mg_settings *one;	/* single interface */
	struct mg_settings_list *list;	/* dump */
};

static void merge(struct mg_settings *dst, const struct mg_settings *src, enum mg_param_group group)
{
	for (int p = 0; p < MG_PARAM_COUNT; p++) {
		long long max;

		if (mg_settings_has(src, (enum mg_param)p))
			mg_settings_put(dst, (enum mg_param)p, src->value[p]);
		if (mg_settings_get_max(src, (enum mg_param)p, &max) == 0)
			mg_settings_put_max(dst, (enum mg_param)p, max);
	}
	dst->group_read[group] = true;
}

static int on_reply(const struct nlmsghdr *nlh, void *arg)
{
	struct reply_state *st = arg;
	struct mg_settings scratch, *s = st->one, *dst;
	char ifname[IFNAMSIZ] = "";
	int ifindex = 0;

	if (!s) {
		mg_settings_init(&scratch);
		s = &scratch;
	}
	if (mg_ethtool_parse_reply(nlh, st->group, s, &ifindex, ifname, sizeof(ifname)) < 0)
		return 0;
	if (!st->list)
		return 0;
	dst = mg_settings_list_find(st->list, ifindex, ifname);
	if (!dst)
		return -ENOMEM;
	merge(dst, s, st->group);
	return 0;
}

/* One interface: by index, or by name where the index is unknown (a bare tree). */
int mg_ethtool_read_group(struct mg_ctx *ctx, int ifindex, const char *ifname, enum mg_param_group group,
			  struct mg_settings *s)
{
	struct reply_state st = { .group = group, .one = s };
	struct mg_ethtool_req req = { .cmd = msgs[group].get, .ifindex = ifindex, .ifname = ifname };

	return mg_gather_ethtool(ctx, &req, on_reply, &st);
}

int mg_ethtool_dump_group(struct mg_ctx *ctx, enum mg_param_group group, struct mg_settings_list *list)
{
	struct reply_state st = { .group = group, .list = list };
	struct mg_ethtool_req req = { .cmd = msgs[group].get };

	return mg_gather_ethtool(ctx, &req, on_reply, &st);
}

/* Send the parameters of @group that @mask selects, with their @values. */
int mg_ethtool_set_group(struct mg_ctx *ctx, int ifindex, enum mg_param_group group,
			 const struct mg_settings *values, unsigned long long mask)
{
	struct nl_msg *msg;
	int err = mg_ethtool_open(ctx);

	if (err < 0)
		return err;
	if (ifindex <= 0)
		return -ENODEV;
	msg = mg_ethtool_request(ctx, msgs[group].set, msgs[group].header, ifindex, NLM_F_REQUEST);
	if (!msg)
		return -ENOMEM;
	for (int p = 0; p < MG_PARAM_COUNT; p++) {
		const struct mg_param_info *pi = mg_param_info((enum mg_param)p);
		long long v = values->value[p];

		if (pi->group != group || !(mask & (1ULL << p)))
			continue;
		err = pi->is_u8 ? nla_put_u8(msg, pi->attr, (uint8_t)v) : nla_put_u32(msg, pi->attr, (uint32_t)v);
		if (err < 0) {
			nlmsg_free(msg);
			return -ENOMEM;
		}
	}
	return mg_nl_transact(ctx, ctx->genl, msg, NULL, NULL);
}

int mg_rtnl_set_mtu(struct mg_ctx *ctx, int ifindex, int mtu)
{
	struct ifinfomsg ifi = { .ifi_family = AF_UNSPEC, .ifi_index = ifindex };
	struct nl_msg *msg;
	int err = mg_rtnl_open(ctx);

	if (err < 0)
		return err;
	/* Index 0 would make the kernel look for IFLA_IFNAME, which is not sent. */
	if (ifindex <= 0)
		return -ENODEV;
	msg = nlmsg_alloc_simple(RTM_SETLINK, NLM_F_REQUEST);
	if (!msg || nlmsg_append(msg, &ifi, sizeof(ifi), NLMSG_ALIGNTO) < 0 ||
	    nla_put_u32(msg, IFLA_MTU, (uint32_t)mtu) < 0) {
		nlmsg_free(msg);
		return -ENOMEM;
	}
	return mg_nl_transact(ctx, ctx->rtnl, msg, NULL, NULL);
}
