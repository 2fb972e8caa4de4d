// RUN: %regtile-opt %s --split-input-file --transform-interpreter --verify-diagnostics

module attributes {transform.with_named_sequence} {
  func.func @f() { return }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{invalid target: unknown target CPU 'pentium9000'}}
    %b, %r, %l = transform.regtile.target_info %f {arch = "pentium9000"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f() { return }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{unknown target feature 'avx1024'}}
    %b, %r, %l = transform.regtile.target_info %f {arch = "znver4,+avx1024"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f() { return }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{malformed target feature 'avx2' (expected '+name' or '-name')}}
    %b, %r, %l = transform.regtile.target_info %f {arch = "haswell,avx2"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f() { return }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{invalid target: empty target description}}
    %b, %r, %l = transform.regtile.target_info %f {arch = ""} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

// A bad description in the payload is reported where it is written.
module attributes {transform.with_named_sequence} {
  // expected-error @below {{invalid 'regtile.target': unknown target CPU 'cortex-a72'}}
  func.func @f() attributes {regtile.target = "cortex-a72"} { return }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %b, %r, %l = transform.regtile.target_info %f : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  // expected-error @below {{'regtile.target' must be a string attribute}}
  func.func @f() attributes {regtile.target = 512 : i64} { return }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %b, %r, %l = transform.regtile.target_info %f : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f() { return }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{unknown target option 'forkjoin' (known: fork-join-cycles)}}
    %b, %r, %l = transform.regtile.target_info %f {arch = "znver4,forkjoin=0"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f() { return }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{malformed target option 'fork-join-cycles=-1' (expected fork-join-cycles=N, N >= 0 cycles)}}
    %b, %r, %l = transform.regtile.target_info %f {arch = "znver4,fork-join-cycles=-1"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}
