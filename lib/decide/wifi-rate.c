/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The Wi-Fi rate model: the PHY rate of a mode, MCS, streams, width and
 * guard interval, from the numbers of the standards (data subcarriers,
 * bits per subcarrier, coding rate, symbol time). Pure, so the CLI's
 * estimate, the station link's own rate and the tests share one answer.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "decide/decide.h"

/*
 * One client's TCP over a clean, aggregated link, as measured: 943 Mbit/s
 * at a VHT 160 MHz 2-stream link rate of 1560..1733 Mbit/s is 54..60 %.
 */
#define EFFICIENCY_PCT 55
static const char efficiency_source[] =
	"assumed: 55 % of the PHY rate reaches TCP for one client on a clean channel with A-MPDU aggregation; "
	"SmallNetBuilder measured 943 Mbit/s TCP at a VHT 160 MHz 2-stream link rate of 1560-1733 Mbit/s "
	"(160 MHz Wi-Fi Channels retest, 54-60 %); a BE200 on a CPU-bound board reached 44 % at EHT 320 MHz";

struct mg_wifi_rate {
	enum mg_wifi_mode mode;
	int mcs, nss, width_mhz, gi_ns;
	struct mg_wifi_phy phy;
	double mbps;
};

/* Bits per subcarrier and coding rate of MCS 0..13 (HT: the index modulo 8). */
static const struct { int bits, num, den; } mcs_table[14] = {
	{ 1, 1, 2 }, { 2, 1, 2 }, { 2, 3, 4 }, { 4, 1, 2 }, { 4, 3, 4 }, { 6, 2, 3 }, { 6, 3, 4 },
	{ 6, 5, 6 }, { 8, 3, 4 }, { 8, 5, 6 }, { 10, 3, 4 }, { 10, 5, 6 }, { 12, 3, 4 }, { 12, 5, 6 },
};

/* 802.11a/g OFDM: 6, 9, 12, 18, 24, 36, 48, 54 Mbit/s. */
static const struct { int bits, num, den; } legacy_table[8] = {
	{ 1, 1, 2 }, { 1, 3, 4 }, { 2, 1, 2 }, { 2, 3, 4 }, { 4, 1, 2 }, { 4, 3, 4 }, { 6, 2, 3 }, { 6, 3, 4 },
};

static const char *const mode_names[] = { "legacy", "ht", "vht", "he", "eht" };
static const char *const mode_labels[] = { "legacy", "HT", "VHT", "HE", "EHT" };

MG_EXPORT const char *mg_wifi_mode_name(enum mg_wifi_mode mode)
{
	return (unsigned int)mode < 5 ? mode_names[mode] : NULL;
}

MG_EXPORT int mg_wifi_mode_from_name(const char *name, enum mg_wifi_mode *mode)
{
	if (!name || !mode)
		return -EINVAL;
	for (int i = 0; i < 5; i++)
		if (!strcasecmp(name, mode_names[i])) {
			*mode = (enum mg_wifi_mode)i;
			return 0;
		}
	return -EINVAL;
}

static MG_PRINTF(3, 4) int refuse(char *why, size_t size, const char *fmt, ...)
{
	va_list ap;

	if (why && size) {
		va_start(ap, fmt);
		vsnprintf(why, size, fmt, ap);
		va_end(ap);
	}
	return -EINVAL;
}

static int subcarriers(enum mg_wifi_mode mode, int width)
{
	static const int ht[] = { 52, 108, 234, 468, 0 }, he[] = { 234, 468, 980, 1960, 3920 };
	int i = width == 20 ? 0 : width == 40 ? 1 : width == 80 ? 2 : width == 160 ? 3 : width == 320 ? 4 : -1;

	if (i < 0)
		return 0;
	if (mode == MG_WIFI_MODE_LEGACY)
		return i == 0 ? 48 : 0;
	if (mode == MG_WIFI_MODE_HT)
		return i <= 1 ? ht[i] : 0;
	if (mode == MG_WIFI_MODE_VHT)
		return ht[i];
	if (mode == MG_WIFI_MODE_HE)
		return i <= 3 ? he[i] : 0;
	return he[i];
}

/* 802.11ac defines no rate where the bits per symbol do not split evenly over the encoders. */
static bool vht_undefined(int mcs, int nss, int width)
{
	if (width == 20)
		return mcs == 9 && nss != 3 && nss != 6;
	if (width == 80)
		return (mcs == 6 && (nss == 3 || nss == 7)) || (mcs == 9 && nss == 6);
	if (width == 160)
		return mcs == 9 && nss == 3;
	return false;
}

static int check_gi(enum mg_wifi_mode mode, int gi_ns, char *why, size_t size)
{
	if (mode == MG_WIFI_MODE_LEGACY)
		return gi_ns == 800 ? 0 : refuse(why, size, "legacy OFDM has one guard interval, 0.8 us");
	if (mode == MG_WIFI_MODE_HT || mode == MG_WIFI_MODE_VHT)
		return gi_ns == 800 || gi_ns == 400 ? 0
			: refuse(why, size, "%s guard interval must be 0.8 or 0.4 us", mode_labels[mode]);
	return gi_ns == 800 || gi_ns == 1600 || gi_ns == 3200 ? 0
		: refuse(why, size, "%s guard interval must be 0.8, 1.6 or 3.2 us", mode_labels[mode]);
}

/* The streams and MCS of a combination, checked. */
static int resolve(enum mg_wifi_mode mode, int mcs, int *nss, char *why, size_t size)
{
	static const int max_mcs[] = { 7, 31, 9, 11, 13 };

	if (mcs < 0 || mcs > max_mcs[mode])
		return refuse(why, size, "%s MCS must be 0 to %d, not %d", mode_labels[mode], max_mcs[mode], mcs);
	if (mode == MG_WIFI_MODE_LEGACY) {
		if (*nss != MG_UNKNOWN && *nss != 1)
			return refuse(why, size, "legacy OFDM has one spatial stream, not %d", *nss);
		*nss = 1;
		return 0;
	}
	if (mode == MG_WIFI_MODE_HT) {
		int in_index = mcs / 8 + 1;

		if (*nss != MG_UNKNOWN && (*nss < 1 || *nss > 4))
			return refuse(why, size, "HT has 1 to 4 spatial streams, not %d", *nss);
		if (mcs >= 8 && *nss != MG_UNKNOWN && *nss != in_index)
			return refuse(why, size,
				      "HT MCS %d already names %d spatial streams (MCS = 8 x (streams - 1) + 0..7), "
				      "not %d: leave the streams out or give MCS %d", mcs, in_index, *nss,
				      mcs % 8 + 8 * (*nss - 1));
		if (*nss == MG_UNKNOWN)
			*nss = in_index;
		return 0;
	}
	if (*nss == MG_UNKNOWN)
		return refuse(why, size, "%s needs the number of spatial streams", mode_labels[mode]);
	if (*nss < 1 || *nss > 8)
		return refuse(why, size, "%s has 1 to 8 spatial streams, not %d", mode_labels[mode], *nss);
	return 0;
}

int mg_wifi_phy_resolve(enum mg_wifi_mode mode, int mcs, int nss, int width_mhz, int gi_ns,
			struct mg_wifi_phy *phy, char *why, size_t size)
{
	static const int widest[] = { 20, 40, 160, 160, 320 };
	int err, m;

	if ((unsigned int)mode > MG_WIFI_MODE_EHT)
		return refuse(why, size, "unknown Wi-Fi mode %d", (int)mode);
	if ((err = resolve(mode, mcs, &nss, why, size)) < 0)
		return err;
	if (!subcarriers(mode, width_mhz))
		return width_mhz == 20 || width_mhz == 40 || width_mhz == 80 || width_mhz == 160 || width_mhz == 320
			? refuse(why, size, "%s channels are at most %d MHz wide, not %d", mode_labels[mode],
				 widest[mode], width_mhz)
			: refuse(why, size, "channel width must be 20, 40, 80, 160 or 320 MHz, not %d", width_mhz);
	if ((err = check_gi(mode, gi_ns, why, size)) < 0)
		return err;
	m = mode == MG_WIFI_MODE_HT ? mcs % 8 : mcs;
	if (mode == MG_WIFI_MODE_VHT && vht_undefined(mcs, nss, width_mhz))
		return refuse(why, size, "VHT MCS %d is not defined at %d MHz on %d spatial stream%s", mcs, width_mhz,
			      nss, nss == 1 ? "" : "s");
	phy->nss = nss;
	phy->subcarriers = subcarriers(mode, width_mhz);
	if (mode == MG_WIFI_MODE_LEGACY) {
		phy->bits = legacy_table[m].bits;
		phy->rate_num = legacy_table[m].num;
		phy->rate_den = legacy_table[m].den;
		phy->symbol_ns = 4000;
	} else {
		phy->bits = mcs_table[m].bits;
		phy->rate_num = mcs_table[m].num;
		phy->rate_den = mcs_table[m].den;
		phy->symbol_ns = (mode >= MG_WIFI_MODE_HE ? 12800 : 3200) + gi_ns;
	}
	return 0;
}

double mg_wifi_phy_mbps(const struct mg_wifi_phy *phy)
{
	/* bits per symbol over nanoseconds per symbol is Gbit/s. */
	return (double)phy->subcarriers * phy->bits * phy->rate_num * phy->nss * 1000.0 /
	       ((double)phy->rate_den * phy->symbol_ns);
}

MG_EXPORT int mg_wifi_rate_check(enum mg_wifi_mode mode, int mcs, int nss, int width_mhz, int gi_ns, char *why,
				 size_t size)
{
	struct mg_wifi_phy phy;

	return mg_wifi_phy_resolve(mode, mcs, nss, width_mhz, gi_ns, &phy, why, size);
}

MG_EXPORT int mg_wifi_rate_new(enum mg_wifi_mode mode, int mcs, int nss, int width_mhz, int gi_ns,
			       struct mg_wifi_rate **rate)
{
	struct mg_wifi_phy phy;
	struct mg_wifi_rate *r;
	int err;

	if (!rate)
		return -EINVAL;
	*rate = NULL;
	if ((err = mg_wifi_phy_resolve(mode, mcs, nss, width_mhz, gi_ns, &phy, NULL, 0)) < 0)
		return err;
	if (!(r = calloc(1, sizeof(*r))))
		return -ENOMEM;
	*r = (struct mg_wifi_rate){ .mode = mode, .mcs = mcs, .nss = phy.nss, .width_mhz = width_mhz,
				    .gi_ns = gi_ns, .phy = phy, .mbps = mg_wifi_phy_mbps(&phy) };
	*rate = r;
	return 0;
}

MG_EXPORT void mg_wifi_rate_free(struct mg_wifi_rate *rate)
{
	free(rate);
}

MG_EXPORT int mg_wifi_rate_get_mode(const struct mg_wifi_rate *rate)
{
	return rate ? (int)rate->mode : MG_UNKNOWN;
}

MG_GETTER(int, mg_wifi_rate_get_mcs, mg_wifi_rate, mcs, MG_UNKNOWN)
MG_GETTER(int, mg_wifi_rate_get_nss, mg_wifi_rate, nss, MG_UNKNOWN)
MG_GETTER(int, mg_wifi_rate_get_width_mhz, mg_wifi_rate, width_mhz, MG_UNKNOWN)
MG_GETTER(int, mg_wifi_rate_get_gi_ns, mg_wifi_rate, gi_ns, MG_UNKNOWN)
MG_GETTER(double, mg_wifi_rate_get_phy_mbps, mg_wifi_rate, mbps, -1.0)

MG_EXPORT double mg_wifi_rate_get_tcp_goodput_mbps(const struct mg_wifi_rate *rate)
{
	return rate ? rate->mbps * EFFICIENCY_PCT / 100.0 : -1.0;
}

MG_EXPORT int mg_wifi_rate_get_efficiency_pct(const struct mg_wifi_rate *rate)
{
	return rate ? EFFICIENCY_PCT : MG_UNKNOWN;
}

MG_EXPORT const char *mg_wifi_rate_get_efficiency_source(const struct mg_wifi_rate *rate)
{
	return rate ? efficiency_source : NULL;
}

int mg_wifi_efficiency_pct(void)
{
	return EFFICIENCY_PCT;
}

/* The model's numbers behind a rate, for present/ (not exported): what the public getters do not give. */
int mg_wifi_rate_get_subcarriers(const struct mg_wifi_rate *rate)
{
	return rate ? rate->phy.subcarriers : MG_UNKNOWN;
}

int mg_wifi_rate_get_bits(const struct mg_wifi_rate *rate)
{
	return rate ? rate->phy.bits : MG_UNKNOWN;
}

int mg_wifi_rate_get_symbol_ns(const struct mg_wifi_rate *rate)
{
	return rate ? rate->phy.symbol_ns : MG_UNKNOWN;
}

const char *mg_wifi_rate_get_coding(const struct mg_wifi_rate *rate, char *buf, size_t size)
{
	if (!rate)
		return NULL;
	snprintf(buf, size, "%d/%d", rate->phy.rate_num, rate->phy.rate_den);
	return buf;
}
