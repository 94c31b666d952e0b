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

/* Whole or not at all: a temporary file beside @path, renamed over it. */
static int write_file(const char *what, const char *text, const char *path)
{
	size_t len = strlen(text);
	char tmp[4096];
	int fd, err = EXIT_SUCCESS;
	FILE *f;

	if (snprintf(tmp, sizeof(tmp), "%s.XXXXXX", path) >= (int)sizeof(tmp))
		return usage_error("%s: path too long", what);
	fd = mkstemp(tmp);
	if (fd < 0 || !(f = fdopen(fd, "w"))) {
		fprintf(stderr, "multigig: %s: cannot write beside %s: %s\n", what, path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return EXIT_FAILURE;
	}
	fchmod(fd, 0644);
	if (fwrite(text, 1, len, f) != len || fflush(f) != 0 || fsync(fd) != 0) {
		fprintf(stderr, "multigig: %s: cannot write %s: %s\n", what, tmp, strerror(errno));
		err = EXIT_FAILURE;
	}
	fclose(f);
	if (err == EXIT_SUCCESS && rename(tmp, path) < 0) {
		fprintf(stderr, "multigig: %s: cannot rename to %s: %s\n", what, path, strerror(errno));
		err = EXIT_FAILURE;
	}
	if (err != EXIT_SUCCESS)
		unlink(tmp);
	return err;
}

/* To @path, or to stdout when it is NULL or "-". */
static int put_text(const char *what, const char *text, const char *path)
{
	if (path && strcmp(path, "-"))
		return write_file(what, text, path);
	fputs(text, stdout);
	return fflush(stdout) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
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

int cmd_report(struct mg_ctx *ctx, const struct options *opt, const char *target)
{
	struct mg_nic *nic = NULL;
	char *html;
	int err;

	if (!opt->html)
		return usage_error("report needs --html FILE (or --html - for stdout)");
	if (opt->watch_ms && (!target || opt->all))
		return usage_error("report --watch samples one interface: name it");
	if (target && !opt->all && (err = mg_nic_lookup(ctx, target, &nic)) < 0)
		return fail(ctx, err, target);
	if (opt->watch_ms)
		err = mg_report_html_watch(ctx, nic, (opt->watch_ms + 999) / 1000, &html);
	else
		err = mg_report_html(ctx, nic, 0, &html);
	mg_nic_unref(nic);
	if (err < 0)
		return fail(ctx, err, "report");
	err = put_text("report", html, opt->html);
	free(html);
	return err;
}
