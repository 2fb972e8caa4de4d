// Refusals of transform.regtile.super_vectorize: each is a silenceable
// error naming the reason, and the payload is left as it was (checked by
// invalid-keeps-ir.mlir); bad attributes are verifier errors.
// RUN: %regtile-opt %s --split-input-file --transform-interpreter --verify-diagnostics

func.func @not_affine(%A: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-note @below {{payload op}}
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.load %A[%i] : memref<?xf32>
    memref.store %a, %A[%i] : memref<?xf32>
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loop = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot super-vectorize: expected an affine.for, got 'scf.for'}}
    %v = transform.regtile.super_vectorize %loop : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @non_affine_access(%A: memref<?xf32>, %B: memref<?xf32>, %n: index) {
  // expected-note @below {{payload op}}
  affine.for %i = 0 to %n {
    %a = memref.load %A[%i] : memref<?xf32>
    affine.store %a, %B[%i] : memref<?xf32>
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loop = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the nest holds 'memref.load', a memory access or side effect that is not an affine load/store}}
    %v = transform.regtile.super_vectorize %loop : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @reduction_not_allowed(%A: memref<100xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  // expected-note @below {{payload op}}
  %s = affine.for %i = 0 to 100 iter_args(%acc = %zero) -> (f32) {
    %a = affine.load %A[%i] : memref<100xf32>
    %r = arith.addf %acc, %a fastmath<reassoc> : f32
    affine.yield %r : f32
  }
  return %s : f32
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loop = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the loop is a reduction (iter_arg #0); set vectorize_reductions to vectorize it}}
    %v = transform.regtile.super_vectorize %loop : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @reduction_without_reassoc(%A: memref<100xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  // expected-note @below {{payload op}}
  %s = affine.for %i = 0 to 100 iter_args(%acc = %zero) -> (f32) {
    %a = affine.load %A[%i] : memref<100xf32>
    %r = arith.addf %acc, %a : f32
    affine.yield %r : f32
  }
  return %s : f32
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loop = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the combiner needs fastmath<reassoc> (or set allow_reassociation)}}
    %v = transform.regtile.super_vectorize %loop {vectorize_reductions} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @dependence(%A: memref<100xf32>) {
  // expected-note @below {{payload op}}
  affine.for %i = 1 to 100 {
    %a = affine.load %A[%i - 1] : memref<100xf32>
    affine.store %a, %A[%i] : memref<100xf32>
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loop = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the loop carries a dependence}}
    %v = transform.regtile.super_vectorize %loop : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Upstream's pass vectorizes this as a contiguous read (wrong values).
func.func @strided(%A: memref<?xf32>, %C: memref<?xf32>, %n: index) {
  // expected-note @below {{payload op}}
  affine.for %i = 0 to %n {
    %a = affine.load %A[%i * 2] : memref<?xf32>
    affine.store %a, %C[%i] : memref<?xf32>
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loop = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{access 'affine.load' is not contiguous along the loop (stride of the induction variable is not 1)}}
    %v = transform.regtile.super_vectorize %loop : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @non_unit_step(%A: memref<100xf32>) {
  // expected-note @below {{payload op}}
  affine.for %i = 0 to 100 step 2 {
    %a = affine.load %A[%i] : memref<100xf32>
    %b = arith.addf %a, %a : f32
    affine.store %b, %A[%i] : memref<100xf32>
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loop = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the loop step is 2, not 1}}
    %v = transform.regtile.super_vectorize %loop : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Upstream's pass crashes on this one (the inner bounds keep a use of the
// erased outer induction variable).
func.func @bounds_use_nest_iv(%A: memref<?x?xf32>, %n: index) {
  // expected-note @below {{payload op}}
  affine.for %i = 0 to %n {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %a = affine.load %A[%j, %i] : memref<?x?xf32>
      affine.store %a, %A[%j, %i] : memref<?x?xf32>
    }
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loops = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.any_op
    %inner, %outer = transform.split_handle %loops : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{the bounds of a nested loop depend on a value defined in the nest}}
    %r, %c = transform.regtile.super_vectorize %outer {vector_sizes = array<i64: 4, 16>, fastest_varying_pattern = array<i64: 0, 1>} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @pattern_mismatch(%A: memref<?x?xf32>, %m: index, %n: index) {
  // expected-note @below {{payload op}}
  affine.for %i = 0 to %m {
    affine.for %j = 0 to %n {
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      affine.store %a, %A[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loops = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.any_op
    %inner, %outer = transform.split_handle %loops : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{the loop accesses memory along memref dimension 1 (from the fastest varying), the pattern asks for 0}}
    %r, %c = transform.regtile.super_vectorize %outer {vector_sizes = array<i64: 4, 16>, fastest_varying_pattern = array<i64: 0, 1>} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @too_shallow(%A: memref<?xf32>, %n: index) {
  // expected-note @below {{payload op}}
  affine.for %i = 0 to %n {
    %a = affine.load %A[%i] : memref<?xf32>
    affine.store %a, %A[%i] : memref<?xf32>
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loop = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{no loop nested 1 level(s) down can be vector dimension 1}}
    %r, %c = transform.regtile.super_vectorize %loop {vector_sizes = array<i64: 4, 16>, fastest_varying_pattern = array<i64: 0, 0>} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @division_in_partial_vectors(%A: memref<?xi32>, %B: memref<?xi32>, %n: index) {
  // expected-note @below {{payload op}}
  affine.for %i = 0 to %n {
    %a = affine.load %A[%i] : memref<?xi32>
    %b = affine.load %B[%i] : memref<?xi32>
    %q = arith.divsi %a, %b : i32
    affine.store %q, %A[%i] : memref<?xi32>
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loop = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the padded lanes could divide by zero}}
    %v = transform.regtile.super_vectorize %loop : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func private @f(f32) -> f32
func.func @call_in_nest(%A: memref<100xf32>) {
  // expected-note @below {{payload op}}
  affine.for %i = 0 to 100 {
    %a = affine.load %A[%i] : memref<100xf32>
    %b = func.call @f(%a) : (f32) -> f32
    affine.store %b, %A[%i] : memref<100xf32>
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loop = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the nest holds 'func.call', a memory access or side effect that is not an affine load/store}}
    %v = transform.regtile.super_vectorize %loop : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loop = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{fastest_varying_pattern has 1 entries, expected one per vector size (2)}}
    %r, %c = transform.regtile.super_vectorize %loop {vector_sizes = array<i64: 4, 16>, fastest_varying_pattern = array<i64: 0>} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loop = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected 2 result handle(s), one per vector dimension, got 1}}
    %r = transform.regtile.super_vectorize %loop {vector_sizes = array<i64: 4, 16>} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loop = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{vectorize_reductions needs exactly one vector size}}
    %r, %c = transform.regtile.super_vectorize %loop {vector_sizes = array<i64: 4, 16>, vectorize_reductions} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loop = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected positive vector sizes}}
    %r = transform.regtile.super_vectorize %loop {vector_sizes = array<i64: 0>} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
