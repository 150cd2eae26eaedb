#!/usr/bin/env bash
# test_docs_examples — the examples of every README print what it shows.
# The READMEs: README.md, then src/cli/README.md (the command reference),
# then every other README.md of the tree (build folders and hidden ones
# aside) in path order. Every indented example `    $ COMMAND` followed by its output lines (up
# to a blank line or the next `$` line) is run with bash in a scratch copy
# of the tree's layout (grids/, tests/, jobs/, patterns/ linked; build/minclue
# is the binary under test), in that order (a later example may read a
# file an earlier one wrote), and what it prints (stdout and stderr, as a
# terminal shows them, but for progress lines) must match the lines shown: "..." inside a line
# stands for any text, a line "..." (or "... (note)") for any lines. Not
# run, each for a reason given below: examples that take minutes, run
# under mpirun or Slurm, or print times, dates or the build. Then the
# named figures (below): one figure given in two places is the same.
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
readmes=("$S/README.md" "$S/src/cli/README.md")
while IFS= read -r f; do
  case $f in "$S/README.md" | "$S/src/cli/README.md") ;; *) readmes+=("$f") ;; esac
done < <(find "$S" \( -name 'build*' -o -name '.*' \) -prune -o -name README.md -print | sort)
echo "READMEs: ${readmes[*]#$S/}"
# the examples: "$ " lines indented 4 (or 6, in a list) spaces, their output
# the lines after them at the same indent
awk '
  function flush() {
    if (cmd != "") { n++; printf "%s", out > ("ex" n ".out"); print cmd > ("ex" n ".cmd"); close("ex" n ".out"); close("ex" n ".cmd") }
    cmd = ""; out = ""
  }
  FNR == 1 { flush() }
  /^```/ { flush(); next }
  /^      \$ / { flush(); ind = 6; cmd = substr($0, 9); next }
  /^    \$ / { flush(); ind = 4; cmd = substr($0, 7); next }
  cmd != "" && length($0) > ind && substr($0, 1, ind) == substr("      ", 1, ind) { out = out substr($0, ind + 1) "\n"; next }
  { flush() }
  END { flush() }
' "${readmes[@]}"
for c in $(ls ex*.cmd | sort -V); do
  run_example "$(cat "$c")" "${c%.cmd}.out"
done
echo "$n_run examples run, $n_skip skipped"

echo "== a figure given twice is the same figure"
# Each named figure: a Perl regex (case-insensitive; its first group the
# value, commas dropped) over every README, the man page, every --help
# text and what `job split` prints for the whole catalogue at K = 16 and
# 17 (the program is the reference for those). Lines are joined, so a
# figure may wrap. Every figure must be found at least twice, all equal.
figures=(
  no16 '(?:the no-16 scan: |total: )([0-9][0-9,]*) core-hours predicted(?! for K = 17)|no-16 (?:scan|proof)[^.]{0,60}?about ([0-9][0-9,]*) core-hours'
  no17 '(?:the 17-clue scan: )([0-9][0-9,]*) core-hours predicted|total: ([0-9][0-9,]*) core-hours predicted for K = 17|17-clue scan[^.]{0,60}?about ([0-9][0-9,]*) core-hours'
  es8x8 'the 8x8 proof: ([0-9.]+) core-hours'
  demo16 'demo16: ([0-9.]+) s of CPU per grid|demo job[^.]{0,40}?about (a second|[0-9.]+ s) per grid'
  check64 'check64 on 8x8 at K = 13: ([0-9.]+) times|on 8x8 K = 13 about ([0-9.]+) times|8x8 at K = 13, where the 8x8 proof runs, it is ([0-9.]+) times'
)
mkdir -p fig && : > fig/all.txt
for f in "${readmes[@]}" "$S/src/cli/minclue.1"; do
  { echo "@@@@ ${f#$S/}"; sed 's/\\-/-/g' "$f"; } >> fig/all.txt
done
for c in "" solve validate grids "grids enum" "grids count" "grids rank" "grids unrank" "grids sample" uas \
         search minimum run job "job verify" "job split" "job status" "generate puzzle"; do
  { echo "@@@@ minclue $c --help"; build/minclue $c --help 2>&1; } >> fig/all.txt
done
for k in 16 17; do
  printf 'source = bandpairs\nclues = %s\nchunk = 256\noutput = out%s\n' $k $k > fig/no$k.job
  { echo "@@@@ minclue job split (K = $k)"; build/minclue job split --outdir fig/p$k fig/no$k.job 1000 | grep '^total:'; } >> fig/all.txt
done
for ((i = 0; i < ${#figures[@]}; i += 2)); do
  name=${figures[i]}
  FIG_RE=${figures[i + 1]} perl -0777 -ne '
    my $re = $ENV{FIG_RE};
    for my $part (split /^@@@@ /m) {
      my ($where, $text) = split /\n/, $part, 2;
      next unless defined $text;
      $text =~ s/\s*\n\s*/ /g;
      while ($text =~ /$re/gi) {
        my ($v) = grep { defined } ($1, $2, $3);
        $v =~ s/,//g;
        print "$v\t$where\n";
      }
    }' fig/all.txt > "fig/$name.txt"
  values=$(cut -f1 "fig/$name.txt" | sort -u)
  n=$(grep -c . "fig/$name.txt")
  [ "$n" -ge 2 ] && [ "$(echo "$values" | grep -c .)" = 1 ]; r=$?
  check "figure $name: $n places, value $(echo $values)" $r
  [ "$(echo "$values" | grep -c .)" -gt 1 ] && sed 's/^/    /' "fig/$name.txt"
done
[ $n_run -ge 20 ]; check "at least 20 examples run ($n_run)" $?
[ $fails = 0 ]
