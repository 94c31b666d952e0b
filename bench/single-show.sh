#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Benchmark: the cost of asking about ONE interface must not grow with the
# number of interfaces on the machine. `multigig show b0a` in a private
# network namespace (with its own sysfs) holding PAIRS veth pairs, for each
# PAIRS given: median wall time of RUNS runs, the netlink requests the CLI
# counts itself (-v), and the open/openat calls and SIOCETHTOOL ioctls
# strace sees. The last size is compared with the first. Then, on the host's
# own eth0 (read-only), the same question against the six commands it
# replaces, in paired runs.
#
#   bench/single-show.sh [PAIRS ...]     (default: 2 5000, i.e. 4 and 10000
#                                          interfaces besides lo)
#   RUNS=20 HOST_IFACE=eth0 MULTIGIG=build/tools/multigig
set -eu
cd "$(dirname "$0")/.."
. bench/common.sh
cli=$(realpath "${MULTIGIG:-build/tools/multigig}")
[ -x "$cli" ] || { echo "build first: meson setup build && meson compile -C build" >&2; exit 1; }
need "command -v ethtool" ethtool
need "command -v ip" iproute2
need "command -v strace" strace
runs=${RUNS:-20}
host_iface=${HOST_IFACE:-eth0}
[ $# -gt 0 ] || set -- 2 5000
results=$(mktemp)
trap 'rm -f "$results"' EXIT

for pairs in "$@"; do
	echo "creating $pairs veth pairs ..." >&2
	unshare --net --mount sh -s "$cli" "$pairs" "$runs" >>"$results" <<'INNER'
set -eu
cli=$1 pairs=$2 runs=$3
. bench/common.sh
mount -t sysfs sysfs /sys
veth_pairs "$pairs"
log=$(mktemp)
"$cli" -v show b0a >/dev/null 2>"$log"
requests=$(sed -n 's/^multigig: \([0-9]*\) netlink requests.*$/\1/p' "$log")
strace -f -e trace=open,openat,ioctl -o "$log" "$cli" show b0a >/dev/null 2>&1
opens=$(grep -c -E '(^|[0-9] +)(open|openat)\(' "$log")
failed=$(grep -E '(^|[0-9] +)(open|openat)\(' "$log" | grep -c ' = -1 ' || true)
ioctls=$(grep -c -E '(^|[0-9] +)ioctl\([0-9]+, SIOCETHTOOL' "$log" || true)
rm -f "$log"
median=$(bench/median-time.py "$runs" "$cli show b0a")
echo "$pairs $(iface_count) $median ${requests:-?} $opens $failed $ioctls"
INNER
done

awk -v runs="$runs" '
	BEGIN {
		printf "multigig show b0a, median of %d runs\n", runs
		printf "%6s %7s %11s %9s %15s %9s\n", "pairs", "ifaces", "time", "requests", "opens (failed)", "ethtool"
		printf "%6s %7s %11s %9s %15s %9s\n", "", "(+lo)", "", "netlink", "", "ioctls"
	}
	{
		printf "%6d %7d %8.2f ms %9s %7d (%5d) %9d\n", $1, $2, $3 * 1000, $4, $5, $6, $7
		if (NR == 1) { t0 = $3; n0 = $2 }
		t = $3; n = $2; req = $4; opens = $5
	}
	END {
		printf "targets at the largest size: requests <= 13 (%s), opens <= 200 (%d)\n", req, opens
		if (NR > 1)
			printf "time ratio %d/%d interfaces: %.2f (target <= 2)\n", n, n0, t / t0
	}' "$results"

# The host NIC: read-only questions only, nothing is changed.
if [ -e "/sys/class/net/$host_iface" ]; then
	six="ethtool -i $host_iface; ethtool -g $host_iface; ethtool -c $host_iface;"
	six="$six ethtool -l $host_iface; ethtool -a $host_iface; ip -d link show $host_iface"
	# ethtool exits non-zero for what the driver does not support: not an error here.
	set -- $(bench/median-time.py "$runs" "$cli show $host_iface" "{ $six; } || true")
	awk -v i="$host_iface" -v runs="$runs" -v a="$1" -v b="$2" -v r="$3" 'BEGIN {
		printf "\n%s on the host, paired runs, median of %d\n", i, runs
		printf "  multigig show %-24s %8.2f ms\n", i, a * 1000
		printf "  ethtool -i/-g/-c/-l/-a + ip -d link %5s %8.2f ms\n", "", b * 1000
		printf "  ratio multigig/six commands: %.2f (median of per-pair ratios; target <= 1.0)\n", r
	}'
else
	echo "no $host_iface on this host: host comparison skipped" >&2
fi
