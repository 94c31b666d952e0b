/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "library": the throughput model against reference values from an
 * independent implementation of the same accounting (x1, TCP goodput).
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "mg-test.h"
#include "multigig/multigig.h"

struct reference {
	int gen, mps, mtu, header_dw, completion;
	double available, data_rate, rx, tx;
};

static const struct reference refs[] = {
	{ 2, 256, 1500, 4, 0, 4.000, 3.8526, 3.278, 3.285 },
	{ 2, 128, 9000, 3, 0, 4.000, 3.7674, 3.219, 3.212 },
	{ 3, 256, 1500, 4, 128, 7.876, 7.6103, 6.475, 6.061 },
	{ 3, 128, 9000, 3, 0, 7.876, 7.4780, 6.389, 6.376 },
	{ 1, 128, 1500, 3, 64, 2.000, 1.8598, 1.502, 1.311 },
};

#define NEAR(a, b, tol) CU_ASSERT_DOUBLE_EQUAL(a, b, tol)

static void test_reference_table(void)
{
	for (size_t i = 0; i < sizeof(refs) / sizeof(refs[0]); i++) {
		const struct reference *r = &refs[i];
		struct mg_estimate *e;

		CU_ASSERT_EQUAL_FATAL(mg_estimate_new(NULL, r->gen, 1, r->mps, MG_UNKNOWN,
						      r->completion, r->header_dw, r->mtu, 0, &e), 0);
		NEAR(mg_estimate_get_pcie_available_gbps(e), r->available, 0.0005);
		NEAR(mg_estimate_get_link_data_rate_gbps(e), r->data_rate, 0.00005);
		NEAR(mg_estimate_get_rx_ceiling_gbps(e), r->rx, 0.0005);
		NEAR(mg_estimate_get_tx_ceiling_gbps(e), r->tx, 0.0005);
		/* No Ethernet rate: PCIe alone sets the figure. */
		CU_ASSERT(mg_estimate_get_ethernet_ceiling_gbps(e) < 0);
		NEAR(mg_estimate_get_expected_rx_gbps(e), r->rx, 0.0005);
		CU_ASSERT_EQUAL(mg_estimate_get_limited_by(e, 0), MG_LIMIT_PCIE);
		mg_estimate_free(e);
	}
}

static void test_ethernet_ceilings(void)
{
	const struct { int mbps, mtu; double gbps; } eth[] = {
		{ 10000, 1500, 9.415 }, { 5000, 9000, 4.950 }, { 2500, 1500, 2.354 },
	};

	for (size_t i = 0; i < sizeof(eth) / sizeof(eth[0]); i++) {
		struct mg_estimate *e;

		CU_ASSERT_EQUAL_FATAL(mg_estimate_new(NULL, 3, 4, 256, 512, 0, 4, eth[i].mtu,
						      eth[i].mbps, &e), 0);
		NEAR(mg_estimate_get_ethernet_ceiling_gbps(e), eth[i].gbps, 0.0005);
		mg_estimate_free(e);
	}
}

/* The Raspberry Pi 5 case: a 10G card behind 5 GT/s x1 is capped by PCIe. */
static void test_pcie_or_ethernet_limits(void)
{
	struct mg_estimate *e;

	CU_ASSERT_EQUAL_FATAL(mg_estimate_new(NULL, 2, 1, 512, 2048, 0, 4, 1500, 10000, &e), 0);
	CU_ASSERT_EQUAL(mg_estimate_get_limited_by(e, 0), MG_LIMIT_PCIE);
	CU_ASSERT_EQUAL(mg_estimate_get_limited_by(e, 1), MG_LIMIT_PCIE);
	NEAR(mg_estimate_get_expected_rx_gbps(e), mg_estimate_get_rx_ceiling_gbps(e), 1e-9);
	CU_ASSERT(mg_estimate_get_expected_rx_gbps(e) > 3.2 && mg_estimate_get_expected_rx_gbps(e) < 3.5);
	mg_estimate_free(e);

	/* A 2.5G NIC on Gen3 x1 is capped by Ethernet. */
	CU_ASSERT_EQUAL_FATAL(mg_estimate_new(NULL, 3, 1, 256, 512, 0, 4, 1500, 2500, &e), 0);
	CU_ASSERT_EQUAL(mg_estimate_get_limited_by(e, 0), MG_LIMIT_ETHERNET);
	NEAR(mg_estimate_get_expected_tx_gbps(e), 2.354, 0.0005);
	mg_estimate_free(e);
}

static void test_kernel_available_figures(void)
{
	struct mg_estimate *e;

	CU_ASSERT_EQUAL_FATAL(mg_estimate_new(NULL, 5, 16, 256, 512, 0, 4, 1500, 0, &e), 0);
	NEAR(mg_estimate_get_pcie_available_gbps(e), 504.112, 1e-9);
	mg_estimate_free(e);
	CU_ASSERT_EQUAL_FATAL(mg_estimate_new(NULL, 2, 1, 128, 512, 0, 4, 1500, 0, &e), 0);
	NEAR(mg_estimate_get_pcie_available_gbps(e), 4.000, 1e-9);
	mg_estimate_free(e);
}

static void test_bad_inputs(void)
{
	struct mg_ctx *ctx;
	struct mg_estimate *e = (struct mg_estimate *)1;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/desktop", &ctx), 0);
	CU_ASSERT_EQUAL(mg_estimate_new(ctx, 9, 1, 128, 512, 0, 4, 1500, 0, &e), -EINVAL);
	CU_ASSERT_PTR_NULL(e);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "generation"));
	CU_ASSERT_EQUAL(mg_estimate_new(ctx, 3, 3, 128, 512, 0, 4, 1500, 0, &e), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "width"));
	CU_ASSERT_EQUAL(mg_estimate_new(ctx, 3, 1, 100, 512, 0, 4, 1500, 0, &e), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "payload"));
	CU_ASSERT_EQUAL(mg_estimate_new(ctx, 3, 1, 128, 100, 0, 4, 1500, 0, &e), -EINVAL);
	CU_ASSERT_EQUAL(mg_estimate_new(ctx, 3, 1, 128, 512, 256, 4, 1500, 0, &e), -EINVAL);
	CU_ASSERT_EQUAL(mg_estimate_new(ctx, 3, 1, 128, 512, 0, 5, 1500, 0, &e), -EINVAL);
	CU_ASSERT_EQUAL(mg_estimate_new(ctx, 3, 1, 128, 512, 0, 4, 67, 0, &e), -EINVAL);
	CU_ASSERT_EQUAL(mg_estimate_new(ctx, 3, 1, 128, 512, 0, 4, 1500, -1, &e), -EINVAL);
	CU_ASSERT_EQUAL(mg_estimate_new(NULL, 0, 1, 128, 512, 0, 4, 1500, 0, &e), -EINVAL);
	CU_ASSERT_EQUAL(mg_estimate_new(NULL, 3, 1, 128, 512, 0, 4, 1500, 0, NULL), -EINVAL);
	mg_ctx_unref(ctx);
}

static void test_usb_ceilings(void)
{
	int overhead = -1;

	CU_ASSERT_EQUAL(mg_usb_data_ceiling_mbps(5000, &overhead), 4000);
	CU_ASSERT_EQUAL(overhead, 10);
	CU_ASSERT_EQUAL(mg_usb_data_ceiling_mbps(10000, NULL), 9696);
	CU_ASSERT_EQUAL(mg_usb_data_ceiling_mbps(20000, NULL), 19393);
	CU_ASSERT_EQUAL(mg_usb_data_ceiling_mbps(480, &overhead), 425);
	CU_ASSERT_EQUAL(overhead, 0);
	CU_ASSERT_EQUAL(mg_usb_data_ceiling_mbps(12, NULL), -EINVAL);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("bandwidth", NULL, NULL, MG_TEST(test_reference_table),
		     MG_TEST(test_ethernet_ceilings), MG_TEST(test_pcie_or_ethernet_limits),
		     MG_TEST(test_kernel_available_figures), MG_TEST(test_bad_inputs),
		     MG_TEST(test_usb_ceilings));
	return mg_test_run();
}
