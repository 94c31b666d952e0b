/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* multigig set, rollback and confirm. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"

static int parse_value(enum mg_param p, const char *word, long long *v)
{
	char *end;

	if (!strcmp(word, "on"))
		*v = 1;
	else if (!strcmp(word, "off"))
		*v = 0;
	else if (!strcmp(word, "max") && mg_param_get_group(p) == MG_GROUP_RINGS)
		*v = MG_VALUE_MAX;
	else {
		errno = 0;
		*v = strtoll(word, &end, 10);
		if (errno || end == word || *end || *v < 0)
			return -EINVAL;
	}
	return 0;
}

/* The signal that asked `set` to stop; the library reads it between steps. */
static volatile sig_atomic_t stop_signal;

static void on_stop_signal(int sig)
{
	stop_signal = sig;
}

/* SIGINT and SIGTERM stop an apply between two steps and roll it back, never midway. */
void catch_stop_signals(struct mg_ctx *ctx)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop_signal;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	mg_ctx_set_cancel_flag(ctx, &stop_signal);
}

/* Once rolled back, end as the signal would have: the caller sees it. */
void die_of_stop_signal(void)
{
	if (!stop_signal)
		return;
	signal(stop_signal, SIG_DFL);
	raise(stop_signal);
}

/* A result's changes and notes as the library writes them. */
static void print_plan(const struct mg_apply_result *r, const char *verb)
{
	char *text = NULL;

	print_part("set", mg_apply_result_to_text(r, verb, 0, &text), &text);
}

/*
 * The commands hints name are written to be pasted: the interface as one
 * shell word (mg_shell_operand()), the command after a colon, not inside
 * quotes of the sentence's own that a quoted name would break.
 */
static void hint_rollback(const char *ifname)
{
	char q[MG_SHELL_NAME_MAX];

	fprintf(stderr, "multigig: to restore the values from before it, then try again, run: multigig rollback %s\n",
		mg_shell_operand(q, sizeof(q), ifname));
}

/* Whether a restore of the transaction failed: its journal stayed. */
static bool restore_failed(const struct mg_apply_result *r)
{
	for (size_t i = 0; i < mg_apply_result_count(r); i++)
		if (mg_apply_result_get_state(r, i) == MG_CHANGE_RESTORE_FAILED)
			return true;
	return false;
}

void hint_after_failure(struct mg_ctx *ctx, int err, const struct mg_apply_result *r)
{
	const char *ifname = mg_apply_result_get_failed_ifname(r);
	char q[MG_SHELL_NAME_MAX];

	(void)ctx;
	if (!ifname && mg_apply_result_get_interface_count(r))
		ifname = mg_apply_result_get_interface(r, 0, NULL, NULL);
	if (!ifname)
		return;
	if (err == -EUCLEAN)
		hint_rollback(ifname);
	else if (restore_failed(r))
		fprintf(stderr, "multigig: the undo journal is kept; once the cause is fixed, this finishes the "
			"restore: multigig rollback %s\n", mg_shell_operand(q, sizeof(q), ifname));
}

int apply_failed(struct mg_ctx *ctx, int err, struct mg_apply_result *r, const char *what)
{
	fail(ctx, err, what);
	hint_after_failure(ctx, err, r);
	mg_apply_result_free(r);
	if (err == -ECANCELED)
		die_of_stop_signal();
	return EXIT_FAILURE;
}

/* For `show`: say so when an apply to the adapter's interface was interrupted. */
/* Stale journals (of a network namespace that is gone) concern no interface here: a note, once. */
/* Whether journal @i of @l covers the interface of index @ifindex. */
static bool covers(const struct mg_journal_list *l, size_t i, int ifindex)
{
	for (size_t k = 0; k < mg_journal_list_get_interface_count(l, i); k++) {
		int index = 0;

		if (mg_journal_list_get_interface(l, i, k, &index) && index == ifindex)
			return true;
	}
	return false;
}

/*
 * Before show's output: stale journals, and changes of this interface that
 * await confirmation (a window is no interrupted apply: it needs a confirm,
 * not a rollback). 1 when such changes were named.
 */
static int note_journals(struct mg_ctx *ctx, const char *ifname, int ifindex)
{
	struct mg_journal_list *l;
	char q[MG_SHELL_NAME_MAX];
	size_t stale = 0;
	int waiting = 0;

	if (mg_journal_list_new(ctx, &l) < 0)
		return 0;
	for (size_t i = 0; i < mg_journal_list_count(l); i++) {
		stale += mg_journal_list_get_state(l, i) == MG_JOURNAL_STALE;
		waiting |= mg_journal_list_get_state(l, i) == MG_JOURNAL_AWAITING_CONFIRM && covers(l, i, ifindex);
	}
	mg_journal_list_free(l);
	if (stale)
		fprintf(stderr, "multigig: note: %zu stale undo journal%s (of a network namespace that is gone, or an "
			"earlier boot) never apply here; 'multigig rollback --list' shows them, --discard clears them\n",
			stale, stale == 1 ? "" : "s");
	if (waiting)
		fprintf(stderr, "multigig: note: %s: changes made with --confirm await confirmation; to keep them, "
			"run: multigig confirm %s\n", ifname, mg_shell_operand(q, sizeof(q), ifname));
	return waiting;
}

void warn_interrupted_apply(struct mg_ctx *ctx, const struct mg_nic *nic)
{
	const char *ifname = mg_nic_get_name(nic);
	char q[MG_SHELL_NAME_MAX];

	if (!ifname || mg_ctx_is_offline(ctx))
		return;
	if (note_journals(ctx, ifname, mg_nic_get_ifindex(nic)))
		return;
	if (mg_settings_journal_pending_for_nic(ctx, nic) != 1)
		return;
	fprintf(stderr, "multigig: warning: %s: an apply of settings was interrupted and left its changes "
		"half made; to restore the values from before it, run: multigig rollback %s\n", ifname,
		mg_shell_operand(q, sizeof(q), ifname));
}

static const char *const on_off[] = { "on", "off" };
static const char *const short_features[] = { "gro", "gso", "lro", "tso", "sg", "rxhash", "rxvlan", "txvlan",
					      "ntuple" };

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Every word `set` knows by itself: parameters, eee, advertise, aspm-l1, wol and ethtool's short feature names. */
static size_t setting_names(const char **names, size_t size)
{
	static const char *const others[] = { "eee", "advertise", "aspm-l1", "rps-cpus", "xps-cpus", "irq-affinity",
					      "wol" };
	size_t n = 0;

	for (int p = 0; p < MG_PARAM_COUNT && n < size; p++)
		names[n++] = mg_param_name((enum mg_param)p);
	for (size_t i = 0; i < COUNT(others) && n < size; i++)
		names[n++] = others[i];
	for (size_t i = 0; i < COUNT(short_features) && n < size; i++)
		names[n++] = short_features[i];
	return n;
}

static bool is_short_feature(const char *name)
{
	for (size_t i = 0; i < COUNT(short_features); i++)
		if (!strcmp(name, short_features[i]))
			return true;
	return false;
}

static int bad_on_off(const char *name, const char *value)
{
	char buf[64];

	return usage_error("bad value '%s' for %s: on or off%s", value, name,
			   did_you_mean(buf, sizeof(buf), value, on_off, COUNT(on_off)));
}

/*
 * A word `set` does not know by itself with a value that is not on or
 * off: the setting is mistyped ("mtuu 9000"), or the value is ("gro of").
 */
static int bad_word(const char *name, const char *value)
{
	const char *names[MG_PARAM_COUNT + 16];
	size_t n = setting_names(names, COUNT(names));
	const char *near = suggest(name, names, n);

	if (near)
		return usage_error("unknown setting '%s' (did you mean '%s'?)", name, near);
	if (suggest(value, on_off, COUNT(on_off)))
		return bad_on_off(name, value);
	return usage_error("unknown setting '%s' (a feature takes on or off)", name);
}

/*
 * "rps-cpus 0-3" (every receive queue), "rps-cpus rx-1:2,3" or "1:2,3"
 * (one queue), "xps-cpus tx-0:1", "irq-affinity 0-1", "irq-affinity
 * 45:1" (one vector); "none" for no CPU, never an empty word. 1 when
 * @name is none of these.
 */
static int parse_steer(const char *name, const char *value, struct mg_settings *want)
{
	static const char *const names[] = { "rps-cpus", "xps-cpus", "irq-affinity" };
	static const char *const prefix[] = { "rx-", "tx-", "" };
	const char *colon = strchr(value, ':'), *cpus = colon ? colon + 1 : value, *num = value;
	char list[256];
	long index = -1;
	size_t k;
	int err;

	for (k = 0; k < COUNT(names) && strcmp(name, names[k]); k++)
		;
	if (k == COUNT(names))
		return 1;
	if (colon) {
		char *end;

		if (prefix[k][0] && !strncmp(num, prefix[k], 3))
			num += 3;
		errno = 0;
		index = strtol(num, &end, 10);
		if (end == num || end != colon || errno || index < 0 || index > 0x7fffffff)
			return usage_error("bad value '%s' for %s: [%sN:]CPUS", value, name, prefix[k]);
	}
	/* An empty word is an unset variable more often than a wish for no CPU: "none" says that. */
	if (!cpus[strspn(cpus, " \t\n")])
		return usage_error("bad value '%s' for %s: the CPU list is empty; %s", value, name,
				   k == 2 ? "name one CPU at least" : "say none for no CPU");
	/* Cut short, a list would name other CPUs: too long is refused. */
	if (snprintf(list, sizeof(list), "%s", cpus) >= (int)sizeof(list))
		return usage_error("bad value for %s: a CPU list of at most %zu characters", name, sizeof(list) - 1);
	err = k == 0 ? mg_settings_set_rps_cpus(want, (int)index, list)
	    : k == 1 ? mg_settings_set_xps_cpus(want, (int)index, list)
		     : mg_settings_set_irq_affinity(want, (int)index, list);
	if (err == -ERANGE)
		return usage_error("bad value '%s' for %s: CPUs past 63 are not supported", value, name);
	if (err == -E2BIG)
		return usage_error("too many %s at once (64 at most)", k == 2 ? "vectors" : "queues");
	if (err < 0)
		return usage_error("bad value '%s' for %s: a CPU list (0-3 or 1,3)%s, optionally after %sN:", value, name,
				   k == 2 ? "" : " or none", prefix[k]);
	return 0;
}

/*
 * "eee on", "aspm-l1 off", "advertise all", "wol g", or a feature by name:
 * "gro off", "tx-tcp-segmentation on".
 */
static int parse_other(const char *name, const char *value, struct mg_settings *want)
{
	int on = !strcmp(value, "on") ? 1 : !strcmp(value, "off") ? 0 : -1;
	bool eee = !strcmp(name, "eee"), aspm = !strcmp(name, "aspm-l1");
	int err = parse_steer(name, value, want);

	if (err != 1)
		return err;
	if (!strcmp(name, "advertise")) {
		if (mg_settings_set_advertise(want, value) < 0)
			return usage_error("bad value '%s' for advertise: all, or link modes separated by commas "
					   "(1000baseT/Full,2500baseT/Full)", value);
		return 0;
	}
	if (!strcmp(name, "wol")) {
		if (mg_settings_set_wol(want, value) < 0)
			return usage_error("bad value '%s' for wol: ethtool's letters p u m b a g s f (g: magic "
					   "packet), or d for none", value);
		return 0;
	}
	if (on < 0 && (eee || aspm || is_short_feature(name)))
		return bad_on_off(name, value);
	if (on < 0)
		return bad_word(name, value);
	err = eee ? mg_settings_set_eee(want, on)
	      : aspm ? mg_settings_set_aspm_l1(want, on)
		     : mg_settings_set_feature(want, name, on);
	if (err == -E2BIG)
		return usage_error("too many features at once (64 at most)");
	if (err < 0)
		return usage_error("unknown setting '%s'", name);
	return 0;
}

/* What a parameter takes, for its error: flags on or off, the others a number. */
static const char *value_hint(enum mg_param p, const char *word, char *buf, size_t size)
{
	char near[64];

	if (mg_param_get_group(p) == MG_GROUP_PAUSE || strstr(mg_param_name(p), "adaptive")) {
		snprintf(buf, size, ": on or off%s", did_you_mean(near, sizeof(near), word, on_off, COUNT(on_off)));
		return buf;
	}
	return mg_param_get_group(p) == MG_GROUP_RINGS ? ": a whole number or max" : ": a whole number";
}

static int parse_settings(char **words, int nwords, struct mg_settings *want)
{
	for (int i = 1; i < nwords; i += 2) {
		int p = mg_param_from_name(words[i]);
		long long v;
		char hint[96];

		if (p < 0) {
			int err = parse_other(words[i], words[i + 1], want);

			if (err)
				return err;
			continue;
		}
		if (parse_value((enum mg_param)p, words[i + 1], &v) < 0 || mg_settings_set(want, (enum mg_param)p, v) < 0)
			return usage_error("bad value '%s' for %s%s", words[i + 1], words[i],
					   value_hint((enum mg_param)p, words[i + 1], hint, sizeof(hint)));
	}
	return 0;
}

/*
 * After "no feature named 'grp'": the interface's own feature (or a short
 * name) nearest to the first unknown feature word, copied to @buf; NULL
 * when none is near.
 */
static const char *suggest_feature(struct mg_ctx *ctx, char **words, int nwords, char *buf, size_t size)
{
	const char *found = NULL;
	struct mg_features *f;
	const char **names;
	size_t n = 0;

	if (mg_features_read(ctx, words[0], &f) < 0)
		return NULL;
	names = calloc(mg_features_get_count(f) + COUNT(short_features), sizeof(*names));
	if (names) {
		for (size_t i = 0; i < mg_features_get_count(f); i++)
			names[n++] = mg_features_get_name(f, i);
		for (size_t i = 0; i < COUNT(short_features); i++)
			names[n++] = short_features[i];
		for (int i = 1; i < nwords && !found; i += 2) {
			const char *near;

			if (mg_param_from_name(words[i]) >= 0 || mg_features_find(f, words[i]) >= 0 ||
			    is_short_feature(words[i]) || !(near = suggest(words[i], names, n)))
				continue;
			snprintf(buf, size, "%s", near);
			found = buf;
		}
	}
	free(names);
	mg_features_free(f);
	return found;
}

int plan_options(struct mg_ctx *ctx, const struct options *opt, struct mg_plan *plan, const char *what)
{
	int err = opt->confirm_s ? mg_plan_set_confirm(plan, opt->confirm_s) : 0;

	if (err == 0 && opt->verify_peer)
		err = mg_plan_set_verify_peer(plan, opt->verify_peer);
	return err < 0 ? fail(ctx, err, what) : 0;
}

void say_confirm(const struct options *opt, const char *ifname)
{
	char q[MG_SHELL_NAME_MAX];

	printf("these changes stay only if confirmed within %u s, else they are rolled back; confirm them with: "
	       "multigig confirm %s\n", opt->confirm_s, mg_shell_operand(q, sizeof(q), ifname));
}

/* A plan of one when --confirm or --verify-peer asks for more than a plain apply. */
static int apply(struct mg_ctx *ctx, const struct options *opt, const char *ifname, const struct mg_settings *want,
		 struct mg_apply_result **r)
{
	unsigned int flags = opt->dry_run ? MG_APPLY_DRY_RUN : 0;
	struct mg_plan *plan;
	struct mg_nic *nic;
	int err;

	if (!opt->confirm_s && !opt->verify_peer)
		return mg_settings_apply(ctx, ifname, want, flags, r);
	err = mg_nic_lookup(ctx, ifname, &nic);
	if (err < 0)
		return err;
	err = mg_plan_new(ctx, &plan);
	if (err == 0)
		err = mg_plan_add(plan, nic, want);
	if (err == 0 && opt->confirm_s)
		err = mg_plan_set_confirm(plan, opt->confirm_s);
	if (err == 0 && opt->verify_peer)
		err = mg_plan_set_verify_peer(plan, opt->verify_peer);
	if (err == 0)
		err = mg_plan_apply(plan, flags, r);
	mg_plan_free(plan);
	mg_nic_unref(nic);
	return err;
}

static int cmd_confirm(struct mg_ctx *ctx, const struct options *opt, char **words, int nwords)
{
	const char *ifname = nwords ? words[0] : NULL;
	int err = mg_settings_confirm(ctx, ifname);

	(void)opt;
	if (err < 0)
		return fail(ctx, err, "confirm");
	printf("%s: confirmed: the changes stay\n", ifname);
	return EXIT_SUCCESS;
}

/* Whether @r changed the setting @name. */
static bool changed(const struct mg_apply_result *r, const char *name)
{
	for (size_t i = 0; i < mg_apply_result_count(r); i++)
		if (!strcmp(mg_apply_result_get_name(r, i), name))
			return true;
	return false;
}

/*
 * A change an engine will undo: udev's file at the next add,
 * NetworkManager's connection at its next activation, ifupdown's stanza at
 * the next ifup, systemd-networkd's .network file when it next configures
 * the link, carries another value. Said after the change, as
 * ethtool's users learn it too late. Nothing is said where none can be read.
 */
static void say_put_back(struct mg_ctx *ctx, const char *ifname, const struct mg_apply_result *r)
{
	struct mg_persist_status *s;

	if (mg_persist_status_read(ctx, ifname, &s) < 0)
		return;
	for (size_t i = 0; i < mg_persist_status_count(s); i++) {
		const char *setting = mg_persist_status_get_setting(s, i), *engine = mg_persist_status_get_engine(s, i);
		const char *key = mg_persist_status_get_key(s, i), *value = mg_persist_status_get_persisted(s, i);

		if (mg_persist_status_get_drift(s, i) != 1 || !changed(r, setting))
			continue;
		if (!strcmp(engine, "udev"))
			printf("%s: note: %s sets %s=%s, which udev puts back at the next add; --persist keeps %s\n",
			       ifname, mg_persist_status_get_source(s, i), key, value, setting);
		else if (strcmp(engine, "NetworkManager"))
			printf("%s: note: %s's %s sets %s %s and puts it back at the next %s\n", ifname, engine,
			       mg_persist_status_get_source(s, i), key, value,
			       !strcmp(engine, "ifupdown") ? "ifup" : "configuration of the link");
		else
			printf("%s: note: NetworkManager's connection '%s' sets %s %s and puts it back at its next "
			       "activation\n", ifname, mg_persist_status_get_connection(s), key, value);
	}
	mg_persist_status_free(s);
}

static int cmd_set(struct mg_ctx *ctx, const struct options *opt, char **words, int nwords)
{
	struct mg_settings *want;
	struct mg_apply_result *r = NULL;
	int err;

	if (nwords < 3 || (nwords - 1) % 2)
		return usage_error("usage: multigig set IFACE PARAM VALUE [PARAM VALUE ...] [--dry-run] [--persist]");
	if (mg_settings_new(&want) < 0)
		return fail(ctx, -ENOMEM, "set");
	err = parse_settings(words, nwords, want);
	if (err == 0 && opt->persist && mg_settings_set_persist(want, MG_PERSIST_WRITE) < 0)
		err = fail(ctx, -ENOMEM, "set");
	if (err) {
		mg_settings_free(want);
		return err;
	}
	if (!opt->dry_run)
		catch_stop_signals(ctx);
	err = apply(ctx, opt, words[0], want, &r);
	mg_settings_free(want);
	if (err < 0) {
		/* A mistyped feature: the message, then the nearest one the interface has, on one line. */
		if (err == -EINVAL && strstr(mg_ctx_last_error(ctx), "no feature named")) {
			char message[512], near[64];

			mg_apply_result_free(r);
			snprintf(message, sizeof(message), "%s", mg_ctx_last_error(ctx));
			if (suggest_feature(ctx, words, nwords, near, sizeof(near))) {
				fprintf(stderr, "multigig: set: %s (did you mean '%s'?)\n", message, near);
				return EXIT_FAILURE;
			}
			fprintf(stderr, "multigig: set: %s\n", message);
			return EXIT_FAILURE;
		}
		return apply_failed(ctx, err, r, "set");
	}
	if (mg_apply_result_count(r) == 0)
		printf("%s: nothing to change\n", words[0]);
	else
		print_plan(r, opt->dry_run ? "would set" : "set");
	if (mg_apply_result_count(r) && !opt->dry_run && opt->confirm_s)
		say_confirm(opt, words[0]);
	if (mg_apply_result_count(r) && !opt->dry_run && !opt->persist)
		say_put_back(ctx, words[0], r);
	mg_apply_result_free(r);
	return EXIT_SUCCESS;
}

/* persist IFACE --status: the file udev applies next, and each setting it carries against the running one. */
static int persist_status(struct mg_ctx *ctx, const struct options *opt, const char *ifname)
{
	struct mg_persist_status *s;
	char *out = NULL;
	int err = mg_persist_status_read(ctx, ifname, &s);

	if (err < 0)
		return fail(ctx, err, "persist --status");
	if (opt->json) {
		err = mg_persist_status_to_json(s, 0, &out);
		err = print_json(err, out, "persist --status");
	} else {
		print_part("persist --status", mg_persist_status_to_text(s, &out), &out);
		err = EXIT_SUCCESS;
	}
	mg_persist_status_free(s);
	return err;
}

/* persist IFACE: what runs now, written where udev applies it at every add; --remove: ours gone. */
static int cmd_persist(struct mg_ctx *ctx, const struct options *opt, char **words, int nwords)
{
	struct mg_settings *want;
	struct mg_apply_result *r = NULL;
	int err;

	(void)nwords;
	if (opt->status)
		return persist_status(ctx, opt, words[0]);
	if (mg_settings_new(&want) < 0)
		return fail(ctx, -ENOMEM, "persist");
	err = mg_settings_set_persist(want, opt->remove ? MG_PERSIST_REMOVE : MG_PERSIST_WRITE);
	if (err == 0 && !opt->dry_run)
		catch_stop_signals(ctx);
	if (err == 0)
		err = apply(ctx, opt, words[0], want, &r);
	mg_settings_free(want);
	if (err < 0)
		return apply_failed(ctx, err, r, "persist");
	if (mg_apply_result_count(r) == 0)
		printf("%s: %s\n", words[0], opt->remove ? "libmultigig persists nothing for it" : "persisted already");
	else
		print_plan(r, opt->dry_run ? "would set" : "set");
	mg_apply_result_free(r);
	return EXIT_SUCCESS;
}

static int list_journals(struct mg_ctx *ctx, const struct options *opt)
{
	struct mg_journal_list *l;
	int err = mg_journal_list_new(ctx, &l);

	if (err < 0)
		return fail(ctx, err, "rollback --list");
	if (opt->json) {
		char *json;

		err = mg_journal_list_to_json(l, 0, &json);
		err = print_json(err, json, "rollback --list");
	} else {
		char *text = NULL;

		print_part("rollback --list", mg_journal_list_to_text(l, &text), &text);
		if (!mg_journal_list_count(l))
			printf("no undo journals: nothing was interrupted\n");
		err = EXIT_SUCCESS;
	}
	mg_journal_list_free(l);
	return err;
}

/* --discard ID: that journal; --discard: every stale one. */
static int discard_journals(struct mg_ctx *ctx, const char *id)
{
	struct mg_journal_list *l;
	size_t n = 0;
	int err;

	if (id) {
		err = mg_journal_discard(ctx, id);
		if (err < 0)
			return fail(ctx, err, "rollback --discard");
		printf("discarded %s\n", id);
		return EXIT_SUCCESS;
	}
	err = mg_journal_list_new(ctx, &l);
	if (err < 0)
		return fail(ctx, err, "rollback --discard");
	for (size_t i = 0; err == 0 && i < mg_journal_list_count(l); i++) {
		if (mg_journal_list_get_state(l, i) != MG_JOURNAL_STALE)
			continue;
		err = mg_journal_discard(ctx, mg_journal_list_get_id(l, i));
		if (err == 0) {
			printf("discarded %s (%s)\n", mg_journal_list_get_id(l, i), mg_journal_list_get_reason(l, i));
			n++;
		}
	}
	mg_journal_list_free(l);
	if (err < 0)
		return fail(ctx, err, "rollback --discard");
	if (!n)
		printf("no stale undo journals\n");
	return EXIT_SUCCESS;
}

static int cmd_rollback(struct mg_ctx *ctx, const struct options *opt, char **words, int nwords)
{
	const char *ifname = nwords ? words[0] : NULL;
	struct mg_apply_result *r = NULL;
	int err;

	if (opt->list)
		return list_journals(ctx, opt);
	if (opt->discard)
		return discard_journals(ctx, ifname);
	if (!opt->dry_run)
		catch_stop_signals(ctx);
	err = mg_settings_rollback(ctx, ifname, opt->dry_run ? MG_APPLY_DRY_RUN : 0, &r);
	if (err == -ENOENT) {
		mg_apply_result_free(r);
		printf("%s: no interrupted apply to roll back\n", ifname);
		return EXIT_SUCCESS;
	}
	if (err < 0)
		return apply_failed(ctx, err, r, "rollback");
	if (mg_apply_result_count(r) == 0)
		printf("%s: every value was back already\n", ifname);
	print_plan(r, opt->dry_run ? "would restore" : "restored");
	if (!opt->dry_run)
		printf("%s: the interrupted apply is rolled back\n", ifname);
	mg_apply_result_free(r);
	return EXIT_SUCCESS;
}

/* rollback --list and --discard [ID] name no interface. */
static int check_rollback(const struct command *cmd, struct options *opt, char **words, int *nwords)
{
	(void)words;
	if (opt->list && opt->discard)
		return usage_error("rollback takes --list or --discard, not both");
	if (!opt->list && !opt->discard)
		return check_words(cmd, opt, *nwords);
	if (*nwords > (opt->discard ? 1 : 0))
		return usage_error("too many arguments; usage: multigig rollback --list | --discard [ID]");
	return 0;
}

const struct command set_command = {
	.name = "set",
	.nargs = -1,
	.args = " IFACE PARAM VALUE [PARAM VALUE ...] [--dry-run] [--confirm S] [--verify-peer ADDR]",
	.summary = "change settings, all or nothing",
	.help = "PARAM VALUE pairs, checked against what the kernel reports before anything\n"
		"changes, then applied in a fixed order and rolled back if a step fails:\n"
		"  mtu N                   rx-ring N|max, tx-ring N|max\n"
		"  combined N, rx N, tx N  rx-usecs N, rx-frames N, tx-usecs N, tx-frames N\n"
		"  adaptive-rx on|off, adaptive-tx on|off\n"
		"  pause-autoneg on|off, pause-rx on|off, pause-tx on|off\n"
		"  eee on|off              advertise all|MODE,... (2500baseT/Full,...)\n"
		"  aspm-l1 on|off          L1 of the adapter's PCIe link (needs root)\n"
		"  wol MODES               Wake-on-LAN: ethtool's letters p u m b a g s f\n"
		"                          (g: magic packet), d for none\n"
		"  rps-cpus [rx-N:]CPUS    receive packet steering of every (or one) receive queue\n"
		"  xps-cpus [tx-N:]CPUS    the CPUs that send on every (or one) transmit queue\n"
		"  irq-affinity [IRQ:]CPUS the CPUs the adapter's (or one) interrupt vector runs on\n"
		"                          CPUS: 0-3, 1,3; none for RPS or XPS off\n"
		"  FEATURE on|off          gro, gso, lro, tso, sg, rxhash, rxvlan, txvlan, ntuple,\n"
		"                          or a kernel name (rx-gro, tx-tcp-segmentation, ...)\n"
		"--dry-run prints the plan and changes nothing. --confirm SECONDS keeps the\n"
		"changes only if 'multigig confirm IFACE' comes in time, else they roll back, also\n"
		"when this shell or SSH session is gone. --verify-peer ADDR checks that the path\n"
		"to ADDR carries the new MTU (don't-fragment pings), and rolls back if not.\n"
		"Without --persist, like ethtool's, the changes last until the adapter goes: a\n"
		"reboot or a re-plug brings back the driver's defaults, and a note names udev's\n"
		"file, NetworkManager's connection, ifupdown's stanza or systemd-networkd's\n"
		".network file where one carries another value that it puts back.\n"
		"--persist writes them, once made, into a udev .link file of libmultigig's and\n"
		"into the NetworkManager connection active on the interface, what it can carry\n"
		"(see 'multigig help persist'), in the same transaction: a failure takes them\n"
		"back too. With --confirm the file's text waits beside it, where udev never\n"
		"reads it, and NetworkManager keeps the profile's change in memory only, until\n"
		"the change is confirmed, so a reboot inside the window keeps nothing.\n",
	.options = OPT(DRY_RUN) | OPT(CONFIRM) | OPT(VERIFY_PEER) | OPT(PERSIST),
	.run = cmd_set,
};

/* --status reads, --remove writes: not both, and nothing to write with a read. */
static int check_persist(const struct command *cmd, struct options *opt, char **words, int *nwords)
{
	(void)words;
	if (opt->status && (opt->remove || opt->dry_run))
		return usage_error("persist --status only reads: it takes no --remove or --dry-run");
	return check_words(cmd, opt, *nwords);
}

const struct command persist_command = {
	.name = "persist",
	.nargs = 1,
	.args = " IFACE [--remove] [--dry-run] | IFACE --status",
	.summary = "keep settings across reboots and re-plugs",
	.help = "Writes the MTU, rings, channels, coalesce and pause the interface runs with\n"
		"now into /etc/systemd/network/10-multigig-*.link, which udev applies whenever\n"
		"the device is added: at boot, at a re-plug. The file matches the device by what\n"
		"a re-plug keeps (a USB adapter by its permanent MAC address, any other by its\n"
		"device path, a virtual one by its name) and carries over the lines of the\n"
		".link file udev applied until now, so that the interface keeps its name; its\n"
		"first line marks it as libmultigig's. Where NetworkManager manages the interface\n"
		"with a connection active, what its profile can carry (the MTU, rings, coalesce,\n"
		"pause; channels since NM 1.46) goes into that profile instead, over D-Bus, and\n"
		"its user data records what libmultigig wrote. 'set ... --persist' writes only\n"
		"what it sets.\n"
		"--remove removes that file and the profile's keys libmultigig wrote, and never\n"
		"what it did not write.\n"
		"--dry-run says what would be written and writes nothing. --status shows the\n"
		"file udev applies at the next add, NetworkManager's connection on the\n"
		"interface, ifupdown's iface stanza for it (/etc/network/interfaces) and the\n"
		"MTU of systemd-networkd's .network file, and each setting they carry beside\n"
		"the value running now (drift: what the next add, activation or ifup changes;\n"
		"conflict: two differ, and the value of the engine applied last lasts). A value\n"
		"ifupdown's stanza or systemd-networkd's file would put back is refused. Like\n"
		"any change, it is journaled first: 'multigig rollback IFACE' after an\n"
		"interruption puts the file and the profile back as they were.\n",
	.options = OPT(DRY_RUN) | OPT(REMOVE) | OPT(STATUS),
	.check = check_persist,
	.run = cmd_persist,
};

const struct command rollback_command = {
	.name = "rollback",
	.nargs = 1,
	.args = " IFACE [--dry-run] | --list | --discard [ID]",
	.summary = "undo an apply that was interrupted",
	.help = "Restores the values an interrupted apply recorded in its undo journal, on\n"
		"every interface it changed, where they still hold what it set. --dry-run\n"
		"prints what it would restore. --list: every undo journal and its state\n"
		"(under-way, interrupted, stale, damaged, other-namespace); --discard: remove\n"
		"the stale ones, --discard ID one named journal (never one under way).\n",
	.options = OPT(DRY_RUN) | OPT(LIST) | OPT(DISCARD),
	.check = check_rollback,
	.run = cmd_rollback,
};

const struct command confirm_command = {
	.name = "confirm",
	.nargs = 1,
	.args = " IFACE",
	.summary = "keep changes made with --confirm before their window ends",
	.help = "set --confirm SECONDS (and doctor --fix --yes --confirm SECONDS) keeps its changes only if\n"
		"this comes in time; otherwise a process of their own rolls them back, also when\n"
		"the shell or SSH session that made them is gone.\n",
	.run = cmd_confirm,
};
