/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The wiphys nl80211 described, written once for both documents: wifi
 * --json's array and wifi's text, each field one mg_out_*() line through
 * the getters, in the order both keep. Where the two put a field in
 * different places (the interfaces, the links), the call says which
 * document it is for.
 */
#include <string.h>

#include <linux/nl80211.h>

#include "present/present.h"

/* The keys of one channel definition; JSON only: the link's text says its own. */
static void chandef(struct mg_out *o, int freq, int width, int center1, int center2)
{
	mg_out_int(o, "frequency_mhz", NULL, freq);
	mg_out_int(o, "width_mhz", NULL, width);
	mg_out_int(o, "center1_mhz", NULL, center1);
	mg_out_int(o, "center2_mhz", NULL, center2);
}

static void mlo_links(struct mg_json *j, const struct mg_wiphy *w, const char *ifname)
{
	struct mg_out o = { .j = j };

	mg_json_key(j, "mlo_links");
	mg_json_array(j);
	for (size_t i = 0; i < mg_wiphy_iface_get_mlo_link_count(w, ifname); i++) {
		mg_out_object(&o, NULL);
		mg_out_int(&o, "id", NULL, mg_wiphy_mlo_link_get_id(w, ifname, i));
		mg_out_str(&o, "mac", NULL, mg_wiphy_mlo_link_get_mac(w, ifname, i));
		chandef(&o, mg_wiphy_mlo_link_get_mhz(w, ifname, i, 'f'), mg_wiphy_mlo_link_get_mhz(w, ifname, i, 'w'),
			mg_wiphy_mlo_link_get_mhz(w, ifname, i, '1'), mg_wiphy_mlo_link_get_mhz(w, ifname, i, '2'));
		mg_out_object_end(&o);
	}
	mg_json_array_end(j);
}

/* "interfaces": each with its channel and, for a station, its link; JSON only (the text lists them in a line). */
static void interfaces_json(struct mg_json *j, const struct mg_wiphy *w)
{
	struct mg_out o = { .j = j };
	char ssid[33];

	mg_json_key(j, "interfaces");
	mg_json_array(j);
	for (size_t i = 0; i < mg_wiphy_get_interface_count(w); i++) {
		const char *f = mg_wiphy_get_interface(w, i);

		mg_out_object(&o, NULL);
		mg_out_str(&o, "name", NULL, f);
		/* The index as nl80211 gave it, even the one that reads as MG_UNKNOWN: not null. */
		mg_json_key(j, "ifindex");
		mg_json_int(j, mg_wiphy_iface_get_ifindex(w, f));
		mg_out_str(&o, "iftype", NULL, mg_nonempty(mg_wifi_iftype_name(mg_wiphy_iface_get_iftype(w, f))));
		mg_out_str(&o, "mac", NULL, mg_wiphy_iface_get_mac(w, f));
		chandef(&o, mg_wiphy_link_get_frequency_mhz(w, f), mg_wiphy_link_get_width_mhz(w, f),
			mg_wiphy_link_get_center1_mhz(w, f), mg_wiphy_link_get_center2_mhz(w, f));
		/* An SSID is up to 32 bytes of anything; the writer escapes what is not UTF-8 text. */
		mg_out_str(&o, "ssid", NULL, mg_wiphy_link_get_ssid(w, f, ssid, sizeof(ssid)));
		mlo_links(j, w, f);
		mg_out_int(&o, "stations", NULL, mg_wiphy_iface_get_stations(w, f));
		if (mg_wifi_iftype_is_station(mg_wiphy_iface_get_iftype(w, f)))
			mg_out_wifi_link(&o, w, f);
		mg_out_object_end(&o);
	}
	mg_json_array_end(j);
}

/* "  interfaces: wlan0 (managed)"; text only. */
static void interfaces_text(struct mg_out *o, const struct mg_wiphy *w)
{
	size_t n = mg_wiphy_get_interface_count(w);

	mg_out_text(o, "\n  interfaces:");
	for (size_t i = 0; i < n; i++) {
		const char *f = mg_wiphy_get_interface(w, i);

		mg_out_str(o, NULL, " %s", mg_nonempty(f));
		mg_out_str(o, NULL, " (%s)", mg_nonempty(mg_wifi_iftype_name(mg_wiphy_iface_get_iftype(w, f))));
	}
	mg_out_text(o, n ? "\n" : " none\n");
}

static void channels(struct mg_json *j, const struct mg_wiphy *w, const char *band, int b)
{
	struct mg_out o = { .j = j };

	mg_json_key(j, "channels");
	mg_json_array(j);
	for (size_t i = 0; i < mg_wiphy_band_get_channel_count(w, band); i++) {
		int freq = mg_wiphy_channel_get_freq_mhz(w, band, i);

		mg_out_object(&o, NULL);
		mg_out_int(&o, "freq_mhz", NULL, freq);
		mg_out_int(&o, "freq_offset_khz", NULL, mg_wiphy_channel_get_offset_khz(w, band, i));
		mg_out_int(&o, "channel", NULL, mg_wifi_channel_number(b, freq));
		mg_out_bool(&o, "disabled", NULL, mg_wiphy_channel_is_disabled(w, band, i));
		mg_out_bool(&o, "no_ir", NULL, mg_wiphy_channel_is_no_ir(w, band, i));
		mg_out_bool(&o, "radar", NULL, mg_wiphy_channel_is_radar(w, band, i));
		mg_out_object_end(&o);
	}
	mg_json_array_end(j);
}

/* The caps JSON has beyond the line of text: per PHY, MG_UNKNOWN without it. */
static void band_phys(struct mg_out *o, const struct mg_wiphy *w, const char *band)
{
	mg_out_int(o, "ht_max_mcs_index", NULL, mg_wiphy_band_get_ht_max_index(w, band));
	mg_out_int(o, "ht_max_nss", NULL, mg_wiphy_band_get_ht_nss(w, band));
	mg_out_int(o, "vht_max_mcs", NULL, mg_wiphy_band_get_vht_max_mcs(w, band));
	mg_out_int(o, "vht_max_nss", NULL, mg_wiphy_band_get_vht_nss(w, band));
	mg_out_int(o, "he_max_mcs", NULL, mg_wiphy_band_get_he_max_mcs(w, band));
	mg_out_int(o, "he_max_nss", NULL, mg_wiphy_band_get_he_nss(w, band));
	mg_out_int(o, "eht_max_mcs", NULL, mg_wiphy_band_get_eht_max_mcs(w, band));
	mg_out_int(o, "eht_max_nss", NULL, mg_wiphy_band_get_eht_nss(w, band));
	mg_out_bool(o, "eht_320mhz", NULL, mg_wiphy_band_get_eht_320(w, band));
}

/* "  5GHz    HT VHT HE EHT? ; up to 2 streams, MCS 11 (he), 160 MHz; channels 24 enabled, 4 disabled, 0 no-IR" */
static void band_out(struct mg_out *o, const struct mg_wiphy *w, int b)
{
	const char *band = mg_wifi_band_name(b), *why = mg_wiphy_band_get_eht_reason(w, band);
	int ht = mg_wiphy_band_supports(w, band, MG_WIFI_MODE_HT);
	int vht = mg_wiphy_band_supports(w, band, MG_WIFI_MODE_VHT);
	int he = mg_wiphy_band_supports(w, band, MG_WIFI_MODE_HE);
	int eht = mg_wiphy_band_supports(w, band, MG_WIFI_MODE_EHT);
	int nss = mg_wiphy_band_get_max_nss(w, band), mcs = mg_wiphy_band_get_max_mcs(w, band);
	int mode = mg_wiphy_band_get_max_mode(w, band), on = 0, off = 0, no_ir = 0;

	mg_wiphy_band_get_channels(w, band, &on, &off, &no_ir);
	mg_out_object(o, NULL);
	mg_out_str(o, "band", "  %-7s ", band);
	mg_out_bool(o, "ht", ht ? "HT " : NULL, ht);
	mg_out_bool(o, "vht", vht ? "VHT " : NULL, vht);
	mg_out_bool(o, "he", he ? "HE " : NULL, he);
	mg_out_bool(o, "eht", eht == 1 ? "EHT" : eht == 0 ? NULL : "EHT? ", eht);
	mg_out_text(o, "%s", !ht && !vht && !he && eht != 1 ? "legacy" : "");
	/* The text names the newest PHY after its MCS, JSON before the streams: two calls. */
	mg_out_str(o, "max_mode", NULL, mg_wifi_mode_name((enum mg_wifi_mode)mode));
	mg_out_int(o, "max_nss", nss == 1 ? "; up to %d stream" : "; up to %d streams", nss);
	mg_out_int(o, "max_mcs", mcs >= 0 ? ", MCS %d" : NULL, mcs);
	mg_out_str(o, NULL, mcs >= 0 ? " (%s)" : NULL, mg_wifi_mode_name((enum mg_wifi_mode)mode));
	mg_out_int(o, "max_width_mhz", ", %d MHz", mg_wiphy_band_get_max_width_mhz(w, band));
	band_phys(o, w, band);
	mg_out_int(o, "channels_enabled", "; channels %d enabled", on);
	mg_out_int(o, "channels_disabled", ", %d disabled", off);
	mg_out_int(o, "channels_no_ir", ", %d no-IR\n", no_ir);
	if (o->j) {
		channels(o->j, w, band, b);
		mg_out_object(o, "unknown");
		if (why)
			mg_out_str(o, "eht", NULL, why[0] ? why : "the kernel's release is not known");
		mg_out_object_end(o);
	}
	mg_out_object_end(o);
}

/* "iftypes": the names, or null when the kernel listed none; text: "  iftypes: managed, AP" only then. */
static void iftypes(struct mg_out *o, const struct mg_wiphy *w)
{
	const char *sep = "";

	if (mg_wiphy_supports_iftype(w, "managed") == MG_UNKNOWN) {
		mg_out_null(o, "iftypes");
		return;
	}
	if (o->j) {
		mg_json_key(o->j, "iftypes");
		mg_json_array(o->j);
	}
	mg_out_text(o, "  iftypes: ");
	for (int t = 0; t < 32; t++) {
		const char *name = mg_wifi_iftype_name(t);

		if (!name || mg_wiphy_supports_iftype(w, name) != 1)
			continue;
		if (o->j)
			mg_json_str(o->j, name);
		mg_out_text(o, "%s%s", sep, name);
		sep = ", ";
	}
	if (o->j)
		mg_json_array_end(o->j);
	mg_out_text(o, "\n");
}

/* "six_ghz": whether a station may use 6 GHz here, and why not; JSON only. */
static void six_ghz(struct mg_out *o, const struct mg_wiphy *w, const char *country)
{
	const char *band = mg_wifi_band_name(MG_WIFI_BAND_6GHZ), *why = NULL;
	bool world = country && !strcmp(country, "00");
	int on, no_ir;

	if (mg_wiphy_band_get_channels(w, band, &on, NULL, &no_ir) < 0) {
		mg_out_null(o, "six_ghz");
		return;
	}
	if (on == 0)
		why = world || !country ? "every 6 GHz channel is disabled: the regulatory domain is unset (00)"
					: "every 6 GHz channel is disabled in this regulatory domain";
	else if (on == no_ir)
		why = "every enabled 6 GHz channel is no-IR: a station may only answer an AP it hears";
	mg_out_object(o, "six_ghz");
	mg_out_bool(o, "usable", NULL, on > 0);
	mg_out_bool(o, "can_initiate", NULL, on > no_ir);
	mg_out_int(o, "channels_enabled", NULL, on);
	mg_out_int(o, "channels_no_ir", NULL, no_ir);
	mg_out_str(o, "reason", NULL, why);
	mg_out_object_end(o);
}

/* "  MLO: yes; antennas tx 0x3 rx 0x3; regulatory domain DE" */
static void radio(struct mg_out *o, const struct mg_wiphy *w)
{
	int mlo = mg_wiphy_get_mlo(w), tx = mg_wiphy_get_antenna_tx(w);
	const char *country = mg_wiphy_get_country(w);

	mg_out_bool(o, "mlo", mlo == 1 ? "  MLO: yes" : mlo == 0 ? "  MLO: no" : "  MLO: unknown", mlo);
	mg_out_object(o, "antennas");
	mg_out_text(o, "; antennas");
	mg_out_hex(o, "available_tx", tx != MG_UNKNOWN ? " tx 0x%x" : " unknown", tx, 0);
	mg_out_hex(o, "available_rx", tx != MG_UNKNOWN ? " rx 0x%x" : NULL, mg_wiphy_get_antenna_rx(w), 0);
	mg_out_object_end(o);
	mg_out_object(o, "regulatory");
	mg_out_str(o, "country", "; regulatory domain %s\n", country);
	mg_out_bool(o, "world", NULL, country ? !strcmp(country, "00") : MG_UNKNOWN);
	six_ghz(o, w, country);
	mg_out_object_end(o);
}

static void wiphy_out(struct mg_out *o, const struct mg_wiphy *w)
{
	mg_out_object(o, NULL);
	mg_out_str(o, "phy", "%s", mg_wiphy_get_name(w));
	mg_out_int(o, "index", NULL, mg_wiphy_get_index(w));
	if (o->j)
		interfaces_json(o->j, w);
	mg_out_str(o, "bus", ": bus %s", mg_bus_name(mg_wiphy_get_bus(w)));
	mg_out_str(o, "address", ", address %s", mg_wiphy_get_address(w));
	mg_out_str(o, "device_path", NULL, mg_wiphy_get_device_path(w));
	mg_out_str(o, "driver", ", driver %s", mg_wiphy_get_driver(w));
	mg_out_str(o, "firmware_version", ", firmware %s", mg_wiphy_get_firmware_version(w));
	if (o->t)
		interfaces_text(o, w);
	if (o->j) {
		mg_json_key(o->j, "bands");
		mg_json_array(o->j);
	}
	for (int b = 0; b < MG_WIFI_BANDS; b++)
		if (mg_wiphy_band_get_channels(w, mg_wifi_band_name(b), NULL, NULL, NULL) == 0)
			band_out(o, w, b);
	if (o->j)
		mg_json_array_end(o->j);
	iftypes(o, w);
	radio(o, w);
	mg_out_object(o, "unknown");
	if (mg_wiphy_get_mlo(w) == MG_UNKNOWN)
		mg_out_str(o, "mlo", NULL, mg_wiphy_get_mlo_reason(w));
	if (!mg_wiphy_get_country(w))
		mg_out_str(o, "regulatory", NULL, "the kernel did not answer NL80211_CMD_GET_REG");
	mg_out_object_end(o);
	mg_out_object_end(o);
	/* Text: each station's link after the card's paragraph; JSON has it in its interface. */
	for (size_t i = 0; o->t && i < mg_wiphy_get_interface_count(w); i++)
		if (mg_wifi_iftype_is_station(mg_wiphy_iface_get_iftype(w, mg_wiphy_get_interface(w, i))))
			mg_out_wifi_link(o, w, mg_wiphy_get_interface(w, i));
}

void mg_json_wiphy_list(struct mg_json *j, const struct mg_wiphy_list *l)
{
	struct mg_out o = { .j = j };

	mg_json_array(j);
	for (size_t i = 0; i < mg_wiphy_list_count(l); i++)
		wiphy_out(&o, mg_wiphy_list_get(l, i));
	mg_json_array_end(j);
}

MG_JSON_EXPORT(mg_wiphy_list_to_json, mg_wiphy_list, mg_json_wiphy_list)

MG_EXPORT int mg_wiphy_list_to_text(const struct mg_wiphy_list *list, char **text)
{
	struct mg_strbuf t = { 0 };
	struct mg_out o = { .t = &t };
	const char *why = mg_wiphy_list_get_unknown_reason(list);

	if (!list || !text)
		return -EINVAL;
	if (!mg_wiphy_list_count(list))
		mg_strbuf_printf(&t, "no Wi-Fi cards%s%s\n", why ? ": " : "", why ? why : "");
	for (size_t i = 0; i < mg_wiphy_list_count(list); i++)
		wiphy_out(&o, mg_wiphy_list_get(list, i));
	*text = mg_strbuf_take(&t);
	return *text ? 0 : -ENOMEM;
}
