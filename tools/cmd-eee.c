/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The EEE part of multigig show: "eee" in JSON, one line in text. */
#include <stdio.h>

#include "cli.h"

static json_object *jflag(int v)
{
	return v == MG_UNKNOWN ? NULL : json_object_new_boolean(v);
}

static json_object *eee_modes_json(const struct mg_eee *e, enum mg_modes which)
{
	json_object *arr = json_object_new_array();

	for (size_t i = 0; i < mg_eee_get_mode_count(e, which); i++)
		json_object_array_add(arr, json_object_new_string(mg_eee_get_mode(e, which, i)));
	return arr;
}

/* NULL (JSON null) when EEE was not read: a capture without it. */
json_object *eee_json(const struct mg_eee *e)
{
	json_object *o;
	long long timer = mg_eee_get_tx_lpi_timer_usecs(e);

	if (!e)
		return NULL;
	o = json_object_new_object();
	put(o, "supported", jflag(mg_eee_get_supported(e)));
	if (mg_eee_get_error(e))
		put(o, "error", json_object_new_string(mg_eee_get_error(e)));
	put(o, "enabled", jflag(mg_eee_get_enabled(e)));
	put(o, "active", jflag(mg_eee_get_active(e)));
	put(o, "tx_lpi_enabled", jflag(mg_eee_get_tx_lpi_enabled(e)));
	put(o, "tx_lpi_timer_us", timer == MG_UNKNOWN ? NULL : json_object_new_int64(timer));
	put(o, "supported_modes", eee_modes_json(e, MG_MODES_SUPPORTED));
	put(o, "advertised_modes", eee_modes_json(e, MG_MODES_ADVERTISED));
	put(o, "partner_modes", eee_modes_json(e, MG_MODES_PARTNER));
	/* Like "error": there only when the kernel leaves some modes unknown. */
	if (mg_eee_get_modes_unknown(e))
		put(o, "modes_unknown", json_object_new_string(mg_eee_get_modes_unknown(e)));
	return o;
}

static const char *on_off(int v)
{
	return v == MG_UNKNOWN ? "unknown" : v ? "on" : "off";
}

void print_eee(const struct mg_eee *e)
{
	long long timer = mg_eee_get_tx_lpi_timer_usecs(e);

	if (!e)
		return;
	printf("%-18s", "eee:");
	if (mg_eee_get_enabled(e) == MG_UNKNOWN && mg_eee_get_error(e)) {
		printf(" %s\n", mg_eee_get_error(e));
		return;
	}
	printf(" %s, %s", mg_eee_get_enabled(e) == 1 ? "enabled" : mg_eee_get_enabled(e) == 0 ? "disabled" : "enabled?",
	       mg_eee_get_active(e) == 1 ? "active" : mg_eee_get_active(e) == 0 ? "not active" : "active?");
	printf(", tx-lpi %s", on_off(mg_eee_get_tx_lpi_enabled(e)));
	if (timer != MG_UNKNOWN)
		printf(" after %lld us", timer);
	if (mg_eee_get_error(e))
		printf(" (%s)", mg_eee_get_error(e));
	printf("\n");
	if (mg_eee_get_mode_count(e, MG_MODES_ADVERTISED)) {
		printf("%-18s", "eee advertised:");
		for (size_t i = 0; i < mg_eee_get_mode_count(e, MG_MODES_ADVERTISED); i++)
			printf(" %s", mg_eee_get_mode(e, MG_MODES_ADVERTISED, i));
		printf("\n");
	}
	if (mg_eee_get_modes_unknown(e))
		printf("%-18s %s\n", "eee modes unknown:", mg_eee_get_modes_unknown(e));
}
