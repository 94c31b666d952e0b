/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A driver's own counters, what `ethtool -S` prints: names by
 * ETHTOOL_GSTRINGS, values by ETHTOOL_GSTATS. Netlink has the names
 * (STRSET) but not the values, so both come from the ioctl, in one go.
 * A capture keeps them as text, one "VALUE NAME" line per counter: the
 * name last, since drivers put spaces in some.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <linux/ethtool.h>
#include <linux/sockios.h>

#include "gather/gather.h"

/* More counters than any driver has (mlx5 has a few thousand): a bound on what is read. */
#define DSTATS_MAX 65536

/* How many counters the driver says it has; -EOPNOTSUPP for none. */
static int stats_count(struct mg_ctx *ctx, const char *ifname, size_t *n)
{
	struct ethtool_sset_info *q = calloc(1, sizeof(*q) + sizeof(uint32_t));
	int err = q ? 0 : -ENOMEM;

	if (err == 0) {
		q->cmd = ETHTOOL_GSSET_INFO;
		q->sset_mask = 1ULL << ETH_SS_STATS;
		err = mg_ethtool_ioctl(ctx, ifname, q);
	}
	if (err == 0 && (!(q->sset_mask & (1ULL << ETH_SS_STATS)) || q->data[0] == 0))
		err = -EOPNOTSUPP;
	if (err == 0 && q->data[0] > DSTATS_MAX)
		err = -E2BIG;
	if (err == 0)
		*n = q->data[0];
	free(q);
	return err;
}

/*
 * The kernel fills as many entries as the driver has at the time of each
 * call, whatever length it is given, and a driver's count can change
 * between calls (a channel added): the buffers get room to spare, and a
 * count that moved means asking again.
 */
static size_t with_slack(size_t n)
{
	return n * 2 + 64;
}

static int read_once(struct mg_ctx *ctx, const char *ifname, size_t n, struct mg_counter *out)
{
	size_t room = with_slack(n);
	struct ethtool_gstrings *names = calloc(1, sizeof(*names) + room * ETH_GSTRING_LEN);
	struct ethtool_stats *values = calloc(1, sizeof(*values) + room * sizeof(uint64_t));
	int err = names && values ? 0 : -ENOMEM;

	if (err == 0) {
		names->cmd = ETHTOOL_GSTRINGS;
		names->string_set = ETH_SS_STATS;
		names->len = (uint32_t)n;
		err = mg_ethtool_ioctl(ctx, ifname, names);
	}
	if (err == 0) {
		values->cmd = ETHTOOL_GSTATS;
		values->n_stats = (uint32_t)n;
		err = mg_ethtool_ioctl(ctx, ifname, values);
	}
	if (err == 0 && (names->len != n || values->n_stats != n))
		err = -EAGAIN;
	for (size_t i = 0; err == 0 && i < n; i++) {
		/* Each name is NUL-padded to 32 bytes, not always terminated. */
		snprintf(out[i].name, sizeof(out[i].name), "%.*s", ETH_GSTRING_LEN,
			 (const char *)names->data + i * ETH_GSTRING_LEN);
		out[i].value = values->data[i];
	}
	free(names);
	free(values);
	return err;
}

int mg_dstats_get(struct mg_ctx *ctx, const char *ifname, struct mg_counter **counters, size_t *count)
{
	struct mg_counter *out = NULL;
	size_t n = 0;
	int err = -EAGAIN;

	for (int tries = 0; tries < 3 && err == -EAGAIN; tries++) {
		free(out);
		out = NULL;
		err = stats_count(ctx, ifname, &n);
		if (err < 0)
			break;
		out = calloc(n, sizeof(*out));
		err = out ? read_once(ctx, ifname, n, out) : -ENOMEM;
	}
	if (err < 0) {
		free(out);
		return err;
	}
	*counters = out;
	*count = n;
	return 0;
}

/* One "VALUE NAME" line; false for a malformed one. */
static bool parse_line(const char *line, size_t len, struct mg_counter *c)
{
	unsigned long long v = 0;
	size_t i = 0;

	if (len == 0 || line[0] < '0' || line[0] > '9')
		return false;
	for (; i < len && line[i] >= '0' && line[i] <= '9'; i++) {
		unsigned int d = (unsigned int)(line[i] - '0');

		if (v > (~0ULL - d) / 10)
			return false;
		v = v * 10 + d;
	}
	if (i >= len || line[i] != ' ' || len - i - 1 == 0 || len - i - 1 >= sizeof(c->name))
		return false;
	memcpy(c->name, line + i + 1, len - i - 1);
	c->name[len - i - 1] = '\0';
	if (memchr(c->name, '\0', len - i - 1))
		return false;
	c->value = v;
	return true;
}

int mg_dstats_parse(const char *text, size_t len, struct mg_counter **counters, size_t *count)
{
	struct mg_counter *out = NULL;
	size_t n = 0, alloc = 0, off = 0;

	while (off < len) {
		const char *nl = memchr(text + off, '\n', len - off);
		size_t line = nl ? (size_t)(nl - (text + off)) : len - off;
		struct mg_counter *grown;

		if (n == DSTATS_MAX)
			break;
		grown = mg_array_grow(out, &alloc, n, sizeof(*out));
		if (!grown) {
			free(out);
			return -ENOMEM;
		}
		out = grown;
		/* A line that is not a counter is left out, not taken for one. */
		if (parse_line(text + off, line, &out[n]))
			n++;
		off += line + 1;
	}
	if (n == 0) {
		free(out);
		return -EOPNOTSUPP;
	}
	*counters = out;
	*count = n;
	return 0;
}

int mg_dstats_format(const struct mg_counter *counters, size_t count, char **text, size_t *len)
{
	size_t size = count * (sizeof(counters->name) + 24) + 1, used = 0;
	char *buf = malloc(size);

	if (!buf)
		return -ENOMEM;
	for (size_t i = 0; i < count; i++) {
		/* A name with a line break would split its line: such a counter is not kept. */
		if (strchr(counters[i].name, '\n') || !counters[i].name[0])
			continue;
		used += (size_t)snprintf(buf + used, size - used, "%llu %s\n",
					 (unsigned long long)counters[i].value, counters[i].name);
	}
	*text = buf;
	*len = used;
	return 0;
}
