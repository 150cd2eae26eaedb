# job_prelude.sh — sourced by the shell tests of `run`, `job` and the MPI
# launchers: prelude.sh ($M, $D, $T, check), and LeakSanitizer off: `run`
# starts Open MPI, whose own allocations (some in unloaded plugins, so they
# cannot be suppressed by name) LeakSanitizer would report at exit; the job
# code's leaks are checked by test_job. Other sanitizer errors still fail.
source "$(dirname "${BASH_SOURCE[0]}")/prelude.sh"
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
