/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The options of multigig's command line as one table: each one's spelling,
 * how its value is read into struct options, and what a command that does
 * not take it says. Which commands take one is theirs to say (struct
 * command's options).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

struct option_spec {
	const char *name;
	int has_arg; /* getopt's no_argument, required_argument or optional_argument */
	char letter; /* its short spelling, or 0 */
	/* Store @arg (NULL if none) in @opt: GO_ON, or the exit code (a usage error said). */
	int (*parse)(const struct option_spec *o, const char *arg, struct options *opt);
	size_t field; /* offsetof() the member of struct options it sets */
	/* Said to a command that does not take it; NULL for the global ones, which every command takes. */
	const char *belongs;
	bool names_command; /* ", not 'COMMAND'" follows */
};

static void *field(const struct option_spec *o, struct options *opt)
{
	return (char *)opt + o->field;
}

static int set_text(const struct option_spec *o, const char *arg, struct options *opt)
{
	*(const char **)field(o, opt) = arg;
	return GO_ON;
}

static int set_flag(const struct option_spec *o, const char *arg, struct options *opt)
{
	(void)arg;
	*(int *)field(o, opt) = 1;
	return GO_ON;
}

/* -v once for the library's info, twice for its debug messages. */
static int count_up(const struct option_spec *o, const char *arg, struct options *opt)
{
	(void)arg;
	++*(int *)field(o, opt);
	return GO_ON;
}

static int print_version(const struct option_spec *o, const char *arg, struct options *opt)
{
	(void)o;
	(void)arg;
	(void)opt;
	printf("multigig %s\n", PACKAGE_VERSION);
	return EXIT_SUCCESS;
}

static int parse_count(const struct option_spec *o, const char *arg, struct options *opt)
{
	char *end;
	long n = strtol(arg, &end, 10);

	if (end == arg || *end || n < 1 || n > 100000000)
		return usage_error("--count: '%s' is not a whole number from 1", arg);
	*(long *)field(o, opt) = n;
	return GO_ON;
}

static int parse_confirm(const struct option_spec *o, const char *arg, struct options *opt)
{
	char *end;
	long n = strtol(arg, &end, 10);

	if (end == arg || *end || n < 1 || n > 3600)
		return usage_error("--confirm: '%s' is not a number of seconds from 1 to 3600", arg);
	*(unsigned int *)field(o, opt) = (unsigned int)n;
	return GO_ON;
}

static int parse_address(const struct option_spec *o, const char *arg, struct options *opt)
{
	unsigned char addr[16];

	if (inet_pton(AF_INET, arg, addr) != 1 && inet_pton(AF_INET6, arg, addr) != 1)
		return usage_error("--%s: '%s' is not an IPv4 or IPv6 address", o->name, arg);
	*(const char **)field(o, opt) = arg;
	return GO_ON;
}

static int parse_interval(const struct option_spec *o, const char *arg, struct options *opt)
{
	char *end;
	double s = strtod(arg, &end);

	/* 0 is no interval given; the range is the library's (doctor) or watch's to check. */
	if (end == arg || *end || !(s > 0) || !isfinite(s))
		return usage_error("--interval: '%s' is not a number of seconds above 0", arg);
	/* Below a millisecond stays above 0; beyond what C holds, the largest value it does. */
	*(unsigned int *)field(o, opt) = s * 1000 < 1 ? 1 : s < 4e6 ? (unsigned int)(s * 1000 + 0.5) : 0xfffffffeu;
	return GO_ON;
}

static int parse_watch(const struct option_spec *o, const char *arg, struct options *opt)
{
	unsigned int *ms = field(o, opt);
	char *end;
	double s = strtod(arg, &end);

	/* The range is the library's to check (mg_report_html_watch()). */
	if (end == arg || *end || !(s > 0) || !isfinite(s))
		return usage_error("--watch: '%s' is not a number of seconds above 0", arg);
	*ms = s < 4e6 ? (unsigned int)(s * 1000 + 0.5) : 0xfffffffeu;
	if (!*ms)
		*ms = 1;
	return GO_ON;
}

/* pcie --svg[=FILE]: a FILE after a space is the command's second word (see pcie's check). */
static int parse_svg(const struct option_spec *o, const char *arg, struct options *opt)
{
	(void)o;
	opt->svg = 1;
	opt->svg_file = arg;
	return GO_ON;
}

/* A whole number of the PCIe link estimate describes. */
static int parse_pcie_number(const struct option_spec *o, const char *arg, struct options *opt)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (end == arg || *end)
		return usage_error("--%s: '%s' is not a whole number", o->name, arg);
	if (errno || v < -1 || v > 10000000)
		return usage_error("--%s: '%s' is out of range", o->name, arg);
	*(int *)field(o, opt) = (int)v;
	opt->have_estimate_option = 1;
	return GO_ON;
}

static int parse_header(const struct option_spec *o, const char *arg, struct options *opt)
{
	(void)o;
	if (!strcmp(arg, "3dw"))
		opt->header_dw = 3;
	else if (!strcmp(arg, "4dw"))
		opt->header_dw = 4;
	else
		return usage_error("--header takes 3dw or 4dw, not '%s'", arg);
	opt->have_estimate_option = 1;
	return GO_ON;
}

static int parse_wifi_mode(const struct option_spec *o, const char *arg, struct options *opt)
{
	(void)o;
	opt->wifi_mode = arg;
	opt->have_wifi_option = 1;
	return GO_ON;
}

/* A whole number of the Wi-Fi rate estimate describes. */
static int parse_wifi_number(const struct option_spec *o, const char *arg, struct options *opt)
{
	char *end;
	long n = strtol(arg, &end, 10);

	if (end == arg || *end || n < 0 || n > 100000)
		return usage_error("--%s: '%s' is not a whole number", o->name, arg);
	*(int *)field(o, opt) = (int)n;
	opt->have_wifi_option = 1;
	return GO_ON;
}

static int parse_gi(const struct option_spec *o, const char *arg, struct options *opt)
{
	char *end;
	double us = strtod(arg, &end);

	(void)o;
	if (end == arg || *end || !(us > 0) || us > 100)
		return usage_error("--gi: '%s' is not a guard interval in microseconds (0.4, 0.8, 1.6, 3.2)", arg);
	opt->gi_ns = (int)(us * 1000 + 0.5);
	opt->have_wifi_option = 1;
	return GO_ON;
}

/* estimate's unknowns are its model's to fill; the others are 0 or NULL, not given. */
const struct options default_options = {
	.mrrs = MG_UNKNOWN, .header_dw = 4, .link_mbps = -1, .mcs = MG_UNKNOWN, .nss = MG_UNKNOWN,
	.wifi_width = MG_UNKNOWN, .gi_ns = 800,
};

#define FIELD(member) offsetof(struct options, member)
#define PCIE_BELONGS "PCIe and MTU options belong to 'estimate'", true
#define WIFI_BELONGS "--wifi, --mcs, --nss, --width and --gi belong to 'estimate'", true
#define CONFIRM_BELONGS "--confirm and --verify-peer belong to 'set' and 'doctor --fix'", false

/* In the order a mistyped one is weighed against them (the first of two as near wins). */
static const struct option_spec specs[NOPTIONS] = {
	[OPT_SYSFS_ROOT] = { "sysfs-root", required_argument, 0, set_text, FIELD(sysfs_root), NULL, false },
	[OPT_PCI_DUMP] = { "pci-dump", required_argument, 0, set_text, FIELD(pci_dump), NULL, false },
	[OPT_NETNS] = { "netns", required_argument, 'n', set_text, FIELD(netns), NULL, false },
	[OPT_PCIE_GEN] = { "pcie-gen", required_argument, 0, parse_pcie_number, FIELD(gen), PCIE_BELONGS },
	[OPT_PCIE_WIDTH] = { "pcie-width", required_argument, 0, parse_pcie_number, FIELD(width), PCIE_BELONGS },
	[OPT_MPS] = { "mps", required_argument, 0, parse_pcie_number, FIELD(mps), PCIE_BELONGS },
	[OPT_MRRS] = { "mrrs", required_argument, 0, parse_pcie_number, FIELD(mrrs), PCIE_BELONGS },
	[OPT_COMPLETION] = { "completion", required_argument, 0, parse_pcie_number, FIELD(completion), PCIE_BELONGS },
	[OPT_HEADER] = { "header", required_argument, 0, parse_header, FIELD(header_dw), PCIE_BELONGS },
	[OPT_MTU] = { "mtu", required_argument, 0, parse_pcie_number, FIELD(mtu), PCIE_BELONGS },
	[OPT_LINK_MBPS] = { "link-mbps", required_argument, 0, parse_pcie_number, FIELD(link_mbps), PCIE_BELONGS },
	[OPT_WIFI] = { "wifi", required_argument, 0, parse_wifi_mode, FIELD(wifi_mode), WIFI_BELONGS },
	[OPT_MCS] = { "mcs", required_argument, 0, parse_wifi_number, FIELD(mcs), WIFI_BELONGS },
	[OPT_NSS] = { "nss", required_argument, 0, parse_wifi_number, FIELD(nss), WIFI_BELONGS },
	[OPT_WIDTH] = { "width", required_argument, 0, parse_wifi_number, FIELD(wifi_width), WIFI_BELONGS },
	[OPT_GI] = { "gi", required_argument, 0, parse_gi, FIELD(gi_ns), WIFI_BELONGS },
	[OPT_JSON] = { "json", no_argument, 0, set_flag, FIELD(json), NULL, false },
	[OPT_DRY_RUN] = { "dry-run", no_argument, 0, set_flag, FIELD(dry_run),
			  "--dry-run belongs to 'set' and 'rollback'", false },
	[OPT_ALL] = { "all", no_argument, 0, set_flag, FIELD(all),
		      "--all belongs to 'show', 'doctor', 'export' and 'report'", false },
	[OPT_YES] = { "yes", no_argument, 0, set_flag, FIELD(yes), "--yes belongs to 'cable-test' and 'doctor --fix'",
		      false },
	[OPT_TDR] = { "tdr", no_argument, 0, set_flag, FIELD(tdr), "--tdr belongs to 'cable-test'", false },
	[OPT_FIX] = { "fix", no_argument, 0, set_flag, FIELD(fix), "--fix belongs to 'doctor'", false },
	[OPT_FORMAT] = { "format", required_argument, 0, set_text, FIELD(format),
			 "--format and --output belong to 'export'", false },
	[OPT_OUTPUT] = { "output", required_argument, 0, set_text, FIELD(output),
			 "--format and --output belong to 'export'", false },
	[OPT_INTERVAL] = { "interval", required_argument, 0, parse_interval, FIELD(interval_ms),
			   "--interval belongs to 'doctor' and 'watch'", false },
	[OPT_CONFIRM] = { "confirm", required_argument, 0, parse_confirm, FIELD(confirm_s), CONFIRM_BELONGS },
	[OPT_VERIFY_PEER] = { "verify-peer", required_argument, 0, parse_address, FIELD(verify_peer), CONFIRM_BELONGS },
	[OPT_PEER] = { "peer", required_argument, 0, parse_address, FIELD(peer), "--peer belongs to 'doctor IFACE'",
		       false },
	[OPT_COUNT] = { "count", required_argument, 0, parse_count, FIELD(count), "--count belongs to 'watch'", false },
	[OPT_SVG] = { "svg", optional_argument, 0, parse_svg, FIELD(svg), "--svg belongs to 'pcie'", false },
	[OPT_HTML] = { "html", required_argument, 0, set_text, FIELD(html), "--html and --watch belong to 'report'",
		       false },
	[OPT_WATCH] = { "watch", required_argument, 0, parse_watch, FIELD(watch_ms),
			"--html and --watch belong to 'report'", false },
	[OPT_LIST] = { "list", no_argument, 0, set_flag, FIELD(list), "--list and --discard belong to 'rollback'",
		       false },
	[OPT_DISCARD] = { "discard", no_argument, 0, set_flag, FIELD(discard),
			  "--list and --discard belong to 'rollback'", false },
	[OPT_PERSIST] = { "persist", no_argument, 0, set_flag, FIELD(persist),
			  "--persist belongs to 'set' and 'doctor --fix'", false },
	[OPT_REMOVE] = { "remove", no_argument, 0, set_flag, FIELD(remove), "--remove and --status belong to 'persist'",
			 false },
	[OPT_STATUS] = { "status", no_argument, 0, set_flag, FIELD(status), "--remove and --status belong to 'persist'",
			 false },
	[OPT_VERBOSE] = { "verbose", no_argument, 'v', count_up, FIELD(verbose), NULL, false },
	[OPT_HELP] = { "help", no_argument, 'h', set_flag, FIELD(help), NULL, false },
	[OPT_VERSION] = { "version", no_argument, 'V', print_version, 0, NULL, false },
};

/* getopt's val of an option with no short spelling: above every character. */
#define LONG_ONLY 0x100

static const struct option *longopts(void)
{
	static struct option table[NOPTIONS + 1];

	for (int i = 0; i < NOPTIONS; i++)
		table[i] = (struct option){ specs[i].name, specs[i].has_arg, NULL,
					    specs[i].letter ? specs[i].letter : LONG_ONLY + i };
	return table;
}

static int unknown_option(const char *arg)
{
	const char *names[NOPTIONS];
	char dashed[NOPTIONS][32], buf[96];

	for (int i = 0; i < NOPTIONS; i++) {
		snprintf(dashed[i], sizeof(dashed[i]), "--%s", specs[i].name);
		names[i] = dashed[i];
	}
	return usage_error("unknown option '%s'%s", arg, did_you_mean(buf, sizeof(buf), arg, names, NOPTIONS));
}

/* The option getopt_long() returned as @c, or -1 for none. */
static int option_of(int c)
{
	if (c >= LONG_ONLY)
		return c - LONG_ONLY;
	for (int i = 0; i < NOPTIONS; i++)
		if (specs[i].letter && specs[i].letter == c)
			return i;
	return -1;
}

int parse_options(int argc, char **argv, bool stop_at_word, struct options *opt)
{
	const struct option *table = longopts();
	int c, id, ret;

	optind = 0; /* glibc: start over, also after an earlier pass */
	while ((c = getopt_long(argc, argv, stop_at_word ? "+:n:vhV" : ":n:vhV", table, NULL)) != -1) {
		if (c == ':')
			return usage_error("option '%s' needs an argument", argv[optind - 1]);
		if ((id = option_of(c)) < 0)
			return unknown_option(argv[optind - 1]);
		if ((ret = specs[id].parse(&specs[id], optarg, opt)) != GO_ON)
			return ret;
		opt->given |= UINT64_C(1) << id;
	}
	return GO_ON;
}

int option_not_taken(const struct command *cmd, enum option_id id)
{
	if (specs[id].names_command)
		return usage_error("%s, not '%s'", specs[id].belongs, cmd->name);
	return usage_error("%s", specs[id].belongs);
}

int check_options(const struct command *cmd, const struct options *opt)
{
	for (int i = 0; i < NOPTIONS; i++)
		if ((opt->given & UINT64_C(1) << i) && specs[i].belongs && !(cmd->options & UINT64_C(1) << i))
			return option_not_taken(cmd, (enum option_id)i);
	return 0;
}
