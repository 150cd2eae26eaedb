#!/usr/bin/env bash
# test_slurm — jobs/slurm/search.sbatch under a real one-node Slurm on this
# machine: munged, slurmctld and slurmd started by hand (config in a temp
# dir, proctrack/linuxproc, task/none), the template submitted with its
# default launcher (srun --mpi=pmix), the job requeued once while it runs
# (scontrol requeue: the script must not requeue it a second time), resumed
# from its journal, and the result checked against a single-process run and
# `minclue job verify`. Before it, a job cancelled by scancel while it runs:
# it must end CANCELLED, not requeued (Restarts=0). Then a job whose step
# cannot launch (srun exits 0): it must end FAILED, not COMPLETED. Skipped
# (exit 77) when not root or when Slurm/munge are not installed (apt-get
# install slurmctld slurmd slurm-client munge). Cleans up its daemons.
# Then jobs/slurm/array.sbatch on the same cluster: the job split into 3
# parts (minclue job split), submitted as an array of 3 tasks, task 2
# requeued by `scontrol requeue` and task 3 sent SIGUSR1 (the time-limit
# warning: the script requeues it) while they run, both resumed from their
# journals; every part verified, the merged verify of the 3 outputs
# (--expect, --certificate, --check-certificate), and the parts' puzzles
# equal to the single-process run.
# Requeued jobs wait as Slurm makes them wait (cred_expire + 1 s, here 11 s)
# and are not started early: see the slurm.conf below.
# ctest-labels: slurm
# ctest-timeout: 300
set -uo pipefail
M=${MINCLUE:?MINCLUE must name the binary}
M=$(cd "$(dirname "$M")" && pwd)/$(basename "$M")
D=$(cd "${MC_TEST_DATA:?}" && pwd)
S=$(cd "${MC_SOURCE_DIR:?}" && pwd)/jobs/slurm/search.sbatch
AS=$(cd "${MC_SOURCE_DIR:?}" && pwd)/jobs/slurm/array.sbatch
# Sanitizer builds: Open MPI's own allocations (some in unloaded plugins, so
# they cannot be suppressed by name) show up as leaks at exit; the job code's
# leaks are checked by test_job. Other sanitizer errors still fail.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
skip() { echo "SKIPPED: $*"; exit 77; }
# the two templates share their launch and requeue code as identical text
# (sbatch copies only the script, so they cannot source a common file)
diff <(sed -n '/^# ---- From here to the end/,$p' "$S") <(sed -n '/^# ---- From here to the end/,$p' "$AS") ||
  { echo "FAIL: the shared part of search.sbatch and array.sbatch differs" >&2; exit 1; }
grep -q '^# ---- From here to the end' "$S" || { echo "FAIL: no shared part in $S" >&2; exit 1; }
[ "$(id -u)" = 0 ] || skip "needs root (starts munged, slurmctld and slurmd)"
for c in munged slurmctld slurmd sbatch scontrol squeue sinfo srun; do
  command -v "$c" > /dev/null 2>&1 || skip "$c not installed (apt-get install slurmctld slurmd slurm-client munge)"
done
[ -n "$(ls /usr/lib/*/slurm-wlm/mpi_pmix*.so /usr/lib*/slurm/mpi_pmix*.so 2>/dev/null)" ] ||
  skip "Slurm has no PMIx plugin (mpi_pmix.so)"

t0=$(date +%s)
T=$(mktemp -d /tmp/test_slurm.XXXXXX)
chmod 755 "$T"
pids=()
cleanup() {
  [ -n "${SLURM_CONF:-}" ] && scancel --quiet --full "${jobid:-0}" "${nlid:-0}" "${arrayid:-0}" 2>/dev/null
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
  sleep 1
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null; done
  # job steps left by slurmd (slurmstepd) of this cluster only
  for p in $(pgrep -f "slurmstepd.*" 2>/dev/null); do
    grep -qs "$T" /proc/"$p"/environ && kill -9 "$p" 2>/dev/null
  done
  # batch scripts and sruns of this cluster that outlived their slurmstepd
  # (a test that failed while tasks ran): their command lines name $T
  for p in $(pgrep -f "$T/" 2>/dev/null); do kill -9 "$p" 2>/dev/null; done
  if [ "${KEEP:-0}" = 1 ]; then echo "kept $T"; else rm -rf "$T"; fi
}
trap cleanup EXIT
fail() {
  echo "FAIL: $*" >&2
  for f in "$T"/log/*.log "$T"/job/*.log; do [ -f "$f" ] && { echo "--- $f"; tail -20 "$f"; } >&2; done
  exit 1
}
# a field of a job as scontrol shows it: JobState (RUNNING, ...), Restarts
job_field() { scontrol show job "$1" 2>/dev/null | grep -o "$2=[A-Z0-9_]*" | head -1 | cut -d= -f2; }
state_of() { job_field "$1" JobState; }
mkdir -p "$T/log" "$T/state" "$T/spool" "$T/job" "$T/munge"

# --- munge, on its own socket and key
dd if=/dev/urandom of="$T/munge/key" bs=1024 count=1 status=none
chmod 700 "$T/munge"; chmod 600 "$T/munge/key"
munged --force --foreground --key-file="$T/munge/key" --socket="$T/munge/sock" \
  --pid-file="$T/munge/pid" --log-file="$T/log/munged.log" --seed-file="$T/munge/seed" \
  > "$T/log/munged.out" 2>&1 &
pids+=($!)

# --- a one-node cluster on free ports
host=$(hostname -s)
port=$((20000 + RANDOM % 20000))
cpus=$(nproc); [ "$cpus" -ge 6 ] || cpus=6 # 3 ranks, or 3 array tasks of 2; slurmd takes the configured count (config_overrides)
cat > "$T/slurm.conf" <<CONF
ClusterName=mctest
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$T/munge/sock,cred_expire=10
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/log/slurmctld.log
SlurmdLogFile=$T/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
JobRequeue=1
KillWait=5
MinJobAge=600
SchedulerType=sched/backfill
SchedulerParameters=bf_interval=1,sched_interval=1
SlurmdParameters=config_overrides
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
FirstJobId=$((port * 10))
CONF
# cred_expire (default 120 s) is also how long a requeued job waits before it
# starts again (BeginTime): the new launch credential must be newer than the
# revocation of the old one (whole seconds), and the previous run's step
# daemons must be gone, since the rerun has the same job and step ids (the
# PMIx server socket stepd.slurm.pmix.JOB.0 in the spool). Starting a
# requeued job early (StartTime=now) failed it either way: "Job already
# killed, do not launch batch job", or a step that could not launch.
# bf_interval, sched_interval: the schedulers look every second (not 30 and
# 60 s), so it starts once its wait is over.
# PMIx's per-step directories in here, not /tmp/spmix_appdir_UID_JOB.STEP:
# a directory left by a killed run would refuse a later step of the same id
mkdir -p "$T/pmix"
echo "PMIxCliTmpDirBase=$T/pmix" > "$T/mpi.conf"
export SLURM_CONF=$T/slurm.conf
for i in $(seq 50); do [ -S "$T/munge/sock" ] && break; sleep 0.1; done
[ -S "$T/munge/sock" ] || fail "munged did not start"
slurmctld -D -i -f "$SLURM_CONF" > "$T/log/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -N "$host" -f "$SLURM_CONF" > "$T/log/slurmd.out" 2>&1 &
pids+=($!)
up=0
for i in $(seq 300); do
  state=$(sinfo -h -o %T 2>/dev/null | head -1)
  [ "$state" = idle ] && { up=1; break; }
  sleep 0.2
done
[ $up = 1 ] || fail "the node did not come up (state '$state')"
echo "slurm up in $(($(date +%s) - t0)) s"

# --- the job: all 288 4x4 grids, K = 4, slowed down so that it can be requeued
cd "$T/job"
cat > tiny.job <<JOB
source = grids $D/grids-4x4-all.txt
clues = 4
chunk = 8
engine = brute
output = out
JOB
"$M" run --quiet --output ref tiny.job > ref.txt 2>&1 || fail "single-process run: $(cat ref.txt)"
unset MC_LAUNCH SLURM_JOB_ID
export MINCLUE="$M" MC_TEST_GRID_DELAY_MS=100
# the chunks in an output's journal
chunks() { if [ -f "$1"/journal ]; then grep -c '^C' "$1"/journal || true; else echo 0; fi; }

# --- scancel ends a job: the script does not requeue it (SIGTERM is a
# cancel, only SIGUSR1, the time-limit warning, requeues)
cid=$(sbatch --parsable --nodes=1 --ntasks=2 --ntasks-per-node=2 --overcommit --time=30 \
      --chdir="$T/job" "$S" tiny.job --quiet --output cancelled) || fail "sbatch (cancel)"
jobid=$cid # cleaned up on failure
for i in $(seq 600); do
  st=$(state_of "$cid")
  [ "$st" = RUNNING ] && [ "$(chunks cancelled)" -ge 2 ] && break
  case "$st" in COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL) fail "job $cid ended ($st) before it could be cancelled";; esac
  sleep 0.1
done
scancel "$cid" || fail "scancel $cid"
# the script reports within KillWait (5 s); a requeue would show at once in
# Restarts and in the state (PENDING, REQUEUED)
for i in $(seq 100); do
  log=$(ls minclue-*-"$cid".log 2>/dev/null | head -1)
  [ -n "$log" ] && grep -q "not requeued\|requeueing job\|already requeued" "$log" && break
  sleep 0.1
done
sleep 1
st=$(state_of "$cid") restarts=$(job_field "$cid" Restarts)
[ "$st" = CANCELLED ] && [ "${restarts:-0}" = 0 ] ||
  fail "scancel: job $cid is $st with Restarts=$restarts, not CANCELLED with none: $(cat "$log")"
grep -q "minclue search: stopped by SIGTERM (scancel or the time limit): not requeued" "$log" ||
  fail "the cancel not named in the log: $(cat "$log")"
[ ! -f cancelled/summary.json ] || fail "the cancelled job completed anyway"
echo "scancel: job $cid CANCELLED, not requeued, after $(($(date +%s) - t0)) s"

# --time=30: the template asks for SIGUSR1 600 s before the time limit
jobid=$(sbatch --parsable --nodes=1 --ntasks=3 --ntasks-per-node=3 --overcommit --time=30 \
        --chdir="$T/job" "$S" tiny.job --quiet) || fail "sbatch"
echo "submitted job $jobid"
# requeue once some chunks are in the journal (and before the job ends)
requeued=0
for i in $(seq 600); do
  st=$(state_of "$jobid")
  if [ "$st" = RUNNING ] && [ -f out/journal ] && [ "$(grep -c '^C' out/journal 2>/dev/null)" -ge 3 ]; then
    scontrol requeue "$jobid" || fail "scontrol requeue"
    requeued=1
    echo "requeued after $(grep -c '^C' out/journal) chunks"
    break
  fi
  case "$st" in COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL) fail "job ended ($st) before it could be requeued";; esac
  sleep 0.1
done
[ $requeued = 1 ] || fail "the job never ran long enough to be requeued (state $st)"
done_=0
for i in $(seq 1200); do
  st=$(state_of "$jobid")
  case "$st" in
    COMPLETED) done_=1; break;;
    FAILED|CANCELLED|TIMEOUT|NODE_FAIL|BOOT_FAIL|OUT_OF_MEMORY) fail "job ended $st";;
  esac
  sleep 0.2
done
[ $done_ = 1 ] || fail "job not complete after 4 minutes (state $st)"
restarts=$(job_field "$jobid" Restarts)
[ "${restarts:-0}" = 1 ] || fail "the job was not restarted exactly once (Restarts=$restarts)"
log=$(ls minclue-*-"$jobid".log 2>/dev/null | head -1)
[ -n "$log" ] || fail "no job log"
grep -q "via 'srun --mpi=pmix" "$log" || fail "default launcher not srun --mpi=pmix: $(head -3 "$log")"
grep -q "restart 1" "$log" || fail "no second start in the log"
grep -q "exit status 0" "$log" || fail "no clean exit in the log"
# requeued by Slurm: the script saw it and did not ask for a second requeue
grep -q "minclue search: already requeued by Slurm (restart 1)" "$log" || fail "requeue not seen by the script: $(cat "$log")"
! grep -q "requeueing job" "$log" || fail "the script requeued the job a second time: $(grep requeueing "$log")"
! grep -q "Requeue of JobId=$jobid returned an error" "$T/log/slurmctld.log" || fail "a second requeue of job $jobid"
[ -f out/summary.json ] || fail "no summary.json"
"$M" job verify out > verify.txt 2>&1 || { cat verify.txt; fail "job verify"; }
grep -q "ranks 1..288, 288 grids, K = 4" verify.txt || fail "verify claim: $(cat verify.txt)"
diff <(grep -v '^#' ref/found.txt) <(grep -v '^#' out/found.txt) > /dev/null ||
  fail "found.txt differs from the single-process run"
echo "search.sbatch passed after $(($(date +%s) - t0)) s (restarts $restarts)"

# --- a step that cannot launch: srun reports "launch failed" and exits 0.
# A file where the step's PMIx server socket goes (the spool's
# stepd.slurm.pmix.JOB.0, what a previous run's step daemon leaves while it
# lives) makes the launch fail; the job must end FAILED, not COMPLETED.
cat > nolaunch.job <<JOB
source = grids $D/grids-4x4-all.txt
ranks = 1-8
clues = 4
engine = brute
output = nolaunch
JOB
nlid=$(sbatch --parsable --hold --nodes=1 --ntasks=2 --ntasks-per-node=2 --overcommit --time=30 \
       --chdir="$T/job" "$S" nolaunch.job --quiet) || fail "sbatch (launch failure)"
: > "$T/spool/stepd.slurm.pmix.$nlid.0"
scontrol release "$nlid" || fail "scontrol release $nlid"
for i in $(seq 600); do
  st=$(state_of "$nlid")
  case "$st" in COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|BOOT_FAIL|OUT_OF_MEMORY) break;; esac
  sleep 0.2
done
rm -f "$T/spool/stepd.slurm.pmix.$nlid.0"
log=$(ls minclue-*-"$nlid".log 2>/dev/null | head -1)
[ -n "$log" ] || fail "no log of the job that cannot launch"
grep -q "launch failed" "$log" || fail "the step of job $nlid did launch after all: $(cat "$log")"
[ "$st" = FAILED ] || fail "a job whose step did not launch ended $st: $(cat "$log")"
grep -q "minclue search: exit status 0 but no ./nolaunch/summary.json" "$log" || fail "launch failure not named: $(cat "$log")"
echo "launch failure: job $nlid FAILED after $(($(date +%s) - t0)) s"

# --- the array: tiny.job split into 3 parts (ranks 1-96, 97-192, 193-288),
# one task each (master + 1 worker); --time=30: the template asks for
# SIGUSR1 600 s before the limit, so a 10-minute limit would signal at once
"$M" job split tiny.job 3 > split.txt 2>&1 || fail "job split: $(cat split.txt)"
arrayid=$(sbatch --parsable --array=1-3 --nodes=1 --ntasks=2 --ntasks-per-node=2 --overcommit --time=30 \
          --chdir="$T/job" "$AS" "$T/job/tiny" --quiet) || fail "sbatch --array"
echo "submitted array $arrayid"
# task 2: `scontrol requeue` (what pre-emption does); task 3: SIGUSR1 to its
# batch script (what --signal=B:USR1@600 does before the time limit), after
# which the script requeues the task itself
hit2=0 hit3=0
for i in $(seq 600); do
  st2=$(state_of "${arrayid}_2") st3=$(state_of "${arrayid}_3")
  if [ $hit2 = 0 ] && [ "$st2" = RUNNING ] && [ "$(chunks out-2)" -ge 3 ]; then
    scontrol requeue "${arrayid}_2" || fail "scontrol requeue ${arrayid}_2"
    hit2=1
    echo "task 2 requeued after $(chunks out-2) of 12 chunks"
  fi
  if [ $hit3 = 0 ] && [ "$st3" = RUNNING ] && [ "$(chunks out-3)" -ge 3 ]; then
    scancel --batch --signal=USR1 "${arrayid}_3" || fail "scancel --signal=USR1 ${arrayid}_3"
    hit3=1
    echo "task 3 sent USR1 after $(chunks out-3) of 12 chunks"
  fi
  [ $hit2 = 1 ] && [ $hit3 = 1 ] && break
  case "$st2 $st3" in *COMPLETED*|*FAILED*|*CANCELLED*|*TIMEOUT*|*NODE_FAIL*) fail "tasks 2, 3 ended ($st2 $st3) before they could be stopped";; esac
  sleep 0.1
done
[ $hit2 = 1 ] && [ $hit3 = 1 ] || fail "tasks 2 and 3 never ran long enough to be stopped ($st2 $st3)"
for i in $(seq 1200); do
  states=
  for t in 1 2 3; do
    st=$(state_of "${arrayid}_$t")
    states="$states${states:+ }$st"
  done
  [ "$states" = "COMPLETED COMPLETED COMPLETED" ] && break
  case "$states" in *FAILED*|*CANCELLED*|*TIMEOUT*|*NODE_FAIL*|*OUT_OF_MEMORY*) fail "array tasks: $states";; esac
  sleep 0.2
done
[ "$states" = "COMPLETED COMPLETED COMPLETED" ] || fail "array not complete after 4 minutes: $states"
restarts=$(job_field "${arrayid}_2" Restarts)
[ "${restarts:-0}" = 1 ] || fail "task 2 was not restarted exactly once (Restarts=$restarts)"
for t in 1 2 3; do
  log=$(ls minclue-*-"${arrayid}_$t".log 2>/dev/null | head -1)
  [ -n "$log" ] || fail "no log of task $t"
  grep -q "task $t: $T/job/tiny-$t.job via 'srun --mpi=pmix" "$log" || fail "task $t log: $(head -2 "$log")"
  grep -q "task $t: exit status 0" "$log" || fail "no clean exit of task $t"
  "$M" job verify out-$t > verify$t.txt 2>&1 || { cat verify$t.txt; fail "job verify out-$t"; }
done
restarts3=$(job_field "${arrayid}_3" Restarts)
[ "${restarts3:-0}" = 1 ] || fail "task 3 was not restarted exactly once (Restarts=$restarts3)"
grep -q "restart 1" "$(ls minclue-*-"${arrayid}_2".log)" || fail "no second start of task 2 in its log"
grep -q "task 2: already requeued by Slurm" "$(ls minclue-*-"${arrayid}_2".log)" || fail "task 2 requeued itself too"
grep -q "task 3: requeueing job ${arrayid}_3" "$(ls minclue-*-"${arrayid}_3".log)" || fail "task 3 did not requeue itself"
grep -q "restart 1" "$(ls minclue-*-"${arrayid}_3".log)" || fail "no second start of task 3 in its log"
grep -q "ranks 97..192, 96 grids, K = 4" verify2.txt || fail "claim of part 2: $(cat verify2.txt)"
diff <(grep -hv '^#' out-1/found.txt out-2/found.txt out-3/found.txt | sort) <(grep -v '^#' ref/found.txt | sort) \
  > /dev/null || fail "the parts' puzzles differ from the single-process run"
# the merge: one claim over the three outputs, exactly ranks 1..288, and its certificate
"$M" job verify --expect 1-288 --certificate tiny.cert.json out-1 out-2 out-3 > merged.txt 2>&1 ||
  { cat merged.txt; fail "merged job verify"; }
grep -q "^ranks 1..288, 288 grids, K = 4: " merged.txt || fail "merged claim: $(cat merged.txt)"
[ -s tiny.cert.json ] || fail "no certificate"
"$M" job verify --expect 1-288 --check-certificate tiny.cert.json out-1 out-2 out-3 > recheck.txt 2>&1 ||
  { cat recheck.txt; fail "the certificate does not re-check"; }
echo "slurm test passed in $(($(date +%s) - t0)) s (array: task 2 restarts $restarts, task 3 restarts $restarts3)"
