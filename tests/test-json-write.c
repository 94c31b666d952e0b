/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "library": the CLI's JSON writer (tools/json-write.c) against
 * json-c's own pretty printer, byte for byte: on chosen edge values
 * (escapes, control characters, UTF-8, the ends of int64 and uint64,
 * doubles with their text, empty and null members) and on many trees
 * grown at random from a fixed seed.
 */
#include <stdint.h>
#include <string.h>

#include "cli.h"
#include "mg-test.h"

static const int flags = JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE;

/* Whether the writer says what json-c says of @o, alone and as an array's element. */
static bool same_as_json_c(json_object *o)
{
	struct json_text t = { 0 };
	json_object *wrap = json_object_new_array();
	const char *want;
	bool same;

	json_text_add(&t, o, 0);
	want = json_object_to_json_string_ext(o, flags);
	same = !t.failed && want && t.len == strlen(want) && !memcmp(t.text, want, t.len);
	if (!same)
		printf("\nwriter: %.*s\njson-c: %s\n", (int)t.len, t.text, want);
	/* Inside an array: indented one level, as the CLI streams arrays. */
	t.len = 0;
	json_text_add_raw(&t, "[\n  ");
	json_text_add(&t, o, 1);
	json_text_add_raw(&t, "\n]");
	json_object_array_add(wrap, json_object_get(o));
	want = json_object_to_json_string_ext(wrap, flags);
	same &= !t.failed && t.len == strlen(want) && !memcmp(t.text, want, t.len);
	json_object_put(wrap);
	json_text_free(&t);
	return same;
}

static void test_edge_values(void)
{
	json_object *o = json_object_new_object(), *a = json_object_new_array();

	json_object_object_add(o, "plain", json_object_new_string("eth0"));
	json_object_object_add(o, "escapes", json_object_new_string("a\"b\\c/d\be\ff\ng\rh\ti"));
	json_object_object_add(o, "controls", json_object_new_string_len("\x01\x1f\x7f\0z", 5));
	json_object_object_add(o, "utf-8", json_object_new_string("Realtek\xc2\xae 2.5\xe2\x80\xafGbE"));
	json_object_object_add(o, "key \"quoted\"\n", json_object_new_boolean(1));
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
	json_object_put(o);
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
					     "\x1b[31m", "null" };
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

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("json-write", NULL, NULL, MG_TEST(test_edge_values), MG_TEST(test_random_trees));
	return mg_test_run();
}
