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

/* Whether @path is a network namespace with inode @inode. */
static bool ns_at(const char *path, unsigned long long inode)
{
	struct stat st;

	return stat(path, &st) == 0 && (unsigned long long)st.st_ino == inode;
}

/*
 * Whether any namespace with @inode is still held: by a process, or by a
 * name under /run/netns (ip netns). Namespaces held only by an open file
 * or a mount elsewhere are not seen: those count as still there.
 */
static bool inode_in_use(unsigned long long inode)
{
	const char *dirs[] = { "/proc", "/run/netns" };
	bool seen = false;

	for (size_t d = 0; d < sizeof(dirs) / sizeof(dirs[0]) && !seen; d++) {
		DIR *dir = opendir(dirs[d]);
		struct dirent *e;

		if (!dir)
			continue;
		while (!seen && (e = readdir(dir))) {
			char path[300];

			if (e->d_name[0] == '.')
				continue;
			if (d == 0 && (e->d_name[0] < '0' || e->d_name[0] > '9'))
				continue;
			snprintf(path, sizeof(path), d == 0 ? "%s/%s/ns/net" : "%s/%s", dirs[d], e->d_name);
			seen = ns_at(path, inode);
		}
		closedir(dir);
	}
	return seen;
}

enum mg_netns_is mg_netns_compare(const struct mg_netns *self, const struct mg_netns *other, char *why, size_t size)
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
	if (other->inode && (other->inode == self->inode || !inode_in_use(other->inode))) {
		snprintf(why, size, "its network namespace (inode %llu) no longer exists", other->inode);
		return MG_NETNS_GONE;
	}
	snprintf(why, size, "another network namespace (%s, inode %llu)", other->id, other->inode);
	return MG_NETNS_OTHER;
}
