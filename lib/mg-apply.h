/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Changing interfaces. A plan (plan.c) names interfaces as they were
 * examined and what to set on each; the transaction (transaction.c) runs
 * it: it locks every interface (iflock.c), checks that each index still
 * holds the interface examined (iface-id.c), writes one undo journal for
 * the whole plan (journal.c) in a namespace named by what the kernel does
 * not reuse (netns.c), then makes each interface's steps (apply.c) and,
 * on a failure, restores them (apply.c, restore.c); rollback.c, plan.c are the API on top.
 */
#ifndef MG_APPLY_H
#define MG_APPLY_H

#include <stdbool.h>
#include <string.h>

#include "mg-settings.h"

/* ---- iface-id.c: an interface as examined ---- */
struct mg_iface_id {
	int ifindex;
	char name[IFNAMSIZ];
	char kind[32];	 /* IFLA_INFO_KIND; "" for a physical interface */
	char parent[64]; /* the device behind it (IFLA_PARENT_DEV_NAME); "" when none is known */
	char mac[64];	 /* "" when none */
};

/*
 * Fill @id from what an adapter was listed with. Its kind as enumerate.c
 * names it: an interface without IFLA_INFO_KIND is "physical", "virtual"
 * or "loopback" there, and has no kind here.
 */
static inline void mg_iface_id_set(struct mg_iface_id *id, int ifindex, const char *name, const char *kind,
				   const char *parent, const char *mac)
{
	bool derived = !kind || !strcmp(kind, "physical") || !strcmp(kind, "virtual") || !strcmp(kind, "loopback");

	memset(id, 0, sizeof(*id));
	id->ifindex = ifindex;
	mg_strlcpy(id->name, name ? name : "", sizeof(id->name));
	mg_strlcpy(id->kind, derived ? "" : kind, sizeof(id->kind));
	mg_strlcpy(id->parent, parent ? parent : "", sizeof(id->parent));
	mg_strlcpy(id->mac, mac ? mac : "", sizeof(id->mac));
}

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
/* @why says how it was told ("its network namespace no longer exists"). */
enum mg_netns_is mg_netns_compare(const struct mg_netns *self, const struct mg_netns *other, char *why, size_t size);

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

/* What an apply reads of the groups that are not parameters: only those it needs. */
struct mg_tune_now {
	unsigned int groups; /* read: 1u << MG_GROUP_FEATURES, _EEE, _ADVERTISE, _ASPM */
	struct mg_features *features;
	struct mg_eee *eee;
	struct mg_ethlink *modes; /* LINKMODES only */
	int modes_err;		  /* -EOPNOTSUPP when the driver has no link modes */
	struct mg_aspm_now aspm;
};

/* An interface being changed: its lock (-1 for a dry run), its state read under it. */
struct mg_apply_target {
	struct mg_netns ns; /* the namespace of the transaction */
	struct mg_settings cur;
	struct mg_tune_now tune;
	char driver[33];
	int lock_fd;
};

extern const enum mg_param_group mg_apply_order[MG_APPLY_GROUPS];
/* Whether change @c is of a parameter (MTU to pause), not of EEE, modes or features. */
static inline bool mg_change_is_param(const struct mg_change *c)
{
	return c->group < MG_GROUP_COUNT;
}

struct mg_apply_result *mg_apply_result_new(void);
/* A part for @id, appended to @r; NULL without memory. */
struct mg_apply_part *mg_apply_result_add_part(struct mg_apply_result *r, const struct mg_iface_id *id);

/* Read the interface of @id by index (it must be checked already) into @t. */
int mg_apply_read_target(struct mg_ctx *ctx, const struct mg_link *link, struct mg_apply_target *t);
void mg_apply_target_init(struct mg_apply_target *t);
void mg_apply_target_clear(struct mg_apply_target *t);
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
/* 1 when another process holds the interface's lock now. */
int mg_iflock_busy(struct mg_ctx *ctx, const struct mg_netns *ns, int ifindex);
void mg_iflock_release(int lock_fd);
/* Why the lock of @ifname could not be had (from mg_iflock_take()'s @err); nothing was changed. */
int mg_iflock_failed(struct mg_ctx *ctx, const char *ifname, int err);

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
	struct mg_journal_part *parts;
	size_t count;
};

/* The group a journal entry restores. */
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

/* ---- restore.c: restoring what a journal's part records ---- */
/* The groups of EEE, modes, features and ASPM the part holds: what a restore must read. */
unsigned int mg_rollback_groups(const struct mg_journal_part *jp);
/* Plan the restores of @jp against @t's state into @r: values back already are left out. */
void mg_rollback_plan(const struct mg_journal_part *jp, const struct mg_apply_target *t, struct mg_apply_part *r);
/* Make @r's restores, the apply's groups backwards, and read them back. */
int mg_rollback_part(struct mg_ctx *ctx, const struct mg_apply_target *t, struct mg_apply_part *r);

/* ---- transaction.c: a plan over one or more interfaces, all or nothing ---- */
struct mg_txn_step {
	struct mg_iface_id id;		/* as examined */
	const struct mg_settings *want; /* what to set */
};

/* Run @steps (each interface once) as one transaction; @result is always set. */
int mg_txn_apply(struct mg_ctx *ctx, const struct mg_txn_step *steps, size_t count, unsigned int flags,
		 struct mg_apply_result **result);
/*
 * Restore what @j records, on every interface it covers, under their locks:
 * each value that still holds what was set. @j was read (a rollback) or is
 * written now (@write: an undo).
 */
int mg_txn_restore(struct mg_ctx *ctx, struct mg_journal *j, bool write, unsigned int flags,
		   struct mg_apply_result **result);
/* The journal that undoes @done: every change it made, from what it left back to what it replaced. */
int mg_txn_journal_of_result(const struct mg_netns *ns, const struct mg_apply_result *done, struct mg_journal *j);

#endif
