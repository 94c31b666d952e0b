/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The link counters' names: the API's, the CLI's JSON keys and a capture's
 * sidecar keys are the same words, those of struct rtnl_link_stats64.
 */
#include "base/base.h"

static const char *const names[MG_STAT_COUNT] = {
	[MG_STAT_RX_PACKETS] = "rx_packets",
	[MG_STAT_TX_PACKETS] = "tx_packets",
	[MG_STAT_RX_BYTES] = "rx_bytes",
	[MG_STAT_TX_BYTES] = "tx_bytes",
	[MG_STAT_RX_ERRORS] = "rx_errors",
	[MG_STAT_TX_ERRORS] = "tx_errors",
	[MG_STAT_RX_DROPPED] = "rx_dropped",
	[MG_STAT_TX_DROPPED] = "tx_dropped",
	[MG_STAT_MULTICAST] = "multicast",
	[MG_STAT_COLLISIONS] = "collisions",
	[MG_STAT_RX_LENGTH_ERRORS] = "rx_length_errors",
	[MG_STAT_RX_OVER_ERRORS] = "rx_over_errors",
	[MG_STAT_RX_CRC_ERRORS] = "rx_crc_errors",
	[MG_STAT_RX_FRAME_ERRORS] = "rx_frame_errors",
	[MG_STAT_RX_FIFO_ERRORS] = "rx_fifo_errors",
	[MG_STAT_RX_MISSED_ERRORS] = "rx_missed_errors",
	[MG_STAT_TX_ABORTED_ERRORS] = "tx_aborted_errors",
	[MG_STAT_TX_CARRIER_ERRORS] = "tx_carrier_errors",
	[MG_STAT_TX_FIFO_ERRORS] = "tx_fifo_errors",
	[MG_STAT_TX_HEARTBEAT_ERRORS] = "tx_heartbeat_errors",
	[MG_STAT_TX_WINDOW_ERRORS] = "tx_window_errors",
	[MG_STAT_RX_COMPRESSED] = "rx_compressed",
	[MG_STAT_TX_COMPRESSED] = "tx_compressed",
	[MG_STAT_RX_NOHANDLER] = "rx_nohandler",
	[MG_STAT_RX_OTHERHOST_DROPPED] = "rx_otherhost_dropped",
	[MG_STAT_CARRIER_CHANGES] = "carrier_changes",
	[MG_STAT_CARRIER_UP_COUNT] = "carrier_up_count",
	[MG_STAT_CARRIER_DOWN_COUNT] = "carrier_down_count",
	[MG_STAT_LINK_DOWN_EVENTS] = "link_down_events",
};

_Static_assert(MG_STAT_LINK_DOWN_EVENTS + 1 == MG_STAT_COUNT, "a name per enum mg_stat");

const char *mg_stat_key(int stat)
{
	return stat >= 0 && stat < MG_STAT_COUNT ? names[stat] : NULL;
}
