// A schedule with knobs for regtile-tune's tests: the accumulator count
// (one row at a time, so that the default count is never 1 or 5: the FP add
// chains of any CPU, at least 2, rounded to a power of two), and three ways to schedule, of which only the first is right:
//   0: reduce_to_vector_accumulator;
//   1: refused (super_vectorize wants an affine loop): does not compile;
//   2: miscomputes on purpose (the constant 0.5 becomes 0.25, by
//      transform.annotate on its `value`), then the same op.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @tune_me(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %k = transform.tune.knob<"acc"> = 0 from options = [0, 1, 5] -> !transform.param<i64>
    transform.tune.alternatives<"how"> selected_region = 0 {
      %l, %c = transform.regtile.reduce_to_vector_accumulator %g accumulators = %k {rows = 1}
          : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    }, {
      %v = transform.regtile.super_vectorize %g
          : (!transform.any_op) -> !transform.any_op
    }, {
      %cst = transform.structured.match ops{["arith.constant"]} in %g
          : (!transform.any_op) -> !transform.any_op
      %quarter = transform.param.constant 2.5e-01 : f32 -> !transform.any_param
      transform.annotate %cst "value" = %quarter : !transform.any_op, !transform.any_param
      %l, %c = transform.regtile.reduce_to_vector_accumulator %g accumulators = %k {rows = 1}
          : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    }
    transform.yield
  }

}
