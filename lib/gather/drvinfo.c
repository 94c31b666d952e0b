/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Driver and firmware versions: ETHTOOL_GDRVINFO, which netlink lacks; the SIOCETHTOOL ioctl it and dstats.c use. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <linux/ethtool.h>
#include <linux/sockios.h>

#include "gather/gather.h"

int mg_ethtool_ioctl(struct mg_ctx *ctx, const char *ifname, void *data)
{
	struct ifreq ifr;

	if (ctx->ioctl_fd < 0) {
		ctx->ioctl_fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
		if (ctx->ioctl_fd < 0)
			return -errno;
	}
	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", ifname);
	ifr.ifr_data = data;
	return ioctl(ctx->ioctl_fd, SIOCETHTOOL, &ifr) < 0 ? -errno : 0;
}

int mg_drvinfo_get(struct mg_ctx *ctx, const char *ifname, struct mg_drvinfo *info)
{
	struct ethtool_drvinfo di = { .cmd = ETHTOOL_GDRVINFO };
	int err;

	memset(info, 0, sizeof(*info));
	if ((err = mg_ethtool_ioctl(ctx, ifname, &di)) < 0)
		return err;
	/* The kernel's strings are NUL-padded but not promised NUL-terminated. */
	snprintf(info->driver, sizeof(info->driver), "%.*s", (int)sizeof(di.driver), di.driver);
	snprintf(info->version, sizeof(info->version), "%.*s", (int)sizeof(di.version), di.version);
	snprintf(info->fw_version, sizeof(info->fw_version), "%.*s",
		 (int)sizeof(di.fw_version), di.fw_version);
	snprintf(info->bus_info, sizeof(info->bus_info), "%.*s",
		 (int)sizeof(di.bus_info), di.bus_info);
	return 0;
}
