# SPDX-License-Identifier: LGPL-2.1-or-later
"""Wi-Fi on Debian's kernels, in a guest of scripts/vm-test: two simulated
radios of mac80211_hwsim (a module in Debian's 6.1 and 6.12; EHT
capabilities since 5.18, MLO since 6.0).

This is where the Wi-Fi tests go: the `radios` fixture loads the module
with two radios and gives their interfaces and wiphys, and `iw` from the
guest is there to compare with. For now it checks what such tests stand
on: both radios exist, iw reads them, and the library lists them as the
interfaces they are without failing on them."""
import os
import re

import pytest

from vm_guest import cli_json, in_guest, sh, wait_for

pytestmark = in_guest


@pytest.fixture(scope="module")
def radios():
    """{interface: wiphy} of two mac80211_hwsim radios, removed afterwards."""
    sh("modprobe", "mac80211_hwsim", "radios=2")
    try:
        wait_for("two hwsim radios", lambda: len(hwsim_interfaces()) == 2, timeout=20)
        yield hwsim_interfaces()
    finally:
        sh("modprobe", "-r", "mac80211_hwsim", check=False)


def hwsim_interfaces():
    found = {}
    for name in os.listdir("/sys/class/net"):
        phy = "/sys/class/net/%s/phy80211" % name
        driver = "/sys/class/net/%s/device/driver" % name
        if os.path.exists(phy) and os.path.basename(os.path.realpath(driver)) == "mac80211_hwsim":
            found[name] = os.path.basename(os.path.realpath(phy))
    return found


def test_two_wiphys(radios):
    assert len(set(radios.values())) == 2
    phys = set(os.listdir("/sys/class/ieee80211"))
    assert set(radios.values()) <= phys


def test_iw_reads_both(radios):
    out = sh("iw", "phy").stdout
    listed = re.findall(r"^Wiphy (\S+)$", out, re.M)
    assert set(radios.values()) <= set(listed)
    # What hwsim offers the Wi-Fi work: HE on every band it has, EHT from 5.18.
    assert "HE Iftypes" in out
    assert "EHT Iftypes" in out
    devs = sh("iw", "dev").stdout
    for iface in radios:
        assert re.search(r"Interface %s\b" % re.escape(iface), devs)


def test_library_lists_the_radios(radios):
    listed, _ = cli_json("list")
    names = {n["name"]: n for n in listed}
    for iface in radios:
        assert names[iface]["driver"] == "mac80211_hwsim"
        show, _ = cli_json("show", iface)
        assert show["name"] == iface and show["driver"] == "mac80211_hwsim"
