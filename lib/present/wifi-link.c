/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A Wi-Fi station's link, written once for both documents: the "link"
 * object of wifi --json and the link lines of wifi's text. A field of the
 * link is one mg_out_*() line here, in the order both documents keep.
 */
#include "present/present.h"

/* "    tx: he MCS 11, 2 streams, GI 0.8 us, 80 MHz: kernel 1200.9 Mbit/s, library 1201.0 Mbit/s" */
static void rate(struct mg_out *o, const struct mg_wiphy *w, const char *ifname, enum mg_direction d)
{
	const char *key = d == MG_DIRECTION_TX ? "tx_bitrate" : "rx_bitrate";
	int mode = mg_wiphy_link_get_rate_mode(w, ifname, d);
	int nss = mg_wiphy_link_get_rate_nss(w, ifname, d);
	double kernel = mg_wiphy_link_get_bitrate_mbps(w, ifname, d);
	double library = mg_wiphy_link_get_rate_library_mbps(w, ifname, d);
	bool mcs = mode > MG_WIFI_MODE_LEGACY;

	if (!mg_wiphy_link_has_rate(w, ifname, d)) {
		mg_out_null(o, key);
		return;
	}
	mg_out_object(o, key);
	mg_out_text(o, "    %s: ", d == MG_DIRECTION_TX ? "tx" : "rx");
	mg_out_str(o, "mode", mcs ? "%s " : "legacy, ", mg_wifi_mode_name((enum mg_wifi_mode)mode));
	mg_out_int(o, "mcs", mcs ? "MCS %d, " : NULL, mg_wiphy_link_get_rate_mcs(w, ifname, d));
	mg_out_int(o, "nss", !mcs ? NULL : nss == 1 ? "%d stream, " : "%d streams, ", nss);
	mg_out_fixed(o, "gi_us", mcs ? "GI %.1f us, " : NULL, mg_wiphy_link_get_rate_gi_ns(w, ifname, d) / 1000.0, 1);
	mg_out_int(o, "width_mhz", "%d MHz", mg_wiphy_link_get_rate_width_mhz(w, ifname, d));
	mg_out_fixed(o, "kernel_mbps", kernel >= 0 ? ": kernel %.1f Mbit/s" : NULL, kernel, 1);
	mg_out_fixed(o, "library_mbps", library >= 0 ? ", library %.1f Mbit/s" : NULL, library, 1);
	mg_out_bool(o, "dcm", NULL, mg_wiphy_link_get_rate_dcm(w, ifname, d));
	mg_out_bool(o, "ofdma_ru", NULL, mg_wiphy_link_get_rate_ru(w, ifname, d));
	mg_out_text(o, "\n");
	mg_out_object_end(o);
}

void mg_out_wifi_link(struct mg_out *o, const struct mg_wiphy *w, const char *ifname)
{
	int connected = mg_wiphy_link_is_connected(w, ifname);
	const char *bssid = mg_wiphy_link_get_bssid(w, ifname);
	int freq = mg_wiphy_link_get_frequency_mhz(w, ifname), width = mg_wiphy_link_get_width_mhz(w, ifname);
	int center1 = mg_wiphy_link_get_center1_mhz(w, ifname), signal = mg_wiphy_link_get_signal_dbm(w, ifname);
	int ap = mg_wiphy_link_get_ap_max_width_mhz(w, ifname), avg = mg_wiphy_link_get_signal_avg_dbm(w, ifname);
	double expected = mg_wiphy_link_get_expected_mbps(w, ifname);
	char ssid[33];

	mg_out_object(o, "link");
	mg_out_str(o, NULL, "  %s", ifname && ifname[0] ? ifname : NULL);
	mg_out_bool(o, "connected", connected == MG_UNKNOWN ? ": link unknown (no station dump)\n"
				    : connected ? ": connected to " : ": not connected\n", connected);
	/* Text says no more of a link that is not up; JSON keeps every key, null where it has nothing. */
	if (connected != 1 && mg_out_is_text(o))
		return;
	/* The link's SSID once there is an AP (a bssid), even where the station dump's answer was not seen. */
	mg_out_str(o, "ssid", "%s", bssid ? mg_wiphy_link_get_ssid(w, ifname, ssid, sizeof(ssid)) : NULL);
	/* Two calls: text prints the address as the station dump gave it, even none (""); JSON has null then. */
	mg_out_str(o, "bssid", NULL, bssid && bssid[0] ? bssid : NULL);
	mg_out_text(o, " (%s)", bssid ? bssid : "");
	mg_out_int(o, "frequency_mhz", freq > 0 ? " on %d MHz" : NULL, freq);
	mg_out_int(o, "width_mhz", width > 0 ? ", %d MHz wide" : NULL, width);
	mg_out_int(o, "center1_mhz", center1 > 0 ? " (center %d)" : NULL, center1);
	mg_out_int(o, "center2_mhz", NULL, mg_wiphy_link_get_center2_mhz(w, ifname));
	mg_out_int(o, "signal_dbm", signal != MG_UNKNOWN ? ", signal %d dBm" : NULL, signal);
	mg_out_int(o, "signal_avg_dbm", avg != MG_UNKNOWN ? " (average %d)" : NULL, avg);
	mg_out_text(o, "\n");
	rate(o, w, ifname, MG_DIRECTION_TX);
	rate(o, w, ifname, MG_DIRECTION_RX);
	mg_out_fixed(o, "expected_throughput_mbps",
		     expected >= 0 ? "    expected throughput (driver): %.1f Mbit/s\n" : NULL, expected, 1);
	/* The widest the AP advertises on this band; null when the scan result had no elements. */
	mg_out_int(o, "ap_max_width_mhz", ap > 0 ? "    the AP: up to %d MHz on this band (its capability elements)\n"
						  : NULL, ap);
	mg_out_object_end(o);
}
