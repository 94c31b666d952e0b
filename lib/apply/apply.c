/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The steps of a transaction on one interface (transaction.c runs them):
 * read it under its lock, validate everything it is asked, then change one
 * group at a time in the group table's order (groups.c), read back to verify,
 * and on a failure restore the groups already changed, in reverse order,
 * each value only while it still holds what this transaction set. Every
 * request addresses the interface by index; the ASPM control, by the PCI
 * function found under the lock. Also the result object the API hands out.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "apply/apply.h"

static const enum mg_param_group *const order = mg_apply_order;

struct mg_apply_result *mg_apply_result_new(void)
{
	struct mg_apply_result *r = calloc(1, sizeof(*r));

	if (r) {
		r->failed_part = -1;
		r->failed_group = -1;
		r->rolled_back = MG_UNKNOWN;
		r->hold_fd = -1;
	}
	return r;
}

int mg_apply_named(struct mg_ctx *ctx, const char *ifname, struct mg_link *link)
{
	int err;

	if (ctx->offline)
		return mg_fail(ctx, -EOPNOTSUPP, "a captured tree cannot be changed: settings need a live context");
	err = mg_settings_check_name(ctx, ifname);
	return err < 0 ? err : mg_gather_link_said(ctx, ifname, 0, link);
}

struct mg_apply_part *mg_apply_result_add_part(struct mg_apply_result *r, const struct mg_iface_id *id)
{
	struct mg_apply_part **grown = realloc(r->parts, (r->count + 1) * sizeof(*grown)), *part;

	if (!grown)
		return NULL;
	r->parts = grown;
	part = calloc(1, sizeof(*part));
	if (!part)
		return NULL;
	part->id = *id;
	part->failed_group = -1;
	part->rolled_back = MG_UNKNOWN;
	r->parts[r->count++] = part;
	return part;
}

void mg_apply_target_init(struct mg_apply_target *t)
{
	memset(t, 0, sizeof(*t));
	t->lock_fd = -1;
	mg_settings_init(&t->cur);
}

void mg_apply_target_clear(struct mg_ctx *ctx, struct mg_apply_target *t)
{
	mg_iflock_release(ctx, &t->ns, t->lock_ifindex, t->lock_fd);
	t->lock_fd = -1;
	mg_group_now_clear(&t->tune);
}

int mg_apply_read_target(struct mg_ctx *ctx, const struct mg_link *link, struct mg_apply_target *t)
{
	struct mg_drvinfo info;

	/* The driver's name makes "does not support" concrete. */
	if (mg_gather_drvinfo(ctx, link->name, &info) == 0)
		mg_strlcpy(t->driver, info.driver, sizeof(t->driver));
	/* Read under the lock, by index: what a restore goes back to. */
	return mg_settings_read_into(ctx, NULL, link->ifindex, t->driver, &t->cur);
}

/* An earlier transaction on this interface died midway: nothing more until it is undone. */
int mg_apply_refuse_if_interrupted(struct mg_ctx *ctx, const struct mg_apply_target *t)
{
	struct mg_journal j;
	char who[160];
	int err = mg_journal_interrupted(ctx, &t->ns, t->cur.ifindex, t->lock_fd >= 0, &j);

	if (err < 0 && t->lock_fd < 0) {
		/* A dry run changes nothing: state it cannot read does not stop it. */
		mg_info(ctx, "%s", ctx->error);
		mg_clear_error(ctx);
		return 0;
	}
	if (err <= 0)
		return err;
	if (j.version == 0) {
		/* What rollback says too: a damaged journal cannot be rolled back, only looked into and discarded. */
		err = mg_fail(ctx, -EUCLEAN,
			      "%s: the undo journal %s of this namespace is damaged (cut short or changed), so it "
			      "cannot say what it covers; check the interface by hand, then discard it "
			      "(multigig rollback --discard %s)", t->cur.ifname, j.file, j.file);
		mg_journal_clear(&j);
		return err;
	}
	mg_journal_describe(&j, who, sizeof(who));
	if (j.confirm_by && mg_journal_confirm_left(&j, &t->ns) > 0) {
		long long left = mg_journal_confirm_left(&j, &t->ns);
		char q[MG_SHELL_NAME_MAX];

		mg_journal_clear(&j);
		return mg_fail(ctx, -EBUSY, "%s: changes made by %s await confirmation for %lld s more: confirm them "
			       "(mg_settings_confirm(), multigig confirm %s) or let them roll back first", t->cur.ifname,
			       who, left, mg_shell_operand(q, sizeof(q), t->cur.ifname));
	}
	mg_journal_clear(&j);
	return mg_fail(ctx, -EUCLEAN,
		       "%s: an earlier apply of settings (%s) was interrupted and left its changes half made; "
		       "roll it back first", t->cur.ifname, who);
}

int mg_apply_plan(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *want,
		  struct mg_apply_part *r)
{
	for (size_t i = 0; i < MG_APPLY_GROUPS; i++) {
		int err = mg_group_ops[order[i]]->plan(ctx, t, want, order[i], r);

		if (err < 0)
			return err;
	}
	return 0;
}

int mg_apply_set_group(struct mg_ctx *ctx, int ifindex, enum mg_param_group g, const struct mg_apply_part *r,
		       bool restore)
{
	bool any = false;

	for (size_t i = 0; i < r->count && !any; i++)
		any = mg_change_chosen(&r->changes[i], g, restore);
	if (!any)
		return 0;
	if (!restore && MG_TEST_HOOK(ctx, inject_group, -1) == (int)g)
		return -EIO;
	return mg_group_ops[g]->set(ctx, ifindex, g, r, restore);
}

static bool group_planned(const struct mg_apply_part *r, enum mg_param_group g)
{
	for (size_t i = 0; i < r->count; i++)
		if (r->changes[i].group == g)
			return true;
	return false;
}

void mg_apply_mark_group(struct mg_apply_part *r, enum mg_param_group g, enum mg_change_state state)
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
static int read_now(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_apply_part *r,
		    struct mg_settings *now, struct mg_group_now *tune)
{
	int err = mg_settings_read_into(ctx, NULL, t->cur.ifindex, t->driver, now);

	memset(tune, 0, sizeof(*tune));
	if (err == 0)
		err = mg_group_read(ctx, t->cur.ifindex, t->cur.ifname, t->driver, mg_group_read_mask(r),
				    mg_group_subject(r), tune);
	tune->params = now;
	return err;
}

/*
 * Choose what to restore of groups order[0..upto): a value that still holds
 * what this apply set. One that is back already needs nothing; one that
 * holds something else was changed by another writer since, and stays.
 */
static int choose_restores(struct mg_ctx *ctx, const struct mg_apply_target *t, struct mg_apply_part *r,
			   size_t upto)
{
	struct mg_settings now;
	struct mg_group_now tune;
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
		switch (mg_group_compare(&tune, r, c)) {
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
	mg_group_now_clear(&tune);
	return err;
}

bool mg_apply_roll_back(struct mg_ctx *ctx, const struct mg_apply_target *t, struct mg_apply_part *r, size_t upto)
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

bool mg_apply_part_changed(const struct mg_apply_part *r)
{
	for (size_t i = 0; i < r->count; i++)
		if (r->changes[i].state != MG_CHANGE_PLANNED)
			return true;
	return false;
}

/* "; mtu left at 4000 (this apply set 9000)" for each value another writer changed since. */
static void describe_left(const struct mg_apply_part *r, bool with_name, char *buf, size_t size)
{
	for (size_t i = 0; i < r->count; i++) {
		const struct mg_change *c = &r->changes[i];
		char found[256], expect[256];
		size_t len = strlen(buf);

		if (c->state != MG_CHANGE_LEFT)
			continue;
		mg_change_text(r, c, MG_VALUE_FOUND, found, sizeof(found));
		mg_change_text(r, c, MG_VALUE_EXPECT, expect, sizeof(expect));
		snprintf(buf + len, size - len, "; %s%s%s left at %s (this apply set %s)", with_name ? r->id.name : "",
			 with_name ? " " : "", c->name, found, expect);
	}
}

void mg_apply_describe_restore(const struct mg_apply_result *res, char *buf, size_t size)
{
	bool changed = false, failed = false, left = false;

	for (size_t p = 0; p < res->count; p++) {
		const struct mg_apply_part *r = res->parts[p];

		changed |= mg_apply_part_changed(r);
		for (size_t i = 0; i < r->count; i++) {
			failed |= r->changes[i].state == MG_CHANGE_RESTORE_FAILED;
			left |= r->changes[i].state == MG_CHANGE_LEFT;
		}
	}
	snprintf(buf, size, "%s", !changed ? "nothing was changed"
				  : failed ? "ROLLBACK FAILED: check the interface"
				  : left   ? "rolled back, except what another writer changed since"
					   : "every change was rolled back");
	for (size_t p = 0; p < res->count && left; p++)
		describe_left(res->parts[p], res->count > 1, buf, size);
}

int mg_apply_explain(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_apply_part *r,
		     enum mg_param_group g, int err, const char *extack, const char *rb)
{
	return mg_group_ops[g]->explain(ctx, t, r, g, err, extack, rb);
}

/* Read back and compare: a driver may round or ignore a value. */
static int verify(struct mg_ctx *ctx, const struct mg_apply_target *t, struct mg_apply_part *r)
{
	struct mg_settings now;
	struct mg_group_now tune;
	int err = read_now(ctx, t, r, &now, &tune);

	/* What is there now is what a restore must find to undo. */
	for (size_t i = 0; err == 0 && i < r->count; i++)
		mg_group_expect(&tune, r, &r->changes[i]);
	for (size_t i = 0; err == 0 && i < r->count; i++)
		err = mg_group_check(ctx, t->cur.ifname, &tune, r, &r->changes[i], true);
	mg_group_now_clear(&tune);
	return err;
}

#ifdef MG_TESTING
/* Tests stop an apply between two changes, to kill it or cancel it there. */
static void test_pause(struct mg_ctx *ctx, enum mg_param_group done)
{
	if (ctx->test.pause_after_group == (int)done)
		mg_test_wait(ctx);
}
#else
#define test_pause(ctx, done) ((void)0)
#endif

int mg_apply_run(struct mg_ctx *ctx, const struct mg_apply_target *t, struct mg_apply_part *r, size_t *done)
{
	int err = 0;

	for (*done = 0; *done < MG_APPLY_GROUPS; (*done)++) {
		if (mg_cancelled(ctx))
			return -ECANCELED;
		err = mg_apply_set_group(ctx, t->cur.ifindex, order[*done], r, false);
		if (err < 0) {
			/* The restore's own requests would overwrite the kernel's message. */
			mg_strlcpy(r->kernel_message, ctx->extack, sizeof(r->kernel_message));
			r->failed_group = (int)order[*done];
			return err;
		}
		mg_apply_mark_group(r, order[*done], MG_CHANGE_APPLIED);
		if (group_planned(r, order[*done]))
			test_pause(ctx, order[*done]);
	}
	err = verify(ctx, t, r);
	if (err == 0 && mg_cancelled(ctx))
		err = -ECANCELED;
	return err;
}

MG_EXPORT void mg_apply_result_free(struct mg_apply_result *result)
{
	if (!result)
		return;
	/* Let go without an undo: the journal is interrupted now, and a rollback puts the values back. */
	if (result->hold_fd >= 0)
		close(result->hold_fd);
	for (size_t i = 0; i < result->count; i++) {
		free(result->parts[i]->persist_old);
		free(result->parts[i]->persist_new);
		free(result->parts[i]);
	}
	free(result->parts);
	free(result);
}

MG_EXPORT size_t mg_apply_result_count(const struct mg_apply_result *r)
{
	size_t n = 0;

	for (size_t i = 0; r && i < r->count; i++)
		n += r->parts[i]->count;
	return n;
}

/* The @index-th change over every part, and its part; NULL when out of range. */
static const struct mg_change *change_at(const struct mg_apply_result *r, size_t index,
					 const struct mg_apply_part **part)
{
	for (size_t i = 0; r && i < r->count; i++) {
		if (index < r->parts[i]->count) {
			if (part)
				*part = r->parts[i];
			return &r->parts[i]->changes[index];
		}
		index -= r->parts[i]->count;
	}
	return NULL;
}

MG_EXPORT int mg_apply_result_get(const struct mg_apply_result *r, size_t index, enum mg_param *param,
				  long long *old_value, long long *new_value)
{
	const struct mg_change *c = change_at(r, index, NULL);

	if (!c)
		return -EINVAL;
	if (param)
		*param = mg_change_is_param(c) ? c->param : (enum mg_param)-1;
	if (old_value)
		*old_value = c->old_value;
	if (new_value)
		*new_value = c->new_value;
	return 0;
}

MG_EXPORT int mg_apply_result_get_state(const struct mg_apply_result *r, size_t index)
{
	const struct mg_change *c = change_at(r, index, NULL);

	return c ? (int)c->state : -EINVAL;
}

MG_EXPORT const char *mg_apply_result_get_name(const struct mg_apply_result *r, size_t index)
{
	const struct mg_change *c = change_at(r, index, NULL);

	return c ? c->name : NULL;
}

MG_EXPORT int mg_apply_result_get_group(const struct mg_apply_result *r, size_t index)
{
	const struct mg_change *c = change_at(r, index, NULL);

	return c ? (int)c->group : -EINVAL;
}

enum mg_value_kind mg_apply_result_value_kind(const struct mg_apply_result *r, size_t index)
{
	const struct mg_change *c = change_at(r, index, NULL);

	return c ? mg_group_ops[c->group]->kind : MG_VALUE_NUMBER;
}

MG_EXPORT const char *mg_apply_result_get_modes(const struct mg_apply_result *r, size_t index, int after)
{
	const struct mg_apply_part *part;
	const struct mg_change *c = change_at(r, index, &part);

	if (!c || c->group != MG_GROUP_ADVERTISE)
		return NULL;
	return part->adv_text[after ? MG_VALUE_NEW : MG_VALUE_OLD];
}

MG_EXPORT int mg_apply_result_format_value(const struct mg_apply_result *r, size_t index, int after, char *buf,
					   size_t size)
{
	const struct mg_apply_part *part;
	const struct mg_change *c = change_at(r, index, &part);

	if (!c || !buf || !size)
		return -EINVAL;
	mg_change_text(part, c, after ? MG_VALUE_NEW : MG_VALUE_OLD, buf, size);
	return 0;
}

MG_EXPORT const char *mg_apply_result_get_ifname(const struct mg_apply_result *r, size_t index)
{
	const struct mg_apply_part *part;

	return change_at(r, index, &part) ? part->id.name : NULL;
}

MG_EXPORT int mg_apply_result_get_ifindex(const struct mg_apply_result *r, size_t index)
{
	const struct mg_apply_part *part;

	return change_at(r, index, &part) ? part->id.ifindex : -EINVAL;
}

MG_EXPORT size_t mg_apply_result_get_interface_count(const struct mg_apply_result *r)
{
	return r ? r->count : 0;
}

MG_EXPORT const char *mg_apply_result_get_interface(const struct mg_apply_result *r, size_t index, int *ifindex,
						    const char **skipped)
{
	if (!r || index >= r->count)
		return NULL;
	if (ifindex)
		*ifindex = r->parts[index]->id.ifindex;
	if (skipped)
		*skipped = r->parts[index]->skipped[0] ? r->parts[index]->skipped : NULL;
	return r->parts[index]->id.name;
}

MG_EXPORT int mg_apply_result_may_bounce_link(const struct mg_apply_result *r)
{
	for (size_t i = 0; r && i < r->count; i++)
		for (size_t k = 0; k < r->parts[i]->count; k++)
			if (mg_group_ops[r->parts[i]->changes[k].group]->bounces_link)
				return 1;
	return 0;
}

MG_EXPORT int mg_apply_result_get_failed_group(const struct mg_apply_result *r)
{
	return r ? r->failed_group : -1;
}

MG_EXPORT const char *mg_apply_result_get_failed_ifname(const struct mg_apply_result *r)
{
	return r && r->failed_part >= 0 ? r->parts[r->failed_part]->id.name : NULL;
}

MG_EXPORT int mg_apply_result_rolled_back(const struct mg_apply_result *r)
{
	return r ? r->rolled_back : MG_UNKNOWN;
}

MG_EXPORT const char *mg_apply_result_get_kernel_message(const struct mg_apply_result *r)
{
	return r && r->kernel_message[0] ? r->kernel_message : NULL;
}

MG_EXPORT const char *mg_apply_result_get_message(const struct mg_apply_result *r)
{
	return r && r->message[0] ? r->message : NULL;
}
