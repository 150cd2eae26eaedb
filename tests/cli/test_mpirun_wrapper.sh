#!/usr/bin/env bash
# test_mpirun_wrapper — scripts/mpirun, the launcher of the README's
# examples: with none of Open MPI's variables set (as in a new user's
# shell), `scripts/mpirun -np 3 minclue run` completes a job on this machine,
# root or not and with fewer cores than ranks, and gives the same found.txt
# as a run in one process; arguments and the exit status pass through.
# Positive control: where the machine needs the wrapper (root, or fewer than
# 3 cores), plain mpirun in the same environment fails.
# ctest-labels: mpi cli
# ctest-timeout: 300
set -uo pipefail
S=${MC_SOURCE_DIR:?}
source "$(dirname "${BASH_SOURCE[0]}")/job_prelude.sh"
# a new user's environment: none of the OMPI_* variables ctest sets
clean() { env -u OMPI_ALLOW_RUN_AS_ROOT -u OMPI_ALLOW_RUN_AS_ROOT_CONFIRM -u OMPI_MCA_rmaps_base_oversubscribe "$@"; }

printf 'source = grids %s/grids-4x4-all.txt\nranks = 1-40\nclues = 4\nchunk = 10\nengine = brute\noutput = out\n' "$D" > t.job
"$M" run --quiet --output one t.job
check "one process: the reference run" $?

clean "$S/scripts/mpirun" -np 3 "$M" run --quiet --output three t.job > out.txt 2> err.txt
rc=$?
check "scripts/mpirun -np 3 minclue run: exit 0 (got $rc: $(head -c 200 err.txt))" $rc
n=$(grep -vc '^#' one/found.txt 2> /dev/null)
diff <(grep -v '^#' one/found.txt) <(grep -v '^#' three/found.txt) > /dev/null 2>&1 && [ "${n:-0}" -gt 0 ]
check "the same found.txt as one process (${n:-no} puzzles)" $?
"$M" job verify three > /dev/null 2>&1
check "job verify on its output" $?

if [ "$(id -u)" = 0 ] || [ "$(nproc)" -lt 3 ]; then
    clean mpirun -np 3 "$M" run --quiet --output plain t.job > /dev/null 2>&1
    rc=$?
    check "plain mpirun -np 3 without the variables fails here (root: $(id -u), $(nproc) cores; exit $rc)" \
        $([ $rc != 0 ] && echo 0 || echo 1)
fi

clean "$S/scripts/mpirun" -np 1 "$M" run --quiet --output bad no-such.job > /dev/null 2>&1
rc=$?
check "an error of minclue comes back as mpirun's non-zero exit ($rc)" $([ $rc != 0 ] && echo 0 || echo 1)
clean "$S/scripts/mpirun" --version > v.txt 2>&1
grep -q "Open MPI" v.txt
check "other arguments pass through (--version)" $?
[ $fails = 0 ]
