/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libmultigig: the Ethernet link: modes, state, EEE, offloads, cable diagnostics.
 *
 * Include <multigig/multigig.h>, which includes every header in order.
 */
#ifndef MULTIGIG_LINK_H
#define MULTIGIG_LINK_H

#include <multigig/settings.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Ethernet link: modes and state over ethtool netlink                 */
/* ------------------------------------------------------------------ */

/**
 * struct mg_ethlink - an interface's Ethernet link: what ethtool shows
 * without options (link info, link modes, link state).
 */
struct mg_ethlink;

/** struct mg_ethlink_list - the Ethernet links of every interface. */
struct mg_ethlink_list;

/**
 * enum mg_modes - which set of link modes.
 * @MG_MODES_SUPPORTED: what the interface supports.
 * @MG_MODES_ADVERTISED: what it advertises.
 * @MG_MODES_PARTNER: what the link partner advertises.
 */
enum mg_modes {
	MG_MODES_SUPPORTED = 0,
	MG_MODES_ADVERTISED = 1,
	MG_MODES_PARTNER = 2,
};

/**
 * mg_ethlink_read - read one interface's link info, modes and state.
 * @ctx: context (live, or a capture).
 * @ifname: interface name.
 * @link: where the object is stored.
 *
 * The link's index by one RTM_GETLINK, then one LINKINFO, LINKMODES and
 * LINKSTATE request each; a message type the driver does not support (or
 * a capture did not record) leaves its values unknown.
 *
 * Returns: 0; -EINVAL; -ENODEV.
 * Since: 0.1
 */
int mg_ethlink_read(struct mg_ctx *ctx, const char *ifname, struct mg_ethlink **link);

/**
 * mg_ethlink_read_for_nic - read the Ethernet link of an adapter's interface.
 * @ctx: context.
 * @nic: adapter with an interface.
 * @link: where the link is stored; free with mg_ethlink_free().
 *
 * Three ethtool requests addressed by interface index.
 *
 * Returns: as mg_ethlink_read(); -ENODEV when @nic has no interface.
 * Since: 0.2
 */
int mg_ethlink_read_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_ethlink **link);

/**
 * mg_ethlink_free - free a link object.
 * @link: object, may be NULL.
 *
 * Since: 0.1
 */
void mg_ethlink_free(struct mg_ethlink *link);

/**
 * mg_ethlink_list_read - the links of every interface, from one dump per
 * message type.
 * @ctx: context (live, or a capture).
 * @list: where the list is stored.
 *
 * A message type whose dump one driver's error ends leaves that part
 * unknown for the interfaces it did not reach.
 *
 * Returns: 0 or a negative errno.
 * Since: 0.1
 */
int mg_ethlink_list_read(struct mg_ctx *ctx, struct mg_ethlink_list **list);

/**
 * mg_ethlink_list_free - free a list.
 * @list: list, may be NULL.
 *
 * Since: 0.1
 */
void mg_ethlink_list_free(struct mg_ethlink_list *list);

/**
 * mg_ethlink_list_count - number of interfaces in a list.
 * @list: list.
 *
 * Returns: the count.
 * Since: 0.1
 */
size_t mg_ethlink_list_count(const struct mg_ethlink_list *list);

/**
 * mg_ethlink_list_get - one interface's link, owned by the list.
 * @list: list.
 * @index: position.
 *
 * Returns: the link, or NULL.
 * Since: 0.1
 */
const struct mg_ethlink *mg_ethlink_list_get(const struct mg_ethlink_list *list, size_t index);

/**
 * mg_ethlink_get_ifname - the interface.
 * @link: link.
 *
 * Returns: the name.
 * Since: 0.1
 */
const char *mg_ethlink_get_ifname(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_speed_mbps - negotiated speed.
 * @link: link.
 *
 * Returns: Mbit/s, or MG_UNKNOWN (no link, or not reported).
 * Since: 0.1
 */
int mg_ethlink_get_speed_mbps(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_duplex - negotiated duplex.
 * @link: link.
 *
 * Returns: "full", "half", or NULL.
 * Since: 0.1
 */
const char *mg_ethlink_get_duplex(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_autoneg - whether autonegotiation is on.
 * @link: link.
 *
 * Returns: 1, 0, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_ethlink_get_autoneg(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_port - connector type.
 * @link: link.
 *
 * Returns: "tp", "aui", "mii", "fibre", "bnc", "da", "none", "other", or
 * NULL.
 * Since: 0.1
 */
const char *mg_ethlink_get_port(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_lanes - lanes in use.
 * @link: link.
 *
 * Returns: the count, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_ethlink_get_lanes(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_mode_count - number of link modes in a set.
 * @link: link.
 * @which: the set.
 *
 * Returns: the count (0 also when unknown).
 * Since: 0.1
 */
size_t mg_ethlink_get_mode_count(const struct mg_ethlink *link, enum mg_modes which);

/**
 * mg_ethlink_get_mode - one link mode, by the kernel's name
 * ("2500baseT/Full").
 * @link: link.
 * @which: the set.
 * @index: position.
 *
 * Returns: the name, or NULL.
 * Since: 0.1
 */
const char *mg_ethlink_get_mode(const struct mg_ethlink *link, enum mg_modes which, size_t index);

/**
 * mg_ethlink_get_link - whether the link is up (LINKSTATE).
 * @link: link.
 *
 * Returns: 1, 0, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_ethlink_get_link(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_sqi - signal quality index, where the PHY reports one.
 * @link: link.
 *
 * Returns: the index (see mg_ethlink_get_sqi_max()), or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_ethlink_get_sqi(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_sqi_max - the best signal quality index.
 * @link: link.
 *
 * Returns: the maximum, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_ethlink_get_sqi_max(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_ext_state - why the link is down, when the driver says.
 * @link: link.
 *
 * Returns: "autoneg", "link_training_failure", "link_logical_mismatch",
 * "bad_signal_integrity", "no_cable", "cable_issue", "eeprom_issue",
 * "calibration_failure", "power_budget_exceeded", "overheat", "module", or
 * NULL.
 * Since: 0.1
 */
const char *mg_ethlink_get_ext_state(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_ext_substate - the driver's finer reason code.
 * @link: link.
 *
 * Returns: the code, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_ethlink_get_ext_substate(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_best_common_mode - the fastest link mode both ends could
 * use: in what this interface supports and the partner advertises.
 * @link: link.
 *
 * Full duplex ranks above half at one speed. A mode this interface
 * supports but does not advertise counts: the answer is what advertising
 * it would give (a 2.5G NIC that comes up at 1G because 2500baseT/Full is
 * supported but not advertised shows 2500baseT/Full here).
 *
 * Returns: the kernel's name ("2500baseT/Full"); NULL when the partner's
 * modes are not known (no link, no autonegotiation, or not reported) or
 * no speed mode is common.
 * Since: 0.2
 */
const char *mg_ethlink_get_best_common_mode(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_not_advertised_count - the number of speed modes this
 * interface supports but does not advertise.
 * @link: link.
 *
 * Returns: the count (0 also when the modes are not known).
 * Since: 0.2
 */
size_t mg_ethlink_get_not_advertised_count(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_not_advertised - one speed mode supported and not
 * advertised.
 * @link: link.
 * @index: position, in the order of the supported modes.
 *
 * Returns: the kernel's name, or NULL.
 * Since: 0.2
 */
const char *mg_ethlink_get_not_advertised(const struct mg_ethlink *link, size_t index);

/**
 * mg_ethlink_get_wol_supported - the Wake-on-LAN modes the driver
 * supports, from ETHTOOL_MSG_WOL_GET.
 * @link: link.
 *
 * The modes are ethtool's letters, in its order: p (PHY activity), u
 * (unicast), m (multicast), b (broadcast), a (ARP), g (magic packet), s
 * (magic packet with a SecureOn password), f (filters).
 *
 * Returns: the letters ("pumbg"), "" when the driver supports none;
 * NULL when unknown: not read (a capture made before 0.4), or the driver
 * has no Wake-on-LAN (mg_ethlink_get_wol_error() says so).
 * Since: 0.4
 */
const char *mg_ethlink_get_wol_supported(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_wol_enabled - the Wake-on-LAN modes enabled now.
 * @link: link.
 *
 * Returns: ethtool's letters, as mg_ethlink_get_wol_supported() gives
 * them ("g"); "" when Wake-on-LAN is disabled (ethtool's "d"); NULL when
 * unknown. The SecureOn password is never read into the object.
 * Since: 0.4
 */
const char *mg_ethlink_get_wol_enabled(const struct mg_ethlink *link);

/**
 * mg_ethlink_get_wol_error - why the Wake-on-LAN modes are unknown.
 * @link: link.
 *
 * Returns: "the driver does not support Wake-on-LAN" where the kernel
 * says so (a veth); NULL otherwise.
 * Since: 0.4
 */
const char *mg_ethlink_get_wol_error(const struct mg_ethlink *link);

/* ------------------------------------------------------------------ */
/* Energy-Efficient Ethernet                                           */
/* ------------------------------------------------------------------ */

/**
 * struct mg_eee - an interface's Energy-Efficient Ethernet (802.3az) state,
 * from ETHTOOL_MSG_EEE_GET with full link-mode bitsets, so that the
 * 2.5G and 5G modes appear where the kernel has them (Linux 6.9 and later;
 * the older EEE ioctl cannot express them).
 */
struct mg_eee;

/**
 * mg_eee_read - read one interface's EEE state.
 * @ctx: context (live, or a capture made by 0.2 or later).
 * @ifname: interface name.
 * @eee: where the object is stored; free with mg_eee_free().
 *
 * The link by one RTM_GETLINK for its index, then one EEE request. A
 * driver without EEE gives an object that says so (mg_eee_get_supported()
 * 0, mg_eee_get_error() "veth does not support EEE"), not an error.
 *
 * Returns: 0; -EINVAL; -ENODEV; -ENODATA for a capture that recorded no
 * EEE.
 * Since: 0.2
 */
int mg_eee_read(struct mg_ctx *ctx, const char *ifname, struct mg_eee **eee);

/**
 * mg_eee_read_for_nic - read the EEE state of an adapter's interface.
 * @ctx: context.
 * @nic: adapter with an interface.
 * @eee: where the object is stored; free with mg_eee_free().
 *
 * One request addressed by interface index.
 *
 * Returns: as mg_eee_read(); -ENODEV when @nic has no interface.
 * Since: 0.2
 */
int mg_eee_read_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_eee **eee);

/**
 * mg_eee_free - free an EEE object.
 * @eee: object, may be NULL.
 *
 * Since: 0.2
 */
void mg_eee_free(struct mg_eee *eee);

/**
 * mg_eee_get_ifname - the interface.
 * @eee: object.
 *
 * Returns: the name, or NULL.
 * Since: 0.2
 */
const char *mg_eee_get_ifname(const struct mg_eee *eee);

/**
 * mg_eee_get_supported - whether the interface can do EEE at all.
 * @eee: object.
 *
 * Returns: 1 when the driver reports EEE and at least one link mode it can
 * use it on; 0 when the driver has no EEE or reports no such mode (see
 * mg_eee_get_error()); MG_UNKNOWN for NULL.
 * Since: 0.2
 */
int mg_eee_get_supported(const struct mg_eee *eee);

/**
 * mg_eee_get_error - why EEE is not supported.
 * @eee: object.
 *
 * Returns: "veth does not support EEE", "the driver reports no EEE link
 * mode", or NULL when supported.
 * Since: 0.2
 */
const char *mg_eee_get_error(const struct mg_eee *eee);

/**
 * mg_eee_get_enabled - whether EEE is enabled (advertised to the partner).
 * @eee: object.
 *
 * Returns: 1, 0, or MG_UNKNOWN.
 * Since: 0.2
 */
int mg_eee_get_enabled(const struct mg_eee *eee);

/**
 * mg_eee_get_active - whether EEE is in use on the link now (both ends
 * agreed on it).
 * @eee: object.
 *
 * Returns: 1, 0, or MG_UNKNOWN.
 * Since: 0.2
 */
int mg_eee_get_active(const struct mg_eee *eee);

/**
 * mg_eee_get_tx_lpi_enabled - whether the transmitter enters low-power idle.
 * @eee: object.
 *
 * Returns: 1, 0, or MG_UNKNOWN.
 * Since: 0.2
 */
int mg_eee_get_tx_lpi_enabled(const struct mg_eee *eee);

/**
 * mg_eee_get_tx_lpi_timer_usecs - how long the transmitter waits idle
 * before it enters low-power idle.
 * @eee: object.
 *
 * Returns: microseconds, or MG_UNKNOWN.
 * Since: 0.2
 */
long long mg_eee_get_tx_lpi_timer_usecs(const struct mg_eee *eee);

/**
 * mg_eee_get_mode_count - number of link modes in a set: those EEE is
 * supported on, advertised on, or that the partner advertises it on.
 * @eee: object.
 * @which: the set.
 *
 * Returns: the count (0 also when unknown).
 * Since: 0.2
 */
size_t mg_eee_get_mode_count(const struct mg_eee *eee, enum mg_modes which);

/**
 * mg_eee_get_mode - one EEE link mode, by the kernel's name ("2500baseT/Full").
 * @eee: object.
 * @which: the set.
 * @index: position.
 *
 * Returns: the name, or NULL.
 * Since: 0.2
 */
const char *mg_eee_get_mode(const struct mg_eee *eee, enum mg_modes which, size_t index);

/**
 * mg_eee_get_modes_unknown - why EEE on some link modes is unknown.
 * @eee: object.
 *
 * Kernels before 6.9 report EEE on the first 32 link modes only, so
 * whether EEE is supported or advertised on 2500baseT/Full, 5000baseT/Full
 * and every later mode cannot be known there; the modes of
 * mg_eee_get_mode() are the earlier ones. Said the same for one interface
 * and for a snapshot, live and from a capture.
 *
 * Returns: the reason ("the kernel reports EEE on its first 32 link modes
 * only (Linux before 6.9): ..."), or NULL when the kernel reported every
 * mode it knows (or said nothing of EEE).
 * Since: 0.3
 */
const char *mg_eee_get_modes_unknown(const struct mg_eee *eee);

/* ------------------------------------------------------------------ */
/* Features (offloads)                                                 */
/* ------------------------------------------------------------------ */

/**
 * struct mg_features - an interface's features (offloads such as rx-gro
 * or tx-tcp-segmentation), from ETHTOOL_MSG_FEATURES_GET.
 *
 * The kernel lists a feature when it is changeable, wanted, active or
 * marked never to change: a feature that is off and that the device can
 * never turn on is not listed.
 */
struct mg_features;

/**
 * mg_features_read - read one interface's features.
 * @ctx: context (live, or a capture made by 0.2 or later).
 * @ifname: interface name.
 * @features: where the object is stored; free with mg_features_free().
 *
 * The link by one RTM_GETLINK for its index, then one features request.
 *
 * Returns: 0; -EINVAL; -ENODEV; -ENODATA for a capture that recorded no
 * features.
 * Since: 0.2
 */
int mg_features_read(struct mg_ctx *ctx, const char *ifname, struct mg_features **features);

/**
 * mg_features_read_for_nic - read the features of an adapter's interface.
 * @ctx: context.
 * @nic: adapter with an interface.
 * @features: where the object is stored; free with mg_features_free().
 *
 * One request addressed by interface index.
 *
 * Returns: as mg_features_read(); -ENODEV when @nic has no interface.
 * Since: 0.2
 */
int mg_features_read_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_features **features);

/**
 * mg_features_free - free a features object.
 * @features: object, may be NULL.
 *
 * Since: 0.2
 */
void mg_features_free(struct mg_features *features);

/**
 * mg_features_get_ifname - the interface.
 * @features: object.
 *
 * Returns: the name, or NULL.
 * Since: 0.2
 */
const char *mg_features_get_ifname(const struct mg_features *features);

/**
 * mg_features_get_count - number of features listed.
 * @features: object.
 *
 * Returns: the count, in the kernel's order.
 * Since: 0.2
 */
size_t mg_features_get_count(const struct mg_features *features);

/**
 * mg_features_get_name - one feature's kernel name.
 * @features: object.
 * @index: position.
 *
 * Returns: the name ("rx-gro"), or NULL.
 * Since: 0.2
 */
const char *mg_features_get_name(const struct mg_features *features, size_t index);

/**
 * mg_features_get_active - whether a feature is in effect.
 * @features: object.
 * @index: position.
 *
 * Returns: 1, 0, or MG_UNKNOWN for a bad index.
 * Since: 0.2
 */
int mg_features_get_active(const struct mg_features *features, size_t index);

/**
 * mg_features_get_wanted - whether a feature is asked for (it may still be
 * inactive when a feature it needs is off).
 * @features: object.
 * @index: position.
 *
 * Returns: 1, 0, or MG_UNKNOWN for a bad index.
 * Since: 0.2
 */
int mg_features_get_wanted(const struct mg_features *features, size_t index);

/**
 * mg_features_get_fixed - whether a feature cannot be changed: the device
 * does not let it change, or the kernel marks it never to change.
 * @features: object.
 * @index: position.
 *
 * Returns: 1, 0, or MG_UNKNOWN for a bad index.
 * Since: 0.2
 */
int mg_features_get_fixed(const struct mg_features *features, size_t index);

/**
 * mg_features_find - the position of a feature.
 * @features: object.
 * @name: the kernel's name ('-' and '_' alike) or one of the short names
 *	of mg_settings_set_feature() (which gives its first listed feature).
 *
 * Returns: the position; -ENOENT when it is not listed; -EINVAL for NULL.
 * Since: 0.2
 */
int mg_features_find(const struct mg_features *features, const char *name);

/* ------------------------------------------------------------------ */
/* Cable diagnostics                                                   */
/* ------------------------------------------------------------------ */

/**
 * enum mg_cable_support - whether a NIC can test its cable.
 */
enum mg_cable_support {
	MG_CABLE_UNKNOWN = 0,
	MG_CABLE_SUPPORTED = 1,
	MG_CABLE_UNSUPPORTED = 2,
};

/**
 * mg_cable_support_name - "supported", "unsupported" or "unknown".
 * @support: value.
 *
 * Returns: the name.
 * Since: 0.1
 */
const char *mg_cable_support_name(enum mg_cable_support support);

/** struct mg_cable_info - the answer to "can this NIC test its cable?". */
struct mg_cable_info;

/**
 * mg_cable_query - say whether an interface can run a cable test, without
 * running one and without touching the interface.
 * @ctx: context (live or captured: it reads, never sends a test).
 * @ifname: interface name.
 * @info: where the answer is stored.
 *
 * The kernel runs cable tests only through a phylib PHY driver and has no
 * capability flag. No /sys/class/net/IF/phydev means no PHY the kernel
 * drives (atlantic, igc, r8152, virtual devices): unsupported. Otherwise
 * the PHY driver's name (from ETHTOOL_MSG_PHY_GET on Linux 6.12+, else
 * from sysfs) is looked up in a table of the drivers that
 * implement cable test and TDR in Linux 6.12.
 *
 * Returns: 0; -EINVAL; -ENODEV when there is no such interface.
 * Since: 0.1
 */
int mg_cable_query(struct mg_ctx *ctx, const char *ifname, struct mg_cable_info **info);

/**
 * mg_cable_query_for_nic - mg_cable_query() for an adapter already looked up.
 * @ctx: context.
 * @nic: adapter with an interface.
 * @info: where the answer is stored.
 *
 * Returns: as mg_cable_query(); -ENODEV when @nic has no interface.
 * Since: 0.2
 */
int mg_cable_query_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_cable_info **info);

/**
 * mg_cable_info_free - free an answer.
 * @info: answer, may be NULL.
 *
 * Since: 0.1
 */
void mg_cable_info_free(struct mg_cable_info *info);

/**
 * mg_cable_info_get_support - supported, unsupported or unknown.
 * @info: answer.
 *
 * Returns: the support.
 * Since: 0.1
 */
enum mg_cable_support mg_cable_info_get_support(const struct mg_cable_info *info);

/**
 * mg_cable_info_get_reason - why, in one sentence.
 * @info: answer.
 *
 * Returns: e.g. "no PHY: veth is not driven through phylib, so the kernel
 * has no cable test for it".
 * Since: 0.1
 */
const char *mg_cable_info_get_reason(const struct mg_cable_info *info);

/**
 * mg_cable_info_get_phy_driver - the PHY driver's name.
 * @info: answer.
 *
 * Returns: e.g. "Marvell 88E1510", or NULL without a PHY.
 * Since: 0.1
 */
const char *mg_cable_info_get_phy_driver(const struct mg_cable_info *info);

/**
 * mg_cable_info_get_tdr - whether the PHY can also report raw TDR data.
 * @info: answer.
 *
 * Returns: 1, 0, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_cable_info_get_tdr(const struct mg_cable_info *info);

/**
 * enum mg_cable_code - result of one pair.
 */
enum mg_cable_code {
	MG_CABLE_CODE_UNSPEC = 0,
	MG_CABLE_CODE_OK = 1,
	MG_CABLE_CODE_OPEN = 2,
	MG_CABLE_CODE_SAME_SHORT = 3,
	MG_CABLE_CODE_CROSS_SHORT = 4,
	MG_CABLE_CODE_IMPEDANCE_MISMATCH = 5,
	MG_CABLE_CODE_NOISE = 6,
	MG_CABLE_CODE_RESOLUTION_NOT_POSSIBLE = 7,
};

/**
 * mg_cable_code_name - "ok", "open", "same_short", "cross_short",
 * "impedance_mismatch", "noise", "resolution_not_possible" or "unspec".
 * @code: code.
 *
 * Returns: the name.
 * Since: 0.1
 */
const char *mg_cable_code_name(enum mg_cable_code code);

/** struct mg_cable_result - per-pair results of a cable test. */
struct mg_cable_result;

/** Acknowledge that a cable test takes the link down for seconds. */
#define MG_CABLE_TEST_LINK_GOES_DOWN 0x1
/** Ask for raw TDR data (reflection amplitude along the cable) instead. */
#define MG_CABLE_TEST_TDR 0x2

/**
 * mg_cable_progress_fn - called while a cable test runs.
 * @data: as given.
 * @status: "started", or "waiting" once a second.
 * @elapsed_ms: time since the request.
 */
typedef void (*mg_cable_progress_fn)(void *data, const char *status, int elapsed_ms);

/**
 * mg_cable_test_run - run a cable test.
 * @ctx: a live context.
 * @ifname: interface name.
 * @flags: must include MG_CABLE_TEST_LINK_GOES_DOWN.
 * @timeout_ms: how long to wait for the result; 0 for 30 s.
 * @progress: called while waiting, or NULL.
 * @data: passed to @progress.
 * @result: where the result is stored.
 *
 * Joins the ethtool "monitor" multicast group, sends CABLE_TEST_ACT and
 * waits for the COMPLETED notification for this interface.
 *
 * Returns: 0; -EINVAL without MG_CABLE_TEST_LINK_GOES_DOWN (the message
 * says the link will go down); -EOPNOTSUPP when the driver or PHY has no
 * cable test; -EPERM without CAP_NET_ADMIN; -ETIMEDOUT.
 * Since: 0.1
 */
int mg_cable_test_run(struct mg_ctx *ctx, const char *ifname, unsigned int flags, int timeout_ms,
		      mg_cable_progress_fn progress, void *data, struct mg_cable_result **result);

/**
 * mg_cable_result_get_tdr_count - number of TDR samples (a TDR run only).
 * @result: result.
 *
 * Returns: the count.
 * Since: 0.1
 */
size_t mg_cable_result_get_tdr_count(const struct mg_cable_result *result);

/**
 * mg_cable_result_get_tdr_sample - one TDR sample.
 * @result: result.
 * @index: position, in the order the PHY reported.
 * @pair: where the pair (0..3) is stored.
 * @distance_cm: where the distance from the PHY is stored.
 * @mv: where the reflected amplitude in millivolts is stored.
 *
 * Returns: 0 or -EINVAL.
 * Since: 0.1
 */
int mg_cable_result_get_tdr_sample(const struct mg_cable_result *result, size_t index, int *pair,
				   int *distance_cm, int *mv);

/**
 * mg_cable_result_free - free a result.
 * @result: result, may be NULL.
 *
 * Since: 0.1
 */
void mg_cable_result_free(struct mg_cable_result *result);

/**
 * mg_cable_result_get_code - a pair's result.
 * @result: result.
 * @pair: 0..3 for pairs A..D.
 *
 * Returns: the code; MG_CABLE_CODE_UNSPEC when the PHY reported none.
 * Since: 0.1
 */
enum mg_cable_code mg_cable_result_get_code(const struct mg_cable_result *result, int pair);

/**
 * mg_cable_result_get_fault_length_cm - distance to a pair's fault.
 * @result: result.
 * @pair: 0..3.
 *
 * Returns: centimetres, or MG_UNKNOWN.
 * Since: 0.1
 */
int mg_cable_result_get_fault_length_cm(const struct mg_cable_result *result, int pair);

/**
 * mg_ethlink_to_json - the Ethernet link as JSON: show --json's "link".
 * @link: link.
 * @flags: MG_JSON_LINE, MG_JSON_BYTES (enum mg_json_flags).
 * @json: where the text is stored: malloc'ed, free with free().
 *
 * "link", "speed_mbps", "duplex", "autoneg", "port", "lanes", the
 * supported, advertised and partner modes, "best_common_mode",
 * "not_advertised" (null when no mode is reported), "sqi", "sqi_max",
 * "down_reason", "down_subreason".
 *
 * Returns: 0; -EINVAL for a NULL argument or a flag it does not take;
 * -ENOMEM.
 * Since: 0.3
 */
int mg_ethlink_to_json(const struct mg_ethlink *link, unsigned int flags, char **json);

/**
 * mg_ethlink_to_text - the Ethernet link as multigig show prints it.
 * @link: link.
 * @text: where the text is stored: malloc'ed, free with free().
 *
 * "link: up, 2500 Mbit/s full duplex, autoneg on, port TP" (each part only
 * when known), then a line each, when there is something to say, for the
 * supported, advertised and partner modes, the best common mode, the
 * supported speeds not advertised, SQI, and why the link is down. Modes
 * and reasons are shown as the CLI shows text from the machine.
 *
 * Returns: 0; -EINVAL for a NULL argument; -ENOMEM.
 * Since: 0.4
 */
int mg_ethlink_to_text(const struct mg_ethlink *link, char **text);

/**
 * mg_eee_to_json - Energy-Efficient Ethernet as JSON: show --json's "eee".
 * @eee: EEE state.
 * @flags: MG_JSON_LINE, MG_JSON_BYTES (enum mg_json_flags).
 * @json: where the text is stored: malloc'ed, free with free().
 *
 * "supported", "error" (only when the driver lacks EEE or reports no mode),
 * "enabled", "active", "tx_lpi_enabled", "tx_lpi_timer_us" and the
 * supported, advertised and partner modes.
 *
 * Returns: 0; -EINVAL for a NULL argument or a flag it does not take;
 * -ENOMEM.
 * Since: 0.3
 */
int mg_eee_to_json(const struct mg_eee *eee, unsigned int flags, char **json);

/**
 * mg_eee_to_text - Energy-Efficient Ethernet as multigig show prints it.
 * @eee: EEE state.
 * @text: where the text is stored: malloc'ed, free with free().
 *
 * "eee: enabled, active, tx-lpi on after 16 us", the driver's error after
 * it (or alone, when the state is unknown), then the advertised modes and
 * what the kernel could not say of later modes, a line each when known.
 *
 * Returns: 0; -EINVAL for a NULL argument; -ENOMEM.
 * Since: 0.4
 */
int mg_eee_to_text(const struct mg_eee *eee, char **text);

/**
 * mg_features_to_json - the offloads as JSON: show --json's "features".
 * @features: features.
 * @flags: MG_JSON_LINE, MG_JSON_BYTES (enum mg_json_flags).
 * @json: where the text is stored: malloc'ed, free with free().
 *
 * Each feature by its kernel name, in the kernel's order, with "active",
 * "wanted" and "fixed".
 *
 * Returns: 0; -EINVAL for a NULL argument or a flag it does not take;
 * -ENOMEM.
 * Since: 0.3
 */
int mg_features_to_json(const struct mg_features *features, unsigned int flags, char **json);

/**
 * mg_features_to_text - features as multigig show prints them.
 * @features: features.
 * @text: where the text is stored: malloc'ed, free with free().
 *
 * "offloads on:" and "offloads off:", each the features' names in the
 * kernel's order, "[fixed]" after one that cannot change; a line is left
 * out when it would list none.
 *
 * Returns: 0; -EINVAL for a NULL argument; -ENOMEM.
 * Since: 0.4
 */
int mg_features_to_text(const struct mg_features *features, char **text);

/**
 * mg_cable_info_to_json - whether an interface can test its cable, as
 * cable --json prints it.
 * @info: the answer (mg_cable_query()).
 * @ifname: the interface's name for "name" (NULL writes null).
 * @flags: MG_JSON_LINE, MG_JSON_BYTES (enum mg_json_flags).
 * @json: where the text is stored: malloc'ed, free with free().
 *
 * "name", "support", "reason", "phy_driver", "tdr".
 *
 * Returns: 0; -EINVAL for a NULL @info or @json or a flag it does not take;
 * -ENOMEM.
 * Since: 0.3
 */
int mg_cable_info_to_json(const struct mg_cable_info *info, const char *ifname, unsigned int flags, char **json);

/**
 * mg_cable_info_to_text - whether an interface can test its cable, as
 * multigig cable prints it.
 * @info: the answer (mg_cable_query()).
 * @ifname: the interface's name (NULL shows as "-").
 * @text: where the text is stored: malloc'ed, free with free().
 *
 * One line: "eth0: cable test supported: ...", the support and its reason.
 *
 * Returns: 0; -EINVAL for a NULL @info or @text; -ENOMEM.
 * Since: 0.4
 */
int mg_cable_info_to_text(const struct mg_cable_info *info, const char *ifname, char **text);

/**
 * mg_cable_result_to_json - a cable test's result, as cable-test --json
 * prints it.
 * @result: result (mg_cable_test_run()).
 * @ifname: the interface's name for "name" (NULL writes null).
 * @flags: MG_JSON_TDR when the test was run with MG_CABLE_TEST_TDR (adds
 *	"tdr", the trace); MG_JSON_LINE, MG_JSON_BYTES (enum mg_json_flags).
 * @json: where the text is stored: malloc'ed, free with free().
 *
 * "name", "pairs" (each "pair" A to D, "code", "fault_length_cm"), and
 * with MG_JSON_TDR "tdr" (each "pair", "distance_cm", "mv").
 *
 * Returns: 0; -EINVAL for a NULL @result or @json or a flag it does not
 * take; -ENOMEM.
 * Since: 0.3
 */
int mg_cable_result_to_json(const struct mg_cable_result *result, const char *ifname, unsigned int flags,
			    char **json);

/**
 * mg_cable_result_to_text - a cable test's result, as multigig cable-test
 * prints it.
 * @result: result (mg_cable_test_run()).
 * @ifname: the interface's name (the text does not show it today).
 * @flags: MG_JSON_TDR for the trace instead of the pairs' verdicts.
 * @text: where the text is stored: malloc'ed, free with free().
 *
 * A line a pair, "pair A: ok" with where a fault is ("fault at 3.20 m");
 * with MG_JSON_TDR a line a sample of the trace: pair, distance, mV.
 *
 * Returns: 0; -EINVAL for a NULL @result or @text or a flag it does not
 * take; -ENOMEM.
 * Since: 0.4
 */
int mg_cable_result_to_text(const struct mg_cable_result *result, const char *ifname, unsigned int flags,
			    char **text);

#ifdef __cplusplus
}
#endif

#endif /* MULTIGIG_LINK_H */
