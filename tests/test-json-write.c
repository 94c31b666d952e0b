/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "library": the library's JSON emitter (lib/present/json.c), which
 * every object's writer and so the CLI's --json go through, against
 * json-c's own printer, byte for byte but for the inside of empty
 * containers, which json-c's versions print differently: pretty as the
 * CLI prints documents, plain as watch prints JSON Lines, and indented one
 * level as the CLI streams a long array. On chosen edge values (escapes, control
 * characters, UTF-8, the ends of int64 and uint64, doubles with their
 * text, empty and null members) and on many trees grown at random from a
 * fixed seed. Then what json-c leaves to the CLI's output filter and the
 * emitter does itself: bytes that are not UTF-8.
 */
#include <stdint.h>
#include <string.h>

#include <json-c/json.h>

#include "mg-test.h"
#include "present/present.h"

static const int pretty = JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE;

/* @o through the emitter, as the library's writers call it. */
static void emit(struct mg_json *j, json_object *o)
{
	switch (json_object_get_type(o)) {
	case json_type_null:
		mg_json_null(j);
		break;
	case json_type_boolean:
		mg_json_bool(j, json_object_get_boolean(o));
		break;
	case json_type_int:
		/* json-c keeps int64 and uint64 apart; INT64_MAX is what a larger uint64 reads as. */
		if (json_object_get_int64(o) == INT64_MAX)
			mg_json_uint(j, json_object_get_uint64(o));
		else
			mg_json_int(j, json_object_get_int64(o));
		break;
	case json_type_double:
		/* The writers give a number's text, as json-c keeps it for new_double_s(). */
		mg_json_number(j, json_object_to_json_string_ext(o, pretty));
		break;
	case json_type_string:
		mg_json_str(j, json_object_get_string(o));
		break;
	case json_type_object:
		mg_json_object(j);
		json_object_object_foreach(o, key, value) {
			mg_json_key(j, key);
			emit(j, value);
		}
		mg_json_object_end(j);
		break;
	case json_type_array:
		mg_json_array(j);
		for (size_t i = 0; i < json_object_array_length(o); i++)
			emit(j, json_object_array_get_idx(o, i));
		mg_json_array_end(j);
		break;
	}
}

static bool same(const char *what, const char *ours, const char *want)
{
	if (ours && want && !strcmp(ours, want))
		return true;
	printf("\n%s\nemitter: %s\njson-c:  %s\n", what, ours ? ours : "(none)", want ? want : "(none)");
	return false;
}

/*
 * @text (JSON) with nothing between the brackets of an empty object or
 * array, strings left alone; free it. json-c puts there what its version
 * likes ("{\n}", "{ }", "{}": 0.18 changed it), so the comparisons with
 * json-c are made on this; test_empty_containers() holds the emitter to
 * its own form.
 */
static char *empties_closed(const char *text)
{
	char *out = text ? malloc(strlen(text) + 1) : NULL;
	bool in_string = false;
	size_t n = 0;

	if (!out)
		return NULL;
	for (const char *s = text; *s; s++) {
		out[n++] = *s;
		if (in_string) {
			if (*s == '\\' && s[1])
				out[n++] = *++s;
			else if (*s == '"')
				in_string = false;
		} else if (*s == '"') {
			in_string = true;
		} else if (*s == '{' || *s == '[') {
			const char *end = s + 1 + strspn(s + 1, " \t\n");

			if (*end == (*s == '{' ? '}' : ']'))
				s = end - 1;
		}
	}
	out[n] = '\0';
	return out;
}

/* Whether @ours says what json-c's @want says, whatever is inside json-c's empty containers. */
static bool same_but_empties(const char *what, const char *ours, const char *want)
{
	char *a = empties_closed(ours), *b = empties_closed(want);
	bool ok = a && b && !strcmp(a, b);

	if (!ok)
		same(what, ours, want);
	free(a);
	free(b);
	return ok;
}

/* @o written by the emitter with @flags at @base levels, as a string (free it). */
static char *written(json_object *o, unsigned int flags, int base, const char *before, const char *after)
{
	struct mg_json j;
	char *text;

	mg_json_init(&j, flags | MG_JSON_BYTES, base);
	mg_json_raw(&j, before, strlen(before));
	emit(&j, o);
	mg_json_raw(&j, after, strlen(after));
	return mg_json_take(&j, &text) == 0 ? text : NULL;
}

/*
 * Whether the emitter says what json-c says of @o: pretty, plain (as
 * MG_JSON_LINE), and pretty as an element of an array whose brackets the
 * caller writes (mg_nic_list_to_json()). Bytes that are not UTF-8 are kept
 * (MG_JSON_BYTES), as json-c keeps them.
 */
static bool same_as_json_c(json_object *o)
{
	json_object *wrap = json_object_new_array();
	char *ours;
	bool ok;

	ours = written(o, 0, 0, "", "");
	ok = same_but_empties("pretty", ours, json_object_to_json_string_ext(o, pretty));
	free(ours);
	ours = written(o, MG_JSON_LINE, 0, "", "");
	ok &= same_but_empties("plain", ours, json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN));
	free(ours);
	ours = written(o, 0, 1, "[\n  ", "\n]");
	json_object_array_add(wrap, json_object_get(o));
	ok &= same_but_empties("in an array", ours, json_object_to_json_string_ext(wrap, pretty));
	free(ours);
	json_object_put(wrap);
	return ok;
}

static void test_edge_values(void)
{
	json_object *o = json_object_new_object(), *a = json_object_new_array();

	json_object_object_add(o, "plain", json_object_new_string("eth0"));
	json_object_object_add(o, "escapes", json_object_new_string("a\"b\\c/d\be\ff\ng\rh\ti"));
	json_object_object_add(o, "controls", json_object_new_string("\x01\x1f\x7f z"));
	json_object_object_add(o, "utf-8", json_object_new_string("Realtek\xc2\xae 2.5\xe2\x80\xafGbE \xf0\x9f\x94\x8c"));
	json_object_object_add(o, "c1", json_object_new_string("\xc2\x9b" "2J"));
	json_object_object_add(o, "not utf-8", json_object_new_string("\xff\xfe" "Z\xc3"));
	json_object_object_add(o, "key \"quoted\"\n/", json_object_new_boolean(1));
	json_object_object_add(o, "false", json_object_new_boolean(0));
	json_object_object_add(o, "null", NULL);
	json_object_object_add(o, "int64 min", json_object_new_int64(INT64_MIN));
	json_object_object_add(o, "int64 max", json_object_new_int64(INT64_MAX));
	json_object_object_add(o, "uint64 max", json_object_new_uint64(UINT64_MAX));
	json_object_object_add(o, "uint64 past int64", json_object_new_uint64((uint64_t)INT64_MAX + 1));
	json_object_object_add(o, "zero", json_object_new_int(0));
	json_object_object_add(o, "negative", json_object_new_int(-42));
	json_object_object_add(o, "double text", json_object_new_double_s(2.5, "2.500"));
	json_object_object_add(o, "double", json_object_new_double(0.1));
	json_object_object_add(o, "empty object", json_object_new_object());
	json_object_object_add(o, "empty array", json_object_new_array());
	json_object_array_add(a, NULL);
	json_object_array_add(a, json_object_new_array());
	json_object_array_add(a, json_object_new_string(""));
	json_object_object_add(o, "array", a);
	CU_ASSERT_TRUE(same_as_json_c(o));
	CU_ASSERT_TRUE(same_as_json_c(NULL));
	CU_ASSERT_TRUE(same_as_json_c(json_object_object_get(o, "empty object")));
	CU_ASSERT_TRUE(same_as_json_c(json_object_object_get(o, "empty array")));
	json_object_put(o);
}

/*
 * The emitter's own form of empty containers, which the comparisons with
 * json-c no longer see: json-c's up to 0.17 ("[\n]" pretty, "[]" plain),
 * the CLI's output since it has had one. And that those comparisons see
 * everything else: only the inside of an empty container, outside strings,
 * is closed up.
 */
static void test_empty_containers(void)
{
	static const struct {
		const char *in, *out;
	} closed[] = {
		{ "{\n}", "{}" },
		{ "[ ]", "[]" },
		{ "{\n  \"a\": [\n  ],\n  \"b\": {}\n}", "{\n  \"a\": [],\n  \"b\": {}\n}" },
		{ "[ \"{ }\", \"\\\"[ ]\", 1 ]", "[ \"{ }\", \"\\\"[ ]\", 1 ]" },
		{ "[ 1 ]", "[ 1 ]" },
	};
	json_object *o = json_object_new_object(), *e = json_object_new_array();
	char *text;

	json_object_object_add(o, "e", json_object_new_object());
	json_object_array_add(e, json_object_new_array());
	json_object_object_add(o, "a", e);
	text = written(o, 0, 0, "", "");
	CU_ASSERT_TRUE(same("pretty", text, "{\n  \"e\": {\n  },\n  \"a\": [\n    [\n    ]\n  ]\n}"));
	free(text);
	text = written(o, MG_JSON_LINE, 0, "", "");
	CU_ASSERT_TRUE(same("plain", text, "{\"e\":{},\"a\":[[]]}"));
	free(text);
	text = written(e, 0, 1, "[\n  ", "\n]");
	CU_ASSERT_TRUE(same("in an array", text, "[\n  [\n    [\n    ]\n  ]\n]"));
	free(text);
	json_object_put(o);

	for (size_t i = 0; i < sizeof(closed) / sizeof(closed[0]); i++) {
		text = empties_closed(closed[i].in);
		CU_ASSERT_TRUE(same("closed", text, closed[i].out));
		free(text);
	}
}

/* A small deterministic generator: the same trees on every run. */
static uint32_t next(uint32_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 17;
	*state ^= *state << 5;
	return *state;
}

static json_object *grow(uint32_t *state, int depth)
{
	static const char *const words[] = { "", "rx", "tx-ring", "a/b", "quote\"", "tab\t", "\xc3\xa9t\xc3\xa9",
					     "\x1b[31m", "null", "back\\slash", "\xe2\x82", "\xed\xa0\x80" };
	json_object *o;
	char key[16];
	int n;

	switch (next(state) % (depth > 3 ? 5 : 7)) {
	case 0: return NULL;
	case 1: return json_object_new_boolean((int)(next(state) & 1));
	case 2: return json_object_new_int64((int64_t)(((uint64_t)next(state) << 32) | next(state)));
	case 3: return json_object_new_uint64(((uint64_t)next(state) << 32) | next(state));
	case 4: return json_object_new_string(words[next(state) % (sizeof(words) / sizeof(words[0]))]);
	case 5:
		o = json_object_new_object();
		n = (int)(next(state) % 5);
		for (int i = 0; i < n; i++) {
			snprintf(key, sizeof(key), "k%d%s", i, i % 2 ? "/" : "");
			json_object_object_add(o, key, grow(state, depth + 1));
		}
		return o;
	default:
		o = json_object_new_array();
		n = (int)(next(state) % 5);
		for (int i = 0; i < n; i++)
			json_object_array_add(o, grow(state, depth + 1));
		return o;
	}
}

static void test_random_trees(void)
{
	uint32_t state = 2463534242u;
	int differ = 0;

	for (int i = 0; i < 2000; i++) {
		json_object *o = grow(&state, 0);

		differ += !same_as_json_c(o);
		json_object_put(o);
	}
	CU_ASSERT_EQUAL(differ, 0);
}

/* One string as the emitter writes it without MG_JSON_BYTES. */
static char *string_of(const char *s)
{
	struct mg_json j;
	char *text;

	mg_json_init(&j, 0, 0);
	mg_json_str(&j, s);
	return mg_json_take(&j, &text) == 0 ? text : NULL;
}

/*
 * A byte that is not well-formed UTF-8 becomes the lone surrogate
 * \udcNN, each byte of a sequence cut short on its own: no UTF-8 text
 * parses to one, so the byte 0xff and the text \xff (written "\\xff")
 * stay apart. What is well formed stays, C1 controls included (JSON has no
 * rule for them), but characters that show nothing or turn text around,
 * which are JSON's \u escapes (a pair above U+FFFF).
 */
static void test_bytes_not_utf8(void)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "\xff\xfeZ", "\"\\udcff\\udcfeZ\"" },
		{ "\\xff", "\"\\\\xff\"" },
		{ "e\x1b[2J", "\"e\\u001b[2J\"" },
		{ "\xc3\xa9t\xc3\xa9", "\"\xc3\xa9t\xc3\xa9\"" },
		{ "\xc2\x9b", "\"\xc2\x9b\"" },
		{ "\xc0\xaf", "\"\\udcc0\\udcaf\"" },			/* overlong '/' */
		{ "\xe0\x80\xaf", "\"\\udce0\\udc80\\udcaf\"" },		/* overlong */
		{ "\xed\xa0\x80", "\"\\udced\\udca0\\udc80\"" },		/* a surrogate */
		{ "\xf4\x90\x80\x80", "\"\\udcf4\\udc90\\udc80\\udc80\"" },	/* above U+10FFFF */
		{ "\xf0\x9f\x94\x8c", "\"\xf0\x9f\x94\x8c\"" },
		{ "\xe2\x82", "\"\\udce2\\udc82\"" },			/* cut short at the end */
		{ "\xe2\x82" "A\xe2\x82\xac", "\"\\udce2\\udc82A\xe2\x82\xac\"" },
		{ "\x80", "\"\\udc80\"" },
		{ "eth0\xe2\x80\x8b", "\"eth0\\u200b\"" },
		{ "a\xe2\x80\xae" "b\xef\xbb\xbf", "\"a\\u202eb\\ufeff\"" },
		{ "\xf3\xa0\x80\x81", "\"\\udb40\\udc01\"" },		/* U+E0001, a tag */
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *text = string_of(cases[i].in);

		CU_ASSERT_TRUE(same("not UTF-8", text, cases[i].out));
		free(text);
	}
}

/* The emitter refuses what is not a document rather than write half of one. */
static void test_misuse(void)
{
	struct mg_json j;
	char *text = (char *)"x";

	mg_json_init(&j, 0, 0);
	mg_json_object(&j);
	CU_ASSERT_EQUAL(mg_json_take(&j, &text), -ENOMEM);
	CU_ASSERT_PTR_NULL(text);
	mg_json_init(&j, 0, 0);
	mg_json_key(&j, "no object");
	CU_ASSERT_EQUAL(mg_json_take(&j, &text), -ENOMEM);
	mg_json_init(&j, 0, 0);
	for (int i = 0; i < MG_JSON_DEPTH + 1; i++)
		mg_json_array(&j);
	for (int i = 0; i < MG_JSON_DEPTH + 1; i++)
		mg_json_array_end(&j);
	CU_ASSERT_EQUAL(mg_json_take(&j, &text), -ENOMEM);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("json-write", NULL, NULL, MG_TEST(test_edge_values), MG_TEST(test_empty_containers),
		     MG_TEST(test_random_trees), MG_TEST(test_bytes_not_utf8), MG_TEST(test_misuse));
	return mg_test_run();
}
