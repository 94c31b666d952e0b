/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libmultigig: what a multi-gigabit network adapter can really do on this
 * machine.
 *
 * Conventions:
 * - Every fallible call returns 0 or a negative errno. The context keeps a
 *   human-readable message for the last failure: mg_ctx_last_error().
 * - Objects are opaque. Constructors hand the object back through an
 *   out-parameter. Shared objects are reference counted (_ref/_unref).
 * - A value the kernel or the hardware did not report is unknown, never 0:
 *   integer getters return MG_UNKNOWN, string getters return NULL.
 * - A context is used by one thread at a time; separate contexts are
 *   independent of each other.
 * - The library never prints; it logs through the context's log function.
 */
#ifndef MULTIGIG_MULTIGIG_H
#define MULTIGIG_MULTIGIG_H

#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Returned by integer getters for a value that is not known. */
#define MG_UNKNOWN (-1)

/**
 * struct mg_ctx - library context.
 *
 * Holds the sysfs root everything is read from, the netlink sockets of the
 * caller's network namespace, the log function and the last error message.
 */
struct mg_ctx;

/**
 * struct mg_nic - one network adapter: an interface, or a network-class PCI
 * device that has no interface because no driver is bound to it.
 */
struct mg_nic;

/** struct mg_nic_list - the result of one enumeration. */
struct mg_nic_list;

/**
 * mg_log_fn - log function.
 * @data: the pointer given to mg_ctx_set_log_fn().
 * @priority: syslog priority (LOG_ERR = 3 ... LOG_DEBUG = 7).
 * @file: source file of the message.
 * @line: source line of the message.
 * @fn: function that logged.
 * @format: printf-style format.
 * @args: arguments for @format.
 */
typedef void (*mg_log_fn)(void *data, int priority, const char *file, int line,
			  const char *fn, const char *format, va_list args);

/**
 * mg_ctx_new - create a library context.
 * @sysfs_root: NULL (or this machine's "/sys") for this machine: sysfs,
 *	procfs and netlink; or a directory that holds a captured or fixture
 *	tree to replay. A replaying context is offline: it never opens a
 *	socket, reads every path inside that directory, and takes what the
 *	capture recorded (multigig/net, multigig/ethtool) besides the tree.
 * @ctx: where the new context is stored, with one reference.
 *
 * Returns: 0; -EINVAL when @ctx is NULL or @sysfs_root is empty; -ENOENT
 * when @sysfs_root is not a directory; -ENOMEM.
 * Since: 0.1
 */
int mg_ctx_new(const char *sysfs_root, struct mg_ctx **ctx);

/**
 * mg_ctx_ref - take a reference on a context.
 * @ctx: context, may be NULL.
 *
 * Returns: @ctx.
 * Since: 0.1
 */
struct mg_ctx *mg_ctx_ref(struct mg_ctx *ctx);

/**
 * mg_ctx_unref - drop a reference; the last one frees the context.
 * @ctx: context, may be NULL.
 *
 * Returns: @ctx while other references remain; NULL once it is freed, or
 * when @ctx is NULL.
 * Since: 0.1
 */
struct mg_ctx *mg_ctx_unref(struct mg_ctx *ctx);

/**
 * mg_ctx_set_log_fn - route the library's log messages.
 * @ctx: context.
 * @fn: log function, or NULL to drop every message (the default).
 * @data: passed to @fn unchanged.
 *
 * Since: 0.1
 */
void mg_ctx_set_log_fn(struct mg_ctx *ctx, mg_log_fn fn, void *data);

/**
 * mg_ctx_set_log_priority - set the highest syslog priority that is logged.
 * @ctx: context.
 * @priority: LOG_ERR (3) by default; LOG_DEBUG (7) logs everything.
 *
 * Since: 0.1
 */
void mg_ctx_set_log_priority(struct mg_ctx *ctx, int priority);

/**
 * mg_ctx_get_log_priority - the current log priority.
 * @ctx: context.
 *
 * Returns: the priority, or -EINVAL when @ctx is NULL.
 * Since: 0.1
 */
int mg_ctx_get_log_priority(const struct mg_ctx *ctx);

/**
 * mg_ctx_last_error - describe the last failure on this context.
 * @ctx: context.
 *
 * Returns: a message such as "no network interface named 'eth9'"; an empty
 * string when nothing failed yet. Valid until the next call on @ctx.
 * Since: 0.1
 */
const char *mg_ctx_last_error(const struct mg_ctx *ctx);

/**
 * mg_ctx_get_sysfs_root - the sysfs root of this context.
 * @ctx: context.
 *
 * Returns: the root, without a trailing slash.
 * Since: 0.1
 */
const char *mg_ctx_get_sysfs_root(const struct mg_ctx *ctx);

/**
 * mg_ctx_is_offline - whether the context replays a captured tree.
 * @ctx: context.
 *
 * Returns: 1 when the context reads a tree other than /sys and so never
 * asks the kernel; 0 for a live context; -EINVAL when @ctx is NULL.
 * Since: 0.1
 */
int mg_ctx_is_offline(const struct mg_ctx *ctx);

/**
 * mg_ctx_capture - copy what the library reads into a sysfs-shaped tree.
 * @ctx: context (live or offline).
 * @dir: destination directory; created if missing, must be empty if present.
 *
 * Gathers once as mg_nic_list_new_with() does with every part (adapters,
 * settings, Ethernet link, EEE, features) and walks each PCI adapter's
 * PCIe path, through a recorder that writes each file and symbolic link
 * read (config spaces included) at the same relative path below @dir. What netlink said is
 * written beside it: links and driver facts to @dir/multigig/net/IFNAME
 * as "key=value" lines, ethtool replies as the kernel's own messages to
 * @dir/multigig/ethtool/CMD. A context created on @dir then reports the
 * same adapters, settings and links offline.
 *
 * @dir is created (mode 0755); an existing directory is taken only when it
 * is empty, owned by the caller and writable by nobody else. Everything
 * below it is created without following symbolic links.
 *
 * Returns: 0; -EINVAL for NULL arguments; -EEXIST when @dir is not empty;
 * -EPERM when @dir belongs to someone else or others may write to it;
 * another negative errno when reading or writing fails.
 * Since: 0.1
 */
int mg_ctx_capture(struct mg_ctx *ctx, const char *dir);

/**
 * enum mg_bus - the bus an adapter sits on.
 * @MG_BUS_OTHER: a device on a bus the library does not decode.
 * @MG_BUS_PCI: PCI or PCI Express (also virtio devices on a PCI transport).
 * @MG_BUS_USB: USB.
 * @MG_BUS_VIRTUAL: no device at all: veth, tun, macvlan, bridges, loopback.
 */
enum mg_bus {
	MG_BUS_OTHER = 0,
	MG_BUS_PCI = 1,
	MG_BUS_USB = 2,
	MG_BUS_VIRTUAL = 3,
};

/**
 * mg_bus_name - name of a bus.
 * @bus: bus.
 *
 * Returns: "pci", "usb", "virtual" or "other".
 * Since: 0.1
 */
const char *mg_bus_name(enum mg_bus bus);

/**
 * mg_nic_list_new - enumerate every adapter.
 * @ctx: context.
 * @list: where the new list is stored.
 *
 * Live: one RTM_GETLINK dump for all interfaces, sysfs for each interface's
 * device, one ETHTOOL_GDRVINFO per interface. Network-class PCI devices
 * (class 0x02xx) that have no interface are appended, with no driver.
 * Offline: everything from the captured tree.
 *
 * Returns: 0; -EINVAL for NULL arguments; -ENOMEM; a negative errno when
 * netlink fails.
 * Since: 0.1
 */
int mg_nic_list_new(struct mg_ctx *ctx, struct mg_nic_list **list);

/**
 * mg_nic_list_free - free a list; its adapters stay valid while referenced.
 * @list: list, may be NULL.
 *
 * Since: 0.1
 */
void mg_nic_list_free(struct mg_nic_list *list);

/**
 * mg_nic_list_count - number of adapters in a list.
 * @list: list.
 *
 * Returns: the count; 0 when @list is NULL.
 * Since: 0.1
 */
size_t mg_nic_list_count(const struct mg_nic_list *list);

/**
 * mg_nic_list_get - one adapter of a list, owned by the list.
 * @list: list.
 * @index: position, below mg_nic_list_count().
 *
 * Returns: the adapter (take a reference to keep it beyond the list), or
 * NULL when @index is out of range.
 * Since: 0.1
 */
struct mg_nic *mg_nic_list_get(const struct mg_nic_list *list, size_t index);

/**
 * mg_nic_lookup - find one adapter by interface name or PCI address.
 * @ctx: context.
 * @name: an interface name ("eth0") or a PCI address ("0000:01:00.0" or
 *	"01:00.0", domain 0).
 * @nic: where the adapter is stored, with one reference.
 *
 * The cost does not grow with the machine: one link request for a name
 * (RTM_GETLINK with IFLA_IFNAME), the device's own sysfs directory for an
 * address; never an enumeration.
 *
 * Returns: 0; -EINVAL when an argument is NULL or empty, or @name has
 * IFNAMSIZ (16) characters or more and is no PCI address; -ENODEV when no
 * adapter has that name or address.
 * Since: 0.1
 */
int mg_nic_lookup(struct mg_ctx *ctx, const char *name, struct mg_nic **nic);

/**
 * mg_nic_lookup_ifindex - find one adapter by interface index.
 * @ctx: context.
 * @ifindex: interface index, > 0.
 * @nic: where the adapter is stored, with one reference.
 *
 * One link request, as mg_nic_lookup() for a name.
 *
 * Returns: 0; -EINVAL for a NULL argument or an index <= 0; -ENODEV when no
 * interface has that index.
 * Since: 0.2
 */
int mg_nic_lookup_ifindex(struct mg_ctx *ctx, int ifindex, struct mg_nic **nic);

/**
 * enum mg_nic_with - what mg_nic_list_new_with() gathers besides identity.
 * @MG_NIC_WITH_SETTINGS: MTU, rings, channels, coalesce and pause of every
 *	interface (mg_nic_get_settings()).
 * @MG_NIC_WITH_ETHLINK: the Ethernet link of every interface
 *	(mg_nic_get_ethlink()).
 * @MG_NIC_WITH_EEE: Energy-Efficient Ethernet of every interface
 *	(mg_nic_get_eee()). Since: 0.2
 * @MG_NIC_WITH_FEATURES: the offloads of every interface
 *	(mg_nic_get_features()). Since: 0.2
 * @MG_NIC_WITH_STATS: the counters of every interface (mg_nic_get_stats()):
 *	from the link dump, one STATS_GET and one LINKSTATE dump (none when
 *	MG_NIC_WITH_ETHLINK's already gave the link-down count), and the
 *	drivers' own counters of hardware adapters by the ioctl (the kernel
 *	has no dump of those; a software interface's are read by
 *	mg_stats_read_for_nic()). Since: 0.2
 * @MG_NIC_WITH_IRQS: interrupt vectors, their CPUs and the queues' CPU
 *	masks (mg_nic_get_irqs()): /proc/interrupts read once. Since: 0.2
 * @MG_NIC_WITH_TEMPERATURES: the hwmon temperature sensors of each adapter
 *	(mg_nic_get_temps()). Since: 0.2
 * @MG_NIC_WITH_USB: where each USB adapter is plugged in
 *	(mg_nic_get_usb_info()). Since: 0.2
 */
enum mg_nic_with {
	MG_NIC_WITH_SETTINGS = 1 << 0,
	MG_NIC_WITH_ETHLINK = 1 << 1,
	MG_NIC_WITH_EEE = 1 << 2,
	MG_NIC_WITH_FEATURES = 1 << 3,
	MG_NIC_WITH_STATS = 1 << 4,
	MG_NIC_WITH_IRQS = 1 << 5,
	MG_NIC_WITH_TEMPERATURES = 1 << 6,
	MG_NIC_WITH_USB = 1 << 7,
};

/**
 * MG_NIC_WITH_ALL - every part enum mg_nic_with names (in this version).
 *
 * Since: 0.2
 */
#define MG_NIC_WITH_ALL                                                                              \
	(MG_NIC_WITH_SETTINGS | MG_NIC_WITH_ETHLINK | MG_NIC_WITH_EEE | MG_NIC_WITH_FEATURES |        \
	 MG_NIC_WITH_STATS | MG_NIC_WITH_IRQS | MG_NIC_WITH_TEMPERATURES | MG_NIC_WITH_USB)

/**
 * mg_nic_list_new_with - enumerate every adapter, with more of each.
 * @ctx: context.
 * @with: a mask of enum mg_nic_with, or 0 (as mg_nic_list_new()).
 * @list: where the list is stored.
 *
 * A constant number of requests, however many interfaces the machine has:
 * one link dump, then one ethtool dump per message asked for. Each adapter
 * then answers mg_nic_get_settings() and mg_nic_get_ethlink() from what was
 * gathered, without asking the kernel again.
 *
 * Returns: 0; -EINVAL for NULL arguments or unknown bits in @with; another
 * negative errno when a dump fails (see mg_ctx_last_error()).
 * Since: 0.2
 */
int mg_nic_list_new_with(struct mg_ctx *ctx, unsigned int with, struct mg_nic_list **list);

/**
 * mg_nic_lookup_with - find one adapter, with more of it.
 * @ctx: context.
 * @name: an interface name or PCI address, as for mg_nic_lookup().
 * @with: what to gather besides identity, as for mg_nic_list_new_with();
 *	read with the same getters (mg_nic_get_settings() ...).
 * @nic: where the adapter is stored, with one reference.
 *
 * The same answers as mg_nic_list_new_with() gives for that adapter, at a
 * cost that does not grow with the machine: one link request, then one
 * request addressed to the interface per ethtool message where the list
 * makes one dump (the link-down count comes with the Ethernet link's
 * LINKSTATE when both are asked). A device without an interface gets
 * only what sysfs and procfs tell (interrupts, temperatures, USB path).
 *
 * Returns: 0; -EINVAL for a NULL argument, a bad name or unknown flags;
 * -ENODEV when no adapter has that name or address; -ENOMEM; or the error
 * of a part, as mg_nic_list_new_with() fails (a part a driver lacks is no
 * error: it stays unknown or NULL).
 * Since: 0.2
 */
int mg_nic_lookup_with(struct mg_ctx *ctx, const char *name, unsigned int with, struct mg_nic **nic);

struct mg_settings;
struct mg_ethlink;
struct mg_eee;
struct mg_features;

/**
 * mg_nic_get_settings - the settings gathered with the list.
 * @nic: adapter.
 *
 * Returns: the settings, valid while @nic is; NULL when the list was not
 * made with MG_NIC_WITH_SETTINGS or the adapter has no interface.
 * Since: 0.2
 */
const struct mg_settings *mg_nic_get_settings(const struct mg_nic *nic);

/**
 * mg_nic_get_ethlink - the Ethernet link gathered with the list.
 * @nic: adapter.
 *
 * Returns: the link, valid while @nic is; NULL when the list was not made
 * with MG_NIC_WITH_ETHLINK, the adapter has no interface, or its driver
 * reports no link.
 * Since: 0.2
 */
const struct mg_ethlink *mg_nic_get_ethlink(const struct mg_nic *nic);

/**
 * mg_nic_get_eee - the Energy-Efficient Ethernet state gathered with the list.
 * @nic: adapter.
 *
 * Returns: the state, valid while @nic is (for a driver without EEE, one
 * that says so: mg_eee_get_supported() is 0); NULL when the list was not
 * made with MG_NIC_WITH_EEE, the adapter has no interface, or a replayed
 * capture recorded no EEE.
 * Since: 0.2
 */
const struct mg_eee *mg_nic_get_eee(const struct mg_nic *nic);

/**
 * mg_nic_get_features - the offloads gathered with the list.
 * @nic: adapter.
 *
 * Returns: the features, valid while @nic is; NULL when the list was not
 * made with MG_NIC_WITH_FEATURES, the adapter has no interface, or a
 * replayed capture recorded none.
 * Since: 0.2
 */
const struct mg_features *mg_nic_get_features(const struct mg_nic *nic);

/**
 * mg_nic_ref - take a reference on an adapter.
 * @nic: adapter, may be NULL.
 *
 * Returns: @nic.
 * Since: 0.1
 */
struct mg_nic *mg_nic_ref(struct mg_nic *nic);

/**
 * mg_nic_unref - drop a reference on an adapter; the last one frees it.
 * @nic: adapter, may be NULL.
 *
 * Returns: @nic while other references remain; NULL once it is freed, or
 * when @nic is NULL.
 * Since: 0.1
 */
struct mg_nic *mg_nic_unref(struct mg_nic *nic);

/**
 * mg_nic_get_name - interface name.
 * @nic: adapter.
 *
 * Returns: the name, or NULL for a device with no interface.
 * Since: 0.1
 */
const char *mg_nic_get_name(const struct mg_nic *nic);

/**
 * mg_nic_get_ifindex - interface index.
 * @nic: adapter.
 *
 * Returns: the index, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_nic_get_ifindex(const struct mg_nic *nic);

/**
 * mg_nic_get_kind - what kind of interface this is.
 * @nic: adapter.
 *
 * Returns: the rtnetlink link kind ("veth", "tun", "macvlan", "bridge", ...),
 * "physical" for an interface backed by a device, "loopback", "virtual" for
 * another interface with neither, or NULL when unknown.
 * Since: 0.1
 */
const char *mg_nic_get_kind(const struct mg_nic *nic);

/**
 * mg_nic_get_operstate - RFC 2863 operational state.
 * @nic: adapter.
 *
 * Returns: "up", "down", "dormant", "lowerlayerdown", "notpresent",
 * "testing" or "unknown"; NULL for a device with no interface.
 * Since: 0.1
 */
const char *mg_nic_get_operstate(const struct mg_nic *nic);

/**
 * mg_nic_get_carrier - physical link state.
 * @nic: adapter.
 *
 * Returns: 1 with carrier, 0 without, MG_UNKNOWN.
 * Since: 0.1
 */
int mg_nic_get_carrier(const struct mg_nic *nic);

/**
 * mg_nic_get_mtu - current MTU in bytes.
 * @nic: adapter.
 *
 * Returns: the MTU, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_nic_get_mtu(const struct mg_nic *nic);

/**
 * mg_nic_get_min_mtu - smallest MTU the driver accepts (IFLA_MIN_MTU).
 * @nic: adapter.
 *
 * Returns: the MTU, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_nic_get_min_mtu(const struct mg_nic *nic);

/**
 * mg_nic_get_max_mtu - largest MTU the driver accepts (IFLA_MAX_MTU).
 * @nic: adapter.
 *
 * Returns: the MTU, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_nic_get_max_mtu(const struct mg_nic *nic);

/**
 * mg_nic_get_mac - hardware address.
 * @nic: adapter.
 *
 * Returns: "aa:bb:cc:dd:ee:ff", or NULL.
 * Since: 0.1
 */
const char *mg_nic_get_mac(const struct mg_nic *nic);

/**
 * mg_nic_get_speed_mbps - Ethernet link speed the driver reports in sysfs.
 * @nic: adapter.
 *
 * Returns: Mbit/s, or MG_UNKNOWN (no link, or the driver does not say).
 * Since: 0.1
 */
int mg_nic_get_speed_mbps(const struct mg_nic *nic);

/**
 * mg_nic_get_parent - the device the kernel names as the interface's parent.
 * @nic: adapter.
 *
 * Returns: the device name (e.g. "0000:01:00.0", "2-1:1.0", "virtio2"), or
 * NULL for an interface without a device.
 * Since: 0.1
 */
const char *mg_nic_get_parent(const struct mg_nic *nic);

/**
 * mg_nic_get_bus - the bus the adapter's hardware sits on.
 * @nic: adapter.
 *
 * A virtio device on a PCI transport reports MG_BUS_PCI with the address of
 * the PCI function.
 *
 * Returns: the bus.
 * Since: 0.1
 */
enum mg_bus mg_nic_get_bus(const struct mg_nic *nic);

/**
 * mg_nic_get_address - bus address.
 * @nic: adapter.
 *
 * Returns: "0000:01:00.0" on PCI, the USB device path ("2-1") on USB, the
 * device name on another bus, NULL for a virtual interface.
 * Since: 0.1
 */
const char *mg_nic_get_address(const struct mg_nic *nic);

/**
 * mg_nic_get_vendor_id - PCI or USB vendor ID.
 * @nic: adapter.
 *
 * Returns: 0..0xffff, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_nic_get_vendor_id(const struct mg_nic *nic);

/**
 * mg_nic_get_device_id - PCI device ID or USB product ID.
 * @nic: adapter.
 *
 * Returns: 0..0xffff, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_nic_get_device_id(const struct mg_nic *nic);

/**
 * mg_nic_get_subsystem_vendor_id - PCI subsystem vendor ID.
 * @nic: adapter.
 *
 * Returns: 0..0xffff, or MG_UNKNOWN (also for USB).
 * Since: 0.1
 */
int mg_nic_get_subsystem_vendor_id(const struct mg_nic *nic);

/**
 * mg_nic_get_subsystem_device_id - PCI subsystem device ID.
 * @nic: adapter.
 *
 * Returns: 0..0xffff, or MG_UNKNOWN (also for USB).
 * Since: 0.1
 */
int mg_nic_get_subsystem_device_id(const struct mg_nic *nic);

/**
 * mg_nic_get_revision - PCI revision, or USB bcdDevice.
 * @nic: adapter.
 *
 * Returns: the revision, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_nic_get_revision(const struct mg_nic *nic);

/**
 * mg_nic_get_class - 24-bit PCI class code (0x020000 for Ethernet).
 * @nic: adapter.
 *
 * Returns: the class, or MG_UNKNOWN (also for USB).
 * Since: 0.1
 */
int mg_nic_get_class(const struct mg_nic *nic);

/**
 * mg_nic_get_vendor - vendor name: pci.ids on PCI, the device's own
 * manufacturer string on USB.
 * @nic: adapter.
 *
 * Returns: the name, or NULL.
 * Since: 0.1
 */
const char *mg_nic_get_vendor(const struct mg_nic *nic);

/**
 * mg_nic_get_device - device name: pci.ids on PCI, the device's own product
 * string on USB.
 * @nic: adapter.
 *
 * Returns: the name, or NULL.
 * Since: 0.1
 */
const char *mg_nic_get_device(const struct mg_nic *nic);

/**
 * mg_nic_get_subsystem - PCI subsystem name from pci.ids.
 * @nic: adapter.
 *
 * Returns: the name, or NULL.
 * Since: 0.1
 */
const char *mg_nic_get_subsystem(const struct mg_nic *nic);

/**
 * mg_nic_get_usb_speed_mbps - negotiated USB link speed.
 * @nic: adapter.
 *
 * Returns: 12, 480, 5000, 10000, 20000 ... Mbit/s, or MG_UNKNOWN (also when
 * not on USB).
 * Since: 0.1
 */
int mg_nic_get_usb_speed_mbps(const struct mg_nic *nic);

/**
 * mg_nic_get_driver - the kernel driver bound to the adapter.
 * @nic: adapter.
 *
 * The driver bound to the interface's device in sysfs; for an interface
 * without a device, the driver ethtool names ("veth", "tun").
 *
 * Returns: the driver name, or NULL when no driver is bound.
 * Since: 0.1
 */
const char *mg_nic_get_driver(const struct mg_nic *nic);

/**
 * mg_nic_get_driver_version - driver version from ETHTOOL_GDRVINFO.
 * @nic: adapter.
 *
 * Returns: the version (in-tree drivers usually report the kernel release),
 * or NULL.
 * Since: 0.1
 */
const char *mg_nic_get_driver_version(const struct mg_nic *nic);

/**
 * mg_nic_get_firmware_version - firmware version from ETHTOOL_GDRVINFO.
 * @nic: adapter.
 *
 * Returns: the version, or NULL when the driver reports none.
 * Since: 0.1
 */
const char *mg_nic_get_firmware_version(const struct mg_nic *nic);

/**
 * mg_nic_get_chip - the chip, from the library's table of multi-gigabit
 * chips (it knows chips pci.ids may be too old for).
 * @nic: adapter.
 *
 * Returns: e.g. "RTL8126A", or NULL for a chip not in the table.
 * Since: 0.1
 */
const char *mg_nic_get_chip(const struct mg_nic *nic);

/**
 * mg_nic_get_chip_driver - the mainline kernel driver for the chip.
 * @nic: adapter.
 *
 * Returns: the module name ("r8169"), or NULL for a chip not in the table.
 * Since: 0.1
 */
const char *mg_nic_get_chip_driver(const struct mg_nic *nic);

/**
 * mg_nic_get_chip_since - the first mainline kernel whose driver serves the
 * chip.
 * @nic: adapter.
 *
 * Returns: e.g. "6.9", or NULL when not in the table or not known.
 * Since: 0.1
 */
const char *mg_nic_get_chip_since(const struct mg_nic *nic);

/**
 * mg_nic_get_chip_max_mbps - the chip's top Ethernet rate.
 * @nic: adapter.
 *
 * Returns: Mbit/s, or MG_UNKNOWN (also for Wi-Fi chips).
 * Since: 0.1
 */
int mg_nic_get_chip_max_mbps(const struct mg_nic *nic);

/**
 * mg_nic_get_module_count - kernel modules of the running kernel that
 * declare support for this device (its modalias, looked up with libkmod).
 * @nic: adapter on a live context.
 *
 * From the kernel's module index (modules.alias); modprobe.d's alias lines,
 * local policy, are not read (since 0.2).
 *
 * For a device with no driver bound, 0 means this kernel has no driver for
 * it at all; see mg_nic_get_chip_driver() for the one that would.
 *
 * Returns: the count, or MG_UNKNOWN when the lookup could not be made
 * (offline context, no module index for this kernel, no modalias). An int,
 * not a size_t, so that "unknown" stays apart from "none".
 * Since: 0.1
 */
int mg_nic_get_module_count(const struct mg_nic *nic);

/**
 * mg_nic_get_module - one of those modules.
 * @nic: adapter.
 * @index: position, below mg_nic_get_module_count().
 *
 * @index is a size_t since 0.2, like every other index of the API.
 *
 * Returns: the module name, or NULL (also when the count is MG_UNKNOWN).
 * Since: 0.1
 */
const char *mg_nic_get_module(const struct mg_nic *nic, size_t index);

/**
 * mg_nic_has_driver - whether a driver serves the adapter.
 * @nic: adapter.
 *
 * Returns: 1 or 0. A PCI network device listed without an interface
 * returns 0: the kernel has no driver for it, or the driver failed.
 * Since: 0.1
 */
int mg_nic_has_driver(const struct mg_nic *nic);

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
 */
enum mg_limit {
	MG_LIMIT_UNKNOWN = 0,
	MG_LIMIT_PCIE = 1,
	MG_LIMIT_ETHERNET = 2,
	MG_LIMIT_USB = 3,
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
 * Returns: "pcie", "ethernet", "usb", or "unknown".
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
 * @nic: a PCI adapter.
 * @path: where the path is stored.
 *
 * Built from the adapter's own address: its sysfs ancestors and their
 * config spaces, nothing else.
 *
 * Returns: as mg_pcie_path_new(); -ENXIO when @nic is not on PCI.
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

/* ------------------------------------------------------------------ */
/* Ethernet settings over ethtool netlink                              */
/* ------------------------------------------------------------------ */

/**
 * enum mg_param - one tunable setting. Ring, channel, coalesce and pause
 * parameters are those of ethtool -g, -l, -c and -a; MTU that of ip link.
 */
enum mg_param {
	MG_PARAM_MTU = 0,
	MG_PARAM_RX_RING,
	MG_PARAM_RX_MINI_RING,
	MG_PARAM_RX_JUMBO_RING,
	MG_PARAM_TX_RING,
	MG_PARAM_RX_BUF_LEN,
	MG_PARAM_CQE_SIZE,
	MG_PARAM_TX_PUSH,
	MG_PARAM_TCP_DATA_SPLIT,
	MG_PARAM_RX_CHANNELS,
	MG_PARAM_TX_CHANNELS,
	MG_PARAM_OTHER_CHANNELS,
	MG_PARAM_COMBINED_CHANNELS,
	MG_PARAM_RX_USECS,
	MG_PARAM_RX_FRAMES,
	MG_PARAM_RX_USECS_IRQ,
	MG_PARAM_RX_FRAMES_IRQ,
	MG_PARAM_TX_USECS,
	MG_PARAM_TX_FRAMES,
	MG_PARAM_TX_USECS_IRQ,
	MG_PARAM_TX_FRAMES_IRQ,
	MG_PARAM_STATS_BLOCK_USECS,
	MG_PARAM_ADAPTIVE_RX,
	MG_PARAM_ADAPTIVE_TX,
	MG_PARAM_PKT_RATE_LOW,
	MG_PARAM_RX_USECS_LOW,
	MG_PARAM_RX_FRAMES_LOW,
	MG_PARAM_TX_USECS_LOW,
	MG_PARAM_TX_FRAMES_LOW,
	MG_PARAM_PKT_RATE_HIGH,
	MG_PARAM_RX_USECS_HIGH,
	MG_PARAM_RX_FRAMES_HIGH,
	MG_PARAM_TX_USECS_HIGH,
	MG_PARAM_TX_FRAMES_HIGH,
	MG_PARAM_RATE_SAMPLE_INTERVAL,
	MG_PARAM_CQE_MODE_RX,
	MG_PARAM_CQE_MODE_TX,
	MG_PARAM_PAUSE_AUTONEG,
	MG_PARAM_PAUSE_RX,
	MG_PARAM_PAUSE_TX,
};

/** Number of enum mg_param values in this version of the library. */
#define MG_PARAM_COUNT 40

/** As a ring size to set: the largest the driver reports. */
#define MG_VALUE_MAX (-2)

/**
 * enum mg_param_group - the request a change belongs to, in the order
 * mg_settings_apply() makes them.
 * @MG_GROUP_MTU: the MTU (rtnetlink).
 * @MG_GROUP_RINGS: ring sizes.
 * @MG_GROUP_CHANNELS: channel counts.
 * @MG_GROUP_COALESCE: interrupt coalescing.
 * @MG_GROUP_PAUSE: pause frames.
 * @MG_GROUP_FEATURES: offloads, by name (mg_settings_set_feature()).
 *	Since: 0.2
 * @MG_GROUP_EEE: Energy-Efficient Ethernet on or off
 *	(mg_settings_set_eee()). Since: 0.2
 * @MG_GROUP_ADVERTISE: the link modes advertised to the link partner
 *	(mg_settings_set_advertise()). Since: 0.2
 * @MG_GROUP_ASPM: ASPM L1 of the adapter's PCIe link
 *	(mg_settings_set_aspm_l1()). Since: 0.2
 *
 * Changes are made MTU, features, ASPM L1, rings, channels, coalesce,
 * pause, EEE, advertised modes: first what neither resets the adapter nor
 * drops the link, and the two that renegotiate the link last. Only the
 * first five values hold enum mg_param parameters.
 */
enum mg_param_group {
	MG_GROUP_MTU = 0,
	MG_GROUP_RINGS = 1,
	MG_GROUP_CHANNELS = 2,
	MG_GROUP_COALESCE = 3,
	MG_GROUP_PAUSE = 4,
	MG_GROUP_FEATURES = 5,
	MG_GROUP_EEE = 6,
	MG_GROUP_ADVERTISE = 7,
	MG_GROUP_ASPM = 8,
};

/**
 * mg_param_name - the parameter's name, as the CLI spells it.
 * @param: parameter.
 *
 * Returns: "mtu", "rx-ring", "combined", "rx-usecs", "pause-rx", ... or
 * NULL for an unknown value.
 * Since: 0.1
 */
const char *mg_param_name(enum mg_param param);

/**
 * mg_param_from_name - the parameter a name spells.
 * @name: name as mg_param_name() gives it.
 *
 * Returns: the parameter, or -EINVAL.
 * Since: 0.1
 */
int mg_param_from_name(const char *name);

/**
 * mg_param_get_group - the request a parameter belongs to.
 * @param: parameter.
 *
 * Returns: the group, or -EINVAL.
 * Since: 0.1
 */
int mg_param_get_group(enum mg_param param);

/**
 * mg_param_group_name - name of a group: "mtu", "rings", "channels",
 * "coalesce", "pause", and since 0.2 "features", "eee", "advertise",
 * "aspm".
 * @group: group.
 *
 * Returns: the name, or NULL.
 * Since: 0.1
 */
const char *mg_param_group_name(enum mg_param_group group);

/**
 * struct mg_settings - values of parameters, each with a presence bit;
 * what was read from the kernel, or what to apply.
 */
struct mg_settings;

/**
 * mg_settings_new - an empty settings object, to fill with values to apply.
 * @settings: where the object is stored.
 *
 * Returns: 0 or -ENOMEM.
 * Since: 0.1
 */
int mg_settings_new(struct mg_settings **settings);

/**
 * mg_settings_free - free a settings object.
 * @settings: object, may be NULL.
 *
 * Since: 0.1
 */
void mg_settings_free(struct mg_settings *settings);

/**
 * mg_settings_set - mark a parameter present with a value.
 * @settings: object.
 * @param: parameter.
 * @value: the value; booleans are 0 or 1; MG_VALUE_MAX for a ring asks for
 *	the driver's maximum.
 *
 * Returns: 0, or -EINVAL for an unknown parameter or a negative value.
 * Since: 0.1
 */
int mg_settings_set(struct mg_settings *settings, enum mg_param param, long long value);

/**
 * mg_settings_set_eee - ask for Energy-Efficient Ethernet on or off.
 * @settings: object made with mg_settings_new().
 * @on: 1 or 0.
 *
 * mg_settings_apply() refuses it, before changing anything, when the
 * driver has no EEE, and turning it on when the driver reports no EEE
 * link mode. Only "enabled" changes: the modes EEE advertises stay.
 *
 * Returns: 0; -EINVAL for NULL or a value other than 0 and 1; -ENOMEM.
 * Since: 0.2
 */
int mg_settings_set_eee(struct mg_settings *settings, int on);

/**
 * mg_settings_set_advertise - ask to advertise these link modes.
 * @settings: object made with mg_settings_new().
 * @modes: "all" (every speed mode the interface supports), or a comma
 *	separated list of the kernel's mode names ("1000baseT/Full,2500baseT/Full";
 *	a name without "/Full" or "/Half" means its full-duplex mode).
 *
 * The speed modes advertised become exactly these; the other bits of the
 * advertisement (Autoneg, the port, Pause, FEC) stay as they are.
 * mg_settings_apply() refuses a mode the interface does not support, and a
 * driver that reports no link modes, before changing anything.
 *
 * Returns: 0; -EINVAL for NULL, an empty list or an empty name; -ENOMEM.
 * Since: 0.2
 */
int mg_settings_set_advertise(struct mg_settings *settings, const char *modes);

/**
 * mg_settings_set_feature - ask for an offload on or off.
 * @settings: object made with mg_settings_new().
 * @name: the kernel's feature name ("rx-gro", "tx-tcp-segmentation"; '-'
 *	and '_' are the same), or one of ethtool's short names: gro, gso, lro,
 *	tso (every TCP segmentation offload), sg, rxhash, rxvlan, txvlan,
 *	ntuple.
 * @on: 1 or 0.
 *
 * Asking twice for one name keeps the last. mg_settings_apply() refuses a
 * name the interface does not report, and a change of a fixed feature,
 * before changing anything.
 *
 * Returns: 0; -EINVAL for NULL, an empty name or one longer than 31
 * characters, or a value other than 0 and 1; -E2BIG past 64 features;
 * -ENOMEM.
 * Since: 0.2
 */
int mg_settings_set_feature(struct mg_settings *settings, const char *name, int on);

/**
 * mg_settings_set_aspm_l1 - ask for ASPM L1 on or off on the adapter's
 * PCIe link.
 * @settings: object made with mg_settings_new().
 * @on: 1 or 0.
 *
 * The change is written to the kernel's control of the link,
 * /sys/bus/pci/devices/ADDR/link/l1_aspm (Linux 5.5 and later), which
 * needs root. mg_settings_apply() refuses it, before changing anything,
 * when the interface is not a PCIe device (-EOPNOTSUPP), when the kernel
 * offers no such control for its link (the link does not support L1, or
 * the kernel does not let it be changed: -EOPNOTSUPP), when turning L1
 * on under the "performance" ASPM policy, which keeps it off
 * (-EOPNOTSUPP), and when the control cannot be written (-EPERM). Turning
 * L1 off also turns its L1 substates off (the kernel does); a restore of
 * the change (a failed apply, mg_settings_rollback()) turns back on those
 * that were on, and turning L1 on leaves them as they are. The result
 * names the change "aspm-l1".
 *
 * Returns: 0; -EINVAL for NULL or a value other than 0 and 1; -ENOMEM.
 * Since: 0.2
 */
int mg_settings_set_aspm_l1(struct mg_settings *settings, int on);

/**
 * mg_settings_get - a parameter's value.
 * @settings: object.
 * @param: parameter.
 * @value: where the value is stored.
 *
 * Returns: 0; -ENODATA when the parameter is not present (for a read
 * object: the driver does not report it); -EINVAL.
 * Since: 0.1
 */
int mg_settings_get(const struct mg_settings *settings, enum mg_param param, long long *value);

/**
 * mg_settings_get_max - the largest value the driver accepts.
 * @settings: object read from the kernel.
 * @param: a ring or channel count, or MG_PARAM_MTU.
 * @value: where the maximum is stored.
 *
 * Returns: 0; -ENODATA when the driver reports no maximum; -EINVAL.
 * Since: 0.1
 */
int mg_settings_get_max(const struct mg_settings *settings, enum mg_param param, long long *value);

/**
 * mg_settings_get_min - the smallest value the driver accepts (MTU only).
 * @settings: object read from the kernel.
 * @param: parameter.
 * @value: where the minimum is stored.
 *
 * Returns: 0; -ENODATA; -EINVAL.
 * Since: 0.1
 */
int mg_settings_get_min(const struct mg_settings *settings, enum mg_param param, long long *value);

/**
 * mg_settings_group_error - why a group could not be read.
 * @settings: object read from the kernel.
 * @group: group.
 *
 * Returns: a message such as "veth does not support ring parameters", or
 * NULL when the group was read.
 * Since: 0.1
 */
const char *mg_settings_group_error(const struct mg_settings *settings, enum mg_param_group group);

/**
 * mg_settings_get_ifname - the interface a read object describes.
 * @settings: object.
 *
 * Returns: the name, or NULL for an object made with mg_settings_new().
 * Since: 0.1
 */
const char *mg_settings_get_ifname(const struct mg_settings *settings);

/**
 * mg_settings_read - read every parameter of one interface.
 * @ctx: context (live, or a capture made by 0.2 or later).
 * @ifname: interface name.
 * @settings: where the object is stored.
 *
 * The link (MTU with its limits) by one RTM_GETLINK for that name, then
 * one ethtool request per group (rings, channels, coalesce, pause)
 * addressed by its index. A group the driver does not support is absent,
 * with mg_settings_group_error() saying so; a coalesce parameter the driver
 * does not report is absent, never 0.
 *
 * Returns: 0; -EINVAL; -ENODEV; -ENODATA for a capture that recorded no
 * ethtool replies (made before 0.2).
 * Since: 0.1
 */
int mg_settings_read(struct mg_ctx *ctx, const char *ifname, struct mg_settings **settings);

/**
 * mg_settings_read_for_nic - read the settings of an adapter's interface.
 * @ctx: context.
 * @nic: adapter with an interface.
 * @settings: where the settings are stored; free with mg_settings_free().
 *
 * Five requests addressed by interface index: the link (MTU), then rings,
 * channels, coalesce and pause.
 *
 * Returns: as mg_settings_read(); -ENODEV when @nic has no interface.
 * Since: 0.2
 */
int mg_settings_read_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_settings **settings);

/** struct mg_settings_list - settings of every interface. */
struct mg_settings_list;

/**
 * mg_settings_list_read - read every parameter of every interface.
 * @ctx: context (live, or a capture).
 * @list: where the list is stored.
 *
 * One dump request per group and one RTM_GETLINK dump: five requests
 * whatever the number of interfaces. Where one driver's error ends a
 * group's dump, that group is read interface by interface; in a capture
 * that recorded none, each group says so in mg_settings_group_error().
 *
 * Returns: 0 or a negative errno.
 * Since: 0.1
 */
int mg_settings_list_read(struct mg_ctx *ctx, struct mg_settings_list **list);

/**
 * mg_settings_list_free - free a list.
 * @list: list, may be NULL.
 *
 * Since: 0.1
 */
void mg_settings_list_free(struct mg_settings_list *list);

/**
 * mg_settings_list_count - number of interfaces in a list.
 * @list: list.
 *
 * Returns: the count.
 * Since: 0.1
 */
size_t mg_settings_list_count(const struct mg_settings_list *list);

/**
 * mg_settings_list_get - settings of one interface, owned by the list.
 * @list: list.
 * @index: position.
 *
 * Returns: the settings, or NULL.
 * Since: 0.1
 */
const struct mg_settings *mg_settings_list_get(const struct mg_settings_list *list, size_t index);

/**
 * mg_ctx_get_request_count - netlink requests this context has sent.
 * @ctx: context.
 *
 * Returns: the count (for benchmarks), or -EINVAL.
 * Since: 0.1
 */
long mg_ctx_get_request_count(const struct mg_ctx *ctx);

/**
 * mg_ctx_get_read_count - how many files, links and directories the
 * features asked the context's gatherer for (each file read, link read,
 * directory listed or existence checked counts one), for benchmarks and
 * tests of the cost of a query. A replayed capture's own bookkeeping
 * (sidecars, recorded replies) is not counted.
 * @ctx: context.
 *
 * Returns: the count since the context was made; -EINVAL for NULL.
 * Since: 0.2
 */
long mg_ctx_get_read_count(const struct mg_ctx *ctx);

/** Options of mg_settings_apply(). */
#define MG_APPLY_DRY_RUN 0x1

/**
 * struct mg_apply_result - what mg_settings_apply() planned and did.
 */
struct mg_apply_result;

/**
 * mg_settings_apply - change an interface's settings, all or nothing.
 * @ctx: a live context.
 * @ifname: interface name.
 * @want: the parameters to change (only present ones are sent).
 * @flags: 0 or MG_APPLY_DRY_RUN.
 * @result: where the result is stored (also on failure), or NULL.
 *
 * Reads the current state, validates every present parameter against what
 * the kernel reports (MTU range, ring and channel maxima, supported
 * coalesce parameters; offload names and whether they are fixed; whether
 * the driver has EEE; the link modes it supports; whether the PCIe link
 * has an ASPM L1 control) and refuses before changing anything; then
 * changes MTU, features, ASPM L1, rings, channels, coalesce, pause, EEE,
 * advertised modes in that order, one request (or sysfs write) per group,
 * and reads back to verify. On any failure every group already changed is
 * restored, in reverse order. The state of EEE, the link modes, the
 * features and ASPM is read only when @want asks to change them.
 *
 * Applies to one interface run one at a time, whichever process makes
 * them: each holds a lock on the interface (a file under /run/multigig)
 * from its first read to its last change, waiting up to 30 seconds for
 * another. Before the first change the values about to be replaced are
 * written to an undo journal under /run/multigig, removed when the apply
 * ends; a journal left behind (the process was killed) makes later applies
 * refuse until mg_settings_rollback(). A restore changes a value back only
 * while it still holds what this apply set: a value another writer changed
 * in the meantime is left, and the result says so (MG_CHANGE_LEFT). Every
 * request addresses the interface by index, so renaming it midway does not
 * send a change to another interface. A dry run takes no lock and writes
 * nothing, so it works without write access to /run/multigig.
 *
 * Returns: 0; -EINVAL (out of range, with the limit in the message; an
 * unknown feature or link mode); -EOPNOTSUPP (the driver lacks the group:
 * "veth does not support ring parameters", "veth does not support EEE";
 * a fixed feature; no ASPM L1 control); -EPERM ("needs CAP_NET_ADMIN", no
 * write access to /run/multigig, or to the link's ASPM control); -EUCLEAN when an earlier apply to the interface was
 * interrupted and not rolled back; -EBUSY when another apply held the
 * interface for 30 seconds; -ECANCELED when the flag of
 * mg_ctx_set_cancel_flag() was set (changes already made are rolled back);
 * another negative errno from the kernel, with its extended ack message.
 * The context's last error names the failing step and whether the rollback
 * succeeded.
 * Since: 0.1
 */
int mg_settings_apply(struct mg_ctx *ctx, const char *ifname, const struct mg_settings *want,
		      unsigned int flags, struct mg_apply_result **result);

/**
 * mg_ctx_set_cancel_flag - let a signal handler stop an apply.
 * @ctx: context.
 * @flag: a flag the caller sets (typically from a SIGINT or SIGTERM
 *	handler), or NULL to stop watching one. The library only reads it.
 *
 * mg_settings_apply() reads the flag while it waits for the interface's
 * lock, before each group's change and after verifying; once it is set,
 * the apply changes nothing more, restores what it changed and returns
 * -ECANCELED. mg_settings_rollback() reads it only while waiting for the
 * lock: a rollback under way is finished.
 *
 * Returns: 0, or -EINVAL when @ctx is NULL.
 * Since: 0.2
 */
int mg_ctx_set_cancel_flag(struct mg_ctx *ctx, const volatile sig_atomic_t *flag);

/**
 * mg_settings_rollback - undo an apply that was interrupted.
 * @ctx: a live context.
 * @ifname: interface name.
 * @flags: 0 or MG_APPLY_DRY_RUN.
 * @result: where the result is stored (also on failure), or NULL.
 *
 * An apply killed before it ended (SIGKILL, a crash) leaves its undo
 * journal, and the interface half changed. This restores each recorded
 * value that still holds what the interrupted apply set (or, when the
 * journal does not say what it set, that differs from the recorded value),
 * in reverse order, under the interface's lock, then removes the journal.
 * A value another writer changed since is left, as MG_CHANGE_LEFT. In the
 * result, a change's old value is the one found and its new value the one
 * restored; values already back are left out.
 *
 * Returns: 0; -ENOENT when no interrupted apply is recorded for @ifname;
 * -ENODEV; -EBADMSG when the journal is damaged; -EPERM; -EBUSY, -ECANCELED
 * as mg_settings_apply(); a kernel's errno when a restore fails (the journal
 * is kept then, so that the rollback can be run again).
 * Since: 0.2
 */
int mg_settings_rollback(struct mg_ctx *ctx, const char *ifname, unsigned int flags,
			 struct mg_apply_result **result);

/**
 * mg_settings_journal_pending - whether an apply to an interface was
 * interrupted and awaits mg_settings_rollback().
 * @ctx: a live context.
 * @ifname: interface name.
 *
 * Needs no privilege. An apply under way in another process is not
 * interrupted: its journal is there, but so is its lock.
 *
 * Returns: 1 or 0; -EINVAL; -ENODEV; -EOPNOTSUPP on an offline context.
 * Since: 0.2
 */
int mg_settings_journal_pending(struct mg_ctx *ctx, const char *ifname);

/**
 * mg_settings_journal_pending_for_nic - mg_settings_journal_pending() for
 * the interface of an adapter already looked up.
 * @ctx: a live context.
 * @nic: the adapter.
 *
 * Addressed by the adapter's interface index: no request at all.
 *
 * Returns: 1 or 0; -EINVAL for a NULL argument; -ENODEV when @nic has no
 * interface; -EOPNOTSUPP on an offline context.
 * Since: 0.2
 */
int mg_settings_journal_pending_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic);

/**
 * mg_apply_result_free - free a result.
 * @result: result, may be NULL.
 *
 * Since: 0.1
 */
void mg_apply_result_free(struct mg_apply_result *result);

/**
 * mg_apply_result_count - number of planned changes.
 * @result: result.
 *
 * Returns: the count; parameters already at the wanted value are left out.
 * Since: 0.1
 */
size_t mg_apply_result_count(const struct mg_apply_result *result);

/**
 * mg_apply_result_get - one planned change.
 * @result: result.
 * @index: position, in the order of application.
 * @param: where the parameter is stored.
 * @old_value: where the value before is stored.
 * @new_value: where the value to set is stored.
 *
 * A change of a feature, of EEE or of ASPM L1 has no enum mg_param:
 * @param is set to -1, and the values are 1 (on) or 0 (off). A change of the advertised
 * modes has neither: the values are MG_UNKNOWN (see
 * mg_apply_result_get_modes()). mg_apply_result_get_name() names every
 * change.
 *
 * Returns: 0 or -EINVAL.
 * Since: 0.1
 */
int mg_apply_result_get(const struct mg_apply_result *result, size_t index, enum mg_param *param,
			long long *old_value, long long *new_value);

/**
 * mg_apply_result_get_name - what one change changes, as `multigig set`
 * spells it.
 * @result: result.
 * @index: position, as for mg_apply_result_get().
 *
 * Returns: a parameter's name ("mtu"), "eee", "advertise", "aspm-l1", or
 * a feature's kernel name ("rx-gro"); NULL for a bad index.
 * Since: 0.2
 */
const char *mg_apply_result_get_name(const struct mg_apply_result *result, size_t index);

/**
 * mg_apply_result_get_group - the group of one change.
 * @result: result.
 * @index: position, as for mg_apply_result_get().
 *
 * Returns: an enum mg_param_group, or -EINVAL.
 * Since: 0.2
 */
int mg_apply_result_get_group(const struct mg_apply_result *result, size_t index);

/**
 * mg_apply_result_get_modes - the speed modes a change of the advertised
 * modes replaces or sets.
 * @result: result.
 * @index: position, as for mg_apply_result_get().
 * @after: 0 for the modes before the change, 1 for those it sets.
 *
 * Returns: the kernel's names separated by commas ("1000baseT/Full,2500baseT/Full";
 * "" for none; "bit 47" for a mode the interface no longer names), valid
 * while @result is; NULL when the change is not of advertised modes.
 * Since: 0.2
 */
const char *mg_apply_result_get_modes(const struct mg_apply_result *result, size_t index, int after);

/**
 * enum mg_change_state - what became of one change of a result.
 * @MG_CHANGE_PLANNED: not made: a dry run, or a step the apply did not reach.
 * @MG_CHANGE_APPLIED: made, and in place.
 * @MG_CHANGE_ROLLED_BACK: made, then restored after a failure.
 * @MG_CHANGE_LEFT: made, then changed by another writer before the restore:
 *	left as that writer set it.
 * @MG_CHANGE_RESTORE_FAILED: made, and the restore failed.
 */
enum mg_change_state {
	MG_CHANGE_PLANNED,
	MG_CHANGE_APPLIED,
	MG_CHANGE_ROLLED_BACK,
	MG_CHANGE_LEFT,
	MG_CHANGE_RESTORE_FAILED,
};

/**
 * mg_apply_result_get_state - what became of one change.
 * @result: result.
 * @index: position, as for mg_apply_result_get().
 *
 * Returns: an enum mg_change_state, or -EINVAL.
 * Since: 0.2
 */
int mg_apply_result_get_state(const struct mg_apply_result *result, size_t index);

/**
 * mg_apply_result_may_bounce_link - whether the plan changes rings or
 * channels, which makes many drivers reset the link, or EEE or the
 * advertised modes, which renegotiate it.
 * @result: result.
 *
 * Returns: 1 or 0.
 * Since: 0.1
 */
int mg_apply_result_may_bounce_link(const struct mg_apply_result *result);

/**
 * mg_apply_result_get_failed_group - the group whose change failed.
 * @result: result.
 *
 * Returns: the group, or -1 when nothing failed.
 * Since: 0.1
 */
int mg_apply_result_get_failed_group(const struct mg_apply_result *result);

/**
 * mg_apply_result_rolled_back - whether a failure was fully undone.
 * @result: result.
 *
 * Returns: 1 when every changed group was restored, 0 when a restore failed
 * too or a value was left because another writer had changed it (see
 * mg_apply_result_get_state()), MG_UNKNOWN when nothing failed.
 * Since: 0.1
 */
int mg_apply_result_rolled_back(const struct mg_apply_result *result);

/**
 * mg_apply_result_get_kernel_message - what the kernel said when it
 * refused the failed group's change.
 * @result: result.
 *
 * The extended ack text of the request that failed (also found in the
 * context's last error, among the rest), for a caller that shows it on its
 * own. The kernel does not always give one.
 *
 * Returns: the message, valid as long as @result; NULL when nothing failed
 * or the kernel gave no message.
 * Since: 0.2
 */
const char *mg_apply_result_get_kernel_message(const struct mg_apply_result *result);

/* ------------------------------------------------------------------ */
/* Ethernet link: modes and state over ethtool netlink                 */
/* ------------------------------------------------------------------ */

/**
 * struct mg_ethlink - an interface's Ethernet link: what ethtool shows
 * without options (link info, link modes, link state).
 */
struct mg_ethlink;

/** struct mg_ethlink_list - the Ethernet links of every interface. */
struct mg_ethlink_list;

/**
 * enum mg_modes - which set of link modes.
 * @MG_MODES_SUPPORTED: what the interface supports.
 * @MG_MODES_ADVERTISED: what it advertises.
 * @MG_MODES_PARTNER: what the link partner advertises.
 */
enum mg_modes {
	MG_MODES_SUPPORTED = 0,
	MG_MODES_ADVERTISED = 1,
	MG_MODES_PARTNER = 2,
};

/**
 * mg_ethlink_read - read one interface's link info, modes and state.
 * @ctx: context (live, or a capture).
 * @ifname: interface name.
 * @link: where the object is stored.
 *
 * The link's index by one RTM_GETLINK, then one LINKINFO, LINKMODES and
 * LINKSTATE request each; a message type the driver does not support (or
 * a capture did not record) leaves its values unknown.
 *
 * Returns: 0; -EINVAL; -ENODEV.
 * Since: 0.1
 */
int mg_ethlink_read(struct mg_ctx *ctx, const char *ifname, struct mg_ethlink **link);

/**
 * mg_ethlink_read_for_nic - read the Ethernet link of an adapter's interface.
 * @ctx: context.
 * @nic: adapter with an interface.
 * @link: where the link is stored; free with mg_ethlink_free().
 *
 * Three ethtool requests addressed by interface index.
 *
 * Returns: as mg_ethlink_read(); -ENODEV when @nic has no interface.
 * Since: 0.2
 */
int mg_ethlink_read_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_ethlink **link);

/**
 * mg_ethlink_free - free a link object.
 * @link: object, may be NULL.
 *
 * Since: 0.1
 */
void mg_ethlink_free(struct mg_ethlink *link);

/**
 * mg_ethlink_list_read - the links of every interface, from one dump per
 * message type.
 * @ctx: context (live, or a capture).
 * @list: where the list is stored.
 *
 * A message type whose dump one driver's error ends leaves that part
 * unknown for the interfaces it did not reach.
 *
 * Returns: 0 or a negative errno.
 * Since: 0.1
 */
int mg_ethlink_list_read(struct mg_ctx *ctx, struct mg_ethlink_list **list);

/**
 * mg_ethlink_list_free - free a list.
 * @list: list, may be NULL.
 *
 * Since: 0.1
 */
void mg_ethlink_list_free(struct mg_ethlink_list *list);

/**
 * mg_ethlink_list_count - number of interfaces in a list.
 * @list: list.
 *
 * Returns: the count.
 * Since: 0.1
 */
size_t mg_ethlink_list_count(const struct mg_ethlink_list *list);

/**
 * mg_ethlink_list_get - one interface's link, owned by the list.
 * @list: list.
 * @index: position.
 *
 * Returns: the link, or NULL.
 * Since: 0.1
 */
const struct mg_ethlink *mg_ethlink_list_get(const struct mg_ethlink_list *list, size_t index);

/**
 * mg_ethlink_get_ifname - the interface.
 * @link: link.
 *
 * Returns: the name.
 * Since: 0.1
 */
const char *mg_ethlink_get_ifname(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_speed_mbps - negotiated speed.
 * @link: link.
 *
 * Returns: Mbit/s, or MG_UNKNOWN (no link, or not reported).
 * Since: 0.1
 */
int mg_ethlink_get_speed_mbps(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_duplex - negotiated duplex.
 * @link: link.
 *
 * Returns: "full", "half", or NULL.
 * Since: 0.1
 */
const char *mg_ethlink_get_duplex(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_autoneg - whether autonegotiation is on.
 * @link: link.
 *
 * Returns: 1, 0, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_ethlink_get_autoneg(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_port - connector type.
 * @link: link.
 *
 * Returns: "tp", "aui", "mii", "fibre", "bnc", "da", "none", "other", or
 * NULL.
 * Since: 0.1
 */
const char *mg_ethlink_get_port(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_lanes - lanes in use.
 * @link: link.
 *
 * Returns: the count, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_ethlink_get_lanes(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_mode_count - number of link modes in a set.
 * @link: link.
 * @which: the set.
 *
 * Returns: the count (0 also when unknown).
 * Since: 0.1
 */
size_t mg_ethlink_get_mode_count(const struct mg_ethlink *link, enum mg_modes which);

/**
 * mg_ethlink_get_mode - one link mode, by the kernel's name
 * ("2500baseT/Full").
 * @link: link.
 * @which: the set.
 * @index: position.
 *
 * Returns: the name, or NULL.
 * Since: 0.1
 */
const char *mg_ethlink_get_mode(const struct mg_ethlink *link, enum mg_modes which, size_t index);

/**
 * mg_ethlink_get_link - whether the link is up (LINKSTATE).
 * @link: link.
 *
 * Returns: 1, 0, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_ethlink_get_link(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_sqi - signal quality index, where the PHY reports one.
 * @link: link.
 *
 * Returns: the index (see mg_ethlink_get_sqi_max()), or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_ethlink_get_sqi(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_sqi_max - the best signal quality index.
 * @link: link.
 *
 * Returns: the maximum, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_ethlink_get_sqi_max(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_ext_state - why the link is down, when the driver says.
 * @link: link.
 *
 * Returns: "autoneg", "link_training_failure", "link_logical_mismatch",
 * "bad_signal_integrity", "no_cable", "cable_issue", "eeprom_issue",
 * "calibration_failure", "power_budget_exceeded", "overheat", "module", or
 * NULL.
 * Since: 0.1
 */
const char *mg_ethlink_get_ext_state(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_ext_substate - the driver's finer reason code.
 * @link: link.
 *
 * Returns: the code, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_ethlink_get_ext_substate(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_best_common_mode - the fastest link mode both ends could
 * use: in what this interface supports and the partner advertises.
 * @link: link.
 *
 * Full duplex ranks above half at one speed. A mode this interface
 * supports but does not advertise counts: the answer is what advertising
 * it would give (a 2.5G NIC that comes up at 1G because 2500baseT/Full is
 * supported but not advertised shows 2500baseT/Full here).
 *
 * Returns: the kernel's name ("2500baseT/Full"); NULL when the partner's
 * modes are not known (no link, no autonegotiation, or not reported) or
 * no speed mode is common.
 * Since: 0.2
 */
const char *mg_ethlink_get_best_common_mode(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_not_advertised_count - the number of speed modes this
 * interface supports but does not advertise.
 * @link: link.
 *
 * Returns: the count (0 also when the modes are not known).
 * Since: 0.2
 */
size_t mg_ethlink_get_not_advertised_count(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_not_advertised - one speed mode supported and not
 * advertised.
 * @link: link.
 * @index: position, in the order of the supported modes.
 *
 * Returns: the kernel's name, or NULL.
 * Since: 0.2
 */
const char *mg_ethlink_get_not_advertised(const struct mg_ethlink *link, size_t index);

/* ------------------------------------------------------------------ */
/* Energy-Efficient Ethernet                                           */
/* ------------------------------------------------------------------ */

/**
 * struct mg_eee - an interface's Energy-Efficient Ethernet (802.3az) state,
 * from ETHTOOL_MSG_EEE_GET with full link-mode bitsets, so that the
 * 2.5G and 5G modes appear where the kernel has them (Linux 6.9 and later;
 * the older EEE ioctl cannot express them).
 */
struct mg_eee;

/**
 * mg_eee_read - read one interface's EEE state.
 * @ctx: context (live, or a capture made by 0.2 or later).
 * @ifname: interface name.
 * @eee: where the object is stored; free with mg_eee_free().
 *
 * The link by one RTM_GETLINK for its index, then one EEE request. A
 * driver without EEE gives an object that says so (mg_eee_get_supported()
 * 0, mg_eee_get_error() "veth does not support EEE"), not an error.
 *
 * Returns: 0; -EINVAL; -ENODEV; -ENODATA for a capture that recorded no
 * EEE.
 * Since: 0.2
 */
int mg_eee_read(struct mg_ctx *ctx, const char *ifname, struct mg_eee **eee);

/**
 * mg_eee_read_for_nic - read the EEE state of an adapter's interface.
 * @ctx: context.
 * @nic: adapter with an interface.
 * @eee: where the object is stored; free with mg_eee_free().
 *
 * One request addressed by interface index.
 *
 * Returns: as mg_eee_read(); -ENODEV when @nic has no interface.
 * Since: 0.2
 */
int mg_eee_read_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_eee **eee);

/**
 * mg_eee_free - free an EEE object.
 * @eee: object, may be NULL.
 *
 * Since: 0.2
 */
void mg_eee_free(struct mg_eee *eee);

/**
 * mg_eee_get_ifname - the interface.
 * @eee: object.
 *
 * Returns: the name, or NULL.
 * Since: 0.2
 */
const char *mg_eee_get_ifname(const struct mg_eee *eee);

/**
 * mg_eee_get_supported - whether the interface can do EEE at all.
 * @eee: object.
 *
 * Returns: 1 when the driver reports EEE and at least one link mode it can
 * use it on; 0 when the driver has no EEE or reports no such mode (see
 * mg_eee_get_error()); MG_UNKNOWN for NULL.
 * Since: 0.2
 */
int mg_eee_get_supported(const struct mg_eee *eee);

/**
 * mg_eee_get_error - why EEE is not supported.
 * @eee: object.
 *
 * Returns: "veth does not support EEE", "the driver reports no EEE link
 * mode", or NULL when supported.
 * Since: 0.2
 */
const char *mg_eee_get_error(const struct mg_eee *eee);

/**
 * mg_eee_get_enabled - whether EEE is enabled (advertised to the partner).
 * @eee: object.
 *
 * Returns: 1, 0, or MG_UNKNOWN.
 * Since: 0.2
 */
int mg_eee_get_enabled(const struct mg_eee *eee);

/**
 * mg_eee_get_active - whether EEE is in use on the link now (both ends
 * agreed on it).
 * @eee: object.
 *
 * Returns: 1, 0, or MG_UNKNOWN.
 * Since: 0.2
 */
int mg_eee_get_active(const struct mg_eee *eee);

/**
 * mg_eee_get_tx_lpi_enabled - whether the transmitter enters low-power idle.
 * @eee: object.
 *
 * Returns: 1, 0, or MG_UNKNOWN.
 * Since: 0.2
 */
int mg_eee_get_tx_lpi_enabled(const struct mg_eee *eee);

/**
 * mg_eee_get_tx_lpi_timer_usecs - how long the transmitter waits idle
 * before it enters low-power idle.
 * @eee: object.
 *
 * Returns: microseconds, or MG_UNKNOWN.
 * Since: 0.2
 */
long long mg_eee_get_tx_lpi_timer_usecs(const struct mg_eee *eee);

/**
 * mg_eee_get_mode_count - number of link modes in a set: those EEE is
 * supported on, advertised on, or that the partner advertises it on.
 * @eee: object.
 * @which: the set.
 *
 * Returns: the count (0 also when unknown).
 * Since: 0.2
 */
size_t mg_eee_get_mode_count(const struct mg_eee *eee, enum mg_modes which);

/**
 * mg_eee_get_mode - one EEE link mode, by the kernel's name ("2500baseT/Full").
 * @eee: object.
 * @which: the set.
 * @index: position.
 *
 * Returns: the name, or NULL.
 * Since: 0.2
 */
const char *mg_eee_get_mode(const struct mg_eee *eee, enum mg_modes which, size_t index);

/**
 * mg_eee_get_modes_unknown - why EEE on some link modes is unknown.
 * @eee: object.
 *
 * Kernels before 6.9 report EEE on the first 32 link modes only, so
 * whether EEE is supported or advertised on 2500baseT/Full, 5000baseT/Full
 * and every later mode cannot be known there; the modes of
 * mg_eee_get_mode() are the earlier ones. Said the same for one interface
 * and for a snapshot, live and from a capture.
 *
 * Returns: the reason ("the kernel reports EEE on its first 32 link modes
 * only (Linux before 6.9): ..."), or NULL when the kernel reported every
 * mode it knows (or said nothing of EEE).
 * Since: 0.3
 */
const char *mg_eee_get_modes_unknown(const struct mg_eee *eee);

/* ------------------------------------------------------------------ */
/* Features (offloads)                                                 */
/* ------------------------------------------------------------------ */

/**
 * struct mg_features - an interface's features (offloads such as rx-gro
 * or tx-tcp-segmentation), from ETHTOOL_MSG_FEATURES_GET.
 *
 * The kernel lists a feature when it is changeable, wanted, active or
 * marked never to change: a feature that is off and that the device can
 * never turn on is not listed.
 */
struct mg_features;

/**
 * mg_features_read - read one interface's features.
 * @ctx: context (live, or a capture made by 0.2 or later).
 * @ifname: interface name.
 * @features: where the object is stored; free with mg_features_free().
 *
 * The link by one RTM_GETLINK for its index, then one features request.
 *
 * Returns: 0; -EINVAL; -ENODEV; -ENODATA for a capture that recorded no
 * features.
 * Since: 0.2
 */
int mg_features_read(struct mg_ctx *ctx, const char *ifname, struct mg_features **features);

/**
 * mg_features_read_for_nic - read the features of an adapter's interface.
 * @ctx: context.
 * @nic: adapter with an interface.
 * @features: where the object is stored; free with mg_features_free().
 *
 * One request addressed by interface index.
 *
 * Returns: as mg_features_read(); -ENODEV when @nic has no interface.
 * Since: 0.2
 */
int mg_features_read_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_features **features);

/**
 * mg_features_free - free a features object.
 * @features: object, may be NULL.
 *
 * Since: 0.2
 */
void mg_features_free(struct mg_features *features);

/**
 * mg_features_get_ifname - the interface.
 * @features: object.
 *
 * Returns: the name, or NULL.
 * Since: 0.2
 */
const char *mg_features_get_ifname(const struct mg_features *features);

/**
 * mg_features_get_count - number of features listed.
 * @features: object.
 *
 * Returns: the count, in the kernel's order.
 * Since: 0.2
 */
size_t mg_features_get_count(const struct mg_features *features);

/**
 * mg_features_get_name - one feature's kernel name.
 * @features: object.
 * @index: position.
 *
 * Returns: the name ("rx-gro"), or NULL.
 * Since: 0.2
 */
const char *mg_features_get_name(const struct mg_features *features, size_t index);

/**
 * mg_features_get_active - whether a feature is in effect.
 * @features: object.
 * @index: position.
 *
 * Returns: 1, 0, or MG_UNKNOWN for a bad index.
 * Since: 0.2
 */
int mg_features_get_active(const struct mg_features *features, size_t index);

/**
 * mg_features_get_wanted - whether a feature is asked for (it may still be
 * inactive when a feature it needs is off).
 * @features: object.
 * @index: position.
 *
 * Returns: 1, 0, or MG_UNKNOWN for a bad index.
 * Since: 0.2
 */
int mg_features_get_wanted(const struct mg_features *features, size_t index);

/**
 * mg_features_get_fixed - whether a feature cannot be changed: the device
 * does not let it change, or the kernel marks it never to change.
 * @features: object.
 * @index: position.
 *
 * Returns: 1, 0, or MG_UNKNOWN for a bad index.
 * Since: 0.2
 */
int mg_features_get_fixed(const struct mg_features *features, size_t index);

/**
 * mg_features_find - the position of a feature.
 * @features: object.
 * @name: the kernel's name ('-' and '_' alike) or one of the short names
 *	of mg_settings_set_feature() (which gives its first listed feature).
 *
 * Returns: the position; -ENOENT when it is not listed; -EINVAL for NULL.
 * Since: 0.2
 */
int mg_features_find(const struct mg_features *features, const char *name);

/* ------------------------------------------------------------------ */
/* Cable diagnostics                                                   */
/* ------------------------------------------------------------------ */

/**
 * enum mg_cable_support - whether a NIC can test its cable.
 */
enum mg_cable_support {
	MG_CABLE_UNKNOWN = 0,
	MG_CABLE_SUPPORTED = 1,
	MG_CABLE_UNSUPPORTED = 2,
};

/**
 * mg_cable_support_name - "supported", "unsupported" or "unknown".
 * @support: value.
 *
 * Returns: the name.
 * Since: 0.1
 */
const char *mg_cable_support_name(enum mg_cable_support support);

/** struct mg_cable_info - the answer to "can this NIC test its cable?". */
struct mg_cable_info;

/**
 * mg_cable_query - say whether an interface can run a cable test, without
 * running one and without touching the interface.
 * @ctx: context (live or captured: it reads, never sends a test).
 * @ifname: interface name.
 * @info: where the answer is stored.
 *
 * The kernel runs cable tests only through a phylib PHY driver and has no
 * capability flag. No /sys/class/net/IF/phydev means no PHY the kernel
 * drives (atlantic, igc, r8152, virtual devices): unsupported. Otherwise
 * the PHY driver's name (from ETHTOOL_MSG_PHY_GET on Linux 6.12+, else
 * from sysfs) is looked up in a table of the drivers that
 * implement cable test and TDR in Linux 6.12.
 *
 * Returns: 0; -EINVAL; -ENODEV when there is no such interface.
 * Since: 0.1
 */
int mg_cable_query(struct mg_ctx *ctx, const char *ifname, struct mg_cable_info **info);

/**
 * mg_cable_query_for_nic - mg_cable_query() for an adapter already looked up.
 * @ctx: context.
 * @nic: adapter with an interface.
 * @info: where the answer is stored.
 *
 * Returns: as mg_cable_query(); -ENODEV when @nic has no interface.
 * Since: 0.2
 */
int mg_cable_query_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_cable_info **info);

/**
 * mg_cable_info_free - free an answer.
 * @info: answer, may be NULL.
 *
 * Since: 0.1
 */
void mg_cable_info_free(struct mg_cable_info *info);

/**
 * mg_cable_info_get_support - supported, unsupported or unknown.
 * @info: answer.
 *
 * Returns: the support.
 * Since: 0.1
 */
enum mg_cable_support mg_cable_info_get_support(const struct mg_cable_info *info);

/**
 * mg_cable_info_get_reason - why, in one sentence.
 * @info: answer.
 *
 * Returns: e.g. "no PHY: veth is not driven through phylib, so the kernel
 * has no cable test for it".
 * Since: 0.1
 */
const char *mg_cable_info_get_reason(const struct mg_cable_info *info);

/**
 * mg_cable_info_get_phy_driver - the PHY driver's name.
 * @info: answer.
 *
 * Returns: e.g. "Marvell 88E1510", or NULL without a PHY.
 * Since: 0.1
 */
const char *mg_cable_info_get_phy_driver(const struct mg_cable_info *info);

/**
 * mg_cable_info_get_tdr - whether the PHY can also report raw TDR data.
 * @info: answer.
 *
 * Returns: 1, 0, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_cable_info_get_tdr(const struct mg_cable_info *info);

/**
 * enum mg_cable_code - result of one pair.
 */
enum mg_cable_code {
	MG_CABLE_CODE_UNSPEC = 0,
	MG_CABLE_CODE_OK = 1,
	MG_CABLE_CODE_OPEN = 2,
	MG_CABLE_CODE_SAME_SHORT = 3,
	MG_CABLE_CODE_CROSS_SHORT = 4,
	MG_CABLE_CODE_IMPEDANCE_MISMATCH = 5,
	MG_CABLE_CODE_NOISE = 6,
	MG_CABLE_CODE_RESOLUTION_NOT_POSSIBLE = 7,
};

/**
 * mg_cable_code_name - "ok", "open", "same_short", "cross_short",
 * "impedance_mismatch", "noise", "resolution_not_possible" or "unspec".
 * @code: code.
 *
 * Returns: the name.
 * Since: 0.1
 */
const char *mg_cable_code_name(enum mg_cable_code code);

/** struct mg_cable_result - per-pair results of a cable test. */
struct mg_cable_result;

/** Acknowledge that a cable test takes the link down for seconds. */
#define MG_CABLE_TEST_LINK_GOES_DOWN 0x1
/** Ask for raw TDR data (reflection amplitude along the cable) instead. */
#define MG_CABLE_TEST_TDR 0x2

/**
 * mg_cable_progress_fn - called while a cable test runs.
 * @data: as given.
 * @status: "started", or "waiting" once a second.
 * @elapsed_ms: time since the request.
 */
typedef void (*mg_cable_progress_fn)(void *data, const char *status, int elapsed_ms);

/**
 * mg_cable_test_run - run a cable test.
 * @ctx: a live context.
 * @ifname: interface name.
 * @flags: must include MG_CABLE_TEST_LINK_GOES_DOWN.
 * @timeout_ms: how long to wait for the result; 0 for 30 s.
 * @progress: called while waiting, or NULL.
 * @data: passed to @progress.
 * @result: where the result is stored.
 *
 * Joins the ethtool "monitor" multicast group, sends CABLE_TEST_ACT and
 * waits for the COMPLETED notification for this interface.
 *
 * Returns: 0; -EINVAL without MG_CABLE_TEST_LINK_GOES_DOWN (the message
 * says the link will go down); -EOPNOTSUPP when the driver or PHY has no
 * cable test; -EPERM without CAP_NET_ADMIN; -ETIMEDOUT.
 * Since: 0.1
 */
int mg_cable_test_run(struct mg_ctx *ctx, const char *ifname, unsigned int flags, int timeout_ms,
		      mg_cable_progress_fn progress, void *data, struct mg_cable_result **result);

/**
 * mg_cable_result_get_tdr_count - number of TDR samples (a TDR run only).
 * @result: result.
 *
 * Returns: the count.
 * Since: 0.1
 */
size_t mg_cable_result_get_tdr_count(const struct mg_cable_result *result);

/**
 * mg_cable_result_get_tdr_sample - one TDR sample.
 * @result: result.
 * @index: position, in the order the PHY reported.
 * @pair: where the pair (0..3) is stored.
 * @distance_cm: where the distance from the PHY is stored.
 * @mv: where the reflected amplitude in millivolts is stored.
 *
 * Returns: 0 or -EINVAL.
 * Since: 0.1
 */
int mg_cable_result_get_tdr_sample(const struct mg_cable_result *result, size_t index, int *pair,
				   int *distance_cm, int *mv);

/**
 * mg_cable_result_free - free a result.
 * @result: result, may be NULL.
 *
 * Since: 0.1
 */
void mg_cable_result_free(struct mg_cable_result *result);

/**
 * mg_cable_result_get_code - a pair's result.
 * @result: result.
 * @pair: 0..3 for pairs A..D.
 *
 * Returns: the code; MG_CABLE_CODE_UNSPEC when the PHY reported none.
 * Since: 0.1
 */
enum mg_cable_code mg_cable_result_get_code(const struct mg_cable_result *result, int pair);

/**
 * mg_cable_result_get_fault_length_cm - distance to a pair's fault.
 * @result: result.
 * @pair: 0..3.
 *
 * Returns: centimetres, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_cable_result_get_fault_length_cm(const struct mg_cable_result *result, int pair);

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
 *	time between two samples; 0 for the default (1000 ms), or
 *	MG_DOCTOR_NO_SAMPLE for one sample only (no growth findings). A
 *	captured tree is always one sample.
 * @report: where the report is stored; free with mg_doctor_free().
 *
 * Gathers identity, PCIe path, settings and Ethernet link (from dumps when
 * @nic is NULL), then applies every rule. Pure rules, one finding each: a
 * rule that lacks the facts it needs says nothing.
 *
 * Returns: 0; -EINVAL for NULL arguments; another negative errno when the
 * adapters cannot be read (see mg_ctx_last_error()).
 * Since: 0.2
 */
int mg_doctor_run(struct mg_ctx *ctx, const struct mg_nic *nic, unsigned int interval_ms,
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
 * be read (a device with one transmit queue has no XPS mask: none listed).
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
/* Pictures: the PCIe path drawn, and a report to attach to a bug      */
/* ------------------------------------------------------------------ */

/**
 * mg_pcie_path_to_svg - draw a PCIe path as an SVG document.
 * @ctx: context the chips' names are looked up in, or NULL to draw the
 *	functions by their ids alone.
 * @path: the path (mg_pcie_path_new()).
 * @nic: the adapter the path belongs to, for its name, Ethernet rate and
 *	MTU; or NULL for a PCI function that is not an adapter.
 * @svg: where the document is stored: malloc'ed, UTF-8, free with free().
 *
 * Plain SVG 1.1 (no script, style sheet, font, link or id), so that an
 * issue tracker shows it as an image: one box per function from the
 * adapter to the root port (address, role, chip), each link as wide as
 * its lanes and labelled "capable 8 GT/s x1 / running 5 GT/s x1", the
 * narrowest link in red, the ceilings per direction beside the Ethernet
 * rate (mg_throughput_new()'s verdict) and the path's advice. Every string
 * read from the machine is escaped; bytes that are not UTF-8 and control
 * characters are replaced.
 *
 * Returns: 0; -EINVAL for a NULL @path or @svg or an empty path; -ENOMEM.
 * Since: 0.2
 */
int mg_pcie_path_to_svg(struct mg_ctx *ctx, const struct mg_pcie_path *path, const struct mg_nic *nic,
			char **svg);

/**
 * mg_report_html - one self-contained HTML page about adapters.
 * @ctx: context (live, or a capture).
 * @nic: one adapter, or NULL for every adapter on a bus (PCI, USB, the
 *	SoC's own): virtual interfaces are reported only when named.
 * @flags: 0; no flag is defined yet.
 * @html: where the page is stored: malloc'ed, UTF-8, free with free().
 *
 * The machine (board, kernel: the running one, or the one a capture's
 * multigig/CAPTURE note names), then for each adapter its identity and
 * driver, Ethernet link, throughput verdict, PCIe path drawn
 * (mg_pcie_path_to_svg()), settings with their maxima and the doctor's
 * findings with their fixes (mg_doctor_run() on one sample). A page made
 * from a captured tree says so at its top. Inline style sheet and SVG, no
 * script, and a Content-Security-Policy that loads nothing. A part that
 * cannot be read (settings a driver does not report, a config space) is
 * said so in the page; it does not fail the call.
 *
 * Returns: 0; -EINVAL for a NULL @ctx or @html or unknown @flags; -ENOMEM;
 * another negative errno when the adapters cannot be listed (see
 * mg_ctx_last_error()).
 * Since: 0.2
 */
int mg_report_html(struct mg_ctx *ctx, const struct mg_nic *nic, unsigned int flags, char **html);

/**
 * mg_report_html_watch - the report of one adapter, with its live section.
 * @ctx: a live context.
 * @nic: the adapter, with an interface.
 * @seconds: how long to sample, one sample a second: 1 to 3600. The call
 *	takes that long.
 * @html: where the page is stored, as for mg_report_html().
 *
 * The page of mg_report_html() plus plots over the sampled seconds
 * (mg_sampler_new()): receive and transmit rate against the expected
 * ceiling, the adapter's interrupts per CPU, and its hottest sensor.
 *
 * Returns: 0; -EINVAL for a NULL argument or seconds out of range;
 * -EOPNOTSUPP for a captured tree; -ENODEV when @nic has no interface.
 * Since: 0.2
 */
int mg_report_html_watch(struct mg_ctx *ctx, const struct mg_nic *nic, unsigned int seconds, char **html);

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

#ifdef __cplusplus
}
#endif

#endif /* MULTIGIG_MULTIGIG_H */
