/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The live gatherer: sysfs and procfs of this machine, rtnetlink, the
 * ETHTOOL_GDRVINFO and GSTATS ioctls and the ethtool netlink family. The sockets belong
 * to the context (the same ones carry the changes an apply makes).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <linux/ethtool_netlink.h>
#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "gather/gather.h"

#define SYSFS_ROOT "/sys"
#define PROC_ROOT "/proc"

/* Most ethtool messages carry their header nest as attribute 1; a request says when not. */
#define ETHTOOL_HEADER_ATTR 1
_Static_assert(ETHTOOL_A_RINGS_HEADER == ETHTOOL_HEADER_ATTR &&
		       ETHTOOL_A_LINKMODES_HEADER == ETHTOOL_HEADER_ATTR &&
		       ETHTOOL_A_COALESCE_HEADER == ETHTOOL_HEADER_ATTR &&
		       ETHTOOL_A_CABLE_TEST_HEADER == ETHTOOL_HEADER_ATTR,
	       "ethtool messages carry their header as attribute 1");

static int live_read(struct mg_gather *g, const char *rel, void *buf, size_t size)
{
	return mg_tree_read(&g->tree, rel, buf, size);
}

static int live_readlink(struct mg_gather *g, const char *rel, char *buf, size_t size)
{
	return mg_tree_readlink(&g->tree, rel, buf, size);
}

static int live_list(struct mg_gather *g, const char *rel, mg_gather_entry_fn fn, void *data)
{
	return mg_tree_list(g->ctx, &g->tree, rel, fn, data);
}

static int live_exists(struct mg_gather *g, const char *rel)
{
	return mg_tree_exists(&g->tree, rel, true);
}

struct live {
	struct mg_gather base;
	struct mg_tree proc;	/* opened on first use */
};

static int live_proc_read(struct mg_gather *g, const char *rel, void *buf, size_t size)
{
	struct live *l = (struct live *)g;

	if (l->proc.fd < 0) {
		int err = mg_tree_open(&l->proc, PROC_ROOT, false);

		if (err < 0)
			return err;
	}
	return mg_tree_read(&l->proc, rel, buf, size);
}

/*
 * A dump that links appearing or going interrupted (NLM_F_DUMP_INTR) is
 * asked again, a few times: on a busy host that is routine, not an error.
 * The pause before each try doubles (1 ms, 2 ms ... 64 ms) so that a burst
 * of changes, such as containers starting, can pass.
 */
#define DUMP_TRIES 8

static void pause_before_try(int i)
{
	struct timespec ts = { 0, 1000000L << (i - 1) };

	nanosleep(&ts, NULL);
}

static int live_links(struct mg_gather *g, struct mg_link **links, size_t *count)
{
	int err = -EINTR;

	for (int i = 0; i < DUMP_TRIES && err == -EINTR; i++) {
		if (i) {
			mg_dbg(g->ctx, "link dump interrupted by a change; asking again");
			mg_clear_error(g->ctx);
			pause_before_try(i);
		}
		err = mg_rtnl_dump_links(g->ctx, links, count);
	}
	return err;
}

static int live_link(struct mg_gather *g, const char *name, int ifindex, struct mg_link *link)
{
	return mg_rtnl_get_link(g->ctx, name, ifindex, link);
}

static int live_drvinfo(struct mg_gather *g, const char *ifname, struct mg_drvinfo *info)
{
	return mg_drvinfo_get(g->ctx, ifname, info);
}

struct reply_adapter {
	mg_gather_reply_fn fn;
	void *data;
	int err;
};

static int on_reply(struct nl_msg *msg, void *arg)
{
	struct reply_adapter *a = arg;
	int err = a->fn(nlmsg_hdr(msg), a->data);

	/* Keep reading to the end of the answer: stopping here could leave it unread. */
	if (err < 0 && a->err == 0)
		a->err = err;
	return a->err < 0 ? NL_SKIP : NL_OK;
}

static struct nl_msg *ethtool_request(struct mg_ctx *ctx, const struct mg_ethtool_req *req)
{
	bool dump = mg_ethtool_req_dump(req);
	struct nl_msg *msg = nlmsg_alloc();
	struct nlattr *nest;

	if (!msg || !genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, ctx->ethtool_family, 0,
				 NLM_F_REQUEST | (dump ? NLM_F_DUMP : 0), (uint8_t)req->cmd,
				 ETHTOOL_GENL_VERSION))
		goto fail;
	nest = nla_nest_start(msg, mg_ethtool_req_header(req));
	if (!nest)
		goto fail;
	if (req->ifindex > 0 && nla_put_u32(msg, ETHTOOL_A_HEADER_DEV_INDEX, (uint32_t)req->ifindex) < 0)
		goto fail;
	if (req->ifindex <= 0 && req->ifname && nla_put_string(msg, ETHTOOL_A_HEADER_DEV_NAME, req->ifname) < 0)
		goto fail;
	if (req->flags && nla_put_u32(msg, ETHTOOL_A_HEADER_FLAGS, req->flags) < 0)
		goto fail;
	/*
	 * libnl drops an empty nest, but a request about no device (a dump, a
	 * global request) must still carry its header: Linux 6.1 refuses a
	 * dump without one with EINVAL ("request header missing").
	 */
	if (nla_nest_end_keep_empty(msg, nest) < 0)
		goto fail;
	if (req->put_attrs && req->put_attrs(msg, req->attrs_arg) < 0)
		goto fail;
	return msg;
fail:
	nlmsg_free(msg);
	return NULL;
}

static int live_ethtool(struct mg_gather *g, const struct mg_ethtool_req *req, mg_gather_reply_fn fn,
			void *data)
{
	struct reply_adapter a = { fn, data, 0 };
	struct nl_msg *msg;
	int err = mg_ethtool_open(g->ctx);

	/* Replies of an interrupted dump are merged by index again on the next try. */
	for (int i = 0; err == 0; i++) {
		msg = ethtool_request(g->ctx, req);
		if (!msg)
			return -ENOMEM;
		err = mg_nl_transact(g->ctx, g->ctx->genl, msg, on_reply, &a);
		if (err != -EINTR || i + 1 == DUMP_TRIES)
			break;
		mg_dbg(g->ctx, "ethtool dump interrupted by a change; asking again");
		pause_before_try(i + 1);
		err = 0;
	}
	return err < 0 ? err : a.err;
}

static int live_nl80211(struct mg_gather *g, const struct mg_nl80211_req *req, mg_gather_reply_fn fn,
			void *data)
{
	struct reply_adapter a = { fn, data, 0 };
	struct nl_msg *msg;
	int err = mg_nl80211_open(g->ctx);

	/* A dump a wiphy or interface coming or going interrupted is asked again whole. */
	for (int i = 0; err == 0; i++) {
		msg = mg_nl80211_request(g->ctx, req);
		if (!msg)
			return -ENOMEM;
		err = mg_nl_transact(g->ctx, g->ctx->nl80211, msg, on_reply, &a);
		if (err != -EINTR || i + 1 == DUMP_TRIES)
			break;
		mg_dbg(g->ctx, "nl80211 dump interrupted by a change; asking again");
		pause_before_try(i + 1);
		a.err = 0;
		err = 0;
	}
	return err < 0 ? err : a.err;
}

static int live_driver_stats(struct mg_gather *g, const char *ifname, struct mg_counter **counters,
			     size_t *count)
{
	return mg_dstats_get(g->ctx, ifname, counters, count);
}

static int live_kmsg(struct mg_gather *g, struct mg_kmsg_pass *p)
{
	return mg_kmsg_read_live(g->ctx, p);
}

static void live_free(struct mg_gather *g)
{
	struct live *l = (struct live *)g;

	mg_tree_close(&l->proc);
	mg_tree_close(&g->tree);
	free(g->root);
	free(l);
}

static const struct mg_gather_ops live_ops = {
	.name = "live",
	.read = live_read,
	.readlink = live_readlink,
	.list = live_list,
	.exists = live_exists,
	.proc_read = live_proc_read,
	.links = live_links,
	.link = live_link,
	.drvinfo = live_drvinfo,
	.ethtool = live_ethtool,
	.driver_stats = live_driver_stats,
	.nl80211 = live_nl80211,
	.kmsg = live_kmsg,
	.free = live_free,
};

int mg_gather_live_new(struct mg_ctx *ctx, struct mg_gather **out)
{
	struct live *l = calloc(1, sizeof(*l));
	int err;

	if (!l)
		return -ENOMEM;
	l->base.ops = &live_ops;
	l->base.ctx = ctx;
	l->proc.fd = -1;
	l->base.root = strdup(SYSFS_ROOT);
	err = l->base.root ? mg_tree_open(&l->base.tree, SYSFS_ROOT, false) : -ENOMEM;
	l->base.tree.short_is_end = true;
	if (err < 0) {
		free(l->base.root);
		free(l);
		return err;
	}
	*out = &l->base;
	return 0;
}
