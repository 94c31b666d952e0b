/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The kernel's text about PCIe link health, parsed: the AER counter files
 * ("RxErr 0\nBadTLP 3\n...TOTAL_ERR_COR 3\n") and the pcie_aspm policy
 * ("default performance [powersave] powersupersave"). Pure, so a garbled
 * or hostile file is tested without a kernel: what does not parse is
 * left out, never guessed.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "decide/decide.h"

/* A counter name: printable, no spaces, short enough to keep whole. */
static bool name_ok(const char *s, size_t len, size_t max)
{
	if (len == 0 || len >= max)
		return false;
	for (size_t i = 0; i < len; i++)
		if (!isgraph((unsigned char)s[i]))
			return false;
	return true;
}

/* "NAME VALUE": the value in *value, the name's length; -EINVAL otherwise. */
static int parse_line(const char *line, size_t len, size_t max_name, long long *value)
{
	char num[24], *end;
	const char *space = memchr(line, ' ', len);
	size_t name_len, num_len;
	unsigned long long v;

	if (!space)
		return -EINVAL;
	name_len = (size_t)(space - line);
	num_len = len - name_len - 1;
	if (!name_ok(line, name_len, max_name) || num_len == 0 || num_len >= sizeof(num) ||
	    !isdigit((unsigned char)space[1]))
		return -EINVAL;
	memcpy(num, space + 1, num_len);
	num[num_len] = '\0';
	errno = 0;
	v = strtoull(num, &end, 10);
	if (errno || *end)
		return -EINVAL;
	/* A u64 past what a long long holds reads as the most it can say. */
	*value = v > (unsigned long long)LLONG_MAX ? LLONG_MAX : (long long)v;
	return (int)name_len;
}

int mg_pcie_parse_aer(const char *text, struct mg_aer_set *set)
{
	bool any = false;

	memset(set, 0, sizeof(*set));
	set->total = MG_UNKNOWN;
	while (*text) {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl - text) : strlen(text);
		long long value;
		int name_len = parse_line(text, len, sizeof(set->counters[0].name), &value);

		if (name_len > 0 && !strncmp(text, "TOTAL_", 6)) {
			set->total = value;
			any = true;
		} else if (name_len > 0 && set->count < MG_AER_MAX_COUNTERS) {
			memcpy(set->counters[set->count].name, text, (size_t)name_len);
			set->counters[set->count].name[name_len] = '\0';
			set->counters[set->count++].value = value;
			any = true;
		}
		text += len + (nl ? 1 : 0);
	}
	set->present = any;
	return any ? 0 : -EINVAL;
}

int mg_pcie_parse_aspm_policy(const char *text, char *buf, size_t size)
{
	const char *open = strchr(text, '['), *close = open ? strchr(open, ']') : NULL;
	size_t len;

	if (!close)
		return -EINVAL;
	len = (size_t)(close - open - 1);
	if (len == 0 || len >= size)
		return -EINVAL;
	for (size_t i = 0; i < len; i++)
		if (!islower((unsigned char)open[1 + i]))
			return -EINVAL;
	memcpy(buf, open + 1, len);
	buf[len] = '\0';
	return 0;
}
