#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Benchmark: questions about every interface, against iproute2 answering its
# own (smaller) question about every interface. In a private network
# namespace (with its own sysfs) holding PAIRS veth pairs, for each PAIRS
# given: `multigig --json list`, `multigig --json show --all` and
# `ip -d -j link show`, each run RUNS times interleaved; median wall time,
# median maximum resident set size (/usr/bin/time's %M, separate runs), the
# netlink requests multigig counts (-v), and the ratios to ip, each against
# its target (issue 39's: list <= 2x ip; show --all <= 5x ip and <= 48 MB).
#
#   bench/list-all.sh [PAIRS ...]        (default: 5000, i.e. 10000 interfaces)
#   RUNS=5 MULTIGIG=build/tools/multigig
set -eu
cd "$(dirname "$0")/.."
. bench/common.sh
cli=$(realpath "${MULTIGIG:-build/tools/multigig}")
[ -x "$cli" ] || { echo "build first: meson setup build && meson compile -C build" >&2; exit 1; }
need "command -v ip" iproute2
need "test -x /usr/bin/time" time
runs=${RUNS:-5}
[ $# -gt 0 ] || set -- 5000

for pairs in "$@"; do
	echo "creating $pairs veth pairs ..." >&2
	unshare --net --mount sh -s "$cli" "$pairs" "$runs" <<'INNER'
set -eu
cli=$1 pairs=$2 runs=$3
. bench/common.sh
mount -t sysfs sysfs /sys
veth_pairs "$pairs"
list="$cli --json list"
all="$cli --json show --all"
ip="ip -d -j link show"

# requests CMD...: the netlink requests the CLI reports with -v.
requests() {
	"$@" -v 2>&1 >/dev/null | sed -n 's/^multigig: \([0-9]*\) netlink requests.*$/\1/p'
}

# rss CMD: median over the runs of the maximum resident set size, in KiB.
rss() {
	out=$(mktemp) i=0
	while [ $i -lt "$runs" ]; do
		/usr/bin/time -f '%M' -o "$out" $1 >/dev/null 2>&1
		tail -n 1 "$out"
		i=$((i + 1))
	done | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
	rm -f "$out"
}

set -- $(bench/median-time.py "$runs" "$list" "$all" "$ip")
awk -v pairs="$pairs" -v n="$(iface_count)" -v runs="$runs" \
	-v tl="$1" -v ta="$2" -v ti="$3" \
	-v rl="$(rss "$list")" -v ra="$(rss "$all")" -v ri="$(rss "$ip")" \
	-v ql="$(requests $list)" -v qa="$(requests $all)" 'BEGIN {
	printf "%d veth pairs, %d interfaces with lo; median of %d runs\n", pairs, n, runs
	printf "  %-30s %10s %10s %9s %12s\n", "", "time", "max RSS", "netlink", "time vs ip"
	printf "  %-30s %7.1f ms %7.1f MB %9s %7.2fx  (target <= 2: %s)\n", "multigig --json list", tl * 1000, rl / 1024, ql, tl / ti, met(tl / ti <= 2)
	printf "  %-30s %7.1f ms %7.1f MB %9s %7.2fx  (target <= 5: %s)\n", "multigig --json show --all", ta * 1000, ra / 1024, qa, ta / ti, met(ta / ti <= 5)
	printf "  %-30s %7.1f ms %7.1f MB %9s\n", "ip -d -j link show", ti * 1000, ri / 1024, "-"
	printf "  show --all max RSS %.1f MB (target <= 48 MB: %s)\n", ra / 1024, met(ra / 1024 <= 48)
}
function met(ok) { return ok ? "met" : "NOT met" }'
INNER
done
