/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The undo journal of an apply: written before its first change, with the
 * values it is about to replace and those it sets, the interface's index
 * and name, the time and the process; removed when the apply ends. One
 * left behind means the process died midway and the interface holds a
 * half-made change: later applies refuse, and mg_settings_rollback() reads
 * it to undo the change. A small text file, one fact per line:
 *
 *   multigig-journal 1
 *   ifindex 5
 *   ifname eth1
 *   time 1715000000
 *   pid 4242
 *   change mtu 1500 9000
 *   change combined 4 8
 *   feature rx-gro 1 0
 *   eee 1 0
 *   advertise 0000...00802000ef 0000...0080200000
 *   aspm-l1 1 0 l1_1_aspm,l1_2_aspm
 *
 * A feature by its kernel name, EEE enabled, the advertised link modes as
 * a bitmap of the kernel's bit indices in hexadecimal (64 digits, the
 * highest bit first), and ASPM L1 of the PCIe link; each with the value
 * before and the value set. ASPM L1 may add the L1 substates that were on
 * (the kernel's link/ file names), which turning L1 off turned off too.
 * "-" in place of the value set means it is not known; unknown keys are
 * skipped, so that a later version may add some.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "mg-settings.h"
#include "mg-tune.h"

#define MAGIC "multigig-journal 1"
#define MAX_WORDS 4

enum mg_param_group mg_journal_entry_group(const struct mg_journal_entry *e)
{
	return e->group >= MG_GROUP_COUNT ? e->group : mg_param_info(e->param)->group;
}

/* One entry's line, without its newline. */
static int format_entry(const struct mg_journal_entry *e, char *buf, size_t size)
{
	char set[MG_LINKMODE_HEX + 1] = "-", old[MG_LINKMODE_HEX + 1], subs[64];

	switch (mg_journal_entry_group(e)) {
	case MG_GROUP_ADVERTISE:
		mg_linkmodes_to_hex(&e->old_modes, old, sizeof(old));
		if (e->new_known)
			mg_linkmodes_to_hex(&e->new_modes, set, sizeof(set));
		return snprintf(buf, size, "advertise %s %s", old, set);
	case MG_GROUP_EEE:
		if (e->new_known)
			snprintf(set, sizeof(set), "%lld", e->new_value);
		return snprintf(buf, size, "eee %lld %s", e->old_value, set);
	case MG_GROUP_ASPM:
		if (e->new_known)
			snprintf(set, sizeof(set), "%lld", e->new_value);
		mg_aspm_substates_text(e->aspm_substates, subs, sizeof(subs));
		return snprintf(buf, size, "aspm-l1 %lld %s%s%s", e->old_value, set, subs[0] ? " " : "", subs);
	case MG_GROUP_FEATURES:
		if (e->new_known)
			snprintf(set, sizeof(set), "%lld", e->new_value);
		return snprintf(buf, size, "feature %s %lld %s", e->name, e->old_value, set);
	default:
		if (e->new_known)
			snprintf(set, sizeof(set), "%lld", e->new_value);
		return snprintf(buf, size, "change %s %lld %s", mg_param_name(e->param), e->old_value, set);
	}
}

int mg_journal_format(const struct mg_journal *j, char *buf, size_t size)
{
	size_t len;
	int n = snprintf(buf, size, MAGIC "\nifindex %d\nifname %s\ntime %lld\npid %ld\n", j->ifindex, j->ifname,
			 j->time, j->pid);

	if (n < 0 || (size_t)n >= size)
		return -E2BIG;
	len = (size_t)n;
	for (size_t i = 0; i < j->count; i++) {
		n = format_entry(&j->entries[i], buf + len, size - len);
		if (n < 0 || (size_t)n + 1 >= size - len)
			return -E2BIG;
		len += (size_t)n;
		buf[len++] = '\n';
		buf[len] = '\0';
	}
	return (int)len;
}

/* A whole decimal number within [min, max]. */
static bool number(const char *s, long long min, long long max, long long *v)
{
	char *end;

	if (!s || !*s || (*s != '-' && (*s < '0' || *s > '9')))
		return false;
	errno = 0;
	*v = strtoll(s, &end, 10);
	return !errno && !*end && *v >= min && *v <= max;
}

static int parse_change(char **w, int n, struct mg_journal *j)
{
	struct mg_journal_entry *e;
	int p = n == 4 ? mg_param_from_name(w[1]) : -EINVAL;

	if (p < 0 || j->count >= MG_CHANGE_MAX)
		return -EBADMSG;
	e = &j->entries[j->count];
	e->param = (enum mg_param)p;
	e->new_known = strcmp(w[3], "-") != 0;
	if (!number(w[2], 0, 0xffffffffLL, &e->old_value) ||
	    (e->new_known && !number(w[3], 0, 0xffffffffLL, &e->new_value)))
		return -EBADMSG;
	j->count++;
	return 0;
}

/* A value a flag had and one it was set to: 0 or 1, the second maybe "-". */
static int parse_flags(const char *old, const char *set, struct mg_journal_entry *e)
{
	e->new_known = strcmp(set, "-") != 0;
	if (!number(old, 0, 1, &e->old_value) || (e->new_known && !number(set, 0, 1, &e->new_value)))
		return -EBADMSG;
	return 0;
}

/* A feature's name as the kernel spells them: printable, no space, shorter than 32. */
static bool feature_name(const char *s)
{
	size_t len = strlen(s);

	if (len == 0 || len >= MG_FEATURE_NAME)
		return false;
	for (size_t i = 0; i < len; i++)
		if (s[i] <= ' ' || s[i] > '~')
			return false;
	return true;
}

/* "feature NAME OLD SET", "eee OLD SET", "advertise OLDHEX SETHEX", "aspm-l1 OLD SET [SUBSTATES]". */
static int parse_tune(char **w, int n, struct mg_journal *j)
{
	struct mg_journal_entry *e = &j->entries[j->count];

	if (j->count >= MG_CHANGE_MAX)
		return -EBADMSG;
	memset(e, 0, sizeof(*e));
	if (!strcmp(w[0], "feature")) {
		if (n != 4 || !feature_name(w[1]) || parse_flags(w[2], w[3], e) < 0)
			return -EBADMSG;
		e->group = MG_GROUP_FEATURES;
		mg_strlcpy(e->name, w[1], sizeof(e->name));
	} else if (!strcmp(w[0], "eee")) {
		if (n != 3 || parse_flags(w[1], w[2], e) < 0)
			return -EBADMSG;
		e->group = MG_GROUP_EEE;
	} else if (!strcmp(w[0], "aspm-l1")) {
		if ((n != 3 && n != 4) || parse_flags(w[1], w[2], e) < 0 ||
		    (n == 4 && mg_aspm_substates_parse(w[3], &e->aspm_substates) < 0))
			return -EBADMSG;
		e->group = MG_GROUP_ASPM;
	} else {
		if (n != 3)
			return -EBADMSG;
		e->new_known = strcmp(w[2], "-") != 0;
		if (mg_linkmodes_from_hex(w[1], &e->old_modes) < 0 ||
		    (e->new_known && mg_linkmodes_from_hex(w[2], &e->new_modes) < 0))
			return -EBADMSG;
		e->group = MG_GROUP_ADVERTISE;
	}
	j->count++;
	return 0;
}

static int parse_line(char *line, struct mg_journal *j)
{
	char *w[MAX_WORDS + 1], *save = NULL;
	long long v;
	int n = 0;

	for (char *t = strtok_r(line, " ", &save); t && n <= MAX_WORDS; t = strtok_r(NULL, " ", &save))
		w[n++] = t;
	if (n == 0 || n > MAX_WORDS)
		return n == 0 ? 0 : -EBADMSG;
	if (!strcmp(w[0], "change"))
		return parse_change(w, n, j);
	if (!strcmp(w[0], "feature") || !strcmp(w[0], "eee") || !strcmp(w[0], "advertise") || !strcmp(w[0], "aspm-l1"))
		return parse_tune(w, n, j);
	if (n != 2)
		return 0; /* a key of a later version */
	if (!strcmp(w[0], "ifindex") && number(w[1], 1, 0x7fffffff, &v))
		j->ifindex = (int)v;
	else if (!strcmp(w[0], "ifname"))
		return mg_strlcpy(j->ifname, w[1], sizeof(j->ifname)) < 0 ? -EBADMSG : 0;
	else if (!strcmp(w[0], "time") && number(w[1], 0, (long long)1 << 62, &v))
		j->time = v;
	else if (!strcmp(w[0], "pid") && number(w[1], 1, 0x7fffffff, &v))
		j->pid = (long)v;
	else if (!strcmp(w[0], "ifindex") || !strcmp(w[0], "time") || !strcmp(w[0], "pid"))
		return -EBADMSG;
	return 0;
}

int mg_journal_parse(const char *text, size_t len, struct mg_journal *j)
{
	char buf[MG_JOURNAL_MAX + 1], *save = NULL;
	size_t magic = strlen(MAGIC);

	memset(j, 0, sizeof(*j));
	if (len > MG_JOURNAL_MAX || len <= magic || memcmp(text, MAGIC "\n", magic + 1) ||
	    memchr(text, '\0', len))
		return -EBADMSG;
	memcpy(buf, text + magic + 1, len - magic - 1);
	buf[len - magic - 1] = '\0';
	for (char *line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		int err = parse_line(line, j);

		if (err < 0)
			return err;
	}
	return j->ifindex > 0 ? 0 : -EBADMSG;
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

/* Write @len bytes to @name in @dir all at once: a temporary file, synced, renamed. */
static int replace_file(int dir, const char *name, const char *buf, size_t len)
{
	char tmp[80];
	int fd, err;

	snprintf(tmp, sizeof(tmp), ".%s.tmp", name);
	fd = openat(dir, tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	err = write_all(fd, buf, len);
	if (err == 0 && fsync(fd) < 0)
		err = -errno;
	if (close(fd) < 0 && err == 0)
		err = -errno;
	if (err == 0 && renameat(dir, tmp, dir, name) < 0)
		err = -errno;
	if (err < 0)
		unlinkat(dir, tmp, 0);
	else if (fsync(dir) < 0)
		err = -errno;
	return err;
}

int mg_journal_write(struct mg_ctx *ctx, const struct mg_journal *j)
{
	char buf[MG_JOURNAL_MAX], name[64];
	int len = mg_journal_format(j, buf, sizeof(buf)), dir, err;

	if (len < 0)
		return mg_fail(ctx, len, "%s: the undo journal does not fit in %d bytes", j->ifname, MG_JOURNAL_MAX);
	err = mg_state_dir_open(ctx, "journal", true, &dir);
	if (err < 0)
		return err;
	mg_state_name(j->ifindex, name, sizeof(name));
	err = replace_file(dir, name, buf, (size_t)len);
	close(dir);
	if (err < 0)
		return mg_fail(ctx, err, "cannot write the undo journal %s/journal/%s: %s", mg_state_dir(ctx), name,
			       strerror(-err));
	return 0;
}

/* A regular file of root's (or this user's), no larger than a journal can be. */
static int read_file(int dir, const char *name, char *buf, size_t size, size_t *len)
{
	struct stat st;
	ssize_t n;
	int fd = openat(dir, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC), err = 0;

	if (fd < 0)
		return errno == ELOOP ? -EBADMSG : -errno;
	if (fstat(fd, &st) < 0)
		err = -errno;
	else if (!S_ISREG(st.st_mode) || (st.st_uid != 0 && st.st_uid != geteuid()))
		err = -EBADMSG;
	else if ((n = read(fd, buf, size)) < 0)
		err = -errno;
	else
		*len = (size_t)n;
	close(fd);
	return err;
}

int mg_journal_read(struct mg_ctx *ctx, int ifindex, struct mg_journal *j)
{
	char buf[MG_JOURNAL_MAX + 1], name[64];
	size_t len = 0;
	int dir, err = mg_state_dir_open(ctx, "journal", false, &dir);

	memset(j, 0, sizeof(*j));
	if (err < 0)
		return err;
	mg_state_name(ifindex, name, sizeof(name));
	err = read_file(dir, name, buf, sizeof(buf), &len);
	close(dir);
	if (err == -ENOENT)
		return err;
	if (err == 0)
		err = mg_journal_parse(buf, len, j);
	if (err == 0 && j->ifindex != ifindex)
		err = -EBADMSG;
	if (err < 0)
		return mg_fail(ctx, err, "the undo journal %s/journal/%s %s", mg_state_dir(ctx), name,
			       err == -EBADMSG ? "is damaged" : strerror(-err));
	return 0;
}

int mg_journal_remove(struct mg_ctx *ctx, int ifindex)
{
	char name[64];
	int dir, err = mg_state_dir_open(ctx, "journal", false, &dir);

	if (err < 0)
		return err;
	mg_state_name(ifindex, name, sizeof(name));
	err = unlinkat(dir, name, 0) < 0 && errno != ENOENT ? -errno : 0;
	close(dir);
	if (err < 0)
		return mg_fail(ctx, err, "cannot remove the undo journal %s/journal/%s: %s", mg_state_dir(ctx), name,
			       strerror(-err));
	return 0;
}

int mg_journal_interrupted(struct mg_ctx *ctx, int ifindex, bool own_lock, struct mg_journal *j)
{
	int err = mg_journal_read(ctx, ifindex, j);

	if (err == -ENOENT)
		return 0;
	if (err < 0 && err != -EBADMSG)
		return err;
	if (!own_lock) {
		int busy = mg_iflock_busy(ctx, ifindex);

		if (busy != 0)
			return busy < 0 ? busy : 0; /* an apply under way holds it */
	}
	if (err < 0)
		memset(j, 0, sizeof(*j));
	return 1;
}

void mg_journal_describe(const struct mg_journal *j, char *buf, size_t size)
{
	time_t t = (time_t)j->time;
	char when[32] = "";
	struct tm tm;

	if (j->time > 0 && gmtime_r(&t, &tm))
		strftime(when, sizeof(when), ", %Y-%m-%d %H:%M:%S UTC", &tm);
	if (j->pid > 0)
		snprintf(buf, size, "process %ld%s", j->pid, when);
	else
		snprintf(buf, size, "its journal is damaged");
}
