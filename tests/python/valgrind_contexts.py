# SPDX-License-Identifier: LGPL-2.1-or-later
"""Run under valgrind by the python-valgrind test: 1000 contexts, each
listing a fixture tree, reading a PCIe path and an estimate; then every
public call with the odd values of the property tests, whose failures
must free what they took."""
import os
import sys

import multigig

sys.path.insert(0, os.path.dirname(__file__))
import odd_calls  # noqa: E402

TREES = os.environ["FIXTURE_TREES"]

for _ in range(1000):
    with multigig.Context(os.path.join(TREES, "pi5-rtl8126")) as ctx:
        for nic in ctx.nics():
            nic.pcie()
        ctx.cable("eth1")
multigig.estimate(3, 1, 256, 1500, 10000)
print("1000 contexts")

for name in ("pi5-rtl8126", "sensors-pc", "usb-adapters"):
    tree = os.path.join(TREES, name)
    with multigig.Context(tree, log=True) as ctx:
        calls = odd_calls.context_calls(ctx, "/nonexistent") + odd_calls.module_calls()
        for _, call in calls + odd_calls.context_new_calls(tree):
            for value in odd_calls.ODD:
                odd_calls.run(call, value)
print("odd values through every call")
