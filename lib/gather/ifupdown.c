/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What ifupdown will apply to an interface: Debian's installer configures
 * servers with it, in /etc/network/interfaces (interfaces(5)). ifup sets an
 * iface stanza's `mtu`, and the ethtool package's hook runs ethtool with
 * its `hardware-dma-ring-*`, `hardware-irq-coalesce-*` and
 * `ethernet-pause-*` options, whenever the interface comes up: at boot for
 * an `auto` interface, at every add for an `allow-hotplug` one. That is
 * after udev applied its .link file, so ifupdown's value is the one that
 * lasts.
 *
 * Read as ifup reads it: lines continued by a backslash, `#` comments,
 * `source` (with wildcards, relative to the including file's directory)
 * and `source-directory` (the names run-parts takes), every iface stanza
 * of the name (inet and inet6) merged. Options libmultigig has no setting
 * for are skipped; none is run.
 *
 * ifup runs in the host's network namespace (networking.service, udev's
 * hotplug), so a caller in another one with the host's /etc and /sys
 * (`--netns`, nsenter) does not count its stanzas: they name the host's
 * interfaces. One with a /sys and an /etc of its own (a container) reads
 * its own ifupdown's.
 */
#include <dirent.h>
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gather/gather.h"

/* source and source-directory may nest; ifupdown stops a loop nowhere, this does. */
#define MAX_DEPTH 8

struct parse {
	const char *ifname;
	struct mg_ifupdown_view *v;
	bool in_ours; /* the last stanza is an iface stanza of @ifname */
};

static int parse_file(struct parse *p, const char *path, int depth);

/* Where ifupdown's option @key (of the ethtool hook, or ifup's mtu) puts a setting libmultigig has. */
static bool known_key(const char *key)
{
	static const char *const prefixes[] = { "hardware-dma-ring-", "hardware-irq-coalesce-", "ethernet-pause-" };

	if (!strcmp(key, "mtu"))
		return true;
	for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (!strncmp(key, prefixes[i], strlen(prefixes[i])))
			return true;
	return false;
}

const char *mg_ifupdown_view_get(const struct mg_ifupdown_view *v, const char *key)
{
	for (size_t i = 0; i < v->count; i++)
		if (!strcmp(v->keys[i].key, key))
			return v->keys[i].value;
	return NULL;
}

/* Whether @name is among the words after the first of @line ("auto eth0 eth1"). */
static bool names(char *const *w, int n, const char *name)
{
	for (int i = 1; i < n; i++)
		if (!strcmp(w[i], name))
			return true;
	return false;
}

/* An option of the stanza: the last one of a key wins, as its variable in ifup's environment does. */
static void option(struct parse *p, const char *path, char *const *w, int n)
{
	struct mg_ifupdown_view *v = p->v;
	struct mg_nm_key *k = NULL;

	if (n < 2 || !known_key(w[0]))
		return;
	for (size_t i = 0; i < v->count && !k; i++)
		if (!strcmp(v->keys[i].key, w[0]))
			k = &v->keys[i];
	if (!k && v->count < MG_NM_KEYS)
		k = &v->keys[v->count++];
	if (!k)
		return;
	mg_strlcpy(k->key, w[0], sizeof(k->key));
	mg_strlcpy(k->value, w[1], sizeof(k->value));
	mg_strlcpy(v->file, path, sizeof(v->file));
}

/* `source PATTERN`: each file it matches, in glob's order. */
static int source(struct parse *p, const char *path, const char *pattern, int depth)
{
	char full[512];
	const char *slash = strrchr(path, '/');
	glob_t g;
	int err = 0;

	if (pattern[0] == '/' || !slash)
		mg_strlcpy(full, pattern, sizeof(full));
	else
		snprintf(full, sizeof(full), "%.*s/%s", (int)(slash - path), path, pattern);
	if (glob(full, 0, NULL, &g) != 0)
		return 0;
	for (size_t i = 0; i < g.gl_pathc && err == 0; i++)
		err = parse_file(p, g.gl_pathv[i], depth + 1);
	globfree(&g);
	return err;
}

/* run-parts' names: letters, digits, '_' and '-'. */
static int part_name(const struct dirent *e)
{
	return e->d_name[0] && strspn(e->d_name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") ==
				       strlen(e->d_name);
}

static int source_directory(struct parse *p, const char *path, const char *dir, int depth)
{
	char full[512], file[768];
	const char *slash = strrchr(path, '/');
	struct dirent **list = NULL;
	int n, err = 0;

	if (dir[0] == '/' || !slash)
		mg_strlcpy(full, dir, sizeof(full));
	else
		snprintf(full, sizeof(full), "%.*s/%s", (int)(slash - path), path, dir);
	n = scandir(full, &list, part_name, alphasort);
	for (int i = 0; i < n; i++) {
		snprintf(file, sizeof(file), "%s/%s", full, list[i]->d_name);
		if (err == 0)
			err = parse_file(p, file, depth + 1);
		free(list[i]);
	}
	free(list);
	return err;
}

/* One logical line, split into words at blanks (in place). */
static int line(struct parse *p, const char *path, char *text, int depth)
{
	char *w[16], *save = NULL;
	int n = 0;

	for (char *t = strtok_r(text, " \t", &save); t && n < 16; t = strtok_r(NULL, " \t", &save))
		w[n++] = t;
	if (n == 0 || w[0][0] == '#')
		return 0;
	if (!strcmp(w[0], "iface")) {
		p->in_ours = n >= 2 && !strcmp(w[1], p->ifname);
		p->v->stanza |= p->in_ours;
		if (p->in_ours && !p->v->file[0])
			mg_strlcpy(p->v->file, path, sizeof(p->v->file));
		return 0;
	}
	if (!strcmp(w[0], "auto") || !strcmp(w[0], "allow-auto") || !strcmp(w[0], "allow-hotplug")) {
		p->v->at_boot |= names(w, n, p->ifname);
		p->in_ours = false;
		return 0;
	}
	if (!strcmp(w[0], "source") || !strcmp(w[0], "source-directory")) {
		p->in_ours = false;
		if (n < 2 || depth >= MAX_DEPTH)
			return 0;
		return w[0][6] ? source_directory(p, path, w[1], depth) : source(p, path, w[1], depth);
	}
	if (!strcmp(w[0], "mapping") || !strncmp(w[0], "allow-", 6) || !strcmp(w[0], "rename") ||
	    !strcmp(w[0], "no-auto-down") || !strcmp(w[0], "no-scripts") || !strcmp(w[0], "template")) {
		p->in_ours = false;
		return 0;
	}
	if (p->in_ours)
		option(p, path, w, n);
	return 0;
}

static int parse_file(struct parse *p, const char *path, int depth)
{
	char *text = NULL, *cur, *next;
	int err = mg_text_file_read(path, &text);

	/* A file a pattern named and that went, or that cannot be read: ifup would pass it over too. */
	if (err < 0)
		return err == -ENOENT || err == -EISDIR ? 0 : err;
	for (cur = text; cur && *cur; cur = next) {
		char *end = strchr(cur, '\n');
		size_t len;

		next = end ? end + 1 : NULL;
		if (end)
			*end = '\0';
		/* A backslash at the end joins the next line, the two with a blank between. */
		while ((len = strlen(cur)) > 0 && cur[len - 1] == '\\' && next) {
			char *more = strchr(next, '\n');

			cur[len - 1] = ' ';
			if (more)
				*more = '\0';
			memmove(cur + len, next, strlen(next) + 1);
			next = more ? more + 1 : NULL;
		}
		err = line(p, path, cur, depth);
		if (err < 0)
			break;
	}
	free(text);
	return err;
}

int mg_ifupdown_read_at(struct mg_ctx *ctx, const char *top, const char *ifname, struct mg_ifupdown_view *v)
{
	struct parse p = { .ifname = ifname, .v = v };
	char sysfs_why[320];
	int err;

	memset(v, 0, sizeof(*v));
	if (ctx->offline) {
		snprintf(v->why, sizeof(v->why), "a captured tree has no ifupdown");
		return 0;
	}
	/* The /sys of this mount namespace shows another network namespace: the host's /etc, then, too. */
	if (mg_sysfs_netns_same(ctx, sysfs_why, sizeof(sysfs_why)) == -EXDEV) {
		snprintf(v->why, sizeof(v->why), "ifupdown configures the host's network namespace, not this one");
		return 0;
	}
	if (access(top, F_OK) < 0) {
		snprintf(v->why, sizeof(v->why), "there is no %s", top);
		return 0;
	}
	err = parse_file(&p, top, 0);
	if (err < 0)
		return mg_fail(ctx, err, "%s: cannot read ifupdown's %s: %s", ifname, top, strerror(-err));
	if (!v->stanza)
		snprintf(v->why, sizeof(v->why), "ifupdown has no iface stanza for %s", ifname);
	else if (!v->at_boot)
		snprintf(v->why, sizeof(v->why), "ifupdown brings %s up only by hand (%s names it in no auto or "
			 "allow-hotplug line)", ifname, top);
	/* What it carries lasts only where ifup runs on its own. */
	if (!v->at_boot)
		v->count = 0;
	return 0;
}

int mg_ifupdown_read(struct mg_ctx *ctx, const char *ifname, struct mg_ifupdown_view *v)
{
	return mg_ifupdown_read_at(ctx, "/etc/network/interfaces", ifname, v);
}
