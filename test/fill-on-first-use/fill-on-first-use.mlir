// regtile-fill-on-first-use: a fill nest marked regtile.fill_on_first_use
// moves into the peeled first iteration of the loop after it, one fill row
// just before the first read of that row, whose reads take the stored value.
// RUN: %regtile-opt %s --split-input-file -p 'builtin.module(regtile-fill-on-first-use)' | FileCheck %s

// A GEMM's B panel: the fill packs 2 x 128 rows of 32 floats; the loop over
// row tiles (%i) reads every panel row in each iteration.
// CHECK-LABEL: func.func @panel(
//  CHECK-SAME:   %[[B:.*]]: memref<128x64xf32>, %[[A:.*]]: memref<10x128xf32>, %[[C:.*]]: memref<10x64xf32>
//       CHECK:   %[[CACHE:.*]] = memref.alloc() : memref<2x128x32xf32>
//   CHECK-NOT:   regtile.fill_on_first_use
//       CHECK:   scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[STEP:.*]] {
//       CHECK:     scf.for %[[J0:[a-z0-9_]+]] = %{{.*}} to %{{.*}} step %{{.*}} {
//       CHECK:       %[[Q:.*]] = arith.divui %[[J0]]
//       CHECK:       scf.for %[[K0:[a-z0-9_]+]] =
//   CHECK-NOT:         memref.subview
//       CHECK:         %[[COL:.*]] = arith.muli %[[Q]]
//       CHECK:         %[[ROW:.*]] = vector.load %[[B]][%[[K0]], %[[COL]]] : memref<128x64xf32>, vector<32xf32>
//       CHECK:         vector.store %[[ROW]], %[[CACHE]][%[[Q]], %[[K0]], %{{.*}}] : memref<2x128x32xf32>, vector<32xf32>
//   CHECK-NOT:         vector.load
//       CHECK:         %[[LO:.*]] = vector.extract_strided_slice %[[ROW]] {offsets = [0], sizes = [16], strides = [1]}
//       CHECK:         %[[HI:.*]] = vector.extract_strided_slice %[[ROW]] {offsets = [16], sizes = [16], strides = [1]}
//       CHECK:         vector.fma %{{.*}}, %[[LO]]
//       CHECK:         vector.fma %{{.*}}, %[[HI]]
//       CHECK:   scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[STEP]] {
//   CHECK-NOT:     vector.store %{{.*}}, %[[CACHE]]
//       CHECK:     %[[VIEW:.*]] = memref.subview %[[CACHE]]
//       CHECK:     vector.load %[[VIEW]]
//       CHECK:   memref.dealloc %[[CACHE]]
func.func @panel(%b: memref<128x64xf32>, %a: memref<10x128xf32>, %c: memref<10x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c10 = arith.constant 10 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant dense<0.0> : vector<16xf32>
  %cache = memref.alloc() : memref<2x128x32xf32>
  scf.for %p = %c0 to %c2 step %c1 {
    %col = arith.muli %p, %c32 : index
    scf.for %k = %c0 to %c128 step %c1 {
      %row = vector.load %b[%k, %col] : memref<128x64xf32>, vector<32xf32>
      vector.store %row, %cache[%p, %k, %c0] : memref<2x128x32xf32>, vector<32xf32>
    }
  } {regtile.fill_on_first_use}
  scf.for %i = %c0 to %c10 step %c2 {
    scf.for %j = %c0 to %c64 step %c32 {
      %q = arith.divui %j, %c32 : index
      %acc:2 = scf.for %k = %c0 to %c128 step %c1 iter_args(%x = %zero, %y = %zero) -> (vector<16xf32>, vector<16xf32>) {
        %panel = memref.subview %cache[%q, %k, 0] [1, 1, 32] [1, 1, 1] : memref<2x128x32xf32> to memref<32xf32, strided<[1], offset: ?>>
        %lo = vector.load %panel[%c0] : memref<32xf32, strided<[1], offset: ?>>, vector<16xf32>
        %hi = vector.load %panel[%c16] : memref<32xf32, strided<[1], offset: ?>>, vector<16xf32>
        %s = memref.load %a[%i, %k] : memref<10x128xf32>
        %v = vector.broadcast %s : f32 to vector<16xf32>
        %x2 = vector.fma %v, %lo, %x : vector<16xf32>
        %y2 = vector.fma %v, %hi, %y : vector<16xf32>
        scf.yield %x2, %y2 : vector<16xf32>, vector<16xf32>
      }
      vector.store %acc#0, %c[%i, %j] : memref<10x64xf32>, vector<16xf32>
      %j16 = arith.addi %j, %c16 : index
      vector.store %acc#1, %c[%i, %j16] : memref<10x64xf32>, vector<16xf32>
    }
  }
  memref.dealloc %cache : memref<2x128x32xf32>
  return
}

// -----

// A panel one register tile wide: the cache's leading dim has one entry,
// stored at 0 (the loop over micro-panels ran once and was folded); a row
// is named by the K index alone.
// CHECK-LABEL: func.func @one_micro_panel(
//  CHECK-SAME:   %[[B:.*]]: memref<128x32xf32>
//       CHECK:   %[[CACHE:.*]] = memref.alloc() : memref<1x128x32xf32>
//   CHECK-NOT:   regtile.fill_on_first_use
//       CHECK:   scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[STEP:.*]] {
//       CHECK:     scf.for %[[K0:[a-z0-9_]+]] =
//       CHECK:       %[[ROW:.*]] = vector.load %[[B]][%[[K0]], %{{.*}}] : memref<128x32xf32>, vector<32xf32>
//       CHECK:       vector.store %[[ROW]], %[[CACHE]][%{{.*}}, %[[K0]], %{{.*}}] : memref<1x128x32xf32>, vector<32xf32>
//   CHECK-NOT:       vector.load %{{.*}}memref<32xf32
//       CHECK:       vector.extract_strided_slice %[[ROW]] {offsets = [0], sizes = [16], strides = [1]}
//       CHECK:       vector.extract_strided_slice %[[ROW]] {offsets = [16], sizes = [16], strides = [1]}
//       CHECK:   scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[STEP]] {
//   CHECK-NOT:     vector.store %{{.*}}, %[[CACHE]]
//       CHECK:     vector.load
func.func @one_micro_panel(%b: memref<128x32xf32>, %a: memref<10x128xf32>, %c: memref<10x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c10 = arith.constant 10 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant dense<0.0> : vector<16xf32>
  %cache = memref.alloc() : memref<1x128x32xf32>
  scf.for %k = %c0 to %c128 step %c1 {
    %row = vector.load %b[%k, %c0] : memref<128x32xf32>, vector<32xf32>
    vector.store %row, %cache[%c0, %k, %c0] : memref<1x128x32xf32>, vector<32xf32>
  } {regtile.fill_on_first_use}
  scf.for %i = %c0 to %c10 step %c2 {
    %acc:2 = scf.for %k = %c0 to %c128 step %c1 iter_args(%x = %zero, %y = %zero) -> (vector<16xf32>, vector<16xf32>) {
      %panel = memref.subview %cache[0, %k, 0] [1, 1, 32] [1, 1, 1] : memref<1x128x32xf32> to memref<32xf32, strided<[1], offset: ?>>
      %lo = vector.load %panel[%c0] : memref<32xf32, strided<[1], offset: ?>>, vector<16xf32>
      %hi = vector.load %panel[%c16] : memref<32xf32, strided<[1], offset: ?>>, vector<16xf32>
      %s = memref.load %a[%i, %k] : memref<10x128xf32>
      %v = vector.broadcast %s : f32 to vector<16xf32>
      %x2 = vector.fma %v, %lo, %x : vector<16xf32>
      %y2 = vector.fma %v, %hi, %y : vector<16xf32>
      scf.yield %x2, %y2 : vector<16xf32>, vector<16xf32>
    }
    vector.store %acc#0, %c[%i, %c0] : memref<10x32xf32>, vector<16xf32>
    vector.store %acc#1, %c[%i, %c16] : memref<10x32xf32>, vector<16xf32>
  }
  memref.dealloc %cache : memref<1x128x32xf32>
  return
}

// -----

// An edge: the panel is read through a view of dynamic width (an
// out-of-bounds transfer_read), under an scf.index_switch on that width; the
// loop carries the output buffer. The forwarded read keeps its bounds: the
// lanes past the view's width are the padding.
// CHECK-LABEL: func.func @edge(
//       CHECK:   %[[FIRST:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[O:.*]] = %{{.*}}) -> (memref<10x64xf32>) {
//       CHECK:     scf.index_switch
//       CHECK:     case 0 {
//       CHECK:       scf.for
//       CHECK:         %[[ROW:.*]] = vector.transfer_read %{{.*}} : memref<128x?xf32, strided<[64, 1]>>, vector<32xf32>
//       CHECK:         vector.store %[[ROW]]
//       CHECK:         %[[SLICE:.*]] = vector.extract_strided_slice %[[ROW]] {offsets = [0], sizes = [16]
//       CHECK:         %[[MASK:.*]] = vector.create_mask %{{.*}} : vector<16xi1>
//       CHECK:         %[[PAD:.*]] = vector.broadcast %{{.*}} : f32 to vector<16xf32>
//       CHECK:         arith.select %[[MASK]], %[[SLICE]], %[[PAD]]
//       CHECK:     default {
//       CHECK:   scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[FIRST]]) -> (memref<10x64xf32>) {
func.func @edge(%b: memref<128x?xf32, strided<[64, 1]>>, %a: memref<10x128xf32>, %c: memref<10x64xf32>, %w: index, %case: index) -> memref<10x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c10 = arith.constant 10 : index
  %c128 = arith.constant 128 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<16xf32>
  %cache = memref.alloc() : memref<1x128x32xf32>
  scf.for %p = %c0 to %c1 step %c1 {
    scf.for %k = %c0 to %c128 step %c1 {
      %row = vector.transfer_read %b[%k, %c0], %pad : memref<128x?xf32, strided<[64, 1]>>, vector<32xf32>
      vector.store %row, %cache[%p, %k, %c0] : memref<1x128x32xf32>, vector<32xf32>
    }
  } {regtile.fill_on_first_use}
  %r = scf.for %i = %c0 to %c10 step %c2 iter_args(%out = %c) -> (memref<10x64xf32>) {
    scf.index_switch %case
    case 0 {
      %acc = scf.for %k = %c0 to %c128 step %c1 iter_args(%x = %zero) -> (vector<16xf32>) {
        %panel = memref.subview %cache[0, %k, 0] [1, 1, %w] [1, 1, 1] : memref<1x128x32xf32> to memref<?xf32, strided<[1], offset: ?>>
        %lo = vector.transfer_read %panel[%c0], %pad : memref<?xf32, strided<[1], offset: ?>>, vector<16xf32>
        %s = memref.load %a[%i, %k] : memref<10x128xf32>
        %v = vector.broadcast %s : f32 to vector<16xf32>
        %x2 = vector.fma %v, %lo, %x : vector<16xf32>
        scf.yield %x2 : vector<16xf32>
      }
      vector.store %acc, %out[%i, %c0] : memref<10x64xf32>, vector<16xf32>
      scf.yield
    }
    default {
      scf.yield
    }
    scf.yield %out : memref<10x64xf32>
  }
  memref.dealloc %cache : memref<1x128x32xf32>
  return %r : memref<10x64xf32>
}

// -----

// An unsigned loop after the fill: its first iteration ends at the
// unsigned minimum of lb + step and ub.
// CHECK-LABEL: func.func @unsigned(
//  CHECK-SAME:   %[[N:[a-z0-9]+]]: index
//       CHECK:   %[[UB:.*]] = arith.minui %[[N]], %{{.*}} : index
//       CHECK:   scf.for unsigned %{{.*}} = %{{.*}} to %[[UB]] step
//       CHECK:     vector.store
//       CHECK:   scf.for unsigned %{{.*}} = %{{.*}} to %[[N]] step
func.func @unsigned(%b: memref<64x32xf32>, %c: memref<?x32xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %cache = memref.alloc() : memref<64x32xf32>
  scf.for %k = %c0 to %c64 step %c1 {
    %row = vector.load %b[%k, %c0] : memref<64x32xf32>, vector<32xf32>
    vector.store %row, %cache[%k, %c0] : memref<64x32xf32>, vector<32xf32>
  } {regtile.fill_on_first_use}
  scf.for unsigned %i = %c0 to %n step %c2 {
    scf.for %k = %c0 to %c64 step %c1 {
      %v = vector.load %cache[%k, %c0] : memref<64x32xf32>, vector<32xf32>
      vector.store %v, %c[%i, %c0] : memref<?x32xf32>, vector<32xf32>
    }
  }
  memref.dealloc %cache : memref<64x32xf32>
  return
}

// -----

// A convolution's filter panel read through a view that adds a unit dim
// (memref.expand_shape, as the micro-kernel's kh slice of the cache
// becomes after bufferization): the reads resolve through it to the
// cache's rows, which the first row tile fills and forwards.
// CHECK-LABEL: func.func @unit_dim_view(
//  CHECK-SAME:   %[[F:.*]]: memref<3x64x32xf32>, %[[X:.*]]: memref<7x3x64xf32>, %[[Y:.*]]: memref<7x32xf32>
//       CHECK:   %[[CACHE:.*]] = memref.alloc() : memref<3x64x32xf32>
//   CHECK-NOT:   regtile.fill_on_first_use
//       CHECK:   scf.for %{{.*}} = %{{.*}} to %{{.*}} step
//       CHECK:     scf.for %[[KH0:[a-z0-9_]+]] =
//       CHECK:       scf.for %[[CI0:[a-z0-9_]+]] =
//       CHECK:       %[[ROW:.*]] = vector.load %[[F]][%[[KH0]], %[[CI0]], %{{.*}}] : memref<3x64x32xf32>, vector<32xf32>
//       CHECK:       vector.store %[[ROW]], %[[CACHE]][%[[KH0]], %[[CI0]], %{{.*}}] : memref<3x64x32xf32>, vector<32xf32>
//   CHECK-NOT:       vector.load %{{.*}} : memref<1x64x32xf32
//       CHECK:       vector.fma %{{.*}}, %[[ROW]]
//       CHECK:   scf.for
//   CHECK-NOT:     vector.store %{{.*}}, %[[CACHE]]
//       CHECK:     memref.expand_shape
//       CHECK:     vector.load %{{.*}} : memref<1x64x32xf32
func.func @unit_dim_view(%f: memref<3x64x32xf32>, %x: memref<7x3x64xf32>, %y: memref<7x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : vector<32xf32>
  %cache = memref.alloc() : memref<3x64x32xf32>
  scf.for %kh = %c0 to %c3 step %c1 {
    scf.for %ci = %c0 to %c64 step %c1 {
      %row = vector.load %f[%kh, %ci, %c0] : memref<3x64x32xf32>, vector<32xf32>
      vector.store %row, %cache[%kh, %ci, %c0] : memref<3x64x32xf32>, vector<32xf32>
    }
  } {regtile.fill_on_first_use}
  scf.for %r = %c0 to %c7 step %c1 {
    %acc = scf.for %kh = %c0 to %c3 step %c1 iter_args(%a = %zero) -> (vector<32xf32>) {
      %slice = memref.subview %cache[%kh, 0, 0] [1, 64, 32] [1, 1, 1] : memref<3x64x32xf32> to memref<64x32xf32, strided<[32, 1], offset: ?>>
      %panel = memref.expand_shape %slice [[0, 1], [2]] output_shape [1, 64, 32] : memref<64x32xf32, strided<[32, 1], offset: ?>> into memref<1x64x32xf32, strided<[2048, 32, 1], offset: ?>>
      %s = scf.for %ci = %c0 to %c64 step %c1 iter_args(%b = %a) -> (vector<32xf32>) {
        %w = vector.load %panel[%c0, %ci, %c0] : memref<1x64x32xf32, strided<[2048, 32, 1], offset: ?>>, vector<32xf32>
        %in = memref.load %x[%r, %kh, %ci] : memref<7x3x64xf32>
        %v = vector.broadcast %in : f32 to vector<32xf32>
        %b2 = vector.fma %v, %w, %b : vector<32xf32>
        scf.yield %b2 : vector<32xf32>
      }
      scf.yield %s : vector<32xf32>
    }
    vector.store %acc, %y[%r, %c0] : memref<7x32xf32>, vector<32xf32>
  }
  memref.dealloc %cache : memref<3x64x32xf32>
  return
}

// -----

// The fill's source is a view of an allocation that is not a subview (the
// NCHW filter transposed into a buffer, then expanded to [ci][kh][kw][co]):
// its origin is known, the loop does not write it, the fill moves.
// CHECK-LABEL: func.func @viewed_source(
//       CHECK:   %[[T:.*]] = memref.alloc() : memref<2048xf32>
//       CHECK:   %[[SRC:.*]] = memref.expand_shape %[[T]]
//   CHECK-NOT:   regtile.fill_on_first_use
//       CHECK:   scf.for
//       CHECK:     scf.for
//       CHECK:       %[[ROW:.*]] = vector.load %[[SRC]]
//       CHECK:       vector.store %[[ROW]]
//       CHECK:       vector.fma %{{.*}}, %[[ROW]]
func.func @viewed_source(%x: memref<7x64xf32>, %y: memref<7x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : vector<32xf32>
  %t = memref.alloc() : memref<2048xf32>
  %src = memref.expand_shape %t [[0, 1]] output_shape [64, 32] : memref<2048xf32> into memref<64x32xf32>
  %cache = memref.alloc() : memref<64x32xf32>
  scf.for %ci = %c0 to %c64 step %c1 {
    %row = vector.load %src[%ci, %c0] : memref<64x32xf32>, vector<32xf32>
    vector.store %row, %cache[%ci, %c0] : memref<64x32xf32>, vector<32xf32>
  } {regtile.fill_on_first_use}
  scf.for %r = %c0 to %c7 step %c1 {
    %acc = scf.for %ci = %c0 to %c64 step %c1 iter_args(%b = %zero) -> (vector<32xf32>) {
      %w = vector.load %cache[%ci, %c0] : memref<64x32xf32>, vector<32xf32>
      %in = memref.load %x[%r, %ci] : memref<7x64xf32>
      %v = vector.broadcast %in : f32 to vector<32xf32>
      %b2 = vector.fma %v, %w, %b : vector<32xf32>
      scf.yield %b2 : vector<32xf32>
    }
    vector.store %acc, %y[%r, %c0] : memref<7x32xf32>, vector<32xf32>
  }
  memref.dealloc %cache : memref<64x32xf32>
  memref.dealloc %t : memref<2048xf32>
  return
}

// -----

// A filter-row loop skip_padded_taps trimmed (regtile.trimmed_from): its
// bounds move with the row (%r), inside [0, 3). The first iteration runs
// the old bounds, reading and so filling every cache row; the other rows
// keep the trimmed bounds and the mark.
// CHECK-LABEL: func.func @trimmed_rows(
//       CHECK:   %[[CACHE:.*]] = memref.alloc() : memref<3x64x32xf32>
//   CHECK-NOT:   regtile.fill_on_first_use
//       CHECK:   scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
//       CHECK:     %[[C0:.*]] = arith.constant 0 : index
//       CHECK:     %[[C3:.*]] = arith.constant 3 : index
//       CHECK:     scf.for %[[KH:.*]] = %[[C0]] to %[[C3]] step
//       CHECK:       scf.for
//       CHECK:         vector.store %{{.*}}, %[[CACHE]][%[[KH]],
//       CHECK:         vector.fma
//       CHECK:     }
//   CHECK-NOT:     regtile.trimmed_from
//       CHECK:   scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
//       CHECK:     %[[LB:.*]] = arith.maxsi
//       CHECK:     %[[UB:.*]] = arith.minsi
//       CHECK:     scf.for %{{.*}} = %[[LB]] to %[[UB]] step
//   CHECK-NOT:       vector.store %{{.*}}, %[[CACHE]]
//       CHECK:     } {regtile.trimmed_from = array<i64: 0, 3>}
func.func @trimmed_rows(%f: memref<3x64x32xf32>, %x: memref<9x64xf32>, %y: memref<7x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : vector<32xf32>
  %cache = memref.alloc() : memref<3x64x32xf32>
  scf.for %kh = %c0 to %c3 step %c1 {
    scf.for %ci = %c0 to %c64 step %c1 {
      %row = vector.load %f[%kh, %ci, %c0] : memref<3x64x32xf32>, vector<32xf32>
      vector.store %row, %cache[%kh, %ci, %c0] : memref<3x64x32xf32>, vector<32xf32>
    }
  } {regtile.fill_on_first_use}
  scf.for %r = %c0 to %c7 step %c1 {
    %top = arith.subi %c1, %r : index
    %lb = arith.maxsi %top, %c0 : index
    %bottom = arith.subi %c8, %r : index
    %ub = arith.minsi %bottom, %c3 : index
    %acc = scf.for %kh = %lb to %ub step %c1 iter_args(%a = %zero) -> (vector<32xf32>) {
      %row = arith.addi %r, %kh : index
      %s = scf.for %ci = %c0 to %c64 step %c1 iter_args(%b = %a) -> (vector<32xf32>) {
        %w = vector.load %cache[%kh, %ci, %c0] : memref<3x64x32xf32>, vector<32xf32>
        %in = memref.load %x[%row, %ci] : memref<9x64xf32>
        %v = vector.broadcast %in : f32 to vector<32xf32>
        %b2 = vector.fma %v, %w, %b : vector<32xf32>
        scf.yield %b2 : vector<32xf32>
      }
      scf.yield %s : vector<32xf32>
    } {regtile.trimmed_from = array<i64: 0, 3>}
    vector.store %acc, %y[%r, %c0] : memref<7x32xf32>, vector<32xf32>
  }
  memref.dealloc %cache : memref<3x64x32xf32>
  return
}
