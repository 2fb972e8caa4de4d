// RUN: %regtile-opt %s --transform-interpreter --split-input-file --verify-diagnostics

// Every iteration writes the same element: refused, the loop unchanged.
func.func @same_element(%in: memref<100xf32>, %out: memref<1xf32>) {
  // expected-note @below {{payload op}}
  affine.for %i = 0 to 100 {
    %x = affine.load %in[%i] : memref<100xf32>
    affine.store %x, %out[0] : memref<1xf32>
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loop = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot distribute the loop: the iterations may touch the same elements of a buffer they write}}
    %l, %f = transform.regtile.distribute_loop_over_threads %loop : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A row written at i and read at i + 1: not the induction variable itself.
func.func @shifted(%c: memref<101x8xf32>) {
  // expected-note @below {{payload op}}
  affine.for %i = 0 to 100 {
    %x = affine.load %c[%i + 1, 0] : memref<101x8xf32>
    affine.store %x, %c[%i, 0] : memref<101x8xf32>
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loop = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the iterations may touch the same elements of a buffer they write}}
    %l, %f = transform.regtile.distribute_loop_over_threads %loop : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A vector of 16 rows per iteration of step 8: rows overlap.
func.func @wide(%a: memref<64x16xf32>, %c: memref<64x16xf32>) {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  // expected-note @below {{payload op}}
  affine.for %i = 0 to 48 step 8 {
    %x = vector.transfer_read %a[%i, %c0], %pad : memref<64x16xf32>, vector<16x16xf32>
    vector.transfer_write %x, %c[%i, %c0] : vector<16x16xf32>, memref<64x16xf32>
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loop = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the iterations may touch the same elements of a buffer they write}}
    %l, %f = transform.regtile.distribute_loop_over_threads %loop : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A floating-point sum without reassoc: splitting it would reorder it.
func.func @no_reassoc(%in: memref<100xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  // expected-note @below {{payload op}}
  %s = affine.for %i = 0 to 100 iter_args(%acc = %zero) -> f32 {
    %x = affine.load %in[%i] : memref<100xf32>
    %y = arith.addf %acc, %x : f32
    affine.yield %y : f32
  }
  return %s : f32
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loop = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{result 0 is combined by 'arith.addf' without fastmath reassoc}}
    %l, %f = transform.regtile.distribute_loop_over_threads %loop : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A result that is not a reduction (the last element seen).
func.func @last(%in: memref<100xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  // expected-note @below {{payload op}}
  %s = affine.for %i = 0 to 100 iter_args(%acc = %zero) -> f32 {
    %x = affine.load %in[%i] : memref<100xf32>
    affine.yield %x : f32
  }
  return %s : f32
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loop = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{result 0 is not a reduction by one combining op}}
    %l, %f = transform.regtile.distribute_loop_over_threads %loop : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A combiner without a neutral value the op knows (subtraction).
func.func @sub(%in: memref<100xi32>) -> i32 {
  %zero = arith.constant 0 : i32
  // expected-note @below {{payload op}}
  %s = affine.for %i = 0 to 100 iter_args(%acc = %zero) -> i32 {
    %x = affine.load %in[%i] : memref<100xi32>
    %y = arith.subi %acc, %x : i32
    affine.yield %y : i32
  }
  return %s : i32
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loop = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{result 0 is combined by 'arith.subi', not a reduction with a neutral value}}
    %l, %f = transform.regtile.distribute_loop_over_threads %loop : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A call: its effects are unknown.
func.func private @work(index)
func.func @call(%n: index) {
  // expected-note @below {{payload op}}
  affine.for %i = 0 to 100 {
    func.call @work(%i) : (index) -> ()
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loop = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot tell what 'func.call' in the loop reads or writes}}
    %l, %f = transform.regtile.distribute_loop_over_threads %loop : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Not a loop.
func.func @not_loop(%a: index) -> index {
  // expected-note @below {{payload op}}
  %b = arith.addi %a, %a : index
  return %b : index
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["arith.addi"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected an affine.for or scf.for, got 'arith.addi'}}
    %l, %f = transform.regtile.distribute_loop_over_threads %op : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
