// regtile-strided-copies-to-loops: a memref.copy from or into a strided
// buffer (a subview) becomes linalg.copy (loops LLVM vectorizes, not the
// runtime's memrefCopy); a copy between identity-layout buffers stays a
// memref.copy (lowered to llvm.intr.memcpy).
// RUN: %regtile-opt %s --split-input-file -p 'builtin.module(func.func(regtile-strided-copies-to-loops))' | FileCheck %s
// The whole pipeline: no memrefCopy call is left for a padded input.
// RUN: %regtile-opt %s --split-input-file -p 'builtin.module(regtile-lower-to-llvm)' | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @pad_interior
// CHECK-SAME: (%[[SRC:.*]]: memref<1x5x6x16xf32>, %[[DST:.*]]: memref<1x7x8x16xf32>)
// CHECK: %[[SUB:.*]] = memref.subview %[[DST]][0, 1, 1, 0] [1, 5, 6, 16] [1, 1, 1, 1]
// CHECK-NOT: memref.copy
// CHECK: linalg.copy ins(%[[SRC]] : memref<1x5x6x16xf32>) outs(%[[SUB]] : memref<1x5x6x16xf32, strided<[896, 128, 16, 1], offset: 144>>)
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

// CHECK-LABEL: func.func @from_strided
// CHECK: linalg.copy
func.func @from_strided(%src: memref<8x8xf32>, %dst: memref<4x4xf32>) {
  %sub = memref.subview %src[2, 2] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 18>>
  memref.copy %sub, %dst : memref<4x4xf32, strided<[8, 1], offset: 18>> to memref<4x4xf32>
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
