// Schedules of examples/gemm_lowp: @regtile_matmul_blocked from
// strategies/, which picks the micro-kernel from the element types and the
// target (transform.regtile.dot_product_group): vdpbf16ps for bf16 on
// AVX-512 BF16, vpdpbusd for u8 x s8 and s8 x s8 on AVX-512 VNNI, the
// widening micro-kernel elsewhere.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @regtile_matmul_blocked(%func: !transform.any_op {transform.readonly},
      %mr: !transform.param<i64> {transform.readonly}, %nr: !transform.param<i64> {transform.readonly},
      %kc: !transform.param<i64> {transform.readonly}, %nc: !transform.param<i64> {transform.readonly},
      %prefetch: !transform.param<i64> {transform.readonly})

  // Every function of the payload. The cache blocks and the prefetch
  // distance are tunable (scripts/regtile-tune, as for examples/gemm);
  // 0 and -1, as shipped, derive them from the target.
  transform.named_sequence @gemm_lowp_regtile(%root: !transform.any_op {transform.readonly}) {
    %fs = transform.structured.match ops{["func.func"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %derive = transform.param.constant 0 : i64 -> !transform.param<i64>
    %kc = transform.tune.knob<"gemm.kc"> = 0 from options = [0, 256, 512, 1024] -> !transform.param<i64>
    %nc = transform.tune.knob<"gemm.nc"> = 0 from options = [0, 256, 512, 1024, 2048] -> !transform.param<i64>
    %prefetch = transform.tune.knob<"gemm.prefetch"> = -1 from options = [-1, 0, 4, 16] -> !transform.param<i64>
    transform.foreach %fs : !transform.any_op {
    ^bb0(%f: !transform.any_op):
      transform.include @regtile_matmul_blocked failures(propagate) (%f, %derive, %derive, %kc, %nc, %prefetch)
          : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
             !transform.param<i64>, !transform.param<i64>, !transform.param<i64>) -> ()
    }
    transform.yield
  }
}
