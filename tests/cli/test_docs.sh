#!/usr/bin/env bash
# test_docs — the READMEs say what the program does, where it is checkable
# mechanically (README.md: the newcomer's page; src/cli/README.md: the
# command reference, "CLI" below; every README.md of the tree: "all"):
# - README.md's tree block names every script of scripts/;
# - CLI: the `--stats` paragraph names every counter key that `search --stats`
#   writes, in the order the JSON has them;
# - the range of `--ua-max` (search) and `ua_max_size` (jobs) is the same
#   in the program's messages, in CLI and in jobs/README.md;
# - CLI: the `search` summary example has the engine, as the program prints it;
# - CLI: the `minimum` examples (--box 2x3, --box 2x2 | tail -1, --engine band
#   on the catalogue's first grid) show the lines a run prints, seconds
#   aside: their node, candidate, puzzle and band-pair counts are
#   deterministic (lines with "..." are shortened and skipped);
# - no line a user copies runs plain `mpirun -np` (as root or with more
#   ranks than cores it fails; scripts/mpirun is the one that works):
#   code lines of all READMEs (except those for Slurm:
#   MC_LAUNCH, srun, sbatch), comment lines of jobs/**/*.job, and the
#   examples in the sbatch templates' headers;
# - the examples of all READMEs write into a scratch folder (/tmp/...), not into
#   the current directory (the source tree they run build/minclue from):
#   every file an example line ('    $ ...'; those of an installed
#   `minclue`, run in a folder of the user's, aside) names after -o,
#   --output, --outdir, --counts, --stats (not `uas --stats`, a switch),
#   `output =` or a redirection, except the project files that patterns
#   build and embed regenerate on purpose;
# - the number of default tests tests/README.md gives is ctest's.
# ctest-labels: unit
# ctest-timeout: 180
set -uo pipefail
S=${MC_SOURCE_DIR:?}
source "$(dirname "${BASH_SOURCE[0]}")/prelude.sh"
R=$S/README.md
CLI=$S/src/cli/README.md
ALL=$(find "$S" \( -name 'build*' -o -name '.*' \) -prune -o -name README.md -print | sort)

echo "== every script in the layout"
sed -n '/^    scripts\//,/^    [a-z.]*\/ /p' "$R" > layout.txt
for f in "$S"/scripts/*; do
    n=$(basename "$f")
    grep -qw -- "$n" layout.txt
    check "layout names scripts/$n" $?
done

echo "== the --stats keys, in order"
echo 1234341221434321 | "$M" search --quiet --clues 4 --stats st.json > /dev/null
keys=$(grep -o '"[a-z0-9_]*":' st.json | tr -d '":' | grep -vxE 'file|line|grid|clues|ua_by_size|[0-9]+')
n=$(echo "$keys" | grep -c .)
check "search --stats wrote $n counter keys" $([ "$n" -ge 20 ] && echo 0 || echo 1)
sed -n '/^`--stats FILE` writes one JSON object per grid/,/^$/p' "$CLI" | grep -o '`[a-z0-9_]*`' | tr -d '`' > doc.txt
prev=0
for k in $keys; do
    at=$(grep -nx "$k" doc.txt | head -1 | cut -d: -f1)
    check "README --stats names $k${at:+ (after the previous key)}" $([ -n "$at" ] && [ "$at" -gt "$prev" ] && echo 0 || echo 1)
    prev=${at:-$prev}
done

echo "== --ua-max and ua_max_size: one range"
"$M" search --clues 4 --ua-max 1 < /dev/null 2> e1.txt
r1=$(grep -o 'from [0-9]* to [0-9]*' e1.txt)
printf 'source = grids %s/tests/data/grids-4x4-all.txt\nclues = 4\nua_max_size = 1\noutput = o\n' "$S" > j.job
"$M" run j.job 2> e2.txt
r2=$(grep -o 'from [0-9]* to [0-9]*' e2.txt)
check "search and jobs refuse with the same range ('$r1', '$r2')" $([ -n "$r1" ] && [ "$r1" = "$r2" ] && echo 0 || echo 1)
lo=${r1#from }; lo=${lo%% *}; hi=${r1##* }
grep -q -- "--ua-max N\` (largest\$" "$CLI" && grep -q "set size, $lo..$hi)" "$CLI"
check "src/cli/README: --ua-max $lo..$hi" $?
grep -q "| \`ua_max_size\` | checker: unavoidable sets up to this size ($lo..$hi" "$S/jobs/README.md"
check "jobs/README: ua_max_size $lo..$hi" $?

echo "== the summary example"
echo 1234341221434321 | "$M" search --clues 4 > /dev/null 2> sum.txt
head=$(grep -o '^search: 1 grid, K = 4, engine [a-z]*: 12 puzzles;' sum.txt)
check "src/cli/README shows '$head'" $([ -n "$head" ] && grep -qF "$head" "$CLI" && echo 0 || echo 1)
echo "== the minimum examples are a run's output"
mask() { sed -E 's/[0-9]+\.[0-9]+ s\b/T s/g'; }
# shown ARGS: the lines under "    $ build/minclue minimum ARGS" (then the
# end of the line or a space) up to the next "$" line or the end of the block
shown() {
    awk -v cmd="    \$ build/minclue minimum $1" '
        on && (/^    \$/ || !/^    /) { on = 0 }
        on { print substr($0, 5) }
        index($0, cmd) == 1 && (length($0) == length(cmd) || substr($0, length(cmd) + 1, 1) == " ") { on = 1 }' "$CLI"
}
# same_lines ARGS RUN MIN: every shown line without "..." is a line of RUN,
# and there are MIN of them at least
same_lines() {
    local n=0 bad=0 line
    while IFS= read -r line; do
        case $line in *...*) continue ;; esac
        n=$((n + 1))
        grep -qxF -- "$line" "$2" || { echo "  README: $line"; bad=1; }
    done < <(shown "$1" | mask)
    [ $bad = 1 ] && { echo "  the run:"; sed 's/^/    /' "$2"; }
    check "README: minimum $1 shows $n line$([ $n = 1 ] || echo s) of a run" $([ $bad = 0 ] && [ $n -ge "$3" ] && echo 0 || echo 1)
}
"$M" minimum --box 2x3 | mask > m23.txt
same_lines "--box 2x3" m23.txt 5
"$M" minimum --box 2x2 | tail -1 | mask > m22.txt
same_lines "--box 2x2 | tail -1" m22.txt 1
grep -q "^minimum: 4 clues" m22.txt
check "minimum --box 2x2 proves 4" $?
awk '!/^#/ && /rank 1:/ {print $1}' "$D/known-grids.txt" > g1.txt
"$M" minimum --engine band --from 18 g1.txt | mask > mb.txt
same_lines "--engine band --from 18 /tmp/mc/g1.txt" mb.txt 3

echo "== scripts/mpirun where a user copies a command"
# PATH:LINE: TEXT of each plain `mpirun -np` (scripts/mpirun taken out)
plain_np() { sed 's|scripts/mpirun||g' | grep -n 'mpirun -np' | sed "s|^|$1:|"; }
: > plain.txt
for f in $ALL; do
    awk '/^ *```/ { fence = !fence; print ""; next } { print (fence || /^    /) && !/MC_LAUNCH|srun|sbatch/ ? $0 : "" }' "$f" |
        plain_np "$f" >> plain.txt
done
for f in $(cd "$S" && find jobs -name '*.job' | sed "s|^|$S/|"); do
    sed 's/^[^#].*//' "$f" | plain_np "$f" >> plain.txt
done
for f in "$S"/jobs/slurm/*.sbatch; do
    sed '/^#SBATCH/,$d' "$f" | plain_np "$f" >> plain.txt
done
check "no plain mpirun -np to copy$( [ -s plain.txt ] && printf ':\n%s' "$(cat plain.txt)")" $([ -s plain.txt ] && echo 1 || echo 0)
echo "== README examples write under /tmp"
for f in $ALL; do grep -n '^ \{4,6\}\$ ' "$f" | sed 's/^\([0-9]*:\) */\1    /'; done | grep -v '^[0-9]*:    \$ minclue ' | sed 's/uas --stats//' |
    grep -oE '^[0-9]+:|( -o | --output | --outdir | --counts | --stats |output = |>) *[^ |;&)\\]+' |
    awk '/^[0-9]+:$/ { line = $0; next } { print line " " $0 }' |
    grep -vE ' *(-o|--output|--outdir|--counts|--stats|output =|>) *(/tmp/|/dev/null|&|patterns/patterns.txt$|src/pattern_data.c$|grids/counts.txt.gz$)' > writes.txt
check "README examples write only under /tmp$( [ -s writes.txt ] && printf ':\n%s' "$(cat writes.txt)")" $([ -s writes.txt ] && echo 1 || echo 0)

echo "== the suite's size in the README"
n=$(cd "${MC_BUILD_DIR:?}" && ctest -N -LE slow | sed -n 's/^Total Tests: //p')
said=$(grep -o 'ctest for [0-9]* tests' "$S/tests/README.md" | grep -o '[0-9]*')
[ -n "$n" ] && [ "$said" = "$n" ]; check "tests/README: $said default tests, ctest has $n" $?
[ $fails = 0 ]
