#!/bin/bash
# test_man — the manual page: `cmake --install` puts it in share/man/man1 of
# the prefix (GNUInstallDirs' man1 folder), `man -l` renders it without a
# warning, it names every command of `minclue --help` and every long option
# the parsers of src/cli accept (as test_help_options reads them), and its
# version is the program's. Skipped (exit 77) where `man` is missing.
# ctest-labels: cli install
set -u
command -v man > /dev/null || { echo "skip: no man command"; exit 77; }
source "$(dirname "${BASH_SOURCE[0]}")/install_prelude.sh"
fails=0
check() { if [ "$2" = 0 ]; then echo "ok: $1"; else echo "FAIL: $1"; fails=$((fails + 1)); fi; }
page=$(find "$P" -path '*/man1/minclue.1' | head -1)
[ -n "$page" ] && [ "$(basename "$(dirname "$(dirname "$page")")")" = man ]
check "cmake --install wrote man/man1/minclue.1 (${page#$P/})" $?
[ -n "$page" ] || exit 1
MANWIDTH=100 man --warnings -l "$page" > "$T/man.txt" 2> "$T/warn.txt"; rc=$?
[ $rc = 0 ] && [ ! -s "$T/warn.txt" ] && grep -q '^NAME' "$T/man.txt"
check "man -l renders it, no warning ($rc: $(head -c 200 "$T/warn.txt"))" $?
M=$MINCLUE
for c in $("$M" --help | awk '/^commands:/ {on = 1; next} on && /^  [a-z]/ {print $1} /^$/ {on = 0}'); do
    grep -q "^       $c\b" "$T/man.txt"; check "the page names the command $c" $?
done
C=$MC_SOURCE_DIR/src/cli
opts=$({ cat "$C"/cmd_*.c | grep -o '{"[a-z0-9-]*", *[a-z_]*_argument' | sed 's/{"\([^"]*\)".*/\1/'
         sed -n '/define CLI_CHECKER_OPTIONS/,/^$/p' "$C/cli.h" | grep -o '{"[a-z0-9-]*"' | tr -d '{"'
         echo box; echo hex; } | grep -vx help | sort -u)
for o in $opts; do
    grep -q -- "--$o\b" "$T/man.txt"; check "the page names --$o" $?
done
v=$("$M" --version | awk '{print $2}')
grep -q "minclue $v" "$T/man.txt"; check "the page's version is the program's ($v)" $?
[ $fails = 0 ]
