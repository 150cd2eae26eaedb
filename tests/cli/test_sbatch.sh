#!/usr/bin/env bash
# jobs/slurm/search.sbatch: syntax, and its command line run with local mpirun
# (complete run; a USR1 to the script stops the job gracefully; rerun resumes).
# ctest-labels: mpi cli
set -euo pipefail
M=${MINCLUE:?}
D=$(cd "${MC_TEST_DATA:?}" && pwd)
S=${MC_SOURCE_DIR:?}/jobs/slurm/search.sbatch
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
# Sanitizer builds: Open MPI's own allocations (some in unloaded plugins, so
# they cannot be suppressed by name) show up as leaks at exit; the job code's
# leaks are checked by test_job. Other sanitizer errors still fail.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
T=$(mktemp -d /tmp/test_sbatch.XXXXXX)
trap 'rm -rf "$T"' EXIT
cd "$T"
fail() { echo "FAIL: $*" >&2; exit 1; }
bash -n "$S" || fail "bash -n"
grep -q '^#SBATCH --requeue' "$S" || fail "no requeue"
grep -q '^#SBATCH --time=' "$S" || fail "no time limit"
unset SLURM_JOB_ID
export MINCLUE="$M" MC_LAUNCH="mpirun -np 3"

echo "== the tiny job through the script"
bash "$S" "$MC_SOURCE_DIR/jobs/tiny4x4.job" --quiet --output "$T/tiny" > log.txt 2>&1 || { cat log.txt; fail "script run"; }
"$M" job verify tiny > v.txt || { cat v.txt; fail "verify"; }
grep -q "ranks 1..288, 288 grids, K = 4:" v.txt || fail "claim"

echo "== USR1 to the script: graceful stop (exit 3), then the rerun resumes"
cat > slow.job <<JOB
source = grids $D/grids-4x4-all.txt
ranks = 1-120
clues = 6
chunk = 4
engine = brute
output = slow
JOB
MC_TEST_GRID_DELAY_MS=50 bash "$S" slow.job --quiet > log2.txt 2>&1 &
pid=$!
sleep 1.5
kill -USR1 $pid 2>/dev/null || fail "the script ended before SIGUSR1"
set +e; wait $pid; rc=$?; set -e
grep -q "exit status" log2.txt || { cat log2.txt; fail "script did not report"; }
[ $rc != 0 ] || fail "USR1: the job completed anyway"
if [ $rc != 0 ]; then
  [ $rc = 3 ] || { cat log2.txt; fail "USR1: exit $rc"; }
  [ ! -f slow/summary.json ] || fail "summary after USR1"
fi
bash "$S" slow.job --quiet > log3.txt 2>&1 || { cat log3.txt; fail "resume through the script"; }
"$M" job verify slow > v.txt || { cat v.txt; fail "verify after resume"; }
"$M" run --quiet --output ref slow.job 2>/dev/null
diff <(grep -v '^#' ref/found.txt) <(grep -v '^#' slow/found.txt) > /dev/null || fail "found.txt differs from a plain run"
echo "sbatch tests passed"
