/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The throughput model's answer for a PCIe link, JSON and text from one
 * writer: what the link carries, the TCP goodput ceilings each way, and,
 * with a line rate, the Ethernet ceiling and what limits each direction.
 */
#include <errno.h>

#include "present/present.h"

/*
 * In text "ceiling (TCP goodput): ..." and, with a line rate, "ethernet
 * ceiling: ...; expected: ..."; @text_flags add the "PCIe:" line of what
 * the link carries (estimate's own) and the note of a lower bound (a
 * path whose MPS is unknown). The text names each direction's limit
 * beside its figure, where JSON has them after the figures.
 */
void mg_out_estimate(struct mg_out *o, const char *key, const struct mg_estimate *e, unsigned int text_flags)
{
	bool pcie = text_flags & MG_OUT_ESTIMATE_PCIE, ethernet = mg_estimate_get_ethernet_ceiling_gbps(e) >= 0;

	mg_out_object(o, key);
	mg_out_gbps(o, "pcie_available_gbps", pcie ? "PCIe: %.3f Gb/s available" : NULL,
		    mg_estimate_get_pcie_available_gbps(e));
	mg_out_gbps(o, "link_data_rate_gbps", pcie ? ", %.3f Gb/s for TLPs after DLLPs and SKPs\n" : NULL,
		    mg_estimate_get_link_data_rate_gbps(e));
	mg_out_gbps(o, "rx_ceiling_gbps", "ceiling (TCP goodput): receive %.3f Gbit/s",
		    mg_estimate_get_rx_ceiling_gbps(e));
	mg_out_gbps(o, "tx_ceiling_gbps", ", transmit %.3f Gbit/s", mg_estimate_get_tx_ceiling_gbps(e));
	mg_out_text(o, "%s\n", text_flags & MG_OUT_ESTIMATE_LOWER ? " (lower bound: MPS unknown, 128 assumed)" : "");
	mg_out_gbps(o, "ethernet_ceiling_gbps", ethernet ? "ethernet ceiling: %.3f Gbit/s; expected:" : NULL,
		    mg_estimate_get_ethernet_ceiling_gbps(e));
	mg_out_gbps(o, "expected_rx_gbps", ethernet ? " receive %.3f" : NULL, mg_estimate_get_expected_rx_gbps(e));
	mg_out_limit(o, NULL, ethernet ? " (%s)," : NULL, mg_estimate_get_limited_by(e, MG_DIRECTION_RX));
	mg_out_gbps(o, "expected_tx_gbps", ethernet ? " transmit %.3f" : NULL, mg_estimate_get_expected_tx_gbps(e));
	mg_out_limit(o, "limited_by", NULL, mg_estimate_get_overall_limit(e));
	mg_out_limit(o, "limited_by_rx", NULL, mg_estimate_get_limited_by(e, MG_DIRECTION_RX));
	mg_out_limit(o, "limited_by_tx", ethernet ? " (%s)\n" : NULL, mg_estimate_get_limited_by(e, MG_DIRECTION_TX));
	mg_out_object_end(o);
}

void mg_json_estimate(struct mg_json *j, const struct mg_estimate *e)
{
	struct mg_out o = { .j = j };

	mg_out_estimate(&o, NULL, e, 0);
}

/* estimate's own text: what the link carries first. */
static void estimate_text(struct mg_out *o, const struct mg_estimate *e)
{
	mg_out_estimate(o, NULL, e, MG_OUT_ESTIMATE_PCIE);
}

MG_JSON_EXPORT(mg_estimate_to_json, mg_estimate, mg_json_estimate)
MG_TEXT_EXPORT(mg_estimate_to_text, mg_estimate, estimate_text)
