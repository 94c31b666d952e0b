/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * JSON text of a json-c tree, byte for byte as json-c writes it with
 * JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | NOSLASHESCAPE (two
 * spaces per level, "key": value), but faster: json-c appends each token
 * through its printbuf and formats every integer with snprintf, which at
 * 10 000 interfaces was a quarter of show --all. Doubles, which the CLI
 * makes with their own text (json_object_new_double_s), are left to json-c.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static bool reserve(struct json_text *t, size_t more)
{
	size_t cap = t->cap ? t->cap : 4096;
	char *grown;

	if (t->failed)
		return false;
	if (t->len + more <= t->cap)
		return true;
	while (cap < t->len + more)
		cap *= 2;
	grown = realloc(t->text, cap);
	if (!grown) {
		t->failed = true;
		return false;
	}
	t->text = grown;
	t->cap = cap;
	return true;
}

static void add(struct json_text *t, const char *s, size_t n)
{
	if (n && reserve(t, n)) {
		memcpy(t->text + t->len, s, n);
		t->len += n;
	}
}

static void add_indent(struct json_text *t, int level)
{
	if (level > 0 && reserve(t, (size_t)level * 2)) {
		memset(t->text + t->len, ' ', (size_t)level * 2);
		t->len += (size_t)level * 2;
	}
}

/* As json-c escapes: the two-letter forms, other controls as \u00XX, the rest as it is. */
static void add_string(struct json_text *t, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	size_t start = 0;

	add(t, "\"", 1);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		char esc[7] = "\\u00";
		size_t len = 2;

		if (c >= ' ' && c != '"' && c != '\\')
			continue;
		add(t, s + start, i - start);
		start = i + 1;
		switch (c) {
		case '\b': esc[1] = 'b'; break;
		case '\n': esc[1] = 'n'; break;
		case '\r': esc[1] = 'r'; break;
		case '\t': esc[1] = 't'; break;
		case '\f': esc[1] = 'f'; break;
		case '"': esc[1] = '"'; break;
		case '\\': esc[1] = '\\'; break;
		default:
			esc[4] = hex[c >> 4];
			esc[5] = hex[c & 0xf];
			len = 6;
		}
		add(t, esc, len);
	}
	add(t, s + start, n - start);
	add(t, "\"", 1);
}

static void add_u64(struct json_text *t, uint64_t v, bool negative)
{
	char digits[24];
	size_t i = sizeof(digits);

	do {
		digits[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	if (negative)
		digits[--i] = '-';
	add(t, digits + i, sizeof(digits) - i);
}

/* json-c keeps int64 and uint64 apart; INT64_MAX is what a larger uint64 reads as. */
static void add_int(struct json_text *t, json_object *o)
{
	int64_t v = json_object_get_int64(o);

	if (v == INT64_MAX)
		add_u64(t, json_object_get_uint64(o), false);
	else if (v < 0)
		add_u64(t, (uint64_t)0 - (uint64_t)v, true);
	else
		add_u64(t, (uint64_t)v, false);
}

static void add_value(struct json_text *t, json_object *o, int level)
{
	const char *s;
	bool first = true;

	switch (json_object_get_type(o)) {
	case json_type_null:
		add(t, "null", 4);
		break;
	case json_type_boolean:
		if (json_object_get_boolean(o))
			add(t, "true", 4);
		else
			add(t, "false", 5);
		break;
	case json_type_int:
		add_int(t, o);
		break;
	case json_type_string:
		add_string(t, json_object_get_string(o), (size_t)json_object_get_string_len(o));
		break;
	case json_type_object:
		add(t, "{\n", 2);
		json_object_object_foreach(o, key, value) {
			if (!first)
				add(t, ",\n", 2);
			first = false;
			add_indent(t, level + 1);
			add_string(t, key, strlen(key));
			add(t, ": ", 2);
			add_value(t, value, level + 1);
		}
		if (!first)
			add(t, "\n", 1);
		add_indent(t, level);
		add(t, "}", 1);
		break;
	case json_type_array:
		add(t, "[\n", 2);
		for (size_t i = 0; i < json_object_array_length(o); i++) {
			if (i)
				add(t, ",\n", 2);
			add_indent(t, level + 1);
			add_value(t, json_object_array_get_idx(o, i), level + 1);
		}
		if (json_object_array_length(o))
			add(t, "\n", 1);
		add_indent(t, level);
		add(t, "]", 1);
		break;
	default:
		s = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
							   JSON_C_TO_STRING_NOSLASHESCAPE);
		if (s)
			add(t, s, strlen(s));
		else
			t->failed = true;
	}
}

void json_text_add(struct json_text *t, json_object *o, int level)
{
	add_value(t, o, level);
}

void json_text_add_raw(struct json_text *t, const char *s)
{
	add(t, s, strlen(s));
}

void json_text_free(struct json_text *t)
{
	free(t->text);
	memset(t, 0, sizeof(*t));
}
