// transform.regtile.skip_padded_taps refuses what it cannot trim, with a
// silenceable error naming why, and leaves the payload as it was.
// RUN: %regtile-opt %s --split-input-file -transform-interpreter -verify-diagnostics | FileCheck %s

// A failure suppressed: the loop keeps its bounds and gets no mark; the
// schedule goes on.
// CHECK-LABEL: func.func @kept(
//       CHECK:   scf.for %{{.*}} = %c0 to %c3 step %c1
//   CHECK-NOT:   regtile.trimmed_from
// expected-remark @below {{schedule went on}}
func.func @kept(%x: tensor<1x7x7x8xf32>, %f: tensor<3x3x8x16xf32>,
                %y: tensor<1x5x5x16xf32>) -> tensor<1x5x5x16xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%x, %f : tensor<1x7x7x8xf32>, tensor<3x3x8x16xf32>) outs(%y : tensor<1x5x5x16xf32>) -> tensor<1x5x5x16xf32>
  return %r : tensor<1x5x5x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %g = transform.structured.generalize %conv : (!transform.any_op) -> !transform.any_op
    %reduced, %kh = transform.structured.tile_using_for %g tile_sizes [0, 0, 0, 0, 1, 0, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.sequence %root : !transform.any_op failures(suppress) {
    ^bb0(%r: !transform.any_op):
      transform.regtile.skip_padded_taps %kh {assume_finite} : !transform.any_op
    }
    %func = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %func, "schedule went on" : !transform.any_op
    transform.yield
  }
}

// -----

// No padding: nothing to skip.
func.func @unpadded(%x: tensor<1x7x7x8xf32>, %f: tensor<3x3x8x16xf32>,
                    %y: tensor<1x5x5x16xf32>) -> tensor<1x5x5x16xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%x, %f : tensor<1x7x7x8xf32>, tensor<3x3x8x16xf32>) outs(%y : tensor<1x5x5x16xf32>) -> tensor<1x5x5x16xf32>
  return %r : tensor<1x5x5x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %g = transform.structured.generalize %conv : (!transform.any_op) -> !transform.any_op
    %reduced, %kh = transform.structured.tile_using_for %g tile_sizes [0, 0, 0, 0, 1, 0, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{no input the op multiplies is a slice of a tensor.pad's zeros that the loop moves along a padded dim}}
    transform.regtile.skip_padded_taps %kh {assume_finite} : !transform.any_op
    transform.yield
  }
}

// -----

// A handle to the convolution, not to a loop.
func.func @not_a_loop(%x: tensor<1x7x7x8xf32>, %f: tensor<3x3x8x16xf32>,
                      %y: tensor<1x5x5x16xf32>) -> tensor<1x5x5x16xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%x, %f : tensor<1x7x7x8xf32>, tensor<3x3x8x16xf32>) outs(%y : tensor<1x5x5x16xf32>) -> tensor<1x5x5x16xf32>
  return %r : tensor<1x5x5x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected an scf.for, got 'linalg.conv_2d_nhwc_hwcf'}}
    transform.regtile.skip_padded_taps %conv {assume_finite} : !transform.any_op
    transform.yield
  }
}

// -----

// Padded with ones: the skipped products would not be zero.
func.func @padded_with_ones(%x: tensor<1x5x5x8xf32>, %f: tensor<3x3x8x16xf32>,
                            %y: tensor<1x5x5x16xf32>) -> tensor<1x5x5x16xf32> {
  %one = arith.constant 1.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %one : f32
  } : tensor<1x5x5x8xf32> to tensor<1x7x7x8xf32>
  // expected-note @below {{payload op}}
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%p, %f : tensor<1x7x7x8xf32>, tensor<3x3x8x16xf32>) outs(%y : tensor<1x5x5x16xf32>) -> tensor<1x5x5x16xf32>
  return %r : tensor<1x5x5x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %rows, %oh = transform.structured.tile_using_for %conv tile_sizes [0, 1]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %g = transform.structured.generalize %rows : (!transform.any_op) -> !transform.any_op
    %reduced, %kh = transform.structured.tile_using_for %g tile_sizes [0, 0, 0, 0, 1, 0, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{the input is a slice of a tensor.pad whose padding value is not a constant zero}}
    transform.regtile.skip_padded_taps %kh {assume_finite} : !transform.any_op
    transform.yield
  }
}

// -----

// Floats without `nnan ninf` and without assume_finite.
func.func @may_be_nan(%x: tensor<1x5x5x8xf32>, %f: tensor<3x3x8x16xf32>,
                      %y: tensor<1x5x5x16xf32>) -> tensor<1x5x5x16xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x5x5x8xf32> to tensor<1x7x7x8xf32>
  // expected-note @below {{payload op}}
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%p, %f : tensor<1x7x7x8xf32>, tensor<3x3x8x16xf32>) outs(%y : tensor<1x5x5x16xf32>) -> tensor<1x5x5x16xf32>
  return %r : tensor<1x5x5x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %rows, %oh = transform.structured.tile_using_for %conv tile_sizes [0, 1]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %g = transform.structured.generalize %rows : (!transform.any_op) -> !transform.any_op
    %reduced, %kh = transform.structured.tile_using_for %g tile_sizes [0, 0, 0, 0, 1, 0, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{skipping the padding's products changes the result where the other factor is inf or NaN (0 * inf is NaN): the multiplication has no `nnan ninf` fastmath flags; say `assume_finite` to take the values as finite}}
    transform.regtile.skip_padded_taps %kh : !transform.any_op
    transform.yield
  }
}

// -----

// A max pooling adds nothing to skip: its body is not a multiply-add.
func.func @max_pool(%x: tensor<1x5x5x8xf32>, %w: tensor<3x3xf32>,
                    %y: tensor<1x5x5x8xf32>) -> tensor<1x5x5x8xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x5x5x8xf32> to tensor<1x7x7x8xf32>
  // expected-note @below {{payload op}}
  %r = linalg.pooling_nhwc_max {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%p, %w : tensor<1x7x7x8xf32>, tensor<3x3xf32>) outs(%y : tensor<1x5x5x8xf32>) -> tensor<1x5x5x8xf32>
  return %r : tensor<1x5x5x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pool = transform.structured.match ops{["linalg.pooling_nhwc_max"]} in %root : (!transform.any_op) -> !transform.any_op
    %rows, %oh = transform.structured.tile_using_for %pool tile_sizes [0, 1]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %g = transform.structured.generalize %rows : (!transform.any_op) -> !transform.any_op
    %reduced, %kh = transform.structured.tile_using_for %g tile_sizes [0, 0, 0, 0, 1, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{the op's body is not `yield out + a * b`}}
    transform.regtile.skip_padded_taps %kh : !transform.any_op
    transform.yield
  }
}

// -----

// Trimmed once, the loop's bounds are no longer constants.
func.func @twice(%x: tensor<1x5x5x8xf32>, %f: tensor<3x3x8x16xf32>,
                 %y: tensor<1x5x5x16xf32>) -> tensor<1x5x5x16xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x5x5x8xf32> to tensor<1x7x7x8xf32>
  // expected-note @below {{payload op}}
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%p, %f : tensor<1x7x7x8xf32>, tensor<3x3x8x16xf32>) outs(%y : tensor<1x5x5x16xf32>) -> tensor<1x5x5x16xf32>
  return %r : tensor<1x5x5x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %rows, %oh = transform.structured.tile_using_for %conv tile_sizes [0, 1]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %g = transform.structured.generalize %rows : (!transform.any_op) -> !transform.any_op
    %reduced, %kh = transform.structured.tile_using_for %g tile_sizes [0, 0, 0, 0, 1, 0, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.regtile.skip_padded_taps %kh {assume_finite} : !transform.any_op
    // expected-error @below {{expected a loop over index with constant bounds and a positive constant step}}
    transform.regtile.skip_padded_taps %kh {assume_finite} : !transform.any_op
    transform.yield
  }
}
