#!/usr/bin/env bash
# Configures (once) and builds bhsim and its tests in build/ (Release, -Wall -Wextra -Werror).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/CMakeCache.txt ] || cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"
