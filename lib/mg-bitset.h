/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ethtool bitsets: the verbose form (each bit with its index and name),
 * the compact one (bitmaps only), and a fixed bitmap of link modes by kernel bit index
 * (ETHTOOL_LINK_MODE_*_BIT), which is what an apply compares, journals and
 * sends back.
 */
#ifndef MG_BITSET_H
#define MG_BITSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/ethtool.h>

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

/*
 * A compact bitset (asked for with ETHTOOL_FLAG_COMPACT_BITSETS): @size
 * bits, their values as 32-bit words in host order, the lowest first. It
 * carries no names: those are the kernel's string set for its kind.
 */
struct mg_compact_bits {
	const unsigned char *value;
	unsigned int size;
};

/* @nest as a compact bitset: -ENOENT for a verbose one, -EPROTO when malformed. */
int mg_bitset_compact(struct nlattr *nest, struct mg_compact_bits *bits);
bool mg_compact_bit(const struct mg_compact_bits *bits, unsigned int bit);

/*
 * The kernel's names for one of its own string sets (ETH_SS_FEATURES...),
 * by bit index: one request (strset.c). An index without a name is "".
 */
struct mg_ctx;
struct mg_strset {
	char (*names)[ETH_GSTRING_LEN];
	size_t count;
};

/*
 * One STRSET_GET reply: set @id into @set when it holds it (names left
 * NULL when not); -EPROTO when malformed.
 */
struct nlmsghdr;
int mg_strset_parse_reply(const struct nlmsghdr *nlh, unsigned int id, struct mg_strset *set);
/* -ENOENT when the answer holds no set @id; else as the request failed. */
int mg_strset_read(struct mg_ctx *ctx, unsigned int id, struct mg_strset *set);
void mg_strset_clear(struct mg_strset *set);
/* The name of bit @index, or NULL. */
const char *mg_strset_name(const struct mg_strset *set, size_t index);

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
