# SPDX-License-Identifier: LGPL-2.1-or-later
"""Run under valgrind by the python-valgrind test: 1000 contexts, each
listing a fixture tree, reading a PCIe path and an estimate."""
import os

import multigig

TREES = os.environ["FIXTURE_TREES"]

for _ in range(1000):
    with multigig.Context(os.path.join(TREES, "pi5-rtl8126")) as ctx:
        for nic in ctx.nics():
            nic.pcie()
        ctx.cable("eth1")
multigig.estimate(3, 1, 256, 1500, 10000)
print("1000 contexts")
