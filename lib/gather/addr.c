/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The addresses of every interface of the context's network namespace,
 * from one RTM_GETADDR dump: what this machine answers itself. Live only;
 * a capture keeps no addresses.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <linux/if_addr.h>
#include <linux/rtnetlink.h>
#include <netlink/attr.h>
#include <netlink/msg.h>
#include <netlink/netlink.h>

#include "gather/gather.h"

struct addr_dump {
	struct mg_ifaddr *addrs;
	size_t count, alloc;
	int err;
};

/* The bytes of an address attribute of @family's length; false when it is not one. */
static bool copy_addr(const struct nlattr *attr, int family, uint8_t *to)
{
	int len = family == AF_INET ? 4 : 16;

	if (!attr || nla_len(attr) != len)
		return false;
	memcpy(to, nla_data(attr), (size_t)len);
	return true;
}

int mg_ifaddr_parse_raw(const struct nlmsghdr *nlh, struct mg_ifaddr *a)
{
	struct nlattr *tb[IFA_MAX + 1];
	const struct ifaddrmsg *ifa;

	if (nlmsg_parse((struct nlmsghdr *)nlh, sizeof(*ifa), tb, IFA_MAX, NULL) < 0)
		return -EPROTO;
	ifa = nlmsg_data(nlh);
	if (ifa->ifa_family != AF_INET && ifa->ifa_family != AF_INET6)
		return -ENOENT;
	memset(a, 0, sizeof(*a));
	a->family = ifa->ifa_family;
	a->ifindex = (int)ifa->ifa_index;
	a->prefixlen = ifa->ifa_prefixlen;
	/*
	 * On a point-to-point link IFA_ADDRESS is the other end's and
	 * IFA_LOCAL this machine's; elsewhere IFA_ADDRESS alone is ours.
	 */
	if (!copy_addr(tb[IFA_LOCAL], a->family, a->local) && !copy_addr(tb[IFA_ADDRESS], a->family, a->local))
		return -EPROTO;
	if (a->family == AF_INET)
		copy_addr(tb[IFA_BROADCAST], a->family, a->broadcast);
	return 0;
}

static int on_addr(struct nl_msg *msg, void *arg)
{
	struct addr_dump *d = arg;
	struct mg_ifaddr *grown;

	if (nlmsg_hdr(msg)->nlmsg_type != RTM_NEWADDR || d->err)
		return NL_SKIP;
	grown = mg_array_grow(d->addrs, &d->alloc, d->count, sizeof(*grown));
	if (!grown) {
		d->err = -ENOMEM;
		return NL_SKIP; /* read on to the end of the dump */
	}
	d->addrs = grown;
	if (mg_ifaddr_parse_raw(nlmsg_hdr(msg), &d->addrs[d->count]) == 0)
		d->count++;
	return NL_OK;
}

int mg_rtnl_dump_addrs(struct mg_ctx *ctx, struct mg_ifaddr **addrs, size_t *count)
{
	struct ifaddrmsg ifa = { .ifa_family = AF_UNSPEC };
	struct addr_dump d = { 0 };
	struct nl_msg *msg;
	int err;

	*addrs = NULL;
	*count = 0;
	err = mg_rtnl_open(ctx);
	if (err < 0)
		return mg_fail(ctx, err, "rtnetlink: cannot open a socket: %s", strerror(-err));
	msg = nlmsg_alloc_simple(RTM_GETADDR, NLM_F_DUMP);
	if (!msg || nlmsg_append(msg, &ifa, sizeof(ifa), NLMSG_ALIGNTO) < 0) {
		nlmsg_free(msg);
		return mg_fail(ctx, -ENOMEM, "out of memory");
	}
	err = mg_nl_transact(ctx, ctx->rtnl, msg, on_addr, &d);
	if (err == 0)
		err = d.err;
	if (err < 0) {
		free(d.addrs);
		return mg_fail(ctx, err, "rtnetlink: address dump failed: %s", strerror(-err));
	}
	*addrs = d.addrs;
	*count = d.count;
	return 0;
}
