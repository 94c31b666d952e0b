/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * mg_ctx_capture(): enumerate as usual, and walk each PCI adapter's PCIe
 * path, while sysfs.c copies every file and link it reads into a second
 * tree; then write down what only netlink and ethtool knew. The copy is what a bug report needs and what a test replays.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "mg-private.h"

int mg_mkdir_p(const char *path)
{
	char buf[MG_PATH_MAX];
	size_t len = strlen(path);

	if (len == 0 || len >= sizeof(buf))
		return -ENAMETOOLONG;
	memcpy(buf, path, len + 1);
	for (char *p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, 0755) < 0 && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	if (mkdir(buf, 0755) < 0 && errno != EEXIST)
		return -errno;
	return 0;
}

static int make_parent(const char *path)
{
	char dir[MG_PATH_MAX];
	const char *slash = strrchr(path, '/');

	if (!slash || (size_t)(slash - path) >= sizeof(dir))
		return -EINVAL;
	memcpy(dir, path, (size_t)(slash - path));
	dir[slash - path] = '\0';
	return mg_mkdir_p(dir);
}

/* Failures to copy are logged, not fatal: the enumeration itself is fine. */
void mg_capture_file(struct mg_ctx *ctx, const char *rel, const char *data, size_t len)
{
	char path[MG_PATH_MAX];
	int fd;

	if (mg_path_join(path, sizeof(path), ctx->capture_dir, rel) < 0 || make_parent(path) < 0)
		goto fail;
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		goto fail;
	if (write(fd, data, len) != (ssize_t)len) {
		close(fd);
		goto fail;
	}
	close(fd);
	return;
fail:
	mg_info(ctx, "capture: cannot copy %s: %m", rel);
}

void mg_capture_link(struct mg_ctx *ctx, const char *rel, const char *target)
{
	char path[MG_PATH_MAX];

	if (mg_path_join(path, sizeof(path), ctx->capture_dir, rel) < 0 || make_parent(path) < 0)
		goto fail;
	if (symlink(target, path) < 0 && errno != EEXIST)
		goto fail;
	return;
fail:
	mg_info(ctx, "capture: cannot link %s: %m", rel);
}

static int dir_is_empty(const char *path)
{
	DIR *dir = opendir(path);
	struct dirent *e;
	int empty = 1;

	if (!dir)
		return -errno;
	while ((e = readdir(dir))) {
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			empty = 0;
			break;
		}
	}
	closedir(dir);
	return empty;
}

/* A short note so a tree attached to a bug report says where it came from. */
static int write_note(struct mg_ctx *ctx, const char *dir)
{
	char path[MG_PATH_MAX];
	struct utsname u;
	FILE *f;

	if (mg_path_join(path, sizeof(path), dir, "multigig/CAPTURE") < 0 || make_parent(path) < 0)
		return -ENAMETOOLONG;
	f = fopen(path, "we");
	if (!f)
		return mg_fail(ctx, -errno, "cannot write %s: %m", path);
	if (uname(&u) == 0 && !ctx->offline)
		fprintf(f, "kernel=%s %s %s\n", u.sysname, u.release, u.machine);
	fprintf(f, "source=%s\n", ctx->offline ? "capture" : "live");
	fprintf(f, "library=%s\n", PACKAGE_VERSION);
	return fclose(f) == 0 ? 0 : -EIO;
}

static int write_sidecars(struct mg_ctx *ctx, const char *dir, const struct mg_nic_list *list)
{
	for (size_t i = 0; i < mg_nic_list_count(list); i++) {
		const struct mg_nic *nic = mg_nic_list_get(list, i);
		int err;

		if (!nic->name)
			continue;
		err = mg_sidecar_write(ctx, dir, nic);
		if (err < 0)
			return err;
	}
	return 0;
}

MG_EXPORT int mg_ctx_capture(struct mg_ctx *ctx, const char *dir)
{
	struct mg_nic_list *list = NULL;
	int err;

	if (!ctx)
		return -EINVAL;
	if (!dir || !dir[0])
		return mg_fail(ctx, -EINVAL, "capture: no destination directory");
	mg_clear_error(ctx);
	err = mg_mkdir_p(dir);
	if (err < 0)
		return mg_fail(ctx, err, "capture: cannot create %s: %s", dir, strerror(-err));
	err = dir_is_empty(dir);
	if (err < 0)
		return mg_fail(ctx, err, "capture: cannot read %s: %s", dir, strerror(-err));
	if (err == 0)
		return mg_fail(ctx, -EEXIST, "capture: %s is not empty", dir);

	ctx->capture_dir = dir;
	err = mg_nic_list_new(ctx, &list);
	for (size_t i = 0; err == 0 && i < mg_nic_list_count(list); i++) {
		const struct mg_nic *nic = mg_nic_list_get(list, i);

		if (nic->bus == MG_BUS_PCI && nic->address)
			err = mg_pcie_capture(ctx, nic->address);
	}
	ctx->capture_dir = NULL;
	if (err < 0) {
		mg_nic_list_free(list);
		return err;
	}
	err = write_sidecars(ctx, dir, list);
	if (err == 0)
		err = write_note(ctx, dir);
	mg_nic_list_free(list);
	return err;
}
