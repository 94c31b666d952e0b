/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Interrupts: which vectors a device has (a PCI function's msi_irqs, else
 * its legacy irq), how often each fired on each CPU (/proc/interrupts),
 * where each may and does run (/proc/irq/N/), and the CPU masks of the
 * interface's queues (RPS, XPS), a virtual interface's too. Every receive
 * interrupt landing on CPU 0 next to the application is the commonest
 * reason a small board loses a quarter of its throughput; this is the
 * evidence of it. All of it comes from sysfs and procfs, through the
 * gatherer: a capture replays it. The queues are read only from a sysfs
 * proved to be this network namespace's (gather/sysfs-netns.c): another's
 * shows other interfaces, maybe by the same names.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

/* /proc/interrupts of a machine with thousands of CPUs runs to megabytes. */
#define PROC_INITIAL (64u << 10)
#define PROC_MAX (16u << 20)

struct mg_irq {
	int irq;
	char *name;
	const char *mode;
	uint64_t *counts;	/* one per CPU column, NULL when not listed */
	char *affinity, *effective;
};

struct mg_queue {
	char name[32];
	long number;
	char *cpus;
};

struct mg_irqs {
	int online_cpus;
	int *cpus;
	size_t ncpus;
	struct mg_irq *irqs;
	size_t count, alloc;
	struct mg_queue *queues[2];
	size_t nqueues[2], qalloc[2];
};

/* What is read once for every adapter of a list. */
struct shared {
	struct mg_interrupts table;
	bool have_table;
	int online_cpus;
	int netns;	/* mg_sysfs_netns_same(): 0, -EXDEV, 1 (each address tells) or -errno */
};

/* A whole procfs file, however long (up to PROC_MAX), malloc'ed and terminated. */
static int read_proc(struct mg_ctx *ctx, const char *rel, char **text, size_t *len)
{
	for (size_t size = PROC_INITIAL; size <= PROC_MAX; size *= 2) {
		char *buf = malloc(size + 1);
		int n;

		if (!buf)
			return -ENOMEM;
		n = mg_gather_proc_read(ctx, rel, buf, size);
		if (n < 0) {
			free(buf);
			return n;
		}
		if ((size_t)n < size) {
			buf[n] = '\0';
			*text = buf;
			*len = (size_t)n;
			return 0;
		}
		free(buf);
	}
	return -EFBIG;
}

static void read_shared(struct mg_ctx *ctx, struct shared *sh)
{
	char buf[MG_ATTR_MAX], *text, why[400];
	size_t len;
	int n;

	sh->netns = mg_sysfs_netns_same(ctx, why, sizeof(why));
	if (sh->netns < 0)
		mg_info(ctx, "queues' CPU masks not read: %s", why[0] ? why : strerror(-sh->netns));

	sh->online_cpus = MG_UNKNOWN;
	if (mg_sysfs_read(ctx, "devices/system/cpu/online", buf, sizeof(buf)) > 0 &&
	    (n = mg_cpulist_count(buf)) > 0)
		sh->online_cpus = n;
	sh->have_table = false;
	if (read_proc(ctx, "interrupts", &text, &len) < 0) {
		mg_dbg(ctx, "no /proc/interrupts: per-CPU counts unknown");
		return;
	}
	sh->have_table = mg_interrupts_parse(text, len, &sh->table) == 0;
	if (!sh->have_table)
		mg_info(ctx, "/proc/interrupts: not in the expected form");
	free(text);
}

static void free_shared(struct shared *sh)
{
	if (sh->have_table)
		mg_interrupts_free(&sh->table);
}

/* A /proc/irq/N/ file's first line, or NULL. */
static char *irq_file(struct mg_ctx *ctx, int irq, const char *name)
{
	char rel[64], buf[MG_ATTR_MAX];
	int n;

	snprintf(rel, sizeof(rel), "irq/%d/%s", irq, name);
	n = mg_gather_proc_read(ctx, rel, buf, sizeof(buf) - 1);
	if (n <= 0)
		return NULL;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return buf[0] ? strdup(buf) : NULL;
}

static int add_vector(struct mg_ctx *ctx, struct mg_irqs *r, const struct shared *sh, int irq,
		      const char *mode)
{
	const struct mg_interrupt_line *line = sh->have_table ? mg_interrupts_find(&sh->table, irq) : NULL;
	struct mg_irq *v, *grown;

	for (size_t i = 0; i < r->count; i++)
		if (r->irqs[i].irq == irq)
			return 0;
	grown = mg_array_grow(r->irqs, &r->alloc, r->count, sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	r->irqs = grown;
	v = memset(&r->irqs[r->count++], 0, sizeof(*v));
	v->irq = irq;
	v->mode = mode;
	if (line && line->name[0] && !(v->name = strdup(line->name)))
		return -ENOMEM;
	if (line && line->counts) {
		v->counts = malloc(r->ncpus * sizeof(*v->counts));
		if (!v->counts)
			return -ENOMEM;
		memcpy(v->counts, line->counts, r->ncpus * sizeof(*v->counts));
	}
	v->affinity = irq_file(ctx, irq, "smp_affinity_list");
	v->effective = irq_file(ctx, irq, "effective_affinity_list");
	return 0;
}

struct walk {
	struct mg_irqs *r;
	const struct shared *sh;
	const char *dir;
};

static int add_msi(struct mg_ctx *ctx, const char *name, void *data)
{
	struct walk *w = data;
	char rel[MG_PATH_MAX], mode[16];
	long irq;

	if (mg_parse_long(name, 10, &irq) < 0 || irq <= 0 || irq > 0x7fffffff)
		return 0;
	snprintf(rel, sizeof(rel), "%s/msi_irqs/%s", w->dir, name);
	if (mg_sysfs_read(ctx, rel, mode, sizeof(mode)) <= 0 || (strcmp(mode, "msi") && strcmp(mode, "msix")))
		mode[0] = '\0';
	return add_vector(ctx, w->r, w->sh, (int)irq, !strcmp(mode, "msix") ? "msix" : mode[0] ? "msi" : NULL);
}

/* A PCI function's vectors: its MSI or MSI-X ones, else its legacy line. */
static int pci_vectors(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_irqs *r, const struct shared *sh)
{
	char dir[MG_PATH_MAX], rel[MG_PATH_MAX];
	struct walk w = { r, sh, dir };
	long irq;
	int err;

	/* By the device's real path: a capture records links, not paths through them. */
	snprintf(rel, sizeof(rel), "bus/pci/devices/%s", nic->address);
	if (mg_sysfs_resolve(ctx, rel, dir, sizeof(dir)) < 0)
		return 0;
	if (mg_path_join(rel, sizeof(rel), dir, "msi_irqs") == 0 && mg_sysfs_exists(ctx, rel) &&
	    (err = mg_sysfs_foreach(ctx, rel, add_msi, &w)) < 0)
		return err;
	/* Without a driver the line is assigned but not the device's: others may share it. */
	if (r->count || !nic->has_driver)
		return 0;
	if (mg_path_join(rel, sizeof(rel), dir, "irq") == 0 && mg_sysfs_read_long(ctx, rel, 10, &irq) == 0 &&
	    irq > 0 && irq <= 0x7fffffff)
		return add_vector(ctx, r, sh, (int)irq, "legacy");
	return 0;
}

/*
 * A device on no bus sysfs describes interrupts for (a SoC's NIC on the
 * platform bus): the vectors its driver named after the interface, "eth0"
 * or "eth0-rx-0". A guess by name, so it is made only where nothing better
 * exists.
 */
static int named_vectors(struct mg_ctx *ctx, const char *ifname, struct mg_irqs *r, const struct shared *sh)
{
	size_t len = strlen(ifname);
	int err = 0;

	for (size_t i = 0; sh->have_table && i < sh->table.nlines && err == 0; i++) {
		const char *name = sh->table.lines[i].name;

		if (!strncmp(name, ifname, len) && (name[len] == '\0' || name[len] == '-'))
			err = add_vector(ctx, r, sh, sh->table.lines[i].irq, NULL);
	}
	return err;
}

static int add_queue(struct mg_ctx *ctx, const char *name, void *data)
{
	struct walk *w = data;
	char rel[MG_PATH_MAX], buf[MG_ATTR_MAX];
	int tx = !strncmp(name, "tx-", 3);
	struct mg_queue *q, *grown;
	long number;

	if ((!tx && strncmp(name, "rx-", 3)) || mg_parse_long(name + 3, 10, &number) < 0 || number < 0 ||
	    strlen(name) >= sizeof(q->name))
		return 0;
	/*
	 * A device with one transmit queue has no xps_cpus, and a mask that
	 * cannot be read says nothing: such a queue is left out (as a capture,
	 * which holds only what was read, would leave it out too).
	 */
	if (snprintf(rel, sizeof(rel), "%s/%s/%s", w->dir, name, tx ? "xps_cpus" : "rps_cpus") >= (int)sizeof(rel) ||
	    mg_sysfs_read(ctx, rel, buf, sizeof(buf)) <= 0)
		return 0;
	grown = mg_array_grow(w->r->queues[tx], &w->r->qalloc[tx], w->r->nqueues[tx], sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	w->r->queues[tx] = grown;
	q = memset(&grown[w->r->nqueues[tx]++], 0, sizeof(*q));
	mg_strlcpy(q->name, name, sizeof(q->name));
	q->number = number;
	q->cpus = strdup(buf);
	return q->cpus ? 0 : -ENOMEM;
}

static int by_irq(const void *a, const void *b)
{
	const struct mg_irq *x = a, *y = b;

	return (x->irq > y->irq) - (x->irq < y->irq);
}

static int by_number(const void *a, const void *b)
{
	const struct mg_queue *x = a, *y = b;

	return (x->number > y->number) - (x->number < y->number);
}

/* Whether the sysfs shows @nic's own queues: proved once for all, or by its address. */
static bool queues_ours(struct mg_ctx *ctx, const struct mg_nic *nic, const struct shared *sh)
{
	char why[400];

	if (sh->netns != 1)
		return sh->netns == 0;
	if (mg_sysfs_netns_address(ctx, nic->name, nic->mac, why, sizeof(why)) == 0)
		return true;
	mg_info(ctx, "%s: queues' CPU masks not read: %s", nic->name, why[0] ? why : "its address cannot be read");
	return false;
}

static int read_queues(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_irqs *r)
{
	char rel[MG_PATH_MAX], dir[MG_PATH_MAX];
	struct walk w = { r, NULL, dir };
	int err;

	if (mg_nic_netdir(ctx, nic, rel, sizeof(rel)) < 0 || mg_path_join(dir, sizeof(dir), rel, "queues") < 0)
		return 0;
	/* No "queues" (not every device has them) lists nothing: no look first. */
	err = mg_sysfs_foreach(ctx, dir, add_queue, &w);
	if (err == -ENOENT)
		err = 0;
	for (int tx = 0; tx < 2; tx++) {
		if (r->nqueues[tx])
			qsort(r->queues[tx], r->nqueues[tx], sizeof(*r->queues[tx]), by_number);
		r->queues[tx] = mg_array_trim(r->queues[tx], &r->qalloc[tx], r->nqueues[tx], sizeof(*r->queues[tx]));
	}
	return err;
}

static int read_irqs(struct mg_ctx *ctx, const struct mg_nic *nic, const struct shared *sh, struct mg_irqs **out)
{
	struct mg_irqs *r = calloc(1, sizeof(*r));
	int err = 0;

	if (!r)
		return -ENOMEM;
	r->online_cpus = sh->online_cpus;
	if (sh->have_table && sh->table.ncpus) {
		r->cpus = malloc(sh->table.ncpus * sizeof(*r->cpus));
		if (!r->cpus) {
			free(r);
			return -ENOMEM;
		}
		memcpy(r->cpus, sh->table.cpus, sh->table.ncpus * sizeof(*r->cpus));
		r->ncpus = sh->table.ncpus;
	}
	if (nic->bus == MG_BUS_PCI && nic->address)
		err = pci_vectors(ctx, nic, r, sh);
	else if (nic->bus == MG_BUS_OTHER && nic->name)
		err = named_vectors(ctx, nic->name, r, sh);
	if (err == 0 && r->count)
		qsort(r->irqs, r->count, sizeof(*r->irqs), by_irq);
	/* A virtual interface's too: RPS and XPS steer a veth's or a bridge's packets as well. */
	if (err == 0 && nic->name && queues_ours(ctx, nic, sh))
		err = read_queues(ctx, nic, r);
	if (err < 0) {
		mg_irqs_free(r);
		return err;
	}
	*out = r;
	return 0;
}

MG_EXPORT int mg_irqs_read_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_irqs **irqs)
{
	struct shared sh;
	int err;

	if (!ctx || !nic || !irqs)
		return ctx ? mg_fail(ctx, -EINVAL, "mg_irqs_read_for_nic: NULL argument") : -EINVAL;
	*irqs = NULL;
	mg_clear_error(ctx);
	read_shared(ctx, &sh);
	err = read_irqs(ctx, nic, &sh, irqs);
	free_shared(&sh);
	return err < 0 ? mg_fail(ctx, err, "reading interrupts: %s", strerror(-err)) : 0;
}

/* Every adapter's: /proc/interrupts and the CPU count read once. */
int mg_irqs_attach(struct mg_ctx *ctx, struct mg_nic_list *list)
{
	struct shared sh;
	int err = 0;

	read_shared(ctx, &sh);
	for (size_t i = 0; err == 0 && i < mg_nic_list_count(list); i++) {
		struct mg_nic *nic = mg_nic_list_get(list, i);

		err = read_irqs(ctx, nic, &sh, &nic->irqs);
	}
	free_shared(&sh);
	return err;
}

MG_EXPORT void mg_irqs_free(struct mg_irqs *irqs)
{
	if (!irqs)
		return;
	for (size_t i = 0; i < irqs->count; i++) {
		free(irqs->irqs[i].name);
		free(irqs->irqs[i].counts);
		free(irqs->irqs[i].affinity);
		free(irqs->irqs[i].effective);
	}
	for (int tx = 0; tx < 2; tx++) {
		for (size_t i = 0; i < irqs->nqueues[tx]; i++)
			free(irqs->queues[tx][i].cpus);
		free(irqs->queues[tx]);
	}
	free(irqs->irqs);
	free(irqs->cpus);
	free(irqs);
}

MG_GETTER(const struct mg_irqs *, mg_nic_get_irqs, mg_nic, irqs, NULL)
MG_GETTER(int, mg_irqs_get_online_cpus, mg_irqs, online_cpus, MG_UNKNOWN)
MG_GETTER(size_t, mg_irqs_get_cpu_count, mg_irqs, ncpus, 0)

MG_EXPORT int mg_irqs_get_cpu(const struct mg_irqs *irqs, size_t column)
{
	return irqs && column < irqs->ncpus ? irqs->cpus[column] : MG_UNKNOWN;
}

MG_GETTER(size_t, mg_irqs_get_count, mg_irqs, count, 0)

static const struct mg_irq *vector(const struct mg_irqs *irqs, size_t index)
{
	return irqs && index < irqs->count ? &irqs->irqs[index] : NULL;
}

MG_ITEM_GETTER(int, mg_irqs_get_irq, mg_irqs, vector, irq, MG_UNKNOWN)
MG_ITEM_GETTER(const char *, mg_irqs_get_name, mg_irqs, vector, name, NULL)
MG_ITEM_GETTER(const char *, mg_irqs_get_mode, mg_irqs, vector, mode, NULL)

MG_EXPORT int mg_irqs_get_cpu_interrupts(const struct mg_irqs *irqs, size_t index, size_t column,
					 uint64_t *value)
{
	const struct mg_irq *v = vector(irqs, index);

	if (!v || !value || column >= irqs->ncpus)
		return -EINVAL;
	if (!v->counts)
		return -ENODATA;
	*value = v->counts[column];
	return 0;
}

MG_ITEM_GETTER(const char *, mg_irqs_get_affinity, mg_irqs, vector, affinity, NULL)
MG_ITEM_GETTER(const char *, mg_irqs_get_effective_affinity, mg_irqs, vector, effective, NULL)

MG_EXPORT size_t mg_irqs_get_queue_count(const struct mg_irqs *irqs, int tx)
{
	return irqs ? irqs->nqueues[tx ? 1 : 0] : 0;
}

MG_EXPORT const char *mg_irqs_get_queue_name(const struct mg_irqs *irqs, int tx, size_t index)
{
	return irqs && index < irqs->nqueues[tx ? 1 : 0] ? irqs->queues[tx ? 1 : 0][index].name : NULL;
}

MG_EXPORT const char *mg_irqs_get_queue_cpus(const struct mg_irqs *irqs, int tx, size_t index)
{
	return irqs && index < irqs->nqueues[tx ? 1 : 0] ? irqs->queues[tx ? 1 : 0][index].cpus : NULL;
}
