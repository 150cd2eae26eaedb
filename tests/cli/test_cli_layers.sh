#!/bin/bash
# test_cli_layers — the files of the command (src/cli, src/mpi) call each
# other without a circle: from the symbols each object file defines and
# uses, an edge "user -> definer" per call between two files, and tsort must
# order them (a circle, such as a dispatcher whose subcommands take helpers
# back from it, makes tsort report a loop). Positive controls: the edges
# cmd_grids -> cmd_grids_enum (dispatch) and cmd_grids_enum -> grids_common
# (the shared helpers) are seen.
# And no file below the command (src/*.[ch], src/mpi/*.[ch]) includes a
# header of src/cli: each #include "X" is resolved as the compiler does
# (beside the file, then src/), and none may land in src/cli. Positive
# control: the includes of src/cli itself land there (cmd_search.c takes
# cli.h).
set -u
: "${MC_BUILD_DIR:?}"
: "${MC_SOURCE_DIR:?}"
O="$MC_BUILD_DIR/CMakeFiles/minclue.dir/src"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
check() { if [ "$2" = 0 ]; then echo "ok: $1"; else echo "FAIL: $1"; fails=$((fails + 1)); fi; }

objs=$(ls "$O"/cli/*.o "$O"/mpi/*.o 2> /dev/null)
n=$(echo "$objs" | grep -c .)
check "object files of src/cli and src/mpi found ($n)" $([ "$n" -ge 10 ] && echo 0 || echo 1)
for o in $objs; do
    f=$(basename "$o" .c.o)
    nm --defined-only -g "$o" | awk -v f="$f" '$2 ~ /[TDBR]/ {print $3, f}'
done | sort > "$T/defs"
for o in $objs; do
    f=$(basename "$o" .c.o)
    nm -u "$o" | awk -v f="$f" '{print $2, f}'
done | sort > "$T/uses"
join "$T/uses" "$T/defs" | awk '$2 != $3 {print $2, $3}' | sort -u > "$T/edges"
check "calls between files found ($(wc -l < "$T/edges"))" $([ -s "$T/edges" ] && echo 0 || echo 1)
if tsort "$T/edges" > /dev/null 2> "$T/loop"; then check "no circle of calls between the command's files" 0; else
    check "no circle of calls between the command's files: $(tr '\n' ' ' < "$T/loop")" 1
fi
grep -q '^cmd_grids cmd_grids_enum$' "$T/edges"
check "the dispatcher calls its subcommands (edge cmd_grids -> cmd_grids_enum)" $?
grep -q '^cmd_grids_enum grids_common$' "$T/edges"
check "a subcommand takes the shared helpers from grids_common" $?

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
