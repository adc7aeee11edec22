#!/usr/bin/env bash
# scripts/check-help-workloads.sh BHSIM - fails when `bhsim --help` does not name every workload
# that the workload.name key accepts (`bhsim --list-params`).
set -euo pipefail
bhsim=$1
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
help=$("$bhsim" --help)
names=$("$bhsim" --list-params | awk '$1 == "workload.name" { gsub(/[|]/, " ", $4); print $4 }')
if [ -z "$names" ]; then
    echo "check-help-workloads: no workload.name in '$bhsim --list-params'" >&2
    exit 1
fi
status=0
for w in $names; do
    if ! grep -qw -- "$w" <<<"$help"; then
        echo "check-help-workloads: --help does not name workload '$w'" >&2
        status=1
    fi
done
[ $status = 0 ] && echo "check-help-workloads: --help names every workload: $(echo $names)"
exit $status
