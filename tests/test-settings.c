/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "kernel": reading and applying settings on veth, tun and macvlan
 * devices in a private network namespace (the host's interfaces are never
 * touched). Needs root.
 */
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <sched.h>
#include <string.h>
#include <sys/capability.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/if_tun.h>
#include <netlink/netlink.h>
#include <netlink/route/link.h>
#include <netlink/route/link/macvlan.h>
#include <netlink/route/link/veth.h>

#include "mg-ethlink.h"
#include "mg-settings.h"
#include "mg-test.h"

static int tun_fd = -1;

static int add_veth(struct nl_sock *sk, const char *a, const char *b)
{
	struct rtnl_link *veth = rtnl_link_veth_alloc(), *peer;
	int err;

	if (!veth)
		return -ENOMEM;
	rtnl_link_set_name(veth, a);
	peer = rtnl_link_veth_get_peer(veth);
	rtnl_link_set_name(peer, b);
	rtnl_link_put(peer);
	err = rtnl_link_add(sk, veth, NLM_F_CREATE | NLM_F_EXCL);
	rtnl_link_veth_release(veth);
	return err;
}

static int suite_init(void)
{
	struct nl_sock *sk = nl_socket_alloc();
	struct rtnl_link *mv = rtnl_link_macvlan_alloc();
	struct ifreq ifr;
	int err = -1;

	if (!sk || !mv || nl_connect(sk, NETLINK_ROUTE) < 0 || add_veth(sk, "veth0", "veth1") < 0)
		goto out;
	rtnl_link_set_name(mv, "macvlan0");
	rtnl_link_set_link(mv, (int)if_nametoindex("veth0"));
	if (rtnl_link_add(sk, mv, NLM_F_CREATE | NLM_F_EXCL) < 0)
		goto out;
	tun_fd = open("/dev/net/tun", O_RDWR | O_CLOEXEC);
	memset(&ifr, 0, sizeof(ifr));
	ifr.ifr_flags = IFF_TUN | IFF_NO_PI;
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "tun0");
	if (tun_fd < 0 || ioctl(tun_fd, TUNSETIFF, &ifr) < 0)
		goto out;
	err = 0;
out:
	rtnl_link_put(mv);
	nl_socket_free(sk);
	return err;
}

static int suite_fini(void)
{
	if (tun_fd >= 0)
		close(tun_fd);
	return 0;
}

static long long value_of(struct mg_ctx *ctx, const char *ifname, enum mg_param p)
{
	struct mg_settings *s;
	long long v = -1;

	CU_ASSERT_EQUAL_FATAL(mg_settings_read(ctx, ifname, &s), 0);
	if (mg_settings_get(s, p, &v) < 0)
		v = -1;
	mg_settings_free(s);
	return v;
}

static struct mg_ctx *live(void)
{
	struct mg_ctx *ctx;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	return ctx;
}

static int apply2(struct mg_ctx *ctx, const char *ifname, enum mg_param a, long long va, enum mg_param b,
		  long long vb, struct mg_apply_result **r)
{
	struct mg_settings *want;
	int err;

	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&want), 0);
	mg_settings_set(want, a, va);
	if ((int)b >= 0)
		mg_settings_set(want, b, vb);
	err = mg_settings_apply(ctx, ifname, want, 0, r);
	mg_settings_free(want);
	return err;
}

static void test_read_veth(void)
{
	struct mg_ctx *ctx = live();
	struct mg_settings *s;
	long long v;

	CU_ASSERT_EQUAL_FATAL(mg_settings_read(ctx, "veth0", &s), 0);
	CU_ASSERT_EQUAL(mg_settings_get(s, MG_PARAM_MTU, &v), 0);
	CU_ASSERT_EQUAL(v, 1500);
	CU_ASSERT_EQUAL(mg_settings_get_min(s, MG_PARAM_MTU, &v), 0);
	CU_ASSERT_EQUAL(v, 68);
	CU_ASSERT_EQUAL(mg_settings_get_max(s, MG_PARAM_MTU, &v), 0);
	CU_ASSERT_EQUAL(v, 65535);
	CU_ASSERT_EQUAL(mg_settings_get(s, MG_PARAM_RX_CHANNELS, &v), 0);
	CU_ASSERT_EQUAL(mg_settings_get_max(s, MG_PARAM_RX_CHANNELS, &v), 0);
	CU_ASSERT(v >= 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_settings_group_error(s, MG_GROUP_RINGS), "veth does not support ring"));
	CU_ASSERT_PTR_NULL(mg_settings_group_error(s, MG_GROUP_CHANNELS));
	CU_ASSERT_EQUAL(mg_settings_get(s, MG_PARAM_RX_RING, &v), -ENODATA);
	mg_settings_free(s);
	mg_ctx_unref(ctx);
}

static void test_mtu_within_limits(void)
{
	struct mg_ctx *ctx = live();
	struct mg_apply_result *r;

	CU_ASSERT_EQUAL(apply2(ctx, "veth0", MG_PARAM_MTU, 9000, -1, 0, &r), 0);
	CU_ASSERT_EQUAL(mg_apply_result_count(r), 1);
	CU_ASSERT_EQUAL(mg_apply_result_may_bounce_link(r), 0);
	mg_apply_result_free(r);
	CU_ASSERT_EQUAL(value_of(ctx, "veth0", MG_PARAM_MTU), 9000);
	CU_ASSERT_EQUAL(apply2(ctx, "veth0", MG_PARAM_MTU, 1500, -1, 0, NULL), 0);
	CU_ASSERT_EQUAL(value_of(ctx, "veth0", MG_PARAM_MTU), 1500);
	mg_ctx_unref(ctx);
}

static void test_channels_veth(void)
{
	struct mg_ctx *ctx = live();
	struct mg_settings *s;
	struct mg_apply_result *r;
	long long max, before;

	CU_ASSERT_EQUAL_FATAL(mg_settings_read(ctx, "veth0", &s), 0);
	CU_ASSERT_EQUAL_FATAL(mg_settings_get_max(s, MG_PARAM_RX_CHANNELS, &max), 0);
	CU_ASSERT_EQUAL_FATAL(mg_settings_get(s, MG_PARAM_RX_CHANNELS, &before), 0);
	mg_settings_free(s);
	CU_ASSERT_EQUAL(apply2(ctx, "veth0", MG_PARAM_RX_CHANNELS, max, MG_PARAM_TX_CHANNELS, max, &r), 0);
	CU_ASSERT_EQUAL(value_of(ctx, "veth0", MG_PARAM_RX_CHANNELS), max);
	CU_ASSERT_EQUAL(value_of(ctx, "veth0", MG_PARAM_TX_CHANNELS), max);
	if (max != before)
		CU_ASSERT_EQUAL(mg_apply_result_may_bounce_link(r), 1);
	mg_apply_result_free(r);
	CU_ASSERT_EQUAL(apply2(ctx, "veth0", MG_PARAM_RX_CHANNELS, 1, MG_PARAM_TX_CHANNELS, 1, NULL), 0);
	CU_ASSERT_EQUAL(value_of(ctx, "veth0", MG_PARAM_RX_CHANNELS), 1);
	mg_ctx_unref(ctx);
}

static void test_coalesce_tun(void)
{
	struct mg_ctx *ctx = live();

	CU_ASSERT_EQUAL(apply2(ctx, "tun0", MG_PARAM_RX_FRAMES, 16, -1, 0, NULL), 0);
	CU_ASSERT_EQUAL(value_of(ctx, "tun0", MG_PARAM_RX_FRAMES), 16);
	/* tun reports rx-frames only: rx-usecs is unsupported, and says so. */
	CU_ASSERT_EQUAL(value_of(ctx, "tun0", MG_PARAM_RX_USECS), -1);
	CU_ASSERT_EQUAL(apply2(ctx, "tun0", MG_PARAM_RX_USECS, 10, -1, 0, NULL), -EOPNOTSUPP);
	CU_ASSERT_EQUAL(apply2(ctx, "tun0", MG_PARAM_RX_FRAMES, 0, -1, 0, NULL), 0);
	mg_ctx_unref(ctx);
}

static void test_macvlan(void)
{
	struct mg_ctx *ctx = live();

	CU_ASSERT_EQUAL(value_of(ctx, "macvlan0", MG_PARAM_MTU), 1500);
	CU_ASSERT_EQUAL(apply2(ctx, "macvlan0", MG_PARAM_MTU, 1400, -1, 0, NULL), 0);
	CU_ASSERT_EQUAL(value_of(ctx, "macvlan0", MG_PARAM_MTU), 1400);
	CU_ASSERT_EQUAL(apply2(ctx, "macvlan0", MG_PARAM_MTU, 1500, -1, 0, NULL), 0);
	mg_ctx_unref(ctx);
}

static void test_rings_refused_on_veth(void)
{
	struct mg_ctx *ctx = live();

	CU_ASSERT_EQUAL(apply2(ctx, "veth0", MG_PARAM_MTU, 4000, MG_PARAM_RX_RING, 512, NULL), -EOPNOTSUPP);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "veth does not support ring parameters"));
	/* Refused before anything changed. */
	CU_ASSERT_EQUAL(value_of(ctx, "veth0", MG_PARAM_MTU), 1500);
	CU_ASSERT_EQUAL(apply2(ctx, "veth0", MG_PARAM_RX_RING, MG_VALUE_MAX, -1, 0, NULL), -EOPNOTSUPP);
	mg_ctx_unref(ctx);
}

static void test_mtu_above_max_refused(void)
{
	struct mg_ctx *ctx = live();
	struct mg_apply_result *r = NULL;

	CU_ASSERT_EQUAL(apply2(ctx, "veth0", MG_PARAM_RX_CHANNELS, 2, MG_PARAM_MTU, 70000, &r), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "above the maximum 65535"));
	CU_ASSERT_EQUAL(mg_apply_result_get_failed_group(r), -1);
	mg_apply_result_free(r);
	CU_ASSERT_EQUAL(apply2(ctx, "veth0", MG_PARAM_MTU, 20, -1, 0, NULL), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "below the minimum 68"));
	CU_ASSERT_EQUAL(value_of(ctx, "veth0", MG_PARAM_MTU), 1500);
	CU_ASSERT_EQUAL(value_of(ctx, "veth0", MG_PARAM_RX_CHANNELS), 1);
	mg_ctx_unref(ctx);
}

/* The kernel refuses the channel step after the MTU changed: the MTU comes back. */
static void test_all_or_nothing(void)
{
	struct mg_ctx *ctx = live();
	struct mg_settings *want;
	struct mg_apply_result *r = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&want), 0);
	mg_settings_set(want, MG_PARAM_MTU, 9000);
	mg_settings_set(want, MG_PARAM_RX_CHANNELS, 0);
	mg_settings_set(want, MG_PARAM_TX_CHANNELS, 0);
	CU_ASSERT_EQUAL(mg_settings_apply(ctx, "veth0", want, 0, &r), -EINVAL);
	mg_settings_free(want);
	CU_ASSERT_EQUAL(mg_apply_result_get_failed_group(r), MG_GROUP_CHANNELS);
	CU_ASSERT_EQUAL(mg_apply_result_rolled_back(r), 1);
	/* The kernel's extended ack text is in the message. */
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "channel"));
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "rolled back"));
	mg_apply_result_free(r);
	CU_ASSERT_EQUAL(value_of(ctx, "veth0", MG_PARAM_MTU), 1500);
	CU_ASSERT_EQUAL(value_of(ctx, "veth0", MG_PARAM_RX_CHANNELS), 1);
	mg_ctx_unref(ctx);
}

/* A failure at the last step undoes every step before it. */
static void test_failure_at_last_step(void)
{
	struct mg_ctx *ctx = live();
	struct mg_apply_result *r = NULL;

	ctx->test.inject_group = MG_GROUP_COALESCE;
	CU_ASSERT_EQUAL(apply2(ctx, "tun0", MG_PARAM_MTU, 1280, MG_PARAM_RX_FRAMES, 8, &r), -EIO);
	CU_ASSERT_EQUAL(mg_apply_result_get_failed_group(r), MG_GROUP_COALESCE);
	CU_ASSERT_EQUAL(mg_apply_result_rolled_back(r), 1);
	mg_apply_result_free(r);
	ctx->test.inject_group = -1;
	CU_ASSERT_EQUAL(value_of(ctx, "tun0", MG_PARAM_MTU), 1500);
	CU_ASSERT_EQUAL(value_of(ctx, "tun0", MG_PARAM_RX_FRAMES), 0);

	ctx->test.inject_group = MG_GROUP_CHANNELS;
	CU_ASSERT_EQUAL(apply2(ctx, "veth0", MG_PARAM_MTU, 9000, MG_PARAM_RX_CHANNELS, 2, NULL), -EIO);
	ctx->test.inject_group = -1;
	CU_ASSERT_EQUAL(value_of(ctx, "veth0", MG_PARAM_MTU), 1500);
	mg_ctx_unref(ctx);
}

static void test_dry_run(void)
{
	struct mg_ctx *ctx = live();
	struct mg_settings *want;
	struct mg_apply_result *r = NULL;
	enum mg_param p;
	long long from, to;

	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&want), 0);
	mg_settings_set(want, MG_PARAM_MTU, 9000);
	mg_settings_set(want, MG_PARAM_RX_CHANNELS, 1); /* already 1: not planned */
	CU_ASSERT_EQUAL(mg_settings_apply(ctx, "veth0", want, MG_APPLY_DRY_RUN, &r), 0);
	mg_settings_free(want);
	CU_ASSERT_EQUAL_FATAL(mg_apply_result_count(r), 1);
	CU_ASSERT_EQUAL(mg_apply_result_get(r, 0, &p, &from, &to), 0);
	CU_ASSERT_EQUAL(p, MG_PARAM_MTU);
	CU_ASSERT_EQUAL(from, 1500);
	CU_ASSERT_EQUAL(to, 9000);
	mg_apply_result_free(r);
	CU_ASSERT_EQUAL(value_of(ctx, "veth0", MG_PARAM_MTU), 1500);
	mg_ctx_unref(ctx);
}

/* Without CAP_NET_ADMIN (dropped in a child): EPERM naming the capability. */
static void test_without_cap_net_admin(void)
{
	pid_t pid = fork();
	int status;

	CU_ASSERT_FATAL(pid >= 0);
	if (pid == 0) {
		cap_t caps = cap_get_proc();
		cap_value_t drop[] = { CAP_NET_ADMIN };
		struct mg_ctx *ctx;
		struct mg_settings *s;
		int code = 0;

		if (!caps || cap_set_flag(caps, CAP_EFFECTIVE, 1, drop, CAP_CLEAR) < 0 || cap_set_proc(caps) < 0)
			_exit(10);
		cap_free(caps);
		if (mg_ctx_new(NULL, &ctx) < 0)
			_exit(11);
		/* Reading needs no privilege. */
		if (mg_settings_read(ctx, "veth0", &s) < 0)
			code = 12;
		mg_settings_free(s);
		if (!code && apply2(ctx, "veth0", MG_PARAM_MTU, 1400, -1, 0, NULL) != -EPERM)
			code = 13;
		if (!code && !strstr(mg_ctx_last_error(ctx), "CAP_NET_ADMIN"))
			code = 14;
		if (!code && !strstr(mg_ctx_last_error(ctx), "nothing was changed"))
			code = 15;
		mg_ctx_unref(ctx);
		_exit(code);
	}
	CU_ASSERT_EQUAL(waitpid(pid, &status, 0), pid);
	CU_ASSERT_TRUE(WIFEXITED(status));
	CU_ASSERT_EQUAL(WEXITSTATUS(status), 0);
	{
		struct mg_ctx *ctx = live();

		CU_ASSERT_EQUAL(value_of(ctx, "veth0", MG_PARAM_MTU), 1500);
		mg_ctx_unref(ctx);
	}
}

static void test_bad_input(void)
{
	struct mg_ctx *ctx = live();
	struct mg_settings *s;

	CU_ASSERT_EQUAL(mg_settings_read(ctx, "nosuch0", &s), -ENODEV);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "nosuch0"));
	CU_ASSERT_EQUAL(mg_settings_read(ctx, "abcdefghijklmnopq", &s), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_read(ctx, NULL, &s), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_apply(ctx, "veth0", NULL, 0, NULL), -EINVAL);
	CU_ASSERT_EQUAL(apply2(ctx, "nosuch0", MG_PARAM_MTU, 1400, -1, 0, NULL), -ENODEV);
	mg_ctx_unref(ctx);
}

/* One dump per group returns every one of more than 500 interfaces. */
static void test_dump_many(void)
{
	struct nl_sock *sk = nl_socket_alloc();
	struct mg_settings_list *list;
	struct mg_ctx *ctx = live();
	size_t veths = 0;
	long before;
	char a[IFNAMSIZ], b[IFNAMSIZ];

	CU_ASSERT_FATAL(sk && nl_connect(sk, NETLINK_ROUTE) == 0);
	for (int i = 0; i < 260; i++) {
		snprintf(a, sizeof(a), "m%da", i);
		snprintf(b, sizeof(b), "m%db", i);
		CU_ASSERT_EQUAL_FATAL(add_veth(sk, a, b), 0);
	}
	before = mg_ctx_get_request_count(ctx);
	CU_ASSERT_EQUAL_FATAL(mg_settings_list_read(ctx, &list), 0);
	/* genl family resolution + RTM_GETLINK + four ethtool dumps. */
	CU_ASSERT(mg_ctx_get_request_count(ctx) - before <= 6);
	for (size_t i = 0; i < mg_settings_list_count(list); i++) {
		const struct mg_settings *s = mg_settings_list_get(list, i);
		long long v;

		if (strncmp(mg_settings_get_ifname(s), "m", 1) || strstr(mg_settings_get_ifname(s), "macvlan"))
			continue;
		veths++;
		CU_ASSERT_EQUAL(mg_settings_get(s, MG_PARAM_RX_CHANNELS, &v), 0);
		CU_ASSERT_EQUAL(mg_settings_get(s, MG_PARAM_MTU, &v), 0);
	}
	CU_ASSERT_EQUAL(veths, 520);
	CU_ASSERT(mg_settings_list_count(list) > 500);
	mg_settings_list_free(list);
	for (int i = 0; i < 260; i++) {
		struct rtnl_link *l = rtnl_link_alloc();

		snprintf(a, sizeof(a), "m%da", i);
		rtnl_link_set_name(l, a);
		rtnl_link_delete(sk, l);
		rtnl_link_put(l);
	}
	nl_socket_free(sk);
	mg_ctx_unref(ctx);
}

static void test_ethlink_veth(void)
{
	struct mg_ctx *ctx = live();
	struct mg_ethlink *l;
	struct mg_ethlink_list *list;
	size_t found = 0;

	CU_ASSERT_EQUAL_FATAL(mg_ethlink_read(ctx, "veth0", &l), 0);
	/* veth reports 10000 Mb/s full duplex, autoneg off; both ends are down. */
	CU_ASSERT_EQUAL(mg_ethlink_get_speed_mbps(l), 10000);
	CU_ASSERT_STRING_EQUAL(mg_ethlink_get_duplex(l), "full");
	CU_ASSERT_EQUAL(mg_ethlink_get_autoneg(l), 0);
	CU_ASSERT_EQUAL(mg_ethlink_get_link(l), 0);
	CU_ASSERT_EQUAL(mg_ethlink_get_sqi(l), MG_UNKNOWN);
	mg_ethlink_free(l);
	CU_ASSERT_EQUAL(mg_ethlink_read(ctx, "nosuch0", &l), -ENODEV);
	CU_ASSERT_EQUAL_FATAL(mg_ethlink_list_read(ctx, &list), 0);
	for (size_t i = 0; i < mg_ethlink_list_count(list); i++) {
		const struct mg_ethlink *e = mg_ethlink_list_get(list, i);

		if (!strcmp(mg_ethlink_get_ifname(e), "veth1")) {
			found++;
			CU_ASSERT_EQUAL(mg_ethlink_get_speed_mbps(e), 10000);
		}
	}
	CU_ASSERT_EQUAL(found, 1);
	mg_ethlink_list_free(list);
	mg_ctx_unref(ctx);
}

/* Run the CLI; returns its exit status, output in @out. */
static int cli(const char *args, char *out, size_t size)
{
	char cmd[4096];
	size_t n;
	FILE *p;
	int status;

	snprintf(cmd, sizeof(cmd), "'%s' %s 2>&1", MULTIGIG_CLI, args);
	p = popen(cmd, "r");
	if (!p)
		return -1;
	n = fread(out, 1, size - 1, p);
	out[n] = '\0';
	status = pclose(p);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void test_cli_set_and_show(void)
{
	struct mg_ctx *ctx = live();
	char out[65536];

	CU_ASSERT_EQUAL(cli("set veth0 mtu 70000", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "above the maximum 65535"));
	CU_ASSERT_EQUAL(cli("set veth0 mtu 9000 rx 0 tx 0", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "rolled back"));
	CU_ASSERT_EQUAL(cli("set veth0 rx-ring max", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "veth does not support ring parameters"));
	CU_ASSERT_EQUAL(value_of(ctx, "veth0", MG_PARAM_MTU), 1500);
	CU_ASSERT_EQUAL(cli("set veth0 mtu 2000 --dry-run", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "would set mtu: 1500 -> 2000"));
	CU_ASSERT_EQUAL(value_of(ctx, "veth0", MG_PARAM_MTU), 1500);
	CU_ASSERT_EQUAL(cli("set tun0 rx-frames 4", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(value_of(ctx, "tun0", MG_PARAM_RX_FRAMES), 4);
	CU_ASSERT_EQUAL(cli("set tun0 rx-frames 0", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(cli("set veth0 frobs 3", out, sizeof(out)), 2);
	CU_ASSERT_EQUAL(cli("set veth0 mtu", out, sizeof(out)), 2);
	CU_ASSERT_EQUAL(cli("set veth0 adaptive-rx maybe", out, sizeof(out)), 2);

	CU_ASSERT_EQUAL(cli("show veth0 --json", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"rings\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"channels\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"coalesce\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"pause\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"speed_mbps\": 10000"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "veth does not support ring parameters"));
	CU_ASSERT_EQUAL(cli("--json show --all", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"name\": \"tun0\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"rx_frames\": 0"));
	mg_ctx_unref(ctx);
}

int main(void)
{
	if (geteuid() != 0) {
		printf("settings suite: needs root to create a network namespace; not run\n");
		return MG_TEST_SKIP;
	}
	if (unshare(CLONE_NEWNET) < 0) {
		perror("unshare(CLONE_NEWNET)");
		return EXIT_FAILURE;
	}
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("settings", suite_init, suite_fini, MG_TEST(test_read_veth),
		     MG_TEST(test_mtu_within_limits), MG_TEST(test_channels_veth), MG_TEST(test_coalesce_tun),
		     MG_TEST(test_macvlan), MG_TEST(test_rings_refused_on_veth),
		     MG_TEST(test_mtu_above_max_refused), MG_TEST(test_all_or_nothing),
		     MG_TEST(test_failure_at_last_step), MG_TEST(test_dry_run),
		     MG_TEST(test_without_cap_net_admin), MG_TEST(test_bad_input), MG_TEST(test_ethlink_veth), MG_TEST(test_cli_set_and_show),
		     MG_TEST(test_dump_many));
	return mg_test_run();
}
