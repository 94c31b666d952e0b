/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A file written whole or not at all: made in memory, written to a
 * temporary file beside the target, synced, then renamed over it. Readers
 * such as node_exporter's textfile collector never see half a file. A
 * target that is no regular file (/dev/null, a FIFO, a terminal) is written
 * to as it is: renaming over it would replace the device node itself.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

/* @len bytes of @text to @fd, all of them. */
static int write_all(int fd, const char *text, size_t len)
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
	return 0;
}

/* ... then to the disk. */
static int write_whole(int fd, const char *text, size_t len)
{
	int err = write_all(fd, text, len);

	return err ? err : fsync(fd) < 0 ? -errno : 0;
}

/* A device, FIFO or socket: opened and written as a shell's > would, no temporary file, no rename. */
static int put_into(const char *what, const char *path, const char *text, size_t len)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY), err;

	if (fd < 0) {
		fprintf(stderr, "multigig: %s: cannot write %s: %s\n", what, path, strerror(errno));
		return EXIT_FAILURE;
	}
	err = write_all(fd, text, len);
	if (close(fd) < 0 && !err)
		err = -errno;
	if (err) {
		fprintf(stderr, "multigig: %s: cannot write %s: %s\n", what, path, strerror(-err));
		return EXIT_FAILURE;
	}
	return EXIT_SUCCESS;
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

/*
 * Where @path leads: a link is followed, so the file it names is replaced
 * and the link kept; a path that is not there yet is written as a new file.
 */
static int put(const char *what, const char *path, const char *text, size_t len)
{
	char target[PATH_MAX];
	struct stat st;

	if (!*path)
		return usage_error("%s: the file name is empty", what);
	if (stat(path, &st) < 0)
		return put_beside(what, path, text, len);
	if (S_ISDIR(st.st_mode))
		return usage_error("%s: %s is a directory", what, path);
	if (!S_ISREG(st.st_mode))
		return put_into(what, path, text, len);
	if (!realpath(path, target)) {
		fprintf(stderr, "multigig: %s: cannot write %s: %s\n", what, path, strerror(errno));
		return EXIT_FAILURE;
	}
	return put_beside(what, target, text, len);
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
		err = put(what, path, text, len);
	free(text);
	return err;
}

void say_wrote(const char *path, bool always)
{
	if (always || isatty(STDERR_FILENO))
		fprintf(stderr, "multigig: wrote %s\n", path);
}
