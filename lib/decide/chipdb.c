/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Multi-gigabit chips the library knows by ID: name, top rate, mainline
 * driver and the first kernel it served them in. Kept as data; where a fact
 * is approximate the source table says so and so does the entry ("~").
 */
#include <stddef.h>

#include "decide/decide.h"

static const struct mg_chip chips[] = {
	{ MG_BUS_PCI, 0x10ec, 0x8125, "RTL8125", 2500, "r8169", "5.4" },
	{ MG_BUS_PCI, 0x10ec, 0x3000, "RTL8125 (Killer E3000)", 2500, "r8169", "5.4" },
	{ MG_BUS_PCI, 0x10ec, 0x8126, "RTL8126A", 5000, "r8169", "6.9" },
	{ MG_BUS_PCI, 0x10ec, 0x8127, "RTL8127A", 10000, "r8169", "6.16" },
	{ MG_BUS_USB, 0x0bda, 0x8156, "RTL8156", 2500, "r8152", "5.13" },
	{ MG_BUS_PCI, 0x1d6a, 0x07b1, "AQC107", 10000, "atlantic", "~4.11" },
	{ MG_BUS_PCI, 0x1d6a, 0x08b1, "AQC108", 5000, "atlantic", "~4.11" },
	{ MG_BUS_PCI, 0x1d6a, 0x04c0, "AQC113", 10000, "atlantic", "~5.8" },
	{ MG_BUS_PCI, 0x1d6a, 0x14c0, "AQC113", 10000, "atlantic", "~5.8" },
	{ MG_BUS_USB, 0x2eca, 0xc101, "AQC111U", 5000, "aqc111", "~5.0" },
	{ MG_BUS_USB, 0x0b95, 0x2790, "AQC111U (ASIX)", 5000, "aqc111", "~5.0" },
	{ MG_BUS_USB, 0x0b95, 0x2791, "AQC112U (ASIX)", 2500, "aqc111", "~5.0" },
	{ MG_BUS_USB, 0x20f4, 0xe05a, "AQC111U (TRENDnet)", 5000, "aqc111", "~5.0" },
	{ MG_BUS_USB, 0x1c04, 0x0015, "AQC111U (QNAP)", 5000, "aqc111", "~5.0" },
	{ MG_BUS_PCI, 0x8086, 0x15f3, "I225-V", 2500, "igc", "4.20" },
	{ MG_BUS_PCI, 0x8086, 0x125b, "I226-LM", 2500, "igc", "~5.10" },
	{ MG_BUS_PCI, 0x8086, 0x125c, "I226-V", 2500, "igc", "~5.10" },
	{ MG_BUS_PCI, 0x8086, 0x125d, "I226-IT", 2500, "igc", "~5.10" },
	{ MG_BUS_PCI, 0x8086, 0x1563, "X550", 10000, "ixgbe", NULL },
	{ MG_BUS_PCI, 0x8086, 0x15d1, "X550", 10000, "ixgbe", NULL },
	{ MG_BUS_PCI, 0x8086, 0x2725, "AX210 (Wi-Fi 6E)", MG_UNKNOWN, "iwlwifi", "~5.10" },
	{ MG_BUS_PCI, 0x8086, 0x272b, "BE200 (Wi-Fi 7)", MG_UNKNOWN, "iwlwifi", "~6.5" },
	{ MG_BUS_PCI, 0x14c3, 0x7925, "MT7925 (Wi-Fi 7)", MG_UNKNOWN, "mt7925e", "6.7" },
	{ MG_BUS_PCI, 0x14c3, 0x0717, "MT7925 (Wi-Fi 7)", MG_UNKNOWN, "mt7925e", "6.7" },
};

const struct mg_chip *mg_chip_lookup(enum mg_bus bus, int vendor, int device)
{
	for (size_t i = 0; i < sizeof(chips) / sizeof(chips[0]); i++)
		if (chips[i].bus == bus && chips[i].vendor == vendor && chips[i].device == device)
			return &chips[i];
	return NULL;
}
