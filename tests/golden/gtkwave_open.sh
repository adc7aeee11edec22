#!/usr/bin/env bash
# tests/golden/gtkwave_open.sh SAVEFILE - opens a .gtkw save file (and the VCD it names) in
# GTKWave under a virtual X server and passes when GTKWave displays every signal the save file
# lists, shows each row under the display name (alias) the save file gives it, and opens
# with the whole run in the window (its end time at or after the dump's last time, and the run
# filling at least a quarter of the window). Skipped (exit 77) where xvfb-run is not installed
# (scripts/deps.sh installs it).
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
puts "window: [gtkwave::getWindowStartTime] [gtkwave::getWindowEndTime] [gtkwave::getMaxTime]"
for {set i 0} {$i < [gtkwave::getTotalNumTraces]} {incr i} {
    puts "row: [gtkwave::getTraceNameFromIndex $i]"
}
gtkwave::/File/Quit
TCL
want=$(grep -cE '^(\+\{[^}]*\} )?SystemC\.' "$gtkw")
out=$(timeout 120 xvfb-run -a gtkwave --script="$script" "$gtkw" 2>&1)
got=$(printf '%s\n' "$out" | sed -n 's/^displayed: //p')
fail() { # GTKWave's output without the rows (one line per row)
    printf 'FAIL: %s\n%s\n' "$1" "$(printf '%s\n' "$out" | grep -v '^row: ')"
    exit 1
}
[ "$want" -gt 0 ] && [ "$got" = "$want" ] ||
    fail "GTKWave displayed ${got:-none} of the $want signals of $gtkw"
rows=$(printf '%s\n' "$out" | sed -n 's/^row: //p')
missing=$(sed -n 's/^+{\([^}]*\)} .*/\1/p' "$gtkw" | grep -vxF -f <(printf '%s\n' "$rows") | head -3)
[ -z "$missing" ] || fail "GTKWave shows no row named: $missing"
read -r start end max < <(printf '%s\n' "$out" | sed -n 's/^window: //p')
[ -n "${max:-}" ] && [ "$start" -eq 0 ] && [ "$end" -ge "$max" ] && [ $((end - start)) -le $((4 * max)) ] ||
    fail "the window shows ${start:-?}..${end:-?}, not the run 0..${max:-?}"
echo "ok: GTKWave displays the $got signals of $gtkw by their names, the run 0..$max in a window to $end"
exit 0
