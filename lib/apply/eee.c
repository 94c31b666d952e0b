/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Energy-Efficient Ethernet in an apply: enabled or not, one flag the
 * driver may refuse (no support, or no word on whether it is on). Turning
 * it renegotiates the link, so it comes last but for the advertised modes;
 * journaled as "eee OLD SET".
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <linux/ethtool_netlink.h>
#include <netlink/attr.h>
#include <netlink/msg.h>

#include "apply/apply.h"

static int read_eee(struct mg_ctx *ctx, int ifindex, const char *ifname, const char *driver, unsigned int groups,
		    struct mg_group_now *now)
{
	int err = mg_eee_read_into(ctx, ifindex, ifname, driver, &now->eee);

	(void)groups;
	return err < 0 ? mg_gather_read_failed(ctx, ifname, "EEE", err) : 0;
}

static void clear_eee(struct mg_group_now *now)
{
	mg_eee_free(now->eee);
	now->eee = NULL;
}

static int plan_eee(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *want,
		    enum mg_param_group g, struct mg_apply_part *r)
{
	const struct mg_eee *e = t->tune.eee;
	const char *ifname = t->cur.ifname;
	struct mg_change *c;
	int on;

	(void)g;
	if (!want->tune || want->tune->eee < 0)
		return 0;
	on = want->tune->eee;
	if (!e || (e->enabled == MG_UNKNOWN && e->error))
		return mg_fail(ctx, -EOPNOTSUPP, "%s: %s", ifname, e ? e->error : "EEE could not be read");
	if (on && e->supported == 0)
		return mg_fail(ctx, -EOPNOTSUPP, "%s: EEE cannot be turned on: %s", ifname,
			       e->error ? e->error : "");
	if (e->enabled == MG_UNKNOWN)
		return mg_fail(ctx, -EOPNOTSUPP, "%s: %s does not say whether EEE is enabled", ifname,
			       mg_apply_driver(t));
	if (e->enabled == on)
		return 0;
	c = mg_change_add(r, MG_GROUP_EEE, "eee");
	if (!c)
		return -E2BIG;
	c->old_value = e->enabled;
	c->new_value = c->expect = on;
	return 0;
}

static int send_eee(struct mg_ctx *ctx, int ifindex, const struct mg_apply_part *r, bool restore)
{
	struct nl_msg *msg;

	for (size_t i = 0; i < r->count; i++) {
		const struct mg_change *c = &r->changes[i];
		uint8_t on = (uint8_t)(restore ? c->old_value : c->new_value);

		if (!mg_change_chosen(c, MG_GROUP_EEE, restore))
			continue;
		msg = mg_ethtool_request(ctx, ETHTOOL_MSG_EEE_SET, ETHTOOL_A_EEE_HEADER, ifindex, NLM_F_REQUEST);
		if (!msg || nla_put_u8(msg, ETHTOOL_A_EEE_ENABLED, on) < 0) {
			nlmsg_free(msg);
			return -ENOMEM;
		}
		return mg_nl_transact(ctx, ctx->genl, msg, NULL, NULL);
	}
	return 0;
}

static int set_eee(struct mg_ctx *ctx, int ifindex, enum mg_param_group g, const struct mg_apply_part *r,
		   bool restore)
{
	(void)g;
	return mg_change_ethtool_set(ctx, ifindex, send_eee, r, restore);
}

static long long eee_value(const struct mg_group_now *now, const struct mg_change *c)
{
	(void)c;
	return now->eee ? now->eee->enabled : MG_UNKNOWN;
}

static int check_eee(struct mg_ctx *ctx, const char *ifname, const struct mg_group_now *now,
		     const struct mg_apply_part *r, const struct mg_change *c, bool in_effect)
{
	(void)r, (void)in_effect;
	return mg_change_check_flag(ctx, ifname, c, eee_value(now, c));
}

static int format_eee(const struct mg_journal_entry *e, char *buf, size_t size)
{
	char set[32];

	mg_journal_set_text(e, set, sizeof(set));
	return snprintf(buf, size, "eee %lld %s", e->old_value, set);
}

/* "eee OLD SET" */
static int parse_eee(char **w, int n, struct mg_journal_entry *e)
{
	if (n != 3 || mg_journal_parse_flags(w[1], w[2], e) < 0)
		return -EBADMSG;
	e->group = MG_GROUP_EEE;
	return 0;
}

static void plan_restore_eee(const struct mg_journal_entry *e, const struct mg_group_now *now, struct mg_apply_part *r)
{
	struct mg_change c = { .group = e->group, .param = MG_PARAM_COUNT, .name = "eee" };

	mg_change_restore_value(e, eee_value(now, &c), &c, r);
}

static bool eee_asked(const struct mg_tune_want *w, enum mg_param_group g)
{
	(void)g;
	return w->eee >= 0;
}

static int merge_eee(struct mg_settings *dst, const struct mg_tune_want *w, enum mg_param_group g)
{
	(void)g;
	return mg_settings_set_eee(dst, w->eee);
}

const struct mg_group_ops mg_eee_ops = {
	.journal_key = "eee",
	.bounces_link = true,
	.read = read_eee,
	.clear = clear_eee,
	.plan = plan_eee,
	.set = set_eee,
	.value = eee_value,
	.check = check_eee,
	.kind = MG_VALUE_ON_OFF,
	.text = mg_change_flag_text,
	.explain = mg_change_explain,
	.journal = mg_change_journal_value,
	.format = format_eee,
	.parse = parse_eee,
	.plan_restore = plan_restore_eee,
	.asked = eee_asked,
	.merge = merge_eee,
};
