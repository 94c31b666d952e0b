/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Bounded reads below the context's sysfs root.
 *
 * Every file and link the library reads goes through here, so that a
 * capture can copy exactly those, and so that a missing, truncated or
 * garbage file means "unknown" and never a crash.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mg-private.h"

int mg_path_join(char *out, size_t size, const char *a, const char *b)
{
	int n = snprintf(out, size, "%s/%s", a, b);

	return (n < 0 || (size_t)n >= size) ? -ENAMETOOLONG : 0;
}

int mg_strlcpy(char *dst, const char *src, size_t size)
{
	size_t len = strlen(src);

	if (size == 0)
		return -E2BIG;
	if (len >= size) {
		memcpy(dst, src, size - 1);
		dst[size - 1] = '\0';
		return -E2BIG;
	}
	memcpy(dst, src, len + 1);
	return 0;
}

static int abs_path(const struct mg_ctx *ctx, const char *rel, char *out, size_t size)
{
	return mg_path_join(out, size, ctx->root, rel);
}

bool mg_sysfs_exists(const struct mg_ctx *ctx, const char *rel)
{
	char path[MG_PATH_MAX];

	return abs_path(ctx, rel, path, sizeof(path)) == 0 && access(path, F_OK) == 0;
}

/* Up to @size bytes of a file below the root; the length read, or -errno. */
static int read_bytes(const struct mg_ctx *ctx, const char *rel, void *buf, size_t size)
{
	char path[MG_PATH_MAX];
	size_t len = 0;
	ssize_t n;
	int fd, err = abs_path(ctx, rel, path, sizeof(path));

	if (err < 0)
		return err;
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	do {
		n = read(fd, (char *)buf + len, size - len);
		if (n > 0)
			len += (size_t)n;
	} while (n > 0 && len < size);
	err = n < 0 ? -errno : 0;
	close(fd);
	return err < 0 ? err : (int)len;
}

/*
 * Read an attribute into @buf, without its trailing newline. Attributes
 * longer than @size - 1 are refused: a value cut in half reads as a
 * different value.
 */
int mg_sysfs_read(struct mg_ctx *ctx, const char *rel, char *buf, size_t size)
{
	int len;

	if (size < 2)
		return -EINVAL;
	len = read_bytes(ctx, rel, buf, size);
	if (len < 0)
		return len;
	if ((size_t)len >= size)
		return -EFBIG;
	if (ctx->capture_dir)
		mg_capture_file(ctx, rel, buf, (size_t)len);
	while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\0'))
		len--;
	buf[len] = '\0';
	return len;
}

/* Read a binary attribute (a config space) of at most @size bytes. */
int mg_sysfs_read_raw(struct mg_ctx *ctx, const char *rel, void *buf, size_t size)
{
	int len = read_bytes(ctx, rel, buf, size);

	if (len >= 0 && ctx->capture_dir)
		mg_capture_file(ctx, rel, buf, (size_t)len);
	return len;
}

/* Parse a whole string as a number; trailing blanks are allowed. */
int mg_parse_long(const char *s, int base, long *value)
{
	char *end;
	long v;

	while (isspace((unsigned char)*s))
		s++;
	if (!*s)
		return -EINVAL;
	errno = 0;
	v = strtol(s, &end, base);
	if (errno == ERANGE)
		return -ERANGE;
	if (end == s)
		return -EINVAL;
	while (isspace((unsigned char)*end))
		end++;
	if (*end)
		return -EINVAL;
	*value = v;
	return 0;
}

int mg_sysfs_read_long(struct mg_ctx *ctx, const char *rel, int base, long *value)
{
	char buf[64];
	int n = mg_sysfs_read(ctx, rel, buf, sizeof(buf));

	if (n < 0)
		return n;
	return mg_parse_long(buf, base, value);
}

int mg_sysfs_readlink(struct mg_ctx *ctx, const char *rel, char *buf, size_t size)
{
	char path[MG_PATH_MAX];
	ssize_t n;
	int err = abs_path(ctx, rel, path, sizeof(path));

	if (err < 0)
		return err;
	n = readlink(path, buf, size);
	if (n < 0)
		return -errno;
	if ((size_t)n >= size)
		return -ENAMETOOLONG;
	buf[n] = '\0';
	if (ctx->capture_dir)
		mg_capture_link(ctx, rel, buf);
	return (int)n;
}

/* Drop "." and resolve ".." lexically; sysfs device paths are real dirs. */
static int normalize(char *path)
{
	char *segs[256];
	size_t nsegs = 0, len = 0;
	char *save = NULL, *tok;
	char out[MG_PATH_MAX];

	for (tok = strtok_r(path, "/", &save); tok; tok = strtok_r(NULL, "/", &save)) {
		if (!strcmp(tok, "."))
			continue;
		if (!strcmp(tok, "..")) {
			if (nsegs == 0)
				return -EXDEV; /* points above the root */
			nsegs--;
			continue;
		}
		if (nsegs == sizeof(segs) / sizeof(segs[0]))
			return -ENAMETOOLONG;
		segs[nsegs++] = tok;
	}
	out[0] = '\0';
	for (size_t i = 0; i < nsegs; i++) {
		int n = snprintf(out + len, sizeof(out) - len, "%s%s", i ? "/" : "", segs[i]);

		if (n < 0 || (size_t)n >= sizeof(out) - len)
			return -ENAMETOOLONG;
		len += (size_t)n;
	}
	memcpy(path, out, len + 1);
	return 0;
}

/*
 * Follow the link at @rel and give the path it points to, relative to the
 * root. Absolute targets are refused: they would leave a captured tree.
 */
int mg_sysfs_resolve(struct mg_ctx *ctx, const char *rel, char *out, size_t size)
{
	char target[MG_PATH_MAX], joined[MG_PATH_MAX];
	const char *slash = strrchr(rel, '/');
	int n, err;

	err = mg_sysfs_readlink(ctx, rel, target, sizeof(target));
	if (err < 0)
		return err;
	if (target[0] == '/')
		return -EXDEV;
	n = snprintf(joined, sizeof(joined), "%.*s/%s",
		     slash ? (int)(slash - rel) : 0, rel, target);
	if (n < 0 || (size_t)n >= sizeof(joined))
		return -ENAMETOOLONG;
	err = normalize(joined);
	if (err < 0)
		return err;
	if (strlen(joined) >= size)
		return -ENAMETOOLONG;
	strcpy(out, joined);
	return 0;
}

/* The last component of a link's target: a driver's or a bus's name. */
int mg_sysfs_link_name(struct mg_ctx *ctx, const char *rel, char *out, size_t size)
{
	char target[MG_PATH_MAX];
	const char *base;
	int err = mg_sysfs_readlink(ctx, rel, target, sizeof(target));

	if (err < 0)
		return err;
	base = strrchr(target, '/');
	base = base ? base + 1 : target;
	if (!*base || strlen(base) >= size)
		return -EINVAL;
	strcpy(out, base);
	return 0;
}

int mg_sysfs_foreach(struct mg_ctx *ctx, const char *rel, mg_sysfs_entry_fn fn, void *data)
{
	char path[MG_PATH_MAX];
	struct dirent *e;
	DIR *dir;
	int err = abs_path(ctx, rel, path, sizeof(path));

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
	return err;
}

/* "0000:01:00.0" or "01:00.0" (domain 0); -EINVAL for anything else. */
int mg_pci_parse_address(const char *s, struct mg_pci_addr *addr)
{
	unsigned int dom = 0, bus, dev, fn;
	int used = 0;

	if (!isxdigit((unsigned char)s[0]))
		return -EINVAL;
	if (!(sscanf(s, "%x:%x:%x.%x%n", &dom, &bus, &dev, &fn, &used) == 4 && !s[used])) {
		dom = 0;
		used = 0;
		if (!(sscanf(s, "%x:%x.%x%n", &bus, &dev, &fn, &used) == 3 && !s[used]))
			return -EINVAL;
	}
	if (dom > 0xffff || bus > 0xff || dev > 0x1f || fn > 7)
		return -EINVAL;
	addr->domain = dom;
	addr->bus = bus;
	addr->dev = dev;
	addr->func = fn;
	return 0;
}
