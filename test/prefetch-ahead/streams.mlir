// regtile-prefetch-ahead with regtile.prefetch_streams_ahead = S: the
// scalar streams of the marked loop (accesses that move by less than a
// cache line, but not zero, per iteration: a GEMM micro-kernel's broadcast
// elements of A) get a prefetch of the address they will have S iterations
// later; the accesses regtile.prefetch_ahead = K covers (a line or more per
// iteration) keep K; accesses that stay put, or that move by less than a
// line per iteration of a loop between them and the marked one, get
// nothing. Without regtile.prefetch_ahead, only the streams are prefetched.
// A stream's prefetch is a memref.prefetch of its root buffer (lowered to a
// GEP from the same base as the access, without `inbounds`).
// RUN: %regtile-opt %s --split-input-file -p 'builtin.module(regtile-prefetch-ahead)' 2>/dev/null | FileCheck %s

// The micro-kernel shape: per k, a row of B (64 floats, 4 lines) and one
// element of each of two rows of A. B is prefetched 8 iterations ahead,
// the A elements 32 ahead (k + 32, the same row), the accumulator tile
// (not moving) not at all.
// CHECK-LABEL: func.func @micro_kernel
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<2x1024xf32>, %[[B:[a-z0-9]+]]: memref<1024x64xf32>
// CHECK-DAG: %[[BB:.*]] = memref.extract_aligned_pointer_as_index %[[B]]
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %[[STEP:[a-z0-9_]+]]
// CHECK-DAG: %[[D8:.*]] = arith.muli %[[STEP]], %c8
// CHECK-DAG: %[[K8:.*]] = arith.addi %[[K]], %[[D8]]
// CHECK-DAG: %[[D32:.*]] = arith.muli %[[STEP]], %c32
// CHECK-DAG: %[[K32:.*]] = arith.addi %[[K]], %[[D32]]
// CHECK: arith.muli %[[K8]], %c64
// CHECK: arith.addi %[[BB]]
// CHECK: "llvm.intr.prefetch"
// CHECK: "llvm.intr.prefetch"
// CHECK: "llvm.intr.prefetch"
// CHECK: "llvm.intr.prefetch"
// CHECK-NEXT: vector.load %[[B]]
// CHECK: memref.prefetch %[[A]][%c1, %[[K32]]], read, locality<3>, data
// CHECK-NEXT: memref.load %[[A]][%c1, %[[K]]]
// CHECK: memref.prefetch %[[A]][%c0, %[[K32]]], read, locality<3>, data
// CHECK-NEXT: memref.load %[[A]][%c0, %[[K]]]
// CHECK-NOT: prefetch
// CHECK: } {regtile.other}
// CHECK-NOT: regtile.prefetch
func.func @micro_kernel(%a: memref<2x1024xf32>, %b: memref<1024x64xf32>, %acc: memref<2x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1024 = arith.constant 1024 : index
  scf.for %k = %c0 to %c1024 step %c1 {
    %row = vector.load %b[%k, %c0] : memref<1024x64xf32>, vector<64xf32>
    %x1 = memref.load %a[%c1, %k] : memref<2x1024xf32>
    %x0 = memref.load %a[%c0, %k] : memref<2x1024xf32>
    %t = vector.load %acc[%c0, %c0] : memref<2x64xf32>, vector<64xf32>
    %b0 = vector.broadcast %x0 : f32 to vector<64xf32>
    %b1 = vector.broadcast %x1 : f32 to vector<64xf32>
    %s = arith.addf %b0, %b1 : vector<64xf32>
    %y = vector.fma %s, %row, %t : vector<64xf32>
    vector.store %y, %acc[%c0, %c0] : memref<2x64xf32>, vector<64xf32>
  } {regtile.prefetch_ahead = 8 : i64, regtile.prefetch_streams_ahead = 32 : i64, regtile.other}
  return
}

// -----

// Streams only: the element stream 16 iterations ahead; the row of B, a
// line per iteration, is not prefetched (no regtile.prefetch_ahead), nor
// is the element read in an inner loop in which it moves by 4 bytes.
// CHECK-LABEL: func.func @streams_only
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<1024xf32>
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %[[STEP:[a-z0-9_]+]]
// CHECK: %[[D:.*]] = arith.muli %[[STEP]], %c16
// CHECK-NEXT: %[[K16:.*]] = arith.addi %[[K]], %[[D]]
// CHECK-NOT: prefetch
// CHECK: memref.prefetch %[[A]][%[[K16]]], read, locality<3>, data
// CHECK-NEXT: memref.load %[[A]][%[[K]]]
// CHECK-NOT: prefetch
// CHECK: return
func.func @streams_only(%a: memref<1024xf32>, %b: memref<1024x16xf32>, %c: memref<1024x16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c1024 = arith.constant 1024 : index
  scf.for %k = %c0 to %c1024 step %c1 {
    %row = vector.load %b[%k, %c0] : memref<1024x16xf32>, vector<16xf32>
    %x = memref.load %a[%k] : memref<1024xf32>
    scf.for %j = %c0 to %c16 step %c1 {
      %e = memref.load %c[%k, %j] : memref<1024x16xf32>
      memref.store %e, %out[%j] : memref<16xf32>
    }
    %bx = vector.broadcast %x : f32 to vector<16xf32>
    %y = arith.mulf %bx, %row : vector<16xf32>
    vector.store %y, %out[%c0] : memref<16xf32>, vector<16xf32>
  } {regtile.prefetch_streams_ahead = 16 : i64}
  return
}
