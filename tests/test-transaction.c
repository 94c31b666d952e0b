/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "kernel": every change is one transaction, tried the way a hostile
 * user or a second program racing it would. Each test is a reproduction
 * that 0.2 failed: doctor --fix changing an interface that was renamed
 * while it ran, undoing another writer's change, leaving half a fix after
 * a kill; journals and locks of a namespace that is gone taken for this
 * one's; a journal deleted after its own rollback failed; a FIFO in the
 * way of a journal or a lock; set killed at any moment. The races are
 * made deterministic with the test CLI's pause points (it stops until a
 * pipe is written to). In a private network namespace, mount namespace
 * (its own /run and /sys); needs root.
 */
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <regex.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "apply/apply.h"
#include "mg-test.h"

/* A shell command, made from a format; its exit status. */
MG_PRINTF(1, 2) static int sh(const char *fmt, ...)
{
	char cmd[2048];
	va_list args;
	int status;

	va_start(args, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, args);
	va_end(args);
	status = system(cmd);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* An interface's MTU as this namespace's sysfs says; -1 when it has none. */
static int mtu_of(const char *ifname)
{
	char path[128];
	int mtu = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/sys/class/net/%s/mtu", ifname);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fscanf(f, "%d", &mtu) != 1)
		mtu = -1;
	fclose(f);
	return mtu;
}

/* The receive channels ethtool netlink reports, through the library. */
static long long rx_channels(const char *ifname)
{
	struct mg_settings *s;
	struct mg_ctx *ctx;
	long long v = -1;

	if (mg_ctx_new(NULL, &ctx) < 0)
		return -1;
	if (mg_settings_read(ctx, ifname, &s) == 0) {
		if (mg_settings_get(s, MG_PARAM_RX_CHANNELS, &v) < 0)
			v = -1;
		mg_settings_free(s);
	}
	mg_ctx_unref(ctx);
	return v;
}

static bool wait_mtu(const char *ifname, int mtu)
{
	const struct timespec tick = { 0, 5000000 };

	for (int i = 0; i < 4000; i++) {
		if (mtu_of(ifname) == mtu)
			return true;
		nanosleep(&tick, NULL);
	}
	return false;
}

/* A CLI run in the background, its output going to a file, maybe paused on a pipe. */
struct run {
	pid_t pid;
	int go;			/* write end of the pause pipe; -1 when none */
	char log[32];
};

/*
 * Start @cli with @args (a shell word list) and @env ("A=1 B=2"); with
 * @pause, MG_TEST_PAUSE_FD names a pipe that run_go() writes to.
 */
static void run_start(struct run *r, const char *cli, const char *env, bool pause, const char *args)
{
	int pipefd[2] = { -1, -1 }, fd;

	snprintf(r->log, sizeof(r->log), "/tmp/mg-txn-XXXXXX");
	fd = mkstemp(r->log);
	CU_ASSERT_FATAL(fd >= 0);
	if (pause)
		CU_ASSERT_EQUAL_FATAL(pipe(pipefd), 0);
	r->pid = fork();
	CU_ASSERT_FATAL(r->pid >= 0);
	if (r->pid == 0) {
		char cmd[2048];

		dup2(fd, STDOUT_FILENO);
		dup2(fd, STDERR_FILENO);
		if (pause) {
			char n[16];

			close(pipefd[1]);
			snprintf(n, sizeof(n), "%d", pipefd[0]);
			setenv("MG_TEST_PAUSE_FD", n, 1);
		}
		/* exec, so that a signal reaches the CLI itself, not a shell. */
		snprintf(cmd, sizeof(cmd), "exec env %s '%s' %s", env, cli, args);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	close(fd);
	if (pause)
		close(pipefd[0]);
	r->go = pipefd[1];
}

static void run_go(struct run *r)
{
	if (r->go >= 0) {
		CU_ASSERT_EQUAL(write(r->go, "g", 1), 1);
		close(r->go);
		r->go = -1;
	}
}

/* Wait for the run's end: its exit code (128 + N for signal N), and its output into @out. */
static int run_end(struct run *r, char *out, size_t size)
{
	int status = 0;
	size_t n = 0;
	FILE *f;

	if (r->go >= 0)
		close(r->go);
	if (waitpid(r->pid, &status, 0) != r->pid)
		status = -1;
	f = fopen(r->log, "r");
	if (f) {
		n = fread(out, 1, size - 1, f);
		fclose(f);
	}
	out[n] = '\0';
	unlink(r->log);
	return WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
}

/* Wait until the run has printed @text. */
static bool wait_output(const struct run *r, const char *text)
{
	const struct timespec tick = { 0, 5000000 };

	for (int i = 0; i < 4000; i++) {
		char out[16384];
		size_t n = 0;
		FILE *f = fopen(r->log, "r");

		if (f) {
			n = fread(out, 1, sizeof(out) - 1, f);
			fclose(f);
		}
		out[n] = '\0';
		if (strstr(out, text))
			return true;
		nanosleep(&tick, NULL);
	}
	return false;
}

/* A CLI run to its end in the foreground. */
static int run(const char *cli, const char *env, const char *args, char *out, size_t size)
{
	struct run r;

	run_start(&r, cli, env, false, args);
	return run_end(&r, out, size);
}

/* Wait until the journal directory holds a journal (the paused run wrote it). */
static bool wait_journal(void)
{
	const struct timespec tick = { 0, 5000000 };

	for (int i = 0; i < 2000; i++) {
		char out[8192];

		if (run(MULTIGIG_CLI, "", "rollback --list", out, sizeof(out)) == 0 && !strstr(out, "no undo journals"))
			return true;
		nanosleep(&tick, NULL);
	}
	return false;
}

static bool no_journal(void)
{
	char out[8192];

	return run(MULTIGIG_CLI, "", "rollback --list", out, sizeof(out)) == 0 &&
	       strstr(out, "no undo journals") != NULL;
}

/* Every journal discarded by its id, whatever its state. */
static void discard_all(void)
{
	sh("for f in /run/multigig/journal/*; do [ -e \"$f\" ] && '%s' rollback --discard \"${f##*/}\" >/dev/null; done; true",
	   MULTIGIG_CLI);
}

/*
 * Whether this process sees every process and its namespaces: the
 * initial PID namespace, and PID 1's namespace links readable (a
 * sandbox's init can hide them). Only then is a namespace known gone.
 */
static bool every_process_visible(void)
{
	struct stat st;
	char target[64];

	return stat("/proc/self/ns/pid", &st) == 0 && st.st_ino == 0xEFFFFFFCULL &&
	       readlink("/proc/1/ns/net", target, sizeof(target)) > 0;
}

/* A bridge br0 at MTU 9000 with ports p1 and q1 at 1500, and dc0, a veth that is no port. */
static int setup_bridge(void)
{
	return sh("ip link add br0 type bridge && ip link set br0 up && "
		  "ip link add p1 type veth peer name p1x && ip link set p1 master br0 && "
		  "ip link add q1 type veth peer name q1x && ip link set q1 master br0 && "
		  "ip link add dc0 type veth peer name dc0x && ip link set br0 mtu 9000 && "
		  "ip link set p1 mtu 1500 && ip link set q1 mtu 1500") == 0 ? 0 : -1;
}

static int teardown_bridge(void)
{
	sh("ip link del br0 2>/dev/null; for i in p1 q1 dc0 zmv0 mvl0; do ip link del $i 2>/dev/null; done");
	sh("rm -f /run/multigig/journal/* /run/multigig/journal/.[!.]*");
	return 0;
}

/*
 * 1. doctor --fix examined p1 (below its bridge) and dc0; then, before
 * its transaction, the two swap names. 0.2 looked the fix up by name and
 * set MTU 9000 on dc0's index. Now the plan addresses p1 by the index it
 * was examined at, finds another name there, and changes nothing.
 */
static void test_doctor_fix_names_swapped(void)
{
	char out[8192];
	struct run r;
	int p1 = (int)if_nametoindex("p1"), dc0 = (int)if_nametoindex("dc0");

	CU_ASSERT_FATAL(p1 > 0 && dc0 > 0);
	run_start(&r, MULTIGIG_TEST_CLI, "MG_TEST_PAUSE_BEFORE_LOCK=1", true, "doctor --all --interval 0.01 --fix --yes");
	/* The plan is printed (its dry run) before the transaction pauses. */
	CU_ASSERT_FATAL(wait_output(&r, "change q1 mtu: 1500 -> 9000"));
	CU_ASSERT_EQUAL(sh("ip link set p1 name swp && ip link set dc0 name p1 && ip link set swp name dc0"), 0);
	run_go(&r);
	CU_ASSERT_EQUAL(run_end(&r, out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "change p1 mtu: 1500 -> 9000"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "was renamed dc0 since it was examined"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "nothing was changed"));
	CU_ASSERT_PTR_NULL(strstr(out, "changed p1"));
	/* Neither interface changed: not the one examined, and not the one now called p1. */
	CU_ASSERT_EQUAL((int)if_nametoindex("dc0"), p1);
	CU_ASSERT_EQUAL(mtu_of("dc0"), 1500);
	CU_ASSERT_EQUAL(mtu_of("p1"), 1500);
	CU_ASSERT_TRUE(no_journal());
	CU_ASSERT_EQUAL(sh("ip link set p1 name swp && ip link set dc0 name p1 && ip link set swp name dc0"), 0);
}

/* A macvlan above q1x that is a port of br0: doctor's fix raises it to 9000, and the kernel refuses. */
static int add_failing_port(void)
{
	return sh("ip link set q1x mtu 1500 && ip link add zmv0 link q1x type macvlan && ip link set zmv0 master br0 && "
		  "ip link set zmv0 mtu 1500");
}

/*
 * 2. Between doctor's two fixes another writer changes p1. 0.2's undo set
 * p1 back to 1500 over it. Now the transaction holds p1's lock to its end:
 * a second multigig waits, and its change lands after the rollback.
 */
static void test_doctor_fix_other_writer_waits(void)
{
	char out[8192], out2[8192];
	struct run doctor, other;

	CU_ASSERT_EQUAL_FATAL(add_failing_port(), 0);
	run_start(&doctor, MULTIGIG_TEST_CLI, "MG_TEST_PAUSE_AFTER_GROUP=0", true, "doctor --all --interval 0.01 --fix --yes");
	CU_ASSERT_FATAL(wait_mtu("p1", 9000));
	run_start(&other, MULTIGIG_CLI, "", false, "set p1 mtu 4000");
	sleep(1);
	/* Still waiting for the lock: p1 holds what the doctor set. */
	CU_ASSERT_EQUAL(mtu_of("p1"), 9000);
	run_go(&doctor);
	CU_ASSERT_EQUAL(run_end(&doctor, out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "zmv0: setting mtu failed"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "every change was rolled back"));
	CU_ASSERT_EQUAL(run_end(&other, out2, sizeof(out2)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out2, "set mtu: 1500 -> 4000"));
	CU_ASSERT_EQUAL(mtu_of("p1"), 4000);
	CU_ASSERT_EQUAL(mtu_of("zmv0"), 1500);
	CU_ASSERT_TRUE(no_journal());
	CU_ASSERT_EQUAL(sh("ip link set p1 mtu 1500 && ip link del zmv0"), 0);
}

/*
 * The same with a writer that takes no lock (ip): the rollback leaves its
 * value, and says which interface and value it left.
 */
static void test_doctor_fix_leaves_unlocked_writer(void)
{
	char out[8192];
	struct run doctor;

	CU_ASSERT_EQUAL_FATAL(add_failing_port(), 0);
	/* After p1's change and its read-back, before q1's. */
	run_start(&doctor, MULTIGIG_TEST_CLI, "MG_TEST_PAUSE_BEFORE_PART=1", true,
		  "doctor --all --interval 0.01 --fix --yes");
	CU_ASSERT_FATAL(wait_mtu("p1", 9000));
	CU_ASSERT_EQUAL(sh("ip link set p1 mtu 4000"), 0);
	run_go(&doctor);
	CU_ASSERT_EQUAL(run_end(&doctor, out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "rolled back, except what another writer changed since; "
				      "p1 mtu left at 4000 (this apply set 9000)"));
	CU_ASSERT_EQUAL(mtu_of("p1"), 4000);
	CU_ASSERT_TRUE(no_journal());
	CU_ASSERT_EQUAL(sh("ip link set p1 mtu 1500 && ip link del zmv0"), 0);
}

/*
 * Renamed between two interfaces of the plan: the second is checked again
 * before its first change, and the first is rolled back.
 */
static void test_renamed_between_interfaces(void)
{
	char out[8192];
	struct run doctor;

	run_start(&doctor, MULTIGIG_TEST_CLI, "MG_TEST_PAUSE_BEFORE_PART=1", true,
		  "doctor --all --interval 0.01 --fix --yes");
	CU_ASSERT_FATAL(wait_mtu("p1", 9000));
	CU_ASSERT_EQUAL(sh("ip link set q1 name q1r"), 0);
	run_go(&doctor);
	CU_ASSERT_EQUAL(run_end(&doctor, out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "q1 (index"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "was renamed q1r since it was examined"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "every change was rolled back"));
	CU_ASSERT_EQUAL(mtu_of("p1"), 1500);
	CU_ASSERT_EQUAL(mtu_of("q1r"), 1500);
	CU_ASSERT_TRUE(no_journal());
	CU_ASSERT_EQUAL(sh("ip link set q1r name q1"), 0);
}

/*
 * 7. Deleted and made again between examination and change, with the same
 * name, kind and index: 0.3 took it for the one examined. Its address
 * tells it apart now; nothing is changed, and a rollback of a journal
 * that names the old one restores nothing on the new one either.
 */
static void test_made_again_same_index(void)
{
	char out[8192];
	struct run set;
	unsigned int index = if_nametoindex("dc0");

	CU_ASSERT_FATAL(index > 0);
	run_start(&set, MULTIGIG_TEST_CLI, "MG_TEST_PAUSE_BEFORE_LOCK=1", true, "set dc0 mtu 4000");
	sleep(1);
	CU_ASSERT_EQUAL_FATAL(sh("ip link del dc0 && ip link add dc0 index %u type veth peer name dc0x", index), 0);
	CU_ASSERT_EQUAL(if_nametoindex("dc0"), index);
	run_go(&set);
	CU_ASSERT_EQUAL(run_end(&set, out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "is not the interface examined"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "nothing was changed"));
	CU_ASSERT_EQUAL(mtu_of("dc0"), 1500);
	CU_ASSERT_TRUE(no_journal());

	/* Killed midway, then the interface made again: its rollback passes it over. */
	run_start(&set, MULTIGIG_TEST_CLI, "MG_TEST_PAUSE_AFTER_GROUP=0", true, "set dc0 mtu 4000");
	CU_ASSERT_FATAL(wait_mtu("dc0", 4000));
	kill(set.pid, SIGKILL);
	run_end(&set, out, sizeof(out));
	CU_ASSERT_EQUAL_FATAL(sh("ip link del dc0 && ip link add dc0 index %u type veth peer name dc0x && "
				 "ip link set dc0 mtu 4000", index), 0);
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "rollback dc0", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "nothing restored there"));
	CU_ASSERT_EQUAL(mtu_of("dc0"), 4000);
	CU_ASSERT_TRUE(no_journal());
	CU_ASSERT_EQUAL(sh("ip link set dc0 mtu 1500"), 0);
}

/*
 * 3. Killed between two fixes: one journal for both; a rollback of either
 * interface restores the whole plan. SIGTERM there rolls both back.
 */
static void test_doctor_fix_killed_between_fixes(void)
{
	char out[8192];
	struct run doctor;

	run_start(&doctor, MULTIGIG_TEST_CLI, "MG_TEST_PAUSE_AFTER_GROUP=0", true, "doctor --all --interval 0.01 --fix --yes");
	CU_ASSERT_FATAL(wait_mtu("p1", 9000));
	CU_ASSERT_EQUAL(mtu_of("q1"), 1500);
	kill(doctor.pid, SIGKILL);
	CU_ASSERT_EQUAL(run_end(&doctor, out, sizeof(out)), 128 + SIGKILL);
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "rollback --list", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "interrupted"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "p1 (index"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "q1 (index"));
	/* Either interface refuses a new change until the plan is undone. */
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "set q1 mtu 2000", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "was interrupted"));
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "rollback q1", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "restored p1 mtu: 9000 -> 1500"));
	CU_ASSERT_EQUAL(mtu_of("p1"), 1500);
	CU_ASSERT_EQUAL(mtu_of("q1"), 1500);
	CU_ASSERT_TRUE(no_journal());

	run_start(&doctor, MULTIGIG_TEST_CLI, "MG_TEST_PAUSE_AFTER_GROUP=0", true, "doctor --all --interval 0.01 --fix --yes");
	CU_ASSERT_FATAL(wait_mtu("p1", 9000));
	kill(doctor.pid, SIGTERM);
	CU_ASSERT_EQUAL(run_end(&doctor, out, sizeof(out)), 128 + SIGTERM);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "interrupted; every change was rolled back"));
	CU_ASSERT_EQUAL(mtu_of("p1"), 1500);
	CU_ASSERT_EQUAL(mtu_of("q1"), 1500);
	CU_ASSERT_TRUE(no_journal());

	/* Not interrupted: both fixes, one transaction, and the doctor finds nothing more to fix. */
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "doctor --all --interval 0.01 --fix --yes", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "changed p1 mtu: 1500 -> 9000"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "changed q1 mtu: 1500 -> 9000"));
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "doctor --all --fix", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "no finding has a fix"));
	CU_ASSERT_EQUAL(sh("ip link set p1 mtu 1500 && ip link set q1 mtu 1500"), 0);
}

/* Both ends of a kill of the doctor's plan: neither port changed, or both. */
static bool both_or_neither(void)
{
	int p1 = mtu_of("p1"), q1 = mtu_of("q1");

	return p1 == q1 && (p1 == 1500 || p1 == 9000);
}

/*
 * The doctor's plan over two interfaces killed with -9 at each of its
 * pause points, then 24 times 0 to 0.7 ms after its transaction began; a
 * rollback of either interface leaves both as before or both as fixed,
 * and no journal.
 */
static void test_doctor_fix_killed_anywhere(void)
{
	static const char *const pauses[] = { "MG_TEST_PAUSE_BEFORE_LOCK=1", "MG_TEST_PAUSE_AFTER_GROUP=0",
					      "MG_TEST_PAUSE_BEFORE_PART=1" };
	const size_t points = sizeof(pauses) / sizeof(pauses[0]);
	const struct timespec at_pause = { 0, 100000000L };
	char out[8192];
	int bad = 0;

	for (size_t i = 0; i < points + 24; i++) {
		const struct timespec after = { 0, i < points ? 0 : (long)(i - points) * 30000L };
		struct run doctor;

		run_start(&doctor, MULTIGIG_TEST_CLI, pauses[i < points ? i : 0], true,
			  "doctor --all --interval 0.01 --fix --yes");
		/* The plan is printed before the transaction; the pauses after the lock follow p1's change. */
		CU_ASSERT_FATAL(i == 1 || i == 2 ? wait_mtu("p1", 9000) : wait_output(&doctor, "change q1 mtu:"));
		if (i >= points) {
			nanosleep(&at_pause, NULL);
			run_go(&doctor);
			nanosleep(&after, NULL);
		}
		kill(doctor.pid, SIGKILL);
		run_end(&doctor, out, sizeof(out));
		if (run(MULTIGIG_CLI, "", i % 2 ? "rollback q1" : "rollback p1", out, sizeof(out)) != 0 ||
		    !both_or_neither() || !no_journal())
			bad++;
		sh("ip link set p1 mtu 1500 && ip link set q1 mtu 1500");
	}
	CU_ASSERT_EQUAL(bad, 0);
}

/* How many keepers of the doctor's --confirm window run (each a copy of the test CLI). */
static int doctor_keepers(void)
{
	return sh("exit $(pgrep -c -f '^%s [d]octor .*--confirm')", MULTIGIG_TEST_CLI);
}

/*
 * The same plan with --confirm 1, killed 0 to 2.75 ms after its
 * transaction began, the keeper's start included: at most one journal,
 * and once the window is over (the keeper's rollback, or one by hand)
 * both ports as before.
 */
static void test_doctor_fix_confirm_killed_anywhere(void)
{
	const struct timespec at_pause = { 0, 100000000L };
	char out[8192];
	int bad = 0, two = 0;

	for (int i = 0; i < 12; i++) {
		const struct timespec after = { 0, (long)i * 250000L };
		struct run doctor;

		run_start(&doctor, MULTIGIG_TEST_CLI, "MG_TEST_PAUSE_BEFORE_LOCK=1", true,
			  "doctor --all --interval 0.01 --fix --yes --confirm 1");
		CU_ASSERT_FATAL(wait_output(&doctor, "change q1 mtu:"));
		nanosleep(&at_pause, NULL);
		run_go(&doctor);
		nanosleep(&after, NULL);
		kill(doctor.pid, SIGKILL);
		run_end(&doctor, out, sizeof(out));
		two += sh("test $(ls /run/multigig/journal | wc -l) -le 1") != 0;
		sleep(2);
		for (int k = 0; k < 500 && doctor_keepers() > 0; k++)
			usleep(20000);
		if (!no_journal())
			run(MULTIGIG_CLI, "", i % 2 ? "rollback q1" : "rollback p1", out, sizeof(out));
		if (mtu_of("p1") != 1500 || mtu_of("q1") != 1500 || !no_journal())
			bad++;
		sh("ip link set p1 mtu 1500 && ip link set q1 mtu 1500");
	}
	CU_ASSERT_EQUAL(two, 0);
	CU_ASSERT_EQUAL(bad, 0);
}

/* A veth pair va0/vb0 with 8 queues each, up. */
static int setup_veth8(void)
{
	return sh("ip link add va0 numtxqueues 8 numrxqueues 8 type veth peer name vb0 numtxqueues 8 "
		  "numrxqueues 8 && ip link set va0 up && ip link set vb0 up") == 0 ? 0 : -1;
}

static int teardown_veth8(void)
{
	sh("ip link del va0 2>/dev/null; ip netns del mgother 2>/dev/null");
	sh("rm -f /run/multigig/journal/* /run/multigig/journal/.[!.]* /run/multigig/lock/*");
	return 0;
}

/*
 * 4. A journal of a namespace that is gone: an apply killed in a namespace
 * of its own, which then goes. 0.2 named both by the namespace's inode,
 * which the next namespace may get: set there was refused, and rollback
 * "restored" an interface the journal never knew. Now the journal is
 * stale: listed as such, never blocking, never applied; --discard clears it.
 */
static void test_journal_of_gone_namespace(void)
{
	char out[8192];
	pid_t pid = fork();

	CU_ASSERT_FATAL(pid >= 0);
	if (pid == 0) {
		struct run r;
		int code;

		/* A namespace of its own, with its own sysfs; the same /run. */
		if (unshare(CLONE_NEWNET | CLONE_NEWNS) < 0 || mount("sysfs", "/sys", "sysfs", 0, NULL) < 0 ||
		    sh("ip link add vg0 type veth peer name vg1 && ip link set vg0 up && ip link set vg1 up") != 0)
			_exit(10);
		run_start(&r, MULTIGIG_TEST_CLI, "MG_TEST_PAUSE_AFTER_GROUP=0", true, "set vg0 mtu 9000 rx 1");
		if (!wait_mtu("vg0", 9000)) {
			kill(r.pid, SIGKILL);
			_exit(11);
		}
		kill(r.pid, SIGKILL);
		code = run_end(&r, out, sizeof(out)) == 128 + SIGKILL ? 0 : 12;
		_exit(code);
	}
	{
		int status;

		CU_ASSERT_EQUAL(waitpid(pid, &status, 0), pid);
		CU_ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	}
	/* The namespace went with its last process. Here: a veth of the same name. */
	CU_ASSERT_EQUAL(sh("ip link add vg0 type veth peer name vg1 && ip link set vg0 mtu 9000"), 0);
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "rollback --list", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "vg0 (index"));
	if (every_process_visible()) {
		CU_ASSERT_PTR_NOT_NULL(strstr(out, "stale"));
		CU_ASSERT_PTR_NOT_NULL(strstr(out, "no longer exists"));
	} else {
		/* Here a process hides its namespaces: the namespace cannot be told gone, and is not taken as gone. */
		CU_ASSERT_PTR_NOT_NULL(strstr(out, "other-namespace"));
		CU_ASSERT_PTR_NOT_NULL(strstr(out, "may still exist"));
	}
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "show vg0", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NULL(strstr(out, "interrupted"));
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "rollback vg0", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "no interrupted apply"));
	CU_ASSERT_EQUAL(mtu_of("vg0"), 9000);
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "set vg0 mtu 1400", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(mtu_of("vg0"), 1400);
	if (every_process_visible()) {
		CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "rollback --discard", out, sizeof(out)), 0);
		CU_ASSERT_PTR_NOT_NULL(strstr(out, "discarded"));
	}
	discard_all();
	CU_ASSERT_TRUE(no_journal());
	CU_ASSERT_EQUAL(sh("ip link del vg0"), 0);
}

/*
 * A namespace held by nothing but a bind mount outside /run/netns (what
 * container runtimes and `unshare --net=FILE` make), with a set killed in
 * it. 0.3 saw no process in it and listed its journal as stale, and
 * --discard deleted the only way back. Now it is another namespace's:
 * --discard leaves it, and a rollback inside restores the interface.
 */
static void test_journal_of_bind_mounted_namespace(void)
{
	char out[8192];

	CU_ASSERT_EQUAL_FATAL(sh("mkdir -p /tmp/mg-nsfile && touch /tmp/mg-nsfile/net && "
				 "unshare --net=/tmp/mg-nsfile/net true"), 0);
	CU_ASSERT_EQUAL_FATAL(sh("nsenter --net=/tmp/mg-nsfile/net sh -c 'ip link add vh0 type veth peer name vh1 && "
				 "ip link set vh0 up && ip link set vh1 up'"), 0);
	/* Its interfaces as its sysfs shows them: a mount namespace of its own for the run. */
	CU_ASSERT_EQUAL(sh("nsenter --net=/tmp/mg-nsfile/net unshare --mount sh -c 'mount -t sysfs sysfs /sys && "
			   "MG_TEST_PAUSE_AFTER_GROUP=0 timeout -s KILL 3 %s set vh0 mtu 9000 rx 1 "
			   "</dev/null >/dev/null 2>&1 & sleep 1.5; ip link show vh0 | grep -q mtu.9000; r=$?; wait; "
			   "exit $r'", MULTIGIG_TEST_CLI), 0);
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "rollback --list", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "other-namespace"));
	CU_ASSERT_PTR_NULL(strstr(out, "stale"));
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "rollback --discard", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "no stale undo journals"));
	CU_ASSERT_FALSE(no_journal());
	CU_ASSERT_EQUAL(sh("nsenter --net=/tmp/mg-nsfile/net unshare --mount sh -c 'mount -t sysfs sysfs /sys && "
			   "%s rollback vh0 >/dev/null && ip link show vh0 | grep -q mtu.1500'", MULTIGIG_CLI), 0);
	CU_ASSERT_TRUE(no_journal());
	sh("umount /tmp/mg-nsfile/net; rm -rf /tmp/mg-nsfile");
}

/*
 * The same made exact: a journal that names this namespace's inode under
 * another cookie (what the kernel gives a new namespace on the old one's
 * inode). Stale, not this namespace's.
 */
static void test_journal_same_inode_other_cookie(void)
{
	struct mg_journal j;
	struct mg_journal_part *p;
	struct mg_iface_id id = { .ifindex = (int)if_nametoindex("va0"), .name = "va0", .kind = "veth" };
	struct mg_ctx *ctx;
	char out[8192];

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	mg_journal_init(&j);
	CU_ASSERT_EQUAL_FATAL(mg_netns_self(ctx, &j.ns), 0);
	CU_ASSERT_EQUAL_FATAL(j.ns.id[0], 'c');
	snprintf(j.ns.id, sizeof(j.ns.id), "c%llu", strtoull(j.ns.id + 1, NULL, 10) + 1000000);
	j.pid = 1;
	p = mg_journal_add_part(&j, &id);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	p->entries[p->count++] = (struct mg_journal_entry){ .param = MG_PARAM_MTU, .old_value = 9000, .new_value = 1500,
							    .new_known = true };
	CU_ASSERT_EQUAL_FATAL(mg_journal_write(ctx, &j), 0);
	CU_ASSERT_EQUAL(mg_settings_journal_pending(ctx, "va0"), 0);
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "rollback --list", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "stale"));
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "rollback va0", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "no interrupted apply"));
	CU_ASSERT_EQUAL(mtu_of("va0"), 1500);
	/* Its id discards it; an apply under way is never discarded (below). */
	CU_ASSERT_EQUAL(mg_journal_discard(ctx, j.file), 0);
	CU_ASSERT_TRUE(no_journal());
	mg_journal_clear(&j);
	mg_ctx_unref(ctx);
}

/*
 * 5. Moved to another namespace midway: the next step and the rollback
 * both fail. 0.2 deleted the journal anyway. Now it stays, and a rollback
 * finishes once the interface is back.
 */
static void test_failed_rollback_keeps_journal(void)
{
	char out[8192];
	struct run set;

	CU_ASSERT_EQUAL_FATAL(sh("ip netns add mgother"), 0);
	run_start(&set, MULTIGIG_TEST_CLI, "MG_TEST_PAUSE_AFTER_GROUP=0", true, "set va0 mtu 9000 rx 2 tx 2");
	CU_ASSERT_FATAL(wait_mtu("va0", 9000));
	CU_ASSERT_EQUAL(sh("ip link set va0 netns mgother"), 0);
	run_go(&set);
	CU_ASSERT_EQUAL(run_end(&set, out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "ROLLBACK FAILED"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "is kept: a rollback of va0 finishes it"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "finishes the restore: multigig rollback va0\n"));
	CU_ASSERT_FALSE(no_journal());
	/* Back here, where the journal knows it. */
	CU_ASSERT_EQUAL(sh("ip -n mgother link set va0 netns %d", (int)getpid()), 0);
	CU_ASSERT_EQUAL(mtu_of("va0"), 9000);
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "rollback va0", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "restored mtu: 9000 -> 1500"));
	CU_ASSERT_EQUAL(mtu_of("va0"), 1500);
	CU_ASSERT_TRUE(no_journal());
	sh("ip link set va0 up");
	CU_ASSERT_EQUAL(sh("ip netns del mgother"), 0);
}

/*
 * An apply interrupted on an interface whose name text shows as \xff (the
 * byte 0xff), beside one named with the four characters \xff (shown
 * \\xff). The hint was "run 'multigig rollback e\xffx'", which pasted named
 * the other one. The hint's command, pasted into sh as printed, rolls back
 * the interrupted interface and leaves the other alone.
 */
#define BYTE_NAME "e\xffx"
#define TEXT_NAME "e\\xffx"

static void test_hint_names_the_interrupted_one(void)
{
	char out[8192], word[MG_SHELL_NAME_MAX], args[256], cmd[1024];
	const char *hint, *end;
	struct run set;

	CU_ASSERT_EQUAL_FATAL(sh("ip link add name \"$(printf 'e\\377x')\" type veth peer name pb0 && "
				 "ip link add name 'e\\xffx' type veth peer name pt0"), 0);
	CU_ASSERT_EQUAL_FATAL(mtu_of(BYTE_NAME), 1500);
	CU_ASSERT_EQUAL_FATAL(mtu_of(TEXT_NAME), 1500);
	snprintf(args, sizeof(args), "set %s mtu 9000", mg_shell_word(word, sizeof(word), BYTE_NAME));
	run_start(&set, MULTIGIG_TEST_CLI, "MG_TEST_PAUSE_AFTER_GROUP=0", true, args);
	CU_ASSERT_FATAL(wait_mtu(BYTE_NAME, 9000));
	kill(set.pid, SIGKILL);
	CU_ASSERT_EQUAL(run_end(&set, out, sizeof(out)), 128 + SIGKILL);

	snprintf(args, sizeof(args), "set %s mtu 2000", word);
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", args, out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "run: multigig rollback \"$(printf 'e\\377x')\"\n"));
	hint = strstr(out, "run: multigig rollback ");
	CU_ASSERT_PTR_NOT_NULL_FATAL(hint);
	hint += strlen("run: multigig ");
	end = strchr(hint, '\n');
	CU_ASSERT_PTR_NOT_NULL_FATAL(end);
	snprintf(cmd, sizeof(cmd), "'%s' %.*s >/dev/null 2>&1", MULTIGIG_CLI, (int)(end - hint), hint);
	CU_ASSERT_EQUAL(sh("%s", cmd), 0);
	CU_ASSERT_EQUAL(mtu_of(BYTE_NAME), 1500);
	CU_ASSERT_EQUAL(mtu_of(TEXT_NAME), 1500);
	CU_ASSERT_TRUE(no_journal());
	sh("ip link del \"$(printf 'e\\377x')\"; ip link del 'e\\xffx'");
}

/* A FIFO where the journal's temporary file goes, or where the lock is: refused at once, nothing changed. */
static void test_fifo_in_the_way(void)
{
	char out[8192], lock[128];
	struct mg_netns ns;
	struct mg_ctx *ctx;
	time_t start = time(NULL);

	CU_ASSERT_EQUAL_FATAL(sh("mkdir -p /run/multigig/journal && mkfifo /run/multigig/journal/fixed"), 0);
	CU_ASSERT_EQUAL(run(MULTIGIG_TEST_CLI, "MG_TEST_JOURNAL_NAME=fixed", "set va0 mtu 9000", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "cannot write the undo journal"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "nothing was changed"));
	CU_ASSERT(time(NULL) - start < 10);
	CU_ASSERT_EQUAL(mtu_of("va0"), 1500);
	CU_ASSERT_EQUAL(unlink("/run/multigig/journal/fixed"), 0);

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_netns_self(ctx, &ns), 0);
	mg_ctx_unref(ctx);
	snprintf(lock, sizeof(lock), "/run/multigig/lock/%s-if%u.lock", ns.id, if_nametoindex("va0"));
	unlink(lock);
	CU_ASSERT_EQUAL_FATAL(mkfifo(lock, 0644), 0);
	start = time(NULL);
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "set va0 mtu 9000", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "not a regular file"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "nothing was changed"));
	CU_ASSERT(time(NULL) - start < 10);
	CU_ASSERT_EQUAL(mtu_of("va0"), 1500);
	CU_ASSERT_EQUAL(unlink(lock), 0);
}

/*
 * 1. An unprivileged process held every change hostage: lock files were
 * 0644 in a directory anyone could search, and any flock() on one, shared
 * or not, read as an apply under way (30 s wait, a --confirm window that
 * could not be confirmed). Now the lock directory is root's alone (0700),
 * closed by root's next apply where 0.3 left it open, and lock files go
 * when released. Their names are new: one of 0.3's that nobody opened
 * then and holds still is none of them.
 */
static void test_lock_not_for_others(void)
{
	char out[8192], lock[160], old[160];
	struct mg_netns ns;
	struct mg_ctx *ctx;
	struct stat st;
	struct run holder;
	time_t start;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_netns_self(ctx, &ns), 0);
	mg_ctx_unref(ctx);
	snprintf(old, sizeof(old), "/run/multigig/lock/%s-if%u", ns.id, if_nametoindex("va0"));
	snprintf(lock, sizeof(lock), "%s.lock", old);
	/* As 0.3 left them, and nobody holding the one it opened then: closing the directory does not take it back. */
	CU_ASSERT_EQUAL_FATAL(sh("mkdir -p /run/multigig/lock && chmod 755 /run/multigig/lock && "
				 "touch %s && chmod 644 %s", old, old), 0);
	snprintf(out, sizeof(out), "--reuid=65534 --regid=65534 --clear-groups -- flock -x -o %s sleep 60", old);
	run_start(&holder, "/usr/bin/setpriv", "", false, out);
	for (int i = 0; i < 500 && sh("flock -n %s true", old) == 0; i++)
		usleep(10000);
	CU_ASSERT_NOT_EQUAL_FATAL(sh("flock -n %s true", old), 0);
	start = time(NULL);
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "set va0 mtu 1400", out, sizeof(out)), 0);
	CU_ASSERT(time(NULL) - start < 10);
	CU_ASSERT_EQUAL(mtu_of("va0"), 1400);
	CU_ASSERT_EQUAL_FATAL(stat("/run/multigig/lock", &st), 0);
	CU_ASSERT_EQUAL(st.st_mode & 07777, 0700);
	CU_ASSERT_NOT_EQUAL(access(lock, F_OK), 0);
	kill(holder.pid, SIGKILL);
	run_end(&holder, out, sizeof(out));
	CU_ASSERT_EQUAL(unlink(old), 0);
	/* nobody can neither open a lock nor make one, shared or exclusive. */
	CU_ASSERT_NOT_EQUAL(sh("setpriv --reuid=65534 --regid=65534 --clear-groups flock -n -s %s true 2>/dev/null",
			       lock), 0);
	CU_ASSERT_NOT_EQUAL(sh("setpriv --reuid=65534 --regid=65534 --clear-groups sh -c 'exec 3<%s' 2>/dev/null",
			       lock), 0);
	/* Root's lock, held: nobody still cannot reach it, and root's next set waits for root alone. */
	CU_ASSERT_EQUAL(sh("setpriv --reuid=65534 --regid=65534 --clear-groups flock -x -w 1 %s true 2>/dev/null; "
			   "'%s' set va0 mtu 1500 >/dev/null", lock, MULTIGIG_CLI), 0);
	CU_ASSERT(time(NULL) - start < 10);
	CU_ASSERT_EQUAL(mtu_of("va0"), 1500);
	CU_ASSERT_NOT_EQUAL(access(lock, F_OK), 0);

	/* A --confirm window's keeper holds "hold-JOURNAL" in the same directory: nobody can neither fake nor take it. */
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "set va0 mtu 1400 --confirm 60", out, sizeof(out)), 0);
	CU_ASSERT_NOT_EQUAL(sh("setpriv --reuid=65534 --regid=65534 --clear-groups sh -c "
			       "'for f in /run/multigig/lock/hold-*; do exec 3<\"$f\" && exit 0; done; exit 1' 2>/dev/null"), 0);
	/* Nor write a journal of its own, nor change one, which the next rollback would apply. */
	CU_ASSERT_NOT_EQUAL(sh("setpriv --reuid=65534 --regid=65534 --clear-groups sh -c "
			       "'echo x > /run/multigig/journal/c1-1-1 || for f in /run/multigig/journal/*; do "
			       "echo x >> \"$f\" && exit 0; done; exit 1' 2>/dev/null"), 0);
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "confirm va0", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(sh("ip link set va0 mtu 1500"), 0);
}

/*
 * 10. Leaks and slow growth: a killed apply left its ".tmp" journal,
 * every lock file stayed, and each set read every journal and walked
 * /proc for each one of another namespace (300 stale journals: 78 ms ->
 * 1051 ms a set). Now journals are written unnamed and named once whole,
 * a temporary one left by 0.3 goes after a minute, and a set opens no
 * journal of another namespace (counted with strace, not timed).
 */
static void test_no_leaks_no_growth(void)
{
	char out[8192];

	CU_ASSERT_EQUAL_FATAL(sh("rm -f /run/multigig/lock/* && mkdir -p /run/multigig/journal && cd /run/multigig/journal && "
				 "for i in $(seq 1 300); do printf 'multigig-journal 2\\n' > c999$i-1-1; done && "
				 "touch -d '-2 minutes' .c9990-1-1.tmp && touch .c9991-1-1.tmp"), 0);
	/* LeakSanitizer cannot run under ptrace: an ASan build of the CLI would fail at its exit. */
	CU_ASSERT_EQUAL(sh("ASAN_OPTIONS=detect_leaks=0 strace -f -e trace=openat,open -o /tmp/mg-strace.%d '%s' "
			   "set va0 mtu 1400 >/dev/null 2>&1", (int)getpid(), MULTIGIG_CLI), 0);
	CU_ASSERT_EQUAL(mtu_of("va0"), 1400);
	CU_ASSERT_NOT_EQUAL(sh("grep -q '\"c999' /tmp/mg-strace.%d", (int)getpid()), 0);
	CU_ASSERT_EQUAL(sh("rm -f /tmp/mg-strace.%d", (int)getpid()), 0);
	/* The old temporary file went, the fresh one (a writer may be at work) stays; no lock file is left. */
	CU_ASSERT_NOT_EQUAL(access("/run/multigig/journal/.c9990-1-1.tmp", F_OK), 0);
	CU_ASSERT_EQUAL(access("/run/multigig/journal/.c9991-1-1.tmp", F_OK), 0);
	CU_ASSERT_EQUAL(sh("test -z \"$(ls /run/multigig/lock)\""), 0);
	/* A killed set leaves its journal and nothing else. */
	{
		struct run set;

		run_start(&set, MULTIGIG_TEST_CLI, "MG_TEST_PAUSE_AFTER_GROUP=0", true, "set va0 mtu 9000");
		CU_ASSERT_FATAL(wait_mtu("va0", 9000));
		kill(set.pid, SIGKILL);
		run_end(&set, out, sizeof(out));
	}
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "rollback va0", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(mtu_of("va0"), 1400);
	CU_ASSERT_EQUAL(sh("test \"$(ls -A /run/multigig/journal | grep -v c999 | wc -l)\" = 0"), 0);
	CU_ASSERT_EQUAL(sh("test -z \"$(ls /run/multigig/lock)\""), 0);
	CU_ASSERT_EQUAL(sh("rm -f /run/multigig/journal/c999* /run/multigig/journal/.c999* && ip link set va0 mtu 1500"), 0);
}

/* w0's MTU and rx-0's RPS mask in namespace @ns, as its own sysfs shows them: "1500 0". */
static int state_in(const char *ns, char *buf, size_t size)
{
	char cmd[512];
	FILE *p;
	size_t n;

	snprintf(cmd, sizeof(cmd), "ip netns exec %s sh -c 'cat /sys/class/net/w0/mtu "
		 "/sys/class/net/w0/queues/rx-0/rps_cpus' | tr '\\n' ' '", ns);
	p = popen(cmd, "r");
	if (!p)
		return -1;
	n = fread(buf, 1, size - 1, p);
	buf[n] = '\0';
	return pclose(p) == 0 ? 0 : -1;
}

/*
 * 2. Two namespaces, each with a w0 of the same index; the CLI run in b
 * with a's /sys (nsenter from `ip netns exec a`, as `nsenter -n -t PID`
 * from the host does). 0.3 set b's MTU, wrote the RPS mask into a's w0
 * and read it back there as verified. Now the sysfs is proved to be this
 * namespace's before anything changes: refused, and neither w0 changed.
 */
static void test_sysfs_of_another_namespace(void)
{
	char out[8192], a[64], b[64];

	CU_ASSERT_EQUAL_FATAL(sh("for n in mga mgb; do ip netns add $n && ip -n $n link add w0 type veth peer name w0p && "
				 "ip -n $n link set w0 up && ip -n $n link set w0p up || exit 1; done"), 0);
	CU_ASSERT_EQUAL_FATAL(sh("test \"$(ip -n mga -o link show w0 | cut -d: -f1)\" = "
				 "\"$(ip -n mgb -o link show w0 | cut -d: -f1)\""), 0);
	CU_ASSERT_EQUAL(sh("ip netns exec mga nsenter --net=/run/netns/mgb '%s' set w0 rps-cpus 1 mtu 1400 "
			   "> /tmp/mg-nsys.%d 2>&1", MULTIGIG_CLI, (int)getpid()), 1);
	CU_ASSERT_EQUAL(sh("grep -q 'another network namespace' /tmp/mg-nsys.%d && "
			   "grep -q 'nothing was changed' /tmp/mg-nsys.%d", (int)getpid(), (int)getpid()), 0);
	CU_ASSERT_EQUAL(state_in("mga", a, sizeof(a)), 0);
	CU_ASSERT_EQUAL(state_in("mgb", b, sizeof(b)), 0);
	CU_ASSERT_STRING_EQUAL(a, "1500 0 ");
	CU_ASSERT_STRING_EQUAL(b, "1500 0 ");
	/* A rollback there is refused the same way: nothing to find, nothing written. */
	CU_ASSERT_TRUE(no_journal());
	/* XPS, IRQ affinity (vectors found from the device) and ASPM alike, each with the MTU. */
	for (int i = 0; i < 3; i++) {
		static const char *const steps[] = { "xps-cpus 1", "irq-affinity 1", "aspm-l1 off" };

		CU_ASSERT_EQUAL(sh("ip netns exec mga nsenter --net=/run/netns/mgb '%s' set w0 %s mtu 1400 "
				   "2>&1 | grep -q 'another network namespace.*nothing was changed'", MULTIGIG_CLI,
				   steps[i]), 0);
		CU_ASSERT_EQUAL(state_in("mga", a, sizeof(a)), 0);
		CU_ASSERT_EQUAL(state_in("mgb", b, sizeof(b)), 0);
		CU_ASSERT_STRING_EQUAL(a, "1500 0 ");
		CU_ASSERT_STRING_EQUAL(b, "1500 0 ");
		CU_ASSERT_TRUE(no_journal());
	}
	/* With its own sysfs, the same command changes b's w0 alone. */
	CU_ASSERT_EQUAL(sh("ip netns exec mgb '%s' set w0 rps-cpus 1 mtu 1400 >/dev/null 2>&1", MULTIGIG_CLI), 0);
	CU_ASSERT_EQUAL(state_in("mga", a, sizeof(a)), 0);
	CU_ASSERT_EQUAL(state_in("mgb", b, sizeof(b)), 0);
	CU_ASSERT_STRING_EQUAL(a, "1500 0 ");
	CU_ASSERT_STRING_EQUAL(b, "1400 2 ");
	/*
	 * show reads the queues from a sysfs proved to be its namespace's: in b
	 * with b's own, w0's CPU 1; in b with a's, none at all, not a's w0's
	 * (no CPU), which the same name and index would have shown.
	 */
	CU_ASSERT_EQUAL(sh("ip netns exec mgb '%s' show w0 | grep -qx 'rps cpus: *rx-0:1'", MULTIGIG_CLI), 0);
	CU_ASSERT_EQUAL(sh("ip netns exec mga nsenter --net=/run/netns/mgb '%s' show w0 > /tmp/mg-nsys.%d 2>/dev/null",
			   MULTIGIG_CLI, (int)getpid()), 0);
	CU_ASSERT_EQUAL(sh("grep -qx 'interface: *w0' /tmp/mg-nsys.%d", (int)getpid()), 0);
	CU_ASSERT_EQUAL(sh("grep -q 'rps cpus:' /tmp/mg-nsys.%d", (int)getpid()), 1);
	(void)out;
	sh("rm -f /tmp/mg-nsys.%d; ip netns del mga; ip netns del mgb", (int)getpid());
}

/*
 * With the lock directory root's alone, nobody cannot see who holds a lock:
 * an apply under way must not read as an interrupted one to them (a
 * warning to roll back an apply that is running). The writer's process
 * still running tells them instead.
 */
static void test_unprivileged_sees_under_way(void)
{
	char dir[] = "/tmp/mg-nobody-XXXXXX", out[8192];
	struct run set, list;

	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
	CU_ASSERT_EQUAL_FATAL(sh("chmod 755 %s && mkdir %s/tools %s/lib && cp '%s' %s/tools/ && "
				 "cp -L %s/../lib/libmultigig.so.0 %s/lib/ && chmod -R a+rX %s", dir, dir, dir,
				 MULTIGIG_CLI, dir, MULTIGIG_CLI_DIR, dir, dir), 0);
	run_start(&set, MULTIGIG_TEST_CLI, "MG_TEST_PAUSE_AFTER_GROUP=0", true, "set va0 mtu 9000");
	CU_ASSERT_FATAL(wait_mtu("va0", 9000));
	snprintf(out, sizeof(out), "--reuid=65534 --regid=65534 --clear-groups -- %s/tools/multigig rollback --list",
		 dir);
	run_start(&list, "/usr/bin/setpriv", "", false, out);
	CU_ASSERT_EQUAL(run_end(&list, out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "under-way"));
	CU_ASSERT_PTR_NULL(strstr(out, "interrupted"));
	run_go(&set);
	CU_ASSERT_EQUAL(run_end(&set, out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(sh("ip link set va0 mtu 1500 && rm -rf %s", dir), 0);
}

/* Both ends of a kill: nothing made, or everything. */
static bool consistent(void)
{
	int mtu = mtu_of("va0");
	long long rx = rx_channels("va0");

	return (mtu == 1500 && rx == 8) || (mtu == 9000 && rx == 2);
}

/*
 * 10. set killed with -9 at any moment, then rollback: the interface ends
 * as before or as asked, never half made. At each pause point first, then
 * 30 times after 0 to 8 ms.
 */
static void test_set_killed_anywhere(void)
{
	static const char *const pauses[] = { "MG_TEST_PAUSE_AFTER_GROUP=0", "MG_TEST_PAUSE_AFTER_GROUP=2",
					      "MG_TEST_PAUSE_BEFORE_LOCK=1" };
	char out[8192];
	int bad = 0;

	for (size_t i = 0; i < sizeof(pauses) / sizeof(pauses[0]); i++) {
		struct run set;

		run_start(&set, MULTIGIG_TEST_CLI, pauses[i], true, "set va0 mtu 9000 rx 2 tx 2");
		sleep(1);
		kill(set.pid, SIGKILL);
		CU_ASSERT_EQUAL(run_end(&set, out, sizeof(out)), 128 + SIGKILL);
		CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "rollback va0", out, sizeof(out)), 0);
		CU_ASSERT_EQUAL(mtu_of("va0"), 1500);
		CU_ASSERT_EQUAL(rx_channels("va0"), 8);
		CU_ASSERT_TRUE(no_journal());
	}
	for (int i = 0; i < 30; i++) {
		const struct timespec after = { 0, (long)(i % 9) * 1000000L + (long)i * 37000L };
		struct run set;

		run_start(&set, MULTIGIG_CLI, "", false, "set va0 mtu 9000 rx 2 tx 2");
		nanosleep(&after, NULL);
		kill(set.pid, SIGKILL);
		run_end(&set, out, sizeof(out));
		if (run(MULTIGIG_CLI, "", "rollback va0", out, sizeof(out)) != 0 || !consistent() || !no_journal())
			bad++;
		sh("'%s' set va0 mtu 1500 rx 8 tx 8 >/dev/null 2>&1", MULTIGIG_CLI);
	}
	CU_ASSERT_EQUAL(bad, 0);
}

/* A journal discarded while its transaction is under way would leave it no way back: refused. */
static void test_discard_under_way(void)
{
	struct mg_journal_list *l;
	struct mg_ctx *ctx;
	char out[8192], id[128] = "";
	struct run set;

	run_start(&set, MULTIGIG_TEST_CLI, "MG_TEST_PAUSE_AFTER_GROUP=0", true, "set va0 mtu 9000");
	CU_ASSERT_FATAL(wait_journal());
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_journal_list_new(ctx, &l), 0);
	CU_ASSERT_EQUAL_FATAL(mg_journal_list_count(l), 1);
	CU_ASSERT_EQUAL(mg_journal_list_get_state(l, 0), MG_JOURNAL_UNDER_WAY);
	snprintf(id, sizeof(id), "%s", mg_journal_list_get_id(l, 0));
	{
		char *text = NULL, expect[256];

		/* rollback --list's lines: state, id and reason; when, by whom, and the interface with its index. */
		CU_ASSERT_EQUAL_FATAL(mg_journal_list_to_text(l, &text), 0);
		snprintf(expect, sizeof(expect), "under-way       %s (", id);
		CU_ASSERT_EQUAL(strncmp(text, expect, strlen(expect)), 0);
		snprintf(expect, sizeof(expect), " by process %ld; interfaces: va0 (index %d)\n",
			 mg_journal_list_get_pid(l, 0), if_nametoindex("va0"));
		CU_ASSERT_PTR_NOT_NULL(strstr(text, expect));
		CU_ASSERT_PTR_NOT_NULL(strstr(text, " UTC by process "));
		free(text);
	}
	mg_journal_list_free(l);
	CU_ASSERT_EQUAL(mg_journal_discard(ctx, id), -EBUSY);
	CU_ASSERT_EQUAL(mg_settings_journal_pending(ctx, "va0"), 0);
	run_go(&set);
	CU_ASSERT_EQUAL(run_end(&set, out, sizeof(out)), 0);
	CU_ASSERT_TRUE(no_journal());
	CU_ASSERT_EQUAL(sh("ip link set va0 mtu 1500"), 0);
	mg_ctx_unref(ctx);
}


/*
 * A service that runs as its own user with CAP_NET_ADMIN alone (systemd's
 * AmbientCapabilities=), set up as the Debian package sets /run/multigig
 * up (2775, root and a group the service is in): it applies and rolls back
 * with the same locks and journals as root, each finishing what the other
 * left. Without CAP_NET_ADMIN it is refused, naming it. nobody runs a copy
 * of the CLIs: the build may sit in a directory only root can enter.
 */
static char svc_dir[] = "/tmp/mg-svc-XXXXXX";

static int as_service(const char *caps, const char *env, bool pause, struct run *r, const char *cli,
		      const char *args)
{
	char cmd[1024];

	snprintf(cmd, sizeof(cmd), "--reuid=65534 --regid=65534 --clear-groups --inh-caps=%s --ambient-caps=%s "
		 "-- '%s/%s' %s", caps, caps, svc_dir, cli, args);
	run_start(r, "/usr/bin/setpriv", env, pause, cmd);
	return 0;
}

static void test_cap_net_admin_service(void)
{
	char out[8192];
	struct run r;

	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(svc_dir));
	CU_ASSERT_EQUAL_FATAL(sh("chmod 755 %s && mkdir -p %s/tools %s/lib && cp '%s' '%s' %s/tools/ && "
				 "cp -L %s/../lib/libmultigig.so.0 %s/lib/ && chmod -R a+rX %s", svc_dir, svc_dir, svc_dir,
				 MULTIGIG_CLI, MULTIGIG_TEST_CLI, svc_dir, MULTIGIG_CLI_DIR, svc_dir, svc_dir), 0);
	/* What the package's tmpfiles.d makes. */
	CU_ASSERT_EQUAL_FATAL(sh("mkdir -p /run/multigig/lock /run/multigig/journal && "
				 "chown root:65534 /run/multigig /run/multigig/lock /run/multigig/journal && "
				 "chmod 2775 /run/multigig /run/multigig/journal && chmod 2770 /run/multigig/lock"), 0);

	as_service("+net_admin", "", false, &r, "tools/multigig", "set va0 mtu 9000");
	CU_ASSERT_EQUAL(run_end(&r, out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "set mtu: 1500 -> 9000"));
	CU_ASSERT_EQUAL(mtu_of("va0"), 9000);

	/* The service killed midway: root rolls back the service's journal. */
	as_service("+net_admin", "MG_TEST_PAUSE_AFTER_GROUP=0", true, &r, "tools/multigig-testing",
		   "set va0 mtu 4000 rx 2");
	CU_ASSERT_FATAL(wait_mtu("va0", 4000));
	kill(r.pid, SIGKILL);
	run_end(&r, out, sizeof(out));
	CU_ASSERT_EQUAL(sh("test \"$(stat -c %%u /run/multigig/journal/*)\" = 65534"), 0);
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "set va0 mtu 1400", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "was interrupted"));
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "rollback va0", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "restored mtu: 4000 -> 9000"));
	CU_ASSERT_TRUE(no_journal());

	/* Root killed midway: the service rolls back root's journal, and waits for root's lock meanwhile. */
	run_start(&r, MULTIGIG_TEST_CLI, "MG_TEST_PAUSE_AFTER_GROUP=0", true, "set va0 mtu 3000");
	CU_ASSERT_FATAL(wait_mtu("va0", 3000));
	kill(r.pid, SIGKILL);
	run_end(&r, out, sizeof(out));
	as_service("+net_admin", "", false, &r, "tools/multigig", "rollback va0");
	CU_ASSERT_EQUAL(run_end(&r, out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "restored mtu: 3000 -> 9000"));
	CU_ASSERT_EQUAL(mtu_of("va0"), 9000);
	CU_ASSERT_TRUE(no_journal());

	/* Without the capability: refused, named, nothing changed. */
	as_service("-all", "", false, &r, "tools/multigig", "set va0 mtu 1500");
	CU_ASSERT_EQUAL(run_end(&r, out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "CAP_NET_ADMIN"));
	CU_ASSERT_EQUAL(mtu_of("va0"), 9000);
	CU_ASSERT_EQUAL(sh("ip link set va0 mtu 1500 && rm -rf %s", svc_dir), 0);
}

/* ---- changes that confirm or undo themselves, and the path to a peer ---- */

/*
 * set --confirm, then the shell and its whole session gone (SIGHUP and
 * SIGKILL to the session's processes, as a cut SSH session does): the
 * change is rolled back when the window ends, by a process that outlived
 * them.
 */
static void test_confirm_rolls_back_without_its_session(void)
{
	char out[8192];
	struct run shell;

	run_start(&shell, "/usr/bin/setsid", "", false,
		  "-w sh -c \"'" MULTIGIG_CLI "' set va0 mtu 9000 --confirm 5 && sleep 60\"");
	CU_ASSERT_FATAL(wait_output(&shell, "within 5 s"));
	CU_ASSERT_EQUAL(mtu_of("va0"), 9000);
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "rollback --list", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "awaiting-confirm"));
	/* The session's leader is setsid's child; its group is the session's. */
	kill(-shell.pid, SIGHUP);
	kill(-shell.pid, SIGKILL);
	run_end(&shell, out, sizeof(out));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "confirmed within 5 s, else they are rolled back; confirm them with: "
					   "multigig confirm va0\n"));
	CU_ASSERT_EQUAL(mtu_of("va0"), 9000);
	CU_ASSERT_TRUE(wait_mtu("va0", 1500));
	CU_ASSERT_TRUE(no_journal());
}

/* How many processes run `multigig set va0 ... --confirm`: the keepers of windows (each a copy of the CLI). */
static int keepers(void)
{
	/* This build's CLI alone: another test run on the machine has keepers of its own. */
	return sh("exit $(pgrep -c -f '^%s [s]et va0 .*--confirm')", MULTIGIG_CLI);
}

/* A killed process leaves its command line before it closes its files (its hold): a moment more. */
static void wait_no_keeper(void)
{
	for (int i = 0; i < 1000 && keepers() > 0; i++)
		usleep(20000);
	usleep(300000);
}

/*
 * Confirmed in time: the change stays, and the window's keeper ends at
 * once (0.3's slept out the whole window).
 */
static void test_confirm_keeps(void)
{
	char out[8192];
	time_t start;

	wait_no_keeper();
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "set va0 mtu 9000 --confirm 60", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(keepers(), 1);
	/* show names the window, not an interrupted apply to roll back (0.3 did). */
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "show va0", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "await confirmation; to keep them, run: multigig confirm va0"));
	CU_ASSERT_PTR_NULL(strstr(out, "interrupted"));
	/* Meanwhile the interface is not to be changed again. */
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "set va0 mtu 4000", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "await confirmation"));
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "confirm va0", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "confirmed"));
	CU_ASSERT_TRUE(no_journal());
	start = time(NULL);
	while (keepers() > 0 && time(NULL) - start < 20)
		usleep(20000);
	CU_ASSERT_EQUAL(keepers(), 0);
	CU_ASSERT(time(NULL) - start < 20);
	CU_ASSERT_EQUAL(sh("test -z \"$(ls /run/multigig/lock)\""), 0);
	CU_ASSERT_EQUAL(mtu_of("va0"), 9000);
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "confirm va0", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "no change awaits confirmation"));
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "set va0 mtu 1500 --confirm 3601", out, sizeof(out)), 2);
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "set va0 mtu 1500", out, sizeof(out)), 0);
}

/* A change made with a window of @seconds, and its keeper killed with -9 at once. */
static void set_and_kill_keeper(int seconds)
{
	char out[8192], args[64];

	snprintf(args, sizeof(args), "set va0 mtu 9000 --confirm %d", seconds);
	CU_ASSERT_EQUAL_FATAL(run(MULTIGIG_CLI, "", args, out, sizeof(out)), 0);
	CU_ASSERT_EQUAL_FATAL(sh("pkill -KILL -f '^%s [s]et va0 mtu 9000 --confirm'", MULTIGIG_CLI), 0);
	wait_no_keeper();
}

/*
 * 8. The keeper killed (kill -9, the OOM killer, a stopped service's
 * cgroup). 0.3 noticed nothing: the journal stayed "awaiting
 * confirmation", nothing rolled back, and every set was refused until a
 * rollback by hand. Now the list says the keeper is gone; the window is
 * still open to a confirmation; once it has ended, the next set, confirm
 * or rollback of the interface rolls the change back, as the keeper would
 * have.
 */
static void test_confirm_keeper_killed(void)
{
	char out[8192];

	/* Confirmed in its window all the same. */
	set_and_kill_keeper(60);
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "rollback --list", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "awaiting-confirm"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "keeper"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "is gone"));
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "confirm va0", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(mtu_of("va0"), 9000);
	CU_ASSERT_TRUE(no_journal());
	CU_ASSERT_EQUAL(sh("test -z \"$(ls /run/multigig/lock)\""), 0);
	CU_ASSERT_EQUAL(sh("ip link set va0 mtu 1500"), 0);

	/*
	 * Its window ended unwatched: the next set rolls it back first, then
	 * makes its own change. The window is long enough for a loaded guest
	 * to kill the keeper inside it (2 s was not, once).
	 */
	set_and_kill_keeper(5);
	sleep(6);
	CU_ASSERT_EQUAL(mtu_of("va0"), 9000);
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "rollback --list", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "interrupted"));
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "set va0 mtu 4000", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "set mtu: 1500 -> 4000"));
	CU_ASSERT_EQUAL(mtu_of("va0"), 4000);
	CU_ASSERT_TRUE(no_journal());
	CU_ASSERT_EQUAL(sh("ip link set va0 mtu 1500"), 0);

	/* A confirmation after the end is refused, and what was due is done. */
	set_and_kill_keeper(5);
	sleep(6);
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "confirm va0", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "too late"));
	CU_ASSERT_EQUAL(mtu_of("va0"), 1500);
	CU_ASSERT_TRUE(no_journal());
	CU_ASSERT_EQUAL(sh("test -z \"$(ls /run/multigig/lock)\""), 0);
}

/* A window over va0's MTU 9000 -> 1500, ending @wall s from now on the wall clock and @boot s on the boot clock. */
static void write_window(struct mg_ctx *ctx, long long wall, long long boot)
{
	struct mg_iface_id id = { .ifindex = (int)if_nametoindex("va0"), .name = "va0", .kind = "veth" };
	struct mg_journal j;
	struct mg_journal_part *p;
	struct timespec now;

	mg_journal_init(&j);
	CU_ASSERT_EQUAL_FATAL(mg_netns_self(ctx, &j.ns), 0);
	CU_ASSERT_EQUAL_FATAL(clock_gettime(CLOCK_BOOTTIME, &now), 0);
	j.pid = 1;
	j.confirm_by = (long long)time(NULL) + wall;
	j.confirm_boot = (long long)now.tv_sec + boot;
	p = mg_journal_add_part(&j, &id);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	p->entries[p->count++] = (struct mg_journal_entry){ .param = MG_PARAM_MTU, .old_value = 1500, .new_value = 9000,
							    .new_known = true };
	CU_ASSERT_EQUAL_FATAL(mg_journal_write(ctx, &j), 0);
	mg_journal_clear(&j);
}

/*
 * 8. The window is kept on the boot-time clock: a board without a
 * real-time clock steps its wall clock when NTP answers, which fired 0.3's
 * deadline early or late. A step of the wall clock cannot be made here
 * without moving the test machine's own, so the two clocks are made to
 * disagree in the journal instead: the boot clock decides.
 */
static void test_confirm_window_by_boot_clock(void)
{
	struct mg_ctx *ctx;
	char out[8192];

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(sh("ip link set va0 mtu 9000"), 0);
	/* The wall clock says ended long ago; the boot clock says a minute to go: still open. */
	write_window(ctx, -3600, 60);
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "rollback --list", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "awaiting-confirm"));
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "confirm va0", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(mtu_of("va0"), 9000);
	CU_ASSERT_TRUE(no_journal());
	/* The wall clock says an hour to go; the boot clock says ended: too late, and rolled back now. */
	write_window(ctx, 3600, -1);
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "confirm va0", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "too late"));
	CU_ASSERT_EQUAL(mtu_of("va0"), 1500);
	CU_ASSERT_TRUE(no_journal());
	mg_ctx_unref(ctx);
}

/*
 * Killed at any moment of a set --confirm, the keeper's start included:
 * exactly one journal stands for the change (0.3 could leave two, and
 * confirm picked either), and once its window has ended the interface is
 * as before, or the journal's rollback makes it so.
 */
static void test_confirm_killed_anywhere(void)
{
	char out[8192];
	int bad = 0, two = 0;

	for (int i = 0; i < 20; i++) {
		const struct timespec after = { 0, (long)(i % 10) * 1500000L + (long)i * 53000L };
		struct run set;

		run_start(&set, MULTIGIG_CLI, "", false, "set va0 mtu 9000 --confirm 1");
		nanosleep(&after, NULL);
		kill(set.pid, SIGKILL);
		run_end(&set, out, sizeof(out));
		two += sh("test $(ls /run/multigig/journal | wc -l) -le 1") != 0;
		/* The keeper, if it started, ends the window; else a rollback does. */
		sleep(2);
		wait_no_keeper();
		if (!no_journal())
			run(MULTIGIG_CLI, "", "rollback va0", out, sizeof(out));
		if (mtu_of("va0") != 1500 || !no_journal())
			bad++;
		sh("ip link set va0 mtu 1500");
	}
	CU_ASSERT_EQUAL(two, 0);
	CU_ASSERT_EQUAL(bad, 0);
}

/*
 * Three namespaces: pa (a0, 10.9.0.1), a bridge in pb, pc (c0, 10.9.0.2).
 * The bridge's port towards pc is at @mtu_b1: at 1500 between two 9000
 * ends it drops the larger frames without a word.
 */
static int path_setup(int mtu_b1)
{
	return sh("for n in pa pb pc; do ip netns del $n 2>/dev/null; ip netns add $n || exit 1; done && "
		  "ip -n pb link add br0 type bridge && ip -n pb link set br0 up && "
		  "ip link add a0 netns pa type veth peer name b0 netns pb && "
		  "ip link add c0 netns pc type veth peer name b1 netns pb && "
		  "ip -n pb link set b0 master br0 && ip -n pb link set b1 master br0 && "
		  "ip -n pb link set b0 mtu 9000 up && ip -n pb link set b1 mtu %d up && "
		  "ip -n pa addr add 10.9.0.1/24 dev a0 && ip -n pa link set a0 up && "
		  "ip -n pc addr add 10.9.0.2/24 dev c0 && ip -n pc link set c0 mtu 9000 up", mtu_b1);
}

static int mtu_in(const char *ns, const char *ifname)
{
	char cmd[160];
	int mtu = -1;
	FILE *p;

	snprintf(cmd, sizeof(cmd), "ip netns exec %s cat /sys/class/net/%s/mtu", ns, ifname);
	p = popen(cmd, "r");
	if (p && fscanf(p, "%d", &mtu) != 1)
		mtu = -1;
	if (p)
		pclose(p);
	return mtu;
}

/* The CLI run in namespace @ns to its end: its exit code, its output in @out. */
static int run_in(const char *ns, const char *args, char *out, size_t size)
{
	char words[1024];

	snprintf(words, sizeof(words), "netns exec %s '%s' %s", ns, MULTIGIG_CLI, args);
	return run("ip", "", words, out, size);
}

/* Whether @out has a match of the extended regular expression @ere. */
static bool has(const char *out, const char *ere)
{
	regex_t re;
	bool found;

	if (regcomp(&re, ere, REG_EXTENDED | REG_NOSUB) != 0)
		return false;
	found = regexec(&re, out, 0, NULL, 0) == 0;
	regfree(&re);
	return found;
}

static void test_verify_peer(void)
{
	char out[8192];

	CU_ASSERT_EQUAL_FATAL(path_setup(1500), 0);
	CU_ASSERT_EQUAL(run_in("pa", "set a0 mtu 9000 --verify-peer 10.9.0.2", out, sizeof(out)), 1);
	CU_ASSERT_EQUAL(mtu_in("pa", "a0"), 1500);
	/*
	 * At most 1500, or up to 1504 where the kernel lets a port take a
	 * frame a VLAN tag longer than its MTU (veth through a bridge on 6.1).
	 */
	CU_ASSERT_TRUE(has(out, "the path to 10.9.0.2 carries at most 150[0-4] bytes, not the 9000 of the new MTU"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "every change was rolled back"));
	/* The doctor finds the same by itself, and its fix is that MTU. */
	CU_ASSERT_EQUAL(sh("ip -n pa link set a0 mtu 9000"), 0);
	CU_ASSERT_EQUAL(run_in("pa", "doctor a0 --interval 0.01 --peer 10.9.0.2", out, sizeof(out)), 0);
	CU_ASSERT_TRUE(has(out, "the path to 10.9.0.2 carries at most (150[0-4]) bytes, below the MTU 9000 of a0"));
	CU_ASSERT_TRUE(has(out, "multigig set a0 mtu 150[0-4] \\(--fix applies it\\)"));
	/* A whole path keeps the change. */
	CU_ASSERT_EQUAL(sh("ip -n pa link set a0 mtu 1500 && ip -n pb link set b1 mtu 9000"), 0);
	CU_ASSERT_EQUAL(run_in("pa", "set a0 mtu 9000 --verify-peer 10.9.0.2", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(mtu_in("pa", "a0"), 9000);
	CU_ASSERT_EQUAL(run_in("pa", "doctor a0 --interval 0.01 --peer 10.9.0.2", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "carries the whole MTU of a0: 9000 bytes"));
	/* A peer that answers nothing now: refused before any change. */
	CU_ASSERT_EQUAL(run_in("pa", "set a0 mtu 4000 --verify-peer 10.9.0.99", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "nothing was changed"));
	CU_ASSERT_EQUAL(mtu_in("pa", "a0"), 9000);
	CU_ASSERT_EQUAL(run(MULTIGIG_CLI, "", "set va0 mtu 1500 --verify-peer nowhere", out, sizeof(out)), 2);
	sh("for n in pa pb pc; do ip netns del $n; done");
}

/*
 * A peer this machine answers itself, or many hosts answer, checks no
 * link: refused before anything changes, with the reason. Its own address
 * on the interface or on another one "passed" a 9000-byte check over a
 * 1500-byte path (answered over loopback); a subnet's broadcast failed
 * with an empty message. The far end of a point-to-point address is not
 * this machine's.
 */
static void test_peer_refused(void)
{
	static const struct { const char *peer, *why; } cases[] = {
		{ "10.9.0.1", "10.9.0.1 is an address of this machine (a0): a peer must be one other host on the link; "
			      "nothing was changed" },
		{ "192.0.2.1", "192.0.2.1 is an address of this machine (d0)" },
		{ "10.20.0.1", "10.20.0.1 is an address of this machine (d0)" },
		{ "2001:db8:9::1", "2001:db8:9::1 is an address of this machine (a0)" },
		{ "fe80::1", "fe80::1 is an address of this machine (a0)" },
		{ "10.9.0.255", "10.9.0.255 is the broadcast address of a0's subnet 10.9.0.0/24: a peer must be "
				"one other host on the link; nothing was changed" },
		{ "192.0.2.255", "192.0.2.255 is the broadcast address of d0's subnet 192.0.2.0/24" },
		{ "255.255.255.255", "255.255.255.255 is the broadcast address of every link" },
		{ "0.0.0.0", "0.0.0.0 is the unspecified address" },
		{ "::1", "::1 is a loopback address" },
		{ "224.0.0.1", "224.0.0.1 is a multicast address" },
	};
	char out[8192], args[256];

	CU_ASSERT_EQUAL_FATAL(path_setup(9000), 0);
	CU_ASSERT_EQUAL_FATAL(sh("ip -n pa link set lo up && ip -n pa link add d0 type veth peer name d1 && "
				 "ip -n pa addr add 192.0.2.1/24 dev d0 && "
				 "ip -n pa addr add 10.20.0.1 peer 10.20.0.2/32 dev d0 && "
				 "ip -n pa link set d0 up && ip -n pa link set d1 up && "
				 "ip -n pa addr add 2001:db8:9::1/64 dev a0 nodad && "
				 "ip -n pa addr add fe80::1/64 dev a0 nodad"), 0);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(args, sizeof(args), "set a0 mtu 9000 --verify-peer %s", cases[i].peer);
		CU_ASSERT_EQUAL(run_in("pa", args, out, sizeof(out)), 1);
		if (!strstr(out, cases[i].why))
			printf("%s: %s", cases[i].peer, out);
		CU_ASSERT_PTR_NOT_NULL(strstr(out, cases[i].why));
		CU_ASSERT_PTR_NOT_NULL(strstr(out, "nothing was changed"));
		CU_ASSERT_EQUAL(mtu_in("pa", "a0"), 1500);
	}
	/* A dry run is refused the same. */
	CU_ASSERT_EQUAL(run_in("pa", "set a0 mtu 9000 --dry-run --verify-peer 10.9.0.1", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "is an address of this machine (a0)"));
	/* The doctor refuses the same, before its interval: not taken for a bad --interval. */
	CU_ASSERT_EQUAL(run_in("pa", "doctor a0 --interval 0.01 --peer 10.9.0.1", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "multigig: doctor: 10.9.0.1 is an address of this machine (a0): a peer must "
					   "be one other host on the link"));
	CU_ASSERT_EQUAL(run_in("pa", "doctor a0 --interval 0.01 --peer 10.9.0.255", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "10.9.0.255 is the broadcast address of a0's subnet 10.9.0.0/24"));
	/* The far end of the point-to-point address is another host: probed, and not reached out of a0. */
	CU_ASSERT_EQUAL(run_in("pa", "set a0 mtu 9000 --verify-peer 10.20.0.2", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NULL(strstr(out, "this machine"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "10.20.0.2 does not answer 1500-byte packets"));
	/* A real peer still passes. */
	CU_ASSERT_EQUAL(run_in("pa", "set a0 mtu 9000 --verify-peer 10.9.0.2", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(mtu_in("pa", "a0"), 9000);
	sh("for n in pa pb pc; do ip netns del $n; done");
}

/*
 * Each failure of a probe says what it was: a timeout, and a send the
 * kernel refuses (a broadcast, without SO_BROADCAST). Both once left the
 * last error empty, and set printed "multigig: set: ; nothing was changed".
 */
static void test_probe_says_why(void)
{
	int ifindex = (int)if_nametoindex("va0");
	struct mg_ctx *ctx;

	CU_ASSERT_EQUAL_FATAL(sh("ip addr add 10.77.0.1/24 dev va0 && ip link set lo up"), 0);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	CU_ASSERT_EQUAL(mg_probe_path(ctx, "10.77.0.99", ifindex, 1500, 1, 200), -ETIMEDOUT);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "10.77.0.99 did not answer: 1 echo of 1500 bytes"));
	mg_clear_error(ctx);
	CU_ASSERT_EQUAL(mg_probe_path(ctx, "10.77.0.255", ifindex, 1500, 1, 200), -EACCES);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "cannot send a 1500-byte echo to 10.77.0.255"));
	mg_ctx_unref(ctx);
	sh("ip addr del 10.77.0.1/24 dev va0");
}

/*
 * Two namespaces and a veth between them: a6 in p6a (2001:db8:9::1,
 * fe80::1), c6 in p6c (2001:db8:9::2, fe80::2) at @mtu_c6. A veth drops
 * what is larger than its other end's MTU, without a word, as a switch
 * does. nodad: the addresses are usable at once.
 */
static int path6_setup(int mtu_c6)
{
	return sh("for n in p6a p6c; do ip netns del $n 2>/dev/null; ip netns add $n || exit 1; done && "
		  "ip link add a6 netns p6a type veth peer name c6 netns p6c && "
		  "ip -n p6a link set lo up && ip -n p6c link set lo up && "
		  "ip -n p6a addr add 2001:db8:9::1/64 dev a6 nodad && ip -n p6a addr add fe80::1/64 dev a6 nodad && "
		  "ip -n p6c addr add 2001:db8:9::2/64 dev c6 nodad && ip -n p6c addr add fe80::2/64 dev c6 nodad && "
		  "ip -n p6a link set a6 up && ip -n p6c link set c6 mtu %d up", mtu_c6);
}

/*
 * The same over IPv6, to a global and to a link-local address (its scope
 * the interface probed). The index of IPV6_UNICAST_IF was once given in
 * host byte order: every IPv6 probe failed with "Cannot assign requested
 * address", and the doctor said the peer did not answer.
 */
static void test_verify_peer_ipv6(void)
{
	char out[8192];

	CU_ASSERT_EQUAL_FATAL(path6_setup(1500), 0);
	CU_ASSERT_EQUAL(run_in("p6a", "set a6 mtu 9000 --verify-peer 2001:db8:9::2", out, sizeof(out)), 1);
	CU_ASSERT_EQUAL(mtu_in("p6a", "a6"), 1500);
	CU_ASSERT_TRUE(has(out, "the path to 2001:db8:9::2 carries at most 150[0-4] bytes, not the 9000 of the new "
			   "MTU"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "every change was rolled back"));
	CU_ASSERT_EQUAL(run_in("p6a", "set a6 mtu 9000 --verify-peer fe80::2", out, sizeof(out)), 1);
	CU_ASSERT_EQUAL(mtu_in("p6a", "a6"), 1500);
	CU_ASSERT_TRUE(has(out, "the path to fe80::2 carries at most 150[0-4] bytes, not the 9000 of the new MTU"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "every change was rolled back"));
	/* The doctor's search starts at IPv6's smallest MTU, 1280. */
	CU_ASSERT_EQUAL(sh("ip -n p6a link set a6 mtu 9000"), 0);
	CU_ASSERT_EQUAL(run_in("p6a", "doctor a6 --interval 0.01 --peer fe80::2", out, sizeof(out)), 0);
	CU_ASSERT_TRUE(has(out, "the path to fe80::2 carries at most 150[0-4] bytes, below the MTU 9000 of a6"));
	CU_ASSERT_PTR_NULL(strstr(out, "peer-does-not-answer"));
	/* A whole path keeps the change, and the doctor says so. */
	CU_ASSERT_EQUAL(sh("ip -n p6a link set a6 mtu 1500 && ip -n p6c link set c6 mtu 9000"), 0);
	CU_ASSERT_EQUAL(run_in("p6a", "set a6 mtu 9000 --verify-peer 2001:db8:9::2", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(mtu_in("p6a", "a6"), 9000);
	CU_ASSERT_EQUAL(run_in("p6a", "doctor a6 --interval 0.01 --peer 2001:db8:9::2", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "carries the whole MTU of a6: 9000 bytes"));
	CU_ASSERT_EQUAL(run_in("p6a", "set a6 mtu 4000 --verify-peer fe80::2", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(mtu_in("p6a", "a6"), 4000);
	CU_ASSERT_EQUAL(run_in("p6a", "doctor a6 --interval 0.01 --peer fe80::2", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "carries the whole MTU of a6: 4000 bytes"));
	sh("for n in p6a p6c; do ip netns del $n; done");
}

int main(void)
{
	if (geteuid() != 0) {
		printf("transaction suite: needs root to create a network namespace; not run\n");
		return MG_TEST_SKIP;
	}
	/* Its own /run for the locks and journals, its own /sys for this namespace's interfaces. */
	if (unshare(CLONE_NEWNET | CLONE_NEWNS) < 0 || mount("none", "/", "none", MS_REC | MS_PRIVATE, NULL) < 0 ||
	    mount("tmpfs", "/run", "tmpfs", 0, "mode=0755") < 0 || mount("sysfs", "/sys", "sysfs", 0, NULL) < 0) {
		perror("a private network namespace, /run and /sys");
		return EXIT_FAILURE;
	}
	/* A run that ended before it was told to go fails its test, not the whole program. */
	signal(SIGPIPE, SIG_IGN);
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("doctor --fix: one transaction", setup_bridge, teardown_bridge,
		     MG_TEST(test_doctor_fix_names_swapped), MG_TEST(test_doctor_fix_other_writer_waits),
		     MG_TEST(test_doctor_fix_leaves_unlocked_writer), MG_TEST(test_renamed_between_interfaces),
		     MG_TEST(test_made_again_same_index),
		     MG_TEST(test_doctor_fix_killed_between_fixes), MG_TEST(test_doctor_fix_killed_anywhere),
		     MG_TEST(test_doctor_fix_confirm_killed_anywhere));
	MG_ADD_SUITE("journals and locks", setup_veth8, teardown_veth8, MG_TEST(test_journal_of_gone_namespace),
		     MG_TEST(test_journal_of_bind_mounted_namespace),
		     MG_TEST(test_journal_same_inode_other_cookie), MG_TEST(test_failed_rollback_keeps_journal),
		     MG_TEST(test_fifo_in_the_way), MG_TEST(test_lock_not_for_others),
		     MG_TEST(test_no_leaks_no_growth), MG_TEST(test_unprivileged_sees_under_way),
		     MG_TEST(test_sysfs_of_another_namespace), MG_TEST(test_discard_under_way), MG_TEST(test_set_killed_anywhere),
		     MG_TEST(test_cap_net_admin_service), MG_TEST(test_hint_names_the_interrupted_one));
	MG_ADD_SUITE("confirm, and the path to a peer", setup_veth8, teardown_veth8,
		     MG_TEST(test_confirm_rolls_back_without_its_session), MG_TEST(test_confirm_keeps),
		     MG_TEST(test_confirm_keeper_killed), MG_TEST(test_confirm_window_by_boot_clock),
		     MG_TEST(test_confirm_killed_anywhere), MG_TEST(test_verify_peer),
		     MG_TEST(test_verify_peer_ipv6), MG_TEST(test_probe_says_why),
		     MG_TEST(test_peer_refused));
	return mg_test_run();
}
