/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Small helpers for the tests: temporary trees and finding adapters. */
#ifndef MG_TEST_UTIL_H
#define MG_TEST_UTIL_H

#include <errno.h>
#include <ftw.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CUnit/CUnit.h>

#include "multigig/multigig.h"

static inline int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static inline void rm_tree(const char *path)
{
	nftw(path, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Operstate follows IFF_UP through the kernel's linkwatch, a little later: wait up to 3 s. */
static inline int wait_operstate(const char *name, const char *want)
{
	char path[256], buf[32] = "";

	snprintf(path, sizeof(path), "/sys/class/net/%s/operstate", name);
	for (int i = 0; i < 300; i++) {
		FILE *f = fopen(path, "r");

		if (f) {
			if (!fgets(buf, sizeof(buf), f))
				buf[0] = '\0';
			fclose(f);
		}
		buf[strcspn(buf, "\n")] = '\0';
		if (!strcmp(buf, want))
			return 0;
		usleep(10000);
	}
	fprintf(stderr, "%s: operstate is '%s', not '%s'\n", name, buf, want);
	return -1;
}

/* mkdtemp() under $TMPDIR; the caller removes it with rm_tree(). */
static inline char *make_tmpdir(char *buf, size_t size)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(buf, size, "%s/multigig-test-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	return mkdtemp(buf);
}

/* The directories above @path, made where missing. */
static inline void make_parents(const char *path)
{
	char dir[4096];

	snprintf(dir, sizeof(dir), "%s", path);
	for (char *p = dir + 1; *p; p++) {
		if (*p == '/') {
			*p = '\0';
			mkdir(dir, 0755);
			*p = '/';
		}
	}
}

/* Create a file (and its directories) below @root holding @content. */
static inline void put_file(const char *root, const char *rel, const char *content)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	make_parents(path);
	f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs(content, f);
	fclose(f);
}

/* Create the directory @rel (and those above it) below @root. */
static inline void make_dirs(const char *root, const char *rel)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	make_parents(path);
	CU_ASSERT_FATAL(mkdir(path, 0755) == 0 || errno == EEXIST);
}

/*
 * A symlink @rel below @root to @target, in place of a file or link there;
 * a directory already there (a copied tree's real one) is left as it is.
 */
static inline void put_link(const char *root, const char *rel, const char *target)
{
	char path[4096];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	if (lstat(path, &st) == 0) {
		if (S_ISDIR(st.st_mode))
			return;
		CU_ASSERT_EQUAL_FATAL(unlink(path), 0);
	}
	make_parents(path);
	CU_ASSERT_EQUAL_FATAL(symlink(target, path), 0);
}

static inline struct mg_nic *find_nic(struct mg_nic_list *list, const char *name)
{
	for (size_t i = 0; i < mg_nic_list_count(list); i++) {
		struct mg_nic *nic = mg_nic_list_get(list, i);
		const char *n = mg_nic_get_name(nic), *a = mg_nic_get_address(nic);

		if ((n && !strcmp(n, name)) || (!n && a && !strcmp(a, name)))
			return nic;
	}
	return NULL;
}

/*
 * Capture what @ctx reads into @tmp/c (@tmp a new temporary directory, of
 * 4096 bytes) and return a context replaying it.
 */
static inline struct mg_ctx *replay_of_capture(struct mg_ctx *ctx, char *tmp)
{
	char dest[4200];
	struct mg_ctx *replay = NULL;

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, 4096));
	snprintf(dest, sizeof(dest), "%s/c", tmp);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_capture(ctx, dest), 0);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(dest, &replay), 0);
	return replay;
}

static inline bool str_eq(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

/*
 * Run a CLI (@cli: its path) with @args after the environment @env ("" for
 * none), standard error joined to its output; the exit status, or 128 plus
 * the signal that ended it. The output, cut to @size, is in @out.
 */
static inline int mg_test_cli(const char *env, const char *cli, const char *args, char *out, size_t size)
{
	char cmd[4096];
	size_t n;
	FILE *p;
	int status;

	snprintf(cmd, sizeof(cmd), "%s '%s' %s 2>&1", env, cli, args);
	p = popen(cmd, "r");
	if (!p)
		return -1;
	n = fread(out, 1, size - 1, p);
	out[n] = '\0';
	status = pclose(p);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* A shell command's exit status, -1 when it did not exit. */
static inline int mg_test_system(const char *cmd)
{
	int status = system(cmd);

	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* @text as the whole of the file @path: 0 or -errno. */
static inline int mg_test_write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -errno;
	fputs(text, f);
	return fclose(f) ? -errno : 0;
}

/* An interface's MTU as sysfs says it, -1 when it cannot be read. */
static inline long mg_test_mtu_of(const char *ifname)
{
	char path[128], buf[32] = "";
	FILE *f;

	snprintf(path, sizeof(path), "/sys/class/net/%s/mtu", ifname);
	if (!(f = fopen(path, "r")))
		return -1;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = '\0';
	fclose(f);
	return strtol(buf, NULL, 10);
}

#endif
