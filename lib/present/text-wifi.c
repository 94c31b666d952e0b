/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The text of wifi: each wiphy, its bands, interfaces and links. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/nl80211.h>

#include "present/present.h"

static const char *or_dash(const char *s)
{
	return s && s[0] ? s : "-";
}

/* A string from the kernel (a name, a driver, an SSID) as text shows it: the CLI prints this text as it is. */
static void show(struct mg_strbuf *t, const char *s)
{
	mg_strbuf_show(t, or_dash(s), 0);
}

static void band_text(struct mg_strbuf *t, const struct mg_wifi_band *b, int band)
{
	struct mg_wifi_band_caps c;

	mg_wifi_band_caps(b, band, &c);
	mg_strbuf_printf(t, "  %-7s %s%s%s%s%s; up to %d stream%s", mg_wifi_band_name(band), b->ht ? "HT " : "",
		       b->vht ? "VHT " : "", b->he ? "HE " : "", b->eht ? "EHT" : b->eht_known ? "" : "EHT? ",
		       !b->ht && !b->vht && !b->he && !b->eht ? "legacy" : "", c.max_nss, c.max_nss == 1 ? "" : "s");
	if (c.max_mcs >= 0)
		mg_strbuf_printf(t, ", MCS %d (%s)", c.max_mcs, mg_wifi_mode_name((enum mg_wifi_mode)c.max_mode));
	mg_strbuf_printf(t, ", %d MHz; channels %d enabled, %d disabled, %d no-IR\n", c.max_width_mhz, c.enabled,
		       c.disabled, c.no_ir);
}

static void wiphy_text(struct mg_strbuf *t, const struct mg_wiphy *w)
{
	struct mg_out o = { .t = t };

	show(t, w->name);
	mg_strbuf_printf(t, ": bus %s, address ", mg_bus_name(w->bus));
	show(t, w->address);
	mg_strbuf_put(t, ", driver ");
	show(t, w->driver);
	mg_strbuf_put(t, ", firmware ");
	show(t, w->firmware);
	mg_strbuf_put(t, "\n  interfaces:");
	for (size_t i = 0; i < w->nifaces; i++) {
		mg_strbuf_put(t, " ");
		show(t, w->ifaces[i].name);
		mg_strbuf_printf(t, " (%s)", or_dash(mg_wifi_iftype_name(w->ifaces[i].iftype)));
	}
	mg_strbuf_put(t, w->nifaces ? "\n" : " none\n");
	for (int b = 0; b < MG_WIFI_BANDS; b++)
		if (w->bands[b].present)
			band_text(t, &w->bands[b], b);
	if (w->have_iftypes) {
		const char *sep = "";

		mg_strbuf_put(t, "  iftypes: ");
		for (int i = 0; i < 32; i++)
			if ((w->iftypes >> i & 1) && mg_wifi_iftype_name(i)) {
				mg_strbuf_printf(t, "%s%s", sep, mg_wifi_iftype_name(i));
				sep = ", ";
			}
		mg_strbuf_put(t, "\n");
	}
	mg_strbuf_printf(t, "  MLO: %s; antennas", w->mlo == 1 ? "yes" : w->mlo == 0 ? "no" : "unknown");
	if (w->ant_tx != MG_UNKNOWN)
		mg_strbuf_printf(t, " tx 0x%x rx 0x%x", (unsigned int)w->ant_tx, (unsigned int)w->ant_rx);
	else
		mg_strbuf_put(t, " unknown");
	mg_strbuf_put(t, "; regulatory domain ");
	show(t, w->country);
	mg_strbuf_put(t, "\n");
	for (size_t i = 0; i < w->nifaces; i++)
		if (w->ifaces[i].iftype == NL80211_IFTYPE_STATION || w->ifaces[i].iftype == NL80211_IFTYPE_P2P_CLIENT)
			mg_out_wifi_link(&o, w, mg_wiphy_get_interface(w, i));
}

MG_EXPORT int mg_wiphy_list_to_text(const struct mg_wiphy_list *list, char **text)
{
	struct mg_strbuf t = { 0 };

	if (!list || !text)
		return -EINVAL;
	if (!list->count)
		mg_strbuf_printf(&t, "no Wi-Fi cards%s%s\n", list->unknown_reason ? ": " : "",
			       list->unknown_reason ? list->unknown_reason : "");
	for (size_t i = 0; i < list->count; i++)
		wiphy_text(&t, list->items[i]);
	*text = mg_strbuf_take(&t);
	return *text ? 0 : -ENOMEM;
}
