#!/bin/bash
# test_run_grace — a signal, then chunks that outlast the grace period
# (MC_TEST_GRID_DELAY_MS: a grid of 20 s that no signal cuts short): the run
# under mpirun ends interrupted (exit 3, the resume hint, the chunks in
# flight named), never "complete", and writes no summary.json; the same
# command without the delay resumes it to a complete output that verifies.
# ctest-labels: mpi cli
set -u
source "$(dirname "${BASH_SOURCE[0]}")/job_prelude.sh"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1

printf 'source = grids %s\nranks = 1-2\nclues = 4\nchunk = 1\ngrace = 1\nengine = brute\noutput = out\n' \
  "$D/grids-4x4-all.txt" > g.job
MC_TEST_GRID_DELAY_MS=20000 mpirun -np 2 -x MC_TEST_GRID_DELAY_MS "$M" run g.job > /dev/null 2> e.txt &
pid=$!
for _ in $(seq 600); do [ -s out/journal ] && break; sleep 0.1; done
sleep 1
kill -USR1 $pid
wait $pid; rc=$?
[ $rc = 3 ]; check "exit 3 after the grace period (got $rc)" $?
! grep -q "complete" e.txt; check "no 'complete' line" $?
grep -q "interrupted: 0 of 2 grids done" e.txt && grep -q "run the same command again to resume" e.txt
check "says interrupted, with the resume hint" $?
grep -q "2 chunks still in flight after the grace period" e.txt; check "names the chunks in flight" $?
[ ! -e out/summary.json ]; check "no summary.json" $?
"$M" job verify out > v.txt; [ $? = 1 ] && grep -q "^missing: ranks 1..2" v.txt; check "verify: ranks 1..2 missing" $?
mpirun -np 2 "$M" run --quiet g.job 2> e2.txt; check "the resume completes" $?
grep -q '"complete": true' out/summary.json && grep -q '"chunks": 2,' out/summary.json
check "then summary.json: complete, 2 chunks" $?
"$M" job verify out > v.txt; check "and it verifies" $?
[ $fails = 0 ]
