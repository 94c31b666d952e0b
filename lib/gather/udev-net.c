/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What udev knows of a network interface: the .link file it applied when
 * the device was added (ID_NET_LINK_FILE), the device's path (ID_PATH),
 * its driver. Persisting a setting through udev starts here: a file of
 * ours must take the place of the one that applies now, and keep what
 * that one did (the name above all). Read through libudev, from the
 * database systemd-udevd writes under /run/udev; a captured tree has none.
 */
#include <dirent.h>
#include <errno.h>
#include <libudev.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gather/gather.h"

static void property(struct udev_device *dev, const char *key, char *out, size_t size)
{
	const char *value = udev_device_get_property_value(dev, key);

	mg_strlcpy(out, value ? value : "", size);
}

/*
 * Whether a systemd-udevd runs in this network namespace: udev applies
 * .link files only to devices of the namespace it runs in, and its
 * database here may be another namespace's, where an index names another
 * device. 1, 0, or -EACCES when other processes' namespaces cannot be
 * seen (no root: the write would be refused anyway).
 */
static int udevd_here(void)
{
	char self[64], theirs[64], path[300], comm[32];
	ssize_t n = readlink("/proc/thread-self/ns/net", self, sizeof(self) - 1);
	int found = 0, denied = 0;
	struct dirent *e;
	DIR *proc;

	if (n < 0 || !(proc = opendir("/proc")))
		return -EACCES;
	self[n] = '\0';
	while (!found && (e = readdir(proc))) {
		FILE *f;

		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/comm", e->d_name);
		if (!(f = fopen(path, "r")))
			continue;
		comm[0] = '\0';
		if (!fgets(comm, sizeof(comm), f))
			comm[0] = '\0';
		fclose(f);
		if (strcmp(comm, "systemd-udevd\n"))
			continue;
		snprintf(path, sizeof(path), "/proc/%s/ns/net", e->d_name);
		n = readlink(path, theirs, sizeof(theirs) - 1);
		if (n < 0) {
			denied |= errno == EACCES || errno == EPERM;
			continue;
		}
		theirs[n] = '\0';
		found = !strcmp(self, theirs);
	}
	closedir(proc);
	/* Without root, /proc may hide other users' processes (hidepid): none seen is no answer. */
	return found ? 1 : denied || geteuid() != 0 ? -EACCES : 0;
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
	if (udevd_here() == 0)
		return mg_fail(ctx, -EOPNOTSUPP, "no systemd-udevd runs in this network namespace: udev applies .link "
			       "files only to the devices of the namespace it runs in");
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

/* ---- the text of a .link file, as udev reads it ---- */

/* Where udev looks for .link files and their drop-ins, the first one with a name winning. */
static const char *const link_dirs[] = { "/etc/systemd/network", "/run/systemd/network",
					 "/usr/local/lib/systemd/network", "/usr/lib/systemd/network" };

#define LINK_TEXT_MAX (64 * 1024)

int mg_text_file_read(const char *path, char **text)
{
	FILE *f = fopen(path, "re");
	size_t n;

	*text = NULL;
	if (!f)
		return -errno;
	*text = malloc(LINK_TEXT_MAX + 1);
	n = *text ? fread(*text, 1, LINK_TEXT_MAX + 1, f) : 0;
	if (!*text || ferror(f) || n > LINK_TEXT_MAX) {
		int err = !*text ? -ENOMEM : n > LINK_TEXT_MAX ? -EFBIG : -EIO;

		fclose(f);
		free(*text);
		*text = NULL;
		return err;
	}
	fclose(f);
	(*text)[n] = '\0';
	return 0;
}

/* The lines of the file at @path, after those @f holds; -errno said in @ctx. */
static int link_text_add(struct mg_ctx *ctx, const char *path, struct mg_linkfile *f)
{
	struct mg_linkfile more;
	char *text;
	int line = 0, err = mg_text_file_read(path, &text);

	if (err < 0)
		return mg_fail(ctx, err, "cannot read %s: %s", path, strerror(-err));
	err = mg_linkfile_parse(text, &more, &line);
	free(text);
	if (err == -EINVAL)
		return mg_fail(ctx, err, "%s:%d: no line of a .link file", path, line);
	for (size_t i = 0; err == 0 && i < more.count; i++)
		err = mg_linkfile_add(f, more.lines[i].section, more.lines[i].key, more.lines[i].value);
	mg_linkfile_clear(&more);
	return err == -ENOMEM ? mg_fail(ctx, err, "out of memory") : err;
}

static const char *base_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

static int by_base_name(const void *a, const void *b)
{
	return strcmp(base_of(*(char *const *)a), base_of(*(char *const *)b));
}

/* Whether @name, a drop-in of @dir, is hidden by one of the same name in an earlier directory. */
static bool hidden(size_t dir, const char *link, const char *name)
{
	char path[512];

	for (size_t d = 0; d < dir; d++) {
		snprintf(path, sizeof(path), "%s/%s.d/%s", link_dirs[d], link, name);
		if (access(path, F_OK) == 0)
			return true;
	}
	return false;
}

static int conf_only(const struct dirent *e)
{
	size_t len = strlen(e->d_name);

	return len > 5 && !strcmp(e->d_name + len - 5, ".conf");
}

/* The drop-ins of @link (a file name) in every directory, in the order udev reads them: by name. */
static int dropins(struct mg_ctx *ctx, const char *link, struct mg_linkfile *f)
{
	char **names = NULL, path[512];
	size_t count = 0, alloc = 0;
	int err = 0;

	for (size_t d = 0; err == 0 && d < sizeof(link_dirs) / sizeof(link_dirs[0]); d++) {
		struct dirent **list;
		int n;

		snprintf(path, sizeof(path), "%s/%s.d", link_dirs[d], link);
		if ((n = scandir(path, &list, conf_only, alphasort)) < 0)
			continue;
		for (int i = 0; i < n; i++) {
			if (err == 0 && !hidden(d, link, list[i]->d_name)) {
				char **grown = mg_array_grow(names, &alloc, count + 1, sizeof(*names));

				if (grown)
					names = grown;
				if (!grown || asprintf(&names[count], "%s/%s", path, list[i]->d_name) < 0)
					err = -ENOMEM;
				else
					count++;
			}
			free(list[i]);
		}
		free(list);
	}
	/* One order over every directory: by the drop-in's own name. */
	if (count)
		qsort(names, count, sizeof(*names), by_base_name);
	for (size_t i = 0; i < count; i++) {
		if (err == 0)
			err = link_text_add(ctx, names[i], f);
		free(names[i]);
	}
	free(names);
	return err;
}

int mg_link_file_read(struct mg_ctx *ctx, const char *path, struct mg_linkfile *f)
{
	int err;

	mg_linkfile_init(f);
	err = link_text_add(ctx, path, f);
	if (err == 0)
		err = dropins(ctx, base_of(path), f);
	if (err < 0)
		mg_linkfile_clear(f);
	return err;
}
