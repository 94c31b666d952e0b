# SPDX-License-Identifier: LGPL-2.1-or-later
"""The Python bindings and threads, in a private network and mount namespace
(root only): the GIL is released while a call waits, so other threads run
during a doctor's interval or a wait for another apply's lock; a shared
Context runs its calls one at a time and never hands one thread another's
error; closing a Context from its own log handler or from another thread
is deferred, never a crash; intervals that are not finite are refused."""
import ctypes
import logging
import math
import os
import subprocess
import sys
import threading
import time

import pytest

import multigig

CLI = os.environ["MULTIGIG_CLI"]
TEST_CLI = os.environ["MULTIGIG_TEST_CLI"]
CLONE_NEWNS = 0x00020000
CLONE_NEWNET = 0x40000000
MS_REC = 0x4000
MS_PRIVATE = 1 << 18

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="needs root for a network namespace")


@pytest.fixture(scope="module", autouse=True)
def namespace():
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(CLONE_NEWNET | CLONE_NEWNS) != 0:
        raise OSError(ctypes.get_errno(), "unshare")
    for target, fstype, data in ((b"/", b"none", None), (b"/sys", b"sysfs", None), (b"/run", b"tmpfs", b"mode=0755")):
        flags = MS_REC | MS_PRIVATE if target == b"/" else 0
        if libc.mount(fstype, target, fstype, flags, data) != 0:
            raise OSError(ctypes.get_errno(), "mount %s" % target.decode())
    subprocess.run(["ip", "link", "add", "tv0", "type", "veth", "peer", "name", "tv1"], check=True)
    subprocess.run(["ip", "link", "set", "tv0", "up"], check=True)
    yield


def _calls_during(seconds_busy, busy):
    """How many steps another thread ends while ``busy`` runs (not counting
    the first and last tenth of a second). A step is a short sleep and a
    list append: Python code that needs the GIL each time, and cheap enough
    that a loaded TCG guest still takes hundreds a second (a nics() call
    there could take a second, and counting those measured the machine)."""
    done = threading.Event()
    ends = []

    def other():
        while not done.is_set():
            time.sleep(0.001)
            ends.append(time.monotonic())

    t = threading.Thread(target=other)
    t.start()
    time.sleep(0.1)
    start = time.monotonic()
    busy()
    end = time.monotonic()
    done.set()
    t.join()
    assert end - start >= seconds_busy * 0.9
    return sum(1 for e in ends if start + 0.1 <= e <= end - 0.1)


def _enough(n, seconds_busy):
    """Whether ``n`` steps are the other thread running, not standing still.
    Holding the GIL lets it end one step or none; free, it ends as many as
    it does while this thread sleeps (a quarter of that is enough)."""
    free = _calls_during(seconds_busy, lambda: time.sleep(seconds_busy))
    return n >= max(3, free // 4), "%d steps while busy, %d while sleeping" % (n, free)


def test_doctor_interval_lets_other_threads_run():
    """0.2 held the GIL through the doctor's interval: the other thread stood still."""
    with multigig.Context() as ctx:
        n = _calls_during(1.5, lambda: ctx.doctor("tv0", interval=1.5))
    ok, why = _enough(n, 1.5)
    assert ok, why


def test_lock_wait_lets_other_threads_run():
    """An apply waiting for another process's lock: the other thread goes on."""
    r, w = os.pipe()
    env = dict(os.environ, MG_TEST_PAUSE_AFTER_GROUP="0", MG_TEST_PAUSE_FD=str(r))
    holder = subprocess.Popen([TEST_CLI, "set", "tv0", "mtu", "2000"], env=env, pass_fds=(r,),
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    os.close(r)
    try:
        with multigig.Context() as ctx:
            deadline = time.monotonic() + 10
            while ctx.nic("tv0").mtu != 2000 and time.monotonic() < deadline:
                time.sleep(0.01)
            assert ctx.nic("tv0").mtu == 2000
            # Release the holder after 1.5 s; the apply below waits for it meanwhile.
            threading.Timer(1.5, lambda: os.write(w, b"g")).start()
            n = _calls_during(1.4, lambda: ctx.apply("tv0", mtu=3000))
            assert ctx.nic("tv0").mtu == 3000
        ok, why = _enough(n, 1.4)
        assert ok, why
    finally:
        holder.wait(timeout=30)
        os.close(w)
        subprocess.run([CLI, "set", "tv0", "mtu", "1500"], check=True, stdout=subprocess.DEVNULL)


def test_shared_context_keeps_errors_apart():
    """Two threads on one Context: each error names its own interface (0.2 mixed them)."""
    errors = {"nosuch-a": [], "nosuch-b": []}
    # Switch threads as often as the interpreter can: between a call and the read of its error too.
    old_interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    with multigig.Context() as ctx:
        def ask(name):
            for _ in range(300):
                try:
                    ctx.nic(name)
                except FileNotFoundError as e:
                    errors[name].append(str(e))

        threads = [threading.Thread(target=ask, args=(n,)) for n in errors]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    sys.setswitchinterval(old_interval)
    for name, messages in errors.items():
        assert len(messages) == 300
        assert all(name in m for m in messages), [m for m in messages if name not in m][:3]


def test_close_from_another_thread_waits_for_the_call():
    ctx = multigig.Context()
    t = threading.Thread(target=lambda: ctx.doctor("tv0", interval=1.0))
    t.start()
    time.sleep(0.2)
    ctx.close()  # waits for the doctor's call, then closes
    t.join()
    with pytest.raises(ValueError):
        ctx.nics()


CLOSE_FROM_HANDLER = r"""
import logging, sys, multigig
closed = []
class Closer(logging.Handler):
    def emit(self, record):
        if not closed:
            closed.append(record.getMessage())
            ctx.close()                 # deferred: the call that logs is not over
            try:
                ctx.nics()              # any other use is refused
            except RuntimeError as e:
                closed.append("refused: %s" % e)
log = logging.getLogger("closer")
log.setLevel(logging.DEBUG)
log.addHandler(Closer())
ctx = multigig.Context(log=log)
n = len(ctx.nics())                     # logs (requests, files read), and is closed when it returns
try:
    ctx.nics()
    print("still open")
except ValueError as e:
    print("closed after the call: %s" % e)
print("nics %d; %s" % (n, closed[1] if len(closed) > 1 else "no refusal"))
"""


def test_close_from_log_handler_is_deferred():
    """0.2 freed the context under the call that logged: an invalid read, a crash."""
    p = subprocess.run([sys.executable, "-c", CLOSE_FROM_HANDLER], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert "closed after the call" in p.stdout
    assert "refused: a multigig Context cannot be used from its own log handler" in p.stdout
    assert "nics " in p.stdout and "nics 0" not in p.stdout


@pytest.mark.parametrize("interval", [float("nan"), float("inf"), -float("inf"), 0, -1, 3601])
def test_bad_intervals_refused(interval):
    """nic.watch(interval=nan) busy-looped in 0.2."""
    with multigig.Context() as ctx:
        nic = ctx.nic("tv0")
        with pytest.raises(ValueError):
            nic.watch(interval=interval)
        if interval != 0:
            with pytest.raises(ValueError):
                ctx.doctor("tv0", interval=interval)


def test_watch_shares_its_context_between_samples():
    """A watch holds the Context only for each sample: another thread's call gets in between."""
    with multigig.Context() as ctx:
        nic = ctx.nic("tv0")
        got, seen = [], []

        def watch():
            for s in nic.watch(interval=0.5, count=4):
                got.append(s.rx_bps)
                seen.append(time.monotonic())

        t = threading.Thread(target=watch)
        t.start()
        done = []
        while t.is_alive():
            ctx.nics()
            done.append(time.monotonic())
        t.join()
        assert len(got) == 4 and not any(isinstance(v, float) and math.isnan(v) for v in got if v is not None)
        # Calls finished while the watch was between its samples, in each of its
        # three intervals: it did not hold the Context through them. Counted
        # against the samples' own times, not a fixed number, so a slow guest
        # (TCG, where one nics() takes a large share of an interval) holds it too.
        for a, b in zip(seen, seen[1:]):
            assert any(a < c < b for c in done), (seen, done)
