// RUN: %regtile-opt %s --split-input-file --transform-interpreter --verify-diagnostics

func.func @not_a_relayout(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.copy ins(%a : tensor<8xf32>) outs(%a : tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.copy"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot rewrite into tile copies: expected a linalg.pack or linalg.unpack, got 'linalg.copy'}}
    %l = transform.regtile.pack_unpack_to_tile_copies %op : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @dynamic_tile(%s: tensor<64x64xf32>, %d: tensor<?x?x?x16xf32>, %t: index) -> tensor<?x?x?x16xf32> {
  // expected-note @below {{payload op}}
  %p = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [%t, 16] into %d : tensor<64x64xf32> -> tensor<?x?x?x16xf32>
  return %p : tensor<?x?x?x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot rewrite into tile copies: dynamic inner tile sizes are not supported}}
    %l = transform.regtile.pack_unpack_to_tile_copies %op : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @bool_elements(%s: tensor<64x64xi1>, %d: tensor<4x4x16x16xi1>) -> tensor<4x4x16x16xi1> {
  // expected-note @below {{payload op}}
  %p = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %d : tensor<64x64xi1> -> tensor<4x4x16x16xi1>
  return %p : tensor<4x4x16x16xi1>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot rewrite into tile copies: unsupported element type i1 (expected an integer or float of 8 bits or more)}}
    %l = transform.regtile.pack_unpack_to_tile_copies %op : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{invalid target: unknown target CPU 'm68k'}}
    %l = transform.regtile.pack_unpack_to_tile_copies %op {arch = "m68k"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{attribute 'max_registers' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 1}}
    %l = transform.regtile.pack_unpack_to_tile_copies %op {max_registers = 0} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.param.constant 8 : i64 -> !transform.param<i64>
    // expected-error @below {{expected `max_registers` as an attribute or as a parameter, not both}}
    %l = transform.regtile.pack_unpack_to_tile_copies %op max_registers = %k {max_registers = 8} : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{attribute 'tiles_per_group' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 1}}
    %l = transform.regtile.pack_unpack_to_tile_copies %op {tiles_per_group = 0} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.param.constant 4 : i64 -> !transform.param<i64>
    // expected-error @below {{expected `tiles_per_group` as an attribute or as a parameter, not both}}
    %l = transform.regtile.pack_unpack_to_tile_copies %op tiles_per_group = %k {tiles_per_group = 4} : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    transform.yield
  }
}

// -----

// A negative group size from a parameter: refused before the payload is
// touched.
func.func @negative_group(%s: tensor<64x128xf32>, %d: tensor<4x4x16x32xf32>) -> tensor<4x4x16x32xf32> {
  %p = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [16, 32] into %d : tensor<64x128xf32> -> tensor<4x4x16x32xf32>
  return %p : tensor<4x4x16x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.param.constant -1 : i64 -> !transform.param<i64>
    // expected-error @below {{expected `tiles_per_group` to be one non-negative integer parameter, got 1 value(s): -1 : i64}}
    %l = transform.regtile.pack_unpack_to_tile_copies %op tiles_per_group = %k : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    transform.yield
  }
}
