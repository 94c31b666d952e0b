#!/usr/bin/python3
"""The API on one interface: read it, change it, put it back. It changes the
interface's MTU and offloads for a moment: run it, as root, on one you may change.

    tour.py IFACE
"""
import sys

import multigig

ifname = sys.argv[1]
with multigig.Context() as ctx:                 # Context("/tmp/mybox") replays a capture
    for nic in ctx.nics():
        print(nic.name, nic.bus, nic.driver, nic.to_dict())
    for nic in ctx.snapshot():                  # settings, links, EEE, features: one dump each
        if nic.name is not None:                # a device with no interface has none of them
            print(nic.name, nic.settings().to_dict(), nic.link(), nic.eee(), nic.features())
    eth = ctx.nic(ifname)
    print(eth.link().speed_mbps, eth.rings().rx_ring_max, eth.cable().support, eth.throughput())
    features, stats = eth.features(), eth.stats()  # None from a capture that holds none
    if features is not None and stats is not None:
        print(features["rx-gro"].active, stats.rx_missed_errors, eth.irqs().vectors)
    if eth.bus == "pci":                        # a virtual interface has no PCIe path
        print(eth.pcie().limit)
        svg = eth.pcie().to_svg()               # multigig pcie IFACE --svg
    ctx.apply(ifname, mtu=9000)                 # all or nothing; rx_ring="max" where it has rings
    if ctx.interrupted(ifname):                 # an apply was killed midway
        ctx.rollback(ifname)
    with ctx.tuned(ifname, mtu=4000, gro=False):
        print(ctx.nic(ifname).mtu)              # 4000; the previous values come back on exit
    print(ctx.nic(ifname).mtu)                  # 9000
print(multigig.estimate(pcie_gen=2, pcie_width=1, mps=256, mtu=1500, link_mbps=10000).to_dict())
with multigig.Context() as ctx:
    page = multigig.report(ctx, html="all.html")  # multigig report --all --html all.html
