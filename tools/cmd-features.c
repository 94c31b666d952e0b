/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The features (offloads) part of multigig show: "features" in JSON, two lines in text. */
#include <stdio.h>

#include "cli.h"

/*
 * name -> { active, wanted, fixed }; NULL (JSON null) when not read. Each
 * value is one of eight objects, made once and shared by reference: an
 * interface has some sixty features, a host may have thousands of
 * interfaces.
 */
json_object *features_json(const struct mg_features *f)
{
	json_object *o, *kinds[8] = { NULL };

	if (!f)
		return NULL;
	o = json_object_new_object();
	for (size_t i = 0; i < mg_features_get_count(f); i++) {
		bool active = mg_features_get_active(f, i) == 1, wanted = mg_features_get_wanted(f, i) == 1,
		     fixed = mg_features_get_fixed(f, i) == 1;
		json_object **kind = &kinds[active | wanted << 1 | fixed << 2];

		if (!*kind) {
			*kind = json_object_new_object();
			put(*kind, "active", json_object_new_boolean(active));
			put(*kind, "wanted", json_object_new_boolean(wanted));
			put(*kind, "fixed", json_object_new_boolean(fixed));
		}
		put(o, mg_features_get_name(f, i), json_object_get(*kind));
	}
	for (size_t k = 0; k < 8; k++)
		json_object_put(kinds[k]);
	return o;
}

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
