/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The private namespace of the suites that run a systemd-udevd (and what
 * else lives under /run) of their own. Apart from test-util.h: <sys/mount.h>
 * declares names (open_tree) some suites use for their own helpers.
 */
#ifndef MG_TEST_PRIVATE_H
#define MG_TEST_PRIVATE_H

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/*
 * A network namespace, and a /sys, /run (with /run/udev), an
 * /etc/systemd/network and an /etc/network (ifupdown's, with no interfaces
 * file) of the calling process's alone: for a systemd-udevd, and what else runs under
 * /run, that no other process sees. 0 or -errno.
 */
static inline int mg_test_private_udev(void)
{
	if (unshare(CLONE_NEWNET | CLONE_NEWNS) < 0 || mount("none", "/", "none", MS_REC | MS_PRIVATE, NULL) < 0 ||
	    mount("sysfs", "/sys", "sysfs", 0, NULL) < 0 || mount("tmpfs", "/run", "tmpfs", 0, "mode=0755") < 0 ||
	    mkdir("/run/udev", 0755) < 0 || mkdir("/run/etc-network", 0755) < 0)
		return -errno;
	if (mkdir("/etc/systemd/network", 0755) < 0 && errno != EEXIST)
		return -errno;
	if (mount("/run/etc-network", "/etc/systemd/network", "none", MS_BIND, NULL) < 0)
		return -errno;
	/* ifupdown's hook directories kept, its interfaces file and directory not. */
	if (mkdir("/run/etc-ifupdown", 0755) < 0 || (mkdir("/etc/network", 0755) < 0 && errno != EEXIST) ||
	    system("cp -a /etc/network/. /run/etc-ifupdown/ && rm -rf /run/etc-ifupdown/interfaces "
		   "/run/etc-ifupdown/interfaces.d") != 0 ||
	    mount("/run/etc-ifupdown", "/etc/network", "none", MS_BIND, NULL) < 0)
		return errno ? -errno : -EIO;
	return 0;
}

/* A daemon of the suite's (@argv) in the background, its output in @log: its pid, or -1. */
static inline pid_t mg_test_spawn(const char *const argv[], const char *log)
{
	pid_t pid = fork();

	if (pid == 0) {
		int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);

		dup2(fd, 1);
		dup2(fd, 2);
		execv(argv[0], (char *const *)argv);
		_exit(127);
	}
	return pid;
}

/* Stop the daemon *@pid (0: none) and reap it. */
static inline void mg_test_stop(pid_t *pid)
{
	if (*pid > 0) {
		kill(*pid, SIGTERM);
		waitpid(*pid, NULL, 0);
	}
	*pid = 0;
}

#endif
