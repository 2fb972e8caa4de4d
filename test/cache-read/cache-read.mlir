// FileCheck of transform.regtile.cache_read: the cache is allocated once
// before the loop nest, filled by register tile copies at the start of each
// iteration of the chosen loop, in the inner loops' tile order, and the op
// reads its tile of it.
// RUN: %regtile-opt %s --split-input-file --transform-interpreter --canonicalize --cse | FileCheck %s

// GEMM blocking: B staged per (64, 32) block in micro-panels of 32 columns
// ([N/32][K][1][32]: a K step of a panel is 32 contiguous elements), A per
// 6-row block as [K][6][1] (a K step is 6 contiguous scalars).
// CHECK-LABEL: func.func @gemm
// CHECK-SAME: (%[[A:[a-z0-9]+]]: tensor<100x70xf32>, %[[B:[a-z0-9]+]]: tensor<70x90xf32>
// CHECK-DAG: %[[CB:.*]] = tensor.empty() : tensor<2x32x1x32xf32>
// CHECK-DAG: %[[CA:.*]] = tensor.empty() : tensor<32x6x1xf32>
// CHECK: scf.for %[[JC:[a-z0-9_]+]] =
// CHECK: scf.for %[[PC:[a-z0-9_]+]] =
// CHECK: %[[FB:.*]] = tensor.extract_slice %[[B]][%[[PC]], %[[JC]]]
// CHECK: %[[DB:.*]] = tensor.extract_slice %[[CB]][0, 0, 0, 0]
// The copy of B: rows of 32 through vector registers.
// CHECK: %[[PB:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[DB]])
// CHECK: scf.for
// CHECK: vector.transfer_read %[[FB]]{{.*}} vector<1x32xf32>
// CHECK: vector.transfer_write
// CHECK: scf.for %[[IR:[a-z0-9_]+]] =
// CHECK: %[[FA:.*]] = tensor.extract_slice %{{.*}}[%[[IR]], 0]
// CHECK: %[[DA:.*]] = tensor.extract_slice %[[CA]][0, 0, 0]
// CHECK: %[[PA:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[DA]])
// CHECK: scf.for %[[JR:[a-z0-9_]+]] = %{{.*}} to %{{.*}} step %c32
// CHECK: scf.for %[[MK:[a-z0-9_]+]] =
// CHECK: %[[T:.*]] = arith.divui %[[JR]], %c32
// CHECK: %[[VB:.*]] = tensor.extract_slice %[[PB]][%[[T]], %[[MK]], 0, 0] [1, 1, 1, %{{.*}}] [1, 1, 1, 1] : tensor<?x?x1x32xf32> to tensor<1x?xf32>
// CHECK: %[[VA:.*]] = tensor.extract_slice %[[PA]][%[[MK]], 0, 0] [1, %{{.*}}, 1] [1, 1, 1] : tensor<?x?x1xf32> to tensor<?x1xf32>
// CHECK: linalg.matmul ins(%[[VA]], %[[VB]] :
func.func @gemm(%a: tensor<100x70xf32>, %b: tensor<70x90xf32>, %c: tensor<100x90xf32>) -> tensor<100x90xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<100x70xf32>, tensor<70x90xf32>) outs(%c : tensor<100x90xf32>) -> tensor<100x90xf32>
  return %r : tensor<100x90xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t1, %jc, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 64, 32] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %t3, %ir, %jr, %mk = transform.structured.tile_using_for %t1 tile_sizes [6, 32, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %cb, %bb = transform.regtile.cache_read %t3, %pc {operand = 1, arch = "znver4"} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ca, %ba = transform.regtile.cache_read %t3, %ir {operand = 0, arch = "znver4"} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Static sizes that divide: no padding, the cache is filled whole. With
// `dense`, the cache keeps the footprint's own layout (as one tile of its
// innermost dim: [16][1][64]) and the op reads it at the inner loop's
// offset.
// CHECK-LABEL: func.func @dense
// CHECK: %[[C:.*]] = tensor.empty() : tensor<16x1x64xf32>
// CHECK: scf.for %[[K:[a-z0-9_]+]] =
// CHECK: %[[F:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[C]]) -> (tensor<16x1x64xf32>)
// CHECK: vector.transfer_read {{.*}} vector<64xf32>
// CHECK: scf.for %[[J:[a-z0-9_]+]] =
// CHECK: %[[V:.*]] = tensor.extract_slice %[[F]][0, 0, %[[J]]] [16, 1, 16] [1, 1, 1] : tensor<16x1x64xf32> to tensor<16x16xf32>
// CHECK: linalg.matmul ins(%{{.*}}, %[[V]] :
func.func @dense(%a: tensor<32x64xf32>, %b: tensor<64x64xf32>, %c: tensor<32x64xf32>) -> tensor<32x64xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<32x64xf32>, tensor<64x64xf32>) outs(%c : tensor<32x64xf32>) -> tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t1, %k = transform.structured.tile_using_for %mm tile_sizes [0, 0, 16] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %t2, %j = transform.structured.tile_using_for %t1 tile_sizes [0, 16, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %cb, %bb = transform.regtile.cache_read %t2, %k {operand = 1, dense, arch = "znver4"} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Cache blocks larger than the operand (a small GEMM under large kc and nc
// from the target): the cache is sized by the operand, not by the tiles:
// B 40x100 in blocks of 1024 x 256 is cached as [ceil(100/32)][40][1][32].
// CHECK-LABEL: func.func @blocks_larger_than_operand
// CHECK: tensor.empty() : tensor<4x40x1x32xf32>
// CHECK-NOT: tensor.empty
func.func @blocks_larger_than_operand(%a: tensor<30x40xf32>, %b: tensor<40x100xf32>, %c: tensor<30x100xf32>) -> tensor<30x100xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<30x40xf32>, tensor<40x100xf32>) outs(%c : tensor<30x100xf32>) -> tensor<30x100xf32>
  return %r : tensor<30x100xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t1, %jc, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 256, 1024] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %t3, %ir, %jr, %mk = transform.structured.tile_using_for %t1 tile_sizes [6, 32, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %cb, %bb = transform.regtile.cache_read %t3, %pc {operand = 1, arch = "znver4"} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// fill_on_first_use marks the copy for regtile-fill-on-first-use, when the
// loop right inside the staging loop (%ir) reads the same panel in each of
// its iterations and runs more than once; with one row tile (M = 6), the
// copy stays unmarked.
// CHECK-LABEL: func.func @fill_on_first_use
// CHECK: scf.for
// CHECK: scf.for
// CHECK: } {regtile.fill_on_first_use}
// CHECK-LABEL: func.func @one_row_tile
// CHECK-NOT: regtile.fill_on_first_use
func.func @fill_on_first_use(%a: tensor<100x70xf32>, %b: tensor<70x90xf32>, %c: tensor<100x90xf32>) -> tensor<100x90xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<100x70xf32>, tensor<70x90xf32>) outs(%c : tensor<100x90xf32>) -> tensor<100x90xf32>
  return %r : tensor<100x90xf32>
}
func.func @one_row_tile(%a: tensor<6x70xf32>, %b: tensor<70x90xf32>, %c: tensor<6x90xf32>) -> tensor<6x90xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<6x70xf32>, tensor<70x90xf32>) outs(%c : tensor<6x90xf32>) -> tensor<6x90xf32>
  return %r : tensor<6x90xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mms = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.foreach %mms : !transform.any_op {
    ^bb0(%mm: !transform.any_op):
      %t1, %jc, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 64, 32] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
      %t3, %ir, %jr, %mk = transform.structured.tile_using_for %t1 tile_sizes [6, 32, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
      %cb, %bb = transform.regtile.cache_read %t3, %pc {operand = 1, fill_on_first_use, arch = "znver4"} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    }
    transform.yield
  }
}

// -----

// A panel one register tile wide (nc = nr = 32): the copy's loop over
// micro-panels runs once and canonicalization folds it, so the mark goes on
// the loop inside it (over the panel's rows), which stays.
// CHECK-LABEL: func.func @one_micro_panel
// CHECK: scf.for %[[ROW:[a-z0-9]+]] = %c0 to %{{.*}} step %c1 {{.*}} -> (tensor<1x?x1x32xf32>)
// CHECK-NEXT: vector.transfer_read
// CHECK-NEXT: vector.transfer_write {{.*}}[%c0, %[[ROW]], %c0, %c0] {{.*}} tensor<1x?x1x32xf32>
// CHECK-NEXT: scf.yield
// CHECK-NEXT: } {regtile.fill_on_first_use}
// CHECK-NEXT: scf.for %{{.*}} = %c0 to %c100 step %c6
func.func @one_micro_panel(%a: tensor<100x70xf32>, %b: tensor<70x96xf32>, %c: tensor<100x96xf32>) -> tensor<100x96xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<100x70xf32>, tensor<70x96xf32>) outs(%c : tensor<100x96xf32>) -> tensor<100x96xf32>
  return %r : tensor<100x96xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t1, %jc, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 32, 32] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %t3, %ir, %jr, %mk = transform.structured.tile_using_for %t1 tile_sizes [6, 32, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %cb, %bb = transform.regtile.cache_read %t3, %pc {operand = 1, fill_on_first_use, arch = "znver4"} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A loop that runs once between the row tiles and the micro-kernel (a
// second loop over rows, one tile of 6 in each row tile of 6: a
// convolution's single row tile along a 7 x 7 image's width) neither
// repeats the fill nor holds it: the copy is marked.
// CHECK-LABEL: func.func @fill_on_first_use_once_loop
// CHECK: } {regtile.fill_on_first_use}
func.func @fill_on_first_use_once_loop(%a: tensor<12x8xf32>, %b: tensor<8x16xf32>, %c: tensor<12x16xf32>) -> tensor<12x16xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<12x8xf32>, tensor<8x16xf32>) outs(%c : tensor<12x16xf32>) -> tensor<12x16xf32>
  return %r : tensor<12x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t1, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 0, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %t2, %ir = transform.structured.tile_using_for %t1 tile_sizes [6] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %t3, %ir2 = transform.structured.tile_using_for %t2 tile_sizes [6] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %t4, %jr, %k = transform.structured.tile_using_for %t3 tile_sizes [0, 16, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %cb, %bb = transform.regtile.cache_read %t4, %pc {operand = 1, fill_on_first_use, arch = "znver4"} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// fill_on_first_use_if_able: where the loops do not allow the fill on
// first use (a second loop over rows that runs twice: cache-read/invalid.mlir
// @fill_on_first_use_repeated), the copy stays before them, unmarked, and
// the op reads the cache.
// CHECK-LABEL: func.func @fill_on_first_use_if_able
//   CHECK-NOT: regtile.fill_on_first_use
//       CHECK: tensor.empty() : tensor<1x4x1x16xf32>
//   CHECK-NOT: regtile.fill_on_first_use
//       CHECK: vector.transfer_write {{.*}} tensor<1x4x1x16xf32>
//   CHECK-NOT: regtile.fill_on_first_use
//       CHECK: linalg.matmul
func.func @fill_on_first_use_if_able(%a: tensor<12x8xf32>, %b: tensor<8x16xf32>, %c: tensor<12x16xf32>) -> tensor<12x16xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<12x8xf32>, tensor<8x16xf32>) outs(%c : tensor<12x16xf32>) -> tensor<12x16xf32>
  return %r : tensor<12x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t1, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 0, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %t2, %ir = transform.structured.tile_using_for %t1 tile_sizes [6] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %t3, %ir2 = transform.structured.tile_using_for %t2 tile_sizes [2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %t4, %jr, %k = transform.structured.tile_using_for %t3 tile_sizes [0, 16, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %cb, %bb = transform.regtile.cache_read %t4, %pc {operand = 1, fill_on_first_use_if_able, arch = "znver4"} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// operand = -1 (convolution_blocking's filter read in place): nothing is
// staged, the op reads its operand (the empty results: cache-read/invalid.mlir).
// CHECK-LABEL: func.func @nothing_to_stage
// CHECK-NOT: tensor.empty
// CHECK: scf.for
// CHECK-NOT: tensor.empty
// CHECK: linalg.matmul
func.func @nothing_to_stage(%a: tensor<12x8xf32>, %b: tensor<8x32xf32>, %c: tensor<12x32xf32>) -> tensor<12x32xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<12x8xf32>, tensor<8x32xf32>) outs(%c : tensor<12x32xf32>) -> tensor<12x32xf32>
  return %r : tensor<12x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %i = transform.structured.tile_using_for %mm tile_sizes [6] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %none = transform.param.constant -1 : i64 -> !transform.param<i64>
    %copy, %cache = transform.regtile.cache_read %t, %i operand = %none
        : (!transform.any_op, !transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// unless_laid_out: B as wide as its one micro-panel (N = nr = 32, row-major)
// is already stored as its cache [1][K][1][32] would be: nothing is staged,
// the micro-kernel reads B's own rows. A is staged as before.
// CHECK-LABEL: func.func @laid_out
// CHECK-SAME: (%[[A:[a-z0-9]+]]: tensor<30x70xf32>, %[[B:[a-z0-9]+]]: tensor<70x32xf32>
// CHECK: %[[CA:.*]] = tensor.empty() : tensor<40x6x1xf32>
// CHECK-NOT: tensor.empty
// CHECK: scf.for %[[PC:[a-z0-9_]+]] =
// CHECK: %[[FB:.*]] = tensor.extract_slice %[[B]][%[[PC]], 0]
// CHECK: scf.for %[[IR:[a-z0-9_]+]] =
// CHECK: scf.for %[[MK:[a-z0-9_]+]] =
// CHECK: %[[VB:.*]] = tensor.extract_slice %[[FB]][%[[MK]], 0] [1, 32] [1, 1]
// CHECK: linalg.matmul ins(%{{.*}}, %[[VB]] :
func.func @laid_out(%a: tensor<30x70xf32>, %b: tensor<70x32xf32>, %c: tensor<30x32xf32>) -> tensor<30x32xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<30x70xf32>, tensor<70x32xf32>) outs(%c : tensor<30x32xf32>) -> tensor<30x32xf32>
  return %r : tensor<30x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t1, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 0, 40] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %t2, %ir, %jr, %mk = transform.structured.tile_using_for %t1 tile_sizes [6, 32, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %cb, %bb = transform.regtile.cache_read %t2, %pc {operand = 1, unless_laid_out, arch = "znver4"} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ca, %ba = transform.regtile.cache_read %t2, %ir {operand = 0, arch = "znver4"} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Not laid out as the cache: B wider than one panel (N = 48, panels of
// 32: the cache has two), B^T (the cache transposes it: [1][K][32][1]
// tiles), B narrower than
// its padded panel (N = 20 in a panel of 32): each is staged.
// CHECK-LABEL: func.func @not_laid_out
// CHECK-DAG: tensor.empty() : tensor<2x40x1x32xf32>
// CHECK-DAG: tensor.empty() : tensor<1x40x32x1xf32>
// CHECK-DAG: tensor.empty() : tensor<1x40x1x32xf32>
func.func @not_laid_out(%a: tensor<30x70xf32>, %b: tensor<70x48xf32>, %bt: tensor<32x70xf32>, %b2: tensor<70x20xf32>, %c: tensor<30x48xf32>, %c1: tensor<30x32xf32>, %c2: tensor<30x20xf32>) -> (tensor<30x48xf32>, tensor<30x32xf32>, tensor<30x20xf32>) {
  %r = linalg.matmul ins(%a, %b : tensor<30x70xf32>, tensor<70x48xf32>) outs(%c : tensor<30x48xf32>) -> tensor<30x48xf32>
  %r1 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %bt : tensor<30x70xf32>, tensor<32x70xf32>) outs(%c1 : tensor<30x32xf32>) -> tensor<30x32xf32>
  %r2 = linalg.matmul ins(%a, %b2 : tensor<30x70xf32>, tensor<70x20xf32>) outs(%c2 : tensor<30x20xf32>) -> tensor<30x20xf32>
  return %r, %r1, %r2 : tensor<30x48xf32>, tensor<30x32xf32>, tensor<30x20xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.foreach %mm : !transform.any_op {
    ^bb0(%m: !transform.any_op):
      %t1, %pc = transform.structured.tile_using_for %m tile_sizes [0, 0, 40] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %t2, %ir, %jr, %mk = transform.structured.tile_using_for %t1 tile_sizes [6, 32, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
      %cb, %bb = transform.regtile.cache_read %t2, %pc {operand = 1, unless_laid_out, arch = "znver4"} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    }
    transform.yield
  }
}
