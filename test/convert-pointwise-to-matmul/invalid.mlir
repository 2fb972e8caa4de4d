// convert_pointwise_to_matmul refuses, with the reason and a note at the
// payload op, what is not an NCHW 1x1 stride-1 convolution of one image
// whose pixels fill its vectors, and leaves it unchanged: a non-linalg op,
// a convolution on buffers, a matmul, a depthwise convolution, a 3x3
// filter, stride 2, two images, NHWC operands, 7 x 7 pixels (77% of four
// 16-lane vectors), a consumer reading an operand by image row; an `arch`
// it does not understand is a verifier error.
// RUN: %regtile-opt %s -split-input-file -transform-interpreter -verify-diagnostics

// expected-note @below {{payload op}}
func.func @not_linalg() {
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected a linalg op, got 'func.func'}}
    %mm = transform.regtile.convert_pointwise_to_matmul %c : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @buffers(%in: memref<1x16x8x8xf32>, %f: memref<16x16x1x1xf32>, %o: memref<1x16x8x8xf32>) {
  // expected-note @below {{payload op}}
  linalg.conv_2d_nchw_fchw ins(%in, %f : memref<1x16x8x8xf32>, memref<16x16x1x1xf32>) outs(%o : memref<1x16x8x8xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nchw_fchw"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot convert to a GEMM: expected a convolution on tensors with two inputs and one output}}
    %mm = transform.regtile.convert_pointwise_to_matmul %c {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @matmul(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %o: tensor<16x16xf32>) -> tensor<16x16xf32> {
  // expected-note @below {{payload op}}
  %c = linalg.matmul ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%o : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot convert to a GEMM: the op is not a convolution (no output image / filter loop pair)}}
    %mm = transform.regtile.convert_pointwise_to_matmul %c {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @three_by_three(%in: tensor<1x16x10x10xf32>, %f: tensor<16x16x3x3xf32>, %o: tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32> {
  // expected-note @below {{payload op}}
  %c = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%in, %f : tensor<1x16x10x10xf32>, tensor<16x16x3x3xf32>) outs(%o : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  return %c : tensor<1x16x8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nchw_fchw"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot convert to a GEMM: expected a 1x1 filter}}
    %mm = transform.regtile.convert_pointwise_to_matmul %c {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @stride_two(%in: tensor<1x16x16x16xf32>, %f: tensor<16x16x1x1xf32>, %o: tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32> {
  // expected-note @below {{payload op}}
  %c = linalg.conv_2d_nchw_fchw {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%in, %f : tensor<1x16x16x16xf32>, tensor<16x16x1x1xf32>) outs(%o : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  return %c : tensor<1x16x8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nchw_fchw"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot convert to a GEMM: expected stride 1 (the input read at the output pixel)}}
    %mm = transform.regtile.convert_pointwise_to_matmul %c {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @two_images(%in: tensor<2x16x8x8xf32>, %f: tensor<16x16x1x1xf32>, %o: tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32> {
  // expected-note @below {{payload op}}
  %c = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%in, %f : tensor<2x16x8x8xf32>, tensor<16x16x1x1xf32>) outs(%o : tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32>
  return %c : tensor<2x16x8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nchw_fchw"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot convert to a GEMM: expected one image (a batch of 1): the pixels of several are not one GEMM's columns}}
    %mm = transform.regtile.convert_pointwise_to_matmul %c {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @nhwc(%in: tensor<1x8x8x16xf32>, %f: tensor<1x1x16x16xf32>, %o: tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32> {
  // expected-note @below {{payload op}}
  %c = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%in, %f : tensor<1x8x8x16xf32>, tensor<1x1x16x16xf32>) outs(%o : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  return %c : tensor<1x8x8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot convert to a GEMM: expected an output with the channels before the image (NCHW)}}
    %mm = transform.regtile.convert_pointwise_to_matmul %c {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @seven_by_seven(%in: tensor<1x16x7x7xf32>, %f: tensor<16x16x1x1xf32>, %o: tensor<1x16x7x7xf32>) -> tensor<1x16x7x7xf32> {
  // expected-note @below {{payload op}}
  %c = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%in, %f : tensor<1x16x7x7xf32>, tensor<16x16x1x1xf32>) outs(%o : tensor<1x16x7x7xf32>) -> tensor<1x16x7x7xf32>
  return %c : tensor<1x16x7x7xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nchw_fchw"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot convert to a GEMM: its 49 pixels fill only 76% of their 16-lane vectors (at least 7/8 wanted; the channels-last form's vectors run along the channels)}}
    %mm = transform.regtile.convert_pointwise_to_matmul %c {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @row_operand(%in: tensor<1x16x8x8xf32>, %f: tensor<16x16x1x1xf32>, %o: tensor<1x16x8x8xf32>, %rows: tensor<8xf32>) -> tensor<1x16x8x8xf32> {
  // expected-note @below {{payload op}}
  %c = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%in, %f : tensor<1x16x8x8xf32>, tensor<16x16x1x1xf32>) outs(%o : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  %e = tensor.empty() : tensor<1x16x8x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (h)>, affine_map<(n, c, h, w) -> (n, c, h, w)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %rows : tensor<1x16x8x8xf32>, tensor<8xf32>) outs(%e : tensor<1x16x8x8xf32>) {
  ^bb0(%x: f32, %b: f32, %y: f32):
    %s = arith.addf %x, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x16x8x8xf32>
  return %r : tensor<1x16x8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nchw_fchw"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot convert to a GEMM: its elementwise consumer reads an operand that is neither per channel nor of the output's shape}}
    %mm = transform.regtile.convert_pointwise_to_matmul %c {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @bad_arch() {
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nchw_fchw"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{invalid target}}
    %mm = transform.regtile.convert_pointwise_to_matmul %c {arch = "notacpu"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @depthwise(%in: tensor<1x16x8x8xf32>, %f: tensor<16x1x1xf32>, %o: tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32> {
  // expected-note @below {{payload op}}
  %c = linalg.depthwise_conv_2d_nchw_chw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%in, %f : tensor<1x16x8x8xf32>, tensor<16x1x1xf32>) outs(%o : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  return %c : tensor<1x16x8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.depthwise_conv_2d_nchw_chw"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot convert to a GEMM: expected a dense 2-D convolution (one batch, output channel and input channel dim)}}
    %mm = transform.regtile.convert_pointwise_to_matmul %c {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
