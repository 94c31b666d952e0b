/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The throughput verdict for an adapter, JSON and text from one writer:
 * the TCP goodput to expect each way, what limits it, the MTU it assumes,
 * and whether the PCIe figure is a lower bound.
 */
#include <errno.h>

#include "present/present.h"

/* One direction's goodput: "unknown" in text where a Wi-Fi station reports a rate one way only. */
static void expected(struct mg_out *o, const char *key, const char *fmt, double gbps, bool line)
{
	mg_out_gbps(o, key, line && gbps >= 0 ? fmt : NULL, gbps);
	if (line && gbps < 0)
		mg_out_text(o, " unknown");
}

/*
 * "expected:          receive 2.354 Gbit/s (ethernet), transmit 2.354
 * Gbit/s (ethernet) of TCP at MTU 1500"; no line when neither way is
 * known. The text says each direction's limit beside its figure and the
 * MTU after them, where JSON has them after the figures and before.
 */
void mg_out_throughput(struct mg_out *o, const struct mg_throughput *t)
{
	double rx = mg_throughput_get_expected_gbps(t, MG_DIRECTION_RX);
	double tx = mg_throughput_get_expected_gbps(t, MG_DIRECTION_TX);
	bool line = rx >= 0 || tx >= 0;

	mg_out_object(o, NULL);
	mg_out_int(o, "line_rate_mbps", NULL, mg_throughput_get_line_rate_mbps(t));
	mg_out_int(o, "mtu", NULL, mg_throughput_get_mtu(t));
	if (line)
		mg_out_text(o, "%-18s receive", "expected:");
	expected(o, "expected_rx_gbps", " %.3f Gbit/s", rx, line);
	mg_out_limit(o, NULL, line ? " (%s), transmit" : NULL, mg_throughput_get_limited_by(t, MG_DIRECTION_RX));
	expected(o, "expected_tx_gbps", " %.3f Gbit/s", tx, line);
	mg_out_limit(o, "limited_by", NULL, mg_throughput_get_overall_limit(t));
	mg_out_limit(o, "limited_by_rx", NULL, mg_throughput_get_limited_by(t, MG_DIRECTION_RX));
	mg_out_limit(o, "limited_by_tx", line ? " (%s)" : NULL, mg_throughput_get_limited_by(t, MG_DIRECTION_TX));
	mg_out_int(o, NULL, line ? " of TCP at MTU %d" : NULL, mg_throughput_get_mtu(t));
	mg_out_bool(o, "lower_bound",
		    line && mg_throughput_is_lower_bound(t) ? " (PCIe figure a lower bound: MPS unknown)" : NULL,
		    mg_throughput_is_lower_bound(t));
	if (line)
		mg_out_text(o, "\n");
	/* Only where a Wi-Fi link was added: other adapters' objects stay as they were. */
	if (mg_throughput_get_wifi_ceiling_gbps(t, MG_DIRECTION_RX) >= 0 ||
	    mg_throughput_get_wifi_ceiling_gbps(t, MG_DIRECTION_TX) >= 0) {
		mg_out_gbps(o, "wifi_ceiling_rx_gbps", NULL, mg_throughput_get_wifi_ceiling_gbps(t, MG_DIRECTION_RX));
		mg_out_gbps(o, "wifi_ceiling_tx_gbps", NULL, mg_throughput_get_wifi_ceiling_gbps(t, MG_DIRECTION_TX));
	}
	mg_out_object_end(o);
}

MG_OUT_EXPORT(mg_throughput_to_json, mg_throughput_to_text, mg_throughput, mg_out_throughput)
