# SPDX-License-Identifier: LGPL-2.1-or-later
"""The truth check of `multigig watch` (root): iperf3 sends UDP at a fixed
rate over a veth pair between two network namespaces this test makes, and
`watch` on the sender reports the same rate, within 3 %, as iperf3's own
per-second figures over the three seconds in the middle of the run."""
import json
import os
import shutil
import subprocess
import time

import pytest

CLI = os.environ["MULTIGIG_CLI"]
PAYLOAD = 8000
FRAME = PAYLOAD + 8 + 20 + 14  # UDP, IPv4 and Ethernet headers: what the interface counts

pytestmark = [pytest.mark.skipif(os.geteuid() != 0, reason="needs root for network namespaces"),
              pytest.mark.skipif(shutil.which("iperf3") is None, reason="iperf3 is not installed")]


def sh(*args, **kw):
    return subprocess.run(args, check=True, capture_output=True, text=True, **kw)


@pytest.fixture
def pair():
    a, b = "mgw-a-%d" % os.getpid(), "mgw-b-%d" % os.getpid()
    sh("ip", "netns", "add", a)
    sh("ip", "netns", "add", b)
    try:
        sh("ip", "link", "add", "wa", "netns", a, "mtu", "9000", "type", "veth", "peer", "wb", "netns", b,
           "mtu", "9000")
        # Documentation addresses, on hosts that exist only in these namespaces.
        sh("ip", "-n", a, "addr", "add", "192.0.2.1/24", "dev", "wa")
        sh("ip", "-n", b, "addr", "add", "192.0.2.2/24", "dev", "wb")
        for ns, dev in ((a, "wa"), (b, "wb")):
            sh("ip", "-n", ns, "link", "set", dev, "up")
            sh("ip", "-n", ns, "link", "set", "lo", "up")
        yield a, b
    finally:
        sh("ip", "netns", "del", a)
        sh("ip", "netns", "del", b)


def test_watch_agrees_with_iperf3(pair):
    a, b = pair
    server = subprocess.Popen(["ip", "netns", "exec", b, "iperf3", "-s", "-1", "-B", "192.0.2.2"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(0.5)
        watch = subprocess.Popen(["ip", "netns", "exec", a, CLI, "--json", "watch", "wa", "--interval", "1",
                                  "--count", "7"], stdout=subprocess.PIPE, text=True)
        client = sh("ip", "netns", "exec", a, "iperf3", "-c", "192.0.2.2", "-B", "192.0.2.1", "-u", "-b", "2G",
                    "-l", str(PAYLOAD), "-t", "7", "-J")
        out, _ = watch.communicate(timeout=30)
    finally:
        server.kill()
        server.wait()
    samples = [json.loads(line) for line in out.splitlines()]
    assert len(samples) == 7
    intervals = [i["sum"] for i in json.loads(client.stdout)["intervals"]]
    assert len(intervals) >= 6
    # The three seconds in the middle of both runs.
    ours_bps = sum(s["tx_bps"] for s in samples[2:5]) / 3
    ours_pps = sum(s["tx_pps"] for s in samples[2:5]) / 3
    theirs_bps = sum(i["bits_per_second"] for i in intervals[2:5]) / 3 * FRAME / PAYLOAD
    theirs_pps = sum(i["packets"] / i["seconds"] for i in intervals[2:5]) / 3
    assert theirs_bps > 1e8  # traffic really flowed
    assert abs(ours_bps - theirs_bps) / theirs_bps < 0.03, (ours_bps, theirs_bps)
    assert abs(ours_pps - theirs_pps) / theirs_pps < 0.03, (ours_pps, theirs_pps)
    # Packets and bits are two views of the same frames.
    assert abs(ours_bps / ours_pps / 8 - FRAME) < FRAME * 0.01
    # Each sample names the CPUs and the interval it spans.
    assert all(abs(s["interval_s"] - 1) < 0.2 and s["cpus"] for s in samples)
