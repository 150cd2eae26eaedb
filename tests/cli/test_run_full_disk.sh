#!/usr/bin/env bash
# minclue run under mpirun -np 3 when the master cannot write its journal (a
# full disk): it stops with exit status 2, naming the write error, and no
# worker crashes, although chunks are still in flight (inflight = 16). The
# master leaves the buffer of a pending send alone; a worker refuses a chunk
# message whose header disagrees with its length. The journal keeps what was
# written, and a rerun resumes and completes the job.
#  1. MC_TEST_JOURNAL_ENOSPC (the 3rd journal line fails as on a full disk),
#     with slow workers (MC_TEST_GRID_DELAY_MS) and the master lingering
#     before MPI_Abort (MC_TEST_ABORT_DELAY_MS), so that the workers take the
#     chunks in flight after the master has freed what it frees;
#  2. MC_TEST_CHUNK_LIE: a chunk message announcing 2^40 units too many;
#  3. as root only (skipped otherwise): a real full disk, the output on a
#     64 KiB tmpfs, band-pair dry run with inflight = 16.
# ctest-labels: mpi cli
# ctest-timeout: 300
set -euo pipefail
M=${MINCLUE:?}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
T=$(mktemp -d /tmp/test_run_full_disk.XXXXXX)
cleanup() { if mountpoint -q "$T/full" 2>/dev/null; then umount "$T/full"; fi; rm -rf "$T"; }
trap cleanup EXIT
cd "$T"
fail() { echo "FAIL: $*" >&2; exit 1; }
# a run that must stop with status 2 and no crashed or refusing rank
stopped() { # log
  [ "$rc" = 2 ] || { cat "$1"; fail "exit status $rc, not 2"; }
  if grep -Eq "Segmentation|signal 11|Signal: |refused a chunk" "$1"; then cat "$1"; fail "a rank crashed or got a damaged chunk"; fi
}

"$M" generate grid --count 4000 --seed 24 > grids.txt 2> /dev/null
cat > g.job <<JOB
source = grids grids.txt
clues = 16
chunk = 100
engine = none
inflight = 16
output = g
JOB

echo "== the 3rd journal line fails (no space left), 32 chunks in flight"
set +e
MC_TEST_JOURNAL_ENOSPC=3 MC_TEST_GRID_DELAY_MS=2 MC_TEST_ABORT_DELAY_MS=1500 \
  mpirun -np 3 "$M" run --quiet g.job > run.txt 2>&1; rc=$?
set -e
stopped run.txt
grep -q "g/journal: write error: No space left on device" run.txt || { cat run.txt; fail "no write error named"; }
grep -q "stopped; the journal holds every chunk recorded so far" run.txt || { cat run.txt; fail "no stop line"; }
[ "$(grep -c '^C ' g/journal)" = 2 ] || fail "the journal should hold the 2 chunks written before the error"
set +e; "$M" job verify g > v.txt; vrc=$?; set -e
[ $vrc = 1 ] && grep -q "^missing: " v.txt && ! grep -q "^wrong\|^duplicated" v.txt || { cat v.txt; fail "verify after the stop"; }
mpirun -np 3 "$M" run --quiet g.job 2> res.txt || { cat res.txt; fail "resume"; }
"$M" job verify g > v.txt || { cat v.txt; fail "verify after resume"; }
grep -q "ranks 1..4000, 4000 grids" v.txt || { cat v.txt; fail "claim after resume"; }

echo "== a chunk header that disagrees with the message length is refused"
set +e
MC_TEST_CHUNK_LIE=1 mpirun -np 3 "$M" run --quiet --output lie g.job > lie.txt 2>&1; rc=$?
set -e
[ "$rc" = 2 ] || { cat lie.txt; fail "lie: exit status $rc, not 2"; }
grep -q "minclue run: rank [12]: worker: refused a chunk message of 8116 bytes whose header announces 1099511627876 units of 81 bytes (chunk 100)" lie.txt \
  || { cat lie.txt; fail "lie: no refusal"; }
if grep -Eq "Segmentation|signal 11" lie.txt; then cat lie.txt; fail "lie: a worker crashed"; fi

echo "== a real full disk (64 KiB tmpfs)"
mkdir full
if [ "$(id -u)" != 0 ] || ! mount -t tmpfs -o size=64k tmpfs full 2> /dev/null; then
  echo "skipped: needs root to mount a tmpfs"
else
  cat > bp.job <<JOB
source = bandpairs
ranks = 1-20000
clues = 17
chunk = 10
engine = none
inflight = 16
output = full/o
JOB
  for i in 1 2 3; do
    rm -rf full/o
    set +e; mpirun -np 3 "$M" run --quiet bp.job > full.txt 2>&1; rc=$?; set -e
    stopped full.txt
    grep -q "full/o/journal: write error: No space left on device" full.txt || { cat full.txt; fail "tmpfs: no write error"; }
  done
  set +e; "$M" job verify full/o > v.txt; vrc=$?; set -e
  [ $vrc = 1 ] && grep -q "^missing: " v.txt && ! grep -q "^wrong\|^duplicated" v.txt || { cat v.txt; fail "tmpfs: verify"; }
fi
echo "ok"
