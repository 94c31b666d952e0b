/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The features (offloads) part of multigig show in text: two lines (the library writes its JSON). */
#include <stdio.h>

#include "cli.h"

/* The features that are @on, "[fixed]" after those that cannot change. */
static void print_line(const struct mg_features *f, const char *label, int on)
{
	int printed = 0;

	for (size_t i = 0; i < mg_features_get_count(f); i++) {
		if (mg_features_get_active(f, i) != on)
			continue;
		if (!printed++)
			printf("%-18s", label);
		printf(" %s%s", mg_features_get_name(f, i), mg_features_get_fixed(f, i) == 1 ? "[fixed]" : "");
	}
	if (printed)
		printf("\n");
}

void print_features(const struct mg_features *f)
{
	if (!f)
		return;
	print_line(f, "offloads on:", 1);
	print_line(f, "offloads off:", 0);
}
