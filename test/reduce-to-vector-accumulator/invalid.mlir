// Every refusal of transform.regtile.reduce_to_vector_accumulator is a
// silenceable failure that leaves the payload unchanged (checked by the
// FileCheck run on the IR after a suppressed failure).
// RUN: %regtile-opt %s --split-input-file --transform-interpreter --verify-diagnostics

func.func @not_linalg(%x: i32) -> i32 {
  // expected-note @below {{payload op}}
  %y = arith.addi %x, %x : i32
  return %y : i32
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["arith.addi"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected a linalg structured op, got 'arith.addi'}}
    %l, %c = transform.regtile.reduce_to_vector_accumulator %op : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @no_innermost_reduction(%a: tensor<8x16xf32>, %o: tensor<16xf32>) -> tensor<16xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.reduce ins(%a : tensor<8x16xf32>) outs(%o : tensor<16xf32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc fastmath<fast> : f32
      linalg.yield %s : f32
    }
  return %r : tensor<16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.reduce"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot reduce to a vector accumulator: innermost iteration dimension (d1) is not a reduction}}
    %l, %c = transform.regtile.reduce_to_vector_accumulator %op : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @unrecognized_combiner(%a: tensor<8x16xi32>, %o: tensor<8xi32>) -> tensor<8xi32> {
  // expected-note @below {{payload op}}
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<8x16xi32>) outs(%o : tensor<8xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.subi %acc, %x : i32
    linalg.yield %s : i32
  } -> tensor<8xi32>
  return %r : tensor<8xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot reduce to a vector accumulator: unrecognized combiner: the yielded value must be <combiner>(output, f(inputs))}}
    %l, %c = transform.regtile.reduce_to_vector_accumulator %op : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @fp_without_reassociation(%a: tensor<8x16xf32>, %o: tensor<8xf32>) -> tensor<8xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.reduce ins(%a : tensor<8x16xf32>) outs(%o : tensor<8xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.reduce"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot reduce to a vector accumulator: floating-point 'arith.addf' reduction needs reassociation: mark the combiner fastmath<reassoc> (or fast), or set allow_reassociation}}
    %l, %c = transform.regtile.reduce_to_vector_accumulator %op : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @strided_input(%a: tensor<16x8xi32>, %o: tensor<8xi32>) -> tensor<8xi32> {
  // expected-note @below {{payload op}}
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<16x8xi32>) outs(%o : tensor<8xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.addi %acc, %x : i32
    linalg.yield %s : i32
  } -> tensor<8xi32>
  return %r : tensor<8xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the innermost reduction dimension is not the innermost dimension of input #0 (strided access)}}
    %l, %c = transform.regtile.reduce_to_vector_accumulator %op : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @index_in_body(%a: tensor<8x16xindex>, %o: tensor<8xindex>) -> tensor<8xindex> {
  // expected-note @below {{payload op}}
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<8x16xindex>) outs(%o : tensor<8xindex>) {
  ^bb0(%x: index, %acc: index):
    %j = linalg.index 1 : index
    %s = arith.addi %acc, %j : index
    linalg.yield %s : index
  } -> tensor<8xindex>
  return %r : tensor<8xindex>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{linalg.index in the body is not supported}}
    %l, %c = transform.regtile.reduce_to_vector_accumulator %op : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @several_outputs(%a: tensor<8x16xi32>, %o: tensor<8xi32>, %p: tensor<8xi32>) -> (tensor<8xi32>, tensor<8xi32>) {
  // expected-note @below {{payload op}}
  %r:2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<8x16xi32>) outs(%o, %p : tensor<8xi32>, tensor<8xi32>) {
  ^bb0(%x: i32, %acc: i32, %acc2: i32):
    %s = arith.addi %acc, %x : i32
    %m = arith.maxsi %acc2, %x : i32
    linalg.yield %s, %m : i32, i32
  } -> (tensor<8xi32>, tensor<8xi32>)
  return %r#0, %r#1 : tensor<8xi32>, tensor<8xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected one output operand, got 2}}
    %l, %c = transform.regtile.reduce_to_vector_accumulator %op : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{invalid target: unknown target CPU 'pentium9000'}}
    %l, %c = transform.regtile.reduce_to_vector_accumulator %op {arch = "pentium9000"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{attribute 'accumulators' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 1}}
    %l, %c = transform.regtile.reduce_to_vector_accumulator %op {accumulators = 0} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.param.constant 2 : i64 -> !transform.param<i64>
    // expected-error @below {{expected `accumulators` as an attribute or as a parameter, not both}}
    %l, %c = transform.regtile.reduce_to_vector_accumulator %op accumulators = %k {accumulators = 2} : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @knob_negative(%a: memref<4x100xf32>, %o: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<4x100xf32>) outs(%o : memref<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.param.constant -2 : i64 -> !transform.param<i64>
    // expected-error @below {{expected `accumulators` to be one non-negative integer parameter, got 1 value(s): -2 : i64}}
    %l, %c = transform.regtile.reduce_to_vector_accumulator %op accumulators = %k : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @knob_two_values(%a: memref<4x100xf32>, %o: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<4x100xf32>) outs(%o : memref<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %k1 = transform.param.constant 2 : i64 -> !transform.param<i64>
    %k2 = transform.param.constant 4 : i64 -> !transform.param<i64>
    %k = transform.merge_handles %k1, %k2 : !transform.param<i64>
    // expected-error @below {{expected `accumulators` to be one non-negative integer parameter, got 2 value(s)}}
    %l, %c = transform.regtile.reduce_to_vector_accumulator %op accumulators = %k : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @rows_too_many(%a: memref<16x100xf32>, %o: memref<16xf32>) {
  // expected-note @below {{payload op}}
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<16x100xf32>) outs(%o : memref<16xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot reduce to a vector accumulator: 8 rows x 4 accumulators + 2 registers for loads exceed the 32 vector registers of the target}}
    %l, %c = transform.regtile.reduce_to_vector_accumulator %op {rows = 8, accumulators = 4, arch = "znver4"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A derived accumulator count shrinks to fit the rows (at least 1); 15 rows
// of 1 accumulator + 2 load registers still exceed AVX2's 16 registers.
func.func @rows_too_many_derived(%a: memref<16x100xf32>, %o: memref<16xf32>) {
  // expected-note @below {{payload op}}
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<16x100xf32>) outs(%o : memref<16xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot reduce to a vector accumulator: 15 rows x 1 accumulators + 2 registers for loads exceed the 16 vector registers of the target}}
    %l, %c = transform.regtile.reduce_to_vector_accumulator %op {rows = 15, arch = "haswell"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @rows_no_parallel(%a: memref<100xf32>, %o: memref<f32>) {
  // expected-note @below {{payload op}}
  linalg.generic {indexing_maps = [affine_map<(j) -> (j)>, affine_map<(j) -> ()>], iterator_types = ["reduction"]}
      ins(%a : memref<100xf32>) outs(%o : memref<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot reduce to a vector accumulator: rows = 2 needs a parallel dim (several output elements)}}
    %l, %c = transform.regtile.reduce_to_vector_accumulator %op {rows = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.param.constant 2 : i64 -> !transform.param<i64>
    // expected-error @below {{expected `rows` as an attribute or as a parameter, not both}}
    %l, %c = transform.regtile.reduce_to_vector_accumulator %op rows = %r {rows = 2} : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
