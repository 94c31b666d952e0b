# SPDX-License-Identifier: LGPL-2.1-or-later
"""What the guest tests of scripts/vm-test share: the devices it gave the
guest, the QEMU monitor (reached through the guest's second serial port),
and small functions that run the CLI and the tools it is compared with.

Outside a guest of scripts/vm-test (no MULTIGIG_VM_DEVICES) every test that
imports this module is skipped: they need QEMU's devices."""
import json
import os
import select
import struct
import subprocess
import time
import tty

import pytest

CLI = os.environ.get("MULTIGIG_CLI", "multigig")
TEST_CLI = os.environ.get("MULTIGIG_TEST_CLI")
SRC = os.environ.get("MULTIGIG_SRC", os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
DEVICES = json.loads(os.environ.get("MULTIGIG_VM_DEVICES", "{}"))
MONITOR = "/dev/ttyS1"

in_guest = pytest.mark.skipif(not DEVICES or os.geteuid() != 0,
                              reason="runs as root in a guest of scripts/vm-test (QEMU's devices)")


def sh(*args, check=True, **kw):
    return subprocess.run(args, check=check, capture_output=True, text=True, **kw)


def cli_json(*args, check=True):
    p = sh(CLI, "--json", *args, check=check)
    return json.loads(p.stdout) if p.stdout.strip() else None, p


def netdev_of(driver):
    """The interface a PCI or USB driver made, found through sysfs."""
    for name in sorted(os.listdir("/sys/class/net")):
        link = "/sys/class/net/%s/device/driver" % name
        if os.path.exists(link) and os.path.basename(os.readlink(link)) == driver:
            return name
    raise LookupError("no interface of driver %s" % driver)


def pci_address(iface):
    return os.path.basename(os.readlink("/sys/class/net/%s/device" % iface))


def wait_for(what, check, timeout=20.0):
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("%s: not after %.0f s" % (what, timeout))
        time.sleep(0.05)


def carrier(iface):
    try:
        with open("/sys/class/net/%s/carrier" % iface) as f:
            return f.read().strip() == "1"
    except OSError:  # EINVAL while the interface is down
        return False


def link_up(iface, timeout=20.0):
    sh("ip", "link", "set", iface, "up")
    wait_for("carrier on %s" % iface, lambda: carrier(iface), timeout)


def qmp(command, **arguments):
    """One QMP command to the QEMU running this guest; its "return" value.

    scripts/vm-test passes each line written to the guest's second serial
    port to QEMU's monitor and writes the reply back."""
    fd = os.open(MONITOR, os.O_RDWR | os.O_NOCTTY)
    try:
        tty.setraw(fd)
        os.write(fd, (json.dumps({"execute": command, "arguments": arguments}) + "\n").encode())
        reply, deadline = b"", time.monotonic() + 20
        while not reply.endswith(b"\n"):
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise TimeoutError("no answer from QEMU's monitor to %s" % command)
            reply += os.read(fd, 4096)
    finally:
        os.close(fd)
    answer = json.loads(reply)
    if "error" in answer:
        raise RuntimeError("QEMU: %s: %s" % (command, answer["error"].get("desc")))
    return answer["return"]


def root_port_of(address):
    """The root port above a PCI function (the function itself for a root port)."""
    parts = os.path.realpath("/sys/bus/pci/devices/" + address).split("/")
    return parts[parts.index("devices") + 2]  # /sys/devices/pci0000:00/ROOT_PORT/...


def rootport_total(port):
    with open("/sys/bus/pci/devices/%s/aer_rootport_total_err_cor" % port) as f:
        return int(f.read())


def aer_inject(address, cor_status=0x1):
    """One correctable error injected by the kernel's aer_inject module
    (CONFIG_PCIEAER_INJECT) as if the function at ADDRESS ("0000:01:00.0")
    had reported it (bit 0: Receiver Error), returning once the AER driver
    has handled it. (QEMU's pcie_aer_inject_error drops correctable errors
    before QEMU 8.0: its Debian 12 version cannot be used.)"""
    if not os.path.exists("/dev/aer_inject"):
        sh("modprobe", "aer_inject")
    port = root_port_of(address)
    before = rootport_total(port)
    domain, bus, rest = address.split(":")
    dev, fn = rest.split(".")
    # struct aer_error_inj: bus, dev, fn, then uncor, cor, four header words, domain.
    data = struct.pack("=BBBxIIIIIII", int(bus, 16), int(dev, 16), int(fn), 0, cor_status, 0, 0, 0, 0,
                       int(domain, 16))
    fd = os.open("/dev/aer_inject", os.O_WRONLY)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)
    wait_for("the AER driver handling the error at %s" % address, lambda: rootport_total(port) > before)
