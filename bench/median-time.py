#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Run commands in turn, RUNS rounds, and print each one's median wall time.

    bench/median-time.py RUNS CMD [CMD ...]

Each CMD is one string: run through sh -c when it holds shell syntax
(; | & > < $ or a quote), otherwise executed directly, so a single program is
not charged for a shell it does not need. Rounds interleave the commands
(A B A B ...) so that a slow moment of the machine hits all of them alike.
Output, one line: the median seconds of each command, then, with two
commands, the median of the per-round ratios first/second. Standard output
and error of the commands go to /dev/null; a command failing is an error.
"""

import shlex
import statistics
import subprocess
import sys
import time

SHELL_SYNTAX = set(";|&<>$'\"")


def argv(cmd):
    if SHELL_SYNTAX & set(cmd):
        return ["sh", "-c", cmd]
    return shlex.split(cmd)


def once(args):
    start = time.perf_counter()
    rc = subprocess.call(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    if rc != 0:
        sys.exit("median-time: exit %d from: %s" % (rc, " ".join(args)))
    return elapsed


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__.strip().splitlines()[2].strip())
    runs = int(sys.argv[1])
    cmds = [argv(c) for c in sys.argv[2:]]
    times = [[] for _ in cmds]
    for _ in range(runs):
        for i, args in enumerate(cmds):
            times[i].append(once(args))
    fields = ["%.6f" % statistics.median(t) for t in times]
    if len(cmds) == 2:
        fields.append("%.3f" % statistics.median(a / b for a, b in zip(*times)))
    print(" ".join(fields))


if __name__ == "__main__":
    main()
