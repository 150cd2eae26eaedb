#!/usr/bin/env bash
# minclue run when its output directory is deleted during the run: the lock
# is on the journal's inode, so a second run could take the name while the
# first wrote into an unlinked journal and still printed "complete". Now
# every journal write first checks that the directory still holds the
# journal the run holds open: the run stops with exit status 2 and a message
# naming the journal, and claims nothing; a fresh run then makes the output
# anew and completes. Single process and under mpirun -np 2.
# ctest-labels: mpi cli
# ctest-timeout: 300
set -euo pipefail
M=${MINCLUE:?}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
T=$(mktemp -d /tmp/test_run_output_gone.XXXXXX)
trap 'rm -rf "$T"' EXIT
cd "$T"
fail() { echo "FAIL: $*" >&2; exit 1; }

"$M" generate grid --count 40 --seed 5 > grids.txt 2> /dev/null
cat > g.job <<JOB
source = grids grids.txt
clues = 16
chunk = 1
engine = none
output = out
JOB
for mode in single mpi; do
  echo "== $mode"
  rm -rf out
  if [ $mode = single ]; then
    MC_TEST_GRID_DELAY_MS=200 "$M" run g.job > log.txt 2>&1 &
  else
    MC_TEST_GRID_DELAY_MS=200 mpirun -x MC_TEST_GRID_DELAY_MS -np 2 "$M" run g.job > log.txt 2>&1 &
  fi
  pid=$!
  for _ in $(seq 100); do
    [ -f out/journal ] && [ "$(grep -c '^C' out/journal || true)" -ge 2 ] && break
    sleep 0.1
  done
  grep -q '^C' out/journal || { kill $pid; fail "no chunk journaled in 10 s"; }
  rm -rf out
  rc=0
  wait $pid || rc=$?
  cat log.txt
  [ "$rc" = 2 ] || fail "exit status $rc, not 2"
  grep -q "the output directory no longer holds this run's journal" log.txt || fail "no message"
  ! grep -q "complete:" log.txt || fail "claimed complete"
  [ ! -e out/summary.json ] || fail "a summary was written"
done
echo "== a fresh run completes"
"$M" run g.job > log.txt 2>&1 || { cat log.txt; fail "fresh run failed"; }
grep -q "complete: ranks 1..40" log.txt || { cat log.txt; fail "no claim"; }
echo PASS
