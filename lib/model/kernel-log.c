/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The kernel log of an adapter: the lines of /dev/kmsg that decide/klog.c
 * recognises and that name the adapter (its device, its interface, a port
 * above it on its path, its host bridge). One pass over the ring serves a
 * whole list: each record is matched once and handed to every adapter it
 * names. The path's names come from the device's place in sysfs, so
 * whatever bus the adapter is on, the devices above it are known.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

/* Lines kept per adapter: a flapping link writes thousands; the newest are kept. */
#define LINES_MAX 256
#define NAME_MAX_LEN 64

struct mg_kernel_line {
	uint64_t seq, usecs;
	int level;
	char *text;
	char *meaning;
	const char *kind;
	const char *source;
	const char *about;
};

struct mg_kernel_log {
	struct mg_kernel_line *items;
	size_t count, alloc;
	char *unknown;		/* why the log could not be read, or NULL */
	int unknown_err;	/* the read's negative errno then; MG_ENOTRECORDED from an older capture */
	unsigned int overwritten;
	size_t dropped;		/* oldest lines let go past LINES_MAX */
};

/*
 * One adapter's names, and the log its lines go to. The names point into
 * @names, its device's path cut at each '/', or are the adapter's own: a
 * list of 10 000 interfaces holds 10 000 of these for the pass, so nothing
 * is kept at a fixed size.
 */
struct who {
	struct mg_klog_target t;
	char *names;
	const char **above;	/* t.above's room, for a device with a path above it */
	struct mg_kernel_log *log;
};

static void free_line(struct mg_kernel_line *l)
{
	free(l->text);
	free(l->meaning);
}

MG_EXPORT void mg_kernel_log_free(struct mg_kernel_log *log)
{
	if (!log)
		return;
	for (size_t i = 0; i < log->count; i++)
		free_line(&log->items[i]);
	free(log->items);
	free(log->unknown);
	free(log);
}

/* "pci0000:00" -> "0000:00": the root bus's name in pci_bus lines. */
static const char *root_bus(const char *comp)
{
	if (strncmp(comp, "pci", 3) || !strchr(comp, ':') || strlen(comp + 3) >= NAME_MAX_LEN)
		return NULL;
	return comp + 3;
}

/* A name too long for any line the kernel writes about a device is not looked for. */
static bool name_fits(const char *name)
{
	return strlen(name) < NAME_MAX_LEN;
}

/* The names along @comps, of a path below "devices", pointing where @comps do; 0 or -ENOMEM. */
static int names_from_comps(struct who *w, char **comps, size_t n)
{
	const char *prev = NULL, *bus = NULL;
	int root = -1;

	if (!(w->above = calloc(n < MG_KLOG_ABOVE_MAX ? n : MG_KLOG_ABOVE_MAX, sizeof(*w->above))))
		return -ENOMEM;
	w->t.above = w->above;
	if (!name_fits(comps[n - 1]))
		comps[n - 1][NAME_MAX_LEN - 1] = '\0';
	w->t.address = comps[n - 1];
	for (size_t i = 1; i + 1 < n; i++) {
		if (root < 0 && (bus = root_bus(comps[i]))) {
			root = (int)i;
			prev = i > 1 && strcmp(comps[i - 1], "platform") ? comps[i - 1] : NULL;
			continue;
		}
		if (root >= 0 && w->t.nabove < MG_KLOG_ABOVE_MAX && name_fits(comps[i]))
			w->above[w->t.nabove++] = comps[i];
	}
	if (root >= 0) {
		if (prev && name_fits(prev))
			w->t.hosts[w->t.nhosts++] = prev;
		w->t.hosts[w->t.nhosts++] = bus;
	}
	return 0;
}

/*
 * The names along "devices/platform/axi/1000110000.pcie/pci0000:00/0000:00:00.0/0000:01:00.0",
 * kept in w->names. A virtual device has none, and keeps nothing.
 */
static int names_from_path(struct who *w, const char *devpath)
{
	size_t len = strlen(devpath), n = 0;
	char *comp, *save = NULL, *comps[64];

	if (!(w->names = strdup(devpath)))
		return -ENOMEM;
	for (comp = strtok_r(w->names, "/", &save); comp && n < 64; comp = strtok_r(NULL, "/", &save))
		comps[n++] = comp;
	if (n < 2 || len >= MG_PATH_MAX || strcmp(comps[0], "devices") || !strcmp(comps[1], "virtual")) {
		free(w->names);
		w->names = NULL;
		return 0;
	}
	return names_from_comps(w, comps, n);
}

/* Who @nic is in the kernel's lines: its interface, its device and the path above it. */
static int who_init(struct mg_ctx *ctx, const struct mg_nic *nic, struct who *w)
{
	char rel[MG_PATH_MAX], netdir[MG_PATH_MAX], devpath[MG_PATH_MAX];
	int err = -ENOENT;

	memset(w, 0, sizeof(*w));
	if (nic->name) {
		w->t.ifname = nic->name;
		w->t.ifindex = nic->ifindex > 0 ? nic->ifindex : 0;
		/*
		 * The interface's own directory first: "device" is relative to
		 * it, not to class/net. One below devices/virtual has none.
		 */
		if (mg_nic_netdir(ctx, nic, netdir, sizeof(netdir)) == 0 &&
		    strncmp(netdir, "devices/virtual/", 16) != 0 &&
		    mg_path_join(rel, sizeof(rel), netdir, "device") == 0)
			err = mg_sysfs_resolve(ctx, rel, devpath, sizeof(devpath));
	}
	if (err < 0 && nic->bus == MG_BUS_PCI && nic->address &&
	    snprintf(rel, sizeof(rel), "bus/pci/devices/%s", nic->address) < (int)sizeof(rel))
		err = mg_sysfs_resolve(ctx, rel, devpath, sizeof(devpath));
	if (err == 0 && names_from_path(w, devpath) < 0)
		return -ENOMEM;
	if (!w->t.address && nic->address && name_fits(nic->address))
		w->t.address = nic->address;
	return 0;
}

static int add_line(struct mg_kernel_log *log, const struct mg_kmsg_record *rec, const struct mg_klog_match *m,
		    const char *about)
{
	struct mg_kernel_line *l;

	if (log->count == LINES_MAX) {
		free_line(&log->items[0]);
		memmove(log->items, log->items + 1, (log->count - 1) * sizeof(log->items[0]));
		log->count--;
		log->dropped++;
	}
	if (log->count == log->alloc) {
		struct mg_kernel_line *grown = mg_array_grow(log->items, &log->alloc, log->count, sizeof(*grown));

		if (!grown)
			return -ENOMEM;
		log->items = grown;
	}
	l = &log->items[log->count];
	memset(l, 0, sizeof(*l));
	l->seq = rec->seq;
	l->usecs = rec->usecs;
	l->level = rec->level;
	l->kind = m->known->id;
	l->source = m->known->source;
	l->about = about;
	l->text = strdup(rec->text);
	l->meaning = strdup(m->meaning);
	if (!l->text || !l->meaning) {
		free_line(l);
		return -ENOMEM;
	}
	log->count++;
	return 0;
}

struct pass {
	struct who *who;
	size_t count;
	bool has_after;		/* only records after @after (watch) */
	uint64_t after;
	bool any;		/* a record was read: @last is its sequence */
	uint64_t last;
};

static int on_record(const struct mg_kmsg_record *rec, void *data)
{
	struct pass *p = data;
	struct mg_klog_prefix prefix;
	struct mg_klog_match m;
	int used = 0;

	if (!p->any || rec->seq > p->last)
		p->last = rec->seq;
	p->any = true;
	if (p->has_after && rec->seq <= p->after)
		return 0;
	mg_klog_split(rec->text, &prefix);
	if (!mg_klog_match(prefix.body, &m))
		return 0;
	for (size_t i = 0; i < p->count; i++) {
		const char *about = mg_klog_attribute(&p->who[i].t, &prefix, rec->device);
		int err;

		if (!about)
			continue;
		err = add_line(p->who[i].log, rec, &m, about);
		if (err < 0)
			return err;
		used = 1;
	}
	return used;
}

static const char *unknown_reason(int err, char *buf, size_t size)
{
	if (err == -EPERM)
		return "reading the kernel log needs CAP_SYSLOG, or kernel.dmesg_restrict=0";
	if (err == MG_ENOTRECORDED)
		return "this capture holds no kernel log (captures made before libmultigig 0.3 have none)";
	if (err == -ENOENT)
		return "this system has no /dev/kmsg";
	snprintf(buf, size, "reading the kernel log: %s", strerror(-err));
	return buf;
}

static void free_who(struct pass *p)
{
	for (size_t i = 0; p->who && i < p->count; i++) {
		free(p->who[i].names);
		free(p->who[i].above);
	}
	free(p->who);
}

/* One pass for @count adapters; each gets a log (with the reason when it could not be read). */
static int read_logs(struct mg_ctx *ctx, struct mg_nic **nics, size_t count, struct mg_kernel_log **logs,
		     struct pass *p_in)
{
	struct pass p = { calloc(count ? count : 1, sizeof(struct who)), count, p_in->has_after, p_in->after, false, 0 };
	struct mg_kmsg_pass kp;
	char buf[160];
	int err = p.who ? 0 : -ENOMEM;

	for (size_t i = 0; err == 0 && i < count; i++) {
		logs[i] = calloc(1, sizeof(*logs[i]));
		if (!logs[i]) {
			err = -ENOMEM;
			break;
		}
		err = who_init(ctx, nics[i], &p.who[i]);
		p.who[i].log = logs[i];
	}
	if (err == 0) {
		mg_kmsg_pass_init(&kp, on_record, &p);
		err = mg_gather_kmsg(ctx, &kp);
		mg_kmsg_pass_clear(&kp);
		mg_dbg(ctx, "kernel log: %zu records, %u overwritten while read, %u malformed", kp.records,
		       kp.overwritten, kp.garbage);
		for (size_t i = 0; i < count; i++)
			logs[i]->overwritten = kp.overwritten;
	}
	if (err < 0 && err != -ENOMEM) {
		const char *why = unknown_reason(err, buf, sizeof(buf));
		int read_err = err;

		mg_info(ctx, "%s", why);
		err = 0;
		for (size_t i = 0; err == 0 && i < count; i++) {
			for (size_t k = 0; k < logs[i]->count; k++)
				free_line(&logs[i]->items[k]);
			logs[i]->count = 0;
			logs[i]->unknown_err = read_err;
			if (!(logs[i]->unknown = strdup(why)))
				err = -ENOMEM;
		}
	}
	free_who(&p);
	p_in->any = p.any;
	p_in->last = p.last;
	if (err < 0)
		for (size_t i = 0; i < count; i++) {
			mg_kernel_log_free(logs[i]);
			logs[i] = NULL;
		}
	return err;
}

MG_EXPORT int mg_kernel_log_read_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_kernel_log **log)
{
	struct mg_nic *one = (struct mg_nic *)nic;
	int err;

	if (!ctx || !nic || !log)
		return ctx ? mg_fail(ctx, -EINVAL, "mg_kernel_log_read_for_nic: NULL argument") : -EINVAL;
	*log = NULL;
	mg_clear_error(ctx);
	err = read_logs(ctx, &one, 1, log, &(struct pass){ 0 });
	return err < 0 ? mg_fail(ctx, err, "reading the kernel log: %s", strerror(-err)) : 0;
}

int mg_kernel_log_read_after(struct mg_ctx *ctx, const struct mg_nic *nic, bool has_after, uint64_t after,
			     bool *any, uint64_t *last, struct mg_kernel_log **log)
{
	struct mg_nic *one = (struct mg_nic *)nic;
	struct pass p = { .has_after = has_after, .after = after };
	int err = read_logs(ctx, &one, 1, log, &p);

	*any = p.any;
	*last = p.last;
	return err;
}

int mg_kernel_log_attach(struct mg_ctx *ctx, struct mg_nic_list *list)
{
	size_t count = mg_nic_list_count(list);
	struct mg_kernel_log **logs = calloc(count ? count : 1, sizeof(*logs));
	struct mg_nic **items = mg_nic_list_items(list);
	int err;

	if (!logs)
		return -ENOMEM;
	err = read_logs(ctx, items, count, logs, &(struct pass){ 0 });
	for (size_t i = 0; err == 0 && i < count; i++)
		items[i]->kernel_log = logs[i];
	free(logs);
	return err;
}

MG_GETTER(const struct mg_kernel_log *, mg_nic_get_kernel_log, mg_nic, kernel_log, NULL)
MG_GETTER(const char *, mg_kernel_log_get_unknown_reason, mg_kernel_log, unknown, NULL)
MG_GETTER(size_t, mg_kernel_log_get_count, mg_kernel_log, count, 0)
MG_GETTER(unsigned int, mg_kernel_log_get_overwritten, mg_kernel_log, overwritten, 0)

int mg_kernel_log_unread_err(const struct mg_kernel_log *log)
{
	return log && log->unknown ? log->unknown_err : 0;
}

static const struct mg_kernel_line *line(const struct mg_kernel_log *log, size_t index)
{
	return log && index < log->count ? &log->items[index] : NULL;
}

MG_ITEM_GETTER(int, mg_kernel_log_get_priority, mg_kernel_log, line, level, MG_UNKNOWN)
MG_ITEM_GETTER(const char *, mg_kernel_log_get_text, mg_kernel_log, line, text, NULL)
MG_ITEM_GETTER(const char *, mg_kernel_log_get_meaning, mg_kernel_log, line, meaning, NULL)
MG_ITEM_GETTER(const char *, mg_kernel_log_get_kind, mg_kernel_log, line, kind, NULL)
MG_ITEM_GETTER(const char *, mg_kernel_log_get_source, mg_kernel_log, line, source, NULL)
MG_ITEM_GETTER(const char *, mg_kernel_log_get_about, mg_kernel_log, line, about, NULL)

MG_EXPORT int mg_kernel_log_get_usecs(const struct mg_kernel_log *log, size_t index, uint64_t *usecs)
{
	const struct mg_kernel_line *l = line(log, index);

	if (!l || !usecs)
		return -EINVAL;
	*usecs = l->usecs;
	return 0;
}

MG_EXPORT int mg_kernel_log_get_sequence(const struct mg_kernel_log *log, size_t index, uint64_t *seq)
{
	const struct mg_kernel_line *l = line(log, index);

	if (!l || !seq)
		return -EINVAL;
	*seq = l->seq;
	return 0;
}
