/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "library": the undo journal's text, written and read back, and
 * damaged or cut-short journals refused rather than guessed at. No
 * privilege needed.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "apply/apply.h"
#include "mg-test.h"

static struct mg_journal j, back;
static char buf[MG_JOURNAL_MAX];

static int parse(const char *text, struct mg_journal *out)
{
	return mg_journal_parse(text, strlen(text), out);
}

/* A journal's header, then @parts: what a writer would put before the end line. */
static struct mg_journal_part *start(int ifindex, const char *name)
{
	struct mg_iface_id id = { .ifindex = ifindex };

	mg_journal_clear(&j);
	snprintf(j.ns.id, sizeof(j.ns.id), "c4096");
	j.ns.inode = 4026531840ULL;
	snprintf(j.ns.boot, sizeof(j.ns.boot), "5f7c2d1e-0000-4000-8000-000000000001");
	j.time = 1715000000;
	j.pid = 4242;
	snprintf(id.name, sizeof(id.name), "%s", name);
	snprintf(id.kind, sizeof(id.kind), "veth");
	snprintf(id.mac, sizeof(id.mac), "02:00:00:00:00:07");
	return mg_journal_add_part(&j, &id);
}

/* The end line a writer adds: the length before it and the FNV-1a hash of those bytes, done here again. */
static void seal(const char *body, char *out, size_t size)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t len = strlen(body);

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)body[i]) * 0x100000001b3ULL;
	snprintf(out, size, "%send %zu %016" PRIx64 "\n", body, len, h);
}

/* Each of @lines, the change line of a journal sealed whole, is refused as damaged. */
static void refused_lines(const char *const *lines, size_t n)
{
	char body[512], sealed[600];

	for (size_t i = 0; i < n; i++) {
		snprintf(body, sizeof(body), "multigig-journal 2\nnetns c4096 1\nboot -\ntime 1\n"
			 "interface 3 eth1 veth - 02:00:00:00:00:07\n%s\n", lines[i]);
		seal(body, sealed, sizeof(sealed));
		CU_ASSERT_EQUAL(parse(sealed, &back), -EBADMSG);
		mg_journal_clear(&back);
	}
}

static void test_round_trip(void)
{
	struct mg_journal_part *p = start(7, "eth1");
	struct mg_iface_id br = { .ifindex = 9, .name = "br0", .kind = "bridge" };
	int len;

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	p->entries[p->count++] = (struct mg_journal_entry){ .param = MG_PARAM_MTU, .old_value = 1500, .new_value = 9000,
							    .new_known = true };
	p->entries[p->count++] = (struct mg_journal_entry){ .param = MG_PARAM_COMBINED_CHANNELS, .old_value = 4 };
	p = mg_journal_add_part(&j, &br);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	p->entries[p->count++] = (struct mg_journal_entry){ .param = MG_PARAM_MTU, .old_value = 1500, .new_value = 4000,
							    .new_known = true };
	len = mg_journal_format(&j, buf, sizeof(buf));
	CU_ASSERT_FATAL(len > 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "netns c4096 4026531840\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "interface 7 eth1 veth - 02:00:00:00:00:07\nchange mtu 1500 9000\n"
					   "change combined 4 -\ninterface 9 br0 bridge - -\nchange mtu 1500 4000\nend "));
	CU_ASSERT_EQUAL_FATAL(mg_journal_parse(buf, (size_t)len, &back), 0);
	CU_ASSERT_EQUAL(back.version, 2);
	CU_ASSERT_STRING_EQUAL(back.ns.id, "c4096");
	CU_ASSERT_EQUAL(back.ns.inode, 4026531840ULL);
	CU_ASSERT_STRING_EQUAL(back.ns.boot, j.ns.boot);
	CU_ASSERT_EQUAL(back.time, 1715000000);
	CU_ASSERT_EQUAL(back.pid, 4242);
	CU_ASSERT_EQUAL_FATAL(back.count, 2);
	CU_ASSERT_EQUAL(back.parts[0].id.ifindex, 7);
	CU_ASSERT_STRING_EQUAL(back.parts[0].id.name, "eth1");
	CU_ASSERT_STRING_EQUAL(back.parts[0].id.kind, "veth");
	CU_ASSERT_STRING_EQUAL(back.parts[0].id.parent, "");
	CU_ASSERT_STRING_EQUAL(back.parts[0].id.mac, "02:00:00:00:00:07");
	CU_ASSERT_EQUAL_FATAL(back.parts[0].count, 2);
	CU_ASSERT(back.parts[0].entries[0].param == MG_PARAM_MTU && back.parts[0].entries[0].old_value == 1500 &&
		  back.parts[0].entries[0].new_value == 9000 && back.parts[0].entries[0].new_known);
	CU_ASSERT(back.parts[0].entries[1].param == MG_PARAM_COMBINED_CHANNELS && !back.parts[0].entries[1].new_known);
	CU_ASSERT_STRING_EQUAL(back.parts[1].id.kind, "bridge");
	CU_ASSERT_PTR_NOT_NULL(mg_journal_find_part(&back, 9));
	CU_ASSERT_PTR_NULL(mg_journal_find_part(&back, 8));
	CU_ASSERT_EQUAL(mg_journal_format(&j, buf, 40), -E2BIG);
	mg_journal_clear(&back);
}

/* Features by name, EEE, and advertised modes as a bitmap of the kernel's indices. */
static void test_round_trip_tune(void)
{
	struct mg_journal_part *p = start(3, "eth0");
	struct mg_journal_entry *e;
	int len;

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	e = &p->entries[p->count++];
	*e = (struct mg_journal_entry){ .group = MG_GROUP_FEATURES, .name = "tx-udp_tnl-segmentation",
					.old_value = 1, .new_value = 0, .new_known = true };
	e = &p->entries[p->count++];
	*e = (struct mg_journal_entry){ .group = MG_GROUP_EEE, .old_value = 1 };
	e = &p->entries[p->count++];
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
	CU_ASSERT_EQUAL_FATAL(back.parts[0].count, 3);
	CU_ASSERT_EQUAL(mg_journal_entry_group(&back.parts[0].entries[0]), MG_GROUP_FEATURES);
	CU_ASSERT_STRING_EQUAL(back.parts[0].entries[0].name, "tx-udp_tnl-segmentation");
	CU_ASSERT(back.parts[0].entries[0].old_value == 1 && back.parts[0].entries[0].new_value == 0 &&
		  back.parts[0].entries[0].new_known);
	CU_ASSERT_EQUAL(mg_journal_entry_group(&back.parts[0].entries[1]), MG_GROUP_EEE);
	CU_ASSERT(back.parts[0].entries[1].old_value == 1 && !back.parts[0].entries[1].new_known);
	CU_ASSERT_EQUAL(mg_journal_entry_group(&back.parts[0].entries[2]), MG_GROUP_ADVERTISE);
	CU_ASSERT_TRUE(mg_linkmodes_equal(&back.parts[0].entries[2].old_modes, &e->old_modes));
	CU_ASSERT_TRUE(mg_linkmodes_equal(&back.parts[0].entries[2].new_modes, &e->new_modes));
	/* A parameter's entry keeps the group its parameter gives. */
	CU_ASSERT_EQUAL(mg_journal_entry_group(&(struct mg_journal_entry){ .param = MG_PARAM_PAUSE_RX }),
			MG_GROUP_PAUSE);
	mg_journal_clear(&back);
}

/* ASPM L1, with the L1 substates turning it off turned off too, and without. */
static void test_round_trip_aspm(void)
{
	struct mg_journal_part *p = start(3, "eth1");
	int len;

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	p->entries[p->count++] = (struct mg_journal_entry){ .group = MG_GROUP_ASPM, .old_value = 1, .new_value = 0,
							    .new_known = true,
							    .aspm_substates = MG_PCIE_ASPM_L1_1 | MG_PCIE_ASPM_L1_2 |
									      MG_PCIE_PCIPM_L1_2 };
	p->entries[p->count++] = (struct mg_journal_entry){ .group = MG_GROUP_ASPM, .old_value = 0 };
	len = mg_journal_format(&j, buf, sizeof(buf));
	CU_ASSERT_FATAL(len > 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "aspm-l1 1 0 l1_1_aspm,l1_2_aspm,l1_2_pcipm\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "aspm-l1 0 -\n"));
	CU_ASSERT_EQUAL_FATAL(mg_journal_parse(buf, (size_t)len, &back), 0);
	CU_ASSERT_EQUAL_FATAL(back.parts[0].count, 2);
	CU_ASSERT_EQUAL(mg_journal_entry_group(&back.parts[0].entries[0]), MG_GROUP_ASPM);
	CU_ASSERT(back.parts[0].entries[0].old_value == 1 && back.parts[0].entries[0].new_value == 0 &&
		  back.parts[0].entries[0].new_known);
	CU_ASSERT_EQUAL(back.parts[0].entries[0].aspm_substates,
			MG_PCIE_ASPM_L1_1 | MG_PCIE_ASPM_L1_2 | MG_PCIE_PCIPM_L1_2);
	CU_ASSERT(back.parts[0].entries[1].old_value == 0 && !back.parts[0].entries[1].new_known &&
		  !back.parts[0].entries[1].aspm_substates);
	mg_journal_clear(&back);
}

/* Wake-on-LAN's masks as decimal numbers: g (WAKE_MAGIC) replaced d, and one whose setting is not recorded. */
static void test_round_trip_wol(void)
{
	struct mg_journal_part *p = start(3, "eth1");
	int len;

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	p->entries[p->count++] = (struct mg_journal_entry){ .group = MG_GROUP_WOL, .old_value = 0, .new_value = 32,
							    .new_known = true };
	p->entries[p->count++] = (struct mg_journal_entry){ .group = MG_GROUP_WOL, .old_value = 0x2f };
	len = mg_journal_format(&j, buf, sizeof(buf));
	CU_ASSERT_FATAL(len > 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "wol 0 32\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "wol 47 -\n"));
	CU_ASSERT_EQUAL_FATAL(mg_journal_parse(buf, (size_t)len, &back), 0);
	CU_ASSERT_EQUAL_FATAL(back.parts[0].count, 2);
	CU_ASSERT_EQUAL(mg_journal_entry_group(&back.parts[0].entries[0]), MG_GROUP_WOL);
	CU_ASSERT(back.parts[0].entries[0].old_value == 0 && back.parts[0].entries[0].new_value == 32 &&
		  back.parts[0].entries[0].new_known);
	CU_ASSERT_EQUAL(mg_journal_entry_group(&back.parts[0].entries[1]), MG_GROUP_WOL);
	CU_ASSERT(back.parts[0].entries[1].old_value == 0x2f && !back.parts[0].entries[1].new_known);
	mg_journal_clear(&back);
}

static void test_round_trip_steer(void)
{
	struct mg_journal_part *p = start(3, "eth1");
	int len;

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	p->entries[p->count++] = (struct mg_journal_entry){ .group = MG_GROUP_RPS, .index = 1, .old_value = 0,
							    .new_value = 0xf, .new_known = true };
	p->entries[p->count++] = (struct mg_journal_entry){ .group = MG_GROUP_XPS, .index = 0, .old_value = 2 };
	p->entries[p->count++] = (struct mg_journal_entry){ .group = MG_GROUP_IRQ_AFFINITY, .index = 45,
							    .old_value = (long long)0x8000000000000001ULL,
							    .new_value = 1, .new_known = true };
	len = mg_journal_format(&j, buf, sizeof(buf));
	CU_ASSERT_FATAL(len > 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "rps-cpus 1 0 f\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "xps-cpus 0 2 -\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "irq-affinity 45 8000000000000001 1\n"));
	CU_ASSERT_EQUAL_FATAL(mg_journal_parse(buf, (size_t)len, &back), 0);
	CU_ASSERT_EQUAL_FATAL(back.parts[0].count, 3);
	CU_ASSERT_EQUAL(mg_journal_entry_group(&back.parts[0].entries[0]), MG_GROUP_RPS);
	CU_ASSERT(back.parts[0].entries[0].index == 1 && back.parts[0].entries[0].old_value == 0 &&
		  back.parts[0].entries[0].new_value == 0xf && back.parts[0].entries[0].new_known);
	CU_ASSERT_EQUAL(mg_journal_entry_group(&back.parts[0].entries[1]), MG_GROUP_XPS);
	CU_ASSERT(back.parts[0].entries[1].old_value == 2 && !back.parts[0].entries[1].new_known);
	CU_ASSERT_EQUAL(mg_journal_entry_group(&back.parts[0].entries[2]), MG_GROUP_IRQ_AFFINITY);
	CU_ASSERT(back.parts[0].entries[2].index == 45 &&
		  back.parts[0].entries[2].old_value == (long long)0x8000000000000001ULL);
	mg_journal_clear(&back);

	/* A mask past 64 CPUs, a negative queue, a missing value: damaged. */
	{
		const char *bad[] = { "rps-cpus 1 10000000000000000 1", "rps-cpus -1 0 1", "xps-cpus 0 1",
				      "irq-affinity 45 x 1" };

		refused_lines(bad, sizeof(bad) / sizeof(bad[0]));
	}
}

/*
 * A key of a NetworkManager profile: the connection's uuid, NM's key, "none"
 * where the profile set nothing, whether the mark named the value before,
 * and the window; a line naming no uuid, no key libmultigig writes, a value
 * past u32 or not recorded, or a mark flag but 0 and 1 is damaged.
 */
static void test_round_trip_nm(void)
{
	static const char uuid[] = "0b6d4f2a-9c1e-3b7a-8f0e-5d2c6a1e9b44";
	struct mg_journal_part *p = start(3, "eth1");
	int len;

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	p->entries[p->count++] = (struct mg_journal_entry){ .group = MG_GROUP_PERSIST_NM, .param = MG_PARAM_MTU,
							    .old_value = MG_NM_UNSET, .new_value = 9000, .new_known = true,
							    .path = strdup(uuid), .unconfirmed = true };
	p->entries[p->count++] = (struct mg_journal_entry){ .group = MG_GROUP_PERSIST_NM, .param = MG_PARAM_PAUSE_RX,
							    .old_value = 1, .new_value = 0, .new_known = true, .index = 1,
							    .path = strdup(uuid) };
	len = mg_journal_format(&j, buf, sizeof(buf));
	CU_ASSERT_FATAL(len > 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "persist-nm 0b6d4f2a-9c1e-3b7a-8f0e-5d2c6a1e9b44 802-3-ethernet.mtu none 9000 "
					   "0 unconfirmed\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "persist-nm 0b6d4f2a-9c1e-3b7a-8f0e-5d2c6a1e9b44 ethtool.pause-rx 1 0 1\n"));
	CU_ASSERT_EQUAL_FATAL(mg_journal_parse(buf, (size_t)len, &back), 0);
	CU_ASSERT_EQUAL_FATAL(back.parts[0].count, 2);
	CU_ASSERT_EQUAL(mg_journal_entry_group(&back.parts[0].entries[0]), MG_GROUP_PERSIST_NM);
	CU_ASSERT(back.parts[0].entries[0].param == MG_PARAM_MTU && back.parts[0].entries[0].old_value == MG_NM_UNSET &&
		  back.parts[0].entries[0].new_value == 9000 && back.parts[0].entries[0].unconfirmed &&
		  !back.parts[0].entries[0].index);
	CU_ASSERT_STRING_EQUAL(back.parts[0].entries[0].path, uuid);
	CU_ASSERT_STRING_EQUAL(back.parts[0].entries[0].name, "nm.mtu");
	CU_ASSERT(back.parts[0].entries[1].param == MG_PARAM_PAUSE_RX && back.parts[0].entries[1].old_value == 1 &&
		  back.parts[0].entries[1].new_value == 0 && back.parts[0].entries[1].index &&
		  !back.parts[0].entries[1].unconfirmed);
	mg_journal_clear(&back);
	{
		const char *bad[] = {
			"persist-nm 0b6d4f2a-9c1e-3b7a-8f0e-5d2c6a1e9b4 802-3-ethernet.mtu none 9000 0",
			"persist-nm ../../etc/passwd-xxxxxxxxxxxxxxxxxxxxxxxxx 802-3-ethernet.mtu none 9000 0",
			"persist-nm 0b6d4f2a-9c1e-3b7a-8f0e-5d2c6a1e9b44 ipv4.method none 9000 0",
			"persist-nm 0b6d4f2a-9c1e-3b7a-8f0e-5d2c6a1e9b44 ethtool.rx-buf-len none 9000 0",
			"persist-nm 0b6d4f2a-9c1e-3b7a-8f0e-5d2c6a1e9b44 802-3-ethernet.mtu none 4294967296 0",
			"persist-nm 0b6d4f2a-9c1e-3b7a-8f0e-5d2c6a1e9b44 802-3-ethernet.mtu -5 9000 0",
			"persist-nm 0b6d4f2a-9c1e-3b7a-8f0e-5d2c6a1e9b44 802-3-ethernet.mtu none 9000 2",
			"persist-nm 0b6d4f2a-9c1e-3b7a-8f0e-5d2c6a1e9b44 802-3-ethernet.mtu none 9000 0 later",
			"persist-nm 0b6d4f2a-9c1e-3b7a-8f0e-5d2c6a1e9b44 802-3-ethernet.mtu none 9000",
			/* What was written unknown: a restore could not spare another writer's value. */
			"persist-nm 0b6d4f2a-9c1e-3b7a-8f0e-5d2c6a1e9b44 802-3-ethernet.mtu 1500 - 0",
		};

		refused_lines(bad, sizeof(bad) / sizeof(bad[0]));
	}
}

/*
 * Cut short anywhere, or any byte changed, a journal is refused: never
 * read as a shorter complete one (0.2 took "multigig-journal 1\nifindex 3\ni"
 * for a journal with nothing to restore).
 */
static void test_cut_or_changed(void)
{
	struct mg_journal_part *p = start(3, "va0");
	int len, accepted = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	p->entries[p->count++] = (struct mg_journal_entry){ .param = MG_PARAM_MTU, .old_value = 1500, .new_value = 9000,
							    .new_known = true };
	p->entries[p->count++] = (struct mg_journal_entry){ .param = MG_PARAM_RX_CHANNELS, .old_value = 8,
							    .new_value = 2, .new_known = true };
	len = mg_journal_format(&j, buf, sizeof(buf));
	CU_ASSERT_FATAL(len > 0);
	for (int cut = 0; cut < len; cut++)
		if (mg_journal_parse(buf, (size_t)cut, &back) == 0) {
			accepted++;
			mg_journal_clear(&back);
		}
	CU_ASSERT_EQUAL(accepted, 0);
	for (int at = 0; at < len; at++) {
		char was = buf[at];

		buf[at] = was == '1' ? '2' : '1';
		if (mg_journal_parse(buf, (size_t)len, &back) == 0) {
			accepted++;
			mg_journal_clear(&back);
		}
		buf[at] = was;
	}
	CU_ASSERT_EQUAL(accepted, 0);
	CU_ASSERT_EQUAL_FATAL(mg_journal_parse(buf, (size_t)len, &back), 0);
	mg_journal_clear(&back);
}

/* A later version's keys are skipped; a journal without an interface or a namespace is no journal. */
static void test_tolerated(void)
{
	char text[1024];

	seal("multigig-journal 2\nnetns c1 1\nuser root\n\ninterface 3 eth0 - - -\nchange rx 1 2\nnote x\n", text,
	     sizeof(text));
	CU_ASSERT_EQUAL_FATAL(parse(text, &back), 0);
	CU_ASSERT_EQUAL(back.parts[0].count, 1);
	mg_journal_clear(&back);
	seal("multigig-journal 2\nnetns c1 1\n", text, sizeof(text));
	CU_ASSERT_EQUAL(parse(text, &back), -EBADMSG);
	seal("multigig-journal 2\ninterface 3 eth0 - - -\n", text, sizeof(text));
	CU_ASSERT_EQUAL(parse(text, &back), -EBADMSG);
	/* Without a pid line: complete, from an unknown process. */
	seal("multigig-journal 2\nnetns c1 1\ninterface 3 eth0 - - -\nchange mtu 1500 9000\n", text, sizeof(text));
	CU_ASSERT_EQUAL_FATAL(parse(text, &back), 0);
	mg_journal_describe(&back, text, sizeof(text));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "an unknown process"));
	mg_journal_clear(&back);
}

/* libmultigig 0.2's journals are read to be listed (version 1), whatever they hold. */
static void test_version_1(void)
{
	CU_ASSERT_EQUAL_FATAL(parse("multigig-journal 1\nifindex 3\ni", &back), 0);
	CU_ASSERT_EQUAL(back.version, 1);
	CU_ASSERT_EQUAL_FATAL(back.count, 1);
	CU_ASSERT_EQUAL(back.parts[0].id.ifindex, 3);
	mg_journal_clear(&back);
	CU_ASSERT_EQUAL(parse("multigig-journal 1\nifname eth0\n", &back), -EBADMSG);
}

static void test_damaged(void)
{
	static const char *const bad[] = {
		"interface 0 eth0 - - -\n",
		"interface -3 eth0 - - -\n",
		"interface 3x eth0 - - -\n",
		"interface 99999999999 eth0 - - -\n",
		"interface 3 eth0 - -\n",
		"interface 3 abcdefghijklmnopq - - -\n",
		"interface 3 eth0 - - -\ninterface 3 eth1 - - -\n",
		"change mtu 1500 9000\n",
		"interface 3 eth0 - - -\npid nobody\nchange frobs 1 2\n",
		"interface 3 eth0 - - -\nchange frobs 1 2\n",
		"interface 3 eth0 - - -\nchange mtu 1500\n",
		"interface 3 eth0 - - -\nchange mtu 1500 9000 1\n",
		"interface 3 eth0 - - -\nchange mtu -1 9000\n",
		"interface 3 eth0 - - -\nchange mtu 1500 4294967296\n",
		"interface 3 eth0 - - -\nchange mtu +1500 9000\n",
		"interface 3 eth0 - - -\nfeature rx-gro 2 0\n",
		"interface 3 eth0 - - -\nfeature rx-gro 1\n",
		"interface 3 eth0 - - -\nfeature abcdefghijklmnopqrstuvwxyz0123456 1 0\n",
		"interface 3 eth0 - - -\neee 1\n",
		"interface 3 eth0 - - -\neee on off\n",
		"interface 3 eth0 - - -\nadvertise 20 -\n",
		"interface 3 eth0 - - -\nadvertise\n",
		"interface 3 eth0 - - -\naspm-l1 1\n",
		"interface 3 eth0 - - -\naspm-l1 2 0\n",
		"interface 3 eth0 - - -\naspm-l1 on off\n",
		"interface 3 eth0 - - -\naspm-l1 1 0 l1_aspm\n",
		"interface 3 eth0 - - -\naspm-l1 1 0 l1_1_aspm,\n",
		"interface 3 eth0 - - -\naspm-l1 1 0 ,l1_1_aspm\n",
		"interface 3 eth0 - - -\naspm-l1 1 0 l1_1_aspmx\n",
		"interface 3 eth0 - - -\nwol 32\n",
		"interface 3 eth0 - - -\nwol 0 256\n",
		"interface 3 eth0 - - -\nwol -1 0\n",
		"interface 3 eth0 - - -\nwol g d\n",
		"interface 3 eth0 - - -\nwol 0 32 1\n",
		"interface 3 eth0 - - -\nadvertise "
		"000000000000000000000000000000000000000000000000000000000000002g -\n",
	};
	static char big[MG_JOURNAL_MAX + 64], sealed[MG_JOURNAL_MAX + 256], text[4096];
	char body[1024], nul[] = "multigig-journal 2\nnetns c1 1\0\n";

	CU_ASSERT_EQUAL(parse("", &back), -EBADMSG);
	CU_ASSERT_EQUAL(parse("multigig-journal 2", &back), -EBADMSG);
	CU_ASSERT_EQUAL(parse("multigig-journal 3\nnetns c1 1\ninterface 3 eth0 - - -\nend 0 0\n", &back), -EBADMSG);
	/* Each one sealed, so that only what it holds is wrong. */
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(body, sizeof(body), "multigig-journal 2\nnetns c1 1\n%s", bad[i]);
		seal(body, text, sizeof(text));
		CU_ASSERT_EQUAL(parse(text, &back), -EBADMSG);
	}
	CU_ASSERT_EQUAL(mg_journal_parse(nul, sizeof(nul) - 1, &back), -EBADMSG);
	/* More changes than one apply can make to one interface. */
	strcpy(big, "multigig-journal 2\nnetns c1 1\ninterface 3 eth0 - - -\n");
	for (int i = 0; i <= MG_CHANGE_MAX; i++)
		strcat(big, "change mtu 1 2\n");
	seal(big, sealed, sizeof(sealed));
	CU_ASSERT_EQUAL(parse(sealed, &back), -EBADMSG);
	memset(big, 'x', sizeof(big));
	CU_ASSERT_EQUAL(mg_journal_parse(big, sizeof(big), &back), -EBADMSG);
}

static int fini(void)
{
	mg_journal_clear(&j);
	mg_journal_clear(&back);
	return 0;
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("journal", NULL, fini, MG_TEST(test_round_trip), MG_TEST(test_round_trip_tune),
		     MG_TEST(test_round_trip_aspm), MG_TEST(test_round_trip_steer), MG_TEST(test_round_trip_wol),
		     MG_TEST(test_round_trip_nm), MG_TEST(test_cut_or_changed), MG_TEST(test_tolerated),
		     MG_TEST(test_version_1), MG_TEST(test_damaged));
	return mg_test_run();
}
