// What regtile's fold_unit_dims folds that upstream's unit-dim pattern sets
// (fold_unit_extent_dims_via_reshapes, drop_unit_dims_with_shape_cast) leave
// behind, on the tiled conv+relu of seed 000 (examples/conv_relu).
//
// Upstream keeps the named bias broadcast, the fill and the combining
// linalg.reduce of reduction tiling at full rank, so after vectorization
// 7-D and 4-D vectors with unit dims remain. regtile generalizes and folds
// them: every vector has no unit dim.
//
// RUN: sed -e 's/${N}/1/g;s/${H}/2/g;s/${W}/10/g;s/${HI}/4/g;s/${WI}/12/g;s/${CI}/8/g;s/${CO}/128/g' \
// RUN:   %regtile-src/examples/conv_relu/conv_relu.mlir > %t.mlir
// RUN: %regtile-opt %t.mlir -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/examples/conv_relu/schedule.mlir},transform-interpreter{entry-point=conv_relu_fold_unit_dims})' \
// RUN:   | FileCheck %s --check-prefix=REGTILE
// RUN: %regtile-opt %t.mlir -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/examples/conv_relu/schedule.mlir},transform-interpreter{entry-point=conv_relu_upstream})' \
// RUN:   | FileCheck %s --check-prefix=UPSTREAM
// Upstream's result is still correct:
// RUN: %difftest %t.mlir \
// RUN:   --schedule 'transform-preload-library{transform-library-paths=%regtile-src/examples/conv_relu/schedule.mlir},transform-interpreter{entry-point=conv_relu_upstream}' \
// RUN:   | FileCheck %s --check-prefix=EXEC
//
// UPSTREAM-LABEL: func.func @conv_relu
// UPSTREAM: vector<1x1x5x64x1x1x1xf32>
// UPSTREAM: vector<1x1x5x64xf32>
//
// REGTILE-LABEL: func.func @conv_relu
// REGTILE-NOT: {{vector<([0-9]+x)*1x}}
// REGTILE: arith.mulf {{.*}} : vector<5x64xf32>
// REGTILE-NOT: {{vector<([0-9]+x)*1x}}
// REGTILE: arith.maximumf {{.*}} : vector<5x64xf32>
// REGTILE-NOT: {{vector<([0-9]+x)*1x}}
// REGTILE: return
//
// EXEC: PASS 1 cases
