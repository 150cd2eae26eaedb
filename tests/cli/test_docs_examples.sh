#!/usr/bin/env bash
# test_docs_examples — the README's examples print what the README shows.
# Every indented example `    $ COMMAND` followed by its output lines (up
# to a blank line or the next `$` line) is run with bash in a scratch copy
# of the tree's layout (grids/, tests/, jobs/, patterns/ linked; build/minclue
# is the binary under test), in README order (a later example may read a
# file an earlier one wrote), and what it prints (stdout and stderr, as a
# terminal shows them, but for progress lines) must match the lines shown: "..." inside a line
# stands for any text, a line "..." (or "... (note)") for any lines. Not
# run, each for a reason given below: examples that take minutes, run
# under mpirun or Slurm, or print times, dates or the build.
# ctest-labels: cli
# ctest-timeout: 600
source "$(dirname "${BASH_SOURCE[0]}")/prelude.sh"
S=${MC_SOURCE_DIR:?}
mkdir -p work/build && cd work
for d in grids tests jobs patterns scripts; do ln -s "$S/$d" "$d"; done
ln -s "$M" build/minclue
# skip: REGEX (on the command) and why
skips=(
  'mpirun|sbatch|srun|^minclue |scripts/' 'a launcher, or minclue on the PATH of a cluster'
  '--version' 'the build'
  'solve --trace' 'microseconds'
  'run |job verify|job status|job split' 'times, dates and paths of a run'
  'minimum' 'times'
  'patterns (build|embed)' 'minutes, and it writes src/'
  'generate grid --hex' 'seconds of search'
  '^cp |^for |sha256sum|^todo=|^\[ ' 'shell steps around runs'
)
skip_reason() {
  local i
  for ((i = 0; i < ${#skips[@]}; i += 2)); do
    if [[ $1 =~ ${skips[i]} ]]; then echo "${skips[i + 1]}"; return; fi
  done
}
# match.awk EXPECTED GOT: exit 0 when GOT matches EXPECTED ("..." in a line:
# any text; a line "..." or "... (note)": any lines)
cat > "$T/match.awk" <<'AWK'
FNR == NR { e[++m] = $0; next }
{ g[++n] = $0 }
function star(i) { return e[i] == "..." || e[i] ~ /^\.\.\. \(/ }
function linematch(pat, s,    k, parts, np, pos) {
  np = split(pat, parts, /\.\.\./)
  if (np == 1) return pat == s
  if (substr(s, 1, length(parts[1])) != parts[1]) return 0
  pos = length(parts[1]) + 1
  for (k = 2; k < np; k++) {
    idx = index(substr(s, pos), parts[k]); if (!idx) return 0
    pos += idx - 1 + length(parts[k])
  }
  return length(s) - pos + 1 >= length(parts[np]) && substr(s, length(s) - length(parts[np]) + 1) == parts[np]
}
END {
  for (j = n + 1; j >= 1; j--) ok[m + 1, j] = (j == n + 1)
  for (i = m; i >= 1; i--)
    for (j = n + 1; j >= 1; j--)
      ok[i, j] = star(i) ? (ok[i + 1, j] || (j <= n && ok[i, j + 1])) : (j <= n && linematch(e[i], g[j]) && ok[i + 1, j + 1])
  exit !ok[1, 1]
}
AWK
# progress lines come with time (every 30 s, or at the end of a long
# search on a loaded machine): not compared
progress='^[0-9]+(/[0-9]+)? (grid|grids|band-pair groups?), [0-9.]+/s, [0-9]+s elapsed'
n_run=0 n_skip=0
run_example() { # command, expected file
  local cmd=$1 why
  why=$(skip_reason "$cmd")
  if [ -n "$why" ]; then
    n_skip=$((n_skip + 1))
    echo "skip: $cmd ($why)"
    return
  fi
  n_run=$((n_run + 1))
  timeout 120 bash -c "$cmd" 2>&1 | grep -Ev "$progress" > got.txt
  if awk -f "$T/match.awk" "$2" got.txt; then
    check "$cmd" 0
  else
    check "$cmd" 1
    diff "$2" got.txt | sed 's/^/    /' | head -20
  fi
}
# the examples: "$ " lines indented 4 (or 6, in a list) spaces, their output
# the lines after them at the same indent
awk '
  function flush() {
    if (cmd != "") { n++; printf "%s", out > ("ex" n ".out"); print cmd > ("ex" n ".cmd"); close("ex" n ".out"); close("ex" n ".cmd") }
    cmd = ""; out = ""
  }
  /^```/ { flush(); next }
  /^      \$ / { flush(); ind = 6; cmd = substr($0, 9); next }
  /^    \$ / { flush(); ind = 4; cmd = substr($0, 7); next }
  cmd != "" && length($0) > ind && substr($0, 1, ind) == substr("      ", 1, ind) { out = out substr($0, ind + 1) "\n"; next }
  { flush() }
  END { flush() }
' "$S/README.md"
for c in $(ls ex*.cmd | sort -V); do
  run_example "$(cat "$c")" "${c%.cmd}.out"
done
echo "$n_run examples run, $n_skip skipped"
[ $n_run -ge 20 ]; check "at least 20 examples run ($n_run)" $?
[ $fails = 0 ]
