/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libmultigig: the throughput model and the verdict for an adapter.
 *
 * Include <multigig/multigig.h>, which includes every header in order.
 */
#ifndef MULTIGIG_THROUGHPUT_H
#define MULTIGIG_THROUGHPUT_H

#include <multigig/pcie.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Throughput model                                                    */
/* ------------------------------------------------------------------ */

/**
 * struct mg_estimate - throughput ceilings for one PCIe link and Ethernet
 * link, per direction. rx: the NIC writes received frames to memory. tx:
 * the NIC reads frames to send from memory.
 */
struct mg_estimate;

/**
 * enum mg_limit - what sets the expected throughput.
 * @MG_LIMIT_UNKNOWN: nothing is known that bounds it (a virtual interface,
 *	a link that is down on a device with no known bus ceiling). Since: 0.2
 * @MG_LIMIT_PCIE: the PCIe link.
 * @MG_LIMIT_ETHERNET: the Ethernet link.
 * @MG_LIMIT_USB: the USB link.
 * @MG_LIMIT_WIFI: the Wi-Fi link (see mg_throughput_add_wifi()). Since: 0.3
 */
enum mg_limit {
	MG_LIMIT_UNKNOWN = 0,
	MG_LIMIT_PCIE = 1,
	MG_LIMIT_ETHERNET = 2,
	MG_LIMIT_USB = 3,
	MG_LIMIT_WIFI = 4,
};

/**
 * enum mg_direction - which way data moves through the adapter.
 * @MG_DIRECTION_RX: receive: the adapter writes frames to memory.
 * @MG_DIRECTION_TX: transmit: the adapter reads frames from memory.
 *
 * Since: 0.2
 */
enum mg_direction {
	MG_DIRECTION_RX = 0,
	MG_DIRECTION_TX = 1,
};

/**
 * mg_limit_name - name of a limit.
 * @limit: limit.
 *
 * Returns: "pcie", "ethernet", "usb", "wifi" (since 0.3), or "unknown".
 * Since: 0.1
 */
const char *mg_limit_name(enum mg_limit limit);

/**
 * enum mg_estimate_input - one input of the throughput model.
 * @MG_ESTIMATE_PCIE_GEN: PCIe generation 1..6 (2.5, 5, 8, 16, 32, 64 GT/s).
 *	Must be set.
 * @MG_ESTIMATE_PCIE_WIDTH: link width: 1, 2, 4, 8, 12, 16 or 32 lanes. Must
 *	be set.
 * @MG_ESTIMATE_MPS: Max Payload Size in bytes: 128, 256, ... 4096. Must be
 *	set.
 * @MG_ESTIMATE_MRRS: Max Read Request Size in bytes (128..4096), or
 *	MG_UNKNOWN (the default). Read requests travel upstream, so it does not
 *	change the ceilings; it is validated and kept for the record.
 * @MG_ESTIMATE_COMPLETION: read completion size in bytes (64..4096, a power
 *	of two, not above the MPS), or 0 for the MPS (the default).
 * @MG_ESTIMATE_HEADER_DW: TLP header size for memory requests: 3 (32-bit
 *	addresses) or 4 (64-bit addresses, the default).
 * @MG_ESTIMATE_MTU: Ethernet MTU in bytes, 68..65535; 1500 by default.
 * @MG_ESTIMATE_LINK_MBPS: Ethernet link rate in Mbit/s, 0..1600000; 0 (the
 *	default) models PCIe alone.
 * @MG_ESTIMATE_INPUT_COUNT: the number of inputs.
 *
 * Since: 0.2
 */
enum mg_estimate_input {
	MG_ESTIMATE_PCIE_GEN = 0,
	MG_ESTIMATE_PCIE_WIDTH = 1,
	MG_ESTIMATE_MPS = 2,
	MG_ESTIMATE_MRRS = 3,
	MG_ESTIMATE_COMPLETION = 4,
	MG_ESTIMATE_HEADER_DW = 5,
	MG_ESTIMATE_MTU = 6,
	MG_ESTIMATE_LINK_MBPS = 7,
	MG_ESTIMATE_INPUT_COUNT
};

/**
 * struct mg_estimate_params - the inputs of one estimate, each validated
 * when it is set. Needs no context: the model reads nothing.
 */
struct mg_estimate_params;

/**
 * mg_estimate_params_new - a parameters object with the defaults.
 * @params: where the object is stored.
 *
 * Defaults: MRRS unknown, completions of the MPS, 4DW headers, MTU 1500,
 * Ethernet rate 0 (PCIe alone). The PCIe generation, width and MPS have no
 * default and must be set.
 *
 * Returns: 0; -EINVAL when @params is NULL; -ENOMEM.
 * Since: 0.2
 */
int mg_estimate_params_new(struct mg_estimate_params **params);

/**
 * mg_estimate_params_free - free a parameters object.
 * @params: object, may be NULL.
 *
 * Since: 0.2
 */
void mg_estimate_params_free(struct mg_estimate_params *params);

/**
 * mg_estimate_params_set - set one input.
 * @params: object.
 * @input: which input.
 * @value: its value, in the unit enum mg_estimate_input gives.
 *
 * A refused value leaves the input as it was, and
 * mg_estimate_params_get_error() says what the input must be.
 *
 * Returns: 0; -EINVAL for a value out of range or an unknown @input.
 * Since: 0.2
 */
int mg_estimate_params_set(struct mg_estimate_params *params, enum mg_estimate_input input, int value);

/**
 * mg_estimate_params_get - the value of one input.
 * @params: object.
 * @input: which input.
 *
 * Returns: the value; MG_UNKNOWN for an input that is not set (or, for
 * MG_ESTIMATE_MRRS, set to unknown) and for an unknown @input.
 * Since: 0.2
 */
int mg_estimate_params_get(const struct mg_estimate_params *params, enum mg_estimate_input input);

/**
 * mg_estimate_params_get_error - what is wrong with the inputs.
 * @params: object.
 *
 * After mg_estimate_params_set() refused a value: which input, what it
 * must be and the value given ("max payload size must be a power of two
 * from 128 to 4096 bytes, not 100"). Otherwise why mg_estimate_new() would
 * refuse @params ("PCIe generation is not set", a completion size above
 * the MPS). The text names the input, never an option of a program: a
 * program adds the name it gave the input.
 *
 * Returns: the message, valid until @params changes or is freed; NULL when
 * the last set succeeded and the inputs are complete.
 * Since: 0.2
 */
const char *mg_estimate_params_get_error(const struct mg_estimate_params *params);

/**
 * mg_estimate_new - model the TCP goodput a NIC can reach over PCIe.
 * @params: the inputs.
 * @estimate: where the result is stored.
 *
 * The accounting follows Neugebauer et al. (SIGCOMM 2018): per TLP 8 bytes
 * of framing plus the header; ACK and flow-control DLLPs at the
 * specification's x1 latency limits; SKP ordered sets; descriptor fetch
 * and write-back, MSI and doorbell traffic per frame. Widths above x1 use
 * the x1 DLLP rates, which slightly understates their ceiling.
 *
 * Version 0.1 of this function took the nine values and a context as
 * arguments; binaries linked against it keep working (the library exports
 * both versions of the symbol).
 *
 * Returns: 0; -EINVAL when @params is incomplete or inconsistent
 * (mg_estimate_params_get_error() says why); -ENOMEM.
 * Since: 0.2
 */
int mg_estimate_new(const struct mg_estimate_params *params, struct mg_estimate **estimate);

/**
 * mg_estimate_free - free an estimate.
 * @estimate: estimate, may be NULL.
 *
 * Since: 0.1
 */
void mg_estimate_free(struct mg_estimate *estimate);

/**
 * mg_estimate_get_pcie_available_gbps - the kernel's "available PCIe
 * bandwidth": width times the per-lane rate after line coding, counted in
 * whole Mb/s as pcie_bandwidth_available() does (4.000 for 5 GT/s x1).
 * @estimate: estimate.
 *
 * Returns: Gbit/s.
 * Since: 0.1
 */
double mg_estimate_get_pcie_available_gbps(const struct mg_estimate *estimate);

/**
 * mg_estimate_get_link_data_rate_gbps - what the link carries for
 * transaction layer packets after line coding, DLLPs and SKP ordered sets.
 * @estimate: estimate.
 *
 * Returns: Gbit/s.
 * Since: 0.1
 */
double mg_estimate_get_link_data_rate_gbps(const struct mg_estimate *estimate);

/**
 * mg_estimate_get_rx_ceiling_gbps - TCP goodput ceiling PCIe sets on receive.
 * @estimate: estimate.
 *
 * Returns: Gbit/s.
 * Since: 0.1
 */
double mg_estimate_get_rx_ceiling_gbps(const struct mg_estimate *estimate);

/**
 * mg_estimate_get_tx_ceiling_gbps - TCP goodput ceiling PCIe sets on transmit.
 * @estimate: estimate.
 *
 * Returns: Gbit/s.
 * Since: 0.1
 */
double mg_estimate_get_tx_ceiling_gbps(const struct mg_estimate *estimate);

/**
 * mg_estimate_get_ethernet_ceiling_gbps - TCP goodput ceiling of the
 * Ethernet link: rate x (MTU - 52) / (MTU + 38).
 * @estimate: estimate.
 *
 * Returns: Gbit/s, or a negative value when no Ethernet rate was given.
 * Since: 0.1
 */
double mg_estimate_get_ethernet_ceiling_gbps(const struct mg_estimate *estimate);

/**
 * mg_estimate_get_expected_rx_gbps - the smaller of the receive ceilings.
 * @estimate: estimate.
 *
 * Returns: Gbit/s.
 * Since: 0.1
 */
double mg_estimate_get_expected_rx_gbps(const struct mg_estimate *estimate);

/**
 * mg_estimate_get_expected_tx_gbps - the smaller of the transmit ceilings.
 * @estimate: estimate.
 *
 * Returns: Gbit/s.
 * Since: 0.1
 */
double mg_estimate_get_expected_tx_gbps(const struct mg_estimate *estimate);

/**
 * mg_estimate_get_limited_by - what sets the expected throughput in one
 * direction.
 * @estimate: estimate.
 * @direction: MG_DIRECTION_RX or MG_DIRECTION_TX: 0 and 1, the values the
 *	int of 0.1 took.
 *
 * Returns: MG_LIMIT_PCIE or MG_LIMIT_ETHERNET (PCIe on a tie, and when no
 * Ethernet rate was given).
 * Since: 0.1
 */
enum mg_limit mg_estimate_get_limited_by(const struct mg_estimate *estimate, enum mg_direction direction);

/**
 * mg_estimate_get_overall_limit - one verdict for both directions.
 * @estimate: estimate.
 *
 * PCIe when it sets either direction's figure (it is then the link to
 * change), otherwise Ethernet.
 *
 * Returns: MG_LIMIT_PCIE or MG_LIMIT_ETHERNET.
 * Since: 0.2
 */
enum mg_limit mg_estimate_get_overall_limit(const struct mg_estimate *estimate);

/**
 * mg_usb_data_ceiling_mbps - what a USB link carries after line coding.
 * @usb_mbps: negotiated USB speed: 480, 5000, 10000 or 20000.
 * @overhead_pct: where the estimated protocol overhead in percent is
 *	stored (packet headers, link commands, flow control), or NULL.
 *
 * 5 Gbit/s uses 8b/10b, 10 and 20 Gbit/s 128b/132b. USB 2.0 is counted at
 * its bulk maximum of 13 512-byte packets per microframe.
 *
 * Returns: Mbit/s before protocol overhead, or -EINVAL for another speed.
 * Since: 0.1
 */
int mg_usb_data_ceiling_mbps(int usb_mbps, int *overhead_pct);

/* ------------------------------------------------------------------ */
/* Throughput verdict                                                  */
/* ------------------------------------------------------------------ */

/**
 * struct mg_throughput - what one adapter can be expected to carry, per
 * direction, and which link sets it: the library's one answer, so that
 * every program presents the same verdict.
 */
struct mg_throughput;

/**
 * mg_throughput_new - decide the expected throughput of an adapter.
 * @nic: the adapter, or NULL for a PCI function that is not one (the MTU
 *	is then 1500 and the Ethernet rate unknown).
 * @path: the adapter's PCIe path (mg_pcie_path_new()), or NULL when it has
 *	none (USB, virtual) or it was not read.
 * @throughput: where the result is stored.
 *
 * Pure: reads nothing, needs no context. The figures are TCP goodput
 * ceilings at the adapter's MTU (1500 when unknown). Each direction takes
 * the smallest of what is known: the PCIe ceiling from @path's limiting
 * link (mg_pcie_path_estimate()), the Ethernet ceiling at the adapter's
 * speed, and for a USB adapter the USB link's ceiling after line coding
 * and an estimated protocol overhead (mg_usb_data_ceiling_mbps()). On a
 * tie the bus is named. A link that is down has no Ethernet rate; a
 * virtual interface's speed bounds nothing, so its verdict is unknown.
 *
 * Returns: 0; -EINVAL when @throughput is NULL; -ENOMEM.
 * Since: 0.2
 */
int mg_throughput_new(const struct mg_nic *nic, const struct mg_pcie_path *path,
		      struct mg_throughput **throughput);

/**
 * mg_throughput_free - free a verdict.
 * @throughput: verdict, may be NULL.
 *
 * Since: 0.2
 */
void mg_throughput_free(struct mg_throughput *throughput);

/**
 * mg_throughput_get_line_rate_mbps - the adapter's Ethernet speed.
 * @throughput: verdict.
 *
 * Returns: Mbit/s as the adapter reports it, or MG_UNKNOWN (link down, no
 * adapter).
 * Since: 0.2
 */
int mg_throughput_get_line_rate_mbps(const struct mg_throughput *throughput);

/**
 * mg_throughput_get_mtu - the MTU the figures are for.
 * @throughput: verdict.
 *
 * Returns: the adapter's MTU, or 1500 when it is not known.
 * Since: 0.2
 */
int mg_throughput_get_mtu(const struct mg_throughput *throughput);

/**
 * mg_throughput_get_expected_gbps - the TCP goodput to expect at best.
 * @throughput: verdict.
 * @direction: MG_DIRECTION_RX or MG_DIRECTION_TX.
 *
 * Returns: Gbit/s, or a negative value when nothing bounds it
 * (mg_throughput_get_limited_by() is then MG_LIMIT_UNKNOWN).
 * Since: 0.2
 */
double mg_throughput_get_expected_gbps(const struct mg_throughput *throughput,
				       enum mg_direction direction);

/**
 * mg_throughput_get_limited_by - which link sets the figure.
 * @throughput: verdict.
 * @direction: MG_DIRECTION_RX or MG_DIRECTION_TX.
 *
 * Returns: MG_LIMIT_PCIE, MG_LIMIT_ETHERNET, MG_LIMIT_USB, or
 * MG_LIMIT_UNKNOWN.
 * Since: 0.2
 */
enum mg_limit mg_throughput_get_limited_by(const struct mg_throughput *throughput,
					   enum mg_direction direction);

/**
 * mg_throughput_get_overall_limit - one verdict for both directions.
 * @throughput: verdict.
 *
 * The bus (PCIe or USB) when it sets either direction's figure, otherwise
 * Ethernet; the same rule as mg_estimate_get_overall_limit().
 *
 * Returns: the limit, or MG_LIMIT_UNKNOWN.
 * Since: 0.2
 */
enum mg_limit mg_throughput_get_overall_limit(const struct mg_throughput *throughput);

/**
 * mg_throughput_get_estimate - the PCIe estimate the verdict used.
 * @throughput: verdict.
 *
 * Returns: the estimate, owned by @throughput (made at the adapter's MTU
 * and Ethernet rate, or PCIe alone when the rate is unknown), or NULL
 * when there is no PCIe path or no known link state on it.
 * Since: 0.2
 */
const struct mg_estimate *mg_throughput_get_estimate(const struct mg_throughput *throughput);

/**
 * mg_throughput_is_lower_bound - whether the PCIe figure is a floor.
 * @throughput: verdict.
 *
 * Returns: 1 when the path's MPS was unknown (unprivileged) and 128 bytes
 * were assumed, else 0.
 * Since: 0.2
 */
int mg_throughput_is_lower_bound(const struct mg_throughput *throughput);

/**
 * mg_throughput_get_usb_speed_mbps - the USB adapter's negotiated speed.
 * @throughput: verdict.
 *
 * Returns: Mbit/s, or MG_UNKNOWN (also when not on USB).
 * Since: 0.2
 */
int mg_throughput_get_usb_speed_mbps(const struct mg_throughput *throughput);

/**
 * mg_throughput_get_usb_data_ceiling_mbps - what the USB link carries
 * after line coding (mg_usb_data_ceiling_mbps()).
 * @throughput: verdict.
 *
 * Returns: Mbit/s, or MG_UNKNOWN (not on USB, or a speed the model does
 * not know, such as 12 Mbit/s).
 * Since: 0.2
 */
int mg_throughput_get_usb_data_ceiling_mbps(const struct mg_throughput *throughput);

/**
 * mg_throughput_get_usb_overhead_pct - the protocol overhead assumed on
 * top of line coding.
 * @throughput: verdict.
 *
 * Returns: percent, or MG_UNKNOWN when there is no USB ceiling.
 * Since: 0.2
 */
int mg_throughput_get_usb_overhead_pct(const struct mg_throughput *throughput);

/**
 * mg_throughput_get_usb_ceiling_mbps - what the USB link carries after
 * the protocol overhead: the figure the verdict compares.
 * @throughput: verdict.
 *
 * Returns: Mbit/s of Ethernet frames, or MG_UNKNOWN when there is no USB
 * ceiling.
 * Since: 0.2
 */
int mg_throughput_get_usb_ceiling_mbps(const struct mg_throughput *throughput);

/**
 * mg_estimate_to_json - the model's ceilings as JSON: estimate --json's
 * object, and pcie --json's "ceilings".
 * @estimate: estimate.
 * @flags: MG_JSON_LINE, MG_JSON_BYTES (enum mg_json_flags).
 * @json: where the text is stored: malloc'ed, free with free().
 *
 * Gbit/s with three decimals ("pcie_available_gbps" ...
 * "expected_tx_gbps"; "ethernet_ceiling_gbps" null without a line rate),
 * and what limits each direction ("limited_by", "limited_by_rx",
 * "limited_by_tx").
 *
 * Returns: 0; -EINVAL for a NULL argument or a flag it does not take;
 * -ENOMEM.
 * Since: 0.3
 */
int mg_estimate_to_json(const struct mg_estimate *estimate, unsigned int flags, char **json);

/**
 * mg_estimate_to_text - the model's answer as multigig estimate prints it.
 * @estimate: estimate.
 * @text: where the text is stored: malloc'ed, free with free().
 *
 * "PCIe: 4.000 Gb/s available, 3.853 Gb/s for TLPs after DLLPs and SKPs",
 * the TCP goodput ceilings each way, and, with a line rate, the Ethernet
 * ceiling and the goodput to expect each way with what limits it. A PCIe
 * path's text (mg_pcie_path_to_text()) ends with the same ceilings.
 *
 * Returns: 0; -EINVAL for a NULL argument; -ENOMEM.
 * Since: 0.4
 */
int mg_estimate_to_text(const struct mg_estimate *estimate, char **text);

/**
 * mg_throughput_to_json - the verdict for an adapter as JSON: show --json's
 * "throughput".
 * @throughput: verdict.
 * @flags: MG_JSON_LINE, MG_JSON_BYTES (enum mg_json_flags).
 * @json: where the text is stored: malloc'ed, free with free().
 *
 * "line_rate_mbps", "mtu", "expected_rx_gbps", "expected_tx_gbps",
 * "limited_by", "limited_by_rx", "limited_by_tx", "lower_bound".
 *
 * Returns: 0; -EINVAL for a NULL argument or a flag it does not take;
 * -ENOMEM.
 * Since: 0.3
 */
int mg_throughput_to_json(const struct mg_throughput *throughput, unsigned int flags, char **json);

/**
 * mg_throughput_to_text - the verdict for an adapter as multigig show
 * prints it.
 * @throughput: verdict.
 * @text: where the text is stored: malloc'ed, free with free().
 *
 * "expected:          receive 2.354 Gbit/s (ethernet), transmit 2.354
 * Gbit/s (ethernet) of TCP at MTU 1500": each direction's goodput
 * ("unknown" for one a Wi-Fi station does not report) and what limits it,
 * and a note when the PCIe figure is a lower bound. Nothing (an empty
 * string) when neither direction is known.
 *
 * Returns: 0; -EINVAL for a NULL argument; -ENOMEM.
 * Since: 0.4
 */
int mg_throughput_to_text(const struct mg_throughput *throughput, char **text);

#ifdef __cplusplus
}
#endif

#endif /* MULTIGIG_THROUGHPUT_H */
