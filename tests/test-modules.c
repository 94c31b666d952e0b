/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "library": which kernel module would serve an unbound device. A
 * module directory is made here (an object file carrying a .modinfo alias,
 * indexed by depmod) so the libkmod look-up runs on a known index; the
 * running kernel's own index may not exist on a test machine.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdarg.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "model/model.h"
#include "mg-test.h"
#include "test-util.h"

static char tmp[4096];

/*
 * lib/modules/9.9.9 with one module; @alias NULL makes an index with none for
 * the RTL8126. The module is an ELF object made by ld from bytes (no compiler
 * where the tests run, an arm64 root say) with a .modinfo section added.
 */
static int make_index(const char *dir, const char *alias)
{
	char cmd[8192];

	snprintf(cmd, sizeof(cmd),
		 "set -e; d='%s'; mkdir -p \"$d/lib/modules/9.9.9/kernel\"; cd \"$d\";"
		 "printf 'alias=%s\\0name=r8169\\0license=GPL\\0' > modinfo;"
		 "ld -r -b binary modinfo -o m.o;"
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
	(void)fn;
	vsnprintf(msg, sizeof(msg), format, args);
	if (!strstr(file, "libkmod"))
		return;
	h->from_kmod++;
	if (msg[0] && msg[strlen(msg) - 1] == '\n')
		h->newline++;
}

/*
 * libkmod logs through the context's function, never to stderr. Which
 * lines it logs is its own business (libkmod 34 no longer logs one from
 * the look-up): the look-up's result is what is asserted, and that every
 * line heard, the release's at least, came through.
 */
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
	CU_ASSERT_STRING_EQUAL(mg_nic_get_module(nic, 0), "r8169");
	done(ctx, nic); /* libkmod logs its release */
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);

	CU_ASSERT(h.from_kmod > 0);
	CU_ASSERT_EQUAL(h.newline, 0);
	CU_ASSERT_EQUAL_FATAL(stat(errfile, &st), 0);
	CU_ASSERT_EQUAL(st.st_size, 0);
}

static int write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	int ok = f && fputs(text, f) >= 0;

	return f && fclose(f) == 0 && ok ? 0 : -1;
}

/* Without root: a user namespace where this user is root, and its own mounts. */
static int enter_user_namespace(void)
{
	char map[64];
	uid_t uid = geteuid();
	gid_t gid = getegid();

	if (unshare(CLONE_NEWUSER | CLONE_NEWNS) < 0 || write_file("/proc/self/setgroups", "deny") < 0)
		return -1;
	snprintf(map, sizeof(map), "0 %u 1", (unsigned int)uid);
	if (write_file("/proc/self/uid_map", map) < 0)
		return -1;
	snprintf(map, sizeof(map), "0 %u 1", (unsigned int)gid);
	return write_file("/proc/self/gid_map", map);
}

/*
 * In a mount namespace of its own (a user namespace too without root), /etc
 * is replaced by a tmpfs whose modprobe.d holds a malformed line, and one
 * look-up runs with stderr sent to a file. Exits 0 when it printed nothing
 * and found the module, 1 when it printed, 2 when it found nothing, 3 when
 * the namespace could not be made.
 */
static int lookup_beside_bad_config(const char *dir, const char *errfile)
{
	struct mg_ctx *ctx;
	struct mg_nic *nic = NULL;
	struct stat st;
	FILE *conf;
	int fd, found;

	if (geteuid() ? enter_user_namespace() < 0 : unshare(CLONE_NEWNS) < 0)
		return 3;
	if (mount("none", "/", "none", MS_REC | MS_PRIVATE, NULL) < 0 ||
	    mount("tmpfs", "/etc", "tmpfs", 0, NULL) < 0 || mkdir("/etc/modprobe.d", 0755) < 0 ||
	    !(conf = fopen("/etc/modprobe.d/bad.conf", "w")))
		return 3;
	fputs("this is not a modprobe.d command\n", conf);
	fclose(conf);
	fd = open(errfile, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0 || dup2(fd, STDERR_FILENO) < 0 || mg_ctx_new(FIXTURE_TREES "/desktop", &ctx) < 0)
		return 3;
	ctx->test.kmod_dir = strdup(dir);
	found = mg_nic_lookup(ctx, "02:00.0", &nic) == 0 && mg_nic_get_module_count(nic) == 1;
	done(ctx, nic);
	fflush(stderr);
	if (stat(errfile, &st) < 0)
		return 3;
	return st.st_size ? 1 : found ? 0 : 2;
}

/* What libkmod says of a malformed modprobe.d never reaches stderr either. */
static void test_kmod_config_not_printed(void)
{
	char dir[4200], errfile[4200], said[512] = "";
	int status;
	pid_t pid;
	FILE *f;

	snprintf(dir, sizeof(dir), "%s/with/lib/modules/9.9.9", tmp);
	snprintf(errfile, sizeof(errfile), "%s/stderr-config", tmp);
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	CU_ASSERT_FATAL(pid >= 0);
	if (pid == 0)
		_exit(lookup_beside_bad_config(dir, errfile));
	CU_ASSERT_EQUAL_FATAL(waitpid(pid, &status, 0), pid);
	if ((f = fopen(errfile, "r"))) {
		if (!fgets(said, sizeof(said), f))
			said[0] = '\0';
		fclose(f);
	}
	if (WEXITSTATUS(status) == 1)
		printf("\nprinted: %s", said);
	CU_ASSERT_TRUE(WIFEXITED(status));
	CU_ASSERT_EQUAL(WEXITSTATUS(status), 0);
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
		     MG_TEST(test_kmod_log_forwarded), MG_TEST(test_kmod_config_not_printed),
		     MG_TEST(test_chip_table));
	return mg_test_run();
}
