/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * NetworkManager as the second engine that persists settings: a real
 * NetworkManager, with its own D-Bus system bus and systemd-udevd, in a
 * network and mount namespace of this test's alone, managing a veth with
 * a connection whose profile sets the MTU and an RX ring. Read over D-Bus
 * (gather/nm.c), shown beside udev's file in persist --status, written
 * into its profile by a persist (with a confirmation window, a rollback,
 * another writer, --remove), and the doctor's persist-conflict with the
 * fix that ends it, checked by re-activating the connection.
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

/* A system bus of this test's own, at the usual address under its private /run: up to 5 s. */
static int start_bus(void)
{
	static const char *const argv[] = { DBUS, "--system", "--nofork", "--nopidfile", NULL };

	bus_pid = mg_test_spawn(argv, "/run/dbus.log");
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

	nm_pid = mg_test_spawn(argv, "/run/nm.log");
	return nm_pid > 0 ? wait_nm() : -1;
}

static int suite_clean(void)
{
	mg_test_stop(&nm_pid);
	mg_test_stop(&bus_pid);
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

/* A key of the profile, as nmcli reads it; "" when it cannot. */
static void nm_key(const char *key, char *buf, size_t size)
{
	char args[256];

	snprintf(args, sizeof(args), "-g %s connection show mgtest", key);
	if (mg_test_cli("", "nmcli", args, buf, size) != 0)
		buf[0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
}

/* What the profile's user data says libmultigig wrote (nmcli shows no user data). */
static const char *mark(void)
{
	static struct mg_nm_view v;
	struct mg_ctx *ctx;

	if (mg_ctx_new(NULL, &ctx) < 0)
		return "?";
	if (mg_nm_read(ctx, "nm0", &v) < 0)
		snprintf(v.mark, sizeof(v.mark), "?");
	mg_ctx_unref(ctx);
	return v.mark;
}

/* The profile's file on disk: what a reboot brings back. */
static bool on_disk(const char *line)
{
	char cmd[256];

	snprintf(cmd, sizeof(cmd), "grep -qx '%s' /etc/NetworkManager/system-connections/mgtest.nmconnection", line);
	return mg_test_system(cmd) == 0;
}

/*
 * NM manages the interface with a connection active: what its profile can
 * carry is written there over D-Bus, and an activation brings it back; its
 * other keys stay, and nothing is left for udev's file.
 */
static void test_persist_into_nm(void)
{
	char out[4096], v[256];

	MG_TEST_SKIP_IF(!have_nm(), "NetworkManager, systemd-udevd or dbus-daemon is not installed");
	CU_ASSERT_EQUAL(cli("set nm0 mtu 5000 --persist", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "802-3-ethernet.mtu=5000 in 'mgtest'"));
	nm_key("802-3-ethernet.mtu", v, sizeof(v));
	CU_ASSERT_STRING_EQUAL(v, "5000");
	nm_key("ethtool.ring-rx", v, sizeof(v));
	CU_ASSERT_STRING_EQUAL(v, "100");
	CU_ASSERT_STRING_EQUAL(mark(), "802-3-ethernet.mtu=5000");
	CU_ASSERT(on_disk("mtu=5000"));
	CU_ASSERT_NOT_EQUAL(access(OURS, F_OK), 0);
	/* The connection activated again: NM puts the value back. */
	CU_ASSERT_EQUAL(mg_test_system("ip link set nm0 mtu 1500 && nmcli connection up mgtest >/dev/null"), 0);
	CU_ASSERT_EQUAL(mg_test_mtu_of("nm0"), 5000);
	CU_ASSERT_EQUAL(cli("persist nm0 --status", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "802-3-ethernet.mtu=5000, running 5000\n"));

	/* Unconfirmed, in NM's memory only: the file on disk keeps the value a reboot would bring back. */
	CU_ASSERT_EQUAL(cli("set nm0 mtu 6000 --persist --confirm 60", out, sizeof(out)), 0);
	nm_key("802-3-ethernet.mtu", v, sizeof(v));
	CU_ASSERT_STRING_EQUAL(v, "6000");
	CU_ASSERT(on_disk("mtu=5000"));
	CU_ASSERT_EQUAL(cli("rollback nm0", out, sizeof(out)), 0);
	nm_key("802-3-ethernet.mtu", v, sizeof(v));
	CU_ASSERT_STRING_EQUAL(v, "5000");
	CU_ASSERT(on_disk("mtu=5000"));
	CU_ASSERT_EQUAL(mg_test_mtu_of("nm0"), 5000);
	CU_ASSERT_STRING_EQUAL(mark(), "802-3-ethernet.mtu=5000");
	/* Confirmed: on disk. */
	CU_ASSERT_EQUAL(cli("set nm0 mtu 6000 --persist --confirm 60", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(cli("confirm nm0", out, sizeof(out)), 0);
	CU_ASSERT(on_disk("mtu=6000"));

	/* Another writer's value since is theirs: a rollback leaves it. */
	CU_ASSERT_EQUAL(cli("set nm0 mtu 7000 --persist --confirm 60", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(mg_test_system("nmcli connection modify mgtest 802-3-ethernet.mtu 7100"), 0);
	CU_ASSERT_EQUAL(cli("rollback nm0", out, sizeof(out)), 0);
	nm_key("802-3-ethernet.mtu", v, sizeof(v));
	CU_ASSERT_STRING_EQUAL(v, "7100");
	CU_ASSERT_EQUAL(mg_test_mtu_of("nm0"), 6000);
	/* A value its owner set is not libmultigig's to remove. */
	CU_ASSERT_EQUAL(cli("persist nm0 --remove", out, sizeof(out)), 0);
	nm_key("802-3-ethernet.mtu", v, sizeof(v));
	CU_ASSERT_STRING_EQUAL(v, "7100");

	/* persist IFACE: what runs now; --remove takes out exactly that, the owner's keys stay. */
	CU_ASSERT_EQUAL(cli("persist nm0", out, sizeof(out)), 0);
	nm_key("802-3-ethernet.mtu", v, sizeof(v));
	CU_ASSERT_STRING_EQUAL(v, "6000");
	CU_ASSERT_EQUAL(cli("persist nm0 --remove", out, sizeof(out)), 0);
	nm_key("802-3-ethernet.mtu", v, sizeof(v));
	CU_ASSERT_STRING_EQUAL(v, "auto");
	nm_key("ethtool.ring-rx", v, sizeof(v));
	CU_ASSERT_STRING_EQUAL(v, "100");
	CU_ASSERT_STRING_EQUAL(mark(), "");
	CU_ASSERT_NOT_EQUAL(access(OURS, F_OK), 0);
	CU_ASSERT_EQUAL(mg_test_system("nmcli connection modify mgtest 802-3-ethernet.mtu 4000 && "
				       "nmcli connection up mgtest >/dev/null"), 0);
}

/*
 * The secrets NM keeps for the profile survive a write. Its API says an
 * update replaces everything, secrets too, so they are sent back; the NM
 * of Debian 12 keeps them even when they are not, so this passes either way
 * there: it guards against a write that loses them, not that they are sent.
 */
static void test_persist_keeps_secrets(void)
{
	char out[4096], v[256];

	MG_TEST_SKIP_IF(!have_nm(), "NetworkManager, systemd-udevd or dbus-daemon is not installed");
	CU_ASSERT_EQUAL_FATAL(mg_test_system("nmcli connection modify mgtest 802-1x.eap md5 802-1x.identity bob "
					     "802-1x.password s3cret-Pw"), 0);
	CU_ASSERT_EQUAL(cli("set nm0 mtu 4100 --persist", out, sizeof(out)), 0);
	nm_key("802-3-ethernet.mtu", v, sizeof(v));
	CU_ASSERT_STRING_EQUAL(v, "4100");
	/*
	 * (nmcli -s complains of the ethtool keys on its standard error, with
	 * or without this write, and once in a loaded run printed nothing.)
	 */
	CU_ASSERT_EQUAL(mg_test_system("for i in 1 2 3; do [ \"$(nmcli -s -g 802-1x.password connection show mgtest "
				       "2>/dev/null)\" = s3cret-Pw ] && exit 0; sleep 0.5; done; exit 1"), 0);
	CU_ASSERT(on_disk("password=s3cret-Pw"));
	CU_ASSERT_EQUAL(mg_test_system("nmcli connection modify mgtest remove 802-1x && "
				       "nmcli connection modify mgtest 802-3-ethernet.mtu 4000 && "
				       "nmcli connection up mgtest >/dev/null"), 0);
}

/*
 * A dry run changes nothing; a failure of NM's step takes the running
 * change back; a writer killed after NM's step leaves a journal whose
 * rollback puts back the profile and what runs.
 */
static void test_persist_nm_interrupted(void)
{
	char out[4096], v[256], cmd[512];

	MG_TEST_SKIP_IF(!have_nm(), "NetworkManager, systemd-udevd or dbus-daemon is not installed");
	CU_ASSERT_EQUAL(cli("set nm0 mtu 4200 --persist --dry-run", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "nm.mtu"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "802-3-ethernet.mtu=4200 in 'mgtest'"));
	nm_key("802-3-ethernet.mtu", v, sizeof(v));
	CU_ASSERT_STRING_EQUAL(v, "4000");
	CU_ASSERT_EQUAL(mg_test_mtu_of("nm0"), 4000);

	snprintf(cmd, sizeof(cmd), "MG_TEST_INJECT_GROUP=%d", MG_GROUP_PERSIST_NM);
	CU_ASSERT_EQUAL(mg_test_cli(cmd, MULTIGIG_TEST_CLI, "set nm0 mtu 4200 --persist", out, sizeof(out)), 1);
	CU_ASSERT_EQUAL(mg_test_mtu_of("nm0"), 4000);
	nm_key("802-3-ethernet.mtu", v, sizeof(v));
	CU_ASSERT_STRING_EQUAL(v, "4000");

	/* Paused after NM's step, then killed: the journal stays, and says what to undo. */
	snprintf(cmd, sizeof(cmd), "MG_TEST_PAUSE_AFTER_GROUP=%d '%s' set nm0 mtu 4300 --persist >/dev/null 2>&1 & "
		 "for i in $(seq 100); do [ \"$(nmcli -g 802-3-ethernet.mtu connection show mgtest)\" = 4300 ] && break; "
		 "sleep 0.1; done; sleep 0.2; kill -9 $!; wait $! 2>/dev/null; true", MG_GROUP_PERSIST_NM,
		 MULTIGIG_TEST_CLI);
	CU_ASSERT_EQUAL(mg_test_system(cmd), 0);
	nm_key("802-3-ethernet.mtu", v, sizeof(v));
	CU_ASSERT_STRING_EQUAL(v, "4300");
	CU_ASSERT_EQUAL(mg_test_mtu_of("nm0"), 4300);
	CU_ASSERT_EQUAL(cli("rollback nm0", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "restored nm.mtu"));
	nm_key("802-3-ethernet.mtu", v, sizeof(v));
	CU_ASSERT_STRING_EQUAL(v, "4000");
	CU_ASSERT(on_disk("mtu=4000"));
	CU_ASSERT_EQUAL(mg_test_mtu_of("nm0"), 4000);
	CU_ASSERT_STRING_EQUAL(mark(), "");
}

/*
 * A rollback of a change whose connection went down meanwhile (NM drops it
 * when the carrier goes, which a confirmation window guards against): the
 * profile is read and put back by its uuid, active or not.
 */
static void test_rollback_inactive(void)
{
	char out[4096], v[256];

	MG_TEST_SKIP_IF(!have_nm(), "NetworkManager, systemd-udevd or dbus-daemon is not installed");
	CU_ASSERT_EQUAL(cli("set nm0 mtu 4400 --persist --confirm 60", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(mg_test_system("nmcli connection down mgtest >/dev/null"), 0);
	CU_ASSERT_EQUAL(cli("rollback nm0", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "restored nm.mtu"));
	CU_ASSERT_PTR_NULL(strstr(out, "left nm.mtu"));
	/* The change waited in NM's memory: what NM holds now, not its file, says it was undone. */
	nm_key("802-3-ethernet.mtu", v, sizeof(v));
	CU_ASSERT_STRING_EQUAL(v, "4000");
	CU_ASSERT_EQUAL(mg_test_system("nmcli connection up mgtest >/dev/null"), 0);
	CU_ASSERT_EQUAL(mg_test_mtu_of("nm0"), 4000);
	/* Saved again: the next persist goes into it. */
	CU_ASSERT_EQUAL(cli("set nm0 mtu 4000 --persist", out, sizeof(out)), 0);
	CU_ASSERT_NOT_EQUAL(access(OURS, F_OK), 0);
}

/*
 * A connection NM keeps in memory only is gone at a reboot: udev's file
 * carries the value, and a value that profile sets otherwise, which NM
 * would put back at its activation, is refused naming the nmcli command.
 */
static void test_unsaved_profile(void)
{
	char out[4096], *text = NULL;

	MG_TEST_SKIP_IF(!have_nm(), "NetworkManager, systemd-udevd or dbus-daemon is not installed");
	CU_ASSERT_EQUAL_FATAL(mg_test_system("nmcli connection add type ethernet ifname nm0 con-name mgtmp save no "
					     "ipv4.method disabled ipv6.method disabled >/dev/null && "
					     "nmcli connection up mgtmp >/dev/null"), 0);
	CU_ASSERT_EQUAL(cli("set nm0 mtu 4100 --persist", out, sizeof(out)), 0);
	/* Not fatal: the connections are put back below whatever happens, for the tests after. */
	CU_ASSERT_EQUAL(mg_text_file_read(OURS, &text), 0);
	CU_ASSERT_PTR_NOT_NULL(text ? strstr(text, "MTUBytes=4100") : NULL);
	free(text);
	CU_ASSERT_EQUAL(mg_test_system("nmcli connection modify --temporary mgtmp 802-3-ethernet.mtu 1400"), 0);
	CU_ASSERT_EQUAL(cli("set nm0 mtu 4200 --persist", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "nm0: NetworkManager's connection 'mgtmp' sets 802-3-ethernet.mtu 1400 and "
					   "applies it at every activation, after udev, so a .link file's 4200 would "
					   "not last; change it there: nmcli connection modify "));
	CU_ASSERT_EQUAL(mg_test_mtu_of("nm0"), 4100);
	CU_ASSERT_EQUAL(cli("persist nm0 --remove", out, sizeof(out)), 0);
	CU_ASSERT_NOT_EQUAL(access(OURS, F_OK), 0);
	CU_ASSERT_EQUAL(mg_test_system("nmcli connection delete mgtmp >/dev/null && "
				       "nmcli connection up mgtest >/dev/null"), 0);
	CU_ASSERT_EQUAL(mg_test_mtu_of("nm0"), 4000);
}

/* With no connection active, udev's file carries the value; the connection's own then conflicts with it. */
static void make_conflict(void)
{
	char out[4096];

	CU_ASSERT_EQUAL(mg_test_system("nmcli connection down mgtest >/dev/null"), 0);
	CU_ASSERT_EQUAL(cli("set nm0 mtu 4000 --persist", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(access(OURS, F_OK), 0);
	CU_ASSERT_EQUAL(mg_test_system("nmcli connection up mgtest >/dev/null && ip link set nm0 mtu 4000"), 0);
}

/* The profile changed behind the file: the conflict, found and fixed, and the fix lasts an activation. */
static void test_conflict(void)
{
	char out[8192], *fix, cmd[512];

	MG_TEST_SKIP_IF(!have_nm(), "NetworkManager, systemd-udevd or dbus-daemon is not installed");
	make_conflict();
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

/* Persisting the value the file and the profile disagree on: into the profile, and out of the file. */
static void test_persist_ends_conflict(void)
{
	char out[8192], v[64], *text = NULL;

	MG_TEST_SKIP_IF(!have_nm(), "NetworkManager, systemd-udevd or dbus-daemon is not installed");
	CU_ASSERT_EQUAL_FATAL(mg_text_file_read(OURS, &text), 0); /* MTUBytes=4000, the profile's 1500 */
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "MTUBytes=4000"));
	free(text);
	CU_ASSERT_EQUAL(cli("set nm0 mtu 4000 --persist", out, sizeof(out)), 0);
	nm_key("802-3-ethernet.mtu", v, sizeof(v));
	CU_ASSERT_STRING_EQUAL(v, "4000");
	CU_ASSERT_EQUAL_FATAL(mg_text_file_read(OURS, &text), 0);
	CU_ASSERT_PTR_NULL(strstr(text, "MTUBytes"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "# Written by libmultigig."));
	free(text);
	CU_ASSERT_EQUAL(cli("doctor nm0", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NULL(strstr(out, "persist-conflict"));
	/* A rollback of that puts both back. */
	CU_ASSERT_EQUAL(cli("set nm0 mtu 4400 --persist --confirm 60", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(cli("rollback nm0", out, sizeof(out)), 0);
	nm_key("802-3-ethernet.mtu", v, sizeof(v));
	CU_ASSERT_STRING_EQUAL(v, "4000");
	CU_ASSERT_EQUAL(mg_test_mtu_of("nm0"), 4000);
}

/* NM gone: nothing to ask, which is no error. */
static void test_not_running(void)
{
	struct mg_persist_status *s = NULL;
	struct mg_ctx *ctx;

	MG_TEST_SKIP_IF(!have_nm(), "NetworkManager, systemd-udevd or dbus-daemon is not installed");
	mg_test_stop(&nm_pid);
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
		     MG_TEST(test_status), MG_TEST(test_persist_into_nm), MG_TEST(test_persist_keeps_secrets),
		     MG_TEST(test_persist_nm_interrupted),
		     MG_TEST(test_rollback_inactive), MG_TEST(test_unsaved_profile), MG_TEST(test_conflict),
		     MG_TEST(test_set_says_put_back), MG_TEST(test_persist_ends_conflict),
		     MG_TEST(test_not_running));
	return mg_test_run();
}
