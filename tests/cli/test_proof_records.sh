#!/usr/bin/env bash
# The committed proof records of jobs/proofs verify anywhere: copied to
# another directory, `job verify` finds each job's grid file in the
# record's folder by its content sum (the journals name the path where they
# were made), and a job run again there is the same job as its record. It
# looks nowhere above that folder: a copy whose grid file was changed does
# not verify, though a good copy (a decoy) lies in a directory above it,
# at each place the old search up the tree looked. The 9x9 strata's
# certificates match their outputs in the copy, and K = 17 strata 404 and
# 408 each hold the 2 puzzles of the complete list there and nothing else,
# 411-412 none (job verify --known).
# ctest-labels: cli
# ctest-timeout: 300
source "$(dirname "${BASH_SOURCE[0]}")/job_prelude.sh"
S=${MC_SOURCE_DIR:?}

cp -r "$S/jobs/proofs" "$T/moved"
for out in "$T"/moved/*/results/*; do
  "$M" job verify "$out" > v.txt 2> e.txt
  st=$?
  [ $st = 0 ] || cat v.txt e.txt
  check "job verify ${out#"$T"/moved/} in a copy" $st
done
"$M" job verify "$T/moved/8x8/results/k14" | grep -q "^ranks 1..1, 1 grid, K = 14: 1 puzzle$"
check "the 8x8 K = 14 claim" $?

echo "== the 9x9 strata: each certificate matches its outputs; K = 17 strata 404 and 408 hold the complete list's 2 puzzles each, 411-412 none"
R=$T/moved/9x9
for cert in "$R"/*.cert.json; do
  name=$(basename "$cert" .cert.json)
  "$M" job verify --check-certificate "$cert" "$R"/results/"$name"-* > v.txt 2> e.txt
  st=$?
  [ $st = 0 ] && grep -q "matches the outputs" v.txt
  st2=$?
  [ $st2 = 0 ] || cat v.txt e.txt
  check "the certificate $name.cert.json in a copy (status $st)" $st2
done
"$M" job verify --known "$S/tests/data/seventeen-cover.txt.gz" "$R"/results/k17-b404-{1..4} > v.txt 2> e.txt
st=$?
[ $st = 0 ] && grep -q "^ranks 983527332..983550165, 22834 band-pair groups, K = 17: 2 puzzles$" v.txt &&
  grep -q "^known in range 2, found 2, found and known 2, missing 0, new 0 " v.txt
check "K = 17 stratum 404: the 2 known 17s and nothing else (status $st)" $?
"$M" job verify --known "$S/tests/data/seventeen-cover.txt.gz" "$R"/results/k17-b408-{1..4} > v.txt 2> e.txt
st=$?
[ $st = 0 ] && grep -q "^ranks 983797698..983832366, 34669 band-pair groups, K = 17: 2 puzzles$" v.txt &&
  grep -q "^known in range 2, found 2, found and known 2, missing 0, new 0 " v.txt
check "K = 17 stratum 408: the 2 known 17s and nothing else (status $st)" $?
"$M" job verify --known "$S/tests/data/seventeen-cover.txt.gz" "$R"/results/k17-b411-{1..4} > v.txt 2> e.txt
st=$?
[ $st = 0 ] && grep -q "^ranks 983928907..983955152, 26246 band-pair groups, K = 17: 0 puzzles$" v.txt &&
  grep -q "^known in range 0, found 0, found and known 0, missing 0, new 0 " v.txt
check "K = 17 strata 411-412: no known 17 and nothing found (status $st)" $?

echo "== the job run again in the copy resumes its record"
"$M" run --quiet "$T/moved/6x6/k7.job" > r.txt 2> e.txt
st=$?
[ $st = 0 ] || cat r.txt e.txt
check "run of the copied 6x6 K = 7 job on its record (status $st)" $st
"$M" job verify "$T/moved/6x6/results/k7" > /dev/null
check "and its output verifies" $?

echo "== a grid file of another content is not taken for the job's"
printf '%s\n' 2134341212434321 1234341221434321 > "$T/moved/4x4/es4x4.txt"
"$M" job verify "$T/moved/4x4/results/k3" > v.txt 2> e.txt
st=$?
[ $st = 2 ] && grep -q "content sum 0361927effec8625" e.txt && [ "$(wc -l < e.txt)" = 1 ]
st2=$?
[ $st2 = 0 ] || cat v.txt e.txt
check "refused by its content sum (status $st)" $st2

echo "== nothing above the record's folder is taken for the job's grid file"
mkdir -p "$T/up/copy"
cp -r "$S/jobs/proofs" "$T/up/copy/proofs"
cp -r "$S/jobs/proofs" "$T/up/proofs"          # the decoys: $T/up/proofs/4x4/es4x4.txt,
cp "$S/jobs/proofs/4x4/es4x4.txt" "$T/up/"      # $T/up/es4x4.txt, $T/up/4x4/es4x4.txt
mkdir -p "$T/up/4x4" && cp "$S/jobs/proofs/4x4/es4x4.txt" "$T/up/4x4/"
printf '%s\n' 2134341212434321 1234341221434321 > "$T/up/copy/proofs/4x4/es4x4.txt"
"$M" job verify "$T/up/copy/proofs/4x4/results/k3" > v.txt 2> e.txt
st=$?
[ $st = 2 ] && grep -q "content sum 0361927effec8625.*nor at $T/up/copy/proofs/4x4/es4x4.txt in the record's folder" e.txt &&
  ! grep -q "$T/up/proofs\|$T/up/es4x4\|$T/up/4x4" v.txt e.txt
st2=$?
[ $st2 = 0 ] || cat v.txt e.txt
check "the decoys above the copy are not used (status $st)" $st2
rm "$T/up/copy/proofs/4x4/es4x4.txt"
"$M" job verify "$T/up/copy/proofs/4x4/results/k3" > v.txt 2> e.txt
st=$?
[ $st = 2 ] && [ "$(wc -l < e.txt)" = 1 ]
st2=$?
[ $st2 = 0 ] || cat v.txt e.txt
check "nor when the copy has no grid file (status $st)" $st2
cp "$S/jobs/proofs/4x4/es4x4.txt" "$T/up/copy/proofs/4x4/"
"$M" job verify "$T/up/copy/proofs/4x4/results/k3" > v.txt 2> e.txt
st=$?
[ $st = 0 ] && grep -q "the file of that content is $T/up/copy/proofs/4x4/es4x4.txt$" v.txt
check "the copy's own grid file is (status $st)" $?
[ $fails = 0 ]
