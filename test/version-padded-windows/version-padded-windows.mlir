// transform.regtile.version_padded_windows: the IR it makes.
// RUN: %regtile-opt %s --split-input-file -transform-interpreter -canonicalize -verify-diagnostics | FileCheck %s

// A 3x3 convolution of an input padded by 1 on each side, tiled by 1 row x
// 4 pixels (the last tile 2 pixels): the tiles whose window lies inside the
// input read it in place; the border tiles pad the part of the input their
// window covers, once, before the channel loop. The padded tensor is dead.
// CHECK-LABEL: func.func @versioned(
//  CHECK-SAME:     %[[X:[a-z0-9]+]]: tensor<1x8x10x4xf32>
//   CHECK-NOT:   tensor.pad
//       CHECK:   scf.for %[[OH:[a-z0-9]+]] =
//       CHECK:     scf.for %[[OW:[a-z0-9]+]] = %c0 to %c10 step %c4
//       CHECK:       arith.cmpi sge
//       CHECK:       arith.andi
//       CHECK:       %[[V:.*]] = scf.if %{{.*}} -> (tensor<1x8x10x32xf32>)
//       CHECK:         scf.for
//       CHECK:           %[[WIN:.*]] = tensor.extract_slice %[[X]]
//   CHECK-NOT:           tensor.pad
//       CHECK:           linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[WIN]],
//       CHECK:       } else {
//       CHECK:         %[[PART:.*]] = tensor.extract_slice %[[X]]
//       CHECK:         %[[PADDED:.*]] = tensor.pad %[[PART]] low[0, %{{.*}}, %{{.*}}, 0] high[0, %{{.*}}, %{{.*}}, 0]
//       CHECK:         scf.for
//   CHECK-NOT:           tensor.extract_slice %[[X]]
//       CHECK:           linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[PADDED]],
//       CHECK:       scf.yield %[[V]]
// expected-remark @below {{border clones: 1}}
func.func @versioned(%x: tensor<1x8x10x4xf32>, %f: tensor<3x3x4x32xf32>,
                     %y: tensor<1x8x10x32xf32>) -> tensor<1x8x10x32xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x8x10x4xf32> to tensor<1x10x12x4xf32>
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%p, %f : tensor<1x10x12x4xf32>, tensor<3x3x4x32xf32>) outs(%y : tensor<1x8x10x32xf32>) -> tensor<1x8x10x32xf32>
  return %r : tensor<1x8x10x32xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %n, %oh, %ow, %oc = transform.structured.tile_using_for %conv tile_sizes [1, 1, 4, 16]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %border = transform.regtile.version_padded_windows %ow clones(%t)
        : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %n_border = transform.num_associations %border : (!transform.any_op) -> !transform.param<i64>
    %func = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_param_as_remark %n_border, "border clones:" at %func : !transform.param<i64>, !transform.any_op
    transform.yield
  }
}

// -----

// One tile across the width: no tile's window is inside the input along
// it, and a window per tile would copy more than the padded tensor does.
// The loop is left as it was.
// CHECK-LABEL: func.func @all_border(
//       CHECK:   %[[P:.*]] = tensor.pad
//   CHECK-NOT:   scf.if
//       CHECK:   tensor.extract_slice %[[P]]
// expected-remark @below {{border clones: 0}}
func.func @all_border(%x: tensor<1x8x4x4xf32>, %f: tensor<3x3x4x16xf32>,
                      %y: tensor<1x8x4x16xf32>) -> tensor<1x8x4x16xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x8x4x4xf32> to tensor<1x10x6x4xf32>
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%p, %f : tensor<1x10x6x4xf32>, tensor<3x3x4x16xf32>) outs(%y : tensor<1x8x4x16xf32>) -> tensor<1x8x4x16xf32>
  return %r : tensor<1x8x4x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %n, %oh, %ow = transform.structured.tile_using_for %conv tile_sizes [1, 1, 4]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %border = transform.regtile.version_padded_windows %ow clones(%t)
        : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %n_border = transform.num_associations %border : (!transform.any_op) -> !transform.param<i64>
    %func = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_param_as_remark %n_border, "border clones:" at %func : !transform.param<i64>, !transform.any_op
    transform.yield
  }
}

// -----

// A loop whose windows all lie inside the pad's source (it runs over the
// middle of the padded tensor): read in place, no version.
// CHECK-LABEL: func.func @all_inside(
//  CHECK-SAME:     %[[X:[a-z0-9]+]]: tensor<12xf32>
//   CHECK-NOT:   tensor.pad
//   CHECK-NOT:   scf.if
//       CHECK:   scf.for %[[I:.*]] = %c2 to %c10 step %c4
//       CHECK:     %[[AT:.*]] = affine.apply #{{.*}}()[%[[I]]]
//       CHECK:     tensor.extract_slice %[[X]][%[[AT]]] [4] [1]
// expected-remark @below {{border clones: 0}}
func.func @all_inside(%x: tensor<12xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  %p = tensor.pad %x low[2] high[2] {
  ^bb0(%i: index):
    tensor.yield %zero : f32
  } : tensor<12xf32> to tensor<16xf32>
  %r = scf.for %i = %c2 to %c10 step %c4 iter_args(%acc = %y) -> (tensor<4xf32>) {
    %w = tensor.extract_slice %p[%i] [4] [1] : tensor<16xf32> to tensor<4xf32>
    %s = linalg.add ins(%w, %acc : tensor<4xf32>, tensor<4xf32>) outs(%acc : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.any_op
    %add = transform.structured.match ops{["linalg.add"]} in %root : (!transform.any_op) -> !transform.any_op
    %border = transform.regtile.version_padded_windows %i clones(%add)
        : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %n_border = transform.num_associations %border : (!transform.any_op) -> !transform.param<i64>
    %func = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_param_as_remark %n_border, "border clones:" at %func : !transform.param<i64>, !transform.any_op
    transform.yield
  }
}

// -----

// No padded input: nothing to version, the loop as it was.
// CHECK-LABEL: func.func @unpadded(
//   CHECK-NOT:   scf.if
// expected-remark @below {{border clones: 0}}
func.func @unpadded(%x: tensor<1x10x12x4xf32>, %f: tensor<3x3x4x16xf32>,
                    %y: tensor<1x8x10x16xf32>) -> tensor<1x8x10x16xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%x, %f : tensor<1x10x12x4xf32>, tensor<3x3x4x16xf32>) outs(%y : tensor<1x8x10x16xf32>) -> tensor<1x8x10x16xf32>
  return %r : tensor<1x8x10x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %n, %oh, %ow = transform.structured.tile_using_for %conv tile_sizes [1, 1, 4]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %border = transform.regtile.version_padded_windows %ow clones(%t)
        : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %n_border = transform.num_associations %border : (!transform.any_op) -> !transform.param<i64>
    %func = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_param_as_remark %n_border, "border clones:" at %func : !transform.param<i64>, !transform.any_op
    transform.yield
  }
}
