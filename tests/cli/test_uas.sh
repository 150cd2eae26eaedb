#!/bin/bash
# test_uas — `minclue uas` and `minclue patterns` from the command line.
# ctest-labels: unit
# ctest-timeout: 600
#
# Oracles: the two methods must print identical UA lists (the pattern
# catalogue against the complete reference search) on the well-known grids;
# the mask and list formats describe the same sets; bad input gives a
# FILE:LINE message and a non-zero exit; the catalogue file in patterns/
# matches the compiled-in copy.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

grep -v '^#' "$MC_TEST_DATA/known-grids.txt" | cut -c1-81 > "$T/known.txt"
[ "$(wc -l < "$T/known.txt")" -ge 5 ] || fail "known grids missing"

"$MINCLUE" uas "$T/known.txt" > "$T/p.txt" || fail "uas patterns exit $?"
"$MINCLUE" uas --method reference "$T/known.txt" > "$T/r.txt" || fail "uas reference exit $?"
cmp -s "$T/p.txt" "$T/r.txt" || { diff "$T/p.txt" "$T/r.txt" | head; fail "patterns and reference differ on known grids"; }
grep -c '^# grid' "$T/p.txt" | grep -qx "$(wc -l < "$T/known.txt")" || fail "one header per grid"

# every header's count equals its number of UA lines, and sizes add up
awk '/^# grid/ { if (n != "") { if (n != k) exit 1 } ; n = $0; sub(/.*: /, "", n); sub(/ UAs.*/, "", n); k = 0; next }
     { k++ } END { if (n != k) exit 1 }' "$T/p.txt" || fail "header counts do not match the lists"

# mask format: same sets as the list format
"$MINCLUE" uas --format mask "$T/known.txt" > "$T/m.txt" || fail "mask exit"
grep -v '^#' "$T/m.txt" | awk 'length($0) != 81 { exit 1 }' || fail "mask lines are not 81 characters"
grep -v '^#' "$T/m.txt" | awk '{ s = ""; for (i = 1; i <= 81; i++) if (substr($0, i, 1) != ".") s = s (s == "" ? "" : " ") "r" int((i - 1) / 9) + 1 "c" (i - 1) % 9 + 1; print s }' > "$T/m2l.txt"
grep -v '^#' "$T/p.txt" | cmp -s - "$T/m2l.txt" || fail "mask and list formats disagree"

# size bound, stats
"$MINCLUE" uas --max-size 4 "$T/known.txt" | grep -v '^#' | awk 'NF != 4 { exit 1 }' || fail "max-size 4 gives only 4-cell sets"
"$MINCLUE" uas --stats "$T/known.txt" > "$T/s.txt" || fail "stats exit"
grep -q "^mean UAs per grid over $(wc -l < "$T/known.txt") grids: 4:" "$T/s.txt" || fail "stats line: $(cat "$T/s.txt")"

# other shapes with the reference method; patterns refuse them
echo 1234341221434321 | "$MINCLUE" uas --method reference --max-size 4 > "$T/4.txt" || fail "4x4 reference"
grep -q '^# grid 1: 1234341221434321: 8 UAs, by size 4:8$' "$T/4.txt" || fail "4x4 grid: $(head -1 "$T/4.txt")"
echo 1234341221434321 | "$MINCLUE" uas 2> "$T/e.txt" && fail "patterns on 4x4 accepted"
grep -q '9x9' "$T/e.txt" || fail "4x4 message: $(cat "$T/e.txt")"

# bad input: file:line, exit 1, the good grids still done
{ head -1 "$T/known.txt"; echo "12345"; head -1 "$T/known.txt" | sed 's/^1/2/'; head -1 "$T/known.txt"; } > "$T/bad.txt"
"$MINCLUE" uas --stats "$T/bad.txt" > "$T/o.txt" 2> "$T/e.txt"; st=$?
[ $st -eq 1 ] || fail "bad lines exit $st"
grep -q "bad.txt:2:" "$T/e.txt" || fail "no line 2 message: $(cat "$T/e.txt")"
grep -q "bad.txt:3: not a valid solution grid" "$T/e.txt" || fail "no line 3 message: $(cat "$T/e.txt")"
grep -q "over 2 grids" "$T/o.txt" || fail "good grids not counted"
"$MINCLUE" uas "$T/missing.txt" 2> /dev/null; [ $? -eq 2 ] || fail "missing file exit"
"$MINCLUE" uas --method fast "$T/known.txt" 2> /dev/null; [ $? -eq 2 ] || fail "bad method exit"
"$MINCLUE" uas --max-size 13 "$T/known.txt" 2> /dev/null; [ $? -eq 2 ] || fail "patterns above 12 accepted"
"$MINCLUE" uas --help | grep -q -- '--method' || fail "help"

# patterns: the checked-in catalogue is in normal form and is what is compiled in
"$MINCLUE" patterns check "$MC_SOURCE_DIR/patterns/patterns.txt" > /dev/null || fail "patterns check"
"$MINCLUE" patterns embed "$MC_SOURCE_DIR/patterns/patterns.txt" -o "$T/data.c" || fail "patterns embed"
cmp -s "$T/data.c" "$MC_SOURCE_DIR/src/pattern_data.c" || fail "src/pattern_data.c is not patterns/patterns.txt embedded"
# a small build is deterministic and every line passes check
"$MINCLUE" patterns build --grids 3 --seed 5 -o "$T/b1.txt" 2> /dev/null || fail "patterns build"
"$MINCLUE" patterns build --grids 3 --seed 5 2> /dev/null > "$T/b2.txt" || fail "patterns build stdout"
cmp -s "$T/b1.txt" "$T/b2.txt" || fail "patterns build not deterministic"
"$MINCLUE" patterns check "$T/b1.txt" > /dev/null || fail "built file does not check"
printf '4 1x2 r2c4a:b r1c1a:b r1c4b:a r2c1b:a\n' > "$T/nf.txt"
"$MINCLUE" patterns check "$T/nf.txt" 2> "$T/e.txt"; [ $? -eq 2 ] || fail "non-normal pattern accepted"
grep -q "nf.txt:1:" "$T/e.txt" || fail "pattern error without file:line"
"$MINCLUE" patterns build --grids 0 2> /dev/null; [ $? -eq 2 ] || fail "--grids 0 accepted"
echo ok
