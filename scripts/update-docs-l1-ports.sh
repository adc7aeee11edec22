#!/usr/bin/env bash
# scripts/update-docs-l1-ports.sh [--check] [BHSIM] [PAGE] - rewrites the lines between
# "<!-- l1-ports:begin -->" and "<!-- l1-ports:end -->" in docs/outputs.md with
# `bhsim --list-l1-ports=markdown` (the L1 client-to-port map of model/tile/l1.h). With
# --check, rewrites nothing and fails when the tables differ (blank lines at the ends do not
# count); the test cli.docs_l1_ports runs that. BHSIM defaults to build/bhsim, PAGE to the
# repository's docs/outputs.md.
set -euo pipefail
check=0
if [ "${1:-}" = --check ]; then
    check=1
    shift
fi
root=$(cd "$(dirname "$0")/.." && pwd)
bhsim=${1:-$root/build/bhsim}
page=${2:-$root/docs/outputs.md}
me=update-docs-l1-ports
begin=$(grep -nxF '<!-- l1-ports:begin -->' "$page" | cut -d: -f1 || true)
end=$(grep -nxF '<!-- l1-ports:end -->' "$page" | cut -d: -f1 || true)
if [ "$(echo "$begin" | wc -w)" != 1 ] || [ "$(echo "$end" | wc -w)" != 1 ] ||
    [ "$begin" -gt "$end" ]; then
    echo "$me: $page needs one '<!-- l1-ports:begin -->' line, then one" \
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
    have=$(sed -n "$((begin + 1)),$((end - 1))p" "$page" | trim)
    if [ "$have" != "$(printf '%s\n' "$table" | trim)" ]; then
        echo "$me: the L1 port tables in $page are out of date (- page, + bhsim):" >&2
        diff <(printf '%s\n' "$have") <(printf '%s\n' "$table" | trim) >&2 || true
        echo "$me: run scripts/update-docs-l1-ports.sh to rewrite them" >&2
        exit 1
    fi
    echo "$me: the L1 port tables in $page match bhsim --list-l1-ports=markdown"
    exit 0
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
{
    sed -n "1,${begin}p" "$page"
    echo
    printf '%s\n' "$table"
    echo
    sed -n "${end},\$p" "$page"
} >"$out"
cat "$out" >"$page"
echo "$me: rewrote the L1 port tables in $page"
