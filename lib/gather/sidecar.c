/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What a live context learns from rtnetlink and ethtool has no file in
 * sysfs, so a capture keeps it beside the tree, one file per interface:
 * multigig/net/IFNAME with "key=value" lines. Keys absent are unknown (a
 * capture made before the link counters were recorded has none of them).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gather/gather.h"

#define SIDECAR_MAX 4096

static void copy_value(char *dst, size_t size, const char *value)
{
	mg_strlcpy(dst, value, size);
}

static int int_value(const char *value, int *out)
{
	long v;

	if (mg_parse_long(value, 10, &v) < 0 || v < 0 || v > 0x7fffffff)
		return -EINVAL;
	*out = (int)v;
	return 0;
}

static int flags_value(const char *value, unsigned int *out)
{
	int v;
	int err = int_value(value, &v);

	if (err == 0)
		*out = (unsigned int)v;
	return err;
}

/* A counter: decimal, all of 64 bits. */
static int u64_value(const char *value, uint64_t *out)
{
	unsigned long long v;
	char *end;

	if (*value < '0' || *value > '9')
		return -EINVAL;
	errno = 0;
	v = strtoull(value, &end, 10);
	if (errno || *end)
		return -EINVAL;
	*out = v;
	return 0;
}

/* The link counters carry their own names as keys; old captures have none: unknown. */
static bool counter_line(const char *key, const char *value, struct mg_counters *c, int *bad)
{
	for (int i = 0; i < MG_STAT_COUNT; i++) {
		uint64_t v;

		if (strcmp(key, mg_stat_key(i)))
			continue;
		*bad = u64_value(value, &v);
		if (!*bad)
			mg_counters_put(c, i, v);
		return true;
	}
	return false;
}

static void apply_line(struct mg_ctx *ctx, const char *ifname, char *line,
		       struct mg_link *link, struct mg_drvinfo *info)
{
	char *eq = strchr(line, '=');
	const char *key = line, *value;
	int bad = 0;

	if (!eq)
		goto bad;
	*eq = '\0';
	value = eq + 1;
	if (!strcmp(key, "ifindex"))
		bad = int_value(value, &link->ifindex);
	else if (!strcmp(key, "kind"))
		copy_value(link->kind, sizeof(link->kind), value);
	else if (!strcmp(key, "operstate"))
		copy_value(link->operstate, sizeof(link->operstate), value);
	else if (!strcmp(key, "carrier"))
		bad = int_value(value, &link->carrier);
	else if (!strcmp(key, "mtu"))
		bad = int_value(value, &link->mtu);
	else if (!strcmp(key, "min_mtu"))
		bad = int_value(value, &link->min_mtu);
	else if (!strcmp(key, "max_mtu"))
		bad = int_value(value, &link->max_mtu);
	else if (!strcmp(key, "mac"))
		copy_value(link->mac, sizeof(link->mac), value);
	else if (!strcmp(key, "parent"))
		copy_value(link->parent, sizeof(link->parent), value);
	else if (!strcmp(key, "lower"))
		bad = int_value(value, &link->lower_ifindex);
	else if (!strcmp(key, "master"))
		bad = int_value(value, &link->master_ifindex);
	else if (!strcmp(key, "flags"))
		bad = flags_value(value, &link->flags);
	else if (!strcmp(key, "ethtool_driver"))
		copy_value(info->driver, sizeof(info->driver), value);
	else if (!strcmp(key, "driver_version"))
		copy_value(info->version, sizeof(info->version), value);
	else if (!strcmp(key, "firmware_version"))
		copy_value(info->fw_version, sizeof(info->fw_version), value);
	else if (!strcmp(key, "bus_info"))
		copy_value(info->bus_info, sizeof(info->bus_info), value);
	else if (counter_line(key, value, &link->counters, &bad))
		;
	else
		mg_dbg(ctx, "%s/%s: unknown key '%s'", MG_CAPTURE_NET, ifname, key);
	if (!bad)
		return;
bad:
	mg_info(ctx, "%s/%s: ignoring malformed line '%s'", MG_CAPTURE_NET, ifname, line);
}

/* Returns -ENOENT when the tree has no sidecar for @ifname. */
int mg_sidecar_read(struct mg_gather *g, const char *ifname, struct mg_link *link,
		    struct mg_drvinfo *info)
{
	char rel[MG_PATH_MAX], buf[SIDECAR_MAX];
	char *line, *save = NULL;
	int n;

	if (snprintf(rel, sizeof(rel), "%s/%s", MG_CAPTURE_NET, ifname) >= (int)sizeof(rel))
		return -ENAMETOOLONG;
	n = mg_tree_read(&g->tree, rel, buf, sizeof(buf) - 1);
	if (n < 0)
		return n;
	buf[n] = '\0';
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		apply_line(g->ctx, ifname, line, link, info);
	return 0;
}

static void put_int(FILE *f, const char *key, int value)
{
	if (value != MG_UNKNOWN)
		fprintf(f, "%s=%d\n", key, value);
}

static void put_str(FILE *f, const char *key, const char *value)
{
	if (value && value[0] && !strchr(value, '\n'))
		fprintf(f, "%s=%s\n", key, value);
}

/* Write multigig/net/IFNAME below @dirfd; the directory exists. */
int mg_sidecar_write(struct mg_ctx *ctx, int dirfd, const char *ifname, const struct mg_link *link,
		     const struct mg_drvinfo *info)
{
	char rel[MG_PATH_MAX];
	FILE *f;
	int fd;

	if (snprintf(rel, sizeof(rel), "%s/%s", MG_CAPTURE_NET, ifname) >= (int)sizeof(rel) ||
	    strchr(ifname, '/'))
		return mg_fail(ctx, -ENAMETOOLONG, "capture: bad interface name %s", ifname);
	fd = openat(dirfd, rel, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0 || !(f = fdopen(fd, "w"))) {
		int err = -errno;

		if (fd >= 0)
			close(fd);
		return mg_fail(ctx, err, "capture: cannot write %s: %s", rel, strerror(-err));
	}
	put_int(f, "ifindex", link->ifindex);
	put_str(f, "kind", link->kind);
	put_str(f, "operstate", link->operstate);
	put_int(f, "carrier", link->carrier);
	put_int(f, "mtu", link->mtu);
	put_int(f, "min_mtu", link->min_mtu);
	put_int(f, "max_mtu", link->max_mtu);
	put_str(f, "mac", link->mac);
	put_str(f, "parent", link->parent);
	put_int(f, "flags", (int)link->flags);
	if (link->lower_ifindex > 0)
		put_int(f, "lower", link->lower_ifindex);
	if (link->master_ifindex > 0)
		put_int(f, "master", link->master_ifindex);
	put_str(f, "ethtool_driver", info->driver);
	put_str(f, "driver_version", info->version);
	put_str(f, "firmware_version", info->fw_version);
	put_str(f, "bus_info", info->bus_info);
	for (int i = 0; i < MG_STAT_COUNT; i++)
		if (link->counters.present & (1ULL << i))
			fprintf(f, "%s=%llu\n", mg_stat_key(i), (unsigned long long)link->counters.value[i]);
	if (fclose(f) != 0)
		return mg_fail(ctx, -EIO, "capture: cannot write %s", rel);
	return 0;
}
