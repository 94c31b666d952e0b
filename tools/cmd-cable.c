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
		printf("%s: cable test %s: %s\n", ifname,
		       mg_cable_support_name(mg_cable_info_get_support(info)), mg_cable_info_get_reason(info));
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
	} else if (opt->tdr) {
		for (size_t i = 0; i < mg_cable_result_get_tdr_count(r); i++) {
			int pair, cm, mv;

			mg_cable_result_get_tdr_sample(r, i, &pair, &cm, &mv);
			printf("pair %c %4d.%02d m %6d mV\n", 'A' + pair, cm / 100, cm % 100, mv);
		}
		err = EXIT_SUCCESS;
	} else {
		for (int p = 0; p < 4; p++) {
			int cm = mg_cable_result_get_fault_length_cm(r, p);

			printf("pair %c: %s", 'A' + p, mg_cable_code_name(mg_cable_result_get_code(r, p)));
			if (cm != MG_UNKNOWN)
				printf(", fault at %d.%02d m", cm / 100, cm % 100);
			printf("\n");
		}
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
