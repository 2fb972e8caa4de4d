// convert_to_channels_last: an NCHW convolution becomes the NHWC generic
// the convolution strategy schedules, between 3-D transposes; its output's
// producer (a fill, a bias broadcast) is rebuilt in NHWC, its elementwise
// consumer moves before the transpose back (a residual input transposed),
// a transpose between two converted convolutions folds away, a dense
// filter gets its output channels innermost (FCHW -> CHWF, a 2-D
// transpose), a depthwise one is (kh, kw, c). An NHWC convolution is
// returned as it is.
// RUN: %regtile-opt %s -split-input-file -transform-interpreter | FileCheck %s

// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d6)>
// CHECK-DAG: #[[F:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d6, d4, d5, d3)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[CH:.*]] = affine_map<(d0, d1, d2, d3) -> (d3)>
// CHECK-LABEL: func.func @nchw_bias_relu(
// CHECK-SAME: %[[X:.*]]: tensor<1x16x17x17xf32>, %[[W:.*]]: tensor<32x16x3x3xf32>, %[[B:.*]]: tensor<32xf32>
// CHECK: %[[XC:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0], [1], [2, 3]] : tensor<1x16x17x17xf32> into tensor<1x16x289xf32>
// CHECK: %[[XT:.*]] = linalg.transpose ins(%[[XC]] : tensor<1x16x289xf32>) outs(%{{.*}} : tensor<1x289x16xf32>) permutation = [0, 2, 1]
// CHECK: %[[XN:.*]] = tensor.expand_shape %[[XT]] {{\[}}[0], [1, 2], [3]] output_shape [1, 17, 17, 16]
// CHECK: %[[WC:.*]] = tensor.collapse_shape %[[W]] {{\[}}[0], [1, 2, 3]] : tensor<32x16x3x3xf32> into tensor<32x144xf32>
// CHECK: %[[WT:.*]] = linalg.transpose ins(%[[WC]] : tensor<32x144xf32>) outs(%{{.*}} : tensor<144x32xf32>) permutation = [1, 0]
// CHECK: %[[WN:.*]] = tensor.expand_shape %[[WT]] {{\[}}[0, 1, 2], [3]] output_shape [16, 3, 3, 32]
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1x8x8x32xf32>
// CHECK: %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<1x8x8x32xf32>)
// CHECK: %[[C:.*]] = linalg.generic {indexing_maps = [#[[IN]], #[[F]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
// CHECK-SAME: ins(%[[XN]], %[[WN]] : tensor<1x17x17x16xf32>, tensor<16x3x3x32xf32>) outs(%[[Z]] : tensor<1x8x8x32xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[CH]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
// CHECK-SAME: ins(%[[C]], %[[B]] : tensor<1x8x8x32xf32>, tensor<32xf32>) outs(%{{.*}} : tensor<1x8x8x32xf32>)
// CHECK: arith.maximumf
// CHECK: %[[RC:.*]] = tensor.collapse_shape %[[R]] {{\[}}[0], [1, 2], [3]] : tensor<1x8x8x32xf32> into tensor<1x64x32xf32>
// CHECK: %[[RT:.*]] = linalg.transpose ins(%[[RC]] : tensor<1x64x32xf32>) outs(%{{.*}} : tensor<1x32x64xf32>) permutation = [0, 2, 1]
// CHECK: %[[RN:.*]] = tensor.expand_shape %[[RT]] {{\[}}[0], [1], [2, 3]] output_shape [1, 32, 8, 8]
// CHECK-NOT: linalg.
// CHECK: return %[[RN]]
func.func @nchw_bias_relu(%in: tensor<1x16x17x17xf32>, %f: tensor<32x16x3x3xf32>, %bias: tensor<32xf32>) -> tensor<1x32x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x32x8x8xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%e : tensor<1x32x8x8xf32>) -> tensor<1x32x8x8xf32>
  %c = linalg.conv_2d_nchw_fchw {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%in, %f : tensor<1x16x17x17xf32>, tensor<32x16x3x3xf32>) outs(%fill : tensor<1x32x8x8xf32>) -> tensor<1x32x8x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (n, c, h, w)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %bias : tensor<1x32x8x8xf32>, tensor<32xf32>) outs(%e : tensor<1x32x8x8xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %s = arith.addf %x, %b : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x32x8x8xf32>
  return %r : tensor<1x32x8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nchw_fchw"]} in %root : (!transform.any_op) -> !transform.any_op
    %nhwc, %t = transform.regtile.convert_to_channels_last %conv : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A bias broadcast into the output (the producer form) is rebuilt in NHWC;
// a residual input of the consumer is transposed; two converted
// convolutions in a row: the first one's transpose back folds into the
// second's input (dead, left for canonicalization: none reads it).
// CHECK-LABEL: func.func @chain(
// CHECK-SAME: %[[X:.*]]: tensor<1x8x6x6xf32>, %{{.*}}: tensor<8x8x1x1xf32>, %[[B:.*]]: tensor<8xf32>, %[[RES:.*]]: tensor<1x8x6x6xf32>
// CHECK: %[[XT:.*]] = linalg.transpose ins(%{{.*}} : tensor<1x8x36xf32>)
// CHECK: %[[BB:.*]] = linalg.generic {{.*}} ins(%[[B]] : tensor<8xf32>) outs(%{{.*}} : tensor<1x6x6x8xf32>)
// CHECK: %[[C1:.*]] = linalg.generic {{.*}} outs(%[[BB]] : tensor<1x6x6x8xf32>)
// CHECK: %[[RT:.*]] = linalg.transpose ins(%{{.*}} : tensor<1x8x36xf32>)
// CHECK: %[[RN:.*]] = tensor.expand_shape %[[RT]]
// CHECK: %[[E:.*]] = linalg.generic {{.*}} ins(%[[C1]], %[[RN]] : tensor<1x6x6x8xf32>, tensor<1x6x6x8xf32>) outs(%{{.*}} : tensor<1x6x6x8xf32>)
// CHECK: linalg.transpose ins(%{{.*}} : tensor<1x36x8xf32>)
// CHECK: %[[C2:.*]] = linalg.generic {{.*}} ins(%[[E]], %{{.*}} : tensor<1x6x6x8xf32>, tensor<8x1x1x8xf32>)
// CHECK: %[[OT:.*]] = linalg.transpose ins(%{{.*}} : tensor<1x36x8xf32>)
// CHECK: %[[ON:.*]] = tensor.expand_shape %[[OT]]
// CHECK: return %[[ON]]
func.func @chain(%in: tensor<1x8x6x6xf32>, %f: tensor<8x8x1x1xf32>, %bias: tensor<8xf32>, %res: tensor<1x8x6x6xf32>) -> tensor<1x8x6x6xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x6x6xf32>
  %bb = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (n, c, h, w)>],
                        iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%bias : tensor<8xf32>) outs(%e : tensor<1x8x6x6xf32>) {
  ^bb0(%b: f32, %o: f32):
    linalg.yield %b : f32
  } -> tensor<1x8x6x6xf32>
  %c = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%in, %f : tensor<1x8x6x6xf32>, tensor<8x8x1x1xf32>) outs(%bb : tensor<1x8x6x6xf32>) -> tensor<1x8x6x6xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (n, c, h, w)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %res : tensor<1x8x6x6xf32>, tensor<1x8x6x6xf32>) outs(%e : tensor<1x8x6x6xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<1x8x6x6xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x6x6xf32>) -> tensor<1x8x6x6xf32>
  %c2 = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%r, %f : tensor<1x8x6x6xf32>, tensor<8x8x1x1xf32>) outs(%fill : tensor<1x8x6x6xf32>) -> tensor<1x8x6x6xf32>
  return %c2 : tensor<1x8x6x6xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nchw_fchw"]} in %root : (!transform.any_op) -> !transform.any_op
    %nhwc, %t = transform.regtile.convert_to_channels_last %conv : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Depthwise: the (c, kh, kw) filter becomes (kh, kw, c) through a 2-D
// transpose; the loops are those of linalg.depthwise_conv_2d_nhwc_hwc.
// CHECK-DAG: #[[DIN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 + d4, d2 + d5 * 2, d3)>
// CHECK-DAG: #[[DF:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5, d3)>
// CHECK-DAG: #[[DOUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @depthwise(
// CHECK: linalg.transpose ins(%{{.*}} : tensor<1x24x100xf32>) outs(%{{.*}} : tensor<1x100x24xf32>) permutation = [0, 2, 1]
// CHECK: linalg.transpose ins(%{{.*}} : tensor<24x9xf32>) outs(%{{.*}} : tensor<9x24xf32>) permutation = [1, 0]
// CHECK: linalg.generic {indexing_maps = [#[[DIN]], #[[DF]], #[[DOUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
// CHECK-SAME: outs(%{{.*}} : tensor<1x8x6x24xf32>)
// CHECK: linalg.transpose ins(%{{.*}} : tensor<1x48x24xf32>) outs(%{{.*}} : tensor<1x24x48xf32>) permutation = [0, 2, 1]
func.func @depthwise(%in: tensor<1x24x10x10xf32>, %f: tensor<24x3x3xf32>, %o: tensor<1x24x8x6xf32>) -> tensor<1x24x8x6xf32> {
  %r = linalg.depthwise_conv_2d_nchw_chw {strides = dense<1> : tensor<2xi64>, dilations = dense<[1, 2]> : tensor<2xi64>}
      ins(%in, %f : tensor<1x24x10x10xf32>, tensor<24x3x3xf32>) outs(%o : tensor<1x24x8x6xf32>) -> tensor<1x24x8x6xf32>
  return %r : tensor<1x24x8x6xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.depthwise_conv_2d_nchw_chw"]} in %root : (!transform.any_op) -> !transform.any_op
    %nhwc, %t = transform.regtile.convert_to_channels_last %conv : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A generic with NHWC input and output but the loops in another order
// (oc first) is reordered with no transpose. An NHWC named convolution is
// returned as it is (invalid.mlir checks the handles).
// CHECK-LABEL: func.func @loops_only(
// CHECK-NOT: linalg.transpose
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]
// CHECK-NOT: linalg.transpose
// CHECK: linalg.conv_2d_nhwc_hwcf
// CHECK-NOT: linalg.transpose
func.func @loops_only(%in: tensor<1x10x10x4xf32>, %f: tensor<3x3x4x8xf32>, %o: tensor<1x8x8x8xf32>) -> (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) {
  %r = linalg.generic {
      indexing_maps = [affine_map<(c, n, h, w, kh, kw, ci) -> (n, h + kh, w + kw, ci)>,
                       affine_map<(c, n, h, w, kh, kw, ci) -> (kh, kw, ci, c)>,
                       affine_map<(c, n, h, w, kh, kw, ci) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%in, %f : tensor<1x10x10x4xf32>, tensor<3x3x4x8xf32>) outs(%o : tensor<1x8x8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x8x8x8xf32>
  %h = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x10x10x4xf32>, tensor<3x3x4x8xf32>) outs(%o : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %r, %h : tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.generic", "linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %nhwc, %t = transform.regtile.convert_to_channels_last %ops : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
