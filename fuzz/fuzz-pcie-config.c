/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer target: the PCI config-space decoder. Each input becomes the
 * "config" file of a device in a small sysfs tree, read through libpci as
 * the library reads real devices, then decoded and walked.
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

static char config[256];
static struct mg_ctx *ctx;

static void make(const char *rel, int dir)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", fuzz_root, rel);
	if (dir)
		mkdir(path, 0755);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char path[512];

	(void)argc;
	(void)argv;
	fuzz_make_root("pcie");
	make("devices", 1);
	make("devices/pci0000:00", 1);
	make("devices/pci0000:00/0000:00:1c.0", 1);
	make("devices/pci0000:00/0000:00:1c.0/0000:05:00.0", 1);
	make("bus", 1);
	make("bus/pci", 1);
	make("bus/pci/devices", 1);
	snprintf(path, sizeof(path), "%s/bus/pci/devices/0000:05:00.0", fuzz_root);
	if (symlink("../../../devices/pci0000:00/0000:00:1c.0/0000:05:00.0", path) < 0)
		abort();
	snprintf(path, sizeof(path), "%s/bus/pci/devices/0000:00:1c.0", fuzz_root);
	if (symlink("../../../devices/pci0000:00/0000:00:1c.0", path) < 0)
		abort();
	snprintf(config, sizeof(config), "%s/devices/pci0000:00/0000:00:1c.0/0000:05:00.0/config", fuzz_root);
	if (mg_ctx_new(fuzz_root, &ctx) < 0)
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mg_pcie_path *path = NULL;
	char parent[512];
	int fd;

	if (size > 4096)
		return 0;
	/* The same bytes serve as the bridge above, so the walk decodes twice. */
	snprintf(parent, sizeof(parent), "%s/devices/pci0000:00/0000:00:1c.0/config", fuzz_root);
	for (int i = 0; i < 2; i++) {
		fd = open(i ? parent : config, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || write(fd, data, size) != (ssize_t)size)
			abort();
		close(fd);
	}
	if (mg_pcie_path_new(ctx, "0000:05:00.0", &path) == 0) {
		struct mg_estimate *e = NULL;

		mg_pcie_path_estimate(path, 1500, 10000, &e, NULL);
		mg_estimate_free(e);
		mg_pcie_path_free(path);
	}
	return 0;
}
