/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What can be the peer of a path check: one other host on the link. This
 * machine answers its own addresses, loopback and the unspecified address
 * itself, over loopback, and many hosts (or none) answer a multicast or
 * broadcast: an echo of any size then "passes" or "fails" whatever the
 * link carries. Those are refused before anything is changed, by set
 * --verify-peer and doctor --peer alike, with the reason.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gather/gather.h"

#define NOT_A_PEER "a peer must be one other host on the link"

struct peer_ip {
	int family;
	uint8_t a[16];
};

static bool parse(const char *address, struct peer_ip *ip)
{
	memset(ip, 0, sizeof(*ip));
	ip->family = AF_INET;
	if (address && inet_pton(AF_INET, address, ip->a) == 1)
		return true;
	ip->family = AF_INET6;
	return address && inet_pton(AF_INET6, address, ip->a) == 1;
}

/* What an address is by itself, whichever machine asks. */
static enum mg_peer_kind kind_of(const struct peer_ip *ip)
{
	static const uint8_t zero[16], ones[4] = { 255, 255, 255, 255 };
	const struct in6_addr *v6 = (const struct in6_addr *)ip->a;

	if (ip->family == AF_INET) {
		if (!memcmp(ip->a, zero, 4))
			return MG_PEER_UNSPECIFIED;
		if (ip->a[0] == 127)
			return MG_PEER_LOOPBACK;
		if ((ip->a[0] & 0xf0) == 224)
			return MG_PEER_MULTICAST;
		return memcmp(ip->a, ones, 4) ? MG_PEER_HOST : MG_PEER_BROADCAST;
	}
	if (IN6_IS_ADDR_UNSPECIFIED(v6))
		return MG_PEER_UNSPECIFIED;
	if (IN6_IS_ADDR_LOOPBACK(v6))
		return MG_PEER_LOOPBACK;
	if (IN6_IS_ADDR_MULTICAST(v6))
		return MG_PEER_MULTICAST;
	return IN6_IS_ADDR_V4MAPPED(v6) ? MG_PEER_V4_MAPPED : MG_PEER_HOST;
}

/* @x's netmask, in network byte order. */
static uint32_t netmask(const struct mg_ifaddr *x)
{
	return x->prefixlen <= 0 ? 0 : htonl(~0u << (32 - (x->prefixlen > 32 ? 32 : x->prefixlen)));
}

/*
 * Whether @ip is the broadcast address of @x's IPv4 subnet: the one it
 * was given, or all host bits set (which /31 and /32 do not have).
 */
static bool subnet_broadcast(const struct peer_ip *ip, const struct mg_ifaddr *x)
{
	uint32_t addr, local, given;

	if (ip->family != AF_INET || x->family != AF_INET)
		return false;
	memcpy(&addr, ip->a, 4);
	memcpy(&local, x->local, 4);
	memcpy(&given, x->broadcast, 4);
	if (given && addr == given)
		return true;
	return x->prefixlen < 31 && addr == (local | ~netmask(x));
}

enum mg_peer_kind mg_peer_kind(const char *address, const struct mg_ifaddr *addrs, size_t count, size_t *which)
{
	enum mg_peer_kind kind;
	struct peer_ip ip;

	if (!parse(address, &ip))
		return MG_PEER_HOST; /* not an address at all: mg_probe_address_ok() says so */
	kind = kind_of(&ip);
	for (size_t i = 0; kind == MG_PEER_HOST && i < count; i++) {
		if (addrs[i].family == ip.family && !memcmp(addrs[i].local, ip.a, ip.family == AF_INET ? 4 : 16))
			kind = MG_PEER_OWN;
		else if (subnet_broadcast(&ip, &addrs[i]))
			kind = MG_PEER_SUBNET_BROADCAST;
		if (kind != MG_PEER_HOST && which)
			*which = i;
	}
	return kind;
}

/* An interface's name for a message: "interface N" when it cannot be had. */
static void name_of(struct mg_ctx *ctx, int ifindex, char *buf, size_t size)
{
	struct mg_link link;

	if (mg_gather_link(ctx, NULL, ifindex, &link) == 0 && link.name[0])
		snprintf(buf, size, "%s", link.name);
	else
		snprintf(buf, size, "interface %d", ifindex);
}

static int refuse_local(struct mg_ctx *ctx, const char *address, enum mg_peer_kind kind, const struct mg_ifaddr *x)
{
	char name[IFNAMSIZ + 16], subnet[INET_ADDRSTRLEN];
	uint32_t net;

	name_of(ctx, x->ifindex, name, sizeof(name));
	if (kind == MG_PEER_OWN)
		return mg_fail(ctx, -EINVAL, "%s is an address of this machine (%s): " NOT_A_PEER, address, name);
	memcpy(&net, x->local, 4);
	net &= netmask(x);
	inet_ntop(AF_INET, &net, subnet, sizeof(subnet));
	return mg_fail(ctx, -EINVAL, "%s is the broadcast address of %s's subnet %s/%d: " NOT_A_PEER, address, name,
		       subnet, x->prefixlen);
}

static int refuse(struct mg_ctx *ctx, const char *address, enum mg_peer_kind kind)
{
	static const char *const what[] = {
		[MG_PEER_UNSPECIFIED] = "the unspecified address",
		[MG_PEER_LOOPBACK] = "a loopback address",
		[MG_PEER_MULTICAST] = "a multicast address",
		[MG_PEER_BROADCAST] = "the broadcast address of every link",
	};
	struct peer_ip ip;
	char v4[INET_ADDRSTRLEN];

	if (kind != MG_PEER_V4_MAPPED)
		return mg_fail(ctx, -EINVAL, "%s is %s: " NOT_A_PEER, address, what[kind]);
	/* Its last four bytes are the IPv4 address, the one to probe: no host answers ICMPv6 to it. */
	parse(address, &ip);
	inet_ntop(AF_INET, ip.a + 12, v4, sizeof(v4));
	return mg_fail(ctx, -EINVAL, "%s is an IPv4 address written as IPv6 (IPv4-mapped): give it as %s", address, v4);
}

int mg_probe_check_peer(struct mg_ctx *ctx, const char *address)
{
	struct mg_ifaddr *addrs = NULL;
	enum mg_peer_kind kind;
	size_t count = 0, which = 0;
	int err;

	if (!mg_probe_address_ok(address))
		return mg_fail(ctx, -EINVAL, "'%.64s' is not an IPv4 or IPv6 address", address ? address : "");
	kind = mg_peer_kind(address, NULL, 0, NULL);
	if (kind != MG_PEER_HOST)
		return refuse(ctx, address, kind);
	/* A captured tree has no addresses of this machine's; it probes nothing either. */
	if (ctx->offline)
		return 0;
	err = mg_rtnl_dump_addrs(ctx, &addrs, &count);
	if (err < 0)
		return err;
	kind = mg_peer_kind(address, addrs, count, &which);
	err = kind == MG_PEER_HOST ? 0 : refuse_local(ctx, address, kind, &addrs[which]);
	free(addrs);
	return err;
}
