/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RPS, XPS and IRQ affinity in an apply: the CPUs receive packet
 * steering hands a receive queue's packets to (queues/rx-N/rps_cpus), the
 * CPUs that send on a transmit queue (queues/tx-N/xps_cpus), and the CPUs
 * an interrupt vector of the adapter may run on
 * (/proc/irq/N/smp_affinity_list). The fixes for a CPU that one adapter
 * keeps busy; each queue and vector is a change of its own, its values CPU
 * masks, journaled, verified and restored as every other change. Reads go
 * through the gatherer (a capture shows them); only the writes go to the
 * live files, as ASPM's do.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "apply/apply.h"

static const char *const kind_names[MG_STEER_GROUPS] = { "rps-cpus", "xps-cpus", "irq-affinity" };
static const char *const queue_prefix[2] = { "rx-", "tx-" };
static const char *const queue_file[2] = { "rps_cpus", "xps_cpus" };

/* Where the files are read and written: this context's, or a test's stand-in tree. */
static struct mg_ctx *files_of(struct mg_ctx *ctx)
{
	struct mg_ctx *stand_in = MG_TEST_HOOK(ctx, steer_sysfs, NULL);

	return stand_in ? stand_in : ctx;
}

/* "rps-cpus:rx-3" of a group and an index; and back (-EINVAL). */
static void steer_name(enum mg_param_group g, int index, char *buf, size_t size)
{
	int k = mg_steer_kind(g);

	if (k < 2)
		snprintf(buf, size, "%s:%s%d", kind_names[k], queue_prefix[k], index);
	else
		snprintf(buf, size, "%s:%d", kind_names[k], index);
}

static int parse_name(const char *name, enum mg_param_group *g, int *index)
{
	for (int k = 0; k < MG_STEER_GROUPS; k++) {
		size_t len = strlen(kind_names[k]);
		const char *p = name + len;
		long v;

		if (strncmp(name, kind_names[k], len) || *p++ != ':')
			continue;
		if (k < 2 && strncmp(p, queue_prefix[k], 3) == 0)
			p += 3;
		else if (k < 2)
			return -EINVAL;
		if (mg_parse_long(p, 10, &v) < 0 || v < 0 || v > 0x7fffffff)
			return -EINVAL;
		*g = (enum mg_param_group)(MG_GROUP_RPS + k);
		*index = (int)v;
		return 0;
	}
	return -EINVAL;
}

/* ---- reading ---- */

static struct mg_steer_item *add_item(struct mg_steer_now *now, int k, int index)
{
	struct mg_steer_item *it;

	if (now->count[k] >= MG_STEER_MAX) {
		now->too_many[k] = true;
		return NULL;
	}
	it = &now->items[k][now->count[k]++];
	it->index = index;
	it->mask = 0;
	it->err = 0;
	return it;
}

struct queue_walk {
	struct mg_steer_now *now;
	unsigned int groups;
};

static int add_queue(struct mg_ctx *ctx, const char *name, void *data)
{
	struct queue_walk *w = data;
	char rel[MG_PATH_MAX], buf[MG_ATTR_MAX];
	struct mg_steer_item *it;
	long number;
	int tx = !strncmp(name, "tx-", 3);

	if ((!tx && strncmp(name, "rx-", 3)) || mg_parse_long(name + 3, 10, &number) < 0 || number < 0 ||
	    number > 0x7fffffff || !(w->groups & (1u << (MG_GROUP_RPS + tx))))
		return 0;
	if (snprintf(rel, sizeof(rel), "%s/queues/%s/%s", w->now->netdir, name, queue_file[tx]) >= (int)sizeof(rel))
		return 0;
	/*
	 * No rps_cpus: a kernel without RPS. An xps_cpus that is missing or
	 * refuses to be read: a kernel without XPS, or one that offers it only
	 * with more than one transmit queue. Such a queue cannot be steered.
	 */
	if (mg_sysfs_read(ctx, rel, buf, sizeof(buf)) <= 0)
		return 0;
	it = add_item(w->now, tx, (int)number);
	if (it)
		it->err = mg_cpumask_parse_hex(buf, &it->mask);
	return 0;
}

static int read_vector(struct mg_ctx *ctx, struct mg_steer_now *now, long irq)
{
	char rel[64], buf[MG_ATTR_MAX];
	struct mg_steer_item *it;
	int n;

	if (irq <= 0 || irq > 0x7fffffff)
		return 0;
	for (size_t i = 0; i < now->count[2]; i++)
		if (now->items[2][i].index == irq)
			return 0;
	it = add_item(now, 2, (int)irq);
	if (!it)
		return 0;
	snprintf(rel, sizeof(rel), "irq/%ld/smp_affinity_list", irq);
	n = mg_gather_proc_read(ctx, rel, buf, sizeof(buf) - 1);
	if (n <= 0) {
		it->err = -EINVAL;
		return 0;
	}
	buf[n] = '\0';
	it->err = mg_cpumask_parse_list(buf, &it->mask);
	return 0;
}

static int add_msi(struct mg_ctx *ctx, const char *name, void *data)
{
	long irq;

	return mg_parse_long(name, 10, &irq) < 0 ? 0 : read_vector(ctx, data, irq);
}

static int by_index(const void *a, const void *b)
{
	const struct mg_steer_item *x = a, *y = b;

	return (x->index > y->index) - (x->index < y->index);
}

/* The PCI function's vectors: its MSI or MSI-X ones, else its legacy line (as irqs.c finds them). */
static int read_vectors(struct mg_ctx *ctx, int ifindex, const char *ifname, struct mg_steer_now *now)
{
	char netdir[MG_PATH_MAX], rel[MG_PATH_MAX];
	long irq;
	int err;

	err = mg_aspm_function(ctx, ifindex, ifname, netdir, sizeof(netdir), now->function, sizeof(now->function),
			       now->no_vectors, sizeof(now->no_vectors));
	if (err < 0 || !now->function[0])
		return err;
	if (mg_path_join(rel, sizeof(rel), now->function, "msi_irqs") == 0 && mg_sysfs_exists(ctx, rel) &&
	    (err = mg_sysfs_foreach(ctx, rel, add_msi, now)) < 0)
		return err;
	if (!now->count[2] && mg_path_join(rel, sizeof(rel), now->function, "irq") == 0 &&
	    mg_sysfs_read_long(ctx, rel, 10, &irq) == 0)
		read_vector(ctx, now, irq);
	if (!now->count[2])
		mg_strlcpy(now->no_vectors, "its PCI function has no interrupt vector", sizeof(now->no_vectors));
	return 0;
}

/* Read steering @groups (1u << MG_GROUP_RPS...) of the interface; what is missing is said in @now. */
static int read_steer_now(struct mg_ctx *ctx, int ifindex, const char *ifname, unsigned int groups,
			  struct mg_steer_now *now)
{
	struct mg_ctx *sys = files_of(ctx);
	char rel[MG_PATH_MAX], buf[MG_ATTR_MAX], function[MG_ASPM_DIR_MAX], why[96];
	int err = 0;

	memset(now, 0, sizeof(*now));
	if (mg_sysfs_read(sys, "devices/system/cpu/present", buf, sizeof(buf)) > 0)
		now->present_err = mg_cpumask_parse_list(buf, &now->present);
	/* RPS and XPS steer to online CPUs only (the kernel drops the others from what it shows); a vector needs one. */
	if (mg_sysfs_read(sys, "devices/system/cpu/online", buf, sizeof(buf)) > 0 &&
	    mg_cpumask_parse_list(buf, &now->online) < 0)
		now->online = 0;
	err = mg_aspm_function(sys, ifindex, ifname, now->netdir, sizeof(now->netdir), function, sizeof(function), why,
			       sizeof(why));
	if (err < 0)
		return err;
	if (!now->netdir[0])
		mg_strlcpy(now->not_found, why, sizeof(now->not_found));
	if (now->netdir[0] && (groups & (1u << MG_GROUP_RPS | 1u << MG_GROUP_XPS))) {
		struct queue_walk w = { now, groups };

		if (mg_path_join(rel, sizeof(rel), now->netdir, "queues") == 0 && mg_sysfs_exists(sys, rel))
			err = mg_sysfs_foreach(sys, rel, add_queue, &w);
	}
	if (err == 0 && (groups & (1u << MG_GROUP_IRQ_AFFINITY)))
		err = read_vectors(sys, ifindex, ifname, now);
	for (int k = 0; k < MG_STEER_GROUPS; k++)
		qsort(now->items[k], now->count[k], sizeof(now->items[k][0]), by_index);
	return err;
}

/* -EXDEV: the sysfs is another namespace's, which mg_aspm_function() has said. */
static int read_steer(struct mg_ctx *ctx, int ifindex, const char *ifname, const char *driver, unsigned int groups,
		      struct mg_group_now *now)
{
	int err = read_steer_now(ctx, ifindex, ifname, groups, &now->steer);

	(void)driver;
	if (err < 0 && err != -EXDEV)
		return mg_gather_read_failed(ctx, ifname, "its queues' and interrupts' CPU masks", err);
	return err;
}

/* ---- validation and plan ---- */

static const struct mg_steer_item *item_of(const struct mg_steer_now *now, int k, int index)
{
	for (size_t i = 0; i < now->count[k]; i++)
		if (now->items[k][i].index == index)
			return &now->items[k][i];
	return NULL;
}

/* The planned change of @k's @index, or NULL. */
static struct mg_change *planned(struct mg_apply_part *r, enum mg_param_group g, int index)
{
	for (size_t i = 0; i < r->count; i++)
		if (r->changes[i].group == g && r->changes[i].index == index)
			return &r->changes[i];
	return NULL;
}

/* Where @g's files are: nothing to steer is refused before anything changes. */
static int refuse_none(struct mg_ctx *ctx, const struct mg_apply_target *t, enum mg_param_group g)
{
	const struct mg_steer_now *now = &t->tune.steer;
	const char *ifname = t->cur.ifname;
	int k = mg_steer_kind(g);

	if (g == MG_GROUP_IRQ_AFFINITY)
		return mg_fail(ctx, -EOPNOTSUPP, "%s has no interrupt vectors to move: %s", ifname,
			       !now->netdir[0] ? now->not_found : now->no_vectors[0] ? now->no_vectors : "none found");
	if (!now->netdir[0])
		return mg_fail(ctx, -EOPNOTSUPP, "%s: its queues cannot be found: %s", ifname, now->not_found);
	if (k == 0)
		return mg_fail(ctx, -EOPNOTSUPP, "%s has no rps_cpus under queues/: the kernel was built without RPS",
			       ifname);
	return mg_fail(ctx, -EOPNOTSUPP, "%s has no readable xps_cpus under queues/: the kernel has no XPS, or "
		       "offers it only on an interface with more than one transmit queue", ifname);
}

static int plan_one(struct mg_ctx *ctx, const struct mg_apply_target *t, enum mg_param_group g,
		    const struct mg_steer_item *it, uint64_t mask, struct mg_apply_part *r)
{
	const char *ifname = t->cur.ifname;
	struct mg_change *c = planned(r, g, it->index);
	char name[MG_FEATURE_NAME];

	steer_name(g, it->index, name, sizeof(name));
	if (it->err == -ERANGE)
		return mg_fail(ctx, -ERANGE, "%s: %s names a CPU past 63, which this library does not count", ifname,
			       name);
	if (it->err < 0)
		return mg_fail(ctx, -EIO, "%s: %s could not be read", ifname, name);
	if (c) {
		c->new_value = c->expect = (long long)mask;
		return 0;
	}
	if (it->mask == mask)
		return 0;
	if (r->count >= MG_CHANGE_MAX)
		return -E2BIG;
	c = &r->changes[r->count++];
	*c = (struct mg_change){ .group = g, .param = MG_PARAM_COUNT, .index = it->index,
				 .old_value = (long long)it->mask, .new_value = (long long)mask, .expect = (long long)mask };
	mg_strlcpy(c->name, name, sizeof(c->name));
	mg_strlcpy(r->steer_dir, t->tune.steer.netdir, sizeof(r->steer_dir));
	return 0;
}

/* Every CPU asked is present, and online for RPS and XPS: a mask past them is refused, naming those there are. */
static int check_present(struct mg_ctx *ctx, const struct mg_apply_target *t, enum mg_param_group g, uint64_t mask)
{
	const struct mg_steer_now *now = &t->tune.steer;
	char asked[256], there[256];

	if (now->present_err == -ERANGE)
		return mg_fail(ctx, -ERANGE, "%s: this machine has CPUs past 63, which this library does not count: "
			       "%s is not changed", t->cur.ifname, kind_names[mg_steer_kind(g)]);
	if (now->present && (mask & ~now->present)) {
		mg_cpumask_list(mask & ~now->present, asked, sizeof(asked));
		mg_cpumask_list(now->present, there, sizeof(there));
		return mg_fail(ctx, -EINVAL, "%s: %s: %s %s %s not present (CPUs present: %s); nothing was changed",
			       t->cur.ifname, kind_names[mg_steer_kind(g)], strpbrk(asked, ",-") ? "CPUs" : "CPU", asked,
			       strpbrk(asked, ",-") ? "are" : "is", there);
	}
	/* A vector may keep offline CPUs in its mask, but the kernel refuses a mask without one online. */
	if (!now->online || !(mask & ~now->online) || (g == MG_GROUP_IRQ_AFFINITY && (mask & now->online)))
		return 0;
	mg_cpumask_list(mask & ~now->online, asked, sizeof(asked));
	mg_cpumask_list(now->online, there, sizeof(there));
	return mg_fail(ctx, -EINVAL, "%s: %s: %s %s %s offline (CPUs online: %s), and the kernel %s; nothing was changed",
		       t->cur.ifname, kind_names[mg_steer_kind(g)], strpbrk(asked, ",-") ? "CPUs" : "CPU", asked,
		       strpbrk(asked, ",-") ? "are" : "is", there,
		       g == MG_GROUP_IRQ_AFFINITY ? "needs one online" : "steers to online CPUs only");
}

static int plan_steer(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *want,
			 enum mg_param_group g, struct mg_apply_part *r)
{
	const struct mg_steer_now *now = &t->tune.steer;
	int k = mg_steer_kind(g), err = 0;
	const struct mg_tune_want *w = want->tune;

	if (!w || !w->steer_count[k])
		return 0;
	if (!now->count[k])
		return refuse_none(ctx, t, g);
	if (now->too_many[k])
		return mg_fail(ctx, -E2BIG, "%s has more than %d %s: this library changes at most that many",
			       t->cur.ifname, MG_STEER_MAX, k == 2 ? "interrupt vectors" : "queues");
	for (size_t i = 0; err == 0 && i < w->steer_count[k]; i++) {
		int index = w->steer[k][i].index;
		uint64_t mask = w->steer[k][i].mask;
		const struct mg_steer_item *it;

		err = check_present(ctx, t, g, mask);
		if (err < 0)
			break;
		if (index < 0) {
			for (size_t q = 0; err == 0 && q < now->count[k]; q++)
				err = plan_one(ctx, t, g, &now->items[k][q], mask, r);
			continue;
		}
		it = item_of(now, k, index);
		if (!it)
			return k == 2 ? mg_fail(ctx, -EINVAL, "%s: interrupt %d is not one of the adapter's vectors",
						t->cur.ifname, index)
				      : mg_fail(ctx, -EINVAL, "%s has no %s queue %s%d with %s", t->cur.ifname,
						k ? "transmit" : "receive", queue_prefix[k], index, queue_file[k]);
		err = plan_one(ctx, t, g, it, mask, r);
	}
	/* A change asked twice back to where it is: nothing to do. */
	for (size_t i = 0; err == 0 && i < r->count; i++)
		if (r->changes[i].group == g && r->changes[i].old_value == r->changes[i].new_value) {
			memmove(&r->changes[i], &r->changes[i + 1], (r->count - i - 1) * sizeof(r->changes[0]));
			r->count--;
			i--;
		}
	return err;
}

/* ---- writing ---- */

/* The file a change writes, for open(): below the root of the tree it is read from. */
static int file_path(struct mg_ctx *ctx, const struct mg_apply_part *r, const struct mg_change *c, char *path,
		     size_t size)
{
	struct mg_ctx *sys = files_of(ctx);
	int k = mg_steer_kind(c->group), n;

	if (k < 2)
		n = snprintf(path, size, "%s/%s/queues/%s%d/%s", sys->root, r->steer_dir, queue_prefix[k], c->index,
			     queue_file[k]);
	else if (sys != ctx)
		n = snprintf(path, size, "%s/" MG_CAPTURE_PROC "/irq/%d/smp_affinity_list", sys->root, c->index);
	else
		n = snprintf(path, size, "/proc/irq/%d/smp_affinity_list", c->index);
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

static int write_file(const char *path, const char *text)
{
	size_t len = strlen(text);
	int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY), err = 0;
	ssize_t n;

	if (fd < 0)
		return -errno;
	/* The kernel answers for the whole value at once: its errno is the write's. */
	n = write(fd, text, len);
	if (n < 0)
		err = -errno;
	else if ((size_t)n != len)
		err = -EIO;	/* a short write sets no errno */
	if (close(fd) < 0 && err == 0)
		err = -errno;
	return err;
}

static int write_change(struct mg_ctx *ctx, const struct mg_apply_part *r, const struct mg_change *c, bool old)
{
	char path[MG_PATH_MAX], text[256];
	uint64_t mask = (uint64_t)(old ? c->old_value : c->new_value);
	int err;

	if (mg_steer_kind(c->group) < 2 && !r->steer_dir[0])
		return -ENODEV; /* the interface is gone */
	if (c->group == MG_GROUP_IRQ_AFFINITY)
		mg_cpumask_list(mask, text, sizeof(text));
	else
		mg_cpumask_hex(mask, text, sizeof(text));
	err = file_path(ctx, r, c, path, sizeof(path));
	return err < 0 ? err : write_file(path, text);
}

/*
 * One file per queue or vector, so a group is not one request: when a
 * write fails, those of the group written before it are put back here,
 * and the group fails as a whole, as a refused request would.
 */
static int set_steer(struct mg_ctx *ctx, int ifindex, enum mg_param_group g, const struct mg_apply_part *r,
		     bool restore)
{
	int first = 0;

	(void)ifindex;
	for (size_t i = 0; i < r->count; i++) {
		const struct mg_change *c = &r->changes[i];
		int err;

		if (!mg_change_chosen(c, g, restore))
			continue;
		err = write_change(ctx, r, c, restore);
		if (err == 0)
			continue;
		/* A restore puts back every value it can, and says the first it could not. */
		if (restore) {
			first = first ? first : err;
			continue;
		}
		while (i-- > 0)
			if (r->changes[i].group == g && r->changes[i].state != MG_CHANGE_LEFT &&
			    write_change(ctx, r, &r->changes[i], true) < 0)
				mg_info(ctx, "%s: putting back %s failed", r->id.name, r->changes[i].name);
		return err;
	}
	return first;
}

/* ---- read back ---- */

/* The mask @c's queue or vector has now; MG_UNKNOWN when it cannot be read. */
static long long steer_value(const struct mg_group_now *now, const struct mg_change *c)
{
	const struct mg_steer_item *it = item_of(&now->steer, mg_steer_kind(c->group), c->index);

	return it && it->err == 0 ? (long long)it->mask : MG_UNKNOWN;
}

static int check_steer(struct mg_ctx *ctx, const char *ifname, const struct mg_group_now *now,
		       const struct mg_apply_part *r, const struct mg_change *c, bool in_effect)
{
	long long v = steer_value(now, c);
	char got[256], want[256];

	(void)r, (void)in_effect;
	if (v == MG_UNKNOWN)
		return mg_fail(ctx, -EIO, "%s: %s could not be read back", ifname, c->name);
	if (v == c->new_value)
		return 0;
	mg_cpumask_list((uint64_t)v, got, sizeof(got));
	mg_cpumask_list((uint64_t)c->new_value, want, sizeof(want));
	return mg_fail(ctx, -EIO, "%s: the kernel left %s at %s, not %s", ifname, c->name, got[0] ? got : "none",
		       want[0] ? want : "none");
}

/* Why writing a steering file failed: what it needs, or what the kernel refused. */
static int explain_steer(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_apply_part *r,
			 enum mg_param_group g, int err, const char *extack, const char *rb)
{
	const char *what = kind_names[mg_steer_kind(g)], *ifname = t->cur.ifname;

	(void)r, (void)extack;
	if (err == -EACCES || err == -EPERM)
		return mg_fail(ctx, -EPERM, "%s: changing %s needs %s; %s", ifname, what,
			       g == MG_GROUP_IRQ_AFFINITY ? "root" : "CAP_NET_ADMIN", rb);
	if (err == -EROFS)
		return mg_fail(ctx, -EPERM, "%s: changing %s needs a writable %s; %s", ifname, what,
			       g == MG_GROUP_IRQ_AFFINITY ? "/proc" : "/sys", rb);
	if (g == MG_GROUP_IRQ_AFFINITY && err == -EIO)
		return mg_fail(ctx, err, "%s: the kernel refused to move the vector (one it manages itself, or one "
			       "that cannot run on those CPUs); %s", ifname, rb);
	return mg_fail(ctx, err, "%s: writing %s failed: %s; %s", ifname, what, strerror(-err), rb);
}

static void steer_text(const struct mg_apply_part *r, const struct mg_change *c, enum mg_change_value which,
		       char *buf, size_t size)
{
	long long v = mg_change_value(c, which);

	(void)r;
	if (v == MG_UNKNOWN)
		snprintf(buf, size, "unknown");
	else
		mg_cpumask_text((uint64_t)v, buf, size);
}

/* ---- the journal ---- */

/* "rps-cpus QUEUE OLDHEX SETHEX", "xps-cpus QUEUE ...", "irq-affinity IRQ OLDHEX SETHEX". */
static int format_steer(const struct mg_journal_entry *e, char *buf, size_t size)
{
	char set[32] = "-";

	if (e->new_known)
		snprintf(set, sizeof(set), "%llx", (unsigned long long)e->new_value);
	return snprintf(buf, size, "%s %d %llx %s", kind_names[mg_steer_kind(e->group)], e->index,
			(unsigned long long)e->old_value, set);
}

static int parse_steer(char **w, int n, struct mg_journal_entry *e)
{
	enum mg_param_group g;
	uint64_t old, set = 0;
	char name[MG_FEATURE_NAME];
	long long index;

	if (n != 4 || !mg_journal_number(w[1], 0, 0x7fffffff, &index))
		return -EBADMSG;
	snprintf(name, sizeof(name), "%s:%s%s", w[0],
		 strcmp(w[0], "rps-cpus") ? strcmp(w[0], "xps-cpus") ? "" : "tx-" : "rx-", w[1]);
	e->new_known = strcmp(w[3], "-") != 0;
	if (parse_name(name, &g, &e->index) < 0 || mg_cpumask_parse_hex(w[2], &old) < 0 ||
	    (e->new_known && mg_cpumask_parse_hex(w[3], &set) < 0))
		return -EBADMSG;
	e->group = g;
	mg_strlcpy(e->name, w[0], sizeof(e->name));
	e->old_value = (long long)old;
	e->new_value = (long long)set;
	return 0;
}

static void plan_restore_steer(const struct mg_journal_entry *e, const struct mg_group_now *now,
			       struct mg_apply_part *r)
{
	struct mg_change c = { .group = e->group, .param = MG_PARAM_COUNT, .index = e->index };

	if (r->count >= MG_CHANGE_MAX)
		return;
	steer_name(e->group, e->index, c.name, sizeof(c.name));
	mg_strlcpy(r->steer_dir, now->steer.netdir, sizeof(r->steer_dir));
	mg_change_restore_value(e, steer_value(now, &c), &c, r);
}

static bool steer_asked(const struct mg_tune_want *w, enum mg_param_group g)
{
	return w->steer_count[mg_steer_kind(g)] > 0;
}

static int merge_steer(struct mg_settings *dst, const struct mg_tune_want *w, enum mg_param_group g)
{
	int k = mg_steer_kind(g), err = 0;

	for (size_t i = 0; err == 0 && i < w->steer_count[k]; i++)
		err = mg_tune_want_steer(dst, g, w->steer[k][i].index, w->steer[k][i].mask);
	return err;
}

#define STEER_OPS(key)                                                                                       \
	{                                                                                                    \
		.journal_key = key, .kind = MG_VALUE_CPUS, .read = read_steer, .plan = plan_steer,            \
		.set = set_steer, .value = steer_value, .check = check_steer, .text = steer_text,             \
		.explain = explain_steer, .journal = mg_change_journal_value, .format = format_steer,        \
		.parse = parse_steer, .plan_restore = plan_restore_steer, .asked = steer_asked,              \
		.merge = merge_steer,                                                                         \
	}

const struct mg_group_ops mg_rps_ops = STEER_OPS("rps-cpus");
const struct mg_group_ops mg_xps_ops = STEER_OPS("xps-cpus");
const struct mg_group_ops mg_irq_affinity_ops = STEER_OPS("irq-affinity");
