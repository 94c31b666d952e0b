/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer target: the sysfs readers. The input, split at '|', fills the
 * attributes of one PCI NIC, one USB NIC, a capture sidecar and the device
 * tree of a small tree; enumeration, look-up, cable support, the PCIe
 * link attributes and its health files are then read from it.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "multigig/multigig.h"

#include "fuzz-tree.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct mg_ctx *ctx;

static const char *const files[] = {
	"devices/pci0000:00/0000:01:00.0/vendor",
	"devices/pci0000:00/0000:01:00.0/device",
	"devices/pci0000:00/0000:01:00.0/class",
	"devices/pci0000:00/0000:01:00.0/revision",
	"devices/pci0000:00/0000:01:00.0/subsystem_vendor",
	"devices/pci0000:00/0000:01:00.0/current_link_speed",
	"devices/pci0000:00/0000:01:00.0/current_link_width",
	"devices/pci0000:00/0000:01:00.0/max_link_speed",
	"devices/pci0000:00/0000:01:00.0/net/eth0/speed",
	"devices/pci0000:00/0000:01:00.0/net/eth0/mtu",
	"devices/pci0000:00/0000:01:00.0/net/eth0/ifindex",
	"devices/pci0000:00/0000:01:00.0/net/eth0/operstate",
	"multigig/net/eth0",
	"devices/pci0000:00/0000:00:14.0/usb2/2-1/idVendor",
	"devices/pci0000:00/0000:00:14.0/usb2/2-1/speed",
	"devices/pci0000:00/0000:00:14.0/usb2/2-1/product",
	"multigig/net/eth1",
	"firmware/devicetree/base/compatible",
	"firmware/devicetree/base/model",
	/* PCIe link health: AER counters, an ASPM control, the ASPM policy. */
	"devices/pci0000:00/0000:01:00.0/aer_dev_correctable",
	"devices/pci0000:00/0000:01:00.0/link/l1_aspm",
	"module/pcie_aspm/parameters/policy",
};

#define NFILES (sizeof(files) / sizeof(files[0]))

static void mkdirs(const char *rel)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", fuzz_root, rel);
	for (char *p = path + strlen(fuzz_root) + 1; *p; p++) {
		if (*p == '/') {
			*p = '\0';
			mkdir(path, 0755);
			*p = '/';
		}
	}
}

static void link_at(const char *rel, const char *target)
{
	char path[512];

	mkdirs(rel);
	snprintf(path, sizeof(path), "%s/%s", fuzz_root, rel);
	if (symlink(target, path) < 0)
		abort();
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_make_root("sysfs");
	for (size_t i = 0; i < NFILES; i++)
		mkdirs(files[i]);
	mkdirs("devices/pci0000:00/0000:00:14.0/usb2/2-1/2-1:1.0/net/eth1/x");
	link_at("class/net/eth0", "../../devices/pci0000:00/0000:01:00.0/net/eth0");
	link_at("class/net/eth1", "../../devices/pci0000:00/0000:00:14.0/usb2/2-1/2-1:1.0/net/eth1");
	link_at("devices/pci0000:00/0000:01:00.0/net/eth0/device", "../../../0000:01:00.0");
	link_at("devices/pci0000:00/0000:00:14.0/usb2/2-1/2-1:1.0/net/eth1/device", "../../../2-1:1.0");
	link_at("devices/pci0000:00/0000:01:00.0/subsystem", "../../../bus/pci");
	link_at("devices/pci0000:00/0000:00:14.0/usb2/2-1/subsystem", "../../../../../bus/usb");
	link_at("devices/pci0000:00/0000:00:14.0/usb2/2-1/2-1:1.0/subsystem", "../../../../../../bus/usb");
	link_at("bus/pci/devices/0000:01:00.0", "../../../devices/pci0000:00/0000:01:00.0");
	if (mg_ctx_new(fuzz_root, &ctx) < 0)
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mg_nic_list *list = NULL;
	struct mg_pcie_path *path = NULL;
	struct mg_cable_info *info = NULL;
	struct mg_nic *nic = NULL;
	size_t start = 0, n = 0;

	if (size > 16384)
		return 0;
	for (size_t i = 0; i <= size && n < NFILES; i++) {
		if (i == size || data[i] == '|') {
			char path_buf[512];
			int fd;

			snprintf(path_buf, sizeof(path_buf), "%s/%s", fuzz_root, files[n++]);
			fd = open(path_buf, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			if (fd < 0 || write(fd, data + start, i - start) != (ssize_t)(i - start))
				abort();
			close(fd);
			start = i + 1;
		}
	}
	if (mg_nic_list_new(ctx, &list) == 0)
		mg_nic_list_free(list);
	if (mg_nic_lookup(ctx, "eth0", &nic) == 0)
		mg_nic_unref(nic);
	if (mg_cable_query(ctx, "eth1", &info) == 0)
		mg_cable_info_free(info);
	if (mg_pcie_path_new(ctx, "eth0", &path) == 0)
		mg_pcie_path_free(path);
	return 0;
}
