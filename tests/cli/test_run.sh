#!/usr/bin/env bash
# minclue run / job verify: single process vs mpirun, resume after kills at
# several points (including a torn journal line), SIGTERM, bad job files.
# ctest-labels: mpi cli
# ctest-timeout: 600
set -euo pipefail
M=${MINCLUE:?}
D=$(cd "${MC_TEST_DATA:?}" && pwd)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
# Sanitizer builds: Open MPI's own allocations (some in unloaded plugins, so
# they cannot be suppressed by name) show up as leaks at exit; the job code's
# leaks are checked by test_job. Other sanitizer errors still fail.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
T=$(mktemp -d /tmp/test_run.XXXXXX)
trap 'rm -rf "$T"' EXIT
cd "$T"
fail() { echo "FAIL: $*" >&2; exit 1; }
body() { grep -v '^#' "$1/found.txt"; }
totals() { grep -E '"(chunks|grids|ua_initial|nodes|candidates|puzzles|first|last|clues)"' "$1/summary.json"; }
same() { # same found.txt body and totals as the reference run
  diff <(body out1) <(body "$1") >/dev/null || fail "$2: found.txt differs"
  diff <(totals out1) <(totals "$1") >/dev/null || fail "$2: totals differ"
  "$M" job verify "$1" >verify.txt || { cat verify.txt; fail "$2: job verify"; }
}

cat > small.job <<JOB
# all 288 4x4 grids, every minimal puzzle of at most 4 clues (brute force)
source = grids $D/grids-4x4-all.txt
clues = 4
chunk = 10
engine = brute
output = out1
JOB

echo "== single process"
"$M" run --quiet small.job
[ -f out1/summary.json ] || fail "no summary.json"
grep -q '"claim": "ranks 1..288, 288 grids, K = 4: ' out1/summary.json || fail "claim"
n=$(body out1 | wc -l)
p=$(sed -n 's/.*"puzzles": \([0-9]*\).*/\1/p' out1/summary.json)
[ "$n" -gt 0 ] && [ "$n" = "$p" ] || fail "found.txt has $n lines, summary says $p"
head -1 out1/found.txt | grep '^# minclue' > /dev/null || fail "found.txt banner"
"$M" job verify out1 > v.txt && grep -q "ranks 1..288, 288 grids, K = 4: $p puzzles" v.txt || fail "verify claim"
# every found puzzle is unique with the grid as its solution (the solver, independently)
awk '!/^#/ && n++ < 50 {print $1}' out1/found.txt > some.txt
"$M" solve some.txt > solved.txt; awk -F: '$2 != 1 {bad=1} END {exit bad}' solved.txt || fail "a found puzzle is not unique"
awk '!/^#/ && n++ < 50 {print $2}' out1/found.txt > ranks.txt
grep -v '^#' "$D/grids-4x4-all.txt" > g.txt
paste -d' ' <(cut -d: -f3 solved.txt) ranks.txt | while read -r s r; do
  [ "$s" = "$(sed -n "${r}p" g.txt)" ] || fail "puzzle of rank $r does not solve to grid $r"
done

echo "== the checker engine against the brute-force twin, K = 3, 4, 5 on all 288 grids"
for k in 3 4 5; do
  sed "s/^clues.*/clues = $k/; s/^engine.*/engine = checker/; s/^output.*/output = ck$k/" small.job > ck$k.job
  sed "s/^clues.*/clues = $k/; s/^output.*/output = br$k/" small.job > br$k.job
  mpirun -np 3 "$M" run --quiet ck$k.job 2>/dev/null
  if [ $k = 4 ]; then cp -r out1 br4; else "$M" run --quiet br$k.job 2>/dev/null; fi
  diff <(body br$k) <(body ck$k) > /dev/null || fail "checker and brute differ at K = $k"
done
[ "$(body ck3 | wc -l)" = 0 ] || fail "puzzles with 3 clues"

echo "== mpirun -np 3"
mpirun -np 3 "$M" run --quiet --output out3 small.job
same out3 "np 3"
echo "== mpirun -np 4, one chunk in flight per worker"
sed 's/^output.*/output = out4\ninflight = 1/' small.job > in1.job
mpirun -np 4 "$M" run --quiet in1.job
same out4 "np 4 inflight 1"

echo "== rerun of a complete job changes nothing"
"$M" run --quiet small.job
same out1 "rerun"
[ "$(grep -c '^C' out1/journal)" = 29 ] || fail "rerun added chunks"

echo "== killed during journal writes (torn lines), then resumed"
for k in 1 9 29; do
  rm -rf ok$k
  set +e; MC_TEST_JOURNAL_KILL=$k "$M" run --quiet --output ok$k small.job 2>/dev/null; rc=$?; set -e
  [ $rc -ne 0 ] || fail "kill hook $k did not kill"
  [ "$(tail -c 1 ok$k/journal | od -An -c | tr -d ' ')" != '\n' ] || fail "hook $k left no torn line"
  set +e; "$M" job verify ok$k > v.txt; rc=$?; set -e
  [ $rc = 1 ] && grep -q "missing: ranks $(( (k-1)*10 + 1 ))..288" v.txt || { cat v.txt; fail "verify after kill $k"; }
  "$M" run --quiet --output ok$k small.job 2> resume.txt
  grep -q "torn or damaged line" resume.txt || fail "torn line not reported ($k)"
  same ok$k "kill hook $k"
done
rm -rf okm
set +e; MC_TEST_JOURNAL_KILL=12 mpirun -np 3 "$M" run --quiet --output okm small.job >/dev/null 2>&1; set -e
[ -f okm/summary.json ] && fail "mpirun kill hook: job completed"
mpirun -np 3 "$M" run --quiet --output okm small.job 2>/dev/null
same okm "mpirun kill hook"

echo "== torn last line made by truncation"
rm -rf otr; cp -r out1 otr; rm otr/summary.json otr/found.txt
truncate -s -7 otr/journal
"$M" run --quiet --output otr small.job 2>/dev/null
same otr "truncated journal"

echo "== kill -9 of the whole job at a few moments"
cat > slow.job <<JOB
source = grids $D/grids-4x4-all.txt
ranks = 1-120
clues = 6
chunk = 4
engine = brute
output = slowref
JOB
"$M" run --quiet slow.job
for t in 0.3 0.9 1.6; do
  rm -rf ok9
  MC_TEST_GRID_DELAY_MS=50 setsid mpirun -np 3 "$M" run --quiet --output ok9 slow.job >/dev/null 2>&1 &
  pid=$!
  sleep $t
  # mpirun and its ranks share the session that setsid made (ranks get their own process groups)
  ps -o pid= -s $pid | xargs -r kill -9 2>/dev/null || true
  wait $pid 2>/dev/null || true
  [ ! -f ok9/summary.json ] || fail "kill -9 at $t s: the job had already completed"
  mpirun -np 3 "$M" run --quiet --output ok9 slow.job 2>/dev/null
  diff <(body slowref) <(body ok9) >/dev/null || fail "kill -9 at $t s: found.txt differs"
  diff <(totals slowref) <(totals ok9) >/dev/null || fail "kill -9 at $t s: totals differ"
  "$M" job verify ok9 >/dev/null || fail "kill -9 at $t s: verify"
done

# Waits (up to 60 s) until the run writing into $1 has its journal: the
# signal handlers are installed before the journal is opened, so a signal
# sent then is handled however slowly the process started (MPI_Init under
# load); then a moment more, for the other ranks.
wait_journal() {
  for _ in $(seq 600); do [ -s "$1/journal" ] && break; sleep 0.1; done
  [ -s "$1/journal" ] || fail "no journal in $1 after 60 s"
  sleep 0.5
}

echo "== SIGTERM: stops cleanly (exit 3), journal consistent, resume completes"
rm -rf ost
MC_TEST_GRID_DELAY_MS=50 "$M" run --quiet --output ost slow.job 2> term.txt &
pid=$!
wait_journal ost
kill -TERM $pid 2>/dev/null || fail "the job ended before SIGTERM"
set +e; wait $pid; rc=$?; set -e
if [ $rc = 0 ]; then fail "SIGTERM: the job completed anyway"; else
  [ $rc = 3 ] || { cat term.txt; fail "SIGTERM exit status $rc"; }
  grep -q "run the same command again to resume" term.txt || fail "no resume hint"
  [ ! -f ost/summary.json ] || fail "summary.json after SIGTERM"
  [ "$(tail -c 1 ost/journal | od -An -c | tr -d ' ')" = '\n' ] || fail "journal not whole after SIGTERM"
fi
"$M" run --quiet --output ost slow.job 2>/dev/null
diff <(body slowref) <(body ost) >/dev/null || fail "SIGTERM resume: found.txt differs"
rm -rf ostm
# under mpirun: SIGUSR1 to mpirun is forwarded to every rank (SIGTERM makes Open MPI kill them)
MC_TEST_GRID_DELAY_MS=50 mpirun -np 3 -x MC_TEST_GRID_DELAY_MS "$M" run --quiet --output ostm slow.job 2> term.txt &
pid=$!
wait_journal ostm
kill -USR1 $pid 2>/dev/null || fail "the job ended before SIGUSR1"
set +e; wait $pid; rc=$?; set -e
[ $rc != 0 ] || fail "mpirun USR1: the job completed anyway"
if [ $rc != 0 ]; then
  [ $rc = 3 ] && grep -q "run the same command again to resume" term.txt || { cat term.txt; fail "mpirun USR1: exit $rc"; }
  [ "$(tail -c 1 ostm/journal | od -An -c | tr -d ' ')" = '\n' ] || fail "journal not whole after USR1"
fi
mpirun -np 3 "$M" run --quiet --output ostm slow.job 2>/dev/null
diff <(body slowref) <(body ostm) >/dev/null || fail "mpirun USR1 resume: found.txt differs"
"$M" job verify ostm >/dev/null || fail "mpirun USR1: verify"

echo "== a worker reporting a wrong puzzle: the master refuses it and records nothing"
set +e; MC_TEST_CORRUPT_FOUND=1 mpirun -np 2 "$M" run --quiet --output bad small.job > /dev/null 2> e.txt; rc=$?; set -e
[ $rc != 0 ] && grep -q "fails the master's check" e.txt || { cat e.txt; fail "corrupt puzzle accepted"; }
[ "$(grep -c '^C' bad/journal)" = 0 ] || fail "a chunk with a wrong puzzle was recorded"

echo "== dry run"
mpirun -np 3 "$M" run --quiet --dry-run --output dry small.job
"$M" job verify dry > v.txt; grep -q "dry run: nothing was searched" v.txt || fail "dry-run claim"
set +e; "$M" run --quiet --output dry small.job 2> e.txt; rc=$?; set -e
[ $rc = 2 ] && grep -q "another job" e.txt || fail "a real run resumed a dry-run journal"

echo "== enumerate source (grids made on the fly by the master), dry run"
printf 'source = enumerate\nbands = 1-1\nranks = 1-20000\nclues = 16\nchunk = 5000\noutput = en\n' > en.job
mpirun -np 3 "$M" run --quiet --dry-run en.job 2>/dev/null
"$M" job verify en > v.txt; grep -q "ranks 1..20000, 20000 grids, K = 16: 0 puzzles (dry run" v.txt || { cat v.txt; fail "enumerate"; }

echo "== bad job files and sources fail cleanly, before any work"
bad() { # expected-substring, job text
  printf '%s\n' "$2" > bad.job
  set +e; "$M" run bad.job 2> e.txt; rc=$?; set -e
  [ $rc = 2 ] && grep -q -- "$1" e.txt || { cat e.txt; fail "bad job: expected '$1' (exit $rc)"; }
  [ ! -d badout ] || fail "bad job created its output"
}
bad "bad.job:2: unknown key 'colour'" "$(printf 'source = grids %s\ncolour = red\nclues = 4\noutput = badout' "$D/grids-4x4-all.txt")"
bad "bad.job:1: source $T/none.txt" "$(printf 'source = grids none.txt\nclues = 4\noutput = badout')"
bad "bad.job:2: clues must be" "$(printf 'source = grids %s\nclues = many\noutput = badout' "$D/grids-4x4-all.txt")"
bad "missing key 'output'" "$(printf 'source = grids %s\nclues = 4' "$D/grids-4x4-all.txt")"
gzip -c "$D/grids-4x4-all.txt" > cut.gz; head -c $(( $(stat -c %s cut.gz) / 2 )) cut.gz > trunc.gz
[ "$(stat -c %s trunc.gz)" -lt "$(stat -c %s cut.gz)" ] || fail "could not truncate"
bad "trunc.gz" "$(printf 'source = grids trunc.gz\nclues = 4\noutput = badout')"
printf '1234341221434321\n1234341221434322\n' > clash.txt
bad "clash.txt:2:" "$(printf 'source = grids clash.txt\nclues = 4\noutput = badout')"
set +e; mpirun -np 2 "$M" run bad.job > /dev/null 2> e.txt; rc=$?; set -e
[ $rc != 0 ] && [ "$(grep -c 'clash.txt:2:' e.txt)" = 1 ] || { cat e.txt; fail "mpirun bad job: one message"; }
set +e; "$M" run /nonexistent.job 2> e.txt; rc=$?; set -e
[ $rc = 2 ] && grep -q "nonexistent.job" e.txt || fail "missing job file"
set +e; "$M" job verify "$T/nothing" 2> e.txt; rc=$?; set -e
[ $rc = 2 ] && grep -q "no journal" e.txt || fail "verify of nothing"
"$M" run --help > h.txt && grep -q "usage: minclue run" h.txt || fail "run --help"
grep -q "check64 (grids of at most 64" h.txt && grep -q "enumerate8" h.txt || fail "run --help: the engine check64 and the source enumerate8"
"$M" job --help > h.txt && grep -q "usage: minclue job verify" h.txt || fail "job --help"
echo "all run tests passed"
