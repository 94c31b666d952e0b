#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Profile: where `multigig --json show --all` keeps its memory. In a private
# network namespace (with its own sysfs) holding PAIRS veth pairs, valgrind's
# massif records the heap through one run; the script prints the peak's
# total and the allocation sites that hold at least THRESHOLD percent of it
# (ms_print's tree, cut to its first two levels), and keeps the whole
# profile in OUT for ms_print. What a site holds at the peak, divided by the
# interfaces, is what each interface costs there.
#
#   bench/show-all-memory.sh [PAIRS]     (default: 5000, i.e. 10000 interfaces)
#   MULTIGIG=build/tools/multigig THRESHOLD=1 OUT=massif.show-all
set -eu
cd "$(dirname "$0")/.."
. bench/common.sh
cli=$(realpath "${MULTIGIG:-build/tools/multigig}")
[ -x "$cli" ] || { echo "build first: meson setup build && meson compile -C build" >&2; exit 1; }
need "command -v valgrind" valgrind
need "command -v ip" iproute2
pairs=${1:-5000}
out=$(realpath -m "${OUT:-massif.show-all}")
threshold=${THRESHOLD:-1}

echo "creating $pairs veth pairs ..." >&2
unshare --net --mount sh -s "$cli" "$pairs" "$out" <<'INNER'
set -eu
cli=$1 pairs=$2 out=$3
. bench/common.sh
mount -t sysfs sysfs /sys
veth_pairs "$pairs"
echo "$(iface_count) interfaces with lo"
valgrind -q --tool=massif --massif-out-file="$out" "$cli" --json show --all >/dev/null 2>&1
INNER
# The peak snapshot's line, then its sites: the first two levels of the tree.
ms_print --threshold="$threshold" "$out" | awk '
	/^ Detailed snapshots:/ { if (match($0, /[0-9]+ \(peak\)/)) peak = substr($0, RSTART, RLENGTH - 7) }
	peak != "" && $1 == peak && NF == 6 { printf "peak: %s bytes (useful %s, extra-heap %s, the bookkeeping massif estimates for malloc)\n", $3, $4, $5; on = 1; next }
	on && /^ *[0-9]+ +[0-9,]+ +[0-9,]+/ { exit }
	on && (/^->/ || /^\| ->/) { print }'
echo "whole profile: ms_print $out"
