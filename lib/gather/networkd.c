/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What systemd-networkd will apply to an interface: whether it manages it,
 * the .network file that applies, and that file's MTUBytes= in [Link],
 * the one setting of libmultigig's a .network file carries. networkd
 * configures a link after udev has handled it, at every add and at boot,
 * so its MTU is the one that lasts over a .link file's.
 *
 * Asked over D-Bus, as networkctl asks: the file that applies is said only
 * by DescribeLink, as JSON (json-c reads it); the state files under
 * /run/systemd/netif are networkd's own and say not to be parsed. The file
 * and its drop-ins are then read as networkd reads them.
 */
#include <errno.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <systemd/sd-bus.h>

#include "gather/gather.h"

#define ND_NAME "org.freedesktop.network1"
#define ND_PATH "/org/freedesktop/network1"
#define ND_MANAGER ND_NAME ".Manager"
/* The process's comm: its name cut to 15 bytes. */
#define ND_COMM "systemd-network"

static void copy_string(json_object *o, const char *key, char *out, size_t size)
{
	json_object *v;

	if (json_object_object_get_ex(o, key, &v) && json_object_is_type(v, json_type_string))
		mg_strlcpy(out, json_object_get_string(v), size);
}

/* DescribeLink's AdministrativeState and NetworkFile. */
static int describe(sd_bus *bus, sd_bus_error *error, int ifindex, struct mg_networkd_view *v)
{
	sd_bus_message *m = NULL;
	const char *text = NULL;
	json_object *o;
	int err = sd_bus_call_method(bus, ND_NAME, ND_PATH, ND_MANAGER, "DescribeLink", error, &m, "i", ifindex);

	if (err >= 0)
		err = sd_bus_message_read(m, "s", &text);
	if (err >= 0 && !(o = json_tokener_parse(text)))
		err = -EBADMSG;
	if (err >= 0) {
		copy_string(o, "AdministrativeState", v->state, sizeof(v->state));
		copy_string(o, "NetworkFile", v->file, sizeof(v->file));
		json_object_put(o);
	}
	sd_bus_message_unref(m);
	return err;
}

/*
 * A size as networkd reads MTUBytes=: bytes, or with K, M or G of 1024
 * ("9K" is 9216; "1.5K" is 1536). Whether @text is one, in *@v.
 */
static bool parse_size(const char *text, unsigned long long *v)
{
	static const char units[] = "KMG";
	const char *unit;
	char *end;
	double d;

	errno = 0;
	d = strtod(text, &end);
	if (end == text || errno || d != d || d < 0 || strchr(text, 'e') || strchr(text, 'E') || strchr(text, 'x'))
		return false;
	while (*end == ' ')
		end++;
	if (*end && (!(unit = strchr(units, *end)) || end[1]))
		return false;
	for (long i = *end ? unit - units + 1 : 0; i > 0; i--)
		d *= 1024;
	if (d >= 4294967296.0)
		return false;
	*v = (unsigned long long)d;
	return true;
}

/*
 * The file's [Link] MTUBytes=, with its drop-ins, as a number of bytes.
 * A file that cannot be read or a value that is no size say why instead:
 * what networkd applies is then not known, which is no error.
 */
static void read_file(struct mg_ctx *ctx, struct mg_networkd_view *v)
{
	unsigned long long bytes;
	struct mg_linkfile f;
	const char *mtu;

	if (mg_link_file_read(ctx, v->file, &f) < 0) {
		mg_strlcpy(v->why, ctx->error, sizeof(v->why));
		mg_clear_error(ctx);
		return;
	}
	mtu = mg_linkfile_get(&f, "Link", "MTUBytes");
	if (mtu && parse_size(mtu, &bytes))
		snprintf(v->mtu, sizeof(v->mtu), "%llu", bytes);
	else if (mtu)
		snprintf(v->why, sizeof(v->why), "%s: MTUBytes=%s is no size systemd-networkd takes", v->file, mtu);
	mg_linkfile_clear(&f);
}

/* systemd names the error under resolved's name, which networkd shares ("org.freedesktop.resolve1.NoSuchLink"). */
static bool no_such_link(const sd_bus_error *error)
{
	size_t len = error->name ? strlen(error->name) : 0;

	return len > 11 && !strcmp(error->name + len - 11, ".NoSuchLink");
}

static int read_link(struct mg_ctx *ctx, sd_bus *bus, sd_bus_error *error, int ifindex, const char *ifname,
		     struct mg_networkd_view *v)
{
	int err = describe(bus, error, ifindex, v);

	if (err < 0 && no_such_link(error)) {
		snprintf(v->why, sizeof(v->why), "systemd-networkd does not know %s", ifname);
		sd_bus_error_free(error);
		return 0;
	}
	/* A networkd older than DescribeLink cannot say which file applies. */
	if (err < 0 && sd_bus_error_has_name(error, SD_BUS_ERROR_UNKNOWN_METHOD)) {
		snprintf(v->why, sizeof(v->why), "this systemd-networkd does not say which .network file applies");
		sd_bus_error_free(error);
		return 0;
	}
	if (err < 0)
		return err;
	/* "pending" until udev has handled it; "unmanaged" with no file, or one that says Unmanaged=yes. */
	if (!v->file[0] || !strcmp(v->state, "unmanaged")) {
		snprintf(v->why, sizeof(v->why), "systemd-networkd leaves %s %s", ifname,
			 !strcmp(v->state, "unmanaged") ? "unmanaged" : "with no .network file");
		v->file[0] = '\0';
		return 0;
	}
	v->managed = true;
	read_file(ctx, v);
	return 0;
}

int mg_networkd_read(struct mg_ctx *ctx, int ifindex, const char *ifname, struct mg_networkd_view *v)
{
	sd_bus_error error = SD_BUS_ERROR_NULL;
	sd_bus *bus = NULL;
	pid_t pid = 0;
	int err, here;

	memset(v, 0, sizeof(*v));
	if (ctx->offline) {
		snprintf(v->why, sizeof(v->why), "a captured tree has no systemd-networkd");
		return 0;
	}
	if (sd_bus_open_system(&bus) < 0 || sd_bus_set_method_call_timeout(bus, MG_NM_TIMEOUT_USEC) < 0 ||
	    (here = mg_bus_owner_here(bus, ND_NAME, ND_COMM, &pid)) < 0) {
		sd_bus_unref(bus);
		snprintf(v->why, sizeof(v->why), "systemd-networkd is not running");
		return 0;
	}
	v->running = true;
	if (!here) {
		snprintf(v->why, sizeof(v->why), "systemd-networkd runs in another network namespace (pid %d)",
			 (int)pid);
		sd_bus_unref(bus);
		return 0;
	}
	v->here = true;
	err = read_link(ctx, bus, &error, ifindex, ifname, v);
	sd_bus_flush_close_unref(bus);
	if (err < 0 && !ctx->error[0])
		mg_fail(ctx, err, "%s: asking systemd-networkd: %s", ifname,
			sd_bus_error_is_set(&error) && error.message ? error.message : strerror(-err));
	sd_bus_error_free(&error);
	return err < 0 ? err : 0;
}
