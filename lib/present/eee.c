/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Energy-Efficient Ethernet, JSON and text from one writer: whether it is
 * enabled and active, TX LPI and its timer, the modes of both ends, and
 * what the driver or the kernel could not say.
 */
#include <errno.h>

#include "present/present.h"

/* A list of modes; its line of text only with a @label and a mode. */
static void modes(struct mg_out *o, const char *key, const char *label, const struct mg_eee *e,
		  enum mg_modes which)
{
	size_t n = mg_eee_get_mode_count(e, which);

	mg_out_array(o, key);
	if (n && label)
		mg_out_text(o, "%-18s", label);
	for (size_t i = 0; i < n; i++)
		mg_out_item(o, label ? " %s" : NULL, mg_eee_get_mode(e, which, i));
	if (n && label)
		mg_out_text(o, "\n");
	mg_out_array_end(o);
}

/*
 * "eee: enabled, active, tx-lpi on after 16 us" (and the error after it),
 * or the error alone when the state is unknown. In JSON, "error" only
 * where the driver lacks EEE or reports no mode.
 */
static void state(struct mg_out *o, const struct mg_eee *e)
{
	int enabled = mg_eee_get_enabled(e), active = mg_eee_get_active(e);
	const char *error = mg_eee_get_error(e);
	long long timer = mg_eee_get_tx_lpi_timer_usecs(e);
	bool line = !(enabled == MG_UNKNOWN && error);

	mg_out_text(o, "%-18s", "eee:");
	mg_out_bool(o, "supported", NULL, mg_eee_get_supported(e));
	if (error)
		mg_out_str(o, "error", line ? NULL : " %s\n", error);
	mg_out_bool(o, "enabled", NULL, enabled);
	mg_out_bool(o, "active", NULL, active);
	if (line)
		mg_out_text(o, " %s, %s", enabled == 1 ? "enabled" : enabled == 0 ? "disabled" : "enabled?",
			    active == 1 ? "active" : active == 0 ? "not active" : "active?");
	mg_out_word(o, "tx_lpi_enabled", line ? ", tx-lpi %s" : NULL, mg_eee_get_tx_lpi_enabled(e), "on", "off");
	if (timer == MG_UNKNOWN)
		mg_out_null(o, "tx_lpi_timer_us");
	else
		mg_out_long(o, "tx_lpi_timer_us", line ? " after %lld us" : NULL, timer);
	if (line && error)
		mg_out_str(o, NULL, " (%s)", error);
	if (line)
		mg_out_text(o, "\n");
}

void mg_out_eee(struct mg_out *o, const struct mg_eee *e)
{
	const char *unknown;
	bool known;

	if (!e) {
		mg_out_null(o, NULL);
		return;
	}
	unknown = mg_eee_get_modes_unknown(e);
	/* In text, a state that is unknown for an error is said by the error alone. */
	known = !(mg_eee_get_enabled(e) == MG_UNKNOWN && mg_eee_get_error(e));
	mg_out_object(o, NULL);
	state(o, e);
	modes(o, "supported_modes", NULL, e, MG_MODES_SUPPORTED);
	modes(o, "advertised_modes", known ? "eee advertised:" : NULL, e, MG_MODES_ADVERTISED);
	modes(o, "partner_modes", NULL, e, MG_MODES_PARTNER);
	/* Only where the kernel reports EEE on its first 32 modes (before 6.9). */
	if (unknown)
		mg_out_str(o, "modes_unknown", known ? "eee modes unknown: %s\n" : NULL, unknown);
	mg_out_object_end(o);
}

MG_OUT_EXPORT(mg_eee_to_json, mg_eee_to_text, mg_eee, mg_out_eee)
