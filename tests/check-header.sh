#!/bin/sh
# The public header stands alone and is clean C99 under -pedantic -Werror.
set -eu
cc=$1
include=$2
src="${TMPDIR:-/tmp}/mg-header-$$.c"
trap 'rm -f "$src"' EXIT
printf '#include <multigig/multigig.h>\nint main(void) { return MG_UNKNOWN + 1; }\n' > "$src"
if "$cc" -std=c99 -pedantic -Wall -Wextra -Werror -fsyntax-only -I"$include" "$src"; then
	echo "multigig.h: clean under -std=c99 -pedantic -Werror"
	echo "1 passed, 0 failed"
else
	echo "0 passed, 1 failed"
	exit 1
fi
