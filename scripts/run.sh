#!/usr/bin/env bash
# The first command: install what is missing, build, and run the default simulation: a matmul
# across 130 cores of a p150b (C = A B, 640 x 1664 x 512 in BF16, the inputs multicast along
# rows and columns, kernels on every core's five RISC-V cores and its Tensix coprocessor,
# DRAM to DRAM), checked against a host reference; it writes its report, heatmap and VCD to
# traces/. Extra arguments go to bhsim (e.g. scripts/run.sh --set workload.fidelity=lofi).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
bash scripts/build.sh
mkdir -p traces
exec ./build/bhsim --config p150b --workload matmul --set workload.grid=13x10 \
  --set workload.m=20 --set workload.n=52 --set workload.k=16 --set workload.mcast=true \
  --set workload.fidelity=hifi2 --report traces/p150b-matmul.json \
  --heatmap traces/p150b-matmul.svg --vcd traces/p150b-matmul.vcd "$@"
