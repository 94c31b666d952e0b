/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "library": the kernel log. Records parsed (and refused), prefixes
 * split and attributed, the known messages recognised; then recorded logs
 * of the field reports' shapes (tests/fixtures/kmsg, see its SOURCE) put
 * into copies of fixture trees and read through the public API: show's
 * lines, the doctor's findings, a capture that keeps only the lines it
 * used; and hostile logs: escapes, a 10 MB line, a ring overwritten while
 * read, garbage.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "decide/decide.h"
#include "mg-test.h"
#include "test-util.h"

/* ---- records ---- */

struct got {
	int n;
	struct mg_kmsg_record last;
	char text[70000];
	char device[128];
	bool gap;
};

static int keep_last(const struct mg_kmsg_record *rec, void *data)
{
	struct got *g = data;

	g->n++;
	g->last = *rec;
	g->gap = g->gap || rec->after_gap;
	snprintf(g->text, sizeof(g->text), "%s", rec->text);
	snprintf(g->device, sizeof(g->device), "%s", rec->device);
	return 0;
}

static int replay(const char *text, size_t len, struct got *g, struct mg_kmsg_pass *p)
{
	int err;

	memset(g, 0, sizeof(*g));
	mg_kmsg_pass_init(p, keep_last, g);
	err = mg_kmsg_replay_text(p, text, len);
	mg_kmsg_pass_clear(p);
	return err;
}

static void test_parse_record(void)
{
	static const char rec[] = "12,1234,5678901,-,caller=T42;r8169 0000:01:00.0 eth0: Link is Down\n"
				  " SUBSYSTEM=net\n DEVICE=n3\n";
	struct mg_kmsg_pass p;
	struct got g;

	CU_ASSERT_EQUAL(replay(rec, sizeof(rec) - 1, &g, &p), 0);
	CU_ASSERT_EQUAL(g.n, 1);
	CU_ASSERT_EQUAL(g.last.level, 4);
	CU_ASSERT_EQUAL(g.last.facility, 1);
	CU_ASSERT_EQUAL(g.last.seq, 1234);
	CU_ASSERT_EQUAL(g.last.usecs, 5678901);
	CU_ASSERT_STRING_EQUAL(g.text, "r8169 0000:01:00.0 eth0: Link is Down");
	CU_ASSERT_STRING_EQUAL(g.device, "n3");
	CU_ASSERT_EQUAL(p.garbage, 0);
	CU_ASSERT_EQUAL(p.records, 1);
}

/* Escapes the kernel made are kept; raw bytes (a capture from elsewhere) are made escapes. */
static void test_escapes(void)
{
	static const char rec[] = "6,1,1,-;eth0: \\x1b[31mred\x1b[0m \xc3\xa9 back\\slash\ttab\n";
	struct mg_kmsg_pass p;
	struct got g;

	CU_ASSERT_EQUAL(replay(rec, sizeof(rec) - 1, &g, &p), 0);
	CU_ASSERT_EQUAL_FATAL(g.n, 1);
	CU_ASSERT_STRING_EQUAL(g.text, "eth0: \\x1b[31mred\\x1b[0m \\xc3\\xa9 back\\x5cslash\\x09tab");
	for (const char *s = g.text; *s; s++)
		CU_ASSERT_TRUE(*s >= 0x20 && *s < 0x7f);
}

/* A NUL inside a record is a byte like any other: escaped, not an end. */
static void test_nul_in_text(void)
{
	static const char rec[] = "6,1,1,-;eth0: a\0b\n";
	struct mg_kmsg_pass p;
	struct got g;

	CU_ASSERT_EQUAL(replay(rec, sizeof(rec) - 1, &g, &p), 0);
	CU_ASSERT_STRING_EQUAL(g.text, "eth0: a\\x00b");
}

static void test_garbage(void)
{
	static const char text[] = "hello world\n"
				   "6,1;no time\n"
				   "x,1,2,-;not a number\n"
				   "6,1,2,-\n"
				   "99999999999999999999999,1,2,-;overflow\n"
				   "6,1,2,-;good one\n"
				   "!nonsense\n"
				   "\n\n"
				   "6,2,3,-;good two";
	struct mg_kmsg_pass p;
	struct got g;

	CU_ASSERT_EQUAL(replay(text, sizeof(text) - 1, &g, &p), 0);
	CU_ASSERT_EQUAL(g.n, 2);
	CU_ASSERT_STRING_EQUAL(g.text, "good two");
	CU_ASSERT_EQUAL(p.garbage, 6);
}

/* A line longer than any record the kernel writes is refused, and what follows is read. */
static void test_long_line(void)
{
	size_t big = 10u << 20;
	char *text = malloc(big + 64);
	struct mg_kmsg_pass p;
	struct got g;
	int n;

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	memcpy(text, "6,1,1,-;", 8);
	memset(text + 8, 'A', big);
	n = snprintf(text + 8 + big, 56, "\n6,2,2,-;after\n");
	CU_ASSERT_EQUAL(replay(text, 8 + big + (size_t)n, &g, &p), 0);
	CU_ASSERT_EQUAL(g.n, 1);
	CU_ASSERT_STRING_EQUAL(g.text, "after");
	CU_ASSERT_EQUAL(p.garbage, 1);
	free(text);
}

/* The reader overtaken (EPIPE, as a capture marks it): counted, and the next record says so. */
static void test_overwritten(void)
{
	static const char text[] = "6,1,1,-;one\n!EPIPE\n6,900,2,-;after the gap\n";
	struct mg_kmsg_pass p;
	struct got g;

	CU_ASSERT_EQUAL(replay(text, sizeof(text) - 1, &g, &p), 0);
	CU_ASSERT_EQUAL(g.n, 2);
	CU_ASSERT_EQUAL(p.overwritten, 1);
	CU_ASSERT_TRUE(g.gap);
	CU_ASSERT_TRUE(g.last.after_gap);
	CU_ASSERT_EQUAL(replay("!error 1\n6,1,1,-;x\n", 19, &g, &p), -EPERM);
}

/* ---- prefixes, attribution ---- */

static void test_split(void)
{
	struct mg_klog_prefix p;

	mg_klog_split("r8169 0000:01:00.0 eth0: Link is Down", &p);
	CU_ASSERT_STRING_EQUAL(p.driver, "r8169");
	CU_ASSERT_STRING_EQUAL(p.device, "0000:01:00.0");
	CU_ASSERT_STRING_EQUAL(p.ifname, "eth0");
	CU_ASSERT_STRING_EQUAL(p.body, "Link is Down");
	mg_klog_split("brcm-pcie 1000110000.pcie: link down", &p);
	CU_ASSERT_STRING_EQUAL(p.device, "1000110000.pcie");
	CU_ASSERT_STRING_EQUAL(p.ifname, "");
	CU_ASSERT_STRING_EQUAL(p.body, "link down");
	mg_klog_split("veth0: Link is Up - 10Gbps/Full", &p);
	CU_ASSERT_STRING_EQUAL(p.ifname, "veth0");
	CU_ASSERT_STRING_EQUAL(p.device, "");
	mg_klog_split("NETDEV WATCHDOG: eth1 (r8169): transmit queue 0 timed out", &p);
	CU_ASSERT_STRING_EQUAL(p.ifname, "eth1");
	CU_ASSERT_STRING_EQUAL(p.body, "NETDEV WATCHDOG: eth1 (r8169): transmit queue 0 timed out");
	/* Four words before the colon are prose, not a prefix. */
	mg_klog_split("this is a sentence: eth0", &p);
	CU_ASSERT_STRING_EQUAL(p.ifname, "");
	CU_ASSERT_STRING_EQUAL(p.device, "");
	/* A word too long for an interface's name, or none before the colon: no prefix (fuzzing found both). */
	mg_klog_split("averyveryverylongword: Link is Down", &p);
	CU_ASSERT_STRING_EQUAL(p.ifname, "");
	CU_ASSERT_STRING_EQUAL(p.device, "");
	CU_ASSERT_STRING_EQUAL(p.body, "Link is Down");
	mg_klog_split(": Link is Down", &p);
	CU_ASSERT_STRING_EQUAL(p.ifname, "");
	CU_ASSERT_STRING_EQUAL(p.body, "Link is Down");
	mg_klog_split("no colon at all", &p);
	CU_ASSERT_STRING_EQUAL(p.body, "no colon at all");
}

static void test_attribute(void)
{
	struct mg_klog_target t = { .address = "0001:01:00.0", .ifname = "eth1", .ifindex = 3,
				    .above = (const char *[]){ "0001:00:00.0" }, .nabove = 1,
				    .hosts = { "1000110000.pcie", "0001:00" }, .nhosts = 2 };
	struct mg_klog_prefix p;

	mg_klog_split("r8169 0001:01:00.0 eth1: Link is Down", &p);
	CU_ASSERT_STRING_EQUAL(mg_klog_attribute(&t, &p, ""), "device");
	mg_klog_split("eth1: Link is Down", &p);
	CU_ASSERT_STRING_EQUAL(mg_klog_attribute(&t, &p, ""), "interface");
	mg_klog_split("eth10: Link is Down", &p);
	CU_ASSERT_PTR_NULL(mg_klog_attribute(&t, &p, ""));
	mg_klog_split("pcieport 0001:00:00.0: AER: x", &p);
	CU_ASSERT_STRING_EQUAL(mg_klog_attribute(&t, &p, ""), "port");
	mg_klog_split("brcm-pcie 1000110000.pcie: link down", &p);
	CU_ASSERT_STRING_EQUAL(mg_klog_attribute(&t, &p, ""), "host bridge");
	mg_klog_split("pci_bus 0001:00: root bus resource", &p);
	CU_ASSERT_STRING_EQUAL(mg_klog_attribute(&t, &p, ""), "host bridge");
	mg_klog_split("r8169 0000:01:00.0 eth0: Link is Down", &p);
	CU_ASSERT_PTR_NULL(mg_klog_attribute(&t, &p, ""));
	/* The dictionary's device: by address; by index only where the text names no interface. */
	mg_klog_split("something happened", &p);
	CU_ASSERT_STRING_EQUAL(mg_klog_attribute(&t, &p, "+pci:0001:01:00.0"), "device");
	CU_ASSERT_STRING_EQUAL(mg_klog_attribute(&t, &p, "n3"), "interface");
	mg_klog_split("eth7: Link is Down", &p);
	CU_ASSERT_PTR_NULL(mg_klog_attribute(&t, &p, "n3"));
}

/* ---- the known messages ---- */

static const char *meaning_of(const char *text, const char **id)
{
	static struct mg_klog_match m;
	struct mg_klog_prefix p;

	mg_klog_split(text, &p);
	*id = mg_klog_match(p.body, &m) ? m.known->id : NULL;
	return *id ? m.meaning : NULL;
}

static void expect(const char *text, const char *id, const char *meaning)
{
	const char *got_id, *got = meaning_of(text, &got_id);

	if (!str_eq(got_id, id) || !str_eq(got, meaning))
		fprintf(stderr, "\n%s\n  got %s: %s\n", text, got_id ? got_id : "(none)", got ? got : "(none)");
	CU_ASSERT_TRUE(str_eq(got_id, id));
	CU_ASSERT_TRUE(str_eq(got, meaning));
}

/* The RTL8126A's rev. b (XID 64a) came to r8169 three releases after its first (649). */
static void test_unknown_chip_since(void)
{
	struct mg_klog_match m;

	CU_ASSERT_PTR_NOT_NULL_FATAL(mg_klog_match("unknown chip XID 64a, contact r8169 maintainers", &m));
	CU_ASSERT_PTR_NOT_NULL_FATAL(m.chip);
	CU_ASSERT_STRING_EQUAL(m.chip->name, "RTL8126A");
	CU_ASSERT_TRUE(str_eq(m.since, "6.12"));
	CU_ASSERT_PTR_NOT_NULL_FATAL(mg_klog_match("unknown chip XID 649, contact r8169 maintainers", &m));
	CU_ASSERT_PTR_NOT_NULL_FATAL(m.chip);
	CU_ASSERT_PTR_NULL(m.since);
	CU_ASSERT_STRING_EQUAL(m.chip->since, "6.9");
	CU_ASSERT_PTR_NOT_NULL_FATAL(mg_klog_match("unknown chip XID 7ff, contact r8169 maintainers", &m));
	CU_ASSERT_PTR_NULL(m.chip);
	CU_ASSERT_PTR_NULL(m.since);
}

static void test_known(void)
{
	expect("r8169 0000:01:00.0: unknown chip XID 64a, contact r8169 maintainers (see MAINTAINERS file)",
	       "unknown-chip", "r8169 does not know this chip (XID 64a)");
	expect("iwlwifi 0000:01:00.0: Direct firmware load for iwlwifi-gl-c0-fm-c0-92.ucode failed with error -2",
	       "firmware-missing", "firmware iwlwifi-gl-c0-fm-c0-92.ucode missing (error -2)");
	expect("iwlwifi 0000:01:00.0: firmware: failed to load iwlwifi-ty-a0-gf-a0-77.ucode (-2)", "firmware-missing",
	       "firmware iwlwifi-ty-a0-gf-a0-77.ucode missing (error -2)");
	expect("r8169 0000:03:00.0: no dedicated PHY driver found for PHY ID 0x001cc862, maybe realtek.ko needs to "
	       "be added to initramfs?", "phy-driver-missing",
	       "no PHY driver for PHY ID 0x001cc862: the generic one cannot set the link up properly");
	expect("brcm-pcie 1000110000.pcie: link down", "pcie-link-down",
	       "the PCIe link did not come up at this host bridge");
	expect("brcm-pcie 1000110000.pcie: link up, 5.0 GT/s PCIe x1 (!SSC)", "pcie-link-up",
	       "the host bridge's PCIe link came up at 5.0 GT/s x1");
	expect("brcm-pcie 1000110000.pcie: Forcing gen 2", "pcie-gen-forced",
	       "the host bridge held the PCIe link to generation 2");
	expect("pcieport 0000:00:1c.0: broken device, retraining non-functional downstream link at 2.5GT/s",
	       "pcie-retrain", "PCIe link training failed: the port forced the link down to 2.5 GT/s");
	expect("pci 0000:01:00.0: 2.000 Gb/s available PCIe bandwidth, limited by 2.5 GT/s PCIe x1 link at "
	       "0000:00:1c.0 (capable of 7.876 Gb/s with 8.0 GT/s PCIe x1 link)", "pcie-bandwidth",
	       "the PCIe path gives 2.000 Gb/s, limited at 0000:00:1c.0 by its 2.5 GT/s x1 link; the device could use "
	       "7.876 Gb/s");
	expect("pci 0000:01:00.0: 7.876 Gb/s available PCIe bandwidth (8.0 GT/s PCIe x1 link)", "pcie-bandwidth",
	       "the PCIe path gives 7.876 Gb/s, all the device can use");
	expect("r8169 0000:01:00.0: AER: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)", "aer",
	       "a PCIe error was reported (AER): Corrected, Physical Layer");
	expect("e1000e 0000:01:00.0: PCIe Bus Error: severity=Correctable, type=Physical Layer, (Receiver ID)", "aer",
	       "a PCIe error was reported (AER): Correctable, Physical Layer");
	expect("pcieport 0000:00:1c.0: AER: Corrected error message received from 0000:01:00.0", "aer",
	       "the port received an error message from 0000:01:00.0 (AER)");
	expect("pcieport 0000:00:1c.0: AER: Corrected error received: 0000:01:00.0", "aer",
	       "the port received an error message from 0000:01:00.0 (AER)");
	expect("NETDEV WATCHDOG: eth1 (r8169): transmit queue 0 timed out", "tx-timeout",
	       "transmit queue 0 stalled (TX timeout): the driver resets the adapter");
	expect("r8169 0000:01:00.0 eth1: NETDEV WATCHDOG: CPU: 1: transmit queue 3 timed out 5000 ms", "tx-timeout",
	       "transmit queue 3 stalled (TX timeout): the driver resets the adapter");
	expect("e1000e 0000:00:19.0 eno1: Detected Hardware Unit Hang:", "tx-timeout",
	       "the adapter stopped sending (transmit unit hang)");
	expect("r8169 0000:01:00.0 eth0: Link is Up - 2.5Gbps/Full - flow control rx/tx", "link-up",
	       "link up at 2.5Gbps, full duplex");
	expect("r8169 0000:01:00.0 eth0: Link is Up - 1Gbps/Full (downshifted) - flow control off", "link-up",
	       "link up at 1Gbps, full duplex, downshifted: the cable or partner could not hold the rate");
	expect("e1000e 0000:00:02.0 enp0s2: NIC Link is Up 1000 Mbps Full Duplex, Flow Control: Rx/Tx", "link-up",
	       "link up at 1000 Mb/s, full duplex");
	expect("igb 0000:01:00.0 enp1s0: igb: enp1s0 NIC Link is Up 1000 Mbps Full Duplex, Flow Control: RX/TX",
	       "link-up", "link up at 1000 Mb/s, full duplex");
	expect("vmxnet3 0000:02:00.0 eth0: NIC Link is Up 1000 Mbps", "link-up", "link up at 1000 Mb/s");
	expect("ixgbe 0000:03:00.0 eth2: NIC Link is Up 10 Gbps, Flow Control: RX/TX", "link-up", "link up at 10 Gb/s");
	expect("e1000e 0000:00:02.0 enp0s2: NIC Link is Up lots", NULL, NULL);
	expect("r8169 0000:01:00.0 eth0: Link is Down", "link-down", "link down");
	expect("e1000e 0000:00:02.0 enp0s2: NIC Link is Down", "link-down", "link down");
	/* Near misses say nothing. */
	expect("r8169 0000:01:00.0 eth0: RTL8126A, 2c:cf:67:00:00:01, XID 64a, IRQ 39", NULL, NULL);
	expect("brcm-pcie 1000110000.pcie: link down soon", NULL, NULL);
	expect("Direct firmware load for", NULL, NULL);
	expect("eth0: Link is Up - ", NULL, NULL);
	expect("", NULL, NULL);
}

static void test_firmware_package(void)
{
	CU_ASSERT_STRING_EQUAL(mg_klog_firmware_package("iwlwifi-gl-c0-fm-c0-92.ucode"), "firmware-iwlwifi");
	CU_ASSERT_STRING_EQUAL(mg_klog_firmware_package("rtl_nic/rtl8126a-3.fw"), "firmware-realtek");
	CU_ASSERT_PTR_NULL(mg_klog_firmware_package("vendor/unknown.bin"));
}

/* ---- recorded logs in copies of fixture trees ---- */

/* A copy of fixture @tree in @tmp/t with @kmsg (a file of tests/fixtures/kmsg, or text when @raw) as its log. */
static struct mg_ctx *tree_with_log(const char *tree, const char *kmsg, size_t raw_len, char *tmp)
{
	char cmd[8400], root[4200];
	struct mg_ctx *ctx = NULL;

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, 4096));
	snprintf(root, sizeof(root), "%s/t", tmp);
	snprintf(cmd, sizeof(cmd), "cp -a '%s/%s' '%s'", FIXTURE_TREES, tree, root);
	CU_ASSERT_EQUAL_FATAL(system(cmd), 0);
	if (raw_len) {
		char path[4300];
		FILE *f;

		snprintf(path, sizeof(path), "%s/multigig", root);
		mkdir(path, 0755);
		snprintf(path, sizeof(path), "%s/multigig/kmsg", root);
		f = fopen(path, "w");
		CU_ASSERT_PTR_NOT_NULL_FATAL(f);
		CU_ASSERT_EQUAL(fwrite(kmsg, 1, raw_len, f), raw_len);
		fclose(f);
	} else if (kmsg) {
		snprintf(cmd, sizeof(cmd), "mkdir -p '%s/multigig' && cp '%s/kmsg/%s' '%s/multigig/kmsg'", root, FIXTURE_DIR,
			 kmsg, root);
		CU_ASSERT_EQUAL_FATAL(system(cmd), 0);
	}
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(root, &ctx), 0);
	return ctx;
}

static void check_pi5_lines(const struct mg_kernel_log *log)
{
	static const char *const kinds[] = { "pcie-link-down", "pcie-gen-forced", "pcie-link-up", "pcie-bandwidth",
					     "firmware-missing", "firmware-missing", "link-up", "aer", "aer", "tx-timeout",
					     "link-down" };
	static const char *const about[] = { "host bridge", "host bridge", "host bridge", "device", "device", "device",
					     "device", "port", "device", "device", "device" };
	uint64_t v;

	CU_ASSERT_PTR_NULL(mg_kernel_log_get_unknown_reason(log));
	CU_ASSERT_EQUAL_FATAL(mg_kernel_log_get_count(log), sizeof(kinds) / sizeof(kinds[0]));
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		CU_ASSERT_STRING_EQUAL(mg_kernel_log_get_kind(log, i), kinds[i]);
		CU_ASSERT_STRING_EQUAL(mg_kernel_log_get_about(log, i), about[i]);
		CU_ASSERT_PTR_NOT_NULL(mg_kernel_log_get_source(log, i));
	}
	CU_ASSERT_STRING_EQUAL(mg_kernel_log_get_text(log, 0), "brcm-pcie 1000110000.pcie: link down");
	CU_ASSERT_EQUAL(mg_kernel_log_get_priority(log, 0), 3);
	CU_ASSERT_EQUAL(mg_kernel_log_get_usecs(log, 0, &v), 0);
	CU_ASSERT_EQUAL(v, 1203456);
	CU_ASSERT_EQUAL(mg_kernel_log_get_sequence(log, 0, &v), 0);
	CU_ASSERT_EQUAL(v, 315);
	CU_ASSERT_STRING_EQUAL(mg_kernel_log_get_meaning(log, 6), "link up at 5Gbps, full duplex");
	/* Out of range: unknown, never a reading. */
	CU_ASSERT_EQUAL(mg_kernel_log_get_usecs(log, 99, &v), -EINVAL);
	CU_ASSERT_EQUAL(mg_kernel_log_get_priority(log, 99), MG_UNKNOWN);
	CU_ASSERT_PTR_NULL(mg_kernel_log_get_text(log, 99));
}

static void test_pi5_lines(void)
{
	char tmp[4096];
	struct mg_ctx *ctx = tree_with_log("pi5-rtl8126", "pi5-rtl8126-gen2.kmsg", 0, tmp);
	struct mg_kernel_log *one = NULL;
	struct mg_nic *nic;
	char *json;

	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup_with(ctx, "eth1", MG_NIC_WITH_KERNEL_LOG, &nic), 0);
	check_pi5_lines(mg_nic_get_kernel_log(nic));
	/* The same from the call for one adapter. */
	CU_ASSERT_EQUAL_FATAL(mg_kernel_log_read_for_nic(ctx, nic, &one), 0);
	check_pi5_lines(one);
	CU_ASSERT_EQUAL_FATAL(mg_kernel_log_to_json(one, MG_JSON_LINE, &json), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "{\"time\":1.203456,\"priority\":\"err\",\"text\":\"brcm-pcie "
					    "1000110000.pcie: link down\",\"meaning\":\"the PCIe link did not come up "
					    "at this host bridge\",\"kind\":\"pcie-link-down\",\"about\":\"host bridge\""));
	free(json);
	CU_ASSERT_EQUAL_FATAL(mg_nic_show_to_json(nic, NULL, NULL, MG_JSON_LINE, &json), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"kernel_log\":[{\"time\":1.203456,"));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"kernel_log_unknown\":null"));
	free(json);
	mg_kernel_log_free(one);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
	rm_tree(tmp);
}

static const struct mg_finding *find(const struct mg_doctor *d, const char *id, size_t from)
{
	for (size_t i = from; i < mg_doctor_count(d); i++)
		if (!strcmp(mg_finding_get_id(mg_doctor_get(d, i)), id))
			return mg_doctor_get(d, i);
	return NULL;
}

static bool has_evidence(const struct mg_finding *f, const char *fact, const char *source_part)
{
	for (size_t i = 0; f && i < mg_finding_get_evidence_count(f); i++) {
		const char *source, *got = mg_finding_get_evidence(f, i, &source);

		if (!strcmp(got, fact) && strstr(source, source_part))
			return true;
	}
	return false;
}

static void test_doctor_unknown_chip(void)
{
	char tmp[4096];
	struct mg_ctx *ctx = tree_with_log("desktop", "desktop-rtl8126-6.8.kmsg", 0, tmp);
	struct mg_doctor *d = NULL;
	const struct mg_finding *f;

	CU_ASSERT_EQUAL_FATAL(mg_doctor_run(ctx, NULL, MG_DOCTOR_NO_SAMPLE, &d), 0);
	f = find(d, "kernel-unknown-chip", 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL(mg_finding_get_severity(f), MG_SEVERITY_CRITICAL);
	CU_ASSERT_STRING_EQUAL(mg_finding_get_nic(f), "0000:02:00.0");
	CU_ASSERT_STRING_EQUAL(mg_finding_get_title(f),
			       "r8169 does not know this chip (XID 64a): RTL8126A needs Linux 6.12 or later");
	CU_ASSERT_TRUE(has_evidence(f, "r8169 0000:02:00.0: error -ENODEV: unknown chip XID 64a, contact r8169 "
				       "maintainers (see MAINTAINERS file)",
				    "kernel log [    3.310000], printed by drivers/net/ethernet/realtek/r8169_main.c"));
	/* The igb's link line is shown, never found; the no-driver finding stays. */
	CU_ASSERT_PTR_NOT_NULL(find(d, "no-driver", 0));
	CU_ASSERT_EQUAL(mg_doctor_count(d), 2);
	mg_doctor_free(d);
	mg_ctx_unref(ctx);
	rm_tree(tmp);
}

static void test_doctor_pi5(void)
{
	char tmp[4096];
	struct mg_ctx *ctx = tree_with_log("pi5-rtl8126", "pi5-rtl8126-gen2.kmsg", 0, tmp);
	struct mg_doctor *d = NULL;
	const struct mg_finding *f;

	CU_ASSERT_EQUAL_FATAL(mg_doctor_run(ctx, NULL, MG_DOCTOR_NO_SAMPLE, &d), 0);
	f = find(d, "kernel-firmware-missing", 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_STRING_EQUAL(mg_finding_get_title(f), "firmware rtl_nic/rtl8126a-3.fw missing (error -2): install "
							"firmware-realtek (Debian's non-free-firmware)");
	CU_ASSERT_STRING_EQUAL(mg_finding_get_fix_command(f), "apt install firmware-realtek");
	CU_ASSERT_TRUE(has_evidence(f, "r8169 0001:01:00.0: Direct firmware load for rtl_nic/rtl8126a-3.fw failed "
				       "with error -2", "drivers/base/firmware_loader/main.c"));
	/* r8169's own line about the same file makes no second finding. */
	{
		size_t n = 0;

		for (size_t i = 0; i < mg_doctor_count(d); i++)
			n += !strcmp(mg_finding_get_id(mg_doctor_get(d, i)), "kernel-firmware-missing");
		CU_ASSERT_EQUAL(n, 1);
	}
	f = find(d, "kernel-aer", 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_STRING_EQUAL(mg_finding_get_title(f), "the kernel logged 2 PCIe error lines (AER) on the adapter's path");
	CU_ASSERT_TRUE(has_evidence(f, "pcieport 0001:00:00.0: AER: Corrected error message received from 0001:01:00.0",
				    "drivers/pci/pcie/aer.c"));
	f = find(d, "kernel-tx-timeout", 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_STRING_EQUAL(mg_finding_get_title(f),
			       "the adapter stopped transmitting 1 time (TX timeout): the driver reset it");
	f = find(d, "kernel-pcie-link-down", 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	/* The other host bridge's "link down" is not this adapter's. */
	CU_ASSERT_STRING_EQUAL(mg_finding_get_title(f),
			       "the PCIe link at the adapter's host bridge did not come up (1 time)");
	CU_ASSERT_PTR_NOT_NULL(find(d, "kernel-pcie-gen-forced", 0));
	mg_doctor_free(d);
	mg_ctx_unref(ctx);
	rm_tree(tmp);
}

/* A capture keeps the lines it used, nothing else, and replays them the same. */
static void test_capture_keeps_used(void)
{
	char tmp[4096], tmp2[4096], path[4200], *text = NULL;
	struct mg_ctx *ctx = tree_with_log("pi5-rtl8126", "pi5-rtl8126-gen2.kmsg", 0, tmp), *again;
	struct mg_nic *nic;
	size_t len = 0;
	FILE *f;

	again = replay_of_capture(ctx, tmp2);
	snprintf(path, sizeof(path), "%s/c/multigig/kmsg", tmp2);
	f = fopen(path, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_NOT_EQUAL(getdelim(&text, &len, '\0', f), -1);
	fclose(f);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "315,1203456,-;brcm-pcie 1000110000.pcie: link down\n"));
	CU_ASSERT_PTR_NULL(strstr(text, "ranges"));
	CU_ASSERT_PTR_NULL(strstr(text, "eth10"));
	CU_ASSERT_PTR_NULL(strstr(text, "1000120000.pcie"));
	CU_ASSERT_PTR_NULL(strstr(text, "XID 64a, IRQ"));
	free(text);
	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup_with(again, "eth1", MG_NIC_WITH_KERNEL_LOG, &nic), 0);
	check_pi5_lines(mg_nic_get_kernel_log(nic));
	mg_nic_unref(nic);
	mg_ctx_unref(again);
	mg_ctx_unref(ctx);
	rm_tree(tmp);
	rm_tree(tmp2);
}

static void expect_unknown(const char *kmsg, size_t len, const char *reason)
{
	char tmp[4096], line[512];
	struct mg_ctx *ctx = tree_with_log("pi5-rtl8126", kmsg, len, tmp);
	struct mg_nic *nic;
	char *json, *text = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup_with(ctx, "eth1", MG_NIC_WITH_KERNEL_LOG, &nic), 0);
	CU_ASSERT_STRING_EQUAL(mg_kernel_log_get_unknown_reason(mg_nic_get_kernel_log(nic)), reason);
	CU_ASSERT_EQUAL(mg_kernel_log_get_count(mg_nic_get_kernel_log(nic)), 0);
	/* In show's text, why in place of the lines. */
	snprintf(line, sizeof(line), "kernel log:        unknown: %s\n", reason);
	mg_check_text(mg_kernel_log_to_text(mg_nic_get_kernel_log(nic), &text), &text, line);
	CU_ASSERT_EQUAL_FATAL(mg_nic_show_to_json(nic, NULL, NULL, MG_JSON_LINE, &json), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"kernel_log\":null,\"kernel_log_unknown\":\""));
	free(json);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
	rm_tree(tmp);
}

static void test_unknown(void)
{
	static const char denied[] = "!error 1\n";

	expect_unknown(NULL, 0, "this capture holds no kernel log (captures made before libmultigig 0.3 have none)");
	expect_unknown(denied, sizeof(denied) - 1, "reading the kernel log needs CAP_SYSLOG, or kernel.dmesg_restrict=0");
}

/* A flapping link: the newest lines are kept, a bounded number of them. */
static void test_many_lines(void)
{
	size_t size = 3000 * 80, len = 0;
	char *text = malloc(size), tmp[4096];
	struct mg_ctx *ctx;
	struct mg_nic *nic;
	const struct mg_kernel_log *log;
	uint64_t seq;

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	for (int i = 0; i < 3000; i++)
		len += (size_t)snprintf(text + len, size - len, "6,%d,%d,-;eth1: Link is %s\n", i, i * 1000,
					i % 2 ? "Down" : "Up - 5Gbps/Full - flow control off");
	ctx = tree_with_log("pi5-rtl8126", text, len, tmp);
	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup_with(ctx, "eth1", MG_NIC_WITH_KERNEL_LOG, &nic), 0);
	log = mg_nic_get_kernel_log(nic);
	CU_ASSERT_EQUAL(mg_kernel_log_get_count(log), 256);
	CU_ASSERT_EQUAL(mg_kernel_log_get_sequence(log, 255, &seq), 0);
	CU_ASSERT_EQUAL(seq, 2999);
	CU_ASSERT_EQUAL(mg_kernel_log_get_sequence(log, 0, &seq), 0);
	CU_ASSERT_EQUAL(seq, 3000 - 256);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
	rm_tree(tmp);
	free(text);
}

/* Hostile: a 10 MB line, garbage, an escape sequence and an overwritten ring around real lines. */
static void test_hostile_log(void)
{
	size_t big = 10u << 20, len = 0;
	char *text = malloc(big + 4096), tmp[4096];
	struct mg_ctx *ctx;
	struct mg_nic *nic;
	const struct mg_kernel_log *log;
	char *json;

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	len += (size_t)sprintf(text, "6,1,1,-;eth1: ");
	memset(text + len, 'x', big);
	len += big;
	len += (size_t)sprintf(text + len, "\ngarbage\n!EPIPE\n6,50,2,-;eth1: Link is Up - 5Gbps/Full\x1b]0;pwned\x07\n"
					   "\xff\xfe,1,1,-;eth1: Link is Down\n6,51,3,-;eth1: Link is Down\n");
	ctx = tree_with_log("pi5-rtl8126", text, len, tmp);
	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup_with(ctx, "eth1", MG_NIC_WITH_KERNEL_LOG, &nic), 0);
	log = mg_nic_get_kernel_log(nic);
	CU_ASSERT_EQUAL_FATAL(mg_kernel_log_get_count(log), 2);
	CU_ASSERT_STRING_EQUAL(mg_kernel_log_get_text(log, 0), "eth1: Link is Up - 5Gbps/Full\\x1b]0;pwned\\x07");
	CU_ASSERT_STRING_EQUAL(mg_kernel_log_get_kind(log, 1), "link-down");
	CU_ASSERT_EQUAL(mg_kernel_log_get_overwritten(log), 1);
	CU_ASSERT_EQUAL_FATAL(mg_nic_show_to_json(nic, NULL, NULL, 0, &json), 0);
	CU_ASSERT_PTR_NULL(strchr(json, '\x1b'));
	free(json);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
	rm_tree(tmp);
	free(text);
}

/*
 * show's text: each line as dmesg has it, its meaning under it. The
 * kernel's escapes in a line (\x5c for a backslash, \x1b) keep their
 * backslash visible, doubled, as text shows one that could start an escape.
 */
static void test_show_text(void)
{
	static const char log[] = "6,1,1000000,-;eth1: Link is Up - 5Gbps/Full - flow control off\n"
				  "4,2,123456789012,-;eth1: NETDEV WATCHDOG: CPU: 0: transmit queue 0 timed out "
				  "\\ \x1b[2J\n"
				  "6,3,123456800000,-;eth1: Link is Down\n";
	char tmp[4096];
	struct mg_ctx *ctx = tree_with_log("pi5-rtl8126", log, sizeof(log) - 1, tmp);
	struct mg_nic *nic;
	char *text = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup_with(ctx, "eth1", MG_NIC_WITH_KERNEL_LOG, &nic), 0);
	mg_check_text(mg_kernel_log_to_text(mg_nic_get_kernel_log(nic), &text), &text,
		   "kernel log:        [    1.000000] eth1: Link is Up - 5Gbps/Full - flow control off\n"
		   "                     = link up at 5Gbps, full duplex\n"
		   "                   [123456.789012] eth1: NETDEV WATCHDOG: CPU: 0: transmit queue 0 timed out "
		   "\\\\x5c \\\\x1b[2J\n"
		   "                     = transmit queue 0 stalled (TX timeout): the driver resets the adapter\n"
		   "                   [123456.800000] eth1: Link is Down\n"
		   "                     = link down\n");
	CU_ASSERT_EQUAL(mg_kernel_log_to_text(NULL, &text), -EINVAL);
	CU_ASSERT_EQUAL(mg_kernel_log_to_text(mg_nic_get_kernel_log(nic), NULL), -EINVAL);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
	rm_tree(tmp);
}

/* The HTML report lists the lines, escaped: a line is the kernel's text, or anybody's written into /dev/kmsg. */
static void test_html_report(void)
{
	static const char log[] = "6,1,1000000,-;eth1: Link is Up - 5Gbps/Full - flow control off\n"
				  "4,2,2000000,-;eth1: NETDEV WATCHDOG: CPU: 0: transmit queue 0 timed out <script>x</script>\n";
	char tmp[4096];
	struct mg_ctx *ctx = tree_with_log("pi5-rtl8126", log, sizeof(log) - 1, tmp);
	struct mg_nic *nic;
	char *html = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, "eth1", &nic), 0);
	CU_ASSERT_EQUAL_FATAL(mg_report_html(ctx, nic, 0, &html), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(html, "<h3>Kernel log</h3>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(html, "<tr><td>1.000000</td><td>info</td><td><code>eth1: Link is Up - 5Gbps/Full - "
					    "flow control off</code></td><td>link up at 5Gbps, full duplex</td></tr>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(html, "timed out &lt;script&gt;x&lt;/script&gt;</code>"));
	CU_ASSERT_PTR_NULL(strstr(html, "<script>"));
	free(html);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
	rm_tree(tmp);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("klog", NULL, NULL, MG_TEST(test_parse_record), MG_TEST(test_escapes), MG_TEST(test_nul_in_text),
		     MG_TEST(test_garbage), MG_TEST(test_long_line), MG_TEST(test_overwritten), MG_TEST(test_split),
		     MG_TEST(test_attribute), MG_TEST(test_known), MG_TEST(test_unknown_chip_since), MG_TEST(test_firmware_package),
		     MG_TEST(test_pi5_lines), MG_TEST(test_doctor_unknown_chip), MG_TEST(test_doctor_pi5),
		     MG_TEST(test_capture_keeps_used), MG_TEST(test_unknown), MG_TEST(test_many_lines),
		     MG_TEST(test_hostile_log), MG_TEST(test_show_text), MG_TEST(test_html_report));
	return mg_test_run();
}
