/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Reading what persists of an interface's settings (persist --status,
 * the doctor): the .link file udev applies when the device is next added,
 * and for every key of it that libmultigig knows, the value it carries
 * beside the one running now (model/persist-status.c holds them). A value
 * that differs is drift: the next boot or re-plug changes it.
 *
 * Which file applies next: ours when it is there (it sorts first and
 * matches the device alone), a file of that name someone else wrote, else
 * the one udev applied at the last add, with its drop-ins. NetworkManager,
 * where it manages the interface, applies its active connection's keys at
 * every activation, and ifupdown its iface stanza's options at every ifup,
 * both after udev: where two engines carry a setting with values that
 * differ, that is a conflict, and the later engine's value is the one that
 * lasts.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "apply/apply.h"

/* A .link boolean as udev reads it ("yes", "true", "on", "1"), or the text itself. */
static const char *truth(const char *v)
{
	static const char *const yes[] = { "yes", "true", "on", "1", "y", "t" };
	static const char *const no[] = { "no", "false", "off", "0", "n", "f" };

	for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
		if (!strcasecmp(v, yes[i]))
			return "yes";
		if (!strcasecmp(v, no[i]))
			return "no";
	}
	return v;
}

static bool same(const struct mg_param_info *info, const char *running, const char *persisted)
{
	if (info->link_value == MG_LINK_BOOL)
		return !strcmp(truth(running), truth(persisted));
	return !strcmp(running, persisted);
}

/* Whether udev's last file sorts before @ours: the first file that fits applies, so it stays the one. */
static bool applies_first(const struct mg_udev_net *u, const char *ours)
{
	const char *a = strrchr(u->link_file, '/'), *b = strrchr(ours, '/');

	return u->link_file[0] && strcmp(u->link_file, ours) && access(u->link_file, F_OK) == 0 &&
	       strcmp(a ? a + 1 : u->link_file, b ? b + 1 : ours) < 0;
}

/* The file udev applies at the next add; "" with @s->why when it cannot be known. */
static void next_file(struct mg_ctx *ctx, const char *perm_mac, struct mg_persist_status *s,
		      const struct mg_udev_net *u)
{
	bool shared = mg_link_shares_device(ctx, s->ifname);
	struct mg_link_target lt;
	char *text = NULL;

	if (!u->initialized) {
		snprintf(s->why, sizeof(s->why), "udev has not handled the device (is systemd-udevd running?)");
		return;
	}
	if (mg_link_target_of(ctx, s->ifname, u, perm_mac, shared, &lt) == 0 && !applies_first(u, lt.file) &&
	    mg_text_file_read(lt.file, &text) == 0) {
		mg_strlcpy(s->file, lt.file, sizeof(s->file));
		s->ours = mg_link_is_ours(text);
		free(text);
		return;
	}
	mg_clear_error(ctx);
	if (u->link_file[0] && access(u->link_file, F_OK) == 0)
		mg_strlcpy(s->file, u->link_file, sizeof(s->file));
	else if (u->link_file[0])
		snprintf(s->why, sizeof(s->why), "udev last applied %s, which is gone; which file applies now, only "
			 "the next add says", u->link_file);
	else
		snprintf(s->why, sizeof(s->why), "udev applied no .link file at the last add");
}

void mg_nm_value_text(const struct mg_param_info *info, long long v, char *buf, size_t size)
{
	/* The pause keys are booleans on D-Bus; every other, adaptive coalescing too, a u32. */
	if (info->group == MG_GROUP_PAUSE)
		snprintf(buf, size, "%s", v ? "yes" : "no");
	else
		snprintf(buf, size, "%lld", v);
}

static bool is_udev(const struct mg_persist_row *row)
{
	return !strcmp(row->engine, "udev");
}

static void add_row(struct mg_persist_status *s, const struct mg_settings *cur, enum mg_param p, const char *engine,
		    const char *source, const char *key, const char *value)
{
	const struct mg_param_info *info = mg_param_info(p);
	struct mg_persist_row *row = &s->rows[s->count++];
	long long now;

	row->setting = info->name;
	row->engine = engine;
	mg_strlcpy(row->source, source, sizeof(row->source));
	mg_strlcpy(row->key, key, sizeof(row->key));
	mg_strlcpy(row->persisted, value, sizeof(row->persisted));
	/* Running as the engine spells it: a .link with units, the others plain numbers and yes or no. */
	if (mg_settings_get(cur, p, &now) == 0 && !is_udev(row))
		mg_nm_value_text(info, now, row->running, sizeof(row->running));
	else if (mg_settings_get(cur, p, &now) == 0)
		mg_link_value_text(info, now, row->running, sizeof(row->running));
	row->drift = !row->running[0] || !same(info, row->running, row->persisted);
}

/*
 * A persisted value as the kernel's number: a .link spells times with a
 * unit ("10us"; none is seconds, as systemd reads it), NM and ifupdown as
 * plain numbers.
 */
static bool number_of(const struct mg_param_info *info, const struct mg_persist_row *row, long long *v)
{
	static const struct {
		const char *suffix;
		long long usec;
	} units[] = { { "us", 1 }, { "usec", 1 }, { "ms", 1000 }, { "msec", 1000 }, { "s", 1000000 },
		      { "sec", 1000000 }, { "", 1000000 } };
	const char *text = info->link_value == MG_LINK_BOOL ? truth(row->persisted) : row->persisted;
	char *end;

	if (info->link_value == MG_LINK_BOOL) {
		*v = !strcmp(text, "yes");
		return !strcmp(text, "yes") || !strcmp(text, "no");
	}
	*v = strtoll(text, &end, 10);
	if (end == text)
		return false;
	if (!is_udev(row) || (info->link_value != MG_LINK_USEC && info->link_value != MG_LINK_SEC))
		return !*end;
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (!strcmp(end, units[i].suffix)) {
			*v = info->link_value == MG_LINK_USEC ? *v * units[i].usec : *v * units[i].usec / 1000000;
			return true;
		}
	return false;
}

/* A setting udev's file and a later engine carry with values that differ: the later one's lasts. */
static void mark_conflicts(struct mg_persist_status *s)
{
	for (size_t i = 0; i < s->count; i++)
		for (size_t j = i + 1; j < s->count; j++) {
			struct mg_persist_row *a = &s->rows[i], *b = &s->rows[j];
			const struct mg_param_info *info;
			long long x, y;

			/*
			 * Only the parameters are carried by more than udev; what
			 * matters is whether udev's file lasts, so only a pair with
			 * udev's row is one (NM and ifupdown rarely share an interface).
			 */
			if (a->setting != b->setting || is_udev(a) == is_udev(b))
				continue;
			info = mg_param_info(mg_param_from_name(a->setting));
			/* A value this reading cannot parse ("1.5ms") is no conflict it can show. */
			if (number_of(info, a, &x) && number_of(info, b, &y) && x != y)
				a->conflict = b->conflict = true;
		}
}

/*
 * Each engine's rows, in the order they apply (decide/engines.c): udev's
 * at the add, ifupdown's at ifup, systemd-networkd's when it configures
 * the link (its .network file carries only the MTU of ours), NM's at
 * activation.
 */
static void rows(const struct mg_settings *cur, const struct mg_linkfile *f, const struct mg_ifupdown_view *ifupdown,
		 const struct mg_networkd_view *networkd, const struct mg_nm_view *nm, struct mg_persist_status *s)
{
	for (int p = 0; p < MG_PARAM_COUNT; p++) {
		const struct mg_param_info *info = mg_param_info((enum mg_param)p);
		const char *v = info->link_key ? mg_linkfile_get(f, "Link", info->link_key) : NULL;

		if (v)
			add_row(s, cur, (enum mg_param)p, "udev", s->file, info->link_key, v);
	}
	for (int p = 0; p < MG_PARAM_COUNT; p++) {
		char key[48];
		const struct mg_ifupdown_opt *o = mg_param_ifupdown_key((enum mg_param)p, key, sizeof(key))
							  ? mg_ifupdown_view_find(ifupdown, key) : NULL;

		if (o)
			add_row(s, cur, (enum mg_param)p, "ifupdown", o->file, key, o->value);
	}
	if (networkd->mtu[0])
		add_row(s, cur, MG_PARAM_MTU, "systemd-networkd", networkd->file, "MTUBytes", networkd->mtu);
	for (int p = 0; p < MG_PARAM_COUNT; p++) {
		const struct mg_param_info *info = mg_param_info((enum mg_param)p);
		const char *v = info->nm_key ? mg_nm_view_get(nm, info->nm_key) : NULL;

		if (v)
			add_row(s, cur, (enum mg_param)p, "NetworkManager", s->connection, info->nm_key, v);
	}
	mark_conflicts(s);
}

/* A row of an offload or of Wake-on-LAN: the file's value against the one running ("" unknown). */
static void add_tune_row(struct mg_persist_status *s, const char *setting, const char *key, const char *value,
			 const char *running)
{
	struct mg_persist_row *row = &s->rows[s->count++];

	row->setting = setting;
	row->engine = "udev";
	mg_strlcpy(row->source, s->file, sizeof(row->source));
	mg_strlcpy(row->key, key, sizeof(row->key));
	mg_strlcpy(row->persisted, value, sizeof(row->persisted));
	mg_strlcpy(row->running, running, sizeof(row->running));
	row->drift = !running[0] || strcmp(truth(value), running);
}

/*
 * The offloads and Wake-on-LAN the file carries, each against what runs:
 * the features and the Wake-on-LAN modes are read only for a file that
 * carries some, so a status of parameters alone asks nothing more.
 */
static void tune_rows(struct mg_ctx *ctx, const struct mg_settings *cur, const struct mg_linkfile *f,
		      struct mg_persist_status *s)
{
	const char *feature, *key, *wol = mg_linkfile_get(f, "Link", "WakeOnLan");
	struct mg_features *now = NULL;
	struct mg_ethlink *link = NULL;
	char words[96] = "";

	for (size_t i = 0; (feature = mg_link_feature_at(i, &key)) && s->count < MG_PERSIST_ROWS; i++) {
		const char *v = mg_linkfile_get(f, "Link", key);
		int active = -1;

		if (!v)
			continue;
		if (!now && mg_features_read(ctx, s->ifname, &now) < 0)
			mg_clear_error(ctx);
		for (size_t j = 0; now && j < mg_features_get_count(now); j++)
			if (!strcmp(mg_features_get_name(now, j), feature))
				active = mg_features_get_active(now, j);
		add_tune_row(s, feature, key, v, active < 0 ? "" : active ? "yes" : "no");
	}
	mg_features_free(now);
	if (!wol || s->count >= MG_PERSIST_ROWS)
		return;
	if (mg_ethlink_read_kind(ctx, MG_ETHLINK_WOL, cur->ifindex, s->ifname, &link) == 0 && link->wol_enabled >= 0)
		mg_link_wol_text((unsigned int)link->wol_enabled, words, sizeof(words));
	mg_clear_error(ctx);
	mg_ethlink_free(link);
	add_tune_row(s, "wol", "WakeOnLan", wol, words);
}

/* NetworkManager's active connection on the interface, or why there is none. */
static int read_nm(struct mg_ctx *ctx, struct mg_persist_status *s, struct mg_nm_view *nm)
{
	int err = mg_nm_read(ctx, s->ifname, nm);

	/* NetworkManager failing to answer is said as why it has no connection: udev's part still stands. */
	if (err < 0) {
		memset(nm, 0, sizeof(*nm));
		mg_strlcpy(s->nm_why, ctx->error, sizeof(s->nm_why));
		mg_clear_error(ctx);
		return 0;
	}
	mg_strlcpy(s->connection, nm->connection, sizeof(s->connection));
	mg_strlcpy(s->uuid, nm->uuid, sizeof(s->uuid));
	mg_strlcpy(s->nm_why, nm->why, sizeof(s->nm_why));
	return 0;
}

/* ifupdown's stanza for the interface: a file it cannot read leaves it carrying nothing. */
static void read_ifupdown(struct mg_ctx *ctx, struct mg_persist_status *s, struct mg_ifupdown_view *v)
{
	if (mg_ifupdown_read(ctx, s->ifname, v) < 0) {
		memset(v, 0, sizeof(*v));
		mg_clear_error(ctx);
	}
}

/* systemd-networkd's .network file for the interface: failing to answer, it carries nothing. */
static void read_networkd(struct mg_ctx *ctx, const struct mg_settings *cur, struct mg_persist_status *s,
			  struct mg_networkd_view *v)
{
	if (mg_networkd_read(ctx, cur->ifindex, s->ifname, v) < 0) {
		memset(v, 0, sizeof(*v));
		mg_clear_error(ctx);
	}
}

int mg_persist_status_of(struct mg_ctx *ctx, const char *ifname, const char *perm_mac, const struct mg_settings *cur,
			 struct mg_persist_status **status)
{
	struct mg_persist_status *s;
	struct mg_ifupdown_view ifupdown;
	struct mg_networkd_view networkd;
	struct mg_nm_view nm;
	struct mg_linkfile f;
	struct mg_udev_net u;
	int err = mg_udev_net_read(ctx, ifname, &u);
	/* No udevd in this namespace: no file applies, which the status says; NetworkManager may still. */
	bool no_udevd = err == -EOPNOTSUPP && !ctx->offline;

	*status = NULL;
	if (err < 0 && !no_udevd)
		return err;
	if (!(s = calloc(1, sizeof(*s))))
		return mg_fail(ctx, -ENOMEM, "out of memory");
	mg_strlcpy(s->ifname, ifname, sizeof(s->ifname));
	if (no_udevd)
		mg_strlcpy(s->why, ctx->error, sizeof(s->why));
	else
		next_file(ctx, perm_mac, s, &u);
	mg_clear_error(ctx);
	mg_linkfile_init(&f);
	err = s->file[0] ? mg_link_file_read(ctx, s->file, &f) : 0;
	if (err == 0)
		err = read_nm(ctx, s, &nm);
	if (err == 0) {
		read_ifupdown(ctx, s, &ifupdown);
		read_networkd(ctx, cur, s, &networkd);
		rows(cur, &f, &ifupdown, &networkd, &nm, s);
		tune_rows(ctx, cur, &f, s);
	}
	mg_linkfile_clear(&f);
	if (err < 0) {
		free(s);
		return err;
	}
	*status = s;
	return 0;
}

MG_EXPORT int mg_persist_status_read(struct mg_ctx *ctx, const char *ifname, struct mg_persist_status **status)
{
	struct mg_settings cur;
	struct mg_link link;
	int err;

	if (!ctx || !ifname || !status)
		return -EINVAL;
	*status = NULL;
	mg_link_init(&link);
	err = mg_gather_link_said(ctx, ifname, 0, &link);
	if (err == 0)
		err = mg_settings_read_into(ctx, NULL, link.ifindex, "", &cur);
	return err < 0 ? err : mg_persist_status_of(ctx, link.name, link.perm_mac, &cur, status);
}
