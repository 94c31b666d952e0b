/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * multigig export --format prometheus: the library's text exposition
 * (mg_prometheus_write()), for node_exporter's textfile collector. --output
 * FILE writes a temporary file beside FILE and renames it over FILE, so the
 * collector never reads half; a failed write leaves FILE as it was.
 * --output - is stdout.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

/* The library's text, to @out. */
static int write_all(struct mg_ctx *ctx, const struct options *opt, const char *target, FILE *out)
{
	char *text;
	int err = mg_prometheus_write(ctx, target, opt->all ? MG_PROMETHEUS_ALL : 0, &text);

	if (err < 0)
		return fail(ctx, err, "export");
	err = output_document(out, text) < 0 || ferror(out) ? EXIT_FAILURE : EXIT_SUCCESS;
	free(text);
	return err;
}

struct export_job {
	struct mg_ctx *ctx;
	const struct options *opt;
	const char *target;
};

static int fill_export(FILE *f, void *data)
{
	struct export_job *job = data;

	return write_all(job->ctx, job->opt, job->target, f);
}

static int cmd_export(struct mg_ctx *ctx, const struct options *opt, char **words, int nwords)
{
	const char *target = nwords ? words[0] : NULL;
	int err;

	if (!opt->format || strcmp(opt->format, "prometheus"))
		return usage_error("export needs --format prometheus");
	if (opt->output && strcmp(opt->output, "-")) {
		struct export_job job = { ctx, opt, target };

		err = replace_file("export", opt->output, fill_export, &job);
		if (err == EXIT_SUCCESS)
			say_wrote(opt->output, false);
		return err;
	}
	err = write_all(ctx, opt, target, stdout);
	if (fflush(stdout) != 0 || output_error(stdout)) {
		fprintf(stderr, "multigig: export: cannot write the output: %s\n", strerror(output_error(stdout)));
		err = EXIT_FAILURE;
	}
	return err;
}

const struct command export_command = {
	.name = "export",
	.nargs = 1,
	.every = true,
	.args = " --format prometheus [IFACE|--all] [--output FILE]",
	.summary = "metrics in Prometheus's text format, for node_exporter",
	.help = "--output FILE replaces FILE whole (for the textfile collector); - is stdout.\n"
		"--all adds virtual interfaces.\n",
	.options = OPT(FORMAT) | OPT(OUTPUT) | OPT(ALL),
	.run = cmd_export,
};
