/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * EEE, features, advertised link modes and ASPM L1: their objects (eee.c,
 * features.c), their part of an apply (tune.c) and the PCIe link's ASPM
 * control (aspm.c). Unlike the parameters of mg-settings.h they are not
 * single numbers sent by ethtool: a feature has a name, the advertised
 * modes are a bitmap, ASPM L1 is a sysfs file of a PCI function.
 */
#ifndef MG_TUNE_H
#define MG_TUNE_H

#include <linux/ethtool.h>

#include "mg-bitset.h"
#include "mg-settings.h"

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
	char error[192];		/* why not supported */
	char modes_unknown[192];	/* why later modes are unknown, or "" */
};

void mg_eee_init(struct mg_eee *e);
void mg_eee_clear(struct mg_eee *e);
/* Parse one EEE_GET reply into @e; pure, for tests too. -EPROTO, -ENOMEM. */
int mg_eee_parse_reply(const struct nlmsghdr *nlh, struct mg_eee *e);
/* What the parsed values say: supported or not, and why not. */
void mg_eee_conclude(struct mg_eee *e);
/* "veth does not support EEE" */
void mg_eee_unsupported(struct mg_eee *e, const char *driver);
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
	char name[ETH_GSTRING_LEN];
	int index;
	bool hw, wanted, active, nochange;
};

struct mg_features {
	char ifname[IFNAMSIZ];
	int ifindex;
	struct mg_feature *items;
	size_t count;
};

void mg_features_init(struct mg_features *f);
void mg_features_clear(struct mg_features *f);
/*
 * One FEATURES_GET reply into @f, verbose or compact; a compact one is named
 * from @names, and without them is -ENOKEY. -EPROTO when malformed.
 */
struct mg_strset;
int mg_features_parse_reply(const struct nlmsghdr *nlh, const struct mg_strset *names, struct mg_features *f);
bool mg_feature_fixed(const struct mg_feature *it);
/* Whether @a and @b name one feature: equal, with '-' and '_' alike. */
bool mg_feature_name_eq(const char *a, const char *b);
/*
 * The positions in @f that @name stands for: the feature of that name, or
 * the listed members of a short name (*@alias set). Returns their number
 * (up to @max), 0 when none is listed.
 */
size_t mg_features_resolve(const struct mg_features *f, const char *name, size_t *pos, size_t max, bool *alias);
/* Whether @name is a short name (gro, tso...). */
bool mg_feature_is_alias(const char *name);
int mg_features_read_into(struct mg_ctx *ctx, int ifindex, const char *ifname, struct mg_features **f);
int mg_features_attach(struct mg_ctx *ctx, struct mg_nic **nics, size_t count);

/* ---- tune.c: what a settings object asks of these groups ---- */
#define MG_FEATURE_WANT_MAX 64

struct mg_tune_want {
	int eee;		/* -1: not asked; else 0 or 1 */
	int aspm_l1;		/* likewise */
	char *advertise;	/* "all" or names separated by commas; NULL: not asked */
	struct {
		char name[ETH_GSTRING_LEN];
		bool on;
	} features[MG_FEATURE_WANT_MAX];
	size_t feature_count;
};

void mg_tune_want_free(struct mg_tune_want *w);
/* @s's wants of these groups, made on first use; NULL without memory. */
struct mg_tune_want *mg_tune_want_of(struct mg_settings *s);
/* The groups @s asks to change among these four, as 1u << group. */
unsigned int mg_tune_want_groups(const struct mg_settings *s);

/* ---- tune.c: the state an apply reads of them (struct mg_tune_now) ---- */
/* Read @groups of the interface by index; -errno for a failure other than "not supported". */
int mg_tune_read(struct mg_ctx *ctx, int ifindex, const char *ifname, const char *driver, unsigned int groups,
		 struct mg_tune_now *now);
void mg_tune_now_clear(struct mg_tune_now *now);

/* Validate what @want asks of group @g against @t, and plan the changes into @r. */
int mg_tune_plan(struct mg_ctx *ctx, const struct mg_apply_target *t, const struct mg_settings *want,
		 enum mg_param_group g, struct mg_apply_result *r);
/* Send group @g's changes (new values, or with @restore the old values of those chosen). */
int mg_tune_set_group(struct mg_ctx *ctx, int ifindex, enum mg_param_group g, const struct mg_apply_result *r,
		      bool restore);
/* The groups among these four that @r changes. */
unsigned int mg_tune_result_groups(const struct mg_apply_result *r);

/* Where a change stands against what is there now. */
enum mg_tune_now_is {
	MG_NOW_UNKNOWN,	/* cannot be read now */
	MG_NOW_EXPECT,	/* what the change left */
	MG_NOW_OLD,	/* what it replaced */
	MG_NOW_OTHER,	/* something else: put in found */
};
enum mg_tune_now_is mg_tune_compare(const struct mg_tune_now *now, struct mg_apply_result *r,
				    struct mg_change *c);
/* After a change: what is there now becomes what a restore must find. */
void mg_tune_expect(const struct mg_tune_now *now, struct mg_apply_result *r, struct mg_change *c);
/*
 * Whether what is there now is what @c set: 0, or -EIO with the reason in
 * the context. With @in_effect a feature must also be active, not only
 * asked for.
 */
int mg_tune_check(struct mg_ctx *ctx, const char *ifname, const struct mg_tune_now *now,
		  const struct mg_apply_result *r, const struct mg_change *c, bool in_effect);
/* A value of a change as text: "9000", "on", "1000baseT/Full,2500baseT/Full". */
enum mg_change_value { MG_VALUE_OLD, MG_VALUE_NEW, MG_VALUE_EXPECT, MG_VALUE_FOUND };
void mg_change_text(const struct mg_apply_result *r, const struct mg_change *c, enum mg_change_value which,
		    char *buf, size_t size);
/* A journal entry for @c, and a restore planned from one. */
void mg_tune_journal_entry(const struct mg_apply_result *r, const struct mg_change *c, struct mg_journal_entry *e);
void mg_tune_plan_restore(const struct mg_journal_entry *e, const struct mg_tune_now *now, struct mg_apply_result *r);

/* ---- aspm.c: ASPM L1 of the adapter's PCIe link, through sysfs ---- */
/*
 * Find the PCI function behind the interface (@ifname, checked against
 * @ifindex) and read its link/ controls and the ASPM policy, through the
 * gatherer; and whether the control can be written. Not being on PCI, or
 * having no control, is said in @now, not returned.
 */
int mg_aspm_read(struct mg_ctx *ctx, int ifindex, const char *ifname, struct mg_aspm_now *now);
/* Validate turning L1 @on against @t's state; plan the change into @r. */
int mg_aspm_plan(struct mg_ctx *ctx, const struct mg_apply_target *t, int on, struct mg_apply_result *r);
/* Write the chosen change: its new value, or with @restore its old one (and the substates that were on). */
int mg_aspm_set(struct mg_ctx *ctx, const struct mg_apply_result *r, bool restore);
/* Whether L1 reads back as @c set it (and its substates, when it set L1 on again): 0, or -EIO. */
int mg_aspm_check(struct mg_ctx *ctx, const char *ifname, const struct mg_tune_now *now,
		  const struct mg_apply_result *r, const struct mg_change *c);
/* Why writing the control failed, with @rb saying what the rollback did. */
int mg_aspm_explain(struct mg_ctx *ctx, const char *ifname, const struct mg_apply_result *r, int err,
		    const char *rb);
/* The substates as the journal writes them: "l1_1_aspm,l1_2_aspm"; "" for none. */
void mg_aspm_substates_text(int substates, char *buf, size_t size);
/* And back: -EINVAL for a name that is no L1 substate. */
int mg_aspm_substates_parse(const char *text, int *substates);

#endif
