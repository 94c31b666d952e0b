#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Run bench/python-snapshot.py in a private network namespace (with its own
# sysfs) holding PAIRS veth pairs, for each PAIRS given.
#
#   bench/python-snapshot.sh [PAIRS ...]   (default: 1000, i.e. 2000 interfaces)
#   RUNS=3
set -eu
cd "$(dirname "$0")/.."
. bench/common.sh
[ -e build/bindings/python/multigig/__init__.py ] ||
	{ echo "build first: meson setup build && meson compile -C build" >&2; exit 1; }
need "command -v ip" iproute2
need "/usr/bin/python3 -c 'import pyroute2'" python3-pyroute2
[ $# -gt 0 ] || set -- 1000

for pairs in "$@"; do
	echo "creating $pairs veth pairs ..." >&2
	unshare --net --mount sh -s "$pairs" "${RUNS:-3}" <<'INNER'
set -eu
pairs=$1 runs=$2
. bench/common.sh
mount -t sysfs sysfs /sys
veth_pairs "$pairs"
echo "$pairs veth pairs, $(iface_count) interfaces with lo"
PYTHONPATH=build/bindings/python /usr/bin/python3 bench/python-snapshot.py --runs "$runs" </dev/null
INNER
done
