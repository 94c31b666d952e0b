/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Temperature sensors, JSON and text from one writer: each sensor's chip,
 * name, source and label, its reading, limits and alarm. In text a line
 * each: the label (or the sensor's name), the degrees, then where it is.
 */
#include <errno.h>

#include "present/present.h"

/*
 * One value of a sensor: in JSON decimal degrees or null, in text through
 * @fmt when read, else @unread (NULL: nothing).
 */
static void celsius(struct mg_out *o, const char *key, const char *fmt, const char *unread, const struct mg_temps *t,
		    size_t i, enum mg_temp_value which)
{
	int milli = 0;
	bool known = mg_temps_get(t, i, which, &milli) == 0;

	mg_out_milli(o, key, known ? fmt : NULL, milli, known);
	if (!known && unread)
		mg_out_text(o, "%s", unread);
}

/* "temperature: PHY Temperature 68.8 °C, max 120.0 °C, ALARM (device eth1)". */
static void sensor(struct mg_out *o, const struct mg_temps *t, size_t i)
{
	const char *label = mg_temps_get_label(t, i), *source = mg_temps_get_source(t, i);
	const char *chip = mg_temps_get_chip(t, i);
	int alarm = mg_temps_get_alarm(t, i);

	mg_out_object(o, NULL);
	mg_out_str(o, "chip", NULL, chip);
	mg_out_str(o, "sensor", NULL, mg_temps_get_sensor(t, i));
	mg_out_str(o, "source", NULL, source);
	mg_out_str(o, "label", NULL, label);
	mg_out_text(o, "%-18s", i ? "" : "temperature:");
	mg_out_str(o, NULL, " %s", label ? label : mg_temps_get_sensor(t, i));
	celsius(o, "celsius", " %.1f °C", " unreadable now", t, i, MG_TEMP_INPUT);
	celsius(o, "max_celsius", ", max %.1f °C", NULL, t, i, MG_TEMP_MAX);
	celsius(o, "crit_celsius", ", critical %.1f °C", NULL, t, i, MG_TEMP_CRIT);
	mg_out_bool(o, "alarm", alarm == 1 ? ", ALARM" : NULL, alarm);
	mg_out_str(o, NULL, " (%s", mg_nonempty(source));
	mg_out_str(o, NULL, " %s)\n", mg_nonempty(chip));
	mg_out_object_end(o);
}

void mg_out_temps(struct mg_out *o, const struct mg_temps *t)
{
	if (!t) {
		mg_out_null(o, NULL);
		return;
	}
	mg_out_array(o, NULL);
	for (size_t i = 0; i < mg_temps_get_count(t); i++)
		sensor(o, t, i);
	mg_out_array_end(o);
}

MG_OUT_EXPORT(mg_temps_to_json, mg_temps_to_text, mg_temps, mg_out_temps)
