/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Whether the sysfs a context reads is its network namespace's. Sysfs
 * shows the interfaces of the namespace that mounted it, not of the
 * process reading it: `nsenter --net` (or `ip netns exec` into one
 * namespace, then nsenter into another) keeps the first one's /sys, where
 * another interface may have the same name and index. A change written
 * there lands on that one.
 *
 * The proof: the kernel gives each namespace one sysfs superblock, so a
 * sysfs made now, from this thread, has the same device number as the
 * context's root exactly when both are this namespace's. Making one needs
 * CAP_SYS_ADMIN; it is never attached anywhere and is gone once closed.
 * Without it, the interface's address in sysfs is compared with the one
 * netlink gives: a weaker check, which catches interfaces made apart
 * (a veth's random address) but not two namespaces made alike.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "gather/gather.h"

#ifndef SYSFS_MAGIC
#define SYSFS_MAGIC 0x62656572
#endif

/* A sysfs of this thread's namespace, attached nowhere: its root's descriptor, or -errno. */
static int fresh_sysfs(void)
{
	int fs = fsopen("sysfs", FSOPEN_CLOEXEC), mnt;

	if (fs < 0)
		return -errno;
	if (fsconfig(fs, FSCONFIG_CMD_CREATE, NULL, NULL, 0) < 0) {
		int err = -errno;

		close(fs);
		return err;
	}
	mnt = fsmount(fs, FSMOUNT_CLOEXEC, MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOEXEC | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV);
	close(fs);
	return mnt < 0 ? -errno : mnt;
}

int mg_sysfs_netns_address(struct mg_ctx *ctx, const char *ifname, const char *mac, char *why, size_t size)
{
	char rel[MG_PATH_MAX], shown[64];

	why[0] = '\0';
	if (snprintf(rel, sizeof(rel), "class/net/%s/address", ifname) >= (int)sizeof(rel))
		return -ENAMETOOLONG;
	/* This namespace's sysfs shows each of its interfaces. */
	if (mg_sysfs_read(ctx, rel, shown, sizeof(shown)) < 0) {
		snprintf(why, size, "%s does not show %s: that sysfs shows another network namespace", ctx->root,
			 ifname);
		return -EXDEV;
	}
	if (!mac || !mac[0] || !strcasecmp(shown, mac))
		return 0;
	snprintf(why, size, "%s in %s has the address %s, not %s: that sysfs shows another network namespace",
		 ifname, ctx->root, shown, mac);
	return -EXDEV;
}

int mg_sysfs_netns_same(struct mg_ctx *ctx, char *why, size_t size)
{
	struct stat root, mine;
	struct statfs fs;
	int mnt;

	why[0] = '\0';
	/* A captured tree, or a test's stand-in: no namespace to belong to. */
	if (ctx->offline || statfs(ctx->root, &fs) < 0 || fs.f_type != SYSFS_MAGIC)
		return 0;
	if (stat(ctx->root, &root) < 0)
		return -errno;
	mnt = fresh_sysfs();
	if (mnt < 0) {
		mg_dbg(ctx, "cannot make a sysfs of this namespace (%s): an interface's address must tell",
		       strerror(-mnt));
		return 1;
	}
	if (fstat(mnt, &mine) < 0) {
		int err = -errno;

		close(mnt);
		return err;
	}
	close(mnt);
	if (root.st_dev == mine.st_dev)
		return 0;
	snprintf(why, size, "%s is the sysfs of another network namespace than this process's (mounted there, "
		 "then entered here with nsenter or setns)", ctx->root);
	return -EXDEV;
}

int mg_sysfs_netns_check(struct mg_ctx *ctx, int ifindex, const char *ifname, char *why, size_t size)
{
	struct mg_link link;
	int err = mg_sysfs_netns_same(ctx, why, size);

	if (err != 1)
		return err;
	/* The weaker check: the interface's address as this sysfs shows it against netlink's. */
	err = mg_gather_link(ctx, NULL, ifindex, &link);
	if (err < 0)
		return err;
	return mg_sysfs_netns_address(ctx, ifname, link.mac, why, size);
}
