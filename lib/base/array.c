/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Growable arrays: the one piece of bookkeeping every list shares. */
#include <stdlib.h>

#include "base/base.h"

/*
 * Room for element @count of @items: returns the array (moved when it had
 * to grow, doubling from 16) or NULL when out of memory, @items untouched.
 */
void *mg_array_grow(void *items, size_t *alloc, size_t count, size_t elem_size)
{
	size_t n;

	if (count < *alloc)
		return items;
	n = *alloc ? *alloc * 2 : 16;
	items = realloc(items, n * elem_size);
	if (items)
		*alloc = n;
	return items;
}

void *mg_array_trim(void *items, size_t *alloc, size_t count, size_t elem_size)
{
	void *trimmed;

	if (count >= *alloc)
		return items;
	if (count == 0) {
		free(items);
		*alloc = 0;
		return NULL;
	}
	trimmed = realloc(items, count * elem_size);
	if (!trimmed)
		return items;
	*alloc = count;
	return trimmed;
}
