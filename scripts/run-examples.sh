#!/usr/bin/env bash
# regtile's main job on its built-in examples: set up, build, apply each
# example's schedule with the stock mlir-opt plus the plugin, compile, run,
# check the result against the unscheduled payload, and print the benchmark
# tables of measured ratios (pinned to one core, then two threads pinned to
# two cores with every peer on two threads; medians, same run).
#   BUILD_DIR  build directory (default: build)
#   REPS       interleaved benchmark rounds (default: 11)
#   TUNE       auto (default): if examples/tuned/<host CPU>.txt records
#              tuning results for this CPU (LLVM's host CPU name), use them;
#              otherwise tune as with 1;
#              1: tune each example's knobs on this machine, in the
#              steps examples/examples.json lists (scripts/regtile-tune,
#              small budgets);
#              either way the tuned schedules go to $BUILD_DIR/tuned/ and add
#              "regtile, tuned here" rows to the benchmarks;
#              0: use what $BUILD_DIR/tuned/ holds from an earlier run
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
REPS=${REPS:-11}
TUNE=${TUNE:-auto}

scripts/setup.sh --bench
cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$BUILD_DIR" --parallel "$(nproc)"
# LLVM_BIN, LLVM_LIB: the LLVM this build uses (written by CMake).
source "$BUILD_DIR/llvm-dirs.sh"

plugin="$BUILD_DIR/lib/libRegtilePlugin.so"
# The examples' manifest (examples/examples.json) and what reads it.
examples() { PYTHONPATH=python python3 -m regtile.examples "$@"; }

# Tuning: the machine-dependent knobs of the shipped schedules, picked by
# measurement here (each configuration checked against the unscheduled
# payload); the tuned schedules become benchmark variants.
tuned="$PWD/$BUILD_DIR/tuned"
host_cpu=$("$LLVM_BIN/llc" --version | sed -n 's/.*Host CPU: *//p')
recorded="examples/tuned/$host_cpu.txt"
if [[ "$TUNE" == auto && -f "$recorded" ]]; then
  echo "== tuning: results recorded for this CPU ($host_cpu): $recorded"
  examples select "$recorded" "$tuned"
elif [[ "$TUNE" == 1 || "$TUNE" == auto ]]; then
  echo "== tuning on this machine ($host_cpu; no results recorded in examples/tuned/)"
  # What each example tunes, in steps: examples/examples.json.
  examples tune "$tuned" --build-dir "$BUILD_DIR" --reps 5
fi
if [[ -d "$tuned" ]]; then
  cmake -S . -B "$BUILD_DIR" -DREGTILE_TUNED_DIR="$tuned" >/dev/null
  cmake --build "$BUILD_DIR" --parallel "$(nproc)"
fi
difftest_args=(--opt "$LLVM_BIN/mlir-opt" --plugin "$plugin"
  --runner "$LLVM_BIN/mlir-runner"
  --shared-libs "$LLVM_LIB/libmlir_runner_utils.so,$LLVM_LIB/libmlir_c_runner_utils.so,$LLVM_LIB/libomp.so,$BUILD_DIR/lib/libregtile_test_runtime.so")

# Each example (examples/examples.json): checked against the unscheduled
# payload on shapes that do and do not divide the tiles, then benchmarked at
# full size against upstream-only schedules and peers.
mapfile -t manifest < <(examples list)
declare -A timed  # a benchmark several examples share runs once
for line in "${manifest[@]}"; do
  read -r name benchmark <<< "$line"
  examples check "$name" -- "${difftest_args[@]}" | grep -E '^(==|difftest: (PASS|FAIL))'
  [[ -n "${timed[$benchmark]:-}" ]] && continue
  timed[$benchmark]=1
  echo "== $name: benchmark, 1 thread"
  "$BUILD_DIR/bench/$benchmark" --reps="$REPS" --json="$BUILD_DIR/$name.json"
  if (( $(nproc) >= 2 )); then
    echo "== $name: benchmark, 2 threads (every peer with 2 threads too)"
    "$BUILD_DIR/bench/$benchmark" --threads=2 --reps="$REPS" \
      --json="$BUILD_DIR/$name-2threads.json"
  fi
done

echo "== report: charts and summary of this run"
# Debian's python3 (python3-matplotlib, installed by setup.sh --bench).
/usr/bin/python3 scripts/bench-report.py --build "$BUILD_DIR"
echo "(scripts/bench-report.py --publish copies them into docs/ and README.md)"
