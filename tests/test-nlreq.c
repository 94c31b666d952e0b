/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "library": how one netlink request ends. A second netlink socket
 * (NETLINK_USERSOCK, no kernel family behind it) plays the kernel: the
 * answers are queued on the library's socket before the request is sent,
 * so every ending can be built byte by byte. One test then asks the real
 * kernel for a dump it refuses.
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <netlink/msg.h>
#include <netlink/netlink.h>
#include <netlink/socket.h>

#include "gather/gather.h"
#include "mg-test.h"

#ifndef NETLINK_GET_STRICT_CHK
#define NETLINK_GET_STRICT_CHK 12
#endif

#define REPLY_TYPE 0x20 /* any type above the netlink control messages */

struct fake {
	struct mg_ctx *ctx;
	struct nl_sock *sk;	/* the library's side */
	int kernel;		/* the side that answers */
	char buf[1024];		/* the answer being built */
	size_t len;
};

/* False where there is no NETLINK_USERSOCK: qemu-user (the arm64 run) has none. */
static bool fake_open(struct fake *f)
{
	struct sockaddr_nl addr = { .nl_family = AF_NETLINK };
	socklen_t alen = sizeof(addr);

	memset(f, 0, sizeof(*f));
	f->kernel = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_USERSOCK);
	if (f->kernel < 0 && errno == EPROTONOSUPPORT)
		return false;
	CU_ASSERT_FATAL(f->kernel >= 0);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/desktop", &f->ctx), 0);
	CU_ASSERT_EQUAL_FATAL(bind(f->kernel, (struct sockaddr *)&addr, sizeof(addr)), 0);
	CU_ASSERT_EQUAL_FATAL(getsockname(f->kernel, (struct sockaddr *)&addr, &alen), 0);
	f->sk = nl_socket_alloc();
	CU_ASSERT_PTR_NOT_NULL_FATAL(f->sk);
	/* The fake cannot know the request's sequence number before it is sent. */
	nl_socket_disable_auto_ack(f->sk);
	CU_ASSERT_EQUAL_FATAL(nl_connect(f->sk, NETLINK_USERSOCK), 0);
	nl_socket_set_peer_port(f->sk, addr.nl_pid);
	return true;
}

static void fake_close(struct fake *f)
{
	nl_socket_free(f->sk);
	close(f->kernel);
	mg_ctx_unref(f->ctx);
}

/* Start a message in the answer; returns its header. */
static struct nlmsghdr *put_msg(struct fake *f, int type, int flags, const void *data, size_t size)
{
	struct nlmsghdr *nlh = (struct nlmsghdr *)(f->buf + f->len);

	CU_ASSERT_FATAL(f->len + NLMSG_SPACE(size) <= sizeof(f->buf));
	memset(nlh, 0, NLMSG_SPACE(size));
	nlh->nlmsg_len = NLMSG_LENGTH(size);
	nlh->nlmsg_type = (unsigned short)type;
	nlh->nlmsg_flags = (unsigned short)flags;
	memcpy(NLMSG_DATA(nlh), data, size);
	f->len += NLMSG_ALIGN(nlh->nlmsg_len);
	return nlh;
}

/* Append the extended ack's message attribute to @nlh, the last message. */
static void put_extack(struct fake *f, struct nlmsghdr *nlh, const char *text)
{
	struct nlattr *nla = (struct nlattr *)(f->buf + f->len);
	size_t len = strlen(text) + 1;

	CU_ASSERT_FATAL(f->len + NLA_HDRLEN + NLA_ALIGN(len) <= sizeof(f->buf));
	memset(nla, 0, NLA_HDRLEN + NLA_ALIGN(len));
	nla->nla_type = NLMSGERR_ATTR_MSG;
	nla->nla_len = (unsigned short)(NLA_HDRLEN + len);
	memcpy((char *)nla + NLA_HDRLEN, text, len);
	f->len += NLA_HDRLEN + NLA_ALIGN(len);
	nlh->nlmsg_len = (unsigned int)((char *)nla + NLA_HDRLEN + NLA_ALIGN(len) - (char *)nlh);
	nlh->nlmsg_flags |= NLM_F_ACK_TLVS;
}

static void put_reply(struct fake *f, int flags)
{
	int value = 42;

	put_msg(f, REPLY_TYPE, NLM_F_MULTI | flags, &value, sizeof(value));
}

static struct nlmsghdr *put_done(struct fake *f, int err, int flags)
{
	return put_msg(f, NLMSG_DONE, NLM_F_MULTI | flags, &err, sizeof(err));
}

/* Queue the answer built so far on the library's socket, as one datagram. */
static void send_answer(struct fake *f)
{
	struct sockaddr_nl to = { .nl_family = AF_NETLINK, .nl_pid = nl_socket_get_local_port(f->sk) };

	CU_ASSERT_EQUAL_FATAL(sendto(f->kernel, f->buf, f->len, 0, (struct sockaddr *)&to, sizeof(to)),
			      (ssize_t)f->len);
	f->len = 0;
}

static int count_reply(struct nl_msg *msg, void *arg)
{
	int *n = arg;

	if (nlmsg_hdr(msg)->nlmsg_type == REPLY_TYPE)
		(*n)++;
	return NL_OK;
}

/* Send a request of @flags through mg_nl_transact(); counts the replies. */
static int transact(struct fake *f, int flags, int *replies)
{
	struct nl_msg *msg = nlmsg_alloc_simple(REPLY_TYPE, NLM_F_REQUEST | flags);

	*replies = 0;
	CU_ASSERT_PTR_NOT_NULL_FATAL(msg);
	return mg_nl_transact(f->ctx, f->sk, msg, count_reply, replies);
}

static void test_dump_done(void)
{
	struct fake f;
	int n;

	MG_TEST_SKIP_IF(!fake_open(&f), "no NETLINK_USERSOCK here");
	put_reply(&f, 0);
	put_reply(&f, 0);
	put_done(&f, 0, 0);
	send_answer(&f);
	CU_ASSERT_EQUAL(transact(&f, NLM_F_DUMP, &n), 0);
	CU_ASSERT_EQUAL(n, 2);
	CU_ASSERT_STRING_EQUAL(f.ctx->extack, "");
	fake_close(&f);
}

static void test_dump_done_error(void)
{
	struct fake f;
	int n;

	MG_TEST_SKIP_IF(!fake_open(&f), "no NETLINK_USERSOCK here");
	put_reply(&f, 0);
	put_extack(&f, put_done(&f, -EINVAL, 0), "Filter not supported for this dump");
	send_answer(&f);
	CU_ASSERT_EQUAL(transact(&f, NLM_F_DUMP, &n), -EINVAL);
	CU_ASSERT_EQUAL(n, 1);
	CU_ASSERT_STRING_EQUAL(f.ctx->extack, "Filter not supported for this dump");

	/* Without extended ack: the errno alone, and no text left from before. */
	put_done(&f, -ENOBUFS, 0);
	send_answer(&f);
	CU_ASSERT_EQUAL(transact(&f, NLM_F_DUMP, &n), -ENOBUFS);
	CU_ASSERT_EQUAL(n, 0);
	CU_ASSERT_STRING_EQUAL(f.ctx->extack, "");
	fake_close(&f);
}

/* The dump spans datagrams; the error comes in the last one. */
static void test_dump_done_error_later(void)
{
	struct fake f;
	int n;

	MG_TEST_SKIP_IF(!fake_open(&f), "no NETLINK_USERSOCK here");
	put_reply(&f, 0);
	send_answer(&f);
	put_reply(&f, 0);
	send_answer(&f);
	put_done(&f, -EIO, 0);
	send_answer(&f);
	CU_ASSERT_EQUAL(transact(&f, NLM_F_DUMP, &n), -EIO);
	CU_ASSERT_EQUAL(n, 2);
	fake_close(&f);
}

static void test_dump_interrupted(void)
{
	struct fake f;
	int n;

	MG_TEST_SKIP_IF(!fake_open(&f), "no NETLINK_USERSOCK here");
	put_reply(&f, 0);
	send_answer(&f);
	put_reply(&f, NLM_F_DUMP_INTR);
	put_reply(&f, NLM_F_DUMP_INTR);
	send_answer(&f);
	put_done(&f, 0, NLM_F_DUMP_INTR);
	send_answer(&f);
	CU_ASSERT_EQUAL(transact(&f, NLM_F_DUMP, &n), -EINTR);
	CU_ASSERT_EQUAL(n, 3);

	/* Read to its end: the next dump sees only its own answer. */
	put_reply(&f, 0);
	put_done(&f, 0, 0);
	send_answer(&f);
	CU_ASSERT_EQUAL(transact(&f, NLM_F_DUMP, &n), 0);
	CU_ASSERT_EQUAL(n, 1);
	fake_close(&f);
}

/* An error ack, capped (no echoed request): the errno and the text. */
static void test_error_extack(void)
{
	struct nlmsgerr e = { .error = -EOPNOTSUPP };
	struct fake f;
	int n;

	MG_TEST_SKIP_IF(!fake_open(&f), "no NETLINK_USERSOCK here");
	e.msg.nlmsg_len = NLMSG_HDRLEN;
	e.msg.nlmsg_type = REPLY_TYPE;
	put_extack(&f, put_msg(&f, NLMSG_ERROR, NLM_F_CAPPED, &e, sizeof(e)), "no such operation");
	send_answer(&f);
	CU_ASSERT_EQUAL(transact(&f, 0, &n), -EOPNOTSUPP);
	CU_ASSERT_STRING_EQUAL(f.ctx->extack, "no such operation");

	e.error = 0;
	put_msg(&f, NLMSG_ERROR, NLM_F_CAPPED, &e, sizeof(e));
	send_answer(&f);
	CU_ASSERT_EQUAL(transact(&f, 0, &n), 0);
	CU_ASSERT_STRING_EQUAL(f.ctx->extack, "");
	fake_close(&f);
}

/*
 * The real kernel: with strict checking, a link dump filtered by index is
 * refused by the dump itself, so the errno comes in NLMSG_DONE.
 */
static void test_kernel_done_error(void)
{
	struct ifinfomsg ifi = { .ifi_family = AF_UNSPEC, .ifi_index = 1 };
	struct mg_ctx *ctx;
	struct nl_msg *msg;
	int one = 1, n = 0;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(NULL, &ctx), 0);
	if (mg_rtnl_open(ctx) < 0 ||
	    setsockopt(nl_socket_get_fd(ctx->rtnl), SOL_NETLINK, NETLINK_GET_STRICT_CHK, &one, sizeof(one)) < 0) {
		printf("no rtnetlink with strict checking here: not tried ");
		mg_ctx_unref(ctx);
		return;
	}
	msg = nlmsg_alloc_simple(RTM_GETLINK, NLM_F_REQUEST | NLM_F_DUMP);
	CU_ASSERT_PTR_NOT_NULL_FATAL(msg);
	CU_ASSERT_EQUAL_FATAL(nlmsg_append(msg, &ifi, sizeof(ifi), NLMSG_ALIGNTO), 0);
	CU_ASSERT_EQUAL(mg_nl_transact(ctx, ctx->rtnl, msg, count_reply, &n), -EINVAL);
	CU_ASSERT_EQUAL(n, 0);
	/* "Filter by device index not supported for link dumps" in 6.x */
	CU_ASSERT_NOT_EQUAL(ctx->extack[0], '\0');
	mg_ctx_unref(ctx);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("nlreq", NULL, NULL, MG_TEST(test_dump_done), MG_TEST(test_dump_done_error),
		     MG_TEST(test_dump_done_error_later), MG_TEST(test_dump_interrupted),
		     MG_TEST(test_error_extack), MG_TEST(test_kernel_done_error));
	return mg_test_run();
}
