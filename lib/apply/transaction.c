/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A transaction: what a plan asks of one or more interfaces, made all or
 * nothing, whichever front end asked (set, doctor --fix, Python, a web
 * service). In order:
 *
 *   1. lock every interface of the plan, in the order of their indexes (so
 *      that two transactions over the same interfaces cannot wait for
 *      each other), waiting for another transaction to end;
 *   2. check that each index still holds the interface examined, read it
 *      under its lock and validate everything asked of it: a refusal here
 *      changes nothing;
 *   3. write one undo journal for the whole plan;
 *   4. make each interface's changes (apply.c), checking its identity
 *      again before the first;
 *   5. on a failure, or when the caller cancels, restore every change made,
 *      each only where it still holds what this transaction set, and say
 *      what was left to another writer;
 *   6. remove the journal, unless a restore failed: then it stays, and a
 *      rollback finishes the work.
 *
 * A restore (the rollback of a journal left by a process that died, or the
 * undo of a transaction that succeeded) runs the same way over the
 * journal's interfaces.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "apply/apply.h"

struct txn {
	struct mg_ctx *ctx;
	const struct mg_txn_opts *opts;
	struct mg_netns ns;
	size_t count;
	const struct mg_iface_id **ids; /* by step, as examined */
	struct mg_apply_target *t;	/* by step */
	struct mg_apply_part **parts;	/* by step; the result owns them */
	struct mg_apply_result *result;
	bool dry_run;
	bool hold; /* MG_APPLY_HOLD */
};

static void txn_free(struct txn *x)
{
	for (size_t i = 0; x->t && i < x->count; i++)
		mg_apply_target_clear(x->ctx, &x->t[i]);
	free(x->t);
	free(x->ids);
	free(x->parts);
}

/* The result and a part and a target for each interface. */
static int txn_init(struct mg_ctx *ctx, struct txn *x, size_t count, unsigned int flags,
		    struct mg_apply_result **result)
{
	static const struct mg_txn_opts none;

	memset(x, 0, sizeof(*x));
	x->ctx = ctx;
	x->opts = &none;
	x->count = count;
	x->dry_run = flags & MG_APPLY_DRY_RUN;
	x->hold = (flags & MG_APPLY_HOLD) && !x->dry_run;
	x->result = mg_apply_result_new();
	if (result)
		*result = x->result;
	x->ids = calloc(count + 1, sizeof(*x->ids));
	x->t = calloc(count + 1, sizeof(*x->t));
	x->parts = calloc(count + 1, sizeof(*x->parts));
	if (!x->result || !x->ids || !x->t || !x->parts)
		return -ENOMEM;
	for (size_t i = 0; i < count; i++)
		mg_apply_target_init(&x->t[i]);
	return mg_netns_self(ctx, &x->ns);
}

static int add_part(struct txn *x, size_t i, const struct mg_iface_id *id)
{
	x->parts[i] = mg_apply_result_add_part(x->result, id);
	if (!x->parts[i])
		return -ENOMEM;
	x->ids[i] = &x->parts[i]->id;
	x->t[i].ns = x->ns;
	/* Only an apply's: a restore's parts put back, and never wait. */
	x->parts[i]->unconfirmed = x->opts->confirm_s > 0;
	return 0;
}

/* Each interface once: two steps on one index would undo each other's journal entries. */
static int check_distinct(struct mg_ctx *ctx, const struct txn *x)
{
	for (size_t i = 0; i < x->count; i++)
		for (size_t k = 0; k < i; k++)
			if (x->ids[i]->ifindex == x->ids[k]->ifindex)
				return mg_fail(ctx, -EINVAL,
					       "%s (index %d) is twice in the plan: a plan changes each "
					       "interface once",
					       x->ids[i]->name, x->ids[i]->ifindex);
	return 0;
}

/* Lock every interface, the lowest index first. */
static int lock_all(struct txn *x)
{
	for (int last = 0;;) {
		size_t next = x->count;

		for (size_t i = 0; i < x->count; i++)
			if (x->ids[i]->ifindex > last &&
			    (next == x->count || x->ids[i]->ifindex < x->ids[next]->ifindex))
				next = i;
		if (next == x->count)
			return 0;
		int err = mg_iflock_take(x->ctx, &x->ns, x->ids[next]->ifindex, &x->t[next].lock_fd);

		if (err < 0)
			return mg_iflock_failed(x->ctx, x->ids[next]->name, err);
		x->t[next].lock_ifindex = x->ids[next]->ifindex;
		last = x->ids[next]->ifindex;
	}
}

/* "...; nothing was changed" after a refusal before the first change. */
static int nothing_changed(struct mg_ctx *ctx, int err)
{
	char why[sizeof(ctx->error)];

	mg_strlcpy(why, ctx->error, sizeof(why));
	return mg_fail(ctx, err, "%s; nothing was changed", why);
}

/* Step 2 for interface @i: still the one examined, read, validated, planned. */
static int examine(struct txn *x, size_t i, const struct mg_settings *want)
{
	struct mg_apply_target *t = &x->t[i];
	struct mg_link link;
	int err = mg_iface_id_check(x->ctx, x->ids[i], true, &link);

	if (err < 0)
		return nothing_changed(x->ctx, err);
	err = mg_apply_read_target(x->ctx, &link, t);
	if (err == 0)
		err = mg_apply_refuse_if_interrupted(x->ctx, t);
	/* EEE, link modes, features and ASPM are read only when asked to change. */
	if (err == 0)
		err = mg_group_read(x->ctx, t->cur.ifindex, t->cur.ifname, t->driver, mg_group_asked(want), NULL,
				    &t->tune);
	if (err == 0)
		err = mg_apply_plan(x->ctx, t, want, x->parts[i]);
	return err;
}

static size_t change_count(const struct txn *x)
{
	size_t n = 0;

	for (size_t i = 0; i < x->count; i++)
		n += x->parts[i]->count;
	return n;
}

/* The journal of parts @parts: their changes in @states (all with @all), each as planned or as left. */
static int journal_of(struct mg_journal *j, const struct mg_netns *ns, struct mg_apply_part *const *parts, size_t count,
		      bool applied_only)
{
	mg_journal_init(j);
	j->ns = *ns;
	j->time = (long long)time(NULL);
	j->pid = (long)getpid();
	for (size_t i = 0; i < count; i++) {
		struct mg_journal_part *jp = NULL;

		for (size_t k = 0; k < parts[i]->count; k++) {
			const struct mg_change *c = &parts[i]->changes[k];

			if (applied_only && c->state != MG_CHANGE_APPLIED)
				continue;
			if (!jp && !(jp = mg_journal_add_part(j, &parts[i]->id)))
				return -ENOMEM;
			mg_group_journal_entry(parts[i], c, applied_only, &jp->entries[jp->count++]);
		}
	}
	return 0;
}

/* Step 5: undo interface @failed (@done of its groups made) and every one before it, last first. */
static void restore_all(struct txn *x, size_t failed, size_t done)
{
	bool ok = true;

	for (size_t i = failed + 1; i-- > 0;) {
		if (!mg_apply_part_changed(x->parts[i]))
			continue;
		ok &= mg_apply_roll_back(x->ctx, &x->t[i], x->parts[i], i == failed ? done : MG_APPLY_GROUPS);
	}
	x->result->rolled_back = ok;
}

static bool restore_failed(const struct mg_apply_result *r)
{
	for (size_t p = 0; p < r->count; p++)
		for (size_t i = 0; i < r->parts[p]->count; i++)
			if (r->parts[p]->changes[i].state == MG_CHANGE_RESTORE_FAILED)
				return true;
	return false;
}

/* Step 6: the journal goes, or stays (and the message says so) when a restore failed. */
static void end_journal(struct txn *x, struct mg_journal *j, char *rb, size_t size)
{
	const char *ifname;
	size_t len;

	if (!restore_failed(x->result)) {
		if (mg_journal_remove(x->ctx, j->file) < 0)
			mg_info(x->ctx, "%s", x->ctx->error);
		return;
	}
	len = strlen(rb);
	ifname = x->result->failed_part >= 0 ? x->ids[x->result->failed_part]->name : x->ids[0]->name;
	snprintf(rb + len, size - len, "; the undo journal %s is kept: a rollback of %s finishes it", j->file, ifname);
}

/* Steps 4 to 6, once every interface is examined and the plan holds changes. */
/* The MTU change of part @i: its old and new values; false when it changes none. */
static bool mtu_change(const struct txn *x, size_t i, int *old, int *now)
{
	for (size_t k = 0; k < x->parts[i]->count; k++) {
		const struct mg_change *c = &x->parts[i]->changes[k];

		if (c->group == MG_GROUP_MTU) {
			*old = (int)c->old_value;
			*now = (int)c->new_value;
			return true;
		}
	}
	return false;
}

/*
 * Before anything changes: the peer answers full-sized packets at each
 * MTU that is about to change, out of that interface. Else nothing could
 * tell a path that stops carrying the new size from one that never
 * answered.
 */
static int peer_answers_now(struct txn *x)
{
	bool any = false;

	for (size_t i = 0; i < x->count; i++) {
		int old, now, err;

		if (!mtu_change(x, i, &old, &now))
			continue;
		any = true;
		err = mg_probe_path(x->ctx, x->opts->peer, x->ids[i]->ifindex, old, 3, 1000);
		if (err == -ETIMEDOUT || err == -EMSGSIZE || err == -ENETUNREACH || err == -EHOSTUNREACH)
			return mg_fail(x->ctx, -EHOSTUNREACH, "%s: %s does not answer %d-byte packets (don't fragment) "
				       "out of it at its MTU now, so the new MTU cannot be checked; nothing was changed",
				       x->ids[i]->name, x->opts->peer, old);
		if (err < 0)
			return nothing_changed(x->ctx, err);
	}
	if (!any)
		return mg_fail(x->ctx, -EINVAL, "checking the path to %s needs an MTU change; nothing was changed",
			       x->opts->peer);
	return 0;
}

/* After the changes: the peer answers at each new MTU; when not, what the path does carry. */
static int peer_answers_new(struct txn *x, size_t *failed)
{
	for (size_t i = 0; i < x->count; i++) {
		int old, now, largest, err;

		if (!mtu_change(x, i, &old, &now))
			continue;
		err = mg_probe_path(x->ctx, x->opts->peer, x->ids[i]->ifindex, now, 3, 1000);
		if (err == 0)
			continue;
		*failed = i;
		if (now <= old || mg_probe_largest(x->ctx, x->opts->peer, x->ids[i]->ifindex, old, now, &largest) < 0)
			largest = old;
		return mg_fail(x->ctx, -EHOSTUNREACH, "%s: the path to %s carries at most %d bytes, not the %d of the "
			       "new MTU (%d-byte packets with don't fragment went unanswered)", x->ids[i]->name,
			       x->opts->peer, largest, now, now);
	}
	return 0;
}

/*
 * MG_APPLY_HOLD: the journal stays, rewritten as what was left (as an undo
 * of the result would journal it) and marked held, and the result holds it.
 */
static int hold_changes(struct txn *x, const struct mg_journal *j)
{
	struct mg_journal held;
	int fd = -1, err = journal_of(&held, &x->ns, x->parts, x->count, true);

	mg_strlcpy(held.file, j->file, sizeof(held.file));
	held.held = true;
	if (err == 0)
		err = mg_hold_take(x->ctx, held.file, &fd);
	if (err == 0 && (err = mg_journal_rewrite(x->ctx, &held)) < 0)
		mg_hold_release(x->ctx, held.file, fd);
	if (err == 0) {
		mg_strlcpy(x->result->held_file, held.file, sizeof(x->result->held_file));
		x->result->hold_fd = fd;
	}
	mg_journal_clear(&held);
	return err;
}

static int txn_rollback(struct mg_ctx *ctx, struct mg_journal *j)
{
	return mg_txn_restore(ctx, j, false, 0, NULL);
}

static int execute(struct txn *x)
{
	struct mg_ctx *ctx = x->ctx;
	char why[sizeof(ctx->error)], rb[sizeof(ctx->error)];
	struct mg_journal j;
	size_t i, done = 0, undo_upto;
	int err = journal_of(&j, &x->ns, x->parts, x->count, false);

	if (err == 0)
		err = mg_journal_write(ctx, &j);
	if (err < 0) {
		mg_journal_clear(&j);
		return nothing_changed(ctx, err);
	}
	for (i = 0; i < x->count; i++) {
		if (!x->parts[i]->count)
			continue;
#ifdef MG_TESTING
		if (ctx->test.pause_before_part == (int)i)
			mg_test_wait(ctx);
#endif
		/* Time has passed since step 2 for all but the first: the index must still be the one. */
		if (i > 0 && (err = mg_iface_id_check(ctx, x->ids[i], true, NULL)) < 0)
			break;
		err = mg_apply_run(ctx, &x->t[i], x->parts[i], &done);
		if (err < 0)
			break;
	}
	undo_upto = i;
	/* Whole: then the checks of the whole, each of which undoes it all when it fails. */
	if (err == 0) {
		i = undo_upto = x->count - 1;
		done = MG_APPLY_GROUPS;
		if (x->opts->peer[0])
			err = peer_answers_new(x, &i);
	}
	if (err == 0 && x->hold) {
		err = hold_changes(x, &j);
		if (err == 0) {
			mg_journal_clear(&j);
			return 0;
		}
	}
	if (err == 0 && x->opts->confirm_s) {
		err = mg_confirm_arm(ctx, &j, x->opts->confirm_s, txn_rollback);
		if (err == 0) {
			mg_journal_clear(&j);
			return 0;
		}
	}
	if (err == 0) {
		rb[0] = '\0';
		end_journal(x, &j, rb, sizeof(rb));
		mg_journal_clear(&j);
		return 0;
	}
	mg_strlcpy(why, ctx->error, sizeof(why));
	x->result->failed_part = (int)i;
	x->result->failed_group = x->parts[i]->failed_group;
	mg_strlcpy(x->result->kernel_message, x->parts[i]->kernel_message, sizeof(x->result->kernel_message));
	restore_all(x, undo_upto, undo_upto == i ? done : MG_APPLY_GROUPS);
	mg_apply_describe_restore(x->result, rb, sizeof(rb));
	end_journal(x, &j, rb, sizeof(rb));
	mg_journal_clear(&j);
	if (err == -ECANCELED)
		return mg_fail(ctx, err, "%s: interrupted; %s", x->ids[i]->name, rb);
	if (x->parts[i]->failed_group >= 0)
		return mg_apply_explain(ctx, &x->t[i], x->parts[i], (enum mg_param_group)x->parts[i]->failed_group, err,
					x->parts[i]->kernel_message, rb);
	return mg_fail(ctx, err, "%s; %s", why, rb);
}

static void keep_message(struct txn *x)
{
	if (x->result && x->ctx->error[0])
		mg_strlcpy(x->result->message, x->ctx->error, sizeof(x->result->message));
}

int mg_txn_apply(struct mg_ctx *ctx, const struct mg_txn_step *steps, size_t count, unsigned int flags,
		 const struct mg_txn_opts *opts, struct mg_apply_result **result)
{
	struct txn x;
	int err = txn_init(ctx, &x, count, flags, result);

	if (opts)
		x.opts = opts;
	if (err == 0 && x.hold && x.opts->confirm_s)
		err = mg_fail(ctx, -EINVAL, "changes held until undone cannot also wait for a confirmation");
	for (size_t i = 0; err == 0 && i < count; i++)
		err = add_part(&x, i, &steps[i].id);
	if (err == 0)
		err = check_distinct(ctx, &x);
#ifdef MG_TESTING
	/* Tests rename or delete interfaces here: after they were examined, before the transaction. */
	if (err == 0 && !x.dry_run && ctx->test.pause_before_lock)
		mg_test_wait(ctx);
#endif
	/* A window whose keeper died ended unconfirmed: its rollback comes first, as the keeper's would have. */
	for (size_t i = 0; err == 0 && !x.dry_run && i < count; i++)
		err = mg_confirm_reap(ctx, &x.ns, x.ids[i]->ifindex, txn_rollback);
	if (err == 0 && !x.dry_run)
		err = lock_all(&x);
	for (size_t i = 0; err == 0 && i < count; i++)
		if ((err = examine(&x, i, steps[i].want)) < 0)
			x.result->failed_part = (int)i;
	if (err == 0 && !x.dry_run && change_count(&x) > 0 && x.opts->peer[0])
		err = peer_answers_now(&x);
	if (err == 0 && !x.dry_run && change_count(&x) > 0)
		err = execute(&x);
	if (err == -ENOMEM && !ctx->error[0])
		mg_fail(ctx, err, "out of memory");
	keep_message(&x);
	txn_free(&x);
	if (!result)
		mg_apply_result_free(x.result);
	return err;
}

/* ---- restores: the rollback of a journal, the undo of a result ---- */

/* Step 2 of a restore: an interface of the journal that is gone is passed over, and said so. */
static int examine_restore(struct txn *x, size_t i, const struct mg_journal_part *jp)
{
	struct mg_apply_target *t = &x->t[i];
	struct mg_link link;
	int err = mg_iface_id_check(x->ctx, &jp->id, false, &link);

	if (err == -ENODEV || err == -ESTALE) {
		snprintf(x->parts[i]->skipped, sizeof(x->parts[i]->skipped), "%s: nothing restored there",
			 x->ctx->error);
		mg_info(x->ctx, "%s", x->parts[i]->skipped);
		mg_clear_error(x->ctx);
		return 0;
	}
	if (err == 0)
		err = mg_apply_read_target(x->ctx, &link, t);
	if (err == 0)
		err = mg_group_read(x->ctx, t->cur.ifindex, t->cur.ifname, t->driver, mg_restore_groups(jp),
				    mg_group_journal_subject(jp), &t->tune);
	if (err == 0)
		mg_restore_plan(jp, t, x->parts[i]);
	return err;
}

/* The journal is still there once every lock is held: nobody finished it meanwhile. */
static int still_there(struct txn *x, const struct mg_journal *j)
{
	struct mg_journal again;
	int err = mg_journal_read(x->ctx, j->file, &again);

	mg_journal_clear(&again);
	if (err == -ENOENT)
		return mg_fail(x->ctx, -ENOENT, "%s: no interrupted apply to roll back (it was rolled back meanwhile)",
			       x->ids[0]->name);
	return err;
}

/* Every interface, the last of the plan first; the first failure is returned, the rest still tried. */
static int restore_parts(struct txn *x, const struct mg_journal *j)
{
	char rb[sizeof(x->ctx->error)] = "";
	int first = 0;
	bool left = false;

	for (size_t i = x->count; i-- > 0;) {
		int err;

		if (x->parts[i]->skipped[0])
			continue;
		err = mg_restore_part(x->ctx, &x->t[i], x->parts[i]);
		if (err < 0 && !first) {
			first = err;
			x->result->failed_part = (int)i;
			x->result->failed_group = x->parts[i]->failed_group;
			mg_strlcpy(x->result->kernel_message, x->parts[i]->kernel_message,
				   sizeof(x->result->kernel_message));
			mg_strlcpy(rb, x->ctx->error, sizeof(rb));
		}
		for (size_t k = 0; k < x->parts[i]->count; k++)
			left |= x->parts[i]->changes[k].state == MG_CHANGE_LEFT;
	}
	x->result->rolled_back = !first && !left;
	if (!first)
		return mg_journal_remove(x->ctx, j->file);
	return mg_fail(x->ctx, first, "%s; the undo journal %s is kept: a rollback of %s finishes it", rb, j->file,
		       x->ids[x->result->failed_part]->name);
}

int mg_txn_restore(struct mg_ctx *ctx, struct mg_journal *j, bool write, unsigned int flags,
		   struct mg_apply_result **result)
{
	struct txn x;
	int err = txn_init(ctx, &x, j->count, flags, result);

	for (size_t i = 0; err == 0 && i < j->count; i++)
		err = add_part(&x, i, &j->parts[i].id);
	if (err == 0 && !x.dry_run)
		err = lock_all(&x);
	if (err == 0 && !x.dry_run && !write)
		err = still_there(&x, j);
	for (size_t i = 0; err == 0 && i < j->count; i++)
		err = examine_restore(&x, i, &j->parts[i]);
	/* An undo is journaled before its first restore: killed midway, a rollback finishes it. */
	if (err == 0 && !x.dry_run && write)
		err = mg_journal_write(ctx, j);
	if (err == 0 && !x.dry_run)
		err = restore_parts(&x, j);
	keep_message(&x);
	txn_free(&x);
	if (!result)
		mg_apply_result_free(x.result);
	return err;
}

int mg_txn_journal_of_result(const struct mg_netns *ns, const struct mg_apply_result *done, struct mg_journal *j)
{
	return journal_of(j, ns, done->parts, done->count, true);
}

/*
 * What a group keeps aside until confirmed, put in place: before the
 * journal goes, so that a confirmation killed midway is rolled back whole.
 */
static int confirm_entries(struct mg_ctx *ctx, const struct mg_journal *j)
{
	for (size_t i = 0; i < j->count; i++)
		for (size_t k = 0; k < j->parts[i].count; k++) {
			const struct mg_journal_entry *e = &j->parts[i].entries[k];
			const struct mg_group_ops *ops = mg_group_ops[e->group];
			int err = ops->confirm ? ops->confirm(ctx, j->parts[i].id.name, e) : 0;

			if (err < 0)
				return err;
		}
	return 0;
}

int mg_txn_confirm(struct mg_ctx *ctx, struct mg_journal *j)
{
	struct txn x;
	int err = txn_init(ctx, &x, j->count, 0, NULL);

	for (size_t i = 0; err == 0 && i < j->count; i++)
		err = add_part(&x, i, &j->parts[i].id);
	if (err == 0)
		err = lock_all(&x);
	/* The watcher takes the same locks at the deadline: one of the two finds the journal gone. */
	if (err == 0)
		err = still_there(&x, j);
	if (err == 0 && mg_journal_confirm_left(j, &x.ns) <= 0)
		err = mg_fail(ctx, -ETIME, "%s: the confirmation came too late: the changes are being rolled back",
			      x.ids[0]->name);
	if (err == 0)
		err = confirm_entries(ctx, j);
	if (err == 0)
		err = mg_journal_remove(ctx, j->file);
	txn_free(&x);
	mg_apply_result_free(x.result);
	return err;
}
