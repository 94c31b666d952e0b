/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * systemd-networkd as an engine after udev: a real systemd-networkd, with
 * its own D-Bus system bus and systemd-udevd, in a network and mount
 * namespace of this test's alone, configuring a veth by a .network file
 * whose [Link] sets the MTU. Read over D-Bus (gather/networkd.c), shown
 * in persist --status beside udev's file, a persist it would undo refused
 * naming its file, and the doctor's persist-conflict, whose disagreement
 * is checked by having networkd configure the link again.
 */
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <pwd.h>
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

#define NETWORKD "/lib/systemd/systemd-networkd"
#define UDEVD "/lib/systemd/systemd-udevd"
#define DBUS "/usr/bin/dbus-daemon"
#define NETWORK_FILE "/etc/systemd/network/50-mgtest.network"
#define OURS "/etc/systemd/network/10-multigig-name-nd0.link"

static pid_t bus_pid, networkd_pid;

static int cli(const char *args, char *out, size_t size)
{
	/* The doctor takes the veth for hardware, as the doctor's tests do. */
	return mg_test_cli("MG_TEST_DOCTOR_VIRTUAL=1", MULTIGIG_TEST_CLI, args, out, size);
}

static bool have_networkd(void)
{
	/* networkd runs as its own user, which its package makes. */
	return access(NETWORKD, X_OK) == 0 && access(UDEVD, X_OK) == 0 && access(DBUS, X_OK) == 0 &&
	       getpwnam("systemd-network");
}

/* networkd has configured the link with the file, as its D-Bus says: up to 15 s. */
static int wait_configured(void)
{
	for (int i = 0; i < 150; i++) {
		if (mg_test_system("busctl call org.freedesktop.network1 /org/freedesktop/network1 "
				   "org.freedesktop.network1.Manager DescribeLink i $(cat /sys/class/net/nd0/ifindex) "
				   "2>/dev/null | grep -q 'AdministrativeState[^,]*configured'") == 0)
			return 0;
		usleep(100000);
	}
	return -1;
}

static int start(void)
{
	static const char *const bus[] = { DBUS, "--system", "--nofork", "--nopidfile", NULL };
	static const char *const networkd[] = { NETWORKD, NULL };

	/* Its runtime directories, which systemd makes for it at boot. */
	if (mkdir("/run/dbus", 0755) < 0 ||
	    mg_test_system("mkdir -p /run/systemd/netif/links /run/systemd/netif/leases /run/systemd/netif/lldp && "
			   "chown -R systemd-network: /run/systemd/netif") != 0 ||
	    (bus_pid = mg_test_spawn(bus, "/run/dbus.log")) < 0)
		return -1;
	for (int i = 0; i < 50 && access("/run/dbus/system_bus_socket", F_OK) != 0; i++)
		usleep(100000);
	networkd_pid = mg_test_spawn(networkd, "/run/networkd.log");
	return networkd_pid > 0 ? wait_configured() : -1;
}

static int suite_clean(void)
{
	mg_test_stop(&networkd_pid);
	mg_test_stop(&bus_pid);
	mg_test_system("udevadm control --exit; ip link del nd0 2>/dev/null");
	unlink(OURS);
	unlink(NETWORK_FILE);
	return 0;
}

static int suite_init(void)
{
	if (!have_networkd())
		return 0;
	if (mg_test_write_text(NETWORK_FILE, "[Match]\nName=nd0\n\n[Link]\nMTUBytes=3000\n\n[Network]\n"
			       "LinkLocalAddressing=no\nConfigureWithoutCarrier=yes\n") < 0 ||
	    mg_test_system(UDEVD " --daemon >/dev/null 2>&1") != 0 ||
	    mg_test_system("ip link set lo up && ip link add nd0 type veth peer name nd1 && ip link set nd1 up && udevadm settle -t 10") != 0 ||
	    start() < 0) {
		mg_test_system("cat /run/networkd.log >&2");
		suite_clean();
		return -1;
	}
	return 0;
}

/* What networkd applies, over D-Bus: the file, its MTU; and why nothing for a link it leaves alone. */
static void test_view(void)
{
	struct mg_networkd_view v;
	struct mg_ctx *ctx;

	MG_TEST_SKIP_IF(!have_networkd(), "systemd-networkd, systemd-udevd or dbus-daemon is not installed");
	CU_ASSERT_EQUAL(mg_test_mtu_of("nd0"), 3000); /* networkd applied its file */
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_networkd_read(ctx, (int)if_nametoindex("nd0"), "nd0", &v), 0);
	CU_ASSERT(v.running && v.here && v.managed);
	CU_ASSERT_STRING_EQUAL(v.file, NETWORK_FILE);
	CU_ASSERT_STRING_EQUAL(v.state, "configured");
	CU_ASSERT_STRING_EQUAL(v.mtu, "3000");
	CU_ASSERT_EQUAL_FATAL(mg_networkd_read(ctx, (int)if_nametoindex("nd1"), "nd1", &v), 0);
	CU_ASSERT(v.running && v.here && !v.managed && !v.file[0] && !v.mtu[0]);
	CU_ASSERT_STRING_EQUAL(v.why, "systemd-networkd leaves nd1 unmanaged");
	CU_ASSERT_EQUAL_FATAL(mg_networkd_read(ctx, 99999, "gone0", &v), 0);
	CU_ASSERT_STRING_EQUAL(v.why, "systemd-networkd does not know gone0");
	mg_ctx_unref(ctx);
}

/* The MTU the drop-in @text gives, read as networkd reads it: in @v. */
static int read_with_dropin(const char *text, struct mg_networkd_view *v)
{
	struct mg_ctx *ctx;
	int err;

	if ((mkdir(NETWORK_FILE ".d", 0755) < 0 && errno != EEXIST) ||
	    mg_test_write_text(NETWORK_FILE ".d/mtu.conf", text) < 0 || mg_ctx_new(NULL, &ctx) < 0)
		return -1;
	err = mg_networkd_read(ctx, (int)if_nametoindex("nd0"), "nd0", v);
	mg_ctx_unref(ctx);
	unlink(NETWORK_FILE ".d/mtu.conf");
	rmdir(NETWORK_FILE ".d");
	return err;
}

/* A drop-in of the file counts, and a size as networkd takes it: K of 1024, decimals; what is none is said. */
static void test_dropin(void)
{
	struct mg_networkd_view v;

	MG_TEST_SKIP_IF(!have_networkd(), "systemd-networkd, systemd-udevd or dbus-daemon is not installed");
	CU_ASSERT_EQUAL(read_with_dropin("[Link]\nMTUBytes=3100\n", &v), 0);
	CU_ASSERT_STRING_EQUAL(v.mtu, "3100");
	CU_ASSERT_EQUAL(read_with_dropin("[Link]\nMTUBytes=9K\n", &v), 0);
	CU_ASSERT_STRING_EQUAL(v.mtu, "9216");
	CU_ASSERT_EQUAL(read_with_dropin("[Link]\nMTUBytes=2.5K\n", &v), 0);
	CU_ASSERT_STRING_EQUAL(v.mtu, "2560");
	CU_ASSERT_EQUAL(read_with_dropin("[Link]\nMTUBytes=lots\n", &v), 0);
	CU_ASSERT(v.managed && !v.mtu[0]);
	CU_ASSERT_STRING_EQUAL(v.why, NETWORK_FILE ": MTUBytes=lots is no size systemd-networkd takes");
	CU_ASSERT_EQUAL(read_with_dropin("[Link]\nMTUBytes=nan\n", &v), 0);
	CU_ASSERT(!v.mtu[0]);
}

/* persist --status: networkd's row under a line naming its file, the running value against it. */
static void test_status(void)
{
	char out[8192];

	MG_TEST_SKIP_IF(!have_networkd(), "systemd-networkd, systemd-udevd or dbus-daemon is not installed");
	CU_ASSERT_EQUAL(mg_test_system("ip link set nd0 mtu 2000"), 0);
	CU_ASSERT_EQUAL(cli("persist nd0 --status", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "systemd-networkd applies " NETWORK_FILE " at every add:\n"
					   "  mtu            MTUBytes=3000, running 2000: the next add changes it\n"));
	CU_ASSERT_EQUAL(cli("--json persist nd0 --status", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"engine\": \"systemd-networkd\",\n      \"source\": \"" NETWORK_FILE
					   "\",\n      \"key\": \"MTUBytes\""));
	/* The doctor: what networkd puts back is not what runs, and the fix is in its file. */
	CU_ASSERT_EQUAL(cli("doctor nd0", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "the next boot or re-plug sets mtu 3000: what runs now is not persisted"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "change MTUBytes 3000 in " NETWORK_FILE " to 2000: systemd-networkd applies"));
}

/* A persist networkd would undo is refused, before anything changes, naming its file; its own value is not. */
static void test_persist_refused(void)
{
	char out[4096];

	MG_TEST_SKIP_IF(!have_networkd(), "systemd-networkd, systemd-udevd or dbus-daemon is not installed");
	CU_ASSERT_EQUAL(cli("set nd0 mtu 2500 --persist", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "nd0: systemd-networkd's " NETWORK_FILE " sets MTUBytes=3000 for it and "
					   "applies it whenever it configures the link, after udev, so a .link file's "
					   "2500 would not last; change it there"));
	CU_ASSERT_EQUAL(mg_test_mtu_of("nd0"), 2000);
	CU_ASSERT_NOT_EQUAL(access(OURS, F_OK), 0);
	CU_ASSERT_EQUAL(cli("set nd0 mtu 3000 --persist", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(access(OURS, F_OK), 0);
	CU_ASSERT_EQUAL(mg_test_mtu_of("nd0"), 3000);
}

/*
 * The file changed behind ours: the conflict found, and real: networkd,
 * told to configure the link again, puts its own value over the one udev's
 * file carries.
 */
static void test_conflict(void)
{
	char out[8192];

	MG_TEST_SKIP_IF(!have_networkd(), "systemd-networkd, systemd-udevd or dbus-daemon is not installed");
	CU_ASSERT_EQUAL_FATAL(access(OURS, F_OK), 0);
	CU_ASSERT_EQUAL_FATAL(mg_test_write_text(NETWORK_FILE, "[Match]\nName=nd0\n\n[Link]\nMTUBytes=1400\n\n"
						 "[Network]\nLinkLocalAddressing=no\n"), 0);
	CU_ASSERT_EQUAL(cli("doctor nd0", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "[persist-conflict]"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "udev's file and systemd-networkd's " NETWORK_FILE " set mtu differently "
					   "(3000, 1400): systemd-networkd's applies last"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "every configuration of the link by systemd-networkd puts "
					   "systemd-networkd's value back over udev's"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "make " NETWORK_FILE " carry what udev's file carries and runs now: "
					   "MTUBytes 3000"));
	CU_ASSERT_EQUAL(mg_test_system("networkctl reload && networkctl reconfigure nd0"), 0);
	for (int i = 0; i < 50 && mg_test_mtu_of("nd0") != 1400; i++)
		usleep(100000);
	CU_ASSERT_EQUAL(mg_test_mtu_of("nd0"), 1400);
}

/* networkd gone: nothing to ask, which is no error. */
static void test_not_running(void)
{
	struct mg_networkd_view v;
	struct mg_ctx *ctx;

	MG_TEST_SKIP_IF(!have_networkd(), "systemd-networkd, systemd-udevd or dbus-daemon is not installed");
	mg_test_stop(&networkd_pid);
	/* The bus lets its name go once it has seen the process go. */
	mg_test_system("for i in $(seq 50); do busctl status org.freedesktop.network1 >/dev/null 2>&1 || exit 0; "
		       "sleep 0.1; done");
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	CU_ASSERT_EQUAL(mg_networkd_read(ctx, (int)if_nametoindex("nd0"), "nd0", &v), 0);
	CU_ASSERT(!v.running && !v.managed);
	CU_ASSERT_STRING_EQUAL(v.why, "systemd-networkd is not running");
	mg_ctx_unref(ctx);
}

int main(void)
{
	/* The QEMU guests run the suites in a chroot, where udevd and udevadm would otherwise do nothing. */
	setenv("SYSTEMD_IGNORE_CHROOT", "1", 1);
	if (geteuid() != 0) {
		printf("systemd-networkd suite: needs root for a private namespace; not run\n");
		return 77;
	}
	if (mg_test_private_udev() < 0) {
		perror("a private network namespace, /sys, /run and /etc/systemd/network");
		return EXIT_FAILURE;
	}
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("systemd-networkd", suite_init, suite_clean, MG_TEST(test_view), MG_TEST(test_dropin),
		     MG_TEST(test_status), MG_TEST(test_persist_refused), MG_TEST(test_conflict),
		     MG_TEST(test_not_running));
	return mg_test_run();
}
