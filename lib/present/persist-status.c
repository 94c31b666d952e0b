/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What persists of an interface's settings (persist --status), JSON and
 * text from one writer: the file udev applies at the next add,
 * NetworkManager's active connection, and each setting they, ifupdown's
 * iface stanza and systemd-networkd's .network file carry beside the value
 * running now, engine by engine in the order they apply.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "present/present.h"

static void row(struct mg_out *o, const struct mg_persist_status *s, size_t i)
{
	const char *running = mg_persist_status_get_running(s, i);
	int drift = mg_persist_status_get_drift(s, i), conflict = mg_persist_status_get_conflict(s, i);
	const char *engine = mg_persist_status_get_engine(s, i);
	const struct mg_persist_engine *e = mg_persist_engine_at((size_t)mg_persist_engine_rank(engine));
	char when[64];

	mg_out_object(o, NULL);
	mg_out_str(o, "setting", "  %-14s", mg_persist_status_get_setting(s, i));
	snprintf(when, sizeof(when), ": the next %s changes it", e ? e->event : "start");
	mg_out_str(o, "engine", NULL, engine);
	mg_out_str(o, "source", NULL, mg_persist_status_get_source(s, i));
	mg_out_str(o, "key", " %s", mg_persist_status_get_key(s, i));
	mg_out_str(o, "persisted", "=%s", mg_persist_status_get_persisted(s, i));
	if (running)
		mg_out_str(o, "running", ", running %s", running);
	else
		mg_out_null(o, "running");
	mg_out_word(o, "drift", "%s", drift, when, "");
	mg_out_word(o, "conflict", "%s\n", conflict, " (another engine sets another value)", "");
	mg_out_object_end(o);
}

/* The rows of one engine, under a line that names it (with its file, for ifupdown's) when it has any. */
static void rows_of(struct mg_out *o, const struct mg_persist_status *s, const struct mg_persist_engine *e)
{
	bool named = false;

	for (size_t i = 0; i < mg_persist_status_count(s); i++) {
		if (strcmp(mg_persist_status_get_engine(s, i), e->name))
			continue;
		if (!named && e->by_file)
			mg_out_text(o, "%s applies %s at every %s:\n", e->name, mg_persist_status_get_source(s, i),
				    e->event);
		else if (!named)
			mg_out_text(o, "%s:\n", e->name);
		named = true;
		row(o, s, i);
	}
}

static void connection(struct mg_out *o, const struct mg_persist_status *s)
{
	const char *name = mg_persist_status_get_connection(s);

	if (name) {
		mg_out_str(o, "connection", "NetworkManager applies connection '%s'", name);
		mg_out_str(o, "connection_uuid", " (%s) at every activation\n", mg_persist_status_get_connection_uuid(s));
		mg_out_null(o, "connection_reason");
	} else {
		mg_out_null(o, "connection");
		mg_out_null(o, "connection_uuid");
		mg_out_str(o, "connection_reason", "NetworkManager: %s\n",
			   mg_persist_status_get_connection_reason(s));
	}
}

static void status(struct mg_out *o, const struct mg_persist_status *s)
{
	const char *file = mg_persist_status_get_file(s);

	mg_out_object(o, NULL);
	mg_out_str(o, "ifname", "%s:\n", mg_persist_status_get_ifname(s));
	if (file) {
		mg_out_str(o, "file", "udev applies %s at the next add", file);
		mg_out_word(o, "ours", "%s\n", mg_persist_status_is_ours(s), " (libmultigig's)", "");
		mg_out_null(o, "reason");
	} else {
		mg_out_null(o, "file");
		mg_out_word(o, "ours", NULL, 0, "", "");
		mg_out_str(o, "reason", "%s\n", mg_persist_status_get_reason(s));
	}
	connection(o, s);
	mg_out_array(o, "settings");
	for (size_t i = 0; mg_persist_engine_at(i); i++)
		rows_of(o, s, mg_persist_engine_at(i));
	mg_out_array_end(o);
	if (!mg_persist_status_count(s))
		mg_out_text(o, "  neither carries any of the settings libmultigig knows\n");
	mg_out_object_end(o);
}

MG_OUT_EXPORT(mg_persist_status_to_json, mg_persist_status_to_text, mg_persist_status, status)
