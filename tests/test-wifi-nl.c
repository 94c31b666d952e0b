/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "library": wiphys from nl80211 replies built here as the kernel's
 * nl80211_send_wiphy() splits them (a band's capabilities in one message,
 * each channel in its own, MLO support near the end), replayed from a
 * tree: a Wi-Fi 7 card on PCIe with EHT 320 MHz on 6 GHz, a station link
 * at EHT MCS 12 and 13 on 2 streams at 320 MHz; then hostile replies
 * (truncated, short and oversized attributes) that must not crash it.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/nl80211.h>
#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "mg-test.h"
#include "multigig/multigig.h"
#include "test-util.h"

static char root[4096];

#define STR_IS(got, want)								\
	do {										\
		const char *g_ = (got);							\
		if (!str_eq(g_, want))							\
			fprintf(stderr, "%s: got '%s', want '%s'\n", #got, g_ ? g_ : "(null)", want); \
		CU_ASSERT(str_eq(g_, want));						\
	} while (0)

/* Append @msg to the capture file of @cmd, padded as the kernel sends it. */
static void put_msg(const char *tree, int cmd, struct nl_msg *msg)
{
	char path[4200];
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	static const char pad[4];
	int fd;

	snprintf(path, sizeof(path), "%s/multigig/nl80211/%d", tree, cmd);
	put_file(tree, "multigig/nl80211/.keep", "");
	fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT(write(fd, nlh, nlh->nlmsg_len) == (ssize_t)nlh->nlmsg_len);
	CU_ASSERT(write(fd, pad, NLMSG_ALIGN(nlh->nlmsg_len) - nlh->nlmsg_len) >= 0);
	close(fd);
	nlmsg_free(msg);
}

static struct nl_msg *reply(int cmd)
{
	struct nl_msg *msg = nlmsg_alloc();

	CU_ASSERT_PTR_NOT_NULL_FATAL(msg);
	CU_ASSERT_PTR_NOT_NULL_FATAL(genlmsg_put(msg, 0, 0, 0x1c, 0, NLM_F_MULTI, (uint8_t)cmd, 1));
	return msg;
}

static struct nl_msg *wiphy_chunk(int index)
{
	struct nl_msg *msg = reply(NL80211_CMD_NEW_WIPHY);

	nla_put_u32(msg, NL80211_ATTR_WIPHY, (uint32_t)index);
	nla_put_string(msg, NL80211_ATTR_WIPHY_NAME, index ? "phy1" : "phy0");
	nla_put_u32(msg, NL80211_ATTR_GENERATION, 7);
	return msg;
}

/* A band's capabilities: HT/VHT for 2.4 and 5 GHz, HE and EHT in one station iftype entry. */
static void band_caps(const char *tree, int band, bool eht_320_bit)
{
	struct nl_msg *msg = wiphy_chunk(0);
	struct nlattr *bands = nla_nest_start(msg, NL80211_ATTR_WIPHY_BANDS);
	struct nlattr *b = nla_nest_start(msg, band), *ift, *one, *types;
	/* HT: 2 streams (MCS 0-15); VHT: 2 streams of MCS 0-9; HE: 2 streams of MCS 0-11. */
	uint8_t ht_mcs[16] = { 0xff, 0xff };
	uint8_t vht_mcs[8] = { 0xfa, 0xff, 0, 0, 0xfa, 0xff, 0, 0 };
	uint8_t he_mcs[12] = { 0xfa, 0xff, 0xfa, 0xff, 0xfa, 0xff, 0xfa, 0xff, 0xff, 0xff, 0xff, 0xff };
	uint8_t he_phy[11] = { 0 };
	/* EHT: 2 streams of MCS 0-13 at each width (up to 80, 160, 320). */
	uint8_t eht_mcs[9] = { 0x22, 0x22, 0x22, 0x22, 0x22, 0x22, 0x22, 0x22, 0x22 };
	uint8_t eht_phy[9] = { 0 };

	he_phy[0] = band == 0 ? 0x02 : 0x0c;	/* 40 MHz in 2.4; 40/80 and 160 in 5/6 */
	eht_phy[0] = eht_320_bit ? 0x02 : 0;
	if (band != 3) {
		nla_put(msg, NL80211_BAND_ATTR_HT_MCS_SET, sizeof(ht_mcs), ht_mcs);
		nla_put_u16(msg, NL80211_BAND_ATTR_HT_CAPA, 0x0002 | 0x0020);
	}
	if (band == 1) {
		nla_put(msg, NL80211_BAND_ATTR_VHT_MCS_SET, sizeof(vht_mcs), vht_mcs);
		nla_put_u32(msg, NL80211_BAND_ATTR_VHT_CAPA, 0x04);	/* 160 MHz */
	}
	ift = nla_nest_start(msg, NL80211_BAND_ATTR_IFTYPE_DATA);
	one = nla_nest_start(msg, 1);
	types = nla_nest_start(msg, NL80211_BAND_IFTYPE_ATTR_IFTYPES);
	nla_put_flag(msg, NL80211_IFTYPE_STATION);
	nla_nest_end(msg, types);
	nla_put(msg, NL80211_BAND_IFTYPE_ATTR_HE_CAP_PHY, sizeof(he_phy), he_phy);
	nla_put(msg, NL80211_BAND_IFTYPE_ATTR_HE_CAP_MCS_SET, sizeof(he_mcs), he_mcs);
	nla_put(msg, NL80211_BAND_IFTYPE_ATTR_EHT_CAP_PHY, sizeof(eht_phy), eht_phy);
	nla_put(msg, NL80211_BAND_IFTYPE_ATTR_EHT_CAP_MCS_SET, band == 0 ? 3 : 9, eht_mcs);
	nla_nest_end(msg, one);
	nla_nest_end(msg, ift);
	nla_nest_end(msg, b);
	nla_nest_end(msg, bands);
	put_msg(tree, NL80211_CMD_GET_WIPHY, msg);
}

static void channel(const char *tree, int band, int i, int mhz, bool disabled, bool no_ir)
{
	struct nl_msg *msg = wiphy_chunk(0);
	struct nlattr *bands = nla_nest_start(msg, NL80211_ATTR_WIPHY_BANDS);
	struct nlattr *b = nla_nest_start(msg, band);
	struct nlattr *freqs = nla_nest_start(msg, NL80211_BAND_ATTR_FREQS);
	struct nlattr *f = nla_nest_start(msg, i);

	nla_put_u32(msg, NL80211_FREQUENCY_ATTR_FREQ, (uint32_t)mhz);
	if (disabled)
		nla_put_flag(msg, NL80211_FREQUENCY_ATTR_DISABLED);
	if (no_ir)
		nla_put_flag(msg, NL80211_FREQUENCY_ATTR_NO_IR);
	nla_nest_end(msg, f);
	nla_nest_end(msg, freqs);
	nla_nest_end(msg, b);
	nla_nest_end(msg, bands);
	put_msg(tree, NL80211_CMD_GET_WIPHY, msg);
}

static void rate(struct nl_msg *msg, int attr, int mcs, uint32_t bitrate32)
{
	struct nlattr *r = nla_nest_start(msg, attr);

	nla_put_u32(msg, NL80211_RATE_INFO_BITRATE32, bitrate32);
	nla_put_u8(msg, NL80211_RATE_INFO_EHT_MCS, (uint8_t)mcs);
	nla_put_u8(msg, NL80211_RATE_INFO_EHT_NSS, 2);
	nla_put_u8(msg, NL80211_RATE_INFO_EHT_GI, 0);
	nla_put_flag(msg, NL80211_RATE_INFO_320_MHZ_WIDTH);
	nla_nest_end(msg, r);
}

/* How a tree's card is placed and what its link and domain are. */
struct card {
	const char *dev;	/* the PCI function's directory */
	const char *country;
	uint32_t chan_width;	/* enum nl80211_chan_width */
	int freq, center;
	const uint8_t *ies;	/* the associated BSS's elements in the scan dump; NULL: no scan reply */
	size_t ies_len;
};

/* An AP's elements, as 802.11 lays them: SSID, HE Capabilities (PHY B1..B4: 40/80/160), EHT (B1: 320 in 6 GHz). */
#define AP_SSID 0, 3, 'l', 'a', 'b'
#define AP_HE(phy0) 255, 22, 35, 0, 0, 0, 0, 0, 0, (phy0), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xfa, 0xff, 0xfa, 0xff
#define AP_EHT(phy0) 255, 15, 108, 0, 0, (phy0), 0, 0, 0, 0, 0, 0, 0, 0, 0x22, 0x22, 0x22
static const uint8_t ap_eht320[] = { AP_SSID, AP_HE(0x0e), AP_EHT(0x02) };
static const uint8_t ap_he160[] = { AP_SSID, AP_HE(0x0e) };
static const uint8_t ap_he80[] = { AP_SSID, AP_HE(0x04) };

/* One BSS of a scan dump: associated or only seen; its elements as the last frame's or the beacon's. */
static void put_bss(const char *tree, int ifindex, bool associated, int ies_attr, const uint8_t *ies, size_t len)
{
	struct nl_msg *msg = reply(NL80211_CMD_NEW_SCAN_RESULTS);
	struct nlattr *n;

	nla_put_u32(msg, NL80211_ATTR_IFINDEX, (uint32_t)ifindex);
	n = nla_nest_start(msg, NL80211_ATTR_BSS);
	nla_put_u32(msg, NL80211_BSS_FREQUENCY, 6115);
	if (associated)
		nla_put_u32(msg, NL80211_BSS_STATUS, NL80211_BSS_STATUS_ASSOCIATED);
	nla_put(msg, ies_attr, (int)len, ies);
	nla_nest_end(msg, n);
	put_msg(tree, NL80211_CMD_GET_SCAN, msg);
}

static const struct card be200 = { "devices/pci0000:00/0000:00:1c.0/0000:01:00.0", "DE", NL80211_CHAN_WIDTH_320,
				   6115, 6105, ap_eht320, sizeof(ap_eht320) };

/* A BE200-like card as a tree: sysfs and the replies. */
static void build_tree(const char *tree, const struct card *card)
{
	static const uint8_t mac[6] = { 0x02, 0, 0, 0, 0, 0x01 }, bssid[6] = { 0x02, 0, 0, 0, 0, 0xaa };
	const char *dev = card->dev;
	char rel[512], target[600];
	struct nl_msg *msg;
	struct nlattr *n;

	snprintf(rel, sizeof(rel), "%s/ieee80211/phy0/index", dev);
	put_file(tree, rel, "0\n");
	snprintf(rel, sizeof(rel), "%s/ieee80211/phy0/device", dev);
	put_link(tree, rel, "../../../0000:01:00.0");
	snprintf(rel, sizeof(rel), "%s/vendor", dev);
	put_file(tree, rel, "0x8086\n");
	snprintf(rel, sizeof(rel), "%s/device", dev);
	put_file(tree, rel, "0x272b\n");
	snprintf(rel, sizeof(rel), "%s/class", dev);
	put_file(tree, rel, "0x028000\n");
	/* As many ../ as the function is deep below the root. */
	{
		char up[256] = "";

		for (const char *c = dev; *c; c++)
			if (*c == '/')
				strcat(up, "../");
		snprintf(rel, sizeof(rel), "%s/subsystem", dev);
		snprintf(target, sizeof(target), "../%sbus/pci", up);
		put_link(tree, rel, target);
		snprintf(rel, sizeof(rel), "%s/driver", dev);
		snprintf(target, sizeof(target), "../%sbus/pci/drivers/iwlwifi", up);
		put_link(tree, rel, target);
	}
	put_file(tree, "bus/pci/drivers/iwlwifi/.keep", "");
	put_file(tree, "bus/pci/devices/.keep", "");
	snprintf(target, sizeof(target), "../../%s/ieee80211/phy0", dev);
	put_link(tree, "class/ieee80211/phy0", target);
	snprintf(rel, sizeof(rel), "%s/net/wlp1s0/phy80211", dev);
	put_link(tree, rel, "../../ieee80211/phy0");
	snprintf(rel, sizeof(rel), "%s/net/wlp1s0/device", dev);
	put_link(tree, rel, "../../../0000:01:00.0");
	snprintf(rel, sizeof(rel), "%s/net/wlp1s0/ifindex", dev);
	put_file(tree, rel, "3\n");
	snprintf(target, sizeof(target), "../../%s/net/wlp1s0", dev);
	put_link(tree, "class/net/wlp1s0", target);
	put_file(tree, "multigig/proc/sys/kernel/osrelease", "6.12.38+deb13-amd64\n");
	put_file(tree, "multigig/net/wlp1s0", "ifindex=3\nkind=wifi\noperstate=up\ncarrier=1\nmtu=1500\n"
					      "driver_version=6.12.38\nfirmware_version=96.44bf6e2a.0 gl-c0-fm-c0-96.uc\n");

	msg = wiphy_chunk(0);
	nla_put_u32(msg, NL80211_ATTR_WIPHY_ANTENNA_AVAIL_TX, 3);
	nla_put_u32(msg, NL80211_ATTR_WIPHY_ANTENNA_AVAIL_RX, 3);
	put_msg(tree, NL80211_CMD_GET_WIPHY, msg);
	msg = wiphy_chunk(0);
	n = nla_nest_start(msg, NL80211_ATTR_SUPPORTED_IFTYPES);
	nla_put_flag(msg, NL80211_IFTYPE_STATION);
	nla_put_flag(msg, NL80211_IFTYPE_AP);
	nla_put_flag(msg, NL80211_IFTYPE_MONITOR);
	nla_put_flag(msg, NL80211_IFTYPE_P2P_CLIENT);
	nla_nest_end(msg, n);
	put_msg(tree, NL80211_CMD_GET_WIPHY, msg);
	band_caps(tree, 0, true);	/* the bit on 2.4 GHz means nothing: no 320 there */
	channel(tree, 0, 0, 2412, false, false);
	channel(tree, 0, 1, 2484, true, false);
	band_caps(tree, 1, true);	/* nor on 5 GHz, as a driver was seen to say */
	channel(tree, 1, 0, 5180, false, false);
	channel(tree, 1, 1, 5500, false, true);
	band_caps(tree, 3, true);
	channel(tree, 3, 0, 5955, false, true);
	channel(tree, 3, 1, 6115, false, false);
	channel(tree, 3, 2, 7115, true, false);
	msg = wiphy_chunk(0);
	nla_put_flag(msg, NL80211_ATTR_MLO_SUPPORT);
	put_msg(tree, NL80211_CMD_GET_WIPHY, msg);

	msg = reply(NL80211_CMD_NEW_INTERFACE);
	nla_put_u32(msg, NL80211_ATTR_IFINDEX, 3);
	nla_put_string(msg, NL80211_ATTR_IFNAME, "wlp1s0");
	nla_put_u32(msg, NL80211_ATTR_IFTYPE, NL80211_IFTYPE_STATION);
	nla_put_u32(msg, NL80211_ATTR_WIPHY, 0);
	nla_put(msg, NL80211_ATTR_MAC, 6, mac);
	nla_put_u32(msg, NL80211_ATTR_WIPHY_FREQ, (uint32_t)card->freq);
	nla_put_u32(msg, NL80211_ATTR_CHANNEL_WIDTH, card->chan_width);
	nla_put_u32(msg, NL80211_ATTR_CENTER_FREQ1, (uint32_t)card->center);
	nla_put(msg, NL80211_ATTR_SSID, 3, "lab");
	put_msg(tree, NL80211_CMD_GET_INTERFACE, msg);

	msg = reply(NL80211_CMD_NEW_STATION);
	nla_put_u32(msg, NL80211_ATTR_IFINDEX, 3);
	nla_put(msg, NL80211_ATTR_MAC, 6, bssid);
	n = nla_nest_start(msg, NL80211_ATTR_STA_INFO);
	nla_put_u8(msg, NL80211_STA_INFO_SIGNAL, (uint8_t)-48);
	nla_put_u8(msg, NL80211_STA_INFO_SIGNAL_AVG, (uint8_t)-51);
	rate(msg, NL80211_STA_INFO_TX_BITRATE, 12, 51871);
	rate(msg, NL80211_STA_INFO_RX_BITRATE, 13, 57646);
	nla_put_u32(msg, NL80211_STA_INFO_EXPECTED_THROUGHPUT, 2100000);
	nla_nest_end(msg, n);
	put_msg(tree, NL80211_CMD_GET_STATION, msg);

	msg = reply(NL80211_CMD_GET_REG);
	nla_put_string(msg, NL80211_ATTR_REG_ALPHA2, card->country);
	put_msg(tree, NL80211_CMD_GET_REG, msg);

	if (card->ies) {
		/* A neighbour first, not associated, that could do less: only the associated BSS counts. */
		put_bss(tree, 3, false, NL80211_BSS_INFORMATION_ELEMENTS, ap_he80, sizeof(ap_he80));
		put_bss(tree, 3, true, NL80211_BSS_INFORMATION_ELEMENTS, card->ies, card->ies_len);
	}
}

static int setup(void)
{
	return make_tmpdir(root, sizeof(root)) ? 0 : -1;
}

static int teardown(void)
{
	rm_tree(root);
	return 0;
}

static struct mg_wiphy_list *read_list(struct mg_ctx **ctx, const char *name)
{
	static bool built;
	struct mg_wiphy_list *l = NULL;

	if (!built) {
		build_tree(root, &be200);
		built = true;
	}
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(root, ctx), 0);
	CU_ASSERT_EQUAL(mg_wiphy_list_new(*ctx, name, &l), 0);
	if (!l)
		fprintf(stderr, "mg_wiphy_list_new: %s\n", mg_ctx_last_error(*ctx));
	return l;
}

static void test_capabilities(void)
{
	struct mg_ctx *ctx;
	struct mg_wiphy_list *l = read_list(&ctx, NULL);
	struct mg_wiphy *w;

	CU_ASSERT_EQUAL_FATAL(mg_wiphy_list_count(l), 1);
	w = mg_wiphy_list_get(l, 0);
	STR_IS(mg_wiphy_get_name(w), "phy0");
	CU_ASSERT_EQUAL(mg_wiphy_get_index(w), 0);
	CU_ASSERT_EQUAL(mg_wiphy_get_bus(w), MG_BUS_PCI);
	STR_IS(mg_wiphy_get_address(w), "0000:01:00.0");
	STR_IS(mg_wiphy_get_driver(w), "iwlwifi");
	STR_IS(mg_wiphy_get_firmware_version(w), "96.44bf6e2a.0 gl-c0-fm-c0-96.uc");
	STR_IS(mg_wiphy_get_country(w), "DE");
	CU_ASSERT_EQUAL(mg_wiphy_get_mlo(w), 1);
	CU_ASSERT_EQUAL(mg_wiphy_get_antenna_tx(w), 3);
	CU_ASSERT_EQUAL(mg_wiphy_get_antenna_rx(w), 3);
	CU_ASSERT_EQUAL(mg_wiphy_get_interface_count(w), 1);
	STR_IS(mg_wiphy_get_interface(w, 0), "wlp1s0");
	CU_ASSERT_PTR_NULL(mg_wiphy_get_interface(w, 1));
	CU_ASSERT_EQUAL(mg_wiphy_supports_iftype(w, "managed"), 1);
	CU_ASSERT_EQUAL(mg_wiphy_supports_iftype(w, "AP"), 1);
	CU_ASSERT_EQUAL(mg_wiphy_supports_iftype(w, "mesh point"), 0);
	/* 320 MHz only where iw trusts it: 6 GHz with the EHT PHY bit. */
	CU_ASSERT_EQUAL(mg_wiphy_band_get_max_width_mhz(w, "6GHz"), 320);
	CU_ASSERT_EQUAL(mg_wiphy_band_get_max_width_mhz(w, "5GHz"), 160);
	CU_ASSERT_EQUAL(mg_wiphy_band_get_max_width_mhz(w, "2.4GHz"), 40);
	CU_ASSERT_EQUAL(mg_wiphy_band_get_max_width_mhz(w, "60GHz"), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_wiphy_band_get_max_nss(w, "6GHz"), 2);
	CU_ASSERT_EQUAL(mg_wiphy_band_supports(w, "6GHz", MG_WIFI_MODE_EHT), 1);
	CU_ASSERT_EQUAL(mg_wiphy_band_supports(w, "6GHz", MG_WIFI_MODE_HT), 0);
	CU_ASSERT_EQUAL(mg_wiphy_band_supports(w, "5GHz", MG_WIFI_MODE_VHT), 1);
	CU_ASSERT_EQUAL(mg_wiphy_band_supports(w, "2.4GHz", MG_WIFI_MODE_VHT), 0);
	CU_ASSERT_EQUAL(mg_wiphy_band_supports(w, "60GHz", MG_WIFI_MODE_HT), 0);
	CU_ASSERT_PTR_NULL(mg_wiphy_list_get_unknown_reason(l));
	/* The associated AP's elements (HE 160, EHT 320), not its 80 MHz neighbour's. */
	CU_ASSERT_EQUAL(mg_wiphy_link_get_ap_max_width_mhz(w, "wlp1s0"), 320);
	CU_ASSERT_EQUAL(mg_wiphy_link_get_ap_max_width_mhz(w, "wlan9"), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_wiphy_link_get_ap_max_width_mhz(NULL, "wlp1s0"), MG_UNKNOWN);
	/* The list's reference and one more. */
	CU_ASSERT_PTR_EQUAL(mg_wiphy_ref(w), w);
	mg_wiphy_list_free(l);
	STR_IS(mg_wiphy_get_name(w), "phy0");
	CU_ASSERT_PTR_NULL(mg_wiphy_unref(w));
	mg_ctx_unref(ctx);
}

static void test_json(void)
{
	struct mg_ctx *ctx;
	struct mg_wiphy_list *l = read_list(&ctx, "wlp1s0");
	char *json = NULL, *text = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_wiphy_list_count(l), 1);
	CU_ASSERT_EQUAL_FATAL(mg_wiphy_list_to_json(l, MG_JSON_LINE, &json), 0);
#define HAS(s) do { if (!strstr(json, s)) fprintf(stderr, "missing %s in %s\n", s, json); CU_ASSERT_PTR_NOT_NULL(strstr(json, s)); } while (0)
	HAS("\"phy\":\"phy0\"");
	HAS("\"bus\":\"pci\"");
	HAS("\"band\":\"6GHz\",\"ht\":false,\"vht\":false,\"he\":true,\"eht\":true,\"max_mode\":\"eht\","
	    "\"max_nss\":2,\"max_mcs\":13,\"max_width_mhz\":320");
	HAS("\"band\":\"5GHz\",\"ht\":true,\"vht\":true,\"he\":true,\"eht\":true,\"max_mode\":\"eht\","
	    "\"max_nss\":2,\"max_mcs\":13,\"max_width_mhz\":160");
	HAS("\"vht_max_mcs\":9,\"vht_max_nss\":2,\"he_max_mcs\":11,\"he_max_nss\":2");
	HAS("\"ht_max_mcs_index\":15");
	HAS("{\"freq_mhz\":2484,\"freq_offset_khz\":0,\"channel\":14,\"disabled\":true,\"no_ir\":false,\"radar\":false}");
	HAS("{\"freq_mhz\":5955,\"freq_offset_khz\":0,\"channel\":1,\"disabled\":false,\"no_ir\":true,\"radar\":false}");
	HAS("\"channels_enabled\":2,\"channels_disabled\":1,\"channels_no_ir\":1");
	HAS("\"iftypes\":[\"managed\",\"AP\",\"monitor\",\"P2P-client\"]");
	HAS("\"mlo\":true");
	HAS("\"available_tx\":\"0x3\"");
	HAS("\"country\":\"DE\",\"world\":false,\"six_ghz\":{\"usable\":true,\"can_initiate\":true");
	HAS("\"iftype\":\"managed\"");
	HAS("\"frequency_mhz\":6115,\"width_mhz\":320,\"center1_mhz\":6105");
	HAS("\"connected\":true,\"ssid\":\"lab\",\"bssid\":\"02:00:00:00:00:aa\"");
	HAS("\"signal_dbm\":-48,\"signal_avg_dbm\":-51");
	HAS("\"tx_bitrate\":{\"mode\":\"eht\",\"mcs\":12,\"nss\":2,\"gi_us\":0.8,\"width_mhz\":320,"
	    "\"kernel_mbps\":5187.1,\"library_mbps\":5188.2");
	HAS("\"rx_bitrate\":{\"mode\":\"eht\",\"mcs\":13,\"nss\":2,\"gi_us\":0.8,\"width_mhz\":320,"
	    "\"kernel_mbps\":5764.6,\"library_mbps\":5764.7");
	HAS("\"expected_throughput_mbps\":2100.0,\"ap_max_width_mhz\":320}");
	HAS("\"firmware_version\":\"96.44bf6e2a.0 gl-c0-fm-c0-96.uc\"");
#undef HAS
	free(json);
	CU_ASSERT_EQUAL_FATAL(mg_wiphy_list_to_text(l, &text), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "6GHz    HE EHT; up to 2 streams, MCS 13 (eht), 320 MHz"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "connected to lab (02:00:00:00:00:aa) on 6115 MHz, 320 MHz wide"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "    the AP: up to 320 MHz on this band (its capability elements)\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "tx: eht MCS 12, 2 streams, GI 0.8 us, 320 MHz: kernel 5187.1 Mbit/s, "
					    "library 5188.2 Mbit/s"));
	free(text);
	mg_wiphy_list_free(l);
	CU_ASSERT_EQUAL(mg_wiphy_list_new(ctx, "phy7", &l), -ENODEV);
	CU_ASSERT_PTR_NULL(l);
	CU_ASSERT_EQUAL(mg_wiphy_list_new(ctx, "../x", &l), -ENODEV);
	CU_ASSERT_EQUAL(mg_wiphy_list_new(NULL, NULL, &l), -EINVAL);
	CU_ASSERT_EQUAL(mg_wiphy_list_to_json(NULL, 0, &json), -EINVAL);
	mg_ctx_unref(ctx);
}

static const struct mg_finding *finding(const struct mg_doctor *r, const char *id)
{
	for (size_t i = 0; i < mg_doctor_count(r); i++)
		if (str_eq(mg_finding_get_id(mg_doctor_get(r, i)), id))
			return mg_doctor_get(r, i);
	return NULL;
}

/*
 * The card on a Raspberry Pi CM4's PCIe port (Gen 2 x1, the cm4-rtl8125
 * fixture's config space), no country set, linked at 80 MHz on 6 GHz: the
 * three Wi-Fi findings. The same card at 320 MHz in Germany on its own
 * Gen 4 port (no config space: no path) has none.
 */
static const struct mg_finding *doctor_on(const char *tree, struct mg_doctor **r)
{
	struct mg_ctx *ctx;
	struct mg_nic *nic = NULL;

	*r = NULL;
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(tree, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, "wlp1s0", &nic), 0);
	CU_ASSERT_EQUAL_FATAL(mg_doctor_run(ctx, nic, MG_DOCTOR_NO_SAMPLE, r), 0);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
	return finding(*r, "wifi-link-narrow");
}

/* The tree's scan dump replaced by one associated BSS with these elements (none: no scan reply). */
static void rescan(const char *tree, int attr, const uint8_t *ies, size_t len)
{
	char path[4200];

	snprintf(path, sizeof(path), "%s/multigig/nl80211/%d", tree, NL80211_CMD_GET_SCAN);
	unlink(path);
	if (ies)
		put_bss(tree, 3, true, attr, ies, len);
}

static void test_doctor(void)
{
	static const struct card cm4 = { "devices/platform/scb/fd500000.pcie/pci0000:00/0000:00:00.0/0000:01:00.0",
					  "00", NL80211_CHAN_WIDTH_80, 6115, 6135, ap_he160, sizeof(ap_he160) };
	char tree[4096], cmd[8400];
	struct mg_ctx *ctx;
	struct mg_nic *nic = NULL;
	struct mg_doctor *r = NULL;
	const struct mg_finding *x;
	const char *source;

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tree, sizeof(tree)));
	snprintf(cmd, sizeof(cmd), "cp -a %s/cm4-rtl8125/. %s/ && rm -f %s/class/net/eth1 %s/multigig/net/eth1",
		 FIXTURE_TREES, tree, tree, tree);
	CU_ASSERT_EQUAL_FATAL(system(cmd), 0);
	build_tree(tree, &cm4);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(tree, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, "wlp1s0", &nic), 0);
	CU_ASSERT_EQUAL_FATAL(mg_doctor_run(ctx, nic, MG_DOCTOR_NO_SAMPLE, &r), 0);
	x = finding(r, "wifi-regdom-unset");
	CU_ASSERT_PTR_NOT_NULL(x);
	if (x) {
		STR_IS(mg_finding_get_title(x), "the regulatory domain is unset (00): 2 of 5 channels are no-IR");
		STR_IS(mg_finding_get_fix_command(x), "iw reg set XX");
	}
	/* The card does 320, the AP 160 (HE, no EHT), the link 80: narrower than both. */
	x = finding(r, "wifi-link-narrow");
	CU_ASSERT_PTR_NOT_NULL(x);
	if (x) {
		STR_IS(mg_finding_get_title(x), "the link runs 80 MHz wide on 6GHz, where the card and the AP can both use 160 MHz");
		STR_IS(mg_finding_get_evidence(x, 1, &source), "the card: 6GHz up to 320 MHz");
		STR_IS(mg_finding_get_evidence(x, 2, &source), "the AP: 6GHz up to 160 MHz");
		STR_IS(source, "nl80211: GET_SCAN, the BSS's capability elements");
	}
	x = finding(r, "wifi-pcie-ceiling");
	CU_ASSERT_PTR_NOT_NULL(x);
	if (x) {
		CU_ASSERT_PTR_NOT_NULL(strstr(mg_finding_get_title(x), "below the card's 5765 Mbit/s PHY rate"));
		CU_ASSERT_PTR_NOT_NULL(strstr(mg_finding_get_evidence(x, 1, &source), "eht MCS 13, 2 streams, 320 MHz on 6GHz"));
	}
	mg_doctor_free(r);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);

	/* An AP that does 80 MHz at most: the link is as wide as both ends allow. */
	rescan(tree, NL80211_BSS_INFORMATION_ELEMENTS, ap_he80, sizeof(ap_he80));
	CU_ASSERT_PTR_NULL(doctor_on(tree, &r));
	mg_doctor_free(r);
	/* Only the beacon's elements: they count the same. */
	rescan(tree, NL80211_BSS_BEACON_IES, ap_eht320, sizeof(ap_eht320));
	x = doctor_on(tree, &r);
	CU_ASSERT_PTR_NOT_NULL(x);
	if (x)
		STR_IS(mg_finding_get_title(x), "the link runs 80 MHz wide on 6GHz, where the card and the AP can both use 320 MHz");
	mg_doctor_free(r);
	/* No scan reply: the card's side alone, and the AP's said to be unknown. */
	rescan(tree, 0, NULL, 0);
	x = doctor_on(tree, &r);
	CU_ASSERT_PTR_NOT_NULL(x);
	if (x) {
		STR_IS(mg_finding_get_title(x), "the link runs 80 MHz wide on 6GHz, where the card can use 320 MHz");
		const char *e = mg_finding_get_evidence(x, 2, &source);

		CU_ASSERT(e && strstr(e, "the AP's support is unknown"));
		STR_IS(e ? source : NULL, "nl80211: GET_SCAN");
	}
	mg_doctor_free(r);
	/* Elements that are all truncated (a header promising 26 octets): unknown as well. */
	{
		static const uint8_t cut[] = { 45, 26, 0x2e, 0 };

		rescan(tree, NL80211_BSS_INFORMATION_ELEMENTS, cut, sizeof(cut));
		x = doctor_on(tree, &r);
		CU_ASSERT_PTR_NOT_NULL(x);
		if (x)
			STR_IS(mg_finding_get_title(x), "the link runs 80 MHz wide on 6GHz, where the card can use 320 MHz");
		mg_doctor_free(r);
	}
	rm_tree(tree);

	/* The first tree: a clean link, a country, no PCIe path read. */
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(root, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, "wlp1s0", &nic), 0);
	CU_ASSERT_EQUAL_FATAL(mg_doctor_run(ctx, nic, MG_DOCTOR_NO_SAMPLE, &r), 0);
	CU_ASSERT_PTR_NULL(finding(r, "wifi-regdom-unset"));
	CU_ASSERT_PTR_NULL(finding(r, "wifi-link-narrow"));
	CU_ASSERT_PTR_NULL(finding(r, "wifi-pcie-ceiling"));
	mg_doctor_free(r);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
}

/* list and show call a Wi-Fi interface what it is. */
static void test_kind(void)
{
	struct mg_ctx *ctx;
	struct mg_wiphy_list *l = read_list(&ctx, "phy0");
	struct mg_nic_list *nics = NULL;
	struct mg_nic *nic = NULL;

	CU_ASSERT_EQUAL(mg_wiphy_list_count(l), 1);
	mg_wiphy_list_free(l);
	CU_ASSERT_EQUAL_FATAL(mg_nic_list_new(ctx, &nics), 0);
	nic = find_nic(nics, "wlp1s0");
	CU_ASSERT_PTR_NOT_NULL_FATAL(nic);
	STR_IS(mg_nic_get_kind(nic), "wifi");
	CU_ASSERT_EQUAL(mg_nic_get_bus(nic), MG_BUS_PCI);
	mg_nic_list_free(nics);
	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, "wlp1s0", &nic), 0);
	STR_IS(mg_nic_get_kind(nic), "wifi");
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
}

/* The verdict of a Wi-Fi adapter: the lowest of its bus and its air, per direction. */
static void test_throughput(void)
{
	struct mg_ctx *ctx;
	struct mg_wiphy_list *l = read_list(&ctx, "wlp1s0");
	struct mg_throughput *t = NULL;
	struct mg_nic *nic = NULL;
	char *json = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, "wlp1s0", &nic), 0);
	CU_ASSERT_EQUAL_FATAL(mg_throughput_new(nic, NULL, &t), 0);
	CU_ASSERT_EQUAL(mg_throughput_get_limited_by(t, MG_DIRECTION_RX), MG_LIMIT_UNKNOWN);
	CU_ASSERT_EQUAL(mg_throughput_add_wifi(t, mg_wiphy_list_get(l, 0), "wlp1s0"), 0);
	/* 5764.6 and 5187.1 Mbit/s from the kernel, 55 % of each. */
	CU_ASSERT_DOUBLE_EQUAL(mg_throughput_get_expected_gbps(t, MG_DIRECTION_RX), 3.17053, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(mg_throughput_get_expected_gbps(t, MG_DIRECTION_TX), 2.852905, 1e-9);
	CU_ASSERT_EQUAL(mg_throughput_get_limited_by(t, MG_DIRECTION_RX), MG_LIMIT_WIFI);
	CU_ASSERT_EQUAL(mg_throughput_get_overall_limit(t), MG_LIMIT_WIFI);
	STR_IS(mg_limit_name(MG_LIMIT_WIFI), "wifi");
	CU_ASSERT_EQUAL_FATAL(mg_throughput_to_json(t, MG_JSON_LINE, &json), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"limited_by\":\"wifi\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"wifi_ceiling_rx_gbps\":3.171,\"wifi_ceiling_tx_gbps\":2.853"));
	free(json);
	CU_ASSERT_EQUAL(mg_throughput_add_wifi(t, mg_wiphy_list_get(l, 0), "wlan9"), -ENOTCONN);
	CU_ASSERT_EQUAL(mg_throughput_add_wifi(NULL, mg_wiphy_list_get(l, 0), "wlp1s0"), -EINVAL);
	mg_throughput_free(t);
	mg_nic_unref(nic);
	mg_wiphy_list_free(l);
	mg_ctx_unref(ctx);
}

/* export --format prometheus: the station's link, in base units. */
static void test_prometheus(void)
{
	struct mg_ctx *ctx;
	struct mg_wiphy_list *l = read_list(&ctx, NULL);
	char *text = NULL;

	mg_wiphy_list_free(l);
	CU_ASSERT_EQUAL_FATAL(mg_prometheus_write(ctx, "wlp1s0", 0, &text), 0);
#define HAS(s) do { if (!strstr(text, s)) fprintf(stderr, "missing %s\n", s); CU_ASSERT_PTR_NOT_NULL(strstr(text, s)); } while (0)
	HAS("# TYPE multigig_wifi_signal_dbm gauge\nmultigig_wifi_signal_dbm{device=\"wlp1s0\"} -48\n");
	HAS("# TYPE multigig_wifi_signal_average_dbm gauge\nmultigig_wifi_signal_average_dbm{device=\"wlp1s0\"} -51\n");
	HAS("multigig_wifi_channel_width_hertz{device=\"wlp1s0\"} 320000000\n");
	HAS("multigig_wifi_link_bitrate_bits_per_second{device=\"wlp1s0\",direction=\"tx\"} 5187100000\n");
	HAS("multigig_wifi_link_bitrate_bits_per_second{device=\"wlp1s0\",direction=\"rx\"} 5764600000\n");
	HAS("multigig_wifi_link_mcs{device=\"wlp1s0\",direction=\"tx\",mode=\"eht\"} 12\n");
#undef HAS
	free(text);
	mg_ctx_unref(ctx);
}

/*
 * A capture made in the QEMU guest on Debian's 6.12 while two hwsim radios
 * were associated (tests/fixtures/trees/hwsim-6.12/SOURCE; iw.txt there is
 * iw's view of the same moment): its replies replay to what iw printed.
 */
static void test_hwsim_capture(void)
{
	char tree[4096];
	struct mg_ctx *ctx;
	struct mg_wiphy_list *l = NULL;
	const struct mg_wiphy *w;
	struct mg_nic *nic = NULL;
	struct mg_doctor *r = NULL;
	char *json = NULL;

	snprintf(tree, sizeof(tree), "%s/hwsim-6.12", FIXTURE_TREES);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(tree, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_wiphy_list_new(ctx, NULL, &l), 0);
	CU_ASSERT_EQUAL(mg_wiphy_list_count(l), 2);
	mg_wiphy_list_free(l);
	CU_ASSERT_EQUAL_FATAL(mg_wiphy_list_new(ctx, "wlan1", &l), 0);
	CU_ASSERT_EQUAL_FATAL(mg_wiphy_list_count(l), 1);
	w = mg_wiphy_list_get(l, 0);
	STR_IS(mg_wiphy_get_name(w), "phy1");
	CU_ASSERT_EQUAL(mg_wiphy_get_bus(w), MG_BUS_VIRTUAL);
	STR_IS(mg_wiphy_get_driver(w), "mac80211_hwsim");
	CU_ASSERT_PTR_NULL(mg_wiphy_get_firmware_version(w));	/* cfg80211's "N/A" */
	STR_IS(mg_wiphy_get_country(w), "00");
	CU_ASSERT_EQUAL(mg_wiphy_get_mlo(w), 0);
	CU_ASSERT_EQUAL(mg_wiphy_band_get_max_width_mhz(w, "6GHz"), 320);
	CU_ASSERT_EQUAL(mg_wiphy_band_get_max_width_mhz(w, "5GHz"), 160);
	CU_ASSERT_EQUAL(mg_wiphy_band_get_max_nss(w, "5GHz"), 8);
	CU_ASSERT_EQUAL(mg_wiphy_link_is_connected(w, "wlan1"), 1);
	CU_ASSERT_EQUAL(mg_wiphy_link_get_frequency_mhz(w, "wlan1"), 2412);
	CU_ASSERT_EQUAL(mg_wiphy_link_get_signal_dbm(w, "wlan1"), -30);
	/* iw.txt: "signal avg: -30 dBm". */
	CU_ASSERT_EQUAL_FATAL(mg_wiphy_list_to_json(l, MG_JSON_LINE, &json), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"signal_dbm\":-30,\"signal_avg_dbm\":-30"));
	free(json);
	json = NULL;
	/* iw: "tx bitrate: 14.4 MBit/s MCS 1 short GI". */
	CU_ASSERT_DOUBLE_EQUAL(mg_wiphy_link_get_bitrate_mbps(w, "wlan1", MG_DIRECTION_TX), 14.4, 1e-9);
	/*
	 * hostapd ran ieee80211n=1 with ht_capab=[SHORT-GI-20] and no [HT40+]: its
	 * HT Capabilities element (2c 00: SM power save off, short GI 20, B1 clear)
	 * says 20 MHz, and there is no VHT, HE or EHT element. The card does 40.
	 */
	CU_ASSERT_EQUAL(mg_wiphy_link_get_ap_max_width_mhz(w, "wlan1"), 20);
	CU_ASSERT_EQUAL(mg_wiphy_band_get_max_width_mhz(w, "2.4GHz"), 40);
	CU_ASSERT_EQUAL(mg_wiphy_link_get_width_mhz(w, "wlan1"), 20);
	CU_ASSERT_EQUAL_FATAL(mg_wiphy_list_to_json(l, MG_JSON_LINE, &json), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"ap_max_width_mhz\":20}"));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"ssid\":\"multigig-test\",\"bssid\":\"02:00:00:00:00:00\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"tx_bitrate\":{\"mode\":\"ht\",\"mcs\":1,\"nss\":1,\"gi_us\":0.4,"
					    "\"width_mhz\":20,\"kernel_mbps\":14.4,\"library_mbps\":14.4"));
	free(json);
	mg_wiphy_list_free(l);
	/* The report page: the card, its bands and the link. */
	{
		struct mg_nic *sta = NULL;
		char *html = NULL;

		CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, "wlan1", &sta), 0);
		CU_ASSERT_EQUAL_FATAL(mg_report_html(ctx, sta, 0, &html), 0);
		CU_ASSERT_PTR_NOT_NULL(strstr(html, "<h3>Wi-Fi</h3>"));
		CU_ASSERT_PTR_NOT_NULL(strstr(html, "<tr><td>6GHz</td><td>HE EHT</td><td>8</td><td>13 (eht)</td><td>320 MHz</td>"));
		CU_ASSERT_PTR_NOT_NULL(strstr(html, "<tr><th>connected to</th><td>multigig-test</td></tr>"));
		CU_ASSERT_PTR_NOT_NULL(strstr(html, "<tr><th>transmit rate</th><td>14.4 Mbit/s (ht MCS 1, 1 stream, 20 MHz)"));
		CU_ASSERT_PTR_NOT_NULL(strstr(html, "<tr><th>signal</th><td>-30 dBm</td></tr>"));
		free(html);
		mg_nic_unref(sta);
	}
	/* The world domain leaves 6 GHz disabled: the doctor says so. */
	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, "wlan1", &nic), 0);
	STR_IS(mg_nic_get_kind(nic), "wifi");
	CU_ASSERT_EQUAL_FATAL(mg_doctor_run(ctx, nic, MG_DOCTOR_NO_SAMPLE, &r), 0);
	CU_ASSERT_PTR_NOT_NULL(finding(r, "wifi-regdom-unset"));
	/* 20 MHz is all the AP does: the link is not narrower than both ends. */
	CU_ASSERT_PTR_NULL(finding(r, "wifi-link-narrow"));
	mg_doctor_free(r);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
}

/* A tree whose capture holds no nl80211 replies: an empty list that says why. */
static void test_not_recorded(void)
{
	char tree[4096];
	struct mg_ctx *ctx;
	struct mg_wiphy_list *l = NULL;

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tree, sizeof(tree)));
	put_file(tree, "class/net/.keep", "");
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(tree, &ctx), 0);
	CU_ASSERT_EQUAL(mg_wiphy_list_new(ctx, NULL, &l), 0);
	CU_ASSERT_EQUAL(mg_wiphy_list_count(l), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_wiphy_list_get_unknown_reason(l), "no nl80211 replies"));
	mg_wiphy_list_free(l);
	mg_ctx_unref(ctx);
	rm_tree(tree);
}

/* Replies cut short, attributes of the wrong size, a length past the end: read what holds, never crash. */
static void test_hostile(void)
{
	char tree[4096], path[4200];
	struct mg_ctx *ctx;
	struct mg_wiphy_list *l = NULL;
	struct nl_msg *msg;
	struct nlattr *n, *b;
	char *json;

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tree, sizeof(tree)));
	put_file(tree, "class/ieee80211/.keep", "");
	/* Short fixed-size attributes everywhere. */
	msg = wiphy_chunk(0);
	nla_put_u16(msg, NL80211_ATTR_WIPHY_ANTENNA_AVAIL_TX, 3);
	n = nla_nest_start(msg, NL80211_ATTR_WIPHY_BANDS);
	b = nla_nest_start(msg, 3);
	nla_put_u8(msg, NL80211_BAND_ATTR_HT_CAPA, 1);
	nla_put(msg, NL80211_BAND_ATTR_HT_MCS_SET, 1, "\xff");
	nla_put_u8(msg, NL80211_BAND_ATTR_VHT_CAPA, 1);
	nla_put(msg, NL80211_BAND_ATTR_VHT_MCS_SET, 1, "\x00");
	{
		struct nlattr *ift = nla_nest_start(msg, NL80211_BAND_ATTR_IFTYPE_DATA), *one = nla_nest_start(msg, 1);
		uint8_t big[64];

		memset(big, 0xff, sizeof(big));
		nla_put(msg, NL80211_BAND_IFTYPE_ATTR_HE_CAP_PHY, sizeof(big), big);
		nla_put(msg, NL80211_BAND_IFTYPE_ATTR_HE_CAP_MCS_SET, 1, big);
		nla_put(msg, NL80211_BAND_IFTYPE_ATTR_EHT_CAP_PHY, 1, big);
		nla_put(msg, NL80211_BAND_IFTYPE_ATTR_EHT_CAP_MCS_SET, sizeof(big), big);
		nla_nest_end(msg, one);
		nla_nest_end(msg, ift);
	}
	{
		struct nlattr *freqs = nla_nest_start(msg, NL80211_BAND_ATTR_FREQS), *f = nla_nest_start(msg, 0);

		nla_put_u8(msg, NL80211_FREQUENCY_ATTR_FREQ, 1);
		nla_nest_end(msg, f);
		nla_nest_end(msg, freqs);
	}
	nla_nest_end(msg, b);
	/* A band number past those the library knows. */
	b = nla_nest_start(msg, 40);
	nla_put_u16(msg, NL80211_BAND_ATTR_HT_CAPA, 2);
	nla_nest_end(msg, b);
	nla_nest_end(msg, n);
	nla_put(msg, NL80211_ATTR_WIPHY_NAME, 200, "phyXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"
						 "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"
						 "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX");
	put_msg(tree, NL80211_CMD_GET_WIPHY, msg);
	/* A wiphy index of the wrong size: no wiphy at all. */
	msg = reply(NL80211_CMD_NEW_WIPHY);
	nla_put_u8(msg, NL80211_ATTR_WIPHY, 1);
	put_msg(tree, NL80211_CMD_GET_WIPHY, msg);
	/* An interface with an unterminated name and a station rate nest of garbage. */
	msg = reply(NL80211_CMD_NEW_INTERFACE);
	nla_put_u32(msg, NL80211_ATTR_IFINDEX, 9);
	nla_put(msg, NL80211_ATTR_IFNAME, 4, "wlan");
	nla_put_u32(msg, NL80211_ATTR_IFTYPE, NL80211_IFTYPE_STATION);
	nla_put_u32(msg, NL80211_ATTR_WIPHY, 0);
	/* An SSID is 32 bytes of anything: markup, a backslash, a bad byte, an invisible character. */
	nla_put(msg, NL80211_ATTR_SSID, 32, "<a&b>\\xff|\xff|\xe2\x80\x8b|0123456789abcdef");
	nla_put_u32(msg, NL80211_ATTR_CHANNEL_WIDTH, 99);
	put_msg(tree, NL80211_CMD_GET_INTERFACE, msg);
	msg = reply(NL80211_CMD_NEW_STATION);
	nla_put_u32(msg, NL80211_ATTR_IFINDEX, 9);
	nla_put(msg, NL80211_ATTR_MAC, 3, "abc");
	n = nla_nest_start(msg, NL80211_ATTR_STA_INFO);
	nla_put(msg, NL80211_STA_INFO_SIGNAL, 0, NULL);
	b = nla_nest_start(msg, NL80211_STA_INFO_TX_BITRATE);
	nla_put_u8(msg, NL80211_RATE_INFO_BITRATE32, 1);
	nla_put_u8(msg, NL80211_RATE_INFO_HE_MCS, 200);
	nla_put_u8(msg, NL80211_RATE_INFO_HE_GI, 9);
	nla_nest_end(msg, b);
	nla_put(msg, NL80211_STA_INFO_RX_BITRATE, 3, "xyz");
	nla_nest_end(msg, n);
	put_msg(tree, NL80211_CMD_GET_STATION, msg);
	/* A last message cut in the middle: the file ends inside it. */
	msg = wiphy_chunk(0);
	nla_put_flag(msg, NL80211_ATTR_MLO_SUPPORT);
	nla_put_u32(msg, NL80211_ATTR_WIPHY_ANTENNA_AVAIL_RX, 1);
	{
		struct nlmsghdr *nlh = nlmsg_hdr(msg);
		int fd;

		snprintf(path, sizeof(path), "%s/multigig/nl80211/%d", tree, NL80211_CMD_GET_WIPHY);
		fd = open(path, O_WRONLY | O_APPEND);
		CU_ASSERT_FATAL(fd >= 0);
		CU_ASSERT(write(fd, nlh, nlh->nlmsg_len - 6) > 0);
		close(fd);
		nlmsg_free(msg);
	}
	/* A reply to GET_REG with a one-byte country. */
	msg = reply(NL80211_CMD_GET_REG);
	nla_put(msg, NL80211_ATTR_REG_ALPHA2, 1, "D");
	put_msg(tree, NL80211_CMD_GET_REG, msg);

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(tree, &ctx), 0);
	CU_ASSERT_EQUAL(mg_wiphy_list_new(ctx, NULL, &l), 0);
	CU_ASSERT_EQUAL_FATAL(mg_wiphy_list_count(l), 1);
	CU_ASSERT_EQUAL(mg_wiphy_get_antenna_tx(mg_wiphy_list_get(l, 0)), MG_UNKNOWN);
	/* No kernel release in this capture: whether it would say MLO is not known either. */
	CU_ASSERT_EQUAL(mg_wiphy_get_mlo(mg_wiphy_list_get(l, 0)), MG_UNKNOWN);
	CU_ASSERT_PTR_NULL(mg_wiphy_get_country(mg_wiphy_list_get(l, 0)));
	CU_ASSERT_EQUAL(mg_wiphy_list_to_json(l, 0, &json), 0);
	CU_ASSERT_PTR_NOT_NULL(json);
	if (json)
		CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"name\": \"wlan\""));
	/* JSON: the SSID itself, the bad byte a lone surrogate, U+200B a \u escape. */
	if (json)
		CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"ssid\": \"<a&b>\\\\xff|\\udcff|\\u200b|0123456789abcdef\""));
	free(json);
	CU_ASSERT_EQUAL(mg_wiphy_list_to_text(l, &json), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(json);
	/* Text: no markup escapes, and the text \xff, the byte 0xff and U+200B each shown apart. */
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "wlan: connected to <a&b>\\\\xff|\\xff|\\u200b|0123456789abcdef ("));
	free(json);
	mg_wiphy_list_free(l);
	mg_ctx_unref(ctx);
	rm_tree(tree);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("wifi-nl80211", setup, teardown, MG_TEST(test_capabilities), MG_TEST(test_json), MG_TEST(test_kind),
		     MG_TEST(test_doctor), MG_TEST(test_throughput), MG_TEST(test_prometheus), MG_TEST(test_hwsim_capture),
		     MG_TEST(test_not_recorded), MG_TEST(test_hostile));
	return mg_test_run();
}
