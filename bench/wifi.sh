#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# multigig wifi for every wiphy against iw phy: median wall time of RUNS
# interleaved runs each, and the CLI's netlink requests. Needs the wiphys of
# mac80211_hwsim (or real cards): with RADIOS=N (default 2) and no wiphy yet,
# it loads mac80211_hwsim with N radios and unloads it at the end.
# Output: "wiphys N requests R multigig S iw S ratio X".
set -eu
here=$(dirname "$0")
. "$here/common.sh"
MULTIGIG=${MULTIGIG:-multigig}
RUNS=${RUNS:-20}
RADIOS=${RADIOS:-2}
need "command -v iw" iw
loaded=
if [ -z "$(ls /sys/class/ieee80211 2>/dev/null)" ]; then
	modprobe mac80211_hwsim radios="$RADIOS" || { echo "wifi.sh: no wiphys and no mac80211_hwsim" >&2; exit 1; }
	loaded=1
	trap 'modprobe -r mac80211_hwsim' EXIT
	for _ in $(seq 50); do
		[ "$(ls /sys/class/ieee80211 | wc -l)" -ge "$RADIOS" ] && break
		sleep 0.1
	done
fi
wiphys=$(ls /sys/class/ieee80211 | wc -l)
requests=$("$MULTIGIG" -v --json wifi 2>&1 >/dev/null | sed -n 's/^multigig: \([0-9]*\) netlink requests.*/\1/p')
set -- $(python3 "$here/median-time.py" "$RUNS" "$MULTIGIG --json wifi" "iw phy")
echo "wiphys $wiphys requests $requests multigig $1 iw $2 ratio $3"
