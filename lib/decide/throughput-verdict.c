/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The verdict: what an adapter can carry in each direction and which link
 * sets it. Pure: it takes what was gathered (the adapter, its PCIe path)
 * and decides, so the CLI, the bindings and any other program present one
 * answer instead of each working it out again.
 */
#include <errno.h>
#include <stdlib.h>

#include "decide/decide.h"

#define DEFAULT_MTU 1500

struct mg_throughput {
	int line_mbps;
	int mtu;
	struct mg_estimate *estimate;
	bool lower_bound;
	int usb_mbps, usb_data_mbps, usb_overhead_pct, usb_ceiling_mbps;
	double expected[2];		/* by enum mg_direction; < 0 unknown */
	enum mg_limit limit[2];
	double wifi_gbps[2];		/* the Wi-Fi link's TCP ceiling; < 0 unknown */
};

static bool valid_direction(enum mg_direction d)
{
	return d == MG_DIRECTION_RX || d == MG_DIRECTION_TX;
}

/* Offer a ceiling; a later one must be strictly lower, so the bus, offered first, wins a tie. */
static void consider(struct mg_throughput *t, enum mg_direction d, double gbps, enum mg_limit limit)
{
	if (gbps < 0)
		return;
	if (t->limit[d] == MG_LIMIT_UNKNOWN || gbps < t->expected[d]) {
		t->expected[d] = gbps;
		t->limit[d] = limit;
	}
}

/* The USB link's ceiling: line coding, then an estimated protocol overhead. */
static void usb_ceiling(struct mg_throughput *t, const struct mg_nic *nic)
{
	int overhead, data;

	t->usb_mbps = nic ? mg_nic_get_usb_speed_mbps(nic) : MG_UNKNOWN;
	data = t->usb_mbps > 0 ? mg_usb_data_ceiling_mbps(t->usb_mbps, &overhead) : -EINVAL;
	if (data < 0)
		return;
	t->usb_data_mbps = data;
	t->usb_overhead_pct = overhead;
	t->usb_ceiling_mbps = data * (100 - overhead) / 100;
}

static void decide(struct mg_throughput *t, const struct mg_nic *nic)
{
	const struct mg_estimate *e = t->estimate;

	/* A virtual interface's speed is a number it reports, not a wire. */
	if (nic && mg_nic_get_bus(nic) == MG_BUS_VIRTUAL)
		return;
	if (t->mtu < 68 || t->mtu > 65535)
		return;
	for (int d = MG_DIRECTION_RX; d <= MG_DIRECTION_TX; d++) {
		if (e)
			consider(t, d, d == MG_DIRECTION_TX ? mg_estimate_get_tx_ceiling_gbps(e)
							    : mg_estimate_get_rx_ceiling_gbps(e),
				 MG_LIMIT_PCIE);
		/* USB carries the frames, header included; no preamble or gap. */
		if (t->usb_ceiling_mbps != MG_UNKNOWN)
			consider(t, d, t->usb_ceiling_mbps / 1000.0 * mg_tcp_share(t->mtu), MG_LIMIT_USB);
		if (t->line_mbps > 0)
			consider(t, d, mg_ethernet_tcp_gbps(t->line_mbps, t->mtu), MG_LIMIT_ETHERNET);
	}
}

MG_EXPORT int mg_throughput_new(const struct mg_nic *nic, const struct mg_pcie_path *path,
				struct mg_throughput **throughput)
{
	struct mg_throughput *t;
	int lower = 0, err;

	if (!throughput)
		return -EINVAL;
	*throughput = t = calloc(1, sizeof(*t));
	if (!t)
		return -ENOMEM;
	t->line_mbps = nic && mg_nic_get_speed_mbps(nic) > 0 ? mg_nic_get_speed_mbps(nic) : MG_UNKNOWN;
	t->mtu = nic && mg_nic_get_mtu(nic) > 0 ? mg_nic_get_mtu(nic) : DEFAULT_MTU;
	t->usb_data_mbps = t->usb_overhead_pct = t->usb_ceiling_mbps = MG_UNKNOWN;
	t->expected[MG_DIRECTION_RX] = t->expected[MG_DIRECTION_TX] = -1.0;
	t->wifi_gbps[MG_DIRECTION_RX] = t->wifi_gbps[MG_DIRECTION_TX] = -1.0;
	/* No link state on the path, or an MTU the model refuses: no PCIe figure. */
	err = path ? mg_pcie_path_estimate(path, t->mtu, t->line_mbps > 0 ? t->line_mbps : 0,
					   &t->estimate, &lower) : 0;
	if (err == -ENOMEM) {
		mg_throughput_free(t);
		*throughput = NULL;
		return err;
	}
	t->lower_bound = t->estimate && lower;
	usb_ceiling(t, nic);
	decide(t, nic);
	return 0;
}

MG_EXPORT void mg_throughput_free(struct mg_throughput *throughput)
{
	if (!throughput)
		return;
	mg_estimate_free(throughput->estimate);
	free(throughput);
}

MG_EXPORT int mg_throughput_get_line_rate_mbps(const struct mg_throughput *t)
{
	return t ? t->line_mbps : MG_UNKNOWN;
}

MG_EXPORT int mg_throughput_get_mtu(const struct mg_throughput *t)
{
	return t ? t->mtu : MG_UNKNOWN;
}

MG_EXPORT double mg_throughput_get_expected_gbps(const struct mg_throughput *t, enum mg_direction d)
{
	return t && valid_direction(d) ? t->expected[d] : -1.0;
}

MG_EXPORT enum mg_limit mg_throughput_get_limited_by(const struct mg_throughput *t, enum mg_direction d)
{
	return t && valid_direction(d) ? t->limit[d] : MG_LIMIT_UNKNOWN;
}

MG_EXPORT enum mg_limit mg_throughput_get_overall_limit(const struct mg_throughput *t)
{
	return t ? mg_limit_overall(t->limit[MG_DIRECTION_RX], t->limit[MG_DIRECTION_TX])
		 : MG_LIMIT_UNKNOWN;
}

MG_EXPORT const struct mg_estimate *mg_throughput_get_estimate(const struct mg_throughput *t)
{
	return t ? t->estimate : NULL;
}

MG_EXPORT int mg_throughput_is_lower_bound(const struct mg_throughput *t)
{
	return t && t->lower_bound;
}

MG_EXPORT int mg_throughput_get_usb_speed_mbps(const struct mg_throughput *t)
{
	return t ? t->usb_mbps : MG_UNKNOWN;
}

MG_EXPORT int mg_throughput_get_usb_data_ceiling_mbps(const struct mg_throughput *t)
{
	return t ? t->usb_data_mbps : MG_UNKNOWN;
}

MG_EXPORT int mg_throughput_get_usb_overhead_pct(const struct mg_throughput *t)
{
	return t ? t->usb_overhead_pct : MG_UNKNOWN;
}

MG_EXPORT int mg_throughput_get_usb_ceiling_mbps(const struct mg_throughput *t)
{
	return t ? t->usb_ceiling_mbps : MG_UNKNOWN;
}

/*
 * A station's link over the air: the rate it last received at (the
 * adapter then writes those frames to memory: RX) and sent at (TX), times
 * the rate model's efficiency. Offered last, so the bus wins a tie.
 */
MG_EXPORT int mg_throughput_add_wifi(struct mg_throughput *t, const struct mg_wiphy *wiphy, const char *ifname)
{
	if (!t || !wiphy || !ifname)
		return -EINVAL;
	if (mg_wiphy_link_is_connected(wiphy, ifname) != 1)
		return -ENOTCONN;
	for (int d = MG_DIRECTION_RX; d <= MG_DIRECTION_TX; d++) {
		double mbps = mg_wiphy_link_get_bitrate_mbps(wiphy, ifname, (enum mg_direction)d);

		if (mbps <= 0)
			continue;
		t->wifi_gbps[d] = mbps * mg_wifi_efficiency_pct() / 100.0 / 1000.0;
		consider(t, (enum mg_direction)d, t->wifi_gbps[d], MG_LIMIT_WIFI);
	}
	return 0;
}

MG_EXPORT double mg_throughput_get_wifi_ceiling_gbps(const struct mg_throughput *t, enum mg_direction d)
{
	return t && valid_direction(d) ? t->wifi_gbps[d] : -1.0;
}

/* The model's inputs from a path: the limiting link, its MPS (or the device's). */
MG_EXPORT int mg_pcie_path_estimate(const struct mg_pcie_path *path, int mtu, int link_mbps,
				    struct mg_estimate **estimate, int *lower_bound)
{
	const struct mg_pcie_node *lim = path && path->limit >= 0 ? &path->nodes[path->limit] : NULL;
	int mps;

	if (!estimate)
		return -EINVAL;
	*estimate = NULL;
	if (!lim)
		return -ENODATA;
	/* Unknown MPS (unprivileged): the smallest, so the figure is a floor. */
	mps = lim->mps != MG_UNKNOWN ? lim->mps : path->nodes[0].mps;
	if (lower_bound)
		*lower_bound = mps == MG_UNKNOWN;
	if (mps == MG_UNKNOWN)
		mps = 128;
	return mg_estimate_for_link(mg_pcie_speed_code(lim->speed), lim->width, mps, mtu, link_mbps,
				    estimate);
}
