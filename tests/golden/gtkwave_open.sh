#!/usr/bin/env bash
# tests/golden/gtkwave_open.sh SAVEFILE - opens a .gtkw save file (and the VCD it names) in
# GTKWave under a virtual X server and passes when GTKWave displays every signal the save file
# lists. Skipped (exit 77) where xvfb-run is not installed (scripts/deps.sh installs it).
set -u
gtkw=$1
command -v xvfb-run >/dev/null && command -v gtkwave >/dev/null || {
    echo "skipped: xvfb-run or gtkwave missing"
    exit 77
}
script=$(mktemp /tmp/bh_gtkwave.XXXXXX.tcl)
trap 'rm -f "$script"' EXIT
cat >"$script" <<'TCL'
puts "displayed: [llength [gtkwave::getDisplayedSignals]]"
gtkwave::/File/Quit
TCL
want=$(grep -c '^SystemC\.' "$gtkw")
out=$(timeout 120 xvfb-run -a gtkwave --script="$script" "$gtkw" 2>&1)
got=$(printf '%s\n' "$out" | sed -n 's/^displayed: //p')
if [ "$want" -gt 0 ] && [ "$got" = "$want" ]; then
    echo "ok: GTKWave displays the $got signals of $gtkw"
    exit 0
fi
printf 'FAIL: GTKWave displayed %s of the %s signals of %s\n%s\n' "${got:-none}" "$want" "$gtkw" "$out"
exit 1
