/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A systemd .link file as text: its sections' "Key=Value" lines, in order.
 * udev applies the first .link file whose [Match] fits a device when it is
 * added; a file of ours takes that one's place, so it carries over its
 * lines (the naming ones above all) and adds ours. Parsed and written as
 * systemd's own parser reads them: '#' and ';' begin comments, blanks
 * around the '=' do not count, a later assignment of a key wins. A
 * section may come again: [SR-IOV] does, once for each virtual function,
 * and each stays a section of its own.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "gather/gather.h"

void mg_linkfile_init(struct mg_linkfile *f)
{
	memset(f, 0, sizeof(*f));
}

void mg_linkfile_clear(struct mg_linkfile *f)
{
	for (size_t i = 0; i < f->count; i++)
		free(f->lines[i].text);
	free(f->lines);
	mg_linkfile_init(f);
}

/* Blanks off both ends of [@s, @end): the start, with *@end moved back. */
static char *trim(char *s, char **end)
{
	while (s < *end && (*s == ' ' || *s == '\t'))
		s++;
	while (*end > s && ((*end)[-1] == ' ' || (*end)[-1] == '\t' || (*end)[-1] == '\r'))
		(*end)--;
	**end = '\0';
	return s;
}

int mg_linkfile_add(struct mg_linkfile *f, const char *section, const char *key, const char *value)
{
	struct mg_linkfile_line *l, *grown;
	size_t need = strlen(section) + strlen(key) + strlen(value) + 3;

	/* Grown aside: without memory, the lines it has stay whole. */
	if (!(grown = mg_array_grow(f->lines, &f->alloc, f->count + 1, sizeof(*f->lines))))
		return -ENOMEM;
	f->lines = grown;
	l = &f->lines[f->count];
	l->instance = 0;
	if (!(l->text = malloc(need)))
		return -ENOMEM;
	/* One allocation: "section\0key\0value\0". */
	l->section = l->text;
	l->key = stpcpy(l->section, section) + 1;
	l->value = stpcpy(l->key, key) + 1;
	strcpy(l->value, value);
	f->count++;
	return 0;
}

int mg_linkfile_add_line(struct mg_linkfile *f, const struct mg_linkfile_line *l)
{
	int err = mg_linkfile_add(f, l->section, l->key, l->value);

	if (err == 0)
		f->lines[f->count - 1].instance = l->instance;
	return err;
}

/* One line of the text, without its newline: 0, or -EINVAL for what is no section, key or comment. */
static int parse_line(struct mg_linkfile *f, char *line, char *end, char *section, size_t size,
		      unsigned int *instance)
{
	char *s = trim(line, &end), *eq, *kend;
	struct mg_linkfile_line l = { .instance = *instance };

	if (!*s || *s == '#' || *s == ';')
		return 0;
	if (*s == '[') {
		if (end[-1] != ']' || end - s < 3 || (size_t)(end - s - 2) >= size)
			return -EINVAL;
		memcpy(section, s + 1, (size_t)(end - s - 2));
		section[end - s - 2] = '\0';
		(*instance)++;
		return 0;
	}
	if (!section[0] || !(eq = strchr(s, '=')) || eq == s)
		return -EINVAL;
	kend = eq;
	l.section = section;
	l.key = trim(s, &kend);
	l.value = trim(eq + 1, &end);
	return mg_linkfile_add_line(f, &l);
}

int mg_linkfile_parse(const char *text, struct mg_linkfile *f, int *bad_line)
{
	char *copy = strdup(text), *line, *nl, section[64] = "";
	int err = copy ? 0 : -ENOMEM, n = 0;
	unsigned int instance = 0;

	mg_linkfile_init(f);
	for (line = copy; err == 0 && line && *line; line = nl ? nl + 1 : NULL) {
		n++;
		nl = strchr(line, '\n');
		err = parse_line(f, line, nl ? nl : line + strlen(line), section, sizeof(section), &instance);
	}
	if (err < 0) {
		if (bad_line)
			*bad_line = n;
		mg_linkfile_clear(f);
	}
	free(copy);
	return err;
}

const char *mg_linkfile_get(const struct mg_linkfile *f, const char *section, const char *key)
{
	for (size_t i = f->count; i-- > 0;)
		if (!strcmp(f->lines[i].section, section) && !strcmp(f->lines[i].key, key))
			return f->lines[i].value;
	return NULL;
}

/* Drop every assignment of @key in @section. */
static void unset(struct mg_linkfile *f, const char *section, const char *key)
{
	size_t kept = 0;

	for (size_t i = 0; i < f->count; i++) {
		if (!strcmp(f->lines[i].section, section) && !strcmp(f->lines[i].key, key))
			free(f->lines[i].text);
		else
			f->lines[kept++] = f->lines[i];
	}
	f->count = kept;
}

int mg_linkfile_set(struct mg_linkfile *f, const char *section, const char *key, const char *value)
{
	unset(f, section, key);
	return value ? mg_linkfile_add(f, section, key, value) : 0;
}

/* Whether @a and @b go in one section: the same name, and for [SR-IOV] the same one of them. */
static bool same_section(const struct mg_linkfile_line *a, const struct mg_linkfile_line *b)
{
	return !strcmp(a->section, b->section) && (strcmp(a->section, "SR-IOV") || a->instance == b->instance);
}

/* Lines of the section of line @first, in their order; the file's sections in order of first use. */
static void format_section(const struct mg_linkfile *f, size_t first, FILE *out)
{
	const struct mg_linkfile_line *l = &f->lines[first];

	for (size_t i = 0; i < first; i++)
		if (same_section(&f->lines[i], l))
			return; /* written with its first line */
	fprintf(out, "\n[%s]\n", l->section);
	for (size_t i = first; i < f->count; i++)
		if (same_section(&f->lines[i], l))
			fprintf(out, "%s=%s\n", f->lines[i].key, f->lines[i].value);
}

int mg_linkfile_format(const struct mg_linkfile *f, const char *header, char **text)
{
	size_t len;
	FILE *out = open_memstream(text, &len);

	if (!out)
		return -ENOMEM;
	for (const char *h = header; h && *h;) {
		const char *nl = strchr(h, '\n');
		int n = nl ? (int)(nl - h) : (int)strlen(h);

		fprintf(out, "# %.*s\n", n, h);
		h += n + (nl ? 1 : 0);
	}
	for (size_t i = 0; i < f->count; i++)
		format_section(f, i, out);
	if (fclose(out) != 0) {
		free(*text);
		*text = NULL;
		return -ENOMEM;
	}
	/* No blank first line when there is no header. */
	if (!header && (*text)[0] == '\n')
		memmove(*text, *text + 1, len);
	return 0;
}
