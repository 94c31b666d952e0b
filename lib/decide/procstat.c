/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * /proc/softirqs and /proc/stat, parsed: per CPU, the NET_RX and NET_TX
 * softirq counts, and the time spent busy, split as the kernel splits
 * it, and in all. Pure, for tests.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decide/decide.h"

static struct mg_cpu_times *cpu_slot(struct mg_cpu_table *t, int cpu)
{
	struct mg_cpu_times *grown;

	for (size_t i = 0; i < t->count; i++)
		if (t->cpus[i].cpu == cpu)
			return &t->cpus[i];
	grown = mg_array_grow(t->cpus, &t->alloc, t->count, sizeof(*grown));
	if (!grown)
		return NULL;
	t->cpus = grown;
	memset(&t->cpus[t->count], 0, sizeof(t->cpus[0]));
	t->cpus[t->count].cpu = cpu;
	return &t->cpus[t->count++];
}

/* The header's CPU numbers ("CPU0 CPU1 ..."), in column order. */
static int header_cpus(const char *line, int *cpus, size_t max)
{
	size_t n = 0;
	const char *p = line;

	while ((p = strstr(p, "CPU")) && n < max) {
		char *end;
		long v = strtol(p + 3, &end, 10);

		if (end == p + 3 || v < 0)
			return -EBADMSG;
		cpus[n++] = (int)v;
		p = end;
	}
	return n ? (int)n : -EBADMSG;
}

int mg_softirqs_parse(const char *text, struct mg_cpu_table *t)
{
	int cpus[MG_WATCH_CPUS_MAX], ncpus;
	const char *line = text, *next;

	ncpus = header_cpus(text, cpus, MG_WATCH_CPUS_MAX);
	if (ncpus < 0)
		return ncpus;
	for (; line && *line; line = next) {
		const char *colon, *p;
		bool rx, tx;

		next = strchr(line, '\n');
		next = next ? next + 1 : NULL;
		colon = strchr(line, ':');
		if (!colon || (next && colon > next))
			continue;
		p = line + strspn(line, " ");
		rx = !strncmp(p, "NET_RX:", 7);
		tx = !strncmp(p, "NET_TX:", 7);
		if (!rx && !tx)
			continue;
		p = colon + 1;
		for (int c = 0; c < ncpus; c++) {
			char *end;
			unsigned long long v = strtoull(p, &end, 10);
			struct mg_cpu_times *slot;

			if (end == p)
				break;
			p = end;
			slot = cpu_slot(t, cpus[c]);
			if (!slot)
				return -ENOMEM;
			if (rx)
				slot->net_rx = v, slot->have_softirq = true;
			else
				slot->net_tx = v;
		}
	}
	return 0;
}

int mg_procstat_parse(const char *text, struct mg_cpu_table *t)
{
	for (const char *line = text; line && *line;) {
		const char *next = strchr(line, '\n');
		unsigned long long v[10] = { 0 };
		int cpu, n = 0;

		if (!strncmp(line, "cpu", 3) && line[3] >= '0' && line[3] <= '9' &&
		    sscanf(line + 3, "%d %llu %llu %llu %llu %llu %llu %llu %llu%n", &cpu, &v[0], &v[1], &v[2], &v[3],
			   &v[4], &v[5], &v[6], &v[7], &n) == 9 && n > 0) {
			struct mg_cpu_times *slot = cpu_slot(t, cpu);
			unsigned long long total = 0;

			if (!slot)
				return -ENOMEM;
			/*
			 * user nice system idle iowait irq softirq steal: idle and
			 * iowait are not busy. Guest time is in user already.
			 */
			for (int i = 0; i < 8; i++)
				total += v[i];
			slot->total = total;
			slot->busy = total - v[3] - v[4];
			slot->part[MG_CPU_USER] = v[0] + v[1];
			slot->part[MG_CPU_SYSTEM] = v[2];
			slot->part[MG_CPU_HARDIRQ] = v[5];
			slot->part[MG_CPU_SOFTIRQ] = v[6];
			slot->have_times = true;
		}
		line = next ? next + 1 : NULL;
	}
	return 0;
}

void mg_cpu_table_free(struct mg_cpu_table *t)
{
	free(t->cpus);
	memset(t, 0, sizeof(*t));
}

const struct mg_cpu_times *mg_cpu_table_find(const struct mg_cpu_table *t, int cpu)
{
	for (size_t i = 0; i < t->count; i++)
		if (t->cpus[i].cpu == cpu)
			return &t->cpus[i];
	return NULL;
}
