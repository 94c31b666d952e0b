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
#include <stdlib.h>

#include "mg-private.h"

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

static double tcp_share(int mtu)
{
	return (double)(mtu - TCPIP_HEADERS) / (mtu + ETH_HEADER);
}

static bool power_of_two_between(int v, int lo, int hi)
{
	return v >= lo && v <= hi && (v & (v - 1)) == 0;
}

static int check_inputs(struct mg_ctx *ctx, int gen, int width, int mps, int mrrs,
			int completion, int header_dw, int mtu, int link_mbps)
{
	const char *bad = NULL;
	int value = 0;

	if (gen < 1 || gen > 6)
		bad = "PCIe generation (1..6)", value = gen;
	else if (width != 1 && width != 2 && width != 4 && width != 8 && width != 12 &&
		 width != 16 && width != 32)
		bad = "PCIe width (1, 2, 4, 8, 12, 16 or 32)", value = width;
	else if (!power_of_two_between(mps, 128, 4096))
		bad = "max payload size (128, 256, ... 4096 bytes)", value = mps;
	else if (mrrs != MG_UNKNOWN && !power_of_two_between(mrrs, 128, 4096))
		bad = "max read request size (128, 256, ... 4096 bytes)", value = mrrs;
	else if (completion != 0 && (!power_of_two_between(completion, 64, 4096) || completion > mps))
		bad = "completion size (64 bytes up to the max payload size)", value = completion;
	else if (header_dw != 3 && header_dw != 4)
		bad = "TLP header size (3 or 4 DW)", value = header_dw;
	else if (mtu < 68 || mtu > 65535)
		bad = "MTU (68..65535)", value = mtu;
	else if (link_mbps < 0 || link_mbps > 1600000)
		bad = "Ethernet rate (0..1600000 Mbit/s)", value = link_mbps;
	if (!bad)
		return 0;
	if (ctx)
		return mg_fail(ctx, -EINVAL, "%d is not a valid %s", value, bad);
	return -EINVAL;
}

MG_EXPORT int mg_estimate_new(struct mg_ctx *ctx, int gen, int width, int mps, int mrrs,
			      int completion, int header_dw, int mtu, int link_mbps,
			      struct mg_estimate **estimate)
{
	struct mg_estimate *e;
	double share;
	int err;

	if (!estimate)
		return -EINVAL;
	*estimate = NULL;
	err = check_inputs(ctx, gen, width, mps, mrrs, completion, header_dw, mtu, link_mbps);
	if (err < 0)
		return err;
	e = calloc(1, sizeof(*e));
	if (!e)
		return -ENOMEM;
	share = tcp_share(mtu);
	e->available_gbps = (double)mg_pcie_lane_mbps(gen) * width / 1000.0;
	e->data_rate_gbps = link_data_rate(gen, width, mps);
	e->rx_gbps = rx_ceiling(e->data_rate_gbps, mps, header_dw * 4, mtu) * share;
	e->tx_gbps = tx_ceiling(e->data_rate_gbps, completion ? completion : mps, header_dw * 4, mtu) * share;
	e->eth_gbps = link_mbps > 0 ? link_mbps / 1000.0 * (mtu - TCPIP_HEADERS) / (mtu + ETH_WIRE_EXTRA)
				    : -1.0;
	e->mrrs = mrrs;
	*estimate = e;
	return 0;
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

MG_EXPORT enum mg_limit mg_estimate_get_limited_by(const struct mg_estimate *e, int tx)
{
	double pcie;

	if (!e)
		return MG_LIMIT_PCIE;
	pcie = tx ? e->tx_gbps : e->rx_gbps;
	return e->eth_gbps >= 0 && e->eth_gbps < pcie ? MG_LIMIT_ETHERNET : MG_LIMIT_PCIE;
}

MG_EXPORT const char *mg_limit_name(enum mg_limit limit)
{
	switch (limit) {
	case MG_LIMIT_PCIE:
		return "pcie";
	case MG_LIMIT_ETHERNET:
		return "ethernet";
	case MG_LIMIT_USB:
		return "usb";
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
