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

#include <stdarg.h>
#include <stddef.h>

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
 * @sysfs_root: directory that holds the sysfs tree to read, or NULL for
 *	"/sys". Any other root is a captured or fixture tree: the context is
 *	then offline and never talks to the kernel's netlink; libpci reads the
 *	same tree.
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
 * Returns: NULL.
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
 * Enumerates every adapter exactly as mg_nic_list_new() does and copies each
 * file and symbolic link it reads, at the same relative path, below @dir.
 * What a live context learns from netlink and ethtool is written to
 * @dir/multigig/net/IFNAME as "key=value" lines. A context created on @dir
 * then reports the same adapters offline.
 *
 * Returns: 0; -EINVAL for NULL arguments; -EEXIST when @dir is not empty;
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
 * Returns: 0; -EINVAL when an argument is NULL or empty, or @name has
 * IFNAMSIZ (16) characters or more and is no PCI address; -ENODEV when no
 * adapter has that name or address.
 * Since: 0.1
 */
int mg_nic_lookup(struct mg_ctx *ctx, const char *name, struct mg_nic **nic);

/**
 * mg_nic_ref - take a reference on an adapter.
 * @nic: adapter, may be NULL.
 *
 * Returns: @nic.
 * Since: 0.1
 */
struct mg_nic *mg_nic_ref(struct mg_nic *nic);

/**
 * mg_nic_unref - drop a reference on an adapter.
 * @nic: adapter, may be NULL.
 *
 * Returns: NULL.
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
 * mg_nic_has_driver - whether a driver serves the adapter.
 * @nic: adapter.
 *
 * Returns: 1 or 0. A PCI network device listed without an interface
 * returns 0: the kernel has no driver for it, or the driver failed.
 * Since: 0.1
 */
int mg_nic_has_driver(const struct mg_nic *nic);

#ifdef __cplusplus
}
#endif

#endif /* MULTIGIG_MULTIGIG_H */
