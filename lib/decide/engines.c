/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The engines that put settings back when a device comes, in the order
 * they apply them: udev's .link file when the device is added, then
 * ifupdown's iface stanza (ifup, at boot or at the add of an
 * allow-hotplug interface) or systemd-networkd's .network file (when it
 * configures the link, after udev), then NetworkManager's connection at
 * every activation. Where two carry one setting, the later one's value is
 * the one that lasts. Everything that orders, words or ranks them goes by
 * this table.
 */
#include <string.h>

#include "decide/decide.h"

static const struct mg_persist_engine engines[] = {
	{ "udev", "add", "add of the device", false },
	{ "ifupdown", "ifup", "ifup of the interface", true },
	{ "systemd-networkd", "add", "configuration of the link by systemd-networkd", true },
	{ "NetworkManager", "activation", "activation of the connection", false },
};

const struct mg_persist_engine *mg_persist_engine_at(size_t i)
{
	return i < sizeof(engines) / sizeof(engines[0]) ? &engines[i] : NULL;
}

int mg_persist_engine_rank(const char *name)
{
	for (size_t i = 0; i < sizeof(engines) / sizeof(engines[0]); i++)
		if (!strcmp(engines[i].name, name))
			return (int)i;
	return -1;
}
