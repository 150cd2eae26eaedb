#!/usr/bin/env bash
# test_demo — the run headers of scripts/demo name what they search: "grid
# 5" for one rank (DEMO_RANKS17=5, or 5-5), "grids 4-6" for a range, for
# the K = 16 and K = 17 runs alike (it said "grids 5" for one); a bad
# DEMO_ENGINE is refused before the build. mpirun,
# cmake and dpkg-query are stubs (nothing is built or run: the stub mpirun
# records the job it was given, and the demo stops at its report, as no
# run wrote a summary); the binary is the build's.
# ctest-labels: unit
# ctest-timeout: 60
set -uo pipefail
S=${MC_SOURCE_DIR:?}
source "$(dirname "${BASH_SOURCE[0]}")/prelude.sh"

mkdir -p stubs build
printf '#!/bin/sh\nprintf "install ok installed"\n' > stubs/dpkg-query
printf '#!/bin/sh\necho "cmake $*" >> "%s/cmake.log"\nexit 0\n' "$T" > stubs/cmake
printf '#!/bin/sh\nfor a; do :; done\necho "mpirun $a" >> "%s/mpirun.log"\nexit 0\n' "$T" > stubs/mpirun
chmod +x stubs/*
ln -s "$M" build/minclue

demo() { # DEMO_RANKS16 DEMO_RANKS17: the demo's output (stdout and stderr); its exit status
    rm -f mpirun.log
    env PATH="$T/stubs:$PATH" MC_DPKG_QUERY="$T/stubs/dpkg-query" MC_BUILD_DIR="$T/build" DEMO_OUT="$T/out" \
        DEMO_PAIRS=0 DEMO_NP=2 ${1:+DEMO_RANKS16=$1} ${2:+DEMO_RANKS17=$2} bash "$S/scripts/demo" > demo.txt 2>&1
}

demo "" ""
grep -qx "== K = 16 on grids 1-40 of grids/demo-sample.txt, engine .*" demo.txt
check "default K = 16 header: grids 1-40" $?
grep -qx "== K = 17 on grids 4-6 of grids/demo-sample.txt, engine .*" demo.txt
check "default K = 17 header: grids 4-6" $?
demo 2 5
grep -qx "== K = 16 on grid 2 of grids/demo-sample.txt, engine .*" demo.txt
check "DEMO_RANKS16=2: 'grid 2'" $?
grep -qx "== K = 17 on grid 5 of grids/demo-sample.txt, engine .*" demo.txt
check "DEMO_RANKS17=5: 'grid 5'" $?
grep -qx "ranks = 5" out/k17.job && grep -q "mpirun .*/k17.job" mpirun.log
check "the K = 17 job has ranks = 5 and went to mpirun" $?
demo 7-7 3-4
grep -qx "== K = 16 on grid 7 of grids/demo-sample.txt, engine .*" demo.txt
check "DEMO_RANKS16=7-7: 'grid 7'" $?
grep -qx "== K = 17 on grids 3-4 of grids/demo-sample.txt, engine .*" demo.txt
check "DEMO_RANKS17=3-4: 'grids 3-4'" $?
! grep -q "on grids [0-9]*[ ,]" demo.txt
check "no 'grids N' for one rank" $?
# a DEMO_ENGINE it cannot use is refused before the build (it took an 11 s
# build to say so): exit 2, one line, no cmake and no mpirun
rm -f cmake.log
DEMO_ENGINE=foo demo "" ""; rc=$?
[ $rc = 2 ] && grep -qx "scripts/demo: DEMO_ENGINE must be checker or band, not 'foo'" demo.txt && [ "$(wc -l < demo.txt)" = 1 ]
r=$?; check "DEMO_ENGINE=foo: refused in one line, exit 2 (got $rc: $(head -c 200 demo.txt))" $r
[ ! -e cmake.log ] && [ ! -e mpirun.log ]; check "DEMO_ENGINE=foo: refused before the build (nothing built or run)" $?
rm -f cmake.log
DEMO_ENGINE=checker demo "" ""
[ -s cmake.log ] && grep -qx "engine = checker" out/k16.job; check "DEMO_ENGINE=checker: built and written into the jobs" $?
[ $fails = 0 ]
