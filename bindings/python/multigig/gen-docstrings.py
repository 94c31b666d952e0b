#!/usr/bin/python3
"""Turn the public header's kernel-doc comments into SWIG docstrings.

    gen-docstrings.py HEADER... docstrings.i

Each "/** name - summary ... */" comment before a function becomes
%feature("docstring") name "...", with "@arg:" lines kept as they are
(SWIG's own -doxygen reads "@" as a command and drops the names).
"""
import re
import sys

COMMENT = re.compile(r"/\*\*\n(.*?)\*/\n([^;{]*?\b(mg_[a-z0-9_]+)\()", re.S)


def clean(body):
    lines = []
    for line in body.splitlines():
        line = re.sub(r"^\s*\* ?", "", line).replace("\t", "    ")
        lines.append(line.rstrip())
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines)


def main(srcs, dst):
    header = ""
    for src in srcs:
        with open(src, encoding="utf-8") as f:
            header += f.read() + "\n"
    out = ["/* Generated from %s by gen-docstrings.py: do not edit. */" % " ".join(s.rsplit("/", 1)[-1] for s in srcs)]
    for m in COMMENT.finditer(header):
        text = clean(m.group(1)).replace("\\", "\\\\").replace('"', '\\"')
        out.append('%%feature("docstring") %s "%s";' % (m.group(3), text))
    with open(dst, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:-1], sys.argv[-1])
