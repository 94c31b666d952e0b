/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The replay gatherer: a captured tree. Files and links are read below its
 * root; links and driver facts come from the sidecars a capture wrote
 * (multigig/net/IFNAME), or from the sysfs files alone in a tree without
 * them; ethtool replies are read back from multigig/ethtool/CMD, each file
 * the raw messages the kernel sent, and drivers' counters from
 * multigig/ethtool-stats/IFNAME. It never opens a socket.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/ethtool_netlink.h>
#include <linux/nl80211.h>
#include <linux/netlink.h>
#include <netlink/attr.h>
#include <netlink/genl/genl.h>

#include "gather/gather.h"

/* A capture of 10 000 interfaces holds a few MB of replies per message. */
#define REPLIES_MAX (64u << 20)

struct replies {
	const char *dir;	/* MG_CAPTURE_ETHTOOL or MG_CAPTURE_NL80211 */
	int cmd;
	int err;
	char *buf;
	size_t len;
};

struct replay {
	struct mg_gather base;
	struct replies *replies;	/* read once, kept for the context's life */
	size_t nreplies, replies_alloc;
	struct mg_link *names;		/* every link, for look-ups by index */
	size_t nnames;
	bool named;
};

static struct replay *to_replay(struct mg_gather *g)
{
	return (struct replay *)g;
}

static int replay_read(struct mg_gather *g, const char *rel, void *buf, size_t size)
{
	return mg_tree_read(&g->tree, rel, buf, size);
}

static int replay_readlink(struct mg_gather *g, const char *rel, char *buf, size_t size)
{
	return mg_tree_readlink(&g->tree, rel, buf, size);
}

static int replay_list(struct mg_gather *g, const char *rel, mg_gather_entry_fn fn, void *data)
{
	return mg_tree_list(g->ctx, &g->tree, rel, fn, data);
}

static int replay_exists(struct mg_gather *g, const char *rel)
{
	return mg_tree_exists(&g->tree, rel, true);
}

static int replay_proc_read(struct mg_gather *g, const char *rel, void *buf, size_t size)
{
	char path[MG_PATH_MAX];

	if (mg_path_join(path, sizeof(path), MG_CAPTURE_PROC, rel) < 0)
		return -ENAMETOOLONG;
	return mg_tree_read(&g->tree, path, buf, size);
}

static int read_attr(struct mg_gather *g, const char *netdir, const char *name, int base, long *v)
{
	char rel[MG_PATH_MAX], buf[64];
	int n;

	if (mg_path_join(rel, sizeof(rel), netdir, name) < 0)
		return -ENAMETOOLONG;
	n = mg_tree_read(&g->tree, rel, buf, sizeof(buf) - 1);
	if (n <= 0)
		return n < 0 ? n : -ENODATA;
	buf[n] = '\0';
	return mg_parse_long(buf, base, v);
}

static void read_text(struct mg_gather *g, const char *netdir, const char *name, char *out, size_t size)
{
	char rel[MG_PATH_MAX], buf[64];
	int n;

	if (mg_path_join(rel, sizeof(rel), netdir, name) < 0)
		return;
	n = mg_tree_read(&g->tree, rel, buf, sizeof(buf) - 1);
	if (n <= 0)
		return;
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\0'))
		n--;
	buf[n] = '\0';
	mg_strlcpy(out, buf, size);
}

/* A tree without a sidecar for the interface: what sysfs itself says. */
static void link_from_sysfs(struct mg_gather *g, const char *name, struct mg_link *link)
{
	char netdir[MG_PATH_MAX];
	long v;

	snprintf(netdir, sizeof(netdir), "class/net/%s", name);
	if (read_attr(g, netdir, "ifindex", 10, &v) == 0 && v > 0 && v <= 0x7fffffff)
		link->ifindex = (int)v;
	if (read_attr(g, netdir, "mtu", 10, &v) == 0 && v > 0 && v <= 0x7fffffff)
		link->mtu = (int)v;
	if (read_attr(g, netdir, "carrier", 10, &v) == 0 && (v == 0 || v == 1))
		link->carrier = (int)v;
	if (read_attr(g, netdir, "flags", 16, &v) == 0 && v >= 0)
		link->flags = (unsigned int)v;
	read_text(g, netdir, "operstate", link->operstate, sizeof(link->operstate));
	read_text(g, netdir, "address", link->mac, sizeof(link->mac));
}

static int replay_link(struct mg_gather *g, const char *name, int ifindex, struct mg_link *link);

struct link_walk {
	struct mg_gather *g;
	struct mg_link *links;
	size_t count, alloc;
};

static int add_link(struct mg_ctx *ctx, const char *name, void *data)
{
	struct link_walk *w = data;
	struct mg_link *grown;

	if (strlen(name) >= IFNAMSIZ) {
		mg_info(ctx, "class/net/%s: name too long, skipped", name);
		return 0;
	}
	grown = mg_array_grow(w->links, &w->alloc, w->count, sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	w->links = grown;
	if (replay_link(w->g, name, 0, &w->links[w->count]) == 0)
		w->count++;
	return 0;
}

static int replay_links(struct mg_gather *g, struct mg_link **links, size_t *count)
{
	struct link_walk w = { .g = g };
	int err;

	if (mg_tree_exists(&g->tree, "class/net", true) < 0)
		return mg_fail(g->ctx, -ENOENT, "%s is not a sysfs tree: it has no class/net", g->root);
	err = mg_tree_list(g->ctx, &g->tree, "class/net", add_link, &w);
	if (err < 0) {
		free(w.links);
		return mg_fail(g->ctx, err, "cannot read %s/class/net: %s", g->root, strerror(-err));
	}
	*links = w.links;
	*count = w.count;
	return 0;
}

/* A capture holds no index of its own: every link is read once, then kept. */
static int link_by_index(struct mg_gather *g, int ifindex, struct mg_link *link)
{
	struct replay *r = to_replay(g);

	if (!r->named) {
		int err = replay_links(g, &r->names, &r->nnames);

		if (err < 0)
			return err;
		r->named = true;
	}
	for (size_t i = 0; i < r->nnames; i++) {
		if (r->names[i].ifindex == ifindex) {
			*link = r->names[i];
			return 0;
		}
	}
	return -ENODEV;
}

static int replay_link(struct mg_gather *g, const char *name, int ifindex, struct mg_link *link)
{
	struct mg_drvinfo info;
	char rel[MG_PATH_MAX];

	if (ifindex > 0)
		return link_by_index(g, ifindex, link);
	mg_link_init(link);
	if (!mg_ifname_valid(name))
		return -ENODEV;
	mg_strlcpy(link->name, name, sizeof(link->name));
	snprintf(rel, sizeof(rel), "class/net/%s", name);
	if (mg_sidecar_read(g, name, link, &info) == 0)
		return 0;
	/* An entry whose link leads nowhere is still an interface: unknown beyond its name. */
	if (mg_tree_exists(&g->tree, rel, false) < 0)
		return -ENODEV;
	link_from_sysfs(g, name, link);
	return 0;
}

static int replay_drvinfo(struct mg_gather *g, const char *ifname, struct mg_drvinfo *info)
{
	struct mg_link link;

	if (!mg_ifname_valid(ifname))
		return -ENODEV;
	mg_link_init(&link);
	if (mg_sidecar_read(g, ifname, &link, info) < 0 ||
	    !(info->driver[0] || info->version[0] || info->fw_version[0]))
		return -EOPNOTSUPP;
	return 0;
}

/* Which device a recorded reply is about, from its header nest. */
static void reply_device(const struct nlmsghdr *nlh, int header, int *ifindex, char *ifname, size_t size)
{
	struct genlmsghdr *gnlh = nlmsg_data(nlh);
	struct nlattr *nest;

	*ifindex = 0;
	ifname[0] = '\0';
	if (nlh->nlmsg_len < NLMSG_HDRLEN + GENL_HDRLEN)
		return;
	nest = nla_find(genlmsg_attrdata(gnlh, 0), genlmsg_attrlen(gnlh, 0), header);
	mg_ethtool_parse_header(nest, ifindex, ifname, size);
}

static bool ethtool_wanted(const void *request, const struct nlmsghdr *nlh)
{
	const struct mg_ethtool_req *req = request;
	char name[IFNAMSIZ];
	int ifindex;

	if (req->global || mg_ethtool_req_dump(req))
		return true;
	reply_device(nlh, mg_ethtool_req_header(req), &ifindex, name, sizeof(name));
	return req->ifindex > 0 ? ifindex == req->ifindex : !strcmp(name, req->ifname);
}

/* nl80211 replies about the wiphy or interface asked (all, for neither). */
static bool nl80211_wanted(const void *request, const struct nlmsghdr *nlh)
{
	const struct mg_nl80211_req *req = request;

	if (req->wiphy >= 0 && mg_genl_top_u32(nlh, NL80211_ATTR_WIPHY) != req->wiphy)
		return false;
	return req->ifindex <= 0 || mg_genl_top_u32(nlh, NL80211_ATTR_IFINDEX) == req->ifindex;
}

/*
 * Each recorded message @wanted takes, to @fn, counted in @found. A message
 * whose length does not fit ends the file: the rest is not trusted.
 */
static int each_reply(const char *buf, size_t len, bool (*wanted)(const void *, const struct nlmsghdr *),
		      const void *req, mg_gather_reply_fn fn, void *data, int *found)
{
	size_t size;
	int err = 0;

	*found = 0;
	for (size_t off = 0; off + NLMSG_HDRLEN <= len && err == 0; off += NLMSG_ALIGN(size)) {
		const struct nlmsghdr *nlh = (const struct nlmsghdr *)(buf + off);

		size = nlh->nlmsg_len;
		if (size < NLMSG_HDRLEN || size > len - off)
			break;
		if (!wanted(req, nlh))
			continue;
		(*found)++;
		err = fn(nlh, data);
	}
	return err;
}

/* Each message's replies are read once per context, then kept. */
static int read_replies(struct mg_gather *g, const char *dir, int cmd, const char **buf, size_t *len)
{
	struct replay *r = to_replay(g);
	struct replies *slot = NULL;
	char rel[MG_PATH_MAX];

	for (size_t i = 0; i < r->nreplies; i++)
		if (r->replies[i].cmd == cmd && r->replies[i].dir == dir)
			slot = &r->replies[i];
	if (!slot) {
		struct replies *grown = mg_array_grow(r->replies, &r->replies_alloc, r->nreplies, sizeof(*grown));

		if (!grown)
			return -ENOMEM;
		r->replies = grown;
		slot = &r->replies[r->nreplies++];
		memset(slot, 0, sizeof(*slot));
		slot->cmd = cmd;
		slot->dir = dir;
		snprintf(rel, sizeof(rel), "%s/%d", dir, cmd);
		slot->err = mg_tree_read_all(&g->tree, rel, REPLIES_MAX, &slot->buf, &slot->len);
		if (slot->err == -ENOENT)
			slot->err = MG_ENOTRECORDED;
		else if (slot->err == -EFBIG)
			mg_info(g->ctx, "%s: larger than %u bytes, not read", rel, REPLIES_MAX);
	}
	*buf = slot->buf;
	*len = slot->len;
	return slot->err;
}

/*
 * A dump, or a request about no device, gets every recorded reply; a
 * request for one device the replies about it, or -EOPNOTSUPP as the kernel says for a driver without the
 * operation. A capture without this message at all: MG_ENOTRECORDED.
 */
static int replay_ethtool(struct mg_gather *g, const struct mg_ethtool_req *req, mg_gather_reply_fn fn,
			  void *data)
{
	size_t len;
	const char *buf;
	int err, found = 0;

	err = read_replies(g, MG_CAPTURE_ETHTOOL, req->cmd, &buf, &len);
	if (err == 0)
		err = each_reply(buf, len, ethtool_wanted, req, fn, data, &found);
	if (err < 0)
		return err;
	return found || mg_ethtool_req_dump(req) ? 0 : -EOPNOTSUPP;
}

/*
 * nl80211 replies as recorded, those about the wiphy or interface asked;
 * the kernel's answer for one that is not there is -ENODEV.
 */
static int replay_nl80211(struct mg_gather *g, const struct mg_nl80211_req *req, mg_gather_reply_fn fn,
			  void *data)
{
	size_t len;
	const char *buf;
	int err, found = 0;

	err = read_replies(g, MG_CAPTURE_NL80211, req->cmd, &buf, &len);
	if (err == 0)
		err = each_reply(buf, len, nl80211_wanted, req, fn, data, &found);
	if (err < 0)
		return err;
	return found || req->dump ? 0 : -ENODEV;
}

/* A driver's counters as recorded; an empty record: the driver had none. */
static int replay_driver_stats(struct mg_gather *g, const char *ifname, struct mg_counter **counters,
			       size_t *count)
{
	char rel[MG_PATH_MAX], *text;
	size_t len;
	int err;

	if (snprintf(rel, sizeof(rel), "%s/%s", MG_CAPTURE_DSTATS, ifname) >= (int)sizeof(rel))
		return -ENAMETOOLONG;
	err = mg_tree_read_all(&g->tree, rel, REPLIES_MAX, &text, &len);
	if (err == -ENOENT)
		return MG_ENOTRECORDED;
	if (err < 0)
		return err;
	err = mg_dstats_parse(text, len, counters, count);
	free(text);
	return err;
}

/* The records a capture kept of the kernel log; none kept is an empty file. */
static int replay_kmsg(struct mg_gather *g, struct mg_kmsg_pass *p)
{
	char *text;
	size_t len;
	int err = mg_tree_read_all(&g->tree, MG_CAPTURE_KMSG, REPLIES_MAX, &text, &len);

	if (err == -ENOENT)
		return MG_ENOTRECORDED;
	if (err < 0)
		return err;
	err = mg_kmsg_replay_text(p, text, len);
	free(text);
	return err;
}

static void replay_free(struct mg_gather *g)
{
	struct replay *r = to_replay(g);

	for (size_t i = 0; i < r->nreplies; i++)
		free(r->replies[i].buf);
	free(r->replies);
	free(r->names);
	mg_tree_close(&g->tree);
	free(g->root);
	free(r);
}

static const struct mg_gather_ops replay_ops = {
	.name = "replay",
	.read = replay_read,
	.readlink = replay_readlink,
	.list = replay_list,
	.exists = replay_exists,
	.proc_read = replay_proc_read,
	.links = replay_links,
	.link = replay_link,
	.drvinfo = replay_drvinfo,
	.ethtool = replay_ethtool,
	.driver_stats = replay_driver_stats,
	.nl80211 = replay_nl80211,
	.kmsg = replay_kmsg,
	.free = replay_free,
};

int mg_gather_replay_new(struct mg_ctx *ctx, const char *root, struct mg_gather **out)
{
	struct replay *r = calloc(1, sizeof(*r));
	struct mg_gather *g = r ? &r->base : NULL;
	int err;

	if (!r)
		return -ENOMEM;
	g->ops = &replay_ops;
	g->ctx = ctx;
	g->root = strdup(root);
	/* Confined: nothing in a tree from elsewhere may lead out of it. */
	err = g->root ? mg_tree_open(&g->tree, root, true) : -ENOMEM;
	if (err < 0) {
		free(g->root);
		free(r);
		return err;
	}
	*out = g;
	return 0;
}
