/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libpci access: one struct pci_access per context, pointed at the
 * context's sysfs tree.
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

#include "mg-private.h"

struct mg_pci {
	struct pci_access *acc;		/* names */
	struct pci_access *cfg;		/* config space: sysfs tree or dump file */
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
	char path[MG_PATH_MAX];
	struct mg_pci *pci;
	int err;

	if (ctx->pci)
		return 0;
	err = mg_path_join(path, sizeof(path), ctx->root, "bus/pci");
	if (err < 0)
		return err;
	pci = calloc(1, sizeof(*pci));
	if (!pci)
		return -ENOMEM;
	pci->acc = pci_alloc();
	if (!pci->acc) {
		free(pci);
		return -ENOMEM;
	}
	pci->acc->error = pci_error_hook;
	pci->acc->warning = pci_quiet_hook;
	pci->acc->debug = pci_quiet_hook;
	/* Names come from pci.ids alone: no network, no per-user cache. */
	pci->acc->id_lookup_mode = 0;
	pci->acc->method = PCI_ACCESS_SYS_BUS_PCI;
	pci_set_param(pci->acc, "sysfs.path", path);
	pci_set_param(pci->acc, "hwdb.disable", "1");
	ctx->pci = pci;
	return 0;
}

void mg_pci_free(struct mg_pci *pci)
{
	if (!pci)
		return;
	pci_cleanup(pci->acc);
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

/*
 * Set up config access on first use: libpci's sysfs method on the
 * context's tree, or its dump method on a file. Called inside a guard.
 */
static struct pci_access *cfg_access(struct mg_ctx *ctx)
{
	char path[MG_PATH_MAX];
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
	if (ctx->pci_dump) {
		a->method = PCI_ACCESS_DUMP;
		pci_set_param(a, "dump.name", ctx->pci_dump);
	} else {
		a->method = PCI_ACCESS_SYS_BUS_PCI;
		mg_path_join(path, sizeof(path), ctx->root, "bus/pci");
		pci_set_param(a, "sysfs.path", path);
	}
	ctx->pci->cfg = a;
	pci_init(a);
	return a;
}

static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static struct pci_dev *find_scanned(struct pci_access *a, const struct mg_pci_addr *addr)
{
	for (struct pci_dev *d = a->devices; d; d = d->next)
		if ((unsigned int)d->domain == addr->domain && d->bus == addr->bus && d->dev == addr->dev &&
		    d->func == addr->func)
			return d;
	return NULL;
}

/* Read the Express capability's registers; the capability is at @pos. */
static int read_express(struct pci_dev *d, int pos, struct mg_pcie_regs *r, char *why, size_t size)
{
	uint8_t b[0x3c];
	int len = 0x24;

	if (pos < 0x40 || pos > 0x100 - 0x24) {
		snprintf(why, size, "Express capability pointer 0x%02x is outside the capability area", pos);
		return -EIO;
	}
	if (!pci_read_block(d, pos, b, len)) {
		snprintf(why, size, "cannot read the Express capability at 0x%02x", pos);
		return -EIO;
	}
	r->flags = le16(b + 0x02);
	r->devcap = le32(b + 0x04);
	r->devctl = le16(b + 0x08);
	r->lnkcap = le32(b + 0x0c);
	r->lnkctl = le16(b + 0x10);
	r->lnksta = le16(b + 0x12);
	/* Version 2 capabilities carry LnkCap2/LnkCtl2 at 0x2c/0x30. */
	if ((r->flags & 0xf) >= 2 && pos + 0x34 <= 0x100 && pci_read_block(d, pos + 0x2c, b, 8)) {
		r->lnkcap2 = le32(b);
		r->lnkctl2 = le16(b + 4);
		r->have_v2 = true;
	}
	r->have_express = true;
	return 0;
}

static int read_function(struct mg_ctx *ctx, const struct mg_pci_addr *addr, struct mg_pci_func *f,
			 char *why, size_t size)
{
	struct pci_access *a = cfg_access(ctx);
	struct pci_dev *d, *own = NULL;
	struct pci_cap *cap;
	uint8_t h[64], probe[4];
	int err = 0;

	if (!a)
		return -ENOMEM;
	if (ctx->pci_dump) {
		if (!ctx->pci->scanned) {
			pci_scan_bus(a);
			ctx->pci->scanned = true;
		}
		d = find_scanned(a, addr);
		if (!d) {
			snprintf(why, size, "%04x:%02x:%02x.%x is not in the dump", addr->domain,
				 addr->bus, addr->dev, addr->func);
			return -ENODEV;
		}
	} else {
		d = own = pci_get_dev(a, addr->domain, addr->bus, addr->dev, addr->func);
	}
	if (!pci_read_block(d, 0, h, sizeof(h))) {
		snprintf(why, size, "cannot read its config space");
		err = -EIO;
		goto out;
	}
	f->vendor = le16(h);
	f->device = le16(h + 2);
	if (f->vendor == 0xffff) {
		snprintf(why, size, "config space reads all 0xff: the device is gone or powered off");
		err = -EIO;
		goto out;
	}
	f->header_type = h[0x0e] & 0x7f;
	f->secondary_bus = h[0x19];
	f->subordinate_bus = h[0x1a];
	f->readable = pci_read_block(d, 0x40, probe, sizeof(probe)) != 0;
	if (!f->readable || !(le16(h + 6) & PCI_STATUS_CAP_LIST))
		goto out;
	pci_fill_info(d, PCI_FILL_CAPS);
	cap = pci_find_cap(d, PCI_CAP_ID_EXP, PCI_CAP_NORMAL);
	if (cap)
		err = read_express(d, cap->addr, &f->regs, why, size);
out:
	if (own)
		pci_free_dev(own);
	return err;
}

/*
 * Read one function's header and Express registers. Returns -EIO with
 * @why filled when the config space is malformed or unreadable.
 */
int mg_pci_read_function(struct mg_ctx *ctx, const struct mg_pci_addr *addr, struct mg_pci_func *f,
			 char *why, size_t size)
{
	struct pci_guard guard;
	struct pci_guard *volatile outer = current_guard;
	volatile int err;

	memset(f, 0, sizeof(*f));
	why[0] = '\0';
	err = pci_open(ctx);
	if (err < 0)
		return err;
	guard.message[0] = '\0';
	current_guard = &guard;
	if (setjmp(guard.env) == 0) {
		err = read_function(ctx, addr, f, why, size);
	} else {
		snprintf(why, size, "libpci: %s", guard.message);
		err = -EIO;
	}
	current_guard = outer;
	return err;
}

/* The bridge in a dump whose secondary bus is @bus, as lspci -t finds it. */
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

		if (a && !ctx->pci->scanned) {
			pci_scan_bus(a);
			ctx->pci->scanned = true;
		}
		for (struct pci_dev *d = a ? a->devices : NULL; d; d = d->next) {
			uint8_t h[0x1c];

			if ((unsigned int)d->domain != child->domain || !pci_read_block(d, 0, h, sizeof(h)) ||
			    (h[0x0e] & 0x7f) != 1 || h[0x19] != child->bus || h[0x19] == d->bus)
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
