#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# The library's layers call downwards only: base/ calls nothing of ours,
# gather/ only base/ and gather/, decide/ only base/, decide/ and the API
# objects' read-only accessors (mg_*_get*, _is_*, _has_*, _count, _name:
# its rules are pure, they read what was gathered), present/ (documents
# written from objects already built) only base/, present/ and the same
# read-only accessors. Checked on the objects the build made: every mg_
# symbol an object uses must be defined in a layer it may call.
#   check-layers.sh OBJDIR
set -eu
objdir=$1
defined() { nm --defined-only "$@" 2>/dev/null | awk '$2 ~ /[TtDdBbRr]/ { print $3 }' | grep '^mg_' | sort -u; }
base=$(defined "$objdir"/base_*.o)
gather=$(defined "$objdir"/gather_*.o)
bad=0
check() { # LAYER ALLOWED-SYMBOLS
	layer=$1 allowed=$2
	for obj in "$objdir"/"$layer"_*.o; do
		for sym in $(nm --undefined-only "$obj" | awk '{ print $2 }' | grep '^mg_' || true); do
			if ! printf '%s\n' "$allowed" | grep -qx "$sym"; then
				echo "$(basename "$obj" .o | sed "s/^${layer}_/$layer\//"): calls $sym, outside what the layer may call"
				bad=1
			fi
		done
	done
}
check base ""
check gather "$base
$gather"
decide=$(defined "$objdir"/decide_*.o)
getters=$(nm --defined-only "$objdir"/*.o 2>/dev/null | awk '$2 == "T" { print $3 }' | sed 's/@.*//' |
	grep -E '^mg_[a-z0-9_]*_(get|is|has)(_[a-z0-9_]*)?$|^mg_[a-z0-9_]*_(count|name|loaded)$' | sort -u)
check decide "$base
$decide
$getters"
present=$(defined "$objdir"/present_*.o)
# Read-only accessors whose names do not say get: the JSON writers read them.
check present "$base
$present
$getters
mg_settings_group_error
mg_stats_group_reported
mg_stats_group_size
mg_apply_result_may_bounce_link
mg_apply_result_rolled_back"
if [ $bad -ne 0 ]; then
	echo "1 failed"
	exit 1
fi
echo "layers: base, gather, decide and present call only what they may"
