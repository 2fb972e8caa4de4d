// report_unscheduled does not verify with a kind it does not know (a
// misspelling is an error, not a report of nothing), without kinds, or
// with a target it does not understand.
// RUN: %regtile-opt %s --split-input-file --verify-diagnostics

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{unknown kind "convolutions": expected one of 'convolution', 'contraction', 'elementwise', 'reduction'}}
    transform.regtile.report_unscheduled %root {kinds = ["convolutions"]} : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{expected at least one kind ('convolution', 'contraction', 'elementwise', 'reduction')}}
    transform.regtile.report_unscheduled %root {kinds = []} : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{invalid target}}
    transform.regtile.report_unscheduled %root {kinds = ["contraction"], arch = "notacpu"} : !transform.any_op
    transform.yield
  }
}
