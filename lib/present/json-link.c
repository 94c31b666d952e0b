/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* EEE, offloads and cable diagnostics as JSON. */
#include <errno.h>

#include "present/present.h"

static void eee_modes(struct mg_json *j, const struct mg_eee *e, enum mg_modes which)
{
	mg_json_array(j);
	for (size_t i = 0; i < mg_eee_get_mode_count(e, which); i++)
		mg_json_str(j, mg_eee_get_mode(e, which, i));
	mg_json_array_end(j);
}

/*
 * "error" only where the driver lacks EEE or reports no mode, "modes_unknown"
 * only where the kernel reports EEE on its first 32 modes (before 6.9).
 */
void mg_json_eee(struct mg_json *j, const struct mg_eee *e)
{
	long long timer = mg_eee_get_tx_lpi_timer_usecs(e);

	if (!e) {
		mg_json_null(j);
		return;
	}
	mg_json_object(j);
	mg_json_key(j, "supported");
	mg_json_bool_or_null(j, mg_eee_get_supported(e));
	if (mg_eee_get_error(e)) {
		mg_json_key(j, "error");
		mg_json_str(j, mg_eee_get_error(e));
	}
	mg_json_key(j, "enabled");
	mg_json_bool_or_null(j, mg_eee_get_enabled(e));
	mg_json_key(j, "active");
	mg_json_bool_or_null(j, mg_eee_get_active(e));
	mg_json_key(j, "tx_lpi_enabled");
	mg_json_bool_or_null(j, mg_eee_get_tx_lpi_enabled(e));
	mg_json_key(j, "tx_lpi_timer_us");
	if (timer == MG_UNKNOWN)
		mg_json_null(j);
	else
		mg_json_int(j, timer);
	mg_json_key(j, "supported_modes");
	eee_modes(j, e, MG_MODES_SUPPORTED);
	mg_json_key(j, "advertised_modes");
	eee_modes(j, e, MG_MODES_ADVERTISED);
	mg_json_key(j, "partner_modes");
	eee_modes(j, e, MG_MODES_PARTNER);
	/* Like "error": there only when the kernel leaves some modes unknown. */
	if (mg_eee_get_modes_unknown(e)) {
		mg_json_key(j, "modes_unknown");
		mg_json_str(j, mg_eee_get_modes_unknown(e));
	}
	mg_json_object_end(j);
}

MG_JSON_EXPORT(mg_eee_to_json, mg_eee, mg_json_eee)

/* name -> { active, wanted, fixed }: an interface has some sixty. */
void mg_json_features(struct mg_json *j, const struct mg_features *f)
{
	if (!f) {
		mg_json_null(j);
		return;
	}
	mg_json_object(j);
	for (size_t i = 0; i < mg_features_get_count(f); i++) {
		mg_json_key(j, mg_features_get_name(f, i));
		mg_json_object(j);
		mg_json_key(j, "active");
		mg_json_bool(j, mg_features_get_active(f, i) == 1);
		mg_json_key(j, "wanted");
		mg_json_bool(j, mg_features_get_wanted(f, i) == 1);
		mg_json_key(j, "fixed");
		mg_json_bool(j, mg_features_get_fixed(f, i) == 1);
		mg_json_object_end(j);
	}
	mg_json_object_end(j);
}

MG_JSON_EXPORT(mg_features_to_json, mg_features, mg_json_features)

/* ---- cable diagnostics ---- */

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
