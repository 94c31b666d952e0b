/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The groups of parameters in an apply: the MTU (rtnetlink), and the
 * rings, channels, coalescing and pause of ethtool, each value an enum
 * mg_param read whole with the interface's settings. One request a group,
 * with every value chosen; validated against the minimum and maximum the
 * driver reports; journaled as "change NAME OLD SET".
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "apply/apply.h"

static bool is_flag(enum mg_param p)
{
	return mg_param_info(p)->is_u8;
}

/* Check one wanted value against what the kernel reported; resolve "max". @floor: the least value it takes. */
static int validate(struct mg_ctx *ctx, const struct mg_settings *cur, enum mg_param p, long long floor,
		    long long *v)
{
	const char *name = mg_param_name(p);
	enum mg_param_group g = mg_param_info(p)->group;
	long long min, max;

	if (!cur->group_read[g])
		return mg_fail(ctx, -EOPNOTSUPP, "%s: %s", cur->ifname,
			       cur->group_error[g][0] ? cur->group_error[g] : "not supported");
	if (!mg_settings_has(cur, p))
		return mg_fail(ctx, -EOPNOTSUPP, "%s: the driver does not support %s", cur->ifname, name);
	if (*v == MG_VALUE_MAX && mg_settings_get_max(cur, p, v) < 0)
		return mg_fail(ctx, -EINVAL, "%s: the driver reports no maximum for %s", cur->ifname, name);
	if (is_flag(p) && *v > 1 && p != MG_PARAM_TCP_DATA_SPLIT)
		return mg_fail(ctx, -EINVAL, "%s: %s takes on or off", cur->ifname, name);
	if (mg_settings_get_min(cur, p, &min) == 0 && *v < min)
		return mg_fail(ctx, -EINVAL, "%s: %s %lld is below the minimum %lld", cur->ifname, name, *v, min);
	if (mg_settings_get_max(cur, p, &max) == 0 && *v > max)
		return mg_fail(ctx, -EINVAL, "%s: %s %lld is above the maximum %lld", cur->ifname, name, *v, max);
	if (*v < floor)
		return mg_fail(ctx, -EINVAL, "%s: %s must be at least %lld", cur->ifname, name, floor);
	return 0;
}

/* The parameters of group @g that @want holds; values already in place are left out. */
static int plan_floor(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *want,
		      enum mg_param_group g, struct mg_apply_part *r, enum mg_param floor_upto)
{
	const struct mg_settings *cur = &t->cur;

	for (int p = 0; p < MG_PARAM_COUNT; p++) {
		struct mg_change *c;
		long long v;
		int err;

		if (mg_param_info((enum mg_param)p)->group != g || !mg_settings_has(want, (enum mg_param)p))
			continue;
		v = want->value[p];
		err = validate(ctx, cur, (enum mg_param)p, p <= (int)floor_upto ? 1 : LLONG_MIN, &v);
		if (err < 0)
			return err;
		if (v == cur->value[p])
			continue;
		c = &r->changes[r->count++];
		*c = (struct mg_change){
			.group = g, .param = (enum mg_param)p, .old_value = cur->value[p], .new_value = v, .expect = v,
		};
		mg_strlcpy(c->name, mg_param_name((enum mg_param)p), sizeof(c->name));
	}
	return 0;
}

static int plan_params(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *want,
		       enum mg_param_group g, struct mg_apply_part *r)
{
	return plan_floor(ctx, t, want, g, r, (enum mg_param)-1);
}

/* A ring of no descriptors would carry nothing; the buffer and CQE sizes after them are no count. */
static int plan_rings(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *want,
		      enum mg_param_group g, struct mg_apply_part *r)
{
	return plan_floor(ctx, t, want, g, r, MG_PARAM_TX_RING);
}

/* The values chosen of group @g, and which they are. */
static unsigned long long chosen_values(enum mg_param_group g, const struct mg_apply_part *r, bool restore,
					struct mg_settings *values)
{
	unsigned long long mask = 0;

	mg_settings_init(values);
	for (size_t i = 0; i < r->count; i++) {
		const struct mg_change *c = &r->changes[i];

		if (!mg_change_chosen(c, g, restore))
			continue;
		mg_settings_put(values, c->param, restore ? c->old_value : c->new_value);
		mask |= 1ULL << c->param;
	}
	return mask;
}

/* One ethtool request with every value chosen. */
static int set_params(struct mg_ctx *ctx, int ifindex, enum mg_param_group g, const struct mg_apply_part *r,
		      bool restore)
{
	struct mg_settings values;
	unsigned long long mask = chosen_values(g, r, restore, &values);

	return mg_ethtool_set_group(ctx, ifindex, g, &values, mask);
}

static int set_mtu(struct mg_ctx *ctx, int ifindex, enum mg_param_group g, const struct mg_apply_part *r,
		   bool restore)
{
	struct mg_settings values;

	chosen_values(g, r, restore, &values);
	return mg_rtnl_set_mtu(ctx, ifindex, (int)values.value[MG_PARAM_MTU]);
}

/* What @now's parameters hold of @p; MG_UNKNOWN when it was not read. */
static long long param_of(const struct mg_group_now *now, enum mg_param p)
{
	return now->params && mg_settings_has(now->params, p) ? now->params->value[p] : MG_UNKNOWN;
}

static long long param_now(const struct mg_group_now *now, const struct mg_change *c)
{
	return param_of(now, c->param);
}

/* An apply's own read-back also fails on a value it cannot read; a restore's leaves that to the kernel. */
static int check_param(struct mg_ctx *ctx, const char *ifname, const struct mg_group_now *now,
		       const struct mg_apply_part *r, const struct mg_change *c, bool in_effect)
{
	long long v = param_now(now, c);

	(void)r;
	if (v != MG_UNKNOWN ? v == c->new_value : !in_effect)
		return 0;
	return mg_fail(ctx, -EIO, "%s: the driver set %s to %lld, not %lld", ifname, c->name,
		       now->params ? now->params->value[c->param] : v, c->new_value);
}

static void param_text(const struct mg_apply_part *r, const struct mg_change *c, enum mg_change_value which,
		       char *buf, size_t size)
{
	(void)r;
	snprintf(buf, size, "%lld", mg_change_value(c, which));
}

/* By its enum mg_param alone: the group is the parameter's, as journals before 0.2 had it. */
static void journal_param(const struct mg_apply_part *r, const struct mg_change *c, bool as_left,
			  struct mg_journal_entry *e)
{
	(void)r;
	*e = (struct mg_journal_entry){
		.param = c->param,
		.old_value = c->old_value,
		.new_value = as_left ? c->expect : c->new_value,
		.new_known = true,
	};
}

static int format_param(const struct mg_journal_entry *e, char *buf, size_t size)
{
	char set[32];

	mg_journal_set_text(e, set, sizeof(set));
	return snprintf(buf, size, "change %s %lld %s", mg_param_name(e->param), e->old_value, set);
}

/* "change NAME OLD SET" */
static int parse_param(char **w, int n, struct mg_journal_entry *e)
{
	int p = n == 4 ? mg_param_from_name(w[1]) : -EINVAL;

	if (p < 0)
		return -EBADMSG;
	e->param = (enum mg_param)p;
	e->new_known = strcmp(w[3], "-") != 0;
	if (!mg_journal_number(w[2], 0, 0xffffffffLL, &e->old_value) ||
	    (e->new_known && !mg_journal_number(w[3], 0, 0xffffffffLL, &e->new_value)))
		return -EBADMSG;
	return 0;
}

static void plan_restore_param(const struct mg_journal_entry *e, const struct mg_group_now *now,
			       struct mg_apply_part *r)
{
	struct mg_change c = { .group = mg_param_info(e->param)->group, .param = e->param };

	mg_strlcpy(c.name, mg_param_name(e->param), sizeof(c.name));
	mg_change_restore_value(e, param_of(now, e->param), &c, r);
}

#define PARAM_OPS(plan_fn, set_fn, bounces)                                                                          \
	{                                                                                                            \
		.journal_key = "change", .bounces_link = bounces, .plan = plan_fn, .set = set_fn, .value = param_now, \
		.check = check_param, .text = param_text, .explain = mg_change_explain, .journal = journal_param,     \
		.format = format_param, .parse = parse_param, .plan_restore = plan_restore_param,                    \
	}

/* Rings and channels: many drivers reset the adapter, and the link with it, to change them. */
const struct mg_group_ops mg_mtu_ops = PARAM_OPS(plan_params, set_mtu, false);
const struct mg_group_ops mg_rings_ops = PARAM_OPS(plan_rings, set_params, true);
const struct mg_group_ops mg_channels_ops = PARAM_OPS(plan_params, set_params, true);
const struct mg_group_ops mg_coalesce_ops = PARAM_OPS(plan_params, set_params, false);
const struct mg_group_ops mg_pause_ops = PARAM_OPS(plan_params, set_params, false);
