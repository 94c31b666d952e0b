/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * An adapter, JSON and text from one writer: its identity (the interface,
 * bus and IDs, names, the driver or why none is bound, firmware, MTU,
 * state, speed and address; with the detail show adds: the parent
 * device, subsystem IDs, revision and class, the chip the library knows
 * and the kernel's modules for it), the parts a snapshot carries, a list
 * of adapters written one element at a time, and show's whole document.
 */
#include <errno.h>

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

	if (name)
		mg_out_text(o, "%-18s", "chip:");
	mg_out_str(o, "chip", name ? " %s" : NULL, name);
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

/* ---- the parts, a list, show ---- */

/*
 * What the adapter's look-up or list gathered of its interface: the link,
 * the settings' groups (left out when the settings were not read), EEE,
 * offloads, counters, interrupts and sensors, each null when not read,
 * and the kernel log. JSON's "usb" (the USB path) is the caller's: show
 * puts it beside the bus ceiling, a list last; text has it before the
 * kernel log.
 */
static void parts(struct mg_out *o, const struct mg_nic *nic)
{
	const struct mg_kernel_log *log = mg_nic_get_kernel_log(nic);

	mg_out_key(o, "link");
	mg_out_ethlink(o, mg_nic_get_ethlink(nic));
	if (mg_nic_get_settings(nic))
		mg_out_settings_groups(o, mg_nic_get_settings(nic));
	mg_out_key(o, "eee");
	mg_out_eee(o, mg_nic_get_eee(nic));
	mg_out_key(o, "features");
	mg_out_features(o, mg_nic_get_features(nic));
	mg_out_key(o, "stats");
	mg_out_stats(o, mg_nic_get_stats(nic));
	mg_out_key(o, "irqs");
	mg_out_irqs(o, mg_nic_get_irqs(nic));
	mg_out_key(o, "temperatures");
	mg_out_temps(o, mg_nic_get_temps(nic));
	if (mg_out_is_text(o))
		mg_out_usb(o, mg_nic_get_usb_info(nic), NULL);
	mg_out_key(o, "kernel_log");
	mg_out_kernel_log(o, log);
	mg_out_str(o, "kernel_log_unknown", NULL, mg_kernel_log_get_unknown_reason(log));
}

void mg_json_nic(struct mg_json *j, const struct mg_nic *nic, unsigned int flags)
{
	struct mg_out o = { .j = j };

	mg_json_object(j);
	mg_out_nic_identity(&o, nic, flags & MG_JSON_DETAIL);
	if (flags & MG_JSON_PARTS) {
		parts(&o, nic);
		mg_out_key(&o, "usb");
		mg_out_usb(&o, mg_nic_get_usb_info(nic), NULL);
	}
	mg_json_object_end(j);
}

MG_EXPORT int mg_nic_to_json(const struct mg_nic *nic, unsigned int flags, char **json)
{
	struct mg_json j;
	int err = mg_json_check(nic, flags, MG_JSON_DETAIL | MG_JSON_PARTS | MG_JSON_LINE | MG_JSON_BYTES, json);

	if (err < 0)
		return err;
	mg_json_init(&j, flags, 0);
	mg_json_nic(&j, nic, flags);
	return mg_json_take(&j, json);
}

/* Hand the text gathered so far to @write; its error, or -ENOMEM. */
static int hand_over(struct mg_json *j, mg_write_fn write, void *data)
{
	int err;

	if (j->failed)
		return -ENOMEM;
	err = write(data, j->buf ? j->buf : "", j->len);
	mg_json_reset(j);
	return err < 0 ? err : 0;
}

MG_EXPORT int mg_nic_list_to_json(const struct mg_nic_list *list, unsigned int flags, mg_write_fn write, void *data)
{
	unsigned int allowed = MG_JSON_DETAIL | MG_JSON_PARTS | MG_JSON_INTERFACES | MG_JSON_BYTES;
	struct mg_json j;
	size_t written = 0;
	int err = 0;

	if (!list || !write || (flags & ~allowed))
		return -EINVAL;
	/* Each element is indented as inside the array and written in one piece: memory stays flat. */
	mg_json_init(&j, flags, 1);
	mg_json_raw(&j, "[", 1);
	for (size_t i = 0; err == 0 && i < mg_nic_list_count(list); i++) {
		const struct mg_nic *nic = mg_nic_list_get(list, i);

		if ((flags & MG_JSON_INTERFACES) && !mg_nic_get_name(nic))
			continue;
		if (written++)
			mg_json_raw(&j, ",\n  ", 4);
		else
			mg_json_raw(&j, "\n  ", 3);
		mg_json_nic(&j, nic, flags);
		err = hand_over(&j, write, data);
	}
	if (err == 0) {
		mg_json_raw(&j, written ? "\n]" : "]", written ? 2 : 1);
		err = hand_over(&j, write, data);
	}
	mg_json_free(&j);
	return err;
}


MG_EXPORT int mg_nic_to_text(const struct mg_nic *nic, unsigned int flags, char **text)
{
	struct mg_strbuf t = { 0 };
	struct mg_out o = { .t = &t };

	if (!nic || !text || (flags & ~(MG_JSON_DETAIL | MG_JSON_PARTS)))
		return -EINVAL;
	if (flags & MG_JSON_DETAIL)
		mg_out_nic_identity(&o, nic, true);
	if (flags & MG_JSON_PARTS)
		parts(&o, nic);
	return mg_out_take_text(&t, text);
}

/* show's whole document: the identity with its detail, the PCIe path's summary, the bus ceiling, the verdict, the parts. */
static void show(struct mg_out *o, const struct mg_nic *nic, const struct mg_pcie_path *path,
		 const struct mg_throughput *t)
{
	mg_out_object(o, NULL);
	mg_out_nic_identity(o, nic, true);
	mg_out_key(o, "pcie");
	mg_out_pcie_summary(o, path);
	/* JSON's "usb" holds the ceiling and the path; text says the ceiling here and the path with the parts. */
	mg_out_key(o, "usb");
	mg_out_usb(o, mg_out_is_text(o) ? NULL : mg_nic_get_usb_info(nic), t);
	mg_out_key(o, "throughput");
	if (t)
		mg_out_throughput(o, t);
	else
		mg_out_null(o, NULL);
	parts(o, nic);
	mg_out_object_end(o);
}

MG_EXPORT int mg_nic_show_to_json(const struct mg_nic *nic, const struct mg_pcie_path *path,
				  const struct mg_throughput *throughput, unsigned int flags, char **json)
{
	struct mg_json j;
	struct mg_out o = { .j = &j };
	int err = mg_json_check(nic, flags, MG_JSON_LINE | MG_JSON_BYTES, json);

	if (err < 0)
		return err;
	mg_json_init(&j, flags, 0);
	show(&o, nic, path, throughput);
	return mg_json_take(&j, json);
}

MG_EXPORT int mg_nic_show_to_text(const struct mg_nic *nic, const struct mg_pcie_path *path,
				  const struct mg_throughput *throughput, char **text)
{
	struct mg_strbuf t = { 0 };
	struct mg_out o = { .t = &t };

	if (!nic || !text)
		return -EINVAL;
	show(&o, nic, path, throughput);
	return mg_out_take_text(&t, text);
}
