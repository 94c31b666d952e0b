/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * /proc/interrupts as text: a header naming the CPU of each column
 * ("CPU0 CPU1 CPU3" when CPU2 is offline), then per interrupt its number,
 * one count per column, the controller's description and the handlers'
 * names, which the kernel sets apart by two spaces. Rows named rather than
 * numbered (NMI, LOC, ERR) are not a device's and are left out. Also CPU
 * lists as the kernel writes them ("0-3,8"). Pure: text in, structs out.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "decide/decide.h"

#define CPUS_MAX 65536
#define LINES_MAX 1000000

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* A decimal number at *p, moving past it; false when none or too large. */
static bool take_number(const char **p, const char *end, uint64_t *v)
{
	const char *s = *p;
	uint64_t n = 0;

	if (s == end || !is_digit(*s))
		return false;
	for (; s < end && is_digit(*s); s++) {
		unsigned int d = (unsigned int)(*s - '0');

		if (n > (UINT64_MAX - d) / 10)
			return false;
		n = n * 10 + d;
	}
	*v = n;
	*p = s;
	return true;
}

static const char *skip_blanks(const char *p, const char *end)
{
	while (p < end && is_blank(*p))
		p++;
	return p;
}

/* "  CPU0  CPU1  CPU5": the CPU of each column. */
static int parse_header(const char *p, const char *end, struct mg_interrupts *out)
{
	size_t alloc = 0;

	for (p = skip_blanks(p, end); p < end; p = skip_blanks(p, end)) {
		uint64_t cpu;
		int *grown;

		if (end - p < 4 || memcmp(p, "CPU", 3) != 0)
			return -EBADMSG;
		p += 3;
		if (!take_number(&p, end, &cpu) || cpu >= CPUS_MAX || out->ncpus == CPUS_MAX)
			return -EBADMSG;
		grown = mg_array_grow(out->cpus, &alloc, out->ncpus, sizeof(*grown));
		if (!grown)
			return -ENOMEM;
		out->cpus = grown;
		out->cpus[out->ncpus++] = (int)cpu;
	}
	return out->ncpus ? 0 : -EBADMSG;
}

/* The handlers' names: after the last run of two blanks, the line's end trimmed. */
static char *names_of(const char *p, const char *end)
{
	const char *start = NULL;
	char *name;

	while (end > p && (is_blank(end[-1]) || end[-1] == '\r'))
		end--;
	for (const char *q = p; q + 1 < end; q++)
		if (is_blank(q[0]) && is_blank(q[1]))
			start = q + 2;
	if (start)
		start = skip_blanks(start, end);
	if (!start || start >= end)
		return strdup("");
	name = malloc((size_t)(end - start) + 1);
	if (name) {
		memcpy(name, start, (size_t)(end - start));
		name[end - start] = '\0';
	}
	return name;
}

/* "  45:  10  0  GICv2 189 Level  eth0": false for a row that is not numbered. */
static int parse_row(const char *p, const char *end, size_t ncpus, struct mg_interrupt_line *line)
{
	uint64_t irq, v;
	size_t n = 0;

	p = skip_blanks(p, end);
	if (!take_number(&p, end, &irq) || p == end || *p != ':' || irq > 0x7fffffff)
		return 0;
	p++;
	line->irq = (int)irq;
	line->counts = calloc(ncpus, sizeof(*line->counts));
	if (!line->counts)
		return -ENOMEM;
	for (; n < ncpus; n++) {
		const char *q = skip_blanks(p, end);

		if (!take_number(&q, end, &v) || (q < end && !is_blank(*q)))
			break;
		line->counts[n] = v;
		p = q;
	}
	/* A row with fewer counts than columns has no count for some CPU: none is taken. */
	if (n < ncpus) {
		free(line->counts);
		line->counts = NULL;
	}
	line->name = names_of(p, end);
	if (!line->name) {
		free(line->counts);
		return -ENOMEM;
	}
	return 1;
}

int mg_interrupts_parse(const char *text, size_t len, struct mg_interrupts *out)
{
	const char *p = text, *end = text + len;
	size_t alloc = 0;
	bool header = false;
	int err = 0;

	memset(out, 0, sizeof(*out));
	while (p < end && err >= 0) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end;

		if (!header) {
			err = parse_header(p, eol, out);
			header = true;
		} else if (out->nlines < LINES_MAX) {
			struct mg_interrupt_line *grown = mg_array_grow(out->lines, &alloc, out->nlines,
									sizeof(*grown));

			if (!grown) {
				err = -ENOMEM;
				break;
			}
			out->lines = grown;
			err = parse_row(p, eol, out->ncpus, &out->lines[out->nlines]);
			if (err > 0)
				out->nlines++;
		}
		p = eol + 1;
	}
	if (!header)
		err = -EBADMSG;
	if (err < 0)
		mg_interrupts_free(out);
	return err < 0 ? err : 0;
}

void mg_interrupts_free(struct mg_interrupts *in)
{
	for (size_t i = 0; i < in->nlines; i++) {
		free(in->lines[i].counts);
		free(in->lines[i].name);
	}
	free(in->lines);
	free(in->cpus);
	memset(in, 0, sizeof(*in));
}

const struct mg_interrupt_line *mg_interrupts_find(const struct mg_interrupts *in, int irq)
{
	for (size_t i = 0; i < in->nlines; i++)
		if (in->lines[i].irq == irq)
			return &in->lines[i];
	return NULL;
}

int mg_cpulist_count(const char *list)
{
	const char *p = list, *end = list + strlen(list);
	uint64_t count = 0;

	while (end > p && (end[-1] == '\n' || is_blank(end[-1])))
		end--;
	if (p == end)
		return 0; /* an empty list: no CPU */
	for (;;) {
		uint64_t lo, hi;

		if (!take_number(&p, end, &lo))
			return -EINVAL;
		hi = lo;
		if (p < end && *p == '-') {
			p++;
			if (!take_number(&p, end, &hi) || hi < lo)
				return -EINVAL;
		}
		count += hi - lo + 1;
		if (count > CPUS_MAX)
			return -EINVAL;
		if (p == end)
			return (int)count;
		if (*p++ != ',')
			return -EINVAL;
	}
}
