/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The doctor's findings from the kernel's own lines about an adapter:
 * each with the line as its evidence, the time the kernel logged it and
 * the file of the kernel tree that prints it. Lines that only report
 * (link up, the available bandwidth) are shown, not found: other rules
 * judge the same facts from the registers.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "decide/decide.h"

/* Lines of one kind cited as evidence: the first and the newest, as many as a finding holds. */
#define CITED_MAX 4
#define FILES_MAX 8

static void cite(struct mg_finding *x, const struct mg_kernel_log *log, size_t i)
{
	char source[320];
	uint64_t us = 0;

	mg_kernel_log_get_usecs(log, i, &us);
	snprintf(source, sizeof(source), "kernel log [%5llu.%06llu], printed by %s",
		 (unsigned long long)(us / 1000000), (unsigned long long)(us % 1000000),
		 mg_kernel_log_get_source(log, i));
	mg_finding_evidence(x, source, "%s", mg_kernel_log_get_text(log, i));
}

static bool is(const struct mg_kernel_log *log, size_t i, const char *kind)
{
	const char *k = mg_kernel_log_get_kind(log, i);

	return k && !strcmp(k, kind);
}

/* The lines of @kind: how many, and which to cite (the first ones and the last). */
static size_t lines_of(const struct mg_kernel_log *log, const char *kind, size_t *cited, size_t *ncited)
{
	size_t n = 0;

	*ncited = 0;
	for (size_t i = 0; i < mg_kernel_log_get_count(log); i++) {
		if (!is(log, i, kind))
			continue;
		if (*ncited < CITED_MAX)
			cited[(*ncited)++] = i;
		else
			cited[CITED_MAX - 1] = i;
		n++;
	}
	return n;
}

/* A finding citing the lines of @kind; NULL when there are none, or without memory (*@err). */
static struct mg_finding *add(struct mg_doctor *d, const struct mg_facts *f, const char *id, enum mg_severity sev,
			      const struct mg_kernel_log *log, const char *kind, size_t *count, int *err)
{
	size_t cited[CITED_MAX], ncited;
	struct mg_finding *x;

	*count = lines_of(log, kind, cited, &ncited);
	if (!*count || *err < 0)
		return NULL;
	x = mg_finding_add(d, id, sev, f->name);
	if (!x)
		*err = -ENOMEM;
	for (size_t k = 0; x && k < ncited; k++)
		cite(x, log, cited[k]);
	return x;
}

static int unknown_chip(struct mg_doctor *d, const struct mg_facts *f, const struct mg_kernel_log *log)
{
	const char *chip = mg_nic_get_chip(f->nic), *since = mg_nic_get_chip_since(f->nic);
	struct mg_klog_prefix p;
	struct mg_klog_match m;
	struct mg_finding *x;
	size_t count, i;
	int err = 0;

	for (i = 0; i < mg_kernel_log_get_count(log) && !is(log, i, "unknown-chip"); i++)
		;
	if (i == mg_kernel_log_get_count(log))
		return 0;
	mg_klog_split(mg_kernel_log_get_text(log, i), &p);
	if (!mg_klog_match(p.body, &m) || !m.known)
		return 0;
	if (m.chip) {
		chip = m.chip->name;
		since = m.since ? m.since : m.chip->since;
	}
	x = add(d, f, "kernel-unknown-chip", MG_SEVERITY_CRITICAL, log, "unknown-chip", &count, &err);
	if (!x)
		return err;
	if (chip && since)
		mg_finding_title(x, "%s: %s needs Linux %s or later", m.meaning, chip, since);
	else
		mg_finding_title(x, "%s: this kernel's driver refuses it", m.meaning);
	mg_finding_impact(x, 0, "no interface: the driver did not take the adapter");
	if (since)
		return mg_finding_fix(x, NULL, "install a kernel of Linux %s or later (or the vendor's driver)", since);
	return mg_finding_fix(x, NULL, "install a newer kernel, whose driver knows this chip");
}

static int firmware_missing(struct mg_doctor *d, const struct mg_facts *f, const struct mg_kernel_log *log)
{
	char files[FILES_MAX][128];
	size_t nfiles = 0;

	for (size_t i = 0; i < mg_kernel_log_get_count(log); i++) {
		struct mg_klog_prefix p;
		struct mg_klog_match m;
		const char *pkg;
		struct mg_finding *x;
		bool seen = false;

		if (!is(log, i, "firmware-missing"))
			continue;
		mg_klog_split(mg_kernel_log_get_text(log, i), &p);
		if (!mg_klog_match(p.body, &m))
			continue;
		for (size_t k = 0; k < nfiles; k++)
			seen = seen || !strcmp(files[k], m.arg);
		if (seen || nfiles == FILES_MAX)
			continue;
		mg_strlcpy(files[nfiles++], m.arg, sizeof(files[0]));
		pkg = mg_klog_firmware_package(m.arg);
		x = mg_finding_add(d, "kernel-firmware-missing", MG_SEVERITY_WARNING, f->name);
		if (!x)
			return -ENOMEM;
		cite(x, log, i);
		if (pkg) {
			char command[96];

			snprintf(command, sizeof(command), "apt install %s", pkg);
			mg_finding_title(x, "%s: install %s (Debian's non-free-firmware)", m.meaning, pkg);
			mg_finding_impact(x, 0, "the driver runs without it, with its defaults, or not at all");
			mg_finding_fix(x, command, "install %s, then reload the driver or reboot", pkg);
		} else {
			mg_finding_title(x, "%s: put the file under /lib/firmware", m.meaning);
			mg_finding_impact(x, 0, "the driver runs without it, with its defaults, or not at all");
			mg_finding_fix(x, NULL, "install the package that ships %s (linux-firmware upstream has it)", m.arg);
		}
	}
	return 0;
}

/* The rest: one finding per kind, the lines as evidence. */
static int by_kind(struct mg_doctor *d, const struct mg_facts *f, const struct mg_kernel_log *log)
{
	struct mg_finding *x;
	size_t n;
	int err = 0;

	if ((x = add(d, f, "kernel-phy-driver-missing", MG_SEVERITY_WARNING, log, "phy-driver-missing", &n, &err))) {
		mg_finding_title(x, "the kernel found no driver for the adapter's PHY: the generic one may not set it up");
		mg_finding_impact(x, 0, "the link may not come up, or not at multi-gigabit rates");
		mg_finding_fix(x, "modprobe realtek", "load the PHY driver (realtek for r8169's chips) and add it to the initramfs");
	}
	if ((x = add(d, f, "kernel-pcie-link-down", MG_SEVERITY_WARNING, log, "pcie-link-down", &n, &err))) {
		mg_finding_title(x, "the PCIe link at the adapter's host bridge did not come up (%zu time%s)", n,
				 n == 1 ? "" : "s");
		mg_finding_impact(x, 0, "no device behind that port while it is down");
		mg_finding_fix(x, NULL, "reseat the adapter and its ribbon cable; try a lower PCIe generation");
	}
	if ((x = add(d, f, "kernel-pcie-retrain", MG_SEVERITY_WARNING, log, "pcie-retrain", &n, &err))) {
		mg_finding_title(x, "PCIe link training failed on the adapter's path: the port forced its link down");
		mg_finding_impact(x, 0, "the link runs at 2.5 GT/s, or not at all");
		mg_finding_fix(x, NULL, "reseat the adapter; check its cable or riser; update the board's firmware");
	}
	if ((x = add(d, f, "kernel-pcie-gen-forced", MG_SEVERITY_INFO, log, "pcie-gen-forced", &n, &err))) {
		mg_finding_title(x, "the host bridge held the adapter's PCIe link to a lower generation");
		mg_finding_impact(x, 0, "the PCIe link's rate, as the pcie findings say");
		mg_finding_fix(x, NULL, "the board's configuration sets it (on a Raspberry Pi: dtparam=pciex1_gen)");
	}
	if ((x = add(d, f, "kernel-aer", MG_SEVERITY_WARNING, log, "aer", &n, &err))) {
		mg_finding_title(x, "the kernel logged %zu PCIe error line%s (AER) on the adapter's path", n, n == 1 ? "" : "s");
		mg_finding_impact(x, 0, "corrected errors cost replays; uncorrected ones reset the link");
		mg_finding_fix(x, NULL, "reseat the adapter; a riser or cable is the usual cause; try a lower PCIe generation");
	}
	if ((x = add(d, f, "kernel-tx-timeout", MG_SEVERITY_WARNING, log, "tx-timeout", &n, &err))) {
		mg_finding_title(x, "the adapter stopped transmitting %zu time%s (TX timeout): the driver reset it", n,
				 n == 1 ? "" : "s");
		mg_finding_impact(x, 0, "seconds without traffic at each reset");
		mg_finding_fix(x, NULL, "a known cause is ASPM or EEE with this driver: see those findings; update the kernel");
	}
	return err;
}

int mg_rule_kernel_log(struct mg_doctor *d, const struct mg_facts *f)
{
	const struct mg_kernel_log *log = f->kernel_log;
	int err;

	if (!log || !mg_kernel_log_get_count(log))
		return 0;
	err = unknown_chip(d, f, log);
	if (err == 0)
		err = firmware_missing(d, f, log);
	if (err == 0)
		err = by_kind(d, f, log);
	return err;
}
