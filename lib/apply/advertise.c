/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The link modes advertised to the link partner, in an apply: a bitmap,
 * not a number, of which the speed modes are what a change decides
 * (Autoneg, port, Pause and FEC bits stay as they are). One change a
 * part, its bitmaps and their names kept in the part (adv, adv_text);
 * sent as a compact bitset under the mask of every bit it touches;
 * journaled as "advertise OLDHEX SETHEX". It renegotiates the link, so it
 * is the last group an apply changes.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/ethtool_netlink.h>
#include <netlink/attr.h>
#include <netlink/msg.h>

#include "apply/apply.h"

static int read_modes(struct mg_ctx *ctx, int ifindex, const char *ifname, const char *driver, unsigned int groups,
		      struct mg_group_now *now)
{
	int err = mg_ethlink_read_kind(ctx, MG_ETHLINK_MODES, ifindex, ifname, &now->modes);

	(void)driver, (void)groups;
	if (err == -EOPNOTSUPP)
		now->modes_err = err;
	else if (err < 0)
		return mg_gather_read_failed(ctx, ifname, "the link modes", err);
	return 0;
}

static void clear_modes(struct mg_group_now *now)
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

static enum mg_group_now_is compare_modes(const struct mg_group_now *now, struct mg_apply_part *r, struct mg_change *c)
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

static void expect_modes(const struct mg_group_now *now, struct mg_apply_part *r, struct mg_change *c)
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

static int check_modes(struct mg_ctx *ctx, const char *ifname, const struct mg_group_now *now,
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

static void plan_restore_modes(const struct mg_journal_entry *e, const struct mg_group_now *now,
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

static bool modes_asked(const struct mg_tune_want *w, enum mg_param_group g)
{
	(void)g;
	return w->advertise != NULL;
}

static int merge_modes(struct mg_settings *dst, const struct mg_tune_want *w, enum mg_param_group g)
{
	(void)g;
	return mg_settings_set_advertise(dst, w->advertise);
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
	.kind = MG_VALUE_MODES,
	.text = modes_change_text,
	.explain = mg_change_explain,
	.journal = journal_modes,
	.format = format_modes,
	.parse = parse_modes_line,
	.plan_restore = plan_restore_modes,
	.asked = modes_asked,
	.merge = merge_modes,
};
