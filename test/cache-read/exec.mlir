// Execution: GEMMs whose operands are staged by transform.regtile.cache_read
// (packed micro-panels, K steps of 1 and 4, A at different loops, dense
// caches, the tile added after the K loop, B filled on first use, also in
// panels one register tile wide, B read in place) compute what the
// unscheduled payload computes, on shapes that divide none of the blocks (primes), smaller than
// one block, M = 1, N = 1.
// Inputs are multiples of 1/8: every sum is exact, results compare bit for
// bit. The register tiles fit the host (entries *_%host-isa).
// RUN: %difftest %regtile-src/examples/gemm/gemm.mlir \
// RUN:   --schedule 'transform-preload-library{transform-library-paths=%S/Inputs/schedules.mlir},transform-interpreter{entry-point=packed_%host-isa}' \
// RUN:   --case "M=37 N=53 K=29" --case "M=257 N=129 K=513" --case "M=3 N=5 K=7" \
// RUN:   --case "M=1 N=1 K=1" --case "M=1 N=200 K=50" --case "M=200 N=1 K=50" --case "M=96 N=192 K=80" \
// RUN:   | FileCheck %s
// RUN: %difftest %regtile-src/examples/gemm/gemm.mlir \
// RUN:   --schedule 'transform-preload-library{transform-library-paths=%S/Inputs/schedules.mlir},transform-interpreter{entry-point=packed_k4}' \
// RUN:   --case "M=37 N=53 K=29" --case "M=13 N=64 K=48" --case "M=1 N=1 K=1" | FileCheck %s --check-prefix=K4
// RUN: %difftest %regtile-src/examples/gemm/gemm.mlir \
// RUN:   --schedule 'transform-preload-library{transform-library-paths=%S/Inputs/schedules.mlir},transform-interpreter{entry-point=dense}' \
// RUN:   --case "M=37 N=53 K=29" --case "M=8 N=32 K=32" | FileCheck %s --check-prefix=DENSE
// RUN: %difftest %regtile-src/examples/gemm/gemm.mlir \
// RUN:   --schedule 'transform-preload-library{transform-library-paths=%S/Inputs/schedules.mlir},transform-interpreter{entry-point=packed_add_at_end_%host-isa}' \
// RUN:   --case "M=37 N=53 K=29" --case "M=257 N=129 K=513" --case "M=1 N=1 K=1" | FileCheck %s --check-prefix=LATE
// RUN: %difftest %regtile-src/examples/gemm/gemm.mlir --no-warnings \
// RUN:   --schedule 'transform-preload-library{transform-library-paths=%S/Inputs/schedules.mlir},transform-interpreter{entry-point=packed_fill_%host-isa}' \
// RUN:   --case "M=37 N=53 K=29" --case "M=257 N=129 K=513" --case "M=1 N=1 K=1" --case "M=200 N=1 K=50" \
// RUN:   --case "M=13 N=96 K=40" | FileCheck %s --check-prefix=FILL
// CHECK: PASS 7 cases
// RUN: %difftest %regtile-src/examples/gemm/gemm.mlir --no-warnings \
// RUN:   --schedule 'transform-preload-library{transform-library-paths=%S/Inputs/schedules.mlir},transform-interpreter{entry-point=packed_fill_one_panel_%host-isa}' \
// RUN:   --case "M=37 N=64 K=29" --case "M=13 N=32 K=81" --case "M=20 N=45 K=50" --case "M=1 N=16 K=3" \
// RUN:   | FileCheck %s --check-prefix=ONE
// B one panel wide read in place (N = nr on AVX-512: 32; K in blocks of
// 40), beside B staged (N = 45: several panels; N = 16: a padded one):
// RUN: %difftest %regtile-src/examples/gemm/gemm.mlir --no-warnings \
// RUN:   --schedule 'transform-preload-library{transform-library-paths=%S/Inputs/schedules.mlir},transform-interpreter{entry-point=packed_in_place_%host-isa}' \
// RUN:   --case "M=37 N=32 K=29" --case "M=13 N=32 K=81" --case "M=20 N=45 K=50" --case "M=1 N=16 K=3" \
// RUN:   | FileCheck %s --check-prefix=INPLACE
// INPLACE: PASS 4 cases
// FILL: PASS 5 cases
// ONE: PASS 4 cases
// LATE: PASS 3 cases
// K4: PASS 3 cases
// DENSE: PASS 2 cases
