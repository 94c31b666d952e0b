/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Cable diagnostics internals, shared with the tests. */
#ifndef MG_CABLE_H
#define MG_CABLE_H

#include "mg-settings.h"

struct mg_cable_phy {
	const char *pattern;		/* part of the PHY driver's name */
	enum mg_cable_support support;
	int tdr;
	const char *why_not;
};

const struct mg_cable_phy *mg_cable_phy_lookup(const char *driver);

#define MG_CABLE_PAIRS 4

#define MG_CABLE_TDR_MAX 1024

struct mg_cable_tdr_sample {
	int pair, distance_cm, mv;
};

struct mg_cable_result {
	enum mg_cable_code code[MG_CABLE_PAIRS];
	int fault_cm[MG_CABLE_PAIRS];
	/* TDR: the last STEP seen and how many amplitudes each pair has had since */
	int first_cm, step_cm, seen[MG_CABLE_PAIRS];
	size_t ntdr;
	struct mg_cable_tdr_sample tdr[MG_CABLE_TDR_MAX];
};

void mg_cable_result_init(struct mg_cable_result *r);
/*
 * Parse a CABLE_TEST_NTF. Returns 0 with @status (1 started, 2 completed)
 * and @ifindex; results go to @r when completed. -EPROTO when malformed;
 * -ENOMSG for another message.
 */
int mg_cable_parse_ntf(const struct nlmsghdr *nlh, int *ifindex, int *status, struct mg_cable_result *r);
/* The PHY driver's name from an ETHTOOL_MSG_PHY_GET reply. */
int mg_cable_parse_phy_reply(const struct nlmsghdr *nlh, char *driver, size_t size);
/* The same for a CABLE_TEST_TDR_NTF. */
int mg_cable_parse_tdr_ntf(const struct nlmsghdr *nlh, int *ifindex, int *status, struct mg_cable_result *r);
/* Wait on a socket that joined the monitor group; for the timeout test. */
int mg_cable_wait(struct mg_ctx *ctx, struct nl_sock *mon, int ifindex, bool tdr, int timeout_ms,
		  mg_cable_progress_fn progress, void *data, struct mg_cable_result *r);

#endif
