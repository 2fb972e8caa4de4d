// transform.regtile.skip_padded_taps: the loop over filter rows (kh) of a
// convolution of a zero-padded input runs only the rows whose input rows
// hold some of the image; the loop keeps its old bounds in
// regtile.trimmed_from. (Execution: exec.mlir.)
// RUN: %regtile-opt %s --split-input-file -transform-interpreter -canonicalize | FileCheck %s

// The input padded whole (by 1, a 5 x 5 image), rows of output pixels
// tiled by 1 (%oh): output row oh reads padded rows oh + kh, the image's
// are 1 to 5, so kh runs from max(0, 1 - oh) to min(3, 6 - oh).
// CHECK-DAG: #[[LB:.*]] = affine_map<()[s0] -> (-s0 + 1, 0)>
// CHECK-DAG: #[[UB:.*]] = affine_map<()[s0] -> (-s0 + 6, 3)>
// CHECK-LABEL: func.func @whole_pad(
//       CHECK:   %[[PAD:.*]] = tensor.pad
//       CHECK:   scf.for %[[OH:.*]] = %c0 to %c5 step %c1
//       CHECK:     %[[FROM:.*]] = affine.max #[[LB]]()[%[[OH]]]
//       CHECK:     %[[TO:.*]] = affine.min #[[UB]]()[%[[OH]]]
//       CHECK:     scf.for %{{.*}} = %[[FROM]] to %[[TO]] step %c1
//       CHECK:       linalg.generic
//       CHECK:     } {regtile.trimmed_from = array<i64: 0, 3>}
func.func @whole_pad(%x: tensor<1x5x5x8xf32>, %f: tensor<3x3x8x16xf32>,
                     %y: tensor<1x5x5x16xf32>) -> tensor<1x5x5x16xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x5x5x8xf32> to tensor<1x7x7x8xf32>
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%p, %f : tensor<1x7x7x8xf32>, tensor<3x3x8x16xf32>) outs(%y : tensor<1x5x5x16xf32>) -> tensor<1x5x5x16xf32>
  return %r : tensor<1x5x5x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %rows, %oh = transform.structured.tile_using_for %conv tile_sizes [0, 1]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %generic = transform.structured.generalize %rows : (!transform.any_op) -> !transform.any_op
    %reduced, %kh = transform.structured.tile_using_for %generic tile_sizes [0, 0, 0, 0, 1, 0, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.regtile.skip_padded_taps %kh {assume_finite} : !transform.any_op
    transform.yield
  }
}

// -----

// The pad fused into the row tiles (structured.fuse): each row pads the
// slice of the image it reads, guarded by an scf.if (all zeros where the
// slice is all padding), with a low padding (max(1 - oh, 0)) and a source
// size that depend on the row; kh runs from that low padding to it plus
// the source rows.
// CHECK-DAG: #[[LOW:.*]] = affine_map<(d0) -> (-d0 + 1, 0)>
// CHECK-DAG: #[[UB:.*]] = affine_map<()[s0, s1] -> (3, s0 + s1)>
// CHECK-LABEL: func.func @fused_pad(
//       CHECK:   scf.for %[[OH:.*]] = %c0 to %c5 step %c1
//       CHECK:     %[[LOWV:.*]] = affine.max #[[LOW]](%[[OH]])
//       CHECK:     arith.cmpi eq, %[[ROWS:.*]], %c0
//       CHECK:     scf.if
//       CHECK:       tensor.generate
//       CHECK:     } else {
//       CHECK:       tensor.pad %{{.*}} low[0, %[[LOWV]], 1, 0]
//       CHECK:     %[[FROM:.*]] = affine.max #[[LOW]](%[[OH]])
//       CHECK:     %[[TO:.*]] = affine.min #[[UB]]()[%[[LOWV]], %[[ROWS]]]
//       CHECK:     scf.for %{{.*}} = %[[FROM]] to %[[TO]] step %c1
//       CHECK:     } {regtile.trimmed_from = array<i64: 0, 3>}
func.func @fused_pad(%x: tensor<1x5x5x8xf32>, %f: tensor<3x3x8x16xf32>,
                     %y: tensor<1x5x5x16xf32>) -> tensor<1x5x5x16xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x5x5x8xf32> to tensor<1x7x7x8xf32>
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%p, %f : tensor<1x7x7x8xf32>, tensor<3x3x8x16xf32>) outs(%y : tensor<1x5x5x16xf32>) -> tensor<1x5x5x16xf32>
  return %r : tensor<1x5x5x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %rows, %n, %oh = transform.structured.fuse %conv tile_sizes [1, 1]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %generic = transform.structured.generalize %rows : (!transform.any_op) -> !transform.any_op
    %reduced, %kh = transform.structured.tile_using_for %generic tile_sizes [0, 0, 0, 0, 1, 0, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.regtile.skip_padded_taps %kh {assume_finite} : !transform.any_op
    transform.yield
  }
}

// -----

// Dilation 2, stride 2, padding 2 of a 9-row image: row oh reads padded
// rows 2 oh + 2 kh, the image's are 2 to 10: kh from
// max(0, (2 - 2 oh) ceildiv 2) to min(3, (11 - 2 oh) ceildiv 2).
// CHECK-DAG: #[[LB:.*]] = affine_map<(d0) -> (-d0 + 1, 0)>
// CHECK-DAG: #[[UB:.*]] = affine_map<(d0) -> (3, (d0 * -2 + 11) ceildiv 2)>
// CHECK-LABEL: func.func @dilated_strided(
//       CHECK:   scf.for %[[OH:.*]] = %c0 to %c5 step %c1
//       CHECK:     %[[FROM:.*]] = affine.max #[[LB]](%[[OH]])
//       CHECK:     %[[TO:.*]] = affine.min #[[UB]](%[[OH]])
//       CHECK:     scf.for %{{.*}} = %[[FROM]] to %[[TO]] step %c1
func.func @dilated_strided(%x: tensor<1x9x5x8xf32>, %f: tensor<3x3x8x16xf32>,
                           %y: tensor<1x5x3x16xf32>) -> tensor<1x5x3x16xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 2, 2, 0] high[0, 2, 2, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x9x5x8xf32> to tensor<1x13x9x8xf32>
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<2> : tensor<2xi64>, dilations = dense<2> : tensor<2xi64>}
      ins(%p, %f : tensor<1x13x9x8xf32>, tensor<3x3x8x16xf32>) outs(%y : tensor<1x5x3x16xf32>) -> tensor<1x5x3x16xf32>
  return %r : tensor<1x5x3x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %rows, %oh = transform.structured.tile_using_for %conv tile_sizes [0, 1]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %generic = transform.structured.generalize %rows : (!transform.any_op) -> !transform.any_op
    %reduced, %kh = transform.structured.tile_using_for %generic tile_sizes [0, 0, 0, 0, 1, 0, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.regtile.skip_padded_taps %kh {assume_finite} : !transform.any_op
    transform.yield
  }
}

// -----

// Integers (i8 inputs widened to i32): 0 * x is 0, no assumption needed.
// The multiplication of floats with `nnan ninf` needs none either.
// CHECK-LABEL: func.func @integer_and_fastmath(
//       CHECK:   } {regtile.trimmed_from = array<i64: 0, 3>}
//       CHECK:   } {regtile.trimmed_from = array<i64: 0, 3>}
func.func @integer_and_fastmath(%x: tensor<1x5x5x8xi8>, %f: tensor<3x3x8x16xi8>,
                                %y: tensor<1x5x5x16xi32>, %xf: tensor<1x7x7x8xf32>,
                                %ff: tensor<3x3x8x16xf32>, %yf: tensor<1x5x5x16xf32>)
    -> (tensor<1x5x5x16xi32>, tensor<1x5x5x16xf32>) {
  %zero = arith.constant 0 : i8
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : i8
  } : tensor<1x5x5x8xi8> to tensor<1x7x7x8xi8>
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%p, %f : tensor<1x7x7x8xi8>, tensor<3x3x8x16xi8>) outs(%y : tensor<1x5x5x16xi32>) -> tensor<1x5x5x16xi32>
  %zf = arith.constant 0.0 : f32
  %pf = tensor.pad %xf low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zf : f32
  } : tensor<1x7x7x8xf32> to tensor<1x9x9x8xf32>
  %rf = linalg.generic {
      indexing_maps = [affine_map<(n, h, w, c, kh, kw, ci) -> (n, h + kh, w + kw, ci)>,
                       affine_map<(n, h, w, c, kh, kw, ci) -> (kh, kw, ci, c)>,
                       affine_map<(n, h, w, c, kh, kw, ci) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%pf, %ff : tensor<1x9x9x8xf32>, tensor<3x3x8x16xf32>) outs(%yf : tensor<1x5x5x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b fastmath<nnan, ninf> : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x5x5x16xf32>
  return %r, %rf : tensor<1x5x5x16xi32>, tensor<1x5x5x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %generic = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %both = transform.merge_handles %conv, %generic : !transform.any_op
    %rows, %oh = transform.structured.tile_using_for %both tile_sizes [0, 1]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %g = transform.structured.generalize %rows : (!transform.any_op) -> !transform.any_op
    %reduced, %kh = transform.structured.tile_using_for %g tile_sizes [0, 0, 0, 0, 1, 0, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.regtile.skip_padded_taps %kh : !transform.any_op
    transform.yield
  }
}
