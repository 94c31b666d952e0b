/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Applying settings, all or nothing. Lock the interface against every other
 * libmultigig user, read it, validate everything, write the undo journal,
 * then change one group at a time in a fixed order (MTU, features, ASPM L1,
 * rings, channels, coalesce, pause, EEE, advertised modes), read back to
 * verify, and on any failure (or when the caller cancels) restore the
 * groups already changed, in reverse order, each value only while it still
 * holds what this apply set. Every request addresses the interface by
 * index; the ASPM control, by the PCI function found under the lock.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gather.h"
#include "mg-settings.h"
#include "mg-tune.h"

/*
 * Features right after the MTU: they change no hardware state that others
 * wait on. ASPM L1 next: a write to the PCIe link's control register that
 * neither resets the adapter nor drops the Ethernet link, and is undone as
 * plainly. EEE and the advertised modes last: both renegotiate the link,
 * and a failure before them leaves it untouched.
 */
const enum mg_param_group mg_apply_order[MG_APPLY_GROUPS] = {
	MG_GROUP_MTU, MG_GROUP_FEATURES, MG_GROUP_ASPM, MG_GROUP_RINGS, MG_GROUP_CHANNELS, MG_GROUP_COALESCE,
	MG_GROUP_PAUSE, MG_GROUP_EEE, MG_GROUP_ADVERTISE,
};
static const enum mg_param_group *const order = mg_apply_order;

static bool is_flag(enum mg_param p)
{
	return mg_param_info(p)->is_u8;
}

/* Why the interface's lock could not be had; nothing was changed. */
static int lock_failed(struct mg_ctx *ctx, const char *ifname, int err)
{
	char why[sizeof(ctx->error)];

	mg_strlcpy(why, ctx->error, sizeof(why));
	if (err == -ECANCELED)
		return mg_fail(ctx, err, "%s: interrupted while waiting for another apply; nothing was changed",
			       ifname);
	if (err == -EBUSY)
		return mg_fail(ctx, err, "%s: another process has been changing its settings for 30 s; "
			       "nothing was changed", ifname);
	if (err == -EACCES || err == -EPERM || err == -EROFS)
		return mg_fail(ctx, -EPERM, "%s: changing settings needs CAP_NET_ADMIN and write access to %s: "
			       "%s; nothing was changed", ifname, mg_state_dir(ctx), why);
	return mg_fail(ctx, err, "%s: cannot lock the interface: %s; nothing was changed", ifname, why);
}

struct mg_apply_result *mg_apply_result_new(void)
{
	struct mg_apply_result *r = calloc(1, sizeof(*r));

	if (r) {
		r->failed_group = -1;
		r->rolled_back = MG_UNKNOWN;
	}
	return r;
}

int mg_apply_begin(struct mg_ctx *ctx, const char *ifname, bool lock, struct mg_apply_target *t)
{
	struct mg_drvinfo info;
	struct mg_link link;
	int err = mg_settings_check_name(ctx, ifname);

	t->lock_fd = -1;
	mg_settings_init(&t->cur);
	memset(&t->tune, 0, sizeof(t->tune));
	t->driver[0] = '\0';
	if (err < 0)
		return err;
	err = mg_gather_link_said(ctx, ifname, 0, &link);
	if (err < 0)
		return err;
	if (lock) {
		err = mg_iflock_take(ctx, link.ifindex, &t->lock_fd);
		if (err < 0)
			return lock_failed(ctx, ifname, err);
	}
	/* The driver's name makes "does not support" concrete. */
	if (mg_gather_drvinfo(ctx, link.name, &info) == 0)
		mg_strlcpy(t->driver, info.driver, sizeof(t->driver));
	/* Read under the lock, by index: what a restore goes back to. */
	return mg_settings_read_into(ctx, NULL, link.ifindex, t->driver, &t->cur);
}

void mg_apply_end(struct mg_apply_target *t)
{
	mg_iflock_release(t->lock_fd);
	t->lock_fd = -1;
	mg_tune_now_clear(&t->tune);
}

/* An earlier apply to this interface died midway: nothing more until it is undone. */
static int refuse_if_interrupted(struct mg_ctx *ctx, const struct mg_apply_target *t)
{
	struct mg_journal j;
	char who[96];
	int err = mg_journal_interrupted(ctx, t->cur.ifindex, t->lock_fd >= 0, &j);

	if (err < 0 && t->lock_fd < 0) {
		/* A dry run changes nothing: state it cannot read does not stop it. */
		mg_info(ctx, "%s", ctx->error);
		mg_clear_error(ctx);
		return 0;
	}
	if (err <= 0)
		return err;
	mg_journal_describe(&j, who, sizeof(who));
	return mg_fail(ctx, -EUCLEAN,
		       "%s: an earlier apply of settings (%s) was interrupted and left its changes half made; "
		       "roll it back first", t->cur.ifname, who);
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

/* The parameters of group @g that @want holds; values already in place are left out. */
static int plan_params(struct mg_ctx *ctx, const struct mg_settings *cur, const struct mg_settings *want,
		       enum mg_param_group g, struct mg_apply_result *r)
{
	for (int p = 0; p < MG_PARAM_COUNT; p++) {
		struct mg_change *c;
		long long v;
		int err;

		if (mg_param_info((enum mg_param)p)->group != g || !mg_settings_has(want, (enum mg_param)p))
			continue;
		v = want->value[p];
		err = validate(ctx, cur, (enum mg_param)p, &v);
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

/* Every change in application order, each validated before any is made. */
static int plan(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *want,
		struct mg_apply_result *r)
{
	for (size_t i = 0; i < MG_APPLY_GROUPS; i++) {
		int err = order[i] < MG_GROUP_COUNT ? plan_params(ctx, &t->cur, want, order[i], r)
						    : mg_tune_plan(ctx, t, want, order[i], r);

		if (err < 0)
			return err;
	}
	return 0;
}

/* Whether a change of group @g goes out: a value another writer set since is theirs, never sent. */
static bool to_send(const struct mg_change *c, enum mg_param_group g, bool restore)
{
	return c->group == g && (!restore || c->restore) && c->state != MG_CHANGE_LEFT;
}

int mg_apply_set_group(struct mg_ctx *ctx, int ifindex, enum mg_param_group g, const struct mg_apply_result *r,
		       bool restore)
{
	struct mg_settings values;
	unsigned long long mask = 0;
	bool any = false;

	mg_settings_init(&values);
	for (size_t i = 0; i < r->count; i++) {
		const struct mg_change *c = &r->changes[i];

		if (!to_send(c, g, restore))
			continue;
		any = true;
		if (!mg_change_is_param(c))
			continue;
		mg_settings_put(&values, c->param, restore ? c->old_value : c->new_value);
		mask |= 1ULL << c->param;
	}
	if (!any)
		return 0;
	if (!restore && MG_TEST_HOOK(ctx, inject_group, -1) == (int)g)
		return -EIO;
	if (g >= MG_GROUP_COUNT)
		return mg_tune_set_group(ctx, ifindex, g, r, restore);
	if (g == MG_GROUP_MTU)
		return mg_rtnl_set_mtu(ctx, ifindex, (int)values.value[MG_PARAM_MTU]);
	return mg_ethtool_set_group(ctx, ifindex, g, &values, mask);
}

static bool group_planned(const struct mg_apply_result *r, enum mg_param_group g)
{
	for (size_t i = 0; i < r->count; i++)
		if (r->changes[i].group == g)
			return true;
	return false;
}

void mg_apply_mark_group(struct mg_apply_result *r, enum mg_param_group g, enum mg_change_state state)
{
	for (size_t i = 0; i < r->count; i++) {
		struct mg_change *c = &r->changes[i];

		if (c->group != g)
			continue;
		if (state == MG_CHANGE_APPLIED ? c->state == MG_CHANGE_PLANNED : c->restore)
			c->state = state;
		c->restore = false;
	}
}

/* What the interface holds now of every group @r changes: its parameters, and the rest. */
static int read_now(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_apply_result *r,
		    struct mg_settings *now, struct mg_tune_now *tune)
{
	int err = mg_settings_read_into(ctx, NULL, t->cur.ifindex, t->driver, now);

	memset(tune, 0, sizeof(*tune));
	if (err == 0)
		err = mg_tune_read(ctx, t->cur.ifindex, t->cur.ifname, t->driver, mg_tune_result_groups(r), tune);
	return err;
}

/* Where a change stands now, for a parameter as mg_tune_compare() says it for the rest. */
static enum mg_tune_now_is compare_now(const struct mg_settings *now, const struct mg_tune_now *tune,
				       struct mg_apply_result *r, struct mg_change *c)
{
	if (!mg_change_is_param(c))
		return mg_tune_compare(tune, r, c);
	if (!mg_settings_has(now, c->param))
		return MG_NOW_UNKNOWN;
	if (now->value[c->param] == c->expect)
		return MG_NOW_EXPECT;
	if (now->value[c->param] == c->old_value)
		return MG_NOW_OLD;
	c->found = now->value[c->param];
	return MG_NOW_OTHER;
}

/*
 * Choose what to restore of groups order[0..upto): a value that still holds
 * what this apply set. One that is back already needs nothing; one that
 * holds something else was changed by another writer since, and stays.
 */
static int choose_restores(struct mg_ctx *ctx, const struct mg_apply_target *t, struct mg_apply_result *r,
			   size_t upto)
{
	struct mg_settings now;
	struct mg_tune_now tune;
	int err = read_now(ctx, t, r, &now, &tune);

	for (size_t i = 0; i < r->count; i++) {
		struct mg_change *c = &r->changes[i];
		bool reached = false;

		for (size_t k = 0; k < upto; k++)
			reached |= c->group == order[k];
		if (!reached || c->state != MG_CHANGE_APPLIED)
			continue;
		if (err < 0) {
			c->state = MG_CHANGE_RESTORE_FAILED;
			continue;
		}
		switch (compare_now(&now, &tune, r, c)) {
		case MG_NOW_UNKNOWN:
		case MG_NOW_EXPECT:
			c->restore = true;
			break;
		case MG_NOW_OLD:
			c->state = MG_CHANGE_ROLLED_BACK;
			break;
		case MG_NOW_OTHER:
			c->state = MG_CHANGE_LEFT;
			break;
		}
	}
	mg_tune_now_clear(&tune);
	return err;
}

/* Restore groups order[0..upto) in reverse; true when every change is undone. */
static bool roll_back(struct mg_ctx *ctx, const struct mg_apply_target *t, struct mg_apply_result *r,
		      size_t upto)
{
	bool ok = true;

	if (choose_restores(ctx, t, r, upto) < 0) {
		mg_info(ctx, "%s: cannot read the interface to restore it: %s", t->cur.ifname, ctx->error);
		ok = false;
	}
	while (upto-- > 0) {
		int err = mg_apply_set_group(ctx, t->cur.ifindex, order[upto], r, true);

		mg_apply_mark_group(r, order[upto], err < 0 ? MG_CHANGE_RESTORE_FAILED : MG_CHANGE_ROLLED_BACK);
		if (err < 0)
			mg_info(ctx, "%s: restoring %s failed: %s", t->cur.ifname,
				mg_param_group_name(order[upto]), strerror(-err));
	}
	for (size_t i = 0; i < r->count; i++)
		ok &= r->changes[i].state == MG_CHANGE_PLANNED || r->changes[i].state == MG_CHANGE_ROLLED_BACK;
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

/* What the restore did: "every change was rolled back", and what stayed. */
static void describe_restore(const struct mg_apply_result *r, bool changed, char *buf, size_t size)
{
	bool failed = false, left = false;
	size_t len;

	for (size_t i = 0; i < r->count; i++) {
		failed |= r->changes[i].state == MG_CHANGE_RESTORE_FAILED;
		left |= r->changes[i].state == MG_CHANGE_LEFT;
	}
	snprintf(buf, size, "%s", !changed ? "nothing was changed"
				  : failed ? "ROLLBACK FAILED: check the interface"
				  : left   ? "rolled back, except what another writer changed since"
					   : "every change was rolled back");
	for (size_t i = 0; i < r->count && left; i++) {
		const struct mg_change *c = &r->changes[i];
		char found[256], expect[256];

		len = strlen(buf);
		if (c->state != MG_CHANGE_LEFT)
			continue;
		mg_change_text(r, c, MG_VALUE_FOUND, found, sizeof(found));
		mg_change_text(r, c, MG_VALUE_EXPECT, expect, sizeof(expect));
		snprintf(buf + len, size - len, "; %s left at %s (this apply set %s)", c->name, found, expect);
	}
}

static int explain(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_apply_result *r,
		   enum mg_param_group g, int err, const char *extack, const char *rb)
{
	const char *ifname = t->cur.ifname;

	if (g == MG_GROUP_ASPM)
		return mg_aspm_explain(ctx, ifname, r, err, rb);
	if (err == -EPERM || err == -EACCES)
		return mg_fail(ctx, -EPERM, "%s: changing %s needs CAP_NET_ADMIN; %s", ifname,
			       mg_param_group_name(g), rb);
	if (err == -EOPNOTSUPP)
		return mg_fail(ctx, err, "%s: %s does not support setting %s; %s", ifname,
			       t->driver[0] ? t->driver : "the driver", mg_param_group_name(g), rb);
	return mg_fail(ctx, err, "%s: setting %s failed: %s%s%s; %s", ifname, mg_param_group_name(g),
		       strerror(-err), extack[0] ? ": " : "", extack, rb);
}

/* Whether change @c holds in @now: 0, or -EIO saying what the driver did instead. */
static int check_param(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *now,
		       const struct mg_change *c)
{
	if (mg_settings_has(now, c->param) && now->value[c->param] == c->new_value)
		return 0;
	return mg_fail(ctx, -EIO, "%s: the driver set %s to %lld, not %lld", t->cur.ifname, c->name,
		       now->value[c->param], c->new_value);
}

/* Read back and compare: a driver may round or ignore a value. */
static int verify(struct mg_ctx *ctx, const struct mg_apply_target *t, struct mg_apply_result *r)
{
	struct mg_settings now;
	struct mg_tune_now tune;
	int err = read_now(ctx, t, r, &now, &tune);

	/* What is there now is what a restore must find to undo. */
	for (size_t i = 0; err == 0 && i < r->count; i++) {
		struct mg_change *c = &r->changes[i];

		if (!mg_change_is_param(c))
			mg_tune_expect(&tune, r, c);
		else if (mg_settings_has(&now, c->param))
			c->expect = now.value[c->param];
	}
	for (size_t i = 0; err == 0 && i < r->count; i++) {
		const struct mg_change *c = &r->changes[i];

		err = mg_change_is_param(c) ? check_param(ctx, t, &now, c)
					    : mg_tune_check(ctx, t->cur.ifname, &tune, r, c, true);
	}
	mg_tune_now_clear(&tune);
	return err;
}

#ifdef MG_TESTING
/* Tests stop an apply between two changes, to kill it or cancel it there. */
static void test_pause(struct mg_ctx *ctx, enum mg_param_group done)
{
	struct pollfd p = { .fd = ctx->test.pause_fd, .events = POLLIN };

	if (ctx->test.pause_after_group != (int)done)
		return;
	for (int waited = 0; waited < 30000 && !mg_cancelled(ctx); waited += 20)
		if (poll(&p, 1, 20) > 0)
			break;
}
#else
#define test_pause(ctx, done) ((void)0)
#endif

/* Stop at the caller's request: undo what was done. */
static int cancelled(struct mg_ctx *ctx, const struct mg_apply_target *t, struct mg_apply_result *r, size_t done)
{
	char rb[sizeof(ctx->error)];
	bool changed = changed_before(r, done);

	if (changed)
		r->rolled_back = roll_back(ctx, t, r, done);
	describe_restore(r, changed, rb, sizeof(rb));
	return mg_fail(ctx, -ECANCELED, "%s: interrupted; %s", t->cur.ifname, rb);
}

static int run_steps(struct mg_ctx *ctx, const struct mg_apply_target *t, struct mg_apply_result *r)
{
	char extack[sizeof(ctx->extack)], rb[sizeof(ctx->error)];
	size_t done;
	int err = 0;

	for (done = 0; done < MG_APPLY_GROUPS; done++) {
		if (mg_cancelled(ctx))
			return cancelled(ctx, t, r, done);
		err = mg_apply_set_group(ctx, t->cur.ifindex, order[done], r, false);
		if (err < 0)
			break;
		mg_apply_mark_group(r, order[done], MG_CHANGE_APPLIED);
		if (group_planned(r, order[done]))
			test_pause(ctx, order[done]);
	}
	if (err == 0) {
		char why[sizeof(ctx->error)];

		err = verify(ctx, t, r);
		if (err == 0)
			return mg_cancelled(ctx) ? cancelled(ctx, t, r, done) : 0;
		mg_strlcpy(why, ctx->error, sizeof(why));
		r->rolled_back = roll_back(ctx, t, r, done);
		describe_restore(r, true, rb, sizeof(rb));
		return mg_fail(ctx, err, "%s; %s", why, rb);
	}
	/* The rollback's own requests would overwrite the kernel's message. */
	mg_strlcpy(extack, ctx->extack, sizeof(extack));
	mg_strlcpy(r->kernel_message, extack, sizeof(r->kernel_message));
	r->failed_group = (int)order[done];
	r->rolled_back = roll_back(ctx, t, r, done);
	describe_restore(r, changed_before(r, done), rb, sizeof(rb));
	return explain(ctx, t, r, order[done], err, extack, rb);
}

/* The journal that lets a later process undo this apply if it dies midway. */
static int write_journal(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_apply_result *r)
{
	struct mg_journal j = { .ifindex = t->cur.ifindex, .time = (long long)time(NULL), .pid = (long)getpid() };
	char why[sizeof(ctx->error)];
	int err;

	mg_strlcpy(j.ifname, t->cur.ifname, sizeof(j.ifname));
	for (size_t i = 0; i < r->count; i++) {
		const struct mg_change *c = &r->changes[i];

		if (mg_change_is_param(c))
			j.entries[j.count++] = (struct mg_journal_entry){
				.param = c->param, .old_value = c->old_value, .new_value = c->new_value, .new_known = true,
			};
		else
			mg_tune_journal_entry(r, c, &j.entries[j.count++]);
	}
	err = mg_journal_write(ctx, &j);
	if (err < 0) {
		mg_strlcpy(why, ctx->error, sizeof(why));
		return mg_fail(ctx, err, "%s: %s; nothing was changed", t->cur.ifname, why);
	}
	return 0;
}

static int execute(struct mg_ctx *ctx, const struct mg_apply_target *t, struct mg_apply_result *r)
{
	int err = write_journal(ctx, t, r);

	if (err < 0)
		return err;
	err = run_steps(ctx, t, r);
	/* Ended either way: whatever stays changed, this apply answered for it. */
	if (mg_journal_remove(ctx, t->cur.ifindex) < 0)
		mg_info(ctx, "%s", ctx->error);
	return err;
}

MG_EXPORT int mg_settings_apply(struct mg_ctx *ctx, const char *ifname, const struct mg_settings *want,
				unsigned int flags, struct mg_apply_result **result)
{
	bool dry_run = flags & MG_APPLY_DRY_RUN;
	struct mg_apply_target t;
	struct mg_apply_result *r;
	int err;

	if (result)
		*result = NULL;
	if (!ctx)
		return -EINVAL;
	mg_clear_error(ctx);
	if (!want)
		return mg_fail(ctx, -EINVAL, "no settings to apply");
	if (ctx->offline)
		return mg_fail(ctx, -EOPNOTSUPP, "a captured tree cannot be changed: settings need a live context");
	r = mg_apply_result_new();
	if (!r)
		return -ENOMEM;
	err = mg_apply_begin(ctx, ifname, !dry_run, &t);
	if (err == 0)
		err = refuse_if_interrupted(ctx, &t);
	/* EEE, link modes and features are read only when asked to change. */
	if (err == 0)
		err = mg_tune_read(ctx, t.cur.ifindex, t.cur.ifname, t.driver, mg_tune_want_groups(want), &t.tune);
	if (err == 0)
		err = plan(ctx, &t, want, r);
	if (err == 0 && !dry_run && r->count > 0)
		err = execute(ctx, &t, r);
	mg_apply_end(&t);
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
		*param = mg_change_is_param(&r->changes[index]) ? r->changes[index].param : (enum mg_param)-1;
	if (old_value)
		*old_value = r->changes[index].old_value;
	if (new_value)
		*new_value = r->changes[index].new_value;
	return 0;
}

MG_EXPORT int mg_apply_result_get_state(const struct mg_apply_result *r, size_t index)
{
	if (!r || index >= r->count)
		return -EINVAL;
	return (int)r->changes[index].state;
}

MG_EXPORT const char *mg_apply_result_get_name(const struct mg_apply_result *r, size_t index)
{
	return r && index < r->count ? r->changes[index].name : NULL;
}

MG_EXPORT int mg_apply_result_get_group(const struct mg_apply_result *r, size_t index)
{
	return r && index < r->count ? (int)r->changes[index].group : -EINVAL;
}

MG_EXPORT const char *mg_apply_result_get_modes(const struct mg_apply_result *r, size_t index, int after)
{
	if (!r || index >= r->count || r->changes[index].group != MG_GROUP_ADVERTISE)
		return NULL;
	return r->adv_text[after ? MG_VALUE_NEW : MG_VALUE_OLD];
}

MG_EXPORT int mg_apply_result_may_bounce_link(const struct mg_apply_result *r)
{
	return r && (group_planned(r, MG_GROUP_RINGS) || group_planned(r, MG_GROUP_CHANNELS) ||
		     group_planned(r, MG_GROUP_EEE) || group_planned(r, MG_GROUP_ADVERTISE));
}

MG_EXPORT int mg_apply_result_get_failed_group(const struct mg_apply_result *r)
{
	return r ? r->failed_group : -1;
}

MG_EXPORT int mg_apply_result_rolled_back(const struct mg_apply_result *r)
{
	return r ? r->rolled_back : MG_UNKNOWN;
}

MG_EXPORT const char *mg_apply_result_get_kernel_message(const struct mg_apply_result *r)
{
	return r && r->kernel_message[0] ? r->kernel_message : NULL;
}
