# SPDX-License-Identifier: LGPL-2.1-or-later
"""The multigig.nic Ansible collection run by Debian's ansible-playbook
against a fleet whose hosts are network namespaces: each host's Python is
``ip netns exec NS python3``, so every module runs in its host's namespace,
on a veth of its own. The collection is installed from the tree with
ansible-galaxy, as a user would. The whole module runs in a network and
mount namespace of its own, with a /run of its own for the namespaces'
names, so nothing of the machine's is touched."""

from __future__ import annotations

import ctypes
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

SRC = Path(__file__).resolve().parents[2]
CLONE_NEWNET = 0x40000000
CLONE_NEWNS = 0x00020000
MS_REC, MS_PRIVATE, MS_BIND = 1 << 14, 1 << 18, 1 << 12
HOSTS = ("mgans1", "mgans2")
UDEVD = "/lib/systemd/systemd-udevd"
LINK_DIR = "/etc/systemd/network"

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="needs root for network namespaces")


def _libc() -> Any:
    return ctypes.CDLL(None, use_errno=True)


def _check(rc: int, what: str) -> None:
    if rc != 0:
        raise OSError(ctypes.get_errno(), what)


@pytest.fixture(scope="module", autouse=True)
def namespace() -> None:
    if shutil.which("ansible-playbook") is None:
        pytest.skip("ansible-core is not installed (Debian: ansible-core)")
    libc = _libc()
    _check(libc.unshare(CLONE_NEWNET | CLONE_NEWNS), "unshare")
    _check(libc.mount(b"none", b"/", None, MS_REC | MS_PRIVATE, None), "mount --make-rprivate /")
    _check(libc.mount(b"tmpfs", b"/run", b"tmpfs", 0, b"mode=0755"), "mount /run")
    _check(libc.mount(b"sysfs", b"/sys", b"sysfs", 0, None), "mount /sys")
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)


@pytest.fixture(scope="module")
def collections(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The collection installed from the tree, as ansible-galaxy does it."""
    where = tmp_path_factory.mktemp("collections")
    subprocess.run(["ansible-galaxy", "collection", "install", str(SRC / "ansible"), "-p", str(where)],
                   check=True, capture_output=True, env=_env(where.parent))
    return where


@pytest.fixture(scope="module")
def fleet(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two hosts, each a network namespace with a veth e0 (peer e1); the inventory naming them.
    Each host's Python is a script that runs python3 in its namespace: ansible-core 2.19 takes
    the interpreter as one path, where 2.14 took a command line."""
    where = tmp_path_factory.mktemp("inventory")
    for ns in HOSTS:
        subprocess.run(["ip", "netns", "add", ns], check=True)
        subprocess.run(["ip", "-n", ns, "link", "add", "e0", "type", "veth", "peer", "name", "e1"], check=True)
        subprocess.run(["ip", "-n", ns, "link", "set", "lo", "up"], check=True)
        python = where / ("python-" + ns)
        python.write_text('#!/bin/sh\nexec %s netns exec %s /usr/bin/python3 "$@"\n' % (shutil.which("ip"), ns))
        python.chmod(0o755)
    inventory = where / "hosts"
    inventory.write_text("[fleet]\n" + "".join(
        "%s ansible_connection=local ansible_python_interpreter=%s\n" % (ns, where / ("python-" + ns))
        for ns in HOSTS))
    return inventory


def _env(home: Path, collections: Path | None = None) -> dict[str, str]:
    env = dict(os.environ, HOME=str(home), ANSIBLE_NOCOLOR="1", ANSIBLE_STDOUT_CALLBACK="mg_report",
               ANSIBLE_CALLBACK_PLUGINS=str(Path(__file__).parent / "ansible_callbacks"),
               ANSIBLE_LOCALHOST_WARNING="false", ANSIBLE_INVENTORY_UNPARSED_WARNING="false")
    if collections is not None:
        env["ANSIBLE_COLLECTIONS_PATH"] = str(collections)
    return env


def _play(collections: Path, inventory: Path | str, tasks: list[dict[str, Any]], *args: str,
          hosts: str = "fleet") -> dict[str, Any]:
    """Run one play of @tasks; ansible-playbook's JSON report, with its exit status as "rc"."""
    play = collections.parent / "play.json"
    play.write_text(json.dumps([{"hosts": hosts, "gather_facts": False, "tasks": tasks}]))
    run = subprocess.run(["ansible-playbook", "-i", str(inventory), str(play), *args], capture_output=True,
                         text=True, env=_env(collections.parent, collections))
    if "{" not in run.stdout:
        raise AssertionError("ansible-playbook said no report (%d): %s %s" % (run.returncode, run.stdout, run.stderr))
    report = json.loads(run.stdout[run.stdout.index("{"):])
    report["rc"] = run.returncode
    return report


def _results(report: dict[str, Any], task: int = 0) -> dict[str, dict[str, Any]]:
    """Each host's result of the play's task @task."""
    return report["plays"][0]["tasks"][task]["hosts"]


def _mtu(ns: str | None, ifname: str = "e0") -> int:
    cmd = (["ip", "-n", ns] if ns else ["ip"]) + ["-j", "link", "show", ifname]
    return int(json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)[0]["mtu"])


def _settings(**options: Any) -> dict[str, Any]:
    return {"multigig.nic.settings": dict({"name": "e0"}, **options)}


def test_without_bindings(collections: Path, fleet: Path, tmp_path: Path) -> None:
    """A host whose Python has no multigig: the task fails saying the bindings are missing."""
    fake = tmp_path / "site"
    (fake / "multigig").mkdir(parents=True)
    (fake / "multigig" / "__init__.py").write_text("raise ImportError('no multigig here')\n")
    env = _env(collections.parent, collections)
    env["PYTHONPATH"] = str(fake)
    play = tmp_path / "play.json"
    play.write_text(json.dumps([{"hosts": "fleet", "gather_facts": False,
                                 "tasks": [_settings(settings={"mtu": 9000})]}]))
    run = subprocess.run(["ansible-playbook", "-i", str(fleet), str(play), "--limit", "mgans1"],
                         capture_output=True, text=True, env=env)
    report = json.loads(run.stdout[run.stdout.index("{"):])
    assert run.returncode == 2
    assert "multigig (Debian: python3-multigig)" in _results(report)["mgans1"]["msg"]


def test_documented(collections: Path) -> None:
    """ansible-doc shows every module's documentation from the installed collection."""
    for module in ("settings", "confirm", "facts", "doctor"):
        run = subprocess.run(["ansible-doc", "multigig.nic." + module], capture_output=True, text=True,
                             env=_env(collections.parent, collections))
        assert run.returncode == 0, run.stderr
        assert "multigig.nic." + module in run.stdout
    run = subprocess.run(["ansible-doc", "-j", "multigig.nic.settings"], capture_output=True, text=True,
                         env=_env(collections.parent, collections), check=True)
    options = json.loads(run.stdout)["multigig.nic.settings"]["doc"]["options"]
    assert {"name", "mac", "pci", "settings", "features", "persist", "confirm", "verify_peer"} <= set(options)


# The sanity tests ansible-test can run only after pip-installing their tools from PyPI into a
# virtualenv of its own (pylint, pycodestyle, yamllint, voluptuous...): no Debian package gives
# them to it, and this machine reaches Debian's archive alone. ansible-doc is run above.
NEEDS_PYPI = {"ansible-doc", "import", "pep8", "pylint", "runtime-metadata", "validate-modules", "yamllint"}


def test_sanity(tmp_path: Path) -> None:
    """ansible-test sanity on the collection, every test it runs without PyPI: compile on this
    Python, shebangs, boilerplate, no smart quotes, shellcheck, symlinks, ..."""
    if shutil.which("ansible-test") is None:
        pytest.skip("ansible-test is not installed")
    root = tmp_path / "ansible_collections" / "multigig" / "nic"
    shutil.copytree(SRC / "ansible", root)
    env = _env(tmp_path)
    python = "%d.%d" % sys.version_info[:2]
    listed = subprocess.run(["ansible-test", "sanity", "--list-tests"], cwd=root, env=env, check=True,
                            capture_output=True, text=True).stdout.split()
    assert "compile" in listed and "shebang" in listed
    skips = [arg for t in sorted(NEEDS_PYPI & set(listed)) for arg in ("--skip-test", t)]
    run = subprocess.run(["ansible-test", "sanity", "--local", "--python", python, *skips], cwd=root, env=env,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert 'Running sanity test "compile" on Python %s' % python in run.stdout + run.stderr


def test_apply_then_idempotent(collections: Path, fleet: Path) -> None:
    """The first run changes both hosts, the second changes nothing."""
    tasks = [_settings(settings={"mtu": 4000, "rx": 1}, features={"rx-gro": True})]
    report = _play(collections, fleet, tasks)
    assert report["rc"] == 0
    for ns in HOSTS:
        assert report["stats"][ns]["changed"] == 1
        result = _results(report)[ns]
        assert {"name": "mtu", "old": 1500, "new": 4000, "state": "applied"} in result["changes"]
        assert _mtu(ns) == 4000
    report = _play(collections, fleet, tasks)
    assert report["rc"] == 0
    assert all(report["stats"][ns]["changed"] == 0 for ns in HOSTS)
    assert all(_results(report)[ns]["changes"] == [] for ns in HOSTS)


def test_check_mode_and_diff(collections: Path, fleet: Path) -> None:
    """--check --diff plans and shows each setting before and after, and changes nothing."""
    before = {ns: _mtu(ns) for ns in HOSTS}
    report = _play(collections, fleet, [_settings(settings={"mtu": before["mgans1"] + 500})], "--check", "--diff")
    assert report["rc"] == 0
    for ns in HOSTS:
        result = _results(report)[ns]
        assert result["changed"] is True
        assert result["diff"] == {"before": {"mtu": before[ns]}, "after": {"mtu": before[ns] + 500}}
        assert result["changes"][0]["state"] == "planned"
        assert _mtu(ns) == before[ns]


def test_failure_rolls_back_and_fails(collections: Path, fleet: Path) -> None:
    """A setting the driver refuses fails the task with the library's words, and the MTU made first goes back."""
    before = _mtu("mgans1")
    report = _play(collections, fleet, [_settings(settings={"mtu": before + 100, "rx": 0, "tx": 0})],
                   "--limit", "mgans1")
    assert report["rc"] == 2
    result = _results(report)["mgans1"]
    assert result["failed"] is True and result["changed"] is False
    assert result["rolled_back"] is True and result["failed_group"] == "channels"
    assert result["kernel_message"] and result["kernel_message"] in result["msg"] and "rolled back" in result["msg"]
    assert {"name": "mtu", "old": before, "new": before + 100, "state": "rolled_back"} in result["changes"]
    assert _mtu("mgans1") == before


def test_unknown_setting_refused(collections: Path, fleet: Path) -> None:
    """A name the library's table lacks is refused by the argument spec, before the module runs."""
    report = _play(collections, fleet, [_settings(settings={"mtuu": 9000})], "--limit", "mgans1")
    assert report["rc"] == 2
    assert "mtuu" in _results(report)["mgans1"]["msg"]


def test_by_mac(collections: Path, fleet: Path) -> None:
    """A host's interface named by its MAC address; an address no interface has fails the task."""
    mac = json.loads(subprocess.run(["ip", "-n", "mgans2", "-j", "link", "show", "e0"], check=True,
                                    capture_output=True, text=True).stdout)[0]["address"]
    report = _play(collections, fleet, [{"multigig.nic.settings": {"mac": mac.upper(), "settings": {"mtu": 3000}}}],
                   "--limit", "mgans2")
    assert report["rc"] == 0 and _results(report)["mgans2"]["interface"] == "e0"
    assert _mtu("mgans2") == 3000
    # A bridge with the port's address: two interfaces have it, neither is hardware, so the task asks for a name.
    subprocess.run(["ip", "-n", "mgans2", "link", "add", "br9", "address", mac, "type", "bridge"], check=True)
    try:
        report = _play(collections, fleet, [{"multigig.nic.settings": {"mac": mac, "settings": {"mtu": 3000}}}],
                       "--limit", "mgans2")
        assert report["rc"] == 2
        assert _results(report)["mgans2"]["msg"] == "2 interfaces have the MAC address %s (br9, e0): name one" % mac
    finally:
        subprocess.run(["ip", "-n", "mgans2", "link", "del", "br9"], check=True)
    report = _play(collections, fleet, [{"multigig.nic.settings": {"mac": "02:00:00:00:00:99",
                                                                   "settings": {"mtu": 3000}}}],
                   "--limit", "mgans2")
    assert report["rc"] == 2
    assert _results(report)["mgans2"]["msg"] == "no interface has the MAC address 02:00:00:00:00:99"


def test_confirm_kept_or_rolled_back(collections: Path, fleet: Path) -> None:
    """confirm: the play that reaches its confirm task keeps the change; one that never does loses it."""
    report = _play(collections, fleet, [_settings(settings={"mtu": 5000}, confirm=30),
                                        {"multigig.nic.confirm": {"name": "e0"}}], "--limit", "mgans1")
    assert report["rc"] == 0
    assert _results(report, 0)["mgans1"]["confirm_pending"] is True
    assert _results(report, 1)["mgans1"]["changed"] is True
    time.sleep(1)
    assert _mtu("mgans1") == 5000
    # Confirmed again: nothing awaits.
    report = _play(collections, fleet, [{"multigig.nic.confirm": {"name": "e0"}}], "--limit", "mgans1")
    assert report["rc"] == 0 and _results(report)["mgans1"]["changed"] is False
    # The control node "lost" the machine: no confirm comes, and the machine puts the value back itself.
    report = _play(collections, fleet, [_settings(settings={"mtu": 5500}, confirm=2)], "--limit", "mgans1")
    assert report["rc"] == 0 and _mtu("mgans1") == 5500
    for _ in range(100):
        if _mtu("mgans1") == 5000:
            break
        time.sleep(0.1)
    assert _mtu("mgans1") == 5000


def test_facts_and_findings(collections: Path, fleet: Path) -> None:
    """facts: the host's adapters with settings and link, and findings a play can select on."""
    tasks = [{"multigig.nic.facts": {"interval": 0.1}},
             {"ansible.builtin.set_fact": {
                 "e0": "{{ multigig.adapters | selectattr('name', 'eq', 'e0') | first }}",
                 "slow": "{{ multigig.findings | selectattr('id', 'eq', 'pcie-below-capability') | list }}"}}]
    report = _play(collections, fleet, tasks, "--limit", "mgans2")
    assert report["rc"] == 0
    facts = _results(report, 0)["mgans2"]["ansible_facts"]["multigig"]
    assert {"adapters", "wifi", "findings"} <= set(facts)
    names = {a["name"] for a in facts["adapters"]}
    assert {"e0", "e1", "lo"} <= names and "eth0" not in names  # the host's namespace, not this machine's
    e0 = _results(report, 1)["mgans2"]["ansible_facts"]["e0"]
    assert e0["driver"] == "veth" and e0["mtu"] == _mtu("mgans2")
    assert e0["settings"]["mtu"] == _mtu("mgans2") and e0["pcie"] is None
    assert _results(report, 1)["mgans2"]["ansible_facts"]["slow"] == []


def test_doctor(collections: Path, fleet: Path) -> None:
    """doctor: findings returned; with fix and nothing the doctor can fix on a veth, no change."""
    report = _play(collections, fleet, [{"multigig.nic.doctor": {"name": "e0", "interval": 0.1}},
                                        {"multigig.nic.doctor": {"fix": True, "interval": 0.1}}],
                   "--limit", "mgans1")
    assert report["rc"] == 0
    assert isinstance(_results(report, 0)["mgans1"]["findings"], list)
    assert _results(report, 1)["mgans1"]["changed"] is False
    assert _results(report, 1)["mgans1"]["changes"] == []


def test_example_playbook(collections: Path, fleet: Path) -> None:
    """examples/ansible/tune.yml as the docs show it, against the fleet: changed, confirmed, kept."""
    env = _env(collections.parent, collections)
    extra = json.dumps({"multigig_port": "e0", "multigig_hosts": "fleet", "multigig_settings": {"mtu": 6000}})
    run = subprocess.run(["ansible-playbook", "-i", str(fleet), str(SRC / "examples" / "ansible" / "tune.yml"),
                          "-e", extra], capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stdout + run.stderr
    report = json.loads(run.stdout[run.stdout.index("{"):])
    for ns in HOSTS:
        assert report["stats"][ns]["changed"] == 2  # the settings, and their confirmation
        assert report["plays"][0]["tasks"][3]["hosts"][ns]["changed"] is True
        assert _mtu(ns) == 6000
    time.sleep(1)
    assert all(_mtu(ns) == 6000 for ns in HOSTS)


def test_persist_refused_without_udevd(collections: Path, fleet: Path) -> None:
    """persist where no udevd serves the host's namespace: refused with the reason, nothing changed."""
    before = _mtu("mgans1")
    report = _play(collections, fleet, [_settings(settings={"mtu": before + 10}, persist=True)],
                   "--limit", "mgans1")
    assert report["rc"] == 2
    assert "no systemd-udevd runs in this network namespace" in _results(report)["mgans1"]["msg"]
    assert _mtu("mgans1") == before


def test_persist_writes_the_file(collections: Path, tmp_path: Path) -> None:
    """persist with a real systemd-udevd in this test's namespace: the same .link file as the
    library's persist writes, and the second run changes nothing (localhost here)."""
    if not os.access(UDEVD, os.X_OK):
        pytest.skip("no systemd-udevd on this machine (%s)" % UDEVD)
    libc = _libc()
    env = dict(os.environ, SYSTEMD_IGNORE_CHROOT="1")
    os.makedirs("/run/udev", exist_ok=True)
    os.makedirs("/run/etc-network", exist_ok=True)
    os.makedirs(LINK_DIR, exist_ok=True)
    _check(libc.mount(b"/run/etc-network", LINK_DIR.encode(), b"none", MS_BIND, None), "mount --bind")
    try:
        subprocess.run(["ip", "link", "add", "pa0", "type", "veth", "peer", "name", "pa1"], check=True)
        subprocess.run([UDEVD, "--daemon"], check=True, env=env, capture_output=True)
        try:
            Path("/sys/class/net/pa0/uevent").write_text("add")
            subprocess.run(["udevadm", "settle", "-t", "10"], check=True, env=env)
            inventory = "localhost,"
            task = {"multigig.nic.settings": {"name": "pa0", "settings": {"mtu": 7000}, "persist": True}}
            report = _play(collections, inventory, [task], "-c", "local", "-e",
                           "ansible_python_interpreter=/usr/bin/python3", hosts="localhost")
            assert report["rc"] == 0, report
            changes = _results(report)["localhost"]["changes"]
            assert [c["name"] for c in changes] == ["mtu", "persist"]
            text = Path(LINK_DIR, "10-multigig-name-pa0.link").read_text()
            assert text.startswith("# Written by libmultigig.") and "MTUBytes=7000\n" in text
            report = _play(collections, inventory, [task], "-c", "local", "-e",
                           "ansible_python_interpreter=/usr/bin/python3", hosts="localhost")
            assert report["rc"] == 0 and report["stats"]["localhost"]["changed"] == 0
        finally:
            subprocess.run(["udevadm", "control", "--exit"], env=env, check=False)
            subprocess.run(["ip", "link", "del", "pa0"], check=False)
    finally:
        libc.umount2(LINK_DIR.encode(), 0)
