/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * base/: what every layer uses: the context, logging and errors, strings
 * and arrays, counters, bitsets, and an interface as examined. It calls
 * nothing of the library above it.
 */
#ifndef MG_BASE_BASE_H
#define MG_BASE_BASE_H

#include <net/if.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <syslog.h>

#include <linux/ethtool.h>

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
	long pause_kmsg_after;	/* stop reading /dev/kmsg after this many records (-1: never), as pause_fd says */
	/*
	 * Read and write the ASPM controls of an apply in this context's tree
	 * (a writable stand-in for sysfs: no PCIe adapter in the test machine)
	 * instead of this context's sysfs; NULL: this one's.
	 */
	struct mg_ctx *aspm_sysfs;
	/*
	 * Likewise for RPS, XPS and IRQ affinity: their files in this tree,
	 * /proc/irq/ as a capture keeps it (multigig/proc/irq/).
	 */
	struct mg_ctx *steer_sysfs;
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
	struct nl_sock *nl80211; /* nl80211 generic netlink; opened on first use */
	int nl80211_family;	/* resolved once per context */
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

/* ---- log.c: logging and errors ---- */
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

/* @s, or NULL when it is NULL or empty: a field read but left unset. */
static inline const char *mg_nonempty(const char *s)
{
	return s && s[0] ? s : NULL;
}

/* ---- util.c: strings, paths, numbers ---- */
int mg_path_join(char *out, size_t size, const char *a, const char *b);
/* Copy at most @size - 1 bytes and terminate; returns -E2BIG when cut. */
int mg_strlcpy(char *dst, const char *src, size_t size);
int mg_parse_long(const char *s, int base, long *value);
bool mg_ifname_valid(const char *name);
void mg_sleep_ms(unsigned int ms);
/* The 64-bit FNV-1a hash of @len bytes: the journal's check, the persisted file's value. */
uint64_t mg_fnv1a(const char *buf, size_t len);

/* ---- show.c: strings from the machine as a person is shown them (the CLI compiles it in too) ---- */
/*
 * @word as one word of a POSIX shell command, in @buf: as it is when
 * every byte is one the shell takes literally (eth0, enp1s0, wlan0.100);
 * else in single quotes with each ' written '\'' ('$(reboot)', 'a;b');
 * and when it holds what cannot be pasted back from the screen (a control
 * character, a byte that is not UTF-8, a character that shows nothing, a
 * backslash), as "$(printf 'e\377x')", those bytes in octal, and a leading
 * '-' too, which printf would take for an option (newlines at its end
 * would be lost to the $(), but no interface name holds one). A word that
 * does not fit is cut inside its quotes, never leaving one open; 4 *
 * strlen + 16 bytes always fit. Returns @buf, for a printf argument.
 */
const char *mg_shell_word(char *buf, size_t size, const char *word);
/*
 * @word as the operand of a command to paste (an interface, a module):
 * mg_shell_word(), after "-- " when it begins with '-', as -x and --all
 * may (a kernel takes any interface name without '/', ':' or blanks),
 * which the command would read as an option. Options go before it
 * ("multigig doctor --interval 2 -- -x"). Returns @buf.
 */
const char *mg_shell_operand(char *buf, size_t size, const char *word);
/* An interface name as a shell word or an operand always fits in this. */
#define MG_SHELL_NAME_MAX (4 * IFNAMSIZ + 16)
/* Whether @cp shows nothing or changes how the text around it shows (see the table in show.c). */
bool mg_char_hidden(uint32_t cp);
/*
 * The length of the well-formed UTF-8 sequence at @s and its code point in
 * *@cp; 0 for a byte that starts none (overlong forms, surrogates and
 * values above U+10FFFF included). A NUL is never a continuation byte.
 */
size_t mg_utf8_decode(const unsigned char *s, uint32_t *cp);
/*
 * The character (or stray byte) at @s as text shows it, in @out, so that
 * no two strings are shown alike and nothing in them acts on a terminal:
 * a control character but the newline, or a byte that is not UTF-8, as
 * \xNN (each byte of a C1 control); a hidden character as \uNNNN or
 * \UNNNNNNNN; a backslash as \\ where what follows could read as an escape
 * (x, u, U, a backslash, an escape, or the end of @s), else as it is, so
 * that a shell word's '\'' or a path a\b shows unchanged; any other
 * character as itself. The text \xff shows as \\xff, the byte 0xff as
 * \xff. Returns the bytes of @s consumed (1 or more; @s must not be at its
 * NUL).
 */
#define MG_SHOWN_MAX 12
size_t mg_show_next(const unsigned char *s, char out[MG_SHOWN_MAX]);
/* Whether a backslash followed by @next (a NUL: nothing) is shown as it is. */
bool mg_show_bare_backslash(const unsigned char *next);

/* ---- cpumask.c: CPU sets of up to 64 CPUs, as the kernel writes them ---- */
#define MG_CPUMASK_BITS 64
/* "0-3,6": the list form (smp_affinity_list); "" is no CPU. -EINVAL, -ERANGE past CPU 63. */
int mg_cpumask_parse_list(const char *text, uint64_t *mask);
/* As asked by a caller: a list, or "none" for no CPU; "" (or blanks) is -EINVAL. */
int mg_cpumask_parse_asked(const char *text, uint64_t *mask);
/* "00000000,0000000f": the hex form (rps_cpus, xps_cpus). -EINVAL, -ERANGE past CPU 63. */
int mg_cpumask_parse_hex(const char *text, uint64_t *mask);
/* As a list: "0-3,6"; "" for none. */
void mg_cpumask_list(uint64_t mask, char *buf, size_t size);
/* As a person reads it and `multigig set` takes it back: the list, or "none" for no CPU. */
void mg_cpumask_text(uint64_t mask, char *buf, size_t size);
/* As hex for a write: "f"; "1,00000003" past CPU 31; "0" for none. */
void mg_cpumask_hex(uint64_t mask, char *buf, size_t size);

/* ---- array.c ---- */
void *mg_array_grow(void *items, size_t *alloc, size_t count, size_t elem_size);
/*
 * @items cut down to its @count elements, for an array kept with every
 * adapter of a list: doubling from 16 leaves most of it unused there.
 * Returns the array, moved or not; on failure the one given, still whole.
 */
void *mg_array_trim(void *items, size_t *alloc, size_t count, size_t elem_size);

/* ---- nlerr.c: libnl's NLE_* codes as errno ---- */
int mg_nlerr_to_errno(int nlerr);

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

/* ---- bitset.c: ethtool bitsets, and link modes as a bitmap ---- */
struct nlattr;

/* Bits by name, with the kernel's index of each (-1 when it gave none). */
struct mg_bits {
	char **names;
	int *index;
	size_t count;
};

void mg_bits_clear(struct mg_bits *b);
int mg_bits_add(struct mg_bits *b, const char *name, int index);
/* The position of @name in @b, or -1. */
int mg_bits_find(const struct mg_bits *b, const char *name);

/*
 * A verbose bitset. With a mask, the listed bits are the mask (added to
 * @all) and those flagged VALUE are set (added to @set); without one
 * (NOMASK), the listed bits are the set bits. Either list may be NULL.
 * @size, when not NULL, gets ETHTOOL_A_BITSET_SIZE (0 when absent).
 * -EPROTO for a malformed nest, -ENOMEM.
 */
int mg_bitset_parse(struct nlattr *nest, struct mg_bits *all, struct mg_bits *set, unsigned int *size);

/*
 * A compact bitset (asked for with ETHTOOL_FLAG_COMPACT_BITSETS): @size
 * bits, their values as 32-bit words in host order, the lowest first. It
 * carries no names: those are the kernel's string set for its kind.
 */
struct mg_compact_bits {
	const unsigned char *value;
	unsigned int size;
};

/* @nest as a compact bitset: -ENOENT for a verbose one, -EPROTO when malformed. */
int mg_bitset_compact(struct nlattr *nest, struct mg_compact_bits *bits);
bool mg_compact_bit(const struct mg_compact_bits *bits, unsigned int bit);

/*
 * The kernel's names for one of its own string sets (ETH_SS_FEATURES...),
 * by bit index: one request (strset.c). An index without a name is "".
 */
struct mg_ctx;
struct mg_strset {
	char (*names)[ETH_GSTRING_LEN];
	size_t count;
	/*
	 * 0 for a set its reader frees; else a heap set shared by the objects
	 * that point into it (every interface's features from one dump), freed
	 * by the last to let go of it (mg_strset_unref).
	 */
	unsigned int refs;
};

/* Link modes by bit index; bits past MG_LINKMODE_BITS are not kept. */
#define MG_LINKMODE_BITS 256
#define MG_LINKMODE_HEX (MG_LINKMODE_BITS / 4)

struct mg_linkmodes {
	uint64_t w[MG_LINKMODE_BITS / 64];
};

bool mg_linkmodes_test(const struct mg_linkmodes *m, int bit);
void mg_linkmodes_set(struct mg_linkmodes *m, int bit);
bool mg_linkmodes_equal(const struct mg_linkmodes *a, const struct mg_linkmodes *b);
bool mg_linkmodes_empty(const struct mg_linkmodes *m);
/* Every bit of @b that has an index that fits. */
void mg_linkmodes_from_bits(const struct mg_bits *b, struct mg_linkmodes *m);
/* MG_LINKMODE_HEX hex digits, the highest bit first; @size > MG_LINKMODE_HEX. */
void mg_linkmodes_to_hex(const struct mg_linkmodes *m, char *buf, size_t size);
/* Exactly MG_LINKMODE_HEX hex digits; -EINVAL otherwise. */
int mg_linkmodes_from_hex(const char *hex, struct mg_linkmodes *m);

/* ---- an interface as examined, which apply/iface-id.c holds to the one there now ---- */
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

/* ---- util.c: a PCI function's address ---- */
struct mg_pci_addr {
	unsigned int domain, bus, dev, func;
};

int mg_pci_parse_address(const char *s, struct mg_pci_addr *addr);

#endif
