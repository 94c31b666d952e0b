/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Small helpers every layer uses: strings, paths, numbers, PCI addresses. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/base.h"

int mg_path_join(char *out, size_t size, const char *a, const char *b)
{
	int n = snprintf(out, size, "%s/%s", a, b);

	return (n < 0 || (size_t)n >= size) ? -ENAMETOOLONG : 0;
}

int mg_strlcpy(char *dst, const char *src, size_t size)
{
	size_t len = strlen(src);

	if (size == 0)
		return -E2BIG;
	if (len >= size) {
		memcpy(dst, src, size - 1);
		dst[size - 1] = '\0';
		return -E2BIG;
	}
	memcpy(dst, src, len + 1);
	return 0;
}

/* Parse a whole string as a number; trailing blanks are allowed. */
int mg_parse_long(const char *s, int base, long *value)
{
	char *end;
	long v;

	while (isspace((unsigned char)*s))
		s++;
	if (!*s)
		return -EINVAL;
	errno = 0;
	v = strtol(s, &end, base);
	if (errno == ERANGE)
		return -ERANGE;
	if (end == s)
		return -EINVAL;
	while (isspace((unsigned char)*end))
		end++;
	if (*end)
		return -EINVAL;
	*value = v;
	return 0;
}

/* "0000:01:00.0" or "01:00.0" (domain 0); -EINVAL for anything else. */
int mg_pci_parse_address(const char *s, struct mg_pci_addr *addr)
{
	unsigned int dom = 0, bus, dev, fn;
	int used = 0;

	if (!isxdigit((unsigned char)s[0]))
		return -EINVAL;
	if (!(sscanf(s, "%x:%x:%x.%x%n", &dom, &bus, &dev, &fn, &used) == 4 && !s[used])) {
		dom = 0;
		used = 0;
		if (!(sscanf(s, "%x:%x.%x%n", &bus, &dev, &fn, &used) == 3 && !s[used]))
			return -EINVAL;
	}
	if (dom > 0xffff || bus > 0xff || dev > 0x1f || fn > 7)
		return -EINVAL;
	addr->domain = dom;
	addr->bus = bus;
	addr->dev = dev;
	addr->func = fn;
	return 0;
}

/* A name the kernel could give an interface: no "/", ":" or blanks, not "." or "..". */
bool mg_ifname_valid(const char *name)
{
	if (!name[0] || strlen(name) >= IFNAMSIZ || !strcmp(name, ".") || !strcmp(name, ".."))
		return false;
	for (const char *p = name; *p; p++)
		if (*p == '/' || *p == ':' || isspace((unsigned char)*p))
			return false;
	return true;
}

/* Sleep @ms milliseconds, through interruptions by signals. */
void mg_sleep_ms(unsigned int ms)
{
	struct timespec left = { .tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000L };

	while (nanosleep(&left, &left) < 0 && errno == EINTR)
		;
}

uint64_t mg_fnv1a(const char *buf, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)buf[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}
