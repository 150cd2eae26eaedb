#!/usr/bin/env bash
# test_binary_input — NUL bytes and endless lines in every text input: a bad
# line named by file and line (never glued to the next one), an endless line
# (/dev/zero) an error within a second, never a spin; a job whose grid
# source holds a NUL stops instead of skipping a grid.
# ctest-labels: unit cli
set -u
M=${MINCLUE:?MINCLUE must name the binary}
D=$(cd "${MC_TEST_DATA:?}" && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T"
fails=0
fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }
expect_eq() { [ "$1" = "$2" ] || fail "$3: got [$1], want [$2]"; }
P1=......5.1....4..6.6253.......17.2......4.6.83..7.......83.....97...5.4.....9..1..
S1=934268571178549362625371894861732945592416783347895216483127659719653428256984137

# --- a comment with a NUL: the puzzle on the next line is still solved
printf '# comment\0\n%s\n' "$P1" > c.txt
out=$("$M" solve c.txt 2>err); rc=$?
expect_eq "$rc" 1 "solve, NUL in a comment: exit"
expect_eq "$out" "$P1:1:$S1" "solve, NUL in a comment: the next puzzle"
grep -q '^c.txt:1: NUL byte at column 10' err || fail "solve message: $(cat err)"

# --- a trailer with a NUL: that line is bad, the next puzzle is kept, line numbers hold
printf '%s note\0x\n%s\n#\n1...\n' "$P1" "$P1" > t.txt
out=$("$M" validate t.txt 2>&1); rc=$?
expect_eq "$rc" 1 "validate, NUL in a trailer: exit"
echo "$out" | grep -q '^t.txt:1: .*NUL byte at column 87' || fail "validate line 1: $out"
echo "$out" | grep -q '^t.txt:2: ok (puzzle, 24 clues)' || fail "validate line 2: $out"
echo "$out" | grep -q '^t.txt:4: ' || fail "validate line 4: $out"

# --- gzip: the same
gzip -c t.txt > t.txt.gz
out=$("$M" validate t.txt.gz 2>&1); rc=$?
expect_eq "$rc" 1 "validate gz: exit"
echo "$out" | grep -q '^t.txt.gz:2: ok' || fail "validate gz line 2: $out"

# --- /dev/zero and an endless line without newline: an error, fast
for cmd in validate solve "grids canon" "grids cat"; do
  timeout 20 "$M" $cmd /dev/zero > /dev/null 2> err; rc=$?
  [ $rc != 124 ] || fail "$cmd /dev/zero: still running after 20 s"
  [ $rc != 0 ] || fail "$cmd /dev/zero: exit 0"
  # grids cat looks at the first bytes first: no catalogue magic and not text
  grep -q -e '/dev/zero:1: binary or overlong line' -e '/dev/zero: not a grid catalogue .* not a text file' err ||
    fail "$cmd /dev/zero message: $(head -c 300 err)"
done
timeout 20 "$M" solve < /dev/zero > /dev/null 2> err; rc=$?
[ $rc != 124 ] && [ $rc != 0 ] || fail "solve < /dev/zero: exit $rc"
grep -q '<stdin>:1: binary or overlong line' err || fail "stdin message: $(head -c 300 err)"
{ echo "$P1"; head -c 3000000 /dev/zero | tr '\0' 1; } > long.txt
timeout 20 "$M" solve long.txt > out.txt 2> err; rc=$?
expect_eq "$rc" 2 "overlong line: exit"
expect_eq "$(cat out.txt)" "$P1:1:$S1" "overlong line: the line before it"
grep -q '^long.txt:2: binary or overlong line' err || fail "overlong message: $(cat err)"

# --- a job whose grid source has a NUL: refused, no grid silently skipped
sed '50s/$/ note\x00/' "$D/grids-4x4-all.txt" > src.txt
[ "$(tr -cd "\\000" < src.txt | wc -c)" = 1 ] && [ "$(grep -ac . src.txt)" = 290 ] || fail "source copy"
cat > nul.job <<JOB
source = grids src.txt
clues = 4
chunk = 16
engine = brute
output = out
JOB
"$M" run --quiet nul.job > run.txt 2>&1; rc=$?
[ $rc != 0 ] || fail "run over a source with a NUL: exit 0"
grep -q 'src.txt:50: NUL byte' run.txt || fail "run message: $(cat run.txt)"
[ ! -f out/summary.json ] || fail "run over a source with a NUL: summary written"
if [ -d out ]; then
  "$M" job verify out > v.txt 2>&1 && fail "job verify accepts it: $(cat v.txt)"
fi

# --- job files: a NUL byte names its line; /dev/zero ends at once (no endless read)
printf 'clues = 4\n\0\nchunk = 8\n' > n.job
"$M" run n.job > run.txt 2>&1; rc=$?
expect_eq "$rc" 2 "job file with a NUL: exit"
grep -q 'n.job:2: NUL byte' run.txt || fail "job file NUL message: $(cat run.txt)"
# (a memory cap guards the machine should the reader not stop; sanitizer
# builds reserve too much address space for one)
cap=2000000
"$M" --version 2>&1 | grep -q fsanitize && cap=unlimited
(ulimit -v $cap; timeout 20 "$M" run /dev/zero > run.txt 2>&1); rc=$?
expect_eq "$rc" 2 "run /dev/zero: exit"
grep -q '/dev/zero:1: NUL byte' run.txt || fail "run /dev/zero message: $(cat run.txt)"

if [ $fails -ne 0 ]; then
  echo "$fails failure(s)" >&2
  exit 1
fi
echo "binary input tests passed"
