/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Bounded reads of files below a tree's root, shared by the live and
 * replayed trees. A replayed tree came from elsewhere, so every path in it
 * is resolved inside its root (openat2 with RESOLVE_IN_ROOT: an absolute or
 * climbing link stays in the tree, as in a chroot), and only regular files
 * are read, opened without blocking: a FIFO, a device node or a link to
 * /etc planted in a capture must not hang the reader or leak a host file.
 * The kernel's own sysfs and procfs are read as they are.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/openat2.h>

#include "gather.h"

int mg_tree_open(struct mg_tree *t, const char *root, bool confined)
{
	t->confined = confined;
	t->fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	return t->fd < 0 ? -errno : 0;
}

void mg_tree_close(struct mg_tree *t)
{
	if (t->fd >= 0)
		close(t->fd);
	t->fd = -1;
}

static int open_in(const struct mg_tree *t, const char *rel, int flags)
{
	struct open_how how = {
		.flags = (unsigned int)flags,
		.resolve = RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS,
	};
	long fd;

	if (!rel[0])
		return -ENOENT;
	if (!t->confined)
		fd = openat(t->fd, rel, flags);
	else
		fd = syscall(SYS_openat2, t->fd, rel, &how, sizeof(how));
	return fd < 0 ? -errno : (int)fd;
}

int mg_tree_read(const struct mg_tree *t, const char *rel, void *buf, size_t size)
{
	struct stat st;
	size_t len = 0;
	ssize_t n;
	int err, fd = open_in(t, rel, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);

	if (fd < 0)
		return fd;
	if (t->confined && (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))) {
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

/* A whole regular file of at most @max bytes, malloc'ed; -EFBIG past that. */
int mg_tree_read_all(const struct mg_tree *t, const char *rel, size_t max, char **buf, size_t *len)
{
	struct stat st;
	ssize_t n;
	int fd = open_in(t, rel, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);

	*buf = NULL;
	if (fd < 0)
		return fd;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size < 0) {
		close(fd);
		return -EINVAL;
	}
	if ((size_t)st.st_size > max) {
		close(fd);
		return -EFBIG;
	}
	*buf = malloc((size_t)st.st_size + 1);
	if (!*buf) {
		close(fd);
		return -ENOMEM;
	}
	*len = 0;
	while (*len < (size_t)st.st_size && (n = read(fd, *buf + *len, (size_t)st.st_size - *len)) > 0)
		*len += (size_t)n;
	close(fd);
	return 0;
}

int mg_tree_readlink(const struct mg_tree *t, const char *rel, char *buf, size_t size)
{
	char dir[MG_PATH_MAX];
	const char *slash = strrchr(rel, '/'), *last = slash ? slash + 1 : rel;
	ssize_t n;
	int dfd = t->fd;

	if (slash) {
		if ((size_t)(slash - rel) >= sizeof(dir))
			return -ENAMETOOLONG;
		memcpy(dir, rel, (size_t)(slash - rel));
		dir[slash - rel] = '\0';
		dfd = open_in(t, dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
		if (dfd < 0)
			return dfd;
	}
	n = readlinkat(dfd, last, buf, size);
	if (n < 0)
		n = -errno;
	if (slash)
		close(dfd);
	if (n < 0)
		return (int)n;
	if ((size_t)n >= size)
		return -ENAMETOOLONG;
	buf[n] = '\0';
	return (int)n;
}

int mg_tree_list(struct mg_ctx *ctx, const struct mg_tree *t, const char *rel, mg_gather_entry_fn fn,
		 void *data)
{
	struct dirent *e;
	DIR *dir;
	int err = 0, fd = open_in(t, rel, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return fd;
	dir = fdopendir(fd);
	if (!dir) {
		close(fd);
		return -errno;
	}
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

/* @follow: whether a link at the end must lead somewhere. */
int mg_tree_exists(const struct mg_tree *t, const char *rel, bool follow)
{
	int fd = open_in(t, rel, O_PATH | O_CLOEXEC | (follow ? 0 : O_NOFOLLOW));

	if (fd < 0)
		return fd;
	close(fd);
	return 0;
}
