// A schedule whose selection as given is much slower than its other
// choice, for regtile-tune's confirmation tests: "vectorize" = 0
// interchanges the loops of scaled_sum.mlir's row sums (the inner loop
// walks down a column: one element per cache line), 1 schedules them with
// reduce_to_vector_accumulator (vector accumulators along the rows:
// several times faster on any x86 CPU), so that the search's best is never
// the baseline.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @tune_me(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root
        : (!transform.any_op) -> !transform.any_op
    transform.tune.alternatives<"vectorize"> selected_region = 0 {
      %i = transform.structured.interchange %g iterator_interchange = [1, 0]
          : (!transform.any_op) -> !transform.any_op
    }, {
      %l, %c = transform.regtile.reduce_to_vector_accumulator %g
          : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    }
    transform.yield
  }
}
