/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Persisting in an apply: the settings written into a .link file of ours
 * (persist-udev.c says which and what it holds), which udev applies when
 * the device is added, at boot or a re-plug. It is the last step, so that
 * nothing is written for a change the kernel refused, and a failure to
 * write rolls the running changes back like any other. Its values are
 * hashes of the file's text (0: no file); the text it replaced lives in
 * the part and in the journal, whose line is
 *
 *   persist-link PATH OLDHASH NEWHASH OLDTEXT
 *
 * with NEWHASH "-" when not known and OLDTEXT the text in hexadecimal,
 * "-" for no file, and a last word "unconfirmed" for a change made with a
 * confirmation window. A rollback writes that text back, or removes the
 * file, unless another writer changed the file since: then it is theirs.
 *
 * The window's undo lives in /run, the file in /etc: a reboot inside the
 * window (the usual way out of a change that cut the machine off) would
 * keep the change for good. So until it is confirmed the text waits beside
 * the file, as NAME.unconfirmed, which udev never reads (it reads *.link
 * only); the confirmation renames it over the file, a rollback removes it,
 * and after a reboot the next write of the file removes it.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "apply/apply.h"

#define KEY "persist-link"
#define OURS_PREFIX "/etc/systemd/network/10-multigig-"
#define UNCONFIRMED ".unconfirmed"

/* Where @path's text waits for a confirmation. */
static void unconfirmed_path(const char *path, char *buf, size_t size)
{
	snprintf(buf, size, "%s" UNCONFIRMED, path);
}

/* The hash of the text in @path: 0 for none, MG_UNKNOWN when it cannot be read. */
static long long path_value(const char *path)
{
	char *text = NULL;
	int err = mg_text_file_read(path, &text);
	long long v = err == 0 || err == -ENOENT ? mg_persist_hash(text) : MG_UNKNOWN;

	free(text);
	return v;
}

long long mg_persist_hash(const char *text)
{
	uint64_t h = text ? mg_fnv1a(text, strlen(text)) & INT64_MAX : 0;

	if (!text)
		return 0;
	return h ? (long long)h : 1;
}

/* Why no file can be ours, kept for the plan: reading is no failure, asking to persist is. */
static int cannot(struct mg_ctx *ctx, struct mg_persist_now *p, int err)
{
	p->err = err;
	mg_strlcpy(p->why, ctx->error, sizeof(p->why));
	mg_clear_error(ctx);
	return 0;
}

/* The file udev applied, where ours goes, and ours as it is. */
static int read_persist(struct mg_ctx *ctx, int ifindex, const char *ifname, const char *driver, unsigned int groups,
			struct mg_persist_now *p)
{
	struct mg_udev_net u;
	struct mg_link link;
	int err;

	(void)driver, (void)groups;
	err = mg_udev_net_read(ctx, ifname, &u);
	if (err < 0)
		return cannot(ctx, p, err);
	if (!u.initialized) {
		mg_fail(ctx, -EOPNOTSUPP, "udev has not handled the device (is systemd-udevd running?)");
		return cannot(ctx, p, -EOPNOTSUPP);
	}
	mg_link_init(&link);
	err = mg_gather_link_said(ctx, NULL, ifindex, &link);
	if (err == 0)
		err = mg_link_target_of(ctx, ifname, &u, link.perm_mac, mg_link_shares_device(ctx, ifname), &p->lt);
	if (err < 0)
		return cannot(ctx, p, err);
	mg_strlcpy(p->applies, u.link_file, sizeof(p->applies));
	err = mg_text_file_read(p->lt.file, &p->text);
	if (err < 0 && err != -ENOENT)
		return mg_fail(ctx, err, "%s: cannot read %s: %s", ifname, p->lt.file, strerror(-err));
	p->hash = mg_persist_hash(p->text);
	p->read = true;
	return 0;
}

static int read_group(struct mg_ctx *ctx, int ifindex, const char *ifname, const char *driver, unsigned int groups,
		      struct mg_group_now *now)
{
	return read_persist(ctx, ifindex, ifname, driver, groups, &now->persist);
}

static void clear_persist(struct mg_group_now *now)
{
	free(now->persist.text);
	now->persist.text = NULL;
}

static long long persist_value(const struct mg_group_now *now, const struct mg_change *c)
{
	(void)c;
	return now->persist.read ? now->persist.hash : MG_UNKNOWN;
}

/* Why a group asked with it cannot be persisted: what an administrator would do instead. */
static const char *why_not(enum mg_param_group g)
{
	switch (g) {
	case MG_GROUP_EEE:
		return "udev's .link files have no key for EEE before systemd 258 (on a Raspberry Pi 5, "
		       "dtparam=eee=off in config.txt)";
	case MG_GROUP_ASPM:
		return "ASPM belongs to the PCI device, which no .link file reaches (pcie_aspm=off on the kernel's "
		       "command line turns it off for every device)";
	case MG_GROUP_RPS:
		return "udev's .link files have no key for it before systemd 256";
	case MG_GROUP_XPS:
	case MG_GROUP_IRQ_AFFINITY:
		return "udev's .link files have no key for it";
	default:
		return "libmultigig persists the MTU, rings, channels, coalesce, pause, the offloads udev has keys "
		       "for and Wake-on-LAN";
	}
}

/*
 * The parameters, offloads and Wake-on-LAN only: refused, before anything
 * changes, for any other group asked with them (an offload with no key,
 * by mg_link_tune_keys()).
 */
static int refuse_groups(struct mg_ctx *ctx, const struct mg_apply_target *t)
{
	/* The groups read for the target are those its settings ask (transaction.c). */
	unsigned int groups = t->tune.groups & ~(1u << MG_GROUP_PERSIST | 1u << MG_GROUP_PERSIST_NM |
						 1u << MG_GROUP_FEATURES | 1u << MG_GROUP_WOL);

	for (int g = 0; g < MG_APPLY_GROUPS; g++)
		if (groups & (1u << g))
			return mg_fail(ctx, -EOPNOTSUPP, "%s: %s cannot be persisted: %s", t->cur.ifname,
				       mg_param_group_name((enum mg_param_group)g), why_not((enum mg_param_group)g));
	return 0;
}

/* How many bytes of @text are its leading comment lines: ours keeps its header. */
static size_t header_len(const char *text)
{
	const char *p = text;

	while (*p == '#') {
		const char *nl = strchr(p, '\n');

		p = nl ? nl + 1 : p + strlen(p);
	}
	return (size_t)(p - text);
}

/*
 * Ours with @keys set over what it holds, and the keys of the parameters
 * in @gone (persisted into NetworkManager's connection now, which applies
 * after udev) taken out; its header kept.
 */
static int update_ours(const char *text, const struct mg_linkfile *keys, const struct mg_settings *gone, char **out)
{
	struct mg_linkfile f;
	size_t head = header_len(text);
	char *body = NULL;
	int err = mg_linkfile_parse(text, &f, NULL);

	for (size_t i = 0; err == 0 && i < keys->count; i++)
		err = mg_linkfile_set(&f, keys->lines[i].section, keys->lines[i].key, keys->lines[i].value);
	for (int p = 0; err == 0 && p < MG_PARAM_COUNT; p++)
		if (mg_settings_has(gone, (enum mg_param)p) && mg_param_info((enum mg_param)p)->link_key)
			err = mg_linkfile_set(&f, "Link", mg_param_info((enum mg_param)p)->link_key, NULL);
	if (err == 0)
		err = mg_linkfile_format(&f, NULL, &body);
	mg_linkfile_clear(&f);
	/* The blank line after the header, as a new file of ours has it. */
	if (err == 0 && asprintf(out, "%.*s%s%s", (int)head, text, head ? "\n" : "", body) < 0)
		err = -ENOMEM;
	free(body);
	return err;
}

/* A new file of ours: our [Match], the lines of the file udev applies now, our keys. */
static int compose_new(struct mg_ctx *ctx, const char *ifname, const struct mg_persist_now *p,
		       const struct mg_linkfile *keys, char **out)
{
	struct mg_linkfile applies, f;
	char header[768];
	int err;

	mg_linkfile_init(&applies);
	if (p->applies[0] && (err = mg_link_file_read(ctx, p->applies, &applies)) < 0)
		return err;
	err = mg_link_compose(&p->lt, &applies, keys, &f);
	mg_linkfile_clear(&applies);
	if (err == 0)
		err = mg_link_header(ifname, &p->lt, p->applies, header, sizeof(header));
	if (err == 0)
		err = mg_linkfile_format(&f, header, out);
	mg_linkfile_clear(&f);
	return err < 0 && !ctx->error[0] ? mg_fail(ctx, err, "%s: cannot make %s: %s", ifname, p->lt.file,
						  strerror(-err))
					 : err;
}

/* What runs now, of every parameter udev has a key for: what persisting names no setting persists. */
static void running(const struct mg_settings *cur, struct mg_settings *out)
{
	mg_settings_init(out);
	mg_strlcpy(out->ifname, cur->ifname, sizeof(out->ifname));
	for (int p = 0; p < MG_PARAM_COUNT; p++) {
		long long v;

		if (mg_param_info((enum mg_param)p)->link_key && mg_settings_get(cur, (enum mg_param)p, &v) == 0)
			mg_settings_put(out, (enum mg_param)p, v);
	}
}

/* @keys as "KEY=VALUE ...", what the plan says it writes; cut short with "..." where it does not fit. */
static void keys_text(const struct mg_linkfile *keys, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < keys->count; i++) {
		const struct mg_linkfile_line *l = &keys->lines[i];
		int n = snprintf(buf + len, size - len, "%s%s=%s", len ? " " : "", l->key, l->value);

		/* Cut at a key, with room for the mark. */
		if (n < 0 || (size_t)n >= size - len - 4) {
			snprintf(buf + len, size - len, " ...");
			return;
		}
		len += (size_t)n;
	}
}

/* udev still names ours as applied, but it is gone: which file fits the device now, only udev can say. */
static int stale(struct mg_ctx *ctx, const char *ifname, const struct mg_persist_now *p)
{
	return mg_fail(ctx, -ESTALE,
		       "%s: udev last applied %s, which is gone, and says which file applies now only when the device "
		       "is added again: 'udevadm trigger --action=add --settle /sys/class/net/%s' (which applies "
		       "that file's settings), then persist again",
		       ifname, p->lt.file, ifname);
}

/* @values parted: those NetworkManager's connection carries persist there (persist-nm.c), the rest udev's. */
static void split_nm(const struct mg_settings *values, const struct mg_nm_view *nm, struct mg_settings *udev,
		     struct mg_settings *to_nm)
{
	*udev = *to_nm = *values;
	for (int p = 0; p < MG_PARAM_COUNT; p++)
		if (mg_nm_carries(nm, (enum mg_param)p))
			udev->present &= ~(1ull << p);
		else
			to_nm->present &= ~(1ull << p);
}

/*
 * A value NetworkManager's active connection sets otherwise, of a key
 * libmultigig does not write there (a profile NM keeps in memory only, one
 * not of Ethernet): NM applies it at every activation, after udev, so the
 * file's would not last. Refused, naming the command that changes it where
 * it lasts.
 */
static int refuse_nm(struct mg_ctx *ctx, const char *ifname, const struct mg_nm_view *nm,
		     const struct mg_settings *values, const struct mg_settings *cur)
{
	for (int p = 0; p < MG_PARAM_COUNT; p++) {
		const struct mg_param_info *info = mg_param_info((enum mg_param)p);
		const char *theirs = info->nm_key ? mg_nm_view_get(nm, info->nm_key) : NULL;
		char ours[32];
		long long v;

		if (!theirs || mg_settings_get(values, (enum mg_param)p, &v) < 0)
			continue;
		/* "max": what the driver's maximum comes to, as the file would carry it. */
		if (v == MG_VALUE_MAX && mg_settings_get_max(cur, (enum mg_param)p, &v) < 0)
			continue;
		mg_nm_value_text(info, v, ours, sizeof(ours));
		if (strcmp(ours, theirs))
			return mg_fail(ctx, -EBUSY, "%s: NetworkManager's connection '%s' sets %s %s and applies it at "
				       "every activation, after udev, so a .link file's %s would not last; change it "
				       "there: nmcli connection modify %s %s %s", ifname, nm->connection, info->nm_key,
				       theirs, ours, nm->uuid, info->nm_key, ours);
	}
	return 0;
}

/* An ifupdown option's value as a number: ethtool's words on and off for the flags. */
static bool ifupdown_number(const char *text, long long *v)
{
	char *end;

	if (!strcmp(text, "on") || !strcmp(text, "off")) {
		*v = !strcmp(text, "on");
		return true;
	}
	*v = strtoll(text, &end, 10);
	return end != text && !*end;
}

static int refuse_option(struct mg_ctx *ctx, const char *ifname, const struct mg_ifupdown_opt *o, const char *ours)
{
	return mg_fail(ctx, -EBUSY, "%s: ifupdown's %s sets %s %s for it and applies it at every ifup, after udev, so "
		       "a .link file's %s would not last; change it there", ifname, o->file, o->key, o->value, ours);
}

/* An offload asked that a stanza's offload-WORD sets otherwise (WORD as ethtool -K takes it: gro, rx-gro). */
static int refuse_offload(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_ifupdown_view *v,
			  const char *feature, bool on)
{
	for (size_t i = 0; i < v->count; i++) {
		const struct mg_ifupdown_opt *o = &v->opts[i];
		size_t pos[64], n = 0;
		bool alias;

		if (strncmp(o->key, "offload-", 8))
			continue;
		if (t->tune.features)
			n = mg_features_resolve(t->tune.features, o->key + 8, pos, 64, &alias);
		for (size_t k = 0; k < n && k < 64; k++)
			if (mg_feature_name_eq(mg_features_get_name(t->tune.features, pos[k]), feature) &&
			    strcmp(o->value, on ? "on" : "off"))
				return refuse_option(ctx, t->cur.ifname, o, on ? "on" : "off");
	}
	return 0;
}

/*
 * The same for an option of ifupdown's iface stanza, which ifup applies at
 * boot (auto) or at every add (allow-hotplug), after udev: its file is
 * its owner's, so the refusal names it. The parameters, Wake-on-LAN
 * (ethernet-wol) and the offloads (offload-*) of the ethtool hook.
 */
static int refuse_ifupdown(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *values,
			   const struct mg_tune_want *w)
{
	const struct mg_ifupdown_opt *o;
	struct mg_ifupdown_view v;
	char key[48], ours[32];
	unsigned int mask;
	int err = mg_ifupdown_read(ctx, t->cur.ifname, &v);

	for (int p = 0; err == 0 && p < MG_PARAM_COUNT; p++) {
		long long want, n;

		o = mg_param_ifupdown_key((enum mg_param)p, key, sizeof(key)) ? mg_ifupdown_view_find(&v, key) : NULL;
		if (!o || mg_settings_get(values, (enum mg_param)p, &want) < 0)
			continue;
		snprintf(ours, sizeof(ours), "%lld", want);
		if (!ifupdown_number(o->value, &n) || n != want)
			return refuse_option(ctx, t->cur.ifname, o, ours);
	}
	if (err == 0 && w && w->wol >= 0 && (o = mg_ifupdown_view_find(&v, "ethernet-wol")) &&
	    (mg_wol_parse(o->value, &mask) < 0 || mask != (unsigned int)w->wol)) {
		mg_link_wol_text((unsigned int)w->wol, ours, sizeof(ours));
		return refuse_option(ctx, t->cur.ifname, o, ours);
	}
	for (size_t i = 0; err == 0 && w && i < w->feature_count; i++)
		err = refuse_offload(ctx, t, &v, w->features[i].name, w->features[i].on);
	return err;
}

/*
 * The same for systemd-networkd's .network file: it sets the MTU it
 * carries when it configures the link, after udev, at every add. The file
 * is its owner's, so the refusal names it.
 */
static int refuse_networkd(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *values)
{
	struct mg_networkd_view v;
	long long want;
	char *end;
	int err;

	if (mg_settings_get(values, MG_PARAM_MTU, &want) < 0)
		return 0;
	err = mg_networkd_read(ctx, t->cur.ifindex, t->cur.ifname, &v);
	if (err < 0 || !v.mtu[0] || (strtoll(v.mtu, &end, 10) == want && !*end))
		return err;
	return mg_fail(ctx, -EBUSY, "%s: systemd-networkd's %s sets MTUBytes=%s for it and applies it whenever it "
		       "configures the link, after udev, so a .link file's %lld would not last; change it there", t->cur.ifname,
		       v.file, v.mtu, want);
}

/*
 * The keys udev's file is to carry, and in @gone the parameters that go
 * into NetworkManager's connection instead (persist-nm.c, read with this
 * group): refused where an engine after udev would undo them.
 */
static int udev_keys(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *want,
		     struct mg_linkfile *keys, struct mg_settings *gone)
{
	const char *ifname = t->cur.ifname;
	/* Nothing asked but persisting: what runs now, of every parameter (persist IFACE). */
	bool running_now = mg_persist_of_running(want);
	struct mg_settings now, values;
	int err;

	if (running_now)
		running(&t->cur, &now);
	split_nm(running_now ? &now : want, &t->tune.nm, &values, gone);
	/* ifupdown and systemd-networkd are asked only here, on the way to writing: a restore never waits on them. */
	err = refuse_nm(ctx, ifname, &t->tune.nm, &values, &t->cur);
	if (err == 0)
		err = refuse_ifupdown(ctx, t, &values, want->tune);
	if (err == 0)
		err = refuse_networkd(ctx, t, &values);
	if (err == 0)
		err = mg_link_param_keys(ctx, &values, &t->cur, keys);
	if (err == 0)
		err = mg_link_tune_keys(ctx, ifname, want, t->tune.features, keys);
	return err;
}

/* The text ours should have: NULL to remove it, or for nothing of udev's; @shown the keys it writes. */
static int wanted_text(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *want, int how,
		       char **out, char *shown, size_t size)
{
	const struct mg_persist_now *p = &t->tune.persist;
	const char *ifname = t->cur.ifname;
	struct mg_settings gone;
	struct mg_linkfile keys;
	int err;

	*out = NULL;
	shown[0] = '\0';
	if (p->text && !mg_link_is_ours(p->text))
		return mg_fail(ctx, -EEXIST, "%s: %s was not written by libmultigig; it is left alone", ifname,
			       p->lt.file);
	if (how == MG_PERSIST_REMOVE)
		return 0;
	mg_linkfile_init(&keys);
	err = udev_keys(ctx, t, want, &keys, &gone);
	keys_text(&keys, shown, size);
	/* Nothing for udev (NetworkManager carries it all) and no file of ours: udev is not asked. */
	if (err < 0 || (!keys.count && !p->text)) {
		mg_linkfile_clear(&keys);
		return err;
	}
	if (!p->read)
		err = mg_fail(ctx, p->err ? p->err : -EOPNOTSUPP, "%s: its settings cannot be persisted: %s", ifname,
			      p->why[0] ? p->why : "udev says nothing of it");
	else if (!p->text && !strcmp(p->applies, p->lt.file))
		err = stale(ctx, ifname, p);
	else if (strcmp(p->applies, p->lt.file))
		err = mg_link_may_take_place(ctx, ifname, &p->lt, p->applies);
	if (err == 0 && p->text)
		err = update_ours(p->text, &keys, &gone, out);
	else if (err == 0)
		err = compose_new(ctx, ifname, p, &keys, out);
	mg_linkfile_clear(&keys);
	if (err < 0 && !ctx->error[0])
		return mg_fail(ctx, err, "%s: %s cannot be updated: %s", ifname, p->lt.file, strerror(-err));
	return err;
}

static int plan_persist(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *want,
			enum mg_param_group g, struct mg_apply_part *r)
{
	const struct mg_persist_now *p = &t->tune.persist;
	int how = want->tune ? want->tune->persist : MG_PERSIST_NO;
	struct mg_change *c;
	char *text, shown[sizeof(r->persist_keys)];
	int err;

	(void)g;
	if (how == MG_PERSIST_NO)
		return 0;
	if (how == MG_PERSIST_REMOVE &&
	    ((t->tune.groups & ~(1u << MG_GROUP_PERSIST_NM)) != 1u << MG_GROUP_PERSIST || want->present))
		return mg_fail(ctx, -EINVAL, "%s: removing what persists goes alone, without settings to make",
			       t->cur.ifname);
	if (how == MG_PERSIST_REMOVE && r->unconfirmed)
		return mg_fail(ctx, -EINVAL, "%s: removing what persists changes nothing running, so it has nothing to "
			       "confirm; remove it without a confirmation window", t->cur.ifname);
	if (how == MG_PERSIST_WRITE && (err = refuse_groups(ctx, t)) < 0)
		return err;
	/*
	 * Where udev says nothing (no udevd here), no file of ours can be in
	 * use: removing, nothing of udev's to do; NetworkManager's step may
	 * still have. Writing, udev is asked only where it is to carry
	 * something (wanted_text()).
	 */
	if (how == MG_PERSIST_REMOVE && !p->read)
		return 0;
	err = wanted_text(ctx, t, want, how, &text, shown, sizeof(shown));
	if (err < 0)
		return err;
	if (mg_persist_hash(text) == p->hash) {
		free(text);
		return 0;
	}
	if (!(c = mg_change_add(r, MG_GROUP_PERSIST, "persist")) || (p->text && !(r->persist_old = strdup(p->text)))) {
		free(text);
		return c ? mg_fail(ctx, -ENOMEM, "out of memory") : -E2BIG;
	}
	mg_strlcpy(r->persist_file, p->lt.file, sizeof(r->persist_file));
	mg_strlcpy(r->persist_keys, shown, sizeof(r->persist_keys));
	r->persist_new = text;
	c->old_value = p->hash;
	c->new_value = c->expect = mg_persist_hash(text);
	return 0;
}

/*
 * What a write killed before its rename left beside @name in @dir: its
 * temporary files, ".NAME.XXXXXX". Only this interface's, whose lock the
 * caller holds, so none of them is being written.
 */
static void remove_leftovers(const char *dir, const char *name)
{
	size_t len = strlen(name);
	struct dirent *e;
	DIR *d = opendir(dir);

	if (!d)
		return;
	while ((e = readdir(d)))
		if (e->d_name[0] == '.' && !strncmp(e->d_name + 1, name, len) && e->d_name[len + 1] == '.' &&
		    strlen(e->d_name + len + 2) == 6)
			unlinkat(dirfd(d), e->d_name, 0);
	closedir(d);
}

/* @text as @path, whole or not at all: a file beside it, synced, renamed over it, the directory synced. */
static int write_atomically(const char *path, const char *text)
{
	char tmp[300], dir[256];
	size_t len = strlen(text);
	char *slash;
	int fd, err = 0;

	mg_strlcpy(dir, path, sizeof(dir));
	slash = strrchr(dir, '/');
	*slash = '\0';
	if (mkdir(dir, 0755) < 0 && errno != EEXIST)
		return -errno;
	remove_leftovers(dir, slash + 1);
	snprintf(tmp, sizeof(tmp), "%s/.%s.XXXXXX", dir, slash + 1);
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0)
		return -errno;
	err = fchmod(fd, 0644) < 0 ? -errno : 0;
	for (size_t done = 0; err == 0 && done < len;) {
		ssize_t n = write(fd, text + done, len - done);

		if (n < 0 && errno != EINTR)
			err = -errno;
		else if (n > 0)
			done += (size_t)n;
	}
	if (err == 0 && fsync(fd) < 0)
		err = -errno;
	if (close(fd) < 0 && err == 0)
		err = -errno;
	if (err == 0 && rename(tmp, path) < 0)
		err = -errno;
	if (err < 0) {
		unlink(tmp);
		return err;
	}
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
	return 0;
}

/*
 * Forward: the new text, beside the file while unconfirmed; a text left
 * there by a window a reboot ended goes with the next write of the file.
 * Back: an unconfirmed text is removed and the file, never touched, stays;
 * else the file gets its text before.
 */
static int set_persist(struct mg_ctx *ctx, int ifindex, enum mg_param_group g, const struct mg_apply_part *r,
		       bool restore)
{
	char waiting[sizeof(r->persist_file) + sizeof(UNCONFIRMED)];

	(void)ctx, (void)ifindex, (void)g;
	unconfirmed_path(r->persist_file, waiting, sizeof(waiting));
	for (size_t i = 0; i < r->count; i++) {
		const char *text = restore ? r->persist_old : r->persist_new;

		if (!mg_change_chosen(&r->changes[i], MG_GROUP_PERSIST, restore))
			continue;
		if (r->unconfirmed && !restore)
			return write_atomically(waiting, text);
		if (unlink(waiting) < 0 && errno != ENOENT)
			return -errno;
		/* Undoing an unconfirmed change: the file itself was never touched. */
		if (r->unconfirmed || path_value(r->persist_file) == mg_persist_hash(text))
			return 0;
		if (text)
			return write_atomically(r->persist_file, text);
		return unlink(r->persist_file) < 0 && errno != ENOENT ? -errno : 0;
	}
	return 0;
}

/* "none", the file with the keys written, or the file and its text's hash: two texts told apart. */
static void persist_text(const struct mg_apply_part *r, const struct mg_change *c, enum mg_change_value which,
			 char *buf, size_t size)
{
	long long v = mg_change_value(c, which);

	if (v == MG_UNKNOWN || v == 0)
		snprintf(buf, size, "%s", v ? "unknown" : "none");
	else if (which == MG_VALUE_NEW && r->persist_keys[0])
		snprintf(buf, size, "%s with %s%s", r->persist_file, r->persist_keys,
			 r->unconfirmed ? ", once confirmed" : "");
	else
		snprintf(buf, size, "%s (text %08llx)", r->persist_file, (unsigned long long)v >> 31);
}

static long long waiting_value(const char *path)
{
	char waiting[300];

	unconfirmed_path(path, waiting, sizeof(waiting));
	return path_value(waiting);
}

/*
 * The text udev gets once the change is confirmed, read again (the
 * interface may go by another name or path by now): an unconfirmed one
 * waiting beside the file, else the file's.
 */
static long long file_value(const struct mg_apply_part *r)
{
	long long v = r->unconfirmed ? waiting_value(r->persist_file) : 0;

	return v ? v : path_value(r->persist_file);
}

static enum mg_group_now_is compare_persist(const struct mg_group_now *now, struct mg_apply_part *r,
					    struct mg_change *c)
{
	(void)now;
	return mg_change_compare_value(c, file_value(r));
}

static void expect_persist(const struct mg_group_now *now, struct mg_apply_part *r, struct mg_change *c)
{
	(void)now;
	mg_change_expect_value(c, file_value(r));
}

static int check_persist(struct mg_ctx *ctx, const char *ifname, const struct mg_group_now *now,
			 const struct mg_apply_part *r, const struct mg_change *c, bool in_effect)
{
	(void)now, (void)in_effect;
	if (file_value(r) == c->new_value)
		return 0;
	return mg_fail(ctx, -EIO, "%s: %s does not hold what was written", ifname, r->persist_file);
}

static int explain_persist(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_apply_part *r,
			   enum mg_param_group g, int err, const char *extack, const char *rb)
{
	(void)g, (void)extack;
	if (err == -EACCES || err == -EPERM || err == -EROFS)
		return mg_fail(ctx, err, "%s: cannot write %s: %s (it needs root, and a writable /etc); %s",
			       t->cur.ifname, r->persist_file, strerror(-err), rb);
	return mg_fail(ctx, err, "%s: cannot write %s: %s; %s", t->cur.ifname, r->persist_file, strerror(-err), rb);
}

static void journal_persist(const struct mg_apply_part *r, const struct mg_change *c, bool as_left,
			    struct mg_journal_entry *e)
{
	mg_change_journal_value(r, c, as_left, e);
	e->path = strdup(r->persist_file);
	e->text = r->persist_old ? strdup(r->persist_old) : NULL;
	e->unconfirmed = r->unconfirmed;
}

static int format_persist(const struct mg_journal_entry *e, char *buf, size_t size)
{
	size_t len;
	char set[32];
	int n;

	if (!e->path || (e->old_value && !e->text))
		return -ENOMEM;
	mg_journal_set_text(e, set, sizeof(set));
	n = snprintf(buf, size, KEY " %s %lld %s ", e->path, e->old_value, set);
	if (n < 0 || (size_t)n >= size)
		return -E2BIG;
	len = (size_t)n;
	if (!e->text)
		len += (size_t)snprintf(buf + len, size - len, "-");
	for (const char *p = e->text; p && *p; p++, len += 2)
		if (len + 2 >= size || snprintf(buf + len, size - len, "%02x", (unsigned char)*p) != 2)
			return -E2BIG;
	if (e->unconfirmed && (len >= size || snprintf(buf + len, size - len, " unconfirmed") >= (int)(size - len)))
		return -E2BIG;
	return (int)len + (e->unconfirmed ? (int)strlen(" unconfirmed") : 0);
}

/* Hexadecimal back into text: NULL when it is none. */
static char *unhex(const char *hex)
{
	size_t len = strlen(hex);
	char *text;

	if (len % 2 || strspn(hex, "0123456789abcdef") != len || !(text = malloc(len / 2 + 1)))
		return NULL;
	for (size_t i = 0; i < len / 2; i++) {
		unsigned int byte;

		sscanf(hex + 2 * i, "%2x", &byte);
		text[i] = (char)byte;
	}
	text[len / 2] = '\0';
	return text;
}

/* Only ever a file of ours in /etc/systemd/network: a changed journal cannot aim a restore elsewhere. */
static bool path_ok(const char *path)
{
	size_t len = strlen(path);

	return !strncmp(path, OURS_PREFIX, strlen(OURS_PREFIX)) && !strchr(path + strlen(OURS_PREFIX), '/') && len < 256 &&
	       len > strlen(".link") && !strcmp(path + len - strlen(".link"), ".link");
}

static int parse_persist(char **w, int n, struct mg_journal_entry *e)
{
	long long max = INT64_MAX;

	if ((n != 5 && (n != 6 || strcmp(w[5], "unconfirmed"))) || !path_ok(w[1]) ||
	    !mg_journal_number(w[2], 0, max, &e->old_value))
		return -EBADMSG;
	e->unconfirmed = n == 6;
	/* What was written is always recorded: a restore must know the file it would replace is ours. */
	e->new_known = true;
	if (!mg_journal_number(w[3], 0, max, &e->new_value))
		return -EBADMSG;
	if (strcmp(w[4], "-") && !(e->text = unhex(w[4])))
		return -EBADMSG;
	/* The text is what was there, and ours: its hash and its first line say so. */
	if (mg_persist_hash(e->text) != e->old_value || (e->text && !mg_link_is_ours(e->text)) ||
	    !(e->path = strdup(w[1]))) {
		free(e->text);
		e->text = NULL;
		return -EBADMSG;
	}
	e->group = MG_GROUP_PERSIST;
	return 0;
}

/*
 * Against the file the journal names, read now: the interface may be known
 * by another path since. A restore is a change forward to the text before,
 * from the text there now.
 */
static void plan_restore_persist(const struct mg_journal_entry *e, const struct mg_group_now *now,
				 struct mg_apply_part *r)
{
	struct mg_change c = { .group = e->group, .param = MG_PARAM_COUNT, .name = "persist" };
	char *text = NULL;
	int err = mg_text_file_read(e->path, &text);
	long long cur = err == 0 || err == -ENOENT ? mg_persist_hash(text) : MG_UNKNOWN;
	size_t before = r->count;

	(void)now;
	/*
	 * Unconfirmed, the change's text may still wait beside the file as it
	 * was: the change stands there, and its undo removes it (set_persist()).
	 */
	if (e->unconfirmed && cur == e->old_value && waiting_value(e->path) == e->new_value)
		cur = e->new_value;
	/*
	 * A file that is not ours differs from what was written (ours) and
	 * from what was there (ours, or none): left as another writer's. One
	 * that cannot be read is left too, never replaced blind.
	 */
	if (cur == MG_UNKNOWN && r->count < MG_CHANGE_MAX) {
		c.old_value = c.found = MG_UNKNOWN;
		c.new_value = c.expect = e->old_value;
		c.state = MG_CHANGE_LEFT;
		r->changes[r->count++] = c;
	} else {
		mg_change_restore_value(e, cur, &c, r);
	}
	if (r->count > before)
		mg_strlcpy(r->persist_file, e->path, sizeof(r->persist_file));
	if (r->count == before || r->changes[before].state == MG_CHANGE_LEFT) {
		free(text);
		return;
	}
	free(r->persist_old);
	free(r->persist_new);
	r->persist_old = text;
	r->persist_new = e->text ? strdup(e->text) : NULL;
	if (e->text && !r->persist_new)
		r->count--; /* without memory: left as it is, which the restore's check then says */
}

static bool persist_asked(const struct mg_tune_want *w, enum mg_param_group g)
{
	(void)g;
	return w->persist != MG_PERSIST_NO;
}

static int merge_persist(struct mg_settings *dst, const struct mg_tune_want *w, enum mg_param_group g)
{
	(void)g;
	return mg_settings_set_persist(dst, w->persist);
}

/*
 * The text that waited for the confirmation, renamed over the file: only
 * the one this change wrote, over the file as the change found it.
 */
static int confirm_persist(struct mg_ctx *ctx, const char *ifname, const struct mg_journal_entry *e)
{
	char waiting[300];
	long long there = path_value(e->path), waits = waiting_value(e->path);

	if (!e->unconfirmed)
		return 0;
	unconfirmed_path(e->path, waiting, sizeof(waiting));
	/* A confirmation killed after its rename: done. */
	if (waits == 0 && there == e->new_value)
		return 0;
	if (waits != e->new_value || there != e->old_value)
		return mg_fail(ctx, -ESTALE, "%s: %s or %s changed while the change awaited confirmation, so neither is "
			       "replaced; roll the change back ('multigig rollback %s') and make it again", ifname,
			       e->path, waiting, ifname);
	if (rename(waiting, e->path) < 0)
		return mg_fail(ctx, -errno, "%s: cannot put %s in place: %s", ifname, e->path, strerror(errno));
	return 0;
}

const struct mg_group_ops mg_persist_ops = {
	.journal_key = KEY,
	.kind = MG_VALUE_WORD,
	.read = read_group,
	.clear = clear_persist,
	.plan = plan_persist,
	.set = set_persist,
	.value = persist_value,
	.compare = compare_persist,
	.expect = expect_persist,
	.check = check_persist,
	.text = persist_text,
	.explain = explain_persist,
	.journal = journal_persist,
	.format = format_persist,
	.parse = parse_persist,
	.plan_restore = plan_restore_persist,
	.asked = persist_asked,
	.merge = merge_persist,
	.confirm = confirm_persist,
};
