// The refusals of transform.regtile.cache_reduce that concern the op's
// shape and how the loop carries its output, on hand-written loops: each is
// a silenceable error naming why, with a note at the payload op.
// RUN: %regtile-opt %s --split-input-file --transform-interpreter --verify-diagnostics

// Two outputs.
func.func @two_outputs(%a: tensor<4x8xf32>, %c: tensor<4xf32>, %d: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r:2 = scf.for %i = %c0 to %c8 step %c1 iter_args(%x = %c, %y = %d) -> (tensor<4xf32>, tensor<4xf32>) {
    %s = tensor.extract_slice %a[0, %i] [4, 1] [1, 1] : tensor<4x8xf32> to tensor<4x1xf32>
    // expected-note @below {{payload op}}
    %g:2 = linalg.generic {indexing_maps = [affine_map<(m, k) -> (m, k)>, affine_map<(m, k) -> (m)>, affine_map<(m, k) -> (m)>],
        iterator_types = ["parallel", "reduction"]} ins(%s : tensor<4x1xf32>) outs(%x, %y : tensor<4xf32>, tensor<4xf32>) {
    ^bb0(%v: f32, %o: f32, %p: f32):
      %e = arith.addf %o, %v : f32
      linalg.yield %e, %p : f32, f32
    } -> (tensor<4xf32>, tensor<4xf32>)
    scf.yield %g#0, %g#1 : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match interface{LinalgOp} in %root : (!transform.any_op) -> !transform.any_op
    %loop = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot keep the output tile in registers: expected exactly one output}}
    %l = transform.regtile.cache_reduce %op, %loop {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A parallel loop dim that the output does not index.
func.func @parallel_not_in_output(%a: tensor<4x8xf32>, %c: tensor<1xf32>) -> tensor<1xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%x = %c) -> (tensor<1xf32>) {
    %s = tensor.extract_slice %a[0, %i] [4, 1] [1, 1] : tensor<4x8xf32> to tensor<4x1xf32>
    // expected-note @below {{payload op}}
    %g = linalg.generic {indexing_maps = [affine_map<(m, k) -> (m, k)>, affine_map<(m, k) -> (k)>],
        iterator_types = ["parallel", "reduction"]} ins(%s : tensor<4x1xf32>) outs(%x : tensor<1xf32>) {
    ^bb0(%v: f32, %o: f32):
      %e = arith.addf %o, %v : f32
      linalg.yield %e : f32
    } -> tensor<1xf32>
    scf.yield %g : tensor<1xf32>
  }
  return %r : tensor<1xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match interface{LinalgOp} in %root : (!transform.any_op) -> !transform.any_op
    %loop = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot keep the output tile in registers: loop dim 0 is parallel but does not index the output}}
    %l = transform.regtile.cache_reduce %op, %loop {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The output is not the loop's iter_arg (a function argument).
func.func @not_iter_arg(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%x = %c) -> (tensor<4x16xf32>) {
    %sa = tensor.extract_slice %a[0, %i] [4, 1] [1, 1] : tensor<4x8xf32> to tensor<4x1xf32>
    %sb = tensor.extract_slice %b[%i, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<1x16xf32>
    // expected-note @below {{payload op}}
    %m = linalg.matmul ins(%sa, %sb : tensor<4x1xf32>, tensor<1x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
    %u = arith.addf %m, %x : tensor<4x16xf32>
    scf.yield %u : tensor<4x16xf32>
  }
  return %r : tensor<4x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match interface{LinalgOp} in %root : (!transform.any_op) -> !transform.any_op
    %loop = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot keep the output tile in registers: the output is not a tile of one of the loop's iter_args}}
    %l = transform.regtile.cache_reduce %op, %loop {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The op's result is used besides the loop's update.
func.func @other_uses(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%x = %c) -> (tensor<4x16xf32>) {
    %sa = tensor.extract_slice %a[0, %i] [4, 1] [1, 1] : tensor<4x8xf32> to tensor<4x1xf32>
    %sb = tensor.extract_slice %b[%i, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<1x16xf32>
    // expected-note @below {{payload op}}
    %m = linalg.matmul ins(%sa, %sb : tensor<4x1xf32>, tensor<1x16xf32>) outs(%x : tensor<4x16xf32>) -> tensor<4x16xf32>
    %u = arith.addf %m, %m : tensor<4x16xf32>
    scf.yield %u : tensor<4x16xf32>
  }
  return %r : tensor<4x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match interface{LinalgOp} in %root : (!transform.any_op) -> !transform.any_op
    %loop = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot keep the output tile in registers: the op's result has uses other than the loop's update}}
    %l = transform.regtile.cache_reduce %op, %loop {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The output iter_arg is read by something else in the loop.
func.func @iter_arg_other_uses(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x32xf32>) -> tensor<4x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%x = %c) -> (tensor<4x32xf32>) {
    %sa = tensor.extract_slice %a[0, %i] [4, 1] [1, 1] : tensor<4x8xf32> to tensor<4x1xf32>
    %sb = tensor.extract_slice %b[%i, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<1x16xf32>
    %t = tensor.extract_slice %x[0, 0] [4, 16] [1, 1] : tensor<4x32xf32> to tensor<4x16xf32>
    // expected-note @below {{payload op}}
    %m = linalg.matmul ins(%sa, %sb : tensor<4x1xf32>, tensor<1x16xf32>) outs(%t : tensor<4x16xf32>) -> tensor<4x16xf32>
    %u = tensor.insert_slice %m into %x[0, 0] [4, 16] [1, 1] : tensor<4x16xf32> into tensor<4x32xf32>
    %w = tensor.extract_slice %x[0, 16] [4, 16] [1, 1] : tensor<4x32xf32> to tensor<4x16xf32>
    %n = tensor.dim %w, %c0 : tensor<4x16xf32>
    vector.print %n : index
    scf.yield %u : tensor<4x32xf32>
  }
  return %r : tensor<4x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match interface{LinalgOp} in %root : (!transform.any_op) -> !transform.any_op
    %loop = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot keep the output tile in registers: the output iter_arg has other uses in the loop}}
    %l = transform.regtile.cache_reduce %op, %loop {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The result is inserted back at another place than it was extracted from.
func.func @inserted_elsewhere(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x32xf32>) -> tensor<4x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%x = %c) -> (tensor<4x32xf32>) {
    %sa = tensor.extract_slice %a[0, %i] [4, 1] [1, 1] : tensor<4x8xf32> to tensor<4x1xf32>
    %sb = tensor.extract_slice %b[%i, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<1x16xf32>
    %t = tensor.extract_slice %x[0, 0] [4, 16] [1, 1] : tensor<4x32xf32> to tensor<4x16xf32>
    // expected-note @below {{payload op}}
    %m = linalg.matmul ins(%sa, %sb : tensor<4x1xf32>, tensor<1x16xf32>) outs(%t : tensor<4x16xf32>) -> tensor<4x16xf32>
    %u = tensor.insert_slice %m into %x[0, 16] [4, 16] [1, 1] : tensor<4x16xf32> into tensor<4x32xf32>
    scf.yield %u : tensor<4x32xf32>
  }
  return %r : tensor<4x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match interface{LinalgOp} in %root : (!transform.any_op) -> !transform.any_op
    %loop = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot keep the output tile in registers: the op's result is not inserted back where its output tile was extracted}}
    %l = transform.regtile.cache_reduce %op, %loop {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The output tile is a strided slice.
func.func @strided_tile(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x32xf32>) -> tensor<4x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%x = %c) -> (tensor<4x32xf32>) {
    %sa = tensor.extract_slice %a[0, %i] [4, 1] [1, 1] : tensor<4x8xf32> to tensor<4x1xf32>
    %sb = tensor.extract_slice %b[%i, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<1x16xf32>
    %t = tensor.extract_slice %x[0, 0] [4, 16] [1, 2] : tensor<4x32xf32> to tensor<4x16xf32>
    // expected-note @below {{payload op}}
    %m = linalg.matmul ins(%sa, %sb : tensor<4x1xf32>, tensor<1x16xf32>) outs(%t : tensor<4x16xf32>) -> tensor<4x16xf32>
    %u = tensor.insert_slice %m into %x[0, 0] [4, 16] [1, 2] : tensor<4x16xf32> into tensor<4x32xf32>
    scf.yield %u : tensor<4x32xf32>
  }
  return %r : tensor<4x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match interface{LinalgOp} in %root : (!transform.any_op) -> !transform.any_op
    %loop = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot keep the output tile in registers: the output tile is a strided or rank-reducing slice}}
    %l = transform.regtile.cache_reduce %op, %loop {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Results yielded to each other's iter_args.
func.func @swapped(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>, %d: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r:2 = scf.for %i = %c0 to %c8 step %c1 iter_args(%x = %c, %y = %d) -> (tensor<4x16xf32>, tensor<4x16xf32>) {
    %sa = tensor.extract_slice %a[0, %i] [4, 1] [1, 1] : tensor<4x8xf32> to tensor<4x1xf32>
    %sb = tensor.extract_slice %b[%i, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<1x16xf32>
    // expected-note @below {{payload op}}
    %m = linalg.matmul ins(%sa, %sb : tensor<4x1xf32>, tensor<1x16xf32>) outs(%x : tensor<4x16xf32>) -> tensor<4x16xf32>
    scf.yield %y, %m : tensor<4x16xf32>, tensor<4x16xf32>
  }
  return %r#0 : tensor<4x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match interface{LinalgOp} in %root : (!transform.any_op) -> !transform.any_op
    %loop = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot keep the output tile in registers: the updated output is not yielded to its own iter_arg}}
    %l = transform.regtile.cache_reduce %op, %loop {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// On buffers: B strided along the vector dim.
func.func @strided_input(%a: memref<4x8xf32>, %b: memref<8x16xf32, strided<[?, 2]>>, %c: memref<4x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %sa = memref.subview %a[0, %i] [4, 1] [1, 1] : memref<4x8xf32> to memref<4x1xf32, strided<[8, 1], offset: ?>>
    %sb = memref.subview %b[%i, 0] [1, 16] [1, 1] : memref<8x16xf32, strided<[?, 2]>> to memref<1x16xf32, strided<[?, 2], offset: ?>>
    // expected-note @below {{payload op}}
    linalg.matmul ins(%sa, %sb : memref<4x1xf32, strided<[8, 1], offset: ?>>, memref<1x16xf32, strided<[?, 2], offset: ?>>) outs(%c : memref<4x16xf32>)
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match interface{LinalgOp} in %root : (!transform.any_op) -> !transform.any_op
    %loop = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot keep the output tile in registers: input 1 is strided along the vector dim}}
    %l = transform.regtile.cache_reduce %op, %loop {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// On buffers: the output tile moves with the loop.
func.func @moving_buffer(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<32x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %sa = memref.subview %a[0, %i] [4, 1] [1, 1] : memref<4x8xf32> to memref<4x1xf32, strided<[8, 1], offset: ?>>
    %sb = memref.subview %b[%i, 0] [1, 16] [1, 1] : memref<8x16xf32> to memref<1x16xf32, strided<[16, 1], offset: ?>>
    %sc = memref.subview %c[%i, 0] [4, 16] [1, 1] : memref<32x16xf32> to memref<4x16xf32, strided<[16, 1], offset: ?>>
    // expected-note @below {{payload op}}
    linalg.matmul ins(%sa, %sb : memref<4x1xf32, strided<[8, 1], offset: ?>>, memref<1x16xf32, strided<[16, 1], offset: ?>>) outs(%sc : memref<4x16xf32, strided<[16, 1], offset: ?>>)
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match interface{LinalgOp} in %root : (!transform.any_op) -> !transform.any_op
    %loop = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot keep the output tile in registers: the output tile moves with the loop's induction variable: the loop is not a reduction loop of the op}}
    %l = transform.regtile.cache_reduce %op, %loop {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// On buffers: the output is allocated in the loop.
func.func @buffer_in_loop(%a: memref<4x8xf32>, %b: memref<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %sa = memref.subview %a[0, %i] [4, 1] [1, 1] : memref<4x8xf32> to memref<4x1xf32, strided<[8, 1], offset: ?>>
    %sb = memref.subview %b[%i, 0] [1, 16] [1, 1] : memref<8x16xf32> to memref<1x16xf32, strided<[16, 1], offset: ?>>
    %c = memref.alloc() : memref<4x16xf32>
    // expected-note @below {{payload op}}
    linalg.matmul ins(%sa, %sb : memref<4x1xf32, strided<[8, 1], offset: ?>>, memref<1x16xf32, strided<[16, 1], offset: ?>>) outs(%c : memref<4x16xf32>)
    memref.dealloc %c : memref<4x16xf32>
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match interface{LinalgOp} in %root : (!transform.any_op) -> !transform.any_op
    %loop = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot keep the output tile in registers: the output buffer is defined in the loop}}
    %l = transform.regtile.cache_reduce %op, %loop {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}
