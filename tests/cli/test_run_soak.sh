#!/usr/bin/env bash
# The soak: a band-pair dry run (engine none) under mpirun -np 4, killed with
# kill -9 every few seconds (a random rank: the master or one of the three
# workers) while the run writes its journal (0-4 s after a new line) and
# resumed each time, SOAK_KILLS times (default 20); then a last
# run completes it. At the end `minclue job verify` must prove every rank of
# the job exactly once (no rank missing or twice, every chunk's checksum
# recomputed from the source), and the completed job's summary must count
# each rank once. The workers are paced (MC_TEST_GRID_DELAY_MS=1: at most
# 1,000 groups/s each) so that the kills fall inside the run whatever the
# machine's speed or load. One line per run on stdout (the log committed as
# tests/bench/results/soak_run.txt by scripts/soak).
# Environment: MINCLUE (the binary), SOAK_KILLS, SOAK_RANKS (default
# 54497-354496: 300,000 groups of band 2), SOAK_SEED.
# ctest-labels: slow mpi cli
# ctest-timeout: 3600
set -euo pipefail
M=${MINCLUE:?}
KILLS=${SOAK_KILLS:-20}
RANKS=${SOAK_RANKS:-54497-354496}
SEED=${SOAK_SEED:-$(date +%s)}
RANDOM=$SEED
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
T=$(mktemp -d /tmp/test_run_soak.XXXXXX)
trap 'rm -rf "$T"' EXIT
cd "$T"
fail() { echo "FAIL: $*" >&2; exit 1; }
first=${RANKS%-*} last=${RANKS#*-}
total=$((last - first + 1))
cat > soak.job <<JOB
source = bandpairs
ranks = $RANKS
clues = 16
chunk = 200
engine = none
inflight = 4
output = out
JOB
echo "soak: seed $SEED, ranks $RANKS ($total band-pair groups), chunk 200, mpirun -np 4, $KILLS kills"

# the MPI rank of a process (its Open MPI environment)
mpi_rank() { tr '\0' '\n' < "/proc/$1/environ" 2> /dev/null | sed -n 's/^OMPI_COMM_WORLD_RANK=//p'; }
# the pid of MPI rank $2 among the children of mpirun $1
rank_pid() { for p in $(pgrep -P "$1"); do [ "$(mpi_rank "$p")" = "$2" ] && echo "$p"; done; return 0; }
chunks() { if [ -f out/journal ]; then grep -c '^C ' out/journal || true; else echo 0; fi; }

t0=$(date +%s)
kills=0 run=0
while [ $kills -lt "$KILLS" ]; do
  run=$((run + 1))
  mpirun -np 4 -x MC_TEST_GRID_DELAY_MS=1 "$M" run --quiet soak.job > "run$run.txt" 2>&1 &
  mp=$!
  # kill while the run works: after its next journal line, 0-4 s later (the
  # start-up of four ranks takes seconds, more on a loaded machine)
  c0=$(chunks) ts=$(date +%s)
  for _ in $(seq 120); do [ "$(chunks)" -gt "${c0:-0}" ] || ! kill -0 $mp 2> /dev/null && break; sleep 1; done
  sleep $((RANDOM % 5))
  wait_s=$(( $(date +%s) - ts ))
  if ! kill -0 $mp 2> /dev/null; then
    wait $mp && rc=0 || rc=$?
    [ $rc = 0 ] && fail "run $run: the job completed after $kills kills (make SOAK_RANKS larger)"
    cat "run$run.txt"; fail "run $run ended by itself with status $rc"
  fi
  # the four ranks of this mpirun, by MPI rank
  target=$((RANDOM % 4))
  pid=$(rank_pid $mp $target)
  [ -n "$pid" ] || { sleep 1; pid=$(rank_pid $mp $target); } # still starting
  [ -n "$pid" ] || { cat "run$run.txt"; fail "run $run: rank $target not found"; }
  kill -9 "$pid"
  kills=$((kills + 1))
  # mpirun notices the dead rank and ends the others
  for _ in $(seq 60); do kill -0 $mp 2> /dev/null || break; sleep 1; done
  if kill -0 $mp 2> /dev/null; then
    pkill -9 -P $mp || true; kill -9 $mp || true
    echo "run $run: mpirun still there 60 s after the kill: killed"
  fi
  wait $mp 2> /dev/null || true
  what=$([ $target = 0 ] && echo master || echo "worker $target")
  note=$(grep -o "[0-9]* torn or damaged lines* ignored" "run$run.txt" || true)
  echo "run $run: kill -9 of rank $target ($what) after $wait_s s; journal: $(chunks) chunks${note:+ (at the start of this run: $note)}"
done

run=$((run + 1))
mpirun -np 4 -x MC_TEST_GRID_DELAY_MS=1 "$M" run --quiet soak.job > "run$run.txt" 2>&1 || { cat "run$run.txt"; fail "the last run"; }
grep "complete:" "run$run.txt" | sed "s|$T/||; s/^/run $run: /"
echo "soak: $kills kills in $run runs, $(( $(date +%s) - t0 )) s"
"$M" job verify out > verify.txt || { cat verify.txt; fail "job verify"; }
sed "s|$T/||" verify.txt
grep -q "ranks $first..$last, $total band-pair groups, K = 16: 0 puzzles (dry run" verify.txt || fail "verify claim"
[ "$(grep -c '^C ' out/journal)" = $(((total + 199) / 200)) ] || fail "journal: not one line per chunk"
echo "ok"
