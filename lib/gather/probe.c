/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Does the path to an address carry packets of a size? An ICMP echo of
 * exactly that size with don't-fragment set, sent out of one interface by
 * its index, and its answer waited for. A switch or bridge port with a
 * smaller MTU on the way drops the frame without a word (it is not a
 * router, it sends no "fragmentation needed"): no answer is the answer.
 * Live only; a raw socket needs CAP_NET_RAW, else a ping socket is tried
 * (net.ipv4.ping_group_range).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/icmp6.h>
#include <netinet/in.h>
#include <netinet/ip.h>
#include <netinet/ip_icmp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "gather/gather.h"

#define ECHO_HDR 8

struct probe {
	int fd;
	int family;
	bool raw;		/* a raw socket: IPv4 replies come with their IP header */
	struct sockaddr_storage to;
	socklen_t to_len;
	uint16_t id, seq;
};

static int parse_address(const char *address, struct sockaddr_storage *to, socklen_t *len)
{
	struct sockaddr_in *v4 = (struct sockaddr_in *)to;
	struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)to;

	memset(to, 0, sizeof(*to));
	if (address && inet_pton(AF_INET, address, &v4->sin_addr) == 1) {
		v4->sin_family = AF_INET;
		*len = sizeof(*v4);
		return 0;
	}
	if (address && inet_pton(AF_INET6, address, &v6->sin6_addr) == 1) {
		v6->sin6_family = AF_INET6;
		*len = sizeof(*v6);
		return 0;
	}
	return -EINVAL;
}

bool mg_probe_address_ok(const char *address)
{
	struct sockaddr_storage to;
	socklen_t len;

	return parse_address(address, &to, &len) == 0;
}

static uint16_t checksum(const void *data, size_t len)
{
	const uint8_t *p = data;
	uint32_t sum = 0;

	for (size_t i = 0; i + 1 < len; i += 2)
		sum += (uint32_t)(p[i] << 8 | p[i + 1]);
	if (len & 1)
		sum += (uint32_t)(p[len - 1] << 8);
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return htons((uint16_t)~sum);
}

/*
 * A link-local address (fe80::/10) names a host on one link only: the
 * kernel needs that link as the scope, and it is the interface probed.
 */
static int set_scope(struct mg_ctx *ctx, const char *address, int ifindex, struct probe *p)
{
	struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&p->to;

	if (p->to.ss_family != AF_INET6 || !IN6_IS_ADDR_LINKLOCAL(&v6->sin6_addr))
		return 0;
	if (ifindex <= 0)
		return mg_fail(ctx, -EINVAL, "%s is a link-local address: probing it needs the interface it is on",
			       address);
	v6->sin6_scope_id = (uint32_t)ifindex;
	return 0;
}

static int open_probe(struct mg_ctx *ctx, const char *address, int ifindex, struct probe *p)
{
	int proto, on, err;

	if (parse_address(address, &p->to, &p->to_len) < 0)
		return mg_fail(ctx, -EINVAL, "'%s' is not an IPv4 or IPv6 address", address ? address : "");
	err = set_scope(ctx, address, ifindex, p);
	if (err < 0)
		return err;
	p->family = p->to.ss_family;
	proto = p->family == AF_INET ? IPPROTO_ICMP : IPPROTO_ICMPV6;
	p->raw = true;
	p->fd = socket(p->family, SOCK_RAW | SOCK_CLOEXEC, proto);
	if (p->fd < 0 && (errno == EPERM || errno == EACCES)) {
		p->raw = false;
		p->fd = socket(p->family, SOCK_DGRAM | SOCK_CLOEXEC, proto);
	}
	if (p->fd < 0)
		return mg_fail(ctx, errno == EPERM || errno == EACCES ? -EPERM : -errno,
			       "probing the path to %s needs CAP_NET_RAW, or ping sockets for this group "
			       "(net.ipv4.ping_group_range): %s", address, strerror(errno));
	/* Don't fragment, and never mind what the kernel believes the path's MTU is. */
	on = p->family == AF_INET ? IP_PMTUDISC_PROBE : IPV6_PMTUDISC_PROBE;
	err = p->family == AF_INET ? setsockopt(p->fd, IPPROTO_IP, IP_MTU_DISCOVER, &on, sizeof(on))
				   : setsockopt(p->fd, IPPROTO_IPV6, IPV6_MTU_DISCOVER, &on, sizeof(on));
	if (err == 0 && ifindex > 0) {
		/* Both options take the index in network byte order: the kernel ntohl()s it. */
		uint32_t be = htonl((uint32_t)ifindex);

		/* Out of this interface, by its index: never by a name that can move. */
		err = p->family == AF_INET ? setsockopt(p->fd, IPPROTO_IP, IP_UNICAST_IF, &be, sizeof(be))
					   : setsockopt(p->fd, IPPROTO_IPV6, IPV6_UNICAST_IF, &be, sizeof(be));
	}
	if (err < 0) {
		err = -errno;
		close(p->fd);
		return mg_fail(ctx, err, "cannot set up the probe of %s: %s", address, strerror(-err));
	}
	p->id = (uint16_t)(getpid() ^ (long)time(NULL));
	p->seq = 0;
	return 0;
}

/* An echo request of @size bytes on the wire, IP header included. */
static int send_echo(struct probe *p, int size)
{
	int header = p->family == AF_INET ? 20 : 40;
	size_t len = size > header + ECHO_HDR ? (size_t)(size - header) : ECHO_HDR;
	uint8_t *buf = calloc(1, len);
	ssize_t n;

	if (!buf)
		return -ENOMEM;
	buf[0] = p->family == AF_INET ? ICMP_ECHO : ICMP6_ECHO_REQUEST;
	buf[4] = (uint8_t)(p->id >> 8);
	buf[5] = (uint8_t)p->id;
	buf[6] = (uint8_t)(++p->seq >> 8);
	buf[7] = (uint8_t)p->seq;
	for (size_t i = ECHO_HDR; i < len; i++)
		buf[i] = (uint8_t)i;
	/* The kernel sums ICMPv6, and ping sockets; a raw IPv4 socket is ours to sum. */
	if (p->family == AF_INET && p->raw)
		memcpy(buf + 2, &(uint16_t){ checksum(buf, len) }, 2);
	n = sendto(p->fd, buf, len, 0, (struct sockaddr *)&p->to, p->to_len);
	free(buf);
	return n < 0 ? -errno : 0;
}

/* Whether @buf is the answer to the last request. */
static bool is_answer(const struct probe *p, const uint8_t *buf, size_t len)
{
	size_t off = 0;

	if (p->family == AF_INET && p->raw) {
		if (len < 20)
			return false;
		off = (size_t)(buf[0] & 0x0f) * 4;
	}
	if (len < off + ECHO_HDR)
		return false;
	buf += off;
	if (buf[0] != (p->family == AF_INET ? ICMP_ECHOREPLY : ICMP6_ECHO_REPLY))
		return false;
	/* A ping socket puts its own id in; the sequence is ours either way. */
	return (!p->raw || (buf[4] << 8 | buf[5]) == p->id) && (buf[6] << 8 | buf[7]) == p->seq;
}

static int wait_answer(struct probe *p, int timeout_ms)
{
	struct timespec start, now;
	uint8_t buf[65536];

	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		struct pollfd pfd = { .fd = p->fd, .events = POLLIN };
		long spent;
		ssize_t n;

		clock_gettime(CLOCK_MONOTONIC, &now);
		spent = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
		if (spent >= timeout_ms || poll(&pfd, 1, (int)(timeout_ms - spent)) <= 0)
			return -ETIMEDOUT;
		n = recv(p->fd, buf, sizeof(buf), MSG_DONTWAIT);
		if (n > 0 && is_answer(p, buf, (size_t)n))
			return 0;
	}
}

/* Every failure says what it was: a caller may pass the text on as it is. */
static int probe_failed(struct mg_ctx *ctx, const char *address, int ifindex, int size, int tries, int err)
{
	if (err == -ETIMEDOUT)
		return mg_fail(ctx, err, "%s did not answer: %d echo%s of %d bytes (don't fragment) sent out of "
			       "interface %d", address, tries, tries == 1 ? "" : "es", size, ifindex);
	if (err == -EMSGSIZE)
		return mg_fail(ctx, err, "a %d-byte echo to %s is larger than the MTU of interface %d", size, address,
			       ifindex);
	return mg_fail(ctx, err, "cannot send a %d-byte echo to %s out of interface %d: %s", size, address, ifindex,
		       strerror(-err));
}

int mg_probe_path(struct mg_ctx *ctx, const char *address, int ifindex, int size, int tries, int timeout_ms)
{
	struct probe p;
	int err;

	if (ctx->offline)
		return mg_fail(ctx, -EOPNOTSUPP, "a captured tree cannot probe a path");
	err = open_probe(ctx, address, ifindex, &p);
	if (err < 0)
		return err;
	mg_dbg(ctx, "probing %s with %d-byte packets, don't fragment, out of interface %d", address, size, ifindex);
	for (int i = 0; i < tries; i++) {
		err = send_echo(&p, size);
		if (err == -EMSGSIZE || err == -ENETUNREACH || err == -EHOSTUNREACH || err == -ENOMEM)
			break;
		err = err < 0 ? err : wait_answer(&p, timeout_ms);
		if (err == 0)
			break;
	}
	close(p.fd);
	return err < 0 ? probe_failed(ctx, address, ifindex, size, tries, err) : 0;
}

int mg_probe_largest(struct mg_ctx *ctx, const char *address, int ifindex, int known, int upto, int *largest)
{
	int lo = known, hi = upto;

	/* lo answers, hi does not: halve the gap, with short waits, down to one byte. */
	while (hi - lo > 1) {
		int mid = lo + (hi - lo) / 2;

		if (mg_probe_path(ctx, address, ifindex, mid, 1, 300) == 0)
			lo = mid;
		else
			hi = mid;
	}
	mg_clear_error(ctx);
	*largest = lo;
	return 0;
}
