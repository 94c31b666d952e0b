/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The report: one HTML file to attach to a bug report or a forum post.
 * Everything inline (the style sheet, the path drawings); no script, and a
 * Content-Security-Policy that forbids loading anything, so the page shows
 * the same offline, in a mail client or behind a proxy. Every string that
 * comes from the machine goes through mg_strbuf_escape().
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "present/present.h"

static const char style[] =
	"body{font-family:\"DejaVu Sans\",Verdana,Arial,sans-serif;font-size:14px;color:#222;"
	"max-width:980px;margin:24px auto;padding:0 16px;line-height:1.45}\n"
	"h1{font-size:24px;margin:0 0 10px}\n"
	"h2{font-size:19px;border-bottom:1px solid #ccd;padding-bottom:4px;margin-top:34px}\n"
	"h3{font-size:15px;margin:22px 0 6px}\n"
	"table{border-collapse:collapse;margin:4px 0}\n"
	"th,td{text-align:left;padding:2px 14px 2px 0;vertical-align:top}\n"
	"th{color:#555;font-weight:normal}\n"
	"table.grid th,table.grid td{border:1px solid #dde;padding:3px 8px}\n"
	"table.grid th{background:#f3f4f7;color:#222;font-weight:bold}\n"
	"table.grid td.group{background:#fafbfc;font-weight:bold}\n"
	".capture{background:#fff6d6;border:1px solid #e0c060;padding:8px 12px;border-radius:6px}\n"
	".finding{border-left:5px solid #8a94a6;padding:6px 12px;margin:10px 0;background:#f6f7f9}\n"
	".finding.critical{border-color:#c0392b;background:#fdecea}\n"
	".finding.warning{border-color:#d68910;background:#fef5e7}\n"
	".finding h4{margin:2px 0 6px;font-size:14px}\n"
	".sev{font-size:11px;text-transform:uppercase;letter-spacing:.05em;margin-right:8px}\n"
	".finding ul{margin:4px 0;padding-left:20px}\n"
	".finding p{margin:4px 0}\n"
	"code,pre{font-family:\"DejaVu Sans Mono\",monospace;font-size:13px}\n"
	"pre{background:#eef0f4;padding:6px 10px;white-space:pre-wrap;margin:4px 0}\n"
	"svg{max-width:100%;height:auto}\n"
	".muted{color:#666}\n";

static void put_or_unknown(struct mg_strbuf *t, const char *s)
{
	if (s)
		mg_strbuf_escape(t, s, 0);
	else
		mg_strbuf_put(t, "<span class=\"muted\">unknown</span>");
}

/* One row of a two-column table; @value is from the machine. */
static void row(struct mg_strbuf *t, const char *name, const char *value)
{
	mg_strbuf_printf(t, "<tr><th>%s</th><td>", name);
	put_or_unknown(t, value);
	mg_strbuf_put(t, "</td></tr>\n");
}

static void row_number(struct mg_strbuf *t, const char *name, long long value, const char *unit)
{
	if (value < 0)
		row(t, name, NULL);
	else
		mg_strbuf_printf(t, "<tr><th>%s</th><td>%lld%s</td></tr>\n", name, value, unit);
}

static const char *nic_label(const struct mg_nic *nic)
{
	return mg_nic_get_name(nic) ? mg_nic_get_name(nic) : mg_nic_get_address(nic);
}

static bool finding_is_about(const struct mg_finding *f, const struct mg_nic *nic)
{
	const char *about = mg_finding_get_nic(f);

	return about && ((mg_nic_get_name(nic) && !strcmp(about, mg_nic_get_name(nic))) ||
			 (mg_nic_get_address(nic) && !strcmp(about, mg_nic_get_address(nic))));
}

static size_t findings_about(const struct mg_report_input *in, const struct mg_nic *nic)
{
	size_t count = 0;

	for (size_t i = 0; i < mg_doctor_count(in->doctor); i++)
		count += finding_is_about(mg_doctor_get(in->doctor, i), nic);
	return count;
}

static void head(struct mg_strbuf *t, const struct mg_report_input *in)
{
	mg_strbuf_put(t, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
		    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
		    "style-src 'unsafe-inline'\"/>\n"
		    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
		    "<meta name=\"generator\" content=\"libmultigig " PACKAGE_VERSION "\"/>\n"
		    "<title>multigig report: ");
	if (in->count == 1)
		mg_strbuf_escape(t, nic_label(in->nics[0].nic), 40);
	else
		mg_strbuf_printf(t, "%zu adapters", in->count);
	mg_strbuf_printf(t, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>multigig report</h1>\n", style);
}

static void machine(struct mg_strbuf *t, const struct mg_report_input *in)
{
	if (in->capture) {
		mg_strbuf_put(t, "<p class=\"capture\"><strong>From a capture, not a live machine:</strong> read from <code>");
		mg_strbuf_escape(t, in->capture, 200);
		mg_strbuf_put(t, "</code>.");
		if (in->capture_note) {
			mg_strbuf_put(t, " The capture says: <code>");
			mg_strbuf_escape(t, in->capture_note, 300);
			mg_strbuf_put(t, "</code>.");
		}
		mg_strbuf_put(t, " Nothing was measured while this report was written.</p>\n");
	}
	mg_strbuf_put(t, "<h2>Machine</h2>\n<table>\n");
	row(t, "board", in->board);
	row(t, "kernel", in->kernel);
	row(t, "report by", "libmultigig " PACKAGE_VERSION);
	mg_strbuf_put(t, "</table>\n");
}

/* "3.451 Gbit/s (pcie)", or unknown. */
static void put_expected(struct mg_strbuf *t, const struct mg_throughput *tp, enum mg_direction d)
{
	double gbps = tp ? mg_throughput_get_expected_gbps(tp, d) : -1;

	if (gbps < 0)
		mg_strbuf_put(t, "<span class=\"muted\">unknown</span>");
	else
		mg_strbuf_printf(t, "%.3f Gbit/s (%s)", gbps, mg_present_limit_word(mg_throughput_get_limited_by(tp, d)));
}

static void summary(struct mg_strbuf *t, const struct mg_report_input *in)
{
	mg_strbuf_put(t, "<h2>Adapters</h2>\n");
	if (!in->count) {
		mg_strbuf_put(t, "<p>No network adapter was found.</p>\n");
		return;
	}
	/* "device" as in the identity table: pci.ids' name (or the USB device's own); "chip" is the chip table's. */
	mg_strbuf_put(t, "<table class=\"grid\">\n<tr><th>adapter</th><th>bus</th><th>address</th><th>device</th>"
		    "<th>driver</th><th>state</th><th>speed</th><th>expected receive</th>"
		    "<th>expected transmit</th><th>findings</th></tr>\n");
	for (size_t i = 0; i < in->count; i++) {
		const struct mg_report_nic *r = &in->nics[i];
		int speed = mg_nic_get_speed_mbps(r->nic);

		mg_strbuf_printf(t, "<tr><td><a href=\"#adapter-%zu\">", i + 1);
		mg_strbuf_escape(t, nic_label(r->nic), 40);
		mg_strbuf_printf(t, "</a></td><td>%s</td><td>", mg_bus_name(mg_nic_get_bus(r->nic)));
		put_or_unknown(t, mg_nic_get_address(r->nic));
		mg_strbuf_put(t, "</td><td>");
		put_or_unknown(t, mg_nic_get_device(r->nic));
		mg_strbuf_put(t, "</td><td>");
		mg_strbuf_escape(t, mg_nic_get_driver(r->nic) ? mg_nic_get_driver(r->nic) : "(none)", 40);
		mg_strbuf_put(t, "</td><td>");
		put_or_unknown(t, mg_nic_get_operstate(r->nic));
		mg_strbuf_put(t, "</td><td>");
		if (speed > 0)
			mg_strbuf_printf(t, "%d Mbit/s", speed);
		mg_strbuf_put(t, "</td><td>");
		put_expected(t, r->throughput, MG_DIRECTION_RX);
		mg_strbuf_put(t, "</td><td>");
		put_expected(t, r->throughput, MG_DIRECTION_TX);
		mg_strbuf_printf(t, "</td><td>%zu</td></tr>\n", findings_about(in, r->nic));
	}
	mg_strbuf_put(t, "</table>\n");
}

static void identity(struct mg_strbuf *t, const struct mg_nic *nic)
{
	char ids[32] = "", chip[256] = "";

	if (mg_nic_get_vendor_id(nic) >= 0 && mg_nic_get_device_id(nic) >= 0)
		snprintf(ids, sizeof(ids), "%04x:%04x", (unsigned int)mg_nic_get_vendor_id(nic),
			 (unsigned int)mg_nic_get_device_id(nic));
	if (mg_nic_get_chip(nic))
		snprintf(chip, sizeof(chip), "%s, up to %d Mbit/s; mainline driver %s since Linux %s",
			 mg_nic_get_chip(nic), mg_nic_get_chip_max_mbps(nic),
			 mg_nic_get_chip_driver(nic) ? mg_nic_get_chip_driver(nic) : "?",
			 mg_nic_get_chip_since(nic) ? mg_nic_get_chip_since(nic) : "?");
	mg_strbuf_put(t, "<h3>Identity</h3>\n<table>\n");
	row(t, "interface", mg_nic_get_name(nic));
	row(t, "bus", mg_bus_name(mg_nic_get_bus(nic)));
	row(t, "address", mg_nic_get_address(nic));
	row(t, "vendor", mg_nic_get_vendor(nic));
	row(t, "device", mg_nic_get_device(nic));
	row(t, "ids", ids[0] ? ids : NULL);
	row(t, "subsystem", mg_nic_get_subsystem(nic));
	row(t, "chip", chip[0] ? chip : NULL);
	row(t, "driver", mg_nic_get_driver(nic) ? mg_nic_get_driver(nic) : "(none bound)");
	row(t, "driver version", mg_nic_get_driver_version(nic));
	row(t, "firmware", mg_nic_get_firmware_version(nic));
	mg_strbuf_put(t, "</table>\n");
}

static void put_modes(struct mg_strbuf *t, const struct mg_ethlink *l, enum mg_modes which, const char *name)
{
	size_t count = mg_ethlink_get_mode_count(l, which);

	if (!count)
		return;
	mg_strbuf_printf(t, "<tr><th>%s</th><td>", name);
	for (size_t i = 0; i < count; i++) {
		if (i)
			mg_strbuf_put(t, ", ");
		mg_strbuf_escape(t, mg_ethlink_get_mode(l, which, i), 60);
	}
	mg_strbuf_put(t, "</td></tr>\n");
}

/* Wake-on-LAN as show's text has it, "g (supported: pumbg)"; why it is unknown, only when said. */
static void wake_on_lan(struct mg_strbuf *t, const struct mg_ethlink *l)
{
	const char *supported = mg_ethlink_get_wol_supported(l), *enabled = mg_ethlink_get_wol_enabled(l);
	char v[64];

	if (supported && enabled) {
		snprintf(v, sizeof(v), "%s (supported: %s)", enabled[0] ? enabled : "d", supported[0] ? supported : "none");
		row(t, "Wake-on-LAN", v);
	} else if (mg_ethlink_get_wol_error(l)) {
		row(t, "Wake-on-LAN", mg_ethlink_get_wol_error(l));
	}
}

static void ethernet(struct mg_strbuf *t, const struct mg_report_nic *r)
{
	const struct mg_ethlink *l = r->ethlink;
	int on, speed = l ? mg_ethlink_get_speed_mbps(l) : MG_UNKNOWN;

	mg_strbuf_put(t, "<h3>Ethernet link</h3>\n<table>\n");
	row(t, "state", mg_nic_get_operstate(r->nic));
	/* ethtool's answer, else the speed sysfs gave (a capture may hold only that). */
	row_number(t, "speed", speed >= 0 ? speed : mg_nic_get_speed_mbps(r->nic), " Mbit/s");
	row_number(t, "MTU", mg_nic_get_mtu(r->nic), "");
	if (l) {
		row(t, "duplex", mg_ethlink_get_duplex(l));
		on = mg_ethlink_get_autoneg(l);
		row(t, "autonegotiation", on < 0 ? NULL : on ? "on" : "off");
		row(t, "port", mg_ethlink_get_port(l));
		if (mg_ethlink_get_ext_state(l))
			row(t, "why the link is down", mg_ethlink_get_ext_state(l));
		put_modes(t, l, MG_MODES_SUPPORTED, "supported modes");
		put_modes(t, l, MG_MODES_ADVERTISED, "advertised modes");
		put_modes(t, l, MG_MODES_PARTNER, "partner's modes");
		wake_on_lan(t, l);
	}
	mg_strbuf_put(t, "</table>\n");
}

static void throughput(struct mg_strbuf *t, const struct mg_throughput *tp)
{
	mg_strbuf_put(t, "<h3>Throughput</h3>\n");
	if (!tp || (mg_throughput_get_expected_gbps(tp, MG_DIRECTION_RX) < 0 &&
		    mg_throughput_get_expected_gbps(tp, MG_DIRECTION_TX) < 0)) {
		mg_strbuf_put(t, "<p>Nothing known bounds this adapter's throughput.</p>\n");
		return;
	}
	mg_strbuf_put(t, "<p>Expected TCP goodput at best: receive ");
	put_expected(t, tp, MG_DIRECTION_RX);
	mg_strbuf_put(t, ", transmit ");
	put_expected(t, tp, MG_DIRECTION_TX);
	mg_strbuf_printf(t, ", at MTU %d.", mg_throughput_get_mtu(tp));
	if (mg_throughput_is_lower_bound(tp))
		mg_strbuf_put(t, " The PCIe figure is a lower bound: the payload size was unreadable.");
	if (mg_throughput_get_usb_ceiling_mbps(tp) >= 0)
		mg_strbuf_printf(t, " USB at %d Mbit/s carries about %d Mbit/s of frames (%d%% protocol overhead "
			       "assumed).", mg_throughput_get_usb_speed_mbps(tp), mg_throughput_get_usb_ceiling_mbps(tp),
			       mg_throughput_get_usb_overhead_pct(tp));
	mg_strbuf_put(t, "</p>\n");
}

static void pcie(struct mg_strbuf *t, const struct mg_report_nic *r)
{
	if (mg_nic_get_bus(r->nic) != MG_BUS_PCI)
		return;
	mg_strbuf_put(t, "<h3>PCIe path</h3>\n");
	if (r->svg) {
		mg_strbuf_put(t, r->svg);
	} else {
		mg_strbuf_put(t, "<p>The path could not be read: ");
		mg_strbuf_escape(t, r->path_why[0] ? r->path_why : "unknown reason", 300);
		mg_strbuf_put(t, ".</p>\n");
	}
}

/* Booleans read better as words. */
static bool is_switch(enum mg_param p)
{
	return mg_param_get_group(p) == MG_GROUP_PAUSE || !strncmp(mg_param_name(p), "adaptive-", 9);
}

static void put_param(struct mg_strbuf *t, const struct mg_settings *s, enum mg_param p, bool *any)
{
	long long v, max;

	if (mg_settings_get(s, p, &v) < 0)
		return;
	mg_strbuf_printf(t, "<tr><td>%s</td><td>", mg_param_name(p));
	if (is_switch(p))
		mg_strbuf_put(t, v ? "on" : "off");
	else
		mg_strbuf_printf(t, "%lld", v);
	mg_strbuf_put(t, "</td><td>");
	if (mg_settings_get_max(s, p, &max) == 0)
		mg_strbuf_printf(t, "%lld", max);
	mg_strbuf_put(t, "</td></tr>\n");
	*any = true;
}

static void eee(struct mg_strbuf *t, const struct mg_eee *e)
{
	int on;

	if (!e)
		return;
	mg_strbuf_put(t, "<p>Energy-Efficient Ethernet: ");
	if (!mg_eee_get_supported(e)) {
		mg_strbuf_escape(t, mg_eee_get_error(e) ? mg_eee_get_error(e) : "not supported", 200);
	} else {
		on = mg_eee_get_enabled(e);
		mg_strbuf_put(t, on < 0 ? "unknown" : on ? "enabled" : "disabled");
		on = mg_eee_get_active(e);
		if (on >= 0)
			mg_strbuf_put(t, on ? ", active" : ", not active");
	}
	mg_strbuf_put(t, ".</p>\n");
}

/* The offloads as show lists them: what is on, what is off, and which of them cannot change. */
static void offloads(struct mg_strbuf *t, const struct mg_report_nic *r)
{
	const struct mg_features *f = r->features;
	size_t count = mg_features_get_count(f);

	mg_strbuf_put(t, "<h3>Offloads</h3>\n");
	if (!f) {
		mg_strbuf_put(t, "<p>The offloads could not be read: ");
		mg_strbuf_escape(t, r->features_why[0] ? r->features_why : "the adapter has no interface", 300);
		mg_strbuf_put(t, ".</p>\n");
		return;
	}
	if (!count) {
		mg_strbuf_put(t, "<p>The kernel lists no offload for this interface.</p>\n");
		return;
	}
	mg_strbuf_printf(t, "<table class=\"grid\">\n<tr><th>offload (%zu)</th><th>state</th><th>can change</th></tr>\n",
		       count);
	for (size_t i = 0; i < count; i++) {
		int active = mg_features_get_active(f, i), fixed = mg_features_get_fixed(f, i);

		mg_strbuf_put(t, "<tr><td>");
		mg_strbuf_escape(t, mg_features_get_name(f, i), 60);
		mg_strbuf_printf(t, "</td><td>%s</td><td>%s</td></tr>\n", active < 0 ? "unknown" : active ? "on" : "off",
			       fixed < 0 ? "unknown" : fixed ? "no (fixed)" : "yes");
	}
	mg_strbuf_put(t, "</table>\n");
}

/* Whether any parameter belongs to @g: offloads, EEE, advertised modes and ASPM are not parameters. */
static bool has_params(enum mg_param_group g)
{
	for (int p = 0; p < MG_PARAM_COUNT; p++)
		if (mg_param_get_group((enum mg_param)p) == (int)g)
			return true;
	return false;
}

static void settings(struct mg_strbuf *t, const struct mg_report_nic *r)
{
	const struct mg_settings *s = r->settings;

	mg_strbuf_put(t, "<h3>Settings</h3>\n");
	if (!s) {
		mg_strbuf_put(t, "<p>The settings could not be read: ");
		mg_strbuf_escape(t, r->settings_why[0] ? r->settings_why : "the adapter has no interface", 300);
		mg_strbuf_put(t, ".</p>\n");
		return;
	}
	mg_strbuf_put(t, "<table class=\"grid\">\n<tr><th>setting</th><th>value</th><th>maximum</th></tr>\n");
	for (int g = 0; mg_param_group_name((enum mg_param_group)g); g++) {
		const char *error = mg_settings_group_error(s, (enum mg_param_group)g);
		bool any = false;

		if (!has_params((enum mg_param_group)g))
			continue;
		mg_strbuf_printf(t, "<tr><td class=\"group\" colspan=\"3\">%s</td></tr>\n",
			       mg_param_group_name((enum mg_param_group)g));
		for (int p = 0; !error && p < MG_PARAM_COUNT; p++)
			if (mg_param_get_group((enum mg_param)p) == g)
				put_param(t, s, (enum mg_param)p, &any);
		if (error) {
			mg_strbuf_put(t, "<tr><td colspan=\"3\" class=\"muted\">");
			mg_strbuf_escape(t, error, 200);
			mg_strbuf_put(t, "</td></tr>\n");
		} else if (!any) {
			/* Supported, but the driver fills in none of it: the group says so once. */
			mg_strbuf_put(t, "<tr><td colspan=\"3\" class=\"muted\">the driver reports none of these</td></tr>\n");
		}
	}
	mg_strbuf_put(t, "</table>\n");
	eee(t, r->eee);
	offloads(t, r);
}

static void finding(struct mg_strbuf *t, const struct mg_finding *f)
{
	const char *sev = mg_severity_name(mg_finding_get_severity(f));

	mg_strbuf_printf(t, "<div class=\"finding %s\">\n<h4><span class=\"sev\">%s</span>", sev, sev);
	mg_strbuf_escape(t, mg_finding_get_title(f), 0);
	mg_strbuf_put(t, " <span class=\"muted\">[");
	mg_strbuf_escape(t, mg_finding_get_id(f), 60);
	mg_strbuf_put(t, "]</span></h4>\n<ul>\n");
	for (size_t i = 0; i < mg_finding_get_evidence_count(f); i++) {
		const char *source = NULL, *fact = mg_finding_get_evidence(f, i, &source);

		mg_strbuf_put(t, "<li>");
		mg_strbuf_escape(t, fact, 0);
		if (source) {
			mg_strbuf_put(t, " <span class=\"muted\">(");
			mg_strbuf_escape(t, source, 0);
			mg_strbuf_put(t, ")</span>");
		}
		mg_strbuf_put(t, "</li>\n");
	}
	mg_strbuf_put(t, "</ul>\n<p><strong>Impact:</strong> ");
	mg_strbuf_escape(t, mg_finding_get_impact(f, NULL), 0);
	mg_strbuf_put(t, "</p>\n<p><strong>Fix:</strong> ");
	mg_strbuf_escape(t, mg_finding_get_fix(f), 0);
	mg_strbuf_put(t, "</p>\n");
	if (mg_finding_get_fix_command(f)) {
		mg_strbuf_put(t, "<pre>");
		mg_strbuf_escape(t, mg_finding_get_fix_command(f), 0);
		mg_strbuf_put(t, "</pre>\n");
	}
	mg_strbuf_put(t, "</div>\n");
}

static void findings(struct mg_strbuf *t, const struct mg_report_input *in, const struct mg_nic *nic)
{
	mg_strbuf_put(t, "<h3>Findings</h3>\n");
	if (!in->doctor) {
		mg_strbuf_printf(t, "<p>The doctor could not run: %s.</p>\n", strerror(-in->doctor_err));
		return;
	}
	if (!findings_about(in, nic)) {
		mg_strbuf_put(t, "<p>The doctor found nothing to fix.</p>\n");
		return;
	}
	for (size_t i = 0; i < mg_doctor_count(in->doctor); i++)
		if (finding_is_about(mg_doctor_get(in->doctor, i), nic))
			finding(t, mg_doctor_get(in->doctor, i));
}

/* One band's row: its PHYs, streams, highest MCS, widest channel and channels. */
static void wifi_band(struct mg_strbuf *t, const struct mg_wiphy *w, const char *band)
{
	int eht = mg_wiphy_band_supports(w, band, MG_WIFI_MODE_EHT), mcs = mg_wiphy_band_get_max_mcs(w, band);
	int on = 0, off = 0, no_ir = 0;

	mg_wiphy_band_get_channels(w, band, &on, &off, &no_ir);
	mg_strbuf_printf(t, "<tr><td>%s</td><td>%s%s%s%s</td><td>%d</td><td>", band,
		       mg_wiphy_band_supports(w, band, MG_WIFI_MODE_HT) ? "HT " : "",
		       mg_wiphy_band_supports(w, band, MG_WIFI_MODE_VHT) ? "VHT " : "",
		       mg_wiphy_band_supports(w, band, MG_WIFI_MODE_HE) ? "HE " : "",
		       eht == 1 ? "EHT" : eht == 0 ? "" : "EHT unknown", mg_wiphy_band_get_max_nss(w, band));
	if (mcs >= 0)
		mg_strbuf_printf(t, "%d (%s)", mcs,
			       mg_wifi_mode_name((enum mg_wifi_mode)mg_wiphy_band_get_max_mode(w, band)));
	mg_strbuf_printf(t, "</td><td>%d MHz</td><td>%d / %d / %d</td></tr>\n",
		       mg_wiphy_band_get_max_width_mhz(w, band), on, no_ir, off);
}

/* A connected station's link: where to, on what channel, how strong, how fast each way. */
static void wifi_link(struct mg_strbuf *t, const struct mg_wiphy *w, const char *name)
{
	const char *bssid = mg_wiphy_link_get_bssid(w, name);
	int signal = mg_wiphy_link_get_signal_dbm(w, name);
	char ssid[33];

	if (!bssid)
		return;
	mg_strbuf_put(t, "<table>\n");
	row(t, "connected to", mg_wiphy_link_get_ssid(w, name, ssid, sizeof(ssid)));
	row(t, "BSSID", bssid[0] ? bssid : NULL);
	row_number(t, "frequency", mg_wiphy_link_get_frequency_mhz(w, name), " MHz");
	row_number(t, "width", mg_wiphy_link_get_width_mhz(w, name), " MHz");
	if (signal != MG_UNKNOWN)
		mg_strbuf_printf(t, "<tr><th>signal</th><td>%d dBm</td></tr>\n", signal);
	else
		row(t, "signal", NULL);
	for (int d = 0; d < 2; d++) {
		enum mg_direction dir = d ? MG_DIRECTION_RX : MG_DIRECTION_TX;
		double mbps = mg_wiphy_link_get_bitrate_mbps(w, name, dir);
		int mode = mg_wiphy_link_get_rate_mode(w, name, dir), nss = mg_wiphy_link_get_rate_nss(w, name, dir);
		int mcs = mg_wiphy_link_get_rate_mcs(w, name, dir);

		if (mbps < 0)
			continue;
		mg_strbuf_printf(t, "<tr><th>%s rate</th><td>%.1f Mbit/s", d ? "receive" : "transmit", mbps);
		if (mode > MG_WIFI_MODE_LEGACY)
			mg_strbuf_printf(t, " (%s MCS %d, %d stream%s, %d MHz)",
				       mg_wifi_mode_name((enum mg_wifi_mode)mode), mcs, nss, nss == 1 ? "" : "s",
				       mg_wiphy_link_get_rate_width_mhz(w, name, dir));
		mg_strbuf_put(t, "</td></tr>\n");
	}
	mg_strbuf_put(t, "</table>\n");
}

/* A Wi-Fi interface's card: a row a band, then its link when it is a station. */
static void wifi(struct mg_strbuf *t, const struct mg_report_nic *r)
{
	const struct mg_wiphy *w = r->wifi;
	const char *name = mg_nic_get_name(r->nic);
	int mlo = mg_wiphy_get_mlo(w);

	if (!w)
		return;
	mg_strbuf_put(t, "<h3>Wi-Fi</h3>\n<table>\n");
	row(t, "wiphy", mg_wiphy_get_name(w));
	row(t, "regulatory domain", mg_wiphy_get_country(w));
	row(t, "MLO", mlo == MG_UNKNOWN ? NULL : mlo ? "yes" : "no");
	mg_strbuf_put(t, "</table>\n<table class=\"grid\">\n<tr><th>band</th><th>PHYs</th><th>streams</th>"
		    "<th>highest MCS</th><th>widest channel</th><th>channels enabled / no-IR / disabled</th></tr>\n");
	for (int b = 0; b < MG_WIFI_BANDS; b++)
		if (mg_wiphy_band_get_channels(w, mg_wifi_band_name(b), NULL, NULL, NULL) == 0)
			wifi_band(t, w, mg_wifi_band_name(b));
	mg_strbuf_put(t, "</table>\n");
	if (name)
		wifi_link(t, w, name);
}

/* What the kernel said about the adapter: the lines with their meaning. */
static void kernel_log(struct mg_strbuf *t, const struct mg_kernel_log *k)
{
	static const char *const levels[] = { "emerg", "alert", "crit", "err", "warning", "notice", "info", "debug" };

	if (!k)
		return;
	mg_strbuf_put(t, "<h3>Kernel log</h3>\n");
	if (mg_kernel_log_get_unknown_reason(k)) {
		mg_strbuf_put(t, "<p class=\"muted\">Unknown: ");
		mg_strbuf_escape(t, mg_kernel_log_get_unknown_reason(k), 0);
		mg_strbuf_put(t, ".</p>\n");
		return;
	}
	if (!mg_kernel_log_get_count(k)) {
		mg_strbuf_put(t, "<p>The kernel log holds nothing the library recognises about this adapter.</p>\n");
		return;
	}
	mg_strbuf_put(t, "<table>\n<tr><th>time (s)</th><th>level</th><th>line</th><th>meaning</th></tr>\n");
	for (size_t i = 0; i < mg_kernel_log_get_count(k); i++) {
		int level = mg_kernel_log_get_priority(k, i);
		uint64_t us = 0;

		mg_kernel_log_get_usecs(k, i, &us);
		mg_strbuf_printf(t, "<tr><td>%llu.%06llu</td><td>%s</td><td><code>", (unsigned long long)(us / 1000000),
			       (unsigned long long)(us % 1000000), level >= 0 && level < 8 ? levels[level] : "?");
		mg_strbuf_escape(t, mg_kernel_log_get_text(k, i), 0);
		mg_strbuf_put(t, "</code></td><td>");
		mg_strbuf_escape(t, mg_kernel_log_get_meaning(k, i), 0);
		mg_strbuf_put(t, "</td></tr>\n");
	}
	mg_strbuf_put(t, "</table>\n");
}

static void adapter(struct mg_strbuf *t, const struct mg_report_input *in, size_t i)
{
	const struct mg_report_nic *r = &in->nics[i];

	mg_strbuf_printf(t, "<section>\n<h2 id=\"adapter-%zu\">", i + 1);
	mg_strbuf_escape(t, nic_label(r->nic), 40);
	if (mg_nic_get_device(r->nic)) {
		mg_strbuf_put(t, ": ");
		mg_strbuf_escape(t, mg_nic_get_device(r->nic), 90);
	}
	mg_strbuf_put(t, "</h2>\n");
	identity(t, r->nic);
	ethernet(t, r);
	throughput(t, r->throughput);
	wifi(t, r);
	pcie(t, r);
	settings(t, r);
	findings(t, in, r->nic);
	kernel_log(t, r->kernel_log);
	mg_strbuf_put(t, "</section>\n");
}

/* The sampled seconds: rates against the ceiling, interrupts per CPU, temperature. */
static void live(struct mg_strbuf *t, const struct mg_watch_series *w)
{
	struct mg_chart_series rate[2] = { { "receive", w->rx_bps }, { "transmit", w->tx_bps } };
	struct mg_chart_series *cpus = calloc(w->ncpus + 1, sizeof(*cpus));
	struct mg_chart_series temp = { "hottest sensor", w->temp_c };
	struct mg_chart c = { .x = w->t, .n = w->n };
	char label[64];
	bool any_temp = false;

	mg_strbuf_printf(t, "<section>\n<h2>Live: %u seconds</h2>\n", w->seconds);
	c.title = "Link rate against the expected ceiling";
	c.unit = "bit/s";
	c.series = rate;
	c.nseries = 2;
	c.ceiling = w->ceiling_rx_bps > w->ceiling_tx_bps ? w->ceiling_rx_bps : w->ceiling_tx_bps;
	snprintf(label, sizeof(label), "ceiling %.2f Gbit/s", c.ceiling / 1e9);
	c.ceiling_label = label;
	mg_svg_line_chart(t, &c);
	if (cpus) {
		for (size_t i = 0; i < w->ncpus; i++) {
			cpus[i].name = w->cpu_names[i];
			cpus[i].y = w->cpu_irqs[i];
		}
		c = (struct mg_chart){ .x = w->t, .n = w->n, .title = "The adapter's interrupts per CPU",
				       .unit = "/s", .series = cpus, .nseries = w->ncpus };
		mg_svg_line_chart(t, &c);
		free(cpus);
	}
	for (size_t i = 0; i < w->n; i++)
		any_temp |= w->temp_c[i] == w->temp_c[i];
	if (any_temp) {
		c = (struct mg_chart){ .x = w->t, .n = w->n, .title = "Temperature", .unit = "°C",
				       .series = &temp, .nseries = 1 };
		mg_svg_line_chart(t, &c);
	} else {
		mg_strbuf_put(t, "<p class=\"muted\">No temperature sensor of this adapter was found.</p>\n");
	}
	mg_strbuf_put(t, "</section>\n");
}

void mg_html_report(struct mg_strbuf *t, const struct mg_report_input *in)
{
	head(t, in);
	machine(t, in);
	summary(t, in);
	for (size_t i = 0; i < in->count; i++)
		adapter(t, in, i);
	if (in->watch)
		live(t, in->watch);
	mg_strbuf_put(t, "<footer>\n<p class=\"muted\">Written by libmultigig " PACKAGE_VERSION
		    " (<code>multigig report</code>). The file is self-contained: no script, nothing to "
		    "download. Attach it to a bug report as it is.</p>\n</footer>\n</body>\n</html>\n");
}
