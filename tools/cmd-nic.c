/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* multigig list, show and capture. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* ---- text ---- */

static void format_speed(const struct mg_nic *nic, char *buf, size_t size)
{
	int mbps = mg_nic_get_speed_mbps(nic);

	if (mbps == MG_UNKNOWN)
		snprintf(buf, size, "-");
	else if (mbps % 1000 == 0)
		snprintf(buf, size, "%dG", mbps / 1000);
	else if (mbps > 1000 && mbps % 100 == 0)
		snprintf(buf, size, "%d.%dG", mbps / 1000, (mbps % 1000) / 100);
	else
		snprintf(buf, size, "%dM", mbps);
}

static const char *state_of(const struct mg_nic *nic)
{
	if (!mg_nic_get_name(nic))
		return mg_nic_has_driver(nic) ? "no-interface" : "no-driver";
	return or_dash(mg_nic_get_operstate(nic));
}

/* ---- list's table ---- */

enum column { COL_NAME, COL_BUS, COL_ADDRESS, COL_CHIP, COL_DRIVER, COL_STATE, COL_SPEED, NCOLS };

static const char *const headings[NCOLS] = { "INTERFACE", "BUS", "ADDRESS", "CHIP", "DRIVER", "STATE", "SPEED" };
/* Wide enough for an ordinary machine's values; a column widens to its longest. */
static const size_t least_widths[NCOLS] = { 15, 7, 13, 40, 12, 14, 0 };

struct row {
	const char *cells[NCOLS];
	char speed[16];
};

static void row_of(const struct mg_nic *nic, struct row *r)
{
	const char *driver = mg_nic_get_driver(nic);

	/* Hardware without a driver is the answer people look for: say so. */
	if (!driver && mg_nic_get_bus(nic) != MG_BUS_VIRTUAL)
		driver = "(none)";
	format_speed(nic, r->speed, sizeof(r->speed));
	r->cells[COL_NAME] = or_dash(mg_nic_get_name(nic));
	r->cells[COL_BUS] = mg_bus_name(mg_nic_get_bus(nic));
	r->cells[COL_ADDRESS] = or_dash(mg_nic_get_address(nic));
	r->cells[COL_CHIP] = or_dash(mg_nic_get_device(nic) ? mg_nic_get_device(nic) : mg_nic_get_chip(nic));
	r->cells[COL_DRIVER] = or_dash(driver);
	r->cells[COL_STATE] = state_of(nic);
	r->cells[COL_SPEED] = r->speed;
}

/*
 * Each column as wide as its longest value as the text shows it: a name
 * shown with escapes takes more columns than it has bytes, one in UTF-8
 * fewer. Of every adapter of @list, or of those with an interface.
 */
static void column_widths(const struct mg_nic_list *list, bool named_only, size_t widths[NCOLS])
{
	for (int c = 0; c < NCOLS; c++)
		widths[c] = least_widths[c] > shown_width(headings[c]) ? least_widths[c] : shown_width(headings[c]);
	for (size_t i = 0; i < mg_nic_list_count(list); i++) {
		const struct mg_nic *nic = mg_nic_list_get(list, i);
		struct row r;

		if (named_only && !mg_nic_get_name(nic))
			continue;
		row_of(nic, &r);
		for (int c = 0; c < NCOLS; c++)
			if (shown_width(r.cells[c]) > widths[c])
				widths[c] = shown_width(r.cells[c]);
	}
}

static void print_cells(const char *const cells[NCOLS], const size_t widths[NCOLS])
{
	for (int c = 0; c < NCOLS; c++) {
		fputs(cells[c], stdout);
		if (c + 1 < NCOLS)
			printf("%*s", (int)(widths[c] - shown_width(cells[c]) + 1), "");
	}
	putchar('\n');
}

static void print_row(const struct mg_nic *nic, const size_t widths[NCOLS])
{
	struct row r;

	row_of(nic, &r);
	print_cells(r.cells, widths);
}

static int cmd_list(struct mg_ctx *ctx, const struct options *opt, char **words, int nwords)
{
	struct mg_nic_list *list;
	size_t widths[NCOLS];
	int err = mg_nic_list_new(ctx, &list);

	(void)words;
	(void)nwords;
	if (err < 0)
		return fail(ctx, err, "cannot list adapters");
	if (opt->json) {
		err = mg_nic_list_to_json(list, 0, write_stdout, NULL);
		mg_nic_list_free(list);
		return err < 0 || putchar('\n') == EOF ? EXIT_FAILURE : EXIT_SUCCESS;
	}
	column_widths(list, false, widths);
	print_cells(headings, widths);
	for (size_t i = 0; i < mg_nic_list_count(list); i++)
		print_row(mg_nic_list_get(list, i), widths);
	mg_nic_list_free(list);
	return EXIT_SUCCESS;
}

static void line_str(const char *key, const char *value)
{
	if (value)
		printf("%-18s %s\n", key, value);
}

static void line_int(const char *key, int value, const char *unit)
{
	if (value != MG_UNKNOWN)
		printf("%-18s %d%s\n", key, value, unit);
}

static void line_ids(const char *key, int a, int b)
{
	if (a != MG_UNKNOWN && b != MG_UNKNOWN)
		printf("%-18s %04x:%04x\n", key, (unsigned int)a, (unsigned int)b);
}

static void print_chip(const struct mg_nic *nic)
{
	const char *since = mg_nic_get_chip_since(nic);

	if (!mg_nic_get_chip(nic))
		return;
	printf("%-18s %s", "chip:", mg_nic_get_chip(nic));
	if (mg_nic_get_chip_max_mbps(nic) != MG_UNKNOWN)
		printf(", up to %d Mbit/s", mg_nic_get_chip_max_mbps(nic));
	printf("; mainline driver %s", mg_nic_get_chip_driver(nic));
	if (since)
		printf(" since Linux %s", since);
	printf("\n");
}

/* The answer people look for when a new card shows no interface. */
static void print_no_driver(const struct mg_nic *nic)
{
	int n = mg_nic_get_module_count(nic);

	printf("%-18s none bound: ", "driver:");
	if (n == 0)
		printf("this kernel has no module for this device");
	else if (n > 0)
		printf("module %s declares support but is not bound (modprobe it, see dmesg)",
		       mg_nic_get_module(nic, 0));
	else
		printf("the kernel has no driver for this device, or the driver failed to start (see dmesg)");
	if (mg_nic_get_chip_driver(nic) && n <= 0)
		printf("; %s serves it%s%s", mg_nic_get_chip_driver(nic),
		       mg_nic_get_chip_since(nic) ? " since Linux " : "",
		       mg_nic_get_chip_since(nic) ? mg_nic_get_chip_since(nic) : "");
	printf("\n");
}

static void print_show(const struct mg_nic *nic)
{
	int carrier = mg_nic_get_carrier(nic);

	line_str("interface:", or_dash(mg_nic_get_name(nic)));
	line_str("kind:", mg_nic_get_kind(nic));
	line_str("bus:", mg_bus_name(mg_nic_get_bus(nic)));
	line_str("address:", mg_nic_get_address(nic));
	line_ids("ids:", mg_nic_get_vendor_id(nic), mg_nic_get_device_id(nic));
	line_ids("subsystem ids:", mg_nic_get_subsystem_vendor_id(nic),
		 mg_nic_get_subsystem_device_id(nic));
	line_str("vendor:", mg_nic_get_vendor(nic));
	line_str("device:", mg_nic_get_device(nic));
	line_str("subsystem:", mg_nic_get_subsystem(nic));
	if (mg_nic_get_revision(nic) != MG_UNKNOWN)
		printf("%-18s 0x%02x\n", "revision:", (unsigned int)mg_nic_get_revision(nic));
	if (mg_nic_get_class(nic) != MG_UNKNOWN)
		printf("%-18s 0x%06x\n", "class:", (unsigned int)mg_nic_get_class(nic));
	line_int("usb speed:", mg_nic_get_usb_speed_mbps(nic), " Mbit/s");
	print_chip(nic);
	if (mg_nic_has_driver(nic))
		line_str("driver:", mg_nic_get_driver(nic));
	else
		print_no_driver(nic);
	line_str("driver version:", mg_nic_get_driver_version(nic));
	line_str("firmware:", mg_nic_get_firmware_version(nic));
	line_str("state:", mg_nic_get_operstate(nic));
	if (carrier != MG_UNKNOWN)
		line_str("carrier:", carrier ? "yes" : "no");
	line_int("speed:", mg_nic_get_speed_mbps(nic), " Mbit/s");
	line_int("mtu:", mg_nic_get_mtu(nic), "");
	if (mg_nic_get_min_mtu(nic) != MG_UNKNOWN && mg_nic_get_max_mtu(nic) != MG_UNKNOWN)
		printf("%-18s %d..%d\n", "mtu range:", mg_nic_get_min_mtu(nic), mg_nic_get_max_mtu(nic));
	line_str("mac:", mg_nic_get_mac(nic));
	line_str("parent device:", mg_nic_get_parent(nic));
}

/* show's line of a USB adapter's bus ceiling, the first of the library's USB text (its path comes with the parts). */
static void print_usb(const struct mg_throughput *t)
{
	char *text = NULL;

	print_part("usb", mg_usb_info_to_text(NULL, t, &text), &text);
}

static void print_parts(const struct mg_nic *nic)
{
	char *text = NULL;

	if (mg_nic_get_ethlink(nic))
		print_part("link", mg_ethlink_to_text(mg_nic_get_ethlink(nic), &text), &text);
	if (mg_nic_get_settings(nic))
		print_part("settings", mg_settings_to_text(mg_nic_get_settings(nic), &text), &text);
	if (mg_nic_get_eee(nic))
		print_part("eee", mg_eee_to_text(mg_nic_get_eee(nic), &text), &text);
	if (mg_nic_get_features(nic))
		print_part("features", mg_features_to_text(mg_nic_get_features(nic), &text), &text);
	if (mg_nic_get_stats(nic))
		print_part("stats", mg_stats_to_text(mg_nic_get_stats(nic), &text), &text);
	if (mg_nic_get_irqs(nic))
		print_part("irqs", mg_irqs_to_text(mg_nic_get_irqs(nic), &text), &text);
	if (mg_nic_get_temps(nic))
		print_part("temperatures", mg_temps_to_text(mg_nic_get_temps(nic), &text), &text);
	if (mg_nic_get_usb_info(nic))
		print_part("usb", mg_usb_info_to_text(mg_nic_get_usb_info(nic), NULL, &text), &text);
	if (mg_nic_get_kernel_log(nic))
		print_part("kernel log", mg_kernel_log_to_text(mg_nic_get_kernel_log(nic), &text), &text);
}

/* Every interface: one enumeration with settings and links from one dump each. */
static int show_all(struct mg_ctx *ctx, const struct options *opt)
{
	struct mg_nic_list *nics;
	size_t widths[NCOLS];
	int err = mg_nic_list_new_with(ctx, MG_NIC_WITH_ALL, &nics);

	if (err < 0)
		return fail(ctx, err, "show --all");
	if (opt->json) {
		/* One object at a time: memory stays flat on a host with 10 000 interfaces. */
		err = mg_nic_list_to_json(nics, MG_JSON_PARTS | MG_JSON_INTERFACES, write_stdout, NULL);
		mg_nic_list_free(nics);
		return err < 0 || putchar('\n') == EOF ? EXIT_FAILURE : EXIT_SUCCESS;
	}
	column_widths(nics, true, widths);
	for (size_t i = 0; i < mg_nic_list_count(nics); i++) {
		const struct mg_nic *nic = mg_nic_list_get(nics, i);

		if (!mg_nic_get_name(nic))
			continue;
		print_row(nic, widths);
		print_parts(nic);
	}
	mg_nic_list_free(nics);
	return EXIT_SUCCESS;
}

static int cmd_show(struct mg_ctx *ctx, const struct options *opt, char **words, int nwords)
{
	const char *target = nwords ? words[0] : NULL;
	struct mg_throughput *throughput;
	struct mg_wiphy_list *wifi = NULL;
	struct mg_pcie_path *path;
	struct mg_nic *nic;
	int err;

	if (opt->all)
		return show_all(ctx, opt);
	/* One request per message for the one interface, as --all makes one dump each. */
	err = mg_nic_lookup_with(ctx, target, MG_NIC_WITH_ALL, &nic);
	if (err < 0)
		return fail(ctx, err, "show");
	warn_interrupted_apply(ctx, nic);
	path = nic_pcie_path(ctx, nic);
	err = mg_throughput_new(nic, path, &throughput);
	if (err < 0) {
		mg_pcie_path_free(path);
		mg_nic_unref(nic);
		return fail(ctx, err, "show");
	}
	/* A Wi-Fi station's link joins the verdict: the lowest of the bus and the air. */
	if (mg_nic_get_kind(nic) && !strcmp(mg_nic_get_kind(nic), "wifi") && mg_nic_get_name(nic) &&
	    mg_wiphy_list_new(ctx, mg_nic_get_name(nic), &wifi) == 0)
		mg_throughput_add_wifi(throughput, mg_wiphy_list_get(wifi, 0), mg_nic_get_name(nic));
	if (opt->json) {
		char *json;

		err = mg_nic_show_to_json(nic, path, throughput, 0, &json);
		err = print_json(err, json, "show");
	} else {
		char *text = NULL;

		print_show(nic);
		if (path)
			print_part("pcie", mg_pcie_path_summary_to_text(path, &text), &text);
		print_usb(throughput);
		print_part("throughput", mg_throughput_to_text(throughput, &text), &text);
		print_parts(nic);
		if (wifi && mg_wiphy_list_to_text(wifi, &text) == 0) {
			output_document(stdout, text);
			free(text);
		}
		err = EXIT_SUCCESS;
	}
	mg_wiphy_list_free(wifi);
	mg_throughput_free(throughput);
	mg_pcie_path_free(path);
	mg_nic_unref(nic);
	return err;
}

static int cmd_capture(struct mg_ctx *ctx, const struct options *opt, char **words, int nwords)
{
	const char *dir = nwords ? words[0] : NULL;
	int err = mg_ctx_capture(ctx, dir);

	if (err < 0)
		return fail(ctx, err, "capture");
	if (!opt->json)
		printf("captured %s into %s\n", mg_ctx_is_offline(ctx) ? mg_ctx_get_sysfs_root(ctx) : "this machine", dir);
	return EXIT_SUCCESS;
}

const struct command list_command = {
	.name = "list",
	.nargs = 0,
	.args = "",
	.summary = "every network adapter: interface, bus, chip, driver, state",
	.help = "One line per adapter, hardware and virtual, and PCI network devices with no\n"
		"driver bound. --json: an array of objects.\n",
	.run = cmd_list,
};

const struct command show_command = {
	.name = "show",
	.nargs = 1,
	.args = " IFACE|PCI-ADDRESS | --all",
	.summary = "everything known about one adapter",
	.help = "Identity, driver, link, settings, EEE, offloads, counters, interrupts,\n"
		"temperatures, the PCIe path and the throughput to expect. --all: every\n"
		"interface, from one dump per kind of request.\n",
	.options = OPT(ALL),
	.run = cmd_show,
};

const struct command capture_command = {
	.name = "capture",
	.nargs = 1,
	.args = " DIR",
	.summary = "copy what the library reads into DIR, for a bug report",
	.help = "DIR is made, or must be an empty directory of yours that nobody else may\n"
		"write to. Replay it with multigig --sysfs-root DIR.\n",
	.run = cmd_capture,
};
