/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * List the network adapters of this machine (or of a captured tree given as
 * the first argument) and point at the ones with no driver.
 *
 *   cc list-nics.c $(pkg-config --cflags --libs multigig)
 */
#include <stdio.h>
#include <string.h>

#include <multigig/multigig.h>

int main(int argc, char **argv)
{
	struct mg_nic_list *list;
	struct mg_ctx *ctx;
	int err;

	err = mg_ctx_new(argc > 1 ? argv[1] : NULL, &ctx);
	if (err < 0) {
		fprintf(stderr, "list-nics: %s\n", strerror(-err));
		return 1;
	}
	err = mg_nic_list_new(ctx, &list);
	if (err < 0) {
		fprintf(stderr, "list-nics: %s\n", mg_ctx_last_error(ctx));
		mg_ctx_unref(ctx);
		return 1;
	}
	for (size_t i = 0; i < mg_nic_list_count(list); i++) {
		const struct mg_nic *nic = mg_nic_list_get(list, i);
		const char *name = mg_nic_get_name(nic);

		if (mg_nic_get_bus(nic) == MG_BUS_VIRTUAL)
			continue;
		printf("%-16s %-4s %-13s %s\n", name ? name : "-", mg_bus_name(mg_nic_get_bus(nic)),
		       mg_nic_get_address(nic) ? mg_nic_get_address(nic) : "-",
		       mg_nic_get_device(nic) ? mg_nic_get_device(nic) : "(unknown device)");
		if (!mg_nic_has_driver(nic))
			printf("  no driver bound: this kernel cannot use the device yet\n");
	}
	mg_nic_list_free(list);
	mg_ctx_unref(ctx);
	return 0;
}
