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

#define REPLACEMENT "\xef\xbf\xbd" /* U+FFFD */
#define ELLIPSIS "\xe2\x80\xa6"	   /* U+2026 */

static bool reserve(struct mg_text *t, size_t more)
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

static void put_bytes(struct mg_text *t, const char *s, size_t n)
{
	if (!reserve(t, n))
		return;
	memcpy(t->buf + t->len, s, n);
	t->len += n;
	t->buf[t->len] = '\0';
}

void mg_text_put(struct mg_text *t, const char *s)
{
	put_bytes(t, s, strlen(s));
}

void mg_text_printf(struct mg_text *t, const char *fmt, ...)
{
	va_list args;
	int n;

	va_start(args, fmt);
	n = vsnprintf(NULL, 0, fmt, args);
	va_end(args);
	if (n < 0) {
		t->failed = true;
		return;
	}
	if (!reserve(t, (size_t)n))
		return;
	va_start(args, fmt);
	vsnprintf(t->buf + t->len, (size_t)n + 1, fmt, args);
	va_end(args);
	t->len += (size_t)n;
}

/*
 * The length of the well-formed UTF-8 sequence at @s and its code point;
 * 0 for a byte that starts none (overlong forms, surrogates and values
 * above U+10FFFF included). The terminating NUL is never a continuation.
 */
static size_t utf8_seq(const unsigned char *s, uint32_t *cp)
{
	unsigned char c = s[0];
	uint32_t v, min;
	size_t n;

	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf) {
		n = 2, v = c & 0x1f, min = 0x80;
	} else if (c >= 0xe0 && c <= 0xef) {
		n = 3, v = c & 0x0f, min = 0x800;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4, v = c & 0x07, min = 0x10000;
	} else {
		return 0;
	}
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		v = v << 6 | (s[i] & 0x3f);
	}
	if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
		return 0;
	*cp = v;
	return n;
}

/* Characters as the escaper counts them: a sequence, or one stray byte. */
static size_t count_chars(const unsigned char *p)
{
	size_t count = 0;
	uint32_t cp;

	while (*p) {
		size_t n = utf8_seq(p, &cp);

		p += n ? n : 1;
		count++;
	}
	return count;
}

/*
 * Control characters are what a terminal or a parser would act on: XML 1.0
 * forbids C0 but tab, newline and return, and the CLI's output filter
 * rewrites C1, DEL, tab and return, so the CLI's bytes would then differ
 * from the library's. Tab and return become spaces, the rest U+FFFD.
 */
static void put_char(struct mg_text *t, const unsigned char *p, size_t n, uint32_t cp)
{
	switch (cp) {
	case '&': mg_text_put(t, "&amp;"); return;
	case '<': mg_text_put(t, "&lt;"); return;
	case '>': mg_text_put(t, "&gt;"); return;
	case '"': mg_text_put(t, "&quot;"); return;
	case '\'': mg_text_put(t, "&#39;"); return; /* &apos; is not HTML 4 */
	case '\t': case '\r': mg_text_put(t, " "); return;
	case 0xfffe: case 0xffff: mg_text_put(t, REPLACEMENT); return;
	}
	if ((cp < 0x20 && cp != '\n') || (cp >= 0x7f && cp <= 0x9f))
		mg_text_put(t, REPLACEMENT);
	else
		put_bytes(t, (const char *)p, n);
}

void mg_text_escape(struct mg_text *t, const char *s, size_t max_chars)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t limit = SIZE_MAX, written = 0;

	if (!s)
		return;
	if (max_chars && count_chars(p) > max_chars)
		limit = max_chars - 1;
	while (*p && written < limit) {
		uint32_t cp;
		size_t n = utf8_seq(p, &cp);

		if (n) {
			put_char(t, p, n, cp);
			p += n;
		} else {
			mg_text_put(t, REPLACEMENT);
			p++;
		}
		written++;
	}
	if (*p)
		mg_text_put(t, ELLIPSIS);
}

size_t mg_text_line_break(const char *s, size_t width)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t chars = 0, last_space = 0;
	uint32_t cp;

	while (*p) {
		size_t n = utf8_seq(p, &cp);

		if (chars == width)
			return last_space ? last_space : (size_t)(p - (const unsigned char *)s);
		if (*p == ' ')
			last_space = (size_t)(p - (const unsigned char *)s) + 1;
		p += n ? n : 1;
		chars++;
	}
	return (size_t)(p - (const unsigned char *)s);
}

char *mg_text_take(struct mg_text *t)
{
	char *s;

	if (!t->failed && !t->buf)
		reserve(t, 0);
	if (t->failed) {
		mg_text_free(t);
		return NULL;
	}
	s = t->buf;
	s[t->len] = '\0';
	t->buf = NULL;
	t->len = t->alloc = 0;
	return s;
}

void mg_text_free(struct mg_text *t)
{
	free(t->buf);
	t->buf = NULL;
	t->len = t->alloc = 0;
}
