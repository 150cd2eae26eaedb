#!/usr/bin/env bash
# test_setup — the package installation of scripts/setup.sh, with apt-get,
# dpkg-query and systemctl replaced by stubs that record their calls (the
# machine's packages are never touched):
# - the demo (mc_install) asks for the build packages only: no clang, no
#   slurm, no munge; the test scripts (mc_install test) for those too;
# - test packages are installed while a policy-rc.d that denies every
#   service start (exit 101) is in place, which is gone afterwards (an
#   existing one is left alone), then munge, slurmctld and slurmd are
#   disabled at boot, only when this install brought them;
# - without root: the exact apt-get line of the missing packages, exit 1;
# - scripts/demo sources setup.sh and calls mc_install with no argument,
#   scripts/test with `test`.
# ctest-labels: unit
# ctest-timeout: 60
set -uo pipefail
S=${MC_SOURCE_DIR:?}
source "$(dirname "${BASH_SOURCE[0]}")/prelude.sh"

# stubs: dpkg-query says "installed" only for the packages listed in $T/have
cat > dpkg-query <<'STUB'
#!/bin/sh
p=$(eval echo "\${$#}")
grep -qx "$p" "$STUB_DIR/have" && printf 'install ok installed'
exit 0
STUB
# apt-get records its arguments and, for an install, whether a policy-rc.d
# denied service starts at that moment
cat > apt-get <<'STUB'
#!/bin/sh
echo "apt-get $*" >> "$STUB_DIR/calls"
case "$*" in *install*)
  if [ -x "$MC_POLICY_RC_D" ]; then "$MC_POLICY_RC_D" munge start; echo "policy: exit $?" >> "$STUB_DIR/calls"
  else echo "policy: none" >> "$STUB_DIR/calls"; fi ;;
esac
STUB
cat > systemctl <<'STUB'
#!/bin/sh
echo "systemctl $*" >> "$STUB_DIR/calls"
STUB
chmod +x dpkg-query apt-get systemctl
export STUB_DIR=$T MC_APT_GET=$T/apt-get MC_DPKG_QUERY=$T/dpkg-query MC_SYSTEMCTL=$T/systemctl
export MC_POLICY_RC_D=$T/policy-rc.d

run() { # have-list, uid, mc_install args...: runs mc_install in a subshell
  printf '%s\n' $1 > have
  : > calls
  local uid=$2
  shift 2
  (MC_UID=$uid; source "$S/scripts/setup.sh"; mc_install "$@") > out.txt 2> err.txt
}

echo "== the demo: the build packages only"
run "" 0
rc=$?
grep '^apt-get install' calls > inst.txt
check "mc_install: exit 0 ($rc)" $rc
grep -q "libopenmpi-dev" inst.txt && grep -q "libcmocka-dev" inst.txt
check "installs the build packages" $?
! grep -qE "clang|slurm|munge" calls
check "no clang, slurm or munge" $?
! grep -q "^systemctl" calls
check "no service touched" $?

echo "== the tests: the test packages too, with no service started or enabled"
run "build-essential cmake pkg-config libopenmpi-dev openmpi-bin zlib1g-dev libcmocka-dev" 0 test
rc=$?
check "mc_install test: exit 0 ($rc)" $rc
grep -A1 "^apt-get install.*slurmctld" calls | grep "policy: exit 101" > /dev/null
check "slurm and munge installed under a policy-rc.d that denies starts" $?
[ ! -e policy-rc.d ]
check "the policy-rc.d is gone afterwards" $?
for s in munge slurmctld slurmd; do
    grep -q "^systemctl disable --quiet $s.service" calls
    check "$s disabled at boot" $?
done
! grep -q "^apt-get install.*libopenmpi-dev" calls
check "installed packages are not installed again" $?

echo "== a Slurm that was there before is left as it was"
run "build-essential cmake pkg-config libopenmpi-dev openmpi-bin zlib1g-dev libcmocka-dev slurmctld slurmd slurm-client munge" 0 test
grep -q "^apt-get install.*clang" calls && ! grep -q "^systemctl" calls
check "only clang installed, no service disabled" $?
printf '#!/bin/sh\nexit 0\n' > policy-rc.d
chmod +x policy-rc.d
run "" 0 test
[ -e policy-rc.d ] && grep -q "^exit 0" policy-rc.d
check "an existing policy-rc.d is kept" $?
rm -f policy-rc.d

echo "== without root: the apt-get line, exit 1"
run "" 1000
rc=$?
grep -q "sudo apt-get install -y build-essential" err.txt && ! grep -q slurm err.txt && [ ! -s calls ]
check "the demo's line, nothing run (exit $rc)" $([ $rc = 1 ] && echo 0 || echo 1)
run "" 1000 test
grep -q "sudo apt-get install -y.* munge" err.txt
check "the tests' line names munge" $?

echo "== the scripts"
grep -qx "mc_install" "$S/scripts/demo"
check "scripts/demo: mc_install (build packages)" $?
grep -qx "mc_install test" "$S/scripts/test"
check "scripts/test: mc_install test" $?
[ $fails = 0 ]
