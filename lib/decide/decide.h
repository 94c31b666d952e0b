/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decide/: pure models and rules over what was gathered: PCIe decoding,
 * the throughput model, the chip and PHY tables, link-mode names, the
 * /proc parsers, the doctor's findings and rules. It reads the model
 * through its public getters; otherwise it calls base/ and decide/.
 */
#ifndef MG_DECIDE_DECIDE_H
#define MG_DECIDE_DECIDE_H

#include "gather/gather.h"

/* pci-config.c: decode what could be read of a config space. */
int mg_pci_config_decode(const uint8_t *cfg, size_t len, struct mg_pci_func *f, char *why, size_t size);

/* ---- throughput-model.c: the model's arithmetic, for the verdict and the rules ---- */
int mg_pcie_lane_mbps(int gen);
double mg_tcp_share(int mtu);
double mg_ethernet_tcp_gbps(int link_mbps, int mtu);
/* The model for a link as read: 4DW headers, completions of MPS; -EINVAL for bad values. */
int mg_estimate_for_link(int gen, int width, int mps, int mtu, int link_mbps,
			 struct mg_estimate **estimate);
/* One verdict for both directions: the bus when it caps either. */
enum mg_limit mg_limit_overall(enum mg_limit rx, enum mg_limit tx);

/* ---- chipdb.c: the chips, their speeds and their drivers ---- */
struct mg_chip {
	enum mg_bus bus;
	int vendor, device;
	const char *name;
	int max_mbps;
	const char *driver;
	const char *since;	/* first mainline kernel; "~" where approximate */
};
const struct mg_chip *mg_chip_lookup(enum mg_bus bus, int vendor, int device);

/* ---- modes.c: link-mode names ---- */
/*
 * The speed a mode name carries ("2500baseT/Full": 2500), or -1 for a
 * name that is no speed mode ("Autoneg", "TP", "Pause", "FEC_RS").
 */
int mg_mode_speed_mbps(const char *mode);
/* Whether @mode is a speed mode, full duplex. */
bool mg_mode_is_full(const char *mode);
bool mg_modes_contain(char *const *list, size_t n, const char *mode);
/*
 * The fastest speed mode in both @ours and @partner (full duplex before
 * half at one speed, else the first in @ours), or NULL.
 */
const char *mg_modes_best_common(char *const *ours, size_t n, char *const *partner, size_t m);
/*
 * The speed modes of @supported missing from @advertised, in the order of
 * @supported: the @nth of them (NULL past the end), and their number in
 * *@count when @count is not NULL.
 */
const char *mg_modes_missing(char *const *supported, size_t n, char *const *advertised, size_t m,
			     size_t nth, size_t *count);

/* ---- pcie-decode.c: a PCIe path's functions and links, decoded from their registers ---- */
#define MG_PCIE_MAX_DEPTH 16

/* The kernel's AER counters of one severity (aer_dev_correctable, ...). */
#define MG_AER_MAX_COUNTERS 32
struct mg_aer_set {
	bool present;		/* the file was read */
	long long total;	/* its TOTAL_ERR_* line, or MG_UNKNOWN */
	size_t count;
	struct {
		char name[24];
		long long value;
	} counters[MG_AER_MAX_COUNTERS];
};

struct mg_pcie_aer {
	struct mg_aer_set dev[3];	/* by enum mg_aer_severity */
	long long rootport_total[3];	/* aer_rootport_total_err_*, or MG_UNKNOWN */
};

struct mg_pcie_node {
	char address[16];
	struct mg_pci_addr addr;
	int vendor_id, device_id;
	bool is_bridge;
	enum mg_pcie_role role;
	bool role_inferred;
	double cap_speed, lnkcap_speed, speed, target_speed;
	int cap_width, width;
	int supported_speeds;
	int devcap_mps, mps, mrrs, rcb;
	char reason[160];	/* why config values are unknown; "" when read */
	bool limited;		/* only 64 bytes of config space were readable */
	bool need_admin;	/* ... for want of CAP_SYS_ADMIN, not a dump's 64 bytes */
	/* the link between this function and the next one up */
	bool has_link;
	double link_cap_speed;
	int link_cap_width;
	int degraded;
	enum mg_pcie_cap_by capped_by;
	/* power management and link health, from this end's registers */
	bool no_link;		/* integrated in the root complex: no link at all */
	int aspm_supported, aspm_enabled;	/* MG_PCIE_ASPM_L0S | _L1, or MG_UNKNOWN */
	int l1ss_supported, l1ss_enabled;	/* MG_PCIE_ASPM_L1_1 .. _PCIPM_L1_2, or MG_UNKNOWN */
	int aspm_control, aspm_control_present;	/* sysfs link/ files saying 1; those that exist */
	int link_events;	/* MG_PCIE_LINK_BW_* from LnkSta, or MG_UNKNOWN */
	double link_target_speed;	/* what the link this end is on should reach */
	int below_target;	/* 1, 0 or MG_UNKNOWN */
	struct mg_pcie_aer *aer;	/* NULL when sysfs reports no AER counters */
};

struct mg_pcie_path {
	struct mg_pcie_node nodes[MG_PCIE_MAX_DEPTH];
	size_t count;
	int limit;		/* index, or -1 */
	int available_mbps;
	char board[128];
	char advice[512];
	char aspm_policy[24];	/* the kernel's pcie_aspm policy; "" when unknown */
};

double mg_pcie_speed_gts(int code);
int mg_pcie_speed_code(double gts);
void mg_pcie_decode(const struct mg_pcie_regs *r, struct mg_pcie_node *n);

/* ---- decide/interrupts.c: /proc/interrupts and CPU lists, pure ---- */
struct mg_interrupt_line {
	int irq;
	uint64_t *counts;	/* one per CPU column; NULL when the line has fewer */
	char *name;		/* the handlers' names, "" when none */
};

struct mg_interrupts {
	int *cpus;		/* the CPU of each column ("CPU3" -> 3) */
	size_t ncpus;
	struct mg_interrupt_line *lines;	/* numbered interrupts only, in file order */
	size_t nlines;
};

/* -EBADMSG when the text has no CPU header; -ENOMEM. */
int mg_interrupts_parse(const char *text, size_t len, struct mg_interrupts *out);
void mg_interrupts_free(struct mg_interrupts *in);
const struct mg_interrupt_line *mg_interrupts_find(const struct mg_interrupts *in, int irq);
/* CPUs in a list such as "0-3,8,10-11"; -EINVAL when malformed. */
int mg_cpulist_count(const char *list);

/* ---- decide/usb-class.c ---- */
const char *mg_usb_interface_class_name(int cls, int subclass, int protocol);
bool mg_usb_driver_is_generic(const char *driver);

/* ---- procstat.c: /proc/stat and /proc/softirqs, per CPU ---- */
#define MG_WATCH_CPUS_MAX 1024

/* Where a CPU's busy time went, as /proc/stat splits it (user counts nice too). */
enum mg_cpu_part { MG_CPU_USER, MG_CPU_SYSTEM, MG_CPU_HARDIRQ, MG_CPU_SOFTIRQ, MG_CPU_PARTS };

struct mg_cpu_times {
	int cpu;
	unsigned long long net_rx, net_tx;	/* softirqs */
	unsigned long long busy, total;		/* clock ticks */
	unsigned long long part[MG_CPU_PARTS];	/* of busy; steal is busy but in none of them */
	bool have_softirq, have_times;
};

struct mg_cpu_table {
	struct mg_cpu_times *cpus;
	size_t count, alloc;
};

int mg_softirqs_parse(const char *text, struct mg_cpu_table *t);
int mg_procstat_parse(const char *text, struct mg_cpu_table *t);
void mg_cpu_table_free(struct mg_cpu_table *t);
const struct mg_cpu_times *mg_cpu_table_find(const struct mg_cpu_table *t, int cpu);

/* ---- cpubound.c: the CPUs that service an adapter, and whether one of them is the limit ---- */
/* How busy each servicing CPU was between two readings. */
struct mg_cpu_use {
	int cpu;
	double busy_pct, irq_pct;	/* of the interval; irq_pct: hard and soft interrupts */
	double part_pct[MG_CPU_PARTS];	/* busy_pct split; 0 where the readings did not say */
	double net[2];			/* NET_RX, NET_TX softirqs per second */
	bool have_busy, have_softirq;
	bool services;			/* it handles this adapter's interrupts or steered packets */
};

/*
 * At or above MG_CPU_BOUND_PCT in interrupts alone a servicing CPU is the
 * limit. So it is at MG_CPU_SATURATED_PCT busy in all with at least
 * MG_CPU_IRQ_SHARE_PCT in interrupts, while another CPU idles: is below
 * MG_CPU_IDLE_PCT busy, a quarter of its time free to take work (a
 * sender on the other CPU of a two-CPU board leaves no more).
 */
#define MG_CPU_BOUND_PCT 90.0
#define MG_CPU_SATURATED_PCT 90.0
#define MG_CPU_IRQ_SHARE_PCT 25.0
#define MG_CPU_IDLE_PCT 75.0
/* Less than this, in bits per second each way together, is no traffic to speak of. */
#define MG_CPU_TRAFFIC_BPS 1e6

struct mg_cpu_bound {
	int cpu;			/* the limiting servicing CPU; the busiest in interrupts of several */
	double irq_pct, busy_pct;
	double part_pct[MG_CPU_PARTS];	/* where its busy time went */
	double net[2];
	uint64_t idle;			/* the other CPUs below MG_CPU_IDLE_PCT, up to CPU 63 */
	int nidle;
	bool by_softirq;		/* the servicing CPUs were told by softirq rates, not vectors or RPS */
};

/* Per CPU, from two readings @seconds apart; *@use malloc'ed. -ENOMEM. */
int mg_cpu_use_compute(const struct mg_cpu_table *a, const struct mg_cpu_table *b, double seconds,
		       struct mg_cpu_use **use, size_t *count);
/* The CPUs the adapter's vectors run on (effective affinity, else allowed) and its receive queues steer to. */
uint64_t mg_irqs_servicing(const struct mg_irqs *irqs);
/*
 * Mark the servicing CPUs of @use: those of @servicing; with none known,
 * those whose NET_RX and NET_TX softirqs run at a quarter of the busiest's
 * or more (*@by_softirq set).
 */
void mg_cpu_use_mark(struct mg_cpu_use *use, size_t count, uint64_t servicing, bool *by_softirq);
/*
 * Whether a servicing CPU is the adapter's limit (MG_CPU_BOUND_PCT and the
 * others above) while @traffic_bps flows (MG_CPU_TRAFFIC_BPS at least):
 * true with it in @out, and the CPUs that idle meanwhile.
 */
bool mg_cpu_bound_find(const struct mg_cpu_use *use, size_t count, double traffic_bps, struct mg_cpu_bound *out);

/* ---- cable-phys.c: which PHY drivers can test a cable ---- */
struct mg_cable_phy {
	const char *pattern;		/* part of the PHY driver's name */
	enum mg_cable_support support;
	int tdr;
	const char *why_not;
};

const struct mg_cable_phy *mg_cable_phy_lookup(const char *driver);

/* ---- engines.c: the engines that persist settings, in the order they apply them ---- */
struct mg_persist_engine {
	const char *name;  /* as rows name it: "udev", "ifupdown", "systemd-networkd", "NetworkManager" */
	const char *event; /* when it applies: "add", "ifup", "activation" */
	const char *every; /* what each time is, for an impact: "activation of the connection" */
	bool by_file;	   /* its rows say the file they come from */
};
/* The @i-th engine in the order they apply; NULL past the last. */
const struct mg_persist_engine *mg_persist_engine_at(size_t i);
/* @name's place in that order: a later engine's value lasts; -1 for no engine. */
int mg_persist_engine_rank(const char *name);

/* ---- findings.c: the doctor's findings, each with its evidence and fix ---- */
#define MG_EVIDENCE_MAX 8
#define MG_FIX_PARAMS_MAX 4

struct mg_evidence {
	char *fact;
	char *source;
};

struct mg_finding {
	char *id;
	enum mg_severity severity;
	char *nic;
	char *title;
	struct mg_evidence evidence[MG_EVIDENCE_MAX];
	size_t nevidence;
	char *impact;
	double impact_gbps;	/* the ceiling it imposes; < 0 when none */
	char *fix;
	char *fix_command;
	char *fix_ifname;	/* the settings --fix would apply, on this interface */
	struct mg_iface_id fix_id;	/* that interface as the rules saw it */
	struct mg_settings *fix_settings;	/* made from fix_params once the rules ran */
	struct {
		enum mg_param param;
		long long value;
	} fix_params[MG_FIX_PARAMS_MAX];
	size_t nfix_params;
	char *fix_advertise;	/* link modes to advertise ("all"), or NULL */
	int fix_eee;		/* 0 or 1 to turn EEE off or on; -1: leave it */
	int fix_aspm_l1;	/* 0 or 1 to turn ASPM L1 off or on; -1: leave it */
	long long fix_rps_cpus;	/* the CPUs every receive queue steers to, as a mask (bit 63 too); -1: leave them */
};

struct mg_doctor {
	struct mg_finding **items;
	size_t count, alloc;
	unsigned int interval_ms;
	char peer[64];		/* --peer: the address whose path is probed; "" when none */
};

struct mg_finding *mg_finding_add(struct mg_doctor *d, const char *id, enum mg_severity sev,
				  const char *nic);
int mg_finding_title(struct mg_finding *f, const char *fmt, ...) MG_PRINTF(2, 3);
int mg_finding_evidence(struct mg_finding *f, const char *source, const char *fmt, ...) MG_PRINTF(3, 4);
int mg_finding_impact(struct mg_finding *f, double gbps, const char *fmt, ...) MG_PRINTF(3, 4);
int mg_finding_fix(struct mg_finding *f, const char *command, const char *fmt, ...) MG_PRINTF(3, 4);
/* A fix that is a settings change: --fix applies @param = @value to @nic's interface, as examined. */
int mg_finding_fix_param(struct mg_finding *f, const struct mg_nic *nic, enum mg_param param, long long value);
int mg_finding_fix_advertise(struct mg_finding *f, const struct mg_nic *nic, const char *modes);
int mg_finding_fix_eee(struct mg_finding *f, const struct mg_nic *nic, int on);
int mg_finding_fix_aspm_l1(struct mg_finding *f, const struct mg_nic *nic, int on);
int mg_finding_fix_rps_cpus(struct mg_finding *f, const struct mg_nic *nic, uint64_t cpus);
void mg_doctor_rank(struct mg_doctor *d);
void mg_doctor_free_findings(struct mg_doctor *d);

/* ---- rules.c: the doctor's rules, one table of them ---- */
/* Everything a rule may look at for one adapter; any of it may be NULL. */
struct mg_facts {
	const struct mg_nic *nic;
	const char *name;			/* interface, else the device's address */
	const struct mg_pcie_path *path;
	const struct mg_pcie_path *path_before;	/* the first sample, @interval_ms earlier, or NULL */
	unsigned int interval_ms;
	const struct mg_throughput *throughput;
	const struct mg_settings *settings;
	const struct mg_ethlink *link;
	const struct mg_eee *eee;
	const struct mg_stats *stats;
	const struct mg_stats *stats_before;	/* the first sample, or NULL */
	const struct mg_irqs *irqs;
	const struct mg_temps *temps;
	const struct mg_usb_info *usb;
	const struct mg_kernel_log *kernel_log;	/* the adapter's recognised kernel-log lines, or NULL */
	int kernel_log_err;			/* why it was not read: -EPERM, MG_ENOTRECORDED...; 0 */
	const struct mg_nic *lower;		/* a VLAN's or macvlan's lower device, or NULL */
	const struct mg_nic *master;		/* the bridge it is a port of, or NULL */
	int online_cpus;			/* MG_UNKNOWN when unread */
	uint64_t online;			/* which CPUs are online; 0 when unknown */
	/* doctor --peer: the largest size the path to @peer carried out of this interface, by search. */
	const char *peer;			/* NULL when not asked */
	int peer_largest;			/* 0: the peer answered no size; MG_UNKNOWN: not probed */
	bool hardware;				/* not a virtual device (or a test says to take it for one) */
	bool named;				/* the doctor was asked about this adapter alone */
	const struct mg_wiphy *wiphy;		/* a Wi-Fi interface's wiphy, or NULL */
	/* What udev applies at the device's next add, against what runs; NULL when unknown (a capture). */
	const struct mg_persist_status *persist;
	/* Each CPU over the interval, from /proc/stat and /proc/softirqs; NULL without two samples. */
	const struct mg_cpu_use *cpu_use;
	size_t ncpu_use;
};

/* decide/rules-wifi.c: the Wi-Fi rules, rows of the table in rules.c. */
int mg_rule_wifi_regdom(struct mg_doctor *d, const struct mg_facts *f);
int mg_rule_wifi_link_narrow(struct mg_doctor *d, const struct mg_facts *f);
int mg_rule_wifi_pcie_ceiling(struct mg_doctor *d, const struct mg_facts *f);

/* decide/rules.c: every rule, on one adapter's facts. */
int mg_doctor_rules(struct mg_doctor *d, const struct mg_facts *facts);
/* klog-rules.c: the findings the kernel's own lines make. */
int mg_rule_kernel_log(struct mg_doctor *d, const struct mg_facts *f);
/* not-checked.c: what the doctor could not read (the kernel log, config space), and what it lacked. */
int mg_rule_not_checked(struct mg_doctor *d, const struct mg_facts *f);

/* ---- klog.c: who a kernel-log line is about, and what it means ---- */
/* The prefix dev_printk()/netdev_printk() write: "DRIVER DEVICE[ IFNAME]: ", or "IFNAME: ". */
struct mg_klog_prefix {
	char driver[32];
	char device[64];
	char ifname[IFNAMSIZ];
	const char *body;	/* the text after it (all of it when there is none) */
};
void mg_klog_split(const char *text, struct mg_klog_prefix *p);

/* An adapter as the kernel names it in its lines. */
#define MG_KLOG_ABOVE_MAX 16
struct mg_klog_target {
	const char *address;	/* its device (PCI address, USB interface), or NULL */
	const char *ifname;	/* its interface, or NULL */
	int ifindex;		/* 0 when none */
	const char **above;	/* the devices above it (PCIe ports, a USB hub), nabove of them */
	size_t nabove;		/* at most MG_KLOG_ABOVE_MAX */
	const char *hosts[2];	/* its host bridge's device ("1000110000.pcie") and root bus ("0000:00") */
	size_t nhosts;
};
/* "device", "interface", "port", "host bridge": which of @t's names the line carries; NULL for none. */
const char *mg_klog_attribute(const struct mg_klog_target *t, const struct mg_klog_prefix *p, const char *device);

struct mg_klog_match;
struct mg_klog_known {
	const char *id;		/* stable: "unknown-chip", "firmware-missing", "link-up" ... */
	const char *source;	/* the kernel tree's file (and function) that prints it */
	bool (*match)(const char *body, struct mg_klog_match *m);
};
struct mg_klog_match {
	const struct mg_klog_known *known;
	char arg[128];		/* the firmware file, the XID, the rate ... */
	char meaning[320];
	const struct mg_chip *chip; /* unknown-chip: the chip the XID is, when known */
	const char *since;	/* unknown-chip: the first Linux to take this XID, if later than the chip's */
};
/* The known message @body is, its meaning in @m; NULL when none. */
const struct mg_klog_known *mg_klog_match(const char *body, struct mg_klog_match *m);
/* Debian's package for a firmware file ("iwlwifi-..." -> firmware-iwlwifi), or NULL. */
const char *mg_klog_firmware_package(const char *file);

/* ---- pcie-health-text.c: the kernel's text about PCIe link health, parsed ---- */
/* The selected word of a "[default] performance ..." policy line, or -EINVAL. */
int mg_pcie_parse_aspm_policy(const char *text, char *buf, size_t size);
int mg_pcie_parse_aer(const char *text, struct mg_aer_set *set);

/* ---- wifi-rate.c ---- */
struct mg_wifi_phy {
	int nss, subcarriers, bits, rate_num, rate_den;
	int symbol_ns;		/* guard interval included */
};
/* Check a combination and give its numbers; -EINVAL with the reason in @why. */
int mg_wifi_phy_resolve(enum mg_wifi_mode mode, int mcs, int nss, int width_mhz, int gi_ns,
			struct mg_wifi_phy *phy, char *why, size_t size);
double mg_wifi_phy_mbps(const struct mg_wifi_phy *phy);
/* A rate's data subcarriers, coded bits per subcarrier, symbol time with the GI (ns); MG_UNKNOWN for NULL. */
int mg_wifi_rate_get_subcarriers(const struct mg_wifi_rate *rate);
int mg_wifi_rate_get_bits(const struct mg_wifi_rate *rate);
int mg_wifi_rate_get_symbol_ns(const struct mg_wifi_rate *rate);
/* Its coding rate as a fraction, "5/6", in @buf; NULL for NULL. */
const char *mg_wifi_rate_get_coding(const struct mg_wifi_rate *rate, char *buf, size_t size);
/* The share of the PHY rate the model assumes reaches TCP. */
int mg_wifi_efficiency_pct(void);

/* ---- wifi-caps.c: a band's capabilities as nl80211 sends them, decoded ---- */
#define MG_WIFI_BANDS 6		/* nl80211 bands: 2.4, 5, 60, 6 GHz, S1G, LC */
#define MG_WIFI_BAND_2GHZ 0
#define MG_WIFI_BAND_5GHZ 1
#define MG_WIFI_BAND_6GHZ 3
struct mg_wifi_chan {
	int freq_mhz;
	int offset_khz;		/* NL80211_FREQUENCY_ATTR_OFFSET: S1G channels sit between whole MHz */
	bool disabled, no_ir, radar;
};
struct mg_wifi_band {
	bool present;
	bool ht, vht, he, eht;
	bool eht_known;		/* no EHT said by a kernel that would say it */
	char eht_reason[96];
	uint16_t ht_capa;
	uint8_t ht_mcs[16];
	uint32_t vht_capa;
	uint8_t vht_mcs[8];
	uint8_t he_phy[11];
	uint8_t he_mcs[12];
	size_t he_mcs_len;
	uint8_t eht_phy[9];
	uint8_t eht_mcs[9];
	size_t eht_mcs_len;
	struct mg_wifi_chan *chans;
	size_t nchans, chans_alloc;
};
struct mg_wifi_band_caps {
	int max_mode;			/* the newest PHY: enum mg_wifi_mode */
	int max_nss, max_mcs;		/* of that PHY; HT: the per-stream MCS 0..7 */
	int max_width_mhz;
	int ht_nss, ht_max_index;	/* HT MCS indexes 0..ht_max_index */
	int vht_nss, vht_max_mcs, he_nss, he_max_mcs, eht_nss, eht_max_mcs;	/* MG_UNKNOWN without */
	bool eht_320;			/* 320 MHz: 6 GHz with the EHT PHY bit, as iw reads it */
	int enabled, disabled, no_ir;	/* channels */
};
/* The streams of an HE (or VHT) MCS map of 2 bits a stream, 3 for none. */
int mg_wifi_he_map_nss(const uint8_t *map);
void mg_wifi_band_caps(const struct mg_wifi_band *b, int band, struct mg_wifi_band_caps *c);
/* The channel number of a frequency on a band, or MG_UNKNOWN. */
int mg_wifi_channel_number(int band, int freq_mhz);

#endif
