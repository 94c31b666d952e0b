/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Undoing a transaction: the rollback of one that was interrupted (its
 * process died before it ended, and its journal says what each value was
 * and what it set), and the undo of one that succeeded. Under the locks of
 * every interface the journal covers, a value is restored only while it
 * still holds what the transaction set; one that is back already needs
 * nothing, one another writer changed since stays. The restores go in the
 * reverse of the apply's order, by interface index, and the journal is
 * removed once all of them are in place. Also the journals' list, for
 * `multigig rollback --list` and `--discard`.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "gather.h"
#include "mg-apply.h"
#include "mg-tune.h"

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

/* The interrupted journal that covers @link's interface, found under its lock (a live apply is waited for). */
static int find_interrupted(struct mg_ctx *ctx, const struct mg_netns *ns, const struct mg_link *link,
			    struct mg_journal *j)
{
	int lock_fd = -1, err = mg_iflock_take(ctx, ns, link->ifindex, &lock_fd);

	if (err < 0)
		return mg_iflock_failed(ctx, link->name, err);
	err = mg_journal_interrupted(ctx, ns, link->ifindex, true, j);
	/* Let go: the transaction takes every lock of the journal, lowest index first. */
	mg_iflock_release(lock_fd);
	if (err == 0)
		return mg_fail(ctx, -ENOENT, "%s: no interrupted apply to roll back", link->name);
	if (err < 0)
		return err;
	if (j->version == 0)
		return mg_fail(
			ctx, -EBADMSG,
			"%s: the undo journal %s of this namespace is damaged (cut short or "
			"changed), so it cannot say what it covers; check the interface by hand, then discard the "
			"journal",
			link->name, j->file);
	return 0;
}

MG_EXPORT int mg_settings_rollback(struct mg_ctx *ctx, const char *ifname, unsigned int flags,
				   struct mg_apply_result **result)
{
	struct mg_journal j;
	struct mg_netns ns;
	struct mg_link link;
	int err;

	if (result)
		*result = NULL;
	if (!ctx)
		return -EINVAL;
	mg_clear_error(ctx);
	mg_journal_init(&j);
	if (ctx->offline)
		return mg_fail(ctx, -EOPNOTSUPP, "a captured tree cannot be changed: settings need a live context");
	err = mg_settings_check_name(ctx, ifname);
	if (err == 0)
		err = mg_gather_link_said(ctx, ifname, 0, &link);
	if (err == 0)
		err = mg_netns_self(ctx, &ns);
	/* A dry run takes no lock: it reads whatever journal is there. */
	if (err == 0 && (flags & MG_APPLY_DRY_RUN)) {
		err = mg_journal_interrupted(ctx, &ns, link.ifindex, false, &j);
		err = err == 0	? mg_fail(ctx, -ENOENT, "%s: no interrupted apply to roll back", ifname)
		      : err < 0 ? err
				: 0;
	} else if (err == 0) {
		err = find_interrupted(ctx, &ns, &link, &j);
	}
	if (err == 0)
		err = mg_txn_restore(ctx, &j, false, flags, result);
	else if (result)
		*result = mg_apply_result_new();
	mg_journal_clear(&j);
	return err;
}

MG_EXPORT int mg_settings_undo(struct mg_ctx *ctx, const struct mg_apply_result *done, unsigned int flags,
			       struct mg_apply_result **result)
{
	struct mg_journal j;
	struct mg_netns ns;
	int err;

	if (result)
		*result = NULL;
	if (!ctx)
		return -EINVAL;
	mg_clear_error(ctx);
	if (!done)
		return mg_fail(ctx, -EINVAL, "no result to undo");
	if (ctx->offline)
		return mg_fail(ctx, -EOPNOTSUPP, "a captured tree cannot be changed: settings need a live context");
	err = mg_netns_self(ctx, &ns);
	if (err == 0)
		err = mg_txn_journal_of_result(&ns, done, &j);
	if (err == 0 && j.count == 0) {
		mg_journal_clear(&j);
		if (result)
			*result = mg_apply_result_new();
		return 0;
	}
	if (err == 0)
		err = mg_txn_restore(ctx, &j, true, flags, result);
	mg_journal_clear(&j);
	return err;
}

static int pending(struct mg_ctx *ctx, int ifindex)
{
	struct mg_journal j;
	struct mg_netns ns;
	int err = mg_netns_self(ctx, &ns);

	if (err < 0)
		return err;
	err = mg_journal_interrupted(ctx, &ns, ifindex, false, &j);
	mg_journal_clear(&j);
	return err;
}

MG_EXPORT int mg_settings_journal_pending(struct mg_ctx *ctx, const char *ifname)
{
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
	return pending(ctx, link.ifindex);
}

MG_EXPORT int mg_settings_journal_pending_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic)
{
	if (!ctx || !nic)
		return -EINVAL;
	mg_clear_error(ctx);
	if (ctx->offline)
		return mg_fail(ctx, -EOPNOTSUPP, "a captured tree has no applies under way");
	if (mg_nic_need_interface(ctx, nic) < 0)
		return -ENODEV;
	return pending(ctx, nic->ifindex);
}

/* ---- the journals under /run/multigig, for a person to see and clear ---- */

struct mg_journal_list {
	struct mg_journal_found *items;
	size_t count;
};

MG_EXPORT int mg_journal_list_new(struct mg_ctx *ctx, struct mg_journal_list **list)
{
	struct mg_netns ns;
	int err;

	if (!ctx || !list)
		return -EINVAL;
	*list = NULL;
	mg_clear_error(ctx);
	if (ctx->offline)
		return mg_fail(ctx, -EOPNOTSUPP, "a captured tree has no undo journals");
	*list = calloc(1, sizeof(**list));
	if (!*list)
		return -ENOMEM;
	err = mg_netns_self(ctx, &ns);
	if (err == 0)
		err = mg_journal_scan(ctx, &ns, &(*list)->items, &(*list)->count);
	if (err < 0) {
		free(*list);
		*list = NULL;
		return ctx->error[0] ? err : mg_fail(ctx, err, "cannot list the undo journals: %s", strerror(-err));
	}
	return 0;
}

MG_EXPORT void mg_journal_list_free(struct mg_journal_list *list)
{
	if (!list)
		return;
	mg_journal_found_free(list->items, list->count);
	free(list);
}

MG_EXPORT size_t mg_journal_list_count(const struct mg_journal_list *list)
{
	return list ? list->count : 0;
}

static const struct mg_journal_found *found_at(const struct mg_journal_list *list, size_t index)
{
	return list && index < list->count ? &list->items[index] : NULL;
}

MG_ITEM_GETTER(const char *, mg_journal_list_get_id, mg_journal_list, found_at, file, NULL)
MG_ITEM_GETTER(const char *, mg_journal_list_get_reason, mg_journal_list, found_at, reason, NULL)
MG_ITEM_GETTER(long, mg_journal_list_get_pid, mg_journal_list, found_at, journal.pid, 0)
MG_ITEM_GETTER(long long, mg_journal_list_get_time, mg_journal_list, found_at, journal.time, 0)
MG_ITEM_GETTER(size_t, mg_journal_list_get_interface_count, mg_journal_list, found_at, journal.count, 0)

MG_EXPORT int mg_journal_list_get_state(const struct mg_journal_list *list, size_t index)
{
	const struct mg_journal_found *f = found_at(list, index);

	return f ? (int)f->state : -EINVAL;
}

MG_EXPORT const char *mg_journal_list_get_interface(const struct mg_journal_list *list, size_t index, size_t k,
						    int *ifindex)
{
	const struct mg_journal_found *f = found_at(list, index);

	if (!f || k >= f->journal.count)
		return NULL;
	if (ifindex)
		*ifindex = f->journal.parts[k].id.ifindex;
	return f->journal.parts[k].id.name;
}

MG_EXPORT const char *mg_journal_state_name(int state)
{
	static const char *const names[] = {
		[MG_JOURNAL_UNDER_WAY] = "under-way",
		[MG_JOURNAL_INTERRUPTED] = "interrupted",
		[MG_JOURNAL_STALE] = "stale",
		[MG_JOURNAL_DAMAGED] = "damaged",
		[MG_JOURNAL_OTHER_NAMESPACE] = "other-namespace",
	};

	return state >= 0 && (size_t)state < sizeof(names) / sizeof(names[0]) ? names[state] : NULL;
}

MG_EXPORT int mg_journal_discard(struct mg_ctx *ctx, const char *id)
{
	struct mg_journal_list *list;
	int err, state = -ENOENT;

	if (!ctx)
		return -EINVAL;
	err = mg_journal_list_new(ctx, &list);
	if (err < 0)
		return err;
	for (size_t i = 0; id && i < list->count; i++)
		if (!strcmp(list->items[i].file, id))
			state = (int)list->items[i].state;
	mg_journal_list_free(list);
	if (state == -ENOENT)
		return mg_fail(ctx, -ENOENT, "no undo journal named '%s'", id ? id : "");
	/* Its writer still holds its locks: discarding it would leave that transaction without a way back. */
	if (state == MG_JOURNAL_UNDER_WAY)
		return mg_fail(ctx, -EBUSY, "the undo journal %s belongs to a transaction under way", id);
	return mg_journal_remove(ctx, id);
}
