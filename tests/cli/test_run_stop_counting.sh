#!/usr/bin/env bash
# test_run_stop_counting — SIGTERM or SIGINT stops `run` while its source
# counts grids before the job starts: source enumerate without band counts
# ($MINCLUE_COUNTS unset and no shipped grids/counts.txt.gz, as for a
# binary copied away from them: a job in band 300 first counts bands
# 1-299, hours) and source enumerate8 (its 1,673,187 grids are counted
# first, 5 s). Each run gets the signal as soon as its handlers are set
# (SigCgt in /proc: SIGTERM and SIGALRM, set last) and must end within 10 s
# with exit status 3, one line saying what it was counting, and no
# journal. Before, the counts never looked at the stop flag: the
# enumerate run went on for hours, the enumerate8 one counted to the end
# and then started the run.
# ctest-labels: cli
# ctest-timeout: 120
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/job_prelude.sh"
unset MINCLUE_COUNTS

# caught PID: the process catches SIGTERM (15) and SIGALRM (14)
caught() {
    local m
    m=$(awk '/^SigCgt/ {print $2}' /proc/$1/status 2> /dev/null)
    [ -n "$m" ] && (((0x$m >> 13 & 3) == 3))
}

# stop SIG JOB: runs JOB, signals it once its handlers are set; rc its exit
# status (124: still running 10 s after the signal, then killed)
stop() {
    local sig=$1 pid t
    MC_TEST_SHIPPED_COUNTS=$T/gone.gz "$M" run --quiet "$2" > /dev/null 2> e.txt &
    pid=$!
    for t in $(seq 600); do caught $pid && break; kill -0 $pid 2> /dev/null || break; sleep 0.05; done
    kill -"$sig" $pid
    for t in $(seq 100); do kill -0 $pid 2> /dev/null || break; sleep 0.1; done
    if kill -0 $pid 2> /dev/null; then
        kill -9 $pid; wait $pid; rc=124
    else
        wait $pid; rc=$?
    fi
}

printf 'source = enumerate\nbands = 300-300\nclues = 16\nchunk = 3\ngrace = 1\noutput = en\n' > en.job
printf 'source = enumerate8\nclues = 14\nchunk = 100\ngrace = 1\nengine = none\noutput = e8\n' > e8.job
for case in "TERM en band" "INT en band" "TERM e8 8x8" "INT e8 8x8"; do
    set -- $case
    rm -rf $2
    stop $1 $2.job
    [ $rc = 3 ]; check "$2.job, SIG$1 while counting: exit 3 within 10 s (got $rc)" $?
    grep -q "^minclue run: $2.job: signal [0-9]* while counting the .*$3.*, before the run started: nothing recorded$" e.txt
    r=$?; check "$2.job, SIG$1: says it stopped counting ($(head -c 300 e.txt))" $r
    [ ! -e $2/journal ]; check "$2.job, SIG$1: no journal" $?
done
[ $fails = 0 ]
