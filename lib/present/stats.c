/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * An interface's counters, JSON and text from one writer. The two differ
 * in shape: JSON has every counter by name, the standard groups with
 * RMON's histograms and the driver's own counters; the text is show's
 * summary of them: traffic, the errors and drops that are not zero,
 * carrier changes, how much of each standard group the driver fills and
 * how many counters of its own it has.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>

#include "present/present.h"

static const char *const group_keys[MG_STATS_GROUP_COUNT] = { "eth_phy", "eth_mac", "eth_ctrl", "rmon" };

/* A counter by its key, null when not reported: JSON only. */
static void counter(struct mg_out *o, const char *key, bool known, uint64_t v)
{
	if (known)
		mg_out_uint(o, key, NULL, v);
	else
		mg_out_null(o, key);
}

/* Every counter of enum mg_stat by its name: JSON only. */
static void counters(struct mg_out *o, const struct mg_stats *s)
{
	for (int i = 0; i < MG_STAT_COUNT; i++) {
		uint64_t v = 0;
		bool known = mg_stats_get(s, (enum mg_stat)i, &v) == 0;

		counter(o, mg_stat_name((enum mg_stat)i), known, v);
	}
	/* "link_down_events_unknown": there only when the kernel is why a counter is null. */
	for (int i = 0; i < MG_STAT_COUNT; i++) {
		const char *why = mg_stats_get_unknown_reason(s, (enum mg_stat)i);
		char key[64];

		if (!why)
			continue;
		snprintf(key, sizeof(key), "%s_unknown", mg_stat_name((enum mg_stat)i));
		mg_out_str(o, key, NULL, why);
	}
}

/* Text only: packets and bytes each way, when all four are known. */
static void traffic(struct mg_out *o, const struct mg_stats *s)
{
	uint64_t rxp, rxb, txp, txb;

	if (mg_stats_get(s, MG_STAT_RX_PACKETS, &rxp) == 0 && mg_stats_get(s, MG_STAT_RX_BYTES, &rxb) == 0 &&
	    mg_stats_get(s, MG_STAT_TX_PACKETS, &txp) == 0 && mg_stats_get(s, MG_STAT_TX_BYTES, &txb) == 0)
		mg_out_text(o, "%-18s rx %" PRIu64 " packets %" PRIu64 " bytes, tx %" PRIu64 " packets %" PRIu64
			    " bytes\n", "counters:", rxp, rxb, txp, txb);
}

/* Text only: the errors and drops that are not zero, what deserves a look. */
static void errors(struct mg_out *o, const struct mg_stats *s)
{
	const char *sep = "";

	for (int i = MG_STAT_RX_ERRORS; i <= MG_STAT_RX_OTHERHOST_DROPPED; i++) {
		uint64_t v;

		if (i == MG_STAT_MULTICAST || i == MG_STAT_RX_COMPRESSED || i == MG_STAT_TX_COMPRESSED ||
		    mg_stats_get(s, (enum mg_stat)i, &v) < 0 || v == 0)
			continue;
		if (!*sep)
			mg_out_text(o, "%-18s", "errors, drops:");
		mg_out_text(o, "%s %s %" PRIu64, sep, mg_stat_name((enum mg_stat)i), v);
		sep = ",";
	}
	if (*sep)
		mg_out_text(o, "\n");
}

/* Text only: carrier changes, up and down, and the link losses the driver counted. */
static void carrier(struct mg_out *o, const struct mg_stats *s)
{
	uint64_t v, up, down;

	if (mg_stats_get(s, MG_STAT_CARRIER_CHANGES, &v) < 0)
		return;
	mg_out_text(o, "%-18s %" PRIu64 " changes", "carrier:", v);
	if (mg_stats_get(s, MG_STAT_CARRIER_UP_COUNT, &up) == 0 &&
	    mg_stats_get(s, MG_STAT_CARRIER_DOWN_COUNT, &down) == 0)
		mg_out_text(o, " (%" PRIu64 " up, %" PRIu64 " down)", up, down);
	if (mg_stats_get(s, MG_STAT_LINK_DOWN_EVENTS, &v) == 0)
		mg_out_text(o, "; the driver counted %" PRIu64 " link losses", v);
	mg_out_text(o, "\n");
}

/* RMON's frames by size, one way: JSON only. */
static void histogram(struct mg_out *o, const char *key, const struct mg_stats *s, int tx)
{
	mg_out_array(o, key);
	for (size_t i = 0; !mg_out_is_text(o) && i < mg_stats_hist_count(s, tx); i++) {
		unsigned int low = 0, high = 0;
		uint64_t v = 0;

		mg_stats_hist_get(s, tx, i, &low, &high, &v);
		mg_out_object(o, NULL);
		mg_out_long(o, "low", NULL, low);
		/* The last bucket has no upper end. */
		if (high)
			mg_out_long(o, "high", NULL, high);
		else
			mg_out_null(o, "high");
		mg_out_uint(o, "frames", NULL, v);
		mg_out_object_end(o);
	}
	mg_out_array_end(o);
}

/*
 * A standard group by its IEEE 802.3 or RMON names, null when the driver
 * fills none of it; in text its name and how many of its counters the
 * driver fills, after "standard counters:" for the first (*@listed).
 */
static void group(struct mg_out *o, const struct mg_stats *s, enum mg_stats_group g, bool *listed)
{
	size_t have = 0;

	if (!mg_stats_group_reported(s, g)) {
		mg_out_null(o, group_keys[g]);
		return;
	}
	mg_out_object(o, group_keys[g]);
	for (size_t i = 0; i < mg_stats_group_size(g); i++) {
		uint64_t v = 0;
		bool known = mg_stats_group_get(s, g, i, &v) == 0;

		counter(o, mg_stats_group_counter_name(g, i), known, v);
		have += known;
	}
	if (g == MG_STATS_RMON) {
		histogram(o, "rx_histogram", s, 0);
		histogram(o, "tx_histogram", s, 1);
	}
	mg_out_object_end(o);
	if (!*listed)
		mg_out_text(o, "%-18s", "standard counters:");
	mg_out_text(o, "%s %s (%zu of %zu)", *listed ? "," : "", mg_stats_group_name(g), have, mg_stats_group_size(g));
	*listed = true;
}

/* The driver's own counters by name, null when unread; in text only how many. */
static void driver(struct mg_out *o, const struct mg_stats *s)
{
	int n = mg_stats_driver_count(s);

	if (n == MG_UNKNOWN) {
		mg_out_null(o, "driver");
		return;
	}
	mg_out_object(o, "driver");
	for (size_t i = 0; !mg_out_is_text(o) && i < (size_t)n; i++) {
		uint64_t v = 0;

		mg_stats_driver_get(s, i, &v);
		mg_out_uint(o, mg_stats_driver_name(s, i), NULL, v);
	}
	mg_out_object_end(o);
	mg_out_text(o, "%-18s", "driver counters:");
	mg_out_int(o, NULL, " %d (listed by show --json)\n", n);
}

void mg_out_stats(struct mg_out *o, const struct mg_stats *s)
{
	bool listed = false;

	if (!s) {
		mg_out_null(o, NULL);
		return;
	}
	mg_out_object(o, NULL);
	counters(o, s);
	traffic(o, s);
	errors(o, s);
	carrier(o, s);
	for (int g = 0; g < MG_STATS_GROUP_COUNT; g++)
		group(o, s, (enum mg_stats_group)g, &listed);
	if (listed)
		mg_out_text(o, "\n");
	driver(o, s);
	mg_out_object_end(o);
}

MG_OUT_EXPORT(mg_stats_to_json, mg_stats_to_text, mg_stats, mg_out_stats)
