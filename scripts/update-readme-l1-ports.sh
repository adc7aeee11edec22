#!/usr/bin/env bash
# scripts/update-readme-l1-ports.sh [--check] [BHSIM] [README] - rewrites the lines between
# "<!-- l1-ports:begin -->" and "<!-- l1-ports:end -->" in README.md with
# `bhsim --list-l1-ports=markdown` (the L1 client-to-port map of model/tile/l1.h). With
# --check, rewrites nothing and fails when the tables differ (blank lines at the ends do not
# count). BHSIM defaults to build/bhsim, README to the repository's README.md.
set -euo pipefail
check=0
if [ "${1:-}" = --check ]; then
    check=1
    shift
fi
root=$(cd "$(dirname "$0")/.." && pwd)
bhsim=${1:-$root/build/bhsim}
readme=${2:-$root/README.md}
me=update-readme-l1-ports
begin=$(grep -nxF '<!-- l1-ports:begin -->' "$readme" | cut -d: -f1 || true)
end=$(grep -nxF '<!-- l1-ports:end -->' "$readme" | cut -d: -f1 || true)
if [ "$(echo "$begin" | wc -w)" != 1 ] || [ "$(echo "$end" | wc -w)" != 1 ] ||
    [ "$begin" -gt "$end" ]; then
    echo "$me: $readme needs one '<!-- l1-ports:begin -->' line, then one" \
        "'<!-- l1-ports:end -->' line" >&2
    exit 1
fi
table=$(SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 "$bhsim" --list-l1-ports=markdown)
if [ -z "$table" ]; then
    echo "$me: '$bhsim --list-l1-ports=markdown' printed nothing" >&2
    exit 1
fi
trim() { sed -e '/[^[:space:]]/,$!d' | tac | sed -e '/[^[:space:]]/,$!d' | tac; }
if [ $check = 1 ]; then
    have=$(sed -n "$((begin + 1)),$((end - 1))p" "$readme" | trim)
    if [ "$have" != "$(printf '%s\n' "$table" | trim)" ]; then
        echo "$me: the L1 port tables in $readme are out of date (- README, + bhsim):" >&2
        diff <(printf '%s\n' "$have") <(printf '%s\n' "$table" | trim) >&2 || true
        echo "$me: run scripts/update-readme-l1-ports.sh to rewrite them" >&2
        exit 1
    fi
    echo "$me: README L1 port tables match bhsim --list-l1-ports=markdown"
    exit 0
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
{
    sed -n "1,${begin}p" "$readme"
    echo
    printf '%s\n' "$table"
    echo
    sed -n "${end},\$p" "$readme"
} >"$out"
cat "$out" >"$readme"
echo "$me: rewrote the L1 port tables in $readme"
