#!/usr/bin/python3
"""What each network adapter can carry, what limits it, and its MTU.

    nics.py [DIR]      DIR: a tree made by 'multigig capture'; default: this machine
"""
import sys

import multigig

with multigig.Context(sys.argv[1] if len(sys.argv) > 1 else None) as ctx:
    for nic in ctx.snapshot():              # identity, settings and link: one dump each
        if nic.name is None:                # on the bus, but no interface: no driver bound
            print("%s: %s, no interface (driver: %s)" % (
                nic.address, nic.device or "unknown device", nic.driver or "none bound"))
            continue
        t = nic.throughput()
        if t.expected_rx_gbps is None or t.expected_tx_gbps is None:
            print("%s: %s, expected throughput unknown" % (nic.name, nic.driver or "no driver"))
            continue
        print("%s: %s, receive %.3f Gbit/s (limited by %s), transmit %.3f Gbit/s (%s), MTU %s" % (
            nic.name, nic.driver, t.expected_rx_gbps, t.limited_by_rx, t.expected_tx_gbps, t.limited_by_tx,
            nic.settings().mtu))
