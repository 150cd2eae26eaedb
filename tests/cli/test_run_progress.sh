#!/usr/bin/env bash
# test_run_progress — `minclue run` in one process (no mpirun) shows its
# progress inside a chunk, not only when a chunk ends: the progress line
# between the grids of a long chunk (done/total grids, the chunk's puzzles
# found so far, "0/1 chunks"), and while one grid runs long the grid's own
# line ("grid of rank R, K = 4, engine checker: Ns on this grid, P puzzles
# so far"), as `search` does; none with --quiet. On a terminal (a pty from
# `script`) the lines come every 0.5 s (the grid's from 1 s on); otherwise
# every 30 s, the same code. MC_TEST_GRID_DELAY_MS (mc_test_hooks.h) makes
# each grid last. Before, a chunk was silent to its end.
# ctest-labels: cli
# ctest-timeout: 120
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/job_prelude.sh"
command -v script > /dev/null || { echo "FAIL: script (util-linux) is needed"; exit 1; }
tty_lines() { tr '\r' '\n' < "$1" | sed 's/\x1b\[K//g'; }

echo "== 20 grids in one chunk, 150 ms each"
grep -v '^#' "$MC_SOURCE_DIR/grids/demo-sample.txt" | awk '{print $1}' | head -20 > g.txt
printf 'source = grids g.txt\nclues = 4\nchunk = 20\nengine = checker\noutput = out\n' > many.job
MC_TEST_GRID_DELAY_MS=150 script -qec "'$M' run many.job" /dev/null > tty.txt 2>&1
tty_lines tty.txt | grep -qE "^([1-9]|1[0-9])/20 grids, [0-9.]*/s, [0-9]*s elapsed, ETA [0-9hms]*, 0 puzzles found, 0/1 chunks$"
check "a progress line inside the one chunk (fewer than 20 of 20 grids, 0/1 chunks, an ETA)" $?
grep -q "complete: ranks 1..20, 20 grids" tty.txt; check "the run completes" $?

echo "== puzzles of the chunk in progress count"
grep -v '^#' "$D/grids-4x4-all.txt" | head -2 > g4.txt
printf 'source = grids g4.txt\nclues = 4\nchunk = 2\nengine = checker\noutput = out4\n' > four.job
MC_TEST_GRID_DELAY_MS=1500 script -qec "'$M' run four.job" /dev/null > tty4.txt 2>&1
want=$(sed -n 1p g4.txt | "$M" search --clues 4 --quiet | wc -l)
tty_lines tty4.txt | grep -qE "^1/2 grids, .*, $want puzzles found, 0/1 chunks$"
check "after grid 1 of 2: its $want puzzles in the line, 0/1 chunks" $?
tty_lines tty4.txt | grep -qE "^grid of rank 1, K = 4, engine checker: [1-9]s on this grid, 0 puzzles so far$"
check "a grid that runs long: its own line (rank, K, engine, seconds, puzzles so far)" $?
tty_lines tty4.txt | grep -qE "^grid of rank 2, K = 4, engine checker: [1-9]s on this grid"
check "... and the next grid's" $?

echo "== --quiet"
rm -rf out4
MC_TEST_GRID_DELAY_MS=1500 script -qec "'$M' run --quiet four.job" /dev/null > ttyq.txt 2>&1
! grep -qE "on this grid|0/1 chunks" ttyq.txt && grep -q "complete: ranks 1..2" ttyq.txt
check "--quiet: no progress line, the run completes" $?
[ $fails = 0 ]
