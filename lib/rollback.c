/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Undoing an apply that was interrupted (killed before it ended): its
 * journal says what each value was and what the apply set. Under the
 * interface's lock, a value is restored only while it still holds what the
 * apply set; one that is back already needs nothing, one another writer
 * changed since stays. The restores go in the reverse of the apply's
 * order, by interface index, and the journal is removed once all of them
 * are in place.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "gather.h"
#include "mg-settings.h"
#include "mg-tune.h"

static int read_interrupted(struct mg_ctx *ctx, const struct mg_apply_target *t, struct mg_journal *j)
{
	char why[sizeof(ctx->error)];
	int err = mg_journal_interrupted(ctx, t->cur.ifindex, t->lock_fd >= 0, j);

	if (err == 0)
		return mg_fail(ctx, -ENOENT, "%s: no interrupted apply to roll back", t->cur.ifname);
	if (err < 0)
		return err;
	if (j->ifindex == 0) {
		mg_strlcpy(why, ctx->error, sizeof(why));
		return mg_fail(ctx, -EBADMSG, "%s: %s; check the interface by hand, then remove the journal",
			       t->cur.ifname, why);
	}
	return 0;
}

/* One journal entry: restore it, leave it to another writer, or nothing to do. */
static void plan_entry(const struct mg_journal_entry *e, const struct mg_settings *cur, struct mg_apply_result *r)
{
	struct mg_change c = { .group = mg_param_info(e->param)->group, .param = e->param, .new_value = e->old_value,
			       .expect = e->old_value };
	/* Unreadable now: restore, and let the kernel say whether it can be. */
	bool readable = mg_settings_has(cur, e->param);

	c.old_value = readable ? cur->value[e->param] : MG_UNKNOWN;
	if (readable && c.old_value == e->old_value)
		return;
	if (readable && e->new_known && c.old_value != e->new_value) {
		c.state = MG_CHANGE_LEFT;
		c.found = c.old_value;
	}
	mg_strlcpy(c.name, mg_param_name(e->param), sizeof(c.name));
	r->changes[r->count++] = c;
}

/* The restores in the order they are made: the apply's groups backwards. */
static void plan_restores(const struct mg_journal *j, const struct mg_apply_target *t, struct mg_apply_result *r)
{
	for (size_t g = MG_APPLY_GROUPS; g-- > 0;)
		for (size_t i = 0; i < j->count; i++) {
			const struct mg_journal_entry *e = &j->entries[i];

			if (mg_journal_entry_group(e) != mg_apply_order[g])
				continue;
			if (mg_apply_order[g] < MG_GROUP_COUNT)
				plan_entry(e, &t->cur, r);
			else
				mg_tune_plan_restore(e, &t->tune, r);
		}
}

/* The groups of EEE, modes and features the journal holds: what the restore must read. */
static unsigned int journal_groups(const struct mg_journal *j)
{
	unsigned int groups = 0;

	for (size_t i = 0; i < j->count; i++)
		if (mg_journal_entry_group(&j->entries[i]) >= MG_GROUP_COUNT)
			groups |= 1u << mg_journal_entry_group(&j->entries[i]);
	return groups;
}

static void mark_failed(struct mg_apply_result *r, enum mg_param_group g)
{
	for (size_t i = 0; i < r->count; i++)
		if (r->changes[i].group == g && r->changes[i].state == MG_CHANGE_PLANNED)
			r->changes[i].state = MG_CHANGE_RESTORE_FAILED;
}

/* Read back: a value the driver did not take is not restored. */
static int verify(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_apply_result *r)
{
	struct mg_settings now;
	struct mg_tune_now tune = { 0 };
	int err = mg_settings_read_into(ctx, NULL, t->cur.ifindex, t->driver, &now);

	if (err == 0)
		err = mg_tune_read(ctx, t->cur.ifindex, t->cur.ifname, t->driver, mg_tune_result_groups(r), &tune);
	for (size_t i = 0; err == 0 && i < r->count; i++) {
		const struct mg_change *c = &r->changes[i];

		if (c->state != MG_CHANGE_APPLIED)
			continue;
		if (!mg_change_is_param(c))
			err = mg_tune_check(ctx, t->cur.ifname, &tune, r, c, false);
		else if (mg_settings_has(&now, c->param) && now.value[c->param] != c->new_value)
			err = mg_fail(ctx, -EIO, "%s: the driver set %s to %lld, not %lld", t->cur.ifname, c->name,
				      now.value[c->param], c->new_value);
	}
	mg_tune_now_clear(&tune);
	return err;
}

static int restore(struct mg_ctx *ctx, const struct mg_apply_target *t, struct mg_apply_result *r)
{
	int first_err = 0;
	bool left = false;

	for (size_t g = MG_APPLY_GROUPS; g-- > 0;) {
		int err = mg_apply_set_group(ctx, t->cur.ifindex, mg_apply_order[g], r, false);

		if (err < 0) {
			mark_failed(r, mg_apply_order[g]);
			if (!first_err) {
				r->failed_group = (int)mg_apply_order[g];
				mg_strlcpy(r->kernel_message, ctx->extack, sizeof(r->kernel_message));
				first_err = mg_fail(ctx, err, "%s: restoring %s failed: %s%s%s; the journal is kept",
						    t->cur.ifname, mg_param_group_name(mg_apply_order[g]),
						    strerror(-err), ctx->extack[0] ? ": " : "", ctx->extack);
			}
			continue;
		}
		mg_apply_mark_group(r, mg_apply_order[g], MG_CHANGE_APPLIED);
	}
	for (size_t i = 0; i < r->count; i++)
		left |= r->changes[i].state == MG_CHANGE_LEFT;
	r->rolled_back = !first_err && !left;
	if (first_err)
		return first_err;
	return verify(ctx, t, r);
}

MG_EXPORT int mg_settings_rollback(struct mg_ctx *ctx, const char *ifname, unsigned int flags,
				   struct mg_apply_result **result)
{
	bool dry_run = flags & MG_APPLY_DRY_RUN;
	struct mg_apply_target t;
	struct mg_apply_result *r;
	struct mg_journal j;
	int err;

	if (result)
		*result = NULL;
	if (!ctx)
		return -EINVAL;
	mg_clear_error(ctx);
	if (ctx->offline)
		return mg_fail(ctx, -EOPNOTSUPP, "a captured tree cannot be changed: settings need a live context");
	r = mg_apply_result_new();
	if (!r)
		return -ENOMEM;
	err = mg_apply_begin(ctx, ifname, !dry_run, &t);
	if (err == 0)
		err = read_interrupted(ctx, &t, &j);
	if (err == 0)
		err = mg_tune_read(ctx, t.cur.ifindex, t.cur.ifname, t.driver, journal_groups(&j), &t.tune);
	if (err == 0)
		plan_restores(&j, &t, r);
	if (err == 0 && !dry_run)
		err = restore(ctx, &t, r);
	if (err == 0 && !dry_run)
		err = mg_journal_remove(ctx, t.cur.ifindex);
	mg_apply_end(&t);
	if (result)
		*result = r;
	else
		free(r);
	return err;
}

MG_EXPORT int mg_settings_journal_pending(struct mg_ctx *ctx, const char *ifname)
{
	struct mg_journal j;
	struct mg_link link;
	int err;

	if (!ctx)
		return -EINVAL;
	mg_clear_error(ctx);
	if (ctx->offline)
		return mg_fail(ctx, -EOPNOTSUPP, "a captured tree has no applies under way");
	err = mg_settings_check_name(ctx, ifname);
	if (err < 0)
		return err;
	err = mg_gather_link_said(ctx, ifname, 0, &link);
	if (err < 0)
		return err;
	return mg_journal_interrupted(ctx, link.ifindex, false, &j);
}

MG_EXPORT int mg_settings_journal_pending_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic)
{
	struct mg_journal j;

	if (!ctx || !nic)
		return -EINVAL;
	mg_clear_error(ctx);
	if (ctx->offline)
		return mg_fail(ctx, -EOPNOTSUPP, "a captured tree has no applies under way");
	if (mg_nic_need_interface(ctx, nic) < 0)
		return -ENODEV;
	return mg_journal_interrupted(ctx, nic->ifindex, false, &j);
}
