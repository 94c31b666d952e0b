/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * mg_prometheus_write(): gather what the metrics say (the adapters from one
 * dump per message, each PCI adapter's path, the verdicts, the doctor's
 * findings on one sample), then let lib/present/prometheus.c write them.
 * The CLI's export and Python's Collector print this one text.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "compose/compose.h"

#define EXPORTED_PARTS (MG_NIC_WITH_SETTINGS | MG_NIC_WITH_ETHLINK | MG_NIC_WITH_STATS | MG_NIC_WITH_TEMPERATURES)

/* Adapters worth a metric: hardware, all with MG_PROMETHEUS_ALL, or the one named. */
static bool wanted(const struct mg_nic *nic, const char *target, unsigned int flags)
{
	const char *name = mg_nic_get_name(nic), *address = mg_nic_get_address(nic);

	if (target)
		return (name && !strcmp(name, target)) || (address && !strcmp(address, target));
	return (flags & MG_PROMETHEUS_ALL) || mg_nic_get_bus(nic) != MG_BUS_VIRTUAL;
}

/* The adapter, its label, its path (when it is on PCI and the path reads) and its verdict. */
static void adapter(struct mg_ctx *ctx, struct mg_wifi_cache *wifi, const struct mg_nic *nic,
		    struct mg_prom_adapter *a)
{
	a->nic = nic;
	a->device = mg_nic_get_name(nic) ? mg_nic_get_name(nic) : mg_nic_get_address(nic);
	if ((mg_nic_get_bus(nic) == MG_BUS_PCI || mg_nic_get_bus(nic) == MG_BUS_USB) &&
	    mg_pcie_path_new_for_nic(ctx, nic, &a->path) < 0)
		a->path = NULL;
	if (mg_throughput_new(nic, a->path, &a->throughput) < 0)
		a->throughput = NULL;
	/* A Wi-Fi interface's card and link, from the wiphys read once for all. */
	a->wifi = mg_wifi_cache_get(ctx, wifi, nic);
	if (a->wifi && a->throughput)
		mg_throughput_add_wifi(a->throughput, a->wifi, a->device);
}

/*
 * A target no adapter has is an error, said as show says it: metrics with
 * no sample would look like an adapter that has none to report.
 */
static int no_such_target(struct mg_ctx *ctx, const char *target)
{
	struct mg_nic *nic = NULL;
	int err = mg_nic_lookup(ctx, target, &nic);

	mg_nic_unref(nic);
	return err < 0 ? err : mg_fail(ctx, -ENODEV, "no network interface named '%s'", target);
}

static void adapters_free(struct mg_prom_adapter *a, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		mg_throughput_free(a[i].throughput);
		mg_pcie_path_free(a[i].path);
		mg_wiphy_unref(a[i].wifi);
	}
	free(a);
}

MG_EXPORT int mg_prometheus_write(struct mg_ctx *ctx, const char *target, unsigned int flags, char **text)
{
	struct mg_prom_input in = { 0 };
	struct mg_prom_adapter *a;
	struct mg_strbuf t = { 0 };
	struct mg_nic_list *list;
	struct mg_doctor *d = NULL;
	struct mg_wifi_cache wifi = { 0 };
	int err;

	if (text)
		*text = NULL;
	if (!ctx)
		return -EINVAL;
	if (!text || (flags & ~(unsigned int)MG_PROMETHEUS_ALL))
		return mg_fail(ctx, -EINVAL, "mg_prometheus_write: %s", text ? "unknown flags" : "text is NULL");
	err = mg_nic_list_new_with(ctx, EXPORTED_PARTS, &list);
	if (err < 0)
		return err;
	a = calloc(mg_nic_list_count(list) + 1, sizeof(*a));
	if (!a) {
		mg_nic_list_free(list);
		return mg_fail(ctx, -ENOMEM, "export: out of memory");
	}
	/* The findings of one sample (an export is one moment, it does not wait); the wiphys read once for both. */
	err = mg_doctor_run_sharing(ctx, NULL, MG_DOCTOR_NO_SAMPLE, &wifi, &d);
	for (size_t i = 0; err == 0 && i < mg_nic_list_count(list); i++)
		if (wanted(mg_nic_list_get(list, i), target, flags))
			adapter(ctx, &wifi, mg_nic_list_get(list, i), &a[in.count++]);
	if (err == 0 && target && !in.count)
		err = no_such_target(ctx, target);
	if (err == 0) {
		in.adapters = a;
		in.doctor = d;
		mg_prometheus_text(&t, &in);
		*text = mg_strbuf_take(&t);
		if (!*text)
			err = mg_fail(ctx, -ENOMEM, "export: out of memory");
	}
	adapters_free(a, in.count);
	mg_wifi_cache_free(&wifi);
	mg_doctor_free(d);
	mg_nic_list_free(list);
	return err;
}
