/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A PCI function's config space decoded: the header and the PCI Express
 * capability, from whatever bytes could be read. Pure, so every dump is
 * tested without hardware.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "mg-private.h"

#define STATUS_CAP_LIST 0x10
#define CAP_ID_EXPRESS 0x10

static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/*
 * Where the Express capability starts, 0 when the list has none, or
 * -EIO for a pointer into the header. The walk ends after 48 steps, so a
 * list that loops ends too.
 */
static int find_express(const uint8_t *cfg, size_t len, int header_type, char *why, size_t size)
{
	int pos = cfg[header_type == 2 ? 0x14 : 0x34] & 0xfc;

	for (int hops = 0; pos && hops < 48; hops++) {
		if (pos < 0x40) {
			snprintf(why, size, "a capability pointer (0x%02x) points into the config header", pos);
			return -EIO;
		}
		if ((size_t)pos + 2 > len)
			return 0;
		if (cfg[pos] == CAP_ID_EXPRESS)
			return pos;
		pos = cfg[pos + 1] & 0xfc;
	}
	return 0;
}

/*
 * Registers that lie past what could be read stay unknown: a capability
 * near the end of the standard space (0xe0 on some laptops) still gives its
 * link registers.
 */
static void decode_express(const uint8_t *cfg, size_t len, int pos, struct mg_pcie_regs *r)
{
	const uint8_t *b = cfg + pos;
	size_t avail = len - (size_t)pos;

	r->express_at = pos;
	if (avail < 0x14)
		return;
	r->flags = le16(b + 0x02);
	r->devcap = le32(b + 0x04);
	r->devctl = le16(b + 0x08);
	r->lnkcap = le32(b + 0x0c);
	r->lnkctl = le16(b + 0x10);
	r->lnksta = le16(b + 0x12);
	r->have_express = true;
	/* Version 2 capabilities carry LnkCap2/LnkCtl2 at 0x2c/0x30. */
	if ((r->flags & 0xf) >= 2 && avail >= 0x32) {
		r->lnkcap2 = le32(b + 0x2c);
		r->lnkctl2 = le16(b + 0x30);
		r->have_v2 = true;
	}
}

int mg_pci_config_decode(const uint8_t *cfg, size_t len, struct mg_pci_func *f, char *why, size_t size)
{
	int pos;

	memset(f, 0, sizeof(*f));
	if (len < 64) {
		snprintf(why, size, "cannot read its config space");
		return -EIO;
	}
	f->vendor = le16(cfg);
	f->device = le16(cfg + 2);
	if (f->vendor == 0xffff) {
		snprintf(why, size, "config space reads all 0xff: the device is gone or powered off");
		return -EIO;
	}
	f->header_type = cfg[0x0e] & 0x7f;
	f->secondary_bus = cfg[0x19];
	f->subordinate_bus = cfg[0x1a];
	f->readable = len > 64;
	if (!f->readable || !(le16(cfg + 6) & STATUS_CAP_LIST))
		return 0;
	pos = find_express(cfg, len, f->header_type, why, size);
	if (pos > 0)
		decode_express(cfg, len, pos, &f->regs);
	return pos < 0 ? pos : 0;
}

