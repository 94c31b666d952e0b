/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The restores of one interface from its part of a journal: plan them
 * against what it holds now (a value back already needs nothing, one
 * another writer changed since stays), make them in the reverse of the
 * apply's order, and read them back. transaction.c runs them for every
 * interface of a journal: a rollback, or an undo.
 */
#include <errno.h>
#include <string.h>

#include "apply/apply.h"

/* One journal entry: restore it, leave it to another writer, or nothing to do. */
static void plan_entry(const struct mg_journal_entry *e, const struct mg_settings *cur, struct mg_apply_part *r)
{
	struct mg_change c = { .group = mg_param_info(e->param)->group,
			       .param = e->param,
			       .new_value = e->old_value,
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

void mg_rollback_plan(const struct mg_journal_part *jp, const struct mg_apply_target *t, struct mg_apply_part *r)
{
	for (size_t g = MG_APPLY_GROUPS; g-- > 0;)
		for (size_t i = 0; i < jp->count; i++) {
			const struct mg_journal_entry *e = &jp->entries[i];

			if (mg_journal_entry_group(e) != mg_apply_order[g])
				continue;
			if (mg_apply_order[g] < MG_GROUP_COUNT)
				plan_entry(e, &t->cur, r);
			else
				mg_tune_plan_restore(e, &t->tune, r);
		}
}

unsigned int mg_rollback_groups(const struct mg_journal_part *jp)
{
	unsigned int groups = 0;

	for (size_t i = 0; i < jp->count; i++)
		if (mg_journal_entry_group(&jp->entries[i]) >= MG_GROUP_COUNT)
			groups |= 1u << mg_journal_entry_group(&jp->entries[i]);
	return groups;
}

static void mark_failed(struct mg_apply_part *r, enum mg_param_group g)
{
	for (size_t i = 0; i < r->count; i++)
		if (r->changes[i].group == g && r->changes[i].state == MG_CHANGE_PLANNED)
			r->changes[i].state = MG_CHANGE_RESTORE_FAILED;
}

/* Read back: a value the driver did not take is not restored. */
static int verify(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_apply_part *r)
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

int mg_rollback_part(struct mg_ctx *ctx, const struct mg_apply_target *t, struct mg_apply_part *r)
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
				first_err = mg_fail(ctx, err, "%s: restoring %s failed: %s%s%s", t->cur.ifname,
						    mg_param_group_name(mg_apply_order[g]), strerror(-err),
						    ctx->extack[0] ? ": " : "", ctx->extack);
			}
			continue;
		}
		mg_apply_mark_group(r, mg_apply_order[g], MG_CHANGE_APPLIED);
	}
	for (size_t i = 0; i < r->count; i++)
		left |= r->changes[i].state == MG_CHANGE_LEFT;
	r->rolled_back = !first_err && !left;
	return first_err ? first_err : verify(ctx, t, r);
}

