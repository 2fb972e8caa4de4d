#!/usr/bin/env bash
# Install what regtile needs from Debian packages. Does nothing when all of
# it is already installed. Usage: scripts/setup.sh [--bench]
#   --bench  also install the peer libraries the benchmarks compare against.
set -euo pipefail

packages=(
  cmake ninja-build python3 git
  libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools clang-22 lld-22
  libomp-22-dev libclang-rt-22-dev
  clang-format-22
)
if [[ "${1:-}" == "--bench" ]]; then
  packages+=(libopenblas-dev libblis-dev libxsmm-dev libhalide14-0-dev
             libdnnl-dev python3-matplotlib)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [[ ${#missing[@]} -eq 0 ]]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

echo "setup: installing ${missing[*]}"
SUDO=""
if [[ $(id -u) -ne 0 ]]; then SUDO=sudo; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
