// contraction_blocking refuses what is not a linalg op (silenceable) and
// does not verify with a target it does not know.
// RUN: %regtile-opt %s --split-input-file --transform-interpreter --verify-diagnostics

func.func @not_linalg(%x: f32) -> f32 {
  // expected-note @below {{when applied to this op}}
  %r = arith.addf %x, %x : f32
  return %r : f32
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["arith.addf"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{transform applied to the wrong op kind}}
    %p:4 = transform.regtile.contraction_blocking %op : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{invalid target: unknown target CPU 'pentium9'}}
    %p:4 = transform.regtile.contraction_blocking %root {arch = "pentium9"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}
