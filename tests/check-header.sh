#!/bin/sh
# The public headers are clean C99 under -pedantic -Werror: multigig.h,
# and each concept's header on its own; multigig.h includes every one.
set -eu
cc=$1
include=$2
src="${TMPDIR:-/tmp}/mg-header-$$.c"
trap 'rm -f "$src"' EXIT
passed=0 failed=0
for h in "$include"/multigig/*.h; do
	name=$(basename "$h")
	printf '#include <multigig/%s>\nint main(void) { return MG_UNKNOWN + 1; }\n' "$name" > "$src"
	if "$cc" -std=c99 -pedantic -Wall -Wextra -Werror -fsyntax-only -I"$include" "$src"; then
		passed=$((passed + 1))
	else
		echo "$name: not clean alone under -std=c99 -pedantic -Werror"
		failed=$((failed + 1))
	fi
	if [ "$name" != multigig.h ] && ! grep -qx "#include <multigig/$name>" "$include/multigig/multigig.h"; then
		echo "$name: multigig.h does not include it"
		failed=$((failed + 1))
	fi
done
echo "headers: each one clean alone under -std=c99 -pedantic -Werror, all in multigig.h"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
