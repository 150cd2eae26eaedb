#!/usr/bin/env bash
# A rerun of a complete job changes nothing: on a copy of the committed
# records of jobs/proofs (the 8x8 K = 13 proof among them), `minclue run`
# says in one line that the job is complete and leaves every file of the
# output byte-identical (journal, found.txt, summary.json with the proof's
# measured seconds), also when the output is on a read-only file system.
# ctest-labels: cli mpi
# ctest-timeout: 300
source "$(dirname "${BASH_SOURCE[0]}")/job_prelude.sh"
S=${MC_SOURCE_DIR:?}
cp -r "$S/jobs/proofs" "$T/p"
sums() { (cd "$T/p" && find . -type f | sort | xargs sha256sum; find . | sort) ; }

# complete_run NAME JOB: exit 0, one stderr line saying complete, nothing else
complete_run() {
  "$M" run "$2" > o.txt 2> e.txt
  local st=$?
  [ $st = 0 ] && [ ! -s o.txt ] && [ "$(wc -l < e.txt)" = 1 ] && grep -q "complete.*nothing to do" e.txt
  local ok=$?
  [ $ok = 0 ] || { echo "status $st"; cat o.txt e.txt; }
  check "$1: complete, nothing to do" $ok
}

sums > before.txt
complete_run "8x8 K = 13" "$T/p/8x8/es8x8-k13.job"
complete_run "8x8 K = 14" "$T/p/8x8/k14.job"
for k in 4x4/k3 4x4/k4 6x6/k7 6x6/k8; do complete_run "$k" "$T/p/$k.job"; done
sums > after.txt
diff before.txt after.txt
check "every file byte-identical after the reruns" $?
grep -q '"last_run_wall_seconds": 3081.651,' "$T/p/8x8/results/es8x8-k13/summary.json"
check "the proof's measured wall seconds kept" $?

echo "== under mpirun"
mpirun -np 2 "$M" run "$T/p/6x6/k7.job" > o.txt 2> e.txt
st=$?
[ $st = 0 ] && grep -q "complete.*nothing to do" e.txt
check "mpirun -np 2: complete, nothing to do (status $st)" $?
sums > after.txt
diff before.txt after.txt
check "every file byte-identical after the mpirun" $?

echo "== on a read-only file system"
# a private mount namespace (unshare) with the copy bound read-only; skipped
# where namespaces are not allowed
if unshare -rm true 2>/dev/null; then
  unshare -rm bash -c 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && touch "$1/x" 2>/dev/null && exit 9
    exec "$2" run "$1/8x8/es8x8-k13.job"' _ "$T/p" "$M" > o.txt 2> e.txt
  st=$?
  [ $st = 0 ] && grep -q "complete.*nothing to do" e.txt
  ok=$?
  [ $ok = 0 ] || cat e.txt
  check "read-only: complete, nothing to do (status $st)" $ok
else
  echo "skip: no mount namespace here"
fi

echo "== an incomplete job still runs and completes"
sed -i '$d' "$T/p/4x4/results/k4/journal"
"$M" run --quiet "$T/p/4x4/k4.job" > o.txt 2> e.txt
st=$?
[ $st = 0 ] && grep -q "complete: ranks 1..2" e.txt && "$M" job verify "$T/p/4x4/results/k4" > /dev/null
check "4x4 K = 4 with its last chunk line gone: run again, verified (status $st)" $?
[ $fails = 0 ]
