/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The context's gatherer, called by feature code: one indirection, no modes. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "gather/gather.h"

void mg_gather_free(struct mg_gather *g)
{
	if (g)
		g->ops->free(g);
}

int mg_gather_read(struct mg_ctx *ctx, const char *rel, void *buf, size_t size)
{
	ctx->reads++;
	return ctx->gather->ops->read(ctx->gather, rel, buf, size);
}

int mg_gather_readlink(struct mg_ctx *ctx, const char *rel, char *buf, size_t size)
{
	ctx->reads++;
	return ctx->gather->ops->readlink(ctx->gather, rel, buf, size);
}

int mg_gather_list(struct mg_ctx *ctx, const char *rel, mg_gather_entry_fn fn, void *data)
{
	ctx->reads++;
	return ctx->gather->ops->list(ctx->gather, rel, fn, data);
}

int mg_gather_exists(struct mg_ctx *ctx, const char *rel)
{
	ctx->reads++;
	return ctx->gather->ops->exists(ctx->gather, rel);
}

int mg_gather_proc_read(struct mg_ctx *ctx, const char *rel, void *buf, size_t size)
{
	ctx->reads++;
	return ctx->gather->ops->proc_read(ctx->gather, rel, buf, size);
}

int mg_gather_kernel_release(struct mg_ctx *ctx, char *buf, size_t size)
{
	int n = size > 1 ? mg_gather_proc_read(ctx, "sys/kernel/osrelease", buf, size - 1) : -EINVAL;

	if (n < 0) {
		if (size)
			buf[0] = '\0';
		return n;
	}
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return buf[0] ? 0 : -ENODATA;
}

int mg_gather_links(struct mg_ctx *ctx, struct mg_link **links, size_t *count)
{
	*links = NULL;
	*count = 0;
	return ctx->gather->ops->links(ctx->gather, links, count);
}

int mg_gather_link(struct mg_ctx *ctx, const char *name, int ifindex, struct mg_link *link)
{
	mg_link_init(link);
	return ctx->gather->ops->link(ctx->gather, name, ifindex, link);
}

int mg_gather_drvinfo(struct mg_ctx *ctx, const char *ifname, struct mg_drvinfo *info)
{
	memset(info, 0, sizeof(*info));
	return ctx->gather->ops->drvinfo(ctx->gather, ifname, info);
}

/*
 * Within a scope (one adapter gathered as a list of one), a dump asks the
 * scope's interface alone: the same replies for it, at the cost of one
 * request whatever the host holds. A device whose driver lacks the
 * operation answers nothing, as a dump would pass over it; one that is
 * gone says so.
 */
int mg_gather_ethtool(struct mg_ctx *ctx, const struct mg_ethtool_req *req, mg_gather_reply_fn fn,
		      void *data)
{
	struct mg_ethtool_req one;
	int err;

	if (ctx->scope_ifindex <= 0 || !mg_ethtool_req_dump(req))
		return ctx->gather->ops->ethtool(ctx->gather, req, fn, data);
	one = *req;
	one.ifindex = ctx->scope_ifindex;
	err = ctx->gather->ops->ethtool(ctx->gather, &one, fn, data);
	if (err == -EOPNOTSUPP) {
		mg_clear_error(ctx);
		err = 0;
	}
	return err;
}

int mg_gather_driver_stats(struct mg_ctx *ctx, const char *ifname, struct mg_counter **counters,
			   size_t *count)
{
	*counters = NULL;
	*count = 0;
	if (!mg_ifname_valid(ifname))
		return -ENODEV;
	return ctx->gather->ops->driver_stats(ctx->gather, ifname, counters, count);
}

int mg_gather_read_failed(struct mg_ctx *ctx, const char *ifname, const char *what, int err)
{
	if (err == MG_ENOTRECORDED)
		return mg_fail(ctx, -ENODATA, "%s: this capture holds no %s (captures made before "
			       "libmultigig 0.2 have none)", ifname, what);
	if (err == -ENODEV)
		return mg_fail(ctx, err, "no network interface named '%s'", ifname);
	return mg_fail(ctx, err, "%s: reading %s: %s%s%s", ifname, what, strerror(-err),
		       ctx->extack[0] ? ": " : "", ctx->extack);
}

int mg_gather_link_said(struct mg_ctx *ctx, const char *name, int ifindex, struct mg_link *link)
{
	int err = mg_gather_link(ctx, name, ifindex, link);

	if (err == -ENODEV)
		return name ? mg_fail(ctx, err, "no network interface named '%s'", name)
			    : mg_fail(ctx, err, "no network interface with index %d", ifindex);
	if (err < 0 && !ctx->error[0])
		return name ? mg_fail(ctx, err, "%s: reading the link: %s", name, strerror(-err))
			    : mg_fail(ctx, err, "interface %d: reading the link: %s", ifindex, strerror(-err));
	return err;
}

int mg_gather_nl80211(struct mg_ctx *ctx, const struct mg_nl80211_req *req, mg_gather_reply_fn fn, void *data)
{
	return ctx->gather->ops->nl80211(ctx->gather, req, fn, data);
}

int mg_gather_kmsg(struct mg_ctx *ctx, struct mg_kmsg_pass *p)
{
	ctx->reads++;
	return ctx->gather->ops->kmsg(ctx->gather, p);
}
