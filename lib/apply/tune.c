/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Features, EEE and advertised link modes in an apply, each filling its
 * row of the group table (groups.c): what the interface has now (read
 * only for the groups asked), validation into planned changes before
 * anything changes, the set requests, what a verify and a restore
 * compare, and their journal lines.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/ethtool_netlink.h>
#include <netlink/attr.h>
#include <netlink/msg.h>

#include "apply/apply.h"

/* ==== Features ==== */

static int read_features(struct mg_ctx *ctx, int ifindex, const char *ifname, const char *driver, unsigned int groups,
			 struct mg_tune_now *now)
{
	int err = mg_features_read_into(ctx, ifindex, ifname, &now->features);

	(void)driver, (void)groups;
	return err < 0 ? mg_gather_read_failed(ctx, ifname, "features", err) : 0;
}

static void clear_features(struct mg_tune_now *now)
{
	mg_features_free(now->features);
	now->features = NULL;
}

/* ---- validation and plan ---- */

/* The planned change of feature @name, or NULL. */
static struct mg_change *feature_change(struct mg_apply_part *r, const char *name)
{
	for (size_t i = 0; i < r->count; i++)
		if (r->changes[i].group == MG_GROUP_FEATURES && !strcmp(r->changes[i].name, name))
			return &r->changes[i];
	return NULL;
}

/* Plan one listed feature: 1 planned or in place, 0 blocked (fixed, or held by another), or -errno. */
static int plan_one_feature(const struct mg_feature *it, bool on, struct mg_apply_part *r)
{
	struct mg_change *c = feature_change(r, it->name);

	if (c) {
		/* Asked twice (a short name and the kernel's): the last one counts. */
		c->new_value = c->expect = on;
		return 1;
	}
	/* A fixed feature only counts where it is; a wanted one the kernel keeps off is held by another. */
	if (mg_feature_fixed(it) || it->wanted == on)
		return it->active == on ? 1 : 0;
	c = mg_change_add(r, MG_GROUP_FEATURES, it->name);
	if (!c)
		return -E2BIG;
	c->old_value = it->wanted;
	c->new_value = c->expect = on;
	return 1;
}

static int refuse_feature(struct mg_ctx *ctx, const struct mg_apply_target *t, const char *name,
			  const struct mg_feature *it, bool on)
{
	const char *ifname = t->cur.ifname;

	if (!it)
		return mg_fail(ctx, -EOPNOTSUPP, "%s: %s is fixed off: %s cannot turn it on", ifname, name,
			       mg_apply_driver(t));
	if (mg_feature_fixed(it))
		return mg_fail(ctx, -EOPNOTSUPP, "%s: %s is fixed %s: %s cannot change it", ifname, name,
			       it->active ? "on" : "off", mg_apply_driver(t));
	return mg_fail(ctx, -EINVAL, "%s: %s is asked %s already but the kernel keeps it %s: a feature it needs is %s",
		       ifname, name, on ? "on" : "off", it->active ? "on" : "off", on ? "off" : "on");
}

/*
 * A short name plans each listed member it can change and passes over the
 * fixed ones, as ethtool does; it is refused only when none can follow.
 */
static int plan_feature(struct mg_ctx *ctx, const struct mg_apply_target *t, const char *name, bool on,
			struct mg_apply_part *r)
{
	const struct mg_features *f = t->tune.features;
	const struct mg_feature *blocked = NULL;
	size_t pos[MG_FEATURE_WANT_MAX], n;
	bool alias, moved = false;

	n = mg_features_resolve(f, name, pos, MG_FEATURE_WANT_MAX, &alias);
	if (n == 0 && !alias)
		return mg_fail(ctx, -EINVAL, "%s: no feature named '%s' (features that are off and fixed are not listed)",
			       t->cur.ifname, name);
	if (n == 0)
		return on ? refuse_feature(ctx, t, name, NULL, on) : 0; /* not listed: fixed off */
	for (size_t i = 0; i < n; i++) {
		const struct mg_feature *it = &f->items[pos[i]];
		int done = plan_one_feature(it, on, r);

		if (done < 0)
			return done;
		if (done == 0 && !alias)
			return refuse_feature(ctx, t, it->name, it, on);
		if (done == 0 && !blocked)
			blocked = it;
		moved |= done > 0;
	}
	return moved || !blocked ? 0 : refuse_feature(ctx, t, name, blocked, on);
}

static int plan_features(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *want,
			 enum mg_param_group g, struct mg_apply_part *r)
{
	const struct mg_tune_want *w = want->tune;

	(void)g;
	if (!w || !w->feature_count)
		return 0;
	if (!t->tune.features)
		return mg_fail(ctx, -EOPNOTSUPP, "%s: the features could not be read", t->cur.ifname);
	for (size_t i = 0; i < w->feature_count; i++) {
		int err = plan_feature(ctx, t, w->features[i].name, w->features[i].on, r);

		if (err < 0)
			return err;
	}
	/* A change asked twice back to where it was is no change. */
	for (size_t i = 0; i < r->count;) {
		struct mg_change *c = &r->changes[i];

		if (c->group == MG_GROUP_FEATURES && c->new_value == c->old_value)
			memmove(c, c + 1, (--r->count - i) * sizeof(*c));
		else
			i++;
	}
	return 0;
}

/* ---- the set request ---- */

/* The wanted bits of the chosen features: a verbose bitset whose listed bits are the mask. */
static int send_features(struct mg_ctx *ctx, int ifindex, const struct mg_apply_part *r, bool restore)
{
	struct nl_msg *msg = mg_ethtool_request(ctx, ETHTOOL_MSG_FEATURES_SET, ETHTOOL_A_FEATURES_HEADER, ifindex,
						NLM_F_REQUEST);
	struct nlattr *wanted, *bits, *bit;

	if (!msg || !(wanted = nla_nest_start(msg, ETHTOOL_A_FEATURES_WANTED)) ||
	    !(bits = nla_nest_start(msg, ETHTOOL_A_BITSET_BITS)))
		goto nomem;
	for (size_t i = 0; i < r->count; i++) {
		const struct mg_change *c = &r->changes[i];
		long long v = restore ? c->old_value : c->new_value;

		if (!mg_change_chosen(c, MG_GROUP_FEATURES, restore))
			continue;
		if (!(bit = nla_nest_start(msg, ETHTOOL_A_BITSET_BITS_BIT)) ||
		    nla_put_string(msg, ETHTOOL_A_BITSET_BIT_NAME, c->name) < 0 ||
		    (v && nla_put_flag(msg, ETHTOOL_A_BITSET_BIT_VALUE) < 0))
			goto nomem;
		nla_nest_end(msg, bit);
	}
	nla_nest_end(msg, bits);
	nla_nest_end(msg, wanted);
	return mg_nl_transact(ctx, ctx->genl, msg, NULL, NULL);
nomem:
	nlmsg_free(msg);
	return -ENOMEM;
}

static int set_features(struct mg_ctx *ctx, int ifindex, enum mg_param_group g, const struct mg_apply_part *r,
			bool restore)
{
	(void)g;
	return mg_change_ethtool_set(ctx, ifindex, send_features, r, restore);
}

/* ---- what is there now ---- */

static const struct mg_feature *feature_now(const struct mg_tune_now *now, const char *name)
{
	const struct mg_features *f = now->features;

	for (size_t i = 0; f && i < f->count; i++)
		if (!strcmp(f->items[i].name, name))
			return &f->items[i];
	return NULL;
}

static long long feature_value(const struct mg_tune_now *now, const struct mg_change *c)
{
	const struct mg_feature *it = feature_now(now, c->name);

	return it ? it->wanted : MG_UNKNOWN;
}

static int check_feature(struct mg_ctx *ctx, const char *ifname, const struct mg_tune_now *now,
			 const struct mg_apply_part *r, const struct mg_change *c, bool in_effect)
{
	const struct mg_feature *it = feature_now(now, c->name);
	int err = mg_change_check_flag(ctx, ifname, c, feature_value(now, c));

	(void)r;
	if (err < 0)
		return err;
	if (in_effect && it && it->active != (c->new_value != 0))
		return mg_fail(ctx, -EIO, "%s: %s is asked %s but the kernel keeps it %s: a feature it needs is %s",
			       ifname, c->name, c->new_value ? "on" : "off", it->active ? "on" : "off",
			       c->new_value ? "off" : "on");
	return 0;
}

/* ---- the journal ---- */

static int format_feature(const struct mg_journal_entry *e, char *buf, size_t size)
{
	char set[32];

	mg_journal_set_text(e, set, sizeof(set));
	return snprintf(buf, size, "feature %s %lld %s", e->name, e->old_value, set);
}

/* A feature's name as the kernel spells them: printable, no space, shorter than 32. */
static bool feature_name(const char *s)
{
	size_t len = strlen(s);

	if (len == 0 || len >= MG_FEATURE_NAME)
		return false;
	for (size_t i = 0; i < len; i++)
		if (s[i] <= ' ' || s[i] > '~')
			return false;
	return true;
}

/* "feature NAME OLD SET" */
static int parse_feature(char **w, int n, struct mg_journal_entry *e)
{
	if (n != 4 || !feature_name(w[1]) || mg_journal_parse_flags(w[2], w[3], e) < 0)
		return -EBADMSG;
	e->group = MG_GROUP_FEATURES;
	mg_strlcpy(e->name, w[1], sizeof(e->name));
	return 0;
}

static void plan_restore_feature(const struct mg_journal_entry *e, const struct mg_tune_now *now,
				 struct mg_apply_part *r)
{
	struct mg_change c = { .group = e->group, .param = MG_PARAM_COUNT };

	mg_strlcpy(c.name, e->name, sizeof(c.name));
	mg_change_restore_value(e, feature_value(now, &c), &c, r);
}

const struct mg_group_ops mg_features_ops = {
	.journal_key = "feature",
	.read = read_features,
	.clear = clear_features,
	.plan = plan_features,
	.set = set_features,
	.value = feature_value,
	.check = check_feature,
	.text = mg_change_flag_text,
	.explain = mg_change_explain,
	.journal = mg_change_journal_value,
	.format = format_feature,
	.parse = parse_feature,
	.plan_restore = plan_restore_feature,
};

/* ==== EEE ==== */

static int read_eee(struct mg_ctx *ctx, int ifindex, const char *ifname, const char *driver, unsigned int groups,
		    struct mg_tune_now *now)
{
	int err = mg_eee_read_into(ctx, ifindex, ifname, driver, &now->eee);

	(void)groups;
	return err < 0 ? mg_gather_read_failed(ctx, ifname, "EEE", err) : 0;
}

static void clear_eee(struct mg_tune_now *now)
{
	mg_eee_free(now->eee);
	now->eee = NULL;
}

static int plan_eee(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *want,
		    enum mg_param_group g, struct mg_apply_part *r)
{
	const struct mg_eee *e = t->tune.eee;
	const char *ifname = t->cur.ifname;
	struct mg_change *c;
	int on;

	(void)g;
	if (!want->tune || want->tune->eee < 0)
		return 0;
	on = want->tune->eee;
	if (!e || (e->enabled == MG_UNKNOWN && e->error[0]))
		return mg_fail(ctx, -EOPNOTSUPP, "%s: %s", ifname, e ? e->error : "EEE could not be read");
	if (on && e->supported == 0)
		return mg_fail(ctx, -EOPNOTSUPP, "%s: EEE cannot be turned on: %s", ifname, e->error);
	if (e->enabled == MG_UNKNOWN)
		return mg_fail(ctx, -EOPNOTSUPP, "%s: %s does not say whether EEE is enabled", ifname,
			       mg_apply_driver(t));
	if (e->enabled == on)
		return 0;
	c = mg_change_add(r, MG_GROUP_EEE, "eee");
	if (!c)
		return -E2BIG;
	c->old_value = e->enabled;
	c->new_value = c->expect = on;
	return 0;
}

static int send_eee(struct mg_ctx *ctx, int ifindex, const struct mg_apply_part *r, bool restore)
{
	struct nl_msg *msg;

	for (size_t i = 0; i < r->count; i++) {
		const struct mg_change *c = &r->changes[i];
		uint8_t on = (uint8_t)(restore ? c->old_value : c->new_value);

		if (!mg_change_chosen(c, MG_GROUP_EEE, restore))
			continue;
		msg = mg_ethtool_request(ctx, ETHTOOL_MSG_EEE_SET, ETHTOOL_A_EEE_HEADER, ifindex, NLM_F_REQUEST);
		if (!msg || nla_put_u8(msg, ETHTOOL_A_EEE_ENABLED, on) < 0) {
			nlmsg_free(msg);
			return -ENOMEM;
		}
		return mg_nl_transact(ctx, ctx->genl, msg, NULL, NULL);
	}
	return 0;
}

static int set_eee(struct mg_ctx *ctx, int ifindex, enum mg_param_group g, const struct mg_apply_part *r,
		   bool restore)
{
	(void)g;
	return mg_change_ethtool_set(ctx, ifindex, send_eee, r, restore);
}

static long long eee_value(const struct mg_tune_now *now, const struct mg_change *c)
{
	(void)c;
	return now->eee ? now->eee->enabled : MG_UNKNOWN;
}

static int check_eee(struct mg_ctx *ctx, const char *ifname, const struct mg_tune_now *now,
		     const struct mg_apply_part *r, const struct mg_change *c, bool in_effect)
{
	(void)r, (void)in_effect;
	return mg_change_check_flag(ctx, ifname, c, eee_value(now, c));
}

static int format_eee(const struct mg_journal_entry *e, char *buf, size_t size)
{
	char set[32];

	mg_journal_set_text(e, set, sizeof(set));
	return snprintf(buf, size, "eee %lld %s", e->old_value, set);
}

/* "eee OLD SET" */
static int parse_eee(char **w, int n, struct mg_journal_entry *e)
{
	if (n != 3 || mg_journal_parse_flags(w[1], w[2], e) < 0)
		return -EBADMSG;
	e->group = MG_GROUP_EEE;
	return 0;
}

static void plan_restore_eee(const struct mg_journal_entry *e, const struct mg_tune_now *now,
			     struct mg_apply_part *r)
{
	struct mg_change c = { .group = e->group, .param = MG_PARAM_COUNT, .name = "eee" };

	mg_change_restore_value(e, eee_value(now, &c), &c, r);
}

const struct mg_group_ops mg_eee_ops = {
	.journal_key = "eee",
	.bounces_link = true,
	.read = read_eee,
	.clear = clear_eee,
	.plan = plan_eee,
	.set = set_eee,
	.value = eee_value,
	.check = check_eee,
	.text = mg_change_flag_text,
	.explain = mg_change_explain,
	.journal = mg_change_journal_value,
	.format = format_eee,
	.parse = parse_eee,
	.plan_restore = plan_restore_eee,
};

/* ==== Advertised link modes ==== */

static int read_modes(struct mg_ctx *ctx, int ifindex, const char *ifname, const char *driver, unsigned int groups,
		      struct mg_tune_now *now)
{
	int err = mg_ethlink_read_modes(ctx, ifindex, ifname, &now->modes);

	(void)driver, (void)groups;
	if (err == -EOPNOTSUPP)
		now->modes_err = err;
	else if (err < 0)
		return mg_gather_read_failed(ctx, ifname, "the link modes", err);
	return 0;
}

static void clear_modes(struct mg_tune_now *now)
{
	mg_ethlink_free(now->modes);
	now->modes = NULL;
}

/* ---- link modes as bitmaps ---- */

/* The speed modes an interface supports, as a bitmap. */
static void speed_bits(const struct mg_ethlink *l, struct mg_linkmodes *m)
{
	const struct mg_bits *sup = &l->modes[MG_MODES_SUPPORTED];

	memset(m, 0, sizeof(*m));
	for (size_t i = 0; i < sup->count; i++)
		if (mg_mode_speed_mbps(sup->names[i]) >= 0)
			mg_linkmodes_set(m, sup->index[i]);
}

static const char *name_of_bit(const struct mg_ethlink *l, int bit)
{
	const struct mg_bits *sup = l ? &l->modes[MG_MODES_SUPPORTED] : NULL;

	for (size_t i = 0; sup && i < sup->count; i++)
		if (sup->index[i] == bit)
			return sup->names[i];
	return NULL;
}

/* The speed modes of @m by name, separated by commas; "bit N" where @l has no name for one. */
static void modes_text(const struct mg_ethlink *l, const struct mg_linkmodes *m, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int bit = 0; bit < MG_LINKMODE_BITS && len + 1 < size; bit++) {
		const char *name = name_of_bit(l, bit);
		char unnamed[16];
		int n;

		if (!mg_linkmodes_test(m, bit) || (name && mg_mode_speed_mbps(name) < 0))
			continue;
		if (!name) {
			snprintf(unnamed, sizeof(unnamed), "bit %d", bit);
			name = unnamed;
		}
		n = snprintf(buf + len, size - len, "%s%s", len ? "," : "", name);
		if (n < 0 || (size_t)n >= size - len)
			break;
		len += (size_t)n;
	}
}

static void and_not(struct mg_linkmodes *a, const struct mg_linkmodes *b)
{
	for (size_t i = 0; i < sizeof(a->w) / sizeof(a->w[0]); i++)
		a->w[i] &= ~b->w[i];
}

static void or_in(struct mg_linkmodes *a, const struct mg_linkmodes *b)
{
	for (size_t i = 0; i < sizeof(a->w) / sizeof(a->w[0]); i++)
		a->w[i] |= b->w[i];
}

/* The bitmap @which of @r, as @l names its modes. */
static void put_modes(struct mg_apply_part *r, enum mg_change_value which, const struct mg_ethlink *l,
		      const struct mg_linkmodes *m)
{
	r->adv[which] = *m;
	modes_text(l, m, r->adv_text[which], sizeof(r->adv_text[0]));
}

/* ---- validation and plan ---- */

/* The supported speed mode a word names: exact, or "2500baseT" for its full duplex mode. */
static int find_mode(const struct mg_bits *sup, const char *word)
{
	char full[MG_FEATURE_NAME + 8];
	int i = mg_bits_find(sup, word);

	if (i < 0 && !strchr(word, '/')) {
		snprintf(full, sizeof(full), "%s/Full", word);
		i = mg_bits_find(sup, full);
	}
	return i >= 0 && mg_mode_speed_mbps(sup->names[i]) >= 0 ? i : -1;
}

/* The speed modes named in @list into @m; -errno with the reason in the context. */
static int parse_modes(struct mg_ctx *ctx, const struct mg_apply_target *t, const char *list,
		       struct mg_linkmodes *m)
{
	const struct mg_ethlink *l = t->tune.modes;
	const struct mg_bits *sup = &l->modes[MG_MODES_SUPPORTED];
	char copy[1024], *save = NULL, known[512];
	struct mg_linkmodes speeds;

	if (mg_strlcpy(copy, list, sizeof(copy)) < 0)
		return mg_fail(ctx, -EINVAL, "%s: the list of modes is too long", t->cur.ifname);
	for (char *w = strtok_r(copy, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		int i = find_mode(sup, w);

		if (i < 0) {
			speed_bits(l, &speeds);
			modes_text(l, &speeds, known, sizeof(known));
			return mg_fail(ctx, -EINVAL, "%s: %s does not support %s (it supports %s)", t->cur.ifname,
				       t->cur.ifname, w, known);
		}
		if (sup->index[i] < 0 || sup->index[i] >= MG_LINKMODE_BITS)
			return mg_fail(ctx, -EOPNOTSUPP, "%s: %s is beyond the link modes this library can set",
				       t->cur.ifname, w);
		mg_linkmodes_set(m, sup->index[i]);
	}
	return 0;
}

/* The speed modes advertised become those asked; Autoneg, port, Pause and FEC bits stay. */
static int plan_advertise(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *want,
			  enum mg_param_group g, struct mg_apply_part *r)
{
	const struct mg_ethlink *l = t->tune.modes;
	struct mg_linkmodes speeds, cur, next;
	struct mg_change *c;
	int err;

	(void)g;
	if (!want->tune || !want->tune->advertise)
		return 0;
	if (!l)
		return mg_fail(ctx, -EOPNOTSUPP, "%s: %s does not support link modes", t->cur.ifname,
			       mg_apply_driver(t));
	speed_bits(l, &speeds);
	if (mg_linkmodes_empty(&speeds))
		return mg_fail(ctx, -EOPNOTSUPP, "%s: %s reports no link modes to advertise", t->cur.ifname,
			       mg_apply_driver(t));
	mg_linkmodes_from_bits(&l->modes[MG_MODES_ADVERTISED], &cur);
	next = cur;
	and_not(&next, &speeds);
	if (!strcmp(want->tune->advertise, "all"))
		or_in(&next, &speeds);
	else if ((err = parse_modes(ctx, t, want->tune->advertise, &next)) < 0)
		return err;
	if (mg_linkmodes_equal(&next, &cur))
		return 0;
	c = mg_change_add(r, MG_GROUP_ADVERTISE, "advertise");
	if (!c)
		return -E2BIG;
	c->old_value = c->new_value = c->expect = MG_UNKNOWN;
	put_modes(r, MG_VALUE_OLD, l, &cur);
	put_modes(r, MG_VALUE_NEW, l, &next);
	put_modes(r, MG_VALUE_EXPECT, l, &next);
	return 0;
}

/* ---- the set request ---- */

/* A bitmap as the kernel's compact bitsets carry one: 32-bit words, lowest first. */
static int put_words(struct nl_msg *msg, int attr, const struct mg_linkmodes *m)
{
	uint32_t words[MG_LINKMODE_BITS / 32];

	for (size_t i = 0; i < sizeof(m->w) / sizeof(m->w[0]); i++) {
		words[2 * i] = (uint32_t)m->w[i];
		words[2 * i + 1] = (uint32_t)(m->w[i] >> 32);
	}
	return nla_put(msg, attr, sizeof(words), words);
}

/*
 * The advertisement as a compact bitset: the value to set, under a mask of
 * every bit the change touches (what was there, what it sets, what it left).
 */
static int send_advertise(struct mg_ctx *ctx, int ifindex, const struct mg_apply_part *r, bool restore)
{
	struct mg_linkmodes mask = r->adv[MG_VALUE_OLD];
	struct nl_msg *msg;
	struct nlattr *ours;
	bool chosen = false;

	for (size_t i = 0; i < r->count; i++)
		chosen |= mg_change_chosen(&r->changes[i], MG_GROUP_ADVERTISE, restore);
	if (!chosen)
		return 0;
	or_in(&mask, &r->adv[MG_VALUE_NEW]);
	or_in(&mask, &r->adv[MG_VALUE_EXPECT]);
	msg = mg_ethtool_request(ctx, ETHTOOL_MSG_LINKMODES_SET, ETHTOOL_A_LINKMODES_HEADER, ifindex, NLM_F_REQUEST);
	if (!msg || !(ours = nla_nest_start(msg, ETHTOOL_A_LINKMODES_OURS)) ||
	    nla_put_u32(msg, ETHTOOL_A_BITSET_SIZE, MG_LINKMODE_BITS) < 0 ||
	    put_words(msg, ETHTOOL_A_BITSET_VALUE, &r->adv[restore ? MG_VALUE_OLD : MG_VALUE_NEW]) < 0 ||
	    put_words(msg, ETHTOOL_A_BITSET_MASK, &mask) < 0) {
		nlmsg_free(msg);
		return -ENOMEM;
	}
	nla_nest_end(msg, ours);
	return mg_nl_transact(ctx, ctx->genl, msg, NULL, NULL);
}

static int set_advertise(struct mg_ctx *ctx, int ifindex, enum mg_param_group g, const struct mg_apply_part *r,
			 bool restore)
{
	(void)g;
	return mg_change_ethtool_set(ctx, ifindex, send_advertise, r, restore);
}

/* ---- what is there now, against a change ---- */

static enum mg_tune_now_is compare_modes(const struct mg_tune_now *now, struct mg_apply_part *r, struct mg_change *c)
{
	struct mg_linkmodes cur;

	(void)c;
	if (!now->modes)
		return MG_NOW_UNKNOWN;
	mg_linkmodes_from_bits(&now->modes->modes[MG_MODES_ADVERTISED], &cur);
	if (mg_linkmodes_equal(&cur, &r->adv[MG_VALUE_EXPECT]))
		return MG_NOW_EXPECT;
	if (mg_linkmodes_equal(&cur, &r->adv[MG_VALUE_OLD]))
		return MG_NOW_OLD;
	put_modes(r, MG_VALUE_FOUND, now->modes, &cur);
	return MG_NOW_OTHER;
}

static void expect_modes(const struct mg_tune_now *now, struct mg_apply_part *r, struct mg_change *c)
{
	struct mg_linkmodes cur;

	(void)c;
	if (!now->modes)
		return;
	mg_linkmodes_from_bits(&now->modes->modes[MG_MODES_ADVERTISED], &cur);
	put_modes(r, MG_VALUE_EXPECT, now->modes, &cur);
}

/* The speed modes of @a and @b agree (the part an advertise decides). */
static bool same_speeds(const struct mg_ethlink *l, const struct mg_linkmodes *a, const struct mg_linkmodes *b)
{
	struct mg_linkmodes speeds, x = *a, y = *b;

	speed_bits(l, &speeds);
	for (size_t i = 0; i < sizeof(x.w) / sizeof(x.w[0]); i++) {
		x.w[i] &= speeds.w[i];
		y.w[i] &= speeds.w[i];
	}
	return mg_linkmodes_equal(&x, &y);
}

static int check_modes(struct mg_ctx *ctx, const char *ifname, const struct mg_tune_now *now,
		       const struct mg_apply_part *r, const struct mg_change *c, bool in_effect)
{
	struct mg_linkmodes cur;
	char text[1024];

	(void)c, (void)in_effect;
	if (!now->modes)
		return mg_fail(ctx, -EIO, "%s: the link modes could not be read back", ifname);
	mg_linkmodes_from_bits(&now->modes->modes[MG_MODES_ADVERTISED], &cur);
	if (same_speeds(now->modes, &cur, &r->adv[MG_VALUE_NEW]))
		return 0;
	modes_text(now->modes, &cur, text, sizeof(text));
	return mg_fail(ctx, -EIO, "%s: the driver advertises %s, not %s", ifname, text[0] ? text : "no speed mode",
		       r->adv_text[MG_VALUE_NEW]);
}

static void modes_change_text(const struct mg_apply_part *r, const struct mg_change *c, enum mg_change_value which,
			      char *buf, size_t size)
{
	(void)c;
	snprintf(buf, size, "%s", r->adv_text[which][0] ? r->adv_text[which] : "no speed mode");
}

/* ---- the journal ---- */

static void journal_modes(const struct mg_apply_part *r, const struct mg_change *c, bool as_left,
			  struct mg_journal_entry *e)
{
	mg_change_journal_value(r, c, false, e);
	e->old_modes = r->adv[MG_VALUE_OLD];
	e->new_modes = r->adv[as_left ? MG_VALUE_EXPECT : MG_VALUE_NEW];
	e->old_value = e->new_value = 0;
}

static int format_modes(const struct mg_journal_entry *e, char *buf, size_t size)
{
	char set[MG_LINKMODE_HEX + 1] = "-", old[MG_LINKMODE_HEX + 1];

	mg_linkmodes_to_hex(&e->old_modes, old, sizeof(old));
	if (e->new_known)
		mg_linkmodes_to_hex(&e->new_modes, set, sizeof(set));
	return snprintf(buf, size, "advertise %s %s", old, set);
}

/* "advertise OLDHEX SETHEX" */
static int parse_modes_line(char **w, int n, struct mg_journal_entry *e)
{
	if (n != 3)
		return -EBADMSG;
	e->new_known = strcmp(w[2], "-") != 0;
	if (mg_linkmodes_from_hex(w[1], &e->old_modes) < 0 ||
	    (e->new_known && mg_linkmodes_from_hex(w[2], &e->new_modes) < 0))
		return -EBADMSG;
	e->group = MG_GROUP_ADVERTISE;
	return 0;
}

static void plan_restore_modes(const struct mg_journal_entry *e, const struct mg_tune_now *now,
			       struct mg_apply_part *r)
{
	struct mg_change c = { .group = e->group, .param = MG_PARAM_COUNT, .name = "advertise" };
	struct mg_linkmodes cur = { { 0 } };

	if (r->count >= MG_CHANGE_MAX)
		return;
	if (now->modes)
		mg_linkmodes_from_bits(&now->modes->modes[MG_MODES_ADVERTISED], &cur);
	if (now->modes && mg_linkmodes_equal(&cur, &e->old_modes))
		return; /* back already */
	if (now->modes && e->new_known && !mg_linkmodes_equal(&cur, &e->new_modes)) {
		c.state = MG_CHANGE_LEFT;
		put_modes(r, MG_VALUE_FOUND, now->modes, &cur);
	}
	c.old_value = c.new_value = c.expect = MG_UNKNOWN;
	put_modes(r, MG_VALUE_OLD, now->modes, &cur);
	put_modes(r, MG_VALUE_NEW, now->modes, &e->old_modes);
	put_modes(r, MG_VALUE_EXPECT, now->modes, &e->old_modes);
	r->changes[r->count++] = c;
}

const struct mg_group_ops mg_advertise_ops = {
	.journal_key = "advertise",
	.bounces_link = true,
	.read = read_modes,
	.clear = clear_modes,
	.plan = plan_advertise,
	.set = set_advertise,
	.compare = compare_modes,
	.expect = expect_modes,
	.check = check_modes,
	.text = modes_change_text,
	.explain = mg_change_explain,
	.journal = journal_modes,
	.format = format_modes,
	.parse = parse_modes_line,
	.plan_restore = plan_restore_modes,
};
