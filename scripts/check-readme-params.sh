#!/usr/bin/env bash
# scripts/check-readme-params.sh [BHSIM] [README] - fails when the parameter table in README.md
# differs from `bhsim --list-params=markdown` (scripts/update-readme-params.sh --check).
exec bash "$(dirname "$0")/update-readme-params.sh" --check "$@"
