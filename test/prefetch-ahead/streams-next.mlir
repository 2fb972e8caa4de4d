// regtile-prefetch-ahead with regtile.prefetch_streams_next: each scalar
// stream of the marked loop (an access that moves by less than a cache
// line, but not zero, per iteration: a GEMM micro-kernel's broadcast
// elements of A) gets a prefetch into L2 (locality<2>) of the address it
// will read in the next iteration of the innermost enclosing loop that
// moves it (the next row tile's A sliver), at the same point of the marked
// loop. The prefetches sit in one scf.if at the top of the body, taken in
// one iteration out of 64 / (bytes the stream moves per iteration): once
// per line of the next run. Index arithmetic of the body is recomputed
// inside the scf.if.
// RUN: %regtile-opt %s --split-input-file -p 'builtin.module(regtile-prefetch-ahead)' 2>/dev/null | FileCheck %s

// Rows of A in tiles of 2 (loop %i), a row of B per k. f32 streams move 4
// bytes per k: a prefetch every 16 iterations, of rows %i + 2 and %i + 3.
// The row of B (a line or more per iteration) and the accumulators get
// nothing: only the streams mark is set.
// CHECK-LABEL: func.func @next_tile
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<64x1024xf32>
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %[[TWO:[a-z0-9_]+]]
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[I]], %[[TWO]]
// CHECK: scf.for %[[K:.*]] = %[[LB:[a-z0-9_]+]] to
// CHECK-NEXT: %[[N:.*]] = arith.subi %[[K]], %[[LB]]
// CHECK: %[[R:.*]] = arith.remui %[[N]], %c16
// CHECK: %[[TAKEN:.*]] = arith.cmpi eq, %[[R]], %c0
// CHECK-NEXT: scf.if %[[TAKEN]] {
// CHECK-NEXT: %[[ROW1:.*]] = arith.addi %[[NEXT]], %c1
// CHECK-NEXT: memref.prefetch %[[A]][%[[ROW1]], %[[K]]], read, locality<2>, data
// CHECK-NEXT: memref.prefetch %[[A]][%[[NEXT]], %[[K]]], read, locality<2>, data
// CHECK-NEXT: }
// CHECK-NEXT: vector.load
// CHECK-NOT: prefetch
// CHECK: } {regtile.other}
// CHECK-NOT: regtile.prefetch
func.func @next_tile(%a: memref<64x1024xf32>, %b: memref<1024x64xf32>, %acc: memref<2x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  scf.for %i = %c0 to %c64 step %c2 {
    scf.for %k = %c0 to %c1024 step %c1 {
      %row = vector.load %b[%k, %c0] : memref<1024x64xf32>, vector<64xf32>
      %r1 = arith.addi %i, %c1 : index
      %x1 = memref.load %a[%r1, %k] : memref<64x1024xf32>
      %x0 = memref.load %a[%i, %k] : memref<64x1024xf32>
      %t = vector.load %acc[%c0, %c0] : memref<2x64xf32>, vector<64xf32>
      %b0 = vector.broadcast %x0 : f32 to vector<64xf32>
      %b1 = vector.broadcast %x1 : f32 to vector<64xf32>
      %s = arith.addf %b0, %b1 : vector<64xf32>
      %y = vector.fma %s, %row, %t : vector<64xf32>
      vector.store %y, %acc[%c0, %c0] : memref<2x64xf32>, vector<64xf32>
    } {regtile.prefetch_streams_next, regtile.other}
  }
  return
}

// -----

// A stream of a subview that moves with the outer loop, a step of 2 in the
// marked loop, bf16 elements (2 bytes per element, 4 per iteration: every
// 16th iteration, counted as (k - lb) / step) and a loop between the
// marked loop and the one that moves the stream (%j does not move A: the
// next run is that of %i).
// CHECK-LABEL: func.func @subview_step
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<64x1024xbf16>
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %[[FOUR:[a-z0-9_]+]]
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[I]], %[[FOUR]]
// CHECK: scf.for %[[J:.*]] =
// CHECK: scf.for %[[K:.*]] = %[[LB:[a-z0-9_]+]] to %{{.*}} step %[[STEP:[a-z0-9_]+]]
// CHECK-NEXT: %[[N:.*]] = arith.subi %[[K]], %[[LB]]
// CHECK-NEXT: %[[IT:.*]] = arith.divui %[[N]], %[[STEP]]
// CHECK: %[[R:.*]] = arith.remui %[[IT]], %c16
// CHECK: %[[TAKEN:.*]] = arith.cmpi eq, %[[R]], %c0
// CHECK-NEXT: scf.if %[[TAKEN]] {
// CHECK-NEXT: memref.prefetch %[[A]][%[[NEXT]], %[[K]]], read, locality<2>, data
// CHECK-NEXT: }
// CHECK-NEXT: memref.load
// CHECK-NOT: prefetch
// CHECK: return
func.func @subview_step(%a: memref<64x1024xbf16>, %dst: memref<64x64xbf16>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  scf.for %i = %c0 to %c64 step %c4 {
    %rows = memref.subview %a[%i, 0] [4, 1024] [1, 1] : memref<64x1024xbf16> to memref<4x1024xbf16, strided<[1024, 1], offset: ?>>
    scf.for %j = %c0 to %c64 step %c2 {
      scf.for %k = %c0 to %c1024 step %c2 {
        %v = memref.load %rows[%c0, %k] : memref<4x1024xbf16, strided<[1024, 1], offset: ?>>
        memref.store %v, %dst[%i, %j] : memref<64x64xbf16>
      } {regtile.prefetch_streams_next}
    }
  }
  return
}

// -----

// No enclosing loop moves the stream (a single row tile): nothing to
// prefetch; the loop is left as it was (a warning, see invalid.mlir).
// CHECK-LABEL: func.func @no_next_run
// CHECK-NOT: prefetch
// CHECK-NOT: scf.if
// CHECK: return
func.func @no_next_run(%a: memref<1024xf32>, %dst: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1024 = arith.constant 1024 : index
  scf.for %k = %c0 to %c1024 step %c1 {
    %v = memref.load %a[%k] : memref<1024xf32>
    memref.store %v, %dst[%c0] : memref<1xf32>
  } {regtile.prefetch_streams_next}
  return
}

// -----

// A stream read in a loop nested in the marked one, at an index of that
// inner loop (a gather that packs a column, as regtile-fill-on-first-use
// leaves in the first row tile): its next address does not exist at the top
// of the body (the inner IV is not defined there), so it gets no prefetch;
// the stream read directly in the body still does.
// CHECK-LABEL: func.func @inner_loop_stream
// CHECK: scf.for
// CHECK: scf.for %[[K:[a-z0-9_]+]] =
// CHECK: scf.if
// CHECK-NEXT: memref.prefetch %{{.*}}[%{{.*}}, %[[K]]], read, locality<2>, data
// CHECK-NEXT: }
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @inner_loop_stream(%a: memref<64x1024xf32>, %bt: memref<64x1024xf32>, %acc: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %zero = arith.constant dense<0.0> : vector<16xf32>
  scf.for %i = %c0 to %c64 step %c2 {
    scf.for %k = %c0 to %c1024 step %c1 {
      %x = memref.load %a[%i, %k] : memref<64x1024xf32>
      %col = scf.for %j = %c0 to %c16 step %c1 iter_args(%v = %zero) -> (vector<16xf32>) {
        %r = arith.addi %i, %j : index
        %e = memref.load %bt[%r, %k] : memref<64x1024xf32>
        %w = vector.insert %e, %v [%j] : f32 into vector<16xf32>
        scf.yield %w : vector<16xf32>
      }
      %t = vector.load %acc[%c0] : memref<16xf32>, vector<16xf32>
      %b = vector.broadcast %x : f32 to vector<16xf32>
      %y = vector.fma %b, %col, %t : vector<16xf32>
      vector.store %y, %acc[%c0] : memref<16xf32>, vector<16xf32>
    } {regtile.prefetch_streams_next}
  }
  return
}
