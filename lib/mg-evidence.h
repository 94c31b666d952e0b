/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The read-only evidence about an adapter: counters, interrupts, sensors
 * and its place on USB. Internals shared with the tests of the parsers
 * and with enumeration, which attaches them to a list.
 */
#ifndef MG_EVIDENCE_H
#define MG_EVIDENCE_H

#include "mg-private.h"

struct mg_nic_list;

/* ---- stats.c ---- */
#define MG_STATS_GROUP_MAX 22	/* counters in the largest group (eth-mac) */
#define MG_STATS_HIST_MAX 12	/* buckets kept per RMON histogram (the kernel has at most 10) */

struct mg_stats_bucket {
	unsigned int low, high;
	uint64_t value;
};

/* The standard groups (STATS_GET): a kilobyte, kept only by a device that reports one. */
struct mg_stats_groups {
	bool reported[MG_STATS_GROUP_COUNT];
	uint64_t value[MG_STATS_GROUP_COUNT][MG_STATS_GROUP_MAX];
	uint32_t present[MG_STATS_GROUP_COUNT];
	struct mg_stats_bucket hist[2][MG_STATS_HIST_MAX];
	size_t hist_count[2];
};

struct mg_stats {
	char ifname[IFNAMSIZ];
	int ifindex;
	struct mg_counters link;
	struct mg_stats_groups *groups;	/* NULL: no standard group reported */
	struct mg_counter *driver;	/* NULL: not read, or the driver has none */
	size_t driver_count;
	char link_down_unknown[160];	/* why the link-down count is unknown, or "" */
};

void mg_stats_init(struct mg_stats *s);
/* What an object on the stack holds (its groups and driver counters). */
void mg_stats_clear(struct mg_stats *s);
/* An ETHTOOL_MSG_STATS_GET reply: its device and its groups; -EPROTO, -ENOMEM. Pure. */
int mg_stats_parse_reply(const struct nlmsghdr *nlh, struct mg_stats *s);
/* The link-down count of an ETHTOOL_MSG_LINKSTATE_GET reply; -EPROTO. Pure. */
int mg_stats_parse_linkstate(const struct nlmsghdr *nlh, struct mg_stats *s);
int mg_stats_attach(struct mg_ctx *ctx, struct mg_nic_list *list);

/* ---- irqs.c ---- */
int mg_irqs_attach(struct mg_ctx *ctx, struct mg_nic_list *list);

/* ---- hwmon.c ---- */
int mg_temps_attach(struct mg_ctx *ctx, struct mg_nic_list *list);

/* ---- usb.c ---- */
int mg_usb_info_attach(struct mg_ctx *ctx, struct mg_nic_list *list);

/* ---- enumerate.c: the listed adapter with this interface index, or NULL ---- */
struct mg_nic *mg_nic_list_find_ifindex(const struct mg_nic_list *list, int ifindex);

/* ---- decide/interrupts.c: /proc/interrupts and CPU lists, pure ---- */
struct mg_interrupt_line {
	int irq;
	uint64_t *counts;	/* one per CPU column; NULL when the line has fewer */
	char *name;		/* the handlers' names, "" when none */
};

struct mg_interrupts {
	int *cpus;		/* the CPU of each column ("CPU3" -> 3) */
	size_t ncpus;
	struct mg_interrupt_line *lines;	/* numbered interrupts only, in file order */
	size_t nlines;
};

/* -EBADMSG when the text has no CPU header; -ENOMEM. */
int mg_interrupts_parse(const char *text, size_t len, struct mg_interrupts *out);
void mg_interrupts_free(struct mg_interrupts *in);
const struct mg_interrupt_line *mg_interrupts_find(const struct mg_interrupts *in, int irq);
/* CPUs in a list such as "0-3,8,10-11"; -EINVAL when malformed. */
int mg_cpulist_count(const char *list);

/* ---- decide/usb-class.c ---- */
const char *mg_usb_interface_class_name(int cls, int subclass, int protocol);
bool mg_usb_driver_is_generic(const char *driver);

#endif
