/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Changing keys of a NetworkManager profile, through its D-Bus API as
 * nmcli does: NM has no call that changes one key, so its settings are
 * read (GetSettings), with the secrets it keeps for the profile
 * (GetSecrets, which GetSettings leaves out and Update2 would otherwise
 * drop), and sent back whole with the keys changed (Update2). The profile
 * also carries in its user data (user.data, MG_NM_MARK) which keys
 * libmultigig wrote and their values, so that --status and --remove know
 * its keys from those its owner set.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <systemd/sd-bus.h>

#include "gather/gather.h"

#define CONNECTION MG_NM_BUS_NAME ".Settings.Connection"

/* The settings whose secrets NM may keep itself (a wired profile's 802.1X, PPPoE's password...). */
static const char *const secret_settings[] = {
	"802-1x", "pppoe", "802-11-wireless-security", "macsec", "wireguard", "vpn", "gsm", "cdma",
};
#define SECRET_SETTINGS (sizeof(secret_settings) / sizeof(secret_settings[0]))

struct update {
	sd_bus *bus;
	sd_bus_error error;
	const char *path;
	const struct mg_nm_edit *edits;
	size_t n;
	sd_bus_message *settings;
	sd_bus_message *secrets[SECRET_SETTINGS]; /* NULL: the profile has no such setting */
	char mark[MG_NM_MARK_MAX];				  /* ours before, as user.data had it */
};

static bool key_in(const char *setting, const char *key, const char *full)
{
	size_t len = strlen(setting);

	return !strncmp(full, setting, len) && full[len] == '.' && !strcmp(full + len + 1, key);
}

static const struct mg_nm_edit *edit_of(const struct update *u, const char *setting, const char *key)
{
	for (size_t i = 0; i < u->n; i++)
		if (key_in(setting, key, u->edits[i].key))
			return &u->edits[i];
	return NULL;
}

/* Whether an edit is of a key in @setting. */
static bool edits_setting(const struct update *u, const char *setting)
{
	size_t len = strlen(setting);

	for (size_t i = 0; i < u->n; i++)
		if (!strncmp(u->edits[i].key, setting, len) && u->edits[i].key[len] == '.')
			return true;
	return false;
}

/* Append "WORD" to @out's @len bytes, a blank between words: -E2BIG rather than a mark cut short. */
static int mark_word(char *out, size_t size, size_t *len, const char *word, size_t n)
{
	if (*len + (*len ? 1 : 0) + n >= size)
		return -E2BIG;
	*len += (size_t)snprintf(out + *len, size - *len, "%s%.*s", *len ? " " : "", (int)n, word);
	return 0;
}

/* Our mark with the edits made: "KEY=VALUE ...", in @out of MG_NM_MARK_MAX bytes. */
static int mark_after(const struct update *u, char *out)
{
	char word[128];
	size_t len = 0;
	int err = 0;

	out[0] = '\0';
	for (const char *p = u->mark; err == 0 && *p; p += strcspn(p, " "), p += strspn(p, " ")) {
		size_t n = strcspn(p, " "), key = strcspn(p, "=");
		bool edited = false;

		for (size_t i = 0; i < u->n; i++)
			edited |= u->edits[i].mark != MG_NM_MARK_KEEP && key < n && strlen(u->edits[i].key) == key &&
				  !strncmp(u->edits[i].key, p, key);
		if (!edited)
			err = mark_word(out, MG_NM_MARK_MAX, &len, p, n);
	}
	for (size_t i = 0; err == 0 && i < u->n; i++) {
		const struct mg_nm_edit *e = &u->edits[i];
		int w = e->mark == MG_NM_MARK_SET && e->value ? snprintf(word, sizeof(word), "%s=%s", e->key, e->value) : 0;

		if (w < 0 || (size_t)w >= sizeof(word))
			return -E2BIG;
		if (w)
			err = mark_word(out, MG_NM_MARK_MAX, &len, word, (size_t)w);
	}
	return err;
}

static int append_value(sd_bus_message *m, const struct mg_nm_edit *e)
{
	const char *key = strchr(e->key, '.') + 1;

	if (e->type == 'b')
		return sd_bus_message_append(m, "{sv}", key, "b", !strcmp(e->value, "yes"));
	return sd_bus_message_append(m, "{sv}", key, "u", (uint32_t)strtoul(e->value, NULL, 10));
}

/* The new values of @setting's keys, and in "user" our mark. */
static int append_edits(struct update *u, sd_bus_message *m, const char *setting, bool *mark_done)
{
	char mark[MG_NM_MARK_MAX];
	int err = 0;

	for (size_t i = 0; err >= 0 && i < u->n; i++) {
		size_t len = strlen(setting);

		if (!strncmp(u->edits[i].key, setting, len) && u->edits[i].key[len] == '.' && u->edits[i].value)
			err = append_value(m, &u->edits[i]);
	}
	if (err < 0 || strcmp(setting, "user") || *mark_done)
		return err;
	*mark_done = true;
	if ((err = mark_after(u, mark)) < 0)
		return err;
	if (!mark[0])
		return sd_bus_message_append(m, "{sv}", "data", "a{ss}", 0);
	return sd_bus_message_append(m, "{sv}", "data", "a{ss}", 1, MG_NM_MARK, mark);
}

/* user.data with our mark as the edits leave it, every other entry as it was. */
static int copy_user_data(struct update *u, sd_bus_message *m, sd_bus_message *src, bool *mark_done)
{
	const char *key, *value;
	char mark[MG_NM_MARK_MAX];
	int err = sd_bus_message_open_container(m, 'e', "sv");

	if (err >= 0)
		err = sd_bus_message_append(m, "s", "data");
	if (err >= 0)
		err = sd_bus_message_open_container(m, 'v', "a{ss}");
	if (err >= 0)
		err = sd_bus_message_open_container(m, 'a', "{ss}");
	if (err >= 0)
		err = sd_bus_message_enter_container(src, 'v', "a{ss}");
	if (err >= 0)
		err = sd_bus_message_enter_container(src, 'a', "{ss}");
	while (err >= 0 && (err = sd_bus_message_read(src, "{ss}", &key, &value)) > 0) {
		if (strcmp(key, MG_NM_MARK))
			err = sd_bus_message_append(m, "{ss}", key, value);
		/* Longer than any libmultigig writes: not ours to cut. */
		else if (strlen(value) >= sizeof(u->mark))
			err = -E2BIG;
		else
			mg_strlcpy(u->mark, value, sizeof(u->mark));
	}
	if (err >= 0)
		err = mark_after(u, mark);
	*mark_done = true;
	if (err >= 0 && mark[0])
		err = sd_bus_message_append(m, "{ss}", MG_NM_MARK, mark);
	for (int i = 0; err >= 0 && i < 3; i++)
		err = sd_bus_message_close_container(m);
	if (err >= 0)
		err = sd_bus_message_exit_container(src);
	return err < 0 ? err : sd_bus_message_exit_container(src);
}

/* The secrets NM keeps of @setting, appended to its keys. */
static int append_secrets(struct update *u, sd_bus_message *m, const char *setting)
{
	sd_bus_message *s = NULL;
	const char *name;
	int err;

	for (size_t i = 0; i < SECRET_SETTINGS; i++)
		if (!strcmp(secret_settings[i], setting))
			s = u->secrets[i];
	if (!s)
		return 0;
	err = sd_bus_message_rewind(s, true);
	if (err >= 0)
		err = sd_bus_message_enter_container(s, 'a', "{sa{sv}}");
	while (err >= 0 && (err = sd_bus_message_enter_container(s, 'e', "sa{sv}")) > 0) {
		err = sd_bus_message_read(s, "s", &name);
		if (err >= 0 && !strcmp(name, setting)) {
			err = sd_bus_message_enter_container(s, 'a', "{sv}");
			if (err >= 0)
				err = sd_bus_message_copy(m, s, true);
			if (err >= 0)
				err = sd_bus_message_exit_container(s);
		} else if (err >= 0) {
			err = sd_bus_message_skip(s, "a{sv}");
		}
		if (err >= 0)
			err = sd_bus_message_exit_container(s);
	}
	return err;
}

/* One setting of the profile, its edited keys replaced, its secrets added. */
static int copy_setting(struct update *u, sd_bus_message *m, const char *setting, bool *mark_done)
{
	sd_bus_message *src = u->settings;
	const char *key;
	int err = sd_bus_message_open_container(m, 'a', "{sv}");

	if (err >= 0)
		err = sd_bus_message_enter_container(src, 'a', "{sv}");
	while (err >= 0 && (err = sd_bus_message_enter_container(src, 'e', "sv")) > 0) {
		err = sd_bus_message_read(src, "s", &key);
		if (err >= 0 && !strcmp(setting, "user") && !strcmp(key, "data"))
			err = copy_user_data(u, m, src, mark_done);
		else if (err >= 0 && edit_of(u, setting, key))
			err = sd_bus_message_skip(src, "v");
		else if (err >= 0 && (err = sd_bus_message_open_container(m, 'e', "sv")) >= 0 &&
			 (err = sd_bus_message_append(m, "s", key)) >= 0 && (err = sd_bus_message_copy(m, src, false)) >= 0)
			err = sd_bus_message_close_container(m);
		if (err >= 0)
			err = sd_bus_message_exit_container(src);
	}
	if (err >= 0)
		err = sd_bus_message_exit_container(src);
	if (err >= 0)
		err = append_secrets(u, m, setting);
	if (err >= 0)
		err = append_edits(u, m, setting, mark_done);
	return err < 0 ? err : sd_bus_message_close_container(m);
}

/* A setting the profile lacks, with the edits of its keys (and our mark, for "user"). */
static int add_setting(struct update *u, sd_bus_message *m, const char *setting, bool *mark_done)
{
	int err = sd_bus_message_open_container(m, 'e', "sa{sv}");

	if (err >= 0)
		err = sd_bus_message_append(m, "s", setting);
	if (err >= 0)
		err = sd_bus_message_open_container(m, 'a', "{sv}");
	if (err >= 0)
		err = append_edits(u, m, setting, mark_done);
	if (err >= 0)
		err = sd_bus_message_close_container(m);
	return err < 0 ? err : sd_bus_message_close_container(m);
}

/* The whole profile as Update2 takes it. */
static int compose(struct update *u, sd_bus_message *m)
{
	static const char *const ours[] = { "802-3-ethernet", "ethtool", "user" };
	bool seen[3] = { false, false, false }, mark_done = false;
	sd_bus_message *src = u->settings;
	char mark[MG_NM_MARK_MAX];
	const char *setting;
	int err = sd_bus_message_open_container(m, 'a', "{sa{sv}}");

	if (u->n == 0)
		return err < 0 ? err : sd_bus_message_close_container(m);
	if (err >= 0)
		err = sd_bus_message_enter_container(src, 'a', "{sa{sv}}");
	while (err >= 0 && (err = sd_bus_message_enter_container(src, 'e', "sa{sv}")) > 0) {
		err = sd_bus_message_read(src, "s", &setting);
		for (int i = 0; i < 3; i++)
			seen[i] |= err >= 0 && !strcmp(setting, ours[i]);
		if (err >= 0)
			err = sd_bus_message_open_container(m, 'e', "sa{sv}");
		if (err >= 0)
			err = sd_bus_message_append(m, "s", setting);
		if (err >= 0)
			err = copy_setting(u, m, setting, &mark_done);
		if (err >= 0)
			err = sd_bus_message_close_container(m);
		if (err >= 0)
			err = sd_bus_message_exit_container(src);
	}
	if (err >= 0)
		err = mark_after(u, mark);
	for (int i = 0; i < 3; i++)
		if (err >= 0 && !seen[i] && (edits_setting(u, ours[i]) || (i == 2 && !mark_done && mark[0])))
			err = add_setting(u, m, ours[i], &mark_done);
	return err < 0 ? err : sd_bus_message_close_container(m);
}

/* The settings, and the secrets of those that may hold some. */
static int read_profile(struct update *u)
{
	const char *setting;
	int err = sd_bus_call_method(u->bus, MG_NM_BUS_NAME, u->path, CONNECTION, "GetSettings", &u->error,
				     &u->settings, "");

	if (err >= 0)
		err = sd_bus_message_enter_container(u->settings, 'a', "{sa{sv}}");
	while (err >= 0 && (err = sd_bus_message_enter_container(u->settings, 'e', "sa{sv}")) > 0) {
		err = sd_bus_message_read(u->settings, "s", &setting);
		for (size_t i = 0; err >= 0 && i < SECRET_SETTINGS; i++)
			if (!strcmp(setting, secret_settings[i]))
				err = sd_bus_call_method(u->bus, MG_NM_BUS_NAME, u->path, CONNECTION, "GetSecrets",
							 &u->error, &u->secrets[i], "s", setting);
		if (err >= 0)
			err = sd_bus_message_skip(u->settings, "a{sv}");
		if (err >= 0)
			err = sd_bus_message_exit_container(u->settings);
	}
	return err < 0 ? err : sd_bus_message_rewind(u->settings, true);
}

/*
 * NM writes the profile to disk before it answers: a slow disk must not
 * turn a write that was made into one taken for failed, so it gets longer
 * than a question.
 */
#define UPDATE_TIMEOUT_USEC (15 * 1000 * 1000)

static int update(struct update *u, enum mg_nm_keep keep)
{
	sd_bus_message *m = NULL, *reply = NULL;
	/* No edits, the profile as it is (a confirmation): nothing to read. */
	int err = u->n ? read_profile(u) : 0;

	if (err >= 0)
		err = sd_bus_message_new_method_call(u->bus, &m, MG_NM_BUS_NAME, u->path, CONNECTION, "Update2");
	if (err >= 0)
		err = compose(u, m);
	if (err >= 0)
		err = sd_bus_message_append(m, "ua{sv}", (uint32_t)keep, 0);
	if (err >= 0)
		err = sd_bus_call(u->bus, m, UPDATE_TIMEOUT_USEC, &u->error, &reply);
	sd_bus_message_unref(m);
	sd_bus_message_unref(reply);
	return err;
}

int mg_nm_update(struct mg_ctx *ctx, const char *uuid, const struct mg_nm_edit *edits, size_t n,
		 enum mg_nm_keep keep)
{
	struct update u = { .error = SD_BUS_ERROR_NULL, .edits = edits, .n = n };
	sd_bus_message *found = NULL;
	int err = sd_bus_open_system(&u.bus);

	if (err >= 0)
		err = sd_bus_set_method_call_timeout(u.bus, MG_NM_TIMEOUT_USEC);
	if (err >= 0)
		err = sd_bus_call_method(u.bus, MG_NM_BUS_NAME, MG_NM_BUS_PATH "/Settings", MG_NM_BUS_NAME ".Settings",
					 "GetConnectionByUuid", &u.error, &found, "s", uuid);
	if (err >= 0)
		err = sd_bus_message_read(found, "o", &u.path);
	if (err >= 0)
		err = update(&u, keep);
	ctx->extack[0] = '\0';
	if (err < 0 && sd_bus_error_is_set(&u.error) && u.error.message)
		mg_strlcpy(ctx->extack, u.error.message, sizeof(ctx->extack));
	if (err < 0)
		mg_fail(ctx, err, "NetworkManager's connection %s: %s", uuid,
			ctx->extack[0] ? ctx->extack : strerror(-err));
	sd_bus_message_unref(found);
	sd_bus_message_unref(u.settings);
	for (size_t i = 0; i < SECRET_SETTINGS; i++)
		sd_bus_message_unref(u.secrets[i]);
	sd_bus_error_free(&u.error);
	sd_bus_flush_close_unref(u.bus);
	return err < 0 ? err : 0;
}
