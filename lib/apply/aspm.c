/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ASPM L1 of an adapter's PCIe link, as an apply changes it. The kernel
 * offers one control per power state of a link, link/l1_aspm and its
 * kin, on the PCI function below the link (Linux 5.5 and later; only for
 * states both ends support, and only where the kernel manages ASPM).
 * Everything here is read through the gatherer, so a capture shows it;
 * only the write is made on the live machine, as ethtool's set requests
 * are.
 *
 * Turning L1 off makes the kernel turn the L1 substates off too, and
 * turning it on again does not bring them back. So a change that turns L1
 * off keeps the substates that were on, and its restore turns them on
 * again once L1 is.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "apply/apply.h"

#define SUBSTATES (MG_PCIE_ASPM_L1_1 | MG_PCIE_ASPM_L1_2 | MG_PCIE_PCIPM_L1_1 | MG_PCIE_PCIPM_L1_2)

/* Where the controls are read and written: this context's sysfs, or a test's stand-in tree. */
static struct mg_ctx *sysfs_of(struct mg_ctx *ctx)
{
	struct mg_ctx *stand_in = MG_TEST_HOOK(ctx, aspm_sysfs, NULL);

	return stand_in ? stand_in : ctx;
}

/* "0000:01:00.0" of "devices/pci0000:00/0000:00:1c.0/0000:01:00.0". */
static const char *address_of(const char *dir)
{
	const char *slash = strrchr(dir, '/');

	return slash ? slash + 1 : dir;
}

/*
 * The interface's directory, checked against its index: a sysfs mounted in
 * another network namespace shows other interfaces, maybe by the same name.
 */
static int find_netdir(struct mg_ctx *ctx, int ifindex, const char *ifname, char *netdir, size_t size)
{
	char rel[MG_PATH_MAX];
	long v;

	if (snprintf(rel, sizeof(rel), "class/net/%s", ifname) >= (int)sizeof(rel) ||
	    mg_sysfs_resolve(ctx, rel, netdir, size) < 0 || mg_path_join(rel, sizeof(rel), netdir, "ifindex") < 0 ||
	    mg_sysfs_read_long(ctx, rel, 10, &v) < 0)
		return -ENOENT;
	return v == ifindex ? 0 : -EXDEV;
}

int mg_aspm_function(struct mg_ctx *ctx, int ifindex, const char *ifname, char *netdir, size_t netsize, char *dir,
		     size_t size, char *why, size_t why_size)
{
	char rel[MG_PATH_MAX], bus[64], *slash, other[400];
	int err = mg_sysfs_netns_check(ctx, ifindex, ifname, other, sizeof(other));

	/* Refused before anything changes: every path below would be another namespace's. */
	if (err == -EXDEV)
		return mg_fail(ctx, err, "%s: %s; its queues, interrupts and PCIe link cannot be told there, and nothing "
			       "was changed", ifname, other);
	err = find_netdir(ctx, ifindex, ifname, netdir, netsize);
	dir[0] = '\0';
	if (err < 0) {
		netdir[0] = '\0';
		mg_strlcpy(why, err == -EXDEV ? "this sysfs belongs to another network namespace" : "sysfs does not show it",
			   why_size);
		return 0;
	}
	if (mg_path_join(rel, sizeof(rel), netdir, "device") < 0 || mg_sysfs_resolve(ctx, rel, dir, size) < 0) {
		dir[0] = '\0';
		mg_strlcpy(why, "it has no device (a virtual interface)", why_size);
		return 0;
	}
	for (;;) {
		if (mg_path_join(rel, sizeof(rel), dir, "subsystem") == 0 &&
		    mg_sysfs_link_name(ctx, rel, bus, sizeof(bus)) == 0) {
			if (!strcmp(bus, "pci"))
				return 0;
			if (!strcmp(bus, "usb")) {
				dir[0] = '\0';
				mg_strlcpy(why, "it is a USB adapter", why_size);
				return 0;
			}
		}
		slash = strrchr(dir, '/');
		if (!slash)
			break;
		*slash = '\0';
		if (!strcmp(dir, "devices"))
			break;
	}
	dir[0] = '\0';
	mg_strlcpy(why, "its device is not on PCI", why_size);
	return 0;
}

/* Up from the interface's device to its PCI function; a USB adapter's is its host controller's, not its own. */
static int find_function(struct mg_ctx *ctx, int ifindex, const char *ifname, struct mg_aspm_now *now)
{
	char netdir[MG_PATH_MAX];

	return mg_aspm_function(ctx, ifindex, ifname, netdir, sizeof(netdir), now->dir, sizeof(now->dir), now->not_pci,
				sizeof(now->not_pci));
}

/* The path of one control of @dir for open(): below the root of the tree it is read from. */
static int control_path(struct mg_ctx *ctx, const char *dir, int state, char *path, size_t size)
{
	const char *file = mg_pcie_control_file(state);

	if (!file || snprintf(path, size, "%s/%s/link/%s", sysfs_of(ctx)->root, dir, file) >= (int)size)
		return -ENAMETOOLONG;
	return 0;
}

/* Asked of the file itself: root, a read-only sysfs in a container, or a security module decide. */
static int writable(struct mg_ctx *ctx, const char *dir)
{
	char path[MG_PATH_MAX];
	int err = control_path(ctx, dir, MG_PCIE_ASPM_L1, path, sizeof(path));

	if (err < 0)
		return err;
	return faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) < 0 ? -errno : 0;
}

static int read_aspm_now(struct mg_ctx *ctx, int ifindex, const char *ifname, struct mg_aspm_now *now)
{
	struct mg_ctx *sys = sysfs_of(ctx);
	int on, present, err;

	memset(now, 0, sizeof(*now));
	now->l1 = MG_UNKNOWN;
	err = find_function(sys, ifindex, ifname, now);
	if (err < 0 || !now->dir[0])
		return err;
	mg_pcie_read_controls(sys, now->dir, &on, &present);
	if (present & MG_PCIE_ASPM_L1)
		now->l1 = (on & MG_PCIE_ASPM_L1) != 0;
	now->substates = on > 0 ? on & SUBSTATES : 0;
	mg_pcie_read_aspm_policy(sys, now->policy, sizeof(now->policy));
	if (now->l1 != MG_UNKNOWN)
		now->write_err = writable(ctx, now->dir);
	return 0;
}

/* The control cannot be written: before any change (@rb NULL), or when a write failed. */
static int denied(struct mg_ctx *ctx, const char *ifname, const char *dir, int err, const char *rb)
{
	const char *addr = address_of(dir), *sep = rb ? "; " : "";

	if (!rb)
		rb = "";
	if (err == -EACCES || err == -EPERM)
		return mg_fail(ctx, -EPERM, "%s: changing ASPM L1 needs root: /sys/bus/pci/devices/%s/link/l1_aspm "
			       "is not writable%s%s", ifname, addr, sep, rb);
	if (err == -EROFS)
		return mg_fail(ctx, -EPERM, "%s: changing ASPM L1 needs a writable sysfs: /sys is read-only here%s%s",
			       ifname, sep, rb);
	return mg_fail(ctx, err, "%s: writing /sys/bus/pci/devices/%s/link/l1_aspm failed: %s%s%s", ifname, addr,
		       strerror(-err), sep, rb);
}

/* -EXDEV: the sysfs is another namespace's, which mg_aspm_function() has said. */
static int read_aspm(struct mg_ctx *ctx, int ifindex, const char *ifname, const char *driver, unsigned int groups,
		     struct mg_group_now *now)
{
	int err = read_aspm_now(ctx, ifindex, ifname, &now->aspm);

	(void)driver, (void)groups;
	if (err < 0 && err != -EXDEV)
		return mg_gather_read_failed(ctx, ifname, "its PCIe link's ASPM controls", err);
	return err;
}

static int plan_aspm(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *want,
		     enum mg_param_group g, struct mg_apply_part *r)
{
	const struct mg_aspm_now *a = &t->tune.aspm;
	const char *ifname = t->cur.ifname;
	struct mg_change *c;
	int on;

	(void)g;
	if (!want->tune || want->tune->aspm_l1 < 0)
		return 0;
	on = want->tune->aspm_l1;
	if (!a->dir[0])
		return mg_fail(ctx, -EOPNOTSUPP, "%s has no ASPM L1 control: %s", ifname,
			       a->not_pci[0] ? a->not_pci : "its PCI function could not be found");
	if (a->l1 == MG_UNKNOWN)
		return mg_fail(ctx, -EOPNOTSUPP, "%s has no ASPM L1 control (link/l1_aspm of %s): the link does not "
			       "support L1, or the kernel (before 5.5) or its ASPM policy does not allow changing it",
			       ifname, address_of(a->dir));
	if (a->l1 == on)
		return 0;
	/* The kernel would take the write and keep L1 off: say so before anything changes. */
	if (on && !strcmp(a->policy, "performance"))
		return mg_fail(ctx, -EOPNOTSUPP, "%s: the kernel's ASPM policy is performance, which keeps L1 off "
			       "whatever link/l1_aspm says; choose another in /sys/module/pcie_aspm/parameters/policy "
			       "first", ifname);
	if (a->write_err < 0)
		return denied(ctx, ifname, a->dir, a->write_err, NULL);
	c = mg_change_add(r, MG_GROUP_ASPM, "aspm-l1");
	if (!c)
		return -E2BIG;
	c->old_value = a->l1;
	c->new_value = c->expect = on;
	c->aspm_substates = on ? 0 : a->substates;
	mg_strlcpy(r->aspm_dir, a->dir, sizeof(r->aspm_dir));
	return 0;
}

static int write_control(struct mg_ctx *ctx, const char *dir, int state, bool on)
{
	char path[MG_PATH_MAX];
	int fd, err = control_path(ctx, dir, state, path, sizeof(path));

	if (err < 0)
		return err;
	fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY);
	if (fd < 0)
		return -errno;
	/* The kernel answers for the whole value at once: its errno is the write's. */
	if (write(fd, on ? "1" : "0", 1) != 1)
		err = -errno;
	if (close(fd) < 0 && err == 0)
		err = -errno;
	return err;
}

int mg_aspm_set(struct mg_ctx *ctx, const struct mg_apply_part *r, bool restore)
{
	for (size_t i = 0; i < r->count; i++) {
		const struct mg_change *c = &r->changes[i];
		bool on;
		int err;

		if (!mg_change_chosen(c, MG_GROUP_ASPM, restore))
			continue;
		if (!r->aspm_dir[0])
			return -ENODEV; /* the PCI function is gone */
		on = (restore ? c->old_value : c->new_value) != 0;
		err = write_control(ctx, r->aspm_dir, MG_PCIE_ASPM_L1, on);
		for (int bit = MG_PCIE_ASPM_L1_1; err == 0 && on && bit <= MG_PCIE_PCIPM_L1_2; bit <<= 1)
			if (c->aspm_substates & bit)
				err = write_control(ctx, r->aspm_dir, bit, true);
		return err;
	}
	return 0;
}

/* The substates as the journal writes them: "l1_1_aspm,l1_2_aspm"; "" for none. */
static void substates_text(int substates, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int bit = MG_PCIE_ASPM_L1_1; bit <= MG_PCIE_PCIPM_L1_2; bit <<= 1) {
		int n;

		if (!(substates & bit))
			continue;
		n = snprintf(buf + len, size - len, "%s%s", len ? "," : "", mg_pcie_control_file(bit));
		if (n < 0 || (size_t)n >= size - len)
			return;
		len += (size_t)n;
	}
}

/* And back: -EINVAL for a name that is no L1 substate. */
static int substates_parse(const char *text, int *substates)
{
	const char *start = text;

	*substates = 0;
	for (const char *p = text;; p++) {
		int bit;

		if (*p && *p != ',')
			continue;
		for (bit = MG_PCIE_ASPM_L1_1; bit <= MG_PCIE_PCIPM_L1_2; bit <<= 1)
			if (strlen(mg_pcie_control_file(bit)) == (size_t)(p - start) &&
			    !strncmp(start, mg_pcie_control_file(bit), (size_t)(p - start)))
				break;
		if (bit > MG_PCIE_PCIPM_L1_2)
			return -EINVAL;
		*substates |= bit;
		if (!*p)
			return 0;
		start = p + 1;
	}
}

/* L1 reads back as @c set it, and its substates, when it set L1 on again. */
static int check_aspm(struct mg_ctx *ctx, const char *ifname, const struct mg_group_now *now,
		      const struct mg_apply_part *r, const struct mg_change *c, bool in_effect)
{
	const struct mg_aspm_now *a = &now->aspm;
	const char *addr = address_of(r->aspm_dir);
	char off[64];
	int missing;

	(void)in_effect;
	if (a->l1 == MG_UNKNOWN)
		return mg_fail(ctx, -EIO, "%s: ASPM L1 of %s could not be read back", ifname, addr);
	if (a->l1 == 0 && c->new_value)
		return mg_fail(ctx, -EIO, "%s: the kernel left ASPM L1 of %s off, not on: its ASPM policy (%s) or "
			       "the adapter's driver keeps it off", ifname, addr, a->policy[0] ? a->policy : "unknown");
	if (a->l1 != c->new_value)
		return mg_fail(ctx, -EIO, "%s: the kernel left ASPM L1 of %s on, not off", ifname, addr);
	missing = c->new_value ? c->aspm_substates & ~a->substates : 0;
	if (!missing)
		return 0;
	substates_text(missing, off, sizeof(off));
	return mg_fail(ctx, -EIO, "%s: ASPM L1 of %s is on again but the kernel left %s off", ifname, addr, off);
}

/* Writing the control failed: what it needs. */
static int explain_aspm(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_apply_part *r,
			enum mg_param_group g, int err, const char *extack, const char *rb)
{
	(void)g, (void)extack;
	return denied(ctx, t->cur.ifname, r->aspm_dir, err, rb);
}

/* ---- the journal ---- */

/* "aspm-l1 OLD SET [SUBSTATES]": the substates only when turning L1 off turned some off. */
static int format_aspm(const struct mg_journal_entry *e, char *buf, size_t size)
{
	char set[32], subs[64];

	mg_journal_set_text(e, set, sizeof(set));
	substates_text(e->aspm_substates, subs, sizeof(subs));
	return snprintf(buf, size, "aspm-l1 %lld %s%s%s", e->old_value, set, subs[0] ? " " : "", subs);
}

static int parse_aspm(char **w, int n, struct mg_journal_entry *e)
{
	if ((n != 3 && n != 4) || mg_journal_parse_flags(w[1], w[2], e) < 0 ||
	    (n == 4 && substates_parse(w[3], &e->aspm_substates) < 0))
		return -EBADMSG;
	e->group = MG_GROUP_ASPM;
	return 0;
}

static long long aspm_value(const struct mg_group_now *now, const struct mg_change *c)
{
	(void)c;
	return now->aspm.dir[0] ? now->aspm.l1 : MG_UNKNOWN;
}

/* Turning L1 back on brings back the substates that were on with it. */
static void plan_restore_aspm(const struct mg_journal_entry *e, const struct mg_group_now *now, struct mg_apply_part *r)
{
	struct mg_change c = { .group = e->group, .param = MG_PARAM_COUNT, .name = "aspm-l1",
			       .aspm_substates = e->aspm_substates };

	if (r->count >= MG_CHANGE_MAX)
		return;
	mg_strlcpy(r->aspm_dir, now->aspm.dir, sizeof(r->aspm_dir));
	mg_change_restore_value(e, aspm_value(now, &c), &c, r);
}

/* A file of the PCI function, not a request to the interface. */
static int set_aspm(struct mg_ctx *ctx, int ifindex, enum mg_param_group g, const struct mg_apply_part *r,
		    bool restore)
{
	(void)ifindex, (void)g;
	return mg_aspm_set(ctx, r, restore);
}

static bool aspm_asked(const struct mg_tune_want *w, enum mg_param_group g)
{
	(void)g;
	return w->aspm_l1 >= 0;
}

static int merge_aspm(struct mg_settings *dst, const struct mg_tune_want *w, enum mg_param_group g)
{
	(void)g;
	return mg_settings_set_aspm_l1(dst, w->aspm_l1);
}

const struct mg_group_ops mg_aspm_ops = {
	.journal_key = "aspm-l1",
	.read = read_aspm,
	.plan = plan_aspm,
	.set = set_aspm,
	.value = aspm_value,
	.check = check_aspm,
	.kind = MG_VALUE_ON_OFF,
	.text = mg_change_flag_text,
	.explain = explain_aspm,
	.journal = mg_change_journal_value,
	.format = format_aspm,
	.parse = parse_aspm,
	.plan_restore = plan_restore_aspm,
	.asked = aspm_asked,
	.merge = merge_aspm,
};
