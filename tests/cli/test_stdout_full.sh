#!/bin/bash
# test_stdout_full — every command notices a write error on standard output
# (> /dev/full): a non-zero exit and a message naming the output.
set -u
: "${MINCLUE:?}" "${MC_TEST_DATA:?}"
M=$MINCLUE
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
[ -w /dev/full ] || { echo "skip: no /dev/full"; exit 0; }

# inputs
"$M" grids enum --box 2x3 --format cat -o "$tmp/g6.cat" || { echo "FAIL: setup"; exit 1; }
awk '!/^#/ {print; if (++n == 2) exit}' "$MC_TEST_DATA/known-grids.txt" > "$tmp/g9.txt"
grep -v '^#' "$MC_TEST_DATA/seventeen.txt" | head -1 | cut -c1-81 > "$tmp/p17.txt"
"$M" grids enum --box 2x2 > "$tmp/g4.txt"

full() { # description, command...
    local d=$1; shift
    "$@" > /dev/full 2> "$tmp/err"
    local rc=$?
    if [ $rc != 0 ] && grep -qi "standard output" "$tmp/err"; then
        echo "ok: $d (exit $rc)"
    else
        echo "FAIL: $d: exit $rc, stderr: $(head -c 300 "$tmp/err")"; fails=$((fails + 1))
    fi
}
full "solve" "$M" solve "$MC_TEST_DATA/seventeen.txt"
full "solve (one line)" "$M" solve "$tmp/p17.txt"
full "validate" "$M" validate "$MC_TEST_DATA/seventeen.txt"
full "grids cat" "$M" grids cat "$tmp/g6.cat"
full "grids enum" "$M" grids enum --box 2x3
full "grids canon" "$M" grids canon "$tmp/g9.txt"
full "grids count" "$M" grids count --box 2x3
full "uas" "$M" uas "$tmp/g9.txt"
full "search" "$M" search --clues 4 --quiet "$tmp/g4.txt"
full "generate grid" "$M" generate grid --count 3 --seed 1
full "generate puzzle" "$M" generate puzzle --count 1 --seed 1
full "minimum" "$M" minimum --box 2x2
full "--help" "$M" --help
full "--version" "$M" --version
[ $fails = 0 ] && echo "all passed"
exit $((fails > 0))
