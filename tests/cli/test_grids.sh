#!/bin/bash
# test_grids — `minclue grids enum|count|cat|rank|unrank|sample` end to end.
# ctest-labels: unit golden
# ctest-timeout: 600
#
# Rank tests work in the last bands: the counts cache is seeded with the
# published totals of bands 1-399 (a test-only shortcut; one pseudo row-4
# slice per band), bands 400-416 are counted by the program itself.
set -u
: "${MINCLUE:?}" "${MC_TEST_DATA:?}"
M=$MINCLUE
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
check() { # description, status (0 = pass)
    if [ "$2" = 0 ]; then echo "ok: $1"; else echo "FAIL: $1"; fails=$((fails + 1)); fi
}
oracle() { grep -v '^#' "$MC_TEST_DATA/es-grids-per-band.txt" | awk -v a="$1" -v b="$2" '$1>=a && $1<=b {s+=$2} END {printf "%.0f\n", s}'; }

# --help on every subcommand
for c in enum count canon cat rank unrank sample rebase; do
    "$M" grids $c --help | grep -q "usage: minclue grids $c"
    check "grids $c --help" $?
done
"$M" grids --help | grep -q "commands:"
check "grids --help" $?
"$M" grids frobnicate 2>/dev/null
[ $? = 2 ]; check "unknown subcommand exits 2" $?

# small shapes against counts.txt
n=$("$M" grids enum --box 2x2 | wc -l)
[ "$n" = 2 ]; check "4x4: 2 ES grids" $?
n=$("$M" grids enum --box 2x3 | wc -l)
want=$(awk '$1=="2x3" {print $4}' "$MC_TEST_DATA/counts.txt")
[ "$n" = "$want" ]; check "6x6: $want ES grids" $?
[ "$("$M" grids count --box 2x3)" = "total $want" ]; check "grids count --box 2x3" $?

# 8x8 (2x4 boxes): seconds; count, order, sampled minlex forms, catalogue
want8=$(awk '$1=="2x4" {print $4}' "$MC_TEST_DATA/counts.txt")
[ "$("$M" grids count --box 2x4 2>/dev/null)" = "total $want8" ]; check "grids count --box 2x4 = $want8" $?
n=$("$M" grids enum --box 2x4 2>/dev/null | awk -v s="$tmp/s8.txt" 'NR % 997 == 1 {print > s} NR <= 5 {print > (s ".head")} END {print NR}')
[ "$n" = "$want8" ]; check "grids enum --box 2x4: $n grids" $?
LC_ALL=C sort -c -u "$tmp/s8.txt"; check "2x4 enum output strictly increasing (sample)" $?
"$M" grids canon --box 2x4 "$tmp/s8.txt" | cut -d: -f1 | cmp -s - "$tmp/s8.txt"
check "sampled 2x4 grids are their own minlex form (grids canon)" $?
[ "$("$M" grids enum --box 2x4 --format cat -o "$tmp/g8.cat" 2>/dev/null)" = "total $want8" ]
check "grids enum --box 2x4 --format cat" $?
"$M" grids cat "$tmp/g8.cat" --ranks 1-5 | cmp -s - "$tmp/s8.txt.head"; check "2x4 catalogue ranks 1-5 = text" $?
"$M" grids enum --box 4x2 >/dev/null 2>&1
[ $? = 2 ]; check "grids enum --box 4x2 refused" $?

# enum and count on the last bands agree with each other and the oracle
"$M" grids enum --bands 380-416 > "$tmp/e.txt"
check "enum --bands 380-416 exits 0" $?
n=$(wc -l < "$tmp/e.txt")
[ "$n" = "$(oracle 380 416)" ]; check "enum 380-416: $n grids = oracle" $?
sort -c "$tmp/e.txt" 2>/dev/null && [ "$(sort -u "$tmp/e.txt" | wc -l)" = "$n" ]
check "enum output strictly increasing" $?
"$M" grids canon "$tmp/e.txt" | cut -d: -f1 | cmp -s - "$tmp/e.txt"
check "every enumerated grid is its own minlex form (grids canon)" $?
"$M" grids count --bands 400-416 > "$tmp/c.txt"
[ "$(tail -1 "$tmp/c.txt")" = "total $(oracle 400 416)" ]; check "count 400-416 total" $?
grep -v '^#' "$MC_TEST_DATA/es-grids-per-band.txt" | awk '$1>=400 {print "band " $1 " " $2}' > "$tmp/cw.txt"
head -n -1 "$tmp/c.txt" | cmp -s - "$tmp/cw.txt"; check "count 400-416 per band = oracle" $?
sed -n "$(($(oracle 380 399) + 1)),\$p" "$tmp/e.txt" > "$tmp/last.txt" # grids of bands 400-416

# catalogue files
"$M" grids enum --bands 400-416 --format cat -o "$tmp/e.cat" --first-rank 7 > "$tmp/ec.txt"
check "enum --format cat" $?
cmp -s "$tmp/ec.txt" "$tmp/cw.txt"; check "enum -o reports the count per band" $?
"$M" grids rebase "$tmp/e.cat" 1000; check "rebase" $?
"$M" grids cat "$tmp/e.cat" | cmp -s - "$tmp/last.txt"; check "cat catalogue = text enumeration" $?
"$M" grids cat "$tmp/e.cat" --ranks 1005-1010 | cmp -s - <(sed -n 6,11p "$tmp/last.txt")
check "cat --ranks on a catalogue" $?
"$M" grids cat "$tmp/e.txt" --ranks 6-11 | cmp -s - <(sed -n 6,11p "$tmp/e.txt"); check "cat --ranks on text" $?
gzip -c "$tmp/e.txt" > "$tmp/e.txt.gz"
"$M" grids cat "$tmp/e.txt.gz" | cmp -s - "$tmp/e.txt"; check "cat gzipped text" $?
"$M" grids cat "$tmp/e.cat" --ranks 1-5 2>/dev/null; [ $? = 2 ]; check "cat ranks outside the file: exit 2" $?
size=$(stat -c %s "$tmp/e.cat")
head -c $((size - 7)) "$tmp/e.cat" > "$tmp/bad.cat"
"$M" grids cat "$tmp/bad.cat" > "$tmp/out.txt" 2> "$tmp/err.txt"; st=$?
[ $st = 2 ] && grep -q "bad.cat" "$tmp/err.txt" && [ ! -s "$tmp/out.txt" ]
check "truncated catalogue: exit 2, names the file, no grids" $?
cp "$tmp/e.cat" "$tmp/flip.cat"
printf '\x55' | dd of="$tmp/flip.cat" bs=1 seek=80 conv=notrunc 2>/dev/null
"$M" grids cat "$tmp/flip.cat" > "$tmp/out.txt" 2> "$tmp/err.txt"; st=$?
[ $st = 2 ] && grep -q "block 0" "$tmp/err.txt"; check "flipped block byte: exit 2, names the block" $?
"$M" grids enum --bands 400-416 --format cat 2>/dev/null; [ $? = 2 ]; check "--format cat without -o: exit 2" $?
"$M" grids enum --bands 0-3 2>/dev/null; [ $? = 2 ]; check "bad band range: exit 2" $?
"$M" grids enum --format tar 2>/dev/null; [ $? = 2 ]; check "bad format: exit 2" $?

# ranks: seed the cache with totals for bands 1-399
cache="$tmp/counts.txt"
grep -v '^#' "$MC_TEST_DATA/es-grids-per-band.txt" |
    awk '$1<400 {print "row4 " $1 " 123456789 " $2; print "band " $1 " " $2}' > "$cache"
base=$(oracle 1 399)
nl=$(wc -l < "$tmp/last.txt")
[ "$nl" = "$(oracle 400 416)" ]; check "bands 400-416 hold $nl grids" $?
mapfile -t grids < "$tmp/last.txt"
"$M" grids rank --counts "$cache" "${grids[@]}" > "$tmp/r.txt"
check "rank exits 0" $?
awk -v b="$base" '{printf "%.0f %s\n", b + NR, $0}' "$tmp/last.txt" | cmp -s - "$tmp/r.txt"
check "ranks of bands 400-416 are consecutive from $((base + 1))" $?
grep -q "^band 416 " "$cache"; check "counts of band 416 appended to the cache" $?
"$M" grids unrank --counts "$cache" $((base + 1)) $((base + nl)) > "$tmp/u.txt"
printf '%s\n%s\n' "${grids[0]}" "${grids[$((nl - 1))]}" | cmp -s - "$tmp/u.txt"
check "unrank gives the grids back" $?
# a transformed grid ranks like its minlex form (transpose + relabel)
g=${grids[3]}
t=$(for c in 0 1 2 3 4 5 6 7 8; do for r in 0 1 2 3 4 5 6 7 8; do printf '%s' "${g:$((r * 9 + c)):1}"; done; done | tr 123456789 918273645)
"$M" grids rank --counts "$cache" "$t" | cmp -s - <(sed -n 4p "$tmp/r.txt")
check "rank of a transformed grid = rank of its minlex form" $?
"$M" grids rank --counts "$cache" 12345 2>/dev/null; [ $? = 2 ]; check "rank of a bad grid: exit 2" $?
"$M" grids unrank --counts "$cache" 0 2>/dev/null; [ $? = 2 ]; check "unrank 0: exit 2" $?
echo "garbage" >> "$tmp/badcache.txt"
"$M" grids rank --counts "$tmp/badcache.txt" "${grids[0]}" 2> "$tmp/err.txt"; st=$?
[ $st = 2 ] && grep -q "badcache.txt:1" "$tmp/err.txt"; check "bad counts file: exit 2 with file:line" $?

# sample: reproducible, uniform over the bands asked for, ranks check out
"$M" grids sample --count 6 --seed 7 --bands 400-416 --counts "$cache" > "$tmp/s1.txt"
check "sample exits 0" $?
"$M" grids sample --count 6 --seed 7 --bands 400-416 --counts "$cache" | cmp -s - "$tmp/s1.txt"
check "sample is reproducible" $?
ok=0
while read -r sg sr; do
    [ "$sr" -gt "$base" ] && [ "$sr" -le $((base + nl)) ] || ok=1
    [ "$(sed -n "$((sr - base))p" "$tmp/last.txt")" = "$sg" ] || ok=1
done < "$tmp/s1.txt"
check "sampled grids match their ranks" $ok
"$M" grids sample --count 3 2>/dev/null; [ $? = 2 ]; check "sample without --seed: exit 2" $?

# the shipped counts of the whole catalogue (grids/counts.txt.gz, made by
# scripts/enumerate-all): every band total equals the published count, and
# the sampler over all 5,472,730,538 grids reproduces grids 21-40 of
# grids/demo-sample.txt
shipped=${MC_SOURCE_DIR:?}/grids/counts.txt.gz
if [ -r "$shipped" ]; then
    gzip -dc "$shipped" | awk '$1 == "band" {print $2, $3}' > "$tmp/shipped.txt"
    grep -v '^#' "$MC_TEST_DATA/es-grids-per-band.txt" | awk 'NF >= 2 {print $1, $2}' | cmp -s - "$tmp/shipped.txt"
    check "shipped counts: all 416 band totals equal the published counts" $?
    "$M" grids sample --count 20 --seed 6 --counts "$shipped" 2>/dev/null | sed 's/ / rank-/' > "$tmp/s20.txt"
    grep 'rank-' "$MC_SOURCE_DIR/grids/demo-sample.txt" | cmp -s - "$tmp/s20.txt"
    check "sample over the whole catalogue reproduces grids 21-40 of demo-sample.txt" $?
    last=$("$M" grids unrank --counts "$shipped" 5472730538 2>/dev/null)
    [ -n "$last" ] && [ "$last" = "$("$M" grids enum --bands 416-416 2>/dev/null)" ] &&
        [ "$("$M" grids rank --counts "$shipped" "$last" 2>/dev/null | cut -d' ' -f1)" = 5472730538 ]
    check "last rank 5472730538: the one grid band 416 enumerates, and back" $?
    "$M" grids unrank --counts "$shipped" 5472730539 2>/dev/null; [ $? = 2 ]
    check "rank 5472730539 is past the end: exit 2" $?
    "$M" grids rank --counts "$shipped" "$(sed -n 's/^\([1-9]\{81\}\) .*/\1/p' "$MC_SOURCE_DIR/grids/demo-sample.txt" | head -1)" > "$tmp/r1.txt" 2>/dev/null &&
        r=$(cut -d' ' -f1 "$tmp/r1.txt") && [ "$("$M" grids unrank --counts "$shipped" "$r" 2>/dev/null)" = "$(cut -d' ' -f2 "$tmp/r1.txt")" ]
    check "rank then unrank of a demo grid (any band) round-trips" $?
    head -c 1000000 "$shipped" > "$tmp/cut.gz"
    "$M" grids unrank --counts "$tmp/cut.gz" 5 2> "$tmp/cut.err"; [ $? = 2 ] && grep -q "cut.gz:[0-9]*: truncated" "$tmp/cut.err"
    check "truncated .gz counts: error with file and line, exit 2" $?
else
    check "grids/counts.txt.gz readable" 1
fi

# without --counts: the shipped counts, at once (was: every band before the
# rank's enumerated, hours for rank 3,000,000,000, with no total nor ETA)
unset MINCLUE_COUNTS
g3=$(timeout 60 "$M" grids unrank 3000000000 2> "$tmp/u3.err"); st=$?
[ $st = 0 ] && [ ${#g3} = 81 ]; check "unrank 3000000000 without --counts answers within 60 s (exit $st)" $?
[ "$(timeout 60 "$M" grids rank "$g3" 2>/dev/null)" = "3000000000 $g3" ]
check "rank of that grid without --counts: 3000000000" $?
# oracles: the known ranks of tests/data/known-grids.txt, and the published
# per-band counts with the enumeration (band b's first grid has rank 1 +
# the published grids of bands 1..b-1)
ok=0
while read -r kg km _ rk rv _; do
    [ "$rk" = rank ] || continue
    rv=${rv%:}
    [ "$km" = = ] && km=$kg
    [ "$(timeout 60 "$M" grids rank "$kg" 2>/dev/null)" = "$rv $km" ] || { echo "rank of $kg is not $rv"; ok=1; }
    [ "$(timeout 60 "$M" grids unrank "$rv" 2>/dev/null)" = "$km" ] || { echo "unrank $rv is not $km"; ok=1; }
done < <(grep -v '^#' "$MC_TEST_DATA/known-grids.txt")
check "rank and unrank without --counts = the ranks of known-grids.txt" $ok
ok=0
for b in 2 137 250 331 401 416; do
    f=$(($(oracle 1 $((b - 1))) + 1))
    want=$("$M" grids enum --bands $b-$b 2>/dev/null | head -1)
    [ -n "$want" ] && [ "$("$M" grids unrank "$f" 2>/dev/null)" = "$want" ] || { echo "unrank $f is not band $b's first grid"; ok=1; }
done
check "unrank of 1 + the published grids of bands 1..b-1 = band b's first grid (bands 2, 137, 250, 331, 401, 416)" $ok
"$M" grids sample --count 20 --seed 6 2>/dev/null | sed 's/ / rank-/' |
    cmp -s - <(grep 'rank-' "$MC_SOURCE_DIR/grids/demo-sample.txt")
check "sample without --counts reproduces grids 21-40 of demo-sample.txt" $?
MC_TEST_SHIPPED_COUNTS="$tmp/gone/counts.txt.gz" "$M" grids unrank 5 > "$tmp/out.txt" 2> "$tmp/err.txt"; st=$?
[ $st = 2 ] && [ ! -s "$tmp/out.txt" ] && [ "$(wc -l < "$tmp/err.txt")" = 1 ] &&
    grep -q "gone/counts.txt.gz.*--counts FILE" "$tmp/err.txt"
check "shipped counts missing: one line naming the file and --counts, exit 2 ($(cat "$tmp/err.txt"))" $?
for c in "rank $g3" "sample --count 1 --seed 1"; do
    MC_TEST_SHIPPED_COUNTS="$tmp/cut.gz" "$M" grids $c > "$tmp/out.txt" 2> "$tmp/err.txt"; st=$?
    [ $st = 2 ] && [ ! -s "$tmp/out.txt" ] && grep -q "cut.gz:[0-9]*: truncated.*shipped" "$tmp/err.txt"
    check "shipped counts truncated: grids ${c%% *} names file and line, exit 2" $?
done
printf 'row4 400 123456789 5\nband 400 5\n' > "$tmp/wrong.txt"
"$M" grids count --bands 400-400 --counts "$tmp/wrong.txt" 2> "$tmp/err.txt"; st=$?
[ $st = 2 ] && grep -q "wrong.txt:2: band 400: 5 grids, but the published count is $(oracle 400 400)" "$tmp/err.txt"
check "a band total that is not the published count: file and line, exit 2" $?
for c in rank unrank sample; do
    "$M" grids $c --help | tr '\n' ' ' | grep -q "by default the shipped grids/counts.txt.gz"
    check "grids $c --help: the shipped counts are the default" $?
done
# counting that still happens shows done/total and an ETA (a terminal: a
# line every 0.5 s; band 1 alone takes about 2 s)
if command -v script > /dev/null; then
    script -qec "'$M' grids count --bands 1-1 --counts '$tmp/c1.txt'" /dev/null > "$tmp/tty.txt" 2>&1
    tr '\r' '\n' < "$tmp/tty.txt" | grep -q "^[0-9]*/$(oracle 1 1) grids counted, [0-9.]*/s, [0-9]*s elapsed, ETA [0-9]*h[0-9]*m[0-9]*s, band 1"
    check "grids count: progress line with done/total grids and an ETA" $?
    tr '\r' '\n' < "$tmp/tty.txt" | grep -q "^$(oracle 1 1)/$(oracle 1 1) grids counted"
    check "grids count: the final progress line says all $(oracle 1 1) grids" $?
    tr '\r' '\n' < "$tmp/tty.txt" | grep -q "^band 1 $(oracle 1 1)" && grep -q "^total $(oracle 1 1)" "$tmp/tty.txt"
    check "grids count --bands 1-1: its band line on a line of its own, and the total" $?
    # bands 1-15 known (published totals), band 16 (1.6 M grids) counted
    grep -v '^#' "$MC_TEST_DATA/es-grids-per-band.txt" |
        awk '$1<16 {print "row4 " $1 " 123456789 " $2; print "band " $1 " " $2}' > "$tmp/c15.txt"
    script -qec "'$M' grids unrank --counts '$tmp/c15.txt' $(($(oracle 1 15) + 1))" /dev/null > "$tmp/tty.txt" 2>&1
    tr '\r' '\n' < "$tmp/tty.txt" | grep -q "^[0-9]*/$(oracle 16 16) grids counted, .*ETA.*band 16"
    check "unrank with a partial --counts: progress over the one band it lacks (band 16)" $?
    tr '\r' '\n' < "$tmp/tty.txt" | grep -qx "$("$M" grids enum --bands 16-16 2>/dev/null | head -1)"
    check "... and the first grid of band 16" $?
    # enumerations: the published total of the bands or the shape
    script -qec "'$M' grids enum --bands 1-1 > /dev/null" /dev/null > "$tmp/tty.txt" 2>&1
    tr '\r' '\n' < "$tmp/tty.txt" | grep -q "^[0-9]*/$(oracle 1 1) grids, [0-9.]*/s, [0-9]*s elapsed, ETA "
    check "grids enum --bands 1-1: progress line with done/$(oracle 1 1) grids and an ETA" $?
    script -qec "'$M' grids count --box 2x4 > /dev/null" /dev/null > "$tmp/tty.txt" 2>&1
    tr '\r' '\n' < "$tmp/tty.txt" | grep -q "^[0-9]*/$want8 grids, [0-9.]*/s, [0-9]*s elapsed, ETA "
    check "grids count --box 2x4: progress line with done/$want8 grids and an ETA" $?
else
    check "script (util-linux) for the terminal checks" 1
fi

if [ $fails -ne 0 ]; then echo "$fails check(s) failed"; exit 1; fi
echo "all grids checks passed"
