#!/usr/bin/env bash
# Writes grids/demo-sample.txt to stdout:
#   grids 1-20:  the solutions of the first 20 puzzles of tests/data/seventeen.txt,
#                each followed by that 17-clue puzzle (the K = 17 run must re-find it);
#   grids 21-40: 20 essentially different grids drawn uniformly over the whole
#                catalogue (`minclue grids sample`, seed 2026), each followed by
#                `rank=R`, its catalogue rank.
# usage: grids/make_demo_sample.sh MINCLUE COUNTS > grids/demo-sample.txt
# COUNTS is the rank cache (per-band and per-row-4 counts) that
# `scripts/enumerate-all --format count` leaves as OUTDIR/counts.txt.
set -euo pipefail
[ $# -eq 2 ] || { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
M=$1 COUNTS=$2
root=$(cd "$(dirname "$0")/.." && pwd)
echo "# minclue demo sample: 40 solution grids (made by grids/make_demo_sample.sh)."
echo "# Grids 1-20: the solutions of the first 20 puzzles of tests/data/seventeen.txt,"
echo "#   each followed by that 17-clue puzzle."
echo "# Grids 21-40: grids drawn uniformly over all 5,472,730,538 essentially different"
echo "#   grids (minclue grids sample --count 20 --seed 2026), each followed by its rank."
grep -v '^#' "$root/tests/data/seventeen.txt" | head -20 | "$M" solve | awk -F: '{print $3, $1}'
"$M" grids sample --count 20 --seed 2026 --counts "$COUNTS" 2>/dev/null | awk '{print $1, "rank=" $2}'
