/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A transaction's result, JSON and text from one writer: each change
 * (interface, parameter, old and new value, what became of it), the
 * interfaces it covered and those it skipped, what failed and why. The
 * text is what set, rollback and doctor --fix print: a line a change,
 * then notes.
 */
#include <errno.h>
#include <string.h>

#include "apply/apply.h"
#include "present/present.h"

static const char *const states[] = { "planned", "applied", "rolled_back", "left", "restore_failed" };

static const char *state_name(int state)
{
	return state >= 0 && (size_t)state < sizeof(states) / sizeof(states[0]) ? states[state] : "unknown";
}

/* Link modes "a,b" as a JSON list; null when not known. */
static void modes(struct mg_out *o, const char *key, const char *text)
{
	if (!text) {
		mg_out_null(o, key);
		return;
	}
	mg_out_array(o, key);
	while (*text) {
		size_t n = strcspn(text, ",");
		char mode[128];

		if (n && n < sizeof(mode)) {
			memcpy(mode, text, n);
			mode[n] = '\0';
			mg_out_item(o, NULL, mode);
		}
		text += n + (text[n] == ',');
	}
	mg_out_array_end(o);
}

/* One side of a change in JSON, typed as its group's values are (enum mg_value_kind). */
static void value(struct mg_out *o, const char *key, const struct mg_apply_result *r, size_t i, long long v,
		  int after)
{
	char text[256];

	switch (mg_apply_result_value_kind(r, i)) {
	case MG_VALUE_MODES:
		modes(o, key, mg_apply_result_get_modes(r, i, after));
		break;
	case MG_VALUE_ON_OFF:
		mg_out_bool(o, key, NULL, v == MG_UNKNOWN ? MG_UNKNOWN : v != 0);
		break;
	case MG_VALUE_CPUS:
		if (v != MG_UNKNOWN)
			mg_cpumask_list((uint64_t)v, text, sizeof(text));
		mg_out_str(o, key, NULL, v != MG_UNKNOWN ? text : NULL);
		break;
	case MG_VALUE_WORD:
		if (v != MG_UNKNOWN)
			mg_apply_result_format_value(r, i, after, text, sizeof(text));
		mg_out_str(o, key, NULL, v != MG_UNKNOWN ? text : NULL);
		break;
	default:
		mg_out_long(o, key, NULL, v);
	}
}

/*
 * In text "set [eth0 ]mtu: 1500 -> 9000", each side as
 * mg_apply_result_format_value() writes it, the interface named with
 * @ifname; a change another writer made since is left, and says so.
 */
static void change_line(struct mg_out *o, const struct mg_apply_result *r, size_t i, const char *verb, bool ifname)
{
	const char *name = mg_apply_result_get_name(r, i), *iface = ifname ? mg_apply_result_get_ifname(r, i) : NULL;
	char from[256] = "", to[256] = "";

	mg_apply_result_format_value(r, i, 0, from, sizeof(from));
	mg_apply_result_format_value(r, i, 1, to, sizeof(to));
	if (mg_apply_result_get_state(r, i) == MG_CHANGE_LEFT) {
		mg_out_text(o, "left ");
		mg_out_str(o, NULL, iface ? "%s " : NULL, iface);
		mg_out_str(o, NULL, "%s", name);
		mg_out_str(o, NULL, " at %s: changed since the interrupted apply", from);
		mg_out_str(o, NULL, " (it was %s before)\n", to);
		return;
	}
	mg_out_str(o, NULL, "%s ", verb);
	mg_out_str(o, NULL, iface ? "%s " : NULL, iface);
	mg_out_str(o, NULL, "%s: ", name);
	mg_out_str(o, NULL, "%s -> ", from);
	mg_out_str(o, NULL, "%s\n", to);
}

static void changes(struct mg_out *o, const struct mg_apply_result *r, const char *verb, bool ifname)
{
	mg_out_array(o, "changes");
	for (size_t i = 0; i < mg_apply_result_count(r); i++) {
		long long old = MG_UNKNOWN, new = MG_UNKNOWN;

		mg_apply_result_get(r, i, NULL, &old, &new);
		change_line(o, r, i, verb, ifname);
		mg_out_object(o, NULL);
		mg_out_str(o, "interface", NULL, mg_apply_result_get_ifname(r, i));
		mg_out_str(o, "param", NULL, mg_apply_result_get_name(r, i));
		value(o, "old", r, i, old, 0);
		value(o, "new", r, i, new, 1);
		mg_out_str(o, "state", NULL, state_name(mg_apply_result_get_state(r, i)));
		mg_out_object_end(o);
	}
	mg_out_array_end(o);
}

/* Every interface the transaction covered, those without a change too; in text, why one was skipped. */
static void interfaces(struct mg_out *o, const struct mg_apply_result *r)
{
	mg_out_array(o, "interfaces");
	for (size_t i = 0; i < mg_apply_result_get_interface_count(r); i++) {
		const char *skipped = NULL;
		int ifindex = 0;
		const char *name = mg_apply_result_get_interface(r, i, &ifindex, &skipped);

		mg_out_object(o, NULL);
		mg_out_str(o, "name", NULL, name);
		mg_out_long(o, "ifindex", NULL, ifindex);
		if (skipped)
			mg_out_str(o, "skipped", "note: %s\n", skipped);
		mg_out_object_end(o);
	}
	mg_out_array_end(o);
}

/* What failed, in which group, and the kernel's words: JSON's; the CLI says them on stderr. */
static void failure(struct mg_out *o, const struct mg_apply_result *r)
{
	int failed = mg_apply_result_get_failed_group(r);

	mg_out_str(o, "failed_interface", NULL, mg_apply_result_get_failed_ifname(r));
	mg_out_str(o, "failed_group", NULL, failed >= 0 ? mg_param_group_name((enum mg_param_group)failed) : NULL);
	mg_out_str(o, "kernel_message", NULL, mg_apply_result_get_kernel_message(r));
	mg_out_bool(o, "rolled_back", NULL, mg_apply_result_rolled_back(r));
	mg_out_str(o, "message", NULL, mg_apply_result_get_message(r));
}

static void result(struct mg_out *o, const struct mg_apply_result *r, const char *verb, bool ifname)
{
	bool bounces = mg_apply_result_may_bounce_link(r) > 0;

	/* A transaction over several interfaces (a doctor's plan rolled back) names each. */
	ifname = ifname || mg_apply_result_get_interface_count(r) > 1;
	mg_out_object(o, NULL);
	changes(o, r, verb, ifname);
	mg_out_bool(o, "may_bounce_link", NULL, bounces);
	mg_out_array(o, "left");
	for (size_t i = 0; i < mg_apply_result_count(r); i++)
		if (mg_apply_result_get_state(r, i) == MG_CHANGE_LEFT)
			mg_out_item(o, NULL, mg_apply_result_get_name(r, i));
	mg_out_array_end(o);
	interfaces(o, r);
	if (bounces)
		mg_out_text(o, "note: ring and channel changes make many drivers reset the link, and EEE and "
			       "advertised modes renegotiate it\n");
	failure(o, r);
	mg_out_object_end(o);
}

MG_EXPORT int mg_apply_result_to_json(const struct mg_apply_result *r, unsigned int flags, char **json)
{
	struct mg_json j;
	struct mg_out o = { .j = &j };
	int err = mg_json_check(r, flags, MG_JSON_LINE | MG_JSON_BYTES, json);

	if (err < 0)
		return err;
	mg_json_init(&j, flags, 0);
	result(&o, r, NULL, false);
	return mg_json_take(&j, json);
}

MG_EXPORT int mg_apply_result_to_text(const struct mg_apply_result *r, const char *verb, unsigned int flags,
				      char **text)
{
	struct mg_strbuf t = { 0 };
	struct mg_out o = { .t = &t };

	if (!r || !verb || !text || (flags & ~MG_APPLY_TEXT_IFNAME))
		return -EINVAL;
	result(&o, r, verb, flags & MG_APPLY_TEXT_IFNAME);
	return mg_out_take_text(&t, text);
}
