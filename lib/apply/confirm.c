/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Changes that undo themselves unless confirmed, as NetworkManager's
 * checkpoints with a rollback timeout and Junos's `commit confirmed` do: a
 * change that cuts the SSH session it was made over is rolled back, because
 * nobody can confirm it. The transaction's journal is kept, marked with the
 * time by which the change must be confirmed, and a process of its own
 * (the keeper), in a session of its own and deaf to SIGHUP, waits for that
 * time and then rolls the change back unless the journal is gone
 * (confirmed) by then. It outlives the program that made the change, its
 * shell and its session.
 *
 * The keeper holds the journal (iflock.c) from before the change is
 * reported made until it ends, so its death is seen: kill -9, the OOM
 * killer, a stopped service's cgroup. The window stays open to a
 * confirmation; once it has ended, the next apply, confirm or rollback of
 * one of its interfaces rolls it back, as the keeper would have. The
 * deadline is kept on the boot-time clock, which an NTP step on a board
 * without a real-time clock does not move, and a confirmation wakes the
 * keeper at once (inotify), so that it does not sleep out the window.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/timerfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "apply/apply.h"

#define KEEPER_READY_MS 10000

/* Nothing of the caller's: no terminal, no descriptor but @keep (as 3), no working directory that pins a mount. */
static void detach(int keep)
{
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);

	setsid();
	signal(SIGHUP, SIG_IGN);
	signal(SIGINT, SIG_IGN);
	signal(SIGPIPE, SIG_IGN);
	if (null >= 0) {
		dup2(null, STDIN_FILENO);
		dup2(null, STDOUT_FILENO);
		dup2(null, STDERR_FILENO);
	}
	if (keep != 3)
		dup2(keep, 3);
	close_range(4, ~0U, 0);
	if (chdir("/") < 0) {
		/* "/" is always there; nothing to do if not. */
	}
}

/* Whether journal @file is still in the journal directory. */
static bool journal_there(struct mg_ctx *ctx, const char *file)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/journal/%s", mg_state_dir(ctx), file);
	return access(path, F_OK) == 0;
}

/*
 * Until the boot-time clock reaches @deadline, or the journal is gone
 * (confirmed, or rolled back by someone else): true when the window ended
 * with the journal still there.
 */
static bool wait_window(struct mg_ctx *ctx, const char *file, long long deadline)
{
	struct itimerspec at = { .it_value = { .tv_sec = (time_t)deadline } };
	int timer = timerfd_create(CLOCK_BOOTTIME, TFD_CLOEXEC), watch = inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
	char dir[512], events[4096];
	bool ended = false;

	snprintf(dir, sizeof(dir), "%s/journal", mg_state_dir(ctx));
	if (timer < 0 || timerfd_settime(timer, TFD_TIMER_ABSTIME, &at, NULL) < 0)
		_exit(1);
	/* Without inotify, the window is slept out: a confirmation is still seen at its end. */
	if (watch >= 0 && inotify_add_watch(watch, dir, IN_DELETE | IN_MOVED_FROM) < 0) {
		close(watch);
		watch = -1;
	}
	while (!ended && journal_there(ctx, file)) {
		struct pollfd p[2] = { { .fd = timer, .events = POLLIN }, { .fd = watch, .events = POLLIN } };

		if (poll(p, watch >= 0 ? 2 : 1, -1) < 0)
			continue;
		ended = p[0].revents & POLLIN;
		if (watch >= 0 && (p[1].revents & POLLIN))
			while (read(watch, events, sizeof(events)) > 0)
				;
	}
	close(timer);
	if (watch >= 0)
		close(watch);
	return ended && journal_there(ctx, file);
}

static struct mg_ctx *keeper_ctx(const struct mg_ctx *parent)
{
	struct mg_ctx *ctx;

	if (mg_ctx_new(NULL, &ctx) < 0)
		_exit(1);
#ifdef MG_TESTING
	ctx->test = parent->test;
	ctx->test.pause_after_group = ctx->test.pause_before_part = -1;
	ctx->test.pause_before_lock = false;
	ctx->test.journal_name = NULL;
#else
	(void)parent;
#endif
	return ctx;
}

/* The keeper: hold @file, say so on @ready, and at @deadline roll it back unless it is gone. Never returns. */
static void keep(const struct mg_ctx *parent, const char *file, long long deadline, int ready,
		 mg_confirm_rollback_fn rollback)
{
	struct mg_journal j;
	struct mg_ctx *ctx;
	int hold;

	mg_journal_init(&j);
	detach(ready);
	ctx = keeper_ctx(parent);
	if (mg_hold_take(ctx, file, &hold) < 0 || write(3, "k", 1) != 1)
		_exit(1);
	close(3);
	/* Confirmed meanwhile: gone, and nothing to do. */
	if (wait_window(ctx, file, deadline) && mg_journal_read(ctx, file, &j) == 0 && j.confirm_boot == deadline)
		rollback(ctx, &j);
	mg_journal_clear(&j);
	mg_hold_release(ctx, file, hold);
	mg_ctx_unref(ctx);
	_exit(0);
}

static pid_t wait_child(pid_t child, int *status)
{
	pid_t got;

	while ((got = waitpid(child, status, 0)) < 0 && errno == EINTR)
		;
	return got;
}

/*
 * Whether the keeper says, within KEEPER_READY_MS, that it holds the
 * journal: one stuck (after fork() in a threaded caller, say) must not
 * hang the apply; it is rolled back then, and a late keeper finds its
 * journal gone.
 */
static bool keeper_ready(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	struct timespec start, now;
	char c = 0;

	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		long spent;
		int n;

		clock_gettime(CLOCK_MONOTONIC, &now);
		spent = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
		if (spent >= KEEPER_READY_MS)
			return false;
		n = poll(&p, 1, (int)(KEEPER_READY_MS - spent));
		if (n < 0 && errno == EINTR)
			continue;
		return n > 0 && read(fd, &c, 1) == 1 && c == 'k';
	}
}

/* Start the keeper, nobody's child (no caller ever has to reap it); 0 once it holds the journal. */
static int start_keeper(struct mg_ctx *ctx, const struct mg_journal *j, mg_confirm_rollback_fn rollback)
{
	int ready[2], status;
	char c = 0;
	pid_t child;

	if (pipe2(ready, O_CLOEXEC) < 0)
		return -errno;
	child = fork();
	if (child == 0) {
		pid_t keeper;

		close(ready[0]);
		keeper = fork();
		if (keeper == 0)
			keep(ctx, j->file, j->confirm_boot, ready[1], rollback);
		_exit(keeper < 0 ? 1 : 0);
	}
	close(ready[1]);
	if (child < 0 || wait_child(child, &status) != child || !WIFEXITED(status) || WEXITSTATUS(status) ||
	    !keeper_ready(ready[0]))
		c = 0;
	else
		c = 'k';
	close(ready[0]);
	return c == 'k' ? 0 : -EAGAIN;
}

int mg_confirm_arm(struct mg_ctx *ctx, struct mg_journal *j, unsigned int seconds, mg_confirm_rollback_fn rollback)
{
	struct timespec boot;
	int err;

	if (clock_gettime(CLOCK_BOOTTIME, &boot) < 0)
		return mg_fail(ctx, -errno, "cannot read the boot-time clock: %s", strerror(errno));
	j->confirm_by = (long long)time(NULL) + seconds;
	j->confirm_boot = (long long)boot.tv_sec + seconds;
	/* The same journal, armed in place: killed at any point, exactly one journal stands for the change. */
	err = mg_journal_rewrite(ctx, j);
	if (err == 0 && start_keeper(ctx, j, rollback) < 0)
		err = mg_fail(ctx, -EAGAIN, "cannot start the process that rolls the change back unless confirmed");
	if (err < 0)
		j->confirm_by = j->confirm_boot = 0;
	return err;
}

int mg_confirm_reap(struct mg_ctx *ctx, const struct mg_netns *ns, int ifindex, mg_confirm_rollback_fn rollback)
{
	struct mg_journal j;
	int err = mg_journal_interrupted(ctx, ns, ifindex, false, &j);

	/* A directory that cannot be read is the apply's to report, in its own words. */
	if (err < 0)
		mg_clear_error(ctx);
	err = 0;
	if (j.version && j.confirm_by && mg_journal_confirm_left(&j, ns) <= 0 && mg_hold_state(ctx, j.file) == 0) {
		mg_info(ctx, "rolling back the changes of %s made with a confirmation window that ended unconfirmed "
			"while its keeper was gone", j.file);
		err = rollback(ctx, &j);
	}
	mg_journal_clear(&j);
	/* Another apply rolled it back first: done all the same, and nothing to say. */
	if (err == -ENOENT) {
		mg_clear_error(ctx);
		err = 0;
	}
	return err;
}
