#!/bin/bash
# test_cli_layers — the files of the command (src/cli, src/mpi) call each
# other without a circle: from the symbols each object file defines and
# uses, an edge "user -> definer" per call between two files, and tsort must
# order them (a circle, such as a dispatcher whose subcommands take helpers
# back from it, makes tsort report a loop). Positive controls: the edges
# cmd_grids -> cmd_grids_enum (dispatch) and cmd_grids_enum -> grids_common
# (the shared helpers) are seen.
set -u
: "${MC_BUILD_DIR:?}"
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
[ $fails = 0 ]
