/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "library": EEE and features replies, link modes by name and by bit,
 * and the plan an apply makes for EEE, advertised modes and features, on
 * state built here for hardware no virtual driver stands in for: a 2.5G PHY
 * that supports 2500baseT but does not advertise it, EEE on the 2.5G and 5G
 * modes, a fixed feature. ASPM L1 planned from fixture trees: the Pi 5's
 * RTL8126 whose link offers link/l1_aspm, adapters whose link does not, a
 * USB adapter, a virtual interface. No privilege needed.
 */
#include <errno.h>
#include <string.h>

#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>
#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "apply/apply.h"
#include "mg-test.h"
#include "test-genl.h"

struct bit {
	uint32_t index;
	const char *name;
	int value;
};

/* A verbose bitset of @size bits: with @nomask the listed bits are the set ones, else the mask. */
static void put_bitset_of(struct nl_msg *msg, int attr, uint32_t size, bool nomask, const struct bit *bits,
			  size_t n)
{
	struct nlattr *set = nla_nest_start(msg, attr), *list;

	if (nomask)
		nla_put_flag(msg, ETHTOOL_A_BITSET_NOMASK);
	nla_put_u32(msg, ETHTOOL_A_BITSET_SIZE, size);
	list = nla_nest_start(msg, ETHTOOL_A_BITSET_BITS);
	for (size_t i = 0; i < n; i++) {
		struct nlattr *bit = nla_nest_start(msg, ETHTOOL_A_BITSET_BITS_BIT);

		nla_put_u32(msg, ETHTOOL_A_BITSET_BIT_INDEX, bits[i].index);
		nla_put_string(msg, ETHTOOL_A_BITSET_BIT_NAME, bits[i].name);
		if (bits[i].value)
			nla_put_flag(msg, ETHTOOL_A_BITSET_BIT_VALUE);
		nla_nest_end(msg, bit);
	}
	nla_nest_end(msg, list);
	nla_nest_end(msg, set);
}

/* As Linux 6.9 and later send it: as wide as the link mode bitsets. */
static void put_bitset(struct nl_msg *msg, int attr, bool nomask, const struct bit *bits, size_t n)
{
	put_bitset_of(msg, attr, 128, nomask, bits, n);
}

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* A 5G PHY with EEE on 1G, 2.5G and 5G (Linux 6.9+ bitsets), advertised on 1G and 2.5G. */
static void test_eee_reply(void)
{
	static const struct bit ours[] = {
		{ 5, "1000baseT/Full", 1 }, { 47, "2500baseT/Full", 1 }, { 48, "5000baseT/Full", 0 },
	};
	static const struct bit peer[] = { { 5, "1000baseT/Full", 1 }, { 47, "2500baseT/Full", 1 } };
	struct nl_msg *msg = reply(ETHTOOL_MSG_EEE_GET_REPLY, ETHTOOL_A_EEE_HEADER, 3, "eth1");
	struct mg_eee e;
	char *text = NULL;

	put_bitset(msg, ETHTOOL_A_EEE_MODES_OURS, false, ours, N(ours));
	put_bitset(msg, ETHTOOL_A_EEE_MODES_PEER, true, peer, N(peer));
	nla_put_u8(msg, ETHTOOL_A_EEE_ACTIVE, 1);
	nla_put_u8(msg, ETHTOOL_A_EEE_ENABLED, 1);
	nla_put_u8(msg, ETHTOOL_A_EEE_TX_LPI_ENABLED, 1);
	nla_put_u32(msg, ETHTOOL_A_EEE_TX_LPI_TIMER, 250);
	mg_eee_init(&e);
	CU_ASSERT_EQUAL_FATAL(mg_eee_parse_reply(nlmsg_hdr(msg), &e), 0);
	CU_ASSERT_STRING_EQUAL(mg_eee_get_ifname(&e), "eth1");
	CU_ASSERT_EQUAL(e.ifindex, 3);
	CU_ASSERT_EQUAL(mg_eee_get_supported(&e), 1);
	CU_ASSERT_PTR_NULL(mg_eee_get_error(&e));
	CU_ASSERT_EQUAL(mg_eee_get_enabled(&e), 1);
	CU_ASSERT_EQUAL(mg_eee_get_active(&e), 1);
	CU_ASSERT_EQUAL(mg_eee_get_tx_lpi_enabled(&e), 1);
	CU_ASSERT_EQUAL(mg_eee_get_tx_lpi_timer_usecs(&e), 250);
	CU_ASSERT_EQUAL_FATAL(mg_eee_get_mode_count(&e, MG_MODES_SUPPORTED), 3);
	CU_ASSERT_STRING_EQUAL(mg_eee_get_mode(&e, MG_MODES_SUPPORTED, 2), "5000baseT/Full");
	CU_ASSERT_EQUAL(mg_eee_get_mode_count(&e, MG_MODES_ADVERTISED), 2);
	CU_ASSERT_EQUAL(mg_eee_get_mode_count(&e, MG_MODES_PARTNER), 2);
	CU_ASSERT_PTR_NULL(mg_eee_get_mode(&e, MG_MODES_PARTNER, 2));
	CU_ASSERT_PTR_NULL(mg_eee_get_mode(&e, (enum mg_modes)3, 0));
	CU_ASSERT_PTR_NULL(mg_eee_get_modes_unknown(&e));
	mg_check_text(mg_eee_to_text(&e, &text), &text, "eee:               enabled, active, tx-lpi on after 250 us\n"
						    "eee advertised:    1000baseT/Full 2500baseT/Full\n");
	mg_eee_clear(&e);
	nlmsg_free(msg);

	/* A driver that answers with no mode at all: not supported, and says why; unknowns stay unknown. */
	msg = reply(ETHTOOL_MSG_EEE_GET_REPLY, ETHTOOL_A_EEE_HEADER, 3, "eth1");
	nla_put_u8(msg, ETHTOOL_A_EEE_ENABLED, 0);
	mg_eee_init(&e);
	CU_ASSERT_EQUAL_FATAL(mg_eee_parse_reply(nlmsg_hdr(msg), &e), 0);
	CU_ASSERT_EQUAL(mg_eee_get_supported(&e), 0);
	CU_ASSERT_STRING_EQUAL(mg_eee_get_error(&e), "the driver reports no EEE link mode");
	CU_ASSERT_EQUAL(mg_eee_get_enabled(&e), 0);
	CU_ASSERT_EQUAL(mg_eee_get_active(&e), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_eee_get_tx_lpi_timer_usecs(&e), MG_UNKNOWN);
	/* The state known, the error after it; nothing for what is unknown. */
	mg_check_text(mg_eee_to_text(&e, &text), &text,
		   "eee:               disabled, active?, tx-lpi unknown (the driver reports no EEE link mode)\n");
	CU_ASSERT_EQUAL(mg_eee_to_text(NULL, &text), -EINVAL);
	nlmsg_free(msg);
	/* The wrong reply type. */
	msg = reply(ETHTOOL_MSG_LINKMODES_GET_REPLY, ETHTOOL_A_LINKMODES_HEADER, 3, "eth1");
	CU_ASSERT_EQUAL(mg_eee_parse_reply(nlmsg_hdr(msg), &e), -EPROTO);
	mg_eee_clear(&e);
	nlmsg_free(msg);
	/* NULL answers unknown. */
	CU_ASSERT_PTR_NULL(mg_eee_get_modes_unknown(NULL));
	CU_ASSERT_EQUAL(mg_eee_get_supported(NULL), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_eee_get_mode_count(NULL, MG_MODES_SUPPORTED), 0);
}

/* A compact bitset of @size bits: the listed bits set, the kernel's words in host order. */
static void put_compact(struct nl_msg *msg, int attr, unsigned int size, const struct bit *bits, size_t n)
{
	struct nlattr *set = nla_nest_start(msg, attr);
	uint32_t words[4] = { 0 };

	for (size_t i = 0; i < n; i++)
		words[bits[i].index / 32] |= 1u << (bits[i].index % 32);
	nla_put_flag(msg, ETHTOOL_A_BITSET_NOMASK);
	nla_put_u32(msg, ETHTOOL_A_BITSET_SIZE, size);
	nla_put(msg, ETHTOOL_A_BITSET_VALUE, (int)((size + 31) / 32 * 4), words);
	nla_nest_end(msg, set);
}

/* hw (changeable), wanted, active, nochange: a fixed feature, one held off, one changeable. */
static const struct bit hw[] = { { 5, "tx-scatter-gather", 0 }, { 14, "rx-gro", 0 }, { 16, "tx-tcp-segmentation", 0 } };
static const struct bit wanted[] = { { 5, "tx-scatter-gather", 0 }, { 16, "tx-tcp-segmentation", 0 } };
/* Bit 62 has no name (a bridge reports one such): it could never be set, and is left out. */
static const struct bit active[] = { { 5, "tx-scatter-gather", 0 }, { 16, "tx-tcp-segmentation", 0 },
				     { 1, "rx-checksum", 0 }, { 62, "", 0 } };
static const struct bit nochange[] = { { 1, "rx-checksum", 0 }, { 60, "vlan-challenged", 0 } };

/* What both forms of that reply must say. */
static void check_features(struct mg_features *f)
{
	size_t pos[8];
	bool alias;
	char *text = NULL;

	CU_ASSERT_STRING_EQUAL(mg_features_get_ifname(f), "eth2");
	/* In the kernel's order, whichever bitset named each first. */
	CU_ASSERT_EQUAL_FATAL(mg_features_get_count(f), 5);
	CU_ASSERT_STRING_EQUAL(mg_features_get_name(f, 0), "rx-checksum");
	CU_ASSERT_STRING_EQUAL(mg_features_get_name(f, 4), "vlan-challenged");
	/* rx-checksum: active, never changes. */
	CU_ASSERT_EQUAL(mg_features_get_active(f, 0), 1);
	CU_ASSERT_EQUAL(mg_features_get_wanted(f, 0), 0);
	CU_ASSERT_EQUAL(mg_features_get_fixed(f, 0), 1);
	/* rx-gro: changeable, off. */
	CU_ASSERT_EQUAL(mg_features_find(f, "gro"), 2);
	CU_ASSERT_EQUAL(mg_features_get_active(f, 2), 0);
	CU_ASSERT_EQUAL(mg_features_get_fixed(f, 2), 0);
	/* tx-tcp-segmentation: changeable, on. */
	CU_ASSERT_EQUAL(mg_features_get_active(f, 3), 1);
	CU_ASSERT_EQUAL(mg_features_get_wanted(f, 3), 1);
	CU_ASSERT_EQUAL(mg_features_get_fixed(f, 3), 0);
	/* vlan-challenged: off, and can never change. */
	CU_ASSERT_EQUAL(mg_features_get_active(f, 4), 0);
	CU_ASSERT_EQUAL(mg_features_get_fixed(f, 4), 1);
	/* '-' and '_' alike; unknown names and bad indices. */
	CU_ASSERT_EQUAL(mg_features_find(f, "rx_gro"), 2);
	CU_ASSERT_EQUAL(mg_features_find(f, "rx-lro"), -ENOENT);
	CU_ASSERT_EQUAL(mg_features_find(f, NULL), -EINVAL);
	CU_ASSERT_EQUAL(mg_features_get_active(f, 5), MG_UNKNOWN);
	CU_ASSERT_PTR_NULL(mg_features_get_name(f, 5));
	/* show's two lines, in the kernel's order. */
	mg_check_text(mg_features_to_text(f, &text), &text,
		   "offloads on:       rx-checksum[fixed] tx-scatter-gather tx-tcp-segmentation\n"
		   "offloads off:      rx-gro vlan-challenged[fixed]\n");
	/* A short name stands for every listed member. */
	CU_ASSERT_EQUAL(mg_features_resolve(f, "tso", pos, 8, &alias), 1);
	CU_ASSERT_TRUE(alias);
	CU_ASSERT_EQUAL(mg_features_resolve(f, "lro", pos, 8, &alias), 0);
	CU_ASSERT_TRUE(alias);
	CU_ASSERT_EQUAL(mg_features_resolve(f, "nonsense", pos, 8, &alias), 0);
	CU_ASSERT_FALSE(alias);
}

static void test_features_reply(void)
{
	struct nl_msg *msg = reply(ETHTOOL_MSG_FEATURES_GET_REPLY, ETHTOOL_A_FEATURES_HEADER, 4, "eth2");
	struct mg_features f;

	put_bitset(msg, ETHTOOL_A_FEATURES_HW, true, hw, N(hw));
	put_bitset(msg, ETHTOOL_A_FEATURES_WANTED, true, wanted, N(wanted));
	put_bitset(msg, ETHTOOL_A_FEATURES_ACTIVE, true, active, N(active));
	put_bitset(msg, ETHTOOL_A_FEATURES_NOCHANGE, true, nochange, N(nochange));
	mg_features_init(&f);
	/* Verbose: the names come with the bits. */
	CU_ASSERT_EQUAL_FATAL(mg_features_parse_reply(nlmsg_hdr(msg), NULL, &f), 0);
	nlmsg_free(msg);
	check_features(&f);
	CU_ASSERT_TRUE(mg_feature_name_eq("tx-udp_tnl-segmentation", "tx_udp-tnl_segmentation"));
	CU_ASSERT_FALSE(mg_feature_name_eq("rx-gro", "rx-gro-hw"));
	mg_features_clear(&f);

	msg = reply(ETHTOOL_MSG_EEE_GET_REPLY, ETHTOOL_A_EEE_HEADER, 4, "eth2");
	CU_ASSERT_EQUAL(mg_features_parse_reply(nlmsg_hdr(msg), NULL, &f), -EPROTO);
	nlmsg_free(msg);
}

/* A dump's names, shared: every interface's features point into one copy, freed with the last. */
static void test_features_shared_names(void)
{
	struct mg_strset *set = calloc(1, sizeof(*set));
	struct mg_features f[2];
	const struct bit *lists[] = { hw, wanted, active, nochange };
	const size_t sizes[] = { N(hw), N(wanted), N(active), N(nochange) };

	CU_ASSERT_PTR_NOT_NULL_FATAL(set);
	set->names = calloc(96, sizeof(*set->names));
	CU_ASSERT_PTR_NOT_NULL_FATAL(set->names);
	set->count = 96;
	set->refs = 1;
	for (size_t l = 0; l < N(lists); l++)
		for (size_t i = 0; i < sizes[l]; i++)
			strcpy(set->names[lists[l][i].index], lists[l][i].name);
	for (int k = 0; k < 2; k++) {
		struct nl_msg *msg = reply(ETHTOOL_MSG_FEATURES_GET_REPLY, ETHTOOL_A_FEATURES_HEADER, 4, "eth2");

		for (size_t l = 0; l < N(lists); l++)
			put_compact(msg, ETHTOOL_A_FEATURES_HW + (int)l, 96, lists[l], sizes[l]);
		mg_features_init(&f[k]);
		CU_ASSERT_EQUAL_FATAL(mg_features_parse_reply(nlmsg_hdr(msg), set, &f[k]), 0);
		nlmsg_free(msg);
	}
	CU_ASSERT_EQUAL(set->refs, 3);
	CU_ASSERT_PTR_EQUAL(f[0].items[0].name, f[1].items[0].name);
	/* The dump lets go of the set: the features keep it. */
	mg_strset_unref(set);
	check_features(&f[0]);
	check_features(&f[1]);
	mg_features_clear(&f[0]);
	CU_ASSERT_EQUAL(set->refs, 1);
	mg_features_clear(&f[1]);
}

/* The same reply compact, named from the string set; without the names it cannot be read. */
static void test_features_compact_reply(void)
{
	char names[96][ETH_GSTRING_LEN] = { { 0 } };
	struct mg_strset set = { names, 96, 0 };
	struct nl_msg *msg = reply(ETHTOOL_MSG_FEATURES_GET_REPLY, ETHTOOL_A_FEATURES_HEADER, 4, "eth2");
	struct mg_features f;
	const struct {
		const struct bit *bits;
		size_t n;
	} lists[] = { { hw, N(hw) }, { wanted, N(wanted) }, { active, N(active) }, { nochange, N(nochange) } };

	for (size_t l = 0; l < N(lists); l++)
		for (size_t i = 0; i < lists[l].n; i++)
			strcpy(names[lists[l].bits[i].index], lists[l].bits[i].name);
	/* Bit 70 is set but has no name: it cannot be asked for, and is left out. */
	put_compact(msg, ETHTOOL_A_FEATURES_HW, 96, (struct bit[]){ hw[0], hw[1], hw[2], { 70, "", 0 } }, 4);
	put_compact(msg, ETHTOOL_A_FEATURES_WANTED, 96, wanted, N(wanted));
	put_compact(msg, ETHTOOL_A_FEATURES_ACTIVE, 96, active, N(active));
	put_compact(msg, ETHTOOL_A_FEATURES_NOCHANGE, 96, nochange, N(nochange));
	mg_features_init(&f);
	CU_ASSERT_EQUAL(mg_features_parse_reply(nlmsg_hdr(msg), NULL, &f), -ENOKEY);
	CU_ASSERT_EQUAL(mg_features_get_count(&f), 0);
	CU_ASSERT_EQUAL_FATAL(mg_features_parse_reply(nlmsg_hdr(msg), &set, &f), 0);
	/* The same reply again (a dump asked twice, both recorded): it replaces the first. */
	CU_ASSERT_EQUAL_FATAL(mg_features_parse_reply(nlmsg_hdr(msg), &set, &f), 0);
	nlmsg_free(msg);
	check_features(&f);
	mg_features_clear(&f);

	/* One reply in both forms, and a value shorter than its size: malformed. */
	msg = reply(ETHTOOL_MSG_FEATURES_GET_REPLY, ETHTOOL_A_FEATURES_HEADER, 4, "eth2");
	put_compact(msg, ETHTOOL_A_FEATURES_HW, 96, hw, N(hw));
	put_bitset(msg, ETHTOOL_A_FEATURES_ACTIVE, true, active, N(active));
	CU_ASSERT_EQUAL(mg_features_parse_reply(nlmsg_hdr(msg), &set, &f), -EPROTO);
	mg_features_clear(&f);
	nlmsg_free(msg);
	msg = reply(ETHTOOL_MSG_FEATURES_GET_REPLY, ETHTOOL_A_FEATURES_HEADER, 4, "eth2");
	put_compact(msg, ETHTOOL_A_FEATURES_HW, 64, hw, N(hw));
	CU_ASSERT_EQUAL(mg_features_parse_reply(nlmsg_hdr(msg), &set, &f), 0);
	mg_features_clear(&f);
	nlmsg_free(msg);
	msg = reply(ETHTOOL_MSG_FEATURES_GET_REPLY, ETHTOOL_A_FEATURES_HEADER, 4, "eth2");
	{
		struct nlattr *nest = nla_nest_start(msg, ETHTOOL_A_FEATURES_HW);
		uint32_t word = 1;

		nla_put_u32(msg, ETHTOOL_A_BITSET_SIZE, 96);
		nla_put(msg, ETHTOOL_A_BITSET_VALUE, sizeof(word), &word);
		nla_nest_end(msg, nest);
	}
	CU_ASSERT_EQUAL(mg_features_parse_reply(nlmsg_hdr(msg), &set, &f), -EPROTO);
	mg_features_clear(&f);
	nlmsg_free(msg);
	/* Names past the set are none. */
	CU_ASSERT_PTR_NULL(mg_strset_name(&set, 96));
	CU_ASSERT_PTR_NULL(mg_strset_name(&set, 0));
	CU_ASSERT_STRING_EQUAL(mg_strset_name(&set, 60), "vlan-challenged");
}

/* A STRSET_GET reply: the set asked for among others, strings by index, past the count ignored. */
static void test_strset_reply(void)
{
	struct nl_msg *msg = reply(ETHTOOL_MSG_STRSET_GET_REPLY, ETHTOOL_A_STRSET_HEADER, 0, "");
	struct nlattr *sets, *set, *strings, *one;
	static const struct {
		uint32_t id, count;
		struct bit strings[3];
	} content[] = {
		{ ETH_SS_TEST, 1, { { 0, "offline", 0 } } },
		{ ETH_SS_FEATURES, 4, { { 0, "tx-scatter-gather", 0 }, { 2, "highdma", 0 }, { 9, "past-the-count", 0 } } },
	};
	struct mg_strset names = { NULL, 0, 0 };

	sets = nla_nest_start(msg, ETHTOOL_A_STRSET_STRINGSETS);
	for (size_t i = 0; i < N(content); i++) {
		set = nla_nest_start(msg, ETHTOOL_A_STRINGSETS_STRINGSET);
		nla_put_u32(msg, ETHTOOL_A_STRINGSET_ID, content[i].id);
		nla_put_u32(msg, ETHTOOL_A_STRINGSET_COUNT, content[i].count);
		strings = nla_nest_start(msg, ETHTOOL_A_STRINGSET_STRINGS);
		for (size_t k = 0; k < 3 && content[i].strings[k].name; k++) {
			one = nla_nest_start(msg, ETHTOOL_A_STRINGS_STRING);
			nla_put_u32(msg, ETHTOOL_A_STRING_INDEX, content[i].strings[k].index);
			nla_put_string(msg, ETHTOOL_A_STRING_VALUE, content[i].strings[k].name);
			nla_nest_end(msg, one);
		}
		nla_nest_end(msg, strings);
		nla_nest_end(msg, set);
	}
	nla_nest_end(msg, sets);
	CU_ASSERT_EQUAL_FATAL(mg_strset_parse_reply(nlmsg_hdr(msg), ETH_SS_FEATURES, &names), 0);
	CU_ASSERT_EQUAL(names.count, 4);
	CU_ASSERT_STRING_EQUAL(mg_strset_name(&names, 0), "tx-scatter-gather");
	CU_ASSERT_PTR_NULL(mg_strset_name(&names, 1));
	CU_ASSERT_STRING_EQUAL(mg_strset_name(&names, 2), "highdma");
	CU_ASSERT_PTR_NULL(mg_strset_name(&names, 9));
	mg_strset_clear(&names);
	/* A set the reply does not hold: no names, no error. */
	CU_ASSERT_EQUAL(mg_strset_parse_reply(nlmsg_hdr(msg), ETH_SS_PRIV_FLAGS, &names), 0);
	CU_ASSERT_PTR_NULL(names.names);
	nlmsg_free(msg);
	/* A set without its id, and another message: malformed. */
	msg = reply(ETHTOOL_MSG_STRSET_GET_REPLY, ETHTOOL_A_STRSET_HEADER, 0, "");
	sets = nla_nest_start(msg, ETHTOOL_A_STRSET_STRINGSETS);
	set = nla_nest_start(msg, ETHTOOL_A_STRINGSETS_STRINGSET);
	nla_put_u32(msg, ETHTOOL_A_STRINGSET_COUNT, 2);
	nla_nest_end(msg, set);
	nla_nest_end(msg, sets);
	CU_ASSERT_EQUAL(mg_strset_parse_reply(nlmsg_hdr(msg), ETH_SS_FEATURES, &names), -EPROTO);
	nlmsg_free(msg);
	msg = reply(ETHTOOL_MSG_EEE_GET_REPLY, ETHTOOL_A_EEE_HEADER, 0, "");
	CU_ASSERT_EQUAL(mg_strset_parse_reply(nlmsg_hdr(msg), ETH_SS_FEATURES, &names), -EPROTO);
	nlmsg_free(msg);
	mg_strset_clear(&names);
}

static void test_modes_decide(void)
{
	char *ours[] = { "Autoneg", "10baseT/Half", "100baseT/Full", "1000baseT/Full", "2500baseT/Full", "TP" };
	char *partner[] = { "1000baseT/Full", "2500baseT/Full", "5000baseT/Full", "Pause" };
	char *half[] = { "100baseT/Half", "100baseT/Full" };
	char *advertised[] = { "Autoneg", "100baseT/Full", "1000baseT/Full", "TP" };
	size_t n;

	CU_ASSERT_EQUAL(mg_mode_speed_mbps("2500baseT/Full"), 2500);
	CU_ASSERT_EQUAL(mg_mode_speed_mbps("100000baseKR4/Full"), 100000);
	CU_ASSERT_EQUAL(mg_mode_speed_mbps("10baseT1L/Full"), 10);
	CU_ASSERT_EQUAL(mg_mode_speed_mbps("Autoneg"), -1);
	CU_ASSERT_EQUAL(mg_mode_speed_mbps("Backplane"), -1);
	CU_ASSERT_EQUAL(mg_mode_speed_mbps("FEC_BASER"), -1);
	CU_ASSERT_EQUAL(mg_mode_speed_mbps("base"), -1);
	CU_ASSERT_EQUAL(mg_mode_speed_mbps(NULL), -1);
	CU_ASSERT_TRUE(mg_mode_is_full("1000baseT/Full"));
	CU_ASSERT_FALSE(mg_mode_is_full("1000baseT/Half"));
	/* 5G is the partner's only: 2.5G is the best both share. */
	CU_ASSERT_STRING_EQUAL(mg_modes_best_common(ours, N(ours), partner, N(partner)), "2500baseT/Full");
	CU_ASSERT_STRING_EQUAL(mg_modes_best_common(half, N(half), half, N(half)), "100baseT/Full");
	CU_ASSERT_PTR_NULL(mg_modes_best_common(ours, N(ours), partner, 0));
	/* Supported, not advertised: the 2.5G NIC that comes up at 1G; non-speed bits are not modes. */
	CU_ASSERT_STRING_EQUAL(mg_modes_missing(ours, N(ours), advertised, N(advertised), 0, &n), "10baseT/Half");
	CU_ASSERT_EQUAL(n, 2);
	CU_ASSERT_STRING_EQUAL(mg_modes_missing(ours, N(ours), advertised, N(advertised), 1, NULL), "2500baseT/Full");
	CU_ASSERT_PTR_NULL(mg_modes_missing(ours, N(ours), advertised, N(advertised), 2, NULL));
}

/* The link getters on a parsed LINKMODES reply. */
static void test_link_best_and_not_advertised(void)
{
	static const struct bit ours[] = {
		{ 0, "10baseT/Half", 1 }, { 5, "1000baseT/Full", 1 }, { 6, "Autoneg", 1 }, { 47, "2500baseT/Full", 0 },
	};
	static const struct bit peer[] = { { 5, "1000baseT/Full", 1 }, { 47, "2500baseT/Full", 1 } };
	struct nl_msg *msg = reply(ETHTOOL_MSG_LINKMODES_GET_REPLY, ETHTOOL_A_LINKMODES_HEADER, 2, "eth0");
	struct mg_ethlink l;

	put_bitset(msg, ETHTOOL_A_LINKMODES_OURS, false, ours, N(ours));
	mg_ethlink_init(&l);
	CU_ASSERT_EQUAL_FATAL(mg_ethlink_parse_reply(nlmsg_hdr(msg), MG_ETHLINK_MODES, &l), 0);
	/* No partner known: no best mode. */
	CU_ASSERT_PTR_NULL(mg_ethlink_get_best_common_mode(&l));
	CU_ASSERT_EQUAL(mg_ethlink_get_not_advertised_count(&l), 1);
	CU_ASSERT_STRING_EQUAL(mg_ethlink_get_not_advertised(&l, 0), "2500baseT/Full");
	CU_ASSERT_PTR_NULL(mg_ethlink_get_not_advertised(&l, 1));
	/* The bit indices come with the names. */
	CU_ASSERT_EQUAL(l.modes[MG_MODES_SUPPORTED].index[3], 47);
	mg_ethlink_clear(&l);
	put_bitset(msg, ETHTOOL_A_LINKMODES_PEER, true, peer, N(peer));
	mg_ethlink_init(&l);
	CU_ASSERT_EQUAL_FATAL(mg_ethlink_parse_reply(nlmsg_hdr(msg), MG_ETHLINK_MODES, &l), 0);
	CU_ASSERT_STRING_EQUAL(mg_ethlink_get_best_common_mode(&l), "2500baseT/Full");
	mg_ethlink_clear(&l);
	nlmsg_free(msg);
	CU_ASSERT_PTR_NULL(mg_ethlink_get_best_common_mode(NULL));
	CU_ASSERT_EQUAL(mg_ethlink_get_not_advertised_count(NULL), 0);
}

static void test_linkmodes_bitmap(void)
{
	struct mg_linkmodes m = { { 0 } }, back;
	char hex[MG_LINKMODE_HEX + 1];

	mg_linkmodes_set(&m, 0);
	mg_linkmodes_set(&m, 47);
	mg_linkmodes_set(&m, 255);
	mg_linkmodes_set(&m, 256); /* past the bitmap: not kept */
	CU_ASSERT_TRUE(mg_linkmodes_test(&m, 47));
	CU_ASSERT_FALSE(mg_linkmodes_test(&m, 48));
	CU_ASSERT_FALSE(mg_linkmodes_test(&m, -1));
	mg_linkmodes_to_hex(&m, hex, sizeof(hex));
	CU_ASSERT_EQUAL(strlen(hex), MG_LINKMODE_HEX);
	CU_ASSERT_EQUAL(hex[0], '8');
	CU_ASSERT_EQUAL(mg_linkmodes_from_hex(hex, &back), 0);
	CU_ASSERT_TRUE(mg_linkmodes_equal(&m, &back));
	CU_ASSERT_EQUAL(mg_linkmodes_from_hex("ff", &back), -EINVAL);
	hex[3] = 'G';
	CU_ASSERT_EQUAL(mg_linkmodes_from_hex(hex, &back), -EINVAL);
}

static void test_setters(void)
{
	struct mg_settings *s;
	char name[40];

	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&s), 0);
	CU_ASSERT_EQUAL(mg_group_asked(s), 0);
	CU_ASSERT_EQUAL(mg_settings_set_eee(s, 2), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set_eee(NULL, 1), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set_eee(s, 0), 0);
	CU_ASSERT_EQUAL(mg_group_asked(s), 1u << MG_GROUP_EEE);
	CU_ASSERT_EQUAL(mg_settings_set_advertise(s, ""), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set_advertise(s, "1000baseT/Full,"), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set_advertise(s, ",1000baseT/Full"), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set_advertise(s, "1000baseT/Full 2500baseT/Full"), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set_advertise(s, NULL), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set_advertise(s, "all"), 0);
	CU_ASSERT_EQUAL(mg_settings_set_advertise(s, "1000baseT/Full,2500baseT"), 0);
	CU_ASSERT_STRING_EQUAL(s->tune->advertise, "1000baseT/Full,2500baseT");
	CU_ASSERT_EQUAL(mg_settings_set_feature(s, "", 1), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set_feature(s, "rx gro", 1), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set_feature(s, "abcdefghijklmnopqrstuvwxyz0123456", 1), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set_feature(s, "gro", 3), -EINVAL);
	/* One name twice: the last counts. */
	CU_ASSERT_EQUAL(mg_settings_set_feature(s, "rx-gro", 1), 0);
	CU_ASSERT_EQUAL(mg_settings_set_feature(s, "rx_gro", 0), 0);
	CU_ASSERT_EQUAL(s->tune->feature_count, 1);
	CU_ASSERT_FALSE(s->tune->features[0].on);
	for (int i = 1; i < MG_FEATURE_WANT_MAX; i++) {
		snprintf(name, sizeof(name), "f%d", i);
		CU_ASSERT_EQUAL(mg_settings_set_feature(s, name, 1), 0);
	}
	CU_ASSERT_EQUAL(mg_settings_set_feature(s, "one-more", 1), -E2BIG);
	CU_ASSERT_EQUAL(mg_group_asked(s),
			(1u << MG_GROUP_EEE) | (1u << MG_GROUP_ADVERTISE) | (1u << MG_GROUP_FEATURES));
	CU_ASSERT_EQUAL(mg_settings_set_aspm_l1(s, 2), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set_aspm_l1(s, -1), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set_aspm_l1(NULL, 0), -EINVAL);
	CU_ASSERT_EQUAL(s->tune->aspm_l1, -1);
	CU_ASSERT_EQUAL(mg_settings_set_aspm_l1(s, 0), 0);
	CU_ASSERT_EQUAL(s->tune->aspm_l1, 0);
	CU_ASSERT_TRUE(mg_group_asked(s) & (1u << MG_GROUP_ASPM));
	mg_settings_free(s);
	/* Only ASPM asked: the apply reads no EEE, modes or features. */
	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&s), 0);
	CU_ASSERT_EQUAL(mg_settings_set_aspm_l1(s, 1), 0);
	CU_ASSERT_EQUAL(mg_group_asked(s), 1u << MG_GROUP_ASPM);
	mg_settings_free(s);
	CU_ASSERT_STRING_EQUAL(mg_param_group_name(MG_GROUP_FEATURES), "features");
	CU_ASSERT_STRING_EQUAL(mg_param_group_name(MG_GROUP_EEE), "eee");
	CU_ASSERT_STRING_EQUAL(mg_param_group_name(MG_GROUP_ADVERTISE), "advertise");
	CU_ASSERT_STRING_EQUAL(mg_param_group_name(MG_GROUP_ASPM), "aspm");
	CU_ASSERT_STRING_EQUAL(mg_param_group_name(MG_GROUP_RPS), "rps");
	CU_ASSERT_STRING_EQUAL(mg_param_group_name(MG_GROUP_XPS), "xps");
	CU_ASSERT_STRING_EQUAL(mg_param_group_name(MG_GROUP_IRQ_AFFINITY), "irq-affinity");
	CU_ASSERT_STRING_EQUAL(mg_param_group_name(MG_GROUP_WOL), "wol");
	CU_ASSERT_STRING_EQUAL(mg_param_group_name(MG_GROUP_PERSIST), "persist");
	CU_ASSERT_STRING_EQUAL(mg_param_group_name(MG_GROUP_PERSIST_NM), "persist-nm");
	CU_ASSERT_PTR_NULL(mg_param_group_name((enum mg_param_group)15));

	/* Persisting: to write, to remove; any other value is refused. */
	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&s), 0);
	CU_ASSERT_EQUAL(mg_group_asked(s), 0u);
	CU_ASSERT_EQUAL(mg_settings_set_persist(s, 3), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set_persist(NULL, MG_PERSIST_WRITE), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set_persist(s, MG_PERSIST_REMOVE), 0);
	/* udev's file and NetworkManager's connection, each its own step. */
	CU_ASSERT_EQUAL(mg_group_asked(s), 1u << MG_GROUP_PERSIST | 1u << MG_GROUP_PERSIST_NM);
	CU_ASSERT_EQUAL(mg_settings_set_persist(s, MG_PERSIST_NO), 0);
	CU_ASSERT_EQUAL(mg_group_asked(s), 0u);
	mg_settings_free(s);

	/* Wake-on-LAN: ethtool's letters, "d" or "off" for none; any other word is refused. */
	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&s), 0);
	CU_ASSERT_EQUAL(mg_settings_set_wol(s, "x"), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set_wol(s, ""), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set_wol(s, "gd"), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set_wol(s, NULL), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set_wol(NULL, "g"), -EINVAL);
	CU_ASSERT_EQUAL(mg_group_asked(s), 0);
	CU_ASSERT_EQUAL(mg_settings_set_wol(s, "gu"), 0);
	CU_ASSERT_EQUAL(s->tune->wol, WAKE_MAGIC | WAKE_UCAST);
	CU_ASSERT_EQUAL(mg_group_asked(s), 1u << MG_GROUP_WOL);
	CU_ASSERT_EQUAL(mg_settings_set_wol(s, "off"), 0);
	CU_ASSERT_EQUAL(s->tune->wol, 0);
	CU_ASSERT_EQUAL(mg_settings_set_wol(s, "d"), 0);
	CU_ASSERT_EQUAL(s->tune->wol, 0);
	CU_ASSERT_EQUAL(mg_settings_set_wol(s, "pumbagsf"), 0);
	CU_ASSERT_EQUAL(s->tune->wol, 0xff);
	mg_settings_free(s);

	/* Steering asked: its groups, and the last ask of one queue wins; every queue replaces them all. */
	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&s), 0);
	CU_ASSERT_EQUAL(mg_settings_set_rps_cpus(s, 1, "0"), 0);
	CU_ASSERT_EQUAL(mg_settings_set_rps_cpus(s, 1, "1-2"), 0);
	CU_ASSERT_EQUAL(mg_settings_set_irq_affinity(s, 40, "3"), 0);
	CU_ASSERT_EQUAL(mg_group_asked(s), 1u << MG_GROUP_RPS | 1u << MG_GROUP_IRQ_AFFINITY);
	CU_ASSERT_EQUAL(s->tune->steer_count[0], 1);
	CU_ASSERT_EQUAL(s->tune->steer[0][0].mask, 6);
	CU_ASSERT_EQUAL(mg_settings_set_rps_cpus(s, -1, "none"), 0);
	CU_ASSERT_EQUAL(s->tune->steer_count[0], 1);
	CU_ASSERT_EQUAL(s->tune->steer[0][0].index, -1);
	CU_ASSERT_EQUAL(s->tune->steer[0][0].mask, 0);
	for (int q = 0; q < 64; q++)
		CU_ASSERT_EQUAL(mg_settings_set_xps_cpus(s, q, "0"), 0);
	CU_ASSERT_EQUAL(mg_settings_set_xps_cpus(s, 64, "0"), -E2BIG);
	mg_settings_free(s);
}

/*
 * A set asked for: "none" is no CPU, an empty one is refused (an unset
 * variable in a script would otherwise switch RPS and XPS off).
 */
static void test_cpumask_asked(void)
{
	struct mg_settings *want;
	uint64_t m = 1;

	CU_ASSERT_EQUAL(mg_cpumask_parse_asked("", &m), -EINVAL);
	CU_ASSERT_EQUAL(mg_cpumask_parse_asked(" \n", &m), -EINVAL);
	CU_ASSERT_EQUAL(mg_cpumask_parse_asked("none", &m), 0);
	CU_ASSERT_EQUAL(m, 0);
	CU_ASSERT_EQUAL(mg_cpumask_parse_asked("none\n", &m), 0);
	CU_ASSERT_EQUAL(mg_cpumask_parse_asked("nonex", &m), -EINVAL);
	CU_ASSERT_EQUAL(mg_cpumask_parse_asked("0-1", &m), 0);
	CU_ASSERT_EQUAL(m, 3);
	CU_ASSERT_EQUAL(mg_cpumask_parse_asked("64", &m), -ERANGE);
	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&want), 0);
	CU_ASSERT_EQUAL(mg_settings_set_rps_cpus(want, -1, ""), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set_rps_cpus(want, 0, " "), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set_xps_cpus(want, -1, ""), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set_irq_affinity(want, -1, ""), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set_irq_affinity(want, -1, "none"), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set_rps_cpus(want, -1, "none"), 0);
	CU_ASSERT_EQUAL(mg_settings_set_xps_cpus(want, 1, "none"), 0);
	mg_settings_free(want);
}

/* CPU sets both ways, as the kernel writes them. */
static void test_cpumask(void)
{
	uint64_t m;
	char buf[64];

	CU_ASSERT_EQUAL(mg_cpumask_parse_list("0-3,6\n", &m), 0);
	CU_ASSERT_EQUAL(m, 0x4f);
	CU_ASSERT_EQUAL(mg_cpumask_parse_list("", &m), 0);
	CU_ASSERT_EQUAL(m, 0);
	CU_ASSERT_EQUAL(mg_cpumask_parse_list("63", &m), 0);
	CU_ASSERT_EQUAL(m, 1ULL << 63);
	CU_ASSERT_EQUAL(mg_cpumask_parse_list("60-64", &m), -ERANGE);
	CU_ASSERT_EQUAL(mg_cpumask_parse_list("3-1", &m), -EINVAL);
	CU_ASSERT_EQUAL(mg_cpumask_parse_list("1,", &m), -EINVAL);
	CU_ASSERT_EQUAL(mg_cpumask_parse_list(",1", &m), -EINVAL);
	CU_ASSERT_EQUAL(mg_cpumask_parse_list("1 2", &m), -EINVAL);
	CU_ASSERT_EQUAL(mg_cpumask_parse_list("1234567890", &m), -EINVAL);
	CU_ASSERT_EQUAL(mg_cpumask_parse_hex("00000000,0000000f\n", &m), 0);
	CU_ASSERT_EQUAL(m, 0xf);
	CU_ASSERT_EQUAL(mg_cpumask_parse_hex("80000000,00000001", &m), 0);
	CU_ASSERT_EQUAL(m, 0x8000000000000001ULL);
	CU_ASSERT_EQUAL(mg_cpumask_parse_hex("00000000,00000000,00000001", &m), 0);
	CU_ASSERT_EQUAL(m, 1);
	CU_ASSERT_EQUAL(mg_cpumask_parse_hex("00000001,00000000,00000000", &m), -ERANGE);
	CU_ASSERT_EQUAL(mg_cpumask_parse_hex("", &m), -EINVAL);
	CU_ASSERT_EQUAL(mg_cpumask_parse_hex("0g", &m), -EINVAL);
	mg_cpumask_list(0x4f, buf, sizeof(buf));
	CU_ASSERT_STRING_EQUAL(buf, "0-3,6");
	mg_cpumask_list(0x8000000000000005ULL, buf, sizeof(buf));
	CU_ASSERT_STRING_EQUAL(buf, "0,2,63");
	mg_cpumask_list(0, buf, sizeof(buf));
	CU_ASSERT_STRING_EQUAL(buf, "");
	/* As shown and echoed: what `set` takes back, "none" for no CPU. */
	mg_cpumask_text(0, buf, sizeof(buf));
	CU_ASSERT_STRING_EQUAL(buf, "none");
	mg_cpumask_text(0xb, buf, sizeof(buf));
	CU_ASSERT_STRING_EQUAL(buf, "0-1,3");
	mg_cpumask_hex(0x4f, buf, sizeof(buf));
	CU_ASSERT_STRING_EQUAL(buf, "4f");
	/* Past CPU 31, a word of 32 bits at most between commas: bitmap_parse() takes no more. */
	mg_cpumask_hex(0x100000003ULL, buf, sizeof(buf));
	CU_ASSERT_STRING_EQUAL(buf, "1,00000003");
	CU_ASSERT_EQUAL(mg_cpumask_parse_hex(buf, &m), 0);
	CU_ASSERT_EQUAL(m, 0x100000003ULL);
	mg_cpumask_hex(0xffffffffULL, buf, sizeof(buf));
	CU_ASSERT_STRING_EQUAL(buf, "ffffffff");
}

/* ---- plans on state built by hand ---- */

static void add(struct mg_bits *b, int index, const char *name)
{
	CU_ASSERT_EQUAL_FATAL(mg_bits_add(b, name, index), 0);
}

/* eth1, a 2.5G PHY: supports 100M, 1G, 2.5G; advertises 100M and 1G with Autoneg and TP. */
static void target_2g5(struct mg_apply_target *t)
{
	struct mg_ethlink *l = calloc(1, sizeof(*l));
	struct mg_features *f = calloc(1, sizeof(*f));
	struct mg_eee *e = calloc(1, sizeof(*e));

	CU_ASSERT_FATAL(l && f && e);
	memset(t, 0, sizeof(*t));
	t->lock_fd = -1;
	mg_strlcpy(t->cur.ifname, "eth1", sizeof(t->cur.ifname));
	mg_strlcpy(t->driver, "r8169", sizeof(t->driver));
	mg_ethlink_init(l);
	add(&l->modes[MG_MODES_SUPPORTED], 3, "100baseT/Full");
	add(&l->modes[MG_MODES_SUPPORTED], 5, "1000baseT/Full");
	add(&l->modes[MG_MODES_SUPPORTED], 6, "Autoneg");
	add(&l->modes[MG_MODES_SUPPORTED], 7, "TP");
	add(&l->modes[MG_MODES_SUPPORTED], 47, "2500baseT/Full");
	add(&l->modes[MG_MODES_ADVERTISED], 3, "100baseT/Full");
	add(&l->modes[MG_MODES_ADVERTISED], 5, "1000baseT/Full");
	add(&l->modes[MG_MODES_ADVERTISED], 6, "Autoneg");
	add(&l->modes[MG_MODES_ADVERTISED], 7, "TP");
	t->tune.modes = l;
	mg_eee_init(e);
	e->enabled = 1;
	add(&e->modes[MG_MODES_SUPPORTED], 5, "1000baseT/Full");
	mg_eee_conclude(e);
	t->tune.eee = e;
	/* Names of its own, as a verbose reply gives: the features free them. */
	mg_features_init(f);
	f->items = calloc(3, sizeof(*f->items));
	CU_ASSERT_PTR_NOT_NULL_FATAL(f->items);
	f->count = 3;
	f->items[0] = (struct mg_feature){ .name = strdup("rx-checksum"), .index = 1, .active = true, .nochange = true };
	f->items[1] = (struct mg_feature){ .name = strdup("rx-gro"), .index = 14, .hw = true, .wanted = true, .active = true };
	f->items[2] = (struct mg_feature){ .name = strdup("tx-tcp-segmentation"), .index = 16, .hw = true };
	t->tune.features = f;
}

static int plan(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *want,
		struct mg_apply_part *r)
{
	for (int g = MG_GROUP_FEATURES; g <= MG_GROUP_ASPM; g++) {
		int err = mg_group_ops[g]->plan(ctx, t, want, (enum mg_param_group)g, r);

		if (err < 0)
			return err;
	}
	return 0;
}

static void test_plan_advertise(void)
{
	struct mg_apply_target t;
	struct mg_apply_result *res = mg_apply_result_new();
	struct mg_apply_part *r = mg_apply_result_add_part(res, &(struct mg_iface_id){ .ifindex = 1, .name = "eth1" });
	struct mg_settings *want;
	struct mg_ctx *ctx;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/desktop", &ctx), 0);
	target_2g5(&t);
	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&want), 0);

	/* "all": 2.5G joins; Autoneg and TP stay. */
	mg_settings_set_advertise(want, "all");
	CU_ASSERT_EQUAL_FATAL(plan(ctx, &t, want, r), 0);
	CU_ASSERT_EQUAL_FATAL(mg_apply_result_count(res), 1);
	CU_ASSERT_STRING_EQUAL(mg_apply_result_get_name(res, 0), "advertise");
	CU_ASSERT_EQUAL(mg_apply_result_get_group(res, 0), MG_GROUP_ADVERTISE);
	CU_ASSERT_STRING_EQUAL(mg_apply_result_get_modes(res, 0, 0), "100baseT/Full,1000baseT/Full");
	CU_ASSERT_STRING_EQUAL(mg_apply_result_get_modes(res, 0, 1), "100baseT/Full,1000baseT/Full,2500baseT/Full");
	CU_ASSERT_TRUE(mg_linkmodes_test(&r->adv[MG_VALUE_NEW], 6) && mg_linkmodes_test(&r->adv[MG_VALUE_NEW], 7));
	CU_ASSERT_EQUAL(mg_apply_result_may_bounce_link(res), 1);

	/* Only 2.5G, by its short name: 100M and 1G go. */
	r->count = 0;
	mg_settings_set_advertise(want, "2500baseT");
	CU_ASSERT_EQUAL_FATAL(plan(ctx, &t, want, r), 0);
	CU_ASSERT_STRING_EQUAL(mg_apply_result_get_modes(res, 0, 1), "2500baseT/Full");
	CU_ASSERT_FALSE(mg_linkmodes_test(&r->adv[MG_VALUE_NEW], 5));

	/* What is advertised already: nothing to do. */
	r->count = 0;
	mg_settings_set_advertise(want, "1000baseT/Full,100baseT/Full");
	CU_ASSERT_EQUAL(plan(ctx, &t, want, r), 0);
	CU_ASSERT_EQUAL(mg_apply_result_count(res), 0);

	/* A mode it does not support, and one that is no speed. */
	mg_settings_set_advertise(want, "1000baseT/Full,5000baseT/Full");
	CU_ASSERT_EQUAL(plan(ctx, &t, want, r), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "eth1 does not support 5000baseT/Full"));
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "it supports 100baseT/Full,1000baseT/Full,2500baseT/Full"));
	mg_settings_set_advertise(want, "Autoneg");
	CU_ASSERT_EQUAL(plan(ctx, &t, want, r), -EINVAL);

	/* A driver with no link modes at all. */
	mg_ethlink_free(t.tune.modes);
	t.tune.modes = NULL;
	CU_ASSERT_EQUAL(plan(ctx, &t, want, r), -EOPNOTSUPP);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "r8169 does not support link modes"));
	mg_settings_free(want);
	mg_group_now_clear(&t.tune);
	mg_apply_result_free(res);
	mg_ctx_unref(ctx);
}

static void test_plan_eee_and_features(void)
{
	struct mg_apply_target t;
	struct mg_apply_result *res = mg_apply_result_new();
	struct mg_apply_part *r = mg_apply_result_add_part(res, &(struct mg_iface_id){ .ifindex = 1, .name = "eth1" });
	struct mg_settings *want;
	struct mg_ctx *ctx;
	enum mg_param p;
	long long from, to;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/desktop", &ctx), 0);
	target_2g5(&t);
	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&want), 0);

	/* EEE off where it is on (the cure for a flapping link); features in the order asked. */
	mg_settings_set_eee(want, 0);
	mg_settings_set_feature(want, "gro", 0);
	mg_settings_set_feature(want, "tso", 1);
	mg_settings_set_feature(want, "rx-checksum", 1); /* fixed on already: nothing to do */
	CU_ASSERT_EQUAL_FATAL(plan(ctx, &t, want, r), 0);
	CU_ASSERT_EQUAL_FATAL(mg_apply_result_count(res), 3);
	CU_ASSERT_STRING_EQUAL(mg_apply_result_get_name(res, 0), "rx-gro");
	CU_ASSERT_STRING_EQUAL(mg_apply_result_get_name(res, 1), "tx-tcp-segmentation");
	CU_ASSERT_STRING_EQUAL(mg_apply_result_get_name(res, 2), "eee");
	CU_ASSERT_EQUAL(mg_apply_result_get(res, 2, &p, &from, &to), 0);
	CU_ASSERT((int)p == -1 && from == 1 && to == 0);
	CU_ASSERT_PTR_NULL(mg_apply_result_get_modes(res, 2, 0));
	CU_ASSERT_EQUAL(mg_apply_result_may_bounce_link(res), 1);

	/* A fixed feature asked to change, an unknown one, a short name none of whose members is listed. */
	r->count = 0;
	mg_settings_free(want);
	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&want), 0);
	mg_settings_set_feature(want, "rx-checksum", 0);
	CU_ASSERT_EQUAL(plan(ctx, &t, want, r), -EOPNOTSUPP);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "rx-checksum is fixed on: r8169 cannot change it"));
	mg_settings_set_feature(want, "rx-checksum", 1);
	mg_settings_set_feature(want, "frobnication", 1);
	CU_ASSERT_EQUAL(plan(ctx, &t, want, r), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "no feature named 'frobnication'"));
	r->count = 0;
	mg_settings_free(want);
	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&want), 0);
	mg_settings_set_feature(want, "lro", 1);
	CU_ASSERT_EQUAL(plan(ctx, &t, want, r), -EOPNOTSUPP);
	mg_settings_set_feature(want, "lro", 0);
	CU_ASSERT_EQUAL(plan(ctx, &t, want, r), 0);
	CU_ASSERT_EQUAL(mg_apply_result_count(res), 0);

	/* A short name and the kernel's name for one feature: the last asked counts, back to where it was is nothing. */
	mg_settings_set_feature(want, "gro", 0);
	mg_settings_set_feature(want, "rx-gro", 1);
	CU_ASSERT_EQUAL(plan(ctx, &t, want, r), 0);
	CU_ASSERT_EQUAL(mg_apply_result_count(res), 0);

	/* EEE on where the driver reports no EEE mode; EEE where the driver has none. */
	r->count = 0;
	mg_settings_free(want);
	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&want), 0);
	mg_bits_clear(&t.tune.eee->modes[MG_MODES_SUPPORTED]);
	mg_eee_conclude(t.tune.eee);
	mg_settings_set_eee(want, 1);
	CU_ASSERT_EQUAL(plan(ctx, &t, want, r), -EOPNOTSUPP);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "reports no EEE link mode"));
	mg_eee_clear(t.tune.eee);
	mg_eee_init(t.tune.eee);
	mg_eee_unsupported(t.tune.eee, "veth");
	mg_settings_set_eee(want, 0);
	CU_ASSERT_EQUAL(plan(ctx, &t, want, r), -EOPNOTSUPP);
	CU_ASSERT_STRING_EQUAL(mg_ctx_last_error(ctx), "eth1: veth does not support EEE");
	CU_ASSERT_EQUAL(mg_apply_result_count(res), 0);
	mg_settings_free(want);
	mg_group_now_clear(&t.tune);
	mg_apply_result_free(res);
	mg_ctx_unref(ctx);
}

/* What a restore finds: still what the apply set, back already, or another writer's. */
static void test_compare_and_restore_plan(void)
{
	struct mg_apply_target t;
	struct mg_apply_result *res = mg_apply_result_new();
	struct mg_apply_part *r = mg_apply_result_add_part(res, &(struct mg_iface_id){ .ifindex = 1, .name = "eth1" });
	struct mg_journal_entry e;
	struct mg_change c = { .group = MG_GROUP_FEATURES, .name = "rx-gro", .old_value = 1, .new_value = 0,
			       .expect = 0 };
	char text[64];

	target_2g5(&t);
	/* rx-gro is on: what the change replaced. */
	CU_ASSERT_EQUAL(mg_group_compare(&t.tune, r, &c), MG_NOW_OLD);
	c.expect = 1;
	CU_ASSERT_EQUAL(mg_group_compare(&t.tune, r, &c), MG_NOW_EXPECT);
	c.expect = 0;
	c.old_value = 0;
	CU_ASSERT_EQUAL(mg_group_compare(&t.tune, r, &c), MG_NOW_OTHER);
	CU_ASSERT_EQUAL(c.found, 1);
	mg_change_text(r, &c, MG_VALUE_FOUND, text, sizeof(text));
	CU_ASSERT_STRING_EQUAL(text, "on");

	/* A journal says the apply turned rx-gro off (it was on): it is on now, nothing to do. */
	mg_group_journal_entry(r, &(struct mg_change){ .group = MG_GROUP_FEATURES, .name = "rx-gro", .old_value = 1,
						       .new_value = 0 }, false, &e);
	mg_group_plan_restore(&e, &t.tune, r);
	CU_ASSERT_EQUAL(r->count, 0);
	/* It says tx-tcp-segmentation went on; it is off: another writer's, left. */
	mg_group_journal_entry(r, &(struct mg_change){ .group = MG_GROUP_FEATURES, .name = "tx-tcp-segmentation",
						       .old_value = 1, .new_value = 1 }, false, &e);
	e.old_value = 0;
	mg_group_plan_restore(&e, &t.tune, r);
	CU_ASSERT_EQUAL(r->count, 0);
	e.old_value = 1;
	mg_group_plan_restore(&e, &t.tune, r);
	CU_ASSERT_EQUAL_FATAL(r->count, 1);
	CU_ASSERT_EQUAL(r->changes[0].state, MG_CHANGE_LEFT);
	/* Advertised modes: the journal's old bitmap comes back, named by what is supported now. */
	r->count = 0;
	memset(&e, 0, sizeof(e));
	e.group = MG_GROUP_ADVERTISE;
	mg_linkmodes_set(&e.old_modes, 5);
	mg_linkmodes_set(&e.old_modes, 47);
	mg_group_plan_restore(&e, &t.tune, r);
	CU_ASSERT_EQUAL_FATAL(r->count, 1);
	CU_ASSERT_EQUAL(r->changes[0].state, MG_CHANGE_PLANNED);
	CU_ASSERT_STRING_EQUAL(mg_apply_result_get_modes(res, 0, 1), "1000baseT/Full,2500baseT/Full");
	CU_ASSERT_STRING_EQUAL(mg_apply_result_get_modes(res, 0, 0), "100baseT/Full,1000baseT/Full");
	mg_group_now_clear(&t.tune);
	mg_apply_result_free(res);
}

/* ---- Wake-on-LAN ---- */

/* eth1 as e1000e reports it: p u m b g supported, @enabled on. */
static void wol_target(struct mg_apply_target *t, int enabled)
{
	memset(t, 0, sizeof(*t));
	t->lock_fd = -1;
	mg_strlcpy(t->cur.ifname, "eth1", sizeof(t->cur.ifname));
	mg_strlcpy(t->driver, "e1000e", sizeof(t->driver));
	t->tune.wol = mg_ethlink_new_unknown("eth1", 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(t->tune.wol);
	t->tune.wol->wol_supported = WAKE_PHY | WAKE_UCAST | WAKE_MCAST | WAKE_BCAST | WAKE_MAGIC;
	t->tune.wol->wol_enabled = enabled;
}

static int plan_wol(struct mg_ctx *ctx, const struct mg_apply_target *t, const char *modes, struct mg_apply_part *r)
{
	struct mg_settings *want;
	int err;

	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&want), 0);
	CU_ASSERT_EQUAL_FATAL(mg_settings_set_wol(want, modes), 0);
	r->count = 0;
	err = mg_group_ops[MG_GROUP_WOL]->plan(ctx, t, want, MG_GROUP_WOL, r);
	mg_settings_free(want);
	return err;
}

static void test_plan_wol(void)
{
	struct mg_apply_result *res = mg_apply_result_new();
	struct mg_apply_part *r = mg_apply_result_add_part(res, &(struct mg_iface_id){ .ifindex = 1, .name = "eth1" });
	struct mg_apply_target t;
	struct mg_ctx *ctx;
	char *json = NULL, text[16];
	long long from, to;
	enum mg_param p;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/desktop", &ctx), 0);
	wol_target(&t, 0);
	/* Magic packet on where nothing is: one change, its values as ethtool's letters. */
	CU_ASSERT_EQUAL_FATAL(plan_wol(ctx, &t, "g", r), 0);
	CU_ASSERT_EQUAL_FATAL(mg_apply_result_count(res), 1);
	CU_ASSERT_STRING_EQUAL(mg_apply_result_get_name(res, 0), "wol");
	CU_ASSERT_EQUAL(mg_apply_result_get_group(res, 0), MG_GROUP_WOL);
	CU_ASSERT_EQUAL(mg_apply_result_get(res, 0, &p, &from, &to), 0);
	CU_ASSERT((int)p == -1 && from == 0 && to == WAKE_MAGIC);
	CU_ASSERT_EQUAL(mg_apply_result_format_value(res, 0, 0, text, sizeof(text)), 0);
	CU_ASSERT_STRING_EQUAL(text, "d");
	CU_ASSERT_EQUAL(mg_apply_result_format_value(res, 0, 1, text, sizeof(text)), 0);
	CU_ASSERT_STRING_EQUAL(text, "g");
	CU_ASSERT_EQUAL(mg_apply_result_may_bounce_link(res), 0);
	CU_ASSERT_EQUAL_FATAL(mg_apply_result_to_json(res, MG_JSON_LINE, &json), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"param\":\"wol\",\"old\":\"d\",\"new\":\"g\""));
	free(json);
	/* Disabled already: nothing to do; the modes it supports, in any order, are taken. */
	CU_ASSERT_EQUAL(plan_wol(ctx, &t, "off", r), 0);
	CU_ASSERT_EQUAL(mg_apply_result_count(res), 0);
	CU_ASSERT_EQUAL(plan_wol(ctx, &t, "gbp", r), 0);
	CU_ASSERT_EQUAL(mg_apply_result_count(res), 1);

	/* A mode the driver lacks: refused, naming those it has. */
	CU_ASSERT_EQUAL(plan_wol(ctx, &t, "ga", r), -EOPNOTSUPP);
	CU_ASSERT_STRING_EQUAL(mg_ctx_last_error(ctx), "eth1: e1000e does not support Wake-on-LAN mode a; it supports "
				"pumbg (d: none)");
	CU_ASSERT_EQUAL(mg_apply_result_count(res), 0);

	/* A driver without Wake-on-LAN (a veth): the kernel's words, when it gives any. */
	mg_group_now_clear(&t.tune);
	mg_strlcpy(t.driver, "veth", sizeof(t.driver));
	t.tune.wol_err = -EOPNOTSUPP;
	CU_ASSERT_EQUAL(plan_wol(ctx, &t, "d", r), -EOPNOTSUPP);
	CU_ASSERT_STRING_EQUAL(mg_ctx_last_error(ctx), "eth1: veth does not support Wake-on-LAN");
	mg_strlcpy(t.tune.wol_extack, "no WoL here", sizeof(t.tune.wol_extack));
	CU_ASSERT_EQUAL(plan_wol(ctx, &t, "g", r), -EOPNOTSUPP);
	CU_ASSERT_STRING_EQUAL(mg_ctx_last_error(ctx), "eth1: veth does not support Wake-on-LAN: no WoL here");
	CU_ASSERT_EQUAL(mg_apply_result_count(res), 0);
	mg_group_now_clear(&t.tune);
	mg_apply_result_free(res);
	mg_ctx_unref(ctx);
}

/* The read-back, and a restore: back already, still what was set, or another writer's. */
static void test_wol_check_and_restore_plan(void)
{
	struct mg_apply_result *res = mg_apply_result_new();
	struct mg_apply_part *r = mg_apply_result_add_part(res, &(struct mg_iface_id){ .ifindex = 1, .name = "eth1" });
	struct mg_change c = { .group = MG_GROUP_WOL, .name = "wol", .old_value = 0, .new_value = WAKE_MAGIC,
			       .expect = WAKE_MAGIC };
	struct mg_journal_entry e;
	struct mg_apply_target t;
	struct mg_ctx *ctx;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/desktop", &ctx), 0);
	wol_target(&t, WAKE_MAGIC);
	CU_ASSERT_EQUAL(mg_group_check(ctx, "eth1", &t.tune, r, &c, true), 0);
	CU_ASSERT_EQUAL(mg_group_compare(&t.tune, r, &c), MG_NOW_EXPECT);
	t.tune.wol->wol_enabled = WAKE_MAGIC | WAKE_PHY;
	CU_ASSERT_EQUAL(mg_group_check(ctx, "eth1", &t.tune, r, &c, true), -EIO);
	CU_ASSERT_STRING_EQUAL(mg_ctx_last_error(ctx), "eth1: the driver left Wake-on-LAN at pg, not g");

	/* The journal says g replaced d: still g, so d comes back. */
	t.tune.wol->wol_enabled = WAKE_MAGIC;
	mg_group_journal_entry(r, &c, false, &e);
	mg_group_plan_restore(&e, &t.tune, r);
	CU_ASSERT_EQUAL_FATAL(r->count, 1);
	CU_ASSERT_EQUAL(r->changes[0].state, MG_CHANGE_PLANNED);
	CU_ASSERT(r->changes[0].old_value == WAKE_MAGIC && r->changes[0].new_value == 0);
	/* Back at d already: nothing; another writer's u: left. */
	r->count = 0;
	t.tune.wol->wol_enabled = 0;
	mg_group_plan_restore(&e, &t.tune, r);
	CU_ASSERT_EQUAL(r->count, 0);
	t.tune.wol->wol_enabled = WAKE_UCAST;
	mg_group_plan_restore(&e, &t.tune, r);
	CU_ASSERT_EQUAL_FATAL(r->count, 1);
	CU_ASSERT_EQUAL(r->changes[0].state, MG_CHANGE_LEFT);
	CU_ASSERT_EQUAL(r->changes[0].found, WAKE_UCAST);
	mg_group_now_clear(&t.tune);
	mg_apply_result_free(res);
	mg_ctx_unref(ctx);
}

/* ---- ASPM L1, planned from fixture trees ---- */

#define PI5_FUNCTION "devices/platform/axi/1000110000.pcie/pci0001:00/0001:00:00.0/0001:01:00.0"

/* What an apply reads of @ifname's ASPM control in the tree of @ctx. */
static void aspm_target(struct mg_ctx *ctx, const char *ifname, int ifindex, struct mg_apply_target *t)
{
	memset(t, 0, sizeof(*t));
	t->lock_fd = -1;
	t->cur.ifindex = ifindex;
	mg_strlcpy(t->cur.ifname, ifname, sizeof(t->cur.ifname));
	CU_ASSERT_EQUAL_FATAL(mg_group_read(ctx, ifindex, ifname, NULL, 1u << MG_GROUP_ASPM, NULL, &t->tune), 0);
}

/* Planned before anything changes; -errno and the context's message, or the change. */
static int plan_aspm(struct mg_ctx *ctx, const struct mg_apply_target *t, int on, struct mg_apply_part *r)
{
	struct mg_settings *want;
	int err;

	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&want), 0);
	CU_ASSERT_EQUAL_FATAL(mg_settings_set_aspm_l1(want, on), 0);
	r->count = 0;
	err = plan(ctx, t, want, r);
	mg_settings_free(want);
	return err;
}

/* The Pi 5's RTL8126: L1 on with ASPM L1.1 and L1.2, the default policy. */
static void test_plan_aspm(void)
{
	struct mg_apply_result *res = mg_apply_result_new();
	struct mg_apply_part *r = mg_apply_result_add_part(res, &(struct mg_iface_id){ .ifindex = 1, .name = "eth1" });
	struct mg_journal_entry e;
	struct mg_apply_target t;
	struct mg_ctx *ctx;
	enum mg_param p;
	long long from, to;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/pi5-rtl8126", &ctx), 0);
	aspm_target(ctx, "eth1", 3, &t);
	CU_ASSERT_STRING_EQUAL(t.tune.aspm.dir, PI5_FUNCTION);
	CU_ASSERT_EQUAL(t.tune.aspm.l1, 1);
	CU_ASSERT_EQUAL(t.tune.aspm.substates, MG_PCIE_ASPM_L1_1 | MG_PCIE_ASPM_L1_2);
	CU_ASSERT_STRING_EQUAL(t.tune.aspm.policy, "default");
	/* Whether the fixture's file is writable depends on who runs the tests: say it is. */
	t.tune.aspm.write_err = 0;

	/* Off: one change, which keeps the substates a restore must turn back on. */
	CU_ASSERT_EQUAL_FATAL(plan_aspm(ctx, &t, 0, r), 0);
	CU_ASSERT_EQUAL_FATAL(mg_apply_result_count(res), 1);
	CU_ASSERT_STRING_EQUAL(mg_apply_result_get_name(res, 0), "aspm-l1");
	CU_ASSERT_EQUAL(mg_apply_result_get_group(res, 0), MG_GROUP_ASPM);
	CU_ASSERT_EQUAL(mg_apply_result_get(res, 0, &p, &from, &to), 0);
	CU_ASSERT((int)p == -1 && from == 1 && to == 0);
	CU_ASSERT_EQUAL(r->changes[0].aspm_substates, MG_PCIE_ASPM_L1_1 | MG_PCIE_ASPM_L1_2);
	CU_ASSERT_STRING_EQUAL(r->aspm_dir, PI5_FUNCTION);
	CU_ASSERT_EQUAL(mg_apply_result_may_bounce_link(res), 0);
	CU_ASSERT_EQUAL(mg_group_read_mask(r), 1u << MG_GROUP_ASPM);
	mg_group_journal_entry(r, &r->changes[0], false, &e);
	CU_ASSERT(e.group == MG_GROUP_ASPM && e.old_value == 1 && e.new_value == 0 && e.new_known);
	CU_ASSERT_EQUAL(e.aspm_substates, MG_PCIE_ASPM_L1_1 | MG_PCIE_ASPM_L1_2);

	/* On where it is on: nothing to do. */
	CU_ASSERT_EQUAL(plan_aspm(ctx, &t, 1, r), 0);
	CU_ASSERT_EQUAL(mg_apply_result_count(res), 0);

	/* On where it is off: under the performance policy the kernel would keep it off. */
	t.tune.aspm.l1 = 0;
	t.tune.aspm.substates = 0;
	mg_strlcpy(t.tune.aspm.policy, "performance", sizeof(t.tune.aspm.policy));
	CU_ASSERT_EQUAL(plan_aspm(ctx, &t, 1, r), -EOPNOTSUPP);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "eth1: the kernel's ASPM policy is performance, which "
							      "keeps L1 off"));
	CU_ASSERT_EQUAL(mg_apply_result_count(res), 0);
	CU_ASSERT_EQUAL(plan_aspm(ctx, &t, 0, r), 0); /* off it is already, whatever the policy */
	CU_ASSERT_EQUAL(mg_apply_result_count(res), 0);
	mg_strlcpy(t.tune.aspm.policy, "powersave", sizeof(t.tune.aspm.policy));
	CU_ASSERT_EQUAL(plan_aspm(ctx, &t, 1, r), 0);
	CU_ASSERT_EQUAL_FATAL(mg_apply_result_count(res), 1);
	CU_ASSERT(r->changes[0].old_value == 0 && r->changes[0].new_value == 1 && !r->changes[0].aspm_substates);

	/* A control this process cannot write: -EPERM naming the file, nothing planned. */
	t.tune.aspm.write_err = -EACCES;
	CU_ASSERT_EQUAL(plan_aspm(ctx, &t, 1, r), -EPERM);
	CU_ASSERT_STRING_EQUAL(mg_ctx_last_error(ctx), "eth1: changing ASPM L1 needs root: "
						       "/sys/bus/pci/devices/0001:01:00.0/link/l1_aspm is not writable");
	CU_ASSERT_EQUAL(mg_apply_result_count(res), 0);
	t.tune.aspm.write_err = -EROFS;
	CU_ASSERT_EQUAL(plan_aspm(ctx, &t, 1, r), -EPERM);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "needs a writable sysfs"));

	/* Index 7 is not the eth1 this sysfs shows (mounted for another namespace): never its device. */
	aspm_target(ctx, "eth1", 7, &t);
	CU_ASSERT_STRING_EQUAL(t.tune.aspm.dir, "");
	CU_ASSERT_EQUAL(plan_aspm(ctx, &t, 0, r), -EOPNOTSUPP);
	CU_ASSERT_STRING_EQUAL(mg_ctx_last_error(ctx),
			       "eth1 has no ASPM L1 control: this sysfs belongs to another network namespace");
	mg_ctx_unref(ctx);
	mg_apply_result_free(res);
}

/* Adapters whose link offers no control, a USB adapter, a virtual interface, a virtio NIC. */
static void test_plan_aspm_refused(void)
{
	static const struct {
		const char *tree, *ifname;
		int ifindex;
		const char *error;
	} cases[] = {
		{ "desktop", "enp1s0", 2,
		  "enp1s0 has no ASPM L1 control (link/l1_aspm of 0000:01:00.0): the link does not support L1, or the "
		  "kernel (before 5.5) or its ASPM policy does not allow changing it" },
		{ "desktop", "enx00e04c680001", 3, "enx00e04c680001 has no ASPM L1 control: it is a USB adapter" },
		{ "desktop", "lo", 1, "lo has no ASPM L1 control: it has no device (a virtual interface)" },
		{ "netns-virtual", "veth0", 3, "veth0 has no ASPM L1 control: it has no device (a virtual interface)" },
		{ "desktop", "eth9", 9, "eth9 has no ASPM L1 control: sysfs does not show it" },
		/* virtio's device sits under its PCI function, whose link this tree gives no control. */
		{ "virtio-vm", "eth0", 4, "eth0 has no ASPM L1 control (link/l1_aspm of 0000:00:03.0)" },
	};
	struct mg_apply_result *res = mg_apply_result_new();
	struct mg_apply_part *r = mg_apply_result_add_part(res, &(struct mg_iface_id){ .ifindex = 1, .name = "eth1" });
	struct mg_apply_target t;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char root[256];
		struct mg_ctx *ctx;

		snprintf(root, sizeof(root), "%s/%s", FIXTURE_TREES, cases[i].tree);
		CU_ASSERT_EQUAL_FATAL(mg_ctx_new(root, &ctx), 0);
		aspm_target(ctx, cases[i].ifname, cases[i].ifindex, &t);
		CU_ASSERT_EQUAL(t.tune.aspm.l1, MG_UNKNOWN);
		CU_ASSERT_EQUAL(plan_aspm(ctx, &t, 0, r), -EOPNOTSUPP);
		CU_ASSERT_EQUAL(mg_apply_result_count(res), 0);
		if (!strstr(mg_ctx_last_error(ctx), cases[i].error))
			printf("\n%s: %s\n", cases[i].ifname, mg_ctx_last_error(ctx));
		CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), cases[i].error));
		mg_ctx_unref(ctx);
	}
	mg_apply_result_free(res);
}

/* After a change, or from a journal: what the read-back says, and what a restore does. */
static void test_aspm_check_and_restore_plan(void)
{
	struct mg_apply_result *res = mg_apply_result_new();
	struct mg_apply_part *r = mg_apply_result_add_part(res, &(struct mg_iface_id){ .ifindex = 1, .name = "eth1" });
	struct mg_change c = { .group = MG_GROUP_ASPM, .param = MG_PARAM_COUNT, .name = "aspm-l1", .old_value = 0,
			       .new_value = 1, .expect = 1 };
	struct mg_journal_entry e = { .group = MG_GROUP_ASPM, .old_value = 1, .new_value = 0, .new_known = true,
				      .aspm_substates = MG_PCIE_ASPM_L1_1 | MG_PCIE_ASPM_L1_2 };
	struct mg_group_now now = { .groups = 1u << MG_GROUP_ASPM };
	struct mg_ctx *ctx;
	char text[64];

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/pi5-rtl8126", &ctx), 0);
	mg_strlcpy(r->aspm_dir, PI5_FUNCTION, sizeof(r->aspm_dir));
	mg_strlcpy(now.aspm.dir, PI5_FUNCTION, sizeof(now.aspm.dir));
	mg_strlcpy(now.aspm.policy, "default", sizeof(now.aspm.policy));

	/* Asked on, still off: the kernel's policy or the driver keeps it so. */
	now.aspm.l1 = 0;
	CU_ASSERT_EQUAL(mg_group_check(ctx, "eth1", &now, r, &c, true), -EIO);
	CU_ASSERT_STRING_EQUAL(mg_ctx_last_error(ctx), "eth1: the kernel left ASPM L1 of 0001:01:00.0 off, not on: its "
						       "ASPM policy (default) or the adapter's driver keeps it off");
	CU_ASSERT_EQUAL(mg_group_compare(&now, r, &c), MG_NOW_OLD);
	now.aspm.l1 = 1;
	CU_ASSERT_EQUAL(mg_group_check(ctx, "eth1", &now, r, &c, true), 0);
	CU_ASSERT_EQUAL(mg_group_compare(&now, r, &c), MG_NOW_EXPECT);
	mg_change_text(r, &c, MG_VALUE_NEW, text, sizeof(text));
	CU_ASSERT_STRING_EQUAL(text, "on");
	now.aspm.l1 = MG_UNKNOWN;
	CU_ASSERT_EQUAL(mg_group_check(ctx, "eth1", &now, r, &c, true), -EIO);
	CU_ASSERT_EQUAL(mg_group_compare(&now, r, &c), MG_NOW_UNKNOWN);

	/* The journal: L1 turned off, and with it L1.1 and L1.2. Off still: restore L1 and both. */
	now.aspm.l1 = 0;
	now.aspm.substates = 0;
	mg_group_plan_restore(&e, &now, r);
	CU_ASSERT_EQUAL_FATAL(r->count, 1);
	CU_ASSERT_STRING_EQUAL(r->changes[0].name, "aspm-l1");
	CU_ASSERT(r->changes[0].old_value == 0 && r->changes[0].new_value == 1);
	CU_ASSERT_EQUAL(r->changes[0].aspm_substates, MG_PCIE_ASPM_L1_1 | MG_PCIE_ASPM_L1_2);
	CU_ASSERT_EQUAL(r->changes[0].state, MG_CHANGE_PLANNED);
	/* Back on without L1.2: the restore is not whole. */
	now.aspm.l1 = 1;
	now.aspm.substates = MG_PCIE_ASPM_L1_1;
	CU_ASSERT_EQUAL(mg_group_check(ctx, "eth1", &now, r, &r->changes[0], false), -EIO);
	CU_ASSERT_STRING_EQUAL(mg_ctx_last_error(ctx),
			       "eth1: ASPM L1 of 0001:01:00.0 is on again but the kernel left l1_2_aspm off");
	now.aspm.substates = MG_PCIE_ASPM_L1_1 | MG_PCIE_ASPM_L1_2;
	CU_ASSERT_EQUAL(mg_group_check(ctx, "eth1", &now, r, &r->changes[0], false), 0);
	/* On already: nothing to do. */
	r->count = 0;
	mg_group_plan_restore(&e, &now, r);
	CU_ASSERT_EQUAL(r->count, 0);
	/* The journal says the apply turned it on (it was off); it is on: restore, without substates. */
	e = (struct mg_journal_entry){ .group = MG_GROUP_ASPM, .old_value = 0, .new_value = 1, .new_known = true };
	mg_group_plan_restore(&e, &now, r);
	CU_ASSERT_EQUAL_FATAL(r->count, 1);
	CU_ASSERT(r->changes[0].new_value == 0 && !r->changes[0].aspm_substates);
	/* The PCI function gone: no path to write to. */
	r->count = 0;
	memset(&now.aspm, 0, sizeof(now.aspm));
	mg_group_plan_restore(&e, &now, r);
	CU_ASSERT_EQUAL_FATAL(r->count, 1);
	CU_ASSERT_EQUAL(mg_aspm_set(ctx, r, false), -ENODEV);
	mg_apply_result_free(res);
	mg_ctx_unref(ctx);
}

/*
 * What Linux 6.1 sends for a 2.5G PHY with EEE on 100M, 1G and 2.5G: bitsets
 * of 32 bits, where 2500baseT/Full (bit 47) cannot appear. The modes it
 * sent are kept and the rest is unknown, with the reason; a PHY with EEE on
 * no mode below bit 32 is not called one without EEE for certain.
 */
static void test_eee_reply_before_6_9(void)
{
	static const struct bit ours[] = { { 3, "100baseT/Full", 1 }, { 5, "1000baseT/Full", 1 } };
	struct nl_msg *msg = reply(ETHTOOL_MSG_EEE_GET_REPLY, ETHTOOL_A_EEE_HEADER, 3, "eth1");
	struct mg_eee e;
	char *text = NULL;

	put_bitset_of(msg, ETHTOOL_A_EEE_MODES_OURS, 32, false, ours, N(ours));
	put_bitset_of(msg, ETHTOOL_A_EEE_MODES_PEER, 32, true, ours, N(ours));
	nla_put_u8(msg, ETHTOOL_A_EEE_ENABLED, 1);
	mg_eee_init(&e);
	CU_ASSERT_EQUAL_FATAL(mg_eee_parse_reply(nlmsg_hdr(msg), &e), 0);
	CU_ASSERT_EQUAL(mg_eee_get_supported(&e), 1);
	CU_ASSERT_PTR_NULL(mg_eee_get_error(&e));
	CU_ASSERT_EQUAL(mg_eee_get_mode_count(&e, MG_MODES_SUPPORTED), 2);
	CU_ASSERT_STRING_EQUAL(mg_eee_get_modes_unknown(&e),
			       "the kernel reports EEE on its first 32 link modes only (Linux before 6.9): EEE on "
			       "2500baseT/Full, 5000baseT/Full and every later mode is unknown");
	mg_check_text(mg_eee_to_text(&e, &text), &text,
		   "eee:               enabled, active?, tx-lpi unknown\n"
		   "eee advertised:    100baseT/Full 1000baseT/Full\n"
		   "eee modes unknown: the kernel reports EEE on its first 32 link modes only (Linux before 6.9): "
		   "EEE on 2500baseT/Full, 5000baseT/Full and every later mode is unknown\n");
	mg_eee_clear(&e);
	nlmsg_free(msg);

	/* EEE on 2.5G alone, before 6.9: no mode to show, and the reason is not "no EEE mode" alone. */
	msg = reply(ETHTOOL_MSG_EEE_GET_REPLY, ETHTOOL_A_EEE_HEADER, 3, "eth1");
	put_bitset_of(msg, ETHTOOL_A_EEE_MODES_OURS, 32, false, NULL, 0);
	mg_eee_init(&e);
	CU_ASSERT_EQUAL_FATAL(mg_eee_parse_reply(nlmsg_hdr(msg), &e), 0);
	CU_ASSERT_EQUAL(mg_eee_get_supported(&e), 0);
	CU_ASSERT_STRING_EQUAL(mg_eee_get_error(&e), "the driver reports no EEE link mode among the first 32 "
						     "(Linux before 6.9 reports no later one)");
	CU_ASSERT_PTR_NOT_NULL(mg_eee_get_modes_unknown(&e));
	mg_eee_clear(&e);
	nlmsg_free(msg);

	/* A bitset of every mode (Linux 6.9+) leaves nothing unknown, even without a mode set. */
	msg = reply(ETHTOOL_MSG_EEE_GET_REPLY, ETHTOOL_A_EEE_HEADER, 3, "eth1");
	put_bitset_of(msg, ETHTOOL_A_EEE_MODES_OURS, 102, false, NULL, 0);
	mg_eee_init(&e);
	CU_ASSERT_EQUAL_FATAL(mg_eee_parse_reply(nlmsg_hdr(msg), &e), 0);
	CU_ASSERT_STRING_EQUAL(mg_eee_get_error(&e), "the driver reports no EEE link mode");
	CU_ASSERT_PTR_NULL(mg_eee_get_modes_unknown(&e));
	mg_eee_clear(&e);
	nlmsg_free(msg);
}

/*
 * Every row of the group table fills each slot the steps call without
 * asking, and each journal key names one group (the parameters share
 * "change"): a new group's file that forgets one fails here, not in a
 * rollback.
 */
static void test_group_table(void)
{
	for (int g = 0; g < MG_APPLY_GROUPS; g++) {
		const struct mg_group_ops *ops = mg_group_ops[g];

		CU_ASSERT_PTR_NOT_NULL_FATAL(ops);
		CU_ASSERT_PTR_NOT_NULL(ops->journal_key);
		CU_ASSERT(ops->plan && ops->set && ops->check && ops->text && ops->explain && ops->journal);
		CU_ASSERT(ops->format && ops->parse && ops->plan_restore);
		CU_ASSERT(ops->value || (ops->compare && ops->expect));
		CU_ASSERT_EQUAL(ops->read == NULL, g < MG_GROUP_COUNT);
		CU_ASSERT_EQUAL(ops->asked == NULL, g < MG_GROUP_COUNT);
		CU_ASSERT_EQUAL(ops->merge == NULL, g < MG_GROUP_COUNT);
		CU_ASSERT_PTR_EQUAL(mg_group_of_journal_key(ops->journal_key),
				    g < MG_GROUP_COUNT ? mg_group_ops[0] : ops);
		CU_ASSERT_EQUAL(strcmp(ops->journal_key, "change") == 0, g < MG_GROUP_COUNT);
		CU_ASSERT(strcmp(ops->journal_key, "interface") != 0);
		CU_ASSERT_PTR_NOT_NULL(mg_param_group_name((enum mg_param_group)g));
	}
	/* Every group has its place in the order, once. */
	for (int g = 0; g < MG_APPLY_GROUPS; g++) {
		int places = 0;

		for (int i = 0; i < MG_APPLY_GROUPS; i++)
			places += mg_apply_order[i] == (enum mg_param_group)g;
		CU_ASSERT_EQUAL(places, 1);
	}
	CU_ASSERT_PTR_NULL(mg_group_of_journal_key("interface"));
	CU_ASSERT_EQUAL(mg_apply_order[0], MG_GROUP_MTU);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("tune", NULL, NULL, MG_TEST(test_eee_reply), MG_TEST(test_eee_reply_before_6_9),
		     MG_TEST(test_features_reply),
		     MG_TEST(test_features_compact_reply), MG_TEST(test_features_shared_names), MG_TEST(test_strset_reply), MG_TEST(test_modes_decide), MG_TEST(test_link_best_and_not_advertised),
		     MG_TEST(test_linkmodes_bitmap), MG_TEST(test_setters), MG_TEST(test_cpumask), MG_TEST(test_cpumask_asked), MG_TEST(test_plan_advertise),
		     MG_TEST(test_plan_eee_and_features), MG_TEST(test_compare_and_restore_plan),
		     MG_TEST(test_plan_aspm), MG_TEST(test_plan_aspm_refused), MG_TEST(test_aspm_check_and_restore_plan),
		     MG_TEST(test_plan_wol), MG_TEST(test_wol_check_and_restore_plan), MG_TEST(test_group_table));
	return mg_test_run();
}
