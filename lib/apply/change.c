/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the groups' ops share, so that each group's file holds only what is
 * its own: a change added to a part, whether a request sends it, where a
 * value read now stands against it, a flag's words, the words of a failed
 * request, a value's journal entry, line and restore, whether persisting
 * asks for what runs now. Below the group
 * files, which call these and nothing of the table's (groups.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apply/apply.h"

struct mg_change *mg_change_add(struct mg_apply_part *r, enum mg_param_group g, const char *name)
{
	struct mg_change *c;

	if (r->count >= MG_CHANGE_MAX)
		return NULL;
	c = &r->changes[r->count++];
	memset(c, 0, sizeof(*c));
	c->group = g;
	c->param = MG_PARAM_COUNT; /* none */
	mg_strlcpy(c->name, name, sizeof(c->name));
	return c;
}

bool mg_change_chosen(const struct mg_change *c, enum mg_param_group g, bool restore)
{
	return c->group == g && (!restore || c->restore) && c->state != MG_CHANGE_LEFT;
}

const char *mg_apply_driver(const struct mg_apply_target *t)
{
	return t->driver[0] ? t->driver : "the driver";
}

int mg_change_ethtool_set(struct mg_ctx *ctx, int ifindex, mg_ethtool_set_fn set, const struct mg_apply_part *r,
			  bool restore)
{
	int err = mg_ethtool_open(ctx);

	if (err < 0)
		return err;
	if (ifindex <= 0)
		return -ENODEV;
	return set(ctx, ifindex, r, restore);
}

enum mg_group_now_is mg_change_compare_value(struct mg_change *c, long long v)
{
	if (v == MG_UNKNOWN)
		return MG_NOW_UNKNOWN;
	if (v == c->expect)
		return MG_NOW_EXPECT;
	if (v == c->old_value)
		return MG_NOW_OLD;
	c->found = v;
	return MG_NOW_OTHER;
}

void mg_change_expect_value(struct mg_change *c, long long v)
{
	if (v != MG_UNKNOWN)
		c->expect = v;
}

int mg_change_check_flag(struct mg_ctx *ctx, const char *ifname, const struct mg_change *c, long long v)
{
	if (v == MG_UNKNOWN)
		return mg_fail(ctx, -EIO, "%s: %s could not be read back", ifname, c->name);
	if (v != c->new_value)
		return mg_fail(ctx, -EIO, "%s: the driver left %s %s, not %s", ifname, c->name, v ? "on" : "off",
			       c->new_value ? "on" : "off");
	return 0;
}

long long mg_change_value(const struct mg_change *c, enum mg_change_value which)
{
	return which == MG_VALUE_OLD ? c->old_value : which == MG_VALUE_NEW ? c->new_value
	     : which == MG_VALUE_EXPECT ? c->expect : c->found;
}

void mg_change_flag_text(const struct mg_apply_part *r, const struct mg_change *c, enum mg_change_value which,
			 char *buf, size_t size)
{
	long long v = mg_change_value(c, which);

	(void)r;
	snprintf(buf, size, "%s", v == MG_UNKNOWN ? "unknown" : v ? "on" : "off");
}

int mg_change_explain(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_apply_part *r,
		      enum mg_param_group g, int err, const char *extack, const char *rb)
{
	const char *ifname = t->cur.ifname;

	(void)r;
	if (err == -EPERM || err == -EACCES)
		return mg_fail(ctx, -EPERM, "%s: changing %s needs CAP_NET_ADMIN; %s", ifname,
			       mg_param_group_name(g), rb);
	if (err == -EOPNOTSUPP)
		return mg_fail(ctx, err, "%s: %s does not support setting %s; %s", ifname, mg_apply_driver(t),
			       mg_param_group_name(g), rb);
	return mg_fail(ctx, err, "%s: setting %s failed: %s%s%s; %s", ifname, mg_param_group_name(g),
		       strerror(-err), extack[0] ? ": " : "", extack, rb);
}

void mg_change_journal_value(const struct mg_apply_part *r, const struct mg_change *c, bool as_left,
			     struct mg_journal_entry *e)
{
	(void)r;
	memset(e, 0, sizeof(*e));
	e->group = c->group;
	mg_strlcpy(e->name, c->name, sizeof(e->name));
	e->old_value = c->old_value;
	e->new_value = as_left ? c->expect : c->new_value;
	e->new_known = true;
	e->aspm_substates = c->aspm_substates;
	e->index = c->index;
}

void mg_change_restore_value(const struct mg_journal_entry *e, long long cur, struct mg_change *c,
			     struct mg_apply_part *r)
{
	if (r->count >= MG_CHANGE_MAX)
		return;
	c->old_value = cur;
	c->new_value = c->expect = e->old_value;
	/* Unreadable now: restore, and let the kernel say whether it can be. */
	if (cur != MG_UNKNOWN && cur == e->old_value)
		return;
	if (cur != MG_UNKNOWN && e->new_known && cur != e->new_value) {
		c->state = MG_CHANGE_LEFT;
		c->found = cur;
	}
	r->changes[r->count++] = *c;
}

bool mg_journal_number(const char *s, long long min, long long max, long long *v)
{
	char *end;

	if (!s || !*s || (*s != '-' && (*s < '0' || *s > '9')))
		return false;
	errno = 0;
	*v = strtoll(s, &end, 10);
	return !errno && !*end && *v >= min && *v <= max;
}

int mg_journal_parse_flags(const char *old, const char *set, struct mg_journal_entry *e)
{
	e->new_known = strcmp(set, "-") != 0;
	if (!mg_journal_number(old, 0, 1, &e->old_value) ||
	    (e->new_known && !mg_journal_number(set, 0, 1, &e->new_value)))
		return -EBADMSG;
	return 0;
}

void mg_journal_set_text(const struct mg_journal_entry *e, char *buf, size_t size)
{
	if (e->new_known)
		snprintf(buf, size, "%lld", e->new_value);
	else
		snprintf(buf, size, "-");
}

bool mg_persist_of_running(const struct mg_settings *want)
{
	const struct mg_tune_want *w = want->tune;

	return !want->present && !(w && (w->feature_count || w->wol >= 0));
}
