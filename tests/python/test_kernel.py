# SPDX-License-Identifier: LGPL-2.1-or-later
"""The Python bindings against the kernel, in a private network and mount
namespace made for this test process (root only): veth and tun devices,
reading, applying with rollback, error mapping, tuned() restoring state,
rolling back an apply that was killed midway; features toggled and rolled
back, EEE, advertised modes and ASPM L1 refused where veth has none; ApplyError's
parts, the log, and the FastAPI router example with and without privilege."""
import ctypes
import errno
import json
import logging
import os
import signal
import socket
import shutil
import subprocess
import sys
import tempfile
import time

import pytest

import multigig

CLI = os.environ["MULTIGIG_CLI"]
CLONE_NEWNS = 0x00020000
CLONE_NEWNET = 0x40000000
MS_REC = 0x4000
MS_PRIVATE = 1 << 18

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="needs root for a network namespace")


def _unshare_and_mount_sysfs():
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(CLONE_NEWNET | CLONE_NEWNS) != 0:
        raise OSError(ctypes.get_errno(), "unshare")
    if libc.mount(b"none", b"/", b"none", MS_REC | MS_PRIVATE, None) != 0:
        raise OSError(ctypes.get_errno(), "mount --make-rprivate /")
    if libc.mount(b"sysfs", b"/sys", b"sysfs", 0, None) != 0:
        raise OSError(ctypes.get_errno(), "mount sysfs")
    # Locks and undo journals go to a /run of our own, never the host's.
    if libc.mount(b"tmpfs", b"/run", b"tmpfs", 0, b"mode=0755") != 0:
        raise OSError(ctypes.get_errno(), "mount tmpfs on /run")


@pytest.fixture(scope="module", autouse=True)
def namespace():
    _unshare_and_mount_sysfs()
    for cmd in (["ip", "link", "add", "veth0", "type", "veth", "peer", "name", "veth1"],
                ["ip", "tuntap", "add", "mode", "tun", "name", "tun0"],
                ["ip", "link", "set", "veth0", "up"], ["ip", "link", "set", "veth1", "up"]):
        subprocess.run(cmd, check=True)
    yield


def mtu(ctx, name):
    return ctx.nic(name).mtu


def test_list_and_read():
    with multigig.Context() as ctx:
        names = {n.name: n for n in ctx.nics()}
        assert names["veth0"].kind == "veth" and names["veth0"].driver == "veth"
        assert names["tun0"].kind == "tun"
        assert "eth0" not in names  # the host's interfaces are elsewhere
        veth = names["veth0"]
        assert veth.channels()["rx"] >= 1
        assert veth.rings() == {"supported": False, "error": "veth does not support ring parameters"}
        assert veth.link()["speed_mbps"] == 10000
        assert names["tun0"].coalesce()["rx_frames"] == 0


def test_settings_equal_cli():
    with multigig.Context() as ctx:
        ours = ctx.nic("veth0").settings().to_dict()
    cli = json.loads(subprocess.run([CLI, "show", "veth0", "--json"], check=True,
                                    capture_output=True, text=True).stdout)
    for group in ("rings", "channels", "coalesce", "pause"):
        assert ours[group] == cli[group]


def test_apply_and_dry_run():
    with multigig.Context() as ctx:
        plan = ctx.apply("veth0", dry_run=True, mtu=9000)
        assert plan.changes == [("mtu", 1500, 9000)]
        assert mtu(ctx, "veth0") == 1500
        ctx.apply("tun0", rx_frames=8)
        assert ctx.nic("tun0").coalesce()["rx_frames"] == 8
        ctx.apply("tun0", rx_frames=0)


def test_apply_takes_no_bool_for_a_number():
    """mtu=True set an MTU of 1, and dry_run="no" made a dry run: both refused, nothing changed."""
    with multigig.Context() as ctx:
        with pytest.raises(TypeError, match="^mtu: "):
            ctx.apply("veth0", mtu=True)
        with pytest.raises(TypeError, match="dry_run"):
            ctx.apply("veth0", dry_run="no", mtu=9000)
        with pytest.raises(TypeError, match="^rx_frames: "):
            with ctx.tuned("tun0", rx_frames=True):
                pass
        assert mtu(ctx, "veth0") == 1500 and ctx.nic("tun0").coalesce()["rx_frames"] == 0


# A name of bytes that are not UTF-8, as the kernel allows: b"\xff\xfe".
ODD_NAME = b"\xff\xfe"


@pytest.fixture
def odd_name():
    """A veth named ODD_NAME, as Python spells it (surrogate escapes)."""
    subprocess.run(["ip", "link", "add", ODD_NAME, "type", "veth", "peer", "name", "vodd1"], check=True)
    try:
        yield os.fsdecode(ODD_NAME)
    finally:
        subprocess.run(["ip", "link", "del", ODD_NAME], check=True)


def test_a_name_that_is_not_utf8_goes_back_as_it_came(odd_name):
    """The name reaches Python as surrogate escapes, and back in C it is the
    same bytes: looked up, read, planned and changed (0.3 raised
    UnicodeEncodeError for a name it had itself listed)."""
    assert odd_name == "\udcff\udcfe"
    with multigig.Context() as ctx:
        assert odd_name in [n.name for n in ctx.nics()]
        nic = ctx.nic(odd_name)
        assert nic.name == odd_name and nic.settings().to_dict()["name"] == odd_name
        assert ctx.settings(odd_name).mtu == 1500 and nic.link()["speed_mbps"] == 10000
        plan = ctx.apply(odd_name, dry_run=True, mtu=9000)
        assert plan.changes == [("mtu", 1500, 9000)] and plan.interfaces == [odd_name]
        ctx.apply(odd_name, mtu=4000)
        assert mtu(ctx, odd_name) == 4000
        with pytest.raises(UnicodeEncodeError):
            ctx.nic("\ud800")  # a lone surrogate that no byte stands for
        with pytest.raises(ValueError, match="null"):
            multigig.core.mg_nic_lookup(ctx._ptr, odd_name + "\0")


def test_rollback_on_kernel_refusal():
    with multigig.Context() as ctx:
        with pytest.raises(OSError) as e:
            ctx.apply("veth0", mtu=9000, rx=0, tx=0)
        assert e.value.errno == errno.EINVAL and "rolled back" in e.value.strerror
        assert mtu(ctx, "veth0") == 1500


def test_apply_error_carries_the_result(caplog):
    """The failed group, the kernel's words, the rollback and what had been changed."""
    caplog.set_level(logging.INFO, logger="multigig")
    with multigig.Context(log=True) as ctx:
        with pytest.raises(multigig.ApplyError) as e:
            ctx.apply("veth0", mtu=9000, rx=0, tx=0)
        assert mtu(ctx, "veth0") == 1500
    err = e.value
    assert isinstance(err, OSError) and err.errno == errno.EINVAL
    assert err.failed_group == "channels" and err.rolled_back is True
    assert err.kernel_message and err.kernel_message in err.strerror
    assert err.changed == [("mtu", 1500, 9000)] and err.result.states["mtu"] == "rolled_back"
    assert err.result.states["rx"] == "planned" and err.result.to_dict()["failed_group"] == "channels"
    # Where and what, as the library wrote them: the interface by name and index.
    assert err.result.failed_interface == "veth0" and err.result.interfaces == ["veth0"]
    assert err.result.message == err.strerror
    d = err.result.to_dict()
    assert [c["interface"] for c in d["changes"]] == ["veth0"] * len(d["changes"])
    assert d["interfaces"][0]["ifindex"] == socket.if_nametoindex("veth0")
    # The library said it at ERROR, and more at INFO, through logging.
    logged = [(r.levelno, r.getMessage()) for r in caplog.records if r.name == "multigig"]
    assert (logging.ERROR, err.strerror) in logged


def test_apply_error_for_unknown_interface():
    with multigig.Context() as ctx:
        with pytest.raises(multigig.ApplyError) as e:
            ctx.apply("nosuch0", mtu=1400)
    assert isinstance(e.value, FileNotFoundError) and e.value.errno == errno.ENODEV
    assert e.value.changed == [] and e.value.failed_group is None


def test_error_mapping():
    with multigig.Context() as ctx:
        with pytest.raises(FileNotFoundError):
            ctx.apply("nosuch0", mtu=1400)
        with pytest.raises(OSError) as e:
            ctx.apply("veth0", rx_ring="max")
        assert e.value.errno == errno.EOPNOTSUPP and "veth does not support ring" in e.value.strerror
        with pytest.raises(OSError) as e:
            ctx.apply("veth0", mtu=70000)
        assert e.value.errno == errno.EINVAL
        with pytest.raises(ValueError):
            ctx.apply("veth0", frobs=3)


def test_permission_error_without_cap_net_admin():
    code = (
        "import ctypes, multigig\n"
        "libc = ctypes.CDLL(None)\n"
        # capset(2) with CAP_NET_ADMIN (12) cleared from the effective set
        "class H(ctypes.Structure): _fields_ = [('v', ctypes.c_uint32), ('pid', ctypes.c_int)]\n"
        "class D(ctypes.Structure): _fields_ = [('e', ctypes.c_uint32), ('p', ctypes.c_uint32), ('i', ctypes.c_uint32)]\n"
        "h = H(0x20080522, 0); d = (D * 2)()\n"
        "assert libc.capget(ctypes.byref(h), d) == 0\n"
        "d[0].e &= ~(1 << 12)\n"
        "assert libc.capset(ctypes.byref(h), d) == 0\n"
        "ctx = multigig.Context()\n"
        "ctx.settings('veth0')\n"
        "try:\n"
        "    ctx.apply('veth0', mtu=1400)\n"
        "except PermissionError as e:\n"
        "    assert 'CAP_NET_ADMIN' in e.strerror, e.strerror\n"
        "    assert isinstance(e, multigig.ApplyError) and e.failed_group == 'mtu', e.failed_group\n"
        "    print('ok')\n"
    )
    out = subprocess.run(["/usr/bin/python3", "-c", code], capture_output=True, text=True,
                         env=dict(os.environ))
    assert out.stdout.strip() == "ok", out.stderr
    with multigig.Context() as ctx:
        assert mtu(ctx, "veth0") == 1500


def test_tuned_restores_on_exit_and_on_exception():
    with multigig.Context() as ctx:
        with ctx.tuned("veth0", mtu=4000) as result:
            assert result.changes == [("mtu", 1500, 4000)]
            assert mtu(ctx, "veth0") == 4000
        assert mtu(ctx, "veth0") == 1500
        with pytest.raises(RuntimeError):
            with ctx.tuned("veth0", mtu=5000):
                assert mtu(ctx, "veth0") == 5000
                raise RuntimeError("boom")
        assert mtu(ctx, "veth0") == 1500


def test_tuned_killed_inside_its_block():
    """A process killed with -9 inside its tuned() block left the settings
    changed and no journal, so nothing could put them back. Its journal
    is held for the whole block now: while it lives, the list says "held",
    other applies go on, and a --discard is refused; once it is killed, a
    rollback from any process restores what it set."""
    code = ("import multigig, os, sys\n"
            "ctx = multigig.Context()\n"
            "with ctx.tuned('veth0', mtu=4000):\n"
            "    print('in', flush=True)\n"
            "    sys.stdin.read()\n")
    proc = subprocess.Popen(["/usr/bin/python3", "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, env=dict(os.environ))
    try:
        assert proc.stdout.readline().strip() == "in"
        with multigig.Context() as ctx:
            assert mtu(ctx, "veth0") == 4000
            listed = subprocess.run([CLI, "rollback", "--list"], capture_output=True, text=True).stdout
            assert listed.startswith("held "), listed
            assert not ctx.interrupted("veth0")
            # Held changes block no one (an interrupted apply's journal would: EUCLEAN).
            ctx.apply("veth0", mtu=4000)
            journal = listed.split()[1]
            refused = subprocess.run([CLI, "rollback", "--discard", journal], capture_output=True, text=True)
            assert refused.returncode == 1 and "holds its changes" in refused.stderr, refused.stderr
    finally:
        proc.kill()
        proc.wait()
    with multigig.Context() as ctx:
        assert mtu(ctx, "veth0") == 4000 and ctx.interrupted("veth0")
        result = ctx.rollback("veth0")
        assert result.changes == [("mtu", 4000, 1500)]
        assert mtu(ctx, "veth0") == 1500 and not ctx.interrupted("veth0")


@pytest.mark.skipif("MULTIGIG_TEST_CLI" not in os.environ, reason="needs the CLI built for tests")
def test_rollback_after_a_killed_apply():
    # The test build of the CLI stops after its first change (the MTU) when told to.
    env = dict(os.environ, MG_TEST_PAUSE_AFTER_GROUP="0")
    proc = subprocess.Popen([os.environ["MULTIGIG_TEST_CLI"], "set", "veth0", "mtu", "9000", "rx", "2"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with multigig.Context() as ctx:
        try:
            deadline = time.monotonic() + 10
            while mtu(ctx, "veth0") != 9000 and time.monotonic() < deadline:
                time.sleep(0.005)
            assert mtu(ctx, "veth0") == 9000
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
        assert ctx.interrupted("veth0") and not ctx.interrupted("veth1")
        with pytest.raises(OSError) as e:
            ctx.apply("veth0", mtu=1400)
        assert e.value.errno == errno.EUCLEAN and "roll it back first" in str(e.value)
        plan = ctx.rollback("veth0", dry_run=True)
        assert plan.changes == [("mtu", 9000, 1500)] and ctx.interrupted("veth0")
        result = ctx.rollback("veth0")
        assert result.changes == [("mtu", 9000, 1500)] and result.left == []
        assert mtu(ctx, "veth0") == 1500
        assert not ctx.interrupted("veth0")
        assert ctx.rollback("veth0") is None
        ctx.apply("veth0", mtu=1500)


def test_cable_on_veth():
    with multigig.Context() as ctx:
        info = ctx.cable("veth0")
        assert info.support == "unsupported" and "no PHY" in info.reason
        with pytest.raises(OSError) as e:
            ctx.cable_test("veth0")
        assert e.value.errno == errno.EINVAL and "down" in e.value.strerror
        with pytest.raises(OSError) as e:
            ctx.cable_test("veth0", yes=True)
        assert e.value.errno == errno.EOPNOTSUPP
        assert ctx.nic("veth0").operstate == "up"


def test_snapshot_equals_reads_and_cli():
    """A snapshot gathers from dumps what each Nic would read on its own,
    and what `show --all --json` prints."""
    cli = {o["name"]: o for o in json.loads(subprocess.run(
        [CLI, "--json", "show", "--all"], check=True, capture_output=True, text=True).stdout)}
    with multigig.Context() as ctx:
        snap = {n.name: n for n in ctx.snapshot() if n.name}
        single = {n.name: n for n in ctx.nics() if n.name}
        assert set(snap) == set(single) == set(cli)
        for name, nic in snap.items():
            assert nic.settings().to_dict() == single[name].settings().to_dict()
            assert nic.link() == single[name].link()
            assert nic.link() == cli[name]["link"]
            assert nic.rings() == cli[name]["rings"]
            assert nic.settings().values["mtu"] == cli[name]["mtu"]
            assert nic.eee() == single[name].eee() == cli[name]["eee"]
            assert nic.features() == single[name].features() == cli[name]["features"]
        # The snapshot answers from what it holds: a change after it is not seen,
        # while a fresh read sees it.
        subprocess.run(["ip", "link", "set", "veth1", "mtu", "1400"], check=True)
        try:
            assert snap["veth1"].settings().values["mtu"] != 1400
            assert single["veth1"].settings().values["mtu"] == 1400
        finally:
            subprocess.run(["ip", "link", "set", "veth1", "mtu", "1500"], check=True)


def _gro_tso(ctx):
    f = ctx.nic("veth0").features()
    return f["rx-gro"]["active"], f["tx-tcp-segmentation"]["active"]


def test_features_apply_tuned_and_rollback():
    with multigig.Context() as ctx:
        gro, tso = _gro_tso(ctx)
        plan = ctx.apply("veth0", dry_run=True, gro=not gro)
        assert plan.changes == [("rx-gro", gro, not gro)] and not plan.may_bounce_link
        assert _gro_tso(ctx) == (gro, tso)
        with ctx.tuned("veth0", gro=not gro, tso="off" if tso else "on", mtu=4000) as result:
            names = [n for n, _, _ in result.changes]
            assert names[:2] == ["mtu", "rx-gro"] and "tx-tcp-segmentation" in names
            assert _gro_tso(ctx) == (not gro, not tso)
        assert _gro_tso(ctx) == (gro, tso) and mtu(ctx, "veth0") == 1500
        # A later step the kernel refuses: features and MTU come back.
        with pytest.raises(OSError) as e:
            ctx.apply("veth0", mtu=9000, rx_gro=not gro, tx_tcp_segmentation=not tso, rx=0, tx=0)
        assert e.value.errno == errno.EINVAL and "rolled back" in e.value.strerror
        assert _gro_tso(ctx) == (gro, tso) and mtu(ctx, "veth0") == 1500
        with pytest.raises(OSError) as e:
            ctx.apply("veth0", frobnication=True)
        assert e.value.errno == errno.EINVAL and "no feature named" in e.value.strerror
        with pytest.raises(OSError) as e:
            ctx.apply("veth0", vlan_challenged=True)
        assert e.value.errno == errno.EOPNOTSUPP and "fixed off" in e.value.strerror


def test_eee_and_advertise_refused_on_veth():
    with multigig.Context() as ctx:
        eee = ctx.nic("veth0").eee()
        assert eee["supported"] is False and eee["error"] == "veth does not support EEE"
        assert eee["enabled"] is None and eee["supported_modes"] == []
        link = ctx.nic("veth0").link()
        assert link["best_common_mode"] is None and link["not_advertised"] is None
        with pytest.raises(OSError) as e:
            ctx.apply("veth0", mtu=4000, eee=False)
        assert e.value.errno == errno.EOPNOTSUPP and "veth does not support EEE" in e.value.strerror
        with pytest.raises(OSError) as e:
            ctx.apply("veth0", mtu=4000, advertise=["1000baseT/Full", "2500baseT/Full"])
        assert e.value.errno == errno.EOPNOTSUPP and "no link modes to advertise" in e.value.strerror
        assert mtu(ctx, "veth0") == 1500
        with pytest.raises(ValueError):
            ctx.apply("veth0", eee="sometimes")
        with pytest.raises(ValueError):
            ctx.apply("veth0", advertise=5)


def test_aspm_l1_refused_on_veth():
    """veth has no PCIe link: aspm_l1 is refused before anything changes,
    as True/False and as "on"/"off", by apply() and by tuned(). (No PCIe
    adapter here: the change itself is tested in C, on a stand-in tree.)"""
    with multigig.Context() as ctx:
        for value in (False, "off", True, "on"):
            with pytest.raises(OSError) as e:
                ctx.apply("veth0", mtu=4000, aspm_l1=value)
            assert e.value.errno == errno.EOPNOTSUPP
            assert "veth0 has no ASPM L1 control: it has no device (a virtual interface)" in e.value.strerror
        with pytest.raises(OSError) as e:
            with ctx.tuned("veth0", mtu=4000, aspm_l1=False):
                pass
        assert e.value.errno == errno.EOPNOTSUPP
        assert ctx.apply("veth0", dry_run=True, mtu=1500).changes == []
        assert mtu(ctx, "veth0") == 1500
        for bad in ("sometimes", 2, None):
            with pytest.raises(ValueError) as v:
                ctx.apply("veth0", aspm_l1=bad)
            assert "aspm_l1" in str(v.value)


def _mask(queue):
    with open("/sys/class/net/vq0/queues/%s/%s" % (queue, "rps_cpus" if queue[0] == "r" else "xps_cpus")) as f:
        return int(f.read().replace(",", ""), 16)


def test_rps_xps_apply_tuned_and_rollback():
    """RPS and XPS on a veth with two queues each way: applied, read back by
    the kernel's files, restored by tuned() and rolled back on a failure."""
    assert os.cpu_count() >= 2, "the steering test needs two CPUs"
    subprocess.run(["ip", "link", "add", "vq0", "numrxqueues", "2", "numtxqueues", "2", "type", "veth", "peer",
                    "name", "vq1", "numrxqueues", "2", "numtxqueues", "2"], check=True)
    try:
        with multigig.Context() as ctx:
            r = ctx.apply("vq0", rps_cpus="0-1", xps_cpus={1: [1]})
            assert r.changes == [("rps-cpus:rx-0", "", "0-1"), ("rps-cpus:rx-1", "", "0-1"),
                                 ("xps-cpus:tx-1", "", "1")]
            assert r.states["xps-cpus:tx-1"] == "applied"
            assert [_mask(q) for q in ("rx-0", "rx-1", "tx-0", "tx-1")] == [3, 3, 0, 2]
            with ctx.tuned("vq0", rps_cpus={0: "1"}, xps_cpus="none"):
                assert [_mask(q) for q in ("rx-0", "rx-1", "tx-1")] == [2, 3, 0]
            assert [_mask(q) for q in ("rx-0", "rx-1", "tx-1")] == [3, 3, 2]
            # A CPU that is not there: refused, nothing changed.
            with pytest.raises(multigig.ApplyError) as e:
                ctx.apply("vq0", mtu=4000, rps_cpus=[0, os.cpu_count()])
            assert e.value.errno == errno.EINVAL and "is not present" in str(e.value)
            assert mtu(ctx, "vq0") == 1500 and _mask("rx-0") == 3
            for bad in ({"x": "0"}, "0-", [True], {-1: "0"}):
                with pytest.raises(ValueError):
                    ctx.apply("vq0", rps_cpus=bad)
            with pytest.raises(ValueError):
                ctx.apply("vq0", irq_affinity="")
            with pytest.raises(multigig.ApplyError) as e:
                ctx.apply("vq0", irq_affinity="0")
            assert e.value.errno == errno.EOPNOTSUPP and "no interrupt vectors" in str(e.value)
            ctx.apply("vq0", rps_cpus="none", xps_cpus="none")
            assert [_mask(q) for q in ("rx-0", "rx-1", "tx-0", "tx-1")] == [0, 0, 0, 0]
    finally:
        subprocess.run(["ip", "link", "del", "vq0"], check=True)


def test_evidence_equals_cli_and_snapshot():
    """stats(), irqs(), temperatures() and usb() of a veth: show --json's
    keys, and the snapshot's; counters that traffic moves are left out."""
    steady = ("carrier_changes", "carrier_up_count", "carrier_down_count", "link_down_events",
              "eth_phy", "eth_mac", "eth_ctrl", "rmon")
    cli = json.loads(subprocess.run([CLI, "show", "veth0", "--json"], check=True,
                                    capture_output=True, text=True).stdout)
    with multigig.Context() as ctx:
        nic = ctx.nic("veth0")
        snap = {n.name: n for n in ctx.snapshot() if n.name}["veth0"]
        for got in (nic, snap):
            stats = got.stats()
            assert {k: stats[k] for k in steady} == {k: cli["stats"][k] for k in steady}
            if got is nic:
                assert stats["driver"]["peer_ifindex"] == ctx.nic("veth1").ifindex
            else:
                # A list reads the drivers' own counters of hardware adapters only.
                assert stats["driver"] is None
            assert got.irqs() == cli["irqs"]
            assert got.temperatures() == cli["temperatures"] == []
            assert got.usb() is None and cli["usb"] is None


def test_watch_generator_has_the_cli_shape():
    """nic.watch() yields what `multigig watch --json` prints, one interval each."""
    line = subprocess.run([CLI, "--json", "watch", "veth0", "--interval", "0.2", "--count", "1"], check=True,
                          capture_output=True, text=True).stdout
    cli = json.loads(line)
    with multigig.Context() as ctx:
        samples = list(ctx.nic("veth0").watch(interval=0.2, count=2))
    assert len(samples) == 2
    for s in samples:
        d = s.to_dict()
        assert list(d) == list(cli)
        assert abs(d["interval_s"] - 0.2) < 0.1 and d["tx_bps"] is not None and d["cpus"]
    with pytest.raises(ValueError):
        next(ctx_watch_zero())


def test_watch_generator_skips_the_ticks_it_missed():
    """A consumer that stalls 1.2 s on one sample gets the next at the next
    tick, not the missed ones at once: the sample after the stall covers it,
    and the schedule jumps past the ticks it missed."""
    with multigig.Context() as ctx:
        got = []
        for i, s in enumerate(ctx.nic("veth0").watch(interval=0.2, count=5)):
            got.append(s.to_dict())
            if i == 0:
                time.sleep(1.2)
    assert got[1]["interval_s"] >= 1.0, got
    ts = [d["t"] for d in got]
    assert ts[2] - ts[1] == pytest.approx(0.2) and ts[1] - ts[0] >= 1.2 - 1e-6, ts


_SINK = """
import socket
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("10.99.0.2", 5001))
s.listen(1)
print("ready", flush=True)
c, _ = s.accept()
while c.recv(1 << 20):
    pass
"""


def test_cpu_use_measured_under_a_veth_stream():
    """A TCP stream out of vs0 to its peer in a namespace of its own: the
    sampler reads every CPU's share busy and in interrupts, names the CPUs
    servicing vs0 (by their softirqs: veth has no vectors) and sees the
    traffic and the NET_RX softirqs. Whether a CPU crosses the cpu-bound
    thresholds depends on this machine; the recorded readings in
    tests/fixtures/cpu-bound hold that path (test-doctor)."""
    import threading
    cmds = [["ip", "link", "add", "vs0", "type", "veth", "peer", "name", "vs1"], ["ip", "netns", "add", "mgpeer"],
            ["ip", "link", "set", "vs1", "netns", "mgpeer"], ["ip", "addr", "add", "10.99.0.1/24", "dev", "vs0"],
            ["ip", "link", "set", "vs0", "up"],
            ["ip", "netns", "exec", "mgpeer", "ip", "addr", "add", "10.99.0.2/24", "dev", "vs1"],
            ["ip", "netns", "exec", "mgpeer", "ip", "link", "set", "vs1", "up"]]
    sink = None
    try:
        for cmd in cmds:
            subprocess.run(cmd, check=True)
        sink = subprocess.Popen(["ip", "netns", "exec", "mgpeer", sys.executable, "-c", _SINK],
                                stdout=subprocess.PIPE, text=True)
        assert sink.stdout.readline().strip() == "ready"
        stop = threading.Event()

        def send():
            with socket.create_connection(("10.99.0.2", 5001), timeout=10) as c:
                chunk = b"\0" * (1 << 20)
                while not stop.is_set():
                    c.sendall(chunk)

        sender = threading.Thread(target=send)
        sender.start()
        try:
            with multigig.Context() as ctx:
                samples = [s.to_dict() for s in ctx.nic("vs0").watch(interval=0.5, count=3)]
        finally:
            stop.set()
            sender.join()
        ncpu = os.cpu_count()
        for d in samples:
            assert len(d["cpus"]) == ncpu
            assert all(c["busy_pct"] is not None and c["irq_pct"] is not None for c in d["cpus"])
            assert all(0 <= c["irq_pct"] <= c["busy_pct"] + 0.5 <= 100.5 for c in d["cpus"])
            assert "cpu_bound" in d
        busy = [d for d in samples if d["tx_bps"] and d["tx_bps"] > 1e7]
        assert busy, "no traffic measured: %r" % ([d["tx_bps"] for d in samples],)
        for d in busy:
            assert sum(c["net_rx_softirqs_per_s"] for c in d["cpus"]) > 0
            # veth has no vectors: the CPUs running the softirqs are the ones servicing it.
            serving = [c for c in d["cpus"] if c["services"]]
            assert serving and all(c["net_rx_softirqs_per_s"] + c["net_tx_softirqs_per_s"] > 0 for c in serving)
            bound = d["cpu_bound"]
            # The limit: all but saturated in interrupts alone, or saturated with a quarter of it in them.
            hot = {c["cpu"]: c for c in serving}.get(bound and bound["cpu"])
            assert bound is None or (hot and (bound["irq_pct"] >= 90 or
                                              (hot["busy_pct"] >= 90 and bound["irq_pct"] >= 25))), (bound, serving)
    finally:
        if sink:
            sink.kill()
            sink.wait()
        subprocess.run(["ip", "link", "del", "vs0"], check=False)
        subprocess.run(["ip", "netns", "del", "mgpeer"], check=False)


def ctx_watch_zero():
    with multigig.Context() as ctx:
        yield from ctx.nic("veth0").watch(interval=0, count=1)


def test_report_watch_plots_live(tmp_path):
    """report --watch samples the interface and plots it; the page stays well-formed."""
    from lxml import etree
    out = tmp_path / "r.html"
    subprocess.run([CLI, "report", "veth0", "--html", str(out), "--watch", "2"], check=True)
    page = out.read_text()
    etree.fromstring(page.encode())
    assert "Live: 2 seconds" in page and "Link rate against the expected ceiling" in page
    assert page.count("<polyline") >= 2
    # The time axis has its seconds written under it: 0, 1 and 2 in each plot.
    for second in range(3):
        assert page.count('text-anchor="middle">%d</text>' % second) >= 2, second
    # The offloads show lists are on the page, one row each; no empty settings rows.
    features = json.loads(subprocess.run([CLI, "--json", "show", "veth0"], check=True, capture_output=True,
                                         text=True).stdout)["features"]
    assert len(features) >= 10
    assert "<th>offload (%d)</th>" % len(features) in page
    assert all("<td>%s</td>" % name in page for name in features)
    assert "nothing reported" not in page
    assert "<th>address</th><th>device</th><th>driver</th>" in page


def _router_module():
    sys.path.insert(0, os.environ["EXAMPLES_DIR"])
    try:
        import fastapi_router
    finally:
        sys.path.pop(0)
    return fastapi_router


def _router():
    from fastapi import FastAPI
    from fastapi.testclient import TestClient
    app = FastAPI()
    app.include_router(_router_module().make_router())
    return TestClient(app)


def test_fastapi_router_live():
    client = _router()
    cli = json.loads(subprocess.run([CLI, "--json", "list"], check=True, capture_output=True, text=True).stdout)
    assert client.get("/nics").json() == cli
    show = json.loads(subprocess.run([CLI, "show", "veth0", "--json"], check=True,
                                     capture_output=True, text=True).stdout)
    one = client.get("/nics/veth0").json()
    assert one["errors"] == {} and one["pcie"] is None and one["throughput"] == show["throughput"]
    assert one["settings"]["channels"] == show["channels"] and one["link"]["speed_mbps"] == 10000
    assert one["kernel_log"] == show["kernel_log"] and "kernel_log" not in one["errors"]
    # A dry run unless the body says otherwise.
    r = client.post("/nics/veth0/settings", json={"mtu": 9000, "features": {"rx-gro": True}})
    assert r.status_code == 200 and r.json()["dry_run"] is True
    assert r.json()["changes"][0] == {"param": "mtu", "old": 1500, "new": 9000, "state": "planned"}
    with multigig.Context() as ctx:
        assert mtu(ctx, "veth0") == 1500
        r = client.post("/nics/veth0/settings", json={"mtu": 9000, "dry_run": False})
        assert r.status_code == 200 and r.json()["changes"][0]["state"] == "applied"
        assert mtu(ctx, "veth0") == 9000
        r = client.post("/nics/veth0/settings", json={"mtu": 1500, "rx": 0, "tx": 0, "dry_run": False})
        assert r.status_code == 400
        detail = r.json()["detail"]
        assert detail["errno"] == "EINVAL" and "rolled back" in detail["message"]
        assert detail["apply"]["failed_group"] == "channels" and detail["apply"]["rolled_back"] is True
        # The error's "apply" is what a 200 answers, as the OpenAPI document declares both.
        schemas = client.app.openapi()["components"]["schemas"]
        assert set(detail["apply"]) == set(schemas["ApplyModel"]["properties"])
        assert all(set(c) == set(schemas["ChangeModel"]["properties"]) for c in detail["apply"]["changes"])
        assert detail["apply"]["changes"][0] == {"param": "mtu", "old": 9000, "new": 1500, "state": "rolled_back"}
        assert mtu(ctx, "veth0") == 9000
        r = client.post("/nics/veth0/settings", json={"mtu": 1500, "dry_run": False})
        assert r.status_code == 200 and mtu(ctx, "veth0") == 1500
    assert client.post("/nics/veth0/settings", json={"rx_ring": "max"}).status_code == 409
    assert client.post("/nics/nosuch0/settings", json={"mtu": 1400}).status_code == 404


def test_verify_peer_over_ipv6():
    """apply(verify_peer=) and the router's "verify_peer" with an IPv6 peer,
    global and link-local, at the far end of a veth in a namespace of its
    own: the change stays where the path carries it, and is rolled back
    where the far end's smaller MTU drops the probe. Every IPv6 probe once
    failed before it was sent (EADDRNOTAVAIL: the router answered 500)."""
    def peer(*args):
        subprocess.run(["ip", "-n", "mgpeer6", *args], check=True)

    try:
        for cmd in (["ip", "link", "add", "p6", "type", "veth", "peer", "name", "p6x"],
                    ["ip", "netns", "add", "mgpeer6"], ["ip", "link", "set", "p6x", "netns", "mgpeer6"],
                    ["ip", "addr", "add", "2001:db8:6::1/64", "dev", "p6", "nodad"],
                    ["ip", "addr", "add", "fe80::1/64", "dev", "p6", "nodad"], ["ip", "link", "set", "p6", "up"]):
            subprocess.run(cmd, check=True)
        peer("addr", "add", "2001:db8:6::2/64", "dev", "p6x", "nodad")
        peer("addr", "add", "fe80::2/64", "dev", "p6x", "nodad")
        peer("link", "set", "p6x", "mtu", "9000", "up")
        with multigig.Context() as ctx:
            for address in ("2001:db8:6::2", "fe80::2"):
                ctx.apply("p6", mtu=9000, verify_peer=address)
                assert mtu(ctx, "p6") == 9000
                ctx.apply("p6", mtu=1500)
            peer("link", "set", "p6x", "mtu", "1500")
            with pytest.raises(multigig.ApplyError) as e:
                ctx.apply("p6", mtu=9000, verify_peer="fe80::2")
            assert e.value.errno == errno.EHOSTUNREACH and e.value.rolled_back is True
            assert "the path to fe80::2 carries at most" in e.value.strerror
            assert mtu(ctx, "p6") == 1500
            client = _router()
            r = client.post("/nics/p6/settings", json={"mtu": 9000, "dry_run": False, "verify_peer": "2001:db8:6::2"})
            assert r.status_code == 409 and r.json()["detail"]["errno"] == "EHOSTUNREACH", r.text
            assert mtu(ctx, "p6") == 1500
            peer("link", "set", "p6x", "mtu", "9000")
            r = client.post("/nics/p6/settings", json={"mtu": 9000, "dry_run": False, "verify_peer": "2001:db8:6::2"})
            assert r.status_code == 200, r.text
            assert mtu(ctx, "p6") == 9000
    finally:
        subprocess.run(["ip", "link", "del", "p6"], check=False)
        subprocess.run(["ip", "netns", "del", "mgpeer6"], check=False)


def test_verify_peer_refuses_what_is_no_peer():
    """A peer this machine answers itself (its own address, loopback, a
    subnet's broadcast) checks no link: ApplyError EINVAL with the reason,
    400 from the router, nothing changed. Once its own address "passed" a
    check of any MTU, answered over loopback."""
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
    subprocess.run(["ip", "addr", "add", "10.98.0.1/24", "dev", "veth0"], check=True)
    try:
        with multigig.Context() as ctx:
            for peer, why in (("10.98.0.1", "10.98.0.1 is an address of this machine (veth0): a peer must be one "
                                            "other host on the link; nothing was changed"),
                              ("10.98.0.255", "10.98.0.255 is the broadcast address of veth0's subnet 10.98.0.0/24"),
                              ("::1", "::1 is a loopback address")):
                with pytest.raises(multigig.ApplyError) as e:
                    ctx.apply("veth0", mtu=9000, verify_peer=peer)
                assert e.value.errno == errno.EINVAL and why in e.value.strerror
                assert mtu(ctx, "veth0") == 1500
            r = _router().post("/nics/veth0/settings", json={"mtu": 9000, "dry_run": False, "verify_peer": "10.98.0.1"})
            assert r.status_code == 400 and "is an address of this machine (veth0)" in r.json()["detail"]["message"]
            assert mtu(ctx, "veth0") == 1500
    finally:
        subprocess.run(["ip", "addr", "del", "10.98.0.1/24", "dev", "veth0"], check=False)
        subprocess.run(["ip", "link", "set", "lo", "down"], check=False)


def test_fastapi_router_names_not_utf8(odd_name):
    """GET /nics was a 500 with such a name. Each byte that is not UTF-8 is
    written \\xNN (the library's JSON has the lone surrogate \\udcNN there,
    which strict JSON parsers refuse), and a path names the adapter so:
    read, planned, changed, and its errors written the same."""
    client = _router()
    cli = json.loads(subprocess.run([CLI, "--json", "list"], check=True, capture_output=True, text=True).stdout)
    assert "\udcff\udcfe" in [n["name"] for n in cli]
    r = client.get("/nics")
    assert r.status_code == 200 and r.json() == _router_module().shown(cli)
    assert "\\xff\\xfe" in [n["name"] for n in r.json()]
    path = "/nics/%5Cxff%5Cxfe"
    r = client.get(path)
    assert r.status_code == 200 and r.json()["name"] == "\\xff\\xfe" and r.json()["settings"]["name"] == "\\xff\\xfe"
    assert client.get("/doctor", params={"iface": "\\xff\\xfe"}).status_code == 200
    r = client.post(path + "/settings", json={"mtu": 9000})
    assert r.status_code == 200 and r.json()["changes"][0]["new"] == 9000 and r.json()["dry_run"] is True
    r = client.post(path + "/settings", json={"rx_ring": "max"})
    assert r.status_code == 409 and r.json()["detail"]["message"].startswith("\\xff\\xfe: ")
    r = client.post(path + "/settings", json={"mtu": 4000, "dry_run": False})
    assert r.status_code == 200
    with multigig.Context() as ctx:
        assert mtu(ctx, odd_name) == 4000
    r = client.get("/nics/%5Cxfe%5Cxff")
    assert r.status_code == 404 and r.json()["detail"]["message"] == "no network interface named '\\xfe\\xff'"
    # Bytes that are UTF-8 are shown as what they spell, never \\xNN: no such name.
    assert client.get("/nics/%5Cxc3%5Cxa9").status_code == 404


def test_fastapi_router_takes_steering_and_aspm_l1():
    """rps_cpus, xps_cpus, irq_affinity and aspm_l1 were refused (422), so the
    doctor's own CPU fix could not be applied through the router: each takes
    what Context.apply() takes, applied and read back by the kernel's files."""
    client = _router()
    subprocess.run(["ip", "link", "add", "vq0", "numrxqueues", "2", "numtxqueues", "2", "type", "veth", "peer",
                    "name", "vq1", "numrxqueues", "2", "numtxqueues", "2"], check=True)
    try:
        r = client.post("/nics/vq0/settings", json={"rps_cpus": "0-1", "xps_cpus": {"1": [1]}, "dry_run": False})
        assert r.status_code == 200, r.text
        assert [(c["param"], c["new"], c["state"]) for c in r.json()["changes"]] == [
            ("rps-cpus:rx-0", "0-1", "applied"), ("rps-cpus:rx-1", "0-1", "applied"),
            ("xps-cpus:tx-1", "1", "applied")]
        assert [_mask(q) for q in ("rx-0", "rx-1", "tx-0", "tx-1")] == [3, 3, 0, 2]
        r = client.post("/nics/vq0/settings", json={"rps_cpus": "none", "xps_cpus": {"1": "none"}, "dry_run": False})
        assert r.status_code == 200 and [_mask(q) for q in ("rx-0", "rx-1", "tx-1")] == [0, 0, 0]
        for body, words in (({"irq_affinity": {"0": [0]}}, "no interrupt vectors"),
                            ({"aspm_l1": "off"}, "has no ASPM L1 control"), ({"aspm_l1": False}, "ASPM")):
            r = client.post("/nics/vq0/settings", json=body)
            assert r.status_code == 409 and words in r.json()["detail"]["message"], r.text
        for body in ({"rps_cpus": [True]}, {"rps_cpus": True}, {"rps_cpus": 3}, {"rps_cpus": {"x": "0"}},
                     {"rps_cpus": {"-1": "0"}}, {"xps_cpus": [2 ** 40]}, {"irq_affinity": [[0]]},
                     {"aspm_l1": 1}, {"aspm_l1": "no"}):
            assert client.post("/nics/vq0/settings", json=dict(body, dry_run=False)).status_code == 422, body
        for body in ({"rps_cpus": "0-"}, {"rps_cpus": [0, 64]}, {"irq_affinity": ""}):
            assert client.post("/nics/vq0/settings", json=dict(body, dry_run=False)).status_code == 400, body
        assert [_mask(q) for q in ("rx-0", "rx-1", "tx-0", "tx-1")] == [0, 0, 0, 0]
    finally:
        subprocess.run(["ip", "link", "del", "vq0"], check=True)


def test_apply_with_confirm():
    """Confirmed in time the change stays; unconfirmed it rolls back by itself."""
    with multigig.Context() as ctx:
        ctx.apply("veth0", mtu=9000, confirm=2)
        with pytest.raises(OSError) as e:
            ctx.apply("veth0", mtu=4000)
        assert "await confirmation" in str(e.value)
        ctx.confirm("veth0")
        time.sleep(2.5)
        assert mtu(ctx, "veth0") == 9000
        with pytest.raises(FileNotFoundError):
            ctx.confirm("veth0")
        ctx.apply("veth0", mtu=1500, confirm=1)
        deadline = time.monotonic() + 10
        while mtu(ctx, "veth0") != 9000 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert mtu(ctx, "veth0") == 9000
        for bad in (0, 3601, True, "5"):
            with pytest.raises(ValueError):
                ctx.apply("veth0", mtu=1500, confirm=bad)
        ctx.apply("veth0", mtu=1500)
        client = _router()
        r = client.post("/nics/veth0/settings", json={"mtu": 9000, "dry_run": False, "confirm": 5})
        assert r.status_code == 200, r.text
        assert client.post("/nics/veth0/confirm").status_code == 200
        assert client.post("/nics/veth0/confirm").status_code == 404
        assert client.post("/nics/veth0/settings", json={"mtu": 1500, "confirm": 0}).status_code == 422
        assert client.post("/nics/veth0/settings", json={"mtu": 1500, "dry_run": False}).status_code == 200


@pytest.mark.parametrize("body", [
    {"mtu": 2 ** 63}, {"combined": 2 ** 64}, {"mtu": -1}, {"mtu": 1.5}, {"mtu": "9000"},
    {"features": {"dry_run": True}}, {"features": {"rx-gro": 1}}, {"features": {"": True}},
    {"features": {"x" * 40: True}}, {"features": {"tx": True}, "dry_run": False},
    {"dry_run": "no", "mtu": 1400}, {"dry_run": 0, "mtu": 1400}, {"dry_run": "off", "mtu": 1400},
    {"dry_run": None, "mtu": 1400}, {"mtu": 1400, "frobs": 1}, {"combined": "max", "dry_run": False},
    {"eee": "off", "dry_run": False}, {"advertise": 7}, {"advertise": ["x" * 100]}, {"rx_ring": "maximum"},
    {"adaptive_rx": 2, "dry_run": False},
    [["mtu", 1400], ["dry_run", False]], [], [{"mtu": 1400, "dry_run": False}], {"mtu": True, "dry_run": False},
    {"mtu": {"value": 1400}, "dry_run": False}, {"rps_cpus": {"0": {"cpus": "0"}}, "dry_run": False},
    {"combined": -(2 ** 70), "dry_run": False}, {"mtu": 1400, "dry_run": False, "features": []},
    {"rps_cpus": [["0", "1"]], "dry_run": False}, {"features": [["rx-gro", True]], "dry_run": False},
])
def test_fastapi_router_refuses_malformed(body):
    """Each answered 4xx and changes nothing; in 0.2 some were a 500, and
    features {"tx": true} changed the TX channels, "dry_run": "no" applied."""
    client = _router()
    with multigig.Context() as ctx:
        before = (mtu(ctx, "veth0"), ctx.nic("veth0").channels().to_dict())
        r = client.post("/nics/veth0/settings", json=body)
        assert 400 <= r.status_code < 500, (r.status_code, r.text)
        assert (mtu(ctx, "veth0"), ctx.nic("veth0").channels().to_dict()) == before


@pytest.mark.parametrize("path", ["/nics/%00", "/nics/%00/pcie", "/nics/a%2Fb", "/doctor?iface=%00",
                                  "/nics/" + "x" * 80, "/nics/%20", "/nics/..", "/nics/%2E%2E", "/nics/%FF%FE",
                                  "/nics/%5Cxff%5Cx", "/nics/%5Cx00", "/doctor?iface=%5Cxff"])
def test_fastapi_router_odd_paths(path):
    assert 400 <= _router().get(path).status_code < 500
    if path.startswith("/nics/"):
        with multigig.Context() as ctx:
            r = _router().post(path + "/settings", json={"mtu": 1400, "dry_run": False})
            assert 400 <= r.status_code < 500 and mtu(ctx, "veth0") == 1500


# Drops root for user nobody, or CAP_NET_ADMIN alone, then asks the router.
_UNPRIVILEGED = """
import ctypes, json, os, sys
if sys.argv[1] == "nobody":
    os.setgid(65534)
    os.setgroups([])
    os.setuid(65534)
else:
    class H(ctypes.Structure): _fields_ = [("v", ctypes.c_uint32), ("pid", ctypes.c_int)]
    class D(ctypes.Structure): _fields_ = [("e", ctypes.c_uint32), ("p", ctypes.c_uint32), ("i", ctypes.c_uint32)]
    libc = ctypes.CDLL(None)
    h = H(0x20080522, 0); d = (D * 2)()
    assert libc.capget(ctypes.byref(h), d) == 0
    d[0].e &= ~(1 << 12)  # CAP_NET_ADMIN
    assert libc.capset(ctypes.byref(h), d) == 0
sys.path.insert(0, os.environ["EXAMPLES_DIR"])
import fastapi_router
from fastapi import FastAPI
from fastapi.testclient import TestClient
app = FastAPI()
app.include_router(fastapi_router.make_router())
client = TestClient(app)
out = {path: client.get(path).status_code for path in ("/nics", "/nics/veth0", "/doctor?iface=veth0")}
out["veth0 settings"] = client.get("/nics/veth0").json()["settings"] is not None
r = client.post("/nics/veth0/settings", json={"mtu": 1400})
out["dry run"] = r.status_code
r = client.post("/nics/veth0/settings", json={"mtu": 1400, "dry_run": False})
out["change"] = [r.status_code, r.json()["detail"]["message"]]
print(json.dumps(out))
"""


@pytest.mark.parametrize("drop", ["nobody", "capset"])
def test_fastapi_router_unprivileged(drop):
    """The GETs and a dry run need no privilege; a change without
    CAP_NET_ADMIN is 403 with the library's message."""
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as copy:
        if drop == "nobody":
            # The build tree may sit under a directory only root can enter
            # (/root, a 0700 mktemp): user nobody reads a copy of what it needs.
            os.chmod(copy, 0o755)
            for var in ("PYTHONPATH", "LD_LIBRARY_PATH", "EXAMPLES_DIR"):
                env[var] = os.pathsep.join(
                    shutil.copytree(d, os.path.join(copy, "%s%d" % (var, i)), symlinks=True,
                                    ignore=shutil.ignore_patterns("*.p", "__pycache__"))
                    for i, d in enumerate(env[var].split(os.pathsep)) if d)
        out = subprocess.run(["/usr/bin/python3", "-c", _UNPRIVILEGED, drop], capture_output=True, text=True,
                             env=env, cwd="/")
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert got["/nics"] == got["/nics/veth0"] == got["/doctor?iface=veth0"] == 200
    assert got["veth0 settings"] and got["dry run"] == 200
    status, message = got["change"]
    assert status == 403 and "CAP_NET_ADMIN" in message
    with multigig.Context() as ctx:
        assert mtu(ctx, "veth0") == 1500


def test_settings_plans_and_samples_have_a_useful_repr():
    with multigig.Context() as ctx:
        nic = ctx.nic("veth0")
        objects = [nic.settings(), nic.link(), nic.features(), nic.stats(), nic.irqs(),
                   ctx.apply("veth0", dry_run=True, mtu=9000), next(iter(nic.watch(interval=0.05, count=1)))]
    for o in objects:
        text = repr(o)
        assert text.startswith("<multigig.") and " object at 0x" not in text, text
    assert "9000" in repr(objects[5])


def test_mistyped_feature_gets_the_nearest_one():
    """set veth0 grp off: the library refuses the name; the one line says which feature was meant."""
    r = subprocess.run([CLI, "set", "veth0", "grp", "off", "--dry-run"], capture_output=True, text=True)
    assert r.returncode == 1
    assert r.stderr.count("\n") == 1 and "no feature named 'grp'" in r.stderr, r.stderr
    assert r.stderr.rstrip().endswith("(did you mean 'gro'?)"), r.stderr


@pytest.fixture
def example_veth():
    """A veth pair of its own for the examples, which change what they are given."""
    subprocess.run(["ip", "link", "add", "ex0", "type", "veth", "peer", "name", "ex1"], check=True)
    subprocess.run(["ip", "link", "set", "ex0", "up"], check=True)
    yield "ex0"
    subprocess.run(["ip", "link", "del", "ex0"], check=True)


def run_example(name, *args, cwd=None):
    return subprocess.run([sys.executable, os.path.join(os.environ["EXAMPLES_DIR"], name), *args],
                          capture_output=True, text=True, cwd=cwd)


def test_nics_example_live(example_veth):
    """The README's Python example on a live machine: here the host's PCI
    adapters have no interface in this namespace, the case it opens with."""
    r = run_example("nics.py")
    assert r.returncode == 0 and not r.stderr, r.stderr
    assert "ex0: veth, expected throughput unknown" in r.stdout.splitlines()


def test_tour_example(example_veth, tmp_path):
    """doc/python.md's tour, as written: it reads, applies, tunes and puts back."""
    r = run_example("tour.py", example_veth, cwd=tmp_path)
    assert r.returncode == 0 and not r.stderr, r.stderr
    assert r.stdout.splitlines().count("4000") == 1 and "9000" in r.stdout.splitlines()
    assert (tmp_path / "all.html").read_text().startswith("<!DOCTYPE html>")
    with multigig.Context() as ctx:
        assert mtu(ctx, example_veth) == 9000


def test_apply_error_example(example_veth):
    """doc/python.md's ApplyError, as written: the kernel refuses the channels, the MTU goes back."""
    r = run_example("apply_error.py", example_veth)
    assert r.returncode == 0 and not r.stderr, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("22 ex0: setting channels failed") and lines[2] != "None", lines
    assert lines[1] == "channels" and lines[3:] == [
        "True", "[Change(name='mtu', old=1500, new=9000)]", "{'mtu': 'rolled_back', 'rx': 'planned', 'tx': 'planned'}"]
    with multigig.Context() as ctx:
        assert mtu(ctx, example_veth) == 1500



def test_cli_netns_runs_in_the_named_namespace():
    """--netns NAME works where `ip -n NAME` does: its interfaces, its sysfs,
    its changes; a missing name, a file that is no namespace and a user
    without CAP_SYS_ADMIN are refused with the reason, changing nothing."""
    subprocess.run(["ip", "netns", "add", "mgother"], check=True)
    try:
        subprocess.run(["ip", "-n", "mgother", "link", "add", "nsv0", "type", "veth", "peer", "name", "nsv1"],
                       check=True)
        listed = json.loads(subprocess.run([CLI, "-n", "mgother", "list", "--json"], check=True,
                                           capture_output=True, text=True).stdout)
        names = {n["name"] for n in listed}
        assert {"nsv0", "nsv1"} <= names and "veth0" not in names
        # The driver comes from the namespace's sysfs, not the caller's.
        shown = json.loads(subprocess.run([CLI, "show", "nsv0", "--netns", "mgother", "--json"], check=True,
                                          capture_output=True, text=True).stdout)
        assert shown["driver"] == "veth"
        subprocess.run([CLI, "-n", "mgother", "set", "nsv0", "mtu", "4000"], check=True, capture_output=True)
        link = json.loads(subprocess.run(["ip", "-n", "mgother", "-j", "link", "show", "dev", "nsv0"], check=True,
                                         capture_output=True, text=True).stdout)
        assert link[0]["mtu"] == 4000
        here = subprocess.run([CLI, "show", "nsv0"], capture_output=True, text=True)
        assert here.returncode == 1  # not in the caller's namespace
        for name, words in (("nosuch", "no network namespace 'nosuch' (/run/netns/nosuch does not exist"),
                            ("/etc/hostname", "'/etc/hostname' is no network namespace")):
            bad = subprocess.run([CLI, "-n", name, "list"], capture_output=True, text=True)
            assert bad.returncode == 1 and words in bad.stderr and bad.stdout == ""
        bad = subprocess.run([CLI, "-n", "..", "list"], capture_output=True, text=True)
        assert bad.returncode == 2 and "'..' is no namespace name" in bad.stderr
        # The build tree may sit under a directory only root can enter (a 0700 mktemp):
        # user nobody runs a copy of the CLI and its library.
        with tempfile.TemporaryDirectory() as copy:
            os.chmod(copy, 0o755)
            os.mkdir(os.path.join(copy, "tools"))
            os.mkdir(os.path.join(copy, "lib"))
            cli = shutil.copy(CLI, os.path.join(copy, "tools"))
            shutil.copy(os.path.join(os.path.dirname(CLI), "..", "lib", "libmultigig.so.0"), os.path.join(copy, "lib"))
            unprivileged = subprocess.run(["setpriv", "--reuid", "nobody", "--regid", "nogroup", "--clear-groups",
                                           cli, "-n", "mgother", "set", "nsv0", "mtu", "1500"],
                                          capture_output=True, text=True, cwd="/")
        assert unprivileged.returncode == 1
        assert "needs CAP_SYS_ADMIN" in unprivileged.stderr
        link = json.loads(subprocess.run(["ip", "-n", "mgother", "-j", "link", "show", "dev", "nsv0"], check=True,
                                         capture_output=True, text=True).stdout)
        assert link[0]["mtu"] == 4000
    finally:
        subprocess.run(["ip", "netns", "del", "mgother"], check=False)


# ---- persisting through a real systemd-udevd (as tests/test-udev-link.c) ----

UDEVD = "/lib/systemd/systemd-udevd"
LINK_DIR = "/etc/systemd/network"
OURS = LINK_DIR + "/10-multigig-name-pv0.link"
MS_BIND = 1 << 12


def _udev(*args):
    env = dict(os.environ, SYSTEMD_IGNORE_CHROOT="1")
    return subprocess.run(list(args), env=env, check=True, capture_output=True, text=True)


def _replug(ifname):
    """What udev does when the device is added: the kernel's "add" again, then udevd done with it."""
    with open("/sys/class/net/%s/uevent" % ifname, "w") as f:
        f.write("add")
    _udev("udevadm", "settle", "-t", "10")


@pytest.fixture(scope="module")
def udevd():
    """A systemd-udevd of this namespace's own, with the module's /run, and
    /etc/systemd/network a directory of that /run bound over the host's, and
    a veth pv0 it has seen added (the .link file applied is what it says).
    Module-wide, last in the file: one udevd, gone when the module ends."""
    if not os.access(UDEVD, os.X_OK):
        pytest.skip("no systemd-udevd on this machine (%s)" % UDEVD)
    libc = ctypes.CDLL(None, use_errno=True)
    os.makedirs("/run/udev", exist_ok=True)
    os.makedirs("/run/etc-network", exist_ok=True)
    os.makedirs(LINK_DIR, exist_ok=True)
    if libc.mount(b"/run/etc-network", LINK_DIR.encode(), b"none", MS_BIND, None) != 0:
        raise OSError(ctypes.get_errno(), "mount --bind /run/etc-network " + LINK_DIR)
    try:
        subprocess.run(["ip", "link", "add", "pv0", "type", "veth", "peer", "name", "pv1"], check=True)
        _udev(UDEVD, "--daemon")
        try:
            _replug("pv0")
            yield
        finally:
            subprocess.run(["udevadm", "control", "--exit"], env=dict(os.environ, SYSTEMD_IGNORE_CHROOT="1"),
                           check=False)
            subprocess.run(["ip", "link", "del", "pv0"], check=False)
    finally:
        libc.umount2(LINK_DIR.encode(), 0)


def test_persist_refused_writes_nothing(udevd):
    """A feature with no .link key with persist=True is refused before
    anything changes (gro has one: its dry run plans GenericReceiveOffload=);
    persist is True or False, and tuned() takes none; a dry run writes
    nothing."""
    with multigig.Context() as ctx:
        with pytest.raises(multigig.ApplyError, match="feature tx-checksum-ip-generic cannot be persisted") as err:
            ctx.apply("pv0", mtu=9000, features={"tx-checksum-ip-generic": False}, persist=True)
        plan = ctx.apply("pv0", dry_run=True, gro=True, persist=True)
        assert plan.changes[-1] == ("persist", "none", OURS + " with GenericReceiveOffload=yes")
        assert err.value.errno == errno.EOPNOTSUPP and err.value.changed == []
        for bad in ("yes", 1, None, "remove"):
            with pytest.raises(TypeError, match="^persist must be True or False"):
                ctx.apply("pv0", mtu=9000, persist=bad)
        with pytest.raises(TypeError, match="^remove must be True or False"):
            ctx.persist("pv0", remove="yes")
        with pytest.raises(ValueError, match="^persist: tuned"):
            with ctx.tuned("pv0", mtu=9000, persist=True):
                pass
        plan = ctx.apply("pv0", dry_run=True, mtu=9000, persist=True)
        assert plan.changes == [("mtu", 1500, 9000), ("persist", "none", OURS + " with MTUBytes=9000")]
        assert plan.states == {"mtu": "planned", "persist": "planned"}
        assert mtu(ctx, "pv0") == 1500
    assert os.listdir(LINK_DIR) == []
    # A file of that name that is not ours: left alone, and the apply refused.
    with open(OURS, "w") as f:
        f.write("[Link]\nMTUBytes=1400\n")
    try:
        with multigig.Context() as ctx:
            with pytest.raises(multigig.ApplyError, match="was not written by libmultigig") as err:
                ctx.apply("pv0", mtu=9000, persist=True)
            assert err.value.errno == errno.EEXIST
            with pytest.raises(multigig.ApplyError, match="was not written by libmultigig"):
                ctx.persist("pv0", remove=True)
            assert mtu(ctx, "pv0") == 1500
        with open(OURS) as f:
            assert f.read() == "[Link]\nMTUBytes=1400\n"
    finally:
        os.unlink(OURS)


def test_persist_with_confirm(udevd):
    """apply(persist=True, confirm=SECONDS): the file's text waits beside
    it, never read by udev, until confirm() puts it in place; a rollback
    removes it, and the file was never touched."""
    waiting = OURS + ".unconfirmed"
    try:
        with multigig.Context() as ctx:
            result = ctx.apply("pv0", mtu=9000, persist=True, confirm=60)
            assert result.changes[-1] == ("persist", "none", OURS + " with MTUBytes=9000, once confirmed")
            assert not os.path.exists(OURS)
            with open(waiting) as f:
                assert "MTUBytes=9000\n" in f.read()
            ctx.rollback("pv0")
            assert mtu(ctx, "pv0") == 1500
            assert not os.path.exists(OURS) and not os.path.exists(waiting)
            ctx.apply("pv0", mtu=9000, persist=True, confirm=60)
            ctx.confirm("pv0")
            assert not os.path.exists(waiting)
            with open(OURS) as f:
                assert "MTUBytes=9000\n" in f.read()
            assert mtu(ctx, "pv0") == 9000
            ctx.persist("pv0", remove=True)
            assert not os.path.exists(OURS)
    finally:
        subprocess.run(["ip", "link", "set", "pv0", "mtu", "1500"], check=True)


def test_apply_persist_and_remove(udevd):
    """apply(persist=True) writes libmultigig's .link file after the change;
    persist() writes what runs now; persist(remove=True) removes the file,
    a dry run of it first changing nothing."""
    with multigig.Context() as ctx:
        result = ctx.apply("pv0", mtu=9000, persist=True)
        assert result.changes == [("mtu", 1500, 9000), ("persist", "none", OURS + " with MTUBytes=9000")]
        assert result.states == {"mtu": "applied", "persist": "applied"}
        assert mtu(ctx, "pv0") == 9000
        with open(OURS) as f:
            text = f.read()
        assert text.splitlines()[0] == "# Written by libmultigig."
        assert "[Match]\nOriginalName=pv0\n" in text and "MTUBytes=9000\n" in text
        # What the next add applies, against what runs: the same as --status says.
        status = ctx.persist_status("pv0")
        assert status["file"] == OURS and status["ours"] is True and status["connection"] is None
        assert status["connection_reason"]  # NetworkManager is not running, or serves another namespace
        assert status["settings"] == [{"setting": "mtu", "engine": "udev", "source": OURS, "key": "MTUBytes",
                                       "persisted": "9000", "running": "9000", "drift": False, "conflict": False}]
        with pytest.raises(FileNotFoundError):
            ctx.persist_status("nosuch0")
        # A later one updates the same file; the same again changes nothing.
        (change,) = [c for c in ctx.apply("pv0", mtu=4000, persist=True).changes if c.name == "persist"]
        assert change.old.startswith(OURS + " (text ") and change.new == OURS + " with MTUBytes=4000"
        assert ctx.apply("pv0", mtu=4000, persist=True).changes == []
        with open(OURS) as f:
            text = f.read()
        assert "MTUBytes=4000\n" in text and "MTUBytes=9000" not in text
        # What runs now, the channels too.
        (change,) = ctx.persist("pv0").changes
        assert change.name == "persist" and change.new == OURS + " with MTUBytes=4000 RxChannels=1 TxChannels=1"
        assert ctx.persist("pv0").changes == []
        # Removed: a dry run first, which leaves the file.
        plan = ctx.persist("pv0", remove=True, dry_run=True)
        (change,) = plan.changes
        assert change.name == "persist" and change.old.startswith(OURS + " (text ") and change.new == "none"
        assert plan.states == {"persist": "planned"} and os.path.exists(OURS)
        result = ctx.persist("pv0", remove=True)
        assert result.states == {"persist": "applied"} and not os.path.exists(OURS)
        assert ctx.persist("pv0", remove=True).changes == []
        assert mtu(ctx, "pv0") == 4000
        ctx.apply("pv0", mtu=1500)


def test_fastapi_router_persists(udevd):
    """The router's "persist": true writes the file after the change, and
    POST /nics/IFACE/persist removes it; what cannot persist is 409, a
    persist that is no boolean 422, both writing nothing."""
    # The previous test removed the file udev last applied: udev is to say which applies now.
    _udev("udevadm", "control", "--reload")
    _replug("pv0")
    client = _router()
    r = client.post("/nics/pv0/settings", json={"mtu": 9000, "persist": True})
    assert r.status_code == 200 and r.json()["dry_run"] is True
    assert r.json()["changes"][1] == {"param": "persist", "old": "none", "new": OURS + " with MTUBytes=9000",
                                      "state": "planned"}
    for body in ({"mtu": 9000, "persist": "yes"}, {"mtu": 9000, "persist": 1}):
        assert client.post("/nics/pv0/settings", json=body).status_code == 422, body
    r = client.post("/nics/pv0/settings", json={"mtu": 9000, "features": {"tx-checksum-ip-generic": False},
                                                "persist": True, "dry_run": False})
    assert r.status_code == 409 and "cannot be persisted" in r.json()["detail"]["message"]
    assert os.listdir(LINK_DIR) == []
    r = client.post("/nics/pv0/settings", json={"mtu": 9000, "persist": True, "dry_run": False})
    assert r.status_code == 200 and [c["state"] for c in r.json()["changes"]] == ["applied", "applied"]
    with open(OURS) as f:
        assert "MTUBytes=9000\n" in f.read()
    assert client.post("/nics/pv0/persist", json={"remove": "yes"}).status_code == 422
    r = client.post("/nics/pv0/persist", json={"remove": True})
    assert r.status_code == 200 and r.json()["dry_run"] is True and os.path.exists(OURS)
    assert r.json()["changes"][0]["param"] == "persist" and r.json()["changes"][0]["new"] == "none"
    r = client.post("/nics/pv0/persist", json={"remove": True, "dry_run": False})
    assert r.status_code == 200 and r.json()["changes"][0]["state"] == "applied" and not os.path.exists(OURS)
    with multigig.Context() as ctx:
        assert mtu(ctx, "pv0") == 9000
        ctx.apply("pv0", mtu=1500)
