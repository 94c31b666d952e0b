/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The undo journals, JSON and text from one writer: each journal's id,
 * state and reason, when and by which process it was written, and the
 * interfaces it covers (rollback --list).
 */
#include <errno.h>
#include <stdio.h>
#include <time.h>

#include "present/present.h"

/* "2026-12-01 22:12:15 UTC", "-" when not said. */
static void utc(long long t, char *buf, size_t size)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (t <= 0 || !gmtime_r(&tt, &tm) || !strftime(buf, size, "%Y-%m-%d %H:%M:%S UTC", &tm))
		snprintf(buf, size, "-");
}

static void interfaces(struct mg_out *o, const struct mg_journal_list *l, size_t i)
{
	size_t n = mg_journal_list_get_interface_count(l, i);

	mg_out_text(o, "; interfaces:");
	mg_out_array(o, "interfaces");
	for (size_t k = 0; k < n; k++) {
		int ifindex = 0;
		const char *name = mg_journal_list_get_interface(l, i, k, &ifindex);

		mg_out_object(o, NULL);
		mg_out_str(o, "name", " %s", name);
		mg_out_long(o, "ifindex", " (index %lld)", ifindex);
		mg_out_object_end(o);
	}
	mg_out_array_end(o);
	mg_out_text(o, "%s\n", n ? "" : " unknown");
}

/* "held   ID (REASON)", then "written TIME by process PID; interfaces: ..."; 0 is what a journal that does not say gives. */
static void journal(struct mg_out *o, const struct mg_journal_list *l, size_t i)
{
	long pid = mg_journal_list_get_pid(l, i);
	long long time = mg_journal_list_get_time(l, i);
	const char *id = mg_journal_list_get_id(l, i);
	char when[40];

	utc(time, when, sizeof(when));
	mg_out_object(o, NULL);
	mg_out_str(o, "id", NULL, id);
	mg_out_str(o, "state", "%-15s", mg_journal_state_name(mg_journal_list_get_state(l, i)));
	mg_out_str(o, NULL, " %s", id);
	mg_out_str(o, "reason", " (%s)\n", mg_journal_list_get_reason(l, i));
	mg_out_text(o, "%-15s written %s by process %ld", "", when, pid);
	if (pid)
		mg_out_long(o, "pid", NULL, pid);
	else
		mg_out_null(o, "pid");
	if (time)
		mg_out_long(o, "time", NULL, time);
	else
		mg_out_null(o, "time");
	interfaces(o, l, i);
	mg_out_object_end(o);
}

static void journals(struct mg_out *o, const struct mg_journal_list *l)
{
	mg_out_array(o, NULL);
	for (size_t i = 0; i < mg_journal_list_count(l); i++)
		journal(o, l, i);
	mg_out_array_end(o);
}

MG_OUT_EXPORT(mg_journal_list_to_json, mg_journal_list_to_text, mg_journal_list, journals)
