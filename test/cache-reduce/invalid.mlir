// Every refusal of transform.regtile.cache_reduce is a silenceable error
// naming why, at the transform op, with a note at the payload op; the
// payload is left as it was (checked by invalid-keeps-ir.mlir).
// RUN: %regtile-opt %s --split-input-file --transform-interpreter --verify-diagnostics

func.func @not_linalg(%a: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> tensor<8xf32> {
    // expected-note @below {{payload op}}
    %y = arith.addf %x, %x : tensor<8xf32>
    scf.yield %y : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["arith.addf"]} in %root : (!transform.any_op) -> !transform.any_op
    %loop = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected a linalg structured op, got 'arith.addf'}}
    %l = transform.regtile.cache_reduce %op, %loop : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// expected-note @below {{payload op}}
func.func @not_a_loop(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected an scf.for loop, got 'func.func'}}
    %l = transform.regtile.cache_reduce %mm, %f : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The handles swapped: the loop given is another op's (the op is not in
// it).
func.func @not_inside(%a: tensor<8x8xf32>, %b: tensor<8x16xf32>, %c: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  // expected-note @below {{payload op}}
  %r = linalg.matmul {tag = "first"} ins(%a, %b : tensor<8x8xf32>, tensor<8x16xf32>) outs(%c : tensor<8x16xf32>) -> tensor<8x16xf32>
  %s = linalg.matmul {tag = "second"} ins(%a, %b : tensor<8x8xf32>, tensor<8x16xf32>) outs(%c : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r, %s : tensor<8x16xf32>, tensor<8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m1 = transform.structured.match attributes{tag = "first"} in %root : (!transform.any_op) -> !transform.any_op
    %m2 = transform.structured.match attributes{tag = "second"} in %root : (!transform.any_op) -> !transform.any_op
    %t1, %k1 = transform.structured.tile_using_for %m1 tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %t2, %k2 = transform.structured.tile_using_for %m2 tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot keep the output tile in registers: the op is not inside the loop}}
    %l = transform.regtile.cache_reduce %t1, %k2 {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The loop over M moves the output tile: not a reduction loop of the op.
func.func @not_a_reduction_loop(%a: tensor<8x8xf32>, %b: tensor<8x16xf32>, %c: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x16xf32>) outs(%c : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %i = transform.structured.tile_using_for %mm tile_sizes [2, 0, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot keep the output tile in registers: the output tile moves with the loop's induction variable: the loop is not a reduction loop of the op}}
    %l = transform.regtile.cache_reduce %t, %i {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A loop between the loop and the op that moves the tile (it tiles M):
// not a reduction loop of the tile.
func.func @inner_loop_moves_tile(%a: tensor<8x8xf32>, %b: tensor<8x16xf32>, %c: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x16xf32>) outs(%c : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %k = transform.structured.tile_using_for %mm tile_sizes [0, 0, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %t2, %i = transform.structured.tile_using_for %t tile_sizes [2, 0, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot keep the output tile in registers: a loop between the loop and the op does not only pass the op's output tile through (expected the tile as its one iter_arg, handed whole to the op or the next loop, the update yielded)}}
    %l = transform.regtile.cache_reduce %t2, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Only scf.for loops may be between the loop and the op.
func.func @forall_between(%a: tensor<8x8xf32>, %b: tensor<8x16xf32>, %c: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x16xf32>) outs(%c : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %k = transform.structured.tile_using_for %mm tile_sizes [0, 0, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %t2, %i = transform.structured.tile_using_forall %t tile_sizes [4, 0, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot keep the output tile in registers: only scf.for loops may be between the loop and the op, found 'scf.forall'}}
    %l = transform.regtile.cache_reduce %t2, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// 16 x 64 f32 on AVX-512 is 64 accumulators: more than 32 registers.
func.func @too_large(%a: tensor<16x8xf32>, %b: tensor<8x64xf32>, %c: tensor<16x64xf32>) -> tensor<16x64xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x64xf32>) outs(%c : tensor<16x64xf32>) -> tensor<16x64xf32>
  return %r : tensor<16x64xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %k = transform.structured.tile_using_for %mm tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot keep the output tile in registers: the register tile of 16 rows x 4 native vectors of 16 lanes needs 64 accumulators + 5 registers for loads = 69 vector registers; the target has 32}}
    %l = transform.regtile.cache_reduce %t, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The same limits, overridden: a 4 x 16 tile within 4 registers.
func.func @too_large_for_budget(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %k = transform.structured.tile_using_for %mm tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{needs 4 accumulators + 2 registers for loads = 6 vector registers; the target has 4}}
    %l = transform.regtile.cache_reduce %t, %k {arch = "znver4", max_registers = 4, reserved_registers = 2} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// B transposed (N x K) read two K columns at a time: the vector dim (N) is
// followed by a non-unit dim, so it is not contiguous. (With K steps of 1,
// an N x 1 tile is read along N: that is how a B^T packed by cache_read
// into N x 1 tiles is consumed.)
func.func @strided_vector_operand(%a: tensor<4x8xf32>, %b: tensor<16x8xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : tensor<4x8xf32>, tensor<16x8xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %k = transform.structured.tile_using_for %mm tile_sizes [0, 0, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot keep the output tile in registers: input 1 is not contiguous along the output's innermost dim (it must index its own innermost non-unit dim with exactly that loop; transpose or pack it first)}}
    %l = transform.regtile.cache_reduce %t, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// No reduction dim: an elementwise op.
func.func @no_reduction(%a: tensor<4x16xf32>, %c: tensor<4x16xf32>, %n: index) -> tensor<4x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %c) -> tensor<4x16xf32> {
    // expected-note @below {{payload op}}
    %y = linalg.add ins(%a, %x : tensor<4x16xf32>, tensor<4x16xf32>) outs(%x : tensor<4x16xf32>) -> tensor<4x16xf32>
    scf.yield %y : tensor<4x16xf32>
  }
  return %r : tensor<4x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.add"]} in %root : (!transform.any_op) -> !transform.any_op
    %loop = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot keep the output tile in registers: the op has no reduction dim}}
    %l = transform.regtile.cache_reduce %op, %loop {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A body that reads its indices is not elementwise.
func.func @index_in_body(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.generic {
    indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
    iterator_types = ["parallel", "parallel", "reduction"]}
    ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %i = linalg.index 2 : index
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %m = arith.mulf %x, %fi : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %k = transform.structured.tile_using_for %g tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot keep the output tile in registers: unsupported op in the body: 'linalg.index'}}
    %l = transform.regtile.cache_reduce %t, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Dynamic sizes with no static bound.
func.func @unbounded(%a: tensor<?x8xf32>, %b: tensor<8x16xf32>, %c: tensor<?x16xf32>) -> tensor<?x16xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.matmul ins(%a, %b : tensor<?x8xf32>, tensor<8x16xf32>) outs(%c : tensor<?x16xf32>) -> tensor<?x16xf32>
  return %r : tensor<?x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %k = transform.structured.tile_using_for %mm tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot keep the output tile in registers: the extent of output dim 0 has no static upper bound (tile the op first)}}
    %l = transform.regtile.cache_reduce %t, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @count_mismatch(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %i, %k = transform.structured.tile_using_for %mm tile_sizes [2, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %two = transform.merge_handles %i, %k : !transform.any_op
    // expected-error @below {{expected as many loops as ops, got 2 loops for 1 ops}}
    %l = transform.regtile.cache_reduce %t, %two {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @bad_arch() {
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{invalid target}}
    %l = transform.regtile.cache_reduce %f, %f {arch = "pentium9"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// add_at_end reassociates an FP sum: refused without permission.
func.func @add_at_end_fp(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %k = transform.structured.tile_using_for %mm tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot keep the output tile in registers: add_at_end reassociates the floating-point sum (the tile is added after the loop): the body's addf needs fastmath<reassoc> or set allow_reassociation}}
    %l = transform.regtile.cache_reduce %t, %k {arch = "znver4", add_at_end} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// add_at_end on a max-reduction: not additive.
func.func @add_at_end_max(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.generic {
    indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
    iterator_types = ["parallel", "parallel", "reduction"]}
    ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.maximumf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %k = transform.structured.tile_using_for %g tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot keep the output tile in registers: add_at_end needs a body that adds to the output (yield out + x, the output used nowhere else)}}
    %l = transform.regtile.cache_reduce %t, %k {arch = "znver4", add_at_end, allow_reassociation} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A negative prefetch distance (0 is "no prefetch").
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %k = transform.structured.tile_using_for %mm tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{attribute 'prefetch_ahead' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
    %l = transform.regtile.cache_reduce %t, %k {prefetch_ahead = -1} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The distance both as an attribute and as a parameter.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %k = transform.structured.tile_using_for %mm tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %p = transform.param.constant 4 : i64 -> !transform.param<i64>
    // expected-error @below {{expected `prefetch_ahead` as an attribute or as a parameter, not both}}
    %l = transform.regtile.cache_reduce %t, %k prefetch_ahead = %p {prefetch_ahead = 4} : (!transform.any_op, !transform.any_op, !transform.param<i64>) -> !transform.any_op
    transform.yield
  }
}

// -----

// A parameter below -1 (-1 is "the default"), and one with two values: the
// op is skipped (silenceable) and the payload left as it was.
func.func @bad_params(%a: tensor<6x8xf32>, %b: tensor<8x64xf32>, %c: tensor<6x64xf32>) -> tensor<6x64xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<6x8xf32>, tensor<8x64xf32>) outs(%c : tensor<6x64xf32>) -> tensor<6x64xf32>
  return %r : tensor<6x64xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %k = transform.structured.tile_using_for %mm tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %p = transform.param.constant -2 : i64 -> !transform.param<i64>
    // expected-error @below {{expected `prefetch_ahead` to be one integer parameter of at least -1, got 1 value(s): -2 : i64}}
    %l = transform.regtile.cache_reduce %t, %k prefetch_ahead = %p : (!transform.any_op, !transform.any_op, !transform.param<i64>) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @two_values(%a: tensor<6x8xf32>, %b: tensor<8x64xf32>, %c: tensor<6x64xf32>) -> tensor<6x64xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<6x8xf32>, tensor<8x64xf32>) outs(%c : tensor<6x64xf32>) -> tensor<6x64xf32>
  return %r : tensor<6x64xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %k = transform.structured.tile_using_for %mm tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %p1 = transform.param.constant 2 : i64 -> !transform.param<i64>
    %p2 = transform.param.constant 3 : i64 -> !transform.param<i64>
    %p = transform.merge_handles %p1, %p2 : !transform.param<i64>
    // expected-error @below {{expected `prefetch_ahead` to be one integer parameter of at least -1, got 2 value(s)}}
    %l = transform.regtile.cache_reduce %t, %k prefetch_ahead = %p : (!transform.any_op, !transform.any_op, !transform.param<i64>) -> !transform.any_op
    transform.yield
  }
}
