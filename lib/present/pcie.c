/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The PCIe path, JSON and text from one writer: each hop from the device
 * up to the root port with its capability and negotiated link, power
 * states, AER counters and training, then the hop that limits the path,
 * the ceilings it allows and the advice; and show's summary of the path.
 * Where the text says a hop's fields in another order than JSON has them,
 * each document's call is where it wants it.
 */
#include <errno.h>
#include <stdio.h>

#include "present/present.h"

/* Text under a hop's address and role. */
#define INDENT "                "

/* A mask of power states as lspci names them: JSON an array, null when unknown. */
static void states(struct mg_out *o, const char *key, int mask)
{
	if (mask < 0) {
		mg_out_null(o, key);
		return;
	}
	mg_out_array(o, key);
	for (int bit = MG_PCIE_ASPM_L0S; bit <= MG_PCIE_CLKPM; bit <<= 1)
		if (mask & bit)
			mg_out_item(o, NULL, mg_pcie_pm_state_name(bit));
	mg_out_array_end(o);
}

/* The same mask in text, the names apart by a space; @none when there is none. */
static void states_text(struct mg_out *o, int mask, const char *none)
{
	const char *sep = "";

	if (mask <= 0) {
		mg_out_text(o, "%s", none);
		return;
	}
	for (int bit = MG_PCIE_ASPM_L0S; bit <= MG_PCIE_CLKPM; bit <<= 1)
		if (mask & bit) {
			mg_out_text(o, "%s%s", sep, mg_pcie_pm_state_name(bit));
			sep = " ";
		}
}

/* A link's speed and width: JSON a member each; in text "8 GT/s x1" or "unknown" through @fmt. */
static void rate(struct mg_out *o, const char *speed_key, const char *width_key, const char *fmt, double gts, int width)
{
	char text[32];

	if (gts < 0 || width == MG_UNKNOWN)
		snprintf(text, sizeof(text), "unknown");
	else
		snprintf(text, sizeof(text), "%g GT/s x%d", gts, width);
	mg_out_gts(o, speed_key, NULL, gts);
	mg_out_int(o, width_key, NULL, width);
	mg_out_str(o, NULL, fmt, text);
}

/* The kernel's link/ files by name, JSON only: true, false, or null where absent. */
static void aspm_sysfs(struct mg_out *o, const struct mg_pcie_node *n)
{
	static const struct {
		const char *file;
		int state;
	} files[] = {
		{ "l0s_aspm", MG_PCIE_ASPM_L0S },     { "l1_aspm", MG_PCIE_ASPM_L1 },
		{ "l1_1_aspm", MG_PCIE_ASPM_L1_1 },   { "l1_2_aspm", MG_PCIE_ASPM_L1_2 },
		{ "l1_1_pcipm", MG_PCIE_PCIPM_L1_1 }, { "l1_2_pcipm", MG_PCIE_PCIPM_L1_2 },
		{ "clkpm", MG_PCIE_CLKPM },
	};
	int on = mg_pcie_node_get_aspm_control(n), present = mg_pcie_node_get_aspm_control_present(n);

	if (on < 0) {
		mg_out_null(o, "aspm_sysfs");
		return;
	}
	mg_out_object(o, "aspm_sysfs");
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		mg_out_bool(o, files[i].file, NULL, present & files[i].state ? !!(on & files[i].state) : MG_UNKNOWN);
	mg_out_object_end(o);
}

/*
 * Power states: JSON the masks and the kernel's files; text "ASPM L1
 * (supports L0s L1), L1 substates ASPM_L1.1 ASPM_L1.2", what is enabled
 * before what is supported, from sysfs when the registers are unread.
 */
static void power(struct mg_out *o, const struct mg_pcie_node *n)
{
	int supported = mg_pcie_node_get_aspm_supported(n), control = mg_pcie_node_get_aspm_control(n);

	states(o, "aspm_supported", supported);
	states(o, "aspm_enabled", mg_pcie_node_get_aspm_enabled(n));
	states(o, "l1ss_supported", mg_pcie_node_get_l1ss_supported(n));
	states(o, "l1ss_enabled", mg_pcie_node_get_l1ss_enabled(n));
	aspm_sysfs(o, n);
	if (supported == 0) {
		mg_out_text(o, "no ASPM");
	} else if (supported > 0) {
		mg_out_text(o, "ASPM ");
		states_text(o, mg_pcie_node_get_aspm_enabled(n), "off");
		mg_out_text(o, " (supports ");
		states_text(o, supported, "none");
		mg_out_text(o, ")");
	} else if (control >= 0) {
		mg_out_text(o, "ASPM ");
		states_text(o, control & (MG_PCIE_ASPM_L0S | MG_PCIE_ASPM_L1), "off");
		mg_out_text(o, " (sysfs)");
	}
	if (mg_pcie_node_get_l1ss_supported(n) > 0) {
		mg_out_text(o, ", L1 substates ");
		states_text(o, mg_pcie_node_get_l1ss_enabled(n), "off");
	}
}

/*
 * One severity's counters: JSON its total and each counter, null when
 * none is known; text " 49 correctable (BadTLP 37, BadDLLP 12)" when the
 * total is above 0, each counter above 0, and a root port's errors from
 * below. @any counts the parts of text written, for their commas.
 */
static void aer_set(struct mg_out *o, const struct mg_pcie_node *n, enum mg_aer_severity sev, int *any)
{
	size_t k = mg_pcie_node_get_aer_count(n, sev);
	long long total = mg_pcie_node_get_aer_total(n, sev), below = mg_pcie_node_get_aer_rootport_total(n, sev);
	const char *name = mg_aer_severity_name(sev), *sep = "%s";

	if (!k && total < 0) {
		mg_out_null(o, name);
	} else {
		mg_out_object(o, name);
		if (total > 0)
			mg_out_text(o, "%s", (*any)++ ? "," : "");
		mg_out_count(o, "total", total > 0 ? " %lld" : NULL, total);
		if (total > 0)
			mg_out_text(o, " %s (", name);
		mg_out_object(o, "counters");
		for (size_t i = 0; i < k; i++) {
			long long v = mg_pcie_node_get_aer_value(n, sev, i);
			bool shown = total > 0 && v > 0;

			mg_out_str(o, NULL, shown ? sep : NULL, mg_pcie_node_get_aer_name(n, sev, i));
			mg_out_count(o, mg_pcie_node_get_aer_name(n, sev, i), shown ? " %lld" : NULL, v);
			sep = shown ? ", %s" : sep;
		}
		mg_out_object_end(o);
		mg_out_object_end(o);
		if (total > 0)
			mg_out_text(o, ")");
	}
	if (below > 0)
		mg_out_text(o, "%s %lld %s from below", (*any)++ ? "," : "", below, name);
}

/*
 * AER: JSON the counters by severity and a root port's totals from below
 * (null when it has none); text "AER 49 correctable (BadTLP 37, BadDLLP
 * 12)" or "AER: no errors", after the power states and "; ".
 */
static void aer(struct mg_out *o, const struct mg_pcie_node *n)
{
	bool below = false;
	int any = 0;

	if (!mg_pcie_node_has_aer(n)) {
		mg_out_null(o, "aer");
		return;
	}
	mg_out_object(o, "aer");
	mg_out_text(o, "%sAER", mg_out_is_text(o) && o->t->len ? "; " : "");
	for (int sev = MG_AER_CORRECTABLE; sev <= MG_AER_FATAL; sev++) {
		aer_set(o, n, sev, &any);
		below |= mg_pcie_node_get_aer_rootport_total(n, sev) >= 0;
	}
	if (!any)
		mg_out_text(o, ": no errors");
	if (below) {
		mg_out_object(o, "rootport_total");
		for (int sev = MG_AER_CORRECTABLE; sev <= MG_AER_FATAL; sev++)
			if (mg_pcie_node_get_aer_rootport_total(n, sev) >= 0)
				mg_out_long(o, mg_aer_severity_name(sev), NULL,
					    mg_pcie_node_get_aer_rootport_total(n, sev));
		mg_out_object_end(o);
	} else {
		mg_out_null(o, "rootport_total");
	}
	mg_out_object_end(o);
}

/* Power states and AER; in text one line of both, none when neither has anything to say. */
static void health(struct mg_out *o, const struct mg_pcie_node *n)
{
	struct mg_strbuf line = { 0 };
	struct mg_out l = { .j = o->j, .t = o->t ? &line : NULL };

	power(&l, n);
	aer(&l, n);
	if (line.failed && o->t)
		o->t->failed = true;
	else if (line.len)
		mg_out_text(o, INDENT "%s\n", line.buf);
	mg_strbuf_free(&line);
}

/* How the link trained: JSON an object; text a line when below its target and one for LnkSta's events. */
static void training(struct mg_out *o, const struct mg_pcie_node *n)
{
	int events = mg_pcie_node_get_link_events(n), below = mg_pcie_node_link_is_below_target(n);
	double target = mg_pcie_node_get_link_target_speed_gts(n), speed = mg_pcie_node_get_speed_gts(n);
	bool managed = events > 0 && (events & MG_PCIE_LINK_BW_MANAGED);
	bool autonomous = events > 0 && (events & MG_PCIE_LINK_BW_AUTONOMOUS);

	mg_out_object(o, "training");
	mg_out_gts(o, "target_speed_gts", NULL, target);
	mg_out_gts(o, "speed_gts", NULL, speed);
	mg_out_bool(o, "below_target", NULL, below < 0 ? MG_UNKNOWN : below);
	if (below == 1)
		mg_out_text(o, INDENT "the link did not train to its target: %g GT/s of %g GT/s\n", speed, target);
	if (events > 0)
		mg_out_text(o, INDENT);
	mg_out_bool(o, "bandwidth_managed", managed ? "retrained, or slowed to correct errors (BWMgmt)" : NULL,
		    events < 0 ? MG_UNKNOWN : managed);
	if (managed && autonomous)
		mg_out_text(o, "; ");
	mg_out_bool(o, "autonomous_bandwidth", autonomous ? "speed or width changed by the hardware (ABWMgmt)" : NULL,
		    events < 0 ? MG_UNKNOWN : autonomous);
	if (events > 0)
		mg_out_text(o, "\n");
	mg_out_object_end(o);
}

/*
 * The link to the port above: JSON's "link_up"; in text a line when it
 * runs below what both ends support, or else when one end caps it.
 */
static void link_up(struct mg_out *o, const struct mg_pcie_node *n)
{
	enum mg_pcie_cap_by by = mg_pcie_node_get_link_capped_by(n);
	int degraded = mg_pcie_node_link_is_degraded(n);
	bool capped = degraded != 1 && mg_pcie_node_has_link(n) && by != MG_PCIE_CAP_BY_NONE &&
		      by != MG_PCIE_CAP_BY_UNKNOWN;

	mg_out_object(o, "link_up");
	rate(o, "cap_speed_gts", "cap_width",
	     degraded == 1 ? INDENT "link above runs below %s, which both ends support\n" : NULL,
	     mg_pcie_node_get_link_cap_speed_gts(n), mg_pcie_node_get_link_cap_width(n));
	mg_out_bool(o, "below_capability", NULL, degraded);
	mg_out_str(o, "capped_by", NULL, mg_pcie_cap_by_name(by));
	if (capped)
		mg_out_text(o, INDENT "link above is capped by %s\n",
			    by == MG_PCIE_CAP_BY_BOTH ? "both ends (one in speed, one in width)"
			    : by == MG_PCIE_CAP_BY_PORT ? "the port above" : "this device");
	mg_out_object_end(o);
}

/*
 * A hop: in text its line ("0001:01:00.0  endpoint  capable 8 GT/s x1
 * running 5 GT/s x1  MPS 512 MRRS 2048", "<- limit" on the limit's), then
 * the link above, its health, its training and why some of it is unknown.
 */
static void node(struct mg_out *o, const struct mg_pcie_node *n, bool is_limit)
{
	const char *reason = mg_pcie_node_get_unknown_reason(n);
	int mps = mg_pcie_node_get_mps(n);

	mg_out_object(o, NULL);
	mg_out_str(o, "address", "  %-13s", mg_pcie_node_get_address(n));
	mg_out_str(o, "role", " %-16s", mg_pcie_role_name(mg_pcie_node_get_role(n)));
	mg_out_hex(o, "vendor_id", NULL, mg_pcie_node_get_vendor_id(n), 4);
	mg_out_hex(o, "device_id", NULL, mg_pcie_node_get_device_id(n), 4);
	rate(o, "cap_speed_gts", "cap_width", " capable %-14s", mg_pcie_node_get_cap_speed_gts(n),
	     mg_pcie_node_get_cap_width(n));
	rate(o, "speed_gts", "width", " running %-14s", mg_pcie_node_get_speed_gts(n), mg_pcie_node_get_width(n));
	mg_out_gts(o, "target_speed_gts", NULL, mg_pcie_node_get_target_speed_gts(n));
	mg_out_int(o, "devcap_mps", NULL, mg_pcie_node_get_devcap_mps(n));
	mg_out_int(o, "mps", mps != MG_UNKNOWN ? " MPS %d" : NULL, mps);
	mg_out_int(o, "mrrs", mps != MG_UNKNOWN ? " MRRS %d" : NULL, mg_pcie_node_get_mrrs(n));
	mg_out_text(o, "%s\n", is_limit ? "  <- limit" : "");
	mg_out_str(o, "unknown_reason", NULL, reason);
	/* The link above: in text before the hop's health, in JSON last. */
	if (mg_out_is_text(o))
		link_up(o, n);
	health(o, n);
	training(o, n);
	if (!mg_out_is_text(o) && mg_pcie_node_has_link(n))
		link_up(o, n);
	mg_out_str(o, NULL, reason ? INDENT "(%s)\n" : NULL, reason);
	mg_out_object_end(o);
}

/* "limit: 0001:00:00.0 at 5 GT/s x1: 4.000 Gb/s available"; JSON null without a limit, and no text. */
static void path_limit(struct mg_out *o, const struct mg_pcie_path *path)
{
	const struct mg_pcie_node *lim = mg_pcie_path_get_limit(path);

	if (!lim) {
		mg_out_null(o, "limit");
		return;
	}
	mg_out_object(o, "limit");
	mg_out_str(o, "address", "limit: %s", mg_pcie_node_get_address(lim));
	mg_out_gts(o, "speed_gts", " at %g GT/s", mg_pcie_node_get_speed_gts(lim));
	mg_out_int(o, "width", " x%d", mg_pcie_node_get_width(lim));
	mg_out_gbps(o, "available_gbps", ": %.3f Gb/s available\n", mg_pcie_path_get_available_mbps(path) / 1000.0);
	mg_out_object_end(o);
}

/*
 * The whole path, as pcie prints it. The text opens with the board and
 * says the ASPM policy before the ceilings, where JSON has both last.
 */
static void path_writer(struct mg_out *o, const struct mg_pcie_path *path, const struct mg_throughput *t)
{
	const struct mg_estimate *e = mg_throughput_get_estimate(t);
	const char *board = mg_pcie_path_get_board(path), *policy = mg_pcie_path_get_aspm_policy(path);
	bool lower = mg_throughput_is_lower_bound(t);

	mg_out_object(o, NULL);
	mg_out_str(o, NULL, board ? "board: %s\n" : NULL, board);
	mg_out_str(o, "address", NULL, mg_pcie_node_get_address(mg_pcie_path_get(path, 0)));
	mg_out_text(o, "path from the device up to the root port:\n");
	mg_out_array(o, "path");
	for (size_t i = 0; i < mg_pcie_path_count(path); i++)
		node(o, mg_pcie_path_get(path, i), mg_pcie_path_get(path, i) == mg_pcie_path_get_limit(path));
	mg_out_array_end(o);
	path_limit(o, path);
	mg_out_str(o, NULL, policy ? "ASPM policy: %s\n" : NULL, policy);
	if (e)
		mg_out_estimate(o, "ceilings", e, lower ? MG_OUT_ESTIMATE_LOWER : 0);
	else
		mg_out_null(o, "ceilings");
	mg_out_bool(o, "lower_bound", NULL, lower);
	mg_out_str(o, "board", NULL, board);
	mg_out_str(o, "advice", mg_pcie_path_get_advice(path) ? "advice: %s\n" : NULL, mg_pcie_path_get_advice(path));
	mg_out_str(o, "aspm_policy", NULL, policy);
	mg_out_object_end(o);
}

MG_EXPORT int mg_pcie_path_to_json(const struct mg_pcie_path *path, const struct mg_throughput *throughput,
				   unsigned int flags, char **json)
{
	struct mg_json j;
	struct mg_out o = { .j = &j };
	int err = mg_json_check(path, flags, MG_JSON_LINE | MG_JSON_BYTES, json);

	if (err < 0)
		return err;
	if (!throughput)
		return -EINVAL;
	mg_json_init(&j, flags, 0);
	path_writer(&o, path, throughput);
	return mg_json_take(&j, json);
}

MG_EXPORT int mg_pcie_path_to_text(const struct mg_pcie_path *path, const struct mg_throughput *throughput, char **text)
{
	struct mg_strbuf t = { 0 };
	struct mg_out o = { .t = &t };

	if (!path || !throughput || !text)
		return -EINVAL;
	path_writer(&o, path, throughput);
	*text = mg_strbuf_take(&t);
	return *text ? 0 : -ENOMEM;
}

/* The device's ASPM in show's line, from its registers or else the kernel's controls: ", ASPM L1". */
static void summary_aspm(struct mg_out *o, const struct mg_pcie_node *dev)
{
	int aspm = mg_pcie_node_get_aspm_enabled(dev);

	if (aspm < 0 && mg_pcie_node_get_aspm_control(dev) >= 0)
		aspm = mg_pcie_node_get_aspm_control(dev) & (MG_PCIE_ASPM_L0S | MG_PCIE_ASPM_L1);
	if (aspm > 0) {
		mg_out_text(o, ", ASPM ");
		states_text(o, aspm, "");
	}
}

/*
 * The path in show: JSON the limit, its link and what it leaves, and the
 * advice; text one line of the device's link and the limit's figure ("see
 * multigig pcie" for the advice), or why the device's link is unknown.
 */
void mg_out_pcie_summary(struct mg_out *o, const struct mg_pcie_path *path)
{
	const struct mg_pcie_node *lim, *dev;
	const char *advice;
	int mbps;

	if (!path) {
		mg_out_null(o, NULL);
		return;
	}
	lim = mg_pcie_path_get_limit(path);
	dev = mg_pcie_path_get(path, 0);
	advice = mg_pcie_path_get_advice(path);
	mbps = mg_pcie_path_get_available_mbps(path);
	mg_out_object(o, NULL);
	if (lim)
		mg_out_text(o, "%-18s %g GT/s x%d (device capable of %g GT/s x%d), limited at",
			    "pcie:", mg_pcie_node_get_speed_gts(dev), mg_pcie_node_get_width(dev),
			    mg_pcie_node_get_cap_speed_gts(dev), mg_pcie_node_get_cap_width(dev));
	else
		mg_out_str(o, NULL, mg_pcie_node_get_unknown_reason(dev) ? "pcie:              %s\n" : NULL,
			   mg_pcie_node_get_unknown_reason(dev));
	mg_out_str(o, "limit_address", lim ? " %s: " : NULL, lim ? mg_pcie_node_get_address(lim) : NULL);
	mg_out_gts(o, "speed_gts", NULL, lim ? mg_pcie_node_get_speed_gts(lim) : MG_UNKNOWN);
	mg_out_int(o, "width", NULL, lim ? mg_pcie_node_get_width(lim) : MG_UNKNOWN);
	mg_out_gbps(o, "available_gbps", lim ? "%.3f Gb/s" : NULL, mbps < 0 ? -1 : mbps / 1000.0);
	if (lim)
		summary_aspm(o, dev);
	mg_out_str(o, "advice", lim && advice ? " (see multigig pcie)" : NULL, advice);
	if (lim)
		mg_out_text(o, "\n");
	mg_out_object_end(o);
}

MG_TEXT_EXPORT(mg_pcie_path_summary_to_text, mg_pcie_path, mg_out_pcie_summary)
