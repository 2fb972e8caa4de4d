// Bad attributes of unroll_to_native_vectors are verifier errors.
// RUN: %regtile-opt %s --split-input-file --transform-interpreter --verify-diagnostics

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      // expected-error @below {{invalid target}}
      transform.apply_patterns.regtile.unroll_to_native_vectors {arch = "not-a-cpu"}
    } : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      // expected-error @below {{attribute 'native_bits' failed to satisfy constraint}}
      transform.apply_patterns.regtile.unroll_to_native_vectors {native_bits = 4}
    } : !transform.any_op
    transform.yield
  }
}

// -----

// A payload whose regtile.target is not understood is left alone (no
// diagnostic from inside the patterns).
func.func @bad_target(%v: vector<64xf32>) -> vector<64xf32> attributes {regtile.target = "not-a-cpu"} {
  %w = arith.mulf %v, %v : vector<64xf32>
  return %w : vector<64xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.unroll_to_native_vectors
    } : !transform.any_op
    transform.yield
  }
}
