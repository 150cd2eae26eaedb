#!/bin/bash
# test_install — `cmake --install` into a temporary prefix, then a program
# built against the installed libminclue with pkg-config (shared and
# static) and with find_package(minclue) (tests/install/use_minclue.c):
# solve and canon on a 17-clue puzzle; every error code (NULL pointers,
# sizes, each option out of range, the engines' shapes, re-entry from a
# callback); batch searches of 4x4 grids against a brute-force twin, with
# and without `first`; once (shared), the band engine at K = 16 on 9x9,
# and a program built against API 1's header (tests/install/minclue_api1.h).
# ctest-labels: unit install
set -u
source "$(dirname "${BASH_SOURCE[0]}")/install_prelude.sh"
[ -f "$P/include/minclue.h" ] || fail "no minclue.h installed"
ls "$P"/lib*/libminclue.a "$P"/lib*/libminclue.so > /dev/null 2>&1 || ls "$P"/lib/*/libminclue.a > /dev/null 2>&1 || fail "no libminclue.a/.so"
find "$P" -name minclueConfig.cmake | grep -q . || fail "no CMake package config"
p17=$(grep -v '^#' "$MC_TEST_DATA/seventeen.txt" | head -1 | cut -c1-81)
g4=$MC_TEST_DATA/grids-4x4-all.txt
src=$MC_SOURCE_DIR/tests/install/use_minclue.c

# shared, through pkg-config
$CC $san -std=c11 -Wall -Werror -o "$T/use_shared" "$src" $(pkg-config --cflags --libs minclue) || fail "build against the shared library"
LD_LIBRARY_PATH=$libdir "$T/use_shared" "$p17" "$g4" || fail "use_minclue (shared)"
LD_LIBRARY_PATH=$libdir "$T/use_shared" --band "$p17" || fail "use_minclue --band (shared)"
# the ABI: a program built against API 1's header runs on this library
$CC $san -std=c11 -Wall -Werror -o "$T/use_api1" "$MC_SOURCE_DIR/tests/install/use_minclue_api1.c" \
    -L"$libdir" -lminclue || fail "build against API 1"
LD_LIBRARY_PATH=$libdir "$T/use_api1" "$g4" || fail "use_minclue_api1 (shared)"
so=$(LD_LIBRARY_PATH=$libdir ldd "$T/use_shared" | awk '/libminclue/ {print $3}')
[ -n "$so" ] && [ "$(realpath "$so")" = "$(realpath "$libdir/libminclue.so")" ] || fail "not linked to the installed libminclue.so ($so)"
# static, through pkg-config --static
$CC $san -std=c11 -Wall -Werror -o "$T/use_static" "$src" $(pkg-config --cflags minclue) \
    "$libdir/libminclue.a" $(pkg-config --libs-only-l --static minclue | sed 's/-lminclue//') || fail "build against the static library"
"$T/use_static" "$p17" "$g4" > /dev/null || fail "use_minclue (static)"
# the only exported names are minclue.h's
nm -D --defined-only "$libdir/libminclue.so" | awk '$2 == "T" && $3 !~ /^minclue_/ {print; bad = 1} END {exit bad}' \
    || fail "libminclue.so exports names outside minclue.h"
# find_package(minclue) from a CMake project
mkdir "$T/proj"
cat > "$T/proj/CMakeLists.txt" <<CM
cmake_minimum_required(VERSION 3.18)
project(use_minclue C)
find_package(minclue 0.1 REQUIRED)
add_executable(use_minclue $src)
target_link_libraries(use_minclue PRIVATE minclue::minclue_static)
CM
cmake -S "$T/proj" -B "$T/proj/build" -DCMAKE_PREFIX_PATH="$P" -DCMAKE_C_FLAGS="$san" > "$T/cm.log" 2>&1 &&
    cmake --build "$T/proj/build" >> "$T/cm.log" 2>&1 || { tail -20 "$T/cm.log"; fail "find_package(minclue) build"; }
"$T/proj/build/use_minclue" "$p17" "$g4" > /dev/null || fail "use_minclue (find_package, static)"
echo "all passed"
