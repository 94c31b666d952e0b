#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Benchmark: everything about every interface, from Python.

Run inside a network namespace that holds the interfaces to read (see
bench/python-snapshot.sh, which makes one), with PYTHONPATH pointing at
build/bindings/python. Times, median of RUNS runs, each with a fresh
context or fresh sockets:

  snapshot   ctx.snapshot(), then every NIC's settings() and link() from it
             (when the bindings have Context.snapshot)
  snapshot+dict  what a service hands on: ctx.snapshot(), then to_dict()
             of every interface's identity (show's keys), settings() and
             link(); the target is against pyroute2 gathering the same,
             both ways, in every run: the slowest of these runs against
             the fastest pyroute2 run
  loop       for nic in ctx.nics(): nic.settings()
  loop+link  the same, with nic.link() too (the snapshot's work)
  pyroute2   what pyroute2 offers for the same: one IPRoute link dump
             (identity, MTU range), then per interface the Ethtool class
             (link info, link modes, coalesce), the netlink ethtool
             link state, and what pyroute2 0.7 lacks written here on its
             classes: driver info (SIOCETHTOOL ioctl), rings, channels
             and pause (generic netlink ethtool messages)
  pyroute2 dumps  the same from one dump per ethtool message type, the
             fastest pyroute2 can be made (its Ethtool class asks per
             interface only); driver info still per interface

    bench/python-snapshot.py [--runs N]
"""

import argparse
import ctypes
import errno
import fcntl
import statistics
import sys
import time

import multigig

from pyroute2 import IPRoute
from pyroute2.ethtool import Ethtool
from pyroute2.ethtool.ioctl import IFNAMSIZ, SIOCETHTOOL, IoctlEthtool
from pyroute2.netlink import NLM_F_DUMP, NLM_F_REQUEST, genlmsg
from pyroute2.netlink.exceptions import NetlinkError
from pyroute2.netlink.generic import GenericNetlinkSocket
from pyroute2.netlink.generic.ethtool import (
    ETHTOOL_GENL_NAME, ETHTOOL_GENL_VERSION, ETHTOOL_MSG_LINKINFO_GET, ETHTOOL_MSG_LINKMODES_GET,
    ETHTOOL_MSG_LINKSTATE_GET, NlEthtool, ethtool_linkinfo_msg, ethtool_linkmode_msg,
    ethtool_linkstate_msg, ethtoolheader)

TARGET_PYROUTE2 = 10.0  # snapshot (and snapshot+dict) at least this many times faster than pyroute2
TARGET_LOOP = 3.0  # the plain loop at most this many times slower than the snapshot


# --- multigig ---------------------------------------------------------------

def _touch(nic, with_link):
    nic.settings()
    if with_link:
        try:
            nic.link()
        except OSError:
            pass  # no ethtool link information (loopback): an answer too


def mg_snapshot():
    ctx = multigig.Context()
    snap = ctx.snapshot()
    nics = getattr(snap, "nics", snap)
    nics = nics() if callable(nics) else nics
    count = 0
    for nic in nics:
        if nic.name:
            _touch(nic, True)
            count += 1
    ctx.close()
    return count


def mg_snapshot_dicts():
    """What a service hands on: ctx.snapshot(), then to_dict() of every
    interface's identity (show's keys), settings and link."""
    ctx = multigig.Context()
    count = 0
    out = []
    for nic in ctx.snapshot():
        if nic.name:
            try:
                link = nic.link().to_dict()
            except OSError:
                link = None  # no ethtool link information (loopback): an answer too
            out.append((nic.to_dict(detail=True), nic.settings().to_dict(), link))
            count += 1
    ctx.close()
    return count


def mg_loop(with_link):
    ctx = multigig.Context()
    count = 0
    for nic in ctx.nics():
        if nic.name:  # network PCI functions without an interface have no settings
            _touch(nic, with_link)
            count += 1
    ctx.close()
    return count


# --- pyroute2 ---------------------------------------------------------------

ETHTOOL_GDRVINFO = 0x3
ETHTOOL_MSG_RINGS_GET = 15
ETHTOOL_MSG_CHANNELS_GET = 17
ETHTOOL_MSG_COALESCE_GET = 19
ETHTOOL_MSG_PAUSE_GET = 21


class DrvInfo(ctypes.Structure):
    """struct ethtool_drvinfo (linux/ethtool.h)."""
    _fields_ = [("cmd", ctypes.c_uint32), ("driver", ctypes.c_char * 32), ("version", ctypes.c_char * 32),
                ("fw_version", ctypes.c_char * 32), ("bus_info", ctypes.c_char * 32),
                ("erom_version", ctypes.c_char * 32), ("reserved2", ctypes.c_char * 12),
                ("n_priv_flags", ctypes.c_uint32), ("n_stats", ctypes.c_uint32),
                ("testinfo_len", ctypes.c_uint32), ("eedump_len", ctypes.c_uint32),
                ("regdump_len", ctypes.c_uint32)]


class IfReqDrvInfo(ctypes.Structure):
    _fields_ = [("ifr_name", ctypes.c_char * IFNAMSIZ), ("data", ctypes.POINTER(DrvInfo)),
                ("pad", ctypes.c_char * 16)]


def _u32_map(prefix, names):
    return tuple([(prefix + "UNSPEC", "none"), (prefix + "HEADER", "ethtoolheader")] +
                 [(prefix + n, "uint32") for n in names])


class rings_msg(genlmsg):
    ethtoolheader = ethtoolheader
    nla_map = _u32_map("ETHTOOL_A_RINGS_", ["RX_MAX", "RX_MINI_MAX", "RX_JUMBO_MAX", "TX_MAX",
                                            "RX", "RX_MINI", "RX_JUMBO", "TX"])


class channels_msg(genlmsg):
    ethtoolheader = ethtoolheader
    nla_map = _u32_map("ETHTOOL_A_CHANNELS_", ["RX_MAX", "TX_MAX", "OTHER_MAX", "COMBINED_MAX",
                                               "RX_COUNT", "TX_COUNT", "OTHER_COUNT", "COMBINED_COUNT"])


class pause_msg(genlmsg):
    ethtoolheader = ethtoolheader
    nla_map = (("ETHTOOL_A_PAUSE_UNSPEC", "none"), ("ETHTOOL_A_PAUSE_HEADER", "ethtoolheader"),
               ("ETHTOOL_A_PAUSE_AUTONEG", "uint8"), ("ETHTOOL_A_PAUSE_RX", "uint8"),
               ("ETHTOOL_A_PAUSE_TX", "uint8"))


class coalesce_msg(genlmsg):
    ethtoolheader = ethtoolheader
    nla_map = _u32_map("ETHTOOL_A_COALESCE_", ["RX_USECS", "RX_MAX_FRAMES", "RX_USECS_IRQ",
                                               "RX_MAX_FRAMES_IRQ", "TX_USECS", "TX_MAX_FRAMES",
                                               "TX_USECS_IRQ", "TX_MAX_FRAMES_IRQ", "STATS_BLOCK_USECS"]) + \
        (("ETHTOOL_A_COALESCE_USE_ADAPTIVE_RX", "uint8"), ("ETHTOOL_A_COALESCE_USE_ADAPTIVE_TX", "uint8"))


class EthtoolMessage:
    """One generic netlink socket bound once to the ethtool family for one
    message type: get() asks about one interface by index, dump() about
    all of them (an empty header)."""

    def __init__(self, msg_class, cmd):
        self.msg_class, self.cmd = msg_class, cmd
        self.sock = GenericNetlinkSocket()
        self.sock.bind(ETHTOOL_GENL_NAME, msg_class)

    def _request(self, header, flags):
        msg = self.msg_class()
        msg["cmd"] = self.cmd
        msg["version"] = ETHTOOL_GENL_VERSION
        msg["attrs"].append((self.msg_class.nla_map[1][0], header))
        return self.sock.nlm_request(msg, msg_type=self.sock.prid, msg_flags=flags)

    def get(self, ifindex):
        try:
            return self._request({"attrs": [["ETHTOOL_A_HEADER_DEV_INDEX", ifindex]]}, NLM_F_REQUEST)[0]
        except NetlinkError as e:
            if e.code == errno.EOPNOTSUPP:
                return None
            raise

    def dump(self):
        """{ifindex: message} for every interface that answers."""
        replies = self._request({"attrs": []}, NLM_F_REQUEST | NLM_F_DUMP)
        return {m.get_attr(self.msg_class.nla_map[1][0]).get_attr("ETHTOOL_A_HEADER_DEV_INDEX"): m
                for m in replies}

    def close(self):
        self.sock.close()


def drvinfo(sock, name):
    info = DrvInfo(cmd=ETHTOOL_GDRVINFO)
    req = IfReqDrvInfo(ifr_name=name.encode(), data=ctypes.pointer(info))
    try:
        fcntl.ioctl(sock, SIOCETHTOOL, req)
    except OSError as e:
        if e.errno == errno.EOPNOTSUPP:
            return None
        raise
    return info.driver.decode(), info.version.decode(), info.fw_version.decode()


def _maybe(f, *args):
    try:
        return f(*args)
    except Exception:  # pyroute2 raises its own types for "not supported"
        return None


def pyroute2_gather():
    ipr = IPRoute()
    eth = Ethtool()
    state = NlEthtool()
    ioctl_sock = IoctlEthtool().sock
    gets = [EthtoolMessage(rings_msg, ETHTOOL_MSG_RINGS_GET),
            EthtoolMessage(channels_msg, ETHTOOL_MSG_CHANNELS_GET),
            EthtoolMessage(pause_msg, ETHTOOL_MSG_PAUSE_GET)]
    result = []
    for link in ipr.get_links():
        name = link.get_attr("IFLA_IFNAME")
        linkinfo = link.get_attr("IFLA_LINKINFO")
        nic = {
            "name": name, "ifindex": link["index"], "mac": link.get_attr("IFLA_ADDRESS"),
            "mtu": link.get_attr("IFLA_MTU"), "min_mtu": link.get_attr("IFLA_MIN_MTU"),
            "max_mtu": link.get_attr("IFLA_MAX_MTU"), "operstate": link.get_attr("IFLA_OPERSTATE"),
            "kind": linkinfo.get_attr("IFLA_INFO_KIND") if linkinfo else None,
            "driver": drvinfo(ioctl_sock, name),
            "link_info": _maybe(eth.get_link_info, name),
            "link_modes": _maybe(eth.get_link_mode, name),
            "link_state": _maybe(state.get_linkstate, name),
            "coalesce": _maybe(eth.get_coalesce, name),
        }
        nic["rings"], nic["channels"], nic["pause"] = (g.get(link["index"]) for g in gets)
        result.append(nic)
    for g in gets:
        g.close()
    state.close()
    eth.close()
    ipr.close()
    return len(result)


def pyroute2_dumps():
    """The fastest pyroute2 can be made: one dump per message type (its
    Ethtool class only asks per interface), driver info still per
    interface (there is no netlink message for it)."""
    ipr = IPRoute()
    ioctl_sock = IoctlEthtool().sock
    kinds = {"link_info": (ethtool_linkinfo_msg, ETHTOOL_MSG_LINKINFO_GET),
             "link_modes": (ethtool_linkmode_msg, ETHTOOL_MSG_LINKMODES_GET),
             "link_state": (ethtool_linkstate_msg, ETHTOOL_MSG_LINKSTATE_GET),
             "coalesce": (coalesce_msg, ETHTOOL_MSG_COALESCE_GET),
             "rings": (rings_msg, ETHTOOL_MSG_RINGS_GET),
             "channels": (channels_msg, ETHTOOL_MSG_CHANNELS_GET),
             "pause": (pause_msg, ETHTOOL_MSG_PAUSE_GET)}
    dumps = {}
    for key, (msg_class, cmd) in kinds.items():
        family = EthtoolMessage(msg_class, cmd)
        dumps[key] = family.dump()
        family.close()
    result = []
    for link in ipr.get_links():
        name, ifindex = link.get_attr("IFLA_IFNAME"), link["index"]
        nic = {"name": name, "ifindex": ifindex, "mac": link.get_attr("IFLA_ADDRESS"),
               "mtu": link.get_attr("IFLA_MTU"), "operstate": link.get_attr("IFLA_OPERSTATE"),
               "driver": drvinfo(ioctl_sock, name)}
        for key in kinds:
            nic[key] = dumps[key].get(ifindex)
        result.append(nic)
    ipr.close()
    return len(result)


# --- the table --------------------------------------------------------------

def timed(runs, f, *args):
    """Median time, count, and every run's time."""
    times, count = [], 0
    for _ in range(runs):
        start = time.perf_counter()
        count = f(*args)
        times.append(time.perf_counter() - start)
    return statistics.median(times), count, times


def main():
    parser = argparse.ArgumentParser(description="multigig from Python against pyroute2")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    rows = []
    have_snapshot = hasattr(multigig.Context, "snapshot")
    if have_snapshot:
        rows.append(("snapshot",) + timed(args.runs, mg_snapshot))
        rows.append(("snapshot+dict",) + timed(args.runs, mg_snapshot_dicts))
    rows.append(("loop",) + timed(args.runs, mg_loop, False))
    rows.append(("loop+link",) + timed(args.runs, mg_loop, True))
    rows.append(("pyroute2",) + timed(args.runs, pyroute2_gather))
    rows.append(("pyroute2 dumps",) + timed(args.runs, pyroute2_dumps))

    print("every interface from Python, median of %d runs" % args.runs)
    print("  %-14s %10s %11s" % ("", "time", "interfaces"))
    for name, t, count, _ in rows:
        print("  %-14s %7.1f ms %11d" % (name, t * 1000, count))
    t = {name: s for name, s, _, _ in rows}
    every = {name: times for name, _, _, times in rows}
    if not have_snapshot:
        print("snapshot: not available")
        print("pyroute2 / loop+link: %.2fx, pyroute2 dumps / loop+link: %.2fx"
              % (t["pyroute2"] / t["loop+link"], t["pyroute2 dumps"] / t["loop+link"]))
        return
    print("pyroute2 / snapshot: %.2fx (target >= %g), pyroute2 dumps / snapshot: %.2fx"
          % (t["pyroute2"] / t["snapshot"], TARGET_PYROUTE2, t["pyroute2 dumps"] / t["snapshot"]))
    print("pyroute2 / snapshot+dict: %.2fx, pyroute2 dumps / snapshot+dict: %.2fx (target >= %g)"
          % (t["pyroute2"] / t["snapshot+dict"], t["pyroute2 dumps"] / t["snapshot+dict"], TARGET_PYROUTE2))
    worst = min(every["pyroute2 dumps"]) / max(every["snapshot+dict"])
    print("every run: the fastest pyroute2 dumps run / the slowest snapshot+dict run: %.2fx (target >= %g, %s)"
          % (worst, TARGET_PYROUTE2, "met" if worst >= TARGET_PYROUTE2 else "NOT met"))
    print("loop / snapshot: %.2fx, loop+link / snapshot: %.2fx (target <= %g)"
          % (t["loop"] / t["snapshot"], t["loop+link"] / t["snapshot"], TARGET_LOOP))


if __name__ == "__main__":
    sys.exit(main())
