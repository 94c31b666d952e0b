#!/usr/bin/python3
"""Write seed inputs for the fuzz targets into DIR/<target>/, from the
fixture trees (config spaces, sysfs attributes) and from netlink messages
built with the uapi layout.

    make-seeds.py FIXTURE_TREES DIR
"""
import os
import struct
import sys


def nla(kind, payload):
    data = struct.pack("=HH", 4 + len(payload), kind) + payload
    return data + b"\0" * (-len(data) % 4)


def u8(kind, v):
    return nla(kind, struct.pack("=B", v))


def u32(kind, v):
    return nla(kind, struct.pack("=I", v))


def nest(kind, *parts):
    return nla(kind | 0x8000, b"".join(parts))


def string(kind, s):
    return nla(kind, s.encode() + b"\0")


def genl(selector, cmd, *attrs):
    # First byte: the parser the netlink target runs; then genlmsghdr and attributes.
    return bytes([selector]) + struct.pack("=BBH", cmd, 1, 0) + b"".join(attrs)


def header(kind=1):
    return nest(kind, u32(1, 3), string(2, "eth0"))


def netlink_seeds():
    # Reply numbers of the 6.1 uapi: rings 16, channels 18, coalesce 20, pause 22,
    # linkinfo 2, linkmodes 4, linkstate 6, cable test notifications 27/28, PHY 45,
    # EEE 24, features 11, string sets 1.
    yield "rings", genl(0, 16, header(), u32(2, 4096), u32(5, 8184), u32(6, 1024), u32(9, 2048), u8(13, 1))
    yield "channels", genl(1, 18, header(), u32(4, 8), u32(8, 4))
    yield "coalesce", genl(2, 20, header(), *[u32(k, 10 * k) for k in range(2, 10)], u8(10, 1), u8(11, 0))
    yield "pause", genl(3, 22, header(), u8(2, 1), u8(3, 1), u8(4, 0))
    yield "linkinfo", genl(4, 2, header(), u8(2, 0))
    bit = lambda i, n, v: nest(1, u32(1, i), string(2, n), *([nla(3, b"")] if v else []))
    yield "linkmodes", genl(5, 4, header(), u8(2, 1), u32(5, 2500), u8(6, 1),
                            nest(3, u32(2, 100), nest(3, bit(5, "1000baseT/Full", 0), bit(47, "2500baseT/Full", 1))))
    yield "linkstate", genl(6, 6, header(), u8(2, 0), u32(3, 5), u32(4, 7), u8(5, 4))
    yield "cable", genl(7, 27, header(), u8(2, 2),
                        nest(3, nest(1, u8(1, 0), u8(2, 2)), nest(2, u8(1, 0), u32(2, 150))))
    yield "tdr", genl(7, 28, header(), u8(2, 2),
                      nest(3, nest(1, u32(1, 0), u32(2, 160), u32(3, 80)), nest(2, u8(1, 0), nla(2, struct.pack("=h", -300)))))
    yield "phy", genl(8, 45, header(), u32(2, 1), string(3, "Marvell 88E1510"))
    nomask = lambda kind, *bits: nest(kind, nla(1, b""), u32(2, 100), nest(3, *bits))
    yield "eee", genl(9, 24, header(),
                      nest(2, u32(2, 100), nest(3, bit(5, "1000baseT/Full", 1), bit(47, "2500baseT/Full", 1),
                                                bit(48, "5000baseT/Full", 0))),
                      nomask(3, bit(5, "1000baseT/Full", 1)), u8(4, 1), u8(5, 1), u8(6, 1), u32(7, 250))
    yield "features", genl(10, 11, header(),
                           nomask(2, bit(0, "tx-scatter-gather", 1), bit(14, "rx-gro", 1)),
                           nomask(3, bit(14, "rx-gro", 1)),
                           nomask(4, bit(0, "tx-scatter-gather", 1), bit(14, "rx-gro", 1), bit(5, "highdma", 1)),
                           nomask(5, bit(10, "vlan-challenged", 1)))
    # The same, compact (named from a string set), and the string set reply (1) itself.
    compact = lambda kind, *bits: nest(kind, nla(1, b""), u32(2, 64),
                                       nla(4, struct.pack("=II", sum(1 << b for b in bits if b < 32),
                                                          sum(1 << (b - 32) for b in bits if b >= 32))))
    yield "features-compact", genl(10, 11, header(), compact(2, 0, 14, 40), compact(3, 14), compact(4, 0, 5, 14),
                                   compact(5, 10))
    names = [nest(1, u32(1, i), string(2, n)) for i, n in enumerate(["tx-scatter-gather", "tx-checksum-ipv4"])]
    yield "strset", genl(11, 1, header(), nest(2, nest(1, u32(1, 1), u32(2, 2), nest(3, *names))))


def u64(kind, v):
    return nla(kind, struct.pack("=Q", v))


def evidence_seeds():
    # STATS_GET reply 33 (6.1 uapi): groups as nests of their number and one nest per counter.
    stat = lambda i, v: nest(4, u64(i, v))
    bucket = lambda d, lo, hi, v: nest(d, u32(7, lo), u32(8, hi), u64(9, v))
    yield "stats", genl(0, 33, header(2), nest(4, u32(2, 1), u32(3, 20), stat(0, 5), stat(3, 1000)),
                        nest(4, u32(2, 3), u32(3, 22), bucket(5, 0, 64, 11), bucket(6, 65, 127, 3), stat(3, 2)))
    yield "linkstate", genl(1, 6, header(), u8(2, 1), u32(7, 12))
    ifinfo = struct.pack("=BxHiII", 0, 1, 5, 0, 0)
    yield "newlink", bytes([2]) + ifinfo + nla(23, struct.pack("=25Q", *range(25))) + u32(35, 6) + \
        u32(47, 3) + u32(48, 3)
    yield "interrupts", b"\x03" + b"  CPU0 CPU1\n 38:  1  632  PCI-MSIX-0000:00:03.0 1-edge  virtio2-input.0\n" \
        b"NMI: 0 0 Non-maskable\n"
    yield "cpulist", b"\x04" + b"0-3,8,10-11"
    yield "dstats", b"\x05" + b"12 rx_missed\n5 Queue[0] InPackets\n"
    yield "kmsg", b"\x06" + b"6,1,100,-;r8169 0001:01:00.0 eth1: Link is Up - 5Gbps/Full - flow control off\n" \
        b" SUBSYSTEM=net\n DEVICE=n3\n!EPIPE\n3,9,200,-;brcm-pcie 1000110000.pcie: link down\n" \
        b"6,10,300,-;pci 0001:01:00.0: 4.000 Gb/s available PCIe bandwidth, limited by 5.0 GT/s PCIe x1 link at " \
        b"0001:00:00.0 (capable of 7.876 Gb/s with 8.0 GT/s PCIe x1 link)\n!error 1\n"


def wifi_seeds(trees):
    """Each capture's nl80211 replies in the wifi target's framing: two lengths, then the
    GET_WIPHY (1) and GET_INTERFACE (5) replies, then the GET_STATION (17) and GET_SCAN (32)
    ones (the target reads that tail as both)."""
    for tree in sorted(os.listdir(trees)):
        d = os.path.join(trees, tree, "multigig", "nl80211")
        if not os.path.isdir(d):
            continue
        parts = []
        for cmd in ("1", "5", "17", "32"):
            p = os.path.join(d, cmd)
            parts.append(open(p, "rb").read()[:60000] if os.path.exists(p) else b"")
        yield tree, struct.pack("<HH", len(parts[0]), len(parts[1])) + b"".join(parts)


def main(trees, out):
    for target in ("evidence", "netlink", "pcie-config", "sysfs", "wifi"):
        os.makedirs(os.path.join(out, target), exist_ok=True)
    for name, data in netlink_seeds():
        with open(os.path.join(out, "netlink", name), "wb") as f:
            f.write(data)
    for name, data in evidence_seeds():
        with open(os.path.join(out, "evidence", name), "wb") as f:
            f.write(data)
    for name, data in wifi_seeds(trees):
        with open(os.path.join(out, "wifi", name), "wb") as f:
            f.write(data)
    n = 0
    for dirpath, _, filenames in os.walk(trees):
        if "config" in filenames:
            with open(os.path.join(dirpath, "config"), "rb") as src, \
                 open(os.path.join(out, "pcie-config", "config%d" % n), "wb") as dst:
                dst.write(src.read())
            n += 1
    sysfs = ["0x10ec", "0x8126", "0x020000", "0x01", "0x10ec", "5.0 GT/s PCIe", "1", "8.0 GT/s PCIe",
             "5000", "1500", "2", "up", "ifindex=2\nkind=physical\nmtu=1500\nmin_mtu=68\nmax_mtu=9194",
             "0bda", "5000", "USB 10/100/1G/2.5G LAN", "ifindex=3\nmtu=1500",
             "raspberrypi,5-model-b\0brcm,bcm2712\0", "Raspberry Pi 5 Model B Rev 1.0",
             "RxErr 0\nBadTLP 37\nBadDLLP 12\nTOTAL_ERR_COR 49\n", "1\n",
             "[default] performance powersave powersupersave\n"]
    with open(os.path.join(out, "sysfs", "pi5"), "w") as f:
        f.write("|".join(sysfs))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
