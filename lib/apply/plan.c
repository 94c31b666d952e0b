/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A plan: the interfaces to change, each as it was examined (index, name,
 * kind, device), and what to set on each. mg_plan_apply() hands it to one
 * transaction (transaction.c); mg_settings_apply() is a plan of one. The doctor's fixes become a plan here, so
 * that what --fix changes is decided in the library, next to the findings.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "apply/apply.h"

struct mg_plan {
	struct mg_ctx *ctx; /* a reference */
	struct mg_txn_step *steps;
	struct mg_settings **owned; /* each step's settings, the plan's own copy */
	struct mg_txn_opts opts;
	int persist; /* enum mg_persist, asked of every step when it is applied */
	size_t count, alloc;
};

MG_EXPORT int mg_plan_new(struct mg_ctx *ctx, struct mg_plan **plan)
{
	if (!ctx || !plan)
		return -EINVAL;
	*plan = calloc(1, sizeof(**plan));
	if (!*plan)
		return -ENOMEM;
	(*plan)->ctx = mg_ctx_ref(ctx);
	return 0;
}

MG_EXPORT void mg_plan_free(struct mg_plan *plan)
{
	if (!plan)
		return;
	for (size_t i = 0; i < plan->count; i++)
		mg_settings_free(plan->owned[i]);
	free(plan->owned);
	free(plan->steps);
	mg_ctx_unref(plan->ctx);
	free(plan);
}

/* Everything @src asks, asked of @dst too (a later value of one name wins). */
static int merge(struct mg_settings *dst, const struct mg_settings *src)
{
	int err = 0;

	for (int p = 0; err == 0 && p < MG_PARAM_COUNT; p++)
		if (mg_settings_has(src, (enum mg_param)p))
			err = mg_settings_set(dst, (enum mg_param)p, src->value[p]);
	return err == 0 ? mg_group_merge_asked(dst, src) : err;
}

/* The step for @id: the one already planned for its index, or a new one. */
static int step_for(struct mg_plan *plan, const struct mg_iface_id *id, struct mg_settings **settings)
{
	for (size_t i = 0; i < plan->count; i++)
		if (plan->steps[i].id.ifindex == id->ifindex) {
			if (strcmp(plan->steps[i].id.name, id->name) != 0)
				return mg_fail(plan->ctx, -EINVAL,
					       "index %d is %s in the plan and %s here: examine the "
					       "interfaces again",
					       id->ifindex, plan->steps[i].id.name, id->name);
			*settings = plan->owned[i];
			return 0;
		}
	if (plan->count == plan->alloc) {
		size_t alloc = plan->alloc ? plan->alloc * 2 : 4;
		struct mg_txn_step *steps = realloc(plan->steps, alloc * sizeof(*steps));
		struct mg_settings **owned = steps ? realloc(plan->owned, alloc * sizeof(*owned)) : NULL;

		if (steps)
			plan->steps = steps;
		if (!owned)
			return -ENOMEM;
		plan->owned = owned;
		plan->alloc = alloc;
	}
	if (mg_settings_new(settings) < 0)
		return -ENOMEM;
	plan->owned[plan->count] = *settings;
	plan->steps[plan->count] = (struct mg_txn_step){ .id = *id, .want = *settings };
	plan->count++;
	return 0;
}

/* Add @want for the interface examined as @id; asked twice, the two merge. */
static int add_id(struct mg_plan *plan, const struct mg_iface_id *id, const struct mg_settings *want)
{
	struct mg_settings *s;
	int err = step_for(plan, id, &s);

	if (err == 0)
		err = merge(s, want);
	if (err == -ENOMEM && !plan->ctx->error[0])
		mg_fail(plan->ctx, err, "out of memory");
	return err;
}

MG_EXPORT int mg_plan_add(struct mg_plan *plan, const struct mg_nic *nic, const struct mg_settings *want)
{
	struct mg_iface_id id;
	int err;

	if (!plan)
		return -EINVAL;
	mg_clear_error(plan->ctx);
	if (!nic || !want)
		return mg_fail(plan->ctx, -EINVAL, "mg_plan_add: no adapter or no settings");
	err = mg_iface_id_from_nic(plan->ctx, nic, &id);
	return err < 0 ? err : add_id(plan, &id, want);
}

MG_EXPORT size_t mg_plan_count(const struct mg_plan *plan)
{
	return plan ? plan->count : 0;
}

MG_EXPORT const char *mg_plan_get_ifname(const struct mg_plan *plan, size_t index)
{
	return plan && index < plan->count ? plan->steps[index].id.name : NULL;
}

MG_EXPORT int mg_plan_get_ifindex(const struct mg_plan *plan, size_t index)
{
	return plan && index < plan->count ? plan->steps[index].id.ifindex : -EINVAL;
}

MG_EXPORT const struct mg_settings *mg_plan_get_settings(const struct mg_plan *plan, size_t index)
{
	return plan && index < plan->count ? plan->owned[index] : NULL;
}

MG_EXPORT int mg_plan_apply(struct mg_plan *plan, unsigned int flags, struct mg_apply_result **result)
{
	if (result)
		*result = NULL;
	if (!plan)
		return -EINVAL;
	mg_clear_error(plan->ctx);
	if (plan->ctx->offline)
		return mg_fail(plan->ctx, -EOPNOTSUPP,
			       "a captured tree cannot be changed: settings need a live context");
	for (size_t i = 0; plan->persist && i < plan->count; i++)
		if (mg_settings_set_persist(plan->owned[i], plan->persist) < 0)
			return mg_fail(plan->ctx, -ENOMEM, "out of memory");
	return mg_txn_apply(plan->ctx, plan->steps, plan->count, flags, &plan->opts, result);
}

/* The longest confirmation window: an hour, as long as a change may hang undecided. */
#define CONFIRM_MAX_S 3600

MG_EXPORT int mg_plan_set_confirm(struct mg_plan *plan, unsigned int seconds)
{
	if (!plan)
		return -EINVAL;
	if (seconds > CONFIRM_MAX_S)
		return mg_fail(plan->ctx, -EINVAL, "a confirmation window of %u s is longer than %d s", seconds,
			       CONFIRM_MAX_S);
	plan->opts.confirm_s = seconds;
	return 0;
}

MG_EXPORT int mg_plan_set_persist(struct mg_plan *plan, int how)
{
	if (!plan || (how != MG_PERSIST_NO && how != MG_PERSIST_WRITE))
		return -EINVAL;
	plan->persist = how;
	return 0;
}

MG_EXPORT int mg_plan_set_verify_peer(struct mg_plan *plan, const char *address)
{
	int err;

	if (!plan)
		return -EINVAL;
	if (!address) {
		plan->opts.peer[0] = '\0';
		return 0;
	}
	if (strlen(address) >= sizeof(plan->opts.peer) || !mg_probe_address_ok(address))
		return mg_fail(plan->ctx, -EINVAL, "'%.64s' is not an IPv4 or IPv6 address", address);
	/* Early, so that a peer this machine answers itself is refused before any change. */
	err = mg_probe_check_peer(plan->ctx, address);
	if (err < 0) {
		char why[sizeof(plan->ctx->error)];

		mg_strlcpy(why, plan->ctx->error, sizeof(why));
		return mg_fail(plan->ctx, err, "%s; nothing was changed", why);
	}
	mg_strlcpy(plan->opts.peer, address, sizeof(plan->opts.peer));
	return 0;
}

MG_EXPORT int mg_settings_apply(struct mg_ctx *ctx, const char *ifname, const struct mg_settings *want,
				unsigned int flags, struct mg_apply_result **result)
{
	struct mg_txn_step step = { .want = want };
	struct mg_link link;
	int err;

	if (result)
		*result = NULL;
	if (!ctx)
		return -EINVAL;
	mg_clear_error(ctx);
	err = want ? mg_apply_named(ctx, ifname, &link) : mg_fail(ctx, -EINVAL, "no settings to apply");
	if (err < 0) {
		if (result)
			*result = mg_apply_result_new();
		return err;
	}
	/* Examined now, by name: every later step goes to this index, and checks it is still this one. */
	mg_iface_id_from_link(&link, &step.id);
	return mg_txn_apply(ctx, &step, 1, flags, NULL, result);
}

MG_EXPORT int mg_doctor_plan(struct mg_ctx *ctx, const struct mg_doctor *report, struct mg_plan **plan)
{
	int err;

	if (!ctx || !report || !plan)
		return -EINVAL;
	mg_clear_error(ctx);
	err = mg_plan_new(ctx, plan);
	for (size_t i = 0; err == 0 && i < report->count; i++) {
		const struct mg_finding *f = report->items[i];

		if (f->fix_settings)
			err = add_id(*plan, &f->fix_id, f->fix_settings);
	}
	if (err < 0) {
		mg_plan_free(*plan);
		*plan = NULL;
	}
	return err;
}
