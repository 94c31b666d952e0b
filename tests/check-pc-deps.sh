#!/bin/sh
# Every module multigig.pc requires (Requires and Requires.private) comes
# from a -dev package that libmultigig-dev depends on: otherwise
# `pkg-config --libs multigig` fails on a machine with only libmultigig-dev.
# Usage: check-pc-deps.sh BUILT-multigig.pc debian/control
set -eu
pc=$1
control=$2
# libmultigig-dev's Depends, one package name a line.
depends=$(awk '/^Package: /{p=$2} p=="libmultigig-dev" && /^Depends:/{d=1} d&&/^[A-Z]/&&!/^Depends:/{d=0} d' "$control" |
	sed 's/^Depends://' | tr ',' '\n' | sed 's/(.*//; s/^[[:space:]]*//; s/[[:space:]]*$//' | grep -v '^$')
modules=$(sed -n 's/^Requires\(\.private\)\?: *//p' "$pc" | tr ',' '\n' | sed 's/[<>=].*//; s/^ *//; s/ *$//' | grep -v '^$')
status=0
for m in $modules; do
	dir=$(pkg-config --variable=pcfiledir "$m")
	pkg=$(dpkg-query -S "$dir/$m.pc" 2>/dev/null | sed 's/:.*//' | head -n 1)
	if [ -z "$pkg" ]; then
		echo "check-pc-deps: no Debian package holds $dir/$m.pc" >&2
		status=1
	elif ! printf '%s\n' "$depends" | grep -qx "$pkg"; then
		echo "check-pc-deps: multigig.pc requires $m ($pkg), which libmultigig-dev does not depend on" >&2
		status=1
	else
		echo "check-pc-deps: $m: $pkg"
	fi
done
exit $status
