/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * present/: documents made from what the library gathered and decided,
 * as text in memory (SVG, HTML, charts). Pure: it reads nothing itself,
 * it takes objects already built and the public getters' answers, so the
 * CLI and the bindings hand out the same bytes.
 */
#ifndef MG_PRESENT_PRESENT_H
#define MG_PRESENT_PRESENT_H

#include <stdarg.h>

#include "model/model.h"

/* ---- strbuf.c: a string that grows, and the escapers every document goes through ---- */

/* A growing string; after a failed allocation every call is a no-op. */
struct mg_strbuf {
	char *buf;
	size_t len, alloc;
	bool failed;
};

/* Trusted markup, written as it is. */
void mg_strbuf_put(struct mg_strbuf *t, const char *s);
void mg_strbuf_printf(struct mg_strbuf *t, const char *fmt, ...) MG_PRINTF(2, 3);
void mg_strbuf_vprintf(struct mg_strbuf *t, const char *fmt, va_list args) MG_PRINTF(2, 0);
/*
 * Text from the machine, safe in XML and HTML content and in attribute
 * values: & < > " ' become entities, every other character is shown as
 * text shows it (mg_show_next(): \\, \xNN, \u200b), so the file holds
 * nothing XML forbids and two strings never look alike. At most
 * @max_chars characters are written, the last one an ellipsis when @s was
 * longer (an escape counts as one); 0 for no limit. NULL writes nothing.
 */
void mg_strbuf_escape(struct mg_strbuf *t, const char *s, size_t max_chars);
/* The same for plain text (the library's own text documents): no entities. */
void mg_strbuf_show(struct mg_strbuf *t, const char *s, size_t max_chars);
/* The string, handed over (free() it), or NULL when an allocation failed. */
char *mg_strbuf_take(struct mg_strbuf *t);
void mg_strbuf_free(struct mg_strbuf *t);

/*
 * Where a line of @s may end so that it holds at most @width characters:
 * the byte offset after the last space that fits (or @width characters
 * into a word longer than the line). @s is assumed escaped-to-be, so
 * characters are counted as UTF-8 sequences.
 */
size_t mg_strbuf_line_break(const char *s, size_t width);

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

void mg_svg_pcie_path(struct mg_strbuf *t, const struct mg_svg_input *in);

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

void mg_svg_line_chart(struct mg_strbuf *t, const struct mg_chart *c);

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
	struct mg_wiphy *wifi;			/* a Wi-Fi interface's wiphy, or NULL; the gatherer's reference */
	const struct mg_kernel_log *kernel_log;	/* NULL when unread */
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

void mg_html_report(struct mg_strbuf *t, const struct mg_report_input *in);

/* ---- json.c: the JSON emitter ---- */

/*
 * The JSON text: one emitter, and the writer of each object's shape on
 * top of it. The CLI prints what these write and the Python package
 * parses it, so each key, each value and each escape is decided here once.
 *
 * The text is what json-c writes with JSON_C_TO_STRING_PRETTY |
 * JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE (two spaces per
 * level, "key": value), or with MG_JSON_LINE what it writes plain (one
 * line, no spaces, '/' escaped): the CLI's output stays what it was when it
 * built json-c trees, and tests/test-json-write.c holds the emitter to
 * json-c's own printer byte for byte.
 */

/* Deep enough for every shape the writers make (a show object is five). */
#define MG_JSON_DEPTH 16

struct mg_json {
	char *buf;
	size_t len, alloc;
	bool failed;		/* out of memory, or nested too deep: the text is incomplete */
	bool line;		/* MG_JSON_LINE */
	bool bytes;		/* MG_JSON_BYTES */
	bool after_key;		/* the next value is a member's */
	int base;		/* indentation of the top-level value, in levels */
	int depth;		/* open objects and arrays */
	bool empty[MG_JSON_DEPTH]; /* whether the container at each depth has no member yet */
};

/* A writer for @flags (MG_JSON_LINE, MG_JSON_BYTES are the emitter's), its top value at @base levels. */
void mg_json_init(struct mg_json *j, unsigned int flags, int base);
/* Empty the text for the next document, keeping the buffer. */
void mg_json_reset(struct mg_json *j);
void mg_json_free(struct mg_json *j);
/* The text, handed over in *@out (free() it): 0, or -ENOMEM (then *@out is NULL). */
int mg_json_take(struct mg_json *j, char **out);

void mg_json_object(struct mg_json *j);
void mg_json_object_end(struct mg_json *j);
void mg_json_array(struct mg_json *j);
void mg_json_array_end(struct mg_json *j);
/* A member's key; its value follows. */
void mg_json_key(struct mg_json *j, const char *key);
/* Text written as it is, outside any value: a separator between documents. */
void mg_json_raw(struct mg_json *j, const char *s, size_t n);

/* Values. A NULL string is null. */
void mg_json_null(struct mg_json *j);
void mg_json_bool(struct mg_json *j, bool v);
void mg_json_int(struct mg_json *j, long long v);
void mg_json_uint(struct mg_json *j, uint64_t v);
void mg_json_str(struct mg_json *j, const char *s);
/* A number whose text is made already ("2.500"); NULL is null. */
void mg_json_number(struct mg_json *j, const char *text);

/* Values as the library's getters give them: MG_UNKNOWN (or below 0 where said) is null. */
void mg_json_int_or_null(struct mg_json *j, int v);		/* MG_UNKNOWN: null */
void mg_json_bool_or_null(struct mg_json *j, int v);		/* MG_UNKNOWN: null */
void mg_json_hex(struct mg_json *j, int v, int digits);		/* "0x10ec"; MG_UNKNOWN: null */
void mg_json_gbps(struct mg_json *j, double gbps);		/* "%.3f"; below 0 or not finite: null */
void mg_json_gts(struct mg_json *j, double gts);		/* "%g"; below 0: null */
void mg_json_fixed(struct mg_json *j, double v, int decimals);	/* "%.*f"; below 0 or not finite: null */
void mg_json_milli(struct mg_json *j, int milli);		/* thousandths as a decimal: 62500 is 62.5 */
void mg_json_limit(struct mg_json *j, enum mg_limit limit);	/* its name; MG_LIMIT_UNKNOWN: null */

/* ---- out.c: a field's JSON member and its text from one call ---- */

/*
 * A writer of one document, JSON or text, set up with exactly one of the
 * two (iproute2's PRINT_ANY): a presenter that writes a field with
 * mg_out_*() names its key and its text once, in one line, and the same
 * function writes both documents. @key NULL: text only; @fmt NULL: JSON
 * only. The text is written whenever @fmt is given: a line that is left
 * out when the value is unknown passes NULL for it. In JSON an unknown
 * value is null: MG_UNKNOWN for an int or a bool, below 0 for a fixed
 * point number, NULL for a string ("" is a string: a hidden SSID).
 */
struct mg_out {
	struct mg_json *j;	/* NULL when writing text */
	struct mg_strbuf *t;	/* NULL when writing JSON */
};

bool mg_out_is_text(const struct mg_out *o);
/* @fmt takes the int. */
void mg_out_int(struct mg_out *o, const char *key, const char *fmt, int v);
/* JSON: the number as it is (no unknown value); @fmt takes the long long. */
void mg_out_long(struct mg_out *o, const char *key, const char *fmt, long long v);
/* A counter. JSON: the number as it is (no unknown value: mg_out_null()); @fmt takes the uint64_t (PRIu64). */
void mg_out_uint(struct mg_out *o, const char *key, const char *fmt, uint64_t v);
/* JSON: @decimals places; @fmt takes the double. */
void mg_out_fixed(struct mg_out *o, const char *key, const char *fmt, double v, int decimals);
/* A number whose text is made already ("1.203456"): JSON the number, NULL null; @fmt takes the text, NULL as "-". */
void mg_out_number(struct mg_out *o, const char *key, const char *fmt, const char *number);
/* Thousandths (°C): JSON a decimal, null unless @known; @fmt takes the units as a double (@milli / 1000.0). */
void mg_out_milli(struct mg_out *o, const char *key, const char *fmt, int milli, bool known);
/* @v 1, 0 or MG_UNKNOWN; @fmt takes it as an int. */
void mg_out_bool(struct mg_out *o, const char *key, const char *fmt, int v);
/* JSON: "0x3" with at least @digits digits ("0x10ec"), MG_UNKNOWN null; @fmt takes it as an unsigned int. */
void mg_out_hex(struct mg_out *o, const char *key, const char *fmt, int v, int digits);
/* Gbit/s: JSON three decimals, below 0 or not finite null; @fmt takes the double. */
void mg_out_gbps(struct mg_out *o, const char *key, const char *fmt, double gbps);
/* GT/s: JSON as %g (2.5, 8), below 0 null; @fmt takes the double. */
void mg_out_gts(struct mg_out *o, const char *key, const char *fmt, double gts);
/* JSON the limit's name, MG_LIMIT_UNKNOWN null; text mg_limit_name() ("unknown") through @fmt. */
void mg_out_limit(struct mg_out *o, const char *key, const char *fmt, enum mg_limit limit);
/* JSON: a count, below 0 null; @fmt takes the long long. */
void mg_out_count(struct mg_out *o, const char *key, const char *fmt, long long v);
/* Text: @s shown as text shows a string from the machine (mg_strbuf_show()), NULL as "-"; @fmt takes it. */
void mg_out_str(struct mg_out *o, const char *key, const char *fmt, const char *s);
/* @v 1, 0 or MG_UNKNOWN: JSON true, false or null; text @yes, @no or "unknown" through @fmt. */
void mg_out_word(struct mg_out *o, const char *key, const char *fmt, int v, const char *yes, const char *no);
/* Text only: trusted words and separators between fields. */
void mg_out_text(struct mg_out *o, const char *fmt, ...) MG_PRINTF(2, 3);
/* JSON only; @key NULL: an array's element, or a member whose key is written. */
void mg_out_null(struct mg_out *o, const char *key);
/* JSON only: the key of the member a writer of a whole object (mg_out_ethlink(), ...) then writes the value of. */
void mg_out_key(struct mg_out *o, const char *key);
void mg_out_object(struct mg_out *o, const char *key);	/* @key NULL: an array's element, or the top */
void mg_out_object_end(struct mg_out *o);
void mg_out_array(struct mg_out *o, const char *key);	/* JSON only: a member, or the top when @key is NULL */
void mg_out_array_end(struct mg_out *o);
/* An array's string element; in text @s shown through @fmt as mg_out_str() shows it. */
void mg_out_item(struct mg_out *o, const char *fmt, const char *s);
/* A text writer's document into *@text (malloc'ed): 0, or -ENOMEM when it could not be written. */
int mg_out_take_text(struct mg_strbuf *t, char **text);

/* ---- the writers of each concept, shared by the public calls ---- */

/* nic.c: an adapter's identity as list's JSON has it, with @detail as show's; in text, show's lines. */
void mg_out_nic_identity(struct mg_out *o, const struct mg_nic *nic, bool detail);
/* nic.c: an adapter as JSON; @flags as mg_nic_to_json() takes them. */
void mg_json_nic(struct mg_json *j, const struct mg_nic *nic, unsigned int flags);
/* settings.c: the four groups, as members of the object open in JSON, or a line each. */
void mg_out_settings_groups(struct mg_out *o, const struct mg_settings *s);
/* ethlink.c: the Ethernet link's object (null for NULL), or its lines. */
void mg_out_ethlink(struct mg_out *o, const struct mg_ethlink *l);
/* eee.c, features.c: the object (null for NULL), or show's lines. */
void mg_out_eee(struct mg_out *o, const struct mg_eee *e);
void mg_out_features(struct mg_out *o, const struct mg_features *f);
/* stats.c: every counter in JSON (null for NULL), show's summary of them in text. */
void mg_out_stats(struct mg_out *o, const struct mg_stats *s);
/* irqs.c: the vectors and the queues' CPUs (null for NULL), or show's lines. */
void mg_out_irqs(struct mg_out *o, const struct mg_irqs *r);
/* temps.c: the sensors' array (null for NULL), or a line each. */
void mg_out_temps(struct mg_out *o, const struct mg_temps *t);
/* kernel-log.c: the lines, or null when unread or unreadable (then "kernel_log_unknown" says why); or show's lines. */
void mg_out_kernel_log(struct mg_out *o, const struct mg_kernel_log *log);
void mg_json_kernel_log(struct mg_json *j, const struct mg_kernel_log *log);
/* usb.c: "usb" as show has it, the bus ceiling then the path (null when neither is known), or its lines. */
void mg_out_usb(struct mg_out *o, const struct mg_usb_info *u, const struct mg_throughput *t);
void mg_json_usb(struct mg_json *j, const struct mg_usb_info *u, const struct mg_throughput *t);
/* throughput.c: the verdict's object, or show's "expected:" line. */
void mg_out_throughput(struct mg_out *o, const struct mg_throughput *t);
/* pcie.c: show's summary of a path (null for NULL), or its line. */
void mg_out_pcie_summary(struct mg_out *o, const struct mg_pcie_path *path);
/*
 * estimate.c: the model's object as member @key (NULL: the top), or its
 * lines of ceilings; @text_flags add text: the "PCIe:" line of what the
 * link carries, the note that the figures are a lower bound.
 */
enum { MG_OUT_ESTIMATE_PCIE = 1 << 0, MG_OUT_ESTIMATE_LOWER = 1 << 1 };
void mg_out_estimate(struct mg_out *o, const char *key, const struct mg_estimate *e, unsigned int text_flags);
void mg_json_estimate(struct mg_json *j, const struct mg_estimate *e);
/* json-wifi.c; wiphy.c */
void mg_json_wifi_rate(struct mg_json *j, const struct mg_wifi_rate *r);
void mg_json_wiphy_list(struct mg_json *j, const struct mg_wiphy_list *l);
/* wiphy.c writes wifi's array and text; wifi-link.c a station interface's "link" object, or its lines of text. */
void mg_out_wifi_link(struct mg_out *o, const struct mg_wiphy *w, const char *ifname);

/* The checks every public writer makes: @flags within @allowed, @json not NULL. */
int mg_json_check(const void *object, unsigned int flags, unsigned int allowed, char **json);

/*
 * A public writer of one object that takes the two flags every object
 * takes (MG_JSON_LINE, MG_JSON_BYTES) and nothing else: @writer, a
 * mg_json_*() of this file, writes its shape.
 */
#define MG_JSON_EXPORT(fn, object, writer)						\
	MG_EXPORT int fn(const struct object *obj, unsigned int flags, char **json)	\
	{										\
		struct mg_json j;							\
		int err = mg_json_check(obj, flags, MG_JSON_LINE | MG_JSON_BYTES, json);\
											\
		if (err < 0)								\
			return err;							\
		mg_json_init(&j, flags, 0);						\
		writer(&j, obj);							\
		return mg_json_take(&j, json);						\
	}

/*
 * A public writer of one object's text, the lines multigig show prints for
 * it: @writer, an mg_out_*() of this layer, writes the same shape as its
 * JSON writer does.
 */
#define MG_TEXT_EXPORT(fn, object, writer)						\
	MG_EXPORT int fn(const struct object *obj, char **text)				\
	{										\
		struct mg_strbuf t = { 0 };						\
		struct mg_out o = { .t = &t };						\
											\
		if (!obj || !text)							\
			return -EINVAL;							\
		writer(&o, obj);							\
		return mg_out_take_text(&t, text);					\
	}

/*
 * Both public writers of one object, JSON (@json_fn, flags MG_JSON_LINE and
 * MG_JSON_BYTES) and show's text (@text_fn), from one mg_out_*() @writer.
 */
#define MG_OUT_EXPORT(json_fn, text_fn, object, writer)					\
	MG_EXPORT int json_fn(const struct object *obj, unsigned int flags, char **json)	\
	{										\
		struct mg_json j;							\
		struct mg_out o = { .j = &j };						\
		int err = mg_json_check(obj, flags, MG_JSON_LINE | MG_JSON_BYTES, json);\
											\
		if (err < 0)								\
			return err;							\
		mg_json_init(&j, flags, 0);						\
		writer(&o, obj);							\
		return mg_json_take(&j, json);						\
	}										\
	MG_TEXT_EXPORT(text_fn, object, writer)

/* ---- prometheus.c: the Prometheus text exposition ---- */

/*
 * The Prometheus text exposition of adapters already gathered and
 * decided. mg_prometheus_write() (compose/prometheus-gather.c) gathers, this writes:
 * the CLI's export and Python's Collector hand out the same text.
 */

struct mg_prom_adapter {
	const struct mg_nic *nic;	/* read with settings, link, counters and sensors */
	const char *device;		/* the label: the interface, else the PCI address */
	struct mg_pcie_path *path;		/* NULL when not on PCI or unread; the gatherer's to free */
	struct mg_throughput *throughput;	/* NULL when undecided; the gatherer's to free */
	struct mg_wiphy *wifi;			/* a Wi-Fi interface's wiphy, or NULL; the gatherer's reference */
};

struct mg_prom_input {
	const struct mg_prom_adapter *adapters;
	size_t count;
	const struct mg_doctor *doctor;
};

void mg_prometheus_text(struct mg_strbuf *t, const struct mg_prom_input *in);

#endif
