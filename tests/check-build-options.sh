#!/bin/sh
# scripts/build runs `meson configure` only when the options it passes
# changed: a second call with the same options goes straight to the compile
# (scripts/run's second call is then instant), while a changed option, or a
# build directory set up before the options were kept, is configured again.
# The script runs from a copy in a scratch tree, with stand-ins for meson
# and dpkg-buildflags that log what they are asked.
# Usage: check-build-options.sh SOURCE-ROOT
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/scripts" "$tmp/bin"
cp "$1/scripts/build" "$tmp/scripts/build"
cat >"$tmp/bin/meson" <<'STANDIN'
#!/bin/sh
echo "$*" >>"$LOG"
case $1 in
setup) for d; do :; done; mkdir -p "$d" && : >"$d/build.ninja" ;;
esac
STANDIN
cat >"$tmp/bin/dpkg-buildflags" <<'STANDIN'
#!/bin/sh
echo "-O2 ${EXTRA_FLAGS:-}"
STANDIN
chmod +x "$tmp/bin/meson" "$tmp/bin/dpkg-buildflags"
export LOG="$tmp/log" PATH="$tmp/bin:$PATH"
status=0

# build WHAT MODE EXPECTED: run scripts/build MODE; the meson commands it ran
# (their first word, in order) must be EXPECTED.
build() {
	: >"$LOG"
	"$tmp/scripts/build" "$2" 2>"$tmp/err" >/dev/null
	got=$(awk '{ printf "%s%s", (NR > 1 ? " " : ""), $1 }' "$LOG")
	if [ "$got" = "$3" ]; then
		echo "ok: $1: $got"
	else
		echo "FAIL: $1: meson $got, expected $3" >&2
		status=1
	fi
}

build "first --run" --run "setup compile"
build "second --run, nothing changed" --run "compile"
grep -q "configuring" "$tmp/err" && { echo "FAIL: second --run says it configures" >&2; status=1; }
build "first --werror" --werror "setup compile"
build "second --werror, nothing changed" --werror "compile"
EXTRA_FLAGS=-g build "--werror, a flag changed" --werror "configure compile"
grep -q "^scripts/build: configuring build," "$tmp/err" ||
	{ echo "FAIL: a configure is not said" >&2; status=1; }
EXTRA_FLAGS=-g build "--werror, after the change" --werror "compile"
build "--werror, the flag back" --werror "configure compile"
rm "$tmp/build-run/scripts-build.options"
build "--run, set up before the options were kept" --run "configure compile"
build "--run, then" --run "compile"
exit $status
