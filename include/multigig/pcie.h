/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libmultigig: the PCI Express path of an adapter and the health of its links.
 *
 * Include <multigig/multigig.h>, which includes every header in order.
 */
#ifndef MULTIGIG_PCIE_H
#define MULTIGIG_PCIE_H

#include <multigig/nic.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* PCI Express link                                                    */
/* ------------------------------------------------------------------ */

/**
 * mg_ctx_set_pci_dump - read PCI devices from an lspci dump file.
 * @ctx: context.
 * @path: a file of `lspci -xxx` or `-xxxx` output, or NULL to go back to
 *	the sysfs tree.
 *
 * PCIe paths are then built from the dump (libpci's dump method), the tree
 * rebuilt from the bridges' bus numbers. Sysfs is still used for the rest.
 *
 * Returns: 0; -EINVAL when @ctx is NULL or @path is not a regular file (a
 * FIFO or a device is refused without reading from it); -EISDIR for a
 * directory; -ENOENT or -EACCES when @path cannot be opened.
 * Since: 0.1
 */
int mg_ctx_set_pci_dump(struct mg_ctx *ctx, const char *path);

/**
 * enum mg_pcie_role - the PCI Express port type of a function.
 */
enum mg_pcie_role {
	MG_PCIE_ROLE_UNKNOWN = 0,
	MG_PCIE_ROLE_ENDPOINT = 1,
	MG_PCIE_ROLE_LEGACY_ENDPOINT = 2,
	MG_PCIE_ROLE_ROOT_PORT = 3,
	MG_PCIE_ROLE_UPSTREAM_PORT = 4,
	MG_PCIE_ROLE_DOWNSTREAM_PORT = 5,
	MG_PCIE_ROLE_PCIE_TO_PCI_BRIDGE = 6,
	MG_PCIE_ROLE_PCI_TO_PCIE_BRIDGE = 7,
	MG_PCIE_ROLE_RC_ENDPOINT = 8,
	MG_PCIE_ROLE_RC_EVENT_COLLECTOR = 9,
};

/**
 * mg_pcie_role_name - name of a role.
 * @role: role.
 *
 * Returns: "endpoint", "legacy_endpoint", "root_port", "upstream_port",
 * "downstream_port", "pcie_to_pci_bridge", "pci_to_pcie_bridge",
 * "rc_endpoint", "rc_event_collector" or "unknown".
 * Since: 0.1
 */
const char *mg_pcie_role_name(enum mg_pcie_role role);

/**
 * enum mg_pcie_cap_by - which end of a link limits its capability.
 */
enum mg_pcie_cap_by {
	MG_PCIE_CAP_BY_UNKNOWN = 0,
	MG_PCIE_CAP_BY_NONE = 1,	/* both ends are equally capable */
	MG_PCIE_CAP_BY_DEVICE = 2,	/* the lower (device) end */
	MG_PCIE_CAP_BY_PORT = 3,	/* the upper (port) end */
	MG_PCIE_CAP_BY_BOTH = 4,	/* one in speed, the other in width */
};

/**
 * mg_pcie_cap_by_name - name of a capping end.
 * @by: value.
 *
 * Returns: "none", "device", "port", "both" or "unknown".
 * Since: 0.1
 */
const char *mg_pcie_cap_by_name(enum mg_pcie_cap_by by);

/**
 * struct mg_pcie_path - the PCI functions from a device up to its root
 * port, each with its decoded Express capability.
 */
struct mg_pcie_path;

/**
 * struct mg_pcie_node - one PCI function of a path; owned by the path.
 */
struct mg_pcie_node;

/**
 * mg_pcie_path_new - decode the PCIe path of a device.
 * @ctx: context.
 * @target: an interface name or a PCI address.
 * @path: where the path is stored.
 *
 * Reads each function's config space (through the context's gatherer,
 * or from the lspci dump given with mg_ctx_set_pci_dump()). Without
 * CAP_SYS_ADMIN only 64 bytes are readable: link speeds and widths then
 * come from sysfs (current_link_speed, max_link_speed, ...), and payload
 * and read request sizes are unknown with a reason.
 *
 * Returns: 0; -EINVAL for bad arguments; -ENODEV when @target is unknown;
 * -ENXIO when it is not a PCI device (USB, virtual); -EIO when its config
 * space is malformed (all 0xff, a capability pointer into the header).
 * Since: 0.1
 */
int mg_pcie_path_new(struct mg_ctx *ctx, const char *target, struct mg_pcie_path **path);

/**
 * mg_pcie_path_new_for_nic - the PCIe path of an adapter already looked up.
 * @ctx: context.
 * @nic: a PCI adapter, or (since 0.3) a USB one.
 * @path: where the path is stored.
 *
 * Built from the adapter's own address: its sysfs ancestors and their
 * config spaces, nothing else. For a USB adapter, since 0.3, the path of
 * its USB host controller (mg_usb_info_get_controller()) when that is a
 * PCI function: the link every device below that controller shares, which
 * mg_throughput_new() weighs against the USB link's ceiling.
 *
 * Returns: as mg_pcie_path_new(); -ENXIO when @nic is not on PCI (nor a
 * USB adapter below a PCI host controller whose path can be read).
 * Since: 0.2
 */
int mg_pcie_path_new_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_pcie_path **path);

/**
 * mg_pcie_path_free - free a path and its nodes.
 * @path: path, may be NULL.
 *
 * Since: 0.1
 */
void mg_pcie_path_free(struct mg_pcie_path *path);

/**
 * mg_pcie_path_count - number of functions on the path.
 * @path: path.
 *
 * Returns: the count, the device first and the root port last.
 * Since: 0.1
 */
size_t mg_pcie_path_count(const struct mg_pcie_path *path);

/**
 * mg_pcie_path_get - one function of the path.
 * @path: path.
 * @index: 0 for the device, up to mg_pcie_path_count() - 1.
 *
 * Returns: the node, or NULL when out of range.
 * Since: 0.1
 */
const struct mg_pcie_node *mg_pcie_path_get(const struct mg_pcie_path *path, size_t index);

/**
 * mg_pcie_path_get_limit - the function whose link limits the path.
 * @path: path.
 *
 * The kernel's rule (pcie_bandwidth_available()): the smallest current
 * width times per-lane rate after line coding; ties go to the upper one.
 *
 * Returns: the node, or NULL when no link state is known.
 * Since: 0.1
 */
const struct mg_pcie_node *mg_pcie_path_get_limit(const struct mg_pcie_path *path);

/**
 * mg_pcie_path_get_available_mbps - bandwidth the limiting link allows.
 * @path: path.
 *
 * Returns: Mbit/s as the kernel counts it (4000 for 5 GT/s x1), or
 * MG_UNKNOWN.
 * Since: 0.1
 */
int mg_pcie_path_get_available_mbps(const struct mg_pcie_path *path);

/**
 * mg_pcie_path_get_board - the board the path was read on, when known.
 * @path: path.
 *
 * Returns: the device tree's model ("Raspberry Pi 5 Model B Rev 1.0"), or
 * NULL.
 * Since: 0.1
 */
const char *mg_pcie_path_get_board(const struct mg_pcie_path *path);

/**
 * mg_pcie_path_get_advice - what would raise the limit, when the library
 * knows.
 * @path: path.
 *
 * Returns: one sentence (for instance the config.txt line that raises a
 * Raspberry Pi 5's external port to 8 GT/s), or NULL.
 * Since: 0.1
 */
const char *mg_pcie_path_get_advice(const struct mg_pcie_path *path);

/**
 * mg_pcie_path_estimate - the throughput ceilings the limiting link sets.
 * @path: path.
 * @mtu: Ethernet MTU.
 * @link_mbps: Ethernet rate in Mbit/s, or 0 for PCIe alone.
 * @estimate: where the estimate is stored.
 * @lower_bound: set to 1 when MPS or the header size was unknown and
 *	128 bytes / 4DW were assumed, so the figure is a lower bound; or NULL.
 *
 * mg_throughput_new() makes the same estimate from the adapter's own MTU
 * and speed and weighs it against the Ethernet and USB links.
 *
 * Returns: 0; -ENODATA when the path has no known link state; -EINVAL.
 * Since: 0.1
 */
int mg_pcie_path_estimate(const struct mg_pcie_path *path, int mtu, int link_mbps,
			  struct mg_estimate **estimate, int *lower_bound);

/**
 * mg_pcie_node_get_address - PCI address of the function.
 * @node: node.
 *
 * Returns: "0000:01:00.0".
 * Since: 0.1
 */
const char *mg_pcie_node_get_address(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_get_vendor_id - PCI vendor ID.
 * @node: node.
 *
 * Returns: the ID, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_pcie_node_get_vendor_id(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_get_device_id - PCI device ID.
 * @node: node.
 *
 * Returns: the ID, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_pcie_node_get_device_id(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_get_role - Express port type (inferred from the topology
 * when the capability is unreadable).
 * @node: node.
 *
 * Returns: the role.
 * Since: 0.1
 */
enum mg_pcie_role mg_pcie_node_get_role(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_get_cap_speed_gts - highest supported link speed (LnkCap2's
 * vector when present, else LnkCap).
 * @node: node.
 *
 * Returns: GT/s (2.5, 5, 8, 16, 32, 64), or MG_UNKNOWN.
 * Since: 0.1
 */
double mg_pcie_node_get_cap_speed_gts(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_get_lnkcap_speed_gts - the speed LnkCap names (what lspci
 * shows; it can differ from the LnkCap2 vector).
 * @node: node.
 *
 * Returns: GT/s, or MG_UNKNOWN.
 * Since: 0.1
 */
double mg_pcie_node_get_lnkcap_speed_gts(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_get_cap_width - maximum link width (LnkCap).
 * @node: node.
 *
 * Returns: lanes, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_pcie_node_get_cap_width(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_get_speed_gts - negotiated link speed (LnkSta).
 * @node: node.
 *
 * Returns: GT/s, or MG_UNKNOWN.
 * Since: 0.1
 */
double mg_pcie_node_get_speed_gts(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_get_width - negotiated link width (LnkSta).
 * @node: node.
 *
 * Returns: lanes, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_pcie_node_get_width(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_get_target_speed_gts - target link speed (LnkCtl2).
 * @node: node.
 *
 * A function that supports 2.5 GT/s only may leave the field 0: that reads
 * as 2.5 GT/s, as lspci shows it.
 *
 * Returns: GT/s, or MG_UNKNOWN (also for a capability older than version
 * 2, which has no LnkCtl2).
 * Since: 0.1
 */
double mg_pcie_node_get_target_speed_gts(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_get_supported_speeds - LnkCap2 supported-speeds vector.
 * @node: node.
 *
 * Returns: bit 0 = 2.5 GT/s ... bit 5 = 64 GT/s; 0 when absent;
 * MG_UNKNOWN when unreadable.
 * Since: 0.1
 */
int mg_pcie_node_get_supported_speeds(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_get_devcap_mps - largest payload the function supports.
 * @node: node.
 *
 * Returns: bytes, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_pcie_node_get_devcap_mps(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_get_mps - Max Payload Size in effect (DevCtl).
 * @node: node.
 *
 * Returns: bytes, or MG_UNKNOWN (see mg_pcie_node_get_unknown_reason()).
 * Since: 0.1
 */
int mg_pcie_node_get_mps(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_get_mrrs - Max Read Request Size in effect (DevCtl).
 * @node: node.
 *
 * Returns: bytes, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_pcie_node_get_mrrs(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_get_rcb - Read Completion Boundary (LnkCtl).
 * @node: node.
 *
 * Returns: 64 or 128 bytes, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_pcie_node_get_rcb(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_get_unknown_reason - why config-space values are unknown.
 * @node: node.
 *
 * Returns: e.g. "config space beyond 64 bytes needs CAP_SYS_ADMIN", or NULL
 * when the capability was read.
 * Since: 0.1
 */
const char *mg_pcie_node_get_unknown_reason(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_has_link - whether a physical link connects this function
 * to the next one up (a root port or a switch's downstream port).
 * @node: node.
 *
 * A function integrated in the root complex has no link at all: its link
 * values are unknown and mg_pcie_node_get_unknown_reason() says why.
 *
 * Returns: 1 or 0.
 * Since: 0.1
 */
int mg_pcie_node_has_link(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_get_link_cap_speed_gts - what the link above this function
 * can reach: the lower of both ends' capabilities.
 * @node: node.
 *
 * Returns: GT/s, or MG_UNKNOWN (also without a link).
 * Since: 0.1
 */
double mg_pcie_node_get_link_cap_speed_gts(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_get_link_cap_width - the lower of both ends' widths.
 * @node: node.
 *
 * Returns: lanes, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_pcie_node_get_link_cap_width(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_link_is_degraded - whether the link above this function
 * runs below what both ends support.
 * @node: node.
 *
 * Returns: 1, 0, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_pcie_node_link_is_degraded(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_get_link_capped_by - which end limits the link's capability.
 * @node: node.
 *
 * Returns: the end.
 * Since: 0.1
 */
enum mg_pcie_cap_by mg_pcie_node_get_link_capped_by(const struct mg_pcie_node *node);

/* ---- link health: power management, errors, training ---- */

/**
 * enum mg_pcie_pm_state - link power states, as bits of a mask.
 * @MG_PCIE_ASPM_L0S: ASPM L0s (LnkCap, LnkCtl; sysfs link/l0s_aspm).
 * @MG_PCIE_ASPM_L1: ASPM L1 (LnkCap, LnkCtl; link/l1_aspm).
 * @MG_PCIE_ASPM_L1_1: the ASPM L1.1 substate (L1 PM Substates capability;
 *	link/l1_1_aspm).
 * @MG_PCIE_ASPM_L1_2: ASPM L1.2 (link/l1_2_aspm).
 * @MG_PCIE_PCIPM_L1_1: PCI-PM L1.1 (link/l1_1_pcipm).
 * @MG_PCIE_PCIPM_L1_2: PCI-PM L1.2 (link/l1_2_pcipm).
 * @MG_PCIE_CLKPM: clock power management (link/clkpm; sysfs only).
 */
enum mg_pcie_pm_state {
	MG_PCIE_ASPM_L0S = 1 << 0,
	MG_PCIE_ASPM_L1 = 1 << 1,
	MG_PCIE_ASPM_L1_1 = 1 << 2,
	MG_PCIE_ASPM_L1_2 = 1 << 3,
	MG_PCIE_PCIPM_L1_1 = 1 << 4,
	MG_PCIE_PCIPM_L1_2 = 1 << 5,
	MG_PCIE_CLKPM = 1 << 6,
};

/**
 * mg_pcie_pm_state_name - name of one power state, as lspci prints it.
 * @state: a single bit of enum mg_pcie_pm_state.
 *
 * Returns: "L0s", "L1", "ASPM_L1.1", "ASPM_L1.2", "PCI-PM_L1.1",
 * "PCI-PM_L1.2" or "ClockPM"; NULL for anything else.
 * Since: 0.2
 */
const char *mg_pcie_pm_state_name(enum mg_pcie_pm_state state);

/**
 * mg_pcie_node_get_aspm_supported - ASPM states the function supports
 * (LnkCap).
 * @node: node.
 *
 * Returns: a mask of MG_PCIE_ASPM_L0S and MG_PCIE_ASPM_L1 (0: none), or
 * MG_UNKNOWN when the capability was not read or the function has no link.
 * Since: 0.2
 */
int mg_pcie_node_get_aspm_supported(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_get_aspm_enabled - ASPM states enabled on the function's
 * link (LnkCtl).
 * @node: node.
 *
 * Returns: a mask of MG_PCIE_ASPM_L0S and MG_PCIE_ASPM_L1, or MG_UNKNOWN.
 * Since: 0.2
 */
int mg_pcie_node_get_aspm_enabled(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_get_l1ss_supported - L1 PM substates the function supports
 * (the L1 PM Substates extended capability).
 * @node: node.
 *
 * The capability lies in the extended config space: without CAP_SYS_ADMIN,
 * in a dump of 256 bytes, or where the kernel cannot reach that space, it
 * is unknown.
 *
 * Returns: a mask of MG_PCIE_ASPM_L1_1, MG_PCIE_ASPM_L1_2,
 * MG_PCIE_PCIPM_L1_1 and MG_PCIE_PCIPM_L1_2; 0 when the function has no
 * such capability; MG_UNKNOWN when it could not be read.
 * Since: 0.2
 */
int mg_pcie_node_get_l1ss_supported(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_get_l1ss_enabled - L1 PM substates enabled (L1 PM
 * Substates Control 1).
 * @node: node.
 *
 * Returns: a mask as mg_pcie_node_get_l1ss_supported(), 0 without the
 * capability, or MG_UNKNOWN.
 * Since: 0.2
 */
int mg_pcie_node_get_l1ss_enabled(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_get_aspm_control - the kernel's ASPM controls of the link
 * above this function that are on (sysfs link/l1_aspm and its siblings).
 * @node: node.
 *
 * The kernel shows them on the function below a link whose ASPM it
 * manages; they are read through sysfs, so unknown for a dump.
 *
 * Returns: the mask of enum mg_pcie_pm_state controls that read 1, or
 * MG_UNKNOWN when sysfs shows none.
 * Since: 0.2
 */
int mg_pcie_node_get_aspm_control(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_get_aspm_control_present - which ASPM controls the kernel
 * offers for the link above this function.
 * @node: node.
 *
 * Returns: the mask of enum mg_pcie_pm_state controls that exist in sysfs
 * (link/l0s_aspm ... link/clkpm); 0 when none do.
 * Since: 0.2
 */
int mg_pcie_node_get_aspm_control_present(const struct mg_pcie_node *node);

/**
 * mg_pcie_path_get_aspm_policy - the kernel's ASPM policy
 * (/sys/module/pcie_aspm/parameters/policy).
 * @path: path.
 *
 * Returns: "default", "performance", "powersave" or "powersupersave"; NULL
 * when unknown (no such parameter, or a path read from a dump).
 * Since: 0.2
 */
const char *mg_pcie_path_get_aspm_policy(const struct mg_pcie_path *path);

/**
 * enum mg_aer_severity - the kinds of errors Advanced Error Reporting counts.
 * @MG_AER_CORRECTABLE: corrected by the hardware (aer_dev_correctable).
 * @MG_AER_NONFATAL: uncorrectable, non-fatal (aer_dev_nonfatal).
 * @MG_AER_FATAL: uncorrectable, fatal (aer_dev_fatal).
 */
enum mg_aer_severity {
	MG_AER_CORRECTABLE = 0,
	MG_AER_NONFATAL = 1,
	MG_AER_FATAL = 2,
};

/**
 * mg_aer_severity_name - name of a severity.
 * @severity: severity.
 *
 * Returns: "correctable", "nonfatal", "fatal" or "unknown".
 * Since: 0.2
 */
const char *mg_aer_severity_name(enum mg_aer_severity severity);

/**
 * mg_pcie_node_has_aer - whether the kernel counts AER errors of this
 * function (sysfs aer_dev_correctable and its siblings).
 * @node: node.
 *
 * Returns: 1 or 0 (no AER capability, a kernel without the counters, or a
 * path read from a dump).
 * Since: 0.2
 */
int mg_pcie_node_has_aer(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_get_aer_total - errors of one severity the function has
 * reported since boot (the TOTAL_ERR_* line).
 * @node: node.
 * @severity: severity.
 *
 * Returns: the count, or MG_UNKNOWN.
 * Since: 0.2
 */
long long mg_pcie_node_get_aer_total(const struct mg_pcie_node *node, enum mg_aer_severity severity);

/**
 * mg_pcie_node_get_aer_count - how many named counters one severity has.
 * @node: node.
 * @severity: severity.
 *
 * Returns: the number of counters (RxErr, BadTLP, ...), 0 when unknown.
 * Since: 0.2
 */
size_t mg_pcie_node_get_aer_count(const struct mg_pcie_node *node, enum mg_aer_severity severity);

/**
 * mg_pcie_node_get_aer_name - the name of one counter, as the kernel
 * writes it.
 * @node: node.
 * @severity: severity.
 * @index: 0 up to mg_pcie_node_get_aer_count() - 1.
 *
 * Returns: "RxErr", "BadTLP", "CmpltTO", ...; NULL when out of range.
 * Since: 0.2
 */
const char *mg_pcie_node_get_aer_name(const struct mg_pcie_node *node, enum mg_aer_severity severity,
				      size_t index);

/**
 * mg_pcie_node_get_aer_value - the value of one counter.
 * @node: node.
 * @severity: severity.
 * @index: 0 up to mg_pcie_node_get_aer_count() - 1.
 *
 * Returns: the count, or MG_UNKNOWN when out of range.
 * Since: 0.2
 */
long long mg_pcie_node_get_aer_value(const struct mg_pcie_node *node, enum mg_aer_severity severity,
				     size_t index);

/**
 * mg_pcie_node_get_aer_rootport_total - errors of one severity reported to
 * a root port from anywhere below it (aer_rootport_total_err_*).
 * @node: node, a root port or event collector.
 * @severity: severity.
 *
 * Returns: the count, or MG_UNKNOWN (also for other functions).
 * Since: 0.2
 */
long long mg_pcie_node_get_aer_rootport_total(const struct mg_pcie_node *node,
					      enum mg_aer_severity severity);

/**
 * enum mg_pcie_link_event - what the Link Status register says happened to
 * a link since the bits were last cleared.
 * @MG_PCIE_LINK_BW_MANAGED: Link Bandwidth Management Status: the link was
 *	retrained by software, or the hardware changed its speed or width to
 *	correct unreliable operation.
 * @MG_PCIE_LINK_BW_AUTONOMOUS: Link Autonomous Bandwidth Status: the
 *	hardware changed its speed or width for other reasons.
 *
 * Both are defined for root ports and switch downstream ports; other
 * functions read 0.
 */
enum mg_pcie_link_event {
	MG_PCIE_LINK_BW_MANAGED = 1 << 0,
	MG_PCIE_LINK_BW_AUTONOMOUS = 1 << 1,
};

/**
 * mg_pcie_node_get_link_events - the link events LnkSta reports.
 * @node: node.
 *
 * Returns: a mask of enum mg_pcie_link_event, or MG_UNKNOWN.
 * Since: 0.2
 */
int mg_pcie_node_get_link_events(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_get_link_target_speed_gts - the speed the link this
 * function's LnkSta describes should train to.
 * @node: node.
 *
 * The Target Link Speed (LnkCtl2) of the port at the link's upper end,
 * bounded by what both ends support. For a root port it is the link below
 * it, for other functions the link above. A Raspberry Pi 5 with
 * dtparam=pciex1_gen=3 sets its port's target to 8 GT/s.
 *
 * Returns: GT/s, or MG_UNKNOWN (an end or the port's target is not known).
 * Since: 0.2
 */
double mg_pcie_node_get_link_target_speed_gts(const struct mg_pcie_node *node);

/**
 * mg_pcie_node_link_is_below_target - whether the link runs slower than
 * mg_pcie_node_get_link_target_speed_gts(): it did not train to its target.
 * @node: node.
 *
 * Returns: 1, 0, or MG_UNKNOWN.
 * Since: 0.2
 */
int mg_pcie_node_link_is_below_target(const struct mg_pcie_node *node);

struct mg_throughput;

/**
 * mg_pcie_path_to_json - a PCIe path as JSON: pcie --json's object.
 * @path: the path (mg_pcie_path_new()).
 * @throughput: the verdict made from it (mg_throughput_new()): its
 *	"ceilings" and "lower_bound".
 * @flags: MG_JSON_LINE, MG_JSON_BYTES (enum mg_json_flags).
 * @json: where the text is stored: malloc'ed, free with free().
 *
 * "address", "path" (each hop: ids, link capability and state, MPS, MRRS,
 * ASPM and L1 substates, the kernel's ASPM controls, AER, training and the
 * link above), "limit", "ceilings", "lower_bound", "board", "advice",
 * "aspm_policy".
 *
 * Returns: 0; -EINVAL for a NULL argument or a flag it does not take;
 * -ENOMEM.
 * Since: 0.3
 */
int mg_pcie_path_to_json(const struct mg_pcie_path *path, const struct mg_throughput *throughput,
			 unsigned int flags, char **json);

/**
 * mg_pcie_path_to_text - a PCIe path as multigig pcie prints it.
 * @path: the path (mg_pcie_path_new()).
 * @throughput: the verdict made from it (mg_throughput_new()): its
 *	ceilings, and whether they are a lower bound.
 * @text: where the text is stored: malloc'ed, free with free().
 *
 * The board when known, then a line for each hop from the device up to
 * the root port (address, role, capable and running link, MPS and MRRS,
 * "<- limit" on the limit's) with, under it, the link above when it runs
 * below what both ends support or one end caps it, ASPM and AER, how the
 * link trained, and why something is unknown; then the limit and what it
 * leaves, the ASPM policy, the TCP goodput ceilings and the advice. Each
 * line only when there is something to say. The same path in one line,
 * as show prints it: mg_pcie_path_summary_to_text().
 *
 * Returns: 0; -EINVAL for a NULL argument; -ENOMEM.
 * Since: 0.4
 */
int mg_pcie_path_to_text(const struct mg_pcie_path *path, const struct mg_throughput *throughput, char **text);

/**
 * mg_pcie_path_summary_to_text - a PCIe path as multigig show prints it.
 * @path: the path (mg_pcie_path_new()).
 * @text: where the text is stored: malloc'ed, free with free().
 *
 * One line: "pcie:              5 GT/s x1 (device capable of 8 GT/s x1),
 * limited at 0001:00:00.0: 4.000 Gb/s, ASPM L1 (see multigig pcie)", the
 * device's link, the hop that limits the path and what it leaves, the
 * ASPM states enabled on the device's link, and a pointer to
 * mg_pcie_path_to_text()'s lines when there is advice. Without a limit,
 * why the device's link is unknown, or nothing (an empty string). What
 * show --json has as "pcie".
 *
 * Returns: 0; -EINVAL for a NULL argument; -ENOMEM.
 * Since: 0.4
 */
int mg_pcie_path_summary_to_text(const struct mg_pcie_path *path, char **text);

#ifdef __cplusplus
}
#endif

#endif /* MULTIGIG_PCIE_H */
