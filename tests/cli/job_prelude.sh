# job_prelude.sh — sourced by the shell tests of `run` and `job`: the binary
# ($M), the test data ($D), a scratch directory ($T, the working directory,
# kept with KEEP=1), and check NAME STATUS, which counts failures in $fails.
# `run` starts Open MPI, whose own allocations LeakSanitizer would report.
: "${MINCLUE:?}" "${MC_TEST_DATA:?}"
M=$MINCLUE
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
D=$(cd "$MC_TEST_DATA" && pwd)
T=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$T"' EXIT
cd "$T"
fails=0
check() { if [ "$2" = 0 ]; then echo "ok: $1"; else echo "FAIL: $1"; fails=$((fails + 1)); fi; }
