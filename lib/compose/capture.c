/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * mg_ctx_capture(): gather everything once through a recorder, which
 * copies each answer into a second tree as it goes. The copy is what a bug
 * report needs and what a test replays.
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

#include "compose/compose.h"

/*
 * The destination, opened: made here, or an existing empty directory that
 * only the caller controls. Anyone else able to write there could plant a
 * link for root to write through.
 */
static int open_destination(struct mg_ctx *ctx, const char *given)
{
	char dir[MG_PATH_MAX];
	size_t len = strlen(given);
	struct stat st;
	struct dirent *e;
	DIR *d;
	int fd, dup_fd;
	bool empty = true;

	/* "box/" would follow a link named box: the name without its slashes. */
	while (len > 1 && given[len - 1] == '/')
		len--;
	if (len >= sizeof(dir))
		return mg_fail(ctx, -ENAMETOOLONG, "capture: destination path too long");
	memcpy(dir, given, len);
	dir[len] = '\0';
	if (mkdir(dir, 0755) < 0 && errno != EEXIST)
		return mg_fail(ctx, -errno, "capture: cannot create %s: %m", dir);
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return mg_fail(ctx, -errno, "capture: cannot open %s: %m", dir);
	if (fstat(fd, &st) < 0 || st.st_uid != geteuid() || (st.st_mode & 022)) {
		close(fd);
		return mg_fail(ctx, -EPERM, "capture: %s must belong to you and be writable by nobody else", dir);
	}
	dup_fd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
	d = dup_fd >= 0 ? fdopendir(dup_fd) : NULL;
	if (!d) {
		if (dup_fd >= 0)
			close(dup_fd);
		close(fd);
		return mg_fail(ctx, -EIO, "capture: cannot read %s", dir);
	}
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			empty = false;
	closedir(d);
	if (!empty) {
		close(fd);
		return mg_fail(ctx, -EEXIST, "capture: %s is not empty", dir);
	}
	return fd;
}

/* A short note so a tree attached to a bug report says where it came from. */
static int write_note(struct mg_ctx *ctx, int dirfd, const struct mg_gather *source)
{
	bool live = !strcmp(source->ops->name, "live");
	struct utsname u;
	FILE *f;
	int fd;

	if (mkdirat(dirfd, "multigig", 0755) < 0 && errno != EEXIST)
		return mg_fail(ctx, -errno, "capture: cannot create multigig/: %m");
	fd = openat(dirfd, "multigig/CAPTURE", O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f) {
		if (fd >= 0)
			close(fd);
		return mg_fail(ctx, -EIO, "capture: cannot write multigig/CAPTURE");
	}
	if (live && uname(&u) == 0)
		fprintf(f, "kernel=%s %s %s\n", u.sysname, u.release, u.machine);
	fprintf(f, "source=%s\n", live ? "live" : "capture");
	fprintf(f, "library=%s\n", PACKAGE_VERSION);
	return fclose(f) == 0 ? 0 : -EIO;
}

/* Each PCI adapter's path, and each USB adapter's controller's: config spaces and link attributes. */
static int walk_paths(struct mg_ctx *ctx, const struct mg_nic_list *list)
{
	for (size_t i = 0; i < mg_nic_list_count(list); i++) {
		const struct mg_nic *nic = mg_nic_list_get(list, i);
		struct mg_pcie_path *p = NULL;
		int err;

		/* A USB adapter's is its host controller's. */
		if ((nic->bus != MG_BUS_PCI && nic->bus != MG_BUS_USB) || !nic->address)
			continue;
		err = mg_pcie_path_new_for_nic(ctx, nic, &p);
		mg_pcie_path_free(p);
		if (err == -ENOMEM)
			return err;
	}
	/* A device whose config cannot be read is still worth the rest of the capture. */
	mg_clear_error(ctx);
	return 0;
}

/*
 * A list reads the drivers' own counters of hardware adapters only; a
 * capture keeps every interface's, as a single read would see them.
 */
static int software_counters(struct mg_ctx *ctx, const struct mg_nic_list *list)
{
	for (size_t i = 0; i < mg_nic_list_count(list); i++) {
		const struct mg_nic *nic = mg_nic_list_get(list, i);
		struct mg_stats *s = NULL;

		if (nic->bus != MG_BUS_VIRTUAL || !nic->name)
			continue;
		if (mg_stats_read_for_nic(ctx, nic, &s) == -ENOMEM)
			return -ENOMEM;
		mg_stats_free(s);
	}
	mg_clear_error(ctx);
	return 0;
}

/* What nl80211 says of every wiphy; a machine without Wi-Fi still captures the rest. */
static void wiphys(struct mg_ctx *ctx)
{
	struct mg_wiphy_list *w = NULL;

	if (mg_wiphy_list_new(ctx, NULL, &w) < 0) {
		mg_info(ctx, "capture: no wiphys: %s", mg_ctx_last_error(ctx));
		mg_clear_error(ctx);
	}
	/* What a question about one of them reads too: each wiphy and interface by name. */
	for (size_t i = 0; i < mg_wiphy_list_count(w); i++) {
		const struct mg_wiphy *phy = mg_wiphy_list_get(w, i);
		struct mg_wiphy_list *one = NULL;

		if (mg_wiphy_list_new(ctx, mg_wiphy_get_name(phy), &one) == 0)
			mg_wiphy_list_free(one);
		for (size_t k = 0; k < mg_wiphy_get_interface_count(phy); k++) {
			one = NULL;
			if (mg_wiphy_list_new(ctx, mg_wiphy_get_interface(phy, k), &one) == 0)
				mg_wiphy_list_free(one);
		}
		mg_clear_error(ctx);
	}
	mg_wiphy_list_free(w);
}

static int gather_all(struct mg_ctx *ctx)
{
	struct mg_nic_list *list = NULL;
	int err = mg_nic_list_new_with(ctx, MG_NIC_WITH_ALL, &list);

	if (err == 0)
		err = walk_paths(ctx, list);
	if (err == 0)
		err = software_counters(ctx, list);
	mg_nic_list_free(list);
	if (err == 0)
		wiphys(ctx);
	return err;
}

MG_EXPORT int mg_ctx_capture(struct mg_ctx *ctx, const char *dir)
{
	struct mg_gather *inner, *rec;
	int dirfd, err, done;

	if (!ctx)
		return -EINVAL;
	if (!dir || !dir[0])
		return mg_fail(ctx, -EINVAL, "capture: no destination directory");
	mg_clear_error(ctx);
	dirfd = open_destination(ctx, dir);
	if (dirfd < 0)
		return dirfd;
	inner = ctx->gather;
	err = mg_gather_record_new(ctx, inner, dirfd, &rec);
	if (err < 0) {
		close(dirfd);
		return err;
	}
	/* The one place the context's gatherer changes: for the length of the capture. */
	ctx->gather = rec;
	err = gather_all(ctx);
	ctx->gather = inner;
	done = mg_gather_record_finish(rec);
	if (err == 0)
		err = done;
	if (err == 0)
		err = write_note(ctx, dirfd, inner);
	close(dirfd);
	return err;
}
