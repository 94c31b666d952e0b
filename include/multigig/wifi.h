/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libmultigig: Wi-Fi: the PHY rate model and the cards nl80211 describes.
 *
 * Include <multigig/multigig.h>, which includes every header in order.
 */
#ifndef MULTIGIG_WIFI_H
#define MULTIGIG_WIFI_H

#include <stddef.h>

#include <multigig/report.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* The rate model                                                      */
/* ------------------------------------------------------------------ */

/**
 * enum mg_wifi_mode - the PHY a Wi-Fi rate is sent with.
 * @MG_WIFI_MODE_LEGACY: OFDM of 802.11a/g (6 to 54 Mbit/s, no MCS: the
 *	rate model takes the index 0..7 of 6, 9, 12, 18, 24, 36, 48, 54).
 * @MG_WIFI_MODE_HT: 802.11n (Wi-Fi 4).
 * @MG_WIFI_MODE_VHT: 802.11ac (Wi-Fi 5).
 * @MG_WIFI_MODE_HE: 802.11ax (Wi-Fi 6, 6E).
 * @MG_WIFI_MODE_EHT: 802.11be (Wi-Fi 7).
 *
 * Since: 0.3
 */
enum mg_wifi_mode {
	MG_WIFI_MODE_LEGACY = 0,
	MG_WIFI_MODE_HT = 1,
	MG_WIFI_MODE_VHT = 2,
	MG_WIFI_MODE_HE = 3,
	MG_WIFI_MODE_EHT = 4,
};

/**
 * mg_wifi_mode_name - name of a Wi-Fi PHY mode.
 * @mode: mode.
 *
 * Returns: "legacy", "ht", "vht", "he" or "eht"; NULL for any other value.
 * Since: 0.3
 */
const char *mg_wifi_mode_name(enum mg_wifi_mode mode);

/**
 * mg_wifi_mode_from_name - the mode a name gives.
 * @name: "legacy", "ht", "vht", "he" or "eht" (any case).
 * @mode: where the mode is stored.
 *
 * Returns: 0; -EINVAL for a NULL argument or another name.
 * Since: 0.3
 */
int mg_wifi_mode_from_name(const char *name, enum mg_wifi_mode *mode);

/**
 * struct mg_wifi_rate - one Wi-Fi rate as the model computes it: the PHY
 * rate of a mode, MCS, spatial streams, channel width and guard interval,
 * and the TCP goodput to expect over it. Needs no context.
 */
struct mg_wifi_rate;

/**
 * mg_wifi_rate_check - whether a combination is a rate of its PHY.
 * @mode: the PHY.
 * @mcs: MCS index: HT 0..31 (streams in the index: MCS 8 is MCS 0 on two
 *	streams), VHT 0..9, HE 0..11, EHT 0..13, legacy 0..7.
 * @nss: spatial streams 1..8 (HT 1..4); MG_UNKNOWN for HT (taken from
 *	@mcs) and legacy (one stream).
 * @width_mhz: channel width: 20, 40 (HT up to 40), 80, 160 (VHT and HE up
 *	to 160), 320 (EHT); legacy 20.
 * @gi_ns: guard interval in nanoseconds: 800 or 400 for HT and VHT; 800,
 *	1600 or 3200 for HE and EHT; 800 for legacy.
 * @why: where the reason is written when it is not, or NULL.
 * @size: the size of @why.
 *
 * VHT leaves out the combinations 802.11ac defines no rate for (MCS 9 at
 * 20 MHz but on 3 or 6 streams, MCS 6 at 80 MHz on 3 or 7 streams, MCS 9 at
 * 80 MHz on 6 and at 160 MHz on 3). An HT MCS of 8 or more names its
 * streams: an @nss that disagrees is refused. The band plays no part:
 * 320 MHz is only used on 6 GHz, but its rate is the same anywhere.
 *
 * Returns: 0 when the combination has a rate; -EINVAL with the reason
 * ("VHT MCS 9 is not defined at 20 MHz on 1 spatial stream").
 * Since: 0.3
 */
int mg_wifi_rate_check(enum mg_wifi_mode mode, int mcs, int nss, int width_mhz, int gi_ns, char *why,
		       size_t size);

/**
 * mg_wifi_rate_new - model one Wi-Fi rate.
 * @mode: the PHY.
 * @mcs: MCS index, as mg_wifi_rate_check() takes it.
 * @nss: spatial streams, or MG_UNKNOWN for HT and legacy.
 * @width_mhz: channel width in MHz.
 * @gi_ns: guard interval in nanoseconds.
 * @rate: where the rate is stored.
 *
 * PHY rate = data subcarriers x coded bits per subcarrier x coding rate x
 * streams / symbol time. Data subcarriers: legacy 48; HT and VHT 52, 108,
 * 234, 468 (20, 40, 80, 160 MHz); HE and EHT 234, 468, 980, 1960, 3920
 * (20 .. 320 MHz). Symbol: legacy 4 us; HT and VHT 3.2 us plus the guard
 * interval; HE and EHT 12.8 us plus it. HE MCS 11 on 2 streams at 160 MHz
 * and GI 0.8 is 2402.0 Mbit/s; EHT MCS 12 on 2 streams at 320 MHz is
 * 5188.2. The kernel's integer arithmetic (cfg80211_calculate_bitrate())
 * rounds some of these down by up to about 1 Mbit/s.
 *
 * Returns: 0; -EINVAL for a NULL @rate or a combination
 * mg_wifi_rate_check() refuses; -ENOMEM.
 * Since: 0.3
 */
int mg_wifi_rate_new(enum mg_wifi_mode mode, int mcs, int nss, int width_mhz, int gi_ns,
		     struct mg_wifi_rate **rate);

/**
 * mg_wifi_rate_free - free a rate.
 * @rate: rate, may be NULL.
 *
 * Since: 0.3
 */
void mg_wifi_rate_free(struct mg_wifi_rate *rate);

/**
 * mg_wifi_rate_get_mode - the PHY of a rate.
 * @rate: rate.
 *
 * Returns: the mode; MG_UNKNOWN for NULL.
 * Since: 0.3
 */
int mg_wifi_rate_get_mode(const struct mg_wifi_rate *rate);

/**
 * mg_wifi_rate_get_mcs - the MCS index, as given.
 * @rate: rate.
 *
 * Returns: the index; MG_UNKNOWN for NULL.
 * Since: 0.3
 */
int mg_wifi_rate_get_mcs(const struct mg_wifi_rate *rate);

/**
 * mg_wifi_rate_get_nss - the spatial streams (for HT, the ones the MCS
 * index names).
 * @rate: rate.
 *
 * Returns: 1..8; MG_UNKNOWN for NULL.
 * Since: 0.3
 */
int mg_wifi_rate_get_nss(const struct mg_wifi_rate *rate);

/**
 * mg_wifi_rate_get_width_mhz - the channel width.
 * @rate: rate.
 *
 * Returns: MHz; MG_UNKNOWN for NULL.
 * Since: 0.3
 */
int mg_wifi_rate_get_width_mhz(const struct mg_wifi_rate *rate);

/**
 * mg_wifi_rate_get_gi_ns - the guard interval.
 * @rate: rate.
 *
 * Returns: nanoseconds; MG_UNKNOWN for NULL.
 * Since: 0.3
 */
int mg_wifi_rate_get_gi_ns(const struct mg_wifi_rate *rate);

/**
 * mg_wifi_rate_get_phy_mbps - the PHY rate.
 * @rate: rate.
 *
 * Returns: Mbit/s; -1.0 for NULL.
 * Since: 0.3
 */
double mg_wifi_rate_get_phy_mbps(const struct mg_wifi_rate *rate);

/**
 * mg_wifi_rate_get_tcp_goodput_mbps - the TCP goodput to expect at best
 * from one client over this rate: the PHY rate times the efficiency of
 * mg_wifi_rate_get_efficiency_pct().
 * @rate: rate.
 *
 * Returns: Mbit/s; -1.0 for NULL.
 * Since: 0.3
 */
double mg_wifi_rate_get_tcp_goodput_mbps(const struct mg_wifi_rate *rate);

/**
 * mg_wifi_rate_get_efficiency_pct - the share of the PHY rate assumed to
 * reach TCP: preambles, interframe spaces, contention, block acks, MAC,
 * IP and TCP headers and the TCP acks in the other direction take the
 * rest. An assumption from a measurement, not a model of airtime:
 * mg_wifi_rate_get_efficiency_source() says which.
 * @rate: rate.
 *
 * Returns: percent; MG_UNKNOWN for NULL.
 * Since: 0.3
 */
int mg_wifi_rate_get_efficiency_pct(const struct mg_wifi_rate *rate);

/**
 * mg_wifi_rate_get_efficiency_source - where the efficiency comes from.
 * @rate: rate.
 *
 * Returns: one sentence, static; NULL for NULL.
 * Since: 0.3
 */
const char *mg_wifi_rate_get_efficiency_source(const struct mg_wifi_rate *rate);

/**
 * mg_wifi_rate_to_json - a rate as JSON: estimate --wifi --json's object.
 * @rate: rate.
 * @flags: MG_JSON_LINE, MG_JSON_BYTES (enum mg_json_flags).
 * @json: where the text is stored: malloc'ed, free with free().
 *
 * "mode", "mcs", "nss", "width_mhz", "gi_us", "data_subcarriers",
 * "bits_per_subcarrier", "coding_rate" ("5/6"), "symbol_us",
 * "phy_rate_mbps" (one decimal), "tcp_goodput_mbps", "efficiency_pct",
 * "efficiency_source".
 *
 * Returns: 0; -EINVAL for a NULL argument or a flag it does not take;
 * -ENOMEM.
 * Since: 0.3
 */
int mg_wifi_rate_to_json(const struct mg_wifi_rate *rate, unsigned int flags, char **json);

/* ------------------------------------------------------------------ */
/* Wiphys: what nl80211 says of each Wi-Fi card                        */
/* ------------------------------------------------------------------ */

/**
 * struct mg_wiphy - one Wi-Fi card as nl80211 describes it (its bands,
 * channels, interface types, antennas), its interfaces and their links,
 * and the device behind it. Reference counted; a list holds one
 * reference to each.
 */
struct mg_wiphy;

/**
 * struct mg_wiphy_list - the wiphys one call read.
 */
struct mg_wiphy_list;

/**
 * mg_wiphy_list_new - read the Wi-Fi cards.
 * @ctx: context.
 * @name: a wiphy ("phy0") or one of its interfaces ("wlan0"); NULL for
 *	every wiphy.
 * @list: where the list is stored.
 *
 * One split NL80211_CMD_GET_WIPHY dump (the kernel's chunks merged by
 * wiphy index), one GET_INTERFACE dump, one GET_REG, and a station dump
 * for each station or AP interface; for @name the same dumps filtered by
 * the kernel to its wiphy. The device comes from
 * /sys/class/ieee80211/PHY/device, the firmware version from the driver
 * (ETHTOOL_GDRVINFO of an interface). A captured tree replays what was
 * recorded. A machine without cfg80211 gives an empty list, and
 * mg_wiphy_list_get_unknown_reason() says so.
 *
 * Returns: 0; -EINVAL for a NULL argument; -ENODEV when @name is no
 * wiphy or Wi-Fi interface; a negative errno when nl80211 fails (the
 * context says which step); -ENOMEM.
 * Since: 0.3
 */
int mg_wiphy_list_new(struct mg_ctx *ctx, const char *name, struct mg_wiphy_list **list);

/**
 * mg_wiphy_list_free - free a list and its references.
 * @list: list, may be NULL.
 *
 * Since: 0.3
 */
void mg_wiphy_list_free(struct mg_wiphy_list *list);

/**
 * mg_wiphy_list_count - how many wiphys a list holds.
 * @list: list.
 *
 * Returns: the number; 0 for NULL.
 * Since: 0.3
 */
size_t mg_wiphy_list_count(const struct mg_wiphy_list *list);

/**
 * mg_wiphy_list_get - one wiphy of a list.
 * @list: list.
 * @index: 0 .. mg_wiphy_list_count() - 1.
 *
 * Returns: the wiphy, valid as long as the list (mg_wiphy_ref() keeps it
 * longer); NULL out of range.
 * Since: 0.3
 */
struct mg_wiphy *mg_wiphy_list_get(const struct mg_wiphy_list *list, size_t index);

/**
 * mg_wiphy_list_get_unknown_reason - why a list knows nothing.
 * @list: list.
 *
 * Returns: the reason ("the kernel has no nl80211 family (cfg80211 is not
 * loaded)", "the capture holds no nl80211 replies"), static; NULL when
 * nl80211 answered.
 * Since: 0.3
 */
const char *mg_wiphy_list_get_unknown_reason(const struct mg_wiphy_list *list);

/**
 * mg_wiphy_list_to_json - wiphys as JSON: wifi --json's array.
 * @list: list.
 * @flags: MG_JSON_LINE, MG_JSON_BYTES (enum mg_json_flags).
 * @json: where the text is stored: malloc'ed, free with free().
 *
 * An array with an object a wiphy: "phy", "index", "interfaces" (each
 * with "name", "ifindex", "iftype", "mac", "frequency_mhz", "width_mhz",
 * "center1_mhz", "mlo_links" and, for a station, "link"), "bus",
 * "address", "driver", "firmware_version", "bands" (each with "band",
 * "ht", "vht", "he", "eht", "max_nss", "max_mcs", "max_width_mhz",
 * "channels"), "iftypes", "mlo", "antennas", "regulatory"; null where the
 * kernel did not say, with the reason under "unknown".
 *
 * Returns: 0; -EINVAL for a NULL argument or a flag it does not take;
 * -ENOMEM.
 * Since: 0.3
 */
int mg_wiphy_list_to_json(const struct mg_wiphy_list *list, unsigned int flags, char **json);

/**
 * mg_wiphy_list_to_text - wiphys as text: what multigig wifi prints.
 * @list: list.
 * @text: where the text is stored: malloc'ed, free with free().
 *
 * A paragraph a wiphy: its device, interfaces, a line a band (PHYs,
 * streams, highest MCS, widest channel, channels), interface types, MLO,
 * antennas, the regulatory domain, and each station interface's link.
 * Names, drivers and SSIDs are shown as the CLI shows text: a backslash
 * as \\, control characters and bytes that are not UTF-8 as \xNN,
 * characters that show nothing or turn text around as \u200b.
 *
 * Returns: 0; -EINVAL for a NULL argument; -ENOMEM.
 * Since: 0.3
 */
int mg_wiphy_list_to_text(const struct mg_wiphy_list *list, char **text);

/**
 * mg_wiphy_ref - take a reference.
 * @wiphy: wiphy, may be NULL.
 *
 * Returns: @wiphy.
 * Since: 0.3
 */
struct mg_wiphy *mg_wiphy_ref(struct mg_wiphy *wiphy);

/**
 * mg_wiphy_unref - drop a reference; the last frees it.
 * @wiphy: wiphy, may be NULL.
 *
 * Returns: NULL.
 * Since: 0.3
 */
struct mg_wiphy *mg_wiphy_unref(struct mg_wiphy *wiphy);

/**
 * mg_wiphy_get_name - the wiphy's name.
 * @wiphy: wiphy.
 *
 * Returns: "phy0"; NULL when not said.
 * Since: 0.3
 */
const char *mg_wiphy_get_name(const struct mg_wiphy *wiphy);

/**
 * mg_wiphy_get_index - the wiphy's index (NL80211_ATTR_WIPHY).
 * @wiphy: wiphy.
 *
 * Returns: the index; MG_UNKNOWN for NULL.
 * Since: 0.3
 */
int mg_wiphy_get_index(const struct mg_wiphy *wiphy);

/**
 * mg_wiphy_get_bus - the bus of the device behind the wiphy.
 * @wiphy: wiphy.
 *
 * Returns: MG_BUS_PCI, MG_BUS_USB, MG_BUS_VIRTUAL (mac80211_hwsim), or
 * MG_BUS_OTHER (also when no device is known).
 * Since: 0.3
 */
enum mg_bus mg_wiphy_get_bus(const struct mg_wiphy *wiphy);

/**
 * mg_wiphy_get_address - the device's address on its bus.
 * @wiphy: wiphy.
 *
 * Returns: "0000:01:00.0", a USB port path, or the device's name; NULL
 * when none is known.
 * Since: 0.3
 */
const char *mg_wiphy_get_address(const struct mg_wiphy *wiphy);

/**
 * mg_wiphy_get_driver - the driver bound to the device.
 * @wiphy: wiphy.
 *
 * Returns: "iwlwifi"; NULL when none is known.
 * Since: 0.3
 */
const char *mg_wiphy_get_driver(const struct mg_wiphy *wiphy);

/**
 * mg_wiphy_get_firmware_version - the firmware the driver reports.
 * @wiphy: wiphy.
 *
 * Returns: the version; NULL when the driver says none (or the wiphy has
 * no interface to ask).
 * Since: 0.3
 */
const char *mg_wiphy_get_firmware_version(const struct mg_wiphy *wiphy);

/**
 * mg_wiphy_get_country - the regulatory domain in force.
 * @wiphy: wiphy.
 *
 * Returns: "DE"; "00" for the world domain (none set); NULL when unknown.
 * Since: 0.3
 */
const char *mg_wiphy_get_country(const struct mg_wiphy *wiphy);

/**
 * mg_wiphy_get_mlo - whether the wiphy supports multi-link operation.
 * @wiphy: wiphy.
 *
 * Returns: 1 or 0; MG_UNKNOWN on kernels before 6.0, which never say.
 * Since: 0.3
 */
int mg_wiphy_get_mlo(const struct mg_wiphy *wiphy);

/**
 * mg_wiphy_get_antenna_tx - the transmit antennas available, as a mask.
 * @wiphy: wiphy.
 *
 * Returns: the mask; MG_UNKNOWN when not said.
 * Since: 0.3
 */
int mg_wiphy_get_antenna_tx(const struct mg_wiphy *wiphy);

/**
 * mg_wiphy_get_antenna_rx - the receive antennas available, as a mask.
 * @wiphy: wiphy.
 *
 * Returns: the mask; MG_UNKNOWN when not said.
 * Since: 0.3
 */
int mg_wiphy_get_antenna_rx(const struct mg_wiphy *wiphy);

/**
 * mg_wiphy_get_interface_count - how many interfaces the wiphy has.
 * @wiphy: wiphy.
 *
 * Returns: the number; 0 for NULL.
 * Since: 0.3
 */
size_t mg_wiphy_get_interface_count(const struct mg_wiphy *wiphy);

/**
 * mg_wiphy_get_interface - the name of one of its interfaces.
 * @wiphy: wiphy.
 * @index: 0 .. mg_wiphy_get_interface_count() - 1.
 *
 * Returns: the name; NULL out of range.
 * Since: 0.3
 */
const char *mg_wiphy_get_interface(const struct mg_wiphy *wiphy, size_t index);

/**
 * mg_wiphy_supports_iftype - whether an interface type is supported.
 * @wiphy: wiphy.
 * @iftype: nl80211's name as iw prints it: "managed", "AP", "monitor",
 *	"mesh point", "P2P-client", "P2P-GO", "P2P-device", "IBSS", ...
 *
 * Returns: 1 or 0; MG_UNKNOWN when the kernel did not list them.
 * Since: 0.3
 */
int mg_wiphy_supports_iftype(const struct mg_wiphy *wiphy, const char *iftype);

/**
 * mg_wiphy_band_supports - whether a band carries a PHY.
 * @wiphy: wiphy.
 * @band: "2.4GHz", "5GHz", "6GHz" (or "60GHz").
 * @mode: the PHY.
 *
 * Returns: 1 or 0 (0 also for a band the wiphy lacks); MG_UNKNOWN for EHT
 * on kernels before 5.18.
 * Since: 0.3
 */
int mg_wiphy_band_supports(const struct mg_wiphy *wiphy, const char *band, enum mg_wifi_mode mode);

/**
 * mg_wiphy_band_get_max_nss - the most spatial streams of a band, from
 * the MCS map of its newest PHY.
 * @wiphy: wiphy.
 * @band: as mg_wiphy_band_supports() takes it.
 *
 * Returns: 1..8; MG_UNKNOWN for a band the wiphy lacks.
 * Since: 0.3
 */
int mg_wiphy_band_get_max_nss(const struct mg_wiphy *wiphy, const char *band);

/**
 * mg_wiphy_band_get_max_width_mhz - the widest channel of a band: HT
 * 40, VHT 80 or 160, HE 160, EHT 320 only on 6 GHz with the EHT PHY bit
 * (as iw reads it: a driver was seen advertising it on 5 GHz).
 * @wiphy: wiphy.
 * @band: as mg_wiphy_band_supports() takes it.
 *
 * Returns: MHz; MG_UNKNOWN for a band the wiphy lacks.
 * Since: 0.3
 */
int mg_wiphy_band_get_max_width_mhz(const struct mg_wiphy *wiphy, const char *band);

/**
 * mg_wiphy_band_get_max_mcs - the highest MCS of a band's newest PHY
 * (for HT the per-stream MCS 0..7).
 * @wiphy: wiphy.
 * @band: as mg_wiphy_band_supports() takes it.
 *
 * Returns: the MCS; MG_UNKNOWN for a band the wiphy lacks or a map it
 * does not fill.
 * Since: 0.3
 */
int mg_wiphy_band_get_max_mcs(const struct mg_wiphy *wiphy, const char *band);

/**
 * mg_wiphy_band_get_max_mode - the newest PHY of a band.
 * @wiphy: wiphy.
 * @band: as mg_wiphy_band_supports() takes it.
 *
 * Returns: an enum mg_wifi_mode; MG_UNKNOWN for a band the wiphy lacks.
 * Since: 0.3
 */
int mg_wiphy_band_get_max_mode(const struct mg_wiphy *wiphy, const char *band);

/**
 * mg_wiphy_band_get_channels - how many of a band's channels may be used.
 * @wiphy: wiphy.
 * @band: as mg_wiphy_band_supports() takes it.
 * @enabled: where the number of enabled channels is stored, or NULL.
 * @disabled: where the number of disabled ones is stored, or NULL.
 * @no_ir: where the number of enabled ones that are no-IR (no beaconing,
 *	no probing: a station may only answer an AP it hears) is stored, or NULL.
 *
 * Returns: 0; -ENOENT for a band the wiphy lacks; -EINVAL for NULL.
 * Since: 0.3
 */
int mg_wiphy_band_get_channels(const struct mg_wiphy *wiphy, const char *band, int *enabled, int *disabled,
			       int *no_ir);

/**
 * mg_wiphy_link_is_connected - whether a station interface is associated.
 * @wiphy: wiphy.
 * @ifname: one of its interfaces.
 *
 * Returns: 1 or 0 (0 for an interface that is no station); MG_UNKNOWN
 * when its station dump was not answered or @ifname is not the wiphy's.
 * Since: 0.3
 */
int mg_wiphy_link_is_connected(const struct mg_wiphy *wiphy, const char *ifname);

/**
 * mg_wiphy_link_get_frequency_mhz - the channel an interface operates on.
 * @wiphy: wiphy.
 * @ifname: one of its interfaces.
 *
 * Returns: the control channel's frequency in MHz; MG_UNKNOWN when none.
 * Since: 0.3
 */
int mg_wiphy_link_get_frequency_mhz(const struct mg_wiphy *wiphy, const char *ifname);

/**
 * mg_wiphy_link_get_width_mhz - the channel width an interface operates at.
 * @wiphy: wiphy.
 * @ifname: one of its interfaces.
 *
 * Returns: MHz (80+80 is 160); MG_UNKNOWN when none.
 * Since: 0.3
 */
int mg_wiphy_link_get_width_mhz(const struct mg_wiphy *wiphy, const char *ifname);

/**
 * mg_wiphy_link_get_ap_max_width_mhz - the widest channel the AP advertises on the link's band.
 * @wiphy: wiphy.
 * @ifname: one of its interfaces, a connected station.
 *
 * Read from the HT, VHT, HE and EHT Capabilities elements of the BSS the
 * station is associated with, as the scan result holds them (80+80 is 160).
 *
 * Returns: MHz; MG_UNKNOWN when not connected or the elements are absent.
 * Since: 0.3
 */
int mg_wiphy_link_get_ap_max_width_mhz(const struct mg_wiphy *wiphy, const char *ifname);

/**
 * mg_wiphy_link_get_signal_dbm - the signal a station receives its AP at.
 * @wiphy: wiphy.
 * @ifname: a station interface.
 *
 * Returns: dBm; MG_UNKNOWN when not connected or not said.
 * Since: 0.3
 */
int mg_wiphy_link_get_signal_dbm(const struct mg_wiphy *wiphy, const char *ifname);

/**
 * mg_wiphy_link_get_bitrate_mbps - the rate a station last sent or
 * received at, as the kernel computes it (NL80211_RATE_INFO_BITRATE32).
 * @wiphy: wiphy.
 * @ifname: a station interface.
 * @direction: MG_DIRECTION_TX or MG_DIRECTION_RX.
 *
 * Returns: Mbit/s; -1.0 when not connected or not said.
 * Since: 0.3
 */
double mg_wiphy_link_get_bitrate_mbps(const struct mg_wiphy *wiphy, const char *ifname, enum mg_direction direction);

/**
 * mg_throughput_add_wifi - add a Wi-Fi station's link to an adapter's
 * verdict: each direction's expected goodput becomes the lowest of the
 * bus (PCIe or USB) and the air, and says which.
 * @throughput: the verdict of mg_throughput_new() for the adapter.
 * @wiphy: its wiphy (mg_wiphy_list_new() with the interface's name).
 * @ifname: the station interface.
 *
 * The air's ceiling per direction is the rate the kernel last reported
 * (RX: received, TX: sent) times the rate model's efficiency
 * (mg_wifi_rate_get_efficiency_pct()); a tie goes to the bus.
 *
 * Returns: 0; -EINVAL for a NULL argument; -ENOTCONN when @ifname is not
 * a connected station of @wiphy (the verdict is left as it was).
 * Since: 0.3
 */
int mg_throughput_add_wifi(struct mg_throughput *throughput, const struct mg_wiphy *wiphy, const char *ifname);

/**
 * mg_throughput_get_wifi_ceiling_gbps - the Wi-Fi link's TCP ceiling in
 * one direction, as mg_throughput_add_wifi() set it.
 * @throughput: verdict.
 * @direction: MG_DIRECTION_RX or MG_DIRECTION_TX.
 *
 * Returns: Gbit/s; -1.0 when no Wi-Fi link was added or the kernel gave
 * no rate that way.
 * Since: 0.3
 */
double mg_throughput_get_wifi_ceiling_gbps(const struct mg_throughput *throughput, enum mg_direction direction);

#ifdef __cplusplus
}
#endif

#endif /* MULTIGIG_WIFI_H */
