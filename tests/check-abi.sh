#!/bin/sh
# The ABI gate: dump the built library as the committed baseline was dumped
# and compare the two with abidiff. Any difference fails, a grown public
# struct and a removed symbol alike; added symbols are reported but allowed
# only with the baseline updated in the same change (scripts/update-abi).
set -eu
lib=$1
headers=$2
baseline=$3
if [ ! -f "$baseline" ]; then
	# An architecture nobody dumped yet (a Debian buildd's, say): skipped, not passed.
	echo "no ABI baseline $(basename "$baseline") for this architecture: skipped (scripts/update-abi makes one)"
	exit 77
fi
new=$(mktemp)
trap 'rm -f "$new"' EXIT
abidw --headers-dir "$headers" --drop-private-types --no-corpus-path --no-comp-dir-path \
	--no-show-locs --type-id-style hash "$lib" > "$new"
if abidiff "$baseline" "$new"; then
	echo "ABI matches $(basename "$baseline")"
	echo "1 passed, 0 failed"
else
	echo "ABI differs from the baseline: review, then run scripts/update-abi if intended"
	echo "0 passed, 1 failed"
	exit 1
fi
