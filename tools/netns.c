/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * --netns NAME: run the command in another network namespace, as
 * `ip -n NAME` does. Entering the namespace is not enough: /sys shows the
 * namespace of the process that mounted it, so the command also gets a
 * mount namespace of its own with a sysfs of the new network namespace.
 * Nothing outside this process sees either change.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "cli.h"

/* Where `ip netns add` keeps its names. */
#define NETNS_RUN_DIR "/run/netns"

/* "/run/netns/NAME" for a name, the path itself for one (/proc/PID/ns/net). */
static int netns_path(const char *name, char *buf, size_t size)
{
	int n;

	if (strchr(name, '/'))
		n = snprintf(buf, size, "%s", name);
	else if (!name[0] || !strcmp(name, ".") || !strcmp(name, ".."))
		return -EINVAL;
	else
		n = snprintf(buf, size, NETNS_RUN_DIR "/%s", name);
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

static int netns_failed(const char *name, const char *what, int err)
{
	if (err == ENOTSUP)
		fprintf(stderr, "multigig: '%s' is no network namespace (%s)\n", name, what);
	else if (err == EPERM)
		fprintf(stderr, "multigig: cannot enter network namespace '%s': %s needs CAP_SYS_ADMIN\n", name,
			what);
	else
		fprintf(stderr, "multigig: cannot enter network namespace '%s': %s: %s\n", name, what,
			strerror(err));
	return EXIT_FAILURE;
}

/* A sysfs of the namespace now entered, over /sys, in a mount namespace of our own. */
static int remount_sysfs(const char *name)
{
	unsigned long flags = 0;
	struct statvfs st;

	if (unshare(CLONE_NEWNS) < 0)
		return netns_failed(name, "a mount namespace of its own", errno);
	/* What we mount below must not reach the namespace we came from. */
	if (mount(NULL, "/", NULL, MS_SLAVE | MS_REC, NULL) < 0)
		return netns_failed(name, "making / a slave mount", errno);
	/*
	 * A /sys that cannot be taken away (a container's) is mounted over; one
	 * that is read-only stays so, or the kernel refuses the new mount there.
	 */
	if (umount2("/sys", MNT_DETACH) < 0 && statvfs("/sys", &st) == 0 && (st.f_flag & ST_RDONLY))
		flags = MS_RDONLY;
	if (mount(name, "/sys", "sysfs", flags, NULL) < 0)
		return netns_failed(name, "mounting its sysfs", errno);
	return GO_ON;
}

int enter_netns(const char *name)
{
	char path[256];
	int fd, err;

	if ((err = netns_path(name, path, sizeof(path))) < 0)
		return usage_error("--netns: '%s' is no namespace name", name);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		err = errno;
		if (err == ENOENT && !strchr(name, '/'))
			fprintf(stderr, "multigig: no network namespace '%s' (%s does not exist; see 'ip netns list')\n",
				name, path);
		else
			netns_failed(name, path, err);
		return EXIT_FAILURE;
	}
	err = setns(fd, CLONE_NEWNET) < 0 ? errno : 0;
	close(fd);
	if (err == EINVAL)
		return netns_failed(name, path, ENOTSUP); /* the file is no namespace */
	if (err)
		return netns_failed(name, "setns", err);
	return remount_sysfs(name);
}
