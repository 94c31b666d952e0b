/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A USB adapter's place on the bus, from sysfs alone: the speed its device
 * negotiated and what its port offers (a 5 Gbit/s adapter in a USB 2 port
 * runs at 480 Mbit/s), the driver bound to its network interface against
 * its vendor's (cdc_ncm holding a Realtek or Aquantia chip), the active
 * configuration, every hub up to the root hub, what else hangs below
 * that root hub and shares its bandwidth, and the host controller above
 * it: on PCI, its own PCIe link caps every device below it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

#define TIERS_MAX 8	/* USB allows five hubs between a device and its root hub */
#define PEERS_MAX 256

struct mg_usb_device {
	char *name;
	int vendor, product;
	char *product_name;
	int speed;
	char *version;
	int ports;
};

struct mg_usb_info {
	struct mg_usb_device dev;
	char *driver;
	const char *iface_class;
	const char *vendor_driver;
	int vendor_loaded;
	int config, configs;
	struct mg_usb_device hubs[TIERS_MAX];
	size_t nhubs;
	struct mg_usb_device *peers;
	size_t npeers, peers_alloc;
	char *controller;		/* its PCI address or device name; NULL when unknown */
	char *controller_driver;
	int controller_pci;		/* MG_UNKNOWN when unknown */
};

static const char *last_component(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* "2-1.4.3": bus, '-', then ports joined by dots. "usb2" is a root hub. */
static bool is_device_name(const char *name)
{
	const char *p = name;
	bool port = false;

	while (*p >= '0' && *p <= '9')
		p++;
	if (p == name || *p++ != '-')
		return false;
	for (; *p; p++) {
		if (*p >= '0' && *p <= '9')
			port = true;
		else if (*p != '.' || !port)
			return false;
		else
			port = false;
	}
	return port;
}

static bool is_root_hub(const char *name)
{
	const char *p = name + 3;

	if (strncmp(name, "usb", 3) || !*p)
		return false;
	for (; *p; p++)
		if (*p < '0' || *p > '9')
			return false;
	return true;
}

static int read_num(struct mg_ctx *ctx, const char *dir, const char *attr, int base, long max)
{
	char rel[MG_PATH_MAX];
	long v;

	if (mg_path_join(rel, sizeof(rel), dir, attr) < 0 || mg_sysfs_read_long(ctx, rel, base, &v) < 0 ||
	    v < 0 || v > max)
		return MG_UNKNOWN;
	return (int)v;
}

/* An attribute as text, blanks around it trimmed (" 3.20" is how "version" reads). */
static int read_text(struct mg_ctx *ctx, const char *dir, const char *attr, char **out)
{
	char rel[MG_PATH_MAX], buf[MG_ATTR_MAX];
	const char *p = buf;
	int n;

	*out = NULL;
	if (mg_path_join(rel, sizeof(rel), dir, attr) < 0 || (n = mg_sysfs_read(ctx, rel, buf, sizeof(buf))) <= 0)
		return 0;
	while (n > 0 && buf[n - 1] == ' ')
		buf[--n] = '\0';
	while (*p == ' ')
		p++;
	if (!*p)
		return 0;
	*out = strdup(p);
	return *out ? 0 : -ENOMEM;
}

/* "speed" in Mbit/s; low speed reads "1.5", taken as 1. */
static int read_speed(struct mg_ctx *ctx, const char *dir)
{
	char *s = NULL;
	long v;
	int speed = MG_UNKNOWN;

	if (read_text(ctx, dir, "speed", &s) < 0 || !s)
		return MG_UNKNOWN;
	if (mg_parse_long(s, 10, &v) == 0 && v > 0 && v <= 1000000)
		speed = (int)v;
	else if (!strcmp(s, "1.5"))
		speed = 1;
	free(s);
	return speed;
}

static int read_device(struct mg_ctx *ctx, const char *dir, struct mg_usb_device *d)
{
	int err, maxchild, cls;

	memset(d, 0, sizeof(*d));
	d->name = strdup(last_component(dir));
	if (!d->name)
		return -ENOMEM;
	d->vendor = read_num(ctx, dir, "idVendor", 16, 0xffff);
	d->product = read_num(ctx, dir, "idProduct", 16, 0xffff);
	d->speed = read_speed(ctx, dir);
	maxchild = read_num(ctx, dir, "maxchild", 10, 255);
	cls = read_num(ctx, dir, "bDeviceClass", 16, 0xff);
	/* Every device has maxchild; only a hub (class 09) has ports. */
	d->ports = cls == 0x09 || maxchild > 0 ? maxchild : MG_UNKNOWN;
	err = read_text(ctx, dir, "product", &d->product_name);
	if (err == 0)
		err = read_text(ctx, dir, "version", &d->version);
	return err;
}

static void free_device(struct mg_usb_device *d)
{
	free(d->name);
	free(d->product_name);
	free(d->version);
}

/* The hubs from the one the device is plugged into up to the root hub, whose path goes to @root. */
static int read_hubs(struct mg_ctx *ctx, const char *devdir, struct mg_usb_info *u, char *root, size_t size)
{
	char dir[MG_PATH_MAX];
	int err = 0;

	root[0] = '\0';
	mg_strlcpy(dir, devdir, sizeof(dir));
	while (err == 0 && u->nhubs < TIERS_MAX) {
		char *slash = strrchr(dir, '/');
		const char *name;

		if (!slash)
			break;
		*slash = '\0';
		name = last_component(dir);
		if (!is_device_name(name) && !is_root_hub(name))
			break;
		err = read_device(ctx, dir, &u->hubs[u->nhubs++]);
		if (is_root_hub(name)) {
			mg_strlcpy(root, dir, size);
			break;
		}
	}
	return err;
}

struct peer_walk {
	struct mg_usb_info *u;
	const char *dir;
	int depth;
};

static bool on_the_way(const struct mg_usb_info *u, const char *name)
{
	if (!strcmp(name, u->dev.name))
		return true;
	for (size_t i = 0; i < u->nhubs; i++)
		if (!strcmp(name, u->hubs[i].name))
			return true;
	return false;
}

static int walk_peers(struct mg_ctx *ctx, const char *dir, struct mg_usb_info *u, int depth);

static int visit_peer(struct mg_ctx *ctx, const char *name, void *data)
{
	struct peer_walk *w = data;
	struct mg_usb_info *u = w->u;
	char dir[MG_PATH_MAX];
	struct mg_usb_device *grown;
	int err;

	if (!is_device_name(name) || snprintf(dir, sizeof(dir), "%s/%s", w->dir, name) >= (int)sizeof(dir))
		return 0;
	/* The adapter's own children, if any, are the adapter's business. */
	if (!strcmp(name, u->dev.name))
		return 0;
	if (!on_the_way(u, name) && u->npeers < PEERS_MAX) {
		grown = mg_array_grow(u->peers, &u->peers_alloc, u->npeers, sizeof(*grown));
		if (!grown)
			return -ENOMEM;
		u->peers = grown;
		err = read_device(ctx, dir, &u->peers[u->npeers++]);
		if (err < 0)
			return err;
	}
	return walk_peers(ctx, dir, u, w->depth + 1);
}

static int walk_peers(struct mg_ctx *ctx, const char *dir, struct mg_usb_info *u, int depth)
{
	struct peer_walk w = { u, dir, depth };

	if (depth >= TIERS_MAX)
		return 0;
	return mg_sysfs_foreach(ctx, dir, visit_peer, &w);
}

static int by_name(const void *a, const void *b)
{
	const struct mg_usb_device *x = a, *y = b;

	return strcmp(x->name, y->name);
}

/*
 * The USB interface the network interface sits on ("2-1:2.0"), by the
 * links its own sysfs directory holds: bus/usb/devices is not needed.
 */
static int interface_dir(struct mg_ctx *ctx, const char *ifname, char *ifdir, size_t size)
{
	char rel[MG_PATH_MAX], netdir[MG_PATH_MAX];

	if (snprintf(rel, sizeof(rel), "class/net/%s", ifname) >= (int)sizeof(rel) ||
	    mg_sysfs_resolve(ctx, rel, netdir, sizeof(netdir)) < 0 ||
	    mg_path_join(rel, sizeof(rel), netdir, "device") < 0)
		return -ENODEV;
	return mg_sysfs_resolve(ctx, rel, ifdir, size) < 0 ? -ENODEV : 0;
}

/* The network interface's USB interface: class codes and bound driver. */
static int read_interface(struct mg_ctx *ctx, const char *ifdir, struct mg_usb_info *u)
{
	char rel[MG_PATH_MAX], driver[128];
	int cls, sub, proto;

	cls = read_num(ctx, ifdir, "bInterfaceClass", 16, 0xff);
	sub = read_num(ctx, ifdir, "bInterfaceSubClass", 16, 0xff);
	proto = read_num(ctx, ifdir, "bInterfaceProtocol", 16, 0xff);
	u->iface_class = cls == MG_UNKNOWN ? NULL : mg_usb_interface_class_name(cls, sub, proto);
	if (mg_path_join(rel, sizeof(rel), ifdir, "driver") == 0 &&
	    mg_sysfs_link_name(ctx, rel, driver, sizeof(driver)) == 0 && !(u->driver = strdup(driver)))
		return -ENOMEM;
	return 0;
}

/* The host controller of root hub @root: the device its directory sits in. */
static int read_controller(struct mg_ctx *ctx, const char *root, struct mg_usb_info *u)
{
	char dir[MG_PATH_MAX], rel[MG_PATH_MAX], bus[64], driver[128], *slash;

	u->controller_pci = MG_UNKNOWN;
	if (mg_strlcpy(dir, root, sizeof(dir)) < 0 || !(slash = strrchr(dir, '/')))
		return 0;
	*slash = '\0';
	if (!strcmp(dir, "devices") || mg_path_join(rel, sizeof(rel), dir, "subsystem") < 0 ||
	    mg_sysfs_link_name(ctx, rel, bus, sizeof(bus)) < 0)
		return 0;
	u->controller = strdup(last_component(dir));
	if (!u->controller)
		return -ENOMEM;
	u->controller_pci = !strcmp(bus, "pci");
	if (mg_path_join(rel, sizeof(rel), dir, "driver") == 0 && mg_sysfs_link_name(ctx, rel, driver, sizeof(driver)) == 0 &&
	    !(u->controller_driver = strdup(driver)))
		return -ENOMEM;
	return 0;
}

static int ignore_entry(struct mg_ctx *ctx, const char *name, void *data)
{
	(void)ctx;
	(void)name;
	(void)data;
	return 0;
}

static int read_usb(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_usb_info **out)
{
	char rel[MG_PATH_MAX], ifdir[MG_PATH_MAX], devdir[MG_PATH_MAX], root[MG_PATH_MAX];
	char *slash;
	struct mg_usb_info *u;
	int err;

	/* A USB interface's directory is its device's child. */
	if (!nic->name || interface_dir(ctx, nic->name, ifdir, sizeof(ifdir)) < 0 ||
	    mg_strlcpy(devdir, ifdir, sizeof(devdir)) < 0 || !(slash = strrchr(devdir, '/')))
		return -ENODEV;
	*slash = '\0';
	if (strcmp(last_component(devdir), nic->address))
		return -ENODEV;
	u = calloc(1, sizeof(*u));
	if (!u)
		return -ENOMEM;
	err = read_device(ctx, devdir, &u->dev);
	u->config = read_num(ctx, devdir, "bConfigurationValue", 10, 255);
	u->configs = read_num(ctx, devdir, "bNumConfigurations", 10, 255);
	u->vendor_driver = nic->chip ? nic->chip->driver : NULL;
	u->vendor_loaded = MG_UNKNOWN;
	if (u->vendor_driver) {
		/* Listed rather than tested: a capture keeps the directories it listed. */
		snprintf(rel, sizeof(rel), "bus/usb/drivers/%s", u->vendor_driver);
		u->vendor_loaded = mg_sysfs_foreach(ctx, rel, ignore_entry, NULL) == 0;
	}
	if (err == 0)
		err = read_interface(ctx, ifdir, u);
	if (err == 0)
		err = read_hubs(ctx, devdir, u, root, sizeof(root));
	if (err == 0 && root[0])
		err = read_controller(ctx, root, u);
	if (err == 0 && root[0]) {
		err = walk_peers(ctx, root, u, 0);
		if (u->npeers)
			qsort(u->peers, u->npeers, sizeof(*u->peers), by_name);
	}
	if (err < 0) {
		mg_usb_info_free(u);
		return err;
	}
	*out = u;
	return 0;
}

int mg_usb_controller_address(struct mg_ctx *ctx, const struct mg_nic *nic, char *addr, size_t size)
{
	struct mg_usb_info *u = NULL;
	int err;

	if (nic->usb_info) {
		if (nic->usb_info->controller_pci != 1)
			return -ENXIO;
		return mg_strlcpy(addr, nic->usb_info->controller, size) < 0 ? -ENAMETOOLONG : 0;
	}
	err = read_usb(ctx, nic, &u);
	if (err == 0 && u->controller_pci != 1)
		err = -ENXIO;
	if (err == 0 && mg_strlcpy(addr, u->controller, size) < 0)
		err = -ENAMETOOLONG;
	mg_usb_info_free(u);
	return err;
}

MG_EXPORT int mg_usb_info_read_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_usb_info **info)
{
	int err;

	if (!ctx || !nic || !info)
		return ctx ? mg_fail(ctx, -EINVAL, "mg_usb_info_read_for_nic: NULL argument") : -EINVAL;
	*info = NULL;
	mg_clear_error(ctx);
	if (nic->bus != MG_BUS_USB || !nic->address)
		return mg_fail(ctx, -ENODEV, "%s is not a USB adapter", nic->name ? nic->name : "the adapter");
	err = read_usb(ctx, nic, info);
	if (err == -ENODEV)
		return mg_fail(ctx, err, "USB device %s is not in sysfs", nic->address);
	return err < 0 ? mg_fail(ctx, err, "reading USB device %s: %s", nic->address, strerror(-err)) : 0;
}

int mg_usb_info_attach(struct mg_ctx *ctx, struct mg_nic_list *list)
{
	for (size_t i = 0; i < mg_nic_list_count(list); i++) {
		struct mg_nic *nic = mg_nic_list_get(list, i);
		int err;

		if (nic->bus != MG_BUS_USB || !nic->address)
			continue;
		err = read_usb(ctx, nic, &nic->usb_info);
		if (err == -ENOMEM)
			return err;
	}
	return 0;
}

MG_EXPORT void mg_usb_info_free(struct mg_usb_info *info)
{
	if (!info)
		return;
	free_device(&info->dev);
	for (size_t i = 0; i < info->nhubs; i++)
		free_device(&info->hubs[i]);
	for (size_t i = 0; i < info->npeers; i++)
		free_device(&info->peers[i]);
	free(info->peers);
	free(info->driver);
	free(info->controller);
	free(info->controller_driver);
	free(info);
}

MG_GETTER(const struct mg_usb_info *, mg_nic_get_usb_info, mg_nic, usb_info, NULL)

MG_EXPORT const struct mg_usb_device *mg_usb_info_get_device(const struct mg_usb_info *info)
{
	return info ? &info->dev : NULL;
}

MG_EXPORT int mg_usb_info_get_port_speed_mbps(const struct mg_usb_info *info)
{
	return info && info->nhubs ? info->hubs[0].speed : MG_UNKNOWN;
}

MG_EXPORT const char *mg_usb_info_get_port_version(const struct mg_usb_info *info)
{
	return info && info->nhubs ? info->hubs[0].version : NULL;
}

MG_GETTER(const char *, mg_usb_info_get_driver, mg_usb_info, driver, NULL)
MG_GETTER(const char *, mg_usb_info_get_interface_class, mg_usb_info, iface_class, NULL)

MG_EXPORT int mg_usb_info_is_generic_driver(const struct mg_usb_info *info)
{
	if (!info || !info->driver)
		return MG_UNKNOWN;
	return mg_usb_driver_is_generic(info->driver);
}

MG_GETTER(const char *, mg_usb_info_get_vendor_driver, mg_usb_info, vendor_driver, NULL)
MG_GETTER(int, mg_usb_info_vendor_driver_loaded, mg_usb_info, vendor_loaded, MG_UNKNOWN)
MG_GETTER(int, mg_usb_info_get_configuration, mg_usb_info, config, MG_UNKNOWN)
MG_GETTER(int, mg_usb_info_get_configuration_count, mg_usb_info, configs, MG_UNKNOWN)
MG_GETTER(size_t, mg_usb_info_get_hub_count, mg_usb_info, nhubs, 0)

MG_EXPORT const struct mg_usb_device *mg_usb_info_get_hub(const struct mg_usb_info *info, size_t index)
{
	return info && index < info->nhubs ? &info->hubs[index] : NULL;
}

MG_GETTER(size_t, mg_usb_info_get_peer_count, mg_usb_info, npeers, 0)

MG_EXPORT const struct mg_usb_device *mg_usb_info_get_peer(const struct mg_usb_info *info, size_t index)
{
	return info && index < info->npeers ? &info->peers[index] : NULL;
}

MG_GETTER(const char *, mg_usb_info_get_controller, mg_usb_info, controller, NULL)
MG_GETTER(int, mg_usb_info_controller_is_pci, mg_usb_info, controller_pci, MG_UNKNOWN)
MG_GETTER(const char *, mg_usb_info_get_controller_driver, mg_usb_info, controller_driver, NULL)
MG_GETTER(const char *, mg_usb_device_get_name, mg_usb_device, name, NULL)
MG_GETTER(int, mg_usb_device_get_vendor_id, mg_usb_device, vendor, MG_UNKNOWN)
MG_GETTER(int, mg_usb_device_get_product_id, mg_usb_device, product, MG_UNKNOWN)
MG_GETTER(const char *, mg_usb_device_get_product, mg_usb_device, product_name, NULL)
MG_GETTER(int, mg_usb_device_get_speed_mbps, mg_usb_device, speed, MG_UNKNOWN)
MG_GETTER(const char *, mg_usb_device_get_version, mg_usb_device, version, NULL)
MG_GETTER(int, mg_usb_device_get_port_count, mg_usb_device, ports, MG_UNKNOWN)
