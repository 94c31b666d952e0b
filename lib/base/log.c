/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Logging through the context's callback, and the last error's message. */
#include <stdarg.h>
#include <stdio.h>

#include "base/base.h"

void mg_log(const struct mg_ctx *ctx, int priority, const char *file, int line,
	    const char *fn, const char *fmt, ...)
{
	va_list args;

	if (!ctx->log_fn || priority > ctx->log_priority)
		return;
	va_start(args, fmt);
	ctx->log_fn(ctx->log_data, priority, file, line, fn, fmt, args);
	va_end(args);
}

int mg_fail_at(struct mg_ctx *ctx, int err, const char *file, int line, const char *fn, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	vsnprintf(ctx->error, sizeof(ctx->error), fmt, args);
	va_end(args);
	mg_log(ctx, LOG_ERR, file, line, fn, "%s", ctx->error);
	return err;
}

void mg_clear_error(struct mg_ctx *ctx)
{
	ctx->error[0] = '\0';
}

