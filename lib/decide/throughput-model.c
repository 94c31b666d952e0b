/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The throughput model: pure arithmetic on link parameters, no I/O.
 *
 * Accounting after Neugebauer et al., "Understanding PCIe performance for
 * end host networking" (SIGCOMM 2018): every TLP costs 8 bytes of framing,
 * sequence number and LCRC plus its header; ACK and flow-control DLLPs
 * (8 bytes each) go out at the specification's latency limits; SKP ordered
 * sets take about 4 bytes in 1538.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "decide/decide.h"


#define TLP_FRAMING 8
#define CPL_HEADER 12 /* completions always carry a 3DW header */
#define DLLP_BYTES 8
#define ETH_HEADER 14
#define TCPIP_HEADERS 52 /* IPv4 20 + TCP 20 + timestamps 12 */
#define ETH_WIRE_EXTRA 38 /* header 14 + FCS 4 + preamble 8 + gap 12 */

struct mg_estimate {
	double available_gbps;
	double data_rate_gbps;
	double rx_gbps, tx_gbps;
	double eth_gbps;
	int mrrs;
};

struct mg_estimate_params {
	int value[MG_ESTIMATE_INPUT_COUNT];
	char error[192];	/* why the last mg_estimate_params_set() failed */
};

/* Per-lane rate after line coding in Mb/s, as pcie_bandwidth_available(). */
int mg_pcie_lane_mbps(int gen)
{
	static const int mbps[] = { 0, 2000, 4000, 7876, 15753, 31507, 64000 };

	return gen >= 1 && gen <= 6 ? mbps[gen] : 0;
}

static double lane_rate_exact_gbps(int gen)
{
	static const double gts[] = { 0, 2.5, 5.0, 8.0, 16.0, 32.0, 64.0 };

	if (gen <= 2)
		return gts[gen] * 8.0 / 10.0;
	if (gen <= 5)
		return gts[gen] * 128.0 / 130.0;
	return gts[gen]; /* 64 GT/s flit mode: counted whole, as the kernel does */
}

/*
 * ACK/FC DLLP spacing in bytes: the x1 latency limits for MPS 128/256/512
 * (Gen1, Gen2, Gen3 and later); larger MPS use the 512 column.
 */
static int ack_interval(int gen, int mps)
{
	static const int table[3][3] = {
		{ 237, 416, 559 },
		{ 288, 467, 610 },
		{ 333, 512, 655 },
	};
	int row = gen >= 3 ? 2 : gen - 1;
	int col = mps <= 128 ? 0 : mps <= 256 ? 1 : 2;

	return table[row][col];
}

static double link_data_rate(int gen, int width, int mps)
{
	double ack = ack_interval(gen, mps);
	double efficiency = 1.0 - DLLP_BYTES / ack - DLLP_BYTES / ack - 4.0 / 1538.0;

	return lane_rate_exact_gbps(gen) * width * efficiency;
}

static int div_up(int a, int b)
{
	return (a + b - 1) / b;
}

/* The NIC writes a frame, its descriptor, an MSI, and fetches a descriptor. */
static double rx_ceiling(double rate, int mps, int header, int mtu)
{
	int frame = mtu + ETH_HEADER;
	double bytes = frame + div_up(frame, mps) * (TLP_FRAMING + header) +
		       (16 + TLP_FRAMING + header) + (4.0 + TLP_FRAMING + header) / 32.0 +
		       (TLP_FRAMING + header) / 8.0;

	return rate * frame / bytes;
}

/* The root complex returns the frame in completions; plus descriptor and doorbell. */
static double tx_ceiling(double rate, int completion, int header, int mtu)
{
	int frame = mtu + ETH_HEADER;
	double bytes = frame + div_up(frame, completion) * (TLP_FRAMING + CPL_HEADER) +
		       (16 + TLP_FRAMING + CPL_HEADER) + (4 + TLP_FRAMING + header);

	return rate * frame / bytes;
}

/* The share of an Ethernet frame (its header counted) that is TCP payload. */
double mg_tcp_share(int mtu)
{
	return (double)(mtu - TCPIP_HEADERS) / (mtu + ETH_HEADER);
}

/* On the wire a frame also costs its FCS, preamble and inter-frame gap. */
double mg_ethernet_tcp_gbps(int link_mbps, int mtu)
{
	return link_mbps / 1000.0 * (mtu - TCPIP_HEADERS) / (mtu + ETH_WIRE_EXTRA);
}

static bool power_of_two_between(int v, int lo, int hi)
{
	return v >= lo && v <= hi && (v & (v - 1)) == 0;
}

static bool valid_width(int width)
{
	return width == 1 || width == 2 || width == 4 || width == 8 || width == 12 ||
	       width == 16 || width == 32;
}

/* What one input may be, in words a caller can show as they are. */
static const char *const rules[MG_ESTIMATE_INPUT_COUNT] = {
	[MG_ESTIMATE_PCIE_GEN] = "PCIe generation must be 1..6",
	[MG_ESTIMATE_PCIE_WIDTH] = "PCIe link width must be 1, 2, 4, 8, 12, 16 or 32 lanes",
	[MG_ESTIMATE_MPS] = "max payload size must be a power of two from 128 to 4096 bytes",
	[MG_ESTIMATE_MRRS] = "max read request size must be a power of two from 128 to 4096 bytes, "
			     "or unknown",
	[MG_ESTIMATE_COMPLETION] = "read completion size must be a power of two from 64 to 4096 bytes, "
				   "or 0 for the max payload size",
	[MG_ESTIMATE_HEADER_DW] = "TLP header size must be 3 or 4 DW",
	[MG_ESTIMATE_MTU] = "MTU must be 68..65535 bytes",
	[MG_ESTIMATE_LINK_MBPS] = "Ethernet rate must be 0..1600000 Mbit/s (0: PCIe alone)",
};

static bool value_ok(enum mg_estimate_input input, int v)
{
	switch (input) {
	case MG_ESTIMATE_PCIE_GEN:
		return v >= 1 && v <= 6;
	case MG_ESTIMATE_PCIE_WIDTH:
		return valid_width(v);
	case MG_ESTIMATE_MPS:
		return power_of_two_between(v, 128, 4096);
	case MG_ESTIMATE_MRRS:
		return v == MG_UNKNOWN || power_of_two_between(v, 128, 4096);
	case MG_ESTIMATE_COMPLETION:
		return v == 0 || power_of_two_between(v, 64, 4096);
	case MG_ESTIMATE_HEADER_DW:
		return v == 3 || v == 4;
	case MG_ESTIMATE_MTU:
		return v >= 68 && v <= 65535;
	case MG_ESTIMATE_LINK_MBPS:
		return v >= 0 && v <= 1600000;
	case MG_ESTIMATE_INPUT_COUNT:
		break;
	}
	return false;
}

static void params_init(struct mg_estimate_params *p)
{
	*p = (struct mg_estimate_params){
		.value = {
			[MG_ESTIMATE_PCIE_GEN] = MG_UNKNOWN,
			[MG_ESTIMATE_PCIE_WIDTH] = MG_UNKNOWN,
			[MG_ESTIMATE_MPS] = MG_UNKNOWN,
			[MG_ESTIMATE_MRRS] = MG_UNKNOWN,
			[MG_ESTIMATE_COMPLETION] = 0,
			[MG_ESTIMATE_HEADER_DW] = 4,
			[MG_ESTIMATE_MTU] = 1500,
			[MG_ESTIMATE_LINK_MBPS] = 0,
		},
	};
}

MG_EXPORT int mg_estimate_params_new(struct mg_estimate_params **params)
{
	struct mg_estimate_params *p;

	if (!params)
		return -EINVAL;
	p = calloc(1, sizeof(*p));
	*params = p;
	if (!p)
		return -ENOMEM;
	params_init(p);
	return 0;
}

MG_EXPORT void mg_estimate_params_free(struct mg_estimate_params *params)
{
	free(params);
}

MG_EXPORT int mg_estimate_params_set(struct mg_estimate_params *params, enum mg_estimate_input input,
				     int value)
{
	if (!params)
		return -EINVAL;
	if ((unsigned int)input >= MG_ESTIMATE_INPUT_COUNT) {
		snprintf(params->error, sizeof(params->error), "no estimate input %d", (int)input);
		return -EINVAL;
	}
	if (!value_ok(input, value)) {
		snprintf(params->error, sizeof(params->error), "%s, not %d", rules[input], value);
		return -EINVAL;
	}
	params->value[input] = value;
	params->error[0] = '\0';
	return 0;
}

MG_EXPORT int mg_estimate_params_get(const struct mg_estimate_params *params,
				     enum mg_estimate_input input)
{
	if (!params || (unsigned int)input >= MG_ESTIMATE_INPUT_COUNT)
		return MG_UNKNOWN;
	return params->value[input];
}

/* Why a complete set of individually valid inputs still cannot be modelled. */
static const char *params_problem(const struct mg_estimate_params *p)
{
	const int *v = p->value;

	if (v[MG_ESTIMATE_PCIE_GEN] == MG_UNKNOWN)
		return "PCIe generation is not set";
	if (v[MG_ESTIMATE_PCIE_WIDTH] == MG_UNKNOWN)
		return "PCIe link width is not set";
	if (v[MG_ESTIMATE_MPS] == MG_UNKNOWN)
		return "max payload size is not set";
	/* Completions never exceed the completer's max payload size. */
	if (v[MG_ESTIMATE_COMPLETION] > v[MG_ESTIMATE_MPS])
		return "read completion size must not exceed the max payload size";
	return NULL;
}

MG_EXPORT const char *mg_estimate_params_get_error(const struct mg_estimate_params *params)
{
	if (!params)
		return NULL;
	return params->error[0] ? params->error : params_problem(params);
}

static int model(const struct mg_estimate_params *params, struct mg_estimate **estimate)
{
	const int *v = params->value;
	int mps = v[MG_ESTIMATE_MPS], mtu = v[MG_ESTIMATE_MTU], header = v[MG_ESTIMATE_HEADER_DW] * 4;
	int completion = v[MG_ESTIMATE_COMPLETION] ? v[MG_ESTIMATE_COMPLETION] : mps;
	struct mg_estimate *e;

	*estimate = NULL;
	if (params_problem(params))
		return -EINVAL;
	e = calloc(1, sizeof(*e));
	if (!e)
		return -ENOMEM;
	e->available_gbps = (double)mg_pcie_lane_mbps(v[MG_ESTIMATE_PCIE_GEN]) *
			    v[MG_ESTIMATE_PCIE_WIDTH] / 1000.0;
	e->data_rate_gbps = link_data_rate(v[MG_ESTIMATE_PCIE_GEN], v[MG_ESTIMATE_PCIE_WIDTH], mps);
	e->rx_gbps = rx_ceiling(e->data_rate_gbps, mps, header, mtu) * mg_tcp_share(mtu);
	e->tx_gbps = tx_ceiling(e->data_rate_gbps, completion, header, mtu) * mg_tcp_share(mtu);
	e->eth_gbps = v[MG_ESTIMATE_LINK_MBPS] > 0 ? mg_ethernet_tcp_gbps(v[MG_ESTIMATE_LINK_MBPS], mtu)
						   : -1.0;
	e->mrrs = v[MG_ESTIMATE_MRRS];
	*estimate = e;
	return 0;
}

/*
 * mg_estimate_new() has two versions: 0.2 takes a parameters object, 0.1
 * took nine values and a context for the message. Binaries linked against
 * 0.1 keep calling the old one; new builds get the new one.
 */
int mg_estimate_new_v02(const struct mg_estimate_params *params, struct mg_estimate **estimate);
int mg_estimate_new_v01(struct mg_ctx *ctx, int gen, int width, int mps, int mrrs, int completion,
			int header_dw, int mtu, int link_mbps, struct mg_estimate **estimate);
_Static_assert(__builtin_types_compatible_p(__typeof__(mg_estimate_new), __typeof__(mg_estimate_new_v02)),
	       "mg_estimate_new_v02 must match the header's mg_estimate_new");

MG_SYMVER_ASM(mg_estimate_new_v02, "mg_estimate_new@@LIBMULTIGIG_0.2")
MG_EXPORT MG_SYMVER(mg_estimate_new_v02, "mg_estimate_new@@LIBMULTIGIG_0.2")
int mg_estimate_new_v02(const struct mg_estimate_params *params, struct mg_estimate **estimate)
{
	if (!estimate)
		return -EINVAL;
	*estimate = NULL;
	if (!params)
		return -EINVAL;
	return model(params, estimate);
}

MG_SYMVER_ASM(mg_estimate_new_v01, "mg_estimate_new@LIBMULTIGIG_0.1")
MG_EXPORT MG_SYMVER(mg_estimate_new_v01, "mg_estimate_new@LIBMULTIGIG_0.1")
int mg_estimate_new_v01(struct mg_ctx *ctx, int gen, int width, int mps, int mrrs, int completion,
			int header_dw, int mtu, int link_mbps, struct mg_estimate **estimate)
{
	const int values[MG_ESTIMATE_INPUT_COUNT] = {
		[MG_ESTIMATE_PCIE_GEN] = gen, [MG_ESTIMATE_PCIE_WIDTH] = width,
		[MG_ESTIMATE_MPS] = mps, [MG_ESTIMATE_MRRS] = mrrs,
		[MG_ESTIMATE_COMPLETION] = completion, [MG_ESTIMATE_HEADER_DW] = header_dw,
		[MG_ESTIMATE_MTU] = mtu, [MG_ESTIMATE_LINK_MBPS] = link_mbps,
	};
	struct mg_estimate_params p;
	int err = 0;

	if (!estimate)
		return -EINVAL;
	*estimate = NULL;
	params_init(&p);
	for (int i = 0; i < MG_ESTIMATE_INPUT_COUNT && err == 0; i++)
		err = mg_estimate_params_set(&p, (enum mg_estimate_input)i, values[i]);
	if (err == 0)
		err = model(&p, estimate);
	if (err == -EINVAL && ctx)
		return mg_fail(ctx, err, "%s", mg_estimate_params_get_error(&p));
	return err;
}

int mg_estimate_for_link(int gen, int width, int mps, int mtu, int link_mbps,
			 struct mg_estimate **estimate)
{
	struct mg_estimate_params p;

	*estimate = NULL;
	params_init(&p);
	if (mg_estimate_params_set(&p, MG_ESTIMATE_PCIE_GEN, gen) < 0 ||
	    mg_estimate_params_set(&p, MG_ESTIMATE_PCIE_WIDTH, width) < 0 ||
	    mg_estimate_params_set(&p, MG_ESTIMATE_MPS, mps) < 0 ||
	    mg_estimate_params_set(&p, MG_ESTIMATE_MTU, mtu) < 0 ||
	    mg_estimate_params_set(&p, MG_ESTIMATE_LINK_MBPS, link_mbps) < 0)
		return -EINVAL;
	return model(&p, estimate);
}

MG_EXPORT void mg_estimate_free(struct mg_estimate *estimate)
{
	free(estimate);
}

MG_EXPORT double mg_estimate_get_pcie_available_gbps(const struct mg_estimate *e)
{
	return e ? e->available_gbps : -1.0;
}

MG_EXPORT double mg_estimate_get_link_data_rate_gbps(const struct mg_estimate *e)
{
	return e ? e->data_rate_gbps : -1.0;
}

MG_EXPORT double mg_estimate_get_rx_ceiling_gbps(const struct mg_estimate *e)
{
	return e ? e->rx_gbps : -1.0;
}

MG_EXPORT double mg_estimate_get_tx_ceiling_gbps(const struct mg_estimate *e)
{
	return e ? e->tx_gbps : -1.0;
}

MG_EXPORT double mg_estimate_get_ethernet_ceiling_gbps(const struct mg_estimate *e)
{
	return e ? e->eth_gbps : -1.0;
}

static double expected(double pcie, double eth)
{
	return eth >= 0 && eth < pcie ? eth : pcie;
}

MG_EXPORT double mg_estimate_get_expected_rx_gbps(const struct mg_estimate *e)
{
	return e ? expected(e->rx_gbps, e->eth_gbps) : -1.0;
}

MG_EXPORT double mg_estimate_get_expected_tx_gbps(const struct mg_estimate *e)
{
	return e ? expected(e->tx_gbps, e->eth_gbps) : -1.0;
}

MG_EXPORT enum mg_limit mg_estimate_get_limited_by(const struct mg_estimate *e, enum mg_direction direction)
{
	double pcie;

	if (!e)
		return MG_LIMIT_PCIE;
	pcie = direction == MG_DIRECTION_TX ? e->tx_gbps : e->rx_gbps;
	return e->eth_gbps >= 0 && e->eth_gbps < pcie ? MG_LIMIT_ETHERNET : MG_LIMIT_PCIE;
}

enum mg_limit mg_limit_overall(enum mg_limit rx, enum mg_limit tx)
{
	/* The bus when it caps either direction: that is the one to act on. */
	if (rx == MG_LIMIT_PCIE || rx == MG_LIMIT_USB)
		return rx;
	if (tx == MG_LIMIT_PCIE || tx == MG_LIMIT_USB)
		return tx;
	return rx != MG_LIMIT_UNKNOWN ? rx : tx;
}

MG_EXPORT enum mg_limit mg_estimate_get_overall_limit(const struct mg_estimate *e)
{
	return mg_limit_overall(mg_estimate_get_limited_by(e, MG_DIRECTION_RX),
				mg_estimate_get_limited_by(e, MG_DIRECTION_TX));
}

MG_EXPORT const char *mg_limit_name(enum mg_limit limit)
{
	switch (limit) {
	case MG_LIMIT_UNKNOWN:
		break;
	case MG_LIMIT_PCIE:
		return "pcie";
	case MG_LIMIT_ETHERNET:
		return "ethernet";
	case MG_LIMIT_USB:
		return "usb";
	case MG_LIMIT_WIFI:
		return "wifi";
	}
	return "unknown";
}

MG_EXPORT int mg_usb_data_ceiling_mbps(int usb_mbps, int *overhead_pct)
{
	int mbps, overhead = 10; /* headers, link commands, flow control: an estimate */

	switch (usb_mbps) {
	case 480:
		/* 13 bulk packets of 512 bytes per 125 us microframe: already net. */
		mbps = 13 * 512 * 8 * 8000 / 1000000;
		overhead = 0;
		break;
	case 5000:
		mbps = 5000 * 8 / 10;
		break;
	case 10000:
	case 20000:
		mbps = (int)((long)usb_mbps * 128 / 132);
		break;
	default:
		return -EINVAL;
	}
	if (overhead_pct)
		*overhead_pct = overhead;
	return mbps;
}
