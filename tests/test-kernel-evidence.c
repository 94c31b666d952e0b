/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "kernel": the evidence read from the running kernel, as root in a
 * private network and mount namespace. A veth pair with IPv6 off carries
 * only what the test sends: its counters must match exactly; its peer is
 * taken down and up a known number of times: the carrier counts must
 * follow. This machine's own virtio NIC is only read: its interrupt
 * vectors and per-CPU counts must agree with /proc/interrupts.
 */
#include <dirent.h>
#include <errno.h>
#include <net/if.h>
#include <stdarg.h>
#include <string.h>
#include <sys/ioctl.h>
#include <syslog.h>
#include <sys/socket.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <linux/if_packet.h>
#include <netinet/if_ether.h>
#include <netlink/netlink.h>
#include <netlink/route/link.h>
#include <netlink/route/link/veth.h>

#include "mg-test.h"
#include "test-netns.h"
#include "test-util.h"

#define FRAMES 25
#define FRAME_LEN 100
#define CYCLES 3

static void write_proc(const char *path, const char *value)
{
	FILE *f = fopen(path, "w");

	/* A kernel without IPv6 has nothing to switch off. */
	if (f) {
		fputs(value, f);
		fclose(f);
	}
}

static int set_up(const char *name, bool up)
{
	struct ifreq ifr;
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0), err = 0;

	if (fd < 0)
		return -errno;
	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", name);
	if (ioctl(fd, SIOCGIFFLAGS, &ifr) < 0)
		err = -errno;
	if (up)
		ifr.ifr_flags |= IFF_UP;
	else
		ifr.ifr_flags &= ~IFF_UP;
	if (!err && ioctl(fd, SIOCSIFFLAGS, &ifr) < 0)
		err = -errno;
	close(fd);
	return err;
}

/* ev0 and ev1, IPv6 off before they exist so that nothing but the test talks. */
static int suite_init(void)
{
	struct nl_sock *sk = nl_socket_alloc();
	struct rtnl_link *veth, *peer;
	int err = -1;

	write_proc("/proc/sys/net/ipv6/conf/default/disable_ipv6", "1");
	write_proc("/proc/sys/net/ipv6/conf/all/disable_ipv6", "1");
	if (!sk || nl_connect(sk, NETLINK_ROUTE) < 0 || !(veth = rtnl_link_veth_alloc()))
		goto out;
	rtnl_link_set_name(veth, "ev0");
	peer = rtnl_link_veth_get_peer(veth);
	rtnl_link_set_name(peer, "ev1");
	rtnl_link_put(peer);
	err = rtnl_link_add(sk, veth, NLM_F_CREATE | NLM_F_EXCL);
	rtnl_link_veth_release(veth);
	if (err < 0) {
		fprintf(stderr, "creating ev0/ev1: %s\n", nl_geterror(err));
		goto out;
	}
	err = set_up("ev0", true) < 0 || set_up("ev1", true) < 0 || wait_operstate("ev0", "up") < 0 ||
	      wait_operstate("ev1", "up") < 0 ? -1 : 0;
out:
	nl_socket_free(sk);
	return err;
}

static struct mg_nic *lookup(struct mg_ctx *ctx, const char *name)
{
	struct mg_nic *nic = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, name, &nic), 0);
	return nic;
}

static uint64_t counter(struct mg_ctx *ctx, const char *name, enum mg_stat which)
{
	struct mg_nic *nic = lookup(ctx, name);
	struct mg_stats *s = NULL;
	uint64_t v = 0;

	CU_ASSERT_EQUAL_FATAL(mg_stats_read_for_nic(ctx, nic, &s), 0);
	CU_ASSERT_EQUAL(mg_stats_get(s, which, &v), 0);
	mg_stats_free(s);
	mg_nic_unref(nic);
	return v;
}

/* FRAMES frames of FRAME_LEN bytes from ev0 to ev1's address, by a packet socket. */
static void send_frames(void)
{
	struct sockaddr_ll to = { .sll_family = AF_PACKET, .sll_ifindex = (int)if_nametoindex("ev0"),
				  .sll_halen = ETH_ALEN };
	unsigned char frame[FRAME_LEN] = { 0 };
	struct ifreq ifr;
	int fd = socket(AF_PACKET, SOCK_RAW | SOCK_CLOEXEC, 0);

	CU_ASSERT_FATAL(fd >= 0);
	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "ev1");
	CU_ASSERT_FATAL(ioctl(fd, SIOCGIFHWADDR, &ifr) == 0);
	memcpy(frame, ifr.ifr_hwaddr.sa_data, ETH_ALEN);
	memcpy(to.sll_addr, frame, ETH_ALEN);
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "ev0");
	CU_ASSERT_FATAL(ioctl(fd, SIOCGIFHWADDR, &ifr) == 0);
	memcpy(frame + ETH_ALEN, ifr.ifr_hwaddr.sa_data, ETH_ALEN);
	frame[12] = 0x88; /* the local experimental EtherType: no protocol answers it */
	frame[13] = 0xb5;
	for (int i = 0; i < FRAMES; i++)
		CU_ASSERT_EQUAL(sendto(fd, frame, sizeof(frame), 0, (struct sockaddr *)&to, sizeof(to)),
				(ssize_t)sizeof(frame));
	close(fd);
}

static void test_counts_match_traffic(void)
{
	struct mg_ctx *ctx;
	uint64_t tx_packets, tx_bytes, rx_packets, rx_bytes;
	struct mg_nic_list *list = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	tx_packets = counter(ctx, "ev0", MG_STAT_TX_PACKETS);
	tx_bytes = counter(ctx, "ev0", MG_STAT_TX_BYTES);
	rx_packets = counter(ctx, "ev1", MG_STAT_RX_PACKETS);
	rx_bytes = counter(ctx, "ev1", MG_STAT_RX_BYTES);
	send_frames();
	CU_ASSERT_EQUAL(counter(ctx, "ev0", MG_STAT_TX_PACKETS) - tx_packets, FRAMES);
	CU_ASSERT_EQUAL(counter(ctx, "ev0", MG_STAT_TX_BYTES) - tx_bytes, FRAMES * FRAME_LEN);
	CU_ASSERT_EQUAL(counter(ctx, "ev1", MG_STAT_RX_PACKETS) - rx_packets, FRAMES);
	CU_ASSERT_EQUAL(counter(ctx, "ev1", MG_STAT_RX_BYTES) - rx_bytes, FRAMES * FRAME_LEN);
	CU_ASSERT_EQUAL(counter(ctx, "ev0", MG_STAT_RX_PACKETS), 0);

	/* The list's dump says the same. */
	CU_ASSERT_EQUAL_FATAL(mg_nic_list_new_with(ctx, MG_NIC_WITH_STATS, &list), 0);
	for (size_t i = 0; i < mg_nic_list_count(list); i++) {
		const struct mg_nic *nic = mg_nic_list_get(list, i);
		uint64_t v;

		if (!str_eq(mg_nic_get_name(nic), "ev1"))
			continue;
		CU_ASSERT_EQUAL(mg_stats_get(mg_nic_get_stats(nic), MG_STAT_RX_PACKETS, &v), 0);
		CU_ASSERT_EQUAL(v - rx_packets, FRAMES);
		CU_ASSERT_EQUAL(mg_stats_get(mg_nic_get_stats(nic), MG_STAT_RX_BYTES, &v), 0);
		CU_ASSERT_EQUAL(v - rx_bytes, FRAMES * FRAME_LEN);
	}
	mg_nic_list_free(list);
	mg_ctx_unref(ctx);
}

static void test_carrier_counts_follow_the_peer(void)
{
	struct mg_ctx *ctx;
	uint64_t up, down, changes;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	up = counter(ctx, "ev0", MG_STAT_CARRIER_UP_COUNT);
	down = counter(ctx, "ev0", MG_STAT_CARRIER_DOWN_COUNT);
	changes = counter(ctx, "ev0", MG_STAT_CARRIER_CHANGES);
	for (int i = 0; i < CYCLES; i++) {
		CU_ASSERT_EQUAL_FATAL(set_up("ev1", false), 0);
		CU_ASSERT_EQUAL_FATAL(wait_operstate("ev0", "lowerlayerdown"), 0);
		CU_ASSERT_EQUAL_FATAL(set_up("ev1", true), 0);
		CU_ASSERT_EQUAL_FATAL(wait_operstate("ev0", "up"), 0);
	}
	CU_ASSERT_EQUAL(counter(ctx, "ev0", MG_STAT_CARRIER_UP_COUNT) - up, CYCLES);
	CU_ASSERT_EQUAL(counter(ctx, "ev0", MG_STAT_CARRIER_DOWN_COUNT) - down, CYCLES);
	CU_ASSERT_EQUAL(counter(ctx, "ev0", MG_STAT_CARRIER_CHANGES) - changes, 2 * CYCLES);
	mg_ctx_unref(ctx);
}

/* Whether the library said a request of its own went unanswered. */
static void note_refusal(void *data, int priority, const char *file, int line, const char *fn,
			 const char *format, va_list args)
{
	char msg[512];
	bool *refused = data;

	(void)priority;
	(void)file;
	(void)line;
	(void)fn;
	vsnprintf(msg, sizeof(msg), format, args);
	if (strstr(msg, "counters not read"))
		*refused = true;
}

/*
 * veth's own counters (`ethtool -S`) name its peer's index; it keeps no
 * link-down count and fills no standard group, though the kernel answers
 * both requests.
 */
static void test_driver_counters(void)
{
	struct mg_ctx *ctx;
	struct mg_nic *nic;
	struct mg_stats *s = NULL;
	uint64_t v;
	bool found = false, refused = false;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	mg_ctx_set_log_fn(ctx, note_refusal, &refused);
	mg_ctx_set_log_priority(ctx, LOG_DEBUG);
	nic = lookup(ctx, "ev0");
	CU_ASSERT_EQUAL_FATAL(mg_stats_read_for_nic(ctx, nic, &s), 0);
	CU_ASSERT_FALSE(refused);
	CU_ASSERT_FATAL(mg_stats_driver_count(s) > 0);
	for (size_t i = 0; i < (size_t)mg_stats_driver_count(s); i++) {
		if (strcmp(mg_stats_driver_name(s, i), "peer_ifindex"))
			continue;
		CU_ASSERT_EQUAL(mg_stats_driver_get(s, i, &v), 0);
		CU_ASSERT_EQUAL(v, if_nametoindex("ev1"));
		found = true;
	}
	CU_ASSERT_TRUE(found);
	CU_ASSERT_EQUAL(mg_stats_get(s, MG_STAT_LINK_DOWN_EVENTS, &v), -ENODATA);
	for (int g = 0; g < MG_STATS_GROUP_COUNT; g++)
		CU_ASSERT_FALSE(mg_stats_group_reported(s, (enum mg_stats_group)g));
	mg_stats_free(s);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
}

/* A capture replays the counters as they were; nothing moved in between. */
static void test_capture_replays_counters(void)
{
	char tmp[4096];
	struct mg_ctx *ctx, *replay;
	struct mg_nic *a, *b;
	struct mg_stats *x = NULL, *y = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	replay = replay_of_capture(ctx, tmp);
	a = lookup(ctx, "ev0");
	b = lookup(replay, "ev0");
	CU_ASSERT_EQUAL_FATAL(mg_stats_read_for_nic(ctx, a, &x), 0);
	CU_ASSERT_EQUAL_FATAL(mg_stats_read_for_nic(replay, b, &y), 0);
	for (int i = 0; i < MG_STAT_COUNT; i++) {
		uint64_t u = 1, v = 2;
		int eu = mg_stats_get(x, (enum mg_stat)i, &u), ev = mg_stats_get(y, (enum mg_stat)i, &v);

		CU_ASSERT_EQUAL(eu, ev);
		CU_ASSERT(eu < 0 || u == v);
	}
	CU_ASSERT_EQUAL_FATAL(mg_stats_driver_count(x), mg_stats_driver_count(y));
	for (size_t i = 0; i < (size_t)mg_stats_driver_count(x); i++)
		CU_ASSERT_STRING_EQUAL(mg_stats_driver_name(x, i), mg_stats_driver_name(y, i));
	mg_stats_free(x);
	mg_stats_free(y);
	mg_nic_unref(a);
	mg_nic_unref(b);
	mg_ctx_unref(replay);
	mg_ctx_unref(ctx);
	rm_tree(tmp);
}

/* The link-down count's reason in ev0's counters: one adapter, its own read and the snapshot say the same. */
static const char *link_down_reason(struct mg_ctx *ctx, char *buf, size_t size)
{
	struct mg_nic_list *list;
	struct mg_nic *one = NULL;
	struct mg_stats *s = NULL;
	const char *a, *b = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup_with(ctx, "ev0", MG_NIC_WITH_ALL, &one), 0);
	CU_ASSERT_EQUAL_FATAL(mg_nic_list_new_with(ctx, MG_NIC_WITH_ALL, &list), 0);
	for (size_t i = 0; i < mg_nic_list_count(list); i++)
		if (str_eq(mg_nic_get_name(mg_nic_list_get(list, i)), "ev0"))
			b = mg_stats_get_unknown_reason(mg_nic_get_stats(mg_nic_list_get(list, i)),
							MG_STAT_LINK_DOWN_EVENTS);
	a = mg_stats_get_unknown_reason(mg_nic_get_stats(one), MG_STAT_LINK_DOWN_EVENTS);
	CU_ASSERT_TRUE(str_eq(a, b));
	CU_ASSERT_EQUAL_FATAL(mg_stats_read_for_nic(ctx, one, &s), 0);
	CU_ASSERT_TRUE(str_eq(a, mg_stats_get_unknown_reason(s, MG_STAT_LINK_DOWN_EVENTS)));
	CU_ASSERT_PTR_NULL(mg_stats_get_unknown_reason(s, MG_STAT_RX_PACKETS));
	CU_ASSERT_PTR_NULL(mg_stats_get_unknown_reason(NULL, MG_STAT_LINK_DOWN_EVENTS));
	mg_stats_free(s);
	snprintf(buf, size, "%s", a ? a : "");
	mg_nic_list_free(list);
	mg_nic_unref(one);
	return a ? buf : NULL;
}

/*
 * No kernel before 6.6 reports the link-down count: unknown, with that
 * reason, in one adapter and in a snapshot; from 6.6 a veth (no PHY) has
 * none and needs no reason. A capture keeps the kernel's release, so a
 * replay of a 6.1 machine's says what 6.1 lacked, on any kernel.
 */
static void test_link_down_reason(void)
{
	char tmp[4096], path[4200], why[256];
	struct mg_ctx *ctx, *replay;
	unsigned int major = 0, minor = 0;
	struct utsname u;
	FILE *f;

	CU_ASSERT_EQUAL_FATAL(uname(&u), 0);
	CU_ASSERT_EQUAL_FATAL(sscanf(u.release, "%u.%u", &major, &minor), 2);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	if (major < 6 || (major == 6 && minor < 6)) {
		CU_ASSERT_PTR_NOT_NULL_FATAL(link_down_reason(ctx, why, sizeof(why)));
		CU_ASSERT_PTR_NOT_NULL(strstr(why, u.release));
		CU_ASSERT_PTR_NOT_NULL(strstr(why, "does not report the link-down count (Linux 6.6"));
	} else {
		CU_ASSERT_PTR_NULL(link_down_reason(ctx, why, sizeof(why)));
	}
	replay = replay_of_capture(ctx, tmp);
	mg_ctx_unref(replay);
	snprintf(path, sizeof(path), "%s/c/multigig/proc/sys/kernel/osrelease", tmp);
	f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs("6.1.0-57-amd64\n", f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/c", tmp);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(path, &replay), 0);
	CU_ASSERT_PTR_NOT_NULL(link_down_reason(replay, why, sizeof(why)));
	CU_ASSERT_STRING_EQUAL(why, "kernel 6.1.0-57-amd64 does not report the link-down count (Linux 6.6 and "
				    "later do, for PHYs they drive)");
	mg_ctx_unref(replay);
	mg_ctx_unref(ctx);
	rm_tree(tmp);
}

struct cost {
	long requests, reads;
};

/* What reading one interface's evidence costs. */
static struct cost evidence_cost(const char *name)
{
	struct mg_ctx *ctx;
	struct mg_nic *nic;
	struct mg_stats *s = NULL;
	struct mg_irqs *r = NULL;
	struct mg_temps *t = NULL;
	struct cost before, cost;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	nic = lookup(ctx, name);
	before.requests = mg_ctx_get_request_count(ctx);
	before.reads = mg_ctx_get_read_count(ctx);
	CU_ASSERT_EQUAL(mg_stats_read_for_nic(ctx, nic, &s), 0);
	CU_ASSERT_EQUAL(mg_irqs_read_for_nic(ctx, nic, &r), 0);
	CU_ASSERT_EQUAL(mg_temps_read_for_nic(ctx, nic, &t), 0);
	cost.requests = mg_ctx_get_request_count(ctx) - before.requests;
	cost.reads = mg_ctx_get_read_count(ctx) - before.reads;
	mg_stats_free(s);
	mg_irqs_free(r);
	mg_temps_free(t);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
	return cost;
}

static int add_veths(struct nl_sock *sk, int count, bool add)
{
	for (int i = 0; i < count; i++) {
		struct rtnl_link *veth = add ? rtnl_link_veth_alloc() : rtnl_link_alloc();
		char name[IFNAMSIZ];
		int err;

		if (!veth)
			return -ENOMEM;
		snprintf(name, sizeof(name), "evx%d", i);
		rtnl_link_set_name(veth, name);
		if (add) {
			struct rtnl_link *peer = rtnl_link_veth_get_peer(veth);

			snprintf(name, sizeof(name), "evy%d", i);
			rtnl_link_set_name(peer, name);
			rtnl_link_put(peer);
		}
		err = add ? rtnl_link_add(sk, veth, NLM_F_CREATE | NLM_F_EXCL) : rtnl_link_delete(sk, veth);
		if (add)
			rtnl_link_veth_release(veth);
		else
			rtnl_link_put(veth);
		if (err < 0)
			return err;
	}
	return 0;
}

/* One interface's evidence costs the same with 2 interfaces or 400: no dump, no walk. */
static void test_cost_is_constant(void)
{
	struct nl_sock *sk = nl_socket_alloc();
	struct cost few, many;

	CU_ASSERT_FATAL(sk && nl_connect(sk, NETLINK_ROUTE) == 0);
	few = evidence_cost("ev0");
	CU_ASSERT_EQUAL_FATAL(add_veths(sk, 200, true), 0);
	many = evidence_cost("ev0");
	CU_ASSERT_EQUAL(add_veths(sk, 200, false), 0);
	nl_socket_free(sk);
	CU_ASSERT_EQUAL(few.requests, many.requests);
	CU_ASSERT_EQUAL(few.reads, many.reads);
	/* The link, STATS_GET and LINKSTATE, and the ethtool family resolved once. */
	CU_ASSERT(few.requests <= 4);
}

/* One line of /proc/interrupts, read by this test on its own terms. */
struct proc_line {
	uint64_t counts[64];
	int ncpus;
	char name[128];
};

static bool proc_interrupt(int irq, struct proc_line *out)
{
	FILE *f = fopen("/proc/interrupts", "r");
	char line[4096], *p, *end;
	bool found = false;
	int ncpus = 0;

	if (!f)
		return false;
	if (fgets(line, sizeof(line), f))
		for (p = strstr(line, "CPU"); p; p = strstr(p + 3, "CPU"))
			ncpus++;
	while (!found && fgets(line, sizeof(line), f)) {
		if (strtol(line, &end, 10) != irq || *end != ':')
			continue;
		p = end + 1;
		out->ncpus = ncpus < 64 ? ncpus : 64;
		for (int c = 0; c < out->ncpus; c++)
			out->counts[c] = strtoull(p, &p, 10);
		line[strcspn(line, "\n")] = '\0';
		end = strstr(p, "  ");
		while (end && strstr(end + 2, "  "))
			end = strstr(end + 2, "  ");
		snprintf(out->name, sizeof(out->name), "%s", end ? end + strspn(end, " ") : "");
		found = true;
	}
	fclose(f);
	return found;
}

static const struct mg_nic *virtio_nic(struct mg_nic_list *list)
{
	for (size_t i = 0; i < mg_nic_list_count(list); i++) {
		const struct mg_nic *nic = mg_nic_list_get(list, i);

		if (mg_nic_get_bus(nic) == MG_BUS_PCI && mg_nic_get_vendor_id(nic) == 0x1af4 &&
		    (mg_nic_get_class(nic) >> 16) == 0x02)
			return nic;
	}
	return NULL;
}

/*
 * This machine's virtio NIC, read only: it sits in the host's namespace, so
 * here it is a PCI function without interface, its vectors its own still.
 */
static void test_virtio_vectors_agree_with_proc(void)
{
	struct mg_ctx *ctx;
	struct mg_nic_list *list = NULL;
	const struct mg_nic *nic;
	struct mg_irqs *r = NULL;
	struct proc_line before[64];
	int irq_of[64];
	size_t nbefore = 0;
	struct dirent *e;
	char dir[512];
	DIR *d;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_nic_list_new(ctx, &list), 0);
	nic = virtio_nic(list);
	if (!nic) {
		printf("(no virtio NIC on this machine: nothing to compare) ");
		goto out;
	}
	snprintf(dir, sizeof(dir), "/sys/bus/pci/devices/%s/msi_irqs", mg_nic_get_address(nic));
	d = opendir(dir);
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	while ((e = readdir(d)))
		if (e->d_name[0] != '.' && nbefore < 64 && proc_interrupt(atoi(e->d_name), &before[nbefore]))
			irq_of[nbefore++] = atoi(e->d_name);
	closedir(d);
	CU_ASSERT_EQUAL_FATAL(mg_irqs_read_for_nic(ctx, nic, &r), 0);
	CU_ASSERT_EQUAL(mg_irqs_get_count(r), nbefore);
	CU_ASSERT(mg_irqs_get_count(r) > 0);
	for (size_t i = 0; i < mg_irqs_get_count(r); i++) {
		const struct proc_line *was = NULL;
		struct proc_line after;

		for (size_t k = 0; k < nbefore; k++)
			if (irq_of[k] == mg_irqs_get_irq(r, i))
				was = &before[k];
		CU_ASSERT_PTR_NOT_NULL_FATAL(was);
		CU_ASSERT_STRING_EQUAL(mg_irqs_get_mode(r, i), "msix");
		CU_ASSERT_FATAL(proc_interrupt(mg_irqs_get_irq(r, i), &after));
		CU_ASSERT_STRING_EQUAL(mg_irqs_get_name(r, i), after.name);
		CU_ASSERT_EQUAL_FATAL(mg_irqs_get_cpu_count(r), (size_t)after.ncpus);
		/* Counts only grow: what was read lies between the reads made before and after. */
		for (size_t c = 0; c < mg_irqs_get_cpu_count(r); c++) {
			uint64_t v;

			CU_ASSERT_EQUAL(mg_irqs_get_cpu_interrupts(r, i, c, &v), 0);
			CU_ASSERT(was->counts[c] <= v && v <= after.counts[c]);
		}
		CU_ASSERT_PTR_NOT_NULL(mg_irqs_get_affinity(r, i));
		CU_ASSERT_PTR_NOT_NULL(mg_irqs_get_effective_affinity(r, i));
	}
	CU_ASSERT(mg_irqs_get_online_cpus(r) >= 1);
	CU_ASSERT_EQUAL(mg_irqs_get_online_cpus(r), sysconf(_SC_NPROCESSORS_ONLN));
	mg_irqs_free(r);
out:
	mg_nic_list_free(list);
	mg_ctx_unref(ctx);
}

int main(void)
{
	int err = enter_test_netns();

	if (err != 0)
		return err;
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("evidence", suite_init, NULL, MG_TEST(test_counts_match_traffic),
		     MG_TEST(test_carrier_counts_follow_the_peer), MG_TEST(test_driver_counters),
		     MG_TEST(test_capture_replays_counters), MG_TEST(test_link_down_reason),
		     MG_TEST(test_cost_is_constant),
		     MG_TEST(test_virtio_vectors_agree_with_proc));
	return mg_test_run();
}
