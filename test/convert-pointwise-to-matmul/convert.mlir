// convert_pointwise_to_matmul: an NCHW 1x1 stride-1 convolution of one
// image becomes the GEMM it is, (m, n, k) = (output channel, pixel, input
// channel), on collapse_shape views of the filter (A), the input (B) and
// the output; the result is expanded back to NCHW. Its fill is rebuilt on
// the view, its elementwise consumer over (f, pixel): the bias read by f,
// the residual through a view. A bias broadcast into the output is rebuilt
// likewise; a filter with its input channels first is read as A
// transposed; the body (here u8 x s8) is the convolution's.
// RUN: %regtile-opt %s -split-input-file -transform-interpreter -canonicalize | FileCheck %s

// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @named(
// CHECK-SAME: %[[X:.*]]: tensor<1x16x5x6xf32>, %[[W:.*]]: tensor<24x16x1x1xf32>, %[[BIAS:.*]]: tensor<24xf32>, %[[RES:.*]]: tensor<1x24x5x6xf32>
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1x24x5x6xf32>
// CHECK: %[[WC:.*]] = tensor.collapse_shape %[[W]] {{\[}}[0], [1, 2, 3]] : tensor<24x16x1x1xf32> into tensor<24x16xf32>
// CHECK: %[[XC:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1], [2, 3]] : tensor<1x16x5x6xf32> into tensor<16x30xf32>
// CHECK: %[[EC:.*]] = tensor.collapse_shape %[[E]] {{\[}}[0, 1], [2, 3]] : tensor<1x24x5x6xf32> into tensor<24x30xf32>
// CHECK: %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[EC]] : tensor<24x30xf32>)
// CHECK: %[[G:.*]] = linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[WC]], %[[XC]] : tensor<24x16xf32>, tensor<16x30xf32>) outs(%[[Z]] : tensor<24x30xf32>) attrs = {regtile.from_convolution}
// CHECK: ^bb0(%[[WE:.*]]: f32, %[[XE:.*]]: f32, %{{.*}}: f32):
// CHECK: arith.mulf %[[XE]], %[[WE]]
// CHECK: arith.addf
// CHECK: %[[RC:.*]] = tensor.collapse_shape %[[RES]] {{\[}}[0, 1], [2, 3]] : tensor<1x24x5x6xf32> into tensor<24x30xf32>
// CHECK: %[[EP:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[G]], %[[BIAS]], %[[RC]] : tensor<24x30xf32>, tensor<24xf32>, tensor<24x30xf32>)
// CHECK: arith.maximumf
// CHECK: %[[Y:.*]] = tensor.expand_shape %[[EP]] {{\[}}[0, 1], [2, 3]] output_shape [1, 24, 5, 6] : tensor<24x30xf32> into tensor<1x24x5x6xf32>
// CHECK-NOT: linalg.
// CHECK: return %[[Y]]
func.func @named(%in: tensor<1x16x5x6xf32>, %f: tensor<24x16x1x1xf32>, %bias: tensor<24xf32>, %res: tensor<1x24x5x6xf32>) -> tensor<1x24x5x6xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x24x5x6xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%e : tensor<1x24x5x6xf32>) -> tensor<1x24x5x6xf32>
  %c = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%in, %f : tensor<1x16x5x6xf32>, tensor<24x16x1x1xf32>) outs(%fill : tensor<1x24x5x6xf32>) -> tensor<1x24x5x6xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (n, c, h, w)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %bias, %res : tensor<1x24x5x6xf32>, tensor<24xf32>, tensor<1x24x5x6xf32>) outs(%e : tensor<1x24x5x6xf32>) {
  ^bb0(%x: f32, %b: f32, %q: f32, %o: f32):
    %s = arith.addf %x, %b : f32
    %t = arith.addf %s, %q : f32
    %m = arith.maximumf %t, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x24x5x6xf32>
  return %r : tensor<1x24x5x6xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nchw_fchw"]} in %root : (!transform.any_op) -> !transform.any_op
    %mm = transform.regtile.convert_pointwise_to_matmul %conv {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The bias broadcast into the output (the producer form) over (f, pixel);
// a generic convolution whose filter is (c, f, kh, kw): A read as (k, m);
// u8 x s8 -> i32, its extensions kept; no consumer.
// CHECK-DAG: #[[AT:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @generic_bias_init(
// CHECK-SAME: %[[X:.*]]: tensor<1x8x4x4xi8>, %[[W:.*]]: tensor<8x32x1x1xi8>, %[[BIAS:.*]]: tensor<32xi32>
// CHECK: %[[WC:.*]] = tensor.collapse_shape %[[W]] {{\[}}[0], [1, 2, 3]] : tensor<8x32x1x1xi8> into tensor<8x32xi8>
// CHECK: %[[XC:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1], [2, 3]] : tensor<1x8x4x4xi8> into tensor<8x16xi8>
// CHECK: %[[BB:.*]] = linalg.generic {indexing_maps = [#[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[BIAS]] : tensor<32xi32>) outs(%{{.*}} : tensor<32x16xi32>)
// CHECK: %[[G:.*]] = linalg.generic {indexing_maps = [#[[AT]], #[[B]], #[[C]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[WC]], %[[XC]] : tensor<8x32xi8>, tensor<8x16xi8>) outs(%[[BB]] : tensor<32x16xi32>)
// CHECK: ^bb0(%[[WE:.*]]: i8, %[[XE:.*]]: i8, %{{.*}}: i32):
// CHECK: arith.extui %[[XE]] : i8 to i32
// CHECK: arith.extsi %[[WE]] : i8 to i32
// CHECK: %[[Y:.*]] = tensor.expand_shape %[[G]] {{\[}}[0, 1], [2, 3]] output_shape [1, 32, 4, 4]
// CHECK: return %[[Y]]
func.func @generic_bias_init(%in: tensor<1x8x4x4xi8>, %f: tensor<8x32x1x1xi8>, %bias: tensor<32xi32>) -> tensor<1x32x4x4xi32> {
  %e = tensor.empty() : tensor<1x32x4x4xi32>
  %bb = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (n, c, h, w)>],
                        iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%bias : tensor<32xi32>) outs(%e : tensor<1x32x4x4xi32>) {
  ^bb0(%b: i32, %o: i32):
    linalg.yield %b : i32
  } -> tensor<1x32x4x4xi32>
  %c = linalg.generic {
      indexing_maps = [affine_map<(n, f, h, w, c, kh, kw) -> (n, c, h + kh, w + kw)>,
                       affine_map<(n, f, h, w, c, kh, kw) -> (c, f, kh, kw)>,
                       affine_map<(n, f, h, w, c, kh, kw) -> (n, f, h, w)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%in, %f : tensor<1x8x4x4xi8>, tensor<8x32x1x1xi8>) outs(%bb : tensor<1x32x4x4xi32>) {
  ^bb0(%i: i8, %k: i8, %o: i32):
    %a = arith.extui %i : i8 to i32
    %w = arith.extsi %k : i8 to i32
    %m = arith.muli %a, %w : i32
    %s = arith.addi %o, %m : i32
    linalg.yield %s : i32
  } -> tensor<1x32x4x4xi32>
  return %c : tensor<1x32x4x4xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %bb, %conv = transform.split_handle %g : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %mm = transform.regtile.convert_pointwise_to_matmul %conv {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
