// FileCheck tests of transform.apply_patterns.regtile.fold_unit_dims.
// RUN: %regtile-opt %s --split-input-file --transform-interpreter | FileCheck %s

// CHECK-LABEL: func.func @generic_tile
// CHECK: %[[A:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1, 2]] : tensor<1x1x16xf32> into tensor<16xf32>
// CHECK: %[[B:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1, 2]] : tensor<1x1x16xf32> into tensor<16xf32>
// CHECK: %[[R:.*]] = linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[A]] : tensor<16xf32>) outs(%[[B]] : tensor<16xf32>)
// CHECK: tensor.expand_shape %[[R]] {{\[\[}}0, 1, 2]] output_shape [1, 1, 16]
func.func @generic_tile(%a: tensor<1x1x16xf32>, %b: tensor<1x1x16xf32>) -> tensor<1x1x16xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i, j, k)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a : tensor<1x1x16xf32>) outs(%b : tensor<1x1x16xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<1x1x16xf32>
  return %0 : tensor<1x1x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.fold_unit_dims
    } : !transform.any_op
    transform.yield
  }
}

// -----

// Upstream's folder only sees linalg.generic: named ops with unit loops are
// generalized first, then folded.
// CHECK-LABEL: func.func @named_ops
// CHECK-NOT: linalg.add
// CHECK-NOT: linalg.fill
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%{{.*}}, %{{.*}} : tensor<16xf32>, tensor<16xf32>) outs(%{{.*}} : tensor<16xf32>)
// CHECK: arith.addf
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%{{.*}} : f32) outs(%{{.*}} : tensor<16xf32>)
func.func @named_ops(%a: tensor<1x16xf32>, %b: tensor<1x16xf32>, %c: f32) -> (tensor<1x16xf32>, tensor<1x16xf32>) {
  %0 = linalg.add ins(%a, %b : tensor<1x16xf32>, tensor<1x16xf32>) outs(%a : tensor<1x16xf32>) -> tensor<1x16xf32>
  %1 = linalg.fill ins(%c : f32) outs(%b : tensor<1x16xf32>) -> tensor<1x16xf32>
  return %0, %1 : tensor<1x16xf32>, tensor<1x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.fold_unit_dims
    } : !transform.any_op
    transform.yield
  }
}

// -----

// A matmul with M = 1 becomes a vector-matrix product.
// CHECK-LABEL: func.func @matmul_unit_m
// CHECK-NOT: linalg.matmul
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}}, %{{.*}} : tensor<8xf32>, tensor<8x16xf32>) outs(%{{.*}} : tensor<16xf32>)
func.func @matmul_unit_m(%a: tensor<1x8xf32>, %b: tensor<8x16xf32>, %c: tensor<1x16xf32>) -> tensor<1x16xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<1x8xf32>, tensor<8x16xf32>) outs(%c : tensor<1x16xf32>) -> tensor<1x16xf32>
  return %0 : tensor<1x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.fold_unit_dims
    } : !transform.any_op
    transform.yield
  }
}

// -----

// Strided memref tiles are rank-reduced with subviews.
// CHECK-LABEL: func.func @memref_tile
// CHECK: %[[A:.*]] = memref.subview %{{.*}}[0, 0, 0] [1, 1, 16] [1, 1, 1] : memref<1x1x16xf32, strided<[256, 16, 1], offset: ?>> to memref<16xf32, strided<[1], offset: ?>>
// CHECK: %[[B:.*]] = memref.subview
// CHECK: linalg.generic {{.*}} ins(%[[A]] : memref<16xf32, strided<[1], offset: ?>>) outs(%[[B]] : memref<16xf32, strided<[1], offset: ?>>)
func.func @memref_tile(%a: memref<1x1x16xf32, strided<[256, 16, 1], offset: ?>>, %b: memref<1x1x16xf32, strided<[256, 16, 1], offset: ?>>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i, j, k)>],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a : memref<1x1x16xf32, strided<[256, 16, 1], offset: ?>>) outs(%b : memref<1x1x16xf32, strided<[256, 16, 1], offset: ?>>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.mulf %x, %y : f32
    linalg.yield %s : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.fold_unit_dims
    } : !transform.any_op
    transform.yield
  }
}

// -----

// A 2-D convolution with unit output height and unit kernel height is a 1-D
// convolution.
// CHECK-LABEL: func.func @conv_unit_window
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
// CHECK: linalg.conv_1d_nwc_wcf {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x18x8xf32>, tensor<3x8x16xf32>) outs(%{{.*}} : tensor<1x16x16xf32>)
func.func @conv_unit_window(%i: tensor<1x1x18x8xf32>, %f: tensor<1x3x8x16xf32>, %o: tensor<1x1x16x16xf32>) -> tensor<1x1x16x16xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%i, %f : tensor<1x1x18x8xf32>, tensor<1x3x8x16xf32>) outs(%o : tensor<1x1x16x16xf32>) -> tensor<1x1x16x16xf32>
  return %0 : tensor<1x1x16x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.fold_unit_dims
    } : !transform.any_op
    transform.yield
  }
}

// -----

// CHECK-LABEL: func.func @vector_elementwise
// CHECK: arith.addf %{{.*}}, %{{.*}} : vector<16xf32>
func.func @vector_elementwise(%a: vector<1x1x16xf32>, %b: vector<1x1x16xf32>) -> vector<1x1x16xf32> {
  %0 = arith.addf %a, %b : vector<1x1x16xf32>
  return %0 : vector<1x1x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.fold_unit_dims
    } : !transform.any_op
    transform.yield
  }
}

// -----

// Trailing unit dims (upstream drops leading ones only): the read goes
// through a rank-reducing slice with a minor-identity map, the write keeps
// its tensor and drops the unit vector dims.
// CHECK-LABEL: func.func @transfer_trailing_unit
// CHECK: %[[S:.*]] = tensor.extract_slice %{{.*}}[0, 0, 0, 0] [4, 64, 1, 1] [1, 1, 1, 1] : tensor<4x64x1x1xf32> to tensor<4x64xf32>
// CHECK: vector.transfer_read %[[S]][%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true, true]} : tensor<4x64xf32>, vector<4x64xf32>
// CHECK: vector.transfer_write %{{.*}} {in_bounds = [true, true], permutation_map = #{{.*}}} : vector<4x64xf32>, tensor<4x64x1x1xf32>
func.func @transfer_trailing_unit(%t: tensor<4x64x1x1xf32>, %v: vector<4x64x1x1xf32>) -> (vector<4x64x1x1xf32>, tensor<4x64x1x1xf32>) {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0.0 : f32
  %r = vector.transfer_read %t[%c0, %c0, %c0, %c0], %p {in_bounds = [true, true, true, true]} : tensor<4x64x1x1xf32>, vector<4x64x1x1xf32>
  %w = vector.transfer_write %v, %t[%c0, %c0, %c0, %c0] {in_bounds = [true, true, true, true]} : vector<4x64x1x1xf32>, tensor<4x64x1x1xf32>
  return %r, %w : vector<4x64x1x1xf32>, tensor<4x64x1x1xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.fold_unit_dims
    } : !transform.any_op
    transform.yield
  }
}

// -----

// A map that skips inner source dims (which lowers to scalar accesses)
// becomes a minor identity on a rank-reduced subview.
// CHECK-LABEL: func.func @transfer_skipped_dims
// CHECK: %[[R:.*]] = memref.subview %{{.*}}[0, 0, 0, 0, 0, 0, 0] [1, 1, 5, 64, 1, 1, 1] [1, 1, 1, 1, 1, 1, 1] : memref<1x1x5x64x1x1x1xf32> to memref<5x64xf32, strided<[64, 1]>>
// CHECK: vector.transfer_read %[[R]][%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true, true]} : memref<5x64xf32, strided<[64, 1]>>, vector<5x64xf32>
// CHECK: %[[W:.*]] = memref.subview
// CHECK: vector.transfer_write %{{.*}}, %[[W]][%{{.*}}, %{{.*}}] {in_bounds = [true, true]} : vector<5x64xf32>, memref<5x64xf32, strided<[64, 1]>>
func.func @transfer_skipped_dims(%m: memref<1x1x5x64x1x1x1xf32>, %v: vector<5x64xf32>) -> vector<5x64xf32> {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0.0 : f32
  %r = vector.transfer_read %m[%c0, %c0, %c0, %c0, %c0, %c0, %c0], %p {in_bounds = [true, true], permutation_map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d2, d3)>} : memref<1x1x5x64x1x1x1xf32>, vector<5x64xf32>
  vector.transfer_write %v, %m[%c0, %c0, %c0, %c0, %c0, %c0, %c0] {in_bounds = [true, true], permutation_map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d2, d3)>} : vector<5x64xf32>, memref<1x1x5x64x1x1x1xf32>
  return %r : vector<5x64xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.fold_unit_dims
    } : !transform.any_op
    transform.yield
  }
}

// -----

// CHECK-LABEL: func.func @multi_reduction_unit
// CHECK-NOT: vector.multi_reduction
// CHECK: arith.addf %{{.*}}, %{{.*}} : vector<16xf32>
func.func @multi_reduction_unit(%v: vector<16x1xf32>, %acc: vector<16xf32>) -> vector<16xf32> {
  %0 = vector.multi_reduction <add>, %v, %acc [1] : vector<16x1xf32> to vector<16xf32>
  return %0 : vector<16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.fold_unit_dims
    } : !transform.any_op
    transform.yield
  }
}

// -----

// An out-of-bounds unit dim is dropped under a guard: past the end, the
// padding is returned, as before. (Upstream's leading-unit-dim cast drops it
// without a guard; see upstream/cast-away-out-of-bounds.mlir.)
// CHECK-LABEL: func.func @out_of_bounds_unit
// CHECK-SAME: (%[[T:.*]]: tensor<?x64xf32>, %[[I:.*]]: index)
// CHECK-DAG: %[[PAD:.*]] = arith.constant dense<0.000000e+00> : vector<64xf32>
// CHECK-DAG: %[[DIM:.*]] = tensor.dim %[[T]], %{{.*}}
// CHECK: %[[IN:.*]] = arith.cmpi slt, %[[I]], %[[DIM]] : index
// CHECK: %[[R:.*]] = scf.if %[[IN]] -> (vector<64xf32>) {
// CHECK:   vector.transfer_read %[[T]][%[[I]], %{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<?x64xf32>, vector<64xf32>
// CHECK: } else {
// CHECK:   scf.yield %[[PAD]] : vector<64xf32>
// CHECK: vector.shape_cast %[[R]] : vector<64xf32> to vector<1x64xf32>
func.func @out_of_bounds_unit(%t: tensor<?x64xf32>, %i: index) -> vector<1x64xf32> {
  %p = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %r = vector.transfer_read %t[%i, %c0], %p {in_bounds = [false, true]} : tensor<?x64xf32>, vector<1x64xf32>
  return %r : vector<1x64xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.fold_unit_dims
    } : !transform.any_op
    transform.yield
  }
}

// -----

// Masked transfers keep every mask bit.
// CHECK-LABEL: func.func @masked
// CHECK-SAME: %[[M:[^:]*]]: vector<64x1xi1>
// CHECK: %[[M1:.*]] = vector.shape_cast %[[M]] : vector<64x1xi1> to vector<64xi1>
// CHECK: vector.transfer_read %{{.*}}[%{{.*}}], %{{.*}}, %[[M1]] {in_bounds = [true]} : tensor<64xf32>, vector<64xf32>
func.func @masked(%t: tensor<64x1xf32>, %m: vector<64x1xi1>) -> vector<64x1xf32> {
  %p = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %r = vector.transfer_read %t[%c0, %c0], %p, %m {in_bounds = [true, true]} : tensor<64x1xf32>, vector<64x1xf32>
  return %r : vector<64x1xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.fold_unit_dims
    } : !transform.any_op
    transform.yield
  }
}

// -----

// A tensor.pad whose padding amounts are constant SSA values: the padding
// becomes static with the inferred result type first, then the unit dim is
// dropped (upstream's folder alone produces an invalid pad here, see
// upstream/pad-unit-dims-invalid-type.mlir). Truly dynamic padding keeps
// its dynamic dims.
// CHECK-LABEL: func.func @pad_constant_ssa
// CHECK: %[[C:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : tensor<1x?x3xf32> into tensor<?x3xf32>
// CHECK: %[[P:.*]] = tensor.pad %[[C]] low[2, 0] high[0, 2]
// CHECK: } : tensor<?x3xf32> to tensor<?x5xf32>
// CHECK: %[[E:.*]] = tensor.expand_shape %[[P]] {{\[\[}}0, 1], [2]] output_shape [1, %{{.*}}, 5] : tensor<?x5xf32> into tensor<1x?x5xf32>
// CHECK: %[[R:.*]] = tensor.cast %[[E]] : tensor<1x?x5xf32> to tensor<1x?x?xf32>
// CHECK: return %[[R]]
// CHECK-LABEL: func.func @pad_dynamic
// CHECK-SAME: %[[L:[a-z0-9_]+]]: index, %[[H:[a-z0-9_]+]]: index
// CHECK: tensor.pad %{{.*}} low[%[[L]], 0] high[0, %[[H]]]
// CHECK: } : tensor<?x3xf32> to tensor<?x?xf32>
func.func @pad_constant_ssa(%t: tensor<1x?x3xf32>) -> tensor<1x?x?xf32> {
  %c2 = arith.constant 2 : index
  %c0 = arith.constant 0 : index
  %cst = arith.constant 2.5 : f32
  %p = tensor.pad %t low[%c0, %c2, %c0] high[%c0, %c0, %c2] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %cst : f32
  } : tensor<1x?x3xf32> to tensor<1x?x?xf32>
  return %p : tensor<1x?x?xf32>
}
func.func @pad_dynamic(%t: tensor<1x?x3xf32>, %l: index, %h: index) -> tensor<1x?x?xf32> {
  %cst = arith.constant 2.5 : f32
  %p = tensor.pad %t low[0, %l, 0] high[0, 0, %h] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %cst : f32
  } : tensor<1x?x3xf32> to tensor<1x?x?xf32>
  return %p : tensor<1x?x?xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.fold_unit_dims
    } : !transform.any_op
    transform.yield
  }
}
