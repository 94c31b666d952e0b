/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* multigig: what your multi-gigabit network adapter can really do. */
#include <ctype.h>
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

static const struct command help_command = {
	.name = "help",
	.nargs = 1,
	.args = " [COMMAND]",
	.summary = "this help, or a command's",
	.help = "",
};

/* Every command, in the order --help lists them. */
static const struct command *const commands[] = {
	&list_command,	 &show_command,	  &set_command,	       &persist_command, &rollback_command, &pcie_command,   &estimate_command,
	&wifi_command,	 &cable_command,  &cable_test_command, &capture_command,  &doctor_command, &watch_command,
	&export_command, &report_command, &confirm_command,    &help_command,
};

#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

static void usage(FILE *out)
{
	fprintf(out, "Usage: multigig [--netns NAME] [--sysfs-root DIR] [--pci-dump FILE] [--json] COMMAND [ARGS]\n\nCommands:\n");
	for (size_t i = 0; i < NCOMMANDS; i++)
		fprintf(out, "  %-11s %s\n", commands[i]->name, commands[i]->summary);
	fprintf(out,
		"\n"
		"Options (also accepted after the command):\n"
		"  -n, --netns NAME     work in network namespace NAME, as 'ip -n NAME' does\n"
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
		if (!strcmp(name, commands[i]->name))
			return commands[i];
	return NULL;
}

static int unknown_command(const char *name)
{
	const char *names[NCOMMANDS];
	char buf[96];

	for (size_t i = 0; i < NCOMMANDS; i++)
		names[i] = commands[i]->name;
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
	int err;

	if (opt->netns && opt->sysfs_root)
		return usage_error("--netns and --sysfs-root: a captured tree belongs to no network namespace");
	/* Before the context: its netlink sockets belong to the namespace they are opened in. */
	if (opt->netns && (err = enter_netns(opt->netns)) != GO_ON)
		return err;
	if ((err = mg_ctx_new(opt->sysfs_root, &ctx)) < 0) {
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
	err = cmd->run(ctx, opt, args, nargs);
	if (opt->verbose)
		fprintf(stderr, "multigig: %ld netlink requests, %ld files read\n", mg_ctx_get_request_count(ctx),
			mg_ctx_get_read_count(ctx));
	mg_ctx_unref(ctx);
	return err;
}

int check_words(const struct command *cmd, const struct options *opt, int nwords)
{
	if (opt->all)
		return nwords ? usage_error("%s --all takes no interface", cmd->name) : 0;
	if (cmd->every && !nwords)
		return 0; /* no interface: every adapter, as --all says */
	if (cmd->nargs >= 0 && nwords > cmd->nargs)
		return usage_error("too many arguments; usage: multigig %s%s", cmd->name, cmd->args);
	if (cmd->nargs >= 0 ? nwords < cmd->nargs : nwords < 1)
		return usage_error("missing argument; usage: multigig %s%s", cmd->name, cmd->args);
	return 0;
}

/* The command's own argv, where options may come before or after words. */
static int command_line(const struct command *cmd, int argc, char **argv, struct options *opt)
{
	char **words;
	int nwords, ret;

	if ((ret = parse_options(argc, argv, false, opt)) != GO_ON)
		return ret;
	words = argv + optind;
	nwords = argc - optind;
	if (cmd == &help_command)
		return help(words, nwords);
	if (opt->help) {
		command_help(cmd);
		return EXIT_SUCCESS;
	}
	output_filter_json(opt->json);
	if ((ret = check_options(cmd, opt)))
		return ret;
	if ((ret = cmd->check ? cmd->check(cmd, opt, words, &nwords) : check_words(cmd, opt, nwords)))
		return ret;
	return run(cmd, opt, words, nwords);
}

int main(int argc, char **argv)
{
	struct options opt = default_options;
	const struct command *cmd;
	int ret;

	if (output_filter_install() < 0)
		return EXIT_FAILURE;
	opterr = 0;
	if ((ret = parse_options(argc, argv, true, &opt)) != GO_ON)
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
	if (cmd != &help_command)
		usage_error_command(cmd->name);
	return command_line(cmd, argc - optind, argv + optind, &opt);
}
