/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The Prometheus text exposition of adapters already gathered and decided
 * (lib/present/prometheus.c). mg_prometheus_write() gathers, this writes:
 * the CLI's export and Python's Collector hand out the same text.
 */
#ifndef MG_PRESENT_PROMETHEUS_H
#define MG_PRESENT_PROMETHEUS_H

#include "mg-present.h"

struct mg_prom_adapter {
	const struct mg_nic *nic;	/* read with settings, link, counters and sensors */
	const char *device;		/* the label: the interface, else the PCI address */
	struct mg_pcie_path *path;		/* NULL when not on PCI or unread; the gatherer's to free */
	struct mg_throughput *throughput;	/* NULL when undecided; the gatherer's to free */
};

struct mg_prom_input {
	const struct mg_prom_adapter *adapters;
	size_t count;
	const struct mg_doctor *doctor;
};

void mg_prometheus_text(struct mg_text *t, const struct mg_prom_input *in);

#endif
