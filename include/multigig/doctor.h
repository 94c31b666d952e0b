/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libmultigig: the doctor: what holds an adapter back, with evidence and fixes.
 *
 * Include <multigig/multigig.h>, which includes every header in order.
 */
#ifndef MULTIGIG_DOCTOR_H
#define MULTIGIG_DOCTOR_H

#include <multigig/link.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Doctor: why is it slower than it should be                          */
/* ------------------------------------------------------------------ */

/**
 * enum mg_severity - how much a finding matters.
 * @MG_SEVERITY_INFO: worth knowing; costs nothing measurable now.
 * @MG_SEVERITY_WARNING: costs throughput or stability in some conditions.
 * @MG_SEVERITY_CRITICAL: caps throughput now, or the adapter does not work.
 */
enum mg_severity {
	MG_SEVERITY_INFO = 0,
	MG_SEVERITY_WARNING = 1,
	MG_SEVERITY_CRITICAL = 2,
};

/**
 * mg_severity_name - name of a severity.
 * @severity: severity.
 *
 * Returns: "info", "warning", "critical", or "unknown".
 * Since: 0.2
 */
const char *mg_severity_name(enum mg_severity severity);

/**
 * struct mg_doctor - the findings about one adapter or all of them,
 * ranked by their effect on throughput and stability.
 */
struct mg_doctor;

/**
 * struct mg_finding - one finding: a stable id, its severity, the adapter,
 * a title, the evidence (each fact with where it was read), the impact and
 * the fix.
 */
struct mg_finding;

/**
 * mg_doctor_run - gather once and find what holds adapters back.
 * @ctx: context (live, or a capture).
 * @nic: one adapter, or NULL for every adapter.
 * @interval_ms: for findings that need growth (drops, errors, flaps), the
 *	time between two samples, 10 to 3 600 000 ms (0.01 s to an hour); 0
 *	for the default (1000 ms), or MG_DOCTOR_NO_SAMPLE for one sample only
 *	(no growth findings). A captured tree is always one sample.
 * @report: where the report is stored; free with mg_doctor_free().
 *
 * Gathers identity, PCIe path, settings and Ethernet link (from dumps when
 * @nic is NULL), then applies every rule. Pure rules, one finding each: a
 * rule that lacks the facts it needs says nothing.
 *
 * Returns: 0; -EINVAL for NULL arguments or an @interval_ms out of range
 * (since 0.3; the message says the range); another negative errno when the
 * adapters cannot be read (see mg_ctx_last_error()).
 * Since: 0.2
 */
int mg_doctor_run(struct mg_ctx *ctx, const struct mg_nic *nic, unsigned int interval_ms,
		  struct mg_doctor **report);

/**
 * mg_doctor_run_peer - mg_doctor_run() for one adapter, with the path to a
 * peer probed.
 * @ctx: a live context.
 * @nic: the adapter; it must have an interface.
 * @interval_ms: as for mg_doctor_run().
 * @peer: an IPv4 or IPv6 address (no name is looked up).
 * @report: where the report is stored; free with mg_doctor_free().
 *
 * Adds what the path to @peer carries out of the interface (by its index):
 * ICMP echoes with don't-fragment at the interface's MTU, else the largest
 * size answered, found by halving. The finding "path-mtu" is a warning,
 * with the fix of that MTU, when the path carries less than the MTU (a
 * switch or bridge port still at 1500 between two 9000 ends), and says so
 * when it carries all of it; "peer-does-not-answer" when no size is
 * answered. Probing needs CAP_NET_RAW, or ping sockets for the caller's
 * group. @peer must be one other host on the link, as for
 * mg_plan_set_verify_peer().
 *
 * Returns: as mg_doctor_run(); -EINVAL for a bad address, one that is not
 * a peer (the reason in mg_ctx_last_error()) or an adapter without an
 * interface; -EOPNOTSUPP on an offline context.
 * Since: 0.3
 */
int mg_doctor_run_peer(struct mg_ctx *ctx, const struct mg_nic *nic, unsigned int interval_ms, const char *peer,
		       struct mg_doctor **report);

/** MG_DOCTOR_NO_SAMPLE: mg_doctor_run()'s @interval_ms for a single sample. */
#define MG_DOCTOR_NO_SAMPLE 0xffffffffu

/**
 * mg_doctor_free - free a report.
 * @report: report, may be NULL.
 *
 * Since: 0.2
 */
void mg_doctor_free(struct mg_doctor *report);

/**
 * mg_doctor_count - number of findings.
 * @report: report.
 *
 * Returns: the count; 0 for NULL.
 * Since: 0.2
 */
size_t mg_doctor_count(const struct mg_doctor *report);

/**
 * mg_doctor_get - one finding, most important first.
 * @report: report.
 * @index: position, below mg_doctor_count().
 *
 * Returns: the finding, valid while @report is; NULL when out of range.
 * Since: 0.2
 */
const struct mg_finding *mg_doctor_get(const struct mg_doctor *report, size_t index);

/**
 * mg_finding_get_id - the finding's stable identifier.
 * @finding: finding.
 *
 * Returns: e.g. "pcie-below-capability"; NULL for NULL.
 * Since: 0.2
 */
const char *mg_finding_get_id(const struct mg_finding *finding);

/**
 * mg_finding_get_severity - how much it matters.
 * @finding: finding.
 *
 * Returns: the severity; MG_SEVERITY_INFO for NULL.
 * Since: 0.2
 */
enum mg_severity mg_finding_get_severity(const struct mg_finding *finding);

/**
 * mg_finding_get_nic - the adapter it is about.
 * @finding: finding.
 *
 * Returns: the interface name, or the PCI address of an adapter without
 * one; NULL for NULL.
 * Since: 0.2
 */
const char *mg_finding_get_nic(const struct mg_finding *finding);

/**
 * mg_finding_get_title - one line saying what is wrong.
 * @finding: finding.
 *
 * Returns: the title; NULL for NULL.
 * Since: 0.2
 */
const char *mg_finding_get_title(const struct mg_finding *finding);

/**
 * mg_finding_get_evidence_count - how many facts support it.
 * @finding: finding.
 *
 * Returns: the count; 0 for NULL.
 * Since: 0.2
 */
size_t mg_finding_get_evidence_count(const struct mg_finding *finding);

/**
 * mg_finding_get_evidence - one fact and where it was read.
 * @finding: finding.
 * @index: position, below mg_finding_get_evidence_count().
 * @source: where the source is stored (a register, a sysfs file, a netlink
 *	message, a counter), or NULL.
 *
 * Returns: the fact; NULL when out of range.
 * Since: 0.2
 */
const char *mg_finding_get_evidence(const struct mg_finding *finding, size_t index, const char **source);

/**
 * mg_finding_get_impact - what it costs.
 * @finding: finding.
 * @gbps: where the throughput ceiling it imposes is stored, in Gbit/s, or
 *	a negative value when it imposes none; or NULL.
 *
 * Returns: the impact in words; NULL for NULL.
 * Since: 0.2
 */
const char *mg_finding_get_impact(const struct mg_finding *finding, double *gbps);

/**
 * mg_finding_get_fix - what to do about it.
 * @finding: finding.
 *
 * Returns: the fix in words (a command, a config line, a kernel or module
 * to install); NULL for NULL.
 * Since: 0.2
 */
const char *mg_finding_get_fix(const struct mg_finding *finding);

/**
 * mg_finding_get_fix_command - the command that fixes it, when one does.
 * @finding: finding.
 *
 * A command line for a POSIX shell: a name the shell would act on is one
 * single-quoted word ("multigig set '$(reboot)' mtu 9000"); a plain one
 * such as eth1 is written as it is.
 *
 * Returns: e.g. "multigig set eth1 rx-usecs 50"; NULL when the fix is no
 * command.
 * Since: 0.2
 */
const char *mg_finding_get_fix_command(const struct mg_finding *finding);

/**
 * mg_finding_get_fix_settings - the settings change that fixes it.
 * @finding: finding.
 * @ifname: where the interface it applies to is stored, or NULL.
 *
 * A fix that is a settings change can be applied with mg_settings_apply(),
 * all or nothing (`multigig doctor --fix`).
 *
 * Returns: the settings to apply, valid while the report is; NULL when the
 * fix is not a settings change.
 * Since: 0.2
 */
const struct mg_settings *mg_finding_get_fix_settings(const struct mg_finding *finding, const char **ifname);

/**
 * mg_doctor_plan - the fixes of a report that are settings changes, as one plan.
 * @ctx: the live context to apply it with.
 * @report: report.
 * @plan: where the plan is stored; free with mg_plan_free().
 *
 * Each fix names the interface it changes as the doctor examined it (its
 * index, name, kind and device), so mg_plan_apply() changes exactly those
 * interfaces or nothing (`multigig doctor --fix`). Fixes of one interface
 * merge into one step. The plan may be empty.
 *
 * Returns: 0; -EINVAL; -ENOMEM.
 * Since: 0.3
 */
int mg_doctor_plan(struct mg_ctx *ctx, const struct mg_doctor *report, struct mg_plan **plan);

/**
 * mg_doctor_to_json - a doctor's report as JSON: doctor --json's object.
 * @report: report.
 * @flags: MG_JSON_LINE, MG_JSON_BYTES (enum mg_json_flags).
 * @json: where the text is stored: malloc'ed, free with free().
 *
 * {"findings": [...]}, each finding as mg_finding_to_json() writes it,
 * most important first.
 *
 * Returns: 0; -EINVAL for a NULL argument or a flag it does not take;
 * -ENOMEM.
 * Since: 0.3
 */
int mg_doctor_to_json(const struct mg_doctor *report, unsigned int flags, char **json);

/**
 * mg_finding_to_json - one finding as JSON.
 * @finding: finding (mg_doctor_get()).
 * @flags: MG_JSON_LINE, MG_JSON_BYTES (enum mg_json_flags).
 * @json: where the text is stored: malloc'ed, free with free().
 *
 * "id", "severity", "nic", "title", "evidence" (each "fact", "source"),
 * "impact", "impact_gbps", "fix", "fix_command", "fixable".
 *
 * Returns: 0; -EINVAL for a NULL argument or a flag it does not take;
 * -ENOMEM.
 * Since: 0.3
 */
int mg_finding_to_json(const struct mg_finding *finding, unsigned int flags, char **json);

/**
 * mg_doctor_to_text - a doctor's report as multigig doctor prints it.
 * @report: report.
 * @text: where the text is stored: malloc'ed, free with free().
 *
 * Each finding as mg_finding_to_text() writes it, most important first;
 * "" for a report without findings (what to say then is the caller's).
 *
 * Returns: 0; -EINVAL for a NULL argument; -ENOMEM.
 * Since: 0.4
 */
int mg_doctor_to_text(const struct mg_doctor *report, char **text);

/**
 * mg_finding_to_text - one finding as multigig doctor prints it.
 * @finding: finding (mg_doctor_get()).
 * @text: where the text is stored: malloc'ed, free with free().
 *
 * "severity adapter title", then indented: "[id]", each fact with where
 * it was read, "impact: ...", and "fix: ..." with "(--fix applies it)"
 * when the fix is a settings change. Text from the machine is shown as
 * the CLI shows it.
 *
 * Returns: 0; -EINVAL for a NULL argument; -ENOMEM.
 * Since: 0.4
 */
int mg_finding_to_text(const struct mg_finding *finding, char **text);

#ifdef __cplusplus
}
#endif

#endif /* MULTIGIG_DOCTOR_H */
