/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The PCIe path as one SVG 1.1 drawing, for a bug report or a forum post:
 * the Ethernet link on top, one box per function from the adapter down to
 * the root port, each link drawn as wide as its lanes, the narrowest one
 * in red, then the ceilings per direction beside the Ethernet rate and the
 * advice. Plain shapes and text only: no script, no style sheet, no font
 * or image to fetch, no id (several drawings share one HTML page), so it
 * renders where an issue tracker shows it as an image. Every string that
 * comes from the machine goes through mg_strbuf_escape().
 */
#include <stdio.h>
#include <string.h>

#include "present/present.h"

#define WIDTH 760
#define MARGIN 20
#define BOX_W (WIDTH - 2 * MARGIN)
#define BOX_H 60
#define LINK_H 68
#define STUB_H 18	/* a connector that is not a PCIe link */
#define WIRE_X 110	/* where links and connectors run */
#define LABEL_X 200	/* where a link's words start */
#define LANE_PX 5	/* width of one lane */
#define MAX_LANES 32	/* wider links are drawn at this width */
#define BAR_X 170	/* the ceilings' bars */
#define BAR_MAX 360
#define WRAP 96		/* characters of 13 px text across the drawing */

#define RED "#c0392b"
#define BLUE "#2c6fbb"
#define PALE_BLUE "#c9dcf2"
#define GREY "#555555"
#define LIGHT_GREY "#8a94a6"
#define INK "#222222"
#define DARK_BLUE "#1f4e8c"

/* "8 GT/s x1", or "unknown". */
static void format_link(double gts, int width, char *buf, size_t size)
{
	if (gts < 0 || width <= 0)
		snprintf(buf, size, "unknown");
	else
		snprintf(buf, size, "%g GT/s x%d", gts, width);
}

static const char *node_name(const struct mg_svg_input *in, size_t i, bool vendor)
{
	if (!in->names)
		return NULL;
	return vendor ? in->names[i].vendor : in->names[i].device;
}

/* "root_port" as words: "root port". */
static void put_role(struct mg_strbuf *t, const struct mg_pcie_node *n)
{
	char words[32];

	mg_strlcpy(words, mg_pcie_role_name(mg_pcie_node_get_role(n)), sizeof(words));
	for (char *c = words; *c; c++)
		if (*c == '_')
			*c = ' ';
	mg_strbuf_escape(t, words, 0);
}

static bool is_port(const struct mg_pcie_node *n)
{
	enum mg_pcie_role r = mg_pcie_node_get_role(n);

	return r == MG_PCIE_ROLE_ROOT_PORT || r == MG_PCIE_ROLE_DOWNSTREAM_PORT;
}

/*
 * The link the limiting function is on, by the index of its lower end (the
 * link is drawn below that box), or -1. A port's link status describes the
 * link below it, any other function's the link above.
 */
static int limit_link(const struct mg_pcie_path *p)
{
	const struct mg_pcie_node *lim = mg_pcie_path_get_limit(p);
	size_t count = mg_pcie_path_count(p);

	for (size_t i = 0; lim && i < count; i++) {
		if (mg_pcie_path_get(p, i) != lim)
			continue;
		if (is_port(lim))
			return i > 0 ? (int)i - 1 : -1;
		return i + 1 < count ? (int)i : -1;
	}
	return -1;
}

/* A connector that carries no PCIe state: to the Ethernet box, to the CPU. */
static void stub(struct mg_strbuf *t, int y)
{
	mg_strbuf_printf(t, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"" LIGHT_GREY
		       "\" stroke-width=\"2\"/>\n", WIRE_X, y, WIRE_X, y + STUB_H);
}

static void title(struct mg_strbuf *t, const struct mg_svg_input *in, int *y)
{
	const char *addr = mg_pcie_node_get_address(mg_pcie_path_get(in->path, 0));
	const char *board = mg_pcie_path_get_board(in->path);

	mg_strbuf_printf(t, "<text x=\"%d\" y=\"%d\" font-size=\"17\" font-weight=\"bold\">PCIe path of ",
		       MARGIN, *y + 20);
	if (in->ifname) {
		mg_strbuf_escape(t, in->ifname, 40);
		mg_strbuf_put(t, " (");
		mg_strbuf_escape(t, addr, 40);
		mg_strbuf_put(t, ")");
	} else {
		mg_strbuf_escape(t, addr, 40);
	}
	mg_strbuf_put(t, "</text>\n");
	*y += 30;
	if (board) {
		mg_strbuf_printf(t, "<text x=\"%d\" y=\"%d\" font-size=\"12\" fill=\"" GREY "\">", MARGIN, *y + 12);
		mg_strbuf_escape(t, board, 100);
		mg_strbuf_put(t, "</text>\n");
		*y += 20;
	}
	*y += 8;
}

/* The Ethernet side: its rate and what it carries, above the adapter. */
static void ethernet(struct mg_strbuf *t, const struct mg_svg_input *in, int *y)
{
	const struct mg_estimate *e = in->throughput ? mg_throughput_get_estimate(in->throughput) : NULL;
	int mbps = in->throughput ? mg_throughput_get_line_rate_mbps(in->throughput) : MG_UNKNOWN;
	double eth = e ? mg_estimate_get_ethernet_ceiling_gbps(e) : -1;

	if (!in->ifname && mbps == MG_UNKNOWN)
		return;
	mg_strbuf_printf(t, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"34\" rx=\"17\" fill=\"#eaf2fb\" "
		       "stroke=\"" BLUE "\"/>\n", MARGIN, *y, BOX_W);
	mg_strbuf_printf(t, "<text x=\"%d\" y=\"%d\"><tspan font-weight=\"bold\">Ethernet</tspan> ", MARGIN + 12,
		       *y + 22);
	if (mbps == MG_UNKNOWN)
		mg_strbuf_put(t, "rate unknown (no link, or the driver does not say)");
	else if (eth >= 0)
		mg_strbuf_printf(t, "%d Mbit/s: %.3f Gbit/s of TCP goodput at MTU %d", mbps, eth,
			       mg_throughput_get_mtu(in->throughput));
	else
		mg_strbuf_printf(t, "%d Mbit/s", mbps);
	mg_strbuf_put(t, "</text>\n");
	*y += 34;
	stub(t, *y);
	*y += STUB_H;
}

/* " · " between the parts of a line, none before the first. */
static void part(struct mg_strbuf *t, bool *first)
{
	if (!*first)
		mg_strbuf_put(t, " \xc2\xb7 ");
	*first = false;
}

/* "AER errors: 49 correctable, 1 nonfatal" when the function has counted errors. */
static void put_aer(struct mg_strbuf *t, const struct mg_pcie_node *n, bool *first)
{
	bool any = false;

	for (int sev = MG_AER_CORRECTABLE; sev <= MG_AER_FATAL; sev++) {
		long long total = mg_pcie_node_get_aer_total(n, (enum mg_aer_severity)sev);

		if (total <= 0)
			continue;
		if (!any)
			part(t, first);
		mg_strbuf_printf(t, "%s%lld %s", any ? ", " : "AER errors: ", total,
			       mg_aer_severity_name((enum mg_aer_severity)sev));
		any = true;
	}
}

/* The small line of a box: vendor, ids, capability, payload sizes, errors. */
static void box_details(struct mg_strbuf *t, const struct mg_svg_input *in, size_t i, int y)
{
	const struct mg_pcie_node *n = mg_pcie_path_get(in->path, i);
	const char *vendor = node_name(in, i, true), *reason = mg_pcie_node_get_unknown_reason(n);
	int vid = mg_pcie_node_get_vendor_id(n), did = mg_pcie_node_get_device_id(n);
	bool first = true;
	char cap[32];

	mg_strbuf_printf(t, "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"" GREY "\">", MARGIN + 12, y);
	if (vendor) {
		part(t, &first);
		mg_strbuf_escape(t, vendor, 48);
	}
	if (vid >= 0 && did >= 0) {
		part(t, &first);
		mg_strbuf_printf(t, "%04x:%04x", (unsigned int)vid, (unsigned int)did);
	}
	format_link(mg_pcie_node_get_cap_speed_gts(n), mg_pcie_node_get_cap_width(n), cap, sizeof(cap));
	if (strcmp(cap, "unknown")) {
		part(t, &first);
		mg_strbuf_printf(t, "capable of %s", cap);
	}
	if (mg_pcie_node_get_mps(n) != MG_UNKNOWN) {
		part(t, &first);
		mg_strbuf_printf(t, "MPS %d, MRRS %d", mg_pcie_node_get_mps(n), mg_pcie_node_get_mrrs(n));
	}
	put_aer(t, n, &first);
	if (reason) {
		part(t, &first);
		mg_strbuf_escape(t, reason, 64);
	}
	mg_strbuf_put(t, "</text>\n");
}

/*
 * The slower link outside the path, when one holds the adapter back more
 * than the narrowest PCIe link does: that link is then no alarm.
 */
static enum mg_limit slower_elsewhere(const struct mg_svg_input *in)
{
	enum mg_limit l = in->throughput ? mg_throughput_get_overall_limit(in->throughput) : MG_LIMIT_UNKNOWN;

	return l == MG_LIMIT_ETHERNET || l == MG_LIMIT_USB ? l : MG_LIMIT_UNKNOWN;
}

/* One function: address and role, chip name, details; marked when it sets the path's limit. */
static void box(struct mg_strbuf *t, const struct mg_svg_input *in, size_t i, int y)
{
	const struct mg_pcie_node *n = mg_pcie_path_get(in->path, i);
	const char *device = node_name(in, i, false);
	bool limit = n == mg_pcie_path_get_limit(in->path);
	enum mg_limit elsewhere = slower_elsewhere(in);
	const char *ink = elsewhere ? DARK_BLUE : RED;

	mg_strbuf_printf(t, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"6\" fill=\"%s\" stroke=\"%s\" "
		       "stroke-width=\"%d\"/>\n", MARGIN, y, BOX_W, BOX_H,
		       !limit ? "#f6f7f9" : elsewhere ? "#eaf2fb" : "#fdecea", limit ? ink : LIGHT_GREY,
		       limit ? 2 : 1);
	mg_strbuf_printf(t, "<text x=\"%d\" y=\"%d\"><tspan font-weight=\"bold\">", MARGIN + 12, y + 20);
	mg_strbuf_escape(t, mg_pcie_node_get_address(n), 40);
	mg_strbuf_put(t, "</tspan> ");
	put_role(t, n);
	mg_strbuf_put(t, "</text>\n");
	if (limit && elsewhere)
		mg_strbuf_printf(t, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-weight=\"bold\" fill=\"%s\">"
			       "limit of the path (%s is slower)</text>\n", MARGIN + BOX_W - 12, y + 20, ink,
			       mg_present_limit_word(elsewhere));
	else if (limit)
		mg_strbuf_printf(t, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-weight=\"bold\" fill=\"%s\">"
			       "limit of the path</text>\n", MARGIN + BOX_W - 12, y + 20, ink);
	mg_strbuf_printf(t, "<text x=\"%d\" y=\"%d\">", MARGIN + 12, y + 37);
	if (device)
		mg_strbuf_escape(t, device, 90);
	else
		mg_strbuf_put(t, "(no name known for this device)");
	mg_strbuf_put(t, "</text>\n");
	box_details(t, in, i, y + 53);
}

/* The lanes: the capable width pale, the running width solid over it. */
static void lanes(struct mg_strbuf *t, int y, int h, int cap, int run, const char *colour)
{
	int wcap = (cap > MAX_LANES ? MAX_LANES : cap) * LANE_PX;
	int wrun = (run > MAX_LANES ? MAX_LANES : run) * LANE_PX;

	if (cap > 0 && cap >= run)
		mg_strbuf_printf(t, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"" PALE_BLUE "\"/>\n",
			       WIRE_X - wcap / 2, y, wcap, h);
	if (run > 0)
		mg_strbuf_printf(t, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n",
			       WIRE_X - wrun / 2, y, wrun, h, colour);
	else
		mg_strbuf_printf(t, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"" LIGHT_GREY
			       "\" stroke-width=\"2\" stroke-dasharray=\"4 3\"/>\n", WIRE_X, y, WIRE_X, y + h);
}

/* Why a link runs as it does, in a few words, or NULL. */
static const char *link_note(const struct mg_pcie_node *lower, const struct mg_pcie_node *upper,
			     char *buf, size_t size)
{
	const struct mg_pcie_node *port = is_port(upper) ? upper : lower;
	char cap[32];

	format_link(mg_pcie_node_get_link_cap_speed_gts(lower), mg_pcie_node_get_link_cap_width(lower), cap,
		    sizeof(cap));
	if (mg_pcie_node_link_is_below_target(port) == 1)
		snprintf(buf, size, "did not train to its target of %g GT/s",
			 mg_pcie_node_get_link_target_speed_gts(port));
	else if (mg_pcie_node_link_is_degraded(lower) == 1)
		snprintf(buf, size, "runs below %s, which both ends support", cap);
	else if (!mg_pcie_node_has_link(lower))
		snprintf(buf, size, "the other end's link registers are unknown");
	else if (mg_pcie_node_get_link_capped_by(lower) == MG_PCIE_CAP_BY_PORT)
		snprintf(buf, size, "the port above allows at most %s", cap);
	else if (mg_pcie_node_get_link_capped_by(lower) == MG_PCIE_CAP_BY_BOTH)
		snprintf(buf, size, "each end caps it: at most %s", cap);
	else
		return NULL;
	return buf;
}

/* The link between function @i and the one above it, drawn below box @i. */
static void draw_link(struct mg_strbuf *t, const struct mg_svg_input *in, size_t i, int y, bool limit)
{
	const struct mg_pcie_node *n = mg_pcie_path_get(in->path, i), *up = mg_pcie_path_get(in->path, i + 1);
	char cap[32], run[32], note[128];
	const char *why, *ink = slower_elsewhere(in) ? DARK_BLUE : RED;

	if (!mg_pcie_node_has_link(n) && mg_pcie_node_get_role(n) == MG_PCIE_ROLE_DOWNSTREAM_PORT) {
		/* A switch's downstream port under its upstream port: one chip, no link. */
		lanes(t, y, LINK_H, 0, 0, LIGHT_GREY);
		mg_strbuf_printf(t, "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"" GREY
			       "\">inside the switch: no link</text>\n", LABEL_X, y + LINK_H / 2 + 4);
		return;
	}
	lanes(t, y, LINK_H, mg_pcie_node_get_cap_width(n), mg_pcie_node_get_width(n), limit ? ink : BLUE);
	format_link(mg_pcie_node_get_cap_speed_gts(n), mg_pcie_node_get_cap_width(n), cap, sizeof(cap));
	format_link(mg_pcie_node_get_speed_gts(n), mg_pcie_node_get_width(n), run, sizeof(run));
	if (limit)
		mg_strbuf_printf(t, "<text x=\"%d\" y=\"%d\" font-weight=\"bold\" fill=\"%s\">", LABEL_X, y + 26, ink);
	else
		mg_strbuf_printf(t, "<text x=\"%d\" y=\"%d\">", LABEL_X, y + 26);
	mg_strbuf_printf(t, "capable %s / running %s</text>\n", cap, run);
	if (limit && mg_pcie_path_get_available_mbps(in->path) >= 0) {
		mg_strbuf_printf(t, "<text x=\"%d\" y=\"%d\" font-size=\"12\" fill=\"%s\">the narrowest link of the "
			       "path: %d.%03d Gb/s available</text>\n", LABEL_X, y + 44, ink,
			       mg_pcie_path_get_available_mbps(in->path) / 1000,
			       mg_pcie_path_get_available_mbps(in->path) % 1000);
		y += 16;
	}
	why = link_note(n, up, note, sizeof(note));
	if (why)
		mg_strbuf_printf(t, "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"" GREY "\">%s</text>\n",
			       LABEL_X, y + 44, why);
}

static void path(struct mg_strbuf *t, const struct mg_svg_input *in, int *y)
{
	size_t count = mg_pcie_path_count(in->path);
	int lim = limit_link(in->path);

	for (size_t i = 0; i < count; i++) {
		box(t, in, i, *y);
		*y += BOX_H;
		if (i + 1 < count) {
			draw_link(t, in, i, *y, (int)i == lim);
			*y += LINK_H;
		}
	}
	stub(t, *y);
	*y += STUB_H;
	mg_strbuf_printf(t, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"30\" rx=\"6\" fill=\"#eeeeee\" "
		       "stroke=\"" LIGHT_GREY "\"/>\n", MARGIN, *y, BOX_W);
	mg_strbuf_printf(t, "<text x=\"%d\" y=\"%d\" fill=\"" GREY "\">CPU and memory (the root complex)</text>\n",
		       MARGIN + 12, *y + 20);
	*y += 30 + 24;
}

struct bar {
	const char *label;
	double gbps;
	bool limits;
};

static void bars(struct mg_strbuf *t, const struct bar *b, size_t count, int *y)
{
	double top = 0;

	for (size_t i = 0; i < count; i++)
		if (b[i].gbps > top)
			top = b[i].gbps;
	for (size_t i = 0; i < count; i++) {
		int len = top > 0 ? (int)(b[i].gbps / top * BAR_MAX + 0.5) : 0;

		mg_strbuf_printf(t, "<text x=\"%d\" y=\"%d\">%s</text>\n", MARGIN, *y + 14, b[i].label);
		mg_strbuf_printf(t, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"16\" fill=\"%s\"/>\n", BAR_X, *y + 2,
			       len > 1 ? len : 1, b[i].limits ? RED : BLUE);
		mg_strbuf_printf(t, "<text x=\"%d\" y=\"%d\"%s>%.3f Gbit/s%s</text>\n", BAR_X + len + 8, *y + 14,
			       b[i].limits ? " font-weight=\"bold\" fill=\"" RED "\"" : "", b[i].gbps,
			       b[i].limits ? ": the limit" : "");
		*y += 24;
	}
}

const char *mg_present_limit_word(enum mg_limit limit)
{
	switch (limit) {
	case MG_LIMIT_PCIE: return "PCIe";
	case MG_LIMIT_ETHERNET: return "Ethernet";
	case MG_LIMIT_USB: return "USB";
	case MG_LIMIT_WIFI: return "Wi-Fi";
	default: return "unknown";
	}
}

/* What each direction can carry: the PCIe ceilings beside the Ethernet (and USB) ones. */
static void ceilings(struct mg_strbuf *t, const struct mg_svg_input *in, int *y)
{
	const struct mg_throughput *tp = in->throughput;
	const struct mg_estimate *e = tp ? mg_throughput_get_estimate(tp) : NULL;
	enum mg_limit rx, tx;
	struct bar b[4];
	size_t n = 0;

	if (!e)
		return;
	rx = mg_throughput_get_limited_by(tp, MG_DIRECTION_RX);
	tx = mg_throughput_get_limited_by(tp, MG_DIRECTION_TX);
	b[n++] = (struct bar){ "PCIe, receive", mg_estimate_get_rx_ceiling_gbps(e), rx == MG_LIMIT_PCIE };
	b[n++] = (struct bar){ "PCIe, transmit", mg_estimate_get_tx_ceiling_gbps(e), tx == MG_LIMIT_PCIE };
	if (mg_estimate_get_ethernet_ceiling_gbps(e) >= 0)
		b[n++] = (struct bar){ "Ethernet", mg_estimate_get_ethernet_ceiling_gbps(e),
				       rx == MG_LIMIT_ETHERNET || tx == MG_LIMIT_ETHERNET };
	if (mg_throughput_get_usb_ceiling_mbps(tp) >= 0)
		b[n++] = (struct bar){ "USB", mg_throughput_get_usb_ceiling_mbps(tp) / 1000.0,
				       rx == MG_LIMIT_USB || tx == MG_LIMIT_USB };
	mg_strbuf_printf(t, "<text x=\"%d\" y=\"%d\" font-size=\"14\" font-weight=\"bold\">Ceilings per direction "
		       "(TCP goodput at MTU %d)</text>\n", MARGIN, *y + 14, mg_throughput_get_mtu(tp));
	*y += 26;
	bars(t, b, n, y);
	mg_strbuf_printf(t, "<text x=\"%d\" y=\"%d\" font-weight=\"bold\">Expected: receive %.3f Gbit/s (%s), "
		       "transmit %.3f Gbit/s (%s)</text>\n", MARGIN, *y + 16,
		       mg_throughput_get_expected_gbps(tp, MG_DIRECTION_RX), mg_present_limit_word(rx),
		       mg_throughput_get_expected_gbps(tp, MG_DIRECTION_TX), mg_present_limit_word(tx));
	*y += 24;
	if (mg_throughput_is_lower_bound(tp)) {
		mg_strbuf_printf(t, "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"" GREY "\">The PCIe figures are "
			       "lower bounds: the payload size was unreadable (run as root), 128 bytes assumed."
			       "</text>\n", MARGIN, *y + 12);
		*y += 18;
	}
	*y += 10;
}

/* The advice, wrapped: SVG 1.1 text does not wrap itself. */
static void advice(struct mg_strbuf *t, const struct mg_svg_input *in, int *y)
{
	const char *s = mg_pcie_path_get_advice(in->path);

	if (!s)
		return;
	mg_strbuf_printf(t, "<text x=\"%d\" y=\"%d\" font-size=\"14\" font-weight=\"bold\">Advice</text>\n", MARGIN,
		       *y + 14);
	*y += 22;
	for (int lines = 0; *s && lines < 8; lines++) {
		size_t cut = mg_strbuf_line_break(s, WRAP);
		char line[WRAP * 4 + 1];
		size_t len = cut < sizeof(line) - 1 ? cut : sizeof(line) - 1;

		memcpy(line, s, len);
		while (len && line[len - 1] == ' ')
			len--;
		line[len] = '\0';
		mg_strbuf_printf(t, "<text x=\"%d\" y=\"%d\">", MARGIN, *y + 14);
		mg_strbuf_escape(t, line, 0);
		mg_strbuf_put(t, "</text>\n");
		*y += 18;
		s += cut ? cut : strlen(s);
	}
	*y += 6;
}

void mg_svg_pcie_path(struct mg_strbuf *t, const struct mg_svg_input *in)
{
	struct mg_strbuf body = { 0 };
	int y = MARGIN - 8;

	title(&body, in, &y);
	ethernet(&body, in, &y);
	path(&body, in, &y);
	ceilings(&body, in, &y);
	advice(&body, in, &y);
	y += MARGIN - 10;
	if (!in->inline_html)
		mg_strbuf_put(t, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	mg_strbuf_printf(t, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
		       "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\" "
		       "font-size=\"13\" fill=\"" INK "\">\n", WIDTH, y, WIDTH, y);
	mg_strbuf_put(t, "<title>PCIe path of ");
	mg_strbuf_escape(t, in->ifname ? in->ifname : mg_pcie_node_get_address(mg_pcie_path_get(in->path, 0)), 40);
	mg_strbuf_put(t, "</title>\n<desc>Drawn by libmultigig " PACKAGE_VERSION
		    ": each box is a PCI function, each bar a link as wide as its lanes; red marks the "
		    "narrowest link.</desc>\n");
	mg_strbuf_printf(t, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", WIDTH, y);
	if (body.failed)
		t->failed = true;
	else if (body.buf)
		mg_strbuf_put(t, body.buf);
	mg_strbuf_free(&body);
	mg_strbuf_put(t, "</svg>\n");
}
