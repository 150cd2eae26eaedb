#!/usr/bin/env bash
# minclue run over one band-pair group with K = 17 under mpirun, through job
# verify: the group of global rank 500529974 covers the first puzzle of
# tests/data/seventeen.txt (rank computed from the puzzle alone by
# test_source_bandpairs: bandpair_cover, the local rank by enumerating band 1
# index 130, bandpair_rank_join). The run must report a 17-clue puzzle whose
# solution grid is that puzzle's grid up to the grid group (minclue grids
# canon), every reported puzzle has 17 clues, verify passes. The exact
# puzzle (in the item's cells) is checked by test_source_bandpairs_slow.
# ctest-labels: slow mpi cli
# ctest-timeout: 7200
set -euo pipefail
M=${MINCLUE:?}
D=$(cd "${MC_TEST_DATA:?}" && pwd)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
T=$(mktemp -d /tmp/test_run_bandpairs_slow.XXXXXX)
trap 'rm -rf "$T"' EXIT
cd "$T"
fail() { echo "FAIL: $*" >&2; exit 1; }

cat > k17.job <<JOB
source = bandpairs
ranks = 500529974
clues = 17
chunk = 1
engine = band
output = out
JOB
mpirun -np 2 "$M" run --quiet k17.job 2> run.txt || { cat run.txt; fail "run"; }
"$M" job verify out > v.txt || { cat v.txt; fail "job verify"; }
grep -v '^#' out/found.txt | awk '{print $1}' > found.txt
[ -s found.txt ] || fail "no puzzle found"
awk '{ n = gsub(/[1-9]/, "&"); if (n != 17) exit 1 }' found.txt || fail "a puzzle of other than 17 clues"
p=$(awk '!/^#/ { print substr($0, 1, 81); exit }' "$D/seventeen.txt")
want=$(echo "$p" | "$M" solve | cut -d: -f3 | "$M" grids canon | cut -d: -f1)
"$M" solve found.txt | cut -d: -f3 | "$M" grids canon | cut -d: -f1 > canon.txt
[ -n "$want" ] && grep -qx "$want" canon.txt \
  || fail "no found puzzle lies in the grid of the first 17 of seventeen.txt"
echo "ok: $(wc -l < found.txt) puzzles"
