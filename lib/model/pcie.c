/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The PCIe path of a device: every function from the device up to its root
 * port, each link's capability against its negotiated state, and the link
 * that limits the whole path, by the kernel's rule.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/model.h"

static void mg_pcie_node_init(struct mg_pcie_node *n)
{
	memset(n, 0, sizeof(*n));
	n->vendor_id = n->device_id = MG_UNKNOWN;
	n->cap_speed = n->lnkcap_speed = n->speed = n->target_speed = MG_UNKNOWN;
	n->cap_width = n->width = MG_UNKNOWN;
	n->supported_speeds = MG_UNKNOWN;
	n->devcap_mps = n->mps = n->mrrs = n->rcb = MG_UNKNOWN;
	n->link_cap_speed = MG_UNKNOWN;
	n->link_cap_width = MG_UNKNOWN;
	n->degraded = MG_UNKNOWN;
	n->aspm_supported = n->aspm_enabled = MG_UNKNOWN;
	n->l1ss_supported = n->l1ss_enabled = MG_UNKNOWN;
	n->aspm_control = MG_UNKNOWN;
	n->link_events = MG_UNKNOWN;
	n->link_target_speed = MG_UNKNOWN;
	n->below_target = MG_UNKNOWN;
}

static void format_address(const struct mg_pci_addr *a, char *out, size_t size)
{
	snprintf(out, size, "%04x:%02x:%02x.%x", a->domain, a->bus, a->dev, a->func);
}

/* ---- gathering ---- */

/* "8.0 GT/s PCIe", "8 GT/s" (before 5.7), "Unknown". */
static double sysfs_speed(struct mg_ctx *ctx, const char *dir, const char *attr)
{
	char rel[MG_PATH_MAX], buf[64], *end;
	double v;

	if (mg_path_join(rel, sizeof(rel), dir, attr) < 0 || mg_sysfs_read(ctx, rel, buf, sizeof(buf)) <= 0)
		return MG_UNKNOWN;
	v = strtod(buf, &end);
	if (end == buf || strncmp(end, " GT/s", 5) || !mg_pcie_speed_code(v))
		return MG_UNKNOWN;
	return mg_pcie_speed_gts(mg_pcie_speed_code(v));
}

static int sysfs_width(struct mg_ctx *ctx, const char *dir, const char *attr)
{
	char rel[MG_PATH_MAX];
	long v;

	if (mg_path_join(rel, sizeof(rel), dir, attr) < 0 || mg_sysfs_read_long(ctx, rel, 10, &v) < 0 ||
	    v < 1 || v > 32)
		return MG_UNKNOWN;
	return (int)v;
}

/* Unprivileged: the kernel's world-readable link attributes. */
static void fill_from_sysfs(struct mg_ctx *ctx, const char *dir, struct mg_pcie_node *n)
{
	n->cap_speed = n->lnkcap_speed = sysfs_speed(ctx, dir, "max_link_speed");
	n->speed = sysfs_speed(ctx, dir, "current_link_speed");
	n->cap_width = sysfs_width(ctx, dir, "max_link_width");
	n->width = sysfs_width(ctx, dir, "current_link_width");
}

/*
 * The kernel gives PCI Express functions max_link_speed and friends, and
 * conventional PCI ones none: without them, nothing says the function is
 * Express.
 */
static bool has_link_attributes(const struct mg_pcie_node *n)
{
	return n->cap_speed >= 0 || n->cap_width != MG_UNKNOWN || n->speed >= 0 || n->width != MG_UNKNOWN;
}

/*
 * One function's header and Express registers, from its sysfs directory
 * @dir, or from the context's lspci dump when @dir is NULL.
 */
static int read_function(struct mg_ctx *ctx, const struct mg_pci_addr *addr, const char *dir,
			 struct mg_pci_func *f, char *why, size_t size)
{
	uint8_t cfg[4096]; /* the extended space too: L1 PM Substates live there */
	char rel[MG_PATH_MAX];
	int len;

	why[0] = '\0';
	memset(f, 0, sizeof(*f));
	if (!dir) {
		len = mg_pci_dump_config(ctx, addr, cfg, sizeof(cfg), why, size);
	} else {
		len = mg_path_join(rel, sizeof(rel), dir, "config");
		if (len == 0)
			len = mg_sysfs_read_raw(ctx, rel, cfg, sizeof(cfg));
		if (len < 0)
			snprintf(why, size, "cannot read its config space: %s", strerror(-len));
	}
	if (len < 0)
		return len == -ENODEV ? len : -EIO;
	return mg_pci_config_decode(cfg, (size_t)len, f, why, size);
}

/*
 * A device whose config space cannot be read is an error; a bridge above it
 * that cannot be read leaves that bridge unknown, with the reason.
 */
static int read_node(struct mg_ctx *ctx, const char *dir, struct mg_pcie_node *n, bool is_target)
{
	struct mg_pci_func f;
	char why[160];
	int err = read_function(ctx, &n->addr, dir, &f, why, sizeof(why));

	if (err < 0 && is_target)
		return mg_fail(ctx, err, "%s: %s", n->address, why[0] ? why : strerror(-err));
	if (err < 0) {
		mg_info(ctx, "%s: %s", n->address, why);
		mg_strlcpy(n->reason, why[0] ? why : strerror(-err), sizeof(n->reason));
		return 0;
	}
	n->vendor_id = f.vendor;
	n->device_id = f.device;
	n->is_bridge = f.header_type == 1;
	if (!f.readable) {
		n->limited = true;
		n->need_admin = !ctx->pci_dump;
		if (dir)
			fill_from_sysfs(ctx, dir, n);
		snprintf(n->reason, sizeof(n->reason), "%s%s",
			 ctx->pci_dump ? "the dump holds only the first 64 bytes of config space"
				       : "only 64 bytes of config space are readable without CAP_SYS_ADMIN",
			 !n->is_bridge && !has_link_attributes(n)
				 ? dir ? "; sysfs shows no PCIe link: conventional PCI, or a kernel too old to show it"
				       : "; whether it is PCI Express is unknown"
				 : "");
		return 0;
	}
	if (!f.regs.have_express && f.regs.express_at) {
		snprintf(n->reason, sizeof(n->reason),
			 "the PCI Express capability at 0x%02x runs past the readable config space: "
			 "its link registers are unknown", f.regs.express_at);
		return 0;
	}
	if (!f.regs.have_express) {
		snprintf(n->reason, sizeof(n->reason), "no PCI Express capability (conventional PCI)");
		return 0;
	}
	mg_pcie_decode(&f.regs, n);
	if (n->no_link)
		snprintf(n->reason, sizeof(n->reason), "integrated in the root complex: it has no PCIe link");
	return 0;
}

/* The config space, then what sysfs says of its link power and errors. */
static int read_hop(struct mg_ctx *ctx, const char *dir, struct mg_pcie_node *n, bool is_target)
{
	int err = read_node(ctx, dir, n, is_target);

	if (err == 0 && dir)
		mg_pcie_read_health(ctx, dir, n);
	return err;
}

static int add_node(struct mg_pcie_path *p, const struct mg_pci_addr *a)
{
	struct mg_pcie_node *n;

	if (p->count == MG_PCIE_MAX_DEPTH)
		return -ELOOP;
	n = &p->nodes[p->count++];
	mg_pcie_node_init(n);
	n->addr = *a;
	format_address(a, n->address, sizeof(n->address));
	return 0;
}

/* Live or captured tree: the PCI functions in the device's sysfs path. */
static int walk_sysfs(struct mg_ctx *ctx, const char *address, struct mg_pcie_path *p)
{
	char rel[MG_PATH_MAX], dev[MG_PATH_MAX], *slash;
	int err;

	snprintf(rel, sizeof(rel), "bus/pci/devices/%s", address);
	err = mg_sysfs_resolve(ctx, rel, dev, sizeof(dev));
	if (err < 0)
		return mg_fail(ctx, -ENODEV, "no PCI device at %s", address);
	for (;;) {
		struct mg_pci_addr a;
		const char *base;

		slash = strrchr(dev, '/');
		base = slash ? slash + 1 : dev;
		if (mg_pci_parse_address(base, &a) < 0)
			break;
		err = add_node(p, &a);
		if (err == 0)
			err = read_hop(ctx, dev, &p->nodes[p->count - 1], p->count == 1);
		if (err < 0)
			return err;
		if (!slash)
			break;
		*slash = '\0';
	}
	return 0;
}

/* Dump file: parents from the bridges' secondary bus numbers. */
static int walk_dump(struct mg_ctx *ctx, const struct mg_pci_addr *start, struct mg_pcie_path *p)
{
	struct mg_pci_addr a = *start, parent;
	int err;

	for (;;) {
		err = add_node(p, &a);
		if (err == 0)
			err = read_hop(ctx, NULL, &p->nodes[p->count - 1], p->count == 1);
		if (err < 0)
			return err == -ELOOP ? mg_fail(ctx, err, "bridges in the dump form a loop") : err;
		if (mg_pci_dump_parent(ctx, &a, &parent) < 0)
			return 0;
		a = parent;
	}
}

/* ---- deciding ---- */

static bool is_bridge_role(enum mg_pcie_role r)
{
	return r == MG_PCIE_ROLE_ROOT_PORT || r == MG_PCIE_ROLE_DOWNSTREAM_PORT ||
	       r == MG_PCIE_ROLE_UPSTREAM_PORT;
}

/*
 * Without the capability, a bridge's role follows from where it sits: the
 * topmost is a root port; below a root or downstream port sits a switch's
 * upstream port; below an upstream port, a downstream port. Another
 * function is an endpoint only if sysfs says it has a PCIe link; else its
 * role stays unknown (conventional PCI has none), with the reason.
 */
static void infer_roles(struct mg_pcie_path *p)
{
	for (size_t i = p->count; i-- > 0;) {
		struct mg_pcie_node *n = &p->nodes[i];
		enum mg_pcie_role above = i + 1 < p->count ? p->nodes[i + 1].role : MG_PCIE_ROLE_UNKNOWN;

		if (!n->limited)
			continue;
		if (!n->is_bridge && !has_link_attributes(n))
			continue;
		n->role_inferred = true;
		if (!n->is_bridge)
			n->role = MG_PCIE_ROLE_ENDPOINT;
		else if (i + 1 == p->count)
			n->role = MG_PCIE_ROLE_ROOT_PORT;
		else if (above == MG_PCIE_ROLE_UPSTREAM_PORT)
			n->role = MG_PCIE_ROLE_DOWNSTREAM_PORT;
		else if (is_bridge_role(above))
			n->role = MG_PCIE_ROLE_UPSTREAM_PORT;
	}
}

static int cmp_double(double a, double b)
{
	return a < b ? -1 : a > b ? 1 : 0;
}

static void analyse_link(struct mg_pcie_node *child, const struct mg_pcie_node *port)
{
	int speed, width;
	bool device_lower, port_lower;

	child->has_link = port->role == MG_PCIE_ROLE_ROOT_PORT ||
			  port->role == MG_PCIE_ROLE_DOWNSTREAM_PORT;
	if (!child->has_link || child->cap_speed < 0 || port->cap_speed < 0 ||
	    child->cap_width < 0 || port->cap_width < 0)
		return;
	speed = cmp_double(child->cap_speed, port->cap_speed);
	width = child->cap_width - port->cap_width;
	child->link_cap_speed = speed <= 0 ? child->cap_speed : port->cap_speed;
	child->link_cap_width = width <= 0 ? child->cap_width : port->cap_width;
	device_lower = speed < 0 || width < 0;
	port_lower = speed > 0 || width > 0;
	child->capped_by = device_lower && port_lower ? MG_PCIE_CAP_BY_BOTH
			   : device_lower		? MG_PCIE_CAP_BY_DEVICE
			   : port_lower			? MG_PCIE_CAP_BY_PORT
							: MG_PCIE_CAP_BY_NONE;
	if (child->speed >= 0 && child->width > 0)
		child->degraded = child->speed < child->link_cap_speed ||
				  child->width < child->link_cap_width;
}

/*
 * Whether each link trained to its target. A function's LnkSta describes
 * the link below it when it is a port (its other end is the node before it)
 * and the link above otherwise. The port's Target Link Speed bounds what
 * the link may train to; both ends' capabilities bound it too.
 */
static void analyse_training(struct mg_pcie_path *p)
{
	for (size_t i = 0; i < p->count; i++) {
		struct mg_pcie_node *n = &p->nodes[i];
		const struct mg_pcie_node *port, *below;

		if (n->role == MG_PCIE_ROLE_ROOT_PORT || n->role == MG_PCIE_ROLE_DOWNSTREAM_PORT) {
			port = n;
			below = i > 0 ? &p->nodes[i - 1] : NULL;
		} else if (n->has_link) {
			port = &p->nodes[i + 1];
			below = n;
		} else {
			continue;
		}
		if (!below || port->target_speed < 0 || below->link_cap_speed < 0 || n->speed < 0)
			continue;
		n->link_target_speed = port->target_speed < below->link_cap_speed ? port->target_speed
										   : below->link_cap_speed;
		n->below_target = n->speed < n->link_target_speed;
	}
}

/* pcie_bandwidth_available(): the smallest width x lane rate; ties go up. */
static void find_limit(struct mg_pcie_path *p)
{
	p->limit = -1;
	p->available_mbps = MG_UNKNOWN;
	for (size_t i = 0; i < p->count; i++) {
		const struct mg_pcie_node *n = &p->nodes[i];
		int bw;

		if (n->speed < 0 || n->width <= 0)
			continue;
		bw = n->width * mg_pcie_lane_mbps(mg_pcie_speed_code(n->speed));
		if (p->limit < 0 || bw <= p->available_mbps) {
			p->limit = (int)i;
			p->available_mbps = bw;
		}
	}
}

static void decide(struct mg_ctx *ctx, struct mg_pcie_path *p)
{
	infer_roles(p);
	for (size_t i = 0; i + 1 < p->count; i++)
		analyse_link(&p->nodes[i], &p->nodes[i + 1]);
	analyse_training(p);
	find_limit(p);
	mg_board_advise(ctx, p);
}

/* The path up from one PCI function: no enumeration, only its own ancestors. */
static int path_from(struct mg_ctx *ctx, const struct mg_pci_addr *start, struct mg_pcie_path **path)
{
	struct mg_pci_addr a = *start;
	struct mg_pcie_path *p;
	char address[16];
	int err;

	p = calloc(1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	format_address(&a, address, sizeof(address));
	err = ctx->pci_dump ? walk_dump(ctx, &a, p) : walk_sysfs(ctx, address, p);
	if (err < 0) {
		mg_pcie_path_free(p);
		return err;
	}
	/* A dump comes from another machine: this one's policy says nothing of it. */
	if (!ctx->pci_dump)
		mg_pcie_read_aspm_policy(ctx, p->aspm_policy, sizeof(p->aspm_policy));
	decide(ctx, p);
	*path = p;
	return 0;
}

int mg_pcie_path_new_at(struct mg_ctx *ctx, const struct mg_pci_addr *addr, struct mg_pcie_path **path)
{
	*path = NULL;
	mg_clear_error(ctx);
	return path_from(ctx, addr, path);
}

MG_EXPORT int mg_pcie_path_new_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_pcie_path **path)
{
	struct mg_pci_addr a;

	if (!ctx)
		return -EINVAL;
	if (!nic || !path)
		return mg_fail(ctx, -EINVAL, "no adapter given");
	*path = NULL;
	mg_clear_error(ctx);
	/* A USB adapter's bandwidth goes through its host controller: that controller's path, when it is on PCI. */
	if (nic->bus == MG_BUS_USB && nic->address) {
		char addr[32];
		int err = mg_usb_controller_address(ctx, nic, addr, sizeof(addr));

		if (err == -ENOMEM)
			return err;
		if (err < 0 || mg_pci_parse_address(addr, &a) < 0)
			return mg_fail(ctx, -ENXIO, "%s is a USB adapter whose host controller is not a PCI device",
				       nic->name ? nic->name : nic->address);
		err = path_from(ctx, &a, path);
		/* Not a path of this adapter's, whatever stopped it: -ENXIO, as for any adapter without one. */
		if (err < 0 && err != -ENOMEM) {
			char why[sizeof(ctx->error)];

			mg_strlcpy(why, ctx->error, sizeof(why));
			return mg_fail(ctx, -ENXIO, "%s is a USB adapter; the PCIe path of its host controller: %s",
				       nic->name ? nic->name : nic->address, why[0] ? why : strerror(-err));
		}
		return err;
	}
	if (nic->bus != MG_BUS_PCI || !nic->address || mg_pci_parse_address(nic->address, &a) < 0)
		return mg_fail(ctx, -ENXIO, "%s is a %s device, not PCI",
			       nic->name ? nic->name : nic->address ? nic->address : "the adapter",
			       mg_bus_name(nic->bus));
	return path_from(ctx, &a, path);
}

/*
 * A dump must be a readable regular file. Opened without blocking, so a
 * FIFO or a device is refused at once instead of hanging here or in libpci,
 * and a directory is named as one instead of "not in the dump" later.
 */
static int check_dump_file(struct mg_ctx *ctx, const char *path)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY), err = 0;

	if (fd < 0)
		return mg_fail(ctx, -errno, "cannot read PCI dump %s: %m", path);
	if (fstat(fd, &st) < 0)
		err = mg_fail(ctx, -errno, "cannot read PCI dump %s: %m", path);
	else if (S_ISDIR(st.st_mode))
		err = mg_fail(ctx, -EISDIR, "PCI dump %s is a directory", path);
	else if (!S_ISREG(st.st_mode))
		err = mg_fail(ctx, -EINVAL, "PCI dump %s is not a regular file", path);
	close(fd);
	return err;
}

MG_EXPORT int mg_ctx_set_pci_dump(struct mg_ctx *ctx, const char *path)
{
	char *copy = NULL;

	if (!ctx)
		return -EINVAL;
	if (path) {
		int err = check_dump_file(ctx, path);

		if (err < 0)
			return err;
		copy = strdup(path);
		if (!copy)
			return -ENOMEM;
	}
	mg_pci_reset_config(ctx);
	free(ctx->pci_dump);
	ctx->pci_dump = copy;
	return 0;
}

MG_EXPORT void mg_pcie_path_free(struct mg_pcie_path *path)
{
	if (!path)
		return;
	for (size_t i = 0; i < path->count; i++)
		free(path->nodes[i].aer);
	free(path);
}

MG_GETTER(size_t, mg_pcie_path_count, mg_pcie_path, count, 0)

MG_EXPORT const struct mg_pcie_node *mg_pcie_path_get(const struct mg_pcie_path *path, size_t index)
{
	return path && index < path->count ? &path->nodes[index] : NULL;
}

MG_EXPORT const struct mg_pcie_node *mg_pcie_path_get_limit(const struct mg_pcie_path *path)
{
	return path && path->limit >= 0 ? &path->nodes[path->limit] : NULL;
}

MG_GETTER(int, mg_pcie_path_get_available_mbps, mg_pcie_path, available_mbps, MG_UNKNOWN)

MG_EXPORT const char *mg_pcie_path_get_board(const struct mg_pcie_path *path)
{
	return path && path->board[0] ? path->board : NULL;
}

MG_EXPORT const char *mg_pcie_path_get_advice(const struct mg_pcie_path *path)
{
	return path && path->advice[0] ? path->advice : NULL;
}

MG_EXPORT const char *mg_pcie_role_name(enum mg_pcie_role role)
{
	static const char *const names[] = {
		[MG_PCIE_ROLE_UNKNOWN] = "unknown",
		[MG_PCIE_ROLE_ENDPOINT] = "endpoint",
		[MG_PCIE_ROLE_LEGACY_ENDPOINT] = "legacy_endpoint",
		[MG_PCIE_ROLE_ROOT_PORT] = "root_port",
		[MG_PCIE_ROLE_UPSTREAM_PORT] = "upstream_port",
		[MG_PCIE_ROLE_DOWNSTREAM_PORT] = "downstream_port",
		[MG_PCIE_ROLE_PCIE_TO_PCI_BRIDGE] = "pcie_to_pci_bridge",
		[MG_PCIE_ROLE_PCI_TO_PCIE_BRIDGE] = "pci_to_pcie_bridge",
		[MG_PCIE_ROLE_RC_ENDPOINT] = "rc_endpoint",
		[MG_PCIE_ROLE_RC_EVENT_COLLECTOR] = "rc_event_collector",
	};

	return (unsigned int)role < sizeof(names) / sizeof(names[0]) ? names[role] : "unknown";
}

MG_EXPORT const char *mg_pcie_cap_by_name(enum mg_pcie_cap_by by)
{
	switch (by) {
	case MG_PCIE_CAP_BY_NONE:
		return "none";
	case MG_PCIE_CAP_BY_DEVICE:
		return "device";
	case MG_PCIE_CAP_BY_PORT:
		return "port";
	case MG_PCIE_CAP_BY_BOTH:
		return "both";
	case MG_PCIE_CAP_BY_UNKNOWN:
		break;
	}
	return "unknown";
}

#define NODE_GETTER(type, fn, expr, unknown)                        \
	MG_EXPORT type fn(const struct mg_pcie_node *node)          \
	{                                                           \
		return node ? (expr) : (unknown);                   \
	}

NODE_GETTER(const char *, mg_pcie_node_get_address, node->address, NULL)
NODE_GETTER(int, mg_pcie_node_get_vendor_id, node->vendor_id, MG_UNKNOWN)
NODE_GETTER(int, mg_pcie_node_get_device_id, node->device_id, MG_UNKNOWN)
NODE_GETTER(enum mg_pcie_role, mg_pcie_node_get_role, node->role, MG_PCIE_ROLE_UNKNOWN)
NODE_GETTER(double, mg_pcie_node_get_cap_speed_gts, node->cap_speed, MG_UNKNOWN)
NODE_GETTER(double, mg_pcie_node_get_lnkcap_speed_gts, node->lnkcap_speed, MG_UNKNOWN)
NODE_GETTER(int, mg_pcie_node_get_cap_width, node->cap_width, MG_UNKNOWN)
NODE_GETTER(double, mg_pcie_node_get_speed_gts, node->speed, MG_UNKNOWN)
NODE_GETTER(int, mg_pcie_node_get_width, node->width, MG_UNKNOWN)
NODE_GETTER(double, mg_pcie_node_get_target_speed_gts, node->target_speed, MG_UNKNOWN)
NODE_GETTER(int, mg_pcie_node_get_supported_speeds, node->supported_speeds, MG_UNKNOWN)
NODE_GETTER(int, mg_pcie_node_get_devcap_mps, node->devcap_mps, MG_UNKNOWN)
NODE_GETTER(int, mg_pcie_node_get_mps, node->mps, MG_UNKNOWN)
NODE_GETTER(int, mg_pcie_node_get_mrrs, node->mrrs, MG_UNKNOWN)
NODE_GETTER(int, mg_pcie_node_get_rcb, node->rcb, MG_UNKNOWN)
NODE_GETTER(const char *, mg_pcie_node_get_unknown_reason, node->reason[0] ? node->reason : NULL, NULL)
NODE_GETTER(int, mg_pcie_node_has_link, node->has_link, 0)
NODE_GETTER(double, mg_pcie_node_get_link_cap_speed_gts, node->link_cap_speed, MG_UNKNOWN)
NODE_GETTER(int, mg_pcie_node_get_link_cap_width, node->link_cap_width, MG_UNKNOWN)
NODE_GETTER(int, mg_pcie_node_link_is_degraded, node->degraded, MG_UNKNOWN)
NODE_GETTER(enum mg_pcie_cap_by, mg_pcie_node_get_link_capped_by, node->capped_by, MG_PCIE_CAP_BY_UNKNOWN)
