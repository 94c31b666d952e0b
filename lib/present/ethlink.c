/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The Ethernet link, JSON and text from one writer: state, speed and
 * duplex, the link modes of both ends and the best one they share, SQI,
 * why the link is down, and the Wake-on-LAN modes.
 */
#include <errno.h>

#include "present/present.h"

/* A list of modes; its line of text only when there is one. */
static void modes(struct mg_out *o, const char *key, const char *label, const struct mg_ethlink *l,
		  enum mg_modes which)
{
	size_t n = mg_ethlink_get_mode_count(l, which);

	mg_out_array(o, key);
	if (n)
		mg_out_text(o, "%-18s", label);
	for (size_t i = 0; i < n; i++)
		mg_out_item(o, " %s", mg_ethlink_get_mode(l, which, i));
	if (n)
		mg_out_text(o, "\n");
	mg_out_array_end(o);
}

/* Supported speed modes not advertised; null when no mode is reported at all. */
static void not_advertised(struct mg_out *o, const struct mg_ethlink *l)
{
	size_t n = mg_ethlink_get_not_advertised_count(l);

	if (!mg_ethlink_get_mode_count(l, MG_MODES_SUPPORTED)) {
		mg_out_null(o, "not_advertised");
		return;
	}
	mg_out_array(o, "not_advertised");
	if (n)
		mg_out_text(o, "%-18s", "not advertised:");
	for (size_t i = 0; i < n; i++)
		mg_out_item(o, " %s", mg_ethlink_get_not_advertised(l, i));
	if (n)
		mg_out_text(o, "\n");
	mg_out_array_end(o);
}

/* "link: up, 2500 Mbit/s full duplex, autoneg on, port TP": each part only when known. */
static void state(struct mg_out *o, const struct mg_ethlink *l)
{
	int speed = mg_ethlink_get_speed_mbps(l), autoneg = mg_ethlink_get_autoneg(l);
	const char *duplex = mg_ethlink_get_duplex(l), *port = mg_ethlink_get_port(l);

	mg_out_word(o, "link", "link:              %s", mg_ethlink_get_link(l), "up", "down");
	mg_out_int(o, "speed_mbps", speed != MG_UNKNOWN ? ", %d Mbit/s" : NULL, speed);
	mg_out_str(o, "duplex", duplex ? " %s duplex" : NULL, duplex);
	mg_out_word(o, "autoneg", autoneg != MG_UNKNOWN ? ", autoneg %s" : NULL, autoneg, "on", "off");
	mg_out_str(o, "port", port ? ", port %s" : NULL, port);
	mg_out_int(o, "lanes", NULL, mg_ethlink_get_lanes(l));
	mg_out_text(o, "\n");
}

/* ethtool's letters, one element each in JSON; together in text only with @fmt ("d" for none). */
static void letters(struct mg_out *o, const char *key, const char *fmt, const char *modes)
{
	char one[2] = "";

	mg_out_array(o, key);
	for (const char *p = modes; *p; p++) {
		one[0] = *p;
		mg_out_item(o, fmt, one);
	}
	if (!*modes && fmt)
		mg_out_text(o, "d");
	mg_out_array_end(o);
}

/*
 * "wake-on-lan: g (supported: pumbg)" as ethtool's letters, "d" for none;
 * or why they are unknown. JSON has what is supported first.
 */
static void wol(struct mg_out *o, const struct mg_ethlink *l)
{
	const char *supported = mg_ethlink_get_wol_supported(l), *enabled = mg_ethlink_get_wol_enabled(l);
	const char *error = mg_ethlink_get_wol_error(l);

	if (!supported || !enabled) {
		mg_out_null(o, "wake_on_lan");
	} else {
		mg_out_object(o, "wake_on_lan");
		letters(o, "supported", NULL, supported);
		mg_out_text(o, "%-19s", "wake-on-lan:");
		letters(o, "enabled", "%s", enabled);
		mg_out_str(o, NULL, " (supported: %s)\n", supported[0] ? supported : "none");
		mg_out_object_end(o);
	}
	mg_out_str(o, "wake_on_lan_error", error ? "wake-on-lan:       %s\n" : NULL, error);
}

void mg_out_ethlink(struct mg_out *o, const struct mg_ethlink *l)
{
	const char *best, *down;
	int sqi;

	if (!l) {
		mg_out_null(o, NULL);
		return;
	}
	best = mg_ethlink_get_best_common_mode(l);
	down = mg_ethlink_get_ext_state(l);
	sqi = mg_ethlink_get_sqi(l);
	mg_out_object(o, NULL);
	state(o, l);
	modes(o, "supported_modes", "supported modes:", l, MG_MODES_SUPPORTED);
	modes(o, "advertised_modes", "advertised modes:", l, MG_MODES_ADVERTISED);
	modes(o, "partner_modes", "partner modes:", l, MG_MODES_PARTNER);
	mg_out_str(o, "best_common_mode", best ? "best common mode:  %s\n" : NULL, best);
	not_advertised(o, l);
	mg_out_int(o, "sqi", sqi != MG_UNKNOWN ? "SQI:               %d" : NULL, sqi);
	mg_out_int(o, "sqi_max", sqi != MG_UNKNOWN ? "/%d\n" : NULL, mg_ethlink_get_sqi_max(l));
	mg_out_str(o, "down_reason", down ? "down because:      %s\n" : NULL, down);
	mg_out_int(o, "down_subreason", NULL, mg_ethlink_get_ext_substate(l));
	wol(o, l);
	mg_out_object_end(o);
}

MG_OUT_EXPORT(mg_ethlink_to_json, mg_ethlink_to_text, mg_ethlink, mg_out_ethlink)
