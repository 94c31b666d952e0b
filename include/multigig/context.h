/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libmultigig: the library context: where it reads, its log, its last error.
 *
 * Include <multigig/multigig.h>, which includes every header in order.
 */
#ifndef MULTIGIG_CONTEXT_H
#define MULTIGIG_CONTEXT_H

#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The opaque objects of the library, each described in the header of its concept. */
struct mg_apply_result;
struct mg_cable_info;
struct mg_cable_result;
struct mg_ctx;
struct mg_doctor;
struct mg_eee;
struct mg_estimate;
struct mg_estimate_params;
struct mg_ethlink;
struct mg_ethlink_list;
struct mg_features;
struct mg_finding;
struct mg_irqs;
struct mg_journal_list;
struct mg_nic;
struct mg_nic_list;
struct mg_pcie_node;
struct mg_pcie_path;
struct mg_plan;
struct mg_sample;
struct mg_sampler;
struct mg_settings;
struct mg_settings_list;
struct mg_stats;
struct mg_temps;
struct mg_throughput;
struct mg_usb_device;
struct mg_usb_info;


/** Returned by integer getters for a value that is not known. */
#define MG_UNKNOWN (-1)

/**
 * struct mg_ctx - library context.
 *
 * Holds the sysfs root everything is read from, the netlink sockets of the
 * caller's network namespace, the log function and the last error message.
 */
struct mg_ctx;

/**
 * struct mg_nic - one network adapter: an interface, or a network-class PCI
 * device that has no interface because no driver is bound to it.
 */
struct mg_nic;

/** struct mg_nic_list - the result of one enumeration. */
struct mg_nic_list;

/**
 * mg_log_fn - log function.
 * @data: the pointer given to mg_ctx_set_log_fn().
 * @priority: syslog priority (LOG_ERR = 3 ... LOG_DEBUG = 7).
 * @file: source file of the message.
 * @line: source line of the message.
 * @fn: function that logged.
 * @format: printf-style format.
 * @args: arguments for @format.
 */
typedef void (*mg_log_fn)(void *data, int priority, const char *file, int line,
			  const char *fn, const char *format, va_list args);

/**
 * mg_ctx_new - create a library context.
 * @sysfs_root: NULL (or this machine's "/sys") for this machine: sysfs,
 *	procfs and netlink; or a directory that holds a captured or fixture
 *	tree to replay. A replaying context is offline: it never opens a
 *	socket, reads every path inside that directory, and takes what the
 *	capture recorded (multigig/net, multigig/ethtool) besides the tree.
 * @ctx: where the new context is stored, with one reference.
 *
 * Returns: 0; -EINVAL when @ctx is NULL or @sysfs_root is empty; -ENOENT
 * when @sysfs_root is not a directory; -ENOMEM.
 * Since: 0.1
 */
int mg_ctx_new(const char *sysfs_root, struct mg_ctx **ctx);

/**
 * mg_ctx_ref - take a reference on a context.
 * @ctx: context, may be NULL.
 *
 * Returns: @ctx.
 * Since: 0.1
 */
struct mg_ctx *mg_ctx_ref(struct mg_ctx *ctx);

/**
 * mg_ctx_unref - drop a reference; the last one frees the context.
 * @ctx: context, may be NULL.
 *
 * Returns: @ctx while other references remain; NULL once it is freed, or
 * when @ctx is NULL.
 * Since: 0.1
 */
struct mg_ctx *mg_ctx_unref(struct mg_ctx *ctx);

/**
 * mg_ctx_set_log_fn - route the library's log messages.
 * @ctx: context.
 * @fn: log function, or NULL to drop every message (the default).
 * @data: passed to @fn unchanged.
 *
 * Since: 0.1
 */
void mg_ctx_set_log_fn(struct mg_ctx *ctx, mg_log_fn fn, void *data);

/**
 * mg_ctx_set_log_priority - set the highest syslog priority that is logged.
 * @ctx: context.
 * @priority: LOG_ERR (3) by default; LOG_DEBUG (7) logs everything.
 *
 * Since: 0.1
 */
void mg_ctx_set_log_priority(struct mg_ctx *ctx, int priority);

/**
 * mg_ctx_get_log_priority - the current log priority.
 * @ctx: context.
 *
 * Returns: the priority, or -EINVAL when @ctx is NULL.
 * Since: 0.1
 */
int mg_ctx_get_log_priority(const struct mg_ctx *ctx);

/**
 * mg_ctx_last_error - describe the last failure on this context.
 * @ctx: context.
 *
 * Returns: a message such as "no network interface named 'eth9'"; an empty
 * string when nothing failed yet. Valid until the next call on @ctx.
 * Since: 0.1
 */
const char *mg_ctx_last_error(const struct mg_ctx *ctx);

/**
 * mg_ctx_get_sysfs_root - the sysfs root of this context.
 * @ctx: context.
 *
 * Returns: the root, without a trailing slash.
 * Since: 0.1
 */
const char *mg_ctx_get_sysfs_root(const struct mg_ctx *ctx);

/**
 * mg_ctx_is_offline - whether the context replays a captured tree.
 * @ctx: context.
 *
 * Returns: 1 when the context reads a tree other than /sys and so never
 * asks the kernel; 0 for a live context; -EINVAL when @ctx is NULL.
 * Since: 0.1
 */
int mg_ctx_is_offline(const struct mg_ctx *ctx);

/**
 * mg_ctx_capture - copy what the library reads into a sysfs-shaped tree.
 * @ctx: context (live or offline).
 * @dir: destination directory; created if missing, must be empty if present.
 *
 * Gathers once as mg_nic_list_new_with() does with every part (adapters,
 * settings, Ethernet link, EEE, features) and walks each PCI adapter's
 * PCIe path, through a recorder that writes each file and symbolic link
 * read (config spaces included) at the same relative path below @dir. What netlink said is
 * written beside it: links and driver facts to @dir/multigig/net/IFNAME
 * as "key=value" lines, ethtool replies as the kernel's own messages to
 * @dir/multigig/ethtool/CMD. A context created on @dir then reports the
 * same adapters, settings and links offline.
 *
 * @dir is created (mode 0755); an existing directory is taken only when it
 * is empty, owned by the caller and writable by nobody else. Everything
 * below it is created without following symbolic links.
 *
 * Returns: 0; -EINVAL for NULL arguments; -EEXIST when @dir is not empty;
 * -EPERM when @dir belongs to someone else or others may write to it;
 * another negative errno when reading or writing fails.
 * Since: 0.1
 */
int mg_ctx_capture(struct mg_ctx *ctx, const char *dir);


/**
 * mg_ctx_get_request_count - netlink requests this context has sent.
 * @ctx: context.
 *
 * Returns: the count (for benchmarks), or -EINVAL.
 * Since: 0.1
 */
long mg_ctx_get_request_count(const struct mg_ctx *ctx);


/**
 * mg_ctx_get_read_count - how many files, links and directories the
 * features asked the context's gatherer for (each file read, link read,
 * directory listed or existence checked counts one), for benchmarks and
 * tests of the cost of a query. A replayed capture's own bookkeeping
 * (sidecars, recorded replies) is not counted.
 * @ctx: context.
 *
 * Returns: the count since the context was made; -EINVAL for NULL.
 * Since: 0.2
 */
long mg_ctx_get_read_count(const struct mg_ctx *ctx);

/* ------------------------------------------------------------------ */
/* JSON: each object written by one writer                            */
/* ------------------------------------------------------------------ */

/**
 * enum mg_json_flags - what the _to_json() writers take besides the object.
 * @MG_JSON_DETAIL: an adapter with show's identity keys too (parent,
 *	subsystem ids, revision, class, the chip table's answer, the kernel's
 *	modules); mg_nic_to_json(), mg_nic_list_to_json().
 * @MG_JSON_PARTS: an adapter with what its list or look-up gathered of its
 *	interface: "link", "rings", "channels", "coalesce", "pause", "eee",
 *	"features", "stats", "irqs", "temperatures" and "usb", as show --all
 *	prints them; mg_nic_to_json(), mg_nic_list_to_json().
 * @MG_JSON_INTERFACES: a list without the adapters that have no interface,
 *	as show --all; mg_nic_list_to_json().
 * @MG_JSON_TDR: a cable test's result with its "tdr" trace, as a test run
 *	with MG_CABLE_TEST_TDR gives; mg_cable_result_to_json().
 * @MG_JSON_LINE: one line without spaces, as JSON Lines want (watch), and
 *	'/' written as "\/"; otherwise two spaces of indentation per level and
 *	"key": value. Not for mg_nic_list_to_json().
 * @MG_JSON_BYTES: each byte of a string that is not part of well-formed
 *	UTF-8 left as it is, for a reader that keeps such bytes. Without it
 *	the text is always valid UTF-8: such a byte NN is the escape \udcNN,
 *	a lone surrogate that no UTF-8 text parses to (Python's
 *	surrogate escapes: os.fsencode() gives the bytes back).
 *
 * Every writer's text is what the CLI's --json prints for that object, key
 * for key: a value that was not reported is null, never 0; control
 * characters are JSON escapes (\u001b), and so are characters that show
 * nothing or turn text around (\u200b, \u202e): a parser gets the string
 * the machine holds. Keys keep one order. Writers take the flags their
 * comment names and refuse others with -EINVAL.
 */
enum mg_json_flags {
	MG_JSON_DETAIL = 1 << 0,
	MG_JSON_PARTS = 1 << 1,
	MG_JSON_INTERFACES = 1 << 2,
	MG_JSON_TDR = 1 << 3,
	MG_JSON_LINE = 1 << 4,
	MG_JSON_BYTES = 1 << 5,
};

/**
 * mg_write_fn - where a writer hands a long text, piece by piece.
 * @data: what the caller gave the writer.
 * @text: the next piece, not NUL-terminated.
 * @len: its length in bytes.
 *
 * Returns: 0 to go on; a negative errno stops the writer, which returns it.
 */
typedef int (*mg_write_fn)(void *data, const char *text, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* MULTIGIG_CONTEXT_H */
