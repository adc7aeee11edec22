#!/usr/bin/env bash
# Installs the Debian packages bhsim needs, only those missing; a no-op when all are present.
set -euo pipefail
pkgs=(cmake make gcc g++ pkg-config python3 libsystemc-dev libboost1.81-dev
      libboost-json1.81-dev zlib1g-dev gtkwave clang-format
      clang libclang-rt-14-dev    # scripts/fuzz.sh: libFuzzer and the sanitizer runtimes
      xvfb xauth                  # golden *.gtkwave_opens: GTKWave under a virtual X server
      chromium                    # golden.timeline_browser: tools/timeline-view.html, headless
      python3-yaml python3-distributed python3-matplotlib sqlite3  # tools/bhsim-sweep, studies.md
      slurm-wlm munge             # golden.sweep_slurm: a private single-node Slurm (root)
      gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf  # RV32 programs and firmware
      qemu-system-misc            # qemu-system-riscv32: the independent RISC-V oracle
      # --profile: DWARF line tables (elfutils); genhtml and callgrind_annotate in its tests
      libdw-dev lcov valgrind)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "bhsim: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
