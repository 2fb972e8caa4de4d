// Refusals of the dot-product parts (each a silenceable diagnostic that
// leaves the payload unchanged): a floating-point dot form without leave to
// reorder each group's sum, a vectored input the dot form cannot read in
// whole vectors (no interleaved cache, the tile's columns not whole), an
// interleaved cache of an op whose indexing maps cannot change or of a
// footprint with more than two tiled dims, a group query on an op that is
// not a linalg op.
// RUN: %regtile-opt %s --split-input-file --transform-interpreter --verify-diagnostics

func.func @bf16_no_reassoc(%a: tensor<8x64xbf16>, %b: tensor<64x32xbf16>, %c: tensor<8x32xf32>) -> tensor<8x32xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.matmul ins(%a, %b : tensor<8x64xbf16>, tensor<64x32xbf16>) outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %r : tensor<8x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %block, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 0, 64] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %micro, %ir, %jr, %k = transform.structured.tile_using_for %block tile_sizes [4, 32, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %copy, %cache = transform.regtile.cache_read %micro, %pc {operand = 1, interleave} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot keep the output tile in registers: the dot-product form sums each group of 2 products before adding it to the accumulator: the body's addf needs fastmath<reassoc> or set allow_reassociation}}
    %loop = transform.regtile.cache_reduce %micro, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// B already K-interleaved by the caller ([N][K] with K innermost, N = 40
// not a multiple of the 32-column tile): the last tile's columns are not
// whole vectors of the input.
func.func @not_whole(%a: tensor<8x64xi8>, %bt: tensor<40x64xi8>, %c: tensor<8x40xi32>) -> tensor<8x40xi32> {
  // expected-note @below {{payload op}}
  %r = linalg.generic {
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %bt : tensor<8x64xi8>, tensor<40x64xi8>) outs(%c : tensor<8x40xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %ux = arith.extui %x : i8 to i32
    %sy = arith.extsi %y : i8 to i32
    %p = arith.muli %ux, %sy : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<8x40xi32>
  return %r : tensor<8x40xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %micro, %ir, %jr, %k = transform.structured.tile_using_for %mm tile_sizes [4, 32, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    // expected-error @below {{cannot keep the output tile in registers: the dot-product form reads whole vectors of 32 x 4 values of input 1: its last two dims (or those of the tensor it is a slice of at offset 0, e.g. a cache_read interleaved cache) must be static, at least 32 and 4}}
    %loop = transform.regtile.cache_reduce %micro, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @conv(%i: tensor<1x10x10x8xi8>, %f: tensor<3x3x8x16xi8>, %o: tensor<1x8x8x16xi32>) -> tensor<1x8x8x16xi32> {
  // expected-note @below {{payload op}}
  %r = linalg.conv_2d_nhwc_hwcf ins(%i, %f : tensor<1x10x10x8xi8>, tensor<3x3x8x16xi8>) outs(%o : tensor<1x8x8x16xi32>) -> tensor<1x8x8x16xi32>
  return %r : tensor<1x8x8x16xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %block, %l = transform.structured.tile_using_for %conv tile_sizes [0, 0, 0, 0, 0, 0, 8] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %micro, %lco, %lci = transform.structured.tile_using_for %block tile_sizes [0, 0, 0, 16, 0, 0, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    // expected-error @below {{cannot stage the operand: interleave: changes the op's indexing map of the operand: expected a linalg.generic, matmul, batch_matmul or contract, not 'linalg.conv_2d_nhwc_hwcf' (generalize it first)}}
    %copy, %cache = transform.regtile.cache_read %micro, %l {operand = 1, interleave} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @batch_tile_of_two(%a: tensor<2x8x64xbf16>, %b: tensor<2x64x32xbf16>, %c: tensor<2x8x32xf32>) -> tensor<2x8x32xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.batch_matmul ins(%a, %b : tensor<2x8x64xbf16>, tensor<2x64x32xbf16>) outs(%c : tensor<2x8x32xf32>) -> tensor<2x8x32xf32>
  return %r : tensor<2x8x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.batch_matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %block, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 0, 0, 64] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %micro, %b, %ir, %jr, %k = transform.structured.tile_using_for %block tile_sizes [2, 4, 16, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    // expected-error @below {{cannot stage the operand: interleave: dim 0 is tiled by a step larger than 1 besides the group and the innermost dim}}
    %copy, %cache = transform.regtile.cache_read %micro, %pc {operand = 1, interleave} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @not_linalg(%x: f32) -> f32 {
  // expected-note @below {{payload op}}
  %y = arith.addf %x, %x : f32
  return %y : f32
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %add = transform.structured.match ops{["arith.addf"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected a linalg op, got 'arith.addf'}}
    %g = transform.regtile.dot_product_group %add : (!transform.any_op) -> !transform.param<i64>
    transform.yield
  }
}

// -----

// s8 x s8 with B already K-interleaved by the caller (no cache whose column
// sums could be computed once): refused.
func.func @s8s8_no_cache(%a: tensor<8x64xi8>, %bt: tensor<32x64xi8>, %c: tensor<8x32xi32>) -> tensor<8x32xi32> {
  // expected-note @below {{payload op}}
  %r = linalg.generic {
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %bt : tensor<8x64xi8>, tensor<32x64xi8>) outs(%c : tensor<8x32xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %sx = arith.extsi %x : i8 to i32
    %sy = arith.extsi %y : i8 to i32
    %p = arith.muli %sx, %sy : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<8x32xi32>
  return %r : tensor<8x32xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %micro, %ir, %jr, %k = transform.structured.tile_using_for %mm tile_sizes [4, 32, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    // expected-error @below {{cannot keep the output tile in registers: s8 x s8 dot form: the B side must be a slice of an interleaved cache (cache_read {interleave}) defined before the reduction loop: its column sums are computed once per cache}}
    %loop = transform.regtile.cache_reduce %micro, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// s8 x s8 through a nest of reduction loops (K by 8, then by 4 inside)
// whose cache is filled inside the outer one: the column sums are
// subtracted once, before the loop cache_reduce is given, and must cover
// what all its iterations read.
func.func @shifted_nest(%a: tensor<8x16xi8>, %b: tensor<16x16xi8>, %c: tensor<8x16xi32>) -> tensor<8x16xi32> {
  // expected-note @below {{payload op}}
  %r = linalg.matmul ins(%a, %b : tensor<8x16xi8>, tensor<16x16xi8>) outs(%c : tensor<8x16xi32>) -> tensor<8x16xi32>
  return %r : tensor<8x16xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %kc = transform.structured.tile_using_for %mm tile_sizes [0, 0, 8] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %t2, %k = transform.structured.tile_using_for %t tile_sizes [0, 0, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %copy, %cache = transform.regtile.cache_read %t2, %kc {operand = 1, interleave} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot keep the output tile in registers: s8 x s8 dot form: the B side must be a slice of an interleaved cache (cache_read {interleave}) defined before the reduction loop: its column sums are computed once per cache}}
    %l = transform.regtile.cache_reduce %t2, %kc {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}
