// Schedules for resnet50.mlir. Entry point (transform-interpreter{entry-point=...}):
//   @resnet50_regtile  every layer function scheduled by @regtile_schedule,
//                      regtile's one-function strategy (strategies/,
//                      preloaded): the convolution blocked into output
//                      pixels x output channels by @regtile_conv2d (any
//                      stride; the padding copied once before the loops),
//                      its bias, residual add and ReLU computed on the
//                      register tiles, every size derived from the target.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @regtile_schedule(%func: !transform.any_op {transform.readonly})
  transform.named_sequence @regtile_prepack_filters(%func: !transform.any_op {transform.readonly})

  // The same, each filter packed once ahead of the calls
  // (@regtile_prepack_filters: @<f>__prepack, which the benchmark calls
  // once, outside the timed calls, as it does oneDNN's weight reorder).
  transform.named_sequence @resnet50_regtile_prepacked(%root: !transform.any_op {transform.readonly}) {
    %fs = transform.structured.match ops{["func.func"]} in %root
        : (!transform.any_op) -> !transform.any_op
    transform.foreach %fs : !transform.any_op {
    ^bb0(%f: !transform.any_op):
      transform.include @regtile_prepack_filters failures(propagate) (%f)
          : (!transform.any_op) -> ()
      transform.include @regtile_schedule failures(propagate) (%f)
          : (!transform.any_op) -> ()
    }
    transform.yield
  }

  transform.named_sequence @resnet50_regtile(%root: !transform.any_op {transform.readonly}) {
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
