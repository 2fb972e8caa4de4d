// regtile-streaming-stores versions loops marked regtile.streaming_stores:
// the aligned full-vector stores of the copy become non-temporal behind a
// runtime alignment check, and the original loop is the fallback.
// RUN: %regtile-opt %s --split-input-file -p 'builtin.module(regtile-streaming-stores{target=skylake-avx512})' | FileCheck %s
// RUN: %regtile-opt %s --split-input-file -p 'builtin.module(regtile-streaming-stores{target=haswell})' | FileCheck %s --check-prefix=AVX2

// Static shapes: only the base pointer is checked at runtime; both store
// forms stream; the row index needs no proof (rows are 256 bytes), the
// column index is a multiple of 16 floats.
// CHECK-LABEL: func.func @static_copy
// CHECK-SAME: (%[[SRC:.*]]: memref<64x64xf32>, %[[DST:.*]]: memref<64x64xf32>)
// CHECK: %[[PTR:.*]] = memref.extract_aligned_pointer_as_index %[[DST]]
// CHECK: %[[LOW:.*]] = arith.andi %[[PTR]], %c63
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[LOW]], %c0
// CHECK: scf.if %[[OK]] {
// CHECK:   scf.for
// CHECK:     vector.store %{{.*}}, %[[DST]][%{{.*}}, %c0{{.*}}] {alignment = 64 : i64, nontemporal = true} : memref<64x64xf32>, vector<16xf32>
// CHECK:     vector.store %{{.*}}, %[[DST]][%{{.*}}, %c16{{.*}}] {alignment = 64 : i64, nontemporal = true} : memref<64x64xf32>, vector<16xf32>
// CHECK:   }
// CHECK:   llvm.call_intrinsic "llvm.x86.sse.sfence"()
// CHECK: } else {
// CHECK:   scf.for
// CHECK-NOT: regtile.streaming_stores
// CHECK:     vector.transfer_write %{{.*}}, %[[DST]]
// CHECK-NOT: nontemporal
// CHECK:     vector.store %{{.*}}, %[[DST]]
// CHECK-NOT: nontemporal
// CHECK: }
// On AVX2 the same stores stream with 32-byte alignment.
// AVX2-LABEL: func.func @static_copy
// AVX2: arith.andi %{{.*}}, %c31
// AVX2: vector.store {{.*}} {alignment = 32 : i64, nontemporal = true} : memref<64x64xf32>, vector<16xf32>
func.func @static_copy(%src: memref<64x64xf32>, %dst: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c64 step %c1 {
    %v0 = vector.load %src[%i, %c0] : memref<64x64xf32>, vector<16xf32>
    %v1 = vector.load %src[%i, %c16] : memref<64x64xf32>, vector<16xf32>
    vector.transfer_write %v0, %dst[%i, %c0] {in_bounds = [true]} : vector<16xf32>, memref<64x64xf32>
    vector.store %v1, %dst[%i, %c16] : memref<64x64xf32>, vector<16xf32>
  } {regtile.streaming_stores}
  return
}

// -----

// Dynamic offset and strides: they are checked at runtime too. The column
// index is proven aligned through the loop's step and arithmetic.
// CHECK-LABEL: func.func @dynamic_layout
// CHECK-SAME: %[[DST:[a-z0-9]+]]: memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK: memref.extract_aligned_pointer_as_index %[[DST]]
// CHECK: %[[BASE:.*]], %[[OFF:.*]], %[[SIZES:.*]]:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %[[DST]]
// CHECK: %[[OB:.*]] = arith.muli %[[OFF]], %c4
// CHECK: arith.andi %[[OB]], %c63
// CHECK: %[[SB:.*]] = arith.muli %[[STRIDES]]#0, %c4
// CHECK: arith.andi %[[SB]], %c63
// CHECK: scf.if
// CHECK:   vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
// CHECK: } else {
func.func @dynamic_layout(%src: memref<?x?xf32>,
                          %dst: memref<?x?xf32, strided<[?, 1], offset: ?>>,
                          %rows: index, %cols: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c2 {
      %col = arith.muli %j, %c8 : index
      %v = vector.load %src[%i, %col] : memref<?x?xf32>, vector<16xf32>
      vector.store %v, %dst[%i, %col] : memref<?x?xf32, strided<[?, 1], offset: ?>>, vector<16xf32>
    }
  } {regtile.streaming_stores}
  return
}

// -----

// Only the stores that qualify stream: a masked write, an out-of-bounds
// write and a 4-byte-aligned column stay as they are. Loop results are
// carried through the version check.
// CHECK-LABEL: func.func @mixed
// CHECK: %[[R:.*]] = scf.if %{{.*}} -> (f32) {
// CHECK:   %[[S:.*]] = scf.for {{.*}} -> (f32)
// CHECK:     vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
// CHECK:     vector.transfer_write {{.*}}, %{{.*}} {in_bounds = [true]} : vector<16xf32>, memref<64x80xf32>
// CHECK:     vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : vector<16xf32>, memref<64x80xf32>
// CHECK:     vector.store {{.*}}[%{{.*}}, %c1] : memref<64x80xf32>, vector<16xf32>
// CHECK:   llvm.call_intrinsic "llvm.x86.sse.sfence"
// CHECK:   scf.yield %[[S]] : f32
// CHECK: } else {
// CHECK: return %[[R]] : f32
func.func @mixed(%dst: memref<64x80xf32>, %v: vector<16xf32>, %m: vector<16xi1>,
                 %j: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %init = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %init) -> (f32) {
    vector.store %v, %dst[%i, %c0] : memref<64x80xf32>, vector<16xf32>
    vector.transfer_write %v, %dst[%i, %c0], %m {in_bounds = [true]} : vector<16xf32>, memref<64x80xf32>
    vector.transfer_write %v, %dst[%i, %j] {in_bounds = [false]} : vector<16xf32>, memref<64x80xf32>
    vector.store %v, %dst[%i, %c1] : memref<64x80xf32>, vector<16xf32>
    %e = vector.extract %v[0] : f32 from vector<16xf32>
    %s = arith.addf %acc, %e : f32
    scf.yield %s : f32
  } {regtile.streaming_stores}
  return %r : f32
}

// -----

// Subviews taken inside the loop are folded into the store indices first.
// CHECK-LABEL: func.func @subview_in_loop
// CHECK-SAME: %[[DST:[a-z0-9]+]]: memref<16x32x32xf32>
// CHECK: scf.if
// CHECK:   scf.for %[[I:.*]] =
// CHECK-NOT: memref.subview
// CHECK:     vector.store %{{.*}}, %[[DST]][%[[I]], %{{.*}}, %{{.*}}] {alignment = 64 : i64, nontemporal = true}
// CHECK: } else {
// CHECK:   memref.subview
func.func @subview_in_loop(%dst: memref<16x32x32xf32>, %v: vector<32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c5 = arith.constant 5 : index
  scf.for %i = %c0 to %c16 step %c1 {
    %tile = memref.subview %dst[%i, 0, 0] [1, 32, 32] [1, 1, 1] : memref<16x32x32xf32> to memref<32x32xf32, strided<[32, 1], offset: ?>>
    vector.store %v, %tile[%c5, %c0] : memref<32x32xf32, strided<[32, 1], offset: ?>>, vector<32xf32>
  } {regtile.streaming_stores}
  return
}

// -----

// Affine loops (what super_vectorize produces): the column index is an
// affine.for iv whose lower bound (a max of two multiples of 16) and step
// (32) are multiples of the 16 floats of a zmm store, and an affine.apply
// of it plus 16.
// CHECK-LABEL: func.func @affine_rows
// CHECK: scf.if
// CHECK:   affine.for %[[I:.*]] = 0 to %{{.*}} {
// CHECK:     affine.for %[[J:.*]] = max
// CHECK:       vector.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]] {alignment = 64 : i64, nontemporal = true}
// CHECK:       vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
// CHECK:   llvm.call_intrinsic "llvm.x86.sse.sfence"()
// CHECK: } else {
func.func @affine_rows(%src: memref<?x?xf32>, %dst: memref<?x?xf32>, %m: index, %n: index, %a: index, %b: index) {
  affine.for %i = 0 to %m {
    affine.for %j = max affine_map<()[s0, s1] -> (s0 * 16, s1 * 32)>()[%a, %b] to %n step 32 {
      %j16 = affine.apply affine_map<(d0) -> (d0 + 16)>(%j)
      %v0 = vector.load %src[%i, %j] : memref<?x?xf32>, vector<16xf32>
      %v1 = vector.load %src[%i, %j16] : memref<?x?xf32>, vector<16xf32>
      vector.store %v0, %dst[%i, %j] : memref<?x?xf32>, vector<16xf32>
      vector.store %v1, %dst[%i, %j16] : memref<?x?xf32>, vector<16xf32>
    }
  } {regtile.streaming_stores}
  return
}
