/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Shared by the multigig CLI's files. */
#ifndef MULTIGIG_CLI_H
#define MULTIGIG_CLI_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "multigig/multigig.h"
/* For show.c alone, compiled in: names as shell words and as text, as the library shows them. */
#include "base/base.h"

#define EXIT_USAGE 2
/* Returned where the command line is read: no exit code yet, read on. */
#define GO_ON (-1)

/* ---- options.c: the command line's options ---- */

/*
 * Every option, in the order a mistyped one is weighed against them. A
 * command takes the global ones (no 'belongs' line in options.c's table)
 * and those its OPT() bits name.
 */
enum option_id {
	OPT_SYSFS_ROOT, OPT_PCI_DUMP, OPT_NETNS, OPT_PCIE_GEN, OPT_PCIE_WIDTH, OPT_MPS, OPT_MRRS, OPT_COMPLETION, OPT_HEADER,
	OPT_MTU, OPT_LINK_MBPS, OPT_WIFI, OPT_MCS, OPT_NSS, OPT_WIDTH, OPT_GI, OPT_JSON, OPT_DRY_RUN, OPT_ALL, OPT_YES,
	OPT_TDR, OPT_FIX, OPT_FORMAT, OPT_OUTPUT, OPT_INTERVAL, OPT_CONFIRM, OPT_VERIFY_PEER, OPT_PEER, OPT_COUNT,
	OPT_SVG, OPT_HTML, OPT_WATCH, OPT_LIST, OPT_DISCARD, OPT_PERSIST, OPT_REMOVE, OPT_STATUS, OPT_VERBOSE, OPT_HELP, OPT_VERSION,
	NOPTIONS
};
#define OPT(name) (UINT64_C(1) << OPT_##name)

/* What the command line says, as options.c's table reads it. */
struct options {
	uint64_t given;		/* OPT() bits of the options it holds */
	const char *sysfs_root;
	const char *pci_dump;
	const char *netns;	/* --netns NAME: run in that network namespace */
	int json;
	int verbose;
	int help;
	int dry_run;
	int yes;
	int tdr;
	int all;
	/* export */
	const char *format;
	const char *output;
	/* doctor */
	int fix;
	int list, discard;	/* rollback --list, --discard */
	int persist;		/* set --persist */
	int remove;		/* persist --remove */
	int status;		/* persist --status */
	unsigned int confirm_s;	/* set/doctor --fix --confirm SECONDS */
	const char *verify_peer; /* set/doctor --fix --verify-peer ADDR */
	const char *peer;	/* doctor IFACE --peer ADDR */
	unsigned int interval_ms;
	long count;		/* watch: samples to print, 0 for no end */
	/* pcie --svg [FILE], report --html FILE [--watch SECONDS] */
	int svg;
	const char *svg_file;
	const char *html;
	unsigned int watch_ms;
	/* estimate */
	int gen, width, mps, mrrs, completion, header_dw, mtu, link_mbps;
	int have_estimate_option;
	/* estimate --wifi MODE --mcs N --nss N --width MHZ --gi US */
	const char *wifi_mode;
	int mcs, nss, wifi_width, gi_ns;
	int have_wifi_option;
};
/* The values of the options not given. */
extern const struct options default_options;
struct command;
/*
 * Read the options in @argv[1..] into @opt; with @stop_at_word, up to the
 * first word (the command), else all, moving words behind them. GO_ON, or
 * the exit code.
 */
int parse_options(int argc, char **argv, bool stop_at_word, struct options *opt);
/* The first option @opt holds that @cmd does not take, said as a usage error (EXIT_USAGE); 0 when none. */
int check_options(const struct command *cmd, const struct options *opt);
/* The usage error of option @id given to @cmd, which does not take it (or not so); EXIT_USAGE. */
int option_not_taken(const struct command *cmd, enum option_id id);

/* ---- netns.c: --netns ---- */

/*
 * Move this process into network namespace @name (a name of `ip netns`,
 * or a path such as /proc/PID/ns/net) with a sysfs of its own: GO_ON, or
 * the exit code with the reason said.
 */
int enter_netns(const char *name);

/* ---- multigig.c: the commands ---- */

/*
 * A command: its words, its help, the options it takes and what it does,
 * defined in its cmd-*.c and listed in multigig.c's commands[] (the order
 * of --help).
 */
struct command {
	const char *name;
	int nargs;	     /* words it takes; -1: any number from one */
	bool every;	     /* no word given is every adapter, as --all says */
	const char *args;    /* its synopsis after the name */
	const char *summary; /* one line for --help */
	const char *help;    /* what `multigig help NAME` adds */
	uint64_t options;    /* OPT() bits of the options it takes besides the global ones */
	/*
	 * Its own rules on the options and words it was given, beyond taking
	 * them: 0, or EXIT_USAGE with the usage error said. It ends with
	 * check_words(), as a command without one does.
	 */
	int (*check)(const struct command *cmd, struct options *opt, char **words, int *nwords);
	int (*run)(struct mg_ctx *ctx, const struct options *opt, char **words, int nwords);
};
extern const struct command list_command, show_command, set_command, rollback_command, pcie_command, estimate_command,
	wifi_command, cable_command, cable_test_command, capture_command, doctor_command, watch_command, export_command,
	report_command, confirm_command, persist_command;
/* The number of words @cmd takes, --all and none for every adapter included: 0, or EXIT_USAGE. */
int check_words(const struct command *cmd, const struct options *opt, int nwords);

/* ---- output.c: what the CLI prints, and its errors ---- */

/*
 * Route stdout and stderr through the filter that escapes control
 * characters and invalid UTF-8 (see output.c); 0 or -1. Then say whether
 * stdout carries JSON.
 */
int output_filter_install(void);
void output_filter_json(bool json);
/*
 * Write one of the library's documents (Prometheus text, HTML, SVG, its
 * text of wiphys): escaped already as its format wants, it passes the
 * filter as JSON does, not shown a second time. 0, or -1 when a write failed.
 */
int output_document(FILE *stream, const char *text);
/*
 * A part's lines as the library writes them (mg_*_to_text(), which gave
 * @err and *@text) to stdout, then freed; a command goes on without a
 * part it could not write, said on stderr.
 */
void print_part(const char *part, int err, char **text);
/* The tool's own control sequence @seq to @stream, unfiltered, after what
 * it holds; 0 or -1 with errno. */
int output_control(FILE *stream, const char *seq);
/* The errno of a failed write to @stream (EIO when not known), or 0. */
int output_error(FILE *stream);
/*
 * The columns @text takes on a terminal once the filter has shown it:
 * each escape by its length (\xff is 4), each character as it is by its
 * width (a CJK one 2). Padding by it keeps a table's columns straight.
 */
size_t shown_width(const char *text);

/* One line on stderr, then where to read more; returns EXIT_USAGE (2). */
int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The command whose help usage_error() points to (NULL: the global help). */
void usage_error_command(const char *name);
/* " (did you mean 'X'?)" for the nearest of @candidates, or "". */
const char *did_you_mean(char *buf, size_t size, const char *word, const char *const *candidates, size_t count);
int fail(struct mg_ctx *ctx, int err, const char *what);

/*
 * The JSON the library wrote (*_to_json()), on stdout with a newline after
 * it, and freed; @err is the writer's return (a failure is said as @what's).
 * EXIT_SUCCESS, or EXIT_FAILURE.
 */
int print_json(int err, char *json, const char *what);
/* An mg_write_fn for the library's long arrays: each piece to stdout. */
int write_stdout(void *data, const char *text, size_t len);
const char *or_dash(const char *s);

/* ---- suggest.c ---- */

/* The one of @count @candidates nearest to @word if it looks like a typo of it, else NULL. */
const char *suggest(const char *word, const char *const *candidates, size_t count);

/* ---- replace-file.c ---- */

/* Write @path whole or not at all: @fill writes to a temporary file beside it,
 * which is renamed over @path when it returns EXIT_SUCCESS. @what names the
 * command in messages. Returns EXIT_SUCCESS or EXIT_FAILURE. */
int replace_file(const char *what, const char *path, int (*fill)(FILE *f, void *data), void *data);
/* "wrote FILE" on stderr: @always, or when stderr is a terminal (for timers and cron). */
void say_wrote(const char *path, bool always);

/* ---- progress.c: one line on stderr rewritten while a command waits, on a terminal only ---- */

bool progress_wanted(void);
void progress_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void progress_clear(void);
/* A line that counts the seconds of a wait the library does in one call. */
struct progress {
	char what[128];
	unsigned int total_ms;
	bool running, done;
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t wake;
};
void progress_start(struct progress *p, const char *what, unsigned int total_ms);
void progress_stop(struct progress *p);

/* ---- cmd-settings.c: for doctor --fix and show too ---- */

/* --confirm and --verify-peer on a plan; the error said, EXIT_FAILURE, or 0. */
int plan_options(struct mg_ctx *ctx, const struct options *opt, struct mg_plan *plan, const char *what);
/* After an apply with --confirm: what to run, and by when. */
void say_confirm(const struct options *opt, const char *ifname);
/* For `show`: a warning on stderr when an apply to the interface was interrupted. */
void warn_interrupted_apply(struct mg_ctx *ctx, const struct mg_nic *nic);
/* SIGINT and SIGTERM stop a transaction between two steps; it rolls back, then the CLI dies of the signal. */
void catch_stop_signals(struct mg_ctx *ctx);
void die_of_stop_signal(void);
/* After a failed transaction: what to run next (a rollback that finishes it, or one first). */
void hint_after_failure(struct mg_ctx *ctx, int err, const struct mg_apply_result *r);
/*
 * A failed transaction of command @what: the error and the hint said, @r
 * freed, and the CLI dead of the signal that stopped it; else EXIT_FAILURE.
 */
int apply_failed(struct mg_ctx *ctx, int err, struct mg_apply_result *r, const char *what);

/* ---- cmd-pcie.c and cmd-report.c: for show and pcie too ---- */

/* For `show`: the PCIe path of a PCI adapter (NULL otherwise); the library writes its summary. */
struct mg_pcie_path *nic_pcie_path(struct mg_ctx *ctx, const struct mg_nic *nic);
/* For `pcie --svg`: the library's drawing, to @file or stdout (NULL or "-"). */
int pcie_svg(struct mg_ctx *ctx, const struct mg_pcie_path *path, const struct mg_nic *nic, const char *file);

#endif
