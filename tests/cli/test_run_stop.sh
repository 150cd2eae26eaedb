#!/bin/bash
# test_run_stop — a signal stops a grid that runs long: check64 on an ES
# 8x8 grid at K = 40 and the checker on a 9x9 grid at K = 17 (each minutes
# of search) look at the stop flag in their search (every 1,024 nodes), so
# SIGTERM or SIGINT to a single-process run (grace 1 s) ends it within a few
# seconds: exit 3, no summary.json, the journal whole, the grid not
# recorded; the same command resumes the output (and stops again). Under
# mpirun (USR1) the worker gives the chunk back: no chunk is lost.
# The stop leaves a note in the journal, so job status calls the output
# stalled (resubmit) at once, and running again once a run note follows.
# ctest-labels: mpi cli
set -u
source "$(dirname "${BASH_SOURCE[0]}")/job_prelude.sh"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
G8=$MC_SOURCE_DIR/jobs/proofs/8x8/grid-k14.txt G9=$MC_SOURCE_DIR/grids/demo-sample.txt
printf 'source = grids %s\nclues = 40\nchunk = 1\ngrace = 1\nengine = check64\noutput = o8\n' "$G8" > g8.job
printf 'source = grids %s\nranks = 1-2\nclues = 17\nchunk = 1\ngrace = 1\nengine = checker\noutput = o9\n' "$G9" > g9.job

# Runs "$@" writing into $out, sends signal $sig 1 s after the run has
# started (its start line printed: the signal handlers are set before it,
# and the journal is there) and waits for it at most 15 s; rc is its exit
# status (124: it ran on). Waiting for the journal alone was not enough on
# a resume (the journal is there before the run starts) on a loaded machine.
run_signal() {
  "$@" > /dev/null 2> e.txt &
  local pid=$! t
  for _ in $(seq 600); do [ -s "$out/journal" ] && grep -q "still to do" e.txt && break; sleep 0.1; done
  sleep 1
  kill -"$sig" $pid
  for t in $(seq 150); do kill -0 $pid 2> /dev/null || break; sleep 0.1; done
  if kill -0 $pid 2> /dev/null; then
    kill -9 $pid; wait $pid; rc=124
  else
    wait $pid; rc=$?
  fi
}

for case in "g8 o8 TERM check64" "g9 o9 INT checker"; do
  set -- $case
  job=$1 out=$2 sig=$3 what="$4, SIG$3"
  run_signal "$M" run --quiet $job.job
  [ $rc = 3 ]; check "$what: stops within 15 s, exit 3 (got $rc)" $?
  grep -q "grace period over, current chunk given up" e.txt && grep -q "run the same command again to resume" e.txt
  check "$what: says so, with the resume hint" $?
  [ ! -e $out/summary.json ] && [ "$(tail -c 1 $out/journal | od -An -c | tr -d ' ')" = '\n' ] && ! grep -q '^C' $out/journal
  check "$what: no summary, the journal whole, the grid not recorded" $?
  "$M" job verify $out > v.txt; [ $? = 1 ] && grep -q "^missing: ranks 1\.\." v.txt; check "$what: verify names it missing" $?
  tail -1 $out/journal | grep -q "^# stop at=[0-9]*: stopped by a signal"; check "$what: the journal's last line, a stop note" $?
  "$M" job status $job.job > s.txt; [ $? = 1 ] && grep -q "^stalled " s.txt && grep -q "its run was stopped by a signal" s.txt &&
    grep -q "^resubmit (not started, stalled or resumable): $job.job" s.txt
  check "$what: job status calls it stopped at once (stalled, resubmit), not running until its stall time" $?
  rm -rf started && cp -r $out started && printf '# run 2026-12-07T00:00:00Z: 1 rank, 0 of 2 chunks done\n' >> started/journal
  "$M" job status started > s.txt; [ $? = 1 ] && grep -q "^running " s.txt; check "$what: a run note after it: running again" $?
  run_signal "$M" run $job.job
  [ $rc = 3 ] && grep -q "still to do" e.txt; check "$what: the same command resumes it (and stops again: $rc)" $?
  ! grep -q '^$' e.txt; check "$what: no blank line on stderr" $?
done

rm -rf o8
out=o8 sig=USR1
run_signal mpirun -np 2 "$M" run g8.job
[ $rc = 3 ] && ! grep -q "still in flight" e.txt && grep -q "run the same command again to resume" e.txt
check "mpirun, check64, USR1: the worker gives the grid back (exit $rc)" $?
"$M" job status g8.job > s.txt; [ $? = 1 ] && grep -q "its run was stopped by a signal" s.txt
check "mpirun, check64, USR1: job status calls it stopped" $?
[ $fails = 0 ]
