/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* multigig cable and multigig cable-test. */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

static int cmd_cable(struct mg_ctx *ctx, const struct options *opt, char **words, int nwords)
{
	const char *ifname = nwords ? words[0] : NULL;
	struct mg_cable_info *info;
	int err = mg_cable_query(ctx, ifname, &info);

	if (err < 0)
		return fail(ctx, err, "cable");
	if (opt->json) {
		char *json;

		err = mg_cable_info_to_json(info, ifname, 0, &json);
		err = print_json(err, json, "cable");
	} else {
		char *text = NULL;

		print_part("cable", mg_cable_info_to_text(info, ifname, &text), &text);
		err = EXIT_SUCCESS;
	}
	mg_cable_info_free(info);
	return err;
}

static void progress(void *data, const char *status, int elapsed_ms)
{
	progress_line("cable test of %s %s, %d.%d s (30 s at most)", (const char *)data, status, elapsed_ms / 1000,
		      (elapsed_ms % 1000) / 100);
}

static int cmd_cable_test(struct mg_ctx *ctx, const struct options *opt, char **words, int nwords)
{
	const char *ifname = nwords ? words[0] : NULL;
	struct mg_cable_result *r;
	int err;

	if (!opt->yes)
		return usage_error("a cable test takes the link of %s down for seconds: add --yes to run it", ifname);
	err = mg_cable_test_run(ctx, ifname, MG_CABLE_TEST_LINK_GOES_DOWN | (opt->tdr ? MG_CABLE_TEST_TDR : 0),
				0, progress, (void *)ifname, &r);
	progress_clear();
	if (err < 0)
		return fail(ctx, err, "cable-test");
	if (opt->json) {
		char *json;

		err = mg_cable_result_to_json(r, ifname, opt->tdr ? MG_JSON_TDR : 0, &json);
		err = print_json(err, json, "cable-test");
	} else {
		char *text = NULL;

		print_part("cable-test", mg_cable_result_to_text(r, ifname, opt->tdr ? MG_JSON_TDR : 0, &text), &text);
		err = EXIT_SUCCESS;
	}
	mg_cable_result_free(r);
	return err;
}

const struct command cable_command = {
	.name = "cable",
	.nargs = 1,
	.args = " IFACE",
	.summary = "can this NIC test its cable? (never runs a test)",
	.help = "",
	.run = cmd_cable,
};

const struct command cable_test_command = {
	.name = "cable-test",
	.nargs = 1,
	.args = " IFACE --yes [--tdr]",
	.summary = "run a cable test (or raw TDR); the link goes down",
	.help = "The link goes down for seconds: --yes says you know. --tdr asks for the raw\n"
		"reflection amplitude along the cable. Waits 30 s at most.\n",
	.options = OPT(YES) | OPT(TDR),
	.run = cmd_cable_test,
};
