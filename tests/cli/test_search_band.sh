#!/usr/bin/env bash
# minclue search --engine band: agrees with the checker at K = 16 (nothing),
# finds a known 17 with --first (unique by the solver, in the published
# list of the grid; the checker with --first too), refuses other shapes,
# checker options and unknown engines.
# ctest-labels: cli
# ctest-timeout: 600
set -euo pipefail
M=${MINCLUE:?}
D=$(cd "${MC_TEST_DATA:?}" && pwd)
T=$(mktemp -d /tmp/test_search_band.XXXXXX)
trap 'rm -rf "$T"' EXIT
cd "$T"
fail() { echo "FAIL: $*" >&2; exit 1; }
awk '/^G /{print $2; if (++n == 2) exit}' "$D/seventeen-grids.txt" > g2.txt
head -1 g2.txt > g1.txt

echo "== K = 16: band and checker both print nothing"
"$M" search --quiet --engine band --clues 16 --stats st.json g2.txt > band16.txt
"$M" search --quiet --engine checker --clues 16 g2.txt > ck16.txt
[ ! -s band16.txt ] && [ ! -s ck16.txt ] || fail "a 16-clue puzzle printed"
[ "$(wc -l < st.json)" = 2 ] || fail "--stats: one line per grid"
grep -q '"pairs":[1-9]' st.json && grep -q '"band3_nodes":[1-9]' st.json && grep -q '"nodes":0,' st.json \
  || fail "--stats: band counters"

echo "== K = 17 --first: a 17 of the published list, unique by the solver"
"$M" search --quiet --engine band --first --clues 17 g1.txt > b17.txt
[ "$(wc -l < b17.txt)" = 1 ] || fail "--first printed $(wc -l < b17.txt) lines"
# the puzzles listed for the first grid (P lines up to the next G line)
awk '/^G /{n++} n == 1 && /^P /{print $2}' "$D/seventeen-grids.txt" > known1.txt
grep -qxF "$(cat b17.txt)" known1.txt || fail "the 17 found is not in the list of its grid"
"$M" solve b17.txt > solved.txt
[ "$(cut -d: -f2 solved.txt)" = 1 ] && [ "$(cut -d: -f3 solved.txt)" = "$(cat g1.txt)" ] || fail "not unique in its grid"
echo "== K = 17 --first with the checker: one puzzle of the list"
"$M" search --quiet --engine checker --first --clues 17 --stats ckf.json g1.txt > c17.txt
[ "$(wc -l < c17.txt)" = 1 ] || fail "checker --first printed $(wc -l < c17.txt) lines"
grep -qxF "$(cat c17.txt)" known1.txt || fail "the checker's first 17 is not in the list of its grid"
grep -q '"puzzles":1,' ckf.json || { cat ckf.json; fail "checker --first: puzzles counter"; }

echo "== refusals"
if "$M" search --quiet --engine band --clues 4 "$D/grids-4x4-all.txt" > o.txt 2> e.txt; then fail "4x4 accepted"; fi
grep -q -- "--engine band takes 9x9 grids only, not 4x4" e.txt || { cat e.txt; fail "4x4 message"; }
if "$M" search --engine band --box 2x2 --clues 4 g1.txt 2> e.txt; then fail "--box 2x2 accepted"; fi
grep -q -- "--engine band takes 9x9 grids only" e.txt || { cat e.txt; fail "--box message"; }
if "$M" search --engine band --ua-limit 10 --clues 16 g1.txt 2> e.txt; then fail "--ua-limit accepted"; fi
grep -q -- "--ua-limit is a checker option" e.txt || { cat e.txt; fail "--ua-limit message"; }
if "$M" search --engine fast --clues 16 g1.txt 2> e.txt; then fail "unknown engine accepted"; fi
grep -q -- "--engine must be checker, band or check64, not 'fast'" e.txt || { cat e.txt; fail "unknown engine message"; }
if "$M" search --engine band --clues 28 g1.txt 2> e.txt; then fail "K = 28 accepted"; fi
grep -q -- "--engine band takes --clues from 1 to 27" e.txt || { cat e.txt; fail "K message"; }
# no --engine: band on 9x9 (the default), checker elsewhere, per grid
"$M" search --quiet --clues 16 --stats def.json g1.txt > /dev/null || fail "default engine run"
grep -q '"pairs":[1-9]' def.json || { cat def.json; fail "default engine on 9x9 is not band"; }
"$M" search --quiet --clues 4 --stats def4.json "$D/grids-4x4-all.txt" > o4.txt || fail "default engine on 4x4"
grep -q '"nodes":[1-9]' def4.json || fail "default engine on 4x4 is not the checker"
"$M" search --quiet --clues 16 --ua-limit 50 --stats defc.json g1.txt > /dev/null || fail "checker option run"
grep -q '"pairs":0' defc.json || fail "a checker option does not choose the checker"
help=$("$M" search --help)
grep -q "band: the band method, 9x9 grids only, K from 1 to 27" <<< "$help" || fail "--help"
echo "PASS"
