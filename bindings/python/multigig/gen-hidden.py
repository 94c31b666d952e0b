#!/usr/bin/python3
"""The library's table of characters that show nothing, for Python.

    gen-hidden.py show.c _hidden.py

lib/base/show.c holds the one table of characters that text shows as
escapes (zero widths, direction controls, fillers, tags); the package's
label_value() shows them the same way, so it takes the table from there
rather than keep a copy that could drift.
"""
import re
import sys

TABLE = re.compile(r"\bhidden\[\] = \{(.*?)\};", re.S)
RANGE = re.compile(r"\{ (0x[0-9a-f]+), (0x[0-9a-f]+) \}")


def main(src, dst):
    with open(src, encoding="utf-8") as f:
        table = TABLE.search(f.read())
    if not table:
        sys.exit("%s: no table hidden[]" % src)
    ranges = RANGE.findall(table.group(1))
    if not ranges:
        sys.exit("%s: the table hidden[] is empty" % src)
    out = ['"""Generated from show.c by gen-hidden.py: do not edit."""',
           "# Characters that show nothing or turn text around, as (first, last) code points.",
           "HIDDEN: tuple[tuple[int, int], ...] = ("]
    out += ["    (%s, %s)," % r for r in ranges]
    out.append(")")
    with open(dst, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:])
