# SPDX-License-Identifier: LGPL-2.1-or-later
# Shared by the bench/*.sh scripts (sourced, not run).

# need TEST PACKAGE: install the Debian PACKAGE unless the shell TEST passes.
need() {
	eval "$1" >/dev/null 2>&1 && return 0
	echo "installing $2" >&2
	apt-get install -y -q "$2" >/dev/null 2>&1 ||
		{ apt-get update -q >/dev/null 2>&1 && apt-get install -y -q "$2" >/dev/null; } ||
		{ echo "cannot install $2" >&2; exit 1; }
}

# veth_pairs N: add N veth pairs bNa/bNb to the current network namespace,
# in one ip process: one process per link would dominate at thousands.
veth_pairs() {
	awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++)
		printf "link add b%da type veth peer name b%db\n", i, i }' | ip -batch -
}

# iface_count: interfaces in the current network namespace, lo included.
iface_count() {
	ls /sys/class/net | wc -l
}
