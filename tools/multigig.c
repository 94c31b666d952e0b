/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* multigig: what your multi-gigabit network adapter can really do. */
#include <ctype.h>
#include <arpa/inet.h>
#include <errno.h>
#include <math.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static __attribute__((format(printf, 6, 0))) void log_to_stderr(void *data, int priority, const char *file, int line,
			  const char *fn, const char *format, va_list args)
{
	(void)data;
	(void)file;
	(void)line;
	fprintf(stderr, "multigig: <%d> %s: ", priority, fn);
	vfprintf(stderr, format, args);
	fputc('\n', stderr);
}

struct command {
	const char *name;
	int nargs;		/* words it takes; -1: any number from one */
	const char *args;	/* its synopsis after the name */
	const char *summary;	/* one line for --help */
	const char *help;	/* what `multigig help NAME` adds */
};

static const struct command commands[] = {
	{ "list", 0, "", "every network adapter: interface, bus, chip, driver, state",
	  "One line per adapter, hardware and virtual, and PCI network devices with no\n"
	  "driver bound. --json: an array of objects.\n" },
	{ "show", 1, " IFACE|PCI-ADDRESS | --all", "everything known about one adapter",
	  "Identity, driver, link, settings, EEE, offloads, counters, interrupts,\n"
	  "temperatures, the PCIe path and the throughput to expect. --all: every\n"
	  "interface, from one dump per kind of request.\n" },
	{ "set", -1, " IFACE PARAM VALUE [PARAM VALUE ...] [--dry-run] [--confirm S] [--verify-peer ADDR]",
	  "change settings, all or nothing",
	  "PARAM VALUE pairs, checked against what the kernel reports before anything\n"
	  "changes, then applied in a fixed order and rolled back if a step fails:\n"
	  "  mtu N                   rx-ring N|max, tx-ring N|max\n"
	  "  combined N, rx N, tx N  rx-usecs N, rx-frames N, tx-usecs N, tx-frames N\n"
	  "  adaptive-rx on|off, adaptive-tx on|off\n"
	  "  pause-autoneg on|off, pause-rx on|off, pause-tx on|off\n"
	  "  eee on|off              advertise all|MODE,... (2500baseT/Full,...)\n"
	  "  aspm-l1 on|off          L1 of the adapter's PCIe link (needs root)\n"
	  "  rps-cpus [rx-N:]CPUS    receive packet steering of every (or one) receive queue\n"
	  "  xps-cpus [tx-N:]CPUS    the CPUs that send on every (or one) transmit queue\n"
	  "  irq-affinity [IRQ:]CPUS the CPUs the adapter's (or one) interrupt vector runs on\n"
	  "                          CPUS: 0-3, 1,3; none for RPS or XPS off\n"
	  "  FEATURE on|off          gro, gso, lro, tso, sg, rxhash, rxvlan, txvlan, ntuple,\n"
	  "                          or a kernel name (rx-gro, tx-tcp-segmentation, ...)\n"
	  "--dry-run prints the plan and changes nothing. --confirm SECONDS keeps the\n"
	  "changes only if 'multigig confirm IFACE' comes in time, else they roll back, also\n"
	  "when this shell or SSH session is gone. --verify-peer ADDR checks that the path\n"
	  "to ADDR carries the new MTU (don't-fragment pings), and rolls back if not.\n" },
	{ "rollback", 1, " IFACE [--dry-run] | --list | --discard [ID]", "undo an apply that was interrupted",
	  "Restores the values an interrupted apply recorded in its undo journal, on\n"
	  "every interface it changed, where they still hold what it set. --dry-run\n"
	  "prints what it would restore. --list: every undo journal and its state\n"
	  "(under-way, interrupted, stale, damaged, other-namespace); --discard: remove\n"
	  "the stale ones, --discard ID one named journal (never one under way).\n" },
	{ "pcie", 1, " IFACE|PCI-ADDRESS [--svg [FILE]]", "the PCIe path to the root port, its limit and ceilings",
	  "Each hop's capability and negotiated link, ASPM, AER and training, the link\n"
	  "that limits the path and the TCP goodput it allows. --svg [FILE]: the path\n"
	  "drawn as SVG, to FILE or stdout.\n" },
	{ "estimate", 0, " --pcie-gen N --pcie-width N --mps BYTES --mtu N --link-mbps N | --wifi MODE ...",
	  "throughput ceilings for a link you describe",
	  "Also --mrrs BYTES, --completion BYTES, --header 3dw|4dw. No hardware needed.\n"
	  "The PHY rate of a Wi-Fi link and the TCP goodput to expect:\n"
	  "  --wifi vht|he|eht --mcs N --nss N --width MHZ [--gi US]\n"
	  "  --wifi ht|legacy --mcs N --width MHZ [--gi US]\n"
	  "VHT, HE and EHT rates are per spatial stream, so --nss is required (iw's\n"
	  "station dump says VHT-NSS, HE-NSS, EHT-NSS); HT's MCS index names its streams\n"
	  "(--nss, if given, must agree) and legacy has one. GI 0.8 us by default.\n" },
	{ "wifi", 1, " [IFACE|PHY]", "what each Wi-Fi card can do, and what its link runs at",
	  "From nl80211 (one split wiphy dump, the interfaces, the regulatory domain, a\n"
	  "station dump per station interface) and sysfs: each wiphy's device, bands (HT,\n"
	  "VHT, HE, EHT; streams, MCS, widest channel, channels), interface types, MLO,\n"
	  "antennas, regulatory domain, and each station's link with the kernel's rate\n"
	  "and the library's own. --json: an array of objects.\n" },
	{ "cable", 1, " IFACE", "can this NIC test its cable? (never runs a test)", "" },
	{ "cable-test", 1, " IFACE --yes [--tdr]", "run a cable test (or raw TDR); the link goes down",
	  "The link goes down for seconds: --yes says you know. --tdr asks for the raw\n"
	  "reflection amplitude along the cable. Waits 30 s at most.\n" },
	{ "capture", 1, " DIR", "copy what the library reads into DIR, for a bug report",
	  "DIR is made, or must be an empty directory of yours that nobody else may\n"
	  "write to. Replay it with multigig --sysfs-root DIR.\n" },
	{ "doctor", 1, " [IFACE|--all] [--interval S] [--peer ADDR] [--fix [--yes]]",
	  "what holds it back, ranked, with evidence and fixes",
	  "--interval S samples the counters for S seconds first (growing errors, drops\n"
	  "and flaps). --fix shows the fixes that are settings changes; --fix --yes\n"
	  "applies them, as one transaction (with --confirm SECONDS, only until confirmed;\n"
	  "with --verify-peer ADDR, rolled back if the path stops carrying a new MTU).\n"
	  "IFACE --peer ADDR also probes what size the path to ADDR carries.\n" },
	{ "watch", 1, " IFACE [--interval S] [--count N]", "live rates against the ceiling, each interval",
	  "A table redrawn in place on a terminal, a line per interval when piped,\n"
	  "JSON Lines with --json. Default interval 1 s; --count N stops after N.\n" },
	{ "export", 1, " --format prometheus [IFACE|--all] [--output FILE]",
	  "metrics in Prometheus's text format, for node_exporter",
	  "--output FILE replaces FILE whole (for the textfile collector); - is stdout.\n"
	  "--all adds virtual interfaces.\n" },
	{ "report", 1, " [IFACE|--all] --html FILE [--watch SECONDS]",
	  "one self-contained HTML page for a bug report or a forum",
	  "--html - writes to stdout. IFACE --watch SECONDS samples the adapter that\n"
	  "long and adds plots.\n" },
	{ "confirm", 1, " IFACE", "keep changes made with --confirm before their window ends",
	  "set --confirm SECONDS (and doctor --fix --yes --confirm SECONDS) keeps its changes only if\n"
	  "this comes in time; otherwise a process of their own rolls them back, also when\n"
	  "the shell or SSH session that made them is gone.\n" },
	{ "help", 1, " [COMMAND]", "this help, or a command's", "" },
};

#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

static void usage(FILE *out)
{
	fprintf(out, "Usage: multigig [--sysfs-root DIR] [--pci-dump FILE] [--json] COMMAND [ARGS]\n\nCommands:\n");
	for (size_t i = 0; i < NCOMMANDS; i++)
		fprintf(out, "  %-11s %s\n", commands[i].name, commands[i].summary);
	fprintf(out,
		"\n"
		"Options (also accepted after the command):\n"
		"  --sysfs-root DIR     read a captured sysfs tree instead of /sys (offline)\n"
		"  --pci-dump FILE      read PCI devices from an lspci -xxx/-xxxx dump\n"
		"  --json               print JSON\n"
		"  -v, --verbose        log what the library does to stderr\n"
		"  -h, --help           show this help (after a command: its help)\n"
		"  -V, --version        show the version\n"
		"\n"
		"'multigig help COMMAND' or 'multigig COMMAND --help' tells more about one.\n"
		"Exit status: 0 success, 1 failure (one line on stderr), 2 bad usage.\n");
}

static void command_help(const struct command *cmd)
{
	printf("Usage: multigig %s%s\n\n%c%s.\n", cmd->name, cmd->args, toupper((unsigned char)cmd->summary[0]),
	       cmd->summary + 1);
	if (cmd->help[0])
		printf("\n%s", cmd->help);
}

static const struct command *find_command(const char *name)
{
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (!strcmp(name, commands[i].name))
			return &commands[i];
	return NULL;
}

static int unknown_command(const char *name)
{
	const char *names[NCOMMANDS];
	char buf[96];

	for (size_t i = 0; i < NCOMMANDS; i++)
		names[i] = commands[i].name;
	return usage_error("unknown command '%s'%s", name, did_you_mean(buf, sizeof(buf), name, names, NCOMMANDS));
}

/* multigig help [COMMAND] */
static int help(char **words, int nwords)
{
	const struct command *cmd;

	if (nwords == 0) {
		usage(stdout);
		return EXIT_SUCCESS;
	}
	if (nwords > 1)
		return usage_error("too many arguments; usage: multigig help [COMMAND]");
	if (!(cmd = find_command(words[0])))
		return unknown_command(words[0]);
	command_help(cmd);
	return EXIT_SUCCESS;
}

static int run(const struct command *cmd, const struct options *opt, char **args, int nargs)
{
	struct mg_ctx *ctx;
	int err = mg_ctx_new(opt->sysfs_root, &ctx);

	if (err < 0) {
		fprintf(stderr, "multigig: cannot use sysfs root '%s': %s\n",
			opt->sysfs_root ? opt->sysfs_root : "/sys", strerror(-err));
		return EXIT_FAILURE;
	}
	if (opt->pci_dump && (err = mg_ctx_set_pci_dump(ctx, opt->pci_dump)) < 0) {
		err = fail(ctx, err, "--pci-dump");
		mg_ctx_unref(ctx);
		return err;
	}
	if (opt->verbose) {
		mg_ctx_set_log_fn(ctx, log_to_stderr, NULL);
		mg_ctx_set_log_priority(ctx, opt->verbose > 1 ? 7 : 6);
	}
	if (!strcmp(cmd->name, "list"))
		err = cmd_list(ctx, opt);
	else if (!strcmp(cmd->name, "show"))
		err = cmd_show(ctx, opt, nargs ? args[0] : NULL);
	else if (!strcmp(cmd->name, "set"))
		err = cmd_set(ctx, opt, args, nargs);
	else if (!strcmp(cmd->name, "rollback"))
		err = cmd_rollback(ctx, opt, nargs ? args[0] : NULL);
	else if (!strcmp(cmd->name, "confirm"))
		err = cmd_confirm(ctx, opt, args[0]);
	else if (!strcmp(cmd->name, "cable"))
		err = cmd_cable(ctx, opt, args[0]);
	else if (!strcmp(cmd->name, "cable-test"))
		err = cmd_cable_test(ctx, opt, args[0]);
	else if (!strcmp(cmd->name, "pcie"))
		err = cmd_pcie(ctx, opt, args[0]);
	else if (!strcmp(cmd->name, "estimate"))
		err = cmd_estimate(ctx, opt);
	else if (!strcmp(cmd->name, "wifi"))
		err = cmd_wifi(ctx, opt, nargs ? args[0] : NULL);
	else if (!strcmp(cmd->name, "doctor"))
		err = cmd_doctor(ctx, opt, nargs ? args[0] : NULL);
	else if (!strcmp(cmd->name, "export"))
		err = cmd_export(ctx, opt, nargs ? args[0] : NULL);
	else if (!strcmp(cmd->name, "watch"))
		err = cmd_watch(ctx, opt, args[0]);
	else if (!strcmp(cmd->name, "report"))
		err = cmd_report(ctx, opt, nargs ? args[0] : NULL);
	else
		err = cmd_capture(ctx, opt, args[0]);
	if (opt->verbose)
		fprintf(stderr, "multigig: %ld netlink requests, %ld files read\n", mg_ctx_get_request_count(ctx),
			mg_ctx_get_read_count(ctx));
	mg_ctx_unref(ctx);
	return err;
}

static const struct option longopts[] = {
	{ "sysfs-root", required_argument, NULL, 'r' },
	{ "pci-dump", required_argument, NULL, 'D' },
	{ "pcie-gen", required_argument, NULL, 'G' },
	{ "pcie-width", required_argument, NULL, 'W' },
	{ "mps", required_argument, NULL, 'P' },
	{ "mrrs", required_argument, NULL, 'R' },
	{ "completion", required_argument, NULL, 'C' },
	{ "header", required_argument, NULL, 'H' },
	{ "mtu", required_argument, NULL, 'M' },
	{ "link-mbps", required_argument, NULL, 'L' },
	{ "wifi", required_argument, NULL, 1000 },
	{ "mcs", required_argument, NULL, 1001 },
	{ "nss", required_argument, NULL, 1002 },
	{ "width", required_argument, NULL, 1003 },
	{ "gi", required_argument, NULL, 1004 },
	{ "json", no_argument, NULL, 'j' },
	{ "dry-run", no_argument, NULL, 'n' },
	{ "all", no_argument, NULL, 'a' },
	{ "yes", no_argument, NULL, 'y' },
	{ "tdr", no_argument, NULL, 't' },
	{ "fix", no_argument, NULL, 'F' },
	{ "format", required_argument, NULL, 'f' },
	{ "output", required_argument, NULL, 'o' },
	{ "interval", required_argument, NULL, 'I' },
	{ "confirm", required_argument, NULL, 'K' },
	{ "verify-peer", required_argument, NULL, 'E' },
	{ "peer", required_argument, NULL, 'Q' },
	{ "count", required_argument, NULL, 'c' },
	{ "svg", optional_argument, NULL, 'S' },
	{ "html", required_argument, NULL, 'T' },
	{ "watch", required_argument, NULL, 'w' },
	{ "list", no_argument, NULL, 'l' },
	{ "discard", no_argument, NULL, 'X' },
	{ "verbose", no_argument, NULL, 'v' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

/* Store a whole decimal number in the estimate field option @c names. */
static int parse_number(int c, const char *name, const char *arg, struct options *opt)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (end == arg || *end)
		return usage_error("--%s: '%s' is not a whole number", name, arg);
	if (errno || v < -1 || v > 10000000)
		return usage_error("--%s: '%s' is out of range", name, arg);
	switch (c) {
	case 'G': opt->gen = (int)v; break;
	case 'W': opt->width = (int)v; break;
	case 'P': opt->mps = (int)v; break;
	case 'R': opt->mrrs = (int)v; break;
	case 'C': opt->completion = (int)v; break;
	case 'M': opt->mtu = (int)v; break;
	case 'L': opt->link_mbps = (int)v; break;
	}
	return 0;
}

static int unknown_option(const char *arg)
{
	const char *names[sizeof(longopts) / sizeof(longopts[0])];
	char dashed[sizeof(names) / sizeof(names[0])][32], buf[96];
	size_t n = 0;

	for (size_t i = 0; longopts[i].name; i++) {
		snprintf(dashed[n], sizeof(dashed[n]), "--%s", longopts[i].name);
		names[n] = dashed[n];
		n++;
	}
	return usage_error("unknown option '%s'%s", arg, did_you_mean(buf, sizeof(buf), arg, names, n));
}

/*
 * Parse options in argv[1..]; "+" stops at the first word (the command),
 * otherwise words are moved behind the options. Returns -1 to go on, or the
 * exit code.
 */
static int parse_options(int argc, char **argv, const char *shortopts, struct options *opt)
{
	int c, index = 0;

	optind = 0; /* glibc: start over, also after an earlier pass */
	while ((c = getopt_long(argc, argv, shortopts, longopts, &index)) != -1) {
		switch (c) {
		case 'r':
			opt->sysfs_root = optarg;
			break;
		case 'j':
			opt->json = 1;
			break;
		case 'D':
			opt->pci_dump = optarg;
			break;
		case 'n':
			opt->dry_run = 1;
			break;
		case 'a':
			opt->all = 1;
			break;
		case 'y':
			opt->yes = 1;
			break;
		case 'l':
			opt->list = 1;
			break;
		case 'X':
			opt->discard = 1;
			break;
		case 't':
			opt->tdr = 1;
			break;
		case 'F':
			opt->fix = 1;
			break;
		case 'f':
			opt->format = optarg;
			break;
		case 'c': {
			char *end;
			long n = strtol(optarg, &end, 10);

			if (end == optarg || *end || n < 1 || n > 100000000)
				return usage_error("--count: '%s' is not a whole number from 1", optarg);
			opt->count = n;
			break;
		}
		case 'o':
			opt->output = optarg;
			break;
		case 'K': {
			char *end;
			long n = strtol(optarg, &end, 10);

			if (end == optarg || *end || n < 1 || n > 3600)
				return usage_error("--confirm: '%s' is not a number of seconds from 1 to 3600", optarg);
			opt->confirm_s = (unsigned int)n;
			break;
		}
		case 'E':
		case 'Q': {
			unsigned char addr[16];

			if (inet_pton(AF_INET, optarg, addr) != 1 && inet_pton(AF_INET6, optarg, addr) != 1)
				return usage_error("--%s: '%s' is not an IPv4 or IPv6 address", c == 'E' ? "verify-peer" : "peer",
						   optarg);
			*(c == 'E' ? &opt->verify_peer : &opt->peer) = optarg;
			break;
		}
		case 'I': {
			char *end;
			double s = strtod(optarg, &end);

			/* 0 is no interval given; the range is the library's (doctor) or watch's to check. */
			if (end == optarg || *end || !(s > 0) || !isfinite(s))
				return usage_error("--interval: '%s' is not a number of seconds above 0", optarg);
			/* Below a millisecond stays above 0; beyond what C holds, the largest value it does. */
			opt->interval_ms = s * 1000 < 1 ? 1 : s < 4e6 ? (unsigned int)(s * 1000 + 0.5) : 0xfffffffeu;
			break;
		}
		case 'S':
			opt->svg = 1;
			opt->svg_file = optarg;
			break;
		case 'T':
			opt->html = optarg;
			break;
		case 'w': {
			char *end;
			double s = strtod(optarg, &end);

			/* The range is the library's to check (mg_report_html_watch()). */
			if (end == optarg || *end || !(s > 0) || !isfinite(s))
				return usage_error("--watch: '%s' is not a number of seconds above 0", optarg);
			opt->watch_ms = s < 4e6 ? (unsigned int)(s * 1000 + 0.5) : 0xfffffffeu;
			if (!opt->watch_ms)
				opt->watch_ms = 1;
			break;
		}
		case 'G': case 'W': case 'P': case 'R': case 'C': case 'M': case 'L':
			if (parse_number(c, longopts[index].name, optarg, opt))
				return EXIT_USAGE;
			opt->have_estimate_option = 1;
			break;
		case 'H':
			if (!strcmp(optarg, "3dw"))
				opt->header_dw = 3;
			else if (!strcmp(optarg, "4dw"))
				opt->header_dw = 4;
			else
				return usage_error("--header takes 3dw or 4dw, not '%s'", optarg);
			opt->have_estimate_option = 1;
			break;
		case 1000:
			opt->wifi_mode = optarg;
			opt->have_wifi_option = 1;
			break;
		case 1001: case 1002: case 1003: {
			char *end;
			long n = strtol(optarg, &end, 10);

			if (end == optarg || *end || n < 0 || n > 100000)
				return usage_error("--%s: '%s' is not a whole number", longopts[index].name, optarg);
			*(c == 1001 ? &opt->mcs : c == 1002 ? &opt->nss : &opt->wifi_width) = (int)n;
			opt->have_wifi_option = 1;
			break;
		}
		case 1004: {
			char *end;
			double us = strtod(optarg, &end);

			if (end == optarg || *end || !(us > 0) || us > 100)
				return usage_error("--gi: '%s' is not a guard interval in microseconds (0.4, 0.8, 1.6, 3.2)",
						   optarg);
			opt->gi_ns = (int)(us * 1000 + 0.5);
			opt->have_wifi_option = 1;
			break;
		}
		case 'v':
			opt->verbose++;
			break;
		case 'h':
			opt->help = 1;
			break;
		case 'V':
			printf("multigig %s\n", PACKAGE_VERSION);
			return EXIT_SUCCESS;
		case ':':
			return usage_error("option '%s' needs an argument", argv[optind - 1]);
		default:
			return unknown_option(argv[optind - 1]);
		}
	}
	return -1;
}

/* Commands that answer about every adapter when given none. */
static bool is_all_command(const struct command *cmd)
{
	return !strcmp(cmd->name, "doctor") || !strcmp(cmd->name, "export") || !strcmp(cmd->name, "report") ||
	       !strcmp(cmd->name, "wifi");
}

int main(int argc, char **argv)
{
	struct options opt = { .mrrs = MG_UNKNOWN, .header_dw = 4, .link_mbps = -1, .mcs = MG_UNKNOWN,
			       .nss = MG_UNKNOWN, .wifi_width = MG_UNKNOWN, .gi_ns = 800 };
	const struct command *cmd;
	char **sub;
	int nsub, nwords, ret;

	if (output_filter_install() < 0)
		return EXIT_FAILURE;
	opterr = 0;
	ret = parse_options(argc, argv, "+:vhV", &opt);
	if (ret >= 0)
		return ret;
	if (opt.help && optind >= argc) {
		usage(stdout);
		return EXIT_SUCCESS;
	}
	if (optind >= argc)
		return usage_error("no command given");
	cmd = find_command(argv[optind]);
	if (!cmd)
		return unknown_command(argv[optind]);
	if (strcmp(cmd->name, "help"))
		usage_error_command(cmd->name);

	/* The command's own argv, where options may come before or after words. */
	sub = argv + optind;
	nsub = argc - optind;
	ret = parse_options(nsub, sub, ":vhV", &opt);
	if (ret >= 0)
		return ret;
	if (!strcmp(cmd->name, "help"))
		return help(sub + optind, nsub - optind);
	if (opt.help) {
		command_help(cmd);
		return EXIT_SUCCESS;
	}
	output_filter_json(opt.json);
	if (opt.have_estimate_option && strcmp(cmd->name, "estimate"))
		return usage_error("PCIe and MTU options belong to 'estimate', not '%s'", cmd->name);
	if (opt.have_wifi_option && strcmp(cmd->name, "estimate"))
		return usage_error("--wifi, --mcs, --nss, --width and --gi belong to 'estimate', not '%s'", cmd->name);
	if (opt.have_wifi_option && opt.have_estimate_option)
		return usage_error("estimate describes a PCIe link or a Wi-Fi rate (--wifi), not both");
	if ((opt.list || opt.discard) && strcmp(cmd->name, "rollback"))
		return usage_error("--list and --discard belong to 'rollback'");
	if (opt.list && opt.discard)
		return usage_error("rollback takes --list or --discard, not both");
	if (opt.peer && strcmp(cmd->name, "doctor"))
		return usage_error("--peer belongs to 'doctor IFACE'");
	if ((opt.confirm_s || opt.verify_peer) && strcmp(cmd->name, "set") && !(opt.fix && !strcmp(cmd->name, "doctor")))
		return usage_error("--confirm and --verify-peer belong to 'set' and 'doctor --fix'");
	if (opt.dry_run && strcmp(cmd->name, "set") && strcmp(cmd->name, "rollback"))
		return usage_error("--dry-run belongs to 'set' and 'rollback'");
	if (opt.tdr && strcmp(cmd->name, "cable-test"))
		return usage_error("--tdr belongs to 'cable-test'");
	if (opt.yes && strcmp(cmd->name, "cable-test") && !(opt.fix && !strcmp(cmd->name, "doctor")))
		return usage_error("--yes belongs to 'cable-test' and 'doctor --fix'");
	if (opt.fix && strcmp(cmd->name, "doctor"))
		return usage_error("--fix belongs to 'doctor'");
	if (opt.interval_ms && strcmp(cmd->name, "doctor") && strcmp(cmd->name, "watch") && strcmp(cmd->name, "report"))
		return usage_error("--interval belongs to 'doctor' and 'watch'");
	if (opt.count && strcmp(cmd->name, "watch"))
		return usage_error("--count belongs to 'watch'");
	if ((opt.format || opt.output) && strcmp(cmd->name, "export"))
		return usage_error("--format and --output belong to 'export'");
	if (opt.svg && strcmp(cmd->name, "pcie"))
		return usage_error("--svg belongs to 'pcie'");
	if ((opt.html || opt.watch_ms) && strcmp(cmd->name, "report"))
		return usage_error("--html and --watch belong to 'report'");
	if (opt.json && (opt.svg || !strcmp(cmd->name, "report")))
		return usage_error("--json does not go with %s: it writes %s", opt.svg ? "--svg" : "report",
				   opt.svg ? "SVG" : "HTML");
	if (opt.all && strcmp(cmd->name, "show") && strcmp(cmd->name, "doctor") && strcmp(cmd->name, "export") &&
	    strcmp(cmd->name, "report"))
		return usage_error("--all belongs to 'show', 'doctor', 'export' and 'report'");
	nwords = nsub - optind;
	if (opt.peer && (opt.all || nwords == 0))
		return usage_error("doctor --peer ADDR asks about one interface: doctor IFACE --peer ADDR");
	/* pcie IFACE --svg FILE: the file is the second word. */
	if (!strcmp(cmd->name, "pcie") && opt.svg && !opt.svg_file && nwords == 2) {
		opt.svg_file = sub[optind + 1];
		nwords = 1;
	}
	if (is_all_command(cmd) && opt.all && nwords) {
		return usage_error("%s --all takes no interface", cmd->name);
	} else if (is_all_command(cmd) && !nwords) {
		/* No interface: every adapter, as --all says. */
	} else if (opt.list || opt.discard) {
		if (nwords > (opt.discard ? 1 : 0))
			return usage_error("too many arguments; usage: multigig rollback --list | --discard [ID]");
	} else if (!strcmp(cmd->name, "show") && opt.all) {
		if (nwords)
			return usage_error("show --all takes no interface");
	} else if (cmd->nargs >= 0 && nwords > cmd->nargs) {
		return usage_error("too many arguments; usage: multigig %s%s", cmd->name, cmd->args);
	} else if (cmd->nargs >= 0 ? nwords < cmd->nargs : nwords < 1) {
		return usage_error("missing argument; usage: multigig %s%s", cmd->name, cmd->args);
	}
	return run(cmd, &opt, sub + optind, nwords);
}
