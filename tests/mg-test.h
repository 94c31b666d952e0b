/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Shared by the CUnit test programs: run the registry, print one plain line. */
#ifndef MG_TEST_H
#define MG_TEST_H

#include <stdio.h>
#include <stdlib.h>

#include <CUnit/Basic.h>

#define MG_TEST_SKIP 77

/* Tests that returned early through MG_TEST_SKIP_IF, for mg_test_run's line. */
static unsigned int mg_tests_skipped;

/*
 * End the test here, counted as skipped, not passed, and say why: for what
 * the place the tests run lacks (qemu-user has no NETLINK_USERSOCK), never
 * for what the code under test got wrong.
 */
#define MG_TEST_SKIP_IF(cond, why)                                           \
	do {                                                                 \
		if (cond) {                                                  \
			printf("skipped (%s) ", why);                        \
			mg_tests_skipped++;                                  \
			return;                                              \
		}                                                            \
	} while (0)

/*
 * A library writer's text, as the CLI prints it: @err, what the writer
 * returned, is 0 and *@text is @expected; *@text is freed. The writer
 * gets &text as its own argument, so *@text is read after it has run.
 */
static inline void mg_check_text(int err, char **text, const char *expected)
{
	CU_ASSERT_EQUAL_FATAL(err, 0);
	CU_ASSERT_STRING_EQUAL(*text, expected);
	free(*text);
	*text = NULL;
}

/*
 * Run every registered suite. Results are read before the registry is
 * cleaned up (that resets the counters); a suite whose set-up failed counts
 * as failed, not as passed.
 */
static inline int mg_test_run(void)
{
	unsigned int run, failed, suites_failed, asserts_failed;

	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	run = CU_get_number_of_tests_run();
	failed = CU_get_number_of_tests_failed();
	suites_failed = CU_get_number_of_suites_failed();
	asserts_failed = CU_get_number_of_failures();
	CU_cleanup_registry();
	printf("\n%u passed, %u failed, %u skipped\n", run - failed - mg_tests_skipped, failed + suites_failed,
	       mg_tests_skipped);
	return (failed || suites_failed || asserts_failed) ? EXIT_FAILURE : EXIT_SUCCESS;
}

#define MG_ADD_SUITE(name, init, fini, ...)                                         \
	do {                                                                        \
		CU_pSuite s_ = CU_add_suite(name, init, fini);                      \
		const struct { const char *n; CU_TestFunc f; } t_[] = { __VA_ARGS__ }; \
		if (!s_)                                                            \
			return EXIT_FAILURE;                                        \
		for (size_t i_ = 0; i_ < sizeof(t_) / sizeof(t_[0]); i_++)          \
			if (!CU_add_test(s_, t_[i_].n, t_[i_].f))                   \
				return EXIT_FAILURE;                                \
	} while (0)

#define MG_TEST(fn) { #fn, fn }

#endif
