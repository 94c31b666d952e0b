/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "kernel": needs root. The program moves itself into a private
 * network namespace and a private mount namespace with its own sysfs (as
 * `ip netns exec` does), creates veth, tun and macvlan devices there, and
 * checks what the library reports against what it created. The host's
 * interfaces are never touched.
 */
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <string.h>
#include <sys/ioctl.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <linux/if_tun.h>
#include <netlink/netlink.h>
#include <netlink/route/link.h>
#include <netlink/route/link/macvlan.h>
#include <netlink/route/link/veth.h>

#include "mg-test.h"
#include "test-netns.h"
#include "test-util.h"

struct kernel_fixture {
	int tun_fd;
};

static struct kernel_fixture fixture = { .tun_fd = -1 };

static int set_if(const char *name, int mtu, int up)
{
	struct ifreq ifr;
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0), err = 0;

	if (fd < 0)
		return -errno;
	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", name);
	if (mtu > 0) {
		ifr.ifr_mtu = mtu;
		if (ioctl(fd, SIOCSIFMTU, &ifr) < 0)
			err = -errno;
	}
	if (!err && up) {
		if (ioctl(fd, SIOCGIFFLAGS, &ifr) < 0)
			err = -errno;
		ifr.ifr_flags |= IFF_UP;
		if (!err && ioctl(fd, SIOCSIFFLAGS, &ifr) < 0)
			err = -errno;
	}
	close(fd);
	return err;
}

static int add_veth(struct nl_sock *sk)
{
	struct rtnl_link *veth = rtnl_link_veth_alloc(), *peer;
	int err;

	if (!veth)
		return -ENOMEM;
	rtnl_link_set_name(veth, "veth0");
	rtnl_link_set_mtu(veth, 9000);
	peer = rtnl_link_veth_get_peer(veth);
	rtnl_link_set_name(peer, "veth1");
	rtnl_link_set_mtu(peer, 1280);
	rtnl_link_put(peer);
	err = rtnl_link_add(sk, veth, NLM_F_CREATE | NLM_F_EXCL);
	rtnl_link_veth_release(veth);
	return err;
}

static int add_macvlan(struct nl_sock *sk)
{
	struct rtnl_link *mv = rtnl_link_macvlan_alloc();
	int err;

	if (!mv)
		return -ENOMEM;
	rtnl_link_set_name(mv, "macvlan0");
	rtnl_link_set_link(mv, (int)if_nametoindex("veth0"));
	rtnl_link_set_mtu(mv, 1500);
	err = rtnl_link_add(sk, mv, NLM_F_CREATE | NLM_F_EXCL);
	rtnl_link_put(mv);
	return err;
}

static int add_tun(void)
{
	struct ifreq ifr;

	fixture.tun_fd = open("/dev/net/tun", O_RDWR | O_CLOEXEC);
	if (fixture.tun_fd < 0)
		return -errno;
	memset(&ifr, 0, sizeof(ifr));
	ifr.ifr_flags = IFF_TUN | IFF_NO_PI;
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "tun0");
	if (ioctl(fixture.tun_fd, TUNSETIFF, &ifr) < 0)
		return -errno;
	return set_if("tun0", 1400, 0);
}

static int create_devices(void)
{
	struct nl_sock *sk = nl_socket_alloc();
	int err = -1;

	if (!sk || nl_connect(sk, NETLINK_ROUTE) < 0)
		goto out;
	if ((err = add_veth(sk)) < 0 || (err = add_macvlan(sk)) < 0) {
		fprintf(stderr, "creating veth/macvlan: %s\n", nl_geterror(err));
		goto out;
	}
	if ((err = add_tun()) < 0) {
		fprintf(stderr, "creating tun0: %s\n", strerror(-err));
		goto out;
	}
	err = set_if("lo", 0, 1);
	if (!err)
		err = set_if("veth0", 0, 1);
	if (!err)
		err = set_if("veth1", 0, 1);
out:
	nl_socket_free(sk);
	return err < 0 ? -1 : 0;
}

static int suite_init(void)
{
	if (create_devices() < 0)
		return -1;
	if (wait_operstate("veth0", "up") < 0 || wait_operstate("veth1", "up") < 0)
		return -1;
	return 0;
}

static int suite_fini(void)
{
	if (fixture.tun_fd >= 0)
		close(fixture.tun_fd);
	return 0;
}

static struct mg_nic_list *live_list(struct mg_ctx **ctx)
{
	struct mg_nic_list *list = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_nic_list_new(*ctx, &list), 0);
	return list;
}

static void check(struct mg_nic_list *list, const char *name, const char *kind, int mtu,
		  int max_mtu, const char *state)
{
	struct mg_nic *nic = find_nic(list, name);

	CU_ASSERT_PTR_NOT_NULL_FATAL(nic);
	CU_ASSERT_EQUAL(mg_nic_get_ifindex(nic), (int)if_nametoindex(name));
	CU_ASSERT_STRING_EQUAL(mg_nic_get_kind(nic), kind);
	/* Virtual devices have no sysfs driver: ethtool names the driver. */
	CU_ASSERT_TRUE(str_eq(mg_nic_get_driver(nic), kind));
	CU_ASSERT_EQUAL(mg_nic_has_driver(nic), 1);
	CU_ASSERT_PTR_NOT_NULL(mg_nic_get_driver_version(nic));
	CU_ASSERT_EQUAL(mg_nic_get_bus(nic), MG_BUS_VIRTUAL);
	CU_ASSERT_EQUAL(mg_nic_get_mtu(nic), mtu);
	CU_ASSERT_EQUAL(mg_nic_get_min_mtu(nic), 68);
	CU_ASSERT_EQUAL(mg_nic_get_max_mtu(nic), max_mtu);
	CU_ASSERT_STRING_EQUAL(mg_nic_get_operstate(nic), state);
}

static void test_virtual_devices(void)
{
	struct mg_ctx *ctx;
	struct mg_nic_list *list = live_list(&ctx);

	CU_ASSERT_EQUAL(mg_ctx_is_offline(ctx), 0);
	check(list, "veth0", "veth", 9000, 65535, "up");
	check(list, "veth1", "veth", 1280, 65535, "up");
	check(list, "tun0", "tun", 1400, 65535, "down");
	check(list, "macvlan0", "macvlan", 1500, 65535, "down");
	CU_ASSERT_EQUAL(mg_nic_get_carrier(find_nic(list, "veth0")), 1);
	/* A tun has carrier while a program holds it open, as this one does. */
	CU_ASSERT_EQUAL(mg_nic_get_carrier(find_nic(list, "tun0")), 1);
	/* veth's sysfs speed is 10000; a tun reports none. */
	CU_ASSERT_EQUAL(mg_nic_get_speed_mbps(find_nic(list, "veth0")), 10000);
	CU_ASSERT_EQUAL(mg_nic_get_speed_mbps(find_nic(list, "tun0")), MG_UNKNOWN);
	CU_ASSERT_STRING_EQUAL(mg_nic_get_kind(find_nic(list, "lo")), "loopback");
	mg_nic_list_free(list);
	mg_ctx_unref(ctx);
}

static void test_only_this_namespace(void)
{
	struct mg_ctx *ctx;
	struct mg_nic_list *list = live_list(&ctx);

	/* lo, veth0, veth1, macvlan0, tun0; the host's links are elsewhere. */
	size_t named = 0;

	for (size_t i = 0; i < mg_nic_list_count(list); i++)
		named += mg_nic_get_name(mg_nic_list_get(list, i)) != NULL;
	CU_ASSERT_EQUAL(named, 5);
	mg_nic_list_free(list);
	mg_ctx_unref(ctx);
}

static void test_lookup_live(void)
{
	struct mg_ctx *ctx;
	struct mg_nic *nic;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	CU_ASSERT_EQUAL(mg_nic_lookup(ctx, "macvlan0", &nic), 0);
	CU_ASSERT_STRING_EQUAL(mg_nic_get_kind(nic), "macvlan");
	mg_nic_unref(nic);
	CU_ASSERT_EQUAL(mg_nic_lookup(ctx, "nosuch0", &nic), -ENODEV);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "nosuch0"));
	mg_ctx_unref(ctx);
	/* This machine's own sysfs, named as in 0.1, is live; any other root is not. */
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new("/sys/", &ctx), 0);
	CU_ASSERT_EQUAL(mg_ctx_is_offline(ctx), 0);
	CU_ASSERT_EQUAL(mg_nic_lookup(ctx, "macvlan0", &nic), 0);
	CU_ASSERT_STRING_EQUAL(mg_nic_get_kind(nic), "macvlan");
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new("/sys/class", &ctx), 0);
	CU_ASSERT_EQUAL(mg_ctx_is_offline(ctx), 1);
	mg_ctx_unref(ctx);
}

static void test_capture_live(void)
{
	char tmp[4096];
	struct mg_ctx *ctx, *replay;
	struct mg_nic_list *live = live_list(&ctx), *offline = NULL;

	replay = replay_of_capture(ctx, tmp);
	CU_ASSERT_EQUAL_FATAL(mg_nic_list_new(replay, &offline), 0);
	CU_ASSERT_EQUAL_FATAL(mg_nic_list_count(live), mg_nic_list_count(offline));
	for (size_t i = 0; i < mg_nic_list_count(live); i++) {
		struct mg_nic *a = mg_nic_list_get(live, i), *b = mg_nic_list_get(offline, i);

		CU_ASSERT_TRUE(str_eq(mg_nic_get_name(a), mg_nic_get_name(b)));
		CU_ASSERT_TRUE(str_eq(mg_nic_get_kind(a), mg_nic_get_kind(b)));
		CU_ASSERT_TRUE(str_eq(mg_nic_get_driver(a), mg_nic_get_driver(b)));
		CU_ASSERT_EQUAL(mg_nic_get_mtu(a), mg_nic_get_mtu(b));
		CU_ASSERT_EQUAL(mg_nic_get_max_mtu(a), mg_nic_get_max_mtu(b));
		CU_ASSERT_EQUAL(mg_nic_get_bus(a), mg_nic_get_bus(b));
	}
	mg_nic_list_free(offline);
	mg_nic_list_free(live);
	mg_ctx_unref(replay);
	mg_ctx_unref(ctx);
	rm_tree(tmp);
}

static void expect_same_settings(const struct mg_settings *a, const struct mg_settings *b)
{
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	for (int p = 0; p < MG_PARAM_COUNT; p++) {
		long long va = -1, vb = -1;

		CU_ASSERT_EQUAL(mg_settings_get(a, (enum mg_param)p, &va), mg_settings_get(b, (enum mg_param)p, &vb));
		CU_ASSERT_EQUAL(va, vb);
		va = vb = -1;
		CU_ASSERT_EQUAL(mg_settings_get_max(a, (enum mg_param)p, &va),
				mg_settings_get_max(b, (enum mg_param)p, &vb));
		CU_ASSERT_EQUAL(va, vb);
	}
	for (int g = 0; g <= MG_GROUP_PAUSE; g++)
		CU_ASSERT_EQUAL(!mg_settings_group_error(a, (enum mg_param_group)g),
				!mg_settings_group_error(b, (enum mg_param_group)g));
}

static void expect_same_link(const struct mg_ethlink *a, const struct mg_ethlink *b)
{
	CU_ASSERT_EQUAL_FATAL(!a, !b);
	if (!a)
		return;
	CU_ASSERT_EQUAL(mg_ethlink_get_speed_mbps(a), mg_ethlink_get_speed_mbps(b));
	CU_ASSERT_TRUE(str_eq(mg_ethlink_get_duplex(a), mg_ethlink_get_duplex(b)));
	CU_ASSERT_EQUAL(mg_ethlink_get_link(a), mg_ethlink_get_link(b));
	CU_ASSERT_EQUAL(mg_ethlink_get_mode_count(a, MG_MODES_SUPPORTED),
			mg_ethlink_get_mode_count(b, MG_MODES_SUPPORTED));
}

/* Both sides said the same of EEE: supported, why not, enabled, the modes. */
static void expect_same_eee(const struct mg_eee *a, const struct mg_eee *b)
{
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_EQUAL(mg_eee_get_supported(a), mg_eee_get_supported(b));
	CU_ASSERT_TRUE(str_eq(mg_eee_get_error(a), mg_eee_get_error(b)));
	CU_ASSERT_EQUAL(mg_eee_get_enabled(a), mg_eee_get_enabled(b));
	CU_ASSERT_EQUAL(mg_eee_get_mode_count(a, MG_MODES_SUPPORTED), mg_eee_get_mode_count(b, MG_MODES_SUPPORTED));
}

static void expect_same_features(const struct mg_features *a, const struct mg_features *b)
{
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_EQUAL_FATAL(mg_features_get_count(a), mg_features_get_count(b));
	CU_ASSERT(mg_features_get_count(a) > 0);
	for (size_t i = 0; i < mg_features_get_count(a); i++) {
		CU_ASSERT_TRUE(str_eq(mg_features_get_name(a, i), mg_features_get_name(b, i)));
		CU_ASSERT_EQUAL(mg_features_get_active(a, i), mg_features_get_active(b, i));
		CU_ASSERT_EQUAL(mg_features_get_wanted(a, i), mg_features_get_wanted(b, i));
		CU_ASSERT_EQUAL(mg_features_get_fixed(a, i), mg_features_get_fixed(b, i));
	}
}

static struct mg_nic_list *snapshot(struct mg_ctx *ctx)
{
	struct mg_nic_list *list = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_nic_list_new_with(ctx, MG_NIC_WITH_SETTINGS | MG_NIC_WITH_ETHLINK | MG_NIC_WITH_EEE |
						   MG_NIC_WITH_FEATURES, &list), 0);
	return list;
}

/* What a snapshot gathers from dumps equals what single requests read. */
static void test_snapshot_equals_single_reads(void)
{
	struct mg_ctx *ctx;
	struct mg_nic_list *list;
	size_t named = 0;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	list = snapshot(ctx);
	for (size_t i = 0; i < mg_nic_list_count(list); i++) {
		struct mg_nic *nic = mg_nic_list_get(list, i);
		struct mg_settings *s = NULL;
		struct mg_ethlink *l = NULL;
		struct mg_features *f = NULL;
		struct mg_eee *e = NULL;

		if (!mg_nic_get_name(nic))
			continue;
		named++;
		CU_ASSERT_EQUAL_FATAL(mg_settings_read_for_nic(ctx, nic, &s), 0);
		expect_same_settings(mg_nic_get_settings(nic), s);
		CU_ASSERT_EQUAL(mg_ethlink_read_for_nic(ctx, nic, &l), 0);
		/* A driver without link operations gives an empty link either way. */
		if (mg_nic_get_ethlink(nic))
			expect_same_link(mg_nic_get_ethlink(nic), l);
		/* Left out of the EEE dump or refused alone: "does not support" both ways. */
		CU_ASSERT_EQUAL(mg_eee_read_for_nic(ctx, nic, &e), 0);
		expect_same_eee(mg_nic_get_eee(nic), e);
		CU_ASSERT_EQUAL(mg_features_read_for_nic(ctx, nic, &f), 0);
		expect_same_features(mg_nic_get_features(nic), f);
		mg_settings_free(s);
		mg_ethlink_free(l);
		mg_eee_free(e);
		mg_features_free(f);
	}
	CU_ASSERT_EQUAL(named, 5); /* lo, veth0, veth1, tun0, macvlan0 */
	CU_ASSERT_EQUAL(mg_settings_read_for_nic(ctx, NULL, &(struct mg_settings *){ NULL }), -ENODEV);
	mg_nic_list_free(list);
	mg_ctx_unref(ctx);
}

/* Capture, then replay: the same adapters, settings and links, offline. */
static void test_capture_replays_settings_and_links(void)
{
	char tmp[4096];
	struct mg_ctx *ctx, *replay;
	struct mg_nic_list *live, *offline;
	struct mg_settings *a = NULL, *b = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	replay = replay_of_capture(ctx, tmp);
	live = snapshot(ctx);
	CU_ASSERT_EQUAL(mg_ctx_is_offline(replay), 1);
	offline = snapshot(replay);
	CU_ASSERT_EQUAL_FATAL(mg_nic_list_count(live), mg_nic_list_count(offline));
	for (size_t i = 0; i < mg_nic_list_count(live); i++) {
		struct mg_nic *x = mg_nic_list_get(live, i), *y = mg_nic_list_get(offline, i);

		CU_ASSERT_TRUE(str_eq(mg_nic_get_name(x), mg_nic_get_name(y)));
		CU_ASSERT_EQUAL(mg_nic_get_ifindex(x), mg_nic_get_ifindex(y));
		if (!mg_nic_get_name(x))
			continue;
		expect_same_settings(mg_nic_get_settings(x), mg_nic_get_settings(y));
		expect_same_link(mg_nic_get_ethlink(x), mg_nic_get_ethlink(y));
		expect_same_eee(mg_nic_get_eee(x), mg_nic_get_eee(y));
		expect_same_features(mg_nic_get_features(x), mg_nic_get_features(y));
	}
	/* One adapter with every part replays as the live one reads (compact features named). */
	{
		struct mg_nic *x = NULL, *y = NULL;

		CU_ASSERT_EQUAL_FATAL(mg_nic_lookup_with(ctx, "veth0", MG_NIC_WITH_ALL, &x), 0);
		CU_ASSERT_EQUAL_FATAL(mg_nic_lookup_with(replay, "veth0", MG_NIC_WITH_ALL, &y), 0);
		CU_ASSERT_PTR_NOT_NULL(mg_nic_get_features(y));
		expect_same_features(mg_nic_get_features(x), mg_nic_get_features(y));
		expect_same_settings(mg_nic_get_settings(x), mg_nic_get_settings(y));
		expect_same_link(mg_nic_get_ethlink(x), mg_nic_get_ethlink(y));
		expect_same_eee(mg_nic_get_eee(x), mg_nic_get_eee(y));
		mg_nic_unref(x);
		mg_nic_unref(y);
	}
	/* Single reads of EEE and features replay too. */
	{
		struct mg_features *fa = NULL, *fb = NULL;
		struct mg_eee *ea = NULL, *eb = NULL;

		CU_ASSERT_EQUAL(mg_features_read(ctx, "veth0", &fa), 0);
		CU_ASSERT_EQUAL(mg_features_read(replay, "veth0", &fb), 0);
		expect_same_features(fa, fb);
		CU_ASSERT_EQUAL(mg_eee_read(ctx, "veth0", &ea), 0);
		CU_ASSERT_EQUAL(mg_eee_read(replay, "veth0", &eb), 0);
		expect_same_eee(ea, eb);
		mg_features_free(fa);
		mg_features_free(fb);
		mg_eee_free(ea);
		mg_eee_free(eb);
	}
	/* Single reads replay too, addressed the same way. */
	CU_ASSERT_EQUAL(mg_settings_read(ctx, "veth0", &a), 0);
	CU_ASSERT_EQUAL(mg_settings_read(replay, "veth0", &b), 0);
	expect_same_settings(a, b);
	/* A capture is read, never changed. */
	CU_ASSERT_EQUAL(mg_settings_apply(replay, "veth0", a, MG_APPLY_DRY_RUN, NULL), -EOPNOTSUPP);
	mg_settings_free(a);
	mg_settings_free(b);
	mg_nic_list_free(offline);
	mg_nic_list_free(live);
	mg_ctx_unref(replay);
	mg_ctx_unref(ctx);
	rm_tree(tmp);
}

struct cost {
	long requests, reads;
};

/* Everything one adapter's questions cost: look-up, settings, link, cable. */
static struct cost ask_about_one(const char *name)
{
	struct mg_ctx *ctx;
	struct mg_nic *nic = NULL;
	struct mg_settings *s = NULL;
	struct mg_ethlink *l = NULL;
	struct mg_cable_info *c = NULL;
	struct cost cost;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, name, &nic), 0);
	CU_ASSERT_EQUAL(mg_settings_read_for_nic(ctx, nic, &s), 0);
	CU_ASSERT_EQUAL(mg_ethlink_read_for_nic(ctx, nic, &l), 0);
	CU_ASSERT_EQUAL(mg_cable_query_for_nic(ctx, nic, &c), 0);
	cost.requests = mg_ctx_get_request_count(ctx);
	cost.reads = mg_ctx_get_read_count(ctx);
	mg_cable_info_free(c);
	mg_ethlink_free(l);
	mg_settings_free(s);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
	return cost;
}

#define MANY_PAIRS 500

static int many_veths(struct nl_sock *sk, bool add)
{
	for (int i = 0; i < MANY_PAIRS; i++) {
		struct rtnl_link *veth = add ? rtnl_link_veth_alloc() : rtnl_link_alloc();
		char name[IFNAMSIZ];
		int err;

		if (!veth)
			return -ENOMEM;
		snprintf(name, sizeof(name), "many%da", i);
		rtnl_link_set_name(veth, name);
		if (add) {
			struct rtnl_link *peer = rtnl_link_veth_get_peer(veth);

			snprintf(name, sizeof(name), "many%db", i);
			rtnl_link_set_name(peer, name);
			rtnl_link_put(peer);
			err = rtnl_link_add(sk, veth, NLM_F_CREATE | NLM_F_EXCL);
			rtnl_link_veth_release(veth);
		} else {
			err = rtnl_link_delete(sk, veth);
			rtnl_link_put(veth);
		}
		if (err < 0)
			return err;
	}
	return 0;
}

/*
 * The questions about one interface cost the same netlink requests and the
 * same file reads with 5 interfaces as with 1005: nothing is enumerated.
 */
/* What @ask costs about veth0 with 5 interfaces and with 1005: the same, returned. */
static struct cost cost_few_and_many(struct cost (*ask)(const char *name))
{
	struct nl_sock *sk = nl_socket_alloc();
	struct cost few, many;

	CU_ASSERT_PTR_NOT_NULL_FATAL(sk);
	CU_ASSERT_EQUAL_FATAL(nl_connect(sk, NETLINK_ROUTE), 0);
	few = ask("veth0");
	CU_ASSERT_EQUAL_FATAL(many_veths(sk, true), 0);
	many = ask("veth0");
	CU_ASSERT_EQUAL(many_veths(sk, false), 0);
	nl_socket_free(sk);
	CU_ASSERT_EQUAL(few.requests, many.requests);
	CU_ASSERT_EQUAL(few.reads, many.reads);
	return many;
}

static void test_single_query_cost_is_constant(void)
{
	struct cost many = cost_few_and_many(ask_about_one);

	/* The figures the benchmark's target is stated in, with room to spare. */
	CU_ASSERT(many.requests <= 12);
	CU_ASSERT(many.reads <= 50);
	printf("(%ld requests, %ld reads) ", many.requests, many.reads);
}

/* What `multigig show IFACE` asks: one adapter with every part, and its journal. */
static struct cost show_one(const char *name)
{
	struct mg_ctx *ctx;
	struct mg_nic *nic = NULL;
	struct cost cost;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup_with(ctx, name, MG_NIC_WITH_ALL, &nic), 0);
	CU_ASSERT_EQUAL(mg_settings_journal_pending_for_nic(ctx, nic), 0);
	cost.requests = mg_ctx_get_request_count(ctx);
	cost.reads = mg_ctx_get_read_count(ctx);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
	return cost;
}

/*
 * One adapter with every part costs one request per ethtool message, with
 * 5 interfaces as with 1005, and says what the snapshot of all says of it.
 */
static void test_lookup_with(void)
{
	struct mg_nic_list *list;
	struct mg_nic *nic = NULL, *same;
	struct mg_ctx *ctx;
	struct cost many;
	uint64_t a, b;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup_with(ctx, "veth0", MG_NIC_WITH_ALL, &nic), 0);
	CU_ASSERT_EQUAL_FATAL(mg_nic_list_new_with(ctx, MG_NIC_WITH_ALL, &list), 0);
	same = NULL;
	for (size_t i = 0; i < mg_nic_list_count(list); i++)
		if (str_eq(mg_nic_get_name(mg_nic_list_get(list, i)), "veth0"))
			same = mg_nic_list_get(list, i);
	CU_ASSERT_PTR_NOT_NULL_FATAL(same);
	CU_ASSERT_PTR_NOT_NULL_FATAL(mg_nic_get_settings(nic));
	expect_same_settings(mg_nic_get_settings(nic), mg_nic_get_settings(same));
	expect_same_link(mg_nic_get_ethlink(nic), mg_nic_get_ethlink(same));
	expect_same_eee(mg_nic_get_eee(nic), mg_nic_get_eee(same));
	expect_same_features(mg_nic_get_features(nic), mg_nic_get_features(same));
	/* The link-down count comes with the link's LINKSTATE, in both. */
	a = b = 1;
	CU_ASSERT_EQUAL(mg_stats_get(mg_nic_get_stats(nic), MG_STAT_LINK_DOWN_EVENTS, &a),
			mg_stats_get(mg_nic_get_stats(same), MG_STAT_LINK_DOWN_EVENTS, &b));
	CU_ASSERT_EQUAL(a, b);
	CU_ASSERT_PTR_NOT_NULL(mg_nic_get_irqs(nic));
	mg_nic_list_free(list);
	mg_nic_unref(nic);
	/* Bad flags and names change nothing. */
	CU_ASSERT_EQUAL(mg_nic_lookup_with(ctx, "veth0", 1u << 20, &nic), -EINVAL);
	CU_ASSERT_EQUAL(mg_nic_lookup_with(ctx, "nosuch0", MG_NIC_WITH_ALL, &nic), -ENODEV);
	CU_ASSERT_PTR_NULL(nic);
	CU_ASSERT_EQUAL(mg_nic_lookup_with(ctx, "veth0", MG_NIC_WITH_ALL, NULL), -EINVAL);
	mg_ctx_unref(ctx);

	many = cost_few_and_many(show_one);
	/* The link, the family, rings/channels/coalesce/pause, four for the link (Wake-on-LAN's too), EEE, features, stats. */
	CU_ASSERT(many.requests <= 13);
	printf("(%ld requests, %ld reads) ", many.requests, many.reads);
}

/* EEE and features of one adapter: one request each, whatever the machine holds. */
static void test_eee_features_one_request(void)
{
	struct mg_ctx *ctx;
	struct mg_nic *nic = NULL;
	struct mg_features *f = NULL;
	struct mg_eee *e = NULL;
	long before;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, "veth0", &nic), 0);
	/* The first ethtool request also resolves the family. */
	CU_ASSERT_EQUAL(mg_features_read_for_nic(ctx, nic, &f), 0);
	before = mg_ctx_get_request_count(ctx);
	CU_ASSERT_EQUAL(mg_eee_read_for_nic(ctx, nic, &e), 0);
	CU_ASSERT_EQUAL(mg_ctx_get_request_count(ctx) - before, 1);
	mg_features_free(f);
	before = mg_ctx_get_request_count(ctx);
	CU_ASSERT_EQUAL(mg_features_read_for_nic(ctx, nic, &f), 0);
	CU_ASSERT_EQUAL(mg_ctx_get_request_count(ctx) - before, 1);
	mg_features_free(f);
	mg_eee_free(e);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
}

/* Interfaces come and go in a child while the parent dumps. */
static void churn(useconds_t interval)
{
	struct nl_sock *sk = nl_socket_alloc();

	if (!sk || nl_connect(sk, NETLINK_ROUTE) < 0)
		_exit(1);
	for (;;) {
		struct rtnl_link *veth = rtnl_link_veth_alloc(), *peer;

		if (!veth)
			_exit(1);
		rtnl_link_set_name(veth, "churn0");
		peer = rtnl_link_veth_get_peer(veth);
		rtnl_link_set_name(peer, "churn1");
		rtnl_link_put(peer);
		rtnl_link_add(sk, veth, NLM_F_CREATE | NLM_F_EXCL);
		usleep(interval);
		rtnl_link_delete(sk, veth);
		rtnl_link_veth_release(veth);
		usleep(interval);
	}
}

/* A dump interrupted by link changes (NLM_F_DUMP_INTR) is asked again, not failed. */
static void test_dumps_survive_churn(void)
{
	struct nl_sock *sk = nl_socket_alloc();
	struct mg_nic_list *list = NULL;
	struct timespec t0, t1;
	struct mg_ctx *ctx;
	int failures = 0, status;
	long snapshot_us;
	pid_t child;

	/* Enough links that a dump spans many messages, and so can be interrupted. */
	CU_ASSERT_PTR_NOT_NULL_FATAL(sk);
	CU_ASSERT_EQUAL_FATAL(nl_connect(sk, NETLINK_ROUTE), 0);
	CU_ASSERT_EQUAL_FATAL(many_veths(sk, true), 0);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	/*
	 * About one change per snapshot, however fast this machine (or
	 * valgrind) runs: most snapshots see a dump interrupted, which fails
	 * without asking again, and asking again soon succeeds.
	 */
	clock_gettime(CLOCK_MONOTONIC, &t0);
	CU_ASSERT_EQUAL(mg_nic_list_new_with(ctx, MG_NIC_WITH_SETTINGS | MG_NIC_WITH_ETHLINK, &list), 0);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	mg_nic_list_free(list);
	snapshot_us = (t1.tv_sec - t0.tv_sec) * 1000000L + (t1.tv_nsec - t0.tv_nsec) / 1000;
	child = fork();
	CU_ASSERT_FATAL(child >= 0);
	if (child == 0)
		churn((useconds_t)snapshot_us);
	for (int i = 0; i < 60; i++) {
		list = NULL;
		if (mg_nic_list_new_with(ctx, MG_NIC_WITH_SETTINGS | MG_NIC_WITH_ETHLINK, &list) < 0) {
			failures++;
			printf("(%s) ", mg_ctx_last_error(ctx));
		}
		mg_nic_list_free(list);
	}
	kill(child, SIGKILL);
	waitpid(child, &status, 0);
	CU_ASSERT_EQUAL(failures, 0);
	CU_ASSERT_EQUAL(many_veths(sk, false), 0);
	nl_socket_free(sk);
	mg_ctx_unref(ctx);
}

/* A cable test on veth: refused cleanly, the interface untouched. */
static void test_cable_on_veth(void)
{
	struct mg_ctx *ctx;
	struct mg_cable_info *info;
	struct mg_cable_result *r = NULL;
	struct mg_nic *before, *after;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_cable_query(ctx, "veth0", &info), 0);
	CU_ASSERT_EQUAL(mg_cable_info_get_support(info), MG_CABLE_UNSUPPORTED);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_cable_info_get_reason(info), "no PHY"));
	mg_cable_info_free(info);
	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, "veth0", &before), 0);
	CU_ASSERT_EQUAL(mg_cable_test_run(ctx, "veth0", MG_CABLE_TEST_LINK_GOES_DOWN, 2000, NULL, NULL, &r),
			-EOPNOTSUPP);
	CU_ASSERT_PTR_NULL(r);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "no PHY"));
	CU_ASSERT_EQUAL(mg_cable_test_run(ctx, "veth0", MG_CABLE_TEST_LINK_GOES_DOWN | MG_CABLE_TEST_TDR, 2000,
					  NULL, NULL, &r), -EOPNOTSUPP);
	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, "veth0", &after), 0);
	CU_ASSERT_STRING_EQUAL(mg_nic_get_operstate(after), mg_nic_get_operstate(before));
	CU_ASSERT_EQUAL(mg_nic_get_carrier(after), mg_nic_get_carrier(before));
	CU_ASSERT_EQUAL(mg_nic_get_mtu(after), mg_nic_get_mtu(before));
	mg_nic_unref(before);
	mg_nic_unref(after);
	mg_ctx_unref(ctx);
}

int main(void)
{
	int err = enter_test_netns();

	if (err != 0)
		return err;
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("netns", suite_init, suite_fini, MG_TEST(test_virtual_devices),
		     MG_TEST(test_only_this_namespace), MG_TEST(test_lookup_live),
		     MG_TEST(test_capture_live), MG_TEST(test_cable_on_veth),
		     MG_TEST(test_snapshot_equals_single_reads),
		     MG_TEST(test_capture_replays_settings_and_links),
		     MG_TEST(test_single_query_cost_is_constant), MG_TEST(test_lookup_with),
		     MG_TEST(test_eee_features_one_request),
		     MG_TEST(test_dumps_survive_churn));
	return mg_test_run();
}
