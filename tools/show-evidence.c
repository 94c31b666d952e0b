/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The evidence part of `multigig show` in text: the kernel log, as the
 * adapter's look-up or a list made WITH_* holds it (the library writes its
 * JSON, and the text of the rest).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* ---- the kernel log ---- */

static void print_kernel_log(const struct mg_kernel_log *k)
{
	if (mg_kernel_log_get_unknown_reason(k)) {
		printf("%-18s unknown: %s\n", "kernel log:", mg_kernel_log_get_unknown_reason(k));
		return;
	}
	for (size_t i = 0; i < mg_kernel_log_get_count(k); i++) {
		uint64_t us = 0;

		mg_kernel_log_get_usecs(k, i, &us);
		printf("%-18s [%5llu.%06llu] %s\n", i ? "" : "kernel log:", (unsigned long long)(us / 1000000),
		       (unsigned long long)(us % 1000000), mg_kernel_log_get_text(k, i));
		printf("%-18s   = %s\n", "", mg_kernel_log_get_meaning(k, i));
	}
}

void print_evidence(const struct mg_nic *nic)
{

	if (mg_nic_get_kernel_log(nic))
		print_kernel_log(mg_nic_get_kernel_log(nic));
}
