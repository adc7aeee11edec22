#!/usr/bin/env bash
# scripts/update-docs-params.sh [--check] [BHSIM] [PAGE] - rewrites the lines between
# "<!-- params:begin -->" and "<!-- params:end -->" in docs/configuration.md with
# `bhsim --list-params=markdown`. The markers must already be there. With --check, rewrites
# nothing and fails when the table differs (blank lines next to the markers do not count);
# the test cli.docs_params runs that. BHSIM defaults to build/bhsim, PAGE to the
# repository's docs/configuration.md.
set -euo pipefail
check=0
if [ "${1:-}" = --check ]; then
    check=1
    shift
fi
root=$(cd "$(dirname "$0")/.." && pwd)
bhsim=${1:-$root/build/bhsim}
page=${2:-$root/docs/configuration.md}
me=update-docs-params
begin_re='^[[:space:]]*<!-- params:begin -->[[:space:]]*$'
end_re='^[[:space:]]*<!-- params:end -->[[:space:]]*$'

if [ ! -x "$bhsim" ]; then
    echo "$me: no bhsim executable at $bhsim (build first, or pass its path)" >&2
    exit 1
fi
if [ ! -f "$page" ]; then
    echo "$me: $page not found" >&2
    exit 1
fi
nb=$(grep -cE "$begin_re" "$page" || true)
ne=$(grep -cE "$end_re" "$page" || true)
lb=$(grep -nE "$begin_re" "$page" | head -n1 | cut -d: -f1 || true)
le=$(grep -nE "$end_re" "$page" | head -n1 | cut -d: -f1 || true)
if [ "$nb" != 1 ] || [ "$ne" != 1 ] || [ "$lb" -gt "$le" ]; then
    echo "$me: $page must contain one line '<!-- params:begin -->' followed later by one line" \
         "'<!-- params:end -->' around the parameter table (found $nb begin and $ne end" \
         "markers); add them, then run scripts/update-docs-params.sh" >&2
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
    have=$(sed -n "$((lb + 1)),$((le - 1))p" "$page" | strip_blank_ends)
    want=$(strip_blank_ends <"$table")
    if [ "$have" != "$want" ]; then
        echo "$me: the parameter table in $page is out of date (- page, + bhsim):" >&2
        diff <(printf '%s\n' "$have") <(printf '%s\n' "$want") >&2 || true
        echo "$me: run scripts/update-docs-params.sh to rewrite it" >&2
        exit 1
    fi
    echo "$me: the parameter table in $page matches bhsim --list-params=markdown"
    exit 0
fi
{
    sed -n "1,${lb}p" "$page"
    echo
    cat "$table"
    echo
    sed -n "${le},\$p" "$page"
} >"$out"
cat "$out" >"$page"
echo "$me: rewrote the parameter table in $page"
