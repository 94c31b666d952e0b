/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * "Did you mean": the valid word nearest to a mistyped one, by edit
 * distance (insertions, deletions, substitutions and swaps of two
 * neighbours each cost one), so `lst` finds `list` and `of` finds `off`.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define MAX_WORD 64

/* Optimal string alignment distance of @a and @b (both shorter than MAX_WORD). */
static size_t distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	size_t d[MAX_WORD + 1][MAX_WORD + 1];

	for (size_t i = 0; i <= la; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			size_t cost = a[i - 1] != b[j - 1];
			size_t best = d[i - 1][j - 1] + cost;

			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	return d[la][lb];
}

const char *suggest(const char *word, const char *const *candidates, size_t count)
{
	size_t len = word ? strlen(word) : 0;
	long best = -1;
	const char *found = NULL;

	if (!len || len >= MAX_WORD)
		return NULL;
	for (size_t i = 0; i < count; i++) {
		long d;

		if (!candidates[i] || strlen(candidates[i]) >= MAX_WORD)
			continue;
		/* Twice the distance, less one for a word the typo begins: "of" is nearer "off" than "on". */
		d = 2 * (long)distance(word, candidates[i]) - !strncmp(word, candidates[i], len);
		if (best < 0 || d < best) {
			best = d;
			found = candidates[i];
		}
	}
	/* Near enough to be a typo, not another word: a third of it at most, or one letter of a short one. */
	best = (best + 1) / 2;
	if (!found || best <= 0 || best > (long)(len > 3 ? (len + 2) / 3 : 1))
		return NULL;
	return found;
}
