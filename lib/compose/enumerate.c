/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Enumeration: every interface, plus network-class PCI devices that have
 * none (no driver bound, the most common failure with a new card); and
 * look-ups of one adapter that cost the same whatever the machine holds.
 *
 * All: one link dump; sysfs gives each link's device, the driver info its
 * versions; then, when asked, one ethtool dump per message for settings
 * and link. One: the link by name or index, the same sysfs files for it.
 * Where the answers come from (kernel or capture) is the gatherer's affair.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compose/compose.h"

static const struct mg_nic *find_pci(const struct mg_nic_list *list, const char *address)
{
	for (size_t i = 0; i < mg_nic_list_count(list); i++) {
		const struct mg_nic *nic = mg_nic_list_get(list, i);

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
	char rel[MG_PATH_MAX];

	snprintf(rel, sizeof(rel), "class/net/%s", link->name);
	return mg_sysfs_resolve(ctx, rel, netdir, size);
}

/* Checked before anything is read there, and only then: a read saved is a read saved. */
static int check_netdir(struct mg_ctx *ctx, const struct mg_link *link, const char *netdir)
{
	char attr[MG_PATH_MAX];
	long ifindex;

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

static const char *derive_kind(const struct mg_link *link, bool has_device, bool wifi)
{
	if (link->kind[0])
		return link->kind;
	if (link->flags & IFF_LOOPBACK)
		return "loopback";
	/* cfg80211 links every Wi-Fi netdev to its wiphy, mac80211_hwsim's too. */
	if (wifi)
		return "wifi";
	return has_device ? "physical" : "virtual";
}

/* Whether the interface in @netdir is a Wi-Fi one; software devices are never looked at. */
static bool is_wifi(struct mg_ctx *ctx, const char *netdir)
{
	char rel[MG_PATH_MAX];

	return strncmp(netdir, "devices/virtual/net/", 20) != 0 &&
	       mg_path_join(rel, sizeof(rel), netdir, "phy80211") == 0 && mg_sysfs_exists(ctx, rel);
}

static int copy_link(struct mg_nic *nic, const struct mg_link *link, const struct mg_drvinfo *info)
{
	int err;

	nic->ifindex = link->ifindex;
	nic->lower_ifindex = link->lower_ifindex;
	nic->master_ifindex = link->master_ifindex;
	nic->carrier = link->carrier;
	nic->mtu = link->mtu;
	nic->min_mtu = link->min_mtu;
	nic->max_mtu = link->max_mtu;
	nic->counters = link->counters;
	if ((err = mg_nic_set_str(&nic->name, link->name)) < 0 ||
	    (err = mg_nic_set_str(&nic->operstate, link->operstate)) < 0 ||
	    (err = mg_nic_set_str(&nic->mac, link->mac)) < 0 ||
	    (err = mg_nic_set_str(&nic->parent, link->parent)) < 0 ||
	    (err = mg_nic_set_str(&nic->driver_version, info->version)) < 0 ||
	    (err = mg_nic_set_str(&nic->firmware_version, info->fw_version)) < 0)
		return err;
	return 0;
}

/* The speed, and the hardware behind an interface whose sysfs directory is @netdir. */
static int device_facts(struct mg_ctx *ctx, struct mg_nic *nic, const struct mg_link *link, const char *netdir,
			bool *has_device)
{
	char rel[MG_PATH_MAX], devpath[MG_PATH_MAX];
	int err;

	if (link->carrier != 0)
		nic->speed_mbps = read_speed(ctx, netdir);
	if (strncmp(netdir, "devices/virtual/", 16) != 0 && mg_path_join(rel, sizeof(rel), netdir, "device") == 0 &&
	    mg_sysfs_resolve(ctx, rel, devpath, sizeof(devpath)) == 0) {
		*has_device = true;
		err = mg_device_identify(ctx, devpath, nic);
		if (err < 0)
			return err;
		if (!nic->parent && (err = mg_nic_set_str(&nic->parent, last_component(devpath))) < 0)
			return err;
	}
	return 0;
}

/* Everything sysfs says about the interface and the hardware behind it. */
static int add_device_facts(struct mg_ctx *ctx, struct mg_nic *nic, const struct mg_link *link,
			    const struct mg_drvinfo *info)
{
	char netdir[MG_PATH_MAX];
	bool has_device = false, wifi = false;
	int err;

	/*
	 * Without carrier the kernel refuses to say a speed, and software
	 * devices live under devices/virtual with no hardware to look for:
	 * what is not asked needs no check either. Whether it is Wi-Fi is asked
	 * of every interface with hardware, or a radio of mac80211_hwsim.
	 */
	if (find_netdir(ctx, link, netdir, sizeof(netdir)) == 0) {
		bool soft = !strncmp(netdir, "devices/virtual/net/", 20);
		bool look = link->carrier != 0 || strncmp(netdir, "devices/virtual/", 16) != 0;

		/* Kept for the parts read next (queues, the kernel log's names). */
		if ((err = mg_nic_set_str(&nic->netdir, netdir)) < 0)
			return err;

		if ((look || !soft) && check_netdir(ctx, link, netdir) == 0) {
			wifi = !soft && is_wifi(ctx, netdir);
			if (look && (err = device_facts(ctx, nic, link, netdir, &has_device)) < 0)
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
	return mg_nic_set_str(&nic->kind, derive_kind(link, has_device, wifi));
}

/* One adapter from what netlink (or a capture) says of its link. */
static int nic_from_link(struct mg_ctx *ctx, const struct mg_link *link, struct mg_nic **out)
{
	struct mg_drvinfo info;
	struct mg_nic *nic = mg_nic_alloc();
	int err;

	if (!nic)
		return -ENOMEM;
	/* No ethtool support (loopback, some virtual links): versions unknown. */
	if (mg_gather_drvinfo(ctx, link->name, &info) < 0)
		memset(&info, 0, sizeof(info));
	err = copy_link(nic, link, &info);
	if (err == 0)
		err = add_device_facts(ctx, nic, link, &info);
	if (err < 0) {
		mg_nic_unref(nic);
		return err;
	}
	*out = nic;
	return 0;
}

static int add_links(struct mg_ctx *ctx, struct mg_nic_list *list)
{
	struct mg_link *links = NULL;
	size_t count = 0;
	int err = mg_gather_links(ctx, &links, &count);

	for (size_t i = 0; i < count && err == 0; i++) {
		struct mg_nic *nic;

		err = nic_from_link(ctx, &links[i], &nic);
		if (err == 0 && (err = mg_nic_list_add(list, nic)) < 0)
			mg_nic_unref(nic);
	}
	free(links);
	return err;
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
		err = mg_nic_list_add(list, nic);
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

/* Settings from one dump per ethtool message, handed to their adapters. */
static int attach_settings(struct mg_ctx *ctx, struct mg_nic_list *list)
{
	struct mg_settings_list *sl = NULL;
	int err = mg_settings_list_read_bare(ctx, &sl);

	for (size_t i = 0; err == 0 && i < sl->count; i++) {
		struct mg_nic *nic = mg_nic_list_find_ifindex(list, sl->items[i]->ifindex);

		if (!nic)
			continue;
		nic->settings = sl->items[i];
		sl->items[i] = NULL;
	}
	/* Interfaces no dump mentioned still have an MTU: their drivers lack the rest. */
	for (size_t i = 0; err == 0 && i < mg_nic_list_count(list); i++) {
		struct mg_nic *nic = mg_nic_list_get(list, i);

		if (!nic->name)
			continue;
		if (!nic->settings && (err = mg_settings_new(&nic->settings)) < 0)
			break;
		nic->settings->ifindex = nic->ifindex;
		mg_settings_from_nic(ctx, nic->settings, nic, sl);
	}
	mg_settings_list_free(sl);
	return err;
}

static int attach_ethlinks(struct mg_ctx *ctx, struct mg_nic_list *list)
{
	struct mg_ethlink_list *el = NULL;
	int err = mg_ethlink_list_read(ctx, &el);

	for (size_t i = 0; err == 0 && i < el->count; i++) {
		struct mg_nic *nic = mg_nic_list_find_ifindex(list, el->items[i]->ifindex);

		if (!nic)
			continue;
		nic->ethlink = el->items[i];
		el->items[i] = NULL;
	}
	mg_ethlink_list_free(el);
	/* One adapter answers as mg_ethlink_read_for_nic() would: a link whose every part is unknown. */
	for (size_t i = 0; err == 0 && mg_gather_scoped(ctx) && i < mg_nic_list_count(list); i++) {
		struct mg_nic *nic = mg_nic_list_get(list, i);

		if (nic->name && !nic->ethlink && !(nic->ethlink = mg_ethlink_new_unknown(nic->name, nic->ifindex)))
			err = -ENOMEM;
	}
	return err;
}

/* What ethtool netlink answers: nothing of it for a device without an interface. */
#define WITH_ETHTOOL (MG_NIC_WITH_SETTINGS | MG_NIC_WITH_ETHLINK | MG_NIC_WITH_EEE | MG_NIC_WITH_FEATURES | \
		      MG_NIC_WITH_STATS)

/* The parts @with asks for, each from one dump (one request per message in a scope). */
static int attach_parts(struct mg_ctx *ctx, struct mg_nic_list *l, unsigned int with)
{
	int err = 0;

	if (err == 0 && (with & MG_NIC_WITH_SETTINGS))
		err = attach_settings(ctx, l);
	/* Before the counters: its LINKSTATE replies carry their link-down count. */
	if (err == 0 && (with & MG_NIC_WITH_ETHLINK))
		err = attach_ethlinks(ctx, l);
	if (err == 0 && (with & MG_NIC_WITH_EEE))
		err = mg_eee_attach(ctx, mg_nic_list_items(l), mg_nic_list_count(l));
	if (err == 0 && (with & MG_NIC_WITH_FEATURES))
		err = mg_features_attach(ctx, mg_nic_list_items(l), mg_nic_list_count(l));
	if (err == 0 && (with & MG_NIC_WITH_STATS))
		err = mg_stats_attach(ctx, l);
	if (err == 0 && (with & MG_NIC_WITH_IRQS))
		err = mg_irqs_attach(ctx, l);
	if (err == 0 && (with & MG_NIC_WITH_TEMPERATURES))
		err = mg_temps_attach(ctx, l);
	if (err == 0 && (with & MG_NIC_WITH_USB))
		err = mg_usb_info_attach(ctx, l);
	if (err == 0 && (with & MG_NIC_WITH_KERNEL_LOG))
		err = mg_kernel_log_attach(ctx, l);
	return err;
}

MG_EXPORT int mg_nic_list_new_with(struct mg_ctx *ctx, unsigned int with, struct mg_nic_list **list)
{
	struct mg_nic_list *l;
	int err;

	if (!ctx || !list)
		return ctx ? mg_fail(ctx, -EINVAL, "mg_nic_list_new: list is NULL") : -EINVAL;
	*list = NULL;
	if (with & ~(unsigned int)MG_NIC_WITH_ALL)
		return mg_fail(ctx, -EINVAL, "mg_nic_list_new_with: unknown flags 0x%x", with);
	mg_clear_error(ctx);
	l = mg_nic_list_new_empty();
	if (!l)
		return -ENOMEM;
	err = add_links(ctx, l);
	/* A tree without bus/pci simply has no PCI devices. */
	if (err == 0 && mg_sysfs_exists(ctx, "bus/pci/devices"))
		err = mg_sysfs_foreach(ctx, "bus/pci/devices", add_pci_device, l);
	if (err == 0)
		qsort(mg_nic_list_items(l), mg_nic_list_count(l), sizeof(struct mg_nic *), by_ifindex_then_address);
	if (err == 0)
		err = attach_parts(ctx, l, with);
	if (err < 0) {
		mg_nic_list_free(l);
		return ctx->error[0] ? err : mg_fail(ctx, err, "enumeration failed: %s", strerror(-err));
	}
	mg_dbg(ctx, "%zu adapters from %s", mg_nic_list_count(l), ctx->gather->ops->name);
	*list = l;
	return 0;
}

MG_EXPORT int mg_nic_list_new(struct mg_ctx *ctx, struct mg_nic_list **list)
{
	return mg_nic_list_new_with(ctx, 0, list);
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

static int lookup_link(struct mg_ctx *ctx, const char *name, int ifindex, struct mg_nic **nic)
{
	struct mg_link link;
	int err = mg_gather_link_said(ctx, name, ifindex, &link);

	if (err < 0)
		return err;
	mg_dbg(ctx, "%s: index %d, from %s", link.name, link.ifindex, ctx->gather->ops->name);
	return nic_from_link(ctx, &link, nic);
}

struct net_search {
	const char *devpath;
	char name[IFNAMSIZ];
	int ifindex;
};

/* Keep the interface with the lowest index, as the list would put it first. */
static int consider_netdev(struct mg_ctx *ctx, const char *name, void *data)
{
	struct net_search *s = data;
	struct mg_link link;

	if (strlen(name) >= IFNAMSIZ || mg_gather_link(ctx, name, 0, &link) < 0)
		return 0;
	if (!s->name[0] || link.ifindex < s->ifindex) {
		mg_strlcpy(s->name, name, sizeof(s->name));
		s->ifindex = link.ifindex;
	}
	return 0;
}

/* An interface on the device itself, or on a child such as virtio's. */
static int search_child(struct mg_ctx *ctx, const char *child, void *data)
{
	struct net_search *s = data;
	char rel[MG_PATH_MAX];

	if (snprintf(rel, sizeof(rel), "%s/%s/net", s->devpath, child) >= (int)sizeof(rel) ||
	    !mg_sysfs_exists(ctx, rel))
		return 0;
	return mg_sysfs_foreach(ctx, rel, consider_netdev, s);
}

/* The adapter at a PCI address: its interface if it has one, else the device. */
static int lookup_pci(struct mg_ctx *ctx, const char *address, struct mg_nic **nic)
{
	char rel[MG_PATH_MAX], devpath[MG_PATH_MAX], attr[MG_PATH_MAX];
	struct net_search s = { .devpath = devpath };
	struct mg_nic *n;
	long cls;
	int err;

	snprintf(rel, sizeof(rel), "bus/pci/devices/%s", address);
	if (mg_sysfs_resolve(ctx, rel, devpath, sizeof(devpath)) < 0)
		return mg_fail(ctx, -ENODEV, "no network device at PCI address %s", address);
	if (mg_path_join(rel, sizeof(rel), devpath, "net") == 0 && mg_sysfs_exists(ctx, rel))
		mg_sysfs_foreach(ctx, rel, consider_netdev, &s);
	if (!s.name[0])
		mg_sysfs_foreach(ctx, devpath, search_child, &s);
	if (s.name[0])
		return lookup_link(ctx, s.name, 0, nic);
	if (mg_path_join(attr, sizeof(attr), devpath, "class") < 0 ||
	    mg_sysfs_read_long(ctx, attr, 16, &cls) < 0 || (cls >> 16) != 0x02)
		return mg_fail(ctx, -ENODEV, "no network device at PCI address %s", address);
	n = mg_nic_alloc();
	if (!n)
		return -ENOMEM;
	err = mg_device_identify(ctx, devpath, n);
	if (err < 0) {
		mg_nic_unref(n);
		return err;
	}
	*nic = n;
	return 0;
}

MG_EXPORT int mg_nic_lookup(struct mg_ctx *ctx, const char *name, struct mg_nic **nic)
{
	char address[32];

	if (!ctx)
		return -EINVAL;
	if (!nic || !name || !name[0])
		return mg_fail(ctx, -EINVAL, "no interface name or PCI address given");
	*nic = NULL;
	mg_clear_error(ctx);
	if (parse_pci_address(name, address, sizeof(address)) == 0)
		return lookup_pci(ctx, address, nic);
	if (strlen(name) >= IFNAMSIZ)
		return mg_fail(ctx, -EINVAL, "interface name '%.40s%s' is too long (at most %d characters)",
			       name, strlen(name) > 40 ? "..." : "", IFNAMSIZ - 1);
	if (!mg_ifname_valid(name))
		return mg_fail(ctx, -EINVAL, "'%s' is neither an interface name nor a PCI address", name);
	return lookup_link(ctx, name, 0, nic);
}

MG_EXPORT int mg_nic_lookup_ifindex(struct mg_ctx *ctx, int ifindex, struct mg_nic **nic)
{
	if (!ctx)
		return -EINVAL;
	if (!nic || ifindex <= 0)
		return mg_fail(ctx, -EINVAL, "no interface index given");
	*nic = NULL;
	mg_clear_error(ctx);
	return lookup_link(ctx, NULL, ifindex, nic);
}

/*
 * The adapter, then its parts as mg_nic_list_new_with() gathers them for
 * every adapter, through the same code: a list of one, in a scope that
 * turns each ethtool dump into one request addressed to its interface.
 */
MG_EXPORT int mg_nic_lookup_with(struct mg_ctx *ctx, const char *name, unsigned int with, struct mg_nic **nic)
{
	struct mg_nic_list *one;
	struct mg_nic *n;
	int err;

	if (!ctx)
		return -EINVAL;
	if (!nic)
		return mg_fail(ctx, -EINVAL, "mg_nic_lookup_with: nic is NULL");
	*nic = NULL;
	if (with & ~(unsigned int)MG_NIC_WITH_ALL)
		return mg_fail(ctx, -EINVAL, "mg_nic_lookup_with: unknown flags 0x%x", with);
	err = mg_nic_lookup(ctx, name, &n);
	if (err < 0)
		return err;
	if (!n->name || n->ifindex <= 0)
		with &= ~(unsigned int)WITH_ETHTOOL;
	err = mg_nic_list_one(n, &one);
	if (err == 0) {
		ctx->scope_ifindex = n->ifindex;
		err = attach_parts(ctx, one, with);
		ctx->scope_ifindex = 0;
		mg_nic_list_free(one);
	}
	if (err < 0) {
		mg_nic_unref(n);
		return ctx->error[0] ? err : mg_fail(ctx, err, "%s: %s", name, strerror(-err));
	}
	*nic = n;
	return 0;
}

