# SPDX-License-Identifier: LGPL-2.1-or-later
"""Every public name of the package, used as its annotations say: mypy
--strict checks this file (the python-typing test) and pytest runs it on
fixture trees, checking at run time that the values have the declared types."""
from __future__ import annotations

import errno
import logging
import os
import pathlib
import re
from typing import Optional, Union

import pytest

import multigig
from multigig.prometheus import Collector

TREES = os.environ["FIXTURE_TREES"]


def tree(name: str) -> str:
    return os.path.join(TREES, name)


def test_every_public_name_is_used_here() -> None:
    with open(__file__) as f:
        text = f.read()
    used = set(re.findall(r"multigig\.([A-Za-z_]+)", text))
    assert set(multigig.__all__) <= used


def test_context_nic_and_identity() -> None:
    with multigig.Context(tree("desktop"), log=False) as ctx:
        offline: bool = ctx.offline
        root: str = ctx.sysfs_root
        nics: list[multigig.Nic] = ctx.nics()
        snap: list[multigig.Nic] = ctx.snapshot()
        nic: multigig.Nic = ctx.nic("enp1s0")
        name: Optional[str] = nic.name
        mtu: Optional[int] = nic.mtu
        has_driver: bool = nic.has_driver
        modules: Optional[list[str]] = nic.kernel_modules
        d: dict[str, object] = nic.to_dict(detail=True)
    assert offline and root == tree("desktop") and len(nics) == len(snap)
    assert name == "enp1s0" and mtu == 1500 and has_driver and d["class"] == nic.class_code
    assert modules is None or all(isinstance(m, str) for m in modules)


def test_pcie_throughput_estimate_doctor() -> None:
    with multigig.Context(tree("pi5-rtl8126")) as ctx:
        path: multigig.PciePath = ctx.pcie("eth1")
        nic = ctx.nic("eth1")
        tp: multigig.Throughput = nic.throughput()
        same: multigig.Throughput = ctx.throughput("eth1")
        findings: list[multigig.Finding] = ctx.doctor(interval=0) + nic.doctor()
        cable: multigig.CableInfo = ctx.cable("eth1")
    est: multigig.Estimate = multigig.estimate(3, 1, 256, 1500, 10000, header="3dw")
    rx: float = est.rx_ceiling_gbps
    limit: Optional[dict[str, object]] = path.limit
    expected: Optional[float] = tp.expected_rx_gbps
    assert limit is not None and expected == same.expected_rx_gbps and rx > 6
    assert all(isinstance(f.title, str) and isinstance(f.fixable, bool) for f in findings)
    assert cable.support in ("supported", "unsupported", "unknown")


def test_readings() -> None:
    with multigig.Context(tree("cm4-rtl8125-1g")) as ctx:
        nic = ctx.nic("eth1")
        link: multigig.Link = nic.link()
        eee: Optional[multigig.Eee] = nic.eee()
        features: Optional[multigig.Features] = nic.features()
    speed: Optional[int] = link.speed_mbps
    assert isinstance(link, multigig.Record) and speed == link["speed_mbps"]
    assert eee is not None and eee.tx_lpi_timer_us is None
    assert features is not None
    highdma: multigig.Feature = features["highdma"]
    assert highdma.fixed and features.to_dict()["highdma"]["fixed"]
    with multigig.Context(tree("sensors-pc")) as ctx:
        nic = ctx.nic("enp1s0")
        stats: Optional[multigig.Stats] = nic.stats()
        irqs: multigig.Irqs = nic.irqs()
        temps: list[multigig.Temperature] = nic.temperatures()
        klog: Optional[list[multigig.KernelLogLine]] = nic.kernel_log()
        klog_unknown: Optional[str] = nic.kernel_log_unknown()
    assert klog is None and klog_unknown is not None
    assert stats is not None
    rx_packets: Optional[int] = stats.rx_packets
    eth_mac: Optional[dict[str, Optional[int]]] = stats.eth_mac
    assert rx_packets is None or rx_packets >= 0
    assert eth_mac is None or all(isinstance(k, str) for k in eth_mac)
    vectors: list[multigig.IrqVector] = irqs.vectors
    rx_queues: list[multigig.RxQueue] = irqs.rx_queues
    tx_queues: list[multigig.TxQueue] = irqs.tx_queues
    assert all(isinstance(v.name, str) for v in vectors) and all(q.queue for q in rx_queues + tx_queues)
    celsius: Optional[float] = temps[0].celsius
    assert celsius == 122.0
    with multigig.Context(tree("usb-adapters")) as ctx:
        usb: Optional[multigig.UsbInfo] = ctx.nic("enx245ebe000001").usb()
    assert usb is not None
    hubs: list[multigig.UsbDevice] = usb.hubs
    port: Optional[int] = usb.port_speed_mbps
    assert port == 480 and all(isinstance(h.device, str) for h in hubs)


def describe_cable_test(test: multigig.CableTest) -> list[str]:
    """What a cable test says, pair by pair (a test needs a live PHY)."""
    pairs: list[multigig.CablePair] = test.pairs
    trace: list[multigig.TdrSample] = test.tdr or []
    return ["%s: %s" % (p.pair, p.code) for p in pairs] + ["%d cm %d mV" % (s.distance_cm, s.mv) for s in trace]


def test_cable_test_needs_a_live_context() -> None:
    with multigig.Context(tree("phys")) as ctx:
        with pytest.raises(OSError):
            describe_cable_test(ctx.cable_test("eth1", yes=True))


def test_settings_groups() -> None:
    values: dict[str, Optional[int]] = {p.replace("-", "_"): None for p in multigig.PARAMS}
    values.update(mtu=9000, rx_ring=1024, combined=2, rx_usecs=8, pause_rx=1)
    settings = multigig.Settings("eth0", values, {"rx_ring": 4096}, {})
    group: multigig.SettingsGroup = settings.group("rings")
    rings: multigig.Rings = settings.rings
    channels: multigig.Channels = settings.channels
    coalesce: multigig.Coalesce = settings.coalesce
    pause: multigig.Pause = settings.pause
    ring_max: Optional[int] = rings.rx_ring_max
    assert group == rings and ring_max == 4096 and channels.combined == 2
    assert coalesce.rx_usecs == 8 and pause.pause_rx == 1 and settings.mtu == 9000


def test_apply_and_its_error() -> None:
    cpus: multigig.CpuSet = [0, 1]
    wanted: dict[str, multigig.SettingValue] = {"mtu": 9000, "rx_ring": "max", "gro": False,
                                                "advertise": ["2500baseT/Full"], "rps_cpus": {0: cpus},
                                                "irq_affinity": "0-1"}
    kinds: dict[str, str] = multigig.SETTINGS
    assert all(kinds[key] for key in wanted if key != "gro") and kinds["mtu"] == "number"
    with multigig.Context(tree("cm4-rtl8125-1g")) as ctx:
        with pytest.raises(multigig.ApplyError) as e:
            ctx.apply("eth1", dry_run=True, **wanted)
        with pytest.raises(TypeError):
            ctx.apply("eth1", dry_run=True, mtu=True)
        with pytest.raises(OSError):
            ctx.rollback("eth1")
        with pytest.raises(OSError):
            ctx.interrupted("eth1")
        with pytest.raises(multigig.ApplyError):
            ctx.apply("eth1", dry_run=True, mtu=9000, persist=True)
        with pytest.raises(multigig.ApplyError):
            persisted: multigig.ApplyResult = ctx.persist("eth1", dry_run=True, remove=False)
            assert persisted.changes == []
    err: multigig.ApplyError = e.value
    result: multigig.ApplyResult = err.result
    changed: list[multigig.Change] = err.changed
    group: Optional[str] = err.failed_group
    rolled_back: Optional[bool] = err.rolled_back
    assert err.errno == errno.EOPNOTSUPP and changed == [] and group is None and rolled_back is None
    assert result.to_dict()["changes"] == [] and err.kernel_message is None
    change = multigig.Change("mtu", 1500, 9000)
    name, old, new = change
    value: Union[int, bool, str, list[str], None] = change.new
    assert (name, old, new) == ("mtu", 1500, 9000) and value == 9000


def test_logging_and_unknown() -> None:
    multigig.enable_logging()
    try:
        with multigig.Context(tree("desktop"), log=logging.getLogger("multigig.typed")) as ctx:
            assert ctx.nics()
    finally:
        multigig.enable_logging(False)
    assert multigig.UNKNOWN == -1


def test_prometheus_collector() -> None:
    families = list(Collector(tree("pi5-rtl8126")).collect())
    assert {f.name for f in families} >= {"multigig_nic_info", "multigig_expected_goodput_bytes_per_second"}
    assert Collector().describe() == []


def test_paths_as_pathlib(tmp_path: pathlib.Path) -> None:
    with multigig.Context(pathlib.Path(tree("desktop"))) as ctx:
        ctx.capture(tmp_path / "c")
    with multigig.Context(tmp_path / "c") as ctx:
        assert [n.name for n in ctx.nics()]


def describe_sample(sample: multigig.Sample) -> str:
    rx: Optional[float] = sample.rx_bps
    use: Optional[float] = sample.rx_ceiling_use_pct
    return "%s bit/s, %s%% of the ceiling" % (rx, use)


def test_pictures_and_watch(tmp_path: pathlib.Path) -> None:
    with multigig.Context(tree("desktop"), log=False) as ctx:
        nic = ctx.nic("enp1s0")
        svg: str = nic.pcie().to_svg()
        page: str = multigig.report(ctx, nic, html=tmp_path / "r.html")
        assert svg.startswith("<?xml") and "<svg" in svg
        assert page == (tmp_path / "r.html").read_text()
        # A recorded tree has no counters that move: rates are unknown, the ceiling is not.
        samples: list[multigig.Sample] = list(nic.watch(interval=0.01, count=1))
        assert describe_sample(samples[0]) == "None bit/s, None% of the ceiling"
        expected: Optional[float] = samples[0].expected_rx_gbps
        assert expected is not None and expected > 0


def test_version_and_no_such_interface() -> None:
    version: str = multigig.__version__
    assert version.count(".") == 2
    with multigig.Context(tree("desktop")) as ctx:
        try:
            ctx.nic("eth9")
        except multigig.NoSuchInterface as e:
            assert e.errno == errno.ENODEV


def test_wifi() -> None:
    """The wiphys of a capture made in a QEMU guest with two mac80211_hwsim
    radios associated (tests/fixtures/trees/hwsim-6.12/SOURCE)."""
    with multigig.Context(tree("hwsim-6.12"), log=False) as ctx:
        phys: list[multigig.Wiphy] = ctx.wiphys()
        assert sorted(w.phy or "" for w in phys) == ["phy0", "phy1"]
        sta = ctx.nic("wlan1")
        w: Optional[multigig.Wiphy] = sta.wifi()
        assert w is not None and w.phy == "phy1" and w.bus == "virtual" and w.driver == "mac80211_hwsim"
        six: Optional[dict[str, object]] = w.band("6GHz")
        assert six is not None and six["eht"] is True and six["max_width_mhz"] == 320
        mlo: Optional[bool] = w.mlo
        assert mlo is False
        link = w.link("wlan1")
        assert link is not None and link["connected"] is True and link["ssid"] == "multigig-test"
        assert w.to_dict()["phy"] == "phy1"
        assert ctx.nic("lo").wifi() is None
