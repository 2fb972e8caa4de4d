#!/usr/bin/env bash
# Build regtile and run its whole test suite (lit: FileCheck, diagnostics and
# execution tests) plus the C++ formatting check. This is the README's test
# command and what CI runs.
#   BUILD_DIR  build directory (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}

scripts/setup.sh
cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release
cmake --build "$BUILD_DIR" --parallel "$(nproc)"
cmake --build "$BUILD_DIR" --target check-regtile
scripts/check-format.sh
