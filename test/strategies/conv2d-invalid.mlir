// @regtile_conv2d schedules convolutions only: a matmul in the same
// function is left alone; a convolution it cannot schedule (stride 2) is
// refused with the reason, and the payload is left valid.
// (The refusal is reported at the strategy's line, in another file, so
// it is checked with FileCheck rather than -verify-diagnostics.)
// RUN: not %regtile-opt %s -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter{entry-point=schedule})' \
// RUN:   --split-input-file 2> %t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t.err

// ERR: regtile_conv2d.mlir:{{[0-9]+}}:{{[0-9]+}}: error: cannot block the convolution: a stride of 2: only strides and dilations of 1 are supported
// ERR: conv2d-invalid.mlir:[[@LINE+21]]:8: note: payload op
// ERR-NOT: error

// CHECK-LABEL: func.func @matmul_only
// CHECK: linalg.matmul
func.func @matmul_only(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @regtile_conv2d(%f: !transform.any_op {transform.readonly})
  transform.named_sequence @schedule(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.include @regtile_conv2d failures(propagate) (%f) : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

func.func @strided(%in: tensor<1x17x17x16xf32>, %f: tensor<3x3x16x16xf32>, %o: tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%in, %f : tensor<1x17x17x16xf32>, tensor<3x3x16x16xf32>) outs(%o : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  return %r : tensor<1x8x8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @regtile_conv2d(%f: !transform.any_op {transform.readonly})
  transform.named_sequence @schedule(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.include @regtile_conv2d failures(propagate) (%f) : (!transform.any_op) -> ()
    transform.yield
  }
}
