#!/usr/bin/env bash
# minclue run with `engine = band`: single process and mpirun -np 3 give the
# same puzzles, job verify passes, summary.json carries the band counters;
# a job without an engine key runs the band engine on every rank;
# non-9x9 grids and checker options are refused with engine = band.
# ctest-labels: mpi cli
# ctest-timeout: 600
set -euo pipefail
M=${MINCLUE:?}
D=$(cd "${MC_TEST_DATA:?}" && pwd)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
T=$(mktemp -d /tmp/test_run_band.XXXXXX)
trap 'rm -rf "$T"' EXIT
cd "$T"
fail() { echo "FAIL: $*" >&2; exit 1; }
body() { grep -v '^#' "$1/found.txt" || true; }
num() { sed -n "s/.*\"$2\": \([0-9.]*\).*/\1/p;T;q" "$1/summary.json"; }

# three grids of the 17-clue list, K = 16: no puzzle (the list is complete)
awk '/^G /{print $2; if (++n == 3) exit}' "$D/seventeen-grids.txt" > grids.txt
cat > band.job <<JOB
source = grids grids.txt
clues = 16
chunk = 2
engine = band
output = out1
JOB

echo "== single process"
"$M" run --quiet band.job
"$M" job verify out1 > v1.txt || { cat v1.txt; fail "job verify (single)"; }
[ "$(body out1 | wc -l)" = 0 ] || fail "a 16-clue puzzle reported"
[ "$(num out1 grids)" = 3 ] || fail "summary: grids"
for c in pairs survivors two_band_pass band3_nodes ua_two_band; do
  v=$(num out1 $c); [ -n "$v" ] && [ "$v" -gt 0 ] || fail "summary: $c is '$v'"
done
[ "$(num out1 nodes)" = 0 ] || fail "summary: checker nodes counted by the band engine"

echo "== mpirun -np 3"
mpirun -np 3 "$M" run --quiet --output out3 band.job 2>/dev/null
"$M" job verify out3 > v3.txt || { cat v3.txt; fail "job verify (mpirun)"; }
[ "$(body out3 | wc -l)" = 0 ] || fail "mpirun: a 16-clue puzzle reported"
for c in grids pairs survivors two_band_pass band3_nodes band3_checks ua_initial puzzles; do
  [ "$(num out1 $c)" = "$(num out3 $c)" ] || fail "mpirun: $c differs"
done

echo "== no engine key: the master resolves the default (band on 9x9) and every worker runs it"
grep -v '^engine' band.job | sed 's/^output.*/output = outd/' > default.job
mpirun -np 3 "$M" run --quiet default.job 2>/dev/null
grep -q '"engine": "band"' outd/summary.json || fail "default engine: not band in summary.json"
for c in grids pairs survivors two_band_pass band3_nodes; do
  [ "$(num out1 $c)" = "$(num outd $c)" ] || fail "default engine under mpirun: $c differs from engine = band"
done
[ "$(num outd nodes)" = 0 ] || fail "default engine under mpirun: a worker ran the checker"

echo "== refused: 4x4 grids, checker options"
cat > small.job <<JOB
source = grids $D/grids-4x4-all.txt
clues = 4
engine = band
output = out4
JOB
if "$M" run --quiet small.job 2> e4.txt; then fail "4x4 with engine = band accepted"; fi
[ "$(wc -l < e4.txt)" = 1 ] && grep -q "small.job: engine band takes 9x9 grids only, not 4x4" e4.txt \
  || { cat e4.txt; fail "4x4 refusal message"; }
sed 's/^output.*/output = outx/' band.job > opt.job; echo "ua_limit = 100" >> opt.job
if "$M" run --quiet opt.job 2> eo.txt; then fail "ua_limit with engine = band accepted"; fi
grep -q "opt.job: .*checker options" eo.txt || { cat eo.txt; fail "checker option refusal message"; }
sed 's/^engine.*/engine = fast/' band.job > bad.job
if "$M" run --quiet bad.job 2> eb.txt; then fail "unknown engine accepted"; fi
grep -q "engine must be one of checker, band, brute, check64, none, not 'fast'" eb.txt || { cat eb.txt; fail "unknown engine message"; }
echo "PASS"
