#!/bin/bash
# test_help — `--help` does what it says, on every command (read from
# `minclue --help`, so a new one is covered) and every subcommand: exit 0,
# the usage on stdout, nothing on stderr, no file opened or written (a
# scratch directory stays empty). The overviews name what they cover:
# `minclue --help` every `grids` command, `grids --help` enum's --counts.
# The texts agree with the behaviour: `run --quiet` keeps the start line;
# `search --clues 99` names the real range.
# ctest-labels: cli
set -u
source "$(dirname "${BASH_SOURCE[0]}")/prelude.sh"
# run starts Open MPI, whose allocations LeakSanitizer would report
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"

commands=$("$M" --help | awk '/^commands:/ {on = 1; next} on && /^  [a-z]/ {print $1} /^$/ {on = 0}')
[ "$(echo $commands)" = "solve validate grids patterns uas search minimum run job generate" ]; r=$?
check "minclue --help lists the commands ($(echo $commands))" $r
subs="grids:enum grids:count grids:canon grids:cat grids:rank grids:unrank grids:sample grids:rebase
patterns:build patterns:check patterns:embed job:verify job:split job:status generate:grid generate:puzzle"
mkdir empty && cd empty
for c in "" $commands $subs; do
  set -- ${c/:/ }
  "$M" "$@" --help > ../out.txt 2> ../err.txt; rc=$?
  [ $rc = 0 ] && head -1 ../out.txt | grep -q '^usage: minclue' && [ ! -s ../err.txt ] && [ -z "$(ls -A)" ]; r=$?
  check "minclue $* --help: exit 0, usage on stdout ($rc: $(head -c 100 ../err.txt))" $r
done
cd ..
for g in $(printf '%s\n' $subs | sed -n 's/^grids://p'); do
  "$M" --help | grep '^  grids ' | grep -q "$g"; check "minclue --help names grids $g" $?
  "$M" grids --help | grep -q "^  $g "; check "grids --help names $g" $?
done
"$M" grids --help | awk '/^  enum/ {on = 1} on && /^  count/ {exit} on' | grep -q -- '--counts FILE'
check "grids --help gives enum's --counts" $?
"$M" grids enum --help | grep -q -- '--counts FILE'; check "(as grids enum --help does)" $?

"$M" run --help | grep -q -- "--quiet .*the start and end lines stay"; check "run --help: --quiet keeps the start and end lines" $?
printf 'source = grids %s\nranks = 1-4\nclues = 4\nchunk = 2\nengine = brute\noutput = q\n' "$D/grids-4x4-all.txt" > q.job
"$M" run --quiet q.job 2> e.txt; rc=$?
[ $rc = 0 ] && [ "$(wc -l < e.txt)" = 2 ] && head -1 e.txt | grep -q "^minclue run: q.job: 4 grids (ranks 1..4), 4 still to do" &&
  tail -1 e.txt | grep -q "^minclue run: complete: ranks 1..4"
check "run --quiet prints the start and the end line, nothing else ($rc)" $?

"$M" search --clues 99 /dev/null 2> e.txt; rc=$?
[ $rc = 2 ] && grep -q "from 0 to the cells of the grid (81 on 9x9, 64 on 8x8, 36 on 6x6, 16 on 4x4), not '99'" e.txt
check "search --clues 99 names the range per shape ($rc)" $?
[ $fails = 0 ]
