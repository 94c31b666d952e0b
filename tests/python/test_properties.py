# SPDX-License-Identifier: LGPL-2.1-or-later
"""Property tests: any str, bytes, int, None or huge value passed to any
public call of the package raises a Python exception (one of
odd_calls.EXPECTED) or succeeds, on fixture trees; never a crash, never
growing memory."""
import os
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, os.path.dirname(__file__))
import odd_calls  # noqa: E402

import multigig  # noqa: E402

TREES = os.environ["FIXTURE_TREES"]
# No example database: the tests leave nothing behind in the build tree.
# Under qemu-user (the arm64 run) each example costs some fifty times more:
# there the draws look for what the architecture changes (unsigned char,
# alignment), which a few per test reach; the full count runs natively.
settings.register_profile("multigig", deadline=None, database=None,
                          max_examples=8 if os.environ.get("MULTIGIG_EMULATED") else 60,
                          suppress_health_check=[HealthCheck.function_scoped_fixture])
settings.load_profile("multigig")

# Names the trees hold, so that some draws reach past the look-up.
NAMES = ["eth1", "enp1s0", "lo", "01:00.0", "0001:01:00.0", "veth0", "max", "all", "on", "off",
         "rx-gro", "speed_mbps", "rings"]
values = st.one_of(
    st.none(), st.booleans(), st.sampled_from(NAMES), st.text(), st.text(min_size=200, max_size=5000),
    st.binary(), st.integers(), st.integers(min_value=-(2**200), max_value=2**200),
    st.floats(), st.lists(st.one_of(st.text(max_size=20), st.integers()), max_size=4),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2))

TREE_NAMES = ["pi5-rtl8126", "desktop", "cm4-rtl8125-1g", "sensors-pc", "usb-adapters"]


def tree(name):
    return os.path.join(TREES, name)


def _context_call_names():
    with multigig.Context(tree("pi5-rtl8126")) as ctx:
        return [name for name, _ in odd_calls.context_calls(ctx, "/nonexistent")]


@pytest.mark.parametrize("name", _context_call_names())
@given(tree_name=st.sampled_from(TREE_NAMES), value=values)
def test_context_calls(name, tree_name, value, tmp_path):
    with multigig.Context(tree(tree_name)) as ctx:
        call = dict(odd_calls.context_calls(ctx, str(tmp_path)))[name]
        odd_calls.run(call, value)


@pytest.mark.parametrize("name", [name for name, _ in odd_calls.module_calls()])
@given(value=values)
def test_module_calls(name, value):
    odd_calls.run(dict(odd_calls.module_calls())[name], value)


@pytest.mark.parametrize("name", [name for name, _ in odd_calls.context_new_calls(tree("desktop"))])
@given(value=values)
def test_context_arguments(name, value):
    odd_calls.run(dict(odd_calls.context_new_calls(tree("desktop")))[name], value)


@given(value=values)
def test_prometheus_collector_root(value):
    from multigig.prometheus import Collector
    if not odd_calls.is_live(value):
        odd_calls.run(lambda v: list(Collector(v).collect()), value)


@given(value=values)
def test_after_close(value):
    """A closed context refuses every call with ValueError (or the argument's own error)."""
    ctx = multigig.Context(tree("desktop"))
    nic = ctx.nic("enp1s0")
    ctx.close()
    for name, call in odd_calls.context_calls(_Closed(ctx, nic), "/nonexistent"):
        odd_calls.run(call, value)


class _Closed:
    """A closed Context with a Nic read before: context_calls() wants nics()."""

    def __init__(self, ctx, nic):
        self._ctx, self._nic = ctx, nic

    def nics(self):
        return [self._nic]

    def __getattr__(self, name):
        return getattr(self._ctx, name)


def _rss_kb():
    with open("/proc/self/status") as f:
        return int(next(line for line in f if line.startswith("VmRSS")).split()[1])


def _odd_pass(ctx):
    for _, call in odd_calls.context_calls(ctx, "/nonexistent") + odd_calls.module_calls():
        for value in odd_calls.ODD:
            odd_calls.run(call, value)


def test_odd_values_do_not_grow_memory():
    """Every failing call frees what it took: many passes of the fixed odd
    values stay flat (the valgrind loop runs the same pass)."""
    with multigig.Context(tree("pi5-rtl8126")) as ctx:
        for _ in range(20):
            _odd_pass(ctx)
        start = _rss_kb()
        for _ in range(150):
            _odd_pass(ctx)
        grown = _rss_kb() - start
    assert grown < 1024, "%d kB more after 150 passes" % grown
