#!/usr/bin/env bash
# Builds the libFuzzer harnesses of tests/fuzz with clang (build-fuzz/, ASan + UBSan +
# float-cast-overflow) and runs each for SECONDS (default 30) on a scratch copy of its seeds
# (tests/fuzz/corpus/<harness>, plus the sample inputs the tests already keep). New corpus
# entries stay in the scratch directory; the repository is not written. Exits nonzero if any
# harness crashes, leaks, runs out of memory or time, printing the reproducer's path:
#   build-fuzz/tests/fuzz/<harness> <reproducer>
# Usage: scripts/fuzz.sh [SECONDS] [HARNESS...]
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
secs=${1:-30}
shift $(($# > 0 ? 1 : 0))
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] ||
  harnesses=(fuzz_config fuzz_noc_trace fuzz_tensix_stream fuzz_l1_spec fuzz_tensix_words fuzz_elf
    fuzz_pcie_tile fuzz_api fuzz_libttsim)
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 # fuzz_api makes SystemC contexts
jobs=$(nproc)
[ "$jobs" -gt 2 ] && jobs=2

if [ ! -f build-fuzz/CMakeCache.txt ]; then
  CC=clang CXX=clang++ cmake -S . -B build-fuzz -DBH_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    >/dev/null || exit 1
fi
cmake --build build-fuzz -j"$jobs" --target fuzzers >/dev/null || {
  echo "fuzz: build failed (cmake --build build-fuzz --target fuzzers)" >&2
  exit 1
}

# Extra seeds the tests already keep, per harness (absolute: the harnesses chdir).
extra_seeds() {
  case $1 in
  fuzz_config) ls "$root"/tests/cli/data/*.json "$root"/platform/configs/*.json ;;
  fuzz_noc_trace) ls "$root"/traces/samples/*.json "$root"/tests/unit/trace/data/*.json ;;
  fuzz_tensix_stream) ls "$root"/traces/tensix/*/*.txt "$root"/tests/cli/data/stream_*.txt ;;
  fuzz_elf) find "$root"/build "$root"/build-fuzz -name '*.elf' -size -256k | head -n 20 ;;
  esac 2>/dev/null
}

scratch=$(mktemp -d /tmp/bh_fuzz.XXXXXX)
status=0
for h in "${harnesses[@]}"; do
  dir=$scratch/$h
  mkdir -p "$dir/corpus" "$dir/artifacts"
  cp "$root/tests/fuzz/corpus/$h"/* "$dir/corpus/"
  n=0
  for f in $(extra_seeds "$h"); do
    cp "$f" "$dir/corpus/seed$((n++))_$(basename "$f")"
  done
  start=$(date +%s)
  # fuzz_api: one record may be a blocking PCIe read, which waits (as the API documents) behind
  # whatever transfers the chip's earlier inputs left in flight: under the sanitizers that can
  # take more than 10 s without anything being stuck (a hang is still caught, at 60 s)
  timeout=10
  slow=10
  # a slow unit is not a finding for the chip-level harnesses (a hang still is, at the timeout)
  [ "$h" = fuzz_api ] || [ "$h" = fuzz_libttsim ] && timeout=60 && slow=60
  "$root/build-fuzz/tests/fuzz/$h" -max_total_time="$secs" -rss_limit_mb=2048 -timeout=$timeout \
    -report_slow_units=$slow \
    -print_final_stats=1 -artifact_prefix="$dir/artifacts/" "$dir/corpus" </dev/null \
    >"$dir/log" 2>&1
  rc=$?
  runs=$(grep -m1 -o 'stat::number_of_executed_units: *[0-9]*' "$dir/log" | grep -o '[0-9]*$')
  repro=$(ls "$dir/artifacts" 2>/dev/null | head -n 1)
  if [ $rc -ne 0 ] || [ -n "$repro" ]; then
    status=1
    echo "fuzz: $h FAILED after $(($(date +%s) - start)) s (exit $rc)" >&2
    grep -E 'ERROR:|runtime error:|SUMMARY:|^ *#[0-9] ' "$dir/log" | head -n 12 >&2
    [ -n "$repro" ] && echo "fuzz: reproduce: build-fuzz/tests/fuzz/$h $dir/artifacts/$repro" >&2
    echo "fuzz: log: $dir/log" >&2
  else
    echo "fuzz: $h ok, ${runs:-?} inputs in $(($(date +%s) - start)) s"
  fi
done
[ $status -eq 0 ] && rm -rf "$scratch"
exit $status
