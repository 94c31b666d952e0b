/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * .link files and udev: the text of a .link file read and written as
 * systemd reads it, and, as root, a real systemd-udevd in a private network
 * and mount namespace (its own /run/udev and /etc/systemd/network) that
 * applies a file of ours to a veth when the veth is added again, and says
 * through libudev which file it applied; then the CLI persisting settings
 * through a transaction there: written after the change, undone by a
 * failure, a rollback after a kill at each step, and never a file of
 * another's.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
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

#define DEFAULT_LINK                                        \
	"#  SPDX-License-Identifier: MIT-0\n"                \
	"; another comment\n"                                \
	"[Match]\n"                                          \
	"OriginalName=*\n"                                   \
	"\n"                                                 \
	"[Link]\n"                                           \
	"NamePolicy=keep kernel database onboard slot path\n" \
	"AlternativeNamesPolicy = database onboard slot path\n" \
	"MACAddressPolicy=persistent\n"
static const char default_link[] = DEFAULT_LINK;

static void test_parse_and_get(void)
{
	struct mg_linkfile f;

	CU_ASSERT_EQUAL_FATAL(mg_linkfile_parse(default_link, &f, NULL), 0);
	CU_ASSERT_EQUAL(f.count, 4);
	CU_ASSERT_STRING_EQUAL(mg_linkfile_get(&f, "Match", "OriginalName"), "*");
	/* Blanks around '=' are not the key's or the value's. */
	CU_ASSERT_STRING_EQUAL(mg_linkfile_get(&f, "Link", "AlternativeNamesPolicy"), "database onboard slot path");
	CU_ASSERT_PTR_NULL(mg_linkfile_get(&f, "Link", "MTUBytes"));
	CU_ASSERT_PTR_NULL(mg_linkfile_get(&f, "Match", "NamePolicy"));
	mg_linkfile_clear(&f);

	/* A later assignment wins, as systemd reads it. */
	CU_ASSERT_EQUAL_FATAL(mg_linkfile_parse("[Link]\nMTUBytes=1500\nMTUBytes=9000\n", &f, NULL), 0);
	CU_ASSERT_STRING_EQUAL(mg_linkfile_get(&f, "Link", "MTUBytes"), "9000");
	mg_linkfile_clear(&f);
}

static void test_bad_lines(void)
{
	static const struct {
		const char *text;
		int line;
	} bad[] = {
		{ "MTUBytes=9000\n", 1 },		/* no section yet */
		{ "[Link]\nMTUBytes\n", 2 },		/* no '=' */
		{ "[Link]\n=9000\n", 2 },		/* no key */
		{ "[Match]\n[Link\nA=b\n", 2 },		/* no closing bracket */
		{ "[Link]\nA=b\n[]\n", 3 },		/* an empty section name */
	};
	struct mg_linkfile f;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int line = 0;

		CU_ASSERT_EQUAL(mg_linkfile_parse(bad[i].text, &f, &line), -EINVAL);
		CU_ASSERT_EQUAL(line, bad[i].line);
		CU_ASSERT_EQUAL(f.count, 0);
	}
}

static void test_set_and_format(void)
{
	struct mg_linkfile f;
	char *text;

	CU_ASSERT_EQUAL_FATAL(mg_linkfile_parse(default_link, &f, NULL), 0);
	CU_ASSERT_EQUAL(mg_linkfile_set(&f, "Match", "OriginalName", NULL), 0);
	CU_ASSERT_EQUAL(mg_linkfile_set(&f, "Match", "Path", "pci-0000:01:00.0"), 0);
	CU_ASSERT_EQUAL(mg_linkfile_set(&f, "Link", "MTUBytes", "1500"), 0);
	CU_ASSERT_EQUAL(mg_linkfile_set(&f, "Link", "MTUBytes", "9000"), 0);
	CU_ASSERT_EQUAL(mg_linkfile_format(&f, "Written for enp1s0.\nSecond line.", &text), 0);
	CU_ASSERT_STRING_EQUAL(text, "# Written for enp1s0.\n"
				     "# Second line.\n"
				     "\n"
				     "[Link]\n"
				     "NamePolicy=keep kernel database onboard slot path\n"
				     "AlternativeNamesPolicy=database onboard slot path\n"
				     "MACAddressPolicy=persistent\n"
				     "MTUBytes=9000\n"
				     "\n"
				     "[Match]\n"
				     "Path=pci-0000:01:00.0\n");
	free(text);
	mg_linkfile_clear(&f);
	/* Read back, what was written is what was meant. */
	CU_ASSERT_EQUAL_FATAL(mg_linkfile_parse("[Link]\nA=1\n", &f, NULL), 0);
	CU_ASSERT_EQUAL(mg_linkfile_format(&f, NULL, &text), 0);
	CU_ASSERT_STRING_EQUAL(text, "[Link]\nA=1\n");
	free(text);
	mg_linkfile_clear(&f);
}

static void test_target_of(void)
{
	struct mg_udev_net pci = { .initialized = true, .path = "pci-0000:01:00.0", .bus = "pci" };
	struct mg_udev_net usb = { .initialized = true, .path = "pci-0000:00:14.0-usb-0:2:1.0", .bus = "usb" };
	struct mg_udev_net virt = { .initialized = true };
	struct mg_link_target lt;
	struct mg_ctx *ctx;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/desktop", &ctx), 0);
	CU_ASSERT_EQUAL(mg_link_target_of(ctx, "enp1s0", &pci, "52:54:00:12:34:56", false, &lt), 0);
	CU_ASSERT_STRING_EQUAL(lt.file, "/etc/systemd/network/10-multigig-pci-0000_01_00_0.link");
	CU_ASSERT_STRING_EQUAL(lt.match_key, "Path");
	CU_ASSERT_STRING_EQUAL(lt.match_value, "pci-0000:01:00.0");
	/* A USB adapter's path changes with the port: its permanent address names it. */
	CU_ASSERT_EQUAL(mg_link_target_of(ctx, "enx00e04c680001", &usb, "00:e0:4c:68:00:01", false, &lt), 0);
	CU_ASSERT_STRING_EQUAL(lt.file, "/etc/systemd/network/10-multigig-mac-00_e0_4c_68_00_01.link");
	CU_ASSERT_STRING_EQUAL(lt.match_key, "PermanentMACAddress");
	CU_ASSERT_EQUAL(mg_link_target_of(ctx, "eth1", &usb, "00:00:00:00:00:00", false, &lt), -EOPNOTSUPP);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "without a permanent MAC address"));
	CU_ASSERT_EQUAL(mg_link_target_of(ctx, "eth1", &usb, "", false, &lt), -EOPNOTSUPP);
	/* A path other interfaces share (DSA ports): the path and the permanent address, or refused. */
	CU_ASSERT_EQUAL(mg_link_target_of(ctx, "lan1", &pci, "52:54:00:12:34:57", true, &lt), 0);
	CU_ASSERT_STRING_EQUAL(lt.file, "/etc/systemd/network/10-multigig-pci-0000_01_00_0-52_54_00_12_34_57.link");
	CU_ASSERT_STRING_EQUAL(lt.mac_key, "PermanentMACAddress");
	CU_ASSERT_STRING_EQUAL(lt.mac_value, "52:54:00:12:34:57");
	CU_ASSERT_EQUAL(mg_link_target_of(ctx, "lan1", &pci, "", true, &lt), -EOPNOTSUPP);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "share its device path pci-0000:01:00.0"));
	CU_ASSERT_EQUAL(mg_link_target_of(ctx, "veth0", &virt, "", false, &lt), 0);
	CU_ASSERT_STRING_EQUAL(lt.file, "/etc/systemd/network/10-multigig-name-veth0.link");
	CU_ASSERT_STRING_EQUAL(lt.match_key, "OriginalName");

	/* Only the first file that fits applies: ours must come before the one that applies now. */
	CU_ASSERT_EQUAL(mg_link_target_of(ctx, "enp1s0", &pci, "", false, &lt), 0);
	CU_ASSERT_EQUAL(mg_link_may_take_place(ctx, "enp1s0", &lt, ""), 0);
	CU_ASSERT_EQUAL(mg_link_may_take_place(ctx, "enp1s0", &lt, "/usr/lib/systemd/network/99-default.link"), 0);
	CU_ASSERT_EQUAL(mg_link_may_take_place(ctx, "enp1s0", &lt, "/usr/lib/systemd/network/73-usb-net-by-mac.link"),
			0);
	CU_ASSERT_EQUAL(mg_link_may_take_place(ctx, "enp1s0", &lt, lt.file), 0);
	CU_ASSERT_EQUAL(mg_link_may_take_place(ctx, "enp1s0", &lt, "/etc/systemd/network/05-lan.link"), -EEXIST);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "udev applies /etc/systemd/network/05-lan.link"));
	mg_ctx_unref(ctx);
}

static void test_compose(void)
{
	struct mg_link_target lt = { .file = "/etc/systemd/network/10-multigig-name-veth0.link",
				     .match_key = "OriginalName", .match_value = "veth0", .how = "by its name" };
	struct mg_linkfile applies, keys, out;
	char header[512], *text;

	CU_ASSERT_EQUAL_FATAL(mg_linkfile_parse(DEFAULT_LINK "AlternativeName=a\nAlternativeName=b\nMTUBytes=1500\n"
						"[SR-IOV]\nVirtualFunction=0\nVLANId=10\n[SR-IOV]\nVirtualFunction=1\n"
						"VLANId=20\n",
						&applies, NULL),
			      0);
	CU_ASSERT_EQUAL_FATAL(mg_linkfile_parse("[Link]\nMTUBytes=9000\nRxBufferSize=1024\n", &keys, NULL), 0);
	CU_ASSERT_EQUAL_FATAL(mg_link_compose(&lt, &applies, &keys, &out), 0);
	CU_ASSERT_EQUAL(mg_link_header("veth0", &lt, "/usr/lib/systemd/network/99-default.link", header,
				       sizeof(header)),
			0);
	CU_ASSERT_EQUAL_FATAL(mg_linkfile_format(&out, header, &text), 0);
	CU_ASSERT_STRING_EQUAL(text, "# Written by libmultigig.\n"
				     "# It keeps settings of veth0 that udev applies when the device is added: "
				     "'multigig persist veth0 --remove' removes it.\n"
				     "# It matches the device by its name.\n"
				     "# The lines after [Match] are those of /usr/lib/systemd/network/99-default.link, "
				     "which it takes the place of.\n"
				     "\n"
				     "[Match]\n"
				     "OriginalName=veth0\n"
				     "\n"
				     "[Link]\n"
				     "NamePolicy=keep kernel database onboard slot path\n"
				     "AlternativeNamesPolicy=database onboard slot path\n"
				     "MACAddressPolicy=persistent\n"
				     "AlternativeName=a\n"
				     "AlternativeName=b\n"
				     "MTUBytes=9000\n"
				     "RxBufferSize=1024\n"
				     "\n"
				     "[SR-IOV]\n"
				     "VirtualFunction=0\n"
				     "VLANId=10\n"
				     "\n"
				     "[SR-IOV]\n"
				     "VirtualFunction=1\n"
				     "VLANId=20\n"); /* one section per virtual function, as udev reads them */
	CU_ASSERT(mg_link_is_ours(text));
	CU_ASSERT(!mg_link_is_ours(default_link));
	CU_ASSERT(!mg_link_is_ours("# Written by libmultigig"));
	free(text);
	mg_linkfile_clear(&applies);
	mg_linkfile_clear(&keys);
	mg_linkfile_clear(&out);
}

static void test_param_keys(void)
{
	struct mg_settings *want, *cur;
	struct mg_linkfile keys;
	struct mg_ctx *ctx;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/desktop", &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&want), 0);
	CU_ASSERT_EQUAL_FATAL(mg_settings_new(&cur), 0);
	mg_settings_put_max(cur, MG_PARAM_RX_RING, 4096);
	CU_ASSERT_EQUAL(mg_settings_set(want, MG_PARAM_MTU, 9000), 0);
	CU_ASSERT_EQUAL(mg_settings_set(want, MG_PARAM_RX_RING, MG_VALUE_MAX), 0);
	CU_ASSERT_EQUAL(mg_settings_set(want, MG_PARAM_RX_USECS, 50), 0);
	CU_ASSERT_EQUAL(mg_settings_set(want, MG_PARAM_ADAPTIVE_RX, 0), 0);
	CU_ASSERT_EQUAL(mg_settings_set(want, MG_PARAM_PAUSE_TX, 1), 0);
	CU_ASSERT_EQUAL(mg_settings_set(want, MG_PARAM_RATE_SAMPLE_INTERVAL, 2), 0);
	mg_linkfile_init(&keys);
	CU_ASSERT_EQUAL_FATAL(mg_link_param_keys(ctx, want, cur, &keys), 0);
	CU_ASSERT_EQUAL(keys.count, 6);
	CU_ASSERT_STRING_EQUAL(mg_linkfile_get(&keys, "Link", "MTUBytes"), "9000");
	CU_ASSERT_STRING_EQUAL(mg_linkfile_get(&keys, "Link", "RxBufferSize"), "4096"); /* what "max" is now */
	CU_ASSERT_STRING_EQUAL(mg_linkfile_get(&keys, "Link", "RxCoalesceSec"), "50us");
	CU_ASSERT_STRING_EQUAL(mg_linkfile_get(&keys, "Link", "UseAdaptiveRxCoalesce"), "no");
	CU_ASSERT_STRING_EQUAL(mg_linkfile_get(&keys, "Link", "TxFlowControl"), "yes");
	CU_ASSERT_STRING_EQUAL(mg_linkfile_get(&keys, "Link", "CoalescePacketRateSampleIntervalSec"), "2s");
	mg_linkfile_clear(&keys);
	/* No key, no guess: said, and nothing kept. */
	CU_ASSERT_EQUAL(mg_settings_set(want, MG_PARAM_TX_PUSH, 1), 0);
	CU_ASSERT_EQUAL(mg_link_param_keys(ctx, want, cur, &keys), -EOPNOTSUPP);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "udev's .link files have no key for tx-push"));
	mg_linkfile_clear(&keys);
	mg_settings_free(want);
	mg_settings_free(cur);
	mg_ctx_unref(ctx);
}

/* Every .link key of the settings table is one the installed udev knows: its parser's table names "Link.KEY". */
static void test_keys_known_to_udev(void)
{
	static const char udevadm[] = "/bin/udevadm";
	FILE *f = fopen(udevadm, "rb");
	size_t size = 0, n, keys = 0;
	char *bin = NULL, want[96];

	MG_TEST_SKIP_IF(!f, "no udevadm on this machine");
	for (size_t alloc = 0; f && !feof(f); size += n) {
		if (size + 65536 > alloc && !(bin = realloc(bin, alloc += 1 << 20)))
			break;
		n = fread(bin + size, 1, 65536, f);
	}
	fclose(f);
	CU_ASSERT_PTR_NOT_NULL_FATAL(bin);
	for (int p = 0; p < MG_PARAM_COUNT; p++) {
		const char *key = mg_param_info((enum mg_param)p)->link_key;
		int len;

		if (!key)
			continue;
		keys++;
		len = snprintf(want, sizeof(want), "Link.%s", key) + 1; /* with its NUL */
		if (!memmem(bin, size, want, (size_t)len)) {
			printf("%s: udev has no key %s ", mg_param_name((enum mg_param)p), key);
			CU_FAIL("a .link key udev does not know");
		}
	}
	CU_ASSERT(keys >= 30);
	free(bin);
}

/* ---- a real systemd-udevd ---- */

#define UDEVD "/lib/systemd/systemd-udevd"


/* What udev does when the device is added: the kernel's "add" again, then wait for udevd to be done. */
static int replug(const char *ifname)
{
	char cmd[160];

	snprintf(cmd, sizeof(cmd), "echo add > /sys/class/net/%s/uevent && udevadm settle -t 10", ifname);
	return mg_test_system(cmd);
}

static void test_udevd_applies_ours(void)
{
	struct mg_linkfile f, applies, keys;
	struct mg_link_target lt;
	struct mg_udev_net u;
	struct mg_ctx *ctx;
	char *text = NULL, *ours, header[512];

	MG_TEST_SKIP_IF(access(UDEVD, X_OK) != 0, "no systemd-udevd on this machine");
	CU_ASSERT_EQUAL_FATAL(mg_test_system("ip link add ul0 type veth peer name ul1"), 0);
	CU_ASSERT_EQUAL_FATAL(mg_test_system(UDEVD " --daemon >/dev/null 2>&1"), 0);
	CU_ASSERT_EQUAL_FATAL(replug("ul0"), 0);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	/* Debian's own default applies to a veth: only /usr/lib's files are there. */
	CU_ASSERT_EQUAL_FATAL(mg_udev_net_read(ctx, "ul0", &u), 0);
	CU_ASSERT(u.initialized);
	CU_ASSERT_STRING_EQUAL(u.link_file, "/usr/lib/systemd/network/99-default.link");
	CU_ASSERT_STRING_EQUAL(u.driver, "veth");
	CU_ASSERT_STRING_EQUAL(u.path, "");

	/* Ours takes its place, with its lines and ours: udev applies it at the next add, the name kept. */
	FILE *in = fopen(u.link_file, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(in);
	text = calloc(1, 8192);
	CU_ASSERT_FATAL(fread(text, 1, 8191, in) > 0);
	fclose(in);
	CU_ASSERT_EQUAL_FATAL(mg_linkfile_parse(text, &applies, NULL), 0);
	free(text);
	CU_ASSERT_EQUAL_FATAL(mg_link_target_of(ctx, "ul0", &u, "", false, &lt), 0);
	CU_ASSERT_EQUAL(mg_link_may_take_place(ctx, "ul0", &lt, u.link_file), 0);
	CU_ASSERT_EQUAL_FATAL(mg_linkfile_parse("[Link]\nMTUBytes=4000\n", &keys, NULL), 0);
	CU_ASSERT_EQUAL_FATAL(mg_link_compose(&lt, &applies, &keys, &f), 0);
	CU_ASSERT_EQUAL(mg_link_header("ul0", &lt, u.link_file, header, sizeof(header)), 0);
	CU_ASSERT_EQUAL_FATAL(mg_linkfile_format(&f, header, &ours), 0);
	CU_ASSERT_EQUAL(mg_test_write_text(lt.file, ours), 0);
	free(ours);
	mg_linkfile_clear(&f);
	mg_linkfile_clear(&applies);
	mg_linkfile_clear(&keys);
	CU_ASSERT_EQUAL(mg_test_mtu_of("ul0"), 1500);
	/* udevd looks for changed files at an event at most every 3 s: past that, no reload is needed. */
	sleep(4);
	CU_ASSERT_EQUAL_FATAL(replug("ul0"), 0);
	CU_ASSERT_EQUAL(mg_test_mtu_of("ul0"), 4000);
	CU_ASSERT_EQUAL(mg_test_mtu_of("ul1"), 1500); /* its peer did not match */
	CU_ASSERT_EQUAL(replug("ul1"), 0);
	CU_ASSERT_EQUAL(mg_test_mtu_of("ul1"), 1500);
	CU_ASSERT_EQUAL(mg_udev_net_read(ctx, "ul0", &u), 0);
	CU_ASSERT_STRING_EQUAL(u.link_file, "/etc/systemd/network/10-multigig-name-ul0.link");
	CU_ASSERT_STRING_EQUAL(u.driver, "veth");

	/* Unknown to udev: said, not guessed. */
	CU_ASSERT_EQUAL(mg_udev_net_read(ctx, "nosuch0", &u), -ENODEV);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "udev does not know"));
	mg_ctx_unref(ctx);
	mg_test_system("udevadm control --exit; ip link del ul0");
}

/* The file udev applies and its drop-ins: by name over every directory, /etc's hiding /run's of the same name. */
static void test_dropins(void)
{
	static const char dflt[] = "/usr/lib/systemd/network/99-default.link";
	struct mg_linkfile f;
	struct mg_ctx *ctx;

	MG_TEST_SKIP_IF(access(dflt, R_OK) != 0, "no 99-default.link on this machine");
	CU_ASSERT_EQUAL_FATAL(mkdir("/etc/systemd/network/99-default.link.d", 0755), 0);
	CU_ASSERT_EQUAL_FATAL(mkdir("/run/systemd", 0755) == 0 || errno == EEXIST, 1);
	CU_ASSERT_EQUAL_FATAL(mkdir("/run/systemd/network", 0755) == 0 || errno == EEXIST, 1);
	CU_ASSERT_EQUAL_FATAL(mkdir("/run/systemd/network/99-default.link.d", 0755), 0);
	CU_ASSERT_EQUAL(mg_test_write_text("/etc/systemd/network/99-default.link.d/20-mtu.conf",
					   "[Link]\nMTUBytes=1400\n"), 0);
	CU_ASSERT_EQUAL(mg_test_write_text("/run/systemd/network/99-default.link.d/20-mtu.conf",
					   "[Link]\nMTUBytes=1300\n"), 0);
	CU_ASSERT_EQUAL(mg_test_write_text("/run/systemd/network/99-default.link.d/10-ring.conf",
				   "[Link]\nRxBufferSize=256\nMTUBytes=1200\n"), 0);
	CU_ASSERT_EQUAL(mg_test_write_text("/run/systemd/network/99-default.link.d/30-x.txt", "[Link]\nMTUBytes=1100\n"), 0);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_link_file_read(ctx, dflt, &f), 0);
	CU_ASSERT_STRING_EQUAL(mg_linkfile_get(&f, "Link", "MTUBytes"), "1400");
	CU_ASSERT_STRING_EQUAL(mg_linkfile_get(&f, "Link", "RxBufferSize"), "256");
	CU_ASSERT_PTR_NOT_NULL(mg_linkfile_get(&f, "Link", "NamePolicy"));
	mg_linkfile_clear(&f);
	/* A line that is none names the file and the line. */
	CU_ASSERT_EQUAL(mg_test_write_text("/etc/systemd/network/99-default.link.d/30-bad.conf", "[Link]\nMTUBytes\n"), 0);
	CU_ASSERT_EQUAL(mg_link_file_read(ctx, dflt, &f), -EINVAL);
	CU_ASSERT_STRING_EQUAL(mg_ctx_last_error(ctx),
			       "/etc/systemd/network/99-default.link.d/30-bad.conf:2: no line of a .link file");
	CU_ASSERT_EQUAL(mg_link_file_read(ctx, "/etc/systemd/network/nosuch.link", &f), -ENOENT);
	mg_ctx_unref(ctx);
	mg_test_system("rm -r /etc/systemd/network/99-default.link.d /run/systemd/network/99-default.link.d");
}

static void test_offline_has_no_udev(void)
{
	struct mg_udev_net u;
	struct mg_ctx *ctx;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/desktop", &ctx), 0);
	CU_ASSERT_EQUAL(mg_udev_net_read(ctx, "enp1s0", &u), -EOPNOTSUPP);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "no udev database"));
	mg_ctx_unref(ctx);
}


/* ---- persisting through a transaction, with the CLI ---- */

#define OURS "/etc/systemd/network/10-multigig-name-pv0.link"

/* The CLI (the testing build, with its pauses) with @env, its output in @out: its exit status. */
static int cli(const char *env, const char *args, char *out, size_t size)
{
	return mg_test_cli(env, MULTIGIG_TEST_CLI, args, out, size);
}

static char *file_text(const char *path)
{
	char *text = NULL;

	return mg_text_file_read(path, &text) == 0 ? text : NULL;
}

static int persist_suite_init(void)
{
	if (access(UDEVD, X_OK) != 0)
		return 0;
	if (mg_test_system("ip link add pv0 type veth peer name pv1") != 0 ||
	    mg_test_system(UDEVD " --daemon >/dev/null 2>&1") != 0)
		return -1;
	return replug("pv0") == 0 ? 0 : -1;
}

static int persist_suite_clean(void)
{
	mg_test_system("udevadm control --exit; ip link del pv0 2>/dev/null");
	unlink(OURS);
	return 0;
}

/* Written after the change, with udev's default lines, and udev alone brings the MTU back at the next add. */
static void test_set_persist(void)
{
	char out[4096], *text;

	MG_TEST_SKIP_IF(access(UDEVD, X_OK) != 0, "no systemd-udevd on this machine");
	CU_ASSERT_EQUAL(cli("", "set pv0 mtu 9000 --persist --dry-run", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "would set persist: none -> " OURS " with MTUBytes=9000"));
	CU_ASSERT_EQUAL(access(OURS, F_OK), -1);
	CU_ASSERT_EQUAL(mg_test_mtu_of("pv0"), 1500);
	/* A write killed before its rename left its temporary file: the next write takes it away. */
	CU_ASSERT_EQUAL(mg_test_write_text("/etc/systemd/network/.10-multigig-name-pv0.link.Ab12Cd", "[Link]\n"), 0);
	CU_ASSERT_EQUAL(mg_test_write_text("/etc/systemd/network/.10-multigig-name-pv01.link.Ab12Cd", "[Link]\n"), 0);
	CU_ASSERT_EQUAL(cli("", "set pv0 mtu 9000 --persist", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "set mtu: 1500 -> 9000"));
	CU_ASSERT_EQUAL(access("/etc/systemd/network/.10-multigig-name-pv0.link.Ab12Cd", F_OK), -1);
	CU_ASSERT_EQUAL(unlink("/etc/systemd/network/.10-multigig-name-pv01.link.Ab12Cd"), 0); /* another's */
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "set persist: none -> " OURS));
	text = file_text(OURS);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT(mg_link_is_ours(text));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "[Match]\nOriginalName=pv0\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "NamePolicy=")); /* the name kept */
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "MTUBytes=9000\n"));
	free(text);
	/* The same again changes nothing, file or interface. */
	CU_ASSERT_EQUAL(cli("", "set pv0 mtu 9000 --persist", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "nothing to change"));
	/* --status: the file udev applies next, its MTU against the running one. */
	CU_ASSERT_EQUAL(cli("", "persist pv0 --status", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "pv0:\nudev applies " OURS " at the next add (libmultigig's)\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "MTUBytes=9000, running 9000\n"));
	CU_ASSERT_EQUAL(system("ip link set pv0 mtu 1500"), 0);
	CU_ASSERT_EQUAL(cli("", "--json persist pv0 --status", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"persisted\": \"9000\",\n      \"running\": \"1500\",\n      \"drift\": true"));
	CU_ASSERT_EQUAL(cli("", "persist pv0 --status --remove", out, sizeof(out)), 2);
	/* The doctor says so, with the fix (a veth taken for hardware, as the doctor's tests do). */
	CU_ASSERT_EQUAL(cli("MG_TEST_DOCTOR_VIRTUAL=1", "doctor pv0", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "[setting-not-persistent]"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "the next boot or re-plug sets mtu 9000: what runs now is not persisted"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "MTUBytes=9000; running now: 1500"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "multigig persist pv0"));
	/* doctor --fix --persist: the fixes that are settings, written too (rx 1 -> 2 with two CPUs or more). */
	if (sysconf(_SC_NPROCESSORS_ONLN) >= 2) {
		CU_ASSERT_EQUAL(cli("MG_TEST_DOCTOR_VIRTUAL=1", "doctor pv0 --fix --persist", out, sizeof(out)), 0);
		CU_ASSERT_PTR_NOT_NULL(strstr(out, "would change pv0 rx: 1 -> 2"));
		CU_ASSERT_PTR_NOT_NULL(strstr(out, OURS " with RxChannels=2"));
		CU_ASSERT_EQUAL(cli("MG_TEST_DOCTOR_VIRTUAL=1", "doctor pv0 --fix --yes --persist", out, sizeof(out)), 0);
		text = file_text(OURS);
		CU_ASSERT_PTR_NOT_NULL_FATAL(text);
		CU_ASSERT_PTR_NOT_NULL(strstr(text, "MTUBytes=9000\nRxChannels=2\n"));
		free(text);
		CU_ASSERT_EQUAL(system("ethtool -L pv0 rx 1"), 0);
	}
	CU_ASSERT_EQUAL(cli("", "doctor pv0 --persist", out, sizeof(out)), 2);
	sleep(4); /* udevd looks for changed files at most every 3 s */
	CU_ASSERT_EQUAL(replug("pv0"), 0);
	CU_ASSERT_EQUAL(mg_test_mtu_of("pv0"), 9000);
	CU_ASSERT_EQUAL(cli("", "persist pv0 --status", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "MTUBytes=9000, running 9000\n"));
	/* A later one adds to the same file; the same again changes nothing. */
	CU_ASSERT_EQUAL(cli("", "set pv0 mtu 4000 --persist", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, OURS " (text "));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, ") -> " OURS " with MTUBytes=4000"));
	CU_ASSERT_EQUAL(cli("", "set pv0 mtu 4000 --persist", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "nothing to change"));
	text = file_text(OURS);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "MTUBytes=4000\n"));
	CU_ASSERT_PTR_NULL(strstr(text, "MTUBytes=9000"));
	free(text);
	/* persist: what runs now, channels too (rx 2 where the doctor's fix came back with the add). */
	CU_ASSERT_EQUAL(cli("", "persist pv0", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "with MTUBytes=4000 RxChannels="));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, " TxChannels=1"));
	/* --remove: ours gone, and nothing the second time. */
	CU_ASSERT_EQUAL(cli("", "persist pv0 --remove --dry-run", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "would set persist: " OURS " (text "));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, ") -> none"));
	CU_ASSERT_EQUAL(access(OURS, F_OK), 0);
	CU_ASSERT_EQUAL(cli("", "persist pv0 --remove", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(access(OURS, F_OK), -1);
	CU_ASSERT_EQUAL(cli("", "persist pv0 --remove", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "libmultigig persists nothing for it"));
	CU_ASSERT_EQUAL(cli("", "persist pv0 --status", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "pv0:\nudev last applied " OURS ", which is gone"));
	/* MTU 4000 runs, and nothing carries it: the driver's 1500 comes back. */
	CU_ASSERT_EQUAL(cli("MG_TEST_DOCTOR_VIRTUAL=1", "doctor pv0", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "the next boot or re-plug sets mtu 1500 (the driver's)"));
	CU_ASSERT_EQUAL(cli("", "doctor pv0", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NULL(strstr(out, "setting-not-persistent")); /* a virtual device is made by whoever makes it */
	/* udev still names the file gone: which applies now, only a new add says. */
	CU_ASSERT_EQUAL(cli("", "set pv0 mtu 3000 --persist", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "which is gone"));
	CU_ASSERT_EQUAL(mg_test_mtu_of("pv0"), 4000);
	sleep(4);
	CU_ASSERT_EQUAL(replug("pv0"), 0);
	CU_ASSERT_EQUAL(system("ip link set pv0 mtu 1500"), 0);
}

/* Refused before anything changes: a file of ours's name that is not ours, a group no .link key carries. */
static void test_persist_refused(void)
{
	char out[4096], *text;

	MG_TEST_SKIP_IF(access(UDEVD, X_OK) != 0, "no systemd-udevd on this machine");
	CU_ASSERT_EQUAL(mg_test_write_text(OURS, "[Link]\nMTUBytes=1400\n"), 0);
	CU_ASSERT_EQUAL(cli("", "set pv0 mtu 9000 --persist", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, OURS " was not written by libmultigig; it is left alone"));
	CU_ASSERT_EQUAL(cli("", "persist pv0 --remove", out, sizeof(out)), 1);
	text = file_text(OURS);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT_STRING_EQUAL(text, "[Link]\nMTUBytes=1400\n");
	free(text);
	unlink(OURS);
	CU_ASSERT_EQUAL(mg_test_mtu_of("pv0"), 1500);
	/* An offload udev has no key for: refused naming those it has, the feature left as it was. */
	CU_ASSERT_EQUAL(cli("", "set pv0 tx-checksum-ip-generic off --persist", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "pv0: feature tx-checksum-ip-generic cannot be persisted: udev's .link files "
					   "have no key for it (they have for rx-gro,"));
	CU_ASSERT_EQUAL(system("ethtool -k pv0 | grep -q 'tx-checksum-ip-generic: on'"), 0);
	CU_ASSERT_EQUAL(cli("", "set pv0 rps-cpus 0 --persist", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "rps cannot be persisted: udev's .link files have no key for it before "
					   "systemd 256"));
	CU_ASSERT_EQUAL(cli("", "persist pv0 --confirm 30", out, sizeof(out)), 2);
	CU_ASSERT_EQUAL(cli("", "set pv0 mtu 9000 --persistent", out, sizeof(out)), 2);
	CU_ASSERT_EQUAL(cli("", "show pv0 --persist", out, sizeof(out)), 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "--persist belongs to 'set'"));
	CU_ASSERT_EQUAL(access(OURS, F_OK), -1);
}

#define WAITING OURS ".unconfirmed"

/* The keeper of the window of `set pv0 mtu @mtu --persist --confirm`, killed with -9. */
static void kill_keeper(int mtu)
{
	char cmd[256];

	snprintf(cmd, sizeof(cmd), "pkill -KILL -f '[s]et pv0 mtu %d --persist --confirm'; sleep 0.3", mtu);
	CU_ASSERT_EQUAL(mg_test_system(cmd), 0);
}

/* Whether @path holds @line. */
static bool holds(const char *path, const char *line)
{
	char *text = file_text(path);
	bool yes = text && strstr(text, line);

	free(text);
	return yes;
}

/*
 * With a confirmation window: the text waits beside the file, where udev
 * never reads it, until confirmed. A rollback, the window's end and a
 * reboot inside it (/run's journal gone) leave the file as it was.
 */
static void test_persist_confirm(void)
{
	char out[4096];

	MG_TEST_SKIP_IF(access(UDEVD, X_OK) != 0, "no systemd-udevd on this machine");
	CU_ASSERT_EQUAL(cli("", "set pv0 mtu 9000 --persist --confirm 60", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "set persist: none -> " OURS " with MTUBytes=9000, once confirmed"));
	CU_ASSERT_EQUAL(access(OURS, F_OK), -1);
	CU_ASSERT(holds(WAITING, "MTUBytes=9000\n"));
	CU_ASSERT_EQUAL(cli("", "confirm pv0", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(access(WAITING, F_OK), -1);
	CU_ASSERT(holds(OURS, "MTUBytes=9000\n"));
	CU_ASSERT_EQUAL(mg_test_mtu_of("pv0"), 9000);

	/* Rolled back by hand: the MTU back, the file never touched, the waiting text gone. */
	CU_ASSERT_EQUAL(cli("", "set pv0 mtu 4000 --persist --confirm 60", out, sizeof(out)), 0);
	CU_ASSERT(holds(WAITING, "MTUBytes=4000\n"));
	CU_ASSERT(holds(OURS, "MTUBytes=9000\n"));
	CU_ASSERT_EQUAL(cli("", "rollback pv0", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(mg_test_mtu_of("pv0"), 9000);
	CU_ASSERT_EQUAL(access(WAITING, F_OK), -1);
	CU_ASSERT(holds(OURS, "MTUBytes=9000\n"));

	/* A confirmation killed after its rename, before its journal went: the rollback puts the file back. */
	CU_ASSERT_EQUAL(cli("", "set pv0 mtu 4000 --persist --confirm 60", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(rename(WAITING, OURS), 0);
	CU_ASSERT_EQUAL(cli("", "rollback pv0", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(mg_test_mtu_of("pv0"), 9000);
	CU_ASSERT(holds(OURS, "MTUBytes=9000\n"));
	/* And its confirmation again finds it done. */
	CU_ASSERT_EQUAL(cli("", "set pv0 mtu 4000 --persist --confirm 60", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(rename(WAITING, OURS), 0);
	CU_ASSERT_EQUAL(cli("", "confirm pv0", out, sizeof(out)), 0);
	CU_ASSERT(holds(OURS, "MTUBytes=4000\n"));
	CU_ASSERT_EQUAL(cli("", "set pv0 mtu 9000 --persist", out, sizeof(out)), 0);

	/* The window's end, unconfirmed: its keeper does the same. */
	CU_ASSERT_EQUAL(cli("", "set pv0 mtu 4000 --persist --confirm 1", out, sizeof(out)), 0);
	for (int i = 0; i < 100 && (access(WAITING, F_OK) == 0 || mg_test_mtu_of("pv0") != 9000); i++)
		usleep(100000);
	CU_ASSERT_EQUAL(access(WAITING, F_OK), -1);
	CU_ASSERT_EQUAL(mg_test_mtu_of("pv0"), 9000);
	CU_ASSERT(holds(OURS, "MTUBytes=9000\n"));

	/* Its keeper killed and the window over: the next apply rolls it back first. */
	CU_ASSERT_EQUAL(cli("", "set pv0 mtu 4000 --persist --confirm 2", out, sizeof(out)), 0);
	kill_keeper(4000);
	sleep(3);
	CU_ASSERT(holds(WAITING, "MTUBytes=4000\n"));
	CU_ASSERT_EQUAL(cli("", "set pv0 mtu 9000 --persist", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "nothing to change"));
	CU_ASSERT_EQUAL(access(WAITING, F_OK), -1);
	CU_ASSERT(holds(OURS, "MTUBytes=9000\n"));

	/*
	 * A reboot inside the window: /run's journal and keeper gone, the
	 * driver's MTU back. udev applies the file, not the text that waited;
	 * the next write of the file removes that.
	 */
	CU_ASSERT_EQUAL(cli("", "set pv0 mtu 4000 --persist --confirm 60", out, sizeof(out)), 0);
	kill_keeper(4000);
	CU_ASSERT_EQUAL(mg_test_system("rm -f /run/multigig/journal/* /run/multigig/lock/*; ip link set pv0 mtu 1500"), 0);
	sleep(4); /* udevd looks for changed files at most every 3 s */
	CU_ASSERT_EQUAL(replug("pv0"), 0);
	CU_ASSERT_EQUAL(mg_test_mtu_of("pv0"), 9000);
	CU_ASSERT(holds(WAITING, "MTUBytes=4000\n"));
	CU_ASSERT_EQUAL(cli("", "set pv0 mtu 5000 --persist", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(access(WAITING, F_OK), -1);
	CU_ASSERT(holds(OURS, "MTUBytes=5000\n"));

	/*
	 * Confirming after the file changed under the window replaces neither:
	 * the window stays open, and its rollback leaves the other writer's file.
	 */
	CU_ASSERT_EQUAL(cli("", "set pv0 mtu 4000 --persist --confirm 60", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(mg_test_system("sed -i s/MTUBytes=5000/MTUBytes=7000/ " OURS), 0);
	CU_ASSERT_EQUAL(cli("", "confirm pv0", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "changed while the change awaited confirmation, so neither is replaced"));
	CU_ASSERT(holds(OURS, "MTUBytes=7000\n"));
	CU_ASSERT_EQUAL(cli("", "rollback pv0", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "left persist at " OURS));
	CU_ASSERT_EQUAL(mg_test_mtu_of("pv0"), 5000);
	CU_ASSERT(holds(OURS, "MTUBytes=7000\n"));
	/* What waited is left with the file (never read); removing what persists takes both. */
	CU_ASSERT_EQUAL(access(WAITING, F_OK), 0);
	CU_ASSERT_EQUAL(cli("", "persist pv0 --remove", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(access(OURS, F_OK), -1);
	CU_ASSERT_EQUAL(access(WAITING, F_OK), -1);
	/* udev names the file gone until the next add. */
	CU_ASSERT_EQUAL(system("ip link set pv0 mtu 1500"), 0);
	sleep(4);
	CU_ASSERT_EQUAL(replug("pv0"), 0);
}

#define STANZA "/etc/network/interfaces.d/pv0"

/*
 * ifupdown as an engine after udev: a real ifup applies its stanza's mtu.
 * Shown beside udev's file, with its file; a --persist whose value it
 * would undo refused; a set without --persist told; a conflict with udev's
 * file found by the doctor.
 */
static void test_ifupdown(void)
{
	char out[8192];

	MG_TEST_SKIP_IF(access(UDEVD, X_OK) != 0, "no systemd-udevd on this machine");
	MG_TEST_SKIP_IF(access("/sbin/ifup", X_OK) != 0, "no ifupdown (ifup) on this machine");
	CU_ASSERT_EQUAL_FATAL(mg_test_system("mkdir -p /etc/network/interfaces.d"), 0);
	CU_ASSERT_EQUAL(mg_test_write_text("/etc/network/interfaces", "source /etc/network/interfaces.d/*\n"), 0);
	CU_ASSERT_EQUAL(mg_test_write_text(STANZA, "allow-hotplug pv0\niface pv0 inet manual\n    mtu 1400\n"), 0);
	CU_ASSERT_EQUAL(mg_test_system("ifup pv0 >/dev/null 2>&1"), 0);
	CU_ASSERT_EQUAL(mg_test_mtu_of("pv0"), 1400);
	CU_ASSERT_EQUAL(cli("", "persist pv0 --status", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "ifupdown applies " STANZA " at every ifup:\n  mtu            mtu=1400, "
					   "running 1400\n"));
	CU_ASSERT_EQUAL(cli("", "--json persist pv0 --status", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"engine\": \"ifupdown\",\n      \"source\": \"" STANZA "\",\n      "
					   "\"key\": \"mtu\",\n      \"persisted\": \"1400\""));

	/* A value ifup would undo is not written; its own is. */
	CU_ASSERT_EQUAL(cli("", "set pv0 mtu 9000 --persist", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "pv0: ifupdown's " STANZA " sets mtu 1400 for it and applies it at every "
					   "ifup, after udev, so a .link file's 9000 would not last"));
	CU_ASSERT_EQUAL(mg_test_mtu_of("pv0"), 1400);
	CU_ASSERT_EQUAL(access(OURS, F_OK), -1);
	CU_ASSERT_EQUAL(cli("", "set pv0 mtu 1400 --persist", out, sizeof(out)), 0);
	CU_ASSERT(holds(OURS, "MTUBytes=1400\n"));

	/* A change without --persist: told that the next ifup puts 1400 back, and it does. */
	CU_ASSERT_EQUAL(cli("", "set pv0 mtu 9000", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "pv0: note: ifupdown's " STANZA " sets mtu 1400 and puts it back at the "
					   "next ifup\n"));
	/* The doctor says the same, and that the fix is in ifupdown's file: persisting would be refused. */
	CU_ASSERT_EQUAL(cli("MG_TEST_DOCTOR_VIRTUAL=1", "doctor pv0", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "the next boot or re-plug sets mtu 1400: what runs now is not persisted"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "fix: change mtu 1400 in " STANZA " to 9000: ifupdown applies it after udev"));
	CU_ASSERT_PTR_NULL(strstr(out, "multigig persist pv0"));
	CU_ASSERT_EQUAL(mg_test_system("ifdown pv0 >/dev/null 2>&1 && ifup pv0 >/dev/null 2>&1"), 0);
	CU_ASSERT_EQUAL(mg_test_mtu_of("pv0"), 1400);

	/* udev's file and the stanza disagree: a conflict, ifupdown's value the one that lasts. */
	CU_ASSERT_EQUAL(mg_test_system("sed -i s/MTUBytes=1400/MTUBytes=9000/ " OURS), 0);
	CU_ASSERT_EQUAL(cli("", "persist pv0 --status", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "MTUBytes=9000, running 1400: the next add changes it (another engine "
					   "sets another value)\n"));
	CU_ASSERT_EQUAL(cli("MG_TEST_DOCTOR_VIRTUAL=1", "doctor pv0", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "[persist-conflict]"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "udev's file and ifupdown's " STANZA " set mtu differently (9000, 1400): "
					   "ifupdown's applies last"));

	/* The ethtool hook's offload-gro, applied by a real ifup: an rx-gro it would undo is not written. */
	CU_ASSERT_EQUAL(mg_test_write_text(STANZA, "allow-hotplug pv0\niface pv0 inet manual\n    mtu 1400\n"
						   "    offload-gro off\n"), 0);
	CU_ASSERT_EQUAL(mg_test_system("ifdown pv0 >/dev/null 2>&1; ifup pv0 >/dev/null 2>&1 && "
				       "ethtool -k pv0 | grep -q 'generic-receive-offload: off'"), 0);
	CU_ASSERT_EQUAL(cli("", "set pv0 rx-gro on --persist", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "pv0: ifupdown's " STANZA " sets offload-gro off for it and applies it at "
					   "every ifup, after udev, so a .link file's on would not last"));
	CU_ASSERT_EQUAL(system("ethtool -k pv0 | grep -q 'generic-receive-offload: off'"), 0);

	/* By hand only (no auto or allow-hotplug line): nothing of it lasts, and nothing is refused. */
	CU_ASSERT_EQUAL(mg_test_write_text(STANZA, "iface pv0 inet manual\n    mtu 1400\n"), 0);
	CU_ASSERT_EQUAL(cli("", "--json persist pv0 --status", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NULL(strstr(out, "\"engine\": \"ifupdown\""));
	CU_ASSERT_EQUAL(cli("", "set pv0 mtu 9000 --persist", out, sizeof(out)), 0);

	CU_ASSERT_EQUAL(mg_test_system("ifdown pv0 >/dev/null 2>&1; rm -r /etc/network/interfaces.d "
				       "/etc/network/interfaces"), 0);
	CU_ASSERT_EQUAL(cli("", "persist pv0 --remove", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(system("ip link set pv0 mtu 1500"), 0);
	sleep(4);
	CU_ASSERT_EQUAL(replug("pv0"), 0);
}

/* An offload persisted: GenericReceiveOffload= in ours, shown against what runs, and udev applies it at an add. */
static void test_persist_offload(void)
{
	char out[8192], *text;

	MG_TEST_SKIP_IF(access(UDEVD, X_OK) != 0, "no systemd-udevd on this machine");
	CU_ASSERT_EQUAL(system("ethtool -K pv0 gro off >/dev/null 2>&1"), 0);
	CU_ASSERT_EQUAL(cli("", "set pv0 rx-gro on --persist", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "with GenericReceiveOffload=yes"));
	text = file_text(OURS);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "GenericReceiveOffload=yes\n"));
	free(text);
	CU_ASSERT_EQUAL(cli("", "persist pv0 --status", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "  rx-gro         GenericReceiveOffload=yes, running yes\n"));
	/* Turned off behind the file: the status says the next add changes it, and the add does. */
	CU_ASSERT_EQUAL(system("ethtool -K pv0 gro off"), 0);
	CU_ASSERT_EQUAL(cli("", "persist pv0 --status", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "GenericReceiveOffload=yes, running no: the next add changes it\n"));
	sleep(4); /* udevd looks for changed files at most every 3 s */
	CU_ASSERT_EQUAL_FATAL(replug("pv0"), 0);
	CU_ASSERT_EQUAL(system("ethtool -k pv0 | grep -qx 'generic-receive-offload: on'"), 0);
	CU_ASSERT_EQUAL(cli("", "persist pv0 --remove", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(access(OURS, F_OK), -1);
	/* Added again without ours, so that udev names the file that applies now, as the tests after expect. */
	sleep(4);
	CU_ASSERT_EQUAL(replug("pv0"), 0);
}

/* A failure anywhere: written last, so a failed change writes nothing; a failed write undoes the change. */
static void test_persist_failures(void)
{
	char out[4096];

	MG_TEST_SKIP_IF(access(UDEVD, X_OK) != 0, "no systemd-udevd on this machine");
	CU_ASSERT_EQUAL(cli("MG_TEST_INJECT_GROUP=0", "set pv0 mtu 9000 --persist", out, sizeof(out)), 1);
	CU_ASSERT_EQUAL(access(OURS, F_OK), -1);
	CU_ASSERT_EQUAL(cli("MG_TEST_INJECT_GROUP=13", "set pv0 mtu 9000 --persist", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "cannot write " OURS));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "every change was rolled back"));
	CU_ASSERT_EQUAL(mg_test_mtu_of("pv0"), 1500);
	CU_ASSERT_EQUAL(access(OURS, F_OK), -1);
	/* A /etc that cannot be written: said, and the change undone. */
	CU_ASSERT_EQUAL(mount("none", "/etc/systemd/network", "none", MS_REMOUNT | MS_BIND | MS_RDONLY, NULL), 0);
	CU_ASSERT_EQUAL(cli("", "set pv0 mtu 9000 --persist", out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "Read-only file system"));
	CU_ASSERT_EQUAL(mg_test_mtu_of("pv0"), 1500);
	CU_ASSERT_EQUAL(mount("none", "/etc/systemd/network", "none", MS_REMOUNT | MS_BIND, NULL), 0);
}

/* Killed (-9) after the change and after the write: a rollback puts back the runtime value and the file. */
static void test_persist_killed(void)
{
	static const char *const steps[] = { "MG_TEST_PAUSE_AFTER_GROUP=0", "MG_TEST_PAUSE_AFTER_GROUP=13" };
	char out[4096], before[4096], env[128], *text;

	MG_TEST_SKIP_IF(access(UDEVD, X_OK) != 0, "no systemd-udevd on this machine");
	CU_ASSERT_EQUAL_FATAL(cli("", "set pv0 mtu 2000 --persist", out, sizeof(out)), 0);
	text = file_text(OURS);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	snprintf(before, sizeof(before), "%s", text);
	free(text);
	for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		snprintf(env, sizeof(env), "%s", steps[i]);
		/* In the background, killed where it waits: after the MTU, then after the file. */
		snprintf(out, sizeof(out), "%s '%s' set pv0 mtu 9000 --persist >/dev/null 2>&1 & echo $! > /run/pv.pid; "
			 "for i in $(seq 100); do [ \"$(cat /sys/class/net/pv0/mtu)\" = 9000 ] && %s && break; "
			 "sleep 0.1; done; kill -9 $(cat /run/pv.pid)", env, MULTIGIG_TEST_CLI,
			 i ? "grep -q MTUBytes=9000 " OURS : "true");
		CU_ASSERT_EQUAL(system(out), 0);
		usleep(300000);
		text = file_text(OURS);
		CU_ASSERT_PTR_NOT_NULL_FATAL(text);
		CU_ASSERT_PTR_NOT_NULL(strstr(text, i ? "MTUBytes=9000" : "MTUBytes=2000"));
		free(text);
		CU_ASSERT_EQUAL(cli("", "set pv0 mtu 3000", out, sizeof(out)), 1);
		CU_ASSERT_PTR_NOT_NULL(strstr(out, "interrupted"));
		CU_ASSERT_EQUAL(cli("", "rollback pv0", out, sizeof(out)), 0);
		CU_ASSERT_EQUAL(mg_test_mtu_of("pv0"), 2000);
		text = file_text(OURS);
		CU_ASSERT_PTR_NOT_NULL_FATAL(text);
		CU_ASSERT_STRING_EQUAL(text, before);
		free(text);
	}
	/* A file another writer changed since is theirs: the rollback leaves it. */
	CU_ASSERT_EQUAL(system("MG_TEST_PAUSE_AFTER_GROUP=13 '" MULTIGIG_TEST_CLI "' set pv0 mtu 9000 --persist "
			       ">/dev/null 2>&1 & echo $! > /run/pv.pid; for i in $(seq 100); do "
			       "grep -q MTUBytes=9000 " OURS " && break; sleep 0.1; done; kill -9 $(cat /run/pv.pid)"), 0);
	usleep(300000);
	CU_ASSERT_EQUAL(system("sed -i s/MTUBytes=9000/MTUBytes=7000/ " OURS), 0);
	CU_ASSERT_EQUAL(cli("", "rollback pv0", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "left persist at " OURS " (text "));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "changed since the interrupted apply"));
	CU_ASSERT_EQUAL(mg_test_mtu_of("pv0"), 2000);
	text = file_text(OURS);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "MTUBytes=7000"));
	free(text);
	/* One that is no longer ours (its mark gone) is never replaced or removed by a rollback. */
	CU_ASSERT_EQUAL(system("MG_TEST_PAUSE_AFTER_GROUP=13 '" MULTIGIG_TEST_CLI "' set pv0 mtu 9000 --persist "
			       ">/dev/null 2>&1 & echo $! > /run/pv.pid; for i in $(seq 100); do "
			       "grep -q MTUBytes=9000 " OURS " && break; sleep 0.1; done; kill -9 $(cat /run/pv.pid)"), 0);
	usleep(300000);
	CU_ASSERT_EQUAL(mg_test_write_text(OURS, "[Link]\nMTUBytes=9000\n"), 0);
	CU_ASSERT_EQUAL(cli("", "rollback pv0", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "left persist at " OURS " (text "));
	CU_ASSERT_EQUAL(mg_test_mtu_of("pv0"), 2000);
	text = file_text(OURS);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT_STRING_EQUAL(text, "[Link]\nMTUBytes=9000\n");
	free(text);
	CU_ASSERT_EQUAL(cli("", "persist pv0 --remove", out, sizeof(out)), 1);
	CU_ASSERT_EQUAL(access(OURS, F_OK), 0);
	unlink(OURS);
	CU_ASSERT_EQUAL(system("ip link set pv0 mtu 1500"), 0);
}

/* The journal's line: the text before in hexadecimal, read back only when its hash is the one recorded. */
static void test_journal_line(void)
{
	struct mg_journal j, back;
	struct mg_journal_part *p;
	struct mg_iface_id id = { .ifindex = 7, .name = "pv0", .kind = "veth" };
	char buf[8192];
	int len;

	mg_journal_init(&j);
	mg_strlcpy(j.ns.id, "c1", sizeof(j.ns.id));
	j.pid = 1;
	p = mg_journal_add_part(&j, &id);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	p->entries[0] = (struct mg_journal_entry){ .group = MG_GROUP_PERSIST, .path = strdup(OURS),
						   .text = strdup("# Written by libmultigig.\n[Link]\nMTUBytes=1\n"),
						   .new_value = 5, .new_known = true };
	p->entries[0].old_value = mg_persist_hash(p->entries[0].text);
	p->count = 1;
	len = mg_journal_format(&j, buf, sizeof(buf));
	CU_ASSERT_FATAL(len > 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\npersist-link " OURS " "));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, " 5 23205772"));
	CU_ASSERT_EQUAL_FATAL(mg_journal_parse(buf, (size_t)len, &back), 0);
	CU_ASSERT_EQUAL_FATAL(back.parts[0].count, 1);
	CU_ASSERT_STRING_EQUAL(back.parts[0].entries[0].path, OURS);
	CU_ASSERT_STRING_EQUAL(back.parts[0].entries[0].text, p->entries[0].text);
	CU_ASSERT_EQUAL(back.parts[0].entries[0].new_value, 5);
	mg_journal_clear(&back);
	/* Aimed elsewhere than a file of ours, or a text that is not what was hashed: refused. */
	free(p->entries[0].path);
	p->entries[0].path = strdup("/etc/passwd");
	len = mg_journal_format(&j, buf, sizeof(buf));
	CU_ASSERT_EQUAL(mg_journal_parse(buf, (size_t)len, &back), -EBADMSG);
	free(p->entries[0].path);
	p->entries[0].path = strdup("/etc/systemd/network/10-multigig-../../x.link");
	len = mg_journal_format(&j, buf, sizeof(buf));
	CU_ASSERT_EQUAL(mg_journal_parse(buf, (size_t)len, &back), -EBADMSG);
	free(p->entries[0].path);
	p->entries[0].path = strdup(OURS);
	p->entries[0].old_value++;
	len = mg_journal_format(&j, buf, sizeof(buf));
	CU_ASSERT_EQUAL(mg_journal_parse(buf, (size_t)len, &back), -EBADMSG);
	/* No file before: "-", and the restore removes it. */
	free(p->entries[0].text);
	p->entries[0].text = NULL;
	p->entries[0].old_value = 0;
	len = mg_journal_format(&j, buf, sizeof(buf));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, " 0 5 -\n"));
	CU_ASSERT_EQUAL_FATAL(mg_journal_parse(buf, (size_t)len, &back), 0);
	CU_ASSERT_PTR_NULL(back.parts[0].entries[0].text);
	CU_ASSERT_FALSE(back.parts[0].entries[0].unconfirmed);
	mg_journal_clear(&back);
	/* Made with a confirmation window: said by a last word, and read back. */
	p->entries[0].unconfirmed = true;
	len = mg_journal_format(&j, buf, sizeof(buf));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, " 0 5 - unconfirmed\n"));
	CU_ASSERT_EQUAL_FATAL(mg_journal_parse(buf, (size_t)len, &back), 0);
	CU_ASSERT_TRUE(back.parts[0].entries[0].unconfirmed);
	mg_journal_clear(&back);
	mg_strlcpy(strstr(buf, " unconfirmed") + 1, "unconfirme\n", 12);
	CU_ASSERT_EQUAL(mg_journal_parse(buf, strlen(buf), &back), -EBADMSG);
	mg_journal_clear(&j);
}

int main(void)
{
	bool root = geteuid() == 0;

	/* The QEMU guests run the suites in a chroot, where udevd and udevadm would otherwise do nothing. */
	setenv("SYSTEMD_IGNORE_CHROOT", "1", 1);
	if (root && mg_test_private_udev() < 0) {
		perror("a private network namespace, /sys, /run and /etc/systemd/network");
		return EXIT_FAILURE;
	}
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE(".link text", NULL, NULL, MG_TEST(test_parse_and_get), MG_TEST(test_bad_lines),
		     MG_TEST(test_set_and_format), MG_TEST(test_offline_has_no_udev), MG_TEST(test_target_of),
		     MG_TEST(test_compose), MG_TEST(test_param_keys), MG_TEST(test_keys_known_to_udev),
		     MG_TEST(test_journal_line));
	if (root)
		MG_ADD_SUITE("systemd-udevd", NULL, NULL, MG_TEST(test_dropins), MG_TEST(test_udevd_applies_ours));
	if (root)
		MG_ADD_SUITE("persisting", persist_suite_init, persist_suite_clean, MG_TEST(test_set_persist),
			     MG_TEST(test_persist_refused), MG_TEST(test_persist_offload), MG_TEST(test_persist_confirm),
			     MG_TEST(test_ifupdown),			     MG_TEST(test_persist_failures),
			     MG_TEST(test_persist_killed));
	else
		printf("systemd-udevd suite: needs root for a private namespace; not run\n");
	return mg_test_run();
}
