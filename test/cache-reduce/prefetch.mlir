// cache_reduce marks the loop it rewrites regtile.prefetch_ahead = N (what
// the loop streams, such as the packed B panel of a GEMM micro-kernel, is
// prefetched N iterations ahead by regtile-lower-to-llvm; see
// test/prefetch-ahead/ and asm.mlir), or, when the op's tile reduces over
// more than one point per iteration, the innermost loop of the nest over
// those points that now carries the accumulators (where the streamed data
// is read): by default the iterations that cover 96 cycles at the target's
// FMA throughput (LLVM's scheduling model) with one FMA per accumulator per
// iteration; `prefetch_ahead` overrides it, 0 for no mark.
// RUN: %regtile-opt %s --split-input-file --transform-interpreter --canonicalize | FileCheck %s

// A 6 x 64 f32 tile, one K step per iteration: 24 zmm FMAs per iteration,
// 12 cycles at two per cycle (skylake-avx512) -> 8 iterations; 24 cycles
// at one per cycle (znver4's model) -> 4; 6 x 16 on haswell (12 ymm FMAs,
// 6 cycles) -> 16.
// CHECK-LABEL: func.func @micro_kernel
// CHECK: scf.for {{.*}} {
// CHECK: } {regtile.prefetch_ahead = 8 : i64}
// CHECK: scf.for {{.*}} {
// CHECK: } {regtile.prefetch_ahead = 4 : i64}
// CHECK: scf.for {{.*}} {
// CHECK: } {regtile.prefetch_ahead = 16 : i64}
func.func @micro_kernel(%a: tensor<6x256xf32>, %b: tensor<256x64xf32>, %c: tensor<6x64xf32>,
                        %b2: tensor<256x16xf32>, %c2: tensor<6x16xf32>)
    -> (tensor<6x64xf32>, tensor<6x64xf32>, tensor<6x16xf32>) {
  %r1 = linalg.matmul ins(%a, %b : tensor<6x256xf32>, tensor<256x64xf32>) outs(%c : tensor<6x64xf32>) -> tensor<6x64xf32>
  %r2 = linalg.matmul ins(%a, %b : tensor<6x256xf32>, tensor<256x64xf32>) outs(%c : tensor<6x64xf32>) -> tensor<6x64xf32>
  %r3 = linalg.matmul ins(%a, %b2 : tensor<6x256xf32>, tensor<256x16xf32>) outs(%c2 : tensor<6x16xf32>) -> tensor<6x16xf32>
  return %r1, %r2, %r3 : tensor<6x64xf32>, tensor<6x64xf32>, tensor<6x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mms = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %m1, %m2, %m3 = transform.split_handle %mms : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %t1, %k1 = transform.structured.tile_using_for %m1 tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l1 = transform.regtile.cache_reduce %t1, %k1 {arch = "skylake-avx512"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %t2, %k2 = transform.structured.tile_using_for %m2 tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l2 = transform.regtile.cache_reduce %t2, %k2 {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %t3, %k3 = transform.structured.tile_using_for %m3 tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l3 = transform.regtile.cache_reduce %t3, %k3 {arch = "haswell"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Explicit distances: 3 iterations; 0, no mark. A K step of 64 per
// iteration: the loop over those 64 points inside it carries the
// accumulators and gets the mark (24 FMAs per iteration: 8), not the K
// loop.
// CHECK-LABEL: func.func @explicit_and_long
// CHECK: scf.for {{.*}} {
// CHECK: } {regtile.prefetch_ahead = 3 : i64}
// CHECK: scf.for {{.*}} {
// CHECK-NOT: regtile.prefetch_ahead
// CHECK: scf.for %{{.*}} = %c0 to %c256 step %c64
// CHECK-NOT: regtile.prefetch_ahead
// CHECK: scf.for %{{.*}} = %c0 to %c64 step %c1
// CHECK: vector.fma
// CHECK: } {regtile.prefetch_ahead = 8 : i64}
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NOT: regtile.prefetch_ahead
// CHECK: return
func.func @explicit_and_long(%a: tensor<6x256xf32>, %b: tensor<256x64xf32>, %c: tensor<6x64xf32>)
    -> (tensor<6x64xf32>, tensor<6x64xf32>, tensor<6x64xf32>) {
  %r1 = linalg.matmul ins(%a, %b : tensor<6x256xf32>, tensor<256x64xf32>) outs(%c : tensor<6x64xf32>) -> tensor<6x64xf32>
  %r2 = linalg.matmul ins(%a, %b : tensor<6x256xf32>, tensor<256x64xf32>) outs(%c : tensor<6x64xf32>) -> tensor<6x64xf32>
  %r3 = linalg.matmul ins(%a, %b : tensor<6x256xf32>, tensor<256x64xf32>) outs(%c : tensor<6x64xf32>) -> tensor<6x64xf32>
  return %r1, %r2, %r3 : tensor<6x64xf32>, tensor<6x64xf32>, tensor<6x64xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mms = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %m1, %m2, %m3 = transform.split_handle %mms : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %t1, %k1 = transform.structured.tile_using_for %m1 tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l1 = transform.regtile.cache_reduce %t1, %k1 {arch = "skylake-avx512", prefetch_ahead = 3} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %t2, %k2 = transform.structured.tile_using_for %m2 tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l2 = transform.regtile.cache_reduce %t2, %k2 {arch = "skylake-avx512", prefetch_ahead = 0} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %t3, %k3 = transform.structured.tile_using_for %m3 tile_sizes [0, 0, 64] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l3 = transform.regtile.cache_reduce %t3, %k3 {arch = "skylake-avx512"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The distance as a parameter (a tuning knob), from a named sequence's
// read-only argument: 5 iterations; 0, no mark; -1, the default (8 on
// skylake-avx512).
// CHECK-LABEL: func.func @as_param
// CHECK: scf.for {{.*}} {
// CHECK: } {regtile.prefetch_ahead = 5 : i64}
// CHECK: scf.for {{.*}} {
// CHECK-NOT: regtile.prefetch_ahead
// CHECK: scf.for {{.*}} {
// CHECK: } {regtile.prefetch_ahead = 8 : i64}
func.func @as_param(%a: tensor<6x256xf32>, %b: tensor<256x64xf32>, %c: tensor<6x64xf32>)
    -> (tensor<6x64xf32>, tensor<6x64xf32>, tensor<6x64xf32>) {
  %r1 = linalg.matmul ins(%a, %b : tensor<6x256xf32>, tensor<256x64xf32>) outs(%c : tensor<6x64xf32>) -> tensor<6x64xf32>
  %r2 = linalg.matmul ins(%a, %b : tensor<6x256xf32>, tensor<256x64xf32>) outs(%c : tensor<6x64xf32>) -> tensor<6x64xf32>
  %r3 = linalg.matmul ins(%a, %b : tensor<6x256xf32>, tensor<256x64xf32>) outs(%c : tensor<6x64xf32>) -> tensor<6x64xf32>
  return %r1, %r2, %r3 : tensor<6x64xf32>, tensor<6x64xf32>, tensor<6x64xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @reduce(%mm: !transform.any_op {transform.consumed},
                                   %distance: !transform.param<i64> {transform.readonly}) {
    %t, %k = transform.structured.tile_using_for %mm tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l = transform.regtile.cache_reduce %t, %k prefetch_ahead = %distance {arch = "skylake-avx512"}
        : (!transform.any_op, !transform.any_op, !transform.param<i64>) -> !transform.any_op
    transform.yield
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mms = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %m1, %m2, %m3 = transform.split_handle %mms : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %five = transform.param.constant 5 : i64 -> !transform.param<i64>
    %zero = transform.param.constant 0 : i64 -> !transform.param<i64>
    %default = transform.param.constant -1 : i64 -> !transform.param<i64>
    transform.include @reduce failures(propagate) (%m1, %five) : (!transform.any_op, !transform.param<i64>) -> ()
    transform.include @reduce failures(propagate) (%m2, %zero) : (!transform.any_op, !transform.param<i64>) -> ()
    transform.include @reduce failures(propagate) (%m3, %default) : (!transform.any_op, !transform.param<i64>) -> ()
    transform.yield
  }
}

// -----

// A tile whose vector dim may be partial (90 columns in tiles of 64): the
// versions of the loop as wide as the tile (whole vectors: case 0; 4 masked
// vectors: default) carry the marks; the narrow ones (1, 2 and 3 masked
// vectors, the edge columns) carry none: a prefetch per row and line in
// each of their short iterations costs more load slots than it saves.
// CHECK-LABEL: func.func @versions
// CHECK: scf.index_switch
// CHECK: case 0 {
// CHECK: } {regtile.prefetch_ahead = 8 : i64, regtile.prefetch_streams_ahead = 32 : i64, regtile.prefetch_streams_next}
// CHECK: case 1 {
// CHECK-NOT: regtile.prefetch
// CHECK: case 2 {
// CHECK-NOT: regtile.prefetch
// CHECK: case 3 {
// CHECK-NOT: regtile.prefetch
// CHECK: default {
// CHECK: } {regtile.prefetch_ahead = 8 : i64, regtile.prefetch_streams_ahead = 32 : i64, regtile.prefetch_streams_next}
// CHECK-NOT: regtile.prefetch
// CHECK: return
func.func @versions(%a: tensor<6x256xf32>, %b: tensor<256x90xf32>, %c: tensor<6x90xf32>) -> tensor<6x90xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<6x256xf32>, tensor<256x90xf32>) outs(%c : tensor<6x90xf32>) -> tensor<6x90xf32>
  return %r : tensor<6x90xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %j, %k = transform.structured.tile_using_for %mm tile_sizes [0, 64, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %l = transform.regtile.cache_reduce %t, %k {arch = "skylake-avx512", prefetch_streams, prefetch_next_streams} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// prefetch_streams: the same loop also gets regtile.prefetch_streams_ahead,
// the iterations that cover 384 cycles (a load from DRAM) for the broadcast
// rows of A: 6 x 64 f32 on znver5 (two zmm FMAs per cycle, 12 cycles per
// iteration): 32; on znver4 (one per cycle, 24): 16. Without the attribute,
// no such mark.
// CHECK-LABEL: func.func @streams
// CHECK: scf.for {{.*}} {
// CHECK: } {regtile.prefetch_ahead = 8 : i64, regtile.prefetch_streams_ahead = 32 : i64}
// CHECK: scf.for {{.*}} {
// CHECK: } {regtile.prefetch_ahead = 4 : i64, regtile.prefetch_streams_ahead = 16 : i64}
// CHECK: scf.for {{.*}} {
// CHECK: } {regtile.prefetch_ahead = 8 : i64}
func.func @streams(%a: tensor<6x256xf32>, %b: tensor<256x64xf32>, %c: tensor<6x64xf32>)
    -> (tensor<6x64xf32>, tensor<6x64xf32>, tensor<6x64xf32>) {
  %r1 = linalg.matmul ins(%a, %b : tensor<6x256xf32>, tensor<256x64xf32>) outs(%c : tensor<6x64xf32>) -> tensor<6x64xf32>
  %r2 = linalg.matmul ins(%a, %b : tensor<6x256xf32>, tensor<256x64xf32>) outs(%c : tensor<6x64xf32>) -> tensor<6x64xf32>
  %r3 = linalg.matmul ins(%a, %b : tensor<6x256xf32>, tensor<256x64xf32>) outs(%c : tensor<6x64xf32>) -> tensor<6x64xf32>
  return %r1, %r2, %r3 : tensor<6x64xf32>, tensor<6x64xf32>, tensor<6x64xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mms = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %m1, %m2, %m3 = transform.split_handle %mms : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %t1, %k1 = transform.structured.tile_using_for %m1 tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l1 = transform.regtile.cache_reduce %t1, %k1 {arch = "znver5", prefetch_streams} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %t2, %k2 = transform.structured.tile_using_for %m2 tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l2 = transform.regtile.cache_reduce %t2, %k2 {arch = "znver4", prefetch_streams} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %t3, %k3 = transform.structured.tile_using_for %m3 tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l3 = transform.regtile.cache_reduce %t3, %k3 {arch = "znver5"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// prefetch_next_streams: the loop gets regtile.prefetch_streams_next (the
// next row tile's A sliver prefetched into L2 by regtile-prefetch-ahead),
// alone or with prefetch_streams; without the attribute, no such mark.
// CHECK-LABEL: func.func @next_streams
// CHECK: scf.for {{.*}} {
// CHECK: } {regtile.prefetch_ahead = 8 : i64, regtile.prefetch_streams_next}
// CHECK: scf.for {{.*}} {
// CHECK: } {regtile.prefetch_ahead = 4 : i64, regtile.prefetch_streams_ahead = 16 : i64, regtile.prefetch_streams_next}
// CHECK: scf.for {{.*}} {
// CHECK: } {regtile.prefetch_ahead = 8 : i64}
func.func @next_streams(%a: tensor<6x256xf32>, %b: tensor<256x64xf32>, %c: tensor<6x64xf32>)
    -> (tensor<6x64xf32>, tensor<6x64xf32>, tensor<6x64xf32>) {
  %r1 = linalg.matmul ins(%a, %b : tensor<6x256xf32>, tensor<256x64xf32>) outs(%c : tensor<6x64xf32>) -> tensor<6x64xf32>
  %r2 = linalg.matmul ins(%a, %b : tensor<6x256xf32>, tensor<256x64xf32>) outs(%c : tensor<6x64xf32>) -> tensor<6x64xf32>
  %r3 = linalg.matmul ins(%a, %b : tensor<6x256xf32>, tensor<256x64xf32>) outs(%c : tensor<6x64xf32>) -> tensor<6x64xf32>
  return %r1, %r2, %r3 : tensor<6x64xf32>, tensor<6x64xf32>, tensor<6x64xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mms = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %m1, %m2, %m3 = transform.split_handle %mms : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %t1, %k1 = transform.structured.tile_using_for %m1 tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l1 = transform.regtile.cache_reduce %t1, %k1 {arch = "znver5", prefetch_next_streams} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %t2, %k2 = transform.structured.tile_using_for %m2 tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l2 = transform.regtile.cache_reduce %t2, %k2 {arch = "znver4", prefetch_streams, prefetch_next_streams} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %t3, %k3 = transform.structured.tile_using_for %m3 tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l3 = transform.regtile.cache_reduce %t3, %k3 {arch = "znver5"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}
