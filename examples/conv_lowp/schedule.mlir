// Schedules of examples/conv_lowp: @regtile_conv2d_blocked from
// strategies/, which picks the micro-kernel from the element types and the
// target (transform.regtile.dot_product_group): vdpbf16ps for bf16 on
// AVX-512 BF16, vpdpbusd for u8 x s8 and s8 x s8 on AVX-512 VNNI, the
// widening micro-kernel elsewhere.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @regtile_conv2d_blocked(%func: !transform.any_op {transform.readonly},
      %rows: !transform.param<i64> {transform.readonly},
      %channels: !transform.param<i64> {transform.readonly},
      %prefetch: !transform.param<i64> {transform.readonly},
      %stage_filter: !transform.param<i64> {transform.readonly},
      %channels_innermost: !transform.param<i64> {transform.readonly})

  // Every function of the payload. The register tile, the prefetch
  // distance and the filter's staging are tunable (scripts/regtile-tune, as
  // for examples/conv_relu); 0 and -1, as shipped, derive them from the
  // target.
  transform.named_sequence @conv_lowp_regtile(%root: !transform.any_op {transform.readonly}) {
    %fs = transform.structured.match ops{["func.func"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %rows = transform.tune.knob<"conv.rows"> = 0 from options = [0, 2, 3, 4, 5, 6, 7, 8]
        -> !transform.param<i64>
    %channels = transform.tune.knob<"conv.channels"> = 0 from options = [0, 32, 48, 64]
        -> !transform.param<i64>
    %prefetch = transform.tune.knob<"conv.prefetch"> = -1 from options = [-1, 0, 2, 5, 10]
        -> !transform.param<i64>
    %stage = transform.tune.knob<"conv.stage_filter"> = 0 from options = [0, 1, 2]
        -> !transform.param<i64>
    %inner = transform.tune.knob<"conv.channels_innermost"> = 0 from options = [0, 1, 2]
        -> !transform.param<i64>
    transform.foreach %fs : !transform.any_op {
    ^bb0(%f: !transform.any_op):
      transform.include @regtile_conv2d_blocked failures(propagate)
          (%f, %rows, %channels, %prefetch, %stage, %inner)
          : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
             !transform.param<i64>, !transform.param<i64>,
             !transform.param<i64>) -> ()
    }
    transform.yield
  }
}
