/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The text exposition format of Prometheus: every family with its HELP
 * and TYPE, in base units, one sample per value reported (an unknown value
 * has none, never a 0).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "present/present.h"

/*
 * A label value, valid UTF-8 whatever the machine holds, and one series
 * for one name: the value is the name as text shows it (mg_show_next():
 * a backslash as \\, a control character or a byte that is not UTF-8 as
 * \xNN, a character that shows nothing as \u200b), so the byte 0xff and
 * the text \xff are two series and eth0 with a zero-width space does not
 * pass for eth0 on a dashboard. Then the format's own escapes: backslash,
 * double quote and newline.
 */
static void label(struct mg_strbuf *t, const char *name, const char *value, bool first)
{
	const unsigned char *p = (const unsigned char *)(value ? value : "");

	mg_strbuf_printf(t, "%s%s=\"", first ? "" : ",", name);
	while (*p) {
		char shown[MG_SHOWN_MAX];

		p += mg_show_next(p, shown);
		if (!strpbrk(shown, "\\\"\n")) {
			mg_strbuf_put(t, shown);
			continue;
		}
		for (const char *c = shown; *c; c++) {
			if (*c == '\\' || *c == '"')
				mg_strbuf_printf(t, "\\%c", *c);
			else if (*c == '\n')
				mg_strbuf_put(t, "\\n");
			else
				mg_strbuf_printf(t, "%c", *c);
		}
	}
	mg_strbuf_put(t, "\"");
}

static void family(struct mg_strbuf *t, const char *name, const char *type, const char *help)
{
	mg_strbuf_printf(t, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

static void hex(char *buf, size_t size, int v)
{
	if (v == MG_UNKNOWN)
		buf[0] = '\0';
	else
		snprintf(buf, size, "0x%04x", v);
}

/* Bytes per second from Gbit/s as the JSON rounds them (three decimals). */
static double gbps_to_bytes(double gbps)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%.3f", gbps);
	return strtod(buf, NULL) * 1.25e8;
}

static void nic_info(struct mg_strbuf *t, const struct mg_prom_input *in)
{
	family(t, "multigig_nic_info", "gauge", "Identity of a network adapter (always 1).");
	for (size_t i = 0; i < in->count; i++) {
		const struct mg_nic *nic = in->adapters[i].nic;
		char vendor[8], device[8];

		hex(vendor, sizeof(vendor), mg_nic_get_vendor_id(nic));
		hex(device, sizeof(device), mg_nic_get_device_id(nic));
		mg_strbuf_put(t, "multigig_nic_info{");
		label(t, "device", in->adapters[i].device, true);
		label(t, "driver", mg_nic_get_driver(nic), false);
		label(t, "driver_version", mg_nic_get_driver_version(nic), false);
		label(t, "firmware_version", mg_nic_get_firmware_version(nic), false);
		label(t, "bus", mg_bus_name(mg_nic_get_bus(nic)), false);
		label(t, "vendor_id", vendor, false);
		label(t, "device_id", device, false);
		label(t, "chip", mg_nic_get_chip(nic), false);
		mg_strbuf_put(t, "} 1\n");
	}
}

static void link_speed(struct mg_strbuf *t, const struct mg_prom_input *in)
{
	family(t, "multigig_link_speed_bytes_per_second", "gauge", "Negotiated Ethernet link speed in bytes per second.");
	for (size_t i = 0; i < in->count; i++) {
		const struct mg_ethlink *l = mg_nic_get_ethlink(in->adapters[i].nic);
		int mbps = l && mg_ethlink_get_speed_mbps(l) > 0 ? mg_ethlink_get_speed_mbps(l)
								  : mg_nic_get_speed_mbps(in->adapters[i].nic);

		if (mbps <= 0)
			continue;
		mg_strbuf_put(t, "multigig_link_speed_bytes_per_second{");
		label(t, "device", in->adapters[i].device, true);
		mg_strbuf_printf(t, "} %lld\n", mbps * 125000LL);
	}
}

static void hop_labels(struct mg_strbuf *t, const char *device, size_t hop, const struct mg_pcie_node *n,
		       const char *state)
{
	char h[24];

	snprintf(h, sizeof(h), "%zu", hop);
	label(t, "device", device, true);
	label(t, "hop", h, false);
	label(t, "address", mg_pcie_node_get_address(n), false);
	label(t, "role", mg_pcie_role_name(mg_pcie_node_get_role(n)), false);
	if (state)
		label(t, "state", state, false);
}

static const char *const link_states[] = { "current", "capable" };

static void pcie_speeds(struct mg_strbuf *t, const struct mg_prom_input *in)
{
	family(t, "multigig_pcie_link_transfers_per_second", "gauge",
	       "PCIe link speed of each hop in transfers per second per lane.");
	for (size_t i = 0; i < in->count; i++)
		for (size_t h = 0; h < mg_pcie_path_count(in->adapters[i].path); h++)
			for (int s = 0; s < 2; s++) {
				const struct mg_pcie_node *n = mg_pcie_path_get(in->adapters[i].path, h);
				double v = s ? mg_pcie_node_get_cap_speed_gts(n) : mg_pcie_node_get_speed_gts(n);

				if (v <= 0)
					continue;
				mg_strbuf_put(t, "multigig_pcie_link_transfers_per_second{");
				hop_labels(t, in->adapters[i].device, h, n, link_states[s]);
				mg_strbuf_printf(t, "} %.0f\n", v * 1e9);
			}
}

static void pcie_widths(struct mg_strbuf *t, const struct mg_prom_input *in)
{
	family(t, "multigig_pcie_link_lanes", "gauge", "PCIe link width of each hop in lanes.");
	for (size_t i = 0; i < in->count; i++)
		for (size_t h = 0; h < mg_pcie_path_count(in->adapters[i].path); h++)
			for (int s = 0; s < 2; s++) {
				const struct mg_pcie_node *n = mg_pcie_path_get(in->adapters[i].path, h);
				int v = s ? mg_pcie_node_get_cap_width(n) : mg_pcie_node_get_width(n);

				if (v <= 0)
					continue;
				mg_strbuf_put(t, "multigig_pcie_link_lanes{");
				hop_labels(t, in->adapters[i].device, h, n, link_states[s]);
				mg_strbuf_printf(t, "} %d\n", v);
			}
}

static void pcie_available(struct mg_strbuf *t, const struct mg_prom_input *in)
{
	family(t, "multigig_pcie_available_bytes_per_second", "gauge",
	       "PCIe bandwidth available to the adapter, as the kernel counts it, in bytes per second.");
	for (size_t i = 0; i < in->count; i++) {
		int mbps = mg_pcie_path_get_available_mbps(in->adapters[i].path);

		if (!in->adapters[i].path || mbps <= 0)
			continue;
		mg_strbuf_put(t, "multigig_pcie_available_bytes_per_second{");
		label(t, "device", in->adapters[i].device, true);
		mg_strbuf_printf(t, "} %lld\n", mbps * 125000LL);
	}
}

static void aer(struct mg_strbuf *t, const struct mg_prom_input *in)
{
	static const enum mg_aer_severity sev[] = { MG_AER_CORRECTABLE, MG_AER_NONFATAL, MG_AER_FATAL };

	family(t, "multigig_aer_errors_total", "counter",
	       "PCIe errors each hop reported since boot (Advanced Error Reporting), by severity.");
	for (size_t i = 0; i < in->count; i++)
		for (size_t h = 0; h < mg_pcie_path_count(in->adapters[i].path); h++)
			for (size_t s = 0; s < sizeof(sev) / sizeof(sev[0]); s++) {
				const struct mg_pcie_node *n = mg_pcie_path_get(in->adapters[i].path, h);
				long long v = mg_pcie_node_get_aer_total(n, sev[s]);

				if (v < 0)
					continue;
				mg_strbuf_put(t, "multigig_aer_errors_total{");
				hop_labels(t, in->adapters[i].device, h, n, NULL);
				label(t, "severity", mg_aer_severity_name(sev[s]), false);
				mg_strbuf_printf(t, "} %lld\n", v);
			}
}

static const char *const directions[] = { "rx", "tx" };

static void expected(struct mg_strbuf *t, const struct mg_prom_input *in)
{
	family(t, "multigig_expected_goodput_bytes_per_second", "gauge",
	       "Expected TCP goodput per direction in bytes per second.");
	for (size_t i = 0; i < in->count; i++)
		for (int d = 0; d < 2; d++) {
			const struct mg_throughput *tp = in->adapters[i].throughput;
			double v = mg_throughput_get_expected_gbps(tp, (enum mg_direction)d);

			if (!tp || v < 0)
				continue;
			mg_strbuf_put(t, "multigig_expected_goodput_bytes_per_second{");
			label(t, "device", in->adapters[i].device, true);
			label(t, "direction", directions[d], false);
			mg_strbuf_printf(t, "} %.0f\n", gbps_to_bytes(v));
		}
}

static void limited(struct mg_strbuf *t, const struct mg_prom_input *in)
{
	family(t, "multigig_limited", "gauge", "What limits the expected throughput (always 1).");
	for (size_t i = 0; i < in->count; i++)
		for (int d = 0; d < 2; d++) {
			const struct mg_throughput *tp = in->adapters[i].throughput;
			enum mg_limit by = mg_throughput_get_limited_by(tp, (enum mg_direction)d);

			if (!tp || by == MG_LIMIT_UNKNOWN)
				continue;
			mg_strbuf_put(t, "multigig_limited{");
			label(t, "device", in->adapters[i].device, true);
			label(t, "direction", directions[d], false);
			label(t, "by", mg_limit_name(by), false);
			mg_strbuf_put(t, "} 1\n");
		}
}

/* One counter of the link per adapter that reports it, with a direction label when @dir is set. */
static void link_counter(struct mg_strbuf *t, const struct mg_prom_input *in, const char *name, enum mg_stat stat,
			 const char *dir)
{
	for (size_t i = 0; i < in->count; i++) {
		const struct mg_stats *st = mg_nic_get_stats(in->adapters[i].nic);
		uint64_t v;

		if (!st || mg_stats_get(st, stat, &v) < 0)
			continue;
		mg_strbuf_printf(t, "%s{", name);
		label(t, "device", in->adapters[i].device, true);
		if (dir)
			label(t, "direction", dir, false);
		mg_strbuf_printf(t, "} %llu\n", (unsigned long long)v);
	}
}

static void counters(struct mg_strbuf *t, const struct mg_prom_input *in)
{
	family(t, "multigig_carrier_changes_total", "counter",
	       "Times the link's carrier came up or went down since the interface was made.");
	link_counter(t, in, "multigig_carrier_changes_total", MG_STAT_CARRIER_CHANGES, NULL);
	family(t, "multigig_dropped_packets_total", "counter", "Packets the driver or the stack dropped, per direction.");
	link_counter(t, in, "multigig_dropped_packets_total", MG_STAT_RX_DROPPED, "rx");
	link_counter(t, in, "multigig_dropped_packets_total", MG_STAT_TX_DROPPED, "tx");
	family(t, "multigig_packet_errors_total", "counter", "Receive and transmit errors of any kind.");
	link_counter(t, in, "multigig_packet_errors_total", MG_STAT_RX_ERRORS, "rx");
	link_counter(t, in, "multigig_packet_errors_total", MG_STAT_TX_ERRORS, "tx");
	family(t, "multigig_missed_frames_total", "counter",
	       "Frames the adapter missed for want of a receive buffer (rx_missed_errors).");
	link_counter(t, in, "multigig_missed_frames_total", MG_STAT_RX_MISSED_ERRORS, NULL);
}

static void temperatures(struct mg_strbuf *t, const struct mg_prom_input *in)
{
	family(t, "multigig_temperature_celsius", "gauge",
	       "Temperature of each hwmon sensor of the adapter, its PHY or its interface.");
	for (size_t i = 0; i < in->count; i++) {
		const struct mg_temps *temps = mg_nic_get_temps(in->adapters[i].nic);

		for (size_t k = 0; k < mg_temps_get_count(temps); k++) {
			int milli;

			if (mg_temps_get(temps, k, MG_TEMP_INPUT, &milli) < 0)
				continue;
			mg_strbuf_put(t, "multigig_temperature_celsius{");
			label(t, "device", in->adapters[i].device, true);
			label(t, "chip", mg_temps_get_chip(temps, k), false);
			label(t, "sensor", mg_temps_get_sensor(temps, k), false);
			label(t, "source", mg_temps_get_source(temps, k), false);
			label(t, "label", mg_temps_get_label(temps, k), false);
			mg_strbuf_printf(t, "} %g\n", milli / 1000.0);
		}
	}
}

static bool finding_of(const struct mg_finding *f, const char *device)
{
	const char *nic = mg_finding_get_nic(f);

	return nic && device && !strcmp(nic, device);
}

static void findings(struct mg_strbuf *t, const struct mg_prom_input *in)
{
	static const enum mg_severity sev[] = { MG_SEVERITY_CRITICAL, MG_SEVERITY_WARNING, MG_SEVERITY_INFO };

	family(t, "multigig_doctor_findings", "gauge", "Doctor findings per adapter and severity.");
	for (size_t i = 0; i < in->count; i++)
		for (size_t s = 0; s < sizeof(sev) / sizeof(sev[0]); s++) {
			int count = 0;

			for (size_t k = 0; k < mg_doctor_count(in->doctor); k++) {
				const struct mg_finding *f = mg_doctor_get(in->doctor, k);

				count += mg_finding_get_severity(f) == sev[s] && finding_of(f, in->adapters[i].device);
			}
			mg_strbuf_put(t, "multigig_doctor_findings{");
			label(t, "device", in->adapters[i].device, true);
			label(t, "severity", mg_severity_name(sev[s]), false);
			mg_strbuf_printf(t, "} %d\n", count);
		}
	family(t, "multigig_doctor_finding", "gauge", "Each doctor finding by its id (always 1).");
	for (size_t i = 0; i < in->count; i++)
		for (size_t k = 0; k < mg_doctor_count(in->doctor); k++) {
			const struct mg_finding *f = mg_doctor_get(in->doctor, k);

			if (!finding_of(f, in->adapters[i].device))
				continue;
			mg_strbuf_put(t, "multigig_doctor_finding{");
			label(t, "device", in->adapters[i].device, true);
			label(t, "id", mg_finding_get_id(f), false);
			label(t, "severity", mg_severity_name(mg_finding_get_severity(f)), false);
			mg_strbuf_put(t, "} 1\n");
		}
}

/* Whether an adapter is a Wi-Fi station with an AP: then its link has figures. */
static bool wifi_station(const struct mg_prom_adapter *a)
{
	return mg_wiphy_link_get_bssid(a->wifi, a->device) != NULL;
}

static void wifi_rates(struct mg_strbuf *t, const struct mg_prom_input *in, bool mcs)
{
	if (mcs)
		family(t, "multigig_wifi_link_mcs", "gauge", "MCS index of the last frame a Wi-Fi station sent (tx) or received (rx).");
	else
		family(t, "multigig_wifi_link_bitrate_bits_per_second", "gauge",
		       "Rate of the last frame a Wi-Fi station sent (tx) or received (rx), as the kernel computes it.");
	for (size_t i = 0; i < in->count; i++) {
		const struct mg_wiphy *w = in->adapters[i].wifi;
		const char *name = in->adapters[i].device;

		for (int d = 0; wifi_station(&in->adapters[i]) && d < 2; d++) {
			enum mg_direction dir = d ? MG_DIRECTION_RX : MG_DIRECTION_TX;
			/* The kernel's figure is in 100 kbit/s: its Mbit/s times 10 is a whole number again. */
			long long v = mcs ? mg_wiphy_link_get_rate_mcs(w, name, dir)
					  : llround(mg_wiphy_link_get_bitrate_mbps(w, name, dir) * 10.0);
			int mode = mg_wiphy_link_get_rate_mode(w, name, dir);

			if (!mg_wiphy_link_has_rate(w, name, dir) || v < 0)
				continue;
			mg_strbuf_put(t, mcs ? "multigig_wifi_link_mcs{"
					     : "multigig_wifi_link_bitrate_bits_per_second{");
			label(t, "device", name, true);
			label(t, "direction", d ? "rx" : "tx", false);
			if (mcs)
				label(t, "mode", mg_wifi_mode_name((enum mg_wifi_mode)mode), false);
			mg_strbuf_printf(t, "} %lld\n", mcs ? v : v * 100000LL);
		}
	}
}

/* A station's signal as @get reads it, in dBm: a sample for each station with a link. */
static void wifi_signal(struct mg_strbuf *t, const struct mg_prom_input *in, const char *name, const char *help,
			int (*get)(const struct mg_wiphy *w, const char *ifname))
{
	family(t, name, "gauge", help);
	for (size_t i = 0; i < in->count; i++) {
		int dbm = get(in->adapters[i].wifi, in->adapters[i].device);

		if (dbm == MG_UNKNOWN)
			continue;
		mg_strbuf_printf(t, "%s{", name);
		label(t, "device", in->adapters[i].device, true);
		mg_strbuf_printf(t, "} %d\n", dbm);
	}
}

static void wifi_link(struct mg_strbuf *t, const struct mg_prom_input *in)
{
	wifi_signal(t, in, "multigig_wifi_signal_dbm", "Signal a Wi-Fi station receives its AP at, in dBm.",
		    mg_wiphy_link_get_signal_dbm);
	wifi_signal(t, in, "multigig_wifi_signal_average_dbm",
		    "The driver's average of the signal a Wi-Fi station receives its AP at, in dBm.",
		    mg_wiphy_link_get_signal_avg_dbm);
	family(t, "multigig_wifi_channel_width_hertz", "gauge", "Width of the channel a Wi-Fi interface operates on.");
	for (size_t i = 0; i < in->count; i++) {
		const struct mg_wiphy *w = in->adapters[i].wifi;
		int mhz = mg_wiphy_link_get_width_mhz(w, in->adapters[i].device);

		if (mhz <= 0)
			continue;
		mg_strbuf_put(t, "multigig_wifi_channel_width_hertz{");
		label(t, "device", in->adapters[i].device, true);
		mg_strbuf_printf(t, "} %lld\n", mhz * 1000000LL);
	}
	wifi_rates(t, in, false);
	wifi_rates(t, in, true);
}

void mg_prometheus_text(struct mg_strbuf *t, const struct mg_prom_input *in)
{
	nic_info(t, in);
	link_speed(t, in);
	pcie_speeds(t, in);
	pcie_widths(t, in);
	pcie_available(t, in);
	aer(t, in);
	expected(t, in);
	limited(t, in);
	counters(t, in);
	temperatures(t, in);
	wifi_link(t, in);
	findings(t, in);
}
