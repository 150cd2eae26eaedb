#!/usr/bin/env bash
# The band engine's invariants stop a run (band_engine.h): with
# MC_TEST_BAND_CORRUPT=N (mc_test_hooks.h) every band engine breaks
# invariant N on purpose. `minclue search` must fail with an internal error
# naming the grid's file and line; `minclue run` (single process and under
# mpirun) must fail naming the grid's rank, write no summary that says
# complete and claim no "0 puzzles". Without the variable the same runs
# succeed.
# ctest-labels: cli mpi
# ctest-timeout: 600
set -euo pipefail
M=${MINCLUE:?}
D=$(cd "${MC_TEST_DATA:?}" && pwd)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
T=$(mktemp -d /tmp/test_band_invariants.XXXXXX)
trap 'rm -rf "$T"' EXIT
cd "$T"
fail() { echo "FAIL: $*" >&2; exit 1; }

awk '/^G /{print $2; if (++n == 2) exit}' "$D/seventeen-grids.txt" > grids.txt
for n in 1 2 3; do
  echo "== search, invariant $n broken"
  rc=0
  MC_TEST_BAND_CORRUPT=$n "$M" search --clues 16 --engine band grids.txt > out.txt 2> err.txt || rc=$?
  cat err.txt
  [ "$rc" -ne 0 ] || fail "search exited 0 with invariant $n broken"
  grep -q "grids.txt:1: search failed: internal error: " err.txt || fail "no internal error naming grids.txt:1"
done

cat > band.job <<JOB
source = grids grids.txt
clues = 16
chunk = 1
engine = band
output = out
JOB
for mode in single mpi; do
  echo "== run ($mode), invariant 1 broken"
  rm -rf out
  rc=0
  if [ $mode = single ]; then
    MC_TEST_BAND_CORRUPT=1 "$M" run band.job > out.txt 2> err.txt || rc=$?
  else
    MC_TEST_BAND_CORRUPT=1 mpirun -x MC_TEST_BAND_CORRUPT -np 2 "$M" run band.job > out.txt 2> err.txt || rc=$?
  fi
  cat out.txt err.txt
  [ "$rc" -ne 0 ] || fail "run ($mode) exited 0 with an invariant broken"
  grep -q "grid of rank 1: the band engine failed (internal error): band engine: " err.txt ||
    fail "run ($mode): no internal error naming the grid's rank"
  ! grep -q "0 puzzles" out.txt err.txt || fail "run ($mode) claimed 0 puzzles"
  if [ -f out/summary.json ]; then
    ! grep -q '"complete": true' out/summary.json || fail "run ($mode) wrote a complete summary"
  fi
done

echo "== without the variable the same run completes"
rm -rf out
"$M" run band.job > out.txt 2> err.txt || { cat err.txt; fail "run failed"; }
grep -q "K = 16: 0 puzzles" out.txt err.txt || fail "no claim"
echo "PASS"
