/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One call per field for JSON and text: a presenter writes a field once,
 * with its key and its text line, and the writer it was set up for keeps
 * the half it needs (as iproute2's print_uint(PRINT_ANY, ...) does).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>

#include "present/present.h"

bool mg_out_is_text(const struct mg_out *o)
{
	return o->t != NULL;
}

/* The JSON member's key, or false when there is no JSON to write (text, or a text-only call). */
static bool json_key(struct mg_out *o, const char *key)
{
	if (!o->j || !key)
		return false;
	mg_json_key(o->j, key);
	return true;
}

/*
 * The formats are the presenters' own literals, picked per value (a
 * plural, a line left out); the compiler cannot check one that is
 * passed on, so each takes exactly the argument its call names.
 */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"

void mg_out_int(struct mg_out *o, const char *key, const char *fmt, int v)
{
	if (json_key(o, key))
		mg_json_int_or_null(o->j, v);
	else if (o->t && fmt)
		mg_strbuf_printf(o->t, fmt, v);
}

void mg_out_long(struct mg_out *o, const char *key, const char *fmt, long long v)
{
	if (json_key(o, key))
		mg_json_int(o->j, v);
	else if (o->t && fmt)
		mg_strbuf_printf(o->t, fmt, v);
}

void mg_out_uint(struct mg_out *o, const char *key, const char *fmt, uint64_t v)
{
	if (json_key(o, key))
		mg_json_uint(o->j, v);
	else if (o->t && fmt)
		mg_strbuf_printf(o->t, fmt, v);
}

void mg_out_fixed(struct mg_out *o, const char *key, const char *fmt, double v, int decimals)
{
	if (json_key(o, key))
		mg_json_fixed(o->j, v, decimals);
	else if (o->t && fmt)
		mg_strbuf_printf(o->t, fmt, v);
}

void mg_out_number(struct mg_out *o, const char *key, const char *fmt, const char *number)
{
	if (json_key(o, key))
		mg_json_number(o->j, number);
	else if (o->t && fmt)
		mg_strbuf_printf(o->t, fmt, number ? number : "-");
}

void mg_out_milli(struct mg_out *o, const char *key, const char *fmt, int milli, bool known)
{
	if (json_key(o, key)) {
		if (known)
			mg_json_milli(o->j, milli);
		else
			mg_json_null(o->j);
	} else if (o->t && fmt) {
		mg_strbuf_printf(o->t, fmt, milli / 1000.0);
	}
}

void mg_out_bool(struct mg_out *o, const char *key, const char *fmt, int v)
{
	if (json_key(o, key))
		mg_json_bool_or_null(o->j, v);
	else if (o->t && fmt)
		mg_strbuf_printf(o->t, fmt, v);
}

void mg_out_word(struct mg_out *o, const char *key, const char *fmt, int v, const char *yes, const char *no)
{
	if (json_key(o, key))
		mg_json_bool_or_null(o->j, v);
	else if (o->t && fmt)
		mg_strbuf_printf(o->t, fmt, v == MG_UNKNOWN ? "unknown" : v ? yes : no);
}

void mg_out_hex(struct mg_out *o, const char *key, const char *fmt, int v, int digits)
{
	if (json_key(o, key))
		mg_json_hex(o->j, v, digits);
	else if (o->t && fmt)
		mg_strbuf_printf(o->t, fmt, (unsigned int)v);
}

void mg_out_gbps(struct mg_out *o, const char *key, const char *fmt, double gbps)
{
	if (json_key(o, key))
		mg_json_gbps(o->j, gbps);
	else if (o->t && fmt)
		mg_strbuf_printf(o->t, fmt, gbps);
}

void mg_out_gts(struct mg_out *o, const char *key, const char *fmt, double gts)
{
	if (json_key(o, key))
		mg_json_gts(o->j, gts);
	else if (o->t && fmt)
		mg_strbuf_printf(o->t, fmt, gts);
}

void mg_out_limit(struct mg_out *o, const char *key, const char *fmt, enum mg_limit limit)
{
	if (json_key(o, key))
		mg_json_limit(o->j, limit);
	else if (o->t && fmt)
		mg_strbuf_printf(o->t, fmt, mg_limit_name(limit));
}

void mg_out_count(struct mg_out *o, const char *key, const char *fmt, long long v)
{
	if (!json_key(o, key)) {
		if (o->t && fmt)
			mg_strbuf_printf(o->t, fmt, v);
	} else if (v < 0) {
		mg_json_null(o->j);
	} else {
		mg_json_int(o->j, v);
	}
}

/* A string from the machine in text: escaped as every text document shows such strings, before it meets @fmt. */
static void text_shown(struct mg_out *o, const char *fmt, const char *s)
{
	struct mg_strbuf shown = { 0 };

	mg_strbuf_show(&shown, s ? s : "-", 0);
	if (shown.failed)
		o->t->failed = true;
	else
		mg_strbuf_printf(o->t, fmt, shown.buf ? shown.buf : "");
	mg_strbuf_free(&shown);
}

void mg_out_str(struct mg_out *o, const char *key, const char *fmt, const char *s)
{
	if (json_key(o, key))
		mg_json_str(o->j, s);
	else if (o->t && fmt)
		text_shown(o, fmt, s);
}

/* An array's element: in JSON the string, in text @s shown through @fmt. */
void mg_out_item(struct mg_out *o, const char *fmt, const char *s)
{
	if (o->j)
		mg_json_str(o->j, s);
	else if (o->t && fmt)
		text_shown(o, fmt, s);
}

#pragma GCC diagnostic pop

void mg_out_text(struct mg_out *o, const char *fmt, ...)
{
	va_list args;

	if (!o->t)
		return;
	va_start(args, fmt);
	mg_strbuf_vprintf(o->t, fmt, args);
	va_end(args);
}

void mg_out_null(struct mg_out *o, const char *key)
{
	if (!o->j)
		return;
	if (key)
		mg_json_key(o->j, key);
	mg_json_null(o->j);
}

void mg_out_key(struct mg_out *o, const char *key)
{
	if (o->j && key)
		mg_json_key(o->j, key);
}

void mg_out_object(struct mg_out *o, const char *key)
{
	if (!o->j)
		return;
	if (key)
		mg_json_key(o->j, key);
	mg_json_object(o->j);
}

void mg_out_object_end(struct mg_out *o)
{
	if (o->j)
		mg_json_object_end(o->j);
}

void mg_out_array(struct mg_out *o, const char *key)
{
	if (!o->j)
		return;
	if (key)
		mg_json_key(o->j, key);
	mg_json_array(o->j);
}

void mg_out_array_end(struct mg_out *o)
{
	if (o->j)
		mg_json_array_end(o->j);
}

int mg_out_take_text(struct mg_strbuf *t, char **text)
{
	*text = mg_strbuf_take(t);
	return *text ? 0 : -ENOMEM;
}
