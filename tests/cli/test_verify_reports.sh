#!/bin/bash
# test_verify_reports — what `job verify` and `job status` print must not
# mislead: with --check-certificate the last line is the verdict (a changed
# found.txt: "NOT VERIFIED", not "matches"); certificate numbers compare
# exactly (counts as integers: 39.99999999999999999, 40.0, 3.9999999999999999
# and 1e-400 are not 40, 4 and 0); names from the files (a banner with an
# escape sequence, an output whose name holds a newline) print escaped, one
# line each; an output's name of 4,100 "é" (8,200 bytes) in a certificate is
# taken whole; --expect names the ranks outside truthfully (an output all
# outside, one reaching out on both sides); an output given twice is said
# to be so.
# ctest-labels: cli
set -u
source "$(dirname "${BASH_SOURCE[0]}")/job_prelude.sh"
job() { # name ranks clues
  printf 'source = grids %s\nranks = %s\nclues = %s\nchunk = 16\nengine = brute\noutput = %s\n' \
    "$D/grids-4x4-all.txt" "$2" "$3" "$1" > "$1.job"
  "$M" run --quiet "$1.job" > /dev/null 2>&1
}
cert_check() { "$M" job verify --check-certificate "$@" > v.txt 2> e.txt; }
job a 1-20 4; job b 21-40 4; job z 1-20 3
for o in a b z; do "$M" job verify $o > /dev/null; check "(the output $o verifies)" $?; done

echo "== the last line of --check-certificate is the verdict"
"$M" job verify a b --certificate ab.json > /dev/null; check "(a certificate of a and b)" $?
cert_check ab.json a b; rc=$?
[ $rc = 0 ] && tail -1 v.txt | grep -q "^certificate ab.json of .*: matches the outputs$"; check "a match ends in 'matches' ($rc)" $?
cp -r a a2 && sed -i '$d' a2/found.txt
"$M" job verify a2 b --certificate a2b.json > /dev/null; [ $? = 1 ] && [ ! -e a2b.json ]; check "(a changed found.txt does not verify)" $?
cp ab.json a2b.json && sed -i "s|\"$T/a\"|\"$T/a2\"|" a2b.json
cert_check a2b.json a2 b; rc=$?
[ $rc = 1 ] && tail -1 v.txt | grep -q "^NOT VERIFIED: the outputs did not verify" && ! grep -q "matches the outputs" v.txt
r=$?; check "a changed found.txt: the last line says NOT VERIFIED ($rc: $(tail -1 v.txt))" $r
sed 's/"clues": 4,/"clues": 5,/' ab.json > k5.json
cert_check k5.json a b; rc=$?
[ $rc = 1 ] && tail -1 v.txt | grep -q "^NOT VERIFIED: the certificate does not match the outputs$"; check "an edited K: the last line too ($rc)" $?

echo "== numbers compare exactly"
"$M" job verify z --certificate z.json > /dev/null; check "(a certificate of z, 0 puzzles)" $?
grep -q '"units": 40,$' ab.json && grep -q '"clues": 4,$' ab.json && grep -q '"puzzles": 0,$' z.json; check "(the values edited below)" $?
for e in 'ab.json s/"units": 40,/"units": 39.99999999999999999,/' 'ab.json s/"units": 40,/"units": 40.0,/' \
         'ab.json s/"clues": 4,/"clues": 3.9999999999999999,/' 'z.json s/"puzzles": 0,/"puzzles": 1e-400,/'; do
  f=${e%% *}; sed "${e#* }" "$f" > num.json
  ! cmp -s "$f" num.json; check "(edited: ${e#* })" $?
  if [ "$f" = z.json ]; then cert_check num.json z; else cert_check num.json a b; fi; rc=$?
  [ $rc = 1 ] && grep -q "^wrong: the certificate num.json says .* the outputs give" v.txt; check "${e#* }: no match ($rc)" $?
done

echo "== names from the files are printed escaped"
sed 's/^  "banner": "minclue /  "banner": "minclue \\u001b[31mRED\\u001b[0m /' ab.json > esc.json
grep -q 'u001b' esc.json; check "(a banner with an escape sequence)" $?
cert_check esc.json a b; rc=$?
[ $rc = 0 ] && ! grep -q $'\x1b' v.txt && grep -q '(minclue \\e\[31mRED\\e\[0m ' v.txt; check "the banner's ESC printed as \\e ($rc)" $?
nl=$'x\ncomplete     fake'
cp -r a "$nl"
"$M" job status "$nl" b > s.txt; rc=$?
[ "$(grep -c '^complete' s.txt)" = 2 ] && grep -q 'x\\ncomplete     fake$' s.txt; check "job status: a newline in an output's name is no row ($rc)" $?
"$M" job verify "$nl" b > v.txt; rc=$?
[ $rc = 0 ] && [ "$(grep -c '^== ' v.txt)" = 3 ] && ! grep -q '^complete' v.txt; check "job verify: nor a line ($rc)" $?
mkdir -p bad && printf '{\n}\n' > bad/journal
"$M" job verify "$nl" "bad"$'\n''wrong: fake' > v.txt 2> e.txt; rc=$?
[ $rc = 2 ] && [ "$(wc -l < e.txt)" = 1 ]; check "an error naming such a directory is one line ($rc)" $?

echo "== an output's name of 8,200 bytes in a certificate"
long=$(printf '%4100s' '' | sed 's/ /é/g')
sed "s|\"$T/z\"|\"$long\"|" z.json > long.json
[ ${#long} = 4100 ] && [ "$(grep -cF "$long" long.json)" = 1 ]; check "(the long name in the certificate)" $?
cert_check long.json z; rc=$?
[ $rc = 0 ] && tail -1 v.txt | grep -q "matches the outputs$"; r=$?; check "taken whole, valid UTF-8 ($rc: $(cat e.txt))" $r

echo "== --expect names the ranks outside"
"$M" job verify --expect 1-10 b > v.txt; rc=$?
[ $rc = 1 ] && grep -q "^wrong: $T/b holds ranks 21..40, none of them inside the expected 1..10$" v.txt && ! grep -q "11\.\." v.txt
r=$?; check "an output all outside ($rc: $(head -1 v.txt))" $r
"$M" job verify --expect 5-10 a > v.txt; rc=$?
[ $rc = 1 ] && grep -q "^wrong: ranks 1..4 ($T/a) are outside the expected 5..10$" v.txt &&
  grep -q "^wrong: ranks 11..20 ($T/a) are outside the expected 5..10$" v.txt
check "an output out on both sides: both parts named ($rc)" $?

echo "== an output given twice"
"$M" job verify a a > v.txt 2> e.txt; rc=$?
[ $rc = 2 ] && grep -q "the output a is given twice$" e.txt && ! grep -q "two outputs" e.txt; r=$?; check "X X ($rc: $(cat e.txt))" $r
"$M" job verify a b "$T/a/" > v.txt 2> e.txt; rc=$?
[ $rc = 2 ] && grep -q "the output $T/a is given twice (as a and as $T/a/)$" e.txt; r=$?; check "X Y /path/to/X ($rc: $(cat e.txt))" $r
[ $fails = 0 ]
