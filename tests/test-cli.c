/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "library": the multigig CLI on fixture trees. Its JSON is parsed
 * with json-c and checked field by field; exit codes and error lines too.
 */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <json-c/json.h>

#include "mg-test.h"
#include "test-util.h"

struct run {
	int status;
	char out[65536];
	char err[4096];
};

/* Run the CLI with @args (a shell word list), capturing stdout and stderr. */
static void cli(struct run *r, const char *args)
{
	char cmd[8192], errfile[4096], tmp[4096];
	size_t n;
	FILE *p, *e;

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, sizeof(tmp)));
	snprintf(errfile, sizeof(errfile), "%s/stderr", tmp);
	snprintf(cmd, sizeof(cmd), "cd '%s' && '%s' %s 2>'%s'", FIXTURE_TREES, MULTIGIG_CLI, args,
		 errfile);
	p = popen(cmd, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	n = fread(r->out, 1, sizeof(r->out) - 1, p);
	r->out[n] = '\0';
	r->status = pclose(p);
	r->status = WIFEXITED(r->status) ? WEXITSTATUS(r->status) : -1;
	r->err[0] = '\0';
	e = fopen(errfile, "r");
	if (e) {
		n = fread(r->err, 1, sizeof(r->err) - 1, e);
		r->err[n] = '\0';
		fclose(e);
	}
	rm_tree(tmp);
}

static json_object *cli_json(const char *args)
{
	static __thread struct run r;
	json_object *o;

	cli(&r, args);
	CU_ASSERT_EQUAL(r.status, 0);
	o = json_tokener_parse(r.out);
	CU_ASSERT_PTR_NOT_NULL(o);
	return o;
}

static const char *jget_str(json_object *o, const char *key)
{
	json_object *v;

	if (!json_object_object_get_ex(o, key, &v))
		return "<missing>";
	return v ? json_object_get_string(v) : NULL;
}

static double jget_double(json_object *o, const char *key)
{
	json_object *v;

	if (!json_object_object_get_ex(o, key, &v) || !v)
		return -1000;
	return json_object_get_double(v);
}

static int jget_int(json_object *o, const char *key)
{
	json_object *v;

	if (!json_object_object_get_ex(o, key, &v))
		return -1000;
	return v ? json_object_get_int(v) : MG_UNKNOWN;
}

static json_object *by_name(json_object *arr, const char *name)
{
	for (size_t i = 0; i < json_object_array_length(arr); i++) {
		json_object *o = json_object_array_get_idx(arr, i);
		const char *n = jget_str(o, "name"), *a = jget_str(o, "address");

		if ((n && !strcmp(n, name)) || (!n && a && !strcmp(a, name)))
			return o;
	}
	return NULL;
}

#define CHECK_STR(o, key, want) CU_ASSERT_TRUE(str_eq(jget_str(o, key), want))

static void test_list_json_desktop(void)
{
	json_object *arr = cli_json("--sysfs-root desktop list --json");
	json_object *o;

	CU_ASSERT_FATAL(json_object_is_type(arr, json_type_array));
	CU_ASSERT_EQUAL(json_object_array_length(arr), 4);

	o = by_name(arr, "enp1s0");
	CU_ASSERT_PTR_NOT_NULL_FATAL(o);
	CU_ASSERT_EQUAL(jget_int(o, "ifindex"), 2);
	CHECK_STR(o, "bus", "pci");
	CHECK_STR(o, "address", "0000:01:00.0");
	CHECK_STR(o, "vendor_id", "0x8086");
	CHECK_STR(o, "device_id", "0x10c9");
	CHECK_STR(o, "vendor", "Intel Corporation");
	CHECK_STR(o, "device", "82576 Gigabit Network Connection");
	CHECK_STR(o, "driver", "igb");
	CHECK_STR(o, "driver_version", "6.1.0-28-amd64");
	CHECK_STR(o, "firmware_version", "1.2.1");
	CU_ASSERT_EQUAL(jget_int(o, "mtu"), 1500);
	CU_ASSERT_EQUAL(jget_int(o, "min_mtu"), 68);
	CU_ASSERT_EQUAL(jget_int(o, "max_mtu"), 9216);
	CHECK_STR(o, "operstate", "up");

	o = by_name(arr, "0000:02:00.0");
	CU_ASSERT_PTR_NOT_NULL_FATAL(o);
	CHECK_STR(o, "name", NULL);
	CU_ASSERT_EQUAL(jget_int(o, "ifindex"), MG_UNKNOWN);
	CHECK_STR(o, "vendor_id", "0x10ec");
	CHECK_STR(o, "device_id", "0x8126");
	CHECK_STR(o, "driver", NULL);
	CHECK_STR(o, "has_driver", "false");
	CHECK_STR(o, "operstate", NULL);
	CU_ASSERT_EQUAL(jget_int(o, "mtu"), MG_UNKNOWN);

	o = by_name(arr, "enx00e04c680001");
	CU_ASSERT_PTR_NOT_NULL_FATAL(o);
	CHECK_STR(o, "bus", "usb");
	CHECK_STR(o, "address", "2-1");
	CHECK_STR(o, "vendor_id", "0x0bda");
	CHECK_STR(o, "device_id", "0x8156");
	CHECK_STR(o, "vendor", "Realtek");
	CHECK_STR(o, "driver", "r8152");
	CU_ASSERT_EQUAL(jget_int(o, "min_mtu"), MG_UNKNOWN);

	o = by_name(arr, "lo");
	CU_ASSERT_PTR_NOT_NULL_FATAL(o);
	CHECK_STR(o, "bus", "virtual");
	CHECK_STR(o, "address", NULL);
	CHECK_STR(o, "kind", "loopback");
	json_object_put(arr);
}

static void test_show_json(void)
{
	json_object *o = cli_json("--sysfs-root desktop show enx00e04c680001 --json");

	CU_ASSERT_FATAL(json_object_is_type(o, json_type_object));
	CU_ASSERT_EQUAL(jget_int(o, "usb_speed_mbps"), 5000);
	CHECK_STR(o, "revision", "0x3104");
	CHECK_STR(o, "parent", "2-1:1.0");
	CHECK_STR(o, "class", NULL);
	{
		json_object *usb;

		CU_ASSERT_FATAL(json_object_object_get_ex(o, "usb", &usb) && usb);
		CU_ASSERT_EQUAL(jget_int(usb, "link_mbps"), 5000);
		CU_ASSERT_EQUAL(jget_int(usb, "data_ceiling_mbps"), 4000);
		CU_ASSERT_EQUAL(jget_int(usb, "protocol_overhead_pct_estimate"), 10);
		CU_ASSERT_EQUAL(jget_int(usb, "expected_ceiling_mbps"), 3600);
	}
	{
		/* The library's verdict: the 2.5G line is below the USB link's ceiling. */
		json_object *t;

		CU_ASSERT_FATAL(json_object_object_get_ex(o, "throughput", &t) && t);
		CU_ASSERT_EQUAL(jget_int(t, "line_rate_mbps"), 2500);
		CHECK_STR(t, "limited_by", "ethernet");
		CU_ASSERT_DOUBLE_EQUAL(jget_double(t, "expected_rx_gbps"), 2.354, 1e-9);
	}
	json_object_put(o);

	o = cli_json("show --json 0000:01:00.0 --sysfs-root desktop");
	CHECK_STR(o, "name", "enp1s0");
	CHECK_STR(o, "subsystem_vendor_id", "0x8086");
	CHECK_STR(o, "subsystem_device_id", "0xa03c");
	CHECK_STR(o, "class", "0x020000");
	CHECK_STR(o, "revision", "0x01");
	json_object_put(o);
}

static void test_list_json_virtio(void)
{
	json_object *arr = cli_json("--json --sysfs-root virtio-vm list");
	json_object *o = by_name(arr, "eth0");

	CU_ASSERT_PTR_NOT_NULL_FATAL(o);
	CHECK_STR(o, "bus", "pci");
	CHECK_STR(o, "driver", "virtio_net");
	CHECK_STR(o, "vendor_id", "0x1af4");
	CHECK_STR(o, "device_id", "0x1041");
	CHECK_STR(o, "vendor", "Red Hat, Inc.");
	CHECK_STR(o, "device", "Virtio 1.0 network device");
	json_object_put(arr);
}

/* What `multigig capture` writes replays to the same JSON. */
static void test_capture_replays_same_json(void)
{
	char tmp[4096], args[8192];
	const char *trees[] = { "desktop", "virtio-vm", "netns-virtual" };

	for (size_t i = 0; i < sizeof(trees) / sizeof(trees[0]); i++) {
		json_object *before, *after;
		struct run r;

		CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, sizeof(tmp)));
		snprintf(args, sizeof(args), "--sysfs-root %s capture '%s/c'", trees[i], tmp);
		cli(&r, args);
		CU_ASSERT_EQUAL(r.status, 0);
		snprintf(args, sizeof(args), "--sysfs-root %s list --json", trees[i]);
		before = cli_json(args);
		snprintf(args, sizeof(args), "--sysfs-root '%s/c' list --json", tmp);
		after = cli_json(args);
		CU_ASSERT_TRUE(json_object_equal(before, after));
		json_object_put(before);
		json_object_put(after);
		rm_tree(tmp);
	}
}

/*
 * A capture carries what `pcie` reads too: config spaces (the extended
 * space with them), link attributes, ASPM controls, AER counters and the
 * ASPM policy.
 */
static void test_capture_replays_pcie(void)
{
	const char *trees[][2] = { { "pi5-rtl8126", "eth1" }, { "gen5-x16", "ens1f0np0" },
				   { "cm4-rtl8125", "0000:01:00.0" }, { "pi5-rtl8126-gen3", "eth1" } };
	char tmp[4096], args[8192];

	for (size_t i = 0; i < sizeof(trees) / sizeof(trees[0]); i++) {
		json_object *before, *after;
		struct run r;

		CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, sizeof(tmp)));
		snprintf(args, sizeof(args), "--sysfs-root %s capture '%s/c'", trees[i][0], tmp);
		cli(&r, args);
		CU_ASSERT_EQUAL(r.status, 0);
		snprintf(args, sizeof(args), "--sysfs-root %s pcie %s --json", trees[i][0], trees[i][1]);
		before = cli_json(args);
		snprintf(args, sizeof(args), "--sysfs-root '%s/c' pcie %s --json", tmp, trees[i][1]);
		after = cli_json(args);
		CU_ASSERT_TRUE(json_object_equal(before, after));
		json_object_put(before);
		json_object_put(after);
		rm_tree(tmp);
	}
}

static void test_text_output(void)
{
	struct run r;

	cli(&r, "--sysfs-root desktop list");
	CU_ASSERT_EQUAL(r.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "INTERFACE"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "no-driver"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "2.5G"));
	cli(&r, "--sysfs-root desktop show 02:00.0");
	CU_ASSERT_EQUAL(r.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "none bound"));
}

/*
 * show prints each queue's CPUs as set takes and echoes them ("tx-2:2",
 * none for no CPU), not the kernel's hex mask (enp2s0's tx-2 is "4": CPU
 * 2); its JSON keeps the mask and gives the list beside it.
 */
static void test_show_queue_cpus(void)
{
	json_object *o, *irqs, *rx, *tx;
	struct run r;

	cli(&r, "--sysfs-root sensors-pc show enp2s0");
	CU_ASSERT_EQUAL(r.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\nrps cpus:          rx-0:none rx-1:none rx-2:none rx-3:none\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\nxps cpus:          tx-0:0 tx-1:1 tx-2:2 tx-3:3\n"));
	if (!strstr(r.out, "tx-2:2"))
		fprintf(stderr, "show enp2s0:\n%s", r.out);
	o = cli_json("--sysfs-root sensors-pc show enp2s0 --json");
	CU_ASSERT_FATAL(o && json_object_object_get_ex(o, "irqs", &irqs) && irqs);
	CU_ASSERT_FATAL(json_object_object_get_ex(irqs, "rx_queues", &rx) && json_object_array_length(rx) == 4);
	CU_ASSERT_FATAL(json_object_object_get_ex(irqs, "tx_queues", &tx) && json_object_array_length(tx) == 4);
	CHECK_STR(json_object_array_get_idx(rx, 0), "rps_cpus", "0");
	CHECK_STR(json_object_array_get_idx(rx, 0), "rps_cpus_list", "");
	CHECK_STR(json_object_array_get_idx(tx, 2), "xps_cpus", "4");
	CHECK_STR(json_object_array_get_idx(tx, 2), "xps_cpus_list", "2");
	json_object_put(o);
}

static int count_lines(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* doctor: ranked findings in text and JSON, and its own options only with it. */
static void test_doctor(void)
{
	struct run r;

	cli(&r, "--sysfs-root pi5-rtl8126 doctor");
	CU_ASSERT_EQUAL(r.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "critical eth1"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "[pcie-ceiling-below-ethernet]"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "fix: the Raspberry Pi 5"));
	CU_ASSERT_TRUE(strstr(r.out, "[pcie-ceiling-below-ethernet]") < strstr(r.out, "[pcie-below-capability]"));
	cli(&r, "--sysfs-root desktop --json doctor 02:00.0");
	CU_ASSERT_EQUAL(r.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\"id\": \"no-driver\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\"fixable\": false"));
	cli(&r, "--sysfs-root desktop doctor enp1s0");
	CU_ASSERT_EQUAL(r.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "no findings"));
	cli(&r, "--sysfs-root desktop doctor eth9");
	CU_ASSERT_EQUAL(r.status, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "eth9"));
	cli(&r, "--sysfs-root desktop doctor --interval 0");
	CU_ASSERT_EQUAL(r.status, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "--interval"));
	cli(&r, "--sysfs-root desktop list --fix");
	CU_ASSERT_EQUAL(r.status, 2);
	cli(&r, "--sysfs-root desktop doctor --all enp1s0");
	CU_ASSERT_EQUAL(r.status, 2);
	/* A capture is never changed: the plan is refused before anything. */
	cli(&r, "--sysfs-root pi5-rtl8126 doctor --fix --yes");
	CU_ASSERT_EQUAL(r.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "no finding has a fix that is a settings change"));
}

static void test_errors_and_usage(void)
{
	struct run r;

	cli(&r, "--sysfs-root desktop show eth9");
	CU_ASSERT_EQUAL(r.status, 1);
	CU_ASSERT_EQUAL(count_lines(r.err), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "no network interface named 'eth9'"));
	CU_ASSERT_STRING_EQUAL(r.out, "");

	cli(&r, "--sysfs-root desktop show averyveryverylongname");
	CU_ASSERT_EQUAL(r.status, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "too long"));

	cli(&r, "--sysfs-root /nonexistent list");
	CU_ASSERT_EQUAL(r.status, 1);
	CU_ASSERT_EQUAL(count_lines(r.err), 1);

	cli(&r, "");
	CU_ASSERT_EQUAL(r.status, 2);
	cli(&r, "frobnicate");
	CU_ASSERT_EQUAL(r.status, 2);
	cli(&r, "show");
	CU_ASSERT_EQUAL(r.status, 2);
	cli(&r, "list extra");
	CU_ASSERT_EQUAL(r.status, 2);
	cli(&r, "--bogus list");
	CU_ASSERT_EQUAL(r.status, 2);
	cli(&r, "list --sysfs-root");
	CU_ASSERT_EQUAL(r.status, 2);
	/* --netns: a name that is none is bad usage; one that is not there is said, before any other work. */
	cli(&r, "--netns");
	CU_ASSERT_EQUAL(r.status, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "option '--netns' needs an argument"));
	cli(&r, "-n .. list");
	CU_ASSERT_EQUAL(r.status, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "'..' is no namespace name"));
	cli(&r, "--sysfs-root desktop list -n blue");
	CU_ASSERT_EQUAL(r.status, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "a captured tree belongs to no network namespace"));
	cli(&r, "list -n mg-no-such-namespace");
	CU_ASSERT_EQUAL(r.status, 1);
	CU_ASSERT_EQUAL(count_lines(r.err), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "no network namespace 'mg-no-such-namespace'"));
	CU_ASSERT_STRING_EQUAL(r.out, "");

	cli(&r, "--help");
	CU_ASSERT_EQUAL(r.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "Usage: multigig"));
	cli(&r, "list --version");
	CU_ASSERT_EQUAL(r.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, PACKAGE_VERSION));
}

static void test_pcie_json(void)
{
	json_object *o = cli_json("--sysfs-root pi5-rtl8126 pcie eth1 --json");
	json_object *path, *dev, *port, *limit;

	CU_ASSERT_FATAL(json_object_is_type(o, json_type_object));
	CHECK_STR(o, "address", "0001:01:00.0");
	CU_ASSERT_FATAL(json_object_object_get_ex(o, "path", &path));
	CU_ASSERT_EQUAL_FATAL(json_object_array_length(path), 2);
	dev = json_object_array_get_idx(path, 0);
	port = json_object_array_get_idx(path, 1);
	CHECK_STR(dev, "role", "endpoint");
	CHECK_STR(port, "role", "root_port");
	CU_ASSERT_DOUBLE_EQUAL(jget_double(dev, "cap_speed_gts"), 8.0, 1e-9);
	CU_ASSERT_EQUAL(jget_int(dev, "cap_width"), 1);
	CU_ASSERT_DOUBLE_EQUAL(jget_double(dev, "speed_gts"), 5.0, 1e-9);
	CU_ASSERT_EQUAL(jget_int(dev, "width"), 1);
	CU_ASSERT_EQUAL(jget_int(dev, "mps"), 512);
	CU_ASSERT_EQUAL(jget_int(dev, "mrrs"), 2048);
	CU_ASSERT_FATAL(json_object_object_get_ex(o, "limit", &limit));
	CHECK_STR(limit, "address", "0001:00:00.0");
	CU_ASSERT_DOUBLE_EQUAL(jget_double(limit, "speed_gts"), 5.0, 1e-9);
	CU_ASSERT_EQUAL(jget_int(limit, "width"), 1);
	CU_ASSERT_DOUBLE_EQUAL(jget_double(limit, "available_gbps"), 4.0, 1e-9);
	CU_ASSERT_PTR_NOT_NULL(strstr(jget_str(o, "advice"), "dtparam=pciex1_gen=3"));
	/* Link health, per hop. */
	CHECK_STR(o, "aspm_policy", "default");
	CU_ASSERT_EQUAL(json_object_array_length(json_object_object_get(dev, "aspm_enabled")), 1);
	CU_ASSERT_STRING_EQUAL(json_object_get_string(json_object_array_get_idx(
				       json_object_object_get(dev, "l1ss_enabled"), 1)), "ASPM_L1.2");
	CU_ASSERT_TRUE(json_object_get_boolean(json_object_object_get(
		json_object_object_get(dev, "aspm_sysfs"), "l1_aspm")));
	CU_ASSERT_EQUAL(jget_int(json_object_object_get(json_object_object_get(dev, "aer"), "correctable"),
				 "total"), 49);
	CU_ASSERT_EQUAL(jget_int(json_object_object_get(json_object_object_get(port, "aer"), "rootport_total"),
				 "correctable"), 49);
	CU_ASSERT_PTR_NULL(json_object_object_get(port, "aspm_sysfs"));
	CU_ASSERT_FALSE(json_object_get_boolean(json_object_object_get(
		json_object_object_get(port, "training"), "below_target")));
	json_object_put(o);

	/* The Gen 3 port whose link stayed at 5 GT/s. */
	o = cli_json("--sysfs-root pi5-rtl8126-gen3 pcie eth1 --json");
	port = json_object_array_get_idx(json_object_object_get(o, "path"), 1);
	CU_ASSERT_TRUE(json_object_get_boolean(json_object_object_get(
		json_object_object_get(port, "training"), "below_target")));
	CU_ASSERT_TRUE(json_object_get_boolean(json_object_object_get(
		json_object_object_get(port, "training"), "bandwidth_managed")));
	CU_ASSERT_PTR_NOT_NULL(strstr(jget_str(o, "advice"), "trained at 5 GT/s"));
	json_object_put(o);

	/* The summary and the verdict in show --json. */
	o = cli_json("--sysfs-root pi5-rtl8126 show eth1 --json");
	CU_ASSERT_FATAL(json_object_object_get_ex(o, "pcie", &limit) && limit);
	CU_ASSERT_DOUBLE_EQUAL(jget_double(limit, "available_gbps"), 4.0, 1e-9);
	CU_ASSERT_FATAL(json_object_object_get_ex(o, "throughput", &limit) && limit);
	CHECK_STR(limit, "limited_by_rx", "pcie");
	CU_ASSERT_DOUBLE_EQUAL(jget_double(limit, "expected_rx_gbps"), 3.451, 1e-9);
	json_object_put(o);

	/* A virtual interface: nothing bounds it. */
	o = cli_json("--sysfs-root netns-virtual show veth0 --json");
	CU_ASSERT_FATAL(json_object_object_get_ex(o, "throughput", &limit) && limit);
	CHECK_STR(limit, "limited_by", NULL);
	CU_ASSERT_FATAL(json_object_object_get_ex(limit, "expected_rx_gbps", &dev));
	CU_ASSERT_PTR_NULL(dev);
	json_object_put(o);
}

/* The path diagram shows each hop's health in a line; show says ASPM in a word. */
static void test_pcie_health_text(void)
{
	static struct run r;

	cli(&r, "--sysfs-root pi5-rtl8126 pcie eth1");
	CU_ASSERT_EQUAL(r.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "ASPM L1 (supports L0s L1), L1 substates ASPM_L1.1 ASPM_L1.2; "
					   "AER 49 correctable (BadTLP 37, BadDLLP 12)\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "AER 49 correctable from below\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "ASPM policy: default\n"));
	CU_ASSERT_PTR_NULL(strstr(r.out, "did not train"));
	cli(&r, "--sysfs-root pi5-rtl8126 show eth1");
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "4.000 Gb/s, ASPM L1 (see multigig pcie)"));

	cli(&r, "--sysfs-root pi5-rtl8126-gen3 pcie eth1");
	CU_ASSERT_EQUAL(r.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "the link did not train to its target: 5 GT/s of 8 GT/s"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "retrained, or slowed to correct errors (BWMgmt)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "ASPM off (supports L0s L1); AER 1203 correctable (RxErr 1203)"));

	/* A dump: registers only, and no policy of this machine. */
	cli(&r, "--sysfs-root phys --pci-dump ../pci/fujitsu-p8010-ich8m-cardbus.lspci pcie 00:1b.0");
	CU_ASSERT_EQUAL(r.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "integrated in the root complex: it has no PCIe link"));
	CU_ASSERT_PTR_NULL(strstr(r.out, "ASPM policy"));
}

static void test_pcie_dump(void)
{
	json_object *o = cli_json("--sysfs-root desktop --pci-dump ../pci/intel-82576-gen1-x4.lspci "
				  "pcie 01:00.0 --json");
	json_object *path, *dev;

	CU_ASSERT_FATAL(json_object_object_get_ex(o, "path", &path));
	dev = json_object_array_get_idx(path, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(dev);
	CU_ASSERT_DOUBLE_EQUAL(jget_double(dev, "cap_speed_gts"), 2.5, 1e-9);
	CU_ASSERT_EQUAL(jget_int(dev, "cap_width"), 4);
	CU_ASSERT_EQUAL(jget_int(dev, "mps"), 256);
	CU_ASSERT_EQUAL(jget_int(dev, "mrrs"), 512);
	json_object_put(o);
}

static void test_estimate(void)
{
	json_object *o = cli_json("estimate --pcie-gen 2 --pcie-width 1 --mps 256 --header 4dw "
				  "--mtu 1500 --link-mbps 10000 --json");
	struct run r;

	CU_ASSERT_DOUBLE_EQUAL(jget_double(o, "pcie_available_gbps"), 4.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(jget_double(o, "rx_ceiling_gbps"), 3.278, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(jget_double(o, "tx_ceiling_gbps"), 3.285, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(jget_double(o, "ethernet_ceiling_gbps"), 9.415, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(jget_double(o, "expected_rx_gbps"), 3.278, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(jget_double(o, "expected_tx_gbps"), 3.285, 1e-9);
	CHECK_STR(o, "limited_by", "pcie");
	json_object_put(o);

	o = cli_json("estimate --pcie-gen 3 --pcie-width 1 --mps 256 --mtu 1500 --link-mbps 2500 --json");
	CHECK_STR(o, "limited_by", "ethernet");
	json_object_put(o);

	/* Each refusal names the option typed, then the library's reason. */
	cli(&r, "estimate --pcie-gen 9 --pcie-width 1 --mps 256 --mtu 1500 --link-mbps 10000");
	CU_ASSERT_EQUAL(r.status, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "--pcie-gen: PCIe generation must be 1..6, not 9"));
	cli(&r, "estimate --pcie-gen 3 --pcie-width 3 --mps 256 --mtu 1500 --link-mbps 10000");
	CU_ASSERT_EQUAL(r.status, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "--pcie-width: PCIe link width"));
	cli(&r, "estimate --pcie-gen 3 --pcie-width 1 --mps 100 --mtu 1500 --link-mbps 10000");
	CU_ASSERT_EQUAL(r.status, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "--mps: max payload size"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "not 100"));
	cli(&r, "estimate --pcie-gen 3 --pcie-width 1 --mps 256 --mtu 67 --link-mbps 10000");
	CU_ASSERT_EQUAL(r.status, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "--mtu: MTU must be"));
	cli(&r, "estimate --pcie-gen 3 --pcie-width 1 --mps 128 --completion 256 --mtu 1500 --link-mbps 10000");
	CU_ASSERT_EQUAL(r.status, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "--completion 256 with --mps 128"));
	cli(&r, "estimate --pcie-gen 3 --pcie-width 1 --mps 256 --mtu 1500 --link-mbps 10000 --header 5dw");
	CU_ASSERT_EQUAL(r.status, 2);
	cli(&r, "estimate --pcie-gen three --pcie-width 1 --mps 256 --mtu 1500 --link-mbps 10000");
	CU_ASSERT_EQUAL(r.status, 2);
	cli(&r, "estimate --pcie-gen 3");
	CU_ASSERT_EQUAL(r.status, 2);
	cli(&r, "list --mps 256");
	CU_ASSERT_EQUAL(r.status, 2);
}

/* wifi NAME: an interface without a wiphy is named as such, an unknown name as unknown. */
static void test_wifi_names(void)
{
	struct run r;

	cli(&r, "--sysfs-root desktop wifi enx00e04c680001");
	CU_ASSERT_EQUAL(r.status, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "wifi: enx00e04c680001 is not a Wi-Fi interface: no wiphy behind it"));
	cli(&r, "--sysfs-root desktop wifi nosuch0");
	CU_ASSERT_EQUAL(r.status, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "wifi: no wiphy or Wi-Fi interface named 'nosuch0'"));
}

static void test_estimate_wifi(void)
{
	json_object *o = cli_json("--json estimate --wifi eht --mcs 12 --nss 2 --width 320 --gi 0.8");
	struct run r;

	CU_ASSERT_DOUBLE_EQUAL(jget_double(o, "phy_rate_mbps"), 5188.2, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(jget_double(o, "tcp_goodput_mbps"), 2853.5, 1e-9);
	CU_ASSERT_EQUAL(jget_int(o, "efficiency_pct"), 55);
	CHECK_STR(o, "mode", "eht");
	json_object_put(o);
	o = cli_json("estimate --wifi he --mcs 11 --nss 2 --width 160 --json");
	CU_ASSERT_DOUBLE_EQUAL(jget_double(o, "phy_rate_mbps"), 2402.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(jget_double(o, "gi_us"), 0.8, 1e-9);
	json_object_put(o);
	o = cli_json("estimate --wifi ht --mcs 15 --width 40 --gi 0.4 --json");
	CU_ASSERT_DOUBLE_EQUAL(jget_double(o, "phy_rate_mbps"), 300.0, 1e-9);
	CU_ASSERT_EQUAL(jget_int(o, "nss"), 2);
	json_object_put(o);
	cli(&r, "estimate --wifi vht --mcs 9 --nss 1 --width 20");
	CU_ASSERT_EQUAL(r.status, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "VHT MCS 9 is not defined at 20 MHz on 1 spatial stream"));
	cli(&r, "estimate --wifi ht --mcs 8 --nss 1 --width 20");
	CU_ASSERT_EQUAL(r.status, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "HT MCS 8 already names 2 spatial streams"));
	cli(&r, "estimate --wifi wifi7 --mcs 1 --width 20");
	CU_ASSERT_EQUAL(r.status, 2);
	cli(&r, "estimate --wifi he --mcs 1 --nss 1");
	CU_ASSERT_EQUAL(r.status, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "needs --mcs and --width"));
	/*
	 * VHT, HE and EHT rates are per stream: --nss is required, as the help
	 * (and the page, tests/check-man.py) says; HT and legacy run without it.
	 */
	cli(&r, "estimate --wifi he --mcs 1 --width 20");
	CU_ASSERT_EQUAL(r.status, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "estimate --wifi he needs --nss N, the spatial streams"));
	cli(&r, "estimate --wifi vht --mcs 1 --width 20");
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "(iw's station dump says VHT-NSS)"));
	cli(&r, "estimate --wifi legacy --mcs 7 --width 20");
	CU_ASSERT_EQUAL(r.status, 0);
	cli(&r, "help estimate");
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\n  --wifi vht|he|eht --mcs N --nss N --width MHZ [--gi US]\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\n  --wifi ht|legacy --mcs N --width MHZ [--gi US]\n"));
	CU_ASSERT_PTR_NULL(strstr(r.out, "[--nss N]"));
	cli(&r, "estimate --wifi he --mcs 1 --nss 1 --width 20 --gi fast");
	CU_ASSERT_EQUAL(r.status, 2);
	cli(&r, "estimate --wifi he --mcs 1 --nss 1 --width 20 --mtu 1500");
	CU_ASSERT_EQUAL(r.status, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "not both"));
	cli(&r, "estimate --mcs 3 --width 20");
	CU_ASSERT_EQUAL(r.status, 2);
	cli(&r, "list --mcs 3");
	CU_ASSERT_EQUAL(r.status, 2);
	cli(&r, "estimate --wifi eht --mcs 13 --nss 2 --width 320");
	CU_ASSERT_EQUAL(r.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "5764.7 Mbit/s"));
}

static void test_pcie_errors(void)
{
	struct run r;

	cli(&r, "--sysfs-root desktop pcie enx00e04c680001");
	CU_ASSERT_EQUAL(r.status, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "is a USB adapter; the PCIe path of its host controller: 0000:00:14.0"));
	cli(&r, "--sysfs-root desktop pcie lo");
	CU_ASSERT_EQUAL(r.status, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "not PCI"));
	cli(&r, "--sysfs-root desktop --pci-dump /nonexistent pcie 01:00.0");
	CU_ASSERT_EQUAL(r.status, 1);
	cli(&r, "--sysfs-root desktop pcie");
	CU_ASSERT_EQUAL(r.status, 2);
}

/* A key's JSON value: NULL for JSON null; "missing" when the key is not there. */
static json_object *jget(json_object *o, const char *key, bool *missing)
{
	json_object *v = NULL;

	*missing = !json_object_object_get_ex(o, key, &v);
	return v;
}

/* 1 or 0 for a boolean, MG_UNKNOWN for null, -1000 for anything else. */
static int jget_bool(json_object *o, const char *key)
{
	bool missing;
	json_object *v = jget(o, key, &missing);

	if (missing)
		return -1000;
	if (!v)
		return MG_UNKNOWN;
	return json_object_is_type(v, json_type_boolean) ? json_object_get_boolean(v) : -1000;
}

static bool array_has(json_object *arr, const char *s)
{
	for (size_t i = 0; arr && i < json_object_array_length(arr); i++)
		if (!strcmp(json_object_get_string(json_object_array_get_idx(arr, i)), s))
			return true;
	return false;
}

/* The 2.5G NIC up at 1G: the link says why; EEE and offloads as the replies give them. */
static void check_1g_story(json_object *o)
{
	json_object *link, *eee, *features, *f, *v;
	bool missing;

	CU_ASSERT_FATAL(json_object_object_get_ex(o, "link", &link) && link);
	CHECK_STR(link, "best_common_mode", "2500baseT/Full");
	v = jget(link, "not_advertised", &missing);
	CU_ASSERT_FATAL(!missing && v && json_object_array_length(v) == 1);
	CU_ASSERT_TRUE(array_has(v, "2500baseT/Full"));
	CU_ASSERT_EQUAL(jget_int(link, "speed_mbps"), 1000);

	CU_ASSERT_FATAL(json_object_object_get_ex(o, "eee", &eee) && eee);
	CU_ASSERT_EQUAL(jget_bool(eee, "supported"), 1);
	CU_ASSERT_EQUAL(jget_bool(eee, "enabled"), 1);
	CU_ASSERT_EQUAL(jget_bool(eee, "active"), 1);
	CU_ASSERT_EQUAL(jget_bool(eee, "tx_lpi_enabled"), 1);
	/* Not reported: null, never 0. */
	CU_ASSERT_EQUAL(jget_int(eee, "tx_lpi_timer_us"), MG_UNKNOWN);
	CU_ASSERT_PTR_NULL(jget(eee, "error", &missing));
	CU_ASSERT_TRUE(missing);
	CU_ASSERT_TRUE(array_has(jget(eee, "supported_modes", &missing), "2500baseT/Full"));
	CU_ASSERT_TRUE(array_has(jget(eee, "advertised_modes", &missing), "2500baseT/Full"));
	CU_ASSERT_FALSE(array_has(jget(eee, "partner_modes", &missing), "2500baseT/Full"));

	CU_ASSERT_FATAL(json_object_object_get_ex(o, "features", &features) && features);
	CU_ASSERT_EQUAL(json_object_object_length(features), 11);
	CU_ASSERT_FATAL(json_object_object_get_ex(features, "rx-gro", &f) && f);
	CU_ASSERT(jget_bool(f, "active") == 1 && jget_bool(f, "wanted") == 1 && jget_bool(f, "fixed") == 0);
	CU_ASSERT_FATAL(json_object_object_get_ex(features, "highdma", &f) && f);
	CU_ASSERT(jget_bool(f, "active") == 1 && jget_bool(f, "wanted") == 0 && jget_bool(f, "fixed") == 1);
	CU_ASSERT_FATAL(json_object_object_get_ex(features, "tx-tcp-segmentation", &f) && f);
	CU_ASSERT(jget_bool(f, "active") == 0 && jget_bool(f, "fixed") == 0);
	CU_ASSERT_FATAL(json_object_object_get_ex(features, "vlan-challenged", &f) && f);
	CU_ASSERT_EQUAL(jget_bool(f, "fixed"), 1);
}

static void test_eee_features_json(void)
{
	json_object *o = cli_json("--sysfs-root cm4-rtl8125-1g show eth1 --json"), *arr, *v;
	char tmp[4096], args[8192];
	bool missing;
	struct run r;

	check_1g_story(o);
	json_object_put(o);
	arr = cli_json("--sysfs-root cm4-rtl8125-1g show --all --json");
	CU_ASSERT_FATAL(json_object_is_type(arr, json_type_array) && json_object_array_length(arr) == 1);
	check_1g_story(json_object_array_get_idx(arr, 0));
	json_object_put(arr);

	/* A capture that recorded none: null, not empty, not false. */
	o = cli_json("--sysfs-root desktop show enp1s0 --json");
	v = jget(o, "eee", &missing);
	CU_ASSERT(!missing && !v);
	v = jget(o, "features", &missing);
	CU_ASSERT(!missing && !v);
	json_object_put(o);
	arr = cli_json("--sysfs-root desktop show --all --json");
	o = by_name(arr, "enp1s0");
	CU_ASSERT_PTR_NOT_NULL_FATAL(o);
	CU_ASSERT(!jget(o, "eee", &missing) && !missing);
	CU_ASSERT(!jget(o, "features", &missing) && !missing);
	json_object_put(arr);

	/* The text says it too. */
	cli(&r, "--sysfs-root cm4-rtl8125-1g show eth1");
	CU_ASSERT_EQUAL(r.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "best common mode:  2500baseT/Full"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "not advertised:    2500baseT/Full"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "eee:               enabled, active, tx-lpi on"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "highdma[fixed]"));

	/* A capture of it replays the same. */
	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, sizeof(tmp)));
	snprintf(args, sizeof(args), "--sysfs-root cm4-rtl8125-1g capture '%s/c'", tmp);
	cli(&r, args);
	CU_ASSERT_EQUAL(r.status, 0);
	snprintf(args, sizeof(args), "--sysfs-root '%s/c' show eth1 --json", tmp);
	o = cli_json(args);
	check_1g_story(o);
	json_object_put(o);
	rm_tree(tmp);

	/* A captured tree is never changed. */
	cli(&r, "--sysfs-root cm4-rtl8125-1g set eth1 advertise all");
	CU_ASSERT_EQUAL(r.status, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "cannot be changed"));
}

/*
 * An empty CPU list is refused by name before anything is read: an unset
 * variable would otherwise switch steering off. "none" is the word for no
 * CPU (refused here only because the tree is a capture).
 */
static void test_set_empty_cpu_list(void)
{
	static const char *const empty[][2] = {
		{ "rps-cpus ''", "say none for no CPU" },	 { "rps-cpus rx-0:", "say none for no CPU" },
		{ "xps-cpus ' '", "say none for no CPU" },	 { "xps-cpus tx-1:", "say none for no CPU" },
		{ "irq-affinity ''", "name one CPU at least" }, { "irq-affinity 45:", "name one CPU at least" },
	};
	char args[256];
	struct run r;

	for (size_t i = 0; i < sizeof(empty) / sizeof(empty[0]); i++) {
		snprintf(args, sizeof(args), "--sysfs-root pi5-rtl8126 set eth1 %s --dry-run", empty[i][0]);
		cli(&r, args);
		CU_ASSERT_EQUAL(r.status, 2);
		CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "the CPU list is empty"));
		CU_ASSERT_PTR_NOT_NULL(strstr(r.err, empty[i][1]));
	}
	cli(&r, "--sysfs-root pi5-rtl8126 set eth1 rps-cpus none --dry-run");
	CU_ASSERT_EQUAL(r.status, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "a captured tree cannot be changed"));
}

/* set's aspm-l1 word: on or off, parsed before anything is read; never applied to a captured tree. */
static void test_set_aspm_words(void)
{
	static const char *const bad[] = { "maybe", "1", "ON", "" };
	char args[256];
	struct run r;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char want[96];

		snprintf(args, sizeof(args), "--sysfs-root pi5-rtl8126 set eth1 aspm-l1 '%s'", bad[i]);
		cli(&r, args);
		CU_ASSERT_EQUAL(r.status, 2);
		snprintf(want, sizeof(want), "bad value '%s' for aspm-l1: on or off", bad[i]);
		CU_ASSERT_PTR_NOT_NULL(strstr(r.err, want));
	}
	cli(&r, "--sysfs-root pi5-rtl8126 set eth1 aspm-l1");
	CU_ASSERT_EQUAL(r.status, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "usage: multigig set IFACE PARAM VALUE"));
	/* A bad word anywhere refuses the whole line, before the good ones are looked at. */
	cli(&r, "--sysfs-root pi5-rtl8126 set eth1 mtu 9000 aspm-l1 no");
	CU_ASSERT_EQUAL(r.status, 2);
	/* Well formed, on or off, with other words: refused only because the tree is a capture. */
	cli(&r, "--sysfs-root pi5-rtl8126 set eth1 aspm-l1 off");
	CU_ASSERT_EQUAL(r.status, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "a captured tree cannot be changed"));
	cli(&r, "--sysfs-root pi5-rtl8126 set eth1 mtu 9000 aspm-l1 on gro off --dry-run");
	CU_ASSERT_EQUAL(r.status, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "a captured tree cannot be changed"));
	/* The help of set names it. */
	cli(&r, "help set");
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "aspm-l1 on|off"));
}

/* set's wol word: ethtool's letters, d or off, parsed before anything is read; "wol" a near miss's suggestion. */
static void test_set_wol_words(void)
{
	static const char *const bad[] = { "on", "x", "gd", "G", "" };
	char args[256];
	struct run r;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char want[96];

		snprintf(args, sizeof(args), "--sysfs-root pi5-rtl8126 set eth1 wol '%s'", bad[i]);
		cli(&r, args);
		CU_ASSERT_EQUAL(r.status, 2);
		snprintf(want, sizeof(want), "bad value '%s' for wol: ethtool's letters p u m b a g s f", bad[i]);
		CU_ASSERT_PTR_NOT_NULL(strstr(r.err, want));
	}
	cli(&r, "--sysfs-root pi5-rtl8126 set eth1 wool g");
	CU_ASSERT_EQUAL(r.status, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "did you mean 'wol'?"));
	/* Well formed: refused only because the tree is a capture. */
	for (size_t i = 0; i < 3; i++) {
		static const char *const good[] = { "g", "pumbg", "d" };

		snprintf(args, sizeof(args), "--sysfs-root pi5-rtl8126 set eth1 mtu 9000 wol %s --dry-run", good[i]);
		cli(&r, args);
		CU_ASSERT_EQUAL(r.status, 1);
		CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "a captured tree cannot be changed"));
	}
	cli(&r, "help set");
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "wol MODES"));
}

/* Refusals that name what was wrong, at once. */
static void test_bad_input_messages(void)
{
	char tmp[4096], args[8192];
	struct run r;

	cli(&r, "estimate --pcie-gen 3 --pcie-width 1 --mps 256 --mtu 2147483647 --link-mbps 10000");
	CU_ASSERT_EQUAL(r.status, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "--mtu: '2147483647' is out of range"));
	cli(&r, "estimate --pcie-gen 3 --pcie-width 1 --mps=2x --mtu 1500 --link-mbps 10000");
	CU_ASSERT_EQUAL(r.status, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "--mps: '2x' is not a whole number"));

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, sizeof(tmp)));
	snprintf(args, sizeof(args), "--sysfs-root desktop --pci-dump '%s' pcie 01:00.0", tmp);
	cli(&r, args);
	CU_ASSERT_EQUAL(r.status, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "is a directory"));
	/* A FIFO nobody writes to: refused, not waited on. */
	snprintf(args, sizeof(args), "%s/fifo", tmp);
	CU_ASSERT_EQUAL_FATAL(mkfifo(args, 0600), 0);
	snprintf(args, sizeof(args), "--sysfs-root desktop --pci-dump '%s/fifo' pcie 01:00.0", tmp);
	cli(&r, args);
	CU_ASSERT_EQUAL(r.status, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "not a regular file"));

	/* The same address twice in a dump: -v says which one counts. */
	snprintf(args, sizeof(args),
		 "{ cat '%s'; echo '01:00.0 Ethernet controller: again'; grep '^[0-3]0: ' '%s'; } > '%s/twice.lspci'",
		 FIXTURE_DIR "/pci/intel-82576-gen1-x4.lspci", FIXTURE_DIR "/pci/intel-82576-gen1-x4.lspci", tmp);
	CU_ASSERT_EQUAL_FATAL(system(args), 0);
	snprintf(args, sizeof(args), "--sysfs-root desktop --pci-dump '%s/twice.lspci' -v pcie 01:00.0", tmp);
	cli(&r, args);
	CU_ASSERT_EQUAL(r.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "0000:01:00.0 is in the PCI dump more than once: the last entry is used"));
	rm_tree(tmp);
}

/* A conventional PCI NIC read without privilege: role unknown and why, not "endpoint". */
static void test_conventional_pci_role(void)
{
	static const unsigned char header[64] = { 0x86, 0x80, 0x0e, 0x10, 0, 0, 0, 0, 0x02, 0, 0, 0x02 };
	char tmp[4096], path[4200], args[8192];
	json_object *o, *arr, *dev;
	FILE *f;

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, sizeof(tmp)));
	put_file(tmp, "devices/pci0000:00/0000:00:05.0/vendor", "0x8086\n");
	put_link(tmp, "bus/pci/devices/0000:00:05.0", "../../../devices/pci0000:00/0000:00:05.0");
	snprintf(path, sizeof(path), "%s/devices/pci0000:00/0000:00:05.0/config", tmp);
	f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL(fwrite(header, 1, sizeof(header), f), sizeof(header));
	fclose(f);
	snprintf(args, sizeof(args), "--sysfs-root '%s' pcie 0000:00:05.0 --json", tmp);
	o = cli_json(args);
	CU_ASSERT_FATAL(o && json_object_object_get_ex(o, "path", &arr));
	dev = json_object_array_get_idx(arr, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(dev);
	CHECK_STR(dev, "role", "unknown");
	CU_ASSERT_PTR_NOT_NULL(strstr(jget_str(dev, "unknown_reason"), "conventional PCI"));
	json_object_put(o);
	rm_tree(tmp);
}

/* ---- strings from the machine that are not text ---- */

#define HOSTILE_NAME "e\x1b[2J\x07\xff\xfe" "x"
#define HOSTILE_USB "devices/pci0000:00/0000:00:14.0/usb2/2-1"

static void move(const char *root, const char *from, const char *to)
{
	char a[4096], b[4096];

	snprintf(a, sizeof(a), "%s/%s", root, from);
	snprintf(b, sizeof(b), "%s/%s", root, to);
	CU_ASSERT_EQUAL_FATAL(rename(a, b), 0);
}

static void relink(const char *root, const char *rel, const char *target)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	unlink(path);
	CU_ASSERT_EQUAL_FATAL(symlink(target, path), 0);
}

/*
 * The desktop tree with its USB NIC renamed to a name holding a
 * clear-screen sequence, a BEL and two bytes that are not UTF-8; its product
 * string holds an OSC 8 hyperlink, its manufacturer a C1 control (U+009B)
 * and an overlong sequence, its driver link a colour sequence, its driver
 * version a blink sequence and DEL. "é" is valid and must stay as it is.
 */
static void make_hostile_tree(char *root, size_t size)
{
	char cmd[8192], sidecar[4096];
	FILE *f;

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(root, size));
	snprintf(cmd, sizeof(cmd), "cp -a '%s/desktop/.' '%s/'", FIXTURE_TREES, root);
	CU_ASSERT_EQUAL_FATAL(system(cmd), 0);
	move(root, HOSTILE_USB "/2-1:1.0/net/enx00e04c680001", HOSTILE_USB "/2-1:1.0/net/" HOSTILE_NAME);
	move(root, "multigig/net/enx00e04c680001", "multigig/net/" HOSTILE_NAME);
	snprintf(cmd, sizeof(cmd), "%s/class/net/enx00e04c680001", root);
	CU_ASSERT_EQUAL_FATAL(unlink(cmd), 0);
	relink(root, "class/net/" HOSTILE_NAME, "../../" HOSTILE_USB "/2-1:1.0/net/" HOSTILE_NAME);
	relink(root, HOSTILE_USB "/2-1:1.0/driver", "../../../../../../bus/usb/drivers/r8152\x1b[31m");
	put_file(root, HOSTILE_USB "/product",
		 "USB \x1b]8;;http://example.com/\x1b\\link\x1b]8;;\x1b\\ \x1b[2J\x07 LAN \xff\n");
	put_file(root, HOSTILE_USB "/manufacturer", "R\xc3\xa9" "al\xc2\x9btek\xc0\xaf\n");
	snprintf(sidecar, sizeof(sidecar), "%s/multigig/net/" HOSTILE_NAME, root);
	f = fopen(sidecar, "a");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs("firmware_version=v1\x1b[5m\x7f\n", f);
	fclose(f);
}

/*
 * Run the CLI, stdout and stderr, into a Python filter that decodes the
 * bytes as strict UTF-8; the filter's own output lands in @out. Debian's
 * python3 by path: a version manager's shim first in PATH costs a second
 * per call, which a loaded machine turned into this test's timeout.
 */
static int cli_python(const char *args, const char *script, char *out, size_t size)
{
	char cmd[16384];
	size_t n;
	FILE *p;

	snprintf(cmd, sizeof(cmd), "cd '%s' && '%s' %s 2>&1 | /usr/bin/python3 -c '%s'", FIXTURE_TREES, MULTIGIG_CLI,
		 args, script);
	p = popen(cmd, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	n = fread(out, 1, size - 1, p);
	out[n] = '\0';
	return pclose(p);
}

/* Exit 0 when stdin is UTF-8 without a control character but newlines; echoes it. */
static const char text_check[] =
	"import sys, unicodedata\n"
	"t = sys.stdin.buffer.read().decode(\"utf-8\")\n"
	"sys.stdout.write(t)\n"
	"sys.exit(any(unicodedata.category(c) == \"Cc\" and c != \"\\n\" for c in t))\n";

/*
 * Every string of the JSON of stdin (strictly decoded) as "/path hex\n":
 * its bytes as Python gets them back (a lone surrogate \udcNN is the byte
 * NN, os.fsencode()'s way), for strings that are not UTF-8.
 */
static const char json_bytes[] =
	"import sys, json\n"
	"def walk(v, path):\n"
	"    if isinstance(v, dict):\n"
	"        for k, x in v.items(): walk(x, path + \"/\" + k)\n"
	"    elif isinstance(v, list):\n"
	"        for i, x in enumerate(v): walk(x, path + \"/\" + str(i))\n"
	"    elif isinstance(v, str):\n"
	"        print(path, v.encode(\"utf-8\", \"surrogateescape\").hex())\n"
	"walk(json.loads(sys.stdin.buffer.read().decode(\"utf-8\")), \"\")\n";

/* Whether @out, json_bytes' lines, says that the string at @path is @want. */
static bool json_bytes_has(const char *out, const char *path, const char *want)
{
	char line[4096];
	size_t n = (size_t)snprintf(line, sizeof(line), "%s ", path);

	for (const unsigned char *p = (const unsigned char *)want; *p && n + 3 < sizeof(line); p++)
		n += (size_t)snprintf(line + n, sizeof(line) - n, "%02x", *p);
	snprintf(line + n, sizeof(line) - n, "\n");
	if (strstr(out, line))
		return true;
	fprintf(stderr, "no line %s", line);
	return false;
}

/* The JSON of stdin, strictly decoded, back as ASCII-only JSON for json-c. */
static const char json_check[] =
	"import sys, json\n"
	"print(json.dumps(json.loads(sys.stdin.buffer.read().decode(\"utf-8\"))))\n";

static void test_hostile_strings(void)
{
	static char out[65536];
	char root[4096], args[8192];

	make_hostile_tree(root, sizeof(root));

	snprintf(args, sizeof(args), "--sysfs-root '%s' list", root);
	CU_ASSERT_EQUAL(cli_python(args, text_check, out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "e\\x1b[2J\\x07\\xff\\xfex "));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "r8152\\x1b[31m"));

	snprintf(args, sizeof(args), "--sysfs-root '%s' show '" HOSTILE_NAME "'", root);
	CU_ASSERT_EQUAL(cli_python(args, text_check, out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "interface:         e\\x1b[2J\\x07\\xff\\xfex\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "USB \\x1b]8;;http://example.com/\\x1b\\link\\x1b]8;;\\x1b\\ "
					   "\\x1b[2J\\x07 LAN \\xff\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "R\xc3\xa9" "al\\xc2\\x9btek\\xc0\\xaf\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "v1\\x1b[5m\\x7f\n"));
	/* Error lines on stderr go through the same filter. */
	snprintf(args, sizeof(args), "--sysfs-root '%s' show 'x\x1b[2J\xff'", root);
	CU_ASSERT_EQUAL(cli_python(args, text_check, out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "'x\\x1b[2J\\xff'"));

	/* JSON gives programs the bytes: control characters as JSON escapes, a bad byte NN as \udcNN. */
	snprintf(args, sizeof(args), "--sysfs-root '%s' list --json", root);
	CU_ASSERT_EQUAL(cli_python(args, json_bytes, out, sizeof(out)), 0);
	CU_ASSERT_TRUE(json_bytes_has(out, "/2/name", HOSTILE_NAME));
	CU_ASSERT_TRUE(json_bytes_has(out, "/2/vendor", "R\xc3\xa9" "al\xc2\x9btek\xc0\xaf"));
	CU_ASSERT_TRUE(json_bytes_has(out, "/2/driver", "r8152\x1b[31m"));

	snprintf(args, sizeof(args), "--sysfs-root '%s' show --json '" HOSTILE_NAME "'", root);
	CU_ASSERT_EQUAL(cli_python(args, json_bytes, out, sizeof(out)), 0);
	CU_ASSERT_TRUE(json_bytes_has(out, "/device",
				      "USB \x1b]8;;http://example.com/\x1b\\link\x1b]8;;\x1b\\ \x1b[2J\x07 LAN \xff"));
	CU_ASSERT_TRUE(json_bytes_has(out, "/firmware_version", "v1\x1b[5m\x7f"));

	snprintf(args, sizeof(args), "--sysfs-root '%s' show --all --json", root);
	CU_ASSERT_EQUAL(cli_python(args, json_check, out, sizeof(out)), 0);
	rm_tree(root);
}

/*
 * Exit 0 when every line of the table on stdin has its columns where the
 * heading's are, counted as a terminal shows them (a CJK character takes
 * two, a combining one none); echoes it.
 */
static const char columns_check[] =
	"import sys, unicodedata\n"
	"t = sys.stdin.buffer.read().decode(\"utf-8\")\n"
	"sys.stdout.write(t)\n"
	"def width(c):\n"
	"    if unicodedata.combining(c): return 0\n"
	"    return 2 if unicodedata.east_asian_width(c) in \"WF\" else 1\n"
	"lines = t.splitlines()\n"
	"head = lines[0]\n"
	"starts = [i for i in range(1, len(head)) if head[i - 1] == \" \" and head[i] != \" \"]\n"
	"bad = len(starts) != 6 or len(lines) < 2\n"
	"for line in lines[1:]:\n"
	"    at, col = {}, 0\n"
	"    for i, c in enumerate(line):\n"
	"        at[col] = i\n"
	"        col += width(c)\n"
	"    for s in starts:\n"
	"        i = at.get(s)\n"
	"        if i is None or line[i] == \" \" or line[i - 1] != \" \":\n"
	"            bad = True\n"
	"            sys.stderr.write(\"column %d out of line: %s\\n\" % (s, line))\n"
	"sys.exit(bad)\n";

#define IRQ_CPU0_NET "devices/platform/axi/1000110000.pcie/pci0001:00/0001:00:00.0/0001:01:00.0/net/"

/* pi5-irq-cpu0 (its RPS fix names the interface) with eth1 renamed to @name. */
static void make_renamed_irq_tree(char *root, size_t size, const char *name)
{
	char cmd[8192], rel[4096], target[4096];

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(root, size));
	snprintf(cmd, sizeof(cmd), "cp -a '%s/pi5-irq-cpu0/.' '%s/'", FIXTURE_TREES, root);
	CU_ASSERT_EQUAL_FATAL(system(cmd), 0);
	snprintf(rel, sizeof(rel), IRQ_CPU0_NET "%s", name);
	move(root, IRQ_CPU0_NET "eth1", rel);
	snprintf(rel, sizeof(rel), "multigig/net/%s", name);
	move(root, "multigig/net/eth1", rel);
	snprintf(rel, sizeof(rel), "multigig/ethtool-stats/%s", name);
	move(root, "multigig/ethtool-stats/eth1", rel);
	snprintf(cmd, sizeof(cmd), "%s/class/net/eth1", root);
	CU_ASSERT_EQUAL_FATAL(unlink(cmd), 0);
	snprintf(rel, sizeof(rel), "class/net/%s", name);
	snprintf(target, sizeof(target), "../../" IRQ_CPU0_NET "%s", name);
	relink(root, rel, target);
}

/*
 * A fix command is pasted into a shell: an interface named $(reboot) is
 * one quoted word in it, in text, JSON and HTML alike.
 */
static void test_hostile_fix_command(void)
{
	struct run r;
	char root[4096], args[8192];
	json_object *o, *list, *f;

	make_renamed_irq_tree(root, sizeof(root), "$(reboot)");
	snprintf(args, sizeof(args), "--sysfs-root '%s' doctor", root);
	cli(&r, args);
	CU_ASSERT_EQUAL(r.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "multigig set '$(reboot)' rps-cpus 1-3"));
	CU_ASSERT_PTR_NULL(strstr(r.out, "set $(reboot)"));

	snprintf(args, sizeof(args), "--sysfs-root '%s' --json doctor", root);
	o = cli_json(args);
	CU_ASSERT_FATAL(o && json_object_object_get_ex(o, "findings", &list));
	f = NULL;
	for (size_t i = 0; i < json_object_array_length(list); i++)
		if (str_eq(jget_str(json_object_array_get_idx(list, i), "id"), "irqs-on-one-cpu"))
			f = json_object_array_get_idx(list, i);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CHECK_STR(f, "nic", "$(reboot)");
	CHECK_STR(f, "fix_command", "multigig set '$(reboot)' rps-cpus 1-3");
	json_object_put(o);

	snprintf(args, sizeof(args), "--sysfs-root '%s' report --html -", root);
	cli(&r, args);
	CU_ASSERT_EQUAL(r.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "<pre>multigig set &#39;$(reboot)&#39; rps-cpus 1-3</pre>"));
	rm_tree(root);

	/* A quote in the name is closed, escaped and reopened. */
	make_renamed_irq_tree(root, sizeof(root), "a'b");
	snprintf(args, sizeof(args), "--sysfs-root '%s' doctor", root);
	cli(&r, args);
	CU_ASSERT_EQUAL(r.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "multigig set 'a'\\''b' rps-cpus 1-3"));
	rm_tree(root);
}

/*
 * An interface may be named -x or --all: its fix command gives it after
 * "--" (multigig set -- -x rps-cpus 1-3), and the CLI takes it so as the
 * interface, where without the "--" it is an option (unknown, or show's
 * --all: another command).
 */
static void test_dash_names(void)
{
	static const char *const names[] = { "-x", "--all" };
	char root[4096], args[8192], want[256];
	struct run r;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		make_renamed_irq_tree(root, sizeof(root), names[i]);
		snprintf(args, sizeof(args), "--sysfs-root '%s' doctor", root);
		cli(&r, args);
		snprintf(want, sizeof(want), "multigig set -- %s rps-cpus 1-3", names[i]);
		CU_ASSERT_PTR_NOT_NULL(strstr(r.out, want));
		if (!strstr(r.out, want))
			fprintf(stderr, "no '%s' in:\n%s%s\n", want, r.out, r.err);
		snprintf(args, sizeof(args), "--sysfs-root '%s' show -- %s", root, names[i]);
		cli(&r, args);
		CU_ASSERT_EQUAL(r.status, 0);
		snprintf(want, sizeof(want), "interface:         %s\n", names[i]);
		CU_ASSERT_PTR_NOT_NULL(strstr(r.out, want));
		snprintf(args, sizeof(args), "--sysfs-root '%s' show %s", root, names[i]);
		cli(&r, args);
		CU_ASSERT_PTR_NULL(strstr(r.out, want));
		rm_tree(root);
	}
}

/*
 * list pads each column by the width its values show with: a name shown
 * with escapes (22 columns for 9 bytes), a driver longer than the column
 * (13), a device name past 40 bytes (once cut inside an escape), a name
 * of wide CJK characters or with a combining accent. Each column widens
 * to its longest value.
 */
static void test_list_columns(void)
{
	static const char *const names[] = { "\xe7\xbd\x91\xe5\x8d\xa1" "0", "e\xcc\x81th0" };
	static char out[65536];
	char root[4096], args[8192];

	make_hostile_tree(root, sizeof(root));
	snprintf(args, sizeof(args), "--sysfs-root '%s' list", root);
	CU_ASSERT_EQUAL(cli_python(args, columns_check, out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\ne\\x1b[2J\\x07\\xff\\xfex usb "));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, " LAN \\xff "));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, " r8152\\x1b[31m "));
	snprintf(args, sizeof(args), "--sysfs-root '%s' show --all", root);
	CU_ASSERT_EQUAL(cli_python(args, text_check, out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\ne\\x1b[2J\\x07\\xff\\xfex usb "));
	rm_tree(root);
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		make_renamed_irq_tree(root, sizeof(root), names[i]);
		snprintf(args, sizeof(args), "--sysfs-root '%s' list", root);
		CU_ASSERT_EQUAL(cli_python(args, columns_check, out, sizeof(out)), 0);
		rm_tree(root);
	}
}

/*
 * Names that look alike must not print alike: the text \xff and the byte
 * 0xff, eth0 and eth0 with a zero-width space, a name that U+202E turns
 * around. Each one's text, Prometheus series, HTML, JSON and fix command.
 */
static void test_hostile_names_apart(void)
{
	static const struct {
		const char *name, *text, *label, *word;
	} names[] = {
		{ "e\\xffx", "e\\\\xffx", "e\\\\\\\\xffx", "\"$(printf 'e\\134xffx')\"" },
		{ "e\xffx", "e\\xffx", "e\\\\xffx", "\"$(printf 'e\\377x')\"" },
		{ "eth0\xe2\x80\x8b", "eth0\\u200b", "eth0\\\\u200b", "\"$(printf 'eth0\\342\\200\\213')\"" },
		{ "a\xe2\x80\xae" "b", "a\\u202eb", "a\\\\u202eb", "\"$(printf 'a\\342\\200\\256b')\"" },
		{ "e\xc0\xaf", "e\\xc0\\xaf", "e\\\\xc0\\\\xaf", "\"$(printf 'e\\300\\257')\"" },
		{ "a`b", "a`b", "a`b", "'a`b'" },
		{ "a;b", "a;b", "a;b", "'a;b'" },
		{ "$(reboot)", "$(reboot)", "$(reboot)", "'$(reboot)'" },
	};
	static char out[65536];
	char root[4096], args[8192], want[512];

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		make_renamed_irq_tree(root, sizeof(root), names[i].name);
		snprintf(args, sizeof(args), "--sysfs-root '%s' list", root);
		CU_ASSERT_EQUAL(cli_python(args, text_check, out, sizeof(out)), 0);
		snprintf(want, sizeof(want), "\n%s ", names[i].text);
		CU_ASSERT_PTR_NOT_NULL(strstr(out, want));
		if (!strstr(out, want))
			fprintf(stderr, "no '%s' in:\n%s\n", want, out);

		snprintf(args, sizeof(args), "--sysfs-root '%s' export --format prometheus", root);
		CU_ASSERT_EQUAL(cli_python(args, text_check, out, sizeof(out)), 0);
		snprintf(want, sizeof(want), "multigig_nic_info{device=\"%s\",", names[i].label);
		CU_ASSERT_PTR_NOT_NULL(strstr(out, want));
		if (!strstr(out, want))
			fprintf(stderr, "no '%s' in:\n%s\n", want, out);

		/* The fix command names it as one shell word, shown as it is: pasted, it is the name. */
		snprintf(args, sizeof(args), "--sysfs-root '%s' doctor", root);
		CU_ASSERT_EQUAL(cli_python(args, text_check, out, sizeof(out)), 0);
		snprintf(want, sizeof(want), "multigig set %s rps-cpus 1-3", names[i].word);
		CU_ASSERT_PTR_NOT_NULL(strstr(out, want));
		if (!strstr(out, want))
			fprintf(stderr, "no '%s' in:\n%s\n", want, out);
		{
			char line[1024], said[256];
			FILE *p;
			size_t n;

			snprintf(line, sizeof(line), "printf '%%s|' %s", names[i].word);
			p = popen(line, "r");
			CU_ASSERT_PTR_NOT_NULL_FATAL(p);
			n = fread(said, 1, sizeof(said) - 1, p);
			said[n] = '\0';
			CU_ASSERT_EQUAL(pclose(p), 0);
			CU_ASSERT_EQUAL(n, strlen(names[i].name) + 1);
			CU_ASSERT_EQUAL(memcmp(said, names[i].name, strlen(names[i].name)), 0);
		}

		/* The HTML report shows it as the text does (none of these has markup to escape). */
		snprintf(args, sizeof(args), "--sysfs-root '%s' report --html -", root);
		CU_ASSERT_EQUAL(cli_python(args, text_check, out, sizeof(out)), 0);
		snprintf(want, sizeof(want), "<a href=\"#adapter-1\">%s</a>", names[i].text);
		CU_ASSERT_PTR_NOT_NULL(strstr(out, want));
		if (!strstr(out, want))
			fprintf(stderr, "no '%s' in the report\n", want);

		/* JSON hands programs the name itself, bytes and invisible characters included. */
		snprintf(args, sizeof(args), "--sysfs-root '%s' list --json", root);
		CU_ASSERT_EQUAL(cli_python(args, json_bytes, out, sizeof(out)), 0);
		CU_ASSERT_TRUE(json_bytes_has(out, "/0/name", names[i].name) || json_bytes_has(out, "/1/name", names[i].name));
		rm_tree(root);
	}
}

static void test_cable_cli(void)
{
	json_object *o = cli_json("--sysfs-root phys cable eth1 --json");
	struct run r;

	CHECK_STR(o, "support", "supported");
	CHECK_STR(o, "phy_driver", "Marvell 88E1510");
	CHECK_STR(o, "tdr", "true");
	CU_ASSERT_PTR_NOT_NULL(strstr(jget_str(o, "reason"), "TDR"));
	json_object_put(o);
	o = cli_json("--sysfs-root phys cable eth0 --json");
	CHECK_STR(o, "support", "unsupported");
	CHECK_STR(o, "tdr", "false");
	json_object_put(o);
	o = cli_json("--sysfs-root desktop cable lo --json");
	CHECK_STR(o, "support", "unsupported");
	CHECK_STR(o, "phy_driver", NULL);
	CU_ASSERT_PTR_NOT_NULL(strstr(jget_str(o, "reason"), "no PHY"));
	json_object_put(o);
	cli(&r, "--sysfs-root phys cable-test eth1");
	CU_ASSERT_EQUAL(r.status, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "--yes"));
	cli(&r, "--sysfs-root phys cable eth9");
	CU_ASSERT_EQUAL(r.status, 1);
}

/* ---- evidence: counters, interrupts, temperatures, USB path ---- */

static json_object *key(json_object *o, const char *k)
{
	json_object *v = NULL;

	CU_ASSERT_TRUE(json_object_object_get_ex(o, k, &v));
	return v;
}

static void test_show_evidence_json(void)
{
	json_object *o = cli_json("--sysfs-root sensors-pc show enp1s0 --json");
	json_object *t, *st, *v;

	t = json_object_array_get_idx(key(o, "temperatures"), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	CHECK_STR(t, "chip", "r8169_0_100:00");
	CHECK_STR(t, "source", "phy");
	CHECK_STR(t, "label", NULL);
	CU_ASSERT_DOUBLE_EQUAL(jget_double(t, "celsius"), 122.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(jget_double(t, "max_celsius"), 120.0, 1e-9);
	CU_ASSERT_PTR_NULL(key(t, "crit_celsius"));
	CHECK_STR(t, "alarm", "true");
	st = key(o, "stats");
	CU_ASSERT_EQUAL(jget_int(st, "carrier_changes"), 14);
	CU_ASSERT_EQUAL(jget_int(st, "carrier_down_count"), 7);
	/* Not reported: null, never 0. */
	CU_ASSERT_PTR_NULL(key(st, "link_down_events"));
	CU_ASSERT_PTR_NULL(key(st, "eth_ctrl"));
	CU_ASSERT_EQUAL(jget_int(key(st, "eth_mac"), "BroadcastFramesReceivedOK"), 769);
	CU_ASSERT_PTR_NULL(key(key(st, "eth_mac"), "LateCollisions"));
	CU_ASSERT_EQUAL(jget_int(key(st, "driver"), "rx_missed"), 0);
	v = json_object_array_get_idx(key(key(o, "irqs"), "vectors"), 0);
	CU_ASSERT_EQUAL(jget_int(v, "irq"), 129);
	CU_ASSERT_EQUAL(jget_int(key(v, "per_cpu"), "2"), 48610231);
	CU_ASSERT_EQUAL(jget_int(v, "total"), 48610231);
	CHECK_STR(v, "effective_affinity", "2");
	CU_ASSERT_EQUAL(jget_int(key(o, "irqs"), "online_cpus"), 4);
	CU_ASSERT_PTR_NULL(key(o, "usb"));
	json_object_put(o);

	o = cli_json("--sysfs-root usb-adapters show enx00e04c680002 --json");
	v = key(o, "usb");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	/* The bus ceiling and the place on the bus, in one object. */
	CU_ASSERT_EQUAL(jget_int(v, "data_ceiling_mbps"), 4000);
	CHECK_STR(v, "driver", "cdc_ncm");
	CHECK_STR(v, "generic_driver", "true");
	CHECK_STR(v, "vendor_driver", "r8152");
	CHECK_STR(v, "vendor_driver_loaded", "false");
	CU_ASSERT_EQUAL(jget_int(v, "configuration"), 2);
	CHECK_STR(json_object_array_get_idx(key(v, "root_hub_shared_with"), 0), "id", "04e8:4001");
	CU_ASSERT_EQUAL(json_object_array_length(key(key(o, "irqs"), "vectors")), 0);
	json_object_put(o);

	o = cli_json("--sysfs-root usb-adapters show enx245ebe000001 --json");
	v = key(o, "usb");
	CU_ASSERT_EQUAL(jget_int(v, "speed_mbps"), 480);
	CU_ASSERT_EQUAL(jget_int(v, "port_speed_mbps"), 480);
	CHECK_STR(v, "usb_version", "2.10");
	CHECK_STR(json_object_array_get_idx(key(v, "hubs"), 0), "device", "1-1");
	CU_ASSERT_EQUAL(jget_int(json_object_array_get_idx(key(v, "hubs"), 0), "ports"), 4);
	CHECK_STR(key(v, "controller"), "name", "0000:00:14.0");
	json_object_put(o);

	/* The Pi 4: the VL805's PCIe link is the USB adapter's path, in show and in pcie. */
	o = cli_json("--sysfs-root pi4-vl805 show eth1 --json");
	v = key(o, "usb");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CHECK_STR(key(v, "controller"), "name", "0000:01:00.0");
	CHECK_STR(key(v, "controller"), "pci", "true");
	CHECK_STR(key(v, "controller"), "driver", "xhci_hcd");
	CU_ASSERT_EQUAL(jget_int(v, "expected_ceiling_mbps"), 3600);
	json_object_put(o);
	{
		struct run r;

		cli(&r, "--sysfs-root pi4-vl805 show eth1");
		CU_ASSERT_EQUAL(r.status, 0);
		CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "usb controller:    0000:01:00.0 (xhci_hcd), a PCI function"));
		CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "pcie:              5 GT/s x1"));
		CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "expected:          receive 2.955 Gbit/s (pcie), transmit 3.001 Gbit/s "
						     "(pcie)"));
		cli(&r, "--sysfs-root pi4-vl805 pcie eth1");
		CU_ASSERT_EQUAL(r.status, 0);
		CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "0000:01:00.0  endpoint         capable 5 GT/s x1      running 5 GT/s x1"));
		CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "expected: receive 2.955 (pcie), transmit 3.001 (pcie)"));
		cli(&r, "--sysfs-root pi4-vl805 doctor eth1");
		CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "[usb-controller-pcie-limit]"));
	}
}

static const char *const evidence_trees[] = { "sensors-pc", "pi5-irq-cpu0", "usb-adapters" };
static const char *const evidence_keys[] = { "stats", "irqs", "temperatures", "usb" };
static const char *const ceiling_keys[] = { "link_mbps", "data_ceiling_mbps", "protocol_overhead_pct_estimate",
					    "expected_ceiling_mbps" };

/* show --all gathers from dumps what show reads for one adapter. */
static void test_show_all_equals_show(void)
{
	char args[8192];

	for (size_t t = 0; t < sizeof(evidence_trees) / sizeof(evidence_trees[0]); t++) {
		json_object *all;

		snprintf(args, sizeof(args), "--sysfs-root %s show --all --json", evidence_trees[t]);
		all = cli_json(args);
		CU_ASSERT_FATAL(json_object_is_type(all, json_type_array));
		for (size_t i = 0; i < json_object_array_length(all); i++) {
			json_object *a = json_object_array_get_idx(all, i), *one;

			snprintf(args, sizeof(args), "--sysfs-root %s show %s --json", evidence_trees[t],
				 jget_str(a, "name"));
			one = cli_json(args);
			/* show alone computes the bus ceiling too: the rest is the same. */
			if (key(one, "usb"))
				for (size_t k = 0; k < sizeof(ceiling_keys) / sizeof(ceiling_keys[0]); k++)
					json_object_object_del(key(one, "usb"), ceiling_keys[k]);
			for (size_t k = 0; k < sizeof(evidence_keys) / sizeof(evidence_keys[0]); k++)
				CU_ASSERT_TRUE(json_object_equal(key(a, evidence_keys[k]), key(one, evidence_keys[k])));
			json_object_put(one);
		}
		json_object_put(all);
	}
}

/* A capture of a capture shows the same evidence. */
static void test_capture_replays_evidence(void)
{
	char tmp[4096], args[8192];

	for (size_t t = 0; t < sizeof(evidence_trees) / sizeof(evidence_trees[0]); t++) {
		json_object *before, *after;
		struct run r;

		CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, sizeof(tmp)));
		snprintf(args, sizeof(args), "--sysfs-root %s capture '%s/c'", evidence_trees[t], tmp);
		cli(&r, args);
		CU_ASSERT_EQUAL(r.status, 0);
		snprintf(args, sizeof(args), "--sysfs-root %s show --all --json", evidence_trees[t]);
		before = cli_json(args);
		snprintf(args, sizeof(args), "--sysfs-root '%s/c' show --all --json", tmp);
		after = cli_json(args);
		CU_ASSERT_EQUAL_FATAL(json_object_array_length(before), json_object_array_length(after));
		for (size_t i = 0; i < json_object_array_length(before); i++)
			for (size_t k = 0; k < sizeof(evidence_keys) / sizeof(evidence_keys[0]); k++)
				CU_ASSERT_TRUE(json_object_equal(key(json_object_array_get_idx(before, i), evidence_keys[k]),
								 key(json_object_array_get_idx(after, i), evidence_keys[k])));
		json_object_put(before);
		json_object_put(after);
		rm_tree(tmp);
	}
}

/* --help lists every command; each has its own help; mistypes get the nearest word. */
static void test_help_and_suggestions(void)
{
	static const char *const names[] = { "list", "show", "set", "rollback", "pcie", "estimate", "cable",
					     "cable-test", "capture", "doctor", "watch", "export", "report", "help" };
	static struct run r, again;
	char needle[64];

	cli(&r, "--help");
	CU_ASSERT_EQUAL(r.status, 0);
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(needle, sizeof(needle), "\n  %s ", names[i]);
		CU_ASSERT_PTR_NOT_NULL(strstr(r.out, needle));
		snprintf(needle, sizeof(needle), "help %s", names[i]);
		cli(&again, needle);
		CU_ASSERT_EQUAL(again.status, 0);
		snprintf(needle, sizeof(needle), "Usage: multigig %s", names[i]);
		CU_ASSERT_PTR_NOT_NULL(strstr(again.out, needle));
	}
	cli(&r, "help set");
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "aspm-l1 on|off"));
	cli(&again, "set --help");
	CU_ASSERT_EQUAL(again.status, 0);
	CU_ASSERT_STRING_EQUAL(again.out, r.out);
	cli(&again, "--sysfs-root desktop doctor enp1s0 --help");
	CU_ASSERT_EQUAL(again.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(again.out, "Usage: multigig doctor"));
	cli(&r, "help frobnicate");
	CU_ASSERT_EQUAL(r.status, 2);

	cli(&r, "lst");
	CU_ASSERT_EQUAL(r.status, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "unknown command 'lst' (did you mean 'list'?)"));
	cli(&r, "--jsn list");
	CU_ASSERT_EQUAL(r.status, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "unknown option '--jsn' (did you mean '--json'?)"));
	/* The bad word is the value, not the feature. */
	cli(&r, "set va1 gro of --dry-run");
	CU_ASSERT_EQUAL(r.status, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "bad value 'of' for gro: on or off (did you mean 'off'?)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "Try 'multigig help set'."));
	cli(&r, "set va1 mtuu 9000 --dry-run");
	CU_ASSERT_EQUAL(r.status, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "unknown setting 'mtuu' (did you mean 'mtu'?)"));
	cli(&r, "set va1 adaptive-rx of --dry-run");
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "bad value 'of' for adaptive-rx: on or off (did you mean 'off'?)"));
	cli(&r, "set va1 rx-ring lots --dry-run");
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "bad value 'lots' for rx-ring: a whole number or max"));
	/* A word nothing is near gets no guess. */
	cli(&r, "set va1 frobnication 3 --dry-run");
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "unknown setting 'frobnication' (a feature takes on or off)"));
	CU_ASSERT_PTR_NULL(strstr(r.err, "did you mean"));
}

/* One rule for every command: 2 for a command line that is wrong, 1 for one that failed. */
static void test_exit_codes_and_wrote(void)
{
	static struct run r;
	char tmp[4096], args[8192];

	cli(&r, "--sysfs-root pi5-rtl8126 watch eth1");
	CU_ASSERT_EQUAL(r.status, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "cannot be watched"));
	cli(&r, "--sysfs-root pi5-rtl8126 report eth1 --html - --watch 2");
	CU_ASSERT_EQUAL(r.status, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "cannot be watched"));
	cli(&r, "--sysfs-root pi5-rtl8126 watch eth1 --count 0");
	CU_ASSERT_EQUAL(r.status, 2);
	cli(&r, "--sysfs-root pi5-rtl8126 report --html - --watch 2");
	CU_ASSERT_EQUAL(r.status, 2);

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, sizeof(tmp)));
	snprintf(args, sizeof(args), "--sysfs-root pi5-rtl8126 report eth1 --html '%s/eth1.html'", tmp);
	cli(&r, args);
	CU_ASSERT_EQUAL(r.status, 0);
	snprintf(args, sizeof(args), "multigig: wrote %s/eth1.html\n", tmp);
	CU_ASSERT_STRING_EQUAL(r.err, args);
	snprintf(args, sizeof(args), "--sysfs-root pi5-rtl8126 pcie eth1 --svg '%s/eth1.svg'", tmp);
	cli(&r, args);
	CU_ASSERT_EQUAL(r.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "multigig: wrote "));
	/* From a timer or cron: nothing to say when all went well. */
	snprintf(args, sizeof(args), "--sysfs-root pi5-rtl8126 export --format prometheus --output '%s/m.prom'", tmp);
	cli(&r, args);
	CU_ASSERT_EQUAL(r.status, 0);
	CU_ASSERT_STRING_EQUAL(r.err, "");
	rm_tree(tmp);
}

/*
 * A tree as an unprivileged capture leaves it: the kernel log refused
 * (EPERM, kept as "!error 1") and the adapter's config space cut at 64
 * bytes. The doctor says what it could not check and what it lacked, in
 * text, JSON, the Prometheus export and the report; never a plain "no
 * findings".
 */
static void test_doctor_says_not_checked(void)
{
	char tmp[4096], args[8192];
	struct run r;

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, sizeof(tmp)));
	snprintf(args, sizeof(args), "cp -a '%s/desktop' '%s/t' && truncate -s 64 "
		 "'%s/t/devices/pci0000:00/0000:00:1c.0/0000:01:00.0/config' && printf '!error 1\\n' > '%s/t/multigig/kmsg'",
		 FIXTURE_TREES, tmp, tmp, tmp);
	CU_ASSERT_EQUAL_FATAL(system(args), 0);

	snprintf(args, sizeof(args), "--sysfs-root '%s/t' doctor enp1s0", tmp);
	cli(&r, args);
	CU_ASSERT_EQUAL(r.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "not checked: the kernel log; PCIe config space past 64 bytes"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "[not-checked]"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "reading the kernel log needs CAP_SYSLOG, or kernel.dmesg_restrict=0 "
					     "(/dev/kmsg)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "0000:01:00.0: only 64 bytes of config space are readable without "
					     "CAP_SYS_ADMIN"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "fix: run the doctor as root, or give it CAP_SYSLOG"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "no findings in the checks that were made"));
	CU_ASSERT_PTR_NULL(strstr(r.out, "no findings:"));

	snprintf(args, sizeof(args), "--sysfs-root '%s/t' --json doctor enp1s0", tmp);
	cli(&r, args);
	CU_ASSERT_EQUAL(r.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\"id\": \"not-checked\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\"source\": \"/dev/kmsg\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\"source\": \"config space of 0000:01:00.0\""));

	snprintf(args, sizeof(args), "--sysfs-root '%s/t' export --format prometheus enp1s0", tmp);
	cli(&r, args);
	CU_ASSERT_EQUAL(r.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "multigig_doctor_finding{device=\"enp1s0\",id=\"not-checked\""));

	snprintf(args, sizeof(args), "--sysfs-root '%s/t' report enp1s0 --html -", tmp);
	cli(&r, args);
	CU_ASSERT_EQUAL(r.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "not checked: the kernel log"));
	CU_ASSERT_PTR_NULL(strstr(r.out, "found nothing to fix"));
	rm_tree(tmp);

	/* The tree as it was, the log and config space whole: nothing skipped, nothing to say. */
	cli(&r, "--sysfs-root desktop doctor enp1s0");
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "no findings: nothing the library checks holds enp1s0 back"));
}

/* The files in @dir, "." and ".." aside. */
static int count_files(const char *dir)
{
	char cmd[4200];
	int n = -1;
	FILE *p;

	snprintf(cmd, sizeof(cmd), "ls -A '%s' | wc -l", dir);
	p = popen(cmd, "r");
	if (p && fscanf(p, "%d", &n) != 1)
		n = -1;
	if (p)
		pclose(p);
	return n;
}

/*
 * export of an adapter that is not there fails as show and doctor do, and
 * writes nothing: no text on stdout, no file (nor a temporary one) for
 * --output, an existing file left as it was.
 */
static void test_export_unknown_target(void)
{
	char tmp[4096], args[8192], path[4200];
	struct stat st;
	struct run r;
	FILE *f;

	cli(&r, "--sysfs-root pi5-rtl8126 export --format prometheus eth9");
	CU_ASSERT_EQUAL(r.status, 1);
	CU_ASSERT_STRING_EQUAL(r.out, "");
	CU_ASSERT_STRING_EQUAL(r.err, "multigig: export: no network interface named 'eth9'\n");
	cli(&r, "--sysfs-root pi5-rtl8126 show eth9");
	CU_ASSERT_EQUAL(r.status, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "no network interface named 'eth9'"));

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, sizeof(tmp)));
	snprintf(args, sizeof(args), "--sysfs-root pi5-rtl8126 export --format prometheus eth9 --output '%s/m.prom'",
		 tmp);
	cli(&r, args);
	CU_ASSERT_EQUAL(r.status, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "no network interface named 'eth9'"));
	CU_ASSERT_EQUAL(count_files(tmp), 0);
	/* One written before stays whole. */
	snprintf(path, sizeof(path), "%s/m.prom", tmp);
	f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs("multigig_nic_info 1\n", f);
	fclose(f);
	cli(&r, args);
	CU_ASSERT_EQUAL(r.status, 1);
	CU_ASSERT_EQUAL(stat(path, &st), 0);
	CU_ASSERT_EQUAL(st.st_size, 20);
	CU_ASSERT_EQUAL(count_files(tmp), 1);
	rm_tree(tmp);

	/* The adapter that is there has its samples. */
	cli(&r, "--sysfs-root pi5-rtl8126 export --format prometheus eth1");
	CU_ASSERT_EQUAL(r.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "multigig_nic_info{device=\"eth1\""));
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("cli", NULL, NULL, MG_TEST(test_list_json_desktop), MG_TEST(test_show_json),
		     MG_TEST(test_list_json_virtio), MG_TEST(test_capture_replays_same_json),
		     MG_TEST(test_capture_replays_pcie),
		     MG_TEST(test_text_output), MG_TEST(test_show_queue_cpus), MG_TEST(test_errors_and_usage),
		     MG_TEST(test_set_aspm_words), MG_TEST(test_set_wol_words),
		     MG_TEST(test_set_empty_cpu_list), MG_TEST(test_doctor), MG_TEST(test_hostile_strings),
		     MG_TEST(test_hostile_fix_command), MG_TEST(test_hostile_names_apart), MG_TEST(test_list_columns),
		     MG_TEST(test_dash_names),
		     MG_TEST(test_help_and_suggestions), MG_TEST(test_exit_codes_and_wrote), MG_TEST(test_export_unknown_target),
		     MG_TEST(test_doctor_says_not_checked));
	MG_ADD_SUITE("cli-pcie", NULL, NULL, MG_TEST(test_pcie_json), MG_TEST(test_pcie_health_text),
		     MG_TEST(test_pcie_dump),
		     MG_TEST(test_estimate), MG_TEST(test_estimate_wifi), MG_TEST(test_wifi_names), MG_TEST(test_pcie_errors), MG_TEST(test_bad_input_messages),
		     MG_TEST(test_conventional_pci_role));
	MG_ADD_SUITE("cli-cable", NULL, NULL, MG_TEST(test_cable_cli));
	MG_ADD_SUITE("cli-eee-features", NULL, NULL, MG_TEST(test_eee_features_json));
	MG_ADD_SUITE("cli-evidence", NULL, NULL, MG_TEST(test_show_evidence_json),
		     MG_TEST(test_show_all_equals_show), MG_TEST(test_capture_replays_evidence));
	return mg_test_run();
}
