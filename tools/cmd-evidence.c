/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The evidence part of `multigig show`: counters, interrupts, temperatures
 * and the USB path. With a context, each function reads what it shows for
 * the one adapter; without one, it shows what a list made WITH_* holds.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char *const group_keys[MG_STATS_GROUP_COUNT] = { "eth_phy", "eth_mac", "eth_ctrl", "rmon" };

static json_object *ju64(const uint64_t *v)
{
	return v ? json_object_new_uint64(*v) : NULL;
}

/* Thousandths as a decimal: 62500 -> 62.5. */
static json_object *jmilli(int milli)
{
	char buf[32];
	size_t n;

	snprintf(buf, sizeof(buf), "%s%d.%03d", milli < 0 ? "-" : "", abs(milli) / 1000, abs(milli) % 1000);
	n = strlen(buf);
	while (buf[n - 1] == '0')
		buf[--n] = '\0';
	if (buf[n - 1] == '.')
		buf[--n] = '\0';
	return json_object_new_double_s(milli / 1000.0, buf);
}

static json_object *jbool_or_null(int v)
{
	return v == MG_UNKNOWN ? NULL : json_object_new_boolean(v);
}

/* ---- counters ---- */

static json_object *hist_json(const struct mg_stats *s, int tx)
{
	json_object *a = json_object_new_array();

	for (size_t i = 0; i < mg_stats_hist_count(s, tx); i++) {
		json_object *b = json_object_new_object();
		unsigned int low, high;
		uint64_t v;

		mg_stats_hist_get(s, tx, i, &low, &high, &v);
		put(b, "low", json_object_new_int64(low));
		put(b, "high", high ? json_object_new_int64(high) : NULL);
		put(b, "frames", json_object_new_uint64(v));
		json_object_array_add(a, b);
	}
	return a;
}

static json_object *group_json(const struct mg_stats *s, enum mg_stats_group g)
{
	json_object *o;

	if (!mg_stats_group_reported(s, g))
		return NULL;
	o = json_object_new_object();
	for (size_t i = 0; i < mg_stats_group_size(g); i++) {
		uint64_t v;

		put(o, mg_stats_group_counter_name(g, i), ju64(mg_stats_group_get(s, g, i, &v) == 0 ? &v : NULL));
	}
	if (g == MG_STATS_RMON) {
		put(o, "rx_histogram", hist_json(s, 0));
		put(o, "tx_histogram", hist_json(s, 1));
	}
	return o;
}

static json_object *driver_json(const struct mg_stats *s)
{
	json_object *o;
	int n = mg_stats_driver_count(s);

	if (n == MG_UNKNOWN)
		return NULL;
	o = json_object_new_object();
	for (size_t i = 0; i < (size_t)n; i++) {
		uint64_t v;

		mg_stats_driver_get(s, i, &v);
		put(o, mg_stats_driver_name(s, i), json_object_new_uint64(v));
	}
	return o;
}

json_object *stats_json(const struct mg_nic *nic)
{
	const struct mg_stats *s = mg_nic_get_stats(nic);
	json_object *o;

	if (!s)
		return NULL;
	o = json_object_new_object();
	for (int i = 0; i < MG_STAT_COUNT; i++) {
		uint64_t v;

		put(o, mg_stat_name((enum mg_stat)i), ju64(mg_stats_get(s, (enum mg_stat)i, &v) == 0 ? &v : NULL));
	}
	/* "link_down_events_unknown": there only when the kernel is why a counter is null. */
	for (int i = 0; i < MG_STAT_COUNT; i++) {
		const char *why = mg_stats_get_unknown_reason(s, (enum mg_stat)i);
		char key[64];

		if (why) {
			snprintf(key, sizeof(key), "%s_unknown", mg_stat_name((enum mg_stat)i));
			put(o, key, json_object_new_string(why));
		}
	}
	for (int g = 0; g < MG_STATS_GROUP_COUNT; g++)
		put(o, group_keys[g], group_json(s, (enum mg_stats_group)g));
	put(o, "driver", driver_json(s));
	return o;
}

/* Errors and drops that are not zero: what deserves a look. */
static void print_nonzero_errors(const struct mg_stats *s)
{
	const char *sep = "";

	for (int i = MG_STAT_RX_ERRORS; i <= MG_STAT_RX_OTHERHOST_DROPPED; i++) {
		uint64_t v;

		if (i == MG_STAT_MULTICAST || i == MG_STAT_RX_COMPRESSED || i == MG_STAT_TX_COMPRESSED ||
		    mg_stats_get(s, (enum mg_stat)i, &v) < 0 || v == 0)
			continue;
		if (!*sep)
			printf("%-18s", "errors, drops:");
		printf("%s %s %" PRIu64, sep, mg_stat_name((enum mg_stat)i), v);
		sep = ",";
	}
	if (*sep)
		printf("\n");
}

/* Which standard groups the driver fills, and how much of each. */
static void print_groups(const struct mg_stats *s)
{
	const char *sep = "";

	for (int g = 0; g < MG_STATS_GROUP_COUNT; g++) {
		size_t have = 0;
		uint64_t v;

		if (!mg_stats_group_reported(s, (enum mg_stats_group)g))
			continue;
		for (size_t i = 0; i < mg_stats_group_size((enum mg_stats_group)g); i++)
			have += mg_stats_group_get(s, (enum mg_stats_group)g, i, &v) == 0;
		if (!*sep)
			printf("%-18s", "standard counters:");
		printf("%s %s (%zu of %zu)", sep, mg_stats_group_name((enum mg_stats_group)g), have,
		       mg_stats_group_size((enum mg_stats_group)g));
		sep = ",";
	}
	if (*sep)
		printf("\n");
}

static void print_stats(const struct mg_stats *s)
{
	uint64_t rxp, rxb, txp, txb, v;
	int n;

	if (mg_stats_get(s, MG_STAT_RX_PACKETS, &rxp) == 0 && mg_stats_get(s, MG_STAT_RX_BYTES, &rxb) == 0 &&
	    mg_stats_get(s, MG_STAT_TX_PACKETS, &txp) == 0 && mg_stats_get(s, MG_STAT_TX_BYTES, &txb) == 0)
		printf("%-18s rx %" PRIu64 " packets %" PRIu64 " bytes, tx %" PRIu64 " packets %" PRIu64 " bytes\n",
		       "counters:", rxp, rxb, txp, txb);
	print_nonzero_errors(s);
	if (mg_stats_get(s, MG_STAT_CARRIER_CHANGES, &v) == 0) {
		uint64_t up, down;

		printf("%-18s %" PRIu64 " changes", "carrier:", v);
		if (mg_stats_get(s, MG_STAT_CARRIER_UP_COUNT, &up) == 0 &&
		    mg_stats_get(s, MG_STAT_CARRIER_DOWN_COUNT, &down) == 0)
			printf(" (%" PRIu64 " up, %" PRIu64 " down)", up, down);
		if (mg_stats_get(s, MG_STAT_LINK_DOWN_EVENTS, &v) == 0)
			printf("; the driver counted %" PRIu64 " link losses", v);
		printf("\n");
	}
	print_groups(s);
	n = mg_stats_driver_count(s);
	if (n != MG_UNKNOWN)
		printf("%-18s %d (listed by show --json)\n", "driver counters:", n);
}

/* ---- interrupts ---- */

static json_object *vector_json(const struct mg_irqs *r, size_t i)
{
	json_object *o = json_object_new_object(), *per_cpu = NULL;
	uint64_t total = 0, v;
	bool counted = mg_irqs_get_cpu_count(r) > 0 && mg_irqs_get_cpu_interrupts(r, i, 0, &v) == 0;

	put(o, "irq", jint(mg_irqs_get_irq(r, i)));
	put(o, "name", jstr(mg_irqs_get_name(r, i)));
	put(o, "mode", jstr(mg_irqs_get_mode(r, i)));
	if (counted) {
		per_cpu = json_object_new_object();
		for (size_t c = 0; c < mg_irqs_get_cpu_count(r); c++) {
			char key[16];

			mg_irqs_get_cpu_interrupts(r, i, c, &v);
			snprintf(key, sizeof(key), "%d", mg_irqs_get_cpu(r, c));
			put(per_cpu, key, json_object_new_uint64(v));
			total += v;
		}
	}
	put(o, "per_cpu", per_cpu);
	put(o, "total", counted ? json_object_new_uint64(total) : NULL);
	put(o, "affinity", jstr(mg_irqs_get_affinity(r, i)));
	put(o, "effective_affinity", jstr(mg_irqs_get_effective_affinity(r, i)));
	return o;
}

static json_object *queues_json(const struct mg_irqs *r, int tx)
{
	json_object *a = json_object_new_array();

	for (size_t i = 0; i < mg_irqs_get_queue_count(r, tx); i++) {
		json_object *q = json_object_new_object();

		put(q, "queue", jstr(mg_irqs_get_queue_name(r, tx, i)));
		put(q, tx ? "xps_cpus" : "rps_cpus", jstr(mg_irqs_get_queue_cpus(r, tx, i)));
		json_object_array_add(a, q);
	}
	return a;
}

json_object *irqs_json(const struct mg_nic *nic)
{
	const struct mg_irqs *r = mg_nic_get_irqs(nic);
	json_object *o, *vectors;

	if (!r)
		return NULL;
	o = json_object_new_object();
	vectors = json_object_new_array();
	put(o, "online_cpus", jint(mg_irqs_get_online_cpus(r)));
	for (size_t i = 0; i < mg_irqs_get_count(r); i++)
		json_object_array_add(vectors, vector_json(r, i));
	put(o, "vectors", vectors);
	put(o, "rx_queues", queues_json(r, 0));
	put(o, "tx_queues", queues_json(r, 1));
	return o;
}

static void print_vector(const struct mg_irqs *r, size_t i)
{
	uint64_t v;

	printf("%-18s %d %s", i ? "" : "interrupts:", mg_irqs_get_irq(r, i), or_dash(mg_irqs_get_name(r, i)));
	for (size_t c = 0; c < mg_irqs_get_cpu_count(r); c++)
		if (mg_irqs_get_cpu_interrupts(r, i, c, &v) == 0)
			printf(" cpu%d:%" PRIu64, mg_irqs_get_cpu(r, c), v);
	if (mg_irqs_get_affinity(r, i))
		printf(", may run on %s", mg_irqs_get_affinity(r, i));
	if (mg_irqs_get_effective_affinity(r, i))
		printf(", runs on %s", mg_irqs_get_effective_affinity(r, i));
	printf("\n");
}

/* The queues' CPU masks, the first few of each direction. */
static void print_masks(const struct mg_irqs *r, int tx)
{
	size_t n = mg_irqs_get_queue_count(r, tx);

	if (!n)
		return;
	printf("%-18s", tx ? "xps cpus:" : "rps cpus:");
	for (size_t i = 0; i < n && i < 8; i++)
		printf(" %s %s%s", mg_irqs_get_queue_name(r, tx, i), mg_irqs_get_queue_cpus(r, tx, i),
		       i + 1 < n && i < 7 ? "," : "");
	if (n > 8)
		printf(" and %zu more", n - 8);
	printf("\n");
}

static void print_irqs(const struct mg_irqs *r)
{
	for (size_t i = 0; i < mg_irqs_get_count(r); i++)
		print_vector(r, i);
	print_masks(r, 0);
	print_masks(r, 1);
	if (mg_irqs_get_online_cpus(r) != MG_UNKNOWN && (mg_irqs_get_count(r) || mg_irqs_get_queue_count(r, 0)))
		printf("%-18s %d\n", "online cpus:", mg_irqs_get_online_cpus(r));
}

/* ---- temperatures ---- */

static json_object *jtemp(const struct mg_temps *t, size_t i, enum mg_temp_value which)
{
	int milli;

	return mg_temps_get(t, i, which, &milli) == 0 ? jmilli(milli) : NULL;
}

json_object *temps_json(const struct mg_nic *nic)
{
	const struct mg_temps *t = mg_nic_get_temps(nic);
	json_object *a;

	if (!t)
		return NULL;
	a = json_object_new_array();
	for (size_t i = 0; i < mg_temps_get_count(t); i++) {
		json_object *o = json_object_new_object();

		put(o, "chip", jstr(mg_temps_get_chip(t, i)));
		put(o, "sensor", jstr(mg_temps_get_sensor(t, i)));
		put(o, "source", jstr(mg_temps_get_source(t, i)));
		put(o, "label", jstr(mg_temps_get_label(t, i)));
		put(o, "celsius", jtemp(t, i, MG_TEMP_INPUT));
		put(o, "max_celsius", jtemp(t, i, MG_TEMP_MAX));
		put(o, "crit_celsius", jtemp(t, i, MG_TEMP_CRIT));
		put(o, "alarm", jbool_or_null(mg_temps_get_alarm(t, i)));
		json_object_array_add(a, o);
	}
	return a;
}

static void print_temp(const struct mg_temps *t, size_t i)
{
	int milli;
	const char *label = mg_temps_get_label(t, i);

	printf("%-18s %s", i ? "" : "temperature:", label ? label : mg_temps_get_sensor(t, i));
	if (mg_temps_get(t, i, MG_TEMP_INPUT, &milli) == 0)
		printf(" %.1f °C", milli / 1000.0);
	else
		printf(" unreadable now");
	if (mg_temps_get(t, i, MG_TEMP_MAX, &milli) == 0)
		printf(", max %.1f °C", milli / 1000.0);
	if (mg_temps_get(t, i, MG_TEMP_CRIT, &milli) == 0)
		printf(", critical %.1f °C", milli / 1000.0);
	if (mg_temps_get_alarm(t, i) == 1)
		printf(", ALARM");
	printf(" (%s %s)\n", or_dash(mg_temps_get_source(t, i)), or_dash(mg_temps_get_chip(t, i)));
}

/* ---- USB ---- */

static json_object *usb_device_json(const struct mg_usb_device *d)
{
	json_object *o = json_object_new_object();
	int vendor = mg_usb_device_get_vendor_id(d), product = mg_usb_device_get_product_id(d);
	char id[16];

	snprintf(id, sizeof(id), "%04x:%04x", (unsigned int)vendor, (unsigned int)product);
	put(o, "device", jstr(mg_usb_device_get_name(d)));
	put(o, "id", vendor == MG_UNKNOWN || product == MG_UNKNOWN ? NULL : json_object_new_string(id));
	put(o, "product", jstr(mg_usb_device_get_product(d)));
	put(o, "speed_mbps", jint(mg_usb_device_get_speed_mbps(d)));
	put(o, "usb_version", jstr(mg_usb_device_get_version(d)));
	put(o, "ports", jint(mg_usb_device_get_port_count(d)));
	return o;
}

void usb_path_json(const struct mg_nic *nic, json_object *o)
{
	const struct mg_usb_info *u = mg_nic_get_usb_info(nic);
	const struct mg_usb_device *d = mg_usb_info_get_device(u);
	json_object *usb, *hubs, *peers;

	if (!u) {
		/* Not on USB: null, as show has it beside the throughput. */
		if (!json_object_object_get_ex(o, "usb", NULL))
			put(o, "usb", NULL);
		return;
	}
	/* Beside the bus ceiling "usb" already holds, or on its own. */
	if (!json_object_object_get_ex(o, "usb", &usb) || !usb) {
		usb = json_object_new_object();
		put(o, "usb", usb);
	}
	put(usb, "device", jstr(mg_usb_device_get_name(d)));
	put(usb, "speed_mbps", jint(mg_usb_device_get_speed_mbps(d)));
	put(usb, "usb_version", jstr(mg_usb_device_get_version(d)));
	put(usb, "port_speed_mbps", jint(mg_usb_info_get_port_speed_mbps(u)));
	put(usb, "port_usb_version", jstr(mg_usb_info_get_port_version(u)));
	put(usb, "driver", jstr(mg_usb_info_get_driver(u)));
	put(usb, "interface_class", jstr(mg_usb_info_get_interface_class(u)));
	put(usb, "generic_driver", jbool_or_null(mg_usb_info_is_generic_driver(u)));
	put(usb, "vendor_driver", jstr(mg_usb_info_get_vendor_driver(u)));
	put(usb, "vendor_driver_loaded", jbool_or_null(mg_usb_info_vendor_driver_loaded(u)));
	put(usb, "configuration", jint(mg_usb_info_get_configuration(u)));
	put(usb, "configurations", jint(mg_usb_info_get_configuration_count(u)));
	hubs = json_object_new_array();
	for (size_t i = 0; i < mg_usb_info_get_hub_count(u); i++)
		json_object_array_add(hubs, usb_device_json(mg_usb_info_get_hub(u, i)));
	put(usb, "hubs", hubs);
	peers = json_object_new_array();
	for (size_t i = 0; i < mg_usb_info_get_peer_count(u); i++)
		json_object_array_add(peers, usb_device_json(mg_usb_info_get_peer(u, i)));
	put(usb, "root_hub_shared_with", peers);
}

static void print_usb_device(const struct mg_usb_device *d)
{
	printf("%s", mg_usb_device_get_name(d));
	if (mg_usb_device_get_product(d))
		printf(" (%s)", mg_usb_device_get_product(d));
	if (mg_usb_device_get_speed_mbps(d) != MG_UNKNOWN)
		printf(" %d Mbit/s", mg_usb_device_get_speed_mbps(d));
}

static void print_usb_info(const struct mg_usb_info *u)
{
	const struct mg_usb_device *d = mg_usb_info_get_device(u);
	const char *vendor = mg_usb_info_get_vendor_driver(u), *driver = mg_usb_info_get_driver(u);

	printf("%-18s %s", "usb device:", mg_usb_device_get_name(d));
	if (mg_usb_device_get_speed_mbps(d) != MG_UNKNOWN)
		printf(" at %d Mbit/s", mg_usb_device_get_speed_mbps(d));
	if (mg_usb_device_get_version(d))
		printf(" (USB %s)", mg_usb_device_get_version(d));
	if (mg_usb_info_get_port_speed_mbps(u) != MG_UNKNOWN)
		printf(" in a port of %d Mbit/s", mg_usb_info_get_port_speed_mbps(u));
	if (mg_usb_info_get_port_version(u))
		printf(" (USB %s)", mg_usb_info_get_port_version(u));
	printf("\n");
	printf("%-18s %s", "usb driver:", driver ? driver : "none");
	if (mg_usb_info_get_interface_class(u))
		printf(" (%s interface)", mg_usb_info_get_interface_class(u));
	if (mg_usb_info_is_generic_driver(u) == 1 && vendor)
		printf("; a generic class driver: the chip's own is %s, %s", vendor,
		       mg_usb_info_vendor_driver_loaded(u) == 1 ? "loaded" : "not loaded");
	if (mg_usb_info_get_configuration(u) != MG_UNKNOWN && mg_usb_info_get_configuration_count(u) != MG_UNKNOWN)
		printf("; configuration %d of %d", mg_usb_info_get_configuration(u),
		       mg_usb_info_get_configuration_count(u));
	printf("\n");
	for (size_t i = 0; i < mg_usb_info_get_hub_count(u); i++) {
		printf("%-18s ", i ? "" : "usb hubs:");
		print_usb_device(mg_usb_info_get_hub(u, i));
		printf("\n");
	}
	for (size_t i = 0; i < mg_usb_info_get_peer_count(u); i++) {
		printf("%-18s ", i ? "" : "same root hub:");
		print_usb_device(mg_usb_info_get_peer(u, i));
		printf("\n");
	}
}

void print_evidence(const struct mg_nic *nic)
{
	const struct mg_stats *s = mg_nic_get_stats(nic);
	const struct mg_irqs *r = mg_nic_get_irqs(nic);
	const struct mg_temps *t = mg_nic_get_temps(nic);
	const struct mg_usb_info *u = mg_nic_get_usb_info(nic);

	if (s)
		print_stats(s);
	if (r)
		print_irqs(r);
	for (size_t i = 0; t && i < mg_temps_get_count(t); i++)
		print_temp(t, i);
	if (u)
		print_usb_info(u);
}
