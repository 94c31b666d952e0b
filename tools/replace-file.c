/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A file written whole or not at all: a temporary file beside the target,
 * synced, then renamed over it. Readers such as node_exporter's textfile
 * collector never see half a file.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

int replace_file(const char *what, const char *path, int (*fill)(FILE *f, void *data), void *data)
{
	char tmp[4096];
	int fd, err;
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
	err = fill(f, data);
	if (err == EXIT_SUCCESS && (ferror(f) || fflush(f) != 0 || fsync(fd) != 0)) {
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
