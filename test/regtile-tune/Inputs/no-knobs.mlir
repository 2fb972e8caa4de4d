// A schedule without knobs: nothing for regtile-tune to tune.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @fixed(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
