/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ifupdown's interfaces(5) as libmultigig reads it, held to ifquery, the
 * reader ifupdown itself ships, on the same files: sourced files and
 * directories, continued lines, comments, several stanzas of one name.
 * ifup itself applying a stanza is test-udev-link.c's (it needs root).
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gather/gather.h"
#include "model/model.h"
#include "mg-test.h"
#include "test-util.h"

#define IFQUERY "/sbin/ifquery"

static char dir[64];

static void put(const char *name, const char *text)
{
	char path[160];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	CU_ASSERT_EQUAL_FATAL(mg_test_write_text(path, text), 0);
}

static int suite_init(void)
{
	char cmd[200];

	snprintf(dir, sizeof(dir), "/tmp/mg-ifupdown-XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	snprintf(cmd, sizeof(cmd), "mkdir -p %s/interfaces.d %s/sub %s/more", dir, dir, dir);
	return mg_test_system(cmd) == 0 ? 0 : -1;
}

static int suite_clean(void)
{
	char cmd[100];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return mg_test_system(cmd) == 0 ? 0 : -1;
}

static void read_view(const char *name, const char *ifname, struct mg_ifupdown_view *v)
{
	struct mg_ctx *ctx;
	char path[160];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	CU_ASSERT_EQUAL(mg_ifupdown_read_at(ctx, path, ifname, v), 0);
	mg_ctx_unref(ctx);
}

/* ifquery's "key: value" lines for @ifname, of the options libmultigig reads, as "key=value;" in order. */
static void ifquery(const char *name, const char *ifname, char *out, size_t size)
{
	char cmd[400], line[256];
	size_t len = 0;
	FILE *p;

	snprintf(cmd, sizeof(cmd), IFQUERY " -i %s/%s %s 2>/dev/null", dir, name, ifname);
	p = popen(cmd, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	out[0] = '\0';
	while (fgets(line, sizeof(line), p)) {
		char *colon = strstr(line, ": ");

		line[strcspn(line, "\n")] = '\0';
		if (!colon || !(!strncmp(line, "mtu:", 4) || !strncmp(line, "hardware-", 9) ||
				!strncmp(line, "ethernet-pause-", 15) || !strncmp(line, "ethernet-wol:", 13) ||
				!strncmp(line, "offload-", 8)))
			continue;
		*colon = '\0';
		len += (size_t)snprintf(out + len, size - len, "%s=%s;", line, colon + 2);
	}
	pclose(p);
}

static void view_text(const struct mg_ifupdown_view *v, char *out, size_t size)
{
	size_t len = 0;

	out[0] = '\0';
	for (size_t i = 0; i < v->count; i++)
		len += (size_t)snprintf(out + len, size - len, "%s=%s;", v->opts[i].key, v->opts[i].value);
}

/* Every way a stanza's options reach it, read as ifquery reads them. */
static void test_as_ifquery(void)
{
	struct mg_ifupdown_view v;
	char ours[512], theirs[512], interfaces[512];

	MG_TEST_SKIP_IF(access(IFQUERY, X_OK) != 0, "no ifquery (ifupdown) to compare with on this machine");
	snprintf(interfaces, sizeof(interfaces),
		 "# comment\n"
		 "auto lo\n"
		 "iface lo inet loopback\n"
		 "\n"
		 "source sub/*.cfg\n"
		 "source-directory %s/interfaces.d\n"
		 "\n"
		 "allow-hotplug pv0\n"
		 "iface pv0 inet manual\n"
		 "    mtu 9000\n"
		 "    hardware-dma-ring-rx \\\n"
		 "        1024\n"
		 "    # not an option\n"
		 "    ethernet-pause-rx off\n"
		 "    hardware-irq-coalesce-adaptive-rx on\n"
		 "iface pv0 inet6 auto\n"
		 "    hardware-irq-coalesce-rx-usecs 50\n"
		 "\n"
		 "iface pv1 inet manual\n"
		 "    mtu 1400\n",
		 dir);
	put("interfaces", interfaces);
	put("sub/a.cfg", "iface pv0 inet6 auto\n  hardware-dma-ring-tx 512\n");
	put("sub/b.txt", "iface pv0 inet6 auto\n  hardware-dma-ring-tx 256\n"); /* not *.cfg */
	put("interfaces.d/pv2", "auto pv2\niface pv2 inet manual\n\tmtu 2000\n");
	put("interfaces.d/skip.me", "iface pv0 inet manual\n  mtu 7000\n"); /* run-parts skips a dot */
	read_view("interfaces", "pv0", &v);
	CU_ASSERT_TRUE(v.stanza && v.at_boot);
	view_text(&v, ours, sizeof(ours));
	ifquery("interfaces", "pv0", theirs, sizeof(theirs));
	CU_ASSERT_STRING_EQUAL(ours, theirs);
	CU_ASSERT_STRING_EQUAL(ours, "hardware-dma-ring-tx=512;mtu=9000;hardware-dma-ring-rx=1024;ethernet-pause-rx=off;"
				     "hardware-irq-coalesce-adaptive-rx=on;hardware-irq-coalesce-rx-usecs=50;");
	CU_ASSERT_STRING_EQUAL(mg_ifupdown_view_get(&v, "mtu"), "9000");
	/* A file of source-directory, named as run-parts takes it. */
	read_view("interfaces", "pv2", &v);
	view_text(&v, ours, sizeof(ours));
	ifquery("interfaces", "pv2", theirs, sizeof(theirs));
	CU_ASSERT_STRING_EQUAL(ours, theirs);
	CU_ASSERT_STRING_EQUAL(ours, "mtu=2000;");
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ifupdown_view_find(&v, "mtu")->file, "/interfaces.d/pv2"));
}

/*
 * What ifup does that a simpler reader would not: a comment's backslash
 * joins nothing, a continuation is joined as it is, CRLF lines, a key given
 * twice (ifup's `ip link set` takes the first), `source` of the first
 * pattern only and `source-dir`, mtu only for a method that sets the link's,
 * the ethtool hook's offload-* and ethernet-wol. Against ifquery where it
 * prints the same thing.
 */
static void test_as_ifup(void)
{
	struct mg_ifupdown_view v;
	char ours[512], theirs[512];

	MG_TEST_SKIP_IF(access(IFQUERY, X_OK) != 0, "no ifquery (ifupdown) to compare with on this machine");
	put("tricky", "auto pv3\r\n"
		      "iface pv3 inet manual\r\n"
		      "  # jumbo frames \\\n"
		      "  hardware-dma-ring-rx 40\\\n"
		      "96\n"
		      "  offload-gro off\n"
		      "  ethernet-wol g\n"
		      "  hardware-dma-ring-tx 512\n"
		      "  hardware-dma-ring-tx 256\n"
		      "source sub/x.cfg sub/y.cfg\n"
		      "source-dir more\n");
	put("sub/x.cfg", "iface pv3 inet manual\n  ethernet-pause-rx on\n");
	put("sub/y.cfg", "iface pv3 inet manual\n  ethernet-pause-tx off\n");
	put("more/pv3", "iface pv3 inet manual\n  hardware-irq-coalesce-rx-usecs 8\n");
	put("tricky2", "auto pv3\niface pv3 inet manual\n  mtu 9000\n");
	read_view("tricky", "pv3", &v);
	view_text(&v, ours, sizeof(ours));
	CU_ASSERT_STRING_EQUAL(ours, "hardware-dma-ring-rx=4096;offload-gro=off;ethernet-wol=g;hardware-dma-ring-tx=512;"
				     "ethernet-pause-rx=on;hardware-irq-coalesce-rx-usecs=8;");
	ifquery("tricky", "pv3", theirs, sizeof(theirs));
	/* ifquery prints the repeated key's two values on two lines: its first line is the first value. */
	CU_ASSERT_PTR_NOT_NULL(strstr(theirs, "hardware-dma-ring-rx=4096;"));
	CU_ASSERT_PTR_NOT_NULL(strstr(theirs, "hardware-dma-ring-tx=512;"));
	CU_ASSERT_PTR_NULL(strstr(theirs, "ethernet-pause-tx"));
	CU_ASSERT_PTR_NOT_NULL(strstr(theirs, "hardware-irq-coalesce-rx-usecs=8;"));
	/* A value of several words is kept whole, as ifup passes it on (and no number). */
	put("words", "auto pv8\niface pv8 inet manual\n  hardware-dma-ring-rx 40  96\n");
	read_view("words", "pv8", &v);
	CU_ASSERT_PTR_NOT_NULL_FATAL(mg_ifupdown_view_get(&v, "hardware-dma-ring-rx"));
	CU_ASSERT_STRING_EQUAL(mg_ifupdown_view_get(&v, "hardware-dma-ring-rx"), "40  96");
	/* dhcp and inet6 leave the link's MTU to others; static and manual set it. */
	put("methods", "auto pv4 pv5 pv6\n"
		       "iface pv4 inet dhcp\n  mtu 9000\n"
		       "iface pv5 inet6 auto\n  mtu 9000\n"
		       "iface pv6 inet static\n  address 192.0.2.1/24\n  mtu 9000\n");
	read_view("methods", "pv4", &v);
	CU_ASSERT_PTR_NULL(mg_ifupdown_view_get(&v, "mtu"));
	read_view("methods", "pv5", &v);
	CU_ASSERT_PTR_NULL(mg_ifupdown_view_get(&v, "mtu"));
	read_view("methods", "pv6", &v);
	CU_ASSERT_STRING_EQUAL(mg_ifupdown_view_get(&v, "mtu") ? mg_ifupdown_view_get(&v, "mtu") : "", "9000");
	/* An iface line without family and method: ifup rejects the files, so nothing of them applies. */
	put("broken", "auto pv7\niface pv7\n  mtu 9000\n");
	read_view("broken", "pv7", &v);
	CU_ASSERT_EQUAL(v.count, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(v.why, "'iface pv7' has no address family and method"));
}

/* A stanza ifup runs only by hand, none, no file: nothing lasts, and each says why. */
static void test_nothing_lasts(void)
{
	struct mg_ifupdown_view v;

	put("manual", "iface pv1 inet manual\n    mtu 1400\n");
	read_view("manual", "pv1", &v);
	CU_ASSERT_TRUE(v.stanza);
	CU_ASSERT_FALSE(v.at_boot);
	CU_ASSERT_EQUAL(v.count, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(v.why, "ifupdown brings pv1 up only by hand"));
	read_view("manual", "pv9", &v);
	CU_ASSERT_FALSE(v.stanza);
	CU_ASSERT_STRING_EQUAL(v.why, "ifupdown has no iface stanza for pv9");
	read_view("none", "pv1", &v);
	CU_ASSERT_PTR_NOT_NULL(strstr(v.why, "/none"));
	/* A file that sources itself ends, as ifup's loop would not. */
	put("loop", "source loop\nauto pv1\niface pv1 inet manual\n  mtu 1300\n");
	read_view("loop", "pv1", &v);
	CU_ASSERT_STRING_EQUAL(mg_ifupdown_view_get(&v, "mtu"), "1300");
}

/*
 * In another network namespace with the host's /etc and /sys (as --netns
 * is), the host's stanzas name the host's interfaces: none counts. Where
 * the sysfs cannot prove it (under valgrind, without CAP_SYS_ADMIN), they
 * still count.
 */
static void test_other_namespace(void)
{
	pid_t child;
	int status;

	MG_TEST_SKIP_IF(geteuid() != 0, "a network namespace of its own needs root");
	put("netns", "auto pv0\niface pv0 inet manual\n    mtu 1400\n");
	child = fork();
	CU_ASSERT_FATAL(child >= 0);
	if (child == 0) {
		struct mg_ifupdown_view v;
		struct mg_ctx *ctx;
		char path[160], why[320];
		int proof;

		snprintf(path, sizeof(path), "%s/netns", dir);
		if (unshare(CLONE_NEWNET) < 0 || mg_ctx_new(NULL, &ctx) < 0 || mg_ifupdown_read_at(ctx, path, "pv0", &v) < 0)
			_exit(2);
		proof = mg_sysfs_netns_same(ctx, why, sizeof(why));
		if (proof == -EXDEV)
			_exit(v.count == 0 && !strcmp(v.why, "ifupdown configures the host's network namespace, not this one")
				      ? 0 : 1);
		_exit(proof == 1 && v.count == 1 ? 0 : 1);
	}
	CU_ASSERT_EQUAL(waitpid(child, &status, 0), child);
	CU_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

/* The option of each setting: the ethtool hook's words, which are libmultigig's names. */
static void test_keys(void)
{
	static const struct {
		enum mg_param p;
		const char *key;
	} want[] = {
		{ MG_PARAM_MTU, "mtu" },
		{ MG_PARAM_RX_RING, "hardware-dma-ring-rx" },
		{ MG_PARAM_RX_JUMBO_RING, "hardware-dma-ring-rx-jumbo" },
		{ MG_PARAM_TX_RING, "hardware-dma-ring-tx" },
		{ MG_PARAM_RX_USECS, "hardware-irq-coalesce-rx-usecs" },
		{ MG_PARAM_ADAPTIVE_TX, "hardware-irq-coalesce-adaptive-tx" },
		{ MG_PARAM_PAUSE_AUTONEG, "ethernet-pause-autoneg" },
		{ MG_PARAM_PAUSE_TX, "ethernet-pause-tx" },
		{ MG_PARAM_RX_BUF_LEN, NULL },
		{ MG_PARAM_COMBINED_CHANNELS, NULL },
	};
	char buf[48];

	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		const char *key = mg_param_ifupdown_key(want[i].p, buf, sizeof(buf));

		if (want[i].key) {
			CU_ASSERT_STRING_EQUAL(key ? key : "(none)", want[i].key);
		} else {
			CU_ASSERT_PTR_NULL(key);
		}
	}
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("interfaces(5)", suite_init, suite_clean, MG_TEST(test_as_ifquery), MG_TEST(test_as_ifup),
		     MG_TEST(test_nothing_lasts),
		     MG_TEST(test_other_namespace), MG_TEST(test_keys));
	return mg_test_run();
}
