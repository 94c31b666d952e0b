/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Persisting into NetworkManager: where NM manages the interface with a
 * connection active, it applies that profile's keys at every activation,
 * after udev, so a parameter its profile can carry is written there, and
 * only the rest into udev's .link file (persist.c). Each key is a change
 * of its own, made after udev's file; its values are numbers, MG_NM_UNSET
 * where the profile sets none. The journal line is
 *
 *   persist-nm UUID KEY OLD NEW MARKED
 *
 * with OLD and NEW the numbers or "none", MARKED 1
 * when the profile's mark (gather/nm-update.c) named OLD as libmultigig's,
 * and a last word "unconfirmed" for a change with a confirmation window.
 * Until it is confirmed the profile is changed in NM's memory only, over
 * its file on disk, which a reboot brings back; the confirmation writes it
 * to disk.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apply/apply.h"

#define KEY "persist-nm"
/*
 * A change's index says which of its values the mark names: its old
 * value, which the journal keeps for a restore, and its new one.
 */
#define OLD_MARKED 1
#define NEW_MARKED 2

bool mg_nm_carries(const struct mg_nm_view *nm, enum mg_param p)
{
	const struct mg_param_info *info = mg_param_info(p);

	/* A profile in NM's memory only is gone at a reboot: nothing written there would last. */
	if (!nm->here || !nm->managed || !nm->connection[0] || nm->unsaved || strcmp(nm->type, "802-3-ethernet") ||
	    !info->nm_key)
		return false;
	/* The versions that brought each key (NM's NEWS). */
	switch (info->group) {
	case MG_GROUP_RINGS:
	case MG_GROUP_COALESCE:
		return mg_nm_view_since(nm, 1, 26);
	case MG_GROUP_PAUSE:
		return mg_nm_view_since(nm, 1, 32);
	case MG_GROUP_CHANNELS:
		return mg_nm_view_since(nm, 1, 46);
	default:
		return true;
	}
}

/* A key's value as NM has it ("9000", "yes") as a change's value. */
static long long number_of(const char *text)
{
	char *end;
	long long v;

	if (!text)
		return MG_NM_UNSET;
	if (!strcmp(text, "yes") || !strcmp(text, "no"))
		return !strcmp(text, "yes");
	v = strtoll(text, &end, 10);
	return end != text && !*end && v >= 0 ? v : MG_UNKNOWN;
}

static void value_text(enum mg_param p, long long v, char *buf, size_t size)
{
	if (v == MG_UNKNOWN)
		snprintf(buf, size, "unknown");
	else if (v == MG_NM_UNSET)
		snprintf(buf, size, "none");
	else
		mg_nm_value_text(mg_param_info(p), v, buf, size);
}

/*
 * What NM answered is kept for the plan: reading is no failure, asking to
 * persist there is. The connection active on the interface, or the one
 * the changes read back were written into (@now->subject).
 */
static int read_nm(struct mg_ctx *ctx, int ifindex, const char *ifname, const char *driver, unsigned int groups,
		   struct mg_group_now *now)
{
	(void)ifindex, (void)driver, (void)groups;
	now->nm_err = mg_nm_read(ctx, ifname, &now->nm);
	/* A change read back is about the connection it was written into, active on the interface or not. */
	if (now->nm_err == 0 && now->subject[0] && strcmp(now->nm.uuid, now->subject))
		now->nm_err = mg_nm_read_profile(ctx, now->subject, &now->nm);
	if (now->nm_err < 0) {
		mg_strlcpy(now->nm.why, ctx->error, sizeof(now->nm.why));
		mg_clear_error(ctx);
	}
	return 0;
}

/* The key's value in @now's profile, when it is the connection @uuid's; MG_UNKNOWN otherwise. */
static long long profile_value(const struct mg_group_now *now, const char *uuid, enum mg_param p)
{
	if (now->nm_err < 0 || !now->nm.connection[0] || strcmp(now->nm.uuid, uuid))
		return MG_UNKNOWN;
	return number_of(mg_nm_view_get(&now->nm, mg_param_info(p)->nm_key));
}

/* Whether the profile's mark names @p's value @v as libmultigig's. */
static bool marked(const struct mg_nm_view *nm, enum mg_param p, long long v)
{
	char buf[32], text[32];

	value_text(p, v, text, sizeof(text));
	return mg_nm_mark_get(nm->mark, mg_param_info(p)->nm_key, buf, sizeof(buf)) && !strcmp(buf, text);
}

static int add(struct mg_ctx *ctx, struct mg_apply_part *r, const struct mg_nm_view *nm, enum mg_param p,
	       long long from, long long to)
{
	char name[MG_FEATURE_NAME];
	struct mg_change *c;

	snprintf(name, sizeof(name), "nm.%s", mg_param_info(p)->name);
	if (!(c = mg_change_add(r, MG_GROUP_PERSIST_NM, name)))
		return -E2BIG;
	(void)ctx;
	c->param = p;
	c->old_value = from;
	c->new_value = c->expect = to;
	c->index = (from != MG_NM_UNSET && marked(nm, p, from) ? OLD_MARKED : 0) | NEW_MARKED;
	mg_strlcpy(r->nm_uuid, nm->uuid, sizeof(r->nm_uuid));
	mg_strlcpy(r->nm_connection, nm->connection, sizeof(r->nm_connection));
	return 0;
}

/* The keys of the values persisting asks (or of what runs now) that the profile does not hold yet. */
static int plan_write(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *want,
		      struct mg_apply_part *r)
{
	const struct mg_nm_view *nm = &t->tune.nm;
	const struct mg_settings *values = mg_persist_of_running(want) ? &t->cur : want;
	int err = 0;

	for (int p = 0; err == 0 && p < MG_PARAM_COUNT; p++) {
		long long v, theirs;

		if (!mg_nm_carries(nm, (enum mg_param)p) || mg_settings_get(values, (enum mg_param)p, &v) < 0)
			continue;
		if (v == MG_VALUE_MAX && mg_settings_get_max(&t->cur, (enum mg_param)p, &v) < 0)
			return mg_fail(ctx, -EOPNOTSUPP, "%s: the driver reports no maximum of %s", t->cur.ifname,
				       mg_param_info((enum mg_param)p)->name);
		theirs = number_of(mg_nm_view_get(nm, mg_param_info((enum mg_param)p)->nm_key));
		if (theirs != v)
			err = add(ctx, r, nm, (enum mg_param)p, theirs, v);
	}
	return err;
}

/* The keys the mark names that still hold the value written: they go; one changed since is its owner's now. */
static int plan_remove(struct mg_ctx *ctx, const struct mg_apply_target *t, struct mg_apply_part *r)
{
	const struct mg_nm_view *nm = &t->tune.nm;
	int err = 0;

	for (int p = 0; err == 0 && p < MG_PARAM_COUNT; p++) {
		const struct mg_param_info *info = mg_param_info((enum mg_param)p);
		long long theirs = info->nm_key ? number_of(mg_nm_view_get(nm, info->nm_key)) : MG_NM_UNSET;

		if (theirs != MG_NM_UNSET && theirs != MG_UNKNOWN && marked(nm, (enum mg_param)p, theirs))
			err = add(ctx, r, nm, (enum mg_param)p, theirs, MG_NM_UNSET);
	}
	return err;
}

static int plan_nm(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *want,
		   enum mg_param_group g, struct mg_apply_part *r)
{
	const struct mg_nm_view *nm = &t->tune.nm;
	int how = want->tune ? want->tune->persist : MG_PERSIST_NO;

	(void)g;
	if (how == MG_PERSIST_NO)
		return 0;
	if (t->tune.nm_err < 0)
		return mg_fail(ctx, t->tune.nm_err, "%s", nm->why);
	if (!nm->here || !nm->managed || !nm->connection[0])
		return 0;
	return how == MG_PERSIST_REMOVE ? plan_remove(ctx, t, r) : plan_write(ctx, t, want, r);
}

/*
 * Every key of the part in one Update2. Forward, in NM's memory only while
 * unconfirmed; back, to disk, which holds what was there before.
 */
static int set_nm(struct mg_ctx *ctx, int ifindex, enum mg_param_group g, const struct mg_apply_part *r,
		  bool restore)
{
	struct mg_nm_edit edits[MG_PARAM_COUNT];
	char values[MG_PARAM_COUNT][32];
	size_t n = 0;

	(void)ifindex;
	for (size_t i = 0; i < r->count && n < MG_PARAM_COUNT; i++) {
		const struct mg_change *c = &r->changes[i];
		long long v = restore ? c->old_value : c->new_value;
		bool ours = c->index & (restore ? OLD_MARKED : NEW_MARKED);

		if (!mg_change_chosen(c, g, restore))
			continue;
		value_text(c->param, v, values[n], sizeof(values[n]));
		edits[n] = (struct mg_nm_edit){
			.key = mg_param_info(c->param)->nm_key,
			.value = v == MG_NM_UNSET ? NULL : values[n],
			.type = mg_param_info(c->param)->group == MG_GROUP_PAUSE ? 'b' : 'u',
			.mark = ours && v != MG_NM_UNSET ? MG_NM_MARK_SET : MG_NM_MARK_DROP,
		};
		n++;
	}
	if (!n)
		return 0;
	return mg_nm_update(ctx, r->nm_uuid, edits, n, !restore && r->unconfirmed ? MG_NM_IN_MEMORY : MG_NM_TO_DISK);
}

static long long nm_value(const struct mg_group_now *now, const struct mg_change *c)
{
	(void)now, (void)c;
	return MG_UNKNOWN; /* compare and expect know the connection; this has no part */
}

static enum mg_group_now_is compare_nm(const struct mg_group_now *now, struct mg_apply_part *r, struct mg_change *c)
{
	return mg_change_compare_value(c, profile_value(now, r->nm_uuid, c->param));
}

static void expect_nm(const struct mg_group_now *now, struct mg_apply_part *r, struct mg_change *c)
{
	mg_change_expect_value(c, profile_value(now, r->nm_uuid, c->param));
}

static int check_nm(struct mg_ctx *ctx, const char *ifname, const struct mg_group_now *now,
		    const struct mg_apply_part *r, const struct mg_change *c, bool in_effect)
{
	long long v = profile_value(now, r->nm_uuid, c->param);
	char left[32];

	(void)in_effect;
	if (v == c->new_value)
		return 0;
	value_text(c->param, v, left, sizeof(left));
	return mg_fail(ctx, -EIO, "%s: NetworkManager's connection '%s' holds %s %s, not what was written", ifname,
		       r->nm_connection, mg_param_info(c->param)->nm_key, left);
}

static void nm_text(const struct mg_apply_part *r, const struct mg_change *c, enum mg_change_value which, char *buf,
		    size_t size)
{
	char v[32];

	value_text(c->param, mg_change_value(c, which), v, sizeof(v));
	if (which == MG_VALUE_NEW && r->nm_connection[0])
		snprintf(buf, size, "%s=%s in '%s'%s", mg_param_info(c->param)->nm_key, v, r->nm_connection,
			 r->unconfirmed ? ", once confirmed" : "");
	else
		snprintf(buf, size, "%s", v);
}

static int explain_nm(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_apply_part *r,
		      enum mg_param_group g, int err, const char *extack, const char *rb)
{
	(void)g;
	return mg_fail(ctx, err, "%s: NetworkManager did not take the change of its connection '%s': %s; %s",
		       t->cur.ifname, r->nm_connection, extack[0] ? extack : strerror(-err), rb);
}

static void journal_nm(const struct mg_apply_part *r, const struct mg_change *c, bool as_left,
		       struct mg_journal_entry *e)
{
	mg_change_journal_value(r, c, as_left, e);
	e->param = c->param;
	e->path = strdup(r->nm_uuid);
	e->unconfirmed = r->unconfirmed;
}

static void journal_value(long long v, char *buf, size_t size)
{
	if (v == MG_NM_UNSET)
		snprintf(buf, size, "none");
	else
		snprintf(buf, size, "%lld", v);
}

static int format_nm(const struct mg_journal_entry *e, char *buf, size_t size)
{
	char old[24], set[24];

	if (!e->path || !e->new_known)
		return -ENOMEM;
	journal_value(e->old_value, old, sizeof(old));
	journal_value(e->new_value, set, sizeof(set));
	return snprintf(buf, size, KEY " %s %s %s %s %d%s", e->path, mg_param_info(e->param)->nm_key, old, set,
			e->index & OLD_MARKED ? 1 : 0, e->unconfirmed ? " unconfirmed" : "");
}

static bool parse_value(const char *w, long long *v)
{
	if (!strcmp(w, "none")) {
		*v = MG_NM_UNSET;
		return true;
	}
	return mg_journal_number(w, 0, UINT32_MAX, v);
}

/* A connection's uuid as NM writes it: 36 characters of hexadecimal digits and dashes. */
static bool uuid_ok(const char *s)
{
	return strlen(s) == 36 && strspn(s, "0123456789abcdef-") == 36;
}

static int parse_nm(char **w, int n, struct mg_journal_entry *e)
{
	int p = 0;

	if ((n != 6 && (n != 7 || strcmp(w[6], "unconfirmed"))) || !uuid_ok(w[1]) || !parse_value(w[3], &e->old_value))
		return -EBADMSG;
	while (p < MG_PARAM_COUNT && !(mg_param_info((enum mg_param)p)->nm_key &&
					 !strcmp(mg_param_info((enum mg_param)p)->nm_key, w[2])))
		p++;
	/* What was written is always recorded: a restore must tell another writer's value from ours. */
	e->new_known = true;
	if (p == MG_PARAM_COUNT || !parse_value(w[4], &e->new_value) ||
	    (strcmp(w[5], "0") && strcmp(w[5], "1")) || !(e->path = strdup(w[1])))
		return -EBADMSG;
	e->param = (enum mg_param)p;
	e->index = !strcmp(w[5], "1") ? OLD_MARKED : 0;
	e->unconfirmed = n == 7;
	e->group = MG_GROUP_PERSIST_NM;
	snprintf(e->name, sizeof(e->name), "nm.%s", mg_param_info(e->param)->name);
	return 0;
}

/*
 * Against the profile of the connection the journal names, read by its
 * uuid whether it is active or not; one that is gone is left.
 */
static void plan_restore_nm(const struct mg_journal_entry *e, const struct mg_group_now *now, struct mg_apply_part *r)
{
	/* Its new value is the old one of the journal, which the mark names again only if it did then. */
	struct mg_change c = { .group = e->group, .param = e->param, .index = e->index & OLD_MARKED ? NEW_MARKED : 0 };
	long long cur = profile_value(now, e->path, e->param);

	mg_strlcpy(c.name, e->name, sizeof(c.name));
	/* One Update2 goes to one connection: a part naming two (a changed journal) restores the first. */
	if (r->nm_uuid[0] && strcmp(r->nm_uuid, e->path))
		cur = MG_UNKNOWN;
	if (cur == MG_UNKNOWN && r->count < MG_CHANGE_MAX) {
		c.old_value = c.found = MG_UNKNOWN;
		c.new_value = c.expect = e->old_value;
		c.state = MG_CHANGE_LEFT;
		r->changes[r->count++] = c;
		return;
	}
	mg_strlcpy(r->nm_uuid, e->path, sizeof(r->nm_uuid));
	mg_strlcpy(r->nm_connection, now->nm.connection, sizeof(r->nm_connection));
	mg_change_restore_value(e, cur, &c, r);
}

static bool nm_asked(const struct mg_tune_want *w, enum mg_param_group g)
{
	(void)g;
	return w->persist != MG_PERSIST_NO;
}

static int merge_nm(struct mg_settings *dst, const struct mg_tune_want *w, enum mg_param_group g)
{
	(void)g;
	return mg_settings_set_persist(dst, w->persist);
}

/* The profile as it is in NM's memory, written to disk: once per connection is enough, again is harmless. */
static int confirm_nm(struct mg_ctx *ctx, const char *ifname, const struct mg_journal_entry *e)
{
	(void)ifname;
	return e->unconfirmed ? mg_nm_update(ctx, e->path, NULL, 0, MG_NM_TO_DISK) : 0;
}

static const char *nm_subject(const struct mg_journal_entry *e)
{
	return e->path;
}

const struct mg_group_ops mg_persist_nm_ops = {
	.journal_key = KEY,
	.kind = MG_VALUE_WORD,
	.read = read_nm,
	.plan = plan_nm,
	.set = set_nm,
	.value = nm_value,
	.compare = compare_nm,
	.expect = expect_nm,
	.check = check_nm,
	.text = nm_text,
	.explain = explain_nm,
	.journal = journal_nm,
	.format = format_nm,
	.parse = parse_nm,
	.plan_restore = plan_restore_nm,
	.asked = nm_asked,
	.merge = merge_nm,
	.confirm = confirm_nm,
	.subject = nm_subject,
};
