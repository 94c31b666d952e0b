/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "library": PCIe decoding and paths.
 * - every device of the real lspci dumps decoded and compared with what
 *   `lspci -F FILE -vv` reports for the same file;
 * - fixture trees (Pi 5 + RTL8126, CM4 + RTL8125, Pi 5 + AQC107, Gen 5 x16),
 *   each also with config space cut to 64 bytes, as an unprivileged reader
 *   sees it;
 * - link health: ASPM, L1 PM substates, AER counters, the ASPM policy and
 *   link training, from registers, sysfs and dumps;
 * - malformed config spaces give an error, never a crash.
 * (tests/pcie-lspci.py compares every real dump with lspci, field by field.)
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <regex.h>
#include <string.h>
#include <sys/wait.h>
#include <syslog.h>

#include "mg-test.h"
#include "test-util.h"

#define DUMPS FIXTURE_DIR "/pci"

/* ---- against lspci ---- */

struct lspci_dev {
	char address[32];
	double cap_speed, speed;
	int cap_width, width, devcap_mps, mps, mrrs;
};

static int match_int(const char *line, const char *pattern, int group, double *out)
{
	regex_t re;
	regmatch_t m[4];
	int found = 0;

	if (regcomp(&re, pattern, REG_EXTENDED) != 0)
		return 0;
	if (regexec(&re, line, 4, m, 0) == 0 && m[group].rm_so >= 0) {
		*out = atof(line + m[group].rm_so);
		found = 1;
	}
	regfree(&re);
	return found;
}

/* Parse `lspci -D -vv` text into devices; returns how many. */
static size_t parse_lspci(FILE *f, struct lspci_dev *devs, size_t max)
{
	char line[1024];
	size_t n = 0;
	struct lspci_dev *d = NULL;
	double v, w;

	while (fgets(line, sizeof(line), f)) {
		if (line[0] != '\t' && line[0] != ' ' && line[0] != '\n' && n < max) {
			d = &devs[n++];
			memset(d, 0, sizeof(*d));
			d->cap_speed = d->speed = -1;
			d->cap_width = d->width = d->devcap_mps = d->mps = d->mrrs = -1;
			sscanf(line, "%31s", d->address);
			continue;
		}
		if (!d)
			continue;
		if (strstr(line, "DevCap:") && match_int(line, "MaxPayload ([0-9]+) bytes", 1, &v))
			d->devcap_mps = (int)v;
		else if (match_int(line, "^[ \t]+MaxPayload ([0-9]+) bytes, MaxReadReq", 1, &v) &&
			 match_int(line, "MaxReadReq ([0-9]+) bytes", 1, &w)) {
			d->mps = (int)v;
			d->mrrs = (int)w;
		} else if (strstr(line, "LnkCap:") && match_int(line, "Speed ([0-9.]+)GT/s", 1, &v) &&
			   match_int(line, "Width x([0-9]+)", 1, &w)) {
			d->cap_speed = v;
			d->cap_width = (int)w;
		} else if (strstr(line, "LnkSta:") && match_int(line, "Speed ([0-9.]+)GT/s", 1, &v) &&
			   match_int(line, "Width x([0-9]+)", 1, &w)) {
			d->speed = v;
			d->width = (int)w;
		}
	}
	return n;
}

static void compare_dump(const char *file)
{
	char cmd[4096], path[4096];
	struct lspci_dev devs[64];
	struct mg_ctx *ctx;
	size_t n, checked = 0;
	FILE *p;

	snprintf(path, sizeof(path), "%s/%s", DUMPS, file);
	snprintf(cmd, sizeof(cmd), "lspci -D -F '%s' -vv 2>/dev/null", path);
	p = popen(cmd, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	n = parse_lspci(p, devs, 64);
	CU_ASSERT_EQUAL(pclose(p), 0);
	CU_ASSERT_FATAL(n > 0);

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/desktop", &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_set_pci_dump(ctx, path), 0);
	for (size_t i = 0; i < n; i++) {
		struct mg_pcie_path *pp;
		const struct mg_pcie_node *node;

		if (devs[i].cap_width < 0)
			continue; /* no Express capability */
		CU_ASSERT_EQUAL_FATAL(mg_pcie_path_new(ctx, devs[i].address, &pp), 0);
		node = mg_pcie_path_get(pp, 0);
		CU_ASSERT_STRING_EQUAL(mg_pcie_node_get_address(node), devs[i].address);
		/* lspci shows LnkCap's speed, not LnkCap2's vector. */
		CU_ASSERT_DOUBLE_EQUAL(mg_pcie_node_get_lnkcap_speed_gts(node), devs[i].cap_speed, 1e-9);
		CU_ASSERT_EQUAL(mg_pcie_node_get_cap_width(node), devs[i].cap_width);
		CU_ASSERT_DOUBLE_EQUAL(mg_pcie_node_get_speed_gts(node), devs[i].speed, 1e-9);
		CU_ASSERT_EQUAL(mg_pcie_node_get_width(node), devs[i].width);
		CU_ASSERT_EQUAL(mg_pcie_node_get_devcap_mps(node), devs[i].devcap_mps);
		CU_ASSERT_EQUAL(mg_pcie_node_get_mps(node), devs[i].mps);
		CU_ASSERT_EQUAL(mg_pcie_node_get_mrrs(node), devs[i].mrrs);
		mg_pcie_path_free(pp);
		checked++;
	}
	CU_ASSERT(checked > 0);
	mg_ctx_unref(ctx);
}

static void test_dump_connectx3(void)
{
	compare_dump("connectx3pro-haswell-rootport.lspci");
}

static void test_dump_fsl_p2020(void)
{
	compare_dump("fsl-p2020-x4-ports-x1-links.lspci");
}

static void test_dump_82576(void)
{
	compare_dump("intel-82576-gen1-x4.lspci");
}

/* The dump's tree rebuilt from bridge bus numbers: endpoint, then its root port. */
static void test_dump_path(void)
{
	struct mg_ctx *ctx;
	struct mg_pcie_path *p;
	const struct mg_pcie_node *lim;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/desktop", &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_set_pci_dump(ctx, DUMPS "/fsl-p2020-x4-ports-x1-links.lspci"), 0);
	CU_ASSERT_EQUAL_FATAL(mg_pcie_path_new(ctx, "0002:01:00.0", &p), 0);
	CU_ASSERT_EQUAL_FATAL(mg_pcie_path_count(p), 2);
	CU_ASSERT_STRING_EQUAL(mg_pcie_node_get_address(mg_pcie_path_get(p, 1)), "0002:00:00.0");
	CU_ASSERT_EQUAL(mg_pcie_node_get_role(mg_pcie_path_get(p, 1)), MG_PCIE_ROLE_ROOT_PORT);
	/* TI xHCI: 5 GT/s capable, the port only 2.5 GT/s but x4; the device x1. */
	CU_ASSERT_EQUAL(mg_pcie_node_get_link_capped_by(mg_pcie_path_get(p, 0)), MG_PCIE_CAP_BY_BOTH);
	CU_ASSERT_EQUAL(mg_pcie_node_link_is_degraded(mg_pcie_path_get(p, 0)), 0);
	/* Both ends run 2.5 GT/s x1: the tie goes to the upper one. */
	lim = mg_pcie_path_get_limit(p);
	CU_ASSERT_STRING_EQUAL(mg_pcie_node_get_address(lim), "0002:00:00.0");
	CU_ASSERT_EQUAL(mg_pcie_path_get_available_mbps(p), 2000);
	mg_pcie_path_free(p);
	CU_ASSERT_EQUAL(mg_pcie_path_new(ctx, "0003:00:00.0", &p), -ENODEV);
	mg_ctx_unref(ctx);
}

static struct mg_pcie_path *dump_path(const char *dump, const char *target, struct mg_ctx **ctx)
{
	char path[4096];
	struct mg_pcie_path *p = NULL;

	snprintf(path, sizeof(path), "%s/%s", DUMPS, dump);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/phys", ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_set_pci_dump(*ctx, path), 0);
	CU_ASSERT_EQUAL_FATAL(mg_pcie_path_new(*ctx, target, &p), 0);
	return p;
}

/* A laptop's card behind a CardBus bridge: the walk goes through it, up to the PCI bridge. */
static void test_dump_cardbus(void)
{
	struct mg_ctx *ctx;
	struct mg_pcie_path *p = dump_path("fujitsu-p8010-ich8m-cardbus.lspci", "1d:00.0", &ctx);

	CU_ASSERT_EQUAL_FATAL(mg_pcie_path_count(p), 3);
	CU_ASSERT_STRING_EQUAL(mg_pcie_node_get_address(mg_pcie_path_get(p, 1)), "0000:1c:03.0");
	CU_ASSERT_STRING_EQUAL(mg_pcie_node_get_address(mg_pcie_path_get(p, 2)), "0000:00:1e.0");
	/* Conventional PCI all the way: nothing limits it that PCIe would. */
	CU_ASSERT_PTR_NULL(mg_pcie_path_get_limit(p));
	CU_ASSERT_PTR_NULL(mg_pcie_path_get_aspm_policy(p));
	mg_pcie_path_free(p);
	mg_ctx_unref(ctx);
}

/* An Express capability at 0xe0: its link registers end at 0xf3, inside the 256 bytes. */
static void test_dump_express_at_e0(void)
{
	struct mg_ctx *ctx;
	struct mg_pcie_path *p = dump_path("fujitsu-p8010-ich8m-cardbus.lspci", "04:00.0", &ctx);
	const struct mg_pcie_node *dev = mg_pcie_path_get(p, 0);

	CU_ASSERT_EQUAL_FATAL(mg_pcie_path_count(p), 2);
	CU_ASSERT_EQUAL(mg_pcie_node_get_role(dev), MG_PCIE_ROLE_LEGACY_ENDPOINT);
	CU_ASSERT_DOUBLE_EQUAL(mg_pcie_node_get_speed_gts(dev), 2.5, 1e-9);
	CU_ASSERT_EQUAL(mg_pcie_node_get_width(dev), 1);
	CU_ASSERT_PTR_NULL(mg_pcie_node_get_unknown_reason(dev));
	/* Express v1: no Target Link Speed, so no training verdict. */
	CU_ASSERT_EQUAL(mg_pcie_node_link_is_below_target(dev), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aspm_supported(dev), MG_PCIE_ASPM_L0S | MG_PCIE_ASPM_L1);
	mg_pcie_path_free(p);
	mg_ctx_unref(ctx);
}

/* Integrated in the root complex: no link, and the path says so. */
static void test_dump_rciep(void)
{
	struct mg_ctx *ctx;
	struct mg_pcie_path *p = dump_path("fujitsu-p8010-ich8m-cardbus.lspci", "00:1b.0", &ctx);
	const struct mg_pcie_node *dev = mg_pcie_path_get(p, 0);

	CU_ASSERT_EQUAL_FATAL(mg_pcie_path_count(p), 1);
	CU_ASSERT_EQUAL(mg_pcie_node_get_role(dev), MG_PCIE_ROLE_RC_ENDPOINT);
	CU_ASSERT_EQUAL(mg_pcie_node_has_link(dev), 0);
	CU_ASSERT(mg_pcie_node_get_speed_gts(dev) < 0);
	CU_ASSERT_EQUAL(mg_pcie_node_get_width(dev), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aspm_supported(dev), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_pcie_node_get_link_events(dev), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_pcie_node_get_mps(dev), 128);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_pcie_node_get_unknown_reason(dev), "no PCIe link"));
	CU_ASSERT_PTR_NULL(mg_pcie_path_get_limit(p));
	mg_pcie_path_free(p);
	mg_ctx_unref(ctx);
}

/* The RTL810xE leaves Target Link Speed 0: lspci reads it as 2.5 GT/s, and so do we. */
static void test_dump_target_speed_zero(void)
{
	struct mg_ctx *ctx;
	struct mg_pcie_path *p = dump_path("ich7m-laptop-rtl810xe.lspci", "01:00.0", &ctx);
	const struct mg_pcie_node *dev = mg_pcie_path_get(p, 0);

	CU_ASSERT_EQUAL(mg_pcie_node_get_vendor_id(dev), 0x10ec);
	CU_ASSERT_DOUBLE_EQUAL(mg_pcie_node_get_target_speed_gts(dev), 2.5, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(mg_pcie_node_get_speed_gts(dev), 2.5, 1e-9);
	/* The port above is Express v1: it has no target, so training is not judged. */
	CU_ASSERT_EQUAL(mg_pcie_node_link_is_below_target(dev), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_pcie_node_link_is_below_target(mg_pcie_path_get(p, 1)), MG_UNKNOWN);
	mg_pcie_path_free(p);
	mg_ctx_unref(ctx);
}

/*
 * L1 PM Substates: all enabled on a Wi-Fi card; none in a 4096-byte space
 * without the capability; unknown in 256 bytes.
 */
static void test_dump_l1ss(void)
{
	const int all = MG_PCIE_ASPM_L1_1 | MG_PCIE_ASPM_L1_2 | MG_PCIE_PCIPM_L1_1 | MG_PCIE_PCIPM_L1_2;
	struct mg_ctx *ctx;
	struct mg_pcie_path *p = dump_path("intel-7265-wifi-l1ss.lspci", "01:00.0", &ctx);
	const struct mg_pcie_node *n = mg_pcie_path_get(p, 0);

	CU_ASSERT_EQUAL(mg_pcie_node_get_l1ss_supported(n), all);
	CU_ASSERT_EQUAL(mg_pcie_node_get_l1ss_enabled(n), all);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aspm_supported(n), MG_PCIE_ASPM_L1);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aspm_enabled(n), MG_PCIE_ASPM_L1);
	/* A dump carries no sysfs: no kernel controls, no AER counters. */
	CU_ASSERT_EQUAL(mg_pcie_node_get_aspm_control(n), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aspm_control_present(n), 0);
	CU_ASSERT_EQUAL(mg_pcie_node_has_aer(n), 0);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aer_total(n, MG_AER_CORRECTABLE), MG_UNKNOWN);
	mg_pcie_path_free(p);
	mg_ctx_unref(ctx);

	p = dump_path("connectx3pro-haswell-rootport.lspci", "03:00.0", &ctx);
	CU_ASSERT_EQUAL(mg_pcie_node_get_l1ss_supported(mg_pcie_path_get(p, 0)), 0);
	CU_ASSERT_EQUAL(mg_pcie_node_get_l1ss_enabled(mg_pcie_path_get(p, 0)), 0);
	mg_pcie_path_free(p);
	mg_ctx_unref(ctx);

	p = dump_path("intel-sunrisepoint-rootports-256b.lspci", "00:1c.0", &ctx);
	n = mg_pcie_path_get(p, 0);
	CU_ASSERT_EQUAL(mg_pcie_node_get_l1ss_supported(n), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aspm_enabled(n), MG_PCIE_ASPM_L1);
	/* This root port's link was retrained (LnkSta BWMgmt+). */
	CU_ASSERT_EQUAL(mg_pcie_node_get_link_events(n), MG_PCIE_LINK_BW_MANAGED);
	mg_pcie_path_free(p);
	mg_ctx_unref(ctx);
}

static void test_pm_state_names(void)
{
	CU_ASSERT_STRING_EQUAL(mg_pcie_pm_state_name(MG_PCIE_ASPM_L0S), "L0s");
	CU_ASSERT_STRING_EQUAL(mg_pcie_pm_state_name(MG_PCIE_ASPM_L1_2), "ASPM_L1.2");
	CU_ASSERT_STRING_EQUAL(mg_pcie_pm_state_name(MG_PCIE_PCIPM_L1_1), "PCI-PM_L1.1");
	CU_ASSERT_STRING_EQUAL(mg_pcie_pm_state_name(MG_PCIE_CLKPM), "ClockPM");
	CU_ASSERT_PTR_NULL(mg_pcie_pm_state_name(MG_PCIE_ASPM_L0S | MG_PCIE_ASPM_L1));
	CU_ASSERT_PTR_NULL(mg_pcie_pm_state_name(0));
	CU_ASSERT_STRING_EQUAL(mg_aer_severity_name(MG_AER_NONFATAL), "nonfatal");
	CU_ASSERT_STRING_EQUAL(mg_aer_severity_name((enum mg_aer_severity)7), "unknown");
	/* NULL nodes answer unknown, never crash. */
	CU_ASSERT_EQUAL(mg_pcie_node_get_aspm_supported(NULL), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aer_count(NULL, MG_AER_FATAL), 0);
	CU_ASSERT_PTR_NULL(mg_pcie_node_get_aer_name(NULL, MG_AER_FATAL, 0));
	CU_ASSERT_EQUAL(mg_pcie_node_get_aer_rootport_total(NULL, MG_AER_FATAL), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_pcie_node_link_is_below_target(NULL), MG_UNKNOWN);
	CU_ASSERT_PTR_NULL(mg_pcie_path_get_aspm_policy(NULL));
}

/* A directory, a FIFO or a device is refused at once, without reading it. */
static void test_dump_not_a_file(void)
{
	char tmp[4096], fifo[4200];
	struct mg_ctx *ctx;

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, sizeof(tmp)));
	snprintf(fifo, sizeof(fifo), "%s/fifo", tmp);
	CU_ASSERT_EQUAL_FATAL(mkfifo(fifo, 0600), 0);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/desktop", &ctx), 0);
	CU_ASSERT_EQUAL(mg_ctx_set_pci_dump(ctx, tmp), -EISDIR);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "is a directory"));
	/* No writer: a blocking open would never return. */
	CU_ASSERT_EQUAL(mg_ctx_set_pci_dump(ctx, fifo), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "not a regular file"));
	CU_ASSERT_EQUAL(mg_ctx_set_pci_dump(ctx, "/dev/null"), -EINVAL);
	mg_ctx_unref(ctx);
	rm_tree(tmp);
}

struct dump_log {
	int duplicates;
	char last[256];
};

static void on_dump_log(void *data, int priority, const char *file, int line, const char *fn,
			const char *format, va_list args)
{
	struct dump_log *log = data;

	(void)priority, (void)file, (void)line, (void)fn;
	vsnprintf(log->last, sizeof(log->last), format, args);
	log->duplicates += strstr(log->last, "more than once") != NULL;
}

/* The 82576 twice, the second time with its first 64 bytes only: the last one is used, and said so. */
static void test_dump_duplicate_address(void)
{
	char tmp[4096], dump[4200], cmd[8192];
	struct dump_log log = { 0 };
	struct mg_pcie_path *p;
	struct mg_ctx *ctx;

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, sizeof(tmp)));
	snprintf(dump, sizeof(dump), "%s/twice.lspci", tmp);
	snprintf(cmd, sizeof(cmd),
		 "{ cat '%s'; echo; echo '01:00.0 Ethernet controller: again'; grep '^[0-3]0: ' '%s'; } > '%s'",
		 DUMPS "/intel-82576-gen1-x4.lspci", DUMPS "/intel-82576-gen1-x4.lspci", dump);
	CU_ASSERT_EQUAL_FATAL(system(cmd), 0);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/desktop", &ctx), 0);
	mg_ctx_set_log_fn(ctx, on_dump_log, &log);
	mg_ctx_set_log_priority(ctx, LOG_INFO);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_set_pci_dump(ctx, dump), 0);
	CU_ASSERT_EQUAL_FATAL(mg_pcie_path_new(ctx, "0000:01:00.0", &p), 0);
	CU_ASSERT_EQUAL(log.duplicates, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(log.last, "0000:01:00.0"));
	CU_ASSERT_EQUAL(mg_pcie_node_get_mps(mg_pcie_path_get(p, 0)), MG_UNKNOWN);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_pcie_node_get_unknown_reason(mg_pcie_path_get(p, 0)), "64 bytes"));
	mg_pcie_path_free(p);
	/* Said once per dump, not once per question. */
	CU_ASSERT_EQUAL_FATAL(mg_pcie_path_new(ctx, "0000:01:00.0", &p), 0);
	CU_ASSERT_EQUAL(log.duplicates, 1);
	mg_pcie_path_free(p);
	mg_ctx_unref(ctx);
	rm_tree(tmp);
}

/* ---- fixture trees ---- */

static struct mg_pcie_path *tree_path(const char *root, const char *target, struct mg_ctx **ctx)
{
	struct mg_pcie_path *p = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(root, ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_pcie_path_new(*ctx, target, &p), 0);
	return p;
}

/* A copy of a tree whose config files hold only their first 64 bytes. */
static void make_unprivileged(const char *tree, char *out, size_t size)
{
	char cmd[8192];

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(out, size));
	snprintf(cmd, sizeof(cmd),
		 "cp -a '%s/%s/.' '%s/' && find '%s' -name config -type f -exec truncate -s 64 {} +",
		 FIXTURE_TREES, tree, out, out);
	CU_ASSERT_EQUAL_FATAL(system(cmd), 0);
}

#define PI5_ADVICE "advice: the Raspberry Pi 5 runs its external PCIe port at 5 GT/s by default; add " \
		   "'dtparam=pciex1_gen=3' to /boot/firmware/config.txt and reboot to run it at 8 GT/s " \
		   "(Gen 3 is not certified on this port: check stability)\n"

/*
 * pcie's lines for the Pi 5's path: each hop with its link above, health
 * and reason; with config space, MPS and ASPM from the registers, without
 * it ASPM from sysfs and the ceilings a lower bound. show's line says the
 * same limit.
 */
static void check_pi5_text(const struct mg_pcie_path *p, const struct mg_throughput *t, int privileged)
{
	char *text = NULL;

	if (privileged)
		mg_check_text(mg_pcie_path_to_text(p, t, &text), &text,
			   "board: Raspberry Pi 5 Model B Rev 1.0\n"
			   "path from the device up to the root port:\n"
			   "  0001:01:00.0  endpoint         capable 8 GT/s x1      running 5 GT/s x1      "
			   "MPS 512 MRRS 2048\n"
			   "                link above is capped by the port above\n"
			   "                ASPM L1 (supports L0s L1), L1 substates ASPM_L1.1 ASPM_L1.2; "
			   "AER 49 correctable (BadTLP 37, BadDLLP 12)\n"
			   "  0001:00:00.0  root_port        capable 5 GT/s x1      running 5 GT/s x1      "
			   "MPS 512 MRRS 512  <- limit\n"
			   "                ASPM L1 (supports L0s L1), L1 substates ASPM_L1.1 ASPM_L1.2; "
			   "AER 49 correctable from below\n"
			   "limit: 0001:00:00.0 at 5 GT/s x1: 4.000 Gb/s available\n"
			   "ASPM policy: default\n"
			   "ceiling (TCP goodput): receive 3.451 Gbit/s, transmit 3.434 Gbit/s\n"
			   "ethernet ceiling: 4.707 Gbit/s; expected: receive 3.451 (pcie), transmit 3.434 (pcie)\n"
			   PI5_ADVICE);
	else
		mg_check_text(mg_pcie_path_to_text(p, t, &text), &text,
			   "board: Raspberry Pi 5 Model B Rev 1.0\n"
			   "path from the device up to the root port:\n"
			   "  0001:01:00.0  endpoint         capable 8 GT/s x1      running 5 GT/s x1     \n"
			   "                link above is capped by the port above\n"
			   "                ASPM L1 (sysfs); AER 49 correctable (BadTLP 37, BadDLLP 12)\n"
			   "                (only 64 bytes of config space are readable without CAP_SYS_ADMIN)\n"
			   "  0001:00:00.0  root_port        capable 5 GT/s x1      running 5 GT/s x1       <- limit\n"
			   "                AER 49 correctable from below\n"
			   "                (only 64 bytes of config space are readable without CAP_SYS_ADMIN)\n"
			   "limit: 0001:00:00.0 at 5 GT/s x1: 4.000 Gb/s available\n"
			   "ASPM policy: default\n"
			   "ceiling (TCP goodput): receive 2.955 Gbit/s, transmit 3.001 Gbit/s "
			   "(lower bound: MPS unknown, 128 assumed)\n"
			   "ethernet ceiling: 4.707 Gbit/s; expected: receive 2.955 (pcie), transmit 3.001 (pcie)\n"
			   PI5_ADVICE);
	mg_check_text(mg_pcie_path_summary_to_text(p, &text), &text,
		   "pcie:              5 GT/s x1 (device capable of 8 GT/s x1), limited at 0001:00:00.0: "
		   "4.000 Gb/s, ASPM L1 (see multigig pcie)\n");
	/* The verdict's own line, and its note when the PCIe figure is a lower bound. */
	mg_check_text(mg_throughput_to_text(t, &text), &text, privileged ?
		   "expected:          receive 3.451 Gbit/s (pcie), transmit 3.434 Gbit/s (pcie) of TCP at MTU 1500\n" :
		   "expected:          receive 2.955 Gbit/s (pcie), transmit 3.001 Gbit/s (pcie) of TCP at MTU 1500 "
		   "(PCIe figure a lower bound: MPS unknown)\n");
	CU_ASSERT_EQUAL(mg_pcie_path_to_text(NULL, t, &text), -EINVAL);
	CU_ASSERT_EQUAL(mg_pcie_path_to_text(p, NULL, &text), -EINVAL);
	CU_ASSERT_EQUAL(mg_pcie_path_to_text(p, t, NULL), -EINVAL);
	CU_ASSERT_EQUAL(mg_pcie_path_summary_to_text(NULL, &text), -EINVAL);
	CU_ASSERT_EQUAL(mg_pcie_path_summary_to_text(p, NULL), -EINVAL);
}

static void check_pi5_rtl8126(const char *root, int privileged)
{
	struct mg_ctx *ctx;
	struct mg_pcie_path *p = tree_path(root, "eth1", &ctx);
	const struct mg_pcie_node *dev = mg_pcie_path_get(p, 0), *port = mg_pcie_path_get(p, 1);
	struct mg_estimate *e;
	int lower = -1;

	CU_ASSERT_EQUAL_FATAL(mg_pcie_path_count(p), 2);
	CU_ASSERT_STRING_EQUAL(mg_pcie_node_get_address(dev), "0001:01:00.0");
	CU_ASSERT_EQUAL(mg_pcie_node_get_role(dev), MG_PCIE_ROLE_ENDPOINT);
	CU_ASSERT_EQUAL(mg_pcie_node_get_role(port), MG_PCIE_ROLE_ROOT_PORT);
	CU_ASSERT_DOUBLE_EQUAL(mg_pcie_node_get_cap_speed_gts(dev), 8.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(mg_pcie_node_get_speed_gts(dev), 5.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(mg_pcie_node_get_cap_speed_gts(port), 5.0, 1e-9);
	CU_ASSERT_EQUAL(mg_pcie_node_get_width(dev), 1);
	CU_ASSERT_EQUAL(mg_pcie_node_get_link_capped_by(dev), MG_PCIE_CAP_BY_PORT);
	CU_ASSERT_EQUAL(mg_pcie_node_link_is_degraded(dev), 0);
	CU_ASSERT_PTR_EQUAL(mg_pcie_path_get_limit(p), port);
	CU_ASSERT_EQUAL(mg_pcie_path_get_available_mbps(p), 4000);
	CU_ASSERT_STRING_EQUAL(mg_pcie_path_get_board(p), "Raspberry Pi 5 Model B Rev 1.0");
	CU_ASSERT_PTR_NOT_NULL_FATAL(mg_pcie_path_get_advice(p));
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_pcie_path_get_advice(p), "dtparam=pciex1_gen=3"));
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_pcie_path_get_advice(p), "not certified"));
	if (privileged) {
		CU_ASSERT_EQUAL(mg_pcie_node_get_mps(dev), 512);
		CU_ASSERT_EQUAL(mg_pcie_node_get_mrrs(dev), 2048);
		CU_ASSERT_PTR_NULL(mg_pcie_node_get_unknown_reason(dev));
	} else {
		CU_ASSERT_EQUAL(mg_pcie_node_get_mps(dev), MG_UNKNOWN);
		CU_ASSERT_EQUAL(mg_pcie_node_get_mrrs(dev), MG_UNKNOWN);
		CU_ASSERT_PTR_NOT_NULL(strstr(mg_pcie_node_get_unknown_reason(dev), "CAP_SYS_ADMIN"));
	}
	/*
	 * About 3.4 Gbit/s receive at 5 GT/s x1 with MPS 512; without config
	 * space MPS 128 is assumed and the figure is a lower bound.
	 */
	CU_ASSERT_EQUAL_FATAL(mg_pcie_path_estimate(p, 1500, 5000, &e, &lower), 0);
	CU_ASSERT_EQUAL(lower, !privileged);
	CU_ASSERT(mg_estimate_get_rx_ceiling_gbps(e) > (privileged ? 3.4 : 2.9));
	CU_ASSERT(mg_estimate_get_rx_ceiling_gbps(e) < (privileged ? 3.5 : 3.0));
	CU_ASSERT_EQUAL(mg_estimate_get_limited_by(e, MG_DIRECTION_RX), MG_LIMIT_PCIE);
	mg_estimate_free(e);

	/* The verdict says the same, with the NIC's own MTU and speed. */
	{
		struct mg_throughput *t;
		struct mg_nic *nic;

		CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, "eth1", &nic), 0);
		CU_ASSERT_EQUAL_FATAL(mg_throughput_new(nic, p, &t), 0);
		CU_ASSERT_EQUAL(mg_throughput_is_lower_bound(t), !privileged);
		CU_ASSERT_EQUAL(mg_throughput_get_limited_by(t, MG_DIRECTION_RX), MG_LIMIT_PCIE);
		CU_ASSERT(mg_throughput_get_expected_gbps(t, MG_DIRECTION_RX) < (privileged ? 3.5 : 3.0));
		check_pi5_text(p, t, privileged);
		mg_throughput_free(t);
		mg_nic_unref(nic);
	}
	mg_pcie_path_free(p);
	mg_ctx_unref(ctx);
}

static void test_pi5_rtl8126(void)
{
	check_pi5_rtl8126(FIXTURE_TREES "/pi5-rtl8126", 1);
}

static void test_pi5_rtl8126_unprivileged(void)
{
	char tmp[4096];

	make_unprivileged("pi5-rtl8126", tmp, sizeof(tmp));
	check_pi5_rtl8126(tmp, 0);
	rm_tree(tmp);
}

/* ASPM L1 with substates on both ends, AER counts, the policy: registers as root, sysfs always. */
static void check_pi5_health(const char *root, int privileged)
{
	const int l1ss = MG_PCIE_ASPM_L1_1 | MG_PCIE_ASPM_L1_2;
	struct mg_ctx *ctx;
	struct mg_pcie_path *p = tree_path(root, "eth1", &ctx);
	const struct mg_pcie_node *dev = mg_pcie_path_get(p, 0), *port = mg_pcie_path_get(p, 1);
	int present = MG_PCIE_ASPM_L0S | MG_PCIE_ASPM_L1 | l1ss | MG_PCIE_PCIPM_L1_1 | MG_PCIE_PCIPM_L1_2 |
		      MG_PCIE_CLKPM;

	CU_ASSERT_EQUAL(mg_pcie_node_get_aspm_supported(dev), privileged ? MG_PCIE_ASPM_L0S | MG_PCIE_ASPM_L1
									: MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aspm_enabled(port), privileged ? MG_PCIE_ASPM_L1 : MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_pcie_node_get_l1ss_supported(dev), privileged ? l1ss | MG_PCIE_PCIPM_L1_1 |
									   MG_PCIE_PCIPM_L1_2 : MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_pcie_node_get_l1ss_enabled(port), privileged ? l1ss : MG_UNKNOWN);
	/* The kernel's controls sit below the link only, and need no privilege. */
	CU_ASSERT_EQUAL(mg_pcie_node_get_aspm_control(dev), MG_PCIE_ASPM_L1 | l1ss);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aspm_control_present(dev), present);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aspm_control(port), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aspm_control_present(port), 0);
	CU_ASSERT_STRING_EQUAL(mg_pcie_path_get_aspm_policy(p), "default");
	/* AER: every counter by name, and the totals. */
	CU_ASSERT_EQUAL(mg_pcie_node_has_aer(dev), 1);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aer_total(dev, MG_AER_CORRECTABLE), 49);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aer_total(dev, MG_AER_FATAL), 0);
	CU_ASSERT_EQUAL_FATAL(mg_pcie_node_get_aer_count(dev, MG_AER_CORRECTABLE), 8);
	CU_ASSERT_STRING_EQUAL(mg_pcie_node_get_aer_name(dev, MG_AER_CORRECTABLE, 1), "BadTLP");
	CU_ASSERT_EQUAL(mg_pcie_node_get_aer_value(dev, MG_AER_CORRECTABLE, 1), 37);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aer_value(dev, MG_AER_CORRECTABLE, 8), MG_UNKNOWN);
	CU_ASSERT_PTR_NULL(mg_pcie_node_get_aer_name(dev, MG_AER_CORRECTABLE, 8));
	CU_ASSERT_EQUAL(mg_pcie_node_get_aer_count(dev, MG_AER_NONFATAL), 18);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aer_rootport_total(dev, MG_AER_CORRECTABLE), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aer_total(port, MG_AER_CORRECTABLE), 0);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aer_rootport_total(port, MG_AER_CORRECTABLE), 49);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aer_rootport_total(port, MG_AER_FATAL), 0);
	/* At its default Gen 2 the port targets 5 GT/s: the link trained as far as it may. */
	CU_ASSERT_EQUAL(mg_pcie_node_link_is_below_target(dev), privileged ? 0 : MG_UNKNOWN);
	CU_ASSERT_DOUBLE_EQUAL(mg_pcie_node_get_link_target_speed_gts(port), privileged ? 5.0 : MG_UNKNOWN, 1e-9);
	CU_ASSERT_EQUAL(mg_pcie_node_get_link_events(port), privileged ? 0 : MG_UNKNOWN);
	mg_pcie_path_free(p);
	mg_ctx_unref(ctx);
}

static void test_pi5_health(void)
{
	char tmp[4096];

	check_pi5_health(FIXTURE_TREES "/pi5-rtl8126", 1);
	make_unprivileged("pi5-rtl8126", tmp, sizeof(tmp));
	check_pi5_health(tmp, 0);
	rm_tree(tmp);
}

/* dtparam=pciex1_gen=3 set, the link still at 5 GT/s: below its target, retrained, and said so. */
/* pcie's lines where the link runs below both ends and its target, and the port saw BWMgmt. */
static void check_gen3_text(struct mg_ctx *ctx, const struct mg_pcie_path *p)
{
	struct mg_throughput *t;
	struct mg_nic *nic;
	char *text = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, "eth1", &nic), 0);
	CU_ASSERT_EQUAL_FATAL(mg_throughput_new(nic, p, &t), 0);
	mg_check_text(mg_pcie_path_to_text(p, t, &text), &text,
		   "board: Raspberry Pi 5 Model B Rev 1.0\n"
		   "path from the device up to the root port:\n"
		   "  0001:01:00.0  endpoint         capable 8 GT/s x1      running 5 GT/s x1      MPS 512 MRRS 2048\n"
		   "                link above runs below 8 GT/s x1, which both ends support\n"
		   "                ASPM off (supports L0s L1); AER 1203 correctable (RxErr 1203)\n"
		   "                the link did not train to its target: 5 GT/s of 8 GT/s\n"
		   "  0001:00:00.0  root_port        capable 8 GT/s x1      running 5 GT/s x1      "
		   "MPS 512 MRRS 512  <- limit\n"
		   "                ASPM off (supports L0s L1); AER 1203 correctable from below\n"
		   "                the link did not train to its target: 5 GT/s of 8 GT/s\n"
		   "                retrained, or slowed to correct errors (BWMgmt)\n"
		   "limit: 0001:00:00.0 at 5 GT/s x1: 4.000 Gb/s available\n"
		   "ASPM policy: powersave\n"
		   "ceiling (TCP goodput): receive 3.451 Gbit/s, transmit 3.434 Gbit/s\n"
		   "ethernet ceiling: 4.707 Gbit/s; expected: receive 3.451 (pcie), transmit 3.434 (pcie)\n"
		   "advice: the Raspberry Pi 5's external PCIe port is set to 8 GT/s (dtparam=pciex1_gen=3) but the "
		   "link trained at 5 GT/s: Gen 3 is not certified on this port; check the flat cable and the adapter "
		   "board, or remove the line for a stable 5 GT/s\n");
	/* No ASPM enabled on the device's link: none named in show's line. */
	mg_check_text(mg_pcie_path_summary_to_text(p, &text), &text,
		   "pcie:              5 GT/s x1 (device capable of 8 GT/s x1), limited at 0001:00:00.0: "
		   "4.000 Gb/s (see multigig pcie)\n");
	mg_throughput_free(t);
	mg_nic_unref(nic);
}

static void check_pi5_gen3(const char *root, int privileged)
{
	struct mg_ctx *ctx;
	struct mg_pcie_path *p = tree_path(root, "eth1", &ctx);
	const struct mg_pcie_node *dev = mg_pcie_path_get(p, 0), *port = mg_pcie_path_get(p, 1);

	for (size_t i = 0; i < 2; i++) {
		const struct mg_pcie_node *n = mg_pcie_path_get(p, i);

		CU_ASSERT_EQUAL(mg_pcie_node_link_is_below_target(n), privileged ? 1 : MG_UNKNOWN);
		CU_ASSERT_DOUBLE_EQUAL(mg_pcie_node_get_link_target_speed_gts(n), privileged ? 8.0 : MG_UNKNOWN,
				       1e-9);
	}
	CU_ASSERT_EQUAL(mg_pcie_node_get_link_events(port), privileged ? MG_PCIE_LINK_BW_MANAGED : MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_pcie_node_get_link_events(dev), privileged ? 0 : MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aspm_enabled(dev), privileged ? 0 : MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aspm_control(dev), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aer_total(dev, MG_AER_CORRECTABLE), 1203);
	CU_ASSERT_STRING_EQUAL(mg_pcie_path_get_aspm_policy(p), "powersave");
	/* Already set: the advice is not to add the line again, but that the link did not reach it. */
	CU_ASSERT_PTR_NOT_NULL_FATAL(mg_pcie_path_get_advice(p));
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_pcie_path_get_advice(p), "trained at 5 GT/s"));
	CU_ASSERT_PTR_NULL(strstr(mg_pcie_path_get_advice(p), "add 'dtparam"));
	if (privileged)
		check_gen3_text(ctx, p);
	mg_pcie_path_free(p);
	mg_ctx_unref(ctx);
}

static void test_pi5_gen3_training(void)
{
	char tmp[4096];

	check_pi5_gen3(FIXTURE_TREES "/pi5-rtl8126-gen3", 1);
	make_unprivileged("pi5-rtl8126-gen3", tmp, sizeof(tmp));
	check_pi5_gen3(tmp, 0);
	rm_tree(tmp);
}

/* In sysfs too, a card behind a CardBus bridge has the bridge and the PCI bridge above it. */
static void test_sysfs_cardbus(void)
{
	static const struct {
		const char *dir;
		unsigned char type, secondary;
	} fns[] = {
		{ "pci0000:00/0000:00:1e.0", 1, 0x1c },
		{ "pci0000:00/0000:00:1e.0/0000:1c:03.0", 2, 0x1d },
		{ "pci0000:00/0000:00:1e.0/0000:1c:03.0/0000:1d:00.0", 0, 0 },
	};
	char tmp[4096], path[4200];
	struct mg_ctx *ctx;
	struct mg_pcie_path *p;

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, sizeof(tmp)));
	for (size_t i = 0; i < 3; i++) {
		unsigned char cfg[256] = { 0x86, 0x80, 0x48, 0x24 };
		FILE *f;

		cfg[0x0e] = fns[i].type;
		cfg[0x19] = fns[i].secondary;
		snprintf(path, sizeof(path), "devices/%s/vendor", fns[i].dir);
		put_file(tmp, path, "0x8086\n");
		snprintf(path, sizeof(path), "%s/devices/%s/config", tmp, fns[i].dir);
		f = fopen(path, "w");
		CU_ASSERT_PTR_NOT_NULL_FATAL(f);
		CU_ASSERT_EQUAL(fwrite(cfg, 1, sizeof(cfg), f), sizeof(cfg));
		fclose(f);
	}
	put_link(tmp, "bus/pci/devices/0000:1d:00.0",
		 "../../../devices/pci0000:00/0000:00:1e.0/0000:1c:03.0/0000:1d:00.0");
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(tmp, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_pcie_path_new(ctx, "0000:1d:00.0", &p), 0);
	CU_ASSERT_EQUAL(mg_pcie_path_count(p), 3);
	CU_ASSERT_STRING_EQUAL(mg_pcie_node_get_address(mg_pcie_path_get(p, 1)), "0000:1c:03.0");
	/* No policy file in this tree: unknown. */
	CU_ASSERT_PTR_NULL(mg_pcie_path_get_aspm_policy(p));
	mg_pcie_path_free(p);
	mg_ctx_unref(ctx);
	rm_tree(tmp);
}

static void check_cm4(const char *root, int privileged)
{
	struct mg_ctx *ctx;
	struct mg_pcie_path *p = tree_path(root, "0000:01:00.0", &ctx);
	const struct mg_pcie_node *dev = mg_pcie_path_get(p, 0);

	CU_ASSERT_EQUAL_FATAL(mg_pcie_path_count(p), 2);
	CU_ASSERT_EQUAL(mg_pcie_node_get_vendor_id(dev), 0x10ec);
	CU_ASSERT_EQUAL(mg_pcie_node_get_device_id(dev), 0x8125);
	CU_ASSERT_EQUAL(mg_pcie_node_get_link_capped_by(dev), MG_PCIE_CAP_BY_NONE);
	CU_ASSERT_EQUAL(mg_pcie_node_link_is_degraded(dev), 0);
	CU_ASSERT_EQUAL(mg_pcie_path_get_available_mbps(p), 4000);
	CU_ASSERT_STRING_EQUAL(mg_pcie_path_get_board(p), "Raspberry Pi Compute Module 4 Rev 1.1");
	/* Not a Pi 5: nothing to raise. */
	CU_ASSERT_PTR_NULL(mg_pcie_path_get_advice(p));
	CU_ASSERT_EQUAL(mg_pcie_node_get_mps(mg_pcie_path_get(p, 1)), privileged ? 128 : MG_UNKNOWN);
	mg_pcie_path_free(p);
	mg_ctx_unref(ctx);
}

static void test_cm4_rtl8125(void)
{
	char tmp[4096];

	check_cm4(FIXTURE_TREES "/cm4-rtl8125", 1);
	make_unprivileged("cm4-rtl8125", tmp, sizeof(tmp));
	check_cm4(tmp, 0);
	rm_tree(tmp);
}

static void check_aqc107(const char *root)
{
	struct mg_ctx *ctx;
	struct mg_pcie_path *p = tree_path(root, "eth1", &ctx);
	const struct mg_pcie_node *dev = mg_pcie_path_get(p, 0);

	CU_ASSERT_EQUAL(mg_pcie_node_get_cap_width(dev), 4);
	CU_ASSERT_EQUAL(mg_pcie_node_get_width(dev), 1);
	CU_ASSERT_EQUAL(mg_pcie_node_get_link_cap_width(dev), 1);
	CU_ASSERT_EQUAL(mg_pcie_node_get_link_capped_by(dev), MG_PCIE_CAP_BY_PORT);
	CU_ASSERT_EQUAL(mg_pcie_node_link_is_degraded(dev), 0);
	CU_ASSERT_EQUAL(mg_pcie_path_get_available_mbps(p), 7876);
	/* Already at 8 GT/s: no config.txt line to give. */
	CU_ASSERT_PTR_NULL(mg_pcie_path_get_advice(p));
	mg_pcie_path_free(p);
	mg_ctx_unref(ctx);
}

static void test_pi5_aqc107(void)
{
	char tmp[4096];

	check_aqc107(FIXTURE_TREES "/pi5-aqc107");
	make_unprivileged("pi5-aqc107", tmp, sizeof(tmp));
	check_aqc107(tmp);
	rm_tree(tmp);
}

static void check_gen5(const char *root)
{
	struct mg_ctx *ctx;
	struct mg_pcie_path *p = tree_path(root, "ens1f0np0", &ctx);

	CU_ASSERT_EQUAL(mg_pcie_path_get_available_mbps(p), 504112);
	CU_ASSERT_STRING_EQUAL(mg_pcie_node_get_address(mg_pcie_path_get_limit(p)), "0000:16:01.0");
	CU_ASSERT_DOUBLE_EQUAL(mg_pcie_node_get_speed_gts(mg_pcie_path_get(p, 0)), 32.0, 1e-9);
	CU_ASSERT_EQUAL(mg_pcie_node_get_width(mg_pcie_path_get(p, 0)), 16);
	CU_ASSERT_PTR_NULL(mg_pcie_path_get_board(p));
	mg_pcie_path_free(p);
	mg_ctx_unref(ctx);
}

static void test_gen5_x16(void)
{
	char tmp[4096];

	check_gen5(FIXTURE_TREES "/gen5-x16");
	make_unprivileged("gen5-x16", tmp, sizeof(tmp));
	check_gen5(tmp);
	rm_tree(tmp);
}

static void test_not_pci(void)
{
	struct mg_ctx *ctx;
	struct mg_pcie_path *p = (struct mg_pcie_path *)1;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/desktop", &ctx), 0);
	/* A USB adapter's path is its host controller's: this one's config space is not in the tree. */
	CU_ASSERT_EQUAL(mg_pcie_path_new(ctx, "enx00e04c680001", &p), -ENXIO);
	CU_ASSERT_PTR_NULL(p);
	CU_ASSERT_STRING_EQUAL(mg_ctx_last_error(ctx), "enx00e04c680001 is a USB adapter; the PCIe path of its host "
						       "controller: 0000:00:14.0: cannot read its config space: No such "
						       "file or directory");
	CU_ASSERT_EQUAL(mg_pcie_path_new(ctx, "lo", &p), -ENXIO);
	CU_ASSERT_EQUAL(mg_pcie_path_new(ctx, "eth9", &p), -ENODEV);
	CU_ASSERT_EQUAL(mg_pcie_path_new(ctx, "0000:09:00.0", &p), -ENODEV);
	CU_ASSERT_EQUAL(mg_pcie_path_new(ctx, NULL, &p), -EINVAL);
	CU_ASSERT_EQUAL(mg_ctx_set_pci_dump(ctx, "/nonexistent.lspci"), -ENOENT);
	mg_ctx_unref(ctx);
}

/* ---- malformed config space ---- */

static void write_config(const char *root, const unsigned char *cfg, size_t len)
{
	char path[4096];
	int fd;

	put_file(root, "devices/pci0000:00/0000:00:1c.0/0000:05:00.0/vendor", "0x10ec\n");
	put_link(root, "bus/pci/devices/0000:05:00.0", "../../../devices/pci0000:00/0000:00:1c.0/0000:05:00.0");
	snprintf(path, sizeof(path), "%s/devices/pci0000:00/0000:00:1c.0/0000:05:00.0/config", root);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT_EQUAL(write(fd, cfg, len), (ssize_t)len);
	close(fd);
}

static int path_error(const unsigned char *cfg, size_t len, char *msg, size_t size)
{
	char tmp[4096];
	struct mg_ctx *ctx;
	struct mg_pcie_path *p = NULL;
	int err;

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, sizeof(tmp)));
	write_config(tmp, cfg, len);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(tmp, &ctx), 0);
	err = mg_pcie_path_new(ctx, "0000:05:00.0", &p);
	snprintf(msg, size, "%s", mg_ctx_last_error(ctx));
	mg_pcie_path_free(p);
	mg_ctx_unref(ctx);
	rm_tree(tmp);
	return err;
}

static void base_header(unsigned char *cfg)
{
	memset(cfg, 0, 256);
	cfg[0] = 0xec, cfg[1] = 0x10, cfg[2] = 0x26, cfg[3] = 0x81;
	cfg[6] = 0x10; /* capability list */
	cfg[0x0b] = 0x02;
}

static void test_config_all_ff(void)
{
	unsigned char cfg[256];
	char msg[512];

	memset(cfg, 0xff, sizeof(cfg));
	CU_ASSERT_EQUAL(path_error(cfg, sizeof(cfg), msg, sizeof(msg)), -EIO);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "0xff"));
}

static void test_config_capability_loop(void)
{
	unsigned char cfg[256];
	char msg[512];

	base_header(cfg);
	cfg[0x34] = 0x40;
	cfg[0x40] = 0x01, cfg[0x41] = 0x50; /* PM -> 0x50 */
	cfg[0x50] = 0x05, cfg[0x51] = 0x40; /* MSI -> back to 0x40 */
	/* No Express capability is found, and the walk ends. */
	CU_ASSERT_EQUAL(path_error(cfg, sizeof(cfg), msg, sizeof(msg)), 0);
}

static void test_config_pointer_out_of_range(void)
{
	unsigned char cfg[256];
	char msg[512];

	base_header(cfg);
	cfg[0x34] = 0xf8;
	cfg[0xf8] = 0x10; /* an Express capability that would run past 0xff */
	/* Not a failure of the path: its link registers are unknown, and it says why. */
	CU_ASSERT_EQUAL(path_error(cfg, sizeof(cfg), msg, sizeof(msg)), 0);

	base_header(cfg);
	cfg[0x34] = 0x10;
	cfg[0x10] = 0x10; /* pointing into the standard header */
	CU_ASSERT_EQUAL(path_error(cfg, sizeof(cfg), msg, sizeof(msg)), -EIO);
}

static void test_config_truncated(void)
{
	unsigned char cfg[256];
	char msg[512];

	base_header(cfg);
	/* Shorter than the header: unreadable, an error rather than garbage. */
	CU_ASSERT_EQUAL(path_error(cfg, 16, msg, sizeof(msg)), -EIO);
	CU_ASSERT_EQUAL(path_error(cfg, 0, msg, sizeof(msg)), -EIO);
}

/* An Express v2 endpoint at 0x40 and, from 0x100, the extended list given. */
static void express_config(unsigned char *cfg)
{
	base_header(cfg);
	memset(cfg + 256, 0, 4096 - 256);
	cfg[0x34] = 0x40;
	cfg[0x40] = 0x10, cfg[0x42] = 0x02;		/* Express v2, endpoint */
	cfg[0x4c] = 0x13, cfg[0x4d] = 0x0c;		/* LnkCap 8 GT/s x1, ASPM L0s L1 */
	cfg[0x52] = 0x12;				/* LnkSta 5 GT/s x1 */
	cfg[0x70] = 0x03;				/* LnkCtl2 target 8 GT/s */
}

/* An extended capability header: ID, version 1, next pointer; little-endian. */
static void put_ext(unsigned char *cfg, int at, unsigned int id, int next)
{
	cfg[at] = (unsigned char)id;
	cfg[at + 1] = (unsigned char)(id >> 8);
	cfg[at + 2] = (unsigned char)(1 | (next & 0xf) << 4);
	cfg[at + 3] = (unsigned char)(next >> 4);
}

static int l1ss_of(const unsigned char *cfg, size_t len)
{
	char tmp[4096];
	struct mg_ctx *ctx;
	struct mg_pcie_path *p;
	int v = -100;

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, sizeof(tmp)));
	write_config(tmp, cfg, len);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(tmp, &ctx), 0);
	if (mg_pcie_path_new(ctx, "0000:05:00.0", &p) == 0) {
		v = mg_pcie_node_get_l1ss_supported(mg_pcie_path_get(p, 0));
		mg_pcie_path_free(p);
	}
	mg_ctx_unref(ctx);
	rm_tree(tmp);
	return v;
}

/* The extended list, bent every way: it ends, never loops, and what lies past the end is unknown. */
static void test_ext_caps_malformed(void)
{
	static unsigned char cfg[4096];

	express_config(cfg);
	put_ext(cfg, 0x100, 0x1e, 0);
	cfg[0x104] = 0x1f;
	CU_ASSERT_EQUAL(l1ss_of(cfg, sizeof(cfg)), MG_PCIE_ASPM_L1_1 | MG_PCIE_ASPM_L1_2 | MG_PCIE_PCIPM_L1_1 |
						   MG_PCIE_PCIPM_L1_2);
	/* Its control register past what could be read: unknown, and the rest still decoded. */
	CU_ASSERT_EQUAL(l1ss_of(cfg, 0x108), MG_UNKNOWN);
	/* 256 bytes: no extended space, unknown. */
	CU_ASSERT_EQUAL(l1ss_of(cfg, 256), MG_UNKNOWN);

	express_config(cfg);
	put_ext(cfg, 0x100, 0x01, 0x100);		/* AER pointing at itself */
	CU_ASSERT_EQUAL(l1ss_of(cfg, sizeof(cfg)), 0);
	put_ext(cfg, 0x100, 0x01, 0x40);		/* back into the standard space */
	CU_ASSERT_EQUAL(l1ss_of(cfg, sizeof(cfg)), 0);
	put_ext(cfg, 0x100, 0x01, 0xffc);		/* to the last dword, which is 0 */
	CU_ASSERT_EQUAL(l1ss_of(cfg, sizeof(cfg)), 0);
	memset(cfg + 0x100, 0xff, 4);			/* reads as all ones */
	CU_ASSERT_EQUAL(l1ss_of(cfg, sizeof(cfg)), 0);
	/* A long chain that ends in the capability, one dword apart, is followed to it. */
	express_config(cfg);
	for (int at = 0x100; at < 0xff0; at += 4)
		put_ext(cfg, at, 0x0b, at + 4);
	put_ext(cfg, 0xff0, 0x1e, 0);
	cfg[0xff4] = 0x08;
	CU_ASSERT_EQUAL(l1ss_of(cfg, sizeof(cfg)), MG_PCIE_ASPM_L1_1);
}

/* AER counters, link controls and the policy in garbled files: what parses is kept, nothing else. */
static void test_health_files_malformed(void)
{
	static const char *const dir = "devices/pci0000:00/0000:00:1c.0/0000:05:00.0";
	static unsigned char cfg[4096];
	char tmp[4096], rel[256], lines[4096] = "";
	struct mg_ctx *ctx;
	struct mg_pcie_path *p;
	const struct mg_pcie_node *n;

	express_config(cfg);
	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, sizeof(tmp)));
	write_config(tmp, cfg, sizeof(cfg));
	snprintf(rel, sizeof(rel), "%s/aer_dev_correctable", dir);
	put_file(tmp, rel, "RxErr\nBadTLP x\n\n TOTAL_ERR_COR -5\nAVeryLongCounterNameThatDoesNotFit 3\n"
			   "Rollover 18446744073709551615\nBad DLLP 4\nTimeout 2\nTOTAL_ERR_COR 7");
	for (int i = 0; i < 40; i++)
		snprintf(lines + strlen(lines), sizeof(lines) - strlen(lines), "C%d %d\n", i, i);
	snprintf(rel, sizeof(rel), "%s/aer_dev_fatal", dir);
	put_file(tmp, rel, lines);
	snprintf(rel, sizeof(rel), "%s/aer_dev_nonfatal", dir);
	put_file(tmp, rel, "garbage");
	snprintf(rel, sizeof(rel), "%s/link/l1_aspm", dir);
	put_file(tmp, rel, "2\n");
	snprintf(rel, sizeof(rel), "%s/link/l0s_aspm", dir);
	put_file(tmp, rel, "1\n");
	put_file(tmp, "module/pcie_aspm/parameters/policy", "default performance powersave\n");

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(tmp, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_pcie_path_new(ctx, "0000:05:00.0", &p), 0);
	n = mg_pcie_path_get(p, 0);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aer_total(n, MG_AER_CORRECTABLE), 7);
	CU_ASSERT_EQUAL_FATAL(mg_pcie_node_get_aer_count(n, MG_AER_CORRECTABLE), 2);
	CU_ASSERT_STRING_EQUAL(mg_pcie_node_get_aer_name(n, MG_AER_CORRECTABLE, 0), "Rollover");
	CU_ASSERT_EQUAL(mg_pcie_node_get_aer_value(n, MG_AER_CORRECTABLE, 0), LLONG_MAX);
	CU_ASSERT_STRING_EQUAL(mg_pcie_node_get_aer_name(n, MG_AER_CORRECTABLE, 1), "Timeout");
	/* Kept up to the library's bound, no total line: unknown total. */
	CU_ASSERT_EQUAL(mg_pcie_node_get_aer_count(n, MG_AER_FATAL), 32);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aer_total(n, MG_AER_FATAL), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aer_count(n, MG_AER_NONFATAL), 0);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aer_total(n, MG_AER_NONFATAL), MG_UNKNOWN);
	/* "2" is no answer; l0s_aspm's "1" is. */
	CU_ASSERT_EQUAL(mg_pcie_node_get_aspm_control(n), MG_PCIE_ASPM_L0S);
	CU_ASSERT_EQUAL(mg_pcie_node_get_aspm_control_present(n), MG_PCIE_ASPM_L0S);
	/* No word in brackets: the policy is unknown. */
	CU_ASSERT_PTR_NULL(mg_pcie_path_get_aspm_policy(p));
	/* Nothing above it in this tree is a port: no training verdict. */
	CU_ASSERT_EQUAL(mg_pcie_node_link_is_below_target(n), MG_UNKNOWN);
	mg_pcie_path_free(p);
	mg_ctx_unref(ctx);
	rm_tree(tmp);
}

static const struct mg_pcie_node *device_of(const char *root, struct mg_ctx **ctx, struct mg_pcie_path **p)
{
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(root, ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_pcie_path_new(*ctx, "0000:05:00.0", p), 0);
	return mg_pcie_path_get(*p, 0);
}

/*
 * A conventional PCI NIC: as root, no Express capability; unprivileged,
 * 64 bytes and no link attributes in sysfs. Neither is called an endpoint.
 */
static void test_conventional_pci(void)
{
	unsigned char cfg[256];
	char tmp[4096];
	struct mg_ctx *ctx;
	struct mg_pcie_path *p;
	const struct mg_pcie_node *n;

	base_header(cfg);
	cfg[6] = 0; /* no capability list */
	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, sizeof(tmp)));
	write_config(tmp, cfg, sizeof(cfg));
	n = device_of(tmp, &ctx, &p);
	CU_ASSERT_EQUAL(mg_pcie_node_get_role(n), MG_PCIE_ROLE_UNKNOWN);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_pcie_node_get_unknown_reason(n), "no PCI Express capability"));
	mg_pcie_path_free(p);
	mg_ctx_unref(ctx);

	write_config(tmp, cfg, 64);
	n = device_of(tmp, &ctx, &p);
	CU_ASSERT_EQUAL(mg_pcie_node_get_role(n), MG_PCIE_ROLE_UNKNOWN);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_pcie_node_get_unknown_reason(n), "CAP_SYS_ADMIN"));
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_pcie_node_get_unknown_reason(n), "conventional PCI"));
	mg_pcie_path_free(p);
	mg_ctx_unref(ctx);

	/* The same 64 bytes with the kernel's link attributes: an Express endpoint. */
	put_file(tmp, "devices/pci0000:00/0000:00:1c.0/0000:05:00.0/max_link_speed", "8.0 GT/s PCIe\n");
	put_file(tmp, "devices/pci0000:00/0000:00:1c.0/0000:05:00.0/max_link_width", "1\n");
	n = device_of(tmp, &ctx, &p);
	CU_ASSERT_EQUAL(mg_pcie_node_get_role(n), MG_PCIE_ROLE_ENDPOINT);
	CU_ASSERT_PTR_NULL(strstr(mg_pcie_node_get_unknown_reason(n), "conventional"));
	mg_pcie_path_free(p);
	mg_ctx_unref(ctx);
	rm_tree(tmp);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("pcie-dumps", NULL, NULL, MG_TEST(test_dump_connectx3), MG_TEST(test_dump_fsl_p2020),
		     MG_TEST(test_dump_82576), MG_TEST(test_dump_path), MG_TEST(test_dump_cardbus),
		     MG_TEST(test_dump_express_at_e0), MG_TEST(test_dump_rciep),
		     MG_TEST(test_dump_target_speed_zero), MG_TEST(test_dump_l1ss), MG_TEST(test_pm_state_names),
		     MG_TEST(test_dump_not_a_file), MG_TEST(test_dump_duplicate_address));
	MG_ADD_SUITE("pcie-trees", NULL, NULL, MG_TEST(test_pi5_rtl8126),
		     MG_TEST(test_pi5_rtl8126_unprivileged), MG_TEST(test_pi5_health),
		     MG_TEST(test_pi5_gen3_training), MG_TEST(test_sysfs_cardbus), MG_TEST(test_cm4_rtl8125),
		     MG_TEST(test_pi5_aqc107), MG_TEST(test_gen5_x16), MG_TEST(test_not_pci));
	MG_ADD_SUITE("pcie-malformed", NULL, NULL, MG_TEST(test_config_all_ff),
		     MG_TEST(test_config_capability_loop), MG_TEST(test_config_pointer_out_of_range),
		     MG_TEST(test_config_truncated), MG_TEST(test_conventional_pci),
		     MG_TEST(test_ext_caps_malformed), MG_TEST(test_health_files_malformed));
	return mg_test_run();
}
