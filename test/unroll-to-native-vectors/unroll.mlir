// IR produced by transform.apply_patterns.regtile.unroll_to_native_vectors
// for an AVX-512 target (znver4: 512-bit registers, 32 of them) and an AVX2
// one (haswell: 256-bit, 16).
// RUN: %regtile-opt %s --split-input-file --transform-interpreter --canonicalize --cse | FileCheck %s

// A chain ending in a store, broken a group of tiles at a time. AVX-512:
// 16 tiles of vector<16xf32>; each tile keeps 2 loads and ~2 values live,
// so 8 tiles per group (32 registers): 8 + 8 loads, 8 adds, 8 stores, twice.
// CHECK-LABEL: func.func @chain_avx512(
//       CHECK-COUNT-16: vector.transfer_read {{.*}} vector<16xf32>
//   CHECK-NOT: arith.addf
//       CHECK-COUNT-8: arith.addf {{.*}} : vector<16xf32>
//   CHECK-NOT: vector.transfer_read
//       CHECK-COUNT-8: vector.transfer_write {{.*}} : vector<16xf32>, memref<1024xf32>
//       CHECK-COUNT-16: vector.transfer_read {{.*}} vector<16xf32>
//       CHECK-COUNT-8: arith.addf {{.*}} : vector<16xf32>
//       CHECK-COUNT-8: vector.transfer_write
//   CHECK-NOT: vector<256xf32>
//       CHECK: return
func.func @chain_avx512(%a: memref<1024xf32>, %b: memref<1024xf32>, %c: memref<1024xf32>, %i: index) {
  %p = ub.poison : f32
  %va = vector.transfer_read %a[%i], %p {in_bounds = [true]} : memref<1024xf32>, vector<256xf32>
  %vb = vector.transfer_read %b[%i], %p {in_bounds = [true]} : memref<1024xf32>, vector<256xf32>
  %s = arith.addf %va, %vb : vector<256xf32>
  vector.transfer_write %s, %c[%i] {in_bounds = [true]} : vector<256xf32>, memref<1024xf32>
  return
}

// AVX2: 8 tiles of vector<8xf32>, 16 registers minus the splat: groups of
// 3 tiles (3 + 3 loads, then adds, then stores), the splat made once.
// CHECK-LABEL: func.func @chain_avx2(
//       CHECK: %[[ONE:.*]] = arith.constant dense<1.000000e+00> : vector<8xf32>
//       CHECK-COUNT-6: vector.transfer_read {{.*}} vector<8xf32>
//       CHECK-COUNT-3: arith.addf {{.*}} : vector<8xf32>
//       CHECK-COUNT-3: arith.addf {{.*}}, %[[ONE]] : vector<8xf32>
//       CHECK-COUNT-3: vector.transfer_write {{.*}} : vector<8xf32>, memref<1024xf32>
//       CHECK: vector.transfer_read
//   CHECK-NOT: vector<64xf32>
//       CHECK: return
func.func @chain_avx2(%a: memref<1024xf32>, %b: memref<1024xf32>, %c: memref<1024xf32>, %i: index) attributes {regtile.target = "haswell"} {
  %p = ub.poison : f32
  %one = arith.constant dense<1.0> : vector<64xf32>
  %va = vector.transfer_read %a[%i], %p {in_bounds = [true]} : memref<1024xf32>, vector<64xf32>
  %vb = vector.transfer_read %b[%i], %p {in_bounds = [true]} : memref<1024xf32>, vector<64xf32>
  %s = arith.addf %va, %vb : vector<64xf32>
  %t = arith.addf %s, %one : vector<64xf32>
  vector.transfer_write %t, %c[%i] {in_bounds = [true]} : vector<64xf32>, memref<1024xf32>
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f1 = transform.structured.match ops{["func.func"]} attributes{sym_name = "chain_avx512"} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f1 {
      transform.apply_patterns.regtile.unroll_to_native_vectors {arch = "znver4"}
    } : !transform.any_op
    %f2 = transform.structured.match ops{["func.func"]} attributes{sym_name = "chain_avx2"} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f2 {
      transform.apply_patterns.regtile.unroll_to_native_vectors
    } : !transform.any_op
    transform.yield
  }
}

// -----

// Masks: a create_mask is sliced into per-register create_masks (lanes left
// minus the tile's offset); a constant_mask into constant masks (the
// all-true one folds away).
// CHECK-LABEL: func.func @masks(
//  CHECK-SAME: %{{.*}}: memref<?xf32>, %{{.*}}: memref<?xf32>, %[[I:.*]]: index, %[[N:.*]]: index
//   CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
//       CHECK: %[[M0:.*]] = vector.create_mask %[[N]] : vector<16xi1>
//       CHECK: vector.transfer_read {{.*}}, %[[M0]] : memref<?xf32>, vector<16xf32>
//       CHECK: %[[N1:.*]] = arith.subi %[[N]], %[[C16]] : index
//       CHECK: %[[M1:.*]] = vector.create_mask %[[N1]] : vector<16xi1>
//       CHECK: vector.transfer_read {{.*}}, %[[M1]] : memref<?xf32>, vector<16xf32>
//       CHECK: vector.transfer_write {{.*}}, %[[M0]] : vector<16xf32>, memref<?xf32>
//       CHECK: vector.transfer_write {{.*}}, %[[M1]] : vector<16xf32>, memref<?xf32>
//   CHECK-NOT: vector<32x
//       CHECK: vector.transfer_write %{{.*}}, %{{.*}}[%[[I]]] : vector<16xf32>, memref<?xf32>
//       CHECK: %[[K1:.*]] = vector.constant_mask [4] : vector<16xi1>
//       CHECK: vector.transfer_write {{.*}}, %[[K1]] : vector<16xf32>, memref<?xf32>
func.func @masks(%a: memref<?xf32>, %c: memref<?xf32>, %i: index, %n: index) {
  %p = ub.poison : f32
  %m = vector.create_mask %n : vector<32xi1>
  %v = vector.transfer_read %a[%i], %p, %m : memref<?xf32>, vector<32xf32>
  %w = arith.mulf %v, %v : vector<32xf32>
  vector.transfer_write %w, %c[%i], %m : vector<32xf32>, memref<?xf32>
  %k = vector.constant_mask [20] : vector<32xi1>
  vector.transfer_write %w, %a[%i], %k : vector<32xf32>, memref<?xf32>
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.unroll_to_native_vectors {arch = "znver4"}
    } : !transform.any_op
    transform.yield
  }
}

// -----

// Reductions: the pieces of a super-vector are added vertically, one
// horizontal reduction at the end. Contractions become one-register-row
// contractions (FMAs); a transpose is cut into 16x16 tiles; `native_bits`
// overrides the target (128 bits: 4 x f32); a shape that is neither shorter
// than a register nor a multiple of one is left whole.
// CHECK-LABEL: func.func @reduce(
//       CHECK-COUNT-3: arith.addf {{.*}} : vector<16xf32>
//       CHECK: vector.reduction <add>, %{{.*}}, %{{.*}} : vector<16xf32> into f32
//   CHECK-NOT: vector.reduction
// CHECK-LABEL: func.func @contract(
//       CHECK-COUNT-4: vector.contract {{.*}} : vector<1x1xf32>, vector<1x16xf32> into vector<1x16xf32>
//   CHECK-NOT: vector.contract
// CHECK-LABEL: func.func @transpose(
//       CHECK-COUNT-2: vector.transpose {{.*}} : vector<16x16xf32> to vector<16x16xf32>
//   CHECK-NOT: vector.transpose
// CHECK-LABEL: func.func @narrow(
//       CHECK-COUNT-4: arith.mulf {{.*}} : vector<4xf32>
// CHECK-LABEL: func.func @odd(
//       CHECK: arith.mulf {{.*}} : vector<20xf32>
func.func @reduce(%v: vector<64xf32>, %acc: f32) -> f32 {
  %r = vector.reduction <add>, %v, %acc fastmath<reassoc> : vector<64xf32> into f32
  return %r : f32
}
func.func @contract(%a: vector<2x1xf32>, %b: vector<1x32xf32>, %c: vector<2x32xf32>) -> vector<2x32xf32> {
  %r = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                        iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>}
      %a, %b, %c : vector<2x1xf32>, vector<1x32xf32> into vector<2x32xf32>
  return %r : vector<2x32xf32>
}
func.func @transpose(%v: vector<16x32xf32>) -> vector<32x16xf32> {
  %t = vector.transpose %v, [1, 0] : vector<16x32xf32> to vector<32x16xf32>
  return %t : vector<32x16xf32>
}
func.func @narrow(%v: vector<16xf32>) -> vector<16xf32> attributes {regtile.narrow} {
  %w = arith.mulf %v, %v : vector<16xf32>
  return %w : vector<16xf32>
}
func.func @odd(%v: vector<20xf32>) -> vector<20xf32> {
  %w = arith.mulf %v, %v : vector<20xf32>
  return %w : vector<20xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %fs = transform.structured.match ops{["func.func"]} attributes{regtile.narrow} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %fs {
      transform.apply_patterns.regtile.unroll_to_native_vectors {native_bits = 128}
    } : !transform.any_op
    %all = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %all {
      transform.apply_patterns.regtile.unroll_to_native_vectors {arch = "znver4"}
    } : !transform.any_op
    transform.yield
  }
}
