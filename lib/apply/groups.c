/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The group table: every group an apply changes, by its enum
 * mg_param_group, each a struct mg_group_ops of its own file (params.c,
 * features.c, eee.c, advertise.c, aspm.c, steer.c, wol.c, persist.c, persist-nm.c), and the order an apply
 * makes them in. The steps that go over every group (apply.c, restore.c,
 * journal.c, transaction.c) go through here, so that none of them names a
 * group: adding one is its file and its row.
 */
#include <string.h>

#include "apply/apply.h"

/*
 * Features right after the MTU: they change no hardware state that others
 * wait on. Wake-on-LAN then: a choice the driver keeps for when the
 * machine sleeps, which touches neither the link nor the queues now. ASPM
 * L1 next: a write to the PCIe link's control register that neither
 * resets the adapter nor drops the Ethernet link, and is undone as
 * plainly. The CPU masks of RPS, XPS and the interrupt vectors then: they
 * move work between CPUs and touch neither adapter nor link. EEE and the
 * advertised modes last: both renegotiate the link, and a failure before
 * them leaves it untouched. What persists them after every one: nothing
 * is written for a change the kernel refused; udev's file, then the
 * NetworkManager profile, in the order the engines apply them.
 */
const enum mg_param_group mg_apply_order[MG_APPLY_GROUPS] = {
	MG_GROUP_MTU, MG_GROUP_FEATURES, MG_GROUP_WOL, MG_GROUP_ASPM, MG_GROUP_RPS, MG_GROUP_XPS, MG_GROUP_IRQ_AFFINITY,
	MG_GROUP_RINGS, MG_GROUP_CHANNELS, MG_GROUP_COALESCE, MG_GROUP_PAUSE, MG_GROUP_EEE, MG_GROUP_ADVERTISE,
	MG_GROUP_PERSIST, MG_GROUP_PERSIST_NM,
};

const struct mg_group_ops *const mg_group_ops[MG_APPLY_GROUPS] = {
	[MG_GROUP_MTU] = &mg_mtu_ops,
	[MG_GROUP_RINGS] = &mg_rings_ops,
	[MG_GROUP_CHANNELS] = &mg_channels_ops,
	[MG_GROUP_COALESCE] = &mg_coalesce_ops,
	[MG_GROUP_PAUSE] = &mg_pause_ops,
	[MG_GROUP_FEATURES] = &mg_features_ops,
	[MG_GROUP_EEE] = &mg_eee_ops,
	[MG_GROUP_ADVERTISE] = &mg_advertise_ops,
	[MG_GROUP_ASPM] = &mg_aspm_ops,
	[MG_GROUP_RPS] = &mg_rps_ops,
	[MG_GROUP_XPS] = &mg_xps_ops,
	[MG_GROUP_IRQ_AFFINITY] = &mg_irq_affinity_ops,
	[MG_GROUP_WOL] = &mg_wol_ops,
	[MG_GROUP_PERSIST] = &mg_persist_ops,
	[MG_GROUP_PERSIST_NM] = &mg_persist_nm_ops,
};

static const struct mg_group_ops *ops_of(enum mg_param_group g)
{
	return mg_group_ops[g];
}

typedef int (*read_fn)(struct mg_ctx *ctx, int ifindex, const char *ifname, const char *driver, unsigned int groups,
		       struct mg_group_now *now);

/* Each reader once, in the table's order: the steering groups share one. */
int mg_group_read(struct mg_ctx *ctx, int ifindex, const char *ifname, const char *driver, unsigned int groups,
		  const char *subject, struct mg_group_now *now)
{
	read_fn done[MG_APPLY_GROUPS];
	size_t count = 0;

	mg_group_now_clear(now);
	now->groups = groups;
	mg_strlcpy(now->subject, subject ? subject : "", sizeof(now->subject));
	for (int g = 0; g < MG_APPLY_GROUPS; g++) {
		const struct mg_group_ops *ops = mg_group_ops[g];
		bool again = false;
		int err;

		for (size_t i = 0; i < count; i++)
			again |= done[i] == ops->read;
		if (!(groups & (1u << g)) || !ops->read || again)
			continue;
		done[count++] = ops->read;
		err = ops->read(ctx, ifindex, ifname, driver, groups, now);
		if (err < 0)
			return err;
	}
	return 0;
}

void mg_group_now_clear(struct mg_group_now *now)
{
	for (int g = 0; g < MG_APPLY_GROUPS; g++)
		if (mg_group_ops[g]->clear)
			mg_group_ops[g]->clear(now);
	memset(now, 0, sizeof(*now));
}

const char *mg_group_subject(const struct mg_apply_part *r)
{
	return r->nm_uuid[0] ? r->nm_uuid : NULL;
}

const char *mg_group_journal_subject(const struct mg_journal_part *jp)
{
	for (size_t i = 0; i < jp->count; i++) {
		const struct mg_group_ops *ops = ops_of(mg_journal_entry_group(&jp->entries[i]));

		if (ops->subject && ops->subject(&jp->entries[i]))
			return ops->subject(&jp->entries[i]);
	}
	return NULL;
}

unsigned int mg_group_read_mask(const struct mg_apply_part *r)
{
	unsigned int groups = 0;

	for (size_t i = 0; i < r->count; i++)
		if (ops_of(r->changes[i].group)->read)
			groups |= 1u << r->changes[i].group;
	return groups;
}

unsigned int mg_group_asked(const struct mg_settings *s)
{
	unsigned int groups = 0;

	for (int g = 0; s->tune && g < MG_APPLY_GROUPS; g++)
		if (mg_group_ops[g]->asked && mg_group_ops[g]->asked(s->tune, (enum mg_param_group)g))
			groups |= 1u << g;
	return groups;
}

int mg_group_merge_asked(struct mg_settings *dst, const struct mg_settings *src)
{
	unsigned int groups = mg_group_asked(src);
	int err = 0;

	for (int g = 0; err == 0 && g < MG_APPLY_GROUPS; g++)
		if ((groups & (1u << g)) && mg_group_ops[g]->merge)
			err = mg_group_ops[g]->merge(dst, src->tune, (enum mg_param_group)g);
	return err;
}

enum mg_group_now_is mg_group_compare(const struct mg_group_now *now, struct mg_apply_part *r, struct mg_change *c)
{
	const struct mg_group_ops *ops = ops_of(c->group);

	return ops->compare ? ops->compare(now, r, c) : mg_change_compare_value(c, ops->value(now, c));
}

void mg_group_expect(const struct mg_group_now *now, struct mg_apply_part *r, struct mg_change *c)
{
	const struct mg_group_ops *ops = ops_of(c->group);

	if (ops->expect)
		ops->expect(now, r, c);
	else
		mg_change_expect_value(c, ops->value(now, c));
}

int mg_group_check(struct mg_ctx *ctx, const char *ifname, const struct mg_group_now *now,
		   const struct mg_apply_part *r, const struct mg_change *c, bool in_effect)
{
	return ops_of(c->group)->check(ctx, ifname, now, r, c, in_effect);
}

void mg_change_text(const struct mg_apply_part *r, const struct mg_change *c, enum mg_change_value which,
		    char *buf, size_t size)
{
	ops_of(c->group)->text(r, c, which, buf, size);
}

void mg_group_journal_entry(const struct mg_apply_part *r, const struct mg_change *c, bool as_left,
			    struct mg_journal_entry *e)
{
	ops_of(c->group)->journal(r, c, as_left, e);
}

enum mg_param_group mg_journal_entry_group(const struct mg_journal_entry *e)
{
	/* A parameter's entry holds its enum mg_param alone: its group is the parameter's. */
	return e->group >= MG_GROUP_COUNT ? e->group : mg_param_info(e->param)->group;
}

void mg_group_plan_restore(const struct mg_journal_entry *e, const struct mg_group_now *now, struct mg_apply_part *r)
{
	ops_of(mg_journal_entry_group(e))->plan_restore(e, now, r);
}

const struct mg_group_ops *mg_group_of_journal_key(const char *key)
{
	for (int g = 0; g < MG_APPLY_GROUPS; g++)
		if (!strcmp(key, mg_group_ops[g]->journal_key))
			return mg_group_ops[g];
	return NULL;
}
