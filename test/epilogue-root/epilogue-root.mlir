// epilogue_root: a contraction's elementwise consumer (the only user of its
// result, identity maps over its shape, any other inputs: a bias along a
// dim) is the root a schedule tiles; otherwise the op itself.
// RUN: %regtile-opt %s -split-input-file -transform-interpreter -verify-diagnostics

#id = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>
#tr = affine_map<(m, n) -> (n, m)>
func.func @consumer(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>, %bias: tensor<16xf32>) -> tensor<4x16xf32> {
  %mm = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  // expected-remark @below {{root}}
  %r = linalg.generic {indexing_maps = [#col, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%bias, %mm : tensor<16xf32>, tensor<4x16xf32>) outs(%c : tensor<4x16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

// A second user: the op itself.
func.func @two_users(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>) {
  // expected-remark @below {{root}}
  %mm = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<4x16xf32>) outs(%c : tensor<4x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<4x16xf32>
  return %r, %mm : tensor<4x16xf32>, tensor<4x16xf32>
}

// A consumer reading the result transposed: not on the register tile.
func.func @transposed(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %c: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-remark @below {{root}}
  %mm = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<4x4xf32>) outs(%c : tensor<4x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// A consumer that reduces: not elementwise.
func.func @reducing(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>, %d: tensor<4xf32>) -> tensor<4xf32> {
  // expected-remark @below {{root}}
  %mm = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %r = linalg.reduce ins(%mm : tensor<4x16xf32>) outs(%d : tensor<4xf32>) dimensions = [1]
    (%x: f32, %y: f32) {
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }
  return %r : tensor<4xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.regtile.epilogue_root %mm : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %r, "root" : !transform.any_op
    transform.yield
  }
}

// -----

func.func @not_linalg() -> tensor<4xf32> {
  // expected-note @below {{payload op}}
  %e = tensor.empty() : tensor<4xf32>
  return %e : tensor<4xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %e = transform.structured.match ops{["tensor.empty"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected a linalg op, got 'tensor.empty'}}
    %r = transform.regtile.epilogue_root %e : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
