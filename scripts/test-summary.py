#!/usr/bin/python3
"""Add up meson test logs into one closing line: N passed, N failed, N skipped.

A test program that prints its own "N passed, N failed[, N skipped]" line
(every CUnit program here does) counts with those numbers; any other test counts as one.
A skipped program counts as skipped, never as passed. Each test that failed
gets a line of its own before the count, with the lines that say why. With
--part LABEL, the closing line also gives each part's counts.
"""
import json
import re
import sys

LINE = re.compile(r"^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?", re.M)
EXTRA = LINE  # the same line from outside meson
# A line in a part's log that names a failure: "FAILED what", perhaps after
# the part's "name: " (vm-test, package-check, fuzz, arm64, this script's own).
NAMED = re.compile(r"^(?:[\w.-]+:\s+)?FAILED\b.*$", re.M)
NAMED_SHOWN = 30
PYTEST = re.compile(r"^=*\s*((?:\d+ \w+(?:, )?)+) in [\d.]+s", re.M)
# What says why a test failed: CUnit's numbered failure list, a CUnit test
# marked FAILED, pytest's short summary, a sanitizer's or valgrind's verdict.
WHY = re.compile(r"^(?:\s+\d+\. \S+:\d+\s+- .*|\s*Test: .*FAILED.*|FAILED .*|ERROR .*"
                 r"|.*ERROR: (?:Address|Undefined|Leak)Sanitizer.*|.*runtime error:.*|==\d+== ERROR SUMMARY: [1-9].*)$")
SHOWN = 6


def pytest_counts(text):
    """(passed, failed, skipped) from pytest's closing line, or None."""
    found = PYTEST.findall(text)
    if not found:
        return None
    words = dict((w, int(n)) for n, w in re.findall(r"(\d+) (\w+)", found[-1]))
    return (words.get("passed", 0), words.get("failed", 0) + words.get("error", 0) + words.get("errors", 0),
            words.get("skipped", 0))


def why(test, out):
    """The lines that say why a test failed, for the closing report."""
    lines = [line.strip() for line in out.splitlines() if WHY.match(line)]
    err = (test.get("stderr") or "").strip().splitlines()
    if not lines and err:
        lines = err[-3:]
    if not lines:
        lines = ["%s after %.0f s (exit %s)" % (test["result"], test.get("duration", 0), test.get("returncode"))]
    return [line[:300] for line in lines[:SHOWN]] + (["..."] if len(lines) > SHOWN else [])


def log_counts(path, report):
    """(passed, failed, skipped) over one meson test log; failures into report."""
    passed = failed = skipped = 0
    with open(path, encoding="utf-8") as f:
        for raw in f:
            test = json.loads(raw)
            result = test["result"]
            if result == "SKIP":
                skipped += 1
                continue
            out = test.get("stdout") or ""
            counts = LINE.findall(out)
            ok = result in ("OK", "EXPECTEDFAIL")
            if not ok:
                report.append("FAILED %s: %s" % (test.get("name"), " | ".join(why(test, out))))
            py = pytest_counts(out)
            if py:
                passed += py[0]
                failed += py[1] + (0 if ok or py[1] else 1)
                skipped += py[2]
            elif counts:
                p, f_, s_ = (int(x or 0) for x in counts[-1])
                passed += p
                failed += f_
                skipped += s_
                if not ok and f_ == 0:
                    failed += 1  # crashed or leaked after its own summary
            elif ok:
                passed += 1
            else:
                failed += 1
    return passed, failed, skipped


def extra_counts(line):
    """A plain "N passed, N failed[, N skipped]" line from outside meson
    (fuzzing, the packages, the kernels under QEMU); a missing one fails."""
    m = EXTRA.search(line or "")
    if not m:
        return 0, 1, 0
    return int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)


def part_log(path, report):
    """A part's whole output (--log FILE): its last line is its count, and
    its lines naming a failure go into the closing report, which a reader
    of the tail sees though the part scrolled by long before."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError as e:
        report.append("FAILED %s: %s" % (path, e.strerror))
        return 0, 1, 0
    named = []
    for line in NAMED.findall(text):
        if line.strip() not in named:
            named.append(line.strip())
    report.extend(line[:300] for line in named[:NAMED_SHOWN])
    if len(named) > NAMED_SHOWN:
        report.append("... and %d more in %s's output" % (len(named) - NAMED_SHOWN, path))
    lines = text.strip().splitlines()
    return extra_counts(lines[-1] if lines else "")


def main(args):
    """Arguments: meson logs, --extra LINE, --log FILE (a part's output),
    and --part LABEL, which files what follows under LABEL in the closing
    line's breakdown."""
    parts = {}
    label = ""
    report = []
    while args:
        arg = args.pop(0)
        if arg == "--part":
            label = args.pop(0) if args else ""
            continue
        if arg == "--extra":
            counts = extra_counts(args.pop(0) if args else None)
        elif arg == "--log":
            counts = part_log(args.pop(0) if args else "", report)
        else:
            counts = log_counts(arg, report)
        parts[label] = [a + b for a, b in zip(parts.get(label, [0, 0, 0]), counts)]
    total = [sum(c[i] for c in parts.values()) for i in range(3)]
    # The failures come first, the count last: callers read the last line.
    for line in report:
        print(line)
    line = "%d passed, %d failed, %d skipped" % tuple(total)
    named = ["%s %d/%d/%d" % ((name,) + tuple(c)) for name, c in parts.items() if name]
    print(line + (" (passed/failed/skipped: %s)" % "; ".join(named) if named else ""))
    return 1 if total[1] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
