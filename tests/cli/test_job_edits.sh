#!/bin/bash
# test_job_edits — a job's journal against edits between runs: a grid source
# changed after the job started is refused by `run` (the J line binds the
# source's content), and a chunk line duplicated in the journal is refused
# alike by `run` and `job verify` (one view of the journal).
# ctest-labels: unit cli
set -u
source "$(dirname "${BASH_SOURCE[0]}")/job_prelude.sh"

grep -v '^#' "$D/grids-4x4-all.txt" > g.txt
cat > e.job <<JOB
source = grids $T/g.txt
clues = 4
chunk = 16
engine = brute
output = out
JOB

# 1. half done, then two grid lines swapped (one in a finished chunk, one
#    in a chunk still to do): the rerun refuses, naming the source
MC_TEST_JOURNAL_KILL=6 "$M" run --quiet e.job > /dev/null 2>&1
n=$(grep -c '^C ' out/journal)
[ "$n" -ge 3 ] && [ "$n" -lt 18 ]; check "half-done job ($n of 18 chunks)" $?
a=$(sed -n 2p g.txt); b=$(sed -n 200p g.txt)
sed -i "2s/.*/$b/; 200s/.*/$a/" g.txt
cp out/journal journal.before
"$M" run --quiet e.job > run.txt 2> err.txt
rc=$?
[ $rc != 0 ]; check "run on an edited source exits non-zero ($rc)" $?
grep -q "g.txt changed since the job started" err.txt; r=$?; check "the message names the changed source: $(head -c 200 err.txt)" $r
[ ! -f out/summary.json ]; check "no summary.json" $?
cmp -s journal.before out/journal; check "journal untouched" $?
# the file restored: the job resumes and completes
sed -i "2s/.*/$a/; 200s/.*/$b/" g.txt
"$M" run --quiet e.job > /dev/null 2>&1; check "restored source: the job completes" $?
"$M" job verify out > v.txt 2>&1; check "job verify after the restored run" $?

# a catalogue source edited (rebased) between runs is refused too
"$M" grids enum --box 2x3 --format cat -o c.cat
sed "s|^source.*|source = catalogue $T/c.cat|; s|^output.*|output = outc|; s|^chunk.*|chunk = 4|; s|^clues.*|clues = 3|" e.job > c.job
MC_TEST_JOURNAL_KILL=3 "$M" run --quiet c.job > /dev/null 2>&1
"$M" grids rebase c.cat 2
"$M" run --quiet c.job > /dev/null 2> err.txt
rc=$?
[ $rc != 0 ] && grep -q "c.cat changed since the job started" err.txt; check "run on an edited catalogue refused ($rc)" $?

# 2. a duplicated chunk line: run and job verify give the same verdict
cp -r out dup
line=$(grep -m1 '^C ' dup/journal)
echo "$line" >> dup/journal
sed "s|^output.*|output = dup|" e.job > dup.job
cp dup/journal dup.before
"$M" run --quiet dup.job > /dev/null 2> err.txt
rc_run=$?
"$M" job verify dup > v.txt 2>&1
rc_verify=$?
[ $rc_run != 0 ] && [ $rc_verify != 0 ]; check "duplicated line: run ($rc_run) and job verify ($rc_verify) both refuse" $?
grep -q "more than once" err.txt; r=$?; check "run names the duplicate: $(head -c 200 err.txt)" $r
grep -q "more than once" v.txt; check "verify names the duplicate" $?
cmp -s dup.before dup/journal; check "journal untouched by the refused run" $?
# removing the extra line makes both accept it
head -n -1 dup/journal > j && cat j > dup/journal
"$M" run --quiet dup.job > /dev/null 2>&1; check "without the duplicate: run accepts" $?
"$M" job verify dup > /dev/null 2>&1; check "without the duplicate: verify accepts" $?

[ $fails = 0 ] && echo "all passed"
exit $((fails > 0))
