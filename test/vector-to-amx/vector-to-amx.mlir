// regtile-vector-to-amx: VNNI-layout contractions on AMX tiles, the
// accumulator carried by the reduction loop as a tile (no stack buffer in
// the loop), loaded from and stored to C directly, zero accumulators as
// tile_zero; masked operands, other element types and targets without AMX
// left to the vector lowering.
// RUN: %regtile-opt %s -split-input-file -p 'builtin.module(func.func(regtile-vector-to-amx{target=sapphirerapids}))' | FileCheck %s
// RUN: %regtile-opt %s -split-input-file -p 'builtin.module(func.func(regtile-vector-to-amx{target=znver4}))' | FileCheck %s --check-prefix=NOAMX

// NOAMX-NOT: amx.

#mA = affine_map<(m, n, k, v) -> (m, k, v)>
#mB = affine_map<(m, n, k, v) -> (k, n, v)>
#mC = affine_map<(m, n, k, v) -> (m, n)>

// CHECK-LABEL: func.func @carried
// CHECK-NOT: memref.alloca
// CHECK: %[[INIT:.*]] = amx.tile_load %[[C:.*]][%{{.*}}, %{{.*}}] : memref<16x16xf32, strided<[64, 1], offset: ?>> into !amx.tile<16x16xf32>
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (!amx.tile<16x16xf32>)
// CHECK:   %[[A:.*]] = amx.tile_load {{.*}} into !amx.tile<16x32xbf16>
// CHECK:   %[[B:.*]] = amx.tile_load {{.*}} into !amx.tile<16x32xbf16>
// CHECK:   %[[P:.*]] = amx.tile_mulf %[[A]], %[[B]], %[[ACC]]
// CHECK:   scf.yield %[[P]] : !amx.tile<16x16xf32>
// CHECK: amx.tile_store %[[C]][%{{.*}}, %{{.*}}], %[[R]]
// CHECK-NOT: memref.alloca
// CHECK: return
func.func @carried(%A: memref<64x64x2xbf16>, %B: memref<64x64x2xbf16>, %C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %pb = arith.constant 0.0 : bf16
  %pf = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c64 step %c16 {
    scf.for %j = %c0 to %c64 step %c16 {
      %sc = memref.subview %C[%i, %j] [16, 16] [1, 1] : memref<64x64xf32> to memref<16x16xf32, strided<[64, 1], offset: ?>>
      %acc0 = vector.transfer_read %sc[%c0, %c0], %pf {in_bounds = [true, true]} : memref<16x16xf32, strided<[64, 1], offset: ?>>, vector<16x16xf32>
      %r = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %acc0) -> (vector<16x16xf32>) {
        %a = vector.transfer_read %A[%i, %k, %c0], %pb {in_bounds = [true, true, true]} : memref<64x64x2xbf16>, vector<16x16x2xbf16>
        %b = vector.transfer_read %B[%k, %j, %c0], %pb {in_bounds = [true, true, true]} : memref<64x64x2xbf16>, vector<16x16x2xbf16>
        %u = vector.contract {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<16x16x2xbf16>, vector<16x16x2xbf16> into vector<16x16xf32>
        scf.yield %u : vector<16x16xf32>
      }
      vector.transfer_write %r, %sc[%c0, %c0] {in_bounds = [true, true]} : vector<16x16xf32>, memref<16x16xf32, strided<[64, 1], offset: ?>>
    }
  }
  return
}

// -----

#mA = affine_map<(m, n, k, v) -> (m, k, v)>
#mB = affine_map<(m, n, k, v) -> (k, n, v)>
#mC = affine_map<(m, n, k, v) -> (m, n)>

// i8 x i8 (signed, as the vector lowering reads it) with a zero
// accumulator; the result used as a vector (an epilogue): stored once
// after the loop into a buffer at the function's entry, read back.
// CHECK-LABEL: func.func @zero_init_vector_result
// CHECK: %[[BUF:.*]] = memref.alloca() : memref<16x16xi32>
// CHECK: scf.for
// CHECK:   %[[Z:.*]] = amx.tile_zero : !amx.tile<16x16xi32>
// CHECK:   %[[R:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[Z]]) -> (!amx.tile<16x16xi32>)
// CHECK:     amx.tile_muli %{{[0-9]+}}, %{{[0-9]+}}, %[[ACC]] : !amx.tile<16x64xi8>, !amx.tile<16x64xi8>, !amx.tile<16x16xi32>
// CHECK:   amx.tile_store %[[BUF]][%{{.*}}, %{{.*}}], %[[R]]
// CHECK:   %[[V:.*]] = vector.transfer_read %[[BUF]]
// CHECK:   arith.maxsi %[[V]]
func.func @zero_init_vector_result(%A: memref<16x64x4xi8>, %B: memref<64x16x4xi8>, %C: memref<64x16xi32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %pi = arith.constant 0 : i8
  %zero = arith.constant dense<0> : vector<16x16xi32>
  scf.for %i = %c0 to %c64 step %c16 {
    %r = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %zero) -> (vector<16x16xi32>) {
      %a = vector.transfer_read %A[%c0, %k, %c0], %pi {in_bounds = [true, true, true]} : memref<16x64x4xi8>, vector<16x16x4xi8>
      %b = vector.transfer_read %B[%k, %c0, %c0], %pi {in_bounds = [true, true, true]} : memref<64x16x4xi8>, vector<16x16x4xi8>
      %u = vector.contract {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<16x16x4xi8>, vector<16x16x4xi8> into vector<16x16xi32>
      scf.yield %u : vector<16x16xi32>
    }
    %relu = arith.maxsi %r, %zero : vector<16x16xi32>
    vector.transfer_write %relu, %C[%i, %c0] {in_bounds = [true, true]} : vector<16x16xi32>, memref<64x16xi32>
  }
  return
}

// -----

#mA = affine_map<(m, n, k, v) -> (m, k, v)>
#mB = affine_map<(m, n, k, v) -> (k, n, v)>
#mC = affine_map<(m, n, k, v) -> (m, n)>

// A masked operand (an edge tile) and an f32 contraction stay vectors.
// CHECK-LABEL: func.func @masked_and_f32
// CHECK-NOT: amx.
// CHECK: vector.contract
// CHECK: vector.contract
// CHECK-NOT: amx.
func.func @masked_and_f32(%A: memref<16x16x2xbf16>, %B: memref<16x16x2xbf16>, %F: memref<16x16x1xf32>, %m: vector<16x16x2xi1>, %acc: vector<16x16xf32>) -> (vector<16x16xf32>, vector<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %pb = arith.constant 0.0 : bf16
  %pf = arith.constant 0.0 : f32
  %a = vector.transfer_read %A[%c0, %c0, %c0], %pb, %m {in_bounds = [true, true, true]} : memref<16x16x2xbf16>, vector<16x16x2xbf16>
  %b = vector.transfer_read %B[%c0, %c0, %c0], %pb {in_bounds = [true, true, true]} : memref<16x16x2xbf16>, vector<16x16x2xbf16>
  %u = vector.contract {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<16x16x2xbf16>, vector<16x16x2xbf16> into vector<16x16xf32>
  %f = vector.transfer_read %F[%c0, %c0, %c0], %pf {in_bounds = [true, true, true]} : memref<16x16x1xf32>, vector<16x16x1xf32>
  %w = vector.contract {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction", "reduction"], kind = #vector.kind<add>} %f, %f, %acc : vector<16x16x1xf32>, vector<16x16x1xf32> into vector<16x16xf32>
  return %u, %w : vector<16x16xf32>, vector<16x16xf32>
}

// -----

#mA = affine_map<(m, n, k, v) -> (m, k, v)>
#mB = affine_map<(m, n, k, v) -> (k, n, v)>
#mC = affine_map<(m, n, k, v) -> (m, n)>

// 2 x 2 accumulators: each operand is loaded once for its two products
// (upstream loads it per product: 8 loads, 12 tiles of the 8), and every
// accumulator is loaded from C and stored there, past the others' round
// trips through their buffers.
// CHECK-LABEL: func.func @two_by_two
// CHECK-NOT: memref.alloca
// CHECK-COUNT-4: amx.tile_load %{{.*}} : memref<32x32xf32, strided<[64, 1]>> into !amx.tile<16x16xf32>
// CHECK: scf.for
// CHECK-COUNT-4: amx.tile_load
// CHECK-NOT: amx.tile_load
// CHECK-COUNT-4: amx.tile_mulf
// CHECK: scf.yield
// CHECK-COUNT-4: amx.tile_store
// CHECK-NOT: memref.alloca
func.func @two_by_two(%A: memref<32x64x2xbf16>, %B: memref<64x32x2xbf16>, %C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %pb = arith.constant 0.0 : bf16
  %pf = arith.constant 0.0 : f32
  %sc = memref.subview %C[0, 0] [32, 32] [1, 1] : memref<64x64xf32> to memref<32x32xf32, strided<[64, 1]>>
  %c00 = vector.transfer_read %sc[%c0, %c0], %pf {in_bounds = [true, true]} : memref<32x32xf32, strided<[64, 1]>>, vector<16x16xf32>
  %c01 = vector.transfer_read %sc[%c0, %c16], %pf {in_bounds = [true, true]} : memref<32x32xf32, strided<[64, 1]>>, vector<16x16xf32>
  %c10 = vector.transfer_read %sc[%c16, %c0], %pf {in_bounds = [true, true]} : memref<32x32xf32, strided<[64, 1]>>, vector<16x16xf32>
  %c11 = vector.transfer_read %sc[%c16, %c16], %pf {in_bounds = [true, true]} : memref<32x32xf32, strided<[64, 1]>>, vector<16x16xf32>
  %r:4 = scf.for %k = %c0 to %c64 step %c16 iter_args(%x00 = %c00, %x01 = %c01, %x10 = %c10, %x11 = %c11) -> (vector<16x16xf32>, vector<16x16xf32>, vector<16x16xf32>, vector<16x16xf32>) {
    %a0 = vector.transfer_read %A[%c0, %k, %c0], %pb {in_bounds = [true, true, true]} : memref<32x64x2xbf16>, vector<16x16x2xbf16>
    %a1 = vector.transfer_read %A[%c16, %k, %c0], %pb {in_bounds = [true, true, true]} : memref<32x64x2xbf16>, vector<16x16x2xbf16>
    %b0 = vector.transfer_read %B[%k, %c0, %c0], %pb {in_bounds = [true, true, true]} : memref<64x32x2xbf16>, vector<16x16x2xbf16>
    %b1 = vector.transfer_read %B[%k, %c16, %c0], %pb {in_bounds = [true, true, true]} : memref<64x32x2xbf16>, vector<16x16x2xbf16>
    %y00 = vector.contract {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction", "reduction"], kind = #vector.kind<add>} %a0, %b0, %x00 : vector<16x16x2xbf16>, vector<16x16x2xbf16> into vector<16x16xf32>
    %y01 = vector.contract {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction", "reduction"], kind = #vector.kind<add>} %a0, %b1, %x01 : vector<16x16x2xbf16>, vector<16x16x2xbf16> into vector<16x16xf32>
    %y10 = vector.contract {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction", "reduction"], kind = #vector.kind<add>} %a1, %b0, %x10 : vector<16x16x2xbf16>, vector<16x16x2xbf16> into vector<16x16xf32>
    %y11 = vector.contract {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction", "reduction"], kind = #vector.kind<add>} %a1, %b1, %x11 : vector<16x16x2xbf16>, vector<16x16x2xbf16> into vector<16x16xf32>
    scf.yield %y00, %y01, %y10, %y11 : vector<16x16xf32>, vector<16x16xf32>, vector<16x16xf32>, vector<16x16xf32>
  }
  vector.transfer_write %r#0, %sc[%c0, %c0] {in_bounds = [true, true]} : vector<16x16xf32>, memref<32x32xf32, strided<[64, 1]>>
  vector.transfer_write %r#1, %sc[%c0, %c16] {in_bounds = [true, true]} : vector<16x16xf32>, memref<32x32xf32, strided<[64, 1]>>
  vector.transfer_write %r#2, %sc[%c16, %c0] {in_bounds = [true, true]} : vector<16x16xf32>, memref<32x32xf32, strided<[64, 1]>>
  vector.transfer_write %r#3, %sc[%c16, %c16] {in_bounds = [true, true]} : vector<16x16xf32>, memref<32x32xf32, strided<[64, 1]>>
  return
}
