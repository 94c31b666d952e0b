/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Ethernet link internals, shared with the tests of the reply parser. */
#ifndef MG_ETHLINK_H
#define MG_ETHLINK_H

#include "mg-bitset.h"
#include "mg-settings.h"

/* The replies a link is read from, in the order they are asked for. */
enum mg_ethlink_kind {
	MG_ETHLINK_INFO = 0,	/* LINKINFO */
	MG_ETHLINK_MODES = 1,	/* LINKMODES */
	MG_ETHLINK_STATE = 2,	/* LINKSTATE */
	MG_ETHLINK_KINDS
};

/* Supported, advertised, partner: indexed by enum mg_modes. */
#define MG_MODES_COUNT 3

struct mg_ethlink {
	char ifname[IFNAMSIZ];
	int ifindex;
	int speed, autoneg, lanes, link, sqi, sqi_max, ext_substate;
	int duplex, port, ext_state; /* raw codes, -1 when unknown */
	struct mg_bits modes[MG_MODES_COUNT];	/* with the kernel's bit indices */
	/* LINKSTATE's link-down count, kept for the counters (stats.c): one request serves both */
	uint64_t down_events;
	bool has_down_events;
};

struct mg_ethlink_list {
	struct mg_ethlink **items;
	size_t count, alloc;
};

/* @kind: an enum mg_ethlink_kind. */
void mg_ethlink_init(struct mg_ethlink *l);
/* A link of @ifname whose every part is unknown; NULL without memory. */
struct mg_ethlink *mg_ethlink_new_unknown(const char *ifname, int ifindex);
int mg_ethlink_parse_reply(const struct nlmsghdr *nlh, int kind, struct mg_ethlink *l);
void mg_ethlink_merge(struct mg_ethlink *dst, struct mg_ethlink *src, int kind);
/* Only LINKMODES (supported and advertised with bit indices), by index; -errno as the kernel says. */
int mg_ethlink_read_modes(struct mg_ctx *ctx, int ifindex, const char *ifname, struct mg_ethlink **link);
/* Free the mode names an object on the stack holds. */
void mg_ethlink_clear(struct mg_ethlink *l);

#endif
