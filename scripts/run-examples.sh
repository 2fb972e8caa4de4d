#!/usr/bin/env bash
# regtile's main job on its built-in examples: set up, build, apply each
# example's schedule with the stock mlir-opt plus the plugin, compile, run,
# check the result against the unscheduled payload, and print the benchmark
# table of measured ratios (pinned to one core, medians, same run).
#   BUILD_DIR  build directory (default: build)
#   REPS       interleaved benchmark rounds (default: 11)
#   TUNE       auto (default): if examples/tuned/<host CPU>.txt records
#              tuning results for this CPU (LLVM's host CPU name), use them;
#              otherwise tune as with 1;
#              1: tune the conv (register tile, then filter prefetch),
#              GEMM (kc, nc, then the B panel's prefetch), reduction
#              (accumulators, rows), pack (register budget, tile groups,
#              store kind) and super-vectorization (partial vectors, store
#              kind) schedules on this machine
#              (scripts/regtile-tune, small budgets);
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

# Tuning: the machine-dependent knobs of the shipped schedules, picked by
# measurement here (each configuration checked against the unscheduled
# payload); the tuned schedules become benchmark variants.
tuned="$PWD/$BUILD_DIR/tuned"
host_cpu=$("$LLVM_BIN/llc" --version | sed -n 's/.*Host CPU: *//p')
recorded="examples/tuned/$host_cpu.txt"
if [[ "$TUNE" == auto && -f "$recorded" ]]; then
  echo "== tuning: results recorded for this CPU ($host_cpu): $recorded"
  mkdir -p "$tuned"
  grep -v '^#' "$recorded" | while read -r name selection; do
    [[ -n "$name" ]] || continue
    case $name in
      gemm_*) schedule=examples/gemm/schedule.mlir ;;
      conv_relu_*) schedule=examples/conv_relu/schedule.mlir ;;
      reductions_*) schedule=examples/reductions/schedule.mlir ;;
      pack_*) schedule=examples/pack/schedule.mlir ;;
      supervector_*) schedule=examples/supervector/schedule.mlir ;;
      *) echo "unknown tuned schedule $name in $recorded"; exit 1 ;;
    esac
    scripts/regtile-tune --schedule "$schedule" --payload - --entry - --func - \
      --select "$selection" --output "$tuned/$name.mlir" > /dev/null
    echo "$name: $selection"
  done
elif [[ "$TUNE" == 1 || "$TUNE" == auto ]]; then
  echo "== tuning on this machine ($host_cpu; no results recorded in examples/tuned/)"
  mkdir -p "$tuned"
  # tune LOG ARGS...: the full table goes to LOG, the verdict to stdout.
  tune() {
    local log=$1
    shift
    if scripts/regtile-tune --build-dir "$BUILD_DIR" --reps 5 "$@" > "$log" 2>&1; then
      grep -E '^(regtile-tune:|confirmation|not confirmed|best:)' "$log"
    else
      echo "regtile-tune failed (see $log): no tuned row"
    fi
  }
  # tune_two_steps NAME "KNOBS" "KNOBS" SCHEDULE ARGS...: the first knobs,
  # then the second ones on the schedule the first step picked (on
  # SCHEDULE if it kept the schedule as given); the result in
  # $tuned/NAME.mlir when either step gained.
  tune_two_steps() {
    local name=$1 first=$2 second=$3 schedule=$4 knobs=() knob
    shift 4
    echo "== tuning $name: $first"
    for knob in $first; do knobs+=(--knob "$knob"); done
    tune "$tuned/$name.log" --schedule "$schedule" "${knobs[@]}" "$@" \
      --output "$tuned/$name.mlir"
    echo "== tuning $name: $second"
    local base=$schedule
    if [[ -f "$tuned/$name.mlir" ]]; then
      base="$tuned/$name.step1.mlir"
      mv "$tuned/$name.mlir" "$base"
    fi
    knobs=()
    for knob in $second; do knobs+=(--knob "$knob"); done
    tune "$tuned/$name.step2.log" --schedule "$base" "${knobs[@]}" "$@" \
      --output "$tuned/$name.mlir"
    if [[ "$base" != "$schedule" ]]; then
      if [[ -f "$tuned/$name.mlir" ]]; then rm -f "$base"
      else mv "$base" "$tuned/$name.mlir"; fi
    fi
  }
  # Conv: the register tile (at most 12 configurations), then the filter
  # prefetch distance.
  for shape in "seed:N=5 H=80 W=100 HI=82 WI=102 CI=128 CO=128" \
               "second:N=1 H=56 W=56 HI=58 WI=58 CI=64 CO=64"; do
    tune_two_steps "conv_relu_${shape%%:*}" "conv.rows conv.channels" \
      conv.prefetch examples/conv_relu/schedule.mlir \
      --payload examples/conv_relu/conv_relu.mlir --params "${shape#*:}" \
      --library strategies --entry conv_relu_regtile_tunable --func conv_relu \
      --max-configs 12
  done
  for size in 384x512 4096x4096; do
    for func in sum_i8 sum_f32; do
      echo "== tuning reductions: $func $size"
      tune "$tuned/reductions_${func}_${size}.log" \
        --payload examples/reductions/reductions.mlir \
        --params "M=${size%x*} N=${size#*x}" \
        --schedule examples/reductions/schedule.mlir --entry reductions_regtile \
        --func "$func" --knob "$func.accumulators" --knob "$func.rows" \
        --output "$tuned/reductions_${func}_${size}.mlir"
    done
  done
  for func in pack_a unpack_c pack_b pack_padded pack_large; do
    echo "== tuning pack / unpack: $func (register budget, tile groups, store kind)"
    tune "$tuned/pack_${func}.log" \
      --payload examples/pack/pack.mlir --schedule examples/pack/schedule.mlir \
      --entry pack_regtile --reference-entry pack_upstream_lower --func "$func" \
      --knob pack.max_registers --knob pack.tiles_per_group --knob pack.stores \
      --output "$tuned/pack_${func}.mlir"
  done
  echo "== tuning supervector: vector_add_2d 2048x2048 (partial vectors, store kind)"
  tune "$tuned/supervector_vector_add_2d.log" \
    --payload examples/supervector/supervector.mlir \
    --params "L=1048576 M=2048 N=2048" --arg A=2048x2048 --arg B=2048x2048 \
    --arg C=2048x2048 --arg M=2048 --arg N=2048 \
    --schedule examples/supervector/schedule.mlir \
    --entry supervector_regtile_tunable --func vector_add_2d \
    --output "$tuned/supervector_vector_add_2d.mlir"
  for shape in 512x512x512 1024x1024x1024 2048x2048x2048 1000x1100x900; do
    IFS=x read -r m n k <<< "$shape"
    name=$shape
    if [[ $m == "$n" && $n == "$k" ]]; then name=$m; fi
    # The cache blocks, then the B panel's prefetch distance.
    tune_two_steps "gemm_$name" "gemm.kc gemm.nc" gemm.prefetch \
      examples/gemm/schedule.mlir \
      --payload examples/gemm/gemm.mlir --params "M=$m N=$n K=$k" \
      --library strategies --entry gemm_regtile --func matmul
  done
fi
if [[ -d "$tuned" ]]; then
  cmake -S . -B "$BUILD_DIR" -DREGTILE_TUNED_DIR="$tuned" >/dev/null
  cmake --build "$BUILD_DIR" --parallel "$(nproc)"
fi
difftest() {
  python3 test/lib/difftest.py --opt "$LLVM_BIN/mlir-opt" --plugin "$plugin" \
    --runner "$LLVM_BIN/mlir-runner" \
    --shared-libs "$LLVM_LIB/libmlir_runner_utils.so,$LLVM_LIB/libmlir_c_runner_utils.so,$BUILD_DIR/lib/libregtile_test_runtime.so" \
    "$@"
}

# Each example: payload + schedule in examples/<name>/, checked against the
# unscheduled payload on shapes that do and do not divide the tiles, then
# benchmarked at full size against upstream-only schedules and peers.
echo "== conv_relu (seed 000): check against the unscheduled payload"
difftest examples/conv_relu/conv_relu.mlir \
  --schedule "transform-preload-library{transform-library-paths=strategies,examples/conv_relu/schedule.mlir},transform-interpreter{entry-point=conv_relu_regtile}" \
  --case "N=1 H=4 W=20 HI=6 WI=22 CI=16 CO=128" \
  --case "N=2 H=13 W=17 HI=15 WI=19 CI=9 CO=40"
echo "== conv_relu (seed 000): benchmark"
"$BUILD_DIR/bench/bench_conv_relu" --reps="$REPS" --json="$BUILD_DIR/conv_relu.json"

echo "== reductions (seed 001): check against the unscheduled payload"
difftest examples/reductions/reductions.mlir \
  --schedule "transform-preload-library{transform-library-paths=examples/reductions/schedule.mlir},transform-interpreter{entry-point=reductions_regtile}" \
  --case "M=384 N=512" --case "M=383 N=517"
echo "== reductions (seed 001): benchmark"
"$BUILD_DIR/bench/bench_reductions" --reps="$REPS" --json="$BUILD_DIR/reductions.json"

echo "== supervector (seed 003): check against the unscheduled payload"
for entry in supervector_regtile_1d supervector_regtile_2d; do
  difftest examples/supervector/supervector.mlir \
    --schedule "transform-preload-library{transform-library-paths=examples/supervector/schedule.mlir},transform-interpreter{entry-point=$entry}" \
    --case "M=37 N=300 L=1000"
done
echo "== supervector (seed 003): benchmark"
"$BUILD_DIR/bench/bench_supervector" --reps="$REPS" --json="$BUILD_DIR/supervector.json"

echo "== pack / unpack (seed 004): checked bit for bit against upstream lower_pack/lower_unpack"
python3 test/pack-unpack-to-tile-copies/random_pack_unpack.py --seed 1 --count 12 > "$BUILD_DIR/pack-cases.mlir"
difftest "$BUILD_DIR/pack-cases.mlir" --reference-schedule 'transform-interpreter{entry-point=reference}' | tail -1
echo "== pack / unpack (seed 004): benchmark"
"$BUILD_DIR/bench/bench_pack" --reps="$REPS" --json="$BUILD_DIR/pack.json"

echo "== gemm (seed 002): check @regtile_matmul against the unscheduled payload"
difftest examples/gemm/gemm.mlir \
  --schedule "transform-preload-library{transform-library-paths=strategies,examples/gemm/schedule.mlir},transform-interpreter{entry-point=gemm_regtile}" \
  --case "M=1000 N=1100 K=900" --case "M=37 N=53 K=29"
echo "== gemm (seed 002): benchmark (OpenBLAS, BLIS, oneDNN, libxsmm as installed)"
"$BUILD_DIR/bench/bench_gemm" --reps="$REPS" --json="$BUILD_DIR/gemm.json"

echo "== report: charts and summary of this run"
# Debian's python3 (python3-matplotlib, installed by setup.sh --bench).
/usr/bin/python3 scripts/bench-report.py --build "$BUILD_DIR"
echo "(scripts/bench-report.py --publish copies them into docs/ and README.md)"
