/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libmultigig: the doctor: what holds an adapter back, with evidence and fixes.
 *
 * Include <multigig/multigig.h>, which includes every header in order.
 */
#ifndef MULTIGIG_DOCTOR_H
#define MULTIGIG_DOCTOR_H

#include <multigig/link.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Doctor: why is it slower than it should be                          */
/* ------------------------------------------------------------------ */

/**
 * enum mg_severity - how much a finding matters.
 * @MG_SEVERITY_INFO: worth knowing; costs nothing measurable now.
 * @MG_SEVERITY_WARNING: costs throughput or stability in some conditions.
 * @MG_SEVERITY_CRITICAL: caps throughput now, or the adapter does not work.
 */
enum mg_severity {
	MG_SEVERITY_INFO = 0,
	MG_SEVERITY_WARNING = 1,
	MG_SEVERITY_CRITICAL = 2,
};

/**
 * mg_severity_name - name of a severity.
 * @severity: severity.
 *
 * Returns: "info", "warning", "critical", or "unknown".
 * Since: 0.2
 */
const char *mg_severity_name(enum mg_severity severity);

/**
 * struct mg_doctor - the findings about one adapter or all of them,
 * ranked by their effect on throughput and stability.
 */
struct mg_doctor;

/**
 * struct mg_finding - one finding: a stable id, its severity, the adapter,
 * a title, the evidence (each fact with where it was read), the impact and
 * the fix.
 */
struct mg_finding;

/**
 * mg_doctor_run - gather once and find what holds adapters back.
 * @ctx: context (live, or a capture).
 * @nic: one adapter, or NULL for every adapter.
 * @interval_ms: for findings that need growth (drops, errors, flaps), the
 *	time between two samples, 10 to 3 600 000 ms (0.01 s to an hour); 0
 *	for the default (1000 ms), or MG_DOCTOR_NO_SAMPLE for one sample only
 *	(no growth findings). A captured tree is always one sample.
 * @report: where the report is stored; free with mg_doctor_free().
 *
 * Gathers identity, PCIe path, settings and Ethernet link (from dumps when
 * @nic is NULL), then applies every rule. Pure rules, one finding each: a
 * rule that lacks the facts it needs says nothing.
 *
 * Returns: 0; -EINVAL for NULL arguments or an @interval_ms out of range
 * (since 0.3; the message says the range); another negative errno when the
 * adapters cannot be read (see mg_ctx_last_error()).
 * Since: 0.2
 */
int mg_doctor_run(struct mg_ctx *ctx, const struct mg_nic *nic, unsigned int interval_ms,
		  struct mg_doctor **report);

/**
 * mg_doctor_run_peer - mg_doctor_run() for one adapter, with the path to a
 * peer probed.
 * @ctx: a live context.
 * @nic: the adapter; it must have an interface.
 * @interval_ms: as for mg_doctor_run().
 * @peer: an IPv4 or IPv6 address (no name is looked up).
 * @report: where the report is stored; free with mg_doctor_free().
 *
 * Adds what the path to @peer carries out of the interface (by its index):
 * ICMP echoes with don't-fragment at the interface's MTU, else the largest
 * size answered, found by halving. The finding "path-mtu" is a warning,
 * with the fix of that MTU, when the path carries less than the MTU (a
 * switch or bridge port still at 1500 between two 9000 ends), and says so
 * when it carries all of it; "peer-does-not-answer" when no size is
 * answered. Probing needs CAP_NET_RAW, or ping sockets for the caller's
 * group. @peer must be one other host on the link, as for
 * mg_plan_set_verify_peer().
 *
 * Returns: as mg_doctor_run(); -EINVAL for a bad address, one that is not
 * a peer (the reason in mg_ctx_last_error()) or an adapter without an
 * interface; -EOPNOTSUPP on an offline context.
 * Since: 0.3
 */
int mg_doctor_run_peer(struct mg_ctx *ctx, const struct mg_nic *nic, unsigned int interval_ms, const char *peer,
		       struct mg_doctor **report);

/** MG_DOCTOR_NO_SAMPLE: mg_doctor_run()'s @interval_ms for a single sample. */
#define MG_DOCTOR_NO_SAMPLE 0xffffffffu

/**
 * mg_doctor_free - free a report.
 * @report: report, may be NULL.
 *
 * Since: 0.2
 */
void mg_doctor_free(struct mg_doctor *report);

/**
 * mg_doctor_count - number of findings.
 * @report: report.
 *
 * Returns: the count; 0 for NULL.
 * Since: 0.2
 */
size_t mg_doctor_count(const struct mg_doctor *report);

/**
 * mg_doctor_get - one finding, most important first.
 * @report: report.
 * @index: position, below mg_doctor_count().
 *
 * Returns: the finding, valid while @report is; NULL when out of range.
 * Since: 0.2
 */
const struct mg_finding *mg_doctor_get(const struct mg_doctor *report, size_t index);

/**
 * mg_finding_get_id - the finding's stable identifier.
 * @finding: finding.
 *
 * Returns: e.g. "pcie-below-capability"; NULL for NULL.
 * Since: 0.2
 */
const char *mg_finding_get_id(const struct mg_finding *finding);

/**
 * mg_finding_get_severity - how much it matters.
 * @finding: finding.
 *
 * Returns: the severity; MG_SEVERITY_INFO for NULL.
 * Since: 0.2
 */
enum mg_severity mg_finding_get_severity(const struct mg_finding *finding);

/**
 * mg_finding_get_nic - the adapter it is about.
 * @finding: finding.
 *
 * Returns: the interface name, or the PCI address of an adapter without
 * one; NULL for NULL.
 * Since: 0.2
 */
const char *mg_finding_get_nic(const struct mg_finding *finding);

/**
 * mg_finding_get_title - one line saying what is wrong.
 * @finding: finding.
 *
 * Returns: the title; NULL for NULL.
 * Since: 0.2
 */
const char *mg_finding_get_title(const struct mg_finding *finding);

/**
 * mg_finding_get_evidence_count - how many facts support it.
 * @finding: finding.
 *
 * Returns: the count; 0 for NULL.
 * Since: 0.2
 */
size_t mg_finding_get_evidence_count(const struct mg_finding *finding);

/**
 * mg_finding_get_evidence - one fact and where it was read.
 * @finding: finding.
 * @index: position, below mg_finding_get_evidence_count().
 * @source: where the source is stored (a register, a sysfs file, a netlink
 *	message, a counter), or NULL.
 *
 * Returns: the fact; NULL when out of range.
 * Since: 0.2
 */
const char *mg_finding_get_evidence(const struct mg_finding *finding, size_t index, const char **source);

/**
 * mg_finding_get_impact - what it costs.
 * @finding: finding.
 * @gbps: where the throughput ceiling it imposes is stored, in Gbit/s, or
 *	a negative value when it imposes none; or NULL.
 *
 * Returns: the impact in words; NULL for NULL.
 * Since: 0.2
 */
const char *mg_finding_get_impact(const struct mg_finding *finding, double *gbps);

/**
 * mg_finding_get_fix - what to do about it.
 * @finding: finding.
 *
 * Returns: the fix in words (a command, a config line, a kernel or module
 * to install); NULL for NULL.
 * Since: 0.2
 */
const char *mg_finding_get_fix(const struct mg_finding *finding);

/**
 * mg_finding_get_fix_command - the command that fixes it, when one does.
 * @finding: finding.
 *
 * A command line for a POSIX shell: a name the shell would act on is one
 * single-quoted word ("multigig set '$(reboot)' mtu 9000"); a plain one
 * such as eth1 is written as it is.
 *
 * Returns: e.g. "multigig set eth1 rx-usecs 50"; NULL when the fix is no
 * command.
 * Since: 0.2
 */
const char *mg_finding_get_fix_command(const struct mg_finding *finding);

/**
 * mg_finding_get_fix_settings - the settings change that fixes it.
 * @finding: finding.
 * @ifname: where the interface it applies to is stored, or NULL.
 *
 * A fix that is a settings change can be applied with mg_settings_apply(),
 * all or nothing (`multigig doctor --fix`).
 *
 * Returns: the settings to apply, valid while the report is; NULL when the
 * fix is not a settings change.
 * Since: 0.2
 */
const struct mg_settings *mg_finding_get_fix_settings(const struct mg_finding *finding, const char **ifname);

/**
 * mg_doctor_plan - the fixes of a report that are settings changes, as one plan.
 * @ctx: the live context to apply it with.
 * @report: report.
 * @plan: where the plan is stored; free with mg_plan_free().
 *
 * Each fix names the interface it changes as the doctor examined it (its
 * index, name, kind and device), so mg_plan_apply() changes exactly those
 * interfaces or nothing (`multigig doctor --fix`). Fixes of one interface
 * merge into one step. The plan may be empty.
 *
 * Returns: 0; -EINVAL; -ENOMEM.
 * Since: 0.3
 */
int mg_doctor_plan(struct mg_ctx *ctx, const struct mg_doctor *report, struct mg_plan **plan);
/* Counters: what the interface, the standard groups and the driver    */
/* counted                                                             */
/* ------------------------------------------------------------------ */

/**
 * struct mg_stats - an interface's counters at one moment: the link's
 * (IFLA_STATS64 and the carrier counts), the standard ethtool groups
 * (IEEE 802.3 PHY, MAC, MAC control, RMON) and the driver's own
 * (`ethtool -S`). A counter not reported is unknown, never 0.
 */
struct mg_stats;

/**
 * enum mg_stat - one counter of the link.
 * @MG_STAT_RX_PACKETS: packets received (the first 25 are struct
 *	rtnl_link_stats64's fields, in its order and with its names).
 * @MG_STAT_TX_PACKETS: packets sent.
 * @MG_STAT_RX_BYTES: bytes received.
 * @MG_STAT_TX_BYTES: bytes sent.
 * @MG_STAT_RX_ERRORS: receive errors of any kind.
 * @MG_STAT_TX_ERRORS: transmit errors of any kind.
 * @MG_STAT_RX_DROPPED: received packets dropped by the stack or driver.
 * @MG_STAT_TX_DROPPED: packets dropped on the way out.
 * @MG_STAT_MULTICAST: multicast packets received.
 * @MG_STAT_COLLISIONS: collisions (half duplex).
 * @MG_STAT_RX_LENGTH_ERRORS: frames with a bad length.
 * @MG_STAT_RX_OVER_ERRORS: receive ring overruns.
 * @MG_STAT_RX_CRC_ERRORS: frames with a bad FCS.
 * @MG_STAT_RX_FRAME_ERRORS: misaligned frames.
 * @MG_STAT_RX_FIFO_ERRORS: receive FIFO overruns.
 * @MG_STAT_RX_MISSED_ERRORS: frames the NIC missed (no buffer).
 * @MG_STAT_TX_ABORTED_ERRORS: transmissions aborted.
 * @MG_STAT_TX_CARRIER_ERRORS: carrier lost while sending.
 * @MG_STAT_TX_FIFO_ERRORS: transmit FIFO underruns.
 * @MG_STAT_TX_HEARTBEAT_ERRORS: heartbeat (SQE) errors.
 * @MG_STAT_TX_WINDOW_ERRORS: late collisions.
 * @MG_STAT_RX_COMPRESSED: compressed packets received.
 * @MG_STAT_TX_COMPRESSED: compressed packets sent.
 * @MG_STAT_RX_NOHANDLER: packets no protocol took.
 * @MG_STAT_RX_OTHERHOST_DROPPED: packets for another host dropped.
 * @MG_STAT_CARRIER_CHANGES: carrier changes since the interface was made.
 * @MG_STAT_CARRIER_UP_COUNT: times the carrier came up.
 * @MG_STAT_CARRIER_DOWN_COUNT: times the carrier went down.
 * @MG_STAT_LINK_DOWN_EVENTS: link losses the driver counted itself
 *	(ETHTOOL_A_LINKSTATE_EXT_DOWN_CNT, few drivers have it).
 *
 * Since: 0.2
 */
enum mg_stat {
	MG_STAT_RX_PACKETS,
	MG_STAT_TX_PACKETS,
	MG_STAT_RX_BYTES,
	MG_STAT_TX_BYTES,
	MG_STAT_RX_ERRORS,
	MG_STAT_TX_ERRORS,
	MG_STAT_RX_DROPPED,
	MG_STAT_TX_DROPPED,
	MG_STAT_MULTICAST,
	MG_STAT_COLLISIONS,
	MG_STAT_RX_LENGTH_ERRORS,
	MG_STAT_RX_OVER_ERRORS,
	MG_STAT_RX_CRC_ERRORS,
	MG_STAT_RX_FRAME_ERRORS,
	MG_STAT_RX_FIFO_ERRORS,
	MG_STAT_RX_MISSED_ERRORS,
	MG_STAT_TX_ABORTED_ERRORS,
	MG_STAT_TX_CARRIER_ERRORS,
	MG_STAT_TX_FIFO_ERRORS,
	MG_STAT_TX_HEARTBEAT_ERRORS,
	MG_STAT_TX_WINDOW_ERRORS,
	MG_STAT_RX_COMPRESSED,
	MG_STAT_TX_COMPRESSED,
	MG_STAT_RX_NOHANDLER,
	MG_STAT_RX_OTHERHOST_DROPPED,
	MG_STAT_CARRIER_CHANGES,
	MG_STAT_CARRIER_UP_COUNT,
	MG_STAT_CARRIER_DOWN_COUNT,
	MG_STAT_LINK_DOWN_EVENTS,
};

/** Number of enum mg_stat values. Since: 0.2 */
#define MG_STAT_COUNT 29

/**
 * enum mg_stats_group - a standard group of ethtool counters.
 * @MG_STATS_ETH_PHY: IEEE 802.3 PHY counters ("eth-phy").
 * @MG_STATS_ETH_MAC: IEEE 802.3 MAC counters ("eth-mac").
 * @MG_STATS_ETH_CTRL: IEEE 802.3 MAC control counters ("eth-ctrl").
 * @MG_STATS_RMON: RMON counters and frame size histograms ("rmon").
 *
 * Since: 0.2
 */
enum mg_stats_group {
	MG_STATS_ETH_PHY,
	MG_STATS_ETH_MAC,
	MG_STATS_ETH_CTRL,
	MG_STATS_RMON,
};

/** Number of enum mg_stats_group values. Since: 0.2 */
#define MG_STATS_GROUP_COUNT 4

/**
 * mg_stat_name - a link counter's name.
 * @stat: counter.
 *
 * Returns: "rx_packets", "carrier_changes", "link_down_events"...; NULL
 * for a value out of range.
 * Since: 0.2
 */
const char *mg_stat_name(enum mg_stat stat);

/**
 * mg_stats_group_name - a standard group's name, as ethtool spells it.
 * @group: group.
 *
 * Returns: "eth-phy", "eth-mac", "eth-ctrl" or "rmon"; NULL out of range.
 * Since: 0.2
 */
const char *mg_stats_group_name(enum mg_stats_group group);

/**
 * mg_stats_read_for_nic - read the counters of an adapter's interface.
 * @ctx: context (live, or a capture).
 * @nic: adapter with an interface.
 * @stats: where the counters are stored; free with mg_stats_free().
 *
 * One RTM_GETLINK, one ETHTOOL_MSG_STATS_GET and one LINKSTATE request by
 * interface index, and the driver's counters by the SIOCETHTOOL ioctl
 * (ETHTOOL_GSSET_INFO, GSTRINGS, GSTATS). What the driver or the kernel
 * does not report stays unknown.
 *
 * Returns: 0; -EINVAL for NULL arguments; -ENODEV when @nic has no
 * interface or it is gone; another negative errno when the link cannot be
 * read.
 * Since: 0.2
 */
int mg_stats_read_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_stats **stats);

/**
 * mg_stats_free - free counters read with mg_stats_read_for_nic().
 * @stats: object, may be NULL.
 *
 * Since: 0.2
 */
void mg_stats_free(struct mg_stats *stats);

/**
 * mg_nic_get_stats - the counters gathered with the list.
 * @nic: adapter.
 *
 * Returns: the counters, valid while @nic is; NULL when the list was not
 * made with MG_NIC_WITH_STATS or the adapter has no interface.
 * Since: 0.2
 */
const struct mg_stats *mg_nic_get_stats(const struct mg_nic *nic);

/**
 * mg_stats_get - one counter of the link.
 * @stats: counters.
 * @stat: which.
 * @value: where the value is stored.
 *
 * Returns: 0; -ENODATA when it was not reported; -EINVAL for a bad
 * argument.
 * Since: 0.2
 */
int mg_stats_get(const struct mg_stats *stats, enum mg_stat stat, uint64_t *value);

/**
 * mg_stats_get_unknown_reason - why a counter of the link is unknown, when
 * the reason is the kernel's.
 * @stats: counters.
 * @stat: which.
 *
 * Kernels before 6.6 never report MG_STAT_LINK_DOWN_EVENTS, whatever the
 * adapter; from 6.6 on, an adapter without a PHY the kernel drives does
 * not, and that needs no reason. The kernel's release comes from procfs
 * (sys/kernel/osrelease), which a capture keeps: a replay says what the
 * captured machine's kernel lacked.
 *
 * Returns: the reason ("kernel 6.1.0-57-amd64 does not report the
 * link-down count (Linux 6.6 and later do, for PHYs they drive)"), or NULL
 * when the counter is known or no reason is known.
 * Since: 0.3
 */
const char *mg_stats_get_unknown_reason(const struct mg_stats *stats, enum mg_stat stat);

/**
 * mg_stats_group_reported - whether the driver reported a standard group.
 * @stats: counters.
 * @group: group.
 *
 * Returns: 1 when it did (some of its counters may still be missing), 0
 * when not.
 * Since: 0.2
 */
int mg_stats_group_reported(const struct mg_stats *stats, enum mg_stats_group group);

/**
 * mg_stats_group_size - how many counters a standard group defines.
 * @group: group.
 *
 * Returns: the number of indices mg_stats_group_get() takes; 0 out of range.
 * Since: 0.2
 */
size_t mg_stats_group_size(enum mg_stats_group group);

/**
 * mg_stats_group_counter_name - a standard counter's name.
 * @group: group.
 * @index: 0 .. mg_stats_group_size() - 1.
 *
 * Returns: the IEEE 802.3 or RMON name the kernel gives it
 * ("FramesReceivedOK", "etherStatsJabbers"); NULL out of range.
 * Since: 0.2
 */
const char *mg_stats_group_counter_name(enum mg_stats_group group, size_t index);

/**
 * mg_stats_group_get - one counter of a standard group.
 * @stats: counters.
 * @group: group.
 * @index: 0 .. mg_stats_group_size() - 1.
 * @value: where the value is stored.
 *
 * Returns: 0; -ENODATA when the driver did not report it; -EINVAL out of
 * range.
 * Since: 0.2
 */
int mg_stats_group_get(const struct mg_stats *stats, enum mg_stats_group group, size_t index,
		       uint64_t *value);

/**
 * mg_stats_hist_count - buckets of an RMON frame size histogram.
 * @stats: counters.
 * @tx: 0 for the receive histogram, 1 for the transmit one.
 *
 * Returns: the number of buckets the driver reported, 0 when none.
 * Since: 0.2
 */
size_t mg_stats_hist_count(const struct mg_stats *stats, int tx);

/**
 * mg_stats_hist_get - one bucket of an RMON histogram.
 * @stats: counters.
 * @tx: 0 for receive, 1 for transmit.
 * @index: 0 .. mg_stats_hist_count() - 1.
 * @low: smallest frame length counted, in bytes.
 * @high: largest frame length counted (0: no upper bound).
 * @value: frames counted.
 *
 * Returns: 0; -EINVAL out of range.
 * Since: 0.2
 */
int mg_stats_hist_get(const struct mg_stats *stats, int tx, size_t index, unsigned int *low,
		      unsigned int *high, uint64_t *value);

/**
 * mg_stats_driver_count - how many counters of its own the driver has.
 * @stats: counters.
 *
 * Returns: the count (what `ethtool -S` lists); MG_UNKNOWN when they were
 * not read or the driver has none.
 * Since: 0.2
 */
int mg_stats_driver_count(const struct mg_stats *stats);

/**
 * mg_stats_driver_name - a driver counter's name.
 * @stats: counters.
 * @index: 0 .. mg_stats_driver_count() - 1.
 *
 * Returns: the name as the driver gives it; NULL out of range.
 * Since: 0.2
 */
const char *mg_stats_driver_name(const struct mg_stats *stats, size_t index);

/**
 * mg_stats_driver_get - a driver counter's value.
 * @stats: counters.
 * @index: 0 .. mg_stats_driver_count() - 1.
 * @value: where the value is stored.
 *
 * Returns: 0; -EINVAL out of range.
 * Since: 0.2
 */
int mg_stats_driver_get(const struct mg_stats *stats, size_t index, uint64_t *value);

/**
 * mg_doctor_to_json - a doctor's report as JSON: doctor --json's object.
 * @report: report.
 * @flags: MG_JSON_LINE, MG_JSON_BYTES (enum mg_json_flags).
 * @json: where the text is stored: malloc'ed, free with free().
 *
 * {"findings": [...]}, each finding as mg_finding_to_json() writes it,
 * most important first.
 *
 * Returns: 0; -EINVAL for a NULL argument or a flag it does not take;
 * -ENOMEM.
 * Since: 0.3
 */
int mg_doctor_to_json(const struct mg_doctor *report, unsigned int flags, char **json);

/**
 * mg_finding_to_json - one finding as JSON.
 * @finding: finding (mg_doctor_get()).
 * @flags: MG_JSON_LINE, MG_JSON_BYTES (enum mg_json_flags).
 * @json: where the text is stored: malloc'ed, free with free().
 *
 * "id", "severity", "nic", "title", "evidence" (each "fact", "source"),
 * "impact", "impact_gbps", "fix", "fix_command", "fixable".
 *
 * Returns: 0; -EINVAL for a NULL argument or a flag it does not take;
 * -ENOMEM.
 * Since: 0.3
 */
int mg_finding_to_json(const struct mg_finding *finding, unsigned int flags, char **json);

/**
 * mg_stats_to_json - an interface's counters as JSON: show --json's "stats".
 * @stats: counters.
 * @flags: MG_JSON_LINE, MG_JSON_BYTES (enum mg_json_flags).
 * @json: where the text is stored: malloc'ed, free with free().
 *
 * Every counter of enum mg_stat by its mg_stat_name() (null when not
 * reported), the standard groups "eth_phy", "eth_mac", "eth_ctrl" and
 * "rmon" (null when the driver fills none; "rmon" with its histograms),
 * and "driver", the driver's own counters by name.
 *
 * Returns: 0; -EINVAL for a NULL argument or a flag it does not take;
 * -ENOMEM.
 * Since: 0.3
 */
int mg_stats_to_json(const struct mg_stats *stats, unsigned int flags, char **json);

#ifdef __cplusplus
}
#endif

#endif /* MULTIGIG_DOCTOR_H */
