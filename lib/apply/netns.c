/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The network namespace of a context, named for the state files under
 * /run/multigig by what the kernel does not reuse. A namespace's inode
 * number is given to a new namespace once the old one is gone; its cookie
 * (SO_NETNS_COOKIE, Linux 5.14) never is, within one boot. Without a
 * cookie the inode names it, and only the interfaces' own identity keeps
 * a journal of a namespace that is gone from applying to another one's.
 * The boot id tells a journal of an earlier boot (a /run that survived).
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <netlink/netlink.h>
#include <netlink/socket.h>

#include "apply/apply.h"

#ifndef SO_NETNS_COOKIE
#define SO_NETNS_COOKIE 71
#endif

static void read_boot_id(char *buf, size_t size)
{
	FILE *f = fopen("/proc/sys/kernel/random/boot_id", "re");

	buf[0] = '\0';
	if (!f)
		return;
	if (!fgets(buf, (int)size, f))
		buf[0] = '\0';
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
}

/* The inode of the namespace the calling thread is in (the socket's own needs CAP_NET_ADMIN). */
static unsigned long long thread_netns_inode(void)
{
	struct stat st;

	if (stat("/proc/thread-self/ns/net", &st) == 0 || stat("/proc/self/ns/net", &st) == 0)
		return (unsigned long long)st.st_ino;
	return 0;
}

int mg_netns_self(struct mg_ctx *ctx, struct mg_netns *ns)
{
	uint64_t cookie = 0;
	socklen_t len = sizeof(cookie);
	int err = mg_rtnl_open(ctx);

	memset(ns, 0, sizeof(*ns));
	if (err < 0)
		return err;
	ns->inode = thread_netns_inode();
	read_boot_id(ns->boot, sizeof(ns->boot));
	/* The socket the requests go through: its namespace is the one they change. */
	if (getsockopt(nl_socket_get_fd(ctx->rtnl), SOL_SOCKET, SO_NETNS_COOKIE, &cookie, &len) == 0 && cookie)
		snprintf(ns->id, sizeof(ns->id), "c%llu", (unsigned long long)cookie);
	else
		snprintf(ns->id, sizeof(ns->id), "i%llu", ns->inode);
	return 0;
}

/*
 * ---- whether a namespace can still be reached ----
 * A namespace lives while anything holds it: a process in it, an open
 * file of it (a container runtime's, `ip netns exec`'s), or a mount of it
 * (`ip netns add` under /run/netns, `unshare --net=FILE` anywhere, in any
 * mount namespace), by any thread. All of them are looked for, once per
 * scan. A socket made in a namespace holds it too, and shows nothing of
 * it in /proc: a namespace kept alive only by a socket of a process that
 * has left it is not seen (the README says so). When one cannot be read (hidepid, a process that hides its namespaces; one that
 * went away is fine), or from a PID namespace that does not see every
 * process, it is not known to be gone, and a journal of it is not stale.
 */
#define PID_INIT_INO 0xEFFFFFFCULL /* the initial PID namespace's inode (include/linux/proc_ns.h) */
struct mg_netns_live {
	unsigned long long *inodes; /* every network namespace seen held */
	size_t count, alloc;
	unsigned long long *mnt_seen; /* mount namespaces whose mounts were read */
	size_t mnt_count, mnt_alloc;
	bool incomplete; /* something could not be read */
};

static void add_inode(unsigned long long **list, size_t *count, size_t *alloc, unsigned long long inode)
{
	unsigned long long *grown;

	for (size_t i = 0; i < *count; i++)
		if ((*list)[i] == inode)
			return;
	grown = mg_array_grow(*list, alloc, *count, sizeof(**list));
	if (!grown)
		return;
	*list = grown;
	(*list)[(*count)++] = inode;
}

static bool has_inode(const unsigned long long *list, size_t count, unsigned long long inode)
{
	for (size_t i = 0; i < count; i++)
		if (list[i] == inode)
			return true;
	return false;
}

/* "net:[4026532]" of a link target or a mount's root: the namespace's inode. */
static bool net_inode(const char *text, unsigned long long *inode)
{
	char *end;

	if (strncmp(text, "net:[", 5) != 0)
		return false;
	*inode = strtoull(text + 5, &end, 10);
	return *end == ']';
}

static void held_by_fds(struct mg_netns_live *live, long pid)
{
	char path[64], target[64];
	struct dirent *e;
	DIR *dir;

	snprintf(path, sizeof(path), "/proc/%ld/fd", pid);
	dir = opendir(path);
	if (!dir) {
		live->incomplete |= errno != ENOENT;
		return;
	}
	while ((e = readdir(dir))) {
		unsigned long long inode;
		ssize_t n;

		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%ld/fd/%ld", pid, strtol(e->d_name, NULL, 10));
		n = readlink(path, target, sizeof(target) - 1);
		if (n <= 0)
			continue;
		target[n] = '\0';
		if (net_inode(target, &inode))
			add_inode(&live->inodes, &live->count, &live->alloc, inode);
	}
	closedir(dir);
}

/* The nsfs mounts of a task's mount namespace (@dir: "/proc/PID/task/TID"), read once for every namespace. */
static void held_by_mounts(struct mg_netns_live *live, const char *dir)
{
	char path[96], line[4096];
	struct stat st;
	FILE *f;

	snprintf(path, sizeof(path), "%s/ns/mnt", dir);
	if (stat(path, &st) < 0) {
		live->incomplete |= errno != ENOENT;
		return;
	}
	if (has_inode(live->mnt_seen, live->mnt_count, (unsigned long long)st.st_ino))
		return;
	add_inode(&live->mnt_seen, &live->mnt_count, &live->mnt_alloc, (unsigned long long)st.st_ino);
	snprintf(path, sizeof(path), "%s/mountinfo", dir);
	f = fopen(path, "re");
	if (!f) {
		live->incomplete |= errno != ENOENT;
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		char root[256];
		unsigned long long inode;

		/* "36 25 0:4 net:[4026532281] /run/netns/a rw ... - nsfs nsfs rw" */
		if (sscanf(line, "%*s %*s %*s %255s", root) == 1 && net_inode(root, &inode))
			add_inode(&live->inodes, &live->count, &live->alloc, inode);
	}
	fclose(f);
}

/* Each thread of @pid: a thread may be in a namespace (and a mount namespace) of its own. */
static void held_by_tasks(struct mg_netns_live *live, long pid)
{
	char path[96];
	struct dirent *e;
	struct stat st;
	DIR *tasks;

	snprintf(path, sizeof(path), "/proc/%ld/task", pid);
	tasks = opendir(path);
	if (!tasks) {
		live->incomplete |= errno != ENOENT;
		return;
	}
	while ((e = readdir(tasks))) {
		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%ld/task/%ld/ns/net", pid, strtol(e->d_name, NULL, 10));
		if (stat(path, &st) == 0)
			add_inode(&live->inodes, &live->count, &live->alloc, (unsigned long long)st.st_ino);
		else
			live->incomplete |= errno != ENOENT;
		snprintf(path, sizeof(path), "/proc/%ld/task/%ld", pid, strtol(e->d_name, NULL, 10));
		held_by_mounts(live, path);
	}
	closedir(tasks);
}

static void held_by_process(struct mg_netns_live *live, long pid)
{
	held_by_tasks(live, pid);
	/* Open files are the process's, shared by its threads. */
	held_by_fds(live, pid);
}

static struct mg_netns_live *find_live(void)
{
	struct mg_netns_live *live = calloc(1, sizeof(*live));
	struct dirent *e;
	struct stat st;
	DIR *proc;

	if (!live)
		return NULL;
	/* Only root sees every process's files, whatever hidepid hides from others. */
	live->incomplete = geteuid() != 0 || stat("/proc/self/ns/pid", &st) < 0 ||
			   (unsigned long long)st.st_ino != PID_INIT_INO;
	proc = opendir("/proc");
	if (!proc) {
		live->incomplete = true;
		return live;
	}
	while ((e = readdir(proc)))
		if (e->d_name[0] >= '0' && e->d_name[0] <= '9')
			held_by_process(live, strtol(e->d_name, NULL, 10));
	closedir(proc);
	return live;
}

void mg_netns_live_free(struct mg_netns_live *live)
{
	if (!live)
		return;
	free(live->inodes);
	free(live->mnt_seen);
	free(live);
}

/* Whether nothing holds a namespace with @inode: known only when everything could be read. */
static bool surely_gone(struct mg_netns_live **live, unsigned long long inode)
{
	if (!*live)
		*live = find_live();
	return *live && !(*live)->incomplete && !has_inode((*live)->inodes, (*live)->count, inode);
}

enum mg_netns_is mg_netns_compare(const struct mg_netns *self, const struct mg_netns *other,
				  struct mg_netns_live **live, char *why, size_t size)
{
	if (self->boot[0] && other->boot[0] && strcmp(self->boot, other->boot) != 0) {
		snprintf(why, size, "written before the machine last booted");
		return MG_NETNS_GONE;
	}
	if (!strcmp(self->id, other->id)) {
		snprintf(why, size, "this network namespace");
		return MG_NETNS_THIS;
	}
	/* A live namespace's inode is its own: ours, under another cookie, means that one is gone. */
	if (other->inode && (other->inode == self->inode || surely_gone(live, other->inode))) {
		snprintf(why, size, "its network namespace (inode %llu) no longer exists", other->inode);
		return MG_NETNS_GONE;
	}
	snprintf(why, size, "another network namespace (%s, inode %llu)%s", other->id, other->inode,
		 *live && (*live)->incomplete ? ", which may still exist: not every process could be looked at" : "");
	return MG_NETNS_OTHER;
}
