#!/usr/bin/env bash
# scripts/update-docs-stats.sh [--check] [BHSIM] - rewrites docs/statistics.md with
# `bhsim --list-stats` (the models' statistics tables). With --check, rewrites nothing and
# fails, showing the difference, when the page is out of date. BHSIM defaults to build/bhsim.
set -euo pipefail
check=0
if [ "${1:-}" = --check ]; then
    check=1
    shift
fi
root=$(cd "$(dirname "$0")/.." && pwd)
bhsim=${1:-$root/build/bhsim}
page=$root/docs/statistics.md
if [ ! -x "$bhsim" ]; then
    echo "update-docs-stats: no bhsim executable at $bhsim (build first, or pass its path)" >&2
    exit 1
fi
fresh=$(mktemp)
trap 'rm -f "$fresh"' EXIT
"$bhsim" --list-stats >"$fresh"
if [ $check = 1 ]; then
    if ! diff -u "$page" "$fresh"; then
        echo "check-docs-stats: docs/statistics.md is out of date; run scripts/update-docs-stats.sh" >&2
        exit 1
    fi
    exit 0
fi
cp "$fresh" "$page"
