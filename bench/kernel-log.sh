#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Benchmark: the kernel log on a full ring buffer. The ring is filled (and
# wrapped) with lines written into /dev/kmsg: noise, and every STEP-th a link
# message of veth b0a in a private network namespace. Then, median wall time
# of RUNS interleaved runs: `multigig --json show b0a` (everything show
# reads, the one pass over the ring included) against `dmesg | grep b0a`
# (the same ring read and filtered by a shell) and `dmesg` alone; and the
# count of b0a's lines each finds.
#
#   bench/kernel-log.sh                RUNS=20 STEP=100 MULTIGIG=build/tools/multigig
#
# Writing into /dev/kmsg is rate-limited by default (kernel.printk_devkmsg=
# ratelimit): it is set to "on" while the ring is filled and put back after.
set -eu
cd "$(dirname "$0")/.."
cli=$(realpath "${MULTIGIG:-build/tools/multigig}")
[ -x "$cli" ] || { echo "build first: meson setup build && meson compile -C build" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "run as root: it writes into /dev/kmsg and makes a network namespace" >&2; exit 1; }
runs=${RUNS:-20}
step=${STEP:-100}
ns=mgbench$$
devkmsg=$(cat /proc/sys/kernel/printk_devkmsg)
trap 'echo "$devkmsg" > /proc/sys/kernel/printk_devkmsg; ip netns del "$ns" 2>/dev/null || true' EXIT
ip netns add "$ns"
ip -n "$ns" link add b0a type veth peer name b0b

echo on > /proc/sys/kernel/printk_devkmsg
python3 - "$step" <<'EOF'
import ctypes, sys
step = int(sys.argv[1])
libc = ctypes.CDLL(None, use_errno=True)
size = libc.klogctl(10, None, 0)  # SYSLOG_ACTION_SIZE_BUFFER
written = n = 0
with open("/dev/kmsg", "w", buffering=1) as f:
    while written < 3 * size:
        if n % step == 0:
            line = "<6>b0a: Link is Up - 10Gbps/Full - flow control off\n"
        else:
            line = "<6>benchnoise %d: a line about nothing the library knows, as long as many\n" % n
        f.write(line)
        written += len(line)
        n += 1
print("ring buffer %d bytes; wrote %d lines, %d bytes" % (size, n, written), file=sys.stderr)
EOF
echo "$devkmsg" > /proc/sys/kernel/printk_devkmsg

records=$(dmesg | wc -l)
grep_count=$(dmesg | grep -c 'b0a: Link is Up')
mg_count=$(ip netns exec "$ns" "$cli" --json show b0a | python3 -c \
	'import json, sys; print(len([l for l in json.load(sys.stdin)["kernel_log"] if "b0a:" in l["text"]]))')
echo "records in the ring: $records; b0a's link lines: dmesg|grep $grep_count, multigig $mg_count (keeps at most 256)"
# Both in the namespace: ip netns exec's own cost (a mount of sysfs) is charged to both alike.
echo "median of $runs (seconds): multigig --json show b0a, dmesg | grep b0a, their ratio; then dmesg alone"
python3 bench/median-time.py "$runs" "ip netns exec $ns $cli --json show b0a" "ip netns exec $ns sh -c 'dmesg | grep b0a'"
python3 bench/median-time.py "$runs" "ip netns exec $ns dmesg"
# The pass alone, from Python: Nic.kernel_log() (one pass over the ring, records parsed and attributed).
ip netns exec "$ns" env PYTHONPATH="$(dirname "$(dirname "$cli")")/bindings/python" python3 - "$runs" <<'EOF2'
import statistics, sys, time
import multigig
runs = int(sys.argv[1])
with multigig.Context() as ctx:
    nic = ctx.nic("b0a")
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        nic.kernel_log()
        times.append(time.perf_counter() - start)
print("Nic.kernel_log(), one pass: median %.6f s" % statistics.median(times))
EOF2
