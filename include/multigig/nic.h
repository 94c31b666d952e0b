/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libmultigig: network adapters: listing, looking up, identity.
 *
 * Include <multigig/multigig.h>, which includes every header in order.
 */
#ifndef MULTIGIG_NIC_H
#define MULTIGIG_NIC_H

#include <multigig/context.h>

#ifdef __cplusplus
extern "C" {
#endif

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
 * @MG_NIC_WITH_KERNEL_LOG: the kernel's recognised lines about each
 *	adapter (mg_nic_get_kernel_log()): one pass over /dev/kmsg for the
 *	whole list. Since: 0.3
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
	MG_NIC_WITH_KERNEL_LOG = 1 << 8,
};

/**
 * MG_NIC_WITH_ALL - every part enum mg_nic_with names (in this version).
 *
 * Since: 0.2 (MG_NIC_WITH_KERNEL_LOG since 0.3)
 */
#define MG_NIC_WITH_ALL                                                                              \
	(MG_NIC_WITH_SETTINGS | MG_NIC_WITH_ETHLINK | MG_NIC_WITH_EEE | MG_NIC_WITH_FEATURES |        \
	 MG_NIC_WITH_STATS | MG_NIC_WITH_IRQS | MG_NIC_WITH_TEMPERATURES | MG_NIC_WITH_USB |         \
	 MG_NIC_WITH_KERNEL_LOG)

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

/**
 * mg_nic_to_json - an adapter as JSON: list --json's object, or more.
 * @nic: adapter.
 * @flags: MG_JSON_DETAIL for show's identity keys, MG_JSON_PARTS for what
 *	its list or look-up gathered of its interface (show --all's object),
 *	MG_JSON_LINE, MG_JSON_BYTES (enum mg_json_flags).
 * @json: where the text is stored: malloc'ed, free with free().
 *
 * The keys are those README lists for list --json ("name" ... "mac"),
 * then with MG_JSON_DETAIL "parent" ... "kernel_modules", then with
 * MG_JSON_PARTS the parts (a part that was not gathered is null; the
 * settings' four groups are left out when the settings were not).
 *
 * Returns: 0; -EINVAL for a NULL argument or a flag it does not take;
 * -ENOMEM.
 * Since: 0.3
 */
int mg_nic_to_json(const struct mg_nic *nic, unsigned int flags, char **json);

/**
 * mg_nic_to_text - an adapter's lines, as show prints them.
 * @nic: adapter.
 * @flags: MG_JSON_DETAIL for the lines of its identity, MG_JSON_PARTS for
 *	those of what its list or look-up gathered of its interface (show
 *	--all prints them under each interface's row); either or both.
 * @text: where the text is stored: malloc'ed, free with free().
 *
 * With MG_JSON_DETAIL the identity's fields mg_nic_to_json() writes
 * with that flag, a line each where known ("interface:", "driver:",
 * "mtu:", ... "chip:"); with MG_JSON_PARTS the parts as
 * mg_ethlink_to_text() and the others write them. Unlike JSON, text has
 * no identity without MG_JSON_DETAIL: show --all prints a row of its own.
 * "" for no flag.
 *
 * Returns: 0; -EINVAL for a NULL argument or a flag it does not take;
 * -ENOMEM.
 * Since: 0.4
 */
int mg_nic_to_text(const struct mg_nic *nic, unsigned int flags, char **text);

/**
 * mg_nic_list_to_json - every adapter of a list as one JSON array, written
 * one element at a time.
 * @list: list.
 * @flags: MG_JSON_DETAIL, MG_JSON_PARTS and MG_JSON_BYTES as for
 *	mg_nic_to_json(), MG_JSON_INTERFACES to leave out the adapters without
 *	an interface.
 * @write: called with each piece: the opening bracket and the first
 *	element, each further element with its comma, then the closing
 *	bracket (no newline after it).
 * @data: passed to @write.
 *
 * The text of list --json (flags 0) and show --all --json (MG_JSON_PARTS |
 * MG_JSON_INTERFACES), each element indented as inside the array. Memory
 * stays that of one element however long the list.
 *
 * Returns: 0; -EINVAL for a NULL @list or @write or a flag it does not
 * take; -ENOMEM; or what @write returned when it was negative.
 * Since: 0.3
 */
int mg_nic_list_to_json(const struct mg_nic_list *list, unsigned int flags, mg_write_fn write, void *data);

#ifdef __cplusplus
}
#endif

#endif /* MULTIGIG_NIC_H */
