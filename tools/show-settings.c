/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The settings and link part of multigig show in text (the library writes their JSON). */
#include <stdio.h>

#include "cli.h"

/* The standard groups a driver fills, a line each, whether it fills them or not. */
static const enum mg_param_group groups[] = {
	MG_GROUP_RINGS, MG_GROUP_CHANNELS, MG_GROUP_COALESCE, MG_GROUP_PAUSE,
};

void print_settings(const struct mg_settings *s)
{
	for (size_t i = 0; i < sizeof(groups) / sizeof(groups[0]); i++) {
		const char *error = mg_settings_group_error(s, groups[i]);
		int printed = 0;

		printf("%-18s", mg_param_group_name(groups[i]));
		if (error) {
			printf(" %s\n", error);
			continue;
		}
		for (int p = 0; p < MG_PARAM_COUNT; p++) {
			long long v, max;

			if (mg_param_get_group((enum mg_param)p) != (int)groups[i] ||
			    mg_settings_get(s, (enum mg_param)p, &v) < 0)
				continue;
			printf(" %s %lld", mg_param_name((enum mg_param)p), v);
			if (mg_settings_get_max(s, (enum mg_param)p, &max) == 0)
				printf("/%lld", max);
			printed = 1;
		}
		printf("%s\n", printed ? "" : " (nothing reported)");
	}
}

static void print_modes(const char *label, const struct mg_ethlink *l, enum mg_modes which)
{
	size_t n = mg_ethlink_get_mode_count(l, which);

	if (!n)
		return;
	printf("%-18s", label);
	for (size_t i = 0; i < n; i++)
		printf(" %s", mg_ethlink_get_mode(l, which, i));
	printf("\n");
}

void print_ethlink(const struct mg_ethlink *l)
{
	int up = mg_ethlink_get_link(l), speed = mg_ethlink_get_speed_mbps(l);

	printf("%-18s %s", "link:", up == MG_UNKNOWN ? "unknown" : up ? "up" : "down");
	if (speed != MG_UNKNOWN)
		printf(", %d Mbit/s", speed);
	if (mg_ethlink_get_duplex(l))
		printf(" %s duplex", mg_ethlink_get_duplex(l));
	if (mg_ethlink_get_autoneg(l) != MG_UNKNOWN)
		printf(", autoneg %s", mg_ethlink_get_autoneg(l) ? "on" : "off");
	if (mg_ethlink_get_port(l))
		printf(", port %s", mg_ethlink_get_port(l));
	if (mg_ethlink_get_sqi(l) != MG_UNKNOWN)
		printf(", SQI %d/%d", mg_ethlink_get_sqi(l), mg_ethlink_get_sqi_max(l));
	if (mg_ethlink_get_ext_state(l))
		printf(", down because: %s", mg_ethlink_get_ext_state(l));
	printf("\n");
	print_modes("supported modes:", l, MG_MODES_SUPPORTED);
	print_modes("advertised modes:", l, MG_MODES_ADVERTISED);
	print_modes("partner modes:", l, MG_MODES_PARTNER);
	if (mg_ethlink_get_best_common_mode(l))
		printf("%-18s %s\n", "best common mode:", mg_ethlink_get_best_common_mode(l));
	if (mg_ethlink_get_not_advertised_count(l)) {
		printf("%-18s", "not advertised:");
		for (size_t i = 0; i < mg_ethlink_get_not_advertised_count(l); i++)
			printf(" %s", mg_ethlink_get_not_advertised(l, i));
		printf("\n");
	}
}
