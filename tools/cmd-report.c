/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * multigig report --html FILE and multigig pcie IFACE --svg [FILE]: the
 * library writes the documents (so the Python binding hands out the same
 * bytes); here they are only put where the user asked.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

static int fill_text(FILE *f, void *text)
{
	return fputs(text, f) < 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}

/* To @path, or to stdout when it is NULL or "-". */
static int put_text(const char *what, const char *text, const char *path)
{
	if (path && strcmp(path, "-")) {
		int err = replace_file(what, path, fill_text, (void *)text);

		if (err == EXIT_SUCCESS)
			say_wrote(path, true);
		return err;
	}
	output_document(stdout, text);
	if (fflush(stdout) != 0 || output_error(stdout)) {
		fprintf(stderr, "multigig: %s: cannot write the output: %s\n", what, strerror(output_error(stdout)));
		return EXIT_FAILURE;
	}
	return EXIT_SUCCESS;
}

int pcie_svg(struct mg_ctx *ctx, const struct mg_pcie_path *path, const struct mg_nic *nic, const char *file)
{
	char *svg;
	int err = mg_pcie_path_to_svg(ctx, path, nic, &svg);

	if (err < 0)
		return fail(ctx, err, "pcie --svg");
	err = put_text("pcie --svg", svg, file);
	free(svg);
	return err;
}

static int cmd_report(struct mg_ctx *ctx, const struct options *opt, char **words, int nwords)
{
	const char *target = nwords ? words[0] : NULL;
	struct mg_nic *nic = NULL;
	char *html;
	int err;

	if (!opt->html)
		return usage_error("report needs --html FILE (or --html - for stdout)");
	if (opt->watch_ms && (!target || opt->all))
		return usage_error("report --watch samples one interface: name it");
	if (target && !opt->all && (err = mg_nic_lookup(ctx, target, &nic)) < 0)
		return fail(ctx, err, target);
	if (opt->watch_ms) {
		/* Whole seconds, a fraction of one being none: the library says which it takes. */
		unsigned int seconds = opt->watch_ms < 1000 ? 0 : (opt->watch_ms + 999) / 1000;
		struct progress wait;

		progress_start(&wait, "report: watching", seconds * 1000);
		err = mg_report_html_watch(ctx, nic, seconds, &html);
		progress_stop(&wait);
		if (err == -EINVAL) {
			mg_nic_unref(nic);
			return usage_error("--watch: %s", mg_ctx_last_error(ctx));
		}
	} else
		err = mg_report_html(ctx, nic, 0, &html);
	mg_nic_unref(nic);
	if (err < 0)
		return fail(ctx, err, "report");
	err = put_text("report", html, opt->html);
	free(html);
	return err;
}

/* The page is HTML: JSON on stdout would be a second document in the same stream. */
static int check_report(const struct command *cmd, struct options *opt, char **words, int *nwords)
{
	(void)words;
	if (opt->json)
		return usage_error("--json does not go with report: it writes HTML");
	return check_words(cmd, opt, *nwords);
}

const struct command report_command = {
	.name = "report",
	.nargs = 1,
	.every = true,
	.args = " [IFACE|--all] --html FILE [--watch SECONDS]",
	.summary = "one self-contained HTML page for a bug report or a forum",
	.help = "--html - writes to stdout. IFACE --watch SECONDS samples the adapter that\n"
		"long and adds plots.\n",
	/* --interval is taken, as it always was, though report samples with --watch. */
	.options = OPT(ALL) | OPT(HTML) | OPT(WATCH) | OPT(INTERVAL),
	.check = check_report,
	.run = cmd_report,
};
