/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * An adapter's end: the last reference dropped frees its identity and
 * every part a list attached to it (settings, link, EEE, offloads,
 * counters, interrupts, sensors, USB path, kernel log); a list's end drops
 * its adapters. Above nic.c and the parts in the model: it calls the
 * parts' destructors, which nic.c, the bottom they all call, does not.
 */
#include <stdlib.h>

#include "model/model.h"

static void free_parts(struct mg_nic *nic)
{
	mg_settings_free(nic->settings);
	mg_ethlink_free(nic->ethlink);
	mg_eee_free(nic->eee);
	mg_features_free(nic->features);
	mg_stats_free(nic->stats);
	mg_irqs_free(nic->irqs);
	mg_temps_free(nic->temps);
	mg_usb_info_free(nic->usb_info);
	mg_kernel_log_free(nic->kernel_log);
}

MG_EXPORT struct mg_nic *mg_nic_unref(struct mg_nic *nic)
{
	if (!nic)
		return NULL;
	if (--nic->refcount > 0)
		return nic;
	free(nic->name);
	free(nic->kind);
	free(nic->operstate);
	free(nic->mac);
	free(nic->parent);
	free(nic->netdir);
	free(nic->address);
	free(nic->vendor);
	free(nic->device);
	free(nic->subsystem);
	free(nic->driver);
	free(nic->driver_version);
	free(nic->firmware_version);
	for (int i = 0; i < nic->module_count; i++)
		free(nic->modules[i]);
	free(nic->modules);
	free_parts(nic);
	free(nic);
	return NULL;
}

MG_EXPORT void mg_nic_list_free(struct mg_nic_list *list)
{
	if (!list)
		return;
	for (size_t i = 0; i < mg_nic_list_count(list); i++)
		mg_nic_unref(mg_nic_list_items(list)[i]);
	free(mg_nic_list_items(list));
	free(list);
}
