// @regtile_conv2d schedules convolutions only: a matmul in the same
// function is left alone, without a word (not its kind); a convolution the
// strategy matches but cannot schedule (a generic with an NCHW output on
// buffers, which convert_to_channels_last leaves) is refused with the
// reason, and the payload is left valid; a convolution it does not match
// (a depthwise convolution with a channel multiplier) is left with a
// warning saying why, beside the convolutions it schedules (dense and
// depthwise, NHWC and NCHW).
// (The refusal is reported at the strategy's line, in another file, so
// it is checked with FileCheck rather than -verify-diagnostics.)
// RUN: not %regtile-opt %s -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter{entry-point=schedule})' \
// RUN:   --split-input-file 2> %t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t.err

// ERR-NOT: warning
// ERR: regtile_conv2d.mlir:{{[0-9]+}}:{{[0-9]+}}: error: cannot block the convolution: expected the loops (n, oh, ow, oc, kh, kw, ci) and an NHWC output (the order of linalg.conv_2d_nhwc_hwcf)
// ERR: conv2d-invalid.mlir:[[@LINE+23]]:3: note: payload op
// ERR: conv2d-invalid.mlir:[[@LINE+59]]:9: warning: regtile: this convolution is not scheduled: expected a 2-D convolution with one batch, two output image, one output channel, two filter loop and one input channel dims (or one depthwise channel dim instead of the channel dims); found 1, 2, 1, 2 and 0 (and 1 depthwise dims)
// ERR-NOT: error
// ERR-NOT: warning

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

func.func @nchw_generic(%in: memref<1x16x10x10xf32>, %f: memref<3x3x16x16xf32>, %o: memref<1x16x8x8xf32>) {
  linalg.generic {
      indexing_maps = [affine_map<(n, h, w, c, kh, kw, ci) -> (n, ci, h + kh, w + kw)>,
                       affine_map<(n, h, w, c, kh, kw, ci) -> (kh, kw, ci, c)>,
                       affine_map<(n, h, w, c, kh, kw, ci) -> (n, c, h, w)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel",
                        "reduction", "reduction", "reduction"]}
      ins(%in, %f : memref<1x16x10x10xf32>, memref<3x3x16x16xf32>) outs(%o : memref<1x16x8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
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

// CHECK-LABEL: func.func @left_with_warnings
// CHECK-NOT: linalg.conv_2d_nchw_fchw
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
// CHECK: linalg.depthwise_conv_2d_nhwc_hwcm
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
// CHECK-NOT: linalg.depthwise_conv_2d_nhwc_hwc {{.*}}tensor<3x3x16xf32>
// CHECK: return
func.func @left_with_warnings(%in: tensor<1x16x10x10xf32>, %f: tensor<16x16x3x3xf32>, %o: tensor<1x16x8x8xf32>,
                              %hin: tensor<1x10x10x16xf32>, %hf: tensor<3x3x16x16xf32>, %ho: tensor<1x8x8x16xf32>,
                              %df: tensor<3x3x16xf32>, %dmf: tensor<3x3x16x2xf32>, %dmo: tensor<1x8x8x16x2xf32>)
    -> (tensor<1x16x8x8xf32>, tensor<1x8x8x16x2xf32>, tensor<1x8x8x16xf32>, tensor<1x8x8x16xf32>) {
  %r = linalg.conv_2d_nchw_fchw ins(%in, %f : tensor<1x16x10x10xf32>, tensor<16x16x3x3xf32>) outs(%o : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  %dm = linalg.depthwise_conv_2d_nhwc_hwcm ins(%hin, %dmf : tensor<1x10x10x16xf32>, tensor<3x3x16x2xf32>) outs(%dmo : tensor<1x8x8x16x2xf32>) -> tensor<1x8x8x16x2xf32>
  %d = linalg.depthwise_conv_2d_nhwc_hwc ins(%hin, %df : tensor<1x10x10x16xf32>, tensor<3x3x16xf32>) outs(%ho : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %h = linalg.conv_2d_nhwc_hwcf ins(%hin, %hf : tensor<1x10x10x16xf32>, tensor<3x3x16x16xf32>) outs(%ho : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  return %r, %dm, %d, %h : tensor<1x16x8x8xf32>, tensor<1x8x8x16x2xf32>, tensor<1x8x8x16xf32>, tensor<1x8x8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @regtile_conv2d(%f: !transform.any_op {transform.readonly})
  transform.named_sequence @schedule(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.include @regtile_conv2d failures(propagate) (%f) : (!transform.any_op) -> ()
    transform.yield
  }
}
