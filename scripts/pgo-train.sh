#!/usr/bin/env bash
# scripts/pgo-train.sh PROFILE_DIR - trains the profile for a profile-guided build of bhsim
# (scripts/build.sh): builds an instrumented bhsim in build/pgo/gen, runs it over a mix of what
# users run (the default matmul, shorter, by backdoor and over PCIe with every output; the
# synthetic NoC run with a VCD; eltwise; the DRAM streaming workload), and marks PROFILE_DIR
# complete with PROFILE_DIR.done. A run that fails leaves no .done, and build.sh then builds
# without a profile.
set -euo pipefail
cd "$(dirname "$0")/.."
prof=$1
gen=build/pgo/gen
rm -rf "$prof" "$prof.done"
mkdir -p "$prof"
cmake -S . -B "$gen" -DCMAKE_BUILD_TYPE=Release -DBH_PGO_GENERATE="$prof" >/dev/null
cmake --build "$gen" -j"$(nproc)" --target bhsim
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
b=$gen/bhsim
mm=(--config p150b --workload matmul --set workload.mcast=true --set workload.fidelity=hifi2)
echo "pgo-train: training runs (about a minute)"
"$b" -q "${mm[@]}" --set workload.grid=13x10 --set workload.m=20 --set workload.n=52 \
    --set workload.k=2 --set host.transport=backdoor --report "$out/a.json"
"$b" -q "${mm[@]}" --set workload.grid=4x4 --set workload.m=4 --set workload.n=4 \
    --set workload.k=2 --report "$out/b.json" --vcd "$out/b.vcd" --heatmap "$out/b.svg"
"$b" -q --config p150b --cycles 4000 --vcd "$out/c.vcd" --report "$out/c.json"
"$b" -q --config p150b --workload eltwise --set workload.grid=4x4 --set workload.tiles=32 \
    --set host.transport=backdoor --report "$out/d.json"
"$b" -q --config p150b --workload dram_stream --cycles 4000 --report "$out/e.json"
touch "$prof.done"
