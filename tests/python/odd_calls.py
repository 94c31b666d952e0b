# SPDX-License-Identifier: LGPL-2.1-or-later
"""Every public call of the package with values it does not expect: each
must raise one of EXPECTED or succeed, never crash. Shared by the property
tests (test_properties.py, with Hypothesis's values) and the valgrind loop
(valgrind_contexts.py, with the fixed ODD values)."""
import os

import multigig

# What a call may raise for a value it cannot take.
EXPECTED = (TypeError, ValueError, OSError, OverflowError, KeyError)

# A fixed set of the values Hypothesis draws from.
ODD = [None, "", "eth1", "\0", "x" * 300, "\udcff", "max", "all", "..", b"eth1", b"\xff", 0, -1, 1,
       2**31, -(2**31) - 1, 2**63, 2**64 + 1, -(2**70), 1.5, float("nan"), float("inf"), True, [], ["eth1", 3],
       {"a": 1}, object()]


def is_live(root):
    """Whether a value would make a live context (this machine's /sys)."""
    if root is None:
        return True
    try:
        return os.path.realpath(os.fspath(root)) == "/sys"
    except (TypeError, ValueError):
        return False


def inside(directory, value):
    """A capture directory under ``directory``, for a str; else the value itself."""
    if isinstance(value, str):
        return os.path.join(directory, value.replace("/", "_").replace("\0", "") or "empty")
    return value


def context_calls(ctx, tmpdir):
    """(name, call taking one value) for each method of a Context and what
    it returns, on a fixture tree's context."""
    def tuned(v):
        with ctx.tuned("eth1", mtu=v):
            pass

    def tuned_name(v):
        with ctx.tuned(v, mtu=1500):
            pass

    nic = ctx.nics()[0]

    def link(v):
        return nic.link()[v] if nic.name else None

    def link_get(v):
        return nic.link().get(v) if nic.name else None
    return [
        ("nic", ctx.nic), ("pcie", ctx.pcie), ("throughput", ctx.throughput), ("settings", ctx.settings),
        ("cable", ctx.cable), ("interrupted", ctx.interrupted), ("rollback", ctx.rollback),
        ("doctor", ctx.doctor),
        ("doctor interval", lambda v: ctx.doctor(None, v)),
        ("cable_test", lambda v: ctx.cable_test(v, yes=True)),
        ("cable_test timeout", lambda v: ctx.cable_test("eth1", yes=True, timeout_ms=v)),
        ("capture", lambda v: ctx.capture(inside(tmpdir, v))),
        ("apply name", lambda v: ctx.apply(v, mtu=1500)),
        ("apply mtu", lambda v: ctx.apply("eth1", mtu=v)),
        ("apply ring", lambda v: ctx.apply("eth1", dry_run=True, rx_ring=v)),
        ("apply eee", lambda v: ctx.apply("eth1", eee=v)),
        ("apply advertise", lambda v: ctx.apply("eth1", advertise=v)),
        ("apply feature", lambda v: ctx.apply("eth1", gro=v)),
        ("apply key", lambda v: ctx.apply("eth1", **{str(v): 1})),
        ("apply dry_run", lambda v: ctx.apply("eth1", dry_run=v, mtu=1500)),
        ("apply persist", lambda v: ctx.apply("eth1", dry_run=True, mtu=1500, persist=v)),
        ("persist", ctx.persist), ("persist remove", lambda v: ctx.persist("eth1", remove=v)),
        ("persist dry_run", lambda v: ctx.persist("eth1", dry_run=v)),
        ("tuned", tuned), ("tuned name", tuned_name),
        ("nic.doctor", nic.doctor), ("nic.to_dict", nic.to_dict),
        ("settings.group", lambda v: multigig.Settings("eth1", {}, {}, {}).group(v)),
        ("record key", link), ("record get", link_get),
    ]


def module_calls():
    """(name, call taking one value) for the package's functions and classes."""
    return [
        ("estimate gen", lambda v: multigig.estimate(v, 1, 256, 1500, 10000)),
        ("estimate width", lambda v: multigig.estimate(3, v, 256, 1500, 10000)),
        ("estimate mps", lambda v: multigig.estimate(3, 1, v, 1500, 10000)),
        ("estimate mtu", lambda v: multigig.estimate(3, 1, 256, v, 10000)),
        ("estimate link", lambda v: multigig.estimate(3, 1, 256, 1500, v)),
        ("estimate mrrs", lambda v: multigig.estimate(3, 1, 256, 1500, 10000, mrrs=v)),
        ("estimate completion", lambda v: multigig.estimate(3, 1, 256, 1500, 10000, completion=v)),
        ("estimate header", lambda v: multigig.estimate(3, 1, 256, 1500, 10000, header=v)),
        ("ApplyResult", multigig.ApplyResult),
        ("ApplyError", lambda v: multigig.ApplyError(v, v, v)),
        ("Settings", lambda v: multigig.Settings(v, v, v, v).to_dict()),
        ("Change", lambda v: multigig.Change(v, v, v)),
    ]


def context_new_calls(tree):
    """Context's arguments, on a fixture tree, never this machine's /sys."""
    def with_root(v):
        if not is_live(v):
            multigig.Context(v).close()

    return [
        ("Context root", with_root),
        ("Context pci_dump", lambda v: multigig.Context(tree, pci_dump=v).close()),
        ("Context log", lambda v: multigig.Context(tree, log=v).close()),
    ]


def run(call, value):
    """Call; an expected exception is fine, anything else propagates."""
    try:
        call(value)
    except EXPECTED:
        pass
