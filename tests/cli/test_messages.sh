#!/bin/bash
# test_messages — the messages of careless input: each names what is wrong
# (a damaged catalogue, a short grid, non-ASCII digits, a journal that is a
# directory, a first rank of 0 or one that overflows, band ranks without
# --counts, job ranks beyond an enumerated source), one of a thing in the
# singular, no blank line after run's start line, summary.json's job line
# whole past 4,096 bytes (and checked whole by job verify).
set -u
source "$(dirname "${BASH_SOURCE[0]}")/prelude.sh"
# run starts Open MPI, whose allocations LeakSanitizer would report
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
unset MINCLUE_COUNTS
says() { # description, expected text (grep -E), command... : non-zero exit and the text on stderr
    local d=$1 want=$2; shift 2
    "$@" > out.txt 2> err.txt
    local rc=$?
    if [ $rc != 0 ] && cat out.txt err.txt | grep -qE -- "$want"; then echo "ok: $d"; else
        echo "FAIL: $d: exit $rc, said: $(head -c 300 err.txt)"; fails=$((fails + 1)); fi
}

# a catalogue whose magic is damaged (any of its 8 bytes) is not read as text
"$M" grids enum --box 2x3 --format cat -o c.cat > /dev/null
for at in 0 3 7; do
    cp c.cat bad$at.cat
    printf 'X' | dd of=bad$at.cat bs=1 seek=$at conv=notrunc 2> /dev/null
    says "damaged magic (byte $at)" "not a grid catalogue" "$M" grids cat bad$at.cat
done

# grids rank: an 80-digit grid is a wrong length, not trailing text
g=$(grep -v '^#' "$D/known-grids.txt" | head -1 | cut -c1-81)
says "grids rank: 80 digits" "wrong length 80" "$M" grids rank "${g:0:80}"
says "grids rank: 82 digits" "wrong length 82" "$M" grids rank "${g}1"
# UTF-8 digits (a fullwidth one) are a bad character, not a wrong length
u="${g:0:10}１${g:11}"
says "grids rank: UTF-8 digit" "bad character.*column 11" "$M" grids rank "$u"
echo "$u" > u.txt
says "validate: UTF-8 digit" "u.txt:1: .*bad character.*column 11" "$M" validate u.txt
says "solve: UTF-8 digit" "u.txt:1: .*bad character" "$M" solve u.txt

# job verify on an output whose journal is a directory
mkdir -p out/journal
says "job verify: journal is a directory" "journal.*is a directory" "$M" job verify out

# grids rebase: 0, overflow; the file is left as it was
cp c.cat r.cat
says "rebase 0" "first rank must be >= 1" "$M" grids rebase r.cat 0
says "rebase overflow" "overflow" "$M" grids rebase r.cat 18446744073709551600
# 2^64 - 49 + 49 grids: the end of the range wraps to 0
says "rebase overflow by one" "overflow" "$M" grids rebase r.cat 18446744073709551567
cmp -s c.cat r.cat; check "refused rebases leave the file as it was" $?
"$M" grids rebase r.cat 18446744073709551566; check "rebase to the last first rank that fits (2^64 - 50, 49 grids)" $?
[ "$("$M" grids cat r.cat | wc -l)" = 49 ]; check "... and grids cat prints its 49 grids" $?

# grids enum --format cat --bands A-B without --counts: the first rank of
# band A from the shipped counts (the oracle: published counts per band)
want=$(grep -v '^#' "$D/es-grids-per-band.txt" | awk '$1 < 416 {s += $2} END {printf "%.0f\n", s + 1}')
"$M" grids enum --bands 416-416 --format cat -o b.cat > /dev/null 2> err.txt
check "enum --bands 416-416 --format cat without --counts" $?
grep -q "counts" err.txt; check "it says where the first rank comes from: $(head -c 200 err.txt)" $?
got=$("$M" grids cat b.cat --ranks "$want-$want" | wc -l)
[ "$got" = 1 ]; check "its first rank is $want" $?

# job ranks beyond an enumerated source name its ranks
printf 'source = enumerate8\nranks = 1-2000000\nclues = 13\noutput = e8\n' > e8.job
says "enumerate8 ranks" "e8.job: ranks 1-2000000 are not all in the ES 8x8 grids, whose ranks are 1-1673187" \
    "$M" run e8.job

# one of a thing is not "1 things"; no blank line after run's start line
printf '1234341221434321\n' > g1.txt
"$M" minimum --from 3 g1.txt > m.txt
grep -q "^minimum over 1 4x4 grid of the input" m.txt && grep -q "^K = 4: 1 of 1 grid has unique puzzles" m.txt &&
  grep -q "^K = 3: no unique puzzle in any of the 1 grid (1 node, 0 candidates" m.txt &&
  grep -q "none of the 1 grid of the input has" m.txt; check "minimum over one grid: singular" $?
printf '1234341221434321\n' | "$M" search --clues 1 2>&1 > /dev/null | grep -q "^search: 1 grid, K = 1, .*: 0 puzzles;"
check "search over one grid: singular" $?
printf 'source = grids %s\nranks = 1-1\nclues = 4\nengine = brute\noutput = one\n' "$D/grids-4x4-all.txt" > one.job
"$M" run one.job 2> run.txt; r=$?
[ $r = 0 ] && ! grep -q '^$' run.txt && grep -q "1 grid (ranks 1..1), 1 still to do" run.txt &&
  grep -q "complete: ranks 1..1, 1 grid, K = 4: 12 puzzles (this run: 1 grid in" run.txt
check "run over one grid: singular, no blank line" $?

# summary.json holds the whole job line however long (a source path of
# about 3,900 bytes): a character changed past 4,096 bytes fails verify
long=$T; for i in $(seq 19); do long=$long/$(printf 'd%.0s' $(seq 200)); done
mkdir -p "$long" && cp "$D/grids-4x4-all.txt" "$long/g.txt"
printf 'source = grids %s\nranks = 1-2\nclues = 4\nengine = brute\noutput = long\n' "$long/g.txt" > long.job
"$M" run --quiet long.job 2> /dev/null; check "a job with a long source path runs" $?
ident=$(sed -n 's/^J \(.*\) \*[0-9a-f]*$/\1/p' long/journal)
[ ${#ident} -gt 4096 ] && grep -qF "\"job\": \"$ident\"," long/summary.json; check "summary.json has the whole job line (${#ident} bytes)" $?
"$M" job verify long > /dev/null; check "it verifies" $?
cp long/summary.json keep.json
sed -i 's/engine=brute ua_max_size/engine=brute ua_max_sizX/' long/summary.json
! cmp -s keep.json long/summary.json; check "(summary.json edited past 4,096 bytes)" $?
"$M" job verify long > v.txt; r=$?
[ $r = 1 ] && grep -q 'summary.json "job" is' v.txt; check "an edit past 4,096 bytes of the job line fails verify ($r)" $?

[ $fails = 0 ] && echo "all passed"
exit $((fails > 0))
