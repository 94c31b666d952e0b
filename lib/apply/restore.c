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

void mg_restore_plan(const struct mg_journal_part *jp, const struct mg_apply_target *t, struct mg_apply_part *r)
{
	struct mg_group_now now = t->tune;

	now.params = &t->cur;
	for (size_t g = MG_APPLY_GROUPS; g-- > 0;)
		for (size_t i = 0; i < jp->count; i++)
			if (mg_journal_entry_group(&jp->entries[i]) == mg_apply_order[g])
				mg_group_plan_restore(&jp->entries[i], &now, r);
}

unsigned int mg_restore_groups(const struct mg_journal_part *jp)
{
	unsigned int groups = 0;

	for (size_t i = 0; i < jp->count; i++)
		if (mg_group_ops[mg_journal_entry_group(&jp->entries[i])]->read)
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
	struct mg_group_now tune = { 0 };
	int err = mg_settings_read_into(ctx, NULL, t->cur.ifindex, t->driver, &now);

	if (err == 0)
		err = mg_group_read(ctx, t->cur.ifindex, t->cur.ifname, t->driver, mg_group_read_mask(r),
				    mg_group_subject(r), &tune);
	tune.params = &now;
	for (size_t i = 0; err == 0 && i < r->count; i++)
		if (r->changes[i].state == MG_CHANGE_APPLIED)
			err = mg_group_check(ctx, t->cur.ifname, &tune, r, &r->changes[i], false);
	mg_group_now_clear(&tune);
	return err;
}

int mg_restore_part(struct mg_ctx *ctx, const struct mg_apply_target *t, struct mg_apply_part *r)
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

