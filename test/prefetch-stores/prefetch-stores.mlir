// regtile-prefetch-stores: before each 1-D vector store of a loop marked
// regtile.prefetch_stores = D, one prefetch for write per 64-byte line of
// the stored vector, D bytes past the store's address.
// RUN: %regtile-opt %s --split-input-file -p 'builtin.module(regtile-prefetch-stores)' | FileCheck %s

// Static layout: address = base + (i * 64 + j) * 4 + D (+ 64 for the second
// line of a 128-byte vector).
// CHECK-LABEL: func.func @rows
// CHECK-SAME: %[[SRC:[a-z0-9]+]]: memref<64x64xf32>, %[[DST:[a-z0-9]+]]: memref<64x64xf32>
// CHECK: %[[BASE:.*]] = memref.extract_aligned_pointer_as_index %[[DST]]
// CHECK: scf.for %[[I:.*]] =
// CHECK:   scf.for %[[J:.*]] =
// CHECK:     %[[V:.*]] = vector.load %[[SRC]]
// CHECK:     %[[ROW:.*]] = arith.muli %[[I]], %{{.*}} : index
// CHECK:     %[[COL:.*]] = arith.muli %[[J]], %{{.*}} : index
// CHECK:     %[[LIN:.*]] = arith.addi %{{.*}}, %[[COL]] : index
// CHECK:     %[[BYTES:.*]] = arith.muli %[[LIN]], %c4 : index
// CHECK:     %[[FIRST:.*]] = arith.addi %[[BASE]], %[[BYTES]] : index
// CHECK:     %[[A0:.*]] = arith.addi %[[FIRST]], %c512 : index
// CHECK:     %[[I0:.*]] = arith.index_cast %[[A0]] : index to i64
// CHECK:     %[[P0:.*]] = llvm.inttoptr %[[I0]] : i64 to !llvm.ptr
// CHECK:     "llvm.intr.prefetch"(%[[P0]]) <{cache = 1 : i32, hint = 3 : i32, rw = 1 : i32}>
// CHECK:     arith.addi %[[A0]], %c64{{(_[0-9]+)?}} : index
// CHECK:     "llvm.intr.prefetch"
// CHECK-NOT: "llvm.intr.prefetch"
// CHECK:     vector.store %[[V]], %[[DST]][%[[I]], %[[J]]]
// CHECK-NOT: regtile.prefetch_stores
func.func @rows(%src: memref<64x64xf32>, %dst: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c1 {
    scf.for %j = %c0 to %c64 step %c32 {
      %v = vector.load %src[%i, %j] : memref<64x64xf32>, vector<32xf32>
      vector.store %v, %dst[%i, %j] : memref<64x64xf32>, vector<32xf32>
    }
  } {regtile.prefetch_stores = 512 : i64}
  return
}

// -----

// Dynamic layout: offset and strides from the buffer's metadata, built
// before the loop; masked and out-of-bounds writes get prefetches too (a
// prefetch never faults); so does a store into a buffer made inside the
// loop (the subview of a tile), its address built where the buffer is.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: %[[DST:[a-z0-9]+]]: memref<?x?xi8, strided<[?, 1], offset: ?>>
// CHECK: memref.extract_aligned_pointer_as_index %[[DST]]
// CHECK: %{{.*}}, %[[OFF:.*]], %{{.*}}:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %[[DST]]
// CHECK: scf.for
// CHECK:   arith.muli %{{.*}}, %[[STRIDES]]#0 : index
// CHECK:   "llvm.intr.prefetch"
// CHECK-NEXT: vector.maskedstore
// CHECK:   "llvm.intr.prefetch"
// CHECK-NEXT: vector.transfer_write
// CHECK:   %[[TILE:.*]] = memref.subview %[[DST]]
// CHECK-NEXT: memref.extract_aligned_pointer_as_index %[[TILE]]
// CHECK-NEXT: memref.extract_strided_metadata %[[TILE]]
// CHECK:   "llvm.intr.prefetch"
// CHECK-NEXT: vector.store %{{.*}}, %[[TILE]]
func.func @dynamic(%dst: memref<?x?xi8, strided<[?, 1], offset: ?>>, %v: vector<64xi8>,
                   %m: vector<64xi1>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    vector.maskedstore %dst[%i, %c0], %m, %v : memref<?x?xi8, strided<[?, 1], offset: ?>>, vector<64xi1>, vector<64xi8>
    vector.transfer_write %v, %dst[%i, %n] : vector<64xi8>, memref<?x?xi8, strided<[?, 1], offset: ?>>
    %t = memref.subview %dst[%i, 0] [1, 64] [1, 1] : memref<?x?xi8, strided<[?, 1], offset: ?>> to memref<64xi8, strided<[1], offset: ?>>
    vector.store %v, %t[%c0] : memref<64xi8, strided<[1], offset: ?>>, vector<64xi8>
  } {regtile.prefetch_stores = 4096 : i64}
  return
}
