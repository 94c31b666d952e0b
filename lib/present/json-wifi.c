/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* JSON of the Wi-Fi rate model's answer (estimate --wifi); the wiphys are wiphy.c's. */
#include <stdio.h>

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
