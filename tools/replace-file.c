/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A file written whole or not at all: made in memory, written to a
 * temporary file beside the target, synced, then renamed over it. Readers such as node_exporter's textfile
 * collector never see half a file.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

/* @len bytes of @text to @fd, all of them, then to the disk. */
static int write_whole(int fd, const char *text, size_t len)
{
	while (len) {
		ssize_t n = write(fd, text, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		text += n;
		len -= (size_t)n;
	}
	return fsync(fd) < 0 ? -errno : 0;
}

static int put_beside(const char *what, const char *path, const char *text, size_t len)
{
	char tmp[4096];
	int fd, err;

	if (snprintf(tmp, sizeof(tmp), "%s.XXXXXX", path) >= (int)sizeof(tmp))
		return usage_error("%s: path too long", what);
	fd = mkstemp(tmp);
	if (fd < 0) {
		fprintf(stderr, "multigig: %s: cannot write beside %s: %s\n", what, path, strerror(errno));
		return EXIT_FAILURE;
	}
	err = fchmod(fd, 0644) < 0 ? -errno : write_whole(fd, text, len);
	if (close(fd) < 0 && !err)
		err = -errno;
	if (!err && rename(tmp, path) < 0)
		err = -errno;
	if (err) {
		unlink(tmp);
		fprintf(stderr, "multigig: %s: cannot write %s: %s; it was left as it was\n", what, path, strerror(-err));
		return EXIT_FAILURE;
	}
	return EXIT_SUCCESS;
}

int replace_file(const char *what, const char *path, int (*fill)(FILE *f, void *data), void *data)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	int err;

	if (!mem) {
		fprintf(stderr, "multigig: %s: %s\n", what, strerror(errno));
		return EXIT_FAILURE;
	}
	/* Whole in memory first: a failed write then says why, with its errno. */
	err = fill(mem, data);
	if (fclose(mem) != 0 && err == EXIT_SUCCESS) {
		fprintf(stderr, "multigig: %s: %s\n", what, strerror(errno));
		err = EXIT_FAILURE;
	}
	if (err == EXIT_SUCCESS)
		err = put_beside(what, path, text, len);
	free(text);
	return err;
}

void say_wrote(const char *path, bool always)
{
	if (always || isatty(STDERR_FILENO))
		fprintf(stderr, "multigig: wrote %s\n", path);
}
