#!/usr/bin/env bash
# jobs/slurm/search.sbatch: syntax, and its command line run with local mpirun
# (complete run; a USR1 to the script stops the job gracefully; rerun resumes).
# jobs/slurm/array.sbatch the same way (SLURM_ARRAY_TASK_ID set by hand): the
# 3 parts of a split job run as tasks 1-3, task 2 stopped by SIGUSR1 (exit
# 3) and run again (resumes), task 3 run again once complete (nothing to do,
# exit 0); every part verified and their puzzles equal to a single run of
# the whole job; a task without its part file or without a task id is
# refused; a launch that runs nothing and exits 0 fails either script.
# ctest-labels: mpi cli
set -euo pipefail
S=${MC_SOURCE_DIR:?}/jobs/slurm/search.sbatch
A=${MC_SOURCE_DIR:?}/jobs/slurm/array.sbatch
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
source "$(dirname "${BASH_SOURCE[0]}")/job_prelude.sh"
fail() { echo "FAIL: $*" >&2; exit 1; }
for f in "$S" "$A"; do
  bash -n "$f" || fail "bash -n $f"
  grep -q '^#SBATCH --requeue' "$f" || fail "no requeue in $f"
  grep -q '^#SBATCH --time=' "$f" || fail "no time limit in $f"
  grep -q '^#SBATCH --signal=B:USR1@' "$f" || fail "no warning signal in $f"
done
grep -q '^#SBATCH --output=.*%A_%a' "$A" || fail "no log per array task"
unset SLURM_JOB_ID SLURM_ARRAY_TASK_ID
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
# signal once a chunk is in the journal (the script's trap is set by then)
for k in $(seq 150); do grep -qs '^C' slow/journal && break; sleep 0.1; done
kill -USR1 $pid 2>/dev/null || fail "the script ended before SIGUSR1"
set +e; wait $pid; rc=$?; set -e
grep -q "exit status" log2.txt || { cat log2.txt; fail "script did not report"; }
[ $rc != 0 ] || fail "USR1: the job completed anyway"
[ $rc = 3 ] || { cat log2.txt; fail "USR1: exit $rc"; }
[ ! -f slow/summary.json ] || fail "summary after USR1"
bash "$S" slow.job --quiet > log3.txt 2>&1 || { cat log3.txt; fail "resume through the script"; }
"$M" job verify slow > v.txt || { cat v.txt; fail "verify after resume"; }
"$M" run --quiet --output ref slow.job 2>/dev/null
diff <(grep -v '^#' ref/found.txt) <(grep -v '^#' slow/found.txt) > /dev/null || fail "found.txt differs from a plain run"

echo "== array.sbatch: tasks 1 and 3 of a split job"
# slow-1.job .. slow-3.job: ranks 1-40, 41-80, 81-120
"$M" job split slow.job 3 > split.txt || fail "split"
for i in 1 3; do
  SLURM_ARRAY_TASK_ID=$i bash "$A" "$T/slow" --quiet > alog$i.txt 2>&1 || { cat alog$i.txt; fail "task $i"; }
  grep -q "task $i: $T/slow-$i.job via 'mpirun -np 3'" alog$i.txt || fail "task $i log: $(head -2 alog$i.txt)"
done

echo "== task 2: USR1 (graceful stop, exit 3), then the rerun resumes"
SLURM_ARRAY_TASK_ID=2 MC_TEST_GRID_DELAY_MS=100 bash "$A" "$T/slow" --quiet > alog2.txt 2>&1 &
pid=$!
for k in $(seq 150); do [ -f slow-2/journal ] && [ "$(grep -c '^C' slow-2/journal)" -ge 2 ] && break; sleep 0.1; done
kill -USR1 $pid 2>/dev/null || fail "task 2 ended before SIGUSR1"
set +e; wait $pid; rc=$?; set -e
[ $rc = 3 ] || { cat alog2.txt; fail "task 2 after USR1: exit $rc, not 3"; }
[ ! -f slow-2/summary.json ] || fail "summary after USR1"
done_before=$(grep -c '^C' slow-2/journal)
[ "$done_before" -lt 10 ] || fail "task 2 was complete before USR1 ($done_before chunks)"
SLURM_ARRAY_TASK_ID=2 bash "$A" "$T/slow" --quiet > alog2b.txt 2>&1 || { cat alog2b.txt; fail "task 2 resumed"; }
echo "task 2 resumed after $done_before of 10 chunks"

echo "== task 3 again: complete, nothing to do"
SLURM_ARRAY_TASK_ID=3 bash "$A" "$T/slow" --quiet > alog3b.txt 2>&1 || { cat alog3b.txt; fail "task 3 again"; }
grep -q "complete (.*), nothing to do" alog3b.txt || fail "task 3 searched again: $(cat alog3b.txt)"

echo "== every part verified, and their union (merged verify); it equals the single run of the whole job (ref)"
for i in 1 2 3; do "$M" job verify slow-$i > v$i.txt || { cat v$i.txt; fail "verify slow-$i"; }; done
grep -q "ranks 41..80, 40 grids, K = 6" v1.txt v2.txt v3.txt || { cat v2.txt alog2.txt alog2b.txt split.txt; fail "claim of part 2"; }
"$M" job verify --expect 1-120 slow-1 slow-2 slow-3 > vm.txt || { cat vm.txt; fail "merged verify"; }
grep -q "^ranks 1..120, 120 grids, K = 6: " vm.txt || fail "merged claim: $(tail -2 vm.txt)"
diff <(cat slow-{1,2,3}/found.txt | grep -v '^#' | sort) <(grep -v '^#' ref/found.txt | sort) > /dev/null ||
  fail "the parts' puzzles differ from the whole job's"

echo "== refused: no part file, no task id; a launch that runs nothing (exit 0, no summary.json) fails the task"
set +e
SLURM_ARRAY_TASK_ID=1 MC_LAUNCH=true bash "$A" "$T/slow" --output "$T/nowhere" > alog6.txt 2>&1; rc6=$?
MC_LAUNCH=true bash "$S" "$T/slow.job" --output "$T/nowhere" > slog7.txt 2>&1; rc7=$?
SLURM_ARRAY_TASK_ID=4 bash "$A" "$T/slow" > alog4.txt 2>&1; rc4=$?
bash "$A" "$T/slow" > alog5.txt 2>&1; rc5=$?
set -e
[ $rc4 = 2 ] && grep -q "task 4: no part file $T/slow-4.job" alog4.txt || fail "task 4: exit $rc4: $(cat alog4.txt)"
[ $rc5 != 0 ] && grep -q "not an array task" alog5.txt || fail "no task id: exit $rc5: $(cat alog5.txt)"
[ $rc6 = 1 ] && grep -q "task 1: exit status 0 but no $T/nowhere/summary.json" alog6.txt ||
  fail "empty launch: exit $rc6: $(cat alog6.txt)"
[ $rc7 = 1 ] && grep -q "minclue search: exit status 0 but no $T/nowhere/summary.json" slog7.txt ||
  fail "search.sbatch, empty launch: exit $rc7: $(cat slog7.txt)"
echo "sbatch tests passed"
