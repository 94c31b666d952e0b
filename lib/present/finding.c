/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The doctor's findings, JSON and text from one writer: severity,
 * adapter and title, the stable id, each fact with where it was read, the
 * impact and the fix (and whether doctor --fix applies it).
 */
#include <errno.h>

#include "present/present.h"

/* The facts, in text a line each below the title: "fact (source)". */
static void evidence(struct mg_out *o, const struct mg_finding *f)
{
	mg_out_array(o, "evidence");
	for (size_t i = 0; i < mg_finding_get_evidence_count(f); i++) {
		const char *source = NULL;
		const char *fact = mg_finding_get_evidence(f, i, &source);

		mg_out_object(o, NULL);
		mg_out_text(o, "%-24s", "");
		mg_out_str(o, "fact", " %s", fact);
		mg_out_str(o, "source", " (%s)\n", source);
		mg_out_object_end(o);
	}
	mg_out_array_end(o);
}

static void finding(struct mg_out *o, const struct mg_finding *f)
{
	double gbps = -1;
	const char *impact = mg_finding_get_impact(f, &gbps), *fix = mg_finding_get_fix(f);
	bool fixable = mg_finding_get_fix_settings(f, NULL) != NULL;

	mg_out_object(o, NULL);
	mg_out_str(o, "id", NULL, mg_finding_get_id(f));
	mg_out_str(o, "severity", "%-8s", mg_severity_name(mg_finding_get_severity(f)));
	mg_out_str(o, "nic", " %-15s", mg_finding_get_nic(f));
	mg_out_str(o, "title", " %s\n", mg_finding_get_title(f));
	mg_out_text(o, "%-24s", "");
	mg_out_str(o, NULL, " [%s]\n", mg_finding_get_id(f));
	evidence(o, f);
	if (impact)
		mg_out_text(o, "%-24s", "");
	mg_out_str(o, "impact", impact ? " impact: %s\n" : NULL, impact);
	mg_out_fixed(o, "impact_gbps", NULL, gbps, 3);
	if (fix)
		mg_out_text(o, "%-24s", "");
	mg_out_str(o, "fix", fix ? " fix: %s" : NULL, fix);
	if (fix)
		mg_out_text(o, "%s\n", fixable ? " (--fix applies it)" : "");
	mg_out_str(o, "fix_command", NULL, mg_finding_get_fix_command(f));
	mg_out_bool(o, "fixable", NULL, fixable);
	mg_out_object_end(o);
}

MG_OUT_EXPORT(mg_finding_to_json, mg_finding_to_text, mg_finding, finding)

/* Every finding, most severe first as the doctor ranked them. */
static void report(struct mg_out *o, const struct mg_doctor *d)
{
	mg_out_object(o, NULL);
	mg_out_array(o, "findings");
	for (size_t i = 0; i < mg_doctor_count(d); i++)
		finding(o, mg_doctor_get(d, i));
	mg_out_array_end(o);
	mg_out_object_end(o);
}

MG_OUT_EXPORT(mg_doctor_to_json, mg_doctor_to_text, mg_doctor, report)
