#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The manual page's source against the CLI it describes: each form of a
command that the CLI's help lists on a line of its own ("  --wifi vht|he|eht
--mcs N --nss N ...") is an entry of the page, with the same options and
the same ones required. And the source reads right as it is (man
./doc/multigig.1, a forge's view): no build placeholder (@VERSION@) in
it, its footer naming the project; the build adds the version (test
man-version).

    check-man.py CLI PAGE
"""
import re
import subprocess
import sys

CLI, PAGE = sys.argv[1], sys.argv[2]
failures = []


def plain(line):
    """A roff line as man shows it, without the macro and the font changes."""
    line = re.sub(r"^\.(B|I|BR|BI|IR|RB|RI)\s+", "", line)
    line = re.sub(r"\\f[BIPR]", "", line)
    return line.replace("\\-", "-").strip()


def run(*args):
    return subprocess.run([CLI, *args], capture_output=True, text=True, check=True).stdout


with open(PAGE) as f:
    source = f.read()
page = {plain(line) for line in source.splitlines()}

for placeholder in sorted(set(re.findall(r"@[A-Za-z_]+@", source))):
    failures.append("the source page holds %s, which a reader of it sees as it is" % placeholder)
th = [line for line in source.splitlines() if line.startswith(".TH ")]
if len(th) != 1 or '"libmultigig"' not in th[0]:
    failures.append("the page's .TH line does not name the project as \"libmultigig\" (the build adds the version "
                    "there): %s" % th)

commands = re.findall(r"^  (\S+) ", run("--help").split("Commands:\n")[1].split("\n\n")[0], re.M)
forms = [(command, form) for command in commands for form in re.findall(r"^  (--\S.*)$", run("help", command), re.M)]
if not forms:
    failures.append("no command's help lists its forms on lines of their own: nothing was compared")
for command, form in forms:
    if "%s %s" % (command, form) not in page:
        failures.append("the page has no entry '%s %s', as 'multigig help %s' gives it" % (command, form, command))

for failure in failures:
    print("check-man: " + failure, file=sys.stderr)
print("%d passed, %d failed" % (0 if failures else 1, 1 if failures else 0))
sys.exit(1 if failures else 0)
