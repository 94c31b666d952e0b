/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Output helpers of the multigig CLI: errors and JSON values. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int usage_error(const char *fmt, ...)
{
	va_list args;

	fputs("multigig: ", stderr);
	va_start(args, fmt);
	vfprintf(stderr, fmt, args);
	va_end(args);
	fputs("\nTry 'multigig --help'.\n", stderr);
	return EXIT_USAGE;
}

int fail(struct mg_ctx *ctx, int err, const char *what)
{
	const char *msg = ctx ? mg_ctx_last_error(ctx) : "";

	fprintf(stderr, "multigig: %s: %s\n", what, msg[0] ? msg : strerror(-err));
	return EXIT_FAILURE;
}

json_object *jstr(const char *s)
{
	return s ? json_object_new_string(s) : NULL;
}

json_object *jint(int v)
{
	return v == MG_UNKNOWN ? NULL : json_object_new_int(v);
}

json_object *jhex(int v, int digits)
{
	char buf[16];

	if (v == MG_UNKNOWN)
		return NULL;
	snprintf(buf, sizeof(buf), "0x%0*x", digits, (unsigned int)v);
	return json_object_new_string(buf);
}

void put(json_object *o, const char *key, json_object *value)
{
	json_object_object_add(o, key, value);
}

/* Gbit/s with three decimals, as the kernel prints them; negative is unknown. */
json_object *jgbps(double v)
{
	char buf[32];

	if (v < 0 || !isfinite(v))
		return NULL;
	snprintf(buf, sizeof(buf), "%.3f", v);
	return json_object_new_double_s(atof(buf), buf);
}

/* GT/s as 2.5, 5, 8, 16 ...; negative is unknown. */
json_object *jgts(double v)
{
	char buf[32];

	if (v < 0)
		return NULL;
	snprintf(buf, sizeof(buf), "%g", v);
	return json_object_new_double_s(v, buf);
}

static const int json_flags = JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
			       JSON_C_TO_STRING_NOSLASHESCAPE;

int print_json(json_object *o)
{
	int ok = puts(json_object_to_json_string_ext(o, json_flags)) >= 0;

	json_object_put(o);
	return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

void json_stream_begin(struct json_stream *js)
{
	js->count = 0;
	js->ok = fputs("[", stdout) >= 0;
}

/* Print one element of the array, indented as json-c would, and free it. */
void json_stream_item(struct json_stream *js, json_object *o)
{
	const char *text = json_object_to_json_string_ext(o, json_flags);

	js->ok &= fputs(js->count++ ? ",\n  " : "\n  ", stdout) >= 0;
	for (const char *p = text; *p; p++)
		js->ok &= (*p == '\n' ? fputs("\n  ", stdout) : putchar(*p)) >= 0;
	json_object_put(o);
}

int json_stream_end(struct json_stream *js)
{
	js->ok &= puts(js->count ? "\n]" : "]") >= 0;
	return js->ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

const char *or_dash(const char *s)
{
	return s && *s ? s : "-";
}
