/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A USB adapter's bus, JSON and text from one writer: the ceiling the
 * library decided for its link, then where it is plugged in: its speed
 * against its port's, the driver and the chip's own, the hubs above it,
 * the devices sharing its root hub, and the host controller.
 */
#include <errno.h>
#include <stdio.h>

#include "present/present.h"

/* A hub or a device beside the adapter: "1-1 (USB2.0 Hub) 480 Mbit/s" after @label. */
static void device(struct mg_out *o, const char *label, const struct mg_usb_device *d)
{
	int vendor = mg_usb_device_get_vendor_id(d), product = mg_usb_device_get_product_id(d);
	int speed = mg_usb_device_get_speed_mbps(d);
	const char *name = mg_usb_device_get_product(d);
	char id[24];

	mg_out_object(o, NULL);
	mg_out_text(o, "%-18s ", label);
	mg_out_str(o, "device", "%s", mg_usb_device_get_name(d));
	if (vendor == MG_UNKNOWN || product == MG_UNKNOWN) {
		mg_out_null(o, "id");
	} else {
		snprintf(id, sizeof(id), "%04x:%04x", (unsigned int)vendor, (unsigned int)product);
		mg_out_str(o, "id", NULL, id);
	}
	mg_out_str(o, "product", name ? " (%s)" : NULL, name);
	mg_out_int(o, "speed_mbps", speed != MG_UNKNOWN ? " %d Mbit/s" : NULL, speed);
	mg_out_str(o, "usb_version", NULL, mg_usb_device_get_version(d));
	mg_out_int(o, "ports", NULL, mg_usb_device_get_port_count(d));
	mg_out_text(o, "\n");
	mg_out_object_end(o);
}

/* The hubs above the adapter, or the devices sharing its root hub: a line each. */
static void devices(struct mg_out *o, const char *key, const char *label, const struct mg_usb_info *u, bool hubs)
{
	size_t n = hubs ? mg_usb_info_get_hub_count(u) : mg_usb_info_get_peer_count(u);

	mg_out_array(o, key);
	for (size_t i = 0; i < n; i++)
		device(o, i ? "" : label, hubs ? mg_usb_info_get_hub(u, i) : mg_usb_info_get_peer(u, i));
	mg_out_array_end(o);
}

static bool has_ceiling(const struct mg_throughput *t)
{
	return t && mg_throughput_get_usb_data_ceiling_mbps(t) != MG_UNKNOWN;
}

/* The bus ceiling the library decided for a USB adapter: its link, after line coding, after overhead. */
static void ceiling(struct mg_out *o, const struct mg_throughput *t)
{
	int overhead = mg_throughput_get_usb_overhead_pct(t);

	mg_out_text(o, "%-18s", "usb ceiling:");
	mg_out_int(o, "link_mbps", " %d Mbit/s link carries", mg_throughput_get_usb_speed_mbps(t));
	mg_out_int(o, "data_ceiling_mbps", " %d Mbit/s after line coding;", mg_throughput_get_usb_data_ceiling_mbps(t));
	mg_out_int(o, "protocol_overhead_pct_estimate", NULL, overhead);
	mg_out_int(o, "expected_ceiling_mbps", " about %d Mbit/s after an estimated",
		   mg_throughput_get_usb_ceiling_mbps(t));
	mg_out_int(o, NULL, " %d%% protocol overhead\n", overhead);
}

/* "usb device: 2-1 at 5000 Mbit/s (USB 3.20) in a port of 10000 Mbit/s (USB 3.10)": each part when known. */
static void speeds(struct mg_out *o, const struct mg_usb_info *u)
{
	const struct mg_usb_device *d = mg_usb_info_get_device(u);
	int speed = mg_usb_device_get_speed_mbps(d), port = mg_usb_info_get_port_speed_mbps(u);
	const char *version = mg_usb_device_get_version(d), *port_version = mg_usb_info_get_port_version(u);

	mg_out_text(o, "%-18s", "usb device:");
	mg_out_str(o, "device", " %s", mg_usb_device_get_name(d));
	mg_out_int(o, "speed_mbps", speed != MG_UNKNOWN ? " at %d Mbit/s" : NULL, speed);
	mg_out_str(o, "usb_version", version ? " (USB %s)" : NULL, version);
	mg_out_int(o, "port_speed_mbps", port != MG_UNKNOWN ? " in a port of %d Mbit/s" : NULL, port);
	mg_out_str(o, "port_usb_version", port_version ? " (USB %s)" : NULL, port_version);
	mg_out_text(o, "\n");
}

/*
 * "usb driver: cdc_ncm (cdc-ncm interface); a generic class driver: the
 * chip's own is r8152, not loaded; configuration 2 of 2".
 */
static void driver(struct mg_out *o, const struct mg_usb_info *u)
{
	const char *driver = mg_usb_info_get_driver(u), *class = mg_usb_info_get_interface_class(u);
	const char *vendor = mg_usb_info_get_vendor_driver(u);
	int generic = mg_usb_info_is_generic_driver(u), loaded = mg_usb_info_vendor_driver_loaded(u);
	int conf = mg_usb_info_get_configuration(u), confs = mg_usb_info_get_configuration_count(u);
	bool other = generic == 1 && vendor, both = conf != MG_UNKNOWN && confs != MG_UNKNOWN;

	mg_out_text(o, "%-18s", "usb driver:");
	/* No driver: " none" in text, @fmt without the string. */
	mg_out_str(o, "driver", driver ? " %s" : " none", driver);
	mg_out_str(o, "interface_class", class ? " (%s interface)" : NULL, class);
	mg_out_bool(o, "generic_driver", NULL, generic);
	mg_out_str(o, "vendor_driver", other ? "; a generic class driver: the chip's own is %s" : NULL, vendor);
	mg_out_bool(o, "vendor_driver_loaded", NULL, loaded);
	if (other)
		mg_out_text(o, ", %s", loaded == 1 ? "loaded" : "not loaded");
	mg_out_int(o, "configuration", both ? "; configuration %d" : NULL, conf);
	mg_out_int(o, "configurations", both ? " of %d" : NULL, confs);
	mg_out_text(o, "\n");
}

/* The host controller: null when unknown; in text whether it is a PCI function, whose link it shares. */
static void controller(struct mg_out *o, const struct mg_usb_info *u)
{
	const char *drv = mg_usb_info_get_controller_driver(u);
	int pci = mg_usb_info_controller_is_pci(u);

	if (!mg_usb_info_get_controller(u)) {
		mg_out_null(o, "controller");
		return;
	}
	mg_out_object(o, "controller");
	mg_out_text(o, "%-18s", "usb controller:");
	mg_out_str(o, "name", " %s", mg_usb_info_get_controller(u));
	mg_out_bool(o, "pci", NULL, pci);
	mg_out_str(o, "driver", drv ? " (%s)" : NULL, drv);
	mg_out_text(o, "%s\n", pci == 1 ? ", a PCI function: every device below it shares its PCIe link (multigig pcie)"
				       : ", not on PCI");
	mg_out_object_end(o);
}

void mg_out_usb(struct mg_out *o, const struct mg_usb_info *u, const struct mg_throughput *t)
{
	if (!u && !has_ceiling(t)) {
		mg_out_null(o, NULL);
		return;
	}
	mg_out_object(o, NULL);
	if (has_ceiling(t))
		ceiling(o, t);
	if (u) {
		speeds(o, u);
		driver(o, u);
		devices(o, "hubs", "usb hubs:", u, true);
		devices(o, "root_hub_shared_with", "same root hub:", u, false);
		controller(o, u);
	}
	mg_out_object_end(o);
}

void mg_json_usb(struct mg_json *j, const struct mg_usb_info *u, const struct mg_throughput *t)
{
	struct mg_out o = { .j = j };

	mg_out_usb(&o, u, t);
}

MG_EXPORT int mg_usb_info_to_json(const struct mg_usb_info *info, const struct mg_throughput *throughput,
				  unsigned int flags, char **json)
{
	struct mg_json j;
	int err;

	/* Either may be missing: a USB adapter's ceiling without its path, or a path without a verdict. */
	err = mg_json_check(info ? (const void *)info : (const void *)throughput, flags, MG_JSON_LINE | MG_JSON_BYTES,
			    json);
	if (err < 0)
		return err;
	mg_json_init(&j, flags, 0);
	mg_json_usb(&j, info, throughput);
	return mg_json_take(&j, json);
}

MG_EXPORT int mg_usb_info_to_text(const struct mg_usb_info *info, const struct mg_throughput *throughput, char **text)
{
	struct mg_strbuf t = { 0 };
	struct mg_out o = { .t = &t };

	/* Either may be missing, as for JSON. */
	if ((!info && !throughput) || !text)
		return -EINVAL;
	mg_out_usb(&o, info, throughput);
	*text = mg_strbuf_take(&t);
	return *text ? 0 : -ENOMEM;
}
