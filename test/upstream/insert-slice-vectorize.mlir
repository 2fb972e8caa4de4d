// Upstream MLIR 22 behaviour that regtile's design works around; not a test
// of regtile code. If this test fails after an LLVM update, upstream fixed it
// (llvm-project PR #221293) and the workaround can be revisited.
//
// vectorize_children_and_apply_patterns turns a rank-reducing
// tensor.insert_slice that drops non-leading unit dims into a transfer_write
// with a minor-identity map: the vector<5x64xf32> lands on the two trailing
// (unit) dims and, not in bounds, is masked off. upstream's
// fold_unit_extent_dims_via_slices creates such insert_slices, which
// miscompiles the tiled conv of seed 000. regtile's fold_unit_dims therefore
// never creates rank-reducing insert_slices (it re-expands results with
// tensor.expand_shape).
// RUN: %regtile-opt %s --transform-interpreter | FileCheck %s

// CHECK-LABEL: func.func @f
// CHECK: vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : vector<5x64xf32>, tensor<1x1x5x64x1x1x1xf32>
func.func @f(%v: tensor<5x64xf32>, %d: tensor<1x1x5x64x1x1x1xf32>) -> tensor<1x1x5x64x1x1x1xf32> {
  %r = tensor.insert_slice %v into %d[0, 0, 0, 0, 0, 0, 0] [1, 1, 5, 64, 1, 1, 1] [1, 1, 1, 1, 1, 1, 1] : tensor<5x64xf32> into tensor<1x1x5x64x1x1x1xf32>
  return %r : tensor<1x1x5x64x1x1x1xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %v = transform.structured.vectorize_children_and_apply_patterns %f : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
