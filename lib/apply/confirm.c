/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Changes that undo themselves unless confirmed, as NetworkManager's
 * checkpoints with a rollback timeout and Junos's `commit confirmed` do: a
 * change that cuts the SSH session it was made over is rolled back, because
 * nobody can confirm it. The transaction's journal is kept, marked with the
 * time by which the change must be confirmed, and a process of its own,
 * in a session of its own and deaf to SIGHUP, waits for that time and then
 * rolls the change back unless the journal is gone (confirmed) by then. It
 * outlives the program that made the change, its shell and its session.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "apply/apply.h"

/* A deep copy: a journal's parts are its own. */
static int copy_journal(const struct mg_journal *from, struct mg_journal *to)
{
	*to = *from;
	to->parts = NULL;
	to->count = 0;
	to->file[0] = '\0';
	for (size_t i = 0; i < from->count; i++) {
		struct mg_journal_part *p = mg_journal_add_part(to, &from->parts[i].id);

		if (!p)
			return -ENOMEM;
		*p = from->parts[i];
	}
	return 0;
}

/* Nothing of the caller's: no terminal, no descriptor, no working directory that pins a mount. */
static void detach(void)
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
	close_range(3, ~0U, 0);
	if (chdir("/") < 0) {
		/* "/" is always there; nothing to do if not. */
	}
}

static void sleep_until(long long deadline)
{
	struct timespec at = { .tv_sec = (time_t)deadline };

	while (clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &at, NULL) == EINTR)
		;
}

/* The watcher: at @deadline, roll back the journal @file unless it is gone. Never returns. */
static void watch(const struct mg_ctx *parent, const char *file, long long deadline, mg_confirm_rollback_fn rollback)
{
	struct mg_journal j;
	struct mg_ctx *ctx;

	detach();
	sleep_until(deadline);
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
	/* Confirmed meanwhile: gone, and nothing to do. */
	if (mg_journal_read(ctx, file, &j) == 0 && j.confirm_by == deadline)
		rollback(ctx, &j);
	mg_journal_clear(&j);
	mg_ctx_unref(ctx);
	_exit(0);
}

int mg_confirm_arm(struct mg_ctx *ctx, struct mg_journal *j, unsigned int seconds, mg_confirm_rollback_fn rollback)
{
	struct mg_journal armed;
	pid_t child;
	int err = copy_journal(j, &armed), status;

	armed.confirm_by = (long long)time(NULL) + seconds;
	if (err == 0)
		err = mg_journal_write(ctx, &armed);
	if (err < 0) {
		mg_journal_clear(&armed);
		return err;
	}
	/* Twice: the watcher is nobody's child, so no caller ever has to reap it. */
	child = fork();
	if (child == 0) {
		pid_t watcher = fork();

		if (watcher == 0)
			watch(ctx, armed.file, armed.confirm_by, rollback);
		_exit(watcher < 0 ? 1 : 0);
	}
	if (child < 0 || waitpid(child, &status, 0) != child || !WIFEXITED(status) || WEXITSTATUS(status)) {
		err = mg_fail(ctx, -EAGAIN, "cannot start the process that rolls the change back unless confirmed");
		mg_journal_remove(ctx, armed.file);
		mg_journal_clear(&armed);
		return err;
	}
	/* The armed journal stands for the change now: the one written before it goes. */
	mg_journal_remove(ctx, j->file);
	mg_strlcpy(j->file, armed.file, sizeof(j->file));
	j->confirm_by = armed.confirm_by;
	mg_journal_clear(&armed);
	return 0;
}
