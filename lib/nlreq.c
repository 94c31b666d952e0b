/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One netlink request and its answer: replies to a callback, then the ACK
 * or the end of a dump. libnl does not read extended acks, so the error
 * handler here pulls the kernel's message out of the error's TLVs.
 */
#include <errno.h>
#include <string.h>
#include <sys/socket.h>

#include <linux/netlink.h>
#include <netlink/attr.h>
#include <netlink/msg.h>
#include <netlink/netlink.h>
#include <netlink/socket.h>

#include "mg-private.h"

#ifndef SOL_NETLINK
#define SOL_NETLINK 270
#endif

struct transact {
	struct mg_ctx *ctx;
	int err;
	bool done;
};

/* The kernel's extended ack text, when it sent one. */
static void read_extack(struct mg_ctx *ctx, const struct nlmsgerr *e)
{
	const struct nlmsghdr *nlh = (const struct nlmsghdr *)((const char *)e - NLMSG_HDRLEN);
	size_t off = sizeof(*e), total = nlh->nlmsg_len - NLMSG_HDRLEN;
	struct nlattr *tb[NLMSGERR_ATTR_MAX + 1];
	static const struct nla_policy policy[NLMSGERR_ATTR_MAX + 1] = {
		[NLMSGERR_ATTR_MSG] = { .type = NLA_STRING },
	};

	ctx->extack[0] = '\0';
	if (!(nlh->nlmsg_flags & NLM_F_ACK_TLVS))
		return;
	if (!(nlh->nlmsg_flags & NLM_F_CAPPED))
		off += e->msg.nlmsg_len - NLMSG_HDRLEN;
	off = NLMSG_ALIGN(off);
	if (off >= total)
		return;
	if (nla_parse(tb, NLMSGERR_ATTR_MAX, (struct nlattr *)((char *)e + off), (int)(total - off),
		      (struct nla_policy *)policy) < 0 || !tb[NLMSGERR_ATTR_MSG])
		return;
	mg_strlcpy(ctx->extack, nla_get_string(tb[NLMSGERR_ATTR_MSG]), sizeof(ctx->extack));
}

static int on_error(struct sockaddr_nl *who, struct nlmsgerr *e, void *arg)
{
	struct transact *t = arg;

	(void)who;
	t->err = e->error;
	t->done = true;
	read_extack(t->ctx, e);
	return NL_STOP;
}

static int on_done(struct nl_msg *msg, void *arg)
{
	struct transact *t = arg;

	(void)msg;
	t->done = true;
	return NL_STOP;
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
 * Replies go to @on_reply. Returns 0 or the kernel's negative errno; the
 * extended ack text is left in ctx->extack.
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
	nl_cb_set(cb, NL_CB_ACK, NL_CB_CUSTOM, on_done, &t);
	nl_cb_set(cb, NL_CB_FINISH, NL_CB_CUSTOM, on_done, &t);
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
	return err < 0 ? mg_nlerr_to_errno(err) : 0;
}
