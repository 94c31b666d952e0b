/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Cable diagnostics: say whether a NIC can test its cable by looking, never
 * by trying; run the test only when the caller acknowledges that the link
 * goes down, and collect the result from the ethtool monitor group.
 */
#include <errno.h>
#include <net/if.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <linux/ethtool_netlink.h>
#include <netlink/attr.h>
#include <netlink/genl/ctrl.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>
#include <netlink/socket.h>

#include "model/model.h"

#define DEFAULT_TIMEOUT_MS 30000

/*
 * ETHTOOL_MSG_PHY_GET arrived in Linux 6.12, after the uapi headers this
 * builds against; its numbers are fixed by the kernel's ABI.
 */
#ifndef ETHTOOL_A_PHY_DRVNAME
#define MG_ETHTOOL_MSG_PHY_GET 45
#define MG_ETHTOOL_MSG_PHY_GET_REPLY 45
#define MG_ETHTOOL_A_PHY_HEADER 1
#define MG_ETHTOOL_A_PHY_DRVNAME 3
#define MG_ETHTOOL_A_PHY_MAX 8
#else
#define MG_ETHTOOL_MSG_PHY_GET ETHTOOL_MSG_PHY_GET
#define MG_ETHTOOL_MSG_PHY_GET_REPLY ETHTOOL_MSG_PHY_GET_REPLY
#define MG_ETHTOOL_A_PHY_HEADER ETHTOOL_A_PHY_HEADER
#define MG_ETHTOOL_A_PHY_DRVNAME ETHTOOL_A_PHY_DRVNAME
#define MG_ETHTOOL_A_PHY_MAX ETHTOOL_A_PHY_MAX
#endif
_Static_assert(MG_ETHTOOL_A_PHY_HEADER <= MG_ETHTOOL_A_PHY_MAX &&
		       MG_ETHTOOL_A_PHY_DRVNAME <= MG_ETHTOOL_A_PHY_MAX,
	       "the PHY reply's table holds the attributes read");
_Static_assert(ETHTOOL_A_CABLE_PAIR_D + 1 == MG_CABLE_PAIRS, "one result per twisted pair");

struct mg_cable_info {
	enum mg_cable_support support;
	int tdr;
	char phy_driver[128];
	char reason[256];
};

/* ---- the question, answered from the kernel's PHY list or from sysfs ---- */

int mg_cable_parse_phy_reply(const struct nlmsghdr *nlh, char *driver, size_t size)
{
	static const struct nla_policy policy[MG_ETHTOOL_A_PHY_MAX + 1] = {
		[MG_ETHTOOL_A_PHY_HEADER] = { .type = NLA_NESTED },
		[MG_ETHTOOL_A_PHY_DRVNAME] = { .type = NLA_STRING },
	};
	struct nlattr *tb[MG_ETHTOOL_A_PHY_MAX + 1];

	if (mg_ethtool_parse_genl(nlh, MG_ETHTOOL_MSG_PHY_GET_REPLY, tb, MG_ETHTOOL_A_PHY_MAX, policy) < 0)
		return -EPROTO;
	if (!tb[MG_ETHTOOL_A_PHY_DRVNAME])
		return -ENODATA;
	mg_strlcpy(driver, nla_get_string(tb[MG_ETHTOOL_A_PHY_DRVNAME]), size);
	return 0;
}

struct phy_state {
	char *driver;
	size_t size;
	bool found;
};

static int on_phy(const struct nlmsghdr *nlh, void *arg)
{
	struct phy_state *st = arg;

	if (!st->found && mg_cable_parse_phy_reply(nlh, st->driver, st->size) == 0)
		st->found = true;
	return 0;
}

/* The kernel's own list of the interface's PHYs (6.12+); -errno otherwise. */
static int phy_get(struct mg_ctx *ctx, int ifindex, const char *ifname, char *driver, size_t size)
{
	struct phy_state st = { driver, size, false };
	struct mg_ethtool_req req = { .cmd = MG_ETHTOOL_MSG_PHY_GET, .ifindex = ifindex, .ifname = ifname };
	int err = mg_gather_ethtool(ctx, &req, on_phy, &st);

	if (err < 0)
		return err;
	return st.found ? 0 : -ENODATA;
}

static int classify(struct mg_cable_info *info);

static int query(struct mg_ctx *ctx, const char *ifname, int ifindex, struct mg_cable_info *info)
{
	char rel[MG_PATH_MAX], netdir[MG_PATH_MAX], driver[128] = "";
	struct mg_drvinfo di;

	snprintf(rel, sizeof(rel), "class/net/%s", ifname);
	if (mg_sysfs_resolve(ctx, rel, netdir, sizeof(netdir)) < 0) {
		/* It exists, but this sysfs was mounted in another network namespace. */
		snprintf(info->reason, sizeof(info->reason),
			 "%s is not in this sysfs (mounted for another network namespace): cannot look for its PHY",
			 ifname);
		return 0;
	}
	/* The MAC driver's name makes the "no PHY" answer concrete. */
	mg_path_join(rel, sizeof(rel), netdir, "device/driver");
	if (mg_sysfs_link_name(ctx, rel, driver, sizeof(driver)) < 0 && mg_gather_drvinfo(ctx, ifname, &di) == 0)
		mg_strlcpy(driver, di.driver, sizeof(driver));
	/* The kernel names the PHY driver itself where it can (6.12+). */
	if (phy_get(ctx, ifindex, ifname, info->phy_driver, sizeof(info->phy_driver)) == 0)
		return classify(info);
	mg_path_join(rel, sizeof(rel), netdir, "phydev");
	if (!mg_sysfs_exists(ctx, rel)) {
		info->support = MG_CABLE_UNSUPPORTED;
		info->tdr = 0;
		snprintf(info->reason, sizeof(info->reason),
			 "no PHY: %s is not driven through phylib (no phydev), so the kernel has no cable test for it",
			 driver[0] ? driver : ifname);
		return 0;
	}
	mg_path_join(rel, sizeof(rel), netdir, "phydev/driver");
	if (mg_sysfs_link_name(ctx, rel, info->phy_driver, sizeof(info->phy_driver)) < 0) {
		snprintf(info->reason, sizeof(info->reason), "the PHY has no driver bound");
		return 0;
	}
	return classify(info);
}

/* The answer for a known PHY driver name, from the table. */
static int classify(struct mg_cable_info *info)
{
	const struct mg_cable_phy *phy = mg_cable_phy_lookup(info->phy_driver);

	if (!phy) {
		snprintf(info->reason, sizeof(info->reason),
			 "PHY driver '%s' is not in the table of drivers with cable test; only running it tells",
			 info->phy_driver);
		return 0;
	}
	info->support = phy->support;
	info->tdr = phy->tdr;
	if (phy->support == MG_CABLE_SUPPORTED)
		snprintf(info->reason, sizeof(info->reason), "PHY driver '%s' implements cable test%s",
			 info->phy_driver, phy->tdr ? " and TDR" : "");
	else
		snprintf(info->reason, sizeof(info->reason), "PHY driver '%s': %s", info->phy_driver,
			 phy->why_not);
	return 0;
}

static int query_new(struct mg_ctx *ctx, const char *ifname, int ifindex, struct mg_cable_info **info)
{
	struct mg_cable_info *i = calloc(1, sizeof(*i));
	int err;

	if (!i)
		return -ENOMEM;
	i->tdr = MG_UNKNOWN;
	err = query(ctx, ifname, ifindex, i);
	if (err < 0) {
		free(i);
		return err;
	}
	*info = i;
	return 0;
}

MG_EXPORT int mg_cable_query(struct mg_ctx *ctx, const char *ifname, struct mg_cable_info **info)
{
	struct mg_link link;
	int err;

	if (!ctx || !info)
		return -EINVAL;
	*info = NULL;
	mg_clear_error(ctx);
	if (!ifname || !mg_ifname_valid(ifname))
		return mg_fail(ctx, -EINVAL, "not a valid interface name");
	err = mg_gather_link_said(ctx, ifname, 0, &link);
	if (err < 0)
		return err;
	return query_new(ctx, ifname, link.ifindex, info);
}

MG_EXPORT int mg_cable_query_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_cable_info **info)
{
	if (!ctx || !info)
		return -EINVAL;
	*info = NULL;
	mg_clear_error(ctx);
	if (mg_nic_need_interface(ctx, nic) < 0)
		return -ENODEV;
	return query_new(ctx, nic->name, nic->ifindex, info);
}

MG_EXPORT void mg_cable_info_free(struct mg_cable_info *info)
{
	free(info);
}

MG_EXPORT enum mg_cable_support mg_cable_info_get_support(const struct mg_cable_info *info)
{
	return info ? info->support : MG_CABLE_UNKNOWN;
}

MG_GETTER(const char *, mg_cable_info_get_reason, mg_cable_info, reason, NULL)

MG_EXPORT const char *mg_cable_info_get_phy_driver(const struct mg_cable_info *info)
{
	return info && info->phy_driver[0] ? info->phy_driver : NULL;
}

MG_GETTER(int, mg_cable_info_get_tdr, mg_cable_info, tdr, MG_UNKNOWN)

MG_EXPORT const char *mg_cable_support_name(enum mg_cable_support s)
{
	return s == MG_CABLE_SUPPORTED ? "supported" : s == MG_CABLE_UNSUPPORTED ? "unsupported" : "unknown";
}

MG_EXPORT const char *mg_cable_code_name(enum mg_cable_code code)
{
	static const char *const names[] = {
		"unspec", "ok", "open", "same_short", "cross_short",
		"impedance_mismatch", "noise", "resolution_not_possible",
	};

	_Static_assert(sizeof(names) / sizeof(names[0]) == MG_CABLE_CODE_RESOLUTION_NOT_POSSIBLE + 1,
		       "a name per enum mg_cable_code");

	return (unsigned int)code < sizeof(names) / sizeof(names[0]) ? names[code] : "unspec";
}

/* ---- the notification ---- */

void mg_cable_result_init(struct mg_cable_result *r)
{
	r->ntdr = 0;
	r->first_cm = r->step_cm = 0;
	memset(r->seen, 0, sizeof(r->seen));
	for (int i = 0; i < MG_CABLE_PAIRS; i++) {
		r->code[i] = MG_CABLE_CODE_UNSPEC;
		r->fault_cm[i] = MG_UNKNOWN;
	}
}

/* One pair's result code. */
static void parse_result(struct nlattr *entry, struct mg_cable_result *r)
{
	static const struct nla_policy policy[ETHTOOL_A_CABLE_RESULT_MAX + 1] = {
		[ETHTOOL_A_CABLE_RESULT_PAIR] = { .type = NLA_U8 },
		[ETHTOOL_A_CABLE_RESULT_CODE] = { .type = NLA_U8 },
	};
	struct nlattr *tb[ETHTOOL_A_CABLE_RESULT_MAX + 1];
	int pair, code;

	if (nla_parse_nested(tb, ETHTOOL_A_CABLE_RESULT_MAX, entry, policy) < 0 ||
	    !tb[ETHTOOL_A_CABLE_RESULT_PAIR] || !tb[ETHTOOL_A_CABLE_RESULT_CODE])
		return;
	pair = nla_get_u8(tb[ETHTOOL_A_CABLE_RESULT_PAIR]);
	code = nla_get_u8(tb[ETHTOOL_A_CABLE_RESULT_CODE]);
	/* The kernel's codes and ours are the same numbers; newer ones stay unspec. */
	if (pair < MG_CABLE_PAIRS && code <= MG_CABLE_CODE_RESOLUTION_NOT_POSSIBLE)
		r->code[pair] = (enum mg_cable_code)code;
}

/* How far along one pair the fault is. */
static void parse_fault_length(struct nlattr *entry, struct mg_cable_result *r)
{
	static const struct nla_policy policy[ETHTOOL_A_CABLE_FAULT_LENGTH_MAX + 1] = {
		[ETHTOOL_A_CABLE_FAULT_LENGTH_PAIR] = { .type = NLA_U8 },
		[ETHTOOL_A_CABLE_FAULT_LENGTH_CM] = { .type = NLA_U32 },
	};
	struct nlattr *tb[ETHTOOL_A_CABLE_FAULT_LENGTH_MAX + 1];
	int pair;

	if (nla_parse_nested(tb, ETHTOOL_A_CABLE_FAULT_LENGTH_MAX, entry, policy) < 0 ||
	    !tb[ETHTOOL_A_CABLE_FAULT_LENGTH_PAIR] || !tb[ETHTOOL_A_CABLE_FAULT_LENGTH_CM])
		return;
	pair = nla_get_u8(tb[ETHTOOL_A_CABLE_FAULT_LENGTH_PAIR]);
	if (pair < MG_CABLE_PAIRS && nla_get_u32(tb[ETHTOOL_A_CABLE_FAULT_LENGTH_CM]) <= 0x7fffffff)
		r->fault_cm[pair] = (int)nla_get_u32(tb[ETHTOOL_A_CABLE_FAULT_LENGTH_CM]);
}

static void parse_entry(struct nlattr *entry, struct mg_cable_result *r)
{
	if (nla_type(entry) == ETHTOOL_A_CABLE_NEST_RESULT)
		parse_result(entry, r);
	else if (nla_type(entry) == ETHTOOL_A_CABLE_NEST_FAULT_LENGTH)
		parse_fault_length(entry, r);
}

/*
 * Both notifications share their framing: the header nest, the status and
 * the nest of results have the same numbers in each. The results nest is
 * returned when the test completed, NULL otherwise.
 */
_Static_assert((int)ETHTOOL_A_CABLE_TEST_TDR_NTF_HEADER == (int)ETHTOOL_A_CABLE_TEST_NTF_HEADER &&
		       (int)ETHTOOL_A_CABLE_TEST_TDR_NTF_STATUS == (int)ETHTOOL_A_CABLE_TEST_NTF_STATUS &&
		       (int)ETHTOOL_A_CABLE_TEST_TDR_NTF_NEST == (int)ETHTOOL_A_CABLE_TEST_NTF_NEST,
	       "cable test notifications share their framing");

static int parse_test_ntf(const struct nlmsghdr *nlh, int cmd, int *ifindex, int *status,
			  struct nlattr **results)
{
	static const struct nla_policy policy[ETHTOOL_A_CABLE_TEST_NTF_MAX + 1] = {
		[ETHTOOL_A_CABLE_TEST_NTF_HEADER] = { .type = NLA_NESTED },
		[ETHTOOL_A_CABLE_TEST_NTF_STATUS] = { .type = NLA_U8 },
		[ETHTOOL_A_CABLE_TEST_NTF_NEST] = { .type = NLA_NESTED },
	};
	static const struct nla_policy hpolicy[ETHTOOL_A_HEADER_MAX + 1] = {
		[ETHTOOL_A_HEADER_DEV_INDEX] = { .type = NLA_U32 },
	};
	struct nlattr *tb[ETHTOOL_A_CABLE_TEST_NTF_MAX + 1], *hdr[ETHTOOL_A_HEADER_MAX + 1];

	if (nlh->nlmsg_len < NLMSG_HDRLEN + GENL_HDRLEN)
		return -EPROTO;
	if (((const struct genlmsghdr *)nlmsg_data(nlh))->cmd != cmd)
		return -ENOMSG;
	if (genlmsg_parse((struct nlmsghdr *)nlh, 0, tb, ETHTOOL_A_CABLE_TEST_NTF_MAX, policy) < 0 ||
	    !tb[ETHTOOL_A_CABLE_TEST_NTF_HEADER] || !tb[ETHTOOL_A_CABLE_TEST_NTF_STATUS])
		return -EPROTO;
	if (nla_parse_nested(hdr, ETHTOOL_A_HEADER_MAX, tb[ETHTOOL_A_CABLE_TEST_NTF_HEADER], hpolicy) < 0 ||
	    !hdr[ETHTOOL_A_HEADER_DEV_INDEX])
		return -EPROTO;
	*ifindex = (int)nla_get_u32(hdr[ETHTOOL_A_HEADER_DEV_INDEX]);
	*status = nla_get_u8(tb[ETHTOOL_A_CABLE_TEST_NTF_STATUS]);
	*results = *status == ETHTOOL_A_CABLE_TEST_NTF_STATUS_COMPLETED ? tb[ETHTOOL_A_CABLE_TEST_NTF_NEST] : NULL;
	return 0;
}

int mg_cable_parse_ntf(const struct nlmsghdr *nlh, int *ifindex, int *status, struct mg_cable_result *r)
{
	struct nlattr *results, *entry;
	int rem, err = parse_test_ntf(nlh, ETHTOOL_MSG_CABLE_TEST_NTF, ifindex, status, &results);

	if (err == 0 && results)
		nla_for_each_nested(entry, results, rem)
			parse_entry(entry, r);
	return err;
}

/* TDR data: where the samples that follow start, and how far apart they are. */
static void parse_tdr_step(struct nlattr *entry, struct mg_cable_result *r)
{
	static const struct nla_policy policy[ETHTOOL_A_CABLE_STEP_MAX + 1] = {
		[ETHTOOL_A_CABLE_STEP_FIRST_DISTANCE] = { .type = NLA_U32 },
		[ETHTOOL_A_CABLE_STEP_LAST_DISTANCE] = { .type = NLA_U32 },
		[ETHTOOL_A_CABLE_STEP_STEP_DISTANCE] = { .type = NLA_U32 },
	};
	struct nlattr *tb[ETHTOOL_A_CABLE_STEP_MAX + 1];

	if (nla_parse_nested(tb, ETHTOOL_A_CABLE_STEP_MAX, entry, policy) < 0 ||
	    !tb[ETHTOOL_A_CABLE_STEP_FIRST_DISTANCE] || !tb[ETHTOOL_A_CABLE_STEP_STEP_DISTANCE])
		return;
	r->first_cm = (int)(nla_get_u32(tb[ETHTOOL_A_CABLE_STEP_FIRST_DISTANCE]) & 0x7fffffff);
	r->step_cm = (int)(nla_get_u32(tb[ETHTOOL_A_CABLE_STEP_STEP_DISTANCE]) & 0x7fffffff);
	memset(r->seen, 0, sizeof(r->seen));
}

/*
 * Each pair reports one amplitude per distance after a STEP, so the n-th
 * amplitude of a pair lies at first + n * step.
 */
static void parse_tdr_amplitude(struct nlattr *entry, struct mg_cable_result *r)
{
	static const struct nla_policy policy[ETHTOOL_A_CABLE_AMPLITUDE_MAX + 1] = {
		[ETHTOOL_A_CABLE_AMPLITUDE_PAIR] = { .type = NLA_U8 },
		[ETHTOOL_A_CABLE_AMPLITUDE_mV] = { .type = NLA_U16 },
	};
	struct nlattr *tb[ETHTOOL_A_CABLE_AMPLITUDE_MAX + 1];
	int pair;

	if (nla_parse_nested(tb, ETHTOOL_A_CABLE_AMPLITUDE_MAX, entry, policy) < 0 ||
	    !tb[ETHTOOL_A_CABLE_AMPLITUDE_PAIR] || !tb[ETHTOOL_A_CABLE_AMPLITUDE_mV])
		return;
	pair = nla_get_u8(tb[ETHTOOL_A_CABLE_AMPLITUDE_PAIR]);
	if (pair >= MG_CABLE_PAIRS || r->ntdr == MG_CABLE_TDR_MAX)
		return;
	r->tdr[r->ntdr++] = (struct mg_cable_tdr_sample){
		pair, r->first_cm + r->seen[pair]++ * r->step_cm,
		(int16_t)nla_get_u16(tb[ETHTOOL_A_CABLE_AMPLITUDE_mV]),
	};
}

static void parse_tdr_entry(struct nlattr *entry, struct mg_cable_result *r)
{
	if (nla_type(entry) == ETHTOOL_A_CABLE_TDR_NEST_STEP)
		parse_tdr_step(entry, r);
	else if (nla_type(entry) == ETHTOOL_A_CABLE_TDR_NEST_AMPLITUDE)
		parse_tdr_amplitude(entry, r);
}

int mg_cable_parse_tdr_ntf(const struct nlmsghdr *nlh, int *ifindex, int *status, struct mg_cable_result *r)
{
	struct nlattr *results, *entry;
	int rem, err = parse_test_ntf(nlh, ETHTOOL_MSG_CABLE_TEST_TDR_NTF, ifindex, status, &results);

	if (err == 0 && results)
		nla_for_each_nested(entry, results, rem)
			parse_tdr_entry(entry, r);
	return err;
}

/* ---- waiting for it ---- */

struct wait_state {
	int ifindex;
	bool tdr;
	bool started, completed;
	struct mg_cable_result *r;
};

static int on_ntf(struct nl_msg *msg, void *arg)
{
	struct wait_state *w = arg;
	int ifindex, status;

	int err = w->tdr ? mg_cable_parse_tdr_ntf(nlmsg_hdr(msg), &ifindex, &status, w->r)
			 : mg_cable_parse_ntf(nlmsg_hdr(msg), &ifindex, &status, w->r);

	if (err < 0 || ifindex != w->ifindex)
		return NL_OK;
	if (status == ETHTOOL_A_CABLE_TEST_NTF_STATUS_STARTED)
		w->started = true;
	else if (status == ETHTOOL_A_CABLE_TEST_NTF_STATUS_COMPLETED)
		w->completed = true;
	return NL_OK;
}

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int mg_cable_wait(struct mg_ctx *ctx, struct nl_sock *mon, int ifindex, bool tdr, int timeout_ms,
		  mg_cable_progress_fn progress, void *data, struct mg_cable_result *r)
{
	struct wait_state w = { .ifindex = ifindex, .tdr = tdr, .r = r };
	long start = now_ms(), next_tick = start + 1000;
	bool told_started = false;

	nl_socket_modify_cb(mon, NL_CB_VALID, NL_CB_CUSTOM, on_ntf, &w);
	while (!w.completed) {
		long left = start + timeout_ms - now_ms();
		struct pollfd pfd = { .fd = nl_socket_get_fd(mon), .events = POLLIN };
		int n;

		if (left <= 0)
			return mg_fail(ctx, -ETIMEDOUT, "no cable test result after %d ms", timeout_ms);
		n = poll(&pfd, 1, (int)(left < next_tick - now_ms() ? left : next_tick - now_ms()));
		if (n < 0 && errno != EINTR)
			return -errno;
		if (n > 0 && nl_recvmsgs_default(mon) < 0)
			return mg_fail(ctx, -EIO, "reading ethtool notifications failed");
		if (w.started && !told_started && progress) {
			progress(data, "started", (int)(now_ms() - start));
			told_started = true;
		}
		if (now_ms() >= next_tick) {
			if (progress && !w.completed)
				progress(data, "waiting", (int)(now_ms() - start));
			next_tick += 1000;
		}
	}
	return 0;
}

/* A socket in the ethtool "monitor" group, joined before the test starts. */
static int open_monitor(struct mg_ctx *ctx, struct nl_sock **mon)
{
	struct nl_sock *sk = nl_socket_alloc();
	int grp, err;

	if (!sk)
		return -ENOMEM;
	nl_socket_disable_seq_check(sk);
	err = genl_connect(sk);
	grp = err < 0 ? err : genl_ctrl_resolve_grp(sk, ETHTOOL_GENL_NAME, ETHTOOL_MCGRP_MONITOR_NAME);
	if (grp >= 0)
		err = nl_socket_add_membership(sk, grp);
	if (grp < 0 || err < 0) {
		nl_socket_free(sk);
		return mg_fail(ctx, mg_nlerr_to_errno(grp < 0 ? grp : err),
			       "cannot join the ethtool monitor group");
	}
	ctx->requests++;
	*mon = sk;
	return 0;
}

static int start_test(struct mg_ctx *ctx, const char *ifname, bool tdr)
{
	struct nl_msg *msg = nlmsg_alloc();
	struct nlattr *nest;

	if (!msg || !genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, ctx->ethtool_family, 0, NLM_F_REQUEST,
				 tdr ? ETHTOOL_MSG_CABLE_TEST_TDR_ACT : ETHTOOL_MSG_CABLE_TEST_ACT,
				 ETHTOOL_GENL_VERSION))
		goto fail;
	nest = nla_nest_start(msg, tdr ? ETHTOOL_A_CABLE_TEST_TDR_HEADER : ETHTOOL_A_CABLE_TEST_HEADER);
	if (!nest || nla_put_string(msg, ETHTOOL_A_HEADER_DEV_NAME, ifname) < 0)
		goto fail;
	nla_nest_end(msg, nest);
	return mg_nl_transact(ctx, ctx->genl, msg, NULL, NULL);
fail:
	nlmsg_free(msg);
	return -ENOMEM;
}

static int explain_start(struct mg_ctx *ctx, const char *ifname, int err)
{
	struct mg_cable_info *info = NULL;
	int ret;

	if (err == -EOPNOTSUPP) {
		mg_cable_query(ctx, ifname, &info);
		ret = mg_fail(ctx, err, "%s cannot test its cable: %s", ifname,
			      info ? info->reason : "the driver has no cable test");
		mg_cable_info_free(info);
		return ret;
	}
	if (err == -EPERM)
		return mg_fail(ctx, err, "%s: a cable test needs CAP_NET_ADMIN", ifname);
	if (err == -ENODEV)
		return mg_fail(ctx, err, "no network interface named '%s'", ifname);
	return mg_fail(ctx, err, "%s: starting the cable test failed: %s%s%s", ifname, strerror(-err),
		       ctx->extack[0] ? ": " : "", ctx->extack);
}

MG_EXPORT int mg_cable_test_run(struct mg_ctx *ctx, const char *ifname, unsigned int flags, int timeout_ms,
				mg_cable_progress_fn progress, void *data, struct mg_cable_result **result)
{
	struct mg_cable_result *r;
	struct nl_sock *mon = NULL;
	struct mg_link link;
	int err;

	if (!ctx || !result)
		return -EINVAL;
	*result = NULL;
	mg_clear_error(ctx);
	if (!ifname || !ifname[0] || strlen(ifname) >= IFNAMSIZ)
		return mg_fail(ctx, -EINVAL, "not a valid interface name");
	if (!(flags & MG_CABLE_TEST_LINK_GOES_DOWN))
		return mg_fail(ctx, -EINVAL, "a cable test takes the link of %s down for seconds; "
					     "confirm with MG_CABLE_TEST_LINK_GOES_DOWN (multigig: --yes)", ifname);
	if ((err = mg_ethtool_open(ctx)) < 0)
		return err;
	/* The notification names the interface by index. */
	err = mg_gather_link_said(ctx, ifname, 0, &link);
	if (err < 0)
		return err;
	err = open_monitor(ctx, &mon);
	if (err < 0)
		return err;
	r = calloc(1, sizeof(*r));
	if (!r) {
		nl_socket_free(mon);
		return -ENOMEM;
	}
	mg_cable_result_init(r);
	err = start_test(ctx, ifname, flags & MG_CABLE_TEST_TDR);
	if (err < 0)
		err = explain_start(ctx, ifname, err);
	else
		err = mg_cable_wait(ctx, mon, link.ifindex, flags & MG_CABLE_TEST_TDR,
				    timeout_ms > 0 ? timeout_ms : DEFAULT_TIMEOUT_MS, progress, data, r);
	nl_socket_free(mon);
	if (err < 0) {
		free(r);
		return err;
	}
	*result = r;
	return 0;
}

MG_EXPORT void mg_cable_result_free(struct mg_cable_result *result)
{
	free(result);
}

MG_EXPORT enum mg_cable_code mg_cable_result_get_code(const struct mg_cable_result *r, int pair)
{
	return r && pair >= 0 && pair < MG_CABLE_PAIRS ? r->code[pair] : MG_CABLE_CODE_UNSPEC;
}

MG_EXPORT int mg_cable_result_get_fault_length_cm(const struct mg_cable_result *r, int pair)
{
	return r && pair >= 0 && pair < MG_CABLE_PAIRS ? r->fault_cm[pair] : MG_UNKNOWN;
}

MG_GETTER(size_t, mg_cable_result_get_tdr_count, mg_cable_result, ntdr, 0)

MG_EXPORT int mg_cable_result_get_tdr_sample(const struct mg_cable_result *r, size_t index, int *pair,
					     int *distance_cm, int *mv)
{
	if (!r || index >= r->ntdr)
		return -EINVAL;
	if (pair)
		*pair = r->tdr[index].pair;
	if (distance_cm)
		*distance_cm = r->tdr[index].distance_cm;
	if (mv)
		*mv = r->tdr[index].mv;
	return 0;
}
