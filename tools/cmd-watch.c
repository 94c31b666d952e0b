/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * multigig watch: the library's sampler, printed each interval: a line
 * (piped), a table that redraws (on a terminal), or a JSON object per line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

#define DEFAULT_INTERVAL_MS 1000

static double rate_of(const struct mg_sample *m, enum mg_stat stat)
{
	double v;

	return mg_sample_get_rate(m, stat, &v) == 0 ? v : -1;
}

/* "2.31G", "512k", "0": three significant figures and an SI prefix. */
static void si(double v, char *buf, size_t size)
{
	static const char prefix[] = " kMGT";
	int p = 0;

	if (v < 0) {
		snprintf(buf, size, "-");
		return;
	}
	while (v >= 1000 && p < 4) {
		v /= 1000;
		p++;
	}
	snprintf(buf, size, v < 10 && p ? "%.2f%c" : "%.0f%c", v, prefix[p]);
	if (buf[strlen(buf) - 1] == ' ')
		buf[strlen(buf) - 1] = '\0';
}

/* What both the line and the table show, formatted once. */
struct columns {
	char bps[2][16], ceiling[2][16], use[2][16], pps[2][16], drops[2][16], errors[2][16];
	double irqs;
	int temp_milli;
};

static void fill_columns(const struct mg_sample *m, struct columns *c)
{
	static const enum mg_stat dropped[2] = { MG_STAT_RX_DROPPED, MG_STAT_TX_DROPPED };
	static const enum mg_stat errors[2] = { MG_STAT_RX_ERRORS, MG_STAT_TX_ERRORS };

	for (int d = 0; d < 2; d++) {
		double drops = rate_of(m, dropped[d]), missed = d == 0 ? rate_of(m, MG_STAT_RX_MISSED_ERRORS) : -1;
		double gbps = mg_sample_get_expected_gbps(m, (enum mg_direction)d);
		double use = mg_sample_get_ceiling_use_pct(m, (enum mg_direction)d);

		si(mg_sample_get_bits_per_second(m, (enum mg_direction)d), c->bps[d], sizeof(c->bps[d]));
		if (gbps > 0)
			si(gbps * 1e9, c->ceiling[d], sizeof(c->ceiling[d]));
		else
			snprintf(c->ceiling[d], sizeof(c->ceiling[d]), "unknown");
		if (use >= 0)
			snprintf(c->use[d], sizeof(c->use[d]), "%.0f%%", use);
		else
			snprintf(c->use[d], sizeof(c->use[d]), "-");
		si(mg_sample_get_packets_per_second(m, (enum mg_direction)d), c->pps[d], sizeof(c->pps[d]));
		/* Frames the adapter missed for want of buffers are drops too. */
		si(drops >= 0 && missed > 0 ? drops + missed : drops, c->drops[d], sizeof(c->drops[d]));
		si(rate_of(m, errors[d]), c->errors[d], sizeof(c->errors[d]));
	}
	c->irqs = 0;
	for (size_t i = 0; i < mg_sample_get_vector_count(m); i++)
		c->irqs += mg_sample_get_vector_rate(m, i);
	c->temp_milli = mg_sample_get_temperature_milli(m);
}

static void print_line(const struct mg_sample *m, double t)
{
	struct columns c;
	double pct;
	int bound = mg_sample_get_cpu_bound(m, &pct);

	fill_columns(m, &c);
	printf("%7.1fs  rx %6sbit/s %4s  tx %6sbit/s %4s  %s/%s pkt/s  drops %s/%s/s  errors %s/%s/s  irq %.0f/s", t,
	       c.bps[0], c.use[0], c.bps[1], c.use[1], c.pps[0], c.pps[1], c.drops[0], c.drops[1], c.errors[0],
	       c.errors[1], c.irqs);
	for (size_t i = 0; i < mg_sample_get_cpu_count(m); i++)
		if (mg_sample_get_cpu_busy_pct(m, i) >= 0)
			printf("  cpu%d %.0f%%", mg_sample_get_cpu(m, i), mg_sample_get_cpu_busy_pct(m, i));
	if (c.temp_milli != MG_UNKNOWN)
		printf("  %.1f°C", c.temp_milli / 1000.0);
	if (bound >= 0)
		printf("  CPU-BOUND: cpu%d %.0f%% in interrupts", bound, pct);
	putchar('\n');
}

/* The kernel's newest lines about the adapter, for the table: it is redrawn, they would go. */
#define KEPT_LINES 5

struct kept {
	char line[KEPT_LINES][640];
	size_t count;
};

static void kernel_line(const struct mg_kernel_log *k, size_t i, char *buf, size_t size)
{
	uint64_t us = 0;

	mg_kernel_log_get_usecs(k, i, &us);
	snprintf(buf, size, "[%5llu.%06llu] %s (%s)", (unsigned long long)(us / 1000000),
		 (unsigned long long)(us % 1000000), mg_kernel_log_get_text(k, i), mg_kernel_log_get_meaning(k, i));
}

static void keep_lines(struct kept *kept, const struct mg_sample *m)
{
	const struct mg_kernel_log *k = mg_sample_get_kernel_log(m);

	for (size_t i = 0; i < mg_kernel_log_get_count(k); i++) {
		if (kept->count == KEPT_LINES) {
			memmove(kept->line[0], kept->line[1], sizeof(kept->line[0]) * (KEPT_LINES - 1));
			kept->count--;
		}
		kernel_line(k, i, kept->line[kept->count++], sizeof(kept->line[0]));
	}
}

/* Lines mode: each new line of the kernel log under the sample that saw it. */
static void print_kernel_lines(const struct mg_sample *m)
{
	const struct mg_kernel_log *k = mg_sample_get_kernel_log(m);
	char buf[640];

	for (size_t i = 0; i < mg_kernel_log_get_count(k); i++) {
		kernel_line(k, i, buf, sizeof(buf));
		printf("          kernel %s\n", buf);
	}
}

/* The table's lines, one row per CPU, into @f. */
static void draw_table(FILE *f, const char *ifname, const struct mg_sample *m, double t, const struct kept *kept)
{
	static const char *const dirs[2] = { "receive", "transmit" };
	struct columns c;

	fill_columns(m, &c);
	fprintf(f, "multigig watch %s   %.1f s   (Ctrl-C stops)\n\n", ifname, t);
	fprintf(f, "  %-9s %9s %9s %5s %9s %9s %9s\n", "", "bit/s", "ceiling", "use", "pkt/s", "drops/s", "errors/s");
	for (int d = 0; d < 2; d++)
		fprintf(f, "  %-9s %9s %9s %5s %9s %9s %9s\n", dirs[d], c.bps[d], c.ceiling[d], c.use[d], c.pps[d],
		       c.drops[d], c.errors[d]);
	fprintf(f, "\n  interrupts %.0f/s", c.irqs);
	if (c.temp_milli != MG_UNKNOWN)
		fprintf(f, "   hottest sensor %.1f°C", c.temp_milli / 1000.0);
	fprintf(f, "\n\n  %-5s %12s %14s %14s %7s %7s\n", "CPU", "NIC irq/s", "NET_RX sirq/s", "NET_TX sirq/s", "busy",
	       "in irq");
	for (size_t i = 0; i < mg_sample_get_cpu_count(m); i++) {
		double busy = mg_sample_get_cpu_busy_pct(m, i), irq = mg_sample_get_cpu_irq_pct(m, i);

		/* A star marks the CPUs that service the adapter. */
		fprintf(f, "  %-4d%c %12.0f %14.0f %14.0f ", mg_sample_get_cpu(m, i),
		       mg_sample_get_cpu_services(m, i) == 1 ? '*' : ' ', mg_sample_get_cpu_interrupts(m, i),
		       mg_sample_get_cpu_softirqs(m, i, MG_DIRECTION_RX), mg_sample_get_cpu_softirqs(m, i, MG_DIRECTION_TX));
		if (busy >= 0)
			fprintf(f, "%6.0f%% %6.0f%%\n", busy, irq);
		else
			fprintf(f, "%7s %7s\n", "-", "-");
	}
	{
		double pct;
		int bound = mg_sample_get_cpu_bound(m, &pct);

		char q[MG_SHELL_NAME_MAX];

		if (bound >= 0)
			fprintf(f, "\n  CPU %d is the limit: %.0f%% in interrupts servicing %s (multigig doctor "
			       "--interval 2 %s says what to do)\n", bound, pct, ifname,
			       mg_shell_operand(q, sizeof(q), ifname));
	}
	if (kept->count)
		fprintf(f, "\n  kernel log\n");
	for (size_t i = 0; i < kept->count; i++)
		fprintf(f, "  %s\n", kept->line[i]);
}

/*
 * On a terminal: the table redrawn in place. Each line overwrites the one
 * before it and erases what is left of it, and what is below the last goes
 * at the end: a screen cleared first would show blank between the clear
 * and the table (a slow machine, a terminal multiplexer's capture).
 * The sequences are the tool's own, not data, so not escaped.
 */
static void print_table(const char *ifname, const struct mg_sample *m, double t, const struct kept *kept)
{
	char *frame = NULL, *line, *end;
	size_t size = 0;
	FILE *f = open_memstream(&frame, &size);

	if (!f)
		return;
	draw_table(f, ifname, m, t, kept);
	if (fclose(f) == 0) {
		output_control(stdout, "\033[H");
		/* Every line draw_table() writes ends in a newline. */
		for (line = frame; (end = strchr(line, '\n')); line = end + 1) {
			fwrite(line, 1, (size_t)(end - line), stdout);
			output_control(stdout, "\033[K");
			putchar('\n');
		}
		output_control(stdout, "\033[J");
	}
	free(frame);
}

/* Sleep until @deadline (monotonic seconds): no drift however long a sample takes. */
static void sleep_until(double deadline)
{
	struct timespec ts = { .tv_sec = (time_t)deadline,
			       .tv_nsec = (long)((deadline - (double)(time_t)deadline) * 1e9) };

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

static double monotonic(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/*
 * The tick after @last, @step on: ticks already past (the watch was stopped,
 * the machine suspended, the terminal blocked) are skipped, not taken at
 * once, so no burst of samples a few microseconds apart follows a stall.
 */
static double next_tick(double last, double step)
{
	double now = monotonic(), next = last + step;

	if (next < now)
		next += (double)(long long)((now - next) / step + 1) * step;
	return next;
}

static int cmd_watch(struct mg_ctx *ctx, const struct options *opt, char **words, int nwords)
{
	const char *target = nwords ? words[0] : NULL;
	unsigned int ms = opt->interval_ms ? opt->interval_ms : DEFAULT_INTERVAL_MS;
	bool table = !opt->json && isatty(STDOUT_FILENO);
	struct mg_sampler *s;
	struct mg_nic *nic;
	struct kept kept = { .count = 0 };
	double start, next;
	int err;

	/* The sampler takes no interval: watch times its samples, and checks its own interval. */
	if (opt->interval_ms && (opt->interval_ms < 10 || opt->interval_ms > 3600000))
		return usage_error("--interval: watch samples from every 0.01 to every 3600 seconds");
	if (mg_ctx_is_offline(ctx)) {
		fprintf(stderr, "multigig: watch: a captured tree cannot be watched: it holds one moment\n");
		return EXIT_FAILURE;
	}
	err = mg_nic_lookup(ctx, target, &nic);
	if (err == 0) {
		err = mg_sampler_new(ctx, nic, &s);
		mg_nic_unref(nic);
	}
	if (err < 0)
		return fail(ctx, err, "watch");
	start = next = monotonic();
	for (long n = 0; opt->count <= 0 || n < opt->count; n++) {
		struct mg_sample *m;

		next = next_tick(next, ms / 1000.0);
		sleep_until(next);
		err = mg_sampler_next(s, &m);
		if (err < 0) {
			err = fail(ctx, err, "watch");
			break;
		}
		if (opt->json) {
			char *json;

			/* JSON Lines: one object per line. */
			if (mg_sample_to_json(m, next - start, MG_JSON_LINE, &json) == 0)
				puts(json);
			free(json);
		} else if (table) {
			keep_lines(&kept, m);
			print_table(target, m, next - start, &kept);
		} else {
			print_line(m, next - start);
			print_kernel_lines(m);
		}
		fflush(stdout);
		mg_sample_free(m);
		/* A reader that went away (EPIPE with SIGPIPE ignored) ends the watch. */
		if (output_error(stdout)) {
			fprintf(stderr, "multigig: watch: cannot write the output: %s\n", strerror(output_error(stdout)));
			err = EXIT_FAILURE;
			break;
		}
		err = EXIT_SUCCESS;
	}
	mg_sampler_free(s);
	return err;
}

const struct command watch_command = {
	.name = "watch",
	.nargs = 1,
	.args = " IFACE [--interval S] [--count N]",
	.summary = "live rates against the ceiling, each interval",
	.help = "A table redrawn in place on a terminal, a line per interval when piped,\n"
		"JSON Lines with --json. Default interval 1 s; --count N stops after N.\n",
	.options = OPT(INTERVAL) | OPT(COUNT),
	.run = cmd_watch,
};
