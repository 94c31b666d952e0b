/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Features, EEE, advertised link modes and ASPM L1 in an apply. They are
 * not single numbers like the parameters of settings.c: a feature has a
 * name, the advertised modes are a bitmap, ASPM L1 is a file of the PCI
 * function (aspm.c). Here is what a settings object asks of them, what the
 * interface has now (read only for the groups asked), validation into
 * planned changes before anything changes, the set requests, and what a
 * verify and a restore compare. apply.c and restore.c call these for the
 * four groups and keep their one order, one journal and one rollback for
 * every group.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/ethtool_netlink.h>
#include <netlink/attr.h>
#include <netlink/msg.h>

#include "apply/apply.h"

/* ---- what the interface has now ---- */

int mg_tune_read(struct mg_ctx *ctx, int ifindex, const char *ifname, const char *driver, unsigned int groups,
		 struct mg_tune_now *now)
{
	int err;

	mg_tune_now_clear(now);
	now->groups = groups;
	if ((groups & (1u << MG_GROUP_FEATURES)) &&
	    (err = mg_features_read_into(ctx, ifindex, ifname, &now->features)) < 0)
		return mg_gather_read_failed(ctx, ifname, "features", err);
	if ((groups & (1u << MG_GROUP_EEE)) && (err = mg_eee_read_into(ctx, ifindex, ifname, driver, &now->eee)) < 0)
		return mg_gather_read_failed(ctx, ifname, "EEE", err);
	if (groups & (1u << MG_GROUP_ADVERTISE)) {
		err = mg_ethlink_read_modes(ctx, ifindex, ifname, &now->modes);
		if (err == -EOPNOTSUPP)
			now->modes_err = err;
		else if (err < 0)
			return mg_gather_read_failed(ctx, ifname, "the link modes", err);
	}
	/* -EXDEV: the sysfs is another namespace's, which mg_aspm_function() has said. */
	if ((groups & (1u << MG_GROUP_ASPM)) && (err = mg_aspm_read(ctx, ifindex, ifname, &now->aspm)) < 0)
		return err == -EXDEV ? err : mg_gather_read_failed(ctx, ifname, "its PCIe link's ASPM controls", err);
	if ((groups & (1u << MG_GROUP_RPS | 1u << MG_GROUP_XPS | 1u << MG_GROUP_IRQ_AFFINITY)) &&
	    (err = mg_steer_read(ctx, ifindex, ifname, groups, &now->steer)) < 0)
		return err == -EXDEV ? err
				     : mg_gather_read_failed(ctx, ifname, "its queues' and interrupts' CPU masks", err);
	return 0;
}

void mg_tune_now_clear(struct mg_tune_now *now)
{
	mg_features_free(now->features);
	mg_eee_free(now->eee);
	mg_ethlink_free(now->modes);
	memset(now, 0, sizeof(*now));
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

/* ---- validation and plan ---- */

static struct mg_change *add_change(struct mg_apply_part *r, enum mg_param_group g, const char *name)
{
	struct mg_change *c;

	if (r->count >= MG_CHANGE_MAX)
		return NULL;
	c = &r->changes[r->count++];
	memset(c, 0, sizeof(*c));
	c->group = g;
	c->param = MG_PARAM_COUNT; /* none */
	mg_strlcpy(c->name, name, sizeof(c->name));
	return c;
}

static const char *driver_of(const struct mg_apply_target *t)
{
	return t->driver[0] ? t->driver : "the driver";
}

static int plan_eee(struct mg_ctx *ctx, const struct mg_apply_target *t, int on, struct mg_apply_part *r)
{
	const struct mg_eee *e = t->tune.eee;
	const char *ifname = t->cur.ifname;
	struct mg_change *c;

	if (!e || (e->enabled == MG_UNKNOWN && e->error[0]))
		return mg_fail(ctx, -EOPNOTSUPP, "%s: %s", ifname, e ? e->error : "EEE could not be read");
	if (on && e->supported == 0)
		return mg_fail(ctx, -EOPNOTSUPP, "%s: EEE cannot be turned on: %s", ifname, e->error);
	if (e->enabled == MG_UNKNOWN)
		return mg_fail(ctx, -EOPNOTSUPP, "%s: %s does not say whether EEE is enabled", ifname, driver_of(t));
	if (e->enabled == on)
		return 0;
	c = add_change(r, MG_GROUP_EEE, "eee");
	if (!c)
		return -E2BIG;
	c->old_value = e->enabled;
	c->new_value = c->expect = on;
	return 0;
}

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
	c = add_change(r, MG_GROUP_FEATURES, it->name);
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
			       driver_of(t));
	if (mg_feature_fixed(it))
		return mg_fail(ctx, -EOPNOTSUPP, "%s: %s is fixed %s: %s cannot change it", ifname, name,
			       it->active ? "on" : "off", driver_of(t));
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

static int plan_features(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_tune_want *w,
			 struct mg_apply_part *r)
{
	if (!w->feature_count)
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
static int plan_advertise(struct mg_ctx *ctx, const struct mg_apply_target *t, const char *asked,
			  struct mg_apply_part *r)
{
	const struct mg_ethlink *l = t->tune.modes;
	struct mg_linkmodes speeds, cur, want;
	struct mg_change *c;
	int err;

	if (!l)
		return mg_fail(ctx, -EOPNOTSUPP, "%s: %s does not support link modes", t->cur.ifname, driver_of(t));
	speed_bits(l, &speeds);
	if (mg_linkmodes_empty(&speeds))
		return mg_fail(ctx, -EOPNOTSUPP, "%s: %s reports no link modes to advertise", t->cur.ifname,
			       driver_of(t));
	mg_linkmodes_from_bits(&l->modes[MG_MODES_ADVERTISED], &cur);
	want = cur;
	and_not(&want, &speeds);
	if (!strcmp(asked, "all"))
		or_in(&want, &speeds);
	else if ((err = parse_modes(ctx, t, asked, &want)) < 0)
		return err;
	if (mg_linkmodes_equal(&want, &cur))
		return 0;
	c = add_change(r, MG_GROUP_ADVERTISE, "advertise");
	if (!c)
		return -E2BIG;
	c->old_value = c->new_value = c->expect = MG_UNKNOWN;
	r->adv[MG_VALUE_OLD] = cur;
	r->adv[MG_VALUE_NEW] = r->adv[MG_VALUE_EXPECT] = want;
	modes_text(l, &cur, r->adv_text[MG_VALUE_OLD], sizeof(r->adv_text[0]));
	modes_text(l, &want, r->adv_text[MG_VALUE_NEW], sizeof(r->adv_text[0]));
	mg_strlcpy(r->adv_text[MG_VALUE_EXPECT], r->adv_text[MG_VALUE_NEW], sizeof(r->adv_text[0]));
	return 0;
}

static int plan_features_of(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *want,
			    enum mg_param_group g, struct mg_apply_part *r)
{
	(void)g;
	return want->tune ? plan_features(ctx, t, want->tune, r) : 0;
}

static int plan_eee_of(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *want,
		       enum mg_param_group g, struct mg_apply_part *r)
{
	(void)g;
	return want->tune && want->tune->eee >= 0 ? plan_eee(ctx, t, want->tune->eee, r) : 0;
}

static int plan_advertise_of(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *want,
			     enum mg_param_group g, struct mg_apply_part *r)
{
	(void)g;
	return want->tune && want->tune->advertise ? plan_advertise(ctx, t, want->tune->advertise, r) : 0;
}

unsigned int mg_tune_result_groups(const struct mg_apply_part *r)
{
	unsigned int groups = 0;

	for (size_t i = 0; i < r->count; i++)
		if (!mg_change_is_param(&r->changes[i]))
			groups |= 1u << r->changes[i].group;
	return groups;
}

/* ---- set requests ---- */

static bool selected(const struct mg_change *c, enum mg_param_group g, bool restore)
{
	return c->group == g && (!restore || c->restore) && c->state != MG_CHANGE_LEFT;
}

static int transact(struct mg_ctx *ctx, struct nl_msg *msg)
{
	return mg_nl_transact(ctx, ctx->genl, msg, NULL, NULL);
}

/* The wanted bits of the chosen features: a verbose bitset whose listed bits are the mask. */
static int set_features(struct mg_ctx *ctx, int ifindex, const struct mg_apply_part *r, bool restore)
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

		if (!selected(c, MG_GROUP_FEATURES, restore))
			continue;
		if (!(bit = nla_nest_start(msg, ETHTOOL_A_BITSET_BITS_BIT)) ||
		    nla_put_string(msg, ETHTOOL_A_BITSET_BIT_NAME, c->name) < 0 ||
		    (v && nla_put_flag(msg, ETHTOOL_A_BITSET_BIT_VALUE) < 0))
			goto nomem;
		nla_nest_end(msg, bit);
	}
	nla_nest_end(msg, bits);
	nla_nest_end(msg, wanted);
	return transact(ctx, msg);
nomem:
	nlmsg_free(msg);
	return -ENOMEM;
}

static int set_eee(struct mg_ctx *ctx, int ifindex, const struct mg_apply_part *r, bool restore)
{
	struct nl_msg *msg;

	for (size_t i = 0; i < r->count; i++) {
		const struct mg_change *c = &r->changes[i];

		if (!selected(c, MG_GROUP_EEE, restore))
			continue;
		msg = mg_ethtool_request(ctx, ETHTOOL_MSG_EEE_SET, ETHTOOL_A_EEE_HEADER, ifindex, NLM_F_REQUEST);
		if (!msg || nla_put_u8(msg, ETHTOOL_A_EEE_ENABLED, (uint8_t)(restore ? c->old_value : c->new_value)) < 0) {
			nlmsg_free(msg);
			return -ENOMEM;
		}
		return transact(ctx, msg);
	}
	return 0;
}

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
static int set_advertise(struct mg_ctx *ctx, int ifindex, const struct mg_apply_part *r, bool restore)
{
	struct mg_linkmodes mask = r->adv[MG_VALUE_OLD];
	struct nl_msg *msg;
	struct nlattr *ours;
	bool chosen = false;

	for (size_t i = 0; i < r->count; i++)
		chosen |= selected(&r->changes[i], MG_GROUP_ADVERTISE, restore);
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
	return transact(ctx, msg);
}

/* The set requests of these groups go to the ethtool family, by index. */
static int ethtool_set(struct mg_ctx *ctx, int ifindex, int (*set)(struct mg_ctx *, int, const struct mg_apply_part *, bool),
		       const struct mg_apply_part *r, bool restore)
{
	int err = mg_ethtool_open(ctx);

	if (err < 0)
		return err;
	if (ifindex <= 0)
		return -ENODEV;
	return set(ctx, ifindex, r, restore);
}

static int set_features_of(struct mg_ctx *ctx, int ifindex, enum mg_param_group g, const struct mg_apply_part *r,
			   bool restore)
{
	(void)g;
	return ethtool_set(ctx, ifindex, set_features, r, restore);
}

static int set_eee_of(struct mg_ctx *ctx, int ifindex, enum mg_param_group g, const struct mg_apply_part *r,
		      bool restore)
{
	(void)g;
	return ethtool_set(ctx, ifindex, set_eee, r, restore);
}

static int set_advertise_of(struct mg_ctx *ctx, int ifindex, enum mg_param_group g, const struct mg_apply_part *r,
			    bool restore)
{
	(void)g;
	return ethtool_set(ctx, ifindex, set_advertise, r, restore);
}

const struct mg_group_ops mg_features_ops = { .plan = plan_features_of, .set = set_features_of };
const struct mg_group_ops mg_eee_ops = { .plan = plan_eee_of, .set = set_eee_of };
const struct mg_group_ops mg_advertise_ops = { .plan = plan_advertise_of, .set = set_advertise_of };

/* ---- what is there now, against a change ---- */

static const struct mg_feature *feature_now(const struct mg_tune_now *now, const char *name)
{
	const struct mg_features *f = now->features;

	for (size_t i = 0; f && i < f->count; i++)
		if (!strcmp(f->items[i].name, name))
			return &f->items[i];
	return NULL;
}

/* A flag's value now (EEE enabled, a feature wanted, ASPM L1 on), or MG_UNKNOWN. */
static long long flag_now(const struct mg_tune_now *now, const struct mg_change *c)
{
	const struct mg_feature *it;

	if (c->group == MG_GROUP_EEE)
		return now->eee ? now->eee->enabled : MG_UNKNOWN;
	if (c->group == MG_GROUP_ASPM)
		return now->aspm.dir[0] ? now->aspm.l1 : MG_UNKNOWN;
	if (mg_group_is_steer(c->group))
		return mg_steer_value(&now->steer, c);
	it = feature_now(now, c->name);
	return it ? it->wanted : MG_UNKNOWN;
}

enum mg_tune_now_is mg_tune_compare(const struct mg_tune_now *now, struct mg_apply_part *r, struct mg_change *c)
{
	struct mg_linkmodes cur;
	long long v;

	if (c->group == MG_GROUP_ADVERTISE) {
		if (!now->modes)
			return MG_NOW_UNKNOWN;
		mg_linkmodes_from_bits(&now->modes->modes[MG_MODES_ADVERTISED], &cur);
		if (mg_linkmodes_equal(&cur, &r->adv[MG_VALUE_EXPECT]))
			return MG_NOW_EXPECT;
		if (mg_linkmodes_equal(&cur, &r->adv[MG_VALUE_OLD]))
			return MG_NOW_OLD;
		r->adv[MG_VALUE_FOUND] = cur;
		modes_text(now->modes, &cur, r->adv_text[MG_VALUE_FOUND], sizeof(r->adv_text[0]));
		return MG_NOW_OTHER;
	}
	v = flag_now(now, c);
	if (v == MG_UNKNOWN)
		return MG_NOW_UNKNOWN;
	if (v == c->expect)
		return MG_NOW_EXPECT;
	if (v == c->old_value)
		return MG_NOW_OLD;
	c->found = v;
	return MG_NOW_OTHER;
}

void mg_tune_expect(const struct mg_tune_now *now, struct mg_apply_part *r, struct mg_change *c)
{
	long long v;

	if (c->group == MG_GROUP_ADVERTISE) {
		if (!now->modes)
			return;
		mg_linkmodes_from_bits(&now->modes->modes[MG_MODES_ADVERTISED], &r->adv[MG_VALUE_EXPECT]);
		modes_text(now->modes, &r->adv[MG_VALUE_EXPECT], r->adv_text[MG_VALUE_EXPECT], sizeof(r->adv_text[0]));
		return;
	}
	v = flag_now(now, c);
	if (v != MG_UNKNOWN)
		c->expect = v;
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
		       const struct mg_apply_part *r)
{
	struct mg_linkmodes cur;
	char text[1024];

	if (!now->modes)
		return mg_fail(ctx, -EIO, "%s: the link modes could not be read back", ifname);
	mg_linkmodes_from_bits(&now->modes->modes[MG_MODES_ADVERTISED], &cur);
	if (same_speeds(now->modes, &cur, &r->adv[MG_VALUE_NEW]))
		return 0;
	modes_text(now->modes, &cur, text, sizeof(text));
	return mg_fail(ctx, -EIO, "%s: the driver advertises %s, not %s", ifname, text[0] ? text : "no speed mode",
		       r->adv_text[MG_VALUE_NEW]);
}

int mg_tune_check(struct mg_ctx *ctx, const char *ifname, const struct mg_tune_now *now,
		  const struct mg_apply_part *r, const struct mg_change *c, bool in_effect)
{
	const struct mg_feature *it;
	long long v;

	if (c->group == MG_GROUP_ADVERTISE)
		return check_modes(ctx, ifname, now, r);
	if (c->group == MG_GROUP_ASPM)
		return mg_aspm_check(ctx, ifname, now, r, c);
	if (mg_group_is_steer(c->group))
		return mg_steer_check(ctx, ifname, &now->steer, c);
	v = flag_now(now, c);
	if (v == MG_UNKNOWN)
		return mg_fail(ctx, -EIO, "%s: %s could not be read back", ifname, c->name);
	if (v != c->new_value)
		return mg_fail(ctx, -EIO, "%s: the driver left %s %s, not %s", ifname, c->name, v ? "on" : "off",
			       c->new_value ? "on" : "off");
	it = c->group == MG_GROUP_FEATURES ? feature_now(now, c->name) : NULL;
	if (in_effect && it && it->active != (c->new_value != 0))
		return mg_fail(ctx, -EIO, "%s: %s is asked %s but the kernel keeps it %s: a feature it needs is %s",
			       ifname, c->name, c->new_value ? "on" : "off", it->active ? "on" : "off",
			       c->new_value ? "off" : "on");
	return 0;
}

void mg_change_text(const struct mg_apply_part *r, const struct mg_change *c, enum mg_change_value which,
		    char *buf, size_t size)
{
	long long v = which == MG_VALUE_OLD ? c->old_value : which == MG_VALUE_NEW ? c->new_value
		    : which == MG_VALUE_EXPECT ? c->expect : c->found;

	if (c->group == MG_GROUP_ADVERTISE)
		snprintf(buf, size, "%s", r->adv_text[which][0] ? r->adv_text[which] : "no speed mode");
	else if (mg_change_is_param(c))
		snprintf(buf, size, "%lld", v);
	else if (mg_group_is_steer(c->group) && v == MG_UNKNOWN)
		snprintf(buf, size, "unknown");
	else if (mg_group_is_steer(c->group))
		mg_cpumask_text((uint64_t)v, buf, size);
	else
		snprintf(buf, size, "%s", v == MG_UNKNOWN ? "unknown" : v ? "on" : "off");
}

/* ---- the journal ---- */

void mg_tune_journal_entry(const struct mg_apply_part *r, const struct mg_change *c, struct mg_journal_entry *e)
{
	memset(e, 0, sizeof(*e));
	e->group = c->group;
	mg_strlcpy(e->name, c->name, sizeof(e->name));
	e->old_value = c->old_value;
	e->new_value = c->new_value;
	e->new_known = true;
	e->aspm_substates = c->aspm_substates;
	e->index = c->index;
	if (c->group == MG_GROUP_ADVERTISE) {
		e->old_modes = r->adv[MG_VALUE_OLD];
		e->new_modes = r->adv[MG_VALUE_NEW];
		e->old_value = e->new_value = 0;
	}
}

static void plan_restore_modes(const struct mg_journal_entry *e, const struct mg_tune_now *now,
			       struct mg_apply_part *r, struct mg_change *c)
{
	struct mg_linkmodes cur = { { 0 } };

	if (now->modes)
		mg_linkmodes_from_bits(&now->modes->modes[MG_MODES_ADVERTISED], &cur);
	if (now->modes && mg_linkmodes_equal(&cur, &e->old_modes))
		return; /* back already */
	if (now->modes && e->new_known && !mg_linkmodes_equal(&cur, &e->new_modes)) {
		c->state = MG_CHANGE_LEFT;
		r->adv[MG_VALUE_FOUND] = cur;
		modes_text(now->modes, &cur, r->adv_text[MG_VALUE_FOUND], sizeof(r->adv_text[0]));
	}
	c->old_value = c->new_value = c->expect = MG_UNKNOWN;
	r->adv[MG_VALUE_OLD] = cur;
	r->adv[MG_VALUE_NEW] = r->adv[MG_VALUE_EXPECT] = e->old_modes;
	modes_text(now->modes, &cur, r->adv_text[MG_VALUE_OLD], sizeof(r->adv_text[0]));
	modes_text(now->modes, &e->old_modes, r->adv_text[MG_VALUE_NEW], sizeof(r->adv_text[0]));
	mg_strlcpy(r->adv_text[MG_VALUE_EXPECT], r->adv_text[MG_VALUE_NEW], sizeof(r->adv_text[0]));
	r->changes[r->count++] = *c;
}

/* As restore.c does for a parameter: restore, leave to another writer, or nothing to do. */
void mg_tune_plan_restore(const struct mg_journal_entry *e, const struct mg_tune_now *now, struct mg_apply_part *r)
{
	struct mg_change c = { .group = e->group, .param = MG_PARAM_COUNT };
	long long cur;

	if (r->count >= MG_CHANGE_MAX)
		return;
	mg_strlcpy(c.name, e->group == MG_GROUP_EEE	    ? "eee"
			   : e->group == MG_GROUP_ADVERTISE ? "advertise"
			   : e->group == MG_GROUP_ASPM	    ? "aspm-l1"
							    : e->name,
		   sizeof(c.name));
	if (e->group == MG_GROUP_ADVERTISE) {
		plan_restore_modes(e, now, r, &c);
		return;
	}
	if (mg_group_is_steer(e->group)) {
		c.index = e->index;
		mg_steer_name(e->group, e->index, c.name, sizeof(c.name));
		mg_strlcpy(r->steer_dir, now->steer.netdir, sizeof(r->steer_dir));
	}
	if (e->group == MG_GROUP_ASPM) {
		/* Turning L1 back on brings back the substates that were on with it. */
		c.aspm_substates = e->aspm_substates;
		mg_strlcpy(r->aspm_dir, now->aspm.dir, sizeof(r->aspm_dir));
	}
	cur = flag_now(now, &c);
	c.old_value = cur;
	c.new_value = c.expect = e->old_value;
	if (cur != MG_UNKNOWN && cur == e->old_value)
		return;
	if (cur != MG_UNKNOWN && e->new_known && cur != e->new_value) {
		c.state = MG_CHANGE_LEFT;
		c.found = cur;
	}
	r->changes[r->count++] = c;
}
