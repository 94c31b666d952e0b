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

/* Every interface: one enumeration with settings and links from one dump each. */
static int show_all(struct mg_ctx *ctx, const struct options *opt)
{
	struct mg_nic_list *nics;
	size_t widths[NCOLS];
	char *text = NULL;
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
		print_part("show", mg_nic_to_text(nic, MG_JSON_PARTS, &text), &text);
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

		print_part("show", mg_nic_show_to_text(nic, path, throughput, &text), &text);
		if (wifi)
			print_part("wifi", mg_wiphy_list_to_text(wifi, &text), &text);
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
