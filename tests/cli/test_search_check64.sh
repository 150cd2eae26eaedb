#!/usr/bin/env bash
# minclue search on 8x8 grids: check64 without --engine (the summary and
# the progress line name it), --engine check64 accepted, and both list the
# same puzzles as the checker on grids of tests/data/es8x8-k14.txt; shapes
# and options check64 cannot take are refused; a job without `engine` on
# 8x8 grids runs check64.
# ctest-labels: cli
# ctest-timeout: 300
source "$(dirname "${BASH_SOURCE[0]}")/job_prelude.sh"

grep -v '^#' "$D/es8x8-k14.txt" | awk '{print $1}' | head -3 > g8.txt

echo "== K = 14 on 3 grids of es8x8-k14.txt"
"$M" search --clues 14 g8.txt > d.txt 2> e.txt
st=$?
[ $st = 0 ] && grep -q "^search: 3 grids, K = 14, engine check64: " e.txt
check "no --engine: check64, named in the summary (status $st)" $?
"$M" search --engine check64 --clues 14 g8.txt > c.txt 2> e.txt
st=$?
[ $st = 0 ] && grep -q "K = 14, engine check64: " e.txt
check "--engine check64 accepted (status $st)" $?
"$M" search --engine checker --clues 14 g8.txt > k.txt 2> e.txt
grep -q "K = 14, engine checker: " e.txt
check "--engine checker obeyed" $?
[ -s k.txt ] && diff <(sort d.txt) <(sort k.txt) > /dev/null && diff <(sort c.txt) <(sort k.txt) > /dev/null
check "the same $(wc -l < k.txt) puzzles from the default, check64 and the checker" $?
"$M" search --clues 14 --ua-max 10 g8.txt > /dev/null 2> e.txt
grep -q "K = 14, engine checker: " e.txt
check "a checker option: the checker" $?

echo "== the progress line of a long grid names the engine"
head -1 g8.txt > g1.txt
script -qec "'$M' search --clues 16 --first g1.txt" /dev/null > tty.txt 2>&1
grep -q "engine check64" tty.txt
check "summary on a terminal names check64" $?

echo "== refused"
refused() { # refused WANT CMD...: status 2 (or 1 for a line), the message
  local want=$1; shift
  "$@" > /dev/null 2> e.txt
  local st=$?
  [ $st != 0 ] && grep -qF -- "$want" e.txt
  local ok=$?
  [ $ok = 0 ] || { echo "status $st"; cat e.txt; }
  check "refused: $want" $ok
}
awk '!/^#/ {print substr($0, 1, 81); exit}' "$D/known-grids.txt" > g9.txt
refused "--engine check64 takes grids of at most 64 cells, not 9x9" "$M" search --engine check64 --clues 16 g9.txt
refused "--engine check64 takes grids of at most 64 cells, not --box 3x3" "$M" search --engine check64 --box 3x3 --clues 16 g9.txt
refused "--ua-max is a checker option; --engine check64 does not take it" "$M" search --engine check64 --ua-max 10 --clues 14 g8.txt
refused "--no-learn is a checker option; --engine check64 does not take it" "$M" search --engine check64 --no-learn --clues 14 g8.txt
refused "--engine must be checker, band or check64, not 'fast'" "$M" search --engine fast --clues 14 g8.txt

echo "== a job without engine on 8x8 grids: check64"
printf 'source = grids g8.txt\nclues = 14\nchunk = 3\noutput = out\n' > j.job
"$M" run --quiet j.job > /dev/null 2> e.txt && grep -q '"engine": "check64"' out/summary.json &&
  "$M" job verify out > v.txt && diff <(grep -v '^#' out/found.txt | awk '{print $1}' | sort) <(sort k.txt) > /dev/null
check "engine check64 in summary.json, verified, the checker's puzzles" $?
[ $fails = 0 ]
