#!/usr/bin/env bash
# The first command: install what is missing, build, and run the default simulation (a whole
# p150b with uniform traffic on both NoCs), writing its report, heatmap and VCD to traces/.
# Extra arguments go to bhsim (e.g. scripts/run.sh --workload transpose).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
bash scripts/build.sh
mkdir -p traces
exec ./build/bhsim --config p150b --report traces/p150b-uniform.json \
  --heatmap traces/p150b-uniform.svg --vcd traces/p150b-uniform.vcd "$@"
