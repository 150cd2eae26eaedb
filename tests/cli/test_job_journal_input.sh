#!/usr/bin/env bash
# What `job status`, `job verify`, `job split --calibrate` and `run` do with
# a hostile output directory: every case ends with one clear line and an
# exit status, never a hang, a non-finite number or a file written over.
#   - numbers in a chunk line (resealed, so only the number is wrong) are
#     read strictly: sec=inf, nan, 1e308, a hex float, an exponent, a sign,
#     and an `at` past the year 9999 make the line damaged; `--json` stays
#     strict JSON (read back by json_query) and calibration says no
#     "factor inf";
#   - a FIFO named journal (or found.txt, summary.json) is refused at once
#     by status, verify and run (a timeout of 20 s catches a hang);
#   - `--svg FILE` refuses an output's journal, summary.json or found.txt
#     (by name, even before it exists, or through a symlink) and a job file
#     given as an argument, and writes through a new temporary file: a
#     planted FILE.tmp symlink is passed over, its target untouched.
# Under the sanitizers (scripts/test-sanitize) the picture of a job not
# started (no chunk time to sort) and of an `at` past 9999 must run clean.
# ctest-labels: cli
source "$(dirname "${BASH_SOURCE[0]}")/job_prelude.sh"
fail() { echo "FAIL: $*" >&2; exit 1; }
Q=${MC_JSON_QUERY:?}

# reseal FILE N: puts a fresh seal (" *" and FNV-1a 64 of the text before
# it, as journal_line.h) on line N, whose old seal is cut off first.
reseal() {
  local line body h=$((0xcbf29ce484222325)) i c
  line=$(sed -n "$2p" "$1")
  body=${line% \**}
  LC_ALL=C
  for ((i = 0; i < ${#body}; i++)); do
    printf -v c '%d' "'${body:i:1}"
    h=$(( (h ^ c) * 0x100000001b3 ))
  done
  printf -v h '%016x' "$h"
  awk -v n="$2" -v l="$body *$h" 'NR == n { print l; next } { print }' "$1" > "$1.new" && mv "$1.new" "$1"
}

cat > a.job <<JOB
source = grids $D/grids-4x4-all.txt
ranks = 1-16
clues = 3
chunk = 4
engine = brute
output = a
JOB
"$M" run --quiet a.job 2> /dev/null || fail "run a"
"$M" job status a > /dev/null || fail "a complete"
line=$(grep -n '^C first=5 ' a/journal | cut -d: -f1)
[ -n "$line" ] || fail "no chunk line first=5"

echo "== the reseal helper: an honest reseal keeps the output complete"
cp -r a same && reseal same/journal "$line"
cmp -s a/journal same/journal; check "reseal of an unchanged line gives the same line" $?

echo "== numbers read strictly"
k=0
for v in sec=inf sec=nan sec=1e308 sec=0x1p10 sec=1e3 sec=-1 sec=+1 sec=99999999999.000 at=9223372036854775807 at=253402300800 \
         count=+4 first=0x5; do
  k=$((k + 1)); o=n$k
  cp -r a $o
  key=${v%%=*}
  sed -i "${line}s/ $key=[^ ]*/ $v/" $o/journal
  grep -q " $v " $o/journal || grep -q " $v\$" <(sed -n "${line}p" $o/journal | sed 's/ \*[0-9a-f]*$//') || fail "$v not put in"
  reseal $o/journal "$line"
  "$M" job status $o > s.txt; rc=$?
  [ $rc = 1 ] && grep -q "^damaged " s.txt; check "$v: damaged, exit 1 ($rc)" $?
  "$M" job status --json $o > s.json
  "$Q" s.json totals.core_hours > /dev/null; check "$v: --json is strict JSON" $?
  "$M" job verify $o > v.txt 2>&1; rc=$?
  [ $rc = 1 ]; check "$v: verify fails ($rc)" $?
done
# the sum of many plain but large seconds stays finite (wall and CPU:
# core-hours sum the CPU seconds)
cp -r a big
for l in $(grep -n '^C ' big/journal | cut -d: -f1); do
  sed -i "${l}s/ sec=[^ ]*/ sec=999999999.999/; ${l}s/ cpu=[^ ]*/ cpu=999999999.999/" big/journal && reseal big/journal "$l"
done
grep -q ' cpu=999999999.999 ' big/journal; check "the largest seconds allowed: the lines have cpu= too" $?
# (summary.json keeps the old seconds, so status calls the output damaged:
# its summary is not the journal's; the totals are still read)
"$M" job status --json big > big.json; rc=$?
[ $rc = 0 ] || [ $rc = 1 ]; check "the largest seconds allowed: read, exit 0 or 1 ($rc)" $?
"$Q" big.json totals.core_hours | grep -Eq '^[0-9.]+(e\+[0-9]+)?$'; check "the largest seconds allowed: finite core-hours" $?
cat > w.job <<JOB
source = grids $D/grids-4x4-all.txt
ranks = 1-64
clues = 3
chunk = 4
engine = brute
output = w
JOB
"$M" job split --outdir cal --calibrate n1 w.job 2 > cal.txt 2>&1
! grep -Eqi 'inf|nan' cal.txt && ! grep -Eqi 'inf core|nan core' cal/w-*.job 2> /dev/null; check "calibration from a journal with sec=inf: no inf or nan" $?
"$M" job status --svg none.svg w.job > none.txt; rc=$? # no journal line at all: nothing to sort
[ $rc = 1 ] && grep -q '^not started ' none.txt && xmllint --noout none.svg; check "a job not started: its picture ($rc)" $?
# every line at INT64_MAX - 7: the chart's first time + its width overflowed
cp -r a late
for l in $(grep -n '^C ' late/journal | cut -d: -f1); do
  sed -i "${l}s/ at=[^ ]*/ at=9223372036854775800/" late/journal && reseal late/journal "$l"
done
"$M" job status --svg at.svg late > late.txt; rc=$?
[ $rc = 1 ] && grep -q '^damaged ' late.txt && xmllint --noout at.svg; check "every at near INT64_MAX, in the picture: damaged, a well-formed SVG ($rc)" $?

echo "== a FIFO is refused, never waited on"
for f in journal found.txt summary.json; do
  rm -rf p && cp -r a p && rm p/$f && mkfifo p/$f
  timeout 20 "$M" job status p > s.txt 2> e.txt; rc=$?
  [ $rc != 124 ]; check "status on a FIFO $f returns ($rc)" $?
  [ $rc = 1 ] && ! grep -q "^complete " s.txt; check "status: a FIFO $f is not complete ($rc)" $?
  timeout 20 "$M" job verify p > v.txt 2>&1; rc=$?
  [ $rc = 1 ] || [ $rc = 2 ]; check "verify on a FIFO $f: fails, no hang ($rc)" $?
done
rm -rf p && cp -r a p && rm p/journal && mkfifo p/journal
timeout 20 "$M" job status p > s.txt; grep -q 'not a regular file' s.txt; check "status names the FIFO journal" $?
timeout 20 "$M" job verify p > v.txt 2>&1; grep -q 'journal: is not a regular file' v.txt; check "verify names the FIFO journal" $?
sed 's/output = a/output = p/' a.job > p.job
timeout 20 "$M" run --quiet p.job > r.txt 2>&1; rc=$?
[ $rc = 2 ] && grep -q 'journal: is not a regular file' r.txt; check "run on a FIFO journal: refused, exit 2 ($rc)" $?

echo "== --svg never writes over an output's files or an argument"
sums() { find a -type f | sort | xargs sha256sum; sha256sum a.job; }
sums > before.txt
for f in journal summary.json found.txt; do
  "$M" job status --svg a/$f a > /dev/null 2> e.txt; rc=$?
  [ $rc = 2 ] && [ "$(wc -l < e.txt)" = 1 ] && grep -q "a/$f" e.txt; check "--svg a/$f refused in one line, exit 2 ($rc)" $?
done
ln -s a/summary.json link.svg
"$M" job status --svg link.svg a > /dev/null 2> e.txt; rc=$?
[ $rc = 2 ] && [ -L link.svg ]; check "--svg through a symlink to summary.json refused ($rc)" $?
"$M" job status --svg a.job a.job > /dev/null 2> e.txt; rc=$?
[ $rc = 2 ] && grep -q 'a.job' e.txt; check "--svg onto the job file given refused ($rc)" $?
sums > after.txt
cmp -s before.txt after.txt; check "no file of the output nor the job file changed" $?
rm -rf half && cp -r a half && rm half/summary.json
"$M" job status --svg half/summary.json half > /dev/null 2> e.txt; rc=$?
[ $rc = 2 ] && [ ! -e half/summary.json ]; check "--svg onto a summary.json not written yet refused ($rc)" $?
echo keep > victim.txt
ln -s victim.txt pic.svg.tmp
"$M" job status --svg pic.svg a > /dev/null; rc=$?
[ $rc = 0 ] && [ "$(cat victim.txt)" = keep ] && [ -L pic.svg.tmp ] && xmllint --noout pic.svg
check "a planted pic.svg.tmp symlink: its target untouched, the picture written ($rc)" $?
[ -z "$(ls | grep '^pic.svg.tmp.')" ]; check "no temporary file left" $?
[ $fails = 0 ]
