#!/usr/bin/env bash
# The 8x8 proof's paths: minimum --engine check64 (shapes it cannot take
# refused by name; the first line names the engine), the enumerate8 source with engine check64 as a job
# (bad K, wrong shapes, an interrupted run resumes and is never reported
# complete, job verify), the 4x4 and 6x6 proofs through check64 equal to the
# checker's, --estimate with no line per grid on stderr.
# ctest-labels: cli
# ctest-timeout: 900
set -euo pipefail
M=${MINCLUE:?}
# Open MPI's own allocations are not reported as leaks in sanitizer builds
# (MPI_Init runs in `minclue run` even without mpirun), as in the other run tests
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
D=$(cd "${MC_TEST_DATA:?}" && pwd)
T=$(mktemp -d /tmp/test_minimum8.XXXXXX)
trap 'rm -rf "$T"' EXIT
cd "$T"
fail() { echo "FAIL: $*" >&2; exit 1; }
refused() { # refused WANT CMD...: exit status 2, one stderr line containing WANT
  local want=$1; shift
  set +e; "$@" >out.txt 2>err.txt; local st=$?; set -e
  [ $st = 2 ] || { cat out.txt err.txt; fail "$*: exit status $st, not 2"; }
  [ "$(wc -l < err.txt)" = 1 ] || { cat err.txt; fail "$*: not one error line"; }
  grep -qF -- "$want" err.txt || { cat err.txt; fail "$*: no '$want'"; }
}

echo "== minimum: check64 and the checker prove 4 (2x2) and 8 (2x3) with the same lines"
for b in 2x2 2x3; do
  "$M" minimum --box $b --engine check64 > c64.txt || fail "$b check64"
  "$M" minimum --box $b --engine checker > ck.txt || fail "$b checker"
  diff <(grep -E '^(K = |  e.g.|minimum:)' c64.txt | sed 's/ ([0-9]* nodes.*//; s/(.*minimal puzzles in all;.*/X/') \
       <(grep -E '^(K = |  e.g.|minimum:)' ck.txt | sed 's/ ([0-9]* nodes.*//; s/(.*minimal puzzles in all;.*/X/') \
    || fail "$b: check64 and checker differ"
  grep -q "minimal puzzles in all" c64.txt || fail "$b: no puzzle count"
  grep -q "^minimum $b (.*, engine check64$" c64.txt || { cat c64.txt; fail "$b: check64 not named"; }
  grep -q "^minimum $b (.*, engine checker$" ck.txt || { cat ck.txt; fail "$b: checker not named"; }
done
grep -q "^K = 8: 29 of 49 grids have unique puzzles with 8 clues (2619 minimal puzzles" c64.txt || { cat c64.txt; fail "6x6 counts"; }
grep -q "^minimum: 8 clues; none of the 49" c64.txt || fail "6x6 minimum"

echo "== minimum: shapes check64 cannot take, bad K"
refused "not 3x3 boxes" "$M" minimum --engine check64 --box 3x3
awk '!/^#/ {print substr($0, 1, 81); exit}' "$D/known-grids.txt" > g9.txt
refused "not 3x3 boxes" "$M" minimum --engine check64 g9.txt
refused "--ua-max is a checker option; --engine check64" "$M" minimum --engine check64 --ua-max 10 --box 2x4
refused "--from 65 is more than 64" "$M" minimum --engine check64 --from 65 "$D/es8x8-sample.txt"
head -2 "$D/es8x8-sample.txt" > two8.txt
awk '!/^#/ {print; exit}' "$D/grids-4x4-all.txt" >> two8.txt
refused "two8.txt:3: a 4x4 grid among 8x8 grids" "$M" minimum --engine check64 two8.txt

echo "== minimum --box 2x4: check64 by default, the checker by name or for a checker option"
"$M" minimum --box 2x4 --estimate 20 > d.txt 2> e.txt || fail "estimate, default engine"
grep -q "^K = 13: .*(engine check64, .*), 0 of 20 grids with puzzles" d.txt || { cat d.txt; fail "2x4 default engine"; }
# a progress line at most (every 30 s, or the last one after 2 s), not a line per grid
[ "$(wc -l < e.txt)" -le 1 ] && ! grep -q "rank" e.txt || { cat e.txt; fail "estimate: a line per grid on stderr"; }
"$M" minimum --box 2x4 --estimate 1 --ua-max 10 > d.txt || fail "estimate, --ua-max"
grep -q "^K = 13: .*(engine checker," d.txt || { cat d.txt; fail "2x4 with --ua-max"; }

echo "== minimum --box 2x4: the grids counted first (the published 1,673,187), a progress line with the total, no claim when stopped"
# script(1) gives the run a terminal, so that the progress line comes every
# half second (every 30 s into a file)
script -qefc "echo \$\$ > run.pid; exec \"$M\" minimum --box 2x4" /dev/null > tty.txt 2>&1 &
pid=$!
for _ in $(seq 600); do grep -q "/1673187 grids, .*K = 13" tty.txt 2>/dev/null && break; sleep 0.1; done
[ -s run.pid ] && kill -TERM "$(cat run.pid)" 2>/dev/null || true
wait $pid 2>/dev/null || true
grep -q "^minimum 2x4 (8x8 grids): 1673187 essentially different grids" tty.txt || { cat tty.txt; fail "no count line"; }
grep -q "/1673187 grids, .*K = 13" tty.txt || { cat tty.txt; fail "no progress line with the total"; }
! grep -q "^minimum:" tty.txt || { cat tty.txt; fail "a stopped proof printed a claim"; }
! grep -q "^K = 13: no unique" tty.txt || fail "a stopped proof printed the K = 13 line"

echo "== minimum over a file: check64 = checker on 8x8 grids (K = 13: none)"
head -20 "$D/es8x8-sample.txt" > s20.txt
"$M" minimum --engine check64 --from 13 s20.txt > a.txt || true
grep -q "^K = 13: no unique puzzle in any of the 20 grids" a.txt || { cat a.txt; fail "K = 13 on 20 grids"; }

echo "== job: enumerate8 + check64, interrupted, resumed, verified"
cat > e8.job <<JOB
source = enumerate8
clues = 13
chunk = 20
engine = check64
ranks = 1001-1200
output = out8
JOB
MC_TEST_GRID_DELAY_MS=100 "$M" run --quiet e8.job 2> term.txt &
pid=$!
for _ in $(seq 1200); do [ -s out8/journal ] && grep -q '^C ' out8/journal 2>/dev/null && break; sleep 0.1; done
grep -q '^C ' out8/journal || fail "no chunk in the journal after 120 s"
kill -TERM $pid 2>/dev/null || fail "the job ended before SIGTERM"
set +e; wait $pid; rc=$?; set -e
[ $rc = 3 ] || { cat term.txt; fail "SIGTERM exit status $rc"; }
[ ! -f out8/summary.json ] || fail "summary.json after SIGTERM"
set +e; "$M" job verify out8 > v.txt 2>&1; vs=$?; set -e
[ $vs != 0 ] || { cat v.txt; fail "job verify passed an interrupted run"; }
"$M" run --quiet e8.job 2> resume.txt || { cat resume.txt; fail "resume"; }
grep -q '"complete": true' out8/summary.json || fail "not complete after the resume"
grep -q '"grids": 200' out8/summary.json || fail "grid count"
grep -q '"puzzles": 0' out8/summary.json || fail "K = 13 found a puzzle"
"$M" job verify out8 > v.txt || { cat v.txt; fail "job verify"; }
grep -q "ranks 1001..1200, 200 grids, K = 13: 0 puzzles" v.txt || { cat v.txt; fail "verify claim"; }

echo "== job: bad K and wrong shapes are refused"
sed 's/clues = 13/clues = 65/' e8.job > k65.job
set +e; "$M" run k65.job > out.txt 2>err.txt; st=$?; set -e
[ $st != 0 ] && grep -q "k65.job:2: clues 65 is more than the 64 cells of a 8x8 grid" err.txt || { cat err.txt; fail "clues 65: status $st"; }
printf 'source = enumerate8\nshape = 3x3\nclues = 13\noutput = o\n' > sh.job
set +e; "$M" run sh.job > out.txt 2>err.txt; st=$?; set -e
[ $st != 0 ] && grep -q "source enumerate8 makes 8x8 grids of 2x4 boxes, not 3x3" err.txt || { cat err.txt; fail "shape: status $st"; }
printf 'source = grids %s\nclues = 17\nengine = check64\noutput = o9\n' "$T/g9.txt" > g9.job
set +e; "$M" run g9.job > out.txt 2>err.txt; st=$?; set -e
[ $st != 0 ] && grep -q "engine check64 takes grids of at most 64 cells, not 9x9" err.txt || { cat err.txt; fail "9x9 with check64: status $st"; }
[ ! -f o9/summary.json ] || fail "a summary for a refused job"
echo "== the committed 8x8 proof (jobs/proofs/8x8): its results verify, here in a copy"
# its source has no file, so the journal verifies wherever it is; a
# changed chunk line (its checksum) must fail
S=${MC_SOURCE_DIR:?}
cp -r "$S/jobs/proofs/8x8/results/es8x8-k13" proof13
"$M" job verify proof13 > v.txt || { cat v.txt; fail "the committed proof does not verify"; }
grep -qx "ranks 1..1673187, 1673187 grids, K = 13: 0 puzzles" v.txt || { cat v.txt; fail "proof claim"; }
grep -q '"complete": true' proof13/summary.json || fail "the committed summary is not complete"
sed -i '/^C first=1001 /s/ nodes=\([0-9]*\)/ nodes=1\1/' proof13/journal
set +e; "$M" job verify proof13 > v.txt 2>&1; vs=$?; set -e
[ $vs != 0 ] || { cat v.txt; fail "job verify passed a changed journal"; }
echo "all minimum8 checks passed"
