#!/usr/bin/env bash
# tests/cli/l1_roundtrip.sh BHSIM - bytes given with workload.l1_init on two tiles come back
# unchanged through --dump-l1 (both the spaced and the '=' form), and a dump of bytes nobody
# wrote reads zeros: what a user relies on to feed a kernel and check its output.
set -eu
bhsim=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
head -c 4099 /dev/urandom >"$dir/a.bin" # not a multiple of 16: nothing is rounded
head -c 300 /dev/urandom >"$dir/b.bin"
"$bhsim" -q -w none -n 10 \
    --set "workload.l1_init=1,2:0x1003:$dir/a.bin;2,3:0x17FED4:$dir/b.bin" \
    --dump-l1 "1,2:0x1003:4099:$dir/a.out" --dump-l1="2,3:0x17FED4:300:$dir/b.out" \
    --set "output.dump_l1=1,2:0x40000:64:$dir/zero.out"
cmp "$dir/a.bin" "$dir/a.out"
cmp "$dir/b.bin" "$dir/b.out"
cmp <(head -c 64 /dev/zero) "$dir/zero.out"
echo "l1 round trip ok"
