/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * multigig export --format prometheus: the text exposition format, for
 * node_exporter's textfile collector. --output FILE writes a temporary file
 * beside FILE and renames it over FILE, so the collector never reads half;
 * a failed write leaves FILE as it was. --output - is stdout.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

struct adapter {
	const struct mg_nic *nic;
	const char *device;		/* interface, else PCI address */
	struct mg_pcie_path *path;
	struct mg_throughput *tp;
};

struct export {
	FILE *out;
	struct adapter *a;
	size_t n;
	const struct mg_doctor *doctor;
};

/*
 * A label value, valid UTF-8 whatever the machine holds: backslash, double
 * quote and newline as the format escapes them; every other control
 * character (C0, DEL, C1) and every byte that is not part of valid UTF-8
 * as the four characters \xNN, as the CLI shows them in text. On stdout
 * the filter then has nothing left to change.
 */
static void label(FILE *out, const char *name, const char *value, bool first)
{
	const unsigned char *p = (const unsigned char *)(value ? value : "");

	fprintf(out, "%s%s=\"", first ? "" : ",", name);
	while (*p) {
		size_t n = utf8_char_length(p);

		if (*p == '\\' || *p == '"') {
			fprintf(out, "\\%c", *p);
		} else if (*p == '\n') {
			fputs("\\n", out);
		} else if (n == 0 || (n == 1 && (*p < 0x20 || *p == 0x7f)) || (n == 2 && p[0] == 0xc2 && p[1] < 0xa0)) {
			/* Stray byte or control character: each of its bytes shown. */
			for (size_t i = 0; i < (n ? n : 1); i++)
				fprintf(out, "\\\\x%02x", p[i]);
		} else {
			fwrite(p, 1, n, out);
		}
		p += n ? n : 1;
	}
	fputc('"', out);
}

static void family(FILE *out, const char *name, const char *type, const char *help)
{
	fprintf(out, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

static void hex(char *buf, size_t size, int v)
{
	if (v == MG_UNKNOWN)
		buf[0] = '\0';
	else
		snprintf(buf, size, "0x%04x", v);
}

/* Bytes per second from Gbit/s as the CLI rounds them (three decimals). */
static double gbps_to_bytes(double gbps)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%.3f", gbps);
	return strtod(buf, NULL) * 1.25e8;
}

static void nic_info(const struct export *e)
{
	family(e->out, "multigig_nic_info", "gauge", "Identity of a network adapter (always 1).");
	for (size_t i = 0; i < e->n; i++) {
		const struct mg_nic *nic = e->a[i].nic;
		char vendor[8], device[8];

		hex(vendor, sizeof(vendor), mg_nic_get_vendor_id(nic));
		hex(device, sizeof(device), mg_nic_get_device_id(nic));
		fputs("multigig_nic_info{", e->out);
		label(e->out, "device", e->a[i].device, true);
		label(e->out, "driver", mg_nic_get_driver(nic), false);
		label(e->out, "driver_version", mg_nic_get_driver_version(nic), false);
		label(e->out, "firmware_version", mg_nic_get_firmware_version(nic), false);
		label(e->out, "bus", mg_bus_name(mg_nic_get_bus(nic)), false);
		label(e->out, "vendor_id", vendor, false);
		label(e->out, "device_id", device, false);
		label(e->out, "chip", mg_nic_get_chip(nic), false);
		fputs("} 1\n", e->out);
	}
}

static void link_speed(const struct export *e)
{
	family(e->out, "multigig_link_speed_bytes_per_second", "gauge",
	       "Negotiated Ethernet link speed in bytes per second.");
	for (size_t i = 0; i < e->n; i++) {
		const struct mg_ethlink *l = mg_nic_get_ethlink(e->a[i].nic);
		int mbps = l && mg_ethlink_get_speed_mbps(l) > 0 ? mg_ethlink_get_speed_mbps(l)
								  : mg_nic_get_speed_mbps(e->a[i].nic);

		if (mbps <= 0)
			continue;
		fputs("multigig_link_speed_bytes_per_second{", e->out);
		label(e->out, "device", e->a[i].device, true);
		fprintf(e->out, "} %lld\n", mbps * 125000LL);
	}
}

static void hop_labels(FILE *out, const char *device, size_t hop, const struct mg_pcie_node *n, const char *state)
{
	char h[16];

	snprintf(h, sizeof(h), "%zu", hop);
	label(out, "device", device, true);
	label(out, "hop", h, false);
	label(out, "address", mg_pcie_node_get_address(n), false);
	label(out, "role", mg_pcie_role_name(mg_pcie_node_get_role(n)), false);
	if (state)
		label(out, "state", state, false);
}

static void pcie_links(const struct export *e)
{
	static const char *const states[] = { "current", "capable" };

	family(e->out, "multigig_pcie_link_transfers_per_second", "gauge",
	       "PCIe link speed of each hop in transfers per second per lane.");
	for (size_t i = 0; i < e->n; i++)
		for (size_t h = 0; h < mg_pcie_path_count(e->a[i].path); h++)
			for (int s = 0; s < 2; s++) {
				const struct mg_pcie_node *n = mg_pcie_path_get(e->a[i].path, h);
				double v = s ? mg_pcie_node_get_cap_speed_gts(n) : mg_pcie_node_get_speed_gts(n);

				if (v <= 0)
					continue;
				fputs("multigig_pcie_link_transfers_per_second{", e->out);
				hop_labels(e->out, e->a[i].device, h, n, states[s]);
				fprintf(e->out, "} %.0f\n", v * 1e9);
			}
	family(e->out, "multigig_pcie_link_lanes", "gauge", "PCIe link width of each hop in lanes.");
	for (size_t i = 0; i < e->n; i++)
		for (size_t h = 0; h < mg_pcie_path_count(e->a[i].path); h++)
			for (int s = 0; s < 2; s++) {
				const struct mg_pcie_node *n = mg_pcie_path_get(e->a[i].path, h);
				int v = s ? mg_pcie_node_get_cap_width(n) : mg_pcie_node_get_width(n);

				if (v <= 0)
					continue;
				fputs("multigig_pcie_link_lanes{", e->out);
				hop_labels(e->out, e->a[i].device, h, n, states[s]);
				fprintf(e->out, "} %d\n", v);
			}
	family(e->out, "multigig_pcie_available_bytes_per_second", "gauge",
	       "PCIe bandwidth available to the adapter, as the kernel counts it, in bytes per second.");
	for (size_t i = 0; i < e->n; i++) {
		int mbps = mg_pcie_path_get_available_mbps(e->a[i].path);

		if (!e->a[i].path || mbps <= 0)
			continue;
		fputs("multigig_pcie_available_bytes_per_second{", e->out);
		label(e->out, "device", e->a[i].device, true);
		fprintf(e->out, "} %lld\n", mbps * 125000LL);
	}
}

static void aer(const struct export *e)
{
	static const enum mg_aer_severity sev[] = { MG_AER_CORRECTABLE, MG_AER_NONFATAL, MG_AER_FATAL };

	family(e->out, "multigig_aer_errors_total", "counter",
	       "PCIe errors each hop reported since boot (Advanced Error Reporting), by severity.");
	for (size_t i = 0; i < e->n; i++)
		for (size_t h = 0; h < mg_pcie_path_count(e->a[i].path); h++)
			for (size_t s = 0; s < sizeof(sev) / sizeof(sev[0]); s++) {
				const struct mg_pcie_node *n = mg_pcie_path_get(e->a[i].path, h);
				long long v = mg_pcie_node_get_aer_total(n, sev[s]);

				if (v == MG_UNKNOWN || v < 0)
					continue;
				fputs("multigig_aer_errors_total{", e->out);
				hop_labels(e->out, e->a[i].device, h, n, NULL);
				label(e->out, "severity", mg_aer_severity_name(sev[s]), false);
				fprintf(e->out, "} %lld\n", v);
			}
}

static void expected(const struct export *e)
{
	static const char *const dirs[] = { "rx", "tx" };

	family(e->out, "multigig_expected_goodput_bytes_per_second", "gauge",
	       "Expected TCP goodput per direction in bytes per second.");
	for (size_t i = 0; i < e->n; i++)
		for (int d = 0; d < 2; d++) {
			double v = mg_throughput_get_expected_gbps(e->a[i].tp, (enum mg_direction)d);

			if (!e->a[i].tp || v < 0)
				continue;
			fputs("multigig_expected_goodput_bytes_per_second{", e->out);
			label(e->out, "device", e->a[i].device, true);
			label(e->out, "direction", dirs[d], false);
			fprintf(e->out, "} %.0f\n", gbps_to_bytes(v));
		}
	family(e->out, "multigig_limited", "gauge", "What limits the expected throughput (always 1).");
	for (size_t i = 0; i < e->n; i++)
		for (int d = 0; d < 2; d++) {
			enum mg_limit by = mg_throughput_get_limited_by(e->a[i].tp, (enum mg_direction)d);

			if (!e->a[i].tp || by == MG_LIMIT_UNKNOWN)
				continue;
			fputs("multigig_limited{", e->out);
			label(e->out, "device", e->a[i].device, true);
			label(e->out, "direction", dirs[d], false);
			label(e->out, "by", mg_limit_name(by), false);
			fputs("} 1\n", e->out);
		}
}

/* One counter of the link per adapter that reports it, with a direction label when @dir is set. */
static void link_counter(const struct export *e, const char *name, enum mg_stat stat, const char *dir)
{
	for (size_t i = 0; i < e->n; i++) {
		const struct mg_stats *st = mg_nic_get_stats(e->a[i].nic);
		uint64_t v;

		if (!st || mg_stats_get(st, stat, &v) < 0)
			continue;
		fprintf(e->out, "%s{", name);
		label(e->out, "device", e->a[i].device, true);
		if (dir)
			label(e->out, "direction", dir, false);
		fprintf(e->out, "} %llu\n", (unsigned long long)v);
	}
}

static void counters(const struct export *e)
{
	family(e->out, "multigig_carrier_changes_total", "counter",
	       "Times the link's carrier came up or went down since the interface was made.");
	link_counter(e, "multigig_carrier_changes_total", MG_STAT_CARRIER_CHANGES, NULL);
	family(e->out, "multigig_dropped_packets_total", "counter",
	       "Packets the driver or the stack dropped, per direction.");
	link_counter(e, "multigig_dropped_packets_total", MG_STAT_RX_DROPPED, "rx");
	link_counter(e, "multigig_dropped_packets_total", MG_STAT_TX_DROPPED, "tx");
	family(e->out, "multigig_packet_errors_total", "counter", "Receive and transmit errors of any kind.");
	link_counter(e, "multigig_packet_errors_total", MG_STAT_RX_ERRORS, "rx");
	link_counter(e, "multigig_packet_errors_total", MG_STAT_TX_ERRORS, "tx");
	family(e->out, "multigig_missed_frames_total", "counter",
	       "Frames the adapter missed for want of a receive buffer (rx_missed_errors).");
	link_counter(e, "multigig_missed_frames_total", MG_STAT_RX_MISSED_ERRORS, NULL);
}

static void temperatures(const struct export *e)
{
	family(e->out, "multigig_temperature_celsius", "gauge",
	       "Temperature of each hwmon sensor of the adapter, its PHY or its interface.");
	for (size_t i = 0; i < e->n; i++) {
		const struct mg_temps *t = mg_nic_get_temps(e->a[i].nic);

		for (size_t k = 0; k < mg_temps_get_count(t); k++) {
			int milli;

			if (mg_temps_get(t, k, MG_TEMP_INPUT, &milli) < 0)
				continue;
			fputs("multigig_temperature_celsius{", e->out);
			label(e->out, "device", e->a[i].device, true);
			label(e->out, "chip", mg_temps_get_chip(t, k), false);
			label(e->out, "sensor", mg_temps_get_sensor(t, k), false);
			label(e->out, "source", mg_temps_get_source(t, k), false);
			label(e->out, "label", mg_temps_get_label(t, k), false);
			fprintf(e->out, "} %g\n", milli / 1000.0);
		}
	}
}

static void findings(const struct export *e)
{
	static const enum mg_severity sev[] = { MG_SEVERITY_CRITICAL, MG_SEVERITY_WARNING, MG_SEVERITY_INFO };

	family(e->out, "multigig_doctor_findings", "gauge", "Doctor findings per adapter and severity.");
	for (size_t i = 0; i < e->n; i++)
		for (size_t s = 0; s < sizeof(sev) / sizeof(sev[0]); s++) {
			int count = 0;

			for (size_t k = 0; k < mg_doctor_count(e->doctor); k++) {
				const struct mg_finding *f = mg_doctor_get(e->doctor, k);

				count += mg_finding_get_severity(f) == sev[s] &&
					 !strcmp(mg_finding_get_nic(f), e->a[i].device);
			}
			fputs("multigig_doctor_findings{", e->out);
			label(e->out, "device", e->a[i].device, true);
			label(e->out, "severity", mg_severity_name(sev[s]), false);
			fprintf(e->out, "} %d\n", count);
		}
	family(e->out, "multigig_doctor_finding", "gauge", "Each doctor finding by its id (always 1).");
	for (size_t i = 0; i < e->n; i++)
		for (size_t k = 0; k < mg_doctor_count(e->doctor); k++) {
			const struct mg_finding *f = mg_doctor_get(e->doctor, k);

			if (strcmp(mg_finding_get_nic(f), e->a[i].device))
				continue;
			fputs("multigig_doctor_finding{", e->out);
			label(e->out, "device", e->a[i].device, true);
			label(e->out, "id", mg_finding_get_id(f), false);
			label(e->out, "severity", mg_severity_name(mg_finding_get_severity(f)), false);
			fputs("} 1\n", e->out);
		}
}

/* Adapters worth a metric: hardware, and interfaces named on the command line. */
static bool wanted(const struct mg_nic *nic, const struct options *opt, const char *target)
{
	if (target)
		return (mg_nic_get_name(nic) && !strcmp(mg_nic_get_name(nic), target)) ||
		       (mg_nic_get_address(nic) && !strcmp(mg_nic_get_address(nic), target));
	return opt->all || mg_nic_get_bus(nic) != MG_BUS_VIRTUAL;
}

static int write_all(struct mg_ctx *ctx, const struct options *opt, const char *target, FILE *out)
{
	struct mg_nic_list *list;
	struct export e = { .out = out };
	struct mg_doctor *d = NULL;
	int err = mg_nic_list_new_with(ctx, MG_NIC_WITH_SETTINGS | MG_NIC_WITH_ETHLINK | MG_NIC_WITH_STATS |
					       MG_NIC_WITH_TEMPERATURES, &list);

	if (err < 0)
		return fail(ctx, err, "export");
	e.a = calloc(mg_nic_list_count(list) + 1, sizeof(*e.a));
	if (!e.a || (err = mg_doctor_run(ctx, NULL, MG_DOCTOR_NO_SAMPLE, &d)) < 0) {
		free(e.a);
		mg_nic_list_free(list);
		return fail(ctx, err < 0 ? err : -ENOMEM, "export");
	}
	for (size_t i = 0; i < mg_nic_list_count(list); i++) {
		struct adapter *a = &e.a[e.n];

		a->nic = mg_nic_list_get(list, i);
		if (!wanted(a->nic, opt, target))
			continue;
		a->device = mg_nic_get_name(a->nic) ? mg_nic_get_name(a->nic) : mg_nic_get_address(a->nic);
		if (mg_nic_get_bus(a->nic) == MG_BUS_PCI && mg_pcie_path_new_for_nic(ctx, a->nic, &a->path) < 0)
			a->path = NULL;
		if (mg_throughput_new(a->nic, a->path, &a->tp) < 0)
			a->tp = NULL;
		e.n++;
	}
	e.doctor = d;
	nic_info(&e);
	link_speed(&e);
	pcie_links(&e);
	aer(&e);
	expected(&e);
	counters(&e);
	temperatures(&e);
	findings(&e);
	for (size_t i = 0; i < e.n; i++) {
		mg_throughput_free(e.a[i].tp);
		mg_pcie_path_free(e.a[i].path);
	}
	free(e.a);
	mg_doctor_free(d);
	mg_nic_list_free(list);
	return ferror(out) ? EXIT_FAILURE : EXIT_SUCCESS;
}

struct export_job {
	struct mg_ctx *ctx;
	const struct options *opt;
	const char *target;
};

static int fill_export(FILE *f, void *data)
{
	struct export_job *job = data;

	return write_all(job->ctx, job->opt, job->target, f);
}

int cmd_export(struct mg_ctx *ctx, const struct options *opt, const char *target)
{
	int err;

	if (!opt->format || strcmp(opt->format, "prometheus"))
		return usage_error("export needs --format prometheus");
	if (opt->output && strcmp(opt->output, "-")) {
		struct export_job job = { ctx, opt, target };

		err = replace_file("export", opt->output, fill_export, &job);
		if (err == EXIT_SUCCESS)
			say_wrote(opt->output, false);
		return err;
	}
	err = write_all(ctx, opt, target, stdout);
	if (fflush(stdout) != 0 || output_error(stdout)) {
		fprintf(stderr, "multigig: export: cannot write the output: %s\n", strerror(output_error(stdout)));
		err = EXIT_FAILURE;
	}
	return err;
}
