/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "library": trees made hostile on purpose. A replayed capture may
 * come from anyone (a bug report, an upload to a service): a FIFO where a
 * file should be must not hang the reader, a link must not lead out of the
 * tree, and a capture must not write where someone else can redirect it.
 * Each test runs under an alarm, so a hang fails instead of blocking.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/base.h"
#include "mg-test.h"
#include "test-util.h"

#define DESKTOP_NIC "devices/pci0000:00/0000:00:1c.0/0000:01:00.0"

/* A copy of the desktop tree in @tmp/tree, and an outside directory @tmp/outside. */
static void copy_desktop(char *tmp, size_t size, char *tree, size_t tree_size)
{
	char cmd[8192];

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, size));
	snprintf(tree, tree_size, "%s/tree", tmp);
	snprintf(cmd, sizeof(cmd), "cp -a '%s/desktop' '%s' && mkdir '%s/outside'", FIXTURE_TREES, tree, tmp);
	CU_ASSERT_EQUAL_FATAL(system(cmd), 0);
	alarm(20);
}

static void done(const char *tmp)
{
	alarm(0);
	rm_tree(tmp);
}

/* A config space outside the tree whose vendor, 0xabcd, must never be reported. */
static void put_outside_config(const char *tmp, const char *rel)
{
	unsigned char cfg[256] = { 0xcd, 0xab, 0x34, 0x12 };
	char path[4096];
	int fd;

	put_file(tmp, rel, "");
	snprintf(path, sizeof(path), "%s/%s", tmp, rel);
	fd = open(path, O_WRONLY | O_TRUNC);
	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT_EQUAL(write(fd, cfg, sizeof(cfg)), (ssize_t)sizeof(cfg));
	close(fd);
}

static int path_vendor(const char *tree, int *err)
{
	struct mg_ctx *ctx;
	struct mg_pcie_path *p = NULL;
	int vendor = MG_UNKNOWN;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(tree, &ctx), 0);
	*err = mg_pcie_path_new(ctx, "0000:01:00.0", &p);
	if (*err == 0)
		vendor = mg_pcie_node_get_vendor_id(mg_pcie_path_get(p, 0));
	mg_pcie_path_free(p);
	mg_ctx_unref(ctx);
	return vendor;
}

static void test_fifo_config_does_not_hang(void)
{
	char tmp[4096], tree[4096], path[8192];
	int err;

	copy_desktop(tmp, sizeof(tmp), tree, sizeof(tree));
	snprintf(path, sizeof(path), "%s/%s/config", tree, DESKTOP_NIC);
	CU_ASSERT_EQUAL_FATAL(unlink(path), 0);
	CU_ASSERT_EQUAL_FATAL(mkfifo(path, 0644), 0);
	CU_ASSERT_EQUAL(path_vendor(tree, &err), MG_UNKNOWN);
	CU_ASSERT_EQUAL(err, -EIO);
	done(tmp);
}

static void test_fifo_sidecar_does_not_hang(void)
{
	char tmp[4096], tree[4096], path[8192];
	struct mg_ctx *ctx;
	struct mg_nic *nic;

	copy_desktop(tmp, sizeof(tmp), tree, sizeof(tree));
	snprintf(path, sizeof(path), "%s/multigig/net/enp1s0", tree);
	CU_ASSERT_EQUAL_FATAL(unlink(path), 0);
	CU_ASSERT_EQUAL_FATAL(mkfifo(path, 0644), 0);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(tree, &ctx), 0);
	/* The sidecar is unreadable: what sysfs says stands, the rest is unknown. */
	CU_ASSERT_EQUAL(mg_nic_lookup(ctx, "enp1s0", &nic), 0);
	CU_ASSERT_EQUAL(mg_nic_get_vendor_id(nic), 0x8086);
	CU_ASSERT_PTR_NULL(mg_nic_get_driver_version(nic));
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
	done(tmp);
}

/* config -> a file outside the tree, by an absolute and by a climbing link. */
static void test_config_link_out_of_tree(void)
{
	char tmp[4096], tree[4096], rel[256], target[8192];
	int err;

	copy_desktop(tmp, sizeof(tmp), tree, sizeof(tree));
	put_outside_config(tmp, "outside/config");
	snprintf(rel, sizeof(rel), "%s/config", DESKTOP_NIC);
	snprintf(target, sizeof(target), "%s/outside/config", tmp);
	put_link(tree, rel, target);
	CU_ASSERT_NOT_EQUAL(path_vendor(tree, &err), 0xabcd);
	CU_ASSERT_EQUAL(err, -EIO);
	put_link(tree, rel, "../../../../../outside/config");
	CU_ASSERT_NOT_EQUAL(path_vendor(tree, &err), 0xabcd);
	CU_ASSERT_EQUAL(err, -EIO);
	done(tmp);
}

/* A directory on the way replaced by an absolute link to a copy outside. */
static void test_absolute_directory_link(void)
{
	char tmp[4096], tree[4096], path[8192], target[8192], cmd[16384];
	int err;

	copy_desktop(tmp, sizeof(tmp), tree, sizeof(tree));
	snprintf(cmd, sizeof(cmd), "cp -a '%s/devices' '%s/outside/' && rm -rf '%s/devices/pci0000:00'",
		 tree, tmp, tree);
	CU_ASSERT_EQUAL_FATAL(system(cmd), 0);
	put_outside_config(tmp, "outside/" DESKTOP_NIC "/config");
	snprintf(path, sizeof(path), "%s/devices/pci0000:00", tree);
	snprintf(target, sizeof(target), "%s/outside/devices/pci0000:00", tmp);
	CU_ASSERT_EQUAL_FATAL(symlink(target, path), 0);
	/* Resolved inside the root, the absolute link leads nowhere. */
	CU_ASSERT_NOT_EQUAL(path_vendor(tree, &err), 0xabcd);
	CU_ASSERT_TRUE(err < 0);
	done(tmp);
}

static int capture_into(const char *dir)
{
	struct mg_ctx *ctx;
	int err;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/desktop", &ctx), 0);
	err = mg_ctx_capture(ctx, dir);
	mg_ctx_unref(ctx);
	return err;
}

/* A destination others may write to, or that is not a directory of ours, is refused. */
static void test_capture_destination_checks(void)
{
	char tmp[4096], dir[8192], target[8192];

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, sizeof(tmp)));
	snprintf(dir, sizeof(dir), "%s/open", tmp);
	CU_ASSERT_EQUAL_FATAL(mkdir(dir, 0777), 0);
	CU_ASSERT_EQUAL_FATAL(chmod(dir, 0777), 0);
	CU_ASSERT_EQUAL(capture_into(dir), -EPERM);
	if (geteuid() == 0) {
		snprintf(dir, sizeof(dir), "%s/theirs", tmp);
		CU_ASSERT_EQUAL_FATAL(mkdir(dir, 0755), 0);
		CU_ASSERT_EQUAL_FATAL(chown(dir, 65534, 65534), 0);
		CU_ASSERT_EQUAL(capture_into(dir), -EPERM);
	}
	/* A link in place of the destination is not followed. */
	snprintf(target, sizeof(target), "%s/elsewhere", tmp);
	CU_ASSERT_EQUAL_FATAL(mkdir(target, 0755), 0);
	snprintf(dir, sizeof(dir), "%s/link", tmp);
	CU_ASSERT_EQUAL_FATAL(symlink(target, dir), 0);
	CU_ASSERT_TRUE(capture_into(dir) < 0);
	CU_ASSERT_EQUAL(rmdir(target), 0); /* still empty */
	/* Made by the capture itself: fine, and nothing in it links out. */
	snprintf(dir, sizeof(dir), "%s/fresh", tmp);
	CU_ASSERT_EQUAL(capture_into(dir), 0);
	rm_tree(tmp);
}

/* What /bin/sh makes of @line: its output, or NULL when it did not exit 0. */
static char *shell_output(const char *line, char *out, size_t size)
{
	FILE *p = popen(line, "r");
	size_t n;

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	n = fread(out, 1, size - 1, p);
	out[n] = '\0';
	return pclose(p) == 0 ? out : NULL;
}

/*
 * Names are shell words as they are when the shell takes every byte
 * literally, and quoted otherwise; each quoted one, given to /bin/sh, is
 * one argument that is the name again, and runs nothing.
 */
static void test_shell_words(void)
{
	static const struct {
		const char *name, *word;
	} words[] = {
		{ "eth0", "eth0" }, { "enp1s0", "enp1s0" }, { "wlan0.100", "wlan0.100" }, { "br-lan:1", "br-lan:1" },
		{ "$(reboot)", "'$(reboot)'" }, { "a;b", "'a;b'" }, { "a'b", "'a'\\''b'" }, { "a`id`", "'a`id`'" },
		{ "", "''" }, { "a b", "'a b'" }, { "~x", "'~x'" }, { "=ls", "'=ls'" }, { "a*", "'a*'" },
		{ "{a,b}", "'{a,b}'" }, { "caf\xc3\xa9", "'caf\xc3\xa9'" },
		/* What cannot be pasted from the screen is made by printf: the text \xff, the byte, U+200B. */
		{ "a\\xff", "\"$(printf 'a\\134xff')\"" }, { "e\xffx", "\"$(printf 'e\\377x')\"" },
		{ "eth0\xe2\x80\x8b", "\"$(printf 'eth0\\342\\200\\213')\"" }, { "a\nb", "\"$(printf 'a\\012b')\"" },
		{ "a'%\x1b", "\"$(printf 'a'\\''%%\\033')\"" },
		/* printf would take a format beginning with '-' for an option. */
		{ "-\\xff", "\"$(printf '\\055\\134xff')\"" },
	};
	/* Each byte back from sh whole, whichever the form. */
	static const char *const bytes[] = { "a\\xff", "e\xffx", "eth0\xe2\x80\x8b", "a'%\x1b[2J", "a%sb%%", "\xc0\xaf\\",
					     "-\\xff", "--\xff" };
	char tmp[4096], marker[8192], hostile[8192], buf[MG_SHELL_NAME_MAX], line[16384], out[256];

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		CU_ASSERT_STRING_EQUAL(mg_shell_word(buf, sizeof(buf), words[i].name), words[i].word);

	/* Run, every one of them would create the marker; quoted, each is printed back whole. */
	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, sizeof(tmp)));
	snprintf(marker, sizeof(marker), "%s/ran", tmp);
	for (int k = 0; k < 5; k++) {
		/* Each form around the marker's path: no format string from a table (-Wformat-nonliteral). */
		static const char *const forms[][2] = { { "$(touch ", ")" }, { "`touch ", "`" }, { "x;touch ", "" },
							{ "x'$(touch ", ")'" }, { "x\"$(touch ", ")\"" } };
		char big[4 * sizeof(hostile) + 16];

		snprintf(hostile, sizeof(hostile), "%s%s%s", forms[k][0], marker, forms[k][1]);
		snprintf(line, sizeof(line), "printf '%%s|' %s", mg_shell_word(big, sizeof(big), hostile));
		CU_ASSERT_PTR_NOT_NULL(shell_output(line, out, sizeof(out)));
		CU_ASSERT_EQUAL(strlen(out), strlen(hostile) + 1);
		CU_ASSERT_EQUAL(strncmp(out, hostile, strlen(hostile)), 0);
		CU_ASSERT_EQUAL(access(marker, F_OK), -1);
	}
	for (size_t i = 0; i < sizeof(bytes) / sizeof(bytes[0]); i++) {
		snprintf(line, sizeof(line), "printf '%%s|' %s", mg_shell_word(buf, sizeof(buf), bytes[i]));
		CU_ASSERT_PTR_NOT_NULL(shell_output(line, out, sizeof(out)));
		CU_ASSERT_EQUAL(strlen(out), strlen(bytes[i]) + 1);
		CU_ASSERT_EQUAL(strncmp(out, bytes[i], strlen(bytes[i])), 0);
	}
	/* A buffer too small cuts inside the quotes, which stay closed. */
	CU_ASSERT_STRING_EQUAL(mg_shell_word(buf, 8, "a'b;c d e"), "'a'\\'''");
	CU_ASSERT_STRING_EQUAL(mg_shell_word(buf, 5, "abcdef"), "'ab'");
	CU_ASSERT_STRING_EQUAL(mg_shell_word(buf, 20, "\xff\xff\xff\xff"), "\"$(printf '\\377')\"");
	rm_tree(tmp);
}

/*
 * An interface may be named -x or --all: as the operand of a command to
 * paste it comes after "--", which every getopt() command takes as the
 * end of its options, quoted or not; any other name is its shell word.
 */
static void test_shell_operands(void)
{
	static const struct {
		const char *name, *word;
	} operands[] = {
		{ "eth0", "eth0" }, { "$(reboot)", "'$(reboot)'" }, { "a-b", "a-b" }, { "-x", "-- -x" },
		{ "--all", "-- --all" }, { "-$(x)", "-- '-$(x)'" }, { "-\\xff", "-- \"$(printf '\\055\\134xff')\"" },
	};
	char buf[MG_SHELL_NAME_MAX], line[512], out[256];

	for (size_t i = 0; i < sizeof(operands) / sizeof(operands[0]); i++)
		CU_ASSERT_STRING_EQUAL(mg_shell_operand(buf, sizeof(buf), operands[i].name), operands[i].word);
	/* Pasted, the name is an operand, not an option: getopt's end of options takes the "--". */
	snprintf(line, sizeof(line), "sh -c 'while getopts :x o; do echo option; done; shift $((OPTIND - 1)); "
		 "printf \"%%s|\" \"$@\"' sh %s", mg_shell_operand(buf, sizeof(buf), "-x"));
	CU_ASSERT_PTR_NOT_NULL(shell_output(line, out, sizeof(out)));
	CU_ASSERT_STRING_EQUAL(out, "-x|");
	/* Too small for "-- ": nothing, never the bare option. */
	CU_ASSERT_STRING_EQUAL(mg_shell_operand(buf, 3, "-x"), "");
	CU_ASSERT_STRING_EQUAL(mg_shell_operand(buf, 5, "-xyz"), "-- ");
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("hostile", NULL, NULL, MG_TEST(test_fifo_config_does_not_hang),
		     MG_TEST(test_fifo_sidecar_does_not_hang), MG_TEST(test_config_link_out_of_tree),
		     MG_TEST(test_absolute_directory_link), MG_TEST(test_capture_destination_checks),
		     MG_TEST(test_shell_words), MG_TEST(test_shell_operands));
	return mg_test_run();
}
