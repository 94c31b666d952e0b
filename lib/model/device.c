/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The hardware behind an interface: walk from the interface's device up the
 * sysfs device tree to the first PCI function or USB device. A virtio NIC
 * sits on the virtio bus under a PCI function; a USB NIC's interface sits
 * under its USB device.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

#define ATTR(dir, name) (snprintf(path, sizeof(path), "%s/%s", dir, name) < (int)sizeof(path) ? path : "")

/* Read a hex or decimal attribute in 0..max, or leave MG_UNKNOWN. */
static int read_num(struct mg_ctx *ctx, const char *dir, const char *name, int base, long max)
{
	char path[MG_PATH_MAX];
	long v;

	if (mg_sysfs_read_long(ctx, ATTR(dir, name), base, &v) < 0 || v < 0 || v > max) {
		mg_dbg(ctx, "%s/%s: missing or malformed", dir, name);
		return MG_UNKNOWN;
	}
	return (int)v;
}

static int read_str(struct mg_ctx *ctx, const char *dir, const char *name, char **field)
{
	char path[MG_PATH_MAX], buf[MG_ATTR_MAX];

	if (mg_sysfs_read(ctx, ATTR(dir, name), buf, sizeof(buf)) <= 0)
		return 0;
	return mg_nic_set_str(field, buf);
}

static const char *basename_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

static int identify_pci(struct mg_ctx *ctx, const char *dir, struct mg_nic *nic)
{
	char name[256];
	const char *n;
	int err;

	nic->bus = MG_BUS_PCI;
	err = mg_nic_set_str(&nic->address, basename_of(dir));
	if (err < 0)
		return err;
	nic->vendor_id = read_num(ctx, dir, "vendor", 16, 0xffff);
	nic->device_id = read_num(ctx, dir, "device", 16, 0xffff);
	nic->subsys_vendor_id = read_num(ctx, dir, "subsystem_vendor", 16, 0xffff);
	nic->subsys_device_id = read_num(ctx, dir, "subsystem_device", 16, 0xffff);
	nic->revision = read_num(ctx, dir, "revision", 16, 0xff);
	nic->class_code = read_num(ctx, dir, "class", 16, 0xffffff);
	nic->chip = mg_chip_lookup(MG_BUS_PCI, nic->vendor_id, nic->device_id);
	/* Which modules of this kernel would take an unbound device. */
	if (!nic->has_driver && (err = mg_modules_lookup(ctx, dir, nic)) < 0)
		return err;
	if (nic->vendor_id == MG_UNKNOWN)
		return 0;
	n = mg_pci_vendor_name(ctx, nic->vendor_id, name, sizeof(name));
	if (n && (err = mg_nic_set_str(&nic->vendor, n)) < 0)
		return err;
	if (nic->device_id == MG_UNKNOWN)
		return 0;
	n = mg_pci_device_name(ctx, nic->vendor_id, nic->device_id, name, sizeof(name));
	if (n && (err = mg_nic_set_str(&nic->device, n)) < 0)
		return err;
	if (nic->subsys_vendor_id == MG_UNKNOWN || nic->subsys_device_id == MG_UNKNOWN)
		return 0;
	n = mg_pci_subsystem_name(ctx, nic->vendor_id, nic->device_id, nic->subsys_vendor_id,
				  nic->subsys_device_id, name, sizeof(name));
	if (n && (err = mg_nic_set_str(&nic->subsystem, n)) < 0)
		return err;
	return 0;
}

static int identify_usb(struct mg_ctx *ctx, const char *dir, struct mg_nic *nic)
{
	char path[MG_PATH_MAX], buf[64];
	int err;

	nic->bus = MG_BUS_USB;
	err = mg_nic_set_str(&nic->address, basename_of(dir));
	if (err < 0)
		return err;
	nic->vendor_id = read_num(ctx, dir, "idVendor", 16, 0xffff);
	nic->device_id = read_num(ctx, dir, "idProduct", 16, 0xffff);
	nic->revision = read_num(ctx, dir, "bcdDevice", 16, 0xffff);
	nic->chip = mg_chip_lookup(MG_BUS_USB, nic->vendor_id, nic->device_id);
	/* "speed" is in Mbit/s; USB 1.1 full speed reads "12", low speed "1.5". */
	if (mg_sysfs_read(ctx, ATTR(dir, "speed"), buf, sizeof(buf)) > 0) {
		long v;

		if (mg_parse_long(buf, 10, &v) == 0 && v > 0 && v <= 1000000)
			nic->usb_speed_mbps = (int)v;
		else if (!strcmp(buf, "1.5"))
			nic->usb_speed_mbps = 1;
	}
	err = read_str(ctx, dir, "manufacturer", &nic->vendor);
	if (err == 0)
		err = read_str(ctx, dir, "product", &nic->device);
	return err;
}

/* Which bus a device directory belongs to, from its "subsystem" link. */
static int bus_of(struct mg_ctx *ctx, const char *dir, char *bus, size_t size)
{
	char path[MG_PATH_MAX];

	return mg_sysfs_link_name(ctx, ATTR(dir, "subsystem"), bus, size);
}

static int parent_dir(char *dir)
{
	char *slash = strrchr(dir, '/');

	if (!slash || !strcmp(dir, "devices"))
		return -ENOENT;
	*slash = '\0';
	return strcmp(dir, "devices") ? 0 : -ENOENT;
}

/*
 * @devpath: the interface's device, relative to the root. Fills bus,
 * address, IDs and names; the driver is the one bound to @devpath itself.
 */
int mg_device_identify(struct mg_ctx *ctx, const char *devpath, struct mg_nic *nic)
{
	char dir[MG_PATH_MAX], path[MG_PATH_MAX], bus[64], driver[128];
	int err;

	if (mg_sysfs_link_name(ctx, ATTR(devpath, "driver"), driver, sizeof(driver)) == 0) {
		err = mg_nic_set_str(&nic->driver, driver);
		if (err < 0)
			return err;
		nic->has_driver = true;
	}
	snprintf(dir, sizeof(dir), "%s", devpath);
	do {
		if (bus_of(ctx, dir, bus, sizeof(bus)) < 0)
			continue;
		if (!strcmp(bus, "pci"))
			return identify_pci(ctx, dir, nic);
		/* A USB interface ("2-1:1.0") is on the usb bus too; its parent has the IDs. */
		if (!strcmp(bus, "usb") && mg_sysfs_exists(ctx, ATTR(dir, "idVendor")))
			return identify_usb(ctx, dir, nic);
	} while (parent_dir(dir) == 0);

	nic->bus = MG_BUS_OTHER;
	return mg_nic_set_str(&nic->address, basename_of(devpath));
}
