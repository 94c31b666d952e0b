/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The doctor's Wi-Fi rules, on the wiphy behind an interface: a
 * regulatory domain that leaves channels unusable, a link narrower than
 * both the card and the AP can run, a PCIe link below what the card can
 * carry. They read the wiphy through its public getters; without a wiphy
 * they say nothing.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "decide/decide.h"

static const char *const bands[] = { "2.4GHz", "5GHz", "6GHz" };

static const char *band_of_freq(int mhz)
{
	return mhz >= 2400 && mhz < 2500 ? "2.4GHz" : mhz >= 4900 && mhz < 5925 ? "5GHz"
		: mhz >= 5925 && mhz <= 7125 ? "6GHz" : NULL;
}

/* World domain "00", or 6 GHz that cannot be used: channels the card has, the domain takes away. */
int mg_rule_wifi_regdom(struct mg_doctor *d, const struct mg_facts *f)
{
	const char *country = mg_wiphy_get_country(f->wiphy);
	int enabled = 0, disabled = 0, no_ir = 0, all_no_ir = 0, all = 0;
	bool six = mg_wiphy_band_get_channels(f->wiphy, "6GHz", &enabled, &disabled, &no_ir) == 0;
	bool world = country && !strcmp(country, "00");
	struct mg_finding *x;

	if (!f->wiphy || !country)
		return 0;
	for (size_t i = 0; i < sizeof(bands) / sizeof(bands[0]); i++) {
		int e, dis, n;

		if (mg_wiphy_band_get_channels(f->wiphy, bands[i], &e, &dis, &n) == 0) {
			all += e;
			all_no_ir += n;
		}
	}
	if (!world && !(six && (enabled == 0 || enabled == no_ir)))
		return 0;
	x = mg_finding_add(d, world ? "wifi-regdom-unset" : "wifi-6ghz-unusable", MG_SEVERITY_WARNING, f->name);
	if (!x)
		return -ENOMEM;
	if (world)
		mg_finding_title(x, "the regulatory domain is unset (00): %d of %d channels are no-IR%s", all_no_ir, all,
				 six ? (enabled == 0 || enabled == no_ir ? " and 6 GHz cannot be used to start a link" : "")
				     : "");
	else
		mg_finding_title(x, "6 GHz is %s in regulatory domain %s", enabled == 0 ? "disabled" : "no-IR only",
				 country);
	mg_finding_evidence(x, "nl80211: GET_REG", "regulatory domain %s", country);
	if (six)
		mg_finding_evidence(x, "nl80211: GET_WIPHY, 6 GHz band", "%d channels enabled (%d of them no-IR), %d disabled",
				    enabled, no_ir, disabled);
	mg_finding_evidence(x, "nl80211: GET_WIPHY, every band", "%d channels enabled, %d of them no-IR", all, all_no_ir);
	mg_finding_impact(x, -1, "no-IR channels cannot be scanned actively or used for an AP; %s",
			  six ? "6 GHz (and its 160 and 320 MHz channels) may stay out of reach" : "fewer channels to choose");
	return mg_finding_fix(x, "iw reg set XX",
			      "set the country: country=XX in wpa_supplicant.conf or hostapd.conf, or iw reg set XX "
			      "(XX: where the card is), and check that the wireless-regdb package is installed");
}

/*
 * A station link narrower than both ends can run on its band: the card's
 * widest there, and the AP's as its capability elements advertise. When
 * the AP is the narrower end the link is as wide as it gets: no finding.
 * Without the AP's elements only the card's side is known, and said so.
 */
int mg_rule_wifi_link_narrow(struct mg_doctor *d, const struct mg_facts *f)
{
	int freq = mg_wiphy_link_get_frequency_mhz(f->wiphy, f->name);
	int width = mg_wiphy_link_get_width_mhz(f->wiphy, f->name);
	const char *band = band_of_freq(freq);
	int card = band ? mg_wiphy_band_get_max_width_mhz(f->wiphy, band) : MG_UNKNOWN;
	int ap = band ? mg_wiphy_link_get_ap_max_width_mhz(f->wiphy, f->name) : MG_UNKNOWN;
	int both = ap > 0 && ap < card ? ap : card;
	struct mg_finding *x;

	if (!f->wiphy || mg_wiphy_link_is_connected(f->wiphy, f->name) != 1 || width <= 0 || card <= 0 || width >= both)
		return 0;
	x = mg_finding_add(d, "wifi-link-narrow", MG_SEVERITY_INFO, f->name);
	if (!x)
		return -ENOMEM;
	if (ap > 0)
		mg_finding_title(x, "the link runs %d MHz wide on %s, where the card and the AP can both use %d MHz", width,
				 band, both);
	else
		mg_finding_title(x, "the link runs %d MHz wide on %s, where the card can use %d MHz", width, band, card);
	mg_finding_evidence(x, "nl80211: GET_INTERFACE", "%d MHz at %d MHz", width, freq);
	mg_finding_evidence(x, "nl80211: GET_WIPHY", "the card: %s up to %d MHz", band, card);
	if (ap > 0)
		mg_finding_evidence(x, "nl80211: GET_SCAN, the BSS's capability elements", "the AP: %s up to %d MHz", band,
				    ap);
	else
		mg_finding_evidence(x, "nl80211: GET_SCAN", "the AP's support is unknown: the scan result holds no "
				    "information elements of the BSS");
	mg_finding_impact(x, -1, "at most %.0f%% of the rate a %d MHz channel carries", 100.0 * width / both, both);
	if (ap > 0)
		return mg_finding_fix(x, NULL, "both ends can do %d MHz: the AP operates narrower than it could; configure "
				      "it for %d MHz (and a channel where that fits: DFS, neighbouring networks)", both, both);
	return mg_finding_fix(x, NULL, "the AP sets the width: configure it for %d MHz (and a channel where that fits), "
			      "or use a band where it is wider", card);
}

/* The card's best PHY rate on any band, by the rate model; its band and description. */
static double best_rate(const struct mg_wiphy *w, char *what, size_t size)
{
	double best = -1;

	for (size_t i = 0; i < sizeof(bands) / sizeof(bands[0]); i++) {
		int mode = mg_wiphy_band_get_max_mode(w, bands[i]), mcs = mg_wiphy_band_get_max_mcs(w, bands[i]);
		int nss = mg_wiphy_band_get_max_nss(w, bands[i]), width = mg_wiphy_band_get_max_width_mhz(w, bands[i]);
		struct mg_wifi_phy phy;
		double mbps;

		if (mode <= MG_WIFI_MODE_LEGACY || mcs < 0 || nss <= 0)
			continue;
		if (mode == MG_WIFI_MODE_HT)
			mcs += 8 * (nss - 1);
		if (mg_wifi_phy_resolve((enum mg_wifi_mode)mode, mcs, mode == MG_WIFI_MODE_HT ? MG_UNKNOWN : nss, width,
					800, &phy, NULL, 0) < 0)
			continue;
		mbps = mg_wifi_phy_mbps(&phy);
		if (mbps > best) {
			best = mbps;
			snprintf(what, size, "%s MCS %d, %d streams, %d MHz on %s", mg_wifi_mode_name((enum mg_wifi_mode)mode),
				 mcs, nss, width, bands[i]);
		}
	}
	return best;
}

/* A PCIe link whose ceiling is below what the card's radio can carry (a BE200 on a Gen 2 x1 port). */
int mg_rule_wifi_pcie_ceiling(struct mg_doctor *d, const struct mg_facts *f)
{
	const struct mg_pcie_node *lim = mg_pcie_path_get_limit(f->path);
	double rx = mg_throughput_get_expected_gbps(f->throughput, MG_DIRECTION_RX);
	char what[128] = "";
	double phy = f->wiphy ? best_rate(f->wiphy, what, sizeof(what)) : -1;
	struct mg_wifi_rate *r = NULL;
	double goodput;
	struct mg_finding *x;

	if (!f->wiphy || !lim || rx <= 0 || phy <= 0 || rx * 1000 >= phy)
		return 0;
	/* The rate model's efficiency: what TCP gets of that rate at best. */
	if (mg_wifi_rate_new(MG_WIFI_MODE_HE, 0, 1, 20, 800, &r) < 0)
		return -ENOMEM;
	goodput = phy * mg_wifi_rate_get_efficiency_pct(r) / 100.0;
	x = mg_finding_add(d, "wifi-pcie-ceiling", rx * 1000 < goodput ? MG_SEVERITY_WARNING : MG_SEVERITY_INFO,
			   f->name);
	if (!x) {
		mg_wifi_rate_free(r);
		return -ENOMEM;
	}
	mg_finding_title(x, "the PCIe link carries %.2f Gbit/s of TCP at most, below the card's %.0f Mbit/s PHY rate",
			 rx, phy);
	mg_finding_evidence(x, "config space: LnkSta", "the path's narrowest link: %s at %g GT/s x%d",
			    mg_pcie_node_get_address(lim), mg_pcie_node_get_speed_gts(lim), mg_pcie_node_get_width(lim));
	mg_finding_evidence(x, "nl80211: GET_WIPHY and the rate model", "best rate %s: %.1f Mbit/s", what, phy);
	mg_finding_evidence(x, "rate model", "%s", mg_wifi_rate_get_efficiency_source(r));
	mg_finding_impact(x, rx, "%s", rx * 1000 < goodput
			  ? "the bus, not the air, sets the ceiling of the best links"
			  : "the bus is below the air rate; TCP over the air stays below it at the efficiency assumed");
	mg_wifi_rate_free(r);
	if (mg_pcie_path_get_advice(f->path))
		return mg_finding_fix(x, NULL, "%s", mg_pcie_path_get_advice(f->path));
	return mg_finding_fix(x, NULL, "a faster PCIe link (Gen 3 on a Raspberry Pi 5: dtparam=pciex1_gen=3) or a "
			      "slot with more lanes raises the ceiling");
}
