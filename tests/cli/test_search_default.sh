#!/usr/bin/env bash
# minclue search without --engine: the engine follows the measured crossover
# (band_crossover.h): band on 9x9 up to BAND_CROSSOVER_MAX_K (17), checker
# above, where puzzles are dense: `--clues 21 --first` on the catalogue's
# first grid (minimum 19) is answered at once (the band engine took 78 s
# there), and its puzzle is unique by the solver with at most 21 clues. The
# summary names the engine (band, checker, or both with their grid counts).
# A grid that runs long shows a progress line on a terminal (a pty from
# `script`), none with --quiet. The band engine counts its second solutions
# (ua_second), of which the UAs learned are a subset.
# ctest-labels: cli
# ctest-timeout: 300
set -uo pipefail
S=${MC_SOURCE_DIR:?}
source "$(dirname "${BASH_SOURCE[0]}")/prelude.sh"
top=$(sed -n 's/^#define BAND_CROSSOVER_MAX_K \([0-9]*\).*/\1/p' "$S/src/band_crossover.h")
check "BAND_CROSSOVER_MAX_K read from band_crossover.h ($top)" $([ -n "$top" ] && echo 0 || echo 1)
# the catalogue's first grid (minimum 19), and the 2nd sampled grid of the demo sample
grep -v '^#' "$D/known-grids.txt" | head -1 | cut -c1-81 > g1.txt
grep 'rank-' "$S/grids/demo-sample.txt" | sed -n 2p | cut -c1-81 > b2.txt
# a grid whose K = 17 search takes some seconds (about 3 s of CPU here; the
# ticker's first line comes 1 s into a grid)
grep 'rank-' "$S/grids/demo-sample.txt" | sed -n 7p | cut -c1-81 > b7.txt

echo "== K = 21 --first: the checker, at once"
timeout 60 "$M" search --clues 21 --first g1.txt > p21.txt 2> e21.txt
check "K = 21 --first finishes within 60 s (exit $?)" $?
grep -q "search: 1 grid, K = 21, engine checker: 1 puzzle" e21.txt
check "the summary names the checker ($(grep '^search:' e21.txt | cut -c1-60))" $?
n=$(tr -cd '1-9' < p21.txt | wc -c)
sol=$("$M" solve p21.txt | cut -d: -f2,3)
check "its puzzle: $n clues (<= 21), unique, in the grid" \
    $([ "$n" -ge 17 ] && [ "$n" -le 21 ] && [ "$sol" = "1:$(cat g1.txt)" ] && echo 0 || echo 1)

echo "== the rule's edges"
"$M" search --clues "$top" --first --stats s.json g1.txt > /dev/null 2> e.txt
grep -q "K = $top, engine band:" e.txt && grep -q '"pairs":[1-9]' s.json
check "K = $top: band (summary and counters)" $?
"$M" search --clues $((top + 1)) --first --stats s.json g1.txt > /dev/null 2> e.txt
grep -q "K = $((top + 1)), engine checker:" e.txt && grep -q '"pairs":0,' s.json
check "K = $((top + 1)): checker (summary and counters)" $?
"$M" search --clues 16 --ua-limit 300 g1.txt > /dev/null 2> e.txt
grep -q "K = 16, engine checker:" e.txt
check "a checker option: checker" $?
"$M" search --engine band --clues 16 b2.txt > /dev/null 2> e.txt
grep -q "K = 16, engine band:" e.txt
check "--engine band is obeyed and named" $?
{ cat g1.txt; grep -v '^#' "$D/grids-4x4-all.txt" | head -2; } > mixed.txt
"$M" search --clues 4 mixed.txt > /dev/null 2> e.txt
grep -q "K = 4, engines band (1 grid) and checker (2 grids):" e.txt
check "9x9 and 4x4 in one input: both engines named with their grids" $?

echo "== progress while one grid runs long"
script -qec "'$M' search --clues 17 --first b7.txt" /dev/null > tty.txt 2>&1
grep -q "grid 1 (b7.txt:1), K = 17, engine band: [0-9]*s on this grid, 0 puzzles so far" tty.txt
check "on a terminal: the grid's line, rewritten in place" $?
grep -q "search: 1 grid, K = 17, engine band: 0 puzzles" tty.txt
check "then the summary" $?
script -qec "'$M' search --quiet --clues 17 --first --stats q.json b7.txt" /dev/null > ttyq.txt 2>&1
! grep -q "on this grid" ttyq.txt
check "--quiet: no progress line" $?

echo "== the band engine's counters: UAs learned are among the second solutions"
sec=$(sed -n 's/.*"ua_second":\([0-9]*\),.*/\1/p' q.json)
lrn=$(sed -n 's/.*"ua_learned":\([0-9]*\),.*/\1/p' q.json)
check "ua_second $sec > 0, ua_learned $lrn <= ua_second" \
    $([ -n "$sec" ] && [ -n "$lrn" ] && [ "$sec" -gt 0 ] && [ "$lrn" -le "$sec" ] && echo 0 || echo 1)
[ $fails = 0 ]
