// fold_unpacked_tiles: the unpack of one tile along each tiled dim whose
// dims keep their order is a slice of its source (a view): a whole tile, a
// partial one (the result's size, here dynamic), a 1x1 filter's block
// (several unit dims); left alone: more than one tile along a tiled dim,
// dims out of order.
// RUN: %regtile-opt %s -split-input-file -transform-interpreter | FileCheck %s

// CHECK-LABEL: func.func @whole_tile(
// CHECK-SAME:    %[[S:.+]]: tensor<1x3x3x5x32xf32>)
// CHECK:         %[[V:.+]] = tensor.extract_slice %[[S]][0, 0, 0, 0, 0] [1, 3, 3, 5, 32] [1, 1, 1, 1, 1] : tensor<1x3x3x5x32xf32> to tensor<3x3x5x32xf32>
// CHECK-NOT:     linalg.unpack
// CHECK:         return %[[V]]
func.func @whole_tile(%s: tensor<1x3x3x5x32xf32>) -> tensor<3x3x5x32xf32> {
  %e = tensor.empty() : tensor<3x3x5x32xf32>
  %u = linalg.unpack %s outer_dims_perm = [3, 0, 1, 2] inner_dims_pos = [3] inner_tiles = [32] into %e : tensor<1x3x3x5x32xf32> -> tensor<3x3x5x32xf32>
  return %u : tensor<3x3x5x32xf32>
}

// CHECK-LABEL: func.func @partial_tile(
// CHECK-SAME:    %[[S:.+]]: tensor<1x3x3x5x32xf32>, %[[N:.+]]: index)
// CHECK:         %[[E:.+]] = tensor.empty(%[[N]]) : tensor<3x3x5x?xf32>
// CHECK:         %[[D:.+]] = tensor.dim %[[E]], %{{.+}} : tensor<3x3x5x?xf32>
// CHECK:         %[[V:.+]] = tensor.extract_slice %[[S]][0, 0, 0, 0, 0] [1, 3, 3, 5, %[[D]]] [1, 1, 1, 1, 1] : tensor<1x3x3x5x32xf32> to tensor<3x3x5x?xf32>
// CHECK-NOT:     linalg.unpack
// CHECK:         return %[[V]]
func.func @partial_tile(%s: tensor<1x3x3x5x32xf32>, %n: index) -> tensor<3x3x5x?xf32> {
  %e = tensor.empty(%n) : tensor<3x3x5x?xf32>
  %u = linalg.unpack %s outer_dims_perm = [3, 0, 1, 2] inner_dims_pos = [3] inner_tiles = [32] into %e : tensor<1x3x3x5x32xf32> -> tensor<3x3x5x?xf32>
  return %u : tensor<3x3x5x?xf32>
}

// CHECK-LABEL: func.func @unit_window(
// CHECK:         tensor.extract_slice %{{.+}}[0, 0, 0, 0, 0] [1, 1, 1, 7, 16] [1, 1, 1, 1, 1] : tensor<1x1x1x7x16xf32> to tensor<1x1x7x16xf32>
// CHECK-NOT:     linalg.unpack
func.func @unit_window(%s: tensor<1x1x1x7x16xf32>) -> tensor<1x1x7x16xf32> {
  %e = tensor.empty() : tensor<1x1x7x16xf32>
  %u = linalg.unpack %s outer_dims_perm = [3, 0, 1, 2] inner_dims_pos = [3] inner_tiles = [16] into %e : tensor<1x1x1x7x16xf32> -> tensor<1x1x7x16xf32>
  return %u : tensor<1x1x7x16xf32>
}

// CHECK-LABEL: func.func @two_tiles(
// CHECK:         linalg.unpack
func.func @two_tiles(%s: tensor<2x3x3x5x32xf32>) -> tensor<3x3x5x64xf32> {
  %e = tensor.empty() : tensor<3x3x5x64xf32>
  %u = linalg.unpack %s outer_dims_perm = [3, 0, 1, 2] inner_dims_pos = [3] inner_tiles = [32] into %e : tensor<2x3x3x5x32xf32> -> tensor<3x3x5x64xf32>
  return %u : tensor<3x3x5x64xf32>
}

// The tile's dim is not the innermost: the tile's elements are strided in
// the result (a transpose, not a view).
// CHECK-LABEL: func.func @out_of_order(
// CHECK:         linalg.unpack
func.func @out_of_order(%s: tensor<1x5x32xf32>) -> tensor<32x5xf32> {
  %e = tensor.empty() : tensor<32x5xf32>
  %u = linalg.unpack %s inner_dims_pos = [0] inner_tiles = [32] into %e : tensor<1x5x32xf32> -> tensor<32x5xf32>
  return %u : tensor<32x5xf32>
}

// Outer dims permuted (beyond the tiled one).
// CHECK-LABEL: func.func @outer_permuted(
// CHECK:         linalg.unpack
func.func @outer_permuted(%s: tensor<1x5x3x32xf32>) -> tensor<3x5x32xf32> {
  %e = tensor.empty() : tensor<3x5x32xf32>
  %u = linalg.unpack %s outer_dims_perm = [2, 1, 0] inner_dims_pos = [2] inner_tiles = [32] into %e : tensor<1x5x3x32xf32> -> tensor<3x5x32xf32>
  return %u : tensor<3x5x32xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %fs = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %fs {
      transform.apply_patterns.regtile.fold_unpacked_tiles
    } : !transform.any_op
    transform.yield
  }
}
