/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * present/: documents made from what the library gathered and decided,
 * as text in memory (SVG, HTML, charts). Pure: it reads nothing itself,
 * it takes objects already built and the public getters' answers, so the
 * CLI and the bindings hand out the same bytes.
 */
#ifndef MG_PRESENT_PRESENT_H
#define MG_PRESENT_PRESENT_H

#include "model/model.h"

/* A growing string; after a failed allocation every call is a no-op. */
struct mg_text {
	char *buf;
	size_t len, alloc;
	bool failed;
};

/* Trusted markup, written as it is. */
void mg_text_put(struct mg_text *t, const char *s);
void mg_text_printf(struct mg_text *t, const char *fmt, ...) MG_PRINTF(2, 3);
/*
 * Text from the machine, safe in XML and HTML content and in attribute
 * values: & < > " ' become entities, bytes that are not UTF-8 and control
 * characters XML forbids become U+FFFD. At most @max_chars characters are
 * written, the last one an ellipsis when @s was longer; 0 for no limit.
 * NULL writes nothing.
 */
void mg_text_escape(struct mg_text *t, const char *s, size_t max_chars);
/* The string, handed over (free() it), or NULL when an allocation failed. */
char *mg_text_take(struct mg_text *t);
void mg_text_free(struct mg_text *t);

/*
 * Where a line of @s may end so that it holds at most @width characters:
 * the byte offset after the last space that fits (or @width characters
 * into a word longer than the line). @s is assumed escaped-to-be, so
 * characters are counted as UTF-8 sequences.
 */
size_t mg_text_line_break(const char *s, size_t width);

/* ---- svg.c: the PCIe path drawn ---- */

/* A limit as a reader names it: "PCIe", "Ethernet", "USB", "unknown". */
const char *mg_present_limit_word(enum mg_limit limit);

/* Names of one function of the path, or NULL where none is known. */
struct mg_svg_names {
	const char *vendor;
	const char *device;
};

struct mg_svg_input {
	const struct mg_pcie_path *path;
	const struct mg_throughput *throughput;	/* may be NULL */
	const char *ifname;			/* may be NULL */
	const struct mg_svg_names *names;	/* one per node, or NULL */
	bool inline_html;			/* no XML declaration: inside a page */
};

void mg_svg_pcie_path(struct mg_text *t, const struct mg_svg_input *in);

/* ---- chart.c: values over time ---- */

struct mg_chart_series {
	const char *name;	/* from the machine: escaped */
	const double *y;	/* NaN where unknown */
};

struct mg_chart {
	const char *title;
	const char *unit;	/* after the tick labels: "bit/s", "/s", "°C" */
	const double *x;	/* seconds */
	size_t n;
	const struct mg_chart_series *series;
	size_t nseries;
	double ceiling;		/* a dashed line; <= 0 for none */
	const char *ceiling_label;
};

void mg_svg_line_chart(struct mg_text *t, const struct mg_chart *c);

/* What `report --watch` sampled, one value per second and series. */
struct mg_watch_series {
	unsigned int seconds;
	size_t n;
	double *t, *rx_bps, *tx_bps, *temp_c;
	double ceiling_rx_bps, ceiling_tx_bps;	/* <= 0 unknown */
	size_t ncpus;
	int *cpus;
	double **cpu_irqs;			/* ncpus arrays of n */
	char **cpu_names;			/* "CPU0": the legend */
};

/* ---- html.c: the report page ---- */

struct mg_report_nic {
	const struct mg_nic *nic;
	const struct mg_settings *settings;	/* NULL when unread */
	char settings_why[256];			/* why not, in words; "" when read */
	const struct mg_ethlink *ethlink;	/* NULL when unread */
	const struct mg_features *features;	/* offloads; NULL when unread */
	char features_why[256];			/* why not, in words */
	const struct mg_eee *eee;		/* NULL when unread */
	const struct mg_throughput *throughput;	/* NULL when undecided */
	const struct mg_pcie_path *path;	/* NULL when not on PCI or unread */
	char path_why[256];			/* why unread, in words */
	const char *svg;			/* the path drawn, for inlining */
};

struct mg_report_input {
	const char *board;		/* NULL when unknown */
	const char *kernel;		/* NULL when unknown */
	const char *capture;		/* the captured tree's root; NULL when live */
	const char *capture_note;	/* what the capture says of itself, or NULL */
	const struct mg_report_nic *nics;
	size_t count;
	const struct mg_doctor *doctor;	/* NULL when it could not run */
	int doctor_err;
	const struct mg_watch_series *watch;	/* `report --watch`, or NULL */
};

void mg_html_report(struct mg_text *t, const struct mg_report_input *in);

#endif
