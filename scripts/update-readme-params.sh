#!/usr/bin/env bash
# scripts/update-readme-params.sh [--check] [BHSIM] [README] - rewrites the lines between
# "<!-- params:begin -->" and "<!-- params:end -->" in README.md with
# `bhsim --list-params=markdown`. The markers must already be there. With --check, rewrites
# nothing and fails when the table differs (blank lines next to the markers do not count).
# BHSIM defaults to build/bhsim, README to the repository's README.md.
set -euo pipefail
check=0
if [ "${1:-}" = --check ]; then
    check=1
    shift
fi
root=$(cd "$(dirname "$0")/.." && pwd)
bhsim=${1:-$root/build/bhsim}
readme=${2:-$root/README.md}
me=$([ $check = 1 ] && echo check-readme-params || echo update-readme-params)
begin_re='^[[:space:]]*<!-- params:begin -->[[:space:]]*$'
end_re='^[[:space:]]*<!-- params:end -->[[:space:]]*$'

if [ ! -x "$bhsim" ]; then
    echo "$me: no bhsim executable at $bhsim (build first, or pass its path)" >&2
    exit 1
fi
if [ ! -f "$readme" ]; then
    echo "$me: $readme not found" >&2
    exit 1
fi
nb=$(grep -cE "$begin_re" "$readme" || true)
ne=$(grep -cE "$end_re" "$readme" || true)
lb=$(grep -nE "$begin_re" "$readme" | head -n1 | cut -d: -f1 || true)
le=$(grep -nE "$end_re" "$readme" | head -n1 | cut -d: -f1 || true)
if [ "$nb" != 1 ] || [ "$ne" != 1 ] || [ "$lb" -gt "$le" ]; then
    echo "$me: $readme must contain one line '<!-- params:begin -->' followed later by one line" \
         "'<!-- params:end -->' around the parameter table (found $nb begin and $ne end" \
         "markers); add them, then run scripts/update-readme-params.sh" >&2
    exit 1
fi

table=$(mktemp)
out=$(mktemp)
trap 'rm -f "$table" "$out"' EXIT
SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 "$bhsim" --list-params=markdown >"$table"
if [ ! -s "$table" ]; then
    echo "$me: '$bhsim --list-params=markdown' printed nothing" >&2
    exit 1
fi

if [ $check = 1 ]; then
    strip_blank_ends() { sed -e '/[^[:space:]]/,$!d' | tac | sed -e '/[^[:space:]]/,$!d' | tac; }
    have=$(sed -n "$((lb + 1)),$((le - 1))p" "$readme" | strip_blank_ends)
    want=$(strip_blank_ends <"$table")
    if [ "$have" != "$want" ]; then
        echo "$me: the parameter table in $readme is out of date (- README, + bhsim):" >&2
        diff <(printf '%s\n' "$have") <(printf '%s\n' "$want") >&2 || true
        echo "$me: run scripts/update-readme-params.sh to rewrite it" >&2
        exit 1
    fi
    echo "$me: README parameter table matches bhsim --list-params=markdown"
    exit 0
fi
{
    sed -n "1,${lb}p" "$readme"
    echo
    cat "$table"
    echo
    sed -n "${le},\$p" "$readme"
} >"$out"
cat "$out" >"$readme"
echo "$me: rewrote the parameter table in $readme"
