/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Whether a service on the system bus serves this network namespace. A bus
 * is shared with containers and with `--netns` callers, and a service
 * there answers for the devices of its own namespace: NetworkManager or
 * systemd-networkd of the host would describe a device of the same name
 * in the host, not ours.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <systemd/sd-bus.h>

#include "gather/gather.h"

int mg_bus_owner_here(struct sd_bus *bus, const char *name, const char *comm, pid_t *pid)
{
	sd_bus_creds *creds = NULL;
	struct stat ours, theirs;
	char path[64], seen[32] = "";
	int err = sd_bus_get_name_creds(bus, name, SD_BUS_CREDS_PID, &creds);
	FILE *f;

	if (err >= 0)
		err = sd_bus_creds_get_pid(creds, pid);
	sd_bus_creds_unref(creds);
	if (err < 0)
		return err;
	snprintf(path, sizeof(path), "/proc/%d/comm", (int)*pid);
	if ((f = fopen(path, "re"))) {
		if (!fgets(seen, sizeof(seen), f))
			seen[0] = '\0';
		fclose(f);
	}
	seen[strcspn(seen, "\n")] = '\0';
	if (strcmp(seen, comm))
		return 0;
	snprintf(path, sizeof(path), "/proc/%d/ns/net", (int)*pid);
	if (stat("/proc/thread-self/ns/net", &ours) < 0 || stat(path, &theirs) < 0)
		return errno == EACCES || errno == EPERM ? 1 : -errno;
	return ours.st_ino == theirs.st_ino && ours.st_dev == theirs.st_dev;
}
