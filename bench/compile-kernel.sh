#!/usr/bin/env bash
# AOT-compile one scheduled MLIR kernel into an object file for the
# benchmark drivers:
#   payload (with ${PARAM} sizes) -> schedule (transform library, entry point)
#   -> regtile-lower-to-llvm -> LLVM IR -> clang -O3 -march=native -> .o
# Only @FUNC and its C interface are kept, renamed to FUNC__VARIANT so that
# several variants of one kernel link into one binary; and @FUNC__prepack
# where the schedule made one (a filter packed ahead of the calls:
# transform.regtile.prepack_filter), renamed FUNC__prepack__VARIANT.
#
# Usage: compile-kernel.sh OUT.o PAYLOAD SCHEDULE ENTRY FUNC VARIANT "N=5 H=80 ..."
# Environment: LLVM_BIN (default /usr/lib/llvm-22/bin), REGTILE_PLUGIN;
# REGTILE_KERNEL_LL: also keep the LLVM IR there (regtile-tune compares it
# to find configurations that compile to the same code).
set -euo pipefail
out=$1 payload=$2 schedule=$3 entry=$4 func=$5 variant=$6 params=$7
bin=${LLVM_BIN:-/usr/lib/llvm-22/bin}
plugin=${REGTILE_PLUGIN:?set REGTILE_PLUGIN to libRegtilePlugin.so}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# substitute.py: in python/regtile/, beside bench/ in the source tree and
# beside share/regtile/tune/ once installed.
substitute="$(dirname "$0")/../python/regtile/substitute.py"
python3 "$substitute" "$params" "$payload" > "$work/payload.mlir"

schedule_passes="transform-preload-library{transform-library-paths=$schedule},transform-interpreter{entry-point=$entry}"
if [[ "$schedule" == none ]]; then schedule_passes=""; fi
"$bin/mlir-opt" --load-dialect-plugin="$plugin" --load-pass-plugin="$plugin" \
  "$work/payload.mlir" \
  -p "builtin.module(${schedule_passes:+$schedule_passes,}symbol-privatize{exclude=$func,${func}__prepack},symbol-dce,regtile-lower-to-llvm)" \
  -o "$work/kernel.mlir"
"$bin/mlir-translate" --mlir-to-llvmir "$work/kernel.mlir" -o "$work/kernel.ll"
if [[ -n "${REGTILE_KERNEL_LL:-}" ]]; then cp "$work/kernel.ll" "$REGTILE_KERNEL_LL"; fi
"$bin/clang" -O3 -march=native -Wno-override-module -c "$work/kernel.ll" -o "$work/kernel.o"
"$bin/llvm-objcopy" \
  --redefine-sym "$func=${func}__$variant" \
  --redefine-sym "_mlir_ciface_$func=_mlir_ciface_${func}__$variant" \
  --redefine-sym "${func}__prepack=${func}__prepack__$variant" \
  --redefine-sym "_mlir_ciface_${func}__prepack=_mlir_ciface_${func}__prepack__$variant" \
  "$work/kernel.o" "$out"
