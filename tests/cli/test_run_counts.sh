#!/usr/bin/env bash
# test_run_counts — jobs of source enumerate take the shipped band counts
# (grids/counts.txt.gz) when $MINCLUE_COUNTS is unset, as `grids rank`
# does: a job over a late band starts at once (before, `run` and `job
# split` first enumerated every band before it: hours for band 300, and
# SIGTERM does not stop that). $MINCLUE_COUNTS, when set, is still the one
# read; without a readable shipped file the bands are counted as before
# (band 1 for a job in band 2: seconds).
# ctest-labels: cli
# ctest-timeout: 300
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/job_prelude.sh"
unset MINCLUE_COUNTS
oracle() { grep -v '^#' "$D/es-grids-per-band.txt" | awk -v a="$1" -v b="$2" '$1>=a && $1<=b {s+=$2} END {printf "%.0f\n", s}'; }

f=$(($(oracle 1 299) + 1))
printf 'source = enumerate\nbands = 300-300\nranks = %s-%s\nclues = 16\nchunk = 3\noutput = en\n' $f $((f + 2)) > en.job
timeout -s KILL 60 "$M" run --dry-run en.job > out.txt 2> err.txt; rc=$?
[ $rc = 0 ] && grep -q "complete: ranks $f..$((f + 2)), 3 grids" err.txt
check "run, source enumerate, band 300, no MINCLUE_COUNTS: complete within 60 s (exit $rc)" $?
printf 'source = enumerate\nbands = 290-300\nclues = 16\noutput = sp\n' > sp.job
timeout -s KILL 60 "$M" job split --outdir parts sp.job 2 > split.txt 2> err.txt; rc=$?
[ $rc = 0 ] && grep -q "ranks $(($(oracle 1 289) + 1))-$(oracle 1 300)" split.txt
check "job split, bands 290-300, no MINCLUE_COUNTS: the ranks of the published counts within 60 s (exit $rc)" $?

# $MINCLUE_COUNTS is obeyed: a cache with a wrong band total is named
printf 'row4 1 123456789 5\nband 1 5\n' > wrong.txt
rm -rf en
MINCLUE_COUNTS=$T/wrong.txt timeout -s KILL 60 "$M" run --dry-run en.job > out.txt 2> err.txt; rc=$?
[ $rc = 2 ] && grep -q "wrong.txt:2: band 1: 5 grids, but the published count is" err.txt
check "MINCLUE_COUNTS set: that file is read (a wrong total named, exit $rc)" $?

# no shipped file: band 1 counted, as before
f2=$(($(oracle 1 1) + 1))
printf 'source = enumerate\nbands = 2-2\nranks = %s-%s\nclues = 16\nchunk = 2\noutput = e2\n' $f2 $((f2 + 1)) > e2.job
MC_TEST_SHIPPED_COUNTS=$T/gone.gz timeout -s KILL 120 "$M" run --dry-run e2.job > out.txt 2> err.txt; rc=$?
[ $rc = 0 ] && grep -q "complete: ranks $f2..$((f2 + 1)), 2 grids" err.txt
check "no shipped counts: band 1 enumerated, the job in band 2 completes (exit $rc)" $?
[ $fails = 0 ]
