/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Temperatures: the hwmon devices that belong to an adapter. Drivers hang
 * them in three places: under the PCI function or USB device (atlantic's
 * "PHY Temperature" and "MAC Temperature"), under the PHY (the Realtek
 * PHY inside r8169's chips, the Aquantia PHY), or under the interface
 * itself. A bus device keeps them in a hwmon/ directory; a class device
 * such as an interface holds them directly. Values are millidegrees; a
 * sensor that cannot be read now (a PHY's while the link is down) is
 * unknown, never 0.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

#define SENSORS_MAX 64	/* per hwmon device: "temp1" .. */
#define VALUES 3	/* enum mg_temp_value */

struct mg_temp {
	char *chip;
	char sensor[16];
	const char *source;
	char *label;
	int value[VALUES];
	unsigned int present;	/* bit per enum mg_temp_value */
	int alarm;
};

struct mg_temps {
	struct mg_temp *items;
	size_t count, alloc;
};

static const char *const value_files[VALUES] = { "input", "max", "crit" };

_Static_assert(MG_TEMP_INPUT == 0 && MG_TEMP_MAX == 1 && MG_TEMP_CRIT == 2, "value files in enum order");

/* "temp3_input" -> 3; 0 for any other name. */
static int temp_index(const char *name)
{
	long n = 0;

	if (strncmp(name, "temp", 4))
		return 0;
	for (name += 4; *name >= '0' && *name <= '9' && n <= SENSORS_MAX; name++)
		n = n * 10 + (*name - '0');
	return *name == '_' && n >= 1 && n <= SENSORS_MAX ? (int)n : 0;
}

struct seen {
	unsigned long long mask;	/* bit n-1: tempN has a file */
};

static int note_sensor(struct mg_ctx *ctx, const char *name, void *data)
{
	struct seen *seen = data;
	int n = temp_index(name);

	(void)ctx;
	if (n)
		seen->mask |= 1ULL << (n - 1);
	return 0;
}

_Static_assert(SENSORS_MAX <= 64, "a bit per sensor");

static bool read_value(struct mg_ctx *ctx, const char *dir, int n, const char *what, long *v)
{
	char rel[MG_PATH_MAX];

	if (snprintf(rel, sizeof(rel), "%s/temp%d_%s", dir, n, what) >= (int)sizeof(rel))
		return false;
	return mg_sysfs_read_long(ctx, rel, 10, v) == 0;
}

/* temp*_alarm, else the max and crit alarms together. */
static int read_alarm(struct mg_ctx *ctx, const char *dir, int n)
{
	static const char *const files[] = { "max_alarm", "crit_alarm" };
	int alarm = MG_UNKNOWN;
	long v;

	if (read_value(ctx, dir, n, "alarm", &v))
		return v != 0;
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		if (read_value(ctx, dir, n, files[i], &v))
			alarm = alarm == 1 || v != 0;
	return alarm;
}

static int add_sensor(struct mg_ctx *ctx, struct mg_temps *t, const char *dir, const char *chip,
		      const char *source, int n)
{
	char rel[MG_PATH_MAX], label[MG_ATTR_MAX];
	struct mg_temp *s, *grown = mg_array_grow(t->items, &t->alloc, t->count, sizeof(*grown));
	long v;

	if (!grown)
		return -ENOMEM;
	t->items = grown;
	s = memset(&t->items[t->count++], 0, sizeof(*s));
	snprintf(s->sensor, sizeof(s->sensor), "temp%d", n);
	s->source = source;
	if (chip && !(s->chip = strdup(chip)))
		return -ENOMEM;
	if (snprintf(rel, sizeof(rel), "%s/temp%d_label", dir, n) < (int)sizeof(rel) &&
	    mg_sysfs_read(ctx, rel, label, sizeof(label)) > 0 && !(s->label = strdup(label)))
		return -ENOMEM;
	for (int i = 0; i < VALUES; i++) {
		if (read_value(ctx, dir, n, value_files[i], &v) && v >= -1000000 && v <= 1000000) {
			s->value[i] = (int)v;
			s->present |= 1U << i;
		}
	}
	s->alarm = read_alarm(ctx, dir, n);
	return 0;
}

/* One hwmon device: its name, then each tempN it has a file of. */
static int read_hwmon(struct mg_ctx *ctx, struct mg_temps *t, const char *dir, const char *source)
{
	char rel[MG_PATH_MAX], chip[MG_ATTR_MAX];
	struct seen seen = { 0 };
	int err;

	if (mg_path_join(rel, sizeof(rel), dir, "name") < 0 || mg_sysfs_read(ctx, rel, chip, sizeof(chip)) <= 0)
		chip[0] = '\0';
	err = mg_sysfs_foreach(ctx, dir, note_sensor, &seen);
	for (int n = 1; err == 0 && n <= SENSORS_MAX; n++)
		if (seen.mask & (1ULL << (n - 1)))
			err = add_sensor(ctx, t, dir, chip[0] ? chip : NULL, source, n);
	return err;
}

struct place {
	struct mg_temps *t;
	const char *dir;	/* holding hwmonN entries */
	const char *source;
};

static bool is_hwmon(const char *name)
{
	const char *p = name + 5;

	if (strncmp(name, "hwmon", 5) || !*p)
		return false;
	for (; *p; p++)
		if (*p < '0' || *p > '9')
			return false;
	return true;
}

static int visit(struct mg_ctx *ctx, const char *name, void *data)
{
	struct place *pl = data;
	char dir[MG_PATH_MAX];

	if (!is_hwmon(name) || snprintf(dir, sizeof(dir), "%s/%s", pl->dir, name) >= (int)sizeof(dir))
		return 0;
	return read_hwmon(ctx, pl->t, dir, pl->source);
}

/* The hwmonN entries of @dir, if it exists. */
static int read_place(struct mg_ctx *ctx, struct mg_temps *t, const char *dir, const char *source)
{
	struct place pl = { t, dir, source };

	if (!mg_sysfs_exists(ctx, dir))
		return 0;
	return mg_sysfs_foreach(ctx, dir, visit, &pl);
}

/*
 * The real path a link leads to, with @sub appended: a capture records the
 * links and the directories they lead to, not paths through links.
 */
static int resolved(struct mg_ctx *ctx, const char *link, const char *sub, char *out, size_t size)
{
	char real[MG_PATH_MAX];

	if (mg_sysfs_resolve(ctx, link, real, sizeof(real)) < 0)
		return -ENOENT;
	return sub ? mg_path_join(out, size, real, sub) : mg_strlcpy(out, real, size);
}

/* A USB adapter's device: the parent of the USB interface its interface sits on. */
static int usb_device_hwmon(struct mg_ctx *ctx, struct mg_temps *t, const char *netdir)
{
	char link[MG_PATH_MAX], dir[MG_PATH_MAX];
	char *slash;

	if (mg_path_join(link, sizeof(link), netdir, "device") < 0 ||
	    resolved(ctx, link, NULL, dir, sizeof(dir)) < 0 || !(slash = strrchr(dir, '/')) ||
	    mg_strlcpy(slash, "/hwmon", sizeof(dir) - (size_t)(slash - dir)) < 0)
		return 0;
	return read_place(ctx, t, dir, "device");
}

static int read_temps(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_temps **out)
{
	struct mg_temps *t = calloc(1, sizeof(*t));
	char link[MG_PATH_MAX], netdir[MG_PATH_MAX], dir[MG_PATH_MAX];
	int err = 0;

	if (!t)
		return -ENOMEM;
	/* The PCI function the adapter was identified as. */
	if (nic->bus == MG_BUS_PCI && nic->address &&
	    snprintf(link, sizeof(link), "bus/pci/devices/%s", nic->address) < (int)sizeof(link) &&
	    resolved(ctx, link, "hwmon", dir, sizeof(dir)) == 0)
		err = read_place(ctx, t, dir, "device");
	/* Sensors of a software interface would not be an adapter's: none is looked for. */
	if (err == 0 && nic->name && nic->bus != MG_BUS_VIRTUAL &&
	    snprintf(link, sizeof(link), "class/net/%s", nic->name) < (int)sizeof(link) &&
	    resolved(ctx, link, NULL, netdir, sizeof(netdir)) == 0) {
		if (nic->bus == MG_BUS_USB)
			err = usb_device_hwmon(ctx, t, netdir);
		if (err == 0 && mg_path_join(link, sizeof(link), netdir, "phydev") == 0 &&
		    mg_sysfs_exists(ctx, link) && resolved(ctx, link, "hwmon", dir, sizeof(dir)) == 0)
			err = read_place(ctx, t, dir, "phy");
		if (err == 0)
			err = read_place(ctx, t, netdir, "interface");
	}
	if (err < 0) {
		mg_temps_free(t);
		return err;
	}
	*out = t;
	return 0;
}

MG_EXPORT int mg_temps_read_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_temps **temps)
{
	int err;

	if (!ctx || !nic || !temps)
		return ctx ? mg_fail(ctx, -EINVAL, "mg_temps_read_for_nic: NULL argument") : -EINVAL;
	*temps = NULL;
	mg_clear_error(ctx);
	err = read_temps(ctx, nic, temps);
	return err < 0 ? mg_fail(ctx, err, "reading temperatures: %s", strerror(-err)) : 0;
}

int mg_temps_attach(struct mg_ctx *ctx, struct mg_nic_list *list)
{
	int err = 0;

	for (size_t i = 0; err == 0 && i < mg_nic_list_count(list); i++) {
		struct mg_nic *nic = mg_nic_list_get(list, i);

		err = read_temps(ctx, nic, &nic->temps);
	}
	return err;
}

MG_EXPORT void mg_temps_free(struct mg_temps *temps)
{
	if (!temps)
		return;
	for (size_t i = 0; i < temps->count; i++) {
		free(temps->items[i].chip);
		free(temps->items[i].label);
	}
	free(temps->items);
	free(temps);
}

MG_GETTER(const struct mg_temps *, mg_nic_get_temps, mg_nic, temps, NULL)
MG_GETTER(size_t, mg_temps_get_count, mg_temps, count, 0)

static const struct mg_temp *sensor(const struct mg_temps *temps, size_t index)
{
	return temps && index < temps->count ? &temps->items[index] : NULL;
}

MG_ITEM_GETTER(const char *, mg_temps_get_chip, mg_temps, sensor, chip, NULL)
MG_ITEM_GETTER(const char *, mg_temps_get_sensor, mg_temps, sensor, sensor, NULL)
MG_ITEM_GETTER(const char *, mg_temps_get_source, mg_temps, sensor, source, NULL)
MG_ITEM_GETTER(const char *, mg_temps_get_label, mg_temps, sensor, label, NULL)

MG_EXPORT int mg_temps_get(const struct mg_temps *temps, size_t index, enum mg_temp_value which,
			   int *celsius_milli)
{
	const struct mg_temp *s = sensor(temps, index);

	if (!s || !celsius_milli || (unsigned int)which >= VALUES)
		return -EINVAL;
	if (!(s->present & (1U << which)))
		return -ENODATA;
	*celsius_milli = s->value[which];
	return 0;
}

MG_ITEM_GETTER(int, mg_temps_get_alarm, mg_temps, sensor, alarm, MG_UNKNOWN)
