/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "library": the sampler's procfs parsers on text in the kernel's
 * format (6.12's /proc/softirqs and /proc/stat), and the sampler's refusals.
 * The rates themselves are checked against iperf3 in tests/python/test_watch.py.
 */
#include <errno.h>
#include <string.h>

#include "mg-test.h"
#include "decide/decide.h"
#include "test-util.h"

static const char softirqs[] =
	"                    CPU0       CPU1       CPU3       \n"
	"          HI:          0          0          0\n"
	"       TIMER:     210963     210895          7\n"
	"      NET_TX:        239        241          1\n"
	"      NET_RX:       4593       4967        100\n"
	"       BLOCK:          0    1591244          0\n";

static const char proc_stat[] =
	"cpu  340401 783 87157 514672 4378 0 2456 229 0 0\n"
	"cpu0 150782 345 41962 280042 1202 0 395 107 0 0\n"
	"cpu1 189618 437 45195 234630 3175 0 2061 121 0 0\n"
	"intr 5298014 0 0\n";

static void test_softirqs(void)
{
	struct mg_cpu_table t = { 0 };
	const struct mg_cpu_times *c;

	CU_ASSERT_EQUAL_FATAL(mg_softirqs_parse(softirqs, &t), 0);
	CU_ASSERT_EQUAL(t.count, 3);
	c = mg_cpu_table_find(&t, 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_EQUAL(c->net_rx, 4967);
	CU_ASSERT_EQUAL(c->net_tx, 241);
	/* Columns are CPU numbers, not positions: CPU2 is offline here. */
	c = mg_cpu_table_find(&t, 3);
	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_EQUAL(c->net_rx, 100);
	CU_ASSERT_PTR_NULL(mg_cpu_table_find(&t, 2));
	mg_cpu_table_free(&t);
	CU_ASSERT_EQUAL(mg_softirqs_parse("garbage\n", &t), -EBADMSG);
	mg_cpu_table_free(&t);
}

static void test_procstat(void)
{
	struct mg_cpu_table t = { 0 };
	const struct mg_cpu_times *c;

	CU_ASSERT_EQUAL_FATAL(mg_procstat_parse(proc_stat, &t), 0);
	CU_ASSERT_EQUAL(t.count, 2); /* the "cpu" total line is not a CPU */
	c = mg_cpu_table_find(&t, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_EQUAL(c->total, 150782ULL + 345 + 41962 + 280042 + 1202 + 0 + 395 + 107);
	CU_ASSERT_EQUAL(c->busy, c->total - 280042 - 1202);
	mg_cpu_table_free(&t);
}

static void test_sampler_refusals(void)
{
	struct mg_ctx *ctx;
	struct mg_nic *nic;
	struct mg_sampler *s = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/desktop", &ctx), 0);
	CU_ASSERT_EQUAL(mg_sampler_new(ctx, NULL, &s), -EINVAL);
	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, "0000:02:00.0", &nic), 0);
	/* A device without an interface has nothing to watch. */
	CU_ASSERT_EQUAL(mg_sampler_new(ctx, nic, &s), -ENODEV);
	CU_ASSERT_PTR_NULL(s);
	CU_ASSERT_EQUAL(mg_sampler_next(NULL, NULL), -EINVAL);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("watch", NULL, NULL, MG_TEST(test_softirqs), MG_TEST(test_procstat),
		     MG_TEST(test_sampler_refusals));
	return mg_test_run();
}
