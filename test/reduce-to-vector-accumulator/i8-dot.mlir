// FileCheck of the 4-way i8 dot form of reduce_to_vector_accumulator: on a
// target with avx512vnni, i8 -> i32 sums and dot products accumulate in
// separate vector<16xi32> accumulators, each step a 4-way i8 dot
// (multi_reduction of vector<16x4xi32>) that the lowering maps to vpdpbusd;
// without VNNI, sums take the same form, for vpmaddubsw + vpmaddwd (AVX-512
// BW, AVX2), and dot products the plain one (see
// test/lower-vectors/i8-dot.mlir).
// RUN: %regtile-opt %s --split-input-file --transform-interpreter | FileCheck %s

// Sum of s8: 4 accumulators, 256 bytes per iteration, no multiplication.
// CHECK-LABEL: func.func @sum_s8
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[Z:.*]], %{{.*}} = %[[Z]], %{{.*}} = %[[Z]], %{{.*}} = %[[Z]]) -> (vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>)
// CHECK-COUNT-4: vector.transfer_read {{.*}} vector<64xi8>
// CHECK-NOT: arith.muli
// CHECK: %[[G:.*]] = vector.shape_cast %{{.*}} : vector<64xi8> to vector<16x4xi8>
// CHECK: %[[E:.*]] = arith.extsi %[[G]] : vector<16x4xi8> to vector<16x4xi32>
// CHECK: vector.multi_reduction <add>, %[[E]], %{{.*}} [1] : vector<16x4xi32> to vector<16xi32>
// CHECK: vector.reduction <add>, %{{.*}}, %{{.*}} : vector<16xi32> into i32
func.func @sum_s8(%a: tensor<4x300xi8>, %o: tensor<4xi32>) -> tensor<4xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x300xi8>) outs(%o : tensor<4xi32>) {
  ^bb0(%x: i8, %acc: i32):
    %e = arith.extsi %x : i8 to i32
    %s = arith.addi %e, %acc : i32
    linalg.yield %s : i32
  } -> tensor<4xi32>
  return %r : tensor<4xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g {arch = "znver4"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Without avx512vnni a sum keeps the 4-way form (vpmaddubsw with AVX-512
// BW); a dot product (next function) takes the plain form: 4 vector<16xi32>
// accumulators, i8 widened to i32.
// CHECK-LABEL: func.func @sum_s8_no_vnni
// CHECK: scf.for {{.*}} -> (vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>)
// CHECK: vector.multi_reduction <add>, %{{.*}}, %{{.*}} [1] : vector<16x4xi32> to vector<16xi32>
// CHECK-LABEL: func.func @dot_no_vnni
// CHECK-NOT: vector<16x4x
// CHECK: scf.for {{.*}} -> (vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>)
// CHECK: arith.extsi %{{.*}} : vector<16xi8> to vector<16xi32>
// CHECK: arith.extui %{{.*}} : vector<16xi8> to vector<16xi32>
// CHECK: arith.muli %{{.*}}, %{{.*}} : vector<16xi32>
// The 256-bit form on AVX2 (sums only).
// CHECK-LABEL: func.func @sum_s8_avx2
// CHECK: scf.for {{.*}} -> (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>)
// CHECK: vector.transfer_read {{.*}} : tensor<4x300xi8>, vector<32xi8>
// CHECK: vector.multi_reduction <add>, %{{.*}}, %{{.*}} [1] : vector<8x4xi32> to vector<8xi32>
// CHECK-LABEL: func.func @dot_avx2
// CHECK-NOT: vector<8x4x
// CHECK: scf.for {{.*}} -> (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>)
func.func @sum_s8_no_vnni(%a: tensor<4x300xi8>, %o: tensor<4xi32>) -> tensor<4xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x300xi8>) outs(%o : tensor<4xi32>) {
  ^bb0(%x: i8, %acc: i32):
    %e = arith.extsi %x : i8 to i32
    %s = arith.addi %e, %acc : i32
    linalg.yield %s : i32
  } -> tensor<4xi32>
  return %r : tensor<4xi32>
}
func.func @dot_no_vnni(%a: tensor<4x300xi8>, %b: tensor<4x300xi8>, %o: tensor<4xi32>) -> tensor<4xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a, %b : tensor<4x300xi8>, tensor<4x300xi8>) outs(%o : tensor<4xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %xe = arith.extsi %x : i8 to i32
    %ye = arith.extui %y : i8 to i32
    %p = arith.muli %xe, %ye : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<4xi32>
  return %r : tensor<4xi32>
}
func.func @sum_s8_avx2(%a: tensor<4x300xi8>, %o: tensor<4xi32>) -> tensor<4xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x300xi8>) outs(%o : tensor<4xi32>) {
  ^bb0(%x: i8, %acc: i32):
    %e = arith.extsi %x : i8 to i32
    %s = arith.addi %e, %acc : i32
    linalg.yield %s : i32
  } -> tensor<4xi32>
  return %r : tensor<4xi32>
}
func.func @dot_avx2(%a: tensor<4x300xi8>, %b: tensor<4x300xi8>, %o: tensor<4xi32>) -> tensor<4xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a, %b : tensor<4x300xi8>, tensor<4x300xi8>) outs(%o : tensor<4xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %xe = arith.extsi %x : i8 to i32
    %ye = arith.extui %y : i8 to i32
    %p = arith.muli %xe, %ye : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<4xi32>
  return %r : tensor<4xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f0 = transform.structured.match ops{["func.func"]} attributes {sym_name = "sum_s8_no_vnni"} in %root : (!transform.any_op) -> !transform.any_op
    %g0 = transform.structured.match ops{["linalg.generic"]} in %f0 : (!transform.any_op) -> !transform.any_op
    %l0, %c0 = transform.regtile.reduce_to_vector_accumulator %g0 {arch = "znver4,-avx512vnni"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f1 = transform.structured.match ops{["func.func"]} attributes {sym_name = "dot_no_vnni"} in %root : (!transform.any_op) -> !transform.any_op
    %g1 = transform.structured.match ops{["linalg.generic"]} in %f1 : (!transform.any_op) -> !transform.any_op
    %l1, %c1 = transform.regtile.reduce_to_vector_accumulator %g1 {arch = "znver4,-avx512vnni"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f2 = transform.structured.match ops{["func.func"]} attributes {sym_name = "sum_s8_avx2"} in %root : (!transform.any_op) -> !transform.any_op
    %g2 = transform.structured.match ops{["linalg.generic"]} in %f2 : (!transform.any_op) -> !transform.any_op
    %l2, %c2 = transform.regtile.reduce_to_vector_accumulator %g2 {arch = "haswell"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f3 = transform.structured.match ops{["func.func"]} attributes {sym_name = "dot_avx2"} in %root : (!transform.any_op) -> !transform.any_op
    %g3 = transform.structured.match ops{["linalg.generic"]} in %f3 : (!transform.any_op) -> !transform.any_op
    %l3, %c3 = transform.regtile.reduce_to_vector_accumulator %g3 {arch = "haswell"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// u8 sum: the bytes are the unsigned operand.
// CHECK-LABEL: func.func @sum_u8
// CHECK: arith.extui %{{.*}} : vector<16x4xi8> to vector<16x4xi32>
// CHECK-NOT: arith.extsi
// CHECK: vector.multi_reduction <add>
func.func @sum_u8(%a: tensor<4x300xi8>, %o: tensor<4xi32>) -> tensor<4xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x300xi8>) outs(%o : tensor<4xi32>) {
  ^bb0(%x: i8, %acc: i32):
    %e = arith.extui %x : i8 to i32
    %s = arith.addi %e, %acc : i32
    linalg.yield %s : i32
  } -> tensor<4xi32>
  return %r : tensor<4xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g {arch = "znver4", accumulators = 1} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// u8 x s8 dot (operands in either order): the instruction's own product,
// no correction.
// CHECK-LABEL: func.func @dot_s8_u8
// CHECK-NOT: arith.xori
// CHECK: %[[S:.*]] = arith.extsi %{{.*}} : vector<16x4xi8> to vector<16x4xi32>
// CHECK: %[[U:.*]] = arith.extui %{{.*}} : vector<16x4xi8> to vector<16x4xi32>
// CHECK: %[[P:.*]] = arith.muli %[[U]], %[[S]] : vector<16x4xi32>
// CHECK: vector.multi_reduction <add>, %[[P]], %{{.*}} [1] : vector<16x4xi32> to vector<16xi32>
// CHECK-NOT: arith.subi
func.func @dot_s8_u8(%a: tensor<4x300xi8>, %b: tensor<4x300xi8>, %o: tensor<4xi32>) -> tensor<4xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a, %b : tensor<4x300xi8>, tensor<4x300xi8>) outs(%o : tensor<4xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %xe = arith.extsi %x : i8 to i32
    %ye = arith.extui %y : i8 to i32
    %p = arith.muli %xe, %ye : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<4xi32>
  return %r : tensor<4xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g {arch = "znver4", accumulators = 1} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// s8 x s8 dot: a ^ 0x80 = a + 128 as u8, and 128 * sum(b), accumulated by a
// second set of accumulators, is subtracted once at the end.
// CHECK-LABEL: func.func @dot_s8_s8
// CHECK: scf.for {{.*}} -> (vector<16xi32>, vector<16xi32>)
// CHECK: %[[X:.*]] = arith.xori %{{.*}}, %{{.*}} : vector<64xi8>
// CHECK: vector.shape_cast %[[X]] : vector<64xi8> to vector<16x4xi8>
// CHECK: arith.muli
// CHECK: vector.multi_reduction <add>
// CHECK: vector.multi_reduction <add>
// CHECK: %[[C:.*]] = arith.constant dense<128> : vector<16xi32>
// CHECK: %[[M:.*]] = arith.muli %{{.*}}, %[[C]] : vector<16xi32>
// CHECK: %[[D:.*]] = arith.subi %{{.*}}, %[[M]] : vector<16xi32>
// CHECK: vector.reduction <add>, %[[D]], %{{.*}} : vector<16xi32> into i32
func.func @dot_s8_s8(%a: tensor<4x300xi8>, %b: tensor<4x300xi8>, %o: tensor<4xi32>) -> tensor<4xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a, %b : tensor<4x300xi8>, tensor<4x300xi8>) outs(%o : tensor<4xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %xe = arith.extsi %x : i8 to i32
    %ye = arith.extsi %y : i8 to i32
    %p = arith.muli %xe, %ye : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<4xi32>
  return %r : tensor<4xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g {arch = "znver4", accumulators = 1} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// u8 x u8 has no single-instruction form: plain path.
// CHECK-LABEL: func.func @dot_u8_u8
// CHECK-NOT: vector<16x4x
// CHECK: scf.for {{.*}} -> (vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>)
// CHECK: arith.muli %{{.*}}, %{{.*}} : vector<16xi32>
func.func @dot_u8_u8(%a: tensor<4x300xi8>, %b: tensor<4x300xi8>, %o: tensor<4xi32>) -> tensor<4xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a, %b : tensor<4x300xi8>, tensor<4x300xi8>) outs(%o : tensor<4xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %xe = arith.extui %x : i8 to i32
    %ye = arith.extui %y : i8 to i32
    %p = arith.muli %xe, %ye : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<4xi32>
  return %r : tensor<4xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g {arch = "znver4", accumulators = 4} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
