// Schedules for mobilenetv2.mlir. Entry point (transform-interpreter{entry-point=...}):
//   @mobilenetv2_regtile  every layer function scheduled by
//                         @regtile_schedule, regtile's one-function
//                         strategy (strategies/, preloaded): the depthwise
//                         convolution blocked into output pixels x channel
//                         vectors by @regtile_conv2d, its bias and ReLU6
//                         computed on the register tiles, every size
//                         derived from the target.
//   @mobilenetv2_packed_filter  the same with the filter of a 1x1 layer
//                         staged in a packed cache as a 3x3 layer's is
//                         (@regtile_conv2d_blocked's stage_filter = 1;
//                         derived, it is read in place): the benchmark's
//                         measure of that choice.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @regtile_schedule(%func: !transform.any_op {transform.readonly})
  transform.named_sequence @regtile_conv2d_blocked(%func: !transform.any_op {transform.readonly},
      %rows: !transform.param<i64> {transform.readonly},
      %channels: !transform.param<i64> {transform.readonly},
      %prefetch: !transform.param<i64> {transform.readonly},
      %stage_filter: !transform.param<i64> {transform.readonly},
      %channels_innermost: !transform.param<i64> {transform.readonly})

  transform.named_sequence @mobilenetv2_regtile(%root: !transform.any_op {transform.readonly}) {
    %fs = transform.structured.match ops{["func.func"]} in %root
        : (!transform.any_op) -> !transform.any_op
    transform.foreach %fs : !transform.any_op {
    ^bb0(%f: !transform.any_op):
      transform.include @regtile_schedule failures(propagate) (%f)
          : (!transform.any_op) -> ()
    }
    transform.yield
  }

  transform.named_sequence @mobilenetv2_packed_filter(%root: !transform.any_op {transform.readonly}) {
    %fs = transform.structured.match ops{["func.func"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %derive = transform.param.constant 0 : i64 -> !transform.param<i64>
    %prefetch = transform.param.constant -1 : i64 -> !transform.param<i64>
    %stage = transform.param.constant 1 : i64 -> !transform.param<i64>
    transform.foreach %fs : !transform.any_op {
    ^bb0(%f: !transform.any_op):
      transform.include @regtile_conv2d_blocked failures(propagate)
          (%f, %derive, %derive, %prefetch, %stage, %derive)
          : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
             !transform.param<i64>, !transform.param<i64>,
             !transform.param<i64>) -> ()
    }
    transform.yield
  }
}
