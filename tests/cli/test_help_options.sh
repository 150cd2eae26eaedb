#!/bin/bash
# test_help_options — every long option a command's parser accepts is named
# by its --help, read from the sources: the `{"NAME", ..._argument` entries
# of the option tables in src/cli/cmd_*.c, with the shared entries of
# src/cli/cli.h (CLI_OPTION_BOX, CLI_OPTION_HEX, CLI_CHECKER_OPTIONS)
# expanded. The overviews `job --help` and `grids --help` name every option
# of their subcommands too, and `grids --help` says that the shipped counts
# are the default (no enumeration needed for ranks).
# ctest-labels: cli
set -u
source "$(dirname "${BASH_SOURCE[0]}")/prelude.sh"
S=${MC_SOURCE_DIR:?}
C=$S/src/cli

# names FILE: the long options of FILE's tables, "help" left out
names() {
    local f=$1
    {
        grep -o '{"[a-z0-9-]*", *[a-z_]*_argument' "$f" | sed 's/{"\([^"]*\)".*/\1/'
        grep -q 'CLI_OPTION_BOX' "$f" && echo box
        grep -q 'CLI_OPTION_HEX' "$f" && echo hex
        grep -q 'CLI_CHECKER_OPTIONS,' "$f" &&
            sed -n '/define CLI_CHECKER_OPTIONS/,/^$/p' "$C/cli.h" | grep -o '{"[a-z0-9-]*"' | tr -d '{"'
    } | grep -vx help | sort -u
}
# the help text of each command (words split by ':'), joined
helps() {
    local c
    for c in "$@"; do "$M" ${c//:/ } --help; done 2>&1
}
# file of src/cli and the commands whose --help must name its options
map="cmd_solve.c solve
cmd_validate.c validate
cmd_uas.c uas
cmd_search.c search
cmd_minimum.c minimum
cmd_run.c run
cmd_patterns.c patterns:build
cmd_generate.c generate:grid generate:puzzle
cmd_grids_enum.c grids:enum
cmd_grids_count.c grids:count
cmd_grids_canon.c grids:canon
cmd_grids_cat.c grids:cat
cmd_grids_rank.c grids:rank
cmd_grids_sample.c grids:sample
cmd_job.c job:verify
cmd_job_split.c job:split
cmd_job_status.c job:status"
n=0
while read -r f cmds; do
    [ -f "$C/$f" ] || { check "$f exists" 1; continue; }
    helps $cmds > help.txt
    for o in $(names "$C/$f"); do
        n=$((n + 1))
        grep -q -- "--$o\b" help.txt; check "$(echo $cmds | tr : ' ') --help names --$o" $?
    done
done <<< "$map"
[ $n -ge 50 ]; check "options read from the sources: $n" $?

echo "== the overviews name their subcommands' options"
"$M" job --help > job.txt
for f in cmd_job.c cmd_job_split.c cmd_job_status.c; do
    for o in $(names "$C/$f"); do
        grep -q -- "--$o\b" job.txt; check "job --help names --$o ($f)" $?
    done
done
"$M" grids --help > grids.txt
for f in "$C"/cmd_grids_*.c; do
    for o in $(names "$f"); do
        grep -q -- "--$o\b" grids.txt; check "grids --help names --$o ($(basename "$f"))" $?
    done
done
grep -q 'counts.txt.gz' grids.txt && ! grep -q 'Ranks need per-band counts, which minclue derives by enumeration' grids.txt
check "grids --help: the shipped counts are the default" $?
[ $fails = 0 ]
