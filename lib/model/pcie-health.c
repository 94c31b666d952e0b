/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Link health of the functions on a PCIe path, as sysfs shows it: the
 * kernel's ASPM controls (link/l1_aspm, ...), its AER counters
 * (aer_dev_correctable, ...; aer_rootport_total_err_* on root ports) and
 * the pcie_aspm policy. Read through the gatherer, so a capture records
 * them and a replay answers with them. The registers' side (LnkCap,
 * LnkCtl, LnkSta, L1 PM Substates) is decoded in decide/pcie-decode.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

static const struct {
	const char *file;
	enum mg_pcie_pm_state state;
} controls[] = {
	{ "l0s_aspm", MG_PCIE_ASPM_L0S },     { "l1_aspm", MG_PCIE_ASPM_L1 },
	{ "l1_1_aspm", MG_PCIE_ASPM_L1_1 },   { "l1_2_aspm", MG_PCIE_ASPM_L1_2 },
	{ "l1_1_pcipm", MG_PCIE_PCIPM_L1_1 }, { "l1_2_pcipm", MG_PCIE_PCIPM_L1_2 },
	{ "clkpm", MG_PCIE_CLKPM },
};

static const char *const aer_files[] = {
	[MG_AER_CORRECTABLE] = "aer_dev_correctable",
	[MG_AER_NONFATAL] = "aer_dev_nonfatal",
	[MG_AER_FATAL] = "aer_dev_fatal",
};

static const char *const rootport_files[] = {
	[MG_AER_CORRECTABLE] = "aer_rootport_total_err_cor",
	[MG_AER_NONFATAL] = "aer_rootport_total_err_nonfatal",
	[MG_AER_FATAL] = "aer_rootport_total_err_fatal",
};

const char *mg_pcie_control_file(int state)
{
	for (size_t i = 0; i < sizeof(controls) / sizeof(controls[0]); i++)
		if ((int)controls[i].state == state)
			return controls[i].file;
	return NULL;
}

/* The kernel shows link/ only on the function below a link it manages. */
void mg_pcie_read_controls(struct mg_ctx *ctx, const char *dir, int *on, int *present)
{
	char rel[MG_PATH_MAX];

	*on = MG_UNKNOWN;
	*present = 0;
	if (mg_path_join(rel, sizeof(rel), dir, "link") < 0 || !mg_sysfs_exists(ctx, rel))
		return;
	for (size_t i = 0; i < sizeof(controls) / sizeof(controls[0]); i++) {
		char file[MG_PATH_MAX];
		long v;

		if (snprintf(file, sizeof(file), "%s/link/%s", dir, controls[i].file) >= (int)sizeof(file) ||
		    mg_sysfs_read_long(ctx, file, 10, &v) < 0 || (v != 0 && v != 1))
			continue;
		*present |= controls[i].state;
		*on = (*on < 0 ? 0 : *on) | (v ? (int)controls[i].state : 0);
	}
}

static int read_aer_file(struct mg_ctx *ctx, const char *dir, const char *name, struct mg_aer_set *set)
{
	char rel[MG_PATH_MAX], text[4096];
	int err = mg_path_join(rel, sizeof(rel), dir, name);

	if (err == 0)
		err = mg_sysfs_read(ctx, rel, text, sizeof(text));
	if (err < 0)
		return err;
	return mg_pcie_parse_aer(text, set);
}

static long long read_count(struct mg_ctx *ctx, const char *dir, const char *name)
{
	char rel[MG_PATH_MAX];
	long v;

	if (mg_path_join(rel, sizeof(rel), dir, name) < 0 || mg_sysfs_read_long(ctx, rel, 10, &v) < 0 || v < 0)
		return MG_UNKNOWN;
	return v;
}

/*
 * The kernel shows the three files together, for functions with AER:
 * without the first, the others are not looked for.
 */
static void read_aer(struct mg_ctx *ctx, const char *dir, struct mg_pcie_node *n)
{
	bool port = n->is_bridge || n->role == MG_PCIE_ROLE_RC_EVENT_COLLECTOR;
	struct mg_pcie_aer *aer;
	bool any = false;

	aer = calloc(1, sizeof(*aer));
	if (!aer)
		return;
	for (int sev = MG_AER_CORRECTABLE; sev <= MG_AER_FATAL; sev++) {
		int err = read_aer_file(ctx, dir, aer_files[sev], &aer->dev[sev]);

		if (err == -ENOENT && sev == MG_AER_CORRECTABLE)
			break;
		if (err < 0)
			aer->dev[sev].total = MG_UNKNOWN;
		any |= err == 0;
		/* Root ports and event collectors also count what reached them from below. */
		aer->rootport_total[sev] = port ? read_count(ctx, dir, rootport_files[sev]) : MG_UNKNOWN;
		any |= aer->rootport_total[sev] >= 0;
	}
	if (any)
		n->aer = aer;
	else
		free(aer);
}

void mg_pcie_read_health(struct mg_ctx *ctx, const char *dir, struct mg_pcie_node *n)
{
	mg_pcie_read_controls(ctx, dir, &n->aspm_control, &n->aspm_control_present);
	read_aer(ctx, dir, n);
}

int mg_pcie_read_aspm_policy(struct mg_ctx *ctx, char *buf, size_t size)
{
	char text[256];
	int err = mg_sysfs_read(ctx, "module/pcie_aspm/parameters/policy", text, sizeof(text));

	buf[0] = '\0';
	if (err < 0)
		return err;
	err = mg_pcie_parse_aspm_policy(text, buf, size);
	if (err < 0)
		buf[0] = '\0';
	return err;
}

/* ---- getters ---- */

MG_EXPORT const char *mg_pcie_pm_state_name(enum mg_pcie_pm_state state)
{
	switch (state) {
	case MG_PCIE_ASPM_L0S:
		return "L0s";
	case MG_PCIE_ASPM_L1:
		return "L1";
	case MG_PCIE_ASPM_L1_1:
		return "ASPM_L1.1";
	case MG_PCIE_ASPM_L1_2:
		return "ASPM_L1.2";
	case MG_PCIE_PCIPM_L1_1:
		return "PCI-PM_L1.1";
	case MG_PCIE_PCIPM_L1_2:
		return "PCI-PM_L1.2";
	case MG_PCIE_CLKPM:
		return "ClockPM";
	}
	return NULL;
}

MG_EXPORT const char *mg_aer_severity_name(enum mg_aer_severity severity)
{
	switch (severity) {
	case MG_AER_CORRECTABLE:
		return "correctable";
	case MG_AER_NONFATAL:
		return "nonfatal";
	case MG_AER_FATAL:
		return "fatal";
	}
	return "unknown";
}

MG_GETTER(int, mg_pcie_node_get_aspm_supported, mg_pcie_node, aspm_supported, MG_UNKNOWN)
MG_GETTER(int, mg_pcie_node_get_aspm_enabled, mg_pcie_node, aspm_enabled, MG_UNKNOWN)
MG_GETTER(int, mg_pcie_node_get_l1ss_supported, mg_pcie_node, l1ss_supported, MG_UNKNOWN)
MG_GETTER(int, mg_pcie_node_get_l1ss_enabled, mg_pcie_node, l1ss_enabled, MG_UNKNOWN)
MG_GETTER(int, mg_pcie_node_get_aspm_control, mg_pcie_node, aspm_control, MG_UNKNOWN)
MG_GETTER(int, mg_pcie_node_get_aspm_control_present, mg_pcie_node, aspm_control_present, 0)

MG_EXPORT const char *mg_pcie_path_get_aspm_policy(const struct mg_pcie_path *path)
{
	return path && path->aspm_policy[0] ? path->aspm_policy : NULL;
}

static const struct mg_aer_set *aer_set(const struct mg_pcie_node *node, enum mg_aer_severity severity)
{
	if (!node || !node->aer || (unsigned int)severity > MG_AER_FATAL || !node->aer->dev[severity].present)
		return NULL;
	return &node->aer->dev[severity];
}

MG_EXPORT int mg_pcie_node_has_aer(const struct mg_pcie_node *node)
{
	return node && node->aer;
}

MG_EXPORT long long mg_pcie_node_get_aer_total(const struct mg_pcie_node *node, enum mg_aer_severity severity)
{
	const struct mg_aer_set *set = aer_set(node, severity);

	return set ? set->total : MG_UNKNOWN;
}

MG_EXPORT size_t mg_pcie_node_get_aer_count(const struct mg_pcie_node *node, enum mg_aer_severity severity)
{
	const struct mg_aer_set *set = aer_set(node, severity);

	return set ? set->count : 0;
}

MG_EXPORT const char *mg_pcie_node_get_aer_name(const struct mg_pcie_node *node, enum mg_aer_severity severity,
						size_t index)
{
	const struct mg_aer_set *set = aer_set(node, severity);

	return set && index < set->count ? set->counters[index].name : NULL;
}

MG_EXPORT long long mg_pcie_node_get_aer_value(const struct mg_pcie_node *node, enum mg_aer_severity severity,
					       size_t index)
{
	const struct mg_aer_set *set = aer_set(node, severity);

	return set && index < set->count ? set->counters[index].value : MG_UNKNOWN;
}

MG_EXPORT long long mg_pcie_node_get_aer_rootport_total(const struct mg_pcie_node *node,
							enum mg_aer_severity severity)
{
	if (!node || !node->aer || (unsigned int)severity > MG_AER_FATAL)
		return MG_UNKNOWN;
	return node->aer->rootport_total[severity];
}

MG_GETTER(int, mg_pcie_node_get_link_events, mg_pcie_node, link_events, MG_UNKNOWN)
MG_GETTER(double, mg_pcie_node_get_link_target_speed_gts, mg_pcie_node, link_target_speed, MG_UNKNOWN)
MG_GETTER(int, mg_pcie_node_link_is_below_target, mg_pcie_node, below_target, MG_UNKNOWN)
