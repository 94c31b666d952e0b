#!/bin/sh
# Benchmark: read every interface's state (link, MTU, rings, coalesce,
# channels, pause) for N veth pairs, through the library in one go
# (multigig --json show --all) and the way scripts do it today (ethtool
# -i/-g/-c/-l/-a and ip -d link show per interface). Runs in a private
# network namespace with its own sysfs (the host's /sys describes the host's
# interfaces, not the namespace's); needs root. Prints both times, the ratio
# and the number of netlink requests the library made.
#
#   bench/settings-read.sh [PAIRS ...]      (default: 100 1000)
set -eu
cd "$(dirname "$0")/.."
cli=${MULTIGIG:-./build/tools/multigig}
[ -x "$cli" ] || { echo "build first: ./scripts/build --werror" >&2; exit 1; }
command -v ethtool >/dev/null || apt-get install -y -q ethtool >/dev/null
[ $# -gt 0 ] || set -- 100 1000

for pairs in "$@"; do
	unshare --net --mount sh -s "$cli" "$pairs" <<'INNER'
set -eu
mount -t sysfs sysfs /sys
cli=$1
pairs=$2
i=0
{
	while [ $i -lt "$pairs" ]; do
		echo "link add b${i}a type veth peer name b${i}b"
		i=$((i + 1))
	done
} | ip -batch -
ifaces=$(ip -o link show | awk -F': ' '{print $2}' | sed 's/@.*//')
count=$(printf '%s\n' "$ifaces" | wc -l)

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", b - a }'; }

t0=$(now)
"$cli" -v --json show --all 2>"/tmp/mg-bench-$$" >/dev/null
t1=$(now)
requests=$(sed -n 's/.* \([0-9]*\) netlink requests.*/\1/p' "/tmp/mg-bench-$$")
rm -f "/tmp/mg-bench-$$"

t2=$(now)
for dev in $ifaces; do
	ethtool -i "$dev" >/dev/null 2>&1 || true
	ethtool -g "$dev" >/dev/null 2>&1 || true
	ethtool -c "$dev" >/dev/null 2>&1 || true
	ethtool -l "$dev" >/dev/null 2>&1 || true
	ethtool -a "$dev" >/dev/null 2>&1 || true
	ip -d link show dev "$dev" >/dev/null 2>&1 || true
done
t3=$(now)

awk -v n="$count" -v p="$pairs" -v lib="$(elapsed "$t0" "$t1")" -v sh="$(elapsed "$t2" "$t3")" \
	-v req="$requests" 'BEGIN {
	printf "%d veth pairs (%d interfaces): library %.3f s with %s netlink requests; ", p, n, lib, req
	printf "ethtool + ip per interface %.3f s (%d processes); %.0fx\n", sh, n * 6, sh / lib
}'
INNER
done
