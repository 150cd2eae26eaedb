#!/usr/bin/env bash
# test_generate — `minclue generate` and `minclue solve --trace` from the outside.
#
# ctest-labels: unit
# ctest-timeout: 300
#
# Every generated grid must validate; every puzzle must be unique (plain
# solve, count 1), keep the clues of its solution, and be minimal (each
# single-clue removal gives count 2); same seed, same bytes; the golden
# digests pin the output of fixed seeds so that any machine or compiler that
# produces different bytes fails here. solve --trace must print the same
# result lines as plain solve.
set -u
M=${MINCLUE:?}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# --help tells the truth and exits 0
for k in "" grid puzzle; do
  $M generate $k --help >"$T/h" || fail "generate $k --help status"
  grep -q "usage: minclue generate" "$T/h" || fail "generate $k --help text"
done
$M generate puzzle --help | grep -q -- "--symmetric" || fail "puzzle help lists --symmetric"
$M generate grid --help | grep -q -- "--method" || fail "grid help lists --method"
$M solve --help | grep -q -- "--trace" || fail "solve help lists --trace"

# usage errors: status 2 and one line naming the problem
expect_usage() {
  "$@" >"$T/o" 2>"$T/e"
  st=$?
  [ $st -eq 2 ] || fail "status $st for: $*"
  grep -q "minclue generate" "$T/e" || fail "no message for: $*"
}
expect_usage $M generate
expect_usage $M generate sudoku
expect_usage $M generate grid --box 5x5
expect_usage $M generate grid --box 1x3
expect_usage $M generate grid --count 0
expect_usage $M generate grid --count x
expect_usage $M generate grid --seed -1
expect_usage $M generate grid --method magic
expect_usage $M generate grid --symmetric
expect_usage $M generate grid --clues-max 20
expect_usage $M generate puzzle --clues-max 300
expect_usage $M generate puzzle --attempts 0
expect_usage $M generate grid --seed 1 extra

# grids: valid for every shape and both methods; one line each
for box in 2x2 2x3 3x2 2x4 4x2 3x3 3x4 4x3 4x4; do
  for m in backtrack transform; do
    $M generate grid --box $box --count 5 --seed 11 --method $m >"$T/g" || fail "grid $box $m"
    [ "$(wc -l <"$T/g")" -eq 5 ] || fail "grid $box $m: 5 lines"
    $M validate --box $box "$T/g" >/dev/null 2>&1 || fail "grid $box $m invalid"
    grep -q '\.' "$T/g" && fail "grid $box $m has empty cells"
    $M solve --box $box "$T/g" | grep -qv ':1:' && fail "grid $box $m not a single solution"
  done
done

# puzzles: unique, clues from the solution, minimal
check_puzzles() { # file box
  local f=$1 box=$2
  cut -d: -f1 "$f" >"$T/p"
  $M solve --box "$box" "$T/p" >"$T/s" || fail "solve puzzles $box"
  [ "$(grep -c ':1:' "$T/s")" -eq "$(wc -l <"$f")" ] || fail "puzzles $box not unique"
  paste -d: <(cut -d: -f1,3 "$T/s") <(cut -d: -f2 "$f") | awk -F: '$2 != $3 {exit 1}' ||
    fail "puzzles $box: solution differs"
  # every single-clue removal: 2 solutions
  : >"$T/r"
  while IFS=: read -r p s; do
    for ((i = 0; i < ${#p}; i++)); do
      [ "${p:i:1}" = . ] || echo "${p:0:i}.${p:i+1}" >>"$T/r"
    done
  done <"$f"
  $M solve --box "$box" "$T/r" | grep -v ':2:' | grep -q . && fail "puzzles $box not minimal"
  return 0
}
for box in 2x2 2x3 3x2 2x4 3x3; do
  $M generate puzzle --box $box --count 4 --seed 5 >"$T/pz" || fail "puzzle $box"
  check_puzzles "$T/pz" $box
done
$M generate puzzle --box 4x4 --seed 5 >"$T/pz" || fail "puzzle 4x4"
check_puzzles "$T/pz" 4x4

# symmetric: the pattern is point-symmetric
$M generate puzzle --symmetric --count 5 --seed 9 >"$T/sym" || fail "symmetric"
while IFS=: read -r p s; do
  rev=$(echo "$p" | rev)
  [ "$(echo "$p" | tr -c '.\n' x)" = "$(echo "$rev" | tr -c '.\n' x)" ] || fail "not symmetric: $p"
done <"$T/sym"
cut -d: -f1 "$T/sym" | $M solve | grep -v ':1:' | grep -q . && fail "symmetric not unique"

# same seed, same bytes; another seed, other bytes
a=$($M generate puzzle --count 3 --seed 123)
b=$($M generate puzzle --count 3 --seed 123)
c=$($M generate puzzle --count 3 --seed 124)
[ "$a" = "$b" ] || fail "same seed, different output"
[ "$a" != "$c" ] || fail "different seeds, same output"
# no --seed: the seed goes to stderr and reproduces the output
$M generate grid --count 2 >"$T/o1" 2>"$T/e1" || fail "default seed"
s=$(sed -n 's/.*--seed \([0-9]*\).*/\1/p' "$T/e1")
[ -n "$s" ] || fail "default seed not reported"
$M generate grid --count 2 --seed "$s" | cmp -s - "$T/o1" || fail "reported seed does not reproduce"

# golden digests of fixed seeds (the byte stream must not depend on the machine)
golden() { # expected-sha256 args...
  local want=$1; shift
  got=$($M generate "$@" | sha256sum | cut -d' ' -f1)
  [ "$got" = "$want" ] || fail "golden: generate $* gives $got"
}
golden 2c18d56113eda93a4f8140ad853e578f383907fac50742ee62dc8f2a60e331fb grid --box 3x3 --count 3 --seed 42
golden 4c5ca8fa1e39a343fdf0358ad1265808d58a2500204adc4069bd20bda5b2b22b grid --box 4x4 --count 2 --seed 42 --method transform --hex
golden 3d26f12ed20bb3d33b0ad7e51079c257405715ec17b23eb24192b9d7868b8426 grid --box 2x3 --count 4 --seed 42
golden f0b35aaa636f78df55c6601e13b82836e5ea4a5c7789d1601c6695ab953b24d0 puzzle --box 3x3 --count 3 --seed 42
golden 98861888601dd41fa719d5912ea78da541b9a01aa40158985ed266eac1fd78da puzzle --box 3x3 --count 2 --seed 42 --symmetric --method transform
golden 34542d1e1d7f073cd936683a630ed9f209c30b736b47622ca622a5c4989e6c21 puzzle --box 2x4 --count 3 --seed 42
golden 49406f4f186c083ea9517c5b599ba0a26ccdc8accd7af9735b79afb81a878a0e puzzle --box 4x4 --count 1 --seed 42

# --hex: digits 0-F, 16x16 by default
$M generate puzzle --hex --seed 2 >"$T/hx" || fail "hex puzzle"
grep -q '^[0-9A-F.]\{256\}:[0-9A-F]\{256\}$' "$T/hx" || fail "hex format"
grep -q 'G' "$T/hx" && fail "hex has G"
cut -d: -f1 "$T/hx" | $M solve --hex | grep -q ':1:' || fail "hex puzzle not unique"

# --clues-max: reached, or a clear message and status 1
$M generate puzzle --box 2x2 --clues-max 4 --count 3 --seed 1 >"$T/cm" || fail "clues-max 4 on 4x4"
while IFS=: read -r p s; do
  n=$(echo -n "$p" | tr -d '.' | wc -c)
  [ "$n" -le 4 ] || fail "clues-max: $n clues"
done <"$T/cm"
$M generate puzzle --clues-max 10 --attempts 3 --seed 1 >"$T/o" 2>"$T/e"
[ $? -eq 1 ] || fail "clues-max status"
grep -q "no puzzle with at most 10 clues in 3 attempts" "$T/e" || fail "clues-max message"

# solve --trace: same result lines as plain solve; tree lines are comments
for box in 2x2 2x3 3x3 3x4 4x4; do
  $M generate puzzle --box $box --count 3 --seed 21 | cut -d: -f1 >"$T/tp"
  # a second, ambiguous version: first clue removed on every line
  sed 's/[^.]/./' "$T/tp" >>"$T/tp"
  $M solve --box $box "$T/tp" >"$T/plain"
  $M solve --trace --box $box "$T/tp" >"$T/tr" || fail "trace $box status"
  grep -v '^#' "$T/tr" >"$T/trl"
  # same puzzle and count everywhere; same solution when unique
  cut -d: -f1,2 "$T/trl" | cmp -s - <(cut -d: -f1,2 "$T/plain") || fail "trace $box counts differ from solve"
  grep ':1:' "$T/trl" | cmp -s - <(grep ':1:' "$T/plain") || fail "trace $box unique solutions differ"
  # ambiguous: the first solution found is a valid completion of the puzzle
  grep ':2:' "$T/trl" | cut -d: -f3 | $M solve --box $box | grep -v ':1:' | grep -q . &&
    fail "trace $box: invalid solution"
  grep ':2:' "$T/trl" | awk -F: '{ for (i = 1; i <= length($1); i++) { c = substr($1, i, 1);
    if (c != "." && c != substr($3, i, 1)) exit 1 } }' || fail "trace $box: solution drops a clue"
  [ "$(grep -c ':2:' "$T/trl")" -eq 3 ] || fail "trace $box: expected 3 ambiguous puzzles"
  grep -q '^# calls ' "$T/tr" || fail "trace $box summary"
done
grep -v '^#' "$MC_SOURCE_DIR/grids/sample-puzzles.txt" | head -1 | $M solve --trace >"$T/p1"
grep -q '^#     1    1   0  1   24 ->   30 ' "$T/p1" || fail "Problem 1 root line"
echo "......5.1....4..6.6253.......17.2......4.6.83..7.......83.....97...5.4.....9..1" |
  $M solve --trace >"$T/o" 2>"$T/e" && fail "trace accepted a short line"
grep -q "<stdin>:1:" "$T/e" || fail "trace error names the line"
echo ok
