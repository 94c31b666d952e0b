/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "library": PCI names. The pci.ids reader runs on an excerpt of the
 * real file (fixtures/pci-ids) and on files written here (truncated,
 * malformed); then on this machine's pci.ids, where its answers and the
 * library's must equal what libpci itself says; then, where the machine has
 * one, udev's hwdb is compared with pci.ids.
 */
#include <errno.h>
#include <string.h>

#include <libudev.h>
#include <pci/pci.h>

#include "gather/gather.h"
#include "mg-test.h"
#include "test-util.h"

#define EXCERPT FIXTURE_DIR "/pci-ids/pci.ids"

static char tmp[4096];

static int suite_init(void)
{
	return make_tmpdir(tmp, sizeof(tmp)) ? 0 : -1;
}

static int suite_fini(void)
{
	rm_tree(tmp);
	return 0;
}

static struct mg_pci_ids_names names;

static int read_ids(const char *path, int vendor, int device, int sub_vendor, int sub_device)
{
	struct mg_pci_ids_key key = { vendor, device, sub_vendor, sub_device };

	return mg_pci_ids_read(path, &key, NULL, &names);
}

/* A file under the suite's directory holding @content; returns its path. */
static const char *write_ids(const char *name, const char *content, size_t len)
{
	static char path[4200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", tmp, name);
	f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL(fwrite(content, 1, len, f), len);
	fclose(f);
	return path;
}

static char *slurp(const char *path, size_t *len)
{
	static char buf[65536];
	FILE *f = fopen(path, "r");

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	*len = fread(buf, 1, sizeof(buf) - 1, f);
	buf[*len] = '\0';
	fclose(f);
	return buf;
}

/* ---- the reader on the excerpt ---- */

static void test_found(void)
{
	CU_ASSERT_EQUAL(read_ids(EXCERPT, 0x8086, 0x10c9, 0x8086, 0xa03c), 0);
	CU_ASSERT_STRING_EQUAL(names.vendor, "Intel Corporation");
	CU_ASSERT_STRING_EQUAL(names.device, "82576 Gigabit Network Connection");
	CU_ASSERT_STRING_EQUAL(names.subsystem, "Gigabit ET Dual Port Server Adapter");

	/* The last subsystem of a device, the first vendor, the last vendor. */
	CU_ASSERT_EQUAL(read_ids(EXCERPT, 0x10ec, 0x8129, 0x11ec, 0x8129), 0);
	CU_ASSERT_STRING_EQUAL(names.subsystem, "RTL8111/8168 PCIe Gigabit Ethernet (misconfigured)");
	CU_ASSERT_EQUAL(read_ids(EXCERPT, 0x0001, -1, -1, -1), 0);
	CU_ASSERT_STRING_EQUAL(names.vendor, "SafeNet (wrong ID)");
	CU_ASSERT_EQUAL(read_ids(EXCERPT, 0xffff, -1, -1, -1), 0);
	CU_ASSERT_STRING_EQUAL(names.vendor, "Illegal Vendor ID");

	/* A vendor alone: the devices are not looked for. */
	CU_ASSERT_EQUAL(read_ids(EXCERPT, 0x1af4, -1, -1, -1), 0);
	CU_ASSERT_STRING_EQUAL(names.vendor, "Red Hat, Inc.");
	CU_ASSERT_STRING_EQUAL(names.device, "");
	CU_ASSERT_EQUAL(read_ids(EXCERPT, 0x1af4, 0x1041, 0x1af4, 0x1100), 0);
	CU_ASSERT_STRING_EQUAL(names.device, "Virtio 1.0 network device");
	CU_ASSERT_STRING_EQUAL(names.subsystem, "");
}

static void test_not_found(void)
{
	/* Between two vendors, past the last one, in a vendor without it. */
	CU_ASSERT_EQUAL(read_ids(EXCERPT, 0x1234, 0x0001, 0x1234, 0x0001), 0);
	CU_ASSERT_STRING_EQUAL(names.vendor, "");
	CU_ASSERT_STRING_EQUAL(names.device, "");
	CU_ASSERT_EQUAL(read_ids(EXCERPT, 0x8087, -1, -1, -1), 0);
	CU_ASSERT_STRING_EQUAL(names.vendor, "");
	CU_ASSERT_EQUAL(read_ids(EXCERPT, 0x10ec, 0x8126, -1, -1), 0);
	CU_ASSERT_STRING_EQUAL(names.vendor, "Realtek Semiconductor Co., Ltd.");
	CU_ASSERT_STRING_EQUAL(names.device, "");

	/* A subsystem listed under another device of the same vendor. */
	CU_ASSERT_EQUAL(read_ids(EXCERPT, 0x10ec, 0x8125, 0x1025, 0x1094), 0);
	CU_ASSERT_STRING_EQUAL(names.device, "RTL8125 2.5GbE Controller");
	CU_ASSERT_STRING_EQUAL(names.subsystem, "");

	/* The class list is not read as vendors: "C 02"'s "00" is no device of ffff. */
	CU_ASSERT_EQUAL(read_ids(EXCERPT, 0xffff, 0x0000, -1, -1), 0);
	CU_ASSERT_STRING_EQUAL(names.device, "");

	CU_ASSERT_EQUAL(read_ids(FIXTURE_DIR "/pci-ids/absent.ids", 0x8086, -1, -1, -1), -ENOENT);
}

/* Nothing after "C " is taken for a vendor, even a line shaped like one. */
static void test_stops_at_classes(void)
{
	static const char ids[] = "10ec  Realtek\n"
				  "C 02  Network controller\n"
				  "\t00  Ethernet controller\n"
				  "8086  Not a vendor here\n";
	const char *path = write_ids("classes.ids", ids, sizeof(ids) - 1);

	CU_ASSERT_EQUAL(read_ids(path, 0x8086, -1, -1, -1), 0);
	CU_ASSERT_STRING_EQUAL(names.vendor, "");
	CU_ASSERT_EQUAL(read_ids(path, 0x10ec, -1, -1, -1), 0);
	CU_ASSERT_STRING_EQUAL(names.vendor, "Realtek");
}

/* A file cut anywhere: what is before the cut is found, nothing after. */
static void test_truncated(void)
{
	size_t len;
	const char *text = slurp(EXCERPT, &len);
	const char *cut = strstr(text, "\t\t8086 a03c  Gigabit ET");
	const char *path;

	CU_ASSERT_PTR_NOT_NULL_FATAL(cut);
	/* In the middle of a name: the name as far as it goes. */
	path = write_ids("cut-name.ids", text, (size_t)(cut - text) + strlen("\t\t8086 a03c  Gigabit ET"));
	CU_ASSERT_EQUAL(read_ids(path, 0x8086, 0x10c9, 0x8086, 0xa03c), 0);
	CU_ASSERT_STRING_EQUAL(names.subsystem, "Gigabit ET");
	CU_ASSERT_EQUAL(read_ids(path, 0x8086, 0x10c9, 0x8086, 0xa04c), 0);
	CU_ASSERT_STRING_EQUAL(names.device, "82576 Gigabit Network Connection");
	CU_ASSERT_STRING_EQUAL(names.subsystem, "");
	CU_ASSERT_EQUAL(read_ids(path, 0x8088, -1, -1, -1), 0);
	CU_ASSERT_STRING_EQUAL(names.vendor, "");

	/* In the middle of an id: that line is malformed, the ones before stand. */
	path = write_ids("cut-id.ids", text, (size_t)(cut - text) + strlen("\t\t8086 a0"));
	CU_ASSERT_EQUAL(read_ids(path, 0x8086, 0x10c9, 0x8086, 0xa01c), 0);
	CU_ASSERT_STRING_EQUAL(names.subsystem, "Gigabit ET Dual Port Server Adapter");
	CU_ASSERT_EQUAL(read_ids(path, 0x8086, 0x10c9, 0x8086, 0xa03c), 0);
	CU_ASSERT_STRING_EQUAL(names.subsystem, "");

	path = write_ids("empty.ids", "", 0);
	CU_ASSERT_EQUAL(read_ids(path, 0x8086, 0x10c9, 0x8086, 0xa03c), 0);
	CU_ASSERT_STRING_EQUAL(names.vendor, "");
}

/*
 * What libpci does with a well-formed file's odd corners: CR LF ends, one
 * trailing blank dropped (not two), upper-case hex, comments inside a
 * block, several blanks before a name.
 */
static void test_quirks_like_libpci(void)
{
	static const char ids[] = "# comment\r\n"
				  "10EC  Realtek \r\n"
				  "\t8125  RTL8125\t\t\n"
				  "  # an indented comment\n"
				  "\t# a comment in the block\n"
				  "\t\t10ec 0123 \t Spaced and trailing  \n"
				  "\n"
				  "\t8126\tTab before the name\n";
	const int id[][4] = { { 0x10ec, 0x8125, 0x10ec, 0x0123 }, { 0x10ec, 0x8126, -1, -1 } };
	const char *path = write_ids("quirks.ids", ids, sizeof(ids) - 1);
	struct pci_access *a = pci_alloc();
	char buf[256];

	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	pci_set_name_list_path(a, (char *)path, 0);
	pci_set_param(a, "hwdb.disable", "1");
	a->id_lookup_mode = 0;
	for (size_t i = 0; i < 2; i++) {
		const int f = PCI_LOOKUP_NO_NUMBERS | PCI_LOOKUP_NO_HWDB;

		CU_ASSERT_EQUAL(read_ids(path, id[i][0], id[i][1], id[i][2], id[i][3]), 0);
		CU_ASSERT_STRING_EQUAL(names.vendor, pci_lookup_name(a, buf, sizeof(buf), f | PCI_LOOKUP_VENDOR,
								     id[i][0]));
		CU_ASSERT_STRING_EQUAL(names.device, pci_lookup_name(a, buf, sizeof(buf), f | PCI_LOOKUP_DEVICE,
								     id[i][0], id[i][1]));
	}
	CU_ASSERT_STRING_EQUAL(names.vendor, "Realtek");
	CU_ASSERT_STRING_EQUAL(names.device, "Tab before the name");
	CU_ASSERT_EQUAL(read_ids(path, 0x10ec, 0x8125, 0x10ec, 0x0123), 0);
	CU_ASSERT_STRING_EQUAL(names.device, "RTL8125\t");
	CU_ASSERT_STRING_EQUAL(names.subsystem,
			       pci_lookup_name(a, buf, sizeof(buf),
					       PCI_LOOKUP_NO_NUMBERS | PCI_LOOKUP_SUBSYSTEM | PCI_LOOKUP_DEVICE,
					       0x10ec, 0x8125, 0x10ec, 0x0123));
	CU_ASSERT_STRING_EQUAL(names.subsystem, "Spaced and trailing ");
	pci_cleanup(a);
}

/* A line of @n bytes, @head then filler then @tail, newline not counted. */
static char *long_line(char *out, size_t n, const char *head, const char *tail)
{
	size_t h = strlen(head), t = strlen(tail);

	memcpy(out, head, h);
	memset(out + h, 'x', n - h - t);
	memcpy(out + n - t, tail, t);
	out[n] = '\n';
	out[n + 1] = '\0';
	return out;
}

/*
 * Malformed lines are skipped; one that may have had entries under it takes
 * them along, so no entry lands under the wrong parent. The tail of a line
 * too long to read is not a line of its own.
 */
static void test_malformed(void)
{
	char text[8192], longsub[1200], longdev[1200];
	const char *path;

	/* 1023 bytes before the tail: the length at which libpci gives up. */
	long_line(longsub, 1023 + strlen("\t\t10ec 0002  Tail"), "\t\t", "\t\t10ec 0002  Tail");
	long_line(longdev, 1100, "\t8170  ", "");
	snprintf(text, sizeof(text),
		 "10ec  Realtek\n"
		 "\t8125\n"				/* no name */
		 "\t\t1043 8125  Under a device with no name\n"
		 "\t8126  RTL8126\n"
		 "\t\t10eg 0001  Bad subsystem id\n"
		 "\t\t10ec 0001  After a bad subsystem\n"
		 "\t8167  Before the long lines\n"
		 "%s"
		 "\t\t10ec 0003  After a long subsystem line\n"
		 "%s"
		 "\t\t10ec 0004  Under a device line too long\n"
		 "1x86  Bad vendor id\n"
		 "\t10c9  Under a bad vendor\n"
		 "8086  Intel\n"
		 "\t10c9  82576\n",
		 longsub, longdev);
	path = write_ids("malformed.ids", text, strlen(text));

	CU_ASSERT_EQUAL(read_ids(path, 0x10ec, 0x8125, 0x1043, 0x8125), 0);
	CU_ASSERT_STRING_EQUAL(names.vendor, "Realtek");
	CU_ASSERT_STRING_EQUAL(names.device, "");
	CU_ASSERT_STRING_EQUAL(names.subsystem, "");
	CU_ASSERT_EQUAL(read_ids(path, 0x10ec, 0x8126, 0x10ec, 0x0001), 0);
	CU_ASSERT_STRING_EQUAL(names.device, "RTL8126");
	CU_ASSERT_STRING_EQUAL(names.subsystem, "After a bad subsystem");

	CU_ASSERT_EQUAL(read_ids(path, 0x10ec, 0x8167, 0x10ec, 0x0002), 0);
	CU_ASSERT_STRING_EQUAL(names.device, "Before the long lines");
	CU_ASSERT_STRING_EQUAL(names.subsystem, "");
	CU_ASSERT_EQUAL(read_ids(path, 0x10ec, 0x8167, 0x10ec, 0x0003), 0);
	CU_ASSERT_STRING_EQUAL(names.subsystem, "After a long subsystem line");
	/* A device line too long to read ends the block before it. */
	CU_ASSERT_EQUAL(read_ids(path, 0x10ec, 0x8167, 0x10ec, 0x0004), 0);
	CU_ASSERT_STRING_EQUAL(names.subsystem, "");
	CU_ASSERT_EQUAL(read_ids(path, 0x10ec, 0x8170, 0x10ec, 0x0004), 0);
	CU_ASSERT_STRING_EQUAL(names.device, "");

	/* 10ec's devices are over at the bad vendor line; 8086 is still found. */
	CU_ASSERT_EQUAL(read_ids(path, 0x10ec, 0x10c9, -1, -1), 0);
	CU_ASSERT_STRING_EQUAL(names.device, "");
	CU_ASSERT_EQUAL(read_ids(path, 0x8086, 0x10c9, -1, -1), 0);
	CU_ASSERT_STRING_EQUAL(names.device, "82576");
}

/* Where the vendor's line is, and reading from a mark, good or stale. */
static void test_mark(void)
{
	struct mg_pci_ids_key key = { 0x8086, 0x10c9, 0x8086, 0xa03c };
	struct mg_pci_ids_mark mark = { -1, 0 };
	size_t len;
	const char *text = slurp(EXCERPT, &len);
	off_t intel = strstr(text, "\n8086  Intel") + 1 - text;
	const off_t stale[] = {
		strstr(text, "\n10ec  ") + 1 - text,	/* before it: read on */
		strstr(text, "\n8088  ") + 1 - text,	/* past it: read again from the start */
		intel + 3,				/* inside a line */
		(off_t)len + 100,			/* past the end */
	};

	CU_ASSERT_EQUAL(mg_pci_ids_read(EXCERPT, &key, &mark, &names), 0);
	CU_ASSERT_EQUAL(mark.vendor, 0x8086);
	CU_ASSERT_EQUAL(mark.offset, intel);
	CU_ASSERT_STRING_EQUAL(names.subsystem, "Gigabit ET Dual Port Server Adapter");
	CU_ASSERT_EQUAL(mg_pci_ids_read(EXCERPT, &key, &mark, &names), 0);
	CU_ASSERT_STRING_EQUAL(names.vendor, "Intel Corporation");
	CU_ASSERT_STRING_EQUAL(names.subsystem, "Gigabit ET Dual Port Server Adapter");

	for (size_t i = 0; i < sizeof(stale) / sizeof(stale[0]); i++) {
		mark = (struct mg_pci_ids_mark){ 0x8086, stale[i] };
		CU_ASSERT_EQUAL(mg_pci_ids_read(EXCERPT, &key, &mark, &names), 0);
		CU_ASSERT_STRING_EQUAL(names.device, "82576 Gigabit Network Connection");
		CU_ASSERT_STRING_EQUAL(names.subsystem, "Gigabit ET Dual Port Server Adapter");
		CU_ASSERT_EQUAL(mark.offset, intel);
	}
	/* Another vendor's mark is not used, and is replaced. */
	key = (struct mg_pci_ids_key){ 0x10ec, 0x8125, -1, -1 };
	CU_ASSERT_EQUAL(mg_pci_ids_read(EXCERPT, &key, &mark, &names), 0);
	CU_ASSERT_STRING_EQUAL(names.device, "RTL8125 2.5GbE Controller");
	CU_ASSERT_EQUAL(mark.vendor, 0x10ec);
}

/* ---- this machine's pci.ids against libpci ---- */

static struct pci_access *pacc;
static char system_path[4096];	/* the plain pci.ids libpci reads */

static int system_init(void)
{
	pacc = pci_alloc();
	if (!pacc)
		return -1;
	pacc->id_lookup_mode = 0;
	pci_set_name_list_path(pacc, system_path, 0);
	pci_set_param(pacc, "hwdb.disable", "1");
	return 0;
}

static int system_fini(void)
{
	pci_cleanup(pacc);
	return 0;
}

/*
 * Three NICs: with a subsystem listed under the device, with the device's
 * own ids as subsystem (libpci names it after the device), with one not
 * listed under it (1af4 1100 is listed under 1af4:1110 only).
 */
static const int system_ids[][4] = {
	{ 0x8086, 0x10c9, 0x8086, 0xa03c },
	{ 0x8086, 0x10c9, 0x103c, 0x31ef },
	{ 0x8086, 0x10c9, 0x8086, 0x10c9 },
	{ 0x10ec, 0x8125, 0x10ec, 0x8125 },
	{ 0x10ec, 0x8125, 0x1043, 0x87d7 },
	{ 0x1af4, 0x1041, 0x1af4, 0x1041 },
	{ 0x1af4, 0x1041, 0x1af4, 0x1100 },
};

static const char *libpci_name(int flags, const int *id, char *buf, size_t size)
{
	return pci_lookup_name(pacc, buf, (int)size, flags | PCI_LOOKUP_NO_NUMBERS | PCI_LOOKUP_NO_HWDB,
			       id[0], id[1], id[2], id[3]);
}

static void assert_same(const char *ours, const char *theirs, const char *what, const int *id)
{
	bool same = ours && theirs ? !strcmp(ours, theirs) : ours == theirs;

	if (!same)
		printf("\n  %04x:%04x %04x:%04x %s: ours \"%s\", libpci \"%s\"", id[0], id[1], id[2], id[3],
		       what, ours ? ours : "(none)", theirs ? theirs : "(none)");
	CU_ASSERT_TRUE(same);
}

/* The reader on the file libpci reads gives libpci's entries. */
static void test_system_reader(void)
{
	const char *path = system_path;
	char buf[1024];

	for (size_t i = 0; i < sizeof(system_ids) / sizeof(system_ids[0]); i++) {
		const int *id = system_ids[i];
		bool own_ids = id[0] == id[2] && id[1] == id[3];
		const char *theirs;

		CU_ASSERT_EQUAL(read_ids(path, id[0], id[1], id[2], id[3]), 0);
		assert_same(names.vendor, libpci_name(PCI_LOOKUP_VENDOR, id, buf, sizeof(buf)), "vendor", id);
		assert_same(names.device, libpci_name(PCI_LOOKUP_DEVICE, id, buf, sizeof(buf)), "device", id);
		/* The reader gives the entry; naming own ids after the device is the library's part. */
		theirs = libpci_name(PCI_LOOKUP_SUBSYSTEM | PCI_LOOKUP_DEVICE, id, buf, sizeof(buf));
		if (names.subsystem[0] || !own_ids)
			assert_same(names.subsystem[0] ? names.subsystem : NULL, theirs, "subsystem", id);
	}
	/* The three the brief names, spelled out. */
	CU_ASSERT_EQUAL(read_ids(path, 0x8086, 0x10c9, -1, -1), 0);
	CU_ASSERT_STRING_EQUAL(names.device, "82576 Gigabit Network Connection");
	CU_ASSERT_EQUAL(read_ids(path, 0x10ec, 0x8125, -1, -1), 0);
	CU_ASSERT_STRING_EQUAL(names.device, "RTL8125 2.5GbE Controller");
	CU_ASSERT_EQUAL(read_ids(path, 0x1af4, 0x1041, -1, -1), 0);
	CU_ASSERT_STRING_EQUAL(names.device, "Virtio 1.0 network device");
}

/* What the library answers (pci.ids first, hwdb for the rest) is libpci's answer. */
static void test_system_library(void)
{
	struct mg_ctx *ctx;
	char ours[256], theirs[256];

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/desktop", &ctx), 0);
	for (size_t i = 0; i < sizeof(system_ids) / sizeof(system_ids[0]); i++) {
		const int *id = system_ids[i];

		assert_same(mg_pci_vendor_name(ctx, id[0], ours, sizeof(ours)),
			    libpci_name(PCI_LOOKUP_VENDOR, id, theirs, sizeof(theirs)), "vendor", id);
		assert_same(mg_pci_device_name(ctx, id[0], id[1], ours, sizeof(ours)),
			    libpci_name(PCI_LOOKUP_DEVICE, id, theirs, sizeof(theirs)), "device", id);
		assert_same(mg_pci_subsystem_name(ctx, id[0], id[1], id[2], id[3], ours, sizeof(ours)),
			    libpci_name(PCI_LOOKUP_SUBSYSTEM | PCI_LOOKUP_DEVICE, id, theirs, sizeof(theirs)),
			    "subsystem", id);
	}
	/* Too long for the buffer: cut and marked as libpci does. */
	assert_same(mg_pci_device_name(ctx, 0x8086, 0x10c9, ours, 12),
		    libpci_name(PCI_LOOKUP_DEVICE, system_ids[0], theirs, 12), "device in 12 bytes",
		    system_ids[0]);
	CU_ASSERT_PTR_NULL(mg_pci_vendor_name(ctx, 0x1234, ours, sizeof(ours)));
	mg_ctx_unref(ctx);
}

/* ---- udev's hwdb against pci.ids ---- */

static bool have_hwdb(void)
{
	struct udev *udev = udev_new();
	struct udev_hwdb *hwdb = udev ? udev_hwdb_new(udev) : NULL;

	udev_hwdb_unref(hwdb);
	udev_unref(udev);
	return hwdb != NULL;
}

/*
 * For these ids the two databases agree, so hwdb's answers (a subsystem
 * taken out of "DEVICE (SUBSYSTEM)" included) equal pci.ids'.
 */
static void test_hwdb(void)
{
	const int ids[][4] = {
		{ 0x8086, 0x10c9, 0x8086, 0xa03c },
		{ 0x8086, 0x10c9, 0x103c, 0x31ef },
		{ 0x10ec, 0x8125, 0x10ec, 0x8125 },
		{ 0x1af4, 0x1041, 0x1af4, 0x1041 },
	};
	struct mg_pci_ids_names hw;
	struct mg_ctx *ctx;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/desktop", &ctx), 0);
	for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		struct mg_pci_ids_key key = { ids[i][0], ids[i][1], ids[i][2], ids[i][3] };

		CU_ASSERT_EQUAL_FATAL(mg_pci_hwdb_read(ctx, &key, &hw), 0);
		CU_ASSERT_EQUAL(read_ids(system_path, key.vendor, key.device, key.sub_vendor,
					 key.sub_device), 0);
		CU_ASSERT_STRING_EQUAL(hw.vendor, names.vendor);
		CU_ASSERT_STRING_EQUAL(hw.device, names.device);
		CU_ASSERT_STRING_EQUAL(hw.subsystem, names.subsystem);
	}
	mg_ctx_unref(ctx);
}

/*
 * The plain pci.ids libpci reads. Debian's libpci is told "pci.ids.gz" and
 * opens the plain file when there is no such file; the reader reads plain
 * files only, so a machine with the .gz alone is not compared.
 */
static bool find_system_ids(char *path, size_t size)
{
	struct pci_access *a = pci_alloc();
	size_t len;

	snprintf(path, size, "%s", a && a->id_file_name ? a->id_file_name : "");
	pci_cleanup(a);
	len = strlen(path);
	if (access(path, R_OK) == 0)
		return len < 3 || strcmp(path + len - 3, ".gz") != 0;
	if (len > 3 && !strcmp(path + len - 3, ".gz"))
		path[len - 3] = '\0';
	return access(path, R_OK) == 0;
}

/* Below the log's priority a message's arguments are not even evaluated (libkmod's rule). */
static int evaluated;

static int count_evaluation(void)
{
	return ++evaluated;
}

static void ignore_log(void *data, int priority, const char *file, int line, const char *fn, const char *format,
		       va_list args)
{
	(void)data, (void)priority, (void)file, (void)line, (void)fn, (void)format, (void)args;
}

static void test_log_priority_first(void)
{
	struct mg_ctx *ctx;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/desktop", &ctx), 0);
	mg_dbg(ctx, "%d", count_evaluation());
	mg_ctx_set_log_fn(ctx, ignore_log, NULL);
	mg_dbg(ctx, "%d", count_evaluation());
	CU_ASSERT_EQUAL(evaluated, 0);
	mg_ctx_set_log_priority(ctx, LOG_DEBUG);
	mg_dbg(ctx, "%d", count_evaluation());
	CU_ASSERT_EQUAL(evaluated, 1);
	mg_ctx_unref(ctx);
}

int main(void)
{
	bool ids = find_system_ids(system_path, sizeof(system_path)), hwdb = have_hwdb();

	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("names", suite_init, suite_fini, MG_TEST(test_found), MG_TEST(test_not_found),
		     MG_TEST(test_stops_at_classes), MG_TEST(test_truncated), MG_TEST(test_malformed),
		     MG_TEST(test_mark), MG_TEST(test_quirks_like_libpci), MG_TEST(test_log_priority_first));
	if (ids)
		MG_ADD_SUITE("names-system", system_init, system_fini, MG_TEST(test_system_reader),
			     MG_TEST(test_system_library));
	else
		printf("names: no plain pci.ids for libpci here: the comparison with libpci did not run\n");
	if (!hwdb)
		printf("names: no udev hwdb (hwdb.bin) here: the hwdb path was not exercised\n");
	else if (ids)
		MG_ADD_SUITE("names-hwdb", system_init, system_fini, MG_TEST(test_hwdb));
	else
		printf("names: hwdb found but no pci.ids to compare it with: the hwdb path was not exercised\n");
	return mg_test_run();
}
