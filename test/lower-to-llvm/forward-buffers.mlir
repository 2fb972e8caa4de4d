// regtile-forward-buffers: after bufferization, a switch whose cases all
// yield the same buffer (up to casts) gives that buffer back, and a loop
// that only forwards its buffer then drops it: the copy of the loop's
// result into the slice it was read from becomes a copy of the slice onto
// itself, which folds after CSE.
// RUN: %regtile-opt %s -split-input-file -p 'builtin.module(func.func(regtile-forward-buffers))' | FileCheck %s
// RUN: %regtile-opt %s -split-input-file -p 'builtin.module(func.func(regtile-forward-buffers, cse, canonicalize))' | FileCheck %s --check-prefix=FOLDED

// CHECK-LABEL: func.func @piece(
// CHECK-NOT: scf.index_switch {{.*}} -> memref
// CHECK: scf.for
// CHECK-NOT: iter_args
// CHECK: scf.index_switch
// CHECK: memref.copy %[[V:.*]], %[[V2:.*]] :
// FOLDED-LABEL: func.func @piece(
// FOLDED-NOT: memref.copy
func.func @piece(%out: memref<100x200xf32>, %i: index, %n: index, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = arith.constant 1.0 : f32
  %sv = memref.subview %out[%i, 0] [%n, 200] [1, 1] : memref<100x200xf32> to memref<?x200xf32, strided<[200, 1], offset: ?>>
  %r = scf.for %j = %c0 to %c4 step %c1 iter_args(%b = %sv) -> (memref<?x200xf32, strided<[200, 1], offset: ?>>) {
    %s = scf.index_switch %k -> memref<?x?xf32, strided<[200, 1], offset: ?>>
    case 0 {
      memref.store %x, %b[%c0, %j] : memref<?x200xf32, strided<[200, 1], offset: ?>>
      %c = memref.cast %b : memref<?x200xf32, strided<[200, 1], offset: ?>> to memref<?x?xf32, strided<[200, 1], offset: ?>>
      scf.yield %c : memref<?x?xf32, strided<[200, 1], offset: ?>>
    }
    default {
      memref.store %x, %b[%c1, %j] : memref<?x200xf32, strided<[200, 1], offset: ?>>
      %c = memref.cast %b : memref<?x200xf32, strided<[200, 1], offset: ?>> to memref<?x?xf32, strided<[200, 1], offset: ?>>
      scf.yield %c : memref<?x?xf32, strided<[200, 1], offset: ?>>
    }
    %back = memref.cast %s : memref<?x?xf32, strided<[200, 1], offset: ?>> to memref<?x200xf32, strided<[200, 1], offset: ?>>
    scf.yield %back : memref<?x200xf32, strided<[200, 1], offset: ?>>
  }
  %dst = memref.subview %out[%i, 0] [%n, 200] [1, 1] : memref<100x200xf32> to memref<?x200xf32, strided<[200, 1], offset: ?>>
  memref.copy %r, %dst : memref<?x200xf32, strided<[200, 1], offset: ?>> to memref<?x200xf32, strided<[200, 1], offset: ?>>
  return
}

// -----

// Cases that yield different buffers are left alone.
// CHECK-LABEL: func.func @different(
// CHECK: scf.index_switch %{{.*}} -> memref<4xf32>
func.func @different(%a: memref<4xf32>, %b: memref<4xf32>, %k: index) -> memref<4xf32> {
  %s = scf.index_switch %k -> memref<4xf32>
  case 0 {
    scf.yield %a : memref<4xf32>
  }
  default {
    scf.yield %b : memref<4xf32>
  }
  return %s : memref<4xf32>
}
