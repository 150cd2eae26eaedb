#!/usr/bin/env bash
# bench_run — the job runner's figures (not a test; run by hand):
#  1. bench_job: a 2,000,000-grid catalogue and the master's read rate;
#  2. master capacity: mpirun --dry-run over that catalogue (workers search
#     nothing), grids per second of wall time and per master CPU second;
#  3. band-pair dry run: mpirun -np 3 --dry-run over BP_RANKS (default
#     1-300000, chunk 1000), groups per second of wall time and per master
#     CPU second, and the CPU of all ranks (the workers make the groups);
#  4. scaling: the same job with 1 and 2 workers (default: jobs/demo16.job,
#     grids 1-RANKS; SCALING_JOB=FILE to choose another).
# usage: tests/bench/bench_run.sh [BUILD_DIR] [PART...]   PART: catalogue,
# bandpairs, scaling (default all); MINCLUE=FILE runs another minclue binary
# (a build to compare). Results on stdout; commit them as
# tests/bench/results/bench_run.txt.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
B=$(cd "${1:-$ROOT/build}" && pwd)
shift || true
PARTS=${*:-catalogue bandpairs scaling}
M=${MINCLUE:-$B/minclue}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
T=$(mktemp -d /tmp/bench_run.XXXXXX)
trap 'rm -rf "$T"' EXIT
part() { case " $PARTS " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
# "complete:" line of a run -> UNITS/s of wall time and per master CPU second
rates() { # line units
  echo "$1" | awk -v u="$2" '{
    for (i = 1; i <= NF; i++) { if ($i == "run:" && $(i+1) ~ /^[0-9]+$/) g = $(i+1); if ($i == "in" && !w) w = $(i+1); if ($i == "CPU") c = $(i+1) }
    printf "capacity: %.0f %s/s of wall time, %.0f %s per master CPU second\n", g / w, u, g / c, u }'
}
echo "== bench_run $(date -u +%FT%TZ) on $(nproc) cores, load: $(cut -d' ' -f1-3 /proc/loadavg)"
"$M" --version
if part catalogue; then
"$B/bench_job" 2000000 "$T/grids.cat"

echo "== master capacity: mpirun -np 3 --dry-run, chunk 10000"
printf 'source = catalogue %s\nclues = 16\nchunk = 10000\noutput = %s/dry\n' "$T/grids.cat" "$T" > "$T/dry.job"
mpirun -np 3 "$M" run --quiet --dry-run "$T/dry.job" 2> "$T/dry.txt"
line=$(grep "complete:" "$T/dry.txt")
echo "$line"
rates "$line" grids
fi

if part bandpairs; then
BP_RANKS=${BP_RANKS:-1-300000}
echo "== band-pair dry run: mpirun -np 3 --dry-run, ranks $BP_RANKS, chunk 1000"
printf 'source = bandpairs\nranks = %s\nclues = 16\nchunk = 1000\nengine = none\noutput = %s/bp\n' "$BP_RANKS" "$T" > "$T/bp.job"
# each rank under /usr/bin/time: its own CPU (user + sys) in $T/rank.N
/usr/bin/time -f "%U %S" -o "$T/bpcpu" mpirun -np 3 sh -c \
  'exec /usr/bin/time -f "%U %S" -o "$0.$OMPI_COMM_WORLD_RANK" "$@"' "$T/rank" "$M" run --quiet "$T/bp.job" 2> "$T/bp.txt"
line=$(grep "complete:" "$T/bp.txt")
echo "$line"
rates "$line" groups
echo "CPU of all ranks: $(awk '{print $1 + $2}' "$T/bpcpu") s, load $(cut -d' ' -f1 /proc/loadavg)"
# the load-independent figure: the workers' CPU per group; on two idle
# cores the wall time is about the larger of the busiest worker's CPU and
# half the CPU of all three ranks (MPI start-up not included)
n=$(echo "$line" | awk '{for (i = 1; i <= NF; i++) if ($i == "run:" && $(i+1) ~ /^[0-9]+$/) print $(i+1)}')
for r in 0 1 2; do awk '{print $1 + $2}' "$T/rank.$r"; done | awk -v n="$n" '
  { c[NR - 1] = $1 }
  END { w = c[1] + c[2]; m = c[1] > c[2] ? c[1] : c[2]; t = (w + c[0]) / 2; if (m > t) t = m
        printf "CPU per rank: master %.2f s, workers %.2f s and %.2f s: %.2f us of worker CPU per group; ", c[0], c[1], c[2], 1e6 * w / n
        printf "estimated on two idle cores: %.2f s, %.0f groups/s\n", t, n / t }'
"$M" job verify "$T/bp" | tail -1
fi

if part scaling; then

JOB=${SCALING_JOB:-$ROOT/jobs/demo16.job}
RANKS=${RANKS:-1-4}
if [ -n "${SCALING_JOB:-}" ]; then echo "== scaling: $JOB as given, 1 vs 2 workers"
else echo "== scaling: $JOB, ranks $RANKS, 1 vs 2 workers"; fi
for np in 2 3; do
  if [ -n "${SCALING_JOB:-}" ]; then sed "s|^ *output.*|output = $T/scale$np|" "$JOB" > "$T/scale$np.job"
  else { grep -v '^ *ranks' "$JOB" | sed "s|^ *output.*|output = $T/scale$np|"; echo "ranks = $RANKS"; } > "$T/scale$np.job"; fi
  # source paths in the job are relative to its own directory
  sed -i "s|^\(source *= *[a-z]* \)\([^/]\)|\1$(dirname "$JOB")/\2|" "$T/scale$np.job"
  s=$(date +%s.%N)
  /usr/bin/time -f "%U %S" -o "$T/cpu$np" mpirun -np $np "$M" run --quiet "$T/scale$np.job" 2> "$T/scale$np.txt"
  e=$(date +%s.%N)
  echo "workers $((np - 1)): $(awk "BEGIN {printf \"%.1f\", $e - $s}") s wall, CPU of all ranks $(awk '{print $1 + $2}' "$T/cpu$np") s, load $(cut -d' ' -f1 /proc/loadavg); $(grep complete: "$T/scale$np.txt" | sed 's/.*complete: //')"
  eval "t$np=$(awk "BEGIN {print $e - $s}")"
done
echo "speed-up 2 workers / 1 worker (wall): $(awk "BEGIN {printf \"%.2f\", $t2 / $t3}")"
echo "(on a machine with fewer idle cores than workers the wall-time ratio shows the contention, not the runner)"
fi
