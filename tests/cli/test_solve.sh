#!/usr/bin/env bash
# test_solve — `minclue solve` and `minclue validate` end to end: output
# format, options, stdin, gzip input, error messages and exit codes.
# ctest-labels: unit
set -u
M=${MINCLUE:?MINCLUE must name the binary}
SRC=${MC_SOURCE_DIR:?}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }
expect_eq() { [ "$1" = "$2" ] || fail "$3: got [$1], want [$2]"; }

SAMPLE=$SRC/grids/sample-puzzles.txt
P1=......5.1....4..6.6253.......17.2......4.6.83..7.......83.....97...5.4.....9..1..
S1=934268571178549362625371894861732945592416783347895216483127659719653428256984137
P6=2..8.....4.9.73.......46..5.7....19........243...4.....5..8....1...5.7.8...63....

# --- solve: format puzzle:count:solution, one line per puzzle, comments skipped
out=$("$M" solve "$SAMPLE" 2>"$T/err"); rc=$?
expect_eq "$rc" 0 "solve sample exit"
expect_eq "$(echo "$out" | wc -l)" 9 "solve sample line count"
expect_eq "$(echo "$out" | head -1)" "$P1:1:$S1" "problem 1 line"
expect_eq "$(echo "$out" | cut -d: -f2 | tr '\n' ' ')" "1 1 1 0 1 0 1 1 2 " "sample counts"
expect_eq "$(echo "$out" | sed -n 4p)" ".7..8..5.9......2....4.5.....6.4.7..3..7.2..4....5.9....48.3...7.......9.3..9..1.:0:" "no solution: empty field"
grep -q "sample-puzzles.txt:10: note: digit 4 twice in column 5 (r3c5 and r6c5), so there is no solution" "$T/err" \
  || fail "note on problem 6 clash: $(cat "$T/err")"

# --- --limit
expect_eq "$(echo 1....2....3....4 | "$M" solve --limit 1 | cut -d: -f2)" 1 "--limit 1"
expect_eq "$(echo 1....2....3....4 | "$M" solve --limit 9 | cut -d: -f2)" 2 "diag count"
expect_eq "$(echo ................ | "$M" solve --limit 1000 | cut -d: -f2)" 288 "empty 4x4"
expect_eq "$(echo ................ | "$M" solve --limit 288 | cut -d: -f2)" 288 "empty 4x4 at limit"
expect_eq "$(echo ................ | "$M" solve | cut -d: -f2)" 2 "default limit 2"
"$M" solve --limit 0 </dev/null 2>"$T/err"; expect_eq "$?" 2 "--limit 0 exit"
grep -q "minclue solve: --limit needs a whole number" "$T/err" || fail "--limit 0 message"
"$M" solve --limit x </dev/null 2>/dev/null; expect_eq "$?" 2 "--limit x exit"

# --- --witness: :rXcY=a|b, and each digit completes to a solution
w=$(echo 1....2....3....4 | "$M" solve --witness)
[[ "$w" =~ ^1....2....3....4:2:[1-4]{16}:r([1-4])c([1-4])=([1-4])\|([1-4])$ ]] || fail "witness format: $w"
r=${BASH_REMATCH[1]}; c=${BASH_REMATCH[2]}; a=${BASH_REMATCH[3]}; b=${BASH_REMATCH[4]}
[ "$a" != "$b" ] || fail "witness digits equal"
for d in "$a" "$b"; do
  p=1....2....3....4; i=$(( (r - 1) * 4 + c - 1 ))
  p="${p:0:i}$d${p:i+1}"
  expect_eq "$(echo "$p" | "$M" solve | cut -d: -f2)" 1 "witness digit $d completes uniquely"
done
expect_eq "$(echo "$P1" | "$M" solve --witness)" "$P1:1:$S1" "no witness when unique"

# --- --box: 36 cells are 2x3 by default, 3x2 when told
six=1.....2.....3.....4.....5.....6.....
o23=$(echo $six | "$M" solve --limit 1)
o32=$(echo $six | "$M" solve --limit 1 --box 3x2)
[ "$o23" != "$o32" ] || fail "--box 3x2 changes the shape"
echo "$o32" | grep -q "^$six:1:[1-6]\{36\}$" || fail "--box 3x2 output: $o32"
echo "$P1" | "$M" solve --box 2x2 >/dev/null 2>"$T/err"; expect_eq "$?" 1 "--box mismatch exit"
grep -q "<stdin>:1: wrong length 81 (expected 16 cells for 2x2 boxes)" "$T/err" || fail "--box mismatch message: $(cat "$T/err")"
"$M" solve --box 5x5 </dev/null 2>"$T/err"; expect_eq "$?" 2 "--box 5x5 exit"
grep -q "unsupported box shape 5x5" "$T/err" || fail "--box 5x5 message"

# --- --hex: Hexadoku digits 0-F; a grid missing one row is unique
empty256=$(printf '%.0s.' $(seq 256))
g=$(echo "$empty256" | "$M" solve --hex --limit 1 | cut -d: -f3)
[[ "$g" =~ ^[0-9A-F]{256}$ ]] || fail "hex grid: $g"
[[ "$g" == *0* ]] || fail "hex grid uses 0 as a digit"
hp="................${g:16}"
expect_eq "$(echo "$hp" | "$M" solve --hex)" "$hp:1:$g" "hex puzzle"
expect_eq "$(echo "$hp" | "$M" validate --hex)" "<stdin>:1: ok (puzzle, 240 clues)" "hex validate"

# --- stdin ('-' and implicit), gzip files, several files
expect_eq "$(echo "$P1" | "$M" solve -)" "$P1:1:$S1" "stdin -"
grep -v '^#' "$SAMPLE" | gzip >"$T/s.gz"
expect_eq "$("$M" solve "$T/s.gz" 2>/dev/null)" "$out" "gzip file"
expect_eq "$(gzip -c "$T/s.gz" | gzip -dc | "$M" solve 2>/dev/null)" "$out" "gzip on stdin"
expect_eq "$("$M" solve "$T/s.gz" "$SAMPLE" 2>/dev/null | wc -l)" 18 "two files"

# --- errors: file:line, reader goes on, exit codes
printf '%s\n1.x...3..2.....4\n12345\n1.....3..2.....4\n' "$P1" >"$T/bad.txt"
o=$("$M" solve "$T/bad.txt" 2>"$T/err"); rc=$?
expect_eq "$rc" 1 "bad lines exit"
expect_eq "$(echo "$o" | wc -l)" 2 "good lines still solved"
grep -q "^$T/bad.txt:2: bad character 'x' at column 3$" "$T/err" || fail "bad char message: $(cat "$T/err")"
grep -q "^$T/bad.txt:3: wrong length 5 (expected 16, 36, 64, 81, 144 or 256 cells)$" "$T/err" || fail "length message"
"$M" solve "$T/missing.txt" 2>"$T/err"; expect_eq "$?" 2 "missing file exit"
grep -q "missing.txt: cannot open: No such file or directory" "$T/err" || fail "missing file message"
grep -v '^#' "$SRC/tests/data/seventeen.txt" | gzip >"$T/17.gz"
head -c 10000 "$T/17.gz" >"$T/cut.gz"
o=$("$M" solve "$T/cut.gz" 2>"$T/err"); rc=$?
expect_eq "$rc" 2 "truncated gzip exit"
grep -q "^$T/cut.gz:[0-9]*: truncated compressed file$" "$T/err" || fail "truncated message: $(cat "$T/err")"
n=$(echo "$o" | wc -l); line=$(sed 's/.*gz:\([0-9]*\):.*/\1/' "$T/err")
expect_eq "$line" $((n + 1)) "truncation reported on the line after the last good one"
echo "$o" | grep -qv ':1:' && fail "a line of a truncated file was not unique"
"$M" solve --bogus </dev/null 2>/dev/null; expect_eq "$?" 2 "unknown option exit"

# --- validate
o=$("$M" validate "$SAMPLE"); rc=$?
expect_eq "$rc" 1 "validate sample exit"
echo "$o" | grep -q "sample-puzzles.txt:10: invalid: digit 4 twice in column 5 (r3c5 and r6c5)" || fail "validate problem 6: $o"
echo "$o" | grep -q "sample-puzzles.txt:5: ok (puzzle, 24 clues)" || fail "validate problem 1"
expect_eq "$(echo "$o" | grep -c ': ok ')" 8 "validate ok lines"
expect_eq "$(echo "$S1" | "$M" validate)" "<stdin>:1: ok (grid, 81 clues)" "validate grid"
echo "$S1" | "$M" validate >/dev/null; expect_eq "$?" 0 "validate grid exit"
o=$(echo "${S1:1:1}${S1:0:1}${S1:2}" | "$M" validate); expect_eq "$?" 1 "swapped grid exit"
[[ "$o" == *"invalid: digit"* ]] || fail "swapped grid: $o"
o=$("$M" validate "$T/bad.txt"); expect_eq "$?" 1 "validate bad lines"
echo "$o" | grep -q "bad.txt:2: bad character 'x' at column 3" || fail "validate bad char: $o"
"$M" validate "$T/missing.txt" 2>/dev/null; expect_eq "$?" 2 "validate missing file"

# --- help and version
"$M" solve --help >"$T/h"; expect_eq "$?" 0 "solve --help exit"
grep -q "usage: minclue solve" "$T/h" || fail "solve --help text"
for opt in --limit --box --hex --witness; do grep -q -- "$opt" "$T/h" || fail "solve --help lacks $opt"; done
"$M" validate --help >"$T/h"; expect_eq "$?" 0 "validate --help exit"
grep -q "usage: minclue validate" "$T/h" || fail "validate --help text"
v=$("$M" --version); expect_eq "$?" 0 "--version exit"
[[ "$v" == *minclue* ]] || fail "--version banner: $v"

if [ "$fails" -gt 0 ]; then echo "$fails failure(s)" >&2; exit 1; fi
echo "all solve/validate checks passed"
