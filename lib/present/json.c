/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The JSON emitter: values appended straight to one buffer, laid out as
 * json-c lays them out (see json.h). Written for show --all on a host with
 * ten thousand interfaces: no tree is built, integers are formatted by
 * hand, and runs of plain bytes are copied whole.
 *
 * Strings come from the machine and may hold anything, and a program must
 * get back the very name it would pass to the kernel. So the escapes are
 * JSON's own, which a parser undoes, never text: control characters as
 * json-c writes them (\n, \u001b); characters that show nothing or turn
 * text around (mg_char_hidden(): U+200B, U+202E) as \u escapes, so the
 * document read by a person shows them, while the value parsed is the
 * real name; and each byte that is not part of well-formed UTF-8 as a
 * lone low surrogate, \udcNN for byte NN, as Python's surrogate escapes
 * have it. No well-formed UTF-8 string parses to a lone surrogate, so the
 * byte 0xff and the text \xff stay apart (the text \xNN that was written
 * before made them one), and Python's json.loads() gives the str that
 * os.fsencode() turns back into the bytes. The document is always valid
 * UTF-8. With MG_JSON_BYTES such bytes are left as they are, for a reader
 * that keeps them (the Python package).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "present/present.h"

void mg_json_init(struct mg_json *j, unsigned int flags, int base)
{
	memset(j, 0, sizeof(*j));
	j->line = flags & MG_JSON_LINE;
	j->bytes = flags & MG_JSON_BYTES;
	j->base = base;
}

void mg_json_reset(struct mg_json *j)
{
	j->len = 0;
	j->failed = false;
	j->after_key = false;
	j->depth = 0;
}

void mg_json_free(struct mg_json *j)
{
	free(j->buf);
	j->buf = NULL;
	j->len = j->alloc = 0;
}

int mg_json_take(struct mg_json *j, char **out)
{
	*out = NULL;
	if (!j->failed && j->depth == 0) {
		char *s = realloc(j->buf, j->len + 1);

		if (s) {
			s[j->len] = '\0';
			*out = s;
			j->buf = NULL;
			j->len = j->alloc = 0;
			return 0;
		}
	}
	mg_json_free(j);
	return -ENOMEM;
}

/* The buffer grown for @more bytes; reserve() below asks only when they do not fit. */
static bool grow(struct mg_json *j, size_t more)
{
	size_t want;
	char *grown;

	if (j->failed)
		return false;
	want = j->alloc ? j->alloc : 4096;
	while (want < j->len + more)
		want *= 2;
	grown = realloc(j->buf, want);
	if (!grown) {
		j->failed = true;
		return false;
	}
	j->buf = grown;
	j->alloc = want;
	return true;
}

/* Inline: every token asks, and show --all writes millions of them. */
static inline bool reserve(struct mg_json *j, size_t more)
{
	if (!j->failed && more <= j->alloc - j->len)
		return true;
	return grow(j, more);
}

/* Inline too: most pieces are a few bytes, a call to memcpy() costs more than their copy. */
static inline void put(struct mg_json *j, const char *s, size_t n)
{
	if (n && reserve(j, n)) {
		memcpy(j->buf + j->len, s, n);
		j->len += n;
	}
}

#define PUT(j, lit) put((j), (lit), sizeof(lit) - 1)

void mg_json_raw(struct mg_json *j, const char *s, size_t n)
{
	put(j, s, n);
}

static void indent(struct mg_json *j, int levels)
{
	size_t n = (size_t)levels * 2;

	if (levels > 0 && reserve(j, n)) {
		memset(j->buf + j->len, ' ', n);
		j->len += n;
	}
}

/* Before a member or an element: the comma, and in pretty text the line and its indentation. */
static void separate(struct mg_json *j)
{
	bool *empty = &j->empty[j->depth - 1];

	if (!*empty)
		put(j, ",\n", j->line ? 1 : 2);
	else if (!j->line)
		PUT(j, "\n");
	*empty = false;
	if (!j->line)
		indent(j, j->base + j->depth);
}

/* Where a value starts: after its key, as an array's element, or at the top. */
static void begin_value(struct mg_json *j)
{
	if (j->after_key)
		j->after_key = false;
	else if (j->depth > 0)
		separate(j);
}

/* A byte that needs more than copying: controls, quote, backslash, '/' in a line, and every non-ASCII byte. */
static bool special(bool line, unsigned char c)
{
	return c < 0x20 || c == '"' || c == '\\' || c >= 0x80 || (c == '/' && line);
}

static void put_escape(struct mg_json *j, unsigned char c)
{
	static const char hex[] = "0123456789abcdef";
	char esc[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 0xf] };

	switch (c) {
	case '\b': PUT(j, "\\b"); break;
	case '\n': PUT(j, "\\n"); break;
	case '\r': PUT(j, "\\r"); break;
	case '\t': PUT(j, "\\t"); break;
	case '\f': PUT(j, "\\f"); break;
	case '"': PUT(j, "\\\""); break;
	case '\\': PUT(j, "\\\\"); break;
	case '/': PUT(j, "\\/"); break;
	default: put(j, esc, sizeof(esc));
	}
}

/* One UTF-16 unit as a \u escape. */
static void put_unit(struct mg_json *j, uint32_t unit)
{
	static const char hex[] = "0123456789abcdef";
	char esc[6] = { '\\', 'u', hex[unit >> 12 & 0xf], hex[unit >> 8 & 0xf], hex[unit >> 4 & 0xf], hex[unit & 0xf] };

	put(j, esc, sizeof(esc));
}

/* The non-ASCII sequence or stray byte at @s, as the header comment says; returns its length. */
static size_t put_non_ascii(struct mg_json *j, const unsigned char *s)
{
	uint32_t cp;
	size_t n = mg_utf8_decode(s, &cp);

	if (n == 0) {
		if (j->bytes)
			put(j, (const char *)s, 1);
		else
			put_unit(j, 0xdc00 | s[0]);
		return 1;
	}
	if (!mg_char_hidden(cp)) {
		put(j, (const char *)s, n);
	} else if (cp > 0xffff) {
		put_unit(j, 0xd800 | ((cp - 0x10000) >> 10));
		put_unit(j, 0xdc00 | ((cp - 0x10000) & 0x3ff));
	} else {
		put_unit(j, cp);
	}
	return n;
}

/* The high bit of each byte of @z that is zero (@z's bytes below 0x80). */
static uint64_t zero_bytes(uint64_t z)
{
	const uint64_t lows = 0x7f7f7f7f7f7f7f7fULL;

	return ~((z + lows) | z) & ~lows;
}

/* The high bit of each byte of @x that needs an escape (see plain_prefix()). */
static uint64_t special_bytes(uint64_t x, bool line)
{
	const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
	uint64_t y = x & ~highs;

	return (x & highs) | (~(y + ones * 0x60) & highs) | zero_bytes(y ^ (ones * '"')) |
	       zero_bytes(y ^ (ones * '\\')) | (line ? zero_bytes(y ^ (ones * '/')) : 0);
}

/*
 * How many of the @n bytes at @s need no escape, looked at eight at a time
 * (a byte's high bit: >= 0x80; its low seven bits plus 0x60 without the
 * high bit: below 0x20; then '"', '\\' and in line mode '/'), the last few
 * padded with a letter. Names and keys are nearly all such bytes, and show
 * --all writes millions of them.
 */
static size_t plain_prefix(const unsigned char *s, size_t n, bool line)
{
	for (size_t i = 0; i < n; i += 8) {
		size_t k = n - i < 8 ? n - i : 8;
		uint64_t x = 0x6161616161616161ULL;

		memcpy(&x, s + i, k);
		if (!special_bytes(x, line))
			continue;
		while (!special(line, s[i]))
			i++;
		return i;
	}
	return n;
}

static void put_string(struct mg_json *j, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t start = 0, i = 0, len = strlen(str);
	bool line = j->line;	/* read once: the writes below may alias it */

	PUT(j, "\"");
	while ((i += plain_prefix(s + i, len - i, line)) < len) {
		size_t n = 1;

		put(j, str + start, i - start);
		if (s[i] < 0x80)
			put_escape(j, s[i]);
		else
			n = put_non_ascii(j, s + i);
		i += n;
		start = i;
	}
	put(j, str + start, len - start);
	PUT(j, "\"");
}

static void open_container(struct mg_json *j, char c)
{
	begin_value(j);
	put(j, &c, 1);
	if (j->depth == MG_JSON_DEPTH) {
		j->failed = true;
		return;
	}
	j->empty[j->depth++] = true;
}

static void close_container(struct mg_json *j, char c)
{
	if (j->depth == 0) {
		j->failed = true;
		return;
	}
	/* json-c opens with a newline even when nothing follows: "[\n]". */
	if (!j->line) {
		PUT(j, "\n");
		indent(j, j->base + j->depth - 1);
	}
	j->depth--;
	put(j, &c, 1);
}

void mg_json_object(struct mg_json *j)
{
	open_container(j, '{');
}

void mg_json_object_end(struct mg_json *j)
{
	close_container(j, '}');
}

void mg_json_array(struct mg_json *j)
{
	open_container(j, '[');
}

void mg_json_array_end(struct mg_json *j)
{
	close_container(j, ']');
}

void mg_json_key(struct mg_json *j, const char *key)
{
	if (j->depth == 0) {
		j->failed = true;
		return;
	}
	separate(j);
	put_string(j, key);
	if (j->line)
		PUT(j, ":");
	else
		PUT(j, ": ");
	j->after_key = true;
}

void mg_json_null(struct mg_json *j)
{
	begin_value(j);
	PUT(j, "null");
}

void mg_json_bool(struct mg_json *j, bool v)
{
	begin_value(j);
	if (v)
		PUT(j, "true");
	else
		PUT(j, "false");
}

static void put_u64(struct mg_json *j, uint64_t v, bool negative)
{
	char digits[24];
	size_t i = sizeof(digits);

	do {
		digits[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	if (negative)
		digits[--i] = '-';
	put(j, digits + i, sizeof(digits) - i);
}

void mg_json_int(struct mg_json *j, long long v)
{
	begin_value(j);
	if (v < 0)
		put_u64(j, (uint64_t)0 - (uint64_t)v, true);
	else
		put_u64(j, (uint64_t)v, false);
}

void mg_json_uint(struct mg_json *j, uint64_t v)
{
	begin_value(j);
	put_u64(j, v, false);
}

void mg_json_str(struct mg_json *j, const char *s)
{
	if (!s) {
		mg_json_null(j);
		return;
	}
	begin_value(j);
	put_string(j, s);
}

void mg_json_number(struct mg_json *j, const char *text)
{
	if (!text) {
		mg_json_null(j);
		return;
	}
	begin_value(j);
	put(j, text, strlen(text));
}

void mg_json_int_or_null(struct mg_json *j, int v)
{
	if (v == MG_UNKNOWN)
		mg_json_null(j);
	else
		mg_json_int(j, v);
}

void mg_json_bool_or_null(struct mg_json *j, int v)
{
	if (v == MG_UNKNOWN)
		mg_json_null(j);
	else
		mg_json_bool(j, v);
}

void mg_json_hex(struct mg_json *j, int v, int digits)
{
	char buf[16];

	if (v == MG_UNKNOWN) {
		mg_json_null(j);
		return;
	}
	snprintf(buf, sizeof(buf), "0x%0*x", digits, (unsigned int)v);
	mg_json_str(j, buf);
}

/* Gbit/s with three decimals, as the kernel prints them. */
void mg_json_gbps(struct mg_json *j, double gbps)
{
	char buf[32];

	if (gbps < 0 || !isfinite(gbps)) {
		mg_json_null(j);
		return;
	}
	snprintf(buf, sizeof(buf), "%.3f", gbps);
	mg_json_number(j, buf);
}

/* GT/s as 2.5, 5, 8, 16 ... */
void mg_json_gts(struct mg_json *j, double gts)
{
	char buf[32];

	if (gts < 0) {
		mg_json_null(j);
		return;
	}
	snprintf(buf, sizeof(buf), "%g", gts);
	mg_json_number(j, buf);
}

void mg_json_fixed(struct mg_json *j, double v, int decimals)
{
	char buf[64];

	/* JSON has no infinity nor NaN: what is not a finite number is unknown. */
	if (v < 0 || !isfinite(v)) {
		mg_json_null(j);
		return;
	}
	snprintf(buf, sizeof(buf), "%.*f", decimals, v);
	mg_json_number(j, buf);
}

/* 62500 -> 62.5, 40000 -> 40, -5250 -> -5.25 */
void mg_json_milli(struct mg_json *j, int milli)
{
	char buf[32];
	size_t n;

	snprintf(buf, sizeof(buf), "%s%d.%03d", milli < 0 ? "-" : "", abs(milli) / 1000, abs(milli) % 1000);
	n = strlen(buf);
	while (buf[n - 1] == '0')
		buf[--n] = '\0';
	if (buf[n - 1] == '.')
		buf[--n] = '\0';
	mg_json_number(j, buf);
}

void mg_json_limit(struct mg_json *j, enum mg_limit limit)
{
	mg_json_str(j, limit == MG_LIMIT_UNKNOWN ? NULL : mg_limit_name(limit));
}

int mg_json_check(const void *object, unsigned int flags, unsigned int allowed, char **json)
{
	if (json)
		*json = NULL;
	if (!object || !json || (flags & ~allowed))
		return -EINVAL;
	return 0;
}
