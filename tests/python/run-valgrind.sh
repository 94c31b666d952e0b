#!/bin/sh
# Leak check of the Python bindings: 1000 contexts under valgrind. Python's
# own allocator is switched to malloc so valgrind sees every block. Memory
# errors fail the test; of the leaks, those whose stack passes through
# libmultigig or its binding fail it (the interpreter keeps some of its own
# until exit).
set -eu
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
PYTHONMALLOC=malloc valgrind --quiet --leak-check=full --show-leak-kinds=definite \
	--error-exitcode=99 --errors-for-leak-kinds=none --log-file="$log" \
	--suppressions="$(dirname "$0")/../valgrind.supp" \
	/usr/bin/python3 "$(dirname "$0")/valgrind_contexts.py" || status=$?
ours=$(/usr/bin/python3 - "$log" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
records = re.split(r"\n==\d+== \n", text)
print(sum(1 for r in records if "definitely lost" in r and re.search(r"\bmg_|_core\.|multigig", r)))
PY
)
if [ "$status" -ne 0 ] || [ "$ours" -ne 0 ]; then
	cat "$log"
	echo "0 passed, 1 failed"
	exit 1
fi
echo "1000 contexts under valgrind: no memory errors, no leaks through libmultigig"
echo "1 passed, 0 failed"
