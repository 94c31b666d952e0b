/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Features (offloads), JSON and text from one writer: in JSON each by its
 * name with whether it is active, wanted and fixed; in text a line of
 * those on and one of those off, "[fixed]" after those that cannot change.
 */
#include <errno.h>

#include "present/present.h"

/* The features that are @on, in text; a line only when there is one. */
static void line(struct mg_out *o, const struct mg_features *f, const char *label, int on)
{
	bool started = false;

	for (size_t i = 0; i < mg_features_get_count(f); i++) {
		if (mg_features_get_active(f, i) != on)
			continue;
		if (!started)
			mg_out_text(o, "%-18s", label);
		started = true;
		mg_out_str(o, NULL, mg_features_get_fixed(f, i) == 1 ? " %s[fixed]" : " %s", mg_features_get_name(f, i));
	}
	if (started)
		mg_out_text(o, "\n");
}

/* name -> { active, wanted, fixed }: an interface has some sixty. */
static void feature(struct mg_out *o, const struct mg_features *f, size_t i)
{
	mg_out_object(o, mg_features_get_name(f, i));
	mg_out_bool(o, "active", NULL, mg_features_get_active(f, i) == 1);
	mg_out_bool(o, "wanted", NULL, mg_features_get_wanted(f, i) == 1);
	mg_out_bool(o, "fixed", NULL, mg_features_get_fixed(f, i) == 1);
	mg_out_object_end(o);
}

void mg_out_features(struct mg_out *o, const struct mg_features *f)
{
	if (!f) {
		mg_out_null(o, NULL);
		return;
	}
	mg_out_object(o, NULL);
	if (!mg_out_is_text(o))
		for (size_t i = 0; i < mg_features_get_count(f); i++)
			feature(o, f, i);
	mg_out_object_end(o);
	line(o, f, "offloads on:", 1);
	line(o, f, "offloads off:", 0);
}

MG_OUT_EXPORT(mg_features_to_json, mg_features_to_text, mg_features, mg_out_features)
