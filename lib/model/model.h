/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * model/: the API's objects, filled from what gather/ reads and decided
 * by decide/: the context, adapters and their lists, settings, the
 * Ethernet link, EEE, offloads, counters, interrupts, temperatures, the
 * USB path, cable diagnostics, the PCIe path. nic.c is its bottom: it
 * calls none of the parts, which call it.
 */
#ifndef MG_MODEL_MODEL_H
#define MG_MODEL_MODEL_H

#include "decide/decide.h"

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
	char *netdir;	/* its interface's sysfs directory as the enumeration resolved it, or NULL */
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
	struct mg_kernel_log *kernel_log;
	/* The parts above are freed with the adapter by nic-free.c (nic.c calls none of theirs). */
};

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
/*
 * @nic's interface's sysfs directory ("devices/virtual/net/b0a"): the one
 * the enumeration resolved, else class/net/NAME resolved now. Each part
 * read of 10 000 interfaces would otherwise resolve it again.
 */
int mg_nic_netdir(struct mg_ctx *ctx, const struct mg_nic *nic, char *out, size_t size);

/* device.c: identity of the hardware behind an interface. */
int mg_device_identify(struct mg_ctx *ctx, const char *devpath, struct mg_nic *nic);

struct nlmsghdr;

/* The groups that hold enum mg_param parameters: MTU to pause. */
#define MG_GROUP_COUNT 5
/*
 * Every group an apply changes: those, then features, EEE, advertised
 * modes, ASPM L1, RPS, XPS, IRQ affinity, Wake-on-LAN, and what persists them.
 */
#define MG_APPLY_GROUPS 15
/* Queues (or vectors) one steering group of an apply covers. */
#define MG_STEER_MAX 64
/* The three steering groups, as an index: RPS, XPS, IRQ affinity. */
#define MG_STEER_GROUPS 3
static inline int mg_steer_kind(int group)
{
	return group - MG_GROUP_RPS;
}
/* A feature's name, as ETH_GSTRING_LEN. */
#define MG_FEATURE_NAME 32
/* A PCI function's directory below the sysfs root: devices/pci0000:00/0000:00:1c.0/0000:01:00.0. */
#define MG_ASPM_DIR_MAX 512
/*
 * Changes one apply can make: each parameter, EEE, the advertised modes,
 * ASPM L1, Wake-on-LAN, persisting, 64 features, the steering.
 */
#define MG_CHANGE_MAX (MG_PARAM_COUNT + 5 + 64 + MG_STEER_GROUPS * MG_STEER_MAX)

struct mg_tune_want;

/* How a .link key spells a value: a number, yes or no, a time span in microseconds ("50us") or seconds. */
enum mg_link_value { MG_LINK_NUMBER, MG_LINK_BOOL, MG_LINK_USEC, MG_LINK_SEC };

struct mg_param_info {
	const char *name;
	enum mg_param_group group;
	int attr;		/* ETHTOOL_A_* of the value */
	int max_attr;		/* ETHTOOL_A_* of its maximum, 0 when none */
	bool is_u8;		/* u8 (a flag or enum) rather than u32 */
	/*
	 * Its key in a systemd .link file's [Link] section, which udev applies
	 * when the device is added; NULL when udev has none. Every key here is
	 * in systemd 252 (Debian 12), the oldest release supported.
	 */
	const char *link_key;
	enum mg_link_value link_value;
	/*
	 * Its key in a NetworkManager profile, applied at every activation
	 * ("ethtool.ring-rx"); NULL when NM has none.
	 */
	const char *nm_key;
};
/*
 * Its option in an ifupdown iface stanza (interfaces(5)): ifup's "mtu",
 * the ethtool hook's "hardware-dma-ring-rx", "hardware-irq-coalesce-rx-usecs",
 * "ethernet-pause-rx"; in @buf. NULL when ifupdown has none.
 */
const char *mg_param_ifupdown_key(enum mg_param p, char *buf, size_t size);

/*
 * The parameters with limits the kernel reports: a maximum for the MTU, the
 * rings and the channels, a minimum for the MTU alone. Room for no others'
 * is kept: a list holds one of these for each of 10 000 interfaces.
 */
#define MG_PARAM_RANGED (MG_PARAM_COMBINED_CHANNELS + 1)
#define MG_PARAM_FLOORED (MG_PARAM_MTU + 1)

struct mg_settings {
	char ifname[IFNAMSIZ];
	int ifindex;
	long long value[MG_PARAM_COUNT];
	long long max[MG_PARAM_RANGED];		/* where has_max says */
	long long min[MG_PARAM_FLOORED];	/* where has_min says */
	unsigned long long present, has_max, has_min;
	bool group_read[MG_GROUP_COUNT];
	char group_error[MG_GROUP_COUNT][128];
	struct mg_tune_want *tune;	/* what else to apply (EEE, modes, features); NULL for read objects */
};

struct mg_settings_list {
	struct mg_settings **items;
	size_t count, alloc;
	unsigned int not_recorded;	/* groups a replayed capture holds none of */
	unsigned int failed;		/* groups whose dump failed: read one by one */
};

const struct mg_param_info *mg_param_info(enum mg_param param);
void mg_settings_init(struct mg_settings *s);
void mg_settings_put(struct mg_settings *s, enum mg_param p, long long v);
/* A limit of @p, kept only for a parameter that can have one (MG_PARAM_RANGED, _FLOORED). */
void mg_settings_put_max(struct mg_settings *s, enum mg_param p, long long v);
void mg_settings_put_min(struct mg_settings *s, enum mg_param p, long long v);
bool mg_settings_has(const struct mg_settings *s, enum mg_param p);
struct mg_settings *mg_settings_list_find(struct mg_settings_list *list, int ifindex,
					  const char *ifname);

/* -EINVAL, with the reason in the context, unless @ifname can name an interface. */
int mg_settings_check_name(struct mg_ctx *ctx, const char *ifname);
/*
 * The first step of every read by name: @ifname checked, then its link
 * (index and name as the kernel has them now); the failure says what
 * could not be read ("EEE", "features").
 */
int mg_read_link_by_name(struct mg_ctx *ctx, const char *ifname, const char *what, struct mg_link *link);
void mg_settings_unsupported(struct mg_settings *s, enum mg_param_group g, const char *driver);
/* "ring parameters", "the MTU": what a group is called in messages. */
const char *mg_settings_group_what(enum mg_param_group g);
int mg_settings_read_into(struct mg_ctx *ctx, const char *ifname, int ifindex, const char *driver,
			  struct mg_settings *s);
int mg_settings_list_read_bare(struct mg_ctx *ctx, struct mg_settings_list **list);
void mg_settings_from_nic(struct mg_ctx *ctx, struct mg_settings *s, const struct mg_nic *nic,
			  const struct mg_settings_list *dumped);

/* ethtool.c */
/* Parse one GET reply of @group into @s; pure, for tests too. */
int mg_ethtool_parse_reply(const struct nlmsghdr *nlh, enum mg_param_group group,
			   struct mg_settings *s, int *ifindex, char *ifname, size_t size);
/* The NLA_* type a @group reply's policy gives @attr; -EINVAL when out of range. */
int mg_ethtool_attr_type(enum mg_param_group group, int attr);
int mg_ethtool_read_group(struct mg_ctx *ctx, int ifindex, const char *ifname, enum mg_param_group group,
			  struct mg_settings *s);
int mg_ethtool_dump_group(struct mg_ctx *ctx, enum mg_param_group group, struct mg_settings_list *list);
struct nl_msg;
/* A set request with its header nest addressing @ifindex; NULL without memory. */
struct nl_msg *mg_ethtool_request(struct mg_ctx *ctx, int cmd, int header, int ifindex, int flags);
/* Both set requests address the interface by index, never by name. */
int mg_ethtool_set_group(struct mg_ctx *ctx, int ifindex, enum mg_param_group group,
			 const struct mg_settings *values, unsigned long long mask);
int mg_rtnl_set_mtu(struct mg_ctx *ctx, int ifindex, int mtu);

/* The replies a link is read from, in the order they are asked for. */
enum mg_ethlink_kind {
	MG_ETHLINK_INFO = 0,	/* LINKINFO */
	MG_ETHLINK_MODES = 1,	/* LINKMODES */
	MG_ETHLINK_STATE = 2,	/* LINKSTATE */
	MG_ETHLINK_WOL = 3,	/* WOL: Wake-on-LAN */
	MG_ETHLINK_KINDS
};

/* Supported, advertised, partner: indexed by enum mg_modes. */
#define MG_MODES_COUNT 3
/* Wake-on-LAN's modes, one letter each as ethtool writes them (WOL_MODE_COUNT). */
#define MG_WOL_LETTERS 8

struct mg_ethlink {
	char ifname[IFNAMSIZ];
	int ifindex;
	int speed, autoneg, lanes, link, sqi, sqi_max, ext_substate;
	int duplex, port, ext_state; /* raw codes, -1 when unknown */
	struct mg_bits modes[MG_MODES_COUNT];	/* with the kernel's bit indices */
	/* LINKSTATE's link-down count, kept for the counters (stats.c): one request serves both */
	uint64_t down_events;
	bool has_down_events;
	/* Wake-on-LAN: WAKE_* masks, MG_UNKNOWN when unknown; as ethtool's letters; why unknown */
	int wol_supported, wol_enabled;
	char wol_supported_text[MG_WOL_LETTERS + 1], wol_enabled_text[MG_WOL_LETTERS + 1];
	char wol_error[64];
};

struct mg_ethlink_list {
	struct mg_ethlink **items;
	size_t count, alloc;
};

/* @kind: an enum mg_ethlink_kind. */
void mg_ethlink_init(struct mg_ethlink *l);
/* A link of @ifname whose every part is unknown; NULL without memory. */
struct mg_ethlink *mg_ethlink_new_unknown(const char *ifname, int ifindex);
int mg_ethlink_parse_reply(const struct nlmsghdr *nlh, int kind, struct mg_ethlink *l);
void mg_ethlink_merge(struct mg_ethlink *dst, struct mg_ethlink *src, int kind);
/* One kind of reply alone (MG_ETHLINK_MODES, _WOL), by index; -EOPNOTSUPP passed on, unsaid. */
int mg_ethlink_read_kind(struct mg_ctx *ctx, int kind, int ifindex, const char *ifname, struct mg_ethlink **link);
/* Free the mode names an object on the stack holds. */
void mg_ethlink_clear(struct mg_ethlink *l);
/* A WAKE_* mask as ethtool's letters, "pumbagsf" in that order ("" for none). */
void mg_wol_text(unsigned int mask, char *buf, size_t size);
/* And back: "d" and "off" are none; -EINVAL for another letter or an empty word. */
int mg_wol_parse(const char *text, unsigned int *mask);

struct mg_nic_list;

/* ---- stats.c ---- */
#define MG_STATS_GROUP_MAX 22	/* counters in the largest group (eth-mac) */
#define MG_STATS_HIST_MAX 12	/* buckets kept per RMON histogram (the kernel has at most 10) */

struct mg_stats_bucket {
	unsigned int low, high;
	uint64_t value;
};

/* The standard groups (STATS_GET): a kilobyte, kept only by a device that reports one. */
struct mg_stats_groups {
	bool reported[MG_STATS_GROUP_COUNT];
	uint64_t value[MG_STATS_GROUP_COUNT][MG_STATS_GROUP_MAX];
	uint32_t present[MG_STATS_GROUP_COUNT];
	struct mg_stats_bucket hist[2][MG_STATS_HIST_MAX];
	size_t hist_count[2];
};

struct mg_stats {
	char ifname[IFNAMSIZ];
	int ifindex;
	struct mg_counters link;
	struct mg_stats_groups *groups;	/* NULL: no standard group reported */
	struct mg_counter *driver;	/* NULL: not read, or the driver has none */
	size_t driver_count;
	char link_down_unknown[160];	/* why the link-down count is unknown, or "" */
};

void mg_stats_init(struct mg_stats *s);
/* What an object on the stack holds (its groups and driver counters). */
void mg_stats_clear(struct mg_stats *s);
/* An ETHTOOL_MSG_STATS_GET reply: its device and its groups; -EPROTO, -ENOMEM. Pure. */
int mg_stats_parse_reply(const struct nlmsghdr *nlh, struct mg_stats *s);
/* The link-down count of an ETHTOOL_MSG_LINKSTATE_GET reply; -EPROTO. Pure. */
int mg_stats_parse_linkstate(const struct nlmsghdr *nlh, struct mg_stats *s);
int mg_stats_attach(struct mg_ctx *ctx, struct mg_nic_list *list);

/* ---- irqs.c ---- */
int mg_irqs_attach(struct mg_ctx *ctx, struct mg_nic_list *list);

/* ---- hwmon.c ---- */
int mg_temps_attach(struct mg_ctx *ctx, struct mg_nic_list *list);

/* ---- usb.c ---- */
int mg_usb_info_attach(struct mg_ctx *ctx, struct mg_nic_list *list);
/* The PCI address of the host controller @nic hangs off; -ENXIO when it is not a PCI function, -ENODEV. */
int mg_usb_controller_address(struct mg_ctx *ctx, const struct mg_nic *nic, char *addr, size_t size);

/* ---- kernel-log.c: one pass over the kernel log for every adapter of @list ---- */
int mg_kernel_log_attach(struct mg_ctx *ctx, struct mg_nic_list *list);
/* Why the log was not read: -EPERM, -ENOENT, MG_ENOTRECORDED...; 0 when it was (or for NULL). */
int mg_kernel_log_unread_err(const struct mg_kernel_log *log);
/*
 * watch: the lines about @nic after sequence @after (all when !@has_after);
 * *@any whether the ring held a record, *@last the newest one's sequence.
 * 0 or -ENOMEM.
 */
int mg_kernel_log_read_after(struct mg_ctx *ctx, const struct mg_nic *nic, bool has_after, uint64_t after,
			     bool *any, uint64_t *last, struct mg_kernel_log **log);

#define MG_CABLE_PAIRS 4

#define MG_CABLE_TDR_MAX 1024

struct mg_cable_tdr_sample {
	int pair, distance_cm, mv;
};

struct mg_cable_result {
	enum mg_cable_code code[MG_CABLE_PAIRS];
	int fault_cm[MG_CABLE_PAIRS];
	/* TDR: the last STEP seen and how many amplitudes each pair has had since */
	int first_cm, step_cm, seen[MG_CABLE_PAIRS];
	size_t ntdr;
	struct mg_cable_tdr_sample tdr[MG_CABLE_TDR_MAX];
};

void mg_cable_result_init(struct mg_cable_result *r);
/*
 * Parse a CABLE_TEST_NTF. Returns 0 with @status (1 started, 2 completed)
 * and @ifindex; results go to @r when completed. -EPROTO when malformed;
 * -ENOMSG for another message.
 */
int mg_cable_parse_ntf(const struct nlmsghdr *nlh, int *ifindex, int *status, struct mg_cable_result *r);
/* The PHY driver's name from an ETHTOOL_MSG_PHY_GET reply. */
int mg_cable_parse_phy_reply(const struct nlmsghdr *nlh, char *driver, size_t size);
/* The same for a CABLE_TEST_TDR_NTF. */
int mg_cable_parse_tdr_ntf(const struct nlmsghdr *nlh, int *ifindex, int *status, struct mg_cable_result *r);
/* Wait on a socket that joined the monitor group; for the timeout test. */
int mg_cable_wait(struct mg_ctx *ctx, struct nl_sock *mon, int ifindex, bool tdr, int timeout_ms,
		  mg_cable_progress_fn progress, void *data, struct mg_cable_result *r);

/* pcie-health.c: what sysfs says about a function's link power and errors. */
void mg_pcie_read_health(struct mg_ctx *ctx, const char *dir, struct mg_pcie_node *n);
/*
 * The kernel's link/ controls of the function at @dir: in *@on those that
 * say 1 (MG_UNKNOWN when none could be read), in *@present those there.
 */
void mg_pcie_read_controls(struct mg_ctx *ctx, const char *dir, int *on, int *present);
/* The file under link/ of one enum mg_pcie_pm_state ("l1_aspm"), or NULL. */
const char *mg_pcie_control_file(int state);
int mg_pcie_read_aspm_policy(struct mg_ctx *ctx, char *buf, size_t size);

/* pcie.c: the path up from one PCI function, which need not be an adapter (a port). */
int mg_pcie_path_new_at(struct mg_ctx *ctx, const struct mg_pci_addr *addr, struct mg_pcie_path **path);

/* board.c: which board this is, and what to say about its PCIe port. */
void mg_board_advise(struct mg_ctx *ctx, struct mg_pcie_path *path);

struct nlmsghdr;
struct mg_ethlink;

/* ---- eee.c ---- */
struct mg_eee {
	char ifname[IFNAMSIZ];
	int ifindex;
	int supported, enabled, active, tx_lpi_enabled;
	long long tx_lpi_timer;
	struct mg_bits modes[3];	/* by enum mg_modes */
	unsigned int modes_bits;	/* link modes the kernel's EEE bitsets span; 0: not said */
	/* Allocated (a list keeps 10 000 of these), freed by mg_eee_clear(); NULL for none. */
	char *error;			/* why not supported */
	char *modes_unknown;		/* why later modes are unknown */
};

void mg_eee_init(struct mg_eee *e);
void mg_eee_clear(struct mg_eee *e);
/* Parse one EEE_GET reply into @e; pure, for tests too. -EPROTO, -ENOMEM. */
int mg_eee_parse_reply(const struct nlmsghdr *nlh, struct mg_eee *e);
/* What the parsed values say: supported or not, and why not. 0 or -ENOMEM. */
int mg_eee_conclude(struct mg_eee *e);
/* "veth does not support EEE"; 0 or -ENOMEM. */
int mg_eee_unsupported(struct mg_eee *e, const char *driver);
/*
 * One interface, by index (or by name without one). A driver without EEE
 * gives an object that says so; MG_ENOTRECORDED and other errors are
 * returned as they came.
 */
int mg_eee_read_into(struct mg_ctx *ctx, int ifindex, const char *ifname, const char *driver,
		     struct mg_eee **eee);
/* One dump, handed to the adapters of @nics (sorted by index, unnamed last). */
int mg_eee_attach(struct mg_ctx *ctx, struct mg_nic **nics, size_t count);

/* ---- features.c ---- */
struct mg_feature {
	const char *name;	/* in @shared of its features, else its own */
	int index;
	bool hw, wanted, active, nochange;
};

struct mg_strset;
struct mg_features {
	char ifname[IFNAMSIZ];
	int ifindex;
	struct mg_feature *items;
	size_t count;
	/*
	 * The names of a compact reply's features, held with every other
	 * interface's of the dump: 10 000 interfaces keep one copy of them.
	 * NULL when each feature's name is its own (a verbose reply).
	 */
	struct mg_strset *shared;
};

void mg_features_init(struct mg_features *f);
void mg_features_clear(struct mg_features *f);
/*
 * One FEATURES_GET reply into @f, verbose or compact; a compact one is named
 * from @names, and without them is -ENOKEY. -EPROTO when malformed. @f
 * holds a shared @names (refs set) rather than copy its names.
 */
int mg_features_parse_reply(const struct nlmsghdr *nlh, struct mg_strset *names, struct mg_features *f);
bool mg_feature_fixed(const struct mg_feature *it);
/* Whether @a and @b name one feature: equal, with '-' and '_' alike. */
bool mg_feature_name_eq(const char *a, const char *b);
/*
 * The positions in @f that @name stands for: the feature of that name, or
 * the listed members of a short name (*@alias set). Returns their number
 * (up to @max), 0 when none is listed.
 */
size_t mg_features_resolve(const struct mg_features *f, const char *name, size_t *pos, size_t max, bool *alias);
int mg_features_read_into(struct mg_ctx *ctx, int ifindex, const char *ifname, struct mg_features **f);
int mg_features_attach(struct mg_ctx *ctx, struct mg_nic **nics, size_t count);

/* ---- settings-want.c: what a settings object asks of these groups ---- */
#define MG_FEATURE_WANT_MAX 64

struct mg_tune_want {
	int eee;		/* -1: not asked; else 0 or 1 */
	int aspm_l1;		/* likewise */
	int wol;		/* -1: not asked; else the WAKE_* modes to enable */
	int persist;		/* enum mg_persist: MG_PERSIST_NO when not asked */
	char *advertise;	/* "all" or names separated by commas; NULL: not asked */
	struct {
		char name[ETH_GSTRING_LEN];
		bool on;
	} features[MG_FEATURE_WANT_MAX];
	size_t feature_count;
	/* RPS, XPS, IRQ affinity (by mg_steer_kind()): a queue or vector (-1: every one) and its CPUs. */
	struct {
		int index;
		uint64_t mask;
	} steer[MG_STEER_GROUPS][MG_STEER_MAX];
	size_t steer_count[MG_STEER_GROUPS];
};

/* ---- persist-status.c: what persists of an interface's settings (apply/persist-status.c reads it) ---- */
struct mg_persist_row {
	const char *setting;
	const char *engine; /* "udev" (the file), "NetworkManager" (the connection), "ifupdown" (its stanza) */
	char source[256]; /* the file, or NM's connection's name */
	char key[48];
	char running[32], persisted[64];
	bool drift;
	bool conflict; /* udev's row: a later engine sets it otherwise; a later engine's: udev's file does */
};

/* Every parameter by each engine, and the offloads and Wake-on-LAN of the .link file. */
#define MG_PERSIST_ROWS (3 * MG_PARAM_COUNT + 16)
struct mg_persist_status {
	char ifname[IFNAMSIZ];
	char file[256]; /* "" when none is known: why says why */
	bool ours;
	char why[384];
	char connection[128], uuid[40]; /* NetworkManager's active one; "" none */
	char nm_why[160];			 /* why none */
	struct mg_persist_row rows[MG_PERSIST_ROWS];
	size_t count;
};

void mg_tune_want_free(struct mg_tune_want *w);
/* @s's wants of these groups, made on first use; NULL without memory. */
struct mg_tune_want *mg_tune_want_of(struct mg_settings *s);
/* Ask @s for Wake-on-LAN modes @mask (WAKE_* bits), as mg_settings_set_wol() does by letters. */
int mg_tune_want_wol(struct mg_settings *s, int mask);
/* Ask @s for steering group @g of queue or vector @index (-1: every one) to be @mask. */
int mg_tune_want_steer(struct mg_settings *s, enum mg_param_group g, int index, uint64_t mask);

/* ---- sample.c: one sample of the watch sampler ---- */
struct mg_sample_vector {
	int irq;
	char *name;
};

struct mg_sample_cpu {
	int cpu;
	double irqs, net[2], busy_pct, irq_pct;
	bool have_softirq, have_busy, services;
};

struct mg_sample {
	double seconds;
	double rate[MG_STAT_COUNT];
	uint64_t present;
	const struct mg_sample_vector *vectors;	/* the sampler's: valid while it is */
	size_t nvectors;
	double *vector_rate;
	struct mg_sample_cpu *cpus;
	size_t ncpus;
	int temp_milli;
	double expected[2];
	int bound_cpu;		/* the CPU that limits the adapter; -1: none */
	double bound_pct;
	struct mg_kernel_log *kernel_log;	/* the lines since the previous sample */
};

/* ---- wiphy.c: wiphys from nl80211 ---- */
#define MG_WIFI_MLO_LINKS 15
struct mg_wifi_chandef {
	int freq_mhz, width_mhz, center1_mhz, center2_mhz;	/* MG_UNKNOWN when not said */
};
struct mg_wifi_mlo_link {
	int id;
	char mac[18];
	struct mg_wifi_chandef chan;
};
/* What an AP advertises in its capability elements (802.11-2020 9.4.2.55/9.4.2.157, 802.11ax, 802.11be). */
struct mg_wifi_ap_caps {
	bool known;			/* the scan result carried its elements */
	bool ht, ht40;			/* HT Capabilities; 20/40 MHz */
	bool vht, vht160;		/* VHT Capabilities; 160 or 80+80 MHz */
	bool he, he40_2g, he80_5g, he160_5g;	/* HE PHY: 40 in 2.4 GHz, 40/80 and 160 (or 80+80) in 5/6 GHz */
	bool eht, eht320;		/* EHT PHY: 320 MHz in 6 GHz */
};
struct mg_wifi_rate_info {
	bool present;
	int mode;			/* enum mg_wifi_mode, MG_UNKNOWN */
	int mcs, nss, gi_ns, width_mhz;
	int bitrate_100kbps;		/* the kernel's BITRATE32 (else BITRATE) */
	bool dcm, ru;			/* HE dual carrier, an OFDMA resource unit */
	double own_mbps;		/* the library's rate model; < 0 when it has none */
};
struct mg_wifi_iface {
	char name[IFNAMSIZ];
	int ifindex;
	int iftype;
	char mac[18];
	struct mg_wifi_chandef chan;
	char ssid[33];
	size_t ssid_len;
	bool have_ssid;
	struct mg_wifi_mlo_link links[MG_WIFI_MLO_LINKS];
	size_t nlinks;
	bool stations_known;	/* the station dump was answered */
	int stations;
	uint8_t (*seen)[6];	/* the stations counted, so a reply read twice counts once */
	size_t nseen, seen_alloc;
	bool connected;
	char bssid[18];
	int signal_dbm;
	int signal_avg_dbm;	/* the driver's average of the signal (NL80211_STA_INFO_SIGNAL_AVG) */
	struct mg_wifi_rate_info tx, rx;
	long expected_kbps;
	struct mg_wifi_ap_caps ap;	/* the associated BSS's, from the scan dump */
};
struct mg_wiphy {
	int refcount;
	int index;
	char name[64];
	int chunks;		/* replies of the split dump merged into it */
	uint32_t iftypes;
	bool have_iftypes;
	int ant_tx, ant_rx;
	int mlo;		/* 1, 0, MG_UNKNOWN */
	char mlo_reason[96];
	struct mg_wifi_band bands[MG_WIFI_BANDS];
	enum mg_bus bus;
	char address[64], driver[64], firmware[64], devpath[512];
	char country[4];
	struct mg_wifi_iface *ifaces;
	size_t nifaces, ifaces_alloc;
};
struct mg_wiphy_list {
	struct mg_wiphy **items;
	size_t count, alloc;
	char country[4];
	int kernel;		/* 601 for 6.1; -1 unknown */
	const char *unknown_reason;
};
const char *mg_wifi_iftype_name(int iftype);
const char *mg_wifi_band_name(int band);
int mg_wifi_chan_width_mhz(uint32_t nl80211_width);
/* A BSS's information elements (@len bytes as nl80211 gives them) into @c; what does not fit is skipped. */
void mg_wifi_parse_ap_ies(const uint8_t *ie, size_t len, struct mg_wifi_ap_caps *c);
/* The widest channel, in MHz, @c allows on the band of @freq_mhz; MG_UNKNOWN when not known. */
int mg_wifi_ap_max_width_mhz(const struct mg_wifi_ap_caps *c, int freq_mhz);
struct nlattr;
void mg_wifi_parse_rate(struct nlattr *nest, struct mg_wifi_rate_info *r);
/*
 * What the public getters of a link (multigig/wifi.h, mg_wiphy_link_*())
 * do not give yet, for present/: by interface name as those, MG_UNKNOWN
 * (-1.0 for Mbit/s, NULL for a string) where not said. Not exported:
 * one becomes public when a user asks for it.
 */
int mg_wiphy_link_get_center1_mhz(const struct mg_wiphy *w, const char *ifname);
/* The driver's average of the signal, dBm (iw's "signal avg"); MG_UNKNOWN without a link or an average. */
int mg_wiphy_link_get_signal_avg_dbm(const struct mg_wiphy *w, const char *ifname);
int mg_wiphy_link_get_center2_mhz(const struct mg_wiphy *w, const char *ifname);
/* The SSID, terminated in @buf (33 bytes), up to its first NUL; NULL when none is known ("" is a hidden one). */
const char *mg_wiphy_link_get_ssid(const struct mg_wiphy *w, const char *ifname, char *buf, size_t size);
/* The AP's address when connected ("" when the station dump did not say); NULL when not. */
const char *mg_wiphy_link_get_bssid(const struct mg_wiphy *w, const char *ifname);
/* The driver's expected throughput (NL80211_STA_INFO_EXPECTED_THROUGHPUT). */
double mg_wiphy_link_get_expected_mbps(const struct mg_wiphy *w, const char *ifname);
/* The last rate each way (MG_DIRECTION_TX, _RX): whether the station dump gave one, and its parts. */
bool mg_wiphy_link_has_rate(const struct mg_wiphy *w, const char *ifname, enum mg_direction d);
int mg_wiphy_link_get_rate_mode(const struct mg_wiphy *w, const char *ifname, enum mg_direction d);
int mg_wiphy_link_get_rate_mcs(const struct mg_wiphy *w, const char *ifname, enum mg_direction d);
int mg_wiphy_link_get_rate_nss(const struct mg_wiphy *w, const char *ifname, enum mg_direction d);
int mg_wiphy_link_get_rate_gi_ns(const struct mg_wiphy *w, const char *ifname, enum mg_direction d);
int mg_wiphy_link_get_rate_width_mhz(const struct mg_wiphy *w, const char *ifname, enum mg_direction d);
int mg_wiphy_link_get_rate_dcm(const struct mg_wiphy *w, const char *ifname, enum mg_direction d);
int mg_wiphy_link_get_rate_ru(const struct mg_wiphy *w, const char *ifname, enum mg_direction d);
/* The library's own rate model's figure for it: full-band rates only. */
double mg_wiphy_link_get_rate_library_mbps(const struct mg_wiphy *w, const char *ifname, enum mg_direction d);
/* The same for the wiphy, an interface by name and a band by mg_wifi_band_name()'s, for present/. */
const char *mg_wiphy_get_device_path(const struct mg_wiphy *w);	/* NULL when unknown */
const char *mg_wiphy_get_mlo_reason(const struct mg_wiphy *w);		/* why MLO is MG_UNKNOWN */
int mg_wiphy_iface_get_ifindex(const struct mg_wiphy *w, const char *ifname);
int mg_wiphy_iface_get_iftype(const struct mg_wiphy *w, const char *ifname);	/* NL80211_IFTYPE_* */
/* A station or P2P client: its one peer, the AP, is its link. */
bool mg_wifi_iftype_is_station(int iftype);
const char *mg_wiphy_iface_get_mac(const struct mg_wiphy *w, const char *ifname);	/* NULL when unknown */
int mg_wiphy_iface_get_stations(const struct mg_wiphy *w, const char *ifname);	/* MG_UNKNOWN: no dump */
size_t mg_wiphy_iface_get_mlo_link_count(const struct mg_wiphy *w, const char *ifname);
/* Link @i of mg_wiphy_iface_get_mlo_link_count(): its id, MAC and channel (what: 'f'req, 'w'idth, centre '1', '2'). */
int mg_wiphy_mlo_link_get_id(const struct mg_wiphy *w, const char *ifname, size_t i);
const char *mg_wiphy_mlo_link_get_mac(const struct mg_wiphy *w, const char *ifname, size_t i);
int mg_wiphy_mlo_link_get_mhz(const struct mg_wiphy *w, const char *ifname, size_t i, char what);
/* A band's caps as mg_wifi_band_caps() decides them, beyond the public maxima: MG_UNKNOWN without. */
int mg_wiphy_band_get_ht_max_index(const struct mg_wiphy *w, const char *band);
int mg_wiphy_band_get_ht_nss(const struct mg_wiphy *w, const char *band);
int mg_wiphy_band_get_vht_max_mcs(const struct mg_wiphy *w, const char *band);
int mg_wiphy_band_get_vht_nss(const struct mg_wiphy *w, const char *band);
int mg_wiphy_band_get_he_max_mcs(const struct mg_wiphy *w, const char *band);
int mg_wiphy_band_get_he_nss(const struct mg_wiphy *w, const char *band);
int mg_wiphy_band_get_eht_max_mcs(const struct mg_wiphy *w, const char *band);
int mg_wiphy_band_get_eht_nss(const struct mg_wiphy *w, const char *band);
int mg_wiphy_band_get_eht_320(const struct mg_wiphy *w, const char *band);
/* Why EHT is MG_UNKNOWN on a band ("" when not said); NULL when it is known. */
const char *mg_wiphy_band_get_eht_reason(const struct mg_wiphy *w, const char *band);
size_t mg_wiphy_band_get_channel_count(const struct mg_wiphy *w, const char *band);
/* Channel @i of mg_wiphy_band_get_channel_count(); 0 out of range. */
int mg_wiphy_channel_get_freq_mhz(const struct mg_wiphy *w, const char *band, size_t i);
int mg_wiphy_channel_get_offset_khz(const struct mg_wiphy *w, const char *band, size_t i);
int mg_wiphy_channel_is_disabled(const struct mg_wiphy *w, const char *band, size_t i);
int mg_wiphy_channel_is_no_ir(const struct mg_wiphy *w, const char *band, size_t i);
int mg_wiphy_channel_is_radar(const struct mg_wiphy *w, const char *band, size_t i);
/* Recorded replies of one command merged into @l, as replay would (the fuzzer's entry). */
int mg_wiphy_list_parse(struct mg_wiphy_list *l, int cmd, const void *buf, size_t len);

#endif
