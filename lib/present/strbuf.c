/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A string that grows, and the one escaper every document goes through.
 * Names, board models, driver strings and whole captures come from the
 * machine or from whoever sent the capture: none of it may open a tag, end
 * an attribute or put a byte in the file that XML forbids.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "present/present.h"

#define ELLIPSIS "\xe2\x80\xa6"	   /* U+2026 */

static bool reserve(struct mg_strbuf *t, size_t more)
{
	size_t want;
	char *grown;

	if (t->failed)
		return false;
	if (t->len + more + 1 <= t->alloc)
		return true;
	want = t->alloc ? t->alloc : 4096;
	while (want < t->len + more + 1)
		want *= 2;
	grown = realloc(t->buf, want);
	if (!grown) {
		t->failed = true;
		return false;
	}
	t->buf = grown;
	t->alloc = want;
	return true;
}

static void put_bytes(struct mg_strbuf *t, const char *s, size_t n)
{
	if (!reserve(t, n))
		return;
	memcpy(t->buf + t->len, s, n);
	t->len += n;
	t->buf[t->len] = '\0';
}

void mg_strbuf_put(struct mg_strbuf *t, const char *s)
{
	put_bytes(t, s, strlen(s));
}

void mg_strbuf_vprintf(struct mg_strbuf *t, const char *fmt, va_list args)
{
	va_list again;
	int n;

	va_copy(again, args);
	n = vsnprintf(NULL, 0, fmt, args);
	if (n < 0) {
		t->failed = true;
	} else if (reserve(t, (size_t)n)) {
		vsnprintf(t->buf + t->len, (size_t)n + 1, fmt, again);
		t->len += (size_t)n;
	}
	va_end(again);
}

void mg_strbuf_printf(struct mg_strbuf *t, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	mg_strbuf_vprintf(t, fmt, args);
	va_end(args);
}

/* Characters as the escaper counts them: a sequence, or one stray byte. */
static size_t count_chars(const unsigned char *p)
{
	size_t count = 0;
	uint32_t cp;

	while (*p) {
		size_t n = mg_utf8_decode(p, &cp);

		p += n ? n : 1;
		count++;
	}
	return count;
}

/*
 * Markup's five characters as entities; every other character as text
 * shows it (mg_show_next()): a control character, a byte that is not
 * UTF-8 or a character that shows nothing as an escape (\x1b, \xff,
 * \u200b), and a backslash that could start one as \\, so that no two
 * strings look alike and the file holds nothing XML forbids.
 */
static const char *entity(unsigned char c)
{
	switch (c) {
	case '&': return "&amp;";
	case '<': return "&lt;";
	case '>': return "&gt;";
	case '"': return "&quot;";
	case '\'': return "&#39;"; /* &apos; is not HTML 4 */
	}
	return NULL;
}

static void put_char(struct mg_strbuf *t, const unsigned char *p, size_t *n)
{
	const char *markup = entity(*p);
	char shown[MG_SHOWN_MAX];

	if (markup) {
		mg_strbuf_put(t, markup);
		*n = 1;
		return;
	}
	*n = mg_show_next(p, shown);
	mg_strbuf_put(t, shown);
}

/* Plain text: each character as text shows it (mg_show_next()), no markup. */
static void show_char(struct mg_strbuf *t, const unsigned char *p, size_t *n)
{
	char shown[MG_SHOWN_MAX];

	*n = mg_show_next(p, shown);
	mg_strbuf_put(t, shown);
}

static void escape(struct mg_strbuf *t, const char *s, size_t max_chars,
		   void (*put)(struct mg_strbuf *t, const unsigned char *p, size_t *n))
{
	const unsigned char *p = (const unsigned char *)s;
	size_t limit = SIZE_MAX, written = 0;

	if (!s)
		return;
	if (max_chars && count_chars(p) > max_chars)
		limit = max_chars - 1;
	while (*p && written < limit) {
		size_t n;

		put(t, p, &n);
		p += n;
		written++;
	}
	if (*p)
		mg_strbuf_put(t, ELLIPSIS);
}

void mg_strbuf_escape(struct mg_strbuf *t, const char *s, size_t max_chars)
{
	escape(t, s, max_chars, put_char);
}

void mg_strbuf_show(struct mg_strbuf *t, const char *s, size_t max_chars)
{
	escape(t, s, max_chars, show_char);
}

size_t mg_strbuf_line_break(const char *s, size_t width)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t chars = 0, last_space = 0;
	uint32_t cp;

	while (*p) {
		size_t n = mg_utf8_decode(p, &cp);

		if (chars == width)
			return last_space ? last_space : (size_t)(p - (const unsigned char *)s);
		if (*p == ' ')
			last_space = (size_t)(p - (const unsigned char *)s) + 1;
		p += n ? n : 1;
		chars++;
	}
	return (size_t)(p - (const unsigned char *)s);
}

char *mg_strbuf_take(struct mg_strbuf *t)
{
	char *s;

	if (!t->failed && !t->buf)
		reserve(t, 0);
	if (t->failed) {
		mg_strbuf_free(t);
		return NULL;
	}
	s = t->buf;
	s[t->len] = '\0';
	t->buf = NULL;
	t->len = t->alloc = 0;
	return s;
}

void mg_strbuf_free(struct mg_strbuf *t)
{
	free(t->buf);
	t->buf = NULL;
	t->len = t->alloc = 0;
}
