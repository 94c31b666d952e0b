/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer target: every netlink reply and notification parser. The first
 * byte picks the parser; the rest is the message after its netlink header,
 * whose length is set to the input's, as the kernel's framing guarantees.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/netlink.h>

#include "apply/apply.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mg_cable_result result;
	struct mg_settings settings;
	struct mg_ethlink link;
	struct mg_features features;
	/* Names for every other bit: compact features with named and unnamed bits. */
	char names[128][ETH_GSTRING_LEN] = { { 0 } };
	struct mg_strset set = { names, 128, 0 }, parsed = { NULL, 0, 0 };
	struct mg_eee eee;
	struct nlmsghdr *nlh;
	char name[IFNAMSIZ], driver[128];
	int ifindex, status;
	uint8_t which;

	if (size < 1 || size > 65536)
		return 0;
	which = data[0] % 12;
	nlh = calloc(1, NLMSG_HDRLEN + size);
	if (!nlh)
		return 0;
	nlh->nlmsg_len = (uint32_t)(NLMSG_HDRLEN + size - 1);
	nlh->nlmsg_type = 0x20;
	memcpy((char *)nlh + NLMSG_HDRLEN, data + 1, size - 1);

	mg_settings_init(&settings);
	mg_ethlink_init(&link);
	mg_cable_result_init(&result);
	mg_eee_init(&eee);
	mg_features_init(&features);
	for (size_t i = 0; i < 128; i += 2)
		snprintf(names[i], sizeof(names[i]), "feature-%zu", i);
	switch (which) {
	case 0: case 1: case 2: case 3:
		mg_ethtool_parse_reply(nlh, (enum mg_param_group)(MG_GROUP_RINGS + which), &settings, &ifindex,
				       name, sizeof(name));
		break;
	case 4: case 5: case 6:
		mg_ethlink_parse_reply(nlh, which - 4, &link);
		break;
	case 7:
		mg_cable_parse_ntf(nlh, &ifindex, &status, &result);
		mg_cable_parse_tdr_ntf(nlh, &ifindex, &status, &result);
		break;
	case 8:
		mg_cable_parse_phy_reply(nlh, driver, sizeof(driver));
		break;
	case 9:
		mg_eee_parse_reply(nlh, &eee);
		break;
	case 10:
		mg_features_parse_reply(nlh, &set, &features);
		break;
	default:
		mg_strset_parse_reply(nlh, 1, &parsed);
		mg_strset_clear(&parsed);
		break;
	}
	mg_ethlink_clear(&link);
	mg_eee_clear(&eee);
	mg_features_clear(&features);
	free(nlh);
	return 0;
}
