/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ethtool bitsets. Replies come verbose, each bit with its name (what users
 * type and read), except the features of every interface at once: those
 * are asked compact and named from one string set (features.c). Link modes
 * are also kept as a bitmap by kernel index, which stays the same from one
 * kernel to the next and is what a set request sends.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/ethtool_netlink.h>
#include <netlink/attr.h>

#include "base/base.h"

void mg_bits_clear(struct mg_bits *b)
{
	for (size_t i = 0; i < b->count; i++)
		free(b->names[i]);
	free(b->names);
	free(b->index);
	b->names = NULL;
	b->index = NULL;
	b->count = 0;
}

int mg_bits_add(struct mg_bits *b, const char *name, int index)
{
	char **names = realloc(b->names, (b->count + 1) * sizeof(*names));
	int *idx;

	if (!names)
		return -ENOMEM;
	b->names = names;
	idx = realloc(b->index, (b->count + 1) * sizeof(*idx));
	if (!idx)
		return -ENOMEM;
	b->index = idx;
	b->names[b->count] = strdup(name);
	if (!b->names[b->count])
		return -ENOMEM;
	b->index[b->count++] = index;
	return 0;
}

int mg_bits_find(const struct mg_bits *b, const char *name)
{
	for (size_t i = 0; i < b->count; i++)
		if (!strcmp(b->names[i], name))
			return (int)i;
	return -1;
}

int mg_bitset_parse(struct nlattr *nest, struct mg_bits *all, struct mg_bits *set, unsigned int *size)
{
	static const struct nla_policy policy[ETHTOOL_A_BITSET_MAX + 1] = {
		[ETHTOOL_A_BITSET_NOMASK] = { .type = NLA_FLAG },
		[ETHTOOL_A_BITSET_SIZE] = { .type = NLA_U32 },
		[ETHTOOL_A_BITSET_BITS] = { .type = NLA_NESTED },
	};
	static const struct nla_policy bit_policy[ETHTOOL_A_BITSET_BIT_MAX + 1] = {
		[ETHTOOL_A_BITSET_BIT_INDEX] = { .type = NLA_U32 },
		[ETHTOOL_A_BITSET_BIT_NAME] = { .type = NLA_STRING },
		[ETHTOOL_A_BITSET_BIT_VALUE] = { .type = NLA_FLAG },
	};
	struct nlattr *tb[ETHTOOL_A_BITSET_MAX + 1], *bit;
	bool nomask;
	int rem, err;

	if (nla_parse_nested(tb, ETHTOOL_A_BITSET_MAX, nest, policy) < 0)
		return -EPROTO;
	if (size)
		*size = tb[ETHTOOL_A_BITSET_SIZE] ? nla_get_u32(tb[ETHTOOL_A_BITSET_SIZE]) : 0;
	if (!tb[ETHTOOL_A_BITSET_BITS])
		return 0; /* compact form: not asked for */
	nomask = tb[ETHTOOL_A_BITSET_NOMASK] != NULL;
	nla_for_each_nested(bit, tb[ETHTOOL_A_BITSET_BITS], rem) {
		struct nlattr *b[ETHTOOL_A_BITSET_BIT_MAX + 1];
		const char *name;
		int index = -1;

		if (nla_type(bit) != ETHTOOL_A_BITSET_BITS_BIT)
			continue;
		if (nla_parse_nested(b, ETHTOOL_A_BITSET_BIT_MAX, bit, bit_policy) < 0 || !b[ETHTOOL_A_BITSET_BIT_NAME])
			return -EPROTO;
		name = nla_get_string(b[ETHTOOL_A_BITSET_BIT_NAME]);
		if (b[ETHTOOL_A_BITSET_BIT_INDEX] && nla_get_u32(b[ETHTOOL_A_BITSET_BIT_INDEX]) <= 0xffff)
			index = (int)nla_get_u32(b[ETHTOOL_A_BITSET_BIT_INDEX]);
		if (all && (err = mg_bits_add(all, name, index)) < 0)
			return err;
		if (set && (nomask || b[ETHTOOL_A_BITSET_BIT_VALUE]) && (err = mg_bits_add(set, name, index)) < 0)
			return err;
	}
	return 0;
}

int mg_bitset_compact(struct nlattr *nest, struct mg_compact_bits *bits)
{
	static const struct nla_policy policy[ETHTOOL_A_BITSET_MAX + 1] = {
		[ETHTOOL_A_BITSET_SIZE] = { .type = NLA_U32 },
		[ETHTOOL_A_BITSET_BITS] = { .type = NLA_NESTED },
		[ETHTOOL_A_BITSET_VALUE] = { .type = NLA_UNSPEC },
	};
	struct nlattr *tb[ETHTOOL_A_BITSET_MAX + 1];
	unsigned int size;

	if (nla_parse_nested(tb, ETHTOOL_A_BITSET_MAX, nest, policy) < 0)
		return -EPROTO;
	if (tb[ETHTOOL_A_BITSET_BITS] || !tb[ETHTOOL_A_BITSET_VALUE])
		return -ENOENT;
	size = tb[ETHTOOL_A_BITSET_SIZE] ? nla_get_u32(tb[ETHTOOL_A_BITSET_SIZE]) : 0;
	/* Whole words for every bit the size claims. */
	if (size > 0xffff || (size_t)nla_len(tb[ETHTOOL_A_BITSET_VALUE]) < (size + 31) / 32 * 4)
		return -EPROTO;
	bits->value = nla_data(tb[ETHTOOL_A_BITSET_VALUE]);
	bits->size = size;
	return 0;
}

bool mg_compact_bit(const struct mg_compact_bits *bits, unsigned int bit)
{
	uint32_t word;

	if (bit >= bits->size)
		return false;
	memcpy(&word, bits->value + bit / 32 * 4, sizeof(word));
	return (word >> (bit % 32)) & 1;
}

bool mg_linkmodes_test(const struct mg_linkmodes *m, int bit)
{
	return bit >= 0 && bit < MG_LINKMODE_BITS && (m->w[bit / 64] >> (bit % 64)) & 1;
}

void mg_linkmodes_set(struct mg_linkmodes *m, int bit)
{
	if (bit >= 0 && bit < MG_LINKMODE_BITS)
		m->w[bit / 64] |= 1ULL << (bit % 64);
}

bool mg_linkmodes_equal(const struct mg_linkmodes *a, const struct mg_linkmodes *b)
{
	return !memcmp(a->w, b->w, sizeof(a->w));
}

bool mg_linkmodes_empty(const struct mg_linkmodes *m)
{
	static const struct mg_linkmodes none;

	return mg_linkmodes_equal(m, &none);
}

void mg_linkmodes_from_bits(const struct mg_bits *b, struct mg_linkmodes *m)
{
	memset(m, 0, sizeof(*m));
	for (size_t i = 0; i < b->count; i++)
		mg_linkmodes_set(m, b->index[i]);
}

void mg_linkmodes_to_hex(const struct mg_linkmodes *m, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (size_t w = MG_LINKMODE_BITS / 64; w-- > 0 && len + 16 < size; len += 16)
		snprintf(buf + len, size - len, "%016llx", (unsigned long long)m->w[w]);
}

int mg_linkmodes_from_hex(const char *hex, struct mg_linkmodes *m)
{
	if (strlen(hex) != MG_LINKMODE_HEX)
		return -EINVAL;
	memset(m, 0, sizeof(*m));
	for (size_t i = 0; i < MG_LINKMODE_HEX; i++) {
		const char *digits = "0123456789abcdef", *d = strchr(digits, hex[i]);
		int bit = (int)(MG_LINKMODE_HEX - 1 - i) * 4;

		if (!d || !*d)
			return -EINVAL;
		m->w[bit / 64] |= (uint64_t)(d - digits) << (bit % 64);
	}
	return 0;
}
