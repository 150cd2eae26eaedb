#!/usr/bin/env bash
# test_mutate_check — every deliberate break of tests/mutate/run still
# applies to the source (its text found exactly once in its file) and the
# mutated file still compiles (tests/mutate/run --check: nothing built, a
# few seconds). Moving code must move the mutations with it, and a
# mutation that no longer compiles would be "caught by the build" while
# testing nothing. Positive controls: a copy of the script with one
# mutation's text changed to text the source lacks, and one whose new
# text does not compile, both fail with the mutation named.
# ctest-labels: unit
# ctest-timeout: 120
set -u
: "${MC_SOURCE_DIR:?}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
check() { if [ "$2" = 0 ]; then echo "ok: $1"; else echo "FAIL: $1"; fails=$((fails + 1)); fi; }
RUN=$MC_SOURCE_DIR/tests/mutate/run

out=$(bash "$RUN" --check 2>&1)
st=$?
echo "$out" | tail -3

check "tests/mutate/run --check passes" $st
echo "$out" | grep -Eq '^([0-9]+) of \1 mutations apply'
check "every mutation applies and compiles" $?

# the controls: the script copied beside a view of the source
mkdir -p "$T/tree/tests/mutate"
ln -s "$MC_SOURCE_DIR/src" "$T/tree/src"
sed "s/'\\*zhi = clues - x - y;'/'*zhi = clues - x - y; (absent)'/" "$RUN" > "$T/tree/tests/mutate/run"
out=$(bash "$T/tree/tests/mutate/run" --check zhi16 2>&1)
st=$?
[ $st != 0 ] && echo "$out" | grep -q '^zhi16: does not apply (0 matches in src/band_split.c)'
check "a mutation whose text is not in the source fails" $?
sed "s/'\\*zhi = clues - x - y - (clues == 16);'/'*zhi = clues - x - y - (clues == 16) +;'/" "$RUN" > "$T/tree/tests/mutate/run"
out=$(bash "$T/tree/tests/mutate/run" --check zhi16 2>&1)
st=$?
[ $st != 0 ] && echo "$out" | grep -q '^zhi16: does not compile (src/band_split.c)'
check "a mutation that does not compile fails" $?
[ $fails = 0 ]
