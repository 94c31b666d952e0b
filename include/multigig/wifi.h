/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libmultigig: Wi-Fi: the PHY rate model.
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

#ifdef __cplusplus
}
#endif

#endif /* MULTIGIG_WIFI_H */
