/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Names for PCI ids, without loading a whole database to name one device.
 *
 * pci.ids is read as a stream: it is sorted by vendor id, so reading stops
 * at the end of the wanted entry's block, or at the first vendor past the
 * wanted one, instead of hashing all 1.3 MB the way libpci does before its
 * first answer. Where the wanted vendor's line starts is kept in the
 * context, so the device and subsystem questions that follow read only that
 * vendor's block. The names are the ones libpci gives for the same file.
 *
 * udev's hwdb (a prebuilt trie that libudev maps) answers what pci.ids
 * lacks, or everything on a machine without pci.ids. It does not come first
 * because its names are not libpci's: systemd builds it from its own copy
 * of pci.ids, older or newer than the file; its compiler cuts values at
 * " #" ("Controller #1" becomes "Controller"); and it stores a subsystem as
 * "DEVICE (SUBSYSTEM)" with a leading copy of DEVICE cut from SUBSYSTEM.
 * Debian 12's hwdb names 4% of pci.ids' devices differently.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libudev.h>

#include "gather/gather.h"

/* Where Debian (pci.ids) and Fedora (hwdata) put the file. */
static const char *const ids_paths[] = {
	"/usr/share/misc/pci.ids",
	"/usr/share/hwdata/pci.ids",
};

struct mg_pci_namedb {
	struct mg_pci_ids_mark mark;	/* the last vendor found in pci.ids */
	bool hwdb_tried;
	struct udev *udev;
	struct udev_hwdb *hwdb;		/* NULL when the machine has no hwdb.bin */
};

void mg_pci_namedb_free(struct mg_pci_namedb *db)
{
	if (!db)
		return;
	udev_hwdb_unref(db->hwdb);
	udev_unref(db->udev);
	free(db);
}

/* ---- pci.ids as a stream ---- */

#define IDS_CHUNK 65536

/* Lines of a file, read a chunk at a time; a line is used in place. */
struct ids_reader {
	int fd;
	char *buf;		/* IDS_CHUNK bytes */
	off_t base;		/* where buf[0] is in the file */
	size_t start, end;	/* the unread bytes: buf[start, end) */
	bool eof;
	int err;
	char cut[4];		/* what is kept of a line too long to parse */
};

struct ids_scan {
	const struct mg_pci_ids_key *key;
	struct mg_pci_ids_names *names;
	struct mg_pci_ids_mark *mark;	/* set where the vendor's line is found */
	bool in_vendor;		/* inside the wanted vendor's block */
	bool in_device;		/* inside the wanted device's block */
	bool done;		/* the rest of the file cannot change the answer */
};

/* Append what the file holds next after the unread bytes; false at its end. */
static bool ids_fill(struct ids_reader *r)
{
	ssize_t n;

	if (r->eof)
		return false;
	memmove(r->buf, r->buf + r->start, r->end - r->start);
	r->base += (off_t)r->start;
	r->end -= r->start;
	r->start = 0;
	do
		n = read(r->fd, r->buf + r->end, IDS_CHUNK - 1 - r->end);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		r->err = -errno;
	if (n <= 0) {
		r->eof = true;
		return false;
	}
	r->end += (size_t)n;
	return true;
}

/* Drop the rest of the current line. */
static void ids_skip_line(struct ids_reader *r)
{
	char *nl;

	while (!(nl = memchr(r->buf + r->start, '\n', r->end - r->start))) {
		r->start = r->end;
		if (!ids_fill(r))
			return;
	}
	r->start = (size_t)(nl + 1 - r->buf);
}

/*
 * The next line, terminated in place, or NULL at the end of the file. A
 * line as long as libpci refuses (MG_PCI_IDS_LINE - 1 and more) is dropped
 * and only its leading tabs are returned, with @too_long set, so its tail
 * is never taken for a line of its own.
 */
static char *ids_next_line(struct ids_reader *r, bool *too_long)
{
	char *line, *nl;
	size_t len;

	for (;;) {
		line = r->buf + r->start;
		len = r->end - r->start;
		nl = memchr(line, '\n', len < MG_PCI_IDS_LINE - 1 ? len : MG_PCI_IDS_LINE - 1);
		if (nl || len >= MG_PCI_IDS_LINE - 1 || r->eof)
			break;
		ids_fill(r);
	}
	*too_long = !nl && len >= MG_PCI_IDS_LINE - 1;
	if (*too_long) {
		size_t tabs = 0;

		while (tabs < sizeof(r->cut) - 1 && line[tabs] == '\t')
			tabs++;
		memset(r->cut, '\t', tabs);
		r->cut[tabs] = '\0';
		ids_skip_line(r);
		return r->cut;
	}
	if (!nl) {
		if (!len)
			return NULL;
		/* The last line, without its newline: ids_fill() kept a byte free. */
		line[len] = '\0';
		r->start = r->end;
		return line;
	}
	*nl = '\0';
	r->start = (size_t)(nl + 1 - r->buf);
	return line;
}

static bool blank(char c)
{
	return c == ' ' || c == '\t';
}

static int hex_id(const char *p)
{
	int v = 0;

	for (int i = 0; i < 4; i++) {
		char c = p[i];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else
			return -1;
	}
	return v;
}

/* The name after an id: past at least one blank, and not empty. */
static const char *name_after(const char *p)
{
	if (!blank(*p))
		return NULL;
	while (blank(*p))
		p++;
	return *p ? p : NULL;
}

/* As libpci: the line ends at a CR too, and one trailing blank is dropped. */
static void trim(char *line)
{
	size_t n = strcspn(line, "\r");

	line[n] = '\0';
	if (n > 0 && blank(line[n - 1]))
		line[n - 1] = '\0';
}

static bool blank_or_comment(const char *p)
{
	while (blank(*p))
		p++;
	return *p == '\0' || *p == '#';
}

static void on_vendor(struct ids_scan *s, const char *p)
{
	int id = hex_id(p);
	const char *name = id < 0 ? NULL : name_after(p + 4);

	/* Any top-level line ends the wanted vendor's block. */
	if (s->in_vendor) {
		s->done = true;
		return;
	}
	/* "C 02" starts the class list: the vendors are over. */
	if (p[0] >= 'A' && p[0] <= 'Z' && p[1] == ' ') {
		s->done = true;
		return;
	}
	if (!name || id < s->key->vendor)
		return;	/* a malformed vendor is skipped, and so are its devices */
	if (id > s->key->vendor) {
		s->done = true;	/* sorted by id: the vendor is not listed */
		return;
	}
	mg_strlcpy(s->names->vendor, name, sizeof(s->names->vendor));
	s->in_vendor = true;
	s->done = s->key->device < 0;
}

static void on_device(struct ids_scan *s, const char *p)
{
	int id = hex_id(p);
	const char *name = id < 0 ? NULL : name_after(p + 4);

	if (s->in_device) {
		s->done = true;	/* the device's subsystems are over */
		return;
	}
	if (!name || id != s->key->device)
		return;
	mg_strlcpy(s->names->device, name, sizeof(s->names->device));
	s->in_device = true;
	s->done = s->key->sub_vendor < 0;
}

static void on_subsystem(struct ids_scan *s, const char *p)
{
	int sv = hex_id(p), sd = sv >= 0 && blank(p[4]) ? hex_id(p + 5) : -1;
	const char *name = sv < 0 || sd < 0 ? NULL : name_after(p + 9);

	if (!s->in_device || !name || sv != s->key->sub_vendor || sd != s->key->sub_device)
		return;
	mg_strlcpy(s->names->subsystem, name, sizeof(s->names->subsystem));
	s->done = true;
}

static void ids_scan(struct ids_reader *r, struct ids_scan *s)
{
	char *line;
	bool too_long;

	while (!s->done && (line = ids_next_line(r, &too_long))) {
		size_t nest;

		/* Most lines: another vendor's devices. */
		if (line[0] == '\t' && !s->in_vendor)
			continue;
		nest = strspn(line, "\t");
		trim(line);
		/* A too long line is malformed, not blank: it still ends a block. */
		if (!too_long && blank_or_comment(line))
			continue;
		if (nest == 0) {
			bool was_in = s->in_vendor;

			on_vendor(s, line);
			if (!was_in && s->in_vendor && s->mark)
				*s->mark = (struct mg_pci_ids_mark){ s->key->vendor, r->base + (line - r->buf) };
		} else if (nest == 1) {
			on_device(s, line + 1);
		} else if (nest == 2) {
			on_subsystem(s, line + 2);
		}
	}
}

/*
 * Scan from @offset. Reading starts a byte early and drops the first line,
 * so whatever the offset, scanning starts at the beginning of a line.
 */
static int ids_scan_from(struct ids_reader *r, off_t offset, struct ids_scan *s)
{
	bool too_long;

	r->base = offset > 0 ? offset - 1 : 0;
	r->start = r->end = 0;
	r->eof = false;
	if (lseek(r->fd, r->base, SEEK_SET) < 0)
		return -errno;
	if (offset > 0)
		ids_next_line(r, &too_long);
	ids_scan(r, s);
	return r->err;
}

int mg_pci_ids_read(const char *path, const struct mg_pci_ids_key *key, struct mg_pci_ids_mark *mark,
		    struct mg_pci_ids_names *names)
{
	struct ids_scan s = { .key = key, .names = names, .mark = mark };
	struct ids_reader r = { .fd = -1 };
	bool marked = mark && mark->vendor == key->vendor && mark->offset > 0;
	int err;

	names->vendor[0] = names->device[0] = names->subsystem[0] = '\0';
	r.buf = malloc(IDS_CHUNK);
	if (!r.buf)
		return -ENOMEM;
	r.fd = open(path, O_RDONLY | O_CLOEXEC);
	if (r.fd < 0) {
		err = -errno;
		free(r.buf);
		return err;
	}
	err = ids_scan_from(&r, marked ? mark->offset : 0, &s);
	/* The vendor is not where it was: the file changed. Read it all again. */
	if (err == 0 && marked && !s.in_vendor) {
		s = (struct ids_scan){ .key = key, .names = names, .mark = mark };
		err = ids_scan_from(&r, 0, &s);
	}
	close(r.fd);
	free(r.buf);
	return err;
}

/* The context's state for names, made on first use; NULL without memory. */
static struct mg_pci_namedb *namedb(struct mg_ctx *ctx)
{
	if (!ctx->pci_names) {
		ctx->pci_names = calloc(1, sizeof(*ctx->pci_names));
		if (ctx->pci_names)
			ctx->pci_names->mark.vendor = -1;
	}
	return ctx->pci_names;
}

/* The first pci.ids of the usual places. */
static int ids_read_system(struct mg_ctx *ctx, const struct mg_pci_ids_key *key,
			   struct mg_pci_ids_names *names)
{
	struct mg_pci_namedb *db = namedb(ctx);
	int err = -ENOENT;

	for (size_t i = 0; i < sizeof(ids_paths) / sizeof(ids_paths[0]) && err == -ENOENT; i++) {
		err = mg_pci_ids_read(ids_paths[i], key, db ? &db->mark : NULL, names);
		if (err < 0 && err != -ENOENT)
			mg_dbg(ctx, "%s: %s", ids_paths[i], strerror(-err));
	}
	return err;
}

/* ---- udev's hwdb ---- */

/* Opened once per context, when first needed; a machine without hwdb.bin is asked once. */
static struct udev_hwdb *hwdb_open(struct mg_ctx *ctx)
{
	struct mg_pci_namedb *db = namedb(ctx);

	if (!db || db->hwdb_tried)
		return db ? db->hwdb : NULL;
	db->hwdb_tried = true;
	db->udev = udev_new();
	if (db->udev)
		db->hwdb = udev_hwdb_new(db->udev);
	if (!db->hwdb)
		mg_dbg(ctx, "no udev hwdb for names that pci.ids lacks");
	return db->hwdb;
}

static void hwdb_get(struct udev_hwdb *hwdb, const char *modalias, const char *key, char *out, size_t size)
{
	struct udev_list_entry *e;

	out[0] = '\0';
	udev_list_entry_foreach(e, udev_hwdb_get_properties_list_entry(hwdb, modalias, 0)) {
		const char *name = udev_list_entry_get_name(e);
		const char *value = udev_list_entry_get_value(e);

		if (name && value && !strcmp(name, key)) {
			mg_strlcpy(out, value, size);
			return;
		}
	}
}

/*
 * hwdb keeps a subsystem as "DEVICE (SUBSYSTEM)". A value equal to DEVICE
 * is the device's own entry (the subsystem pattern extends the device's, so
 * both match) or a subsystem named like the device: unknown here.
 */
static void subsystem_from(const char *value, const char *device, char *out, size_t size)
{
	size_t dlen = strlen(device), vlen = strlen(value);

	out[0] = '\0';
	if (vlen < dlen + 4 || strncmp(value, device, dlen) || strncmp(value + dlen, " (", 2) ||
	    value[vlen - 1] != ')')
		return;
	if (vlen - dlen - 3 < size) {
		memcpy(out, value + dlen + 2, vlen - dlen - 3);
		out[vlen - dlen - 3] = '\0';
	}
}

int mg_pci_hwdb_read(struct mg_ctx *ctx, const struct mg_pci_ids_key *key, struct mg_pci_ids_names *names)
{
	struct udev_hwdb *hwdb = hwdb_open(ctx);
	char alias[64], value[MG_PCI_IDS_LINE];

	names->vendor[0] = names->device[0] = names->subsystem[0] = '\0';
	if (!hwdb)
		return -ENOENT;
	/* Modaliases as the kernel writes them; hwdb's patterns end in '*'. */
	snprintf(alias, sizeof(alias), "pci:v%08X", (unsigned int)key->vendor);
	hwdb_get(hwdb, alias, "ID_VENDOR_FROM_DATABASE", names->vendor, sizeof(names->vendor));
	if (key->device < 0)
		return 0;
	snprintf(alias, sizeof(alias), "pci:v%08Xd%08X", (unsigned int)key->vendor, (unsigned int)key->device);
	hwdb_get(hwdb, alias, "ID_MODEL_FROM_DATABASE", names->device, sizeof(names->device));
	if (key->sub_vendor < 0 || !names->device[0])
		return 0;
	snprintf(alias, sizeof(alias), "pci:v%08Xd%08Xsv%08Xsd%08X", (unsigned int)key->vendor,
		 (unsigned int)key->device, (unsigned int)key->sub_vendor, (unsigned int)key->sub_device);
	hwdb_get(hwdb, alias, "ID_MODEL_FROM_DATABASE", value, sizeof(value));
	subsystem_from(value, names->device, names->subsystem, sizeof(names->subsystem));
	return 0;
}

/* ---- the library's questions ---- */

/* Copy as libpci does: a name too long for @buf ends in "...". */
static const char *give(const char *name, char *buf, size_t size)
{
	size_t len = strlen(name);

	if (!len || (len >= size && size < 4))
		return NULL;
	snprintf(buf, size, "%s", name);
	if (len >= size)
		memcpy(buf + size - 4, "...", 3);
	return buf;
}

const char *mg_pci_vendor_name(struct mg_ctx *ctx, int vendor, char *buf, size_t size)
{
	struct mg_pci_ids_key key = { vendor, -1, -1, -1 };
	struct mg_pci_ids_names n;

	if (vendor < 0)
		return NULL;
	if (ids_read_system(ctx, &key, &n) == 0 && n.vendor[0])
		return give(n.vendor, buf, size);
	if (mg_pci_hwdb_read(ctx, &key, &n) == 0)
		return give(n.vendor, buf, size);
	return NULL;
}

const char *mg_pci_device_name(struct mg_ctx *ctx, int vendor, int device, char *buf, size_t size)
{
	struct mg_pci_ids_key key = { vendor, device, -1, -1 };
	struct mg_pci_ids_names n;

	if (vendor < 0 || device < 0)
		return NULL;
	if (ids_read_system(ctx, &key, &n) == 0 && n.device[0])
		return give(n.device, buf, size);
	if (mg_pci_hwdb_read(ctx, &key, &n) == 0)
		return give(n.device, buf, size);
	return NULL;
}

/*
 * The entry under the device; else, like libpci, a subsystem that repeats
 * the device's own ids is named after the device.
 */
static const char *subsystem_of(const struct mg_pci_ids_names *n, bool same, char *buf, size_t size)
{
	if (n->subsystem[0])
		return give(n->subsystem, buf, size);
	return same ? give(n->device, buf, size) : NULL;
}

const char *mg_pci_subsystem_name(struct mg_ctx *ctx, int vendor, int device,
				  int sub_vendor, int sub_device, char *buf, size_t size)
{
	struct mg_pci_ids_key key = { vendor, device, sub_vendor, sub_device };
	bool same = vendor == sub_vendor && device == sub_device;
	struct mg_pci_ids_names n;
	const char *name = NULL;

	if (vendor < 0 || device < 0 || sub_vendor < 0 || sub_device < 0)
		return NULL;
	/* libpci takes id 0 for "no id" and looks for no entry under it. */
	if (vendor == 0 || device == 0)
		key.sub_vendor = key.sub_device = -1;
	if (ids_read_system(ctx, &key, &n) == 0)
		name = subsystem_of(&n, same, buf, size);
	if (!name && mg_pci_hwdb_read(ctx, &key, &n) == 0)
		name = subsystem_of(&n, same, buf, size);
	return name;
}
