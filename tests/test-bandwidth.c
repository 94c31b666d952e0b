/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "library": the throughput model against reference values from an
 * independent implementation of the same accounting (x1, TCP goodput), its
 * parameters object, the 0.1 entry point kept for old binaries, and the
 * throughput verdict on fixture trees.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
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

/*
 * The 0.1 mg_estimate_new(), as a binary linked against 0.1 calls it: the
 * header now declares the 0.2 one, so bind a local name to the old version.
 */
int estimate_new_v01(struct mg_ctx *ctx, int gen, int width, int mps, int mrrs, int completion,
		     int header_dw, int mtu, int link_mbps, struct mg_estimate **estimate);
__asm__(".symver estimate_new_v01, mg_estimate_new@LIBMULTIGIG_0.1");

/* Every input of the model through the parameters object. */
static int estimate(int gen, int width, int mps, int mrrs, int completion, int header_dw, int mtu,
		    int link_mbps, struct mg_estimate **e)
{
	const int values[MG_ESTIMATE_INPUT_COUNT] = {
		[MG_ESTIMATE_PCIE_GEN] = gen, [MG_ESTIMATE_PCIE_WIDTH] = width,
		[MG_ESTIMATE_MPS] = mps, [MG_ESTIMATE_MRRS] = mrrs,
		[MG_ESTIMATE_COMPLETION] = completion, [MG_ESTIMATE_HEADER_DW] = header_dw,
		[MG_ESTIMATE_MTU] = mtu, [MG_ESTIMATE_LINK_MBPS] = link_mbps,
	};
	struct mg_estimate_params *p;
	int err = mg_estimate_params_new(&p);

	CU_ASSERT_EQUAL_FATAL(err, 0);
	for (int i = 0; i < MG_ESTIMATE_INPUT_COUNT && err == 0; i++)
		err = mg_estimate_params_set(p, (enum mg_estimate_input)i, values[i]);
	if (err == 0)
		err = mg_estimate_new(p, e);
	mg_estimate_params_free(p);
	return err;
}

static void check_reference(const struct reference *r, const struct mg_estimate *e)
{
	NEAR(mg_estimate_get_pcie_available_gbps(e), r->available, 0.0005);
	NEAR(mg_estimate_get_link_data_rate_gbps(e), r->data_rate, 0.00005);
	NEAR(mg_estimate_get_rx_ceiling_gbps(e), r->rx, 0.0005);
	NEAR(mg_estimate_get_tx_ceiling_gbps(e), r->tx, 0.0005);
	/* No Ethernet rate: PCIe alone sets the figure. */
	CU_ASSERT(mg_estimate_get_ethernet_ceiling_gbps(e) < 0);
	NEAR(mg_estimate_get_expected_rx_gbps(e), r->rx, 0.0005);
	CU_ASSERT_EQUAL(mg_estimate_get_limited_by(e, MG_DIRECTION_RX), MG_LIMIT_PCIE);
	CU_ASSERT_EQUAL(mg_estimate_get_overall_limit(e), MG_LIMIT_PCIE);
}

/* The table of DESIGN.md, through the 0.2 and the 0.1 entry points. */
static void test_reference_table(void)
{
	for (size_t i = 0; i < sizeof(refs) / sizeof(refs[0]); i++) {
		const struct reference *r = &refs[i];
		struct mg_estimate *e;

		CU_ASSERT_EQUAL_FATAL(estimate(r->gen, 1, r->mps, MG_UNKNOWN, r->completion, r->header_dw,
					       r->mtu, 0, &e), 0);
		check_reference(r, e);
		mg_estimate_free(e);
		CU_ASSERT_EQUAL_FATAL(estimate_new_v01(NULL, r->gen, 1, r->mps, MG_UNKNOWN, r->completion,
						       r->header_dw, r->mtu, 0, &e), 0);
		check_reference(r, e);
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

		CU_ASSERT_EQUAL_FATAL(estimate(3, 4, 256, 512, 0, 4, eth[i].mtu, eth[i].mbps, &e), 0);
		NEAR(mg_estimate_get_ethernet_ceiling_gbps(e), eth[i].gbps, 0.0005);
		mg_estimate_free(e);
	}
}

/* The Raspberry Pi 5 case: a 10G card behind 5 GT/s x1 is capped by PCIe. */
static void test_pcie_or_ethernet_limits(void)
{
	struct mg_estimate *e;
	char *text = NULL;

	CU_ASSERT_EQUAL_FATAL(estimate(2, 1, 512, 2048, 0, 4, 1500, 10000, &e), 0);
	CU_ASSERT_EQUAL(mg_estimate_get_limited_by(e, MG_DIRECTION_RX), MG_LIMIT_PCIE);
	CU_ASSERT_EQUAL(mg_estimate_get_limited_by(e, MG_DIRECTION_TX), MG_LIMIT_PCIE);
	NEAR(mg_estimate_get_expected_rx_gbps(e), mg_estimate_get_rx_ceiling_gbps(e), 1e-9);
	CU_ASSERT(mg_estimate_get_expected_rx_gbps(e) > 3.2 && mg_estimate_get_expected_rx_gbps(e) < 3.5);
	mg_estimate_free(e);

	/* A 2.5G NIC on Gen3 x1 is capped by Ethernet. */
	CU_ASSERT_EQUAL_FATAL(estimate(3, 1, 256, 512, 0, 4, 1500, 2500, &e), 0);
	CU_ASSERT_EQUAL(mg_estimate_get_limited_by(e, MG_DIRECTION_RX), MG_LIMIT_ETHERNET);
	CU_ASSERT_EQUAL(mg_estimate_get_overall_limit(e), MG_LIMIT_ETHERNET);
	NEAR(mg_estimate_get_expected_tx_gbps(e), 2.354, 0.0005);
	mg_estimate_free(e);

	/* Completions of 64 bytes cap transmit below the Ethernet rate, not receive: PCIe overall. */
	CU_ASSERT_EQUAL_FATAL(estimate(1, 1, 128, MG_UNKNOWN, 64, 3, 1500, 1400, &e), 0);
	CU_ASSERT_EQUAL(mg_estimate_get_limited_by(e, MG_DIRECTION_RX), MG_LIMIT_ETHERNET);
	CU_ASSERT_EQUAL(mg_estimate_get_limited_by(e, MG_DIRECTION_TX), MG_LIMIT_PCIE);
	CU_ASSERT_EQUAL(mg_estimate_get_overall_limit(e), MG_LIMIT_PCIE);
	/* estimate's text: each direction's limit beside its figure. */
	mg_check_text(mg_estimate_to_text(e, &text), &text,
		   "PCIe: 2.000 Gb/s available, 1.860 Gb/s for TLPs after DLLPs and SKPs\n"
		   "ceiling (TCP goodput): receive 1.502 Gbit/s, transmit 1.311 Gbit/s\n"
		   "ethernet ceiling: 1.318 Gbit/s; expected: receive 1.318 (ethernet), transmit 1.311 (pcie)\n");
	CU_ASSERT_EQUAL(mg_estimate_to_text(NULL, &text), -EINVAL);
	CU_ASSERT_EQUAL(mg_estimate_to_text(e, NULL), -EINVAL);
	mg_estimate_free(e);

	/* No line rate: the ceilings alone. */
	CU_ASSERT_EQUAL_FATAL(estimate(2, 1, 256, MG_UNKNOWN, 0, 4, 1500, 0, &e), 0);
	mg_check_text(mg_estimate_to_text(e, &text), &text,
		   "PCIe: 4.000 Gb/s available, 3.853 Gb/s for TLPs after DLLPs and SKPs\n"
		   "ceiling (TCP goodput): receive 3.278 Gbit/s, transmit 3.285 Gbit/s\n");
	mg_estimate_free(e);
}

static void test_kernel_available_figures(void)
{
	struct mg_estimate *e;

	CU_ASSERT_EQUAL_FATAL(estimate(5, 16, 256, 512, 0, 4, 1500, 0, &e), 0);
	NEAR(mg_estimate_get_pcie_available_gbps(e), 504.112, 1e-9);
	mg_estimate_free(e);
	CU_ASSERT_EQUAL_FATAL(estimate(2, 1, 128, 512, 0, 4, 1500, 0, &e), 0);
	NEAR(mg_estimate_get_pcie_available_gbps(e), 4.000, 1e-9);
	mg_estimate_free(e);
}

/* Only the PCIe generation, width and MPS have no default. */
static void test_params_defaults(void)
{
	struct mg_estimate_params *p;
	struct mg_estimate *e = (struct mg_estimate *)1, *full;

	CU_ASSERT_EQUAL_FATAL(mg_estimate_params_new(&p), 0);
	CU_ASSERT_EQUAL(mg_estimate_params_get(p, MG_ESTIMATE_PCIE_GEN), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_estimate_params_get(p, MG_ESTIMATE_PCIE_WIDTH), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_estimate_params_get(p, MG_ESTIMATE_MPS), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_estimate_params_get(p, MG_ESTIMATE_MRRS), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_estimate_params_get(p, MG_ESTIMATE_COMPLETION), 0);
	CU_ASSERT_EQUAL(mg_estimate_params_get(p, MG_ESTIMATE_HEADER_DW), 4);
	CU_ASSERT_EQUAL(mg_estimate_params_get(p, MG_ESTIMATE_MTU), 1500);
	CU_ASSERT_EQUAL(mg_estimate_params_get(p, MG_ESTIMATE_LINK_MBPS), 0);
	CU_ASSERT_EQUAL(mg_estimate_params_get(p, MG_ESTIMATE_INPUT_COUNT), MG_UNKNOWN);

	/* Incomplete: refused, and the message says what is missing. */
	CU_ASSERT_EQUAL(mg_estimate_new(p, &e), -EINVAL);
	CU_ASSERT_PTR_NULL(e);
	CU_ASSERT_STRING_EQUAL(mg_estimate_params_get_error(p), "PCIe generation is not set");
	CU_ASSERT_EQUAL(mg_estimate_params_set(p, MG_ESTIMATE_PCIE_GEN, 3), 0);
	CU_ASSERT_STRING_EQUAL(mg_estimate_params_get_error(p), "PCIe link width is not set");
	CU_ASSERT_EQUAL(mg_estimate_params_set(p, MG_ESTIMATE_PCIE_WIDTH, 1), 0);
	CU_ASSERT_STRING_EQUAL(mg_estimate_params_get_error(p), "max payload size is not set");
	CU_ASSERT_EQUAL(mg_estimate_params_set(p, MG_ESTIMATE_MPS, 256), 0);
	CU_ASSERT_PTR_NULL(mg_estimate_params_get_error(p));

	/* The defaults are the values a caller would otherwise spell out. */
	CU_ASSERT_EQUAL_FATAL(mg_estimate_new(p, &e), 0);
	CU_ASSERT_EQUAL_FATAL(estimate(3, 1, 256, MG_UNKNOWN, 0, 4, 1500, 0, &full), 0);
	NEAR(mg_estimate_get_rx_ceiling_gbps(e), mg_estimate_get_rx_ceiling_gbps(full), 1e-12);
	NEAR(mg_estimate_get_tx_ceiling_gbps(e), mg_estimate_get_tx_ceiling_gbps(full), 1e-12);
	CU_ASSERT(mg_estimate_get_ethernet_ceiling_gbps(e) < 0);
	mg_estimate_free(full);
	mg_estimate_free(e);

	CU_ASSERT_EQUAL(mg_estimate_params_new(NULL), -EINVAL);
	CU_ASSERT_EQUAL(mg_estimate_new(NULL, &e), -EINVAL);
	CU_ASSERT_EQUAL(mg_estimate_new(p, NULL), -EINVAL);
	CU_ASSERT_PTR_NULL(mg_estimate_params_get_error(NULL));
	mg_estimate_params_free(p);
	mg_estimate_params_free(NULL);
}

/* Every bad value is refused, leaves the input as it was, and is named. */
static void test_params_refused(void)
{
	const struct {
		enum mg_estimate_input input;
		int value;
		const char *message;
	} bad[] = {
		{ MG_ESTIMATE_PCIE_GEN, 0, "PCIe generation must be 1..6, not 0" },
		{ MG_ESTIMATE_PCIE_GEN, 7, "PCIe generation must be 1..6, not 7" },
		{ MG_ESTIMATE_PCIE_WIDTH, 3, "PCIe link width must be 1, 2, 4, 8, 12, 16 or 32 lanes, not 3" },
		{ MG_ESTIMATE_PCIE_WIDTH, MG_UNKNOWN, "PCIe link width must be" },
		{ MG_ESTIMATE_MPS, 100, "max payload size must be a power of two from 128 to 4096 bytes, not 100" },
		{ MG_ESTIMATE_MPS, 8192, "max payload size" },
		{ MG_ESTIMATE_MRRS, 100, "max read request size must be" },
		{ MG_ESTIMATE_COMPLETION, 32, "read completion size must be" },
		{ MG_ESTIMATE_COMPLETION, 96, "not 96" },
		{ MG_ESTIMATE_HEADER_DW, 5, "TLP header size must be 3 or 4 DW, not 5" },
		{ MG_ESTIMATE_MTU, 67, "MTU must be 68..65535 bytes, not 67" },
		{ MG_ESTIMATE_MTU, 65536, "MTU must be" },
		{ MG_ESTIMATE_LINK_MBPS, -1, "Ethernet rate must be" },
		{ MG_ESTIMATE_LINK_MBPS, 1600001, "Ethernet rate must be" },
		{ MG_ESTIMATE_INPUT_COUNT, 1, "no estimate input 8" },
	};
	struct mg_estimate_params *p;
	struct mg_estimate *e;

	CU_ASSERT_EQUAL_FATAL(mg_estimate_params_new(&p), 0);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int before = mg_estimate_params_get(p, bad[i].input);

		CU_ASSERT_EQUAL(mg_estimate_params_set(p, bad[i].input, bad[i].value), -EINVAL);
		CU_ASSERT_EQUAL(mg_estimate_params_get(p, bad[i].input), before);
		CU_ASSERT_PTR_NOT_NULL_FATAL(mg_estimate_params_get_error(p));
		CU_ASSERT_PTR_NOT_NULL(strstr(mg_estimate_params_get_error(p), bad[i].message));
	}
	CU_ASSERT_EQUAL(mg_estimate_params_set(NULL, MG_ESTIMATE_MTU, 1500), -EINVAL);

	/* A value accepted clears the refusal; a completion above the MPS is refused as a pair. */
	CU_ASSERT_EQUAL(mg_estimate_params_set(p, MG_ESTIMATE_PCIE_GEN, 3), 0);
	CU_ASSERT_EQUAL(mg_estimate_params_set(p, MG_ESTIMATE_PCIE_WIDTH, 1), 0);
	CU_ASSERT_EQUAL(mg_estimate_params_set(p, MG_ESTIMATE_MPS, 128), 0);
	CU_ASSERT_EQUAL(mg_estimate_params_set(p, MG_ESTIMATE_COMPLETION, 256), 0);
	CU_ASSERT_EQUAL(mg_estimate_new(p, &e), -EINVAL);
	CU_ASSERT_PTR_NULL(e);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_estimate_params_get_error(p), "must not exceed the max payload size"));
	CU_ASSERT_EQUAL(mg_estimate_params_set(p, MG_ESTIMATE_MPS, 256), 0);
	CU_ASSERT_PTR_NULL(mg_estimate_params_get_error(p));
	CU_ASSERT_EQUAL(mg_estimate_new(p, &e), 0);
	mg_estimate_free(e);
	mg_estimate_params_free(p);
}

/* The 0.1 entry point still refuses what it refused, with the message in the context. */
static void test_bad_inputs_v01(void)
{
	struct mg_ctx *ctx;
	struct mg_estimate *e = (struct mg_estimate *)1;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/desktop", &ctx), 0);
	CU_ASSERT_EQUAL(estimate_new_v01(ctx, 9, 1, 128, 512, 0, 4, 1500, 0, &e), -EINVAL);
	CU_ASSERT_PTR_NULL(e);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "generation"));
	CU_ASSERT_EQUAL(estimate_new_v01(ctx, 3, 3, 128, 512, 0, 4, 1500, 0, &e), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "width"));
	CU_ASSERT_EQUAL(estimate_new_v01(ctx, 3, 1, 100, 512, 0, 4, 1500, 0, &e), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "payload"));
	CU_ASSERT_EQUAL(estimate_new_v01(ctx, 3, 1, 128, 100, 0, 4, 1500, 0, &e), -EINVAL);
	CU_ASSERT_EQUAL(estimate_new_v01(ctx, 3, 1, 128, 512, 256, 4, 1500, 0, &e), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "completion"));
	CU_ASSERT_EQUAL(estimate_new_v01(ctx, 3, 1, 128, 512, 0, 5, 1500, 0, &e), -EINVAL);
	CU_ASSERT_EQUAL(estimate_new_v01(ctx, 3, 1, 128, 512, 0, 4, 67, 0, &e), -EINVAL);
	CU_ASSERT_EQUAL(estimate_new_v01(ctx, 3, 1, 128, 512, 0, 4, 1500, -1, &e), -EINVAL);
	CU_ASSERT_EQUAL(estimate_new_v01(NULL, 0, 1, 128, 512, 0, 4, 1500, 0, &e), -EINVAL);
	CU_ASSERT_EQUAL(estimate_new_v01(NULL, 3, 1, 128, 512, 0, 4, 1500, 0, NULL), -EINVAL);
	mg_ctx_unref(ctx);
}

/* The verdict for one adapter of a fixture tree, with its PCIe path when it has one. */
static struct mg_throughput *tree_throughput(const char *tree, const char *target, struct mg_nic **nic)
{
	char root[512];
	struct mg_ctx *ctx;
	struct mg_pcie_path *path = NULL;
	struct mg_throughput *t = NULL;

	snprintf(root, sizeof(root), "%s/%s", FIXTURE_TREES, tree);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(root, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, target, nic), 0);
	if (mg_nic_get_bus(*nic) == MG_BUS_PCI)
		CU_ASSERT_EQUAL_FATAL(mg_pcie_path_new(ctx, mg_nic_get_address(*nic), &path), 0);
	CU_ASSERT_EQUAL_FATAL(mg_throughput_new(*nic, path, &t), 0);
	mg_pcie_path_free(path); /* the verdict keeps what it needs */
	mg_ctx_unref(ctx);
	return t;
}

/* A 5G card behind the Raspberry Pi 5's 5 GT/s x1 port: PCIe sets both directions. */
static void test_throughput_pi5(void)
{
	struct mg_nic *nic;
	struct mg_throughput *t = tree_throughput("pi5-rtl8126", "eth1", &nic);
	const struct mg_estimate *e = mg_throughput_get_estimate(t);
	char *text = NULL;

	CU_ASSERT_EQUAL(mg_throughput_get_line_rate_mbps(t), 5000);
	CU_ASSERT_EQUAL(mg_throughput_get_mtu(t), 1500);
	CU_ASSERT_EQUAL(mg_throughput_get_limited_by(t, MG_DIRECTION_RX), MG_LIMIT_PCIE);
	CU_ASSERT_EQUAL(mg_throughput_get_limited_by(t, MG_DIRECTION_TX), MG_LIMIT_PCIE);
	CU_ASSERT_EQUAL(mg_throughput_get_overall_limit(t), MG_LIMIT_PCIE);
	CU_ASSERT_EQUAL(mg_throughput_is_lower_bound(t), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(e);
	/* The same figures the estimate gives at the NIC's MTU and speed. */
	NEAR(mg_throughput_get_expected_gbps(t, MG_DIRECTION_RX), mg_estimate_get_expected_rx_gbps(e), 1e-12);
	NEAR(mg_throughput_get_expected_gbps(t, MG_DIRECTION_TX), mg_estimate_get_expected_tx_gbps(e), 1e-12);
	NEAR(mg_throughput_get_expected_gbps(t, MG_DIRECTION_RX), 3.451, 0.0005);
	NEAR(mg_estimate_get_ethernet_ceiling_gbps(e), 4.707, 0.0005);
	CU_ASSERT_EQUAL(mg_throughput_get_usb_speed_mbps(t), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_throughput_get_usb_ceiling_mbps(t), MG_UNKNOWN);
	CU_ASSERT(mg_throughput_get_expected_gbps(t, (enum mg_direction)2) < 0);
	CU_ASSERT_EQUAL(mg_throughput_get_limited_by(t, (enum mg_direction)2), MG_LIMIT_UNKNOWN);
	mg_check_text(mg_throughput_to_text(t, &text), &text,
		   "expected:          receive 3.451 Gbit/s (pcie), transmit 3.434 Gbit/s (pcie) of TCP at MTU 1500\n");
	CU_ASSERT_EQUAL(mg_throughput_to_text(NULL, &text), -EINVAL);
	CU_ASSERT_EQUAL(mg_throughput_to_text(t, NULL), -EINVAL);
	mg_throughput_free(t);
	mg_nic_unref(nic);
}

/* A 2.5G adapter on a 5 Gbit/s USB link: the USB ceiling is known, Ethernet sets the figure. */
static void test_throughput_usb(void)
{
	struct mg_nic *nic;
	struct mg_throughput *t = tree_throughput("desktop", "enx00e04c680001", &nic);
	char *text = NULL;

	CU_ASSERT_PTR_NULL(mg_throughput_get_estimate(t));
	CU_ASSERT_EQUAL(mg_throughput_get_usb_speed_mbps(t), 5000);
	CU_ASSERT_EQUAL(mg_throughput_get_usb_data_ceiling_mbps(t), 4000);
	CU_ASSERT_EQUAL(mg_throughput_get_usb_overhead_pct(t), 10);
	CU_ASSERT_EQUAL(mg_throughput_get_usb_ceiling_mbps(t), 3600);
	CU_ASSERT_EQUAL(mg_throughput_get_line_rate_mbps(t), 2500);
	CU_ASSERT_EQUAL(mg_throughput_get_limited_by(t, MG_DIRECTION_RX), MG_LIMIT_ETHERNET);
	CU_ASSERT_EQUAL(mg_throughput_get_overall_limit(t), MG_LIMIT_ETHERNET);
	NEAR(mg_throughput_get_expected_gbps(t, MG_DIRECTION_TX), 2.354, 0.0005);
	/* The USB ceiling has a line of show's own; the verdict names Ethernet. */
	mg_check_text(mg_throughput_to_text(t, &text), &text,
		   "expected:          receive 2.354 Gbit/s (ethernet), transmit 2.354 Gbit/s (ethernet) of TCP at MTU 1500\n");
	mg_throughput_free(t);
	mg_nic_unref(nic);
}

/* A veth reports 10000 Mbit/s, but no wire bounds it: unknown. So does nothing at all. */
static void test_throughput_unknown(void)
{
	struct mg_nic *nic;
	struct mg_throughput *t = tree_throughput("netns-virtual", "veth0", &nic);
	char *text = NULL;

	CU_ASSERT_EQUAL(mg_nic_get_bus(nic), MG_BUS_VIRTUAL);
	CU_ASSERT_EQUAL(mg_throughput_get_line_rate_mbps(t), mg_nic_get_speed_mbps(nic));
	CU_ASSERT_EQUAL(mg_throughput_get_mtu(t), mg_nic_get_mtu(nic));
	CU_ASSERT_EQUAL(mg_throughput_get_limited_by(t, MG_DIRECTION_RX), MG_LIMIT_UNKNOWN);
	CU_ASSERT_EQUAL(mg_throughput_get_limited_by(t, MG_DIRECTION_TX), MG_LIMIT_UNKNOWN);
	CU_ASSERT_EQUAL(mg_throughput_get_overall_limit(t), MG_LIMIT_UNKNOWN);
	CU_ASSERT(mg_throughput_get_expected_gbps(t, MG_DIRECTION_RX) < 0);
	CU_ASSERT_PTR_NULL(mg_throughput_get_estimate(t));
	CU_ASSERT_STRING_EQUAL(mg_limit_name(MG_LIMIT_UNKNOWN), "unknown");
	/* Neither direction known: no line at all. */
	mg_check_text(mg_throughput_to_text(t, &text), &text, "");
	mg_throughput_free(t);
	mg_nic_unref(nic);

	CU_ASSERT_EQUAL_FATAL(mg_throughput_new(NULL, NULL, &t), 0);
	CU_ASSERT_EQUAL(mg_throughput_get_mtu(t), 1500);
	CU_ASSERT_EQUAL(mg_throughput_get_line_rate_mbps(t), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_throughput_get_overall_limit(t), MG_LIMIT_UNKNOWN);
	CU_ASSERT_EQUAL(mg_throughput_is_lower_bound(t), 0);
	mg_throughput_free(t);
	mg_throughput_free(NULL);
	CU_ASSERT_EQUAL(mg_throughput_new(NULL, NULL, NULL), -EINVAL);
	CU_ASSERT_EQUAL(mg_throughput_get_overall_limit(NULL), MG_LIMIT_UNKNOWN);
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
		     MG_TEST(test_kernel_available_figures), MG_TEST(test_params_defaults),
		     MG_TEST(test_params_refused), MG_TEST(test_bad_inputs_v01),
		     MG_TEST(test_usb_ceilings), MG_TEST(test_throughput_pi5),
		     MG_TEST(test_throughput_usb), MG_TEST(test_throughput_unknown));
	return mg_test_run();
}
