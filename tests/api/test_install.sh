#!/usr/bin/env bash
# tests/api/test_install.sh - libbhsim.so as a user gets it: installed to a scratch prefix, then
# used the two documented ways, each from outside the build (only the prefix is known).
#   install  SRC BUILD DIR  cmake --install BUILD --prefix DIR/prefix (after removing DIR); checks
#                           the files, the SONAME and that the library exports exactly the
#                           functions <bhsim/bhsim.h> declares, libttsim_* and sc_main
#   pkgconfig SRC BUILD DIR cc examples/api_hello.c $(pkg-config --cflags --libs bhsim), timed;
#                           runs it against the installed library (and a missing product, to see
#                           the installed configs searched)
#   cmake    SRC BUILD DIR  tests/api/consumer: find_package(bhsim), bhsim::bhsim; configure,
#                           build, run
set -euo pipefail
mode=$1 src=$2 build=$3 dir=$4
prefix=$dir/prefix
fail() {
  echo "test_install ($mode): $*" >&2
  exit 1
}

case $mode in
install)
  rm -rf "$dir"
  mkdir -p "$dir"
  cmake --install "$build" --prefix "$prefix" >"$dir/install.log" || fail "cmake --install failed"
  for f in lib/libbhsim.so lib/libbhsim.so.0 include/bhsim/bhsim.h lib/pkgconfig/bhsim.pc \
    lib/cmake/bhsim/bhsimConfig.cmake lib/cmake/bhsim/bhsimConfigVersion.cmake \
    lib/cmake/bhsim/bhsimTargets.cmake share/bhsim/configs/p150b.json; do
    [ -e "$prefix/$f" ] || fail "not installed: $f"
  done
  grep -q 'SONAME.*\[libbhsim\.so\.0\]' <<<"$(readelf -d "$prefix/lib/libbhsim.so")" ||
    fail "libbhsim.so has no SONAME libbhsim.so.0"
  nm -D --defined-only "$prefix/lib/libbhsim.so" | awk '{print $3}' | sort >"$dir/exported"
  # the functions the header declares: its text without comments, every bh_*( name
  cc -fpreprocessed -E -P -x c "$prefix/include/bhsim/bhsim.h" |
    grep -oE '\bbh_[a-z0-9_]+\(' | tr -d '(' | sort -u >"$dir/declared"
  [ "$(wc -l <"$dir/declared")" -gt 30 ] || fail "too few functions found in bhsim.h"
  missing=$(comm -23 "$dir/declared" "$dir/exported")
  [ -z "$missing" ] || fail "declared in bhsim.h, not exported: $missing"
  # and libbhsim.h's (libbhsim_*), installed beside it
  [ -f "$prefix/include/bhsim/libbhsim.h" ] || fail "libbhsim.h not installed"
  for f in $(cc -fpreprocessed -E -P -x c "$prefix/include/bhsim/libbhsim.h" |
    grep -oE '\blibbhsim_[a-z0-9_]+\(' | tr -d '('); do
    grep -qx "$f" "$dir/exported" || fail "declared in libbhsim.h, not exported: $f"
  done
  extra=$(comm -13 "$dir/declared" "$dir/exported" |
    grep -vE '^(libttsim_[a-z0-9_]+|libbhsim_(status|chip)|sc_main)$' || true)
  [ -z "$extra" ] || fail "exported beyond the API: $extra"
  echo "installed: $(wc -l <"$dir/exported") symbols exported, $(stat -L -c %s "$prefix/lib/libbhsim.so") bytes"
  ;;
pkgconfig)
  export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
  flags=$(pkg-config --cflags --libs bhsim) || fail "pkg-config --cflags --libs bhsim failed"
  for f in $flags; do # the directories it names are the prefix's
    case $f in
    -I*) [ "$(realpath "${f#-I}")" = "$prefix/include" ] || fail "-I not in the prefix: $flags" ;;
    -L*) [ "$(realpath "${f#-L}")" = "$prefix/lib" ] || fail "-L not in the prefix: $flags" ;;
    esac
  done
  start=$(date +%s%N)
  # shellcheck disable=SC2086
  cc "$src/examples/api_hello.c" $flags -o "$dir/api_hello" || fail "cc failed ($flags)"
  echo "compiled and linked in $((($(date +%s%N) - start) / 1000000)) ms: cc api_hello.c $flags"
  export LD_LIBRARY_PATH=$prefix/lib
  # ldd's whole output first: grep -q stops reading at the match, and under pipefail the
  # SIGPIPE that ldd may then get fails the pipeline although the line is there
  libs=$(ldd "$dir/api_hello")
  grep -q "libbhsim.so.0 => $prefix/lib/libbhsim.so.0" <<<"$libs" ||
    fail "api_hello does not load the installed library: $(grep bhsim <<<"$libs")"
  out=$(cd "$dir" && ./api_hello) || fail "api_hello failed: $out"
  echo "$out"
  grep -qE '^api_hello: 4096 bytes \(1,2\) -> \(5,7\) in [0-9]+ cycles .*: match$' <<<"$out" ||
    fail "unexpected output: $out"
  # a product not found names the installed configs among the places searched
  out=$(cd "$dir" && ./api_hello no_such_product 2>&1) && fail "no_such_product accepted"
  grep -qF "$prefix/share/bhsim/configs" <<<"$out" ||
    fail "installed configs not searched: $out"
  ;;
cmake)
  rm -rf "$dir/consumer"
  cmake -S "$src/tests/api/consumer" -B "$dir/consumer" -DCMAKE_PREFIX_PATH="$prefix" \
    -DBHSIM_EXAMPLE="$src/examples/api_hello.c" >"$dir/consumer.log" ||
    fail "configure failed: $(cat "$dir/consumer.log")"
  grep -q "bhsim 0\.[0-9]*\.[0-9]* from $prefix/lib/cmake/bhsim" "$dir/consumer.log" ||
    fail "find_package(bhsim) did not find the installed package: $(cat "$dir/consumer.log")"
  cmake --build "$dir/consumer" >>"$dir/consumer.log" || fail "build failed: $(cat "$dir/consumer.log")"
  out=$("$dir/consumer/hello") || fail "hello failed: $out"
  echo "$out"
  grep -qE 'match$' <<<"$out" || fail "unexpected output: $out"
  ;;
*) fail "unknown mode" ;;
esac
