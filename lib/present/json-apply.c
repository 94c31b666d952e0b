/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* A transaction's result and the undo journals as JSON. */
#include <errno.h>
#include <string.h>

#include "present/present.h"

/* ---- a transaction's result ---- */

static const char *const states[] = { "planned", "applied", "rolled_back", "left", "restore_failed" };

static const char *state_name(int state)
{
	return state >= 0 && (size_t)state < sizeof(states) / sizeof(states[0]) ? states[state] : "unknown";
}

/* Link modes "a,b" as a list; null when not known. */
static void modes(struct mg_json *j, const char *text)
{
	if (!text) {
		mg_json_null(j);
		return;
	}
	mg_json_array(j);
	while (*text) {
		size_t n = strcspn(text, ",");
		char mode[128];

		if (n && n < sizeof(mode)) {
			memcpy(mode, text, n);
			mode[n] = '\0';
			mg_json_str(j, mode);
		}
		text += n + (text[n] == ',');
	}
	mg_json_array_end(j);
}

/* A change's value: link modes for advertise, on/off for EEE, features and ASPM L1, a CPU list for steering, else the number. */
static void change_value(struct mg_json *j, const struct mg_apply_result *r, size_t i, long long v, int after)
{
	int g = mg_apply_result_get_group(r, i);

	if (g == MG_GROUP_ADVERTISE)
		modes(j, mg_apply_result_get_modes(r, i, after));
	else if (g == MG_GROUP_EEE || g == MG_GROUP_FEATURES || g == MG_GROUP_ASPM)
		mg_json_bool_or_null(j, v == MG_UNKNOWN ? MG_UNKNOWN : v != 0);
	else if (g >= MG_GROUP_RPS && g <= MG_GROUP_IRQ_AFFINITY && v == MG_UNKNOWN)
		mg_json_null(j);
	else if (g >= MG_GROUP_RPS && g <= MG_GROUP_IRQ_AFFINITY) {
		char cpus[256];

		mg_cpumask_list((uint64_t)v, cpus, sizeof(cpus));
		mg_json_str(j, cpus);
	}
	else
		mg_json_int(j, v);
}

static void changes(struct mg_json *j, const struct mg_apply_result *r)
{
	mg_json_key(j, "changes");
	mg_json_array(j);
	for (size_t i = 0; i < mg_apply_result_count(r); i++) {
		long long old = MG_UNKNOWN, new = MG_UNKNOWN;

		mg_apply_result_get(r, i, NULL, &old, &new);
		mg_json_object(j);
		mg_json_key(j, "interface");
		mg_json_str(j, mg_apply_result_get_ifname(r, i));
		mg_json_key(j, "param");
		mg_json_str(j, mg_apply_result_get_name(r, i));
		mg_json_key(j, "old");
		change_value(j, r, i, old, 0);
		mg_json_key(j, "new");
		change_value(j, r, i, new, 1);
		mg_json_key(j, "state");
		mg_json_str(j, state_name(mg_apply_result_get_state(r, i)));
		mg_json_object_end(j);
	}
	mg_json_array_end(j);
}

/* Every interface the transaction covered, those without a change too. */
static void interfaces(struct mg_json *j, const struct mg_apply_result *r)
{
	mg_json_key(j, "interfaces");
	mg_json_array(j);
	for (size_t i = 0; i < mg_apply_result_get_interface_count(r); i++) {
		const char *skipped = NULL;
		int ifindex = 0;
		const char *name = mg_apply_result_get_interface(r, i, &ifindex, &skipped);

		mg_json_object(j);
		mg_json_key(j, "name");
		mg_json_str(j, name);
		mg_json_key(j, "ifindex");
		mg_json_int(j, ifindex);
		if (skipped) {
			mg_json_key(j, "skipped");
			mg_json_str(j, skipped);
		}
		mg_json_object_end(j);
	}
	mg_json_array_end(j);
}

MG_EXPORT int mg_apply_result_to_json(const struct mg_apply_result *result, unsigned int flags, char **json)
{
	struct mg_json j;
	int failed, err = mg_json_check(result, flags, MG_JSON_LINE | MG_JSON_BYTES, json);

	if (err < 0)
		return err;
	mg_json_init(&j, flags, 0);
	mg_json_object(&j);
	changes(&j, result);
	mg_json_key(&j, "may_bounce_link");
	mg_json_bool(&j, mg_apply_result_may_bounce_link(result) > 0);
	mg_json_key(&j, "left");
	mg_json_array(&j);
	for (size_t i = 0; i < mg_apply_result_count(result); i++)
		if (mg_apply_result_get_state(result, i) == MG_CHANGE_LEFT)
			mg_json_str(&j, mg_apply_result_get_name(result, i));
	mg_json_array_end(&j);
	interfaces(&j, result);
	failed = mg_apply_result_get_failed_group(result);
	mg_json_key(&j, "failed_interface");
	mg_json_str(&j, mg_apply_result_get_failed_ifname(result));
	mg_json_key(&j, "failed_group");
	mg_json_str(&j, failed >= 0 ? mg_param_group_name((enum mg_param_group)failed) : NULL);
	mg_json_key(&j, "kernel_message");
	mg_json_str(&j, mg_apply_result_get_kernel_message(result));
	mg_json_key(&j, "rolled_back");
	mg_json_bool_or_null(&j, mg_apply_result_rolled_back(result));
	mg_json_key(&j, "message");
	mg_json_str(&j, mg_apply_result_get_message(result));
	mg_json_object_end(&j);
	return mg_json_take(&j, json);
}

/* ---- the undo journals ---- */

static void journal(struct mg_json *j, const struct mg_journal_list *l, size_t i)
{
	long pid = mg_journal_list_get_pid(l, i);
	long long time = mg_journal_list_get_time(l, i);

	mg_json_object(j);
	mg_json_key(j, "id");
	mg_json_str(j, mg_journal_list_get_id(l, i));
	mg_json_key(j, "state");
	mg_json_str(j, mg_journal_state_name(mg_journal_list_get_state(l, i)));
	mg_json_key(j, "reason");
	mg_json_str(j, mg_journal_list_get_reason(l, i));
	/* 0 is what a journal that does not say gives. */
	mg_json_key(j, "pid");
	if (pid)
		mg_json_int(j, pid);
	else
		mg_json_null(j);
	mg_json_key(j, "time");
	if (time)
		mg_json_int(j, time);
	else
		mg_json_null(j);
	mg_json_key(j, "interfaces");
	mg_json_array(j);
	for (size_t k = 0; k < mg_journal_list_get_interface_count(l, i); k++) {
		int ifindex = 0;
		const char *name = mg_journal_list_get_interface(l, i, k, &ifindex);

		mg_json_object(j);
		mg_json_key(j, "name");
		mg_json_str(j, name);
		mg_json_key(j, "ifindex");
		mg_json_int(j, ifindex);
		mg_json_object_end(j);
	}
	mg_json_array_end(j);
	mg_json_object_end(j);
}

MG_EXPORT int mg_journal_list_to_json(const struct mg_journal_list *list, unsigned int flags, char **json)
{
	struct mg_json j;
	int err = mg_json_check(list, flags, MG_JSON_LINE | MG_JSON_BYTES, json);

	if (err < 0)
		return err;
	mg_json_init(&j, flags, 0);
	mg_json_array(&j);
	for (size_t i = 0; i < mg_journal_list_count(list); i++)
		journal(&j, list, i);
	mg_json_array_end(&j);
	return mg_json_take(&j, json);
}
