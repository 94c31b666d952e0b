/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The PCIe path and its health, and the throughput model, as JSON. */
#include <errno.h>

#include "present/present.h"

/* A mask of power states as lspci names them; null when unknown. */
static void states(struct mg_json *j, int mask)
{
	if (mask < 0) {
		mg_json_null(j);
		return;
	}
	mg_json_array(j);
	for (int bit = MG_PCIE_ASPM_L0S; bit <= MG_PCIE_CLKPM; bit <<= 1)
		if (mask & bit)
			mg_json_str(j, mg_pcie_pm_state_name(bit));
	mg_json_array_end(j);
}

static void flag(struct mg_json *j, int v)
{
	if (v < 0)
		mg_json_null(j);
	else
		mg_json_bool(j, v);
}

static void count(struct mg_json *j, long long v)
{
	if (v < 0)
		mg_json_null(j);
	else
		mg_json_int(j, v);
}

/* The kernel's link/ files by name: true, false, or null where absent. */
static void aspm_sysfs(struct mg_json *j, const struct mg_pcie_node *n)
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
		mg_json_null(j);
		return;
	}
	mg_json_object(j);
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		mg_json_key(j, files[i].file);
		flag(j, present & files[i].state ? !!(on & files[i].state) : -1);
	}
	mg_json_object_end(j);
}

static void aer_set(struct mg_json *j, const struct mg_pcie_node *n, enum mg_aer_severity sev)
{
	size_t k = mg_pcie_node_get_aer_count(n, sev);

	if (!k && mg_pcie_node_get_aer_total(n, sev) < 0) {
		mg_json_null(j);
		return;
	}
	mg_json_object(j);
	mg_json_key(j, "total");
	count(j, mg_pcie_node_get_aer_total(n, sev));
	mg_json_key(j, "counters");
	mg_json_object(j);
	for (size_t i = 0; i < k; i++) {
		mg_json_key(j, mg_pcie_node_get_aer_name(n, sev, i));
		count(j, mg_pcie_node_get_aer_value(n, sev, i));
	}
	mg_json_object_end(j);
	mg_json_object_end(j);
}

/* The counters by severity; a root port's totals from below, null when it has none. */
static void aer(struct mg_json *j, const struct mg_pcie_node *n)
{
	bool below = false;

	if (!mg_pcie_node_has_aer(n)) {
		mg_json_null(j);
		return;
	}
	mg_json_object(j);
	for (int sev = MG_AER_CORRECTABLE; sev <= MG_AER_FATAL; sev++) {
		mg_json_key(j, mg_aer_severity_name(sev));
		aer_set(j, n, sev);
		below |= mg_pcie_node_get_aer_rootport_total(n, sev) >= 0;
	}
	mg_json_key(j, "rootport_total");
	if (below) {
		mg_json_object(j);
		for (int sev = MG_AER_CORRECTABLE; sev <= MG_AER_FATAL; sev++) {
			long long total = mg_pcie_node_get_aer_rootport_total(n, sev);

			if (total < 0)
				continue;
			mg_json_key(j, mg_aer_severity_name(sev));
			mg_json_int(j, total);
		}
		mg_json_object_end(j);
	} else {
		mg_json_null(j);
	}
	mg_json_object_end(j);
}

static void training(struct mg_json *j, const struct mg_pcie_node *n)
{
	int events = mg_pcie_node_get_link_events(n);

	mg_json_object(j);
	mg_json_key(j, "target_speed_gts");
	mg_json_gts(j, mg_pcie_node_get_link_target_speed_gts(n));
	mg_json_key(j, "speed_gts");
	mg_json_gts(j, mg_pcie_node_get_speed_gts(n));
	mg_json_key(j, "below_target");
	flag(j, mg_pcie_node_link_is_below_target(n));
	mg_json_key(j, "bandwidth_managed");
	flag(j, events < 0 ? -1 : !!(events & MG_PCIE_LINK_BW_MANAGED));
	mg_json_key(j, "autonomous_bandwidth");
	flag(j, events < 0 ? -1 : !!(events & MG_PCIE_LINK_BW_AUTONOMOUS));
	mg_json_object_end(j);
}

/* The link to the port above, when the function has one. */
static void link_up(struct mg_json *j, const struct mg_pcie_node *n)
{
	mg_json_key(j, "link_up");
	mg_json_object(j);
	mg_json_key(j, "cap_speed_gts");
	mg_json_gts(j, mg_pcie_node_get_link_cap_speed_gts(n));
	mg_json_key(j, "cap_width");
	mg_json_int_or_null(j, mg_pcie_node_get_link_cap_width(n));
	mg_json_key(j, "below_capability");
	mg_json_bool_or_null(j, mg_pcie_node_link_is_degraded(n));
	mg_json_key(j, "capped_by");
	mg_json_str(j, mg_pcie_cap_by_name(mg_pcie_node_get_link_capped_by(n)));
	mg_json_object_end(j);
}

static void node(struct mg_json *j, const struct mg_pcie_node *n)
{
	mg_json_object(j);
	mg_json_key(j, "address");
	mg_json_str(j, mg_pcie_node_get_address(n));
	mg_json_key(j, "role");
	mg_json_str(j, mg_pcie_role_name(mg_pcie_node_get_role(n)));
	mg_json_key(j, "vendor_id");
	mg_json_hex(j, mg_pcie_node_get_vendor_id(n), 4);
	mg_json_key(j, "device_id");
	mg_json_hex(j, mg_pcie_node_get_device_id(n), 4);
	mg_json_key(j, "cap_speed_gts");
	mg_json_gts(j, mg_pcie_node_get_cap_speed_gts(n));
	mg_json_key(j, "cap_width");
	mg_json_int_or_null(j, mg_pcie_node_get_cap_width(n));
	mg_json_key(j, "speed_gts");
	mg_json_gts(j, mg_pcie_node_get_speed_gts(n));
	mg_json_key(j, "width");
	mg_json_int_or_null(j, mg_pcie_node_get_width(n));
	mg_json_key(j, "target_speed_gts");
	mg_json_gts(j, mg_pcie_node_get_target_speed_gts(n));
	mg_json_key(j, "devcap_mps");
	mg_json_int_or_null(j, mg_pcie_node_get_devcap_mps(n));
	mg_json_key(j, "mps");
	mg_json_int_or_null(j, mg_pcie_node_get_mps(n));
	mg_json_key(j, "mrrs");
	mg_json_int_or_null(j, mg_pcie_node_get_mrrs(n));
	mg_json_key(j, "unknown_reason");
	mg_json_str(j, mg_pcie_node_get_unknown_reason(n));
	mg_json_key(j, "aspm_supported");
	states(j, mg_pcie_node_get_aspm_supported(n));
	mg_json_key(j, "aspm_enabled");
	states(j, mg_pcie_node_get_aspm_enabled(n));
	mg_json_key(j, "l1ss_supported");
	states(j, mg_pcie_node_get_l1ss_supported(n));
	mg_json_key(j, "l1ss_enabled");
	states(j, mg_pcie_node_get_l1ss_enabled(n));
	mg_json_key(j, "aspm_sysfs");
	aspm_sysfs(j, n);
	mg_json_key(j, "aer");
	aer(j, n);
	mg_json_key(j, "training");
	training(j, n);
	if (mg_pcie_node_has_link(n))
		link_up(j, n);
	mg_json_object_end(j);
}

void mg_json_estimate(struct mg_json *j, const struct mg_estimate *e)
{
	mg_json_object(j);
	mg_json_key(j, "pcie_available_gbps");
	mg_json_gbps(j, mg_estimate_get_pcie_available_gbps(e));
	mg_json_key(j, "link_data_rate_gbps");
	mg_json_gbps(j, mg_estimate_get_link_data_rate_gbps(e));
	mg_json_key(j, "rx_ceiling_gbps");
	mg_json_gbps(j, mg_estimate_get_rx_ceiling_gbps(e));
	mg_json_key(j, "tx_ceiling_gbps");
	mg_json_gbps(j, mg_estimate_get_tx_ceiling_gbps(e));
	mg_json_key(j, "ethernet_ceiling_gbps");
	mg_json_gbps(j, mg_estimate_get_ethernet_ceiling_gbps(e));
	mg_json_key(j, "expected_rx_gbps");
	mg_json_gbps(j, mg_estimate_get_expected_rx_gbps(e));
	mg_json_key(j, "expected_tx_gbps");
	mg_json_gbps(j, mg_estimate_get_expected_tx_gbps(e));
	mg_json_key(j, "limited_by");
	mg_json_limit(j, mg_estimate_get_overall_limit(e));
	mg_json_key(j, "limited_by_rx");
	mg_json_limit(j, mg_estimate_get_limited_by(e, MG_DIRECTION_RX));
	mg_json_key(j, "limited_by_tx");
	mg_json_limit(j, mg_estimate_get_limited_by(e, MG_DIRECTION_TX));
	mg_json_object_end(j);
}

MG_JSON_EXPORT(mg_estimate_to_json, mg_estimate, mg_json_estimate)

/* The limit of the path in one object, for show; null without a path. */
void mg_json_pcie_summary(struct mg_json *j, const struct mg_pcie_path *path)
{
	const struct mg_pcie_node *lim;
	int mbps;

	if (!path) {
		mg_json_null(j);
		return;
	}
	lim = mg_pcie_path_get_limit(path);
	mbps = mg_pcie_path_get_available_mbps(path);
	mg_json_object(j);
	mg_json_key(j, "limit_address");
	mg_json_str(j, lim ? mg_pcie_node_get_address(lim) : NULL);
	mg_json_key(j, "speed_gts");
	mg_json_gts(j, lim ? mg_pcie_node_get_speed_gts(lim) : MG_UNKNOWN);
	mg_json_key(j, "width");
	mg_json_int_or_null(j, lim ? mg_pcie_node_get_width(lim) : MG_UNKNOWN);
	mg_json_key(j, "available_gbps");
	mg_json_gbps(j, mbps < 0 ? -1 : mbps / 1000.0);
	mg_json_key(j, "advice");
	mg_json_str(j, mg_pcie_path_get_advice(path));
	mg_json_object_end(j);
}

static void path_limit(struct mg_json *j, const struct mg_pcie_path *path)
{
	const struct mg_pcie_node *lim = mg_pcie_path_get_limit(path);

	mg_json_key(j, "limit");
	if (!lim) {
		mg_json_null(j);
		return;
	}
	mg_json_object(j);
	mg_json_key(j, "address");
	mg_json_str(j, mg_pcie_node_get_address(lim));
	mg_json_key(j, "speed_gts");
	mg_json_gts(j, mg_pcie_node_get_speed_gts(lim));
	mg_json_key(j, "width");
	mg_json_int_or_null(j, mg_pcie_node_get_width(lim));
	mg_json_key(j, "available_gbps");
	mg_json_gbps(j, mg_pcie_path_get_available_mbps(path) / 1000.0);
	mg_json_object_end(j);
}

MG_EXPORT int mg_pcie_path_to_json(const struct mg_pcie_path *path, const struct mg_throughput *throughput,
				   unsigned int flags, char **json)
{
	const struct mg_estimate *e;
	struct mg_json j;
	int err = mg_json_check(path, flags, MG_JSON_LINE | MG_JSON_BYTES, json);

	if (err < 0)
		return err;
	if (!throughput)
		return -EINVAL;
	e = mg_throughput_get_estimate(throughput);
	mg_json_init(&j, flags, 0);
	mg_json_object(&j);
	mg_json_key(&j, "address");
	mg_json_str(&j, mg_pcie_node_get_address(mg_pcie_path_get(path, 0)));
	mg_json_key(&j, "path");
	mg_json_array(&j);
	for (size_t i = 0; i < mg_pcie_path_count(path); i++)
		node(&j, mg_pcie_path_get(path, i));
	mg_json_array_end(&j);
	path_limit(&j, path);
	mg_json_key(&j, "ceilings");
	if (e)
		mg_json_estimate(&j, e);
	else
		mg_json_null(&j);
	mg_json_key(&j, "lower_bound");
	mg_json_bool(&j, mg_throughput_is_lower_bound(throughput));
	mg_json_key(&j, "board");
	mg_json_str(&j, mg_pcie_path_get_board(path));
	mg_json_key(&j, "advice");
	mg_json_str(&j, mg_pcie_path_get_advice(path));
	mg_json_key(&j, "aspm_policy");
	mg_json_str(&j, mg_pcie_path_get_aspm_policy(path));
	mg_json_object_end(&j);
	return mg_json_take(&j, json);
}
