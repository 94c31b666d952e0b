/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* multigig cable and multigig cable-test. */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

int cmd_cable(struct mg_ctx *ctx, const struct options *opt, const char *ifname)
{
	struct mg_cable_info *info;
	int err = mg_cable_query(ctx, ifname, &info), tdr;

	if (err < 0)
		return fail(ctx, err, "cable");
	tdr = mg_cable_info_get_tdr(info);
	if (opt->json) {
		json_object *o = json_object_new_object();

		put(o, "name", json_object_new_string(ifname));
		put(o, "support", json_object_new_string(mg_cable_support_name(mg_cable_info_get_support(info))));
		put(o, "reason", jstr(mg_cable_info_get_reason(info)));
		put(o, "phy_driver", jstr(mg_cable_info_get_phy_driver(info)));
		put(o, "tdr", tdr == MG_UNKNOWN ? NULL : json_object_new_boolean(tdr));
		err = print_json(o);
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

int cmd_cable_test(struct mg_ctx *ctx, const struct options *opt, const char *ifname)
{
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
		json_object *o = json_object_new_object(), *pairs = json_object_new_array();

		for (int p = 0; p < 4; p++) {
			json_object *e = json_object_new_object();
			char name[2] = { (char)('A' + p), '\0' };

			put(e, "pair", json_object_new_string(name));
			put(e, "code", json_object_new_string(mg_cable_code_name(mg_cable_result_get_code(r, p))));
			put(e, "fault_length_cm", jint(mg_cable_result_get_fault_length_cm(r, p)));
			json_object_array_add(pairs, e);
		}
		put(o, "name", json_object_new_string(ifname));
		put(o, "pairs", pairs);
		if (opt->tdr) {
			json_object *samples = json_object_new_array();

			for (size_t i = 0; i < mg_cable_result_get_tdr_count(r); i++) {
				json_object *e = json_object_new_object();
				int pair, cm, mv;

				mg_cable_result_get_tdr_sample(r, i, &pair, &cm, &mv);
				put(e, "pair", json_object_new_int(pair));
				put(e, "distance_cm", json_object_new_int(cm));
				put(e, "mv", json_object_new_int(mv));
				json_object_array_add(samples, e);
			}
			put(o, "tdr", samples);
		}
		err = print_json(o);
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
