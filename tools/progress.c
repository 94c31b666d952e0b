/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Progress on stderr while a command waits (doctor --interval, report
 * --watch, a cable test): one line rewritten in place, and only when
 * stderr is a terminal, so logs and pipes get none of it.
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

bool progress_wanted(void)
{
	return isatty(STDERR_FILENO);
}

void progress_line(const char *fmt, ...)
{
	va_list args;

	if (!progress_wanted())
		return;
	/* Carriage return and erase-line are the tool's own sequences: unfiltered. */
	output_control(stderr, "\r\033[K");
	fputs("multigig: ", stderr);
	va_start(args, fmt);
	vfprintf(stderr, fmt, args);
	va_end(args);
	fflush(stderr);
}

void progress_clear(void)
{
	if (progress_wanted())
		output_control(stderr, "\r\033[K");
}

static void *tick(void *data)
{
	struct progress *p = data;
	struct timespec at;
	unsigned int elapsed = 0;

	clock_gettime(CLOCK_REALTIME, &at);
	pthread_mutex_lock(&p->lock);
	while (!p->done) {
		progress_line("%s: %u s of %u s (Ctrl-C stops)", p->what, elapsed, (p->total_ms + 999) / 1000);
		at.tv_sec++;
		while (!p->done && pthread_cond_timedwait(&p->wake, &p->lock, &at) != ETIMEDOUT)
			;
		elapsed++;
	}
	pthread_mutex_unlock(&p->lock);
	progress_clear();
	return NULL;
}

void progress_start(struct progress *p, const char *what, unsigned int total_ms)
{
	memset(p, 0, sizeof(*p));
	if (!progress_wanted() || !total_ms)
		return;
	snprintf(p->what, sizeof(p->what), "%s", what);
	p->total_ms = total_ms;
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->wake, NULL);
	p->running = pthread_create(&p->thread, NULL, tick, p) == 0;
	if (!p->running) {
		pthread_cond_destroy(&p->wake);
		pthread_mutex_destroy(&p->lock);
	}
}

void progress_stop(struct progress *p)
{
	if (!p->running)
		return;
	pthread_mutex_lock(&p->lock);
	p->done = true;
	pthread_cond_signal(&p->wake);
	pthread_mutex_unlock(&p->lock);
	pthread_join(p->thread, NULL);
	pthread_cond_destroy(&p->wake);
	pthread_mutex_destroy(&p->lock);
	p->running = false;
}
