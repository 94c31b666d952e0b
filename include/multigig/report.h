/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libmultigig: pictures and reports: the PCIe path drawn, a page for a bug report.
 *
 * Include <multigig/multigig.h>, which includes every header in order.
 */
#ifndef MULTIGIG_REPORT_H
#define MULTIGIG_REPORT_H

#include <multigig/evidence.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Pictures: the PCIe path drawn, and a report to attach to a bug      */
/* ------------------------------------------------------------------ */

/**
 * mg_pcie_path_to_svg - draw a PCIe path as an SVG document.
 * @ctx: context the chips' names are looked up in, or NULL to draw the
 *	functions by their ids alone.
 * @path: the path (mg_pcie_path_new()).
 * @nic: the adapter the path belongs to, for its name, Ethernet rate and
 *	MTU; or NULL for a PCI function that is not an adapter.
 * @svg: where the document is stored: malloc'ed, UTF-8, free with free().
 *
 * Plain SVG 1.1 (no script, style sheet, font, link or id), so that an
 * issue tracker shows it as an image: one box per function from the
 * adapter to the root port (address, role, chip), each link as wide as
 * its lanes and labelled "capable 8 GT/s x1 / running 5 GT/s x1", the
 * narrowest link in red, the ceilings per direction beside the Ethernet
 * rate (mg_throughput_new()'s verdict) and the path's advice. Every string
 * read from the machine is escaped: markup as entities, and a backslash,
 * control characters, bytes that are not UTF-8 and characters that show
 * nothing as the CLI shows them in text (\\, \xNN, \u200b).
 *
 * Returns: 0; -EINVAL for a NULL @path or @svg or an empty path; -ENOMEM.
 * Since: 0.2
 */
int mg_pcie_path_to_svg(struct mg_ctx *ctx, const struct mg_pcie_path *path, const struct mg_nic *nic,
			char **svg);

/**
 * mg_report_html - one self-contained HTML page about adapters.
 * @ctx: context (live, or a capture).
 * @nic: one adapter, or NULL for every adapter on a bus (PCI, USB, the
 *	SoC's own): virtual interfaces are reported only when named.
 * @flags: 0; no flag is defined yet.
 * @html: where the page is stored: malloc'ed, UTF-8, free with free().
 *
 * The machine (board, kernel: the running one, or the one a capture's
 * multigig/CAPTURE note names), then for each adapter its identity and
 * driver, Ethernet link, throughput verdict, PCIe path drawn
 * (mg_pcie_path_to_svg()), settings with their maxima and the doctor's
 * findings with their fixes (mg_doctor_run() on one sample). A page made
 * from a captured tree says so at its top. Inline style sheet and SVG, no
 * script, and a Content-Security-Policy that loads nothing. A part that
 * cannot be read (settings a driver does not report, a config space) is
 * said so in the page; it does not fail the call.
 *
 * Returns: 0; -EINVAL for a NULL @ctx or @html or unknown @flags; -ENOMEM;
 * another negative errno when the adapters cannot be listed (see
 * mg_ctx_last_error()).
 * Since: 0.2
 */
int mg_report_html(struct mg_ctx *ctx, const struct mg_nic *nic, unsigned int flags, char **html);

/**
 * mg_report_html_watch - the report of one adapter, with its live section.
 * @ctx: a live context.
 * @nic: the adapter, with an interface.
 * @seconds: how long to sample, one sample a second: 1 to 3600. The call
 *	takes that long.
 * @html: where the page is stored, as for mg_report_html().
 *
 * The page of mg_report_html() plus plots over the sampled seconds
 * (mg_sampler_new()): receive and transmit rate against the expected
 * ceiling, the adapter's interrupts per CPU, and its hottest sensor.
 *
 * Returns: 0; -EINVAL for a NULL argument or seconds out of range;
 * -EOPNOTSUPP for a captured tree; -ENODEV when @nic has no interface.
 * Since: 0.2
 */
int mg_report_html_watch(struct mg_ctx *ctx, const struct mg_nic *nic, unsigned int seconds, char **html);

/* ------------------------------------------------------------------ */
/* Show's whole object, and the Prometheus exposition                  */
/* ------------------------------------------------------------------ */

/**
 * mg_nic_show_to_json - everything show --json says of one adapter.
 * @nic: the adapter, looked up with the parts to show
 *	(mg_nic_lookup_with()).
 * @path: its PCIe path, or NULL (not on PCI, or unreadable).
 * @throughput: its verdict (mg_throughput_new()), or NULL for null.
 * @flags: MG_JSON_LINE, MG_JSON_BYTES (enum mg_json_flags).
 * @json: where the text is stored: malloc'ed, free with free().
 *
 * The identity as mg_nic_to_json() with MG_JSON_DETAIL writes it, then
 * "pcie" (the path's limit, null without a path), "usb" (as
 * mg_usb_info_to_json()), "throughput", and the parts as with
 * MG_JSON_PARTS.
 *
 * Returns: 0; -EINVAL for a NULL @nic or @json or a flag it does not take;
 * -ENOMEM.
 * Since: 0.3
 */
int mg_nic_show_to_json(const struct mg_nic *nic, const struct mg_pcie_path *path,
			const struct mg_throughput *throughput, unsigned int flags, char **json);

/**
 * mg_nic_show_to_text - everything multigig show prints of one adapter.
 * @nic: the adapter, looked up with the parts to show
 *	(mg_nic_lookup_with()).
 * @path: its PCIe path, or NULL (not on PCI, or unreadable).
 * @throughput: its verdict (mg_throughput_new()), or NULL.
 * @text: where the text is stored: malloc'ed, free with free().
 *
 * What mg_nic_show_to_json() holds, as lines: the identity, the PCIe
 * path's summary, a USB adapter's bus ceiling, the throughput to expect,
 * then the parts (the USB path before the kernel log). A Wi-Fi card's
 * own paragraph is mg_wiphy_list_to_text()'s.
 *
 * Returns: 0; -EINVAL for a NULL @nic or @text; -ENOMEM.
 * Since: 0.4
 */
int mg_nic_show_to_text(const struct mg_nic *nic, const struct mg_pcie_path *path,
			const struct mg_throughput *throughput, char **text);

/**
 * enum mg_prometheus_flags - what mg_prometheus_write() takes.
 * @MG_PROMETHEUS_ALL: every adapter, virtual interfaces too; without it
 *	only adapters on a bus (PCI, USB, the SoC's own).
 */
enum mg_prometheus_flags {
	MG_PROMETHEUS_ALL = 1 << 0,
};

/**
 * mg_prometheus_write - the metrics of adapters in Prometheus's text
 * exposition format.
 * @ctx: context (live, or a capture).
 * @target: an interface name or PCI address to export that adapter
 *	alone, or NULL for every adapter @flags takes. A target no adapter
 *	has is -ENODEV, as for mg_nic_lookup() (0.3.0 gave the families
 *	without samples).
 * @flags: MG_PROMETHEUS_ALL, or 0.
 * @text: where the text is stored: malloc'ed, UTF-8, free with free().
 *
 * Gathers once (the adapters with their settings, links, counters and
 * sensors from one dump each, each PCI adapter's path, the verdicts and
 * one doctor's sample) and writes the families README lists
 * (multigig_nic_info ... multigig_doctor_finding), each with its HELP and
 * TYPE, in base units. A value that was not reported has no sample, never
 * a 0. Label values are valid UTF-8 and one series per name: the name as
 * the CLI shows it in text (a backslash as \\, a control character or a
 * byte that is not UTF-8 as \xNN, a character that shows nothing as
 * \u200b), then backslash, quote and newline as the format escapes them.
 *
 * Returns: 0; -EINVAL for a NULL @ctx or @text or unknown @flags;
 * -ENODEV for a @target no adapter has; -ENOMEM; another negative errno
 * when the adapters cannot be listed (see mg_ctx_last_error()).
 * Since: 0.3
 */
int mg_prometheus_write(struct mg_ctx *ctx, const char *target, unsigned int flags, char **text);

#ifdef __cplusplus
}
#endif

#endif /* MULTIGIG_REPORT_H */
