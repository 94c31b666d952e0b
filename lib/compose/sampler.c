/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The sampler behind `multigig watch`: the adapter's counters (one
 * RTM_GETLINK by index), its interrupt vectors per CPU (/proc/interrupts),
 * NET_RX/NET_TX softirqs and busy time per CPU (/proc/softirqs, /proc/stat)
 * and its hottest sensor, read each time it is asked, and turned into rates
 * against the previous reading. It never sleeps: the caller paces it.
 * The sample it makes is model/sample.c's.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "compose/compose.h"

#define PROC_MAX (4u << 20)	/* /proc/interrupts of a large machine */

struct reading {
	double when;			/* seconds, monotonic */
	struct mg_counters counters;
	bool have_counters;
	struct mg_interrupts irq;
	bool have_irq;
	struct mg_cpu_table cpus;
	int temp_milli;
	struct mg_kernel_log *kernel_log;	/* lines after the previous reading's */
};

struct mg_sampler {
	struct mg_ctx *ctx;
	struct mg_nic *nic;
	struct mg_sample_vector *vectors;
	size_t nvectors;
	double expected[2];		/* Gbit/s; < 0 unknown */
	uint64_t servicing;		/* the CPUs its vectors and receive steering run on */
	char *buf;			/* for procfs files, reused */
	size_t bufsize;
	struct reading prev;
	bool log_started;		/* the first reading noted where the kernel log ends */
	bool have_seq;			/* its newest sequence seen, for the next reading */
	uint64_t seq;
};


static double now_seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* A whole procfs file into the sampler's buffer; its length, or -errno. */
static int proc_text(struct mg_sampler *s, const char *rel)
{
	int n = mg_gather_proc_read(s->ctx, rel, s->buf, s->bufsize - 1);

	if (n < 0)
		return n;
	s->buf[n] = '\0';
	return n;
}

static int hottest(struct mg_sampler *s)
{
	struct mg_temps *t = NULL;
	int best = MG_UNKNOWN;

	if (mg_temps_read_for_nic(s->ctx, s->nic, &t) < 0)
		return MG_UNKNOWN;
	for (size_t i = 0; i < mg_temps_get_count(t); i++) {
		int v;

		if (mg_temps_get(t, i, MG_TEMP_INPUT, &v) == 0 && (best == MG_UNKNOWN || v > best))
			best = v;
	}
	mg_temps_free(t);
	return best;
}

/*
 * The kernel log's lines since the previous reading: one pass over the
 * ring, the records up to the newest seen skipped. The first reading only
 * notes where the ring ends (nothing is after UINT64_MAX): a watch shows
 * what comes, not what was.
 */
static int kernel_lines(struct mg_sampler *s, struct reading *r)
{
	bool first = !s->log_started, any;
	uint64_t last;
	int err = mg_kernel_log_read_after(s->ctx, s->nic, first || s->have_seq, first ? UINT64_MAX : s->seq, &any,
					   &last, &r->kernel_log);

	s->log_started = true;
	if (any && (!s->have_seq || last > s->seq)) {
		s->seq = last;
		s->have_seq = true;
	}
	return err;
}

static void reading_free(struct reading *r)
{
	if (r->have_irq)
		mg_interrupts_free(&r->irq);
	mg_cpu_table_free(&r->cpus);
	mg_kernel_log_free(r->kernel_log);
	memset(r, 0, sizeof(*r));
}

static int take(struct mg_sampler *s, struct reading *r)
{
	struct mg_link link;
	int n;

	memset(r, 0, sizeof(*r));
	r->when = now_seconds();
	if (s->nic->ifindex > 0) {
		n = mg_gather_link(s->ctx, NULL, s->nic->ifindex, &link);
		/* Gone: every later sample would be empty, so say so instead. */
		if (n == -ENODEV)
			return mg_fail(s->ctx, -ENODEV, "%s has gone: no interface has index %d any more",
				       s->nic->name ? s->nic->name : "the interface", s->nic->ifindex);
		if (n == 0) {
			r->counters = link.counters;
			r->have_counters = true;
		}
	}
	n = proc_text(s, "interrupts");
	if (n > 0 && mg_interrupts_parse(s->buf, (size_t)n, &r->irq) == 0)
		r->have_irq = true;
	if (proc_text(s, "softirqs") > 0 && mg_softirqs_parse(s->buf, &r->cpus) == -ENOMEM)
		return -ENOMEM;
	if (proc_text(s, "stat") > 0 && mg_procstat_parse(s->buf, &r->cpus) == -ENOMEM)
		return -ENOMEM;
	r->temp_milli = hottest(s);
	if (kernel_lines(s, r) == -ENOMEM)
		return -ENOMEM;
	mg_clear_error(s->ctx);
	return 0;
}

static int keep_vectors(struct mg_sampler *s)
{
	struct mg_irqs *irqs = NULL;

	if (mg_irqs_read_for_nic(s->ctx, s->nic, &irqs) < 0)
		return 0; /* no vectors known: rates of the link alone */
	s->servicing = mg_irqs_servicing(irqs);
	s->nvectors = mg_irqs_get_count(irqs);
	s->vectors = calloc(s->nvectors + 1, sizeof(*s->vectors));
	for (size_t i = 0; s->vectors && i < s->nvectors; i++) {
		const char *name = mg_irqs_get_name(irqs, i);

		s->vectors[i].irq = mg_irqs_get_irq(irqs, i);
		s->vectors[i].name = name ? strdup(name) : NULL;
	}
	mg_irqs_free(irqs);
	return s->vectors ? 0 : -ENOMEM;
}

/* What the adapter should carry: the ceiling the use is measured against. */
static void keep_expected(struct mg_sampler *s)
{
	struct mg_pcie_path *path = NULL;
	struct mg_throughput *t = NULL;

	s->expected[0] = s->expected[1] = -1;
	if ((s->nic->bus == MG_BUS_PCI || s->nic->bus == MG_BUS_USB) && mg_pcie_path_new_for_nic(s->ctx, s->nic, &path) < 0)
		path = NULL;
	if (mg_throughput_new(s->nic, path, &t) == 0) {
		s->expected[0] = mg_throughput_get_expected_gbps(t, MG_DIRECTION_RX);
		s->expected[1] = mg_throughput_get_expected_gbps(t, MG_DIRECTION_TX);
	}
	mg_throughput_free(t);
	mg_pcie_path_free(path);
	mg_clear_error(s->ctx);
}

MG_EXPORT void mg_sampler_free(struct mg_sampler *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->nvectors; i++)
		free(s->vectors[i].name);
	free(s->vectors);
	reading_free(&s->prev);
	free(s->buf);
	mg_nic_unref(s->nic);
	mg_ctx_unref(s->ctx);
	free(s);
}

MG_EXPORT int mg_sampler_new(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_sampler **sampler)
{
	struct mg_sampler *s;
	int err;

	if (!ctx)
		return -EINVAL;
	if (!nic || !sampler)
		return mg_fail(ctx, -EINVAL, "mg_sampler_new: no adapter or no place for the sampler");
	*sampler = NULL;
	mg_clear_error(ctx);
	if (!nic->name || nic->ifindex <= 0)
		return mg_fail(ctx, -ENODEV, "%s has no network interface to watch",
			       nic->address ? nic->address : "the adapter");
	s = calloc(1, sizeof(*s));
	if (!s)
		return -ENOMEM;
	s->ctx = mg_ctx_ref(ctx);
	s->nic = mg_nic_ref((struct mg_nic *)nic);
	s->bufsize = PROC_MAX;
	s->buf = malloc(s->bufsize);
	err = s->buf ? keep_vectors(s) : -ENOMEM;
	if (err == 0) {
		keep_expected(s);
		err = take(s, &s->prev);
	}
	if (err < 0) {
		mg_sampler_free(s);
		return mg_fail(ctx, err, "watch: %s", strerror(-err));
	}
	*sampler = s;
	return 0;
}

static double per_second(uint64_t now, uint64_t before, double secs)
{
	return now >= before ? (double)(now - before) / secs : 0;
}

static void link_rates(struct mg_sample *m, const struct reading *a, const struct reading *b)
{
	if (!a->have_counters || !b->have_counters)
		return;
	for (int st = 0; st < MG_STAT_COUNT; st++) {
		uint64_t bit = 1ULL << st;

		if ((a->counters.present & bit) && (b->counters.present & bit)) {
			m->rate[st] = per_second(b->counters.value[st], a->counters.value[st], m->seconds);
			m->present |= bit;
		}
	}
}

/* Interrupts per second of each vector, and of all of them per CPU. */
static int irq_rates(struct mg_sample *m, const struct mg_sampler *s, const struct reading *a,
		     const struct reading *b)
{
	m->vector_rate = calloc(s->nvectors + 1, sizeof(*m->vector_rate));
	m->cpus = calloc(b->cpus.count + b->irq.ncpus + 1, sizeof(*m->cpus));
	if (!m->vector_rate || !m->cpus)
		return -ENOMEM;
	/* One entry per CPU that /proc/stat, /proc/softirqs or /proc/interrupts names. */
	for (size_t c = 0; c < b->cpus.count; c++)
		m->cpus[m->ncpus++].cpu = b->cpus.cpus[c].cpu;
	for (size_t v = 0; v < s->nvectors && a->have_irq && b->have_irq; v++) {
		const struct mg_interrupt_line *la = mg_interrupts_find(&a->irq, s->vectors[v].irq);
		const struct mg_interrupt_line *lb = mg_interrupts_find(&b->irq, s->vectors[v].irq);

		if (!la || !lb || !la->counts || !lb->counts || a->irq.ncpus != b->irq.ncpus)
			continue;
		for (size_t col = 0; col < b->irq.ncpus; col++) {
			double r = per_second(lb->counts[col], la->counts[col], m->seconds);

			m->vector_rate[v] += r;
			for (size_t c = 0; c < m->ncpus; c++)
				if (m->cpus[c].cpu == b->irq.cpus[col])
					m->cpus[c].irqs += r;
		}
	}
	return 0;
}

/* Each CPU's share of the interval, as the doctor computes it (decide/cpubound.c), into the sample. */
static void cpu_rates(struct mg_sample *m, const struct mg_cpu_use *use, size_t count)
{
	for (size_t c = 0; c < m->ncpus; c++)
		for (size_t i = 0; i < count; i++) {
			if (use[i].cpu != m->cpus[c].cpu)
				continue;
			m->cpus[c].net[0] = use[i].net[0];
			m->cpus[c].net[1] = use[i].net[1];
			m->cpus[c].have_softirq = use[i].have_softirq;
			m->cpus[c].busy_pct = use[i].busy_pct;
			m->cpus[c].irq_pct = use[i].irq_pct;
			m->cpus[c].have_busy = use[i].have_busy;
		}
}

/* Which CPUs service the adapter, and whether one of them is its limit (decide/cpubound.c). */
static int cpu_verdict(struct mg_sample *m, const struct mg_sampler *s, const struct reading *a,
		       const struct reading *b)
{
	double rx = mg_sample_get_bits_per_second(m, MG_DIRECTION_RX), tx = mg_sample_get_bits_per_second(m, MG_DIRECTION_TX);
	struct mg_cpu_use *use;
	struct mg_cpu_bound bound;
	bool by_softirq;
	size_t n;

	m->bound_cpu = -1;
	if (mg_cpu_use_compute(&a->cpus, &b->cpus, m->seconds, &use, &n) < 0)
		return -ENOMEM;
	cpu_rates(m, use, n);
	mg_cpu_use_mark(use, n, s->servicing, &by_softirq);
	for (size_t c = 0; c < m->ncpus; c++)
		for (size_t i = 0; i < n; i++)
			if (use[i].cpu == m->cpus[c].cpu)
				m->cpus[c].services = use[i].services;
	if (mg_cpu_bound_find(use, n, (rx > 0 ? rx : 0) + (tx > 0 ? tx : 0), &bound)) {
		m->bound_cpu = bound.cpu;
		m->bound_pct = bound.irq_pct;
	}
	free(use);
	return 0;
}

MG_EXPORT int mg_sampler_next(struct mg_sampler *s, struct mg_sample **sample)
{
	struct reading now;
	struct mg_sample *m;
	int err;

	if (!s || !sample)
		return -EINVAL;
	*sample = NULL;
	mg_clear_error(s->ctx);
	err = take(s, &now);
	if (err == -ENODEV) {
		reading_free(&now);
		return err; /* take() said which interface went */
	}
	m = err == 0 ? calloc(1, sizeof(*m)) : NULL;
	if (!m) {
		reading_free(&now);
		return mg_fail(s->ctx, err < 0 ? err : -ENOMEM, "watch: cannot read a sample");
	}
	m->vectors = s->vectors;
	m->nvectors = s->nvectors;
	m->seconds = now.when - s->prev.when;
	if (m->seconds <= 0)
		m->seconds = 1e-9;
	m->temp_milli = now.temp_milli;
	m->expected[0] = s->expected[0];
	m->expected[1] = s->expected[1];
	m->kernel_log = now.kernel_log;
	now.kernel_log = NULL;
	link_rates(m, &s->prev, &now);
	err = irq_rates(m, s, &s->prev, &now);
	if (err == 0)
		err = cpu_verdict(m, s, &s->prev, &now);
	reading_free(&s->prev);
	s->prev = now;
	if (err < 0) {
		mg_sample_free(m);
		return err;
	}
	*sample = m;
	return 0;
}
