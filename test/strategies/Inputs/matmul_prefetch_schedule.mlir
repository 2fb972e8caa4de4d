// Entry points for matmul-prefetch.mlir: @regtile_matmul_blocked with the
// B panel's prefetch distance derived (-1), none (0) and 16 K steps.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @regtile_matmul_blocked(%func: !transform.any_op {transform.readonly},
      %mr: !transform.param<i64> {transform.readonly}, %nr: !transform.param<i64> {transform.readonly},
      %kc: !transform.param<i64> {transform.readonly}, %nc: !transform.param<i64> {transform.readonly},
      %prefetch: !transform.param<i64> {transform.readonly})
  transform.named_sequence @with(%root: !transform.any_op {transform.readonly},
                                 %prefetch: !transform.param<i64> {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "matmul"} in %root
        : (!transform.any_op) -> !transform.any_op
    %z = transform.param.constant 0 : i64 -> !transform.param<i64>
    transform.include @regtile_matmul_blocked failures(propagate) (%f, %z, %z, %z, %z, %prefetch)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }
  transform.named_sequence @derived(%root: !transform.any_op {transform.readonly}) {
    %p = transform.param.constant -1 : i64 -> !transform.param<i64>
    transform.include @with failures(propagate) (%root, %p) : (!transform.any_op, !transform.param<i64>) -> ()
    transform.yield
  }
  transform.named_sequence @none(%root: !transform.any_op {transform.readonly}) {
    %p = transform.param.constant 0 : i64 -> !transform.param<i64>
    transform.include @with failures(propagate) (%root, %p) : (!transform.any_op, !transform.param<i64>) -> ()
    transform.yield
  }
  transform.named_sequence @sixteen(%root: !transform.any_op {transform.readonly}) {
    %p = transform.param.constant 16 : i64 -> !transform.param<i64>
    transform.include @with failures(propagate) (%root, %p) : (!transform.any_op, !transform.param<i64>) -> ()
    transform.yield
  }
}
