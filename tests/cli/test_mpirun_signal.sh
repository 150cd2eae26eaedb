#!/usr/bin/env bash
# test_mpirun_signal — the exit status of scripts/mpirun after SIGINT or
# SIGTERM is minclue's: 3 for a run stopped cleanly. Open MPI's mpirun
# answers these signals by ending every rank a second later and exits 1,
# even when the run had stopped cleanly or finished; scripts/mpirun passes
# the first one on as SIGUSR1. Cases, on a job of two 9x9 grids at K = 17
# (checker: minutes each, grace 1 s), the signal sent once the run has
# started: SIGTERM to scripts/mpirun; SIGINT to its whole process group
# (as a Ctrl-C at a terminal gives); each ends within 20 s with exit 3,
# "interrupted" and the resume hint, and `job verify` says the output is
# not complete (exit 1: what a script that cannot trust mpirun's status
# tests, README). Then a second SIGTERM right after the first ends the
# ranks at once (a non-zero exit, within 20 s).
# ctest-labels: mpi cli
# ctest-timeout: 300
set -uo pipefail
S=${MC_SOURCE_DIR:?}
source "$(dirname "${BASH_SOURCE[0]}")/job_prelude.sh"
G9=$S/grids/demo-sample.txt
printf 'source = grids %s\nranks = 1-2\nclues = 17\nchunk = 1\ngrace = 1\nengine = checker\noutput = o\n' "$G9" > g.job

# go HOW: scripts/mpirun -np 2 minclue run g.job, in a process group of
# its own; once the run has started, HOW: "TERM" (SIGTERM to the script),
# "INT-group" (SIGINT to its process group) or "TERM-TERM" (twice); rc: its
# exit status (124: still running 20 s later, then killed)
go() {
    rm -rf o
    # SIGINT as in a terminal's foreground (a background job of a script ignores it)
    env --default-signal=INT setsid "$S/scripts/mpirun" -np 2 "$M" run g.job > /dev/null 2> e.txt &
    local pid=$! t
    for t in $(seq 600); do [ -s o/journal ] && grep -q "still to do" e.txt && break; sleep 0.1; done
    sleep 1
    case $1 in
        TERM) kill -TERM $pid ;;
        INT-group) kill -INT -- -"$(ps -o pgid= -p $pid | tr -d ' ')" ;;
        TERM-TERM) kill -TERM $pid; sleep 0.2; kill -TERM $pid ;;
    esac
    for t in $(seq 200); do kill -0 $pid 2> /dev/null || break; sleep 0.1; done
    if kill -0 $pid 2> /dev/null; then
        kill -9 -- -"$(ps -o pgid= -p $pid | tr -d ' ')"; wait $pid; rc=124
    else
        wait $pid; rc=$?
    fi
}

for how in TERM INT-group; do
    go $how
    [ $rc = 3 ]; check "$how: scripts/mpirun exits 3, the run's status (got $rc)" $?
    grep -q "^minclue run: interrupted: .*run the same command again to resume" e.txt
    r=$?; check "$how: the master says interrupted, with the resume hint" $r
    "$M" job verify o > v.txt 2>&1; r=$?
    [ $r = 1 ]; check "$how: job verify: not complete (exit $r)" $?
done
go TERM-TERM
[ $rc != 0 ] && [ $rc != 124 ]; check "TERM twice: the ranks ended at once, non-zero exit (got $rc)" $?
[ $fails = 0 ]
