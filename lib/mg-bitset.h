/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ethtool bitsets: the verbose form the kernel sends (each bit with its
 * index and name), and a fixed bitmap of link modes by kernel bit index
 * (ETHTOOL_LINK_MODE_*_BIT), which is what an apply compares, journals and
 * sends back.
 */
#ifndef MG_BITSET_H
#define MG_BITSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct nlattr;

/* Bits by name, with the kernel's index of each (-1 when it gave none). */
struct mg_bits {
	char **names;
	int *index;
	size_t count;
};

void mg_bits_clear(struct mg_bits *b);
int mg_bits_add(struct mg_bits *b, const char *name, int index);
/* The position of @name in @b, or -1. */
int mg_bits_find(const struct mg_bits *b, const char *name);

/*
 * A verbose bitset. With a mask, the listed bits are the mask (added to
 * @all) and those flagged VALUE are set (added to @set); without one
 * (NOMASK), the listed bits are the set bits. Either list may be NULL.
 * @size, when not NULL, gets ETHTOOL_A_BITSET_SIZE (0 when absent).
 * -EPROTO for a malformed nest, -ENOMEM.
 */
int mg_bitset_parse(struct nlattr *nest, struct mg_bits *all, struct mg_bits *set, unsigned int *size);

/* Link modes by bit index; bits past MG_LINKMODE_BITS are not kept. */
#define MG_LINKMODE_BITS 256
#define MG_LINKMODE_HEX (MG_LINKMODE_BITS / 4)

struct mg_linkmodes {
	uint64_t w[MG_LINKMODE_BITS / 64];
};

bool mg_linkmodes_test(const struct mg_linkmodes *m, int bit);
void mg_linkmodes_set(struct mg_linkmodes *m, int bit);
bool mg_linkmodes_equal(const struct mg_linkmodes *a, const struct mg_linkmodes *b);
bool mg_linkmodes_empty(const struct mg_linkmodes *m);
/* Every bit of @b that has an index that fits. */
void mg_linkmodes_from_bits(const struct mg_bits *b, struct mg_linkmodes *m);
/* MG_LINKMODE_HEX hex digits, the highest bit first; @size > MG_LINKMODE_HEX. */
void mg_linkmodes_to_hex(const struct mg_linkmodes *m, char *buf, size_t size);
/* Exactly MG_LINKMODE_HEX hex digits; -EINVAL otherwise. */
int mg_linkmodes_from_hex(const char *hex, struct mg_linkmodes *m);

#endif
