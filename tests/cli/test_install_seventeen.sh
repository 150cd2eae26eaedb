#!/bin/bash
# test_install_seventeen — the installed libminclue searches a 9x9 grid of
# tests/data/seventeen-grids.txt at K = 17 with both engines: each lists
# exactly the grid's puzzles of the complete list, and with `first` each
# stops at one of them (minutes).
# ctest-labels: slow install
# ctest-timeout: 3600
set -u
source "$(dirname "${BASH_SOURCE[0]}")/install_prelude.sh"
$CC $san -std=c11 -o "$T/use" "$MC_SOURCE_DIR/tests/install/use_minclue.c" $(pkg-config --cflags --libs minclue) || fail build
LD_LIBRARY_PATH=$libdir "$T/use" --seventeen "$MC_TEST_DATA/seventeen-grids.txt" 131 || fail "K = 17 search"
echo "all passed"
