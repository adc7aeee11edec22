#!/usr/bin/env bash
# tests/cli/workload_keys_file.sh BHSIM - a configuration file named by path sets the keys of a
# run: one its workload does not read is refused, naming it; a product it includes (by name)
# gives defaults, which may be another workload's (mesh8's multicast rectangle).
set -u
bhsim=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
status=0
expect() { # EXIT REGEX FILE: bhsim --config FILE --list-tiles exits EXIT, its output matches
    out=$("$bhsim" --config "$3" --list-tiles 2>&1)
    rc=$?
    if [ "$rc" != "$1" ] || ! printf '%s\n' "$out" | grep -Eq -- "$2"; then
        printf 'FAIL: %s: exit %s (expected %s), output:\n%s\n' "$3" "$rc" "$1" "$out"
        status=1
    else
        echo "ok: $3: exit $rc, $2"
    fi
}
printf '{"include": "p150b", "workload": {"name": "matmul", "rate": 0.1}}\n' >"$dir/matmul.json"
expect 2 "^bhsim: config: workload[.]rate: matmul does not use this key [(]it reads workload[.]grid, " "$dir/matmul.json"
printf '{"include": "mesh8", "workload": {"name": "uniform", "rate": 0.1}}\n' >"$dir/mesh.json"
expect 0 "^legend: " "$dir/mesh.json"
printf '{"include": "mesh8", "workload.name": "uniform", "workload.multicast_rect": "0,0,3,3"}\n' >"$dir/mesh_rect.json"
expect 2 "^bhsim: config: workload[.]multicast_rect: uniform does not use this key" "$dir/mesh_rect.json"
exit $status
