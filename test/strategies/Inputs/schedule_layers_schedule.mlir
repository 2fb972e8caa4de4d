// Calls @regtile_schedule on @layers (load strategies/ too).
module attributes {transform.with_named_sequence} {
  transform.named_sequence @regtile_schedule(%f: !transform.any_op {transform.readonly})
  transform.named_sequence @schedule(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "layers"} in %root
        : (!transform.any_op) -> !transform.any_op
    transform.include @regtile_schedule failures(propagate) (%f) : (!transform.any_op) -> ()
    transform.yield
  }
}
