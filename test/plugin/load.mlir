// The plugin loads into the stock mlir-opt as both a dialect and a pass
// plugin, registers its Transform ops next to upstream's, and its passes.

// RUN: %regtile-opt --help | FileCheck %s --check-prefix=HELP
// HELP-DAG: --regtile-lower-to-llvm
// HELP-DAG: --regtile-lower-vectors

// RUN: %regtile-opt %s --transform-interpreter | FileCheck %s

// CHECK-LABEL: func.func @f
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<16xf32>)
func.func @f(%a: tensor<1x16xf32>) -> tensor<1x16xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      outs(%a : tensor<1x16xf32>) {
  ^bb0(%x: f32):
    %y = arith.addf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<1x16xf32>
  return %0 : tensor<1x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // An upstream pattern set and a regtile one in the same sweep.
    transform.apply_patterns to %f {
      transform.apply_patterns.canonicalization
      transform.apply_patterns.regtile.fold_unit_dims
    } : !transform.any_op
    transform.yield
  }
}
