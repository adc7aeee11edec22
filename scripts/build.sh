#!/usr/bin/env bash
# Configures (once) and builds bhsim and its tests in build/ (Release, -Wall -Wextra -Werror).
#
# With GCC the build is profile-guided: the first time, scripts/pgo-train.sh builds an
# instrumented bhsim in build/pgo/gen and runs it over a mix of workloads (a few minutes more),
# and build/ then compiles with the profile in build/pgo/profile. The profile changes code
# layout and inlining only, never a result. BH_PGO=0 builds without it; `rm -rf build/pgo`
# trains again (after large changes to the model: a function changed since the training is
# compiled without its profile).
set -euo pipefail
cd "$(dirname "$0")/.."
use=""
prof=$PWD/build/pgo/profile
if [ "${BH_PGO:-1}" != 0 ] && ${CC:-cc} --version 2>/dev/null | grep -q "Free Software Foundation"; then
    if [ ! -f "$prof.done" ] && ! bash scripts/pgo-train.sh "$prof"; then
        echo "build: training the profile failed; building without it" >&2
    fi
    [ -f "$prof.done" ] && use=$prof
fi
if [ ! -f build/CMakeCache.txt ]; then
    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DBH_PGO_USE="$use" >/dev/null
elif ! grep -qxF "BH_PGO_USE:PATH=$use" build/CMakeCache.txt; then
    cmake -S . -B build -DBH_PGO_USE="$use" >/dev/null
fi # (otherwise the build re-runs CMake itself when a CMakeLists.txt changed)
cmake --build build -j"$(nproc)"
