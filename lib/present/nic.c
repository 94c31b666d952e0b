/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * An adapter's identity, JSON and text from one writer: the interface,
 * bus and IDs, names, the driver (or why none is bound), firmware, MTU,
 * state, speed and address; with @detail, what show adds: the parent
 * device, subsystem IDs, revision and class, the chip the library knows
 * and the kernel's modules for it. Text, show's, always has the detail.
 */
#include "present/present.h"

/* "label: value" when the value is known; the JSON member whatever it is. */
static void line(struct mg_out *o, const char *key, const char *label, const char *s)
{
	if (s)
		mg_out_text(o, "%-18s", label);
	mg_out_str(o, key, s ? " %s\n" : NULL, s);
}

/* "label: N unit" when known; @fmt takes the number. */
static void number(struct mg_out *o, const char *key, const char *label, int v, const char *fmt)
{
	if (v != MG_UNKNOWN)
		mg_out_text(o, "%-18s", label);
	mg_out_int(o, key, v != MG_UNKNOWN ? fmt : NULL, v);
}

/* "label: 0x10 with @digits digits" when known. */
static void hex(struct mg_out *o, const char *key, const char *label, int v, int digits)
{
	if (v != MG_UNKNOWN)
		mg_out_text(o, "%-18s 0x%0*x\n", label, digits, (unsigned int)v);
	mg_out_hex(o, key, NULL, v, digits);
}

/* "ids: 10ec:8125": a line when both halves are known. */
static void ids(struct mg_out *o, const char *label, const char *first, int a, const char *second, int b)
{
	bool known = a != MG_UNKNOWN && b != MG_UNKNOWN;

	if (known)
		mg_out_text(o, "%-18s", label);
	mg_out_hex(o, first, known ? " %04x" : NULL, a, 4);
	mg_out_hex(o, second, known ? ":%04x\n" : NULL, b, 4);
}

/* In text, the answer people look for when a new card shows no interface. */
static void no_driver(struct mg_out *o, const struct mg_nic *nic)
{
	int n = mg_nic_get_module_count(nic);
	const char *serves = n <= 0 ? mg_nic_get_chip_driver(nic) : NULL, *since = mg_nic_get_chip_since(nic);

	mg_out_text(o, "%-18s none bound: ", "driver:");
	if (n == 0)
		mg_out_text(o, "this kernel has no module for this device");
	else if (n > 0)
		mg_out_str(o, NULL, "module %s declares support but is not bound (modprobe it, see dmesg)",
			   mg_nic_get_module(nic, 0));
	else
		mg_out_text(o, "the kernel has no driver for this device, or the driver failed to start (see dmesg)");
	mg_out_str(o, NULL, serves ? "; %s serves it" : NULL, serves);
	mg_out_str(o, NULL, serves && since ? " since Linux %s" : NULL, since);
	mg_out_text(o, "\n");
}

/* The driver bound, or in text why none is. */
static void driver(struct mg_out *o, const struct mg_nic *nic)
{
	if (mg_nic_has_driver(nic)) {
		line(o, "driver", "driver:", mg_nic_get_driver(nic));
	} else {
		mg_out_str(o, "driver", NULL, mg_nic_get_driver(nic));
		no_driver(o, nic);
	}
	line(o, "driver_version", "driver version:", mg_nic_get_driver_version(nic));
	line(o, "firmware_version", "firmware:", mg_nic_get_firmware_version(nic));
	mg_out_bool(o, "has_driver", NULL, mg_nic_has_driver(nic));
}

static void link_state(struct mg_out *o, const struct mg_nic *nic)
{
	int carrier = mg_nic_get_carrier(nic), min = mg_nic_get_min_mtu(nic), max = mg_nic_get_max_mtu(nic);
	bool range = min != MG_UNKNOWN && max != MG_UNKNOWN;

	number(o, "mtu", "mtu:", mg_nic_get_mtu(nic), " %d\n");
	if (range)
		mg_out_text(o, "%-18s", "mtu range:");
	mg_out_int(o, "min_mtu", range ? " %d" : NULL, min);
	mg_out_int(o, "max_mtu", range ? "..%d\n" : NULL, max);
	line(o, "operstate", "state:", mg_nic_get_operstate(nic));
	if (carrier != MG_UNKNOWN)
		mg_out_text(o, "%-18s", "carrier:");
	mg_out_word(o, "carrier", carrier != MG_UNKNOWN ? " %s\n" : NULL, carrier, "yes", "no");
	number(o, "speed_mbps", "speed:", mg_nic_get_speed_mbps(nic), " %d Mbit/s\n");
	line(o, "mac", "mac:", mg_nic_get_mac(nic));
}

/* The chip the library's table names for the IDs: "chip: X, up to N Mbit/s; mainline driver D since Linux S". */
static void chip(struct mg_out *o, const struct mg_nic *nic)
{
	const char *name = mg_nic_get_chip(nic), *since = mg_nic_get_chip_since(nic);
	int max = mg_nic_get_chip_max_mbps(nic);

	line(o, "chip", "chip:", name);
	if (name && max != MG_UNKNOWN)
		mg_out_text(o, ", up to %d Mbit/s", max);
	mg_out_str(o, "chip_driver", name ? "; mainline driver %s" : NULL, mg_nic_get_chip_driver(nic));
	mg_out_str(o, "chip_since_kernel", name && since ? " since Linux %s" : NULL, since);
	if (name)
		mg_out_text(o, "\n");
	mg_out_int(o, "chip_max_mbps", NULL, max);
}

/* The running kernel's modules for the device; null when no look-up was made. */
static void modules(struct mg_out *o, const struct mg_nic *nic)
{
	int n = mg_nic_get_module_count(nic);

	if (n == MG_UNKNOWN) {
		mg_out_null(o, "kernel_modules");
		return;
	}
	mg_out_array(o, "kernel_modules");
	for (size_t i = 0; i < (size_t)n; i++)
		mg_out_item(o, NULL, mg_nic_get_module(nic, i));
	mg_out_array_end(o);
}

static void detail(struct mg_out *o, const struct mg_nic *nic)
{
	line(o, "parent", "parent device:", mg_nic_get_parent(nic));
	ids(o, "subsystem ids:", "subsystem_vendor_id", mg_nic_get_subsystem_vendor_id(nic), "subsystem_device_id",
	    mg_nic_get_subsystem_device_id(nic));
	line(o, "subsystem", "subsystem:", mg_nic_get_subsystem(nic));
	hex(o, "revision", "revision:", mg_nic_get_revision(nic), 2);
	hex(o, "class", "class:", mg_nic_get_class(nic), 6);
	number(o, "usb_speed_mbps", "usb speed:", mg_nic_get_usb_speed_mbps(nic), " %d Mbit/s\n");
	chip(o, nic);
	modules(o, nic);
}

void mg_out_nic_identity(struct mg_out *o, const struct mg_nic *nic, bool with_detail)
{
	mg_out_text(o, "%-18s", "interface:");
	mg_out_str(o, "name", " %s\n", mg_nic_get_name(nic));
	mg_out_int(o, "ifindex", NULL, mg_nic_get_ifindex(nic));
	line(o, "kind", "kind:", mg_nic_get_kind(nic));
	line(o, "bus", "bus:", mg_bus_name(mg_nic_get_bus(nic)));
	line(o, "address", "address:", mg_nic_get_address(nic));
	ids(o, "ids:", "vendor_id", mg_nic_get_vendor_id(nic), "device_id", mg_nic_get_device_id(nic));
	line(o, "vendor", "vendor:", mg_nic_get_vendor(nic));
	line(o, "device", "device:", mg_nic_get_device(nic));
	driver(o, nic);
	link_state(o, nic);
	if (with_detail || mg_out_is_text(o))
		detail(o, nic);
}
