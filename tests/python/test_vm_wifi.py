# SPDX-License-Identifier: LGPL-2.1-or-later
"""Wi-Fi on Debian's kernels, in a guest of scripts/vm-test: two simulated
radios of mac80211_hwsim (a module in Debian's 6.1 and 6.12; EHT
capabilities since 5.18, MLO since 6.0).

The `radios` fixture loads the module with two radios and gives their
interfaces and wiphys. Every field of `multigig wifi --json` is compared
with what `iw phy` prints in the same guest (bands, HT/VHT/HE/EHT, streams,
MCS, widths, channels, interface types, MLO); a capture made here must
replay to the same answer; and hostapd on one radio with wpa_supplicant on
the other make a real association, whose link is compared with `iw dev X
link` and `station dump` (hwsim reports HT/VHT rates only)."""
import contextlib
import os
import re
import shutil
import subprocess

import pytest

from vm_guest import CLI, SRC, cli_json, in_guest, sh, wait_for

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


# ---- what iw says, to compare with ----

def iw_phy(phy):
    """`iw phy PHY info` as {"bands": {band: {...}}, "iftypes": set, "antennas": (tx, rx) or None}."""
    out = sh("iw", "phy", phy, "info").stdout
    if os.path.isdir("/run/vm-results"):
        with open("/run/vm-results/iw-phy-%s-%s.txt" % (phy, os.uname().release), "w") as f:
            f.write(out)
    top = re.split(r"^\t(?=\S)", out, flags=re.M)
    info = {"bands": {}, "iftypes": set(), "antennas": None}
    names = {1: "2.4GHz", 2: "5GHz", 3: "60GHz", 4: "6GHz", 5: "900MHz"}
    for part in top:
        m = re.match(r"Band (\d+):", part)
        if m:
            name = names.get(int(m.group(1)), m.group(1))
            info["bands"][name] = iw_band(part, name)
        elif part.startswith("Supported interface modes:"):
            info["iftypes"] = set(re.findall(r"^\t\t \* (.+)$", part, re.M))
        m = re.match(r"Available Antennas: TX (0x[0-9a-f]+) RX (0x[0-9a-f]+)", part)
        if m:
            info["antennas"] = (m.group(1), m.group(2))
    return info


def hex_bytes(h):
    return bytes.fromhex(h) if h else b""


def eht_from_raw(text, band):
    he_phy = {}
    for types, phy in re.findall(r"HE Iftypes: ([^\n]*)\n(?:\t\t\t[^\n]*\n)*?\t\t\tHE PHY Capabilities: \(0x([0-9a-f]*)\)", text):
        he_phy[types] = hex_bytes(phy)
    nss, top = None, None
    for types, phy, mcs in re.findall(r"EHT Iftypes: ([^\n]*)\n(?:\t\t\t[^\n]*\n)*?\t\t\tEHT PHY Capabilities: "
                                      r"\(0x([0-9a-f]*)\):\n(?:\t\t\t[^\n]*\n)*?\t\t\tEHT MCS/NSS: \(0x([0-9a-f]*)\)", text):
        he0 = (he_phy.get(types) or b"\0")[0]
        eht0 = (hex_bytes(phy) or b"\0")[0]
        m = hex_bytes(mcs)
        ap = "AP" in types.split(", ") or "P2P-GO" in types
        widths = (he0 & 0x02) if band == "2.4GHz" else (he0 & 0x1c)
        if not ap and not widths:
            groups = [(m[:4], (7, 9, 11, 13))]
        else:
            groups = [(m[0:3], (9, 11, 13))]
            if band != "2.4GHz" and he0 & 0x08:
                groups.append((m[3:6], (9, 11, 13)))
            if band == "6GHz" and eht0 & 0x02:
                groups.append((m[6:9], (9, 11, 13)))
        for g, tops in groups:
            for byte, hi in zip(g, tops):
                if byte & 0x0f:
                    nss = max(nss or 0, byte & 0x0f)
                    top = max(top or 0, hi)
                elif nss is None:
                    nss = 0
    return nss, top


def iw_band(text, band):
    b = {"ht": bool(re.search(r"^\t\tCapabilities: 0x", text, re.M)),
         "vht": "VHT Capabilities" in text, "he": "HE Iftypes" in text, "eht": "EHT Iftypes" in text,
         "channels": {}}
    m = re.search(r"HT (?:TX/)?RX MCS rate indexes supported: ([0-9, -]+)", text)
    b["ht_max_index"] = max(int(x) for x in re.findall(r"\d+", m.group(1))) if m else None
    vht = re.search(r"VHT RX MCS set:\n((?:\t\t\t.*\n)+)", text)
    b["vht_streams"] = streams(vht.group(1)) if vht else {}
    he = re.findall(r"HE RX MCS and NSS set [^\n]*\n((?:\t\t\t\t.*\n)+)", text)
    b["he_streams"] = {}
    for block in he:
        for nss, top in streams(block).items():
            b["he_streams"][nss] = max(top, b["he_streams"].get(nss, -1))
    # EHT: iw 5.19's "EHT bw <= 80 MHz, max NSS for MCS 8-9: Rx=2, Tx=2", later ones "RX Max NSS ... N streams".
    # EHT: iw 5.19's decoded lines are not evidence (on these kernels it reads the wrong bytes of a
    # map: "MCS 12-13: Rx=0" under a raw map of 0x888888888888), but the raw map it prints is. Each
    # iftype entry's map read as 802.11be lays it out: the 20 MHz-only form (MCS 0-7, 8-9, 10-11,
    # 12-13) for a station whose HE PHY byte 0 has no width bit of its band, else a 3-byte group
    # (MCS 0-9, 10-11, 12-13) for up to 80 MHz, one for 160 MHz, and one for 320 MHz on 6 GHz with
    # bit 1 of EHT PHY byte 0.
    b["eht_nss"], b["eht_max_mcs"] = eht_from_raw(text, band)
    b["eht_320"] = "EHT bw=320 MHz" in text or "EHT MCS and NSS set 320 MHz" in text
    b["he160"] = bool(re.search(r"HE160/(?:5|6)GHz|HE160", text))
    b["vht160"] = bool(re.search(r"Supported Channel Width: 160 MHz", text))
    b["ht40"] = "HT20/HT40" in text
    b["chanlist"] = []
    # S1G channels: iw 5.19 prints whole MHz and a channel number below 0, iw 6.9 (Debian 13) the
    # kHz offset (902.500 MHz) and no channel number.
    b["khz_offsets"] = False
    for freq, chan, rest in re.findall(r"^\t\t\t\* (\d+(?:\.\d+)?) MHz(?: \[(-?\d+)\])?(.*)$", text, re.M):
        b["channels"][float(freq)] = {"channel": int(chan) if chan else None, "disabled": "(disabled)" in rest,
                                      "no_ir": "no IR" in rest}
        b["chanlist"].append((float(freq), "(disabled)" in rest, "no IR" in rest))
        b["khz_offsets"] = b["khz_offsets"] or not chan
    return b


def streams(block):
    """{streams: highest MCS} from iw's "N streams: MCS 0-9" lines (not the unsupported ones)."""
    return {int(n): int(hi) for n, hi in re.findall(r"(\d+) streams: MCS \d+-(\d+)", block)}


def wifi_json(*args):
    out, _ = cli_json("wifi", *args)
    return out


def test_every_field_against_iw(radios):
    listed = {w["phy"]: w for w in wifi_json()}
    release = os.uname().release
    major, minor = (int(x) for x in re.match(r"(\d+)\.(\d+)", release).groups())
    for iface, phy in radios.items():
        w = listed[phy]
        iw = iw_phy(phy)
        assert w["bus"] == "virtual" and w["driver"] == "mac80211_hwsim", w
        assert iface in [f["name"] for f in w["interfaces"]]
        assert set(w["iftypes"]) == iw["iftypes"], (w["iftypes"], iw["iftypes"])
        # Linux 6.0 reports MLO support: known (false without hwsim's mlo=1) on both kernels.
        assert w["mlo"] is False and (major, minor) >= (6, 0)
        if iw["antennas"]:
            assert (w["antennas"]["available_tx"], w["antennas"]["available_rx"]) == iw["antennas"]
        assert {b["band"] for b in w["bands"]} == set(iw["bands"]), (w["bands"], iw["bands"].keys())
        for b in w["bands"]:
            want = iw["bands"][b["band"]]
            for mode in ("ht", "vht", "he", "eht"):
                assert b[mode] == want[mode], (phy, b["band"], mode, b[mode], want[mode])
            assert b["ht_max_mcs_index"] == want["ht_max_index"], (b["band"], b["ht_max_mcs_index"], want)
            if want["vht_streams"]:
                assert b["vht_max_nss"] == max(want["vht_streams"])
                assert b["vht_max_mcs"] == max(want["vht_streams"].values())
            if want["he_streams"]:
                assert b["he_max_nss"] == max(want["he_streams"]), (b["band"], b["he_max_nss"], want["he_streams"])
                assert b["he_max_mcs"] == max(want["he_streams"].values())
            if want["eht_nss"] is not None:
                assert b["eht_max_nss"] == want["eht_nss"], (b["band"], b["eht_max_nss"], want["eht_nss"])
                assert b["eht_max_mcs"] == want["eht_max_mcs"], (b["band"], b["eht_max_mcs"], want["eht_max_mcs"])
            # 320 MHz only where iw prints its MCS map: 6 GHz with the EHT PHY bit.
            assert b["eht_320mhz"] == want["eht_320"], (b["band"], b["eht_320mhz"], want["eht_320"])
            assert (b["max_width_mhz"] == 320) == want["eht_320"]
            if b["band"] != "2.4GHz" and not want["eht_320"]:
                assert (b["max_width_mhz"] >= 160) == (want["he160"] or want["vht160"]), (b, want)
            if b["band"] == "900MHz":
                # iw 5.19 knows no S1G: whole MHz without the kHz offset, channel numbers below 0.
                # iw 6.9 prints the offset.
                got = sorted((c["freq_mhz"] + (c["freq_offset_khz"] / 1000 if want["khz_offsets"] else 0),
                              c["disabled"], c["no_ir"]) for c in b["channels"])
                assert got == sorted(want["chanlist"]), (phy, b["band"])
            else:
                got = {c["freq_mhz"] + c["freq_offset_khz"] / 1000:
                       {"channel": c["channel"], "disabled": c["disabled"], "no_ir": c["no_ir"]} for c in b["channels"]}
                assert got == want["channels"], (phy, b["band"], got, want["channels"])
            assert b["channels_enabled"] == sum(not c["disabled"] for c in want["channels"].values())


def test_one_wiphy_by_name(radios):
    iface, phy = sorted(radios.items())[0]
    by_phy, by_iface = wifi_json(phy), wifi_json(iface)
    assert [w["phy"] for w in by_phy] == [phy] and by_phy == by_iface
    _, p = cli_json("wifi", "nosuchphy9", check=False)
    assert p.returncode == 1 and "nosuchphy9" in p.stderr


def test_list_says_wifi(radios):
    listed, _ = cli_json("list")
    kinds = {n["name"]: n["kind"] for n in listed}
    for iface in radios:
        assert kinds[iface] == "wifi"


def test_capture_replays_the_same(radios, tmp_path):
    """A capture made here replays to the same wifi --json; a copy of it leaves the guest as a fixture."""
    dest = tmp_path / "capture"
    sh(CLI, "capture", str(dest))
    live = wifi_json()
    replayed, _ = cli_json("--sysfs-root", str(dest), "wifi")
    for w in live:
        # The station dump and what the interface reports change with time; the rest must not.
        for f in w["interfaces"]:
            f.pop("link", None)
            f.pop("stations", None)
    for w in replayed:
        for f in w["interfaces"]:
            f.pop("link", None)
            f.pop("stations", None)
    assert replayed == live
    # A question about one wiphy or interface replays too: the capture holds what it reads.
    iface, phy = sorted(radios.items())[0]
    for name in (iface, phy):
        one, _ = cli_json("--sysfs-root", str(dest), "wifi", name)
        assert [w["phy"] for w in one] == [phy]
    keep = "/run/vm-results"
    if os.path.isdir(keep):
        shutil.copytree(str(dest), os.path.join(keep, "wifi-capture-" + os.uname().release), symlinks=True,
                        dirs_exist_ok=True)


# ---- a real association: hostapd on one radio, wpa_supplicant on the other ----

@pytest.fixture(scope="module")
def associated(radios, tmp_path_factory):
    for tool in ("hostapd", "wpa_supplicant"):
        if not shutil.which(tool):
            pytest.fail("%s is not installed on the host the guest shares (apt-get install hostapd wpasupplicant)" % tool)
    ap, sta = sorted(radios)
    d = tmp_path_factory.mktemp("assoc")
    (d / "hostapd.conf").write_text(
        "interface=%s\ndriver=nl80211\nssid=multigig-test\nhw_mode=g\nchannel=1\nieee80211n=1\n"
        "ht_capab=[SHORT-GI-20]\nwmm_enabled=1\n" % ap)
    (d / "wpa.conf").write_text('network={\n\tssid="multigig-test"\n\tkey_mgmt=NONE\n\tscan_freq=2412\n}\n')
    procs = [subprocess.Popen(["hostapd", str(d / "hostapd.conf")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        wait_for("hostapd up on %s" % ap, lambda: "type AP" in sh("iw", "dev", ap, "info").stdout, timeout=60)
        procs.append(subprocess.Popen(["wpa_supplicant", "-i", sta, "-c", str(d / "wpa.conf"), "-D", "nl80211"],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        wait_for("%s associated" % sta, lambda: "Connected to" in sh("iw", "dev", sta, "link").stdout, timeout=90)
        yield ap, sta
    finally:
        for p in reversed(procs):
            p.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                p.wait(timeout=10)


def iw_link(sta):
    out = sh("iw", "dev", sta, "link").stdout
    link = {"bssid": re.search(r"Connected to ([0-9a-f:]{17})", out).group(1),
            "ssid": re.search(r"SSID: (.*)", out).group(1), "freq": int(re.search(r"freq: (\d+)", out).group(1))}
    m = re.search(r"signal: (-?\d+) dBm", out)
    link["signal"] = int(m.group(1)) if m else None
    return link


def iw_station(sta):
    out = sh("iw", "dev", sta, "station", "dump").stdout
    rates = {}
    for key, name in (("tx", "tx bitrate"), ("rx", "rx bitrate")):
        m = re.search(r"%s:\s+([\d.]+) MBit/s(.*)" % name, out)
        if m:
            rest = m.group(2)
            mcs = re.search(r"(?:VHT-)?MCS (\d+)", rest)
            rates[key] = {"mbps": float(m.group(1)), "mcs": int(mcs.group(1)) if mcs else None,
                          "vht": "VHT-MCS" in rest, "short_gi": "short GI" in rest,
                          "width": 40 if "40MHz" in rest else 80 if "80MHz" in rest else 160 if "160MHz" in rest else 20}
    return rates


def keep_capture(sta):
    """A capture with the link up leaves the guest, to become a replay fixture (with iw's view of it)."""
    keep = "/run/vm-results"
    if not os.path.isdir(keep):
        return
    dest = os.path.join(keep, "wifi-assoc-capture-" + os.uname().release)
    shutil.rmtree(dest, ignore_errors=True)
    sh(CLI, "capture", dest)
    with open(os.path.join(keep, "wifi-assoc-iw-" + os.uname().release + ".txt"), "w") as f:
        for args in (("iw", "dev", sta, "link"), ("iw", "dev", sta, "station", "dump"), ("iw", "phy", "phy0", "info"),
                     ("iw", "reg", "get")):
            f.write("$ %s\n%s\n" % (" ".join(args), sh(*args, check=False).stdout))


def link_and_iw(sta, tries=8):
    """Our link and iw's station dump read back to back, until a reading of
    ours falls between two of iw's that agree with it: rate control changes
    the rates from one frame to the next."""
    for _ in range(tries):
        before = iw_station(sta)
        (w,) = wifi_json(sta)
        after = iw_station(sta)
        (f,) = [f for f in w["interfaces"] if f["name"] == sta]
        if before == after:
            return f["link"], before
    return f["link"], after


def test_station_link_against_iw(associated):
    ap, sta = associated
    link, st = link_and_iw(sta)
    keep_capture(sta)
    iw = iw_link(sta)
    assert link["connected"] is True
    assert link["bssid"] == iw["bssid"] and link["ssid"] == iw["ssid"] == "multigig-test"
    assert link["frequency_mhz"] == iw["freq"] == 2412
    assert link["width_mhz"] in (20, 40)
    if iw["signal"] is not None:
        assert abs(link["signal_dbm"] - iw["signal"]) <= 3
    # The driver's average, as iw's station dump prints it ("signal avg:"), or null where it has none.
    avg = re.search(r"signal avg:\s+(-?\d+) dBm", sh("iw", "dev", sta, "station", "dump").stdout)
    if avg:
        assert abs(link["signal_avg_dbm"] - int(avg.group(1))) <= 3, (link, avg.group(0))
    else:
        assert link["signal_avg_dbm"] is None
    for key in ("tx", "rx"):
        rate = link[key + "_bitrate"]
        if key not in st:
            continue
        want = st[key]
        # The kernel's figure is the one iw prints, to a tenth (iw divides BITRATE32 by 10).
        assert abs(rate["kernel_mbps"] - want["mbps"]) <= 0.1, (key, rate, want)
        if want["mcs"] is not None:
            assert rate["mode"] == ("vht" if want["vht"] else "ht") and rate["mcs"] == want["mcs"]
            assert rate["width_mhz"] == want["width"]
            assert rate["gi_us"] == (0.4 if want["short_gi"] else 0.8)
            # The model rounds up where the kernel's integer arithmetic rounds down.
            assert 0 <= rate["library_mbps"] - rate["kernel_mbps"] < 1.0, rate
    (apw,) = wifi_json(ap)
    (apf,) = [f for f in apw["interfaces"] if f["name"] == ap]
    assert apf["iftype"] == "AP" and apf["stations"] == 1


def test_ap_width_against_iw_scan(associated):
    """The AP's widest channel, from its capability elements, as iw decodes
    the same scan result; with it the doctor no longer calls a 20 MHz link
    on a 40 MHz card narrow, since the AP does 20 only."""
    ap, sta = associated
    link, _ = link_and_iw(sta)
    out = sh("iw", "dev", sta, "scan", "dump").stdout
    assert "HT capabilities:" in out, out
    # iw prints "HT20/HT40" for the element's 20/40 MHz bit, "HT20" without it; hostapd's
    # ht_capab=[SHORT-GI-20] has no [HT40+], and hw_mode=g brings no VHT, HE or EHT.
    want = 40 if "HT20/HT40" in out else 20
    assert want == 20
    assert not re.search(r"(VHT|HE|EHT) capabilities", out)
    assert link["ap_max_width_mhz"] == want
    doctor, _ = cli_json("doctor", sta)
    assert "wifi-link-narrow" not in [f["id"] for f in doctor["findings"] if f["nic"] == sta], doctor


def test_costs_about_what_iw_phy_costs(radios):
    """bench/wifi.sh in the guest: every wiphy described, interfaces, regulatory domain and links
    included, in about the time iw phy takes to print the capabilities alone."""
    env = dict(os.environ, MULTIGIG=CLI, RUNS="15")
    p = subprocess.run(["sh", os.path.join(SRC, "bench", "wifi.sh")], env=env, capture_output=True, text=True,
                       check=True)
    print(p.stdout)
    m = re.search(r"wiphys (\d+) requests (\d+) multigig ([\d.]+) iw ([\d.]+) ratio ([\d.]+)", p.stdout)
    assert m, p.stdout + p.stderr
    wiphys, requests, ratio = int(m.group(1)), int(m.group(2)), float(m.group(5))
    # One family look-up, one wiphy dump, one interface dump, GET_REG, a station dump per station or
    # AP interface, a scan dump for an associated station's SSID.
    assert wiphys == 2 and requests <= 5 + wiphys, p.stdout
    assert ratio <= 1.5, p.stdout


def netlink_requests(*args):
    """The netlink requests `multigig -vv ARGS` reports having made, less the
    dumps it asked again because a change interrupted them (NLM_F_DUMP_INTR):
    those count what the kernel did meanwhile (interfaces just added still
    settling), not what the command costs."""
    p = subprocess.run([CLI, "-v", "-v", *args], capture_output=True, text=True)
    m = re.search(r"^multigig: (\d+) netlink requests", p.stderr, re.M)
    assert m, p.stderr
    return int(m.group(1)) - len(re.findall(r"dump interrupted by a change; asking again", p.stderr))


def test_doctor_reads_the_wiphys_once(radios):
    """doctor, export and report over every adapter read the wiphys with one
    set of nl80211 dumps, not a set per Wi-Fi interface: two more interfaces
    on the radios add to them only what `wifi` itself adds (its per-interface
    station dumps). Export and report run the doctor too, on the same reads."""
    phy = sorted(radios.values())[0]
    cmds = (("--json", "doctor"), ("export", "--format", "prometheus", "--all"),
            ("report", "--html", os.devnull), ("--json", "wifi"))
    before = {cmd: netlink_requests(*cmd) for cmd in cmds}
    added = ["mgw%d" % i for i in range(2)]
    try:
        for name in added:
            sh("iw", "phy", phy, "interface", "add", name, "type", "managed")
        after = {cmd: netlink_requests(*cmd) for cmd in cmds}
    finally:
        for name in added:
            sh("iw", "dev", name, "del", check=False)
    grown = after[cmds[-1]] - before[cmds[-1]]
    assert grown == len(added), (before, after)
    for cmd in cmds[:-1]:
        assert after[cmd] - before[cmd] == grown, (cmd, before, after)
