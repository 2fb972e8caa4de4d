// FileCheck of transform.regtile.cache_reduce: the output tile becomes
// loop-carried native vectors (one block of loads before the loop, or the
// fill value), the op one step of broadcasts and FMAs, and one block of
// stores after the loop.
// RUN: %regtile-opt %s --split-input-file --transform-interpreter --canonicalize --cse | FileCheck %s

// A 6x32 tile of a matmul reduced over K one column at a time (AVX-512:
// 2 vectors of 16 per row, 12 accumulators). The tile is loaded once.
// CHECK-LABEL: func.func @matmul_static
// CHECK-SAME: (%[[A:.*]]: tensor<6x64xf32>, %[[B:.*]]: tensor<64x32xf32>, %[[C:.*]]: tensor<6x32xf32>)
// CHECK-COUNT-12: vector.transfer_read %[[C]]{{.*}} {in_bounds = [true]} : tensor<6x32xf32>, vector<16xf32>
// CHECK: %[[R:.*]]:12 = scf.for %[[K:.*]] = {{.*}} iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-COUNT-2: vector.transfer_read {{.*}} {in_bounds = [true]} : tensor<1x32xf32>, vector<16xf32>
// CHECK: tensor.extract
// CHECK: vector.broadcast {{.*}} : f32 to vector<16xf32>
// CHECK-COUNT-2: vector.fma
// CHECK-NOT: tensor.insert_slice
// CHECK: scf.yield
// CHECK-NOT: vector.transfer_read
// CHECK-COUNT-12: vector.transfer_write {{.*}} {in_bounds = [true]} : vector<16xf32>, tensor<6x32xf32>
// CHECK-NEXT: return
func.func @matmul_static(%a: tensor<6x64xf32>, %b: tensor<64x32xf32>, %c: tensor<6x32xf32>) -> tensor<6x32xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<6x64xf32>, tensor<64x32xf32>) outs(%c : tensor<6x32xf32>) -> tensor<6x32xf32>
  return %r : tensor<6x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %k = transform.structured.tile_using_for %mm tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l = transform.regtile.cache_reduce %t, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The output is a fill: the accumulators start from the fill value, the
// tile is never loaded.
// CHECK-LABEL: func.func @matmul_fill
// CHECK-SAME: %[[X:[a-z0-9]+]]: f32
// CHECK-NOT: vector.transfer_read %{{.*}} : tensor<4x16xf32>
// CHECK: %[[S:.*]] = vector.broadcast %[[X]] : f32 to vector<16xf32>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[S]], %{{.*}} = %[[S]], %{{.*}} = %[[S]], %{{.*}} = %[[S]])
// CHECK-COUNT-4: vector.transfer_write
func.func @matmul_fill(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %x: f32) -> tensor<4x16xf32> {
  %e = tensor.empty() : tensor<4x16xf32>
  %f = linalg.fill ins(%x : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%f : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %k = transform.structured.tile_using_for %mm tile_sizes [0, 0, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l = transform.regtile.cache_reduce %t, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Tiles of a tiled matmul that do not divide it (100 = 16*6 + 4 rows,
// 90 = 5*16 + 10 columns): rows are read at clamped indices, the vector dim
// is masked, rows that do not exist are stored under an all-false mask:
// no branch in the write-back. The tile is an invariant slice of the
// loop's iter_arg, extracted before it and inserted after it. With an AVX2
// target: 8 lanes, 2 vectors per row, 12 accumulators + 3 = 15 of 16
// registers.
// A tile whose vector dim may be partial gets one version of the loop per
// number of native vectors it needs (scf.index_switch on it): the last
// 10 columns compute one vector per row, not two; and one for tiles as
// wide as the static tile (case 0), with whole vectors: no masks but the
// rows' at the write-back.
// CHECK-LABEL: func.func @matmul_partial
// CHECK: scf.for %[[I:.*]] = {{.*}} iter_args(%[[CI:.*]] = %{{.*}}) -> (tensor<100x90xf32>)
// CHECK: scf.for %[[J:.*]] = {{.*}} iter_args(%[[CJ:.*]] = %[[CI]]) -> (tensor<100x90xf32>)
// CHECK: %[[FULL:.*]] = arith.cmpi eq, %{{.*}}, %c16 : index
// CHECK: %[[KEY:.*]] = arith.select %[[FULL]], %c0, %{{.*}} : index
// CHECK: scf.index_switch %[[KEY]] -> tensor<100x90xf32>
// CHECK-NEXT: case 0 {
// CHECK-COUNT-12: vector.transfer_read %{{.*}} {in_bounds = [true]} : tensor<?x?xf32>, vector<8xf32>
// CHECK: scf.for {{.*}} -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
// CHECK-COUNT-2: vector.transfer_read %{{.*}} {in_bounds = [true]} : tensor<1x?xf32>, vector<8xf32>
// CHECK: case 1 {
// CHECK: scf.for {{.*}} -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
// CHECK: default {
// CHECK: %[[T:.*]] = tensor.extract_slice %[[CJ]][%[[I]], %[[J]]]
// CHECK: arith.minsi
// CHECK: vector.transfer_read %[[T]]{{.*}} : tensor<?x?xf32>, vector<8xf32>
// CHECK: %[[R:.*]]:12 = scf.for
// CHECK-NOT: tensor.insert_slice
// CHECK: scf.yield
// CHECK-NOT: scf.if
// CHECK: vector.create_mask {{.*}} : vector<8xi1>
// CHECK: vector.transfer_write %[[R]]#0, %[[T]]{{.*}}, %{{.*}} : vector<8xf32>, tensor<?x?xf32>
// CHECK: tensor.insert_slice %{{.*}} into %[[CJ]][%[[I]], %[[J]]]
func.func @matmul_partial(%a: tensor<100x70xf32>, %b: tensor<70x90xf32>, %c: tensor<100x90xf32>) -> tensor<100x90xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<100x70xf32>, tensor<70x90xf32>) outs(%c : tensor<100x90xf32>) -> tensor<100x90xf32>
  return %r : tensor<100x90xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %i, %j, %k = transform.structured.tile_using_for %mm tile_sizes [6, 16, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %l = transform.regtile.cache_reduce %t, %k {arch = "haswell"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// On buffers: the output subview is invariant in the loop and hoisted; no
// iter_arg carries memory, only the accumulators.
// CHECK-LABEL: func.func @matmul_memref
// CHECK: %[[SV:.*]] = memref.subview
// CHECK-COUNT-8: vector.transfer_read %[[SV]]
// CHECK: scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK: memref.load
// CHECK: vector.fma
// CHECK: }
// CHECK-COUNT-8: vector.transfer_write {{.*}}, %[[SV]]
func.func @matmul_memref(%a: memref<64x128xf32>, %b: memref<128x32xf32>, %c: memref<64x32xf32>) {
  linalg.matmul ins(%a, %b : memref<64x128xf32>, memref<128x32xf32>) outs(%c : memref<64x32xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %i, %k = transform.structured.tile_using_for %mm tile_sizes [4, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %l = transform.regtile.cache_reduce %t, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Mixed precision and other bodies: bf16 inputs widened to f32 (the
// extension is vectorized, the mul+add still one FMA); an i32 multiply-add
// stays muli + addi.
// CHECK-LABEL: func.func @matmul_bf16
// CHECK: scf.for
// CHECK: vector.transfer_read {{.*}} : tensor<1x32xbf16>, vector<16xbf16>
// CHECK: arith.extf {{.*}} : vector<16xbf16> to vector<16xf32>
// CHECK: vector.fma {{.*}} : vector<16xf32>
func.func @matmul_bf16(%a: tensor<8x64xbf16>, %b: tensor<64x32xbf16>, %c: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x64xbf16>, tensor<64x32xbf16>) outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %r : tensor<8x32xf32>
}
// CHECK-LABEL: func.func @matmul_i32
// CHECK: scf.for
// CHECK: arith.muli {{.*}} : vector<16xi32>
// CHECK: arith.addi {{.*}} : vector<16xi32>
// CHECK-NOT: vector.fma
func.func @matmul_i32(%a: tensor<8x64xi32>, %b: tensor<64x16xi32>, %c: tensor<8x16xi32>) -> tensor<8x16xi32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x64xi32>, tensor<64x16xi32>) outs(%c : tensor<8x16xi32>) -> tensor<8x16xi32>
  return %r : tensor<8x16xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %k = transform.structured.tile_using_for %mm tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l = transform.regtile.cache_reduce %t, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Other contraction-like ops: a batch matmul with a unit batch tile (rows
// are the batch x M dims), a matmul with A transposed through
// indexing_maps (A is read as scalars, in any layout), and a 1-D
// convolution as a generic (row x + window offset indexes the input).
// CHECK-LABEL: func.func @batch_matmul
// CHECK: scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-COUNT-4: vector.fma
func.func @batch_matmul(%a: tensor<3x4x8xf32>, %b: tensor<3x8x16xf32>, %c: tensor<3x4x16xf32>) -> tensor<3x4x16xf32> {
  %r = linalg.batch_matmul ins(%a, %b : tensor<3x4x8xf32>, tensor<3x8x16xf32>) outs(%c : tensor<3x4x16xf32>) -> tensor<3x4x16xf32>
  return %r : tensor<3x4x16xf32>
}
// CHECK-LABEL: func.func @matmul_transpose_a
// CHECK: scf.for
// CHECK: tensor.extract %{{.*}}[%{{.*}}, %{{.*}}] : tensor<1x4xf32>
// CHECK-COUNT-4: vector.fma
func.func @matmul_transpose_a(%a: tensor<8x4xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : tensor<8x4xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
// CHECK-LABEL: func.func @conv1d
// CHECK: scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-COUNT-3: vector.fma
func.func @conv1d(%in: tensor<5x8xf32>, %f: tensor<3x8x16xf32>, %o: tensor<3x16xf32>) -> tensor<3x16xf32> {
  %r = linalg.generic {
    indexing_maps = [affine_map<(x, c, kx, ci) -> (x + kx, ci)>,
                     affine_map<(x, c, kx, ci) -> (kx, ci, c)>,
                     affine_map<(x, c, kx, ci) -> (x, c)>],
    iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
    ins(%in, %f : tensor<5x8xf32>, tensor<3x8x16xf32>) outs(%o : tensor<3x16xf32>) {
  ^bb0(%i: f32, %w: f32, %acc: f32):
    %m = arith.mulf %i, %w : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<3x16xf32>
  return %r : tensor<3x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %bmm = transform.structured.match ops{["linalg.batch_matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t0, %b0, %k0 = transform.structured.tile_using_for %bmm tile_sizes [1, 0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %l0 = transform.regtile.cache_reduce %t0, %k0 {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t1, %k1 = transform.structured.tile_using_for %mm tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l1 = transform.regtile.cache_reduce %t1, %k1 {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %t2, %k2 = transform.structured.tile_using_for %g tile_sizes [0, 0, 1, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l2 = transform.regtile.cache_reduce %t2, %k2 {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// add_at_end: the accumulators start at zero, the loop does not wait for
// the tile; after it, a block of loads, a block of adds, a block of stores.
// CHECK-LABEL: func.func @add_at_end
// CHECK-SAME: %{{.*}}: tensor<2x8xf32>, %{{.*}}: tensor<8x32xf32>, %[[C:.*]]: tensor<2x32xf32>
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK-NOT: vector.transfer_read %[[C]]
// CHECK: %[[R:.*]]:4 = scf.for {{.*}} iter_args(%{{.*}} = %[[Z]], %{{.*}} = %[[Z]], %{{.*}} = %[[Z]], %{{.*}} = %[[Z]])
// CHECK: vector.fma
// CHECK: scf.yield
// CHECK-COUNT-4: vector.transfer_read %[[C]]
// CHECK-COUNT-4: arith.addf
// CHECK-COUNT-4: vector.transfer_write
func.func @add_at_end(%a: tensor<2x8xf32>, %b: tensor<8x32xf32>, %c: tensor<2x32xf32>) -> tensor<2x32xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<2x8xf32>, tensor<8x32xf32>) outs(%c : tensor<2x32xf32>) -> tensor<2x32xf32>
  return %r : tensor<2x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %k = transform.structured.tile_using_for %mm tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l = transform.regtile.cache_reduce %t, %k {arch = "znver4", add_at_end, allow_reassociation} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A bias: the output tile is a broadcast of a vector along the innermost
// dim (as structured.fuse leaves a fused bias). The accumulators start
// from the bias vectors in every row, the tile is written into the
// broadcast's destination, and the broadcast is gone.
// CHECK-LABEL: func.func @bias
// CHECK-SAME: %{{.*}}: tensor<3x8xf32>, %{{.*}}: tensor<8x32xf32>, %[[BIAS:.*]]: tensor<32xf32>
// CHECK-NOT: linalg.broadcast
// CHECK: %[[B0:.*]] = vector.transfer_read %[[BIAS]][%c0]{{.*}} : tensor<32xf32>, vector<16xf32>
// CHECK: %[[B1:.*]] = vector.transfer_read %[[BIAS]][%c16]{{.*}} : tensor<32xf32>, vector<16xf32>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[B0]], %{{.*}} = %[[B1]], %{{.*}} = %[[B0]], %{{.*}} = %[[B1]], %{{.*}} = %[[B0]], %{{.*}} = %[[B1]])
// CHECK-COUNT-6: vector.transfer_write {{.*}} : vector<16xf32>, tensor<3x32xf32>
func.func @bias(%a: tensor<3x8xf32>, %b: tensor<8x32xf32>, %bias: tensor<32xf32>) -> tensor<3x32xf32> {
  %e = tensor.empty() : tensor<3x32xf32>
  %bc = linalg.broadcast ins(%bias : tensor<32xf32>) outs(%e : tensor<3x32xf32>) dimensions = [0]
  %r = linalg.matmul ins(%a, %b : tensor<3x8xf32>, tensor<8x32xf32>) outs(%bc : tensor<3x32xf32>) -> tensor<3x32xf32>
  return %r : tensor<3x32xf32>
}
// The same for a fill that is the loop's output: written through, gone.
// CHECK-LABEL: func.func @fill_through
// CHECK-NOT: linalg.fill
// CHECK: scf.for
// CHECK-COUNT-2: vector.transfer_write
func.func @fill_through(%a: tensor<2x8xf32>, %b: tensor<8x16xf32>) -> tensor<2x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x16xf32>) -> tensor<2x16xf32>
  %r = linalg.matmul ins(%a, %b : tensor<2x8xf32>, tensor<8x16xf32>) outs(%f : tensor<2x16xf32>) -> tensor<2x16xf32>
  return %r : tensor<2x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %k = transform.structured.tile_using_for %mm tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l = transform.regtile.cache_reduce %t, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// An elementwise consumer of the whole tile (a ReLU) is applied to the
// registers before the single store, into the consumer's destination; the
// tile itself is never stored.
// CHECK-LABEL: func.func @relu_epilogue
// CHECK-SAME: %[[OUT:[a-z0-9]+]]: tensor<2x32xf32>) -> tensor<2x32xf32>
// CHECK: %[[R:.*]]:4 = scf.for
// CHECK-NOT: linalg.generic
// CHECK: %[[M0:.*]] = arith.maximumf %[[R]]#0, %{{.*}} : vector<16xf32>
// CHECK-COUNT-3: arith.maximumf
// CHECK: vector.transfer_write %[[M0]], %[[OUT]]
// CHECK-COUNT-3: vector.transfer_write {{.*}} : vector<16xf32>, tensor<2x32xf32>
// CHECK-NEXT: return
func.func @relu_epilogue(%a: tensor<2x8xf32>, %b: tensor<8x32xf32>, %c: tensor<2x32xf32>, %out: tensor<2x32xf32>) -> tensor<2x32xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<2x8xf32>, tensor<8x32xf32>) outs(%c : tensor<2x32xf32>) -> tensor<2x32xf32>
  %zero = arith.constant 0.0 : f32
  %relu = linalg.generic {
    indexing_maps = [affine_map<(i, j) -> ()>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
    iterator_types = ["parallel", "parallel"]}
    ins(%zero, %r : f32, tensor<2x32xf32>) outs(%out : tensor<2x32xf32>) {
  ^bb0(%z: f32, %x: f32, %o: f32):
    %m = arith.maximumf %x, %z : f32
    linalg.yield %m : f32
  } -> tensor<2x32xf32>
  return %relu : tensor<2x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %k = transform.structured.tile_using_for %mm tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l = transform.regtile.cache_reduce %t, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A nest of reduction loops (K by 4, then by 1 inside): cache_reduce given
// the outer loop carries the accumulators through both; one block of loads
// before the outer loop, one of stores after it, no tensor op of the tile
// in between.
// CHECK-LABEL: func.func @nested_reduction_loops
// CHECK-COUNT-8: vector.transfer_read %{{.*}} : tensor<8x16xf32>, vector<16xf32>
// CHECK: %[[OUT:.*]]:8 = scf.for %[[K1:.*]] = %{{.*}} to %{{.*}} step %c4 iter_args({{.*}}) -> (vector<16xf32>,
// CHECK-NOT: tensor.insert_slice
// CHECK: %[[IN:.*]]:8 = scf.for %{{.*}} = %c0 to %c4 step %c1 iter_args({{.*}}) -> (vector<16xf32>,
// CHECK-COUNT-8: vector.fma
// CHECK: scf.yield
// CHECK: regtile.prefetch_ahead
// CHECK-NEXT: scf.yield %[[IN]]#0, %[[IN]]#1,
// CHECK-NEXT: }
// CHECK-COUNT-8: vector.transfer_write
// CHECK-NEXT: return
func.func @nested_reduction_loops(%a: tensor<8x8xf32>, %b: tensor<8x16xf32>, %c: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x16xf32>) outs(%c : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %k1 = transform.structured.tile_using_for %mm tile_sizes [0, 0, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %t2, %k2 = transform.structured.tile_using_for %t tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l = transform.regtile.cache_reduce %t2, %k1 {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}
