// peel_reduction_block refuses, without changing the payload, what it
// cannot split: not a linalg op, no reduction loop, two reduction loops, a
// block parameter that is not one positive integer; it does not verify
// without a block or with two.
// RUN: %regtile-opt %s -split-input-file -transform-interpreter -verify-diagnostics

func.func @not_linalg() -> tensor<4xf32> {
  // expected-note @below {{payload op}}
  %e = tensor.empty() : tensor<4xf32>
  return %e : tensor<4xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %e = transform.structured.match ops{["tensor.empty"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected a linalg op, got 'tensor.empty'}}
    %h, %t = transform.regtile.peel_reduction_block %e {block = 8}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @no_reduction(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.add ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%b : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.add"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected one reduction loop, got 0}}
    %h, %t = transform.regtile.peel_reduction_block %op {block = 8}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @two_reductions(%i: tensor<1x10x10x3xf32>, %f: tensor<3x3x3x8xf32>, %o: tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.conv_2d_nhwc_hwcf ins(%i, %f : tensor<1x10x10x3xf32>, tensor<3x3x3x8xf32>) outs(%o : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %r : tensor<1x8x8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected one reduction loop, got 3}}
    %h, %t = transform.regtile.peel_reduction_block %op {block = 8}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @zero_block(%a: tensor<4x16xf32>, %b: tensor<16x8xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4x16xf32>, tensor<16x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %zero = transform.param.constant 0 : i64 -> !transform.param<i64>
    // expected-error @below {{expected `block` to be one integer parameter of at least 1, got 1 value(s): 0 : i64}}
    %h, %t = transform.regtile.peel_reduction_block %mm block = %zero
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    // expected-error @below {{expected `block`, as an attribute or as a parameter}}
    %h, %t = transform.regtile.peel_reduction_block %root
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    %p = transform.param.constant 8 : i64 -> !transform.param<i64>
    // expected-error @below {{expected `block` as an attribute or as a parameter, not both}}
    %h, %t = transform.regtile.peel_reduction_block %root block = %p {block = 8}
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
