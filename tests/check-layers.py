#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The library's layers call downwards only, and no files call each other
in a circle. Checked on the objects the build made (every mg_ symbol an
object uses must be defined in its own layer or one below) and on the
sources (a file includes only the one header of its own folder or of a
folder below). And the headers' section labels, `/* ---- nic.c ---- */`,
and comments that open with a file's name, name files that exist. And no
file stores a function of its layer in a function pointer that a header
of a layer below declares (a struct member, or a member of a callback
type): the layer below would call it later, upwards, where no object's
symbols show it. Its one exception: a request's put_attrs (struct
mg_ethtool_req), handed to gather/ for the one request it makes, is a
callback like a function passed as an argument. And no function of
lib/ or tools/ is longer than 80 lines, from its opening brace to its
closing one (both at the start of a line, as the kernel's style has them).

    check-layers.py OBJDIR SRCDIR TOOLSDIR

The layers, lowest first: base, gather, decide, model, apply, present,
compose. The one exception to the calls: decide/ (pure rules) may read
the model's objects through their public read-only getters (mg_*_get*,
_is_*, _has_*, _count, _name, _loaded), as present/ and the front ends do.
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


# A struct member that is a function pointer, at a header's top-level struct's depth:
# "\tvoid (*free_parts)(struct mg_nic *nic);", or one of a callback type: "\tmg_kmsg_fn fn;".
POINTER_MEMBER = re.compile(r"^\t[\w ]+?\**\s*\(\s*\*\s*(\w+)\s*\)\s*\(", re.M)
CALLBACK_TYPE = re.compile(r"^typedef\s[^;]*?\(\s*\*\s*(\w+)\s*\)\s*\(", re.M)
STORE = re.compile(r"(?:->|\.)\s*(\w+)\s*=(?!=)([^;,}]*)")
# Members that carry a callback for the duration of one call, as an argument would.
CALL_SCOPED = {"put_attrs"}


def pointer_members(srcdir, incdir):
    """{member: layer} for the function pointers the layers' headers declare as struct members. A name
    two layers declare (apply's group table and gather's methods both have a read) is taken as the
    higher one's: a member is known by its name only, and an upward call is never reported falsely."""
    types = set()
    headers = [os.path.join(srcdir, layer, layer + ".h") for layer in LAYERS]
    public = [os.path.join(incdir, f) for f in sorted(os.listdir(incdir))] if incdir and os.path.isdir(incdir) else []
    for path in headers + public:
        if os.path.isfile(path):
            types |= set(CALLBACK_TYPE.findall(open(path).read()))
    typed = re.compile(r"^\t(?:const\s+)?(?:%s)\s+(\w+);" % "|".join(sorted(types)), re.M) if types else None
    members = {}
    for layer, path in zip(LAYERS, headers):
        if not os.path.isfile(path):
            continue
        text = open(path).read()
        for name in POINTER_MEMBER.findall(text) + (typed.findall(text) if typed else []):
            members[name] = layer  # LAYERS goes upwards: the highest declaring layer stays
    return members


def check_stored_pointers(srcdir, incdir, defined):
    """A function stored in a lower layer's function pointer is called from below: an upward call."""
    members = pointer_members(srcdir, incdir)
    bad = []
    for layer in LAYERS:
        folder = os.path.join(srcdir, layer)
        for f in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
            if not f.endswith(".c"):
                continue
            text = open(os.path.join(folder, f)).read()
            for m in STORE.finditer(text):
                member, expr = m.groups()
                if member not in members or member in CALL_SCOPED or \
                        LAYERS.index(members[member]) >= LAYERS.index(layer):
                    continue
                for value in re.findall(r"[A-Za-z_]\w*", expr):
                    if re.search(r"^[^\s#/].*\b%s\s*\([^;]*$" % re.escape(value), text, re.M):
                        owner = layer  # a function of this file
                    elif value in defined:
                        owner = defined[value].split("/")[0]
                    else:
                        continue  # no function of the library's: NULL, a variable, the caller's callback
                    if LAYERS.index(owner) <= LAYERS.index(members[member]):
                        continue
                    line = text.count("\n", 0, m.start()) + 1
                    bad.append("%s/%s:%d: stores %s, a function of %s/, in %s, a function pointer of %s/'s header: "
                               "%s/ would call upwards through it" % (layer, f, line, value, owner, member,
                                                                      members[member], members[member]))
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


MAX_FUNCTION_LINES = 80
# A function's name on the line before its body: "static int parse(...", "MG_EXPORT int mg_x(".
DEFINITION = re.compile(r"^[A-Za-z_][^;]*?\b(\w+)\s*\(")


def check_lengths(dirs):
    """Each function longer than MAX_FUNCTION_LINES, and how many there are in all."""
    bad, count = [], 0
    for top in dirs:
        for folder, _, files in sorted(os.walk(top)):
            for f in sorted(x for x in files if x.endswith(".c")):
                lines = open(os.path.join(folder, f)).read().split("\n")
                name = None
                start = None
                for i, line in enumerate(lines):
                    m = DEFINITION.match(line)
                    if m and start is None:
                        name = m.group(1)
                    elif line == "{" and start is None:
                        start = i
                    elif line == "}" and start is not None:
                        count += 1
                        if i - start + 1 > MAX_FUNCTION_LINES:
                            bad.append("%s:%d: %s is %d lines long, over %d" % (
                                os.path.relpath(os.path.join(folder, f), os.path.dirname(top)), start + 1, name,
                                i - start + 1, MAX_FUNCTION_LINES))
                        start = None
    return bad, count


def main(objdir, srcdir, toolsdir):
    objs = objects(objdir)
    defined, calls = calls_and_definitions(objs)
    labels, named = check_labels([srcdir, toolsdir])
    stored = check_stored_pointers(srcdir, os.path.join(os.path.dirname(srcdir), "include", "multigig"), defined)
    long, functions = check_lengths([srcdir, toolsdir])
    bad = check_calls(defined, calls) + check_circles(defined, calls) + check_includes(srcdir) + labels + stored \
        + long
    for line in bad:
        print(line)
    print("layers: %s; %d files, calls downwards only, no circle, one header per folder, "
          "no function stored for a layer below to call" % (", ".join(LAYERS), len(objs)))
    print("labels: %d names of files in the headers' labels and opening comments, %d naming no file"
          % (named, len(labels)))
    print("lengths: %d functions in lib/ and tools/, %d over %d lines" % (functions, len(long), MAX_FUNCTION_LINES))
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


def self_test_stored():
    """A function of a layer above stored in a member a lower header declares is seen; one of the same layer,
    NULL, the caller's callback and a member whose name the storing layer's header declares too are not."""
    with tempfile.TemporaryDirectory() as top:
        src = os.path.join(top, "lib")
        for layer in ("model", "compose"):
            os.makedirs(os.path.join(src, layer))
        with open(os.path.join(src, "model", "model.h"), "w") as h:
            h.write("typedef void (*mg_done_fn)(void *data);\nstruct mg_nic {\n\tint refcount;\n"
                    "\tvoid (*free_parts)(struct mg_nic *nic);\n\tmg_done_fn done;\n\tint (*read)(void *data);\n};\n")
        with open(os.path.join(src, "compose", "compose.h"), "w") as h:
            h.write("struct mg_compose_ops {\n\tint (*read)(void *data);\n};\n")
        with open(os.path.join(src, "model", "a.c"), "w") as c:
            c.write("static void mine(struct mg_nic *nic)\n{\n}\n\nvoid f(struct mg_nic *n)\n{\n"
                    "\tn->free_parts = mine;\n}\n")
        with open(os.path.join(src, "compose", "b.c"), "w") as c:
            c.write("static void up(struct mg_nic *nic)\n{\n}\n\nvoid g(struct mg_nic *n, mg_done_fn cb)\n{\n"
                    "\tn->free_parts = up;\n\tn->free_parts = NULL;\n\tn->done = cb;\n"
                    "\tn->done = n->refcount ? NULL : mg_compose_thing;\n\tn->refcount = mg_compose_count;\n}\n"
                    "static const struct mg_compose_ops ops = {\n\t.read = mg_compose_thing,\n};\n")
        bad = check_stored_pointers(src, None, {"mg_compose_thing": "compose/c", "mg_compose_count": "compose/c"})
    want = ["compose/b.c:7: stores up, a function of compose/, in free_parts, a function pointer of model/'s header: "
            "model/ would call upwards through it",
            "compose/b.c:10: stores mg_compose_thing, a function of compose/, in done, a function pointer of "
            "model/'s header: model/ would call upwards through it"]
    return bad == want, bad


def self_test_lengths():
    """A function of 81 lines is seen, one of 80 is not, and a struct's braces are no function."""
    with tempfile.TemporaryDirectory() as top:
        os.makedirs(os.path.join(top, "lib", "a"))
        with open(os.path.join(top, "lib", "a", "x.c"), "w") as c:
            c.write("struct s {\n\tint a;\n};\n\nstatic int ok(void)\n{\n" + "\tx();\n" * 78 + "}\n\n"
                    "MG_EXPORT int mg_long(int a,\n\t\tint b)\n{\n" + "\tx();\n" * 79 + "}\n")
        bad, count = check_lengths([os.path.join(top, "lib")])
    return bad == ["lib/a/x.c:89: mg_long is 81 lines long, over 80"] and count == 2, bad


def self_test():
    """The checks find what they look for: a call upwards, a getter's exception, a circle, a wrong label."""
    defined = {"mg_a": "model/a", "mg_b_get_x": "model/b", "mg_c": "apply/c", "mg_d": "model/d"}
    calls = {"decide/r": {"mg_b_get_x"}, "gather/x": {"mg_a"}, "model/a": {"mg_d"}, "model/d": {"mg_a"},
             "model/b": set(), "apply/c": {"mg_a"}}
    up = check_calls(defined, calls)
    circles = check_circles(defined, calls)
    labels_ok, labels = self_test_labels()
    stored_ok, stored = self_test_stored()
    lengths_ok, lengths = self_test_lengths()
    ok = lengths_ok and up == ["gather/x: calls mg_a of model/a, a layer above it"] and \
        circles == ["files calling each other in a circle: model/a model/d"] and labels_ok and stored_ok
    print("self-test: %s" % ("the checks see a call upwards, a circle, a label naming no file and a function "
                             "stored for a layer below to call, a function too long" if ok
                             else "FAILED: %r %r %r %r %r" % (up, circles, labels, stored, lengths)))
    return 0 if ok else 1


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3]) or self_test())
