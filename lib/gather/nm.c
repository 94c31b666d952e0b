/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What NetworkManager will apply to an interface: whether it manages it,
 * the connection active on it, and the keys of that profile libmultigig
 * knows (802-3-ethernet.mtu, ethtool.ring-rx, ...). NM applies them at
 * every activation, after udev's .link file, so its value is the one a
 * boot or a re-plug ends with.
 *
 * Asked over D-Bus with sd-bus: libsystemd is on every Debian system
 * already (udev's library is part of it), its calls are synchronous as the
 * rest of the library, and it needs no main loop or threads of its own,
 * where libnm and GDBus bring GLib's. Only the NetworkManager serving this
 * network namespace counts: a bus shared with another namespace (a
 * container, `--netns`) would answer for a device of the same name there.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <systemd/sd-bus.h>

#include "gather/gather.h"

#define NM_NAME MG_NM_BUS_NAME
#define NM_PATH MG_NM_BUS_PATH

/*
 * The helpers below leave a failed call's D-Bus error in @error, the
 * caller's, which says it in NM's words; they stop at the first failure.
 */
static int object_property(sd_bus *bus, sd_bus_error *error, const char *path, const char *iface, const char *name,
			   char *out, size_t size)
{
	sd_bus_message *m = NULL;
	const char *v = NULL;
	int err = sd_bus_get_property(bus, NM_NAME, path, iface, name, error, &m, "o");

	if (err >= 0)
		err = sd_bus_message_read(m, "o", &v);
	if (err >= 0)
		mg_strlcpy(out, v, size);
	sd_bus_message_unref(m);
	return err;
}

static int string_property(sd_bus *bus, sd_bus_error *error, const char *path, const char *iface, const char *name,
			   char *out, size_t size)
{
	char *v = NULL;
	int err = sd_bus_get_property_string(bus, NM_NAME, path, iface, name, error, &v);

	if (err >= 0)
		mg_strlcpy(out, v, size);
	free(v);
	return err;
}

/* A value NM keeps as u32 or boolean, as text; 0 when it is of another type (skipped). */
static int read_value(sd_bus_message *m, char *out, size_t size)
{
	const char *contents = NULL;
	char type;
	int err = sd_bus_message_peek_type(m, &type, &contents);

	if (err < 0)
		return err;
	if (contents && !strcmp(contents, "u")) {
		uint32_t u;

		err = sd_bus_message_read(m, "v", "u", &u);
		snprintf(out, size, "%u", u);
		return err < 0 ? err : 1;
	}
	if (contents && !strcmp(contents, "b")) {
		int b;

		err = sd_bus_message_read(m, "v", "b", &b);
		mg_strlcpy(out, b ? "yes" : "no", size);
		return err < 0 ? err : 1;
	}
	err = sd_bus_message_skip(m, "v");
	return err < 0 ? err : 0;
}

/* The keys of the parameters: rings, channels, coalescing, pause, the MTU; not NM's offloads or EEE. */
static bool wanted(const char *setting, const char *key)
{
	static const char *const prefixes[] = { "ring-", "channels-", "coalesce-", "pause-" };

	if (!strcmp(setting, "802-3-ethernet"))
		return !strcmp(key, "mtu");
	for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (!strncmp(key, prefixes[i], strlen(prefixes[i])))
			return true;
	return false;
}

/* user.data, an a{ss}: only our mark. */
static int read_user_data(sd_bus_message *m, struct mg_nm_view *v)
{
	const char *key, *value;
	int err = sd_bus_message_enter_container(m, 'v', "a{ss}");

	if (err >= 0)
		err = sd_bus_message_enter_container(m, 'a', "{ss}");
	while (err >= 0 && (err = sd_bus_message_read(m, "{ss}", &key, &value)) > 0)
		if (!strcmp(key, MG_NM_MARK))
			mg_strlcpy(v->mark, value, sizeof(v->mark));
	if (err >= 0)
		err = sd_bus_message_exit_container(m);
	return err < 0 ? err : sd_bus_message_exit_container(m);
}

/* connection.id, .type and user.data: the profile's name and kind, and what libmultigig wrote into it. */
static int read_other(sd_bus_message *m, const char *setting, struct mg_nm_view *v)
{
	int err = sd_bus_message_enter_container(m, 'a', "{sv}");

	while (err >= 0 && (err = sd_bus_message_enter_container(m, 'e', "sv")) > 0) {
		const char *key = NULL, *type = NULL;

		err = sd_bus_message_read(m, "s", &key);
		if (err >= 0 && !strcmp(setting, "connection") && !strcmp(key, "type")) {
			err = sd_bus_message_read(m, "v", "s", &type);
			if (err >= 0)
				mg_strlcpy(v->type, type, sizeof(v->type));
		} else if (err >= 0 && !strcmp(setting, "connection") && !strcmp(key, "id")) {
			err = sd_bus_message_read(m, "v", "s", &type);
			if (err >= 0)
				mg_strlcpy(v->connection, type, sizeof(v->connection));
		} else if (err >= 0 && !strcmp(setting, "user") && !strcmp(key, "data")) {
			err = read_user_data(m, v);
		} else if (err >= 0) {
			err = sd_bus_message_skip(m, "v");
		}
		if (err >= 0)
			err = sd_bus_message_exit_container(m);
	}
	return err < 0 ? err : sd_bus_message_exit_container(m);
}

static int read_setting(sd_bus_message *m, const char *setting, struct mg_nm_view *v)
{
	int err = sd_bus_message_enter_container(m, 'a', "{sv}");

	while (err >= 0 && (err = sd_bus_message_enter_container(m, 'e', "sv")) > 0) {
		struct mg_nm_key *k = &v->keys[v->count];
		const char *key = NULL;

		err = sd_bus_message_read(m, "s", &key);
		if (err >= 0 && wanted(setting, key) && v->count < MG_NM_KEYS) {
			snprintf(k->key, sizeof(k->key), "%s.%s", setting, key);
			err = read_value(m, k->value, sizeof(k->value));
			if (err > 0 && (strcmp(key, "mtu") || strcmp(k->value, "0")))
				v->count++;
		} else if (err >= 0) {
			err = sd_bus_message_skip(m, "v");
		}
		if (err >= 0)
			err = sd_bus_message_exit_container(m);
	}
	return err < 0 ? err : sd_bus_message_exit_container(m);
}

/* The profile's a{sa{sv}}: the settings named above, the rest skipped. */
static int read_settings(sd_bus *bus, sd_bus_error *error, const char *path, struct mg_nm_view *v)
{
	sd_bus_message *m = NULL;
	int err = sd_bus_call_method(bus, NM_NAME, path, NM_NAME ".Settings.Connection", "GetSettings", error, &m,
				     "");

	if (err >= 0)
		err = sd_bus_message_enter_container(m, 'a', "{sa{sv}}");
	while (err >= 0 && (err = sd_bus_message_enter_container(m, 'e', "sa{sv}")) > 0) {
		const char *setting = NULL;

		err = sd_bus_message_read(m, "s", &setting);
		if (err >= 0 && (!strcmp(setting, "ethtool") || !strcmp(setting, "802-3-ethernet")))
			err = read_setting(m, setting, v);
		else if (err >= 0 && (!strcmp(setting, "connection") || !strcmp(setting, "user")))
			err = read_other(m, setting, v);
		else if (err >= 0)
			err = sd_bus_message_skip(m, "a{sv}");
		if (err >= 0)
			err = sd_bus_message_exit_container(m);
	}
	sd_bus_message_unref(m);
	return err;
}

/* The profile at @path: whether it is in memory only, and its keys. */
static int read_profile(sd_bus *bus, sd_bus_error *error, const char *path, struct mg_nm_view *v)
{
	int unsaved = 0;
	int err = sd_bus_get_property_trivial(bus, NM_NAME, path, NM_NAME ".Settings.Connection", "Unsaved", error, 'b',
					      &unsaved);

	v->unsaved = unsaved;
	mg_strlcpy(v->profile, path, sizeof(v->profile));
	return err < 0 ? err : read_settings(bus, error, path, v);
}

/* Device @dev's active connection, its name and its profile's keys; none active leaves them empty. */
static int read_active(sd_bus *bus, sd_bus_error *error, const char *dev, struct mg_nm_view *v)
{
	static const char active_iface[] = NM_NAME ".Connection.Active";
	char active[256];
	char profile[sizeof(v->profile)];
	int err = object_property(bus, error, dev, NM_NAME ".Device", "ActiveConnection", active, sizeof(active));

	if (err < 0 || !strcmp(active, "/"))
		return err;
	err = object_property(bus, error, active, active_iface, "Connection", profile, sizeof(profile));
	if (err >= 0)
		err = string_property(bus, error, active, active_iface, "Uuid", v->uuid, sizeof(v->uuid));
	return err < 0 ? err : read_profile(bus, error, profile, v);
}

static int read_device(sd_bus *bus, sd_bus_error *error, const char *ifname, struct mg_nm_view *v)
{
	sd_bus_message *m = NULL;
	const char *dev = NULL;
	int managed = 0, err;

	err = sd_bus_call_method(bus, NM_NAME, NM_PATH, NM_NAME, "GetDeviceByIpIface", error, &m, "s", ifname);
	if (err < 0 && sd_bus_error_has_name(error, NM_NAME ".UnknownDevice")) {
		snprintf(v->why, sizeof(v->why), "NetworkManager does not know %s", ifname);
		sd_bus_error_free(error);
		err = 0;
	} else if (err >= 0 && (err = sd_bus_message_read(m, "o", &dev)) >= 0) {
		err = sd_bus_get_property_trivial(bus, NM_NAME, dev, NM_NAME ".Device", "Managed", error, 'b',
						  &managed);
		v->managed = managed;
		if (err >= 0 && !managed)
			snprintf(v->why, sizeof(v->why), "NetworkManager leaves %s unmanaged", ifname);
		if (err >= 0 && managed)
			err = read_active(bus, error, dev, v);
		if (err >= 0 && managed && !v->connection[0])
			snprintf(v->why, sizeof(v->why), "NetworkManager manages %s with no connection active",
				 ifname);
	}
	sd_bus_message_unref(m);
	return err;
}

/*
 * The bus, where the NetworkManager of this network namespace answers on
 * it; NULL with @v->why saying why not (which is no error).
 */
static sd_bus *open_here(struct mg_ctx *ctx, struct mg_nm_view *v)
{
	sd_bus_error error = SD_BUS_ERROR_NULL;
	sd_bus *bus = NULL;
	pid_t pid = 0;
	int here;

	memset(v, 0, sizeof(*v));
	if (ctx->offline) {
		snprintf(v->why, sizeof(v->why), "a captured tree has no NetworkManager");
		return NULL;
	}
	/* No system bus, or nobody owning NM's name on it: NetworkManager is not running. */
	if (sd_bus_open_system(&bus) < 0 || sd_bus_set_method_call_timeout(bus, MG_NM_TIMEOUT_USEC) < 0 ||
	    (here = mg_bus_owner_here(bus, NM_NAME, "NetworkManager", &pid)) < 0 ||
	    string_property(bus, &error, NM_PATH, NM_NAME, "Version", v->version, sizeof(v->version)) < 0) {
		sd_bus_error_free(&error);
		sd_bus_unref(bus);
		snprintf(v->why, sizeof(v->why), "NetworkManager is not running");
		return NULL;
	}
	v->running = true;
	if (!here) {
		snprintf(v->why, sizeof(v->why), "NetworkManager runs in another network namespace (pid %d)",
			 (int)pid);
		sd_bus_unref(bus);
		return NULL;
	}
	v->here = true;
	return bus;
}

/* NM's own words where it answered with an error; a timeout or a broken bus has none. */
static int done(struct mg_ctx *ctx, sd_bus *bus, sd_bus_error *error, int err, const char *what)
{
	sd_bus_flush_close_unref(bus);
	if (err < 0)
		mg_fail(ctx, err, "%s: asking NetworkManager: %s", what,
			sd_bus_error_is_set(error) && error->message ? error->message : strerror(-err));
	sd_bus_error_free(error);
	return err < 0 ? err : 0;
}

int mg_nm_read(struct mg_ctx *ctx, const char *ifname, struct mg_nm_view *v)
{
	sd_bus_error error = SD_BUS_ERROR_NULL;
	sd_bus *bus = open_here(ctx, v);

	return bus ? done(ctx, bus, &error, read_device(bus, &error, ifname, v), ifname) : 0;
}

int mg_nm_read_profile(struct mg_ctx *ctx, const char *uuid, struct mg_nm_view *v)
{
	sd_bus_error error = SD_BUS_ERROR_NULL;
	sd_bus_message *m = NULL;
	const char *path = NULL;
	sd_bus *bus = open_here(ctx, v);
	int err;

	if (!bus)
		return 0;
	err = sd_bus_call_method(bus, NM_NAME, NM_PATH "/Settings", NM_NAME ".Settings", "GetConnectionByUuid", &error,
				 &m, "s", uuid);
	if (err >= 0)
		err = sd_bus_message_read(m, "o", &path);
	if (err >= 0) {
		mg_strlcpy(v->uuid, uuid, sizeof(v->uuid));
		err = read_profile(bus, &error, path, v);
	}
	sd_bus_message_unref(m);
	return done(ctx, bus, &error, err, uuid);
}

const char *mg_nm_view_get(const struct mg_nm_view *v, const char *key)
{
	for (size_t i = 0; i < v->count; i++)
		if (!strcmp(v->keys[i].key, key))
			return v->keys[i].value;
	return NULL;
}

bool mg_nm_view_since(const struct mg_nm_view *v, int major, int minor)
{
	int a = 0, b = 0;

	if (sscanf(v->version, "%d.%d", &a, &b) != 2)
		return false;
	return a > major || (a == major && b >= minor);
}

const char *mg_nm_mark_get(const char *mark, const char *key, char *buf, size_t size)
{
	size_t len = strlen(key);

	for (const char *p = mark; p && *p; p += strcspn(p, " "), p += strspn(p, " ")) {
		if (!strncmp(p, key, len) && p[len] == '=') {
			size_t n = strcspn(p + len + 1, " ");

			snprintf(buf, size, "%.*s", (int)n, p + len + 1);
			return buf;
		}
	}
	return NULL;
}
