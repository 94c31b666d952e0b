/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The undo journal of a transaction: written before its first change,
 * with, for every interface of the plan, the interface as examined, the
 * values about to be replaced and those set; removed when the transaction
 * ends with nothing left half made. One left behind means the process died
 * midway: later applies to its interfaces refuse, and a rollback reads it
 * to undo the change on every one of them. A small text file, one fact
 * per line, that ends with its own length and checksum, so that a journal
 * cut short or changed is refused, never taken for a complete one:
 *
 *   multigig-journal 2
 *   netns c4096 4026531840
 *   boot 5f7c2d1e-...
 *   time 1715000000
 *   pid 4242
 *   confirm-by 1715000060
 *   confirm-boot 86460
 *   interface 5 eth1 - 0000:01:00.0 52:54:00:12:34:56
 *   change mtu 1500 9000
 *   change combined 4 8
 *   feature rx-gro 1 0
 *   eee 1 0
 *   advertise 0000...00802000ef 0000...0080200000
 *   aspm-l1 1 0 l1_1_aspm,l1_2_aspm
 *   rps-cpus 0 0 3
 *   xps-cpus 1 1 2
 *   irq-affinity 45 3 1
 *   interface 7 br0 bridge - 3a:1f:00:00:00:07
 *   change mtu 1500 9000
 *   end 331 8c1f0a2b3c4d5e6f
 *
 * The namespace by its id (netns.c) and inode, the boot it was written in;
 * for changes that stay only if confirmed, when they must be (confirm.c),
 * on the wall clock to be shown and in seconds since boot to be kept
 * (CLOCK_BOOTTIME: a board without a real-time clock steps its wall clock
 * when NTP answers); "held" for the journal of changes a process keeps
 * until it undoes them (iflock.c's hold);
 * each interface by index, name, kind, device and address ("-" for none),
 * then its changes: a feature by its kernel name, EEE enabled, the
 * advertised link modes as a bitmap of the kernel's bit indices in
 * hexadecimal (64 digits, the highest bit first), and ASPM L1 of the PCIe
 * link; each with the value before and the value set. ASPM L1 may add the
 * L1 substates that were on (the kernel's link/ file names), which turning
 * L1 off turned off too. Since 0.3, the CPU masks of a receive queue
 * (RPS), a transmit queue (XPS) and an interrupt vector, each by the
 * queue's or vector's number, the masks in hexadecimal (bit N for CPU N). "-" in place of the value set means it is not
 * known; unknown keys are skipped, so that a later version may add some.
 * The last line gives the length of everything before it and its 64-bit
 * FNV-1a hash. A journal of libmultigig 0.2 (version 1, keyed by the
 * namespace's inode, which the kernel reuses) is read only to be listed.
 */
#include <dirent.h>
#include <signal.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "apply/apply.h"

#define MAGIC "multigig-journal 2"
#define MAGIC_V1 "multigig-journal 1"
/* The longest line, persist-nm's with a confirmation window. */
#define MAX_WORDS 7
#define NONE "-"

/* One entry's line, without its newline: its group's own. */
static int format_entry(const struct mg_journal_entry *e, char *buf, size_t size)
{
	return mg_group_ops[mg_journal_entry_group(e)]->format(e, buf, size);
}

void mg_journal_init(struct mg_journal *j)
{
	memset(j, 0, sizeof(*j));
	j->version = 2;
}

void mg_journal_clear(struct mg_journal *j)
{
	for (size_t i = 0; i < j->count; i++)
		for (size_t k = 0; k < j->parts[i].count; k++) {
			free(j->parts[i].entries[k].path);
			free(j->parts[i].entries[k].text);
		}
	free(j->parts);
	mg_journal_init(j);
}

struct mg_journal_part *mg_journal_add_part(struct mg_journal *j, const struct mg_iface_id *id)
{
	struct mg_journal_part *grown = realloc(j->parts, (j->count + 1) * sizeof(*grown));

	if (!grown)
		return NULL;
	j->parts = grown;
	memset(&grown[j->count], 0, sizeof(grown[0]));
	grown[j->count].id = *id;
	return &grown[j->count++];
}

const struct mg_journal_part *mg_journal_find_part(const struct mg_journal *j, int ifindex)
{
	for (size_t i = 0; i < j->count; i++)
		if (j->parts[i].id.ifindex == ifindex)
			return &j->parts[i];
	return NULL;
}

static const char *or_none(const char *s)
{
	return s[0] ? s : NONE;
}

/* Append to @buf at *@len; -E2BIG when it does not fit. */
MG_PRINTF(4, 5) static int append(char *buf, size_t size, size_t *len, const char *fmt, ...)
{
	va_list args;
	int n;

	va_start(args, fmt);
	n = vsnprintf(buf + *len, size - *len, fmt, args);
	va_end(args);
	if (n < 0 || (size_t)n >= size - *len)
		return -E2BIG;
	*len += (size_t)n;
	return 0;
}

static int format_part(const struct mg_journal_part *p, char *buf, size_t size, size_t *len)
{
	const struct mg_iface_id *id = &p->id;
	int err = append(buf, size, len, "interface %d %s %s %s %s\n", id->ifindex, id->name, or_none(id->kind),
			 or_none(id->parent), or_none(id->mac));

	for (size_t i = 0; err == 0 && i < p->count; i++) {
		int n = format_entry(&p->entries[i], buf + *len, size - *len);

		if (n < 0 || (size_t)n + 1 >= size - *len)
			return -E2BIG;
		*len += (size_t)n;
		buf[(*len)++] = '\n';
		buf[*len] = '\0';
	}
	return err;
}

int mg_journal_format(const struct mg_journal *j, char *buf, size_t size)
{
	size_t len = 0;
	int err = append(buf, size, &len, MAGIC "\nnetns %s %llu\nboot %s\ntime %lld\npid %ld\n", j->ns.id, j->ns.inode,
			 or_none(j->ns.boot), j->time, j->pid);

	if (err == 0 && j->confirm_by)
		err = append(buf, size, &len, "confirm-by %lld\n", j->confirm_by);
	if (err == 0 && j->confirm_boot)
		err = append(buf, size, &len, "confirm-boot %lld\n", j->confirm_boot);
	if (err == 0 && j->held)
		err = append(buf, size, &len, "held\n");
	for (size_t i = 0; err == 0 && i < j->count; i++)
		err = format_part(&j->parts[i], buf, size, &len);
	if (err == 0)
		err = append(buf, size, &len, "end %zu %016" PRIx64 "\n", len, mg_fnv1a(buf, len));
	return err < 0 ? err : (int)len;
}

/* A change's line: its group's, by the line's first word. */
static int parse_entry(const struct mg_group_ops *ops, char **w, int n, struct mg_journal_part *part)
{
	struct mg_journal_entry *e = &part->entries[part->count];
	int err;

	if (part->count >= MG_CHANGE_MAX)
		return -EBADMSG;
	memset(e, 0, sizeof(*e));
	err = ops->parse(w, n, e);
	if (err == 0)
		part->count++;
	return err;
}

/* A token of the journal's own: printable, no space. */
static bool token_ok(const char *s, size_t max)
{
	size_t len = strlen(s);

	if (len == 0 || len >= max)
		return false;
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)s[i] <= ' ' || s[i] == 0x7f)
			return false;
	return true;
}

/* "interface INDEX NAME KIND PARENT MAC": names hold no space, a kernel name may hold other bytes. */
static int parse_interface(char **w, int n, struct mg_journal *j)
{
	struct mg_iface_id id = { 0 };
	long long v;

	if (n != 6 || !mg_journal_number(w[1], 1, 0x7fffffff, &v) || mg_strlcpy(id.name, w[2], sizeof(id.name)) < 0 ||
	    !token_ok(w[3], sizeof(id.kind)) || !token_ok(w[4], sizeof(id.parent)) || !token_ok(w[5], sizeof(id.mac)))
		return -EBADMSG;
	id.ifindex = (int)v;
	mg_strlcpy(id.kind, strcmp(w[3], NONE) ? w[3] : "", sizeof(id.kind));
	mg_strlcpy(id.parent, strcmp(w[4], NONE) ? w[4] : "", sizeof(id.parent));
	mg_strlcpy(id.mac, strcmp(w[5], NONE) ? w[5] : "", sizeof(id.mac));
	if (mg_journal_find_part(j, id.ifindex))
		return -EBADMSG;
	return mg_journal_add_part(j, &id) ? 0 : -ENOMEM;
}

/* The lines before the first interface: the namespace, the boot, the time and the process. */
static int parse_header(char **w, int n, struct mg_journal *j)
{
	long long v;

	if (!strcmp(w[0], "netns")) {
		if (n != 3 || !token_ok(w[1], sizeof(j->ns.id)) || !mg_journal_number(w[2], 0, INT64_MAX, &v))
			return -EBADMSG;
		mg_strlcpy(j->ns.id, w[1], sizeof(j->ns.id));
		j->ns.inode = (unsigned long long)v;
	} else if (!strcmp(w[0], "boot")) {
		if (n != 2 || !token_ok(w[1], sizeof(j->ns.boot)))
			return -EBADMSG;
		mg_strlcpy(j->ns.boot, strcmp(w[1], NONE) ? w[1] : "", sizeof(j->ns.boot));
	} else if (!strcmp(w[0], "time")) {
		if (n != 2 || !mg_journal_number(w[1], 0, (long long)1 << 62, &v))
			return -EBADMSG;
		j->time = v;
	} else if (!strcmp(w[0], "pid")) {
		if (n != 2 || !mg_journal_number(w[1], 1, 0x7fffffff, &v))
			return -EBADMSG;
		j->pid = (long)v;
	} else if (!strcmp(w[0], "confirm-by")) {
		if (n != 2 || !mg_journal_number(w[1], 1, (long long)1 << 62, &v))
			return -EBADMSG;
		j->confirm_by = v;
	} else if (!strcmp(w[0], "confirm-boot")) {
		if (n != 2 || !mg_journal_number(w[1], 1, (long long)1 << 62, &v))
			return -EBADMSG;
		j->confirm_boot = v;
	} else if (!strcmp(w[0], "held")) {
		j->held = true;
	}
	return 0; /* a key of a later version */
}

static int parse_line(char *line, struct mg_journal *j)
{
	struct mg_journal_part *part = j->count ? &j->parts[j->count - 1] : NULL;
	const struct mg_group_ops *ops;
	char *w[MAX_WORDS + 1], *save = NULL;
	int n = 0;

	for (char *t = strtok_r(line, " ", &save); t && n <= MAX_WORDS; t = strtok_r(NULL, " ", &save))
		w[n++] = t;
	if (n == 0 || n > MAX_WORDS)
		return n == 0 ? 0 : -EBADMSG;
	if (!strcmp(w[0], "interface"))
		return parse_interface(w, n, j);
	if ((ops = mg_group_of_journal_key(w[0])))
		return part ? parse_entry(ops, w, n, part) : -EBADMSG;
	return part ? 0 : parse_header(w, n, j);
}

/* The last line, "end LEN HASH": the text before it is whole, and is what was written. */
static int check_end(const char *text, size_t len, size_t *body)
{
	const char *last;
	unsigned long long n;
	uint64_t hash;
	char tail;

	if (len < 2 || text[len - 1] != '\n')
		return -EBADMSG;
	last = memrchr(text, '\n', len - 1);
	last = last ? last + 1 : text;
	if (sscanf(last, "end %llu %" SCNx64 "%c", &n, &hash, &tail) != 3 || tail != '\n' ||
	    n != (unsigned long long)(last - text) || mg_fnv1a(text, (size_t)n) != hash)
		return -EBADMSG;
	*body = (size_t)n;
	return 0;
}

/* libmultigig 0.2's journal: one interface, by index and name. Read only to be listed. */
static int parse_v1(char *buf, struct mg_journal *j)
{
	struct mg_iface_id id = { 0 };
	char *save = NULL;
	long long v;

	j->version = 1;
	for (char *line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *w[3], *s2 = NULL;
		int n = 0;

		for (char *t = strtok_r(line, " ", &s2); t && n < 3; t = strtok_r(NULL, " ", &s2))
			w[n++] = t;
		if (n != 2)
			continue;
		if (!strcmp(w[0], "ifindex") && mg_journal_number(w[1], 1, 0x7fffffff, &v))
			id.ifindex = (int)v;
		else if (!strcmp(w[0], "ifname"))
			mg_strlcpy(id.name, w[1], sizeof(id.name));
		else if (!strcmp(w[0], "time") && mg_journal_number(w[1], 0, (long long)1 << 62, &v))
			j->time = v;
		else if (!strcmp(w[0], "pid") && mg_journal_number(w[1], 1, 0x7fffffff, &v))
			j->pid = (long)v;
	}
	if (id.ifindex <= 0)
		return -EBADMSG;
	return mg_journal_add_part(j, &id) ? 0 : -ENOMEM;
}

int mg_journal_parse(const char *text, size_t len, struct mg_journal *j)
{
	size_t magic = strlen(MAGIC), body;
	char *buf, *save = NULL;
	int err = 0;

	mg_journal_init(j);
	if (len > MG_JOURNAL_MAX || len <= magic || memchr(text, '\0', len))
		return -EBADMSG;
	buf = malloc(len + 1);
	if (!buf)
		return -ENOMEM;
	memcpy(buf, text, len);
	buf[len] = '\0';
	if (!memcmp(buf, MAGIC_V1 "\n", magic + 1)) {
		err = parse_v1(buf + magic + 1, j);
	} else if (memcmp(buf, MAGIC "\n", magic + 1) || check_end(buf, len, &body) < 0) {
		err = -EBADMSG;
	} else {
		buf[body] = '\0';
		for (char *line = strtok_r(buf + magic + 1, "\n", &save); line && err == 0;
		     line = strtok_r(NULL, "\n", &save))
			err = parse_line(line, j);
		if (err == 0 && (!j->ns.id[0] || j->count == 0))
			err = -EBADMSG;
	}
	free(buf);
	if (err < 0)
		mg_journal_clear(j);
	return err;
}

static int write_all(int fd, const char *buf, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

/* A file with no name yet in @dir, to be given one once whole; a process killed first leaves nothing. */
static int open_unnamed(int dir)
{
	return openat(dir, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
}

/* Give the unnamed file @fd the name @name in @dir; never replaces what is there. */
static int name_unnamed(int fd, int dir, const char *name)
{
	char self[64];

	/* By its /proc link: linkat(AT_EMPTY_PATH) would need CAP_DAC_READ_SEARCH. */
	snprintf(self, sizeof(self), "/proc/self/fd/%d", fd);
	return linkat(AT_FDCWD, self, dir, name, AT_SYMLINK_FOLLOW) < 0 ? -errno : 0;
}

static int write_synced(int fd, const char *buf, size_t len)
{
	int err = write_all(fd, buf, len);

	if (err == 0 && fsync(fd) < 0)
		err = -errno;
	return err;
}

/*
 * Write @len bytes to @name in @dir in one piece: written and synced with
 * no name, then named. Where O_TMPFILE is missing, a temporary name that
 * is renamed; O_EXCL refuses whatever is in its way (a FIFO left by
 * someone would block an open for writing; O_NONBLOCK makes such an open
 * fail at once). With @replace the journal of that name is replaced (an
 * armed or held journal, under the locks of its interfaces); else nothing
 * ever is.
 */
static int write_file(int dir, const char *name, const char *buf, size_t len, bool replace)
{
	char tmp[128];
	int fd = replace ? -1 : open_unnamed(dir), err;

	if (fd >= 0) {
		err = write_synced(fd, buf, len);
		if (err == 0)
			err = name_unnamed(fd, dir, name);
		close(fd);
		/* No /proc to name it through (a bare chroot): the temporary name below. */
		if (err != -ENOENT)
			return err == 0 && fsync(dir) < 0 ? -errno : err;
	}
	/* This process's own: a temporary file a killed writer left is in nobody's way. */
	snprintf(tmp, sizeof(tmp), ".%s.%ld.tmp", name, (long)getpid());
	fd = openat(dir, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	err = write_synced(fd, buf, len);
	if (close(fd) < 0 && err == 0)
		err = -errno;
	if (err == 0 && renameat2(dir, tmp, dir, name, replace ? 0 : RENAME_NOREPLACE) < 0)
		err = -errno;
	if (err < 0)
		unlinkat(dir, tmp, 0);
	else if (fsync(dir) < 0)
		err = -errno;
	return err;
}

/*
 * A temporary file whose writer was killed between its open and its
 * rename (by libmultigig 0.3, or where O_TMPFILE is missing): no writer
 * takes more than a moment, so one a minute old is nobody's.
 */
static void remove_dead_tmp(int dir, const char *file)
{
	size_t len = strlen(file);
	struct stat st;

	if (file[0] != '.' || len < 5 || strcmp(file + len - 4, ".tmp") != 0)
		return;
	if (fstatat(dir, file, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode) && time(NULL) - st.st_mtime > 60)
		unlinkat(dir, file, 0);
}

/* "c4096-4242-17a3f5c2e1d0b9a8": the namespace first, so that each namespace finds its own. */
static void new_name(const struct mg_journal *j, char *buf, size_t size)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	snprintf(buf, size, "%s-%ld-%llx", j->ns.id, (long)getpid(),
		 (unsigned long long)ts.tv_sec * 1000000000ULL + (unsigned long long)ts.tv_nsec);
}

/* Tests give the name, to put something in the way of it. */
static void name_for(struct mg_ctx *ctx, const struct mg_journal *j, char *buf, size_t size)
{
	const char *given = MG_TEST_HOOK(ctx, journal_name, NULL);

	(void)ctx;
	if (given)
		snprintf(buf, size, "%s", given);
	else
		new_name(j, buf, size);
}

int mg_journal_write(struct mg_ctx *ctx, struct mg_journal *j)
{
	char *buf = malloc(MG_JOURNAL_MAX), name[sizeof(j->file)];
	int len, dir, err;

	if (!buf)
		return -ENOMEM;
	len = mg_journal_format(j, buf, MG_JOURNAL_MAX);
	if (len < 0) {
		free(buf);
		return mg_fail(ctx, len, "the undo journal does not fit in %d bytes", MG_JOURNAL_MAX);
	}
	err = mg_state_dir_open(ctx, "journal", true, &dir);
	if (err == 0) {
		name_for(ctx, j, name, sizeof(name));
		err = write_file(dir, name, buf, (size_t)len, false);
		close(dir);
		if (err == -EACCES || err == -EPERM || err == -EROFS)
			err = mg_fail(ctx, -EPERM,
				      "changing settings needs CAP_NET_ADMIN and write access to %s: "
				      "cannot write the undo journal there: %s",
				      mg_state_dir(ctx), strerror(-err));
		else if (err < 0)
			err = mg_fail(ctx, err, "cannot write the undo journal %s/journal/%s: %s", mg_state_dir(ctx),
				      name, strerror(-err));
		else
			mg_strlcpy(j->file, name, sizeof(j->file));
	}
	free(buf);
	return err;
}

int mg_journal_rewrite(struct mg_ctx *ctx, const struct mg_journal *j)
{
	char *buf = malloc(MG_JOURNAL_MAX);
	int len, dir, err;

	if (!buf)
		return -ENOMEM;
	len = mg_journal_format(j, buf, MG_JOURNAL_MAX);
	err = len < 0 ? len : mg_state_dir_open(ctx, "journal", false, &dir);
	if (err == 0) {
		err = write_file(dir, j->file, buf, (size_t)len, true);
		close(dir);
	}
	free(buf);
	if (err < 0 && !ctx->error[0])
		return mg_fail(ctx, err, "cannot rewrite the undo journal %s/journal/%s: %s", mg_state_dir(ctx),
			       j->file, strerror(-err));
	return err;
}

/*
 * A regular file nobody else may write, no larger than a journal can be.
 * Whoever wrote it (root, or a member of the directory's group) was
 * trusted by the directory's check.
 */
static int read_file(int dir, const char *name, char *buf, size_t size, size_t *len)
{
	struct stat st;
	ssize_t n;
	int fd = openat(dir, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC), err = 0;

	if (fd < 0)
		return errno == ELOOP ? -EBADMSG : -errno;
	if (fstat(fd, &st) < 0)
		err = -errno;
	else if (!S_ISREG(st.st_mode) || (st.st_mode & (S_IWGRP | S_IWOTH)))
		err = -EBADMSG;
	else if ((n = read(fd, buf, size)) < 0)
		err = -errno;
	else
		*len = (size_t)n;
	close(fd);
	return err;
}

/* Read @name of the open journal directory into @j. */
static int read_at(int dir, const char *name, struct mg_journal *j)
{
	char *buf = malloc(MG_JOURNAL_MAX + 1);
	size_t len = 0;
	int err;

	mg_journal_init(j);
	if (!buf)
		return -ENOMEM;
	err = read_file(dir, name, buf, MG_JOURNAL_MAX + 1, &len);
	if (err == 0)
		err = mg_journal_parse(buf, len, j);
	if (err == 0)
		mg_strlcpy(j->file, name, sizeof(j->file));
	free(buf);
	return err;
}

/* A journal's file name: no directory, no hidden (temporary) file. */
static bool file_name_ok(const char *file)
{
	return file && file[0] && file[0] != '.' && !strchr(file, '/') &&
	       strlen(file) < sizeof(((struct mg_journal *)0)->file);
}

int mg_journal_read(struct mg_ctx *ctx, const char *file, struct mg_journal *j)
{
	int dir, err;

	mg_journal_init(j);
	if (!file_name_ok(file))
		return mg_fail(ctx, -EINVAL, "'%s' is not the name of an undo journal", file ? file : "");
	err = mg_state_dir_open(ctx, "journal", false, &dir);
	if (err < 0)
		return err;
	err = read_at(dir, file, j);
	close(dir);
	if (err < 0 && err != -ENOENT)
		return mg_fail(ctx, err, "the undo journal %s/journal/%s %s", mg_state_dir(ctx), file,
			       err == -EBADMSG ? "is damaged (cut short or changed)" : strerror(-err));
	return err;
}

int mg_journal_remove(struct mg_ctx *ctx, const char *file)
{
	int dir, err;

	if (!file_name_ok(file))
		return mg_fail(ctx, -EINVAL, "'%s' is not the name of an undo journal", file ? file : "");
	err = mg_state_dir_open(ctx, "journal", false, &dir);
	if (err < 0)
		return err;
	err = unlinkat(dir, file, 0) < 0 && errno != ENOENT ? -errno : 0;
	if (err == 0 && fsync(dir) < 0)
		err = -errno;
	close(dir);
	/* A keeper that died left its hold file: it goes with the journal. */
	if (err == 0)
		mg_hold_clear(ctx, file);
	if (err < 0)
		return mg_fail(ctx, err, "cannot remove the undo journal %s/journal/%s: %s", mg_state_dir(ctx), file,
			       strerror(-err));
	return 0;
}

/* The namespace id a file name starts with ("c4096" of "c4096-4242-..."). */
static void name_netns(const char *file, char *buf, size_t size)
{
	size_t n = strcspn(file, "-");

	snprintf(buf, size, "%.*s", (int)(n < size ? n : size - 1), file);
}

/*
 * Whether a process holds the lock of any interface of @j now: an apply or
 * rollback under way. Where the locks cannot be seen (the lock directory
 * is root's alone), whether the process that wrote it still runs: the next
 * best witness, which a reused process id can fool only into "under way".
 */
static bool under_way(struct mg_ctx *ctx, const struct mg_netns *self, const struct mg_journal *j)
{
	bool unseen = false;

	for (size_t i = 0; i < j->count; i++) {
		int busy = mg_iflock_busy(ctx, self, j->parts[i].id.ifindex);

		if (busy > 0)
			return true;
		unseen |= busy < 0;
	}
	return unseen && j->pid > 0 && (kill((pid_t)j->pid, 0) == 0 || errno == EPERM);
}

long long mg_journal_confirm_left(const struct mg_journal *j, const struct mg_netns *self)
{
	struct timespec now;

	/* Seconds since boot go on through NTP steps; a journal of 0.3, or of another boot, has wall time alone. */
	if (j->confirm_boot && !strcmp(j->ns.boot, self->boot) && clock_gettime(CLOCK_BOOTTIME, &now) == 0)
		return j->confirm_boot - (long long)now.tv_sec;
	return j->confirm_by - (long long)time(NULL);
}

/*
 * A journal of this namespace: its transaction under way (it holds its
 * interfaces' locks); kept by a live process (a confirmation window's
 * keeper, a holder); or left by one that died, which a rollback finishes.
 * A window whose keeper died is still open to a confirmation until it
 * ends; then the next apply, confirm or rollback of its interfaces rolls
 * it back, as the keeper would have.
 */
static enum mg_journal_state this_namespace(struct mg_ctx *ctx, const struct mg_netns *self,
					    const struct mg_journal *j, char *why, size_t size)
{
	int kept = mg_hold_state(ctx, j->file);

	/* First: whoever holds its interfaces' locks now (the caller, maybe), held changes block nobody. */
	if (j->held && kept != 0)
		return MG_JOURNAL_HELD;
	if (under_way(ctx, self, j))
		return MG_JOURNAL_UNDER_WAY;
	if (j->confirm_by) {
		if (kept == 1)
			return MG_JOURNAL_AWAITING_CONFIRM;
		if (kept == 0)
			snprintf(why, size, "its keeper (the process that rolls it back unless confirmed) is gone");
		return mg_journal_confirm_left(j, self) > 0 ? MG_JOURNAL_AWAITING_CONFIRM : MG_JOURNAL_INTERRUPTED;
	}
	if (j->held)
		snprintf(why, size, "the process that held these changes is gone");
	return MG_JOURNAL_INTERRUPTED;
}

static void classify(struct mg_ctx *ctx, const struct mg_netns *self, struct mg_netns_live **live, int err,
		     struct mg_journal_found *f)
{
	struct mg_journal *j = &f->journal;
	char ns[32];

	if (err < 0) {
		name_netns(f->file, ns, sizeof(ns));
		f->state = MG_JOURNAL_DAMAGED;
		snprintf(f->reason, sizeof(f->reason), "%s (%s)",
			 err == -EBADMSG ? "cut short, changed or not a journal" : strerror(-err),
			 strcmp(ns, self->id) ? "another network namespace" : "this network namespace");
		return;
	}
	if (j->version == 1) {
		f->state = MG_JOURNAL_STALE;
		snprintf(f->reason, sizeof(f->reason),
			 "written by libmultigig 0.2, which named namespaces by a number "
			 "the kernel reuses: never applied");
		return;
	}
	switch (mg_netns_compare(self, &j->ns, live, f->reason, sizeof(f->reason))) {
	case MG_NETNS_THIS:
		f->state = this_namespace(ctx, self, j, f->reason, sizeof(f->reason));
		break;
	case MG_NETNS_GONE:
		f->state = MG_JOURNAL_STALE;
		break;
	case MG_NETNS_OTHER:
		f->state = MG_JOURNAL_OTHER_NAMESPACE;
		break;
	}
}

void mg_journal_found_free(struct mg_journal_found *found, size_t count)
{
	for (size_t i = 0; found && i < count; i++)
		mg_journal_clear(&found[i].journal);
	free(found);
}

/* Whether @file is a journal a scan reads: any, or with @only_self those this namespace's name begins. */
static bool scanned(const char *file, const struct mg_netns *self, bool only_self)
{
	char ns[32];

	if (!file_name_ok(file))
		return false;
	name_netns(file, ns, sizeof(ns));
	return !only_self || !strcmp(ns, self->id);
}

static int scan(struct mg_ctx *ctx, const struct mg_netns *self, bool only_self, struct mg_journal_found **found,
		size_t *count)
{
	struct mg_journal_found *items = NULL;
	struct mg_netns_live *live = NULL;
	size_t n = 0, alloc = 0;
	struct dirent *e;
	DIR *d;
	int dir, err = mg_state_dir_open(ctx, "journal", false, &dir);

	*found = NULL;
	*count = 0;
	if (err == -ENOENT)
		return 0;
	if (err < 0)
		return err;
	d = fdopendir(dir);
	if (!d) {
		close(dir);
		return -errno;
	}
	while ((e = readdir(d))) {
		struct mg_journal_found *grown;

		if (!scanned(e->d_name, self, only_self)) {
			remove_dead_tmp(dirfd(d), e->d_name);
			continue;
		}
		grown = mg_array_grow(items, &alloc, n, sizeof(*items));
		if (!grown) {
			err = -ENOMEM;
			break;
		}
		items = grown;
		memset(&items[n], 0, sizeof(items[n]));
		mg_strlcpy(items[n].file, e->d_name, sizeof(items[n].file));
		classify(ctx, self, &live, read_at(dirfd(d), e->d_name, &items[n].journal), &items[n]);
		n++;
	}
	closedir(d);
	mg_netns_live_free(live);
	if (err < 0) {
		mg_journal_found_free(items, n);
		return err;
	}
	*found = items;
	*count = n;
	return 0;
}

int mg_journal_scan(struct mg_ctx *ctx, const struct mg_netns *self, struct mg_journal_found **found, size_t *count)
{
	return scan(ctx, self, false, found, count);
}

/* Whether journal @f of this namespace awaits a rollback of @ifindex. */
static bool covers(struct mg_ctx *ctx, const struct mg_netns *self, const struct mg_journal_found *f, int ifindex,
		   bool own_lock)
{
	char ns[32];

	if (f->state == MG_JOURNAL_DAMAGED) {
		name_netns(f->file, ns, sizeof(ns));
		return !strcmp(ns, self->id) && (own_lock || mg_iflock_busy(ctx, self, ifindex) == 0);
	}
	if (f->journal.version != 2 || !mg_journal_find_part(&f->journal, ifindex))
		return false;
	/*
	 * Under our lock, its writer is gone: it held every lock of its plan to
	 * the end. Held changes block nobody: their undo leaves what others set.
	 */
	return f->state == MG_JOURNAL_INTERRUPTED || f->state == MG_JOURNAL_AWAITING_CONFIRM ||
	       (own_lock && f->state == MG_JOURNAL_UNDER_WAY);
}

int mg_journal_interrupted(struct mg_ctx *ctx, const struct mg_netns *self, int ifindex, bool own_lock,
			   struct mg_journal *j)
{
	struct mg_journal_found *found;
	size_t count;
	/* Only this namespace's: an apply reads no journal of others, however many there are. */
	int err = scan(ctx, self, true, &found, &count), hit = 0;

	mg_journal_init(j);
	if (err < 0)
		return err;
	for (size_t i = 0; i < count && !hit; i++) {
		if (!covers(ctx, self, &found[i], ifindex, own_lock))
			continue;
		hit = 1;
		/* Handed over: the caller frees it. */
		*j = found[i].journal;
		mg_journal_init(&found[i].journal);
		mg_strlcpy(j->file, found[i].file, sizeof(j->file));
		if (found[i].state == MG_JOURNAL_DAMAGED)
			j->version = 0;
	}
	mg_journal_found_free(found, count);
	return hit;
}

void mg_journal_describe(const struct mg_journal *j, char *buf, size_t size)
{
	time_t t = (time_t)j->time;
	char when[32] = "";
	struct tm tm;

	if (j->time > 0 && gmtime_r(&t, &tm))
		strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S UTC", &tm);
	if (j->version == 0)
		snprintf(buf, size, "its journal %s is damaged", j->file);
	else if (j->pid > 0)
		snprintf(buf, size, "process %ld%s%s", j->pid, when[0] ? ", " : "", when);
	else
		snprintf(buf, size, "an unknown process%s%s", when[0] ? ", " : "", when);
}
