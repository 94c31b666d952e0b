/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Link modes by the kernel's names ("2500baseT/Full", "10000baseKR/Full",
 * "Autoneg", "Pause"): which are speeds, which is the fastest both ends
 * share, which ours supports and does not advertise. A 2.5G NIC that comes
 * up at 1G because 2500baseT is supported but not advertised shows here.
 * Pure: names in, answers out.
 */
#include <string.h>

#include "decide/decide.h"

int mg_mode_speed_mbps(const char *mode)
{
	const char *base = mode ? strstr(mode, "base") : NULL;
	long v = 0;

	if (!base || base == mode)
		return -1;
	for (const char *p = mode; p < base; p++) {
		if (*p < '0' || *p > '9')
			return -1;
		v = v * 10 + (*p - '0');
		if (v > 100000000)
			return -1;
	}
	return (int)v;
}

bool mg_mode_is_full(const char *mode)
{
	const char *slash = mode ? strrchr(mode, '/') : NULL;

	return mg_mode_speed_mbps(mode) >= 0 && slash && !strcmp(slash, "/Full");
}

bool mg_modes_contain(char *const *list, size_t n, const char *mode)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(list[i], mode))
			return true;
	return false;
}

/* Whether @a ranks above @b: faster, or as fast and full duplex where @b is not. */
static bool better(const char *a, const char *b)
{
	int sa = mg_mode_speed_mbps(a), sb = mg_mode_speed_mbps(b);

	if (sa != sb)
		return sa > sb;
	return mg_mode_is_full(a) && !mg_mode_is_full(b);
}

const char *mg_modes_best_common(char *const *ours, size_t n, char *const *partner, size_t m)
{
	const char *best = NULL;

	for (size_t i = 0; i < n; i++) {
		if (mg_mode_speed_mbps(ours[i]) < 0 || !mg_modes_contain(partner, m, ours[i]))
			continue;
		if (!best || better(ours[i], best))
			best = ours[i];
	}
	return best;
}

const char *mg_modes_missing(char *const *supported, size_t n, char *const *advertised, size_t m,
			     size_t nth, size_t *count)
{
	const char *found = NULL;
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		if (mg_mode_speed_mbps(supported[i]) < 0 || mg_modes_contain(advertised, m, supported[i]))
			continue;
		if (k == nth)
			found = supported[i];
		k++;
	}
	if (count)
		*count = k;
	return found;
}
