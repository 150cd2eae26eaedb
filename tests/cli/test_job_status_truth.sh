#!/usr/bin/env bash
# minclue job status says "complete" only where `job verify` of the output,
# against the job file, would (the checks that need the source included),
# and its other lines do not mislead:
#   the job file against the journal's job line (a dry run's output, other
#   K, other ranks: damaged, exit 1); outputs of different jobs: exit 1; a
#   chunk line without its counters, resealed, and a journal's job line
#   with a huge chunk: not complete (one reader, verify's); the parts a
#   split's part files name but that are not given; --json strings of one
#   character; a missing job file: exit 2; a repaired output: complete;
#   an empty summary.json or found.txt: not complete; the forecast (the
#   model's figure before the first chunk, no ETA while nothing runs, not
#   "nothing left" when nothing started, a journal whose every seal fails:
#   damaged); the resubmit line: absolute paths and this program; a chunk
#   line with a wrong checksum, resealed, and a found puzzle that is not one
#   of its grid, resealed, with found.txt and summary.json rebuilt from it:
#   not complete, with verify's reason; --cache keeps a verdict while the
#   output's files are unchanged and not after an edit that keeps the
#   journal's size and mtime, nor after its source file changed, and is
#   never written onto a journal; core-hours spent are the chunks' CPU
#   seconds (cpu=), not their wall seconds.
# ctest-labels: cli
# ctest-timeout: 300
source "$(dirname "${BASH_SOURCE[0]}")/job_prelude.sh"
Q=${MC_JSON_QUERY:?}
fail() { echo "FAIL: $*" >&2; exit 1; }
# a journal line body sealed as the journal seals it (FNV-1a 64 of the body)
reseal() {
  local s=$1 h=$((0xcbf29ce484222325)) i c
  for ((i = 0; i < ${#s}; i++)); do printf -v c '%d' "'${s:i:1}"; h=$(((h ^ c) * 0x100000001b3)); done
  printf '%s *%016x\n' "$s" "$h"
}
job() { # name ranks clues [output]
  printf 'source = grids %s\nranks = %s\nclues = %s\nchunk = 4\nengine = brute\noutput = %s\n' \
    "$D/grids-4x4-all.txt" "$2" "$3" "${4:-$1}" > "$1.job"
}
st() { "$M" job status "$@" > s.txt 2> e.txt; rc=$?; cat s.txt e.txt; }
state_of() { awk -v f="$1" '$NF == f { print $1 ($2 == "started" ? " started" : ""); exit }' s.txt; }

job t 1-40 5
"$M" run --quiet t.job 2>/dev/null || fail "run t"
st t.job
[ $rc = 0 ] && [ "$(state_of t.job)" = complete ]; check "a complete output: complete, exit 0 ($rc)" $?

echo "== 1. the job file against the journal's job line"
job dry 1-40 5
"$M" run --quiet --dry-run dry.job 2>/dev/null || fail "dry run"
st dry.job
[ $rc = 1 ] && [ "$(state_of dry.job)" = damaged ] && grep -q 'dry run' s.txt; check "a dry run's output is not complete ($rc)" $?
job k4 1-40 4 t
st k4.job
[ $rc = 1 ] && [ "$(state_of k4.job)" = damaged ] && grep -q 'clues: 5 in the output, 4 in this job' s.txt
check "a job file of K = 4 over an output of K = 5: damaged, named ($rc)" $?
job r20 1-20 5 t
st r20.job
[ $rc = 1 ] && [ "$(state_of r20.job)" = damaged ] && grep -q '^total: 0 of 20 grids' s.txt && ! grep -q '40 of 20' s.txt
check "a job file of ranks 1-20 over an output of 1-40: damaged, not 40 of 20 ($rc)" $?

echo "== 2. outputs of different jobs"
job o 41-48 4
"$M" run --quiet o.job 2>/dev/null || fail "run o"
st t o
[ $rc = 1 ] && grep -q '^different jobs: o is an output of another job' s.txt; check "outputs of different jobs, each complete: exit 1 ($rc)" $?

echo "== 3. a chunk line without its counters, resealed"
cp -r t t3
l=$(grep -m1 '^C first=5 ' t3/journal)
body=$(echo "${l% \**}" | sed -E 's/ (uas|second|learned|nodes|cand|solver)=[0-9]+//g')
new=$(reseal "$body")
awk -v n="$new" '/^C first=5 / { print n; next } { print }' t3/journal > j && mv j t3/journal
st t3
[ $rc = 1 ] && [ "$(state_of t3)" = damaged ] && grep -q '1 chunk is missing' s.txt; check "not complete: the line verify rejects is damaged here too ($rc)" $?
"$M" job status --json t3 > s.json
[ "$("$Q" s.json resubmit.outputs.0)" = t3 ]; check "and it is to resubmit" $?

echo "== 4. a huge chunk in the job line"
cp -r t t4
l=$(grep -m1 '^J ' t4/journal)
new=$(reseal "$(echo "${l% \**}" | sed 's/ chunk=4 / chunk=18446744073709551615 /')")
awk -v n="$new" '/^J / { print n; next } /^C / { next } { print }' t4/journal > j && mv j t4/journal
st t4
[ $rc = 1 ] && [ "$(state_of t4)" = damaged ]; check "(and no chunk line): not complete at 0 chunks of 0 ($rc)" $?

echo "== 5. parts not given, without --expect"
"$M" job split t.job 3 > split.txt || fail "split"
for p in 1 2 3; do "$M" run --quiet t-$p.job 2>/dev/null || fail "run part $p"; done
st t-{1..3}.job
[ $rc = 0 ]; check "three parts of three complete: exit 0 ($rc)" $?
st t-{2..3}.job
[ $rc = 1 ] && grep -q '^parts: 1 of the 3 parts of .*t.job not given .*: 1$' s.txt; check "the first part missing: named, exit 1 ($rc)" $?
st t-{1..2}.job
[ $rc = 1 ] && grep -q 'not given .*: 3$' s.txt; check "the last part missing: named, exit 1 ($rc)" $?
"$M" job status --json t-{2..3}.job > s.json
[ "$("$Q" s.json cover.missing_parts.0)" = 1 ]; check "JSON missing_parts" $?

echo "== 6. --json: strings of one character"
job n 1-36 5
"$M" job split --outdir nine n.job 9 > /dev/null || fail "split into 9"
"$M" job status --json nine/n-9.job > s.json
[ "$("$Q" s.json resubmit.array)" = 9 ]; check "resubmit array \"9\"" $?
cp -r t r
"$M" job status --json r > s.json
[ "$("$Q" s.json outputs.0.name)" = r ]; check "an output named r" $?

echo "== 7. a job file that does not exist"
st nosuch.job
[ $rc = 2 ] && [ "$(wc -l < e.txt)" = 1 ] && grep -q 'nosuch.job' e.txt; check "an error naming it, exit 2 ($rc)" $?

echo "== 8. a repaired output"
cp t.job rep.job && sed -i 's/^output = t$/output = rep/' rep.job
"$M" run --quiet rep.job 2>/dev/null || fail "run rep"
sed -i 's/^\(C first=9 .* nodes=\)\([0-9]\)/\19\2/' rep/journal
"$M" run --quiet rep.job 2>/dev/null || fail "rerun rep"
"$M" job verify rep > v.txt || { cat v.txt; fail "the repaired output does not verify"; }
grep -q 'damaged journal line' v.txt || fail "no damaged line left to test"
st rep.job
[ $rc = 0 ] && [ "$(state_of rep.job)" = complete ]; check "a repaired output that verifies: complete, exit 0 ($rc)" $?

echo "== 10. an empty summary.json or found.txt"
cp -r t es && : > es/summary.json
st es
[ $rc = 1 ] && [ "$(state_of es)" = damaged ] && grep -q 'summary.json' s.txt; check "an empty summary.json: not complete ($rc)" $?
cp -r t ef && : > ef/found.txt
st ef
[ $rc = 1 ] && [ "$(state_of ef)" = damaged ] && grep -q 'found.txt' s.txt; check "an empty found.txt: not complete ($rc)" $?

echo "== 13. the forecast"
printf 'source = bandpairs\nranks = 1-50\nclues = 17\nchunk = 10\nengine = band\noutput = bp\n' > bp.job
st bp.job
grep -Eq '^left: [0-9.e+-]+ core-hours' s.txt; check "a job not started: the model's core-hours" $?
cp -r t stl && rm stl/summary.json && sed -i '$d' stl/journal && touch -d '1 hour ago' stl/journal
st stl
[ "$(state_of stl)" = stalled ] && grep -q 'ETA unknown (nothing running)' s.txt && ! grep -q 'ETA 20' s.txt
check "no ETA while nothing runs" $?
st "$T/nothing-here"
! grep -q 'nothing left' s.txt; check "nothing started: not \"nothing left\" ($rc)" $?
mkdir allbad && sed 's/ \*\([0-9a-f]*\)$/ *0\1/' t/journal > allbad/journal
st allbad
[ "$(state_of allbad)" = damaged ]; check "a journal whose every seal fails: damaged" $?

echo "== 15. the resubmit line"
job u 1-40 5
mkdir -p sub && (cd sub && "$M" job split --outdir . ../u.job 2 > /dev/null) || fail "split into sub"
(cd sub && "$M" job status u-{1..2}.job > ../s.txt)
cat s.txt
grep -Eq "^resubmit: MINCLUE=$(realpath "$M") sbatch --array=1-2 /[^ ]+/array.sbatch $(pwd -P)/sub/u$" s.txt
check "absolute paths and this program" $?
echo "== the checks that need the source"
# the checksum of DIR's chunk at rank 5 made wrong, the line resealed, the
# journal written in place (its inode kept); the wrong checksum into $bad
wrong_sum() {
  local l sum new
  l=$(grep -m1 '^C first=5 ' "$1/journal")
  sum=$(echo "$l" | sed -E 's/.* sum=([0-9a-f]+) .*/\1/')
  bad=$(printf '%016x' $((0x$sum ^ 1)))
  new=$(reseal "$(echo "${l% \**}" | sed "s/ sum=$sum / sum=$bad /")")
  awk -v n="$new" '/^C first=5 / { print n; next } { print }' "$1/journal" > j && cat j > "$1/journal"
}
cp -r t cs
wrong_sum cs
"$M" job verify cs > v.txt && fail "verify takes the wrong checksum"
st cs
[ $rc = 1 ] && [ "$(state_of cs)" = damaged ] && grep -q "checksum $bad does not match the source" s.txt
check "a resealed chunk line with a wrong checksum: damaged with verify's reason, exit 1 ($rc)" $?
cp -r t fp
l=$(grep -m1 '^C first=5 ' fp/journal)
p=$(echo "$l" | sed -E 's/.* found=5:([^;]+);.*/\1/')
c=$(echo "$p" | sed -E 's/^\.*([1-4]).*/\1/')
q=$(echo "$p" | sed -E "s/^(\.*)$c/\1$((c % 4 + 1))/")
new=$(reseal "$(echo "${l% \**}" | sed "s/ found=5:$p;/ found=5:$q;/")")
awk -v n="$new" '/^C first=5 / { print n; next } { print }' fp/journal > j && mv j fp/journal
rm fp/found.txt fp/summary.json
printf 'source = grids %s\nranks = 1-40\nclues = 5\nchunk = 4\nengine = brute\noutput = fp\n' "$D/grids-4x4-all.txt" > fp.job
"$M" run --quiet fp.job 2>/dev/null || fail "rebuild fp's found.txt"
grep -q "^$q 5\$" fp/found.txt || fail "found.txt without the puzzle $q"
"$M" job verify fp > v.txt && fail "verify takes the puzzle $q"
st fp.job
[ $rc = 1 ] && [ "$(state_of fp.job)" = damaged ] && grep -q "the puzzle listed for rank 5 fails" s.txt
check "a found puzzle that is not one of its grid, in found.txt too: damaged with verify's reason, exit 1 ($rc)" $?
"$M" job status --json fp.job > s.json
[ "$("$Q" s.json outputs.0.state)" = damaged ] && [ "$("$Q" s.json resubmit.array)" = "" ]
check "(JSON: damaged, not resubmitted: a rerun would not redo it)" $?
echo "== --cache: a verdict kept while the files are unchanged, never after"
cp -r t cc
st --cache c.cache cc
[ $rc = 0 ] && [ "$(state_of cc)" = complete ] && grep -q '^verify: 1 output checked in full now, 0 as the cache' s.txt
check "complete, verified in full, into the cache ($rc)" $?
st --cache c.cache cc
[ $rc = 0 ] && [ "$(state_of cc)" = complete ] && grep -q '^verify: 0 outputs checked in full now, 1 as the cache' s.txt
check "again: complete as the cache had it ($rc)" $?
size=$(stat -c %s cc/journal)
wrong_sum cc
touch -r t/journal cc/journal
[ "$(stat -c %s cc/journal)" = "$size" ] && [ "$(stat -c %Y cc/journal)" = "$(stat -c %Y t/journal)" ] || fail "the edit kept no size or mtime"
st --cache c.cache cc
[ $rc = 1 ] && [ "$(state_of cc)" = damaged ] && grep -q "checksum $bad does not match" s.txt
check "a journal edited in place, its size and mtime kept: verified anew, damaged ($rc)" $?
echo "== --cache: a verdict kept only while the source file is the one verified"
cp "$D/grids-4x4-all.txt" own.txt
printf 'source = grids %s\nranks = 1-40\nclues = 5\nchunk = 4\nengine = brute\noutput = os\n' "$(pwd -P)/own.txt" > os.job
"$M" run --quiet os.job 2>/dev/null || fail "run os"
st --cache c.cache os.job
[ $rc = 0 ] && [ "$(state_of os.job)" = complete ]; check "a job of its own grid file: complete, into the cache ($rc)" $?
st --cache c.cache os
[ $rc = 0 ] && grep -q '^verify: 0 outputs checked in full now, 1 as the cache' s.txt; check "again, the output alone: as the cache had it ($rc)" $?
sed -i '1{h;d};2{G}' own.txt   # the first two grids swapped: other content, the same size
"$M" job verify os > v.txt 2>&1 && fail "verify takes the changed source"
st --cache c.cache os.job
[ $rc = 1 ] && [ "$(state_of os.job)" = damaged ]
check "the source file changed behind the output, its job file given: damaged ($rc)" $?
st --cache c.cache os   # the output alone: no job file to hold the source's content sum against
[ $rc = 1 ] && [ "$(state_of os)" = damaged ] && grep -q "no file of the job's source" s.txt
check "the source file changed behind the output, the output given: verified anew, damaged, as verify says ($rc)" $?
cp cc/journal j0
st --cache cc/journal cc
[ $rc = 2 ] && cmp -s j0 cc/journal; check "--cache onto a journal: refused, exit 2, nothing written ($rc)" $?

echo "== core-hours spent: the chunks' CPU seconds (cpu=), not their wall seconds"
# every chunk line of a copy of t given sec=360 and cpu=36, resealed, the
# summary removed (the output then runs): 10 chunks, 1 core-hour of wall,
# 0.1 of CPU
mkdir -p ch && grep -v '^C' t/journal > ch/journal
grep '^C' t/journal | while IFS= read -r l; do
  b=$(printf '%s' "${l% \**}" | sed -E 's/ sec=[^ ]+/ sec=360/; s/ cpu=[^ ]+/ cpu=36/')
  reseal "$b" >> ch/journal
done
st ch
[ $rc = 1 ] && grep -Eq '^total: 40 of 40 grids done \(100.00 %\), [0-9]+ puzzles, 0.10? core-hours spent' s.txt
check "core-hours spent: 0.1 (the CPU seconds), not 1 (the wall) ($rc)" $?
"$M" job status --json ch | "$Q" .total.core_hours > q.txt 2>&1; grep -qx '0.1' q.txt; check "--json: core_hours 0.1 ($(cat q.txt))" $?
[ $fails = 0 ]
