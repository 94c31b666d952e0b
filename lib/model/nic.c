/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Adapter objects, their lists and their getters: the bottom of the
 * model. It calls none of the parts an adapter carries (settings, link,
 * counters...), so they may all call it; nic-free.c, above them, frees
 * an adapter with its parts.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

struct mg_nic *mg_nic_alloc(void)
{
	struct mg_nic *nic = calloc(1, sizeof(*nic));

	if (!nic)
		return NULL;
	nic->refcount = 1;
	nic->ifindex = MG_UNKNOWN;
	nic->carrier = MG_UNKNOWN;
	nic->mtu = nic->min_mtu = nic->max_mtu = MG_UNKNOWN;
	nic->speed_mbps = MG_UNKNOWN;
	nic->bus = MG_BUS_VIRTUAL;
	nic->vendor_id = nic->device_id = MG_UNKNOWN;
	nic->subsys_vendor_id = nic->subsys_device_id = MG_UNKNOWN;
	nic->revision = MG_UNKNOWN;
	nic->class_code = MG_UNKNOWN;
	nic->usb_speed_mbps = MG_UNKNOWN;
	nic->module_count = MG_UNKNOWN;
	return nic;
}

/* Replace a string field; an empty value means unknown. */
int mg_nic_set_str(char **field, const char *value)
{
	char *copy = NULL;

	if (value && *value) {
		copy = strdup(value);
		if (!copy)
			return -ENOMEM;
	}
	free(*field);
	*field = copy;
	return 0;
}

int mg_nic_netdir(struct mg_ctx *ctx, const struct mg_nic *nic, char *out, size_t size)
{
	char rel[MG_PATH_MAX];

	if (nic->netdir)
		return mg_strlcpy(out, nic->netdir, size);
	if (!nic->name || snprintf(rel, sizeof(rel), "class/net/%s", nic->name) >= (int)sizeof(rel))
		return -ENOENT;
	return mg_sysfs_resolve(ctx, rel, out, size);
}

int mg_nic_need_interface(struct mg_ctx *ctx, const struct mg_nic *nic)
{
	if (nic && nic->name && nic->ifindex > 0)
		return 0;
	return mg_fail(ctx, -ENODEV, "%s has no network interface", nic && nic->address ? nic->address : "the adapter");
}

MG_EXPORT struct mg_nic *mg_nic_ref(struct mg_nic *nic)
{
	if (nic)
		nic->refcount++;
	return nic;
}

struct mg_nic_list {
	struct mg_nic **nics;
	size_t count, alloc;
};

struct mg_nic_list *mg_nic_list_new_empty(void)
{
	return calloc(1, sizeof(struct mg_nic_list));
}

int mg_nic_list_add(struct mg_nic_list *list, struct mg_nic *nic)
{
	struct mg_nic **grown = mg_array_grow(list->nics, &list->alloc, list->count, sizeof(*grown));

	if (!grown)
		return -ENOMEM;
	list->nics = grown;
	list->nics[list->count++] = nic;
	return 0;
}

int mg_nic_list_one(const struct mg_nic *nic, struct mg_nic_list **list)
{
	struct mg_nic_list *l = calloc(1, sizeof(*l));

	if (!l)
		return -ENOMEM;
	if (mg_nic_list_add(l, (struct mg_nic *)nic) < 0) {
		free(l);
		return -ENOMEM;
	}
	mg_nic_ref((struct mg_nic *)nic);
	*list = l;
	return 0;
}

/* The adapter with interface index @ifindex: a list is sorted by it, those without one last. */
struct mg_nic *mg_nic_list_find_ifindex(const struct mg_nic_list *list, int ifindex)
{
	size_t lo = 0, hi = list->count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct mg_nic *n = list->nics[mid];

		if (!n->name || n->ifindex > ifindex)
			hi = mid;
		else if (n->ifindex < ifindex)
			lo = mid + 1;
		else
			return list->nics[mid];
	}
	return NULL;
}

struct mg_nic **mg_nic_list_items(const struct mg_nic_list *list)
{
	return list->nics;
}

MG_EXPORT size_t mg_nic_list_count(const struct mg_nic_list *list)
{
	return list ? list->count : 0;
}

MG_EXPORT struct mg_nic *mg_nic_list_get(const struct mg_nic_list *list, size_t index)
{
	return list && index < list->count ? list->nics[index] : NULL;
}

MG_EXPORT const char *mg_bus_name(enum mg_bus bus)
{
	switch (bus) {
	case MG_BUS_PCI:
		return "pci";
	case MG_BUS_USB:
		return "usb";
	case MG_BUS_VIRTUAL:
		return "virtual";
	case MG_BUS_OTHER:
		break;
	}
	return "other";
}

#define STR_GETTER(fn, field) MG_GETTER(const char *, fn, mg_nic, field, NULL)
#define INT_GETTER(fn, field) MG_GETTER(int, fn, mg_nic, field, MG_UNKNOWN)

STR_GETTER(mg_nic_get_name, name)
STR_GETTER(mg_nic_get_kind, kind)
STR_GETTER(mg_nic_get_operstate, operstate)
STR_GETTER(mg_nic_get_mac, mac)
STR_GETTER(mg_nic_get_parent, parent)
STR_GETTER(mg_nic_get_address, address)
STR_GETTER(mg_nic_get_vendor, vendor)
STR_GETTER(mg_nic_get_device, device)
STR_GETTER(mg_nic_get_subsystem, subsystem)
STR_GETTER(mg_nic_get_driver, driver)
STR_GETTER(mg_nic_get_driver_version, driver_version)
STR_GETTER(mg_nic_get_firmware_version, firmware_version)

INT_GETTER(mg_nic_get_ifindex, ifindex)
INT_GETTER(mg_nic_get_carrier, carrier)
INT_GETTER(mg_nic_get_mtu, mtu)
INT_GETTER(mg_nic_get_min_mtu, min_mtu)
INT_GETTER(mg_nic_get_max_mtu, max_mtu)
INT_GETTER(mg_nic_get_speed_mbps, speed_mbps)
INT_GETTER(mg_nic_get_vendor_id, vendor_id)
INT_GETTER(mg_nic_get_device_id, device_id)
INT_GETTER(mg_nic_get_subsystem_vendor_id, subsys_vendor_id)
INT_GETTER(mg_nic_get_subsystem_device_id, subsys_device_id)
INT_GETTER(mg_nic_get_revision, revision)
INT_GETTER(mg_nic_get_class, class_code)
INT_GETTER(mg_nic_get_usb_speed_mbps, usb_speed_mbps)

MG_EXPORT enum mg_bus mg_nic_get_bus(const struct mg_nic *nic)
{
	return nic ? nic->bus : MG_BUS_OTHER;
}

MG_GETTER(int, mg_nic_has_driver, mg_nic, has_driver, 0)

MG_EXPORT const char *mg_nic_get_chip(const struct mg_nic *nic)
{
	return nic && nic->chip ? nic->chip->name : NULL;
}

MG_EXPORT const char *mg_nic_get_chip_driver(const struct mg_nic *nic)
{
	return nic && nic->chip ? nic->chip->driver : NULL;
}

MG_EXPORT const char *mg_nic_get_chip_since(const struct mg_nic *nic)
{
	return nic && nic->chip ? nic->chip->since : NULL;
}

MG_EXPORT int mg_nic_get_chip_max_mbps(const struct mg_nic *nic)
{
	return nic && nic->chip ? nic->chip->max_mbps : MG_UNKNOWN;
}

MG_GETTER(int, mg_nic_get_module_count, mg_nic, module_count, MG_UNKNOWN)

/* 0.1 took an int index; binaries built against it keep that symbol. */
const char *mg_nic_get_module_v02(const struct mg_nic *nic, size_t index);
const char *mg_nic_get_module_v01(const struct mg_nic *nic, int index);
_Static_assert(__builtin_types_compatible_p(__typeof__(mg_nic_get_module), __typeof__(mg_nic_get_module_v02)),
	       "mg_nic_get_module_v02 must match the header's mg_nic_get_module");

MG_SYMVER_ASM(mg_nic_get_module_v02, "mg_nic_get_module@@LIBMULTIGIG_0.2")
MG_EXPORT MG_SYMVER(mg_nic_get_module_v02, "mg_nic_get_module@@LIBMULTIGIG_0.2")
const char *mg_nic_get_module_v02(const struct mg_nic *nic, size_t index)
{
	return nic && nic->module_count > 0 && index < (size_t)nic->module_count ? nic->modules[index] : NULL;
}

MG_SYMVER_ASM(mg_nic_get_module_v01, "mg_nic_get_module@LIBMULTIGIG_0.1")
MG_EXPORT MG_SYMVER(mg_nic_get_module_v01, "mg_nic_get_module@LIBMULTIGIG_0.1")
const char *mg_nic_get_module_v01(const struct mg_nic *nic, int index)
{
	return index < 0 ? NULL : mg_nic_get_module_v02(nic, (size_t)index);
}

MG_GETTER(const struct mg_settings *, mg_nic_get_settings, mg_nic, settings, NULL)
MG_GETTER(const struct mg_ethlink *, mg_nic_get_ethlink, mg_nic, ethlink, NULL)
