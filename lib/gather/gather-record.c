/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The record gatherer: asks another gatherer (live, as a rule) and writes
 * every answer into a capture directory as it goes, in the shape replay
 * reads back. Everything is created relative to the directory's descriptor
 * without following links, so nobody can redirect a write that runs as root.
 * Failures to copy are logged, never fatal: the answer itself is fine.
 * A secret is never written: a Wake-on-LAN reply's SecureOn password is
 * zeroed in the copy, since a capture is made to be attached to reports.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <netlink/attr.h>
#include <netlink/msg.h>

#include "gather/gather.h"

struct recorded_link {
	struct mg_link link;
	struct mg_drvinfo info;
};

struct record {
	struct mg_gather base;
	struct mg_gather *inner;
	int dirfd;
	struct recorded_link *links;
	size_t count, alloc, hint;
};

static struct record *to_record(struct mg_gather *g)
{
	return (struct record *)g;
}

/* Open (creating) the directory @rel below @dirfd, refusing links. */
static int open_dirs(int dirfd, const char *rel)
{
	char buf[MG_PATH_MAX], *save = NULL, *part;
	int fd = fcntl(dirfd, F_DUPFD_CLOEXEC, 0);

	if (fd < 0 || mg_strlcpy(buf, rel, sizeof(buf)) < 0) {
		if (fd >= 0)
			close(fd);
		return fd < 0 ? -errno : -ENAMETOOLONG;
	}
	for (part = strtok_r(buf, "/", &save); part; part = strtok_r(NULL, "/", &save)) {
		int next;

		if (!strcmp(part, ".") || !strcmp(part, "..")) {
			close(fd);
			return -EXDEV;
		}
		if (mkdirat(fd, part, 0755) < 0 && errno != EEXIST) {
			int err = -errno;

			close(fd);
			return err;
		}
		next = openat(fd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		close(fd);
		if (next < 0)
			return -errno;
		fd = next;
	}
	return fd;
}

/* The directory of @rel opened, and its last component in @last. */
static int open_parent(int dirfd, const char *rel, char *last, size_t size)
{
	char dir[MG_PATH_MAX];
	const char *slash = strrchr(rel, '/');

	if (mg_strlcpy(last, slash ? slash + 1 : rel, size) < 0 || !last[0] ||
	    !strcmp(last, ".") || !strcmp(last, ".."))
		return -EINVAL;
	if (!slash)
		return fcntl(dirfd, F_DUPFD_CLOEXEC, 0);
	if ((size_t)(slash - rel) >= sizeof(dir))
		return -ENAMETOOLONG;
	memcpy(dir, rel, (size_t)(slash - rel));
	dir[slash - rel] = '\0';
	return open_dirs(dirfd, dir);
}

static int write_file(struct record *r, const char *rel, const void *data, size_t len, bool append)
{
	char last[256];
	int dfd = open_parent(r->dirfd, rel, last, sizeof(last)), fd, err = 0;

	if (dfd < 0)
		return dfd;
	fd = openat(dfd, last, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | (append ? O_APPEND : O_TRUNC),
		    0644);
	close(dfd);
	if (fd < 0)
		return -errno;
	if (write(fd, data, len) != (ssize_t)len)
		err = -EIO;
	close(fd);
	return err;
}

static void copy_file(struct record *r, const char *rel, const void *data, int len)
{
	int err = len < 0 ? 0 : write_file(r, rel, data, (size_t)len, false);

	if (err < 0)
		mg_info(r->base.ctx, "capture: cannot copy %s: %s", rel, strerror(-err));
}

static int record_read(struct mg_gather *g, const char *rel, void *buf, size_t size)
{
	struct record *r = to_record(g);
	int n = r->inner->ops->read(r->inner, rel, buf, size);

	copy_file(r, rel, buf, n);
	return n;
}

static int record_readlink(struct mg_gather *g, const char *rel, char *buf, size_t size)
{
	struct record *r = to_record(g);
	int n = r->inner->ops->readlink(r->inner, rel, buf, size);
	char last[256];
	int dfd;

	if (n < 0)
		return n;
	dfd = open_parent(r->dirfd, rel, last, sizeof(last));
	if (dfd < 0 || (symlinkat(buf, dfd, last) < 0 && errno != EEXIST))
		mg_info(g->ctx, "capture: cannot link %s: %m", rel);
	if (dfd >= 0)
		close(dfd);
	return n;
}

/* The directory is made once listed: one that is not there must stay absent. */
static int record_list(struct mg_gather *g, const char *rel, mg_gather_entry_fn fn, void *data)
{
	struct record *r = to_record(g);
	int err = r->inner->ops->list(r->inner, rel, fn, data), fd;

	if (err == -ENOENT || err == -ENOTDIR)
		return err;
	fd = open_dirs(r->dirfd, rel);
	if (fd >= 0)
		close(fd);
	return err;
}

static int record_exists(struct mg_gather *g, const char *rel)
{
	struct record *r = to_record(g);

	return r->inner->ops->exists(r->inner, rel);
}

static int record_proc_read(struct mg_gather *g, const char *rel, void *buf, size_t size)
{
	struct record *r = to_record(g);
	int n = r->inner->ops->proc_read(r->inner, rel, buf, size);
	char path[MG_PATH_MAX];

	if (mg_path_join(path, sizeof(path), MG_CAPTURE_PROC, rel) == 0)
		copy_file(r, path, buf, n);
	return n;
}

static struct recorded_link *slot(struct record *r, const char *name)
{
	struct recorded_link *grown;

	/* Links are asked about in the order the dump gave them: look next to the last one. */
	for (size_t k = 0; k < 2; k++) {
		size_t i = r->hint + k;

		if (i < r->count && !strcmp(r->links[i].link.name, name))
			return &r->links[r->hint = i];
	}
	for (size_t i = 0; i < r->count; i++)
		if (!strcmp(r->links[i].link.name, name))
			return &r->links[r->hint = i];
	grown = mg_array_grow(r->links, &r->alloc, r->count, sizeof(*grown));
	if (!grown)
		return NULL;
	r->links = grown;
	memset(&r->links[r->count], 0, sizeof(r->links[0]));
	mg_link_init(&r->links[r->count].link);
	mg_strlcpy(r->links[r->count].link.name, name, sizeof(r->links[0].link.name));
	r->hint = r->count;
	return &r->links[r->count++];
}

static void keep_link(struct record *r, const struct mg_link *link)
{
	struct recorded_link *s = slot(r, link->name);

	if (s)
		s->link = *link;
}

static int record_links(struct mg_gather *g, struct mg_link **links, size_t *count)
{
	struct record *r = to_record(g);
	int err = r->inner->ops->links(r->inner, links, count);

	for (size_t i = 0; err == 0 && i < *count; i++)
		keep_link(r, &(*links)[i]);
	return err;
}

static int record_link(struct mg_gather *g, const char *name, int ifindex, struct mg_link *link)
{
	struct record *r = to_record(g);
	int err = r->inner->ops->link(r->inner, name, ifindex, link);

	if (err == 0)
		keep_link(r, link);
	return err;
}

static int record_drvinfo(struct mg_gather *g, const char *ifname, struct mg_drvinfo *info)
{
	struct record *r = to_record(g);
	int err = r->inner->ops->drvinfo(r->inner, ifname, info);
	struct recorded_link *s;

	if (err == 0 && (s = slot(r, ifname)))
		s->info = *info;
	return err;
}

struct tee {
	struct record *r;
	int fd;
	mg_gather_reply_fn fn;
	void *data;
	int ethtool_cmd; /* the ethtool request's ETHTOOL_MSG_*; 0 for nl80211's */
};

const struct nlmsghdr *mg_capture_scrub(const struct nlmsghdr *nlh, int ethtool_cmd, void *buf, size_t size)
{
	struct nlmsghdr *copy = buf;
	struct nlattr *a;
	int rem;

	if (ethtool_cmd != ETHTOOL_MSG_WOL_GET || nlh->nlmsg_type == NLMSG_ERROR || nlh->nlmsg_type == NLMSG_DONE)
		return nlh;
	if (nlh->nlmsg_len > size || nlh->nlmsg_len < NLMSG_HDRLEN + GENL_HDRLEN)
		return NULL;
	memcpy(copy, nlh, nlh->nlmsg_len);
	nla_for_each_attr(a, (struct nlattr *)((char *)nlmsg_data(copy) + GENL_HDRLEN),
			  (int)(nlh->nlmsg_len - NLMSG_HDRLEN - GENL_HDRLEN), rem)
		if (nla_type(a) == ETHTOOL_A_WOL_SOPASS)
			memset(nla_data(a), 0, (size_t)nla_len(a));
	return copy;
}

static int tee_reply(const struct nlmsghdr *nlh, void *arg)
{
	struct tee *t = arg;
	static const char pad[NLMSG_ALIGNTO];
	size_t padding = NLMSG_ALIGN(nlh->nlmsg_len) - nlh->nlmsg_len;
	char scrubbed[4096] __attribute__((aligned(NLMSG_ALIGNTO)));
	const struct nlmsghdr *out = mg_capture_scrub(nlh, t->ethtool_cmd, scrubbed, sizeof(scrubbed));

	/* Padded to the alignment replay steps by, as the kernel sends them. */
	if (t->fd >= 0 && (!out || write(t->fd, out, out->nlmsg_len) != (ssize_t)out->nlmsg_len ||
			   write(t->fd, pad, padding) != (ssize_t)padding))
		mg_info(t->r->base.ctx, "capture: cannot copy a netlink reply");
	return t->fn(nlh, t->data);
}

static int record_ethtool(struct mg_gather *g, const struct mg_ethtool_req *req, mg_gather_reply_fn fn,
			  void *data)
{
	struct record *r = to_record(g);
	struct tee t = { r, -1, fn, data, req->cmd };
	char name[32];
	int dfd = open_dirs(r->dirfd, MG_CAPTURE_ETHTOOL), err;

	snprintf(name, sizeof(name), "%d", req->cmd);
	if (dfd >= 0) {
		t.fd = openat(dfd, name, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0644);
		close(dfd);
	}
	err = r->inner->ops->ethtool(r->inner, req, tee_reply, &t);
	if (t.fd >= 0)
		close(t.fd);
	return err;
}

/* Every reply of every nl80211 message asked, appended to the file of its command. */
static int record_nl80211(struct mg_gather *g, const struct mg_nl80211_req *req, mg_gather_reply_fn fn,
			  void *data)
{
	struct record *r = to_record(g);
	struct tee t = { r, -1, fn, data, 0 };
	char name[32];
	int dfd = open_dirs(r->dirfd, MG_CAPTURE_NL80211), err;

	snprintf(name, sizeof(name), "%d", req->cmd);
	if (dfd >= 0) {
		t.fd = openat(dfd, name, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0644);
		close(dfd);
	}
	err = r->inner->ops->nl80211(r->inner, req, tee_reply, &t);
	if (t.fd >= 0)
		close(t.fd);
	return err;
}

/* Written as replay reads them; a driver without counters leaves an empty file. */
static int record_driver_stats(struct mg_gather *g, const char *ifname, struct mg_counter **counters,
			       size_t *count)
{
	struct record *r = to_record(g);
	int err = r->inner->ops->driver_stats(r->inner, ifname, counters, count);
	char rel[MG_PATH_MAX], *text = NULL;
	size_t len = 0;

	if ((err < 0 && err != -EOPNOTSUPP) ||
	    snprintf(rel, sizeof(rel), "%s/%s", MG_CAPTURE_DSTATS, ifname) >= (int)sizeof(rel))
		return err;
	if (err == 0 && mg_dstats_format(*counters, *count, &text, &len) < 0)
		return err;
	copy_file(r, rel, text ? text : "", (int)len);
	free(text);
	return err;
}

struct kmsg_copy {
	struct record *r;
	int fd;
	bool failed;
};

static void keep_kmsg(void *data, const char *raw, size_t len)
{
	struct kmsg_copy *c = data;

	if (!c->failed && write(c->fd, raw, len) != (ssize_t)len) {
		c->failed = true;
		mg_info(c->r->base.ctx, "capture: cannot copy the kernel log");
	}
}

/* Only the records the callback used are kept, and where the reader was overtaken; a failed read says so. */
static int record_kmsg(struct mg_gather *g, struct mg_kmsg_pass *p)
{
	struct record *r = to_record(g);
	struct kmsg_copy c = { r, -1, false };
	char last[64];
	int dfd = open_parent(r->dirfd, MG_CAPTURE_KMSG, last, sizeof(last)), err;

	if (dfd >= 0) {
		c.fd = openat(dfd, last, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
		close(dfd);
	}
	if (c.fd < 0)
		mg_info(g->ctx, "capture: cannot create %s", MG_CAPTURE_KMSG);
	else {
		p->keep = keep_kmsg;
		p->keep_data = &c;
	}
	err = r->inner->ops->kmsg(r->inner, p);
	p->keep = NULL;
	if (err < 0 && c.fd >= 0) {
		char line[32];
		int n = snprintf(line, sizeof(line), "!error %d\n", -err);

		keep_kmsg(&c, line, (size_t)n);
	}
	if (c.fd >= 0)
		close(c.fd);
	return err;
}

static void record_free(struct mg_gather *g)
{
	struct record *r = to_record(g);

	if (r->dirfd >= 0)
		close(r->dirfd);
	free(r->links);
	free(r);
}

int mg_gather_record_finish(struct mg_gather *g)
{
	struct record *r = to_record(g);
	int fd, err = 0;

	if (r->count) {
		fd = open_dirs(r->dirfd, MG_CAPTURE_NET);
		if (fd < 0)
			err = mg_fail(g->ctx, fd, "capture: cannot create %s: %s", MG_CAPTURE_NET, strerror(-fd));
		else
			close(fd);
	}
	for (size_t i = 0; err == 0 && i < r->count; i++)
		err = mg_sidecar_write(g->ctx, r->dirfd, r->links[i].link.name, &r->links[i].link,
				       &r->links[i].info);
	record_free(g);
	return err;
}

static const struct mg_gather_ops record_ops = {
	.name = "record",
	.read = record_read,
	.readlink = record_readlink,
	.list = record_list,
	.exists = record_exists,
	.proc_read = record_proc_read,
	.links = record_links,
	.link = record_link,
	.drvinfo = record_drvinfo,
	.ethtool = record_ethtool,
	.nl80211 = record_nl80211,
	.driver_stats = record_driver_stats,
	.kmsg = record_kmsg,
	.free = record_free,
};

/* @dirfd is the capture's directory, already checked; it is duplicated. */
int mg_gather_record_new(struct mg_ctx *ctx, struct mg_gather *inner, int dirfd, struct mg_gather **out)
{
	struct record *r = calloc(1, sizeof(*r));

	if (!r)
		return -ENOMEM;
	r->base.ops = &record_ops;
	r->base.ctx = ctx;
	r->base.root = inner->root;
	r->base.tree.fd = -1;
	r->inner = inner;
	r->dirfd = fcntl(dirfd, F_DUPFD_CLOEXEC, 0);
	if (r->dirfd < 0) {
		free(r);
		return -errno;
	}
	*out = &r->base;
	return 0;
}
