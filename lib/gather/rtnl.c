/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * All links from one RTM_GETLINK dump, or one link. The attributes the
 * library keeps are read straight from each message in one pass: libnl's
 * link objects would parse everything else too (the kind's own data, every
 * address family's), which at 10 000 links is most of the dump's cost,
 * and they lack the minimum and maximum MTU, the parent device and some
 * counters anyway.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/if_link.h>
#include <linux/rtnetlink.h>
#include <netlink/msg.h>
#include <netlink/netlink.h>
#include <netlink/route/link.h>
#include <netlink/socket.h>

#include "gather/gather.h"

struct dump_state {
	struct mg_ctx *ctx;
	struct mg_link *links;
	size_t count, alloc;
	int err;
};

void mg_link_init(struct mg_link *link)
{
	memset(link, 0, sizeof(*link));
	link->ifindex = MG_UNKNOWN;
	link->carrier = MG_UNKNOWN;
	link->mtu = link->min_mtu = link->max_mtu = MG_UNKNOWN;
}

int mg_rtnl_open(struct mg_ctx *ctx)
{
	int err;

	if (ctx->rtnl)
		return 0;
	ctx->rtnl = nl_socket_alloc();
	if (!ctx->rtnl)
		return -ENOMEM;
	err = nl_connect(ctx->rtnl, NETLINK_ROUTE);
	if (err < 0) {
		nl_socket_free(ctx->rtnl);
		ctx->rtnl = NULL;
		return mg_nlerr_to_errno(err);
	}
	/* Large dumps (hundreds of links) arrive in many big messages. */
	nl_socket_set_msg_buf_size(ctx->rtnl, 32768);
	nl_socket_set_buffer_size(ctx->rtnl, 1 << 20, 0);
	mg_nl_enable_extack(ctx->rtnl);
	return 0;
}

void mg_rtnl_close(struct mg_ctx *ctx)
{
	if (!ctx->rtnl)
		return;
	nl_close(ctx->rtnl);
	nl_socket_free(ctx->rtnl);
	ctx->rtnl = NULL;
}

static void copy_str(char *dst, size_t size, const char *src)
{
	if (src)
		mg_strlcpy(dst, src, size);
}

/*
 * A hardware address as libnl and iproute2 print one: an IPv4 or IPv6
 * tunnel's as an address, any other as colon-separated hex bytes.
 */
static void format_address(const struct nlattr *attr, char *buf, size_t size)
{
	const unsigned char *a = nla_data(attr);
	int len = nla_len(attr);
	size_t used = 0;

	buf[0] = '\0';
	if (len == 4 || len == 16) {
		if (!inet_ntop(len == 4 ? AF_INET : AF_INET6, a, buf, (socklen_t)size))
			buf[0] = '\0';
		return;
	}
	for (int i = 0; i < len && used + 3 < size; i++)
		used += (size_t)snprintf(buf + used, size - used, i ? ":%02x" : "%02x", a[i]);
}

/* Kinds made in pairs, whose IFLA_LINK names the other end: beside them, not below. */
static bool is_pair(const char *kind)
{
	return !strcmp(kind, "veth") || !strcmp(kind, "vxcan") || !strcmp(kind, "netkit");
}

static void parse_kind(const struct nlattr *linkinfo, struct mg_link *link)
{
	static const struct nla_policy policy[IFLA_INFO_MAX + 1] = {
		[IFLA_INFO_KIND] = { .type = NLA_STRING },
	};
	struct nlattr *tb[IFLA_INFO_MAX + 1];

	if (nla_parse_nested(tb, IFLA_INFO_MAX, (struct nlattr *)linkinfo, policy) == 0 && tb[IFLA_INFO_KIND])
		copy_str(link->kind, sizeof(link->kind), nla_get_string(tb[IFLA_INFO_KIND]));
}

/* struct rtnl_link_stats64's fields are the first enum mg_stat values, in its order. */
_Static_assert(MG_STAT_RX_PACKETS == 0 && MG_STAT_RX_OTHERHOST_DROPPED == 24 &&
		       sizeof(struct rtnl_link_stats64) >= 25 * sizeof(uint64_t),
	       "IFLA_STATS64 read field by field into enum mg_stat");

/*
 * IFLA_STATS64 as long as the kernel made it: an older kernel's struct is
 * shorter (no rx_nohandler before 4.6, no rx_otherhost_dropped before 5.19),
 * and the fields it lacks stay unknown. The payload need not be aligned.
 */
static void parse_stats64(const struct nlattr *attr, struct mg_counters *c)
{
	size_t n = (size_t)nla_len(attr) / sizeof(uint64_t);
	const char *data = nla_data(attr);

	for (size_t i = 0; i < n && i <= MG_STAT_RX_OTHERHOST_DROPPED; i++) {
		uint64_t v;

		memcpy(&v, data + i * sizeof(v), sizeof(v));
		mg_counters_put(c, (int)i, v);
	}
}

int mg_link_parse_raw(const struct nlmsghdr *nlh, struct mg_link *link)
{
	static const struct nla_policy policy[IFLA_MAX + 1] = {
		[IFLA_IFNAME] = { .type = NLA_STRING },
		[IFLA_MTU] = { .type = NLA_U32 },
		[IFLA_MIN_MTU] = { .type = NLA_U32 },
		[IFLA_MAX_MTU] = { .type = NLA_U32 },
		[IFLA_LINK] = { .type = NLA_U32 },
		[IFLA_MASTER] = { .type = NLA_U32 },
		[IFLA_OPERSTATE] = { .type = NLA_U8 },
		[IFLA_CARRIER] = { .type = NLA_U8 },
		[IFLA_LINKINFO] = { .type = NLA_NESTED },
		[IFLA_PARENT_DEV_NAME] = { .type = NLA_STRING },
		[IFLA_CARRIER_CHANGES] = { .type = NLA_U32 },
		[IFLA_CARRIER_UP_COUNT] = { .type = NLA_U32 },
		[IFLA_CARRIER_DOWN_COUNT] = { .type = NLA_U32 },
	};
	static const struct { int attr, stat; } carrier[] = {
		{ IFLA_CARRIER_CHANGES, MG_STAT_CARRIER_CHANGES },
		{ IFLA_CARRIER_UP_COUNT, MG_STAT_CARRIER_UP_COUNT },
		{ IFLA_CARRIER_DOWN_COUNT, MG_STAT_CARRIER_DOWN_COUNT },
	};
	const struct ifinfomsg *ifi;
	struct nlattr *tb[IFLA_MAX + 1];
	char buf[32];

	if (nlmsg_parse((struct nlmsghdr *)nlh, sizeof(*ifi), tb, IFLA_MAX, policy) < 0)
		return -EPROTO;
	ifi = nlmsg_data(nlh);
	link->ifindex = ifi->ifi_index;
	link->flags = ifi->ifi_flags;
	if (tb[IFLA_IFNAME])
		copy_str(link->name, sizeof(link->name), nla_get_string(tb[IFLA_IFNAME]));
	if (tb[IFLA_LINKINFO])
		parse_kind(tb[IFLA_LINKINFO], link);
	if (tb[IFLA_OPERSTATE])
		copy_str(link->operstate, sizeof(link->operstate),
			 rtnl_link_operstate2str(nla_get_u8(tb[IFLA_OPERSTATE]), buf, sizeof(buf)));
	if (tb[IFLA_CARRIER])
		link->carrier = nla_get_u8(tb[IFLA_CARRIER]);
	if (tb[IFLA_MTU])
		link->mtu = (int)nla_get_u32(tb[IFLA_MTU]);
	/* A device's own index as its "link" means no lower device; a pair's is its peer. */
	if (tb[IFLA_LINK] && (int)nla_get_u32(tb[IFLA_LINK]) != link->ifindex && !is_pair(link->kind))
		link->lower_ifindex = (int)nla_get_u32(tb[IFLA_LINK]);
	if (tb[IFLA_MASTER])
		link->master_ifindex = (int)nla_get_u32(tb[IFLA_MASTER]);
	if (tb[IFLA_ADDRESS] && nla_len(tb[IFLA_ADDRESS]) > 0)
		format_address(tb[IFLA_ADDRESS], link->mac, sizeof(link->mac));
	/* An Ethernet address alone: it names a USB adapter that a re-plug moves (.link's PermanentMACAddress=). */
	if (tb[IFLA_PERM_ADDRESS] && nla_len(tb[IFLA_PERM_ADDRESS]) == 6)
		format_address(tb[IFLA_PERM_ADDRESS], link->perm_mac, sizeof(link->perm_mac));
	if (tb[IFLA_MIN_MTU])
		link->min_mtu = (int)nla_get_u32(tb[IFLA_MIN_MTU]);
	if (tb[IFLA_MAX_MTU])
		link->max_mtu = (int)nla_get_u32(tb[IFLA_MAX_MTU]);
	if (tb[IFLA_PARENT_DEV_NAME])
		copy_str(link->parent, sizeof(link->parent), nla_get_string(tb[IFLA_PARENT_DEV_NAME]));
	if (tb[IFLA_STATS64])
		parse_stats64(tb[IFLA_STATS64], &link->counters);
	for (size_t i = 0; i < sizeof(carrier) / sizeof(carrier[0]); i++)
		if (tb[carrier[i].attr])
			mg_counters_put(&link->counters, carrier[i].stat, nla_get_u32(tb[carrier[i].attr]));
	return 0;
}

static int on_link(struct nl_msg *msg, void *arg)
{
	struct dump_state *st = arg;
	struct mg_link *link;

	if (nlmsg_hdr(msg)->nlmsg_type != RTM_NEWLINK || st->err)
		return NL_SKIP;
	link = mg_array_grow(st->links, &st->alloc, st->count, sizeof(*link));
	if (!link) {
		st->err = -ENOMEM;
		return NL_SKIP; /* read on to the end of the dump */
	}
	st->links = link;
	link = &st->links[st->count];
	mg_link_init(link);
	if (mg_link_parse_raw(nlmsg_hdr(msg), link) < 0) {
		mg_info(st->ctx, "rtnetlink: cannot parse a link");
		return NL_SKIP;
	}
	st->count++;
	return NL_OK;
}

/* A RTM_GETLINK request: a dump, or one link by index or name. */
static struct nl_msg *getlink_request(const char *name, int ifindex)
{
	struct ifinfomsg ifi = { .ifi_family = AF_UNSPEC, .ifi_index = ifindex > 0 ? ifindex : 0 };
	bool one = ifindex > 0 || name;
	struct nl_msg *msg = nlmsg_alloc_simple(RTM_GETLINK, one ? NLM_F_REQUEST : NLM_F_DUMP);

	if (!msg || nlmsg_append(msg, &ifi, sizeof(ifi), NLMSG_ALIGNTO) < 0 ||
	    (ifindex <= 0 && name && nla_put_string(msg, IFLA_IFNAME, name) < 0)) {
		nlmsg_free(msg);
		return NULL;
	}
	return msg;
}

static int getlink(struct mg_ctx *ctx, const char *name, int ifindex, struct dump_state *st)
{
	struct nl_msg *msg;
	int err;

	err = mg_rtnl_open(ctx);
	if (err < 0)
		return mg_fail(ctx, err, "rtnetlink: cannot open a socket: %s", strerror(-err));
	msg = getlink_request(name, ifindex);
	if (!msg)
		return -ENOMEM;
	err = mg_nl_transact(ctx, ctx->rtnl, msg, on_link, st);
	return err < 0 ? err : st->err;
}

int mg_rtnl_dump_links(struct mg_ctx *ctx, struct mg_link **links, size_t *count)
{
	struct dump_state st = { .ctx = ctx };
	int err = getlink(ctx, NULL, 0, &st);

	if (err < 0) {
		free(st.links);
		return mg_fail(ctx, err, "rtnetlink: link dump failed: %s", strerror(-err));
	}
	*links = st.links;
	*count = st.count;
	return 0;
}

/* One link, by index when @ifindex > 0, else by name: -ENODEV when none. */
int mg_rtnl_get_link(struct mg_ctx *ctx, const char *name, int ifindex, struct mg_link *link)
{
	struct dump_state st = { .ctx = ctx };
	int err = getlink(ctx, name, ifindex, &st);

	if (err == 0 && st.count != 1)
		err = -ENODEV;
	if (err == 0)
		*link = st.links[0];
	free(st.links);
	return err;
}
