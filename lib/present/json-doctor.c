/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The doctor's findings as JSON. */
#include <errno.h>

#include "present/present.h"

static void finding(struct mg_json *j, const struct mg_finding *f)
{
	double gbps = -1;
	const char *impact = mg_finding_get_impact(f, &gbps);

	mg_json_object(j);
	mg_json_key(j, "id");
	mg_json_str(j, mg_finding_get_id(f));
	mg_json_key(j, "severity");
	mg_json_str(j, mg_severity_name(mg_finding_get_severity(f)));
	mg_json_key(j, "nic");
	mg_json_str(j, mg_finding_get_nic(f));
	mg_json_key(j, "title");
	mg_json_str(j, mg_finding_get_title(f));
	mg_json_key(j, "evidence");
	mg_json_array(j);
	for (size_t i = 0; i < mg_finding_get_evidence_count(f); i++) {
		const char *source = NULL;
		const char *fact = mg_finding_get_evidence(f, i, &source);

		mg_json_object(j);
		mg_json_key(j, "fact");
		mg_json_str(j, fact);
		mg_json_key(j, "source");
		mg_json_str(j, source);
		mg_json_object_end(j);
	}
	mg_json_array_end(j);
	mg_json_key(j, "impact");
	mg_json_str(j, impact);
	mg_json_key(j, "impact_gbps");
	mg_json_gbps(j, gbps);
	mg_json_key(j, "fix");
	mg_json_str(j, mg_finding_get_fix(f));
	mg_json_key(j, "fix_command");
	mg_json_str(j, mg_finding_get_fix_command(f));
	mg_json_key(j, "fixable");
	mg_json_bool(j, mg_finding_get_fix_settings(f, NULL) != NULL);
	mg_json_object_end(j);
}

MG_EXPORT int mg_finding_to_json(const struct mg_finding *f, unsigned int flags, char **json)
{
	struct mg_json j;
	int err = mg_json_check(f, flags, MG_JSON_LINE | MG_JSON_BYTES, json);

	if (err < 0)
		return err;
	mg_json_init(&j, flags, 0);
	finding(&j, f);
	return mg_json_take(&j, json);
}

MG_EXPORT int mg_doctor_to_json(const struct mg_doctor *report, unsigned int flags, char **json)
{
	struct mg_json j;
	int err = mg_json_check(report, flags, MG_JSON_LINE | MG_JSON_BYTES, json);

	if (err < 0)
		return err;
	mg_json_init(&j, flags, 0);
	mg_json_object(&j);
	mg_json_key(&j, "findings");
	mg_json_array(&j);
	for (size_t i = 0; i < mg_doctor_count(report); i++)
		finding(&j, mg_doctor_get(report, i));
	mg_json_array_end(&j);
	mg_json_object_end(&j);
	return mg_json_take(&j, json);
}
