# SPDX-License-Identifier: LGPL-2.1-or-later
"""The truth check of `multigig watch` (root): iperf3 sends UDP at a fixed
rate over a veth pair between two network namespaces this test makes, and
`watch` on the sender, its samples' rates times their intervals, counts the
same bytes and packets, within 3 %, as iperf3 says it sent."""
import json
import os
import select
import shutil
import signal
import subprocess
import time

import pytest

CLI = os.environ["MULTIGIG_CLI"]
PAYLOAD = 8000
FRAME = PAYLOAD + 8 + 20 + 14  # UDP, IPv4 and Ethernet headers: what the interface counts

pytestmark = [pytest.mark.skipif(os.geteuid() != 0, reason="needs root for network namespaces"),
              pytest.mark.skipif(shutil.which("iperf3") is None, reason="iperf3 is not installed")]


def sh(*args, **kw):
    # tmux wants a terminal type even when detached: CI may have none.
    env = dict(os.environ, TERM=os.environ.get("TERM") or "xterm")
    return subprocess.run(args, check=True, capture_output=True, text=True, env=env, **kw)


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
    watch = None
    try:
        time.sleep(0.5)
        watch = subprocess.Popen(["ip", "netns", "exec", a, CLI, "--json", "watch", "wa", "--interval", "1",
                                  "--count", "60"], stdout=subprocess.PIPE, text=True)
        # The first sample is out, so watch has its baseline: all of iperf3's
        # packets fall in the samples from here on.
        ready, _, _ = select.select([watch.stdout], [], [], 30)
        assert ready, "watch printed no sample in 30 s"
        samples = [json.loads(watch.stdout.readline())]
        client = sh("ip", "netns", "exec", a, "iperf3", "-c", "192.0.2.2", "-B", "192.0.2.1", "-u", "-b", "2G",
                    "-l", str(PAYLOAD), "-t", "5", "-J")
        # Two more samples end after the client's last packet.
        time.sleep(2.5)
        watch.terminate()
        out, _ = watch.communicate(timeout=30)
    finally:
        server.kill()
        server.wait()
        if watch and watch.poll() is None:
            watch.kill()
            watch.wait()
    samples += [json.loads(line) for line in out.splitlines(keepends=True) if line.endswith("\n")]
    assert len(samples) >= 7
    # Totals over a window that holds the whole run, not rates over chosen
    # seconds: on a loaded machine watch's seconds and iperf3's drift apart.
    ours_bytes = sum(s["tx_bps"] * s["interval_s"] for s in samples) / 8
    ours_packets = sum(s["tx_pps"] * s["interval_s"] for s in samples)
    total = json.loads(client.stdout)["end"]["sum"]
    theirs_bytes = total["bytes"] * FRAME / PAYLOAD
    assert total["bits_per_second"] > 1e8  # traffic really flowed
    # iperf3's control connection and IPv6's neighbour discovery add a few
    # kilobytes to the interface's count, well under the tolerance.
    assert abs(ours_bytes - theirs_bytes) / theirs_bytes < 0.03, (ours_bytes, theirs_bytes)
    assert abs(ours_packets - total["packets"]) / total["packets"] < 0.03, (ours_packets, total["packets"])
    # Packets and bits are two views of the same frames.
    assert abs(ours_bytes / ours_packets - FRAME) < FRAME * 0.01
    # Each sample names the CPUs and the interval it spans.
    assert all(abs(s["interval_s"] - 1) < 0.2 and s["cpus"] for s in samples)


@pytest.fixture
def veth():
    """A veth pair w0/w1, up, in a network namespace of its own."""
    ns = "mgw-t-%d" % os.getpid()
    sh("ip", "netns", "add", ns)
    try:
        sh("ip", "-n", ns, "link", "add", "w0", "type", "veth", "peer", "name", "w1")
        for dev in ("w0", "w1"):
            sh("ip", "-n", ns, "link", "set", dev, "up")
        yield ns
    finally:
        sh("ip", "netns", "del", ns)


def _screen(sock):
    return sh("tmux", "-L", sock, "capture-pane", "-p").stdout


def _seconds_shown(screen):
    """The seconds on watch's title line ("multigig watch w0 ... 2.4 ..."), or -1."""
    lines = screen.splitlines()
    try:
        return float(lines[0].split()[3])
    except (IndexError, ValueError):
        return -1.0


def _wait_for(sock, text, seconds=5.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        screen = _screen(sock)
        if text in screen:
            return screen
        time.sleep(0.1)
    return _screen(sock)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_watch_redraws_in_place_on_a_terminal(veth):
    """In a real terminal (tmux), watch redraws one table at the top of the
    screen: its own control sequences are obeyed, not printed as text; an
    unknown ceiling reads "unknown"; the table has the piped line's columns;
    and when the interface goes, it says so and exits 1."""
    sock = "mgw-tmux-%d" % os.getpid()
    cmd = "ip netns exec %s %s watch w0 --interval 0.2; echo exit=$?; sleep 60" % (veth, CLI)
    sh("tmux", "-L", sock, "-f", "/dev/null", "new-session", "-d", "-x", "120", "-y", "40", cmd)
    try:
        # Ten redraws and more (forty lines had it scrolled). Polled, not
        # slept: under QEMU's emulation the first sample can take seconds.
        screen = _wait_for(sock, "multigig watch w0 ", 30)
        deadline = time.monotonic() + 30
        while _seconds_shown(screen) < 2.0 and time.monotonic() < deadline:
            time.sleep(0.2)
            screen = _screen(sock)
        lines = screen.splitlines()
        assert lines[0].startswith("multigig watch w0 "), screen
        assert _seconds_shown(screen) >= 2.0, screen
        assert screen.count("multigig watch") == 1, screen
        assert "\\x1b" not in screen and "[H" not in screen and "[J" not in screen, screen
        header = next(line for line in lines if "bit/s" in line).split()
        assert header == ["bit/s", "ceiling", "use", "pkt/s", "drops/s", "errors/s"], screen
        for direction in ("receive", "transmit"):
            row = next(line for line in lines if line.split()[:1] == [direction]).split()
            assert len(row) == 7 and row[2] == "unknown" and row[3] == "-", screen
        assert "-1.0%" not in screen and "ceiling -" not in screen
        t1 = _seconds_shown(screen)
        deadline = time.monotonic() + 10
        while _seconds_shown(_screen(sock)) <= t1 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _seconds_shown(_screen(sock)) > t1  # redrawn in place
        sh("ip", "-n", veth, "link", "del", "w0")
        screen = _wait_for(sock, "exit=", 20)
        assert "exit=1" in screen and "w0 has gone" in screen, screen
    finally:
        subprocess.run(["tmux", "-L", sock, "kill-server"], capture_output=True)


def test_watch_never_shows_a_blank_screen(veth):
    """On a terminal each redraw goes home and overwrites the table line by
    line, erasing each line's rest and what is below the last: no clear
    first, so nothing looking at the screen (a tmux capture on a slow
    machine) sees it blank between the clear and the table."""
    master, slave = os.openpty()
    proc = subprocess.Popen(["ip", "netns", "exec", veth, CLI, "watch", "w0", "--interval", "0.2"],
                            stdin=subprocess.DEVNULL, stdout=slave, stderr=subprocess.DEVNULL, close_fds=True)
    os.close(slave)
    got = b""
    try:
        deadline = time.monotonic() + 30
        while got.count(b"\x1b[H") < 4 and time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 1.0)
            if ready:
                got += os.read(master, 65536)
    finally:
        proc.kill()
        proc.wait()
        os.close(master)
    frames = got.split(b"\x1b[H")[1:-1]  # the last may be cut short
    assert len(frames) >= 2, got
    for frame in frames:
        assert frame.startswith(b"multigig watch w0 "), frame  # drawn at once, not cleared first
        assert frame.endswith(b"\x1b[J"), frame  # below the table erased, last
        assert frame.count(b"\x1b[J") == 1, frame
        lines = frame[:-len(b"\x1b[J")].split(b"\r\n")
        assert all(line.endswith(b"\x1b[K") for line in lines if line), frame


def test_watch_ends_on_a_closed_pipe_with_sigpipe_ignored(veth):
    """(trap '' PIPE; multigig watch w0 | head -1) ends at once: the failed
    write is an error, exit 1, whatever SIGPIPE's disposition."""
    script = ("trap '' PIPE; ip netns exec %s %s watch w0 --interval 0.05 2>\"$1\" | head -1; "
              "echo \"watch=${PIPESTATUS[0]}\"" % (veth, CLI))
    err = "/tmp/mgw-err-%d" % os.getpid()
    try:
        r = subprocess.run(["bash", "-c", script, "bash", err], capture_output=True, text=True, timeout=20)
        with open(err) as f:
            message = f.read()
    finally:
        if os.path.exists(err):
            os.unlink(err)
    assert "bit/s" in r.stdout.splitlines()[0], r.stdout
    assert r.stdout.splitlines()[-1] == "watch=1", (r.stdout, message)
    assert message.strip() == "multigig: watch: cannot write the output: Broken pipe"


def test_watch_skips_the_ticks_it_missed(veth):
    """Stopped for 1.5 s (SIGSTOP, as ^Z or a blocked terminal does), a watch
    goes on at its next tick: it does not print the samples it missed in a
    burst, microseconds apart, each over an interval of nothing."""
    p = subprocess.Popen(["ip", "netns", "exec", veth, CLI, "--json", "watch", "w0", "--interval", "0.2",
                          "--count", "6"], stdout=subprocess.PIPE, text=True)
    try:
        first = json.loads(p.stdout.readline())
        # ip netns exec execs the CLI in its own process.
        os.kill(p.pid, signal.SIGSTOP)
        time.sleep(1.5)
        os.kill(p.pid, signal.SIGCONT)
        lines = [first] + [json.loads(line) for line in p.stdout]
    finally:
        p.wait(20)
    ts = [line["t"] for line in lines]
    assert len(ts) == 6 and p.returncode == 0, ts
    gaps = [round(b - a, 3) for a, b in zip(ts, ts[1:])]
    # Every tick is one of the schedule's (multiples of 0.2 s); one jump of
    # a second or more skips those missed, the rest are one interval each.
    assert all(abs(t / 0.2 - round(t / 0.2)) < 1e-6 for t in ts), ts
    assert sum(g >= 1.0 for g in gaps) == 1 and all(g == 0.2 for g in gaps if g < 1.0), gaps
    # The sample after the stop covers it whole; the next tick may then be near.
    assert max(line["interval_s"] for line in lines) >= 1.0, [line["interval_s"] for line in lines]


def test_watch_says_when_its_interface_goes(veth):
    """Piped or JSON, watch on an interface that is deleted says so and exits 1."""
    for args in ([], ["--json"]):
        p = subprocess.Popen(["ip", "netns", "exec", veth, CLI] + args + ["watch", "w0", "--interval", "0.1"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert p.stdout.readline()
        sh("ip", "-n", veth, "link", "del", "w0")
        out, err = p.communicate(timeout=10)
        assert p.returncode == 1
        assert err.strip() == "multigig: watch: w0 has gone: no interface has index %s any more" % err.split()[-3]
        sh("ip", "-n", veth, "link", "add", "w0", "type", "veth", "peer", "name", "w1")
        sh("ip", "-n", veth, "link", "set", "w0", "up")


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_progress_on_a_terminal_only(veth):
    """doctor --interval counts its seconds on stderr when stderr is a
    terminal, erases the line when done, and prints nothing of it into a
    pipe or a file."""
    sock = "mgw-prog-%d" % os.getpid()
    cmd = "ip netns exec %s %s doctor w0 --interval 3 >/dev/null; echo done; sleep 60" % (veth, CLI)
    sh("tmux", "-L", sock, "-f", "/dev/null", "new-session", "-d", "-x", "120", "-y", "20", cmd)
    try:
        screen = _wait_for(sock, "s of 3 s", 2)
        assert "multigig: doctor: sampling: " in screen and "s of 3 s (Ctrl-C stops)" in screen, screen
        screen = _wait_for(sock, "done", 6)
        assert "done" in screen and "sampling" not in screen, screen
    finally:
        subprocess.run(["tmux", "-L", sock, "kill-server"], capture_output=True)
    r = subprocess.run(["ip", "netns", "exec", veth, CLI, "doctor", "w0", "--interval", "1"], capture_output=True,
                       text=True)
    assert r.returncode == 0 and r.stderr == "", r.stderr
