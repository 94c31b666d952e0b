# SPDX-License-Identifier: LGPL-2.1-or-later
"""The kernel log against this kernel (root only), in a private network and
mount namespace: lines written into /dev/kmsg that name this test's own veth
are attributed to it (show, doctor, watch, Python, a capture that keeps them
and replays them), a line naming another interface is not; without CAP_SYSLOG
under kernel.dmesg_restrict=1 the log is unknown with the reason, while
dmesg_restrict=0 lets the same process read it; /dev/kmsg is opened once for
a whole list; and a reader the kernel overtakes (EPIPE) continues. The last
test wraps the host's ring buffer."""
import ctypes
import json
import os
import shutil
import subprocess
import tempfile
import time

import pytest

CLI = os.environ["MULTIGIG_CLI"]
CLONE_NEWNS = 0x00020000
CLONE_NEWNET = 0x40000000
MS_REC = 0x4000
MS_PRIVATE = 1 << 18
RESTRICT = "/proc/sys/kernel/dmesg_restrict"
REASON = "reading the kernel log needs CAP_SYSLOG, or kernel.dmesg_restrict=0"
# Unique to this run: the ring is the host's, other runs' lines stay in it.
NAME = "mgk%x" % (os.getpid() & 0xfffff)
PEER = NAME + "p"
OTHER = NAME + "x"

if os.geteuid() != 0:
    pytest.fail("needs root: a network namespace and /dev/kmsg writes", pytrace=False)


def _unshare_and_mount_sysfs():
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(CLONE_NEWNET | CLONE_NEWNS) != 0:
        raise OSError(ctypes.get_errno(), "unshare")
    if libc.mount(b"none", b"/", b"none", MS_REC | MS_PRIVATE, None) != 0:
        raise OSError(ctypes.get_errno(), "mount --make-rprivate /")
    if libc.mount(b"sysfs", b"/sys", b"sysfs", 0, None) != 0:
        raise OSError(ctypes.get_errno(), "mount sysfs")
    if libc.mount(b"tmpfs", b"/run", b"tmpfs", 0, b"mode=0755") != 0:
        raise OSError(ctypes.get_errno(), "mount tmpfs on /run")


def kmsg(line):
    with open("/dev/kmsg", "w") as f:
        f.write(line + "\n")


def uptime():
    with open("/proc/uptime") as f:
        return float(f.read().split()[0])


DEVKMSG = "/proc/sys/kernel/printk_devkmsg"


def set_devkmsg(value):
    """One write of the whole word and its newline: the kernel refuses a part of one."""
    fd = os.open(DEVKMSG, os.O_WRONLY)
    try:
        os.write(fd, (value + "\n").encode())
    finally:
        os.close(fd)


@pytest.fixture(scope="module", autouse=True)
def namespace():
    _unshare_and_mount_sysfs()
    subprocess.run(["ip", "link", "add", NAME, "type", "veth", "peer", "name", PEER], check=True)
    # Writes are rate-limited by default (10 in 5 s, for every writer): other
    # tests' lines must not make ours be dropped.
    with open(DEVKMSG) as f:
        devkmsg = f.read().strip()
    set_devkmsg("on")
    try:
        written = uptime()
        kmsg("<6>%s: Link is Up - 10Gbps/Full - flow control off" % NAME)
        kmsg("<4>%s: NETDEV WATCHDOG: CPU: 0: transmit queue 0 timed out 5000 ms" % NAME)
        kmsg("<6>%s: Link is Down" % OTHER)
        kmsg("<6>%s: a line the library does not know" % NAME)
        yield written
    finally:
        set_devkmsg(devkmsg)


def show(*args, pre=()):
    out = subprocess.run(list(pre) + [CLI] + list(args) + ["--json"], check=True, capture_output=True,
                         text=True).stdout
    return json.loads(out)


def ours(lines):
    return [l for l in lines if NAME in l["text"]]


def test_lines_attributed(namespace):
    got = show("show", NAME)
    assert got["kernel_log_unknown"] is None
    mine = ours(got["kernel_log"])
    assert [l["text"] for l in mine] == ["%s: Link is Up - 10Gbps/Full - flow control off" % NAME,
                                         "%s: NETDEV WATCHDOG: CPU: 0: transmit queue 0 timed out 5000 ms" % NAME]
    assert [l["kind"] for l in mine] == ["link-up", "tx-timeout"]
    assert [l["priority"] for l in mine] == ["info", "warning"]
    assert mine[0]["meaning"] == "link up at 10Gbps, full duplex"
    assert all(l["about"] == "interface" for l in mine)
    # Monotonic time since boot, as the kernel stamped it when written.
    assert abs(mine[0]["time"] - namespace) < 30
    assert not [l for l in got["kernel_log"] if OTHER in l["text"]]
    peer = show("show", PEER)
    assert not ours(peer["kernel_log"]) or all(PEER in l["text"] for l in ours(peer["kernel_log"]))


def test_doctor_cites_the_line():
    got = show("doctor", NAME)
    found = [f for f in got["findings"] if f["id"] == "kernel-tx-timeout"]
    assert len(found) == 1
    facts = [e["fact"] for e in found[0]["evidence"]]
    assert "%s: NETDEV WATCHDOG: CPU: 0: transmit queue 0 timed out 5000 ms" % NAME in facts
    assert any("net/sched/sch_generic.c" in e["source"] for e in found[0]["evidence"])


def test_capture_keeps_and_replays():
    tmp = tempfile.mkdtemp()
    try:
        dest = os.path.join(tmp, "c")
        subprocess.run([CLI, "capture", dest], check=True, capture_output=True)
        with open(os.path.join(dest, "multigig", "kmsg"), errors="replace") as f:
            kept = f.read()
        assert "%s: Link is Up - 10Gbps/Full" % NAME in kept
        assert OTHER not in kept
        assert "a line the library does not know" not in kept
        replayed = show("--sysfs-root", dest, "show", NAME)
        assert ours(replayed["kernel_log"]) == ours(show("show", NAME)["kernel_log"])
    finally:
        shutil.rmtree(tmp)


# Without CAP_SYSLOG, and without CAP_SYS_ADMIN: older kernels (Debian's 6.1)
# still let that one read a restricted log, with a deprecation warning; 6.12 does not.
NO_SYSLOG = ["setpriv", "--inh-caps=-syslog,-sys_admin", "--bounding-set=-syslog,-sys_admin"]


def test_unprivileged_reason_and_allowed():
    with open(RESTRICT) as f:
        before = f.read().strip()
    try:
        with open(RESTRICT, "w") as f:
            f.write("1")
        got = show("show", NAME, pre=NO_SYSLOG)
        assert got["kernel_log"] is None
        assert got["kernel_log_unknown"] == REASON
        text = subprocess.run(NO_SYSLOG + [CLI, "show", NAME], check=True, capture_output=True, text=True).stdout
        assert "kernel log:        unknown: " + REASON in text
        # Where dmesg_restrict allows it, the same process reads the log.
        with open(RESTRICT, "w") as f:
            f.write("0")
        got = show("show", NAME, pre=NO_SYSLOG)
        assert got["kernel_log_unknown"] is None
        assert [l["kind"] for l in ours(got["kernel_log"])] == ["link-up", "tx-timeout"]
    finally:
        with open(RESTRICT, "w") as f:
            f.write(before)


# User nobody with no capability at all, as a user's shell without sudo.
NOBODY = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--inh-caps=-all"]


def test_unprivileged_doctor_says_not_checked():
    """doctor without CAP_SYSLOG under dmesg_restrict=1 cannot read the log:
    it says so (the not-checked finding, its reason and what it lacks) in
    text and JSON, instead of a plain "no findings"; root reads the log and
    finds the line. nobody runs a copy of the CLI: the build may sit in a
    directory only root can enter."""
    with open(RESTRICT) as f:
        before = f.read().strip()
    copy = tempfile.mkdtemp()
    try:
        os.chmod(copy, 0o755)
        os.mkdir(os.path.join(copy, "tools"))
        os.mkdir(os.path.join(copy, "lib"))
        cli = shutil.copy(CLI, os.path.join(copy, "tools"))
        shutil.copy(os.path.join(os.path.dirname(CLI), "..", "lib", "libmultigig.so.0"),
                    os.path.join(copy, "lib"))
        with open(RESTRICT, "w") as f:
            f.write("1")
        out = subprocess.run(NOBODY + [cli, "--json", "doctor", NAME], check=True, capture_output=True,
                             text=True, cwd="/").stdout
        found = {x["id"]: x for x in json.loads(out)["findings"]}
        assert "kernel-tx-timeout" not in found and "not-checked" in found, found
        assert found["not-checked"]["severity"] == "info" and found["not-checked"]["nic"] == NAME
        assert {"fact": REASON, "source": "/dev/kmsg"} in found["not-checked"]["evidence"]
        assert "CAP_SYSLOG" in found["not-checked"]["fix"]
        text = subprocess.run(NOBODY + [cli, "doctor", NAME], check=True, capture_output=True, text=True,
                              cwd="/").stdout
        assert "not checked: the kernel log" in text and REASON + " (/dev/kmsg)" in text, text
        assert "no findings:" not in text, text
        got = show("doctor", NAME)["findings"]
        assert "not-checked" not in [x["id"] for x in got] and "kernel-tx-timeout" in [x["id"] for x in got]
    finally:
        with open(RESTRICT, "w") as f:
            f.write(before)
        shutil.rmtree(copy)


def test_one_pass_for_a_list():
    """show --all reads the ring once for every adapter: its lines are the single look-up's."""
    start = time.monotonic()
    every = subprocess.run([CLI, "show", "--all", "--json"], check=True, capture_output=True, text=True).stdout
    assert time.monotonic() - start < 30
    by_name = {n["name"]: n for n in json.loads(every)}
    assert ours(by_name[NAME]["kernel_log"]) == ours(show("show", NAME)["kernel_log"])
    # One open of /dev/kmsg for the whole list, and for the doctor of every adapter.
    for args in (["show", "--all", "--json"], ["doctor", "--json"], ["show", NAME, "--json"]):
        trace = subprocess.run(["strace", "-f", "-e", "trace=open,openat", CLI] + args, check=True,
                               capture_output=True, text=True).stderr
        assert trace.count('"/dev/kmsg"') == 1, (args, trace.count('"/dev/kmsg"'))


def test_python_equals_cli():
    import multigig
    with multigig.Context() as ctx:
        nic = ctx.nic(NAME)
        lines = nic.kernel_log()
        assert nic.kernel_log_unknown() is None
    assert lines is not None
    assert [l.to_dict() for l in lines if NAME in l.text] == ours(show("show", NAME)["kernel_log"])


def test_watch_shows_new_lines():
    """watch: a line written while it runs is in one sample, once; the lines
    before it started are in none."""
    proc = subprocess.Popen([CLI, "--json", "watch", NAME, "--count", "4", "--interval", "0.5"],
                            stdout=subprocess.PIPE, text=True)
    time.sleep(1.2)
    kmsg("<3>%s: Link is Up - 2.5Gbps/Full - flow control rx/tx" % NAME)
    out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 0
    samples = [json.loads(line) for line in out.splitlines()]
    assert len(samples) == 4
    seen = [l for s in samples for l in ours(s["kernel_log"])]
    assert [l["text"] for l in seen] == ["%s: Link is Up - 2.5Gbps/Full - flow control rx/tx" % NAME]
    assert seen[0]["priority"] == "err" and seen[0]["meaning"] == "link up at 2.5Gbps, full duplex"
    text = subprocess.run([CLI, "watch", NAME, "--count", "1", "--interval", "0.1"], check=True,
                          capture_output=True, text=True).stdout
    assert "kernel [" not in text  # nothing new in that sample


def test_overtaken_reader_continues():
    """Last of this file: it wraps the ring. The test build of the CLI pauses
    after one record; meanwhile twice the ring's size is written, so the
    kernel overwrites what the reader had not read yet. The reader gets
    EPIPE, counts it and continues: the line written last is attributed."""
    test_cli = os.environ.get("MULTIGIG_TEST_CLI")
    assert test_cli, "needs the CLI built for tests (MULTIGIG_TEST_CLI)"
    size = ctypes.CDLL(None, use_errno=True).klogctl(10, None, 0)  # SYSLOG_ACTION_SIZE_BUFFER
    assert size > 0
    r, w = os.pipe()
    env = dict(os.environ, MG_TEST_PAUSE_KMSG_AFTER="1", MG_TEST_PAUSE_FD=str(r))
    proc = subprocess.Popen([test_cli, "-vv", "--json", "show", NAME], env=env, pass_fds=(r,),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    os.close(r)
    log = []
    try:
        for line in proc.stderr:
            log.append(line)
            if "kernel log: paused after 1 records" in line:
                break
        assert log and "paused" in log[-1], "".join(log)
        # The module's fixture lifted the rate limit: every line is kept.
        with open("/dev/kmsg", "w", buffering=1) as f:
            written = n = 0
            while written < 2 * size:
                line = "<6>mgknoise %d: filling the ring so that it wraps under the reader\n" % n
                f.write(line)
                written += len(line)
                n += 1
            f.write("<6>%s: Link is Up - 5Gbps/Full - flow control off\n" % NAME)
    finally:
        os.write(w, b"go")
        os.close(w)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    stats = [l for l in log + err.splitlines() if "overwritten while read" in l]
    assert stats, err
    overwritten = int(stats[-1].split(" overwritten while read")[0].rsplit(" ", 1)[1])
    assert overwritten >= 1
    lines = [l["text"] for l in ours(json.loads(out)["kernel_log"])]
    assert lines[-1] == "%s: Link is Up - 5Gbps/Full - flow control off" % NAME
