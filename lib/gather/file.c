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

#include "gather/gather.h"

static long openat2_in_root(int dirfd, const char *rel, int flags)
{
	struct open_how how = {
		.flags = (unsigned int)flags,
		.resolve = RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS,
	};

	return syscall(SYS_openat2, dirfd, rel, &how, sizeof(how));
}

int mg_tree_open(struct mg_tree *t, const char *root, bool confined)
{
	long probe;

	t->confined = confined;
	t->walk = false;
	t->short_is_end = false;
	t->fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (t->fd < 0)
		return -errno;
	/* Before Linux 5.6 (or under a tool that does not know the call): walk by hand. */
	if (confined) {
		probe = openat2_in_root(t->fd, ".", O_PATH | O_CLOEXEC);
		if (probe >= 0)
			close((int)probe);
		t->walk = probe < 0 && errno == ENOSYS;
	}
	return 0;
}

#define LINK_HOPS 40	/* as the kernel's own limit on links in one path */

/* Take the first component off @pending into @comp; false when none is left. */
static bool next_component(char *pending, char *comp, size_t size)
{
	char *p = pending + strspn(pending, "/");
	size_t len = strcspn(p, "/");

	if (!len || len >= size)
		return false;
	memcpy(comp, p, len);
	comp[len] = '\0';
	p += len;
	p += strspn(p, "/");
	memmove(pending, p, strlen(p) + 1);
	return true;
}

/*
 * RESOLVE_IN_ROOT by hand, where openat2() is missing: each component is
 * looked at without following it; a link is read and its target walked in
 * its place (an absolute one from the root), ".." never climbs above the
 * root. What is left is a path of real directories below the root, opened
 * relative to its descriptor.
 */
static int walk_in_root(const struct mg_tree *t, const char *rel, int flags)
{
	char pending[MG_PATH_MAX], done[MG_PATH_MAX] = "", candidate[MG_PATH_MAX], target[MG_PATH_MAX];
	char comp[256];
	int hops = 0, fd;

	if (mg_strlcpy(pending, rel, sizeof(pending)) < 0)
		return -ENAMETOOLONG;
	while (next_component(pending, comp, sizeof(comp))) {
		bool last = !pending[0];
		struct stat st;
		ssize_t n;
		char *slash;

		if (!strcmp(comp, "."))
			continue;
		if (!strcmp(comp, "..")) {
			slash = strrchr(done, '/');
			*(slash ? slash : done) = '\0';
			continue;
		}
		if (snprintf(candidate, sizeof(candidate), "%s%s%s", done, done[0] ? "/" : "", comp) >=
		    (int)sizeof(candidate))
			return -ENAMETOOLONG;
		if (fstatat(t->fd, candidate, &st, AT_SYMLINK_NOFOLLOW) < 0)
			return -errno;
		if (!S_ISLNK(st.st_mode) || (last && (flags & O_NOFOLLOW))) {
			memcpy(done, candidate, sizeof(done));
			continue;
		}
		if (++hops > LINK_HOPS)
			return -ELOOP;
		n = readlinkat(t->fd, candidate, target, sizeof(target) - 1);
		if (n < 0)
			return -errno;
		target[n] = '\0';
		if (target[0] == '/')
			done[0] = '\0';
		/* The target is walked first, then what was left of the path. */
		if (snprintf(candidate, sizeof(candidate), "%s/%s", target, pending) >= (int)sizeof(candidate))
			return -ENAMETOOLONG;
		memcpy(pending, candidate, sizeof(pending));
	}
	fd = openat(t->fd, done[0] ? done : ".", flags | O_NOFOLLOW);
	return fd < 0 ? -errno : fd;
}

void mg_tree_close(struct mg_tree *t)
{
	if (t->fd >= 0)
		close(t->fd);
	t->fd = -1;
}

/*
 * openat2() refuses a path through ".." with EAGAIN when anything was
 * renamed or mounted anywhere on the system while it resolved it (it
 * cannot then prove the path stayed in the root); a sysfs link is all
 * "..". On a busy machine that is routine: ask again, and after a few
 * refusals walk by hand, which needs no such proof.
 */
#define OPENAT2_TRIES 8

static int open_in(const struct mg_tree *t, const char *rel, int flags)
{
	long fd;

	if (!rel[0])
		return -ENOENT;
	if (t->confined && t->walk)
		return walk_in_root(t, rel, flags);
	if (!t->confined) {
		fd = openat(t->fd, rel, flags);
		return fd < 0 ? -errno : (int)fd;
	}
	for (int i = 0; i < OPENAT2_TRIES; i++) {
		fd = openat2_in_root(t->fd, rel, flags);
		if (fd >= 0)
			return (int)fd;
		if (errno != EAGAIN)
			return -errno;
	}
	return walk_in_root(t, rel, flags);
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
	} while (n > 0 && len < size && !t->short_is_end);
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

	/* The kernel's own tree: its path walk is the one an open of the directory would make. */
	if (!t->confined) {
		slash = NULL;
		last = rel;
	}
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

/*
 * The entries straight from getdents64(): fdopendir() would first stat the
 * descriptor and set its flags again, three calls more for each directory,
 * and show --all lists one for each of 10 000 interfaces.
 */
int mg_tree_list(struct mg_ctx *ctx, const struct mg_tree *t, const char *rel, mg_gather_entry_fn fn,
		 void *data)
{
	union {
		struct dirent64 first;
		char bytes[8192];
	} buf;
	ssize_t n;
	int err = 0, fd = open_in(t, rel, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return fd;
	while (err == 0 && (n = getdents64(fd, buf.bytes, sizeof(buf.bytes))) > 0) {
		for (ssize_t off = 0; off < n && err == 0;) {
			const struct dirent64 *e = (const struct dirent64 *)(buf.bytes + off);

			off += e->d_reclen;
			if (e->d_name[0] != '.')
				err = fn(ctx, e->d_name, data);
		}
	}
	close(fd);
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
