#!/usr/bin/env bash
# test_band_bound — the band engine's memory bound (band_engine.h,
# BAND_ENGINE_MAX_PAIRS): from K = 18 on, the pairs of bands 1+2 it keeps
# for band 3 grow with the search (RSS 1.5-2 MB/s at K = 20-27, with no
# end). Past the bound the search stops with exit status 2 and one line
# naming the grid, 'memory bound reached', K and the way out (the checker),
# in `search`, `minimum`, and `run` alone and under mpirun (naming the
# grid's rank; no complete summary, no claim). MC_TEST_BAND_MAX_PAIRS
# (mc_test_hooks.h) lowers the bound so that it is reached in seconds;
# without it K = 17 runs as before.
# ctest-labels: cli mpi
# ctest-timeout: 300
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/job_prelude.sh"

"$M" grids unrank 1 > g.txt 2>/dev/null # the catalogue's first grid
export MC_TEST_BAND_MAX_PAIRS=20000
for K in 27 20; do
    rc=0
    timeout 120 "$M" search --engine band --clues $K g.txt > out.txt 2> err.txt || rc=$?
    cat err.txt
    [ $rc = 2 ] && [ "$(wc -l < err.txt)" = 1 ] &&
        grep -q "^g.txt:1: search failed: memory bound reached: K = $K needs more than 20000 band 1+2 pairs kept for band 3 (1 MiB), the band engine's bound; the checker has none: --engine checker$" err.txt
    check "search --engine band --clues $K: exit 2 ($rc), one line naming g.txt:1, K and --engine checker" $?
done
rc=0
timeout 120 "$M" minimum --engine band --from 27 g.txt > out.txt 2> err.txt || rc=$?
[ $rc = 2 ] && grep -q "memory bound reached: K = 27 needs more .*--engine checker" err.txt
check "minimum --engine band --from 27: exit 2 ($rc), naming K = 27 and --engine checker" $?
"$M" search --help | tr '\n' ' ' | grep -q "more than 16,777,216 band 1+2 pairs .*--engine checker"
check "search --help: the bound and the way out" $?
"$M" run --help | tr '\n' ' ' | grep -q "memory bound .*engine = checker"
check "run --help: the bound and the way out" $?

printf 'source = grids g.txt\nclues = 27\nchunk = 1\nengine = band\noutput = out\n' > band.job
for mode in single mpi; do
    rm -rf out
    rc=0
    if [ $mode = single ]; then
        timeout 120 "$M" run band.job > out.txt 2> err.txt || rc=$?
    else
        timeout 120 mpirun -x MC_TEST_BAND_MAX_PAIRS -np 2 "$M" run band.job > out.txt 2> err.txt || rc=$?
    fi
    cat err.txt
    [ $rc = 2 ] &&
        grep -q "grid of rank 1: the band engine failed (memory bound reached): band engine: K = 27 needs more than 20000 band 1+2 pairs .*engine = checker" err.txt &&
        ! grep -q "K = 27: [0-9]* puzzle" out.txt err.txt &&
        ! grep -qs '"complete": true' out/summary.json
    check "run ($mode), engine band, K = 27: exit 2 ($rc), names rank 1, K and engine = checker, no claim" $?
done

unset MC_TEST_BAND_MAX_PAIRS
timeout 120 "$M" search --engine band --clues 17 --quiet g.txt > out.txt 2> err.txt
check "without the hook: K = 17 on the same grid completes (exit $?)" $?
[ $fails = 0 ]
