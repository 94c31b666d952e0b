#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The library's layers call downwards only, and no files call each other
in a circle. Checked on the objects the build made (every mg_ symbol an
object uses must be defined in its own layer or one below) and on the
sources (a file includes only the one header of its own folder or of a
folder below). And the headers' section labels, `/* ---- nic.c ---- */`,
and comments that open with a file's name, name files that exist.

    check-layers.py OBJDIR SRCDIR TOOLSDIR

The layers, lowest first: base, gather, decide, model, apply, present,
compose. The one exception: decide/ (pure rules) may read the model's
objects through their public read-only getters (mg_*_get*, _is_*, _has_*,
_count, _name, _loaded), as present/ and the front ends do.
"""
import collections
import os
import re
import subprocess
import sys
import tempfile

LAYERS = ["base", "gather", "decide", "model", "apply", "present", "compose"]
GETTER = re.compile(r"^mg_[a-z0-9_]*_(get|is|has)(_[a-z0-9_]*)?$|^mg_[a-z0-9_]*_(count|name|loaded)$")


def nm(paths, *flags):
    """{path: [fields of each symbol line]} from one nm over all @paths.

    One run, not one an object: a hundred runs took most of a minute on a
    loaded machine. -A puts the file before each line; a C symbol has no
    colon, so the file is what comes before the last one.
    """
    out = subprocess.run(["nm", "-A", *flags, *paths], capture_output=True, text=True, check=True).stdout
    lines = {path: [] for path in paths}
    for line in out.splitlines():
        path, _, rest = line.rpartition(":")
        lines[path].append(rest.split())
    return lines


def objects(objdir):
    """{"model/nic": path} for every object of a file in a layer's folder."""
    found = {}
    for f in os.listdir(objdir):
        m = re.match(r"^(%s)_(.+)\.c\.o$" % "|".join(LAYERS), f)
        if m:
            found["%s/%s" % (m.group(1), m.group(2))] = os.path.join(objdir, f)
        elif f.endswith(".c.o"):
            sys.exit("%s: an object of a file outside the layers' folders" % f)
    return found


def calls_and_definitions(objs):
    defined, calls = {}, {}
    definitions = nm(objs.values(), "--defined-only")
    undefined = nm(objs.values(), "--undefined-only")
    for name, path in objs.items():
        for parts in definitions[path]:
            if len(parts) == 3 and parts[1] in "TtDdBbRr" and parts[2].startswith("mg_"):
                defined[parts[2].split("@")[0]] = name
        calls[name] = {p[1].split("@")[0] for p in undefined[path] if len(p) == 2 and p[1].startswith("mg_")}
    return defined, calls


def check_calls(defined, calls):
    bad = []
    for name, syms in sorted(calls.items()):
        layer = LAYERS.index(name.split("/")[0])
        for sym in sorted(syms):
            where = defined.get(sym)
            if where is None:
                continue  # not the library's (a test hook's, a sanitizer's)
            to = LAYERS.index(where.split("/")[0])
            if to <= layer or (name.startswith("decide/") and where.startswith("model/") and GETTER.match(sym)):
                continue
            bad.append("%s: calls %s of %s, a layer above it" % (name, sym, where))
    return bad


def check_circles(defined, calls):
    graph = collections.defaultdict(set)
    for name, syms in calls.items():
        graph[name] |= {defined[s] for s in syms if s in defined and defined[s] != name}
    index, low, stack, on, circles, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                circles.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(calls):
        if v not in index:
            visit(v)
    return ["files calling each other in a circle: %s" % " ".join(c) for c in circles]


def check_includes(srcdir):
    """A file includes its own folder's header, or the header of a folder below; nothing else of ours."""
    bad = []
    for layer in LAYERS:
        for f in sorted(os.listdir(os.path.join(srcdir, layer))):
            path = os.path.join(srcdir, layer, f)
            for inc in re.findall(r'^#include "([^"]+)"', open(path).read(), re.M):
                if inc.startswith("multigig/"):
                    continue
                m = re.match(r"^(%s)/\1\.h$" % "|".join(LAYERS), inc)
                if not m:
                    bad.append("%s/%s: includes %s, which is no folder's header" % (layer, f, inc))
                elif LAYERS.index(m.group(1)) > LAYERS.index(layer):
                    bad.append("%s/%s: includes %s, a layer above it" % (layer, f, inc))
    for f in os.listdir(srcdir):
        if f.endswith((".c", ".h")):
            bad.append("%s: a source outside the layers' folders" % f)
    return bad


LABEL = re.compile(r"/\* -{4} (.*?) -{4} \*/")
# A comment whose first word is a file's name: "/* chipdb.c */", "/*\n * strset.c: ...".
OPENING = re.compile(r"/\*[\s*]*([\w./-]+\.c)\b")
SOURCE = re.compile(r"[\w./-]+\.c\b")


def check_labels(dirs):
    """Each file a header's labels name exists: a name alone in the header's
    folder, a name with a folder from the folder above the header's
    ("apply/iface-id.c" in lib/base/base.h is lib/apply/iface-id.c)."""
    bad, count = [], 0
    for top in dirs:
        for folder, _, files in sorted(os.walk(top)):
            for f in sorted(files):
                if not f.endswith(".h"):
                    continue
                path = os.path.join(folder, f)
                shown = os.path.relpath(path, os.path.dirname(top))
                text = open(path).read()
                for m in list(LABEL.finditer(text)) + list(OPENING.finditer(text)):
                    names = SOURCE.findall(m.group(1)) if m.re is LABEL else [m.group(1)]
                    for name in names:
                        count += 1
                        base = os.path.dirname(folder) if "/" in name else folder
                        if not os.path.isfile(os.path.join(base, name)):
                            line = text.count("\n", 0, m.start()) + 1
                            bad.append("%s:%d: names %s, which is no file" % (shown, line, name))
    return bad, count


def main(objdir, srcdir, toolsdir):
    objs = objects(objdir)
    defined, calls = calls_and_definitions(objs)
    labels, named = check_labels([srcdir, toolsdir])
    bad = check_calls(defined, calls) + check_circles(defined, calls) + check_includes(srcdir) + labels
    for line in bad:
        print(line)
    print("layers: %s; %d files, calls downwards only, no circle, one header per folder"
          % (", ".join(LAYERS), len(objs)))
    print("labels: %d names of files in the headers' labels and opening comments, %d naming no file"
          % (named, len(labels)))
    print("%d passed, %d failed" % (0 if bad else 1, 1 if bad else 0))
    return 1 if bad else 0


def self_test_labels():
    """A label naming a file that is not there is seen; one naming a file that is, in either form, is not."""
    with tempfile.TemporaryDirectory() as top:
        os.makedirs(os.path.join(top, "lib", "a"))
        os.makedirs(os.path.join(top, "lib", "b"))
        for f in ("a/x.c", "b/y.c"):
            open(os.path.join(top, "lib", f), "w").close()
        with open(os.path.join(top, "lib", "a", "a.h"), "w") as h:
            h.write("/* ---- x.c: here ---- */\n/* ---- b/y.c ---- */\n/* x.c */\n"
                    "/* ---- the steps (z.c) ---- */\n/*\n * w.c: a function\n */\n")
        bad, count = check_labels([os.path.join(top, "lib")])
    return bad == ["lib/a/a.h:4: names z.c, which is no file", "lib/a/a.h:5: names w.c, which is no file"] \
        and count == 5, bad


def self_test():
    """The checks find what they look for: a call upwards, a getter's exception, a circle, a wrong label."""
    defined = {"mg_a": "model/a", "mg_b_get_x": "model/b", "mg_c": "apply/c", "mg_d": "model/d"}
    calls = {"decide/r": {"mg_b_get_x"}, "gather/x": {"mg_a"}, "model/a": {"mg_d"}, "model/d": {"mg_a"},
             "model/b": set(), "apply/c": {"mg_a"}}
    up = check_calls(defined, calls)
    circles = check_circles(defined, calls)
    labels_ok, labels = self_test_labels()
    ok = up == ["gather/x: calls mg_a of model/a, a layer above it"] and \
        circles == ["files calling each other in a circle: model/a model/d"] and labels_ok
    print("self-test: %s" % ("the checks see a call upwards, a circle and a label naming no file" if ok
                             else "FAILED: %r %r %r" % (up, circles, labels)))
    return 0 if ok else 1


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3]) or self_test())
