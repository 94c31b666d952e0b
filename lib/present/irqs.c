/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Interrupts, JSON and text from one writer: each vector with its count
 * on each CPU and where it may and does run, the CPUs each receive and
 * transmit queue steers to (RPS, XPS), and how many CPUs are online.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>

#include "present/present.h"

/*
 * Per-CPU counts by CPU number and their sum, both null when
 * /proc/interrupts was not read; in text " cpu0:123" for each count read.
 */
static void per_cpu(struct mg_out *o, const struct mg_irqs *r, size_t i)
{
	uint64_t total = 0, v;
	bool counted = mg_irqs_get_cpu_count(r) > 0 && mg_irqs_get_cpu_interrupts(r, i, 0, &v) == 0;

	if (counted)
		mg_out_object(o, "per_cpu");
	else
		mg_out_null(o, "per_cpu");
	for (size_t c = 0; c < mg_irqs_get_cpu_count(r); c++) {
		char key[16];
		bool read;

		v = 0;
		read = mg_irqs_get_cpu_interrupts(r, i, c, &v) == 0;
		snprintf(key, sizeof(key), "%d", mg_irqs_get_cpu(r, c));
		if (read)
			mg_out_text(o, " cpu%d:", mg_irqs_get_cpu(r, c));
		mg_out_uint(o, counted ? key : NULL, read ? "%" PRIu64 : NULL, v);
		total += v;
	}
	if (counted) {
		mg_out_object_end(o);
		mg_out_uint(o, "total", NULL, total);
	} else {
		mg_out_null(o, "total");
	}
}

/* "interrupts: 130 enp2s0 cpu0:2291044 cpu1:0, may run on 0-3, runs on 0". */
static void vector(struct mg_out *o, const struct mg_irqs *r, size_t i)
{
	const char *name = mg_irqs_get_name(r, i);
	const char *affinity = mg_irqs_get_affinity(r, i), *effective = mg_irqs_get_effective_affinity(r, i);

	mg_out_object(o, NULL);
	mg_out_text(o, "%-18s", i ? "" : "interrupts:");
	mg_out_int(o, "irq", " %d", mg_irqs_get_irq(r, i));
	mg_out_str(o, "name", NULL, name);
	mg_out_str(o, NULL, " %s", mg_nonempty(name));
	mg_out_str(o, "mode", NULL, mg_irqs_get_mode(r, i));
	per_cpu(o, r, i);
	mg_out_str(o, "affinity", affinity ? ", may run on %s" : NULL, affinity);
	mg_out_str(o, "effective_affinity", effective ? ", runs on %s" : NULL, effective);
	mg_out_text(o, "\n");
	mg_out_object_end(o);
}

/*
 * A queue's CPUs. In JSON as the kernel's hex mask ("rps_cpus":
 * "00000003") and as a list ("rps_cpus_list": "0-1"), the form a set's
 * result gives: "" for no CPU, null for a mask naming a CPU past 63, which
 * no list of ours holds. In text as `set` takes and echoes them ("rx-1:0-1",
 * "rx-0:none"), such a mask as the kernel's hex ("(mask ...)").
 */
static void queue(struct mg_out *o, const struct mg_irqs *r, int tx, size_t i, bool shown)
{
	const char *hex = mg_irqs_get_queue_cpus(r, tx, i);
	char list[256], text[256];
	uint64_t mask;
	bool parsed = hex && mg_cpumask_parse_hex(hex, &mask) == 0;

	mg_out_object(o, NULL);
	mg_out_str(o, "queue", shown ? " %s:" : NULL, mg_irqs_get_queue_name(r, tx, i));
	mg_out_str(o, tx ? "xps_cpus" : "rps_cpus", NULL, hex);
	if (parsed) {
		mg_cpumask_list(mask, list, sizeof(list));
		mg_cpumask_text(mask, text, sizeof(text));
		mg_out_str(o, tx ? "xps_cpus_list" : "rps_cpus_list", NULL, list);
		mg_out_str(o, NULL, shown ? "%s" : NULL, text);
	} else {
		mg_out_null(o, tx ? "xps_cpus_list" : "rps_cpus_list");
		mg_out_str(o, NULL, shown ? "(mask %s)" : NULL, mg_nonempty(hex));
	}
	mg_out_object_end(o);
}

/* One direction's queues; in text the first eight, each as set's argument: "rps cpus: rx-0:0-1 rx-1:2". */
static void queues(struct mg_out *o, const struct mg_irqs *r, int tx)
{
	size_t n = mg_irqs_get_queue_count(r, tx);

	mg_out_array(o, tx ? "tx_queues" : "rx_queues");
	if (n)
		mg_out_text(o, "%-18s", tx ? "xps cpus:" : "rps cpus:");
	for (size_t i = 0; i < n; i++)
		queue(o, r, tx, i, i < 8);
	if (n > 8)
		mg_out_text(o, " and %zu more", n - 8);
	if (n)
		mg_out_text(o, "\n");
	mg_out_array_end(o);
}

void mg_out_irqs(struct mg_out *o, const struct mg_irqs *r)
{
	int online;

	if (!r) {
		mg_out_null(o, NULL);
		return;
	}
	online = mg_irqs_get_online_cpus(r);
	mg_out_object(o, NULL);
	mg_out_int(o, "online_cpus", NULL, online);
	mg_out_array(o, "vectors");
	for (size_t i = 0; i < mg_irqs_get_count(r); i++)
		vector(o, r, i);
	mg_out_array_end(o);
	queues(o, r, 0);
	queues(o, r, 1);
	/* In text last, and only beside a vector or a receive queue. */
	if (online != MG_UNKNOWN && (mg_irqs_get_count(r) || mg_irqs_get_queue_count(r, 0))) {
		mg_out_text(o, "%-18s", "online cpus:");
		mg_out_int(o, NULL, " %d\n", online);
	}
	mg_out_object_end(o);
}

MG_OUT_EXPORT(mg_irqs_to_json, mg_irqs_to_text, mg_irqs, mg_out_irqs)
