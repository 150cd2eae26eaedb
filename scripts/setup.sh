# Sourced by scripts/test, scripts/demo and the other scripts: installs the
# Debian packages minclue needs (when root) and builds into build/.
# Variables: MC_BUILD_DIR (default build), MC_CMAKE_ARGS (extra cmake args).
#
# Two package lists:
#   MC_PACKAGES       what the program, its build and the demo need (the
#                     compiler, cmake, Open MPI, zlib, cmocka: the build
#                     compiles the unit tests too);
#   MC_TEST_PACKAGES  what only tests use: clang and libFuzzer (the fuzz
#                     harnesses), a one-node Slurm and munge (the slurm test,
#                     which starts its own daemons), rsvg-convert and
#                     xmllint (job status's picture, rendered and checked).
# `mc_install` installs the first, `mc_install test` both. Test packages are
# installed without starting any system service (a policy-rc.d that denies
# every start while apt runs) and the services they bring (munge, slurmctld,
# slurmd) are disabled at boot again right after, only those of packages
# installed here: a Slurm or munge that was there before is left as it was.
# Hooks (for tests/cli/test_setup.sh): MC_APT_GET, MC_DPKG_QUERY, MC_SYSTEMCTL,
# MC_POLICY_RC_D (default /usr/sbin/policy-rc.d), MC_UID.
set -euo pipefail
MC_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
MC_BUILD_DIR=${MC_BUILD_DIR:-$MC_ROOT/build}
MC_PACKAGES="build-essential cmake pkg-config libopenmpi-dev openmpi-bin zlib1g-dev libcmocka-dev"
MC_TEST_PACKAGES="clang libclang-rt-14-dev slurmctld slurmd slurm-client munge librsvg2-bin libxml2-utils"
# the system services of the test packages (never enabled by mc_install)
MC_TEST_SERVICES="munge slurmctld slurmd"

mc_missing_packages() { # [test]
  local missing="" p
  for p in $MC_PACKAGES ${1:+$MC_TEST_PACKAGES}; do
    "${MC_DPKG_QUERY:-dpkg-query}" -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
  done
  echo "$missing"
}

mc_install() { # [test]
  local missing base="" extra="" p
  missing=$(mc_missing_packages "${1:-}")
  [ -z "$missing" ] && return 0
  if [ "${MC_UID:-$(id -u)}" -ne 0 ]; then
    echo "minclue needs these Debian packages:$missing" >&2
    echo "install them with:  sudo apt-get install -y$missing" >&2
    exit 1
  fi
  for p in $missing; do
    case " $MC_TEST_PACKAGES " in *" $p "*) extra="$extra $p" ;; *) base="$base $p" ;; esac
  done
  local apt=${MC_APT_GET:-apt-get}
  export DEBIAN_FRONTEND=noninteractive
  echo "installing:$missing" >&2
  "$apt" update -qq >&2
  [ -z "$base" ] || "$apt" install -y -qq $base >&2
  [ -z "$extra" ] || mc_install_quiet_services "$apt" $extra
}

# apt-get install of test packages with no service started, then the
# services of the packages installed here disabled at boot.
mc_install_quiet_services() { # apt packages...
  local apt=$1 policy=${MC_POLICY_RC_D:-/usr/sbin/policy-rc.d} own=0 rc=0 s
  shift
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\n# minclue scripts/setup.sh: no service starts while test packages install\nexit 101\n' > "$policy"
    chmod 755 "$policy"
    own=1
  fi
  "$apt" install -y -qq "$@" >&2 || rc=$?
  [ $own = 0 ] || rm -f "$policy"
  [ $rc = 0 ] || return $rc
  local sysctl=${MC_SYSTEMCTL:-systemctl}
  command -v "$sysctl" > /dev/null 2>&1 || return 0
  for s in $MC_TEST_SERVICES; do
    case " $* " in *" $s "*) "$sysctl" disable --quiet "$s.service" > /dev/null 2>&1 || true ;; esac
  done
}

mc_build() {
  local jobs
  jobs=$(nproc 2>/dev/null || echo 2)
  cmake -S "$MC_ROOT" -B "$MC_BUILD_DIR" ${MC_CMAKE_ARGS:-} >/dev/null
  cmake --build "$MC_BUILD_DIR" -j "$jobs"
}

# Open MPI refuses to run as root unless told, and needs --oversubscribe for
# more ranks than cores (scripts/mpirun does the same for one command).
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1
