#!/bin/bash
# test_install_seventeen — the installed libminclue searches a 9x9 grid of
# tests/data/seventeen-grids.txt at K = 17 with both engines: each lists
# exactly the grid's puzzles of the complete list, and with `first` each
# stops at one of them (minutes).
# ctest-labels: slow install
# ctest-timeout: 3600
set -u
: "${MC_BUILD_DIR:?}" "${MC_SOURCE_DIR:?}" "${MC_TEST_DATA:?}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cmake --install "$MC_BUILD_DIR" --prefix "$T/prefix" > "$T/install.log" 2>&1 || { cat "$T/install.log"; fail "cmake --install"; }
export PKG_CONFIG_PATH=$(dirname "$(find "$T/prefix" -name minclue.pc | head -1)")
libdir=$(pkg-config --variable=libdir minclue)
# a sanitizer build's library needs the sanitizer runtime in the program too
san=""
grep -q '^MC_SANITIZE:BOOL=ON' "$MC_BUILD_DIR/CMakeCache.txt" 2>/dev/null && san="-fsanitize=address,undefined"
${CC:-cc} $san -std=c11 -o "$T/use" "$MC_SOURCE_DIR/tests/install/use_minclue.c" $(pkg-config --cflags --libs minclue) || fail build
LD_LIBRARY_PATH=$libdir "$T/use" --seventeen "$MC_TEST_DATA/seventeen-grids.txt" 131 || fail "K = 17 search"
echo "all passed"
