/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * An interface's settings, JSON and text from one writer: the standard
 * groups a driver fills (rings, channels, coalescing, pause), each with
 * its parameters and their maxima, or the reason the driver lacks it.
 */
#include <errno.h>
#include <string.h>

#include "present/present.h"

static const enum mg_param_group groups[] = {
	MG_GROUP_RINGS, MG_GROUP_CHANNELS, MG_GROUP_COALESCE, MG_GROUP_PAUSE,
};

/* "rx-ring" -> "rx_ring" (+ @suffix): JSON keys spell parameters with '_'. */
static void key_of(const char *name, const char *suffix, char *out, size_t size)
{
	size_t i;

	for (i = 0; name[i] && i + 1 < size; i++)
		out[i] = name[i] == '-' ? '_' : name[i];
	out[i] = '\0';
	strncat(out, suffix, size - strlen(out) - 1);
}

/*
 * A parameter and its maximum: " rx-ring 256/4096" in text. One the driver
 * does not report is unsupported: null in JSON, never 0, and no text.
 * Returns whether it was reported.
 */
static bool param(struct mg_out *o, const struct mg_settings *s, enum mg_param p)
{
	const char *name = mg_param_name(p);
	bool known;
	long long v, max;
	char key[64];

	key_of(name, "", key, sizeof(key));
	known = mg_settings_get(s, p, &v) == 0;
	if (known) {
		mg_out_text(o, " %s", name);
		mg_out_long(o, key, " %lld", v);
	} else {
		mg_out_null(o, key);
	}
	if (mg_settings_get_max(s, p, &max) == 0) {
		key_of(name, "_max", key, sizeof(key));
		mg_out_long(o, key, known ? "/%lld" : NULL, max);
	}
	return known;
}

/* A group: whether the driver has it and its error if not, else each parameter; a line of text. */
static void group(struct mg_out *o, const struct mg_settings *s, enum mg_param_group g)
{
	const char *error = mg_settings_group_error(s, g);
	bool reported = false;

	mg_out_object(o, mg_param_group_name(g));
	mg_out_text(o, "%-18s", mg_param_group_name(g));
	mg_out_bool(o, "supported", NULL, !error);
	if (error) {
		mg_out_str(o, "error", " %s\n", error);
		mg_out_object_end(o);
		return;
	}
	for (int p = 0; p < MG_PARAM_COUNT; p++)
		if (mg_param_get_group((enum mg_param)p) == (int)g)
			reported |= param(o, s, (enum mg_param)p);
	mg_out_text(o, "%s\n", reported ? "" : " (nothing reported)");
	mg_out_object_end(o);
}

void mg_out_settings_groups(struct mg_out *o, const struct mg_settings *s)
{
	for (size_t i = 0; i < sizeof(groups) / sizeof(groups[0]); i++)
		group(o, s, groups[i]);
}

/* The interface's name and MTU are JSON's alone: in text, show's own lines say them. */
static void settings(struct mg_out *o, const struct mg_settings *s)
{
	long long mtu;

	mg_out_object(o, NULL);
	mg_out_str(o, "name", NULL, mg_settings_get_ifname(s));
	if (mg_settings_get(s, MG_PARAM_MTU, &mtu) == 0)
		mg_out_long(o, "mtu", NULL, mtu);
	else
		mg_out_null(o, "mtu");
	mg_out_settings_groups(o, s);
	mg_out_object_end(o);
}

static void settings_json(struct mg_json *j, const struct mg_settings *s)
{
	struct mg_out o = { .j = j };

	settings(&o, s);
}

MG_JSON_EXPORT(mg_settings_to_json, mg_settings, settings_json)
MG_TEXT_EXPORT(mg_settings_to_text, mg_settings, mg_out_settings_groups)
