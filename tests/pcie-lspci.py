#!/usr/bin/python3
"""Differential test of the PCIe decoder against lspci.

For every dump in the fixture directory, `lspci -D -F DUMP -vv` decodes each
function and `multigig --pci-dump DUMP --json pcie ADDR` decodes it again;
every field both print is compared, device by device: role, payload and
read request sizes, link capability and status, target speed, ASPM
supported and enabled, L1 PM substates supported and enabled, and the
link bandwidth status bits. Each path must also climb the bridges lspci
shows (PCI and CardBus), and no function of a real dump may fail.

    pcie-lspci.py MULTIGIG DUMP|DIRECTORY...

A directory stands for its *.lspci files. The library reads an empty sysfs
tree beside each dump, so nothing of this machine mixes in.
"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

ROLES = {
    "Endpoint": "endpoint", "Legacy Endpoint": "legacy_endpoint",
    "Root Port": "root_port", "Upstream Port": "upstream_port",
    "Downstream Port": "downstream_port",
    "PCI-Express to PCI/PCI-X Bridge": "pcie_to_pci_bridge",
    "PCI/PCI-X to PCI-Express Bridge": "pci_to_pcie_bridge",
    "Root Complex Integrated Endpoint": "rc_endpoint",
    "Root Complex Event Collector": "rc_event_collector",
}
ADDRESS = re.compile(r"^([0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]) ")
L1SS_NAMES = ["PCI-PM_L1.2", "PCI-PM_L1.1", "ASPM_L1.2", "ASPM_L1.1"]


def speed(text):
    """'8GT/s' -> 8.0; 'unknown' -> None."""
    m = re.match(r"([0-9.]+)GT/s", text)
    return float(m.group(1)) if m else None


def flags_on(line, names):
    """The names lspci marks with '+' on a line of flags."""
    return sorted(n for n in names if re.search(re.escape(n) + r"\+", line))


def parse_lspci(text):
    """lspci -D -vv text -> {address: {field: value}} for each function."""
    devices, dev, section = {}, None, ""
    for line in text.splitlines():
        m = ADDRESS.match(line)
        if m:
            dev = devices.setdefault(m.group(1), {"header": line})
            section = ""
            continue
        if dev is None:
            continue
        s = line.strip()
        # Continuation lines belong to the register named last ("DevCtl:").
        label = re.match(r"^([A-Za-z0-9]+):", s)
        if label:
            section = label.group(1)
        m = re.match(r"Capabilities: \[[0-9a-f]+\] Express \(v(\d)\) ([^,(]+?)(?: \(Slot[+-]\))?, ", s)
        if m:
            dev["express_version"] = int(m.group(1))
            dev["role"] = ROLES.get(m.group(2), "unknown")
        m = re.match(r"Bus: primary=[0-9a-f]+, secondary=([0-9a-f]+), subordinate", s)
        if m:
            dev["secondary"] = int(m.group(1), 16)
        if s.startswith("DevCap:"):
            dev["devcap_mps"] = int(re.search(r"MaxPayload (\d+) bytes", s).group(1))
        elif section == "DevCtl" and s.startswith("MaxPayload"):
            m = re.match(r"MaxPayload (\d+) bytes, MaxReadReq (\d+) bytes", s)
            dev["mps"], dev["mrrs"] = int(m.group(1)), int(m.group(2))
        elif s.startswith("LnkCap:"):
            m = re.search(r"Speed (\S+), Width x(\d+), ASPM ([^,]+)", s)
            dev["lnkcap_speed"], dev["cap_width"] = speed(m.group(1)), int(m.group(2))
            aspm = m.group(3)
            dev["aspm_supported"] = None if aspm == "unknown" else sorted(
                w for w in aspm.split() if w in ("L0s", "L1"))
        elif s.startswith("LnkCtl:"):
            aspm = re.match(r"LnkCtl:\s+ASPM ([^;]+);", s).group(1)
            dev["aspm_enabled"] = sorted(w for w in aspm.split() if w in ("L0s", "L1"))
        elif s.startswith("LnkSta:"):
            m = re.search(r"Speed (\S+?)(?: \(\w+\))?, Width x(\d+)", s)
            dev["speed"], dev["width"] = speed(m.group(1)), int(m.group(2))
        elif section == "LnkSta" and "BWMgmt" in s:
            dev["bandwidth_managed"] = "BWMgmt+" in s.split()
            dev["autonomous_bandwidth"] = "ABWMgmt+" in s.split()
        elif s.startswith("LnkCap2:"):
            m = re.search(r"Supported Link Speeds: ([0-9.]+-)?([0-9.]+GT/s|Unknown)", s)
            dev["lnkcap2_top"] = speed(m.group(2))
        elif s.startswith("LnkCtl2:"):
            dev["target_speed"] = speed(re.search(r"Target Link Speed: (\S+),", s).group(1))
        elif s.startswith("L1SubCap:"):
            dev["l1ss_supported"] = flags_on(s, L1SS_NAMES)
        elif s.startswith("L1SubCtl1:"):
            dev["l1ss_enabled"] = flags_on(s, L1SS_NAMES)
    return devices


def config_length(dump, address):
    """How many config bytes the dump holds for a function."""
    short = address[5:] if address.startswith("0000:") else address
    n, inside = 0, False
    with open(dump, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = re.match(r"^(([0-9a-f]{4}:)?[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]) ", line)
            if m:
                inside = m.group(1) in (address, short)
                continue
            if inside and re.match(r"^[0-9a-f]{2,3}: ", line):
                n += 16
    return n


def expected(dev, length):
    """What the library should say, field by field, from lspci's view."""
    want = {"role": dev["role"]}
    for key in ("devcap_mps", "mps", "mrrs"):
        if key in dev:
            want[key] = dev[key]
    if "cap_width" not in dev:
        # No link registers: a function integrated in the root complex.
        for key in ("cap_speed_gts", "cap_width", "speed_gts", "width", "target_speed_gts",
                    "aspm_supported", "aspm_enabled", "l1ss_supported", "l1ss_enabled"):
            want[key] = None
        return want
    want["cap_width"] = dev["cap_width"] or None
    want["width"] = dev["width"] or None
    want["speed_gts"] = dev["speed"]
    # The library's capability is LnkCap2's top speed when LnkCap2 lists
    # any, else LnkCap's; lspci hides LnkCap2 of endpoints at functions
    # other than 0, and prints it only when it is not 0.
    if "lnkcap2_top" in dev:
        want["cap_speed_gts"] = dev["lnkcap2_top"]
    elif dev["express_version"] < 2 or "target_speed" in dev:
        want["cap_speed_gts"] = dev["lnkcap_speed"]
    if dev["express_version"] >= 2 and "target_speed" in dev:
        want["target_speed_gts"] = dev["target_speed"]
    elif dev["express_version"] < 2:
        want["target_speed_gts"] = None
    want["aspm_supported"] = dev["aspm_supported"]
    want["aspm_enabled"] = dev["aspm_enabled"]
    if "l1ss_supported" in dev:
        want["l1ss_supported"] = dev["l1ss_supported"]
        want["l1ss_enabled"] = dev.get("l1ss_enabled")
    else:
        # Without the capability: none, when the extended space was there to read.
        none = [] if length > 256 else None
        want["l1ss_supported"] = want["l1ss_enabled"] = none
    for key in ("bandwidth_managed", "autonomous_bandwidth"):
        if key in dev:
            want[("training", key)] = dev[key]
    return want


def ours(node, key):
    if isinstance(key, tuple):
        return (node.get(key[0]) or {}).get(key[1])
    value = node.get(key)
    return sorted(value) if isinstance(value, list) else value


def parent_of(devices, address):
    """The bridge whose secondary bus is the function's bus, as lspci -t finds it."""
    domain, bus = address[:4], int(address[5:7], 16)
    for addr, dev in devices.items():
        if addr[:4] == domain and dev.get("secondary") == bus and int(addr[5:7], 16) != bus:
            return addr
    return None


def check_dump(cli, root, dump):
    text = subprocess.run(["lspci", "-D", "-F", dump, "-vv"], capture_output=True, text=True,
                          check=True).stdout
    devices = parse_lspci(text)
    failures, compared = [], 0
    for address, dev in sorted(devices.items()):
        run = subprocess.run([cli, "--sysfs-root", root, "--pci-dump", dump, "--json", "pcie", address],
                             capture_output=True, text=True)
        if run.returncode != 0:
            failures.append(f"{address}: multigig failed: {run.stderr.strip()}")
            continue
        path = json.loads(run.stdout)["path"]
        chain = [n["address"] for n in path]
        want_chain, a = [address], parent_of(devices, address)
        while a and a not in want_chain:
            want_chain.append(a)
            a = parent_of(devices, a)
        if chain != want_chain:
            failures.append(f"{address}: path {chain}, lspci's bridges give {want_chain}")
        if "role" not in dev:
            continue
        node = path[0]
        for key, value in expected(dev, config_length(dump, address)).items():
            compared += 1
            if ours(node, key) != value:
                failures.append(f"{address}: {key}: multigig says {ours(node, key)!r}, lspci {value!r}")
    return failures, compared


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    cli, dumps = argv[1], []
    for arg in argv[2:]:
        dumps += sorted(glob.glob(os.path.join(arg, "*.lspci"))) if os.path.isdir(arg) else [arg]
    total, bad = 0, 0
    with tempfile.TemporaryDirectory() as root:
        results = [(dump, check_dump(cli, root, dump)) for dump in dumps]
    for dump, (failures, compared) in results:
        total += compared
        print(f"{os.path.basename(dump)}: {compared} fields compared, {len(failures)} differ")
        for f in failures:
            print(f"  {f}")
        bad += len(failures)
    print(f"{len(dumps)} dumps, {total} fields, {bad} differences")
    return 1 if bad or not total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
