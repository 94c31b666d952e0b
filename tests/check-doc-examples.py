#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The code the docs show is the code the tests run.

A fenced block after a line `<!-- example: PATH -->` is the file PATH of the
source tree, byte for byte (the tests build and run the files of examples/).
A fenced block after `<!-- output: ARGS -->` opens with the command line
`$ multigig ...`; each of its other lines, but `...` (lines left out), is a
line that `multigig ARGS` prints, in that order. Every C or Python block in the
docs is an example: one without its line fails.

    check-doc-examples.py SRCROOT CLI
"""
import glob
import os
import re
import shlex
import subprocess
import sys

MARK = re.compile(r"^<!-- (example|output): (.+?) -->$")


def docs(root):
    names = ["README.md", "HACKING.md", os.path.join("tests", "README.md"), os.path.join("bench", "README.md")]
    names += sorted(os.path.relpath(p, root) for p in glob.glob(os.path.join(root, "doc", "*.md")))
    return [n for n in names if os.path.exists(os.path.join(root, n))]


def blocks(lines):
    """Each fenced block: (line number of its fence, its language, its lines, the mark before it)."""
    i = 0
    while i < len(lines):
        if lines[i].startswith("```"):
            lang, start = lines[i][3:].strip(), i
            end = i + 1
            while end < len(lines) and lines[end] != "```":
                end += 1
            prev = lines[i - 1] if i > 0 else ""
            yield start + 1, lang, lines[i + 1:end], MARK.match(prev)
            i = end + 1
        else:
            i += 1


def check_output(root, cli, args, body):
    if not body or not body[0].startswith("$ multigig"):
        return "an output block opens with its '$ multigig' command line"
    out = subprocess.run([cli] + shlex.split(args), cwd=root, capture_output=True, text=True).stdout.splitlines()
    at = 0
    for want in body[1:]:
        if want == "...":
            continue
        while at < len(out) and out[at] != want:
            at += 1
        if at == len(out):
            return "multigig %s does not print, in this order: %r" % (args, want)
        at += 1
    return None


def main():
    root, cli = sys.argv[1], sys.argv[2]
    failures, marked = [], 0
    for name in docs(root):
        lines = open(os.path.join(root, name), encoding="utf-8").read().split("\n")
        for line, lang, body, mark in blocks(lines):
            where = "%s:%d" % (name, line)
            if not mark:
                if lang in ("c", "python"):
                    failures.append("%s: a %s block with no '<!-- example: PATH -->' line before it" % (where, lang))
                continue
            marked += 1
            kind, arg = mark.group(1), mark.group(2)
            if kind == "example":
                path = os.path.join(root, arg)
                if not os.path.isfile(path):
                    failures.append("%s: %s is no file" % (where, arg))
                elif "\n".join(body) + "\n" != open(path, encoding="utf-8").read():
                    failures.append("%s: the block is not %s as it is; copy the file in" % (where, arg))
            else:
                err = check_output(root, cli, arg, body)
                if err:
                    failures.append("%s: %s" % (where, err))
    if not marked:
        failures.append("no doc shows an example: the marks are gone")
    for f in failures:
        print(f)
    print("%d blocks checked, %d wrong" % (marked, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
