/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The JSON text of the present layer (lib/present/json*.c): one emitter,
 * and the writer of each object's shape on top of it. The CLI prints what
 * these write and the Python package parses it, so each key, each value
 * and each escape is decided here once.
 *
 * The text is what json-c writes with JSON_C_TO_STRING_PRETTY |
 * JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE (two spaces per
 * level, "key": value), or with MG_JSON_LINE what it writes plain (one
 * line, no spaces, '/' escaped): the CLI's output stays what it was when it
 * built json-c trees, and tests/test-json-write.c holds the emitter to
 * json-c's own printer byte for byte.
 */
#ifndef MG_PRESENT_JSON_H
#define MG_PRESENT_JSON_H

#include "mg-present.h"

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
void mg_json_fixed(struct mg_json *j, double v, int decimals);	/* "%.*f"; below 0: null */
void mg_json_milli(struct mg_json *j, int milli);		/* thousandths as a decimal: 62500 is 62.5 */
void mg_json_limit(struct mg_json *j, enum mg_limit limit);	/* its name; MG_LIMIT_UNKNOWN: null */

/*
 * The length of the well-formed UTF-8 sequence at @s (1 for ASCII), or 0
 * for a byte that starts none: overlong forms, surrogates and values above
 * U+10FFFF are not well formed. A NUL is never a continuation byte.
 */
size_t mg_utf8_length(const unsigned char *s);

/* ---- the writers of each concept, shared by the public calls ---- */

/* json-nic.c: an adapter; @flags as mg_nic_to_json() takes them. */
void mg_json_nic(struct mg_json *j, const struct mg_nic *nic, unsigned int flags);
/* json-settings.c: the four groups as members of the object open in @j. */
void mg_json_settings_groups(struct mg_json *j, const struct mg_settings *s);
/* json-link.c */
void mg_json_ethlink(struct mg_json *j, const struct mg_ethlink *l);
void mg_json_eee(struct mg_json *j, const struct mg_eee *e);
void mg_json_features(struct mg_json *j, const struct mg_features *f);
/* json-evidence.c; the USB path's keys are members of the "usb" object open in @j. */
void mg_json_stats(struct mg_json *j, const struct mg_stats *s);
void mg_json_irqs(struct mg_json *j, const struct mg_irqs *r);
void mg_json_temps(struct mg_json *j, const struct mg_temps *t);
void mg_json_usb_ceiling_members(struct mg_json *j, const struct mg_throughput *t);
void mg_json_usb_path_members(struct mg_json *j, const struct mg_usb_info *u);
/* "usb" as show has it: the bus ceiling, then the path; null when neither is known. */
void mg_json_usb(struct mg_json *j, const struct mg_usb_info *u, const struct mg_throughput *t);
/* json-pcie.c */
void mg_json_pcie_summary(struct mg_json *j, const struct mg_pcie_path *path);
void mg_json_throughput(struct mg_json *j, const struct mg_throughput *t);
void mg_json_estimate(struct mg_json *j, const struct mg_estimate *e);

/* The checks every public writer makes: @flags within @allowed, @json not NULL. */
int mg_json_check(const void *object, unsigned int flags, unsigned int allowed, char **json);

#endif
