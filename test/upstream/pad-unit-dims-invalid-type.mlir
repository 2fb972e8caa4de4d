// Upstream MLIR 22 behaviour that regtile's design works around; not a test
// of regtile code. If this test fails after an LLVM update, upstream fixed
// the pattern and regtile's StaticPadFromConstants can be revisited.
//
// fold_unit_extent_dims_via_reshapes drops the unit dim of a tensor.pad
// whose padding amounts are constant SSA values: it makes them static but
// keeps the declared (dynamic) result dims, so the new pad is invalid IR.
// regtile's fold_unit_dims makes such padding static first, with the
// inferred result type (see fold-unit-dims/fold-unit-dims.mlir @pad_*).
// RUN: not %regtile-opt %s --transform-interpreter 2>&1 | FileCheck %s

// CHECK: error: specified type 'tensor<?x?xf32>' does not match the inferred type 'tensor<?x5xf32>'
func.func @pad(%t: tensor<1x?x3xf32>) -> tensor<1x?x?xf32> {
  %c2 = arith.constant 2 : index
  %c0 = arith.constant 0 : index
  %cst = arith.constant 2.5 : f32
  %p = tensor.pad %t low[%c0, %c2, %c0] high[%c0, %c0, %c2] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %cst : f32
  } : tensor<1x?x3xf32> to tensor<1x?x?xf32>
  return %p : tensor<1x?x?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f { transform.apply_patterns.linalg.fold_unit_extent_dims_via_reshapes } : !transform.any_op
    transform.yield
  }
}
