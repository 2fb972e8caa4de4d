// cache_read with unit-step tile dims before untiled ones (the filter of a
// convolution, staged as [kh][kw][ci][co] panels): the op reads the cache
// through a rank-reducing slice and an expand_shape. FileCheck of the
// layout, and execution against the unscheduled payload on shapes whose
// tiles divide nothing (inputs multiples of 1/8: exact, bit for bit).
// The FileCheck run pins its target (znver4, in a module around the
// payload); the execution uses the register tile of the host's ISA.
// RUN: %substitute --target znver4 "N=1 H=2 W=10 HI=4 WI=12 CI=8 CO=128" \
// RUN:   %regtile-src/examples/conv_relu/conv_relu.mlir > %t.mlir
// RUN: %regtile-opt %t.mlir -p 'builtin.module(transform-preload-library{transform-library-paths=%S/Inputs/conv_schedules.mlir},transform-interpreter{entry-point=filter_panels_avx512})' \
// RUN:   | FileCheck %s
// RUN: %difftest %regtile-src/examples/conv_relu/conv_relu.mlir \
// RUN:   --schedule 'transform-preload-library{transform-library-paths=%S/Inputs/conv_schedules.mlir},transform-interpreter{entry-point=filter_panels_%host-isa}' \
// RUN:   --case "N=1 H=2 W=10 HI=4 WI=12 CI=8 CO=128" \
// RUN:   --case "N=2 H=13 W=17 HI=15 WI=19 CI=9 CO=40" | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: func.func @conv_relu
// The cache, once, before the loops: [kh][kw][ci] rows of the 64 channels.
// The unit-step tiles (kh, kw) are not tiles of the cache: its tile is
// the innermost dim, so the copy moves whole rows of channels (vectors of
// 64, four native vectors each), not one element per (kh, kw) tile.
// CHECK: %[[CACHE:.*]] = tensor.empty() : tensor<3x3x8x1x64xf32>
// CHECK: scf.for
// CHECK: %[[ROW:.*]] = vector.transfer_read %{{.*}} {in_bounds = [true]} : tensor<8x3x3x64xf32>, vector<64xf32>
// CHECK-NEXT: vector.transfer_write %[[ROW]], %{{.*}} {in_bounds = [true]} : vector<64xf32>, tensor<3x3x8x1x64xf32>
// The micro-kernel's filter tile: one (kh, kw) panel, without its unit
// dims, reshaped to the op's operand.
// CHECK: %[[PANEL:.*]] = tensor.extract_slice %{{.*}}[%{{.*}}, %{{.*}}, 0, 0, 0] [1, 1, 8, 1, 64] [1, 1, 1, 1, 1] : tensor<3x3x8x1x64xf32> to tensor<8x64xf32>
// CHECK: tensor.expand_shape %[[PANEL]] {{\[\[}}0], [1, 2, 3]] output_shape [8, 1, 1, 64] : tensor<8x64xf32> into tensor<8x1x1x64xf32>
// EXEC: PASS 2 cases
