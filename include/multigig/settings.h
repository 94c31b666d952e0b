/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libmultigig: settings over ethtool netlink, and changing them: plans, transactions, journals.
 *
 * Include <multigig/multigig.h>, which includes every header in order.
 */
#ifndef MULTIGIG_SETTINGS_H
#define MULTIGIG_SETTINGS_H

#include <multigig/throughput.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Ethernet settings over ethtool netlink                              */
/* ------------------------------------------------------------------ */

/**
 * enum mg_param - one tunable setting. Ring, channel, coalesce and pause
 * parameters are those of ethtool -g, -l, -c and -a; MTU that of ip link.
 */
enum mg_param {
	MG_PARAM_MTU = 0,
	MG_PARAM_RX_RING,
	MG_PARAM_RX_MINI_RING,
	MG_PARAM_RX_JUMBO_RING,
	MG_PARAM_TX_RING,
	MG_PARAM_RX_BUF_LEN,
	MG_PARAM_CQE_SIZE,
	MG_PARAM_TX_PUSH,
	MG_PARAM_TCP_DATA_SPLIT,
	MG_PARAM_RX_CHANNELS,
	MG_PARAM_TX_CHANNELS,
	MG_PARAM_OTHER_CHANNELS,
	MG_PARAM_COMBINED_CHANNELS,
	MG_PARAM_RX_USECS,
	MG_PARAM_RX_FRAMES,
	MG_PARAM_RX_USECS_IRQ,
	MG_PARAM_RX_FRAMES_IRQ,
	MG_PARAM_TX_USECS,
	MG_PARAM_TX_FRAMES,
	MG_PARAM_TX_USECS_IRQ,
	MG_PARAM_TX_FRAMES_IRQ,
	MG_PARAM_STATS_BLOCK_USECS,
	MG_PARAM_ADAPTIVE_RX,
	MG_PARAM_ADAPTIVE_TX,
	MG_PARAM_PKT_RATE_LOW,
	MG_PARAM_RX_USECS_LOW,
	MG_PARAM_RX_FRAMES_LOW,
	MG_PARAM_TX_USECS_LOW,
	MG_PARAM_TX_FRAMES_LOW,
	MG_PARAM_PKT_RATE_HIGH,
	MG_PARAM_RX_USECS_HIGH,
	MG_PARAM_RX_FRAMES_HIGH,
	MG_PARAM_TX_USECS_HIGH,
	MG_PARAM_TX_FRAMES_HIGH,
	MG_PARAM_RATE_SAMPLE_INTERVAL,
	MG_PARAM_CQE_MODE_RX,
	MG_PARAM_CQE_MODE_TX,
	MG_PARAM_PAUSE_AUTONEG,
	MG_PARAM_PAUSE_RX,
	MG_PARAM_PAUSE_TX,
};

/** Number of enum mg_param values in this version of the library. */
#define MG_PARAM_COUNT 40

/** As a ring size to set: the largest the driver reports. */
#define MG_VALUE_MAX (-2)

/**
 * enum mg_param_group - the request a change belongs to, in the order
 * mg_settings_apply() makes them.
 * @MG_GROUP_MTU: the MTU (rtnetlink).
 * @MG_GROUP_RINGS: ring sizes.
 * @MG_GROUP_CHANNELS: channel counts.
 * @MG_GROUP_COALESCE: interrupt coalescing.
 * @MG_GROUP_PAUSE: pause frames.
 * @MG_GROUP_FEATURES: offloads, by name (mg_settings_set_feature()).
 *	Since: 0.2
 * @MG_GROUP_EEE: Energy-Efficient Ethernet on or off
 *	(mg_settings_set_eee()). Since: 0.2
 * @MG_GROUP_ADVERTISE: the link modes advertised to the link partner
 *	(mg_settings_set_advertise()). Since: 0.2
 * @MG_GROUP_ASPM: ASPM L1 of the adapter's PCIe link
 *	(mg_settings_set_aspm_l1()). Since: 0.2
 * @MG_GROUP_RPS: the CPUs receive packet steering hands each receive
 *	queue's packets to (mg_settings_set_rps_cpus()). Since: 0.3
 * @MG_GROUP_XPS: the CPUs that send on each transmit queue
 *	(mg_settings_set_xps_cpus()). Since: 0.3
 * @MG_GROUP_IRQ_AFFINITY: the CPUs each of the adapter's interrupt
 *	vectors may run on (mg_settings_set_irq_affinity()). Since: 0.3
 * @MG_GROUP_WOL: the Wake-on-LAN modes enabled (mg_settings_set_wol()).
 *	Since: 0.4
 * @MG_GROUP_PERSIST: the settings written where the system applies them
 *	when the device is added, at boot or a re-plug
 *	(mg_settings_set_persist()). Since: 0.4
 * @MG_GROUP_PERSIST_NM: the same settings written into the NetworkManager
 *	connection active on the interface, which NM applies at every
 *	activation (mg_settings_set_persist()). Since: 0.4
 *
 * Changes are made MTU, features, Wake-on-LAN, ASPM L1, RPS, XPS, IRQ affinity, rings,
 * channels, coalesce, pause, EEE, advertised modes: first what neither
 * resets the adapter nor drops the link, and the two that renegotiate the
 * link last; what persists them after all of them. Only the first five
 * values hold enum mg_param parameters.
 */
enum mg_param_group {
	MG_GROUP_MTU = 0,
	MG_GROUP_RINGS = 1,
	MG_GROUP_CHANNELS = 2,
	MG_GROUP_COALESCE = 3,
	MG_GROUP_PAUSE = 4,
	MG_GROUP_FEATURES = 5,
	MG_GROUP_EEE = 6,
	MG_GROUP_ADVERTISE = 7,
	MG_GROUP_ASPM = 8,
	MG_GROUP_RPS = 9,
	MG_GROUP_XPS = 10,
	MG_GROUP_IRQ_AFFINITY = 11,
	MG_GROUP_WOL = 12,
	MG_GROUP_PERSIST = 13,
	MG_GROUP_PERSIST_NM = 14,
};

/**
 * enum mg_persist - what an apply does with the settings beyond the
 * running interface.
 * @MG_PERSIST_NO: nothing: the settings last until the device goes (the
 *	default).
 * @MG_PERSIST_WRITE: write them into the system's own file for the
 *	device, which udev applies when the device is added.
 * @MG_PERSIST_REMOVE: remove what libmultigig wrote for the device.
 *
 * Since: 0.4
 */
enum mg_persist {
	MG_PERSIST_NO = 0,
	MG_PERSIST_WRITE = 1,
	MG_PERSIST_REMOVE = 2,
};

/**
 * mg_param_name - the parameter's name, as the CLI spells it.
 * @param: parameter.
 *
 * Returns: "mtu", "rx-ring", "combined", "rx-usecs", "pause-rx", ... or
 * NULL for an unknown value.
 * Since: 0.1
 */
const char *mg_param_name(enum mg_param param);

/**
 * mg_param_from_name - the parameter a name spells.
 * @name: name as mg_param_name() gives it.
 *
 * Returns: the parameter, or -EINVAL.
 * Since: 0.1
 */
int mg_param_from_name(const char *name);

/**
 * mg_param_get_group - the request a parameter belongs to.
 * @param: parameter.
 *
 * Returns: the group, or -EINVAL.
 * Since: 0.1
 */
int mg_param_get_group(enum mg_param param);

/**
 * mg_param_group_name - name of a group: "mtu", "rings", "channels",
 * "coalesce", "pause", and since 0.2 "features", "eee", "advertise",
 * "aspm", since 0.3 "rps", "xps", "irq-affinity", and since 0.4 "wol".
 * @group: group.
 *
 * Returns: the name, or NULL.
 * Since: 0.1
 */
const char *mg_param_group_name(enum mg_param_group group);

/**
 * struct mg_settings - values of parameters, each with a presence bit;
 * what was read from the kernel, or what to apply.
 */
struct mg_settings;

/**
 * mg_settings_new - an empty settings object, to fill with values to apply.
 * @settings: where the object is stored.
 *
 * Returns: 0 or -ENOMEM.
 * Since: 0.1
 */
int mg_settings_new(struct mg_settings **settings);

/**
 * mg_settings_free - free a settings object.
 * @settings: object, may be NULL.
 *
 * Since: 0.1
 */
void mg_settings_free(struct mg_settings *settings);

/**
 * mg_settings_set - mark a parameter present with a value.
 * @settings: object.
 * @param: parameter.
 * @value: the value; booleans are 0 or 1; MG_VALUE_MAX for a ring asks for
 *	the driver's maximum.
 *
 * Returns: 0, or -EINVAL for an unknown parameter or a negative value.
 * Since: 0.1
 */
int mg_settings_set(struct mg_settings *settings, enum mg_param param, long long value);

/**
 * mg_settings_set_eee - ask for Energy-Efficient Ethernet on or off.
 * @settings: object made with mg_settings_new().
 * @on: 1 or 0.
 *
 * mg_settings_apply() refuses it, before changing anything, when the
 * driver has no EEE, and turning it on when the driver reports no EEE
 * link mode. Only "enabled" changes: the modes EEE advertises stay.
 *
 * Returns: 0; -EINVAL for NULL or a value other than 0 and 1; -ENOMEM.
 * Since: 0.2
 */
int mg_settings_set_eee(struct mg_settings *settings, int on);

/**
 * mg_settings_set_advertise - ask to advertise these link modes.
 * @settings: object made with mg_settings_new().
 * @modes: "all" (every speed mode the interface supports), or a comma
 *	separated list of the kernel's mode names ("1000baseT/Full,2500baseT/Full";
 *	a name without "/Full" or "/Half" means its full-duplex mode).
 *
 * The speed modes advertised become exactly these; the other bits of the
 * advertisement (Autoneg, the port, Pause, FEC) stay as they are.
 * mg_settings_apply() refuses a mode the interface does not support, and a
 * driver that reports no link modes, before changing anything.
 *
 * Returns: 0; -EINVAL for NULL, an empty list or an empty name; -ENOMEM.
 * Since: 0.2
 */
int mg_settings_set_advertise(struct mg_settings *settings, const char *modes);

/**
 * mg_settings_set_feature - ask for an offload on or off.
 * @settings: object made with mg_settings_new().
 * @name: the kernel's feature name ("rx-gro", "tx-tcp-segmentation"; '-'
 *	and '_' are the same), or one of ethtool's short names: gro, gso, lro,
 *	tso (every TCP segmentation offload), sg, rxhash, rxvlan, txvlan,
 *	ntuple.
 * @on: 1 or 0.
 *
 * Asking twice for one name keeps the last. mg_settings_apply() refuses a
 * name the interface does not report, and a change of a fixed feature,
 * before changing anything.
 *
 * Returns: 0; -EINVAL for NULL, an empty name or one longer than 31
 * characters, or a value other than 0 and 1; -E2BIG past 64 features;
 * -ENOMEM.
 * Since: 0.2
 */
int mg_settings_set_feature(struct mg_settings *settings, const char *name, int on);

/**
 * mg_settings_set_aspm_l1 - ask for ASPM L1 on or off on the adapter's
 * PCIe link.
 * @settings: object made with mg_settings_new().
 * @on: 1 or 0.
 *
 * The change is written to the kernel's control of the link,
 * /sys/bus/pci/devices/ADDR/link/l1_aspm (Linux 5.5 and later), which
 * needs root. mg_settings_apply() refuses it, before changing anything,
 * when the interface is not a PCIe device (-EOPNOTSUPP), when the kernel
 * offers no such control for its link (the link does not support L1, or
 * the kernel does not let it be changed: -EOPNOTSUPP), when turning L1
 * on under the "performance" ASPM policy, which keeps it off
 * (-EOPNOTSUPP), and when the control cannot be written (-EPERM). Turning
 * L1 off also turns its L1 substates off (the kernel does); a restore of
 * the change (a failed apply, mg_settings_rollback()) turns back on those
 * that were on, and turning L1 on leaves them as they are. The result
 * names the change "aspm-l1".
 *
 * Returns: 0; -EINVAL for NULL or a value other than 0 and 1; -ENOMEM.
 * Since: 0.2
 */
int mg_settings_set_aspm_l1(struct mg_settings *settings, int on);

/**
 * mg_settings_set_wol - ask for exactly these Wake-on-LAN modes.
 * @settings: object made with mg_settings_new().
 * @modes: ethtool's letters, any of p u m b a g s f ("g": wake on a
 *	magic packet; mg_ethlink_get_wol_supported() says what each is),
 *	or "d" or "off" for none.
 *
 * The modes enabled become exactly these; the SecureOn password stays
 * as it is. mg_settings_apply() refuses, before changing anything, a mode
 * the driver does not support (the message names those it does) and a
 * driver without Wake-on-LAN (-EOPNOTSUPP, with the kernel's words when
 * it gives any). The result names the change "wol" and shows its values
 * as the letters ("d" for none).
 *
 * Returns: 0; -EINVAL for NULL, an empty word or another letter; -ENOMEM.
 * Since: 0.4
 */
int mg_settings_set_wol(struct mg_settings *settings, const char *modes);

/**
 * mg_settings_set_persist - ask for the settings to survive a reboot and
 * a re-plug, or for what libmultigig wrote for that to go.
 * @settings: object made with mg_settings_new().
 * @how: an enum mg_persist.
 *
 * With MG_PERSIST_WRITE, an apply that has made the settings writes them,
 * as the last step of the same transaction, into a systemd .link file of
 * its own in /etc/systemd/network, which udev applies whenever the device
 * is added. The file matches the device by what a re-plug keeps (a USB
 * adapter by its permanent MAC address, any other by its device path, with
 * its permanent MAC address too where other interfaces share the path, a
 * virtual one by its name) and carries over the lines of the file udev applied
 * until then, so that the interface keeps its name. Its first line marks
 * it as libmultigig's; a file there that is not is left alone and the
 * apply refused. A later apply adds its settings to the same file. The
 * previous text is journaled: a rollback and a failure put it back.
 * With a confirmation window (mg_plan_set_confirm()) the text waits beside
 * the file, as NAME.link.unconfirmed, which udev never reads, until
 * mg_settings_confirm() renames it over the file; unconfirmed, the
 * rollback removes it, so that a reboot inside the window (whose undo
 * lives in /run) keeps nothing. Where no systemd-udevd runs in the interface's network
 * namespace, it is refused (-EOPNOTSUPP). The parameters (MTU, rings,
 * channels, coalesce, pause), Wake-on-LAN (WakeOnLan=) and the offloads
 * udev has keys for (rx-gro, rx-gro-hw, rx-lro, tx-generic-segmentation,
 * tx-tcp-segmentation, tx-tcp6-segmentation, rx-checksum, the VLAN
 * offloads, rx-ntuple-filter) have keys in every udev libmultigig
 * supports: asked with another group or offload, the apply is refused,
 * with the reason, before anything changes. A value that the
 * NetworkManager connection active on the interface sets otherwise is
 * refused too (-EBUSY): NetworkManager would put its own back. The result names the step "persist", its values the
 * file ("none" when there was none).
 *
 * With MG_PERSIST_REMOVE (and no other setting), the apply removes the
 * file libmultigig wrote for the device, and nothing when there is none.
 *
 * Returns: 0; -EINVAL for NULL or another value; -ENOMEM.
 * Since: 0.4
 */
int mg_settings_set_persist(struct mg_settings *settings, int how);

/**
 * struct mg_persist_status - what persists of an interface's settings:
 * the .link file udev applies when the device is next added, the
 * NetworkManager connection it activates, and each setting they carry
 * beside the value running now. Opaque; read with
 * mg_persist_status_read(), freed with mg_persist_status_free().
 * Since: 0.4
 */
struct mg_persist_status;

/**
 * mg_persist_status_read - read what persists of an interface's settings.
 * @ctx: live context.
 * @ifname: interface name.
 * @status: out, the status; free it with mg_persist_status_free().
 *
 * The file is the one udev applies at the device's next add: the one
 * libmultigig wrote for it when there is one, else the one udev applied at
 * its last add, read with its drop-ins. Every key of it that is one of
 * libmultigig's parameters is a row: the setting, the key, the value the
 * file carries and the one running now; they differ where the next boot
 * or re-plug changes the setting (drift). Where NetworkManager, serving
 * this network namespace, manages the interface, every key of its active
 * connection's profile that is one of the parameters is a row too: NM
 * applies them at every activation, after udev, so where the two engines
 * carry a setting with different values (a conflict) NM's is the one that
 * lasts. NM is asked over D-Bus; not running is no error.
 *
 * Where no systemd-udevd runs in this network namespace, no file is known
 * and mg_persist_status_get_reason() says so; where NetworkManager fails
 * to answer, mg_persist_status_get_connection_reason() does: neither is
 * an error.
 *
 * Returns: 0; -ENODEV for an unknown interface or one udev does not know;
 * -EOPNOTSUPP on a captured tree; -EINVAL; the message in
 * mg_ctx_last_error().
 * Since: 0.4
 */
int mg_persist_status_read(struct mg_ctx *ctx, const char *ifname, struct mg_persist_status **status);

/**
 * mg_persist_status_free - free a status.
 * @status: status, or NULL.
 * Since: 0.4
 */
void mg_persist_status_free(struct mg_persist_status *status);

/**
 * mg_persist_status_get_ifname - the interface's name.
 * @status: status.
 * Returns: the name; NULL for NULL.
 * Since: 0.4
 */
const char *mg_persist_status_get_ifname(const struct mg_persist_status *status);

/**
 * mg_persist_status_get_file - the .link file udev applies at the next add.
 * @status: status.
 * Returns: its path; NULL when none can be known
 * (mg_persist_status_get_reason() says why) or for NULL.
 * Since: 0.4
 */
const char *mg_persist_status_get_file(const struct mg_persist_status *status);

/**
 * mg_persist_status_is_ours - whether libmultigig wrote that file.
 * @status: status.
 * Returns: 1 or 0; -EINVAL for NULL.
 * Since: 0.4
 */
int mg_persist_status_is_ours(const struct mg_persist_status *status);

/**
 * mg_persist_status_get_reason - why no file is known.
 * @status: status.
 * Returns: the reason; NULL when a file is known, or for NULL.
 * Since: 0.4
 */
const char *mg_persist_status_get_reason(const struct mg_persist_status *status);

/**
 * mg_persist_status_get_connection - NetworkManager's connection active on
 * the interface, whose profile it applies at every activation.
 * @status: status.
 * Returns: its name ("Wired connection 1"); NULL when there is none
 * (mg_persist_status_get_connection_reason() says why) or for NULL.
 * Since: 0.4
 */
const char *mg_persist_status_get_connection(const struct mg_persist_status *status);

/**
 * mg_persist_status_get_connection_uuid - that connection's UUID, which
 * names it where names repeat (nmcli connection modify uuid UUID ...).
 * @status: status.
 * Returns: the UUID; NULL when no connection is active, or for NULL.
 * Since: 0.4
 */
const char *mg_persist_status_get_connection_uuid(const struct mg_persist_status *status);

/**
 * mg_persist_status_get_connection_reason - why NetworkManager has no
 * connection active on the interface.
 * @status: status.
 * Returns: "NetworkManager is not running", "NetworkManager leaves eth0
 * unmanaged", ...; NULL when a connection is active, or for NULL.
 * Since: 0.4
 */
const char *mg_persist_status_get_connection_reason(const struct mg_persist_status *status);

/**
 * mg_persist_status_count - the settings the file and the connection carry.
 * @status: status.
 * Returns: their number; 0 for NULL.
 * Since: 0.4
 */
size_t mg_persist_status_count(const struct mg_persist_status *status);

/**
 * mg_persist_status_get_setting - a row's setting, as mg_param_name() spells it.
 * @status: status.
 * @index: row, below mg_persist_status_count().
 * Returns: "mtu", "rx-ring", ...; NULL for a bad index.
 * Since: 0.4
 */
const char *mg_persist_status_get_setting(const struct mg_persist_status *status, size_t index);

/**
 * mg_persist_status_get_engine - what applies a row's setting again.
 * @status: status.
 * @index: row.
 * Returns: "udev" (the file, at every add), "NetworkManager" (the
 * connection, at every activation) or "ifupdown" (an iface stanza of
 * /etc/network/interfaces or a file it sources, at every ifup: at boot
 * for an auto interface, at every add for an allow-hotplug one); NULL for
 * a bad index.
 * Since: 0.4
 */
const char *mg_persist_status_get_engine(const struct mg_persist_status *status, size_t index);

/**
 * mg_persist_status_get_key - a row's key in the file or the profile.
 * @status: status.
 * @index: row.
 * Returns: "MTUBytes", "RxBufferSize", "802-3-ethernet.mtu",
 * "ethtool.ring-rx", "mtu", "hardware-dma-ring-rx", ...; NULL for a bad
 * index.
 * Since: 0.4
 */
const char *mg_persist_status_get_key(const struct mg_persist_status *status, size_t index);

/**
 * mg_persist_status_get_source - where a row's value is written.
 * @status: status.
 * @index: row.
 * Returns: the .link file (udev), the connection's name
 * (NetworkManager) or the file of the iface stanza (ifupdown); NULL for a
 * bad index.
 * Since: 0.4
 */
const char *mg_persist_status_get_source(const struct mg_persist_status *status, size_t index);

/**
 * mg_persist_status_get_running - a row's value running now, as the file
 * would spell it.
 * @status: status.
 * @index: row.
 * Returns: "9000", "yes", "50us"; NULL when the driver does not report it,
 * or for a bad index.
 * Since: 0.4
 */
const char *mg_persist_status_get_running(const struct mg_persist_status *status, size_t index);

/**
 * mg_persist_status_get_persisted - a row's value in the file.
 * @status: status.
 * @index: row.
 * Returns: the value as the file has it; NULL for a bad index.
 * Since: 0.4
 */
const char *mg_persist_status_get_persisted(const struct mg_persist_status *status, size_t index);

/**
 * mg_persist_status_get_drift - whether the next add changes a row's setting.
 * @status: status.
 * @index: row.
 * Returns: 1 when the file's value is not the one running (or that one is
 * not reported), 0; -EINVAL for a bad index.
 * Since: 0.4
 */
int mg_persist_status_get_drift(const struct mg_persist_status *status, size_t index);

/**
 * mg_persist_status_get_conflict - whether the other engine carries a
 * row's setting with another value.
 * @status: status.
 * @index: row.
 * Returns: 1 when udev's file and NetworkManager's profile or ifupdown's
 * stanza both set the setting and their values differ (NM's or ifupdown's
 * lasts: they apply after udev), 0; -EINVAL for a bad index.
 * Since: 0.4
 */
int mg_persist_status_get_conflict(const struct mg_persist_status *status, size_t index);

/**
 * mg_persist_status_to_json - a status as JSON.
 * @status: status.
 * @flags: MG_JSON_* flags.
 * @json: out, the text; free() it.
 *
 * An object: "ifname", "file" (null when none is known), "ours",
 * "reason" (null when a file is known), "connection" (NetworkManager's,
 * null when none), "connection_uuid", "connection_reason" (null when one
 * is active) and
 * "settings", an array of objects with "setting", "engine", "key",
 * "running" (null when not reported), "persisted", "drift" and
 * "conflict".
 *
 * Returns: 0; -EINVAL; -ENOMEM.
 * Since: 0.4
 */
int mg_persist_status_to_json(const struct mg_persist_status *status, unsigned int flags, char **json);

/**
 * mg_persist_status_to_text - a status as the CLI prints it.
 * @status: status.
 * @text: out, the text; free() it.
 * Returns: 0; -EINVAL; -ENOMEM.
 * Since: 0.4
 */
int mg_persist_status_to_text(const struct mg_persist_status *status, char **text);

/**
 * mg_settings_set_rps_cpus - ask for receive packet steering to these
 * CPUs.
 * @settings: object made with mg_settings_new().
 * @queue: the receive queue (N of /sys/class/net/IF/queues/rx-N), or -1
 *	for every receive queue of the interface.
 * @cpus: CPUs as a list, "0-3" or "1,3"; "none" for no CPU (RPS off). An
 *	empty list is refused: it is more often a variable left unset than
 *	a wish to turn steering off (0.3.0 took it for "none").
 *
 * Written to queues/rx-N/rps_cpus, which needs CAP_NET_ADMIN; the kernel
 * must have RPS (CONFIG_RPS). mg_settings_apply() refuses, before
 * changing anything, a CPU that is not present (-EINVAL, naming the CPUs
 * that are), a queue the interface does not have (-EINVAL) and an
 * interface without RPS (-EOPNOTSUPP). CPUs are counted up to 63: a
 * machine with more is refused (-ERANGE) rather than half changed. Each
 * queue is a change of its own, named "rps-cpus:rx-N" in the result, its
 * values the CPUs as a bit mask (bit N for CPU N). A later call for the
 * same queue replaces an earlier one; one for a queue overrides one for
 * every queue.
 *
 * Returns: 0; -EINVAL for NULL, a queue below -1, an empty list or one
 * that is not a list; -ERANGE for a CPU past 63; -E2BIG past 64 queues
 * asked; -ENOMEM.
 * Since: 0.3
 */
int mg_settings_set_rps_cpus(struct mg_settings *settings, int queue, const char *cpus);

/**
 * mg_settings_set_xps_cpus - ask for transmit packet steering: which
 * CPUs send on a transmit queue.
 * @settings: object made with mg_settings_new().
 * @queue: the transmit queue (queues/tx-N), or -1 for every one.
 * @cpus: CPUs as a list; "none" for no CPU (XPS off for that queue); an
 *	empty list is refused, as by mg_settings_set_rps_cpus().
 *
 * As mg_settings_set_rps_cpus(), written to queues/tx-N/xps_cpus (which
 * some kernels offer only on an interface with more than one transmit
 * queue); changes are named "xps-cpus:tx-N".
 *
 * Returns: as mg_settings_set_rps_cpus().
 * Since: 0.3
 */
int mg_settings_set_xps_cpus(struct mg_settings *settings, int queue, const char *cpus);

/**
 * mg_settings_set_irq_affinity - ask for the adapter's interrupt vectors
 * to run on these CPUs.
 * @settings: object made with mg_settings_new().
 * @irq: one vector of the adapter, by its interrupt number, or -1 for
 *	every vector (mg_irqs_get_irq() lists them).
 * @cpus: CPUs as a list; at least one ("" and "none" are refused).
 *
 * Written to /proc/irq/N/smp_affinity_list, which needs root. The vectors
 * are those of the adapter's PCI function (its MSI or MSI-X vectors, else
 * its legacy line); mg_settings_apply() refuses, before changing
 * anything, an interface with none (-EOPNOTSUPP), an @irq that is not
 * one of them (-EINVAL) and a CPU that is not present (-EINVAL). The
 * kernel refuses to move vectors it manages itself (-EIO from the write,
 * then rolled back). Changes are named "irq-affinity:N".
 *
 * Returns: 0; -EINVAL for NULL, an @irq below -1, an empty list or one
 * that is not a list; -ERANGE for a CPU past 63; -E2BIG past 64 vectors
 * asked; -ENOMEM.
 * Since: 0.3
 */
int mg_settings_set_irq_affinity(struct mg_settings *settings, int irq, const char *cpus);

/**
 * mg_settings_get - a parameter's value.
 * @settings: object.
 * @param: parameter.
 * @value: where the value is stored.
 *
 * Returns: 0; -ENODATA when the parameter is not present (for a read
 * object: the driver does not report it); -EINVAL.
 * Since: 0.1
 */
int mg_settings_get(const struct mg_settings *settings, enum mg_param param, long long *value);

/**
 * mg_settings_get_max - the largest value the driver accepts.
 * @settings: object read from the kernel.
 * @param: a ring or channel count, or MG_PARAM_MTU.
 * @value: where the maximum is stored.
 *
 * Returns: 0; -ENODATA when the driver reports no maximum; -EINVAL.
 * Since: 0.1
 */
int mg_settings_get_max(const struct mg_settings *settings, enum mg_param param, long long *value);

/**
 * mg_settings_get_min - the smallest value the driver accepts (MTU only).
 * @settings: object read from the kernel.
 * @param: parameter.
 * @value: where the minimum is stored.
 *
 * Returns: 0; -ENODATA; -EINVAL.
 * Since: 0.1
 */
int mg_settings_get_min(const struct mg_settings *settings, enum mg_param param, long long *value);

/**
 * mg_settings_group_error - why a group could not be read.
 * @settings: object read from the kernel.
 * @group: group.
 *
 * Returns: a message such as "veth does not support ring parameters", or
 * NULL when the group was read.
 * Since: 0.1
 */
const char *mg_settings_group_error(const struct mg_settings *settings, enum mg_param_group group);

/**
 * mg_settings_get_ifname - the interface a read object describes.
 * @settings: object.
 *
 * Returns: the name, or NULL for an object made with mg_settings_new().
 * Since: 0.1
 */
const char *mg_settings_get_ifname(const struct mg_settings *settings);

/**
 * mg_settings_read - read every parameter of one interface.
 * @ctx: context (live, or a capture made by 0.2 or later).
 * @ifname: interface name.
 * @settings: where the object is stored.
 *
 * The link (MTU with its limits) by one RTM_GETLINK for that name, then
 * one ethtool request per group (rings, channels, coalesce, pause)
 * addressed by its index. A group the driver does not support is absent,
 * with mg_settings_group_error() saying so; a coalesce parameter the driver
 * does not report is absent, never 0.
 *
 * Returns: 0; -EINVAL; -ENODEV; -ENODATA for a capture that recorded no
 * ethtool replies (made before 0.2).
 * Since: 0.1
 */
int mg_settings_read(struct mg_ctx *ctx, const char *ifname, struct mg_settings **settings);

/**
 * mg_settings_read_for_nic - read the settings of an adapter's interface.
 * @ctx: context.
 * @nic: adapter with an interface.
 * @settings: where the settings are stored; free with mg_settings_free().
 *
 * Five requests addressed by interface index: the link (MTU), then rings,
 * channels, coalesce and pause.
 *
 * Returns: as mg_settings_read(); -ENODEV when @nic has no interface.
 * Since: 0.2
 */
int mg_settings_read_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_settings **settings);

/** struct mg_settings_list - settings of every interface. */
struct mg_settings_list;

/**
 * mg_settings_list_read - read every parameter of every interface.
 * @ctx: context (live, or a capture).
 * @list: where the list is stored.
 *
 * One dump request per group and one RTM_GETLINK dump: five requests
 * whatever the number of interfaces. Where one driver's error ends a
 * group's dump, that group is read interface by interface; in a capture
 * that recorded none, each group says so in mg_settings_group_error().
 *
 * Returns: 0 or a negative errno.
 * Since: 0.1
 */
int mg_settings_list_read(struct mg_ctx *ctx, struct mg_settings_list **list);

/**
 * mg_settings_list_free - free a list.
 * @list: list, may be NULL.
 *
 * Since: 0.1
 */
void mg_settings_list_free(struct mg_settings_list *list);

/**
 * mg_settings_list_count - number of interfaces in a list.
 * @list: list.
 *
 * Returns: the count.
 * Since: 0.1
 */
size_t mg_settings_list_count(const struct mg_settings_list *list);

/**
 * mg_settings_list_get - settings of one interface, owned by the list.
 * @list: list.
 * @index: position.
 *
 * Returns: the settings, or NULL.
 * Since: 0.1
 */
const struct mg_settings *mg_settings_list_get(const struct mg_settings_list *list, size_t index);

/** Options of mg_settings_apply(). */
#define MG_APPLY_DRY_RUN 0x1
/*
 * Keep the changes only while this process lives, until mg_settings_undo()
 * of the result: the undo journal stays, held by the result (and its
 * process), so that when the process dies first mg_settings_rollback()
 * puts the values back. Held changes block no other apply: the undo puts
 * back only what still holds what this apply set. Not with a
 * confirmation window. Since: 0.4
 */
#define MG_APPLY_HOLD 0x2

/**
 * struct mg_apply_result - what mg_settings_apply() planned and did.
 */
struct mg_apply_result;

/**
 * mg_settings_apply - change an interface's settings, all or nothing.
 * @ctx: a live context.
 * @ifname: interface name.
 * @want: the parameters to change (only present ones are sent).
 * @flags: 0, MG_APPLY_DRY_RUN or MG_APPLY_HOLD.
 * @result: where the result is stored (also on failure), or NULL.
 *
 * Reads the current state, validates every present parameter against what
 * the kernel reports (MTU range, ring and channel maxima, supported
 * coalesce parameters; offload names and whether they are fixed; whether
 * the driver has EEE; the link modes it supports; whether the PCIe link
 * has an ASPM L1 control) and refuses before changing anything; then
 * changes MTU, features, ASPM L1, RPS, XPS, IRQ affinity, rings, channels, coalesce, pause, EEE,
 * advertised modes in that order, one request (or sysfs write) per group,
 * and reads back to verify. On any failure every group already changed is
 * restored, in reverse order. The state of EEE, the link modes, the
 * features and ASPM is read only when @want asks to change them.
 *
 * Applies to one interface run one at a time, whichever process makes
 * them: each holds a lock on the interface (a file under /run/multigig)
 * from its first read to its last change, waiting up to 30 seconds for
 * another. Before the first change the values about to be replaced are
 * written to an undo journal under /run/multigig, removed when the apply
 * ends; a journal left behind (the process was killed) makes later applies
 * refuse until mg_settings_rollback(). A restore changes a value back only
 * while it still holds what this apply set: a value another writer changed
 * in the meantime is left, and the result says so (MG_CHANGE_LEFT). Every
 * request addresses the interface by index, so renaming it midway does not
 * send a change to another interface. A dry run takes no lock and writes
 * nothing, so it works without write access to /run/multigig.
 *
 * Returns: 0; -EINVAL (out of range, with the limit in the message; an
 * unknown feature or link mode); -EOPNOTSUPP (the driver lacks the group:
 * "veth does not support ring parameters", "veth does not support EEE";
 * a fixed feature; no ASPM L1 control); -EPERM ("needs CAP_NET_ADMIN", no
 * write access to /run/multigig, or to the link's ASPM control); -EUCLEAN when an earlier apply to the interface was
 * interrupted and not rolled back; -EBUSY when another apply held the
 * interface for 30 seconds; -ECANCELED when the flag of
 * mg_ctx_set_cancel_flag() was set (changes already made are rolled back);
 * another negative errno from the kernel, with its extended ack message.
 * The context's last error names the failing step and whether the rollback
 * succeeded.
 * Since: 0.1
 */
int mg_settings_apply(struct mg_ctx *ctx, const char *ifname, const struct mg_settings *want,
		      unsigned int flags, struct mg_apply_result **result);

/**
 * mg_ctx_set_cancel_flag - let a signal handler stop an apply.
 * @ctx: context.
 * @flag: a flag the caller sets (typically from a SIGINT or SIGTERM
 *	handler), or NULL to stop watching one. The library only reads it.
 *
 * mg_settings_apply() reads the flag while it waits for the interface's
 * lock, before each group's change and after verifying; once it is set,
 * the apply changes nothing more, restores what it changed and returns
 * -ECANCELED. mg_settings_rollback() reads it only while waiting for the
 * lock: a rollback under way is finished.
 *
 * Returns: 0, or -EINVAL when @ctx is NULL.
 * Since: 0.2
 */
int mg_ctx_set_cancel_flag(struct mg_ctx *ctx, const volatile sig_atomic_t *flag);

/**
 * mg_settings_rollback - undo an apply that was interrupted.
 * @ctx: a live context.
 * @ifname: interface name.
 * @flags: 0 or MG_APPLY_DRY_RUN.
 * @result: where the result is stored (also on failure), or NULL.
 *
 * An apply killed before it ended (SIGKILL, a crash) leaves its undo
 * journal, and the interface half changed. This restores each recorded
 * value that still holds what the interrupted apply set (or, when the
 * journal does not say what it set, that differs from the recorded value),
 * in reverse order, under the interface's lock, then removes the journal.
 * A value another writer changed since is left, as MG_CHANGE_LEFT. In the
 * result, a change's old value is the one found and its new value the one
 * restored; values already back are left out.
 *
 * Returns: 0; -ENOENT when no interrupted apply is recorded for @ifname;
 * -ENODEV; -EBADMSG when the journal is damaged; -EPERM; -EBUSY, -ECANCELED
 * as mg_settings_apply(); a kernel's errno when a restore fails (the journal
 * is kept then, so that the rollback can be run again).
 * Since: 0.2
 */
int mg_settings_rollback(struct mg_ctx *ctx, const char *ifname, unsigned int flags,
			 struct mg_apply_result **result);

/**
 * mg_settings_journal_pending - whether an apply to an interface was
 * interrupted and awaits mg_settings_rollback().
 * @ctx: a live context.
 * @ifname: interface name.
 *
 * Needs no privilege. An apply under way in another process is not
 * interrupted: its journal is there, but so is its lock.
 *
 * Returns: 1 or 0; -EINVAL; -ENODEV; -EOPNOTSUPP on an offline context.
 * Since: 0.2
 */
int mg_settings_journal_pending(struct mg_ctx *ctx, const char *ifname);

/**
 * mg_settings_journal_pending_for_nic - mg_settings_journal_pending() for
 * the interface of an adapter already looked up.
 * @ctx: a live context.
 * @nic: the adapter.
 *
 * Addressed by the adapter's interface index: no request at all.
 *
 * Returns: 1 or 0; -EINVAL for a NULL argument; -ENODEV when @nic has no
 * interface; -EOPNOTSUPP on an offline context.
 * Since: 0.2
 */
int mg_settings_journal_pending_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic);

/**
 * mg_apply_result_free - free a result.
 * @result: result, may be NULL.
 *
 * Since: 0.1
 */
void mg_apply_result_free(struct mg_apply_result *result);

/**
 * mg_apply_result_count - number of planned changes.
 * @result: result.
 *
 * Returns: the count; parameters already at the wanted value are left out.
 * Since: 0.1
 */
size_t mg_apply_result_count(const struct mg_apply_result *result);

/**
 * mg_apply_result_get - one planned change.
 * @result: result.
 * @index: position, in the order of application.
 * @param: where the parameter is stored.
 * @old_value: where the value before is stored.
 * @new_value: where the value to set is stored.
 *
 * A change of a feature, of EEE or of ASPM L1 has no enum mg_param:
 * @param is set to -1, and the values are 1 (on) or 0 (off). One of
 * Wake-on-LAN has none either: its values are masks of WAKE_* bits
 * (<linux/ethtool.h>). A change of the advertised
 * modes has neither: the values are MG_UNKNOWN (see
 * mg_apply_result_get_modes()). mg_apply_result_get_name() names every
 * change.
 *
 * Returns: 0 or -EINVAL.
 * Since: 0.1
 */
int mg_apply_result_get(const struct mg_apply_result *result, size_t index, enum mg_param *param,
			long long *old_value, long long *new_value);

/**
 * mg_apply_result_get_name - what one change changes, as `multigig set`
 * spells it.
 * @result: result.
 * @index: position, as for mg_apply_result_get().
 *
 * Returns: a parameter's name ("mtu"), "eee", "advertise", "aspm-l1",
 * "wol", or a feature's kernel name ("rx-gro"); NULL for a bad index.
 * Since: 0.2
 */
const char *mg_apply_result_get_name(const struct mg_apply_result *result, size_t index);

/**
 * mg_apply_result_get_group - the group of one change.
 * @result: result.
 * @index: position, as for mg_apply_result_get().
 *
 * Returns: an enum mg_param_group, or -EINVAL.
 * Since: 0.2
 */
int mg_apply_result_get_group(const struct mg_apply_result *result, size_t index);

/**
 * mg_apply_result_get_modes - the speed modes a change of the advertised
 * modes replaces or sets.
 * @result: result.
 * @index: position, as for mg_apply_result_get().
 * @after: 0 for the modes before the change, 1 for those it sets.
 *
 * Returns: the kernel's names separated by commas ("1000baseT/Full,2500baseT/Full";
 * "" for none; "bit 47" for a mode the interface no longer names), valid
 * while @result is; NULL when the change is not of advertised modes.
 * Since: 0.2
 */
const char *mg_apply_result_get_modes(const struct mg_apply_result *result, size_t index, int after);

/**
 * mg_apply_result_format_value - one side of a change as text, as the
 * CLI prints it.
 * @result: result.
 * @index: position, as for mg_apply_result_get().
 * @after: 0 for the value before the change, 1 for the one it sets.
 * @buf: where the text is written, terminated.
 * @size: its size.
 *
 * A parameter as its number ("9000"); EEE, a feature or ASPM L1 as "on"
 * or "off"; advertised modes by name; the CPUs of RPS, XPS or IRQ
 * affinity as a list ("0-3", "none"); Wake-on-LAN's modes as ethtool's
 * letters ("g", "d" for none); "unknown" for a value not read.
 *
 * Returns: 0; -EINVAL for NULL or an index out of range.
 * Since: 0.3
 */
int mg_apply_result_format_value(const struct mg_apply_result *result, size_t index, int after, char *buf,
				 size_t size);

/**
 * enum mg_change_state - what became of one change of a result.
 * @MG_CHANGE_PLANNED: not made: a dry run, or a step the apply did not reach.
 * @MG_CHANGE_APPLIED: made, and in place.
 * @MG_CHANGE_ROLLED_BACK: made, then restored after a failure.
 * @MG_CHANGE_LEFT: made, then changed by another writer before the restore:
 *	left as that writer set it.
 * @MG_CHANGE_RESTORE_FAILED: made, and the restore failed.
 */
enum mg_change_state {
	MG_CHANGE_PLANNED,
	MG_CHANGE_APPLIED,
	MG_CHANGE_ROLLED_BACK,
	MG_CHANGE_LEFT,
	MG_CHANGE_RESTORE_FAILED,
};

/**
 * mg_apply_result_get_state - what became of one change.
 * @result: result.
 * @index: position, as for mg_apply_result_get().
 *
 * Returns: an enum mg_change_state, or -EINVAL.
 * Since: 0.2
 */
int mg_apply_result_get_state(const struct mg_apply_result *result, size_t index);

/**
 * mg_apply_result_may_bounce_link - whether the plan changes rings or
 * channels, which makes many drivers reset the link, or EEE or the
 * advertised modes, which renegotiate it.
 * @result: result.
 *
 * Returns: 1 or 0.
 * Since: 0.1
 */
int mg_apply_result_may_bounce_link(const struct mg_apply_result *result);

/**
 * mg_apply_result_get_failed_group - the group whose change failed.
 * @result: result.
 *
 * Returns: the group, or -1 when nothing failed.
 * Since: 0.1
 */
int mg_apply_result_get_failed_group(const struct mg_apply_result *result);

/**
 * mg_apply_result_rolled_back - whether a failure was fully undone.
 * @result: result.
 *
 * Returns: 1 when every changed group was restored, 0 when a restore failed
 * too or a value was left because another writer had changed it (see
 * mg_apply_result_get_state()), MG_UNKNOWN when nothing failed.
 * Since: 0.1
 */
int mg_apply_result_rolled_back(const struct mg_apply_result *result);

/**
 * mg_apply_result_get_kernel_message - what the kernel said when it
 * refused the failed group's change.
 * @result: result.
 *
 * The extended ack text of the request that failed (also found in the
 * context's last error, among the rest), for a caller that shows it on its
 * own. The kernel does not always give one.
 *
 * Returns: the message, valid as long as @result; NULL when nothing failed
 * or the kernel gave no message.
 * Since: 0.2
 */
const char *mg_apply_result_get_kernel_message(const struct mg_apply_result *result);

/**
 * mg_apply_result_get_ifname - the interface one change is made on.
 * @result: result.
 * @index: position, as for mg_apply_result_get().
 *
 * A result of mg_plan_apply() or mg_settings_rollback() may cover several
 * interfaces: their changes follow one another, each interface's in the
 * order they are made.
 *
 * Returns: the interface's name as it was examined; NULL for a bad index.
 * Since: 0.3
 */
const char *mg_apply_result_get_ifname(const struct mg_apply_result *result, size_t index);

/**
 * mg_apply_result_get_ifindex - the index of the interface one change is
 * made on: every request of a transaction addresses it by this index.
 * @result: result.
 * @index: position, as for mg_apply_result_get().
 *
 * Returns: the interface index, or -EINVAL.
 * Since: 0.3
 */
int mg_apply_result_get_ifindex(const struct mg_apply_result *result, size_t index);

/**
 * mg_apply_result_get_interface_count - how many interfaces the result covers.
 * @result: result.
 *
 * Returns: the count, including interfaces that needed no change.
 * Since: 0.3
 */
size_t mg_apply_result_get_interface_count(const struct mg_apply_result *result);

/**
 * mg_apply_result_get_interface - one interface the result covers.
 * @result: result.
 * @index: position, below mg_apply_result_get_interface_count().
 * @ifindex: where its index is stored, or NULL.
 * @skipped: where the reason is stored when a rollback passed over it
 *	(the interface is gone since: "vb0 (index 7) is gone since it was
 *	examined: nothing restored there"), else NULL; may be NULL.
 *
 * Returns: its name as examined, valid while @result is; NULL when out of range.
 * Since: 0.3
 */
const char *mg_apply_result_get_interface(const struct mg_apply_result *result, size_t index, int *ifindex,
					  const char **skipped);

/**
 * mg_apply_result_get_failed_ifname - the interface whose step failed.
 * @result: result.
 *
 * Returns: its name, or NULL when nothing failed.
 * Since: 0.3
 */
const char *mg_apply_result_get_failed_ifname(const struct mg_apply_result *result);

/**
 * mg_apply_result_get_message - what a failed transaction did, in one
 * sentence: the same text as the context's last error had when it ended.
 * @result: result.
 *
 * Returns: the message, valid while @result is; NULL when nothing failed.
 * Since: 0.3
 */
const char *mg_apply_result_get_message(const struct mg_apply_result *result);

/**
 * mg_settings_undo - put back what a successful apply changed.
 * @ctx: a live context.
 * @done: the result of mg_settings_apply() or mg_plan_apply() that succeeded.
 * @flags: 0 or MG_APPLY_DRY_RUN.
 * @result: where the result of the undo is stored (also on failure), or NULL.
 *
 * One transaction over every interface @done changed: under their locks,
 * each value that still holds what @done left is set back to what it
 * replaced; one that another writer changed since is left as they set it
 * (MG_CHANGE_LEFT), and one that is back already needs nothing. The undo
 * writes its own journal first: killed midway, mg_settings_rollback()
 * finishes it. Python's Context.tuned() ends with it.
 *
 * Returns: as mg_settings_rollback(); 0 when @done changed nothing.
 * Since: 0.3
 */
int mg_settings_undo(struct mg_ctx *ctx, const struct mg_apply_result *done, unsigned int flags,
		     struct mg_apply_result **result);

/* ------------------------------------------------------------------ */
/* Plans: changes to several interfaces as one transaction             */
/* ------------------------------------------------------------------ */

/**
 * struct mg_plan - what to change on which interfaces, each named as it
 * was examined. Applied by mg_plan_apply() as one transaction.
 */
struct mg_plan;

/**
 * mg_plan_new - an empty plan.
 * @ctx: the context it is applied with; the plan keeps a reference.
 * @plan: where the plan is stored; free with mg_plan_free().
 *
 * Returns: 0, -EINVAL or -ENOMEM.
 * Since: 0.3
 */
int mg_plan_new(struct mg_ctx *ctx, struct mg_plan **plan);

/**
 * mg_plan_free - free a plan.
 * @plan: plan, may be NULL.
 *
 * Since: 0.3
 */
void mg_plan_free(struct mg_plan *plan);

/**
 * mg_plan_add - change an adapter's interface as part of the plan.
 * @plan: plan.
 * @nic: the adapter, as it was looked up or listed: its interface's index,
 *	name, kind and device are what mg_plan_apply() checks are still
 *	there before it changes anything.
 * @want: what to set (copied; only present values are sent).
 *
 * An interface added twice is changed once, with both asks merged (the
 * later value of one setting wins).
 *
 * Returns: 0; -EINVAL; -ENODEV when @nic has no interface; -ENOMEM.
 * Since: 0.3
 */
int mg_plan_add(struct mg_plan *plan, const struct mg_nic *nic, const struct mg_settings *want);

/**
 * mg_plan_count - how many interfaces the plan changes.
 * @plan: plan.
 *
 * Returns: the count.
 * Since: 0.3
 */
size_t mg_plan_count(const struct mg_plan *plan);

/**
 * mg_plan_get_ifname - the name one interface of the plan had when it was examined.
 * @plan: plan.
 * @index: position, below mg_plan_count().
 *
 * Returns: the name, or NULL when out of range.
 * Since: 0.3
 */
const char *mg_plan_get_ifname(const struct mg_plan *plan, size_t index);

/**
 * mg_plan_get_ifindex - the index the plan addresses one interface by.
 * @plan: plan.
 * @index: position, below mg_plan_count().
 *
 * Returns: the interface index, or -EINVAL.
 * Since: 0.3
 */
int mg_plan_get_ifindex(const struct mg_plan *plan, size_t index);

/**
 * mg_plan_get_settings - what the plan sets on one interface.
 * @plan: plan.
 * @index: position, below mg_plan_count().
 *
 * Returns: the settings, owned by the plan; NULL when out of range.
 * Since: 0.3
 */
const struct mg_settings *mg_plan_get_settings(const struct mg_plan *plan, size_t index);

/**
 * mg_plan_apply - make the whole plan, all or nothing.
 * @plan: plan.
 * @flags: 0 or MG_APPLY_DRY_RUN.
 * @result: where the result is stored (also on failure), or NULL.
 *
 * One transaction: every interface is locked (the lowest index first),
 * then each is checked to be the one examined (the interface now at its
 * index has the same name, kind and device, else -ESTALE, or -ENODEV when
 * none has it), read and validated as mg_settings_apply() does, before
 * anything changes. One undo journal for the whole plan is written before
 * the first change; then each interface's changes are made in the plan's
 * order. On a failure, or a cancel, every change already made, on every
 * interface, is restored where it still holds what the plan set; one that
 * another writer changed since is left and the result says so. If a
 * restore fails the journal stays, and mg_settings_rollback() of any of
 * the plan's interfaces finishes it; killed at any moment, the same
 * rollback restores every interface of the plan.
 *
 * Returns: as mg_settings_apply(); -ESTALE or -ENODEV when an interface is
 * no longer the one examined (nothing is changed then).
 * Since: 0.3
 */
int mg_plan_apply(struct mg_plan *plan, unsigned int flags, struct mg_apply_result **result);

/**
 * mg_plan_set_confirm - make the plan's changes stay only if confirmed.
 * @plan: plan.
 * @seconds: how long mg_settings_confirm() has to come after the changes
 *	are made, 1 to 3600; 0 (the default) keeps them without asking.
 *
 * For a change made over the link it changes (an SSH session to a board
 * whose MTU or rings are being tuned): when it cuts the session, nobody
 * confirms it, and it is rolled back. The transaction's journal is kept,
 * marked with the deadline, and a process of its own, in a session of its
 * own and deaf to SIGHUP, rolls the changes back then (as
 * mg_settings_rollback() does) unless they were confirmed. It outlives the
 * process that applied, its shell and its session. Until then, a new apply
 * to those interfaces is refused with -EBUSY.
 *
 * Returns: 0; -EINVAL for more than 3600 seconds.
 * Since: 0.3
 */
int mg_plan_set_confirm(struct mg_plan *plan, unsigned int seconds);

/**
 * mg_plan_set_persist - persist what the plan sets, on every interface.
 * @plan: plan.
 * @how: MG_PERSIST_WRITE, or MG_PERSIST_NO (the default).
 *
 * As mg_settings_set_persist() on each interface's settings when the
 * plan is applied: the settings are written where udev applies them at
 * the device's next add, as the transaction's last step (a dry run shows
 * that step). The doctor's fixes are such a plan (mg_doctor_plan()).
 *
 * Returns: 0; -EINVAL for NULL or another value.
 * Since: 0.4
 */
int mg_plan_set_persist(struct mg_plan *plan, int how);

/**
 * mg_plan_set_verify_peer - check, after an MTU change, that the path to
 * a peer carries the new size.
 * @plan: plan.
 * @address: an IPv4 or IPv6 address, as digits (no name is looked up); NULL
 *	to check nothing.
 *
 * Before anything changes, the peer must answer ICMP echoes of the current
 * MTU's size with don't-fragment set, sent out of each interface whose MTU
 * the plan changes (by its index); else the plan is refused, as it could not
 * be checked. After the changes, the same at the new MTU: when that goes
 * unanswered (a switch or bridge port on the way still at 1500 drops the
 * frames without a word), every change is rolled back and the error says
 * what the path carries ("the path to 10.0.0.2 carries at most 1500 bytes").
 * Probing needs CAP_NET_RAW (or ping sockets allowed for the caller's group).
 * A link-local IPv6 address (fe80::) is taken on the link of the interface
 * probed.
 *
 * The peer must be one other host on the link: an unspecified, loopback,
 * multicast or broadcast address (255.255.255.255, or a subnet's of this
 * network namespace), an IPv4-mapped IPv6 one, or an address of any
 * interface of this namespace is refused here, as this machine would
 * answer it itself (or many hosts would) whatever the link carries.
 *
 * Returns: 0; -EINVAL for an address that is not one, or not a peer (the
 * reason in mg_ctx_last_error()).
 * Since: 0.3
 */
int mg_plan_set_verify_peer(struct mg_plan *plan, const char *address);

/**
 * mg_settings_confirm - keep the changes that await confirmation.
 * @ctx: a live context.
 * @ifname: an interface of those changes.
 *
 * The changes of the transaction made with mg_plan_set_confirm() that
 * covers @ifname stay: its journal goes, and the process waiting to roll
 * them back finds nothing to do.
 *
 * Returns: 0; -ENOENT when no change of @ifname awaits confirmation;
 * -ETIME when the window has ended (the changes are being rolled back);
 * -EPERM; -ENODEV.
 * Since: 0.3
 */
int mg_settings_confirm(struct mg_ctx *ctx, const char *ifname);

/* ------------------------------------------------------------------ */
/* Undo journals left behind                                           */
/* ------------------------------------------------------------------ */

/**
 * enum mg_journal_state - what an undo journal under /run/multigig is.
 * @MG_JOURNAL_UNDER_WAY: its transaction is running (it holds its locks).
 * @MG_JOURNAL_INTERRUPTED: its process died midway; mg_settings_rollback()
 *	of one of its interfaces restores them all.
 * @MG_JOURNAL_STALE: its network namespace is gone (or it is from an
 *	earlier boot, or from libmultigig 0.2): it never blocks an apply and
 *	is never applied; mg_journal_discard() clears it.
 * @MG_JOURNAL_DAMAGED: cut short, changed, or no journal: never taken for
 *	complete. One of this namespace blocks every apply here until it is
 *	discarded.
 * @MG_JOURNAL_AWAITING_CONFIRM: changes made with a confirmation window
 *	(mg_plan_set_confirm()) that stay only if mg_settings_confirm() comes
 *	before it ends; a process of their own rolls them back then. Since: 0.3
 * @MG_JOURNAL_OTHER_NAMESPACE: of another network namespace that still
 *	exists: only a process there can roll it back.
 * @MG_JOURNAL_HELD: changes a live process keeps until it undoes them
 *	(MG_APPLY_HOLD); they block no apply. Since: 0.4
 */
enum mg_journal_state {
	MG_JOURNAL_UNDER_WAY,
	MG_JOURNAL_INTERRUPTED,
	MG_JOURNAL_STALE,
	MG_JOURNAL_DAMAGED,
	MG_JOURNAL_OTHER_NAMESPACE,
	MG_JOURNAL_AWAITING_CONFIRM,
	MG_JOURNAL_HELD,
};

/** struct mg_journal_list - the undo journals found, each with its state. */
struct mg_journal_list;

/**
 * mg_journal_list_new - every undo journal under /run/multigig, as this
 * context's network namespace sees it.
 * @ctx: a live context.
 * @list: where the list is stored; free with mg_journal_list_free().
 *
 * Needs no privilege.
 *
 * Returns: 0; -EOPNOTSUPP on an offline context; a negative errno when
 * the directory cannot be read.
 * Since: 0.3
 */
int mg_journal_list_new(struct mg_ctx *ctx, struct mg_journal_list **list);

/**
 * mg_journal_list_free - free a list.
 * @list: list, may be NULL.
 *
 * Since: 0.3
 */
void mg_journal_list_free(struct mg_journal_list *list);

/**
 * mg_journal_list_count - number of journals.
 * @list: list.
 *
 * Returns: the count.
 * Since: 0.3
 */
size_t mg_journal_list_count(const struct mg_journal_list *list);

/**
 * mg_journal_list_get_id - a journal's name, which mg_journal_discard() takes.
 * @list: list.
 * @index: position, below mg_journal_list_count().
 *
 * Returns: the name ("c4096-4242-17a3f5c2e1d0b9a8"), or NULL.
 * Since: 0.3
 */
const char *mg_journal_list_get_id(const struct mg_journal_list *list, size_t index);

/**
 * mg_journal_list_get_state - what a journal is.
 * @list: list.
 * @index: position, below mg_journal_list_count().
 *
 * Returns: an enum mg_journal_state, or -EINVAL.
 * Since: 0.3
 */
int mg_journal_list_get_state(const struct mg_journal_list *list, size_t index);

/**
 * mg_journal_state_name - an enum mg_journal_state as text.
 * @state: the state.
 *
 * Returns: "under-way", "interrupted", "stale", "damaged" or
 * "other-namespace"; NULL for another value.
 * Since: 0.3
 */
const char *mg_journal_state_name(int state);

/**
 * mg_journal_list_get_reason - why a journal has its state.
 * @list: list.
 * @index: position, below mg_journal_list_count().
 *
 * Returns: "its network namespace (inode 4026532290) no longer exists",
 * "this network namespace"...; NULL when out of range.
 * Since: 0.3
 */
const char *mg_journal_list_get_reason(const struct mg_journal_list *list, size_t index);

/**
 * mg_journal_list_get_pid - the process that wrote a journal.
 * @list: list.
 * @index: position, below mg_journal_list_count().
 *
 * Returns: its process id, 0 when not recorded.
 * Since: 0.3
 */
long mg_journal_list_get_pid(const struct mg_journal_list *list, size_t index);

/**
 * mg_journal_list_get_time - when a journal was written.
 * @list: list.
 * @index: position, below mg_journal_list_count().
 *
 * Returns: seconds since the epoch, 0 when not recorded.
 * Since: 0.3
 */
long long mg_journal_list_get_time(const struct mg_journal_list *list, size_t index);

/**
 * mg_journal_list_get_interface_count - how many interfaces a journal covers.
 * @list: list.
 * @index: position, below mg_journal_list_count().
 *
 * Returns: the count; 0 for a damaged journal.
 * Since: 0.3
 */
size_t mg_journal_list_get_interface_count(const struct mg_journal_list *list, size_t index);

/**
 * mg_journal_list_get_interface - one interface a journal covers.
 * @list: list.
 * @index: position, below mg_journal_list_count().
 * @k: position, below mg_journal_list_get_interface_count().
 * @ifindex: where its index (in the journal's namespace) is stored, or NULL.
 *
 * Returns: its name when the journal was written, or NULL.
 * Since: 0.3
 */
const char *mg_journal_list_get_interface(const struct mg_journal_list *list, size_t index, size_t k,
					  int *ifindex);

/**
 * mg_journal_discard - remove an undo journal without restoring anything.
 * @ctx: a live context.
 * @id: the journal's name (mg_journal_list_get_id()).
 *
 * For a stale or damaged journal, or one whose changes someone has checked
 * by hand. Needs write access to /run/multigig.
 *
 * Returns: 0; -ENOENT when there is no such journal; -EBUSY when its
 * transaction is under way; -EPERM.
 * Since: 0.3
 */
int mg_journal_discard(struct mg_ctx *ctx, const char *id);

/**
 * mg_settings_to_json - an interface's settings as JSON.
 * @settings: settings read (mg_settings_read()).
 * @flags: MG_JSON_LINE, MG_JSON_BYTES (enum mg_json_flags).
 * @json: where the text is stored: malloc'ed, free with free().
 *
 * "name", "mtu", then "rings", "channels", "coalesce" and "pause" as
 * show --json has them: each with "supported" and, for a group the driver
 * lacks, "error"; else every parameter by its name with '_' ("rx_ring"),
 * null where the driver does not report it, and "_max" after those with a
 * maximum.
 *
 * Returns: 0; -EINVAL for a NULL argument or a flag it does not take;
 * -ENOMEM.
 * Since: 0.3
 */
int mg_settings_to_json(const struct mg_settings *settings, unsigned int flags, char **json);

/**
 * mg_settings_to_text - an interface's settings as multigig show prints them.
 * @settings: settings read (mg_settings_read()).
 * @text: where the text is stored: malloc'ed, free with free().
 *
 * A line for each of rings, channels, coalesce and pause, the same groups
 * and parameters as mg_settings_to_json() has: "rx-ring 256/4096" for a
 * parameter and its maximum, the driver's error for a group it lacks,
 * "(nothing reported)" for a group without a parameter. The name and MTU
 * are left to the caller's own lines.
 *
 * Returns: 0; -EINVAL for a NULL argument; -ENOMEM.
 * Since: 0.4
 */
int mg_settings_to_text(const struct mg_settings *settings, char **text);

/**
 * mg_apply_result_to_json - what a transaction planned and changed, as JSON.
 * @result: result.
 * @flags: MG_JSON_LINE, MG_JSON_BYTES (enum mg_json_flags).
 * @json: where the text is stored: malloc'ed, free with free().
 *
 * "changes" (each "interface", "param", "old", "new" and "state": a
 * number, true or false for EEE, features and ASPM L1, a list of link
 * modes for advertise, ethtool's letters for Wake-on-LAN ("g", "d" for
 * none)), "may_bounce_link", "left" (the names another
 * writer changed since), "interfaces" (each "name" and "ifindex", and
 * "skipped" where a rollback passed over one that is gone),
 * "failed_interface", "failed_group", "kernel_message", "rolled_back" and
 * "message" (null when nothing failed).
 *
 * Returns: 0; -EINVAL for a NULL argument or a flag it does not take;
 * -ENOMEM.
 * Since: 0.3
 */
int mg_apply_result_to_json(const struct mg_apply_result *result, unsigned int flags, char **json);

/**
 * enum mg_apply_text_flags - what mg_apply_result_to_text() adds.
 * @MG_APPLY_TEXT_IFNAME: name the interface of every change (a result
 *	over several interfaces always does).
 */
enum mg_apply_text_flags {
	MG_APPLY_TEXT_IFNAME = 1 << 0,
};

/**
 * mg_apply_result_to_text - what a transaction planned and changed, as
 * set, rollback and doctor --fix print it.
 * @result: result.
 * @verb: the word before each change: "set", "would set", "restored".
 * @flags: MG_APPLY_TEXT_IFNAME (enum mg_apply_text_flags), or 0.
 * @text: where the text is stored: malloc'ed, free with free().
 *
 * A line a change, "set mtu: 1500 -> 9000" (with the interface before the
 * parameter when asked or when the result covers several), each value as
 * mg_apply_result_format_value() writes it; a change another writer made
 * since the interrupted apply as "left mtu at ...". Then a note for each
 * interface a rollback passed over, and one when the changes may reset or
 * renegotiate the link. What failed is the caller's to say
 * (mg_apply_result_get_message()).
 *
 * Returns: 0; -EINVAL for a NULL argument or a flag it does not take;
 * -ENOMEM.
 * Since: 0.4
 */
int mg_apply_result_to_text(const struct mg_apply_result *result, const char *verb, unsigned int flags,
			    char **text);

/**
 * mg_journal_list_to_json - the undo journals as JSON: rollback --list
 * --json's array.
 * @list: list (mg_journal_list_new()).
 * @flags: MG_JSON_LINE, MG_JSON_BYTES (enum mg_json_flags).
 * @json: where the text is stored: malloc'ed, free with free().
 *
 * One object per journal: "id", "state", "reason", "pid" and "time" (null
 * when the journal does not say), "interfaces" (each "name", "ifindex").
 *
 * Returns: 0; -EINVAL for a NULL argument or a flag it does not take;
 * -ENOMEM.
 * Since: 0.3
 */
int mg_journal_list_to_json(const struct mg_journal_list *list, unsigned int flags, char **json);

/**
 * mg_journal_list_to_text - the undo journals as rollback --list prints
 * them.
 * @list: list (mg_journal_list_new()).
 * @text: where the text is stored: malloc'ed, free with free().
 *
 * Two lines a journal: its state, id and reason; when and by which
 * process it was written ("-" and 0 when it does not say) and its
 * interfaces with their indexes. "" for no journal.
 *
 * Returns: 0; -EINVAL for a NULL argument; -ENOMEM.
 * Since: 0.4
 */
int mg_journal_list_to_text(const struct mg_journal_list *list, char **text);

#ifdef __cplusplus
}
#endif

#endif /* MULTIGIG_SETTINGS_H */
