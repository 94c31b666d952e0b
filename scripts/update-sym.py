#!/usr/bin/python3
"""Print the function names the public header declares, one per line.

Used when adding functions to lib/libmultigig.sym: every name printed must
appear in exactly one version node.
"""
import re
import sys

header = open(sys.argv[1] if len(sys.argv) > 1 else "include/multigig/multigig.h").read()
for name in sorted(set(re.findall(r"^\S.*?\b(mg_[a-z0-9_]+)\(", header, re.M)) - {"mg_log_fn"}):
    print(name)
