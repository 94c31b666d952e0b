/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Cable diagnostics, JSON and text from one writer: whether the PHY can
 * test its cable (cable), and a test's result per pair or its raw TDR
 * trace (cable-test).
 */
#include <errno.h>

#include "present/present.h"

static void info(struct mg_out *o, const struct mg_cable_info *i, const char *ifname)
{
	mg_out_object(o, NULL);
	mg_out_str(o, "name", "%s: cable test ", ifname);
	mg_out_str(o, "support", "%s: ", mg_cable_support_name(mg_cable_info_get_support(i)));
	mg_out_str(o, "reason", "%s\n", mg_cable_info_get_reason(i));
	mg_out_str(o, "phy_driver", NULL, mg_cable_info_get_phy_driver(i));
	mg_out_bool(o, "tdr", NULL, mg_cable_info_get_tdr(i));
	mg_out_object_end(o);
}

MG_EXPORT int mg_cable_info_to_json(const struct mg_cable_info *i, const char *ifname, unsigned int flags,
				    char **json)
{
	struct mg_json j;
	struct mg_out o = { .j = &j };
	int err = mg_json_check(i, flags, MG_JSON_LINE | MG_JSON_BYTES, json);

	if (err < 0)
		return err;
	mg_json_init(&j, flags, 0);
	info(&o, i, ifname);
	return mg_json_take(&j, json);
}

MG_EXPORT int mg_cable_info_to_text(const struct mg_cable_info *i, const char *ifname, char **text)
{
	struct mg_strbuf t = { 0 };
	struct mg_out o = { .t = &t };

	if (!i || !text)
		return -EINVAL;
	info(&o, i, ifname);
	return mg_out_take_text(&t, text);
}

/* Each pair's verdict; in text "pair A: ok" and where a fault is, unless the trace is shown instead. */
static void pairs(struct mg_out *o, const struct mg_cable_result *r, bool shown)
{
	mg_out_array(o, "pairs");
	for (int p = 0; p < 4; p++) {
		char name[2] = { (char)('A' + p), '\0' };
		int cm = mg_cable_result_get_fault_length_cm(r, p);

		mg_out_object(o, NULL);
		mg_out_str(o, "pair", shown ? "pair %s" : NULL, name);
		mg_out_str(o, "code", shown ? ": %s" : NULL, mg_cable_code_name(mg_cable_result_get_code(r, p)));
		if (shown && cm != MG_UNKNOWN)
			mg_out_text(o, ", fault at %d.%02d m", cm / 100, cm % 100);
		mg_out_int(o, "fault_length_cm", NULL, cm);
		mg_out_text(o, shown ? "\n" : "");
		mg_out_object_end(o);
	}
	mg_out_array_end(o);
}

/* The raw trace: "pair A    1.20 m    -35 mV" a sample. */
static void trace(struct mg_out *o, const struct mg_cable_result *r)
{
	mg_out_array(o, "tdr");
	for (size_t i = 0; i < mg_cable_result_get_tdr_count(r); i++) {
		int pair = 0, cm = 0, mv = 0;

		mg_cable_result_get_tdr_sample(r, i, &pair, &cm, &mv);
		mg_out_object(o, NULL);
		mg_out_text(o, "pair %c %4d.%02d m %6d mV\n", 'A' + pair, cm / 100, cm % 100, mv);
		/* Numbers as they are: a sample of -1 mV is no unknown. */
		mg_out_long(o, "pair", NULL, pair);
		mg_out_long(o, "distance_cm", NULL, cm);
		mg_out_long(o, "mv", NULL, mv);
		mg_out_object_end(o);
	}
	mg_out_array_end(o);
}

static void result(struct mg_out *o, const struct mg_cable_result *r, const char *ifname, bool tdr)
{
	mg_out_object(o, NULL);
	mg_out_str(o, "name", NULL, ifname);
	pairs(o, r, !tdr);
	if (tdr)
		trace(o, r);
	mg_out_object_end(o);
}

MG_EXPORT int mg_cable_result_to_json(const struct mg_cable_result *r, const char *ifname, unsigned int flags,
				      char **json)
{
	struct mg_json j;
	struct mg_out o = { .j = &j };
	int err = mg_json_check(r, flags, MG_JSON_TDR | MG_JSON_LINE | MG_JSON_BYTES, json);

	if (err < 0)
		return err;
	mg_json_init(&j, flags, 0);
	result(&o, r, ifname, flags & MG_JSON_TDR);
	return mg_json_take(&j, json);
}

MG_EXPORT int mg_cable_result_to_text(const struct mg_cable_result *r, const char *ifname, unsigned int flags,
				      char **text)
{
	struct mg_strbuf t = { 0 };
	struct mg_out o = { .t = &t };

	if (!r || !text || (flags & ~MG_JSON_TDR))
		return -EINVAL;
	result(&o, r, ifname, flags & MG_JSON_TDR);
	return mg_out_take_text(&t, text);
}
