/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The limit on small boards is often a CPU, not the adapter: one core at
 * 100 %, in the adapter's hard and soft interrupts or in them and the
 * receiving process, while the others idle. Which CPUs service an adapter is read from where its vectors run
 * and where its receive queues steer packets; an adapter with neither
 * (virtual, or USB behind the host controller's vector) is told by the
 * NET_RX and NET_TX softirqs each CPU ran. Pure, for tests.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "decide/decide.h"

/* At most the whole interval: iowait may go back (proc(5)), making the total grow less than busy did. */
static double share(unsigned long long part, double ticks)
{
	double pct = 100.0 * (double)part / ticks;

	return pct > 100.0 ? 100.0 : pct;
}

/* The share of the interval of each part of a CPU's busy time; false when a counter went back. */
static bool parts_pct(const struct mg_cpu_times *x, const struct mg_cpu_times *y, struct mg_cpu_use *c)
{
	double ticks = (double)(y->total - x->total);

	if (y->busy < x->busy)
		return false;
	for (int p = 0; p < MG_CPU_PARTS; p++)
		if (y->part[p] < x->part[p])
			return false;
	c->busy_pct = share(y->busy - x->busy, ticks);
	for (int p = 0; p < MG_CPU_PARTS; p++)
		c->part_pct[p] = share(y->part[p] - x->part[p], ticks);
	c->irq_pct = c->part_pct[MG_CPU_HARDIRQ] + c->part_pct[MG_CPU_SOFTIRQ];
	return true;
}

int mg_cpu_use_compute(const struct mg_cpu_table *a, const struct mg_cpu_table *b, double seconds,
		       struct mg_cpu_use **use, size_t *count)
{
	struct mg_cpu_use *u = calloc(b->count + 1, sizeof(*u));
	size_t n = 0;

	if (!u)
		return -ENOMEM;
	for (size_t i = 0; i < b->count; i++) {
		const struct mg_cpu_times *y = &b->cpus[i], *x = mg_cpu_table_find(a, y->cpu);
		struct mg_cpu_use *c = &u[n++];

		c->cpu = y->cpu;
		if (!x)
			continue;
		if (x->have_times && y->have_times && y->total > x->total)
			c->have_busy = parts_pct(x, y, c);
		if (x->have_softirq && y->have_softirq && seconds > 0) {
			c->net[0] = y->net_rx >= x->net_rx ? (double)(y->net_rx - x->net_rx) / seconds : 0;
			c->net[1] = y->net_tx >= x->net_tx ? (double)(y->net_tx - x->net_tx) / seconds : 0;
			c->have_softirq = true;
		}
	}
	*use = u;
	*count = n;
	return 0;
}

static uint64_t list_mask(const char *list)
{
	uint64_t m = 0;

	return list && mg_cpumask_parse_list(list, &m) == 0 ? m : 0;
}

uint64_t mg_irqs_servicing(const struct mg_irqs *irqs)
{
	uint64_t m = 0, q;

	for (size_t i = 0; i < mg_irqs_get_count(irqs); i++) {
		const char *eff = mg_irqs_get_effective_affinity(irqs, i);

		m |= list_mask(eff ? eff : mg_irqs_get_affinity(irqs, i));
	}
	for (size_t i = 0; i < mg_irqs_get_queue_count(irqs, 0); i++) {
		const char *hex = mg_irqs_get_queue_cpus(irqs, 0, i);

		if (hex && mg_cpumask_parse_hex(hex, &q) == 0)
			m |= q;
	}
	return m;
}

void mg_cpu_use_mark(struct mg_cpu_use *use, size_t count, uint64_t servicing, bool *by_softirq)
{
	double most = 0;

	*by_softirq = !servicing;
	for (size_t i = 0; i < count; i++) {
		use[i].services = servicing && use[i].cpu >= 0 && use[i].cpu < 64 && (servicing >> use[i].cpu & 1);
		if (use[i].have_softirq && use[i].net[0] + use[i].net[1] > most)
			most = use[i].net[0] + use[i].net[1];
	}
	if (servicing || most <= 0)
		return;
	for (size_t i = 0; i < count; i++)
		use[i].services = use[i].have_softirq && use[i].net[0] + use[i].net[1] >= most / 4;
}

/* The CPUs other than @self below MG_CPU_IDLE_PCT busy, as a mask (up to CPU 63); how many. */
static int idle_others(const struct mg_cpu_use *use, size_t count, const struct mg_cpu_use *self, uint64_t *mask)
{
	int n = 0;

	*mask = 0;
	for (size_t i = 0; i < count; i++)
		if (&use[i] != self && use[i].have_busy && use[i].busy_pct < MG_CPU_IDLE_PCT) {
			n++;
			if (use[i].cpu >= 0 && use[i].cpu < 64)
				*mask |= 1ull << use[i].cpu;
		}
	return n;
}

/*
 * Whether servicing CPU @c is the adapter's limit: all but saturated in
 * interrupts alone, as a CPU that only forwards packets is; or saturated
 * in all, with a real share of it in interrupts, while another CPU idles,
 * as when the receiving process shares the CPU with the softirqs feeding
 * it and the kernel's copy to that process shows as system time. A CPU
 * saturated in work of its own, with the adapter's interrupts a sliver,
 * is not the adapter's limit; nor is one of many busy CPUs, with none
 * idle to take the work.
 */
static bool is_limit(const struct mg_cpu_use *use, size_t count, const struct mg_cpu_use *c)
{
	uint64_t idle;

	if (!c->services || !c->have_busy)
		return false;
	if (c->irq_pct >= MG_CPU_BOUND_PCT)
		return true;
	return c->busy_pct >= MG_CPU_SATURATED_PCT && c->irq_pct >= MG_CPU_IRQ_SHARE_PCT &&
	       idle_others(use, count, c, &idle) > 0;
}

bool mg_cpu_bound_find(const struct mg_cpu_use *use, size_t count, double traffic_bps, struct mg_cpu_bound *out)
{
	const struct mg_cpu_use *hot = NULL;

	memset(out, 0, sizeof(*out));
	out->cpu = -1;
	if (!(traffic_bps >= MG_CPU_TRAFFIC_BPS))
		return false;
	for (size_t i = 0; i < count; i++)
		if (is_limit(use, count, &use[i]) && (!hot || use[i].irq_pct > hot->irq_pct))
			hot = &use[i];
	if (!hot)
		return false;
	out->cpu = hot->cpu;
	out->irq_pct = hot->irq_pct;
	out->busy_pct = hot->busy_pct;
	memcpy(out->part_pct, hot->part_pct, sizeof(out->part_pct));
	out->net[0] = hot->net[0];
	out->net[1] = hot->net[1];
	out->nidle = idle_others(use, count, hot, &out->idle);
	return true;
}
