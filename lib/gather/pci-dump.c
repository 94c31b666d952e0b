/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libpci's dump method: config spaces from an `lspci -xxx` file, one
 * struct pci_access per context. (Sysfs config spaces are read through the
 * gatherer, names from pci-names.c.)
 *
 * libpci reports fatal errors through a hook that must not return and that
 * carries no user pointer; its default prints and calls exit(). We replace
 * it with one that records the message and longjmp()s back to the call that
 * entered libpci. The jump target is the only piece of state that is not in
 * a context: it is thread-local and set only while a call into libpci runs,
 * so separate contexts in separate threads stay independent.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include <pci/pci.h>

#include "gather/gather.h"

struct mg_pci {
	struct pci_access *cfg;		/* the dump file, set up on first use */
	bool scanned;			/* cfg->devices holds one scan */
};

struct pci_guard {
	jmp_buf env;
	char message[256];
};

static __thread struct pci_guard *current_guard;

static void PCI_NONRET PCI_PRINTF(1, 2) pci_error_hook(char *msg, ...)
{
	struct pci_guard *g = current_guard;
	va_list args;

	va_start(args, msg);
	if (g)
		vsnprintf(g->message, sizeof(g->message), msg, args);
	va_end(args);
	if (g)
		longjmp(g->env, 1);
	/* Unreachable: every call into libpci runs inside a guard. */
	abort();
}

static void PCI_PRINTF(1, 2) pci_quiet_hook(char *msg, ...)
{
	(void)msg;
}

static int pci_open(struct mg_ctx *ctx)
{
	if (!ctx->pci_dump)
		return -ENODEV;
	if (!ctx->pci)
		ctx->pci = calloc(1, sizeof(*ctx->pci));
	return ctx->pci ? 0 : -ENOMEM;
}

void mg_pci_free(struct mg_pci *pci)
{
	if (!pci)
		return;
	if (pci->cfg)
		pci_cleanup(pci->cfg);
	free(pci);
}

/* Forget the config access, e.g. when the dump file changes. */
void mg_pci_reset_config(struct mg_ctx *ctx)
{
	if (!ctx->pci || !ctx->pci->cfg)
		return;
	pci_cleanup(ctx->pci->cfg);
	ctx->pci->cfg = NULL;
	ctx->pci->scanned = false;
}

/* ---- config space ---- */

/* Set up libpci's dump method on the context's dump file. Called inside a guard. */
static struct pci_access *cfg_access(struct mg_ctx *ctx)
{
	struct pci_access *a;

	if (ctx->pci->cfg)
		return ctx->pci->cfg;
	a = pci_alloc();
	if (!a)
		return NULL;
	a->error = pci_error_hook;
	a->warning = pci_quiet_hook;
	a->debug = pci_quiet_hook;
	a->id_lookup_mode = 0;
	/* Only dumps: sysfs config spaces are read through the gatherer. */
	a->method = PCI_ACCESS_DUMP;
	pci_set_param(a, "dump.name", ctx->pci_dump);
	ctx->pci->cfg = a;
	pci_init(a);
	return a;
}

static bool same_address(const struct pci_dev *a, const struct pci_dev *b)
{
	return a->domain == b->domain && a->bus == b->bus && a->dev == b->dev && a->func == b->func;
}

/*
 * Read the dump once. libpci keeps every entry of an address given twice
 * and answers with the one written last: say so, as the dump is then
 * probably two dumps pasted together.
 */
static void scan(struct mg_ctx *ctx, struct pci_access *a)
{
	if (ctx->pci->scanned)
		return;
	pci_scan_bus(a);
	ctx->pci->scanned = true;
	for (struct pci_dev *d = a->devices; d; d = d->next) {
		int before = 0;

		for (struct pci_dev *e = a->devices; e != d; e = e->next)
			before += same_address(e, d);
		/* One line per address, at its second entry. */
		if (before == 1)
			mg_info(ctx, "%04x:%02x:%02x.%x is in the PCI dump more than once: the last entry is used",
				d->domain, d->bus, d->dev, d->func);
	}
}

static struct pci_dev *find_scanned(struct pci_access *a, const struct mg_pci_addr *addr)
{
	for (struct pci_dev *d = a->devices; d; d = d->next)
		if ((unsigned int)d->domain == addr->domain && d->bus == addr->bus && d->dev == addr->dev &&
		    d->func == addr->func)
			return d;
	return NULL;
}

/* As many bytes as the dump holds for the function: 4096, 256 or 64. */
static int dump_read(struct mg_ctx *ctx, const struct mg_pci_addr *addr, uint8_t *buf, size_t size, char *why,
		     size_t why_size)
{
	static const size_t sizes[] = { 4096, 256, 64 };
	struct pci_access *a = cfg_access(ctx);
	struct pci_dev *d;

	if (!a)
		return -ENOMEM;
	scan(ctx, a);
	d = find_scanned(a, addr);
	if (!d) {
		snprintf(why, why_size, "%04x:%02x:%02x.%x is not in the dump", addr->domain, addr->bus,
			 addr->dev, addr->func);
		return -ENODEV;
	}
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		if (sizes[i] <= size && pci_read_block(d, 0, buf, (int)sizes[i]))
			return (int)sizes[i];
	snprintf(why, why_size, "cannot read its config space");
	return -EIO;
}

/* The config bytes of one function of the context's lspci dump. */
int mg_pci_dump_config(struct mg_ctx *ctx, const struct mg_pci_addr *addr, uint8_t *buf, size_t size,
		       char *why, size_t why_size)
{
	struct pci_guard guard;
	struct pci_guard *volatile outer = current_guard;
	volatile int len;

	len = pci_open(ctx);
	if (len < 0)
		return len;
	guard.message[0] = '\0';
	current_guard = &guard;
	if (setjmp(guard.env) == 0) {
		len = dump_read(ctx, addr, buf, size, why, why_size);
	} else {
		snprintf(why, why_size, "libpci: %s", guard.message);
		len = -EIO;
	}
	current_guard = outer;
	return len;
}

/*
 * The bridge in a dump whose secondary bus is the child's, as lspci -t
 * finds it: a PCI bridge (header type 1) or a CardBus bridge (type 2),
 * which keeps its CardBus bus number at the same offset.
 */
int mg_pci_dump_parent(struct mg_ctx *ctx, const struct mg_pci_addr *child, struct mg_pci_addr *parent)
{
	struct pci_guard guard;
	struct pci_guard *volatile outer = current_guard;
	volatile int err = -ENOENT;

	if (pci_open(ctx) < 0)
		return -ENOMEM;
	guard.message[0] = '\0';
	current_guard = &guard;
	if (setjmp(guard.env) == 0) {
		struct pci_access *a = cfg_access(ctx);

		if (a)
			scan(ctx, a);
		for (struct pci_dev *d = a ? a->devices : NULL; d; d = d->next) {
			uint8_t h[0x1c];

			if ((unsigned int)d->domain != child->domain || !pci_read_block(d, 0, h, sizeof(h)) ||
			    ((h[0x0e] & 0x7f) != 1 && (h[0x0e] & 0x7f) != 2) || h[0x19] != child->bus ||
			    h[0x19] == d->bus)
				continue;
			parent->domain = (unsigned int)d->domain;
			parent->bus = d->bus;
			parent->dev = d->dev;
			parent->func = d->func;
			err = 0;
			break;
		}
	} else {
		err = -EIO;
	}
	current_guard = outer;
	return err;
}
