#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Benchmark: what `multigig watch` costs at 10 Hz. Samples eth0 (or IFACE)
# every 0.1 s for SECONDS and prints the CPU time the process used as a
# share of one CPU (target: under 1 %).
#
#   bench/watch-cpu.sh [IFACE [SECONDS]]      (default: eth0 30)
set -eu
cd "$(dirname "$0")/.."
cli=${MULTIGIG:-./build/tools/multigig}
[ -x "$cli" ] || { echo "build first: ./scripts/build --werror" >&2; exit 1; }
iface=${1:-eth0}
seconds=${2:-30}
count=$((seconds * 10))
out=$(/usr/bin/time -f '%U %S %e' "$cli" --json watch "$iface" --interval 0.1 --count "$count" 2>&1 >/dev/null | tail -n 1)
echo "$out" | awk -v n="$count" -v i="$iface" '{
	cpu = $1 + $2
	printf "multigig watch %s at 10 Hz: %d samples in %.1f s, %.2f s of CPU: %.2f%% of one CPU (target < 1%%)\n",
		i, n, $3, cpu, 100 * cpu / $3
}'
