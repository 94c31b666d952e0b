/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The sampler's internals: per-CPU counts from procfs, parsed purely. */
#ifndef MG_WATCH_H
#define MG_WATCH_H

#include "mg-private.h"

#define MG_WATCH_CPUS_MAX 1024

struct mg_cpu_times {
	int cpu;
	unsigned long long net_rx, net_tx;	/* softirqs */
	unsigned long long busy, total;		/* clock ticks */
	bool have_softirq, have_times;
};

struct mg_cpu_table {
	struct mg_cpu_times *cpus;
	size_t count, alloc;
};

/* decide/procstat.c */
int mg_softirqs_parse(const char *text, struct mg_cpu_table *t);
int mg_procstat_parse(const char *text, struct mg_cpu_table *t);
void mg_cpu_table_free(struct mg_cpu_table *t);
const struct mg_cpu_times *mg_cpu_table_find(const struct mg_cpu_table *t, int cpu);

#endif
