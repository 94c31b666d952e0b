/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A sample of a watch as JSON, one line of watch --json: rates, the
 * expected ceilings and their use, interrupts and CPUs, the kernel log's
 * new lines. JSON only: watch's text is the CLI's table.
 */
#include <errno.h>
#include <stdio.h>

#include "present/present.h"

static double rate_of(const struct mg_sample *m, enum mg_stat stat)
{
	double v;

	return mg_sample_get_rate(m, stat, &v) == 0 ? v : -1;
}

static void fixed(struct mg_json *j, const char *key, double v, int decimals)
{
	mg_json_key(j, key);
	mg_json_fixed(j, v, decimals);
}

static void sample_vectors(struct mg_json *j, const struct mg_sample *m)
{
	mg_json_key(j, "vectors");
	mg_json_array(j);
	for (size_t i = 0; i < mg_sample_get_vector_count(m); i++) {
		mg_json_object(j);
		mg_json_key(j, "irq");
		mg_json_int(j, mg_sample_get_vector_irq(m, i));
		mg_json_key(j, "name");
		mg_json_str(j, mg_sample_get_vector_name(m, i));
		fixed(j, "per_s", mg_sample_get_vector_rate(m, i), 1);
		mg_json_object_end(j);
	}
	mg_json_array_end(j);
}

static void sample_cpus(struct mg_json *j, const struct mg_sample *m)
{
	mg_json_key(j, "cpus");
	mg_json_array(j);
	for (size_t i = 0; i < mg_sample_get_cpu_count(m); i++) {
		mg_json_object(j);
		mg_json_key(j, "cpu");
		mg_json_int(j, mg_sample_get_cpu(m, i));
		fixed(j, "interrupts_per_s", mg_sample_get_cpu_interrupts(m, i), 1);
		fixed(j, "net_rx_softirqs_per_s", mg_sample_get_cpu_softirqs(m, i, MG_DIRECTION_RX), 1);
		fixed(j, "net_tx_softirqs_per_s", mg_sample_get_cpu_softirqs(m, i, MG_DIRECTION_TX), 1);
		fixed(j, "busy_pct", mg_sample_get_cpu_busy_pct(m, i), 1);
		fixed(j, "irq_pct", mg_sample_get_cpu_irq_pct(m, i), 1);
		mg_json_key(j, "services");
		mg_json_bool(j, mg_sample_get_cpu_services(m, i) == 1);
		mg_json_object_end(j);
	}
	mg_json_array_end(j);
}

MG_EXPORT int mg_sample_to_json(const struct mg_sample *sample, double t, unsigned int flags, char **json)
{
	const struct mg_sample *m = sample;
	struct mg_json j;
	int temp, err = mg_json_check(sample, flags, MG_JSON_LINE | MG_JSON_BYTES, json);

	if (err < 0)
		return err;
	temp = mg_sample_get_temperature_milli(m);
	mg_json_init(&j, flags, 0);
	mg_json_object(&j);
	fixed(&j, "t", t, 3);
	fixed(&j, "interval_s", mg_sample_get_seconds(m), 3);
	fixed(&j, "rx_bps", mg_sample_get_bits_per_second(m, MG_DIRECTION_RX), 0);
	fixed(&j, "tx_bps", mg_sample_get_bits_per_second(m, MG_DIRECTION_TX), 0);
	fixed(&j, "rx_pps", mg_sample_get_packets_per_second(m, MG_DIRECTION_RX), 1);
	fixed(&j, "tx_pps", mg_sample_get_packets_per_second(m, MG_DIRECTION_TX), 1);
	fixed(&j, "rx_dropped_per_s", rate_of(m, MG_STAT_RX_DROPPED), 1);
	fixed(&j, "tx_dropped_per_s", rate_of(m, MG_STAT_TX_DROPPED), 1);
	fixed(&j, "rx_errors_per_s", rate_of(m, MG_STAT_RX_ERRORS), 1);
	fixed(&j, "tx_errors_per_s", rate_of(m, MG_STAT_TX_ERRORS), 1);
	fixed(&j, "rx_missed_per_s", rate_of(m, MG_STAT_RX_MISSED_ERRORS), 1);
	mg_json_key(&j, "expected_rx_gbps");
	mg_json_gbps(&j, mg_sample_get_expected_gbps(m, MG_DIRECTION_RX));
	mg_json_key(&j, "expected_tx_gbps");
	mg_json_gbps(&j, mg_sample_get_expected_gbps(m, MG_DIRECTION_TX));
	fixed(&j, "rx_ceiling_use_pct", mg_sample_get_ceiling_use_pct(m, MG_DIRECTION_RX), 1);
	fixed(&j, "tx_ceiling_use_pct", mg_sample_get_ceiling_use_pct(m, MG_DIRECTION_TX), 1);
	mg_json_key(&j, "temperature_c");
	if (temp == MG_UNKNOWN)
		mg_json_null(&j);
	else
		mg_json_fixed(&j, temp / 1000.0, 1);
	sample_vectors(&j, m);
	sample_cpus(&j, m);
	mg_json_key(&j, "cpu_bound");
	{
		double pct = -1;
		int cpu = mg_sample_get_cpu_bound(m, &pct);

		if (cpu < 0) {
			mg_json_null(&j);
		} else {
			mg_json_object(&j);
			mg_json_key(&j, "cpu");
			mg_json_int(&j, cpu);
			fixed(&j, "irq_pct", pct, 1);
			mg_json_object_end(&j);
		}
	}
	mg_json_key(&j, "kernel_log");
	mg_json_kernel_log(&j, mg_sample_get_kernel_log(m));
	mg_json_object_end(&j);
	return mg_json_take(&j, json);
}
