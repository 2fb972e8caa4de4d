// contraction_blocking refuses what is not a linalg op and fixed sizes
// (parameters) that do not work (silenceable), and does not verify with a
// target it does not know.
// RUN: %regtile-opt %s --split-input-file --transform-interpreter --verify-diagnostics

func.func @not_linalg(%x: f32) -> f32 {
  // expected-note @below {{when applied to this op}}
  %r = arith.addf %x, %x : f32
  return %r : f32
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["arith.addf"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{transform applied to the wrong op kind}}
    %p:4 = transform.regtile.contraction_blocking %op : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{invalid target: unknown target CPU 'pentium9'}}
    %p:4 = transform.regtile.contraction_blocking %root {arch = "pentium9"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

func.func @two_outputs(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-note @below {{payload op}}
  %r:2 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b, %c : tensor<4xf32>, tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    linalg.yield %x, %x : f32, f32
  } -> (tensor<4xf32>, tensor<4xf32>)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected a linalg op with one integer or float output}}
    %p:4 = transform.regtile.contraction_blocking %op : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

func.func @mm(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %n = transform.param.constant 40 : i64 -> !transform.param<i64>
    // expected-error @below {{invalid blocking: nr = 40 is not a multiple of the 16 lanes of a native vector}}
    %p:4 = transform.regtile.contraction_blocking %m nr = %n {arch = "znver4"} : (!transform.any_op, !transform.param<i64>) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

func.func @mm(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.param.constant 8 : i64 -> !transform.param<i64>
    %n = transform.param.constant 64 : i64 -> !transform.param<i64>
    // expected-error @below {{invalid blocking: a 8 x 64 register tile needs 32 accumulators + 4 registers for B + 1 for A, more than the 32 vector registers of the target}}
    %p:4 = transform.regtile.contraction_blocking %m mr = %r nr = %n {arch = "znver4"} : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

func.func @mm(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.param.constant 40 : i64 -> !transform.param<i64>
    // expected-error @below {{invalid blocking: a 40 x 16 register tile needs 40 accumulators + 1 registers for B + 1 for A, more than the 32 vector registers of the target}}
    %p:4 = transform.regtile.contraction_blocking %m mr = %r {arch = "znver4"} : (!transform.any_op, !transform.param<i64>) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

func.func @mm(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %w = transform.param.constant 100 : i64 -> !transform.param<i64>
    // expected-error @below {{invalid blocking: nc = 100 is not a multiple of nr = 64}}
    %p:4 = transform.regtile.contraction_blocking %m nc = %w {arch = "znver4"} : (!transform.any_op, !transform.param<i64>) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

func.func @mm(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.param.constant -1 : i64 -> !transform.param<i64>
    // expected-error @below {{expected `kc` to be one non-negative integer parameter, got 1 value(s): -1 : i64}}
    %p:4 = transform.regtile.contraction_blocking %m kc = %k {arch = "znver4"} : (!transform.any_op, !transform.param<i64>) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

// No iterations (K = 0): nothing to block (upstream's tiling would crash).
func.func @empty(%a: tensor<4x0xf32>, %b: tensor<0x8xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.matmul ins(%a, %b : tensor<4x0xf32>, tensor<0x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{invalid blocking: loop 2 of the op has no iterations: nothing to block}}
    %p:4 = transform.regtile.contraction_blocking %mm : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}
