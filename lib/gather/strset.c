/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The kernel's own string sets (ETHTOOL_MSG_STRSET_GET about no device):
 * the names of the bits of a kind of bitset, by index. One request names
 * every bit of every compact reply of that kind, where verbose replies
 * would carry the names again for each interface.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>
#include <netlink/attr.h>

#include "gather/gather.h"

/* More than any kernel's sets hold (features: some 70): a larger count is not believed. */
#define STRSET_MAX 4096

struct wanted_set {
	unsigned int id;
	struct mg_strset *set;
};

static int put_set_id(struct nl_msg *msg, const void *arg)
{
	const unsigned int *id = arg;
	struct nlattr *sets = nla_nest_start(msg, ETHTOOL_A_STRSET_STRINGSETS), *set;

	if (!sets || !(set = nla_nest_start(msg, ETHTOOL_A_STRINGSETS_STRINGSET)) ||
	    nla_put_u32(msg, ETHTOOL_A_STRINGSET_ID, *id) < 0)
		return -ENOMEM;
	nla_nest_end(msg, set);
	nla_nest_end(msg, sets);
	return 0;
}

static int add_strings(struct mg_strset *set, unsigned int count, struct nlattr *strings)
{
	static const struct nla_policy policy[ETHTOOL_A_STRING_MAX + 1] = {
		[ETHTOOL_A_STRING_INDEX] = { .type = NLA_U32 },
		[ETHTOOL_A_STRING_VALUE] = { .type = NLA_STRING },
	};
	struct nlattr *string;
	int rem;

	if (count > STRSET_MAX)
		return -EPROTO;
	mg_strset_clear(set);
	set->names = calloc(count ? count : 1, sizeof(*set->names));
	if (!set->names)
		return -ENOMEM;
	set->count = count;
	if (!strings)
		return 0;
	nla_for_each_nested(string, strings, rem) {
		struct nlattr *tb[ETHTOOL_A_STRING_MAX + 1];
		unsigned int index;

		if (nla_type(string) != ETHTOOL_A_STRINGS_STRING)
			continue;
		if (nla_parse_nested(tb, ETHTOOL_A_STRING_MAX, string, policy) < 0 ||
		    !tb[ETHTOOL_A_STRING_INDEX] || !tb[ETHTOOL_A_STRING_VALUE])
			return -EPROTO;
		index = nla_get_u32(tb[ETHTOOL_A_STRING_INDEX]);
		if (index < count)
			mg_strlcpy(set->names[index], nla_get_string(tb[ETHTOOL_A_STRING_VALUE]),
				   sizeof(set->names[index]));
	}
	return 0;
}

int mg_strset_parse_reply(const struct nlmsghdr *nlh, unsigned int id, struct mg_strset *set)
{
	static const struct nla_policy policy[ETHTOOL_A_STRSET_MAX + 1] = {
		[ETHTOOL_A_STRSET_HEADER] = { .type = NLA_NESTED },
		[ETHTOOL_A_STRSET_STRINGSETS] = { .type = NLA_NESTED },
	};
	static const struct nla_policy set_policy[ETHTOOL_A_STRINGSET_MAX + 1] = {
		[ETHTOOL_A_STRINGSET_ID] = { .type = NLA_U32 },
		[ETHTOOL_A_STRINGSET_COUNT] = { .type = NLA_U32 },
		[ETHTOOL_A_STRINGSET_STRINGS] = { .type = NLA_NESTED },
	};
	struct nlattr *tb[ETHTOOL_A_STRSET_MAX + 1], *one;
	int rem;

	if (mg_ethtool_parse_genl(nlh, ETHTOOL_MSG_STRSET_GET_REPLY, tb, ETHTOOL_A_STRSET_MAX, policy) < 0 ||
	    !tb[ETHTOOL_A_STRSET_STRINGSETS])
		return -EPROTO;
	nla_for_each_nested(one, tb[ETHTOOL_A_STRSET_STRINGSETS], rem) {
		struct nlattr *s[ETHTOOL_A_STRINGSET_MAX + 1];

		if (nla_type(one) != ETHTOOL_A_STRINGSETS_STRINGSET)
			continue;
		if (nla_parse_nested(s, ETHTOOL_A_STRINGSET_MAX, one, set_policy) < 0 || !s[ETHTOOL_A_STRINGSET_ID])
			return -EPROTO;
		if (nla_get_u32(s[ETHTOOL_A_STRINGSET_ID]) != id)
			continue;
		/* An empty set comes without its strings. */
		return add_strings(set, s[ETHTOOL_A_STRINGSET_COUNT] ? nla_get_u32(s[ETHTOOL_A_STRINGSET_COUNT]) : 0,
				   s[ETHTOOL_A_STRINGSET_STRINGS]);
	}
	return 0;
}

static int on_strset(const struct nlmsghdr *nlh, void *arg)
{
	struct wanted_set *w = arg;

	return mg_strset_parse_reply(nlh, w->id, w->set);
}

int mg_strset_read(struct mg_ctx *ctx, unsigned int id, struct mg_strset *set)
{
	struct mg_ethtool_req req = {
		.cmd = ETHTOOL_MSG_STRSET_GET, .global = true, .put_attrs = put_set_id, .attrs_arg = &id,
	};
	struct wanted_set w = { id, set };
	int err;

	memset(set, 0, sizeof(*set));
	err = mg_gather_ethtool(ctx, &req, on_strset, &w);
	if (err == 0 && !set->names)
		err = -ENOENT;
	if (err < 0)
		mg_strset_clear(set);
	return err;
}

void mg_strset_clear(struct mg_strset *set)
{
	free(set->names);
	set->names = NULL;
	set->count = 0;
}

struct mg_strset *mg_strset_ref(struct mg_strset *set)
{
	__atomic_add_fetch(&set->refs, 1, __ATOMIC_RELAXED);
	return set;
}

void mg_strset_unref(struct mg_strset *set)
{
	if (!set || __atomic_sub_fetch(&set->refs, 1, __ATOMIC_ACQ_REL))
		return;
	mg_strset_clear(set);
	free(set);
}

const char *mg_strset_name(const struct mg_strset *set, size_t index)
{
	return set && index < set->count && set->names[index][0] ? set->names[index] : NULL;
}
