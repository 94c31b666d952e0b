/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Boards whose PCIe port has a known, fixable limit. Today: the Raspberry
 * Pi 5 and CM5, whose external port runs at 5 GT/s unless config.txt asks
 * for 8 GT/s, and whose link may not train to 8 GT/s when it does. The
 * board is read from the device tree under the sysfs root.
 */
#include <stdio.h>
#include <string.h>

#include "model/model.h"

#define BCM2712_ROOT_PORT 0x2712 /* Pi 5 / CM5 external port */
#define BROADCOM 0x14e4

/* Whether the NUL-separated compatible list holds @want. */
static bool compatible_has(const char *list, int len, const char *want)
{
	for (int i = 0; i < len; i += (int)strlen(list + i) + 1)
		if (!strcmp(list + i, want))
			return true;
	return false;
}

static bool is_pi5(struct mg_ctx *ctx)
{
	char buf[512];
	int len = mg_sysfs_read(ctx, "firmware/devicetree/base/compatible", buf, sizeof(buf));

	return len > 0 && (compatible_has(buf, len, "raspberrypi,5-model-b") ||
			   compatible_has(buf, len, "raspberrypi,5-compute-module"));
}

static void read_model(struct mg_ctx *ctx, struct mg_pcie_path *p)
{
	char buf[128];

	if (mg_sysfs_read(ctx, "firmware/devicetree/base/model", buf, sizeof(buf)) > 0)
		mg_strlcpy(p->board, buf, sizeof(p->board));
}

void mg_board_advise(struct mg_ctx *ctx, struct mg_pcie_path *p)
{
	const struct mg_pcie_node *root, *below;

	read_model(ctx, p);
	if (p->count < 2 || !is_pi5(ctx))
		return;
	root = &p->nodes[p->count - 1];
	below = &p->nodes[p->count - 2];
	if (root->vendor_id != BROADCOM || root->device_id != BCM2712_ROOT_PORT)
		return;
	/* The port is set to Gen 2 by default; the device could go faster. */
	if (below->speed < 0 || below->speed > 5.0 || below->cap_speed <= below->speed)
		return;
	/*
	 * The firmware writes the configured speed into the port's LnkCap: a
	 * port capable of more than 5 GT/s has the line already, and the link
	 * failed to train to it.
	 */
	if (root->cap_speed > 5.0)
		snprintf(p->advice, sizeof(p->advice),
			 "the Raspberry Pi 5's external PCIe port is set to %g GT/s "
			 "(dtparam=pciex1_gen=3) but the link trained at %g GT/s: Gen 3 is not "
			 "certified on this port; check the flat cable and the adapter board, "
			 "or remove the line for a stable 5 GT/s",
			 root->cap_speed, below->speed);
	else
		snprintf(p->advice, sizeof(p->advice),
			 "the Raspberry Pi 5 runs its external PCIe port at 5 GT/s by default; "
			 "add 'dtparam=pciex1_gen=3' to /boot/firmware/config.txt and reboot to run it "
			 "at 8 GT/s (Gen 3 is not certified on this port: check stability)");
}
