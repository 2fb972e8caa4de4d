// Schedules for exec.mlir (load strategies/ too): @op_alone converts each
// dense convolution of @layer (transform.regtile.convert_pointwise_to_matmul,
// for znver4's 16-lane vectors), leaving the GEMM unscheduled;
// @strategy is @regtile_conv2d on @layer.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @regtile_conv2d(%f: !transform.any_op {transform.readonly})
  transform.named_sequence @regtile_match_dense_convolution(
      %op: !transform.any_op {transform.readonly}) -> !transform.any_op
  transform.named_sequence @op_alone(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "layer"} in %root
        : (!transform.any_op) -> !transform.any_op
    %convs = transform.collect_matching @regtile_match_dense_convolution in %f
        : (!transform.any_op) -> !transform.any_op
    %gemm = transform.regtile.convert_pointwise_to_matmul %convs {arch = "znver4"}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
  transform.named_sequence @strategy(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "layer"} in %root
        : (!transform.any_op) -> !transform.any_op
    transform.include @regtile_conv2d failures(propagate) (%f) : (!transform.any_op) -> ()
    transform.yield
  }
}
