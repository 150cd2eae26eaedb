# prelude.sh — sourced by the shell tests (tests/cli/test_*.sh): the binary
# ($M), the test data ($D), a scratch directory ($T, the working directory,
# kept with KEEP=1), and check NAME STATUS, which prints "ok: NAME" or
# "FAIL: NAME" and counts the failures in $fails (a test ends with
# `[ $fails = 0 ]`). Tests that start Open MPI source job_prelude.sh.
: "${MINCLUE:?}" "${MC_TEST_DATA:?}"
M=$MINCLUE
D=$(cd "$MC_TEST_DATA" && pwd)
T=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$T"' EXIT
cd "$T"
fails=0
check() { if [ "$2" = 0 ]; then echo "ok: $1"; else echo "FAIL: $1"; fails=$((fails + 1)); fi; }
