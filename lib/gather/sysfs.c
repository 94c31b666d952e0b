/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Sysfs as the features read it: attributes as text or numbers, links
 * resolved to paths below the root. The bytes come from the context's
 * gatherer (live, replayed or recorded); here a missing, truncated or
 * garbage file becomes "unknown", never a crash.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gather/gather.h"

bool mg_sysfs_exists(struct mg_ctx *ctx, const char *rel)
{
	return mg_gather_exists(ctx, rel) == 0;
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
	len = mg_gather_read(ctx, rel, buf, size);
	if (len < 0)
		return len;
	if ((size_t)len >= size)
		return -EFBIG;
	while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\0'))
		len--;
	buf[len] = '\0';
	return len;
}

/* Read a binary attribute (a config space) of at most @size bytes. */
int mg_sysfs_read_raw(struct mg_ctx *ctx, const char *rel, void *buf, size_t size)
{
	return mg_gather_read(ctx, rel, buf, size);
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
	return mg_gather_readlink(ctx, rel, buf, size);
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
	return mg_gather_list(ctx, rel, fn, data);
}
