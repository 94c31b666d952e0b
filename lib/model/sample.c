/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One sample of `multigig watch`: the rates between two readings, as
 * compose/sampler.c worked them out. Its vectors' names are the sampler's,
 * valid while the sampler is.
 */
#include <errno.h>
#include <stdlib.h>

#include "model/model.h"

MG_EXPORT void mg_sample_free(struct mg_sample *m)
{
	if (!m)
		return;
	free(m->vector_rate);
	free(m->cpus);
	mg_kernel_log_free(m->kernel_log);
	free(m);
}

MG_GETTER(double, mg_sample_get_seconds, mg_sample, seconds, -1)
MG_GETTER(const struct mg_kernel_log *, mg_sample_get_kernel_log, mg_sample, kernel_log, NULL)

MG_EXPORT int mg_sample_get_rate(const struct mg_sample *m, enum mg_stat stat, double *per_second)
{
	if (!m || (unsigned int)stat >= MG_STAT_COUNT || !per_second)
		return -EINVAL;
	if (!(m->present & (1ULL << stat)))
		return -ENODATA;
	*per_second = m->rate[stat];
	return 0;
}

MG_EXPORT double mg_sample_get_bits_per_second(const struct mg_sample *m, enum mg_direction dir)
{
	double bytes;

	if (mg_sample_get_rate(m, dir == MG_DIRECTION_TX ? MG_STAT_TX_BYTES : MG_STAT_RX_BYTES, &bytes) < 0)
		return -1;
	return bytes * 8;
}

MG_EXPORT double mg_sample_get_packets_per_second(const struct mg_sample *m, enum mg_direction dir)
{
	double pkts;

	if (mg_sample_get_rate(m, dir == MG_DIRECTION_TX ? MG_STAT_TX_PACKETS : MG_STAT_RX_PACKETS, &pkts) < 0)
		return -1;
	return pkts;
}

MG_EXPORT double mg_sample_get_expected_gbps(const struct mg_sample *m, enum mg_direction dir)
{
	return m && (dir == MG_DIRECTION_RX || dir == MG_DIRECTION_TX) ? m->expected[dir] : -1;
}

MG_EXPORT double mg_sample_get_ceiling_use_pct(const struct mg_sample *m, enum mg_direction dir)
{
	double bps = mg_sample_get_bits_per_second(m, dir), expected = mg_sample_get_expected_gbps(m, dir);

	return bps < 0 || expected <= 0 ? -1 : 100.0 * bps / (expected * 1e9);
}

MG_GETTER(int, mg_sample_get_temperature_milli, mg_sample, temp_milli, MG_UNKNOWN)

MG_EXPORT size_t mg_sample_get_vector_count(const struct mg_sample *m)
{
	return m ? m->nvectors : 0;
}

MG_EXPORT int mg_sample_get_vector_irq(const struct mg_sample *m, size_t index)
{
	return m && index < m->nvectors ? m->vectors[index].irq : -EINVAL;
}

MG_EXPORT const char *mg_sample_get_vector_name(const struct mg_sample *m, size_t index)
{
	return m && index < m->nvectors ? m->vectors[index].name : NULL;
}

MG_EXPORT double mg_sample_get_vector_rate(const struct mg_sample *m, size_t index)
{
	return m && index < m->nvectors ? m->vector_rate[index] : -1;
}

MG_GETTER(size_t, mg_sample_get_cpu_count, mg_sample, ncpus, 0)

MG_EXPORT int mg_sample_get_cpu(const struct mg_sample *m, size_t index)
{
	return m && index < m->ncpus ? m->cpus[index].cpu : -EINVAL;
}

MG_EXPORT double mg_sample_get_cpu_interrupts(const struct mg_sample *m, size_t index)
{
	return m && index < m->ncpus ? m->cpus[index].irqs : -1;
}

MG_EXPORT double mg_sample_get_cpu_softirqs(const struct mg_sample *m, size_t index, enum mg_direction dir)
{
	if (!m || index >= m->ncpus || !m->cpus[index].have_softirq || (dir != MG_DIRECTION_RX && dir != MG_DIRECTION_TX))
		return -1;
	return m->cpus[index].net[dir];
}

MG_EXPORT double mg_sample_get_cpu_busy_pct(const struct mg_sample *m, size_t index)
{
	return m && index < m->ncpus && m->cpus[index].have_busy ? m->cpus[index].busy_pct : -1;
}

MG_EXPORT double mg_sample_get_cpu_irq_pct(const struct mg_sample *m, size_t index)
{
	return m && index < m->ncpus && m->cpus[index].have_busy ? m->cpus[index].irq_pct : -1;
}

MG_EXPORT int mg_sample_get_cpu_services(const struct mg_sample *m, size_t index)
{
	return m && index < m->ncpus ? m->cpus[index].services : -EINVAL;
}

MG_EXPORT int mg_sample_get_cpu_bound(const struct mg_sample *m, double *irq_pct)
{
	if (!m || m->bound_cpu < 0)
		return -1;
	if (irq_pct)
		*irq_pct = m->bound_pct;
	return m->bound_cpu;
}
