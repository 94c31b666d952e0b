/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The doctor's rules: each looks at one adapter's facts and, when what it
 * checks is wrong, adds one finding with its evidence, impact and fix. A
 * rule without the facts it needs says nothing: unknown is not wrong.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decide/decide.h"

#define MULTIGIG_MBPS 2500	/* where "multi-gigabit" starts */
#define SUGGESTED_RX_USECS 50	/* moderation that keeps latency low and interrupts sane */

typedef int (*rule_fn)(struct mg_doctor *d, const struct mg_facts *f);

static int no_driver(struct mg_doctor *d, const struct mg_facts *f)
{
	const struct mg_nic *nic = f->nic;
	const char *chip_driver = mg_nic_get_chip_driver(nic), *since = mg_nic_get_chip_since(nic);
	int modules = mg_nic_get_module_count(nic);
	struct mg_finding *x;
	char word[256];

	if (mg_nic_has_driver(nic) || mg_nic_get_bus(nic) == MG_BUS_VIRTUAL)
		return 0;
	x = mg_finding_add(d, "no-driver", MG_SEVERITY_CRITICAL, f->name);
	if (!x)
		return -ENOMEM;
	mg_finding_title(x, "%s is on the bus but no driver is bound: it has no interface",
			 mg_nic_get_chip(nic) ? mg_nic_get_chip(nic) : "the adapter");
	mg_finding_evidence(x, "sysfs: device/driver", "no driver bound to %s", mg_nic_get_address(nic));
	if (modules > 0)
		mg_finding_evidence(x, "libkmod: modalias look-up", "module %s of this kernel declares support",
				    mg_nic_get_module(nic, 0));
	else if (modules == 0)
		mg_finding_evidence(x, "libkmod: modalias look-up", "no module of this kernel declares support");
	mg_finding_impact(x, 0, "no traffic at all");
	if (modules > 0)
		return mg_finding_fix(x, NULL, "load the module: modprobe %s",
				      mg_shell_operand(word, sizeof(word), mg_nic_get_module(nic, 0)));
	if (chip_driver)
		return mg_finding_fix(x, NULL, "install a kernel with %s (mainline since Linux %s)", chip_driver,
				      since ? since : "?");
	return mg_finding_fix(x, NULL, "find the driver for %04x:%04x", mg_nic_get_vendor_id(nic),
			      mg_nic_get_device_id(nic));
}

static void link_text(double gts, int width, char *buf, size_t size)
{
	snprintf(buf, size, "%g GT/s x%d", gts, width);
}

/*
 * A PCIe link running below what both of its ends can do; or held back by
 * a port the board can configure faster (the Raspberry Pi 5's, by default).
 */
static int pcie_below_capability(struct mg_doctor *d, const struct mg_facts *f)
{
	const char *advice = mg_pcie_path_get_advice(f->path);

	for (size_t i = 0; f->path && i < mg_pcie_path_count(f->path); i++) {
		const struct mg_pcie_node *n = mg_pcie_path_get(f->path, i);
		bool by_board = advice && i == 0 && mg_pcie_node_get_link_capped_by(n) == MG_PCIE_CAP_BY_PORT;
		char now[32], could[32];
		struct mg_finding *x;

		if (mg_pcie_node_link_is_degraded(n) != 1 && !by_board)
			continue;
		link_text(mg_pcie_node_get_speed_gts(n), mg_pcie_node_get_width(n), now, sizeof(now));
		if (by_board)
			link_text(mg_pcie_node_get_cap_speed_gts(n), mg_pcie_node_get_cap_width(n), could, sizeof(could));
		else
			link_text(mg_pcie_node_get_link_cap_speed_gts(n), mg_pcie_node_get_link_cap_width(n), could,
				  sizeof(could));
		x = mg_finding_add(d, "pcie-below-capability", MG_SEVERITY_WARNING, f->name);
		if (!x)
			return -ENOMEM;
		mg_finding_title(x, "the PCIe link above %s runs at %s; %s can do %s", mg_pcie_node_get_address(n),
				 now, by_board ? "the device, and the board's port when configured," : "both ends",
				 could);
		mg_finding_evidence(x, "config space: LnkSta", "%s negotiated %s", mg_pcie_node_get_address(n), now);
		mg_finding_evidence(x, by_board ? "config space: LnkCap/LnkCap2 of the device"
						: "config space: LnkCap/LnkCap2 of both ends",
				    by_board ? "the device supports %s" : "both ends support %s", could);
		if (by_board && mg_pcie_path_get_board(f->path))
			mg_finding_evidence(x, "device tree: model", "%s", mg_pcie_path_get_board(f->path));
		mg_finding_impact(x, -1, "less PCIe bandwidth than the hardware has");
		if (advice)
			return mg_finding_fix(x, NULL, "%s", advice);
		return mg_finding_fix(x, NULL, "check the slot (lanes wired, riser, shared lanes) and the "
					       "firmware's PCIe speed setting");
	}
	return 0;
}

/* A link below the speed its port asks for, within what both ends support. */
static int pcie_not_trained(struct mg_doctor *d, const struct mg_facts *f)
{
	for (size_t i = 0; f->path && i < mg_pcie_path_count(f->path); i++) {
		const struct mg_pcie_node *n = mg_pcie_path_get(f->path, i);
		double target = mg_pcie_node_get_link_target_speed_gts(n), speed = mg_pcie_node_get_speed_gts(n);
		int events = mg_pcie_node_get_link_events(n);
		struct mg_finding *x;

		if (mg_pcie_node_link_is_below_target(n) != 1)
			continue;
		x = mg_finding_add(d, "pcie-not-trained-to-target", MG_SEVERITY_WARNING, f->name);
		if (!x)
			return -ENOMEM;
		mg_finding_title(x, "the PCIe link above %s did not train to its target: %g GT/s asked, %g GT/s reached",
				 mg_pcie_node_get_address(n), target, speed);
		mg_finding_evidence(x, "config space: LnkCtl2 Target Link Speed of the port, LnkCap of both ends",
				    "target %g GT/s", target);
		mg_finding_evidence(x, "config space: LnkSta", "current %g GT/s", speed);
		if (events > 0)
			mg_finding_evidence(x, "config space: LnkSta LBMS/LABS", "the link was %s",
					    events & MG_PCIE_LINK_BW_AUTONOMOUS ? "downgraded by the hardware"
										: "retrained");
		mg_finding_impact(x, -1, "the link runs slower than configured");
		return mg_finding_fix(x, NULL, "a marginal link (cable, riser, connector) or a port that cannot run "
					       "the target: reseat or shorten it; check dmesg for link training errors");
	}
	return 0;
}

static long long aer_sum(const struct mg_pcie_node *n, enum mg_aer_severity s)
{
	long long v = n ? mg_pcie_node_get_aer_total(n, s) : MG_UNKNOWN;

	return v > 0 ? v : 0;
}

/*
 * AER errors on the path: growing between two samples, or counted since
 * boot where only one sample was taken (a capture).
 */
static int aer_errors(struct mg_doctor *d, const struct mg_facts *f)
{
	static const char *const what[] = { "correctable", "non-fatal", "fatal" };

	for (size_t i = 0; f->path && i < mg_pcie_path_count(f->path); i++) {
		const struct mg_pcie_node *n = mg_pcie_path_get(f->path, i);
		const struct mg_pcie_node *b = f->path_before && i < mg_pcie_path_count(f->path_before)
						       ? mg_pcie_path_get(f->path_before, i) : NULL;
		long long now[3], grew[3], all = 0;
		struct mg_finding *x;
		int worst = 0;

		if (!mg_pcie_node_has_aer(n))
			continue;
		for (int s = 0; s < 3; s++) {
			now[s] = aer_sum(n, (enum mg_aer_severity)s);
			grew[s] = b ? now[s] - aer_sum(b, (enum mg_aer_severity)s) : now[s];
			all += grew[s];
			if (grew[s] > 0)
				worst = s;
		}
		if (all <= 0)
			continue;
		x = mg_finding_add(d, "pcie-aer-errors", worst ? MG_SEVERITY_CRITICAL : MG_SEVERITY_WARNING, f->name);
		if (!x)
			return -ENOMEM;
		if (b)
			mg_finding_title(x, "%lld PCIe errors at %s in %u ms (AER)", all, mg_pcie_node_get_address(n),
					 f->interval_ms);
		else
			mg_finding_title(x, "%lld PCIe errors at %s since boot (AER; one sample)", all,
					 mg_pcie_node_get_address(n));
		for (int s = 0; s < 3; s++) {
			if (grew[s] <= 0)
				continue;
			if (b)
				mg_finding_evidence(x, "sysfs: aer_dev_*", "%s: %lld more (%lld in all)", what[s], grew[s],
						    now[s]);
			else
				mg_finding_evidence(x, "sysfs: aer_dev_*", "%s: %lld", what[s], grew[s]);
		}
		mg_finding_impact(x, -1, worst ? "uncorrectable errors: lost transactions, a driver reset or a hang"
					       : "each corrected error is a replayed packet: a marginal link costs throughput");
		return mg_finding_fix(x, NULL, "a marginal link: reseat the card or cable, avoid long or flat risers, "
					       "or run the link one generation slower");
	}
	return 0;
}

/* The PCIe path sets the ceiling below what the Ethernet link carries. */
/*
 * A USB adapter's bandwidth goes through its host controller; on PCI, the
 * controller's own link caps every device below it (the Raspberry Pi 4's
 * VL805 on one Gen 2 lane) below what the USB link and the Ethernet link
 * carry.
 */
static int usb_controller_pcie(struct mg_doctor *d, const struct mg_facts *f, const struct mg_pcie_node *lim,
			       double eth, double worst)
{
	const struct mg_pcie_node *ctl = mg_pcie_path_get(f->path, 0);
	int usb = mg_throughput_get_usb_ceiling_mbps(f->throughput);
	struct mg_finding *x = mg_finding_add(d, "usb-controller-pcie-limit", MG_SEVERITY_CRITICAL, f->name);

	if (!x)
		return -ENOMEM;
	mg_finding_title(x, "the USB host controller's PCIe link caps this adapter at %.2f Gbit/s, below its USB and "
			    "Ethernet links", worst);
	mg_finding_evidence(x, "sysfs: the root hub's parent device", "the adapter's root hub belongs to the PCI "
			    "function %s (%04x:%04x)", mg_pcie_node_get_address(ctl), mg_pcie_node_get_vendor_id(ctl),
			    mg_pcie_node_get_device_id(ctl));
	mg_finding_evidence(x, "config space: LnkSta", "the controller's path is narrowest at %s: %g GT/s x%d",
			    mg_pcie_node_get_address(lim), mg_pcie_node_get_speed_gts(lim), mg_pcie_node_get_width(lim));
	mg_finding_evidence(x, "throughput model", "receive %.3f, transmit %.3f Gbit/s through PCIe; the USB link "
			    "about %d Mbit/s; Ethernet %.3f Gbit/s of TCP goodput", mg_throughput_get_expected_gbps(
			    f->throughput, MG_DIRECTION_RX), mg_throughput_get_expected_gbps(f->throughput,
			    MG_DIRECTION_TX), usb, eth);
	mg_finding_impact(x, worst, "at most %.2f Gbit/s, shared with every other device on that controller", worst);
	return mg_finding_fix(x, NULL, "no USB port of this controller does better: every one shares its PCIe link; "
			      "a PCIe adapter where a lane is free (a CM4 or Pi 5 slot), or a controller on a wider or "
			      "faster link, raises the ceiling; keep other busy USB devices (disks) off this controller");
}

static int pcie_ceiling_below_ethernet(struct mg_doctor *d, const struct mg_facts *f)
{
	const struct mg_estimate *e = mg_throughput_get_estimate(f->throughput);
	double eth = e ? mg_estimate_get_ethernet_ceiling_gbps(e) : -1;
	double rx = mg_throughput_get_expected_gbps(f->throughput, MG_DIRECTION_RX);
	double tx = mg_throughput_get_expected_gbps(f->throughput, MG_DIRECTION_TX);
	const struct mg_pcie_node *lim = mg_pcie_path_get_limit(f->path);
	double worst = rx >= 0 && (tx < 0 || rx < tx) ? rx : tx;
	struct mg_finding *x;

	if (!f->throughput || eth <= 0 || !lim || mg_throughput_get_overall_limit(f->throughput) != MG_LIMIT_PCIE)
		return 0;
	if (mg_nic_get_bus(f->nic) == MG_BUS_USB)
		return usb_controller_pcie(d, f, lim, eth, worst);
	x = mg_finding_add(d, "pcie-ceiling-below-ethernet", MG_SEVERITY_CRITICAL, f->name);
	if (!x)
		return -ENOMEM;
	mg_finding_title(x, "PCIe caps this adapter at %.2f Gbit/s, below the %.2f Gbit/s its Ethernet link carries",
			 worst, eth);
	mg_finding_evidence(x, "config space: LnkSta", "the path's narrowest link: %s at %g GT/s x%d",
			    mg_pcie_node_get_address(lim), mg_pcie_node_get_speed_gts(lim), mg_pcie_node_get_width(lim));
	mg_finding_evidence(x, "throughput model", "receive %.3f, transmit %.3f Gbit/s (TCP goodput)%s", rx, tx,
			    mg_throughput_is_lower_bound(f->throughput) ? ", a lower bound (MPS unknown)" : "");
	mg_finding_evidence(x, "ethtool/sysfs: link speed", "Ethernet %d Mbit/s, %.3f Gbit/s of TCP goodput at MTU %d",
			    mg_throughput_get_line_rate_mbps(f->throughput), eth, mg_throughput_get_mtu(f->throughput));
	mg_finding_impact(x, worst, "at most %.2f Gbit/s, %.0f%% of the Ethernet link", worst, 100 * worst / eth);
	if (mg_pcie_path_get_advice(f->path))
		return mg_finding_fix(x, NULL, "%s", mg_pcie_path_get_advice(f->path));
	return mg_finding_fix(x, NULL, "a faster or wider slot (or a faster link on the path) raises the ceiling");
}

/*
 * Half duplex is what the kernel shows when a driver never says: usbnet's
 * class drivers (cdc_ether, cdc_ncm, ...) fill only the speed the device
 * notified, so duplex stays 0, DUPLEX_HALF, on a full-duplex link. Only a
 * driver that reads a PHY or MII, and a known speed, make it evidence.
 */
static bool duplex_reported(const struct mg_facts *f)
{
	return mg_ethlink_get_speed_mbps(f->link) > 0 && !mg_usb_driver_is_generic(mg_nic_get_driver(f->nic));
}

static int half_duplex(struct mg_doctor *d, const struct mg_facts *f)
{
	const char *duplex = mg_ethlink_get_duplex(f->link);
	struct mg_finding *x;

	if (!duplex || strcmp(duplex, "half") || mg_ethlink_get_link(f->link) == 0 || !duplex_reported(f))
		return 0;
	x = mg_finding_add(d, "ethernet-half-duplex", MG_SEVERITY_CRITICAL, f->name);
	if (!x)
		return -ENOMEM;
	mg_finding_title(x, "the Ethernet link runs half duplex");
	mg_finding_evidence(x, "ethtool netlink: LINKMODES_GET duplex", "duplex half at %d Mbit/s",
			    mg_ethlink_get_speed_mbps(f->link));
	mg_finding_impact(x, -1, "collisions and retransmits; far below the line rate under load");
	return mg_finding_fix(x, NULL, "let both ends autonegotiate (a forced speed on one end falls back to half "
				       "duplex), or replace a generic class driver with the vendor's");
}

/* The link came up slower than the fastest mode both ends could use. */
static int below_best_mode(struct mg_doctor *d, const struct mg_facts *f)
{
	const char *best = mg_ethlink_get_best_common_mode(f->link);
	int speed = mg_ethlink_get_speed_mbps(f->link), best_mbps = best ? mg_mode_speed_mbps(best) : -1;
	bool advertised = false;
	struct mg_finding *x;

	if (!best || speed <= 0 || best_mbps <= speed || mg_ethlink_get_link(f->link) == 0)
		return 0;
	for (size_t i = 0; i < mg_ethlink_get_mode_count(f->link, MG_MODES_ADVERTISED); i++)
		advertised |= !strcmp(mg_ethlink_get_mode(f->link, MG_MODES_ADVERTISED, i), best);
	x = mg_finding_add(d, advertised ? "ethernet-below-best-mode" : "faster-mode-not-advertised",
			   MG_SEVERITY_CRITICAL, f->name);
	if (!x)
		return -ENOMEM;
	if (advertised)
		mg_finding_title(x, "the Ethernet link runs at %d Mbit/s; both ends can do %s", speed, best);
	else
		mg_finding_title(x, "%s is supported by both ends but not advertised: the link came up at %d Mbit/s",
				 best, speed);
	mg_finding_evidence(x, "ethtool netlink: LINKMODES_GET speed", "%d Mbit/s", speed);
	mg_finding_evidence(x, "ethtool netlink: LINKMODES_GET supported and partner modes",
			    "best common mode %s", best);
	if (!advertised)
		mg_finding_evidence(x, "ethtool netlink: LINKMODES_GET advertised modes", "%s not advertised", best);
	mg_finding_impact(x, speed / 1000.0, "the link carries at most %d Mbit/s instead of %d", speed, best_mbps);
	if (!advertised) {
		char q[MG_SHELL_NAME_MAX], cmd[128];

		snprintf(cmd, sizeof(cmd), "multigig set %s advertise all", mg_shell_operand(q, sizeof(q), f->name));
		mg_finding_fix(x, cmd, "advertise every supported mode: %s", cmd);
		return mg_finding_fix_advertise(x, f->nic, "all");
	}
	return mg_finding_fix(x, NULL, "a cable that cannot carry %s (Cat5e for 2.5G/5G, Cat6a for 10G), a port "
				       "forced to a lower speed, or EEE/downshift after errors: try another cable, "
				       "then check the partner's port settings", best);
}

static bool setting(const struct mg_settings *s, enum mg_param p, long long *v)
{
	return s && mg_settings_get(s, p, v) == 0;
}

static int multigig_rate(const struct mg_facts *f)
{
	int mbps = mg_ethlink_get_speed_mbps(f->link);

	return mbps > 0 ? mbps : mg_nic_get_speed_mbps(f->nic);
}

/* No interrupt moderation on a multi-gigabit link: an interrupt per frame or so. */
static int coalesce_off(struct mg_doctor *d, const struct mg_facts *f)
{
	long long usecs, frames, adaptive = 0;
	bool has_adaptive = setting(f->settings, MG_PARAM_ADAPTIVE_RX, &adaptive);
	struct mg_finding *x;
	char q[MG_SHELL_NAME_MAX], cmd[128];
	int rate = multigig_rate(f);

	if (rate < MULTIGIG_MBPS || !f->hardware ||
	    !setting(f->settings, MG_PARAM_RX_USECS, &usecs) || usecs != 0 || adaptive)
		return 0;
	if (setting(f->settings, MG_PARAM_RX_FRAMES, &frames) && frames > 1)
		return 0;
	x = mg_finding_add(d, "coalesce-off", MG_SEVERITY_WARNING, f->name);
	if (!x)
		return -ENOMEM;
	mg_finding_title(x, "receive interrupt coalescing is off on a %d Mbit/s link", rate);
	mg_finding_evidence(x, "ethtool netlink: COALESCE_GET", "rx-usecs 0%s", has_adaptive ? ", adaptive-rx off" : "");
	mg_finding_impact(x, -1, "up to one interrupt per frame: a CPU core saturates before the link does");
	if (has_adaptive)
		snprintf(cmd, sizeof(cmd), "multigig set %s adaptive-rx 1",
			 mg_shell_operand(q, sizeof(q), mg_nic_get_name(f->nic)));
	else
		snprintf(cmd, sizeof(cmd), "multigig set %s rx-usecs %d",
			 mg_shell_operand(q, sizeof(q), mg_nic_get_name(f->nic)), SUGGESTED_RX_USECS);
	mg_finding_fix(x, cmd, "turn moderation on: %s", cmd);
	return has_adaptive ? mg_finding_fix_param(x, f->nic, MG_PARAM_ADAPTIVE_RX, 1)
			    : mg_finding_fix_param(x, f->nic, MG_PARAM_RX_USECS, SUGGESTED_RX_USECS);
}

/* Combined queues, or receive queues where the driver counts them apart. */
static bool queues(const struct mg_settings *s, enum mg_param *which, long long *now, long long *max)
{
	static const enum mg_param kinds[] = { MG_PARAM_COMBINED_CHANNELS, MG_PARAM_RX_CHANNELS };

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		*which = kinds[i];
		if (setting(s, kinds[i], now) && mg_settings_get_max(s, kinds[i], max) == 0 && *max > 0)
			return true;
	}
	return false;
}

/* Fewer queues than the CPUs could serve and the driver allows. */
static int few_channels(struct mg_doctor *d, const struct mg_facts *f)
{
	enum mg_param which;
	long long now, max;
	struct mg_finding *x;
	long long want;
	char q[MG_SHELL_NAME_MAX], cmd[160];

	if (f->online_cpus <= 1 || !f->hardware || !queues(f->settings, &which, &now, &max))
		return 0;
	want = max < f->online_cpus ? max : f->online_cpus;
	if (now >= want)
		return 0;
	x = mg_finding_add(d, "channels-below-cpus", MG_SEVERITY_WARNING, f->name);
	if (!x)
		return -ENOMEM;
	mg_finding_title(x, "%lld queue%s for %d CPUs (the driver allows %lld)", now, now == 1 ? "" : "s",
			 f->online_cpus, max);
	mg_finding_evidence(x, "ethtool netlink: CHANNELS_GET", "%s %lld of at most %lld", mg_param_name(which), now,
			    max);
	mg_finding_evidence(x, "sysfs: devices/system/cpu/online", "%d CPUs online", f->online_cpus);
	mg_finding_impact(x, -1, "receive processing lands on %lld CPU%s while others idle", now, now == 1 ? "" : "s");
	snprintf(cmd, sizeof(cmd), "multigig set %s %s %lld", mg_shell_operand(q, sizeof(q), mg_nic_get_name(f->nic)),
		 mg_param_name(which), want);
	mg_finding_fix(x, cmd, "spread the queues: %s", cmd);
	return mg_finding_fix_param(x, f->nic, which, want);
}

/* A USB adapter faster than the USB link it got. */
static int usb_too_slow(struct mg_doctor *d, const struct mg_facts *f)
{
	int usb = mg_nic_get_usb_speed_mbps(f->nic), rate = multigig_rate(f);
	int chip = mg_nic_get_chip_max_mbps(f->nic), want = rate > chip ? rate : chip;
	int ceiling = mg_throughput_get_usb_ceiling_mbps(f->throughput);
	struct mg_finding *x;

	if (mg_nic_get_bus(f->nic) != MG_BUS_USB || usb <= 0 || want <= 0 || ceiling <= 0 || ceiling >= want)
		return 0;
	x = mg_finding_add(d, usb <= 480 ? "usb-on-usb2-port" : "usb-port-below-adapter", MG_SEVERITY_CRITICAL,
			   f->name);
	if (!x)
		return -ENOMEM;
	mg_finding_title(x, "a %d Mbit/s adapter on a %d Mbit/s USB link", want, usb);
	mg_finding_evidence(x, "sysfs: USB device speed", "USB link %d Mbit/s", usb);
	mg_finding_evidence(x, rate > 0 ? "ethtool/sysfs: link speed" : "chip table", "the adapter runs %d Mbit/s",
			    want);
	mg_finding_impact(x, ceiling / 1000.0, "at most about %d Mbit/s through USB", ceiling);
	return mg_finding_fix(x, NULL, usb <= 480 ? "plug it into a USB 3 port (blue, or marked SS), not through a USB 2 hub"
						  : "plug it into a faster USB port (10 Gbit/s or more)");
}

/* A counter's value now, and how much it grew since the first sample (or all of it, with one sample). */
static bool counter(const struct mg_facts *f, enum mg_stat stat, uint64_t *now, uint64_t *grew)
{
	uint64_t before;

	if (!f->stats || mg_stats_get(f->stats, stat, now) < 0)
		return false;
	*grew = *now;
	if (f->stats_before && mg_stats_get(f->stats_before, stat, &before) == 0)
		*grew = *now >= before ? *now - before : 0;
	return true;
}

/* How often the link went down: between two samples, or since boot (one sample). */
static uint64_t flaps(const struct mg_facts *f)
{
	uint64_t now, grew;

	if (counter(f, MG_STAT_CARRIER_DOWN_COUNT, &now, &grew))
		return grew;
	/* Each flap is two changes (down, up); the first up at boot is one. */
	if (counter(f, MG_STAT_CARRIER_CHANGES, &now, &grew))
		return f->stats_before ? grew / 2 : (grew > 1 ? (grew - 1) / 2 : 0);
	return 0;
}

static const char *when(const struct mg_facts *f, char *buf, size_t size)
{
	if (f->stats_before)
		snprintf(buf, size, "in %u ms", f->interval_ms);
	else
		snprintf(buf, size, "since boot (one sample)");
	return buf;
}

/* Carrier flaps, and EEE's part in them where it is active. */
static int carrier_flaps(struct mg_doctor *d, const struct mg_facts *f)
{
	uint64_t n = flaps(f);
	bool eee = f->eee && mg_eee_get_active(f->eee) == 1;
	struct mg_finding *x;
	char span[48];

	/* Once since boot is a cable plugged in; growth now, or several, is flapping. */
	if (n == 0 || (!f->stats_before && n < 2))
		return 0;
	x = mg_finding_add(d, eee ? "eee-with-flaps" : "carrier-flaps",
			   f->stats_before ? MG_SEVERITY_CRITICAL : MG_SEVERITY_WARNING, f->name);
	if (!x)
		return -ENOMEM;
	mg_finding_title(x, "the link went down %llu time%s %s%s", (unsigned long long)n, n == 1 ? "" : "s",
			 when(f, span, sizeof(span)), eee ? ", with Energy-Efficient Ethernet active" : "");
	mg_finding_evidence(x, "rtnetlink: IFLA_CARRIER_DOWN_COUNT / IFLA_CARRIER_CHANGES", "%llu down %s",
			    (unsigned long long)n, span);
	if (eee)
		mg_finding_evidence(x, "ethtool netlink: EEE_GET active", "EEE active on the link");
	mg_finding_impact(x, -1, "every flap stops traffic for a second or more and renegotiates the link");
	if (eee) {
		char q[MG_SHELL_NAME_MAX], cmd[128];

		snprintf(cmd, sizeof(cmd), "multigig set %s eee off", mg_shell_operand(q, sizeof(q), f->name));
		mg_finding_fix(x, cmd, "turn EEE off (a known cause of flapping on multi-gigabit PHYs): %s", cmd);
		return mg_finding_fix_eee(x, f->nic, 0);
	}
	return mg_finding_fix(x, NULL, "check the cable and both ports; a link that flaps under load can be a "
				       "marginal cable, EEE, or the partner's power saving");
}

/* A sensor at or near its limit. */
static int hot(struct mg_doctor *d, const struct mg_facts *f)
{
	for (size_t i = 0; i < mg_temps_get_count(f->temps); i++) {
		int in, max = MG_UNKNOWN, crit = MG_UNKNOWN, alarm = mg_temps_get_alarm(f->temps, i);
		const char *label = mg_temps_get_label(f->temps, i);
		struct mg_finding *x;
		bool critical;

		if (mg_temps_get(f->temps, i, MG_TEMP_INPUT, &in) < 0)
			continue;
		mg_temps_get(f->temps, i, MG_TEMP_MAX, &max);
		mg_temps_get(f->temps, i, MG_TEMP_CRIT, &crit);
		critical = alarm == 1 || (crit != MG_UNKNOWN && in >= crit) || (max != MG_UNKNOWN && in >= max);
		if (!critical && !(max != MG_UNKNOWN && in >= max - 10000) && !(crit != MG_UNKNOWN && in >= crit - 10000))
			continue;
		x = mg_finding_add(d, "temperature-high", critical ? MG_SEVERITY_CRITICAL : MG_SEVERITY_WARNING, f->name);
		if (!x)
			return -ENOMEM;
		mg_finding_title(x, "%s %s reads %.1f °C%s", mg_temps_get_chip(f->temps, i) ? mg_temps_get_chip(f->temps, i) : "sensor",
				 label ? label : mg_temps_get_sensor(f->temps, i), in / 1000.0,
				 critical ? ", at or over its limit" : ", near its limit");
		mg_finding_evidence(x, "hwmon: temp*_input", "%s (%s): %.1f °C", mg_temps_get_sensor(f->temps, i),
				    mg_temps_get_source(f->temps, i) ? mg_temps_get_source(f->temps, i) : "adapter",
				    in / 1000.0);
		if (max != MG_UNKNOWN)
			mg_finding_evidence(x, "hwmon: temp*_max", "max %.1f °C", max / 1000.0);
		if (crit != MG_UNKNOWN)
			mg_finding_evidence(x, "hwmon: temp*_crit", "crit %.1f °C", crit / 1000.0);
		if (alarm == 1)
			mg_finding_evidence(x, "hwmon: temp*_alarm", "alarm raised");
		mg_finding_impact(x, -1, "a hot PHY throttles, drops to a lower speed, or resets the link");
		return mg_finding_fix(x, NULL, "more airflow over the adapter (a heatsink on the chip, a fan, out of a "
					       "closed case); a lower link speed runs cooler");
	}
	return 0;
}

/* Whether receive packet steering spreads some receive queue over more than one CPU. */
static bool rps_spreads(const struct mg_irqs *irqs)
{
	for (size_t q = 0; q < mg_irqs_get_queue_count(irqs, 0); q++) {
		const char *mask = mg_irqs_get_queue_cpus(irqs, 0, q);
		int bits = 0;

		for (const char *p = mask ? mask : ""; *p; p++) {
			int v = *p >= '0' && *p <= '9' ? *p - '0' : *p >= 'a' && *p <= 'f' ? *p - 'a' + 10 : 0;

			bits += __builtin_popcount((unsigned int)v);
		}
		if (bits > 1)
			return true;
	}
	return false;
}

/*
 * Every interrupt vector handled by one CPU of several, and no receive
 * packet steering spreading the work past it.
 */
static int irqs_one_cpu(struct mg_doctor *d, const struct mg_facts *f)
{
	size_t n = mg_irqs_get_count(f->irqs);
	int cpus = f->online_cpus > 0 ? f->online_cpus : mg_irqs_get_online_cpus(f->irqs);
	const char *first = NULL;
	struct mg_finding *x;

	if (n < 1 || cpus < 2 || !f->hardware || rps_spreads(f->irqs))
		return 0;
	for (size_t i = 0; i < n; i++) {
		const char *list = mg_irqs_get_effective_affinity(f->irqs, i);

		if (!list)
			list = mg_irqs_get_affinity(f->irqs, i);
		/* One CPU only: a list with no range and no comma. */
		if (!list || strpbrk(list, ",-") || (first && strcmp(first, list)))
			return 0;
		first = list;
	}
	x = mg_finding_add(d, "irqs-on-one-cpu", MG_SEVERITY_WARNING, f->name);
	if (!x)
		return -ENOMEM;
	mg_finding_title(x, "%s interrupt vector%s to CPU %s of %d, and no receive steering past it",
			 n == 1 ? "the only" : "all", n == 1 ? " goes" : "s go", first, cpus);
	mg_finding_evidence(x, "procfs: irq/N/effective_affinity_list", "%zu vector%s on CPU %s", n, n == 1 ? "" : "s",
			    first);
	mg_finding_evidence(x, "sysfs: devices/system/cpu/online", "%d CPUs online", cpus);
	mg_finding_impact(x, -1, "receive processing saturates one CPU while the others idle");
	if (n == 1 && mg_irqs_get_queue_count(f->irqs, 0) > 0 && cpus <= 64 && atoi(first) < 64) {
		/* The CPUs online when known: CPU numbers need not run from 0 without a gap. */
		uint64_t all = f->online ? f->online : cpus == 64 ? ~0ull : (1ull << cpus) - 1;
		uint64_t others = all & ~(1ull << atoi(first));
		char list[256], q[MG_SHELL_NAME_MAX], cmd[384];

		mg_cpumask_list(others, list, sizeof(list));
		snprintf(cmd, sizeof(cmd), "multigig set %s rps-cpus %s", mg_shell_operand(q, sizeof(q), f->name),
			 list);
		mg_finding_fix(x, cmd, "spread receive processing with RPS to every CPU but the interrupt's: %s, and keep "
			       "the application off CPU %s", cmd, first);
		return mg_finding_fix_rps_cpus(x, f->nic, others);
	}
	if (n == 1)
		return mg_finding_fix(x, NULL, "spread receive processing with RPS (queues/rx-N/rps_cpus: every CPU but "
				      "the interrupt's), and keep the application off CPU %s", first);
	return mg_finding_fix(x, NULL, "spread them: run irqbalance, or write a CPU to /proc/irq/N/smp_affinity_list "
				       "per vector (and keep that CPU off the application's)");
}

/* Receive drops while the ring is below its maximum: a bigger ring absorbs bursts. */
static int rings_with_drops(struct mg_doctor *d, const struct mg_facts *f)
{
	static const enum mg_stat drops[] = { MG_STAT_RX_DROPPED, MG_STAT_RX_MISSED_ERRORS, MG_STAT_RX_FIFO_ERRORS,
					      MG_STAT_RX_OVER_ERRORS };
	long long ring, max;
	uint64_t now, grew, lost = 0;
	struct mg_finding *x;
	char span[48], q[MG_SHELL_NAME_MAX], cmd[128];

	if (!f->hardware || !setting(f->settings, MG_PARAM_RX_RING, &ring) ||
	    mg_settings_get_max(f->settings, MG_PARAM_RX_RING, &max) < 0 || ring >= max)
		return 0;
	for (size_t i = 0; i < sizeof(drops) / sizeof(drops[0]); i++)
		if (counter(f, drops[i], &now, &grew))
			lost += grew;
	if (!lost)
		return 0;
	x = mg_finding_add(d, "rings-below-max-with-drops", f->stats_before ? MG_SEVERITY_WARNING : MG_SEVERITY_INFO,
			   f->name);
	if (!x)
		return -ENOMEM;
	mg_finding_title(x, "%llu received frames lost %s with the receive ring at %lld of %lld",
			 (unsigned long long)lost, when(f, span, sizeof(span)), ring, max);
	mg_finding_evidence(x, "rtnetlink: IFLA_STATS64 rx_dropped/rx_missed/rx_fifo/rx_over", "%llu lost %s",
			    (unsigned long long)lost, span);
	mg_finding_evidence(x, "ethtool netlink: RINGS_GET", "rx ring %lld, maximum %lld", ring, max);
	mg_finding_impact(x, -1, "bursts overflow the ring: retransmits and lower TCP throughput");
	snprintf(cmd, sizeof(cmd), "multigig set %s rx-ring max", mg_shell_operand(q, sizeof(q), f->name));
	mg_finding_fix(x, cmd, "use the largest ring: %s", cmd);
	return mg_finding_fix_param(x, f->nic, MG_PARAM_RX_RING, max);
}

/* ASPM L1 on the adapter's link while receive overruns grow: wake-up latency loses frames. */
static int aspm_with_overruns(struct mg_doctor *d, const struct mg_facts *f)
{
	const struct mg_pcie_node *dev = f->path ? mg_pcie_path_get(f->path, 0) : NULL;
	uint64_t now, grew, over = 0;
	int enabled = dev ? mg_pcie_node_get_aspm_enabled(dev) : MG_UNKNOWN;
	struct mg_finding *x;
	char span[48], file[256], q[4 * sizeof(file) + 3], cmd[128];

	if (enabled == MG_UNKNOWN || !(enabled & MG_PCIE_ASPM_L1))
		return 0;
	if (counter(f, MG_STAT_RX_OVER_ERRORS, &now, &grew))
		over += grew;
	if (counter(f, MG_STAT_RX_MISSED_ERRORS, &now, &grew))
		over += grew;
	if (!over)
		return 0;
	x = mg_finding_add(d, "aspm-l1-with-overruns", MG_SEVERITY_WARNING, f->name);
	if (!x)
		return -ENOMEM;
	mg_finding_title(x, "ASPM L1 is on at %s and %llu frames were overrun or missed %s",
			 mg_pcie_node_get_address(dev), (unsigned long long)over, when(f, span, sizeof(span)));
	mg_finding_evidence(x, "config space: LnkCtl ASPM Control", "L1 enabled on %s", mg_pcie_node_get_address(dev));
	mg_finding_evidence(x, "rtnetlink: IFLA_STATS64 rx_over_errors/rx_missed_errors", "%llu %s",
			    (unsigned long long)over, span);
	mg_finding_impact(x, -1, "each wake from L1 delays DMA: bursts overrun the adapter's buffer");
	if (!f->name) {
		snprintf(file, sizeof(file), "/sys/bus/pci/devices/%s/link/l1_aspm", mg_pcie_node_get_address(dev));
		return mg_finding_fix(x, NULL, "turn L1 off for this link: echo 0 > %s",
				      mg_shell_word(q, sizeof(q), file));
	}
	snprintf(cmd, sizeof(cmd), "multigig set %s aspm-l1 off", mg_shell_operand(q, sizeof(q), f->name));
	if (mg_finding_fix(x, cmd, "turn L1 off for this link (or pcie_aspm.policy=performance on the kernel "
				   "command line for every link): %s", cmd) < 0)
		return -ENOMEM;
	return mg_finding_fix_aspm_l1(x, f->nic, 0);
}

/* A USB adapter on a generic class driver while its vendor's driver exists. */
static int usb_generic_driver(struct mg_doctor *d, const struct mg_facts *f)
{
	const char *driver = mg_usb_info_get_driver(f->usb), *vendor = mg_usb_info_get_vendor_driver(f->usb);
	struct mg_finding *x;
	char word[256];

	if (mg_usb_info_is_generic_driver(f->usb) != 1 || !vendor)
		return 0;
	x = mg_finding_add(d, "usb-generic-driver", MG_SEVERITY_WARNING, f->name);
	if (!x)
		return -ENOMEM;
	mg_finding_title(x, "the USB adapter runs on the generic %s driver, not %s", driver ? driver : "class", vendor);
	mg_finding_evidence(x, "sysfs: USB interface driver", "bound to %s", driver ? driver : "?");
	mg_finding_evidence(x, "chip table / module index", "%s serves this chip (%s)", vendor,
			    mg_usb_info_vendor_driver_loaded(f->usb) == 1 ? "loaded" : "not loaded");
	mg_finding_impact(x, -1, "class drivers lack the vendor driver's offloads and speed settings; some run "
				 "half duplex without autonegotiation");
	return mg_finding_fix(x, NULL, "load %s (modprobe %s) and select the vendor configuration; on some kernels a "
				       "udev rule is needed to switch the configuration", vendor,
			      mg_shell_operand(word, sizeof(word), vendor));
}

/* Other devices share the adapter's root hub: they share its bandwidth. */
static int usb_shared_hub(struct mg_doctor *d, const struct mg_facts *f)
{
	size_t peers = mg_usb_info_get_peer_count(f->usb), hubs = mg_usb_info_get_hub_count(f->usb);
	struct mg_finding *x;

	if (!f->usb || !peers)
		return 0;
	x = mg_finding_add(d, "usb-shared-root-hub", MG_SEVERITY_INFO, f->name);
	if (!x)
		return -ENOMEM;
	mg_finding_title(x, "%zu other USB device%s share%s the root hub%s", peers, peers == 1 ? "" : "s",
			 peers == 1 ? "s" : "", hubs > 1 ? ", through a hub" : "");
	for (size_t i = 0; i < peers && i < 4; i++) {
		const struct mg_usb_device *p = mg_usb_info_get_peer(f->usb, i);

		mg_finding_evidence(x, "sysfs: USB device tree", "%s: %s", mg_usb_device_get_name(p),
				    mg_usb_device_get_product(p) ? mg_usb_device_get_product(p) : "?");
	}
	mg_finding_impact(x, -1, "the adapter shares the root hub's bandwidth with them");
	return mg_finding_fix(x, NULL, "plug the adapter into a port of its own root hub (lsusb -t shows them), "
				       "not behind a hub");
}

/*
 * An MTU that does not fit the device below or beside it: a VLAN above its
 * lower device's MTU drops the frames in between; a
 * bridge port below the bridge's MTU drops what the bridge forwards to it.
 */
static int mtu_mismatch(struct mg_doctor *d, const struct mg_facts *f)
{
	/* Below: a VLAN's lower device (other stacked kinds cannot exceed theirs); beside: a bridge. */
	const char *own = mg_nic_get_kind(f->nic);
	bool vlan = f->lower && own && !strcmp(own, "vlan");
	const struct mg_nic *other = vlan ? f->lower : f->master;
	int mtu = mg_nic_get_mtu(f->nic), theirs = other ? mg_nic_get_mtu(other) : MG_UNKNOWN;
	const char *kind = other ? mg_nic_get_kind(other) : NULL;
	struct mg_finding *x;
	char q[MG_SHELL_NAME_MAX], cmd[128];

	if (!other || mtu <= 0 || theirs <= 0 || !mg_nic_get_name(other))
		return 0;
	if (vlan ? mtu <= theirs : (!kind || strcmp(kind, "bridge") || mtu >= theirs))
		return 0;
	x = mg_finding_add(d, "mtu-mismatch", MG_SEVERITY_WARNING, f->name);
	if (!x)
		return -ENOMEM;
	if (vlan)
		mg_finding_title(x, "MTU %d is above the %d of %s below it: larger frames are dropped", mtu, theirs,
				 mg_nic_get_name(other));
	else
		mg_finding_title(x, "MTU %d is below the %d of the bridge %s: larger frames it forwards are dropped",
				 mtu, theirs, mg_nic_get_name(other));
	mg_finding_evidence(x, "rtnetlink: IFLA_MTU", "%s: %d", f->name, mtu);
	mg_finding_evidence(x, vlan ? "rtnetlink: IFLA_LINK, IFLA_MTU" : "rtnetlink: IFLA_MASTER, IFLA_MTU", "%s: %d",
			    mg_nic_get_name(other), theirs);
	mg_finding_impact(x, -1, "frames between the two sizes vanish: stalls, or TCP that works only for small packets");
	/* Raise the smaller one: the lower device under a VLAN, the port under a bridge. */
	snprintf(cmd, sizeof(cmd), "multigig set %s mtu %d",
		 mg_shell_operand(q, sizeof(q), vlan ? mg_nic_get_name(other) : f->name), vlan ? mtu : theirs);
	mg_finding_fix(x, cmd, "make them agree: %s", cmd);
	return mg_finding_fix_param(x, vlan ? other : f->nic, MG_PARAM_MTU, vlan ? mtu : theirs);
}

/*
 * The path to a peer, probed with don't-fragment echoes of every size up to
 * the MTU: a switch or bridge port on the way with a smaller MTU drops the
 * larger frames without a word, and TCP stalls or works only for small
 * packets.
 */
static int path_mtu(struct mg_doctor *d, const struct mg_facts *f)
{
	int mtu = mg_nic_get_mtu(f->nic);
	struct mg_finding *x;
	char q[MG_SHELL_NAME_MAX], cmd[128];

	if (!f->peer || f->peer_largest == MG_UNKNOWN || mtu <= 0)
		return 0;
	if (f->peer_largest == 0) {
		x = mg_finding_add(d, "peer-does-not-answer", MG_SEVERITY_WARNING, f->name);
		if (!x)
			return -ENOMEM;
		mg_finding_title(x, "%s does not answer echoes of any size sent out of %s", f->peer, f->name);
		mg_finding_evidence(x, "ICMP echo, don't fragment", "no answer at the smallest size either");
		return mg_finding_fix(x, NULL, "check that %s is reached through %s and answers ping", f->peer, f->name);
	}
	if (f->peer_largest >= mtu) {
		x = mg_finding_add(d, "path-mtu", MG_SEVERITY_INFO, f->name);
		if (!x)
			return -ENOMEM;
		mg_finding_title(x, "the path to %s carries the whole MTU of %s: %d bytes", f->peer, f->name, mtu);
		return mg_finding_evidence(x, "ICMP echo, don't fragment", "%d-byte packets answered", mtu);
	}
	x = mg_finding_add(d, "path-mtu", MG_SEVERITY_WARNING, f->name);
	if (!x)
		return -ENOMEM;
	mg_finding_title(x, "the path to %s carries at most %d bytes, below the MTU %d of %s: larger packets vanish",
			 f->peer, f->peer_largest, mtu, f->name);
	mg_finding_evidence(x, "ICMP echo, don't fragment", "%d-byte packets answered, %d-byte ones not",
			    f->peer_largest, f->peer_largest + 1);
	mg_finding_evidence(x, "rtnetlink: IFLA_MTU", "%s: %d", f->name, mtu);
	mg_finding_impact(x, -1, "TCP to %s stalls, or works only for small packets, unless path MTU discovery gets "
			  "through (a switch drops frames without saying why)", f->peer);
	snprintf(cmd, sizeof(cmd), "multigig set %s mtu %d", mg_shell_operand(q, sizeof(q), f->name), f->peer_largest);
	mg_finding_fix(x, cmd, "raise the MTU of every hop of the path, or lower this one: %s", cmd);
	return mg_finding_fix_param(x, f->nic, MG_PARAM_MTU, f->peer_largest);
}

/* "cpu0 99% (97% in interrupts), cpu1 4% (0%)": every CPU's share of the interval. */
static void cpu_shares(const struct mg_facts *f, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < f->ncpu_use && len + 1 < size; i++) {
		const struct mg_cpu_use *c = &f->cpu_use[i];
		int n;

		if (!c->have_busy)
			continue;
		n = snprintf(buf + len, size - len, "%scpu%d %.0f%% (%.0f%%%s)", len ? ", " : "", c->cpu, c->busy_pct,
			     c->irq_pct, len ? "" : " in interrupts");
		if (n < 0 || (size_t)n >= size - len)
			break;
		len += (size_t)n;
	}
}

/* Whether some receive queue steers packets with RPS. */
static bool rps_on(const struct mg_irqs *irqs)
{
	for (size_t q = 0; q < mg_irqs_get_queue_count(irqs, 0); q++) {
		uint64_t m;

		if (mg_cpumask_parse_hex(mg_irqs_get_queue_cpus(irqs, 0, q), &m) == 0 && m)
			return true;
	}
	return false;
}

/* The traffic of the interval, bits per second each way; false without two samples. */
static bool traffic(const struct mg_facts *f, double bps[2])
{
	static const enum mg_stat bytes[2] = { MG_STAT_RX_BYTES, MG_STAT_TX_BYTES };
	uint64_t now, grew;

	if (!f->stats_before || !f->interval_ms)
		return false;
	for (int dir = 0; dir < 2; dir++) {
		if (!counter(f, bytes[dir], &now, &grew))
			return false;
		bps[dir] = (double)grew * 8 * 1000 / f->interval_ms;
	}
	return true;
}

static int cpu_bound_fix(struct mg_finding *x, const struct mg_facts *f, const struct mg_cpu_bound *b)
{
	char idle[256], q[MG_SHELL_NAME_MAX], cmd[384];
	bool rps = rps_on(f->irqs);
	size_t vectors = mg_irqs_get_count(f->irqs);

	mg_cpumask_list(b->idle, idle, sizeof(idle));
	mg_shell_operand(q, sizeof(q), f->name);
	if (!rps && b->nidle > 0 && b->idle && mg_irqs_get_queue_count(f->irqs, 0) > 0) {
		snprintf(cmd, sizeof(cmd), "multigig set %s rps-cpus %s", q, idle);
		mg_finding_fix(x, cmd, "steer received packets to the idle CPUs: %s%s; fewer interrupts with coalescing "
			       "(rx-usecs); jumbo frames cut the packet rate (multigig set --verify-peer ADDR %s mtu "
			       "9000: every hop must carry them)", cmd,
			       vectors > 1 ? ", and spread the vectors (irq-affinity IRQ:CPU)" : "", q);
		return mg_finding_fix_rps_cpus(x, f->nic, b->idle);
	}
	if (vectors > 1 && b->nidle > 0)
		return mg_finding_fix(x, NULL, "spread the %zu vectors over the idle CPUs (%s): multigig set %s "
				      "irq-affinity IRQ:CPU for each; fewer interrupts with coalescing (rx-usecs); "
				      "jumbo frames with --verify-peer ADDR", vectors, idle, q);
	return mg_finding_fix(x, NULL, "fewer interrupts: coalescing (rx-usecs), or jumbo frames (multigig set "
			      "--verify-peer ADDR %s mtu 9000: every hop must carry them)%s", q,
			      b->nidle > 0 ? "; steer the work to the idle CPUs with rps-cpus and xps-cpus" : "");
}

/*
 * "CPU 1: 96% busy (71% softirq, 1% hardirq, 24% system, 0% user), 4%
 * idle; CPU 0 43% idle": where the limiting CPU's time went, since the
 * split says what to do (softirq: spread the packets; system and user:
 * the receiving process shares its CPU), and the idle CPUs beside it.
 */
static void cpu_split(const struct mg_facts *f, const struct mg_cpu_bound *b, char *buf, size_t size)
{
	const double *p = b->part_pct;
	const char *sep = "; ";
	size_t len;
	int n;

	n = snprintf(buf, size, "CPU %d: %.0f%% busy (%.0f%% softirq, %.0f%% hardirq, %.0f%% system, %.0f%% user), "
		     "%.0f%% idle%s", b->cpu, b->busy_pct, p[MG_CPU_SOFTIRQ], p[MG_CPU_HARDIRQ], p[MG_CPU_SYSTEM],
		     p[MG_CPU_USER], 100.0 - b->busy_pct, b->nidle ? "" : "; no other CPU idle");
	if (n < 0 || (size_t)n >= size)
		return;
	len = (size_t)n;
	for (size_t i = 0; b->nidle && i < f->ncpu_use; i++) {
		const struct mg_cpu_use *c = &f->cpu_use[i];

		if (c->cpu == b->cpu || !c->have_busy || c->busy_pct >= MG_CPU_IDLE_PCT)
			continue;
		n = snprintf(buf + len, size - len, "%sCPU %d %.0f%% idle", sep, c->cpu, 100.0 - c->busy_pct);
		if (n < 0 || (size_t)n >= size - len)
			break;
		len += (size_t)n;
		sep = ", ";
	}
}

/*
 * A CPU that services the adapter saturated while traffic flows, in its
 * hard and soft interrupts or in them and the receiving process, with
 * another CPU idle (decide/cpubound.c): the adapter carries what that CPU
 * can handle, whatever its link or bus would. Needs two samples
 * (--interval).
 */
static int cpu_bound(struct mg_doctor *d, const struct mg_facts *f)
{
	struct mg_cpu_use *use;
	struct mg_cpu_bound b;
	char shares[512], split[512], which[96];
	double bps[2], ceiling;
	struct mg_finding *x;
	bool by_softirq, found;
	uint64_t servicing;

	if (!f->hardware || !f->cpu_use || !f->ncpu_use || !traffic(f, bps))
		return 0;
	use = malloc(f->ncpu_use * sizeof(*use));
	if (!use)
		return -ENOMEM;
	memcpy(use, f->cpu_use, f->ncpu_use * sizeof(*use));
	servicing = mg_irqs_servicing(f->irqs);
	mg_cpu_use_mark(use, f->ncpu_use, servicing, &by_softirq);
	found = mg_cpu_bound_find(use, f->ncpu_use, bps[0] + bps[1], &b);
	free(use);
	if (!found)
		return 0;
	x = mg_finding_add(d, "cpu-bound", MG_SEVERITY_WARNING, f->name);
	if (!x)
		return -ENOMEM;
	mg_finding_title(x, "CPU %d is %.0f%% busy servicing %s's traffic (%.0f%% in interrupts)%s", b.cpu,
			 b.busy_pct, f->name, b.irq_pct, b.nidle ? ", while other CPUs idle" : "");
	cpu_split(f, &b, split, sizeof(split));
	mg_finding_evidence(x, "procfs: stat (user, system, irq, softirq, idle)", "%s", split);
	cpu_shares(f, shares, sizeof(shares));
	mg_finding_evidence(x, "procfs: stat (irq, softirq)", "%s over %u.%03u s", shares, f->interval_ms / 1000,
			    f->interval_ms % 1000);
	mg_finding_evidence(x, "procfs: softirqs", "CPU %d ran %.0f NET_RX and %.0f NET_TX softirqs per second", b.cpu,
			    b.net[0], b.net[1]);
	mg_cpumask_list(servicing, which, sizeof(which));
	if (by_softirq)
		mg_finding_evidence(x, "procfs: softirqs", "no vector or RPS mask of its own: the CPUs servicing it are "
				    "those running its NET_RX and NET_TX softirqs");
	else
		mg_finding_evidence(x, "procfs: irq/N/effective_affinity_list; sysfs: queues/rx-N/rps_cpus",
				    "its vectors and receive steering run on CPU %s", which);
	ceiling = mg_throughput_get_expected_gbps(f->throughput, MG_DIRECTION_RX);
	if (ceiling > 0)
		mg_finding_evidence(x, "counters: rx_bytes, tx_bytes", "%.2f Gbit/s received, %.2f Gbit/s sent: %.0f%% of "
				    "the %.2f Gbit/s receive ceiling", bps[0] / 1e9, bps[1] / 1e9,
				    100.0 * bps[0] / (ceiling * 1e9), ceiling);
	else
		mg_finding_evidence(x, "counters: rx_bytes, tx_bytes", "%.2f Gbit/s received, %.2f Gbit/s sent",
				    bps[0] / 1e9, bps[1] / 1e9);
	mg_finding_impact(x, (bps[0] > bps[1] ? bps[0] : bps[1]) / 1e9,
			  "the adapter carries what CPU %d can handle, not what its link allows", b.cpu);
	return cpu_bound_fix(x, f, &b);
}

/* Where row @i of @p comes from: udev's file, or NetworkManager's connection. */
/* Where row @i's value is, as evidence names its source: the file, or NM's connection. */
static const char *engine_source(const struct mg_persist_status *p, size_t i, char *buf, size_t size)
{
	if (strcmp(mg_persist_status_get_engine(p, i), "NetworkManager"))
		return mg_persist_status_get_source(p, i);
	snprintf(buf, size, "NetworkManager connection '%s'", mg_persist_status_get_connection(p));
	return buf;
}

/* udev's row of row @i's setting; @i itself when the file carries none. */
static size_t udev_row(const struct mg_persist_status *p, size_t i)
{
	for (size_t j = 0; j < mg_persist_status_count(p); j++)
		if (j != i && !strcmp(mg_persist_status_get_setting(p, j), mg_persist_status_get_setting(p, i)) &&
		    !strcmp(mg_persist_status_get_engine(p, j), "udev"))
			return j;
	return i;
}

/* Whether row @i's engine is the last to apply its setting: no later engine carries it. */
static bool lasting(const struct mg_persist_status *p, size_t i)
{
	int rank = mg_persist_engine_rank(mg_persist_status_get_engine(p, i));

	for (size_t j = 0; j < mg_persist_status_count(p); j++)
		if (j != i && !strcmp(mg_persist_status_get_setting(p, j), mg_persist_status_get_setting(p, i)) &&
		    mg_persist_engine_rank(mg_persist_status_get_engine(p, j)) > rank)
			return false;
	return true;
}

/*
 * The fix where a later engine than udev holds the value: for
 * NetworkManager's connection, persisting what runs now writes it there;
 * ifupdown's stanza is its owner's to change (persisting would be refused).
 */
static int fix_at_engine(struct mg_finding *x, const struct mg_persist_status *p, size_t i, const char *ifname)
{
	const char *running = mg_persist_status_get_running(p, i);
	bool nm = !strcmp(mg_persist_status_get_engine(p, i), "NetworkManager");
	char q[MG_SHELL_NAME_MAX], cmd[640];

	if (!nm || !running)
		return mg_finding_fix(x, NULL, "change %s %s in %s%s%s to %s: %s applies it after udev, so 'multigig "
				      "persist' alone would not last", mg_persist_status_get_key(p, i),
				      mg_persist_status_get_persisted(p, i), nm ? "NetworkManager's connection '" : "",
				      mg_persist_status_get_source(p, i), nm ? "'" : "",
				      running ? running : "the value wanted", mg_persist_status_get_engine(p, i));
	snprintf(cmd, sizeof(cmd), "multigig persist %s", mg_shell_operand(q, sizeof(q), ifname));
	return mg_finding_fix(x, cmd, "write what runs now into NetworkManager's connection '%s': %s",
			      mg_persist_status_get_connection(p), cmd);
}

/*
 * A setting the next boot or re-plug changes: the engine that applies it
 * last (udev's .link file at the add, then ifupdown's stanza at ifup or
 * systemd-networkd's .network file, NetworkManager's connection at
 * activation: decide/engines.c) carries another value than
 * the one running. What none carries comes back as the driver's default,
 * which only the MTU's is known for (1500 on Ethernet). Where udev's file
 * is not the last, the fix is at that engine.
 */
static int not_persistent(struct mg_doctor *d, const struct mg_facts *f)
{
	const struct mg_persist_status *p = f->persist;
	const char *file = p ? mg_persist_status_get_file(p) : NULL;
	struct mg_finding *x = NULL;
	char q[MG_SHELL_NAME_MAX], cmd[128], list[256] = "", src[192];
	long long mtu = MG_UNKNOWN;
	bool mtu_kept = false;
	size_t len = 0, later = SIZE_MAX;

	if (!p)
		return 0;
	for (size_t i = 0; i < mg_persist_status_count(p); i++) {
		const char *running = mg_persist_status_get_running(p, i);

		mtu_kept |= !strcmp(mg_persist_status_get_setting(p, i), "mtu");
		/* A value a later engine puts over this one is no matter; one against udev's, persist-conflict's. */
		if (mg_persist_status_get_drift(p, i) != 1 || !lasting(p, i) || mg_persist_status_get_conflict(p, i) == 1)
			continue;
		if (strcmp(mg_persist_status_get_engine(p, i), "udev") && later == SIZE_MAX)
			later = i;
		if (!x && !(x = mg_finding_add(d, "setting-not-persistent", MG_SEVERITY_INFO, f->name)))
			return -ENOMEM;
		mg_finding_evidence(x, engine_source(p, i, src, sizeof(src)), "%s%s%s; running now: %s",
				    mg_persist_status_get_key(p, i),
				    strcmp(mg_persist_status_get_engine(p, i), "udev") ? " " : "=",
				    mg_persist_status_get_persisted(p, i), running ? running : "not reported");
		len += (size_t)snprintf(list + len, len < sizeof(list) ? sizeof(list) - len : 0, "%s%s %s",
					len ? ", " : "", mg_persist_status_get_setting(p, i),
					mg_persist_status_get_persisted(p, i));
	}
	if (!x && !mtu_kept && mg_settings_get(f->settings, MG_PARAM_MTU, &mtu) == 0 && mtu != 1500 && f->link) {
		if (!(x = mg_finding_add(d, "setting-not-persistent", MG_SEVERITY_INFO, f->name)))
			return -ENOMEM;
		mg_finding_evidence(x, "rtnetlink: IFLA_MTU", "%s: %lld", f->name, mtu);
		mg_finding_evidence(x, file ? file : "udev", "%s", file ? "no MTUBytes=" : mg_persist_status_get_reason(p));
		snprintf(list, sizeof(list), "mtu 1500 (the driver's)");
	}
	if (!x)
		return 0;
	mg_finding_title(x, "the next boot or re-plug sets %s: what runs now is not persisted", list);
	mg_finding_impact(x, -1, "the tuning is gone after a reboot or a re-plug, and the problem it fixed comes back");
	if (later != SIZE_MAX)
		return fix_at_engine(x, p, later, f->name);
	snprintf(cmd, sizeof(cmd), "multigig persist %s", mg_shell_operand(q, sizeof(q), f->name));
	return mg_finding_fix(x, cmd, "write what runs now where udev applies it: %s", cmd);
}

/* Row @i's engine as a title names it: "NetworkManager's connection 'Wired'", "ifupdown's FILE". */
static void engine_name(const struct mg_persist_status *p, size_t i, char *buf, size_t size)
{
	if (!strcmp(mg_persist_status_get_engine(p, i), "NetworkManager"))
		snprintf(buf, size, "NetworkManager's connection '%s'", mg_persist_status_get_connection(p));
	else
		snprintf(buf, size, "%s's %s", mg_persist_status_get_engine(p, i), mg_persist_status_get_source(p, i));
}

/*
 * udev's .link and NetworkManager's connection or ifupdown's stanza carry
 * one setting with different values: udev applies its own at the add, NM
 * its own at every activation after it, ifupdown at every ifup, so the
 * file's value never lasts, and a `persist` that wrote it seems not to
 * work. For NM, the fix makes its profile agree with the file where the
 * file's value is the one running; ifupdown's file is its owner's to edit.
 */
static int persist_conflict(struct mg_doctor *d, const struct mg_facts *f)
{
	const struct mg_persist_status *p = f->persist;
	char q[4 * 128 + 16], cmd[640] = "", src[192], name[320]; /* a connection name is at most 128 bytes here */
	struct mg_finding *x = NULL;
	size_t owned = 0; /* a row of a file's engine whose fix is said; 0 none (row 0 is udev's, if any) */

	for (size_t i = 0; p && i < mg_persist_status_count(p); i++) {
		size_t u = udev_row(p, i);
		const char *running = mg_persist_status_get_running(p, i);
		bool nm = !strcmp(mg_persist_status_get_engine(p, i), "NetworkManager");

		if (mg_persist_status_get_conflict(p, i) != 1 || !strcmp(mg_persist_status_get_engine(p, i), "udev") ||
		    u == i)
			continue;
		if (!x && !(x = mg_finding_add(d, "persist-conflict", MG_SEVERITY_WARNING, f->name)))
			return -ENOMEM;
		engine_name(p, i, name, sizeof(name));
		if (!x->title) {
			mg_finding_title(x, "udev's file and %s set %s differently (%s, %s): %s's applies last", name,
					 mg_persist_status_get_setting(p, i), mg_persist_status_get_persisted(p, u),
					 mg_persist_status_get_persisted(p, i), mg_persist_status_get_engine(p, i));
			mg_finding_impact(x, -1, "every %s puts %s's value back over udev's",
					  mg_persist_engine_at((size_t)mg_persist_engine_rank(
						  mg_persist_status_get_engine(p, i)))->every,
					  mg_persist_status_get_engine(p, i));
		}
		mg_finding_evidence(x, mg_persist_status_get_file(p), "%s=%s", mg_persist_status_get_key(p, u),
				    mg_persist_status_get_persisted(p, u));
		mg_finding_evidence(x, engine_source(p, i, src, sizeof(src)), "%s %s",
				    mg_persist_status_get_key(p, i), mg_persist_status_get_persisted(p, i));
		if (nm && !cmd[0] && running && mg_persist_status_get_drift(p, u) == 0)
			snprintf(cmd, sizeof(cmd), "nmcli connection modify uuid %s %s %s",
				 mg_shell_operand(q, sizeof(q), mg_persist_status_get_connection_uuid(p)),
				 mg_persist_status_get_key(p, i), running);
		else if (!nm && !owned && running && mg_persist_status_get_drift(p, u) == 0)
			owned = i;
	}
	if (!x)
		return 0;
	if (cmd[0])
		return mg_finding_fix(x, cmd, "make the connection carry what the file carries and runs now: %s", cmd);
	/* A file of its owner's (ifupdown's stanza, networkd's .network): said, not written. */
	if (owned)
		return mg_finding_fix(x, NULL, "make %s carry what udev's file carries and runs now: %s %s",
				      mg_persist_status_get_source(p, owned), mg_persist_status_get_key(p, owned),
				      mg_persist_status_get_running(p, owned));
	return 0;
}

static const rule_fn rules[] = {
	no_driver, pcie_ceiling_below_ethernet, pcie_below_capability, pcie_not_trained, aer_errors,
	below_best_mode, half_duplex, usb_too_slow, usb_generic_driver, usb_shared_hub, carrier_flaps, hot,
	irqs_one_cpu, cpu_bound, rings_with_drops, aspm_with_overruns, coalesce_off, few_channels, mtu_mismatch,
	path_mtu, not_persistent, persist_conflict, mg_rule_kernel_log, mg_rule_wifi_regdom, mg_rule_wifi_link_narrow,
	mg_rule_wifi_pcie_ceiling,
	mg_rule_not_checked,
};

int mg_doctor_rules(struct mg_doctor *d, const struct mg_facts *facts)
{
	for (size_t i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
		int err = rules[i](d, facts);

		if (err < 0)
			return err;
	}
	return 0;
}
