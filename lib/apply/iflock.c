/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What every libmultigig user shares about an interface lives under
 * /run/multigig: a lock file per interface, so that applies to one
 * interface run one at a time whichever process makes them, and the undo
 * journals of transactions (journal.c). Beside the interfaces' locks, the
 * hold of a journal that outlives its transaction: the process that keeps
 * it (the keeper of a --confirm window, or the one that holds changes
 * until it undoes them) locks "hold-JOURNAL" for as long as it lives, so
 * that its death, however it comes, is seen. Locks are named by network
 * namespace (netns.c: by what the kernel does not reuse) and interface
 * index, never by interface name: a name can move to another interface
 * during an apply, and every namespace has its own index 1, 2, 3...
 *
 * Who may write there decides who may change settings through the library:
 * root, and the members of the directory's group when root made it group
 * writable (the Debian package makes it 2775 root:multigig, so that a
 * service running as its own user with CAP_NET_ADMIN shares the locks and
 * journals with root). Nobody else: a journal there is applied by the
 * next rollback, whoever wrote it.
 *
 * Nobody else may even open a lock: any lock held on the file, shared or
 * not, reads as "an apply is under way", so a process that could open it
 * could hold every change of that interface hostage, and a --confirm
 * window with it. The lock directory is therefore 0700 (2770 with the
 * group), whatever made it, and its files 0600 (0660).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "apply/apply.h"

#define MG_RUN_DIR "/run/multigig"
#define LOCK_WAIT_MS 30000
#define LOCK_POLL_MS 5
#define HOLD_WAIT_MS 2000

const char *mg_state_dir(const struct mg_ctx *ctx)
{
	const char *dir = MG_TEST_HOOK(ctx, run_dir, NULL);

	(void)ctx;
	return dir ? dir : MG_RUN_DIR;
}

/*
 * Root's (or this user's, for a test's directory); never writable by
 * others; writable by its group only when root made it so. A @private
 * one that others can reach (made by libmultigig 0.3, or by hand) is
 * closed to them first by its owner; a member of its group cannot, and
 * uses it as it is until root next does.
 */
static int check_dir(int fd, bool private)
{
	struct stat st;

	if (fstat(fd, &st) < 0)
		return -errno;
	if (!S_ISDIR(st.st_mode))
		return -ENOTDIR;
	if ((st.st_uid != 0 && st.st_uid != geteuid()) || (st.st_mode & S_IWOTH) ||
	    ((st.st_mode & S_IWGRP) && st.st_uid != 0))
		return -EPERM;
	if (private && st.st_uid == geteuid() && (st.st_mode & (st.st_mode & S_IWGRP ? S_IRWXO : S_IRWXG | S_IRWXO)) &&
	    fchmod(fd, st.st_mode & (st.st_mode & S_IWGRP ? 07770 : 07700)) < 0)
		return -errno;
	return 0;
}

/*
 * The mode a new directory below @at gets: 0755, or its parent's group
 * access (2775) when it has one; a @private one is closed to others.
 */
static mode_t mode_below(int at, bool private)
{
	struct stat st;
	mode_t mode = 0755;

	if (at != AT_FDCWD && fstat(at, &st) == 0 && (st.st_mode & S_IWGRP))
		return private ? S_ISGID | 0770 : S_ISGID | 0775;
	return private ? 0700 : mode;
}

/* Make @name below @at, whatever the umask; an existing one is fine. */
static int make_dir(int at, const char *name, bool private)
{
	mode_t mode = mode_below(at, private);
	int fd;

	if (mkdirat(at, name, mode & 0777) < 0)
		return errno == EEXIST ? 0 : -errno;
	fd = openat(at, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	/* A restrictive umask would hide journals from an unprivileged `show`. */
	if (fchmod(fd, mode) < 0) {
		int err = -errno;

		close(fd);
		return err;
	}
	close(fd);
	return 0;
}

/* Open @name below @at as a safe directory, made first with @create. */
static int open_dir(int at, const char *name, bool create, bool private, int *fd)
{
	int err = create ? make_dir(at, name, private) : 0;

	if (err < 0)
		return err;
	*fd = openat(at, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	/* A symbolic link fails as ENOTDIR (O_DIRECTORY) or ELOOP: both are unsafe. */
	if (*fd < 0)
		return errno == ELOOP || errno == ENOTDIR ? -EPERM : -errno;
	err = check_dir(*fd, private);
	if (err == -ENOTDIR)
		err = -EPERM;
	if (err < 0)
		close(*fd);
	return err;
}

int mg_state_dir_open(struct mg_ctx *ctx, const char *sub, bool create, int *dirfd)
{
	const char *base = mg_state_dir(ctx);
	bool top_failed = true;
	int top, err;

	err = open_dir(AT_FDCWD, base, create, false, &top);
	if (err == 0) {
		top_failed = false;
		/* Journals are listed by an unprivileged `rollback --list`; locks are nobody else's. */
		err = open_dir(top, sub, create, !strcmp(sub, "lock"), dirfd);
		close(top);
	}
	/* Name the directory that is wrong: the state directory itself, or the one below it. */
	if (err == -EPERM)
		return mg_fail(ctx, err, "%s%s%s is not a directory of root's that only root (and its group, if root "
			       "allows) may write to", base, top_failed ? "" : "/", top_failed ? "" : sub);
	if (err < 0 && (create || err != -ENOENT))
		return mg_fail(ctx, err, "%s %s%s%s: %s", create ? "cannot make" : "cannot open", base,
			       top_failed ? "" : "/", top_failed ? "" : sub, strerror(-err));
	return err;
}

/*
 * "c4096-if5.lock": the namespace by its id (netns.c), then the interface's
 * index. 0.3 named them without ".lock", 0644 in a directory anyone could
 * search: a process may have opened one then and hold it still, which
 * closing the directory does not take from it. No such file has a name
 * of these.
 */
static void lock_name(const struct mg_netns *ns, int ifindex, char *buf, size_t size)
{
	snprintf(buf, size, "%s-if%d.lock", ns->id, ifindex);
}

/*
 * The lock file in @dir, made when @create, 0600 (0660 in a group's
 * directory) whatever the umask. O_NONBLOCK and the check for a regular
 * file: a FIFO put there must not make the open wait forever.
 */
static int open_lock_at(int dir, const char *name, bool create, int *fd)
{
	struct stat st;

	*fd = openat(dir, name, (create ? O_CREAT : 0) | O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0600);
	if (*fd < 0)
		return -errno;
	if (fstat(*fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(*fd);
		return -EPERM;
	}
	if (create && (st.st_mode & 0777) != (mode_below(dir, true) & 0660))
		fchmod(*fd, mode_below(dir, true) & 0660);
	return 0;
}

static int lock_failed(struct mg_ctx *ctx, const char *name, int err)
{
	return mg_fail(ctx, err, "cannot open the lock %s/lock/%s: %s", mg_state_dir(ctx), name,
		       err == -EPERM ? "it is not a regular file" : strerror(-err));
}

/*
 * Poll rather than block: a blocking flock() is restarted after a signal
 * handler that uses SA_RESTART, and the caller's cancel flag would go
 * unread until the other apply ends.
 */
static int wait_lock(struct mg_ctx *ctx, int fd, int ifindex)
{
	const struct timespec poll_interval = { 0, LOCK_POLL_MS * 1000000L };

	for (long waited = 0;; waited += LOCK_POLL_MS) {
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			return 0;
		if (errno != EWOULDBLOCK && errno != EINTR)
			return -errno;
		if (mg_cancelled(ctx))
			return -ECANCELED;
		if (waited >= LOCK_WAIT_MS)
			return -EBUSY;
		if (waited == 0)
			mg_info(ctx, "interface %d: waiting for another apply to end", ifindex);
		nanosleep(&poll_interval, NULL);
	}
}

/* Whether the file locked as @fd is still the one named @name in @dir: its holder removes it on release. */
static bool still_named(int dir, const char *name, int fd)
{
	struct stat held, named;

	return fstat(fd, &held) == 0 && held.st_nlink > 0 && fstatat(dir, name, &named, AT_SYMLINK_NOFOLLOW) == 0 &&
	       held.st_dev == named.st_dev && held.st_ino == named.st_ino;
}

/*
 * Lock files are removed when released, so that none piles up: the
 * holder unlinks the name before it lets go, and a process that opened
 * the file just before finds, once it has the lock, that the name is
 * gone or is another file, and starts again with the file now named.
 */
int mg_iflock_take(struct mg_ctx *ctx, const struct mg_netns *ns, int ifindex, int *lock_fd)
{
	char name[64];
	int dir, fd, err = mg_state_dir_open(ctx, "lock", true, &dir);

	if (err < 0)
		return err;
	lock_name(ns, ifindex, name, sizeof(name));
	for (;;) {
		err = open_lock_at(dir, name, true, &fd);
		if (err < 0) {
			close(dir);
			return lock_failed(ctx, name, err);
		}
		err = wait_lock(ctx, fd, ifindex);
		if (err < 0 || still_named(dir, name, fd))
			break;
		close(fd);
	}
	close(dir);
	if (err < 0) {
		close(fd);
		return err;
	}
	*lock_fd = fd;
	return 0;
}

/*
 * Whether another process holds the lock file @name: 1, 0 (nobody, or no
 * such file), or -errno when that cannot be seen (the directory is root's
 * alone, 0700: the caller says what it does not know). A shared lock is
 * enough to see an exclusive one; it is dropped at once.
 */
static int held_by_another(struct mg_ctx *ctx, const char *name)
{
	int dir, fd, held, err = mg_state_dir_open(ctx, "lock", false, &dir);

	if (err == -ENOENT)
		return 0;
	if (err < 0) {
		mg_clear_error(ctx);
		return err;
	}
	err = open_lock_at(dir, name, false, &fd);
	close(dir);
	if (err == -ENOENT)
		return 0;
	if (err < 0)
		return err;
	held = flock(fd, LOCK_SH | LOCK_NB) < 0 && errno == EWOULDBLOCK;
	close(fd);
	return held;
}

int mg_iflock_busy(struct mg_ctx *ctx, const struct mg_netns *ns, int ifindex)
{
	char name[64];

	lock_name(ns, ifindex, name, sizeof(name));
	return held_by_another(ctx, name);
}

void mg_iflock_release(struct mg_ctx *ctx, const struct mg_netns *ns, int ifindex, int lock_fd)
{
	char name[64];
	int dir;

	if (lock_fd < 0)
		return;
	/* Still held: nobody else can have made another file under the name meanwhile. */
	if (mg_state_dir_open(ctx, "lock", false, &dir) == 0) {
		lock_name(ns, ifindex, name, sizeof(name));
		if (still_named(dir, name, lock_fd))
			unlinkat(dir, name, 0);
		close(dir);
	}
	close(lock_fd);
}

int mg_iflock_failed(struct mg_ctx *ctx, const char *ifname, int err)
{
	char why[sizeof(ctx->error)];

	mg_strlcpy(why, ctx->error, sizeof(why));
	if (err == -ECANCELED)
		return mg_fail(ctx, err, "%s: interrupted while waiting for another apply; nothing was changed",
			       ifname);
	if (err == -EBUSY)
		return mg_fail(ctx, err, "%s: another process has been changing its settings for 30 s; "
			       "nothing was changed", ifname);
	if (err == -EACCES || err == -EPERM || err == -EROFS)
		return mg_fail(ctx, -EPERM, "%s: changing settings needs CAP_NET_ADMIN and write access to %s: "
			       "%s; nothing was changed", ifname, mg_state_dir(ctx), why);
	return mg_fail(ctx, err, "%s: cannot lock the interface: %s; nothing was changed", ifname, why);
}

/* ---- holds: a journal's keeper, alive or not ---- */

static void hold_name(const char *file, char *buf, size_t size)
{
	snprintf(buf, size, "hold-%s", file);
}

int mg_hold_take(struct mg_ctx *ctx, const char *file, int *hold_fd)
{
	char name[128];
	int dir, fd, err = mg_state_dir_open(ctx, "lock", true, &dir);

	if (err < 0)
		return err;
	hold_name(file, name, sizeof(name));
	err = open_lock_at(dir, name, true, &fd);
	/* A scan's look (mg_hold_state()) holds it for a moment: a holder waits that out, not more. */
	for (int waited = 0; err == 0 && flock(fd, LOCK_EX | LOCK_NB) < 0; waited += LOCK_POLL_MS) {
		if ((errno != EWOULDBLOCK && errno != EINTR) || waited >= HOLD_WAIT_MS) {
			err = errno == EWOULDBLOCK ? -EBUSY : -errno;
			close(fd);
			break;
		}
		nanosleep(&(struct timespec){ 0, LOCK_POLL_MS * 1000000L }, NULL);
	}
	close(dir);
	if (err < 0)
		return mg_fail(ctx, err, "cannot hold the undo journal %s: %s", file, strerror(-err));
	*hold_fd = fd;
	return 0;
}

int mg_hold_state(struct mg_ctx *ctx, const char *file)
{
	char name[128];

	hold_name(file, name, sizeof(name));
	return held_by_another(ctx, name);
}

void mg_hold_release(struct mg_ctx *ctx, const char *file, int hold_fd)
{
	char name[128];
	int dir;

	if (hold_fd < 0)
		return;
	if (mg_state_dir_open(ctx, "lock", false, &dir) == 0) {
		hold_name(file, name, sizeof(name));
		if (still_named(dir, name, hold_fd))
			unlinkat(dir, name, 0);
		close(dir);
	}
	close(hold_fd);
}

void mg_hold_clear(struct mg_ctx *ctx, const char *file)
{
	char name[128];
	int dir, fd;

	if (mg_state_dir_open(ctx, "lock", false, &dir) < 0) {
		mg_clear_error(ctx);
		return;
	}
	hold_name(file, name, sizeof(name));
	/* Only one nobody holds: its keeper removes its own when it ends. */
	if (open_lock_at(dir, name, false, &fd) == 0) {
		if (flock(fd, LOCK_EX | LOCK_NB) == 0 && still_named(dir, name, fd))
			unlinkat(dir, name, 0);
		close(fd);
	}
	close(dir);
}
