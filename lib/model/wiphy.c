/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Wiphys: what nl80211 says a Wi-Fi card can do (one split GET_WIPHY dump,
 * its chunks merged by wiphy index), its interfaces and their links (a
 * GET_INTERFACE dump, a station dump per station interface), the
 * regulatory domain (GET_REG), and the device behind it from sysfs.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/nl80211.h>
#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "model/model.h"

static const char *const band_names[MG_WIFI_BANDS] = { "2.4GHz", "5GHz", "60GHz", "6GHz", "900MHz", "LC" };

/* nl80211's names of interface types, as iw prints them. */
static const char *const iftype_names[] = {
	[NL80211_IFTYPE_UNSPECIFIED] = "unspecified", [NL80211_IFTYPE_ADHOC] = "IBSS",
	[NL80211_IFTYPE_STATION] = "managed", [NL80211_IFTYPE_AP] = "AP",
	[NL80211_IFTYPE_AP_VLAN] = "AP/VLAN", [NL80211_IFTYPE_WDS] = "WDS",
	[NL80211_IFTYPE_MONITOR] = "monitor", [NL80211_IFTYPE_MESH_POINT] = "mesh point",
	[NL80211_IFTYPE_P2P_CLIENT] = "P2P-client", [NL80211_IFTYPE_P2P_GO] = "P2P-GO",
	[NL80211_IFTYPE_P2P_DEVICE] = "P2P-device", [NL80211_IFTYPE_OCB] = "outside context of a BSS",
	[NL80211_IFTYPE_NAN] = "NAN",
};

const char *mg_wifi_iftype_name(int iftype)
{
	if (iftype >= 0 && (size_t)iftype < sizeof(iftype_names) / sizeof(iftype_names[0]) && iftype_names[iftype])
		return iftype_names[iftype];
	return NULL;
}

const char *mg_wifi_band_name(int band)
{
	return band >= 0 && band < MG_WIFI_BANDS ? band_names[band] : NULL;
}

/* ---- parsing one reply's attributes, bounded by their lengths ---- */

static int genl_attrs(const struct nlmsghdr *nlh, struct nlattr **tb, int max)
{
	if (nlh->nlmsg_len < NLMSG_HDRLEN + GENL_HDRLEN)
		return -EPROTO;
	return nla_parse(tb, max, genlmsg_attrdata(nlmsg_data(nlh), 0), genlmsg_attrlen(nlmsg_data(nlh), 0),
			 NULL) < 0 ? -EPROTO : 0;
}

static void copy_attr(uint8_t *dst, size_t size, size_t *len, const struct nlattr *a)
{
	size_t n = (size_t)nla_len(a);

	if (n > size)
		n = size;
	memcpy(dst, nla_data(a), n);
	if (len)
		*len = n;
}

/* A string attribute into @dst, terminated whether the attribute is or not. */
static void attr_str(char *dst, size_t size, const struct nlattr *a)
{
	size_t n = (size_t)nla_len(a);

	if (n > size - 1)
		n = size - 1;
	memcpy(dst, nla_data(a), n);
	dst[n] = '\0';
}

static bool u32_of(const struct nlattr *a, uint32_t *v)
{
	if (!a || nla_len(a) < 4)
		return false;
	*v = nla_get_u32((struct nlattr *)a);
	return true;
}

static int add_channel(struct mg_wifi_band *b, struct nlattr *freq)
{
	struct nlattr *tb[NL80211_FREQUENCY_ATTR_MAX + 1];
	struct mg_wifi_chan *c;
	uint32_t mhz, khz = 0;

	if (nla_parse_nested(tb, NL80211_FREQUENCY_ATTR_MAX, freq, NULL) < 0 ||
	    !u32_of(tb[NL80211_FREQUENCY_ATTR_FREQ], &mhz) || mhz > 1000000)
		return 0;
	if (!u32_of(tb[NL80211_FREQUENCY_ATTR_OFFSET], &khz) || khz >= 1000)
		khz = 0;
	for (size_t i = 0; i < b->nchans; i++)
		if (b->chans[i].freq_mhz == (int)mhz && b->chans[i].offset_khz == (int)khz)
			return 0;
	c = mg_array_grow(b->chans, &b->chans_alloc, b->nchans, sizeof(*c));
	if (!c)
		return -ENOMEM;
	b->chans = c;
	c = &b->chans[b->nchans++];
	c->freq_mhz = (int)mhz;
	c->offset_khz = (int)khz;
	c->disabled = tb[NL80211_FREQUENCY_ATTR_DISABLED] != NULL;
	c->no_ir = tb[NL80211_FREQUENCY_ATTR_NO_IR] != NULL;
	c->radar = tb[NL80211_FREQUENCY_ATTR_RADAR] != NULL;
	return 0;
}

static void iftype_data(struct mg_wifi_band *b, struct nlattr *nest)
{
	struct nlattr *tb[NL80211_BAND_IFTYPE_ATTR_MAX + 1], *entry;
	int rem;

	nla_for_each_nested(entry, nest, rem) {
		if (nla_parse_nested(tb, NL80211_BAND_IFTYPE_ATTR_MAX, entry, NULL) < 0)
			continue;
		/* Several entries (station, AP, mesh ...): the band can do what any of them can. */
		if (tb[NL80211_BAND_IFTYPE_ATTR_HE_CAP_PHY]) {
			uint8_t phy[sizeof(b->he_phy)] = { 0 };
			uint8_t mcs[sizeof(b->he_mcs)] = { 0 };
			size_t n = 0;

			copy_attr(phy, sizeof(phy), NULL, tb[NL80211_BAND_IFTYPE_ATTR_HE_CAP_PHY]);
			if (tb[NL80211_BAND_IFTYPE_ATTR_HE_CAP_MCS_SET])
				copy_attr(mcs, sizeof(mcs), &n, tb[NL80211_BAND_IFTYPE_ATTR_HE_CAP_MCS_SET]);
			for (size_t i = 0; i < sizeof(phy); i++)
				b->he_phy[i] |= phy[i];
			if (n >= 2 && (!b->he || mg_wifi_he_map_nss(mcs) > mg_wifi_he_map_nss(b->he_mcs))) {
				memcpy(b->he_mcs, mcs, sizeof(mcs));
				b->he_mcs_len = n;
			}
			b->he = true;
		}
		if (tb[NL80211_BAND_IFTYPE_ATTR_EHT_CAP_PHY]) {
			uint8_t phy[sizeof(b->eht_phy)] = { 0 };

			copy_attr(phy, sizeof(phy), NULL, tb[NL80211_BAND_IFTYPE_ATTR_EHT_CAP_PHY]);
			for (size_t i = 0; i < sizeof(phy); i++)
				b->eht_phy[i] |= phy[i];
			if (tb[NL80211_BAND_IFTYPE_ATTR_EHT_CAP_MCS_SET]) {
				uint8_t mcs[sizeof(b->eht_mcs)] = { 0 };
				size_t n = 0;

				copy_attr(mcs, sizeof(mcs), &n, tb[NL80211_BAND_IFTYPE_ATTR_EHT_CAP_MCS_SET]);
				if (n > b->eht_mcs_len) {
					memcpy(b->eht_mcs, mcs, sizeof(mcs));
					b->eht_mcs_len = n;
				}
			}
			b->eht = true;
		}
	}
}

static int parse_band(struct mg_wifi_band *b, struct nlattr *nest)
{
	struct nlattr *tb[NL80211_BAND_ATTR_MAX + 1], *freq;
	int rem, err;

	if (nla_parse_nested(tb, NL80211_BAND_ATTR_MAX, nest, NULL) < 0)
		return 0;
	b->present = true;
	if (tb[NL80211_BAND_ATTR_HT_CAPA] && nla_len(tb[NL80211_BAND_ATTR_HT_CAPA]) >= 2) {
		b->ht = true;
		b->ht_capa = nla_get_u16(tb[NL80211_BAND_ATTR_HT_CAPA]);
	}
	if (tb[NL80211_BAND_ATTR_HT_MCS_SET])
		copy_attr(b->ht_mcs, sizeof(b->ht_mcs), NULL, tb[NL80211_BAND_ATTR_HT_MCS_SET]);
	if (tb[NL80211_BAND_ATTR_VHT_CAPA] && u32_of(tb[NL80211_BAND_ATTR_VHT_CAPA], &b->vht_capa))
		b->vht = true;
	if (tb[NL80211_BAND_ATTR_VHT_MCS_SET])
		copy_attr(b->vht_mcs, sizeof(b->vht_mcs), NULL, tb[NL80211_BAND_ATTR_VHT_MCS_SET]);
	if (tb[NL80211_BAND_ATTR_IFTYPE_DATA])
		iftype_data(b, tb[NL80211_BAND_ATTR_IFTYPE_DATA]);
	if (tb[NL80211_BAND_ATTR_FREQS])
		nla_for_each_nested(freq, tb[NL80211_BAND_ATTR_FREQS], rem)
			if ((err = add_channel(b, freq)) < 0)
				return err;
	return 0;
}

static void parse_iftypes(uint32_t *mask, struct nlattr *nest)
{
	struct nlattr *a;
	int rem;

	nla_for_each_nested(a, nest, rem)
		if (nla_type(a) < 32)
			*mask |= 1u << nla_type(a);
}

static struct mg_wiphy *wiphy_new(int index)
{
	struct mg_wiphy *w = calloc(1, sizeof(*w));

	if (!w)
		return NULL;
	w->refcount = 1;
	w->index = index;
	w->ant_tx = w->ant_rx = MG_UNKNOWN;
	w->bus = MG_BUS_OTHER;
	w->mlo = MG_UNKNOWN;
	return w;
}

static struct mg_wiphy *find_wiphy(struct mg_wiphy_list *l, int index)
{
	for (size_t i = 0; i < l->count; i++)
		if (l->items[i]->index == index)
			return l->items[i];
	return NULL;
}

/* One chunk of a split dump: what it holds is added to its wiphy's object. */
static int on_wiphy(const struct nlmsghdr *nlh, void *data)
{
	struct mg_wiphy_list *l = data;
	struct nlattr *tb[NL80211_ATTR_MAX + 1], *band;
	struct mg_wiphy *w;
	uint32_t index;
	int rem, err;

	if (genl_attrs(nlh, tb, NL80211_ATTR_MAX) < 0 || !u32_of(tb[NL80211_ATTR_WIPHY], &index) || index > 1u << 30)
		return 0;
	if (!(w = find_wiphy(l, (int)index))) {
		struct mg_wiphy **grown = mg_array_grow(l->items, &l->alloc, l->count, sizeof(*grown));

		if (!grown || !(w = wiphy_new((int)index)))
			return -ENOMEM;
		l->items = grown;
		l->items[l->count++] = w;
	}
	if (tb[NL80211_ATTR_WIPHY_NAME])
		attr_str(w->name, sizeof(w->name), tb[NL80211_ATTR_WIPHY_NAME]);
	if (tb[NL80211_ATTR_SUPPORTED_IFTYPES]) {
		parse_iftypes(&w->iftypes, tb[NL80211_ATTR_SUPPORTED_IFTYPES]);
		w->have_iftypes = true;
	}
	{
		uint32_t v;

		if (u32_of(tb[NL80211_ATTR_WIPHY_ANTENNA_AVAIL_TX], &v))
			w->ant_tx = (int)(v & 0x7fffffff);
		if (u32_of(tb[NL80211_ATTR_WIPHY_ANTENNA_AVAIL_RX], &v))
			w->ant_rx = (int)(v & 0x7fffffff);
	}
	if (tb[NL80211_ATTR_MLO_SUPPORT])
		w->mlo = 1;
	if (tb[NL80211_ATTR_WIPHY_BANDS])
		nla_for_each_nested(band, tb[NL80211_ATTR_WIPHY_BANDS], rem) {
			int id = nla_type(band);

			if (id < 0 || id >= MG_WIFI_BANDS)
				continue;
			if ((err = parse_band(&w->bands[id], band)) < 0)
				return err;
		}
	w->chunks++;
	return 0;
}

/* ---- interfaces and their links ---- */

static struct mg_wifi_iface *find_iface(struct mg_wiphy *w, int ifindex)
{
	for (size_t i = 0; i < w->nifaces; i++)
		if (w->ifaces[i].ifindex == ifindex)
			return &w->ifaces[i];
	return NULL;
}

static void format_mac(char *buf, size_t size, const struct nlattr *a)
{
	const uint8_t *m = nla_data(a);

	if (nla_len(a) == 6)
		snprintf(buf, size, "%02x:%02x:%02x:%02x:%02x:%02x", m[0], m[1], m[2], m[3], m[4], m[5]);
}

/* nl80211_chan_width to MHz; 20 for 20 MHz without HT. */
int mg_wifi_chan_width_mhz(uint32_t w)
{
	static const int mhz[] = { 20, 20, 40, 80, 160, 160, 5, 10, 1, 2, 4, 8, 16, 320 };

	return w < sizeof(mhz) / sizeof(mhz[0]) ? mhz[w] : MG_UNKNOWN;
}

static void channel_of(struct nlattr **tb, struct mg_wifi_chandef *c)
{
	uint32_t v;

	c->freq_mhz = u32_of(tb[NL80211_ATTR_WIPHY_FREQ], &v) ? (int)v : MG_UNKNOWN;
	c->width_mhz = u32_of(tb[NL80211_ATTR_CHANNEL_WIDTH], &v) ? mg_wifi_chan_width_mhz(v) : MG_UNKNOWN;
	c->center1_mhz = u32_of(tb[NL80211_ATTR_CENTER_FREQ1], &v) ? (int)v : MG_UNKNOWN;
	c->center2_mhz = u32_of(tb[NL80211_ATTR_CENTER_FREQ2], &v) && v ? (int)v : MG_UNKNOWN;
}

static void mlo_links(struct mg_wifi_iface *f, struct nlattr *nest)
{
	struct nlattr *tb[NL80211_ATTR_MAX + 1], *link;
	int rem;

	nla_for_each_nested(link, nest, rem) {
		struct mg_wifi_mlo_link *m;

		if (f->nlinks >= MG_WIFI_MLO_LINKS || nla_parse_nested(tb, NL80211_ATTR_MAX, link, NULL) < 0)
			continue;
		m = &f->links[f->nlinks++];
		m->id = tb[NL80211_ATTR_MLO_LINK_ID] && nla_len(tb[NL80211_ATTR_MLO_LINK_ID]) >= 1
				? nla_get_u8(tb[NL80211_ATTR_MLO_LINK_ID]) : MG_UNKNOWN;
		if (tb[NL80211_ATTR_MAC])
			format_mac(m->mac, sizeof(m->mac), tb[NL80211_ATTR_MAC]);
		channel_of(tb, &m->chan);
	}
}

static int on_interface(const struct nlmsghdr *nlh, void *data)
{
	struct mg_wiphy_list *l = data;
	struct nlattr *tb[NL80211_ATTR_MAX + 1];
	struct mg_wifi_iface *f;
	struct mg_wiphy *w;
	uint32_t index, ifindex, v;

	if (genl_attrs(nlh, tb, NL80211_ATTR_MAX) < 0 || !u32_of(tb[NL80211_ATTR_WIPHY], &index) ||
	    !(w = find_wiphy(l, (int)index)))
		return 0;
	/* A P2P device has no netdev, so no index: it is no interface to list. */
	if (!u32_of(tb[NL80211_ATTR_IFINDEX], &ifindex) || !tb[NL80211_ATTR_IFNAME] || find_iface(w, (int)ifindex))
		return 0;
	f = mg_array_grow(w->ifaces, &w->ifaces_alloc, w->nifaces, sizeof(*f));
	if (!f)
		return -ENOMEM;
	w->ifaces = f;
	f = &w->ifaces[w->nifaces++];
	memset(f, 0, sizeof(*f));
	f->ifindex = (int)ifindex;
	attr_str(f->name, sizeof(f->name), tb[NL80211_ATTR_IFNAME]);
	f->iftype = u32_of(tb[NL80211_ATTR_IFTYPE], &v) ? (int)v : MG_UNKNOWN;
	if (tb[NL80211_ATTR_MAC])
		format_mac(f->mac, sizeof(f->mac), tb[NL80211_ATTR_MAC]);
	channel_of(tb, &f->chan);
	if (tb[NL80211_ATTR_SSID]) {
		copy_attr((uint8_t *)f->ssid, sizeof(f->ssid) - 1, &f->ssid_len, tb[NL80211_ATTR_SSID]);
		f->have_ssid = true;
	}
	if (tb[NL80211_ATTR_MLO_LINKS])
		mlo_links(f, tb[NL80211_ATTR_MLO_LINKS]);
	f->signal_dbm = MG_UNKNOWN;
	f->signal_avg_dbm = MG_UNKNOWN;
	f->expected_kbps = MG_UNKNOWN;
	return 0;
}

/* One NL80211_STA_INFO_TX_BITRATE or _RX_BITRATE nest. */
void mg_wifi_parse_rate(struct nlattr *nest, struct mg_wifi_rate_info *r)
{
	struct nlattr *tb[NL80211_RATE_INFO_MAX + 1];
	uint32_t v;

	memset(r, 0, sizeof(*r));
	r->mode = MG_UNKNOWN;
	r->mcs = r->nss = r->gi_ns = r->width_mhz = r->bitrate_100kbps = MG_UNKNOWN;
	if (nla_parse_nested(tb, NL80211_RATE_INFO_MAX, nest, NULL) < 0)
		return;
	r->present = true;
	if (u32_of(tb[NL80211_RATE_INFO_BITRATE32], &v))
		r->bitrate_100kbps = (int)v;
	else if (tb[NL80211_RATE_INFO_BITRATE] && nla_len(tb[NL80211_RATE_INFO_BITRATE]) >= 2)
		r->bitrate_100kbps = nla_get_u16(tb[NL80211_RATE_INFO_BITRATE]);
#define U8(attr) (tb[attr] && nla_len(tb[attr]) >= 1 ? (int)nla_get_u8(tb[attr]) : MG_UNKNOWN)
	if (tb[NL80211_RATE_INFO_EHT_MCS]) {
		r->mode = MG_WIFI_MODE_EHT;
		r->mcs = U8(NL80211_RATE_INFO_EHT_MCS);
		r->nss = U8(NL80211_RATE_INFO_EHT_NSS);
		v = (uint32_t)U8(NL80211_RATE_INFO_EHT_GI);
		r->gi_ns = v == 0 ? 800 : v == 1 ? 1600 : v == 2 ? 3200 : MG_UNKNOWN;
		if (!tb[NL80211_RATE_INFO_EHT_GI])
			r->gi_ns = MG_UNKNOWN;
	} else if (tb[NL80211_RATE_INFO_HE_MCS]) {
		r->mode = MG_WIFI_MODE_HE;
		r->mcs = U8(NL80211_RATE_INFO_HE_MCS);
		r->nss = U8(NL80211_RATE_INFO_HE_NSS);
		v = (uint32_t)U8(NL80211_RATE_INFO_HE_GI);
		r->gi_ns = !tb[NL80211_RATE_INFO_HE_GI] ? MG_UNKNOWN : v == 0 ? 800 : v == 1 ? 1600 : v == 2 ? 3200
											: MG_UNKNOWN;
		r->dcm = U8(NL80211_RATE_INFO_HE_DCM) == 1;
		r->ru = tb[NL80211_RATE_INFO_HE_RU_ALLOC] != NULL;
	} else if (tb[NL80211_RATE_INFO_VHT_MCS]) {
		r->mode = MG_WIFI_MODE_VHT;
		r->mcs = U8(NL80211_RATE_INFO_VHT_MCS);
		r->nss = U8(NL80211_RATE_INFO_VHT_NSS);
		r->gi_ns = tb[NL80211_RATE_INFO_SHORT_GI] ? 400 : 800;
	} else if (tb[NL80211_RATE_INFO_MCS]) {
		r->mode = MG_WIFI_MODE_HT;
		r->mcs = U8(NL80211_RATE_INFO_MCS);
		r->nss = r->mcs >= 0 ? r->mcs / 8 + 1 : MG_UNKNOWN;
		r->gi_ns = tb[NL80211_RATE_INFO_SHORT_GI] ? 400 : 800;
	} else {
		r->mode = MG_WIFI_MODE_LEGACY;
	}
#undef U8
	r->width_mhz = tb[NL80211_RATE_INFO_320_MHZ_WIDTH] ? 320
		: tb[NL80211_RATE_INFO_160_MHZ_WIDTH] || tb[NL80211_RATE_INFO_80P80_MHZ_WIDTH] ? 160
		: tb[NL80211_RATE_INFO_80_MHZ_WIDTH] ? 80 : tb[NL80211_RATE_INFO_40_MHZ_WIDTH] ? 40
		: tb[NL80211_RATE_INFO_10_MHZ_WIDTH] ? 10 : tb[NL80211_RATE_INFO_5_MHZ_WIDTH] ? 5 : 20;
	/* The library's own figure: full-band rates only (no DCM, no OFDMA resource unit). */
	if (r->mode > MG_WIFI_MODE_LEGACY && !r->dcm && !r->ru) {
		struct mg_wifi_phy phy;

		if (mg_wifi_phy_resolve((enum mg_wifi_mode)r->mode, r->mcs, r->nss, r->width_mhz, r->gi_ns, &phy, NULL,
					0) == 0)
			r->own_mbps = mg_wifi_phy_mbps(&phy);
		else
			r->own_mbps = -1;
	} else {
		r->own_mbps = -1;
	}
}

struct station_walk {
	struct mg_wiphy *w;
	struct mg_wifi_iface *f;
};

static int on_station(const struct nlmsghdr *nlh, void *data)
{
	struct station_walk *s = data;
	struct nlattr *tb[NL80211_ATTR_MAX + 1], *sta[NL80211_STA_INFO_MAX + 1];
	struct mg_wifi_iface *f = s->f;
	uint32_t v;

	if (genl_attrs(nlh, tb, NL80211_ATTR_MAX) < 0 || !tb[NL80211_ATTR_STA_INFO] ||
	    nla_parse_nested(sta, NL80211_STA_INFO_MAX, tb[NL80211_ATTR_STA_INFO], NULL) < 0)
		return 0;
	if (tb[NL80211_ATTR_MAC] && nla_len(tb[NL80211_ATTR_MAC]) == 6) {
		uint8_t (*grown)[6];

		for (size_t i = 0; i < f->nseen; i++)
			if (!memcmp(f->seen[i], nla_data(tb[NL80211_ATTR_MAC]), 6))
				return 0;
		grown = mg_array_grow(f->seen, &f->seen_alloc, f->nseen, sizeof(*grown));
		if (!grown)
			return -ENOMEM;
		f->seen = grown;
		memcpy(f->seen[f->nseen++], nla_data(tb[NL80211_ATTR_MAC]), 6);
	}
	f->stations++;
	if (!mg_wifi_iftype_is_station(f->iftype))
		return 0;
	if (f->connected)
		return 0;
	f->connected = true;
	if (tb[NL80211_ATTR_MAC])
		format_mac(f->bssid, sizeof(f->bssid), tb[NL80211_ATTR_MAC]);
	if (sta[NL80211_STA_INFO_SIGNAL] && nla_len(sta[NL80211_STA_INFO_SIGNAL]) >= 1)
		f->signal_dbm = (int8_t)nla_get_u8(sta[NL80211_STA_INFO_SIGNAL]);
	if (sta[NL80211_STA_INFO_SIGNAL_AVG] && nla_len(sta[NL80211_STA_INFO_SIGNAL_AVG]) >= 1)
		f->signal_avg_dbm = (int8_t)nla_get_u8(sta[NL80211_STA_INFO_SIGNAL_AVG]);
	if (sta[NL80211_STA_INFO_TX_BITRATE])
		mg_wifi_parse_rate(sta[NL80211_STA_INFO_TX_BITRATE], &f->tx);
	if (sta[NL80211_STA_INFO_RX_BITRATE])
		mg_wifi_parse_rate(sta[NL80211_STA_INFO_RX_BITRATE], &f->rx);
	if (u32_of(sta[NL80211_STA_INFO_EXPECTED_THROUGHPUT], &v))
		f->expected_kbps = (long)v;
	return 0;
}

/*
 * An AP's capability elements. Each element is id, length, body; the
 * extension elements (255) start their body with an extension id. An
 * element shorter than its fixed fields is ignored, one that runs past
 * the end stops the walk: nothing is read beyond what the length says.
 */
enum {
	IE_HT_CAP = 45,		/* 2 octets of HT Capability Information first, 26 in all */
	IE_VHT_CAP = 191,	/* 4 octets of VHT Capabilities Information, 8 of the MCS and NSS set */
	IE_EXT = 255,
	IE_EXT_HE_CAP = 35,	/* ext id, 6 octets HE MAC, 11 HE PHY, at least 4 of the HE-MCS set */
	IE_EXT_EHT_CAP = 108,	/* ext id, 2 octets EHT MAC, 9 EHT PHY, at least 3 of the EHT-MCS set */
};

static void ap_element(uint8_t id, const uint8_t *b, size_t n, struct mg_wifi_ap_caps *c)
{
	if (id == IE_HT_CAP && n >= 26) {
		c->ht = true;
		c->ht40 |= (b[0] & 0x02) != 0;		/* B1: Supported Channel Width Set */
	} else if (id == IE_VHT_CAP && n >= 12) {
		uint32_t cap = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
		uint32_t set = (cap >> 2) & 3, ext_nss = (cap >> 30) & 3;
		bool ext_capable = (b[11] & 0x20) != 0;	/* B61 of the MCS and NSS set */

		c->vht = true;
		/* 1: 160, 2: 160 and 80+80; 0 with Extended NSS BW: 160 at part of the streams. */
		c->vht160 |= set == 1 || set == 2 || (set == 0 && ext_nss && ext_capable);
	} else if (id == IE_EXT && n >= 22 && b[0] == IE_EXT_HE_CAP) {
		uint8_t phy0 = b[7];	/* HE PHY Capabilities B0..B7: the Channel Width Set is B1..B7 */

		c->he = true;
		c->he40_2g |= (phy0 & 0x02) != 0;
		c->he80_5g |= (phy0 & 0x04) != 0;
		c->he160_5g |= (phy0 & 0x18) != 0;	/* B3: 160, B4: 160 and 80+80 */
	} else if (id == IE_EXT && n >= 15 && b[0] == IE_EXT_EHT_CAP) {
		c->eht = true;
		c->eht320 |= (b[3] & 0x02) != 0;	/* EHT PHY B1: 320 MHz in 6 GHz */
	}
}

void mg_wifi_parse_ap_ies(const uint8_t *ie, size_t len, struct mg_wifi_ap_caps *c)
{
	size_t off;

	for (off = 0; off + 2 <= len && ie[off + 1] <= len - off - 2; off += 2 + (size_t)ie[off + 1]) {
		c->known = true;
		ap_element(ie[off], ie + off + 2, ie[off + 1], c);
	}
}

int mg_wifi_ap_max_width_mhz(const struct mg_wifi_ap_caps *c, int freq_mhz)
{
	if (!c || !c->known)
		return MG_UNKNOWN;
	if (freq_mhz >= 2400 && freq_mhz < 2500)
		return c->ht40 || c->he40_2g ? 40 : 20;
	if (freq_mhz >= 4900 && freq_mhz < 5925)
		return c->vht160 || c->he160_5g ? 160 : c->vht || c->he80_5g ? 80 : c->ht40 ? 40 : 20;
	if (freq_mhz >= 5925 && freq_mhz <= 7125)
		return c->eht320 ? 320 : c->he160_5g ? 160 : c->he80_5g ? 80 : 20;
	return MG_UNKNOWN;
}

/* The BSS a station is associated with, from the scan results: its capabilities, and its SSID when the interface did not say it. */
static int on_bss(const struct nlmsghdr *nlh, void *data)
{
	struct mg_wifi_iface *f = data;
	struct nlattr *tb[NL80211_ATTR_MAX + 1], *bss[NL80211_BSS_MAX + 1], *a;
	const uint8_t *ie;
	uint32_t status;
	int len;

	if (genl_attrs(nlh, tb, NL80211_ATTR_MAX) < 0 || !tb[NL80211_ATTR_BSS] ||
	    nla_parse_nested(bss, NL80211_BSS_MAX, tb[NL80211_ATTR_BSS], NULL) < 0 ||
	    !u32_of(bss[NL80211_BSS_STATUS], &status) || status != NL80211_BSS_STATUS_ASSOCIATED)
		return 0;
	/* The last frame's elements (probe response or beacon), else the beacon's. */
	a = bss[NL80211_BSS_INFORMATION_ELEMENTS] ? bss[NL80211_BSS_INFORMATION_ELEMENTS] : bss[NL80211_BSS_BEACON_IES];
	if (!a || f->ap.known)
		return 0;
	ie = nla_data(a);
	len = nla_len(a);
	mg_wifi_parse_ap_ies(ie, len > 0 ? (size_t)len : 0, &f->ap);
	if (f->have_ssid)
		return 0;
	/* Elements: id, length, body; the SSID is element 0. */
	for (int off = 0; off + 2 <= len && off + 2 + ie[off + 1] <= len; off += 2 + ie[off + 1]) {
		if (ie[off] != 0 || ie[off + 1] > 32)
			continue;
		memcpy(f->ssid, ie + off + 2, ie[off + 1]);
		f->ssid_len = ie[off + 1];
		f->have_ssid = true;
		break;
	}
	return 0;
}

static int on_reg(const struct nlmsghdr *nlh, void *data)
{
	struct mg_wiphy_list *l = data;
	struct nlattr *tb[NL80211_ATTR_MAX + 1];

	if (genl_attrs(nlh, tb, NL80211_ATTR_MAX) < 0 || !tb[NL80211_ATTR_REG_ALPHA2] ||
	    nla_len(tb[NL80211_ATTR_REG_ALPHA2]) < 2)
		return 0;
	/* The global domain comes without a wiphy; a self-managed one names its wiphy. */
	if (tb[NL80211_ATTR_WIPHY])
		return 0;
	memcpy(l->country, nla_data(tb[NL80211_ATTR_REG_ALPHA2]), 2);
	l->country[2] = '\0';
	return 0;
}

/* ---- the device behind a wiphy, from sysfs ---- */

/* A wiphy's or interface's name as a path component: nothing that leads elsewhere. */
static bool name_ok(const char *name)
{
	size_t n = strlen(name);

	return n > 0 && n < 64 && !strchr(name, '/') && strcmp(name, ".") && strcmp(name, "..");
}

static int identify(struct mg_ctx *ctx, struct mg_wiphy *w)
{
	char rel[MG_PATH_MAX], dir[MG_PATH_MAX], devpath[MG_PATH_MAX];
	struct mg_nic *nic;
	int err;

	/* class/ieee80211/PHY leads to the wiphy's directory, below its device. */
	snprintf(rel, sizeof(rel), "class/ieee80211/%s", w->name);
	if (!name_ok(w->name) || mg_sysfs_resolve(ctx, rel, dir, sizeof(dir)) < 0 ||
	    mg_path_join(rel, sizeof(rel), dir, "device") < 0 || mg_sysfs_resolve(ctx, rel, devpath, sizeof(devpath)) < 0) {
		w->bus = MG_BUS_OTHER;
		return 0;
	}
	if (!(nic = mg_nic_alloc()))
		return -ENOMEM;
	err = mg_device_identify(ctx, devpath, nic);
	if (err == 0) {
		/* mac80211_hwsim's radios live under devices/virtual: no hardware. */
		w->bus = !strncmp(devpath, "devices/virtual/", 16) ? MG_BUS_VIRTUAL : nic->bus;
		mg_strlcpy(w->address, nic->address ? nic->address : "", sizeof(w->address));
		mg_strlcpy(w->driver, nic->driver ? nic->driver : "", sizeof(w->driver));
		mg_strlcpy(w->devpath, devpath, sizeof(w->devpath));
	}
	mg_nic_unref(nic);
	return err;
}

static void firmware(struct mg_ctx *ctx, struct mg_wiphy *w)
{
	struct mg_drvinfo info;

	for (size_t i = 0; i < w->nifaces; i++) {
		memset(&info, 0, sizeof(info));
		if (mg_gather_drvinfo(ctx, w->ifaces[i].name, &info) == 0) {
			/* cfg80211 says "N/A" for a driver that names no firmware. */
			if (strcmp(info.fw_version, "N/A"))
				mg_strlcpy(w->firmware, info.fw_version, sizeof(w->firmware));
			if (!w->driver[0])
				mg_strlcpy(w->driver, info.driver, sizeof(w->driver));
			return;
		}
	}
}

/* The kernel's major and minor release as one number (6.1: 601), or -1. */
static int kernel_version(struct mg_ctx *ctx)
{
	char buf[128];
	int major, minor;

	if (mg_gather_kernel_release(ctx, buf, sizeof(buf)) < 0 || sscanf(buf, "%d.%d", &major, &minor) != 2)
		return -1;
	return major * 100 + minor;
}

/* What the kernel did not say, and why: it is older than the attribute, or the capture holds none. */
static void unknowns(struct mg_wiphy_list *l, struct mg_wiphy *w)
{
	if (w->mlo != 1) {
		if (l->kernel >= 600)
			w->mlo = 0;
		else if (l->kernel > 0)
			snprintf(w->mlo_reason, sizeof(w->mlo_reason),
				 "the kernel (%d.%d) is older than 6.0, which first reports MLO support", l->kernel / 100,
				 l->kernel % 100);
		else
			snprintf(w->mlo_reason, sizeof(w->mlo_reason),
				 "the kernel's release is not known, so neither is whether it would report MLO support");
	}
	for (int b = 0; b < MG_WIFI_BANDS; b++) {
		struct mg_wifi_band *band = &w->bands[b];

		if (!band->present || band->eht)
			continue;
		if (l->kernel >= 518)
			band->eht_known = true;
		else if (l->kernel > 0)
			snprintf(band->eht_reason, sizeof(band->eht_reason),
				 "the kernel is older than 5.18, which first reports EHT capabilities");
		else
			snprintf(band->eht_reason, sizeof(band->eht_reason),
				 "the kernel's release is not known, so neither is whether it would report EHT");
	}
}

/*
 * The wiphy index of a wiphy or interface name, from sysfs: the class link
 * resolved first and the files read where it leads, as a capture keeps them.
 */
static int index_of(struct mg_ctx *ctx, const char *name, int *index)
{
	char rel[MG_PATH_MAX], dir[MG_PATH_MAX], buf[32];
	char *end;
	long v;
	int n;

	if (!name_ok(name))
		return -ENODEV;
	snprintf(rel, sizeof(rel), "class/ieee80211/%s", name);
	if (mg_sysfs_resolve(ctx, rel, dir, sizeof(dir)) < 0) {
		snprintf(rel, sizeof(rel), "class/net/%s", name);
		if (mg_sysfs_resolve(ctx, rel, dir, sizeof(dir)) < 0)
			return -ENODEV;
		/* An interface, but no wiphy behind it: say so, not "no such name". */
		if (mg_path_join(rel, sizeof(rel), dir, "phy80211") < 0 || mg_sysfs_resolve(ctx, rel, dir, sizeof(dir)) < 0)
			return -EMEDIUMTYPE;
	}
	if (mg_path_join(rel, sizeof(rel), dir, "index") < 0 || (n = mg_gather_read(ctx, rel, buf, sizeof(buf) - 1)) < 0)
		return -ENODEV;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	v = strtol(buf, &end, 10);
	if (end == buf || *end || v < 0 || v > 1 << 30)
		return -ENODEV;
	*index = (int)v;
	return 0;
}

static int gather(struct mg_ctx *ctx, struct mg_wiphy_list *l, int wiphy)
{
	struct mg_nl80211_req req = { .cmd = NL80211_CMD_GET_WIPHY, .dump = true, .wiphy = wiphy };
	int err = mg_gather_nl80211(ctx, &req, on_wiphy, l);

	if (err < 0)
		return err;
	req = (struct mg_nl80211_req){ .cmd = NL80211_CMD_GET_INTERFACE, .dump = true, .wiphy = wiphy };
	if (l->count && (err = mg_gather_nl80211(ctx, &req, on_interface, l)) < 0 && err != MG_ENOTRECORDED)
		return err;
	req = (struct mg_nl80211_req){ .cmd = NL80211_CMD_GET_REG, .wiphy = -1 };
	if (l->count && mg_gather_nl80211(ctx, &req, on_reg, l) < 0)
		l->country[0] = '\0';
	for (size_t i = 0; i < l->count; i++) {
		struct mg_wiphy *w = l->items[i];

		for (size_t k = 0; k < w->nifaces; k++) {
			struct station_walk s = { w, &w->ifaces[k] };

			if (s.f->iftype != NL80211_IFTYPE_STATION && s.f->iftype != NL80211_IFTYPE_AP &&
			    s.f->iftype != NL80211_IFTYPE_P2P_CLIENT && s.f->iftype != NL80211_IFTYPE_P2P_GO)
				continue;
			req = (struct mg_nl80211_req){ .cmd = NL80211_CMD_GET_STATION, .dump = true, .wiphy = -1,
						       .ifindex = s.f->ifindex };
			s.f->stations_known = mg_gather_nl80211(ctx, &req, on_station, &s) == 0;
			/*
			 * The scan result holds the AP's capabilities, and its SSID where the
			 * interface names none (before 6.2 or so).
			 */
			if (s.f->connected) {
				req.cmd = NL80211_CMD_GET_SCAN;
				mg_gather_nl80211(ctx, &req, on_bss, s.f);
			}
		}
		mg_strlcpy(w->country, l->country, sizeof(w->country));
		if ((err = identify(ctx, w)) < 0)
			return err;
		firmware(ctx, w);
		unknowns(l, w);
	}
	return 0;
}

/*
 * Replies as a capture keeps them (one command's messages back to back,
 * each padded to 4 bytes) merged into @l as replay would: for the fuzzer.
 * A station reply goes to the first interface of the first wiphy.
 */
int mg_wiphy_list_parse(struct mg_wiphy_list *l, int cmd, const void *buf, size_t len)
{
	size_t off, size;
	int err = 0;

	for (off = 0; off + NLMSG_HDRLEN <= len && err == 0; off += NLMSG_ALIGN(size)) {
		const struct nlmsghdr *nlh = (const struct nlmsghdr *)((const char *)buf + off);
		struct station_walk s = { l->count ? l->items[0] : NULL, NULL };

		size = nlh->nlmsg_len;
		if (size < NLMSG_HDRLEN || size > len - off)
			break;
		if (cmd == NL80211_CMD_GET_WIPHY)
			err = on_wiphy(nlh, l);
		else if (cmd == NL80211_CMD_GET_INTERFACE)
			err = on_interface(nlh, l);
		else if (cmd == NL80211_CMD_GET_REG)
			err = on_reg(nlh, l);
		else if (s.w && s.w->nifaces && (s.f = &s.w->ifaces[0]))
			err = cmd == NL80211_CMD_GET_SCAN ? on_bss(nlh, s.f) : on_station(nlh, &s);
	}
	return err;
}

MG_EXPORT int mg_wiphy_list_new(struct mg_ctx *ctx, const char *name, struct mg_wiphy_list **list)
{
	struct mg_wiphy_list *l;
	int wiphy = -1, err;

	if (!ctx || !list)
		return -EINVAL;
	*list = NULL;
	if (name && (err = index_of(ctx, name, &wiphy)) < 0)
		return err == -EMEDIUMTYPE ? mg_fail(ctx, -ENODEV, "%s is not a Wi-Fi interface: no wiphy behind it", name)
					   : mg_fail(ctx, -ENODEV, "no wiphy or Wi-Fi interface named '%s'", name);
	if (!(l = calloc(1, sizeof(*l))))
		return -ENOMEM;
	l->kernel = kernel_version(ctx);
	err = gather(ctx, l, wiphy);
	if (err == MG_ENOTRECORDED) {
		l->unknown_reason = "the capture holds no nl80211 replies";
		err = 0;
	} else if (err == -EOPNOTSUPP && !name) {
		/* No cfg80211: no Wi-Fi. An empty list says so; asking about one card is an error. */
		l->unknown_reason = "the kernel has no nl80211 family (cfg80211 is not loaded)";
		mg_clear_error(ctx);
		err = 0;
	}
	if (err == 0 && name && !l->count)
		err = mg_fail(ctx, -ENODEV, "nl80211 knows no wiphy %d ('%s')", wiphy, name);
	else if (err < 0)
		mg_fail(ctx, err, "reading wiphys from nl80211");
	if (err < 0) {
		mg_wiphy_list_free(l);
		return err;
	}
	*list = l;
	return 0;
}

static void wiphy_free(struct mg_wiphy *w)
{
	for (int b = 0; b < MG_WIFI_BANDS; b++)
		free(w->bands[b].chans);
	for (size_t i = 0; i < w->nifaces; i++)
		free(w->ifaces[i].seen);
	free(w->ifaces);
	free(w);
}

MG_EXPORT struct mg_wiphy *mg_wiphy_ref(struct mg_wiphy *wiphy)
{
	if (wiphy)
		wiphy->refcount++;
	return wiphy;
}

MG_EXPORT struct mg_wiphy *mg_wiphy_unref(struct mg_wiphy *wiphy)
{
	if (wiphy && --wiphy->refcount == 0)
		wiphy_free(wiphy);
	return NULL;
}

MG_EXPORT void mg_wiphy_list_free(struct mg_wiphy_list *list)
{
	if (!list)
		return;
	for (size_t i = 0; i < list->count; i++)
		mg_wiphy_unref(list->items[i]);
	free(list->items);
	free(list);
}

MG_GETTER(size_t, mg_wiphy_list_count, mg_wiphy_list, count, 0)

MG_EXPORT struct mg_wiphy *mg_wiphy_list_get(const struct mg_wiphy_list *list, size_t index)
{
	return list && index < list->count ? list->items[index] : NULL;
}

MG_GETTER(const char *, mg_wiphy_list_get_unknown_reason, mg_wiphy_list, unknown_reason, NULL)

bool mg_wifi_iftype_is_station(int iftype)
{
	return iftype == NL80211_IFTYPE_STATION || iftype == NL80211_IFTYPE_P2P_CLIENT;
}

/* A string field of the wiphy's: NULL when unset (empty). */
#define WIPHY_STRING(fn, field)					\
	MG_EXPORT const char *fn(const struct mg_wiphy *w)	\
	{							\
		return w ? mg_nonempty(w->field) : NULL;		\
	}

WIPHY_STRING(mg_wiphy_get_name, name)

MG_GETTER(int, mg_wiphy_get_index, mg_wiphy, index, MG_UNKNOWN)
MG_GETTER(int, mg_wiphy_get_mlo, mg_wiphy, mlo, MG_UNKNOWN)
MG_GETTER(int, mg_wiphy_get_antenna_tx, mg_wiphy, ant_tx, MG_UNKNOWN)
MG_GETTER(int, mg_wiphy_get_antenna_rx, mg_wiphy, ant_rx, MG_UNKNOWN)
MG_GETTER(enum mg_bus, mg_wiphy_get_bus, mg_wiphy, bus, MG_BUS_OTHER)
WIPHY_STRING(mg_wiphy_get_address, address)
WIPHY_STRING(mg_wiphy_get_driver, driver)
WIPHY_STRING(mg_wiphy_get_firmware_version, firmware)
WIPHY_STRING(mg_wiphy_get_country, country)
MG_GETTER(size_t, mg_wiphy_get_interface_count, mg_wiphy, nifaces, 0)

MG_EXPORT const char *mg_wiphy_get_interface(const struct mg_wiphy *w, size_t index)
{
	return w && index < w->nifaces ? w->ifaces[index].name : NULL;
}

MG_EXPORT int mg_wiphy_supports_iftype(const struct mg_wiphy *w, const char *iftype)
{
	if (!w || !iftype || !w->have_iftypes)
		return MG_UNKNOWN;
	for (int t = 0; t < 32; t++)
		if (mg_wifi_iftype_name(t) && !strcmp(mg_wifi_iftype_name(t), iftype))
			return (w->iftypes >> t) & 1;
	return 0;
}

static const struct mg_wifi_band *band_of(const struct mg_wiphy *w, const char *band)
{
	if (!w || !band)
		return NULL;
	for (int b = 0; b < MG_WIFI_BANDS; b++)
		if (!strcmp(band_names[b], band))
			return w->bands[b].present ? &w->bands[b] : NULL;
	return NULL;
}

MG_EXPORT int mg_wiphy_band_supports(const struct mg_wiphy *w, const char *band, enum mg_wifi_mode mode)
{
	const struct mg_wifi_band *b = band_of(w, band);

	if (!b)
		return w && band ? 0 : MG_UNKNOWN;
	switch (mode) {
	case MG_WIFI_MODE_LEGACY: return 1;
	case MG_WIFI_MODE_HT: return b->ht;
	case MG_WIFI_MODE_VHT: return b->vht;
	case MG_WIFI_MODE_HE: return b->he;
	case MG_WIFI_MODE_EHT: return b->eht ? 1 : b->eht_known ? 0 : MG_UNKNOWN;
	}
	return MG_UNKNOWN;
}

MG_EXPORT int mg_wiphy_band_get_max_nss(const struct mg_wiphy *w, const char *band)
{
	const struct mg_wifi_band *b = band_of(w, band);
	struct mg_wifi_band_caps c;

	if (!b)
		return MG_UNKNOWN;
	mg_wifi_band_caps(b, (int)(b - w->bands), &c);
	return c.max_nss;
}

MG_EXPORT int mg_wiphy_band_get_max_width_mhz(const struct mg_wiphy *w, const char *band)
{
	const struct mg_wifi_band *b = band_of(w, band);
	struct mg_wifi_band_caps c;

	if (!b)
		return MG_UNKNOWN;
	mg_wifi_band_caps(b, (int)(b - w->bands), &c);
	return c.max_width_mhz;
}

MG_EXPORT int mg_wiphy_band_get_max_mcs(const struct mg_wiphy *w, const char *band)
{
	const struct mg_wifi_band *b = band_of(w, band);
	struct mg_wifi_band_caps c;

	if (!b)
		return MG_UNKNOWN;
	mg_wifi_band_caps(b, (int)(b - w->bands), &c);
	return c.max_mcs;
}

MG_EXPORT int mg_wiphy_band_get_max_mode(const struct mg_wiphy *w, const char *band)
{
	const struct mg_wifi_band *b = band_of(w, band);
	struct mg_wifi_band_caps c;

	if (!b)
		return MG_UNKNOWN;
	mg_wifi_band_caps(b, (int)(b - w->bands), &c);
	return c.max_mode;
}

MG_EXPORT int mg_wiphy_band_get_channels(const struct mg_wiphy *w, const char *band, int *enabled, int *disabled,
					 int *no_ir)
{
	const struct mg_wifi_band *b = band_of(w, band);
	struct mg_wifi_band_caps c;

	if (!b)
		return w && band ? -ENOENT : -EINVAL;
	mg_wifi_band_caps(b, (int)(b - w->bands), &c);
	if (enabled)
		*enabled = c.enabled;
	if (disabled)
		*disabled = c.disabled;
	if (no_ir)
		*no_ir = c.no_ir;
	return 0;
}

static const struct mg_wifi_iface *iface_named(const struct mg_wiphy *w, const char *ifname)
{
	if (!w || !ifname)
		return NULL;
	/*
	 * The name mg_wiphy_get_interface() handed out is that interface's
	 * own, even when a malformed reply gave two interfaces one name.
	 */
	for (size_t i = 0; i < w->nifaces; i++)
		if (w->ifaces[i].name == ifname)
			return &w->ifaces[i];
	for (size_t i = 0; i < w->nifaces; i++)
		if (!strcmp(w->ifaces[i].name, ifname))
			return &w->ifaces[i];
	return NULL;
}

MG_EXPORT int mg_wiphy_link_is_connected(const struct mg_wiphy *w, const char *ifname)
{
	const struct mg_wifi_iface *f = iface_named(w, ifname);

	return f && f->stations_known ? f->connected : MG_UNKNOWN;
}

MG_EXPORT int mg_wiphy_link_get_frequency_mhz(const struct mg_wiphy *w, const char *ifname)
{
	const struct mg_wifi_iface *f = iface_named(w, ifname);

	return f ? f->chan.freq_mhz : MG_UNKNOWN;
}

MG_EXPORT int mg_wiphy_link_get_width_mhz(const struct mg_wiphy *w, const char *ifname)
{
	const struct mg_wifi_iface *f = iface_named(w, ifname);

	return f ? f->chan.width_mhz : MG_UNKNOWN;
}

MG_EXPORT int mg_wiphy_link_get_ap_max_width_mhz(const struct mg_wiphy *w, const char *ifname)
{
	const struct mg_wifi_iface *f = iface_named(w, ifname);

	return f && f->connected ? mg_wifi_ap_max_width_mhz(&f->ap, f->chan.freq_mhz) : MG_UNKNOWN;
}

MG_EXPORT int mg_wiphy_link_get_signal_dbm(const struct mg_wiphy *w, const char *ifname)
{
	const struct mg_wifi_iface *f = iface_named(w, ifname);

	return f && f->connected ? f->signal_dbm : MG_UNKNOWN;
}

int mg_wiphy_link_get_signal_avg_dbm(const struct mg_wiphy *w, const char *ifname)
{
	const struct mg_wifi_iface *f = iface_named(w, ifname);

	return f && f->connected ? f->signal_avg_dbm : MG_UNKNOWN;
}

MG_EXPORT double mg_wiphy_link_get_bitrate_mbps(const struct mg_wiphy *w, const char *ifname,
						 enum mg_direction direction)
{
	const struct mg_wifi_iface *f = iface_named(w, ifname);
	const struct mg_wifi_rate_info *r;

	if (!f || !f->connected || (direction != MG_DIRECTION_RX && direction != MG_DIRECTION_TX))
		return -1.0;
	r = direction == MG_DIRECTION_TX ? &f->tx : &f->rx;
	return r->present && r->bitrate_100kbps >= 0 ? r->bitrate_100kbps / 10.0 : -1.0;
}

/* ---- the link's getters present/ reads, not exported (model.h) ---- */

int mg_wiphy_link_get_center1_mhz(const struct mg_wiphy *w, const char *ifname)
{
	const struct mg_wifi_iface *f = iface_named(w, ifname);

	return f ? f->chan.center1_mhz : MG_UNKNOWN;
}

int mg_wiphy_link_get_center2_mhz(const struct mg_wiphy *w, const char *ifname)
{
	const struct mg_wifi_iface *f = iface_named(w, ifname);

	return f ? f->chan.center2_mhz : MG_UNKNOWN;
}

const char *mg_wiphy_link_get_ssid(const struct mg_wiphy *w, const char *ifname, char *buf, size_t size)
{
	const struct mg_wifi_iface *f = iface_named(w, ifname);

	/* Stored as bytes with a length: a later, shorter reply may leave the earlier one's tail behind it. */
	if (!f || !f->have_ssid || !size || f->ssid_len >= size)
		return NULL;
	memcpy(buf, f->ssid, f->ssid_len);
	buf[f->ssid_len] = '\0';
	return buf;
}

const char *mg_wiphy_link_get_bssid(const struct mg_wiphy *w, const char *ifname)
{
	const struct mg_wifi_iface *f = iface_named(w, ifname);

	return f && f->connected ? f->bssid : NULL;
}

double mg_wiphy_link_get_expected_mbps(const struct mg_wiphy *w, const char *ifname)
{
	const struct mg_wifi_iface *f = iface_named(w, ifname);

	return f && f->expected_kbps >= 0 ? f->expected_kbps / 1000.0 : -1.0;
}

static const struct mg_wifi_rate_info *rate_of(const struct mg_wiphy *w, const char *ifname, enum mg_direction d)
{
	const struct mg_wifi_iface *f = iface_named(w, ifname);

	if (!f || (d != MG_DIRECTION_RX && d != MG_DIRECTION_TX))
		return NULL;
	return d == MG_DIRECTION_TX ? &f->tx : &f->rx;
}

bool mg_wiphy_link_has_rate(const struct mg_wiphy *w, const char *ifname, enum mg_direction d)
{
	const struct mg_wifi_rate_info *r = rate_of(w, ifname, d);

	return r && r->present;
}

#define RATE_GETTER(type, fn, expr, unknown)						\
	type fn(const struct mg_wiphy *w, const char *ifname, enum mg_direction d)	\
	{										\
		const struct mg_wifi_rate_info *r = rate_of(w, ifname, d);		\
											\
		return r && r->present ? (expr) : (unknown);				\
	}

RATE_GETTER(int, mg_wiphy_link_get_rate_mode, r->mode, MG_UNKNOWN)
RATE_GETTER(int, mg_wiphy_link_get_rate_mcs, r->mcs, MG_UNKNOWN)
RATE_GETTER(int, mg_wiphy_link_get_rate_nss, r->nss, MG_UNKNOWN)
RATE_GETTER(int, mg_wiphy_link_get_rate_gi_ns, r->gi_ns, MG_UNKNOWN)
RATE_GETTER(int, mg_wiphy_link_get_rate_width_mhz, r->width_mhz, MG_UNKNOWN)
RATE_GETTER(int, mg_wiphy_link_get_rate_dcm, r->dcm, MG_UNKNOWN)
RATE_GETTER(int, mg_wiphy_link_get_rate_ru, r->ru, MG_UNKNOWN)
RATE_GETTER(double, mg_wiphy_link_get_rate_library_mbps, r->own_mbps, -1.0)

/* ---- the wiphy's, an interface's and a band's getters present/ reads, not exported (model.h) ---- */

const char *mg_wiphy_get_device_path(const struct mg_wiphy *w)
{
	return w ? mg_nonempty(w->devpath) : NULL;
}

const char *mg_wiphy_get_mlo_reason(const struct mg_wiphy *w)
{
	return w ? w->mlo_reason : NULL;
}

int mg_wiphy_iface_get_ifindex(const struct mg_wiphy *w, const char *ifname)
{
	const struct mg_wifi_iface *f = iface_named(w, ifname);

	return f ? f->ifindex : MG_UNKNOWN;
}

int mg_wiphy_iface_get_iftype(const struct mg_wiphy *w, const char *ifname)
{
	const struct mg_wifi_iface *f = iface_named(w, ifname);

	return f ? f->iftype : MG_UNKNOWN;
}

const char *mg_wiphy_iface_get_mac(const struct mg_wiphy *w, const char *ifname)
{
	const struct mg_wifi_iface *f = iface_named(w, ifname);

	return f ? mg_nonempty(f->mac) : NULL;
}

int mg_wiphy_iface_get_stations(const struct mg_wiphy *w, const char *ifname)
{
	const struct mg_wifi_iface *f = iface_named(w, ifname);

	return f && f->stations_known ? f->stations : MG_UNKNOWN;
}

size_t mg_wiphy_iface_get_mlo_link_count(const struct mg_wiphy *w, const char *ifname)
{
	const struct mg_wifi_iface *f = iface_named(w, ifname);

	return f ? f->nlinks : 0;
}

static const struct mg_wifi_mlo_link *mlo_link(const struct mg_wiphy *w, const char *ifname, size_t i)
{
	const struct mg_wifi_iface *f = iface_named(w, ifname);

	return f && i < f->nlinks ? &f->links[i] : NULL;
}

int mg_wiphy_mlo_link_get_id(const struct mg_wiphy *w, const char *ifname, size_t i)
{
	const struct mg_wifi_mlo_link *k = mlo_link(w, ifname, i);

	return k ? k->id : MG_UNKNOWN;
}

const char *mg_wiphy_mlo_link_get_mac(const struct mg_wiphy *w, const char *ifname, size_t i)
{
	const struct mg_wifi_mlo_link *k = mlo_link(w, ifname, i);

	return k ? mg_nonempty(k->mac) : NULL;
}

int mg_wiphy_mlo_link_get_mhz(const struct mg_wiphy *w, const char *ifname, size_t i, char what)
{
	const struct mg_wifi_mlo_link *k = mlo_link(w, ifname, i);

	if (!k)
		return MG_UNKNOWN;
	switch (what) {
	case 'f': return k->chan.freq_mhz;
	case 'w': return k->chan.width_mhz;
	case '1': return k->chan.center1_mhz;
	case '2': return k->chan.center2_mhz;
	}
	return MG_UNKNOWN;
}

#define BAND_CAP(fn, expr)							\
	int fn(const struct mg_wiphy *w, const char *band)			\
	{									\
		const struct mg_wifi_band *b = band_of(w, band);		\
		struct mg_wifi_band_caps c;					\
										\
		if (!b)								\
			return MG_UNKNOWN;					\
		mg_wifi_band_caps(b, (int)(b - w->bands), &c);			\
		return (expr);							\
	}

BAND_CAP(mg_wiphy_band_get_ht_max_index, c.ht_max_index)
BAND_CAP(mg_wiphy_band_get_ht_nss, c.ht_nss)
BAND_CAP(mg_wiphy_band_get_vht_max_mcs, c.vht_max_mcs)
BAND_CAP(mg_wiphy_band_get_vht_nss, c.vht_nss)
BAND_CAP(mg_wiphy_band_get_he_max_mcs, c.he_max_mcs)
BAND_CAP(mg_wiphy_band_get_he_nss, c.he_nss)
BAND_CAP(mg_wiphy_band_get_eht_max_mcs, c.eht_max_mcs)
BAND_CAP(mg_wiphy_band_get_eht_nss, c.eht_nss)
BAND_CAP(mg_wiphy_band_get_eht_320, c.eht_320)

const char *mg_wiphy_band_get_eht_reason(const struct mg_wiphy *w, const char *band)
{
	const struct mg_wifi_band *b = band_of(w, band);

	return b && !b->eht && !b->eht_known ? b->eht_reason : NULL;
}

size_t mg_wiphy_band_get_channel_count(const struct mg_wiphy *w, const char *band)
{
	const struct mg_wifi_band *b = band_of(w, band);

	return b ? b->nchans : 0;
}

#define CHANNEL_GETTER(fn, field)							\
	int fn(const struct mg_wiphy *w, const char *band, size_t i)			\
	{										\
		const struct mg_wifi_band *b = band_of(w, band);			\
											\
		return b && i < b->nchans ? b->chans[i].field : 0;			\
	}

CHANNEL_GETTER(mg_wiphy_channel_get_freq_mhz, freq_mhz)
CHANNEL_GETTER(mg_wiphy_channel_get_offset_khz, offset_khz)
CHANNEL_GETTER(mg_wiphy_channel_is_disabled, disabled)
CHANNEL_GETTER(mg_wiphy_channel_is_no_ir, no_ir)
CHANNEL_GETTER(mg_wiphy_channel_is_radar, radar)
