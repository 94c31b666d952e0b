/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* JSON of Wi-Fi: the rate model's answer and the wiphys nl80211 described. */
#include <stdio.h>
#include <string.h>

#include <linux/nl80211.h>

#include "present/present.h"

static void coding_rate(struct mg_json *j, const struct mg_wifi_phy *p)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "%d/%d", p->rate_num, p->rate_den);
	mg_json_str(j, buf);
}

void mg_json_wifi_rate(struct mg_json *j, const struct mg_wifi_rate *r)
{
	const struct mg_wifi_phy *p = mg_wifi_rate_phy(r);

	mg_json_object(j);
	mg_json_key(j, "mode");
	mg_json_str(j, mg_wifi_mode_name((enum mg_wifi_mode)mg_wifi_rate_get_mode(r)));
	mg_json_key(j, "mcs");
	mg_json_int(j, mg_wifi_rate_get_mcs(r));
	mg_json_key(j, "nss");
	mg_json_int(j, mg_wifi_rate_get_nss(r));
	mg_json_key(j, "width_mhz");
	mg_json_int(j, mg_wifi_rate_get_width_mhz(r));
	mg_json_key(j, "gi_us");
	mg_json_fixed(j, mg_wifi_rate_get_gi_ns(r) / 1000.0, 1);
	mg_json_key(j, "data_subcarriers");
	mg_json_int(j, p->subcarriers);
	mg_json_key(j, "bits_per_subcarrier");
	mg_json_int(j, p->bits);
	mg_json_key(j, "coding_rate");
	coding_rate(j, p);
	mg_json_key(j, "symbol_us");
	mg_json_fixed(j, p->symbol_ns / 1000.0, 1);
	mg_json_key(j, "phy_rate_mbps");
	mg_json_fixed(j, mg_wifi_rate_get_phy_mbps(r), 1);
	mg_json_key(j, "tcp_goodput_mbps");
	mg_json_fixed(j, mg_wifi_rate_get_tcp_goodput_mbps(r), 1);
	mg_json_key(j, "efficiency_pct");
	mg_json_int(j, mg_wifi_rate_get_efficiency_pct(r));
	mg_json_key(j, "efficiency_source");
	mg_json_str(j, mg_wifi_rate_get_efficiency_source(r));
	mg_json_object_end(j);
}

MG_JSON_EXPORT(mg_wifi_rate_to_json, mg_wifi_rate, mg_json_wifi_rate)

/* ---- wiphys ---- */

static void str_or_null(struct mg_json *j, const char *s)
{
	if (s && s[0])
		mg_json_str(j, s);
	else
		mg_json_null(j);
}

static void mode_or_null(struct mg_json *j, int mode)
{
	str_or_null(j, mode >= 0 ? mg_wifi_mode_name((enum mg_wifi_mode)mode) : NULL);
}

static void channels(struct mg_json *j, const struct mg_wifi_band *b, int band)
{
	mg_json_array(j);
	for (size_t i = 0; i < b->nchans; i++) {
		const struct mg_wifi_chan *c = &b->chans[i];

		mg_json_object(j);
		mg_json_key(j, "freq_mhz");
		mg_json_int(j, c->freq_mhz);
		mg_json_key(j, "freq_offset_khz");
		mg_json_int(j, c->offset_khz);
		mg_json_key(j, "channel");
		mg_json_int_or_null(j, mg_wifi_channel_number(band, c->freq_mhz));
		mg_json_key(j, "disabled");
		mg_json_bool(j, c->disabled);
		mg_json_key(j, "no_ir");
		mg_json_bool(j, c->no_ir);
		mg_json_key(j, "radar");
		mg_json_bool(j, c->radar);
		mg_json_object_end(j);
	}
	mg_json_array_end(j);
}

static void band_json(struct mg_json *j, const struct mg_wifi_band *b, int band)
{
	struct mg_wifi_band_caps c;

	mg_wifi_band_caps(b, band, &c);
	mg_json_object(j);
	mg_json_key(j, "band");
	mg_json_str(j, mg_wifi_band_name(band));
	mg_json_key(j, "ht");
	mg_json_bool(j, b->ht);
	mg_json_key(j, "vht");
	mg_json_bool(j, b->vht);
	mg_json_key(j, "he");
	mg_json_bool(j, b->he);
	mg_json_key(j, "eht");
	mg_json_bool_or_null(j, b->eht ? 1 : b->eht_known ? 0 : MG_UNKNOWN);
	mg_json_key(j, "max_mode");
	mode_or_null(j, c.max_mode);
	mg_json_key(j, "max_nss");
	mg_json_int_or_null(j, c.max_nss);
	mg_json_key(j, "max_mcs");
	mg_json_int_or_null(j, c.max_mcs);
	mg_json_key(j, "max_width_mhz");
	mg_json_int_or_null(j, c.max_width_mhz);
	mg_json_key(j, "ht_max_mcs_index");
	mg_json_int_or_null(j, c.ht_max_index);
	mg_json_key(j, "ht_max_nss");
	mg_json_int_or_null(j, c.ht_nss);
	mg_json_key(j, "vht_max_mcs");
	mg_json_int_or_null(j, c.vht_max_mcs);
	mg_json_key(j, "vht_max_nss");
	mg_json_int_or_null(j, c.vht_nss);
	mg_json_key(j, "he_max_mcs");
	mg_json_int_or_null(j, c.he_max_mcs);
	mg_json_key(j, "he_max_nss");
	mg_json_int_or_null(j, c.he_nss);
	mg_json_key(j, "eht_max_mcs");
	mg_json_int_or_null(j, c.eht_max_mcs);
	mg_json_key(j, "eht_max_nss");
	mg_json_int_or_null(j, c.eht_nss);
	mg_json_key(j, "eht_320mhz");
	mg_json_bool(j, c.eht_320);
	mg_json_key(j, "channels_enabled");
	mg_json_int(j, c.enabled);
	mg_json_key(j, "channels_disabled");
	mg_json_int(j, c.disabled);
	mg_json_key(j, "channels_no_ir");
	mg_json_int(j, c.no_ir);
	mg_json_key(j, "channels");
	channels(j, b, band);
	mg_json_key(j, "unknown");
	mg_json_object(j);
	if (!b->eht && !b->eht_known) {
		mg_json_key(j, "eht");
		mg_json_str(j, b->eht_reason[0] ? b->eht_reason : "the kernel's release is not known");
	}
	mg_json_object_end(j);
	mg_json_object_end(j);
}

static void chandef(struct mg_json *j, const struct mg_wifi_chandef *c)
{
	mg_json_key(j, "frequency_mhz");
	mg_json_int_or_null(j, c->freq_mhz);
	mg_json_key(j, "width_mhz");
	mg_json_int_or_null(j, c->width_mhz);
	mg_json_key(j, "center1_mhz");
	mg_json_int_or_null(j, c->center1_mhz);
	mg_json_key(j, "center2_mhz");
	mg_json_int_or_null(j, c->center2_mhz);
}

static void ssid_json(struct mg_json *j, const struct mg_wifi_iface *f)
{
	char buf[sizeof(f->ssid)];

	if (!f->have_ssid) {
		mg_json_null(j);
		return;
	}
	memcpy(buf, f->ssid, f->ssid_len);
	buf[f->ssid_len] = '\0';
	/* An SSID is up to 32 bytes of anything; the writer escapes what is not UTF-8 text. */
	mg_json_str(j, buf);
}

static void iface_json(struct mg_json *j, const struct mg_wiphy *w, const struct mg_wifi_iface *f)
{
	struct mg_out o = { .j = j };

	mg_json_object(j);
	mg_json_key(j, "name");
	mg_json_str(j, f->name);
	mg_json_key(j, "ifindex");
	mg_json_int(j, f->ifindex);
	mg_json_key(j, "iftype");
	str_or_null(j, mg_wifi_iftype_name(f->iftype));
	mg_json_key(j, "mac");
	str_or_null(j, f->mac);
	chandef(j, &f->chan);
	mg_json_key(j, "ssid");
	ssid_json(j, f);
	mg_json_key(j, "mlo_links");
	mg_json_array(j);
	for (size_t i = 0; i < f->nlinks; i++) {
		mg_json_object(j);
		mg_json_key(j, "id");
		mg_json_int_or_null(j, f->links[i].id);
		mg_json_key(j, "mac");
		str_or_null(j, f->links[i].mac);
		chandef(j, &f->links[i].chan);
		mg_json_object_end(j);
	}
	mg_json_array_end(j);
	mg_json_key(j, "stations");
	mg_json_int_or_null(j, f->stations_known ? f->stations : MG_UNKNOWN);
	if (f->iftype == NL80211_IFTYPE_STATION || f->iftype == NL80211_IFTYPE_P2P_CLIENT) {
		mg_out_wifi_link(&o, w, f->name);
	}
	mg_json_object_end(j);
}

static void regulatory(struct mg_json *j, const struct mg_wiphy *w)
{
	const struct mg_wifi_band *six = &w->bands[MG_WIFI_BAND_6GHZ];
	struct mg_wifi_band_caps c;
	bool world = !strcmp(w->country, "00");

	mg_json_object(j);
	mg_json_key(j, "country");
	str_or_null(j, w->country);
	mg_json_key(j, "world");
	mg_json_bool_or_null(j, w->country[0] ? world : MG_UNKNOWN);
	mg_json_key(j, "six_ghz");
	if (!six->present) {
		mg_json_null(j);
	} else {
		mg_wifi_band_caps(six, MG_WIFI_BAND_6GHZ, &c);
		mg_json_object(j);
		mg_json_key(j, "usable");
		mg_json_bool(j, c.enabled > 0);
		mg_json_key(j, "can_initiate");
		mg_json_bool(j, c.enabled > c.no_ir);
		mg_json_key(j, "channels_enabled");
		mg_json_int(j, c.enabled);
		mg_json_key(j, "channels_no_ir");
		mg_json_int(j, c.no_ir);
		mg_json_key(j, "reason");
		if (c.enabled == 0)
			mg_json_str(j, world || !w->country[0]
					       ? "every 6 GHz channel is disabled: the regulatory domain is unset (00)"
					       : "every 6 GHz channel is disabled in this regulatory domain");
		else if (c.enabled == c.no_ir)
			mg_json_str(j, "every enabled 6 GHz channel is no-IR: a station may only answer an AP it hears");
		else
			mg_json_null(j);
		mg_json_object_end(j);
	}
	mg_json_object_end(j);
}

static void wiphy_json(struct mg_json *j, const struct mg_wiphy *w)
{
	mg_json_object(j);
	mg_json_key(j, "phy");
	str_or_null(j, w->name);
	mg_json_key(j, "index");
	mg_json_int(j, w->index);
	mg_json_key(j, "interfaces");
	mg_json_array(j);
	for (size_t i = 0; i < w->nifaces; i++)
		iface_json(j, w, &w->ifaces[i]);
	mg_json_array_end(j);
	mg_json_key(j, "bus");
	mg_json_str(j, mg_bus_name(w->bus));
	mg_json_key(j, "address");
	str_or_null(j, w->address);
	mg_json_key(j, "device_path");
	str_or_null(j, w->devpath);
	mg_json_key(j, "driver");
	str_or_null(j, w->driver);
	mg_json_key(j, "firmware_version");
	str_or_null(j, w->firmware);
	mg_json_key(j, "bands");
	mg_json_array(j);
	for (int b = 0; b < MG_WIFI_BANDS; b++)
		if (w->bands[b].present)
			band_json(j, &w->bands[b], b);
	mg_json_array_end(j);
	mg_json_key(j, "iftypes");
	if (w->have_iftypes) {
		mg_json_array(j);
		for (int t = 0; t < 32; t++)
			if ((w->iftypes >> t & 1) && mg_wifi_iftype_name(t))
				mg_json_str(j, mg_wifi_iftype_name(t));
		mg_json_array_end(j);
	} else {
		mg_json_null(j);
	}
	mg_json_key(j, "mlo");
	mg_json_bool_or_null(j, w->mlo);
	mg_json_key(j, "antennas");
	mg_json_object(j);
	mg_json_key(j, "available_tx");
	mg_json_hex(j, w->ant_tx, 0);
	mg_json_key(j, "available_rx");
	mg_json_hex(j, w->ant_rx, 0);
	mg_json_object_end(j);
	mg_json_key(j, "regulatory");
	regulatory(j, w);
	mg_json_key(j, "unknown");
	mg_json_object(j);
	if (w->mlo == MG_UNKNOWN) {
		mg_json_key(j, "mlo");
		mg_json_str(j, w->mlo_reason);
	}
	if (!w->country[0]) {
		mg_json_key(j, "regulatory");
		mg_json_str(j, "the kernel did not answer NL80211_CMD_GET_REG");
	}
	mg_json_object_end(j);
	mg_json_object_end(j);
}

void mg_json_wiphy_list(struct mg_json *j, const struct mg_wiphy_list *l)
{
	mg_json_array(j);
	for (size_t i = 0; i < l->count; i++)
		wiphy_json(j, l->items[i]);
	mg_json_array_end(j);
}

MG_JSON_EXPORT(mg_wiphy_list_to_json, mg_wiphy_list, mg_json_wiphy_list)
