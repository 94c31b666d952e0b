/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* multigig doctor: the library's ranked findings, and the fixes that are settings. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static json_object *finding_json(const struct mg_finding *f)
{
	json_object *o = json_object_new_object(), *ev = json_object_new_array();
	double gbps;
	const char *impact = mg_finding_get_impact(f, &gbps);

	put(o, "id", jstr(mg_finding_get_id(f)));
	put(o, "severity", jstr(mg_severity_name(mg_finding_get_severity(f))));
	put(o, "nic", jstr(mg_finding_get_nic(f)));
	put(o, "title", jstr(mg_finding_get_title(f)));
	for (size_t i = 0; i < mg_finding_get_evidence_count(f); i++) {
		json_object *e = json_object_new_object();
		const char *source;
		const char *fact = mg_finding_get_evidence(f, i, &source);

		put(e, "fact", jstr(fact));
		put(e, "source", jstr(source));
		json_object_array_add(ev, e);
	}
	put(o, "evidence", ev);
	put(o, "impact", jstr(impact));
	put(o, "impact_gbps", gbps >= 0 ? jgbps(gbps) : NULL);
	put(o, "fix", jstr(mg_finding_get_fix(f)));
	put(o, "fix_command", jstr(mg_finding_get_fix_command(f)));
	put(o, "fixable", json_object_new_boolean(mg_finding_get_fix_settings(f, NULL) != NULL));
	return o;
}

static void print_finding(const struct mg_finding *f)
{
	const char *impact = mg_finding_get_impact(f, NULL);

	printf("%-8s %-15s %s\n", mg_severity_name(mg_finding_get_severity(f)), mg_finding_get_nic(f),
	       mg_finding_get_title(f));
	printf("%-24s [%s]\n", "", mg_finding_get_id(f));
	for (size_t i = 0; i < mg_finding_get_evidence_count(f); i++) {
		const char *source;
		const char *fact = mg_finding_get_evidence(f, i, &source);

		printf("%-24s %s (%s)\n", "", fact, source);
	}
	if (impact)
		printf("%-24s impact: %s\n", "", impact);
	if (mg_finding_get_fix(f))
		printf("%-24s fix: %s%s\n", "", mg_finding_get_fix(f),
		       mg_finding_get_fix_settings(f, NULL) ? " (--fix applies it)" : "");
}

/* The fixes that are settings changes, in the report's order: one apply each. */
struct plan {
	const char *ifname[64];
	const struct mg_settings *want[64];
	size_t count;
};

static void plan_fixes(const struct mg_doctor *d, struct plan *p)
{
	for (size_t i = 0; i < mg_doctor_count(d) && p->count < sizeof(p->want) / sizeof(p->want[0]); i++) {
		const char *ifname;
		const struct mg_settings *s = mg_finding_get_fix_settings(mg_doctor_get(d, i), &ifname);

		if (!s)
			continue;
		p->ifname[p->count] = ifname;
		p->want[p->count++] = s;
	}
}

static void print_changes(const char *ifname, const struct mg_apply_result *r, const char *verb)
{
	for (size_t i = 0; i < mg_apply_result_count(r); i++) {
		const char *name = mg_apply_result_get_name(r, i);
		const char *before = mg_apply_result_get_modes(r, i, 0), *after = mg_apply_result_get_modes(r, i, 1);
		enum mg_param param;
		long long old, new;

		if (mg_apply_result_get(r, i, &param, &old, &new) < 0)
			continue;
		if (before && after)
			printf("%s %s: %s %s -> %s\n", verb, ifname, name, before, after);
		else
			printf("%s %s: %s %lld -> %lld\n", verb, ifname, name ? name : mg_param_name(param), old, new);
	}
}

/* Put back what earlier applies changed: all or nothing across them too. */
static void undo(struct mg_ctx *ctx, struct plan *p, struct mg_apply_result **done, size_t count)
{
	for (size_t k = count; k-- > 0;) {
		struct mg_settings *back;

		if (mg_settings_new(&back) < 0)
			continue;
		for (size_t i = 0; i < mg_apply_result_count(done[k]); i++) {
			const char *name = mg_apply_result_get_name(done[k], i), *modes;
			enum mg_param param;
			long long old, new;

			if (mg_apply_result_get(done[k], i, &param, &old, &new) < 0 || !name)
				continue;
			if ((modes = mg_apply_result_get_modes(done[k], i, 0)))
				mg_settings_set_advertise(back, modes);
			else if ((int)param >= 0)
				mg_settings_set(back, param, old);
			else if (!strcmp(name, "eee"))
				mg_settings_set_eee(back, (int)old);
			else
				mg_settings_set_feature(back, name, (int)old);
		}
		if (mg_settings_apply(ctx, p->ifname[k], back, 0, NULL) < 0)
			fprintf(stderr, "multigig: doctor: restoring %s failed: %s\n", p->ifname[k],
				mg_ctx_last_error(ctx));
		mg_settings_free(back);
	}
}

static int apply_fixes(struct mg_ctx *ctx, const struct options *opt, struct plan *p)
{
	struct mg_apply_result *results[64] = { NULL };
	int err = 0;
	size_t k;

	/* Every interface's plan first: a refusal before anything changes. */
	for (k = 0; k < p->count && err == 0; k++) {
		struct mg_apply_result *r = NULL;

		err = mg_settings_apply(ctx, p->ifname[k], p->want[k], MG_APPLY_DRY_RUN, &r);
		if (err == 0)
			print_changes(p->ifname[k], r, opt->yes ? "change" : "would change");
		mg_apply_result_free(r);
	}
	if (err < 0)
		return fail(ctx, err, "doctor --fix");
	if (!opt->yes) {
		printf("nothing changed: add --yes to apply\n");
		return EXIT_SUCCESS;
	}
	for (k = 0; k < p->count && err == 0; k++)
		err = mg_settings_apply(ctx, p->ifname[k], p->want[k], 0, &results[k]);
	if (err < 0) {
		err = fail(ctx, err, "doctor --fix");
		undo(ctx, p, results, k - 1);
		printf("nothing was changed\n");
	} else {
		for (k = 0; k < p->count; k++)
			print_changes(p->ifname[k], results[k], "changed");
	}
	for (k = 0; k < p->count; k++)
		mg_apply_result_free(results[k]);
	return err;
}

static int fix(struct mg_ctx *ctx, const struct options *opt, const struct mg_doctor *d)
{
	struct plan p = { .count = 0 };

	plan_fixes(d, &p);
	if (!p.count) {
		printf("no finding has a fix that is a settings change\n");
		return EXIT_SUCCESS;
	}
	return apply_fixes(ctx, opt, &p);
}

int cmd_doctor(struct mg_ctx *ctx, const struct options *opt, const char *target)
{
	struct mg_nic *nic = NULL;
	struct progress wait;
	struct mg_doctor *d;
	int err;

	if (target && (err = mg_nic_lookup(ctx, target, &nic)) < 0)
		return fail(ctx, err, "doctor");
	/* A capture is one moment: the library samples nothing there. */
	progress_start(&wait, "doctor: sampling", mg_ctx_is_offline(ctx) ? 0 : opt->interval_ms);
	err = mg_doctor_run(ctx, nic, opt->interval_ms, &d);
	progress_stop(&wait);
	mg_nic_unref(nic);
	if (err < 0)
		return fail(ctx, err, "doctor");
	if (opt->json && !opt->fix) {
		json_object *o = json_object_new_object(), *arr = json_object_new_array();

		for (size_t i = 0; i < mg_doctor_count(d); i++)
			json_object_array_add(arr, finding_json(mg_doctor_get(d, i)));
		put(o, "findings", arr);
		err = print_json(o);
	} else {
		for (size_t i = 0; i < mg_doctor_count(d); i++)
			print_finding(mg_doctor_get(d, i));
		if (!mg_doctor_count(d))
			printf("no findings: nothing the library checks holds %s back\n",
			       target ? target : "these adapters");
		err = opt->fix ? fix(ctx, opt, d) : EXIT_SUCCESS;
	}
	mg_doctor_free(d);
	return err;
}
