// regtile-strided-copies-to-loops: a memref.copy from or into a strided
// buffer (a subview) becomes loops, not the runtime's memrefCopy: along the
// run of trailing dimensions contiguous in both buffers (collapsed into one),
// native vectors of the target (in bounds where the run is a static multiple
// of the lanes, masked otherwise), or, where there is no such run of at least
// one vector, a linalg.copy (scalar loops); a copy between identity-layout
// buffers stays a memref.copy (lowered to llvm.intr.memcpy). Execution:
// strided-copies-exec.mlir.
// RUN: %regtile-opt %s --split-input-file -p 'builtin.module(func.func(regtile-strided-copies-to-loops{target=znver4}))' | FileCheck %s
// RUN: %regtile-opt %s --split-input-file -p 'builtin.module(func.func(regtile-strided-copies-to-loops{target=haswell}))' | FileCheck %s --check-prefix=AVX2
// The whole pipeline: no memrefCopy call is left for a padded input.
// RUN: %regtile-opt %s --split-input-file -p 'builtin.module(regtile-lower-to-llvm)' | FileCheck %s --check-prefix=LLVM

// The interior of a padded input: a pixel row of 6 x 16 floats is one run
// in both buffers (96 floats: 6 zmm, 12 ymm).
// CHECK-LABEL: func.func @pad_interior
// CHECK-SAME: (%[[SRC:.*]]: memref<1x5x6x16xf32>, %[[DST:.*]]: memref<1x7x8x16xf32>)
// CHECK: %[[SUB:.*]] = memref.subview %[[DST]][0, 1, 1, 0] [1, 5, 6, 16] [1, 1, 1, 1]
// CHECK-DAG: %[[FROM:.*]] = memref.collapse_shape %[[SRC]] {{\[}}[0], [1], [2, 3]] : memref<1x5x6x16xf32> into memref<1x5x96xf32>
// CHECK-DAG: %[[TO:.*]] = memref.collapse_shape %[[SUB]] {{\[}}[0], [1], [2, 3]] {{.*}} into memref<1x5x96xf32, strided<[896, 128, 1], offset: 144>>
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK: scf.for %[[N:.*]] =
// CHECK:   scf.for %[[H:.*]] =
// CHECK:     scf.for %[[W:.*]] = %{{.*}} to %{{.*}} step %[[C16]]
// CHECK:       %[[V:.*]] = vector.transfer_read %[[FROM]][%[[N]], %[[H]], %[[W]]], %{{.*}} {in_bounds = [true]} : memref<1x5x96xf32>, vector<16xf32>
// CHECK:       vector.transfer_write %[[V]], %[[TO]][%[[N]], %[[H]], %[[W]]] {in_bounds = [true]}
// CHECK-NOT: memref.copy
// CHECK-NOT: linalg.copy
// AVX2-LABEL: func.func @pad_interior
// AVX2: vector.transfer_read {{.*}} {in_bounds = [true]} : memref<1x5x96xf32>, vector<8xf32>
// LLVM-LABEL: llvm.func @pad_interior
// LLVM-NOT: memrefCopy
// LLVM: llvm.return
func.func @pad_interior(%src: memref<1x5x6x16xf32>, %dst: memref<1x7x8x16xf32>) {
  %sub = memref.subview %dst[0, 1, 1, 0] [1, 5, 6, 16] [1, 1, 1, 1]
      : memref<1x7x8x16xf32> to memref<1x5x6x16xf32, strided<[896, 128, 16, 1], offset: 144>>
  memref.copy %src, %sub : memref<1x5x6x16xf32> to memref<1x5x6x16xf32, strided<[896, 128, 16, 1], offset: 144>>
  return
}

// -----

// A run of dynamic length: masked vectors (the transfers may run past it).
// CHECK-LABEL: func.func @dynamic_run
// CHECK: %[[C64:.*]] = arith.constant 64 : index
// CHECK: scf.for
// CHECK:   scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C64]]
// CHECK:     %[[V:.*]] = vector.transfer_read %{{.*}} : memref<?x?xi8, strided<[?, 1], offset: ?>>, vector<64xi8>
// CHECK:     vector.transfer_write %[[V]], %{{.*}} : vector<64xi8>, memref<?x?xi8>
// AVX2-LABEL: func.func @dynamic_run
// AVX2: vector.transfer_read {{.*}} vector<32xi8>
// LLVM-LABEL: llvm.func @dynamic_run
// LLVM-NOT: memrefCopy
// LLVM: llvm.intr.masked.load
// LLVM: llvm.intr.masked.store
func.func @dynamic_run(%src: memref<?x?xi8, strided<[?, 1], offset: ?>>, %dst: memref<?x?xi8>) {
  memref.copy %src, %dst : memref<?x?xi8, strided<[?, 1], offset: ?>> to memref<?x?xi8>
  return
}

// -----

// Runs of 4 floats, short of a vector: scalar loops.
// CHECK-LABEL: func.func @from_strided
// CHECK-NOT: vector.transfer_read
// CHECK: linalg.copy
func.func @from_strided(%src: memref<8x8xf32>, %dst: memref<4x4xf32>) {
  %sub = memref.subview %src[2, 2] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 18>>
  memref.copy %sub, %dst : memref<4x4xf32, strided<[8, 1], offset: 18>> to memref<4x4xf32>
  return
}

// -----

// Every other column: no contiguous run, scalar loops.
// CHECK-LABEL: func.func @columns
// CHECK-NOT: vector.transfer_read
// CHECK: linalg.copy
func.func @columns(%src: memref<8x8xf32>, %dst: memref<8x4xf32>) {
  %sub = memref.subview %src[0, 0] [8, 4] [1, 2] : memref<8x8xf32> to memref<8x4xf32, strided<[8, 2]>>
  memref.copy %sub, %dst : memref<8x4xf32, strided<[8, 2]>> to memref<8x4xf32>
  return
}

// -----

// CHECK-LABEL: func.func @contiguous
// CHECK: memref.copy
// CHECK-NOT: linalg.copy
// LLVM-LABEL: llvm.func @contiguous
// LLVM: "llvm.intr.memcpy"
func.func @contiguous(%src: memref<?x16xf32>, %dst: memref<?x16xf32>) {
  memref.copy %src, %dst : memref<?x16xf32> to memref<?x16xf32>
  return
}
