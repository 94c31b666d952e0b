/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * An interface as it was examined, and whether the interface that has its
 * index now is still that one. Every step of a plan goes to an index, and
 * an index is taken again by a new interface once the old one is deleted
 * (or given on request, `ip link add ... index N`): the name, the kind,
 * the device behind it and its hardware address tell the two apart. A
 * virtual interface made anew gets a new address (veth, bridge, macvlan:
 * random unless one is given), so an interface deleted and made again
 * under the same name, kind and index is told from the one examined.
 */
#include <errno.h>
#include <string.h>
#include <strings.h>

#include "apply/apply.h"

void mg_iface_id_from_link(const struct mg_link *link, struct mg_iface_id *id)
{
	memset(id, 0, sizeof(*id));
	id->ifindex = link->ifindex;
	mg_strlcpy(id->name, link->name, sizeof(id->name));
	mg_strlcpy(id->kind, link->kind, sizeof(id->kind));
	mg_strlcpy(id->parent, link->parent, sizeof(id->parent));
	mg_strlcpy(id->mac, link->mac, sizeof(id->mac));
}

int mg_iface_id_from_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_iface_id *id)
{
	memset(id, 0, sizeof(*id));
	if (mg_nic_need_interface(ctx, nic) < 0)
		return -ENODEV;
	mg_iface_id_set(id, nic->ifindex, nic->name, nic->kind, nic->parent, nic->mac);
	return 0;
}

/*
 * The device behind it differs only when both sides name one: a parent
 * found in sysfs is the same name netlink gives, but older kernels give
 * none.
 */
static bool same_device(const struct mg_iface_id *id, const struct mg_link *now)
{
	return !id->parent[0] || !now->parent[0] || !strcmp(id->parent, now->parent);
}

/* Likewise the address: an interface with none (tun, wireguard) is told by the rest. */
static bool same_address(const struct mg_iface_id *id, const struct mg_link *now)
{
	return !id->mac[0] || !now->mac[0] || !strcasecmp(id->mac, now->mac);
}

int mg_iface_id_check(struct mg_ctx *ctx, const struct mg_iface_id *id, bool same_name, struct mg_link *now)
{
	struct mg_link link;
	int err = mg_gather_link(ctx, NULL, id->ifindex, &link);

	if (err == -ENODEV)
		return mg_fail(ctx, -ENODEV, "%s (index %d) is gone since it was examined", id->name, id->ifindex);
	if (err < 0)
		return mg_gather_link_said(ctx, NULL, id->ifindex, &link);
	if (now)
		*now = link;
	if (strcmp(id->kind, link.kind) != 0 || !same_device(id, &link))
		return mg_fail(ctx, -ESTALE,
			       "%s (index %d) is gone since it was examined: index %d is now %s, "
			       "another interface",
			       id->name, id->ifindex, id->ifindex, link.name);
	if (!same_address(id, &link))
		return mg_fail(ctx, -ESTALE,
			       "%s (index %d) is not the interface examined: its address was %s and is now %s "
			       "(deleted and made again, or its address changed); examine it again",
			       id->name, id->ifindex, id->mac, link.mac);
	if (!strcmp(id->name, link.name))
		return 0;
	if (same_name)
		return mg_fail(ctx, -ESTALE, "%s (index %d) was renamed %s since it was examined; examine it again",
			       id->name, id->ifindex, link.name);
	/* Renamed after a crash: the same one only if its address says so too. */
	if (id->mac[0] && !strcasecmp(id->mac, link.mac))
		return 0;
	return mg_fail(ctx, -ESTALE,
		       "%s (index %d) is gone since it was examined: index %d is now %s, another "
		       "interface",
		       id->name, id->ifindex, id->ifindex, link.name);
}
