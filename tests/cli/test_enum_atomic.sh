#!/bin/bash
# test_enum_atomic — `grids enum -o FILE` writes a temporary file and renames
# it: interrupted (SIGTERM) mid-run, the FILE that was there survives intact
# and no partial file is left; a finished run replaces it.
set -u
: "${MINCLUE:?}" "${MC_TEST_DATA:?}"
M=$MINCLUE
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T"
fails=0
check() { if [ "$2" = 0 ]; then echo "ok: $1"; else echo "FAIL: $1"; fails=$((fails + 1)); fi; }

"$M" grids enum --box 2x3 --format cat -o old.cat > /dev/null
"$M" grids enum --box 2x3 -o old.txt > /dev/null
for fmt in cat text; do
    f=old.txt; [ $fmt = cat ] && f=old.cat
    cp $f keep
    # 8x8 takes seconds: interrupted after one
    "$M" grids enum --box 2x4 --format $fmt -o $f > /dev/null 2> err.txt &
    pid=$!
    sleep 1.5
    kill -TERM $pid
    wait $pid
    rc=$?
    [ $rc != 0 ]; check "$fmt: interrupted enum exits non-zero ($rc)" $?
    cmp -s keep $f; check "$fmt: the old $f survives the SIGTERM" $?
    left=$(ls | grep -v -x -e old.cat -e old.txt -e keep -e err.txt)
    [ -z "$left" ]; check "$fmt: no partial file left ($left)" $?
    "$M" grids cat $f > /dev/null; check "$fmt: grids cat reads the old $f" $?
done
# a finished run replaces the file
"$M" grids enum --box 2x2 --format cat -o old.cat > /dev/null
[ "$("$M" grids cat old.cat | wc -l)" = 2 ]; check "a finished run replaces the catalogue" $?
"$M" grids enum --box 2x2 -o old.txt > /dev/null
[ "$(wc -l < old.txt)" = 2 ]; check "a finished run replaces the text file" $?
# an output in a directory that does not exist: an error, nothing made
"$M" grids enum --box 2x2 -o nodir/x.txt > /dev/null 2>&1
[ $? != 0 ] && [ ! -e nodir ]; check "missing directory: error" $?

[ $fails = 0 ] && echo "all passed"
exit $((fails > 0))
