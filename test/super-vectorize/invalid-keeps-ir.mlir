// A refused nest is left as it was (no vector op, no stray broadcast of the
// uniform %k outside the nest), and a suppressed failure lets the schedule
// go on (a silenceable failure, not a crash).
// RUN: %regtile-opt %s --transform-interpreter 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.err

// REMARK: remark: schedule went on
// CHECK-LABEL: func.func @strided
// CHECK-NEXT: arith.constant 2.0
// CHECK-NEXT: affine.for %[[I:.*]] = 0 to %{{.*}} {
// CHECK-NEXT:   affine.load %{{.*}}[%[[I]] * 2]
// CHECK-NEXT:   arith.mulf
// CHECK-NEXT:   affine.store
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NOT: vector.
func.func @strided(%A: memref<?xf32>, %C: memref<?xf32>, %n: index) {
  %k = arith.constant 2.0 : f32
  affine.for %i = 0 to %n {
    %a = affine.load %A[%i * 2] : memref<?xf32>
    %b = arith.mulf %a, %k : f32
    affine.store %b, %C[%i] : memref<?xf32>
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    transform.sequence %root : !transform.any_op failures(suppress) {
    ^bb0(%r: !transform.any_op):
      %loop = transform.structured.match ops{["affine.for"]} in %r : (!transform.any_op) -> !transform.any_op
      %v = transform.regtile.super_vectorize %loop : (!transform.any_op) -> !transform.any_op
    }
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %f, "schedule went on" : !transform.any_op
    transform.yield
  }
}
