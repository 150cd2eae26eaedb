#!/bin/bash
# test_job_verify_many — `minclue job verify OUT...` over one job cut into
# rank ranges by hand (job files with adjacent ranks, each run in one
# process): the union's claim against one run over all ranks (puzzles,
# found.txt), --expect, outputs of different jobs and overlapping ranks
# refused by name, and the certificate: valid JSON (python3 -m json.tool
# when python3 is there), journal digests equal to sha256sum's, re-checked
# after the outputs moved; a changed journal, a missing output, an edited
# or half-written certificate fail, and a failed verify writes nothing
# over; a certificate goes neither into an output (its journal kept) nor
# over a file that is not a certificate of the same outputs, unless
# --force; a certificate is strict JSON (a key twice, as in values appended to
# its date line, an unknown key, text after it fail) read with a size limit
# (/dev/zero and a directory refused). The same for a band-pair dry run in
# three ranges.
# ctest-labels: cli
set -u
source "$(dirname "${BASH_SOURCE[0]}")/job_prelude.sh"
job() { # name ranks clues engine
  printf 'source = grids %s\nranks = %s\nclues = %s\nchunk = 16\nengine = %s\noutput = %s\n' \
    "$D/grids-4x4-all.txt" "$2" "$3" "$4" "$1" > "$1.job"
  "$M" run --quiet "$1.job" > /dev/null 2>&1
}
verify() { "$M" job verify "$@" > v.txt 2> e.txt; }
body() { grep -v '^#' "$1/found.txt"; }

# the whole job in one output, and in three
job all 1-60 4 brute; job a 1-20 4 brute; job b 21-40 4 brute; job c 41-60 4 brute
p_all=$(sed -n 's/.*"puzzles": \([0-9]*\).*/\1/p' all/summary.json)
verify b c a; rc=$?
[ $rc = 0 ] && grep -q "^ranks 1..60, 60 grids, K = 4: $p_all puzzles$" v.txt; check "the union's claim is the one run's ($p_all puzzles)" $?
[ "$(grep -c '^== ' v.txt)" = 4 ]; check "each output, then the union" $?
diff <(body all | sort) <(cat a/found.txt b/found.txt c/found.txt | grep -v '^#' | sort) > /dev/null; check "found.txt of the three is the one run's" $?
verify all; [ $? = 0 ] && [ "$(grep -c '^== ' v.txt)" = 0 ] && grep -q "^ranks 1..60, 60 grids" v.txt; check "one output as before" $?

# --expect
verify a b c --expect 1-60; check "--expect 1-60" $?
verify a c --expect 1-60; rc=$?
[ $rc = 1 ] && grep -q "missing: ranks 21..40 (20 grids) of the expected 1..60" v.txt; check "--expect names the missing ranks ($rc)" $?
verify a b c --expect 1-70; rc=$?
[ $rc = 1 ] && grep -q "missing: ranks 61..70" v.txt; check "--expect beyond the outputs ($rc)" $?
verify b c --expect 30-60; rc=$?
[ $rc = 1 ] && grep -q "ranks 21..29 (.*) are outside the expected 30..60" v.txt; check "--expect: ranks outside ($rc)" $?
verify a --expect 1-20; check "one output with --expect" $?
verify a --expect 5-1; [ $? = 2 ] && grep -q "expect" e.txt; check "a bad --expect range" $?

# refused: other K, other engine, overlapping ranks, no output
job b5 21-40 5 brute; job bc 21-40 4 checker; job o 15-30 4 brute
verify a b5 c; rc=$?
[ $rc = 2 ] && grep -q "outputs of different jobs: clues=4 in the first, clues=5 in the second" e.txt && [ "$(wc -l < e.txt)" = 1 ]
r=$?; check "another K refused ($rc): $(cat e.txt)" $r
verify a bc c; rc=$?
[ $rc = 2 ] && grep -q "engine=brute in the first, engine=checker in the second" e.txt; check "another engine refused ($rc)" $?
verify a o b c; rc=$?
[ $rc = 2 ] && grep -q "ranks 15..20 are in two outputs, $T/a and $T/o" e.txt; r=$?
check "overlap refused, naming the ranks ($rc): $(cat e.txt)" $r
verify a "$T/none" c; rc=$?
[ $rc = 2 ] && grep -q "none: no such output directory" e.txt; check "a missing output ($rc)" $?

# parts whose journals name the grid file at different paths (another
# checkout: the same content) are one job
mkdir -p elsewhere && cp "$D/grids-4x4-all.txt" elsewhere/
sed "s|^source.*|source = grids $T/elsewhere/grids-4x4-all.txt|; s|^output.*|output = be|" b.job > be.job
"$M" run --quiet be.job > /dev/null 2>&1
grep -q "path=$T/elsewhere/" be/journal && verify a be c --expect 1-60 && grep -q "^ranks 1..60, 60 grids, K = 4: $p_all puzzles$" v.txt
check "a part whose grid file was at another path joins the union" $?

# the certificate
verify a b c --expect 1-60 --certificate cert.json; rc=$?
[ $rc = 0 ] && [ -s cert.json ] && grep -q "^certificate: cert.json" v.txt; check "certificate written" $?
if command -v python3 > /dev/null; then
  python3 -m json.tool cert.json > /dev/null; check "the certificate is valid JSON" $?
else
  echo "skip: no python3 for the JSON check"
fi
for o in a b c; do
  grep -q "\"journal_sha256\": \"$(sha256sum < $o/journal | cut -d' ' -f1)\"" cert.json; check "journal digest of $o is sha256sum's" $?
done
grep -q "\"claim\": \"ranks 1..60, 60 grids, K = 4: $p_all puzzles\"" cert.json; check "the certificate's claim" $?
"$M" job verify --check-certificate cert.json c b a > v.txt 2>&1; rc=$?
[ $rc = 0 ] && grep -q "matches the outputs" v.txt; check "the certificate re-checked ($rc)" $?
mkdir moved && cp -r a b c moved/
"$M" job verify --check-certificate cert.json moved/a moved/b moved/c > v.txt 2>&1; check "re-checked after the outputs moved" $?
"$M" job verify --check-certificate cert.json a c > v.txt 2>&1; rc=$?
[ $rc = 1 ] && grep -q "names 3 outputs, 2 given" v.txt; check "a missing output fails the certificate ($rc)" $?
echo "# a line added" >> moved/b/journal
"$M" job verify moved/b > /dev/null 2>&1; check "(the changed journal itself still verifies)" $?
"$M" job verify --check-certificate cert.json moved/a moved/b moved/c > v.txt 2>&1; rc=$?
[ $rc = 1 ] && grep -q "journal_sha256" v.txt; check "a changed journal fails the certificate ($rc)" $?
pb=$(sed -n 's/.*"puzzles": \([0-9]*\).*/\1/p' b/summary.json)
sed "s/\"puzzles\": $pb,/\"puzzles\": $((pb + 1)),/" cert.json > edited.json
! cmp -s cert.json edited.json; check "(the certificate edited)" $?
"$M" job verify --check-certificate edited.json a b c > v.txt 2>&1; rc=$?
[ $rc = 1 ] && grep -q "$((pb + 1))" v.txt; check "an edited certificate fails ($rc)" $?
sed 's/K = 4: /K = 3: /' cert.json > edited.json
"$M" job verify --check-certificate edited.json a b c > /dev/null 2>&1; [ $? = 1 ]; check "an edited claim fails" $?
head -c $(( $(stat -c %s cert.json) / 2 )) cert.json > half.json
"$M" job verify --check-certificate half.json a b c > /dev/null 2>&1; [ $? = 1 ]; check "a half-written certificate fails" $?
"$M" job verify --check-certificate none.json a b c > /dev/null 2> e.txt; [ $? = 2 ] && grep -q none.json e.txt; check "no certificate file" $?
# a forgery: values appended to the date line (the text compared was built from them)
sed 's/^\(  "date": "[^"]*"\)$/\1, "claim": "ranks 1..983959110, 983959110 grids, K = 16: 0 puzzles", "puzzles": 0, "clues": 16/' \
  cert.json > forged.json
grep -q '"clues": 16$' forged.json; check "(the forged certificate)" $?
"$M" job verify --check-certificate forged.json a b c > v.txt 2>&1; rc=$?
[ $rc = 1 ] && grep -q 'the key "claim" twice' v.txt && ! grep -q "matches the outputs" v.txt
check "a certificate with keys added to its date line fails ($rc)" $?
sed 's/^  "date": \("[^"]*"\)$/  "date": \1, "note": "x"/' cert.json > added.json
"$M" job verify --check-certificate added.json a b c > v.txt 2>&1; rc=$?
[ $rc = 1 ] && grep -q 'has "note", which a certificate does not hold' v.txt; check "an unknown key fails ($rc)" $?
{ cat cert.json; echo '{}'; } > trail.json
"$M" job verify --check-certificate trail.json a b c > v.txt 2>&1; rc=$?
[ $rc = 1 ] && grep -q "more text after the JSON value" v.txt; check "trailing data fails ($rc)" $?
sed 's/^  "banner": "minclue/  "banner": "minclue\\n/' cert.json > banner.json
"$M" job verify --check-certificate banner.json a b c > v.txt 2>&1; [ $? = 1 ]; check "a banner of two lines fails" $?
start=$(date +%s)
"$M" job verify --check-certificate /dev/zero a b c > v.txt 2> e.txt; rc=$?
[ $rc = 2 ] && grep -q "the certificate /dev/zero: larger than 16777216 bytes; refused" e.txt && [ $(( $(date +%s) - start )) -lt 5 ]
check "--check-certificate /dev/zero refused at once ($rc)" $?
"$M" job verify --check-certificate a a b c > v.txt 2> e.txt; rc=$?
[ $rc = 2 ] && grep -q "the certificate a: a directory, not a file" e.txt; check "a directory refused ($rc)" $?
cp cert.json keep.json
verify a c --expect 1-60 --certificate cert.json; rc=$?
[ $rc = 1 ] && cmp -s cert.json keep.json; check "not verified: the certificate is not written over ($rc)" $?
verify a b c --certificate x.json --check-certificate cert.json; [ $? = 2 ] && [ ! -e x.json ]; check "--certificate with --check-certificate refused" $?

# where a certificate may go: never inside an output, over a file only when
# it is a certificate of the same outputs (or with --force)
cp a/journal a.journal
verify --certificate a/journal a b c; rc=$?
[ $rc = 2 ] && cmp -s a/journal a.journal && grep -q "a/journal: inside the output $T/a being verified" e.txt
check "--certificate OUT/journal refused, the journal kept ($rc)" $?
ln -s a/journal link.json
verify --certificate link.json a b c; rc=$?
[ $rc = 2 ] && cmp -s a/journal a.journal && [ -L link.json ]; check "a link to a journal refused ($rc)" $?
verify --certificate a/cert.json a b c; [ $? = 2 ] && [ ! -e a/cert.json ]; check "a new file inside an output refused" $?
verify --certificate b a b c; [ $? = 2 ]; check "an output directory as the certificate refused" $?
echo "notes" > notes.txt
verify --certificate notes.txt a b c; rc=$?
[ $rc = 2 ] && grep -q "notes.txt exists and is not a certificate of these outputs; --force writes over it" e.txt &&
  [ "$(cat notes.txt)" = notes ]; check "an existing file refused, with the way to force it ($rc)" $?
verify --certificate notes.txt --force a b c; rc=$?
[ $rc = 0 ] && "$M" job verify --check-certificate notes.txt a b c > /dev/null; check "--force writes over it ($rc)" $?
verify --certificate cert.json a b c; rc=$?
[ $rc = 0 ]; check "a certificate of the same outputs is written over ($rc)" $?
verify --certificate cert.json a b; rc=$?
[ $rc = 2 ] && grep -q "not a certificate of these outputs" e.txt; check "a certificate of other outputs is not ($rc)" $?
verify --force a b c; [ $? = 2 ] && grep -q "with --certificate" e.txt; check "--force alone refused" $?
"$M" job verify --help | grep -q -- "--force"; check "--help names --force" $?

# band-pair groups: a dry run in three ranges against one over all six
bp() { printf 'source = bandpairs\nranks = %s\nclues = 17\nchunk = 2\nengine = none\noutput = %s\n' "$2" "$1" > "$1.job"
  "$M" run --quiet "$1.job" > /dev/null 2>&1; }
bp pall 54494-54499; bp p1 54494-54495; bp p2 54496-54497; bp p3 54498-54499
verify p3 p1 p2 --expect 54494-54499 --certificate pcert.json; rc=$?
[ $rc = 0 ] && grep -q "^ranks 54494..54499, 6 band-pair groups, K = 17: 0 puzzles (dry run" v.txt; check "band-pair union ($rc)" $?
sums() { sed -n 's/^C first=\([0-9]*\) count=\([0-9]*\) sum=\([0-9a-f]*\) .*/\1 \2 \3/p' "$@" | sort -n; }
diff <(sums pall/journal) <(sums p1/journal p2/journal p3/journal) > /dev/null; check "band-pair chunks of the three are the one run's" $?
grep -q '"unit": "band-pair groups"' pcert.json; check "the certificate names the unit" $?
"$M" job verify --check-certificate pcert.json p1 p2 p3 > /dev/null 2>&1; check "band-pair certificate re-checked" $?

[ $fails = 0 ] && echo "all passed"
exit $((fails > 0))
