/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What persists of an interface's settings (persist --status), JSON and
 * text from one writer: the file udev applies at the next add, and each
 * setting it carries beside the value running now.
 */
#include <errno.h>

#include "present/present.h"

static void row(struct mg_out *o, const struct mg_persist_status *s, size_t i)
{
	const char *running = mg_persist_status_get_running(s, i);
	int drift = mg_persist_status_get_drift(s, i);

	mg_out_object(o, NULL);
	mg_out_str(o, "setting", "  %-14s", mg_persist_status_get_setting(s, i));
	mg_out_str(o, "key", " %s", mg_persist_status_get_key(s, i));
	mg_out_str(o, "persisted", "=%s", mg_persist_status_get_persisted(s, i));
	if (running)
		mg_out_str(o, "running", ", running %s", running);
	else
		mg_out_null(o, "running");
	mg_out_word(o, "drift", "%s\n", drift, ": the next add changes it", "");
	mg_out_object_end(o);
}

static void status(struct mg_out *o, const struct mg_persist_status *s)
{
	const char *file = mg_persist_status_get_file(s);
	size_t n = mg_persist_status_count(s);

	mg_out_object(o, NULL);
	mg_out_str(o, "ifname", "%s: ", mg_persist_status_get_ifname(s));
	mg_out_str(o, "engine", NULL, "udev");
	if (file) {
		mg_out_str(o, "file", "udev applies %s at the next add", file);
		mg_out_word(o, "ours", "%s\n", mg_persist_status_is_ours(s), " (written by libmultigig)", "");
		mg_out_null(o, "reason");
	} else {
		mg_out_null(o, "file");
		mg_out_word(o, "ours", NULL, 0, "", "");
		mg_out_str(o, "reason", "%s\n", mg_persist_status_get_reason(s));
	}
	mg_out_array(o, "settings");
	for (size_t i = 0; i < n; i++)
		row(o, s, i);
	mg_out_array_end(o);
	if (!n)
		mg_out_text(o, "  it carries none of the settings libmultigig knows\n");
	mg_out_object_end(o);
}

MG_OUT_EXPORT(mg_persist_status_to_json, mg_persist_status_to_text, mg_persist_status, status)
