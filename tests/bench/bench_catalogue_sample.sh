#!/usr/bin/env bash
# bench_catalogue_sample — whole-catalogue figures from a stratified sample of
# bands (not a test; run by hand on a quiet machine):
#   the 416 minlex bands are cut into strata of STEP consecutive bands and
#   the first band of each stratum that holds grids is enumerated into a catalogue file
#   (`grids enum --bands B-B --format cat --first-rank 1`, one core). Each
#   sampled band stands for its stratum, weighted by the stratum's grid
#   count (from the per-band counts file: a `grids count` cache or the
#   oracle), which gives
#     - the catalogue size of all 5,472,730,538 grids in bits per grid;
#     - the enumeration rate over the whole catalogue (grids per CPU
#       second, with writing the catalogue file) and the estimated time of
#       the full run on one core.
#   The per-band lines are exact; the totals are estimates. With MODE=count
#   in the environment the bands are only counted (`grids count`): the
#   enumeration rate without writing (bytes and bits are then 0).
# usage: [MODE=count] tests/bench/bench_catalogue_sample.sh [STEP] [BUILD_DIR] [COUNTS]
#   STEP: default 16 (26 bands); COUNTS: lines 'band B N' or 'B N'
#   (default tests/data/es-grids-per-band.txt).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
STEP=${1:-16}
B=$(cd "${2:-$ROOT/build}" && pwd)
COUNTS=${3:-$ROOT/tests/data/es-grids-per-band.txt}
M=$B/minclue
T=$(mktemp -d /tmp/bench_catsample.XXXXXX)
trap 'rm -rf "$T"' EXIT
MODE=${MODE:-cat}
echo "== bench_catalogue_sample $(date -u +%FT%TZ), step $STEP, mode $MODE, load: $(cut -d' ' -f1-3 /proc/loadavg)"
"$M" --version | head -1
# per-band counts -> the sampled band of each stratum (its first band that has grids)
awk '!/^#/ && NF >= 2 { if ($1 == "band") print $2, $3; else if ($1 ~ /^[0-9]+$/) print $1, $2 }' "$COUNTS" > "$T/counts.txt"
bands=$(awk -v step="$STEP" '{ cnt[$1] = $2 } END {
    for (s = 1; s <= 416; s += step) for (i = s; i < s + step && i <= 416; i++) if (cnt[i] > 0) { print i; break } }' "$T/counts.txt")
printf '%5s %12s %12s %8s %9s %12s\n' band grids bytes bits cpu_s grids/s
TIMEFORMAT='%U %S'
for b in $bands; do
    if [ "$MODE" = count ]; then
        t=$( { time "$M" grids count --bands "$b-$b" > "$T/out.txt" 2> /dev/null; } 2>&1 )
        : > "$T/b.cat"
    else
        t=$( { time "$M" grids enum --bands "$b-$b" --format cat --first-rank 1 -o "$T/b.cat" > "$T/out.txt" 2> /dev/null; } 2>&1 )
    fi
    n=$(awk '$1 == "band" {print $3}' "$T/out.txt")
    bytes=$(stat -c %s "$T/b.cat")
    cpu=$(echo "$t" | awk '{print $1 + $2}')
    echo "$b $n $bytes $cpu" >> "$T/rows.txt"
    awk -v b="$b" -v n="$n" -v y="$bytes" -v c="$cpu" 'BEGIN {
        printf "%5d %12d %12d %8.2f %9.2f %12.0f\n", b, n, y, (n ? 8 * y / n : 0), c, (c > 0 ? n / c : 0) }'
    rm -f "$T/b.cat"
done
# stratum weights: the grids of the stratum the sampled band opens or lies in
awk -v step="$STEP" 'NR == FNR { cnt[$1] = $2; next }
    { b = $1; n = $2; y = $3; c = $4; w = 0; s = b - (b - 1) % step
      for (i = s; i < s + step && i <= 416; i++) w += cnt[i]
      total += w; sn += n; sc += c
      if (n > 0) { bytes += w * y / n; cpu += w * c / n }
      else { empty += w } }
    END {
      printf "sampled: %.0f grids in %.1f CPU s (%.0f grids/s over the sampled bands)\n", sn, sc, sc ? sn / sc : 0
      printf "whole catalogue (%.0f grids; estimate, strata weighted by their grid counts):\n", total
      if (empty) printf "  (%.0f grids in strata whose sampled band is empty are not covered)\n", empty
      if (bytes) printf "  size %.0f MB, %.2f bits per grid\n", bytes / 1e6, 8 * bytes / (total - empty)
      printf "  enumeration%s: %.0f grids per CPU second, %.1f core-hours for all\n", (bytes ? " + writing" : " (count only)"), (total - empty) / cpu, cpu / 3600 * total / (total - empty) }' \
    "$T/counts.txt" "$T/rows.txt"
