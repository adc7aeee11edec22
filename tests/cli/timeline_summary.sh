#!/usr/bin/env bash
# tests/cli/timeline_summary.sh BHSIM OUTDIR - scripts/timeline-summary.py reads a real timeline
# and report (a 2x2 matmul over PCIe, so the host track is there) and prints each of its
# sections, which docs/timeline.md quotes for the default run (issue 31).
set -eu
bhsim=$1
dir=$2
summary=$(dirname "$0")/../../scripts/timeline-summary.py
mkdir -p "$dir"
"$bhsim" -q --workload matmul --set workload.grid=2x2 \
    --timeline "$dir/t.json.gz" --report "$dir/r.json"
out=$(python3 "$summary" --timeline "$dir/t.json.gz" --report "$dir/r.json")
printf '%s\n' "$out"
for heading in '^program: matmul, [0-9]+ device cycles, .* matrix unit [0-9.]+% of its' \
        '^host [(]us[)]:$' '^ +[0-9.]+ to +[0-9.]+ +[0-9.]+  waiting for done [(]kernels run[)]$' \
        '^kernels: ' '^  TRISC1-KERNEL +4 cores  start ' '^waits: ' \
        '^  ncrisc  asleep [0-9.]+%: [a-z]' '^  after the last math kernel ends' '^units: ' '^  matrix .* busy [0-9.]+%' \
        '^  unpackers ' '^L1 waits [(]report[)]: [0-9]+ cycles' '^  [a-z0-9]+ +behind [a-z0-9]+ '; do
    if ! printf '%s\n' "$out" | grep -Eq -- "$heading"; then
        echo "FAIL: no line matching: $heading"
        exit 1
    fi
done
echo "timeline summary ok"
