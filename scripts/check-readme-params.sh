#!/usr/bin/env bash
# scripts/check-readme-params.sh [BHSIM] [README] - fails when the parameter table in README.md
# (the lines between "<!-- params:begin -->" and "<!-- params:end -->") differs from
# `bhsim --list-params=markdown`. Fix with scripts/update-readme-params.sh.
# BHSIM defaults to build/bhsim, README to the repository's README.md.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bhsim=${1:-$root/build/bhsim}
readme=${2:-$root/README.md}
me=check-readme-params
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

# Blank lines next to the markers do not count.
strip_blank_ends() { sed -e '/[^[:space:]]/,$!d' | tac | sed -e '/[^[:space:]]/,$!d' | tac; }
have=$(sed -n "$((lb + 1)),$((le - 1))p" "$readme" | strip_blank_ends)
want=$(SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 "$bhsim" --list-params=markdown | strip_blank_ends)
if [ -z "$want" ]; then
    echo "$me: '$bhsim --list-params=markdown' printed nothing" >&2
    exit 1
fi
if [ "$have" != "$want" ]; then
    echo "$me: the parameter table in $readme is out of date (- README, + bhsim):" >&2
    diff <(printf '%s\n' "$have") <(printf '%s\n' "$want") >&2 || true
    echo "$me: run scripts/update-readme-params.sh to rewrite it" >&2
    exit 1
fi
echo "$me: README parameter table matches bhsim --list-params=markdown"
