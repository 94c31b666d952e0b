/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The temporary sysfs tree of a fuzz target: one per process, made in
 * LLVMFuzzerInitialize() and removed when libFuzzer exits, so runs leave
 * nothing in /tmp. (A crash leaves it, beside the crashing input.)
 */
#ifndef MG_FUZZ_TREE_H
#define MG_FUZZ_TREE_H

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char fuzz_root[64];

static int fuzz_remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;
}

static void fuzz_remove_root(void)
{
	nftw(fuzz_root, fuzz_remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* mkdtemp() a tree named after @name; abort() when it cannot. */
static void fuzz_make_root(const char *name)
{
	snprintf(fuzz_root, sizeof(fuzz_root), "/tmp/mg-fuzz-%s-XXXXXX", name);
	if (!mkdtemp(fuzz_root) || atexit(fuzz_remove_root) != 0)
		abort();
}

#endif
