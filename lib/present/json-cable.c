/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Cable diagnostics as JSON: what the PHY can test, and a test's result. */
#include <errno.h>

#include "present/present.h"

MG_EXPORT int mg_cable_info_to_json(const struct mg_cable_info *info, const char *ifname, unsigned int flags,
				    char **json)
{
	struct mg_json j;
	int err = mg_json_check(info, flags, MG_JSON_LINE | MG_JSON_BYTES, json);

	if (err < 0)
		return err;
	mg_json_init(&j, flags, 0);
	mg_json_object(&j);
	mg_json_key(&j, "name");
	mg_json_str(&j, ifname);
	mg_json_key(&j, "support");
	mg_json_str(&j, mg_cable_support_name(mg_cable_info_get_support(info)));
	mg_json_key(&j, "reason");
	mg_json_str(&j, mg_cable_info_get_reason(info));
	mg_json_key(&j, "phy_driver");
	mg_json_str(&j, mg_cable_info_get_phy_driver(info));
	mg_json_key(&j, "tdr");
	mg_json_bool_or_null(&j, mg_cable_info_get_tdr(info));
	mg_json_object_end(&j);
	return mg_json_take(&j, json);
}

static void tdr_trace(struct mg_json *j, const struct mg_cable_result *r)
{
	mg_json_array(j);
	for (size_t i = 0; i < mg_cable_result_get_tdr_count(r); i++) {
		int pair = 0, cm = 0, mv = 0;

		mg_cable_result_get_tdr_sample(r, i, &pair, &cm, &mv);
		mg_json_object(j);
		mg_json_key(j, "pair");
		mg_json_int(j, pair);
		mg_json_key(j, "distance_cm");
		mg_json_int(j, cm);
		mg_json_key(j, "mv");
		mg_json_int(j, mv);
		mg_json_object_end(j);
	}
	mg_json_array_end(j);
}

MG_EXPORT int mg_cable_result_to_json(const struct mg_cable_result *result, const char *ifname, unsigned int flags,
				      char **json)
{
	struct mg_json j;
	int err = mg_json_check(result, flags, MG_JSON_TDR | MG_JSON_LINE | MG_JSON_BYTES, json);

	if (err < 0)
		return err;
	mg_json_init(&j, flags, 0);
	mg_json_object(&j);
	mg_json_key(&j, "name");
	mg_json_str(&j, ifname);
	mg_json_key(&j, "pairs");
	mg_json_array(&j);
	for (int p = 0; p < 4; p++) {
		char name[2] = { (char)('A' + p), '\0' };

		mg_json_object(&j);
		mg_json_key(&j, "pair");
		mg_json_str(&j, name);
		mg_json_key(&j, "code");
		mg_json_str(&j, mg_cable_code_name(mg_cable_result_get_code(result, p)));
		mg_json_key(&j, "fault_length_cm");
		mg_json_int_or_null(&j, mg_cable_result_get_fault_length_cm(result, p));
		mg_json_object_end(&j);
	}
	mg_json_array_end(&j);
	if (flags & MG_JSON_TDR) {
		mg_json_key(&j, "tdr");
		tdr_trace(&j, result);
	}
	mg_json_object_end(&j);
	return mg_json_take(&j, json);
}
