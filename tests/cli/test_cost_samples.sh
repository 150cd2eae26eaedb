#!/usr/bin/env bash
# The cost model's samples (src/job_cost_samples.h) are exactly the groups
# that bench_bandscan printed in tests/bench/results/bench_bandscan.txt:
# tests/bench/cost_rows.awk over the named sections of that file, in the
# order the header's comment gives, makes every SAMPLE_ROW of the header,
# value for value. A changed rate without its bench entry, or an entry
# changed under the model, fails here. Also: cost_rows.awk itself, on a
# made-up output (rounding to 0.1 ms, rows of 20, lines that are not
# groups left out); and the rerun of the same sections on the
# engine of 559528a, which the model's rows are said to stand for: the same
# groups with the same counters.
# ctest-labels: cli
# ctest-timeout: 120
source "$(dirname "${BASH_SOURCE[0]}")/prelude.sh"
S=${MC_SOURCE_DIR:?}
B=$S/tests/bench/results/bench_bandscan.txt
AWK=$S/tests/bench/cost_rows.awk

# section TITLE: the lines of the bench file from "## TITLE" to the next
# heading ("## " or an entry's "# bench_bandscan")
section() {
  awk -v t="## $1" '$0 == t { on = 1; n++; next } on && (/^## / || /^# bench_bandscan/) { on = 0 } on { print }
                    END { if (n != 1) { print "section \"" t "\" found " n + 0 " times" > "/dev/stderr"; exit 1 } }' "$B"
}

echo "== cost_rows.awk on a made-up output"
cat > made.txt <<'EOF'
minclue 0.1.0 (Release)
 band1        local  items  s/group   s/item        pairs      pass2  puzzles   grid s    chk s
     3          17     24   0.01234  0.1   1   1   0   0.00   0.00
     3          18     24   0.00005  0.1   1   1   0   0.00   0.00
   417           1     24   1.0000   0.1   1   1   0   0.00   0.00
     5           2     24   0.46     0.1   1   1   0   0.00   0.00
sampled: 4 groups
EOF
for i in $(seq 1 21); do echo "     7    $i   24   0.0001  0.1  1  1  0  0.00  0.00"; done >> made.txt
awk -v prefix=k9 -f "$AWK" made.txt > rows.txt
want='SAMPLE_ROW(k9_3, 2,
          123, 1);
SAMPLE_ROW(k9_5, 1,
          4600);
SAMPLE_ROW(k9_7, 21,
          1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
          1);'
[ "$(cat rows.txt)" = "$want" ]; st=$?
[ $st = 0 ] || diff <(echo "$want") rows.txt
check "rows: 0.1 ms units rounded, index 417 and non-group lines left out, 20 to a line" $st

echo "== src/job_cost_samples.h against bench_bandscan.txt"
# K = 16: indices 1..398 (seed 2029, 1 and 2 then 90 more of seed 2030),
# the tail's 20 (seed 2026) and 80 (seed 2028); K = 17: 1..398 (seed
# 2029, then 3 more of seed 2031 in two runs), the tail's 40 (seed 2026),
# 40 (seed 2027) and 200 (seed 2028)
k16=("K = 16, --band1 1-398 --per-band 10, seed 2029" "K = 16, --band1 1-2 --per-band 90, seed 2030"
     "K = 16, seed 2026" "K = 16, --band1 399-416 --per-band 80, seed 2028")
k17=("K = 17, --band1 1-398 --per-band 3, seed 2029" "K = 17, --band1 1-199 --per-band 3, seed 2031"
     "K = 17, --band1 200-398 --per-band 3, seed 2031" "K = 17, seed 2026" "K = 17, seed 2027"
     "K = 17, --band1 399-416 --per-band 200, seed 2028")
ok=0
for i in "${!k16[@]}"; do section "${k16[i]}" > k16-$i.txt || ok=1; done
for i in "${!k17[@]}"; do section "${k17[i]}" > k17-$i.txt || ok=1; done
check "the 10 sections are in the bench file, once each" $ok
# no group line is lost to the pattern of cost_rows.awk: each section's
# rows hold as many groups as its "sampled: N groups" line says
ok=0
for f in k16-?.txt k17-?.txt; do
  said=$(sed -n 's/^sampled: \([0-9]*\) groups.*/\1/p' "$f")
  got=$(awk -v prefix=x -f "$AWK" "$f" | sed -n 's/^SAMPLE_ROW(x_[0-9]*, \([0-9]*\),.*/\1/p' | awk '{ s += $1 } END { print s + 0 }')
  [ -n "$said" ] && [ "$said" = "$got" ] || { echo "  $f: sampled $said, rows $got"; ok=1; }
done
check "every section's printed groups are in its rows" $ok
{ awk -v prefix=k16 -f "$AWK" k16-{0,1,2,3}.txt; awk -v prefix=k17 -f "$AWK" k17-{0,1,2,3,4,5}.txt; } > made-rows.txt
# the header's rows, one SAMPLE_ROW statement to a line, spaces normalised
norm() { tr '\n' ' ' | grep -o 'SAMPLE_ROW(k1[67]_[0-9]*, [^;]*;' | sed 's/  */ /g'; }
norm < made-rows.txt > a.txt
norm < "$S/src/job_cost_samples.h" > b.txt
n=$(grep -c . a.txt)
[ "$n" = 832 ]; check "832 rows made from the bench file ($n)" $?
# each index holds the groups the header's comment names
awk -F'[(,]' '{ k = $2; sub(/_.*/, "", k); b = $2; sub(/.*_/, "", b); b += 0; n = $3 + 0
  want = k == "k16" ? (b <= 2 || b >= 399 ? 100 : 10) : (b >= 399 ? 280 : 6)
  if (n != want) { print "  " $2 ": " n " groups, not " want; bad = 1 } } END { exit bad }' b.txt
check "K = 16: 100 groups at indices 1, 2 and 399-416, 10 elsewhere; K = 17: 280 at 399-416, 6 elsewhere" $?
cmp -s a.txt b.txt; st=$?
[ $st = 0 ] || diff a.txt b.txt | head -10
check "the header's rows are the bench's groups, value for value" $st
# and the comparison can fail: one group changed in the bench's output
awk '!d && $1 == 17 && NF == 10 { $4 = $4 + 1; d = 1 } { print }' k16-0.txt > k16-0x.txt
{ awk -v prefix=k16 -f "$AWK" k16-0x.txt k16-{1,2,3}.txt; awk -v prefix=k17 -f "$AWK" k17-{0,1,2,3,4,5}.txt; } | norm > c.txt
! cmp -s c.txt b.txt; check "one group's seconds changed: the rows differ" $?

echo "== the model's groups again on the engine of 559528a: the same groups, the same counters"
# The entry "the cost model's samples again" reran each of the 10 sections
# on a later engine (titles ending ", build 559528a"; the tail's seeds 2026
# and 2027 under their full options). It says the rows stand for that
# engine because it ran the same groups with the same counters: band-1
# index, local rank, items, band pairs, two-band passes and puzzles, line
# for line, and as many lines.
again=("K = 16, --band1 1-398 --per-band 10, seed 2029" "K = 16, --band1 1-2 --per-band 90, seed 2030"
       "K = 16, --band1 399-416 --per-band 20, seed 2026" "K = 16, --band1 399-416 --per-band 80, seed 2028"
       "K = 17, --band1 1-398 --per-band 3, seed 2029" "K = 17, --band1 1-199 --per-band 3, seed 2031"
       "K = 17, --band1 200-398 --per-band 3, seed 2031" "K = 17, --band1 399-416 --per-band 40, seed 2026"
       "K = 17, --band1 399-416 --per-band 40, seed 2027" "K = 17, --band1 399-416 --per-band 200, seed 2028")
model=(k16-{0..3} k17-{0..5}) # the files of the model's sections above, in the same order
groups() { awk 'NF == 10 && $1 ~ /^[0-9]+$/ && $4 ~ /^[0-9]+\.[0-9]+$/ { print $1, $2, $3, $6, $7, $8 }' "$1"; }
ok=0; total=0
for i in "${!again[@]}"; do
  section "${again[i]}, build 559528a" > again-$i.txt || { ok=1; continue; }
  groups "${model[i]}.txt" > m.txt; groups again-$i.txt > a.txt
  cmp -s m.txt a.txt || { echo "  ${again[i]}: $(diff m.txt a.txt | grep -c '^[<>]') lines differ"; ok=1; }
  total=$((total + $(grep -c . a.txt)))
done
[ $ok = 0 ] && [ $total = 13388 ]; check "10 sections, 13,388 groups ($total), each the model's group with its counters" $?
# and the comparison can fail: one two-band pass more in one group
awk '!d && $1 == 405 && NF == 10 { $7 = $7 + 1; d = 1 } { print }' again-9.txt > again-x.txt
groups k17-5.txt > m.txt; groups again-x.txt > a.txt
! cmp -s m.txt a.txt; check "one group's two-band passes changed: the sections differ" $?

[ $fails = 0 ]
