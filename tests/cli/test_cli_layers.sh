#!/bin/bash
# test_cli_layers — the files of the command (src/cli, src/mpi) call each
# other without a circle, and so do the files of the library (src/*.c):
# from the symbols each object file defines and uses, an edge "user ->
# definer" per call between two files, and tsort must order them (a
# circle, such as a dispatcher whose subcommands take helpers back from
# it, or a journal that takes its totals from the summary built on it,
# makes tsort report a loop). Positive controls: the edges cmd_grids ->
# cmd_grids_enum (dispatch), cmd_grids_enum -> grids_common (the shared
# helpers) and job_summary -> job_journal (the summary is built on the
# journal) are seen, and job_journal -> job_summary is not (the journal
# owns the totals).
set -u
: "${MC_BUILD_DIR:?}"
O="$MC_BUILD_DIR/CMakeFiles/minclue.dir/src"
L="$MC_BUILD_DIR/CMakeFiles/minclue_objects.dir/src"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
check() { if [ "$2" = 0 ]; then echo "ok: $1"; else echo "FAIL: $1"; fails=$((fails + 1)); fi; }

# edges NAME OBJECTS...: the calls between the object files into $T/NAME
# (one nm for all the files: nm -A names each symbol's file)
edges() {
    local name=$1
    shift
    nm -A --defined-only -g "$@" | awk '$(NF - 1) ~ /^[TDBR]$/ {f = $1; sub(/:.*/, "", f); sub(/.*\//, "", f);
        sub(/\.c\.o$/, "", f); print $NF, f}' | sort > "$T/defs"
    nm -A -u "$@" | awk '{f = $1; sub(/:.*/, "", f); sub(/.*\//, "", f); sub(/\.c\.o$/, "", f); print $NF, f}' |
        sort > "$T/uses"
    join "$T/uses" "$T/defs" | awk '$2 != $3 {print $2, $3}' | sort -u > "$T/$name"
}
# acyclic NAME WHAT: tsort orders $T/NAME
acyclic() {
    check "calls between $2 found ($(wc -l < "$T/$1"))" $([ -s "$T/$1" ] && echo 0 || echo 1)
    if tsort "$T/$1" > /dev/null 2> "$T/loop"; then check "no circle of calls between $2" 0; else
        check "no circle of calls between $2: $(tr '\n' ' ' < "$T/loop")" 1
    fi
}

objs=$(ls "$O"/cli/*.o "$O"/mpi/*.o 2> /dev/null)
n=$(echo "$objs" | grep -c .)
check "object files of src/cli and src/mpi found ($n)" $([ "$n" -ge 10 ] && echo 0 || echo 1)
edges cmd $objs
acyclic cmd "the command's files"
grep -q '^cmd_grids cmd_grids_enum$' "$T/cmd"
check "the dispatcher calls its subcommands (edge cmd_grids -> cmd_grids_enum)" $?
grep -q '^cmd_grids_enum grids_common$' "$T/cmd"
check "a subcommand takes the shared helpers from grids_common" $?

# only the objects of sources there now (a build directory keeps the
# object of a file since removed)
objs=$(for o in "$L"/*.o; do [ -f "${MC_SOURCE_DIR:?}/src/$(basename "$o" .o)" ] && echo "$o"; done)
n=$(echo "$objs" | grep -c .)
check "object files of the library (src/*.c) found ($n)" $([ "$n" -ge 40 ] && echo 0 || echo 1)
edges lib $objs
acyclic lib "the library's files"
grep -q '^job_summary job_journal$' "$T/lib"
check "the summary is built on the journal (edge job_summary -> job_journal)" $?
! grep -q '^job_journal job_summary$' "$T/lib"
check "the journal calls nothing of the summary's (it owns the totals)" $?
[ $fails = 0 ]
