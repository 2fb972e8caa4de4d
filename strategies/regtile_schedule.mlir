// regtile's strategy library: one strategy for a whole function.
//
//   transform.named_sequence @regtile_schedule(%f: !transform.any_op {transform.readonly})
//   transform.named_sequence @my_schedule(%root: !transform.any_op {transform.readonly}) {
//     %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "layer"} in %root
//         : (!transform.any_op) -> !transform.any_op
//     transform.include @regtile_schedule failures(propagate) (%f) : (!transform.any_op) -> ()
//     transform.yield
//   }
//
// Each kind of op regtile knows goes to its strategy, with the blocking
// derived from the target:
//   - 2-D convolutions, dense and depthwise, with their elementwise
//     consumer and producers (bias, ReLU, ReLU6)       @regtile_conv2d
//   - contractions (matmul, batch_matmul, GEMM-shaped generics, matvec)
//                                                      @regtile_matmul
// Each warns at every op of its kind it leaves (NCHW convolutions, a
// depthwise channel multiplier, a vecmat, ...), saying why
// (transform.regtile.report_unscheduled); then this strategy warns at
// every elementwise op left (one that is not a convolution's or a
// contraction's one consumer) and every reduction. Not yet here:
// reductions, packs / unpacks and standalone elementwise chains (their
// schedules are op by op: examples/reductions, examples/pack,
// examples/supervector).
module attributes {transform.with_named_sequence} {
  transform.named_sequence @regtile_conv2d(%func: !transform.any_op {transform.readonly})
  transform.named_sequence @regtile_matmul(%func: !transform.any_op {transform.readonly})

  transform.named_sequence @regtile_schedule(%func: !transform.any_op {transform.readonly}) {
    // Convolutions first: their consumers (ReLU, a residual add) are fused
    // into their tiles before anything else tiles them.
    transform.include @regtile_conv2d failures(propagate) (%func) : (!transform.any_op) -> ()
    transform.include @regtile_matmul failures(propagate) (%func) : (!transform.any_op) -> ()
    transform.regtile.report_unscheduled %func {kinds = ["elementwise", "reduction"]}
        : !transform.any_op
    transform.yield
  }
}
