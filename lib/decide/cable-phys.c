/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Which PHY drivers implement cable test (and raw TDR) in Linux 6.12, by
 * the driver names phylib registers (what /sys/class/net/IF/phydev/driver
 * points to). Kept as data: a new kernel means a new row, not new code.
 * The first row whose pattern the name contains wins, so the exceptions
 * come before the families.
 */
#include <string.h>
#include <strings.h>

#include "decide/decide.h"

static const struct mg_cable_phy phys[] = {
	/* Exceptions first. */
	{ "BCM54213PE", MG_CABLE_UNSUPPORTED, 0,
	  "the mainline broadcom PHY driver has no cable test for the BCM54213PE (Raspberry Pi 4, CM4, Pi 5)" },
	{ "Realtek", MG_CABLE_UNSUPPORTED, 0, "Realtek PHY drivers have no cable test" },
	{ "RTL", MG_CABLE_UNSUPPORTED, 0, "Realtek PHY drivers have no cable test" },
	{ "Aquantia", MG_CABLE_UNSUPPORTED, 0, "Aquantia PHY drivers have no cable test" },
	/* Marvell: the VCT7 families also give raw TDR data. */
	{ "88E1510", MG_CABLE_SUPPORTED, 1, NULL },
	{ "88E1540", MG_CABLE_SUPPORTED, 1, NULL },
	{ "88E1545", MG_CABLE_SUPPORTED, 1, NULL },
	{ "88E6341", MG_CABLE_SUPPORTED, 1, NULL },
	{ "88E6390", MG_CABLE_SUPPORTED, 1, NULL },
	{ "88E6393", MG_CABLE_SUPPORTED, 1, NULL },
	{ "88E1111", MG_CABLE_SUPPORTED, 0, NULL },
	{ "88E1145", MG_CABLE_SUPPORTED, 0, NULL },
	{ "88E308", MG_CABLE_SUPPORTED, 0, NULL },
	{ "88E609", MG_CABLE_SUPPORTED, 0, NULL },
	{ "88Q222", MG_CABLE_SUPPORTED, 0, NULL },
	/* Micrel / Microchip. */
	{ "KSZ8081", MG_CABLE_SUPPORTED, 0, NULL },
	{ "KSZ8091", MG_CABLE_SUPPORTED, 0, NULL },
	{ "KSZ886", MG_CABLE_SUPPORTED, 0, NULL },
	{ "KSZ9031", MG_CABLE_SUPPORTED, 0, NULL },
	{ "KSZ9131", MG_CABLE_SUPPORTED, 0, NULL },
	{ "LAN8814", MG_CABLE_SUPPORTED, 0, NULL },
	{ "INDY", MG_CABLE_SUPPORTED, 0, NULL },
	{ "LAN8841", MG_CABLE_SUPPORTED, 0, NULL },
	{ "LAN87xx", MG_CABLE_SUPPORTED, 0, NULL },
	{ "LAN887", MG_CABLE_SUPPORTED, 0, NULL },
	/* Others. */
	{ "TJA11", MG_CABLE_SUPPORTED, 0, NULL },
	{ "ADIN1200", MG_CABLE_SUPPORTED, 0, NULL },
	{ "ADIN1300", MG_CABLE_SUPPORTED, 0, NULL },
	{ "DP83TD510", MG_CABLE_SUPPORTED, 0, NULL },
	{ "DP83TG720", MG_CABLE_SUPPORTED, 0, NULL },
	{ "BCM54140", MG_CABLE_SUPPORTED, 0, NULL },
	{ "AR803", MG_CABLE_SUPPORTED, 0, NULL },
	{ "QCA807", MG_CABLE_SUPPORTED, 0, NULL },
	{ "QCA808", MG_CABLE_SUPPORTED, 0, NULL },
};

const struct mg_cable_phy *mg_cable_phy_lookup(const char *driver)
{
	for (size_t i = 0; i < sizeof(phys) / sizeof(phys[0]); i++) {
		/* Case-insensitive: drivers spell families in mixed case. */
		size_t n = strlen(phys[i].pattern);

		for (const char *p = driver; *p; p++)
			if (!strncasecmp(p, phys[i].pattern, n))
				return &phys[i];
	}
	return NULL;
}
