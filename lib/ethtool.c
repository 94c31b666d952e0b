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

#include "gather.h"
#include "mg-settings.h"

struct group_msgs {
	int get, set, reply, header, maxattr;
};

static const struct group_msgs msgs[MG_GROUP_COUNT] = {
	[MG_GROUP_RINGS] = { ETHTOOL_MSG_RINGS_GET, ETHTOOL_MSG_RINGS_SET, ETHTOOL_MSG_RINGS_GET_REPLY,
			     ETHTOOL_A_RINGS_HEADER, ETHTOOL_A_RINGS_MAX },
	[MG_GROUP_CHANNELS] = { ETHTOOL_MSG_CHANNELS_GET, ETHTOOL_MSG_CHANNELS_SET,
				ETHTOOL_MSG_CHANNELS_GET_REPLY, ETHTOOL_A_CHANNELS_HEADER,
				ETHTOOL_A_CHANNELS_MAX },
	[MG_GROUP_COALESCE] = { ETHTOOL_MSG_COALESCE_GET, ETHTOOL_MSG_COALESCE_SET,
				ETHTOOL_MSG_COALESCE_GET_REPLY, ETHTOOL_A_COALESCE_HEADER,
				ETHTOOL_A_COALESCE_MAX },
	[MG_GROUP_PAUSE] = { ETHTOOL_MSG_PAUSE_GET, ETHTOOL_MSG_PAUSE_SET, ETHTOOL_MSG_PAUSE_GET_REPLY,
			     ETHTOOL_A_PAUSE_HEADER, ETHTOOL_A_PAUSE_MAX },
};

#define MAX_ATTR 32 /* above every group's maxattr in this uapi */

int mg_ethtool_open(struct mg_ctx *ctx)
{
	int err;

	if (ctx->genl)
		return 0;
	if (ctx->offline)
		return mg_fail(ctx, -EOPNOTSUPP, "a captured tree has no ethtool settings");
	ctx->genl = nl_socket_alloc();
	if (!ctx->genl)
		return -ENOMEM;
	err = genl_connect(ctx->genl);
	if (err == 0)
		err = genl_ctrl_resolve(ctx->genl, ETHTOOL_GENL_NAME);
	if (err < 0) {
		nl_socket_free(ctx->genl);
		ctx->genl = NULL;
		return mg_fail(ctx, mg_nlerr_to_errno(err),
			       "the kernel has no ethtool netlink family (CONFIG_ETHTOOL_NETLINK)");
	}
	ctx->ethtool_family = err;
	ctx->requests++;
	nl_socket_set_msg_buf_size(ctx->genl, 32768);
	nl_socket_set_buffer_size(ctx->genl, 1 << 20, 0);
	mg_nl_enable_extack(ctx->genl);
	return 0;
}

void mg_ethtool_close(struct mg_ctx *ctx)
{
	if (!ctx->genl)
		return;
	nl_close(ctx->genl);
	nl_socket_free(ctx->genl);
	ctx->genl = NULL;
}

/* A request with its header nest: a device name, or none for a dump. */
static struct nl_msg *new_request(struct mg_ctx *ctx, int cmd, int header, const char *ifname, int flags)
{
	struct nl_msg *msg = nlmsg_alloc();
	struct nlattr *nest;

	if (!msg)
		return NULL;
	if (!genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, ctx->ethtool_family, 0, flags, (uint8_t)cmd,
			 ETHTOOL_GENL_VERSION))
		goto fail;
	nest = nla_nest_start(msg, header);
	if (!nest || (ifname && nla_put_string(msg, ETHTOOL_A_HEADER_DEV_NAME, ifname) < 0))
		goto fail;
	nla_nest_end(msg, nest);
	return msg;
fail:
	nlmsg_free(msg);
	return NULL;
}

/* The header nest every reply carries: which interface it is about. */
void mg_ethtool_parse_header(struct nlattr *nest, int *ifindex, char *ifname, size_t size)
{
	struct nlattr *tb[ETHTOOL_A_HEADER_MAX + 1];
	struct nla_policy policy[ETHTOOL_A_HEADER_MAX + 1];

	memset(policy, 0, sizeof(policy));
	policy[ETHTOOL_A_HEADER_DEV_INDEX].type = NLA_U32;
	policy[ETHTOOL_A_HEADER_DEV_NAME].type = NLA_STRING;
	if (!nest || nla_parse_nested(tb, ETHTOOL_A_HEADER_MAX, nest, policy) < 0)
		return;
	if (tb[ETHTOOL_A_HEADER_DEV_INDEX])
		*ifindex = (int)nla_get_u32(tb[ETHTOOL_A_HEADER_DEV_INDEX]);
	if (tb[ETHTOOL_A_HEADER_DEV_NAME])
		mg_strlcpy(ifname, nla_get_string(tb[ETHTOOL_A_HEADER_DEV_NAME]), size);
}

int mg_ethtool_parse_reply(const struct nlmsghdr *nlh, enum mg_param_group group,
			   struct mg_settings *s, int *ifindex, char *ifname, size_t size)
{
	const struct group_msgs *g = &msgs[group];
	struct nlattr *tb[MAX_ATTR + 1];
	struct nla_policy policy[MAX_ATTR + 1];
	const struct genlmsghdr *gnlh;

	if (group <= MG_GROUP_MTU || group >= MG_GROUP_COUNT)
		return -EINVAL;
	if (nlh->nlmsg_len < NLMSG_HDRLEN + GENL_HDRLEN)
		return -EPROTO;
	gnlh = nlmsg_data(nlh);
	if (gnlh->cmd != g->reply)
		return -EPROTO;
	memset(policy, 0, sizeof(policy));
	policy[g->header].type = NLA_NESTED;
	for (int p = 0; p < MG_PARAM_COUNT; p++) {
		const struct mg_param_info *pi = mg_param_info((enum mg_param)p);

		if (pi->group != group)
			continue;
		policy[pi->attr].type = pi->is_u8 ? NLA_U8 : NLA_U32;
		if (pi->max_attr)
			policy[pi->max_attr].type = NLA_U32;
	}
	if (genlmsg_parse((struct nlmsghdr *)nlh, 0, tb, g->maxattr, policy) < 0)
		return -EPROTO;
	mg_ethtool_parse_header(tb[g->header], ifindex, ifname, size);
	for (int p = 0; p < MG_PARAM_COUNT; p++) {
		const struct mg_param_info *pi = mg_param_info((enum mg_param)p);

		if (pi->group != group)
			continue;
		if (tb[pi->attr])
			mg_settings_put(s, (enum mg_param)p,
					pi->is_u8 ? nla_get_u8(tb[pi->attr]) : nla_get_u32(tb[pi->attr]));
		if (pi->max_attr && tb[pi->max_attr])
			mg_settings_put_max(s, (enum mg_param)p, nla_get_u32(tb[pi->max_attr]));
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
		if (mg_settings_has(src, (enum mg_param)p))
			mg_settings_put(dst, (enum mg_param)p, src->value[p]);
		if (src->has_max & (1ULL << p))
			mg_settings_put_max(dst, (enum mg_param)p, src->max[p]);
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

int mg_ethtool_read_group(struct mg_ctx *ctx, int ifindex, enum mg_param_group group, struct mg_settings *s)
{
	struct reply_state st = { .group = group, .one = s };
	struct mg_ethtool_req req = { .cmd = msgs[group].get, .ifindex = ifindex };

	return mg_gather_ethtool(ctx, &req, on_reply, &st);
}

int mg_ethtool_dump_group(struct mg_ctx *ctx, enum mg_param_group group, struct mg_settings_list *list)
{
	struct reply_state st = { .group = group, .list = list };
	struct mg_ethtool_req req = { .cmd = msgs[group].get };

	return mg_gather_ethtool(ctx, &req, on_reply, &st);
}

/* Send the parameters of @group that @mask selects, with their @values. */
int mg_ethtool_set_group(struct mg_ctx *ctx, const char *ifname, enum mg_param_group group,
			 const struct mg_settings *values, unsigned long long mask)
{
	struct nl_msg *msg;
	int err = mg_ethtool_open(ctx);

	if (err < 0)
		return err;
	msg = new_request(ctx, msgs[group].set, msgs[group].header, ifname, NLM_F_REQUEST);
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
	msg = nlmsg_alloc_simple(RTM_SETLINK, NLM_F_REQUEST);
	if (!msg || nlmsg_append(msg, &ifi, sizeof(ifi), NLMSG_ALIGNTO) < 0 ||
	    nla_put_u32(msg, IFLA_MTU, (uint32_t)mtu) < 0) {
		nlmsg_free(msg);
		return -ENOMEM;
	}
	return mg_nl_transact(ctx, ctx->rtnl, msg, NULL, NULL);
}
