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
# owns the totals). The files of one room (sharing its P_internal.h, as
# band_engine*.c do) count as one file there.
# And no file below the command (src/*.[ch], src/mpi/*.[ch]) includes a
# header of src/cli: each #include "X" is resolved as the compiler does
# (beside the file, then src/), and none may land in src/cli. Positive
# control: the includes of src/cli itself land there (cmd_search.c takes
# cli.h).
set -u
: "${MC_BUILD_DIR:?}"
: "${MC_SOURCE_DIR:?}"
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
# the files that share a room's internal header (P_internal.h: the state of
# one concept split by steps, as the band engine is) are one node: they
# call each other by design; the room as a whole must sit in the order
for room in $(cd "$MC_SOURCE_DIR/src" && ls *_internal.h 2> /dev/null | sed 's/_internal\.h$//'); do
    members=$(cd "$MC_SOURCE_DIR/src" && grep -l "#include \"${room}_internal.h\"" *.c | sed 's/\.c$//' | tr '\n' ' ')
    check "room $room: files share its internal header ($members)" $([ -n "$members" ] && echo 0 || echo 1)
    awk -v m=" $members" -v r="$room" '{ for (i = 1; i <= 2; i++) if (index(m, " " $i " ")) $i = r; if ($1 != $2) print }' \
        "$T/lib" | sort -u > "$T/lib.rooms" && mv "$T/lib.rooms" "$T/lib"
done
acyclic lib "the library's files"
grep -q '^job_summary job_journal$' "$T/lib"
check "the summary is built on the journal (edge job_summary -> job_journal)" $?
! grep -q '^job_journal job_summary$' "$T/lib"
check "the journal calls nothing of the summary's (it owns the totals)" $?

# where #include "X" of file $1 lands: beside it, else in src/ (-I src)
resolve() {
    local d
    d=$(dirname "$1")
    if [ -e "$d/$2" ]; then realpath "$d/$2"; elif [ -e "$MC_SOURCE_DIR/src/$2" ]; then
        realpath "$MC_SOURCE_DIR/src/$2"; fi
}
CLI=$(realpath "$MC_SOURCE_DIR/src/cli")
includes() { # file, the header it includes, where that lands
    local f h
    for f in "$@"; do
        sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" | while read -r h; do
            echo "${f#"$MC_SOURCE_DIR"/} $h $(resolve "$f" "$h")"
        done
    done
}
includes "$MC_SOURCE_DIR"/src/*.[ch] "$MC_SOURCE_DIR"/src/mpi/*.[ch] > "$T/below"
n=$(wc -l < "$T/below")
check "includes of src/ and src/mpi found ($n)" $([ "$n" -ge 200 ] && echo 0 || echo 1)
up=$(awk -v cli="$CLI/" 'index($3, cli) == 1 {print $1 " -> " $2}' "$T/below" | paste -sd ' ')
check "no file below the command includes a header of src/cli${up:+: $up}" $([ -z "$up" ] && echo 0 || echo 1)
includes "$MC_SOURCE_DIR"/src/cli/*.c > "$T/cli"
grep -q "^src/cli/cmd_search.c cli.h $CLI/cli.h\$" "$T/cli"
check "the check sees an include into src/cli (cmd_search.c -> cli.h)" $?
[ $fails = 0 ]
