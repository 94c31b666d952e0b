/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The gather layer: every read the library makes of the machine goes
 * through this small table of operations, so that feature code never asks
 * where its answers come from. Three implementations:
 *
 *   live    netlink, the ETHTOOL_GDRVINFO and GSTATS ioctls, sysfs and procfs;
 *   replay  a captured tree: sysfs-shaped files, plus what netlink said
 *           (multigig/net/IFNAME sidecars, multigig/ethtool/CMD replies)
 *           and the drivers' counters (multigig/ethtool-stats/IFNAME);
 *   record  wraps live and writes each answer into a capture as it reads.
 *
 * Like pciutils' access methods: the decoders above never change when a new
 * way of reading is added, and a new source of evidence is added here once
 * and is then captured and replayed for free.
 */
#ifndef MG_GATHER_H
#define MG_GATHER_H

#include <errno.h>

#include "mg-private.h"

struct nlmsghdr;
struct nl_msg;
struct mg_gather;

/* Called for each name in a directory; a negative return stops the walk. */
typedef int (*mg_gather_entry_fn)(struct mg_ctx *ctx, const char *name, void *data);
/* Called for each reply of an ethtool request; a negative return stops. */
typedef int (*mg_gather_reply_fn)(const struct nlmsghdr *nlh, void *data);

/*
 * An ethtool GET: the device by index (preferred) or name, or neither for a
 * dump of every device, or @global for a request about none (the kernel's
 * own string sets). @header is the message's header attribute in the
 * request and its replies, 0 for the usual 1 (STATS has a pad attribute
 * first and its header at 2); @flags go into ETHTOOL_A_HEADER_FLAGS.
 * @put_attrs, when set, adds the request's own attributes after the header
 * (STATS_GET's groups); replies are recorded and replayed by @cmd alone, so
 * one message is always asked with the same attributes.
 */
struct mg_ethtool_req {
	int cmd;
	int header;
	int ifindex;
	const char *ifname;
	unsigned int flags;
	bool global;
	int (*put_attrs)(struct nl_msg *msg, const void *arg);
	const void *attrs_arg;
};

struct mg_gather_ops {
	const char *name;
	/* A file below the tree's root (sysfs-shaped): bytes read, or -errno. */
	int (*read)(struct mg_gather *g, const char *rel, void *buf, size_t size);
	/* A symbolic link's target, as written. */
	int (*readlink)(struct mg_gather *g, const char *rel, char *buf, size_t size);
	/* The names in a directory, hidden ones left out. */
	int (*list)(struct mg_gather *g, const char *rel, mg_gather_entry_fn fn, void *data);
	/* 0 when the path exists, links followed. */
	int (*exists)(struct mg_gather *g, const char *rel);
	/* A procfs file ("interrupts", "net/dev"). */
	int (*proc_read)(struct mg_gather *g, const char *rel, void *buf, size_t size);
	/* Every link: one RTM_GETLINK dump. *links is malloc'ed. */
	int (*links)(struct mg_gather *g, struct mg_link **links, size_t *count);
	/* One link by name, or by index when @ifindex > 0: one request. */
	int (*link)(struct mg_gather *g, const char *name, int ifindex, struct mg_link *link);
	/* Driver, versions and bus address of one interface. */
	int (*drvinfo)(struct mg_gather *g, const char *ifname, struct mg_drvinfo *info);
	/* An ethtool GET request or dump; replies go to @fn. */
	int (*ethtool)(struct mg_gather *g, const struct mg_ethtool_req *req, mg_gather_reply_fn fn,
		       void *data);
	/*
	 * A driver's own counters (`ethtool -S`: the SIOCETHTOOL ioctl, which
	 * netlink lacks). *counters is malloc'ed; -EOPNOTSUPP when it has none.
	 */
	int (*driver_stats)(struct mg_gather *g, const char *ifname, struct mg_counter **counters,
			    size_t *count);
	void (*free)(struct mg_gather *g);
};

/* A directory tree read through a descriptor; see file.c. */
struct mg_tree {
	int fd;
	bool confined;	/* resolve every path inside the root (a replayed tree) */
	bool walk;	/* no openat2() here: confine by walking each component */
};

/* What every implementation starts with. */
struct mg_gather {
	const struct mg_gather_ops *ops;
	struct mg_ctx *ctx;	/* for the log, the last error and the request count */
	char *root;		/* the tree's root, no trailing slash, for messages */
	struct mg_tree tree;	/* the same, open (fd -1 for a recorder) */
};

int mg_gather_live_new(struct mg_ctx *ctx, struct mg_gather **g);
int mg_gather_replay_new(struct mg_ctx *ctx, const char *root, struct mg_gather **g);
/* Record what @inner reads into the empty directory open as @dirfd. */
int mg_gather_record_new(struct mg_ctx *ctx, struct mg_gather *inner, int dirfd,
			 struct mg_gather **g);
/* Write what only memory holds (sidecars); then free. */
int mg_gather_record_finish(struct mg_gather *g);
void mg_gather_free(struct mg_gather *g);

/* ---- shared by the implementations ---- */

int mg_tree_open(struct mg_tree *t, const char *root, bool confined);
void mg_tree_close(struct mg_tree *t);
/* A file's bytes, not following its last component; -errno. */
int mg_tree_read(const struct mg_tree *t, const char *rel, void *buf, size_t size);
int mg_tree_read_all(const struct mg_tree *t, const char *rel, size_t max, char **buf, size_t *len);
int mg_tree_readlink(const struct mg_tree *t, const char *rel, char *buf, size_t size);
int mg_tree_list(struct mg_ctx *ctx, const struct mg_tree *t, const char *rel, mg_gather_entry_fn fn,
		 void *data);
int mg_tree_exists(const struct mg_tree *t, const char *rel, bool follow);

/* Sidecars: netlink and ethtool facts kept beside a captured tree. */
int mg_sidecar_read(struct mg_gather *g, const char *ifname, struct mg_link *link,
		    struct mg_drvinfo *info);
int mg_sidecar_write(struct mg_ctx *ctx, int dirfd, const char *ifname, const struct mg_link *link,
		     const struct mg_drvinfo *info);

/* Whether @req asks every device: neither one device nor none. */
static inline bool mg_ethtool_req_dump(const struct mg_ethtool_req *req)
{
	return !req->global && req->ifindex <= 0 && !req->ifname;
}

/* The header attribute of a request's message: 1 unless it says otherwise. */
static inline int mg_ethtool_req_header(const struct mg_ethtool_req *req)
{
	return req->header > 0 ? req->header : 1;
}

/* drvinfo.c: one SIOCETHTOOL ioctl about @ifname (its socket opened once per context); -errno. */
int mg_ethtool_ioctl(struct mg_ctx *ctx, const char *ifname, void *data);

/* dstats.c: the ioctl; and the text a capture keeps them in, "VALUE NAME" lines. */
int mg_dstats_get(struct mg_ctx *ctx, const char *ifname, struct mg_counter **counters, size_t *count);
int mg_dstats_parse(const char *text, size_t len, struct mg_counter **counters, size_t *count);
/* The text of @count counters, malloc'ed in *text. */
int mg_dstats_format(const struct mg_counter *counters, size_t count, char **text, size_t *len);

/*
 * What replay answers for a message the capture holds none of (a capture
 * made before it was recorded): its own code, so that a driver's -ENODATA
 * in a live dump is never taken for it.
 */
#define MG_ENOTRECORDED (-ENOMSG)

/*
 * What a failed read of @what ("EEE state", "ring sizes") about @ifname
 * says, with the kernel's extended ack: a capture without it is -ENODATA.
 */
int mg_gather_read_failed(struct mg_ctx *ctx, const char *ifname, const char *what, int err);

/* Where a capture keeps what netlink and procfs said. */
#define MG_CAPTURE_NET "multigig/net"
#define MG_CAPTURE_ETHTOOL "multigig/ethtool"
#define MG_CAPTURE_PROC "multigig/proc"
#define MG_CAPTURE_DSTATS "multigig/ethtool-stats"

/* ---- what feature code calls: the context's gatherer ---- */
int mg_gather_read(struct mg_ctx *ctx, const char *rel, void *buf, size_t size);
int mg_gather_readlink(struct mg_ctx *ctx, const char *rel, char *buf, size_t size);
int mg_gather_list(struct mg_ctx *ctx, const char *rel, mg_gather_entry_fn fn, void *data);
int mg_gather_exists(struct mg_ctx *ctx, const char *rel);
int mg_gather_proc_read(struct mg_ctx *ctx, const char *rel, void *buf, size_t size);
/* The kernel's release ("6.1.0-57-amd64"), from procfs: a capture keeps it. */
int mg_gather_kernel_release(struct mg_ctx *ctx, char *buf, size_t size);
int mg_gather_links(struct mg_ctx *ctx, struct mg_link **links, size_t *count);
int mg_gather_link(struct mg_ctx *ctx, const char *name, int ifindex, struct mg_link *link);
/* The same, a failure said in @ctx: "no network interface named 'x'" (or with index N) ... */
int mg_gather_link_said(struct mg_ctx *ctx, const char *name, int ifindex, struct mg_link *link);
int mg_gather_drvinfo(struct mg_ctx *ctx, const char *ifname, struct mg_drvinfo *info);
int mg_gather_ethtool(struct mg_ctx *ctx, const struct mg_ethtool_req *req, mg_gather_reply_fn fn,
		      void *data);
/* Whether dumps are asked of one interface (see mg_gather_ethtool()). */
static inline bool mg_gather_scoped(const struct mg_ctx *ctx)
{
	return ctx->scope_ifindex > 0;
}
int mg_gather_driver_stats(struct mg_ctx *ctx, const char *ifname, struct mg_counter **counters,
			   size_t *count);

#endif
