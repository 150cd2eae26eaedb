#!/usr/bin/env bash
# minclue run with `source = bandpairs` (dry run, engine none) over the last
# groups of band 1 and the first of band 2 (ranks 54494..54499: band 1 holds
# 54,496 groups, recounted by test_bandpair_rank and test_source_bandpairs):
# a run killed in the middle of a journal line and resumed gives the same
# chunks (checksums of the packed groups) as an uninterrupted run and as
# mpirun -np 3, nothing lost or counted twice; job verify passes, and fails
# on a damaged or duplicated journal line; bad ranges and engines that take
# no groups are refused with one line naming the job file and line. Engine
# band with K = 16 on one group (26 items, seconds) finds nothing.
# ctest-labels: mpi cli
# ctest-timeout: 300
set -euo pipefail
M=${MINCLUE:?}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
T=$(mktemp -d /tmp/test_run_bandpairs.XXXXXX)
trap 'rm -rf "$T"' EXIT
cd "$T"
fail() { echo "FAIL: $*" >&2; exit 1; }
num() { sed -n "s/.*\"$2\": \([0-9.]*\).*/\1/p;T;q" "$1/summary.json"; }
# the chunks of a journal: "first count sum", sorted
chunks() { sed -n 's/^C first=\([0-9]*\) count=\([0-9]*\) sum=\([0-9a-f]*\) .*/\1 \2 \3/p' "$1/journal" | sort -n; }

cat > bp.job <<JOB
source = bandpairs
ranks = 54494-54499
clues = 17
chunk = 2
engine = none
output = ref
JOB

echo "== single process"
"$M" run --quiet bp.job 2> run.txt || { cat run.txt; fail "run"; }
grep -q "complete: ranks 54494..54499, 6 band-pair groups" run.txt || { cat run.txt; fail "completion line"; }
"$M" job verify ref > v.txt || { cat v.txt; fail "job verify"; }
grep -q "ranks 54494..54499, 6 band-pair groups, K = 17: 0 puzzles (dry run" v.txt || { cat v.txt; fail "claim"; }
[ "$(num ref groups)" = 6 ] && [ "$(num ref chunks)" = 3 ] || fail "summary totals"
grep -q '"grids"' ref/summary.json && fail "summary.json counts groups as grids"
chunks ref > ref.txt
[ "$(wc -l < ref.txt)" = 3 ] && [ "$(cut -d' ' -f1 ref.txt | tr '\n' ' ')" = "54494 54496 54498 " ] \
  || { cat ref.txt; fail "reference chunks"; }
[ "$(cut -d' ' -f3 ref.txt | sort -u | wc -l)" = 3 ] || fail "three chunks with the same checksum"

echo "== killed in the middle of the second journal line, resumed"
set +e; MC_TEST_JOURNAL_KILL=2 "$M" run --quiet --output kill bp.job 2>/dev/null; rc=$?; set -e
[ $rc != 0 ] && [ ! -f kill/summary.json ] || fail "kill hook: the job completed"
set +e; "$M" job verify kill > v.txt; rc=$?; set -e
[ $rc = 1 ] && grep -q "missing: ranks 54496..54499 (4 band-pair groups)" v.txt || { cat v.txt; fail "verify after the kill"; }
grep -q "of 6 band-pair groups covered" v.txt || { cat v.txt; fail "verify after the kill: the unit"; }
"$M" run --quiet --output kill bp.job 2> res.txt || { cat res.txt; fail "resume"; }
grep -q "torn or damaged line" res.txt || { cat res.txt; fail "resume: the torn line not reported"; }
"$M" job verify kill > v.txt || { cat v.txt; fail "verify after resume"; }
diff ref.txt <(chunks kill) || fail "resumed chunks differ from the reference"
[ "$(num kill groups)" = 6 ] && [ "$(num kill chunks)" = 3 ] || fail "resumed summary totals"

echo "== mpirun -np 3"
mpirun -np 3 "$M" run --quiet --output mpi bp.job 2>/dev/null
"$M" job verify mpi > v.txt || { cat v.txt; fail "verify (mpirun)"; }
diff ref.txt <(chunks mpi) || fail "mpirun chunks differ from the reference"

echo "== damaged journals fail verify"
cp -r ref dmg
sed -i '/^C first=54496 /s/sum=\([0-9a-f]\)/sum=X\1/' dmg/journal
set +e; "$M" job verify dmg > v.txt; rc=$?; set -e
[ $rc = 1 ] && grep -q "missing: ranks 54496..54497" v.txt || { cat v.txt; fail "damaged line accepted"; }
cp -r ref dup
line=$(grep '^C first=54498 ' dup/journal); echo "$line" >> dup/journal
set +e; "$M" job verify dup > v.txt; rc=$?; set -e
[ $rc = 1 ] && grep -q "duplicated: ranks 54498..54499" v.txt || { cat v.txt; fail "duplicated line accepted"; }

echo "== engine band, K = 16, on the group that covers the first 17 of seventeen.txt: nothing"
# rank 500529974: see test_source_bandpairs (RANK17); its K = 17 run is test_run_bandpairs_slow
cat > k16.job <<JOB
source = bandpairs
ranks = 500529974
clues = 16
chunk = 1
engine = band
output = k16
JOB
"$M" run --quiet k16.job 2> run.txt || { cat run.txt; fail "K = 16 run"; }
"$M" job verify k16 > v.txt || { cat v.txt; fail "K = 16 verify"; }
grep -q "ranks 500529974..500529974, 1 band-pair group, K = 16: 0 puzzles" v.txt || { cat v.txt; fail "K = 16 claim"; }
v=$(num k16 pairs); [ -n "$v" ] && [ "$v" -gt 0 ] || fail "K = 16: the band engine counted no pairs"

echo "== refused"
refused() { # job-file-text expected-message
  printf '%s\n' "$1" > r.job
  if "$M" run --quiet r.job 2> e.txt; then fail "accepted: $1"; fi
  [ "$(wc -l < e.txt)" = 1 ] && grep -qF "$2" e.txt || { cat e.txt; fail "message for: $1"; }
}
refused "$(printf 'source = bandpairs\nranks = 983959100-983959111\nclues = 17\nengine = none\noutput = o')" \
  "r.job:2: ranks 983959100-983959111 are not all band-pair group ranks (1-983959110)"
refused "$(printf 'source = bandpairs\nranks = 1-3\nclues = 17\nengine = checker\noutput = o')" \
  "r.job:4: engine checker cannot take the band-pair groups of source bandpairs"
refused "$(printf 'source = bandpairs\nranks = 1-3\nclues = 17\nua_limit = 10\noutput = o')" \
  "ua_max_size, ua_limit and max_degree are checker options, not band ones"
refused "$(printf 'source = bandpairs\nranks = 1-3\nclues = 17\nengine = brute\noutput = o')" \
  "r.job:4: engine brute cannot take"
refused "$(printf 'source = bandpairs x\nclues = 17\nengine = band\noutput = o')" \
  "r.job:1: source bandpairs takes no file"
# the largest chunk jobs/README.md documents is the largest accepted
R=$(cd "${MC_TEST_DATA:?}/../.." && pwd)
doc=$(grep -o 'for `bandpairs` at most [0-9,]*' "$R/jobs/README.md" | grep -o '[0-9,]*$' | tr -d ,)
[ -n "$doc" ] || fail "jobs/README.md gives no largest bandpairs chunk"
refused "$(printf 'source = bandpairs\nranks = 1-3\nclues = 17\nchunk = %s\nengine = none\noutput = o' $((doc + 1)))" \
  "chunk $((doc + 1)) is too large for source bandpairs: at most $doc units"
[ ! -e o ] || fail "a refused job made its output directory"
echo "ok"
