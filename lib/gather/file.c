/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Bounded reads of files below a root directory, shared by the live and
 * replayed trees. Only regular files are read, opened without blocking and
 * without following a link at the last component: a FIFO or a device node
 * planted in a tree must not hang or surprise a reader.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gather.h"

static int join(char *out, size_t size, const char *root, const char *rel)
{
	return mg_path_join(out, size, root, rel);
}

/*
 * @regular_only: check with fstat() that it is a regular file. A kernel's
 * own sysfs and procfs hold nothing else; a tree from elsewhere may.
 */
int mg_file_read(const char *root, const char *rel, void *buf, size_t size, bool regular_only)
{
	char path[MG_PATH_MAX];
	struct stat st;
	size_t len = 0;
	ssize_t n;
	int fd, err = join(path, sizeof(path), root, rel);

	if (err < 0)
		return err;
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
	if (fd < 0)
		return -errno;
	if (regular_only && (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))) {
		close(fd);
		return -EINVAL;
	}
	do {
		n = read(fd, (char *)buf + len, size - len);
		if (n > 0)
			len += (size_t)n;
	} while (n > 0 && len < size);
	err = n < 0 ? -errno : 0;
	close(fd);
	return err < 0 ? err : (int)len;
}

int mg_file_readlink(const char *root, const char *rel, char *buf, size_t size)
{
	char path[MG_PATH_MAX];
	ssize_t n;
	int err = join(path, sizeof(path), root, rel);

	if (err < 0)
		return err;
	n = readlink(path, buf, size);
	if (n < 0)
		return -errno;
	if ((size_t)n >= size)
		return -ENAMETOOLONG;
	buf[n] = '\0';
	return (int)n;
}

int mg_file_list(struct mg_ctx *ctx, const char *root, const char *rel, mg_gather_entry_fn fn, void *data)
{
	char path[MG_PATH_MAX];
	struct dirent *e;
	DIR *dir;
	int err = join(path, sizeof(path), root, rel);

	if (err < 0)
		return err;
	dir = opendir(path);
	if (!dir)
		return -errno;
	while ((e = readdir(dir))) {
		if (e->d_name[0] == '.')
			continue;
		err = fn(ctx, e->d_name, data);
		if (err < 0)
			break;
	}
	closedir(dir);
	return err < 0 ? err : 0;
}

int mg_file_exists(const char *root, const char *rel)
{
	char path[MG_PATH_MAX];
	struct stat st;
	int err = join(path, sizeof(path), root, rel);

	if (err < 0)
		return err;
	return stat(path, &st) == 0 ? 0 : -errno;
}
