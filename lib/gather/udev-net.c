/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What udev knows of a network interface: the .link file it applied when
 * the device was added (ID_NET_LINK_FILE), the device's path (ID_PATH),
 * its driver. Persisting a setting through udev starts here: a file of
 * ours must take the place of the one that applies now, and keep what
 * that one did (the name above all). Read through libudev, from the
 * database systemd-udevd writes under /run/udev; a captured tree has none.
 */
#include <errno.h>
#include <libudev.h>
#include <stdio.h>

#include "gather/gather.h"

static void property(struct udev_device *dev, const char *key, char *out, size_t size)
{
	const char *value = udev_device_get_property_value(dev, key);

	mg_strlcpy(out, value ? value : "", size);
}

/* The device of @ifname as udev sees it now, or -errno said in @ctx. */
static int net_device(struct mg_ctx *ctx, struct udev *udev, const char *ifname, struct udev_device **dev)
{
	*dev = udev_device_new_from_subsystem_sysname(udev, "net", ifname);
	if (!*dev)
		return mg_fail(ctx, errno ? -errno : -ENODEV, "%s: udev does not know the interface", ifname);
	return 0;
}

int mg_udev_net_read(struct mg_ctx *ctx, const char *ifname, struct mg_udev_net *u)
{
	struct udev_device *dev;
	struct udev *udev;
	int err;

	memset(u, 0, sizeof(*u));
	if (ctx->offline)
		return mg_fail(ctx, -EOPNOTSUPP, "%s: a captured tree has no udev database", ifname);
	if (!(udev = udev_new()))
		return mg_fail(ctx, -ENOMEM, "out of memory");
	err = net_device(ctx, udev, ifname, &dev);
	if (err == 0) {
		/* Initialized: systemd-udevd has handled its "add" and written what it did. */
		u->initialized = udev_device_get_is_initialized(dev) > 0;
		property(dev, "ID_NET_LINK_FILE", u->link_file, sizeof(u->link_file));
		property(dev, "ID_PATH", u->path, sizeof(u->path));
		property(dev, "ID_NET_DRIVER", u->driver, sizeof(u->driver));
		property(dev, "ID_BUS", u->bus, sizeof(u->bus));
		udev_device_unref(dev);
	}
	udev_unref(udev);
	return err;
}
