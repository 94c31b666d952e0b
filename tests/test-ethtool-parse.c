/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "library": ethtool reply parsing on messages built here with the
 * uapi attribute layout, for hardware this kernel's virtual drivers cannot
 * stand in for: rings up to 4096/8184 with every ring attribute, and full
 * coalesce support. Also malformed replies.
 */
#include <errno.h>
#include <string.h>

#include <linux/ethtool_netlink.h>
#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "model/model.h"
#include "mg-test.h"
#include "test-genl.h"

/*
 * The text show prints, written by the same function as the JSON: the
 * rings line with each value and maximum read, nothing for one unread
 * (JSON null), and the JSON's values for the same object.
 */
static void check_settings_text(const struct mg_settings *s)
{
	char *text = NULL, *json = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_settings_to_text(s, &text), 0);
	CU_ASSERT_EQUAL_FATAL(mg_settings_to_json(s, MG_JSON_LINE, &json), 0);
	CU_ASSERT_EQUAL(strncmp(text, "rings              rx-ring 1024/4096 ", 37), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, " tx-ring 2048/8184"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, " rx-jumbo-ring 512/1024"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, " cqe-size 64"));
	CU_ASSERT_PTR_NULL(strstr(text, "rx-mini-ring"));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"rx_ring\":1024,\"rx_ring_max\":4096"));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"rx_mini_ring\":null"));
	/* A line for each of the four groups, and nothing else. */
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "\nchannels "));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "\ncoalesce "));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "\npause "));
	CU_ASSERT_PTR_NULL(strstr(text, "\"mtu\""));
	CU_ASSERT_EQUAL(mg_settings_to_text(NULL, &text), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_to_text(s, NULL), -EINVAL);
	free(text);
	free(json);
}

static void test_rings_reply(void)
{
	struct nl_msg *msg = reply(ETHTOOL_MSG_RINGS_GET_REPLY, ETHTOOL_A_RINGS_HEADER, 7, "enp1s0");
	struct mg_settings s;
	char name[IFNAMSIZ] = "";
	long long v;
	int ifindex = 0;

	nla_put_u32(msg, ETHTOOL_A_RINGS_RX_MAX, 4096);
	nla_put_u32(msg, ETHTOOL_A_RINGS_TX_MAX, 8184);
	nla_put_u32(msg, ETHTOOL_A_RINGS_RX_JUMBO_MAX, 1024);
	nla_put_u32(msg, ETHTOOL_A_RINGS_RX, 1024);
	nla_put_u32(msg, ETHTOOL_A_RINGS_TX, 2048);
	nla_put_u32(msg, ETHTOOL_A_RINGS_RX_JUMBO, 512);
	nla_put_u32(msg, ETHTOOL_A_RINGS_RX_BUF_LEN, 2048);
	nla_put_u32(msg, ETHTOOL_A_RINGS_CQE_SIZE, 64);
	nla_put_u8(msg, ETHTOOL_A_RINGS_TX_PUSH, 1);
	nla_put_u8(msg, ETHTOOL_A_RINGS_TCP_DATA_SPLIT, 2);

	mg_settings_init(&s);
	CU_ASSERT_EQUAL_FATAL(mg_ethtool_parse_reply(nlmsg_hdr(msg), MG_GROUP_RINGS, &s, &ifindex, name,
						     sizeof(name)), 0);
	CU_ASSERT_EQUAL(ifindex, 7);
	CU_ASSERT_STRING_EQUAL(name, "enp1s0");
	CU_ASSERT_EQUAL(mg_settings_get(&s, MG_PARAM_RX_RING, &v), 0);
	CU_ASSERT_EQUAL(v, 1024);
	CU_ASSERT_EQUAL(mg_settings_get_max(&s, MG_PARAM_RX_RING, &v), 0);
	CU_ASSERT_EQUAL(v, 4096);
	CU_ASSERT_EQUAL(mg_settings_get(&s, MG_PARAM_TX_RING, &v), 0);
	CU_ASSERT_EQUAL(v, 2048);
	CU_ASSERT_EQUAL(mg_settings_get_max(&s, MG_PARAM_TX_RING, &v), 0);
	CU_ASSERT_EQUAL(v, 8184);
	CU_ASSERT_EQUAL(mg_settings_get(&s, MG_PARAM_RX_JUMBO_RING, &v), 0);
	CU_ASSERT_EQUAL(v, 512);
	CU_ASSERT_EQUAL(mg_settings_get(&s, MG_PARAM_RX_BUF_LEN, &v), 0);
	CU_ASSERT_EQUAL(v, 2048);
	CU_ASSERT_EQUAL(mg_settings_get(&s, MG_PARAM_CQE_SIZE, &v), 0);
	CU_ASSERT_EQUAL(v, 64);
	CU_ASSERT_EQUAL(mg_settings_get(&s, MG_PARAM_TX_PUSH, &v), 0);
	CU_ASSERT_EQUAL(v, 1);
	CU_ASSERT_EQUAL(mg_settings_get(&s, MG_PARAM_TCP_DATA_SPLIT, &v), 0);
	CU_ASSERT_EQUAL(v, 2);
	/* Not in the reply: unknown, not 0. */
	CU_ASSERT_EQUAL(mg_settings_get(&s, MG_PARAM_RX_MINI_RING, &v), -ENODATA);
	CU_ASSERT_EQUAL(mg_settings_get_max(&s, MG_PARAM_RX_MINI_RING, &v), -ENODATA);
	check_settings_text(&s);
	nlmsg_free(msg);
}

static const struct {
	int attr;
	enum mg_param param;
	int u8;
} coalesce[] = {
	{ ETHTOOL_A_COALESCE_RX_USECS, MG_PARAM_RX_USECS, 0 },
	{ ETHTOOL_A_COALESCE_RX_MAX_FRAMES, MG_PARAM_RX_FRAMES, 0 },
	{ ETHTOOL_A_COALESCE_RX_USECS_IRQ, MG_PARAM_RX_USECS_IRQ, 0 },
	{ ETHTOOL_A_COALESCE_RX_MAX_FRAMES_IRQ, MG_PARAM_RX_FRAMES_IRQ, 0 },
	{ ETHTOOL_A_COALESCE_TX_USECS, MG_PARAM_TX_USECS, 0 },
	{ ETHTOOL_A_COALESCE_TX_MAX_FRAMES, MG_PARAM_TX_FRAMES, 0 },
	{ ETHTOOL_A_COALESCE_TX_USECS_IRQ, MG_PARAM_TX_USECS_IRQ, 0 },
	{ ETHTOOL_A_COALESCE_TX_MAX_FRAMES_IRQ, MG_PARAM_TX_FRAMES_IRQ, 0 },
	{ ETHTOOL_A_COALESCE_STATS_BLOCK_USECS, MG_PARAM_STATS_BLOCK_USECS, 0 },
	{ ETHTOOL_A_COALESCE_USE_ADAPTIVE_RX, MG_PARAM_ADAPTIVE_RX, 1 },
	{ ETHTOOL_A_COALESCE_USE_ADAPTIVE_TX, MG_PARAM_ADAPTIVE_TX, 1 },
	{ ETHTOOL_A_COALESCE_PKT_RATE_LOW, MG_PARAM_PKT_RATE_LOW, 0 },
	{ ETHTOOL_A_COALESCE_RX_USECS_LOW, MG_PARAM_RX_USECS_LOW, 0 },
	{ ETHTOOL_A_COALESCE_RX_MAX_FRAMES_LOW, MG_PARAM_RX_FRAMES_LOW, 0 },
	{ ETHTOOL_A_COALESCE_TX_USECS_LOW, MG_PARAM_TX_USECS_LOW, 0 },
	{ ETHTOOL_A_COALESCE_TX_MAX_FRAMES_LOW, MG_PARAM_TX_FRAMES_LOW, 0 },
	{ ETHTOOL_A_COALESCE_PKT_RATE_HIGH, MG_PARAM_PKT_RATE_HIGH, 0 },
	{ ETHTOOL_A_COALESCE_RX_USECS_HIGH, MG_PARAM_RX_USECS_HIGH, 0 },
	{ ETHTOOL_A_COALESCE_RX_MAX_FRAMES_HIGH, MG_PARAM_RX_FRAMES_HIGH, 0 },
	{ ETHTOOL_A_COALESCE_TX_USECS_HIGH, MG_PARAM_TX_USECS_HIGH, 0 },
	{ ETHTOOL_A_COALESCE_TX_MAX_FRAMES_HIGH, MG_PARAM_TX_FRAMES_HIGH, 0 },
	{ ETHTOOL_A_COALESCE_RATE_SAMPLE_INTERVAL, MG_PARAM_RATE_SAMPLE_INTERVAL, 0 },
	{ ETHTOOL_A_COALESCE_USE_CQE_MODE_RX, MG_PARAM_CQE_MODE_RX, 1 },
	{ ETHTOOL_A_COALESCE_USE_CQE_MODE_TX, MG_PARAM_CQE_MODE_TX, 1 },
};

#define NCOALESCE (sizeof(coalesce) / sizeof(coalesce[0]))

static void test_coalesce_full_and_partial(void)
{
	struct nl_msg *msg = reply(ETHTOOL_MSG_COALESCE_GET_REPLY, ETHTOOL_A_COALESCE_HEADER, 3, "eth0");
	struct mg_settings s;
	char name[IFNAMSIZ];
	long long v;
	int ifindex;

	for (size_t i = 0; i < NCOALESCE; i++) {
		if (coalesce[i].u8)
			nla_put_u8(msg, coalesce[i].attr, 1);
		else
			nla_put_u32(msg, coalesce[i].attr, (uint32_t)(100 + i));
	}
	mg_settings_init(&s);
	CU_ASSERT_EQUAL_FATAL(mg_ethtool_parse_reply(nlmsg_hdr(msg), MG_GROUP_COALESCE, &s, &ifindex, name,
						     sizeof(name)), 0);
	for (size_t i = 0; i < NCOALESCE; i++) {
		CU_ASSERT_EQUAL(mg_settings_get(&s, coalesce[i].param, &v), 0);
		CU_ASSERT_EQUAL(v, coalesce[i].u8 ? 1 : (long long)(100 + i));
	}
	nlmsg_free(msg);

	/* A driver reporting only rx-usecs: the rest is unsupported, never 0. */
	msg = reply(ETHTOOL_MSG_COALESCE_GET_REPLY, ETHTOOL_A_COALESCE_HEADER, 3, "eth0");
	nla_put_u32(msg, ETHTOOL_A_COALESCE_RX_USECS, 50);
	mg_settings_init(&s);
	CU_ASSERT_EQUAL_FATAL(mg_ethtool_parse_reply(nlmsg_hdr(msg), MG_GROUP_COALESCE, &s, &ifindex, name,
						     sizeof(name)), 0);
	CU_ASSERT_EQUAL(mg_settings_get(&s, MG_PARAM_RX_USECS, &v), 0);
	CU_ASSERT_EQUAL(v, 50);
	for (size_t i = 1; i < NCOALESCE; i++)
		CU_ASSERT_EQUAL(mg_settings_get(&s, coalesce[i].param, &v), -ENODATA);
	nlmsg_free(msg);
}

static void test_channels_and_pause(void)
{
	struct nl_msg *msg = reply(ETHTOOL_MSG_CHANNELS_GET_REPLY, ETHTOOL_A_CHANNELS_HEADER, 2, "eth1");
	struct mg_settings s;
	char name[IFNAMSIZ];
	long long v;
	int ifindex;

	nla_put_u32(msg, ETHTOOL_A_CHANNELS_COMBINED_MAX, 4);
	nla_put_u32(msg, ETHTOOL_A_CHANNELS_COMBINED_COUNT, 4);
	nla_put_u32(msg, ETHTOOL_A_CHANNELS_OTHER_MAX, 1);
	nla_put_u32(msg, ETHTOOL_A_CHANNELS_OTHER_COUNT, 1);
	mg_settings_init(&s);
	CU_ASSERT_EQUAL_FATAL(mg_ethtool_parse_reply(nlmsg_hdr(msg), MG_GROUP_CHANNELS, &s, &ifindex, name,
						     sizeof(name)), 0);
	CU_ASSERT_EQUAL(mg_settings_get(&s, MG_PARAM_COMBINED_CHANNELS, &v), 0);
	CU_ASSERT_EQUAL(v, 4);
	CU_ASSERT_EQUAL(mg_settings_get_max(&s, MG_PARAM_OTHER_CHANNELS, &v), 0);
	CU_ASSERT_EQUAL(v, 1);
	CU_ASSERT_EQUAL(mg_settings_get(&s, MG_PARAM_RX_CHANNELS, &v), -ENODATA);
	nlmsg_free(msg);

	msg = reply(ETHTOOL_MSG_PAUSE_GET_REPLY, ETHTOOL_A_PAUSE_HEADER, 2, "eth1");
	nla_put_u8(msg, ETHTOOL_A_PAUSE_AUTONEG, 1);
	nla_put_u8(msg, ETHTOOL_A_PAUSE_RX, 1);
	nla_put_u8(msg, ETHTOOL_A_PAUSE_TX, 0);
	mg_settings_init(&s);
	CU_ASSERT_EQUAL_FATAL(mg_ethtool_parse_reply(nlmsg_hdr(msg), MG_GROUP_PAUSE, &s, &ifindex, name,
						     sizeof(name)), 0);
	CU_ASSERT_EQUAL(mg_settings_get(&s, MG_PARAM_PAUSE_AUTONEG, &v), 0);
	CU_ASSERT_EQUAL(v, 1);
	CU_ASSERT_EQUAL(mg_settings_get(&s, MG_PARAM_PAUSE_TX, &v), 0);
	CU_ASSERT_EQUAL(v, 0);
	nlmsg_free(msg);
}

static void test_malformed_replies(void)
{
	struct mg_settings s;
	char name[IFNAMSIZ];
	int ifindex;
	struct nl_msg *msg;
	struct nlattr *a;

	/* The wrong reply type for the group. */
	msg = reply(ETHTOOL_MSG_PAUSE_GET_REPLY, ETHTOOL_A_PAUSE_HEADER, 2, "eth1");
	mg_settings_init(&s);
	CU_ASSERT_EQUAL(mg_ethtool_parse_reply(nlmsg_hdr(msg), MG_GROUP_RINGS, &s, &ifindex, name,
					       sizeof(name)), -EPROTO);
	nlmsg_free(msg);

	/* A u32 attribute carrying two bytes. */
	msg = reply(ETHTOOL_MSG_RINGS_GET_REPLY, ETHTOOL_A_RINGS_HEADER, 2, "eth1");
	a = nla_reserve(msg, ETHTOOL_A_RINGS_RX, 2);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(mg_ethtool_parse_reply(nlmsg_hdr(msg), MG_GROUP_RINGS, &s, &ifindex, name,
					       sizeof(name)), -EPROTO);
	nlmsg_free(msg);

	/* Shorter than the generic netlink header. */
	msg = nlmsg_alloc();
	CU_ASSERT_PTR_NOT_NULL_FATAL(nlmsg_put(msg, 0, 0, 0x20, 0, 0));
	CU_ASSERT_EQUAL(mg_ethtool_parse_reply(nlmsg_hdr(msg), MG_GROUP_RINGS, &s, &ifindex, name,
					       sizeof(name)), -EPROTO);
	CU_ASSERT_EQUAL(mg_ethtool_parse_reply(nlmsg_hdr(msg), MG_GROUP_MTU, &s, &ifindex, name,
					       sizeof(name)), -EINVAL);
	nlmsg_free(msg);
}

/* The reply policies and the parameter table agree on every attribute's width. */
static void test_policies_match_params(void)
{
	for (int p = 0; p < MG_PARAM_COUNT; p++) {
		const struct mg_param_info *pi = mg_param_info((enum mg_param)p);

		if (pi->group == MG_GROUP_MTU)
			continue;
		CU_ASSERT_EQUAL(mg_ethtool_attr_type(pi->group, pi->attr), pi->is_u8 ? NLA_U8 : NLA_U32);
		if (pi->max_attr)
			CU_ASSERT_EQUAL(mg_ethtool_attr_type(pi->group, pi->max_attr), NLA_U32);
	}
	CU_ASSERT_EQUAL(mg_ethtool_attr_type(MG_GROUP_RINGS, ETHTOOL_A_RINGS_HEADER), NLA_NESTED);
	CU_ASSERT_EQUAL(mg_ethtool_attr_type(MG_GROUP_PAUSE, ETHTOOL_A_PAUSE_MAX + 1), -EINVAL);
	CU_ASSERT_EQUAL(mg_ethtool_attr_type(MG_GROUP_MTU, 1), -EINVAL);
}

static void test_param_names(void)
{
	for (int p = 0; p < MG_PARAM_COUNT; p++) {
		CU_ASSERT_PTR_NOT_NULL_FATAL(mg_param_name((enum mg_param)p));
		CU_ASSERT_EQUAL(mg_param_from_name(mg_param_name((enum mg_param)p)), p);
	}
	CU_ASSERT_EQUAL(mg_param_from_name("rx-ring"), MG_PARAM_RX_RING);
	CU_ASSERT_EQUAL(mg_param_from_name("combined"), MG_PARAM_COMBINED_CHANNELS);
	CU_ASSERT_EQUAL(mg_param_from_name("nonsense"), -EINVAL);
	CU_ASSERT_PTR_NULL(mg_param_name((enum mg_param)MG_PARAM_COUNT));
	CU_ASSERT_EQUAL(mg_param_get_group(MG_PARAM_PAUSE_RX), MG_GROUP_PAUSE);
}

static void test_settings_object(void)
{
	struct mg_settings *s;
	long long v;

	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&s), 0);
	CU_ASSERT_EQUAL(mg_settings_get(s, MG_PARAM_MTU, &v), -ENODATA);
	CU_ASSERT_EQUAL(mg_settings_set(s, MG_PARAM_MTU, 9000), 0);
	CU_ASSERT_EQUAL(mg_settings_get(s, MG_PARAM_MTU, &v), 0);
	CU_ASSERT_EQUAL(v, 9000);
	CU_ASSERT_EQUAL(mg_settings_set(s, MG_PARAM_RX_RING, MG_VALUE_MAX), 0);
	/* "max" is for rings only; negative values are refused. */
	CU_ASSERT_EQUAL(mg_settings_set(s, MG_PARAM_MTU, MG_VALUE_MAX), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set(s, MG_PARAM_RX_USECS, -5), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set(s, (enum mg_param)99, 1), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set(NULL, MG_PARAM_MTU, 1), -EINVAL);
	mg_settings_free(s);
}

static void put_bit(struct nl_msg *msg, uint32_t index, const char *name, int value)
{
	struct nlattr *bit = nla_nest_start(msg, ETHTOOL_A_BITSET_BITS_BIT);

	nla_put_u32(msg, ETHTOOL_A_BITSET_BIT_INDEX, index);
	nla_put_string(msg, ETHTOOL_A_BITSET_BIT_NAME, name);
	if (value)
		nla_put_flag(msg, ETHTOOL_A_BITSET_BIT_VALUE);
	nla_nest_end(msg, bit);
}

/* A 2.5G PHY: supports 1G and 2.5G, advertises 2.5G; the partner offers both. */
static void test_linkmodes_reply(void)
{
	struct nl_msg *msg = reply(ETHTOOL_MSG_LINKMODES_GET_REPLY, ETHTOOL_A_LINKMODES_HEADER, 4, "eth2");
	struct nlattr *set, *bits;
	struct mg_ethlink l;

	nla_put_u8(msg, ETHTOOL_A_LINKMODES_AUTONEG, 1);
	nla_put_u32(msg, ETHTOOL_A_LINKMODES_SPEED, 2500);
	nla_put_u8(msg, ETHTOOL_A_LINKMODES_DUPLEX, 1);
	nla_put_u32(msg, ETHTOOL_A_LINKMODES_LANES, 1);
	set = nla_nest_start(msg, ETHTOOL_A_LINKMODES_OURS);
	nla_put_u32(msg, ETHTOOL_A_BITSET_SIZE, 100);
	bits = nla_nest_start(msg, ETHTOOL_A_BITSET_BITS);
	put_bit(msg, 5, "1000baseT/Full", 0);
	put_bit(msg, 47, "2500baseT/Full", 1);
	nla_nest_end(msg, bits);
	nla_nest_end(msg, set);
	set = nla_nest_start(msg, ETHTOOL_A_LINKMODES_PEER);
	nla_put_flag(msg, ETHTOOL_A_BITSET_NOMASK);
	bits = nla_nest_start(msg, ETHTOOL_A_BITSET_BITS);
	put_bit(msg, 5, "1000baseT/Full", 0);
	put_bit(msg, 47, "2500baseT/Full", 0);
	nla_nest_end(msg, bits);
	nla_nest_end(msg, set);

	mg_ethlink_init(&l);
	CU_ASSERT_EQUAL_FATAL(mg_ethlink_parse_reply(nlmsg_hdr(msg), 1, &l), 0);
	CU_ASSERT_STRING_EQUAL(mg_ethlink_get_ifname(&l), "eth2");
	CU_ASSERT_EQUAL(mg_ethlink_get_speed_mbps(&l), 2500);
	CU_ASSERT_STRING_EQUAL(mg_ethlink_get_duplex(&l), "full");
	CU_ASSERT_EQUAL(mg_ethlink_get_autoneg(&l), 1);
	CU_ASSERT_EQUAL(mg_ethlink_get_lanes(&l), 1);
	CU_ASSERT_EQUAL_FATAL(mg_ethlink_get_mode_count(&l, MG_MODES_SUPPORTED), 2);
	CU_ASSERT_EQUAL_FATAL(mg_ethlink_get_mode_count(&l, MG_MODES_ADVERTISED), 1);
	CU_ASSERT_STRING_EQUAL(mg_ethlink_get_mode(&l, MG_MODES_ADVERTISED, 0), "2500baseT/Full");
	CU_ASSERT_EQUAL(mg_ethlink_get_mode_count(&l, MG_MODES_PARTNER), 2);
	CU_ASSERT_PTR_NULL(mg_ethlink_get_mode(&l, MG_MODES_PARTNER, 2));
	nlmsg_free(msg);
	{
		struct mg_ethlink empty;

		/* Merging moves the modes; the source keeps none. */
		mg_ethlink_init(&empty);
		mg_ethlink_merge(&empty, &l, 1);
		CU_ASSERT_EQUAL(mg_ethlink_get_mode_count(&empty, MG_MODES_SUPPORTED), 2);
		CU_ASSERT_EQUAL(mg_ethlink_get_mode_count(&l, MG_MODES_SUPPORTED), 0);
		mg_ethlink_merge(&l, &empty, 1);
	}
	mg_ethlink_merge(&l, &l, 2);
}

static void test_linkstate_reply(void)
{
	struct nl_msg *msg = reply(ETHTOOL_MSG_LINKSTATE_GET_REPLY, ETHTOOL_A_LINKSTATE_HEADER, 4, "eth2");
	struct mg_ethlink l;

	nla_put_u8(msg, ETHTOOL_A_LINKSTATE_LINK, 0);
	nla_put_u32(msg, ETHTOOL_A_LINKSTATE_SQI, 5);
	nla_put_u32(msg, ETHTOOL_A_LINKSTATE_SQI_MAX, 7);
	nla_put_u8(msg, ETHTOOL_A_LINKSTATE_EXT_STATE, 4);
	nla_put_u8(msg, ETHTOOL_A_LINKSTATE_EXT_SUBSTATE, 1);
	mg_ethlink_init(&l);
	CU_ASSERT_EQUAL_FATAL(mg_ethlink_parse_reply(nlmsg_hdr(msg), 2, &l), 0);
	CU_ASSERT_EQUAL(mg_ethlink_get_link(&l), 0);
	CU_ASSERT_EQUAL(mg_ethlink_get_sqi(&l), 5);
	CU_ASSERT_EQUAL(mg_ethlink_get_sqi_max(&l), 7);
	CU_ASSERT_STRING_EQUAL(mg_ethlink_get_ext_state(&l), "no_cable");
	CU_ASSERT_EQUAL(mg_ethlink_get_ext_substate(&l), 1);
	{
		char *text = NULL;

		/* In text as in JSON: the state, SQI over its maximum, why the link is down. */
		CU_ASSERT_EQUAL_FATAL(mg_ethlink_to_text(&l, &text), 0);
		CU_ASSERT_STRING_EQUAL(text, "link:              down\n"
					     "SQI:               5/7\n"
					     "down because:      no_cable\n");
		free(text);
		CU_ASSERT_EQUAL(mg_ethlink_to_text(NULL, &text), -EINVAL);
	}
	/* The wrong parser for the reply is refused. */
	CU_ASSERT_EQUAL(mg_ethlink_parse_reply(nlmsg_hdr(msg), 1, &l), -EPROTO);
	CU_ASSERT_EQUAL(mg_ethlink_parse_reply(nlmsg_hdr(msg), 7, &l), -EINVAL);
	nlmsg_free(msg);
}

/* e1000e's answer: p u m b g supported, g enabled; the SecureOn password it may carry is left alone. */
static void test_wol_reply(void)
{
	struct nl_msg *msg = reply(ETHTOOL_MSG_WOL_GET_REPLY, ETHTOOL_A_WOL_HEADER, 2, "enp0s3");
	static const char *const names[] = { "phy", "ucast", "mcast", "bcast", "arp", "magic" };
	static const unsigned char sopass[6] = { 1, 2, 3, 4, 5, 6 };
	struct nlattr *set, *bits;
	struct mg_ethlink l;
	char *out = NULL;

	set = nla_nest_start(msg, ETHTOOL_A_WOL_MODES);
	nla_put_u32(msg, ETHTOOL_A_BITSET_SIZE, 8);
	bits = nla_nest_start(msg, ETHTOOL_A_BITSET_BITS);
	for (int i = 0; i < 6; i++)
		if (i != 4)
			put_bit(msg, (uint32_t)i, names[i], i == 5);
	nla_nest_end(msg, bits);
	nla_nest_end(msg, set);
	nla_put(msg, ETHTOOL_A_WOL_SOPASS, sizeof(sopass), sopass);
	mg_ethlink_init(&l);
	CU_ASSERT_PTR_NULL(mg_ethlink_get_wol_supported(&l));
	CU_ASSERT_EQUAL_FATAL(mg_ethlink_parse_reply(nlmsg_hdr(msg), MG_ETHLINK_WOL, &l), 0);
	CU_ASSERT_STRING_EQUAL(mg_ethlink_get_ifname(&l), "enp0s3");
	CU_ASSERT_STRING_EQUAL(mg_ethlink_get_wol_supported(&l), "pumbg");
	CU_ASSERT_STRING_EQUAL(mg_ethlink_get_wol_enabled(&l), "g");
	CU_ASSERT_PTR_NULL(mg_ethlink_get_wol_error(&l));
	mg_check_text(mg_ethlink_to_text(&l, &out), &out, "link:              unknown\n"
							  "wake-on-lan:       g (supported: pumbg)\n");
	CU_ASSERT_EQUAL_FATAL(mg_ethlink_to_json(&l, MG_JSON_LINE, &out), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"wake_on_lan\":{\"supported\":[\"p\",\"u\",\"m\",\"b\",\"g\"],"
					   "\"enabled\":[\"g\"]},\"wake_on_lan_error\":null}"));
	free(out);
	nlmsg_free(msg);

	/* Disabled: "d", as ethtool writes it, and an empty list. */
	msg = reply(ETHTOOL_MSG_WOL_GET_REPLY, ETHTOOL_A_WOL_HEADER, 2, "enp0s3");
	set = nla_nest_start(msg, ETHTOOL_A_WOL_MODES);
	bits = nla_nest_start(msg, ETHTOOL_A_BITSET_BITS);
	put_bit(msg, 5, "magic", 0);
	nla_nest_end(msg, bits);
	nla_nest_end(msg, set);
	CU_ASSERT_EQUAL_FATAL(mg_ethlink_parse_reply(nlmsg_hdr(msg), MG_ETHLINK_WOL, &l), 0);
	CU_ASSERT_STRING_EQUAL(mg_ethlink_get_wol_enabled(&l), "");
	mg_check_text(mg_ethlink_to_text(&l, &out), &out, "link:              unknown\n"
							  "wake-on-lan:       d (supported: g)\n");
	CU_ASSERT_EQUAL_FATAL(mg_ethlink_to_json(&l, MG_JSON_LINE, &out), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"wake_on_lan\":{\"supported\":[\"g\"],\"enabled\":[]}"));
	free(out);
	/* Another reply's parser refuses it. */
	CU_ASSERT_EQUAL(mg_ethlink_parse_reply(nlmsg_hdr(msg), MG_ETHLINK_STATE, &l), -EPROTO);
	nlmsg_free(msg);
	mg_ethlink_clear(&l);
}

/* A capture keeps a Wake-on-LAN reply whole but its SecureOn password, which it zeroes; other replies as they are. */
static void test_wol_capture_scrubbed(void)
{
	struct nl_msg *msg = reply(ETHTOOL_MSG_WOL_GET_REPLY, ETHTOOL_A_WOL_HEADER, 2, "enp0s3");
	static const unsigned char sopass[6] = { 1, 2, 3, 4, 5, 6 }, zero[6] = { 0 };
	unsigned char buf[1024] __attribute__((aligned(4)));
	const struct nlmsghdr *nlh, *out;
	struct nlattr *tb[ETHTOOL_A_WOL_MAX + 1];
	struct mg_ethlink l;

	nla_put(msg, ETHTOOL_A_WOL_SOPASS, sizeof(sopass), sopass);
	nlh = nlmsg_hdr(msg);
	CU_ASSERT_PTR_EQUAL(mg_capture_scrub(nlh, ETHTOOL_MSG_LINKINFO_GET, buf, sizeof(buf)), nlh);
	CU_ASSERT_PTR_NULL(mg_capture_scrub(nlh, ETHTOOL_MSG_WOL_GET, buf, 16));
	out = mg_capture_scrub(nlh, ETHTOOL_MSG_WOL_GET, buf, sizeof(buf));
	CU_ASSERT_PTR_EQUAL_FATAL(out, (const void *)buf);
	CU_ASSERT_EQUAL_FATAL(out->nlmsg_len, nlh->nlmsg_len);
	CU_ASSERT_EQUAL_FATAL(genlmsg_parse((struct nlmsghdr *)out, 0, tb, ETHTOOL_A_WOL_MAX, NULL), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(tb[ETHTOOL_A_WOL_SOPASS]);
	CU_ASSERT_EQUAL(memcmp(nla_data(tb[ETHTOOL_A_WOL_SOPASS]), zero, sizeof(zero)), 0);
	/* The original is untouched, and the copy still reads as the same interface's reply. */
	CU_ASSERT_EQUAL(memcmp(nla_data(nlmsg_find_attr(nlmsg_hdr(msg), GENL_HDRLEN, ETHTOOL_A_WOL_SOPASS)), sopass,
			       sizeof(sopass)),
			0);
	mg_ethlink_init(&l);
	CU_ASSERT_EQUAL(mg_ethlink_parse_reply(out, MG_ETHLINK_WOL, &l), 0);
	CU_ASSERT_STRING_EQUAL(mg_ethlink_get_ifname(&l), "enp0s3");
	mg_ethlink_clear(&l);
	nlmsg_free(msg);
}

/* ethtool's letters and back: "d" and "off" are none, any other word refused. */
static void test_wol_letters(void)
{
	unsigned int mask = 99;
	char buf[16];

	mg_wol_text(0xff, buf, sizeof(buf));
	CU_ASSERT_STRING_EQUAL(buf, "pumbagsf");
	mg_wol_text(0, buf, sizeof(buf));
	CU_ASSERT_STRING_EQUAL(buf, "");
	mg_wol_text(0xff, buf, 3);
	CU_ASSERT_STRING_EQUAL(buf, "pu");
	CU_ASSERT_EQUAL(mg_wol_parse("gp", &mask), 0);
	CU_ASSERT_EQUAL(mask, 0x21u);
	CU_ASSERT_EQUAL(mg_wol_parse("d", &mask), 0);
	CU_ASSERT_EQUAL(mask, 0u);
	CU_ASSERT_EQUAL(mg_wol_parse("off", &mask), 0);
	CU_ASSERT_EQUAL(mg_wol_parse("on", &mask), -EINVAL);
	CU_ASSERT_EQUAL(mg_wol_parse("", &mask), -EINVAL);
	CU_ASSERT_EQUAL(mg_wol_parse(NULL, &mask), -EINVAL);
	CU_ASSERT_PTR_NULL(mg_ethlink_get_wol_enabled(NULL));
	CU_ASSERT_PTR_NULL(mg_ethlink_get_wol_error(NULL));
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("ethtool-parse", NULL, NULL, MG_TEST(test_rings_reply),
		     MG_TEST(test_coalesce_full_and_partial), MG_TEST(test_channels_and_pause),
		     MG_TEST(test_malformed_replies), MG_TEST(test_policies_match_params),
		     MG_TEST(test_param_names),
		     MG_TEST(test_settings_object), MG_TEST(test_linkmodes_reply),
		     MG_TEST(test_linkstate_reply), MG_TEST(test_wol_reply), MG_TEST(test_wol_capture_scrubbed),
		     MG_TEST(test_wol_letters));
	return mg_test_run();
}
