# SPDX-License-Identifier: LGPL-2.1-or-later
"""The Python bindings on fixture trees: no privilege, no kernel state.
Every to_dict() is compared with the CLI's --json for the same tree."""
import errno
import functools
import json
import logging
import os
import runpy
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import weakref

import pytest

import multigig

TREES = os.environ["FIXTURE_TREES"]
CLI = os.environ["MULTIGIG_CLI"]
EXAMPLES = os.environ["EXAMPLES_DIR"]


USB_CEILING_KEYS = ("link_mbps", "data_ceiling_mbps", "protocol_overhead_pct_estimate", "expected_ceiling_mbps")
EVIDENCE_TREES = [("sensors-pc", "enp1s0"), ("sensors-pc", "enp2s0"), ("sensors-pc", "lo"),
                  ("pi5-irq-cpu0", "eth1"), ("usb-adapters", "enx245ebe000001"),
                  ("usb-adapters", "enx00e04c680002"), ("pi4-vl805", "eth1"), ("desktop", "enp1s0"),
                  ("desktop", "02:00.0")]


def tree(name):
    return os.path.join(TREES, name)


def cli_json(*args):
    out = subprocess.run([CLI, "--json", *args], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


@pytest.mark.parametrize("name", ["desktop", "virtio-vm", "netns-virtual", "pi5-rtl8126"])
def test_nics_equal_cli_list(name):
    with multigig.Context(tree(name)) as ctx:
        ours = [nic.to_dict() for nic in ctx.nics()]
    assert ours == cli_json("--sysfs-root", tree(name), "list")


def test_nic_attributes():
    with multigig.Context(tree("desktop")) as ctx:
        nic = ctx.nic("enp1s0")
        assert nic.bus == "pci"
        assert nic.vendor_id == "0x8086" and nic.device_id == "0x10c9"
        assert nic.device == "82576 Gigabit Network Connection"
        assert nic.driver == "igb" and nic.has_driver
        assert (nic.mtu, nic.min_mtu, nic.max_mtu) == (1500, 68, 9216)
        unbound = ctx.nic("02:00.0")
        assert unbound.name is None and unbound.driver is None and not unbound.has_driver
        usb = ctx.nic("enx00e04c680001")
        assert usb.bus == "usb" and usb.usb_speed_mbps == 5000 and usb.min_mtu is None


def test_show_detail_equals_cli():
    with multigig.Context(tree("desktop")) as ctx:
        ours = ctx.nic("enp1s0").to_dict(detail=True)
    cli = cli_json("--sysfs-root", tree("desktop"), "show", "enp1s0")
    assert all(cli[k] == v for k, v in ours.items())


@pytest.mark.parametrize("name,target", [("pi5-rtl8126", "eth1"), ("cm4-rtl8125", "eth1"),
                                         ("gen5-x16", "ens1f0np0"), ("pi5-aqc107", "eth1"),
                                         ("pi5-rtl8126-gen3", "eth1")])
def test_pcie_equals_cli(name, target):
    with multigig.Context(tree(name)) as ctx:
        ours = ctx.nic(target).pcie().to_dict()
    assert ours == cli_json("--sysfs-root", tree(name), "pcie", target)


def test_pcie_pi5_story():
    with multigig.Context(tree("pi5-rtl8126")) as ctx:
        path = ctx.pcie("eth1")
    assert path.limit["available_gbps"] == 4.0
    assert path.path[0]["cap_speed_gts"] == 8 and path.path[0]["speed_gts"] == 5
    assert "dtparam=pciex1_gen=3" in path.advice
    assert 3.4 < path.ceilings["rx_ceiling_gbps"] < 3.5


def test_pcie_link_health():
    with multigig.Context(tree("pi5-rtl8126")) as ctx:
        path = ctx.pcie("eth1")
    dev, port = path.path
    assert dev["aspm_supported"] == ["L0s", "L1"] and dev["aspm_enabled"] == ["L1"]
    assert dev["l1ss_enabled"] == ["ASPM_L1.1", "ASPM_L1.2"]
    assert dev["aspm_sysfs"]["l1_aspm"] is True and dev["aspm_sysfs"]["l0s_aspm"] is False
    assert dev["aer"]["correctable"]["total"] == 49
    assert dev["aer"]["correctable"]["counters"]["BadTLP"] == 37
    assert dev["aer"]["rootport_total"] is None and port["aer"]["rootport_total"]["correctable"] == 49
    assert dev["training"]["below_target"] is False and path.aspm_policy == "default"
    with multigig.Context(tree("pi5-rtl8126-gen3")) as ctx:
        path = ctx.pcie("eth1")
    dev, port = path.path
    assert dev["training"] == port["training"] | {"bandwidth_managed": False}
    assert port["training"] == {"target_speed_gts": 8, "speed_gts": 5, "below_target": True,
                                "bandwidth_managed": True, "autonomous_bandwidth": False}
    assert "trained at 5 GT/s" in path.advice


@pytest.mark.parametrize("dump,address", [("fujitsu-p8010-ich8m-cardbus.lspci", "1d:00.0"),
                                          ("intel-7265-wifi-l1ss.lspci", "01:00.0"),
                                          ("intel-skylake-igpu-rciep.lspci", "00:02.0")])
def test_pci_dump_equals_cli(dump, address):
    dump = os.path.join(TREES, "..", "pci", dump)
    with multigig.Context(tree("phys"), pci_dump=dump) as ctx:
        ours = ctx.pcie(address).to_dict()
    assert ours == cli_json("--sysfs-root", tree("phys"), "--pci-dump", dump, "pcie", address)


def test_pci_dump():
    dump = os.path.join(TREES, "..", "pci", "intel-82576-gen1-x4.lspci")
    with multigig.Context(tree("desktop"), pci_dump=dump) as ctx:
        node = ctx.pcie("01:00.0").path[0]
    assert (node["cap_speed_gts"], node["cap_width"], node["mps"], node["mrrs"]) == (2.5, 4, 256, 512)


def test_estimate_equals_cli():
    ours = multigig.estimate(2, 1, 256, 1500, 10000).to_dict()
    cli = cli_json("estimate", "--pcie-gen", "2", "--pcie-width", "1", "--mps", "256",
                   "--mtu", "1500", "--link-mbps", "10000")
    assert ours == cli
    assert ours["rx_ceiling_gbps"] == 3.278 and ours["limited_by"] == "pcie"


def test_estimate_bad_values():
    with pytest.raises(OSError) as e:
        multigig.estimate(9, 1, 256, 1500, 10000)
    assert e.value.errno == errno.EINVAL and "generation" in e.value.strerror
    assert e.value.strerror.startswith("pcie_gen: ")
    with pytest.raises(OSError) as e:
        multigig.estimate(3, 1, 100, 1500, 10000)
    assert e.value.strerror.startswith("mps: ") and "not 100" in e.value.strerror
    with pytest.raises(OSError) as e:
        multigig.estimate(3, 1, 128, 1500, 10000, completion=256)
    assert e.value.errno == errno.EINVAL and "completion" in e.value.strerror
    with pytest.raises(ValueError):
        multigig.estimate(3, 1, 256, 1500, 10000, header="5dw")


@pytest.mark.parametrize("name,target", [("pi5-rtl8126", "eth1"), ("desktop", "enx00e04c680001"),
                                         ("desktop", "enp1s0"), ("netns-virtual", "veth0")])
def test_throughput_equals_cli_show(name, target):
    with multigig.Context(tree(name)) as ctx:
        ours = ctx.nic(target).throughput()
    cli = cli_json("--sysfs-root", tree(name), "show", target)
    assert ours.to_dict() == cli["throughput"]
    # The bus ceiling opens the CLI's "usb" object; the USB path follows it.
    ceiling = {k: v for k, v in (cli["usb"] or {}).items() if k in USB_CEILING_KEYS}
    assert ours.usb == (ceiling or None)


def test_throughput_verdicts():
    with multigig.Context(tree("pi5-rtl8126")) as ctx:
        path = ctx.pcie("eth1")
        assert path.throughput.limited_by_rx == "pcie" and path.throughput.line_rate_mbps == 5000
        assert path.ceilings == path.throughput.ceilings
    with multigig.Context(tree("desktop")) as ctx:
        usb = ctx.throughput("enx00e04c680001")
        assert usb.limited_by == "ethernet" and usb.usb["expected_ceiling_mbps"] == 3600
        assert usb.ceilings is None
    with multigig.Context(tree("netns-virtual")) as ctx:
        veth = ctx.throughput("veth0")
        assert veth.limited_by is None and veth.expected_rx_gbps is None


def test_cable_equals_cli():
    with multigig.Context(tree("phys")) as ctx:
        for name in ("eth0", "eth1", "eth2", "eth3"):
            assert ctx.cable(name).to_dict() == cli_json("--sysfs-root", tree("phys"), "cable", name)
        assert ctx.cable("eth1").tdr is True


def test_errors_map_to_oserror_subclasses():
    with multigig.Context(tree("desktop")) as ctx:
        with pytest.raises(FileNotFoundError) as e:
            ctx.nic("eth9")
        assert e.value.errno == errno.ENODEV and "eth9" in e.value.strerror
        with pytest.raises(OSError) as e:
            ctx.nic("abcdefghijklmnopq")
        assert e.value.errno == errno.EINVAL and "too long" in e.value.strerror
        with pytest.raises(OSError) as e:
            ctx.pcie("enx00e04c680001")
        assert e.value.errno == errno.ENXIO
        with pytest.raises(OSError) as e:
            ctx.settings("enp1s0")
        # The tree holds no ethtool replies: said so, not "unsupported".
        assert e.value.errno == errno.ENODATA and "holds no" in e.value.strerror
    with pytest.raises(FileNotFoundError):
        multigig.Context("/nonexistent/tree")


def test_embedded_nul_raises_value_error(tmp_path):
    """C would read "enp1s0\0junk" as "enp1s0": refused, as open() refuses it."""
    with pytest.raises(ValueError, match="null"):
        open("enp1s0\0junk")
    with pytest.raises(ValueError, match="null"):
        multigig.Context(tree("desktop") + "\0/elsewhere")
    with pytest.raises(ValueError, match="null"):
        multigig.Context(tree("desktop"), pci_dump="x.lspci\0")
    with multigig.Context(tree("desktop")) as ctx:
        assert ctx.nic("enp1s0").name == "enp1s0"
        calls = [
            lambda: ctx.nic("enp1s0\0junk"),
            lambda: ctx.pcie("enp1s0\0"),
            lambda: ctx.throughput("enp1s0\0"),
            lambda: ctx.settings("enp1s0\0"),
            lambda: ctx.apply("enp1s0\0", mtu=1500),
            lambda: ctx.apply("enp1s0", **{"mtu\0x": 1500}),
            lambda: ctx.cable("lo\0"),
            lambda: ctx.cable_test("lo\0", yes=True),
            lambda: ctx.capture(str(tmp_path / "c") + "\0x"),
        ]
        for call in calls:
            with pytest.raises(ValueError, match="null"):
                call()
        with pytest.raises(ValueError, match="null"):
            with ctx.tuned("enp1s0\0", mtu=1500):
                pass
    assert not (tmp_path / "c").exists()


def test_objects_after_close():
    ctx = multigig.Context(tree("desktop"))
    nic = ctx.nic("enp1s0")
    ctx.close()
    ctx.close()  # twice is fine
    assert nic.driver == "igb" and nic.to_dict()["name"] == "enp1s0"
    with pytest.raises(ValueError):
        nic.pcie()
    with pytest.raises(ValueError):
        ctx.nics()


def test_eee_features_and_link_equal_cli():
    """The 2.5G NIC up at 1G: the link names the mode it could use and does
    not advertise; EEE and features as the CLI prints them, one NIC or all."""
    show = cli_json("--sysfs-root", tree("cm4-rtl8125-1g"), "show", "eth1")
    with multigig.Context(tree("cm4-rtl8125-1g")) as ctx:
        nic = ctx.nic("eth1")
        link = nic.link()
        assert link["best_common_mode"] == "2500baseT/Full" and link["not_advertised"] == ["2500baseT/Full"]
        assert link == show["link"]
        assert nic.eee() == show["eee"] and nic.eee()["tx_lpi_timer_us"] is None
        assert nic.features() == show["features"] and nic.features()["highdma"]["fixed"]
        (snap,) = [n for n in ctx.snapshot() if n.name]
        assert snap.eee() == show["eee"] and snap.features() == show["features"]
        # A captured tree is read, never changed.
        with pytest.raises(OSError) as e:
            ctx.apply("eth1", advertise="all")
        assert e.value.errno == errno.EOPNOTSUPP
    with multigig.Context(tree("pi5-rtl8126")) as ctx:
        for value in (False, "on"):
            with pytest.raises(OSError) as e:
                ctx.apply("eth1", aspm_l1=value)
            assert e.value.errno == errno.EOPNOTSUPP and "captured tree" in e.value.strerror
        # A bad value is refused before the library is asked.
        for bad in ("maybe", 3, [True]):
            with pytest.raises(ValueError):
                ctx.apply("eth1", aspm_l1=bad)
    with multigig.Context(tree("desktop")) as ctx:
        nic = ctx.nic("enp1s0")
        assert nic.eee() is None and nic.features() is None
        assert all(n.eee() is None and n.features() is None for n in ctx.snapshot() if n.name)


def test_capture_replays(tmp_path):
    with multigig.Context(tree("desktop")) as ctx:
        before = [n.to_dict() for n in ctx.nics()]
        ctx.capture(str(tmp_path / "c"))
        with pytest.raises(FileExistsError):
            ctx.capture(str(tmp_path / "c"))
    with multigig.Context(str(tmp_path / "c")) as ctx:
        assert [n.to_dict() for n in ctx.nics()] == before


def test_docstrings_from_header():
    doc = multigig.core.mg_nic_lookup.__doc__
    assert "find one adapter by interface name or PCI address" in doc
    assert "@name:" in doc


def test_probe_example():
    out = subprocess.run([sys.executable, os.path.join(EXAMPLES, "probe.py"), "--sysfs-root",
                          tree("pi5-rtl8126")], check=True, capture_output=True, text=True).stdout
    assert "eth1" in out and "4.000 Gb/s" in out


def test_probe_example_error_without_strerror(monkeypatch, capsys):
    """An OSError with no strerror (typed Optional) still says what failed."""
    def pcie(self):
        raise OSError("no PCIe path here")

    sys.path.insert(0, EXAMPLES)
    try:
        import probe
    finally:
        sys.path.remove(EXAMPLES)
    monkeypatch.setattr(multigig.Nic, "pcie", pcie)
    monkeypatch.setattr(sys, "argv", ["probe.py", "--sysfs-root", tree("pi5-rtl8126")])
    probe.main()
    out = capsys.readouterr().out
    assert "no PCIe path here" in out and "None" not in out


def _run_nics_example(name, monkeypatch, capsys):
    """examples/python/nics.py as written, run in this process (as python3
    runs a script: its own __main__, its arguments in sys.argv), its output."""
    monkeypatch.setattr(sys, "argv", ["nics.py", tree(name)])
    runpy.run_path(os.path.join(EXAMPLES, "nics.py"), run_name="__main__")
    out = capsys.readouterr()
    assert not out.err, out.err
    return out.out.splitlines()


@pytest.mark.parametrize("name", sorted(os.listdir(TREES)))
def test_nics_example_on_every_tree(name, monkeypatch, capsys):
    """examples/python/nics.py, the README's, runs as written on every tree:
    a device with no interface, a virtual one, a limit by PCIe, USB or Ethernet."""
    assert _run_nics_example(name, monkeypatch, capsys)


def test_nics_example_says_what_the_readme_opens_with(monkeypatch, capsys):
    def run(name):
        return _run_nics_example(name, monkeypatch, capsys)
    assert "0000:02:00.0: RTL8126 5GbE Controller, no interface (driver: none bound)" in run("desktop")
    assert run("pi5-rtl8126") == [
        "eth1: r8169, receive 3.451 Gbit/s (limited by pcie), transmit 3.434 Gbit/s (pcie), MTU 1500"]


def _router_module():
    """examples/python/fastapi_router.py, imported; its tests skip where
    FastAPI is not installed (the arm64 root: the router is Python alone,
    run on Debian 12 and 13 amd64 with both pydantic generations)."""
    pytest.importorskip("fastapi", reason="FastAPI is not installed here")
    sys.path.insert(0, EXAMPLES)
    try:
        import fastapi_router
    finally:
        sys.path.remove(EXAMPLES)
    return fastapi_router


@functools.lru_cache(maxsize=None)
def _router_client(name):
    """A FastAPI app with the example router on a fixture tree, and its test
    client: one per tree, as the tests only read (applies to a capture are
    refused) and a router and its OpenAPI document take seconds to make under
    qemu-user."""
    fastapi_router = _router_module()
    from fastapi import FastAPI
    from fastapi.testclient import TestClient
    app = FastAPI()
    app.include_router(fastapi_router.make_router(tree(name)), prefix="/api")
    return TestClient(app)


def test_fastapi_router_reads_equal_cli():
    client = _router_client("pi5-rtl8126")
    r = client.get("/api/nics")
    assert r.status_code == 200 and r.json() == cli_json("--sysfs-root", tree("pi5-rtl8126"), "list")
    show = cli_json("--sysfs-root", tree("pi5-rtl8126"), "show", "eth1")
    pcie = cli_json("--sysfs-root", tree("pi5-rtl8126"), "pcie", "eth1")
    r = client.get("/api/nics/eth1")
    assert r.status_code == 200
    one = r.json()
    identity = [k for k in one if k not in ("link", "settings", "pcie", "throughput", "wifi", "errors", "kernel_log")]
    assert "class" in identity and {k: one[k] for k in identity} == {k: show[k] for k in identity}
    assert one["link"] == show["link"] and one["throughput"] == show["throughput"] and one["pcie"] == pcie
    # This capture has no ring parameters: said so, the rest still answered.
    assert one["settings"] is None and "holds no ring parameters" in one["errors"]["settings"]
    assert one["kernel_log"] is None and one["kernel_log"] == show["kernel_log"]
    assert one["errors"]["kernel_log"] == show["kernel_log_unknown"]
    r = client.get("/api/nics/eth1/pcie")
    assert r.status_code == 200 and r.json() == pcie
    doctor = cli_json("--sysfs-root", tree("pi5-rtl8126"), "doctor")
    assert client.get("/api/doctor").json() == doctor
    assert client.get("/api/doctor", params={"iface": "eth1"}).json()["findings"] == \
        [f for f in doctor["findings"] if f["nic"] == "eth1"]


def test_fastapi_router_wifi():
    """GET /wifi and a Wi-Fi interface's GET /nics/IFACE give what multigig wifi --json does."""
    client = _router_client("hwsim-6.12")
    r = client.get("/api/wifi")
    assert r.status_code == 200 and r.json() == cli_json("--sysfs-root", tree("hwsim-6.12"), "wifi")
    r = client.get("/api/nics/wlan1")
    assert r.status_code == 200
    (want,) = cli_json("--sysfs-root", tree("hwsim-6.12"), "wifi", "wlan1")
    assert r.json()["wifi"] == want and r.json()["kind"] == "wifi"
    assert [f["link"]["ssid"] for f in r.json()["wifi"]["interfaces"] if f["name"] == "wlan1"] == ["multigig-test"]
    assert _router_client("pi5-rtl8126").get("/api/nics/eth1").json()["wifi"] is None


def test_fastapi_router_errors():
    client = _router_client("desktop")
    r = client.get("/api/nics/eth9")
    assert r.status_code == 404 and r.json()["detail"]["message"] == "no network interface named 'eth9'"
    r = client.get("/api/nics/enx00e04c680001/pcie")
    assert r.status_code == 404 and r.json()["detail"]["errno"] == "ENXIO"
    # A captured tree is never changed, dry run or not: the library's message.
    r = client.post("/api/nics/enp1s0/settings", json={"mtu": 9000, "rx_ring": "max", "features": {"rx-gro": False}})
    assert r.status_code == 409 and "captured tree cannot be changed" in r.json()["detail"]["message"]
    assert r.json()["detail"]["apply"]["dry_run"] is True
    for body in ({"mtu": "lots"}, {"frobs": 1}, {"eee": "sometimes"}, {"mtu": 9000, "dry_run": "maybe"}):
        assert client.post("/api/nics/enp1s0/settings", json=body).status_code == 422, body
    # Reads only: the OpenAPI schema lists the routes with their models.
    paths = client.get("/openapi.json").json()["paths"]
    assert set(paths) == {"/api/nics", "/api/nics/{iface}", "/api/nics/{iface}/pcie", "/api/doctor",
                          "/api/nics/{iface}/settings", "/api/nics/{iface}/confirm", "/api/nics/{iface}/persist",
                          "/api/wifi"}


def test_fastapi_router_shows_names_as_the_library_writes_them():
    """A byte that is not UTF-8 (a surrogate escape) is sent as \\xNN and a
    backslash as two, so that no two names show alike; a path's text names
    the adapter it shows, and only where shown() would have written it so."""
    fastapi_router = _router_module()
    assert fastapi_router.shown({"\udcff": ["a\udcfeb", 1, None]}) == {"\\xff": ["a\\xfeb", 1, None]}
    assert fastapi_router.unshown("\\xff\\xfe") == "\udcff\udcfe"
    assert fastapi_router.unshown("eth0") == "eth0" and fastapi_router.unshown("\\x41") is None
    # The text \xff and the byte 0xff: two names, two ways shown, each read back as itself.
    assert fastapi_router.shown(["\\xff", "\udcff"]) == ["\\\\xff", "\\xff"]
    for name in ("\\xff", "\udcff", "a\\b", "a\\", "e\udcffx\\"):
        assert fastapi_router.unshown(fastapi_router.shown(name)) == name
    assert fastapi_router.unshown("a\\b") is None  # a lone backslash is never shown
    assert fastapi_router.unshown("\\xc3\\xa9") is None  # UTF-8 for "é", which is shown as itself
    assert fastapi_router.unshown("\\xFF") is None  # the library writes lower case


def test_fastapi_router_takes_the_settings_apply_takes():
    """The request's fields are multigig.SETTINGS and the request's own: no second list to fall behind."""
    schemas = _router_client("desktop").get("/openapi.json").json()["components"]["schemas"]
    fields = set(schemas["SettingsRequest"]["properties"])
    assert fields == set(multigig.SETTINGS) | {"dry_run", "confirm", "verify_peer", "features", "persist"}
    assert {"rps_cpus", "xps_cpus", "irq_affinity", "aspm_l1", "eee", "advertise", "mtu"} <= fields


@pytest.mark.parametrize("body", [[], [["mtu", 9000]], [{"mtu": 9000}], "mtu", 9000, True, None])
def test_fastapi_router_wants_a_json_object(body):
    """A body that is JSON but no object is 422 saying so; [] was a dry run
    of nothing (200) and [["mtu", 9000]] the MTU."""
    client = _router_client("desktop")
    r = client.post("/api/nics/enp1s0/settings", content=json.dumps(body), headers={"content-type": "application/json"})
    assert r.status_code == 422, r.text
    (error,) = r.json()["detail"]
    assert error["loc"] == ["body"] and error["msg"].startswith("the settings must be a JSON object, not ")
    # Not JSON at all: FastAPI's own answer.
    r = client.post("/api/nics/enp1s0/settings", content=b"[", headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"][0] == "body"


@pytest.mark.parametrize("body", [
    {"mtu": float("nan")}, {"mtu": 1e400}, {"eee": -float("inf")}, {"eee": "\udcff"}, {"mtu": 1400, "x\udcff": 1},
    {"advertise": ["\udcff"]}, {"features": {"\udcff": True}}, {"rps_cpus": {"0": "\udcff"}},
    {"rps_cpus": {"1.0": "0"}}, {"rps_cpus": {"+0": "0"}}, {"xps_cpus": {" 1": [0]}}, {"irq_affinity": {"1_0": "0"}},
])
def test_fastapi_router_refuses_what_no_answer_holds(body):
    """A string with a lone surrogate escape or a NaN or infinite number is
    422: refusing it, pydantic 2's errors (and some of 1's) quoted it and
    the answer could not be encoded (500). A queue's number is decimal
    digits on either pydantic: 2 read "1.0" as queue 1, 1 read "+0" and
    "1_0" as int() does."""
    client = _router_client("desktop")
    r = client.post("/api/nics/enp1s0/settings", content=json.dumps(body), headers={"content-type": "application/json"})
    assert r.status_code == 422, r.text
    (error,) = r.json()["detail"]
    assert error["loc"][0] == "body"
    # Queue numbers as digits pass to the library, which refuses to change a captured tree.
    r = client.post("/api/nics/enp1s0/settings", json={"rps_cpus": {"1": "0"}, "xps_cpus": {"0": [0]}})
    assert r.status_code == 409 and "captured tree cannot be changed" in r.json()["detail"]["message"]


# A JSON type of an OpenAPI schema; a bool is no number.
_JSON_TYPES = {"object": dict, "array": list, "string": str, "integer": int, "number": (int, float),
               "boolean": bool, "null": type(None)}
# What FastAPI sends in each of its own 422 errors beyond what its
# ValidationError schema declares: with pydantic 2 (FastAPI 0.100 on) the
# value refused ("input") and the constraint's parameters ("ctx").
_UNDECLARED = {"ValidationError": {"input", "ctx"}}


def _mismatches(value, schema, doc, where="body"):
    """Where a JSON value is not what an OpenAPI schema declares ([] when it
    is): $ref, allOf, anyOf, type, enum, required, items, and properties,
    with no key the schema does not declare (but for _UNDECLARED's).
    Pydantic 1 declares an Optional field as not required rather than
    nullable: null passes there. Pydantic 2 declares it nullable too
    (anyOf with {"type": "null"})."""
    extra = set()
    while "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        schema, extra = doc["components"]["schemas"][name], _UNDECLARED.get(name, set())
    if "allOf" in schema:
        return [m for part in schema["allOf"] for m in _mismatches(value, part, doc, where)]
    if "anyOf" in schema:
        fits = any(not _mismatches(value, part, doc, where) for part in schema["anyOf"])
        return [] if fits else ["%s: %r is none of %s" % (where, value, schema["anyOf"])]
    kind = schema.get("type")
    if kind and (not isinstance(value, _JSON_TYPES[kind]) or (isinstance(value, bool) and kind != "boolean")):
        return ["%s: %r is not %s" % (where, value, kind)]
    if "enum" in schema and value not in schema["enum"]:
        return ["%s: %r is not one of %s" % (where, value, schema["enum"])]
    if isinstance(value, list) and "items" in schema:
        return [m for i, v in enumerate(value) for m in _mismatches(v, schema["items"], doc, "%s[%d]" % (where, i))]
    if not isinstance(value, dict) or "properties" not in schema:
        return []
    props, required = schema["properties"], set(schema.get("required", []))
    out = ["%s: %r missing" % (where, k) for k in sorted(required - set(value))]
    out += ["%s: %r not declared" % (where, k) for k in value if k not in props and k not in extra]
    for k, v in value.items():
        if k in props and (v is not None or k in required):
            out += _mismatches(v, props[k], doc, where + "." + k)
    return out


def test_checker_of_schemas_sees_a_mismatch():
    doc = {"components": {"schemas": {"E": {"properties": {"message": {"type": "string"}}, "required": ["message"]}}}}
    ref = {"$ref": "#/components/schemas/E"}
    assert _mismatches({"message": "x"}, ref, doc) == []
    assert _mismatches({"detail": {"message": "x"}}, ref, doc) == [
        "body: 'message' missing", "body: 'detail' not declared"]
    assert _mismatches({"message": True}, {"properties": {"message": {"type": "integer"}}}, doc)
    # Nullable as pydantic 2 declares it.
    nullable = {"anyOf": [{"type": "integer"}, {"type": "null"}]}
    assert _mismatches(None, nullable, doc) == [] and _mismatches(1, nullable, doc) == []
    assert _mismatches("1", nullable, doc)
    # FastAPI's own 422 error may have its input; no other schema may have more than it declares.
    doc["components"]["schemas"]["ValidationError"] = doc["components"]["schemas"]["E"]
    assert _mismatches({"message": "x", "input": 1}, {"$ref": "#/components/schemas/ValidationError"}, doc) == []
    assert _mismatches({"message": "x", "input": 1}, ref, doc) == ["body: 'input' not declared"]


@pytest.mark.parametrize("method,route,url,body,status", [
    ("get", "/api/nics/{iface}", "/api/nics/eth9", None, 404),
    ("get", "/api/nics/{iface}", "/api/nics/%00", None, 400),
    ("get", "/api/nics/{iface}/pcie", "/api/nics/enx00e04c680001/pcie", None, 404),
    ("get", "/api/doctor", "/api/doctor?iface=%00", None, 400),
    ("get", "/api/doctor", "/api/doctor?iface=eth9", None, 404),
    ("post", "/api/nics/{iface}/settings", "/api/nics/enp1s0/settings", {"mtu": 9000}, 409),
    ("post", "/api/nics/{iface}/settings", "/api/nics/enp1s0/settings", {"mtu": "lots"}, 422),
    ("post", "/api/nics/{iface}/settings", "/api/nics/enp1s0/settings", [], 422),
    ("post", "/api/nics/{iface}/settings", "/api/nics/enp1s0/settings", {"rps_cpus": "0-"}, 400),
    ("post", "/api/nics/{iface}/settings", "/api/nics/eth9/settings", {"mtu": 9000, "dry_run": False}, 409),
    ("post", "/api/nics/{iface}/confirm", "/api/nics/%00/confirm", None, 400),
])
def test_fastapi_router_errors_are_as_declared(method, route, url, body, status):
    """Each error answer's status is declared for its route in the OpenAPI
    document, and its body is what that declares: {"detail": ...}, which
    was declared as the inner object alone."""
    client = _router_client("desktop")
    doc = client.app.openapi()
    r = client.request(method, url, json=body)
    assert r.status_code == status, r.text
    declared = doc["paths"][route][method]["responses"]
    assert str(status) in declared, sorted(declared)
    schema = declared[str(status)]["content"]["application/json"]["schema"]
    assert _mismatches(r.json(), schema, doc) == []
    if status == 409:
        assert r.json()["detail"]["apply"]["dry_run"] is (body.get("dry_run", True))


def test_fastapi_router_served_by_uvicorn():
    _router_module()
    pytest.importorskip("uvicorn", reason="uvicorn is not installed here")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, os.path.join(EXAMPLES, "fastapi_router.py"), "--port", str(port),
                             "--sysfs-root", tree("desktop")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        # Importing FastAPI and pydantic under qemu-user takes some ten times as long.
        deadline = time.monotonic() + (200 if os.environ.get("MULTIGIG_EMULATED") else 20)
        while True:
            try:
                with urllib.request.urlopen("http://127.0.0.1:%d/nics" % port, timeout=5) as resp:
                    assert resp.headers["Content-Type"] == "application/json"
                    assert json.load(resp) == cli_json("--sysfs-root", tree("desktop"), "list")
                break
            except urllib.error.URLError:
                assert proc.poll() is None and time.monotonic() < deadline
                time.sleep(0.1)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.mark.skipif(bool(os.environ.get("MULTIGIG_EMULATED")),
                    reason="under qemu-user the RSS holds the emulator's translation cache, which grows with new code")
def test_many_contexts_do_not_grow_memory():
    # The valgrind test checks for leaks; this one that a loop stays flat.
    def rss_kb():
        with open("/proc/self/status") as f:
            return int(next(line for line in f if line.startswith("VmRSS")).split()[1])

    for _ in range(200):
        with multigig.Context(tree("desktop")) as ctx:
            ctx.nics()
    start = rss_kb()
    for _ in range(1000):
        with multigig.Context(tree("desktop")) as ctx:
            ctx.nics()
    assert rss_kb() - start < 2048


@pytest.mark.parametrize("name", ["pi5-rtl8126", "pi5-rtl8126-gen3", "desktop", "pi5-aqc107", "cm4-rtl8125",
                                  "cm4-rtl8125-1g", "sensors-pc", "pi5-irq-cpu0", "usb-adapters"])
def test_doctor_equals_cli(name):
    """ctx.doctor() presents the library's findings as `multigig doctor --json` does."""
    out = subprocess.run([CLI, "--sysfs-root", tree(name), "--json", "doctor"], check=True,
                         capture_output=True, text=True).stdout
    with multigig.Context(tree(name)) as ctx:
        findings = ctx.doctor()
        assert [f.to_dict() for f in findings] == json.loads(out)["findings"]
        for f in findings:
            assert f.severity in ("critical", "warning", "info") and f.evidence and f.fix


def _families(text):
    from prometheus_client.parser import text_string_to_metric_families
    return {f.name: f for f in text_string_to_metric_families(text)}


def _samples(family, **labels):
    return [s for s in family.samples if all(s.labels.get(k) == v for k, v in labels.items())]


@pytest.mark.parametrize("name,device", [("pi5-rtl8126", "eth1"), ("pi5-aqc107", "eth1"),
                                          ("cm4-rtl8125", "eth1"), ("desktop", "enp1s0")])
def test_prometheus_export_matches_json(name, device):
    """The textfile export parses as Prometheus text and says what --json says."""
    text = subprocess.run([CLI, "--sysfs-root", tree(name), "export", "--format", "prometheus"],
                          check=True, capture_output=True, text=True).stdout
    fam = _families(text)
    assert "# HELP multigig_nic_info" in text and "# TYPE multigig_nic_info gauge" in text
    show = json.loads(subprocess.run([CLI, "--sysfs-root", tree(name), "--json", "show", device],
                                     check=True, capture_output=True, text=True).stdout)
    pcie = json.loads(subprocess.run([CLI, "--sysfs-root", tree(name), "--json", "pcie", device],
                                     check=True, capture_output=True, text=True).stdout)
    doctor = json.loads(subprocess.run([CLI, "--sysfs-root", tree(name), "--json", "doctor"],
                                       check=True, capture_output=True, text=True).stdout)["findings"]
    (info,) = _samples(fam["multigig_nic_info"], device=device)
    assert info.labels["driver"] == show["driver"] and info.labels["vendor_id"] == show["vendor_id"]
    assert info.value == 1
    (speed,) = _samples(fam["multigig_link_speed_bytes_per_second"], device=device)
    assert speed.value == show["speed_mbps"] * 125000
    for hop, node in enumerate(pcie["path"]):
        cur = _samples(fam["multigig_pcie_link_transfers_per_second"], device=device, hop=str(hop), state="current")
        cap = _samples(fam["multigig_pcie_link_lanes"], device=device, hop=str(hop), state="capable")
        # An unknown value has no sample, never a 0.
        assert [c.value for c in cur] == ([node["speed_gts"] * 1e9] if node["speed_gts"] else [])
        assert [c.value for c in cap] == ([node["cap_width"]] if node["cap_width"] else [])
        assert all(c.labels["role"] == node["role"] and c.labels["address"] == node["address"] for c in cur)
        for sev in ("correctable", "nonfatal", "fatal"):
            aer = _samples(fam["multigig_aer_errors"], device=device, hop=str(hop), severity=sev)
            total = node["aer"][sev]["total"] if node["aer"] else None
            assert [a.value for a in aer] == ([total] if total is not None else [])
    (avail,) = _samples(fam["multigig_pcie_available_bytes_per_second"], device=device)
    assert avail.value == round(pcie["limit"]["available_gbps"] * 1.25e8)
    for d in ("rx", "tx"):
        (exp,) = _samples(fam["multigig_expected_goodput_bytes_per_second"], device=device, direction=d)
        assert exp.value == round(pcie["ceilings"]["expected_%s_gbps" % d] * 1.25e8)
        (lim,) = _samples(fam["multigig_limited"], device=device, direction=d)
        assert lim.labels["by"] == pcie["ceilings"]["limited_by_%s" % d]
    for sev in ("critical", "warning", "info"):
        (n,) = _samples(fam["multigig_doctor_findings"], device=device, severity=sev)
        assert n.value == sum(1 for f in doctor if f["nic"] == device and f["severity"] == sev)
    ids = sorted((s.labels["id"], s.labels["severity"]) for s in _samples(fam["multigig_doctor_finding"], device=device))
    assert ids == sorted((f["id"], f["severity"]) for f in doctor if f["nic"] == device)
    _same_collector(name, fam)


def _same_collector(name, fam):
    # The Python collector yields the same samples.
    from multigig.prometheus import Collector
    ours = {(f.name, tuple(sorted(s.labels.items())), s.value)
            for f in Collector(tree(name)).collect() for s in f.samples}
    theirs = {(f.name, tuple(sorted(s.labels.items())), s.value)
              for f in fam.values() for s in f.samples}
    assert ours == theirs


@pytest.mark.parametrize("name,device", [("sensors-pc", "enp1s0"), ("sensors-pc", "enp2s0"),
                                          ("pi5-irq-cpu0", "eth1"), ("desktop", "enp1s0")])
def test_prometheus_counters_and_temperatures(name, device):
    """Carrier changes, drops, errors, missed frames and every sensor: show --json's values."""
    text = subprocess.run([CLI, "--sysfs-root", tree(name), "export", "--format", "prometheus"],
                          check=True, capture_output=True, text=True).stdout
    fam = _families(text)
    show = cli_json("--sysfs-root", tree(name), "show", device)
    stats = show["stats"] or {}
    for family, key in (("multigig_carrier_changes", "carrier_changes"), ("multigig_missed_frames", "rx_missed_errors")):
        assert [s.value for s in _samples(fam[family], device=device)] == (
            [stats[key]] if stats.get(key) is not None else [])
    for family, key in (("multigig_dropped_packets", "%s_dropped"), ("multigig_packet_errors", "%s_errors")):
        for d in ("rx", "tx"):
            assert [s.value for s in _samples(fam[family], device=device, direction=d)] == (
                [stats[key % d]] if stats.get(key % d) is not None else [])
    temps = sorted((s.labels["chip"], s.labels["sensor"], s.value)
                   for s in _samples(fam["multigig_temperature_celsius"], device=device))
    assert temps == sorted((t["chip"], t["sensor"], t["celsius"]) for t in show["temperatures"] or []
                           if t["celsius"] is not None)
    _same_collector(name, fam)


def test_prometheus_output_file_is_replaced_whole(tmp_path):
    out = tmp_path / "multigig.prom"
    out.write_text("old\n")
    subprocess.run([CLI, "--sysfs-root", tree("pi5-rtl8126"), "export", "--format", "prometheus",
                    "--output", str(out)], check=True)
    assert out.read_text().startswith("# HELP multigig_nic_info")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["multigig.prom"]  # no temporary left
    bad = subprocess.run([CLI, "--sysfs-root", tree("pi5-rtl8126"), "export", "--format", "openmetrics"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "--format prometheus" in bad.stderr


@pytest.mark.parametrize("name,target", EVIDENCE_TREES)
def test_evidence_equals_cli_show(name, target):
    """stats(), irqs(), temperatures() and usb() are show --json's keys."""
    cli = cli_json("--sysfs-root", tree(name), "show", target)
    with multigig.Context(tree(name)) as ctx:
        nic = ctx.nic(target)
        assert nic.stats() == cli["stats"]
        assert nic.irqs() == cli["irqs"]
        assert nic.temperatures() == cli["temperatures"]
        assert nic.usb() == cli["usb"]


@pytest.mark.parametrize("name", ["sensors-pc", "pi5-irq-cpu0", "usb-adapters"])
def test_evidence_snapshot_equals_reads(name):
    with multigig.Context(tree(name)) as ctx:
        single = {n.name or n.address: n for n in ctx.nics()}
        for nic in ctx.snapshot():
            one = single[nic.name or nic.address]
            assert (nic.stats(), nic.irqs(), nic.temperatures()) == (one.stats(), one.irqs(), one.temperatures())
            assert nic.usb() == one.usb()


def test_evidence_stories():
    with multigig.Context(tree("sensors-pc")) as ctx:
        phy = ctx.nic("enp1s0").temperatures()[0]
        assert (phy["celsius"], phy["max_celsius"], phy["alarm"]) == (122.0, 120.0, True)
        assert [t["label"] for t in ctx.nic("enp2s0").temperatures()] == ["PHY Temperature", "MAC Temperature"]
    with multigig.Context(tree("pi5-irq-cpu0")) as ctx:
        irqs = ctx.nic("eth1").irqs()
        assert all(v["per_cpu"]["0"] == v["total"] > 0 for v in irqs["vectors"])
        assert irqs["online_cpus"] == 4
        assert irqs["rx_queues"] == [{"queue": "rx-0", "rps_cpus": "0", "rps_cpus_list": ""}]
        assert ctx.nic("eth1").stats()["rx_missed_errors"] == 912377
    with multigig.Context(tree("usb-adapters")) as ctx:
        usb2 = ctx.nic("enx245ebe000001").usb()
        assert (usb2["speed_mbps"], usb2["port_speed_mbps"], usb2["port_usb_version"]) == (480, 480, "2.00")
        ncm = ctx.nic("enx00e04c680002").usb()
        assert ncm["generic_driver"] and ncm["vendor_driver"] == "r8152" and not ncm["vendor_driver_loaded"]
        assert ctx.nic("enx00e04c680002").stats()["rx_packets"] is None  # not in this tree: unknown


@pytest.mark.parametrize("name,target", EVIDENCE_TREES)
def test_readings_are_objects_with_attributes(name, target):
    """Every reading is an object whose attributes are its to_dict()'s keys,
    and to_dict() is show --json's; reading by key still works."""
    cli = cli_json("--sysfs-root", tree(name), "show", target)
    with multigig.Context(tree(name)) as ctx:
        nic = ctx.nic(target)
        readings = {"stats": nic.stats(), "irqs": nic.irqs(), "usb": nic.usb()}
        if nic.name:
            readings.update(link=nic.link(), eee=nic.eee(), features=nic.features())
        temps = [t.to_dict() for t in nic.temperatures()]
    assert temps == cli["temperatures"]
    for key, obj in readings.items():
        if obj is None:
            assert cli[key] is None
            continue
        d = obj.to_dict()
        assert d == cli[key] and json.loads(json.dumps(d)) == d
        if isinstance(obj, multigig.Record):
            assert all(getattr(obj, k) == obj[k] for k in d) and list(obj) == list(d)


def test_reading_attributes():
    with multigig.Context(tree("cm4-rtl8125-1g")) as ctx:
        nic = ctx.nic("eth1")
        link = nic.link()
        assert isinstance(link, multigig.Link) and link.best_common_mode == "2500baseT/Full"
        assert link.not_advertised == ["2500baseT/Full"] and link.get("sqi", 0) is None
        with pytest.raises(KeyError):
            link["nonsense"]
        assert nic.features()["highdma"].fixed and "highdma" in nic.features()
        assert nic.eee().tx_lpi_timer_us is None and "error" not in nic.eee()
    with multigig.Context(tree("sensors-pc")) as ctx:
        stats = ctx.nic("enp1s0").stats()
        assert stats.eth_mac["FramesReceivedOK"] == stats["eth_mac"]["FramesReceivedOK"]
        sensor = ctx.nic("enp1s0").temperatures()[0]
        assert isinstance(sensor, multigig.Temperature) and sensor.alarm and sensor.celsius == 122.0
    with multigig.Context(tree("pi5-irq-cpu0")) as ctx:
        irqs = ctx.nic("eth1").irqs()
        assert irqs.vectors[0].per_cpu["0"] == irqs.vectors[0].total
        assert irqs.rx_queues[0].rps_cpus == "0" and irqs.rx_queues[0].rps_cpus_list == ""
        assert irqs.to_dict()["rx_queues"] == [{"queue": "rx-0", "rps_cpus": "0", "rps_cpus_list": ""}]
    with multigig.Context(tree("sensors-pc")) as ctx:
        # The list form is what apply() takes and a change's "new" says: "0", not the mask "1".
        tx = ctx.nic("enp2s0").irqs().tx_queues
        assert [(q.xps_cpus, q.xps_cpus_list) for q in tx[:2]] == [("1", "0"), ("2", "1")]
    with multigig.Context(tree("usb-adapters")) as ctx:
        usb = ctx.nic("enx245ebe000001").usb()
        assert usb.port_usb_version == "2.00" and all(isinstance(h, multigig.UsbDevice) for h in usb.hubs)


def test_settings_groups_from_values():
    values = {multigig.records._key(p): None for p in multigig.PARAMS}
    values.update(mtu=1500, rx_ring=512, tx_ring=256, combined=4, rx_usecs=50)
    s = multigig.Settings("eth0", values, {"rx_ring": 4096, "combined": 8, "mtu": 9000},
                          {"mtu": None, "rings": None, "channels": None, "coalesce": None, "pause": "no pause"})
    assert s.rings.rx_ring == 512 and s.rings.rx_ring_max == 4096 and s.rings.tx_ring_max is None
    assert s.rings.to_dict()["rx_ring_max"] == 4096 and "tx_ring_max" not in s.rings.to_dict()
    assert s.channels.combined_max == 8 and s.coalesce.rx_usecs == 50 and s.mtu == 1500
    assert s.pause.to_dict() == {"supported": False, "error": "no pause"} and s.pause.pause_rx is None
    assert s.to_dict()["rings"] == s.group("rings").to_dict() and s.group("pause") == s.pause
    with pytest.raises(ValueError):
        s.group("mtu")
    # The declared attributes are the library's parameters, group by group.
    for cls in (multigig.Rings, multigig.Channels, multigig.Coalesce, multigig.Pause):
        declared = {k for k in cls.__annotations__ if not k.startswith("_") and k != "GROUP"}
        params = {multigig.records._key(n) for n, g in multigig.records._PARAM_GROUPS if g == cls.GROUP}
        assert declared == params | {p + "_max" for p in cls._MAXIMA}


def test_declared_stats_are_the_librarys():
    declared = [k for k in multigig.Stats.__annotations__ if not k.startswith("_")]
    assert declared == list(multigig.Stats._KEYS)


def test_failed_apply_raises_apply_error():
    with multigig.Context(tree("desktop")) as ctx:
        with pytest.raises(multigig.ApplyError) as e:
            ctx.apply("enp1s0", mtu=9000)
    err = e.value
    assert isinstance(err, OSError) and err.errno == errno.EOPNOTSUPP and "captured tree" in err.strerror
    assert err.result.changes == [] and err.changed == [] and err.failed_group is None
    assert err.rolled_back is None and err.kernel_message is None


def test_empty_cpu_list_refused():
    """"" and [] are refused before anything is read (an unset variable would
    switch steering off); "none" is the word for no CPU, refused below only
    because the tree is a capture."""
    with multigig.Context(tree("desktop")) as ctx:
        for key, value in (("rps_cpus", ""), ("xps_cpus", " "), ("rps_cpus", []), ("xps_cpus", {1: ""})):
            with pytest.raises(ValueError, match="is empty; say \"none\" for no CPU"):
                ctx.apply("enp1s0", dry_run=True, **{key: value})
        for value in ("", [], {45: ""}, "none"):
            with pytest.raises(ValueError, match="is empty; name one CPU at least|is not a CPU list of one CPU"):
                ctx.apply("enp1s0", dry_run=True, irq_affinity=value)
        with pytest.raises(multigig.ApplyError, match="captured tree"):
            ctx.apply("enp1s0", dry_run=True, rps_cpus="none", xps_cpus={0: "none"})


@pytest.mark.parametrize("key", sorted(k for k, kind in multigig.SETTINGS.items() if kind in ("number", "ring")))
def test_apply_refuses_a_bool_for_a_number(key):
    """True was an MTU of 1 (bool is an int); refused before the library,
    which here would refuse a captured tree with an OSError."""
    with multigig.Context(tree("desktop")) as ctx:
        for value in (True, False, 1.0, None):
            with pytest.raises(TypeError, match="^%s: " % key):
                ctx.apply("enp1s0", dry_run=True, **{key: value})
        with pytest.raises(ValueError, match="^%s: " % key):
            ctx.apply("enp1s0", dry_run=True, **{key: "9000"})


def test_apply_takes_flags_and_dry_run_as_real_bools():
    """A flag is True/False (or "on"/"off" for a setting), never 0/1, None
    or a truthy string: dry_run="no" was a dry run."""
    flags = [k for k, kind in multigig.SETTINGS.items() if kind == "flag"]
    assert set(flags) >= {"eee", "aspm_l1", "tx_push", "adaptive_rx", "pause_rx"}
    with multigig.Context(tree("desktop")) as ctx:
        for key in flags + ["gro", "rx_gro"]:
            for value in (1, 0, None, 1.0, [True]):
                with pytest.raises(TypeError, match="^%s: " % key):
                    ctx.apply("enp1s0", dry_run=True, **{key: value})
            with pytest.raises(ValueError, match="^%s: " % key):
                ctx.apply("enp1s0", dry_run=True, **{key: "yes"})
        for value in ("no", "", "False", 0, 1, None):
            with pytest.raises(TypeError, match="dry_run"):
                ctx.apply("enp1s0", dry_run=value, mtu=1500)
            with pytest.raises(TypeError, match="dry_run"):
                ctx.rollback("enp1s0", dry_run=value)
        with pytest.raises(TypeError, match="feature 'rx-gro'"):
            ctx.apply("enp1s0", dry_run=True, features={"rx-gro": 0})
        for value in (True, "5", 5.0):
            with pytest.raises(TypeError, match="confirm"):
                ctx.apply("enp1s0", mtu=1500, confirm=value)
        # Right types reach the library, which refuses the captured tree.
        with pytest.raises(multigig.ApplyError):
            ctx.apply("enp1s0", dry_run=True, mtu=9000, rx_ring="max", pause_rx="off", eee=True, gro=False)


def test_settings_kinds_are_the_librarys_parameters():
    """SETTINGS has every parameter the library names, then the others apply() takes."""
    params = [multigig.records._key(p) for p in multigig.PARAMS]
    assert list(multigig.SETTINGS)[:len(params)] == params
    assert set(multigig.SETTINGS.values()) == {"number", "ring", "flag", "modes", "cpus", "wol"}
    assert all(multigig.core.mg_param_from_name(p) >= 0 for p in multigig._ON_OFF)


def test_wol_keyword_takes_ethtools_letters():
    """wol: ethtool's letters or d/off, as a str; anything else refused before the library is asked."""
    for good in ("g", "pumbg", "d", "off"):
        multigig.core.mg_settings_free(multigig.ApplyResult._want({"wol": good}))
    with pytest.raises(TypeError):
        multigig.ApplyResult._want({"wol": True})
    for bad in ("", "on", "gx"):
        with pytest.raises(ValueError, match="ethtool's letters"):
            multigig.ApplyResult._want({"wol": bad})


def test_persist_takes_true_or_false():
    """persist: True or False, refused otherwise before the library is
    asked; not a setting (not in SETTINGS, not taken for a feature); the
    library refuses it with the rest on a captured tree."""
    assert "persist" not in multigig.SETTINGS
    with multigig.Context(tree("desktop")) as ctx:
        for bad in ("yes", "remove", 1, None):
            with pytest.raises(TypeError, match="^persist must be True or False"):
                ctx.apply("enp1s0", dry_run=True, mtu=9000, persist=bad)
        for bad in ("no", 0):
            with pytest.raises(TypeError, match="^remove must be True or False"):
                ctx.persist("enp1s0", remove=bad)
            with pytest.raises(TypeError, match="^dry_run must be True or False"):
                ctx.persist("enp1s0", dry_run=bad)
        with pytest.raises(ValueError, match="^persist: tuned"):
            with ctx.tuned("enp1s0", mtu=9000, persist=False):
                pass
        for call in (lambda: ctx.apply("enp1s0", dry_run=True, mtu=9000, persist=True),
                     lambda: ctx.persist("enp1s0", dry_run=True),
                     lambda: ctx.persist("enp1s0", remove=True, dry_run=True)):
            with pytest.raises(multigig.ApplyError, match="captured tree cannot be changed"):
                call()


def test_fastapi_router_persist_bodies():
    """"persist" and "remove" are JSON booleans, and /persist takes no other
    field; a captured tree is never changed, persisting or not."""
    client = _router_client("desktop")
    for body in ({"mtu": 9000, "persist": "yes"}, {"mtu": 9000, "persist": 1}, {"mtu": 9000, "persist": None}):
        assert client.post("/api/nics/enp1s0/settings", json=body).status_code == 422, body
    for body in ({"remove": "yes"}, {"remove": 1}, {"dry_run": "no"}, {"mtu": 9000}, [], None):
        assert client.post("/api/nics/enp1s0/persist", json=body).status_code == 422, body
    r = client.post("/api/nics/enp1s0/settings", json={"mtu": 9000, "persist": True})
    assert r.status_code == 409 and "captured tree cannot be changed" in r.json()["detail"]["message"]
    for body in ({}, {"remove": True}, {"remove": False, "dry_run": False}):
        r = client.post("/api/nics/enp1s0/persist", json=body)
        assert r.status_code == 409 and "captured tree cannot be changed" in r.json()["detail"]["message"], body
        assert r.json()["detail"]["apply"]["dry_run"] is body.get("dry_run", True)


def test_typed_entry_points_refuse_bools_and_strings():
    """Each int or flag argument of the package: a bool is no int, a str no flag."""
    with multigig.Context(tree("phys")) as ctx:
        nic = ctx.nic("eth1")
        calls = [
            lambda: ctx.cable_test("eth1", yes="no"),
            lambda: ctx.cable_test("eth1", yes=True, tdr=1),
            lambda: ctx.cable_test("eth1", yes=True, timeout_ms=True),
            lambda: ctx.doctor(interval=True),
            lambda: nic.to_dict(detail="no"),
            lambda: nic.watch(interval=True),
            lambda: nic.watch(interval="1"),
            lambda: nic.watch(count=True),
            lambda: multigig.report(ctx, "eth1", watch=True),
            lambda: multigig.enable_logging("no"),
            lambda: multigig.estimate(True, 1, 256, 1500, 10000),
            lambda: multigig.estimate(3, 1, 256, 1500.0, 10000),
            lambda: multigig.estimate(3, 1, 256, 1500, 10000, header=True),
            lambda: multigig.estimate(3, 1, 256, 1500, 10000, completion=False),
            lambda: __import__("multigig.prometheus").prometheus.Collector(all_adapters="no"),
        ]
        for call in calls:
            with pytest.raises(TypeError):
                call()
    assert multigig._log_by_default is False


def test_apply_error_classes():
    """An errno Python has an OSError subclass for gives an ApplyError that is also one."""
    result = multigig.ApplyResult(None)
    for code, cls in ((errno.EPERM, PermissionError), (errno.ENODEV, FileNotFoundError),
                      (errno.EINVAL, OSError), (errno.ETIMEDOUT, TimeoutError)):
        err = multigig.ApplyError._from(-code, None, result)
        assert isinstance(err, multigig.ApplyError) and isinstance(err, cls) and err.errno == code
        assert err.strerror == os.strerror(code) and err.result is result
    assert type(multigig.ApplyError._from(-errno.EINVAL, None, result)) is multigig.ApplyError


def _records(caplog):
    return [(r.levelname, r.getMessage()) for r in caplog.records if r.name == "multigig"]


def test_logging_only_when_asked(caplog, capfd):
    caplog.set_level(logging.DEBUG, logger="multigig")
    with multigig.Context(tree("desktop")) as ctx:
        ctx.nics()
        with pytest.raises(FileNotFoundError):
            ctx.nic("eth9")
    assert _records(caplog) == []
    with multigig.Context(tree("desktop"), log=True) as ctx:
        ctx.nics()
        with pytest.raises(FileNotFoundError):
            ctx.nic("eth9")
    got = _records(caplog)
    assert ("ERROR", "no network interface named 'eth9'") in got
    assert any(level == "DEBUG" and "adapters from replay" in m for level, m in got)
    assert capfd.readouterr() == ("", "")


def test_logging_levels_and_logger(caplog):
    caplog.set_level(logging.ERROR, logger="multigig")
    with multigig.Context(tree("desktop"), log=True) as ctx:
        ctx.nics()
        with pytest.raises(FileNotFoundError):
            ctx.nic("eth9")
    # The library drops what the logger would: only the error is left.
    assert _records(caplog) == [("ERROR", "no network interface named 'eth9'")]
    caplog.clear()
    caplog.set_level(logging.DEBUG, logger="multigig.mine")
    mine = logging.getLogger("multigig.mine")
    with multigig.Context(tree("desktop"), log=mine) as ctx:
        ctx.nics()
    assert any(r.name == "multigig.mine" and r.levelno == logging.DEBUG for r in caplog.records)
    with pytest.raises(TypeError):
        multigig.Context(tree("desktop"), log="yes")


def test_enable_logging(caplog):
    caplog.set_level(logging.DEBUG, logger="multigig")
    multigig.enable_logging()
    try:
        with multigig.Context(tree("desktop")) as ctx:
            ctx.nics()
        with multigig.Context(tree("desktop"), log=False) as ctx:
            with pytest.raises(FileNotFoundError):
                ctx.nic("eth9")
    finally:
        multigig.enable_logging(False)
    got = _records(caplog)
    assert got and not any("eth9" in m for _, m in got)


def test_logging_context_freed():
    """Once the Context is closed nothing reaches Python, though a Nic keeps
    the C context; the forwarder does not keep the Context alive."""
    seen = []

    class Keep(logging.Handler):
        def emit(self, record):
            seen.append(record.getMessage())

    logger = logging.getLogger("multigig.freed")
    logger.setLevel(logging.DEBUG)
    logger.addHandler(Keep())
    ctx = multigig.Context(tree("desktop"), log=logger)
    nic = ctx.nic("enp1s0")
    assert seen
    ctx.close()
    seen.clear()
    with pytest.raises(ValueError):
        nic.pcie()
    del nic
    assert seen == []
    ctx = multigig.Context(tree("desktop"), log=logger)
    ref = weakref.ref(ctx)
    nics = ctx.nics()
    del ctx, nics  # no cycle through the forwarder: freed at once, closed by __del__
    assert ref() is None


def test_version_metadata_and_public_names():
    """multigig.__version__ is meson's, as the distribution's metadata and the CLI say."""
    import importlib.metadata
    import re
    assert re.fullmatch(r"\d+\.\d+\.\d+", multigig.__version__)
    assert importlib.metadata.version("multigig") == multigig.__version__
    out = subprocess.run([CLI, "--version"], check=True, capture_output=True, text=True).stdout
    assert out.split() == ["multigig", multigig.__version__]
    assert all(hasattr(multigig, name) for name in multigig.__all__)
    public = {name for name, v in vars(multigig).items() if not name.startswith("_") and isinstance(v, type)
              and v.__module__.startswith("multigig")}
    assert public <= set(multigig.__all__), sorted(public - set(multigig.__all__))


def test_every_object_has_a_useful_repr():
    """No <... object at 0x...>: each object says what it is (settings, plans
    and samples: tests/python/test_kernel.py, on a veth)."""
    with multigig.Context(tree("pi5-rtl8126")) as ctx:
        nic = ctx.nic("eth1")
        objects = [ctx, nic, nic.pcie(), nic.throughput(), nic.cable(), ctx.doctor()[0],
                   multigig.estimate(pcie_gen=2, pcie_width=1, mps=256, mtu=1500, link_mbps=10000)]
        assert "open" in repr(ctx)
    assert "closed" in repr(ctx)
    for o in objects:
        text = repr(o)
        assert text.startswith("<multigig.") and " object at 0x" not in text, text


def test_unknown_interface_raises_no_such_interface():
    with multigig.Context(tree("desktop")) as ctx:
        with pytest.raises(multigig.NoSuchInterface) as e:
            ctx.nic("eth9")
    assert isinstance(e.value, FileNotFoundError) and isinstance(e.value, LookupError)
    assert e.value.errno == errno.ENODEV and "no network interface named 'eth9'" in str(e.value)


def test_kernel_log_equals_cli_show(tmp_path):
    """kernel_log() is show --json's key, from a read or a snapshot; a
    capture without a log says why."""
    import shutil
    root = tmp_path / "t"
    shutil.copytree(tree("pi5-rtl8126"), root, symlinks=True)
    (root / "multigig" / "kmsg").write_bytes(
        open(os.path.join(os.path.dirname(TREES), "kmsg", "pi5-rtl8126-gen2.kmsg"), "rb").read())
    cli = cli_json("--sysfs-root", str(root), "show", "eth1")
    with multigig.Context(str(root)) as ctx:
        nic = ctx.nic("eth1")
        lines = nic.kernel_log()
        assert lines is not None and [l.to_dict() for l in lines] == cli["kernel_log"]
        assert nic.kernel_log_unknown() is None
        assert lines[0].kind == "pcie-link-down" and lines[0].about == "host bridge" and lines[0].time == 1.203456
        snap = {n.name: n for n in ctx.snapshot()}
        assert [l.to_dict() for l in snap["eth1"].kernel_log() or []] == cli["kernel_log"]
    with multigig.Context(tree("pi5-rtl8126")) as ctx:
        nic = ctx.nic("eth1")
        assert nic.kernel_log() is None
        assert nic.kernel_log_unknown() == ("this capture holds no kernel log (captures made before "
                                            "libmultigig 0.3 have none)")


# Names a kernel allows that look alike or mean something to a shell: the
# text \xff and the byte 0xff, eth0 and eth0 with a zero-width space, a
# name that U+202E turns around, bytes that are not UTF-8, metacharacters.
HOSTILE_NAMES = [b"e\\xffx", b"e\xffx", "eth0\u200b".encode(), "a\u202eb".encode(), b"e\xc0\xaf", b"a`b",
                 b"a;b", b"$(reboot)", b"a'b"]
IRQ_CPU0_NET = b"devices/platform/axi/1000110000.pcie/pci0001:00/0001:00:00.0/0001:01:00.0/net/"


def _renamed_irq_tree(root, name):
    """pi5-irq-cpu0 (whose RPS fix names the interface) with eth1 renamed to ``name`` (bytes)."""
    import shutil
    shutil.copytree(tree("pi5-irq-cpu0"), root, symlinks=True)
    base = os.fsencode(root) + b"/"
    for d in (IRQ_CPU0_NET, b"multigig/net/", b"multigig/ethtool-stats/"):
        os.rename(base + d + b"eth1", base + d + name)
    os.unlink(base + b"class/net/eth1")
    os.symlink(b"../../" + IRQ_CPU0_NET + name, base + b"class/net/" + name)
    return str(root)


def test_hostile_names_apart(tmp_path):
    """Each name comes back whole (bytes as surrogate escapes), its fix
    command is one shell word that sh reads back as the name, and its
    Prometheus series is its own: no two names share one."""
    from multigig.prometheus import Collector, label_value
    labels = set()
    for i, raw in enumerate(HOSTILE_NAMES):
        root = _renamed_irq_tree(tmp_path / str(i), raw)
        name = os.fsdecode(raw)
        with multigig.Context(root) as ctx:
            assert name in [nic.name for nic in ctx.nics()]
            fixes = [f.fix_command for f in ctx.doctor() if f.fix_command]
        assert len(fixes) == 1 and fixes[0].startswith("multigig set ") and fixes[0].endswith(" rps-cpus 1-3")
        word = fixes[0][len("multigig set "):-len(" rps-cpus 1-3")]
        plain = all(c.isascii() and (c.isalnum() or c in "_-.,/:+@%") for c in name)
        typable = label_value(name) == name  # nothing text shows as an escape
        if plain:
            assert word == name
        elif typable:
            assert word == "'" + name.replace("'", "'\\''") + "'"
        else:  # made by printf from octal escapes: what shows is what pastes
            assert word.startswith("\"$(printf '") and word.isascii() and word.isprintable()
        said = subprocess.run(["sh", "-c", "printf '%s|' " + os.fsdecode(os.fsencode(word))], check=True,
                              capture_output=True).stdout
        assert said == raw + b"|"
        devices = {s.labels["device"] for f in Collector(root).collect() for s in f.samples
                   if f.name == "multigig_nic_info"}
        assert label_value(name) in devices
        assert label_value(name).isprintable() and label_value(name).encode("utf-8")
        labels.add(label_value(name))
    assert len(labels) == len(HOSTILE_NAMES)
    assert label_value("e\\xffx") == "e\\\\xffx" and label_value("e\udcffx") == "e\\xffx"
    assert label_value("eth0\u200b") == "eth0\\u200b" and label_value("a\u202eb") == "a\\u202eb"
    assert label_value("'a'\\''b'") == "'a'\\''b'" and label_value("a\\") == "a\\\\"
