/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* decide/modes.c: reasoning about link modes by the kernel's names. */
#ifndef MG_MODES_H
#define MG_MODES_H

#include <stdbool.h>
#include <stddef.h>

/*
 * The speed a mode name carries ("2500baseT/Full": 2500), or -1 for a
 * name that is no speed mode ("Autoneg", "TP", "Pause", "FEC_RS").
 */
int mg_mode_speed_mbps(const char *mode);
/* Whether @mode is a speed mode, full duplex. */
bool mg_mode_is_full(const char *mode);
bool mg_modes_contain(char *const *list, size_t n, const char *mode);
/*
 * The fastest speed mode in both @ours and @partner (full duplex before
 * half at one speed, else the first in @ours), or NULL.
 */
const char *mg_modes_best_common(char *const *ours, size_t n, char *const *partner, size_t m);
/*
 * The speed modes of @supported missing from @advertised, in the order of
 * @supported: the @nth of them (NULL past the end), and their number in
 * *@count when @count is not NULL.
 */
const char *mg_modes_missing(char *const *supported, size_t n, char *const *advertised, size_t m,
			     size_t nth, size_t *count);

#endif
