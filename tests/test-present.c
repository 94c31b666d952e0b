/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "library": the documents the library writes. The escaper on every
 * kind of byte a capture can hold; the line breaker; the SVG drawing and
 * the HTML report of fixture trees (the limiting link, the ceilings, the
 * advice, the capture's notice); and a tree made hostile on purpose, whose
 * board, driver strings and capture note try to open tags.
 * tests/python/test_pictures.py parses the same documents with lxml and
 * renders them in a browser.
 */
#include <errno.h>
#include <string.h>

#include "present/present.h"
#include "mg-test.h"
#include "test-util.h"

static char *escaped(const char *s, size_t max_chars)
{
	struct mg_strbuf t = { 0 };

	mg_strbuf_escape(&t, s, max_chars);
	return mg_strbuf_take(&t);
}

static void check_escape(const char *in, size_t max_chars, const char *want)
{
	char *out = escaped(in, max_chars);

	CU_ASSERT_PTR_NOT_NULL_FATAL(out);
	CU_ASSERT_STRING_EQUAL(out, want);
	if (strcmp(out, want))
		fprintf(stderr, "escape '%s': got '%s', want '%s'\n", in, out, want);
	free(out);
}

static void test_escape_markup(void)
{
	check_escape("<script>&\"'</script>", 0, "&lt;script&gt;&amp;&quot;&#39;&lt;/script&gt;");
	check_escape("&amp;", 0, "&amp;amp;");
	check_escape("", 0, "");
}

/*
 * XML forbids C0 controls, and the CLI shows C1, DEL, tab and return as
 * escapes: each is written as the CLI's text shows it, as is a byte that
 * is not UTF-8, so no two strings look alike.
 */
static void test_escape_bytes(void)
{
	check_escape("a\x01" "b\x1b[31m", 0, "a\\x01b\\x1b[31m");
	check_escape("tab\tcr\rnl\n", 0, "tab\\x09cr\\x0dnl\n");
	check_escape("del\x7f c1\xc2\x85", 0, "del\\x7f c1\\xc2\\x85");
	check_escape("caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x98\x80", 0, "caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x98\x80");
	/* Stray and cut bytes, an overlong '<', a surrogate, beyond U+10FFFF, U+FFFE. */
	check_escape("x\xff\xfe", 0, "x\\xff\\xfe");
	check_escape("cut\xe2\x80", 0, "cut\\xe2\\x80");
	check_escape("\xc0\xbc", 0, "\\xc0\\xbc");
	check_escape("\xed\xa0\x80", 0, "\\xed\\xa0\\x80");
	check_escape("\xf4\x90\x80\x80", 0, "\\xf4\\x90\\x80\\x80");
	check_escape("\xef\xbf\xbe", 0, "\\ufffe");
	/* U+FFFD is a character like any other: it no longer stands for a bad byte. */
	check_escape("\xef\xbf\xbd", 0, "\xef\xbf\xbd");
}

/*
 * One-to-one: the text \xff and the byte 0xff differ, and so do eth0 and
 * eth0 with a zero-width space; a backslash stays as it is where nothing
 * after it reads as an escape (a shell word's '\'').
 */
static void test_escape_one_to_one(void)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "a\\xffb", "a\\\\xffb" }, { "a\xff" "b", "a\\xffb" }, { "a\\\\", "a\\\\\\\\" }, { "a\\", "a\\\\" },
		{ "a\\u200b", "a\\\\u200b" }, { "a\\U0001", "a\\\\U0001" }, { "a\\\xff", "a\\\\\\xff" },
		{ "'a'\\''b'", "&#39;a&#39;\\&#39;&#39;b&#39;" }, { "C:\\dir", "C:\\dir" }, { "a\\\x1b", "a\\\\\\x1b" },
		{ "eth0\xe2\x80\x8b", "eth0\\u200b" }, { "a\xe2\x80\xae" "b", "a\\u202eb" },
		{ "\xc2\xad\xcd\x8f\xd8\x9c\xe1\x85\x9f\xe1\x85\xa0", "\\u00ad\\u034f\\u061c\\u115f\\u1160" },
		{ "\xe1\x9e\xb4\xe1\xa0\x8b\xe1\xa0\x8f\xe2\x81\xa0\xe2\x81\xaf", "\\u17b4\\u180b\\u180f\\u2060\\u206f" },
		{ "\xe3\x85\xa4\xef\xb8\x80\xef\xbb\xbf\xef\xbe\xa0\xef\xbf\xb9", "\\u3164\\ufe00\\ufeff\\uffa0\\ufff9" },
		{ "\xf3\xa0\x80\x81\xf3\xa0\x81\xbf", "\\U000e0001\\U000e007f" },
		/* Neighbours of the ranges show as themselves. */
		{ "\xe2\x80\x8a\xe2\x80\x90\xe2\x80\xa9\xe2\x80\xaf", "\xe2\x80\x8a\xe2\x80\x90\xe2\x80\xa9\xe2\x80\xaf" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		check_escape(cases[i].in, 0, cases[i].out);
	/* Plain text: the same, without entities. */
	{
		struct mg_strbuf t = { 0 };
		char *s;

		mg_strbuf_show(&t, "<a&b>'\\xff'\xff\xe2\x80\x8b", 0);
		s = mg_strbuf_take(&t);
		CU_ASSERT_PTR_NOT_NULL_FATAL(s);
		CU_ASSERT_STRING_EQUAL(s, "<a&b>'\\\\xff'\\xff\\u200b");
		free(s);
	}
}

/*
 * Prometheus: the text \xff and the byte 0xff, eth0 and eth0 + U+200B, are
 * four series, never two; label values are valid UTF-8 either way.
 */
static void test_prometheus_labels(void)
{
	static const char *const names[] = { "a\\xff", "a\xff", "eth0", "eth0\xe2\x80\x8b", "a\xe2\x80\xae" "b",
					     "$(reboot)" };
	static const char *const want[] = { "device=\"a\\\\\\\\xff\"", "device=\"a\\\\xff\"", "device=\"eth0\"",
					    "device=\"eth0\\\\u200b\"", "device=\"a\\\\u202eb\"",
					    "device=\"$(reboot)\"" };
	struct mg_prom_adapter adapters[6] = { { 0 } };
	struct mg_prom_input in = { adapters, 6, NULL };
	struct mg_strbuf t = { 0 };
	char *text;

	for (size_t i = 0; i < 6; i++) {
		adapters[i].nic = mg_nic_alloc();
		CU_ASSERT_PTR_NOT_NULL_FATAL(adapters[i].nic);
		adapters[i].device = names[i];
	}
	mg_prometheus_text(&t, &in);
	text = mg_strbuf_take(&t);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	for (size_t i = 0; i < 6; i++) {
		char series[128];

		snprintf(series, sizeof(series), "multigig_nic_info{%s,", want[i]);
		CU_ASSERT_PTR_NOT_NULL(strstr(text, series));
		if (!strstr(text, series))
			fprintf(stderr, "no series %s in:\n%s\n", series, text);
		mg_nic_unref((struct mg_nic *)adapters[i].nic);
	}
	CU_ASSERT_PTR_NULL(strstr(text, "\xff"));
	CU_ASSERT_PTR_NULL(strstr(text, "\xe2\x80\x8b"));
	free(text);
}

static void test_escape_limit(void)
{
	struct mg_strbuf t = { 0 };

	check_escape("abcdef", 6, "abcdef");
	check_escape("abcdefg", 6, "abcde\xe2\x80\xa6");
	/* Characters, not bytes: an entity or a multi-byte letter is one. */
	check_escape("\xc3\xa9\xc3\xa9<\xc3\xa9\xc3\xa9", 4, "\xc3\xa9\xc3\xa9&lt;\xe2\x80\xa6");
	mg_strbuf_escape(&t, NULL, 0);
	mg_strbuf_put(&t, "");
	{
		char *s = mg_strbuf_take(&t);

		CU_ASSERT_PTR_NOT_NULL_FATAL(s);
		CU_ASSERT_STRING_EQUAL(s, "");
		free(s);
	}
}

static void test_line_break(void)
{
	const char *s = "the quick brown fox";

	CU_ASSERT_EQUAL(mg_strbuf_line_break(s, 100), strlen(s));
	CU_ASSERT_EQUAL(mg_strbuf_line_break(s, 12), strlen("the quick "));
	CU_ASSERT_EQUAL(mg_strbuf_line_break("abcdefgh", 3), 3);
	/* Counted in characters: four two-byte letters fit in four. */
	CU_ASSERT_EQUAL(mg_strbuf_line_break("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9 x", 4), 8);
}

static char *svg_of(const char *tree, const char *ifname)
{
	struct mg_ctx *ctx;
	struct mg_nic *nic;
	struct mg_pcie_path *path;
	char *svg = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(tree, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, ifname, &nic), 0);
	CU_ASSERT_EQUAL_FATAL(mg_pcie_path_new_for_nic(ctx, nic, &path), 0);
	CU_ASSERT_EQUAL(mg_pcie_path_to_svg(ctx, path, nic, &svg), 0);
	mg_pcie_path_free(path);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
	return svg;
}

static void test_svg_pi5(void)
{
	char *svg = svg_of(FIXTURE_TREES "/pi5-rtl8126", "eth1");

	CU_ASSERT_PTR_NOT_NULL_FATAL(svg);
	CU_ASSERT(!strncmp(svg, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg ", 44));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "version=\"1.1\""));
	/* The limiting link, marked; its figure; the ceilings beside Ethernet; the advice. */
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "fill=\"#c0392b\">capable 8 GT/s x1 / running 5 GT/s x1</text>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "the narrowest link of the path: 4.000 Gb/s available"));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, ">0001:00:00.0</tspan> root port"));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "limit of the path"));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "3.451 Gbit/s: the limit"));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "3.434 Gbit/s: the limit"));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, ">4.707 Gbit/s</text>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "add &#39;dtparam=pciex1_gen=3&#39;"));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "Raspberry Pi 5 Model B Rev 1.0"));
	/* Nothing a viewer would run or fetch. */
	CU_ASSERT_PTR_NULL(strstr(svg, "<script"));
	CU_ASSERT_PTR_NULL(strstr(svg, "href"));
	CU_ASSERT_PTR_NULL(strstr(svg, "<style"));
	CU_ASSERT_PTR_NULL(strstr(svg, "\t"));
	free(svg);
}

/* Ethernet is slower than the narrowest PCIe link: that link is marked, not alarmed. */
static void test_svg_ethernet_slower(void)
{
	char *svg = svg_of(FIXTURE_TREES "/desktop", "enp1s0");

	CU_ASSERT_PTR_NOT_NULL_FATAL(svg);
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "limit of the path (Ethernet is slower)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "0.941 Gbit/s: the limit"));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "the other end's link registers are unknown"));
	free(svg);
}

static void test_svg_arguments(void)
{
	char *svg = (char *)1;

	CU_ASSERT_EQUAL(mg_pcie_path_to_svg(NULL, NULL, NULL, &svg), -EINVAL);
	CU_ASSERT_PTR_NULL(svg);
	CU_ASSERT_EQUAL(mg_pcie_path_to_svg(NULL, NULL, NULL, NULL), -EINVAL);
}

static char *report_of(const char *tree, const char *ifname)
{
	struct mg_ctx *ctx;
	struct mg_nic *nic = NULL;
	char *html = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(tree, &ctx), 0);
	if (ifname)
		CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, ifname, &nic), 0);
	CU_ASSERT_EQUAL(mg_report_html(ctx, nic, 0, &html), 0);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
	return html;
}

static void test_report_pi5(void)
{
	char *html = report_of(FIXTURE_TREES "/pi5-rtl8126", NULL);

	CU_ASSERT_PTR_NOT_NULL_FATAL(html);
	CU_ASSERT(!strncmp(html, "<!DOCTYPE html>\n", 16));
	CU_ASSERT_PTR_NOT_NULL(strstr(html, "From a capture, not a live machine"));
	CU_ASSERT_PTR_NOT_NULL(strstr(html, "<th>board</th><td>Raspberry Pi 5 Model B Rev 1.0</td>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(html, "<h2 id=\"adapter-1\">eth1: RTL8126 5GbE Controller</h2>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(html, "<th>driver</th><td>r8169</td>"));
	/* The path inline, without its XML declaration. */
	CU_ASSERT_PTR_NOT_NULL(strstr(html, "<svg xmlns=\"http://www.w3.org/2000/svg\""));
	CU_ASSERT_PTR_NULL(strstr(html, "<?xml"));
	CU_ASSERT_PTR_NOT_NULL(strstr(html, "<tr><td>mtu</td><td>1500</td><td>9194</td></tr>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(html, "[pcie-ceiling-below-ethernet]"));
	CU_ASSERT_PTR_NOT_NULL(strstr(html, "<strong>Fix:</strong> the Raspberry Pi 5 runs"));
	CU_ASSERT_PTR_NULL(strstr(html, "<script"));
	CU_ASSERT_PTR_NULL(strstr(html, "src="));
	free(html);
}

/* Virtual interfaces are left out of "every adapter"; a capture's note names its kernel. */
static void test_report_virtual(void)
{
	char *html = report_of(FIXTURE_TREES "/virtio-vm", NULL);

	CU_ASSERT_PTR_NOT_NULL_FATAL(html);
	CU_ASSERT_PTR_NOT_NULL(strstr(html, "<th>kernel</th><td>Linux 6.18.44-fc-v595 x86_64</td>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(html, ">eth0</a>"));
	CU_ASSERT_PTR_NULL(strstr(html, ">ifb0</a>"));
	free(html);
	html = report_of(FIXTURE_TREES "/virtio-vm", "ifb0");
	CU_ASSERT_PTR_NOT_NULL_FATAL(html);
	CU_ASSERT_PTR_NOT_NULL(strstr(html, "<title>multigig report: ifb0</title>"));
	free(html);
}

static void test_report_arguments(void)
{
	struct mg_ctx *ctx;
	char *html = (char *)1;

	CU_ASSERT_EQUAL(mg_report_html(NULL, NULL, 0, &html), -EINVAL);
	CU_ASSERT_PTR_NULL(html);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(FIXTURE_TREES "/pi5-rtl8126", &ctx), 0);
	CU_ASSERT_EQUAL(mg_report_html(ctx, NULL, 0x80, &html), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "flags"));
	CU_ASSERT_EQUAL(mg_report_html(ctx, NULL, 0, NULL), -EINVAL);
	mg_ctx_unref(ctx);
}

/* Markup in the board's model, the driver's strings and the capture's note stays text. */
static void test_hostile_strings(void)
{
	static const char evil[] = "<script>alert(1)</script><b onload=\"x\">&amp;'</b>\x01\xff";
	char tmp[4096], tree[4200], cmd[8800], note[512];
	char *svg, *html;

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, sizeof(tmp)));
	snprintf(tree, sizeof(tree), "%s/tree", tmp);
	snprintf(cmd, sizeof(cmd), "cp -a '%s/pi5-rtl8126' '%s'", FIXTURE_TREES, tree);
	CU_ASSERT_EQUAL_FATAL(system(cmd), 0);
	put_file(tree, "firmware/devicetree/base/model", evil);
	put_file(tree, "multigig/net/eth1",
		 "ifindex=3\nkind=physical\noperstate=up\ncarrier=1\nmtu=1500\nmin_mtu=68\nmax_mtu=9194\n"
		 "parent=0001:01:00.0\ndriver_version=</td><script>x</script>\n"
		 "firmware_version=\"><img src=x>\n");
	snprintf(note, sizeof(note), "kernel=%s\nsource=live\n", evil);
	put_file(tree, "multigig/CAPTURE", note);

	svg = svg_of(tree, "eth1");
	html = report_of(tree, NULL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(svg);
	CU_ASSERT_PTR_NOT_NULL_FATAL(html);
	for (int i = 0; i < 2; i++) {
		const char *doc = i ? html : svg;

		CU_ASSERT_PTR_NULL(strstr(doc, "<script"));
		CU_ASSERT_PTR_NULL(strstr(doc, "<b "));
		CU_ASSERT_PTR_NULL(strstr(doc, "<img"));
		CU_ASSERT_PTR_NULL(strstr(doc, "\x01"));
		CU_ASSERT_PTR_NULL(strstr(doc, "\xff"));
		CU_ASSERT_PTR_NOT_NULL(strstr(doc, "&lt;script&gt;alert(1)&lt;/script&gt;&lt;b onload=&quot;x&quot;&gt;"
						   "&amp;amp;&#39;&lt;/b&gt;\\x01\\xff"));
	}
	CU_ASSERT_PTR_NOT_NULL(strstr(html, "&lt;/td&gt;&lt;script&gt;x&lt;/script&gt;"));
	CU_ASSERT_PTR_NOT_NULL(strstr(html, "&quot;&gt;&lt;img src=x&gt;"));
	free(svg);
	free(html);
	rm_tree(tmp);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("present", NULL, NULL, MG_TEST(test_escape_markup), MG_TEST(test_escape_bytes),
		     MG_TEST(test_escape_one_to_one), MG_TEST(test_prometheus_labels), MG_TEST(test_escape_limit), MG_TEST(test_line_break), MG_TEST(test_svg_pi5),
		     MG_TEST(test_svg_ethernet_slower), MG_TEST(test_svg_arguments), MG_TEST(test_report_pi5),
		     MG_TEST(test_report_virtual), MG_TEST(test_report_arguments), MG_TEST(test_hostile_strings));
	return mg_test_run();
}
