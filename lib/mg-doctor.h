/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The doctor's internals: findings, reports and the facts rules read. */
#ifndef MG_DOCTOR_H
#define MG_DOCTOR_H

#include "mg-apply.h"

#define MG_EVIDENCE_MAX 8
#define MG_FIX_PARAMS_MAX 4

struct mg_evidence {
	char *fact;
	char *source;
};

struct mg_finding {
	char *id;
	enum mg_severity severity;
	char *nic;
	char *title;
	struct mg_evidence evidence[MG_EVIDENCE_MAX];
	size_t nevidence;
	char *impact;
	double impact_gbps;	/* the ceiling it imposes; < 0 when none */
	char *fix;
	char *fix_command;
	char *fix_ifname;	/* the settings --fix would apply, on this interface */
	struct mg_iface_id fix_id;	/* that interface as the rules saw it */
	struct mg_settings *fix_settings;	/* made from fix_params once the rules ran */
	struct {
		enum mg_param param;
		long long value;
	} fix_params[MG_FIX_PARAMS_MAX];
	size_t nfix_params;
	char *fix_advertise;	/* link modes to advertise ("all"), or NULL */
	int fix_eee;		/* 0 or 1 to turn EEE off or on; -1: leave it */
	int fix_aspm_l1;	/* 0 or 1 to turn ASPM L1 off or on; -1: leave it */
};

struct mg_doctor {
	struct mg_finding **items;
	size_t count, alloc;
	unsigned int interval_ms;
};

/* Everything a rule may look at for one adapter; any of it may be NULL. */
struct mg_facts {
	const struct mg_nic *nic;
	const char *name;			/* interface, else the device's address */
	const struct mg_pcie_path *path;
	const struct mg_pcie_path *path_before;	/* the first sample, @interval_ms earlier, or NULL */
	unsigned int interval_ms;
	const struct mg_throughput *throughput;
	const struct mg_settings *settings;
	const struct mg_ethlink *link;
	const struct mg_eee *eee;
	const struct mg_stats *stats;
	const struct mg_stats *stats_before;	/* the first sample, or NULL */
	const struct mg_irqs *irqs;
	const struct mg_temps *temps;
	const struct mg_usb_info *usb;
	const struct mg_nic *lower;		/* a VLAN's or macvlan's lower device, or NULL */
	const struct mg_nic *master;		/* the bridge it is a port of, or NULL */
	int online_cpus;			/* MG_UNKNOWN when unread */
	bool hardware;				/* not a virtual device (or a test says to take it for one) */
};

/* decide/findings.c */
struct mg_finding *mg_finding_add(struct mg_doctor *d, const char *id, enum mg_severity sev,
				  const char *nic);
int mg_finding_title(struct mg_finding *f, const char *fmt, ...) MG_PRINTF(2, 3);
int mg_finding_evidence(struct mg_finding *f, const char *source, const char *fmt, ...) MG_PRINTF(3, 4);
int mg_finding_impact(struct mg_finding *f, double gbps, const char *fmt, ...) MG_PRINTF(3, 4);
int mg_finding_fix(struct mg_finding *f, const char *command, const char *fmt, ...) MG_PRINTF(3, 4);
/* A fix that is a settings change: --fix applies @param = @value to @nic's interface, as examined. */
int mg_finding_fix_param(struct mg_finding *f, const struct mg_nic *nic, enum mg_param param, long long value);
int mg_finding_fix_advertise(struct mg_finding *f, const struct mg_nic *nic, const char *modes);
int mg_finding_fix_eee(struct mg_finding *f, const struct mg_nic *nic, int on);
int mg_finding_fix_aspm_l1(struct mg_finding *f, const struct mg_nic *nic, int on);
void mg_doctor_rank(struct mg_doctor *d);
void mg_doctor_free_findings(struct mg_doctor *d);

/* decide/rules.c: every rule, on one adapter's facts. */
int mg_doctor_rules(struct mg_doctor *d, const struct mg_facts *facts);

#endif
