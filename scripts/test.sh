#!/usr/bin/env bash
# The second command: build, then run every test (unit, SystemC, command line, golden, lint).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
ctest --test-dir build --output-on-failure -j"$(nproc)" "$@"
