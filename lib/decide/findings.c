/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Findings and reports: built by the rules, ranked, read through getters.
 * Pure bookkeeping; what is wrong is decided in rules.c.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decide/decide.h"

MG_PRINTF(1, 0) static char *vformat(const char *fmt, va_list args)
{
	char *s = NULL;

	return vasprintf(&s, fmt, args) < 0 ? NULL : s;
}

struct mg_finding *mg_finding_add(struct mg_doctor *d, const char *id, enum mg_severity sev, const char *nic)
{
	struct mg_finding **grown = mg_array_grow(d->items, &d->alloc, d->count, sizeof(*grown));
	struct mg_finding *f;

	if (!grown)
		return NULL;
	d->items = grown;
	f = calloc(1, sizeof(*f));
	if (!f)
		return NULL;
	f->id = strdup(id);
	f->nic = strdup(nic ? nic : "-");
	if (!f->id || !f->nic) {
		free(f->id);
		free(f->nic);
		free(f);
		return NULL;
	}
	f->severity = sev;
	f->impact_gbps = -1;
	f->fix_eee = -1;
	f->fix_aspm_l1 = -1;
	f->fix_rps_cpus = -1;
	d->items[d->count++] = f;
	return f;
}

#define SET_TEXT(field)                                  \
	do {                                             \
		va_list args;                            \
		char *s;                                 \
                                                         \
		va_start(args, fmt);                     \
		s = vformat(fmt, args);                  \
		va_end(args);                            \
		if (!s)                                  \
			return -ENOMEM;                  \
		free(field);                             \
		field = s;                               \
	} while (0)

int mg_finding_title(struct mg_finding *f, const char *fmt, ...)
{
	SET_TEXT(f->title);
	return 0;
}

int mg_finding_evidence(struct mg_finding *f, const char *source, const char *fmt, ...)
{
	struct mg_evidence *e;

	if (f->nevidence == MG_EVIDENCE_MAX)
		return -E2BIG;
	e = &f->evidence[f->nevidence];
	e->source = strdup(source);
	if (!e->source)
		return -ENOMEM;
	SET_TEXT(e->fact);
	f->nevidence++;
	return 0;
}

int mg_finding_impact(struct mg_finding *f, double gbps, const char *fmt, ...)
{
	f->impact_gbps = gbps;
	SET_TEXT(f->impact);
	return 0;
}

int mg_finding_fix(struct mg_finding *f, const char *command, const char *fmt, ...)
{
	if (command) {
		free(f->fix_command);
		f->fix_command = strdup(command);
		if (!f->fix_command)
			return -ENOMEM;
	}
	SET_TEXT(f->fix);
	return 0;
}

/* The interface a fix changes, as the rules saw it: a plan checks it is still that one. */
static int fix_target(struct mg_finding *f, const struct mg_nic *nic)
{
	if (f->fix_ifname)
		return 0;
	f->fix_ifname = strdup(mg_nic_get_name(nic) ? mg_nic_get_name(nic) : "");
	if (!f->fix_ifname)
		return -ENOMEM;
	mg_iface_id_set(&f->fix_id, mg_nic_get_ifindex(nic), mg_nic_get_name(nic), mg_nic_get_kind(nic),
			mg_nic_get_parent(nic), mg_nic_get_mac(nic));
	return 0;
}

int mg_finding_fix_param(struct mg_finding *f, const struct mg_nic *nic, enum mg_param param, long long value)
{
	if (f->nfix_params == MG_FIX_PARAMS_MAX)
		return -E2BIG;
	if (fix_target(f, nic) < 0)
		return -ENOMEM;
	f->fix_params[f->nfix_params].param = param;
	f->fix_params[f->nfix_params].value = value;
	f->nfix_params++;
	return 0;
}

static void finding_free(struct mg_finding *f)
{
	free(f->id);
	free(f->nic);
	free(f->title);
	for (size_t i = 0; i < f->nevidence; i++) {
		free(f->evidence[i].fact);
		free(f->evidence[i].source);
	}
	free(f->impact);
	free(f->fix);
	free(f->fix_command);
	free(f->fix_ifname);
	free(f->fix_advertise);
	free(f);
}

/* Most severe first; then the lowest ceiling; then by adapter and id, for a stable order. */
static int by_rank(const void *a, const void *b)
{
	const struct mg_finding *x = *(struct mg_finding *const *)a, *y = *(struct mg_finding *const *)b;
	int c;

	if (x->severity != y->severity)
		return x->severity > y->severity ? -1 : 1;
	if ((x->impact_gbps >= 0) != (y->impact_gbps >= 0))
		return x->impact_gbps >= 0 ? -1 : 1;
	if (x->impact_gbps >= 0 && x->impact_gbps != y->impact_gbps)
		return x->impact_gbps < y->impact_gbps ? -1 : 1;
	c = strcmp(x->nic, y->nic);
	return c ? c : strcmp(x->id, y->id);
}

int mg_finding_fix_advertise(struct mg_finding *f, const struct mg_nic *nic, const char *modes)
{
	if (fix_target(f, nic) < 0)
		return -ENOMEM;
	free(f->fix_advertise);
	f->fix_advertise = strdup(modes);
	return f->fix_advertise ? 0 : -ENOMEM;
}

int mg_finding_fix_eee(struct mg_finding *f, const struct mg_nic *nic, int on)
{
	if (fix_target(f, nic) < 0)
		return -ENOMEM;
	f->fix_eee = on ? 1 : 0;
	return 0;
}

int mg_finding_fix_aspm_l1(struct mg_finding *f, const struct mg_nic *nic, int on)
{
	if (fix_target(f, nic) < 0)
		return -ENOMEM;
	f->fix_aspm_l1 = on ? 1 : 0;
	return 0;
}

int mg_finding_fix_rps_cpus(struct mg_finding *f, const struct mg_nic *nic, uint64_t cpus)
{
	if (fix_target(f, nic) < 0)
		return -ENOMEM;
	/* Every one of 64 CPUs would read as -1, "leave them": no rule asks it (the busy CPU is never in). */
	if (cpus == ~0ull)
		return -EINVAL;
	f->fix_rps_cpus = (long long)cpus;
	return 0;
}

void mg_doctor_rank(struct mg_doctor *d)
{
	if (d->count > 1)
		qsort(d->items, d->count, sizeof(*d->items), by_rank);
}

/* The findings' fix settings belong to the API layer and are freed there first. */
void mg_doctor_free_findings(struct mg_doctor *report)
{
	for (size_t i = 0; i < report->count; i++)
		finding_free(report->items[i]);
	free(report->items);
	free(report);
}

MG_EXPORT const char *mg_severity_name(enum mg_severity severity)
{
	switch (severity) {
	case MG_SEVERITY_INFO:
		return "info";
	case MG_SEVERITY_WARNING:
		return "warning";
	case MG_SEVERITY_CRITICAL:
		return "critical";
	}
	return "unknown";
}

MG_EXPORT size_t mg_doctor_count(const struct mg_doctor *report)
{
	return report ? report->count : 0;
}

MG_EXPORT const struct mg_finding *mg_doctor_get(const struct mg_doctor *report, size_t index)
{
	return report && index < report->count ? report->items[index] : NULL;
}

MG_EXPORT const char *mg_finding_get_id(const struct mg_finding *f)
{
	return f ? f->id : NULL;
}

MG_EXPORT enum mg_severity mg_finding_get_severity(const struct mg_finding *f)
{
	return f ? f->severity : MG_SEVERITY_INFO;
}

MG_EXPORT const char *mg_finding_get_nic(const struct mg_finding *f)
{
	return f ? f->nic : NULL;
}

MG_EXPORT const char *mg_finding_get_title(const struct mg_finding *f)
{
	return f ? f->title : NULL;
}

MG_EXPORT size_t mg_finding_get_evidence_count(const struct mg_finding *f)
{
	return f ? f->nevidence : 0;
}

MG_EXPORT const char *mg_finding_get_evidence(const struct mg_finding *f, size_t index, const char **source)
{
	if (!f || index >= f->nevidence)
		return NULL;
	if (source)
		*source = f->evidence[index].source;
	return f->evidence[index].fact;
}

MG_EXPORT const char *mg_finding_get_impact(const struct mg_finding *f, double *gbps)
{
	if (gbps)
		*gbps = f ? f->impact_gbps : -1;
	return f ? f->impact : NULL;
}

MG_EXPORT const char *mg_finding_get_fix(const struct mg_finding *f)
{
	return f ? f->fix : NULL;
}

MG_EXPORT const char *mg_finding_get_fix_command(const struct mg_finding *f)
{
	return f ? f->fix_command : NULL;
}

MG_EXPORT const struct mg_settings *mg_finding_get_fix_settings(const struct mg_finding *f, const char **ifname)
{
	if (ifname)
		*ifname = f ? f->fix_ifname : NULL;
	return f ? f->fix_settings : NULL;
}
