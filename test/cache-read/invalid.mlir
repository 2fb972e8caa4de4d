// Every refusal of transform.regtile.cache_read is a silenceable error
// naming why, with a note at the payload op; the payload is left as it was.
// RUN: %regtile-opt %s --split-input-file --transform-interpreter --verify-diagnostics

func.func @operand_out_of_range(%a: tensor<8x8xf32>, %b: tensor<8x16xf32>, %c: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x16xf32>) outs(%c : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %k = transform.structured.tile_using_for %mm tile_sizes [0, 0, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot stage the operand: operand 2 is out of range: the op has 2 inputs}}
    %c, %b = transform.regtile.cache_read %t, %k {operand = 2} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @not_inside(%a: tensor<8x8xf32>, %b: tensor<8x16xf32>, %c: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x16xf32>) outs(%c : tensor<8x16xf32>) -> tensor<8x16xf32>
  %r2 = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x16xf32>) outs(%r : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r2 : tensor<8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %first, %second = transform.split_handle %mm : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %t, %k = transform.structured.tile_using_for %second tile_sizes [0, 0, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot stage the operand: the op is not inside the loop}}
    %c, %b = transform.regtile.cache_read %first, %k {operand = 0} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @on_buffers(%a: memref<8x8xf32>, %b: memref<8x16xf32>, %c: memref<8x16xf32>) {
  // expected-note @below {{payload op}}
  linalg.matmul ins(%a, %b : memref<8x8xf32>, memref<8x16xf32>) outs(%c : memref<8x16xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %k = transform.structured.tile_using_for %mm tile_sizes [0, 0, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot stage the operand: expected an op on tensors (stage before bufferization)}}
    %c, %b = transform.regtile.cache_read %t, %k {operand = 1} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A (M x K) tiled by an inner loop over M only: packing it would put the
// untiled K dim outside the M tiles, a transposition of the view.
func.func @would_transpose(%a: tensor<8x8xf32>, %b: tensor<8x64xf32>, %c: tensor<8x64xf32>) -> tensor<8x64xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x64xf32>) outs(%c : tensor<8x64xf32>) -> tensor<8x64xf32>
  return %r : tensor<8x64xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %k = transform.structured.tile_using_for %mm tile_sizes [0, 0, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %t2, %j = transform.structured.tile_using_for %t tile_sizes [2, 0, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot stage the operand: the packed cache would transpose the operand: dim 1 is not tiled by an inner loop but a dim before it is}}
    %c, %b = transform.regtile.cache_read %t2, %k {operand = 0} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Two inner loops tile the same dim: stage at the inner one.
func.func @tiled_twice(%a: tensor<64x8xf32>, %b: tensor<8x16xf32>, %c: tensor<64x16xf32>) -> tensor<64x16xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.matmul ins(%a, %b : tensor<64x8xf32>, tensor<8x16xf32>) outs(%c : tensor<64x16xf32>) -> tensor<64x16xf32>
  return %r : tensor<64x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %k = transform.structured.tile_using_for %mm tile_sizes [0, 0, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %t2, %i = transform.structured.tile_using_for %t tile_sizes [16, 0, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %t3, %i2 = transform.structured.tile_using_for %t2 tile_sizes [4, 0, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot stage the operand: dim 0 of the operand is tiled by more than one loop inside the loop; stage it at an inner loop}}
    %c, %b = transform.regtile.cache_read %t3, %k {operand = 0} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A footprint with no static bound (the whole dynamic K).
func.func @unbounded(%a: tensor<8x?xf32>, %b: tensor<?x16xf32>, %c: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.matmul ins(%a, %b : tensor<8x?xf32>, tensor<?x16xf32>) outs(%c : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %i = transform.structured.tile_using_for %mm tile_sizes [4, 0, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %t2, %k = transform.structured.tile_using_for %t tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot stage the operand: dim 1 of the operand's footprint has no static upper bound}}
    %c, %b = transform.regtile.cache_read %t2, %i {operand = 0} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// The operand is computed inside the loop nest, not sliced.
func.func @computed(%a: tensor<8x8xf32>, %b: tensor<8x16xf32>, %c: tensor<8x16xf32>, %n: index) -> tensor<8x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> tensor<8x16xf32> {
    %r2 = scf.for %j = %c0 to %n step %c1 iter_args(%acc2 = %acc) -> tensor<8x16xf32> {
      %e = tensor.empty() : tensor<8x8xf32>
      %neg = linalg.negf ins(%a : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
      // expected-note @below {{payload op}}
      %m = linalg.matmul ins(%neg, %b : tensor<8x8xf32>, tensor<8x16xf32>) outs(%acc2 : tensor<8x16xf32>) -> tensor<8x16xf32>
      scf.yield %m : tensor<8x16xf32>
    }
    scf.yield %r2 : tensor<8x16xf32>
  }
  return %r : tensor<8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %loops = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // (match lists nested loops innermost first)
    %inner, %outer = transform.split_handle %loops : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot stage the operand: the operand is computed inside the loop nest (expected slices of a value available in the loop's body)}}
    %c, %b = transform.regtile.cache_read %mm, %outer {operand = 0} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @wrong_kinds(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-note @below {{payload op}}
  %r = arith.addf %a, %a : tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["arith.addf"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected a linalg structured op, got 'arith.addf'}}
    %c, %b = transform.regtile.cache_read %op, %op {operand = 0} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Only scf.for loops may be between the staging loop and the op.
func.func @forall_between(%a: tensor<8x8xf32>, %b: tensor<8x16xf32>, %c: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x16xf32>) outs(%c : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %k = transform.structured.tile_using_for %mm tile_sizes [0, 0, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %t2, %f = transform.structured.tile_using_forall %t tile_sizes [4, 0, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot stage the operand: only scf.for loops may be between the loop and the op, found 'scf.forall'}}
    %c, %b = transform.regtile.cache_read %t2, %k {operand = 1} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// An empty operand (found by test/fuzz: it crashed the tile copier).
func.func @empty(%x: tensor<0xi8>, %o: tensor<0xi8>) -> tensor<0xi8> {
  // expected-note @below {{payload op}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<0xi8>) outs(%o : tensor<0xi8>) {
  ^bb0(%v: i8, %acc: i8):
    %s = arith.addi %v, %acc : i8
    linalg.yield %s : i8
  } -> tensor<0xi8>
  return %r : tensor<0xi8>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.tile_using_for %op tile_sizes [1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot stage the operand: dim 0 of the operand is empty: nothing to stage}}
    %c, %b = transform.regtile.cache_read %t, %l {operand = 0} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// The input to stage: an attribute or a parameter, exactly one.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.param.constant 1 : i64 -> !transform.param<i64>
    // expected-error @below {{expected the input to stage as `operand` (an attribute) or `operand = %param`, exactly one}}
    %c, %b = transform.regtile.cache_read %root, %root operand = %p {operand = 1} : (!transform.any_op, !transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{expected the input to stage as `operand` (an attribute) or `operand = %param`, exactly one}}
    %c, %b = transform.regtile.cache_read %root, %root : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %one = transform.param.constant 1 : i64 -> !transform.param<i64>
    %p = transform.merge_handles %one, %one : !transform.param<i64>
    // expected-error @below {{expected `operand` to be one integer parameter of at least -1, got 2 value(s)}}
    %c, %b = transform.regtile.cache_read %root, %root operand = %p : (!transform.any_op, !transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.param.constant -2 : i64 -> !transform.param<i64>
    // expected-error @below {{expected `operand` to be one integer parameter of at least -1, got 1 value(s): -2 : i64}}
    %c, %b = transform.regtile.cache_read %root, %root operand = %p : (!transform.any_op, !transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// operand = -1 stages nothing: both results are empty (the payload:
// cache-read/cache-read.mlir).
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %none = transform.param.constant -1 : i64 -> !transform.param<i64>
    %c, %b = transform.regtile.cache_read %root, %root operand = %none : (!transform.any_op, !transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %nc = transform.num_associations %c : (!transform.any_op) -> !transform.param<i64>
    %nb = transform.num_associations %b : (!transform.any_op) -> !transform.param<i64>
    // expected-remark @below {{copies 0 : i64}}
    transform.debug.emit_param_as_remark %nc, "copies" : !transform.param<i64>
    // expected-remark @below {{caches 0 : i64}}
    transform.debug.emit_param_as_remark %nb, "caches" : !transform.param<i64>
    transform.yield
  }
}

// -----

// fill_on_first_use needs a loop between the staging loop and the op whose
// iterations all read the same cache: A staged at %pc, read by the row-tile
// loop %ir row tile by row tile, cannot be filled in %ir's first iteration.
func.func @fill_on_first_use_moves(%a: tensor<12x8xf32>, %b: tensor<8x16xf32>, %c: tensor<12x16xf32>) -> tensor<12x16xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.matmul ins(%a, %b : tensor<12x8xf32>, tensor<8x16xf32>) outs(%c : tensor<12x16xf32>) -> tensor<12x16xf32>
  return %r : tensor<12x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t1, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 0, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %t2, %ir, %k = transform.structured.tile_using_for %t1 tile_sizes [6, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    // expected-error @below {{cannot stage the operand: fill_on_first_use: the loop inside the staging loop tiles the operand (each of its iterations reads a different part of the cache)}}
    %ca, %ba = transform.regtile.cache_read %t2, %pc {operand = 0, fill_on_first_use} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @fill_on_first_use_no_inner_loop(%a: tensor<12x8xf32>, %b: tensor<8x16xf32>, %c: tensor<12x16xf32>) -> tensor<12x16xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.matmul ins(%a, %b : tensor<12x8xf32>, tensor<8x16xf32>) outs(%c : tensor<12x16xf32>) -> tensor<12x16xf32>
  return %r : tensor<12x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t1, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 0, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot stage the operand: fill_on_first_use: no loop between the loop and the op to fill the cache in}}
    %cb, %bb = transform.regtile.cache_read %t1, %pc {operand = 1, fill_on_first_use} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A loop inside the first inner one that does not tile the operand (a
// second loop over rows): each row of B's cache would be filled again in
// each of its iterations.
func.func @fill_on_first_use_repeated(%a: tensor<12x8xf32>, %b: tensor<8x16xf32>, %c: tensor<12x16xf32>) -> tensor<12x16xf32> {
  // expected-note @below {{payload op}}
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
    // expected-error @below {{cannot stage the operand: fill_on_first_use: a loop inside the first one does not tile the operand (the fill of a row would run in each of its iterations)}}
    %cb, %bb = transform.regtile.cache_read %t4, %pc {operand = 1, fill_on_first_use} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @fill_on_first_use_twice(%a: tensor<12x8xf32>, %b: tensor<8x16xf32>, %c: tensor<12x16xf32>) -> tensor<12x16xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<12x8xf32>, tensor<8x16xf32>) outs(%c : tensor<12x16xf32>) -> tensor<12x16xf32>
  return %r : tensor<12x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t1, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 0, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{expected `fill_on_first_use` or `fill_on_first_use_if_able`, not both}}
    %cb, %bb = transform.regtile.cache_read %t1, %pc {operand = 1, fill_on_first_use, fill_on_first_use_if_able} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
