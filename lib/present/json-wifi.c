/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* JSON of the Wi-Fi rate model's answer (estimate --wifi); the wiphys are wiphy.c's. */
#include "present/present.h"

void mg_json_wifi_rate(struct mg_json *j, const struct mg_wifi_rate *r)
{
	struct mg_out o = { .j = j };
	char coding[16];

	mg_out_object(&o, NULL);
	mg_out_str(&o, "mode", NULL, mg_wifi_mode_name((enum mg_wifi_mode)mg_wifi_rate_get_mode(r)));
	mg_out_int(&o, "mcs", NULL, mg_wifi_rate_get_mcs(r));
	mg_out_int(&o, "nss", NULL, mg_wifi_rate_get_nss(r));
	mg_out_int(&o, "width_mhz", NULL, mg_wifi_rate_get_width_mhz(r));
	mg_out_fixed(&o, "gi_us", NULL, mg_wifi_rate_get_gi_ns(r) / 1000.0, 1);
	mg_out_int(&o, "data_subcarriers", NULL, mg_wifi_rate_get_subcarriers(r));
	mg_out_int(&o, "bits_per_subcarrier", NULL, mg_wifi_rate_get_bits(r));
	mg_out_str(&o, "coding_rate", NULL, mg_wifi_rate_get_coding(r, coding, sizeof(coding)));
	mg_out_fixed(&o, "symbol_us", NULL, mg_wifi_rate_get_symbol_ns(r) / 1000.0, 1);
	mg_out_fixed(&o, "phy_rate_mbps", NULL, mg_wifi_rate_get_phy_mbps(r), 1);
	mg_out_fixed(&o, "tcp_goodput_mbps", NULL, mg_wifi_rate_get_tcp_goodput_mbps(r), 1);
	mg_out_int(&o, "efficiency_pct", NULL, mg_wifi_rate_get_efficiency_pct(r));
	mg_out_str(&o, "efficiency_source", NULL, mg_wifi_rate_get_efficiency_source(r));
	mg_out_object_end(&o);
}

MG_JSON_EXPORT(mg_wifi_rate_to_json, mg_wifi_rate, mg_json_wifi_rate)
