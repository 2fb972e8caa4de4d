// Calls @regtile_conv2d on @conv (load strategies/ too); @schedule_outer
// with the output channel blocks the outermost tile loop whatever the
// filter's size (convolution_blocking's channels_innermost = 2).
module attributes {transform.with_named_sequence} {
  transform.named_sequence @regtile_conv2d(%f: !transform.any_op {transform.readonly})
  transform.named_sequence @regtile_conv2d_blocked(%func: !transform.any_op {transform.readonly},
      %rows: !transform.param<i64> {transform.readonly},
      %channels: !transform.param<i64> {transform.readonly},
      %prefetch: !transform.param<i64> {transform.readonly},
      %stage_filter: !transform.param<i64> {transform.readonly},
      %channels_innermost: !transform.param<i64> {transform.readonly})
  transform.named_sequence @schedule(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "conv"} in %root
        : (!transform.any_op) -> !transform.any_op
    transform.include @regtile_conv2d failures(propagate) (%f) : (!transform.any_op) -> ()
    transform.yield
  }
  transform.named_sequence @schedule_outer(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "conv"} in %root
        : (!transform.any_op) -> !transform.any_op
    %derive = transform.param.constant 0 : i64 -> !transform.param<i64>
    %prefetch = transform.param.constant -1 : i64 -> !transform.param<i64>
    %outermost = transform.param.constant 2 : i64 -> !transform.param<i64>
    transform.include @regtile_conv2d_blocked failures(propagate)
        (%f, %derive, %derive, %prefetch, %derive, %outermost)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>) -> ()
    transform.yield
  }
}
