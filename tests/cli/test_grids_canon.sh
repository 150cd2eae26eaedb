#!/bin/bash
# test_grids_canon — `minclue grids canon` on known grids and bad input.
# ctest-labels: unit golden
set -u
: "${MINCLUE:?}" "${MC_TEST_DATA:?}"
if ! "$MINCLUE" grids canon --help >/dev/null 2>&1; then
    echo "SKIPPED: 'minclue grids canon' is not dispatched in this build"
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
check() { # description, condition result
    if [ "$2" = 0 ]; then echo "ok: $1"; else echo "FAIL: $1"; fails=$((fails + 1)); fi
}

# known grids: forms and automorphism counts from the data file
grep -v '^#' "$MC_TEST_DATA/known-grids.txt" | awk '{print $1}' > "$tmp/in.txt"
grep -v '^#' "$MC_TEST_DATA/known-grids.txt" |
    awk '{f = ($2 == "=") ? $1 : $2; print f ":" $3}' > "$tmp/want.txt"
"$MINCLUE" grids canon "$tmp/in.txt" > "$tmp/got.txt"
check "known grids exit 0" $?
cmp -s "$tmp/want.txt" "$tmp/got.txt"
check "known grids: forms and automorphism counts" $?

# standard input and gzip input give the same answer
"$MINCLUE" grids canon < "$tmp/in.txt" > "$tmp/got2.txt"
cmp -s "$tmp/want.txt" "$tmp/got2.txt"
check "standard input" $?
gzip -c "$tmp/in.txt" > "$tmp/in.txt.gz"
"$MINCLUE" grids canon "$tmp/in.txt.gz" > "$tmp/got3.txt"
cmp -s "$tmp/want.txt" "$tmp/got3.txt"
check "gzipped input" $?

# forms are fixed points
cut -d: -f1 "$tmp/got.txt" > "$tmp/forms.txt"
"$MINCLUE" grids canon "$tmp/forms.txt" > "$tmp/again.txt"
cmp -s "$tmp/got.txt" "$tmp/again.txt"
check "forms canonicalize to themselves" $?

# 4x4: the two classes; 2x2 boxes have 3072 / automorphisms grids per class
printf '1234341221434321\n1234341223414123\n' > "$tmp/four.txt"
"$MINCLUE" grids canon --box 2x2 "$tmp/four.txt" > "$tmp/four.out"
check "4x4 exit 0" $?
[ "$(cut -d: -f1 "$tmp/four.out" | sort -u | wc -l)" = 2 ]
check "4x4: two different classes" $?

# 6x6 shape inferred from the length; a row swap inside a band keeps the form
g6='123456456123214365365214531642642531'
h6='456123123456214365365214531642642531'
printf '%s\n%s\n' "$g6" "$h6" > "$tmp/six.txt"
"$MINCLUE" grids canon "$tmp/six.txt" > "$tmp/six.out"
check "6x6 exit 0" $?
[ "$(sort -u "$tmp/six.out" | wc -l)" = 1 ] && [ "$(wc -l < "$tmp/six.out")" = 2 ]
check "6x6: equivalent grids share the form" $?

# bad input: puzzle, clash, bad characters -> file:line on stderr, exit 1
{
    head -1 "$tmp/in.txt" | sed 's/^./0/'
    head -1 "$tmp/in.txt"
    head -1 "$tmp/in.txt" | sed 's/^12/21/'
    echo 'hello'
} > "$tmp/bad.txt"
"$MINCLUE" grids canon "$tmp/bad.txt" > "$tmp/bad.out" 2> "$tmp/bad.err"
[ $? = 1 ]
check "bad input: exit status 1" $?
grep -q "bad.txt:1: a puzzle" "$tmp/bad.err"
check "puzzle reported with file:line" $?
grep -q "bad.txt:3: invalid grid" "$tmp/bad.err"
check "clash reported with file:line" $?
grep -q "bad.txt:4:" "$tmp/bad.err"
check "bad characters reported with file:line" $?
[ "$(wc -l < "$tmp/bad.out")" = 1 ]
check "only the valid line is answered" $?

"$MINCLUE" grids canon "$tmp/missing.txt" > /dev/null 2>&1
[ $? = 2 ]
check "missing file: exit status 2" $?

echo "$fails failure(s)"
[ "$fails" = 0 ]
