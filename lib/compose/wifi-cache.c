/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The wiphys of a pass over many adapters (doctor, report, export): read
 * with one set of nl80211 dumps when the first Wi-Fi interface asks, then
 * each interface's found in them by name.
 */
#include <string.h>

#include "compose/compose.h"

struct mg_wiphy *mg_wifi_cache_get(struct mg_ctx *ctx, struct mg_wifi_cache *c, const struct mg_nic *nic)
{
	const char *name = mg_nic_get_name(nic), *kind = mg_nic_get_kind(nic);

	if (!name || !kind || strcmp(kind, "wifi"))
		return NULL;
	if (!c->tried) {
		c->tried = true;
		if (mg_wiphy_list_new(ctx, NULL, &c->list) < 0)
			c->list = NULL;
		mg_clear_error(ctx);
	}
	for (size_t i = 0; i < mg_wiphy_list_count(c->list); i++) {
		struct mg_wiphy *w = mg_wiphy_list_get(c->list, i);

		for (size_t k = 0; k < mg_wiphy_get_interface_count(w); k++)
			if (!strcmp(mg_wiphy_get_interface(w, k), name))
				return mg_wiphy_ref(w);
	}
	return NULL;
}

void mg_wifi_cache_free(struct mg_wifi_cache *c)
{
	mg_wiphy_list_free(c->list);
	c->list = NULL;
	c->tried = false;
}
