/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Declarations shared by the library's own files; never installed. */
#ifndef MG_PRIVATE_H
#define MG_PRIVATE_H

#include <net/if.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <syslog.h>

#include "multigig/multigig.h"

#define MG_EXPORT __attribute__((visibility("default")))

/*
 * An exported getter of one field of an opaque object: a NULL object
 * answers @none (MG_UNKNOWN, NULL or 0, as its doc comment says).
 */
#define MG_GETTER(type, fn, object, field, none)		\
	MG_EXPORT type fn(const struct object *obj)		\
	{							\
		return obj ? obj->field : (none);		\
	}

/* The same for one field of the @index-th item, which item(obj, index) finds (NULL when none). */
#define MG_ITEM_GETTER(type, fn, object, item, field, none)		\
	MG_EXPORT type fn(const struct object *obj, size_t index)	\
	{								\
		return item(obj, index) ? item(obj, index)->field : (none); \
	}
#define MG_PRINTF(a, b) __attribute__((format(printf, a, b)))

/*
 * Bind a definition to a versioned name. The attribute survives link-time
 * optimisation, which drops a top-level .symver directive; compilers
 * without it get the directive.
 */
#if defined(__has_attribute)
#if __has_attribute(symver)
#define MG_SYMVER_ATTR 1
#endif
#endif
#ifdef MG_SYMVER_ATTR
#define MG_SYMVER(fn, name) __attribute__((symver(name)))
#define MG_SYMVER_ASM(fn, name)
#else
#define MG_SYMVER(fn, name)
#define MG_SYMVER_ASM(fn, name) __asm__(".symver " #fn ", " name);
#endif

#define MG_PATH_MAX 4096
#define MG_ATTR_MAX 256 /* largest sysfs attribute the library reads */

struct nl_sock;
struct nlmsghdr;
struct mg_pci;
struct mg_pci_namedb;
struct kmod_ctx;
struct mg_gather;

/*
 * Hooks for tests of internals, compiled only into the internal static
 * library the tests link (-DMG_TESTING): the shipped library has no such
 * fields and no such branches.
 */
#ifdef MG_TESTING
struct mg_test_hooks {
	int inject_group;	/* make this group's change fail (-1: none) */
	const char *kmod_dir;	/* a module directory instead of the running kernel's */
	const char *run_dir;	/* the state directory instead of /run/multigig */
	int pause_after_group;	/* stop an apply after this group's change (-1: never)... */
	int pause_fd;		/* ...until this descriptor is readable or closed (-1: until cancelled; 30 s at most) */
	bool pause_before_lock;	/* stop a transaction once examined, before it locks (the same wait) */
	int pause_before_part;	/* stop a transaction before the changes of this interface of its plan (-1: never) */
	const char *journal_name; /* the name a journal is written under, instead of a new one */
	bool doctor_virtual;	/* the doctor's rules take virtual devices for hardware */
	/*
	 * Read and write the ASPM controls of an apply in this context's tree
	 * (a writable stand-in for sysfs: no PCIe adapter in the test machine)
	 * instead of this context's sysfs; NULL: this one's.
	 */
	struct mg_ctx *aspm_sysfs;
};
#define MG_TEST_HOOK(ctx, field, otherwise) ((ctx)->test.field)
struct mg_ctx;
/* Wait as pause_fd says: readable or closed, the cancel flag, or 30 s. */
void mg_test_wait(struct mg_ctx *ctx);
#else
#define MG_TEST_HOOK(ctx, field, otherwise) (otherwise)
#endif

struct mg_ctx {
	int refcount;
	char *root;		/* sysfs root, no trailing slash */
	bool offline;		/* made on a captured tree: never asks the kernel */
	struct mg_gather *gather; /* where every read goes: see gather.h */
	int scope_ifindex;	/* > 0: ethtool dumps ask this interface alone (mg_nic_lookup_with) */
	mg_log_fn log_fn;
	void *log_data;
	int log_priority;
	char error[512];
	struct nl_sock *rtnl;	/* opened on first use */
	int ioctl_fd;		/* for ETHTOOL_GDRVINFO; -1 until first use */
	struct mg_pci *pci;	/* libpci access; created on first use */
	char *pci_dump;		/* read PCI devices from this lspci dump */
	struct nl_sock *genl;	/* ethtool generic netlink; opened on first use */
	int ethtool_family;	/* resolved once per context */
	char extack[256];	/* the kernel's message for the last request */
	long requests;		/* netlink requests sent, for benchmarks */
	long reads;		/* files, links and directories read through the gatherer */
	const volatile sig_atomic_t *cancel; /* the caller's flag: stop an apply when set */
#ifdef MG_TESTING
	struct mg_test_hooks test;
#endif
	struct kmod_ctx *kmod;	/* module index of the running kernel; on first use */
	bool kmod_failed;	/* no index: do not try again */
	struct mg_pci_namedb *pci_names; /* udev's hwdb for PCI names; opened on first use */
};

/* ---- context.c: logging and errors ---- */
void mg_log(const struct mg_ctx *ctx, int priority, const char *file, int line,
	    const char *fn, const char *fmt, ...) MG_PRINTF(6, 7);
/*
 * As libkmod does: the priority is checked before the arguments are
 * evaluated, and the message carries the place it was logged from.
 */
#define mg_log_cond(ctx, priority, ...)								\
	do {											\
		if ((ctx)->log_fn && (ctx)->log_priority >= (priority))				\
			mg_log(ctx, priority, __FILE__, __LINE__, __func__, __VA_ARGS__);	\
	} while (0)
#define mg_dbg(ctx, ...) mg_log_cond(ctx, LOG_DEBUG, __VA_ARGS__)
#define mg_info(ctx, ...) mg_log_cond(ctx, LOG_INFO, __VA_ARGS__)

/* Record a failure as the context's last error, log it from where it failed, and return @err. */
int mg_fail_at(struct mg_ctx *ctx, int err, const char *file, int line, const char *fn, const char *fmt, ...)
	MG_PRINTF(6, 7);
#define mg_fail(ctx, err, ...) mg_fail_at(ctx, err, __FILE__, __LINE__, __func__, __VA_ARGS__)
void mg_clear_error(struct mg_ctx *ctx);

/* Whether the caller asked, through mg_ctx_set_cancel_flag(), to stop. */
static inline bool mg_cancelled(const struct mg_ctx *ctx)
{
	return ctx->cancel && *ctx->cancel;
}

/* ---- sysfs.c: bounded reads below the context's root ---- */
/* Paths are relative to the root ("class/net/eth0/mtu"). */
int mg_sysfs_read(struct mg_ctx *ctx, const char *rel, char *buf, size_t size);
int mg_sysfs_read_long(struct mg_ctx *ctx, const char *rel, int base, long *value);
int mg_sysfs_read_raw(struct mg_ctx *ctx, const char *rel, void *buf, size_t size);
int mg_sysfs_readlink(struct mg_ctx *ctx, const char *rel, char *buf, size_t size);
int mg_sysfs_resolve(struct mg_ctx *ctx, const char *rel, char *out, size_t size);
int mg_sysfs_link_name(struct mg_ctx *ctx, const char *rel, char *out, size_t size);
bool mg_sysfs_exists(struct mg_ctx *ctx, const char *rel);
typedef int (*mg_sysfs_entry_fn)(struct mg_ctx *ctx, const char *name, void *data);
int mg_sysfs_foreach(struct mg_ctx *ctx, const char *rel, mg_sysfs_entry_fn fn, void *data);

/* ---- util.c: strings, paths, numbers ---- */
int mg_path_join(char *out, size_t size, const char *a, const char *b);
/* Copy at most @size - 1 bytes and terminate; returns -E2BIG when cut. */
int mg_strlcpy(char *dst, const char *src, size_t size);
int mg_parse_long(const char *s, int base, long *value);
bool mg_ifname_valid(const char *name);
void mg_sleep_ms(unsigned int ms);

/* ---- array.c ---- */
void *mg_array_grow(void *items, size_t *alloc, size_t count, size_t elem_size);


/* ---- pci-names.c: names from udev's hwdb, else from pci.ids ---- */
void mg_pci_namedb_free(struct mg_pci_namedb *db);
/* Fill @buf with a name for the ids; returns NULL when neither source has one. */
const char *mg_pci_vendor_name(struct mg_ctx *ctx, int vendor, char *buf, size_t size);
const char *mg_pci_device_name(struct mg_ctx *ctx, int vendor, int device, char *buf, size_t size);
const char *mg_pci_subsystem_name(struct mg_ctx *ctx, int vendor, int device,
				  int sub_vendor, int sub_device, char *buf, size_t size);

/* ---- pci.c: libpci access (config space) ---- */
void mg_pci_free(struct mg_pci *pci);

struct mg_pci_addr {
	unsigned int domain, bus, dev, func;
};

/* The Express capability's registers as read, before decoding. */
struct mg_pcie_regs {
	int express_at;		/* the capability's offset, 0 when none */
	bool have_express;	/* its registers up to LnkSta could be read */
	bool have_v2;
	uint16_t flags;
	uint32_t devcap;
	uint16_t devctl;
	uint32_t lnkcap;
	uint16_t lnkctl;
	uint16_t lnksta;
	uint32_t lnkcap2;
	uint16_t lnkctl2;
	/* The extended space (0x100 on) and its L1 PM Substates capability. */
	bool have_ext;		/* more than 256 bytes could be read */
	int l1ss_at;		/* the capability's offset, 0 when none */
	bool have_l1ss;		/* its capability and control 1 registers could be read */
	uint32_t l1ss_cap;
	uint32_t l1ss_ctl1;
};

struct mg_pci_func {
	int vendor, device;
	int header_type;
	int secondary_bus, subordinate_bus;
	bool readable;		/* more than the first 64 bytes */
	struct mg_pcie_regs regs;
};

void mg_pci_reset_config(struct mg_ctx *ctx);
/* pci-config.c: decode what could be read of a config space. */
int mg_pci_config_decode(const uint8_t *cfg, size_t len, struct mg_pci_func *f, char *why, size_t size);
/* pci-dump.c: libpci's dump method. */
int mg_pci_dump_config(struct mg_ctx *ctx, const struct mg_pci_addr *addr, uint8_t *buf, size_t size,
		       char *why, size_t why_size);
int mg_pci_dump_parent(struct mg_ctx *ctx, const struct mg_pci_addr *child, struct mg_pci_addr *parent);
int mg_pci_parse_address(const char *s, struct mg_pci_addr *addr);

/* ---- stat-names.c: the link counters' names (API, JSON and sidecar keys) ---- */
const char *mg_stat_key(int stat);

/* Counters of enum mg_stat with a presence bit each: a counter not sent is unknown. */
struct mg_counters {
	uint64_t value[MG_STAT_COUNT];
	uint64_t present;	/* bit n: value[n] was reported */
};
_Static_assert(MG_STAT_COUNT <= 64, "a presence bit per counter");

static inline void mg_counters_put(struct mg_counters *c, int stat, uint64_t v)
{
	c->value[stat] = v;
	c->present |= 1ULL << stat;
}

/* One counter of a driver's own (`ethtool -S`). */
struct mg_counter {
	char name[33];	/* ETH_GSTRING_LEN, terminated */
	uint64_t value;
};

/* ---- link.c: what rtnetlink (or a capture) says about an interface ---- */
struct mg_link {
	char name[IFNAMSIZ];
	int ifindex;
	char kind[32];		/* IFLA_INFO_KIND, "" when none */
	char operstate[16];
	int carrier;
	int mtu, min_mtu, max_mtu;
	char mac[64];
	char parent[64];	/* IFLA_PARENT_DEV_NAME */
	unsigned int flags;	/* IFF_* */
	int lower_ifindex;	/* IFLA_LINK: a VLAN's or macvlan's lower device; 0 when none (a veth's peer is none) */
	int master_ifindex;	/* IFLA_MASTER: the bridge or bond it is a port of; 0 when none */
	struct mg_counters counters; /* IFLA_STATS64 and the carrier counts */
};
void mg_link_init(struct mg_link *link);
/* An RTM_NEWLINK into @link (set up by mg_link_init); -EPROTO. Pure, for tests too. */
int mg_link_parse_raw(const struct nlmsghdr *nlh, struct mg_link *link);

/* rtnl.c: one RTM_GETLINK dump; *links is malloc'ed. */
int mg_rtnl_dump_links(struct mg_ctx *ctx, struct mg_link **links, size_t *count);
int mg_rtnl_get_link(struct mg_ctx *ctx, const char *name, int ifindex, struct mg_link *link);
void mg_rtnl_close(struct mg_ctx *ctx);
int mg_nlerr_to_errno(int nlerr);

/* nlreq.c: one request, its replies, its ACK with extended ack text. */
struct nl_msg;
void mg_nl_enable_extack(struct nl_sock *sk);
int mg_nl_transact(struct mg_ctx *ctx, struct nl_sock *sk, struct nl_msg *msg,
		   int (*on_reply)(struct nl_msg *, void *), void *arg);
int mg_rtnl_open(struct mg_ctx *ctx);

/* drvinfo.c: ETHTOOL_GDRVINFO for one interface. */
struct mg_drvinfo {
	char driver[33]; /* the ioctl's fields are 32 bytes, not always terminated */
	char version[33];
	char fw_version[33];
	char bus_info[33];
};
int mg_drvinfo_get(struct mg_ctx *ctx, const char *ifname, struct mg_drvinfo *info);


/* ---- bandwidth.c ---- */
int mg_pcie_lane_mbps(int gen);
double mg_tcp_share(int mtu);
double mg_ethernet_tcp_gbps(int link_mbps, int mtu);
/* The model for a link as read: 4DW headers, completions of MPS; -EINVAL for bad values. */
int mg_estimate_for_link(int gen, int width, int mps, int mtu, int link_mbps,
			 struct mg_estimate **estimate);
/* One verdict for both directions: the bus when it caps either. */
enum mg_limit mg_limit_overall(enum mg_limit rx, enum mg_limit tx);

/* ---- nic.c ---- */
struct mg_nic {
	int refcount;
	char *name;
	int ifindex;
	char *kind;
	char *operstate;
	int carrier;
	int mtu, min_mtu, max_mtu;
	char *mac;
	int speed_mbps;
	char *parent;
	int lower_ifindex, master_ifindex;	/* 0 when none */
	enum mg_bus bus;
	char *address;
	int vendor_id, device_id;
	int subsys_vendor_id, subsys_device_id;
	int revision;
	int class_code;
	char *vendor, *device, *subsystem;
	int usb_speed_mbps;
	char *driver;
	bool driver_from_ethtool;
	char *driver_version, *firmware_version;
	bool has_driver;
	const struct mg_chip *chip;
	char **modules;
	int module_count;	/* MG_UNKNOWN until looked up */
	struct mg_settings *settings;	/* gathered with the list, or NULL */
	struct mg_ethlink *ethlink;	/* likewise */
	struct mg_eee *eee;		/* likewise */
	struct mg_features *features;	/* likewise */
	/* The evidence: the link's counters as the look-up or the dump read them,
	 * and what a list made WITH_STATS, _IRQS, _TEMPERATURES or _USB gathered. */
	struct mg_counters counters;
	struct mg_stats *stats;
	struct mg_irqs *irqs;
	struct mg_temps *temps;
	struct mg_usb_info *usb_info;
	/* Frees the parts above; set by enumerate.c, which attaches them (nic.c calls none of theirs). */
	void (*free_parts)(struct mg_nic *nic);
};

/* chipdb.c */
struct mg_chip {
	enum mg_bus bus;
	int vendor, device;
	const char *name;
	int max_mbps;
	const char *driver;
	const char *since;	/* first mainline kernel; "~" where approximate */
};
const struct mg_chip *mg_chip_lookup(enum mg_bus bus, int vendor, int device);

/* modules.c */
int mg_modules_lookup(struct mg_ctx *ctx, const char *devpath, struct mg_nic *nic);

struct mg_nic *mg_nic_alloc(void);
/* 0 when @nic has a network interface; else -ENODEV, said in @ctx (for the _for_nic calls). */
int mg_nic_need_interface(struct mg_ctx *ctx, const struct mg_nic *nic);
int mg_nic_list_one(const struct mg_nic *nic, struct mg_nic_list **list);
struct mg_nic_list *mg_nic_list_new_empty(void);
int mg_nic_list_add(struct mg_nic_list *list, struct mg_nic *nic);
/* The list's adapters, mg_nic_list_count() of them. */
struct mg_nic **mg_nic_list_items(const struct mg_nic_list *list);
/* The listed adapter with this interface index, or NULL. */
struct mg_nic *mg_nic_list_find_ifindex(const struct mg_nic_list *list, int ifindex);
int mg_nic_set_str(char **field, const char *value);

/* device.c: identity of the hardware behind an interface. */
int mg_device_identify(struct mg_ctx *ctx, const char *devpath, struct mg_nic *nic);

#endif
