#!/usr/bin/env bash
# The picture of `job status --svg`, read as SVG text (xmllint) and as
# pixels (rsvg-convert, png_stats):
#   - the legend says what the pale and deep shades of an output mean (a
#     running part shows both);
#   - the throughput axis reads "7,200 grids/h", not "7200" or "7.2e+03";
#   - 1,000 thin parts give an even strip: runs of one colour drawn as one
#     rectangle, no white borders between parts thinner than a few pixels,
#     so the strip's pale grey is exact pixel for pixel (no moire of
#     seams); two wide parts keep their border (the positive control).
# ctest-labels: cli
source "$(dirname "${BASH_SOURCE[0]}")/job_prelude.sh"
fail() { echo "FAIL: $*" >&2; exit 1; }
P=${MC_PNG_STATS:?}
text() { xmllint --xpath "string(//*[local-name()='text'][$2])" "$1"; }

cat > s.job <<JOB
source = grids $D/grids-4x4-all.txt
ranks = 1-40
clues = 3
chunk = 4
engine = brute
output = s
JOB
"$M" job split s.job 2 > /dev/null || fail "split"
"$M" run --quiet s-1.job 2> /dev/null || fail "run part 1"
"$M" run --quiet s-2.job 2> /dev/null || fail "run part 2"
sed -i '$d' s-2/journal && sed -i '$d' s-2/journal && rm s-2/summary.json # a part still running
"$M" job status --svg s.svg s-1.job s-2.job > s.txt
grep -q '^running ' s.txt || fail "part 2 not running"
xmllint --noout s.svg; check "well-formed SVG" $?

echo "== the legend explains the two shades"
legend=$(text s.svg "contains(., 'pale')")
echo "$legend"
[[ $legend == *pale*"ranks"* && $legend == *deep*"chunks done"* ]]; check "the legend says pale = ranks, deep = chunks done" $?
grep -q 'fill="#bfdbfe"' s.svg && grep -q 'fill="#2563eb"' s.svg; check "a running part drawn in both shades" $?

echo "== the throughput axis in words"
axis=$(text s.svg "contains(., '/h')")
echo "$axis"
[[ $axis =~ ^[0-9]{1,3}(,[0-9]{3})+\ grids/h$ ]]; check "the axis top reads like 7,200 grids/h ($axis)" $?
! grep -q 'e+0' s.svg; check "no number in e-notation" $?
[ "$(grep -c 'stroke="#ffffff"' s.svg)" -ge 1 ]; check "two wide parts: their border drawn" $?

echo "== 1,000 parts: no moire"
cat > m.job <<JOB
source = grids $D/es8x8-sample.txt
ranks = 1-2000
clues = 3
chunk = 2
engine = brute
output = m
JOB
"$M" job split m.job 1000 > /dev/null || fail "split in 1000"
"$M" job status --svg m.svg m-{1..1000}.job > m.txt; rc=$?
[ $rc = 1 ] && grep -q '^states: 1000 not started' m.txt; check "1000 parts not started ($rc)" $?
xmllint --noout m.svg; check "well-formed SVG" $?
n=$(grep -c '<rect' m.svg)
[ "$n" -lt 100 ]; check "one rectangle per run of a colour, not per part ($n rectangles)" $?
[ "$(grep -c 'stroke="#ffffff"' m.svg)" = 0 ]; check "no borders between parts under a few pixels" $?
rsvg-convert -o m.png m.svg; check "rendered" $?
grey=$("$P" m.png e5e7eb | tail -1)
[ "$grey" -ge 33000 ]; check "the strip is an even pale grey: $grey of 35200 pixels exact" $?
[ $fails = 0 ]
