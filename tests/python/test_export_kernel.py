# SPDX-License-Identifier: LGPL-2.1-or-later
"""The Prometheus export of interfaces with hostile names, made by the
kernel in a network namespace of this test's own, and into a full disk
(a tmpfs in a mount namespace of its own). Needs root."""
import os
import subprocess

import pytest

CLI = os.environ["MULTIGIG_CLI"]

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="needs root for namespaces")

# The kernel takes any bytes in a name but '/', ':' and blanks.
HOSTILE = [b"\xff\xfeZ", b"e\x1b[2J"]


@pytest.fixture
def hostile_ns():
    ns = "mgx-%d" % os.getpid()
    subprocess.run(["ip", "netns", "add", ns], check=True)
    try:
        subprocess.run([b"ip", b"-n", ns.encode(), b"link", b"add", HOSTILE[0], b"type", b"veth", b"peer",
                        b"name", HOSTILE[1]], check=True)
        yield ns
    finally:
        subprocess.run(["ip", "netns", "del", ns], check=True)


def run_export(ns, *args, cwd=None):
    return subprocess.run(["ip", "netns", "exec", ns, CLI, "export", "--format", "prometheus", "--all"]
                          + list(args), capture_output=True, cwd=cwd)


def check_exposition(data):
    """Valid UTF-8, no control character but newlines, and the names as the CLI shows them."""
    from prometheus_client.parser import text_string_to_metric_families

    text = data.decode("utf-8")  # raises on bytes that are not UTF-8
    assert not any(ord(c) < 0x20 and c != "\n" or 0x7f <= ord(c) <= 0x9f for c in text)
    devices = {s.labels["device"] for f in text_string_to_metric_families(text) if f.name == "multigig_nic_info"
               for s in f.samples}
    assert {"\\xff\\xfeZ", "e\\x1b[2J"} <= devices, devices


def test_hostile_names_on_stdout_and_in_files(hostile_ns, tmp_path):
    r = run_export(hostile_ns)
    assert r.returncode == 0, r.stderr
    check_exposition(r.stdout)
    out = tmp_path / "multigig.prom"
    r = run_export(hostile_ns, "--output", str(out))
    assert r.returncode == 0, r.stderr
    check_exposition(out.read_bytes())
    assert out.read_bytes() == run_export(hostile_ns).stdout


def test_full_disk_keeps_the_old_file(hostile_ns, tmp_path):
    """A tmpfs of one page, the old file in it: the export says why in one
    line, exits 1, and the old file is what it was; no temporary is left."""
    script = ('mount -t tmpfs -o size=4k mgfull "$1" && printf "old\\n" > "$1/multigig.prom" && '
              'ip netns exec "$2" "$3" export --format prometheus --all --output "$1/multigig.prom"; '
              'echo "rc=$?"; ls "$1"; cat "$1/multigig.prom"')
    d = tmp_path / "disk"
    d.mkdir()
    r = subprocess.run(["unshare", "-m", "--propagation", "private", "sh", "-c", script, "sh", str(d),
                        hostile_ns, CLI], capture_output=True, text=True)
    assert r.stdout.splitlines() == ["rc=1", "multigig.prom", "old"], r.stdout + r.stderr
    assert r.stderr == ("multigig: export: cannot write %s/multigig.prom: No space left on device; "
                        "it was left as it was\n" % d)
