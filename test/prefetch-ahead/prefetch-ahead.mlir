// regtile-prefetch-ahead: in a loop marked regtile.prefetch_ahead = K, each
// load and store whose address changes with the induction variable is
// preceded by a prefetch (read for loads, write for stores) of the address
// it will have K iterations later, computed from the root buffer through
// the subviews (never as a subview of the later iteration, which may be out
// of bounds); accesses that do not move with the IV get nothing.
// RUN: %regtile-opt %s --split-input-file -p 'builtin.module(regtile-prefetch-ahead)' 2>/dev/null | FileCheck %s

// Tiles of 4 rows: the input element and the output vector of the tile two
// iterations later (IV + 2 * 4); the weights, the same in every iteration,
// are not prefetched.
// CHECK-LABEL: func.func @tiles
// CHECK-SAME: %[[IN:[a-z0-9]+]]: memref<64x128xf32>, %[[W:[a-z0-9]+]]: memref<128xf32>, %[[OUT:[a-z0-9]+]]: memref<64x128xf32>
// CHECK-DAG: %[[INB:.*]] = memref.extract_aligned_pointer_as_index %[[IN]]
// CHECK-DAG: %[[OUTB:.*]] = memref.extract_aligned_pointer_as_index %[[OUT]]
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %[[STEP:[a-z0-9_]+]] {
// CHECK:   %[[DIST:.*]] = arith.muli %[[STEP]], %c2
// CHECK:   %[[NEXT:.*]] = arith.addi %[[I]], %[[DIST]]
// CHECK:   scf.for %[[R:.*]] =
// CHECK:     scf.for %[[C:.*]] =
// CHECK:       %[[ROW:.*]] = affine.apply #{{.*}}()[%[[NEXT]], %[[R]]]
// CHECK:       %[[L0:.*]] = arith.muli %[[ROW]], %c128
// CHECK:       %[[A:.*]] = arith.addi %[[INB]], %{{.*}} : index
// CHECK:       %[[AI:.*]] = arith.index_cast %[[A]] : index to i64
// CHECK:       %[[AP:.*]] = llvm.inttoptr %[[AI]] : i64 to !llvm.ptr
// CHECK:       "llvm.intr.prefetch"(%[[AP]]) <{cache = 1 : i32, hint = 3 : i32, rw = 0 : i32}>
// CHECK-NEXT:  memref.load
// CHECK-NEXT:  vector.load %[[W]]
// CHECK:       %[[ROWO:.*]] = affine.apply #{{.*}}()[%[[NEXT]], %[[R]]]
// CHECK:       arith.addi %[[OUTB]], %{{.*}} : index
// CHECK:       "llvm.intr.prefetch"(%{{.*}}) <{cache = 1 : i32, hint = 3 : i32, rw = 1 : i32}>
// CHECK-NEXT:  vector.store
// CHECK-NOT: llvm.intr.prefetch
// CHECK-NOT: regtile.prefetch_ahead
func.func @tiles(%in: memref<64x128xf32>, %w: memref<128xf32>, %out: memref<64x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  scf.for %i = %c0 to %c64 step %c4 {
    %tin = memref.subview %in[%i, 0] [4, 128] [1, 1] : memref<64x128xf32> to memref<4x128xf32, strided<[128, 1], offset: ?>>
    %tout = memref.subview %out[%i, 0] [4, 128] [1, 1] : memref<64x128xf32> to memref<4x128xf32, strided<[128, 1], offset: ?>>
    scf.for %r = %c0 to %c4 step %c1 {
      scf.for %c = %c0 to %c128 step %c16 {
        %x = memref.load %tin[%r, %c] : memref<4x128xf32, strided<[128, 1], offset: ?>>
        %v = vector.load %w[%c] : memref<128xf32>, vector<16xf32>
        %b = vector.broadcast %x : f32 to vector<16xf32>
        %y = arith.mulf %b, %v : vector<16xf32>
        vector.store %y, %tout[%r, %c] : memref<4x128xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
      }
    }
  } {regtile.prefetch_ahead = 2 : i64}
  return
}

// -----

// A rank-reducing subview of a dynamic buffer through a cast, an index
// computed from the IV (affine.apply, recomputed for the next iteration),
// a masked load (two lines: 32 floats) and a transfer_write: dynamic offset
// and strides from the root buffer's metadata, built before the loop.
// CHECK-LABEL: func.func @rank_reducing
// CHECK-SAME: %[[BUF:[a-z0-9]+]]: memref<?x?x?xf32>
// CHECK: %[[CAST:.*]] = memref.cast %[[BUF]]
// CHECK: %[[B:.*]] = memref.extract_aligned_pointer_as_index %[[CAST]]
// CHECK: %{{.*}}, %[[OFF:.*]], %{{.*}}:3, %[[ST:.*]]:3 = memref.extract_strided_metadata %[[CAST]]
// CHECK: %[[B2:.*]] = memref.extract_aligned_pointer_as_index %[[BUF]]
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %[[S:.*]] {
// CHECK:   %[[NJ:.*]] = arith.addi %[[J]], %{{.*}} : index
// CHECK:   affine.apply #{{.*}}(%[[NJ]])
// CHECK:   arith.muli %{{.*}}, %[[ST]]#0
// CHECK:   arith.addi %[[OFF]], %{{.*}}
// CHECK:   arith.muli %{{.*}}, %[[ST]]#1
// CHECK:   %[[A:.*]] = arith.addi %[[B]], %{{.*}} : index
// CHECK:   "llvm.intr.prefetch"{{.*}}rw = 0
// CHECK:   arith.addi %[[A]], %c64
// CHECK:   "llvm.intr.prefetch"{{.*}}rw = 0
// CHECK-NEXT: vector.maskedload
// CHECK:   arith.muli %[[NJ]], %{{.*}} : index
// CHECK:   arith.addi %[[B2]], %{{.*}} : index
// CHECK:   "llvm.intr.prefetch"{{.*}}rw = 1
// CHECK:   "llvm.intr.prefetch"{{.*}}rw = 1
// CHECK-NEXT: vector.transfer_write
#shift = affine_map<(d0) -> (d0 + 3)>
func.func @rank_reducing(%buf: memref<?x?x?xf32>, %n: index, %m: vector<32xi1>, %p: vector<32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %cast = memref.cast %buf : memref<?x?x?xf32> to memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>
  scf.for %j = %c0 to %n step %c32 {
    %col = affine.apply #shift(%j)
    %row = memref.subview %cast[1, 2, %col] [1, 1, 32] [1, 1, 1] : memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>> to memref<32xf32, strided<[1], offset: ?>>
    %v = vector.maskedload %row[%c0], %m, %p : memref<32xf32, strided<[1], offset: ?>>, vector<32xi1>, vector<32xf32> into vector<32xf32>
    vector.transfer_write %v, %buf[%c0, %c1, %j] {in_bounds = [true]} : vector<32xf32>, memref<?x?x?xf32>
  } {regtile.prefetch_ahead = 1 : i64}
  return
}

// -----

// A view other than a subview or a cast that moves with the IV (here an
// expand_shape of a subview): that access is left alone, the others of the
// loop are prefetched.
// CHECK-LABEL: func.func @other_view
// CHECK: scf.for
// CHECK: memref.expand_shape
// CHECK-NOT: llvm.intr.prefetch
// CHECK: vector.load %{{.*}} : memref<2x8xf32
// CHECK: "llvm.intr.prefetch"{{.*}}rw = 1
// CHECK-NEXT: vector.store
func.func @other_view(%src: memref<256xf32>, %dst: memref<256xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  scf.for %i = %c0 to %c256 step %c16 {
    %s = memref.subview %src[%i] [16] [1] : memref<256xf32> to memref<16xf32, strided<[1], offset: ?>>
    %e = memref.expand_shape %s [[0, 1]] output_shape [2, 8] : memref<16xf32, strided<[1], offset: ?>> into memref<2x8xf32, strided<[8, 1], offset: ?>>
    %v = vector.load %e[%c0, %c0] : memref<2x8xf32, strided<[8, 1], offset: ?>>, vector<8xf32>
    vector.store %v, %dst[%i] : memref<256xf32>, vector<8xf32>
  } {regtile.prefetch_ahead = 1 : i64}
  return
}

// -----

// Nothing moves with the IV: a warning (invalid.mlir), and the loop is left
// as it was, without the later iteration's IV.
// CHECK-LABEL: func.func @invariant
// CHECK: scf.for
// CHECK-NEXT: vector.load
// CHECK-NEXT: vector.store
// CHECK-NEXT: }
// CHECK-NOT: llvm.intr.prefetch
func.func @invariant(%src: memref<64xf32>, %dst: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c16 {
    %v = vector.load %src[%c0] : memref<64xf32>, vector<16xf32>
    vector.store %v, %dst[%c0] : memref<64xf32>, vector<16xf32>
  } {regtile.prefetch_ahead = 1 : i64}
  return
}

// -----

// A GEMM micro-kernel's K loop: the packed B row (64 floats, 256 bytes per
// iteration) is prefetched line by line, 8 iterations ahead; the broadcast
// A elements move by 4 bytes per iteration (a new line every 16) and get
// nothing, nor the address arithmetic built for them; an index whose
// movement is not known (a floordiv) keeps its prefetch.
// CHECK-LABEL: func.func @micro_kernel
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<6x512xf32>, %[[B:[a-z0-9]+]]: memref<512x64xf32>, %[[T:[a-z0-9]+]]: memref<256xf32>
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK: "llvm.intr.prefetch"{{.*}}rw = 0
// CHECK-NEXT: vector.load %[[B]][%[[K]], %c0]
// CHECK: "llvm.intr.prefetch"{{.*}}rw = 0
// CHECK-NEXT: vector.load %[[B]][%[[K]], %c16]
// CHECK: "llvm.intr.prefetch"{{.*}}rw = 0
// CHECK-NEXT: vector.load %[[B]][%[[K]], %c32]
// CHECK: "llvm.intr.prefetch"{{.*}}rw = 0
// CHECK-NEXT: vector.load %[[B]][%[[K]], %c48]
// CHECK-NEXT: memref.load %[[A]][%c0, %[[K]]]
// CHECK-NEXT: memref.load %[[A]][%c1, %[[K]]]
// CHECK-NEXT: affine.apply
// CHECK: "llvm.intr.prefetch"{{.*}}rw = 0
// CHECK-NEXT: memref.load %[[T]]
// CHECK-NOT: llvm.intr.prefetch
// CHECK: scf.yield
#half = affine_map<(d0) -> (d0 floordiv 2)>
func.func @micro_kernel(%a: memref<6x512xf32>, %b: memref<512x64xf32>, %t: memref<256xf32>, %acc: vector<16xf32>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c512 = arith.constant 512 : index
  %r = scf.for %k = %c0 to %c512 step %c1 iter_args(%s = %acc) -> (vector<16xf32>) {
    %b0 = vector.load %b[%k, %c0] : memref<512x64xf32>, vector<16xf32>
    %b1 = vector.load %b[%k, %c16] : memref<512x64xf32>, vector<16xf32>
    %b2 = vector.load %b[%k, %c32] : memref<512x64xf32>, vector<16xf32>
    %b3 = vector.load %b[%k, %c48] : memref<512x64xf32>, vector<16xf32>
    %a0 = memref.load %a[%c0, %k] : memref<6x512xf32>
    %a1 = memref.load %a[%c1, %k] : memref<6x512xf32>
    %h = affine.apply #half(%k)
    %x = memref.load %t[%h] : memref<256xf32>
    %a01 = arith.addf %a0, %a1 : f32
    %ax = arith.addf %a01, %x : f32
    %v = vector.broadcast %ax : f32 to vector<16xf32>
    %p0 = vector.fma %v, %b0, %s : vector<16xf32>
    %p1 = vector.fma %v, %b1, %p0 : vector<16xf32>
    %p2 = vector.fma %v, %b2, %p1 : vector<16xf32>
    %p3 = vector.fma %v, %b3, %p2 : vector<16xf32>
    scf.yield %p3 : vector<16xf32>
  } {regtile.prefetch_ahead = 8 : i64}
  return %r : vector<16xf32>
}

// -----

// A convolution-like nest: the marked loop over pixel tiles, an inner loop
// over channels. The input element moves by a whole tile per iteration of
// the marked loop but by 4 bytes per iteration of the channel loop: a
// prefetch there would be issued for every element of a stream the
// hardware follows, so it gets none; the output vector, stored after the
// channel loop, is prefetched for write.
// CHECK-LABEL: func.func @channels
// CHECK: scf.for
// CHECK: scf.for
// CHECK-NOT: llvm.intr.prefetch
// CHECK: memref.load
// CHECK: scf.yield
// CHECK: "llvm.intr.prefetch"{{.*}}rw = 1
// CHECK-NEXT: vector.store
// CHECK-NOT: llvm.intr.prefetch
// CHECK: return
func.func @channels(%in: memref<64x128xf32>, %w: memref<128x16xf32>, %out: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant dense<0.0> : vector<16xf32>
  scf.for %p = %c0 to %c64 step %c1 {
    %acc = scf.for %c = %c0 to %c128 step %c1 iter_args(%s = %zero) -> (vector<16xf32>) {
      %x = memref.load %in[%p, %c] : memref<64x128xf32>
      %v = vector.load %w[%c, %c0] : memref<128x16xf32>, vector<16xf32>
      %b = vector.broadcast %x : f32 to vector<16xf32>
      %f = vector.fma %b, %v, %s : vector<16xf32>
      scf.yield %f : vector<16xf32>
    }
    vector.store %acc, %out[%p, %c0] : memref<64x16xf32>, vector<16xf32>
  } {regtile.prefetch_ahead = 1 : i64}
  return
}

// -----

// A short marked loop (a convolution's 3 kw taps, 5 ahead): every iteration
// prefetches past the loop's run. The staged filter [ci/4][kw][64 x 4 bytes]
// continues along the channel loop (it moves 768 bytes, 3 x 256): its line
// 5 taps later is read, and prefetched. The input pixel moves a line and
// more along kw but 4 bytes along the channels: the line 5 taps later is
// the next tile's, never read here; not prefetched.
// CHECK-LABEL: func.func @short_taps
// CHECK-SAME: %[[IN:[a-z0-9]+]]: memref<7x128xi8>, %[[F:[a-z0-9]+]]: memref<32x3x256xi8>
// CHECK: scf.for
// CHECK:   scf.for
// CHECK:     "llvm.intr.prefetch"
// CHECK-NEXT: vector.load %[[F]]
// CHECK-NOT: "llvm.intr.prefetch"
// CHECK:     vector.load %[[IN]]
// CHECK-NOT: "llvm.intr.prefetch"
func.func @short_taps(%in: memref<7x128xi8>, %f: memref<32x3x256xi8>, %acc: memref<64xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  scf.for %g = %c0 to %c32 step %c1 {
    %ci = arith.muli %g, %c4 : index
    scf.for %kw = %c0 to %c3 step %c1 {
      %w = vector.load %f[%g, %kw, %c0] : memref<32x3x256xi8>, vector<64xi8>
      %x = vector.load %in[%kw, %ci] : memref<7x128xi8>, vector<4xi8>
      %s = vector.extract_strided_slice %w {offsets = [0], sizes = [4], strides = [1]} : vector<64xi8> to vector<4xi8>
      %y = arith.addi %s, %x : vector<4xi8>
      vector.store %y, %acc[%c0] : memref<64xi8>, vector<4xi8>
    } {regtile.prefetch_ahead = 5 : i64}
  }
  return
}

