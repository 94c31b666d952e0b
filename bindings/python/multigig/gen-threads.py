#!/usr/bin/python3
"""List the calls that let other Python threads run while they wait.

    gen-threads.py HEADER... threads.i

Every function that takes a context (netlink round trips, a doctor's
sample interval, a wait for another apply's lock, a cable test), a
sampler or a plan releases the GIL: %thread for each. The rest (getters
of objects already read, references) keep it, so that the GIL still
orders them; the Context object orders the calls on one context.
"""
import re
import sys

FUNCTION = re.compile(r"^[a-z][^;{()]*?\b(mg_[a-z0-9_]+)\(([^;]*?)\);", re.M | re.S)
WAITS = re.compile(r"(?<!const )struct (mg_ctx|mg_sampler|mg_plan) \*")


def main(srcs, dst):
    header = ""
    for src in srcs:
        with open(src, encoding="utf-8") as f:
            header += f.read() + "\n"
    out = ["/* Generated from %s by gen-threads.py: do not edit. */" % " ".join(s.rsplit("/", 1)[-1] for s in srcs)]
    for m in FUNCTION.finditer(header):
        if WAITS.search(m.group(2)) and m.group(1) not in ("mg_ctx_ref", "mg_ctx_unref"):
            out.append("%%thread %s;" % m.group(1))
    with open(dst, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:-1], sys.argv[-1])
