/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The kernel log's lines about an adapter, JSON and text from one writer:
 * each line's time, priority and text, what it means, its kind and what
 * it is about; in text the time, the text and its meaning under it, or
 * why the log could not be read.
 */
#include <errno.h>
#include <stdio.h>

#include "present/present.h"

static const char *const priority_names[] = { "emerg", "alert", "crit", "err", "warning", "notice", "info", "debug" };

/* "[    1.203456] eth1: Link is Down", then "  = link down" under it. */
static void line(struct mg_out *o, const struct mg_kernel_log *log, size_t i)
{
	int prio = mg_kernel_log_get_priority(log, i);
	uint64_t usecs = 0;
	bool known = mg_kernel_log_get_usecs(log, i, &usecs) == 0;
	char time[32];

	/* Seconds since boot; in text in twelve columns, dmesg's "[%5lu.%06lu]". */
	snprintf(time, sizeof(time), "%llu.%06llu", (unsigned long long)(usecs / 1000000),
		 (unsigned long long)(usecs % 1000000));
	mg_out_object(o, NULL);
	mg_out_text(o, "%-18s", i ? "" : "kernel log:");
	mg_out_number(o, "time", " [%12s]", known ? time : NULL);
	mg_out_str(o, "priority", NULL, prio >= 0 && prio < 8 ? priority_names[prio] : NULL);
	mg_out_str(o, "text", " %s\n", mg_kernel_log_get_text(log, i));
	mg_out_text(o, "%-18s", "");
	mg_out_str(o, "meaning", "   = %s\n", mg_kernel_log_get_meaning(log, i));
	mg_out_str(o, "kind", NULL, mg_kernel_log_get_kind(log, i));
	mg_out_str(o, "about", NULL, mg_kernel_log_get_about(log, i));
	mg_out_str(o, "source", NULL, mg_kernel_log_get_source(log, i));
	mg_out_object_end(o);
}

/*
 * The lines; null in JSON when the log is unread or unreadable, where show
 * writes why as "kernel_log_unknown" beside it; in text that reason.
 */
void mg_out_kernel_log(struct mg_out *o, const struct mg_kernel_log *log)
{
	const char *why = mg_kernel_log_get_unknown_reason(log);

	if (!log || why) {
		mg_out_null(o, NULL);
		if (why) {
			mg_out_text(o, "%-18s", "kernel log:");
			mg_out_str(o, NULL, " unknown: %s\n", why);
		}
		return;
	}
	mg_out_array(o, NULL);
	for (size_t i = 0; i < mg_kernel_log_get_count(log); i++)
		line(o, log, i);
	mg_out_array_end(o);
}

void mg_json_kernel_log(struct mg_json *j, const struct mg_kernel_log *log)
{
	struct mg_out o = { .j = j };

	mg_out_kernel_log(&o, log);
}

MG_JSON_EXPORT(mg_kernel_log_to_json, mg_kernel_log, mg_json_kernel_log)
MG_TEXT_EXPORT(mg_kernel_log_to_text, mg_kernel_log, mg_out_kernel_log)
