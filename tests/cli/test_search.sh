#!/bin/bash
# test_search — `minclue search` and `minclue minimum` from the command line.
# ctest-labels: unit golden
# ctest-timeout: 600
set -u
: "${MINCLUE:?}" "${MC_TEST_DATA:?}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
check() { # description, condition result
    if [ "$2" = 0 ]; then echo "ok: $1"; else echo "FAIL: $1"; fails=$((fails + 1)); fi
}

# --help tells the truth and exits 0; usage errors exit 2
"$MINCLUE" search --help > "$tmp/help.txt"
check "search --help exits 0" $?
grep -q -- "--clues K" "$tmp/help.txt" && grep -q -- "--stats FILE" "$tmp/help.txt"
check "search --help names --clues and --stats" $?
"$MINCLUE" search < /dev/null 2> "$tmp/err.txt"
[ $? = 2 ] && grep -q "clues" "$tmp/err.txt"
check "missing --clues: exit 2 with a message" $?
"$MINCLUE" search --clues x < /dev/null 2>/dev/null
[ $? = 2 ]
check "bad --clues: exit 2" $?
"$MINCLUE" minimum --help | grep -q -- "--box"
check "minimum --help" $?

# 4x4: K = 3 finds nothing, K = 4 finds puzzles; each is unique (solve) and
# lies inside the grid
grid=1234341221434321
echo "$grid" > "$tmp/g4.txt"
out=$("$MINCLUE" search --clues 3 --quiet "$tmp/g4.txt")
[ $? = 0 ] && [ -z "$out" ]
check "4x4 K=3: no puzzle" $?
"$MINCLUE" search --clues 4 --stats "$tmp/stats.json" "$tmp/g4.txt" > "$tmp/p4.txt" 2> "$tmp/sum.txt"
check "4x4 K=4 exit 0" $?
n=$(wc -l < "$tmp/p4.txt")
[ "$n" -gt 0 ]
check "4x4 K=4: $n puzzles" $?
"$MINCLUE" solve "$tmp/p4.txt" | awk -F: -v g="$grid" '$2 != 1 || $3 != g {bad = 1} END {exit bad}'
check "every K=4 puzzle is unique with the grid as solution" $?
awk '{ if (length($0) != 16 || gsub(/[^.]/, "") != 4) bad = 1 } END { exit bad }' "$tmp/p4.txt"
check "every K=4 puzzle has 4 clues" $?
grep -q '"nodes":' "$tmp/stats.json" && grep -q '"puzzles":'"$n" "$tmp/stats.json"
check "--stats: JSON with nodes and the puzzle count" $?
grep -q "search: 1 grid, K = " "$tmp/sum.txt"
check "summary on stderr" $?
grep -q "; CPU seconds of the engine's thread: [0-9.]* s finding UAs, .* s in the engine; [0-9.]* s wall clock in all (" "$tmp/sum.txt"
check "the summary names its seconds: the engine's CPU time, the wall clock in all" $?
# the engine's seconds are CPU time: a search stopped (SIGSTOP) for 2 s
# counts them in its wall clock, not in the engine's seconds
g9=123456789456789132789213654217834965395671428648925371574392816862147593931568247
start=$(date +%s.%N)
echo "$g9" | "$MINCLUE" search --clues 15 --engine checker --stats "$tmp/stop.json" 2> "$tmp/stop.txt" > /dev/null &
pid=$!
sleep 0.5; kill -STOP $pid; sleep 2; kill -CONT $pid; wait $pid
st=$?
wall=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.3f", b - a }')
eng=$(grep -o '"seconds_total":[0-9.e-]*' "$tmp/stop.json" | cut -d: -f2)
[ $st = 0 ] && [ -n "$eng" ] && awk -v e="$eng" -v w="$wall" 'BEGIN { exit !(e + 1.5 < w) }'
check "a search stopped for 2 s: $eng s in the engine, $wall s wall clock" $?

# second-solution sets are counted as learned only when kept (not with --no-learn)
"$MINCLUE" search --clues 4 --ua-limit 1 --no-learn --quiet --stats "$tmp/nl.json" "$tmp/g4.txt" > /dev/null
grep -q '"ua_learned":0,' "$tmp/nl.json" && ! grep -q '"ua_second":0,' "$tmp/nl.json"
check "--no-learn: ua_second > 0, ua_learned 0" $?
"$MINCLUE" search --clues 4 --ua-limit 1 --quiet --stats "$tmp/l.json" "$tmp/g4.txt" > /dev/null
sec=$(sed 's/.*"ua_second":\([0-9]*\),.*/\1/' "$tmp/l.json")
lrn=$(sed 's/.*"ua_learned":\([0-9]*\),.*/\1/' "$tmp/l.json")
[ "$sec" -gt 0 ] && [ "$sec" = "$lrn" ]
check "learning: ua_learned = ua_second = $sec" $?

# a puzzle is solved first: the K=4 puzzles of its solution are the same
head -1 "$tmp/p4.txt" | "$MINCLUE" search --clues 4 --quiet > "$tmp/p4b.txt"
cmp -s "$tmp/p4.txt" "$tmp/p4b.txt"
check "puzzle input: searched in its solution grid" $?

# bad lines: named with file and line, skipped, exit 1; the rest is searched
printf '%s\n12x4341221434321\n1234341221434312\n1...............\n%s\n' "$grid" "$grid" > "$tmp/bad.txt"
"$MINCLUE" search --clues 4 --quiet "$tmp/bad.txt" > "$tmp/pb.txt" 2> "$tmp/eb.txt"
[ $? = 1 ]
check "bad lines: exit 1" $?
grep -q "bad.txt:2:" "$tmp/eb.txt" && grep -q "bad.txt:3:" "$tmp/eb.txt" && grep -q "bad.txt:4:" "$tmp/eb.txt"
check "bad lines named by file:line" $?
[ "$(wc -l < "$tmp/pb.txt")" = $((2 * n)) ]
check "good lines still searched" $?
"$MINCLUE" search --clues 4 "$tmp/missing.txt" 2>/dev/null
[ $? = 2 ]
check "missing file: exit 2" $?

# 9x9 through the pattern finder: a 17-clue puzzle's grid has no 12-clue puzzle
p=$(grep -v '^#' "$MC_TEST_DATA/seventeen.txt" | head -1)
out=$(echo "$p" | "$MINCLUE" search --engine checker --clues 12 --quiet --stats "$tmp/s9.json")
[ $? = 0 ] && [ -z "$out" ] && grep -q '"ua_by_size":{"4":' "$tmp/s9.json"
check "9x9 K=12: nothing, UAs by size in the stats" $?

# minimum: the published minima with the proof line
"$MINCLUE" minimum --box 2x2 > "$tmp/m4.txt"
[ $? = 0 ] && grep -q "minimum: 4 clues; none of the 2 essentially different grids has a unique puzzle with 3 clues" "$tmp/m4.txt"
check "minimum 2x2 = 4 (none with 3)" $?
"$MINCLUE" minimum --box 2x3 > "$tmp/m6.txt"
[ $? = 0 ] && grep -q "minimum: 8 clues; none of the 49 essentially different grids has a unique puzzle with 7 clues" "$tmp/m6.txt"
check "minimum 2x3 = 8 (none of 49 with 7)" $?
grep -q "39168 grids with the first row" "$tmp/m6.txt"
check "2x3: 39168 grids with a fixed first row (28200960 / 720)" $?
grep -q "^minimum 2x3 (6x6 grids): 39168 grids .*, engine checker$" "$tmp/m6.txt"
check "2x3: the first line names the engine (checker, the default)" $?
# 2x4: the estimate draws its grids from the enumeration of the ES 8x8 grids
"$MINCLUE" minimum --box 2x4 --estimate 2 --seed 3 > "$tmp/m8.txt" 2>/dev/null
[ $? = 0 ] && grep -q "^minimum 2x4 (8x8 grids): $(awk '$1 == "2x4" {print $4}' "$MC_TEST_DATA/counts.txt") essentially different grids enumerated" "$tmp/m8.txt" &&
    grep -q "K = 13: .* core-hours" "$tmp/m8.txt" && grep -q "drawn uniformly (seed 3), engine check64, no proof$" "$tmp/m8.txt"
check "minimum 2x4 --estimate: ES grids enumerated, engine check64 named, K = 13 extrapolated" $?
"$MINCLUE" minimum --box 3x4 2>/dev/null
[ $? = 2 ]
check "minimum 3x4 refused with exit 2 (2x4, the proof of hours, is cli_test_minimum8's)" $?
"$MINCLUE" minimum --box 3x3 2>/dev/null
[ $? = 2 ]
check "minimum 3x3 refused with exit 2" $?

[ "$fails" = 0 ] || { echo "$fails failed"; exit 1; }
echo "all passed"
