#!/usr/bin/env bash
# tests/cli/expect.sh EXPECTED_EXIT REGEX -- COMMAND [ARGS...]
# Runs COMMAND and passes when it exits with EXPECTED_EXIT and its stdout + stderr contain a
# line matching the extended regular expression REGEX.
set -u
if [ $# -lt 4 ] || [ "$3" != "--" ]; then
    echo "usage: $0 EXPECTED_EXIT REGEX -- COMMAND [ARGS...]" >&2
    exit 2
fi
want=$1
regex=$2
shift 3
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
out=$("$@" 2>&1)
rc=$?
ok=1
if [ "$rc" != "$want" ]; then
    echo "FAIL: exit code $rc, expected $want"
    ok=0
fi
if ! printf '%s\n' "$out" | grep -Eq -- "$regex"; then
    echo "FAIL: output has no line matching: $regex"
    ok=0
fi
if [ $ok = 0 ]; then
    printf 'command:'
    printf ' %q' "$@"
    printf '\noutput:\n%s\n' "$out"
    exit 1
fi
echo "ok: exit $rc, output matches: $regex"
