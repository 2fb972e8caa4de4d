// convert_to_channels_last refuses, with the reason and a note at the
// payload op, what it cannot convert, and leaves it unchanged: a handle to
// a non-linalg op, a convolution on buffers, an op that is no convolution,
// a depthwise convolution with a channel multiplier. An NHWC convolution
// comes back as it is, with no transposes.
// RUN: %regtile-opt %s -split-input-file -transform-interpreter -verify-diagnostics

// expected-note @below {{payload op}}
func.func @not_linalg() {
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected a linalg op, got 'func.func'}}
    %nhwc, %t = transform.regtile.convert_to_channels_last %f : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @buffers(%in: memref<1x16x10x10xf32>, %f: memref<16x16x3x3xf32>, %o: memref<1x16x8x8xf32>) {
  // expected-note @below {{payload op}}
  linalg.conv_2d_nchw_fchw ins(%in, %f : memref<1x16x10x10xf32>, memref<16x16x3x3xf32>) outs(%o : memref<1x16x8x8xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nchw_fchw"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot convert to channels-last: expected a convolution on tensors with two inputs and one output}}
    %nhwc, %t = transform.regtile.convert_to_channels_last %c : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @matmul(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot convert to channels-last: the op is not a convolution (no output image / filter loop pair)}}
    %nhwc, %t = transform.regtile.convert_to_channels_last %m : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @multiplier(%in: tensor<1x10x10x16xf32>, %f: tensor<3x3x16x2xf32>, %o: tensor<1x8x8x16x2xf32>) -> tensor<1x8x8x16x2xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.depthwise_conv_2d_nhwc_hwcm ins(%in, %f : tensor<1x10x10x16xf32>, tensor<3x3x16x2xf32>) outs(%o : tensor<1x8x8x16x2xf32>) -> tensor<1x8x8x16x2xf32>
  return %r : tensor<1x8x8x16x2xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.depthwise_conv_2d_nhwc_hwcm"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot convert to channels-last: expected a 2-D convolution with one batch, two output image, two filter loop dims and either an output and an input channel dim or one depthwise channel dim}}
    %nhwc, %t = transform.regtile.convert_to_channels_last %c : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Silenceable: suppressed, the payload is left as it was.
func.func @suppressed(%in: memref<1x16x10x10xf32>, %f: memref<16x16x3x3xf32>, %o: memref<1x16x8x8xf32>) {
  // expected-remark @below {{still here}}
  linalg.conv_2d_nchw_fchw ins(%in, %f : memref<1x16x10x10xf32>, memref<16x16x3x3xf32>) outs(%o : memref<1x16x8x8xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nchw_fchw"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.sequence %root : !transform.any_op failures(suppress) {
    ^bb0(%r: !transform.any_op):
      %nhwc, %t = transform.regtile.convert_to_channels_last %c : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    }
    %again = transform.structured.match ops{["linalg.conv_2d_nchw_fchw"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %again, "still here" : !transform.any_op
    transform.yield
  }
}

// -----

func.func @nhwc(%in: tensor<1x10x10x4xf32>, %f: tensor<3x3x4x8xf32>, %o: tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32> {
  // expected-remark @below {{unchanged}}
  %h = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x10x10x4xf32>, tensor<3x3x4x8xf32>) outs(%o : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %h : tensor<1x8x8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %nhwc, %t = transform.regtile.convert_to_channels_last %c : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.debug.emit_remark_at %nhwc, "unchanged" : !transform.any_op
    %n = transform.num_associations %t : (!transform.any_op) -> !transform.param<i64>
    // expected-remark @below {{0 : i64}}
    transform.debug.emit_param_as_remark %n : !transform.param<i64>
    transform.yield
  }
}
