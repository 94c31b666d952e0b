/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A band's capabilities decoded from the bytes nl80211 sends: HT, VHT, HE
 * and EHT MCS maps to streams and the highest MCS, the capability bits to
 * the widest channel. Pure, so built messages test it.
 */
#include "decide/decide.h"

/* 2 bits a stream: 0 MCS 0-7, 1 MCS 0-8 (VHT) or 0-9 (HE), 2 MCS 0-9 (VHT) or 0-11 (HE), 3 none. */
static int map_max(const uint8_t *map, int *max_code)
{
	unsigned int m = map[0] | (unsigned int)map[1] << 8;
	int nss = 0;

	*max_code = -1;
	for (int i = 0; i < 8; i++) {
		int code = (m >> (2 * i)) & 3;

		if (code == 3)
			continue;
		nss = i + 1;
		if (code > *max_code)
			*max_code = code;
	}
	return nss;
}

int mg_wifi_he_map_nss(const uint8_t *map)
{
	int code;

	return map_max(map, &code);
}

/* One EHT MCS/NSS byte: receive streams in its low nibble. */
static int eht_rx(uint8_t b)
{
	return b & 0x0f;
}

static void eht_caps(const struct mg_wifi_band *b, int band, struct mg_wifi_band_caps *c)
{
	/* Byte 0 bit 1 of the EHT PHY capabilities: 320 MHz in 6 GHz. */
	c->eht_320 = band == MG_WIFI_BAND_6GHZ && (b->eht_phy[0] & 0x02);
	c->eht_nss = 0;
	c->eht_max_mcs = MG_UNKNOWN;
	if (b->eht_mcs_len == 4) {
		/* A 20 MHz-only station: MCS 0-7, 8-9, 10-11, 12-13. */
		static const int top[4] = { 7, 9, 11, 13 };

		for (int i = 0; i < 4; i++)
			if (eht_rx(b->eht_mcs[i])) {
				c->eht_max_mcs = top[i];
				if (eht_rx(b->eht_mcs[i]) > c->eht_nss)
					c->eht_nss = eht_rx(b->eht_mcs[i]);
			}
		return;
	}
	/* Three bytes per width (up to 80, 160, 320 MHz): MCS 0-9, 10-11, 12-13. */
	for (size_t g = 0; g + 3 <= b->eht_mcs_len; g += 3) {
		static const int top[3] = { 9, 11, 13 };

		if (g == 6 && !c->eht_320)
			break;
		for (int i = 0; i < 3; i++)
			if (eht_rx(b->eht_mcs[g + i])) {
				if (c->eht_max_mcs < top[i])
					c->eht_max_mcs = top[i];
				if (eht_rx(b->eht_mcs[g + i]) > c->eht_nss)
					c->eht_nss = eht_rx(b->eht_mcs[g + i]);
			}
	}
}

static int widest(const struct mg_wifi_band *b, int band, const struct mg_wifi_band_caps *c)
{
	int w = 20;

	if (band == MG_WIFI_BAND_2GHZ) {
		/* HT 20/40 capability; HE PHY byte 0 bit 1: 40 MHz in 2.4 GHz. */
		if ((b->ht && (b->ht_capa & 0x0002)) || (b->he && (b->he_phy[0] & 0x02)))
			w = 40;
		return w;
	}
	if (b->ht && (b->ht_capa & 0x0002))
		w = 40;
	if (b->vht)
		w = 80;
	/* VHT supported channel width set: 1 for 160, 2 for 160 and 80+80. */
	if (b->vht && ((b->vht_capa >> 2) & 3))
		w = 160;
	/* HE PHY byte 0: bit 2 40/80 MHz, bit 3 160, bit 4 80+80 (5 and 6 GHz). */
	if (b->he && (b->he_phy[0] & 0x04) && w < 80)
		w = 80;
	if (b->he && (b->he_phy[0] & 0x18))
		w = 160;
	if (c->eht_320)
		w = 320;
	return w;
}

void mg_wifi_band_caps(const struct mg_wifi_band *b, int band, struct mg_wifi_band_caps *c)
{
	int code;

	*c = (struct mg_wifi_band_caps){ .max_mode = MG_WIFI_MODE_LEGACY, .max_nss = 1, .max_mcs = MG_UNKNOWN,
					 .ht_nss = MG_UNKNOWN, .ht_max_index = MG_UNKNOWN, .vht_nss = MG_UNKNOWN,
					 .vht_max_mcs = MG_UNKNOWN, .he_nss = MG_UNKNOWN, .he_max_mcs = MG_UNKNOWN,
					 .eht_nss = MG_UNKNOWN, .eht_max_mcs = MG_UNKNOWN };
	if (b->ht) {
		/* The receive MCS bitmask: a byte per stream for MCS 0-31. */
		c->ht_nss = 0;
		for (int i = 0; i < 4; i++)
			if (b->ht_mcs[i]) {
				c->ht_nss = i + 1;
				for (int bit = 7; bit >= 0; bit--)
					if (b->ht_mcs[i] >> bit & 1) {
						c->ht_max_index = 8 * i + bit;
						break;
					}
			}
		c->max_mode = MG_WIFI_MODE_HT;
		c->max_nss = c->ht_nss;
		c->max_mcs = c->ht_max_index >= 0 ? c->ht_max_index % 8 : MG_UNKNOWN;
	}
	if (b->vht) {
		static const int top[3] = { 7, 8, 9 };

		c->vht_nss = map_max(b->vht_mcs, &code);
		c->vht_max_mcs = code >= 0 ? top[code] : MG_UNKNOWN;
		c->max_mode = MG_WIFI_MODE_VHT;
		c->max_nss = c->vht_nss;
		c->max_mcs = c->vht_max_mcs;
	}
	if (b->he && b->he_mcs_len >= 2) {
		static const int top[3] = { 7, 9, 11 };

		c->he_nss = map_max(b->he_mcs, &code);
		c->he_max_mcs = code >= 0 ? top[code] : MG_UNKNOWN;
		c->max_mode = MG_WIFI_MODE_HE;
		c->max_nss = c->he_nss;
		c->max_mcs = c->he_max_mcs;
	}
	if (b->eht) {
		eht_caps(b, band, c);
		c->max_mode = MG_WIFI_MODE_EHT;
		if (c->eht_nss > 0)
			c->max_nss = c->eht_nss;
		if (c->eht_max_mcs >= 0)
			c->max_mcs = c->eht_max_mcs;
	}
	c->max_width_mhz = widest(b, band, c);
	for (size_t i = 0; i < b->nchans; i++) {
		if (b->chans[i].disabled)
			c->disabled++;
		else
			c->enabled++;
		if (!b->chans[i].disabled && b->chans[i].no_ir)
			c->no_ir++;
	}
}

int mg_wifi_channel_number(int band, int freq_mhz)
{
	if (band == MG_WIFI_BAND_2GHZ)
		return freq_mhz == 2484 ? 14 : freq_mhz >= 2412 && freq_mhz <= 2472 ? (freq_mhz - 2407) / 5 : MG_UNKNOWN;
	if (band == MG_WIFI_BAND_5GHZ)
		return freq_mhz >= 4910 && freq_mhz <= 4980 ? (freq_mhz - 4000) / 5
		       : freq_mhz >= 5000 && freq_mhz <= 5925 ? (freq_mhz - 5000) / 5 : MG_UNKNOWN;
	if (band == MG_WIFI_BAND_6GHZ)
		return freq_mhz == 5935 ? 2 : freq_mhz >= 5950 && freq_mhz <= 7115 ? (freq_mhz - 5950) / 5 : MG_UNKNOWN;
	return MG_UNKNOWN;
}
