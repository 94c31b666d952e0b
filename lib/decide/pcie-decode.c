/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Decoding of the PCI Express capability: registers in, plain values out.
 * Pure, so it is tested on recorded config spaces.
 */
#include "decide/decide.h"

/* Link speed codes 1..6 (LnkCap, LnkSta, LnkCtl2). */
double mg_pcie_speed_gts(int code)
{
	static const double gts[] = { 0, 2.5, 5.0, 8.0, 16.0, 32.0, 64.0 };

	return code >= 1 && code <= 6 ? gts[code] : MG_UNKNOWN;
}

/* The code for a speed in GT/s, as sysfs prints it ("8.0 GT/s PCIe"). */
int mg_pcie_speed_code(double gts)
{
	for (int code = 1; code <= 6; code++)
		if (gts > mg_pcie_speed_gts(code) - 0.01 && gts < mg_pcie_speed_gts(code) + 0.01)
			return code;
	return 0;
}

static enum mg_pcie_role role_of(int type)
{
	switch (type) {
	case 0x0: return MG_PCIE_ROLE_ENDPOINT;
	case 0x1: return MG_PCIE_ROLE_LEGACY_ENDPOINT;
	case 0x4: return MG_PCIE_ROLE_ROOT_PORT;
	case 0x5: return MG_PCIE_ROLE_UPSTREAM_PORT;
	case 0x6: return MG_PCIE_ROLE_DOWNSTREAM_PORT;
	case 0x7: return MG_PCIE_ROLE_PCIE_TO_PCI_BRIDGE;
	case 0x8: return MG_PCIE_ROLE_PCI_TO_PCIE_BRIDGE;
	case 0x9: return MG_PCIE_ROLE_RC_ENDPOINT;
	case 0xa: return MG_PCIE_ROLE_RC_EVENT_COLLECTOR;
	}
	return MG_PCIE_ROLE_UNKNOWN;
}

/* 128 << n bytes; codes above 5 are reserved. */
static int size_code(unsigned int n)
{
	return n <= 5 ? 128 << n : MG_UNKNOWN;
}

static int highest_bit(unsigned int v)
{
	int bit = -1;

	while (v) {
		bit++;
		v >>= 1;
	}
	return bit;
}

static int width_of(unsigned int w)
{
	return w >= 1 && w <= 32 ? (int)w : MG_UNKNOWN;
}

/* LnkCtl2's Target Link Speed; 0 is what a 2.5 GT/s-only function may hardwire. */
static double target_of(const struct mg_pcie_regs *r)
{
	unsigned int code = r->lnkctl2 & 0xf;

	return mg_pcie_speed_gts(code ? (int)code : 1);
}

/* L1 PM Substates capability and control 1 share their low four bits. */
static int l1ss_of(uint32_t reg)
{
	return (reg & 0x1 ? MG_PCIE_PCIPM_L1_2 : 0) | (reg & 0x2 ? MG_PCIE_PCIPM_L1_1 : 0) |
	       (reg & 0x4 ? MG_PCIE_ASPM_L1_2 : 0) | (reg & 0x8 ? MG_PCIE_ASPM_L1_1 : 0);
}

static void decode_l1ss(const struct mg_pcie_regs *r, struct mg_pcie_node *n)
{
	if (r->have_l1ss) {
		n->l1ss_supported = l1ss_of(r->l1ss_cap);
		n->l1ss_enabled = l1ss_of(r->l1ss_ctl1);
	} else if (r->have_ext && !r->l1ss_at) {
		/* The extended list was read to its end without one. */
		n->l1ss_supported = n->l1ss_enabled = 0;
	}
}

/* Link registers: a function integrated in the root complex has none. */
static void decode_link(const struct mg_pcie_regs *r, struct mg_pcie_node *n)
{
	int vector;
	bool v2 = (r->flags & 0xf) >= 2;

	n->rcb = (r->lnkctl & 0x8) ? 128 : 64;
	n->lnkcap_speed = mg_pcie_speed_gts(r->lnkcap & 0xf);
	n->cap_width = width_of((r->lnkcap >> 4) & 0x3f);
	n->speed = mg_pcie_speed_gts(r->lnksta & 0xf);
	n->width = width_of((r->lnksta >> 4) & 0x3f);
	/* A version 2 capability cut short has LnkCap2 unknown, not absent. */
	vector = r->have_v2 ? (int)((r->lnkcap2 >> 1) & 0x7f) : v2 ? MG_UNKNOWN : 0;
	n->supported_speeds = vector;
	/* The kernel prefers LnkCap2's vector for the maximum; lspci shows LnkCap. */
	n->cap_speed = vector > 0 ? mg_pcie_speed_gts(highest_bit((unsigned int)vector) + 1) : n->lnkcap_speed;
	n->target_speed = r->have_v2 ? target_of(r) : MG_UNKNOWN;
	n->aspm_supported = (int)((r->lnkcap >> 10) & 0x3);	/* bit 0 L0s, bit 1 L1 */
	n->aspm_enabled = (int)(r->lnkctl & 0x3);
	n->link_events = (r->lnksta & 0x4000 ? MG_PCIE_LINK_BW_MANAGED : 0) |
			 (r->lnksta & 0x8000 ? MG_PCIE_LINK_BW_AUTONOMOUS : 0);
	decode_l1ss(r, n);
}

void mg_pcie_decode(const struct mg_pcie_regs *r, struct mg_pcie_node *n)
{
	n->role = role_of((r->flags >> 4) & 0xf);
	n->devcap_mps = size_code(r->devcap & 0x7);
	n->mps = size_code((r->devctl >> 5) & 0x7);
	n->mrrs = size_code((r->devctl >> 12) & 0x7);
	n->no_link = n->role == MG_PCIE_ROLE_RC_ENDPOINT || n->role == MG_PCIE_ROLE_RC_EVENT_COLLECTOR;
	if (!n->no_link)
		decode_link(r, n);
}
