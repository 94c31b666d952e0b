/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* multigig doctor: the library's ranked findings, and the fixes that are settings. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Each change of a plan's result, on the interface it was made on. */
static void print_changes(const struct mg_apply_result *r, const char *verb)
{
	char *text = NULL;

	print_part("doctor --fix", mg_apply_result_to_text(r, verb, MG_APPLY_TEXT_IFNAME, &text), &text);
}

/*
 * The library's plan of the fixes that are settings: each names the
 * interface as the doctor examined it, and the whole plan is one
 * transaction. A dry run first, so that a refusal comes before anything
 * changes and the plan is what --yes then makes.
 */
static int fix(struct mg_ctx *ctx, const struct options *opt, const struct mg_doctor *d)
{
	struct mg_apply_result *r = NULL;
	struct mg_plan *plan;
	int err = mg_doctor_plan(ctx, d, &plan);

	if (err == 0 && opt->persist)
		err = mg_plan_set_persist(plan, MG_PERSIST_WRITE);
	if (err < 0)
		return fail(ctx, err, "doctor --fix");
	if (!mg_plan_count(plan)) {
		mg_plan_free(plan);
		printf("no finding has a fix that is a settings change\n");
		return EXIT_SUCCESS;
	}
	err = mg_plan_apply(plan, MG_APPLY_DRY_RUN, &r);
	if (err == 0)
		print_changes(r, opt->yes ? "change" : "would change");
	mg_apply_result_free(r);
	r = NULL;
	if (err == 0 && !opt->yes) {
		mg_plan_free(plan);
		printf("nothing changed: add --yes to apply\n");
		return EXIT_SUCCESS;
	}
	if (err == 0 && plan_options(ctx, opt, plan, "doctor --fix")) {
		mg_plan_free(plan);
		return EXIT_FAILURE;
	}
	if (err == 0) {
		/* The plan is out before anything changes, also through a pipe. */
		fflush(stdout);
		catch_stop_signals(ctx);
		err = mg_plan_apply(plan, 0, &r);
	}
	mg_plan_free(plan);
	if (err < 0)
		return apply_failed(ctx, err, r, "doctor --fix");
	print_changes(r, "changed");
	if (opt->confirm_s && mg_apply_result_count(r))
		say_confirm(opt, mg_apply_result_get_ifname(r, 0));
	mg_apply_result_free(r);
	return EXIT_SUCCESS;
}

/* The findings that are about the adapters, not about checks the run could not make. */
static size_t real_findings(const struct mg_doctor *d)
{
	size_t n = 0;

	for (size_t i = 0; i < mg_doctor_count(d); i++)
		n += strcmp(mg_finding_get_id(mg_doctor_get(d, i)), "not-checked") != 0;
	return n;
}

/* Never a plain "no findings" when checks were skipped: that would read as a clean bill of health. */
static void print_none(const struct mg_doctor *d, const char *target)
{
	const char *what = target ? target : "these adapters";

	if (!mg_doctor_count(d))
		printf("no findings: nothing the library checks holds %s back\n", what);
	else if (!real_findings(d))
		printf("no findings in the checks that were made; not-checked above says which were not, "
		       "and what they need\n");
}

static int cmd_doctor(struct mg_ctx *ctx, const struct options *opt, char **words, int nwords)
{
	const char *target = nwords ? words[0] : NULL;
	struct mg_nic *nic = NULL;
	struct progress wait;
	struct mg_doctor *d;
	int err;

	if (target && (err = mg_nic_lookup(ctx, target, &nic)) < 0)
		return fail(ctx, err, "doctor");
	/* A capture is one moment: the library samples nothing there. */
	progress_start(&wait, "doctor: sampling", mg_ctx_is_offline(ctx) ? 0 : opt->interval_ms);
	err = opt->peer ? mg_doctor_run_peer(ctx, nic, opt->interval_ms, opt->peer, &d)
			: mg_doctor_run(ctx, nic, opt->interval_ms, &d);
	progress_stop(&wait);
	mg_nic_unref(nic);
	/*
	 * The library checks the interval: one it refuses is a wrong command
	 * line. With --peer, -EINVAL may be the peer's refusal: said as it is.
	 */
	if (err == -EINVAL && opt->interval_ms && !opt->peer)
		return usage_error("--interval: %s", mg_ctx_last_error(ctx));
	if (err < 0)
		return fail(ctx, err, "doctor");
	if (opt->json && !opt->fix) {
		char *json;

		err = mg_doctor_to_json(d, 0, &json);
		err = print_json(err, json, "doctor");
	} else {
		char *text = NULL;

		print_part("doctor", mg_doctor_to_text(d, &text), &text);
		print_none(d, target);
		err = opt->fix ? fix(ctx, opt, d) : EXIT_SUCCESS;
	}
	mg_doctor_free(d);
	return err;
}

/* --yes, --confirm and --verify-peer are --fix's; --peer asks about one interface. */
static int check_doctor(const struct command *cmd, struct options *opt, char **words, int *nwords)
{
	(void)words;
	if (!opt->fix && (opt->confirm_s || opt->verify_peer))
		return option_not_taken(cmd, OPT_CONFIRM);
	if (!opt->fix && opt->yes)
		return option_not_taken(cmd, OPT_YES);
	if (!opt->fix && opt->persist)
		return option_not_taken(cmd, OPT_PERSIST);
	if (opt->peer && (opt->all || *nwords == 0))
		return usage_error("doctor --peer ADDR asks about one interface: doctor IFACE --peer ADDR");
	return check_words(cmd, opt, *nwords);
}

const struct command doctor_command = {
	.name = "doctor",
	.nargs = 1,
	.every = true,
	.args = " [IFACE|--all] [--interval S] [--peer ADDR] [--fix [--yes] [--persist]]",
	.summary = "what holds it back, ranked, with evidence and fixes",
	.help = "--interval S samples the counters for S seconds first (growing errors, drops\n"
		"and flaps). --fix shows the fixes that are settings changes; --fix --yes\n"
		"applies them, as one transaction (with --confirm SECONDS, only until confirmed;\n"
		"with --verify-peer ADDR, rolled back if the path stops carrying a new MTU;\n"
		"with --persist, also written where udev applies them at every boot and re-plug).\n"
		"IFACE --peer ADDR also probes what size the path to ADDR carries.\n",
	.options = OPT(ALL) | OPT(FIX) | OPT(YES) | OPT(INTERVAL) | OPT(PEER) | OPT(CONFIRM) | OPT(VERIFY_PEER) |
		   OPT(PERSIST),
	.check = check_doctor,
	.run = cmd_doctor,
};
