#!/usr/bin/env bash
# minclue job status: the five states on the parts of one split job, as
# text, JSON (read back by json_query, the strict parser) and SVG (checked
# by xmllint, rendered by rsvg-convert, its pixels read by png_stats):
#   part 1 complete; part 2 running (a run writing it right now, slowed by
#   MC_TEST_GRID_DELAY_MS); part 3 damaged (a changed chunk line); part 4
#   stalled (chunks missing, its journal last written 3 hours ago); part 5
#   not started. Status reads only: part 2's run goes on and completes,
#   and no file of an output changes. Then the exit status 0 when all are
#   complete, the resubmit list, --expect gaps and overlaps, and errors.
# ctest-labels: cli
# ctest-timeout: 300
source "$(dirname "${BASH_SOURCE[0]}")/job_prelude.sh"
fail() { echo "FAIL: $*" >&2; exit 1; }
Q=${MC_JSON_QUERY:?}
P=${MC_PNG_STATS:?}
cat > st.job <<JOB
source = grids $D/grids-4x4-all.txt
ranks = 1-200
clues = 6
chunk = 4
engine = brute
output = st
JOB
"$M" job split st.job 5 > split.txt || { cat split.txt; fail "split"; }

"$M" run --quiet st-1.job 2>/dev/null || fail "run part 1"
"$M" run --quiet st-3.job 2>/dev/null || fail "run part 3"
sed -i '0,/^C first=89 /s/^C first=89 \(.*\) nodes=\([0-9]*\)/C first=89 \1 nodes=9\2/' st-3/journal
"$M" run --quiet st-4.job 2>/dev/null || fail "run part 4"
sed -i '$d' st-4/journal && sed -i '$d' st-4/journal && rm st-4/summary.json
touch -d '3 hours ago' st-4/journal
MC_TEST_GRID_DELAY_MS=100 "$M" run --quiet st-2.job 2>/dev/null &
pid=$!
for k in $(seq 200); do [ -f st-2/journal ] && [ "$(grep -c '^C' st-2/journal)" -ge 2 ] && break; sleep 0.1; done
[ "$(grep -c '^C' st-2/journal)" -ge 2 ] || fail "part 2 did not start"
sums() { for p in 1 2 3 4; do find st-$p -type f | sort | xargs sha256sum; done; }
sums > before.txt

echo "== text"
"$M" job status st-{1..5}.job > s.txt; rc=$?
cat s.txt
[ $rc = 1 ]; check "exit 1: work left ($rc)" $?
state() { awk -v f="st-$1.job" '$NF == f { print $1 ($2 == "started" ? " started" : "") }' s.txt; }
[ "$(state 1)" = complete ]; check "part 1 complete" $?
[ "$(state 2)" = running ]; check "part 2 running ($(state 2))" $?
[ "$(state 3)" = damaged ]; check "part 3 damaged" $?
[ "$(state 4)" = stalled ]; check "part 4 stalled" $?
[ "$(state 5)" = "not started" ]; check "part 5 not started" $?
grep -q "damaged line in the journal" s.txt; check "the damage named" $?
grep -Eq "no journal line for 1[0-9]{4} s" s.txt; check "the stall named with the journal's age" $?
grep -q '^complete .* 40/40 .* 10/10 ' s.txt; check "part 1: 40/40 grids, 10/10 chunks" $?
grep -q "^resubmit: MINCLUE=$(realpath "$M") sbatch --array=3-5 /[^ ]*/jobs/slurm/array.sbatch $(pwd -P)/st$" s.txt
check "resubmit list 3-5 (part 3 resumable) with absolute paths and the parts' prefix" $?
grep -q '^states: 1 not started, 1 running, 1 stalled, 1 complete, 1 damaged$' s.txt; check "state counts" $?
grep -Eq '^rate: [0-9]+(\.[0-9]+)? grids per hour' s.txt; check "a rate from the journal times, in plain digits (not 5.4e+04)" $?
grep -Eq '^left: [0-9.e+-]+ core-hours .*ETA [0-9T:-]+Z' s.txt; check "core-hours left and an ETA" $?

echo "== JSON"
"$M" job status --json st-{1..5}.job > s.json
"$Q" s.json format > /dev/null; check "strict JSON" $?
[ "$("$Q" s.json format outputs.0.state outputs.1.state outputs.2.state outputs.3.state outputs.4.state | tr '\n' ,)" = \
  "minclue-job-status-1,complete,running,damaged,stalled,not started," ]; check "JSON states" $?
[ "$("$Q" s.json outputs.0.units_done outputs.0.units_total outputs.4.first outputs.4.last outputs.4.last_line_age_seconds | tr '\n' ,)" = \
  "40,40,161,200,null," ]; check "JSON counts, ranks of a part not started" $?
[ "$("$Q" s.json resubmit.array totals.units_total totals.states.complete)" = "$(printf '3-5\n200\n1')" ]; check "JSON totals and resubmit" $?
d1=$("$Q" s.json totals.units_done)
[ "$d1" -ge 88 ] && [ "$d1" -lt 200 ]; check "JSON units done ($d1)" $?

echo "== SVG"
"$M" job status --svg pic.svg st-{1..5}.job > /dev/null
xmllint --noout pic.svg; check "SVG well-formed" $?
! grep -Eqi '<script|href=|@import|url\(' pic.svg; check "SVG self-contained" $?
rsvg-convert -o pic.png pic.svg; check "rendered by rsvg-convert" $?
read -r w h colours < <("$P" pic.png)
[ "$w" = 960 ] && [ "$h" = 440 ]; check "rendered size 960x440 ($w x $h)" $?
[ "${colours:-0}" -ge 8 ]; check "not blank: $colours colours" $?
# the full colour of each state present as a solid area (done chunks; the
# legend alone is 144 pixels)
mapfile -t px < <("$P" pic.png 16a34a 2563eb d97706 dc2626 | tail -4)
[ "${px[0]}" -gt 1000 ]; check "complete (green) drawn: ${px[0]} px" $?
[ "${px[1]}" -gt 1000 ]; check "running and throughput (blue) drawn: ${px[1]} px" $?
[ "${px[2]}" -gt 1000 ]; check "stalled (amber) drawn: ${px[2]} px" $?
[ "${px[3]}" -gt 1000 ]; check "damaged (red) drawn: ${px[3]} px" $?

"$M" job status st-{1..5} > dirs.txt
grep -q '^resubmit: MINCLUE=/[^ ]* sbatch --array=3-5 /[^ ]*/jobs/slurm/array.sbatch PREFIX ' dirs.txt; check "output directories: the list, PREFIX to fill in" $?
grep -q '^not started .* st-5$' dirs.txt && grep -q 'no output directory yet' dirs.txt; check "an output directory not made yet: not started" $?
sums > after.txt
diff <(grep -v ' st-2/' before.txt) <(grep -v ' st-2/' after.txt) > /dev/null; check "no output changed by status" $?
wait $pid; check "the run status read beside ends well" $?
"$M" job verify st-2 > v.txt; check "that run's output verifies" $?

echo "== all complete: exit 0; --expect gaps and overlaps"
rm -rf st-3 st-4 && for p in 3 4 5; do "$M" run --quiet st-$p.job 2>/dev/null || fail "run part $p"; done
"$M" job status st-{1..5} > all.txt; check "exit 0 when complete" $?
grep -q '^resubmit: none' all.txt; check "nothing to resubmit" $?
"$M" job status --expect 1-240 st-{1..5} > gap.txt; rc=$?
[ $rc = 1 ] && grep -q 'gap: 201-240' gap.txt; check "a gap named, exit 1 ($rc)" $?
"$M" job status st-1 st-1 st-2 > ov.txt; rc=$?
[ $rc = 1 ] && grep -q 'overlap: 1-40' ov.txt; check "an overlap named, exit 1 ($rc)" $?
"$M" job status --json --expect 1-240 st-{1..5} > gap.json
[ "$("$Q" gap.json cover.gaps.0.0 cover.gaps.0.1 | tr '\n' ,)" = "201,240," ]; check "JSON gap" $?

echo "== outputs of different jobs: named"
sed -e 's/clues = 6/clues = 5/' -e 's/output = st/output = other/' -e 's/ranks = 1-200/ranks = 1-8/' st.job > other.job
"$M" run --quiet other.job 2>/dev/null || fail "run other"
"$M" job status st-1 other > mix.txt
grep -q '^different jobs: other is an output of another job' mix.txt; check "another job named" $?
"$M" job status --json st-1 other > mix.json
[ "$("$Q" mix.json cover.other_job)" = other ] && [ "$("$Q" s.json cover.other_job)" = null ]; check "JSON other_job" $?

echo "== stall time, errors"
"$M" run --quiet st.job 2>/dev/null; rm st/summary.json; sed -i '$d' st/journal
"$M" job status st | grep -q '^running '; check "a fresh journal with chunks missing: running" $?
sleep 2
"$M" job status --stall-after 1 st | grep -q '^stalled '; check "--stall-after" $?
"$M" job status --stall-after x st 2> e.txt; rc=$?
[ $rc = 2 ] && grep -q "stall-after: 'x'" e.txt; check "bad --stall-after: exit 2 ($rc)" $?
printf 'clues = 6\nsource = grids nowhere.txt\n' > bad.job
"$M" job status bad.job 2> e.txt; rc=$?
[ $rc = 2 ] && grep -q 'bad.job' e.txt; check "a bad job file named, exit 2 ($rc)" $?
"$M" job status --svg /nonexistent/dir/x.svg st-1 > /dev/null 2> e.txt; rc=$?
[ $rc = 2 ] && grep -q 'x.svg' e.txt; check "an unwritable --svg named, exit 2 ($rc)" $?
"$M" job status --help | grep -q 'usage: minclue job status'; check "--help" $?
[ $fails = 0 ]
