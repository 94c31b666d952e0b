/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "library": which kernel module would serve an unbound device. A
 * module directory is made here (an object file carrying a .modinfo alias,
 * indexed by depmod) so the libkmod look-up runs on a known index; the
 * running kernel's own index may not exist on a test machine.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mg-private.h"
#include "mg-test.h"
#include "test-util.h"

static char tmp[4096];

/* lib/modules/9.9.9 with one module; @alias NULL makes an index with none for the RTL8126. */
static int make_index(const char *dir, const char *alias)
{
	char cmd[8192];

	snprintf(cmd, sizeof(cmd),
		 "set -e; d='%s'; mkdir -p \"$d/lib/modules/9.9.9/kernel\"; cd \"$d\";"
		 "printf 'alias=%s\\0name=r8169\\0license=GPL\\0' > modinfo;"
		 "echo 'int mg_fixture;' > m.c; cc -c m.c -o m.o;"
		 "objcopy --add-section .modinfo=modinfo --set-section-flags .modinfo=alloc,readonly m.o"
		 " lib/modules/9.9.9/kernel/r8169.ko;"
		 "depmod -b \"$d\" 9.9.9 2>/dev/null",
		 dir, alias ? alias : "pci:v00008086d00001234sv*sd*bc*sc*i*");
	return system(cmd);
}

static int suite_init(void)
{
	char dir[4200];

	if (!make_tmpdir(tmp, sizeof(tmp)))
		return -1;
	snprintf(dir, sizeof(dir), "%s/with", tmp);
	if (make_index(dir, "pci:v000010ECd00008126sv*sd*bc*sc*i*") != 0)
		return -1;
	snprintf(dir, sizeof(dir), "%s/without", tmp);
	return make_index(dir, NULL) == 0 ? 0 : -1;
}

static int suite_fini(void)
{
	rm_tree(tmp);
	return 0;
}

static struct mg_nic *rtl8126(const char *index, struct mg_ctx **ctx)
{
	char dir[4200];
	struct mg_nic *nic = NULL;

	snprintf(dir, sizeof(dir), "%s/%s/lib/modules/9.9.9", tmp, index);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/desktop", ctx), 0);
	(*ctx)->test.kmod_dir = index ? strdup(dir) : NULL;
	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(*ctx, "02:00.0", &nic), 0);
	return nic;
}

static void done(struct mg_ctx *ctx, struct mg_nic *nic)
{
	free((char *)ctx->test.kmod_dir);
	ctx->test.kmod_dir = NULL;
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
}

static void test_module_would_serve(void)
{
	struct mg_ctx *ctx;
	struct mg_nic *nic = rtl8126("with", &ctx);

	CU_ASSERT_EQUAL(mg_nic_has_driver(nic), 0);
	CU_ASSERT_EQUAL_FATAL(mg_nic_get_module_count(nic), 1);
	CU_ASSERT_STRING_EQUAL(mg_nic_get_module(nic, 0), "r8169");
	CU_ASSERT_PTR_NULL(mg_nic_get_module(nic, 1));
	done(ctx, nic);
}

static void test_kernel_without_module(void)
{
	struct mg_ctx *ctx;
	struct mg_nic *nic = rtl8126("without", &ctx);

	/* This kernel has nothing for 10ec:8126; the chip table says who would. */
	CU_ASSERT_EQUAL(mg_nic_get_module_count(nic), 0);
	CU_ASSERT_STRING_EQUAL(mg_nic_get_chip(nic), "RTL8126A");
	CU_ASSERT_STRING_EQUAL(mg_nic_get_chip_driver(nic), "r8169");
	CU_ASSERT_STRING_EQUAL(mg_nic_get_chip_since(nic), "6.9");
	CU_ASSERT_EQUAL(mg_nic_get_chip_max_mbps(nic), 5000);
	done(ctx, nic);
}

static void test_offline_without_index(void)
{
	struct mg_ctx *ctx;
	struct mg_nic *nic = rtl8126(NULL, &ctx);

	/* A captured tree came from another kernel: no look-up, unknown. */
	CU_ASSERT_EQUAL(mg_nic_get_module_count(nic), MG_UNKNOWN);
	CU_ASSERT_PTR_NULL(mg_nic_get_module(nic, 0));
	done(ctx, nic);
}

struct heard {
	int from_kmod;		/* messages from libkmod's own files */
	int lookup;		/* of them, logged by the look-up */
	int newline;		/* messages that still end with a newline */
};

__attribute__((format(printf, 6, 0)))
static void on_log(void *data, int priority, const char *file, int line, const char *fn,
		   const char *format, va_list args)
{
	struct heard *h = data;
	char msg[512];

	(void)priority;
	(void)line;
	vsnprintf(msg, sizeof(msg), format, args);
	if (!strstr(file, "libkmod"))
		return;
	h->from_kmod++;
	if (strstr(fn, "lookup"))
		h->lookup++;
	if (msg[0] && msg[strlen(msg) - 1] == '\n')
		h->newline++;
}

/* libkmod logs through the context's function, never to stderr. */
static void test_kmod_log_forwarded(void)
{
	char dir[4200], errfile[4200];
	struct heard h = { 0 };
	struct mg_ctx *ctx;
	struct mg_nic *nic = NULL;
	struct stat st;
	int saved, fd;

	snprintf(dir, sizeof(dir), "%s/with/lib/modules/9.9.9", tmp);
	snprintf(errfile, sizeof(errfile), "%s/stderr", tmp);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/desktop", &ctx), 0);
	ctx->test.kmod_dir = strdup(dir);
	mg_ctx_set_log_fn(ctx, on_log, &h);
	mg_ctx_set_log_priority(ctx, LOG_DEBUG);

	fflush(stderr);
	saved = dup(STDERR_FILENO);
	fd = open(errfile, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	CU_ASSERT_FATAL(saved >= 0 && fd >= 0);
	dup2(fd, STDERR_FILENO);
	close(fd);
	CU_ASSERT_EQUAL(mg_nic_lookup(ctx, "02:00.0", &nic), 0);
	CU_ASSERT_EQUAL(mg_nic_get_module_count(nic), 1);
	done(ctx, nic); /* libkmod logs its release too */
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);

	CU_ASSERT(h.from_kmod > 0);
	CU_ASSERT(h.lookup > 0);
	CU_ASSERT_EQUAL(h.newline, 0);
	CU_ASSERT_EQUAL_FATAL(stat(errfile, &st), 0);
	CU_ASSERT_EQUAL(st.st_size, 0);
}

static void test_chip_table(void)
{
	struct mg_ctx *ctx;
	struct mg_nic_list *list;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/desktop", &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_nic_list_new(ctx, &list), 0);
	for (size_t i = 0; i < mg_nic_list_count(list); i++) {
		struct mg_nic *nic = mg_nic_list_get(list, i);

		if (mg_nic_get_bus(nic) == MG_BUS_USB) {
			CU_ASSERT_STRING_EQUAL(mg_nic_get_chip(nic), "RTL8156");
			CU_ASSERT_STRING_EQUAL(mg_nic_get_chip_driver(nic), "r8152");
			/* Bound: nothing to look up. */
			CU_ASSERT_EQUAL(mg_nic_get_module_count(nic), MG_UNKNOWN);
		}
		if (mg_nic_get_device_id(nic) == 0x10c9)
			CU_ASSERT_PTR_NULL(mg_nic_get_chip(nic));
	}
	mg_nic_list_free(list);
	CU_ASSERT_PTR_NULL(mg_nic_get_chip(NULL));
	CU_ASSERT_EQUAL(mg_nic_get_module_count(NULL), MG_UNKNOWN);
	mg_ctx_unref(ctx);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("modules", suite_init, suite_fini, MG_TEST(test_module_would_serve),
		     MG_TEST(test_kernel_without_module), MG_TEST(test_offline_without_index),
		     MG_TEST(test_kmod_log_forwarded), MG_TEST(test_chip_table));
	return mg_test_run();
}
