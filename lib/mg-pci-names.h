/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * pci-names.c: the two sources behind mg_pci_*_name(), each reachable on
 * its own so the tests can read a pci.ids of their choosing.
 */
#ifndef MG_PCI_NAMES_H
#define MG_PCI_NAMES_H

#include <sys/types.h>

#include "mg-private.h"

/* libpci's longest pci.ids line (MAX_LINE), newline included. */
#define MG_PCI_IDS_LINE 1024

/* Ids to name: device < 0 asks for the vendor only, sub_vendor < 0 leaves the subsystem out. */
struct mg_pci_ids_key {
	int vendor, device;
	int sub_vendor, sub_device;
};

/* What one source holds for a key; "" where it has no entry. */
struct mg_pci_ids_names {
	char vendor[MG_PCI_IDS_LINE];
	char device[MG_PCI_IDS_LINE];
	char subsystem[MG_PCI_IDS_LINE]; /* the entry under the device, not libpci's fallbacks */
};

/* Where a vendor's line starts in pci.ids, for the next question about that vendor. */
struct mg_pci_ids_mark {
	int vendor;	/* -1: none yet */
	off_t offset;
};

/*
 * Read the pci.ids at @path only as far as @key needs, from @mark when it
 * is @key's vendor (any offset is safe: reading realigns on a line, and a
 * vendor not found there is searched from the start). @mark may be NULL.
 * Returns 0 (names found or not), or a negative errno when the file cannot
 * be opened or read.
 */
int mg_pci_ids_read(const char *path, const struct mg_pci_ids_key *key, struct mg_pci_ids_mark *mark,
		    struct mg_pci_ids_names *names);

/* The same from udev's hwdb; -ENOENT when the machine has none. */
int mg_pci_hwdb_read(struct mg_ctx *ctx, const struct mg_pci_ids_key *key, struct mg_pci_ids_names *names);

#endif
