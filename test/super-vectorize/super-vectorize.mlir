// IR produced by transform.regtile.super_vectorize on seed 003's examples.
// RUN: %regtile-opt %s --split-input-file --transform-interpreter --canonicalize | FileCheck %s

// Seed 003: vector_add_2d, innermost loop with virtual size 256. The
// bounds are dynamic: the loop is split into whole vectors (unmasked, every
// access in bounds) up to N floordiv 256 * 256, and the remainder, where
// the store is masked to the lanes left (and, masked so, in bounds) and
// the reads may run past N (bounds-checked, padded).
// CHECK-DAG: #[[SPLIT:.*]] = affine_map<()[s0] -> ((s0 floordiv 256) * 256)>
// CHECK-DAG: #[[LEFT:.*]] = affine_map<(d0)[s0] -> (-d0 + s0)>
// CHECK-LABEL: func.func @vector_add_2d_1d(
//  CHECK-SAME: %[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?x?xf32>, %[[C:.*]]: memref<?x?xf32>, %[[M:.*]]: index, %[[N:.*]]: index
//   CHECK-DAG:   %[[ONE:.*]] = arith.constant dense<1.000000e+00> : vector<256xf32>
//       CHECK:   affine.for %[[I:.*]] = 0 to %[[M]] {
//  CHECK-NEXT:     affine.for %[[J:.*]] = 0 to #[[SPLIT]]()[%[[N]]] step 256 {
//  CHECK-NEXT:       %[[VA:.*]] = vector.transfer_read %[[A]][%[[I]], %[[J]]], %{{.*}} {in_bounds = [true]} : memref<?x?xf32>, vector<256xf32>
//  CHECK-NEXT:       %[[VB:.*]] = vector.transfer_read %[[B]][%[[I]], %[[J]]], %{{.*}} {in_bounds = [true]} : memref<?x?xf32>, vector<256xf32>
//  CHECK-NEXT:       %[[S:.*]] = arith.addf %[[VA]], %[[VB]] : vector<256xf32>
//  CHECK-NEXT:       %[[T:.*]] = arith.addf %[[S]], %[[ONE]] : vector<256xf32>
//  CHECK-NEXT:       vector.transfer_write %[[T]], %[[C]][%[[I]], %[[J]]] {in_bounds = [true]} : vector<256xf32>, memref<?x?xf32>
//  CHECK-NEXT:     } {vectorized}
//  CHECK-NEXT:     affine.for %[[J:.*]] = #[[SPLIT]]()[%[[N]]] to %[[N]] step 256 {
//  CHECK-NEXT:       %[[L:.*]] = affine.apply #[[LEFT]](%[[J]])[%[[N]]]
//  CHECK-NEXT:       %[[VA:.*]] = vector.transfer_read %[[A]][%[[I]], %[[J]]], %{{.*}} : memref<?x?xf32>, vector<256xf32>
//  CHECK-NEXT:       %[[VB:.*]] = vector.transfer_read %[[B]][%[[I]], %[[J]]], %{{.*}} : memref<?x?xf32>, vector<256xf32>
//  CHECK-NEXT:       %[[S:.*]] = arith.addf %[[VA]], %[[VB]] : vector<256xf32>
//  CHECK-NEXT:       %[[T:.*]] = arith.addf %[[S]], %[[ONE]] : vector<256xf32>
//  CHECK-NEXT:       %[[MASK:.*]] = vector.create_mask %[[L]] : vector<256xi1>
//  CHECK-NEXT:       vector.transfer_write %[[T]], %[[C]][%[[I]], %[[J]]], %[[MASK]] {in_bounds = [true]} : vector<256xf32>, memref<?x?xf32>
//  CHECK-NEXT:     } {vectorized}
// CHECK: transform.annotate
func.func @vector_add_2d_1d(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %M: index, %N: index) {
  %f1 = arith.constant 1.0 : f32
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %b = affine.load %B[%i, %j] : memref<?x?xf32>
      %s = arith.addf %a, %b : f32
      %t = arith.addf %s, %f1 : f32
      affine.store %t, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loops = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.op<"affine.for">
    %inner, %outer = transform.split_handle %loops : (!transform.op<"affine.for">) -> (!transform.op<"affine.for">, !transform.op<"affine.for">)
    %v = transform.regtile.super_vectorize %inner {vector_sizes = array<i64: 256>} : (!transform.op<"affine.for">) -> !transform.any_op
    transform.annotate %v "vectorized" : !transform.any_op
    transform.yield
  }
}

// -----

// Seed 003: vector_add_2d with virtual vector<32x256xf32> (pattern [1, 0]:
// the outer loop varies along memref dim 1 from the fastest). Static bounds
// that are multiples of the sizes: no masks, every access in bounds. The
// handles hold the loops of each vector dimension.
// CHECK-LABEL: func.func @vector_add_2d_2d(
//       CHECK:   affine.for %[[I:.*]] = 0 to 64 step 32 {
//  CHECK-NEXT:     affine.for %[[J:.*]] = 0 to 512 step 256 {
//  CHECK-NEXT:       vector.transfer_read %{{.*}}[%[[I]], %[[J]]], %{{.*}} {in_bounds = [true, true]} : memref<64x512xf32>, vector<32x256xf32>
//  CHECK-NEXT:       vector.transfer_read %{{.*}}[%[[I]], %[[J]]], %{{.*}} {in_bounds = [true, true]} : memref<64x512xf32>, vector<32x256xf32>
//  CHECK-NEXT:       arith.addf %{{.*}} : vector<32x256xf32>
//   CHECK-NOT:       create_mask
//       CHECK:       vector.transfer_write %{{.*}}, %{{.*}}[%[[I]], %[[J]]] {in_bounds = [true, true]} : vector<32x256xf32>, memref<64x512xf32>
//       CHECK:     } {inner}
//       CHECK:   } {outer}
func.func @vector_add_2d_2d(%A: memref<64x512xf32>, %B: memref<64x512xf32>, %C: memref<64x512xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 512 {
      %a = affine.load %A[%i, %j] : memref<64x512xf32>
      %b = affine.load %B[%i, %j] : memref<64x512xf32>
      %s = arith.addf %a, %b : f32
      affine.store %s, %C[%i, %j] : memref<64x512xf32>
    }
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loops = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.op<"affine.for">
    %inner, %outer = transform.split_handle %loops : (!transform.op<"affine.for">) -> (!transform.op<"affine.for">, !transform.op<"affine.for">)
    %r, %c = transform.regtile.super_vectorize %outer {vector_sizes = array<i64: 32, 256>, fastest_varying_pattern = array<i64: 1, 0>} : (!transform.op<"affine.for">) -> (!transform.any_op, !transform.any_op)
    transform.annotate %r "outer" : !transform.any_op
    transform.annotate %c "inner" : !transform.any_op
    transform.yield
  }
}

// -----

// Seed 003: vecred with virtual size 128 and 500 iterations: a vector
// accumulator over whole vectors (no mask: 0 to 384), then the remainder,
// which continues the accumulation with the last step masked by a select,
// then one vector.reduction combined with the initial value (not the
// neutral element here).
// CHECK-DAG: #[[LEFT:.*]] = affine_map<(d0) -> (-d0 + 500)>
// CHECK-LABEL: func.func @vecred(
//   CHECK-DAG:   %[[INIT:.*]] = arith.constant 5.000000e-01 : f32
//   CHECK-DAG:   %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<128xf32>
//       CHECK:   %[[MAIN:.*]] = affine.for %[[I:.*]] = 0 to 384 step 128 iter_args(%[[PART:.*]] = %[[ZERO]]) -> (vector<128xf32>) {
//  CHECK-NEXT:     %[[V:.*]] = vector.transfer_read %{{.*}}[%[[I]]], %{{.*}} {in_bounds = [true]} : memref<512xf32>, vector<128xf32>
//  CHECK-NEXT:     %[[ADD:.*]] = arith.addf %[[PART]], %[[V]] fastmath<reassoc> : vector<128xf32>
//  CHECK-NEXT:     affine.yield %[[ADD]] : vector<128xf32>
//       CHECK:   %[[ACC:.*]] = affine.for %[[I:.*]] = 384 to 500 step 128 iter_args(%[[PART:.*]] = %[[MAIN]]) -> (vector<128xf32>) {
//  CHECK-NEXT:     %[[L:.*]] = affine.apply #[[LEFT]](%[[I]])
//  CHECK-NEXT:     %[[MASK:.*]] = vector.create_mask %[[L]] : vector<128xi1>
//  CHECK-NEXT:     %[[V:.*]] = vector.transfer_read %{{.*}}[%[[I]]], %{{.*}} : memref<512xf32>, vector<128xf32>
//  CHECK-NEXT:     %[[SEL:.*]] = arith.select %[[MASK]], %[[V]], %[[ZERO]] : vector<128xi1>, vector<128xf32>
//  CHECK-NEXT:     %[[ADD:.*]] = arith.addf %[[PART]], %[[SEL]] fastmath<reassoc> : vector<128xf32>
//  CHECK-NEXT:     affine.yield %[[ADD]] : vector<128xf32>
//       CHECK:   %[[R:.*]] = vector.reduction <add>, %[[ACC]] : vector<128xf32> into f32
//       CHECK:   arith.addf %[[R]], %[[INIT]] : f32
func.func @vecred(%in: memref<512xf32>) -> f32 {
  %cst = arith.constant 0.5 : f32
  %sum = affine.for %i = 0 to 500 iter_args(%part = %cst) -> (f32) {
    %ld = affine.load %in[%i] : memref<512xf32>
    %add = arith.addf %part, %ld fastmath<reassoc> : f32
    affine.yield %add : f32
  }
  return %sum : f32
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loop = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.any_op
    %v = transform.regtile.super_vectorize %loop {vector_sizes = array<i64: 128>, vectorize_reductions} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Default size: the target's lanes for the widest element type accessed
// (i8 loaded, i32 stored: 16 lanes on AVX-512, 8 on AVX2).
// CHECK-LABEL: func.func @widen_avx512(
//       CHECK:   affine.for %{{.*}} = 0 to 96 step 16 {
//       CHECK:     vector.transfer_read {{.*}} {in_bounds = [true]} : memref<100xi8>, vector<16xi8>
//       CHECK:     arith.extsi {{.*}} : vector<16xi8> to vector<16xi32>
//       CHECK:   affine.for %{{.*}} = 96 to 100 step 16 {
//       CHECK:     vector.create_mask %{{.*}} : vector<16xi1>
// CHECK-LABEL: func.func @widen_avx2(
//       CHECK:   affine.for %{{.*}} = 0 to 96 step 8 {
//       CHECK:     vector.transfer_read {{.*}} vector<8xi8>
//       CHECK:   affine.for %{{.*}} = 96 to 100 step 8 {
func.func @widen_avx512(%in: memref<100xi8>, %out: memref<100xi32>) {
  affine.for %i = 0 to 100 {
    %x = affine.load %in[%i] : memref<100xi8>
    %y = arith.extsi %x : i8 to i32
    affine.store %y, %out[%i] : memref<100xi32>
  }
  return
}
func.func @widen_avx2(%in: memref<100xi8>, %out: memref<100xi32>) attributes {regtile.target = "haswell"} {
  affine.for %i = 0 to 100 {
    %x = affine.load %in[%i] : memref<100xi8>
    %y = arith.extsi %x : i8 to i32
    affine.store %y, %out[%i] : memref<100xi32>
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f1 = transform.structured.match ops{["func.func"]} attributes{sym_name = "widen_avx512"} in %root : (!transform.any_op) -> !transform.any_op
    %l1 = transform.structured.match ops{["affine.for"]} in %f1 : (!transform.any_op) -> !transform.any_op
    %v1 = transform.regtile.super_vectorize %l1 {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    %f2 = transform.structured.match ops{["func.func"]} attributes{sym_name = "widen_avx2"} in %root : (!transform.any_op) -> !transform.any_op
    %l2 = transform.structured.match ops{["affine.for"]} in %f2 : (!transform.any_op) -> !transform.any_op
    %v2 = transform.regtile.super_vectorize %l2 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// mask_partial_vectors: no split; the store is masked on every iteration,
// the reads stay bounds-checked.
// CHECK-DAG: #[[LEFT:.*]] = affine_map<(d0)[s0] -> (-d0 + s0)>
// CHECK-LABEL: func.func @masked_throughout(
//  CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[N:.*]]: index
//       CHECK:   affine.for %[[I:.*]] = 0 to %[[N]] step 64 {
//  CHECK-NEXT:     %[[L:.*]] = affine.apply #[[LEFT]](%[[I]])[%[[N]]]
//  CHECK-NEXT:     %[[V:.*]] = vector.transfer_read %[[X]][%[[I]]], %{{.*}} : memref<?xf32>, vector<64xf32>
//  CHECK-NEXT:     %[[W:.*]] = arith.mulf %[[V]], %[[V]] : vector<64xf32>
//  CHECK-NEXT:     %[[MASK:.*]] = vector.create_mask %[[L]] : vector<64xi1>
//  CHECK-NEXT:     vector.transfer_write %[[W]], %[[X]][%[[I]]], %[[MASK]] {in_bounds = [true]} : vector<64xf32>, memref<?xf32>
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return
func.func @masked_throughout(%X: memref<?xf32>, %n: index) {
  affine.for %i = 0 to %n {
    %x = affine.load %X[%i] : memref<?xf32>
    %y = arith.mulf %x, %x : f32
    affine.store %y, %X[%i] : memref<?xf32>
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loop = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.any_op
    %v = transform.regtile.super_vectorize %loop {vector_sizes = array<i64: 64>, mask_partial_vectors} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
