#!/bin/bash
# bash completion of multigig: values where a value is due, parameter names
# where a name is. Usage: check-completion.sh tools/completion/multigig
set -u
# shellcheck disable=SC1091
source /usr/share/bash-completion/bash_completion
# shellcheck disable=SC1090
source "$1"
status=0
# check LINE WANT: what completing the last word of LINE offers, sorted.
check() {
	local line=$1 want=$2 got
	read -r -a COMP_WORDS <<< "$line"
	[[ "$line" == *" " ]] && COMP_WORDS+=("")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMP_LINE=$line
	COMP_POINT=${#line}
	COMPREPLY=()
	_multigig multigig "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
	got=$(printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ *$//')
	if [[ "$got" != "$want" ]]; then
		echo "check-completion: '$line': got '$got', want '$want'" >&2
		status=1
	fi
}
check "multigig set eth0 mtu " ""
check "multigig estimate --wifi " "eht he ht legacy vht"
check "multigig estimate --wifi he --width 3" "320"
check "multigig estimate --wifi he --mcs 11 --nss " "1 2 3 4 5 6 7 8"
check "multigig estimate --wifi ht --mcs 7 --nss " "1 2 3 4"
check "multigig estimate --wifi legacy --mcs 7 --nss " "1"
check "multigig set eth0 mtu 9000 gr" "gro"
check "multigig set eth0 gro " "off on"
check "multigig set eth0 rx-ring " "max"
check "multigig set --dry-run eth0 mtu 9000 rx-ring " "max"
check "multigig set eth0 combined 4 tx " ""
check "multigig set eth0 advertise " "all"
check "multigig export --format " "prometheus"
check "multigig -n blue set eth0 mtu 9000 gr" "gro"
check "multigig set --netns blue eth0 gro " "off on"
check "multigig estimate --header " "3dw 4dw"
check "multigig help ca" "cable cable-test capture"
check "multigig watch eth0 --interval " ""
check "multigig do" "doctor"
check "multigig co" "confirm"
check "multigig set eth0 mtu 9000 --confirm " ""
check "multigig rollback --l" "--list"
[[ $status -eq 0 ]] && echo "check-completion: ok"
exit $status
