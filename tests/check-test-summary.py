"""scripts/test-summary.py, which writes the test command's closing lines:
a failure in any part (a kernel under QEMU, the packages, arm64) is named
there, after every part's output, not only where it scrolled by; its
counts add up per part; a part whose log lacks its count line, or is
missing, fails.

    check-test-summary.py SRCDIR
"""
import os
import subprocess
import sys
import tempfile

SUMMARY = os.path.join(sys.argv[1], "scripts", "test-summary.py")
failures = []
checked = []


def check(what, ok):
    checked.append(what)
    print("%s: %s" % ("ok" if ok else "FAILED", what))
    if not ok:
        failures.append(what)


def summary(*args):
    got = subprocess.run([sys.executable, SUMMARY] + list(args), capture_output=True, text=True)
    return got.returncode, got.stdout.splitlines()


with tempfile.TemporaryDirectory() as work:
    def log(name, text):
        path = os.path.join(work, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    vm = log("vm", "vm-test: 6.1.0-57-amd64: 232 passed, 1 failed, 0 skipped\n"
                   "vm-test:   FAILED transaction: Test: rollback ...FAILED\n"
                   "  Test: rollback ...FAILED\n"
                   " 5/48 libmultigig:kernel / transaction FAIL\n"
                   "vm-test:   FAILED transaction: Test: rollback ...FAILED\n"
                   "464 passed, 1 failed, 0 skipped\n")
    arm = log("arm", "arm64: FAILED dpkg -i\n" + "arm64: said a lot\n" * 500 + "591 passed, 1 failed, 8 skipped\n")
    good = log("good", "fuzz-x: 1000 inputs in 60 s, no crash\n5 passed, 0 failed\n")
    rc, out = summary("--part", "A", "--log", good, "--part", "B", "--log", vm, "--part", "C", "--log", arm)
    check("a failed run exits 1", rc == 1)
    check("the closing line adds up each part",
          out[-1] == "1060 passed, 2 failed, 8 skipped (passed/failed/skipped: A 5/0/0; B 464/1/0; C 591/1/8)")
    check("each part's failure is named before the closing line, once",
          out[:-1] == ["vm-test:   FAILED transaction: Test: rollback ...FAILED", "arm64: FAILED dpkg -i"])

    rc, out = summary("--log", good)
    check("a clean part passes with its count alone", rc == 0 and out == ["5 passed, 0 failed, 0 skipped"])

    many = log("many", "".join("package-check: FAILED step %d\n" % i for i in range(40)) + "0 passed, 40 failed\n")
    rc, out = summary("--log", many)
    check("forty failures show thirty and say how many more", len(out) == 32 and "10 more" in out[-2])

    cut = log("cut", "vm-test: 6.1: booting\n")
    rc, out = summary("--log", cut, "--log", os.path.join(work, "absent"))
    check("a log without its count, and a missing log, each fail",
          rc == 1 and out[-1] == "0 passed, 2 failed, 0 skipped" and "absent" in out[0])

print("%d passed, %d failed" % (len(checked) - len(failures), len(failures)))
sys.exit(1 if failures else 0)
