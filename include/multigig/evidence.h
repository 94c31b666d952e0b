/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libmultigig: evidence over time: counters, interrupts, temperatures, USB path, watch.
 *
 * Include <multigig/multigig.h>, which includes every header in order.
 */
#ifndef MULTIGIG_EVIDENCE_H
#define MULTIGIG_EVIDENCE_H

#include <multigig/doctor.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
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

/* ------------------------------------------------------------------ */
/* Interrupts: the vectors of a device, where they run, queue masks     */
/* ------------------------------------------------------------------ */

/**
 * struct mg_irqs - an adapter's interrupt vectors, the per-CPU counts
 * /proc/interrupts gives them, their CPU affinity, and the CPU masks of
 * the interface's receive (RPS) and transmit (XPS) queues.
 */
struct mg_irqs;

/**
 * mg_irqs_read_for_nic - read an adapter's interrupts.
 * @ctx: context (live, or a capture).
 * @nic: adapter.
 * @irqs: where the result is stored; free with mg_irqs_free().
 *
 * The vectors of a PCI function are its msi_irqs, else its legacy irq;
 * a device on another bus (a platform NIC) has those whose name in
 * /proc/interrupts is its interface's name or starts with it and '-'. A
 * USB adapter has none of its own: its host controller's serve it.
 * /proc/interrupts is read once; each vector's smp_affinity_list and
 * effective_affinity_list from /proc/irq. Queue masks are read for
 * interfaces with a device behind them.
 *
 * Returns: 0; -EINVAL for NULL arguments; -ENOMEM.
 * Since: 0.2
 */
int mg_irqs_read_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_irqs **irqs);

/**
 * mg_irqs_free - free an interrupts object.
 * @irqs: object, may be NULL.
 *
 * Since: 0.2
 */
void mg_irqs_free(struct mg_irqs *irqs);

/**
 * mg_nic_get_irqs - the interrupts gathered with the list.
 * @nic: adapter.
 *
 * Returns: the object, valid while @nic is; NULL when the list was not made
 * with MG_NIC_WITH_IRQS.
 * Since: 0.2
 */
const struct mg_irqs *mg_nic_get_irqs(const struct mg_nic *nic);

/**
 * mg_irqs_get_online_cpus - CPUs online when read (devices/system/cpu/online).
 * @irqs: object.
 *
 * Returns: the count, to compare with the channel counts; MG_UNKNOWN.
 * Since: 0.2
 */
int mg_irqs_get_online_cpus(const struct mg_irqs *irqs);

/**
 * mg_irqs_get_cpu_count - CPU columns of /proc/interrupts.
 * @irqs: object.
 *
 * Returns: how many CPUs the per-CPU counts cover; 0 when /proc/interrupts
 * could not be read.
 * Since: 0.2
 */
size_t mg_irqs_get_cpu_count(const struct mg_irqs *irqs);

/**
 * mg_irqs_get_cpu - the CPU a column of counts belongs to.
 * @irqs: object.
 * @column: 0 .. mg_irqs_get_cpu_count() - 1.
 *
 * Returns: the CPU number (offline CPUs have no column); MG_UNKNOWN out of
 * range.
 * Since: 0.2
 */
int mg_irqs_get_cpu(const struct mg_irqs *irqs, size_t column);

/**
 * mg_irqs_get_count - number of interrupt vectors.
 * @irqs: object.
 *
 * Returns: the count, 0 when the device has none that could be found.
 * Since: 0.2
 */
size_t mg_irqs_get_count(const struct mg_irqs *irqs);

/**
 * mg_irqs_get_irq - a vector's interrupt number.
 * @irqs: object.
 * @index: 0 .. mg_irqs_get_count() - 1.
 *
 * Returns: the number (as in /proc/interrupts); MG_UNKNOWN out of range.
 * Since: 0.2
 */
int mg_irqs_get_irq(const struct mg_irqs *irqs, size_t index);

/**
 * mg_irqs_get_name - the name a vector carries in /proc/interrupts.
 * @irqs: object.
 * @index: vector.
 *
 * Returns: the handler's name ("eth1-rx-0", "virtio2-input.0"); NULL when
 * /proc/interrupts does not list it.
 * Since: 0.2
 */
const char *mg_irqs_get_name(const struct mg_irqs *irqs, size_t index);

/**
 * mg_irqs_get_mode - how a vector is delivered.
 * @irqs: object.
 * @index: vector.
 *
 * Returns: "msi", "msix" or "legacy"; NULL when unknown.
 * Since: 0.2
 */
const char *mg_irqs_get_mode(const struct mg_irqs *irqs, size_t index);

/**
 * mg_irqs_get_cpu_interrupts - a vector's count on one CPU.
 * @irqs: object.
 * @index: vector.
 * @column: 0 .. mg_irqs_get_cpu_count() - 1.
 * @value: where the count is stored.
 *
 * Returns: 0; -ENODATA when /proc/interrupts did not list the vector;
 * -EINVAL out of range.
 * Since: 0.2
 */
int mg_irqs_get_cpu_interrupts(const struct mg_irqs *irqs, size_t index, size_t column, uint64_t *value);

/**
 * mg_irqs_get_affinity - the CPUs a vector may run on.
 * @irqs: object.
 * @index: vector.
 *
 * Returns: smp_affinity_list as the kernel writes it ("0-3"); NULL when
 * unknown.
 * Since: 0.2
 */
const char *mg_irqs_get_affinity(const struct mg_irqs *irqs, size_t index);

/**
 * mg_irqs_get_effective_affinity - the CPUs a vector does run on.
 * @irqs: object.
 * @index: vector.
 *
 * Returns: effective_affinity_list ("0"); NULL when unknown. A vector
 * allowed on every CPU but effective on CPU 0 alone is the usual sight on
 * an interrupt controller that cannot steer (a Raspberry Pi 5's PCIe).
 * Since: 0.2
 */
const char *mg_irqs_get_effective_affinity(const struct mg_irqs *irqs, size_t index);

/**
 * mg_irqs_get_queue_count - the interface's queues in one direction.
 * @irqs: object.
 * @tx: 0 for receive queues, 1 for transmit queues.
 *
 * Returns: the number of queues under queues/ in sysfs whose CPU mask could
 * be read (a device with one transmit queue has no XPS mask: none listed),
 * a virtual interface's too since 0.4; none when that sysfs is another
 * network namespace's (mounted there, then entered with nsenter), which
 * shows other interfaces, maybe by the same name.
 * Since: 0.2
 */
size_t mg_irqs_get_queue_count(const struct mg_irqs *irqs, int tx);

/**
 * mg_irqs_get_queue_name - a queue's name.
 * @irqs: object.
 * @tx: 0 for receive, 1 for transmit.
 * @index: 0 .. mg_irqs_get_queue_count() - 1, in queue order.
 *
 * Returns: "rx-0", "tx-3"...; NULL out of range.
 * Since: 0.2
 */
const char *mg_irqs_get_queue_name(const struct mg_irqs *irqs, int tx, size_t index);

/**
 * mg_irqs_get_queue_cpus - a queue's CPU mask.
 * @irqs: object.
 * @tx: 0 for receive (rps_cpus), 1 for transmit (xps_cpus).
 * @index: queue.
 *
 * Returns: the hexadecimal mask as sysfs gives it ("0" or "00" when RPS is
 * off); NULL out of range.
 * Since: 0.2
 */
const char *mg_irqs_get_queue_cpus(const struct mg_irqs *irqs, int tx, size_t index);

/* ------------------------------------------------------------------ */
/* Temperatures: the hwmon sensors of the adapter and its PHY          */
/* ------------------------------------------------------------------ */

/**
 * struct mg_temps - the temperature sensors that belong to an adapter:
 * hwmon devices under its PCI function or USB device, under its PHY, or
 * under its interface.
 */
struct mg_temps;

/**
 * enum mg_temp_value - one reading or limit of a sensor.
 * @MG_TEMP_INPUT: the temperature now.
 * @MG_TEMP_MAX: the high limit (a Realtek PHY drops to 1 Gbit/s above it).
 * @MG_TEMP_CRIT: the critical limit.
 *
 * Since: 0.2
 */
enum mg_temp_value {
	MG_TEMP_INPUT,
	MG_TEMP_MAX,
	MG_TEMP_CRIT,
};

/**
 * mg_temps_read_for_nic - read the temperature sensors of an adapter.
 * @ctx: context (live, or a capture).
 * @nic: adapter.
 * @temps: where the result is stored; free with mg_temps_free().
 *
 * Looks in hwmon/ of the adapter's device, of the PHY its interface's
 * phydev link names, and of the interface itself: a few directory
 * listings and one file per value.
 *
 * Returns: 0 (with no sensors when none belong to it); -EINVAL; -ENOMEM.
 * Since: 0.2
 */
int mg_temps_read_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_temps **temps);

/**
 * mg_temps_free - free a sensors object.
 * @temps: object, may be NULL.
 *
 * Since: 0.2
 */
void mg_temps_free(struct mg_temps *temps);

/**
 * mg_nic_get_temps - the sensors gathered with the list.
 * @nic: adapter.
 *
 * Returns: the object, valid while @nic is; NULL when the list was not made
 * with MG_NIC_WITH_TEMPERATURES.
 * Since: 0.2
 */
const struct mg_temps *mg_nic_get_temps(const struct mg_nic *nic);

/**
 * mg_temps_get_count - number of temperature sensors.
 * @temps: object.
 *
 * Returns: the count.
 * Since: 0.2
 */
size_t mg_temps_get_count(const struct mg_temps *temps);

/**
 * mg_temps_get_chip - the hwmon device's name.
 * @temps: object.
 * @index: 0 .. mg_temps_get_count() - 1.
 *
 * Returns: its "name" ("r8169_0_100:00" for a Realtek PHY, the interface's
 * name at probe time for atlantic); NULL when it has none.
 * Since: 0.2
 */
const char *mg_temps_get_chip(const struct mg_temps *temps, size_t index);

/**
 * mg_temps_get_sensor - the sensor within its hwmon device.
 * @temps: object.
 * @index: sensor.
 *
 * Returns: "temp1", "temp2"...; NULL out of range.
 * Since: 0.2
 */
const char *mg_temps_get_sensor(const struct mg_temps *temps, size_t index);

/**
 * mg_temps_get_source - what the sensor is attached to.
 * @temps: object.
 * @index: sensor.
 *
 * Returns: "device" (the PCI function or USB device), "phy" or
 * "interface"; NULL out of range.
 * Since: 0.2
 */
const char *mg_temps_get_source(const struct mg_temps *temps, size_t index);

/**
 * mg_temps_get_label - the sensor's label.
 * @temps: object.
 * @index: sensor.
 *
 * Returns: its label ("PHY Temperature", "MAC Temperature"); NULL when
 * the driver gives none.
 * Since: 0.2
 */
const char *mg_temps_get_label(const struct mg_temps *temps, size_t index);

/**
 * mg_temps_get - a reading or limit, in thousandths of a degree Celsius.
 * @temps: object.
 * @index: sensor.
 * @which: reading or limit.
 * @celsius_milli: where the value is stored.
 *
 * Returns: 0; -ENODATA when the sensor has no such value or reading it
 * failed (a PHY sensor while the link is down, say); -EINVAL out of range.
 * Since: 0.2
 */
int mg_temps_get(const struct mg_temps *temps, size_t index, enum mg_temp_value which,
		 int *celsius_milli);

/**
 * mg_temps_get_alarm - whether the sensor raised its alarm.
 * @temps: object.
 * @index: sensor.
 *
 * Returns: 1 or 0 from temp*_alarm (else temp*_max_alarm, temp*_crit_alarm,
 * either set counting); MG_UNKNOWN when it has none.
 * Since: 0.2
 */
int mg_temps_get_alarm(const struct mg_temps *temps, size_t index);

/* ------------------------------------------------------------------ */
/* USB: where a USB adapter is plugged in and what drives it            */
/* ------------------------------------------------------------------ */

/**
 * struct mg_usb_info - a USB adapter's place on the bus: the speed it
 * negotiated, what its port can do, the driver bound and the vendor's,
 * the active configuration, the hubs up to the root hub and the other
 * devices below that root hub.
 */
struct mg_usb_info;

/**
 * struct mg_usb_device - a USB device on the way to the root hub, or
 * sharing it.
 */
struct mg_usb_device;

/**
 * mg_usb_info_read_for_nic - read where a USB adapter is plugged in.
 * @ctx: context (live, or a capture).
 * @nic: a USB adapter.
 * @info: where the result is stored; free with mg_usb_info_free().
 *
 * Sysfs only: the device's and its interface's attributes, each hub's on
 * the way up, and a walk of the devices under the root hub.
 *
 * Returns: 0; -EINVAL for NULL arguments; -ENODEV when @nic is not on USB.
 * Since: 0.2
 */
int mg_usb_info_read_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_usb_info **info);

/**
 * mg_usb_info_free - free a USB object.
 * @info: object, may be NULL.
 *
 * Since: 0.2
 */
void mg_usb_info_free(struct mg_usb_info *info);

/**
 * mg_nic_get_usb_info - the USB facts gathered with the list.
 * @nic: adapter.
 *
 * Returns: the object, valid while @nic is; NULL when the list was not made
 * with MG_NIC_WITH_USB or the adapter is not on USB.
 * Since: 0.2
 */
const struct mg_usb_info *mg_nic_get_usb_info(const struct mg_nic *nic);

/**
 * mg_usb_info_get_device - the adapter itself, as a USB device.
 * @info: object.
 *
 * Returns: the device (name, IDs, speed, USB version); NULL for NULL.
 * Since: 0.2
 */
const struct mg_usb_device *mg_usb_info_get_device(const struct mg_usb_info *info);

/**
 * mg_usb_info_get_port_speed_mbps - the fastest the adapter's port runs.
 * @info: object.
 *
 * Returns: the speed of the hub the adapter is plugged into (480 for a
 * USB 2 port, 5000 and up for USB 3); MG_UNKNOWN.
 * Since: 0.2
 */
int mg_usb_info_get_port_speed_mbps(const struct mg_usb_info *info);

/**
 * mg_usb_info_get_port_version - the USB version of the adapter's port.
 * @info: object.
 *
 * Returns: the version of the hub it is plugged into ("2.00", "3.10");
 * NULL when unknown.
 * Since: 0.2
 */
const char *mg_usb_info_get_port_version(const struct mg_usb_info *info);

/**
 * mg_usb_info_get_driver - the driver bound to the adapter's interface.
 * @info: object.
 *
 * Returns: "r8152", "cdc_ncm"...; NULL when none.
 * Since: 0.2
 */
const char *mg_usb_info_get_driver(const struct mg_usb_info *info);

/**
 * mg_usb_info_get_interface_class - what kind of interface the driver took.
 * @info: object.
 *
 * Returns: "vendor-specific", "cdc-ncm", "cdc-ecm", "cdc-eem", "cdc-mbim",
 * "rndis"...; NULL when unknown.
 * Since: 0.2
 */
const char *mg_usb_info_get_interface_class(const struct mg_usb_info *info);

/**
 * mg_usb_info_is_generic_driver - whether a class driver holds the adapter.
 * @info: object.
 *
 * A generic CDC driver (cdc_ncm, cdc_ether...) runs many adapters at a
 * fraction of their speed, some in half duplex without autonegotiation,
 * where the vendor's driver would not.
 *
 * Returns: 1 when the bound driver is a generic class driver, 0 when it is
 * not, MG_UNKNOWN when no driver is bound.
 * Since: 0.2
 */
int mg_usb_info_is_generic_driver(const struct mg_usb_info *info);

/**
 * mg_usb_info_get_vendor_driver - the chip's own driver, by its IDs.
 * @info: object.
 *
 * Returns: the driver the built-in chip table names ("r8152", "aqc111");
 * NULL when the chip is not in it.
 * Since: 0.2
 */
const char *mg_usb_info_get_vendor_driver(const struct mg_usb_info *info);

/**
 * mg_usb_info_vendor_driver_loaded - whether that driver is registered.
 * @info: object.
 *
 * Returns: 1 when bus/usb/drivers/ lists it (its module is loaded), 0 when
 * not, MG_UNKNOWN when there is no vendor driver to look for.
 * Since: 0.2
 */
int mg_usb_info_vendor_driver_loaded(const struct mg_usb_info *info);

/**
 * mg_usb_info_get_configuration - the active configuration.
 * @info: object.
 *
 * Returns: bConfigurationValue (vendor mode and CDC mode are often two
 * configurations of one device); MG_UNKNOWN.
 * Since: 0.2
 */
int mg_usb_info_get_configuration(const struct mg_usb_info *info);

/**
 * mg_usb_info_get_configuration_count - how many configurations it has.
 * @info: object.
 *
 * Returns: bNumConfigurations; MG_UNKNOWN.
 * Since: 0.2
 */
int mg_usb_info_get_configuration_count(const struct mg_usb_info *info);

/**
 * mg_usb_info_get_hub_count - hubs between the adapter and the root hub.
 * @info: object.
 *
 * Returns: the count, the root hub included.
 * Since: 0.2
 */
size_t mg_usb_info_get_hub_count(const struct mg_usb_info *info);

/**
 * mg_usb_info_get_hub - one hub on the way up.
 * @info: object.
 * @index: 0 (the hub the adapter is plugged into) up to the root hub.
 *
 * Returns: the hub; NULL out of range.
 * Since: 0.2
 */
const struct mg_usb_device *mg_usb_info_get_hub(const struct mg_usb_info *info, size_t index);

/**
 * mg_usb_info_get_peer_count - other devices under the same root hub.
 * @info: object.
 *
 * Returns: the count, hubs on the adapter's way up left out.
 * Since: 0.2
 */
size_t mg_usb_info_get_peer_count(const struct mg_usb_info *info);

/**
 * mg_usb_info_get_peer - one device sharing the root hub.
 * @info: object.
 * @index: 0 .. mg_usb_info_get_peer_count() - 1.
 *
 * Returns: the device; NULL out of range.
 * Since: 0.2
 */
const struct mg_usb_device *mg_usb_info_get_peer(const struct mg_usb_info *info, size_t index);

/**
 * mg_usb_info_get_controller - the USB host controller the adapter's root
 * hub belongs to.
 * @info: object.
 *
 * Every device below one host controller shares its bandwidth, and a
 * controller on PCI (the Raspberry Pi 4's VL805, a PC's xHCI) has a PCIe
 * link of its own: mg_pcie_path_new_for_nic() gives that path for a USB
 * adapter, and the throughput model takes the lower of the USB link's and
 * that link's ceilings.
 *
 * Returns: the controller's PCI address ("0000:01:00.0"), or its device
 * name for one that is not on PCI ("fe9c0000.usb"); NULL when unknown.
 * Since: 0.3
 */
const char *mg_usb_info_get_controller(const struct mg_usb_info *info);

/**
 * mg_usb_info_controller_is_pci - whether the host controller is a PCI
 * function.
 * @info: object.
 *
 * Returns: 1 or 0; MG_UNKNOWN when the controller is unknown.
 * Since: 0.3
 */
int mg_usb_info_controller_is_pci(const struct mg_usb_info *info);

/**
 * mg_usb_info_get_controller_driver - the host controller's driver.
 * @info: object.
 *
 * Returns: "xhci_hcd", "xhci-hcd"...; NULL when none is bound or unknown.
 * Since: 0.3
 */
const char *mg_usb_info_get_controller_driver(const struct mg_usb_info *info);

/**
 * mg_usb_device_get_name - a USB device's name in sysfs.
 * @dev: device.
 *
 * Returns: "2-1.3", or "usb2" for a root hub.
 * Since: 0.2
 */
const char *mg_usb_device_get_name(const struct mg_usb_device *dev);

/**
 * mg_usb_device_get_vendor_id - idVendor.
 * @dev: device.
 *
 * Returns: the ID; MG_UNKNOWN.
 * Since: 0.2
 */
int mg_usb_device_get_vendor_id(const struct mg_usb_device *dev);

/**
 * mg_usb_device_get_product_id - idProduct.
 * @dev: device.
 *
 * Returns: the ID; MG_UNKNOWN.
 * Since: 0.2
 */
int mg_usb_device_get_product_id(const struct mg_usb_device *dev);

/**
 * mg_usb_device_get_product - the product string.
 * @dev: device.
 *
 * Returns: the string the device gives; NULL when none.
 * Since: 0.2
 */
const char *mg_usb_device_get_product(const struct mg_usb_device *dev);

/**
 * mg_usb_device_get_speed_mbps - the speed the device negotiated.
 * @dev: device.
 *
 * Returns: 1 (for 1.5), 12, 480, 5000, 10000, 20000; MG_UNKNOWN.
 * Since: 0.2
 */
int mg_usb_device_get_speed_mbps(const struct mg_usb_device *dev);

/**
 * mg_usb_device_get_version - the USB version the device reports.
 * @dev: device.
 *
 * Returns: its bcdUSB ("3.20"; a USB 3 device on a USB 2 port reports
 * "2.10"); NULL when unknown.
 * Since: 0.2
 */
const char *mg_usb_device_get_version(const struct mg_usb_device *dev);

/**
 * mg_usb_device_get_port_count - a hub's downstream ports.
 * @dev: device.
 *
 * Returns: maxchild for a hub; MG_UNKNOWN for any other device.
 * Since: 0.2
 */
int mg_usb_device_get_port_count(const struct mg_usb_device *dev);

/* ------------------------------------------------------------------ */
/* Watch: live rates against the ceiling                               */
/* ------------------------------------------------------------------ */

/**
 * struct mg_sampler - reads an adapter's counters, interrupts, softirqs,
 * CPU time and temperature each time it is asked.
 */
struct mg_sampler;

/**
 * struct mg_sample - the rates between two readings of a sampler.
 */
struct mg_sample;

/**
 * mg_sampler_new - start watching an adapter: takes the first reading.
 * @ctx: context (a reference is taken).
 * @nic: adapter with an interface (a reference is taken).
 * @sampler: where the sampler is stored; free with mg_sampler_free().
 *
 * Each reading costs one RTM_GETLINK for the interface, the procfs files
 * /proc/interrupts, /proc/softirqs and /proc/stat, and the adapter's hwmon
 * sensors. The expected rates per direction (mg_throughput_new()) are
 * computed once, here. The sampler never sleeps: call mg_sampler_next() at
 * the pace wanted.
 *
 * Returns: 0; -EINVAL; -ENODEV when @nic has no interface; -ENOMEM.
 * Since: 0.2
 */
int mg_sampler_new(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_sampler **sampler);

/**
 * mg_sampler_free - free a sampler.
 * @sampler: sampler, may be NULL.
 *
 * Since: 0.2
 */
void mg_sampler_free(struct mg_sampler *sampler);

/**
 * mg_sampler_next - take a reading and give the rates since the previous.
 * @sampler: sampler.
 * @sample: where the sample is stored; free with mg_sample_free() before
 *	the sampler.
 *
 * Returns: 0; -EINVAL; -ENOMEM.
 * Since: 0.2
 */
int mg_sampler_next(struct mg_sampler *sampler, struct mg_sample **sample);

/**
 * mg_sample_free - free a sample.
 * @sample: sample, may be NULL.
 *
 * Since: 0.2
 */
void mg_sample_free(struct mg_sample *sample);

/**
 * mg_sample_get_seconds - the time the sample spans.
 * @sample: sample.
 *
 * Returns: seconds between the two readings (monotonic clock).
 * Since: 0.2
 */
double mg_sample_get_seconds(const struct mg_sample *sample);

/**
 * mg_sample_get_rate - one counter's rate.
 * @sample: sample.
 * @stat: the counter (MG_STAT_RX_DROPPED, MG_STAT_RX_MISSED_ERRORS, ...).
 * @per_second: where the rate per second is stored.
 *
 * Returns: 0; -ENODATA when the interface does not report the counter;
 * -EINVAL.
 * Since: 0.2
 */
int mg_sample_get_rate(const struct mg_sample *sample, enum mg_stat stat, double *per_second);

/**
 * mg_sample_get_bits_per_second - the link's rate, frames as counted by
 * the interface (Ethernet header included, no preamble or gap).
 * @sample: sample.
 * @dir: MG_DIRECTION_RX or MG_DIRECTION_TX.
 *
 * Returns: bit/s; a negative value when unknown.
 * Since: 0.2
 */
double mg_sample_get_bits_per_second(const struct mg_sample *sample, enum mg_direction dir);

/**
 * mg_sample_get_packets_per_second - packets per second.
 * @sample: sample.
 * @dir: MG_DIRECTION_RX or MG_DIRECTION_TX.
 *
 * Returns: packets/s; a negative value when unknown.
 * Since: 0.2
 */
double mg_sample_get_packets_per_second(const struct mg_sample *sample, enum mg_direction dir);

/**
 * mg_sample_get_expected_gbps - the expected TCP goodput (the ceiling).
 * @sample: sample.
 * @dir: direction.
 *
 * Returns: Gbit/s; a negative value when unknown.
 * Since: 0.2
 */
double mg_sample_get_expected_gbps(const struct mg_sample *sample, enum mg_direction dir);

/**
 * mg_sample_get_ceiling_use_pct - the rate as a share of the ceiling.
 * @sample: sample.
 * @dir: direction.
 *
 * Returns: percent (may pass 100: the ceiling counts TCP payload, the rate
 * whole frames); a negative value when either is unknown.
 * Since: 0.2
 */
double mg_sample_get_ceiling_use_pct(const struct mg_sample *sample, enum mg_direction dir);

/**
 * mg_sample_get_temperature_milli - the adapter's hottest sensor.
 * @sample: sample.
 *
 * Returns: milli-degrees Celsius, or MG_UNKNOWN.
 * Since: 0.2
 */
int mg_sample_get_temperature_milli(const struct mg_sample *sample);

/**
 * mg_sample_get_vector_count - the adapter's interrupt vectors.
 * @sample: sample.
 *
 * Returns: the count.
 * Since: 0.2
 */
size_t mg_sample_get_vector_count(const struct mg_sample *sample);

/**
 * mg_sample_get_vector_irq - a vector's interrupt number.
 * @sample: sample.
 * @index: vector.
 *
 * Returns: the number; -EINVAL for a bad index.
 * Since: 0.2
 */
int mg_sample_get_vector_irq(const struct mg_sample *sample, size_t index);

/**
 * mg_sample_get_vector_name - a vector's name in /proc/interrupts.
 * @sample: sample.
 * @index: vector.
 *
 * Returns: the name, valid while the sampler is; NULL when unknown.
 * Since: 0.2
 */
const char *mg_sample_get_vector_name(const struct mg_sample *sample, size_t index);

/**
 * mg_sample_get_vector_rate - a vector's interrupts per second, all CPUs.
 * @sample: sample.
 * @index: vector.
 *
 * Returns: interrupts/s; a negative value for a bad index.
 * Since: 0.2
 */
double mg_sample_get_vector_rate(const struct mg_sample *sample, size_t index);

/**
 * mg_sample_get_cpu_count - the CPUs the sample has figures for.
 * @sample: sample.
 *
 * Returns: the count.
 * Since: 0.2
 */
size_t mg_sample_get_cpu_count(const struct mg_sample *sample);

/**
 * mg_sample_get_cpu - a CPU's number.
 * @sample: sample.
 * @index: position.
 *
 * Returns: the CPU number; -EINVAL for a bad index.
 * Since: 0.2
 */
int mg_sample_get_cpu(const struct mg_sample *sample, size_t index);

/**
 * mg_sample_get_cpu_interrupts - the adapter's interrupts per second on a
 * CPU.
 * @sample: sample.
 * @index: position.
 *
 * Returns: interrupts/s; a negative value for a bad index.
 * Since: 0.2
 */
double mg_sample_get_cpu_interrupts(const struct mg_sample *sample, size_t index);

/**
 * mg_sample_get_cpu_softirqs - NET_RX or NET_TX softirqs per second on a
 * CPU (all interfaces: the kernel does not count them per interface).
 * @sample: sample.
 * @index: position.
 * @dir: MG_DIRECTION_RX for NET_RX, MG_DIRECTION_TX for NET_TX.
 *
 * Returns: softirqs/s; a negative value when unknown.
 * Since: 0.2
 */
double mg_sample_get_cpu_softirqs(const struct mg_sample *sample, size_t index, enum mg_direction dir);

/**
 * mg_sample_get_cpu_busy_pct - how busy a CPU was (all but idle and
 * iowait, from /proc/stat).
 * @sample: sample.
 * @index: position.
 *
 * Returns: percent; a negative value when unknown.
 * Since: 0.2
 */
double mg_sample_get_cpu_busy_pct(const struct mg_sample *sample, size_t index);

/**
 * mg_sample_get_cpu_irq_pct - how much of a CPU's time went to hard and
 * soft interrupts (the irq and softirq columns of /proc/stat).
 * @sample: sample.
 * @index: position.
 *
 * Returns: percent; a negative value when unknown.
 * Since: 0.3
 */
double mg_sample_get_cpu_irq_pct(const struct mg_sample *sample, size_t index);

/**
 * mg_sample_get_cpu_services - whether a CPU services the adapter.
 * @sample: sample.
 * @index: position.
 *
 * A CPU services the adapter when one of its interrupt vectors runs
 * there (effective affinity, else the allowed one) or a receive queue
 * steers packets to it (RPS). For an adapter with neither (a virtual
 * one, or a USB adapter, whose interrupts are its host controller's),
 * the CPUs whose NET_RX and NET_TX softirqs run at a quarter of the
 * busiest's rate or more.
 *
 * Returns: 1 or 0; -EINVAL for a bad index.
 * Since: 0.3
 */
int mg_sample_get_cpu_services(const struct mg_sample *sample, size_t index);

/**
 * mg_sample_get_cpu_bound - the CPU that limits the adapter in this
 * sample, if one does.
 * @sample: sample.
 * @irq_pct: where its share in hard and soft interrupts is stored, or
 *	NULL.
 *
 * A CPU that services the adapter (mg_sample_get_cpu_services()) and
 * spent 90 % or more of the interval in hard and soft interrupts while
 * 1 Mbit/s or more went through the adapter: the limit is that CPU, not
 * the link. doctor --interval reports it as the finding "cpu-bound".
 *
 * Returns: the CPU's number; -1 when no CPU limits it (or it cannot be
 * told).
 * Since: 0.3
 */
int mg_sample_get_cpu_bound(const struct mg_sample *sample, double *irq_pct);

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

/**
 * mg_stats_to_text - an interface's counters as multigig show prints them.
 * @stats: counters.
 * @text: where the text is stored: malloc'ed, free with free().
 *
 * A summary, a line each when there is something to say: packets and
 * bytes each way ("counters:"), the errors and drops that are not zero,
 * carrier changes (up, down, and the link losses the driver counted), how
 * many counters of each standard group the driver fills, and how many of
 * its own it has (mg_stats_to_json() lists them).
 *
 * Returns: 0; -EINVAL for a NULL argument; -ENOMEM.
 * Since: 0.4
 */
int mg_stats_to_text(const struct mg_stats *stats, char **text);

/**
 * mg_irqs_to_json - interrupts as JSON: show --json's "irqs".
 * @irqs: interrupts.
 * @flags: MG_JSON_LINE, MG_JSON_BYTES (enum mg_json_flags).
 * @json: where the text is stored: malloc'ed, free with free().
 *
 * "online_cpus", "vectors" (each "irq", "name", "mode", "per_cpu" by CPU
 * number, "total", "affinity", "effective_affinity"), "rx_queues" and
 * "tx_queues": each "queue", its CPU mask as sysfs gives it ("rps_cpus"
 * or "xps_cpus") and, since 0.4, the same CPUs as a list
 * ("rps_cpus_list" or "xps_cpus_list": "0-1,3"; "" for none, as a set's
 * result writes them; null for a mask naming a CPU past 63).
 *
 * Returns: 0; -EINVAL for a NULL argument or a flag it does not take;
 * -ENOMEM.
 * Since: 0.3
 */
int mg_irqs_to_json(const struct mg_irqs *irqs, unsigned int flags, char **json);

/**
 * mg_irqs_to_text - interrupts as multigig show prints them.
 * @irqs: interrupts.
 * @text: where the text is stored: malloc'ed, free with free().
 *
 * A line per vector ("interrupts: 130 enp2s0 cpu0:2291044 cpu1:0, may run
 * on 0-3, runs on 0"), then the CPUs of the first eight receive and
 * transmit queues as multigig set takes them ("rps cpus: rx-0:0-1
 * rx-1:none", "xps cpus:"; a mask naming a CPU past 63 as the kernel's
 * hex), and "online cpus:" beside a vector or a receive queue.
 *
 * Returns: 0; -EINVAL for a NULL argument; -ENOMEM.
 * Since: 0.4
 */
int mg_irqs_to_text(const struct mg_irqs *irqs, char **text);

/**
 * mg_temps_to_json - temperature sensors as JSON: show --json's
 * "temperatures", an array.
 * @temps: sensors.
 * @flags: MG_JSON_LINE, MG_JSON_BYTES (enum mg_json_flags).
 * @json: where the text is stored: malloc'ed, free with free().
 *
 * Each sensor's "chip", "sensor", "source", "label", "celsius",
 * "max_celsius", "crit_celsius" (decimal degrees) and "alarm".
 *
 * Returns: 0; -EINVAL for a NULL argument or a flag it does not take;
 * -ENOMEM.
 * Since: 0.3
 */
int mg_temps_to_json(const struct mg_temps *temps, unsigned int flags, char **json);

/**
 * mg_temps_to_text - temperature sensors as multigig show prints them.
 * @temps: sensors.
 * @text: where the text is stored: malloc'ed, free with free().
 *
 * A line per sensor: its label (or its name), the reading in degrees
 * Celsius ("unreadable now" when it could not be read), the maximum and
 * critical limits when known, "ALARM" when the chip raises it, then the
 * source and chip: "temperature: PHY Temperature 68.8 °C (device eth1)".
 * Nothing for no sensor.
 *
 * Returns: 0; -EINVAL for a NULL argument; -ENOMEM.
 * Since: 0.4
 */
int mg_temps_to_text(const struct mg_temps *temps, char **text);

/**
 * mg_usb_info_to_json - a USB adapter's bus ceiling and place on the bus,
 * as JSON: show --json's "usb".
 * @info: the USB path (mg_usb_info_read_for_nic()), or NULL.
 * @throughput: the verdict whose bus ceiling opens the object, or NULL.
 * @flags: MG_JSON_LINE, MG_JSON_BYTES (enum mg_json_flags).
 * @json: where the text is stored: malloc'ed, free with free().
 *
 * "link_mbps", "data_ceiling_mbps", "protocol_overhead_pct_estimate" and
 * "expected_ceiling_mbps" when @throughput knows a bus ceiling, then with
 * @info "device", "speed_mbps", "usb_version", the port's speed and
 * version, the driver and the chip's own, the configuration, "hubs" and
 * "root_hub_shared_with"; "null" when there is neither.
 *
 * Returns: 0; -EINVAL when both @info and @throughput are NULL, for a
 * NULL @json or a flag it does not take; -ENOMEM.
 * Since: 0.3
 */
int mg_usb_info_to_json(const struct mg_usb_info *info, const struct mg_throughput *throughput,
			unsigned int flags, char **json);

/**
 * mg_usb_info_to_text - a USB adapter's bus ceiling and place on the bus,
 * as multigig show prints them.
 * @info: the USB path (mg_usb_info_read_for_nic()), or NULL.
 * @throughput: the verdict whose bus ceiling comes first, or NULL.
 * @text: where the text is stored: malloc'ed, free with free().
 *
 * "usb ceiling:" when @throughput knows a bus ceiling (its link, what line
 * coding and an estimated protocol overhead leave of it), then with @info
 * "usb device:" (its speed and version against its port's), "usb driver:"
 * (with the interface class, the chip's own driver when a generic class
 * driver holds it, the configuration), a line per hub above it and per
 * device sharing its root hub, and "usb controller:"; "" when there is
 * neither. show prints the ceiling and the path apart, each from a call.
 *
 * Returns: 0; -EINVAL when both @info and @throughput are NULL, or for a
 * NULL @text; -ENOMEM.
 * Since: 0.4
 */
int mg_usb_info_to_text(const struct mg_usb_info *info, const struct mg_throughput *throughput, char **text);

/**
 * mg_sample_to_json - one sample of a watch as JSON: one line of watch
 * --json with MG_JSON_LINE.
 * @sample: sample (mg_sampler_next()).
 * @t: seconds since the watch began, for "t".
 * @flags: MG_JSON_LINE, MG_JSON_BYTES (enum mg_json_flags).
 * @json: where the text is stored: malloc'ed, free with free().
 *
 * "t", "interval_s", rates per second ("rx_bps", "tx_pps",
 * "rx_dropped_per_s" ...), the expected ceilings and the share of them in
 * use, "temperature_c", "vectors", "cpus" and "kernel_log" (the lines
 * since the previous sample, as mg_kernel_log_to_json() writes them; since
 * 0.3); a rate not known is null.
 *
 * Returns: 0; -EINVAL for a NULL argument or a flag it does not take;
 * -ENOMEM.
 * Since: 0.3
 */
int mg_sample_to_json(const struct mg_sample *sample, double t, unsigned int flags, char **json);


/* ------------------------------------------------------------------ */
/* The kernel log: what the kernel said about an adapter                */
/* ------------------------------------------------------------------ */

/**
 * struct mg_kernel_log - the lines of the kernel log (/dev/kmsg) that
 * name an adapter and that the library recognises: an unknown chip, a
 * missing firmware file, PCIe link training and bandwidth, AER, transmit
 * timeouts, link up and down. A line names the adapter by the prefix the
 * kernel writes ("r8169 0000:01:00.0 eth0: "): its device, its
 * interface, a port above it on its path or its host bridge. At most the
 * newest 256 lines are kept.
 */
struct mg_kernel_log;

/**
 * mg_kernel_log_read_for_nic - read the kernel log's lines about an adapter.
 * @ctx: context (live, or a capture: it keeps the lines it used).
 * @nic: adapter.
 * @log: where the result is stored; free with mg_kernel_log_free().
 *
 * One pass over the ring buffer, from its oldest record to its newest.
 * Reading it may need privilege: when the kernel refuses,
 * the object holds no line and mg_kernel_log_get_unknown_reason() says
 * why ("reading the kernel log needs CAP_SYSLOG, or
 * kernel.dmesg_restrict=0").
 *
 * Returns: 0 (also when the log could not be read); -EINVAL for NULL
 * arguments; -ENOMEM.
 * Since: 0.3
 */
int mg_kernel_log_read_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_kernel_log **log);

/**
 * mg_kernel_log_free - free a kernel log object.
 * @log: object, may be NULL.
 *
 * Since: 0.3
 */
void mg_kernel_log_free(struct mg_kernel_log *log);

/**
 * mg_nic_get_kernel_log - the kernel log gathered with the list.
 * @nic: adapter.
 *
 * Returns: the object, valid while @nic is; NULL when the list was not made
 * with MG_NIC_WITH_KERNEL_LOG.
 * Since: 0.3
 */
const struct mg_kernel_log *mg_nic_get_kernel_log(const struct mg_nic *nic);

/**
 * mg_kernel_log_get_unknown_reason - why the kernel log could not be read.
 * @log: object.
 *
 * Returns: the reason, or NULL when it was read.
 * Since: 0.3
 */
const char *mg_kernel_log_get_unknown_reason(const struct mg_kernel_log *log);

/**
 * mg_kernel_log_get_count - number of lines about the adapter.
 * @log: object.
 *
 * Returns: the count, oldest first; 0 when none or unread.
 * Since: 0.3
 */
size_t mg_kernel_log_get_count(const struct mg_kernel_log *log);

/**
 * mg_kernel_log_get_overwritten - how often the kernel overwrote records
 * while they were read (the reader was overtaken and continued).
 * @log: object.
 *
 * Returns: the count; 0 when none.
 * Since: 0.3
 */
unsigned int mg_kernel_log_get_overwritten(const struct mg_kernel_log *log);

/**
 * mg_kernel_log_get_usecs - when a line was logged.
 * @log: object.
 * @index: 0 .. mg_kernel_log_get_count() - 1.
 * @usecs: where the time is stored: microseconds of CLOCK_MONOTONIC
 *	since boot, as dmesg shows them.
 *
 * Returns: 0; -EINVAL out of range or for a NULL @usecs.
 * Since: 0.3
 */
int mg_kernel_log_get_usecs(const struct mg_kernel_log *log, size_t index, uint64_t *usecs);

/**
 * mg_kernel_log_get_sequence - a line's sequence number in the ring.
 * @log: object.
 * @index: line.
 * @seq: where the number is stored.
 *
 * Returns: 0; -EINVAL out of range or for a NULL @seq.
 * Since: 0.3
 */
int mg_kernel_log_get_sequence(const struct mg_kernel_log *log, size_t index, uint64_t *seq);

/**
 * mg_kernel_log_get_priority - a line's level.
 * @log: object.
 * @index: line.
 *
 * Returns: 0 (emergency) .. 7 (debug), as syslog's LOG_*; MG_UNKNOWN out
 * of range.
 * Since: 0.3
 */
int mg_kernel_log_get_priority(const struct mg_kernel_log *log, size_t index);

/**
 * mg_kernel_log_get_text - a line as the kernel wrote it.
 * @log: object.
 * @index: line.
 *
 * Bytes outside printable ASCII are escaped as \xNN (the kernel does so;
 * a capture that did not is escaped when read), so the text is safe to
 * print.
 *
 * Returns: the text; NULL out of range.
 * Since: 0.3
 */
const char *mg_kernel_log_get_text(const struct mg_kernel_log *log, size_t index);

/**
 * mg_kernel_log_get_meaning - what a line means.
 * @log: object.
 * @index: line.
 *
 * Returns: a sentence ("link up at 2.5Gbps, full duplex", "firmware
 * rtl_nic/rtl8125b-2.fw missing (error -2)"); NULL out of range.
 * Since: 0.3
 */
const char *mg_kernel_log_get_meaning(const struct mg_kernel_log *log, size_t index);

/**
 * mg_kernel_log_get_kind - which known message a line is.
 * @log: object.
 * @index: line.
 *
 * Returns: a stable id: "unknown-chip", "firmware-missing",
 * "phy-driver-missing", "pcie-link-down", "pcie-link-up",
 * "pcie-gen-forced", "pcie-retrain", "pcie-bandwidth", "aer",
 * "tx-timeout", "link-up", "link-down"; NULL out of range.
 * Since: 0.3
 */
const char *mg_kernel_log_get_kind(const struct mg_kernel_log *log, size_t index);

/**
 * mg_kernel_log_get_source - where in the kernel tree a line's message is printed.
 * @log: object.
 * @index: line.
 *
 * Returns: the file and function ("drivers/pci/pci.c
 * (__pcie_print_link_status)"); NULL out of range.
 * Since: 0.3
 */
const char *mg_kernel_log_get_source(const struct mg_kernel_log *log, size_t index);

/**
 * mg_kernel_log_get_about - how a line names the adapter.
 * @log: object.
 * @index: line.
 *
 * Returns: "device", "interface", "port" (a device above it on its path)
 * or "host bridge"; NULL out of range.
 * Since: 0.3
 */
const char *mg_kernel_log_get_about(const struct mg_kernel_log *log, size_t index);

/**
 * mg_kernel_log_to_json - the kernel log as JSON: show --json's "kernel_log".
 * @log: object.
 * @flags: MG_JSON_LINE, MG_JSON_BYTES (enum mg_json_flags).
 * @json: where the text is stored: malloc'ed, free with free().
 *
 * An array of {"time", "priority", "text", "meaning", "kind", "about",
 * "source"}, "time" in seconds since boot; null when the log could not be
 * read (the reason is show's "kernel_log_unknown").
 *
 * Returns: 0; -EINVAL for a NULL argument or a flag it does not take;
 * -ENOMEM.
 * Since: 0.3
 */
int mg_kernel_log_to_json(const struct mg_kernel_log *log, unsigned int flags, char **json);

/**
 * mg_kernel_log_to_text - the kernel log as multigig show prints it.
 * @log: object.
 * @text: where the text is stored: malloc'ed, free with free().
 *
 * Each line as dmesg shows it ("[    1.203456] eth1: Link is Down"), what
 * it means under it ("= link down"); "kernel log: unknown: " and why when
 * the log could not be read. Lines are shown as the CLI shows text from
 * the machine.
 *
 * Returns: 0; -EINVAL for a NULL argument; -ENOMEM.
 * Since: 0.4
 */
int mg_kernel_log_to_text(const struct mg_kernel_log *log, char **text);

/**
 * mg_sample_get_kernel_log - the kernel log's lines about the adapter that
 * came since the previous sample (watch).
 * @sample: sample (mg_sampler_next()).
 *
 * Each sample makes one pass over the ring and keeps the records after
 * the newest the previous one saw; the sampler's first reading only notes
 * where the ring ended, so the first sample holds what came after the
 * sampler was made.
 *
 * Returns: the lines, valid while @sample is (none, or the reason the log
 * cannot be read, as for mg_kernel_log_read_for_nic()); NULL for NULL.
 * Since: 0.3
 */
const struct mg_kernel_log *mg_sample_get_kernel_log(const struct mg_sample *sample);

#ifdef __cplusplus
}
#endif

#endif /* MULTIGIG_EVIDENCE_H */
