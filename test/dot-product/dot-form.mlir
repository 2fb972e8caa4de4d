// The dot-product micro-kernel: cache_read {interleave} packs B's K x N
// block into [N/NR][K/g][NR][g] tiles (g = 2 for bf16, 4 for i8;
// zero-padded), and cache_reduce's dot form reads per K step one vector of
// NR/lanes x g values per tile vector (the interleaved tile, through a
// collapsed view), broadcasts each A row's group as one 32-bit lane, and
// adds their dot products to the accumulators in the portable form
// (shape_cast, widen, multiply, multi_reduction over the group) that
// regtile-lower-vectors turns into vdpbf16ps / vpdpbusd. A K extent that
// is not a multiple of g gives a second loop for the last, partial group,
// whose A reads are masked (zeros past K).
// RUN: %regtile-opt %s --split-input-file --transform-interpreter --canonicalize --cse | FileCheck %s

// CHECK-LABEL: func.func @bf16
// CHECK: %[[CACHE:.*]] = tensor.empty() : tensor<2x32x32x2xbf16>
// CHECK: vector.transpose {{.*}} : vector<2x32xbf16> to vector<32x2xbf16>
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape {{.*}} {{\[}}[0], [1], [2, 3]] : tensor<2x32x32x2xbf16> into tensor<2x32x64xbf16>
// CHECK: scf.for
// CHECK: %[[B0:.*]] = vector.transfer_read %[[FLAT]]{{.*}} {in_bounds = [true]} : tensor<2x32x64xbf16>, vector<32xbf16>
// CHECK: %[[B1:.*]] = vector.transfer_read %[[FLAT]]{{.*}} {in_bounds = [true]} : tensor<2x32x64xbf16>, vector<32xbf16>
// CHECK: %[[AG:.*]] = vector.transfer_read {{.*}} {in_bounds = [true]} : tensor<4x2xbf16>, vector<2xbf16>
// CHECK: %[[W:.*]] = vector.bitcast %[[AG]] : vector<2xbf16> to vector<1xi32>
// CHECK: %[[S:.*]] = vector.extract %[[W]][0] : i32 from vector<1xi32>
// CHECK: %[[SPLAT:.*]] = vector.broadcast %[[S]] : i32 to vector<16xi32>
// CHECK: %[[A:.*]] = vector.bitcast %[[SPLAT]] : vector<16xi32> to vector<32xbf16>
// CHECK: %[[A2:.*]] = vector.shape_cast %[[A]] : vector<32xbf16> to vector<16x2xbf16>
// CHECK: %[[AW:.*]] = arith.extf %[[A2]] : vector<16x2xbf16> to vector<16x2xf32>
// CHECK: %[[B2:.*]] = vector.shape_cast %[[B0]] : vector<32xbf16> to vector<16x2xbf16>
// CHECK: %[[BW:.*]] = arith.extf %[[B2]] : vector<16x2xbf16> to vector<16x2xf32>
// CHECK: %[[P:.*]] = arith.mulf %[[AW]], %[[BW]] : vector<16x2xf32>
// CHECK: vector.multi_reduction <add>, %[[P]], %{{.*}} [1] : vector<16x2xf32> to vector<16xf32>
// Four rows x two vectors: eight dot products per step, no other loop.
// CHECK-COUNT-7: vector.multi_reduction <add>
// CHECK-NOT: vector.multi_reduction
// CHECK: scf.yield
func.func @bf16(%a: tensor<64x64xbf16>, %b: tensor<64x64xbf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<64x64xbf16>, tensor<64x64xbf16>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %block, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 0, 64] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %micro, %ir, %jr, %k = transform.structured.tile_using_for %block tile_sizes [4, 32, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %copy, %cache = transform.regtile.cache_read %micro, %pc {operand = 1, interleave} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %loop = transform.regtile.cache_reduce %micro, %k {allow_reassociation, arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// u8 x s8 -> i32, K = 30 (not a multiple of 4): B's cache pads K to 32
// with zeros; the K loop runs the whole groups, then one more loop (the
// partial group) reads A's group masked.
// CHECK-LABEL: func.func @u8s8
// CHECK: tensor.empty() : tensor<1x8x16x4xi8>
// CHECK: vector.transfer_read {{.*}} {in_bounds = [false, true]} : tensor<30x16xi8>, vector<4x16xi8>
// CHECK: vector.transpose {{.*}} : vector<4x16xi8> to vector<16x4xi8>
// CHECK: scf.for %{{.*}} = %c0 to %c28 step %c4
// CHECK: vector.transfer_read %{{.*}} {in_bounds = [true]} : tensor<8x?xi8>, vector<4xi8>
// CHECK: arith.extui {{.*}} : vector<16x4xi8> to vector<16x4xi32>
// CHECK: arith.extsi {{.*}} : vector<16x4xi8> to vector<16x4xi32>
// CHECK: arith.muli {{.*}} : vector<16x4xi32>
// CHECK: vector.multi_reduction <add>, {{.*}} [1] : vector<16x4xi32> to vector<16xi32>
// The partial group's loop runs once (canonicalized away): K 28 and 29,
// read masked (no in_bounds), zeros past K.
// CHECK: } {regtile.prefetch_ahead
// CHECK: tensor.extract_slice %{{.*}}[0, 28] [8, 2] [1, 1] : tensor<8x30xi8> to tensor<8x2xi8>
// CHECK: vector.transfer_read %{{.*}}, %{{.*}} : tensor<8x2xi8>, vector<4xi8>
// CHECK: vector.multi_reduction <add>
func.func @u8s8(%a: tensor<8x30xi8>, %b: tensor<30x16xi8>, %c: tensor<8x16xi32>) -> tensor<8x16xi32> {
  %r = linalg.generic {
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (k, n)>,
                       affine_map<(m, n, k) -> (m, n)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<8x30xi8>, tensor<30x16xi8>) outs(%c : tensor<8x16xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %ux = arith.extui %x : i8 to i32
    %sy = arith.extsi %y : i8 to i32
    %p = arith.muli %ux, %sy : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<8x16xi32>
  return %r : tensor<8x16xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %block, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 0, 32] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %micro, %ir, %jr, %k = transform.structured.tile_using_for %block tile_sizes [8, 16, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %copy, %cache = transform.regtile.cache_read %micro, %pc {operand = 1, interleave} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %loop = transform.regtile.cache_reduce %micro, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A unit K step: interleave changes nothing (the same bytes), the plain
// micro-kernel (FMAs) runs.
// CHECK-LABEL: func.func @f32_unit_step
// CHECK: tensor.empty() : tensor<2x64x1x32xf32>
// CHECK-NOT: multi_reduction
// CHECK: vector.fma
func.func @f32_unit_step(%a: tensor<8x64xf32>, %b: tensor<64x64xf32>, %c: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x64xf32>, tensor<64x64xf32>) outs(%c : tensor<8x64xf32>) -> tensor<8x64xf32>
  return %r : tensor<8x64xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %block, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 0, 64] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %micro, %ir, %jr, %k = transform.structured.tile_using_for %block tile_sizes [4, 32, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %copy, %cache = transform.regtile.cache_read %micro, %pc {operand = 1, interleave} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %loop = transform.regtile.cache_reduce %micro, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// s8 x s8 (linalg.matmul on i8): B's packed cache is flipped to u8 once,
// in place (xor 0x80: b + 128); the sums of each row tile's rows of A over
// the K loop's range are taken once per row tile, before the loop over N
// tiles (64 bytes per dot product with ones, the tail of 30 masked); the
// accumulators start 128 x them lower; the micro-kernel reads A's groups
// as they are (s8, no xor in it) and the flipped cache as u8:
// sum a (b + 128) - 128 sum a = sum a b, exactly. (A convolution's window
// sums, and the form with A's groups flipped and B's column sums where
// the rows are not ranges: conv-form.mlir.)
// CHECK-LABEL: func.func @s8s8
// CHECK-DAG: %[[SIGN:.*]] = arith.constant dense<-128> : vector<64xi8>
// CHECK-DAG: %[[SEVEN:.*]] = arith.constant dense<7> : vector<16xi32>
// CHECK: %[[CACHE:.*]] = scf.for
// CHECK: vector.transpose {{.*}} : vector<4x16xi8> to vector<16x4xi8>
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[CACHE]] {{\[}}[0], [1], [2, 3]]
// CHECK: %[[FLIPPED:.*]] = scf.for
// CHECK: %[[BV:.*]] = vector.transfer_read
// CHECK: %[[BU:.*]] = arith.xori %[[BV]], %[[SIGN]] : vector<64xi8>
// CHECK: vector.transfer_write %[[BU]]
// CHECK: scf.for %[[M:.*]] = %c0 to %c8 step %c4
// CHECK: %[[MASK:.*]] = vector.constant_mask [30] : vector<64xi1>
// CHECK: %[[ROW:.*]] = vector.transfer_read %arg0[%[[M]], %c0], %c0_i8, %[[MASK]] : tensor<8x30xi8>, vector<64xi8>
// CHECK: %[[RG:.*]] = vector.shape_cast %[[ROW]] : vector<64xi8> to vector<16x4xi8>
// CHECK: %[[RW:.*]] = arith.extsi %[[RG]] : vector<16x4xi8> to vector<16x4xi32>
// CHECK: %[[RS:.*]] = vector.multi_reduction <add>, %[[RW]], %{{.*}} [1] : vector<16x4xi32> to vector<16xi32>
// CHECK: %[[TOTAL:.*]] = vector.reduction <add>, %[[RS]] : vector<16xi32> into i32
// CHECK: %[[SUM:.*]] = vector.broadcast %[[TOTAL]] : i32 to vector<16xi32>
// CHECK: scf.for
// CHECK: %[[CORR:.*]] = arith.shli %[[SUM]], %[[SEVEN]] : vector<16xi32>
// CHECK: arith.subi %{{.*}}, %[[CORR]] : vector<16xi32>
// CHECK-NOT: arith.xori
// CHECK: %[[B:.*]] = vector.transfer_read %[[FLIPPED]]
// CHECK-NOT: arith.xori
// CHECK: %[[A:.*]] = vector.bitcast %{{.*}} : vector<16xi32> to vector<64xi8>
// CHECK-NOT: arith.xori
// CHECK: %[[AG:.*]] = vector.shape_cast %[[A]] : vector<64xi8> to vector<16x4xi8>
// CHECK: arith.extsi %[[AG]] : vector<16x4xi8> to vector<16x4xi32>
// CHECK: %[[BG:.*]] = vector.shape_cast %[[B]] : vector<64xi8> to vector<16x4xi8>
// CHECK: arith.extui %[[BG]] : vector<16x4xi8> to vector<16x4xi32>
// CHECK-NOT: arith.xori
// CHECK: return
func.func @s8s8(%a: tensor<8x30xi8>, %b: tensor<30x32xi8>, %c: tensor<8x32xi32>) -> tensor<8x32xi32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x30xi8>, tensor<30x32xi8>) outs(%c : tensor<8x32xi32>) -> tensor<8x32xi32>
  return %r : tensor<8x32xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %block, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 0, 32] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %micro, %ir, %jr, %k = transform.structured.tile_using_for %block tile_sizes [4, 16, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %copy, %cache = transform.regtile.cache_read %micro, %pc {operand = 1, interleave} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %loop = transform.regtile.cache_reduce %micro, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// u8 x u8 (both inputs widened with extui): the same shifted form the
// other way: the cache is flipped to s8 (b - 128), A's row sums are sums
// of u8 (extui), and the accumulators start 128 x them higher:
// sum a (b - 128) + 128 sum a = sum a b.
// CHECK-LABEL: func.func @u8u8
// CHECK-DAG: %[[SIGN:.*]] = arith.constant dense<-128> : vector<64xi8>
// CHECK-DAG: %[[SEVEN:.*]] = arith.constant dense<7> : vector<16xi32>
// CHECK: tensor.collapse_shape
// CHECK: %[[FLIPPED:.*]] = scf.for
// CHECK: arith.xori %{{.*}}, %[[SIGN]] : vector<64xi8>
// CHECK: %[[ROW:.*]] = vector.transfer_read %arg0
// CHECK: %[[RG:.*]] = vector.shape_cast %[[ROW]] : vector<64xi8> to vector<16x4xi8>
// CHECK: %[[RW:.*]] = arith.extui %[[RG]] : vector<16x4xi8> to vector<16x4xi32>
// CHECK: vector.multi_reduction <add>, %[[RW]], %{{.*}} [1] : vector<16x4xi32> to vector<16xi32>
// CHECK: %[[TOTAL:.*]] = vector.reduction <add>
// CHECK: %[[SUM:.*]] = vector.broadcast %[[TOTAL]] : i32 to vector<16xi32>
// CHECK: %[[CORR:.*]] = arith.shli %[[SUM]], %[[SEVEN]] : vector<16xi32>
// CHECK: arith.addi %{{.*}}, %[[CORR]] : vector<16xi32>
// CHECK-NOT: arith.subi
// CHECK: scf.for
// CHECK-NOT: arith.xori
// CHECK: %[[B:.*]] = vector.transfer_read %[[FLIPPED]]
// CHECK: %[[A:.*]] = vector.bitcast %{{.*}} : vector<16xi32> to vector<64xi8>
// CHECK: %[[AG:.*]] = vector.shape_cast %[[A]] : vector<64xi8> to vector<16x4xi8>
// CHECK: arith.extui %[[AG]] : vector<16x4xi8> to vector<16x4xi32>
// CHECK: %[[BG2:.*]] = vector.shape_cast %[[B]] : vector<64xi8> to vector<16x4xi8>
// CHECK: arith.extsi %[[BG2]] : vector<16x4xi8> to vector<16x4xi32>
func.func @u8u8(%a: tensor<8x30xi8>, %b: tensor<30x32xi8>, %c: tensor<8x32xi32>) -> tensor<8x32xi32> {
  %r = linalg.generic {
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (k, n)>,
                       affine_map<(m, n, k) -> (m, n)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<8x30xi8>, tensor<30x32xi8>) outs(%c : tensor<8x32xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %ux = arith.extui %x : i8 to i32
    %uy = arith.extui %y : i8 to i32
    %p = arith.muli %ux, %uy : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<8x32xi32>
  return %r : tensor<8x32xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %block, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 0, 32] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %micro, %ir, %jr, %k = transform.structured.tile_using_for %block tile_sizes [4, 16, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %copy, %cache = transform.regtile.cache_read %micro, %pc {operand = 1, interleave} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %loop = transform.regtile.cache_reduce %micro, %k {arch = "znver4"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Without VNNI (skylake-avx512) the i8 dot form takes K in pairs: B's
// interleaved cache holds 2 values per 32-bit lane column, each A pair is
// broadcast as one 16-bit word, and each step is a 2-way dot product of
// the pairs as the body widens them (vpmaddwd once lowered): no shift,
// no column sums, for s8 x s8 too.
// CHECK-LABEL: func.func @s8s8_pairs
// CHECK-NOT: arith.xori
// CHECK: %[[CACHE:.*]] = scf.for
// CHECK: vector.transpose {{.*}} : vector<2x16xi8> to vector<16x2xi8>
// CHECK-NOT: arith.xori
// CHECK: scf.for
// CHECK: vector.transfer_read {{.*}} : tensor<2x15x32xi8>, vector<32xi8>
// CHECK: %[[W:.*]] = vector.bitcast %{{.*}} : vector<2xi8> to vector<1xi16>
// CHECK: %[[S:.*]] = vector.extract %[[W]][0] : i16 from vector<1xi16>
// CHECK: %[[SPLAT:.*]] = vector.broadcast %[[S]] : i16 to vector<16xi16>
// CHECK: %[[A:.*]] = vector.bitcast %[[SPLAT]] : vector<16xi16> to vector<32xi8>
// CHECK: %[[AG:.*]] = vector.shape_cast %[[A]] : vector<32xi8> to vector<16x2xi8>
// CHECK: arith.extsi %[[AG]] : vector<16x2xi8> to vector<16x2xi32>
// CHECK: vector.multi_reduction <add>, %{{.*}}, %{{.*}} [1] : vector<16x2xi32> to vector<16xi32>
// CHECK-NOT: arith.xori
func.func @s8s8_pairs(%a: tensor<8x30xi8>, %b: tensor<30x32xi8>, %c: tensor<8x32xi32>) -> tensor<8x32xi32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x30xi8>, tensor<30x32xi8>) outs(%c : tensor<8x32xi32>) -> tensor<8x32xi32>
  return %r : tensor<8x32xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %block, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 0, 32] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %micro, %ir, %jr, %k = transform.structured.tile_using_for %block tile_sizes [4, 16, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %copy, %cache = transform.regtile.cache_read %micro, %pc {operand = 1, interleave} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %loop = transform.regtile.cache_reduce %micro, %k {arch = "skylake-avx512"} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}
