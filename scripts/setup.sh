# Sourced by scripts/test, scripts/demo and the other scripts: installs the
# Debian packages minclue needs (when root) and builds into build/.
# Variables: MC_BUILD_DIR (default build), MC_CMAKE_ARGS (extra cmake args).
set -euo pipefail
MC_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
MC_BUILD_DIR=${MC_BUILD_DIR:-$MC_ROOT/build}
MC_PACKAGES="build-essential cmake pkg-config libopenmpi-dev openmpi-bin zlib1g-dev libcmocka-dev
  clang libclang-rt-14-dev slurmctld slurmd slurm-client munge"

mc_missing_packages() {
  local missing=""
  for p in $MC_PACKAGES; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
  done
  echo "$missing"
}

mc_install() {
  local missing
  missing=$(mc_missing_packages)
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "minclue needs these Debian packages:$missing" >&2
    echo "install them with:  sudo apt-get install -y$missing" >&2
    exit 1
  fi
  echo "installing:$missing" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq $missing >&2
}

mc_build() {
  local jobs
  jobs=$(nproc 2>/dev/null || echo 2)
  cmake -S "$MC_ROOT" -B "$MC_BUILD_DIR" ${MC_CMAKE_ARGS:-} >/dev/null
  cmake --build "$MC_BUILD_DIR" -j "$jobs"
}

# Open MPI refuses to run as root unless told, and needs --oversubscribe for
# more ranks than cores.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1
