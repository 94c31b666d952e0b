/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* For the kernel suites: a network namespace of their own, never the host's. */
#ifndef MG_TEST_NETNS_H
#define MG_TEST_NETNS_H

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mount.h>
#include <unistd.h>

#include "mg-test.h"

/*
 * Enter a private network namespace and a mount namespace whose /sys shows
 * it (the library reads sysfs). Returns 0 once inside; MG_TEST_SKIP
 * without root, said on stdout; EXIT_FAILURE when it cannot be made.
 */
static inline int enter_test_netns(void)
{
	if (geteuid() != 0) {
		printf("kernel suite: needs root to create a network namespace; not run\n");
		return MG_TEST_SKIP;
	}
	if (unshare(CLONE_NEWNET | CLONE_NEWNS) < 0) {
		perror("unshare(CLONE_NEWNET | CLONE_NEWNS)");
		return EXIT_FAILURE;
	}
	/* Our mounts must not leak to the host; then a sysfs of this netns. */
	if (mount("none", "/", "none", MS_REC | MS_PRIVATE, NULL) < 0 ||
	    mount("sysfs", "/sys", "sysfs", 0, NULL) < 0) {
		perror("mount sysfs in the private namespace");
		return EXIT_FAILURE;
	}
	return 0;
}

#endif
