/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * multigig export --format prometheus: the text exposition format, for
 * node_exporter's textfile collector. --output FILE writes a temporary file
 * beside FILE and renames it over FILE, so the collector never reads half.
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

/* A label value: backslash, double quote and newline escaped, as the format asks. */
static void label(FILE *out, const char *name, const char *value, bool first)
{
	fprintf(out, "%s%s=\"", first ? "" : ",", name);
	for (const char *p = value ? value : ""; *p; p++) {
		if (*p == '\\' || *p == '"')
			fprintf(out, "\\%c", *p);
		else if (*p == '\n')
			fputs("\\n", out);
		else
			fputc(*p, out);
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
	family(e->out, "multigig_link_speed_mbps", "gauge", "Negotiated Ethernet link speed in Mbit/s.");
	for (size_t i = 0; i < e->n; i++) {
		const struct mg_ethlink *l = mg_nic_get_ethlink(e->a[i].nic);
		int mbps = l && mg_ethlink_get_speed_mbps(l) > 0 ? mg_ethlink_get_speed_mbps(l)
								  : mg_nic_get_speed_mbps(e->a[i].nic);

		if (mbps <= 0)
			continue;
		fputs("multigig_link_speed_mbps{", e->out);
		label(e->out, "device", e->a[i].device, true);
		fprintf(e->out, "} %d\n", mbps);
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
	label(out, "state", state, false);
}

static void pcie_links(const struct export *e)
{
	static const char *const states[] = { "current", "capable" };

	family(e->out, "multigig_pcie_link_speed_gts", "gauge", "PCIe link speed of each hop in GT/s.");
	for (size_t i = 0; i < e->n; i++)
		for (size_t h = 0; h < mg_pcie_path_count(e->a[i].path); h++)
			for (int s = 0; s < 2; s++) {
				const struct mg_pcie_node *n = mg_pcie_path_get(e->a[i].path, h);
				double v = s ? mg_pcie_node_get_cap_speed_gts(n) : mg_pcie_node_get_speed_gts(n);

				if (v <= 0)
					continue;
				fputs("multigig_pcie_link_speed_gts{", e->out);
				hop_labels(e->out, e->a[i].device, h, n, states[s]);
				fprintf(e->out, "} %g\n", v);
			}
	family(e->out, "multigig_pcie_link_width", "gauge", "PCIe link width of each hop in lanes.");
	for (size_t i = 0; i < e->n; i++)
		for (size_t h = 0; h < mg_pcie_path_count(e->a[i].path); h++)
			for (int s = 0; s < 2; s++) {
				const struct mg_pcie_node *n = mg_pcie_path_get(e->a[i].path, h);
				int v = s ? mg_pcie_node_get_cap_width(n) : mg_pcie_node_get_width(n);

				if (v <= 0)
					continue;
				fputs("multigig_pcie_link_width{", e->out);
				hop_labels(e->out, e->a[i].device, h, n, states[s]);
				fprintf(e->out, "} %d\n", v);
			}
	family(e->out, "multigig_pcie_available_gbps", "gauge",
	       "PCIe bandwidth available to the adapter, as the kernel counts it, in Gbit/s.");
	for (size_t i = 0; i < e->n; i++) {
		int mbps = mg_pcie_path_get_available_mbps(e->a[i].path);

		if (!e->a[i].path || mbps <= 0)
			continue;
		fputs("multigig_pcie_available_gbps{", e->out);
		label(e->out, "device", e->a[i].device, true);
		fprintf(e->out, "} %.3f\n", mbps / 1000.0);
	}
}

static void expected(const struct export *e)
{
	static const char *const dirs[] = { "rx", "tx" };

	family(e->out, "multigig_expected_gbps", "gauge", "Expected TCP goodput per direction in Gbit/s.");
	for (size_t i = 0; i < e->n; i++)
		for (int d = 0; d < 2; d++) {
			double v = mg_throughput_get_expected_gbps(e->a[i].tp, (enum mg_direction)d);

			if (!e->a[i].tp || v < 0)
				continue;
			fputs("multigig_expected_gbps{", e->out);
			label(e->out, "device", e->a[i].device, true);
			label(e->out, "direction", dirs[d], false);
			fprintf(e->out, "} %.3f\n", v);
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
	int err = mg_nic_list_new_with(ctx, MG_NIC_WITH_SETTINGS | MG_NIC_WITH_ETHLINK, &list);

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
	expected(&e);
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
	if (!opt->format || strcmp(opt->format, "prometheus"))
		return usage_error("export needs --format prometheus");
	if (opt->output) {
		struct export_job job = { ctx, opt, target };

		return replace_file("export", opt->output, fill_export, &job);
	}
	return write_all(ctx, opt, target, stdout);
}
