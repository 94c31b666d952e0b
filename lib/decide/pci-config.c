/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A PCI function's config space decoded: the header, the PCI Express
 * capability and the L1 PM Substates extended capability, from whatever
 * bytes could be read. Pure, so every dump is tested without hardware.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "decide/decide.h"

#define STATUS_CAP_LIST 0x10
#define CAP_ID_EXPRESS 0x10
#define EXT_CAP_ID_L1SS 0x1e
#define EXT_START 0x100
/* No more headers than dwords in the extended space: a list that loops ends. */
#define EXT_MAX_HOPS ((4096 - EXT_START) / 4)

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

/*
 * Where extended capability @id starts, 0 when the list lacks it or the
 * list runs past what was read. A next pointer back into the standard space
 * ends the list, and so does a list that loops (the walk is bounded).
 */
static int find_ext(const uint8_t *cfg, size_t len, unsigned int id)
{
	size_t pos = EXT_START;

	for (int hops = 0; hops < EXT_MAX_HOPS && pos >= EXT_START && pos + 4 <= len; hops++) {
		uint32_t header = le32(cfg + pos);

		if (header == 0 || header == 0xffffffff)
			return 0;
		if ((header & 0xffff) == id)
			return (int)pos;
		pos = (header >> 20) & 0xffc;
	}
	return 0;
}

/* L1 PM Substates: capability at +4, control 1 at +8; unknown past the end. */
static void decode_l1ss(const uint8_t *cfg, size_t len, struct mg_pcie_regs *r)
{
	int pos;

	r->have_ext = len > EXT_START;
	if (!r->have_ext)
		return;
	pos = find_ext(cfg, len, EXT_CAP_ID_L1SS);
	r->l1ss_at = pos;
	if (!pos || (size_t)pos + 12 > len)
		return;
	r->l1ss_cap = le32(cfg + pos + 4);
	r->l1ss_ctl1 = le32(cfg + pos + 8);
	r->have_l1ss = true;
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
	if (pos < 0)
		return pos;
	if (pos > 0) {
		decode_express(cfg, len, pos, &f->regs);
		/* Only Express functions have an extended space (as lspci reads it). */
		decode_l1ss(cfg, len, &f->regs);
	}
	return 0;
}

