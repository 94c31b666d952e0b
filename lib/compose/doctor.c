/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * mg_doctor_run(): gather once (the adapters, their PCIe paths, settings
 * and links; from dumps when asked about all of them), hand each adapter's
 * facts to the rules, and rank what they found.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "compose/compose.h"

#define DEFAULT_INTERVAL_MS 1000
/* The interval between the two samples: from a hundredth of a second to an hour. */
#define MIN_INTERVAL_MS 10
#define MAX_INTERVAL_MS 3600000u
#define EVERYTHING (MG_NIC_WITH_SETTINGS | MG_NIC_WITH_ETHLINK | MG_NIC_WITH_EEE | MG_NIC_WITH_STATS | \
		    MG_NIC_WITH_IRQS | MG_NIC_WITH_TEMPERATURES | MG_NIC_WITH_USB | MG_NIC_WITH_KERNEL_LOG)

/* "0-3,6,8-9": how many CPUs that list names; MG_UNKNOWN when unreadable. */
static int count_cpu_list(const char *s)
{
	int count = 0;

	while (*s) {
		char *end;
		long a = strtol(s, &end, 10), b = a;

		if (end == s || a < 0)
			return MG_UNKNOWN;
		if (*end == '-') {
			s = end + 1;
			b = strtol(s, &end, 10);
			if (end == s || b < a)
				return MG_UNKNOWN;
		}
		count += (int)(b - a + 1);
		s = end;
		if (*s == ',')
			s++;
		else if (*s && *s != '\n')
			return MG_UNKNOWN;
		else
			break;
	}
	return count > 0 ? count : MG_UNKNOWN;
}

/* How many CPUs are online, and in *@mask which (0 when unknown, or past CPU 63). */
static int online_cpus(struct mg_ctx *ctx, uint64_t *mask)
{
	char buf[256];

	*mask = 0;
	if (mg_sysfs_read(ctx, "devices/system/cpu/online", buf, sizeof(buf)) <= 0)
		return MG_UNKNOWN;
	if (mg_cpumask_parse_list(buf, mask) < 0)
		*mask = 0;
	return count_cpu_list(buf);
}

/* A PCI adapter's own path, or a USB adapter's host controller's. */
static bool has_pcie_path(const struct mg_nic *nic)
{
	return (nic->bus == MG_BUS_PCI || nic->bus == MG_BUS_USB) && nic->address;
}

/* Settings and link from the snapshot when the adapter came from one, else read now. */
/* What the adapter carries from a snapshot, else read for it alone; each may stay NULL. */
struct extra {
	struct mg_eee *eee;
	struct mg_stats *stats;
	struct mg_irqs *irqs;
	struct mg_temps *temps;
	struct mg_usb_info *usb;
	struct mg_kernel_log *kernel_log;
};

static void read_extra(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_facts *f, struct extra *x)
{
	f->eee = mg_nic_get_eee(nic);
	if (!f->eee && nic->name && mg_eee_read_for_nic(ctx, nic, &x->eee) == 0)
		f->eee = x->eee;
	f->stats = mg_nic_get_stats(nic);
	if (!f->stats && nic->name && mg_stats_read_for_nic(ctx, nic, &x->stats) == 0)
		f->stats = x->stats;
	f->irqs = mg_nic_get_irqs(nic);
	if (!f->irqs && mg_irqs_read_for_nic(ctx, nic, &x->irqs) == 0)
		f->irqs = x->irqs;
	f->temps = mg_nic_get_temps(nic);
	if (!f->temps && mg_temps_read_for_nic(ctx, nic, &x->temps) == 0)
		f->temps = x->temps;
	f->usb = mg_nic_get_usb_info(nic);
	if (!f->usb && nic->bus == MG_BUS_USB && mg_usb_info_read_for_nic(ctx, nic, &x->usb) == 0)
		f->usb = x->usb;
	f->kernel_log = mg_nic_get_kernel_log(nic);
	if (!f->kernel_log && mg_kernel_log_read_for_nic(ctx, nic, &x->kernel_log) == 0)
		f->kernel_log = x->kernel_log;
	f->kernel_log_err = mg_kernel_log_unread_err(f->kernel_log);
	mg_clear_error(ctx);
}

static void free_extra(struct extra *x)
{
	mg_eee_free(x->eee);
	mg_stats_free(x->stats);
	mg_irqs_free(x->irqs);
	mg_temps_free(x->temps);
	mg_usb_info_free(x->usb);
	mg_kernel_log_free(x->kernel_log);
}

/* A related interface (lower device, bridge): in the list, else by one look-up. */
static const struct mg_nic *relative(struct mg_ctx *ctx, const struct mg_nic_list *list, int ifindex,
				     struct mg_nic **owned)
{
	const struct mg_nic *n;

	if (ifindex <= 0)
		return NULL;
	n = mg_nic_list_find_ifindex(list, ifindex);
	if (n)
		return n;
	if (mg_nic_lookup_ifindex(ctx, ifindex, owned) < 0) {
		mg_clear_error(ctx);
		return NULL;
	}
	return *owned;
}

/*
 * The largest size the path to the peer carries out of @nic's interface:
 * its MTU when that is answered, else by halving from the smallest size
 * IP allows; 0 when the peer answers none.
 */
static int probe_peer(struct mg_ctx *ctx, const char *peer, const struct mg_nic *nic)
{
	int smallest = strchr(peer, ':') ? 1280 : 68, largest;

	if (mg_probe_path(ctx, peer, nic->ifindex, nic->mtu, 3, 1000) == 0)
		return nic->mtu;
	if (mg_probe_path(ctx, peer, nic->ifindex, smallest, 3, 1000) < 0) {
		/* No answer at all is a finding, not a failure of the doctor's. */
		mg_clear_error(ctx);
		return 0;
	}
	mg_probe_largest(ctx, peer, nic->ifindex, smallest, nic->mtu, &largest);
	return largest;
}

/* The CPUs' share of the interval, read at the first sample and again at the second. */
struct cpu_sample {
	struct mg_cpu_table table;
	double when;
	struct mg_cpu_use *use;
	size_t count;
};

#define PROC_STAT_MAX (1u << 20)

static double now_seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* /proc/stat and /proc/softirqs into @t: false when either cannot be read. */
static bool read_cpus(struct mg_ctx *ctx, struct mg_cpu_table *t)
{
	char *buf = malloc(PROC_STAT_MAX);
	bool ok = false;
	int n;

	memset(t, 0, sizeof(*t));
	if (!buf)
		return false;
	if ((n = mg_gather_proc_read(ctx, "stat", buf, PROC_STAT_MAX - 1)) > 0) {
		buf[n] = '\0';
		ok = mg_procstat_parse(buf, t) == 0;
	}
	if (ok && (n = mg_gather_proc_read(ctx, "softirqs", buf, PROC_STAT_MAX - 1)) > 0) {
		buf[n] = '\0';
		ok = mg_softirqs_parse(buf, t) == 0;
	}
	free(buf);
	mg_clear_error(ctx);
	return ok;
}

/* The second reading, and each CPU's share between the two. */
static void cpu_second(struct mg_ctx *ctx, struct cpu_sample *s)
{
	struct mg_cpu_table now;
	double when = now_seconds();

	if (!s->table.count || !read_cpus(ctx, &now)) {
		mg_cpu_table_free(&s->table);
		return;
	}
	if (mg_cpu_use_compute(&s->table, &now, when - s->when, &s->use, &s->count) < 0)
		s->use = NULL, s->count = 0;
	mg_cpu_table_free(&now);
}

static int examine(struct mg_ctx *ctx, struct mg_doctor *d, const struct mg_nic_list *list, const struct mg_nic *nic,
		   int cpus, uint64_t online, struct mg_pcie_path *before, const struct mg_stats *stats_before,
		   const struct cpu_sample *cpu, struct mg_wifi_cache *wifi, bool named)
{
	struct mg_nic *lower = NULL, *master = NULL;
	struct mg_facts f = { .nic = nic, .online_cpus = cpus, .online = online, .path_before = before,
			      .interval_ms = d->interval_ms, .stats_before = stats_before };
	struct mg_pcie_path *path = NULL;
	struct mg_throughput *tp = NULL;
	struct mg_settings *settings = NULL;
	struct mg_ethlink *link = NULL;
	struct mg_persist_status *persist = NULL;
	struct extra extra = { 0 };
	int err;

	f.name = nic->name ? nic->name : nic->address;
	f.hardware = nic->bus != MG_BUS_VIRTUAL || MG_TEST_HOOK(ctx, doctor_virtual, false);
	f.named = named;
	if (has_pcie_path(nic) && mg_pcie_path_new_for_nic(ctx, nic, &path) < 0)
		mg_info(ctx, "%s: no PCIe path: %s", f.name, mg_ctx_last_error(ctx));
	if (mg_throughput_new(nic, path, &tp) < 0)
		tp = NULL;
	f.settings = nic->settings;
	if (!f.settings && nic->name && mg_settings_read_for_nic(ctx, nic, &settings) == 0)
		f.settings = settings;
	f.link = nic->ethlink;
	if (!f.link && nic->name && mg_ethlink_read_for_nic(ctx, nic, &link) == 0)
		f.link = link;
	/*
	 * udev's database, a file or two and a few D-Bus calls where
	 * NetworkManager runs: no request to the kernel for a file of
	 * parameters alone, for a hardware adapter only.
	 */
	if (f.hardware && nic->name && f.settings && mg_persist_status_of(ctx, nic->name, "", f.settings, &persist) == 0)
		f.persist = persist;
	mg_clear_error(ctx);
	read_extra(ctx, nic, &f, &extra);
	f.lower = relative(ctx, list, nic->lower_ifindex, &lower);
	f.master = relative(ctx, list, nic->master_ifindex, &master);
	f.path = path;
	f.throughput = tp;
	f.cpu_use = stats_before ? cpu->use : NULL;
	f.ncpu_use = stats_before ? cpu->count : 0;
	f.peer = d->peer[0] ? d->peer : NULL;
	f.peer_largest = f.peer && nic->name && nic->mtu > 0 ? probe_peer(ctx, d->peer, nic) : MG_UNKNOWN;
	/* A Wi-Fi interface's wiphy, from those read once for every adapter. */
	f.wiphy = mg_wifi_cache_get(ctx, wifi, nic);
	if (f.wiphy && tp)
		mg_throughput_add_wifi(tp, f.wiphy, nic->name);
	mg_clear_error(ctx);
	err = mg_doctor_rules(d, &f);
	mg_wiphy_unref((struct mg_wiphy *)f.wiphy);
	mg_nic_unref(lower);
	mg_nic_unref(master);
	free_extra(&extra);
	mg_ethlink_free(link);
	mg_persist_status_free(persist);
	mg_settings_free(settings);
	mg_throughput_free(tp);
	mg_pcie_path_free(path);
	return err;
}

/*
 * The first of two samples, for what needs growth (AER, drops, flaps):
 * the counters (one dump for every adapter, one read for one) and the
 * PCIe paths. The second is the gathering the rules then read.
 */
struct first {
	struct mg_nic_list *list;	/* every adapter, with counters */
	struct mg_stats *stats;		/* or one adapter's */
	struct mg_pcie_path **paths;	/* by position in list, or [0] for one adapter */
	size_t count;
	bool taken;
};

static void first_sample(struct mg_ctx *ctx, const struct mg_nic *one, struct first *s)
{
	size_t n;

	if (one) {
		s->count = 1;
		if (one->name && mg_stats_read_for_nic(ctx, one, &s->stats) < 0)
			s->stats = NULL;
	} else if (mg_nic_list_new_with(ctx, MG_NIC_WITH_STATS, &s->list) == 0) {
		s->count = mg_nic_list_count(s->list);
	}
	n = s->count;
	s->paths = calloc(n + 1, sizeof(*s->paths));
	for (size_t i = 0; s->paths && i < n; i++) {
		const struct mg_nic *nic = one ? one : mg_nic_list_get(s->list, i);

		if (has_pcie_path(nic) && mg_pcie_path_new_for_nic(ctx, nic, &s->paths[i]) < 0)
			s->paths[i] = NULL;
		s->taken |= s->paths[i] != NULL;
	}
	s->taken |= s->stats != NULL || s->list != NULL;
	mg_clear_error(ctx);
}

/* The first sample's counters and path for @nic, matched by index and address. */
static void first_of(const struct first *s, const struct mg_nic *nic, const struct mg_stats **stats,
		     struct mg_pcie_path **path)
{
	*stats = s->stats;
	*path = !s->list && s->paths ? s->paths[0] : NULL;
	for (size_t i = 0; s->list && i < s->count; i++) {
		const struct mg_nic *b = mg_nic_list_get(s->list, i);

		if (b->name && nic->name && b->ifindex == nic->ifindex)
			*stats = mg_nic_get_stats(b);
		if (s->paths && b->address && nic->address && b->bus == nic->bus && has_pcie_path(b) &&
		    !strcmp(b->address, nic->address))
			*path = s->paths[i];
	}
}

static void first_free(struct first *s)
{
	for (size_t i = 0; s->paths && i < s->count; i++)
		mg_pcie_path_free(s->paths[i]);
	free(s->paths);
	mg_stats_free(s->stats);
	mg_nic_list_free(s->list);
}

/* The rules name the parameters of a fix; here they become what mg_settings_apply() takes. */
static int build_fixes(struct mg_doctor *d)
{
	for (size_t i = 0; i < d->count; i++) {
		struct mg_finding *x = d->items[i];
		int err;

		if (!x->nfix_params && !x->fix_advertise && x->fix_eee < 0 && x->fix_aspm_l1 < 0 && x->fix_rps_cpus == -1)
			continue;
		err = mg_settings_new(&x->fix_settings);
		for (size_t k = 0; err == 0 && k < x->nfix_params; k++)
			err = mg_settings_set(x->fix_settings, x->fix_params[k].param, x->fix_params[k].value);
		if (err == 0 && x->fix_advertise)
			err = mg_settings_set_advertise(x->fix_settings, x->fix_advertise);
		if (err == 0 && x->fix_eee >= 0)
			err = mg_settings_set_eee(x->fix_settings, x->fix_eee);
		if (err == 0 && x->fix_aspm_l1 >= 0)
			err = mg_settings_set_aspm_l1(x->fix_settings, x->fix_aspm_l1);
		if (err == 0 && x->fix_rps_cpus != -1) {
			char cpus[256];

			mg_cpumask_list((uint64_t)x->fix_rps_cpus, cpus, sizeof(cpus));
			err = mg_settings_set_rps_cpus(x->fix_settings, -1, cpus[0] ? cpus : "none");
		}
		if (err < 0)
			return err;
	}
	return 0;
}

MG_EXPORT void mg_doctor_free(struct mg_doctor *report)
{
	if (!report)
		return;
	for (size_t i = 0; i < report->count; i++)
		mg_settings_free(report->items[i]->fix_settings);
	mg_doctor_free_findings(report);
}

static int run(struct mg_ctx *ctx, const struct mg_nic *nic, unsigned int interval_ms, const char *peer,
	       struct mg_wifi_cache *wifi, struct mg_doctor **report)
{
	struct mg_nic_list *list = NULL;
	struct first first = { 0 };
	struct cpu_sample cpu = { 0 };
	struct mg_doctor *d;
	int err, cpus;
	uint64_t online;

	if (!ctx)
		return -EINVAL;
	if (!report)
		return mg_fail(ctx, -EINVAL, "mg_doctor_run: report is NULL");
	*report = NULL;
	mg_clear_error(ctx);
	/* The one check of the interval: the CLI and the bindings pass it on as given. */
	if (interval_ms != 0 && interval_ms != MG_DOCTOR_NO_SAMPLE &&
	    (interval_ms < MIN_INTERVAL_MS || interval_ms > MAX_INTERVAL_MS))
		return mg_fail(ctx, -EINVAL, "an interval of %u.%03u s is out of range: from 0.01 to 3600 seconds",
			       interval_ms / 1000, interval_ms % 1000);
	d = calloc(1, sizeof(*d));
	if (!d)
		return -ENOMEM;
	/* Kept for the findings that need growth between two samples. */
	d->interval_ms = interval_ms ? interval_ms : DEFAULT_INTERVAL_MS;
	if (peer)
		mg_strlcpy(d->peer, peer, sizeof(d->peer));
	cpus = online_cpus(ctx, &online);
	/* A capture is one moment: it has no second sample to take. */
	if (interval_ms != MG_DOCTOR_NO_SAMPLE && !ctx->offline) {
		first_sample(ctx, nic, &first);
		if (first.taken && read_cpus(ctx, &cpu.table))
			cpu.when = now_seconds();
		if (first.taken)
			mg_sleep_ms(d->interval_ms);
		if (first.taken)
			cpu_second(ctx, &cpu);
	}
	err = nic ? mg_nic_list_one(nic, &list) : mg_nic_list_new_with(ctx, EVERYTHING, &list);
	for (size_t i = 0; err == 0 && i < mg_nic_list_count(list); i++) {
		const struct mg_nic *n = mg_nic_list_get(list, i);
		const struct mg_stats *stats;
		struct mg_pcie_path *path;

		first_of(&first, n, &stats, &path);
		err = examine(ctx, d, list, n, cpus, online, path, stats, &cpu, wifi, nic != NULL);
	}
	mg_nic_list_free(list);
	first_free(&first);
	mg_cpu_table_free(&cpu.table);
	free(cpu.use);
	if (err == 0)
		err = build_fixes(d);
	if (err < 0) {
		mg_doctor_free(d);
		return ctx->error[0] ? err : mg_fail(ctx, err, "doctor: %s", strerror(-err));
	}
	mg_doctor_rank(d);
	*report = d;
	return 0;
}

int mg_doctor_run_sharing(struct mg_ctx *ctx, const struct mg_nic *nic, unsigned int interval_ms,
			  struct mg_wifi_cache *wifi, struct mg_doctor **report)
{
	return run(ctx, nic, interval_ms, NULL, wifi, report);
}

/* A doctor of its own: the wiphys it reads are dropped with it. */
static int run_alone(struct mg_ctx *ctx, const struct mg_nic *nic, unsigned int interval_ms, const char *peer,
		     struct mg_doctor **report)
{
	struct mg_wifi_cache wifi = { 0 };
	int err = run(ctx, nic, interval_ms, peer, &wifi, report);

	mg_wifi_cache_free(&wifi);
	return err;
}

MG_EXPORT int mg_doctor_run(struct mg_ctx *ctx, const struct mg_nic *nic, unsigned int interval_ms,
			    struct mg_doctor **report)
{
	return run_alone(ctx, nic, interval_ms, NULL, report);
}

MG_EXPORT int mg_doctor_run_peer(struct mg_ctx *ctx, const struct mg_nic *nic, unsigned int interval_ms,
				 const char *peer, struct mg_doctor **report)
{
	int err;

	if (!ctx)
		return -EINVAL;
	if (!nic || !mg_nic_get_name(nic))
		return mg_fail(ctx, -EINVAL, "probing the path to a peer needs one adapter with an interface");
	if (!peer || strlen(peer) >= sizeof(((struct mg_doctor *)0)->peer))
		return mg_fail(ctx, -EINVAL, "'%.64s' is not an IPv4 or IPv6 address", peer ? peer : "");
	/* Before the interval's wait: a peer this machine answers itself would "carry" any size. */
	err = mg_probe_check_peer(ctx, peer);
	if (err < 0)
		return err;
	if (ctx->offline)
		return mg_fail(ctx, -EOPNOTSUPP, "a captured tree cannot probe a path");
	return run_alone(ctx, nic, interval_ms, peer, report);
}
