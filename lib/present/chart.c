/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A line chart as inline SVG, for the report's live section: lines of
 * values over the sampled seconds, an optional dashed ceiling, axes with a
 * few round ticks, and a legend. Plain SVG 1.1, text as text.
 */
#include <math.h>
#include <stdio.h>

#include "present/present.h"

#define W 900
#define H 260
#define LEFT 70
#define RIGHT 20
#define TOP 30
#define BOTTOM 40

static const char *const colors[] = { "#1f5fa8", "#c0392b", "#27ae60", "#8e44ad", "#d68910", "#16a085",
				      "#7f8c8d", "#2c3e50" };

/* A round step for about five ticks up to @max. */
static double tick_step(double max)
{
	double raw = max / 5, mag = pow(10, floor(log10(raw))), f = raw / mag;

	return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
}

static void si(double v, char *buf, size_t size)
{
	static const char prefix[] = " kMGT";
	int p = 0;

	while (fabs(v) >= 1000 && p < 4) {
		v /= 1000;
		p++;
	}
	snprintf(buf, size, "%g%c", round(v * 100) / 100, prefix[p]);
}

/* The value axis's round ticks up to @max, then the time axis with round seconds under it. */
static void axes(struct mg_strbuf *t, const struct mg_chart *c, double max, double step, double tmax)
{
	char label[32];

	for (double v = 0; v <= max + step / 2; v += step) {
		double y = TOP + (H - TOP - BOTTOM) * (1 - v / max);

		si(v, label, sizeof(label));
		mg_strbuf_printf(t, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#e3e5ea\"/>"
				  "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s%s</text>\n",
			       LEFT, y, W - RIGHT, y, LEFT - 6, y + 4, label, c->unit);
	}
	mg_strbuf_printf(t, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#8a8f99\"/>\n", LEFT, H - BOTTOM,
		       W - RIGHT, H - BOTTOM);
	step = tick_step(tmax) < 1 ? 1 : tick_step(tmax);
	for (double s = 0; s <= tmax + step / 100; s += step) {
		double x = LEFT + (W - LEFT - RIGHT) * s / tmax;

		mg_strbuf_printf(t, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#8a8f99\"/>"
				  "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%g</text>\n",
			       x, H - BOTTOM, x, H - BOTTOM + 4, x, H - BOTTOM + 16, s);
	}
	mg_strbuf_printf(t, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">seconds</text>\n", (LEFT + W - RIGHT) / 2,
		       H - 6);
}

/* Series @k's line, and its entry in the legend along the top. */
static void series(struct mg_strbuf *t, const struct mg_chart *c, size_t k, double max, double tmax)
{
	const char *color = colors[k % (sizeof(colors) / sizeof(colors[0]))];
	bool open = false;

	/* A gap (NaN) ends one line and the next value starts another. */
	for (size_t i = 0; i < c->n; i++) {
		double y = c->series[k].y[i];

		if (isnan(y)) {
			if (open)
				mg_strbuf_put(t, "\"/>\n");
			open = false;
			continue;
		}
		if (!open)
			mg_strbuf_printf(t, "<polyline fill=\"none\" stroke-width=\"2\" stroke=\"%s\" points=\"", color);
		mg_strbuf_printf(t, "%s%.1f,%.1f", open ? " " : "", LEFT + (W - LEFT - RIGHT) * c->x[i] / tmax,
			       TOP + (H - TOP - BOTTOM) * (1 - y / max));
		open = true;
	}
	if (open)
		mg_strbuf_put(t, "\"/>\n");
	mg_strbuf_printf(t, "<rect x=\"%zu\" y=\"8\" width=\"12\" height=\"4\" fill=\"%s\"/>"
			  "<text x=\"%zu\" y=\"14\">", (size_t)(W / 2) + k * 110, color, (size_t)(W / 2) + k * 110 + 16);
	mg_strbuf_escape(t, c->series[k].name, 14);
	mg_strbuf_put(t, "</text>\n");
}

void mg_svg_line_chart(struct mg_strbuf *t, const struct mg_chart *c)
{
	double max = c->ceiling > 0 ? c->ceiling : 0, tmax = c->n ? c->x[c->n - 1] : 1, step;

	for (size_t s = 0; s < c->nseries; s++)
		for (size_t i = 0; i < c->n; i++)
			if (!isnan(c->series[s].y[i]) && c->series[s].y[i] > max)
				max = c->series[s].y[i];
	if (max <= 0)
		max = 1;
	step = tick_step(max);
	max = ceil(max / step) * step;
	if (tmax <= 0)
		tmax = 1;
	mg_strbuf_printf(t, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
			  "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"12\">\n",
		       W, H, W, H);
	mg_strbuf_put(t, "<title>");
	mg_strbuf_escape(t, c->title, 0);
	mg_strbuf_put(t, "</title>\n<text x=\"10\" y=\"18\" font-weight=\"bold\">");
	mg_strbuf_escape(t, c->title, 0);
	mg_strbuf_put(t, "</text>\n");
	axes(t, c, max, step, tmax);
	if (c->ceiling > 0) {
		double y = TOP + (H - TOP - BOTTOM) * (1 - c->ceiling / max);

		mg_strbuf_printf(t, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#c0392b\" "
				  "stroke-dasharray=\"6,4\"/><text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" fill=\"#c0392b\">",
			       LEFT, y, W - RIGHT, y, W - RIGHT, y - 4);
		mg_strbuf_escape(t, c->ceiling_label, 0);
		mg_strbuf_put(t, "</text>\n");
	}
	for (size_t k = 0; k < c->nseries; k++)
		series(t, c, k, max, tmax);
	mg_strbuf_put(t, "</svg>\n");
}
