/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * CPU sets in the two forms the kernel writes them: a list ("0-3,6", as
 * /proc/irq/N/smp_affinity_list) and a hex mask in 32-bit words separated
 * by commas, the highest first ("00000000,0000000f", as rps_cpus). Held
 * in 64 bits: a set that names a CPU past 63 is -ERANGE, said by the
 * caller, never cut short.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "base/base.h"

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

/* A decimal CPU number at *@p: at most 9 digits. */
static int take_cpu(const char **p, const char *end, unsigned long *cpu)
{
	const char *s = *p;
	unsigned long v = 0;

	while (*p < end && **p >= '0' && **p <= '9' && *p - s < 9)
		v = v * 10 + (unsigned long)(*(*p)++ - '0');
	if (*p == s || (*p < end && **p >= '0' && **p <= '9'))
		return -EINVAL;
	*cpu = v;
	return 0;
}

int mg_cpumask_parse_list(const char *text, uint64_t *mask)
{
	const char *p = text, *end = text + strlen(text);
	bool range = false;

	*mask = 0;
	while (p < end && blank(*p))
		p++;
	while (end > p && blank(end[-1]))
		end--;
	while (p < end) {
		unsigned long lo, hi;

		if (take_cpu(&p, end, &lo) < 0)
			return -EINVAL;
		hi = lo;
		if (p < end && *p == '-') {
			p++;
			if (take_cpu(&p, end, &hi) < 0 || hi < lo)
				return -EINVAL;
		}
		if (hi >= MG_CPUMASK_BITS)
			range = true;
		for (unsigned long c = lo; c <= hi && c < MG_CPUMASK_BITS; c++)
			*mask |= 1ull << c;
		if (p < end && *p++ != ',')
			return -EINVAL;
		if (p == end && p[-1] == ',')
			return -EINVAL;
	}
	return range ? -ERANGE : 0;
}

/*
 * A set someone asks for: a list, or the word "none". An empty or blank
 * text is refused: it is what a variable left unset expands to, and
 * taken for no CPU it would switch steering off unasked.
 */
int mg_cpumask_parse_asked(const char *text, uint64_t *mask)
{
	const char *p = text, *end = text + strlen(text);

	*mask = 0;
	while (p < end && blank(*p))
		p++;
	while (end > p && blank(end[-1]))
		end--;
	if (p == end)
		return -EINVAL;
	if (end - p == 4 && !strncmp(p, "none", 4))
		return 0;
	return mg_cpumask_parse_list(text, mask);
}

int mg_cpumask_parse_hex(const char *text, uint64_t *mask)
{
	const char *end = text + strlen(text);
	unsigned int bit = 0;
	bool range = false, any = false;

	*mask = 0;
	while (end > text && blank(end[-1]))
		end--;
	/* From the lowest digit up. */
	for (const char *p = end; p > text; p--) {
		char c = p[-1];
		unsigned int v;

		if (c == ',')
			continue;
		if (c >= '0' && c <= '9')
			v = (unsigned int)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v = (unsigned int)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v = (unsigned int)(c - 'A' + 10);
		else
			return -EINVAL;
		any = true;
		if (bit >= MG_CPUMASK_BITS)
			range |= v != 0;
		else
			*mask |= (uint64_t)v << bit;
		bit += 4;
	}
	if (!any)
		return -EINVAL;
	return range ? -ERANGE : 0;
}

void mg_cpumask_list(uint64_t mask, char *buf, size_t size)
{
	size_t len = 0;

	if (size)
		buf[0] = '\0';
	for (unsigned int c = 0; c < MG_CPUMASK_BITS; c++) {
		unsigned int hi = c;
		int n;

		if (!(mask >> c & 1))
			continue;
		while (hi + 1 < MG_CPUMASK_BITS && (mask >> (hi + 1) & 1))
			hi++;
		n = hi > c ? snprintf(buf + len, size - len, "%s%u-%u", len ? "," : "", c, hi)
			   : snprintf(buf + len, size - len, "%s%u", len ? "," : "", c);
		if (n < 0 || (size_t)n >= size - len)
			return;
		len += (size_t)n;
		c = hi;
	}
}

void mg_cpumask_text(uint64_t mask, char *buf, size_t size)
{
	mg_cpumask_list(mask, buf, size);
	if (size && !buf[0])
		snprintf(buf, size, "none");
}

void mg_cpumask_hex(uint64_t mask, char *buf, size_t size)
{
	/* The kernel's bitmap_parse() takes at most 8 digits between commas. */
	if (mask >> 32)
		snprintf(buf, size, "%x,%08x", (unsigned int)(mask >> 32), (unsigned int)mask);
	else
		snprintf(buf, size, "%x", (unsigned int)mask);
}
