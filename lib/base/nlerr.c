/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* libnl reports NLE_* codes, not errno: convert before they reach our API. */
#include <errno.h>

#include <netlink/errno.h>

#include "base/base.h"

int mg_nlerr_to_errno(int nlerr)
{
	static const struct {
		int nle, err;
	} map[] = {
		{ NLE_SUCCESS, 0 },		{ NLE_INTR, EINTR },
		{ NLE_BAD_SOCK, EBADF },	{ NLE_AGAIN, EAGAIN },
		{ NLE_NOMEM, ENOMEM },		{ NLE_EXIST, EEXIST },
		{ NLE_INVAL, EINVAL },		{ NLE_RANGE, ERANGE },
		{ NLE_MSGSIZE, EMSGSIZE },	{ NLE_OPNOTSUPP, EOPNOTSUPP },
		{ NLE_AF_NOSUPPORT, EAFNOSUPPORT }, { NLE_OBJ_NOTFOUND, ENOENT },
		{ NLE_NOATTR, ENOENT },		{ NLE_MISSING_ATTR, EINVAL },
		{ NLE_AF_MISMATCH, EAFNOSUPPORT }, { NLE_SEQ_MISMATCH, EPROTO },
		{ NLE_MSG_OVERFLOW, EOVERFLOW }, { NLE_MSG_TRUNC, EMSGSIZE },
		{ NLE_NOADDR, EADDRNOTAVAIL },	{ NLE_SRCRT_NOSUPPORT, EOPNOTSUPP },
		{ NLE_MSG_TOOSHORT, EPROTO },	{ NLE_MSGTYPE_NOSUPPORT, EOPNOTSUPP },
		{ NLE_OBJ_MISMATCH, EINVAL },	{ NLE_NOCACHE, ENOENT },
		{ NLE_BUSY, EBUSY },		{ NLE_PROTO_MISMATCH, EPROTONOSUPPORT },
		{ NLE_NOACCESS, EACCES },	{ NLE_PERM, EPERM },
		{ NLE_PKTLOC_FILE, ENOENT },	{ NLE_PARSE_ERR, EPROTO },
		{ NLE_NODEV, ENODEV },		{ NLE_IMMUTABLE, EPERM },
		{ NLE_DUMP_INTR, EINTR },	{ NLE_ATTRSIZE, ERANGE },
	};

	if (nlerr < 0)
		nlerr = -nlerr;
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (map[i].nle == nlerr)
			return -map[i].err;
	return -EIO;
}
