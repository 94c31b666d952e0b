/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Features (offloads) over ethtool netlink (ETHTOOL_MSG_FEATURES_GET): four
 * bitsets, hw (changeable), wanted, active and nochange, each listing its
 * set bits by the kernel's feature names. A feature is fixed when it is
 * not changeable or marked never to change. One interface by one request;
 * every interface from one dump, plus one request for the names.
 */
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/ethtool_netlink.h>
#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "model/model.h"

void mg_features_init(struct mg_features *f)
{
	memset(f, 0, sizeof(*f));
}

void mg_features_clear(struct mg_features *f)
{
	for (size_t i = 0; !f->shared && i < f->count; i++)
		free((char *)f->items[i].name);
	mg_strset_unref(f->shared);
	f->shared = NULL;
	free(f->items);
	f->items = NULL;
	f->count = 0;
}

bool mg_feature_fixed(const struct mg_feature *it)
{
	return !it->hw || it->nochange;
}

/* The entry of a bit, made when missing: by index where the kernel gave one, else by name. */
static struct mg_feature *slot(struct mg_features *f, const char *name, int index)
{
	struct mg_feature *grown;
	char *own;

	/* Names of its own, so none of a compact reply's shared ones are left beside them. */
	if (f->shared)
		mg_features_clear(f);
	for (size_t i = 0; i < f->count; i++)
		if (index >= 0 ? f->items[i].index == index : !strcmp(f->items[i].name, name))
			return &f->items[i];
	grown = realloc(f->items, (f->count + 1) * sizeof(*grown));
	if (!grown)
		return NULL;
	f->items = grown;
	if (!(own = strdup(name)))
		return NULL;
	memset(&f->items[f->count], 0, sizeof(f->items[0]));
	f->items[f->count].name = own;
	f->items[f->count].index = index;
	return &f->items[f->count++];
}

static int by_index(const void *a, const void *b)
{
	const struct mg_feature *x = a, *y = b;

	return (x->index > y->index) - (x->index < y->index);
}

/* The set bits of one of the four verbose bitsets (by its attribute), marked on their features. */
static int add_bitset(struct mg_features *f, struct nlattr *nest, int attr)
{
	struct mg_bits set = { 0 };
	int err = nest ? mg_bitset_parse(nest, NULL, &set, NULL) : 0;

	for (size_t i = 0; err == 0 && i < set.count; i++) {
		struct mg_feature *it;

		/*
		 * Unnamed (a bit the kernel has no string for: a bridge has one),
		 * or longer than ETH_GSTRING_LEN allows: it could never be set.
		 */
		if (!set.names[i][0] || strlen(set.names[i]) >= ETH_GSTRING_LEN)
			continue;
		it = slot(f, set.names[i], set.index[i]);
		if (!it) {
			err = -ENOMEM;
			break;
		}
		switch (attr) {
		case ETHTOOL_A_FEATURES_HW: it->hw = true; break;
		case ETHTOOL_A_FEATURES_WANTED: it->wanted = true; break;
		case ETHTOOL_A_FEATURES_ACTIVE: it->active = true; break;
		default: it->nochange = true; break;
		}
	}
	mg_bits_clear(&set);
	return err;
}

static int add_verbose(struct mg_features *f, struct nlattr **tb)
{
	int err;

	for (int a = ETHTOOL_A_FEATURES_HW; a <= ETHTOOL_A_FEATURES_NOCHANGE; a++)
		if ((err = add_bitset(f, tb[a], a)) < 0)
			return err;
	/* The kernel's order, whichever bitset named a feature first. */
	if (f->count > 1)
		qsort(f->items, f->count, sizeof(*f->items), by_index);
	return 0;
}

static bool any_set(const struct mg_compact_bits *bits, unsigned int b, bool on[4])
{
	bool any = false;

	for (int i = 0; i < 4; i++)
		any |= on[i] = mg_compact_bit(&bits[i], b);
	return any;
}

/* @f's name for bit @b: @names' own when shared, else a copy of it; NULL without memory. */
static const char *compact_name(struct mg_features *f, const struct mg_strset *names, unsigned int b)
{
	const char *name = mg_strset_name(names, b);

	return f->shared ? name : strdup(name);
}

/*
 * The four compact bitsets (hw, wanted, active, nochange), walked bit by
 * bit: the features come out in the kernel's order, each made once. A bit
 * the string set does not name could never be set by name, and is left out.
 */
static int add_compact(struct mg_features *f, const struct mg_compact_bits *bits, struct mg_strset *names)
{
	unsigned int size = 0;
	size_t n = 0;
	bool on[4];

	/* A second reply about the device (a dump asked again) replaces the first. */
	mg_features_clear(f);
	for (int i = 0; i < 4; i++)
		size = bits[i].size > size ? bits[i].size : size;
	/* Counted first: thousands of interfaces each keep theirs. */
	for (unsigned int b = 0; b < size; b++)
		n += any_set(bits, b, on) && mg_strset_name(names, b);
	f->items = calloc(n ? n : 1, sizeof(*f->items));
	if (!f->items)
		return -ENOMEM;
	if (names->refs)
		f->shared = mg_strset_ref(names);
	for (unsigned int b = 0; b < size && f->count < n; b++) {
		struct mg_feature *it = &f->items[f->count];

		if (!any_set(bits, b, on) || !mg_strset_name(names, b))
			continue;
		if (!(it->name = compact_name(f, names, b)))
			return -ENOMEM;
		it->index = (int)b;
		it->hw = on[0];
		it->wanted = on[1];
		it->active = on[2];
		it->nochange = on[3];
		f->count++;
	}
	return 0;
}

int mg_features_parse_reply(const struct nlmsghdr *nlh, struct mg_strset *names, struct mg_features *f)
{
	static const struct nla_policy policy[ETHTOOL_A_FEATURES_MAX + 1] = {
		[ETHTOOL_A_FEATURES_HEADER] = { .type = NLA_NESTED },
		[ETHTOOL_A_FEATURES_HW] = { .type = NLA_NESTED },
		[ETHTOOL_A_FEATURES_WANTED] = { .type = NLA_NESTED },
		[ETHTOOL_A_FEATURES_ACTIVE] = { .type = NLA_NESTED },
		[ETHTOOL_A_FEATURES_NOCHANGE] = { .type = NLA_NESTED },
	};
	struct nlattr *tb[ETHTOOL_A_FEATURES_MAX + 1];
	struct mg_compact_bits bits[4] = { { NULL, 0 } };
	int compact = 0, verbose = 0;

	if (mg_ethtool_parse_genl(nlh, ETHTOOL_MSG_FEATURES_GET_REPLY, tb, ETHTOOL_A_FEATURES_MAX, policy) < 0)
		return -EPROTO;
	mg_ethtool_parse_header(tb[ETHTOOL_A_FEATURES_HEADER], &f->ifindex, f->ifname, sizeof(f->ifname));
	for (int i = 0; i < 4; i++) {
		struct nlattr *nest = tb[ETHTOOL_A_FEATURES_HW + i];
		int err = nest ? mg_bitset_compact(nest, &bits[i]) : -ENOENT;

		if (err == -EPROTO)
			return err;
		compact += err == 0;
		verbose += nest && err == -ENOENT;
	}
	/* One reply is one form: the request's flags chose it. */
	if (compact && verbose)
		return -EPROTO;
	if (!compact)
		return add_verbose(f, tb);
	return names ? add_compact(f, bits, names) : -ENOKEY;
}

/* ---- names ---- */

/*
 * ethtool's short names, each for the kernel features it stands for, as a
 * shell pattern: tso is every TCP segmentation offload a kernel has
 * (tx-tcp-segmentation, tx-tcp6-segmentation, tx-tcp-ecn-segmentation...).
 */
static const struct {
	const char *alias;
	const char *pattern;
} aliases[] = {
	{ "gro", "rx-gro" },
	{ "gso", "tx-generic-segmentation" },
	{ "lro", "rx-lro" },
	{ "tso", "tx-tcp*-segmentation" },
	{ "sg", "tx-scatter-gather*" },
	{ "rxhash", "rx-hashing" },
	{ "rxvlan", "rx-vlan-hw-parse" },
	{ "txvlan", "tx-vlan-hw-insert" },
	{ "ntuple", "rx-ntuple-filter" },
};

static int alias_of(const char *name)
{
	for (size_t i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++)
		if (!strcmp(aliases[i].alias, name))
			return (int)i;
	return -1;
}

static int position(const struct mg_features *f, const char *name)
{
	for (size_t i = 0; i < f->count; i++)
		if (mg_feature_name_eq(f->items[i].name, name))
			return (int)i;
	return -1;
}

size_t mg_features_resolve(const struct mg_features *f, const char *name, size_t *pos, size_t max, bool *alias)
{
	int a = alias_of(name), p;
	size_t n = 0;

	*alias = a >= 0;
	if (a < 0) {
		p = position(f, name);
		if (p >= 0 && max > 0)
			pos[n++] = (size_t)p;
		return n;
	}
	for (size_t i = 0; i < f->count && n < max; i++)
		if (!fnmatch(aliases[a].pattern, f->items[i].name, 0))
			pos[n++] = i;
	return n;
}

/* ---- reading ---- */

struct one {
	struct mg_features *f;
	struct mg_strset *names;
};

static int on_one(const struct nlmsghdr *nlh, void *arg)
{
	struct one *o = arg;
	int err = mg_features_parse_reply(nlh, o->names, o->f);

	return err == -ENOMEM || err == -ENOKEY ? err : 0;
}

/*
 * Live, one device is asked verbose: names and all, one request. A capture
 * may hold its reply in the compact form of a dump: then the recorded
 * string set names it.
 */
static int read_one(struct mg_ctx *ctx, struct mg_ethtool_req *req, struct mg_features *f)
{
	struct mg_strset names;
	struct one o = { f, NULL };
	int err = mg_gather_ethtool(ctx, req, on_one, &o);

	if (err != -ENOKEY)
		return err;
	mg_features_clear(f);
	err = mg_strset_read(ctx, ETH_SS_FEATURES, &names);
	if (err < 0)
		return err == -ENOMEM ? err : -EPROTO;
	o.names = &names;
	err = mg_gather_ethtool(ctx, req, on_one, &o);
	mg_strset_clear(&names);
	return err == -ENOKEY ? -EPROTO : err;
}

int mg_features_read_into(struct mg_ctx *ctx, int ifindex, const char *ifname, struct mg_features **out)
{
	struct mg_ethtool_req req = { .cmd = ETHTOOL_MSG_FEATURES_GET, .ifindex = ifindex, .ifname = ifname };
	struct mg_features *f = malloc(sizeof(*f));
	int err;

	if (!f)
		return -ENOMEM;
	mg_features_init(f);
	mg_strlcpy(f->ifname, ifname ? ifname : "", sizeof(f->ifname));
	f->ifindex = ifindex;
	err = read_one(ctx, &req, f);
	if (err < 0) {
		mg_features_free(f);
		return err;
	}
	*out = f;
	return 0;
}

MG_EXPORT int mg_features_read(struct mg_ctx *ctx, const char *ifname, struct mg_features **features)
{
	struct mg_link link;
	int err;

	if (!ctx || !features)
		return -EINVAL;
	*features = NULL;
	mg_clear_error(ctx);
	err = mg_read_link_by_name(ctx, ifname, "features", &link);
	if (err < 0)
		return err;
	err = mg_features_read_into(ctx, link.ifindex, link.name, features);
	return err < 0 ? mg_gather_read_failed(ctx, ifname, "features", err) : 0;
}

MG_EXPORT int mg_features_read_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_features **features)
{
	int err;

	if (!ctx || !features)
		return -EINVAL;
	*features = NULL;
	mg_clear_error(ctx);
	if (mg_nic_need_interface(ctx, nic) < 0)
		return -ENODEV;
	err = mg_features_read_into(ctx, nic->ifindex, nic->name, features);
	return err < 0 ? mg_gather_read_failed(ctx, nic->name, "features", err) : 0;
}

MG_EXPORT void mg_features_free(struct mg_features *features)
{
	if (!features)
		return;
	mg_features_clear(features);
	free(features);
}

/* ---- every interface from one dump ---- */

struct dump {
	struct mg_nic **nics;	/* sorted by index, those without an interface last */
	size_t count;
	struct mg_strset *names;
};

static struct mg_nic *nic_of(const struct dump *d, int ifindex)
{
	size_t lo = 0, hi = d->count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		struct mg_nic *n = d->nics[mid];

		if (!n->name || n->ifindex > ifindex)
			hi = mid;
		else if (n->ifindex < ifindex)
			lo = mid + 1;
		else
			return n;
	}
	return NULL;
}

/* Each reply straight onto its adapter: nothing is kept in between. */
static int on_dumped(const struct nlmsghdr *nlh, void *arg)
{
	struct dump *d = arg;
	struct mg_features scratch, *f;
	struct mg_nic *nic;
	int err;

	mg_features_init(&scratch);
	err = mg_features_parse_reply(nlh, d->names, &scratch);
	nic = err == 0 ? nic_of(d, scratch.ifindex) : NULL;
	if (!nic || nic->features) {
		mg_features_clear(&scratch);
		return err == -ENOMEM ? -ENOMEM : 0;
	}
	f = malloc(sizeof(*f));
	if (!f) {
		mg_features_clear(&scratch);
		return -ENOMEM;
	}
	*f = scratch;
	nic->features = f;
	return 0;
}

/* Each adapter the dump did not reach, read alone; one without features keeps none. */
static int attach_one_by_one(struct mg_ctx *ctx, struct mg_nic **nics, size_t count)
{
	for (size_t i = 0; i < count; i++) {
		struct mg_nic *nic = nics[i];

		if (nic->name && !nic->features &&
		    mg_features_read_into(ctx, nic->ifindex, nic->name, &nic->features) == -ENOMEM)
			return -ENOMEM;
	}
	mg_clear_error(ctx);
	return 0;
}

/*
 * One dump for every interface; every device has features, so one the
 * dump did not reach (a driver's error ended it) is asked alone. The dump
 * is asked compact, its bits named by one string-set request: verbose, the
 * kernel would write every name again for each interface, and this side
 * parse them. A capture without features leaves every adapter without an
 * answer; one without the string set (0.2's first captures) holds verbose
 * replies.
 */
int mg_features_attach(struct mg_ctx *ctx, struct mg_nic **nics, size_t count)
{
	struct mg_ethtool_req req = { .cmd = ETHTOOL_MSG_FEATURES_GET };
	struct mg_strset *names;
	struct dump d = { nics, count, NULL };
	bool failed;
	int err;

	/* One interface (a scope) is read as one: verbose, in one request. */
	if (mg_gather_scoped(ctx))
		return attach_one_by_one(ctx, nics, count);
	/* Shared: each adapter's features hold the names, not a copy of them. */
	if (!(names = calloc(1, sizeof(*names))))
		return -ENOMEM;
	err = mg_strset_read(ctx, ETH_SS_FEATURES, names);
	names->refs = 1;
	if (err == -ENOMEM) {
		mg_strset_unref(names);
		return err;
	}
	if (err == 0) {
		req.flags = ETHTOOL_FLAG_COMPACT_BITSETS;
		d.names = names;
	} else if (err != MG_ENOTRECORDED) {
		mg_dbg(ctx, "no feature names (%s): asking for the verbose form", strerror(-err));
	}
	err = mg_gather_ethtool(ctx, &req, on_dumped, &d);
	mg_strset_unref(names);
	failed = err < 0 && err != -ENOMEM && err != MG_ENOTRECORDED;
	if (failed)
		mg_info(ctx, "features dump failed (%s): reading the rest one by one", strerror(-err));
	if (err == -ENOMEM)
		return err;
	mg_clear_error(ctx);
	return failed ? attach_one_by_one(ctx, nics, count) : 0;
}

MG_GETTER(const struct mg_features *, mg_nic_get_features, mg_nic, features, NULL)

/* ---- getters ---- */

MG_EXPORT const char *mg_features_get_ifname(const struct mg_features *f)
{
	return f && f->ifname[0] ? f->ifname : NULL;
}

MG_GETTER(size_t, mg_features_get_count, mg_features, count, 0)

static const struct mg_feature *item(const struct mg_features *f, size_t index)
{
	return f && index < f->count ? &f->items[index] : NULL;
}

MG_ITEM_GETTER(const char *, mg_features_get_name, mg_features, item, name, NULL)
MG_ITEM_GETTER(int, mg_features_get_active, mg_features, item, active, MG_UNKNOWN)
MG_ITEM_GETTER(int, mg_features_get_wanted, mg_features, item, wanted, MG_UNKNOWN)

MG_EXPORT int mg_features_get_fixed(const struct mg_features *f, size_t index)
{
	return item(f, index) ? mg_feature_fixed(item(f, index)) : MG_UNKNOWN;
}

MG_EXPORT int mg_features_find(const struct mg_features *f, const char *name)
{
	size_t pos;
	bool alias;

	if (!f || !name)
		return -EINVAL;
	return mg_features_resolve(f, name, &pos, 1, &alias) ? (int)pos : -ENOENT;
}
