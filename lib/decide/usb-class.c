/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What a USB network interface is by its class codes (the USB-IF's class,
 * subclass and protocol numbers), and which drivers are the generic class
 * drivers that take an adapter when its vendor's driver does not: they
 * work, at a fraction of the speed and sometimes in half duplex.
 */
#include <string.h>

#include "decide/decide.h"

static const struct {
	int cls, subclass, protocol;	/* -1: any */
	const char *name;
} classes[] = {
	{ 0xff, -1, -1, "vendor-specific" },
	{ 0x02, 0x06, -1, "cdc-ecm" },
	{ 0x02, 0x0a, -1, "cdc-mdlm" },	/* the "subset" devices cdc_subset and zaurus drive */
	{ 0x02, 0x0c, -1, "cdc-eem" },
	{ 0x02, 0x0d, -1, "cdc-ncm" },
	{ 0x02, 0x0e, -1, "cdc-mbim" },
	{ 0x02, 0x02, 0xff, "rndis" },
	{ 0xe0, 0x01, 0x03, "rndis" },
	{ 0xef, 0x04, 0x01, "rndis" },
	{ 0x0a, -1, -1, "cdc-data" },
	{ 0x02, -1, -1, "cdc" },
};

const char *mg_usb_interface_class_name(int cls, int subclass, int protocol)
{
	for (size_t i = 0; i < sizeof(classes) / sizeof(classes[0]); i++) {
		if (classes[i].cls != cls)
			continue;
		if ((classes[i].subclass < 0 || classes[i].subclass == subclass) &&
		    (classes[i].protocol < 0 || classes[i].protocol == protocol))
			return classes[i].name;
	}
	return NULL;
}

bool mg_usb_driver_is_generic(const char *driver)
{
	static const char *const generic[] = {
		"cdc_ether", "cdc_ncm", "cdc_eem", "cdc_subset", "cdc_mbim", "rndis_host",
		"huawei_cdc_ncm",
	};

	for (size_t i = 0; driver && i < sizeof(generic) / sizeof(generic[0]); i++)
		if (!strcmp(driver, generic[i]))
			return true;
	return false;
}
