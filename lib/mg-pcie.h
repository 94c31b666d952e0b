/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* PCIe path internals shared by pcie.c, pcie-decode.c and board.c. */
#ifndef MG_PCIE_H
#define MG_PCIE_H

#include "mg-private.h"

#define MG_PCIE_MAX_DEPTH 16

/* The kernel's AER counters of one severity (aer_dev_correctable, ...). */
#define MG_AER_MAX_COUNTERS 32
struct mg_aer_set {
	bool present;		/* the file was read */
	long long total;	/* its TOTAL_ERR_* line, or MG_UNKNOWN */
	size_t count;
	struct {
		char name[24];
		long long value;
	} counters[MG_AER_MAX_COUNTERS];
};

struct mg_pcie_aer {
	struct mg_aer_set dev[3];	/* by enum mg_aer_severity */
	long long rootport_total[3];	/* aer_rootport_total_err_*, or MG_UNKNOWN */
};

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
	/* power management and link health, from this end's registers */
	bool no_link;		/* integrated in the root complex: no link at all */
	int aspm_supported, aspm_enabled;	/* MG_PCIE_ASPM_L0S | _L1, or MG_UNKNOWN */
	int l1ss_supported, l1ss_enabled;	/* MG_PCIE_ASPM_L1_1 .. _PCIPM_L1_2, or MG_UNKNOWN */
	int aspm_control, aspm_control_present;	/* sysfs link/ files saying 1; those that exist */
	int link_events;	/* MG_PCIE_LINK_BW_* from LnkSta, or MG_UNKNOWN */
	double link_target_speed;	/* what the link this end is on should reach */
	int below_target;	/* 1, 0 or MG_UNKNOWN */
	struct mg_pcie_aer *aer;	/* NULL when sysfs reports no AER counters */
};

struct mg_pcie_path {
	struct mg_pcie_node nodes[MG_PCIE_MAX_DEPTH];
	size_t count;
	int limit;		/* index, or -1 */
	int available_mbps;
	char board[128];
	char advice[512];
	char aspm_policy[24];	/* the kernel's pcie_aspm policy; "" when unknown */
};

double mg_pcie_speed_gts(int code);
int mg_pcie_speed_code(double gts);
void mg_pcie_decode(const struct mg_pcie_regs *r, struct mg_pcie_node *n);
void mg_pcie_node_init(struct mg_pcie_node *n);
/* pcie-health.c: what sysfs says about a function's link power and errors. */
void mg_pcie_read_health(struct mg_ctx *ctx, const char *dir, struct mg_pcie_node *n);
/*
 * The kernel's link/ controls of the function at @dir: in *@on those that
 * say 1 (MG_UNKNOWN when none could be read), in *@present those there.
 */
void mg_pcie_read_controls(struct mg_ctx *ctx, const char *dir, int *on, int *present);
/* The file under link/ of one enum mg_pcie_pm_state ("l1_aspm"), or NULL. */
const char *mg_pcie_control_file(int state);
int mg_pcie_read_aspm_policy(struct mg_ctx *ctx, char *buf, size_t size);
/* The selected word of a "[default] performance ..." policy line, or -EINVAL. */
int mg_pcie_parse_aspm_policy(const char *text, char *buf, size_t size);
int mg_pcie_parse_aer(const char *text, struct mg_aer_set *set);

/* board.c: which board this is, and what to say about its PCIe port. */
void mg_board_advise(struct mg_ctx *ctx, struct mg_pcie_path *path);

#endif
