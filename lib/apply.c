/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Applying settings, all or nothing: read, validate everything, then change
 * one group at a time in a fixed order (MTU, rings, channels, coalesce,
 * pause), read back to verify, and on any failure restore the groups
 * already changed, in reverse order.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mg-settings.h"

static const enum mg_param_group order[] = {
	MG_GROUP_MTU, MG_GROUP_RINGS, MG_GROUP_CHANNELS, MG_GROUP_COALESCE, MG_GROUP_PAUSE,
};

struct change {
	enum mg_param param;
	long long old_value, new_value;
};

struct mg_apply_result {
	struct change changes[MG_PARAM_COUNT];
	size_t count;
	int failed_group;
	int rolled_back;
};

static bool is_flag(enum mg_param p)
{
	return mg_param_info(p)->is_u8;
}

/* Check one wanted value against what the kernel reported; resolve "max". */
static int validate(struct mg_ctx *ctx, const struct mg_settings *cur, enum mg_param p, long long *v)
{
	const char *name = mg_param_name(p);
	enum mg_param_group g = mg_param_info(p)->group;

	if (!cur->group_read[g])
		return mg_fail(ctx, -EOPNOTSUPP, "%s: %s", cur->ifname,
			       cur->group_error[g][0] ? cur->group_error[g] : "not supported");
	if (!mg_settings_has(cur, p))
		return mg_fail(ctx, -EOPNOTSUPP, "%s: the driver does not support %s", cur->ifname, name);
	if (*v == MG_VALUE_MAX) {
		if (!(cur->has_max & (1ULL << p)))
			return mg_fail(ctx, -EINVAL, "%s: the driver reports no maximum for %s", cur->ifname, name);
		*v = cur->max[p];
	}
	if (is_flag(p) && *v > 1 && p != MG_PARAM_TCP_DATA_SPLIT)
		return mg_fail(ctx, -EINVAL, "%s: %s takes on or off", cur->ifname, name);
	if ((cur->has_min & (1ULL << p)) && *v < cur->min[p])
		return mg_fail(ctx, -EINVAL, "%s: %s %lld is below the minimum %lld", cur->ifname, name, *v,
			       cur->min[p]);
	if ((cur->has_max & (1ULL << p)) && *v > cur->max[p])
		return mg_fail(ctx, -EINVAL, "%s: %s %lld is above the maximum %lld", cur->ifname, name, *v,
			       cur->max[p]);
	if (g == MG_GROUP_RINGS && p <= MG_PARAM_TX_RING && *v < 1)
		return mg_fail(ctx, -EINVAL, "%s: %s must be at least 1", cur->ifname, name);
	return 0;
}

/* The changes in application order; values already in place are left out. */
static int plan(struct mg_ctx *ctx, const struct mg_settings *cur, const struct mg_settings *want,
		struct mg_apply_result *r)
{
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		for (int p = 0; p < MG_PARAM_COUNT; p++) {
			long long v;
			int err;

			if (mg_param_info((enum mg_param)p)->group != order[i] ||
			    !mg_settings_has(want, (enum mg_param)p))
				continue;
			v = want->value[p];
			err = validate(ctx, cur, (enum mg_param)p, &v);
			if (err < 0)
				return err;
			if (v == cur->value[p])
				continue;
			r->changes[r->count++] = (struct change){ (enum mg_param)p, cur->value[p], v };
		}
	}
	return 0;
}

/* Set one group to the old or new values of its planned changes. */
static int set_group(struct mg_ctx *ctx, const struct mg_settings *cur, enum mg_param_group g,
		     const struct mg_apply_result *r, bool restore)
{
	struct mg_settings values;
	unsigned long long mask = 0;

	mg_settings_init(&values);
	for (size_t i = 0; i < r->count; i++) {
		const struct change *c = &r->changes[i];

		if (mg_param_info(c->param)->group != g)
			continue;
		mg_settings_put(&values, c->param, restore ? c->old_value : c->new_value);
		mask |= 1ULL << c->param;
	}
	if (!mask)
		return 0;
	if (!restore && MG_TEST_HOOK(ctx, inject_group, -1) == (int)g)
		return -EIO;
	if (g == MG_GROUP_MTU)
		return mg_rtnl_set_mtu(ctx, cur->ifindex, (int)values.value[MG_PARAM_MTU]);
	return mg_ethtool_set_group(ctx, cur->ifname, g, &values, mask);
}

static bool group_planned(const struct mg_apply_result *r, enum mg_param_group g)
{
	for (size_t i = 0; i < r->count; i++)
		if (mg_param_info(r->changes[i].param)->group == g)
			return true;
	return false;
}

/* Restore groups order[0..upto) in reverse; true when all succeeded. */
static bool roll_back(struct mg_ctx *ctx, const struct mg_settings *cur, const struct mg_apply_result *r,
		      size_t upto)
{
	bool ok = true;

	while (upto-- > 0) {
		int err = set_group(ctx, cur, order[upto], r, true);

		if (err < 0) {
			mg_info(ctx, "%s: restoring %s failed: %s", cur->ifname,
				mg_param_group_name(order[upto]), strerror(-err));
			ok = false;
		}
	}
	return ok;
}

/* Whether any group before order[@upto] had changes to make. */
static bool changed_before(const struct mg_apply_result *r, size_t upto)
{
	for (size_t i = 0; i < upto; i++)
		if (group_planned(r, order[i]))
			return true;
	return false;
}

static int explain(struct mg_ctx *ctx, const struct mg_settings *cur, enum mg_param_group g, int err,
		   const char *extack, const char *driver, bool changed_before, bool rolled_back)
{
	const char *rb = !changed_before ? "nothing was changed"
			 : rolled_back	 ? "every change was rolled back"
					 : "ROLLBACK FAILED: check the interface";

	if (err == -EPERM || err == -EACCES)
		return mg_fail(ctx, -EPERM, "%s: changing %s needs CAP_NET_ADMIN; %s", cur->ifname,
			       mg_param_group_name(g), rb);
	if (err == -EOPNOTSUPP)
		return mg_fail(ctx, err, "%s: %s does not support setting %s; %s", cur->ifname,
			       driver[0] ? driver : "the driver", mg_param_group_name(g), rb);
	return mg_fail(ctx, err, "%s: setting %s failed: %s%s%s; %s", cur->ifname, mg_param_group_name(g),
		       strerror(-err), extack[0] ? ": " : "", extack, rb);
}

/* Read back and compare: a driver may round or ignore a value. */
static int verify(struct mg_ctx *ctx, const struct mg_settings *cur, const struct mg_apply_result *r)
{
	struct mg_settings now;
	int err = mg_settings_read_into(ctx, cur->ifname, cur->ifindex, NULL, &now);

	if (err < 0)
		return err;
	for (size_t i = 0; i < r->count; i++) {
		const struct change *c = &r->changes[i];

		if (!mg_settings_has(&now, c->param) || now.value[c->param] != c->new_value)
			return mg_fail(ctx, -EIO, "%s: the driver set %s to %lld, not %lld", cur->ifname,
				       mg_param_name(c->param), now.value[c->param], c->new_value);
	}
	return 0;
}

static int execute(struct mg_ctx *ctx, const struct mg_settings *cur, struct mg_apply_result *r)
{
	char extack[sizeof(ctx->extack)];
	struct mg_drvinfo info;
	size_t done;
	int err = 0;

	for (done = 0; done < sizeof(order) / sizeof(order[0]); done++) {
		err = set_group(ctx, cur, order[done], r, false);
		if (err < 0)
			break;
	}
	if (err == 0) {
		char why[sizeof(ctx->error)];

		err = verify(ctx, cur, r);
		if (err == 0)
			return 0;
		mg_strlcpy(why, ctx->error, sizeof(why));
		r->failed_group = -1;
		r->rolled_back = roll_back(ctx, cur, r, done);
		return mg_fail(ctx, err, "%s; %s", why, r->rolled_back ? "every change was rolled back"
									 : "ROLLBACK FAILED: check the interface");
	}
	/* The rollback's own requests would overwrite the kernel's message. */
	mg_strlcpy(extack, ctx->extack, sizeof(extack));
	r->failed_group = (int)order[done];
	r->rolled_back = roll_back(ctx, cur, r, done);
	if (mg_drvinfo_get(ctx, cur->ifname, &info) < 0)
		info.driver[0] = '\0';
	return explain(ctx, cur, order[done], err, extack, info.driver, changed_before(r, done),
		       r->rolled_back);
}

MG_EXPORT int mg_settings_apply(struct mg_ctx *ctx, const char *ifname, const struct mg_settings *want,
				unsigned int flags, struct mg_apply_result **result)
{
	struct mg_apply_result *r;
	struct mg_settings *cur;
	int err;

	if (result)
		*result = NULL;
	if (!ctx)
		return -EINVAL;
	if (!want)
		return mg_fail(ctx, -EINVAL, "no settings to apply");
	if (ctx->offline)
		return mg_fail(ctx, -EOPNOTSUPP, "a captured tree cannot be changed: settings need a live context");
	err = mg_settings_read(ctx, ifname, &cur);
	if (err < 0)
		return err;
	r = calloc(1, sizeof(*r));
	if (!r) {
		mg_settings_free(cur);
		return -ENOMEM;
	}
	r->failed_group = -1;
	r->rolled_back = MG_UNKNOWN;
	err = plan(ctx, cur, want, r);
	if (err == 0 && !(flags & MG_APPLY_DRY_RUN) && r->count > 0)
		err = execute(ctx, cur, r);
	mg_settings_free(cur);
	if (result)
		*result = r;
	else
		free(r);
	return err;
}

MG_EXPORT void mg_apply_result_free(struct mg_apply_result *result)
{
	free(result);
}

MG_EXPORT size_t mg_apply_result_count(const struct mg_apply_result *r)
{
	return r ? r->count : 0;
}

MG_EXPORT int mg_apply_result_get(const struct mg_apply_result *r, size_t index, enum mg_param *param,
				  long long *old_value, long long *new_value)
{
	if (!r || index >= r->count)
		return -EINVAL;
	if (param)
		*param = r->changes[index].param;
	if (old_value)
		*old_value = r->changes[index].old_value;
	if (new_value)
		*new_value = r->changes[index].new_value;
	return 0;
}

MG_EXPORT int mg_apply_result_may_bounce_link(const struct mg_apply_result *r)
{
	return r && (group_planned(r, MG_GROUP_RINGS) || group_planned(r, MG_GROUP_CHANNELS));
}

MG_EXPORT int mg_apply_result_get_failed_group(const struct mg_apply_result *r)
{
	return r ? r->failed_group : -1;
}

MG_EXPORT int mg_apply_result_rolled_back(const struct mg_apply_result *r)
{
	return r ? r->rolled_back : MG_UNKNOWN;
}
