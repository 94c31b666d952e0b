/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "library": the evidence an adapter leaves, without privilege.
 * The parsers on messages and text built here (STATS_GET and LINKSTATE
 * replies, RTM_NEWLINK counters, /proc/interrupts, CPU lists, a capture's
 * driver counters), then the API on fixture trees: the sensors of an
 * RTL8126 and an AQC107, interrupts spread and all on CPU 0, a USB 5G
 * adapter in a USB 2 port and one held by cdc_ncm (see each tree's SOURCE).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <linux/ethtool_netlink.h>
#include <linux/if_addr.h>
#include <linux/if_link.h>
#include <linux/rtnetlink.h>
#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "model/model.h"
#include "mg-test.h"
#include "test-genl.h"
#include "test-util.h"

/* ---- netlink replies ---- */

/* A counter as the kernel puts it: a nest of its own holding one u64 typed by its number. */
static void put_stat(struct nl_msg *msg, int id, uint64_t v)
{
	struct nlattr *nest = nla_nest_start(msg, ETHTOOL_A_STATS_GRP_STAT);

	nla_put_u64(msg, id, v);
	nla_nest_end(msg, nest);
}

static struct nlattr *start_group(struct nl_msg *msg, uint32_t id, uint32_t ss)
{
	struct nlattr *grp = nla_nest_start(msg, ETHTOOL_A_STATS_GRP);

	nla_put_u32(msg, ETHTOOL_A_STATS_GRP_ID, id);
	nla_put_u32(msg, ETHTOOL_A_STATS_GRP_SS_ID, ss);
	return grp;
}

static void put_bucket(struct nl_msg *msg, int dir, uint32_t low, uint32_t high, uint64_t v)
{
	struct nlattr *nest = nla_nest_start(msg, dir);

	nla_put_u32(msg, ETHTOOL_A_STATS_GRP_HIST_BKT_LOW, low);
	nla_put_u32(msg, ETHTOOL_A_STATS_GRP_HIST_BKT_HI, high);
	nla_put_u64(msg, ETHTOOL_A_STATS_GRP_HIST_VAL, v);
	nla_nest_end(msg, nest);
}

static void test_stats_reply(void)
{
	struct nl_msg *msg = reply(ETHTOOL_MSG_STATS_GET_REPLY, ETHTOOL_A_STATS_HEADER, 4, "enp2s0");
	struct nlattr *grp;
	struct mg_stats s;
	unsigned int low, high;
	uint64_t v;
	char *text = NULL;

	nla_put_u32(msg, 7 /* ETHTOOL_A_STATS_SRC, 6.10 */, 0);
	grp = start_group(msg, ETHTOOL_STATS_ETH_PHY, ETH_SS_STATS_ETH_PHY);
	put_stat(msg, ETHTOOL_A_STATS_ETH_PHY_5_SYM_ERR, 5);
	nla_nest_end(msg, grp);
	grp = start_group(msg, ETHTOOL_STATS_ETH_MAC, ETH_SS_STATS_ETH_MAC);
	put_stat(msg, ETHTOOL_A_STATS_ETH_MAC_2_TX_PKT, 0); /* id 0: a real counter, not padding */
	put_stat(msg, ETHTOOL_A_STATS_ETH_MAC_5_RX_PKT, 1000);
	put_stat(msg, ETHTOOL_A_STATS_ETH_MAC_6_FCS_ERR, 7);
	put_stat(msg, ETHTOOL_A_STATS_ETH_MAC_25_TOO_LONG_ERR, 3);
	nla_nest_end(msg, grp);
	/* The kernel sends a group's nest even when the driver filled none of it. */
	grp = start_group(msg, ETHTOOL_STATS_ETH_CTRL, ETH_SS_STATS_ETH_CTRL);
	nla_nest_end(msg, grp);
	grp = start_group(msg, ETHTOOL_STATS_RMON, ETH_SS_STATS_RMON);
	put_bucket(msg, ETHTOOL_A_STATS_GRP_HIST_RX, 0, 64, 11);
	put_bucket(msg, ETHTOOL_A_STATS_GRP_HIST_RX, 1519, 0, 12);
	put_bucket(msg, ETHTOOL_A_STATS_GRP_HIST_TX, 65, 127, 13);
	put_stat(msg, ETHTOOL_A_STATS_RMON_JABBER, 2);
	nla_nest_end(msg, grp);
	/* A group a newer kernel has and nobody asked for. */
	grp = start_group(msg, 4, 21);
	put_stat(msg, 0, 99);
	nla_nest_end(msg, grp);

	mg_stats_init(&s);
	CU_ASSERT_EQUAL_FATAL(mg_stats_parse_reply(nlmsg_hdr(msg), &s), 0);
	CU_ASSERT_EQUAL(s.ifindex, 4);
	CU_ASSERT_STRING_EQUAL(s.ifname, "enp2s0");
	CU_ASSERT_TRUE(mg_stats_group_reported(&s, MG_STATS_ETH_PHY));
	CU_ASSERT_EQUAL(mg_stats_group_get(&s, MG_STATS_ETH_PHY, 0, &v), 0);
	CU_ASSERT_EQUAL(v, 5);
	CU_ASSERT_STRING_EQUAL(mg_stats_group_counter_name(MG_STATS_ETH_PHY, 0), "SymbolErrorDuringCarrier");
	CU_ASSERT_EQUAL(mg_stats_group_get(&s, MG_STATS_ETH_MAC, 0, &v), 0);
	CU_ASSERT_EQUAL(v, 0);
	CU_ASSERT_EQUAL(mg_stats_group_get(&s, MG_STATS_ETH_MAC, 3, &v), 0);
	CU_ASSERT_EQUAL(v, 1000);
	CU_ASSERT_STRING_EQUAL(mg_stats_group_counter_name(MG_STATS_ETH_MAC, 3), "FramesReceivedOK");
	CU_ASSERT_EQUAL(mg_stats_group_get(&s, MG_STATS_ETH_MAC, 4, &v), 0);
	CU_ASSERT_EQUAL(v, 7);
	CU_ASSERT_EQUAL(mg_stats_group_get(&s, MG_STATS_ETH_MAC, 21, &v), 0);
	CU_ASSERT_EQUAL(v, 3);
	CU_ASSERT_STRING_EQUAL(mg_stats_group_counter_name(MG_STATS_ETH_MAC, 21), "FrameTooLongErrors");
	/* Not sent: unknown, never 0. */
	CU_ASSERT_EQUAL(mg_stats_group_get(&s, MG_STATS_ETH_MAC, 1, &v), -ENODATA);
	CU_ASSERT_FALSE(mg_stats_group_reported(&s, MG_STATS_ETH_CTRL));
	CU_ASSERT_EQUAL(mg_stats_group_get(&s, MG_STATS_ETH_CTRL, 0, &v), -ENODATA);
	CU_ASSERT_EQUAL(mg_stats_group_get(&s, MG_STATS_ETH_CTRL, 3, &v), -EINVAL);
	CU_ASSERT_TRUE(mg_stats_group_reported(&s, MG_STATS_RMON));
	CU_ASSERT_EQUAL(mg_stats_group_get(&s, MG_STATS_RMON, 3, &v), 0);
	CU_ASSERT_EQUAL(v, 2);
	CU_ASSERT_EQUAL(mg_stats_hist_count(&s, 0), 2);
	CU_ASSERT_EQUAL(mg_stats_hist_count(&s, 1), 1);
	CU_ASSERT_EQUAL(mg_stats_hist_get(&s, 0, 1, &low, &high, &v), 0);
	CU_ASSERT(low == 1519 && high == 0 && v == 12);
	CU_ASSERT_EQUAL(mg_stats_hist_get(&s, 1, 0, &low, &high, &v), 0);
	CU_ASSERT(low == 65 && high == 127 && v == 13);
	CU_ASSERT_EQUAL(mg_stats_hist_get(&s, 1, 1, &low, &high, &v), -EINVAL);
	/* In show's text only the groups filled, each with how much of it. */
	mg_check_text(mg_stats_to_text(&s, &text), &text,
		   "standard counters: eth-phy (1 of 1), eth-mac (4 of 22), rmon (1 of 4)\n");
	mg_stats_clear(&s);
	nlmsg_free(msg);
}

static void test_stats_reply_malformed(void)
{
	struct nl_msg *msg = reply(ETHTOOL_MSG_STATS_GET_REPLY, ETHTOOL_A_STATS_HEADER, 4, "x");
	struct nlattr *grp, *nest;
	struct mg_stats s;
	uint64_t v;

	grp = start_group(msg, ETHTOOL_STATS_ETH_MAC, ETH_SS_STATS_ETH_MAC);
	nest = nla_nest_start(msg, ETHTOOL_A_STATS_GRP_STAT);
	nla_put_u32(msg, 3, 1000); /* four bytes where eight belong */
	nla_nest_end(msg, nest);
	put_stat(msg, 40, 1);	  /* beyond the group's counters */
	nla_nest_end(msg, grp);
	grp = nla_nest_start(msg, ETHTOOL_A_STATS_GRP); /* no group number */
	put_stat(msg, 0, 1);
	nla_nest_end(msg, grp);
	mg_stats_init(&s);
	CU_ASSERT_EQUAL(mg_stats_parse_reply(nlmsg_hdr(msg), &s), 0);
	CU_ASSERT_EQUAL(mg_stats_group_get(&s, MG_STATS_ETH_MAC, 3, &v), -ENODATA);
	CU_ASSERT_FALSE(mg_stats_group_reported(&s, MG_STATS_ETH_MAC));
	CU_ASSERT_FALSE(mg_stats_group_reported(&s, MG_STATS_ETH_PHY));
	/* Another message's reply is refused. */
	CU_ASSERT_EQUAL(mg_stats_parse_linkstate(nlmsg_hdr(msg), &s), -EPROTO);
	mg_stats_clear(&s);
	nlmsg_free(msg);
}

static void test_linkstate_down_count(void)
{
	struct nl_msg *msg = reply(ETHTOOL_MSG_LINKSTATE_GET_REPLY, ETHTOOL_A_LINKSTATE_HEADER, 2, "eth0");
	struct mg_stats s;
	uint64_t v;

	nla_put_u8(msg, ETHTOOL_A_LINKSTATE_LINK, 1);
	nla_put_u32(msg, 7 /* ETHTOOL_A_LINKSTATE_EXT_DOWN_CNT, 6.6 */, 12);
	mg_stats_init(&s);
	CU_ASSERT_EQUAL_FATAL(mg_stats_parse_linkstate(nlmsg_hdr(msg), &s), 0);
	CU_ASSERT_EQUAL(s.ifindex, 2);
	CU_ASSERT_EQUAL(mg_stats_get(&s, MG_STAT_LINK_DOWN_EVENTS, &v), 0);
	CU_ASSERT_EQUAL(v, 12);
	CU_ASSERT_EQUAL(mg_stats_get(&s, MG_STAT_RX_PACKETS, &v), -ENODATA);
	mg_stats_clear(&s);
	nlmsg_free(msg);

	/* A driver without the count: unknown. */
	msg = reply(ETHTOOL_MSG_LINKSTATE_GET_REPLY, ETHTOOL_A_LINKSTATE_HEADER, 2, "eth0");
	nla_put_u8(msg, ETHTOOL_A_LINKSTATE_LINK, 1);
	mg_stats_init(&s);
	CU_ASSERT_EQUAL(mg_stats_parse_linkstate(nlmsg_hdr(msg), &s), 0);
	CU_ASSERT_EQUAL(mg_stats_get(&s, MG_STAT_LINK_DOWN_EVENTS, &v), -ENODATA);
	CU_ASSERT_EQUAL(mg_stats_parse_reply(nlmsg_hdr(msg), &s), -EPROTO);
	mg_stats_clear(&s);
	nlmsg_free(msg);
}

static struct nl_msg *newlink(size_t stats64_fields)
{
	struct ifinfomsg ifi = { .ifi_family = AF_UNSPEC, .ifi_index = 5 };
	struct nl_msg *msg = nlmsg_alloc_simple(RTM_NEWLINK, 0);
	uint64_t stats[32];

	CU_ASSERT_PTR_NOT_NULL_FATAL(msg);
	nlmsg_append(msg, &ifi, sizeof(ifi), NLMSG_ALIGNTO);
	for (size_t i = 0; i < 32; i++)
		stats[i] = 1000 + i;
	nla_put_u32(msg, IFLA_MTU, 1500);
	nla_put(msg, IFLA_STATS64, (int)(stats64_fields * sizeof(uint64_t)), stats);
	nla_put_u32(msg, IFLA_CARRIER_CHANGES, 6);
	nla_put_u32(msg, IFLA_CARRIER_UP_COUNT, 3);
	nla_put_u32(msg, IFLA_CARRIER_DOWN_COUNT, 3);
	return msg;
}

static void test_link_counters(void)
{
	struct nl_msg *msg = newlink(25);
	struct mg_link link;

	mg_link_init(&link);
	mg_link_parse_raw(nlmsg_hdr(msg), &link);
	CU_ASSERT_EQUAL(link.counters.value[MG_STAT_RX_PACKETS], 1000);
	CU_ASSERT_EQUAL(link.counters.value[MG_STAT_RX_MISSED_ERRORS], 1015);
	CU_ASSERT_EQUAL(link.counters.value[MG_STAT_RX_OTHERHOST_DROPPED], 1024);
	CU_ASSERT_EQUAL(link.counters.value[MG_STAT_CARRIER_CHANGES], 6);
	CU_ASSERT_EQUAL(link.counters.value[MG_STAT_CARRIER_UP_COUNT], 3);
	CU_ASSERT_EQUAL(link.counters.value[MG_STAT_CARRIER_DOWN_COUNT], 3);
	CU_ASSERT_EQUAL(link.counters.present, (1ULL << MG_STAT_LINK_DOWN_EVENTS) - 1);
	nlmsg_free(msg);

	/* A kernel before 4.6 sends 23 fields: the two it lacks stay unknown. */
	msg = newlink(23);
	mg_link_init(&link);
	mg_link_parse_raw(nlmsg_hdr(msg), &link);
	CU_ASSERT_TRUE(link.counters.present & (1ULL << MG_STAT_TX_COMPRESSED));
	CU_ASSERT_FALSE(link.counters.present & (1ULL << MG_STAT_RX_NOHANDLER));
	CU_ASSERT_FALSE(link.counters.present & (1ULL << MG_STAT_RX_OTHERHOST_DROPPED));
	nlmsg_free(msg);

	/* A future kernel's longer struct: what is known is read, the rest ignored. */
	msg = newlink(30);
	mg_link_init(&link);
	mg_link_parse_raw(nlmsg_hdr(msg), &link);
	CU_ASSERT_EQUAL(link.counters.value[MG_STAT_RX_OTHERHOST_DROPPED], 1024);
	CU_ASSERT_FALSE(link.counters.present & (1ULL << MG_STAT_LINK_DOWN_EVENTS));
	nlmsg_free(msg);
}

/* One link's identity from its message: name, kind, state, addresses, neighbours. */
/* An RTM_NEWADDR of @family on interface @ifindex; @local and @broadcast may be NULL. */
static struct nl_msg *newaddr(int family, int ifindex, int prefixlen, const void *address, const void *local,
			      const void *broadcast)
{
	struct ifaddrmsg ifa = { .ifa_family = (uint8_t)family, .ifa_prefixlen = (uint8_t)prefixlen,
				 .ifa_index = (uint32_t)ifindex };
	int len = family == AF_INET ? 4 : 16;
	struct nl_msg *msg = nlmsg_alloc_simple(RTM_NEWADDR, 0);

	CU_ASSERT_PTR_NOT_NULL_FATAL(msg);
	nlmsg_append(msg, &ifa, sizeof(ifa), NLMSG_ALIGNTO);
	if (address)
		nla_put(msg, IFA_ADDRESS, len, address);
	if (local)
		nla_put(msg, IFA_LOCAL, len, local);
	if (broadcast)
		nla_put(msg, IFA_BROADCAST, len, broadcast);
	return msg;
}

/* This machine's address is IFA_LOCAL where there is one: on a point-to-point link IFA_ADDRESS is the far end's. */
static void test_ifaddr_parse(void)
{
	static const unsigned char mine[4] = { 10, 20, 0, 1 }, far[4] = { 10, 20, 0, 2 }, bcast[4] = { 192, 0, 2, 255 };
	static const unsigned char net[4] = { 192, 0, 2, 1 }, ll[16] = { 0xfe, 0x80, [15] = 1 };
	struct mg_ifaddr a;
	struct nl_msg *msg;

	msg = newaddr(AF_INET, 4, 32, far, mine, NULL);
	CU_ASSERT_EQUAL(mg_ifaddr_parse_raw(nlmsg_hdr(msg), &a), 0);
	CU_ASSERT_EQUAL(a.family, AF_INET);
	CU_ASSERT_EQUAL(a.ifindex, 4);
	CU_ASSERT_EQUAL(a.prefixlen, 32);
	CU_ASSERT_EQUAL(memcmp(a.local, mine, 4), 0);
	nlmsg_free(msg);
	msg = newaddr(AF_INET, 5, 24, net, net, bcast);
	CU_ASSERT_EQUAL(mg_ifaddr_parse_raw(nlmsg_hdr(msg), &a), 0);
	CU_ASSERT_EQUAL(memcmp(a.local, net, 4), 0);
	CU_ASSERT_EQUAL(memcmp(a.broadcast, bcast, 4), 0);
	nlmsg_free(msg);
	msg = newaddr(AF_INET6, 6, 64, ll, NULL, NULL);
	CU_ASSERT_EQUAL(mg_ifaddr_parse_raw(nlmsg_hdr(msg), &a), 0);
	CU_ASSERT_EQUAL(a.family, AF_INET6);
	CU_ASSERT_EQUAL(memcmp(a.local, ll, 16), 0);
	nlmsg_free(msg);
	/* No address, or one of the wrong length, is malformed; another family is not kept. */
	msg = newaddr(AF_INET, 7, 24, NULL, NULL, NULL);
	CU_ASSERT_EQUAL(mg_ifaddr_parse_raw(nlmsg_hdr(msg), &a), -EPROTO);
	nlmsg_free(msg);
	msg = newaddr(AF_INET6, 7, 64, NULL, NULL, NULL);
	nla_put(msg, IFA_ADDRESS, 4, mine);
	CU_ASSERT_EQUAL(mg_ifaddr_parse_raw(nlmsg_hdr(msg), &a), -EPROTO);
	nlmsg_free(msg);
	msg = newaddr(AF_PACKET, 7, 0, NULL, NULL, NULL);
	CU_ASSERT_EQUAL(mg_ifaddr_parse_raw(nlmsg_hdr(msg), &a), -ENOENT);
	nlmsg_free(msg);
}

/*
 * What can be a peer: one other host on the link. This machine's own
 * addresses, loopback, unspecified, multicast and broadcast ones are not:
 * the machine answers them itself, or many hosts do.
 */
static void test_peer_kinds(void)
{
	static const struct mg_ifaddr addrs[] = {
		{ AF_INET, 3, 24, { 10, 9, 0, 1 }, { 10, 9, 0, 255 } },
		{ AF_INET, 4, 32, { 10, 20, 0, 1 }, { 0 } },	/* peer 10.20.0.2 */
		{ AF_INET6, 3, 64, { 0xfe, 0x80, [15] = 1 }, { 0 } },
		{ AF_INET, 5, 22, { 172, 16, 4, 1 }, { 0 } },	/* no IFA_BROADCAST given */
		{ AF_INET, 6, 31, { 192, 0, 2, 8 }, { 0 } },	/* a /31 has no broadcast */
	};
	static const struct { const char *address; enum mg_peer_kind kind; size_t which; } cases[] = {
		{ "0.0.0.0", MG_PEER_UNSPECIFIED, 0 }, { "::", MG_PEER_UNSPECIFIED, 0 },
		{ "127.0.0.1", MG_PEER_LOOPBACK, 0 }, { "127.3.4.5", MG_PEER_LOOPBACK, 0 },
		{ "::1", MG_PEER_LOOPBACK, 0 }, { "224.0.0.1", MG_PEER_MULTICAST, 0 },
		{ "239.255.255.250", MG_PEER_MULTICAST, 0 }, { "ff02::1", MG_PEER_MULTICAST, 0 },
		{ "255.255.255.255", MG_PEER_BROADCAST, 0 }, { "::ffff:10.9.0.2", MG_PEER_V4_MAPPED, 0 },
		{ "10.9.0.1", MG_PEER_OWN, 0 }, { "10.20.0.1", MG_PEER_OWN, 1 }, { "fe80::1", MG_PEER_OWN, 2 },
		{ "10.9.0.255", MG_PEER_SUBNET_BROADCAST, 0 }, { "172.16.7.255", MG_PEER_SUBNET_BROADCAST, 3 },
		{ "10.9.0.2", MG_PEER_HOST, 0 }, { "10.20.0.2", MG_PEER_HOST, 0 }, { "192.0.2.9", MG_PEER_HOST, 0 },
		{ "172.16.6.255", MG_PEER_HOST, 0 }, { "fe80::2", MG_PEER_HOST, 0 }, { "2001:db8::1", MG_PEER_HOST, 0 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t n = sizeof(addrs) / sizeof(addrs[0]), which = 99;
		enum mg_peer_kind kind = mg_peer_kind(cases[i].address, addrs, n, &which);

		if (kind != cases[i].kind)
			printf("%s: kind %d, not %d\n", cases[i].address, kind, cases[i].kind);
		CU_ASSERT_EQUAL(kind, cases[i].kind);
		if (kind >= MG_PEER_SUBNET_BROADCAST)
			CU_ASSERT_EQUAL(which, cases[i].which);
	}
	/* Alone, an address is judged by itself. */
	CU_ASSERT_EQUAL(mg_peer_kind("10.9.0.1", NULL, 0, NULL), MG_PEER_HOST);
}

static void test_link_identity(void)
{
	static const unsigned char ether[6] = { 0x02, 0x00, 0x5e, 0x10, 0xab, 0x0f }, ip4[4] = { 10, 0, 0, 1 };
	static const unsigned char ip6[16] = { 0xfd, [15] = 1 }, perm[6] = { 0x00, 0xe0, 0x4c, 0x68, 0x00, 0x01 };
	struct ifinfomsg ifi = { .ifi_family = AF_UNSPEC, .ifi_index = 7, .ifi_flags = IFF_UP | IFF_BROADCAST };
	struct nl_msg *msg = nlmsg_alloc_simple(RTM_NEWLINK, 0);
	struct nlattr *info;
	struct mg_link link;

	CU_ASSERT_PTR_NOT_NULL_FATAL(msg);
	nlmsg_append(msg, &ifi, sizeof(ifi), NLMSG_ALIGNTO);
	nla_put_string(msg, IFLA_IFNAME, "mv0");
	nla_put_u32(msg, IFLA_MTU, 9000);
	nla_put_u32(msg, IFLA_LINK, 3);
	nla_put_u32(msg, IFLA_MASTER, 9);
	nla_put_u8(msg, IFLA_OPERSTATE, 6); /* IF_OPER_UP */
	nla_put_u8(msg, IFLA_CARRIER, 1);
	nla_put(msg, IFLA_ADDRESS, sizeof(ether), ether);
	nla_put(msg, IFLA_PERM_ADDRESS, sizeof(perm), perm);
	info = nla_nest_start(msg, IFLA_LINKINFO);
	nla_put_string(msg, IFLA_INFO_KIND, "macvlan");
	nla_nest_end(msg, info);
	mg_link_init(&link);
	CU_ASSERT_EQUAL_FATAL(mg_link_parse_raw(nlmsg_hdr(msg), &link), 0);
	nlmsg_free(msg);
	CU_ASSERT_STRING_EQUAL(link.name, "mv0");
	CU_ASSERT_EQUAL(link.ifindex, 7);
	CU_ASSERT_EQUAL(link.flags, IFF_UP | IFF_BROADCAST);
	CU_ASSERT_STRING_EQUAL(link.kind, "macvlan");
	CU_ASSERT_STRING_EQUAL(link.operstate, "up");
	CU_ASSERT_EQUAL(link.carrier, 1);
	CU_ASSERT_EQUAL(link.mtu, 9000);
	CU_ASSERT_EQUAL(link.lower_ifindex, 3);
	CU_ASSERT_EQUAL(link.master_ifindex, 9);
	CU_ASSERT_STRING_EQUAL(link.mac, "02:00:5e:10:ab:0f");
	CU_ASSERT_STRING_EQUAL(link.perm_mac, "00:e0:4c:68:00:01");
	/* Not sent: unknown, not zero. */
	CU_ASSERT_EQUAL(link.min_mtu, MG_UNKNOWN);

	/* A tunnel's address is an IP address; its own index as its link means none; no kind. */
	for (int v = 4; v <= 6; v += 2) {
		msg = nlmsg_alloc_simple(RTM_NEWLINK, 0);
		ifi.ifi_index = 8;
		nlmsg_append(msg, &ifi, sizeof(ifi), NLMSG_ALIGNTO);
		nla_put_u32(msg, IFLA_LINK, 8);
		nla_put(msg, IFLA_ADDRESS, v == 4 ? 4 : 16, v == 4 ? ip4 : ip6);
		mg_link_init(&link);
		CU_ASSERT_EQUAL(mg_link_parse_raw(nlmsg_hdr(msg), &link), 0);
		CU_ASSERT_STRING_EQUAL(link.mac, v == 4 ? "10.0.0.1" : "fd00::1");
		CU_ASSERT_EQUAL(link.lower_ifindex, 0);
		CU_ASSERT_STRING_EQUAL(link.kind, "");
		CU_ASSERT_EQUAL(link.carrier, MG_UNKNOWN);
		nlmsg_free(msg);
	}

	/* A veth's IFLA_LINK is its peer, beside it: no lower device. */
	msg = nlmsg_alloc_simple(RTM_NEWLINK, 0);
	ifi.ifi_index = 8;
	nlmsg_append(msg, &ifi, sizeof(ifi), NLMSG_ALIGNTO);
	nla_put_u32(msg, IFLA_LINK, 9);
	info = nla_nest_start(msg, IFLA_LINKINFO);
	nla_put_string(msg, IFLA_INFO_KIND, "veth");
	nla_nest_end(msg, info);
	mg_link_init(&link);
	CU_ASSERT_EQUAL(mg_link_parse_raw(nlmsg_hdr(msg), &link), 0);
	CU_ASSERT_STRING_EQUAL(link.kind, "veth");
	CU_ASSERT_EQUAL(link.lower_ifindex, 0);
	nlmsg_free(msg);

	/* Shorter than its header: not a link. */
	msg = nlmsg_alloc_simple(RTM_NEWLINK, 0);
	nlmsg_append(msg, &ifi, 4, NLMSG_ALIGNTO);
	mg_link_init(&link);
	CU_ASSERT_EQUAL(mg_link_parse_raw(nlmsg_hdr(msg), &link), -EPROTO);
	nlmsg_free(msg);
}

/* ---- text ---- */

static void test_interrupts_parse(void)
{
	static const char text[] =
		"           CPU0       CPU1       CPU3\n"
		"  0:         36          0          0  IR-IO-APIC    2-edge      timer\n"
		" 38:          0        632          7  PCI-MSIX-0000:00:03.0   1-edge      virtio2-input.0\n"
		" 45:          1          2          3  GICv2 189 Level     eth0, eth1\n"
		" 46:          1          2\n"
		" 47:         12          0          0  PCI-MSI 524288 Edge\n"
		"NMI:          0          0          0   Non-maskable interrupts\n"
		"ERR:          0\n";
	struct mg_interrupts in;
	const struct mg_interrupt_line *l;

	CU_ASSERT_EQUAL_FATAL(mg_interrupts_parse(text, sizeof(text) - 1, &in), 0);
	CU_ASSERT_EQUAL(in.ncpus, 3);
	CU_ASSERT_EQUAL(in.cpus[2], 3);
	CU_ASSERT_EQUAL(in.nlines, 5);
	l = mg_interrupts_find(&in, 38);
	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	CU_ASSERT_STRING_EQUAL(l->name, "virtio2-input.0");
	CU_ASSERT_PTR_NOT_NULL_FATAL(l->counts);
	CU_ASSERT(l->counts[0] == 0 && l->counts[1] == 632 && l->counts[2] == 7);
	l = mg_interrupts_find(&in, 45);
	CU_ASSERT_STRING_EQUAL(l->name, "eth0, eth1");
	/* Fewer counts than CPUs: no count is taken for any. */
	l = mg_interrupts_find(&in, 46);
	CU_ASSERT_PTR_NULL(l->counts);
	CU_ASSERT_PTR_NULL(mg_interrupts_find(&in, 9));
	mg_interrupts_free(&in);

	CU_ASSERT_EQUAL(mg_interrupts_parse("", 0, &in), -EBADMSG);
	CU_ASSERT_EQUAL(mg_interrupts_parse("  0: 1 2 timer\n", 15, &in), -EBADMSG);
	CU_ASSERT_EQUAL(mg_interrupts_parse("CPU0 CPUx\n", 10, &in), -EBADMSG);
	/* Text cut anywhere parses or is refused, never read past. */
	for (size_t n = 0; n < sizeof(text) - 1; n++) {
		if (mg_interrupts_parse(text, n, &in) == 0)
			mg_interrupts_free(&in);
	}
}

static void test_cpulist(void)
{
	CU_ASSERT_EQUAL(mg_cpulist_count("0-3"), 4);
	CU_ASSERT_EQUAL(mg_cpulist_count("0-3,8,10-11\n"), 7);
	CU_ASSERT_EQUAL(mg_cpulist_count("5"), 1);
	CU_ASSERT_EQUAL(mg_cpulist_count(""), 0);
	CU_ASSERT_EQUAL(mg_cpulist_count("3-1"), -EINVAL);
	CU_ASSERT_EQUAL(mg_cpulist_count("0-"), -EINVAL);
	CU_ASSERT_EQUAL(mg_cpulist_count("0,,1"), -EINVAL);
	CU_ASSERT_EQUAL(mg_cpulist_count("0-99999999999999999999"), -EINVAL);
	CU_ASSERT_EQUAL(mg_cpulist_count("ff"), -EINVAL);
}

static void test_driver_counters_text(void)
{
	struct mg_counter in[3] = { { "rx_missed", 912377 }, { "Queue[0] InPackets", 5 },
				    { "tx", 18446744073709551615ULL } };
	struct mg_counter *out = NULL;
	static const char bad[] = "12 ok\nx y\n99999999999999999999 big\n7\n8 \n9 fine";
	size_t n = 0, len;
	char *text;

	CU_ASSERT_EQUAL_FATAL(mg_dstats_format(in, 3, &text, &len), 0);
	CU_ASSERT_EQUAL_FATAL(mg_dstats_parse(text, len, &out, &n), 0);
	CU_ASSERT_EQUAL(n, 3);
	CU_ASSERT_STRING_EQUAL(out[1].name, "Queue[0] InPackets");
	CU_ASSERT_EQUAL(out[0].value, 912377);
	CU_ASSERT_EQUAL(out[2].value, 18446744073709551615ULL);
	free(out);
	free(text);
	/* Lines that are not counters are left out, not misread. */
	CU_ASSERT_EQUAL_FATAL(mg_dstats_parse(bad, sizeof(bad) - 1, &out, &n), 0);
	CU_ASSERT_EQUAL(n, 2);
	CU_ASSERT_STRING_EQUAL(out[0].name, "ok");
	CU_ASSERT_STRING_EQUAL(out[1].name, "fine");
	free(out);
	/* An empty record: the driver had none. */
	CU_ASSERT_EQUAL(mg_dstats_parse("", 0, &out, &n), -EOPNOTSUPP);
}

static void test_usb_class_names(void)
{
	CU_ASSERT_STRING_EQUAL(mg_usb_interface_class_name(0xff, 0xff, 0), "vendor-specific");
	CU_ASSERT_STRING_EQUAL(mg_usb_interface_class_name(0x02, 0x0d, 0), "cdc-ncm");
	CU_ASSERT_STRING_EQUAL(mg_usb_interface_class_name(0x02, 0x06, 0), "cdc-ecm");
	CU_ASSERT_STRING_EQUAL(mg_usb_interface_class_name(0xe0, 0x01, 0x03), "rndis");
	CU_ASSERT_PTR_NULL(mg_usb_interface_class_name(0x08, 0x06, 0x50));
	CU_ASSERT_TRUE(mg_usb_driver_is_generic("cdc_ncm"));
	CU_ASSERT_TRUE(mg_usb_driver_is_generic("cdc_ether"));
	CU_ASSERT_FALSE(mg_usb_driver_is_generic("r8152"));
	CU_ASSERT_FALSE(mg_usb_driver_is_generic(NULL));
}

/* ---- fixture trees ---- */

static struct mg_ctx *open_tree(const char *name)
{
	char root[4096];
	struct mg_ctx *ctx = NULL;

	snprintf(root, sizeof(root), "%s/%s", FIXTURE_TREES, name);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(root, &ctx), 0);
	return ctx;
}

static struct mg_nic *lookup(struct mg_ctx *ctx, const char *name)
{
	struct mg_nic *nic = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, name, &nic), 0);
	return nic;
}

static int temp(const struct mg_temps *t, size_t i, enum mg_temp_value which)
{
	int milli = -123456789;

	return mg_temps_get(t, i, which, &milli) == 0 ? milli : -123456789;
}

static void test_sensors_rtl8126_phy(void)
{
	struct mg_ctx *ctx = open_tree("sensors-pc");
	struct mg_nic *nic = lookup(ctx, "enp1s0");
	struct mg_temps *t = NULL;
	int milli;
	char *text = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_temps_read_for_nic(ctx, nic, &t), 0);
	CU_ASSERT_EQUAL_FATAL(mg_temps_get_count(t), 1);
	CU_ASSERT_STRING_EQUAL(mg_temps_get_chip(t, 0), "r8169_0_100:00");
	CU_ASSERT_STRING_EQUAL(mg_temps_get_source(t, 0), "phy");
	CU_ASSERT_STRING_EQUAL(mg_temps_get_sensor(t, 0), "temp1");
	CU_ASSERT_PTR_NULL(mg_temps_get_label(t, 0));
	CU_ASSERT_EQUAL(temp(t, 0, MG_TEMP_INPUT), 122000);
	CU_ASSERT_EQUAL(temp(t, 0, MG_TEMP_MAX), 120000);
	CU_ASSERT_EQUAL(mg_temps_get(t, 0, MG_TEMP_CRIT, &milli), -ENODATA);
	CU_ASSERT_EQUAL(mg_temps_get_alarm(t, 0), 1);
	CU_ASSERT_EQUAL(mg_temps_get(t, 1, MG_TEMP_INPUT, &milli), -EINVAL);
	/* Over its limit the PHY fell back to 1 Gbit/s. */
	CU_ASSERT_EQUAL(mg_nic_get_speed_mbps(nic), 1000);
	mg_check_text(mg_temps_to_text(t, &text), &text,
		   "temperature:       temp1 122.0 °C, max 120.0 °C, ALARM (phy r8169_0_100:00)\n");
	CU_ASSERT_EQUAL(mg_temps_to_text(NULL, &text), -EINVAL);
	CU_ASSERT_EQUAL(mg_temps_to_text(t, NULL), -EINVAL);
	mg_temps_free(t);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
}

static void test_sensors_aqc107_device(void)
{
	struct mg_ctx *ctx = open_tree("sensors-pc");
	struct mg_nic *nic = lookup(ctx, "enp2s0");
	struct mg_temps *t = NULL;
	char *text = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_temps_read_for_nic(ctx, nic, &t), 0);
	CU_ASSERT_EQUAL_FATAL(mg_temps_get_count(t), 2);
	for (size_t i = 0; i < 2; i++) {
		CU_ASSERT_STRING_EQUAL(mg_temps_get_chip(t, i), "eth1");
		CU_ASSERT_STRING_EQUAL(mg_temps_get_source(t, i), "device");
		CU_ASSERT_EQUAL(mg_temps_get_alarm(t, i), MG_UNKNOWN);
		CU_ASSERT_EQUAL(temp(t, i, MG_TEMP_MAX), -123456789);
	}
	CU_ASSERT_STRING_EQUAL(mg_temps_get_label(t, 0), "PHY Temperature");
	CU_ASSERT_EQUAL(temp(t, 0, MG_TEMP_INPUT), 68750);
	CU_ASSERT_STRING_EQUAL(mg_temps_get_label(t, 1), "MAC Temperature");
	CU_ASSERT_EQUAL(temp(t, 1, MG_TEMP_INPUT), 71000);
	/* A line each, the label for the sensor's name. */
	mg_check_text(mg_temps_to_text(t, &text), &text,
		   "temperature:       PHY Temperature 68.8 °C (device eth1)\n"
		   "                   MAC Temperature 71.0 °C (device eth1)\n");
	mg_temps_free(t);
	mg_nic_unref(nic);

	/* A software interface has no sensors to look for. */
	nic = lookup(ctx, "lo");
	CU_ASSERT_EQUAL_FATAL(mg_temps_read_for_nic(ctx, nic, &t), 0);
	CU_ASSERT_EQUAL(mg_temps_get_count(t), 0);
	mg_check_text(mg_temps_to_text(t, &text), &text, "");
	mg_temps_free(t);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
}

/* A sensor that answers no number: its line says so, its JSON has null. */
static void test_sensor_unreadable(void)
{
	char tmp[4096], cmd[8600], path[4400];
	struct mg_ctx *ctx = NULL;
	struct mg_nic *nic;
	struct mg_temps *t = NULL;
	char *text = NULL, *json = NULL;
	FILE *f;

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, 4096));
	snprintf(cmd, sizeof(cmd), "cp -a '%s/sensors-pc' '%s/t'", FIXTURE_TREES, tmp);
	CU_ASSERT_EQUAL_FATAL(system(cmd), 0);
	snprintf(path, sizeof(path), "%s/t/devices/pci0000:00/0000:00:1c.4/0000:02:00.0/hwmon/hwmon4/temp2_input", tmp);
	f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs("garbage\n", f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/t", tmp);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(path, &ctx), 0);
	nic = lookup(ctx, "enp2s0");
	CU_ASSERT_EQUAL_FATAL(mg_temps_read_for_nic(ctx, nic, &t), 0);
	mg_check_text(mg_temps_to_text(t, &text), &text,
		   "temperature:       PHY Temperature 68.8 °C (device eth1)\n"
		   "                   MAC Temperature unreadable now (device eth1)\n");
	CU_ASSERT_EQUAL_FATAL(mg_temps_to_json(t, MG_JSON_LINE, &json), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"label\":\"MAC Temperature\",\"celsius\":null,"));
	free(json);
	mg_temps_free(t);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
	rm_tree(tmp);
}

static uint64_t count_on(const struct mg_irqs *r, size_t vector, int cpu)
{
	uint64_t v = 0;

	for (size_t c = 0; c < mg_irqs_get_cpu_count(r); c++)
		if (mg_irqs_get_cpu(r, c) == cpu)
			CU_ASSERT_EQUAL(mg_irqs_get_cpu_interrupts(r, vector, c, &v), 0);
	return v;
}

static void test_irqs_spread(void)
{
	struct mg_ctx *ctx = open_tree("sensors-pc");
	struct mg_nic *nic = lookup(ctx, "enp2s0");
	struct mg_irqs *r = NULL;
	char *text = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_irqs_read_for_nic(ctx, nic, &r), 0);
	CU_ASSERT_EQUAL(mg_irqs_get_online_cpus(r), 4);
	CU_ASSERT_EQUAL(mg_irqs_get_cpu_count(r), 4);
	CU_ASSERT_EQUAL_FATAL(mg_irqs_get_count(r), 5);
	for (size_t i = 0; i < 4; i++) {
		char cpu[8];

		CU_ASSERT_EQUAL(mg_irqs_get_irq(r, i), 130 + (int)i);
		CU_ASSERT_STRING_EQUAL(mg_irqs_get_name(r, i), "enp2s0");
		CU_ASSERT_STRING_EQUAL(mg_irqs_get_mode(r, i), "msix");
		snprintf(cpu, sizeof(cpu), "%zu", i);
		CU_ASSERT_STRING_EQUAL(mg_irqs_get_effective_affinity(r, i), cpu);
		CU_ASSERT(count_on(r, i, (int)i) > 2000000);
	}
	CU_ASSERT_STRING_EQUAL(mg_irqs_get_affinity(r, 4), "0-3");
	CU_ASSERT_EQUAL(mg_irqs_get_queue_count(r, 0), 4);
	CU_ASSERT_EQUAL(mg_irqs_get_queue_count(r, 1), 4);
	CU_ASSERT_STRING_EQUAL(mg_irqs_get_queue_name(r, 1, 3), "tx-3");
	CU_ASSERT_STRING_EQUAL(mg_irqs_get_queue_cpus(r, 1, 3), "8");
	CU_ASSERT_STRING_EQUAL(mg_irqs_get_queue_cpus(r, 0, 0), "0");
	CU_ASSERT_PTR_NULL(mg_irqs_get_queue_name(r, 1, 4));
	/* A line per vector, the queues' CPUs as set takes them. */
	mg_check_text(mg_irqs_to_text(r, &text), &text,
		   "interrupts:        130 enp2s0 cpu0:2291044 cpu1:0 cpu2:0 cpu3:0, may run on 0, runs on 0\n"
		   "                   131 enp2s0 cpu0:0 cpu1:2301877 cpu2:0 cpu3:0, may run on 1, runs on 1\n"
		   "                   132 enp2s0 cpu0:0 cpu1:0 cpu2:2287310 cpu3:0, may run on 2, runs on 2\n"
		   "                   133 enp2s0 cpu0:0 cpu1:0 cpu2:0 cpu3:2240103, may run on 3, runs on 3\n"
		   "                   134 enp2s0 cpu0:2 cpu1:0 cpu2:0 cpu3:0, may run on 0-3, runs on 0\n"
		   "rps cpus:          rx-0:none rx-1:none rx-2:none rx-3:none\n"
		   "xps cpus:          tx-0:0 tx-1:1 tx-2:2 tx-3:3\n"
		   "online cpus:       4\n");
	CU_ASSERT_EQUAL(mg_irqs_to_text(NULL, &text), -EINVAL);
	CU_ASSERT_EQUAL(mg_irqs_to_text(r, NULL), -EINVAL);
	mg_irqs_free(r);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
}

/* A queue's CPUs: set's argument in text, the kernel's mask and a list in JSON; past CPU 63 the mask alone. */
static void test_queue_masks(void)
{
	char tmp[4096], cmd[8600], path[4400];
	struct mg_ctx *ctx = NULL;
	struct mg_nic *nic;
	struct mg_irqs *r = NULL;
	char *text = NULL, *json = NULL;
	FILE *f;

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, 4096));
	snprintf(cmd, sizeof(cmd), "cp -a '%s/sensors-pc' '%s/t'", FIXTURE_TREES, tmp);
	CU_ASSERT_EQUAL_FATAL(system(cmd), 0);
	for (int q = 1; q <= 2; q++) {
		snprintf(path, sizeof(path), "%s/t/devices/pci0000:00/0000:00:1c.4/0000:02:00.0/net/enp2s0/queues/"
			 "rx-%d/rps_cpus", tmp, q);
		f = fopen(path, "w");
		CU_ASSERT_PTR_NOT_NULL_FATAL(f);
		fputs(q == 1 ? "0000000b\n" : "1,00000000,00000001\n", f);
		fclose(f);
	}
	snprintf(path, sizeof(path), "%s/t", tmp);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(path, &ctx), 0);
	nic = lookup(ctx, "enp2s0");
	CU_ASSERT_EQUAL_FATAL(mg_irqs_read_for_nic(ctx, nic, &r), 0);
	CU_ASSERT_EQUAL_FATAL(mg_irqs_to_text(r, &text), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "\nrps cpus:          rx-0:none rx-1:0-1,3 rx-2:(mask 1,00000000,00000001) "
					    "rx-3:none\n"));
	free(text);
	CU_ASSERT_EQUAL_FATAL(mg_irqs_to_json(r, MG_JSON_LINE, &json), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "{\"queue\":\"rx-0\",\"rps_cpus\":\"0\",\"rps_cpus_list\":\"\"},"
					    "{\"queue\":\"rx-1\",\"rps_cpus\":\"0000000b\","
					    "\"rps_cpus_list\":\"0-1,3\"},{\"queue\":\"rx-2\","
					    "\"rps_cpus\":\"1,00000000,00000001\",\"rps_cpus_list\":null}"));
	free(json);
	mg_irqs_free(r);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
	rm_tree(tmp);
}

/* Every receive interrupt on CPU 0: the Pi 5 story. */
static void test_irqs_all_on_cpu0(void)
{
	struct mg_ctx *ctx = open_tree("pi5-irq-cpu0");
	struct mg_nic *nic = lookup(ctx, "eth1");
	struct mg_irqs *r = NULL;
	struct mg_stats *s = NULL;
	uint64_t v;
	char *text = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_irqs_read_for_nic(ctx, nic, &r), 0);
	CU_ASSERT_EQUAL_FATAL(mg_irqs_get_count(r), 1);
	CU_ASSERT_EQUAL(mg_irqs_get_irq(r, 0), 160);
	CU_ASSERT_STRING_EQUAL(mg_irqs_get_mode(r, 0), "msi");
	CU_ASSERT_STRING_EQUAL(mg_irqs_get_name(r, 0), "eth1");
	CU_ASSERT_EQUAL(count_on(r, 0, 0), 33012944);
	for (int cpu = 1; cpu < 4; cpu++)
		CU_ASSERT_EQUAL(count_on(r, 0, cpu), 0);
	CU_ASSERT_STRING_EQUAL(mg_irqs_get_affinity(r, 0), "0-3");
	CU_ASSERT_STRING_EQUAL(mg_irqs_get_effective_affinity(r, 0), "0");
	CU_ASSERT_EQUAL(mg_irqs_get_queue_count(r, 0), 1);
	CU_ASSERT_STRING_EQUAL(mg_irqs_get_queue_cpus(r, 0, 0), "0");
	CU_ASSERT_EQUAL(mg_irqs_get_queue_count(r, 1), 0);
	mg_check_text(mg_irqs_to_text(r, &text), &text,
		   "interrupts:        160 eth1 cpu0:33012944 cpu1:0 cpu2:0 cpu3:0, may run on 0-3, runs on 0\n"
		   "rps cpus:          rx-0:none\n"
		   "online cpus:       4\n");
	mg_irqs_free(r);

	/* ...and the frames it could not take in time. */
	CU_ASSERT_EQUAL_FATAL(mg_stats_read_for_nic(ctx, nic, &s), 0);
	CU_ASSERT_EQUAL(mg_stats_get(s, MG_STAT_RX_MISSED_ERRORS, &v), 0);
	CU_ASSERT_EQUAL(v, 912377);
	CU_ASSERT_EQUAL(mg_stats_driver_count(s), 13);
	CU_ASSERT_STRING_EQUAL(mg_stats_driver_name(s, 4), "rx_missed");
	CU_ASSERT_EQUAL(mg_stats_driver_get(s, 4, &v), 0);
	CU_ASSERT_EQUAL(v, 912377);
	/* A capture without STATS_GET or LINKSTATE: those stay unknown. */
	CU_ASSERT_FALSE(mg_stats_group_reported(s, MG_STATS_ETH_MAC));
	CU_ASSERT_EQUAL(mg_stats_get(s, MG_STAT_LINK_DOWN_EVENTS, &v), -ENODATA);
	/* show's summary: the one error that is not zero, the driver's counters only counted. */
	mg_check_text(mg_stats_to_text(s, &text), &text,
		   "counters:          rx 31700211 packets 47300112930 bytes, tx 9844120 packets 651020881 bytes\n"
		   "errors, drops:     rx_missed_errors 912377\n"
		   "carrier:           2 changes (1 up, 1 down)\n"
		   "driver counters:   13 (listed by show --json)\n");
	CU_ASSERT_EQUAL(mg_stats_to_text(NULL, &text), -EINVAL);
	CU_ASSERT_EQUAL(mg_stats_to_text(s, NULL), -EINVAL);
	mg_stats_free(s);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
}

static void test_usb_on_usb2_port(void)
{
	struct mg_ctx *ctx = open_tree("usb-adapters");
	struct mg_nic *nic = lookup(ctx, "enx245ebe000001");
	struct mg_usb_info *u = NULL;
	const struct mg_usb_device *d;
	char *text = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_usb_info_read_for_nic(ctx, nic, &u), 0);
	d = mg_usb_info_get_device(u);
	CU_ASSERT_STRING_EQUAL(mg_usb_device_get_name(d), "1-1.2");
	CU_ASSERT_EQUAL(mg_usb_device_get_vendor_id(d), 0x1c04);
	CU_ASSERT_EQUAL(mg_usb_device_get_speed_mbps(d), 480);
	CU_ASSERT_STRING_EQUAL(mg_usb_device_get_version(d), "2.10");
	CU_ASSERT_EQUAL(mg_usb_info_get_port_speed_mbps(u), 480);
	CU_ASSERT_STRING_EQUAL(mg_usb_info_get_port_version(u), "2.00");
	CU_ASSERT_STRING_EQUAL(mg_usb_info_get_driver(u), "aqc111");
	CU_ASSERT_STRING_EQUAL(mg_usb_info_get_interface_class(u), "vendor-specific");
	CU_ASSERT_EQUAL(mg_usb_info_is_generic_driver(u), 0);
	CU_ASSERT_STRING_EQUAL(mg_usb_info_get_vendor_driver(u), "aqc111");
	CU_ASSERT_EQUAL(mg_usb_info_vendor_driver_loaded(u), 1);
	CU_ASSERT_EQUAL_FATAL(mg_usb_info_get_hub_count(u), 2);
	CU_ASSERT_STRING_EQUAL(mg_usb_device_get_name(mg_usb_info_get_hub(u, 0)), "1-1");
	CU_ASSERT_EQUAL(mg_usb_device_get_port_count(mg_usb_info_get_hub(u, 0)), 4);
	CU_ASSERT_STRING_EQUAL(mg_usb_device_get_name(mg_usb_info_get_hub(u, 1)), "usb1");
	CU_ASSERT_EQUAL_FATAL(mg_usb_info_get_peer_count(u), 2);
	CU_ASSERT_STRING_EQUAL(mg_usb_device_get_name(mg_usb_info_get_peer(u, 0)), "1-1.1");
	CU_ASSERT_EQUAL(mg_usb_device_get_speed_mbps(mg_usb_info_get_peer(u, 0)), 1);
	CU_ASSERT_EQUAL(mg_usb_device_get_port_count(mg_usb_info_get_peer(u, 0)), MG_UNKNOWN);
	CU_ASSERT_STRING_EQUAL(mg_usb_device_get_product(mg_usb_info_get_peer(u, 1)), "C270 HD WEBCAM");
	CU_ASSERT_PTR_NULL(mg_usb_info_get_peer(u, 2));
	/* Without a verdict, the path alone: a line per hub and per device beside it. */
	mg_check_text(mg_usb_info_to_text(u, NULL, &text), &text,
		   "usb device:        1-1.2 at 480 Mbit/s (USB 2.10) in a port of 480 Mbit/s (USB 2.00)\n"
		   "usb driver:        aqc111 (vendor-specific interface); configuration 1 of 1\n"
		   "usb hubs:          1-1 (USB2.0 Hub) 480 Mbit/s\n"
		   "                   usb1 (xHCI Host Controller) 480 Mbit/s\n"
		   "same root hub:     1-1.1 (USB Keyboard) 1 Mbit/s\n"
		   "                   1-1.3 (C270 HD WEBCAM) 480 Mbit/s\n"
		   "usb controller:    0000:00:14.0 (xhci_hcd), a PCI function: every device below it shares its PCIe "
		   "link (multigig pcie)\n");
	CU_ASSERT_EQUAL(mg_usb_info_to_text(NULL, NULL, &text), -EINVAL);
	CU_ASSERT_EQUAL(mg_usb_info_to_text(u, NULL, NULL), -EINVAL);
	mg_usb_info_free(u);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
}

/*
 * The Pi 4: a 5G USB adapter on the VL805's USB 3 root hub. The controller
 * is the PCI function above the root hub; the adapter's PCIe path is the
 * controller's, whose one Gen 2 lane sets the ceiling below the USB link's.
 */
static void test_usb_host_controller_link(void)
{
	struct mg_ctx *ctx = open_tree("pi4-vl805");
	struct mg_nic *nic = lookup(ctx, "eth1");
	struct mg_usb_info *u = NULL;
	struct mg_pcie_path *path = NULL;
	struct mg_throughput *t = NULL;
	const struct mg_pcie_node *ctl;
	struct mg_doctor *d = NULL;
	bool found = false;
	char *text = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_usb_info_read_for_nic(ctx, nic, &u), 0);
	CU_ASSERT_STRING_EQUAL(mg_usb_info_get_controller(u), "0000:01:00.0");
	CU_ASSERT_EQUAL(mg_usb_info_controller_is_pci(u), 1);
	CU_ASSERT_STRING_EQUAL(mg_usb_info_get_controller_driver(u), "xhci_hcd");
	CU_ASSERT_STRING_EQUAL(mg_usb_device_get_name(mg_usb_info_get_hub(u, 0)), "usb2");
	CU_ASSERT_EQUAL_FATAL(mg_pcie_path_new_for_nic(ctx, nic, &path), 0);
	CU_ASSERT_EQUAL_FATAL(mg_pcie_path_count(path), 2);
	ctl = mg_pcie_path_get(path, 0);
	CU_ASSERT_STRING_EQUAL(mg_pcie_node_get_address(ctl), "0000:01:00.0");
	CU_ASSERT_EQUAL(mg_pcie_node_get_vendor_id(ctl), 0x1106);
	CU_ASSERT_EQUAL(mg_pcie_node_get_device_id(ctl), 0x3483);
	CU_ASSERT_DOUBLE_EQUAL(mg_pcie_node_get_speed_gts(ctl), 5.0, 1e-9);
	CU_ASSERT_EQUAL(mg_pcie_node_get_width(ctl), 1);
	CU_ASSERT_EQUAL(mg_pcie_path_get_available_mbps(path), 4000);
	/* min(USB 5 Gbit/s link: about 3600 Mbit/s of data; the controller's 5 GT/s x1: less). */
	CU_ASSERT_EQUAL_FATAL(mg_throughput_new(nic, path, &t), 0);
	CU_ASSERT_EQUAL(mg_throughput_get_usb_ceiling_mbps(t), 3600);
	CU_ASSERT_EQUAL(mg_throughput_get_limited_by(t, MG_DIRECTION_RX), MG_LIMIT_PCIE);
	CU_ASSERT_EQUAL(mg_throughput_get_limited_by(t, MG_DIRECTION_TX), MG_LIMIT_PCIE);
	CU_ASSERT(mg_throughput_get_expected_gbps(t, MG_DIRECTION_RX) < 3.6 * 0.9649 &&
		  mg_throughput_get_expected_gbps(t, MG_DIRECTION_RX) > 2.9);
	CU_ASSERT_DOUBLE_EQUAL(mg_throughput_get_expected_gbps(t, MG_DIRECTION_RX), 2.955, 0.001);
	/* The bus ceiling first, then the path; show prints the ceiling alone, with the verdict. */
	mg_check_text(mg_usb_info_to_text(u, t, &text), &text,
		   "usb ceiling:       5000 Mbit/s link carries 4000 Mbit/s after line coding; about 3600 Mbit/s after "
		   "an estimated 10% protocol overhead\n"
		   "usb device:        2-1 at 5000 Mbit/s (USB 3.20) in a port of 5000 Mbit/s (USB 3.00)\n"
		   "usb driver:        aqc111 (vendor-specific interface); configuration 1 of 1\n"
		   "usb hubs:          usb2 (xHCI Host Controller) 5000 Mbit/s\n"
		   "usb controller:    0000:01:00.0 (xhci_hcd), a PCI function: every device below it shares its PCIe "
		   "link (multigig pcie)\n");
	mg_check_text(mg_usb_info_to_text(NULL, t, &text), &text,
		   "usb ceiling:       5000 Mbit/s link carries 4000 Mbit/s after line coding; about 3600 Mbit/s after "
		   "an estimated 10% protocol overhead\n");
	/* Without the controller's path the USB link sets it, as before. */
	mg_throughput_free(t);
	CU_ASSERT_EQUAL_FATAL(mg_throughput_new(nic, NULL, &t), 0);
	CU_ASSERT_EQUAL(mg_throughput_get_limited_by(t, MG_DIRECTION_RX), MG_LIMIT_USB);
	mg_throughput_free(t);
	/* The doctor names the controller's link, not the adapter's. */
	CU_ASSERT_EQUAL_FATAL(mg_doctor_run(ctx, nic, 0, &d), 0);
	for (size_t i = 0; i < mg_doctor_count(d); i++) {
		const struct mg_finding *f = mg_doctor_get(d, i);

		CU_ASSERT_STRING_NOT_EQUAL(mg_finding_get_id(f), "pcie-ceiling-below-ethernet");
		if (strcmp(mg_finding_get_id(f), "usb-controller-pcie-limit"))
			continue;
		found = true;
		CU_ASSERT_EQUAL(mg_finding_get_severity(f), MG_SEVERITY_CRITICAL);
		CU_ASSERT_STRING_EQUAL(mg_finding_get_title(f), "the USB host controller's PCIe link caps this adapter at "
								"2.96 Gbit/s, below its USB and Ethernet links");
		{
			double gbps = -1;

			CU_ASSERT_PTR_NOT_NULL(mg_finding_get_impact(f, &gbps));
			CU_ASSERT_DOUBLE_EQUAL(gbps, 2.955, 0.001);
		}
	}
	CU_ASSERT_TRUE(found);
	mg_doctor_free(d);
	mg_pcie_path_free(path);
	mg_usb_info_free(u);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
}

/* A controller whose config space the tree lacks (usb-adapters' xHCI): no path, the USB link's ceiling. */
static void test_usb_controller_without_path(void)
{
	struct mg_ctx *ctx = open_tree("usb-adapters");
	struct mg_nic *nic = lookup(ctx, "enx00e04c680002");
	struct mg_usb_info *u = NULL;
	struct mg_pcie_path *path = (struct mg_pcie_path *)1;

	CU_ASSERT_EQUAL_FATAL(mg_usb_info_read_for_nic(ctx, nic, &u), 0);
	CU_ASSERT_STRING_EQUAL(mg_usb_info_get_controller(u), "0000:00:14.0");
	CU_ASSERT_EQUAL(mg_pcie_path_new_for_nic(ctx, nic, &path), -ENXIO);
	CU_ASSERT_PTR_NULL(path);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "the PCIe path of its host controller: 0000:00:14.0"));
	mg_usb_info_free(u);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
}

static void test_usb_claimed_by_cdc_ncm(void)
{
	struct mg_ctx *ctx = open_tree("usb-adapters");
	struct mg_nic *nic = lookup(ctx, "enx00e04c680002");
	struct mg_usb_info *u = NULL;
	char *text = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_usb_info_read_for_nic(ctx, nic, &u), 0);
	CU_ASSERT_EQUAL(mg_usb_device_get_speed_mbps(mg_usb_info_get_device(u)), 5000);
	CU_ASSERT_EQUAL(mg_usb_info_get_port_speed_mbps(u), 10000);
	CU_ASSERT_STRING_EQUAL(mg_usb_info_get_driver(u), "cdc_ncm");
	CU_ASSERT_STRING_EQUAL(mg_usb_info_get_interface_class(u), "cdc-ncm");
	CU_ASSERT_EQUAL(mg_usb_info_is_generic_driver(u), 1);
	CU_ASSERT_STRING_EQUAL(mg_usb_info_get_vendor_driver(u), "r8152");
	CU_ASSERT_EQUAL(mg_usb_info_vendor_driver_loaded(u), 0);
	CU_ASSERT_EQUAL(mg_usb_info_get_configuration(u), 2);
	CU_ASSERT_EQUAL(mg_usb_info_get_configuration_count(u), 2);
	CU_ASSERT_EQUAL_FATAL(mg_usb_info_get_hub_count(u), 1);
	CU_ASSERT_STRING_EQUAL(mg_usb_device_get_version(mg_usb_info_get_hub(u, 0)), "3.10");
	CU_ASSERT_EQUAL_FATAL(mg_usb_info_get_peer_count(u), 1);
	CU_ASSERT_STRING_EQUAL(mg_usb_device_get_name(mg_usb_info_get_peer(u, 0)), "2-2");
	/* The chip's own driver named beside the class driver that holds it. */
	mg_check_text(mg_usb_info_to_text(u, NULL, &text), &text,
		   "usb device:        2-1 at 5000 Mbit/s (USB 3.20) in a port of 10000 Mbit/s (USB 3.10)\n"
		   "usb driver:        cdc_ncm (cdc-ncm interface); a generic class driver: the chip's own is r8152, "
		   "not loaded; configuration 2 of 2\n"
		   "usb hubs:          usb2 (xHCI Host Controller) 10000 Mbit/s\n"
		   "same root hub:     2-2 (PSSD T7) 10000 Mbit/s\n"
		   "usb controller:    0000:00:14.0 (xhci_hcd), a PCI function: every device below it shares its PCIe "
		   "link (multigig pcie)\n");
	mg_usb_info_free(u);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
}

static void test_usb_info_refused_elsewhere(void)
{
	struct mg_ctx *ctx = open_tree("sensors-pc");
	struct mg_nic *nic = lookup(ctx, "enp1s0");
	struct mg_usb_info *u = NULL;

	CU_ASSERT_EQUAL(mg_usb_info_read_for_nic(ctx, nic, &u), -ENODEV);
	CU_ASSERT_PTR_NULL(u);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "not a USB adapter"));
	CU_ASSERT_EQUAL(mg_usb_info_read_for_nic(ctx, NULL, &u), -EINVAL);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
}

/* STATS_GET replayed: a group the driver filled, and groups a driver left empty. */
static void test_standard_groups_replayed(void)
{
	struct mg_ctx *ctx = open_tree("sensors-pc");
	struct mg_nic *nic = lookup(ctx, "enp1s0");
	struct mg_stats *s = NULL;
	uint64_t v;
	char *text = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_stats_read_for_nic(ctx, nic, &s), 0);
	CU_ASSERT_TRUE(mg_stats_group_reported(s, MG_STATS_ETH_MAC));
	CU_ASSERT_EQUAL(mg_stats_group_get(s, MG_STATS_ETH_MAC, 3, &v), 0);
	CU_ASSERT_EQUAL(v, 48213977);
	CU_ASSERT_EQUAL(mg_stats_group_get(s, MG_STATS_ETH_MAC, 8, &v), -ENODATA);
	CU_ASSERT_FALSE(mg_stats_group_reported(s, MG_STATS_RMON));
	CU_ASSERT_FALSE(mg_stats_group_reported(s, MG_STATS_ETH_CTRL));
	mg_check_text(mg_stats_to_text(s, &text), &text,
		   "counters:          rx 48213977 packets 70215384412 bytes, tx 21087342 packets 1612874210 bytes\n"
		   "carrier:           14 changes (7 up, 7 down)\n"
		   "standard counters: eth-mac (8 of 22)\n"
		   "driver counters:   13 (listed by show --json)\n");
	mg_stats_free(s);
	mg_nic_unref(nic);
	nic = lookup(ctx, "enp2s0");
	CU_ASSERT_EQUAL_FATAL(mg_stats_read_for_nic(ctx, nic, &s), 0);
	for (int g = 0; g < MG_STATS_GROUP_COUNT; g++)
		CU_ASSERT_FALSE(mg_stats_group_reported(s, (enum mg_stats_group)g));
	CU_ASSERT_EQUAL(mg_stats_driver_count(s), 10);
	mg_stats_free(s);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
}

/* A capture made before counters were recorded: every one unknown, none 0. */
static void test_old_capture_has_no_counters(void)
{
	struct mg_ctx *ctx = open_tree("desktop");
	struct mg_nic *nic = lookup(ctx, "enp1s0");
	struct mg_stats *s = NULL;
	uint64_t v;
	char *text = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_stats_read_for_nic(ctx, nic, &s), 0);
	for (int i = 0; i < MG_STAT_COUNT; i++)
		CU_ASSERT_EQUAL(mg_stats_get(s, (enum mg_stat)i, &v), -ENODATA);
	for (int g = 0; g < MG_STATS_GROUP_COUNT; g++)
		CU_ASSERT_FALSE(mg_stats_group_reported(s, (enum mg_stats_group)g));
	CU_ASSERT_EQUAL(mg_stats_driver_count(s), MG_UNKNOWN);
	/* Nothing known, nothing to say. */
	mg_check_text(mg_stats_to_text(s, &text), &text, "");
	mg_stats_free(s);
	mg_nic_unref(nic);

	/* A device without interface has no counters at all. */
	nic = lookup(ctx, "0000:02:00.0");
	CU_ASSERT_EQUAL(mg_stats_read_for_nic(ctx, nic, &s), -ENODEV);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
}

/* What a list gathers is what each adapter's own read gives. */
static void test_list_equals_single_reads(void)
{
	static const char *const trees[] = { "sensors-pc", "pi5-irq-cpu0", "usb-adapters" };
	const unsigned int with = MG_NIC_WITH_STATS | MG_NIC_WITH_IRQS | MG_NIC_WITH_TEMPERATURES | MG_NIC_WITH_USB;

	for (size_t t = 0; t < sizeof(trees) / sizeof(trees[0]); t++) {
		struct mg_ctx *ctx = open_tree(trees[t]);
		struct mg_nic_list *list = NULL;

		CU_ASSERT_EQUAL_FATAL(mg_nic_list_new_with(ctx, with, &list), 0);
		for (size_t i = 0; i < mg_nic_list_count(list); i++) {
			const struct mg_nic *nic = mg_nic_list_get(list, i);
			const struct mg_stats *ls = mg_nic_get_stats(nic);
			const struct mg_irqs *lr = mg_nic_get_irqs(nic);
			const struct mg_temps *lt = mg_nic_get_temps(nic);
			struct mg_stats *s = NULL;
			struct mg_irqs *r = NULL;
			struct mg_temps *tt = NULL;
			uint64_t a, b;

			CU_ASSERT_PTR_NOT_NULL_FATAL(lr);
			CU_ASSERT_EQUAL_FATAL(mg_irqs_read_for_nic(ctx, nic, &r), 0);
			CU_ASSERT_EQUAL(mg_irqs_get_count(lr), mg_irqs_get_count(r));
			CU_ASSERT_EQUAL(mg_irqs_get_queue_count(lr, 0), mg_irqs_get_queue_count(r, 0));
			mg_irqs_free(r);
			CU_ASSERT_PTR_NOT_NULL_FATAL(lt);
			CU_ASSERT_EQUAL_FATAL(mg_temps_read_for_nic(ctx, nic, &tt), 0);
			CU_ASSERT_EQUAL(mg_temps_get_count(lt), mg_temps_get_count(tt));
			mg_temps_free(tt);
			CU_ASSERT_EQUAL(!!mg_nic_get_usb_info(nic), mg_nic_get_bus(nic) == MG_BUS_USB);
			if (!mg_nic_get_name(nic)) {
				CU_ASSERT_PTR_NULL(ls);
				continue;
			}
			CU_ASSERT_PTR_NOT_NULL_FATAL(ls);
			CU_ASSERT_EQUAL_FATAL(mg_stats_read_for_nic(ctx, nic, &s), 0);
			for (int k = 0; k < MG_STAT_COUNT; k++) {
				int ea = mg_stats_get(ls, (enum mg_stat)k, &a), eb = mg_stats_get(s, (enum mg_stat)k, &b);

				CU_ASSERT_EQUAL(ea, eb);
				CU_ASSERT(ea < 0 || a == b);
			}
			CU_ASSERT_EQUAL(mg_stats_driver_count(ls), mg_stats_driver_count(s));
			mg_stats_free(s);
		}
		mg_nic_list_free(list);
		mg_ctx_unref(ctx);
	}
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("parsers", NULL, NULL,
		     MG_TEST(test_stats_reply), MG_TEST(test_stats_reply_malformed),
		     MG_TEST(test_linkstate_down_count), MG_TEST(test_link_counters), MG_TEST(test_link_identity),
		     MG_TEST(test_ifaddr_parse), MG_TEST(test_peer_kinds),
		     MG_TEST(test_interrupts_parse), MG_TEST(test_cpulist),
		     MG_TEST(test_driver_counters_text), MG_TEST(test_usb_class_names));
	MG_ADD_SUITE("trees", NULL, NULL,
		     MG_TEST(test_sensors_rtl8126_phy), MG_TEST(test_sensors_aqc107_device),
		     MG_TEST(test_sensor_unreadable), MG_TEST(test_irqs_spread), MG_TEST(test_irqs_all_on_cpu0),
		     MG_TEST(test_queue_masks),
		     MG_TEST(test_usb_on_usb2_port), MG_TEST(test_usb_claimed_by_cdc_ncm),
		     MG_TEST(test_usb_host_controller_link), MG_TEST(test_usb_controller_without_path),
		     MG_TEST(test_usb_info_refused_elsewhere), MG_TEST(test_standard_groups_replayed),
		     MG_TEST(test_old_capture_has_no_counters),
		     MG_TEST(test_list_equals_single_reads));
	return mg_test_run();
}
