/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "library": the undo journal's text, written and read back, and
 * damaged journals refused rather than guessed at. No privilege needed.
 */
#include <errno.h>
#include <string.h>

#include "mg-settings.h"
#include "mg-test.h"

static int parse(const char *text, struct mg_journal *j)
{
	return mg_journal_parse(text, strlen(text), j);
}

static void test_round_trip(void)
{
	struct mg_journal j = { .ifindex = 7, .ifname = "eth1", .time = 1715000000, .pid = 4242 }, back;
	char buf[MG_JOURNAL_MAX];
	int len;

	j.entries[j.count++] = (struct mg_journal_entry){ .param = MG_PARAM_MTU, .old_value = 1500, .new_value = 9000,
							  .new_known = true };
	j.entries[j.count++] = (struct mg_journal_entry){ .param = MG_PARAM_COMBINED_CHANNELS, .old_value = 4 };
	len = mg_journal_format(&j, buf, sizeof(buf));
	CU_ASSERT_FATAL(len > 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "change mtu 1500 9000\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "change combined 4 -\n"));
	CU_ASSERT_EQUAL_FATAL(mg_journal_parse(buf, (size_t)len, &back), 0);
	CU_ASSERT_EQUAL(back.ifindex, 7);
	CU_ASSERT_STRING_EQUAL(back.ifname, "eth1");
	CU_ASSERT_EQUAL(back.time, 1715000000);
	CU_ASSERT_EQUAL(back.pid, 4242);
	CU_ASSERT_EQUAL_FATAL(back.count, 2);
	CU_ASSERT(back.entries[0].param == MG_PARAM_MTU && back.entries[0].old_value == 1500 &&
		  back.entries[0].new_value == 9000 && back.entries[0].new_known);
	CU_ASSERT(back.entries[1].param == MG_PARAM_COMBINED_CHANNELS && !back.entries[1].new_known);
	CU_ASSERT_EQUAL(mg_journal_format(&j, buf, 40), -E2BIG);
}

/* Features by name, EEE, and advertised modes as a bitmap of the kernel's indices. */
static void test_round_trip_tune(void)
{
	struct mg_journal j = { .ifindex = 3, .ifname = "eth0", .time = 1, .pid = 2 }, back;
	struct mg_journal_entry *e;
	char buf[MG_JOURNAL_MAX];
	int len;

	e = &j.entries[j.count++];
	*e = (struct mg_journal_entry){ .group = MG_GROUP_FEATURES, .name = "tx-udp_tnl-segmentation",
					.old_value = 1, .new_value = 0, .new_known = true };
	e = &j.entries[j.count++];
	*e = (struct mg_journal_entry){ .group = MG_GROUP_EEE, .old_value = 1 };
	e = &j.entries[j.count++];
	*e = (struct mg_journal_entry){ .group = MG_GROUP_ADVERTISE, .new_known = true };
	mg_linkmodes_set(&e->old_modes, 5);
	mg_linkmodes_set(&e->old_modes, 47);
	mg_linkmodes_set(&e->old_modes, 200);
	mg_linkmodes_set(&e->new_modes, 5);
	len = mg_journal_format(&j, buf, sizeof(buf));
	CU_ASSERT_FATAL(len > 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "feature tx-udp_tnl-segmentation 1 0\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "eee 1 -\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "advertise 0000000000000100000000000000000000000000000000000000800000000020 "
				      "0000000000000000000000000000000000000000000000000000000000000020\n"));
	CU_ASSERT_EQUAL_FATAL(mg_journal_parse(buf, (size_t)len, &back), 0);
	CU_ASSERT_EQUAL_FATAL(back.count, 3);
	CU_ASSERT_EQUAL(mg_journal_entry_group(&back.entries[0]), MG_GROUP_FEATURES);
	CU_ASSERT_STRING_EQUAL(back.entries[0].name, "tx-udp_tnl-segmentation");
	CU_ASSERT(back.entries[0].old_value == 1 && back.entries[0].new_value == 0 && back.entries[0].new_known);
	CU_ASSERT_EQUAL(mg_journal_entry_group(&back.entries[1]), MG_GROUP_EEE);
	CU_ASSERT(back.entries[1].old_value == 1 && !back.entries[1].new_known);
	CU_ASSERT_EQUAL(mg_journal_entry_group(&back.entries[2]), MG_GROUP_ADVERTISE);
	CU_ASSERT_TRUE(mg_linkmodes_equal(&back.entries[2].old_modes, &e->old_modes));
	CU_ASSERT_TRUE(mg_linkmodes_equal(&back.entries[2].new_modes, &e->new_modes));
	/* A parameter's entry keeps the group its parameter gives. */
	CU_ASSERT_EQUAL(mg_journal_entry_group(&(struct mg_journal_entry){ .param = MG_PARAM_PAUSE_RX }),
			MG_GROUP_PAUSE);
}

/* ASPM L1, with the L1 substates turning it off turned off too, and without. */
static void test_round_trip_aspm(void)
{
	struct mg_journal j = { .ifindex = 3, .ifname = "eth1", .time = 1, .pid = 2 }, back;
	char buf[MG_JOURNAL_MAX];
	int len;

	j.entries[j.count++] = (struct mg_journal_entry){ .group = MG_GROUP_ASPM, .old_value = 1, .new_value = 0,
							  .new_known = true,
							  .aspm_substates = MG_PCIE_ASPM_L1_1 | MG_PCIE_ASPM_L1_2 |
									    MG_PCIE_PCIPM_L1_2 };
	j.entries[j.count++] = (struct mg_journal_entry){ .group = MG_GROUP_ASPM, .old_value = 0 };
	len = mg_journal_format(&j, buf, sizeof(buf));
	CU_ASSERT_FATAL(len > 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "aspm-l1 1 0 l1_1_aspm,l1_2_aspm,l1_2_pcipm\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "aspm-l1 0 -\n"));
	CU_ASSERT_EQUAL_FATAL(mg_journal_parse(buf, (size_t)len, &back), 0);
	CU_ASSERT_EQUAL_FATAL(back.count, 2);
	CU_ASSERT_EQUAL(mg_journal_entry_group(&back.entries[0]), MG_GROUP_ASPM);
	CU_ASSERT(back.entries[0].old_value == 1 && back.entries[0].new_value == 0 && back.entries[0].new_known);
	CU_ASSERT_EQUAL(back.entries[0].aspm_substates, MG_PCIE_ASPM_L1_1 | MG_PCIE_ASPM_L1_2 | MG_PCIE_PCIPM_L1_2);
	CU_ASSERT_EQUAL(mg_journal_entry_group(&back.entries[1]), MG_GROUP_ASPM);
	CU_ASSERT(back.entries[1].old_value == 0 && !back.entries[1].new_known && !back.entries[1].aspm_substates);
}

/* A later version's keys are skipped; a journal without an index is no journal. */
static void test_tolerated(void)
{
	struct mg_journal j;

	CU_ASSERT_EQUAL(parse("multigig-journal 1\nifindex 3\nuser root\n\nchange rx 1 2\n", &j), 0);
	CU_ASSERT_EQUAL(j.count, 1);
	CU_ASSERT_EQUAL(parse("multigig-journal 1\nifname eth0\n", &j), -EBADMSG);
}

static void test_damaged(void)
{
	static const char *const bad[] = {
		"",
		"multigig-journal 2\nifindex 3\n",
		"multigig-journal 1",
		"multigig-journal 1\nifindex 0\n",
		"multigig-journal 1\nifindex -3\n",
		"multigig-journal 1\nifindex 3x\n",
		"multigig-journal 1\nifindex 99999999999\n",
		"multigig-journal 1\nifindex 3\npid nobody\n",
		"multigig-journal 1\nifindex 3\nchange frobs 1 2\n",
		"multigig-journal 1\nifindex 3\nchange mtu 1500\n",
		"multigig-journal 1\nifindex 3\nchange mtu 1500 9000 1\n",
		"multigig-journal 1\nifindex 3\nchange mtu -1 9000\n",
		"multigig-journal 1\nifindex 3\nchange mtu 1500 4294967296\n",
		"multigig-journal 1\nifindex 3\nchange mtu +1500 9000\n",
		"multigig-journal 1\nifindex 3\nifname abcdefghijklmnopq\n",
		"multigig-journal 1\nifindex 3\nfeature rx-gro 2 0\n",
		"multigig-journal 1\nifindex 3\nfeature rx-gro 1\n",
		"multigig-journal 1\nifindex 3\nfeature abcdefghijklmnopqrstuvwxyz0123456 1 0\n",
		"multigig-journal 1\nifindex 3\neee 1\n",
		"multigig-journal 1\nifindex 3\neee on off\n",
		"multigig-journal 1\nifindex 3\nadvertise 20 -\n",
		"multigig-journal 1\nifindex 3\nadvertise\n",
		"multigig-journal 1\nifindex 3\naspm-l1 1\n",
		"multigig-journal 1\nifindex 3\naspm-l1 2 0\n",
		"multigig-journal 1\nifindex 3\naspm-l1 on off\n",
		"multigig-journal 1\nifindex 3\naspm-l1 1 0 l1_aspm\n",
		"multigig-journal 1\nifindex 3\naspm-l1 1 0 l1_1_aspm,\n",
		"multigig-journal 1\nifindex 3\naspm-l1 1 0 ,l1_1_aspm\n",
		"multigig-journal 1\nifindex 3\naspm-l1 1 0 l1_1_aspmx\n",
		"multigig-journal 1\nifindex 3\nadvertise "
		"000000000000000000000000000000000000000000000000000000000000002g -\n",
	};
	char big[MG_JOURNAL_MAX + 64], nul[] = "multigig-journal 1\nifindex 3\0\n";
	struct mg_journal j;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		CU_ASSERT_EQUAL(parse(bad[i], &j), -EBADMSG);
	CU_ASSERT_EQUAL(mg_journal_parse(nul, sizeof(nul) - 1, &j), -EBADMSG);
	/* More changes than one apply can make. */
	strcpy(big, "multigig-journal 1\nifindex 3\n");
	for (int i = 0; i <= MG_CHANGE_MAX; i++)
		strcat(big, "change mtu 1 2\n");
	CU_ASSERT_EQUAL(parse(big, &j), -EBADMSG);
	memset(big, 'x', sizeof(big));
	CU_ASSERT_EQUAL(mg_journal_parse(big, sizeof(big), &j), -EBADMSG);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("journal", NULL, NULL, MG_TEST(test_round_trip), MG_TEST(test_round_trip_tune),
		     MG_TEST(test_round_trip_aspm), MG_TEST(test_tolerated),
		     MG_TEST(test_damaged));
	return mg_test_run();
}
