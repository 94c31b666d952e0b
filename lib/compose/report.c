/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * mg_pcie_path_to_svg() and mg_report_html(): gather what a picture needs
 * (the chips' names, the adapters, their paths, settings and links, the
 * doctor's findings, which kernel and board), then let lib/present/ write
 * it. One implementation, so the CLI and the bindings hand out the same
 * bytes.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "compose/compose.h"

struct hop_names {
	char vendor[128];
	char device[160];
};

/* Each function's vendor and device name; NULL pointers where none is known. */
static struct mg_svg_names *path_names(struct mg_ctx *ctx, const struct mg_pcie_path *path,
				       struct hop_names **store)
{
	size_t count = mg_pcie_path_count(path);
	struct mg_svg_names *names = calloc(count, sizeof(*names));

	*store = calloc(count, sizeof(**store));
	if (!names || !*store) {
		free(names);
		free(*store);
		*store = NULL;
		return NULL;
	}
	for (size_t i = 0; i < count; i++) {
		const struct mg_pcie_node *n = mg_pcie_path_get(path, i);
		int vid = mg_pcie_node_get_vendor_id(n), did = mg_pcie_node_get_device_id(n);
		struct hop_names *h = &(*store)[i];

		if (vid < 0)
			continue;
		names[i].vendor = mg_pci_vendor_name(ctx, vid, h->vendor, sizeof(h->vendor));
		if (did >= 0)
			names[i].device = mg_pci_device_name(ctx, vid, did, h->device, sizeof(h->device));
	}
	return names;
}

/* The drawing, as a document of its own or to go inside a page. */
static int draw(struct mg_ctx *ctx, const struct mg_pcie_path *path, const struct mg_nic *nic,
		const struct mg_throughput *tp, bool inline_html, char **svg)
{
	struct mg_svg_input in = { .path = path, .throughput = tp, .inline_html = inline_html };
	struct hop_names *store = NULL;
	struct mg_strbuf t = { 0 };

	in.ifname = nic ? mg_nic_get_name(nic) : NULL;
	if (ctx) {
		in.names = path_names(ctx, path, &store);
		if (!in.names)
			return -ENOMEM;
	}
	mg_svg_pcie_path(&t, &in);
	free((void *)in.names);
	free(store);
	*svg = mg_strbuf_take(&t);
	return *svg ? 0 : -ENOMEM;
}

MG_EXPORT int mg_pcie_path_to_svg(struct mg_ctx *ctx, const struct mg_pcie_path *path, const struct mg_nic *nic,
				  char **svg)
{
	struct mg_throughput *tp;
	int err;

	if (!svg)
		return -EINVAL;
	*svg = NULL;
	if (!path || !mg_pcie_path_count(path))
		return -EINVAL;
	err = mg_throughput_new(nic, path, &tp);
	if (err < 0)
		return err;
	err = draw(ctx, path, nic, tp, false, svg);
	mg_throughput_free(tp);
	return err;
}

/* ---- the report ---- */

struct report {
	struct mg_report_nic *items;
	struct mg_settings **own_settings;	/* read here, not from a snapshot */
	struct mg_ethlink **own_links;
	struct mg_features **own_features;
	struct mg_eee **own_eee;
	struct mg_kernel_log **own_klog;
	size_t count;
	struct mg_nic_list *list;
	struct mg_doctor *doctor;
	struct mg_wifi_cache wifi;		/* the wiphys, read once for every adapter */
	char kernel[256];
	char note[512];
	const char *board;
};

static void report_free(struct report *r)
{
	for (size_t i = 0; i < r->count; i++) {
		mg_settings_free(r->own_settings[i]);
		mg_ethlink_free(r->own_links[i]);
		mg_features_free(r->own_features[i]);
		mg_eee_free(r->own_eee[i]);
		mg_kernel_log_free(r->own_klog[i]);
		mg_throughput_free((struct mg_throughput *)r->items[i].throughput);
		mg_pcie_path_free((struct mg_pcie_path *)r->items[i].path);
		free((char *)r->items[i].svg);
		mg_wiphy_unref(r->items[i].wifi);
	}
	mg_wifi_cache_free(&r->wifi);
	free(r->items);
	free(r->own_settings);
	free(r->own_links);
	free(r->own_features);
	free(r->own_eee);
	free(r->own_klog);
	mg_nic_list_free(r->list);
	mg_doctor_free(r->doctor);
}

static int report_alloc(struct report *r, size_t count)
{
	r->items = calloc(count ? count : 1, sizeof(*r->items));
	r->own_settings = calloc(count ? count : 1, sizeof(*r->own_settings));
	r->own_links = calloc(count ? count : 1, sizeof(*r->own_links));
	r->own_features = calloc(count ? count : 1, sizeof(*r->own_features));
	r->own_eee = calloc(count ? count : 1, sizeof(*r->own_eee));
	r->own_klog = calloc(count ? count : 1, sizeof(*r->own_klog));
	return r->items && r->own_settings && r->own_links && r->own_features && r->own_eee && r->own_klog ? 0
													       : -ENOMEM;
}

/* Settings and link from the snapshot when the adapter came from one, else read now. */
static int examine(struct mg_ctx *ctx, struct report *r, const struct mg_nic *nic)
{
	size_t i = r->count++;
	struct mg_report_nic *item = &r->items[i];
	struct mg_pcie_path *path = NULL;
	struct mg_throughput *tp = NULL;
	char *svg = NULL;
	int err;

	item->nic = nic;
	item->settings = mg_nic_get_settings(nic);
	if (!item->settings && mg_nic_get_name(nic)) {
		err = mg_settings_read_for_nic(ctx, nic, &r->own_settings[i]);
		if (err < 0)
			mg_strlcpy(item->settings_why, mg_ctx_last_error(ctx)[0] ? mg_ctx_last_error(ctx) : strerror(-err),
				   sizeof(item->settings_why));
		item->settings = r->own_settings[i];
	}
	item->ethlink = mg_nic_get_ethlink(nic);
	if (!item->ethlink && mg_nic_get_name(nic) && mg_ethlink_read_for_nic(ctx, nic, &r->own_links[i]) == 0)
		item->ethlink = r->own_links[i];
	/* The offloads show lists, and EEE: the settings the table of rings and channels leaves out. */
	item->features = mg_nic_get_features(nic);
	if (!item->features && mg_nic_get_name(nic)) {
		err = mg_features_read_for_nic(ctx, nic, &r->own_features[i]);
		if (err == -ENOMEM)
			return err;
		if (err < 0)
			mg_strlcpy(item->features_why, mg_ctx_last_error(ctx)[0] ? mg_ctx_last_error(ctx) : strerror(-err),
				   sizeof(item->features_why));
		item->features = r->own_features[i];
	}
	item->eee = mg_nic_get_eee(nic);
	if (!item->eee && mg_nic_get_name(nic) && mg_eee_read_for_nic(ctx, nic, &r->own_eee[i]) == 0)
		item->eee = r->own_eee[i];
	item->kernel_log = mg_nic_get_kernel_log(nic);
	if (!item->kernel_log && mg_kernel_log_read_for_nic(ctx, nic, &r->own_klog[i]) == 0)
		item->kernel_log = r->own_klog[i];
	if (mg_nic_get_bus(nic) == MG_BUS_PCI || mg_nic_get_bus(nic) == MG_BUS_USB) {
		err = mg_pcie_path_new_for_nic(ctx, nic, &path);
		if (err == -ENOMEM)
			return err;
		if (err < 0)
			mg_strlcpy(item->path_why, mg_ctx_last_error(ctx)[0] ? mg_ctx_last_error(ctx) : strerror(-err),
				   sizeof(item->path_why));
		item->path = path;
	}
	if ((err = mg_throughput_new(nic, path, &tp)) < 0)
		return err;
	item->throughput = tp;
	/* A Wi-Fi interface's card and link; its air joins the verdict. */
	item->wifi = mg_wifi_cache_get(ctx, &r->wifi, nic);
	if (item->wifi)
		mg_throughput_add_wifi(tp, item->wifi, mg_nic_get_name(nic));
	mg_clear_error(ctx);
	if (path) {
		if ((err = draw(ctx, path, nic, tp, true, &svg)) < 0)
			return err;
		item->svg = svg;
		if (!r->board)
			r->board = mg_pcie_path_get_board(path);
	}
	return 0;
}

/* Every adapter on a bus; virtual interfaces only when asked for by name. */
static int gather_nics(struct mg_ctx *ctx, struct report *r, const struct mg_nic *nic)
{
	int err;

	if (nic) {
		if ((err = report_alloc(r, 1)) < 0)
			return err;
		return examine(ctx, r, nic);
	}
	err = mg_nic_list_new_with(ctx, MG_NIC_WITH_SETTINGS | MG_NIC_WITH_ETHLINK | MG_NIC_WITH_FEATURES | MG_NIC_WITH_EEE |
				   MG_NIC_WITH_KERNEL_LOG, &r->list);
	if (err < 0)
		return err;
	if ((err = report_alloc(r, mg_nic_list_count(r->list))) < 0)
		return err;
	for (size_t i = 0; i < mg_nic_list_count(r->list); i++) {
		const struct mg_nic *n = mg_nic_list_get(r->list, i);

		if (mg_nic_get_bus(n) != MG_BUS_VIRTUAL && (err = examine(ctx, r, n)) < 0)
			return err;
	}
	return 0;
}

/*
 * Which kernel: the running one, or the one a capture was made on, as its
 * multigig/CAPTURE note says (a tree built by hand has none). The note's
 * lines are kept too, for the report's header.
 */
static void read_kernel(struct mg_ctx *ctx, struct report *r)
{
	char text[512], *save = NULL;
	struct utsname u;

	if (!mg_ctx_is_offline(ctx)) {
		if (uname(&u) == 0)
			snprintf(r->kernel, sizeof(r->kernel), "%s %s %s", u.sysname, u.release, u.machine);
		return;
	}
	if (mg_sysfs_read(ctx, "multigig/CAPTURE", text, sizeof(text)) <= 0)
		return;
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(line, "kernel=", 7))
			mg_strlcpy(r->kernel, line + 7, sizeof(r->kernel));
		if (r->note[0])
			strncat(r->note, "; ", sizeof(r->note) - strlen(r->note) - 1);
		strncat(r->note, line, sizeof(r->note) - strlen(r->note) - 1);
	}
}

static void watch_free(struct mg_watch_series *w)
{
	for (size_t i = 0; i < w->ncpus; i++) {
		free(w->cpu_irqs[i]);
		free(w->cpu_names[i]);
	}
	free(w->cpu_irqs);
	free(w->cpu_names);
	free(w->cpus);
	free(w->t);
	free(w->rx_bps);
	free(w->tx_bps);
	free(w->temp_c);
}

static double or_nan(double v)
{
	return v < 0 ? NAN : v;
}

/* The CPUs of the first sample: the plot's lines. */
static int watch_cpus(struct mg_watch_series *w, const struct mg_sample *m)
{
	w->ncpus = mg_sample_get_cpu_count(m);
	w->cpus = calloc(w->ncpus + 1, sizeof(*w->cpus));
	w->cpu_irqs = calloc(w->ncpus + 1, sizeof(*w->cpu_irqs));
	w->cpu_names = calloc(w->ncpus + 1, sizeof(*w->cpu_names));
	if (!w->cpus || !w->cpu_irqs || !w->cpu_names)
		return -ENOMEM;
	for (size_t c = 0; c < w->ncpus; c++) {
		w->cpus[c] = mg_sample_get_cpu(m, c);
		w->cpu_irqs[c] = malloc(w->seconds * sizeof(double));
		if (!w->cpu_irqs[c] || asprintf(&w->cpu_names[c], "CPU%d", w->cpus[c]) < 0)
			return -ENOMEM;
		for (size_t i = 0; i < w->seconds; i++)
			w->cpu_irqs[c][i] = NAN;
	}
	return 0;
}

static void watch_record(struct mg_watch_series *w, const struct mg_sample *m, size_t i)
{
	int temp = mg_sample_get_temperature_milli(m);

	w->t[i] = (double)(i + 1);
	w->rx_bps[i] = or_nan(mg_sample_get_bits_per_second(m, MG_DIRECTION_RX));
	w->tx_bps[i] = or_nan(mg_sample_get_bits_per_second(m, MG_DIRECTION_TX));
	w->temp_c[i] = temp == MG_UNKNOWN ? NAN : temp / 1000.0;
	for (size_t k = 0; k < mg_sample_get_cpu_count(m); k++)
		for (size_t c = 0; c < w->ncpus; c++)
			if (w->cpus[c] == mg_sample_get_cpu(m, k))
				w->cpu_irqs[c][i] = mg_sample_get_cpu_interrupts(m, k);
	w->n = i + 1;
}

/* One sample a second for @seconds: the caller asked for a report that takes that long. */
static int watch(struct mg_ctx *ctx, const struct mg_nic *nic, unsigned int seconds, struct mg_watch_series *w)
{
	struct mg_sampler *s;
	int err = mg_sampler_new(ctx, nic, &s);

	if (err < 0)
		return err;
	w->seconds = seconds;
	w->t = calloc(seconds, sizeof(double));
	w->rx_bps = calloc(seconds, sizeof(double));
	w->tx_bps = calloc(seconds, sizeof(double));
	w->temp_c = calloc(seconds, sizeof(double));
	if (!w->t || !w->rx_bps || !w->tx_bps || !w->temp_c)
		err = -ENOMEM;
	for (size_t i = 0; err == 0 && i < seconds; i++) {
		struct mg_sample *m;

		mg_sleep_ms(1000);
		err = mg_sampler_next(s, &m);
		if (err < 0)
			break;
		if (i == 0) {
			w->ceiling_rx_bps = mg_sample_get_expected_gbps(m, MG_DIRECTION_RX) * 1e9;
			w->ceiling_tx_bps = mg_sample_get_expected_gbps(m, MG_DIRECTION_TX) * 1e9;
			err = watch_cpus(w, m);
		}
		if (err == 0)
			watch_record(w, m, i);
		mg_sample_free(m);
	}
	mg_sampler_free(s);
	return err;
}

static int report(struct mg_ctx *ctx, const struct mg_nic *nic, const struct mg_watch_series *w, char **html)
{
	struct report r = { 0 };
	struct mg_report_input in = { .watch = w };
	struct mg_strbuf t = { 0 };
	int err;

	err = gather_nics(ctx, &r, nic);
	if (err < 0) {
		report_free(&r);
		return err;
	}
	in.doctor_err = mg_doctor_run_sharing(ctx, nic, MG_DOCTOR_NO_SAMPLE, &r.wifi, &r.doctor);
	read_kernel(ctx, &r);
	/* A part that could not be read is said so in the page: not the caller's error. */
	mg_clear_error(ctx);
	in.board = r.board;
	in.kernel = r.kernel[0] ? r.kernel : NULL;
	in.capture = mg_ctx_is_offline(ctx) ? mg_ctx_get_sysfs_root(ctx) : NULL;
	in.capture_note = r.note[0] ? r.note : NULL;
	in.nics = r.items;
	in.count = r.count;
	in.doctor = r.doctor;
	mg_html_report(&t, &in);
	report_free(&r);
	*html = mg_strbuf_take(&t);
	return *html ? 0 : -ENOMEM;
}

MG_EXPORT int mg_report_html(struct mg_ctx *ctx, const struct mg_nic *nic, unsigned int flags, char **html)
{
	if (!html)
		return -EINVAL;
	*html = NULL;
	if (!ctx)
		return -EINVAL;
	if (flags)
		return mg_fail(ctx, -EINVAL, "report: unknown flags 0x%x", flags);
	return report(ctx, nic, NULL, html);
}

MG_EXPORT int mg_report_html_watch(struct mg_ctx *ctx, const struct mg_nic *nic, unsigned int seconds,
				   char **html)
{
	struct mg_watch_series w = { 0 };
	int err;

	if (!html)
		return -EINVAL;
	*html = NULL;
	if (!ctx)
		return -EINVAL;
	mg_clear_error(ctx);
	if (!nic || seconds < 1 || seconds > 3600)
		return mg_fail(ctx, -EINVAL, "report --watch: one interface and 1 to 3600 seconds");
	if (mg_ctx_is_offline(ctx))
		return mg_fail(ctx, -EOPNOTSUPP, "report --watch: a captured tree cannot be watched; "
						 "make the report without it");
	err = watch(ctx, nic, seconds, &w);
	if (err == 0)
		err = report(ctx, nic, &w, html);
	watch_free(&w);
	return err < 0 && !ctx->error[0] ? mg_fail(ctx, err, "report --watch: %s", strerror(-err)) : err;
}
