/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * apply/: changing interfaces. A plan (plan.c) names interfaces as they
 * were examined and what to set on each; the transaction (transaction.c)
 * locks every one (iflock.c), checks each index still holds the
 * interface examined (iface-id.c), writes one journal for the whole plan
 * (journal.c) in a namespace named by what the kernel does not reuse
 * (netns.c), makes each interface's steps (apply.c) and on a failure
 * restores them (restore.c); plan.c and journal-api.c (rollback, undo,
 * confirm, the journals' list) are the API on top.
 * What each group of settings is to these steps is its own file behind
 * the group table (groups.c): the parameters (params.c), features.c,
 * eee.c, advertise.c, aspm.c, steer.c and wol.c, with what they share in
 * change.c.
 */
#ifndef MG_APPLY_APPLY_H
#define MG_APPLY_APPLY_H

#include "model/model.h"

void mg_iface_id_from_link(const struct mg_link *link, struct mg_iface_id *id);
/* -ENODEV, said in @ctx, when @nic has no interface. */
int mg_iface_id_from_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_iface_id *id);
/*
 * Whether the interface at @id's index is still the one @id describes: 0,
 * with what it is now in @now (may be NULL); -ENODEV when no interface has
 * that index; -ESTALE when another one has it. @same_name: the name must
 * be the same too (a plan about to change it); without, a renamed
 * interface with the same kind, device and address is the same one (a
 * rollback after the crash of a process that examined it).
 */
int mg_iface_id_check(struct mg_ctx *ctx, const struct mg_iface_id *id, bool same_name, struct mg_link *now);

/* ---- netns.c: the namespace the context's requests go to ---- */
struct mg_netns {
	char id[32];		  /* "c4096": its cookie; "i4026531840": its inode where there is no cookie */
	unsigned long long inode; /* 0 when unknown */
	char boot[40];		  /* this boot's id; "" when unknown */
};

int mg_netns_self(struct mg_ctx *ctx, struct mg_netns *ns);

/* What a journal's namespace is to this one. */
enum mg_netns_is {
	MG_NETNS_THIS,	/* this namespace, this boot */
	MG_NETNS_GONE,	/* a namespace that no longer exists, or an earlier boot */
	MG_NETNS_OTHER, /* another namespace that may still exist */
};
/*
 * @why says how it was told ("its network namespace no longer exists").
 * What holds namespaces is looked for once, into *@live (NULL at first;
 * mg_netns_live_free() after the last comparison).
 */
struct mg_netns_live;
enum mg_netns_is mg_netns_compare(const struct mg_netns *self, const struct mg_netns *other,
				  struct mg_netns_live **live, char *why, size_t size);
void mg_netns_live_free(struct mg_netns_live *live);

/* ---- the per-interface steps (apply.c) ---- */
struct mg_change {
	enum mg_param_group group;
	char name[MG_FEATURE_NAME]; /* as `set` spells it: "mtu", "eee", "advertise", "aspm-l1", "rx-gro" */
	enum mg_param param;	    /* for the groups of parameters only */
	long long old_value, new_value;
	long long expect; /* what the change left in place: new_value, or what the driver made of it */
	long long found;  /* MG_CHANGE_LEFT: the value another writer put there */
	enum mg_change_state state;
	bool restore; /* chosen for the restore under way */
	/* ASPM L1: the L1 substates (MG_PCIE_ASPM_L1_1...) to turn back on when this sets L1 on again. */
	int aspm_substates;
	/* RPS, XPS: the queue's number; IRQ affinity: the vector's. Their values are CPU masks. */
	int index;
};

/* The bitmaps of a change of advertised modes: as enum mg_change_value. */
#define MG_MODES_VALUES 4

/* What a transaction plans and does on one interface. */
struct mg_apply_part {
	struct mg_iface_id id;
	struct mg_change changes[MG_CHANGE_MAX];
	size_t count;
	int failed_group;
	int rolled_back;
	char kernel_message[256]; /* the extended ack of the failed request */
	char skipped[600];	  /* a rollback that could not reach the interface: why (it is gone) */
	/* The one change of advertised modes: old, new, expect, found, and their names. */
	struct mg_linkmodes adv[MG_MODES_VALUES];
	char adv_text[MG_MODES_VALUES][1024];
	/* The PCI function whose link/l1_aspm the ASPM change writes, relative to the sysfs root. */
	char aspm_dir[MG_ASPM_DIR_MAX];
	/* The interface's directory, relative to the sysfs root, whose queues/ RPS and XPS write. */
	char steer_dir[MG_ASPM_DIR_MAX];
	/* Persisting: our .link file, its text before (NULL: none) and the text written (NULL: removed). */
	char persist_file[256];
	char persist_keys[256]; /* the keys written: "MTUBytes=9000 RxBufferSize=4096" */
	char *persist_old, *persist_new;
	/* Persisting into NetworkManager: the connection's uuid and name. */
	char nm_uuid[40];
	char nm_connection[128];
	/* Its changes stay only if confirmed: what lasts beyond a reboot waits beside its place until then. */
	bool unconfirmed;
};

/* What the API hands out: the parts, in the plan's order, and how it ended. */
struct mg_apply_result {
	struct mg_apply_part **parts;
	size_t count;
	int failed_part; /* the part whose step failed; -1 */
	int failed_group;
	int rolled_back;
	char kernel_message[256];
	char message[1024]; /* what happened, in one sentence; "" when nothing failed */
	/* MG_APPLY_HOLD: the held journal and the hold on it; -1 once let go. */
	char held_file[96];
	int hold_fd;
};

struct mg_features;
struct mg_eee;
struct mg_ethlink;

/* The ASPM L1 control of an interface's PCIe link, as sysfs shows it. */
struct mg_aspm_now {
	char dir[MG_ASPM_DIR_MAX]; /* the adapter's PCI function; "" when it is not on PCI */
	char not_pci[64];	   /* then why: "it is a USB adapter" */
	int l1;			   /* link/l1_aspm: 1 or 0; MG_UNKNOWN when the kernel offers no such file */
	int substates;		   /* the L1 substates on (MG_PCIE_ASPM_L1_1...), 0 when none or unknown */
	int write_err;		   /* 0 when link/l1_aspm can be written; -EACCES, -EROFS... */
	char policy[24];	   /* the kernel's pcie_aspm policy; "" when unknown */
};

/* The CPU masks of an interface's queues or vectors, as steer.c reads them. */
struct mg_steer_item {
	int index;	/* the queue's number, the vector's */
	uint64_t mask;
	int err;	/* 0; -ERANGE (a CPU past 63), -EINVAL (unreadable) */
};

struct mg_steer_now {
	char netdir[MG_ASPM_DIR_MAX]; /* the interface's directory below the sysfs root; "" when not found */
	char not_found[96];	      /* then why */
	char function[MG_ASPM_DIR_MAX]; /* IRQ affinity: its PCI function; "" when not on PCI */
	char no_vectors[96];	      /* IRQ affinity: why there are none */
	uint64_t present;	      /* the CPUs present; 0 when unknown */
	int present_err;	      /* -ERANGE: a CPU past 63 */
	uint64_t online;	      /* the CPUs online; 0 when unknown */
	struct mg_steer_item items[MG_STEER_GROUPS][MG_STEER_MAX];
	size_t count[MG_STEER_GROUPS];
	bool too_many[MG_STEER_GROUPS]; /* more queues or vectors than MG_STEER_MAX */
};

/* ---- persist.c: our .link file for the interface, as it is now ---- */
/* The first line of every .link file libmultigig writes, after "# ": what --status and --remove go by. */
#define MG_LINK_MARK "Written by libmultigig."
struct mg_link_target {
	char file[256];		/* ours: /etc/systemd/network/10-multigig-KEY.link */
	char match_key[24];	/* [Match]'s "Path", "PermanentMACAddress" or "OriginalName" */
	char match_value[128];
	char mac_key[24];	/* a second [Match] line, "PermanentMACAddress" where the path is shared; "" none */
	char mac_value[18];
	char how[128];		/* "by its device path, which a reboot keeps" */
};
/* Whether what @want asks to persist is what runs now: it names no setting (persist IFACE). */
bool mg_persist_of_running(const struct mg_settings *want);
/* A persist-nm change's value where the profile sets none: NM leaves the setting as it finds it. */
#define MG_NM_UNSET (-3)
/* Whether NetworkManager's connection in @nm carries parameter @p at its activation: then it persists there. */
bool mg_nm_carries(const struct mg_nm_view *nm, enum mg_param p);
struct mg_persist_now {
	bool read;		   /* udev and our file were read */
	int err;		   /* -errno when no file can be ours: why, in .why */
	char why[512];
	struct mg_link_target lt;  /* where ours goes, what it matches */
	char applies[256];	   /* the .link file udev applied at the device's last add; "" none */
	char *text;		   /* ours now; NULL: none */
	long long hash;		   /* mg_persist_hash() of it; 0: no file */
};
/* A text's hash as the persisting step's values: 0 for none, else positive. */
long long mg_persist_hash(const char *text);

/*
 * What the groups' ops read and compare against: each group with a reader
 * (mg_group_read()) fills its own member, and only when asked; the
 * parameters are the caller's settings object, read whole.
 */
struct mg_group_now {
	unsigned int groups; /* the groups read: 1u << MG_GROUP_FEATURES... */
	struct mg_features *features;
	struct mg_eee *eee;
	struct mg_ethlink *modes; /* LINKMODES only */
	int modes_err;		  /* -EOPNOTSUPP when the driver has no link modes */
	struct mg_aspm_now aspm;
	struct mg_steer_now steer;
	struct mg_ethlink *wol;	  /* WOL only; NULL when it could not be read */
	int wol_err;		  /* -EOPNOTSUPP when the driver has no Wake-on-LAN */
	char wol_extack[256];	  /* then the kernel's words, if any */
	struct mg_persist_now persist;
	/* What the changes read for are about beyond the interface: a NetworkManager connection's uuid; "" none. */
	char subject[64];
	struct mg_nm_view nm; /* PERSIST_NM: what NetworkManager applies; why it cannot say, in nm.why */
	int nm_err;
	const struct mg_settings *params; /* read at the same time; NULL: not read */
};

/* An interface being changed: its lock (-1 for a dry run), its state read under it. */
struct mg_apply_target {
	struct mg_netns ns; /* the namespace of the transaction */
	struct mg_settings cur;
	struct mg_group_now tune;
	char driver[33];
	int lock_fd;
	int lock_ifindex; /* the index its lock is named by */
};

/* ---- groups.c: every group an apply changes, and the whole life of its changes ---- */
extern const enum mg_param_group mg_apply_order[MG_APPLY_GROUPS];

/* Where a change stands against what is there now. */
enum mg_group_now_is {
	MG_NOW_UNKNOWN, /* cannot be read now */
	MG_NOW_EXPECT,	/* what the change left */
	MG_NOW_OLD,	/* what it replaced */
	MG_NOW_OTHER,	/* something else: put in found */
};
/* A value of a change as text: "9000", "on", "1000baseT/Full,2500baseT/Full". */
enum mg_change_value { MG_VALUE_OLD, MG_VALUE_NEW, MG_VALUE_EXPECT, MG_VALUE_FOUND };

struct mg_journal_entry;

/*
 * What an apply does with one group of settings, from reading it to
 * restoring it from a journal, as pciutils' struct pci_methods is what
 * libpci does with one access method and libnl's nl_object_ops what it
 * does with one kind of object. A group is one file that fills one of
 * these and one row of mg_group_ops[]; nothing else names it. change.c
 * holds what groups whose changes are single values share.
 */
/* What a group's values are, for the documents that show them: a number, on or off, link modes, CPUs, a word. */
enum mg_value_kind {
	MG_VALUE_NUMBER,
	MG_VALUE_ON_OFF,
	MG_VALUE_MODES,
	MG_VALUE_CPUS,
	MG_VALUE_WORD, /* a word, as the group's .text writes it: Wake-on-LAN's letters */
};

struct mg_group_ops {
	const char *journal_key; /* the first word of its journal lines: "feature"; the parameters' "change" */
	enum mg_value_kind kind; /* how its values are shown (JSON's type); the text is .text's */
	bool bounces_link;	 /* many drivers reset the link for it, or it renegotiates the link */
	/*
	 * Read what its plan and its checks need of the interface into @now
	 * (@groups: every group asked, for a reader several groups share);
	 * -errno, said in @ctx, for a failure other than "not supported".
	 * NULL for the parameters, read whole with the interface's settings.
	 */
	int (*read)(struct mg_ctx *ctx, int ifindex, const char *ifname, const char *driver, unsigned int groups,
		    struct mg_group_now *now);
	void (*clear)(struct mg_group_now *now); /* optional: free what read kept */
	/* Validate what @want asks of the group against @t's state and plan its changes into @r. */
	int (*plan)(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *want,
		    enum mg_param_group g, struct mg_apply_part *r);
	/* Send the group's changes: their new values, or with @restore the old values of those chosen. */
	int (*set)(struct mg_ctx *ctx, int ifindex, enum mg_param_group g, const struct mg_apply_part *r,
		   bool restore);
	/* The value @c's setting has in @now (MG_UNKNOWN: unreadable): what compare and expect go by by default. */
	long long (*value)(const struct mg_group_now *now, const struct mg_change *c);
	/* Optional, for a group whose value is no number: where @c stands now, and what it left in place. */
	enum mg_group_now_is (*compare)(const struct mg_group_now *now, struct mg_apply_part *r, struct mg_change *c);
	void (*expect)(const struct mg_group_now *now, struct mg_apply_part *r, struct mg_change *c);
	/* Whether @now holds what @c set: 0, or -EIO saying what is there instead. */
	int (*check)(struct mg_ctx *ctx, const char *ifname, const struct mg_group_now *now,
		     const struct mg_apply_part *r, const struct mg_change *c, bool in_effect);
	/* A value of @c as the messages and the API show it. */
	void (*text)(const struct mg_apply_part *r, const struct mg_change *c, enum mg_change_value which, char *buf,
		     size_t size);
	/* Why its request failed, with @rb what the restore did (mg_change_explain(): the kernel's words). */
	int (*explain)(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_apply_part *r,
		       enum mg_param_group g, int err, const char *extack, const char *rb);
	/* @c as a journal entry: what it replaced, and what it set or with @as_left what it left. */
	void (*journal)(const struct mg_apply_part *r, const struct mg_change *c, bool as_left,
			struct mg_journal_entry *e);
	/* Its journal line, without the newline (snprintf's count); and back from the line's @n words. */
	int (*format)(const struct mg_journal_entry *e, char *buf, size_t size);
	int (*parse)(char **w, int n, struct mg_journal_entry *e);
	/* Plan restoring @e against @now into @r: a value back already is left out, one another writer set stays. */
	void (*plan_restore)(const struct mg_journal_entry *e, const struct mg_group_now *now, struct mg_apply_part *r);
	/*
	 * Whether @w asks anything of the group, and that ask made of @dst too
	 * (a plan of several steps merges by it: a later value of one name
	 * wins). NULL for the parameters, which the settings' own bits ask.
	 */
	bool (*asked)(const struct mg_tune_want *w, enum mg_param_group g);
	int (*merge)(struct mg_settings *dst, const struct mg_tune_want *w, enum mg_param_group g);
	/*
	 * Optional: make @e's change last, as its confirmation does, before
	 * the journal goes; -errno, said in @ctx, keeps the window open.
	 */
	int (*confirm)(struct mg_ctx *ctx, const char *ifname, const struct mg_journal_entry *e);
	/*
	 * Optional: what @e's change is about beyond the interface, which its
	 * reader must read (the NetworkManager connection a key was written
	 * into, active or not); NULL: nothing.
	 */
	const char *(*subject)(const struct mg_journal_entry *e);
};
/* By enum mg_param_group. */
extern const struct mg_group_ops *const mg_group_ops[MG_APPLY_GROUPS];
extern const struct mg_group_ops mg_mtu_ops, mg_rings_ops, mg_channels_ops, mg_coalesce_ops, mg_pause_ops;
extern const struct mg_group_ops mg_features_ops, mg_eee_ops, mg_advertise_ops, mg_aspm_ops;
extern const struct mg_group_ops mg_rps_ops, mg_xps_ops, mg_irq_affinity_ops;
extern const struct mg_group_ops mg_wol_ops, mg_persist_ops, mg_persist_nm_ops;
/* The groups beyond the parameters that @s asks to change, as 1u << group. */
unsigned int mg_group_asked(const struct mg_settings *s);
/* Everything beyond the parameters that @src asks, asked of @dst too, group by group. */
int mg_group_merge_asked(struct mg_settings *dst, const struct mg_settings *src);
/* Whether change @c is of a parameter (MTU to pause), not of EEE, modes or features. */
static inline bool mg_change_is_param(const struct mg_change *c)
{
	return c->group < MG_GROUP_COUNT;
}

struct mg_apply_result *mg_apply_result_new(void);
/* How change @index's values are shown (its group's .kind); MG_VALUE_NUMBER out of range. */
enum mg_value_kind mg_apply_result_value_kind(const struct mg_apply_result *r, size_t index);
/*
 * What every change named by an interface's name begins with: a live
 * context, a name that can be one, and its link, by one request (the
 * interface as examined). -errno, said in @ctx.
 */
int mg_apply_named(struct mg_ctx *ctx, const char *ifname, struct mg_link *link);
/* A part for @id, appended to @r; NULL without memory. */
struct mg_apply_part *mg_apply_result_add_part(struct mg_apply_result *r, const struct mg_iface_id *id);

/* Read the interface of @id by index (it must be checked already) into @t. */
int mg_apply_read_target(struct mg_ctx *ctx, const struct mg_link *link, struct mg_apply_target *t);
void mg_apply_target_init(struct mg_apply_target *t);
void mg_apply_target_clear(struct mg_ctx *ctx, struct mg_apply_target *t);
/* -EUCLEAN, said in @ctx, when an interrupted transaction's journal covers @t's interface. */
int mg_apply_refuse_if_interrupted(struct mg_ctx *ctx, const struct mg_apply_target *t);
/* Validate @want against @t and plan every change into @r, in application order. */
int mg_apply_plan(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *want,
		  struct mg_apply_part *r);
/*
 * Make @r's changes, group by group, and read them back. Returns 0, or the
 * failure with *@done the groups completed (MG_APPLY_GROUPS when the
 * read-back failed) and the kernel's message kept in @r.
 */
int mg_apply_run(struct mg_ctx *ctx, const struct mg_apply_target *t, struct mg_apply_part *r, size_t *done);
/* Restore groups mg_apply_order[0..@upto) of @r in reverse; true when every change is undone. */
bool mg_apply_roll_back(struct mg_ctx *ctx, const struct mg_apply_target *t, struct mg_apply_part *r, size_t upto);
/* Why group @g failed (the kernel's words, the missing capability), with @rb what the restore did. */
int mg_apply_explain(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_apply_part *r,
		     enum mg_param_group g, int err, const char *extack, const char *rb);
/* Whether any change of @r was made. */
bool mg_apply_part_changed(const struct mg_apply_part *r);
/* Send group @g's changes: their new values, or with @restore the old values of those chosen. */
int mg_apply_set_group(struct mg_ctx *ctx, int ifindex, enum mg_param_group g, const struct mg_apply_part *r,
		       bool restore);
/* After a group's request: APPLIED marks its planned changes, others the chosen restores. */
void mg_apply_mark_group(struct mg_apply_part *r, enum mg_param_group g, enum mg_change_state state);
/* What restores did over @r's parts: "every change was rolled back", and what stayed. */
void mg_apply_describe_restore(const struct mg_apply_result *r, char *buf, size_t size);

/* ---- iflock.c: the state directory and the lock of each interface ---- */
int mg_state_dir_open(struct mg_ctx *ctx, const char *sub, bool create, int *dirfd);
const char *mg_state_dir(const struct mg_ctx *ctx);
/* Wait for the interface's lock: -ECANCELED, -EBUSY after a long wait, -EPERM. */
int mg_iflock_take(struct mg_ctx *ctx, const struct mg_netns *ns, int ifindex, int *lock_fd);
/* 1 when another process holds the interface's lock now; 0; -errno when that cannot be seen (no access). */
int mg_iflock_busy(struct mg_ctx *ctx, const struct mg_netns *ns, int ifindex);
/* Let go of the lock taken as @lock_fd (-1: none), and remove its file. */
void mg_iflock_release(struct mg_ctx *ctx, const struct mg_netns *ns, int ifindex, int lock_fd);
/* Why the lock of @ifname could not be had (from mg_iflock_take()'s @err); nothing was changed. */
int mg_iflock_failed(struct mg_ctx *ctx, const char *ifname, int err);
/*
 * The hold of journal @file, kept by the process that keeps the journal
 * after its transaction (the keeper of a confirmation window, a holder):
 * take it (-EBUSY when another has it); whether one holds it (1, 0, or
 * -errno when that cannot be seen: no access to the lock directory);
 * release it; remove a hold file nobody holds.
 */
int mg_hold_take(struct mg_ctx *ctx, const char *file, int *hold_fd);
int mg_hold_state(struct mg_ctx *ctx, const char *file);
void mg_hold_release(struct mg_ctx *ctx, const char *file, int hold_fd);
void mg_hold_clear(struct mg_ctx *ctx, const char *file);

/* ---- journal.c: the undo journal of a transaction ---- */
struct mg_journal_entry {
	enum mg_param param;
	long long old_value, new_value;
	bool new_known; /* false: what the apply set is not recorded */
	/* Since 0.2; zero for a parameter, whose group its enum mg_param gives. */
	enum mg_param_group group;		  /* MG_GROUP_FEATURES, _EEE, _ADVERTISE or _ASPM */
	char name[MG_FEATURE_NAME];		  /* a feature's kernel name */
	struct mg_linkmodes old_modes, new_modes; /* advertised modes */
	int aspm_substates;			  /* ASPM L1: the substates on before, as struct mg_change has them */
	int index;				  /* Since 0.3: RPS, XPS, IRQ affinity: the queue or vector */
	/* Since 0.4, persisting: the file (NULL until known) and its text before (NULL: none). Freed with the journal. */
	char *path, *text;
	bool unconfirmed; /* persisting with a confirmation window: the text waits beside the file */
};

/* One interface of a journal: as it was examined, and what was about to change. */
struct mg_journal_part {
	struct mg_iface_id id;
	struct mg_journal_entry entries[MG_CHANGE_MAX];
	size_t count;
};

struct mg_journal {
	char file[96];	    /* its name in the journal directory; "" until written */
	int version;	    /* 2; 1 for a journal of libmultigig 0.2, which is never applied */
	struct mg_netns ns; /* the namespace of its interfaces */
	long long time;	    /* seconds since the epoch */
	long pid;	    /* 0 when not recorded */
	long long confirm_by; /* a change that stays only if confirmed by then (epoch seconds); 0: none */
	long long confirm_boot; /* the same in CLOCK_BOOTTIME seconds, which NTP does not step; 0: not recorded */
	bool held;		/* changes a process keeps until it undoes them (iflock.c's hold) */
	struct mg_journal_part *parts;
	size_t count;
};

/* The group a journal entry restores (groups.c). */
enum mg_param_group mg_journal_entry_group(const struct mg_journal_entry *e);

void mg_journal_init(struct mg_journal *j);
void mg_journal_clear(struct mg_journal *j);
/* A new part for @id; NULL without memory. */
struct mg_journal_part *mg_journal_add_part(struct mg_journal *j, const struct mg_iface_id *id);
/* The part of @ifindex; NULL when the journal does not cover it. */
const struct mg_journal_part *mg_journal_find_part(const struct mg_journal *j, int ifindex);

/* A journal file holds at most this much. */
#define MG_JOURNAL_MAX (256 * 1024)
/*
 * Pure: the text of a journal, ending with a line that gives its length and
 * a checksum; and back, refusing with -EBADMSG a text that does not end so
 * (cut short, or changed). Format returns the length, or -E2BIG.
 */
int mg_journal_format(const struct mg_journal *j, char *buf, size_t size);
int mg_journal_parse(const char *text, size_t len, struct mg_journal *j);
/* Write @j under a new name (kept in j->file), in one piece; nothing is ever replaced. */
int mg_journal_write(struct mg_ctx *ctx, struct mg_journal *j);
/* Replace journal j->file with @j, in one piece: the same journal, armed or held (under its locks). */
int mg_journal_rewrite(struct mg_ctx *ctx, const struct mg_journal *j);
/* Seconds left of @j's confirmation window (<= 0: ended), by the boot-time clock where it can. */
long long mg_journal_confirm_left(const struct mg_journal *j, const struct mg_netns *self);
/* Read the journal @file; -ENOENT when it is gone. */
int mg_journal_read(struct mg_ctx *ctx, const char *file, struct mg_journal *j);
int mg_journal_remove(struct mg_ctx *ctx, const char *file);

/* One journal file as found in the directory: what it is to this namespace. */
struct mg_journal_found {
	char file[96];
	enum mg_journal_state state;
	char reason[160];	   /* why stale or damaged; which namespace */
	struct mg_journal journal; /* parsed; empty when damaged */
};

/* Every journal in the directory, classified; *@found is malloc'ed (mg_journal_found_free()). */
int mg_journal_scan(struct mg_ctx *ctx, const struct mg_netns *self, struct mg_journal_found **found, size_t *count);
void mg_journal_found_free(struct mg_journal_found *found, size_t count);
/*
 * The journal of this namespace that covers @ifindex and no process is
 * applying (@own_lock: the caller holds the interface's lock): 1 with it in
 * @j; 0 when none. A damaged journal of this namespace counts for every
 * interface (it cannot say which it covers): 1 with @j empty and its file
 * named. Negative errno when the directory cannot be read.
 */
int mg_journal_interrupted(struct mg_ctx *ctx, const struct mg_netns *self, int ifindex, bool own_lock,
			   struct mg_journal *j);
/* "process 1234, 2024-05-06 10:00:00 UTC" */
void mg_journal_describe(const struct mg_journal *j, char *buf, size_t size);

/* ---- confirm.c: changes that undo themselves unless confirmed ---- */
/*
 * Keep @j (written before the changes) as a journal of changes that stay
 * only if confirmed within @seconds: rewritten in place to say so, and a
 * process of its own, that outlives this one and its session, holds it and
 * calls @rollback on it then unless it is gone (confirmed). -errno, said in
 * @ctx, when that cannot be set up (the caller rolls back at once then).
 */
typedef int (*mg_confirm_rollback_fn)(struct mg_ctx *ctx, struct mg_journal *j);
int mg_confirm_arm(struct mg_ctx *ctx, struct mg_journal *j, unsigned int seconds, mg_confirm_rollback_fn rollback);
/*
 * The keeper of the window that covers @ifindex died, and the window has
 * ended: do what it would have done, @rollback the changes, now. 0 when
 * there is nothing to do or it is done; -errno, said in @ctx, when the
 * rollback failed.
 */
int mg_confirm_reap(struct mg_ctx *ctx, const struct mg_netns *ns, int ifindex, mg_confirm_rollback_fn rollback);

/* ---- restore.c: restoring what a journal's part records ---- */
/* The groups with a reader (groups.c) the part holds: what a restore must read. */
unsigned int mg_restore_groups(const struct mg_journal_part *jp);
/* Plan the restores of @jp against @t's state into @r: values back already are left out. */
void mg_restore_plan(const struct mg_journal_part *jp, const struct mg_apply_target *t, struct mg_apply_part *r);
/* Make @r's restores, the apply's groups backwards, and read them back. */
int mg_restore_part(struct mg_ctx *ctx, const struct mg_apply_target *t, struct mg_apply_part *r);

/* ---- persist-udev.c: a .link file of ours, which udev applies when the device is added ---- */
/* Where ours goes and what it matches; -EOPNOTSUPP, said in @ctx, when the device cannot be told apart. */
int mg_link_target_of(struct mg_ctx *ctx, const char *ifname, const struct mg_udev_net *u, const char *perm_mac,
		      bool shared, struct mg_link_target *lt);
/* Whether other interfaces hang off @ifname's device (DSA ports, a dual-port function): its path is theirs too. */
bool mg_link_shares_device(struct mg_ctx *ctx, const char *ifname);
/* Whether ours can take the place of @applies, the file udev applies now ("" none): -EEXIST said when not. */
int mg_link_may_take_place(struct mg_ctx *ctx, const char *ifname, const struct mg_link_target *lt,
			   const char *applies);
/* Ours: our [Match], every line of @applies (NULL: none) but its [Match], then @keys over them. */
int mg_link_compose(const struct mg_link_target *lt, const struct mg_linkfile *applies,
		    const struct mg_linkfile *keys, struct mg_linkfile *out);
/* The header comment of ours, MG_LINK_MARK first. */
int mg_link_header(const char *ifname, const struct mg_link_target *lt, const char *applies, char *buf,
		   size_t size);
/*
 * The [Link] keys of the parameters @want names, a ring's "max" as @cur's
 * maximum; -EOPNOTSUPP, said in @ctx, for one that udev has no key for.
 */
int mg_link_param_keys(struct mg_ctx *ctx, const struct mg_settings *want, const struct mg_settings *cur,
		       struct mg_linkfile *keys);
/*
 * The [Link] keys of the offloads and the Wake-on-LAN modes @want asks of
 * @ifname (GenericReceiveOffload=, WakeOnLan=), a short name ("gro", "tso")
 * as its members in @now (the interface's features, NULL when not read);
 * -EOPNOTSUPP, said in @ctx, for an offload udev has no key for.
 */
int mg_link_tune_keys(struct mg_ctx *ctx, const char *ifname, const struct mg_settings *want,
		      const struct mg_features *now, struct mg_linkfile *keys);
/* The @i-th offload udev has a key for, by its kernel name, its key in *@key; NULL past the last. */
const char *mg_link_feature_at(size_t i, const char **key);
/* An offload's [Link] key by its kernel name ("rx-gro": "GenericReceiveOffload"); NULL when none. */
const char *mg_link_feature_key(const char *feature);
/* Wake-on-LAN modes (WAKE_* bits) as WakeOnLan= spells them: "magic", "unicast magic", "off". */
void mg_link_wol_text(unsigned int mask, char *buf, size_t size);
/* Whether the text of a .link file is one libmultigig wrote. */
bool mg_link_is_ours(const char *text);
/*
 * persist-status.c: what persists of @ifname whose settings @cur holds
 * (@perm_mac: its permanent address, "" when unknown), without a request
 * of its own: what the doctor reads for every adapter.
 */
int mg_persist_status_of(struct mg_ctx *ctx, const char *ifname, const char *perm_mac, const struct mg_settings *cur,
			 struct mg_persist_status **status);
/* @v as NetworkManager's profile spells @info's key: "9000", "1"; a pause key "yes" or "no". */
void mg_nm_value_text(const struct mg_param_info *info, long long v, char *buf, size_t size);
/* @v as @info's .link key spells it: "9000", "yes", "50us". */
void mg_link_value_text(const struct mg_param_info *info, long long v, char *buf, size_t size);

/* ---- transaction.c: a plan over one or more interfaces, all or nothing ---- */
/* What a transaction does beyond its steps. */
struct mg_txn_opts {
	unsigned int confirm_s; /* keep the changes only if confirmed within this many seconds; 0: keep them */
	char peer[64];	       /* after an MTU change, check the path to this address carries the new size */
};

struct mg_txn_step {
	struct mg_iface_id id;		/* as examined */
	const struct mg_settings *want; /* what to set */
};

/* Run @steps (each interface once) as one transaction; @result is always set. */
int mg_txn_apply(struct mg_ctx *ctx, const struct mg_txn_step *steps, size_t count, unsigned int flags,
		 const struct mg_txn_opts *opts, struct mg_apply_result **result);
/*
 * Restore what @j records, on every interface it covers, under their locks:
 * each value that still holds what was set. @j was read (a rollback) or is
 * written now (@write: an undo).
 */
int mg_txn_restore(struct mg_ctx *ctx, struct mg_journal *j, bool write, unsigned int flags,
		   struct mg_apply_result **result);
/* Keep the changes of @j, which awaits confirmation: under its interfaces' locks, its journal goes. */
int mg_txn_confirm(struct mg_ctx *ctx, struct mg_journal *j);
/* The journal that undoes @done: every change it made, from what it left back to what it replaced. */
int mg_txn_journal_of_result(const struct mg_netns *ns, const struct mg_apply_result *done, struct mg_journal *j);

/* ---- groups.c, continued: each step over every group, by the table ---- */
/*
 * Read @groups of the interface by index (@now->params is left to the
 * caller); @subject, what the changes read back are about beyond the
 * interface (mg_group_subject()), may be NULL. -errno, said in @ctx.
 */
int mg_group_read(struct mg_ctx *ctx, int ifindex, const char *ifname, const char *driver, unsigned int groups,
		  const char *subject, struct mg_group_now *now);
/* What @r's changes, or those of journal part @jp, are about beyond the interface; NULL: nothing. */
const char *mg_group_subject(const struct mg_apply_part *r);
const char *mg_group_journal_subject(const struct mg_journal_part *jp);
void mg_group_now_clear(struct mg_group_now *now);
/* The groups with a reader that @r changes: what a read-back must read. */
unsigned int mg_group_read_mask(const struct mg_apply_part *r);
enum mg_group_now_is mg_group_compare(const struct mg_group_now *now, struct mg_apply_part *r, struct mg_change *c);
/* After a change: what is there now becomes what a restore must find. */
void mg_group_expect(const struct mg_group_now *now, struct mg_apply_part *r, struct mg_change *c);
/*
 * Whether what is there now is what @c set: 0, or -EIO with the reason in
 * the context. With @in_effect (an apply's own read-back) a feature must
 * also be active, not only asked for, and a parameter must read back.
 */
int mg_group_check(struct mg_ctx *ctx, const char *ifname, const struct mg_group_now *now,
		   const struct mg_apply_part *r, const struct mg_change *c, bool in_effect);
void mg_change_text(const struct mg_apply_part *r, const struct mg_change *c, enum mg_change_value which,
		    char *buf, size_t size);
/* A journal entry for @c: what it replaced, and what it set (@as_left: what it left); a restore planned from one. */
void mg_group_journal_entry(const struct mg_apply_part *r, const struct mg_change *c, bool as_left,
			    struct mg_journal_entry *e);
void mg_group_plan_restore(const struct mg_journal_entry *e, const struct mg_group_now *now, struct mg_apply_part *r);
/* The group of the journal lines that begin with @key; NULL for none. */
const struct mg_group_ops *mg_group_of_journal_key(const char *key);

/* ---- change.c: what the groups' ops share ---- */
/* A change of @g named @name appended to @r, its values zero; NULL when @r is full. */
struct mg_change *mg_change_add(struct mg_apply_part *r, enum mg_param_group g, const char *name);
/* Whether a change of group @g goes out: a value another writer set since is theirs, never sent. */
bool mg_change_chosen(const struct mg_change *c, enum mg_param_group g, bool restore);
/* The interface's driver by name, for "does not support": "the driver" when unknown. */
const char *mg_apply_driver(const struct mg_apply_target *t);
/* Send @set's request to the ethtool family by index. */
typedef int (*mg_ethtool_set_fn)(struct mg_ctx *ctx, int ifindex, const struct mg_apply_part *r, bool restore);
int mg_change_ethtool_set(struct mg_ctx *ctx, int ifindex, mg_ethtool_set_fn set, const struct mg_apply_part *r,
			  bool restore);
/* Where @c stands when its setting holds @v now (MG_UNKNOWN: unreadable); what it left, when it can be read. */
enum mg_group_now_is mg_change_compare_value(struct mg_change *c, long long v);
void mg_change_expect_value(struct mg_change *c, long long v);
/* Whether a flag (EEE, a feature) reads back as @c set it: 0, or -EIO. */
int mg_change_check_flag(struct mg_ctx *ctx, const char *ifname, const struct mg_change *c, long long v);
/* The value of @c that @which names, and a flag's as "on", "off" or "unknown". */
long long mg_change_value(const struct mg_change *c, enum mg_change_value which);
void mg_change_flag_text(const struct mg_apply_part *r, const struct mg_change *c, enum mg_change_value which,
			 char *buf, size_t size);
/* Why a request to the interface failed: the capability it needs, the driver's refusal, the kernel's words. */
int mg_change_explain(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_apply_part *r,
		      enum mg_param_group g, int err, const char *extack, const char *rb);
/* A journal entry for a change whose values are numbers. */
void mg_change_journal_value(const struct mg_apply_part *r, const struct mg_change *c, bool as_left,
			     struct mg_journal_entry *e);
/* Restore @c to @e's old value, the setting holding @cur now: appended to @r unless back already. */
void mg_change_restore_value(const struct mg_journal_entry *e, long long cur, struct mg_change *c,
			     struct mg_apply_part *r);
/* A whole decimal number within [min, max], as the journal writes them. */
bool mg_journal_number(const char *s, long long min, long long max, long long *v);
/* A value a flag had and one it was set to: 0 or 1, the second maybe "-". */
int mg_journal_parse_flags(const char *old, const char *set, struct mg_journal_entry *e);
/* What @e set as the journal writes a number: "-" when it is not known. */
void mg_journal_set_text(const struct mg_journal_entry *e, char *buf, size_t size);

/* ---- aspm.c: ASPM L1 of the adapter's PCIe link, through sysfs ---- */
/* Write the chosen change: its new value, or with @restore its old one (and the substates that were on). */
int mg_aspm_set(struct mg_ctx *ctx, const struct mg_apply_part *r, bool restore);
/*
 * The interface's directory (checked against @ifindex) and the PCI
 * function above it: "" in @dir with the reason in @why when there is
 * none. Read through @ctx's gatherer.
 */
int mg_aspm_function(struct mg_ctx *ctx, int ifindex, const char *ifname, char *netdir, size_t netsize, char *dir,
		     size_t size, char *why, size_t why_size);

#endif
