#!/bin/sh
# Regenerates es8x8-sample.txt: 2000 of the 1,673,187 essentially different
# 8x8 grids (2x4 boxes), drawn without replacement with Python's random
# (seed 8) over the catalogue order of `minclue grids enum --box 2x4`,
# written in that order.   usage: make_es8x8_sample.sh MINCLUE > es8x8-sample.txt
set -e
"$1" grids enum --box 2x4 | python3 -c '
import random, sys
lines = sys.stdin.read().split()
pick = sorted(random.Random(8).sample(range(len(lines)), 2000))
sys.stdout.write("".join(lines[i] + "\n" for i in pick))'
