/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * gather/: every read of the machine (live, replay, record) behind one
 * table of operations, and the raw readers under it: sysfs, rtnetlink,
 * generic netlink, libpci, the ioctls, the PCI name databases. It calls
 * base/ only.
 */
#ifndef MG_GATHER_GATHER_H
#define MG_GATHER_GATHER_H

#include <errno.h>

#include "base/base.h"

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

/* ---- linkfile.c: a systemd .link file's lines ---- */
struct mg_linkfile_line {
	char *section, *key, *value; /* in one allocation, text */
	char *text;
	unsigned int instance; /* which [section] of its name it was read in: [SR-IOV] repeats, one per VF */
};
struct mg_linkfile {
	struct mg_linkfile_line *lines;
	size_t count, alloc;
};
void mg_linkfile_init(struct mg_linkfile *f);
void mg_linkfile_clear(struct mg_linkfile *f);
/* 0, -ENOMEM, or -EINVAL with *@bad_line (may be NULL) the number of the line that is none. */
int mg_linkfile_parse(const char *text, struct mg_linkfile *f, int *bad_line);
/* The value the last assignment of @key in @section gives; NULL when none. */
const char *mg_linkfile_get(const struct mg_linkfile *f, const char *section, const char *key);
/* One more line, after the others (a key given again: a list, or the later wins). */
int mg_linkfile_add(struct mg_linkfile *f, const char *section, const char *key, const char *value);
/* @l, of another file, after the others, in the section it was read in. */
int mg_linkfile_add_line(struct mg_linkfile *f, const struct mg_linkfile_line *l);
/* @key's one assignment in @section, after every other line; NULL @value: none. */
int mg_linkfile_set(struct mg_linkfile *f, const char *section, const char *key, const char *value);
/* The file as text, after @header's lines as comments (NULL: none); free *@text. */
int mg_linkfile_format(const struct mg_linkfile *f, const char *header, char **text);

/* ---- udev-net.c: what udev did when an interface was added ---- */
struct mg_udev_net {
	bool initialized;	/* systemd-udevd handled the device; else the rest is empty */
	char link_file[256];	/* the .link file applied: "/usr/lib/systemd/network/99-default.link"; "" none */
	char path[128];		/* ID_PATH: "pci-0000:01:00.0", "pci-0000:00:14.0-usb-0:2:1.0"; "" for a virtual device */
	char driver[64];	/* ID_NET_DRIVER */
	char bus[16];		/* ID_BUS: "pci", "usb"; "" when udev did not say */
};
/* -ENODEV when udev does not know @ifname, -EOPNOTSUPP offline; said in @ctx. */
int mg_udev_net_read(struct mg_ctx *ctx, const char *ifname, struct mg_udev_net *u);
/* A whole text file of at most 64 KiB into *@text (free it); -errno. */
int mg_text_file_read(const char *path, char **text);
/* The .link file at @path and its drop-ins (FILE.d/ *.conf in each of udev's directories), as udev reads them. */
int mg_link_file_read(struct mg_ctx *ctx, const char *path, struct mg_linkfile *f);

/* ---- bus.c: a service on the system bus, and the network namespace it serves ---- */
struct sd_bus;
/*
 * Whether the process owning @name on @bus, whose /proc comm is @comm,
 * lives in this thread's network namespace: 1 or 0; a process of another
 * name (the bus is another PID namespace's) counts as another namespace's.
 * Without root the namespace cannot be seen: taken as ours, since an
 * unprivileged reader changes nothing. -errno when nobody owns @name.
 */
int mg_bus_owner_here(struct sd_bus *bus, const char *name, const char *comm, pid_t *pid);

/* ---- nm.c: what NetworkManager will apply to an interface ---- */
#define MG_NM_BUS_NAME "org.freedesktop.NetworkManager"
#define MG_NM_BUS_PATH "/org/freedesktop/NetworkManager"
/* NM answers in milliseconds; a stuck one must not hold a change or the doctor for sd-bus's 25 s. */
#define MG_NM_TIMEOUT_USEC (2 * 1000 * 1000)
#define MG_NM_KEYS 48
/* The mark's longest text: every key libmultigig writes, with a u32 each, fits. */
#define MG_NM_MARK_MAX 2048
struct mg_nm_key {
	char key[48];	/* "802-3-ethernet.mtu", "ethtool.ring-rx" */
	char value[16]; /* "4000"; a boolean "yes" or "no" */
};
struct mg_nm_view {
	bool running;		/* NetworkManager answers on the system bus */
	bool here;		/* ... and serves this network namespace */
	bool managed;		/* it manages the interface */
	char version[32];	/* "1.42.4" */
	char connection[128];	/* the active connection's name; "" none */
	char uuid[40];
	char profile[128];	/* its profile's object path */
	char type[32];		/* its connection.type: "802-3-ethernet" */
	bool unsaved;		/* its profile lives in memory only, gone at a reboot */
	char mark[MG_NM_MARK_MAX]; /* what libmultigig wrote there (user.data MG_NM_MARK): "KEY=VALUE ..." */
	struct mg_nm_key keys[MG_NM_KEYS]; /* what its profile sets of what libmultigig knows */
	size_t count;
	char why[160]; /* why there is no connection: "NetworkManager is not running" */
};
/*
 * What NetworkManager will apply to @ifname at its next activation. Not
 * running, another namespace's, or an interface it leaves alone are no
 * errors: @v says so in why. -errno, said in @ctx, when it fails to answer.
 */
int mg_nm_read(struct mg_ctx *ctx, const char *ifname, struct mg_nm_view *v);
/*
 * The same of the profile of connection @uuid, active or not (a change
 * made there read back); @v->managed is not known, and false.
 */
int mg_nm_read_profile(struct mg_ctx *ctx, const char *uuid, struct mg_nm_view *v);
/* @key's value in the active connection's profile; NULL when it sets none. */
const char *mg_nm_view_get(const struct mg_nm_view *v, const char *key);
/* Whether the NetworkManager of @v is version @major.@minor or later. */
bool mg_nm_view_since(const struct mg_nm_view *v, int major, int minor);
/* The key of the profile's user data that says what libmultigig wrote into it. */
#define MG_NM_MARK "multigig.persisted"
/* @key's value in @mark ("KEY=VALUE ..."), in @buf; NULL when it has none. */
const char *mg_nm_mark_get(const char *mark, const char *key, char *buf, size_t size);

/* One key of a profile to change, and what the mark says of it. */
enum mg_nm_mark_edit { MG_NM_MARK_KEEP, MG_NM_MARK_SET, MG_NM_MARK_DROP };
struct mg_nm_edit {
	const char *key;   /* "802-3-ethernet.mtu" */
	const char *value; /* "9000", "yes"; NULL: the key goes */
	char type;	   /* its D-Bus type: 'u' or 'b' */
	enum mg_nm_mark_edit mark; /* SET: KEY=value in the mark */
};
/* How the profile is kept: on disk, or in memory over the file on disk, which a reboot brings back. */
enum mg_nm_keep { MG_NM_TO_DISK = 0x1, MG_NM_IN_MEMORY = 0x2 };
/*
 * The profile of connection @uuid with @edits made, everything else as it
 * is (its secrets too), kept as @keep says, through NetworkManager's
 * Update2. No edits: the profile as it is, kept so (a confirmation).
 * -errno, said in @ctx, with NM's own words also in ctx->extack.
 */
int mg_nm_update(struct mg_ctx *ctx, const char *uuid, const struct mg_nm_edit *edits, size_t n,
		 enum mg_nm_keep keep);

/* ---- networkd.c: what systemd-networkd will apply to an interface ---- */
struct mg_networkd_view {
	bool running;	/* systemd-networkd answers on the system bus */
	bool here;	/* ... and serves this network namespace */
	bool managed;	/* a .network file of its applies to the interface */
	char state[24]; /* its administrative state: "configured", "unmanaged", "pending" */
	char file[256]; /* the .network file */
	char mtu[32];	/* its [Link] MTUBytes= in bytes ("9K" is "9216"); "" when it sets none or is not known */
	char why[320];	/* why it applies nothing, or what is not known: "systemd-networkd is not running" */
};
/*
 * What systemd-networkd will apply to interface @ifindex (@ifname, for the
 * words). Not running, another namespace's, or an interface it leaves
 * alone are no errors: @v says so in why. -errno, said in @ctx, when it
 * fails to answer or its file cannot be read.
 */
int mg_networkd_read(struct mg_ctx *ctx, int ifindex, const char *ifname, struct mg_networkd_view *v);

/* ---- ifupdown.c: what ifupdown will apply to an interface ---- */
#define MG_IFUPDOWN_OPTS 48
struct mg_ifupdown_opt {
	char key[48];	/* "mtu", "hardware-dma-ring-rx", "offload-gro", "ethernet-wol" */
	char value[32]; /* as the stanza has it: "4000", "off", "g" */
	char file[256]; /* the file of its line */
};
struct mg_ifupdown_view {
	bool stanza;  /* an iface stanza names the interface */
	bool at_boot; /* ... and an auto or allow-hotplug line: ifup runs on its own, at boot or at the add */
	struct mg_ifupdown_opt opts[MG_IFUPDOWN_OPTS]; /* what it sets of what libmultigig knows */
	size_t count;				       /* 0 unless at_boot: by hand, nothing lasts */
	char why[192];				       /* why it carries nothing */
};
/*
 * What ifup will apply to @ifname, from @top (/etc/network/interfaces) and
 * what it sources. No file, no stanza, a stanza for ifup by hand and files
 * ifup would reject are no errors: @v says so in why. -errno, said in
 * @ctx, for a file unreadable.
 */
int mg_ifupdown_read_at(struct mg_ctx *ctx, const char *top, const char *ifname, struct mg_ifupdown_view *v);
int mg_ifupdown_read(struct mg_ctx *ctx, const char *ifname, struct mg_ifupdown_view *v);
/* @key's option in the stanza, and its value; NULL when it sets none. */
const struct mg_ifupdown_opt *mg_ifupdown_view_find(const struct mg_ifupdown_view *v, const char *key);
const char *mg_ifupdown_view_get(const struct mg_ifupdown_view *v, const char *key);

/* ---- sysfs-netns.c: whether the sysfs read is this network namespace's ---- */
/*
 * 0 when the context's tree is this namespace's sysfs (or no sysfs: a
 * captured tree); -EXDEV, with @why, when it shows another namespace, where
 * @ifname (index @ifindex here) may be another interface.
 */
int mg_sysfs_netns_check(struct mg_ctx *ctx, int ifindex, const char *ifname, char *why, size_t size);
/*
 * Its two halves, for a caller that checks many interfaces and has their
 * addresses from a dump already. The proof, the same for every interface:
 * 0 or -EXDEV as above, or -errno; 1 when it cannot be made here (without
 * CAP_SYS_ADMIN, or under valgrind): then each interface's address tells.
 */
int mg_sysfs_netns_same(struct mg_ctx *ctx, char *why, size_t size);
/*
 * The weaker check: 0 when the sysfs shows @ifname with the address @mac
 * netlink gave (or @mac is none); -EXDEV, with @why, when it does not.
 */
int mg_sysfs_netns_address(struct mg_ctx *ctx, const char *ifname, const char *mac, char *why, size_t size);

/* ---- pci-dump.c: libpci, for config spaces from a dump file ---- */
void mg_pci_free(struct mg_pci *pci);


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
/* libpci's dump method. */
int mg_pci_dump_config(struct mg_ctx *ctx, const struct mg_pci_addr *addr, uint8_t *buf, size_t size,
		       char *why, size_t why_size);
int mg_pci_dump_parent(struct mg_ctx *ctx, const struct mg_pci_addr *child, struct mg_pci_addr *parent);

/* ---- pci-names.c: names from udev's hwdb, else from pci.ids ---- */
void mg_pci_namedb_free(struct mg_pci_namedb *db);
/* Fill @buf with a name for the ids; returns NULL when neither source has one. */
const char *mg_pci_vendor_name(struct mg_ctx *ctx, int vendor, char *buf, size_t size);
const char *mg_pci_device_name(struct mg_ctx *ctx, int vendor, int device, char *buf, size_t size);
const char *mg_pci_subsystem_name(struct mg_ctx *ctx, int vendor, int device,
				  int sub_vendor, int sub_device, char *buf, size_t size);

/* libpci's longest pci.ids line (MAX_LINE), newline included. */
#define MG_PCI_IDS_LINE 1024

/* Ids to name: device < 0 asks for the vendor only, sub_vendor < 0 leaves the subsystem out. */
struct mg_pci_ids_key {
	int vendor, device;
	int sub_vendor, sub_device;
};

/* What one source holds for a key; "" where it has no entry. */
struct mg_pci_ids_names {
	char vendor[MG_PCI_IDS_LINE];
	char device[MG_PCI_IDS_LINE];
	char subsystem[MG_PCI_IDS_LINE]; /* the entry under the device, not libpci's fallbacks */
};

/* Where a vendor's line starts in pci.ids, for the next question about that vendor. */
struct mg_pci_ids_mark {
	int vendor;	/* -1: none yet */
	off_t offset;
};

/*
 * Read the pci.ids at @path only as far as @key needs, from @mark when it
 * is @key's vendor (any offset is safe: reading realigns on a line, and a
 * vendor not found there is searched from the start). @mark may be NULL.
 * Returns 0 (names found or not), or a negative errno when the file cannot
 * be opened or read.
 */
int mg_pci_ids_read(const char *path, const struct mg_pci_ids_key *key, struct mg_pci_ids_mark *mark,
		    struct mg_pci_ids_names *names);

/* The same from udev's hwdb; -ENOENT when the machine has none. */
int mg_pci_hwdb_read(struct mg_ctx *ctx, const struct mg_pci_ids_key *key, struct mg_pci_ids_names *names);

/* ---- rtnl.c: what rtnetlink (or a capture) says about an interface ---- */
struct mg_link {
	char name[IFNAMSIZ];
	int ifindex;
	char kind[32];		/* IFLA_INFO_KIND, "" when none */
	char operstate[16];
	int carrier;
	int mtu, min_mtu, max_mtu;
	char mac[64];
	char perm_mac[18];	/* IFLA_PERM_ADDRESS (5.6+): the Ethernet address it came with; "" when none */
	char parent[64];	/* IFLA_PARENT_DEV_NAME */
	unsigned int flags;	/* IFF_* */
	int lower_ifindex;	/* IFLA_LINK: a VLAN's or macvlan's lower device; 0 when none (a veth's peer is none) */
	int master_ifindex;	/* IFLA_MASTER: the bridge or bond it is a port of; 0 when none */
	struct mg_counters counters; /* IFLA_STATS64 and the carrier counts */
};
void mg_link_init(struct mg_link *link);
/* An RTM_NEWLINK into @link (set up by mg_link_init); -EPROTO. Pure, for tests too. */
int mg_link_parse_raw(const struct nlmsghdr *nlh, struct mg_link *link);

/* One RTM_GETLINK dump; *links is malloc'ed. */
int mg_rtnl_dump_links(struct mg_ctx *ctx, struct mg_link **links, size_t *count);
int mg_rtnl_get_link(struct mg_ctx *ctx, const char *name, int ifindex, struct mg_link *link);
void mg_rtnl_close(struct mg_ctx *ctx);

/* addr.c: one address of an interface, as RTM_GETADDR says. */
struct mg_ifaddr {
	int family;		/* AF_INET or AF_INET6 */
	int ifindex;
	int prefixlen;
	uint8_t local[16];	/* this machine's: 4 bytes for IPv4, 16 for IPv6 */
	uint8_t broadcast[4];	/* IPv4's IFA_BROADCAST; all zero when none */
};
/* An RTM_NEWADDR into @a: -ENOENT for a family other than IPv4's and IPv6's, -EPROTO. Pure. */
int mg_ifaddr_parse_raw(const struct nlmsghdr *nlh, struct mg_ifaddr *a);
/* Every address of every interface of this namespace: one dump; *addrs is malloc'ed. */
int mg_rtnl_dump_addrs(struct mg_ctx *ctx, struct mg_ifaddr **addrs, size_t *count);

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

/* genl.c: an ethtool reply's attributes and its header nest. */
struct nlattr;
struct nla_policy;
int mg_ethtool_parse_genl(const struct nlmsghdr *nlh, int cmd, struct nlattr **tb, int maxattr,
			  const struct nla_policy *policy);
void mg_ethtool_parse_header(struct nlattr *nest, int *ifindex, char *ifname, size_t size);

/*
 * strset.c: one STRSET_GET reply: set @id into @set when it holds it
 * (names left NULL when not); -EPROTO when malformed.
 */
struct nlmsghdr;
int mg_strset_parse_reply(const struct nlmsghdr *nlh, unsigned int id, struct mg_strset *set);
/* -ENOENT when the answer holds no set @id; else as the request failed. */
int mg_strset_read(struct mg_ctx *ctx, unsigned int id, struct mg_strset *set);
void mg_strset_clear(struct mg_strset *set);
/* @set, a shared one, held once more: returned. */
struct mg_strset *mg_strset_ref(struct mg_strset *set);
/* One hold of a shared @set let go: freed with the last. */
void mg_strset_unref(struct mg_strset *set);
/* The name of bit @index, or NULL. */
const char *mg_strset_name(const struct mg_strset *set, size_t index);


/* ---- kmsg.c: the kernel log (/dev/kmsg), one pass from the oldest record ---- */
/* The kernel writes a record in at most 8 kB (CONSOLE_EXT_LOG_MAX); anything longer is not one. */
#define MG_KMSG_RECORD_MAX 16384
#define MG_KMSG_KEY_MAX 128

/* One record as read: its text escaped (printable ASCII only); valid during the callback. */
struct mg_kmsg_record {
	int level;		/* 0 (emergency) .. 7 (debug) */
	int facility;		/* 0 the kernel's; 1 (user) for lines written into /dev/kmsg */
	uint64_t seq, usecs;	/* sequence number; monotonic time since boot */
	const char *text;
	const char *subsystem;	/* SUBSYSTEM= of the dictionary, "" when none */
	const char *device;	/* DEVICE= ("+pci:0000:01:00.0", "n3"), "" when none */
	bool after_gap;		/* records before this one were overwritten while reading */
	const char *raw;	/* the record as read, for a capture */
	size_t raw_len;
};

/* Called for each record: > 0 when it was used (a capture keeps it), 0 when not, < 0 stops. */
typedef int (*mg_kmsg_fn)(const struct mg_kmsg_record *rec, void *data);

struct mg_kmsg_pass {
	mg_kmsg_fn fn;
	void *data;
	size_t records;		/* handed to @fn */
	unsigned int overwritten; /* times the writer overtook the reader (EPIPE) */
	unsigned int garbage;	/* records that could not be parsed, skipped */
	/* A recorder's copy of what is used; set by gather-record.c. */
	void (*keep)(void *keep_data, const char *raw, size_t len);
	void *keep_data;
	/* The implementations' own */
	bool gap;
	char *text;
	char subsystem[MG_KMSG_KEY_MAX];
	char device[MG_KMSG_KEY_MAX];
};

void mg_kmsg_pass_init(struct mg_kmsg_pass *p, mg_kmsg_fn fn, void *data);
void mg_kmsg_pass_clear(struct mg_kmsg_pass *p);
/* Parse one record (pure; the text goes into @p's buffer): 0, -EBADMSG, -ENOMEM. */
int mg_kmsg_parse(struct mg_kmsg_pass *p, const char *raw, size_t len, struct mg_kmsg_record *rec);
/* Hand one raw record on (garbage counted, not fatal); what the callback said when it stops. */
int mg_kmsg_deliver(struct mg_kmsg_pass *p, const char *raw, size_t len);
void mg_kmsg_overwritten(struct mg_kmsg_pass *p);
/* Live: -EPERM where reading needs CAP_SYSLOG; -ENOENT without /dev/kmsg. */
int mg_kmsg_read_live(struct mg_ctx *ctx, struct mg_kmsg_pass *p);
/* A capture's text: records, "!EPIPE" where the reader was overtaken, "!error N" for a failed read. */
int mg_kmsg_replay_text(struct mg_kmsg_pass *p, const char *buf, size_t len);

/* ---- gather-record.c: what a capture keeps of a reply ---- */
/*
 * A reply as a capture writes it: a Wake-on-LAN reply (@ethtool_cmd
 * ETHTOOL_MSG_WOL_GET) copied into @buf with its SecureOn password zeroed,
 * every other one as it is; NULL when a Wake-on-LAN reply does not fit
 * @buf (it is then not written).
 */
const struct nlmsghdr *mg_capture_scrub(const struct nlmsghdr *nlh, int ethtool_cmd, void *buf, size_t size);

/* ---- gather.c: the table of operations; gather-live.c, gather-replay.c and gather-record.c fill it ---- */
struct nlmsghdr;
struct nl_msg;
struct mg_gather;

/* Called for each name in a directory; a negative return stops the walk. */
typedef int (*mg_gather_entry_fn)(struct mg_ctx *ctx, const char *name, void *data);
/* Called for each reply of an ethtool request; a negative return stops. */
typedef int (*mg_gather_reply_fn)(const struct nlmsghdr *nlh, void *data);

/*
 * An ethtool GET: the device by index (preferred) or name, or neither for a
 * dump of every device, or @global for a request about none (the kernel's
 * own string sets). @header is the message's header attribute in the
 * request and its replies, 0 for the usual 1 (STATS has a pad attribute
 * first and its header at 2); @flags go into ETHTOOL_A_HEADER_FLAGS.
 * @put_attrs, when set, adds the request's own attributes after the header
 * (STATS_GET's groups); replies are recorded and replayed by @cmd alone, so
 * one message is always asked with the same attributes.
 */
struct mg_ethtool_req {
	int cmd;
	int header;
	int ifindex;
	const char *ifname;
	unsigned int flags;
	bool global;
	int (*put_attrs)(struct nl_msg *msg, const void *arg);
	const void *attrs_arg;
};

/*
 * An nl80211 GET: @dump asks every object (a GET_WIPHY dump is always
 * split, NL80211_ATTR_SPLIT_WIPHY_DUMP); @wiphy >= 0 and @ifindex > 0 say
 * which wiphy or interface it is about (a dump filtered by the kernel).
 * Replies are recorded and replayed by @cmd, and replay keeps those about
 * the wiphy or interface asked.
 */
struct mg_nl80211_req {
	int cmd;
	bool dump;
	int wiphy;
	int ifindex;
};

struct mg_gather_ops {
	const char *name;
	/* A file below the tree's root (sysfs-shaped): bytes read, or -errno. */
	int (*read)(struct mg_gather *g, const char *rel, void *buf, size_t size);
	/* A symbolic link's target, as written. */
	int (*readlink)(struct mg_gather *g, const char *rel, char *buf, size_t size);
	/* The names in a directory, hidden ones left out. */
	int (*list)(struct mg_gather *g, const char *rel, mg_gather_entry_fn fn, void *data);
	/* 0 when the path exists, links followed. */
	int (*exists)(struct mg_gather *g, const char *rel);
	/* A procfs file ("interrupts", "net/dev"). */
	int (*proc_read)(struct mg_gather *g, const char *rel, void *buf, size_t size);
	/* Every link: one RTM_GETLINK dump. *links is malloc'ed. */
	int (*links)(struct mg_gather *g, struct mg_link **links, size_t *count);
	/* One link by name, or by index when @ifindex > 0: one request. */
	int (*link)(struct mg_gather *g, const char *name, int ifindex, struct mg_link *link);
	/* Driver, versions and bus address of one interface. */
	int (*drvinfo)(struct mg_gather *g, const char *ifname, struct mg_drvinfo *info);
	/* An ethtool GET request or dump; replies go to @fn. */
	int (*ethtool)(struct mg_gather *g, const struct mg_ethtool_req *req, mg_gather_reply_fn fn,
		       void *data);
	/*
	 * A driver's own counters (`ethtool -S`: the SIOCETHTOOL ioctl, which
	 * netlink lacks). *counters is malloc'ed; -EOPNOTSUPP when it has none.
	 */
	int (*driver_stats)(struct mg_gather *g, const char *ifname, struct mg_counter **counters,
			    size_t *count);
	/* An nl80211 GET request or dump; replies go to @fn. */
	int (*nl80211)(struct mg_gather *g, const struct mg_nl80211_req *req, mg_gather_reply_fn fn, void *data);
	/* The kernel log, one pass from its oldest record: each record to @p's callback. */
	int (*kmsg)(struct mg_gather *g, struct mg_kmsg_pass *p);
	void (*free)(struct mg_gather *g);
};

/* A directory tree read through a descriptor; see file.c. */
struct mg_tree {
	int fd;
	bool confined;	/* resolve every path inside the root (a replayed tree) */
	bool walk;	/* no openat2() here: confine by walking each component */
	/*
	 * The kernel's sysfs: a read that comes back short of what was asked
	 * reached the end (an attribute is written whole at once), so no
	 * second read is made to see the end; procfs may stop short sooner.
	 */
	bool short_is_end;
};

/* What every implementation starts with. */
struct mg_gather {
	const struct mg_gather_ops *ops;
	struct mg_ctx *ctx;	/* for the log, the last error and the request count */
	char *root;		/* the tree's root, no trailing slash, for messages */
	struct mg_tree tree;	/* the same, open (fd -1 for a recorder) */
};

int mg_gather_live_new(struct mg_ctx *ctx, struct mg_gather **g);
int mg_gather_replay_new(struct mg_ctx *ctx, const char *root, struct mg_gather **g);
/* Record what @inner reads into the empty directory open as @dirfd. */
int mg_gather_record_new(struct mg_ctx *ctx, struct mg_gather *inner, int dirfd,
			 struct mg_gather **g);
/* Write what only memory holds (sidecars); then free. */
int mg_gather_record_finish(struct mg_gather *g);
void mg_gather_free(struct mg_gather *g);

/* ---- shared by the implementations ---- */

int mg_tree_open(struct mg_tree *t, const char *root, bool confined);
void mg_tree_close(struct mg_tree *t);
/* A file's bytes, not following its last component; -errno. */
int mg_tree_read(const struct mg_tree *t, const char *rel, void *buf, size_t size);
int mg_tree_read_all(const struct mg_tree *t, const char *rel, size_t max, char **buf, size_t *len);
int mg_tree_readlink(const struct mg_tree *t, const char *rel, char *buf, size_t size);
int mg_tree_list(struct mg_ctx *ctx, const struct mg_tree *t, const char *rel, mg_gather_entry_fn fn,
		 void *data);
int mg_tree_exists(const struct mg_tree *t, const char *rel, bool follow);

/* Sidecars: netlink and ethtool facts kept beside a captured tree. */
int mg_sidecar_read(struct mg_gather *g, const char *ifname, struct mg_link *link,
		    struct mg_drvinfo *info);
int mg_sidecar_write(struct mg_ctx *ctx, int dirfd, const char *ifname, const struct mg_link *link,
		     const struct mg_drvinfo *info);

/* Whether @req asks every device: neither one device nor none. */
static inline bool mg_ethtool_req_dump(const struct mg_ethtool_req *req)
{
	return !req->global && req->ifindex <= 0 && !req->ifname;
}

/* The header attribute of a request's message: 1 unless it says otherwise. */
static inline int mg_ethtool_req_header(const struct mg_ethtool_req *req)
{
	return req->header > 0 ? req->header : 1;
}

/* drvinfo.c: one SIOCETHTOOL ioctl about @ifname (its socket opened once per context); -errno. */
int mg_ethtool_ioctl(struct mg_ctx *ctx, const char *ifname, void *data);

/* dstats.c: the ioctl; and the text a capture keeps them in, "VALUE NAME" lines. */
int mg_dstats_get(struct mg_ctx *ctx, const char *ifname, struct mg_counter **counters, size_t *count);
int mg_dstats_parse(const char *text, size_t len, struct mg_counter **counters, size_t *count);
/* The text of @count counters, malloc'ed in *text. */
int mg_dstats_format(const struct mg_counter *counters, size_t count, char **text, size_t *len);

/*
 * What replay answers for a message the capture holds none of (a capture
 * made before it was recorded): its own code, so that a driver's -ENODATA
 * in a live dump is never taken for it.
 */
#define MG_ENOTRECORDED (-ENOMSG)

/*
 * What a failed read of @what ("EEE state", "ring sizes") about @ifname
 * says, with the kernel's extended ack: a capture without it is -ENODATA.
 */
int mg_gather_read_failed(struct mg_ctx *ctx, const char *ifname, const char *what, int err);

/* Where a capture keeps what netlink and procfs said. */
#define MG_CAPTURE_NET "multigig/net"
#define MG_CAPTURE_ETHTOOL "multigig/ethtool"
#define MG_CAPTURE_PROC "multigig/proc"
#define MG_CAPTURE_DSTATS "multigig/ethtool-stats"
#define MG_CAPTURE_NL80211 "multigig/nl80211"
#define MG_CAPTURE_KMSG "multigig/kmsg"

/* ---- what feature code calls: the context's gatherer ---- */
int mg_gather_read(struct mg_ctx *ctx, const char *rel, void *buf, size_t size);
int mg_gather_readlink(struct mg_ctx *ctx, const char *rel, char *buf, size_t size);
int mg_gather_list(struct mg_ctx *ctx, const char *rel, mg_gather_entry_fn fn, void *data);
int mg_gather_exists(struct mg_ctx *ctx, const char *rel);
int mg_gather_proc_read(struct mg_ctx *ctx, const char *rel, void *buf, size_t size);
/* The kernel's release ("6.1.0-57-amd64"), from procfs: a capture keeps it. */
int mg_gather_kernel_release(struct mg_ctx *ctx, char *buf, size_t size);
int mg_gather_links(struct mg_ctx *ctx, struct mg_link **links, size_t *count);
int mg_gather_link(struct mg_ctx *ctx, const char *name, int ifindex, struct mg_link *link);
/* The same, a failure said in @ctx: "no network interface named 'x'" (or with index N) ... */
int mg_gather_link_said(struct mg_ctx *ctx, const char *name, int ifindex, struct mg_link *link);
int mg_gather_drvinfo(struct mg_ctx *ctx, const char *ifname, struct mg_drvinfo *info);
int mg_gather_ethtool(struct mg_ctx *ctx, const struct mg_ethtool_req *req, mg_gather_reply_fn fn,
		      void *data);
/* Whether dumps are asked of one interface (see mg_gather_ethtool()). */
static inline bool mg_gather_scoped(const struct mg_ctx *ctx)
{
	return ctx->scope_ifindex > 0;
}
int mg_gather_driver_stats(struct mg_ctx *ctx, const char *ifname, struct mg_counter **counters,
			   size_t *count);
/* One pass over the kernel log (see struct mg_kmsg_pass); MG_ENOTRECORDED from an older capture. */
int mg_gather_kmsg(struct mg_ctx *ctx, struct mg_kmsg_pass *p);

int mg_ethtool_open(struct mg_ctx *ctx);
void mg_ethtool_close(struct mg_ctx *ctx);

/* genl.c: the nl80211 family, and the message of one request or dump of it. */
int mg_nl80211_open(struct mg_ctx *ctx);
void mg_nl80211_close(struct mg_ctx *ctx);
struct nl_msg *mg_nl80211_request(struct mg_ctx *ctx, const struct mg_nl80211_req *req);
/* The u32 attribute @type at the top of a generic netlink message, or -1. */
long mg_genl_top_u32(const struct nlmsghdr *nlh, int type);
int mg_gather_nl80211(struct mg_ctx *ctx, const struct mg_nl80211_req *req, mg_gather_reply_fn fn, void *data);

/* ---- probe.c: whether the path to an address carries a size (ICMP echo, don't fragment) ---- */
/* An IPv4 or IPv6 address, written as one (no name is looked up). */
bool mg_probe_address_ok(const char *address);
/*
 * Send echoes of @size bytes (IP header included) with don't-fragment out
 * of interface @ifindex (0: as routed), up to @tries, each waited for
 * @timeout_ms: 0 when one is answered; -ETIMEDOUT when none is; -EMSGSIZE
 * when the interface's own MTU is smaller; -EPERM without the privilege to
 * probe; -EINVAL for a bad address. Every failure is said in @ctx.
 */
int mg_probe_path(struct mg_ctx *ctx, const char *address, int ifindex, int size, int tries, int timeout_ms);
/* The largest size between @known (answered) and @upto (not) that is answered, by halving. */
int mg_probe_largest(struct mg_ctx *ctx, const char *address, int ifindex, int known, int upto, int *largest);

/* ---- peer.c: what can be the peer of a path check: one other host on the link ---- */
enum mg_peer_kind {
	MG_PEER_HOST,
	MG_PEER_UNSPECIFIED,		/* 0.0.0.0, :: */
	MG_PEER_LOOPBACK,		/* 127/8, ::1 */
	MG_PEER_MULTICAST,		/* 224/4, ff00::/8 */
	MG_PEER_BROADCAST,		/* 255.255.255.255 */
	MG_PEER_V4_MAPPED,		/* ::ffff:a.b.c.d */
	MG_PEER_SUBNET_BROADCAST,	/* the broadcast address of a subnet of @addrs */
	MG_PEER_OWN,			/* one of @addrs */
};
/*
 * What @address is, against this namespace's @addrs (@count 0: by itself);
 * *which, when not NULL, is the entry of @addrs it matched. Pure.
 */
enum mg_peer_kind mg_peer_kind(const char *address, const struct mg_ifaddr *addrs, size_t count, size_t *which);
/*
 * 0 when @address can be a peer; else -EINVAL, the reason said in @ctx.
 * Live, this namespace's addresses are read (one RTM_GETADDR dump); a
 * captured tree is checked on the address alone.
 */
int mg_probe_check_peer(struct mg_ctx *ctx, const char *address);

#endif
