/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * mg_pcie_path_new(): the PCIe path of a target named by a PCI address
 * (read at that function, which may be a port) or by an interface's name
 * (the adapter looked up first, enumerate.c, then its path read as
 * mg_pcie_path_new_for_nic() reads it).
 */
#include <errno.h>

#include "compose/compose.h"

MG_EXPORT int mg_pcie_path_new(struct mg_ctx *ctx, const char *target, struct mg_pcie_path **path)
{
	struct mg_pci_addr a;
	struct mg_nic *nic;
	int err;

	if (!ctx)
		return -EINVAL;
	if (!target || !target[0] || !path)
		return mg_fail(ctx, -EINVAL, "no interface or PCI address given");
	*path = NULL;
	mg_clear_error(ctx);
	/* An address needs no look-up, and may be a port rather than an adapter. */
	if (mg_pci_parse_address(target, &a) == 0)
		return mg_pcie_path_new_at(ctx, &a, path);
	err = mg_nic_lookup(ctx, target, &nic);
	if (err < 0)
		return err;
	err = mg_pcie_path_new_for_nic(ctx, nic, path);
	mg_nic_unref(nic);
	return err;
}
