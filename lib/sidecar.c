/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What a live context learns from rtnetlink and ethtool has no file in
 * sysfs, so a capture keeps it beside the tree, one file per interface:
 * multigig/net/IFNAME with "key=value" lines. Keys absent are unknown.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mg-private.h"

#define SIDECAR_DIR "multigig/net"
#define SIDECAR_MAX 2048

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
	else if (!strcmp(key, "ethtool_driver"))
		copy_value(info->driver, sizeof(info->driver), value);
	else if (!strcmp(key, "driver_version"))
		copy_value(info->version, sizeof(info->version), value);
	else if (!strcmp(key, "firmware_version"))
		copy_value(info->fw_version, sizeof(info->fw_version), value);
	else
		mg_dbg(ctx, "%s/%s: unknown key '%s'", SIDECAR_DIR, ifname, key);
	if (!bad)
		return;
bad:
	mg_info(ctx, "%s/%s: ignoring malformed line '%s'", SIDECAR_DIR, ifname, line);
}

/* Returns -ENOENT when the tree has no sidecar for @ifname. */
int mg_sidecar_read(struct mg_ctx *ctx, const char *ifname, struct mg_link *link,
		    struct mg_drvinfo *info)
{
	char rel[MG_PATH_MAX], buf[SIDECAR_MAX];
	const char *saved = ctx->capture_dir;
	char *line, *save = NULL;
	int n;

	if (snprintf(rel, sizeof(rel), "%s/%s", SIDECAR_DIR, ifname) >= (int)sizeof(rel))
		return -ENAMETOOLONG;
	/* A capture writes its own sidecar from what it found. */
	ctx->capture_dir = NULL;
	n = mg_sysfs_read(ctx, rel, buf, sizeof(buf));
	ctx->capture_dir = saved;
	if (n < 0)
		return n;
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		apply_line(ctx, ifname, line, link, info);
	return 0;
}

static void put_int(FILE *f, const char *key, int value)
{
	if (value != MG_UNKNOWN)
		fprintf(f, "%s=%d\n", key, value);
}

static void put_str(FILE *f, const char *key, const char *value)
{
	if (value && !strchr(value, '\n'))
		fprintf(f, "%s=%s\n", key, value);
}

int mg_sidecar_write(struct mg_ctx *ctx, const char *dir, const struct mg_nic *nic)
{
	char path[MG_PATH_MAX];
	FILE *f;
	int n;

	n = snprintf(path, sizeof(path), "%s/%s", dir, SIDECAR_DIR);
	if (n < 0 || (size_t)n >= sizeof(path) || mg_mkdir_p(path) < 0)
		return mg_fail(ctx, -EIO, "capture: cannot create %s", path);
	n = snprintf(path, sizeof(path), "%s/%s/%s", dir, SIDECAR_DIR, nic->name);
	if (n < 0 || (size_t)n >= sizeof(path))
		return mg_fail(ctx, -ENAMETOOLONG, "capture: path too long for %s", nic->name);
	f = fopen(path, "we");
	if (!f)
		return mg_fail(ctx, -errno, "capture: cannot write %s: %m", path);
	put_int(f, "ifindex", nic->ifindex);
	put_str(f, "kind", nic->kind);
	put_str(f, "operstate", nic->operstate);
	put_int(f, "carrier", nic->carrier);
	put_int(f, "mtu", nic->mtu);
	put_int(f, "min_mtu", nic->min_mtu);
	put_int(f, "max_mtu", nic->max_mtu);
	put_str(f, "mac", nic->mac);
	put_str(f, "parent", nic->parent);
	if (nic->driver_from_ethtool)
		put_str(f, "ethtool_driver", nic->driver);
	put_str(f, "driver_version", nic->driver_version);
	put_str(f, "firmware_version", nic->firmware_version);
	if (fclose(f) != 0)
		return mg_fail(ctx, -EIO, "capture: cannot write %s", path);
	return 0;
}
