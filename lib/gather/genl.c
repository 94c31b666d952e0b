/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The ethtool generic netlink family as a transport: its socket, resolved
 * once per context, and the header nest every message carries.
 */
#include <errno.h>
#include <string.h>

#include <linux/ethtool_netlink.h>
#include <linux/nl80211.h>
#include <netlink/attr.h>
#include <netlink/genl/ctrl.h>
#include <netlink/genl/genl.h>
#include <netlink/netlink.h>
#include <netlink/socket.h>

#include "gather/gather.h"

int mg_ethtool_open(struct mg_ctx *ctx)
{
	int err;

	if (ctx->genl)
		return 0;
	if (ctx->offline)
		return mg_fail(ctx, -EOPNOTSUPP, "a captured tree cannot be changed or tested: this needs the live machine");
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

/* A reply of command @cmd, its attributes parsed into @tb; -EPROTO for anything else. */
int mg_ethtool_parse_genl(const struct nlmsghdr *nlh, int cmd, struct nlattr **tb, int maxattr,
			  const struct nla_policy *policy)
{
	if (nlh->nlmsg_len < NLMSG_HDRLEN + GENL_HDRLEN || ((const struct genlmsghdr *)nlmsg_data(nlh))->cmd != cmd)
		return -EPROTO;
	return genlmsg_parse((struct nlmsghdr *)nlh, 0, tb, maxattr, policy) < 0 ? -EPROTO : 0;
}

/* The header nest every reply carries: which interface it is about. */
void mg_ethtool_parse_header(struct nlattr *nest, int *ifindex, char *ifname, size_t size)
{
	static const struct nla_policy policy[ETHTOOL_A_HEADER_MAX + 1] = {
		[ETHTOOL_A_HEADER_DEV_INDEX] = { .type = NLA_U32 },
		[ETHTOOL_A_HEADER_DEV_NAME] = { .type = NLA_STRING },
	};
	struct nlattr *tb[ETHTOOL_A_HEADER_MAX + 1];

	if (!nest || nla_parse_nested(tb, ETHTOOL_A_HEADER_MAX, nest, policy) < 0)
		return;
	if (tb[ETHTOOL_A_HEADER_DEV_INDEX])
		*ifindex = (int)nla_get_u32(tb[ETHTOOL_A_HEADER_DEV_INDEX]);
	if (tb[ETHTOOL_A_HEADER_DEV_NAME])
		mg_strlcpy(ifname, nla_get_string(tb[ETHTOOL_A_HEADER_DEV_NAME]), size);
}

/* The nl80211 family: its own socket, so a machine without Wi-Fi never opens it. */
int mg_nl80211_open(struct mg_ctx *ctx)
{
	int err;

	if (ctx->nl80211)
		return 0;
	if (ctx->offline)
		return mg_fail(ctx, -EOPNOTSUPP, "a captured tree has no nl80211 socket");
	ctx->nl80211 = nl_socket_alloc();
	if (!ctx->nl80211)
		return -ENOMEM;
	err = genl_connect(ctx->nl80211);
	if (err == 0)
		err = genl_ctrl_resolve(ctx->nl80211, NL80211_GENL_NAME);
	if (err < 0) {
		nl_socket_free(ctx->nl80211);
		ctx->nl80211 = NULL;
		/* No cfg80211 loaded: no Wi-Fi, not a failure to report loudly. */
		return mg_fail(ctx, -EOPNOTSUPP, "the kernel has no nl80211 family (cfg80211 is not loaded)");
	}
	ctx->nl80211_family = err;
	ctx->requests++;
	/* A split wiphy dump sends many small messages; a channel's nest is well under a page. */
	nl_socket_set_msg_buf_size(ctx->nl80211, 32768);
	nl_socket_set_buffer_size(ctx->nl80211, 1 << 20, 0);
	mg_nl_enable_extack(ctx->nl80211);
	return 0;
}

void mg_nl80211_close(struct mg_ctx *ctx)
{
	if (!ctx->nl80211)
		return;
	nl_close(ctx->nl80211);
	nl_socket_free(ctx->nl80211);
	ctx->nl80211 = NULL;
}

struct nl_msg *mg_nl80211_request(struct mg_ctx *ctx, const struct mg_nl80211_req *req)
{
	struct nl_msg *msg = nlmsg_alloc();

	if (!msg || !genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, ctx->nl80211_family, 0,
				 NLM_F_REQUEST | (req->dump ? NLM_F_DUMP : 0), (uint8_t)req->cmd, 0))
		goto fail;
	if (req->cmd == NL80211_CMD_GET_WIPHY && req->dump && nla_put_flag(msg, NL80211_ATTR_SPLIT_WIPHY_DUMP) < 0)
		goto fail;
	if (req->wiphy >= 0 && nla_put_u32(msg, NL80211_ATTR_WIPHY, (uint32_t)req->wiphy) < 0)
		goto fail;
	if (req->ifindex > 0 && nla_put_u32(msg, NL80211_ATTR_IFINDEX, (uint32_t)req->ifindex) < 0)
		goto fail;
	return msg;
fail:
	nlmsg_free(msg);
	return NULL;
}

long mg_genl_top_u32(const struct nlmsghdr *nlh, int type)
{
	const struct genlmsghdr *gnlh;
	struct nlattr *a;

	if (nlh->nlmsg_len < NLMSG_HDRLEN + GENL_HDRLEN)
		return -1;
	gnlh = nlmsg_data(nlh);
	a = nla_find(genlmsg_attrdata(gnlh, 0), genlmsg_attrlen(gnlh, 0), type);
	return a && nla_len(a) >= 4 ? (long)nla_get_u32(a) : -1;
}
