/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer target: nl80211 replies as a capture keeps them. The input is
 * two 16-bit lengths, then a GET_WIPHY dump, a GET_INTERFACE dump of that
 * first length and the second, and station and scan replies in what is
 * left: each merged as replay merges them, then written as JSON and text.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <linux/nl80211.h>

#include "present/present.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void feed(struct mg_wiphy_list *l, int cmd, const uint8_t *data, size_t len)
{
	/* Aligned, as the capture's buffer is. */
	void *copy = len ? malloc(len) : NULL;

	if (!copy)
		return;
	memcpy(copy, data, len);
	mg_wiphy_list_parse(l, cmd, copy, len);
	free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mg_wiphy_list *l;
	size_t a, b;
	char *out = NULL;

	if (size < 4 || size > 262144)
		return 0;
	a = (size_t)data[0] | (size_t)data[1] << 8;
	b = (size_t)data[2] | (size_t)data[3] << 8;
	data += 4;
	size -= 4;
	if (a > size)
		a = size;
	if (b > size - a)
		b = size - a;
	l = calloc(1, sizeof(*l));
	if (!l)
		return 0;
	l->kernel = 612;
	feed(l, NL80211_CMD_GET_WIPHY, data, a);
	feed(l, NL80211_CMD_GET_INTERFACE, data + a, b);
	feed(l, NL80211_CMD_GET_STATION, data + a + b, size - a - b);
	feed(l, NL80211_CMD_GET_SCAN, data + a + b, size - a - b);
	if (mg_wiphy_list_to_json(l, 0, &out) == 0)
		free(out);
	if (mg_wiphy_list_to_text(l, &out) == 0)
		free(out);
	mg_wiphy_list_free(l);
	return 0;
}
