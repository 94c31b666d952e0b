/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * compose/: what puts the layers below together for one question:
 * enumerate (the adapters and their parts), doctor (gather, decide,
 * plan the fixes), capture, sampler (watch), report. Its functions are
 * the API's; it shares no declarations of its own.
 */
#ifndef MG_COMPOSE_COMPOSE_H
#define MG_COMPOSE_COMPOSE_H

#include "apply/apply.h"
#include "present/present.h"

/*
 * wifi-cache.c: the wiphys read once for a pass over many adapters, each
 * Wi-Fi interface's found in them, so "all adapters" costs the same
 * nl80211 dumps however many cards there are.
 */
struct mg_wifi_cache {
	struct mg_wiphy_list *list;
	bool tried;
};
/* @nic's wiphy (a reference), NULL when it is no Wi-Fi interface or none was read. */
struct mg_wiphy *mg_wifi_cache_get(struct mg_ctx *ctx, struct mg_wifi_cache *c, const struct mg_nic *nic);
void mg_wifi_cache_free(struct mg_wifi_cache *c);

/* mg_doctor_run(), its wiphys found in (and left in) @wifi for the caller's own pass. */
int mg_doctor_run_sharing(struct mg_ctx *ctx, const struct mg_nic *nic, unsigned int interval_ms,
			  struct mg_wifi_cache *wifi, struct mg_doctor **report);

#endif
