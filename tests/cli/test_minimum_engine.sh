#!/usr/bin/env bash
# minclue minimum --engine band|checker: the minimum over the grids of a
# file. On the catalogue's first grid (tests/data/known-grids.txt) both
# engines find no puzzle of at most 18 clues and one of 19 (the example
# puzzle is checked by the solver: 19 clues, unique, the grid's solution);
# on the 288 4x4 grids the checker gives the published minimum 4. Refused:
# other shapes with --engine band (a 4x4 file, --box 2x2), 9x9 without
# FILE, checker options with band, K above 27, invalid grid lines.
# ctest-labels: cli
# ctest-timeout: 600
set -euo pipefail
M=${MINCLUE:?}
D=$(cd "${MC_TEST_DATA:?}" && pwd)
T=$(mktemp -d /tmp/test_minimum_engine.XXXXXX)
trap 'rm -rf "$T"' EXIT
cd "$T"
fail() { echo "FAIL: $*" >&2; exit 1; }
awk '!/^#/ && /rank 1:/ {print $1}' "$D/known-grids.txt" > g1.txt
[ "$(wc -c < g1.txt)" = 82 ] || fail "no rank-1 grid in known-grids.txt"

for e in band checker; do
  echo "== $e: the rank-1 grid has no puzzle of at most 18 clues, one of 19"
  "$M" minimum --engine "$e" --from 18 g1.txt > m.txt || { cat m.txt; fail "$e: exit status $?"; }
  grep -q "^K = 18: no unique puzzle in any of the 1 grid " m.txt || { cat m.txt; fail "$e: K = 18"; }
  grep -q "^minimum: 19 clues; none of the 1 grid of the input has a unique puzzle with 18 clues" m.txt \
    || { cat m.txt; fail "$e: minimum line"; }
  grep -q "engine $e" m.txt || fail "$e: the engine is not named"
  awk '$1 == "e.g." {print $2}' m.txt > eg.txt
  [ "$(tr -cd 1-9 < eg.txt | wc -c)" = 19 ] || fail "$e: the example has not 19 clues"
  "$M" solve eg.txt > solved.txt
  [ "$(cut -d: -f2 solved.txt)" = 1 ] && [ "$(cut -d: -f3 solved.txt)" = "$(cat g1.txt)" ] \
    || fail "$e: the example is not a unique puzzle of the grid"
done

echo "== 4x4 grids from a file, checker: minimum 4"
"$M" minimum "$D/grids-4x4-all.txt" > m4.txt
grep -q "^minimum: 4 clues; none of the 288 grids of the input has a unique puzzle with 3 clues" m4.txt \
  || { cat m4.txt; fail "4x4 minimum"; }

echo "== a first K that already has puzzles is a bound, exit status 1"
st=0; "$M" minimum --from 5 "$D/grids-4x4-all.txt" > b.txt || st=$?
[ "$st" = 1 ] && grep -q "^minimum: at most 5 clues .*not proved" b.txt || { cat b.txt; fail "bound: status $st"; }

echo "== refusals"
refused() { # message command...
  local msg=$1; shift
  st=0; "$@" > o.txt 2> e.txt || st=$?
  [ "$st" = 2 ] || fail "$* gave exit status $st"
  [ "$(wc -l < e.txt)" -ge 1 ] && grep -q -- "$msg" e.txt || { cat e.txt; fail "$*: message"; }
}
refused "--engine band takes 9x9 grids only (3 bands of 3 rows of 3x3 boxes), not 4x4" \
  "$M" minimum --engine band "$D/grids-4x4-all.txt"
refused "--engine band takes 9x9 grids only (3 bands of 3 rows of 3x3 boxes), not 6x6" \
  "$M" minimum --engine band --box 2x3
refused "--engine band takes 9x9 grids only" "$M" minimum --engine band --box 2x2 g1.txt
[ "$(wc -l < e.txt)" = 1 ] || fail "--box 2x2: more than one line"
refused "give the grids as FILE" "$M" minimum --engine band --box 3x3
refused "--ua-max is a checker option" "$M" minimum --engine band --ua-max 10 g1.txt
refused "--engine band takes K from 1 to 27" "$M" minimum --engine band --from 28 g1.txt
refused "--engine must be checker, band or check64, not 'fast'" "$M" minimum --engine fast g1.txt
sed 's/^\(.\)./\1\1/' g1.txt > bad.txt
refused "bad.txt:1: " "$M" minimum --engine band bad.txt
[ "$(wc -l < e.txt)" = 1 ] || { cat e.txt; fail "bad line: more than one line"; }
printf '%s\n' "$(cut -c1-80 g1.txt)." > hole.txt
refused "hole.txt:1: not a solution grid: it has empty cells" "$M" minimum hole.txt
help=$("$M" minimum --help)
grep -q "9x9" <<< "$help" && grep -q "band: the band method" <<< "$help" || fail "--help"
echo "PASS"
