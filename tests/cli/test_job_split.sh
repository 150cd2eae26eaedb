#!/usr/bin/env bash
# minclue job split: part files whose ranks partition the job (checked rank
# range by rank range), keys kept and the job's comment lines dropped,
# relative paths made absolute for another directory, a folder 'h #1' (its
# '#' written as \# in the part files, the printed run and verify commands
# pasted into bash from another directory), every part run and verified and their puzzles equal
# to the whole job's; a band-pair split of the whole catalogue with its
# predicted core-hours on each CPU class (MINCLUE_COST_CPU, else this CPU's); an enumerate
# split; the no-model case; and the errors (0 parts, more
# parts than ranks, one rank, a bad job file, an existing part output or
# part file, a CPU class without rates: one line naming the file or variable, exit 2,
# nothing written).
# ctest-labels: cli
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/job_prelude.sh"
fail() { echo "FAIL: $*" >&2; exit 1; }
# the array.sbatch the printed run lines name: of the source tree above the binary
AS=$(cd "$MC_SOURCE_DIR" && pwd -P)/jobs/slurm/array.sbatch

# ranks of the parts NAME-1.job .. NAME-N.job, one "I J" line each
ranks_of() { awk '/^ranks = [0-9]+-[0-9]+$/ { split($3, r, "-"); print r[1], r[2] }' $(seq -f "$1-%.0f.job" 1 "$2"); }
# the parts cover FIRST..LAST exactly, in order, none empty
check_cover() {
  local next=$2 n=0
  while read -r a b; do
    [ "$a" = "$next" ] || fail "$1: a part starts at $a, not $next"
    [ "$b" -ge "$a" ] || fail "$1: empty part $a-$b"
    next=$((b + 1)); n=$((n + 1))
  done < <(ranks_of "$1" "$4")
  [ "$n" = "$4" ] || fail "$1: $n parts, not $4"
  [ "$next" = $(($3 + 1)) ] || fail "$1: the parts end at $((next - 1)), not $3"
}

echo "== a grids job in 3 parts: run, verify, same puzzles as the whole job"
cp "$D/grids-4x4-all.txt" grids.txt
cat > a.job <<'JOB'
# the 4x4 grids 10-200, K = 4
source = grids grids.txt   # relative to this file
ranks = 10-200
clues = 4
chunk = 16 # sixteen
engine = brute
output = out
JOB
"$M" job split a.job 3 > split.txt 2> err.txt || { cat err.txt; fail "split"; }
check_cover a 10 200 3
grep -q "no cost model for this job: no rates for this source" split.txt || fail "no-model note: $(cat split.txt)"
for i in 1 2 3; do
  ! grep -q '^# the 4x4 grids 10-200, K = 4$' a-$i.job || fail "the job's comment line kept in a-$i.job"
  grep -q '^chunk = 16 # sixteen$' a-$i.job || fail "chunk line lost in a-$i.job"
  grep -q "^output = out-$i\$" a-$i.job || fail "output of a-$i.job"
  grep -q "^# part $i of 3 of a.job" a-$i.job || fail "header of a-$i.job"
  "$M" run --quiet a-$i.job > /dev/null 2>&1 || fail "run a-$i.job"
  "$M" job verify out-$i > v.txt || { cat v.txt; fail "verify out-$i"; }
done
"$M" run --quiet --output whole a.job > /dev/null 2>&1 || fail "run a.job"
diff <(cat out-1/found.txt out-2/found.txt out-3/found.txt | grep -v '^#' | sort) \
     <(grep -v '^#' whole/found.txt | sort) > /dev/null || fail "the parts' puzzles differ from the whole job's"
[ "$(grep -vc '^#' whole/found.txt)" -gt 100 ] || fail "too few puzzles to compare"
# the merge: exactly ranks 10..200 and its certificate; without part 2 its ranks are named missing
"$M" job verify --expect 10-200 --certificate a.cert.json out-1 out-2 out-3 > merged.txt ||
  { cat merged.txt; fail "merged verify"; }
grep -q "^ranks 10..200, 191 grids, K = 4: $(grep -vc '^#' whole/found.txt) puzzles" merged.txt ||
  fail "merged claim: $(tail -2 merged.txt)"
"$M" job verify --expect 10-200 --check-certificate a.cert.json out-1 out-2 out-3 > /dev/null ||
  fail "certificate re-check"
p2=$(sed -n 's/^ranks = //p' a-2.job)
set +e; "$M" job verify --expect 10-200 out-1 out-3 > gap.txt 2>&1; rc=$?; set -e
[ $rc = 1 ] && grep -q "^missing: ranks ${p2%-*}..${p2#*-} " gap.txt || fail "a missing part (ranks $p2): exit $rc: $(tail -2 gap.txt)"

echo "== --outdir: relative paths made absolute, the part runs from there"
sed 's/^output = out$/output = other/' a.job > b.job
"$M" job split --outdir elsewhere b.job 2 > /dev/null || fail "split --outdir"
check_cover elsewhere/b 10 200 2
grep -q "^source = grids $T/grids.txt\$" elsewhere/b-1.job || fail "source path: $(grep source elsewhere/b-1.job)"
grep -q "^output = $T/other-1\$" elsewhere/b-1.job || fail "output path: $(grep output elsewhere/b-1.job)"
(cd / && "$M" run --quiet "$T/elsewhere/b-2.job" > /dev/null 2>&1) || fail "run elsewhere/b-2.job"
"$M" job verify other-2 > v.txt || { cat v.txt; fail "verify other-2"; }
grep -q "ranks 105..200, 96 grids, K = 4" v.txt || fail "claim of other-2: $(cat v.txt)"

echo "== a folder 'h #1': part files that parse, commands pasted into bash from elsewhere"
# a '#' after white space starts a comment in a job file: split writes it
# as \#; the printed commands are one shell word per path (array.sbatch by
# a stand-in sbatch that runs each task in turn, as Slurm would)
mkdir -p "h #1" bin away
cp grids.txt "h #1/g.txt"
cat > "h #1/t.job" <<'JOB'
# minclue run 'h #1/t.job'
source = grids g.txt
ranks = 1-60
clues = 4
chunk = 8
engine = brute
output = out
JOB
cat > bin/sbatch <<'SB'
#!/usr/bin/env bash
# sbatch --array=1-N SCRIPT ARGS...: each task in turn, one process
n=${1#--array=1-}; shift
for i in $(seq "$n"); do SLURM_ARRAY_TASK_ID=$i MC_LAUNCH=env bash "$@" --quiet || exit; done
SB
chmod +x bin/sbatch
"$M" job split --outdir "h #1/parts" "h #1/t.job" 3 > splith.txt || fail "split in 'h #1'"
grep -q "^source = grids $T/h \\\\#1/g.txt\$" "h #1/parts/t-1.job" ||
  fail "source of a part: $(grep source "h #1/parts/t-1.job")"
grep -q "^output = $T/h \\\\#1/out-1\$" "h #1/parts/t-1.job" || fail "output of a part: $(grep output "h #1/parts/t-1.job")"
! grep -q "minclue run" "h #1/parts/t-1.job" || fail "the job's comment kept: $(cat "h #1/parts/t-1.job")"
run=$(sed -n 's/^run: *//p' splith.txt) verify=$(sed -n 's/^verify: *//p' splith.txt)
# no minclue on PATH: the lines name this program
[ "$run" = "MINCLUE=$(readlink -f "$M") sbatch --array=1-3 $AS '$T/h #1/parts/t'" ] || fail "run line: $run"
(cd away && PATH="$T/bin:$PATH" bash -c "$run" > run.txt 2>&1) || { cat away/run.txt; fail "the run line: $run"; }
(cd away && PATH="$T/bin:$PATH" bash -c "$verify" > verify.txt 2>&1) || { cat away/verify.txt; fail "the verify line: $verify"; }
grep -q "^ranks 1..60, 60 grids, K = 4: " away/verify.txt || fail "claim of the pasted verify: $(cat away/verify.txt)"
[ -s "h #1/out.cert.json" ] || fail "no certificate in 'h #1'"
"$M" job verify "h #1/out-2" > v.txt || { cat v.txt; fail "verify of part 2 in 'h #1'"; }
# a 1-part split pastes as well ({1..1})
sed 's/^output = out$/output = u/' "h #1/t.job" > "h #1/u.job"
"$M" job split "h #1/u.job" 1 > split1.txt || fail "split in 1 part"
grep -q "^verify: .*'$T/h #1/u'-{1..1}\$" split1.txt || fail "verify line of 1 part: $(grep ^verify: split1.txt)"

echo "== the whole band-pair catalogue (no ranks) in 1,000 parts, K = 16"
printf 'source = bandpairs\nclues = 16\nchunk = 64\noutput = res/no16\n' > no16.job
# the rates of the CPU class MINCLUE_COST_CPU names (AVX-512: about 11,550 core-hours, +- 154)
MINCLUE_COST_CPU=avx512 "$M" job split --outdir parts no16.job 1000 > split16.txt || fail "split no16.job"
check_cover parts/no16 1 983959110 1000
grep -q "^# cost model: per band-1 index.* on an AVX-512 CPU" split16.txt || fail "model line: $(sed -n 2p split16.txt)"
total=$(sed -n 's/^total: \([0-9.]*\) core-hours predicted for K = 16.*/\1/p' split16.txt)
[ -n "$total" ] && awk -v t="$total" 'BEGIN { exit !(t > 11000 && t < 12100) }' || fail "total '$total'"
# AVX2 without AVX-512: about 16,680 (the AVX-512 samples times 29,380 / 20,340)
MINCLUE_COST_CPU=avx2 "$M" job split --outdir parts2 no16.job 10 > split16b.txt || fail "split no16.job (avx2)"
grep -q "^# cost model: per band-1 index.* scaled to an AVX2 CPU without AVX-512" split16b.txt ||
  fail "avx2 model line: $(sed -n 2p split16b.txt)"
total2=$(sed -n 's/^total: \([0-9.]*\) core-hours predicted for K = 16.*/\1/p' split16b.txt)
[ -n "$total2" ] && awk -v t="$total2" 'BEGIN { exit !(t > 16000 && t < 17400) }' || fail "avx2 total '$total2'"
# unset: this CPU's class
if grep -q '^flags.* avx512f' /proc/cpuinfo; then here="on an AVX-512 CPU"; else here="without AVX-512"; fi
env -u MINCLUE_COST_CPU "$M" job split --outdir parts3 no16.job 2 > split16c.txt || fail "split no16.job (this CPU)"
grep -q "^# cost model: per band-1 index.* $here" split16c.txt || fail "this CPU's model line: $(sed -n 2p split16c.txt)"
# the parts' hours add up to the total and are balanced (within 1%)
awk -v t="$total" '$1 ~ /^[0-9]+$/ && NF == 5 { s += $4; n++; if (!lo || $4 < lo) lo = $4; if ($4 > hi) hi = $4 }
  END { exit !(n == 1000 && s > t * 0.999 && s < t * 1.001 && hi < lo * 1.01) }' split16.txt ||
  fail "per-part hours: $(sed -n 3,6p split16.txt)"
# balanced by cost, not count: the parts' group counts differ a lot
awk '$1 ~ /^[0-9]+$/ && NF == 5 { if (!lo || $3 < lo) lo = $3; if ($3 > hi) hi = $3 } END { exit !(hi > 2 * lo) }' \
  split16.txt || fail "the part sizes are not cost-balanced"
# the paste lines name this program by its absolute path (no `minclue` on PATH needed)
MA=$(readlink -f "$M")
grep -q "^verify: $MA job verify --expect 1-983959110 --certificate" split16.txt || fail "verify line"
grep -q "^run:    MINCLUE=$MA sbatch --array=1-1000 $AS $T/parts/no16\$" split16.txt || fail "sbatch line: $(grep ^run: split16.txt)"
grep -q "^verify: $MA job verify --expect 1-983959110 --certificate $T/res/no16.cert.json $T/res/no16-{1..1000}\$" \
  split16.txt || fail "verify line: $(grep ^verify: split16.txt)"
sed 's/clues = 16/clues = 15/' no16.job > no15.job
"$M" job split --outdir p15 no15.job 4 > split15.txt || fail "split no15.job"
grep -q "no rates for a band-pair scan at this K (measured: K = 16, 17)" split15.txt || fail "K = 15 note"
check_cover p15/no15 1 983959110 4

echo "== enumerate, bands 2-40 (counts from grids/counts.txt.gz): by predicted cost per minlex band"
printf 'source = enumerate\nbands = 2-40\nclues = 16\noutput = en\n' > en.job
MINCLUE_COUNTS="$MC_SOURCE_DIR/grids/counts.txt.gz" "$M" job split --outdir pe en.job 4 > splite.txt ||
  fail "split en.job"
# bands 2-40: the ranks after band 1's 1,007,170 grids (tests/data/es-grids-per-band.txt)
last=$(awk '$1 ~ /^[0-9]+$/ && $1 <= 40 { s += $2 } END { print s }' "$D/es-grids-per-band.txt")
check_cover pe/en 1007171 "$last" 4
grep -q "^# cost model: per minlex band" splite.txt || fail "enumerate model: $(head -2 splite.txt)"

echo "== errors: one line naming the file, exit 2, nothing written"
expect_error() { # WHAT PATTERN CMD...
  local what=$1 pat=$2; shift 2
  set +e; "$@" > out.txt 2> err.txt; local rc=$?; set -e
  [ $rc = 2 ] || fail "$what: exit $rc"
  [ "$(wc -l < err.txt)" = 1 ] || fail "$what: not one line: $(cat err.txt)"
  grep -q -- "$pat" err.txt || fail "$what: $(cat err.txt)"
}
mkdir e && cd e
cp ../a.job . && cp ../grids.txt .
expect_error "a CPU class without rates" "MINCLUE_COST_CPU=sse4: the rates are of avx512 or avx2" \
  env MINCLUE_COST_CPU=sse4 "$M" job split --outdir pc ../no16.job 2
[ ! -e pc ] || fail "a bad MINCLUE_COST_CPU wrote parts"
expect_error "job status with a CPU class without rates" "MINCLUE_COST_CPU=sse4" \
  env MINCLUE_COST_CPU=sse4 "$M" job status ../parts/no16-1.job
expect_error "0 parts" "N must be a whole number of parts, 1 or more, not '0'" "$M" job split a.job 0
expect_error "-1 parts" "N must be a whole number of parts, 1 or more, not '-1'" "$M" job split a.job -1
expect_error "-1 parts first" "N must be a whole number of parts, 1 or more, not '-1'" "$M" job split -1 a.job
expect_error "N not a number" "not 'x'" "$M" job split a.job x
expect_error "more parts than ranks" "a.job:3: 192 parts but only 191 ranks (10-200)" "$M" job split a.job 192
sed 's/^ranks = .*/ranks = 7/' a.job > one.job
expect_error "one rank" "one.job:3: 2 parts but only 1 rank (7-7)" "$M" job split one.job 2
printf 'source = grids grids.txt\nclues = 4\ncolour = red\noutput = o\n' > bad.job
expect_error "bad job" "bad.job:3: unknown key 'colour'" "$M" job split bad.job 2
printf 'source = bandpairs\nclues = 16\noutput = o\n' > nb.job
expect_error "parts beyond the catalogue" "nb.job: 1000001 parts: at most 1000000 parts (the whole source)" \
  "$M" job split nb.job 1000001
expect_error "2^64 - 1 parts: the bound, not out of memory" \
  "a.job:3: 18446744073709551615 parts: at most 1000000 parts" "$M" job split a.job 18446744073709551615
mkdir out-2
expect_error "existing output" "a.job:7: the output of part 2, $T/e/out-2, exists" "$M" job split a.job 3
[ -z "$(ls a-*.job 2> /dev/null)" ] || fail "part files written despite the error: $(ls a-*.job)"
rmdir out-2
echo keep > a-3.job
expect_error "existing part file" "a-3.job: part 3's job file exists" "$M" job split a.job 3
[ "$(cat a-3.job)" = keep ] || fail "a-3.job written over"
[ -z "$(ls a-1.job a-2.job 2> /dev/null)" ] || fail "part files written despite the error"
echo "job split tests passed"
