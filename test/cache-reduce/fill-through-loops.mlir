// FileCheck of transform.regtile.cache_reduce when the output tile's
// initial value comes from a linalg.fill through the loops that tiling
// wraps around the reduction loop (cache blocks jc, pc; register tiles ir,
// jr): the accumulators start from the fill value at the first iteration
// of every loop that accumulates into the tile (pc) and from the tile
// otherwise (not loaded then), and the fill is removed when the tile
// stores of those first iterations overwrite all of it. Loops the trace
// cannot prove to visit disjoint tiles or to keep the tile in place, and
// iter_args with other uses, end it: the tile is loaded, the fill kept.
// RUN: %regtile-opt %s --split-input-file --transform-interpreter --cse | FileCheck %s

// Static, divisible blocks: the fill is gone (the jc loop starts from C),
// the tile is the fill value at pc = 0, loaded after.
// CHECK-LABEL: func.func @blocked
// CHECK-SAME: %[[C:[a-z0-9]+]]: tensor<12x64xf32>)
// CHECK-NOT: linalg.fill
// CHECK: scf.for %{{.*}} iter_args(%{{.*}} = %[[C]])
// CHECK-NEXT: scf.for %[[PC:[a-z0-9]+]] = %[[LB:[a-z0-9]+]] to
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[PC]], %[[LB]] : index
// CHECK: scf.if %[[FIRST]] -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// CHECK-NOT: vector.transfer_read
// CHECK: } else {
// CHECK-COUNT-6: vector.transfer_read {{.*}} : tensor<6x16xf32>, vector<16xf32>
// CHECK: scf.for
// CHECK-NOT: linalg.fill
// CHECK: return
func.func @blocked(%a: tensor<12x40xf32>, %b: tensor<40x64xf32>, %c: tensor<12x64xf32>) -> tensor<12x64xf32> {
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill ins(%zero : f32) outs(%c : tensor<12x64xf32>) -> tensor<12x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<12x40xf32>, tensor<40x64xf32>) outs(%f : tensor<12x64xf32>) -> tensor<12x64xf32>
  return %r : tensor<12x64xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t1, %jc, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 32, 16] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %t2, %i, %j, %k = transform.structured.tile_using_for %t1 tile_sizes [6, 16, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %l = transform.regtile.cache_reduce %t2, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Blocks and tiles that divide nothing (partial jc blocks, a partial last
// row tile): the extents are the tiling's, the fill is still covered.
// CHECK-LABEL: func.func @partial
// CHECK-SAME: %[[C:[a-z0-9]+]]: tensor<13x53xf32>)
// CHECK-NOT: linalg.fill
// CHECK: scf.for %{{.*}} iter_args(%{{.*}} = %[[C]])
// CHECK: scf.if
// CHECK-NOT: linalg.fill
// CHECK: return
func.func @partial(%a: tensor<13x40xf32>, %b: tensor<40x53xf32>, %c: tensor<13x53xf32>) -> tensor<13x53xf32> {
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill ins(%zero : f32) outs(%c : tensor<13x53xf32>) -> tensor<13x53xf32>
  %r = linalg.matmul ins(%a, %b : tensor<13x40xf32>, tensor<40x53xf32>) outs(%f : tensor<13x53xf32>) -> tensor<13x53xf32>
  return %r : tensor<13x53xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t1, %jc, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 32, 16] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %t2, %i, %j, %k = transform.structured.tile_using_for %t1 tile_sizes [6, 16, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %l = transform.regtile.cache_reduce %t2, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// K dynamic: the pc loop may run no iteration, so the fill stays; the
// tile is still not loaded at pc = 0.
// CHECK-LABEL: func.func @dynamic_k
// CHECK: %[[F:.*]] = linalg.fill
// CHECK: scf.for %{{.*}} iter_args(%{{.*}} = %[[F]])
// CHECK: scf.if
func.func @dynamic_k(%a: tensor<12x?xf32>, %b: tensor<?x64xf32>, %c: tensor<12x64xf32>) -> tensor<12x64xf32> {
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill ins(%zero : f32) outs(%c : tensor<12x64xf32>) -> tensor<12x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<12x?xf32>, tensor<?x64xf32>) outs(%f : tensor<12x64xf32>) -> tensor<12x64xf32>
  return %r : tensor<12x64xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t1, %jc, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 32, 16] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %t2, %i, %j, %k = transform.structured.tile_using_for %t1 tile_sizes [6, 16, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %l = transform.regtile.cache_reduce %t2, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The tile's offset is computed from the loop's induction variable (not
// the variable itself): the loop is not recognized as visiting disjoint
// tiles, the fill is kept and the tile is loaded.
// CHECK-LABEL: func.func @offset_computed
// CHECK: %[[F:.*]] = linalg.fill
// CHECK: scf.for %{{.*}} iter_args(%{{.*}} = %[[F]])
// CHECK-NOT: scf.if
// CHECK-COUNT-6: vector.transfer_read {{.*}} : tensor<6x16xf32>, vector<16xf32>
// CHECK: scf.for
func.func @offset_computed(%a: tensor<12x8xf32>, %b: tensor<8x16xf32>, %c: tensor<12x16xf32>) -> tensor<12x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill ins(%zero : f32) outs(%c : tensor<12x16xf32>) -> tensor<12x16xf32>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %f) -> (tensor<12x16xf32>) {
    %off = arith.muli %i, %c6 : index
    %t = tensor.extract_slice %acc[%off, 0] [6, 16] [1, 1] : tensor<12x16xf32> to tensor<6x16xf32>
    %m = scf.for %k = %c0 to %c8 step %c1 iter_args(%tt = %t) -> (tensor<6x16xf32>) {
      %ak = tensor.extract_slice %a[%off, %k] [6, 1] [1, 1] : tensor<12x8xf32> to tensor<6x1xf32>
      %bk = tensor.extract_slice %b[%k, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<1x16xf32>
      %mm = linalg.matmul ins(%ak, %bk : tensor<6x1xf32>, tensor<1x16xf32>) outs(%tt : tensor<6x16xf32>) -> tensor<6x16xf32>
      scf.yield %mm : tensor<6x16xf32>
    }
    %ins = tensor.insert_slice %m into %acc[%off, 0] [6, 16] [1, 1] : tensor<6x16xf32> into tensor<12x16xf32>
    scf.yield %ins : tensor<12x16xf32>
  }
  return %r : tensor<12x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.get_parent_op %mm {op_name = "scf.for"} : (!transform.any_op) -> !transform.any_op
    %l = transform.regtile.cache_reduce %mm, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The block loop's iter_arg is also read by something else: no trace.
// CHECK-LABEL: func.func @other_use
// CHECK: linalg.fill
// CHECK-NOT: scf.if
// CHECK-COUNT-6: vector.transfer_read {{.*}} : tensor<6x16xf32>, vector<16xf32>
func.func @other_use(%a: tensor<12x8xf32>, %b: tensor<8x16xf32>, %c: tensor<12x16xf32>) -> (tensor<12x16xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill ins(%zero : f32) outs(%c : tensor<12x16xf32>) -> tensor<12x16xf32>
  %r:2 = scf.for %p = %c0 to %c2 step %c1 iter_args(%acc = %f, %s = %zero) -> (tensor<12x16xf32>, f32) {
    %x = tensor.extract %acc[%c0, %c0] : tensor<12x16xf32>
    %s2 = arith.addf %s, %x : f32
    %m = scf.for %k = %c0 to %c8 step %c1 iter_args(%tt = %acc) -> (tensor<12x16xf32>) {
      %t = tensor.extract_slice %tt[0, 0] [6, 16] [1, 1] : tensor<12x16xf32> to tensor<6x16xf32>
      %ak = tensor.extract_slice %a[0, %k] [6, 1] [1, 1] : tensor<12x8xf32> to tensor<6x1xf32>
      %bk = tensor.extract_slice %b[%k, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<1x16xf32>
      %mm = linalg.matmul ins(%ak, %bk : tensor<6x1xf32>, tensor<1x16xf32>) outs(%t : tensor<6x16xf32>) -> tensor<6x16xf32>
      %ins = tensor.insert_slice %mm into %tt[0, 0] [6, 16] [1, 1] : tensor<6x16xf32> into tensor<12x16xf32>
      scf.yield %ins : tensor<12x16xf32>
    }
    scf.yield %m, %s2 : tensor<12x16xf32>, f32
  }
  return %r#0, %r#1 : tensor<12x16xf32>, f32
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.get_parent_op %mm {op_name = "scf.for"} : (!transform.any_op) -> !transform.any_op
    %l = transform.regtile.cache_reduce %mm, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// An accumulating loop that covers only part of the fill (rows 0-5 of
// 12): the tile starts from the fill value at the first iteration, but the
// fill stays (rows 6-11 keep it).
// CHECK-LABEL: func.func @partial_cover
// CHECK: %[[F:.*]] = linalg.fill
// CHECK: scf.for %[[P:[a-z0-9]+]] = {{.*}} iter_args(%{{.*}} = %[[F]])
// CHECK: arith.cmpi eq, %[[P]]
// CHECK: scf.if
func.func @partial_cover(%a: tensor<12x8xf32>, %b: tensor<8x16xf32>, %c: tensor<12x16xf32>) -> tensor<12x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill ins(%zero : f32) outs(%c : tensor<12x16xf32>) -> tensor<12x16xf32>
  %r = scf.for %p = %c0 to %c2 step %c1 iter_args(%acc = %f) -> (tensor<12x16xf32>) {
    %t = tensor.extract_slice %acc[0, 0] [6, 16] [1, 1] : tensor<12x16xf32> to tensor<6x16xf32>
    %m = scf.for %k = %c0 to %c4 step %c1 iter_args(%tt = %t) -> (tensor<6x16xf32>) {
      %kk = arith.addi %k, %c4 : index
      %ak = tensor.extract_slice %a[0, %k] [6, 1] [1, 1] : tensor<12x8xf32> to tensor<6x1xf32>
      %bk = tensor.extract_slice %b[%k, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<1x16xf32>
      %mm = linalg.matmul ins(%ak, %bk : tensor<6x1xf32>, tensor<1x16xf32>) outs(%tt : tensor<6x16xf32>) -> tensor<6x16xf32>
      scf.yield %mm : tensor<6x16xf32>
    }
    %ins = tensor.insert_slice %m into %acc[0, 0] [6, 16] [1, 1] : tensor<6x16xf32> into tensor<12x16xf32>
    scf.yield %ins : tensor<12x16xf32>
  }
  return %r : tensor<12x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.get_parent_op %mm {op_name = "scf.for"} : (!transform.any_op) -> !transform.any_op
    %l = transform.regtile.cache_reduce %mm, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The threads' scf.forall (distribute_over_threads: the step is computed
// from the thread count at run time) between the fill and the tile loops:
// each thread owns its rows, which it finds as the fill left them, so the
// trace goes through it; its tiles cover every row, so the fill is gone
// (the forall shares C itself) and no tile of C is ever loaded (one K
// block: the tile is the fill value).
// CHECK-LABEL: func.func @threads
// CHECK-SAME: %[[C:[a-z0-9]+]]: tensor<37x53xf32>)
// CHECK-NOT: linalg.fill
// CHECK: scf.forall {{.*}} shared_outs(%{{.*}} = %[[C]])
// CHECK-NOT: vector.transfer_read {{.*}} : tensor<?x?xf32>, vector<16xf32>
// CHECK-NOT: linalg.fill
// CHECK: return
func.func @threads(%a: tensor<37x40xf32>, %b: tensor<40x53xf32>, %c: tensor<37x53xf32>) -> tensor<37x53xf32> {
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill ins(%zero : f32) outs(%c : tensor<37x53xf32>) -> tensor<37x53xf32>
  %r = linalg.matmul ins(%a, %b : tensor<37x40xf32>, tensor<40x53xf32>) outs(%f : tensor<37x53xf32>) -> tensor<37x53xf32>
  return %r : tensor<37x53xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %mr = transform.param.constant 6 : i64 -> !transform.param<i64>
    %piece, %forall = transform.regtile.distribute_over_threads %mm grains [%mr, 16, 0] {min_points_per_thread = 1}
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %t2, %i, %j, %k = transform.structured.tile_using_for %piece tile_sizes [6, 16, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %l = transform.regtile.cache_reduce %t2, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A forall whose tiles cover rows 0-29 of 37 only: the tile still starts
// from the fill value, but the fill stays for the other rows.
// CHECK-LABEL: func.func @threads_partial_cover
// CHECK: %[[F:.*]] = linalg.fill
// CHECK: scf.forall {{.*}} shared_outs(%{{.*}} = %[[F]])
// CHECK-NOT: vector.transfer_read {{.*}} : tensor<6x16xf32>, vector<16xf32>
// CHECK: return
func.func @threads_partial_cover(%a: tensor<37x8xf32>, %b: tensor<8x16xf32>, %c: tensor<37x16xf32>) -> tensor<37x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill ins(%zero : f32) outs(%c : tensor<37x16xf32>) -> tensor<37x16xf32>
  %r = scf.forall (%i) = (0) to (30) step (6) shared_outs(%acc = %f) -> (tensor<37x16xf32>) {
    %t = tensor.extract_slice %acc[%i, 0] [6, 16] [1, 1] : tensor<37x16xf32> to tensor<6x16xf32>
    %m = scf.for %k = %c0 to %c8 step %c1 iter_args(%tt = %t) -> (tensor<6x16xf32>) {
      %ak = tensor.extract_slice %a[%i, %k] [6, 1] [1, 1] : tensor<37x8xf32> to tensor<6x1xf32>
      %bk = tensor.extract_slice %b[%k, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<1x16xf32>
      %mm = linalg.matmul ins(%ak, %bk : tensor<6x1xf32>, tensor<1x16xf32>) outs(%tt : tensor<6x16xf32>) -> tensor<6x16xf32>
      scf.yield %mm : tensor<6x16xf32>
    }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %m into %acc[%i, 0] [6, 16] [1, 1] : tensor<6x16xf32> into tensor<37x16xf32>
    }
  }
  return %r : tensor<37x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.get_parent_op %mm {op_name = "scf.for"} : (!transform.any_op) -> !transform.any_op
    %l = transform.regtile.cache_reduce %mm, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The forall's tile is not where its result is inserted (rows shifted by
// one): not a tile each thread owns, no trace; the tile is loaded.
// CHECK-LABEL: func.func @threads_other_insert
// CHECK: %[[F:.*]] = linalg.fill
// CHECK: scf.forall {{.*}} shared_outs(%{{.*}} = %[[F]])
// CHECK-COUNT-6: vector.transfer_read {{.*}} : tensor<6x16xf32>, vector<16xf32>
// CHECK: return
func.func @threads_other_insert(%a: tensor<37x8xf32>, %b: tensor<8x16xf32>, %c: tensor<37x16xf32>) -> tensor<37x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill ins(%zero : f32) outs(%c : tensor<37x16xf32>) -> tensor<37x16xf32>
  %r = scf.forall (%i) = (0) to (30) step (6) shared_outs(%acc = %f) -> (tensor<37x16xf32>) {
    %t = tensor.extract_slice %acc[%i, 0] [6, 16] [1, 1] : tensor<37x16xf32> to tensor<6x16xf32>
    %m = scf.for %k = %c0 to %c8 step %c1 iter_args(%tt = %t) -> (tensor<6x16xf32>) {
      %ak = tensor.extract_slice %a[%i, %k] [6, 1] [1, 1] : tensor<37x8xf32> to tensor<6x1xf32>
      %bk = tensor.extract_slice %b[%k, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<1x16xf32>
      %mm = linalg.matmul ins(%ak, %bk : tensor<6x1xf32>, tensor<1x16xf32>) outs(%tt : tensor<6x16xf32>) -> tensor<6x16xf32>
      scf.yield %mm : tensor<6x16xf32>
    }
    %i1 = arith.addi %i, %c1 : index
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %m into %acc[%i1, 0] [6, 16] [1, 1] : tensor<6x16xf32> into tensor<37x16xf32>
    }
  }
  return %r : tensor<37x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.get_parent_op %mm {op_name = "scf.for"} : (!transform.any_op) -> !transform.any_op
    %l = transform.regtile.cache_reduce %mm, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}
