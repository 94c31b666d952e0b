/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One netlink request and its answer: replies to a callback, then the ACK
 * or the end of a dump. libnl does not read extended acks, nor the errno
 * an NLMSG_DONE carries, so the handlers here pull both out themselves.
 */
#include <errno.h>
#include <string.h>
#include <sys/socket.h>

#include <linux/netlink.h>
#include <netlink/attr.h>
#include <netlink/msg.h>
#include <netlink/netlink.h>
#include <netlink/socket.h>

#include "gather/gather.h"

#ifndef SOL_NETLINK
#define SOL_NETLINK 270
#endif

struct transact {
	struct mg_ctx *ctx;
	int err;
	bool done;
	bool interrupted;	/* a reply said NLM_F_DUMP_INTR */
};

static const struct nla_policy extack_policy[NLMSGERR_ATTR_MAX + 1] = {
	[NLMSGERR_ATTR_MSG] = { .type = NLA_STRING },
};

/*
 * The kernel's extended ack text, from the attributes that start @off
 * bytes into @nlh's payload, when the kernel sent any.
 */
static void read_extack_attrs(struct mg_ctx *ctx, const struct nlmsghdr *nlh, size_t off)
{
	size_t total = nlh->nlmsg_len - NLMSG_HDRLEN;
	struct nlattr *tb[NLMSGERR_ATTR_MAX + 1];

	off = NLMSG_ALIGN(off);
	if (!(nlh->nlmsg_flags & NLM_F_ACK_TLVS) || off >= total)
		return;
	if (nla_parse(tb, NLMSGERR_ATTR_MAX, (struct nlattr *)((char *)NLMSG_DATA(nlh) + off),
		      (int)(total - off), extack_policy) < 0 || !tb[NLMSGERR_ATTR_MSG])
		return;
	mg_strlcpy(ctx->extack, nla_get_string(tb[NLMSGERR_ATTR_MSG]), sizeof(ctx->extack));
}

/* An error's attributes follow the request it echoes, unless capped. */
static void read_error_extack(struct mg_ctx *ctx, const struct nlmsgerr *e)
{
	const struct nlmsghdr *nlh = (const struct nlmsghdr *)((const char *)e - NLMSG_HDRLEN);
	size_t off = sizeof(*e);

	if (!(nlh->nlmsg_flags & NLM_F_CAPPED))
		off += e->msg.nlmsg_len - NLMSG_HDRLEN;
	read_extack_attrs(ctx, nlh, off);
}

/*
 * A dump ends with NLMSG_DONE, whose payload is the dump's result: 0, or
 * the errno that stopped it (a filter the kernel refuses, a device whose
 * operation failed part way), with the extended ack after it.
 */
static int read_done(struct mg_ctx *ctx, const struct nlmsghdr *nlh)
{
	int err;

	if (nlh->nlmsg_len < NLMSG_LENGTH(sizeof(err)))
		return 0; /* too short to hold an errno: nothing to report */
	memcpy(&err, NLMSG_DATA(nlh), sizeof(err));
	read_extack_attrs(ctx, nlh, sizeof(err));
	return err < 0 ? err : 0;
}

static int on_error(struct sockaddr_nl *who, struct nlmsgerr *e, void *arg)
{
	struct transact *t = arg;

	(void)who;
	t->err = e->error;
	t->done = true;
	read_error_extack(t->ctx, e);
	return NL_STOP;
}

static int on_ack(struct nl_msg *msg, void *arg)
{
	struct transact *t = arg;

	(void)msg;
	t->done = true;
	return NL_STOP;
}

static int on_finish(struct nl_msg *msg, void *arg)
{
	struct transact *t = arg;

	t->err = read_done(t->ctx, nlmsg_hdr(msg));
	t->done = true;
	return NL_STOP;
}

/*
 * The dump changed under the kernel while it was sent: what arrived may be
 * inconsistent. Keep reading to its end, so nothing is left on the socket
 * for the next request, and fail then.
 */
static int on_dump_intr(struct nl_msg *msg, void *arg)
{
	struct transact *t = arg;

	(void)msg;
	t->interrupted = true;
	return NL_OK;
}

/* Ask for extended acks, capped so errors do not echo the request. */
void mg_nl_enable_extack(struct nl_sock *sk)
{
	int one = 1;

	setsockopt(nl_socket_get_fd(sk), SOL_NETLINK, NETLINK_EXT_ACK, &one, sizeof(one));
	setsockopt(nl_socket_get_fd(sk), SOL_NETLINK, NETLINK_CAP_ACK, &one, sizeof(one));
}

/*
 * Send @msg (consumed) and read until its ACK or the end of the dump.
 * Replies go to @on_reply. Returns 0 or the kernel's negative errno (from
 * the error message, or from the NLMSG_DONE that ends a failed dump); the
 * extended ack text is left in ctx->extack. A dump the kernel marked
 * interrupted (NLM_F_DUMP_INTR) is read to its end and gives -EINTR: its
 * replies may be inconsistent, and asking again is the caller's choice.
 */
int mg_nl_transact(struct mg_ctx *ctx, struct nl_sock *sk, struct nl_msg *msg,
		   int (*on_reply)(struct nl_msg *, void *), void *arg)
{
	struct transact t = { .ctx = ctx };
	struct nl_cb *cb = nl_cb_alloc(NL_CB_DEFAULT);
	int err;

	ctx->extack[0] = '\0';
	if (!cb) {
		nlmsg_free(msg);
		return -ENOMEM;
	}
	if (on_reply)
		nl_cb_set(cb, NL_CB_VALID, NL_CB_CUSTOM, on_reply, arg);
	nl_cb_err(cb, NL_CB_CUSTOM, on_error, &t);
	nl_cb_set(cb, NL_CB_ACK, NL_CB_CUSTOM, on_ack, &t);
	nl_cb_set(cb, NL_CB_FINISH, NL_CB_CUSTOM, on_finish, &t);
	nl_cb_set(cb, NL_CB_DUMP_INTR, NL_CB_CUSTOM, on_dump_intr, &t);
	/* A dump ends with NLMSG_DONE; an ACK after it would trail into the next request. */
	if (!(nlmsg_hdr(msg)->nlmsg_flags & NLM_F_DUMP))
		nlmsg_hdr(msg)->nlmsg_flags |= NLM_F_ACK;
	err = nl_send_auto(sk, msg);
	nlmsg_free(msg);
	ctx->requests++;
	while (err >= 0 && !t.done)
		err = nl_recvmsgs(sk, cb);
	nl_cb_put(cb);
	if (t.err < 0)
		return t.err;
	if (err < 0)
		return mg_nlerr_to_errno(err);
	return t.interrupted ? -EINTR : 0;
}
