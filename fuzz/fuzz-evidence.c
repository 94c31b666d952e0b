/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer target: the parsers of the evidence. The first byte picks one:
 * an ETHTOOL_MSG_STATS_GET reply, a LINKSTATE reply's link-down count, an
 * RTM_NEWLINK's counters (the rest is the message after its netlink
 * header, whose length is set to the input's, as the kernel's framing
 * guarantees), or text: /proc/interrupts, a CPU list, a capture's record
 * of a driver's counters, a capture's kernel log (its records parsed, each
 * split, matched against the known messages and attributed).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <linux/netlink.h>
#include <linux/rtnetlink.h>

#include "model/model.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void netlink(uint8_t which, const uint8_t *data, size_t size)
{
	struct nlmsghdr *nlh = calloc(1, NLMSG_HDRLEN + size);
	struct mg_stats stats;
	struct mg_link link;

	if (!nlh)
		return;
	nlh->nlmsg_len = (uint32_t)(NLMSG_HDRLEN + size);
	nlh->nlmsg_type = which == 2 ? RTM_NEWLINK : 0x20;
	memcpy((char *)nlh + NLMSG_HDRLEN, data, size);
	mg_stats_init(&stats);
	mg_link_init(&link);
	if (which == 0)
		mg_stats_parse_reply(nlh, &stats);
	else if (which == 1)
		mg_stats_parse_linkstate(nlh, &stats);
	else
		mg_link_parse_raw(nlh, &link);
	mg_stats_clear(&stats);
	free(nlh);
}

static int kernel_record(const struct mg_kmsg_record *rec, void *data)
{
	static const char *above[] = { "0001:00:00.0" };
	static const struct mg_klog_target t = { .address = "0001:01:00.0", .ifname = "eth1", .ifindex = 3,
						 .above = above, .nabove = 1,
						 .hosts = { "1000110000.pcie", "0001:00" }, .nhosts = 2 };
	struct mg_klog_prefix p;
	struct mg_klog_match m;

	(void)data;
	mg_klog_split(rec->text, &p);
	if (mg_klog_match(p.body, &m) && mg_klog_attribute(&t, &p, rec->device))
		return 1;
	return 0;
}

static void kernel_log(const uint8_t *data, size_t size)
{
	struct mg_kmsg_pass p;

	mg_kmsg_pass_init(&p, kernel_record, NULL);
	mg_kmsg_replay_text(&p, (const char *)data, size);
	mg_kmsg_pass_clear(&p);
}

static void text(uint8_t which, const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	struct mg_interrupts in;
	struct mg_counter *counters;
	size_t count;

	if (!s)
		return;
	memcpy(s, data, size);
	s[size] = '\0';
	if (which == 3 && mg_interrupts_parse(s, size, &in) == 0) {
		for (size_t i = 0; i < in.nlines; i++)
			mg_interrupts_find(&in, in.lines[i].irq);
		mg_interrupts_free(&in);
	} else if (which == 4) {
		mg_cpulist_count(s);
	} else if (which == 5 && mg_dstats_parse(s, size, &counters, &count) == 0) {
		free(counters);
	}
	free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t which;

	if (size < 1 || size > 65536)
		return 0;
	which = data[0] % 7;
	if (which < 3)
		netlink(which, data + 1, size - 1);
	else if (which == 6)
		kernel_log(data + 1, size - 1);
	else
		text(which, data + 1, size - 1);
	return 0;
}
