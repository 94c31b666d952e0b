/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Enumeration: every interface, plus network-class PCI devices that have
 * none (no driver bound, the most common failure with a new card).
 *
 * Live: one RTM_GETLINK dump gives all links; sysfs gives each link's
 * device; ETHTOOL_GDRVINFO gives driver and firmware versions. Offline: the
 * same facts from a captured tree.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mg-private.h"

struct mg_nic_list {
	struct mg_nic **nics;
	size_t count, alloc;
};

static int list_add(struct mg_nic_list *list, struct mg_nic *nic)
{
	struct mg_nic **grown = mg_array_grow(list->nics, &list->alloc, list->count, sizeof(*grown));

	if (!grown)
		return -ENOMEM;
	list->nics = grown;
	list->nics[list->count++] = nic;
	return 0;
}

static const struct mg_nic *find_pci(const struct mg_nic_list *list, const char *address)
{
	for (size_t i = 0; i < list->count; i++) {
		const struct mg_nic *nic = list->nics[i];

		if (nic->bus == MG_BUS_PCI && nic->address && !strcmp(nic->address, address))
			return nic;
	}
	return NULL;
}

/*
 * The interface's directory in sysfs, checked against the ifindex netlink
 * gave: a sysfs mounted in another network namespace describes other
 * interfaces that may carry the same names.
 */
static int find_netdir(struct mg_ctx *ctx, const struct mg_link *link, char *netdir, size_t size)
{
	char rel[MG_PATH_MAX], attr[MG_PATH_MAX];
	long ifindex;
	int err;

	snprintf(rel, sizeof(rel), "class/net/%s", link->name);
	err = mg_sysfs_resolve(ctx, rel, netdir, size);
	if (err < 0)
		return err;
	if (link->ifindex == MG_UNKNOWN)
		return 0;
	if (mg_path_join(attr, sizeof(attr), netdir, "ifindex") == 0 &&
	    mg_sysfs_read_long(ctx, attr, 10, &ifindex) == 0 && ifindex != link->ifindex) {
		mg_info(ctx, "%s: sysfs is from another network namespace", link->name);
		return -EXDEV;
	}
	return 0;
}

static int read_speed(struct mg_ctx *ctx, const char *netdir)
{
	char attr[MG_PATH_MAX];
	long v;

	/* Reading "speed" fails with EINVAL while the link is down. */
	if (mg_path_join(attr, sizeof(attr), netdir, "speed") < 0 ||
	    mg_sysfs_read_long(ctx, attr, 10, &v) < 0 || v <= 0 || v > 10000000)
		return MG_UNKNOWN;
	return (int)v;
}

static const char *last_component(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

static const char *derive_kind(const struct mg_link *link, bool has_device)
{
	if (link->kind[0])
		return link->kind;
	if (link->flags & IFF_LOOPBACK)
		return "loopback";
	return has_device ? "physical" : "virtual";
}

static int copy_link(struct mg_nic *nic, const struct mg_link *link, const struct mg_drvinfo *info)
{
	int err;

	nic->ifindex = link->ifindex;
	nic->carrier = link->carrier;
	nic->mtu = link->mtu;
	nic->min_mtu = link->min_mtu;
	nic->max_mtu = link->max_mtu;
	if ((err = mg_nic_set_str(&nic->name, link->name)) < 0 ||
	    (err = mg_nic_set_str(&nic->operstate, link->operstate)) < 0 ||
	    (err = mg_nic_set_str(&nic->mac, link->mac)) < 0 ||
	    (err = mg_nic_set_str(&nic->parent, link->parent)) < 0 ||
	    (err = mg_nic_set_str(&nic->driver_version, info->version)) < 0 ||
	    (err = mg_nic_set_str(&nic->firmware_version, info->fw_version)) < 0)
		return err;
	return 0;
}

/* Everything sysfs says about the interface and the hardware behind it. */
static int add_device_facts(struct mg_ctx *ctx, struct mg_nic *nic, const struct mg_link *link,
			    const struct mg_drvinfo *info)
{
	char netdir[MG_PATH_MAX], rel[MG_PATH_MAX], devpath[MG_PATH_MAX];
	bool has_device = false;
	int err;

	if (find_netdir(ctx, link, netdir, sizeof(netdir)) == 0) {
		nic->speed_mbps = read_speed(ctx, netdir);
		if (mg_path_join(rel, sizeof(rel), netdir, "device") == 0 &&
		    mg_sysfs_resolve(ctx, rel, devpath, sizeof(devpath)) == 0) {
			has_device = true;
			err = mg_device_identify(ctx, devpath, nic);
			if (err < 0)
				return err;
			if (!nic->parent && (err = mg_nic_set_str(&nic->parent, last_component(devpath))) < 0)
				return err;
		}
	}
	if (!has_device && link->parent[0]) {
		/* Netlink names a device but this sysfs does not show it. */
		has_device = true;
		nic->bus = MG_BUS_OTHER;
	}
	if (!nic->driver && info->driver[0]) {
		err = mg_nic_set_str(&nic->driver, info->driver);
		if (err < 0)
			return err;
		nic->driver_from_ethtool = true;
		nic->has_driver = true;
	}
	return mg_nic_set_str(&nic->kind, derive_kind(link, has_device));
}

static int add_link(struct mg_ctx *ctx, struct mg_nic_list *list, const struct mg_link *link,
		    const struct mg_drvinfo *info)
{
	struct mg_nic *nic = mg_nic_alloc();
	int err;

	if (!nic)
		return -ENOMEM;
	err = copy_link(nic, link, info);
	if (err == 0)
		err = add_device_facts(ctx, nic, link, info);
	if (err == 0)
		err = list_add(list, nic);
	if (err < 0)
		mg_nic_unref(nic);
	return err;
}

static int enumerate_live(struct mg_ctx *ctx, struct mg_nic_list *list)
{
	struct mg_link *links = NULL;
	size_t count = 0;
	int err;

	err = mg_rtnl_dump_links(ctx, &links, &count);
	if (err < 0)
		return err;
	for (size_t i = 0; i < count && err == 0; i++) {
		struct mg_drvinfo info;

		/* No ethtool support (loopback, some virtual links): versions unknown. */
		if (mg_drvinfo_get(ctx, links[i].name, &info) < 0)
			memset(&info, 0, sizeof(info));
		err = add_link(ctx, list, &links[i], &info);
	}
	free(links);
	return err;
}

/* Without a sidecar, take what sysfs itself has for the interface. */
static void link_from_sysfs(struct mg_ctx *ctx, const char *netdir, struct mg_link *link)
{
	char attr[MG_PATH_MAX], buf[64];
	long v;

	if (mg_path_join(attr, sizeof(attr), netdir, "ifindex") == 0 &&
	    mg_sysfs_read_long(ctx, attr, 10, &v) == 0 && v > 0 && v <= 0x7fffffff)
		link->ifindex = (int)v;
	if (mg_path_join(attr, sizeof(attr), netdir, "mtu") == 0 &&
	    mg_sysfs_read_long(ctx, attr, 10, &v) == 0 && v > 0 && v <= 0x7fffffff)
		link->mtu = (int)v;
	if (mg_path_join(attr, sizeof(attr), netdir, "carrier") == 0 &&
	    mg_sysfs_read_long(ctx, attr, 10, &v) == 0 && (v == 0 || v == 1))
		link->carrier = (int)v;
	if (mg_path_join(attr, sizeof(attr), netdir, "flags") == 0 &&
	    mg_sysfs_read_long(ctx, attr, 16, &v) == 0 && v >= 0)
		link->flags = (unsigned int)v;
	if (mg_path_join(attr, sizeof(attr), netdir, "operstate") == 0 &&
	    mg_sysfs_read(ctx, attr, buf, sizeof(buf)) > 0)
		mg_strlcpy(link->operstate, buf, sizeof(link->operstate));
	if (mg_path_join(attr, sizeof(attr), netdir, "address") == 0 &&
	    mg_sysfs_read(ctx, attr, buf, sizeof(buf)) > 0)
		mg_strlcpy(link->mac, buf, sizeof(link->mac));
}

struct offline_walk {
	struct mg_nic_list *list;
};

static int add_offline_link(struct mg_ctx *ctx, const char *name, void *data)
{
	struct offline_walk *walk = data;
	struct mg_drvinfo info;
	struct mg_link link;
	char rel[MG_PATH_MAX], netdir[MG_PATH_MAX];

	if (strlen(name) >= IFNAMSIZ) {
		mg_info(ctx, "class/net/%s: name too long, skipped", name);
		return 0;
	}
	mg_link_init(&link);
	memset(&info, 0, sizeof(info));
	mg_strlcpy(link.name, name, sizeof(link.name));
	if (mg_sidecar_read(ctx, name, &link, &info) < 0) {
		snprintf(rel, sizeof(rel), "class/net/%s", name);
		if (mg_sysfs_resolve(ctx, rel, netdir, sizeof(netdir)) == 0)
			link_from_sysfs(ctx, netdir, &link);
	}
	return add_link(ctx, walk->list, &link, &info);
}

static int enumerate_offline(struct mg_ctx *ctx, struct mg_nic_list *list)
{
	struct offline_walk walk = { .list = list };
	int err;

	if (!mg_sysfs_exists(ctx, "class/net"))
		return mg_fail(ctx, -ENOENT, "%s is not a sysfs tree: it has no class/net", ctx->root);
	err = mg_sysfs_foreach(ctx, "class/net", add_offline_link, &walk);
	if (err < 0)
		return mg_fail(ctx, err, "cannot read %s/class/net: %s", ctx->root, strerror(-err));
	return 0;
}

/* A network-class PCI function that no listed interface sits on. */
static int add_pci_device(struct mg_ctx *ctx, const char *name, void *data)
{
	struct mg_nic_list *list = data;
	char rel[MG_PATH_MAX], devpath[MG_PATH_MAX], attr[MG_PATH_MAX];
	struct mg_nic *nic;
	long cls;
	int err;

	if (find_pci(list, name))
		return 0;
	snprintf(rel, sizeof(rel), "bus/pci/devices/%s", name);
	if (mg_sysfs_resolve(ctx, rel, devpath, sizeof(devpath)) < 0 ||
	    mg_path_join(attr, sizeof(attr), devpath, "class") < 0 ||
	    mg_sysfs_read_long(ctx, attr, 16, &cls) < 0 || (cls >> 16) != 0x02)
		return 0;
	nic = mg_nic_alloc();
	if (!nic)
		return -ENOMEM;
	err = mg_device_identify(ctx, devpath, nic);
	if (err == 0)
		err = list_add(list, nic);
	if (err < 0)
		mg_nic_unref(nic);
	return err;
}

static int by_ifindex_then_address(const void *a, const void *b)
{
	const struct mg_nic *x = *(struct mg_nic *const *)a, *y = *(struct mg_nic *const *)b;

	if (!!x->name != !!y->name)
		return x->name ? -1 : 1;
	if (x->name)
		return x->ifindex != y->ifindex ? (x->ifindex < y->ifindex ? -1 : 1)
						: strcmp(x->name, y->name);
	return strcmp(x->address ? x->address : "", y->address ? y->address : "");
}

MG_EXPORT int mg_nic_list_new(struct mg_ctx *ctx, struct mg_nic_list **list)
{
	struct mg_nic_list *l;
	int err;

	if (!ctx || !list)
		return ctx ? mg_fail(ctx, -EINVAL, "mg_nic_list_new: list is NULL") : -EINVAL;
	*list = NULL;
	mg_clear_error(ctx);
	l = calloc(1, sizeof(*l));
	if (!l)
		return -ENOMEM;
	err = ctx->offline ? enumerate_offline(ctx, l) : enumerate_live(ctx, l);
	/* A tree without bus/pci simply has no PCI devices. */
	if (err == 0 && mg_sysfs_exists(ctx, "bus/pci/devices"))
		err = mg_sysfs_foreach(ctx, "bus/pci/devices", add_pci_device, l);
	if (err < 0) {
		mg_nic_list_free(l);
		return ctx->error[0] ? err : mg_fail(ctx, err, "enumeration failed: %s", strerror(-err));
	}
	qsort(l->nics, l->count, sizeof(*l->nics), by_ifindex_then_address);
	mg_dbg(ctx, "%zu adapters from %s", l->count, ctx->offline ? ctx->root : "netlink and sysfs");
	*list = l;
	return 0;
}

MG_EXPORT void mg_nic_list_free(struct mg_nic_list *list)
{
	if (!list)
		return;
	for (size_t i = 0; i < list->count; i++)
		mg_nic_unref(list->nics[i]);
	free(list->nics);
	free(list);
}

MG_EXPORT size_t mg_nic_list_count(const struct mg_nic_list *list)
{
	return list ? list->count : 0;
}

MG_EXPORT struct mg_nic *mg_nic_list_get(const struct mg_nic_list *list, size_t index)
{
	return list && index < list->count ? list->nics[index] : NULL;
}

/* "0000:01:00.0" or "01:00.0" to the canonical form; -EINVAL otherwise. */
static int parse_pci_address(const char *s, char *out, size_t size)
{
	struct mg_pci_addr a;

	if (mg_pci_parse_address(s, &a) < 0)
		return -EINVAL;
	snprintf(out, size, "%04x:%02x:%02x.%x", a.domain, a.bus, a.dev, a.func);
	return 0;
}

static bool valid_ifname(const char *name)
{
	if (!strcmp(name, ".") || !strcmp(name, ".."))
		return false;
	for (const char *p = name; *p; p++)
		if (*p == '/' || *p == ':' || isspace((unsigned char)*p))
			return false;
	return true;
}

MG_EXPORT int mg_nic_lookup(struct mg_ctx *ctx, const char *name, struct mg_nic **nic)
{
	struct mg_nic_list *list;
	char address[32];
	bool by_address;
	int err;

	if (!ctx)
		return -EINVAL;
	if (!nic || !name || !name[0])
		return mg_fail(ctx, -EINVAL, "no interface name or PCI address given");
	*nic = NULL;
	by_address = parse_pci_address(name, address, sizeof(address)) == 0;
	if (!by_address && strlen(name) >= IFNAMSIZ)
		return mg_fail(ctx, -EINVAL, "interface name '%.40s%s' is too long (at most %d characters)",
			       name, strlen(name) > 40 ? "..." : "", IFNAMSIZ - 1);
	if (!by_address && !valid_ifname(name))
		return mg_fail(ctx, -EINVAL, "'%s' is neither an interface name nor a PCI address", name);

	err = mg_nic_list_new(ctx, &list);
	if (err < 0)
		return err;
	for (size_t i = 0; i < list->count && !*nic; i++) {
		struct mg_nic *n = list->nics[i];

		if (by_address ? (n->bus == MG_BUS_PCI && n->address && !strcmp(n->address, address))
			       : (n->name && !strcmp(n->name, name)))
			*nic = mg_nic_ref(n);
	}
	mg_nic_list_free(list);
	if (!*nic)
		return mg_fail(ctx, -ENODEV, by_address ? "no network device at PCI address %s"
							: "no network interface named '%s'",
			       by_address ? address : name);
	return 0;
}
