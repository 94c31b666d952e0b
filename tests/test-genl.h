/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* For the parser tests: ethtool replies built as the kernel lays them out. */
#ifndef MG_TEST_GENL_H
#define MG_TEST_GENL_H

#include <stdint.h>

#include <linux/ethtool_netlink.h>
#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "mg-test.h"

/* A reply of command @cmd whose header attribute @header names the device; add the rest, then free. */
static inline struct nl_msg *reply(int cmd, int header, int ifindex, const char *name)
{
	struct nl_msg *msg = nlmsg_alloc();
	struct nlattr *nest;

	CU_ASSERT_PTR_NOT_NULL_FATAL(msg);
	CU_ASSERT_PTR_NOT_NULL_FATAL(genlmsg_put(msg, 0, 0, 0x20, 0, 0, (uint8_t)cmd, 1));
	nest = nla_nest_start(msg, header);
	nla_put_u32(msg, ETHTOOL_A_HEADER_DEV_INDEX, (uint32_t)ifindex);
	nla_put_string(msg, ETHTOOL_A_HEADER_DEV_NAME, name);
	nla_nest_end(msg, nest);
	return msg;
}

#endif
