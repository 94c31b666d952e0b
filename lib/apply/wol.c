/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Wake-on-LAN in an apply: the modes enabled, a WAKE_* mask the driver
 * keeps for when the machine sleeps, set exactly (ETHTOOL_MSG_WOL_SET
 * with a bitset that has no mask). It touches neither the link nor the
 * queues now, so it comes right after the features. The SecureOn
 * password is never sent: the kernel keeps the one it has. Journaled as
 * "wol OLD SET", each a mask in decimal.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>
#include <netlink/attr.h>
#include <netlink/msg.h>

#include "apply/apply.h"

/* A driver without Wake-on-LAN is no failure to read: the plan says so, with the kernel's words. */
static int read_wol(struct mg_ctx *ctx, int ifindex, const char *ifname, const char *driver, unsigned int groups,
		    struct mg_group_now *now)
{
	int err = mg_ethlink_read_kind(ctx, MG_ETHLINK_WOL, ifindex, ifname, &now->wol);

	(void)driver, (void)groups;
	now->wol_err = err < 0 ? err : 0;
	if (err == -EOPNOTSUPP) {
		mg_strlcpy(now->wol_extack, ctx->extack, sizeof(now->wol_extack));
		mg_clear_error(ctx);
		return 0;
	}
	return err < 0 ? mg_gather_read_failed(ctx, ifname, "Wake-on-LAN", err) : 0;
}

static void clear_wol(struct mg_group_now *now)
{
	mg_ethlink_free(now->wol);
	now->wol = NULL;
}

static long long wol_value(const struct mg_group_now *now, const struct mg_change *c)
{
	(void)c;
	return now->wol && now->wol->wol_enabled != MG_UNKNOWN ? now->wol->wol_enabled : MG_UNKNOWN;
}

/* Refused before anything changes: no Wake-on-LAN, or a mode the driver lacks (named with those it has). */
static int refuse(struct mg_ctx *ctx, const struct mg_apply_target *t, int mask)
{
	const struct mg_group_now *now = &t->tune;
	const char *ifname = t->cur.ifname;
	char asked[MG_WOL_LETTERS + 1], has[MG_WOL_LETTERS + 1];

	if (now->wol_err == -EOPNOTSUPP)
		return mg_fail(ctx, -EOPNOTSUPP, "%s: %s does not support Wake-on-LAN%s%s", ifname, mg_apply_driver(t),
			       now->wol_extack[0] ? ": " : "", now->wol_extack);
	if (!now->wol || now->wol->wol_supported == MG_UNKNOWN)
		return mg_fail(ctx, -EOPNOTSUPP, "%s: %s does not report its Wake-on-LAN modes", ifname,
			       mg_apply_driver(t));
	mg_wol_text((unsigned int)(mask & ~now->wol->wol_supported), asked, sizeof(asked));
	mg_wol_text((unsigned int)now->wol->wol_supported, has, sizeof(has));
	if (!has[0])
		return mg_fail(ctx, -EOPNOTSUPP, "%s: %s supports no Wake-on-LAN mode", ifname, mg_apply_driver(t));
	return mg_fail(ctx, -EOPNOTSUPP, "%s: %s does not support Wake-on-LAN mode %s; it supports %s (d: none)",
		       ifname, mg_apply_driver(t), asked, has);
}

static int plan_wol(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *want,
		    enum mg_param_group g, struct mg_apply_part *r)
{
	const struct mg_ethlink *w = t->tune.wol;
	struct mg_change *c;
	int mask;

	(void)g;
	if (!want->tune || want->tune->wol < 0)
		return 0;
	mask = want->tune->wol;
	if (!w || w->wol_supported == MG_UNKNOWN || w->wol_enabled == MG_UNKNOWN || (mask & ~w->wol_supported))
		return refuse(ctx, t, mask);
	if (w->wol_enabled == mask)
		return 0;
	c = mg_change_add(r, MG_GROUP_WOL, "wol");
	if (!c)
		return -E2BIG;
	c->old_value = w->wol_enabled;
	c->new_value = c->expect = mask;
	return 0;
}

/* The modes as a compact bitset without a mask: exactly these on, every other off. */
static int send_wol(struct mg_ctx *ctx, int ifindex, const struct mg_apply_part *r, bool restore)
{
	for (size_t i = 0; i < r->count; i++) {
		const struct mg_change *c = &r->changes[i];
		uint32_t modes = (uint32_t)(restore ? c->old_value : c->new_value);
		struct nlattr *nest;
		struct nl_msg *msg;

		if (!mg_change_chosen(c, MG_GROUP_WOL, restore))
			continue;
		msg = mg_ethtool_request(ctx, ETHTOOL_MSG_WOL_SET, ETHTOOL_A_WOL_HEADER, ifindex, NLM_F_REQUEST);
		if (!msg || !(nest = nla_nest_start(msg, ETHTOOL_A_WOL_MODES)) ||
		    nla_put_flag(msg, ETHTOOL_A_BITSET_NOMASK) < 0 ||
		    nla_put_u32(msg, ETHTOOL_A_BITSET_SIZE, WOL_MODE_COUNT) < 0 ||
		    nla_put(msg, ETHTOOL_A_BITSET_VALUE, sizeof(modes), &modes) < 0) {
			nlmsg_free(msg);
			return -ENOMEM;
		}
		nla_nest_end(msg, nest);
		return mg_nl_transact(ctx, ctx->genl, msg, NULL, NULL);
	}
	return 0;
}

static int set_wol(struct mg_ctx *ctx, int ifindex, enum mg_param_group g, const struct mg_apply_part *r,
		   bool restore)
{
	(void)g;
	return mg_change_ethtool_set(ctx, ifindex, send_wol, r, restore);
}

/* "g", "d" for none, as ethtool writes Wake-on. */
static void letters(long long v, char *buf, size_t size)
{
	if (v == MG_UNKNOWN) {
		snprintf(buf, size, "unknown");
		return;
	}
	mg_wol_text((unsigned int)v, buf, size);
	if (!buf[0])
		snprintf(buf, size, "d");
}

static void wol_text(const struct mg_apply_part *r, const struct mg_change *c, enum mg_change_value which,
		     char *buf, size_t size)
{
	(void)r;
	letters(mg_change_value(c, which), buf, size);
}

static int check_wol(struct mg_ctx *ctx, const char *ifname, const struct mg_group_now *now,
		     const struct mg_apply_part *r, const struct mg_change *c, bool in_effect)
{
	long long v = wol_value(now, c);
	char left[16], set[16];

	(void)r, (void)in_effect;
	if (v == MG_UNKNOWN)
		return mg_fail(ctx, -EIO, "%s: Wake-on-LAN could not be read back", ifname);
	if (v == c->new_value)
		return 0;
	letters(v, left, sizeof(left));
	letters(c->new_value, set, sizeof(set));
	return mg_fail(ctx, -EIO, "%s: the driver left Wake-on-LAN at %s, not %s", ifname, left, set);
}

static int format_wol(const struct mg_journal_entry *e, char *buf, size_t size)
{
	char set[32];

	mg_journal_set_text(e, set, sizeof(set));
	return snprintf(buf, size, "wol %lld %s", e->old_value, set);
}

/* "wol OLD SET": masks of WOL_MODE_COUNT bits, SET maybe "-". */
static int parse_wol(char **w, int n, struct mg_journal_entry *e)
{
	long long max = (1 << WOL_MODE_COUNT) - 1;

	if (n != 3 || !mg_journal_number(w[1], 0, max, &e->old_value))
		return -EBADMSG;
	e->new_known = strcmp(w[2], "-") != 0;
	if (e->new_known && !mg_journal_number(w[2], 0, max, &e->new_value))
		return -EBADMSG;
	e->group = MG_GROUP_WOL;
	return 0;
}

static void plan_restore_wol(const struct mg_journal_entry *e, const struct mg_group_now *now, struct mg_apply_part *r)
{
	struct mg_change c = { .group = e->group, .param = MG_PARAM_COUNT, .name = "wol" };

	mg_change_restore_value(e, wol_value(now, &c), &c, r);
}

static bool wol_asked(const struct mg_tune_want *w, enum mg_param_group g)
{
	(void)g;
	return w->wol >= 0;
}

static int merge_wol(struct mg_settings *dst, const struct mg_tune_want *w, enum mg_param_group g)
{
	(void)g;
	return mg_tune_want_wol(dst, w->wol);
}

const struct mg_group_ops mg_wol_ops = {
	.journal_key = "wol",
	.read = read_wol,
	.clear = clear_wol,
	.plan = plan_wol,
	.set = set_wol,
	.value = wol_value,
	.check = check_wol,
	.kind = MG_VALUE_WORD,
	.text = wol_text,
	.explain = mg_change_explain,
	.journal = mg_change_journal_value,
	.format = format_wol,
	.parse = parse_wol,
	.plan_restore = plan_restore_wol,
	.asked = wol_asked,
	.merge = merge_wol,
};
