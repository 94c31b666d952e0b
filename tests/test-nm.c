/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * NetworkManager as the second engine that persists settings: a real
 * NetworkManager, with its own D-Bus system bus and systemd-udevd, in a
 * network and mount namespace of this test's alone, managing a veth with
 * a connection whose profile sets the MTU and an RX ring. Read over D-Bus
 * (gather/nm.c), shown beside udev's file in persist --status, a persist
 * its profile would undo refused, and the doctor's persist-conflict with
 * the fix that ends it, checked by re-activating the connection.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "apply/apply.h"
#include "gather/gather.h"
#include "model/model.h"
#include "mg-test.h"
#include "test-private.h"
#include "test-util.h"

#define NM "/usr/sbin/NetworkManager"
#define UDEVD "/lib/systemd/systemd-udevd"
#define DBUS "/usr/bin/dbus-daemon"
#define OURS "/etc/systemd/network/10-multigig-name-nm0.link"

static pid_t nm_pid;


static int cli(const char *args, char *out, size_t size)
{
	/* The doctor takes the veth for hardware, as the doctor's tests do. */
	return mg_test_cli("MG_TEST_DOCTOR_VIRTUAL=1", MULTIGIG_TEST_CLI, args, out, size);
}

static pid_t bus_pid;

/* NM with its places as its package makes them, udevd and a bus daemon. */
static bool have_nm(void)
{
	return access(NM, X_OK) == 0 && access(UDEVD, X_OK) == 0 && access(DBUS, X_OK) == 0 &&
	       access("/etc/NetworkManager", F_OK) == 0 && access("/var/lib/NetworkManager", F_OK) == 0;
}

/*
 * NM's own places as this test's: its configuration (every device
 * managed, polkit not asked: the callers are root), its state, and a rule
 * that lets it manage a veth, which Debian's rules leave to others.
 */
static int nm_places(void)
{
	static const char conf[] = "[main]\nauth-polkit=false\nplugins=keyfile\nno-auto-default=*\n"
				   "[keyfile]\nunmanaged-devices=none\n";

	if (mount("tmpfs", "/etc/NetworkManager", "tmpfs", 0, "mode=0755") < 0 ||
	    mount("tmpfs", "/var/lib/NetworkManager", "tmpfs", 0, "mode=0755") < 0 ||
	    mkdir("/etc/NetworkManager/system-connections", 0700) < 0 || mkdir("/run/dbus", 0755) < 0 ||
	    mkdir("/run/udev/rules.d", 0755) < 0)
		return -errno;
	if (mg_test_write_text("/etc/NetworkManager/NetworkManager.conf", conf) < 0 ||
	    mg_test_write_text("/run/udev/rules.d/86-multigig-test-veth.rules",
		       "ENV{ID_NET_DRIVER}==\"veth\", ENV{NM_UNMANAGED}=\"0\"\n") < 0)
		return -EIO;
	return 0;
}

/* NM answering on the bus, managing the device: up to 15 s. */
static int wait_nm(void)
{
	for (int i = 0; i < 150; i++) {
		if (mg_test_system("nmcli -t -f DEVICE,STATE device 2>/dev/null | grep -qx 'nm0:disconnected'") == 0)
			return 0;
		usleep(100000);
	}
	return -1;
}

/* @argv in the background, its output in @log; its pid, or -1. */
static pid_t spawn(const char *const argv[], const char *log)
{
	pid_t pid = fork();

	if (pid == 0) {
		int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);

		dup2(fd, 1);
		dup2(fd, 2);
		execv(argv[0], (char *const *)argv);
		_exit(127);
	}
	return pid;
}

/* A system bus of this test's own, at the usual address under its private /run: up to 5 s. */
static int start_bus(void)
{
	static const char *const argv[] = { DBUS, "--system", "--nofork", "--nopidfile", NULL };

	bus_pid = spawn(argv, "/run/dbus.log");
	for (int i = 0; bus_pid > 0 && i < 50; i++) {
		if (access("/run/dbus/system_bus_socket", F_OK) == 0)
			return 0;
		usleep(100000);
	}
	return -1;
}

static int start_nm(void)
{
	static const char *const argv[] = { NM, "--no-daemon", NULL };

	nm_pid = spawn(argv, "/run/nm.log");
	return nm_pid > 0 ? wait_nm() : -1;
}

static void stop(pid_t *pid)
{
	if (*pid > 0) {
		kill(*pid, SIGTERM);
		waitpid(*pid, NULL, 0);
	}
	*pid = 0;
}

static int suite_clean(void)
{
	stop(&nm_pid);
	stop(&bus_pid);
	mg_test_system("udevadm control --exit; ip link del nm0 2>/dev/null");
	unlink(OURS);
	return 0;
}

static int suite_init(void)
{
	if (!have_nm())
		return 0;
	/* udevd first: NM manages only a device udev has handled. */
	if (nm_places() < 0 || mg_test_system(UDEVD " --daemon >/dev/null 2>&1") != 0 ||
	    mg_test_system("ip link set lo up && ip link add nm0 type veth peer name nm1 && udevadm settle -t 10") != 0 ||
	    start_bus() < 0 || start_nm() < 0 ||
	    /* The connection: its profile sets the MTU and an RX ring (the veth has none, so it never runs). */
	    mg_test_system("nmcli connection add type ethernet ifname nm0 con-name mgtest ipv4.method disabled "
		"ipv6.method disabled 802-3-ethernet.mtu 4000 ethtool.ring-rx 100 >/dev/null && "
		"ip link set nm1 up && nmcli connection up mgtest >/dev/null") != 0) {
		mg_test_system("cat /run/nm.log >&2");
		suite_clean();
		return -1;
	}
	return 0;
}


/* What NM applies to each interface, over D-Bus, and why nothing where it applies nothing. */
static void test_view(void)
{
	struct mg_nm_view v;
	struct mg_ctx *ctx;

	MG_TEST_SKIP_IF(!have_nm(), "NetworkManager, systemd-udevd or dbus-daemon is not installed");
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_nm_read(ctx, "nm0", &v), 0);
	CU_ASSERT(v.running && v.here && v.managed);
	CU_ASSERT_STRING_EQUAL(v.connection, "mgtest");
	CU_ASSERT_EQUAL(strlen(v.uuid), 36);
	CU_ASSERT(v.version[0] == '1');
	CU_ASSERT_STRING_EQUAL(mg_nm_view_get(&v, "802-3-ethernet.mtu"), "4000");
	CU_ASSERT_STRING_EQUAL(mg_nm_view_get(&v, "ethtool.ring-rx"), "100");
	CU_ASSERT_PTR_NULL(mg_nm_view_get(&v, "ethtool.ring-tx"));
	CU_ASSERT_STRING_EQUAL(v.why, "");
	/* Managed, with no connection: no-auto-default made none for it. */
	CU_ASSERT_EQUAL(mg_nm_read(ctx, "nm1", &v), 0);
	CU_ASSERT(v.managed && !v.connection[0] && v.count == 0);
	CU_ASSERT_STRING_EQUAL(v.why, "NetworkManager manages nm1 with no connection active");
	CU_ASSERT_EQUAL(mg_nm_read(ctx, "nosuch0", &v), 0);
	CU_ASSERT_STRING_EQUAL(v.why, "NetworkManager does not know nosuch0");
	mg_ctx_unref(ctx);
}

/* From another namespace, a device of the same name there: neither this udevd nor this NM serves it. */
static int other_namespace_status(void)
{
	struct mg_persist_status *s = NULL;
	const char *why, *nm_why;
	struct mg_ctx *ctx;
	int ok;

	if (mg_test_system("ip link add nm0 type veth peer name nm9") != 0 || mg_ctx_new(NULL, &ctx) < 0)
		return 2;
	if (mg_persist_status_read(ctx, "nm0", &s) < 0) {
		fprintf(stderr, "persist status: %s\n", mg_ctx_last_error(ctx));
		return 3;
	}
	why = mg_persist_status_get_reason(s);
	nm_why = mg_persist_status_get_connection_reason(s);
	ok = !mg_persist_status_get_file(s) && mg_persist_status_count(s) == 0 && why &&
	     strstr(why, "no systemd-udevd runs in this network namespace") && nm_why &&
	     strstr(nm_why, "another network namespace");
	mg_persist_status_free(s);
	mg_ctx_unref(ctx);
	return ok ? 0 : 1;
}

/* The same bus seen from another network namespace: that NM serves none of its devices. */
static void test_other_namespace(void)
{
	int status = -1;
	pid_t pid;

	MG_TEST_SKIP_IF(!have_nm(), "NetworkManager, systemd-udevd or dbus-daemon is not installed");
	pid = fork();
	if (pid == 0) {
		struct mg_nm_view v;
		struct mg_ctx *ctx;

		if (unshare(CLONE_NEWNET) < 0 || mg_ctx_new(NULL, &ctx) < 0 || mg_nm_read(ctx, "nm0", &v) < 0)
			_exit(2);
		if (!v.running || v.here || v.connection[0] || !strstr(v.why, "another network namespace"))
			_exit(1);
		_exit(other_namespace_status());
	}
	CU_ASSERT_FATAL(pid > 0);
	waitpid(pid, &status, 0);
	CU_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

/* persist --status: NM's rows beside udev's file, the running value against each. */
static void test_status(void)
{
	char out[8192];

	MG_TEST_SKIP_IF(!have_nm(), "NetworkManager, systemd-udevd or dbus-daemon is not installed");
	CU_ASSERT_EQUAL(mg_test_mtu_of("nm0"), 4000); /* NM applied its profile */
	CU_ASSERT_EQUAL(cli("persist nm0 --status", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "NetworkManager applies connection 'mgtest' ("));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, ") at every activation\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "NetworkManager:\n  mtu            802-3-ethernet.mtu=4000, running 4000\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "ethtool.ring-rx=100: the next activation changes it\n"));
	CU_ASSERT_EQUAL(cli("--json persist nm0 --status", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"connection\": \"mgtest\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"engine\": \"NetworkManager\",\n      \"source\": \"mgtest\",\n      "
					   "\"key\": \"802-3-ethernet.mtu\""));
	/* An interface it leaves alone says why. */
	CU_ASSERT_EQUAL(cli("persist nm1 --status", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "NetworkManager: NetworkManager manages nm1 with no connection active\n"));
}

/* A value NM's profile would put back at the next activation is refused, before anything changes. */
static void test_persist_refused(void)
{
	char out[4096];

	MG_TEST_SKIP_IF(!have_nm(), "NetworkManager, systemd-udevd or dbus-daemon is not installed");
	CU_ASSERT_EQUAL(cli("set nm0 mtu 5000 --persist", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "nm0: NetworkManager's connection 'mgtest' sets 802-3-ethernet.mtu 4000 "
					   "and applies it at every activation, after udev, so a .link file's 5000 "
					   "would not last; change it there: nmcli connection modify "));
	CU_ASSERT_EQUAL(mg_test_mtu_of("nm0"), 4000);
	CU_ASSERT_NOT_EQUAL(access(OURS, F_OK), 0);
	/* The value NM carries too is persisted. */
	CU_ASSERT_EQUAL(cli("set nm0 mtu 4000 --persist", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(access(OURS, F_OK), 0);
}

/* The profile changed behind the file: the conflict, found and fixed, and the fix lasts an activation. */
static void test_conflict(void)
{
	char out[8192], *fix, cmd[512];

	MG_TEST_SKIP_IF(!have_nm(), "NetworkManager, systemd-udevd or dbus-daemon is not installed");
	CU_ASSERT_EQUAL_FATAL(access(OURS, F_OK), 0);
	CU_ASSERT_EQUAL_FATAL(mg_test_system("nmcli connection modify mgtest 802-3-ethernet.mtu 1500"), 0);
	CU_ASSERT_EQUAL(cli("--json persist nm0 --status", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"key\": \"MTUBytes\",\n      \"persisted\": \"4000\",\n      "
					   "\"running\": \"4000\",\n      \"drift\": false,\n      \"conflict\": true"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"key\": \"802-3-ethernet.mtu\",\n      \"persisted\": \"1500\",\n      "
					   "\"running\": \"4000\",\n      \"drift\": true,\n      \"conflict\": true"));
	CU_ASSERT_EQUAL(cli("doctor nm0", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "[persist-conflict]"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "udev's file and NetworkManager's connection 'mgtest' set mtu differently "
					   "(4000, 1500): NetworkManager's applies last"));
	/* By its UUID, which no other connection shares. */
	fix = strstr(out, "[persist-conflict]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fix);
	fix = strstr(fix, "nmcli connection modify uuid ");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fix);
	CU_ASSERT_PTR_NOT_NULL(strstr(fix, " 802-3-ethernet.mtu 4000\n"));
	/* The MTU is persist-conflict's alone; setting-not-persistent names what only NM carries, at NM. */
	CU_ASSERT_PTR_NULL(strstr(out, "re-plug sets mtu"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "the next boot or re-plug sets rx-ring 100: what runs now is not persisted"));
	CU_ASSERT_PTR_NULL(strstr(out, "multigig persist nm0"));
	/* The fix as the doctor wrote it, then the connection activated again: NM's value is the file's now. */
	snprintf(cmd, sizeof(cmd), "%.*s", (int)strcspn(fix, "\n"), fix);
	CU_ASSERT_EQUAL(mg_test_system(cmd), 0);
	CU_ASSERT_EQUAL(mg_test_system("nmcli connection up mgtest >/dev/null"), 0);
	CU_ASSERT_EQUAL(mg_test_mtu_of("nm0"), 4000);
	CU_ASSERT_EQUAL(cli("doctor nm0", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NULL(strstr(out, "persist-conflict"));
	/* Without the fix, an activation puts NM's value back: the conflict was real. */
	CU_ASSERT_EQUAL(mg_test_system("nmcli connection modify mgtest 802-3-ethernet.mtu 1500 && "
			    "nmcli connection up mgtest >/dev/null"), 0);
	CU_ASSERT_EQUAL(mg_test_mtu_of("nm0"), 1500);
}

/* A set without --persist that either engine will undo says so, naming the file and the connection. */
static void test_set_says_put_back(void)
{
	char out[4096];

	MG_TEST_SKIP_IF(!have_nm(), "NetworkManager, systemd-udevd or dbus-daemon is not installed");
	CU_ASSERT_EQUAL_FATAL(access(OURS, F_OK), 0); /* MTUBytes=4000, and the profile's 1500 (test_conflict) */
	CU_ASSERT_EQUAL(cli("set nm0 mtu 3000", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "nm0: note: " OURS " sets MTUBytes=4000, which udev puts back at the "
					   "next add; --persist keeps mtu\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "nm0: note: NetworkManager's connection 'mgtest' sets 802-3-ethernet.mtu "
					   "1500 and puts it back at its next activation\n"));
	CU_ASSERT_EQUAL(mg_test_mtu_of("nm0"), 3000);
	/* A value both carry already is no news. */
	CU_ASSERT_EQUAL(cli("set nm0 mtu 1500", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NULL(strstr(out, "NetworkManager's connection"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "udev puts back"));
}

/* NM gone: nothing to ask, which is no error. */
static void test_not_running(void)
{
	struct mg_persist_status *s = NULL;
	struct mg_ctx *ctx;

	MG_TEST_SKIP_IF(!have_nm(), "NetworkManager, systemd-udevd or dbus-daemon is not installed");
	stop(&nm_pid);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_persist_status_read(ctx, "nm0", &s), 0);
	CU_ASSERT_PTR_NULL(mg_persist_status_get_connection(s));
	CU_ASSERT_STRING_EQUAL(mg_persist_status_get_connection_reason(s), "NetworkManager is not running");
	for (size_t i = 0; i < mg_persist_status_count(s); i++)
		CU_ASSERT_STRING_EQUAL(mg_persist_status_get_engine(s, i), "udev");
	mg_persist_status_free(s);
	mg_ctx_unref(ctx);
}

int main(void)
{
	/* The QEMU guests run the suites in a chroot, where udevd and udevadm would otherwise do nothing. */
	setenv("SYSTEMD_IGNORE_CHROOT", "1", 1);
	if (geteuid() != 0) {
		printf("NetworkManager suite: needs root for a private namespace; not run\n");
		return 77;
	}
	if (mg_test_private_udev() < 0) {
		perror("a private network namespace, /sys, /run, /etc/systemd/network and NetworkManager's places");
		return EXIT_FAILURE;
	}
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("NetworkManager", suite_init, suite_clean, MG_TEST(test_view), MG_TEST(test_other_namespace),
		     MG_TEST(test_status), MG_TEST(test_persist_refused), MG_TEST(test_conflict),
		     MG_TEST(test_set_says_put_back), MG_TEST(test_not_running));
	return mg_test_run();
}
