/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The doctor's checks it could not make: the kernel log refused (no
 * CAP_SYSLOG under kernel.dmesg_restrict=1, or no /dev/kmsg in a sandbox)
 * and config space cut at 64 bytes (no CAP_SYS_ADMIN). The rules that need
 * them say nothing, as unknown is not wrong; this finding says why, so
 * that an unprivileged run never reads as a clean bill of health.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "decide/decide.h"

/* A capture made before the kernel log was kept is that capture's age, not a check refused. */
static bool log_unread(const struct mg_facts *f)
{
	return f->kernel_log_err < 0 && f->kernel_log_err != MG_ENOTRECORDED;
}

/* The nodes of the path whose config space was read only in part: how many; whether for want of privilege. */
static size_t nodes_cut(const struct mg_facts *f, bool *privilege)
{
	size_t n = 0;

	*privilege = false;
	for (size_t i = 0; f->path && i < mg_pcie_path_count(f->path); i++) {
		const struct mg_pcie_node *node = mg_pcie_path_get(f->path, i);

		if (!node->limited)
			continue;
		n++;
		*privilege |= node->need_admin;
	}
	return n;
}

/* What the run lacked, in the words of its fix: "CAP_SYSLOG ... and CAP_SYS_ADMIN ...". */
static void lacking(const struct mg_facts *f, bool log, bool admin, char *buf, size_t size)
{
	int err = f->kernel_log_err;
	const char *for_log = !log ? ""
			      : err == -EPERM ? "CAP_SYSLOG for the kernel log (or kernel.dmesg_restrict=0)"
			      : err == -ENOENT ? "/dev/kmsg for the kernel log (systemd's PrivateDevices=yes hides it)"
					       : "a readable /dev/kmsg for the kernel log";

	snprintf(buf, size, "%s%s%s", for_log, log && admin ? " and " : "",
		 admin ? "CAP_SYS_ADMIN for PCIe config space past 64 bytes" : "");
}

static void cite_nodes(struct mg_finding *x, const struct mg_facts *f)
{
	for (size_t i = 0; f->path && i < mg_pcie_path_count(f->path); i++) {
		const struct mg_pcie_node *n = mg_pcie_path_get(f->path, i);
		char source[48];

		if (!n->limited)
			continue;
		snprintf(source, sizeof(source), "config space of %s", n->address);
		mg_finding_evidence(x, source, "%s: %s", n->address, n->reason);
	}
}

int mg_rule_not_checked(struct mg_doctor *d, const struct mg_facts *f)
{
	bool admin, log = log_unread(f);
	size_t cut = nodes_cut(f, &admin);
	struct mg_finding *x;
	char need[160];

	/* Every virtual interface would repeat the kernel log's: said for hardware, or one asked about. */
	if ((!log && !cut) || (!f->hardware && !f->named))
		return 0;
	x = mg_finding_add(d, "not-checked", MG_SEVERITY_INFO, f->name);
	if (!x)
		return -ENOMEM;
	mg_finding_title(x, "not checked: %s%s%s", log ? "the kernel log" : "", log && cut ? "; " : "",
			 !cut ? "" : cut == 1 ? "PCIe config space past 64 bytes of one function on the path"
					      : "PCIe config space past 64 bytes of functions on the path");
	if (log)
		mg_finding_evidence(x, "/dev/kmsg", "%s", mg_kernel_log_get_unknown_reason(f->kernel_log));
	cite_nodes(x, f);
	mg_finding_impact(x, -1, "findings that need %s%s%s may be missing",
			  log ? "the kernel log (firmware, AER, link training, transmit timeouts)" : "",
			  log && cut ? " or " : "",
			  cut ? "the PCIe registers (the link's capability and target, ASPM, L1 substates)" : "");
	if (!log && !admin)
		return mg_finding_fix(x, NULL, "a capture or dump with the whole config space (lspci -xxxx, as root)");
	lacking(f, log, admin, need, sizeof(need));
	return mg_finding_fix(x, NULL, "run the doctor as root, or give it %s", need);
}
