#!/usr/bin/env bash
# test_trace_long — the random cross-check of test_trace (explaining solver
# against the fast solver, every shape) with 20 times as many rounds.
#
# ctest-labels: slow
# ctest-timeout: 1800
set -u
MC_TEST_SCALE=20 "${MC_BUILD_DIR:?}/test_trace"
