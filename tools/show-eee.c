/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The EEE part of multigig show in text: one line (the library writes its JSON). */
#include <stdio.h>

#include "cli.h"

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
