/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * mg_doctor_run(): gather once (the adapters, their PCIe paths, settings
 * and links; from dumps when asked about all of them), hand each adapter's
 * facts to the rules, and rank what they found.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mg-doctor.h"

#define DEFAULT_INTERVAL_MS 1000

/* "0-3,6,8-9": how many CPUs that list names; MG_UNKNOWN when unreadable. */
static int count_cpu_list(const char *s)
{
	int count = 0;

	while (*s) {
		char *end;
		long a = strtol(s, &end, 10), b = a;

		if (end == s || a < 0)
			return MG_UNKNOWN;
		if (*end == '-') {
			s = end + 1;
			b = strtol(s, &end, 10);
			if (end == s || b < a)
				return MG_UNKNOWN;
		}
		count += (int)(b - a + 1);
		s = end;
		if (*s == ',')
			s++;
		else if (*s && *s != '\n')
			return MG_UNKNOWN;
		else
			break;
	}
	return count > 0 ? count : MG_UNKNOWN;
}

static int online_cpus(struct mg_ctx *ctx)
{
	char buf[256];

	if (mg_sysfs_read(ctx, "devices/system/cpu/online", buf, sizeof(buf)) <= 0)
		return MG_UNKNOWN;
	return count_cpu_list(buf);
}

/* Settings and link from the snapshot when the adapter came from one, else read now. */
static int examine(struct mg_ctx *ctx, struct mg_doctor *d, const struct mg_nic *nic, int cpus,
		   struct mg_pcie_path *before)
{
	struct mg_facts f = { .nic = nic, .online_cpus = cpus, .path_before = before, .interval_ms = d->interval_ms };
	struct mg_pcie_path *path = NULL;
	struct mg_throughput *tp = NULL;
	struct mg_settings *settings = NULL;
	struct mg_ethlink *link = NULL;
	int err;

	f.name = nic->name ? nic->name : nic->address;
	f.hardware = nic->bus != MG_BUS_VIRTUAL || MG_TEST_HOOK(ctx, doctor_virtual, false);
	if (nic->bus == MG_BUS_PCI && nic->address && mg_pcie_path_new_for_nic(ctx, nic, &path) < 0)
		mg_info(ctx, "%s: no PCIe path: %s", f.name, mg_ctx_last_error(ctx));
	if (mg_throughput_new(nic, path, &tp) < 0)
		tp = NULL;
	f.settings = nic->settings;
	if (!f.settings && nic->name && mg_settings_read_for_nic(ctx, nic, &settings) == 0)
		f.settings = settings;
	f.link = nic->ethlink;
	if (!f.link && nic->name && mg_ethlink_read_for_nic(ctx, nic, &link) == 0)
		f.link = link;
	mg_clear_error(ctx);
	f.path = path;
	f.throughput = tp;
	err = mg_doctor_rules(d, &f);
	mg_ethlink_free(link);
	mg_settings_free(settings);
	mg_throughput_free(tp);
	mg_pcie_path_free(path);
	return err;
}

/*
 * Counters that need growth (AER) are read twice, the interval apart; a
 * capture is one moment and is read once.
 */
static int examine_all(struct mg_ctx *ctx, struct mg_doctor *d, const struct mg_nic_list *list, int cpus,
		       unsigned int interval_ms)
{
	size_t n = mg_nic_list_count(list);
	struct mg_pcie_path **before = calloc(n + 1, sizeof(*before));
	bool sample = interval_ms != MG_DOCTOR_NO_SAMPLE && !ctx->offline, taken = false;
	int err = 0;

	if (!before)
		return -ENOMEM;
	for (size_t i = 0; sample && i < n; i++) {
		const struct mg_nic *nic = mg_nic_list_get(list, i);

		if (nic->bus == MG_BUS_PCI && nic->address && mg_pcie_path_new_for_nic(ctx, nic, &before[i]) < 0)
			before[i] = NULL;
		taken |= before[i] != NULL;
	}
	mg_clear_error(ctx);
	/* No second sample to wait for when nothing had a first. */
	if (taken)
		mg_sleep_ms(d->interval_ms);
	for (size_t i = 0; err == 0 && i < n; i++)
		err = examine(ctx, d, mg_nic_list_get(list, i), cpus, before[i]);
	for (size_t i = 0; i < n; i++)
		mg_pcie_path_free(before[i]);
	free(before);
	return err;
}

/* The rules name the parameters of a fix; here they become what mg_settings_apply() takes. */
static int build_fixes(struct mg_doctor *d)
{
	for (size_t i = 0; i < d->count; i++) {
		struct mg_finding *x = d->items[i];
		int err;

		if (!x->nfix_params && !x->fix_advertise && x->fix_eee < 0)
			continue;
		err = mg_settings_new(&x->fix_settings);
		for (size_t k = 0; err == 0 && k < x->nfix_params; k++)
			err = mg_settings_set(x->fix_settings, x->fix_params[k].param, x->fix_params[k].value);
		if (err == 0 && x->fix_advertise)
			err = mg_settings_set_advertise(x->fix_settings, x->fix_advertise);
		if (err == 0 && x->fix_eee >= 0)
			err = mg_settings_set_eee(x->fix_settings, x->fix_eee);
		if (err < 0)
			return err;
	}
	return 0;
}

MG_EXPORT void mg_doctor_free(struct mg_doctor *report)
{
	if (!report)
		return;
	for (size_t i = 0; i < report->count; i++)
		mg_settings_free(report->items[i]->fix_settings);
	mg_doctor_free_findings(report);
}

MG_EXPORT int mg_doctor_run(struct mg_ctx *ctx, const struct mg_nic *nic, unsigned int interval_ms,
			    struct mg_doctor **report)
{
	struct mg_nic_list *list = NULL;
	struct mg_doctor *d;
	int err, cpus;

	if (!ctx)
		return -EINVAL;
	if (!report)
		return mg_fail(ctx, -EINVAL, "mg_doctor_run: report is NULL");
	*report = NULL;
	mg_clear_error(ctx);
	d = calloc(1, sizeof(*d));
	if (!d)
		return -ENOMEM;
	/* Kept for the findings that need growth between two samples. */
	d->interval_ms = interval_ms ? interval_ms : DEFAULT_INTERVAL_MS;
	cpus = online_cpus(ctx);
	if (nic) {
		err = mg_nic_list_one(nic, &list);
	} else {
		err = mg_nic_list_new_with(ctx, MG_NIC_WITH_SETTINGS | MG_NIC_WITH_ETHLINK, &list);
	}
	if (err == 0)
		err = examine_all(ctx, d, list, cpus, interval_ms);
	mg_nic_list_free(list);
	if (err == 0)
		err = build_fixes(d);
	if (err < 0) {
		mg_doctor_free(d);
		return ctx->error[0] ? err : mg_fail(ctx, err, "doctor: %s", strerror(-err));
	}
	mg_doctor_rank(d);
	*report = d;
	return 0;
}
