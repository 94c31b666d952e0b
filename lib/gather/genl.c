/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The ethtool generic netlink family as a transport: its socket, resolved
 * once per context, and the header nest every message carries.
 */
#include <errno.h>
#include <string.h>

#include <linux/ethtool_netlink.h>
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
