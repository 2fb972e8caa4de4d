// A refused op is left as it was, and a suppressed failure lets the schedule
// go on (a silenceable failure, not a crash).
// RUN: %regtile-opt %s --transform-interpreter 2>&1 | FileCheck %s

// CHECK: remark: schedule went on
// CHECK-LABEL: func.func @fp_without_reassociation
// CHECK: linalg.reduce
// CHECK: arith.addf %{{.*}}, %{{.*}} : f32
// CHECK-NOT: vector.
// CHECK: return
func.func @fp_without_reassociation(%a: tensor<8x16xf32>, %o: tensor<8xf32>) -> tensor<8xf32> {
  %r = linalg.reduce ins(%a : tensor<8x16xf32>) outs(%o : tensor<8xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    transform.sequence %root : !transform.any_op failures(suppress) {
    ^bb0(%r: !transform.any_op):
      %op = transform.structured.match ops{["linalg.reduce"]} in %r : (!transform.any_op) -> !transform.any_op
      %l, %c = transform.regtile.reduce_to_vector_accumulator %op : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    }
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %f, "schedule went on" : !transform.any_op
    transform.yield
  }
}
