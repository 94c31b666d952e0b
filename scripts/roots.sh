# Debian roots for the other platforms' runs (scripts/debian13, scripts/arm64):
# made once with debootstrap, cached outside the checkout, packages installed
# with apt-get inside. Sourced, not run; needs root.
#
#   root_make ROOT ARCH      debootstrap trixie for ARCH into ROOT if missing
#   root_mount ROOT          bind it on itself (private) with /proc, /sys, /dev
#   root_unmount ROOT        undo root_mount (also lazily, on a busy mount)
#   root_packages ROOT P...  install those of P... not installed yet
#   root_copy ROOT KEEP...   the work tree to ROOT/src/libmultigig, but KEEP...
#   in_root ROOT CMD...      run CMD in ROOT with a clean environment

roots_mirror=$(sed -n 's/^URIs: //p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
roots_mirror=${roots_mirror:-http://deb.debian.org/debian}
roots_src=/src/libmultigig

in_root() {
	r=$1
	shift
	chroot "$r" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
		DEBIAN_FRONTEND=noninteractive "$@"
}

# A root whose debootstrap did not finish is made again: it is renamed into
# place only once debootstrap succeeded. Another architecture's root runs its
# second stage through binfmt_misc (see arm64_binfmt in scripts/arm64).
root_make() {
	[ -x "$1/usr/bin/apt-get" ] && return 0
	command -v debootstrap >/dev/null ||
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends debootstrap
	rm -rf "$1.new"
	mkdir -p "$(dirname "$1")"
	debootstrap --arch="$2" --variant=minbase trixie "$1.new" "$roots_mirror"
	mv "$1.new" "$1"
}

# The root on itself, private, so that tests may make private mount
# namespaces ("mount sysfs in the private namespace: Invalid argument" in a
# plain chroot); then the kernel's file systems, the host's resolver and
# Debian 13's sources.
root_mount() {
	mountpoint -q "$1" || mount --bind "$1" "$1"
	mount --make-rprivate "$1"
	for d in proc sys dev dev/pts; do
		mountpoint -q "$1/$d" || mount --bind "/$d" "$1/$d"
	done
	cp /etc/resolv.conf "$1/etc/resolv.conf"
	cat >"$1/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $roots_mirror
Suites: trixie trixie-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
	[ ! -f "$1/etc/apt/sources.list" ] || : >"$1/etc/apt/sources.list"
}

root_unmount() {
	umount -R "$1" 2>/dev/null || umount -R -l "$1" 2>/dev/null || true
}

root_packages() {
	r=$1
	shift
	missing=""
	native=$(in_root "$r" dpkg --print-architecture)
	for p in "$@"; do
		# A name without ":arch" is the root's own architecture's (or all):
		# libfoo-dev:arm64 installed does not make libfoo-dev there.
		case $p in
		*:*) arch=${p#*:} ;;
		*) arch=$native ;;
		esac
		# shellcheck disable=SC2016 # dpkg-query's fields, not the shell's
		in_root "$r" dpkg-query -W -f='${Status} ${Architecture}\n' "$p" 2>/dev/null |
			grep -Eq "^install ok installed ($arch|all)\$" || missing="$missing $p"
	done
	[ -n "$missing" ] || return 0
	in_root "$r" apt-get update -q
	# shellcheck disable=SC2086
	in_root "$r" apt-get install -y -q --no-install-recommends $missing
}

# The tree as it is (git ls-files: changes not yet committed too); the build
# directories named are kept, so a second run rebuilds only what changed.
root_copy() {
	r=$1
	shift
	mkdir -p "$r$roots_src"
	keep=""
	for k in "$@"; do
		keep="$keep ! -name $k"
	done
	# shellcheck disable=SC2086
	find "$r$roots_src" -mindepth 1 -maxdepth 1 $keep -exec rm -rf {} +
	git ls-files -z | tar --null -T - --ignore-failed-read -cf - | tar -xf - -C "$r$roots_src"
}
