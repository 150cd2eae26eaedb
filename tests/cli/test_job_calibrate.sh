#!/usr/bin/env bash
# job split --calibrate OUT: the cost model scaled by what OUT's chunks took
# on this CPU. A sample band-pair job (K = 16, 4 groups) runs, each group
# made to wait 300 ms first (MC_TEST_GRID_DELAY_MS: wall time without CPU
# time, as on a loaded machine); then:
#   - the factor printed is the journal's chunk CPU seconds (cpu=, summed
#     here with awk; not the wall seconds sec=, which the wait made larger)
#     over the model's prediction for the same ranks (the uncalibrated
#     split of the sample job itself prints it, in core-hours), with its
#     standard error over the 2 chunks and the note that 2 chunks make a
#     rough factor;
#   - every calibrated core-hour figure is the uncalibrated one times the
#     factor, and the parts' ranks are the same;
#   - job status on the sample prints the same factor;
#   - under mpirun -np 2 (a worker runs the chunks) every chunk line has
#     its CPU seconds too;
#   - a job of another K, an output with no chunk, a missing output are
#     refused with a message naming them; without a cost model (a 4x4 grid
#     job) the core-hours come from the observed seconds per grid.
# ctest-labels: cli
# ctest-timeout: 300
source "$(dirname "${BASH_SOURCE[0]}")/job_prelude.sh"
fail() { echo "FAIL: $*" >&2; exit 1; }
near() { awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(b > 0 && d <= t * b) }'; }
printf 'source = bandpairs\nranks = 5928436-5928439\nclues = 16\nchunk = 2\noutput = sample\n' > sample.job
sed -e 's/ranks = .*/ranks = 5928436-5928535/' -e 's/output = .*/output = whole/' sample.job > whole.job
MC_TEST_GRID_DELAY_MS=300 "$M" run --quiet sample.job 2>/dev/null || fail "sample run"
sum_key() { awk -v k="$1" '/^C /{ for (i = 1; i <= NF; i++) if (index($i, k "=") == 1) { split($i, a, "="); s += a[2] } } END { printf "%.3f", s }' "$2"; }
S=$(sum_key cpu sample/journal); W=$(sum_key sec sample/journal)
awk -v w="$W" -v s="$S" 'BEGIN { exit !(w > s + 1) }'; check "(the wait: wall $W s, CPU $S s)" $?
mkdir u c s0
"$M" job split --outdir s0 sample.job 1 > s0.txt || fail "split of the sample"
P=$(awk '$1 == 1 { print $4 * 3600 }' s0.txt)
"$M" job split --outdir u whole.job 4 > u.txt || fail "uncalibrated split"
"$M" job split --outdir c --calibrate sample whole.job 4 > c.txt || { cat c.txt; fail "calibrated split"; }
cat c.txt
line=$(grep '^# calibration factor' c.txt)
read -r F se nch took pred < <(echo "$line" | sed -E 's/.*factor ([0-9.e+-]+) \+- ([0-9.e+-]+) \(standard error over ([0-9]+) chunks\), from CPU seconds: ([0-9.e+-]+) s against ([0-9.e+-]+) s predicted.*/\1 \2 \3 \4 \5/')
near "$took" "$S" 0.002; check "observed seconds = the journal's CPU seconds ($took, $S; wall $W)" $?
[ "$nch" = 2 ] && echo "$line" | grep -q "a rough factor (fewer than 10 chunks, .*under a CPU-minute"; check "2 chunks: standard error ($se), a rough factor" $?
near "$pred" "$P" 0.05; check "predicted seconds = the model's for the sample's ranks ($pred, $P)" $?
near "$F" "$(awk -v a="$S" -v b="$pred" 'BEGIN { print a / b }')" 0.01; check "factor = observed / predicted ($F)" $?
for i in 1 2 3 4; do
  hu=$(awk -v i=$i '$1 == i { print $4 }' u.txt); hc=$(awk -v i=$i '$1 == i { print $4 }' c.txt)
  near "$hc" "$(awk -v a="$hu" -v f="$F" 'BEGIN { print a * f }')" 0.05 || { echo "part $i: $hu x $F != $hc"; false; }
done; check "each part's core-hours scaled by the factor" $?
diff <(awk '$1 ~ /^[0-9]+$/ { print $1, $2, $3 }' u.txt) <(awk '$1 ~ /^[0-9]+$/ { print $1, $2, $3 }' c.txt) > /dev/null
check "the same ranks per part" $?
grep -q '^total: .* calibrated$' c.txt; check "total says calibrated" $?
grep -q '^# part 1 of 4 .*core-hours (calibrated)$' c/whole-1.job; check "part file header says calibrated" $?
"$M" job status sample > st.txt
grep -q "took $F times its prediction" st.txt; check "job status applies the same factor ($(grep -o 'took [^ ]* times' st.txt))" $?

sed -e 's/output = sample/output = mpi/' sample.job > mpi.job
mpirun -np 2 "$M" run --quiet mpi.job > /dev/null 2>&1 || fail "the sample under mpirun"
[ "$(grep -c '^C ' mpi/journal)" = 2 ] && [ "$(grep -c '^C .* sec=[0-9.]* cpu=[0-9.]* ' mpi/journal)" = 2 ]
check "mpirun: each chunk line with its CPU seconds" $?

sed -e 's/clues = 16/clues = 17/' whole.job > w17.job
"$M" job split --outdir c --calibrate sample w17.job 4 > /dev/null 2> e.txt; rc=$?
[ $rc = 2 ] && grep -q "calibrate sample: a job of K = 16, not 17" e.txt; check "another K refused ($rc)" $?
"$M" job split --outdir c --calibrate nowhere whole.job 4 > /dev/null 2> e.txt; rc=$?
[ $rc = 2 ] && grep -q "nowhere" e.txt; check "a missing output refused ($rc)" $?
mkdir empty && "$M" job split --outdir c --calibrate empty whole.job 4 > /dev/null 2> e.txt; rc=$?
[ $rc = 2 ] && grep -q "empty" e.txt; check "an output without a journal refused ($rc)" $?

printf 'source = grids %s/grids-4x4-all.txt\nranks = 1-40\nclues = 5\nchunk = 4\nengine = brute\noutput = g\n' "$D" > g.job
sed -e 's/ranks = .*/ranks = 1-288/' -e 's/output = g/output = gall/' g.job > gall.job
"$M" run --quiet g.job 2>/dev/null || fail "grid sample run"
mkdir gc && "$M" job split --outdir gc --calibrate g gall.job 3 > gc.txt || fail "calibrated grid split"
grep -q '^# calibration: 10 chunks took .* CPU s per grid' gc.txt; check "no model: CPU seconds per grid observed" $?
Sg=$(sum_key cpu g/journal)
h1=$(awk '$1 == 1 { print $4 }' gc.txt)
near "$h1" "$(awk -v s="$Sg" 'BEGIN { print s / 40 * 96 / 3600 }')" 0.05; check "no model: core-hours at that rate ($h1)" $?
[ $fails = 0 ]
