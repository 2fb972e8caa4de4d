#!/usr/bin/env bash
# Build regtile's plugin and libraries with AddressSanitizer + UBSan and run
# the whole lit suite through the stock mlir-opt with the sanitizer runtimes
# preloaded (any report fails the test that triggered it). The benchmarks
# are not built (their smoke tests are skipped). CI runs this after
# scripts/test.sh.
#   BUILD_DIR  build directory (default: build-asan)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build-asan}

scripts/setup.sh
cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release \
  -DREGTILE_ENABLE_SANITIZERS=ON -DREGTILE_ENABLE_BENCH=OFF
cmake --build "$BUILD_DIR" --parallel "$(nproc)"
cmake --build "$BUILD_DIR" --target check-regtile
