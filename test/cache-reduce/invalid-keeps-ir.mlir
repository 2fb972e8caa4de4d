// A refused pair is left as it was (the loop still carries the output
// tensor, the op is still there), and a suppressed failure lets the
// schedule go on (a silenceable failure, not a crash).
// RUN: %regtile-opt %s --transform-interpreter 2>&1 | FileCheck %s

// CHECK: remark: schedule went on
// CHECK-LABEL: func.func @too_large
// CHECK: scf.for {{.*}} -> (tensor<16x64xf32>)
// CHECK: linalg.matmul
// CHECK-NOT: vector.
// CHECK: return
func.func @too_large(%a: tensor<16x8xf32>, %b: tensor<8x64xf32>, %c: tensor<16x64xf32>) -> tensor<16x64xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x64xf32>) outs(%c : tensor<16x64xf32>) -> tensor<16x64xf32>
  return %r : tensor<16x64xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %k = transform.structured.tile_using_for %mm tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.sequence %root : !transform.any_op failures(suppress) {
    ^bb0(%r: !transform.any_op):
      %l = transform.regtile.cache_reduce %t, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    }
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %f, "schedule went on" : !transform.any_op
    transform.yield
  }
}
