/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The API over undo journals; restore.c makes the restores. The rollback
 * of a transaction that was interrupted (its process died before it
 * ended, and its journal says what each value was and what it set), and
 * the undo of one that succeeded. Under the locks of every interface the
 * journal covers, a value is restored only while it still holds what the
 * transaction set; one that is back already needs nothing, one another
 * writer changed since stays. The restores go in the reverse of the
 * apply's order, by interface index, and the journal is removed once all
 * of them are in place. Also the confirmation of changes that undo
 * themselves unless confirmed (confirm.c keeps their window), whether a
 * journal is pending, and the journals' list, for `multigig rollback
 * --list` and `--discard`.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "apply/apply.h"

/* The interrupted journal that covers @link's interface, found under its lock (a live apply is waited for). */
static int find_interrupted(struct mg_ctx *ctx, const struct mg_netns *ns, const struct mg_link *link,
			    struct mg_journal *j)
{
	int lock_fd = -1, err = mg_iflock_take(ctx, ns, link->ifindex, &lock_fd);

	if (err < 0)
		return mg_iflock_failed(ctx, link->name, err);
	err = mg_journal_interrupted(ctx, ns, link->ifindex, true, j);
	/* Let go: the transaction takes every lock of the journal, lowest index first. */
	mg_iflock_release(ctx, ns, link->ifindex, lock_fd);
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
	err = mg_apply_named(ctx, ifname, &link);
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

MG_EXPORT int mg_settings_confirm(struct mg_ctx *ctx, const char *ifname)
{
	struct mg_journal j;
	struct mg_netns ns;
	struct mg_link link;
	int err;

	if (!ctx)
		return -EINVAL;
	mg_clear_error(ctx);
	mg_journal_init(&j);
	err = mg_apply_named(ctx, ifname, &link);
	if (err == 0)
		err = mg_netns_self(ctx, &ns);
	if (err == 0) {
		err = mg_journal_interrupted(ctx, &ns, link.ifindex, false, &j);
		if (err >= 0 && (err == 0 || !j.confirm_by))
			err = mg_fail(ctx, -ENOENT, "%s: no change awaits confirmation", ifname);
		else if (err > 0)
			err = mg_txn_confirm(ctx, &j);
	}
	/* Too late, and nobody is there to roll it back: done now, as its keeper would have. */
	if (err == -ETIME && mg_hold_state(ctx, j.file) == 0) {
		err = mg_txn_restore(ctx, &j, false, 0, NULL);
		if (err == 0)
			err = mg_fail(ctx, -ETIME, "%s: the confirmation came too late, and the process that was to roll "
				      "the changes back was gone: they were rolled back now", ifname);
	}
	mg_journal_clear(&j);
	return err;
}

/*
 * The undo of changes held (MG_APPLY_HOLD): their journal says what each
 * value was and what was left. The hold is kept until the restore ends, so
 * that meanwhile nobody takes the journal for an interrupted one; killed
 * before, the hold goes with the process and a rollback finishes.
 */
static int undo_held(struct mg_ctx *ctx, const struct mg_apply_result *done, unsigned int flags,
		     struct mg_apply_result **result)
{
	/* The hold is the result's resource, not part of what it reports: let go here, whatever its constness. */
	struct mg_apply_result *r = (struct mg_apply_result *)done;
	struct mg_journal j;
	int err = mg_journal_read(ctx, done->held_file, &j);

	if (err == -ENOENT) {
		/* Rolled back meanwhile (its interfaces' rollback): nothing is left to undo. */
		mg_clear_error(ctx);
		if (result)
			*result = mg_apply_result_new();
		return 0;
	}
	if (err == 0)
		err = mg_txn_restore(ctx, &j, false, flags, result);
	else if (result)
		*result = mg_apply_result_new();
	/* Rolled back by another process between the read and the locks: the values are back all the same. */
	if (err == -ENOENT) {
		mg_clear_error(ctx);
		err = 0;
	}
	/* Done, or left to a rollback (a restore failed: the journal stays, interrupted once let go). */
	if (!(flags & MG_APPLY_DRY_RUN)) {
		mg_hold_release(ctx, r->held_file, r->hold_fd);
		r->hold_fd = -1;
	}
	mg_journal_clear(&j);
	return err;
}

MG_EXPORT int mg_settings_undo(struct mg_ctx *ctx, const struct mg_apply_result *done, unsigned int flags,
			       struct mg_apply_result **result)
{
	struct mg_journal j;
	struct mg_netns ns;
	int err;

	mg_journal_init(&j);
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
	if (err == 0 && done->held_file[0])
		return undo_held(ctx, done, flags, result);
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
		[MG_JOURNAL_OTHER_NAMESPACE] = "other-namespace", [MG_JOURNAL_AWAITING_CONFIRM] = "awaiting-confirm",
		[MG_JOURNAL_HELD] = "held",
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
	if (state == MG_JOURNAL_UNDER_WAY || state == MG_JOURNAL_HELD)
		return mg_fail(ctx, -EBUSY, "the undo journal %s belongs to a transaction %s", id,
			       state == MG_JOURNAL_HELD ? "whose process holds its changes" : "under way");
	return mg_journal_remove(ctx, id);
}
