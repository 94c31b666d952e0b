/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The kernel's lines about an adapter: who a line is about, from the
 * prefix dev_printk() and netdev_printk() put before it ("r8169
 * 0000:01:00.0 eth0: "), and what it means, from a table of messages the
 * kernel is known to print, each with the file of the kernel tree
 * (Debian's linux-source-6.12) that prints it. Pure: strings in, strings out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decide/decide.h"

/* The head before the first ": ", split on spaces, when it looks like a prefix. */
void mg_klog_split(const char *text, struct mg_klog_prefix *p)
{
	const char *colon = strstr(text, ": "), *s, *tok[3] = { NULL, NULL, NULL };
	size_t len[3] = { 0, 0, 0 }, n = 0;

	memset(p, 0, sizeof(*p));
	p->body = text;
	if (!colon || colon - text > 160)
		return;
	for (s = text; s < colon && n < 3; n++) {
		tok[n] = s;
		while (s < colon && *s != ' ')
			s++;
		len[n] = (size_t)(s - tok[n]);
		while (s < colon && *s == ' ')
			s++;
	}
	if (s < colon)
		return;
	p->body = colon + 2;
	/* Linux before 6.10: "NETDEV WATCHDOG: eth1 (r8169): transmit queue 0 timed out" */
	if (n == 2 && !strncmp(text, "NETDEV WATCHDOG: ", 17)) {
		const char *name = colon + 2, *end = strchr(name, ' ');

		if (end && (size_t)(end - name) < sizeof(p->ifname)) {
			memcpy(p->ifname, name, (size_t)(end - name));
			p->ifname[end - name] = '\0';
		}
		p->body = text;
		return;
	}
	if (n == 1 && len[0] < sizeof(p->ifname)) {
		memcpy(p->ifname, tok[0], len[0]);
		return;
	}
	/* One word too long for a name, or none ("": ..."): no prefix. */
	if (n < 2)
		return;
	if (len[0] >= sizeof(p->driver) || len[1] >= sizeof(p->device) || (n == 3 && len[2] >= sizeof(p->ifname)))
		return;
	memcpy(p->driver, tok[0], len[0]);
	memcpy(p->device, tok[1], len[1]);
	if (n == 3)
		memcpy(p->ifname, tok[2], len[2]);
}

/* The dictionary's DEVICE=: "+pci:0000:01:00.0" names a device, "n3" an interface by index. */
static void dict_device(const char *device, const char **name, int *ifindex)
{
	const char *colon;

	*name = NULL;
	*ifindex = 0;
	if (device[0] == 'n') {
		long v;

		if (mg_parse_long(device + 1, 10, &v) == 0 && v > 0 && v < 0x7fffffff)
			*ifindex = (int)v;
	} else if (device[0] == '+' && (colon = strchr(device, ':'))) {
		*name = colon + 1;
	}
}

static bool same(const char *a, const char *b)
{
	return a && b && a[0] && !strcmp(a, b);
}

const char *mg_klog_attribute(const struct mg_klog_target *t, const struct mg_klog_prefix *p, const char *device)
{
	const char *dname;
	int dindex;

	dict_device(device ? device : "", &dname, &dindex);
	if (same(p->device, t->address) || same(dname, t->address))
		return "device";
	if (same(p->ifname, t->ifname) || (dindex > 0 && !p->ifname[0] && dindex == t->ifindex))
		return "interface";
	for (size_t i = 0; i < t->nabove; i++)
		if (same(p->device, t->above[i]) || same(dname, t->above[i]))
			return "port";
	for (size_t i = 0; i < t->nhosts; i++)
		if (same(p->device, t->hosts[i]) || same(dname, t->hosts[i]))
			return "host bridge";
	return NULL;
}

/* ---- the messages ---- */

/* The XIDs r8169 reads from its chips that name a chip the library knows (r8169_main.c's table). */
static const struct {
	unsigned int xid;
	int vendor, device;
	const char *since;	/* the first Linux whose r8169 takes this XID, when not the chip's first */
} xids[] = {
	{ 0x649, 0x10ec, 0x8126, NULL },	/* RTL_GIGA_MAC_VER_65 */
	{ 0x64a, 0x10ec, 0x8126, "6.12" },	/* RTL_GIGA_MAC_VER_66, the RTL8126A's rev. b */
	{ 0x641, 0x10ec, 0x8125, NULL },	/* RTL_GIGA_MAC_VER_63 */
	{ 0x609, 0x10ec, 0x8125, NULL },	/* RTL_GIGA_MAC_VER_61 */
};

static bool unknown_chip(const char *body, struct mg_klog_match *m)
{
	const char *s = strstr(body, "unknown chip XID ");
	unsigned int xid;

	if (!s || sscanf(s + 17, "%x", &xid) != 1)
		return false;
	snprintf(m->arg, sizeof(m->arg), "%x", xid);
	m->chip = NULL;
	m->since = NULL;
	for (size_t i = 0; i < sizeof(xids) / sizeof(xids[0]); i++)
		if (xids[i].xid == xid) {
			m->chip = mg_chip_lookup(MG_BUS_PCI, xids[i].vendor, xids[i].device);
			m->since = xids[i].since;
		}
	snprintf(m->meaning, sizeof(m->meaning), "r8169 does not know this chip (XID %x)", xid);
	return true;
}

/* The Debian package a firmware file comes in, by its path's start. */
static const struct {
	const char *prefix, *package;
} firmware_packages[] = {
	{ "iwlwifi-", "firmware-iwlwifi" },
	{ "rtl_nic/", "firmware-realtek" },
	{ "rtlwifi/", "firmware-realtek" },
	{ "rtw88/", "firmware-realtek" },
	{ "rtw89/", "firmware-realtek" },
	{ "brcm/", "firmware-brcm80211" },
	{ "ath9k", "firmware-atheros" },
	{ "ath10k/", "firmware-atheros" },
	{ "ath11k/", "firmware-atheros" },
	{ "ath12k/", "firmware-atheros" },
	{ "mediatek/", "firmware-mediatek" },
	{ "bnx2x/", "firmware-bnx2x" },
	{ "qed/", "firmware-qlogic" },
	{ "intel/ice/", "firmware-misc-nonfree" },
	{ "mrvl/", "firmware-libertas" },
};

const char *mg_klog_firmware_package(const char *file)
{
	for (size_t i = 0; i < sizeof(firmware_packages) / sizeof(firmware_packages[0]); i++)
		if (!strncmp(file, firmware_packages[i].prefix, strlen(firmware_packages[i].prefix)))
			return firmware_packages[i].package;
	return NULL;
}

/* "Direct firmware load for F failed with error -2"; "firmware: failed to load F (-2)"; r8169's "Unable to load firmware F (-2)". */
static bool firmware_missing(const char *body, struct mg_klog_match *m)
{
	const char *s = strstr(body, "Direct firmware load for "), *end;
	int err = 0;

	if (s) {
		s += 25;
		end = strstr(s, " failed with error ");
		if (!end || sscanf(end + 19, "%d", &err) != 1)
			return false;
	} else if ((s = strstr(body, "firmware: failed to load ")) || (s = strstr(body, "Unable to load firmware "))) {
		s += s[0] == 'f' ? 25 : 24;
		end = strstr(s, " (");
		if (!end || sscanf(end + 2, "%d", &err) != 1)
			return false;
	} else {
		return false;
	}
	if (end == s || (size_t)(end - s) >= sizeof(m->arg))
		return false;
	memcpy(m->arg, s, (size_t)(end - s));
	m->arg[end - s] = '\0';
	snprintf(m->meaning, sizeof(m->meaning), "firmware %s %s (error %d)", m->arg,
		 err == -2 ? "missing" : "could not be loaded", err);
	return true;
}

static bool phy_driver_missing(const char *body, struct mg_klog_match *m)
{
	const char *s = strstr(body, "no dedicated PHY driver found for PHY ID ");
	unsigned int id;

	if (!s || sscanf(s + 41, "0x%x", &id) != 1)
		return false;
	snprintf(m->arg, sizeof(m->arg), "0x%08x", id);
	snprintf(m->meaning, sizeof(m->meaning),
		 "no PHY driver for PHY ID 0x%08x: the generic one cannot set the link up properly", id);
	return true;
}

static bool brcm_link_down(const char *body, struct mg_klog_match *m)
{
	if (strcmp(body, "link down"))
		return false;
	snprintf(m->meaning, sizeof(m->meaning), "the PCIe link did not come up at this host bridge");
	return true;
}

static bool brcm_link_up(const char *body, struct mg_klog_match *m)
{
	char speed[16];
	unsigned int width;

	if (strncmp(body, "link up, ", 9) || sscanf(body + 9, "%15s GT/s PCIe x%u", speed, &width) != 2)
		return false;
	snprintf(m->meaning, sizeof(m->meaning), "the host bridge's PCIe link came up at %s GT/s x%u", speed, width);
	return true;
}

static bool gen_forced(const char *body, struct mg_klog_match *m)
{
	int gen;

	if (strncmp(body, "Forcing gen ", 12) || sscanf(body + 12, "%d", &gen) != 1)
		return false;
	snprintf(m->arg, sizeof(m->arg), "%d", gen);
	snprintf(m->meaning, sizeof(m->meaning), "the host bridge held the PCIe link to generation %d", gen);
	return true;
}

static bool retrain(const char *body, struct mg_klog_match *m)
{
	if (strstr(body, "retraining non-functional downstream link at 2.5GT/s"))
		snprintf(m->meaning, sizeof(m->meaning), "PCIe link training failed: the port forced the link down to 2.5 GT/s");
	else if (!strcmp(body, "retraining failed"))
		snprintf(m->meaning, sizeof(m->meaning), "PCIe link training failed, also at 2.5 GT/s");
	else if (strstr(body, "removing 2.5GT/s downstream link speed restriction"))
		snprintf(m->meaning, sizeof(m->meaning), "the port lifted a 2.5 GT/s limit on its link and retrained it");
	else
		return false;
	return true;
}

/* __pcie_print_link_status(): "%u.%03u Gb/s available PCIe bandwidth[, limited by ... at PORT (capable of ...)]" */
static bool bandwidth(const char *body, struct mg_klog_match *m)
{
	const char *s = strstr(body, " Gb/s available PCIe bandwidth");
	char at[32] = "", now[16] = "", cap_speed[16] = "";
	unsigned int w = 0, cw = 0;
	double gbps, capable = 0;

	if (!s || sscanf(body, "%lf", &gbps) != 1)
		return false;
	s += 30;
	if (!strncmp(s, ", limited by ", 13) &&
	    sscanf(s + 13, "%15s GT/s PCIe x%u link at %31s (capable of %lf Gb/s with %15s GT/s PCIe x%u link)", now, &w,
		   at, &capable, cap_speed, &cw) >= 3) {
		snprintf(m->arg, sizeof(m->arg), "%s", at);
		if (capable > gbps)
			snprintf(m->meaning, sizeof(m->meaning),
				 "the PCIe path gives %.3f Gb/s, limited at %s by its %s GT/s x%u link; the device could use %.3f Gb/s",
				 gbps, at, now, w, capable);
		else
			snprintf(m->meaning, sizeof(m->meaning), "the PCIe path gives %.3f Gb/s, limited at %s by its %s GT/s x%u link",
				 gbps, at, now, w);
		return true;
	}
	snprintf(m->meaning, sizeof(m->meaning), "the PCIe path gives %.3f Gb/s, all the device can use", gbps);
	return true;
}

static bool aer(const char *body, struct mg_klog_match *m)
{
	const char *s;
	char sev[32], type[48];

	if ((s = strstr(body, "PCIe Bus Error: severity=")) &&
	    sscanf(s + 25, "%31[^,], type=%47[^,]", sev, type) == 2) {
		snprintf(m->arg, sizeof(m->arg), "%s", sev);
		snprintf(m->meaning, sizeof(m->meaning), "a PCIe error was reported (AER): %s, %s", sev, type);
		return true;
	}
	if ((s = strstr(body, "error message received from ")) && !strncmp(body, "AER: ", 5)) {
		snprintf(m->meaning, sizeof(m->meaning), "the port received an error message from %s (AER)", s + 28);
		return true;
	}
	/* Linux 6.1: "AER: Corrected error received: 0000:01:00.0" */
	if (!strncmp(body, "AER: ", 5) && (s = strstr(body, " error received: "))) {
		snprintf(m->meaning, sizeof(m->meaning), "the port received an error message from %s (AER)", s + 17);
		return true;
	}
	return false;
}

static bool tx_timeout(const char *body, struct mg_klog_match *m)
{
	const char *s = strstr(body, "NETDEV WATCHDOG: ");
	unsigned int queue;

	if (s && (s = strstr(s, "transmit queue ")) && sscanf(s + 15, "%u", &queue) == 1) {
		snprintf(m->meaning, sizeof(m->meaning),
			 "transmit queue %u stalled (TX timeout): the driver resets the adapter", queue);
		return true;
	}
	if (strstr(body, "Detected Hardware Unit Hang") || strstr(body, "Detected Tx Unit Hang")) {
		snprintf(m->meaning, sizeof(m->meaning), "the adapter stopped sending (transmit unit hang)");
		return true;
	}
	return false;
}

/* "Link is Up - 2.5Gbps/Full - flow control rx/tx" (phylib, phylink); "NIC Link is Up 1000 Mbps Full Duplex" (Intel). */
static bool link_up(const char *body, struct mg_klog_match *m)
{
	const char *s = strstr(body, "Link is Up - ");
	char rate[16], duplex[16];
	unsigned int mbps;

	if (s && sscanf(s + 13, "%15[^/]/%15[^ ]", rate, duplex) == 2) {
		snprintf(m->arg, sizeof(m->arg), "%s", rate);
		snprintf(m->meaning, sizeof(m->meaning), "link up at %s, %s duplex%s", rate,
			 !strcmp(duplex, "Full") ? "full" : !strcmp(duplex, "Half") ? "half" : duplex,
			 strstr(s, "(downshifted)") ? ", downshifted: the cable or partner could not hold the rate"
						    : "");
		return true;
	}
	/* e1000e, igb, igc: "1000 Mbps Full Duplex"; vmxnet3: "1000 Mbps"; ixgbe: "10 Gbps, Flow Control" */
	if ((s = strstr(body, "NIC Link is Up ")) && sscanf(s + 15, "%u %15[^ ,]", &mbps, rate) == 2 &&
	    (!strcmp(rate, "Mbps") || !strcmp(rate, "Gbps"))) {
		const char *unit = rate[0] == 'G' ? "Gb/s" : "Mb/s";
		int n = sscanf(s + 15, "%*u %*[^ ,] %15[^ ,]", duplex);

		snprintf(m->arg, sizeof(m->arg), "%u%s", mbps, rate);
		if (n == 1 && (!strcmp(duplex, "Full") || !strcmp(duplex, "Half")))
			snprintf(m->meaning, sizeof(m->meaning), "link up at %u %s, %s duplex", mbps, unit,
				 duplex[0] == 'F' ? "full" : "half");
		else
			snprintf(m->meaning, sizeof(m->meaning), "link up at %u %s", mbps, unit);
		return true;
	}
	return false;
}

static bool link_down(const char *body, struct mg_klog_match *m)
{
	if (strcmp(body, "Link is Down") && strcmp(body, "NIC Link is Down") && !strstr(body, ": NIC Link is Down"))
		return false;
	snprintf(m->meaning, sizeof(m->meaning), "link down");
	return true;
}

static const struct mg_klog_known known[] = {
	{ "unknown-chip", "drivers/net/ethernet/realtek/r8169_main.c (rtl_init_one)", unknown_chip },
	{ "firmware-missing", "drivers/base/firmware_loader/main.c (fw_get_filesystem_firmware, _request_firmware); "
			      "drivers/net/ethernet/realtek/r8169_firmware.c (rtl_fw_request_firmware)",
	  firmware_missing },
	{ "phy-driver-missing", "drivers/net/ethernet/realtek/r8169_main.c (r8169_mdio_register)",
	  phy_driver_missing },
	{ "pcie-link-down", "drivers/pci/controller/pcie-brcmstb.c (brcm_pcie_start_link)", brcm_link_down },
	{ "pcie-link-up", "drivers/pci/controller/pcie-brcmstb.c (brcm_pcie_start_link)", brcm_link_up },
	/* Not in Debian's 6.12: the text as a Raspberry Pi field report quotes it. */
	{ "pcie-gen-forced", "not in linux-source-6.12; as quoted from a Raspberry Pi kernel's log", gen_forced },
	{ "pcie-retrain", "drivers/pci/quirks.c (pcie_failed_link_retrain)", retrain },
	{ "pcie-bandwidth", "drivers/pci/pci.c (__pcie_print_link_status)", bandwidth },
	{ "aer", "drivers/pci/pcie/aer.c (aer_print_error, aer_print_port_info)", aer },
	{ "tx-timeout", "net/sched/sch_generic.c (dev_watchdog); e1000e/netdev.c, igc/igc_main.c (unit hang)",
	  tx_timeout },
	{ "link-up", "drivers/net/phy/phy.c (phy_print_status), phylink.c (phylink_link_up); the watchdogs of "
		     "e1000e, igb, igc, ixgbe; vmxnet3",
	  link_up },
	{ "link-down", "drivers/net/phy/phy.c (phy_print_status), phylink.c; e1000e/netdev.c, igc/igc_main.c",
	  link_down },
};

const struct mg_klog_known *mg_klog_match(const char *body, struct mg_klog_match *m)
{
	memset(m, 0, sizeof(*m));
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		if (known[i].match(body, m)) {
			m->known = &known[i];
			return m->known;
		}
	}
	return NULL;
}
