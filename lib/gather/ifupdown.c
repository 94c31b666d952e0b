/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What ifupdown will apply to an interface: Debian's installer configures
 * servers with it, in /etc/network/interfaces (interfaces(5)). ifup sets an
 * iface stanza's `mtu`, and the ethtool package's hook runs ethtool with
 * its `hardware-dma-ring-*`, `hardware-irq-coalesce-*`, `ethernet-pause-*`,
 * `offload-*` and `ethernet-wol` options, whenever the interface comes up: at boot for
 * an `auto` interface, at every add for an `allow-hotplug` one. That is
 * after udev applied its .link file, so ifupdown's value is the one that
 * lasts.
 *
 * Read as ifup reads it: lines continued by a backslash, `#` comments,
 * `source` (with wildcards, relative to the including file's directory)
 * and `source-directory` (the names run-parts takes), every iface stanza
 * of the name (inet and inet6) merged; files ifup would reject, nothing. Options libmultigig has no setting
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
#define MAX_WORDS 32

struct parse {
	const char *ifname;
	struct mg_ifupdown_view *v;
	bool in_ours;	 /* the last stanza is an iface stanza of @ifname */
	bool sets_mtu;	 /* ... whose method sets the link's MTU: inet static or manual */
	char bad[160];	 /* why ifup would reject the files: then nothing of them applies */
};

static int parse_file(struct parse *p, const char *path, int depth);

/* Whether ifupdown's option @key (ifup's, or its ethtool hook's) carries something libmultigig sets. */
static bool known_key(const char *key)
{
	static const char *const prefixes[] = { "hardware-dma-ring-", "hardware-irq-coalesce-", "ethernet-pause-",
						"offload-" };

	if (!strcmp(key, "mtu") || !strcmp(key, "ethernet-wol"))
		return true;
	for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (!strncmp(key, prefixes[i], strlen(prefixes[i])))
			return true;
	return false;
}

const struct mg_ifupdown_opt *mg_ifupdown_view_find(const struct mg_ifupdown_view *v, const char *key)
{
	for (size_t i = 0; i < v->count; i++)
		if (!strcmp(v->opts[i].key, key))
			return &v->opts[i];
	return NULL;
}

const char *mg_ifupdown_view_get(const struct mg_ifupdown_view *v, const char *key)
{
	const struct mg_ifupdown_opt *o = mg_ifupdown_view_find(v, key);

	return o ? o->value : NULL;
}

/* Whether @name is among the words after the first of @w ("auto eth0 eth1"). */
static bool names(char *const *w, int n, const char *name)
{
	for (int i = 1; i < n; i++)
		if (!strcmp(w[i], name))
			return true;
	return false;
}

/*
 * An option of the stanza, its value the rest of the line. A key given
 * twice has both values in ifup's variable, and the first is what ifup's
 * `ip link set` takes: the first is kept. inet6's mtu only raises a lower
 * link MTU (else it is IPv6's own), and dhcp's none: only inet static's and
 * manual's set the link's.
 */
static void option(struct parse *p, const char *path, const char *key, const char *value)
{
	struct mg_ifupdown_view *v = p->v;
	struct mg_ifupdown_opt *o;

	if (!known_key(key) || !*value || mg_ifupdown_view_find(v, key) || v->count >= MG_IFUPDOWN_OPTS ||
	    (!strcmp(key, "mtu") && !p->sets_mtu))
		return;
	o = &v->opts[v->count++];
	mg_strlcpy(o->key, key, sizeof(o->key));
	mg_strlcpy(o->value, value, sizeof(o->value));
	mg_strlcpy(o->file, path, sizeof(o->file));
}

/* @name relative to the directory of @path, as ifup takes `source` and `source-directory`. */
static void relative(const char *path, const char *name, char *out, size_t size)
{
	const char *slash = strrchr(path, '/');

	if (name[0] == '/' || !slash)
		mg_strlcpy(out, name, size);
	else
		snprintf(out, size, "%.*s/%s", (int)(slash - path), path, name);
}

/* `source PATTERN`: each file it matches, in glob's order (ifup takes the first word only). */
static int source(struct parse *p, const char *path, const char *pattern, int depth)
{
	char full[512];
	glob_t g;
	int err = 0;

	relative(path, pattern, full, sizeof(full));
	if (glob(full, 0, NULL, &g) != 0)
		return 0;
	for (size_t k = 0; k < g.gl_pathc && err == 0; k++)
		err = parse_file(p, g.gl_pathv[k], depth + 1);
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
	struct dirent **list = NULL;
	int n, err = 0;

	relative(path, dir, full, sizeof(full));
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

/* `iface NAME FAMILY METHOD [inherits T]`: ifup rejects a file with one that lacks its family or method. */
static void iface(struct parse *p, const char *path, char *const *w, int n)
{
	p->in_ours = n >= 2 && !strcmp(w[1], p->ifname);
	p->sets_mtu = n >= 4 && !strcmp(w[2], "inet") && (!strcmp(w[3], "static") || !strcmp(w[3], "manual"));
	if (n < 4 && !p->bad[0])
		snprintf(p->bad, sizeof(p->bad), "ifup rejects %s: 'iface %s' has no address family and method", path,
			 n >= 2 ? w[1] : "");
	p->v->stanza |= p->in_ours;
}

static bool word_is(const char *w, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(w, *list))
			return true;
	return false;
}

/* One logical line: a stanza's first word, or an option of the stanza before it. */
static int line(struct parse *p, const char *path, char *text, int depth)
{
	static const char *const ends[] = { "mapping", "rename", "no-auto-down", "no-scripts", "template", NULL };
	char *w[MAX_WORDS], *rest = text + strspn(text, " \t"), *save = NULL, value[256];
	int n = 0;

	/* The option's value is the rest of the line after its key, as ifup keeps it: kept before the split. */
	rest += strcspn(rest, " \t");
	rest += strspn(rest, " \t");
	mg_strlcpy(value, rest, sizeof(value));
	for (char *t = strtok_r(text, " \t", &save); t && n < MAX_WORDS; t = strtok_r(NULL, " \t", &save))
		w[n++] = t;
	if (n == 0)
		return 0;
	if (!strcmp(w[0], "iface")) {
		iface(p, path, w, n);
		return 0;
	}
	if (!strcmp(w[0], "auto") || !strcmp(w[0], "allow-auto") || !strcmp(w[0], "allow-hotplug")) {
		p->v->at_boot |= names(w, n, p->ifname);
		p->in_ours = false;
		return 0;
	}
	if (!strcmp(w[0], "source-directory") || !strcmp(w[0], "source-dir")) {
		p->in_ours = false;
		return n >= 2 && depth < MAX_DEPTH ? source_directory(p, path, w[1], depth) : 0;
	}
	if (!strcmp(w[0], "source")) {
		p->in_ours = false;
		return n >= 2 && depth < MAX_DEPTH ? source(p, path, w[1], depth) : 0;
	}
	if (!strncmp(w[0], "allow-", 6) || word_is(w[0], ends)) {
		p->in_ours = false;
		return 0;
	}
	if (p->in_ours)
		option(p, path, w[0], value);
	return 0;
}

/* @s without its trailing blanks (a CR too), as ifup reads each line. */
static void chomp(char *s)
{
	size_t len = strlen(s);

	while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t' || s[len - 1] == '\r'))
		s[--len] = '\0';
}

/*
 * The file's logical lines: a comment line is dropped first, its backslash
 * too; a line ending in a backslash has it removed and the next line
 * appended as it is, as ifup joins them.
 */
static int parse_file(struct parse *p, const char *path, int depth)
{
	char *text = NULL, *cur, *next, *joined = NULL;
	int err = mg_text_file_read(path, &text);

	/* A file a pattern named and that went, or that cannot be read: ifup would pass it over too. */
	if (err < 0)
		return err == -ENOENT || err == -EISDIR ? 0 : err;
	if (!(joined = malloc(strlen(text) + 1))) {
		free(text);
		return -ENOMEM;
	}
	for (cur = text; cur && *cur && err == 0; cur = next) {
		size_t len;

		next = strchr(cur, '\n');
		if (next)
			*next++ = '\0';
		chomp(cur);
		if (cur[strspn(cur, " \t")] == '#')
			continue;
		strcpy(joined, cur);
		while ((len = strlen(joined)) > 0 && joined[len - 1] == '\\' && next) {
			char *more = strchr(next, '\n');

			if (more)
				*more++ = '\0';
			chomp(next);
			joined[len - 1] = '\0';
			strcat(joined, next);
			next = more;
		}
		err = line(p, path, joined, depth);
	}
	free(joined);
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
	if (p.bad[0])
		mg_strlcpy(v->why, p.bad, sizeof(v->why));
	else if (!v->stanza)
		snprintf(v->why, sizeof(v->why), "ifupdown has no iface stanza for %s", ifname);
	else if (!v->at_boot)
		snprintf(v->why, sizeof(v->why), "ifupdown brings %s up only by hand (%s names it in no auto or "
			 "allow-hotplug line)", ifname, top);
	/* What it carries lasts only where ifup runs on its own, and reads the files. */
	if (!v->at_boot || p.bad[0])
		v->count = 0;
	return 0;
}

int mg_ifupdown_read(struct mg_ctx *ctx, const char *ifname, struct mg_ifupdown_view *v)
{
	return mg_ifupdown_read_at(ctx, "/etc/network/interfaces", ifname, v);
}
