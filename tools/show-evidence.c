/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The evidence part of `multigig show` in text: the USB path and the
 * kernel log, as the adapter's look-up or a list made WITH_* holds them
 * (the library writes their JSON, and the text of the rest).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* ---- USB ---- */

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
	if (mg_usb_info_get_controller(u)) {
		const char *drv = mg_usb_info_get_controller_driver(u);

		printf("%-18s %s%s%s%s%s\n", "usb controller:", mg_usb_info_get_controller(u), drv ? " (" : "",
		       drv ? drv : "", drv ? ")" : "",
		       mg_usb_info_controller_is_pci(u) == 1 ? ", a PCI function: every device below it shares its "
							       "PCIe link (multigig pcie)"
							     : ", not on PCI");
	}
}

/* ---- the kernel log ---- */

static void print_kernel_log(const struct mg_kernel_log *k)
{
	if (mg_kernel_log_get_unknown_reason(k)) {
		printf("%-18s unknown: %s\n", "kernel log:", mg_kernel_log_get_unknown_reason(k));
		return;
	}
	for (size_t i = 0; i < mg_kernel_log_get_count(k); i++) {
		uint64_t us = 0;

		mg_kernel_log_get_usecs(k, i, &us);
		printf("%-18s [%5llu.%06llu] %s\n", i ? "" : "kernel log:", (unsigned long long)(us / 1000000),
		       (unsigned long long)(us % 1000000), mg_kernel_log_get_text(k, i));
		printf("%-18s   = %s\n", "", mg_kernel_log_get_meaning(k, i));
	}
}

void print_evidence(const struct mg_nic *nic)
{
	const struct mg_usb_info *u = mg_nic_get_usb_info(nic);

	if (u)
		print_usb_info(u);
	if (mg_nic_get_kernel_log(nic))
		print_kernel_log(mg_nic_get_kernel_log(nic));
}
