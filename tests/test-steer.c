/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "kernel": RPS, XPS and IRQ affinity applied through the one
 * transaction. RPS and XPS for real, on a veth pair with two receive and
 * two transmit queues in a private network namespace whose /sys shows it
 * (veth has queues/rx-N/rps_cpus and, with more than one transmit queue,
 * tx-N/xps_cpus). veth has no interrupts: IRQ affinity is applied to a
 * tree built like sysfs and /proc/irq (the steer_sysfs hook) where vq0,
 * by its index, is a PCI function with two MSI-X vectors; the lock, the
 * journal, the read-back and the rollback run for real on its files.
 * Needs root.
 */
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <netlink/netlink.h>
#include <netlink/route/link.h>
#include <netlink/route/link/veth.h>
#include "apply/apply.h"
#include "mg-test.h"
#include "test-util.h"

static int suite_init(void)
{
	struct nl_sock *sk = nl_socket_alloc();
	struct rtnl_link *veth = rtnl_link_veth_alloc(), *peer;
	int err = -1;

	if (!sk || !veth || nl_connect(sk, NETLINK_ROUTE) < 0)
		goto out;
	rtnl_link_set_name(veth, "vq0");
	rtnl_link_set_num_rx_queues(veth, 2);
	rtnl_link_set_num_tx_queues(veth, 2);
	peer = rtnl_link_veth_get_peer(veth);
	rtnl_link_set_name(peer, "vq1");
	rtnl_link_set_num_rx_queues(peer, 2);
	rtnl_link_set_num_tx_queues(peer, 2);
	rtnl_link_put(peer);
	err = rtnl_link_add(sk, veth, NLM_F_CREATE | NLM_F_EXCL);
out:
	if (veth)
		rtnl_link_veth_release(veth);
	nl_socket_free(sk);
	return err < 0 ? -1 : 0;
}

static struct mg_ctx *live(void)
{
	struct mg_ctx *ctx;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	return ctx;
}

/* A file's first line, without its newline; "?" when it cannot be read. */
static const char *file_text(const char *path)
{
	static char text[64];
	FILE *f = fopen(path, "r");

	if (!f || !fgets(text, sizeof(text), f))
		snprintf(text, sizeof(text), "?");
	if (f)
		fclose(f);
	text[strcspn(text, "\n")] = '\0';
	return text;
}

/* vq0's queue file, as the kernel shows it: "rx-0" or "tx-1". */
static const char *queue(const char *q)
{
	char path[128];

	snprintf(path, sizeof(path), "/sys/class/net/vq0/queues/%s/%s", q, q[0] == 'r' ? "rps_cpus" : "xps_cpus");
	return file_text(path);
}

/* The kernel's hex mask with its leading zeros and commas gone: "3", "0". */
static unsigned long long mask_of(const char *q)
{
	const char *t = queue(q);
	unsigned long long v = 0;

	for (; *t; t++)
		if (*t != ',')
			v = v * 16 + (unsigned long long)(*t >= 'a' ? *t - 'a' + 10 : *t - '0');
	return v;
}

static int mtu_of(struct mg_ctx *ctx)
{
	struct mg_settings *s;
	long long v = -1;

	CU_ASSERT_EQUAL_FATAL(mg_settings_read(ctx, "vq0", &s), 0);
	mg_settings_get(s, MG_PARAM_MTU, &v);
	mg_settings_free(s);
	return (int)v;
}

static int cli(const char *args, char *out, size_t size)
{
	return mg_test_cli("", MULTIGIG_CLI, args, out, size);
}

/* Every journal of the state directory: none is left by an apply that ended. */
static int journals(void)
{
	FILE *p = popen("ls /run/multigig/journal 2>/dev/null | wc -l", "r");
	int n = -1;

	if (p) {
		if (fscanf(p, "%d", &n) != 1)
			n = -1;
		pclose(p);
	}
	return n;
}

/* Two CPUs at least: a machine with one cannot tell a mask from another. */
static bool two_cpus(void)
{
	if (sysconf(_SC_NPROCESSORS_CONF) >= 2)
		return true;
	CU_FAIL("this machine has one CPU: the steering tests need two");
	return false;
}

static void test_rps_xps_applied(void)
{
	struct mg_ctx *ctx = live();
	struct mg_apply_result *r = NULL;
	struct mg_settings *want;
	char text[64], *json;

	if (!two_cpus())
		return;
	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&want), 0);
	CU_ASSERT_EQUAL(mg_settings_set_rps_cpus(want, -1, "0-1"), 0);
	CU_ASSERT_EQUAL(mg_settings_set_xps_cpus(want, 1, "1"), 0);

	/* A dry run plans every queue and writes nothing. */
	CU_ASSERT_EQUAL(mg_settings_apply(ctx, "vq0", want, MG_APPLY_DRY_RUN, &r), 0);
	CU_ASSERT_EQUAL_FATAL(mg_apply_result_count(r), 3);
	CU_ASSERT_STRING_EQUAL(mg_apply_result_get_name(r, 0), "rps-cpus:rx-0");
	CU_ASSERT_STRING_EQUAL(mg_apply_result_get_name(r, 1), "rps-cpus:rx-1");
	CU_ASSERT_STRING_EQUAL(mg_apply_result_get_name(r, 2), "xps-cpus:tx-1");
	CU_ASSERT_EQUAL(mg_apply_result_get_state(r, 0), MG_CHANGE_PLANNED);
	/* JSON gives the CPUs as lists. */
	CU_ASSERT_EQUAL_FATAL(mg_apply_result_to_json(r, MG_JSON_LINE, &json), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"param\":\"rps-cpus:rx-0\",\"old\":\"\",\"new\":\"0-1\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"param\":\"xps-cpus:tx-1\",\"old\":\"\",\"new\":\"1\""));
	free(json);
	/* The text, from the same writer: set's lines, CPU lists as set takes them; the interface when asked. */
	CU_ASSERT_EQUAL_FATAL(mg_apply_result_to_text(r, "would set", 0, &json), 0);
	CU_ASSERT_STRING_EQUAL(json, "would set rps-cpus:rx-0: none -> 0-1\nwould set rps-cpus:rx-1: none -> 0-1\n"
				     "would set xps-cpus:tx-1: none -> 1\n");
	free(json);
	CU_ASSERT_EQUAL_FATAL(mg_apply_result_to_text(r, "change", MG_APPLY_TEXT_IFNAME, &json), 0);
	CU_ASSERT_EQUAL(strncmp(json, "change vq0 rps-cpus:rx-0: none -> 0-1\n", 38), 0);
	free(json);
	CU_ASSERT_EQUAL(mg_apply_result_to_text(r, NULL, 0, &json), -EINVAL);
	CU_ASSERT_EQUAL(mg_apply_result_to_text(r, "set", 1u << 5, &json), -EINVAL);
	mg_apply_result_free(r);
	CU_ASSERT_EQUAL(mask_of("rx-0"), 0);

	CU_ASSERT_EQUAL(mg_settings_apply(ctx, "vq0", want, 0, &r), 0);
	CU_ASSERT_EQUAL_FATAL(mg_apply_result_count(r), 3);
	for (size_t i = 0; i < 3; i++)
		CU_ASSERT_EQUAL(mg_apply_result_get_state(r, i), MG_CHANGE_APPLIED);
	CU_ASSERT_EQUAL(mg_apply_result_get_group(r, 0), MG_GROUP_RPS);
	CU_ASSERT_EQUAL(mg_apply_result_get_group(r, 2), MG_GROUP_XPS);
	CU_ASSERT_EQUAL(mg_apply_result_format_value(r, 0, 0, text, sizeof(text)), 0);
	CU_ASSERT_STRING_EQUAL(text, "none");
	CU_ASSERT_EQUAL(mg_apply_result_format_value(r, 0, 1, text, sizeof(text)), 0);
	CU_ASSERT_STRING_EQUAL(text, "0-1");
	CU_ASSERT_EQUAL(mg_apply_result_may_bounce_link(r), 0);
	mg_apply_result_free(r);
	/* Read back from the kernel's own files. */
	CU_ASSERT_EQUAL(mask_of("rx-0"), 3);
	CU_ASSERT_EQUAL(mask_of("rx-1"), 3);
	CU_ASSERT_EQUAL(mask_of("tx-0"), 0);
	CU_ASSERT_EQUAL(mask_of("tx-1"), 2);
	CU_ASSERT_EQUAL(journals(), 0);

	/* In place already: nothing to do. */
	CU_ASSERT_EQUAL(mg_settings_apply(ctx, "vq0", want, 0, &r), 0);
	CU_ASSERT_EQUAL(mg_apply_result_count(r), 0);
	mg_apply_result_free(r);
	mg_settings_free(want);

	/* Off again, one queue named: the other keeps its mask. */
	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&want), 0);
	CU_ASSERT_EQUAL(mg_settings_set_rps_cpus(want, -1, "none"), 0);
	CU_ASSERT_EQUAL(mg_settings_set_rps_cpus(want, 1, "1"), 0);
	CU_ASSERT_EQUAL(mg_settings_set_xps_cpus(want, 1, "none"), 0);
	CU_ASSERT_EQUAL(mg_settings_apply(ctx, "vq0", want, 0, NULL), 0);
	mg_settings_free(want);
	CU_ASSERT_EQUAL(mask_of("rx-0"), 0);
	CU_ASSERT_EQUAL(mask_of("rx-1"), 2);
	CU_ASSERT_EQUAL(mask_of("tx-1"), 0);
	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&want), 0);
	CU_ASSERT_EQUAL(mg_settings_set_rps_cpus(want, -1, "none"), 0);
	CU_ASSERT_EQUAL(mg_settings_apply(ctx, "vq0", want, 0, NULL), 0);
	mg_settings_free(want);
	CU_ASSERT_EQUAL(mask_of("rx-1"), 0);
	mg_ctx_unref(ctx);
}

/* A later group fails: the MTU and every queue's mask go back, the journal goes. */
static void test_rolled_back_on_later_failure(void)
{
	struct mg_ctx *ctx = live();
	struct mg_apply_result *r = NULL;
	struct mg_settings *want;

	if (!two_cpus())
		return;
	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&want), 0);
	CU_ASSERT_EQUAL(mg_settings_set(want, MG_PARAM_MTU, 4000), 0);
	CU_ASSERT_EQUAL(mg_settings_set_rps_cpus(want, -1, "1"), 0);
	CU_ASSERT_EQUAL(mg_settings_set_xps_cpus(want, -1, "0"), 0);
	ctx->test.inject_group = MG_GROUP_XPS;
	CU_ASSERT_EQUAL(mg_settings_apply(ctx, "vq0", want, 0, &r), -EIO);
	ctx->test.inject_group = -1;
	CU_ASSERT_EQUAL(mg_apply_result_get_failed_group(r), MG_GROUP_XPS);
	CU_ASSERT_EQUAL(mg_apply_result_rolled_back(r), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "every change was rolled back"));
	CU_ASSERT_EQUAL_FATAL(mg_apply_result_count(r), 5);
	CU_ASSERT_STRING_EQUAL(mg_apply_result_get_name(r, 1), "rps-cpus:rx-0");
	CU_ASSERT_EQUAL(mg_apply_result_get_state(r, 1), MG_CHANGE_ROLLED_BACK);
	CU_ASSERT_EQUAL(mg_apply_result_get_state(r, 3), MG_CHANGE_PLANNED);
	mg_apply_result_free(r);
	CU_ASSERT_EQUAL(mtu_of(ctx), 1500);
	CU_ASSERT_EQUAL(mask_of("rx-0"), 0);
	CU_ASSERT_EQUAL(mask_of("rx-1"), 0);
	CU_ASSERT_EQUAL(mask_of("tx-0"), 0);
	CU_ASSERT_EQUAL(journals(), 0);

	mg_settings_free(want);
	mg_ctx_unref(ctx);
}

/* A CPU that is not present, a queue that is not there: refused, naming them, before anything changes. */
static void test_refused_before_any_change(void)
{
	struct mg_ctx *ctx = live();
	struct mg_settings *want;
	long n = sysconf(_SC_NPROCESSORS_CONF);
	char cpu[16], expect[160], out[4096];

	CU_ASSERT_FATAL(n >= 1 && n < 64);
	snprintf(cpu, sizeof(cpu), "%ld", n);
	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&want), 0);
	CU_ASSERT_EQUAL(mg_settings_set(want, MG_PARAM_MTU, 4000), 0);
	CU_ASSERT_EQUAL(mg_settings_set_rps_cpus(want, -1, cpu), 0);
	CU_ASSERT_EQUAL(mg_settings_apply(ctx, "vq0", want, 0, NULL), -EINVAL);
	snprintf(expect, sizeof(expect), "vq0: rps-cpus: CPU %ld is not present (CPUs present: 0%s%ld); nothing was "
		 "changed", n, n > 1 ? "-" : "", n > 1 ? n - 1 : 0);
	if (n == 1)
		snprintf(expect, sizeof(expect), "vq0: rps-cpus: CPU 1 is not present (CPUs present: 0); nothing was "
			 "changed");
	CU_ASSERT_STRING_EQUAL(mg_ctx_last_error(ctx), expect);
	CU_ASSERT_EQUAL(mtu_of(ctx), 1500);
	CU_ASSERT_EQUAL(mask_of("rx-0"), 0);
	mg_settings_free(want);

	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&want), 0);
	CU_ASSERT_EQUAL(mg_settings_set_rps_cpus(want, 5, "0"), 0);
	CU_ASSERT_EQUAL(mg_settings_apply(ctx, "vq0", want, 0, NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(mg_ctx_last_error(ctx), "vq0 has no receive queue rx-5 with rps_cpus");
	mg_settings_free(want);

	/* veth has no interrupt vector. */
	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&want), 0);
	CU_ASSERT_EQUAL(mg_settings_set_irq_affinity(want, -1, "0"), 0);
	CU_ASSERT_EQUAL(mg_settings_apply(ctx, "vq0", want, 0, NULL), -EOPNOTSUPP);
	CU_ASSERT_STRING_EQUAL(mg_ctx_last_error(ctx),
			       "vq0 has no interrupt vectors to move: it has no device (a virtual interface)");
	mg_settings_free(want);

	/* What the object refuses itself. */
	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&want), 0);
	CU_ASSERT_EQUAL(mg_settings_set_rps_cpus(want, -1, "0-"), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set_rps_cpus(want, -2, "0"), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set_rps_cpus(want, -1, "64"), -ERANGE);
	CU_ASSERT_EQUAL(mg_settings_set_irq_affinity(want, -1, ""), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_set_xps_cpus(NULL, -1, "0"), -EINVAL);
	mg_settings_free(want);

	/* The CLI says the same, and changes nothing. */
	snprintf(expect, sizeof(expect), "set vq0 mtu 4000 rps-cpus 0-%ld", n);
	CU_ASSERT_EQUAL(cli(expect, out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "is not present (CPUs present:"));
	CU_ASSERT_EQUAL(cli("set vq0 rps-cpus 0-x", out, sizeof(out)), 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "bad value '0-x' for rps-cpus: a CPU list (0-3 or 1,3) or none"));
	CU_ASSERT_EQUAL(cli("set vq0 xps-cpus rx-1:0", out, sizeof(out)), 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "bad value 'rx-1:0' for xps-cpus: [tx-N:]CPUS"));
	/* A list too long is refused whole, never cut into another list ("0,...,0,63" into "0,...,0,6"). */
	{
		char args[600] = "set vq0 rps-cpus ";

		for (int i = 0; i < 127; i++)
			strcat(args, "0,");
		strcat(args, "63 --dry-run");
		CU_ASSERT_EQUAL(cli(args, out, sizeof(out)), 2);
		CU_ASSERT_PTR_NOT_NULL(strstr(out, "for rps-cpus: a CPU list of at most 255 characters"));
	}
	CU_ASSERT_EQUAL(mtu_of(ctx), 1500);
	mg_ctx_unref(ctx);
}

static void test_cli(void)
{
	static char out[65536];

	if (!two_cpus())
		return;
	CU_ASSERT_EQUAL(cli("set vq0 rps-cpus rx-1:1 xps-cpus 0-1 --dry-run", out, sizeof(out)), 0);
	CU_ASSERT_STRING_EQUAL(out, "would set rps-cpus:rx-1: none -> 1\n"
				    "would set xps-cpus:tx-0: none -> 0-1\n"
				    "would set xps-cpus:tx-1: none -> 0-1\n");
	CU_ASSERT_EQUAL(mask_of("rx-1"), 0);
	CU_ASSERT_EQUAL(cli("set vq0 rps-cpus rx-1:1", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(mask_of("rx-1"), 2);
	/* show reads it back as set took it, a veth's queues as any adapter's; JSON has the mask and the list. */
	CU_ASSERT_EQUAL(cli("show vq0", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\nrps cpus:          rx-0:none rx-1:1\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\nxps cpus:          tx-0:none tx-1:none\n"));
	if (!strstr(out, "rx-1:1"))
		fprintf(stderr, "show vq0:\n%s", out);
	CU_ASSERT_EQUAL(cli("show vq0 --json", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"queue\": \"rx-1\",\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"rps_cpus\": \"2\",\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"rps_cpus_list\": \"1\"\n"));
	CU_ASSERT_EQUAL(cli("set vq0 rps-cpus none", out, sizeof(out)), 0);
	CU_ASSERT_STRING_EQUAL(out, "set rps-cpus:rx-1: 1 -> none\n");
	CU_ASSERT_EQUAL(mask_of("rx-1"), 0);
}

/* Killed after the RPS group: the journal holds the masks, and a rollback puts them back. */
static void test_killed_and_rolled_back(void)
{
	struct mg_ctx *ctx = live();
	struct mg_apply_result *r = NULL;
	int fds[2], status;
	pid_t pid;

	if (!two_cpus())
		return;
	CU_ASSERT_EQUAL_FATAL(pipe(fds), 0);
	pid = fork();
	CU_ASSERT_FATAL(pid >= 0);
	if (pid == 0) {
		struct mg_settings *want;
		struct mg_ctx *c;

		close(fds[1]);
		if (mg_ctx_new(NULL, &c) < 0 || mg_settings_new(&want) < 0)
			_exit(3);
		c->test.pause_after_group = MG_GROUP_RPS;
		c->test.pause_fd = fds[0];
		mg_settings_set(want, MG_PARAM_MTU, 4000);
		mg_settings_set_rps_cpus(want, -1, "0-1");
		mg_settings_set_xps_cpus(want, 0, "1");
		mg_settings_apply(c, "vq0", want, 0, NULL);
		_exit(0);
	}
	close(fds[0]);
	for (int i = 0; i < 2000 && mask_of("rx-1") != 3; i++)
		usleep(5000);
	CU_ASSERT_EQUAL_FATAL(mask_of("rx-1"), 3);
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	close(fds[1]);
	CU_ASSERT_EQUAL(mtu_of(ctx), 4000);
	CU_ASSERT_EQUAL(mask_of("rx-0"), 3);
	CU_ASSERT_EQUAL(mask_of("tx-0"), 0);
	CU_ASSERT_EQUAL(mg_settings_journal_pending(ctx, "vq0"), 1);
	{
		char out[8192];

		CU_ASSERT_EQUAL(system("cat /run/multigig/journal/* > /tmp/mg-steer-journal.txt"), 0);
		snprintf(out, sizeof(out), "%s", file_text("/tmp/mg-steer-journal.txt"));
		CU_ASSERT_STRING_EQUAL(out, "multigig-journal 2");
		CU_ASSERT_EQUAL(system("grep -qx 'rps-cpus 1 0 3' /tmp/mg-steer-journal.txt"), 0);
		CU_ASSERT_EQUAL(system("grep -qx 'xps-cpus 0 0 2' /tmp/mg-steer-journal.txt"), 0);
		unlink("/tmp/mg-steer-journal.txt");
	}
	/* A new apply refuses until the interrupted one is undone. */
	CU_ASSERT_EQUAL(cli("set vq0 rps-cpus 1 > /dev/null", (char[256]){ 0 }, 256), 1);
	CU_ASSERT_EQUAL(mg_settings_rollback(ctx, "vq0", 0, &r), 0);
	CU_ASSERT_EQUAL(mg_apply_result_rolled_back(r), 1);
	mg_apply_result_free(r);
	CU_ASSERT_EQUAL(mtu_of(ctx), 1500);
	CU_ASSERT_EQUAL(mask_of("rx-0"), 0);
	CU_ASSERT_EQUAL(mask_of("rx-1"), 0);
	CU_ASSERT_EQUAL(mask_of("tx-0"), 0);
	CU_ASSERT_EQUAL(journals(), 0);
	mg_ctx_unref(ctx);
}

/* ---- IRQ affinity on a stand-in for sysfs and /proc/irq ---- */

#define FUNCTION_DIR "devices/pci0000:00/0000:00:1c.0/0000:01:00.0"




static const char *vector(const char *root, int irq)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/multigig/proc/irq/%d/smp_affinity_list", root, irq);
	return file_text(path);
}

/* vq0, by its index, as the PCI function 0000:01:00.0 with MSI-X vectors 40 and 41 on CPUs 0-1. */
static struct mg_ctx *stand_in(char *root)
{
	char ifindex[16];
	struct mg_ctx *sys;

	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(root));
	make_dirs(root, FUNCTION_DIR "/net/vq0");
	make_dirs(root, FUNCTION_DIR "/msi_irqs");
	make_dirs(root, "class/net");
	make_dirs(root, "bus/pci/devices");
	make_dirs(root, "devices/system/cpu");
	make_dirs(root, "multigig/proc/irq/40");
	make_dirs(root, "multigig/proc/irq/41");
	put_link(root, "class/net/vq0", "../../" FUNCTION_DIR "/net/vq0");
	put_link(root, FUNCTION_DIR "/net/vq0/device", "../../../0000:01:00.0");
	put_link(root, FUNCTION_DIR "/subsystem", "../../../../bus/pci");
	put_link(root, "bus/pci/devices/0000:01:00.0", "../../../" FUNCTION_DIR);
	snprintf(ifindex, sizeof(ifindex), "%u\n", if_nametoindex("vq0"));
	put_file(root, FUNCTION_DIR "/net/vq0/ifindex", ifindex);
	put_file(root, FUNCTION_DIR "/msi_irqs/40", "msix\n");
	put_file(root, FUNCTION_DIR "/msi_irqs/41", "msix\n");
	put_file(root, "devices/system/cpu/present", "0-3\n");
	put_file(root, "multigig/proc/irq/40/smp_affinity_list", "0-3\n");
	put_file(root, "multigig/proc/irq/41/smp_affinity_list", "0-3\n");
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(root, &sys), 0);
	return sys;
}

static void remove_tree(const char *root)
{
	char cmd[256];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	CU_ASSERT_EQUAL(system(cmd), 0);
}

static int apply_irq(struct mg_ctx *ctx, int irq, const char *cpus, long long mtu, struct mg_apply_result **r)
{
	struct mg_settings *want;
	int err;

	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&want), 0);
	CU_ASSERT_EQUAL_FATAL(mg_settings_set_irq_affinity(want, irq, cpus), 0);
	if (mtu > 0)
		mg_settings_set(want, MG_PARAM_MTU, mtu);
	err = mg_settings_apply(ctx, "vq0", want, 0, r);
	mg_settings_free(want);
	return err;
}

static void test_irq_affinity(void)
{
	char root[] = "/tmp/mg-steer-XXXXXX", path[512];
	struct mg_ctx *ctx = live(), *sys = stand_in(root);
	struct mg_apply_result *r = NULL;

	ctx->test.steer_sysfs = sys;
	/* Spread: one vector per CPU. */
	CU_ASSERT_EQUAL(apply_irq(ctx, 40, "2", 0, &r), 0);
	CU_ASSERT_EQUAL_FATAL(mg_apply_result_count(r), 1);
	CU_ASSERT_STRING_EQUAL(mg_apply_result_get_name(r, 0), "irq-affinity:40");
	CU_ASSERT_EQUAL(mg_apply_result_get_group(r, 0), MG_GROUP_IRQ_AFFINITY);
	mg_apply_result_free(r);
	CU_ASSERT_STRING_EQUAL(vector(root, 40), "2");
	CU_ASSERT_STRING_EQUAL(vector(root, 41), "0-3");
	CU_ASSERT_EQUAL(apply_irq(ctx, -1, "1,3", 0, &r), 0);
	CU_ASSERT_EQUAL(mg_apply_result_count(r), 2);
	mg_apply_result_free(r);
	CU_ASSERT_STRING_EQUAL(vector(root, 40), "1,3");
	CU_ASSERT_STRING_EQUAL(vector(root, 41), "1,3");

	/* Refused before anything changes: a CPU the tree does not have, a vector not the adapter's. */
	CU_ASSERT_EQUAL(apply_irq(ctx, -1, "0-5", 4000, NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(mg_ctx_last_error(ctx), "vq0: irq-affinity: CPUs 4-5 are not present (CPUs present: "
						       "0-3); nothing was changed");
	CU_ASSERT_EQUAL(apply_irq(ctx, 7, "0", 4000, NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(mg_ctx_last_error(ctx), "vq0: interrupt 7 is not one of the adapter's vectors");
	CU_ASSERT_EQUAL(mtu_of(ctx), 1500);
	CU_ASSERT_STRING_EQUAL(vector(root, 40), "1,3");

	/*
	 * The kernel refuses the second vector (one it manages: a directory in
	 * the file's place makes the write fail): the first is put back, and
	 * the MTU before them.
	 */
	snprintf(path, sizeof(path), "%s/multigig/proc/irq/41/smp_affinity_list", root);
	CU_ASSERT_EQUAL_FATAL(unlink(path), 0);
	CU_ASSERT_EQUAL_FATAL(mkdir(path, 0755), 0);
	put_file(root, "multigig/proc/irq/41/effective_affinity_list", "1\n");
	/* Unreadable now: the plan refuses it. */
	CU_ASSERT_EQUAL(apply_irq(ctx, -1, "0", 4000, NULL), -EIO);
	CU_ASSERT_STRING_EQUAL(mg_ctx_last_error(ctx), "vq0: irq-affinity:41 could not be read");
	CU_ASSERT_EQUAL(mtu_of(ctx), 1500);
	mg_ctx_unref(ctx);
	mg_ctx_unref(sys);
	remove_tree(root);
}

/*
 * A CPU present but offline: the kernel steers packets only to online
 * CPUs and shows only those after a write, so a mask naming one is
 * refused before anything changes, not written and then rolled back.
 */
static void test_rps_offline_cpu(void)
{
	char root[] = "/tmp/mg-steer-XXXXXX", path[512];
	struct mg_ctx *ctx = live(), *sys = stand_in(root);
	struct mg_settings *want;

	ctx->test.steer_sysfs = sys;
	make_dirs(root, FUNCTION_DIR "/net/vq0/queues/rx-0");
	put_file(root, FUNCTION_DIR "/net/vq0/queues/rx-0/rps_cpus", "0\n");
	put_file(root, "devices/system/cpu/online", "0-1,3\n");
	snprintf(path, sizeof(path), "%s/" FUNCTION_DIR "/net/vq0/queues/rx-0/rps_cpus", root);
	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&want), 0);
	CU_ASSERT_EQUAL(mg_settings_set(want, MG_PARAM_MTU, 4000), 0);
	CU_ASSERT_EQUAL(mg_settings_set_rps_cpus(want, -1, "1-2"), 0);
	CU_ASSERT_EQUAL(mg_settings_apply(ctx, "vq0", want, 0, NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(mg_ctx_last_error(ctx), "vq0: rps-cpus: CPU 2 is offline (CPUs online: 0-1,3), and the "
						       "kernel steers to online CPUs only; nothing was changed");
	CU_ASSERT_EQUAL(mtu_of(ctx), 1500);
	CU_ASSERT_STRING_EQUAL(file_text(path), "0");
	mg_settings_free(want);
	/* Those online are taken. */
	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&want), 0);
	CU_ASSERT_EQUAL(mg_settings_set_rps_cpus(want, -1, "1,3"), 0);
	CU_ASSERT_EQUAL(mg_settings_apply(ctx, "vq0", want, 0, NULL), 0);
	CU_ASSERT_STRING_EQUAL(file_text(path), "a");
	mg_settings_free(want);
	/* A vector keeps offline CPUs in its mask, but the kernel refuses a mask with none online. */
	CU_ASSERT_EQUAL(apply_irq(ctx, 40, "2", 0, NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(mg_ctx_last_error(ctx), "vq0: irq-affinity: CPU 2 is offline (CPUs online: 0-1,3), and "
						       "the kernel needs one online; nothing was changed");
	CU_ASSERT_STRING_EQUAL(vector(root, 40), "0-3");
	CU_ASSERT_EQUAL(apply_irq(ctx, 40, "2-3", 0, NULL), 0);
	CU_ASSERT_STRING_EQUAL(vector(root, 40), "2-3");
	mg_ctx_unref(ctx);
	mg_ctx_unref(sys);
	remove_tree(root);
}

/* A write refused midway through the group: what it wrote is put back, and the groups before. */
static void test_irq_write_refused(void)
{
	char root[] = "/tmp/mg-steer-XXXXXX";
	struct mg_ctx *ctx = live(), *sys = stand_in(root);
	struct mg_apply_result *r = NULL;
	char path[512];

	ctx->test.steer_sysfs = sys;
	/* Refused to the writer, even root: the file mounted read-only on itself (this test's mount namespace). */
	snprintf(path, sizeof(path), "%s/multigig/proc/irq/41/smp_affinity_list", root);
	CU_ASSERT_EQUAL_FATAL(mount(path, path, "none", MS_BIND, NULL), 0);
	CU_ASSERT_EQUAL_FATAL(mount("none", path, "none", MS_REMOUNT | MS_BIND | MS_RDONLY, NULL), 0);
	CU_ASSERT_EQUAL(apply_irq(ctx, -1, "2", 4000, &r), -EPERM);
	CU_ASSERT_EQUAL(mg_apply_result_get_failed_group(r), MG_GROUP_IRQ_AFFINITY);
	CU_ASSERT_EQUAL(mg_apply_result_rolled_back(r), 1);
	mg_apply_result_free(r);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "vq0: changing irq-affinity needs a writable /proc; "));
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "every change was rolled back"));
	CU_ASSERT_STRING_EQUAL(vector(root, 40), "0-3");
	CU_ASSERT_STRING_EQUAL(vector(root, 41), "0-3");
	CU_ASSERT_EQUAL(mtu_of(ctx), 1500);
	CU_ASSERT_EQUAL(journals(), 0);
	CU_ASSERT_EQUAL(umount(path), 0);
	mg_ctx_unref(ctx);
	mg_ctx_unref(sys);
	remove_tree(root);
}

int main(void)
{
	if (geteuid() != 0) {
		printf("steer suite: needs root to create a network namespace; not run\n");
		return MG_TEST_SKIP;
	}
	/* A network namespace, a /sys that shows it, and a /run for the locks and journals, all our own. */
	if (unshare(CLONE_NEWNET | CLONE_NEWNS) < 0 || mount("none", "/", "none", MS_REC | MS_PRIVATE, NULL) < 0 ||
	    mount("sysfs", "/sys", "sysfs", 0, NULL) < 0 || mount("tmpfs", "/run", "tmpfs", 0, "mode=0755") < 0) {
		perror("a private network namespace, /sys and /run");
		return EXIT_FAILURE;
	}
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("rps and xps on veth", suite_init, NULL, MG_TEST(test_rps_xps_applied),
		     MG_TEST(test_rolled_back_on_later_failure), MG_TEST(test_refused_before_any_change),
		     MG_TEST(test_cli), MG_TEST(test_killed_and_rolled_back));
	MG_ADD_SUITE("irq affinity on a stand-in", NULL, NULL, MG_TEST(test_irq_affinity),
		     MG_TEST(test_irq_write_refused), MG_TEST(test_rps_offline_cpu));
	return mg_test_run();
}
