/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Offloads in an apply, by their kernel names ("rx-gro") or ethtool's
 * short ones ("gro", which stands for several): each feature a change of
 * its own, its value what is asked (wanted), not what the kernel keeps
 * (active), which a feature it needs may hold off. One request sets every
 * chosen feature; journaled as "feature NAME OLD SET".
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <linux/ethtool_netlink.h>
#include <netlink/attr.h>
#include <netlink/msg.h>

#include "apply/apply.h"

static int read_features(struct mg_ctx *ctx, int ifindex, const char *ifname, const char *driver, unsigned int groups,
			 struct mg_group_now *now)
{
	int err = mg_features_read_into(ctx, ifindex, ifname, &now->features);

	(void)driver, (void)groups;
	return err < 0 ? mg_gather_read_failed(ctx, ifname, "features", err) : 0;
}

static void clear_features(struct mg_group_now *now)
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

static const struct mg_feature *feature_now(const struct mg_group_now *now, const char *name)
{
	const struct mg_features *f = now->features;

	for (size_t i = 0; f && i < f->count; i++)
		if (!strcmp(f->items[i].name, name))
			return &f->items[i];
	return NULL;
}

static long long feature_value(const struct mg_group_now *now, const struct mg_change *c)
{
	const struct mg_feature *it = feature_now(now, c->name);

	return it ? it->wanted : MG_UNKNOWN;
}

static int check_feature(struct mg_ctx *ctx, const char *ifname, const struct mg_group_now *now,
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

static void plan_restore_feature(const struct mg_journal_entry *e, const struct mg_group_now *now,
				 struct mg_apply_part *r)
{
	struct mg_change c = { .group = e->group, .param = MG_PARAM_COUNT };

	mg_strlcpy(c.name, e->name, sizeof(c.name));
	mg_change_restore_value(e, feature_value(now, &c), &c, r);
}

static bool features_asked(const struct mg_tune_want *w, enum mg_param_group g)
{
	(void)g;
	return w->feature_count > 0;
}

static int merge_features(struct mg_settings *dst, const struct mg_tune_want *w, enum mg_param_group g)
{
	int err = 0;

	(void)g;
	for (size_t i = 0; err == 0 && i < w->feature_count; i++)
		err = mg_settings_set_feature(dst, w->features[i].name, w->features[i].on);
	return err;
}

const struct mg_group_ops mg_features_ops = {
	.journal_key = "feature",
	.read = read_features,
	.clear = clear_features,
	.plan = plan_features,
	.set = set_features,
	.value = feature_value,
	.check = check_feature,
	.kind = MG_VALUE_ON_OFF,
	.text = mg_change_flag_text,
	.explain = mg_change_explain,
	.journal = mg_change_journal_value,
	.format = format_feature,
	.parse = parse_feature,
	.plan_restore = plan_restore_feature,
	.asked = features_asked,
	.merge = merge_features,
};
