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
#include <string.h>

#include <pci/pci.h>

#include "mg-private.h"

struct mg_pci {
	struct pci_access *acc;
};

struct pci_guard {
	jmp_buf env;
	char message[256];
};

static __thread struct pci_guard *current_guard;

static void PCI_NONRET pci_error_hook(char *msg, ...)
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

static void pci_quiet_hook(char *msg, ...)
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
	free(pci);
}

/* One guarded pci_lookup_name(); NULL when unknown or when libpci failed. */
static const char *lookup(struct mg_ctx *ctx, char *buf, size_t size, int flags,
			  int a, int b, int c, int d)
{
	struct pci_guard guard;
	struct pci_guard *volatile outer = current_guard;
	const char *volatile name = NULL;

	if (pci_open(ctx) < 0)
		return NULL;
	guard.message[0] = '\0';
	current_guard = &guard;
	if (setjmp(guard.env) == 0)
		name = pci_lookup_name(ctx->pci->acc, buf, (int)size,
				       flags | PCI_LOOKUP_NO_NUMBERS | PCI_LOOKUP_NO_HWDB,
				       a, b, c, d);
	else
		mg_info(ctx, "libpci: %s", guard.message);
	current_guard = outer;
	return name;
}

const char *mg_pci_vendor_name(struct mg_ctx *ctx, int vendor, char *buf, size_t size)
{
	return lookup(ctx, buf, size, PCI_LOOKUP_VENDOR, vendor, 0, 0, 0);
}

const char *mg_pci_device_name(struct mg_ctx *ctx, int vendor, int device, char *buf, size_t size)
{
	return lookup(ctx, buf, size, PCI_LOOKUP_DEVICE, vendor, device, 0, 0);
}

const char *mg_pci_subsystem_name(struct mg_ctx *ctx, int vendor, int device,
				  int sub_vendor, int sub_device, char *buf, size_t size)
{
	return lookup(ctx, buf, size, PCI_LOOKUP_SUBSYSTEM | PCI_LOOKUP_DEVICE,
		      vendor, device, sub_vendor, sub_device);
}
