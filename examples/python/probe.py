#!/usr/bin/python3
"""Print a table of this machine's network adapters, with their PCIe limit.

    probe.py [--sysfs-root DIR]
"""
import argparse

import multigig


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sysfs-root", help="a tree made by 'multigig capture'")
    args = parser.parse_args()

    with multigig.Context(args.sysfs_root) as ctx:
        print("%-16s %-7s %-13s %-10s %-10s %s" % ("INTERFACE", "BUS", "ADDRESS", "DRIVER", "STATE", "PCIE LIMIT"))
        for nic in ctx.nics():
            limit = "-"
            if nic.bus == "pci":
                try:
                    lim = nic.pcie().limit
                    if lim:
                        limit = "%s GT/s x%s, %.3f Gb/s" % (lim["speed_gts"], lim["width"], lim["available_gbps"])
                except OSError as err:
                    # An OSError made from a message alone has no strerror.
                    limit = err.strerror or str(err)
            print("%-16s %-7s %-13s %-10s %-10s %s" % (
                nic.name or "-", nic.bus, nic.address or "-", nic.driver or "(none)",
                nic.operstate or ("no-driver" if not nic.has_driver else "-"), limit))


if __name__ == "__main__":
    main()
