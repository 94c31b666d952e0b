/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "library": the doctor. On fixture trees through the public API
 * (each finding asserted: id, severity, evidence, fix); and rule by rule
 * on facts built here, for the rules whose evidence (ethtool settings and
 * links of multi-gigabit hardware) no kernel in a test namespace can give.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "apply/apply.h"
#include "mg-test.h"
#include "test-util.h"

static struct mg_doctor *doctor_tree(const char *tree, struct mg_ctx **ctx)
{
	char root[4096];
	struct mg_doctor *d = NULL;

	snprintf(root, sizeof(root), "%s/%s", FIXTURE_TREES, tree);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(root, ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_doctor_run(*ctx, NULL, MG_DOCTOR_NO_SAMPLE, &d), 0);
	return d;
}

static const struct mg_finding *find(const struct mg_doctor *d, const char *id)
{
	for (size_t i = 0; i < mg_doctor_count(d); i++)
		if (!strcmp(mg_finding_get_id(mg_doctor_get(d, i)), id))
			return mg_doctor_get(d, i);
	return NULL;
}

static bool has_evidence(const struct mg_finding *f, const char *fact_part, const char *source_part)
{
	for (size_t i = 0; i < mg_finding_get_evidence_count(f); i++) {
		const char *source, *fact = mg_finding_get_evidence(f, i, &source);

		if (strstr(fact, fact_part) && strstr(source, source_part))
			return true;
	}
	return false;
}

/* The Pi 5's port at 5 GT/s under an RTL8126: the ceiling, and the dtparam. */
static void test_pi5_rtl8126(void)
{
	struct mg_ctx *ctx;
	struct mg_doctor *d = doctor_tree("pi5-rtl8126", &ctx);
	const struct mg_finding *f = mg_doctor_get(d, 0);
	double gbps;

	CU_ASSERT_EQUAL(mg_doctor_count(d), 3);
	/* Ranked: the critical ceiling first. */
	CU_ASSERT_STRING_EQUAL(mg_finding_get_id(f), "pcie-ceiling-below-ethernet");
	CU_ASSERT_EQUAL(mg_finding_get_severity(f), MG_SEVERITY_CRITICAL);
	CU_ASSERT_STRING_EQUAL(mg_finding_get_nic(f), "eth1");
	CU_ASSERT_TRUE(has_evidence(f, "0001:00:00.0 at 5 GT/s x1", "LnkSta"));
	CU_ASSERT_TRUE(has_evidence(f, "receive 3.451, transmit 3.434", "throughput model"));
	CU_ASSERT_TRUE(has_evidence(f, "Ethernet 5000 Mbit/s", "link speed"));
	CU_ASSERT_PTR_NOT_NULL(mg_finding_get_impact(f, &gbps));
	CU_ASSERT_DOUBLE_EQUAL(gbps, 3.434, 0.001);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_finding_get_fix(f), "dtparam=pciex1_gen=3"));
	CU_ASSERT_PTR_NULL(mg_finding_get_fix_command(f));
	CU_ASSERT_PTR_NULL(mg_finding_get_fix_settings(f, NULL));

	f = find(d, "pcie-below-capability");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL(mg_finding_get_severity(f), MG_SEVERITY_WARNING);
	CU_ASSERT_TRUE(has_evidence(f, "negotiated 5 GT/s x1", "LnkSta"));
	CU_ASSERT_TRUE(has_evidence(f, "supports 8 GT/s x1", "LnkCap"));
	CU_ASSERT_TRUE(has_evidence(f, "Raspberry Pi 5", "device tree"));
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_finding_get_fix(f), "dtparam=pciex1_gen=3"));

	/* A capture is one moment: AER counts since boot, said so. */
	f = find(d, "pcie-aer-errors");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL(mg_finding_get_severity(f), MG_SEVERITY_WARNING);
	CU_ASSERT_STRING_EQUAL(mg_finding_get_title(f), "49 PCIe errors at 0001:01:00.0 since boot (AER; one sample)");
	CU_ASSERT_TRUE(has_evidence(f, "correctable: 49", "aer_dev_"));
	mg_doctor_free(d);
	mg_ctx_unref(ctx);
}

/* dtparam set, the link still at 5 GT/s: did not train to its target. */
static void test_pi5_not_trained(void)
{
	struct mg_ctx *ctx;
	struct mg_doctor *d = doctor_tree("pi5-rtl8126-gen3", &ctx);
	const struct mg_finding *f = find(d, "pcie-not-trained-to-target");

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_STRING_EQUAL(mg_finding_get_title(f),
			       "the PCIe link above 0001:01:00.0 did not train to its target: 8 GT/s asked, 5 GT/s reached");
	CU_ASSERT_TRUE(has_evidence(f, "target 8 GT/s", "LnkCtl2"));
	CU_ASSERT_TRUE(has_evidence(f, "current 5 GT/s", "LnkSta"));
	mg_doctor_free(d);
	mg_ctx_unref(ctx);
}

/* Two samples: the growth is what counts (two trees stand for two moments of one path). */
static void test_rule_aer_growth(void)
{
	char a[4096], b[4096];
	struct mg_ctx *ca, *cb;
	struct mg_pcie_path *before, *after;
	struct mg_doctor *d = calloc(1, sizeof(*d));
	struct mg_nic *nic;
	struct mg_facts f = { .name = "eth1", .interval_ms = 1000 };

	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	snprintf(a, sizeof(a), "%s/pi5-rtl8126", FIXTURE_TREES);
	snprintf(b, sizeof(b), "%s/pi5-rtl8126-gen3", FIXTURE_TREES);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(a, &ca), 0);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(b, &cb), 0);
	CU_ASSERT_EQUAL_FATAL(mg_pcie_path_new(ca, "eth1", &before), 0);
	CU_ASSERT_EQUAL_FATAL(mg_pcie_path_new(cb, "eth1", &after), 0);
	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(cb, "eth1", &nic), 0);
	f.nic = nic;
	f.path = after;
	f.path_before = before;
	CU_ASSERT_EQUAL(mg_doctor_rules(d, &f), 0);
	for (size_t i = 0; i < d->count; i++) {
		if (strcmp(d->items[i]->id, "pcie-aer-errors"))
			continue;
		CU_ASSERT_STRING_EQUAL(d->items[i]->title, "1154 PCIe errors at 0001:01:00.0 in 1000 ms (AER)");
		CU_ASSERT_TRUE(has_evidence(d->items[i], "correctable: 1154 more (1203 in all)", "aer_dev_"));
	}
	/* No growth, no finding: the same sample twice. */
	for (size_t i = 0; i < d->count; i++)
		mg_settings_free(d->items[i]->fix_settings);
	mg_doctor_free_findings(d);
	d = calloc(1, sizeof(*d));
	f.path_before = after;
	CU_ASSERT_EQUAL(mg_doctor_rules(d, &f), 0);
	for (size_t i = 0; i < d->count; i++)
		CU_ASSERT_STRING_NOT_EQUAL(d->items[i]->id, "pcie-aer-errors");
	mg_doctor_free_findings(d);
	mg_nic_unref(nic);
	mg_pcie_path_free(before);
	mg_pcie_path_free(after);
	mg_ctx_unref(ca);
	mg_ctx_unref(cb);
}

/* ASPM L1 on (the Pi 5's RTL8126 as captured) while receive overruns grow: L1 off is the fix. */
static void test_rule_aspm_overruns(void)
{
	char root[4096];
	struct mg_ctx *ctx;
	struct mg_pcie_path *path;
	struct mg_stats before, now;
	struct mg_doctor *d = calloc(1, sizeof(*d));
	struct mg_nic *nic;
	struct mg_facts f = { .name = "eth1", .interval_ms = 1000 };
	const struct mg_finding *x = NULL;

	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	snprintf(root, sizeof(root), "%s/pi5-rtl8126", FIXTURE_TREES);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(root, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_pcie_path_new(ctx, "eth1", &path), 0);
	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, "eth1", &nic), 0);
	CU_ASSERT_TRUE_FATAL(mg_pcie_node_get_aspm_enabled(mg_pcie_path_get(path, 0)) & MG_PCIE_ASPM_L1);
	mg_stats_init(&before);
	mg_stats_init(&now);
	mg_counters_put(&before.link, MG_STAT_RX_MISSED_ERRORS, 10);
	mg_counters_put(&now.link, MG_STAT_RX_MISSED_ERRORS, 250);
	f.nic = nic;
	f.path = path;
	f.stats = &now;
	f.stats_before = &before;
	CU_ASSERT_EQUAL(mg_doctor_rules(d, &f), 0);
	for (size_t i = 0; i < d->count; i++)
		if (!strcmp(d->items[i]->id, "aspm-l1-with-overruns"))
			x = d->items[i];
	CU_ASSERT_PTR_NOT_NULL_FATAL(x);
	CU_ASSERT_STRING_EQUAL(x->title, "ASPM L1 is on at 0001:01:00.0 and 240 frames were overrun or missed in 1000 ms");
	CU_ASSERT_STRING_EQUAL(x->fix_command, "multigig set eth1 aspm-l1 off");
	CU_ASSERT_EQUAL(x->fix_aspm_l1, 0);
	CU_ASSERT_TRUE(has_evidence(x, "L1 enabled on 0001:01:00.0", "LnkCtl"));
	mg_doctor_free_findings(d);

	/* No overruns in the interval, no finding. */
	d = calloc(1, sizeof(*d));
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	f.stats_before = &now;
	CU_ASSERT_EQUAL(mg_doctor_rules(d, &f), 0);
	for (size_t i = 0; i < d->count; i++)
		CU_ASSERT_STRING_NOT_EQUAL(d->items[i]->id, "aspm-l1-with-overruns");
	mg_doctor_free_findings(d);
	mg_nic_unref(nic);
	mg_pcie_path_free(path);
	mg_ctx_unref(ctx);
}

/* ---- cpu-bound, on the recorded readings of tests/fixtures/cpu-bound ---- */

static void read_fixture(const char *name, char *buf, size_t size)
{
	char path[4096];
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "%s/../cpu-bound/%s", FIXTURE_TREES, name);
	f = fopen(path, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	n = fread(buf, 1, size - 1, f);
	buf[n] = '\0';
	fclose(f);
}

/* The CPUs' share between the two readings, two seconds apart. */
static void cpu_use_of_fixture(struct mg_cpu_use **use, size_t *count)
{
	struct mg_cpu_table a = { 0 }, b = { 0 };
	char buf[8192];

	read_fixture("stat.0", buf, sizeof(buf));
	CU_ASSERT_EQUAL_FATAL(mg_procstat_parse(buf, &a), 0);
	read_fixture("softirqs.0", buf, sizeof(buf));
	CU_ASSERT_EQUAL_FATAL(mg_softirqs_parse(buf, &a), 0);
	read_fixture("stat.1", buf, sizeof(buf));
	CU_ASSERT_EQUAL_FATAL(mg_procstat_parse(buf, &b), 0);
	read_fixture("softirqs.1", buf, sizeof(buf));
	CU_ASSERT_EQUAL_FATAL(mg_softirqs_parse(buf, &b), 0);
	CU_ASSERT_EQUAL_FATAL(mg_cpu_use_compute(&a, &b, 2.0, use, count), 0);
	mg_cpu_table_free(&a);
	mg_cpu_table_free(&b);
}

static void test_cpu_use_from_readings(void)
{
	struct mg_cpu_use *u;
	struct mg_cpu_bound b;
	size_t n;
	bool by_softirq;

	cpu_use_of_fixture(&u, &n);
	CU_ASSERT_EQUAL_FATAL(n, 4);
	CU_ASSERT_EQUAL(u[0].cpu, 0);
	CU_ASSERT_TRUE(u[0].have_busy && u[0].have_softirq);
	CU_ASSERT_DOUBLE_EQUAL(u[0].busy_pct, 100.0, 0.01);
	CU_ASSERT_DOUBLE_EQUAL(u[0].irq_pct, 99.0, 0.01);
	CU_ASSERT_DOUBLE_EQUAL(u[0].net[0], 41000, 0.01);
	CU_ASSERT_DOUBLE_EQUAL(u[0].net[1], 300, 0.01);
	CU_ASSERT_DOUBLE_EQUAL(u[1].busy_pct, 4.0, 0.01);
	CU_ASSERT_DOUBLE_EQUAL(u[2].busy_pct, 7.0, 0.01);
	CU_ASSERT_DOUBLE_EQUAL(u[3].busy_pct, 2.5, 0.01);
	CU_ASSERT_DOUBLE_EQUAL(u[3].irq_pct, 0, 0.01);

	/* By the vectors' CPU. */
	mg_cpu_use_mark(u, n, 1, &by_softirq);
	CU_ASSERT_FALSE(by_softirq);
	CU_ASSERT_TRUE(u[0].services && !u[1].services && !u[2].services && !u[3].services);
	CU_ASSERT_TRUE(mg_cpu_bound_find(u, n, 2.05e9, &b));
	CU_ASSERT_EQUAL(b.cpu, 0);
	CU_ASSERT_DOUBLE_EQUAL(b.irq_pct, 99.0, 0.01);
	CU_ASSERT_EQUAL(b.nidle, 3);
	CU_ASSERT_EQUAL(b.idle, 0xe);
	/* No traffic: no verdict. */
	CU_ASSERT_FALSE(mg_cpu_bound_find(u, n, 1e5, &b));
	CU_ASSERT_EQUAL(b.cpu, -1);
	/* Vectors on CPU 1, which idles: not the limit. */
	mg_cpu_use_mark(u, n, 2, &by_softirq);
	CU_ASSERT_FALSE(mg_cpu_bound_find(u, n, 2.05e9, &b));
	/* No vector known (a USB adapter's are its host controller's): told by the softirqs, CPU 0. */
	mg_cpu_use_mark(u, n, 0, &by_softirq);
	CU_ASSERT_TRUE(by_softirq);
	CU_ASSERT_TRUE(u[0].services && !u[1].services);
	CU_ASSERT_TRUE(mg_cpu_bound_find(u, n, 2.05e9, &b));
	CU_ASSERT_EQUAL(b.cpu, 0);
	/* 89 % in interrupts and the rest busy too: saturated, with others idle. */
	u[0].irq_pct = 89.0;
	CU_ASSERT_TRUE(mg_cpu_bound_find(u, n, 2.05e9, &b));
	/* 89 % in interrupts and 89 % busy: neither all in interrupts nor saturated. */
	u[0].busy_pct = 89.0;
	CU_ASSERT_FALSE(mg_cpu_bound_find(u, n, 2.05e9, &b));
	free(u);
}

/*
 * Debian's 6.1 under QEMU over 3 s (USER_HZ 100: 300 ticks a CPU): the
 * receiving adapter's vector and the iperf3 receiver on CPU 1, the sender
 * on CPU 0. CPU 1: 71 % softirq, 1 % hardirq, 24 % system, 4 % idle;
 * CPU 0: 20 % user, 27 % system, 10 % softirq, 43 % idle.
 */
static const char qemu_stat[2][160] = {
	"cpu  1500 0 3500 11000 20 50 4300 0 0 0\n"
	"cpu0 1000 0 2000 5000 10 0 300 0 0 0\ncpu1 500 0 1500 6000 10 50 4000 0 0 0\n",
	"cpu  1560 0 3653 11141 20 53 4543 0 0 0\n"
	"cpu0 1060 0 2081 5129 10 0 330 0 0 0\ncpu1 500 0 1572 6012 10 53 4213 0 0 0\n",
};
static const char qemu_softirqs[2][160] = {
	"          CPU0       CPU1\n  NET_TX:       100        200\n  NET_RX:      1000      50000\n",
	"          CPU0       CPU1\n  NET_TX:       400        230\n  NET_RX:      2500     110000\n",
};

/* Each CPU's share between two readings of /proc/stat and /proc/softirqs, @seconds apart. */
static void cpu_use_of(const char stat[2][160], const char softirqs[2][160], double seconds,
		       struct mg_cpu_use **use, size_t *count)
{
	struct mg_cpu_table t[2] = { { 0 }, { 0 } };

	for (int i = 0; i < 2; i++) {
		CU_ASSERT_EQUAL_FATAL(mg_procstat_parse(stat[i], &t[i]), 0);
		CU_ASSERT_EQUAL_FATAL(mg_softirqs_parse(softirqs[i], &t[i]), 0);
	}
	CU_ASSERT_EQUAL_FATAL(mg_cpu_use_compute(&t[0], &t[1], seconds, use, count), 0);
	mg_cpu_table_free(&t[0]);
	mg_cpu_table_free(&t[1]);
}

/* iowait that went back makes the total grow less than busy: never more than 100 % busy, never less than 0 idle. */
static void test_cpu_use_iowait_back(void)
{
	static const char stat[2][160] = {
		"cpu  100 0 100 1000 500 0 100 0 0 0\ncpu0 100 0 100 1000 500 0 100 0 0 0\n",
		"cpu  100 0 250 1000 400 0 250 0 0 0\ncpu0 100 0 250 1000 400 0 250 0 0 0\n",
	};
	static const char softirqs[2][160] = { "          CPU0\n  NET_TX:  0\n  NET_RX:  0\n",
					       "          CPU0\n  NET_TX:  0\n  NET_RX:  0\n" };
	struct mg_cpu_use *u;
	size_t n;

	cpu_use_of(stat, softirqs, 1.0, &u, &n);
	CU_ASSERT_EQUAL_FATAL(n, 1);
	CU_ASSERT_TRUE_FATAL(u[0].have_busy);
	CU_ASSERT_DOUBLE_EQUAL(u[0].busy_pct, 100.0, 0.01); /* 300 busy ticks of 200 in all */
	CU_ASSERT_TRUE(u[0].part_pct[MG_CPU_SOFTIRQ] <= 100.0 && u[0].part_pct[MG_CPU_SYSTEM] <= 100.0);
	free(u);
}

/* Saturated in softirq and the receiver's system time, not 90 % in interrupts alone: the limit all the same. */
static void test_cpu_bound_receiver_shares_cpu(void)
{
	struct mg_cpu_use *u;
	struct mg_cpu_bound b;
	size_t n;
	bool by_softirq;

	cpu_use_of(qemu_stat, qemu_softirqs, 3.0, &u, &n);
	CU_ASSERT_EQUAL_FATAL(n, 2);
	CU_ASSERT_DOUBLE_EQUAL(u[1].busy_pct, 96.0, 0.01);
	CU_ASSERT_DOUBLE_EQUAL(u[1].irq_pct, 72.0, 0.01);
	CU_ASSERT_DOUBLE_EQUAL(u[1].part_pct[MG_CPU_SOFTIRQ], 71.0, 0.01);
	CU_ASSERT_DOUBLE_EQUAL(u[1].part_pct[MG_CPU_HARDIRQ], 1.0, 0.01);
	CU_ASSERT_DOUBLE_EQUAL(u[1].part_pct[MG_CPU_SYSTEM], 24.0, 0.01);
	CU_ASSERT_DOUBLE_EQUAL(u[1].part_pct[MG_CPU_USER], 0, 0.01);
	CU_ASSERT_DOUBLE_EQUAL(u[0].busy_pct, 57.0, 0.01);
	CU_ASSERT_DOUBLE_EQUAL(u[0].part_pct[MG_CPU_USER], 20.0, 0.01);
	CU_ASSERT_DOUBLE_EQUAL(u[1].net[0], 20000, 0.01);

	mg_cpu_use_mark(u, n, 2, &by_softirq); /* its vector on CPU 1 */
	CU_ASSERT_TRUE(mg_cpu_bound_find(u, n, 2.4e9, &b));
	CU_ASSERT_EQUAL(b.cpu, 1);
	CU_ASSERT_DOUBLE_EQUAL(b.busy_pct, 96.0, 0.01);
	CU_ASSERT_DOUBLE_EQUAL(b.part_pct[MG_CPU_SOFTIRQ], 71.0, 0.01);
	CU_ASSERT_DOUBLE_EQUAL(b.part_pct[MG_CPU_SYSTEM], 24.0, 0.01);
	CU_ASSERT_EQUAL(b.nidle, 1);
	CU_ASSERT_EQUAL(b.idle, 1);
	/* No traffic: not the adapter's doing. */
	CU_ASSERT_FALSE(mg_cpu_bound_find(u, n, 1e5, &b));
	/* The sender's CPU busy too: no idle CPU to take work, and not 90 % in interrupts alone. */
	u[0].busy_pct = 80.0;
	CU_ASSERT_FALSE(mg_cpu_bound_find(u, n, 2.4e9, &b));
	u[0].busy_pct = 57.0;
	/* A sliver in interrupts, the rest a program's own work: busy, but not with the adapter. */
	u[1].irq_pct = 3.0;
	u[1].part_pct[MG_CPU_SOFTIRQ] = 2.0;
	u[1].part_pct[MG_CPU_USER] = 93.0;
	u[1].part_pct[MG_CPU_SYSTEM] = 0;
	CU_ASSERT_FALSE(mg_cpu_bound_find(u, n, 2.4e9, &b));
	CU_ASSERT_FALSE(mg_cpu_bound_find(u, n, 1e5, &b));
	free(u);
}

/* The finding on those readings, its CPU told by its softirqs: the split in its evidence. */
static void test_rule_cpu_bound_split(void)
{
	struct mg_stats before, now;
	struct mg_doctor *d = calloc(1, sizeof(*d));
	struct mg_cpu_use *u;
	struct mg_facts f = { .name = "ens1", .interval_ms = 3000, .hardware = true };
	const struct mg_finding *x = NULL;
	size_t n;

	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	cpu_use_of(qemu_stat, qemu_softirqs, 3.0, &u, &n);
	mg_stats_init(&before);
	mg_stats_init(&now);
	mg_counters_put(&before.link, MG_STAT_RX_BYTES, 0);
	mg_counters_put(&now.link, MG_STAT_RX_BYTES, 900000000ULL); /* 2.40 Gbit/s for 3 s */
	mg_counters_put(&before.link, MG_STAT_TX_BYTES, 0);
	mg_counters_put(&now.link, MG_STAT_TX_BYTES, 9000000ULL);
	f.stats = &now;
	f.stats_before = &before;
	f.online_cpus = 2;
	f.cpu_use = u;
	f.ncpu_use = n;
	CU_ASSERT_EQUAL(mg_doctor_rules(d, &f), 0);
	for (size_t i = 0; i < d->count; i++)
		if (!strcmp(d->items[i]->id, "cpu-bound"))
			x = d->items[i];
	CU_ASSERT_PTR_NOT_NULL_FATAL(x);
	CU_ASSERT_STRING_EQUAL(x->title, "CPU 1 is 96% busy servicing ens1's traffic (72% in interrupts), while other "
			       "CPUs idle");
	CU_ASSERT_TRUE(has_evidence(x, "CPU 1: 96% busy (71% softirq, 1% hardirq, 24% system, 0% user), 4% idle; "
				       "CPU 0 43% idle", "procfs: stat (user, system, irq, softirq, idle)"));
	CU_ASSERT_TRUE(has_evidence(x, "cpu0 57% (10% in interrupts), cpu1 96% (72%) over 3.000 s", "procfs: stat"));
	CU_ASSERT_TRUE(has_evidence(x, "CPU 1 ran 20000 NET_RX and 10 NET_TX softirqs per second", "softirqs"));
	CU_ASSERT_TRUE(has_evidence(x, "no vector or RPS mask of its own", "softirqs"));
	CU_ASSERT_TRUE(has_evidence(x, "2.40 Gbit/s received, 0.02 Gbit/s sent", "rx_bytes"));
	mg_doctor_free_findings(d);
	free(u);
}

/* The Pi 5's eth1 (one vector, on CPU 0, no RPS) at 2.05 Gbit/s with the readings: the finding and its fix. */
static void test_rule_cpu_bound(void)
{
	char root[4096];
	struct mg_ctx *ctx;
	struct mg_stats before, now;
	struct mg_irqs *irqs;
	struct mg_doctor *d = calloc(1, sizeof(*d));
	struct mg_cpu_use *u;
	struct mg_nic *nic;
	struct mg_facts f = { .name = "eth1", .interval_ms = 2000, .hardware = true };
	const struct mg_finding *x = NULL;
	size_t n;

	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	cpu_use_of_fixture(&u, &n);
	snprintf(root, sizeof(root), "%s/pi5-irq-cpu0", FIXTURE_TREES);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(root, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, "eth1", &nic), 0);
	CU_ASSERT_EQUAL_FATAL(mg_irqs_read_for_nic(ctx, nic, &irqs), 0);
	CU_ASSERT_EQUAL(mg_irqs_servicing(irqs), 1);
	mg_stats_init(&before);
	mg_stats_init(&now);
	mg_counters_put(&before.link, MG_STAT_RX_BYTES, 1000000000ULL);
	mg_counters_put(&now.link, MG_STAT_RX_BYTES, 1000000000ULL + 512500000ULL); /* 2.05 Gbit/s for 2 s */
	mg_counters_put(&before.link, MG_STAT_TX_BYTES, 5000000ULL);
	mg_counters_put(&now.link, MG_STAT_TX_BYTES, 5000000ULL + 132500000ULL); /* 0.53 Gbit/s */
	f.nic = nic;
	f.irqs = irqs;
	f.stats = &now;
	f.stats_before = &before;
	f.online_cpus = 4;
	f.cpu_use = u;
	f.ncpu_use = n;
	CU_ASSERT_EQUAL(mg_doctor_rules(d, &f), 0);
	for (size_t i = 0; i < d->count; i++)
		if (!strcmp(d->items[i]->id, "cpu-bound"))
			x = d->items[i];
	CU_ASSERT_PTR_NOT_NULL_FATAL(x);
	CU_ASSERT_EQUAL(x->severity, MG_SEVERITY_WARNING);
	CU_ASSERT_STRING_EQUAL(x->title, "CPU 0 is 100% busy servicing eth1's traffic (99% in interrupts), while other "
			       "CPUs idle");
	CU_ASSERT_TRUE(has_evidence(x, "CPU 0: 100% busy (79% softirq, 20% hardirq, 0% system, 0% user), 0% idle; "
				       "CPU 1 96% idle, CPU 2 93% idle, CPU 3 98% idle", "procfs: stat (user, system"));
	CU_ASSERT_TRUE(has_evidence(x, "cpu0 100% (99% in interrupts), cpu1 4% (0%), cpu2 7% (0%), cpu3 2% (0%) "
				       "over 2.000 s", "procfs: stat"));
	CU_ASSERT_TRUE(has_evidence(x, "CPU 0 ran 41000 NET_RX and 300 NET_TX softirqs per second", "softirqs"));
	CU_ASSERT_TRUE(has_evidence(x, "its vectors and receive steering run on CPU 0", "effective_affinity_list"));
	CU_ASSERT_TRUE(has_evidence(x, "2.05 Gbit/s received, 0.53 Gbit/s sent", "rx_bytes"));
	CU_ASSERT_STRING_EQUAL(x->fix_command, "multigig set eth1 rps-cpus 1-3");
	CU_ASSERT_EQUAL(x->fix_rps_cpus, 0xe);
	CU_ASSERT_PTR_NOT_NULL(strstr(x->fix, "--verify-peer"));
	mg_doctor_free_findings(d);

	/* One sample (a capture): no interval, no finding. */
	d = calloc(1, sizeof(*d));
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	f.stats_before = NULL;
	CU_ASSERT_EQUAL(mg_doctor_rules(d, &f), 0);
	for (size_t i = 0; i < d->count; i++)
		CU_ASSERT_STRING_NOT_EQUAL(d->items[i]->id, "cpu-bound");
	mg_doctor_free_findings(d);
	/* No traffic in the interval: the busy CPU is someone else's. */
	d = calloc(1, sizeof(*d));
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	f.stats_before = &now;
	CU_ASSERT_EQUAL(mg_doctor_rules(d, &f), 0);
	for (size_t i = 0; i < d->count; i++)
		CU_ASSERT_STRING_NOT_EQUAL(d->items[i]->id, "cpu-bound");
	mg_doctor_free_findings(d);
	/* Sixty-four CPUs: the RPS fix --fix applies names CPU 63 too, as its command does. */
	d = calloc(1, sizeof(*d));
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	f.stats_before = NULL;
	f.online_cpus = 64;
	f.online = ~0ull;
	CU_ASSERT_EQUAL(mg_doctor_rules(d, &f), 0);
	x = NULL;
	for (size_t i = 0; i < d->count; i++)
		if (!strcmp(d->items[i]->id, "irqs-on-one-cpu"))
			x = d->items[i];
	CU_ASSERT_PTR_NOT_NULL_FATAL(x);
	CU_ASSERT_STRING_EQUAL(x->fix_command, "multigig set eth1 rps-cpus 1-63");
	CU_ASSERT_EQUAL((uint64_t)x->fix_rps_cpus, ~1ull);
	mg_doctor_free_findings(d);
	free(u);
	mg_irqs_free(irqs);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
}

/* A 2.5G NIC up at 1G because 2500baseT is supported but not advertised. */
static void test_not_advertised(void)
{
	struct mg_ctx *ctx;
	struct mg_doctor *d = doctor_tree("cm4-rtl8125-1g", &ctx);
	const struct mg_finding *f = find(d, "faster-mode-not-advertised");
	const char *ifname;
	double gbps;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL(mg_finding_get_severity(f), MG_SEVERITY_CRITICAL);
	CU_ASSERT_STRING_EQUAL(mg_finding_get_title(f),
			       "2500baseT/Full is supported by both ends but not advertised: the link came up at 1000 Mbit/s");
	CU_ASSERT_TRUE(has_evidence(f, "2500baseT/Full not advertised", "advertised modes"));
	mg_finding_get_impact(f, &gbps);
	CU_ASSERT_DOUBLE_EQUAL(gbps, 1.0, 0.001);
	CU_ASSERT_STRING_EQUAL(mg_finding_get_fix_command(f), "multigig set eth1 advertise all");
	CU_ASSERT_PTR_NOT_NULL(mg_finding_get_fix_settings(f, &ifname));
	CU_ASSERT_STRING_EQUAL(ifname, "eth1");
	mg_doctor_free(d);
	mg_ctx_unref(ctx);
}

/* The evidence trees: a hot PHY that flapped, one CPU for every vector, USB adapters held back. */
static void test_evidence_trees(void)
{
	struct mg_ctx *ctx;
	struct mg_doctor *d = doctor_tree("sensors-pc", &ctx);
	const struct mg_finding *f = find(d, "temperature-high");

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL(mg_finding_get_severity(f), MG_SEVERITY_CRITICAL);
	CU_ASSERT_STRING_EQUAL(mg_finding_get_nic(f), "enp1s0");
	CU_ASSERT_TRUE(has_evidence(f, "temp1 (phy): 122.0", "temp*_input"));
	CU_ASSERT_TRUE(has_evidence(f, "max 120.0", "temp*_max"));
	f = find(d, "carrier-flaps");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_STRING_EQUAL(mg_finding_get_title(f), "the link went down 7 times since boot (one sample)");
	mg_doctor_free(d);
	mg_ctx_unref(ctx);

	d = doctor_tree("pi5-irq-cpu0", &ctx);
	f = find(d, "irqs-on-one-cpu");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_TRUE(has_evidence(f, "1 vector on CPU 0", "effective_affinity_list"));
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_finding_get_fix(f), "multigig set eth1 rps-cpus 1-3"));
	/* --fix applies it: a settings object asking RPS to CPUs 1-3 of every receive queue. */
	CU_ASSERT_STRING_EQUAL(mg_finding_get_fix_command(f), "multigig set eth1 rps-cpus 1-3");
	CU_ASSERT_PTR_NOT_NULL(mg_finding_get_fix_settings(f, NULL));
	mg_doctor_free(d);
	mg_ctx_unref(ctx);

	/* CPU 2 offline: the fix names the CPUs online, not the first as many as are online. */
	{
		char tmp[4096], cmd[8400], root[4200];
		FILE *o;

		CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, sizeof(tmp)));
		snprintf(root, sizeof(root), "%s/t", tmp);
		snprintf(cmd, sizeof(cmd), "cp -a '%s/pi5-irq-cpu0' '%s'", FIXTURE_TREES, root);
		CU_ASSERT_EQUAL_FATAL(system(cmd), 0);
		snprintf(cmd, sizeof(cmd), "%s/devices/system/cpu/online", root);
		o = fopen(cmd, "w");
		CU_ASSERT_PTR_NOT_NULL_FATAL(o);
		fputs("0-1,3\n", o);
		fclose(o);
		CU_ASSERT_EQUAL_FATAL(mg_ctx_new(root, &ctx), 0);
		CU_ASSERT_EQUAL_FATAL(mg_doctor_run(ctx, NULL, MG_DOCTOR_NO_SAMPLE, &d), 0);
		f = find(d, "irqs-on-one-cpu");
		CU_ASSERT_PTR_NOT_NULL_FATAL(f);
		CU_ASSERT_STRING_EQUAL(mg_finding_get_fix_command(f), "multigig set eth1 rps-cpus 1,3");
		mg_doctor_free(d);
		mg_ctx_unref(ctx);
		rm_tree(tmp);
	}

	d = doctor_tree("usb-adapters", &ctx);
	f = find(d, "usb-generic-driver");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_STRING_EQUAL(mg_finding_get_title(f), "the USB adapter runs on the generic cdc_ncm driver, not r8152");
	f = find(d, "usb-on-usb2-port");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_STRING_EQUAL(mg_finding_get_title(f), "a 5000 Mbit/s adapter on a 480 Mbit/s USB link");
	CU_ASSERT_PTR_NOT_NULL(find(d, "usb-shared-root-hub"));
	mg_doctor_free(d);
	mg_ctx_unref(ctx);
}

/* An RTL8126 with no driver bound: which kernel serves it. */
static void test_desktop_no_driver(void)
{
	struct mg_ctx *ctx;
	struct mg_doctor *d = doctor_tree("desktop", &ctx);
	const struct mg_finding *f = find(d, "no-driver");

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL(mg_finding_get_severity(f), MG_SEVERITY_CRITICAL);
	CU_ASSERT_STRING_EQUAL(mg_finding_get_nic(f), "0000:02:00.0");
	CU_ASSERT_TRUE(has_evidence(f, "no driver bound to 0000:02:00.0", "device/driver"));
	CU_ASSERT_STRING_EQUAL(mg_finding_get_fix(f), "install a kernel with r8169 (mainline since Linux 6.9)");
	/* The bound igb and the r8152 on USB 3 have nothing against them. */
	CU_ASSERT_EQUAL(mg_doctor_count(d), 1);
	mg_doctor_free(d);
	mg_ctx_unref(ctx);
}

/* One adapter only: the others' findings are not there. */
static void test_one_adapter(void)
{
	char root[4096];
	struct mg_ctx *ctx;
	struct mg_nic *nic;
	struct mg_doctor *d;

	snprintf(root, sizeof(root), "%s/desktop", FIXTURE_TREES);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(root, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, "enp1s0", &nic), 0);
	CU_ASSERT_EQUAL_FATAL(mg_doctor_run(ctx, nic, 0, &d), 0);
	CU_ASSERT_EQUAL(mg_doctor_count(d), 0);
	CU_ASSERT_PTR_NULL(mg_doctor_get(d, 0));
	mg_doctor_free(d);
	mg_nic_unref(nic);
	CU_ASSERT_EQUAL(mg_doctor_run(ctx, NULL, 0, NULL), -EINVAL);
	CU_ASSERT_EQUAL(mg_doctor_run(NULL, NULL, 0, &d), -EINVAL);
	mg_ctx_unref(ctx);
}

/* ---- rules on built facts ---- */

struct built {
	struct mg_nic *nic;
	struct mg_settings *s;
	struct mg_ethlink link;
	struct mg_doctor *d;
	struct mg_facts f;
};

static void build(struct built *b, const char *name, int mbps)
{
	memset(b, 0, sizeof(*b));
	b->d = calloc(1, sizeof(*b->d));
	CU_ASSERT_PTR_NOT_NULL_FATAL(b->d);
	b->nic = mg_nic_alloc();
	CU_ASSERT_PTR_NOT_NULL_FATAL(b->nic);
	b->nic->name = strdup(name);
	b->nic->bus = MG_BUS_PCI;
	b->nic->has_driver = true;
	b->nic->speed_mbps = mbps;
	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&b->s), 0);
	mg_ethlink_init(&b->link);
	b->link.speed = mbps;
	b->link.link = 1;
	b->f.nic = b->nic;
	b->f.name = name;
	b->f.settings = b->s;
	b->f.link = &b->link;
	b->f.online_cpus = 4;
	b->f.hardware = true;
}

static void unbuild(struct built *b)
{
	for (size_t i = 0; i < b->d->count; i++)
		mg_settings_free(b->d->items[i]->fix_settings);
	mg_doctor_free_findings(b->d);
	mg_settings_free(b->s);
	mg_ethlink_clear(&b->link);
	mg_nic_unref(b->nic);
}

static const struct mg_finding *only(struct built *b)
{
	CU_ASSERT_EQUAL(mg_doctor_rules(b->d, &b->f), 0);
	CU_ASSERT_EQUAL_FATAL(b->d->count, 1);
	return b->d->items[0];
}

static void test_rule_coalesce_off(void)
{
	struct built b;
	const struct mg_finding *f;

	build(&b, "eth1", 5000);
	mg_settings_put(b.s, MG_PARAM_RX_USECS, 0);
	f = only(&b);
	CU_ASSERT_STRING_EQUAL(f->id, "coalesce-off");
	CU_ASSERT_EQUAL(f->severity, MG_SEVERITY_WARNING);
	CU_ASSERT_STRING_EQUAL(f->fix_command, "multigig set eth1 rx-usecs 50");
	CU_ASSERT_EQUAL(f->nfix_params, 1);
	CU_ASSERT_EQUAL(f->fix_params[0].param, MG_PARAM_RX_USECS);
	CU_ASSERT_EQUAL(f->fix_params[0].value, 50);
	unbuild(&b);

	/* Adaptive moderation where the driver has it; nothing when it is on, or at 1G. */
	build(&b, "eth1", 5000);
	mg_settings_put(b.s, MG_PARAM_RX_USECS, 0);
	mg_settings_put(b.s, MG_PARAM_ADAPTIVE_RX, 0);
	f = only(&b);
	CU_ASSERT_STRING_EQUAL(f->fix_command, "multigig set eth1 adaptive-rx 1");
	unbuild(&b);
	build(&b, "eth1", 5000);
	mg_settings_put(b.s, MG_PARAM_RX_USECS, 0);
	mg_settings_put(b.s, MG_PARAM_ADAPTIVE_RX, 1);
	CU_ASSERT_EQUAL(mg_doctor_rules(b.d, &b.f), 0);
	CU_ASSERT_EQUAL(b.d->count, 0);
	unbuild(&b);
	build(&b, "eth1", 1000);
	mg_settings_put(b.s, MG_PARAM_RX_USECS, 0);
	CU_ASSERT_EQUAL(mg_doctor_rules(b.d, &b.f), 0);
	CU_ASSERT_EQUAL(b.d->count, 0);
	unbuild(&b);
}

static void test_rule_channels(void)
{
	struct built b;
	const struct mg_finding *f;

	build(&b, "eth1", 2500);
	mg_settings_put(b.s, MG_PARAM_COMBINED_CHANNELS, 1);
	mg_settings_put_max(b.s, MG_PARAM_COMBINED_CHANNELS, 8);
	f = only(&b);
	CU_ASSERT_STRING_EQUAL(f->id, "channels-below-cpus");
	CU_ASSERT_STRING_EQUAL(f->fix_command, "multigig set eth1 combined 4");
	CU_ASSERT_STRING_EQUAL(f->title, "1 queue for 4 CPUs (the driver allows 8)");
	unbuild(&b);

	/* As many as the driver allows is enough, even below the CPU count. */
	build(&b, "eth1", 2500);
	mg_settings_put(b.s, MG_PARAM_COMBINED_CHANNELS, 2);
	mg_settings_put_max(b.s, MG_PARAM_COMBINED_CHANNELS, 2);
	CU_ASSERT_EQUAL(mg_doctor_rules(b.d, &b.f), 0);
	CU_ASSERT_EQUAL(b.d->count, 0);
	unbuild(&b);
}

static void test_rule_half_duplex(void)
{
	struct built b;
	const struct mg_finding *f;

	build(&b, "eth1", 100);
	b.link.duplex = 0; /* DUPLEX_HALF */
	f = only(&b);
	CU_ASSERT_STRING_EQUAL(f->id, "ethernet-half-duplex");
	CU_ASSERT_EQUAL(f->severity, MG_SEVERITY_CRITICAL);
	CU_ASSERT_TRUE(has_evidence(f, "duplex half at 100 Mbit/s", "LINKMODES"));
	unbuild(&b);

	/* No speed: the driver filled nothing, and half is only duplex's zero. */
	build(&b, "eth1", 100);
	b.link.duplex = 0;
	b.link.speed = -1;
	CU_ASSERT_EQUAL(mg_doctor_rules(b.d, &b.f), 0);
	CU_ASSERT_EQUAL(b.d->count, 0);
	unbuild(&b);

	/*
	 * usbnet's class drivers never set duplex: cdc_ether on QEMU's usb-net
	 * shows "half" under Linux 6.1 and 6.12 on a full-duplex link.
	 */
	build(&b, "usb0", 425);
	b.link.duplex = 0;
	b.nic->bus = MG_BUS_USB;
	b.nic->driver = strdup("cdc_ether");
	CU_ASSERT_EQUAL(mg_doctor_rules(b.d, &b.f), 0);
	for (size_t i = 0; i < b.d->count; i++)
		CU_ASSERT_STRING_NOT_EQUAL(b.d->items[i]->id, "ethernet-half-duplex");
	unbuild(&b);
}

static void test_rule_usb2(void)
{
	struct built b;
	struct mg_throughput *t;
	const struct mg_finding *f;

	build(&b, "enx0", 2500);
	b.nic->bus = MG_BUS_USB;
	b.nic->usb_speed_mbps = 480;
	CU_ASSERT_EQUAL_FATAL(mg_throughput_new(b.nic, NULL, &t), 0);
	b.f.throughput = t;
	f = only(&b);
	CU_ASSERT_STRING_EQUAL(f->id, "usb-on-usb2-port");
	CU_ASSERT_TRUE(has_evidence(f, "USB link 480 Mbit/s", "USB device speed"));
	CU_ASSERT_TRUE(f->impact_gbps > 0 && f->impact_gbps < 0.48);
	mg_throughput_free(t);
	unbuild(&b);
}

/* A VLAN above its lower device's MTU (the kernel's VLAN module is not in the test namespaces). */
static void test_rule_vlan_mtu(void)
{
	struct built b;
	const struct mg_finding *f;
	struct mg_nic *lower = mg_nic_alloc();

	CU_ASSERT_PTR_NOT_NULL_FATAL(lower);
	lower->name = strdup("eth1");
	lower->mtu = 1500;
	build(&b, "eth1.10", 2500);
	b.nic->kind = strdup("vlan");
	b.nic->mtu = 9000;
	b.f.lower = lower;
	f = only(&b);
	CU_ASSERT_STRING_EQUAL(f->id, "mtu-mismatch");
	CU_ASSERT_STRING_EQUAL(f->title, "MTU 9000 is above the 1500 of eth1 below it: larger frames are dropped");
	CU_ASSERT_STRING_EQUAL(f->fix_command, "multigig set eth1 mtu 9000");
	CU_ASSERT_STRING_EQUAL(f->fix_ifname, "eth1");
	unbuild(&b);

	/* A device below named $(reboot) (a valid name): the command quotes it, the plan keeps it. */
	free(lower->name);
	lower->name = strdup("$(reboot)");
	build(&b, "eth1.10", 2500);
	b.nic->kind = strdup("vlan");
	b.nic->mtu = 9000;
	b.f.lower = lower;
	f = only(&b);
	CU_ASSERT_STRING_EQUAL(f->fix_command, "multigig set '$(reboot)' mtu 9000");
	CU_ASSERT_PTR_NOT_NULL(strstr(f->fix, "make them agree: multigig set '$(reboot)' mtu 9000"));
	CU_ASSERT_STRING_EQUAL(f->fix_ifname, "$(reboot)");
	unbuild(&b);
	free(lower->name);
	lower->name = strdup("eth1");

	/* A veth's IFLA_LINK is its peer, not a device below it: no finding. */
	build(&b, "veth0", 2500);
	b.nic->kind = strdup("veth");
	b.nic->mtu = 9000;
	b.f.lower = lower;
	CU_ASSERT_EQUAL(mg_doctor_rules(b.d, &b.f), 0);
	CU_ASSERT_EQUAL(b.d->count, 0);
	unbuild(&b);
	mg_nic_unref(lower);
}

/* Every set of link modes given the same list, with the kernel's bit indices. */
static void modes_all(struct built *b, int mbps)
{
	static const struct { const char *name; int bit, mbps; } modes[] = {
		{ "1000baseT/Full", 5, 1000 }, { "2500baseT/Full", 47, 2500 },
	};

	for (int w = MG_MODES_SUPPORTED; w <= MG_MODES_PARTNER; w++)
		for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
			if (modes[i].mbps <= mbps)
				CU_ASSERT_EQUAL_FATAL(mg_bits_add(&b->link.modes[w], modes[i].name, modes[i].bit), 0);
}

/* Both ends advertise 2.5G and the link still came up at 1G: a cable or port issue, no setting to change. */
/*
 * doctor's text, written by the same function as its JSON: a finding's
 * title line, its id, each fact with its source, impact and fix; the
 * report's text is its findings' in order.
 */
static void test_finding_text(void)
{
	struct mg_ctx *ctx;
	struct mg_doctor *d = doctor_tree("cm4-rtl8125-1g", &ctx);
	const struct mg_finding *f = find(d, "faster-mode-not-advertised");
	char *text = NULL, *all = NULL;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL_FATAL(mg_finding_to_text(f, &text), 0);
	CU_ASSERT_STRING_EQUAL(text,
		"critical eth1            2500baseT/Full is supported by both ends but not advertised: "
		"the link came up at 1000 Mbit/s\n"
		"                         [faster-mode-not-advertised]\n"
		"                         1000 Mbit/s (ethtool netlink: LINKMODES_GET speed)\n"
		"                         best common mode 2500baseT/Full "
		"(ethtool netlink: LINKMODES_GET supported and partner modes)\n"
		"                         2500baseT/Full not advertised (ethtool netlink: LINKMODES_GET advertised modes)\n"
		"                         impact: the link carries at most 1000 Mbit/s instead of 2500\n"
		"                         fix: advertise every supported mode: multigig set eth1 advertise all "
		"(--fix applies it)\n");
	CU_ASSERT_EQUAL_FATAL(mg_doctor_to_text(d, &all), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(all, text));
	CU_ASSERT_EQUAL(mg_finding_to_text(NULL, &text), -EINVAL);
	CU_ASSERT_EQUAL(mg_doctor_to_text(d, NULL), -EINVAL);
	free(text);
	free(all);
	mg_doctor_free(d);
	mg_ctx_unref(ctx);
}

static void test_rule_below_best_mode(void)
{
	struct built b;
	const struct mg_finding *f;

	build(&b, "eth1", 1000);
	modes_all(&b, 2500);
	f = only(&b);
	CU_ASSERT_STRING_EQUAL(f->id, "ethernet-below-best-mode");
	CU_ASSERT_EQUAL(f->severity, MG_SEVERITY_CRITICAL);
	CU_ASSERT_STRING_EQUAL(f->title, "the Ethernet link runs at 1000 Mbit/s; both ends can do 2500baseT/Full");
	CU_ASSERT_TRUE(has_evidence(f, "best common mode 2500baseT/Full", "partner modes"));
	CU_ASSERT_PTR_NULL(f->fix_command);
	CU_ASSERT_PTR_NULL(f->fix_advertise);
	unbuild(&b);

	/* At the best common mode: nothing. */
	build(&b, "eth1", 2500);
	modes_all(&b, 2500);
	CU_ASSERT_EQUAL(mg_doctor_rules(b.d, &b.f), 0);
	CU_ASSERT_EQUAL(b.d->count, 0);
	unbuild(&b);
}

/* A 5G USB adapter on a 5 Gbit/s USB 3 port: the USB ceiling sits below the adapter. */
static void test_rule_usb_port_below_adapter(void)
{
	struct built b;
	struct mg_throughput *t;
	const struct mg_finding *f;

	build(&b, "enx0", 5000);
	b.nic->bus = MG_BUS_USB;
	b.nic->usb_speed_mbps = 5000;
	CU_ASSERT_EQUAL_FATAL(mg_throughput_new(b.nic, NULL, &t), 0);
	b.f.throughput = t;
	f = only(&b);
	CU_ASSERT_STRING_EQUAL(f->id, "usb-port-below-adapter");
	CU_ASSERT_STRING_EQUAL(f->title, "a 5000 Mbit/s adapter on a 5000 Mbit/s USB link");
	CU_ASSERT_TRUE(f->impact_gbps > 0 && f->impact_gbps < 5.0);
	mg_throughput_free(t);
	unbuild(&b);
}

/* Flaps between two samples with EEE active: turning EEE off is the fix --fix applies. */
static void test_rule_eee_with_flaps(void)
{
	struct built b;
	struct mg_stats before, now;
	struct mg_eee eee;
	const struct mg_finding *f;

	build(&b, "eth1", 2500);
	mg_stats_init(&before);
	mg_stats_init(&now);
	mg_counters_put(&before.link, MG_STAT_CARRIER_DOWN_COUNT, 4);
	mg_counters_put(&now.link, MG_STAT_CARRIER_DOWN_COUNT, 7);
	mg_eee_init(&eee);
	eee.active = 1;
	eee.enabled = 1;
	b.f.stats = &now;
	b.f.stats_before = &before;
	b.f.interval_ms = 1000;
	b.f.eee = &eee;
	f = only(&b);
	CU_ASSERT_STRING_EQUAL(f->id, "eee-with-flaps");
	CU_ASSERT_EQUAL(f->severity, MG_SEVERITY_CRITICAL);
	CU_ASSERT_STRING_EQUAL(f->title, "the link went down 3 times in 1000 ms, with Energy-Efficient Ethernet active");
	CU_ASSERT_STRING_EQUAL(f->fix_command, "multigig set eth1 eee off");
	CU_ASSERT_EQUAL(f->fix_eee, 0);
	unbuild(&b);

	/* The same flaps with EEE off: carrier-flaps, and no setting to change. */
	build(&b, "eth1", 2500);
	eee.active = 0;
	b.f.stats = &now;
	b.f.stats_before = &before;
	b.f.interval_ms = 1000;
	b.f.eee = &eee;
	f = only(&b);
	CU_ASSERT_STRING_EQUAL(f->id, "carrier-flaps");
	CU_ASSERT_EQUAL(f->fix_eee, -1);
	unbuild(&b);
	mg_eee_clear(&eee);
}

/* Drops growing with the receive ring below its maximum. */
static void test_rule_rings_with_drops(void)
{
	struct built b;
	struct mg_stats before, now;
	const struct mg_finding *f;

	build(&b, "eth1", 2500);
	mg_settings_put(b.s, MG_PARAM_RX_RING, 256);
	mg_settings_put_max(b.s, MG_PARAM_RX_RING, 4096);
	mg_stats_init(&before);
	mg_stats_init(&now);
	mg_counters_put(&before.link, MG_STAT_RX_DROPPED, 100);
	mg_counters_put(&now.link, MG_STAT_RX_DROPPED, 150);
	mg_counters_put(&now.link, MG_STAT_RX_FIFO_ERRORS, 7);
	b.f.stats = &now;
	b.f.stats_before = &before;
	b.f.interval_ms = 1000;
	f = only(&b);
	CU_ASSERT_STRING_EQUAL(f->id, "rings-below-max-with-drops");
	CU_ASSERT_EQUAL(f->severity, MG_SEVERITY_WARNING);
	CU_ASSERT_STRING_EQUAL(f->title, "57 received frames lost in 1000 ms with the receive ring at 256 of 4096");
	CU_ASSERT_STRING_EQUAL(f->fix_command, "multigig set eth1 rx-ring max");
	CU_ASSERT_EQUAL(f->nfix_params, 1);
	CU_ASSERT_EQUAL(f->fix_params[0].param, MG_PARAM_RX_RING);
	CU_ASSERT_EQUAL(f->fix_params[0].value, 4096);
	unbuild(&b);

	/* At the maximum already: nothing to grow. */
	build(&b, "eth1", 2500);
	mg_settings_put(b.s, MG_PARAM_RX_RING, 4096);
	mg_settings_put_max(b.s, MG_PARAM_RX_RING, 4096);
	b.f.stats = &now;
	b.f.stats_before = &before;
	CU_ASSERT_EQUAL(mg_doctor_rules(b.d, &b.f), 0);
	CU_ASSERT_EQUAL(b.d->count, 0);
	unbuild(&b);
}

/*
 * doctor --peer and set --verify-peer refuse, with the reason, a peer that
 * no link can check: this machine answers loopback and the unspecified
 * address itself, many hosts a multicast or broadcast. Once they "passed",
 * or failed with an empty message. On a captured tree the address alone
 * is judged: the tree keeps no addresses of the machine's.
 */
static void test_peer_refused(void)
{
	static const struct { const char *peer, *why; } cases[] = {
		{ "0.0.0.0", "0.0.0.0 is the unspecified address: a peer must be one other host on the link" },
		{ "::", ":: is the unspecified address" },
		{ "127.0.0.1", "127.0.0.1 is a loopback address: a peer must be one other host on the link" },
		{ "::1", "::1 is a loopback address" },
		{ "224.0.0.1", "224.0.0.1 is a multicast address" },
		{ "ff02::1", "ff02::1 is a multicast address" },
		{ "255.255.255.255", "255.255.255.255 is the broadcast address of every link" },
		{ "::ffff:10.0.0.2", "::ffff:10.0.0.2 is an IPv4 address written as IPv6 (IPv4-mapped): "
				     "give it as 10.0.0.2" },
	};
	char root[4096];
	struct mg_doctor *d = NULL;
	struct mg_plan *plan;
	struct mg_ctx *ctx;
	struct mg_nic *nic;

	snprintf(root, sizeof(root), "%s/pi5-rtl8126", FIXTURE_TREES);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(root, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, "eth1", &nic), 0);
	CU_ASSERT_EQUAL_FATAL(mg_plan_new(ctx, &plan), 0);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		CU_ASSERT_EQUAL(mg_doctor_run_peer(ctx, nic, MG_DOCTOR_NO_SAMPLE, cases[i].peer, &d), -EINVAL);
		CU_ASSERT_PTR_NULL(d);
		CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), cases[i].why));
		CU_ASSERT_EQUAL(mg_plan_set_verify_peer(plan, cases[i].peer), -EINVAL);
		CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), cases[i].why));
		CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "; nothing was changed"));
	}
	/* One other host passes the check; a captured tree then cannot probe it. */
	CU_ASSERT_EQUAL(mg_plan_set_verify_peer(plan, "192.0.2.7"), 0);
	CU_ASSERT_EQUAL(mg_doctor_run_peer(ctx, nic, MG_DOCTOR_NO_SAMPLE, "fe80::2", &d), -EOPNOTSUPP);
	mg_plan_free(plan);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("doctor-trees", NULL, NULL, MG_TEST(test_pi5_rtl8126), MG_TEST(test_pi5_not_trained),
		     MG_TEST(test_not_advertised), MG_TEST(test_evidence_trees), MG_TEST(test_desktop_no_driver),
		     MG_TEST(test_one_adapter), MG_TEST(test_peer_refused));
	MG_ADD_SUITE("doctor-rules", NULL, NULL, MG_TEST(test_rule_coalesce_off), MG_TEST(test_rule_channels),
		     MG_TEST(test_rule_half_duplex), MG_TEST(test_rule_usb2), MG_TEST(test_rule_aer_growth),
		     MG_TEST(test_rule_aspm_overruns), MG_TEST(test_rule_vlan_mtu),
		     MG_TEST(test_finding_text), MG_TEST(test_rule_below_best_mode), MG_TEST(test_rule_usb_port_below_adapter),
		     MG_TEST(test_rule_eee_with_flaps), MG_TEST(test_rule_rings_with_drops),
		     MG_TEST(test_cpu_use_from_readings), MG_TEST(test_rule_cpu_bound),
		     MG_TEST(test_cpu_use_iowait_back), MG_TEST(test_cpu_bound_receiver_shares_cpu), MG_TEST(test_rule_cpu_bound_split));
	return mg_test_run();
}
