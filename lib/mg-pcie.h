/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* PCIe path internals shared by pcie.c, pcie-decode.c and board.c. */
#ifndef MG_PCIE_H
#define MG_PCIE_H

#include "mg-private.h"

#define MG_PCIE_MAX_DEPTH 16

struct mg_pcie_node {
	char address[16];
	struct mg_pci_addr addr;
	int vendor_id, device_id;
	bool is_bridge;
	enum mg_pcie_role role;
	bool role_inferred;
	double cap_speed, lnkcap_speed, speed, target_speed;
	int cap_width, width;
	int supported_speeds;
	int devcap_mps, mps, mrrs, rcb;
	char reason[160];	/* why config values are unknown; "" when read */
	bool limited;		/* only 64 bytes of config space were readable */
	/* the link between this function and the next one up */
	bool has_link;
	double link_cap_speed;
	int link_cap_width;
	int degraded;
	enum mg_pcie_cap_by capped_by;
};

struct mg_pcie_path {
	struct mg_pcie_node nodes[MG_PCIE_MAX_DEPTH];
	size_t count;
	int limit;		/* index, or -1 */
	int available_mbps;
	char board[128];
	char advice[512];
};

double mg_pcie_speed_gts(int code);
int mg_pcie_speed_code(double gts);
void mg_pcie_decode(const struct mg_pcie_regs *r, struct mg_pcie_node *n);
void mg_pcie_node_init(struct mg_pcie_node *n);

/* board.c: which board this is, and what to say about its PCIe port. */
void mg_board_advise(struct mg_ctx *ctx, struct mg_pcie_path *path);

#endif
