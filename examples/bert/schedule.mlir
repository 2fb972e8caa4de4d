// Schedules for bert.mlir. Entry point (transform-interpreter{entry-point=...}):
//   @bert_regtile    every layer function scheduled by @regtile_schedule,
//                    regtile's one-function strategy (strategies/,
//                    preloaded): the GEMM blocked and vectorized by
//                    @regtile_matmul, its bias and activation or residual
//                    add computed on the register tiles of its last K
//                    block, every size derived from the target.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @regtile_schedule(%func: !transform.any_op {transform.readonly})

  transform.named_sequence @bert_regtile(%root: !transform.any_op {transform.readonly}) {
    %fs = transform.structured.match ops{["func.func"]} in %root
        : (!transform.any_op) -> !transform.any_op
    transform.foreach %fs : !transform.any_op {
    ^bb0(%f: !transform.any_op):
      transform.include @regtile_schedule failures(propagate) (%f)
          : (!transform.any_op) -> ()
    }
    transform.yield
  }
}
