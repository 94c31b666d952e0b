/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "library": cable diagnostics without hardware. The support answer
 * on fixture trees whose PHY drivers are real driver names; notification
 * parsing on messages built with the uapi layout, for every result code
 * and fault length (no PHY here can run a test); the timeout path. The
 * PHY is found while another process renames files, as on a busy machine.
 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include <linux/ethtool_netlink.h>
#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>
#include <netlink/socket.h>

#include "model/model.h"
#include "mg-test.h"
#include "test-util.h"

static struct mg_cable_info *query(const char *tree, const char *ifname, struct mg_ctx **ctx)
{
	struct mg_cable_info *info = NULL;
	char root[4096];

	snprintf(root, sizeof(root), "%s/%s", FIXTURE_TREES, tree);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(root, ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_cable_query(*ctx, ifname, &info), 0);
	return info;
}

static void check(const char *ifname, enum mg_cable_support support, int tdr, const char *phy,
		  const char *reason_part)
{
	struct mg_ctx *ctx;
	struct mg_cable_info *info = query("phys", ifname, &ctx);

	CU_ASSERT_EQUAL(mg_cable_info_get_support(info), support);
	CU_ASSERT_EQUAL(mg_cable_info_get_tdr(info), tdr);
	/* Not CU_ASSERT_STRING_EQUAL: no driver found is a failure, not a NULL for strcmp(). */
	CU_ASSERT_TRUE(str_eq(mg_cable_info_get_phy_driver(info), phy));
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_cable_info_get_reason(info), reason_part));
	if (!str_eq(mg_cable_info_get_phy_driver(info), phy))
		printf("\n%s: %s\n", ifname, mg_cable_info_get_reason(info));
	mg_cable_info_free(info);
	mg_ctx_unref(ctx);
}

static void test_marvell_88e1510(void)
{
	struct mg_ctx *ctx;
	struct mg_cable_info *info;
	char *text = NULL;

	check("eth1", MG_CABLE_SUPPORTED, 1, "Marvell 88E1510", "cable test and TDR");
	/* cable's line, written by the same function as its JSON. */
	info = query("phys", "eth1", &ctx);
	CU_ASSERT_EQUAL_FATAL(mg_cable_info_to_text(info, "eth1", &text), 0);
	CU_ASSERT_EQUAL(strncmp(text, "eth1: cable test supported: ", 28), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, mg_cable_info_get_reason(info)));
	CU_ASSERT_EQUAL(strchr(text, '\n') - text, (long)strlen(text) - 1);
	free(text);
	CU_ASSERT_EQUAL(mg_cable_info_to_text(NULL, "eth1", &text), -EINVAL);
	mg_cable_info_free(info);
	mg_ctx_unref(ctx);
}

static void test_realtek_nbase_t(void)
{
	check("eth2", MG_CABLE_UNSUPPORTED, 0, "Realtek Internal NBASE-T PHY", "no cable test");
}

static void test_broadcom_bcm54213pe(void)
{
	check("eth0", MG_CABLE_UNSUPPORTED, 0, "Broadcom BCM54213PE", "mainline");
}

static void test_unknown_phy(void)
{
	check("eth3", MG_CABLE_UNKNOWN, MG_UNKNOWN, "Generic PHY", "not in the table");
}

/* Renames in @dir, back and forth, until killed. */
static void rename_forever(const char *dir)
{
	char a[4200], b[4200];

	snprintf(a, sizeof(a), "%s/a", dir);
	snprintf(b, sizeof(b), "%s/b", dir);
	put_file(dir, "a", "");
	for (;;) {
		if (rename(a, b) < 0 || rename(b, a) < 0)
			_exit(1);
	}
}

/*
 * While something else on the machine renames files: openat2() refuses a
 * path through ".." (every sysfs link) with EAGAIN when a rename ran while
 * it resolved it. The PHY is found on every query all the same.
 */
static void test_phy_found_while_renaming(void)
{
	char tmp[4096];
	int missed = 0;
	pid_t pid;

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, sizeof(tmp)));
	fflush(stdout);
	pid = fork();
	CU_ASSERT_FATAL(pid >= 0);
	if (pid == 0)
		rename_forever(tmp);
	for (int i = 0; i < 300; i++) {
		struct mg_ctx *ctx;
		struct mg_cable_info *info = query("phys", "eth1", &ctx);

		if (!str_eq(mg_cable_info_get_phy_driver(info), "Marvell 88E1510")) {
			if (!missed)
				printf("\neth1: %s\n", mg_cable_info_get_reason(info));
			missed++;
		}
		mg_cable_info_free(info);
		mg_ctx_unref(ctx);
	}
	kill(pid, SIGKILL);
	CU_ASSERT_EQUAL(waitpid(pid, NULL, 0), pid);
	rm_tree(tmp);
	CU_ASSERT_EQUAL(missed, 0);
}

/* No phydev: atlantic, igc, r8152 and virtual devices. */
static void test_no_phy(void)
{
	struct mg_ctx *ctx;
	struct mg_cable_info *info = query("desktop", "enx00e04c680001", &ctx);

	CU_ASSERT_EQUAL(mg_cable_info_get_support(info), MG_CABLE_UNSUPPORTED);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_cable_info_get_reason(info), "no PHY"));
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_cable_info_get_reason(info), "r8152"));
	CU_ASSERT_PTR_NULL(mg_cable_info_get_phy_driver(info));
	mg_cable_info_free(info);
	CU_ASSERT_EQUAL(mg_cable_query(ctx, "eth9", &info), -ENODEV);
	CU_ASSERT_EQUAL(mg_cable_query(ctx, "../../x", &info), -EINVAL);
	CU_ASSERT_EQUAL(mg_cable_query(ctx, NULL, &info), -EINVAL);
	mg_ctx_unref(ctx);
}

static void test_phy_table(void)
{
	CU_ASSERT_EQUAL(mg_cable_phy_lookup("Marvell 88E1545")->tdr, 1);
	CU_ASSERT_EQUAL(mg_cable_phy_lookup("Marvell 88E1111")->tdr, 0);
	CU_ASSERT_EQUAL(mg_cable_phy_lookup("Micrel KSZ9031 Gigabit PHY")->support, MG_CABLE_SUPPORTED);
	CU_ASSERT_EQUAL(mg_cable_phy_lookup("Qualcomm Atheros AR8035")->support, MG_CABLE_SUPPORTED);
	CU_ASSERT_EQUAL(mg_cable_phy_lookup("Aquantia AQR113C")->support, MG_CABLE_UNSUPPORTED);
	CU_ASSERT_PTR_NULL(mg_cable_phy_lookup("Generic Clause 45 PHY"));
}

/* Without the acknowledgement nothing starts, whatever the interface. */
static void test_run_needs_ack(void)
{
	struct mg_ctx *ctx;
	struct mg_cable_result *r = (struct mg_cable_result *)1;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/phys", &ctx), 0);
	CU_ASSERT_EQUAL(mg_cable_test_run(ctx, "eth1", 0, 0, NULL, NULL, &r), -EINVAL);
	CU_ASSERT_PTR_NULL(r);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "link"));
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "down"));
	mg_ctx_unref(ctx);
}

/* ---- notifications ---- */

static struct nl_msg *ntf(int ifindex, int status)
{
	struct nl_msg *msg = nlmsg_alloc();
	struct nlattr *nest;

	CU_ASSERT_PTR_NOT_NULL_FATAL(msg);
	genlmsg_put(msg, 0, 0, 0x20, 0, 0, ETHTOOL_MSG_CABLE_TEST_NTF, 1);
	nest = nla_nest_start(msg, ETHTOOL_A_CABLE_TEST_NTF_HEADER);
	nla_put_u32(msg, ETHTOOL_A_HEADER_DEV_INDEX, (uint32_t)ifindex);
	nla_nest_end(msg, nest);
	nla_put_u8(msg, ETHTOOL_A_CABLE_TEST_NTF_STATUS, (uint8_t)status);
	return msg;
}

static void put_result(struct nl_msg *msg, int pair, int code)
{
	struct nlattr *n = nla_nest_start(msg, ETHTOOL_A_CABLE_NEST_RESULT);

	nla_put_u8(msg, ETHTOOL_A_CABLE_RESULT_PAIR, (uint8_t)pair);
	nla_put_u8(msg, ETHTOOL_A_CABLE_RESULT_CODE, (uint8_t)code);
	nla_nest_end(msg, n);
}

static void put_length(struct nl_msg *msg, int pair, uint32_t cm)
{
	struct nlattr *n = nla_nest_start(msg, ETHTOOL_A_CABLE_NEST_FAULT_LENGTH);

	nla_put_u8(msg, ETHTOOL_A_CABLE_FAULT_LENGTH_PAIR, (uint8_t)pair);
	nla_put_u32(msg, ETHTOOL_A_CABLE_FAULT_LENGTH_CM, cm);
	nla_nest_end(msg, n);
}

/* Every code, in two notifications of four pairs, with fault lengths. */
static void test_every_result_code(void)
{
	for (int base = 0; base < 8; base += 4) {
		struct nl_msg *msg = ntf(9, ETHTOOL_A_CABLE_TEST_NTF_STATUS_COMPLETED);
		struct mg_cable_result r;
		struct nlattr *nest = nla_nest_start(msg, ETHTOOL_A_CABLE_TEST_NTF_NEST);
		int ifindex = 0, status = 0;

		for (int p = 0; p < 4; p++) {
			put_result(msg, p, base + p);
			if (base + p >= 2)
				put_length(msg, p, (uint32_t)(150 * (base + p)));
		}
		nla_nest_end(msg, nest);
		mg_cable_result_init(&r);
		CU_ASSERT_EQUAL_FATAL(mg_cable_parse_ntf(nlmsg_hdr(msg), &ifindex, &status, &r), 0);
		CU_ASSERT_EQUAL(ifindex, 9);
		CU_ASSERT_EQUAL(status, ETHTOOL_A_CABLE_TEST_NTF_STATUS_COMPLETED);
		for (int p = 0; p < 4; p++) {
			CU_ASSERT_EQUAL(mg_cable_result_get_code(&r, p), (enum mg_cable_code)(base + p));
			CU_ASSERT_EQUAL(mg_cable_result_get_fault_length_cm(&r, p),
					base + p >= 2 ? 150 * (base + p) : MG_UNKNOWN);
		}
		if (base == 0) {
			char *text = NULL;

			/* cable-test's lines: a pair's verdict, and where the fault is when there is one. */
			CU_ASSERT_EQUAL_FATAL(mg_cable_result_to_text(&r, "eth9", 0, &text), 0);
			CU_ASSERT_STRING_EQUAL(text, "pair A: unspec\npair B: ok\npair C: open, fault at 3.00 m\n"
						     "pair D: same_short, fault at 4.50 m\n");
			free(text);
			CU_ASSERT_EQUAL(mg_cable_result_to_text(&r, "eth9", MG_JSON_LINE, &text), -EINVAL);
		}
		nlmsg_free(msg);
	}
	CU_ASSERT_STRING_EQUAL(mg_cable_code_name(MG_CABLE_CODE_OK), "ok");
	CU_ASSERT_STRING_EQUAL(mg_cable_code_name(MG_CABLE_CODE_OPEN), "open");
	CU_ASSERT_STRING_EQUAL(mg_cable_code_name(MG_CABLE_CODE_SAME_SHORT), "same_short");
	CU_ASSERT_STRING_EQUAL(mg_cable_code_name(MG_CABLE_CODE_CROSS_SHORT), "cross_short");
	CU_ASSERT_STRING_EQUAL(mg_cable_code_name(MG_CABLE_CODE_IMPEDANCE_MISMATCH), "impedance_mismatch");
	CU_ASSERT_STRING_EQUAL(mg_cable_code_name(MG_CABLE_CODE_NOISE), "noise");
	CU_ASSERT_STRING_EQUAL(mg_cable_code_name(MG_CABLE_CODE_RESOLUTION_NOT_POSSIBLE),
			       "resolution_not_possible");
}

static void test_started_and_malformed(void)
{
	struct nl_msg *msg = ntf(3, ETHTOOL_A_CABLE_TEST_NTF_STATUS_STARTED);
	struct mg_cable_result r;
	int ifindex, status;

	mg_cable_result_init(&r);
	CU_ASSERT_EQUAL(mg_cable_parse_ntf(nlmsg_hdr(msg), &ifindex, &status, &r), 0);
	CU_ASSERT_EQUAL(status, ETHTOOL_A_CABLE_TEST_NTF_STATUS_STARTED);
	CU_ASSERT_EQUAL(mg_cable_result_get_code(&r, 0), MG_CABLE_CODE_UNSPEC);
	nlmsg_free(msg);

	/* Another notification of the monitor group is not ours. */
	msg = nlmsg_alloc();
	genlmsg_put(msg, 0, 0, 0x20, 0, 0, ETHTOOL_MSG_LINKINFO_NTF, 1);
	CU_ASSERT_EQUAL(mg_cable_parse_ntf(nlmsg_hdr(msg), &ifindex, &status, &r), -ENOMSG);
	nlmsg_free(msg);

	/* No header, or a pair out of range, or a short attribute. */
	msg = nlmsg_alloc();
	genlmsg_put(msg, 0, 0, 0x20, 0, 0, ETHTOOL_MSG_CABLE_TEST_NTF, 1);
	nla_put_u8(msg, ETHTOOL_A_CABLE_TEST_NTF_STATUS, 2);
	CU_ASSERT_EQUAL(mg_cable_parse_ntf(nlmsg_hdr(msg), &ifindex, &status, &r), -EPROTO);
	nlmsg_free(msg);
	msg = ntf(3, ETHTOOL_A_CABLE_TEST_NTF_STATUS_COMPLETED);
	{
		struct nlattr *nest = nla_nest_start(msg, ETHTOOL_A_CABLE_TEST_NTF_NEST);

		put_result(msg, 7, MG_CABLE_CODE_OPEN);
		put_result(msg, 1, 200);
		nla_nest_end(msg, nest);
	}
	mg_cable_result_init(&r);
	CU_ASSERT_EQUAL(mg_cable_parse_ntf(nlmsg_hdr(msg), &ifindex, &status, &r), 0);
	for (int p = 0; p < 4; p++)
		CU_ASSERT_EQUAL(mg_cable_result_get_code(&r, p), MG_CABLE_CODE_UNSPEC);
	CU_ASSERT_EQUAL(mg_cable_result_get_code(&r, 9), MG_CABLE_CODE_UNSPEC);
	nlmsg_free(msg);
}

/* A TDR run: a step of 80 cm from 0, two pairs, three distances each. */
static void test_tdr_notification(void)
{
	struct nl_msg *msg = nlmsg_alloc();
	struct nlattr *hdr, *nest, *e;
	struct mg_cable_result r;
	int ifindex, status, pair, cm, mv;

	genlmsg_put(msg, 0, 0, 0x20, 0, 0, ETHTOOL_MSG_CABLE_TEST_TDR_NTF, 1);
	hdr = nla_nest_start(msg, ETHTOOL_A_CABLE_TEST_TDR_NTF_HEADER);
	nla_put_u32(msg, ETHTOOL_A_HEADER_DEV_INDEX, 4);
	nla_nest_end(msg, hdr);
	nla_put_u8(msg, ETHTOOL_A_CABLE_TEST_TDR_NTF_STATUS, ETHTOOL_A_CABLE_TEST_NTF_STATUS_COMPLETED);
	nest = nla_nest_start(msg, ETHTOOL_A_CABLE_TEST_TDR_NTF_NEST);
	e = nla_nest_start(msg, ETHTOOL_A_CABLE_TDR_NEST_STEP);
	nla_put_u32(msg, ETHTOOL_A_CABLE_STEP_FIRST_DISTANCE, 0);
	nla_put_u32(msg, ETHTOOL_A_CABLE_STEP_LAST_DISTANCE, 160);
	nla_put_u32(msg, ETHTOOL_A_CABLE_STEP_STEP_DISTANCE, 80);
	nla_nest_end(msg, e);
	for (int d = 0; d < 3; d++) {
		for (int p = 0; p < 2; p++) {
			e = nla_nest_start(msg, ETHTOOL_A_CABLE_TDR_NEST_AMPLITUDE);
			nla_put_u8(msg, ETHTOOL_A_CABLE_AMPLITUDE_PAIR, (uint8_t)p);
			nla_put_u16(msg, ETHTOOL_A_CABLE_AMPLITUDE_mV, (uint16_t)(int16_t)(d == 2 ? -300 : 10 * p));
			nla_nest_end(msg, e);
		}
	}
	nla_nest_end(msg, nest);
	mg_cable_result_init(&r);
	CU_ASSERT_EQUAL_FATAL(mg_cable_parse_tdr_ntf(nlmsg_hdr(msg), &ifindex, &status, &r), 0);
	CU_ASSERT_EQUAL(ifindex, 4);
	CU_ASSERT_EQUAL_FATAL(mg_cable_result_get_tdr_count(&r), 6);
	CU_ASSERT_EQUAL(mg_cable_result_get_tdr_sample(&r, 5, &pair, &cm, &mv), 0);
	CU_ASSERT_EQUAL(pair, 1);
	CU_ASSERT_EQUAL(cm, 160);
	CU_ASSERT_EQUAL(mv, -300);
	CU_ASSERT_EQUAL(mg_cable_result_get_tdr_sample(&r, 2, &pair, &cm, &mv), 0);
	CU_ASSERT_EQUAL(pair, 0);
	CU_ASSERT_EQUAL(cm, 80);
	CU_ASSERT_EQUAL(mv, 0);
	CU_ASSERT_EQUAL(mg_cable_result_get_tdr_sample(&r, 6, &pair, &cm, &mv), -EINVAL);
	{
		char *text = NULL;

		/* cable-test --tdr: a line a sample, a negative amplitude as it is. */
		CU_ASSERT_EQUAL_FATAL(mg_cable_result_to_text(&r, "eth4", MG_JSON_TDR, &text), 0);
		CU_ASSERT_STRING_EQUAL(text, "pair A    0.00 m      0 mV\npair B    0.00 m     10 mV\n"
					     "pair A    0.80 m      0 mV\npair B    0.80 m     10 mV\n"
					     "pair A    1.60 m   -300 mV\npair B    1.60 m   -300 mV\n");
		free(text);
		CU_ASSERT_EQUAL_FATAL(mg_cable_result_to_json(&r, "eth4", MG_JSON_TDR | MG_JSON_LINE, &text), 0);
		CU_ASSERT_PTR_NOT_NULL(strstr(text, "\"mv\":-300"));
		free(text);
	}
	/* The plain parser does not take a TDR notification. */
	CU_ASSERT_EQUAL(mg_cable_parse_ntf(nlmsg_hdr(msg), &ifindex, &status, &r), -ENOMSG);
	nlmsg_free(msg);
}

/* The PHY list of Linux 6.12+: the driver's name straight from the kernel. */
static void test_phy_get_reply(void)
{
	struct nl_msg *msg = nlmsg_alloc();
	struct nlattr *hdr;
	char driver[64] = "";

	genlmsg_put(msg, 0, 0, 0x20, 0, 0, 45 /* ETHTOOL_MSG_PHY_GET_REPLY */, 1);
	hdr = nla_nest_start(msg, 1);
	nla_put_u32(msg, ETHTOOL_A_HEADER_DEV_INDEX, 2);
	nla_nest_end(msg, hdr);
	nla_put_u32(msg, 2, 1);				/* ETHTOOL_A_PHY_INDEX */
	nla_put_string(msg, 3, "Marvell 88E1510");	/* ETHTOOL_A_PHY_DRVNAME */
	nla_put_string(msg, 4, "stmmac-0:01");		/* ETHTOOL_A_PHY_NAME */
	CU_ASSERT_EQUAL(mg_cable_parse_phy_reply(nlmsg_hdr(msg), driver, sizeof(driver)), 0);
	CU_ASSERT_STRING_EQUAL(driver, "Marvell 88E1510");
	nlmsg_free(msg);

	msg = nlmsg_alloc();
	genlmsg_put(msg, 0, 0, 0x20, 0, 0, 45, 1);
	CU_ASSERT_EQUAL(mg_cable_parse_phy_reply(nlmsg_hdr(msg), driver, sizeof(driver)), -ENODATA);
	nlmsg_free(msg);
	msg = ntf(1, 1);
	CU_ASSERT_EQUAL(mg_cable_parse_phy_reply(nlmsg_hdr(msg), driver, sizeof(driver)), -EPROTO);
	nlmsg_free(msg);
}

static void count_progress(void *data, const char *status, int elapsed_ms)
{
	(void)elapsed_ms;
	if (!strcmp(status, "started"))
		++*(int *)data;
}

/*
 * Nothing arrives: the wait ends with ETIMEDOUT after the timeout. A route
 * socket that joined no group stays as quiet as an unanswered generic one,
 * and qemu-user (the arm64 runs) has route sockets but no generic ones.
 */
static void test_timeout(void)
{
	struct nl_sock *sk = nl_socket_alloc();
	struct mg_cable_result r;
	struct mg_ctx *ctx;
	int started = 0;

	CU_ASSERT_FATAL(sk && nl_connect(sk, NETLINK_ROUTE) == 0);
	nl_socket_disable_seq_check(sk);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/phys", &ctx), 0);
	mg_cable_result_init(&r);
	CU_ASSERT_EQUAL(mg_cable_wait(ctx, sk, 2, false, 300, count_progress, &started, &r), -ETIMEDOUT);
	CU_ASSERT_EQUAL(started, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "no cable test result"));
	mg_ctx_unref(ctx);
	nl_socket_free(sk);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("cable-support", NULL, NULL, MG_TEST(test_marvell_88e1510),
		     MG_TEST(test_realtek_nbase_t), MG_TEST(test_broadcom_bcm54213pe),
		     MG_TEST(test_unknown_phy), MG_TEST(test_phy_found_while_renaming), MG_TEST(test_no_phy),
		     MG_TEST(test_phy_table), MG_TEST(test_run_needs_ack));
	MG_ADD_SUITE("cable-notifications", NULL, NULL, MG_TEST(test_every_result_code),
		     MG_TEST(test_started_and_malformed), MG_TEST(test_tdr_notification),
		     MG_TEST(test_phy_get_reply), MG_TEST(test_timeout));
	return mg_test_run();
}
