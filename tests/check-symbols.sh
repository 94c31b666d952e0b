#!/bin/sh
# The library exports exactly the symbols of its version script, each with
# the mg_ prefix and a version node: nothing more leaks, nothing is missing.
# A symbol kept for old binaries ("name@NODE", not the default "@@") is
# listed in the node it was released in and again in the one that replaced it.
set -eu
lib=$1
sym=$2

exported=$(nm -D --defined-only "$lib" | awk '$2 == "T" || $2 == "D" || $2 == "B" { print $3 }' | sort)
listed=$(grep -oE '^[[:space:]]+mg_[a-z0-9_]+;' "$sym" | tr -d ' \t;' | sort)

status=0
unversioned=$(printf '%s\n' "$exported" | grep -vE '@@?LIBMULTIGIG_' || true)
if [ -n "$unversioned" ]; then
	echo "exported without a version node: $unversioned"
	status=1
fi
names=$(printf '%s\n' "$exported" | sed 's/@.*//' | sort)
if [ "$names" != "$listed" ]; then
	echo "exported symbols differ from $sym:"
	diff -u "$(printf '%s\n' "$listed" > "${TMPDIR:-/tmp}/mg-listed.$$" && echo "${TMPDIR:-/tmp}/mg-listed.$$")" \
		"$(printf '%s\n' "$names" > "${TMPDIR:-/tmp}/mg-names.$$" && echo "${TMPDIR:-/tmp}/mg-names.$$")" || true
	rm -f "${TMPDIR:-/tmp}/mg-listed.$$" "${TMPDIR:-/tmp}/mg-names.$$"
	status=1
fi
count=$(printf '%s\n' "$names" | grep -c . || true)
if [ "$status" -eq 0 ]; then
	echo "$count symbols exported, all listed in the version script"
	echo "1 passed, 0 failed"
else
	echo "0 passed, 1 failed"
fi
exit $status
