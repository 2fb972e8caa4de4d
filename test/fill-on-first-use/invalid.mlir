// What regtile-fill-on-first-use refuses: a mark on anything but an scf.for
// or with a value is an error; a fill it cannot move (not a loop tree whose
// copies, all at one depth, store at the induction variables around them
// into one buffer, no loop after it, a
// loop that reads other cache elements in each iteration, writes what the
// fill reads, or a cache used elsewhere) gets a warning and stays where it
// is, unchanged.
// RUN: %regtile-opt %s --split-input-file -p 'builtin.module(regtile-fill-on-first-use)' --verify-diagnostics | FileCheck %s

func.func @not_a_loop(%a: index) -> index {
  // expected-error @below {{regtile.fill_on_first_use: expected an scf.for (the fill), got 'arith.addi'}}
  %b = arith.addi %a, %a {regtile.fill_on_first_use} : index
  return %b : index
}

// -----

func.func @not_unit(%b: memref<64x32xf32>, %c: memref<8x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %cache = memref.alloc() : memref<1x64x32xf32>
  // expected-error @below {{regtile.fill_on_first_use: expected a unit attribute}}
  scf.for %p = %c0 to %c1 step %c1 {
    scf.for %k = %c0 to %c64 step %c1 {
      %row = vector.load %b[%k, %c0] : memref<64x32xf32>, vector<32xf32>
      vector.store %row, %cache[%p, %k, %c0] : memref<1x64x32xf32>, vector<32xf32>
    }
  } {regtile.fill_on_first_use = 1 : i64}
  scf.for %i = %c0 to %c8 step %c2 {
    scf.for %k = %c0 to %c64 step %c1 {
      %v = vector.load %cache[%c0, %k, %c0] : memref<1x64x32xf32>, vector<32xf32>
      vector.store %v, %c[%i, %c0] : memref<8x32xf32>, vector<32xf32>
    }
  }
  memref.dealloc %cache : memref<1x64x32xf32>
  return
}

// -----

// CHECK-LABEL: func.func @carries(
//       CHECK:   scf.for
//   CHECK-NOT:   regtile.fill_on_first_use
func.func @carries(%b: memref<64x32xf32>, %c: memref<8x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %cache = memref.alloc() : memref<1x64x32xf32>
  // expected-warning @below {{regtile.fill_on_first_use: filled before the loop: the fill's loops carry values}}
  %s = scf.for %p = %c0 to %c1 step %c1 iter_args(%x = %c0) -> (index) {
    scf.for %k = %c0 to %c64 step %c1 {
      %row = vector.load %b[%k, %c0] : memref<64x32xf32>, vector<32xf32>
      vector.store %row, %cache[%p, %k, %c0] : memref<1x64x32xf32>, vector<32xf32>
    }
    scf.yield %x : index
  } {regtile.fill_on_first_use}
  scf.for %i = %c0 to %c8 step %c2 {
    scf.for %k = %c0 to %c64 step %c1 {
      %v = vector.load %cache[%c0, %k, %c0] : memref<1x64x32xf32>, vector<32xf32>
      vector.store %v, %c[%i, %c0] : memref<8x32xf32>, vector<32xf32>
    }
  }
  memref.dealloc %cache : memref<1x64x32xf32>
  return
}

// -----

// CHECK-LABEL: func.func @not_at_ivs(
//       CHECK:   scf.for
//   CHECK-NOT:   regtile.fill_on_first_use
func.func @not_at_ivs(%b: memref<64x32xf32>, %c: memref<8x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %cache = memref.alloc() : memref<1x64x32xf32>
  // expected-warning @below {{regtile.fill_on_first_use: filled before the loop: the fill's stores are not at the loops' induction variables in the cache's leading dims}}
  scf.for %p = %c0 to %c1 step %c1 {
    scf.for %k = %c0 to %c64 step %c1 {
      %row = vector.load %b[%k, %c0] : memref<64x32xf32>, vector<32xf32>
      vector.store %row, %cache[%p, %c0, %c0] : memref<1x64x32xf32>, vector<32xf32>
    }
  } {regtile.fill_on_first_use}
  scf.for %i = %c0 to %c8 step %c2 {
    scf.for %k = %c0 to %c64 step %c1 {
      %v = vector.load %cache[%c0, %k, %c0] : memref<1x64x32xf32>, vector<32xf32>
      vector.store %v, %c[%i, %c0] : memref<8x32xf32>, vector<32xf32>
    }
  }
  memref.dealloc %cache : memref<1x64x32xf32>
  return
}

// -----

// CHECK-LABEL: func.func @two_buffers(
//       CHECK:   scf.for
//   CHECK-NOT:   regtile.fill_on_first_use
func.func @two_buffers(%b: memref<64x32xf32>, %c: memref<8x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %cache = memref.alloc() : memref<1x64x32xf32>
  // expected-warning @below {{regtile.fill_on_first_use: filled before the loop: the fill writes more than one buffer, or not by a load/store}}
  scf.for %p = %c0 to %c1 step %c1 {
    scf.for %k = %c0 to %c64 step %c1 {
      %row = vector.load %b[%k, %c0] : memref<64x32xf32>, vector<32xf32>
      vector.store %row, %cache[%p, %k, %c0] : memref<1x64x32xf32>, vector<32xf32>
      vector.store %row, %c[%p, %c0] : memref<8x32xf32>, vector<32xf32>
    }
  } {regtile.fill_on_first_use}
  scf.for %i = %c0 to %c8 step %c2 {
    scf.for %k = %c0 to %c64 step %c1 {
      %v = vector.load %cache[%c0, %k, %c0] : memref<1x64x32xf32>, vector<32xf32>
      vector.store %v, %c[%i, %c0] : memref<8x32xf32>, vector<32xf32>
    }
  }
  memref.dealloc %cache : memref<1x64x32xf32>
  return
}

// -----

// CHECK-LABEL: func.func @no_loop_after(
//       CHECK:   scf.for
//   CHECK-NOT:   regtile.fill_on_first_use
func.func @no_loop_after(%b: memref<64x32xf32>, %c: memref<8x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %cache = memref.alloc() : memref<1x64x32xf32>
  // expected-warning @below {{regtile.fill_on_first_use: filled before the loop: no scf.for follows the fill}}
  scf.for %p = %c0 to %c1 step %c1 {
    scf.for %k = %c0 to %c64 step %c1 {
      %row = vector.load %b[%k, %c0] : memref<64x32xf32>, vector<32xf32>
      vector.store %row, %cache[%p, %k, %c0] : memref<1x64x32xf32>, vector<32xf32>
    }
  } {regtile.fill_on_first_use}

  memref.dealloc %cache : memref<1x64x32xf32>
  return
}

// -----

// CHECK-LABEL: func.func @reads_move(
//       CHECK:   scf.for
//   CHECK-NOT:   regtile.fill_on_first_use
func.func @reads_move(%b: memref<64x32xf32>, %c: memref<8x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %cache = memref.alloc() : memref<1x64x32xf32>
  // expected-warning @below {{regtile.fill_on_first_use: filled before the loop: which cache elements the loop reads depends on its iteration: its first iteration is not where every element is first read}}
  scf.for %p = %c0 to %c1 step %c1 {
    scf.for %k = %c0 to %c64 step %c1 {
      %row = vector.load %b[%k, %c0] : memref<64x32xf32>, vector<32xf32>
      vector.store %row, %cache[%p, %k, %c0] : memref<1x64x32xf32>, vector<32xf32>
    }
  } {regtile.fill_on_first_use}
  scf.for %i = %c0 to %c8 step %c2 {
    scf.for %k = %c0 to %c64 step %c1 {
      %v = vector.load %cache[%c0, %i, %c0] : memref<1x64x32xf32>, vector<32xf32>
      vector.store %v, %c[%i, %c0] : memref<8x32xf32>, vector<32xf32>
    }
  }
  memref.dealloc %cache : memref<1x64x32xf32>
  return
}

// -----

// The same loop of filter rows as @trimmed_rows in fill-on-first-use.mlir,
// without the regtile.trimmed_from mark: nothing says the rows its bounds
// leave out add nothing, so its first iteration need not read them all.
// CHECK-LABEL: func.func @bounds_move(
//       CHECK:   scf.for
//   CHECK-NOT:   regtile.fill_on_first_use
func.func @bounds_move(%f: memref<3x64x32xf32>, %x: memref<9x64xf32>, %y: memref<7x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : vector<32xf32>
  %cache = memref.alloc() : memref<3x64x32xf32>
  // expected-warning @below {{regtile.fill_on_first_use: filled before the loop: which cache elements the loop reads depends on its iteration: its first iteration is not where every element is first read}}
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
    }
    vector.store %acc, %y[%r, %c0] : memref<7x32xf32>, vector<32xf32>
  }
  memref.dealloc %cache : memref<3x64x32xf32>
  return
}

// -----

// CHECK-LABEL: func.func @writes_source(
//       CHECK:   scf.for
//   CHECK-NOT:   regtile.fill_on_first_use
func.func @writes_source(%b: memref<64x32xf32>, %c: memref<8x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %cache = memref.alloc() : memref<1x64x32xf32>
  // expected-warning @below {{regtile.fill_on_first_use: filled before the loop: the loop after the fill may write a buffer the fill reads or the cache ('vector.store')}}
  scf.for %p = %c0 to %c1 step %c1 {
    scf.for %k = %c0 to %c64 step %c1 {
      %row = vector.load %b[%k, %c0] : memref<64x32xf32>, vector<32xf32>
      vector.store %row, %cache[%p, %k, %c0] : memref<1x64x32xf32>, vector<32xf32>
    }
  } {regtile.fill_on_first_use}
  scf.for %i = %c0 to %c8 step %c2 {
    scf.for %k = %c0 to %c64 step %c1 {
      %v = vector.load %cache[%c0, %k, %c0] : memref<1x64x32xf32>, vector<32xf32>
      vector.store %v, %b[%i, %c0] : memref<64x32xf32>, vector<32xf32>
    }
  }
  memref.dealloc %cache : memref<1x64x32xf32>
  return
}

// -----

// The fill reads the source through a view that is not a subview (an
// expand_shape, as of a transposed filter): the loop's write to the
// source's buffer is still seen.
// CHECK-LABEL: func.func @writes_viewed_source(
//       CHECK:   scf.for
//   CHECK-NOT:   regtile.fill_on_first_use
func.func @writes_viewed_source(%b: memref<2048xf32>, %c: memref<8x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %cache = memref.alloc() : memref<1x64x32xf32>
  %src = memref.expand_shape %b [[0, 1]] output_shape [64, 32] : memref<2048xf32> into memref<64x32xf32>
  // expected-warning @below {{regtile.fill_on_first_use: filled before the loop: the loop after the fill may write a buffer the fill reads or the cache ('vector.store')}}
  scf.for %p = %c0 to %c1 step %c1 {
    scf.for %k = %c0 to %c64 step %c1 {
      %row = vector.load %src[%k, %c0] : memref<64x32xf32>, vector<32xf32>
      vector.store %row, %cache[%p, %k, %c0] : memref<1x64x32xf32>, vector<32xf32>
    }
  } {regtile.fill_on_first_use}
  scf.for %i = %c0 to %c8 step %c2 {
    scf.for %k = %c0 to %c64 step %c1 {
      %v = vector.load %cache[%c0, %k, %c0] : memref<1x64x32xf32>, vector<32xf32>
      vector.store %v, %b[%k] : memref<2048xf32>, vector<32xf32>
    }
  }
  memref.dealloc %cache : memref<1x64x32xf32>
  return
}

// -----

// CHECK-LABEL: func.func @used_after(
//       CHECK:   scf.for
//   CHECK-NOT:   regtile.fill_on_first_use
func.func @used_after(%b: memref<64x32xf32>, %c: memref<8x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %cache = memref.alloc() : memref<1x64x32xf32>
  // expected-warning @below {{regtile.fill_on_first_use: filled before the loop: the cache is used by 'vector.load' other than read in the loop after the fill}}
  scf.for %p = %c0 to %c1 step %c1 {
    scf.for %k = %c0 to %c64 step %c1 {
      %row = vector.load %b[%k, %c0] : memref<64x32xf32>, vector<32xf32>
      vector.store %row, %cache[%p, %k, %c0] : memref<1x64x32xf32>, vector<32xf32>
    }
  } {regtile.fill_on_first_use}
  scf.for %i = %c0 to %c8 step %c2 {
    scf.for %k = %c0 to %c64 step %c1 {
      %v = vector.load %cache[%c0, %k, %c0] : memref<1x64x32xf32>, vector<32xf32>
      vector.store %v, %c[%i, %c0] : memref<8x32xf32>, vector<32xf32>
    }
  }
  %late = vector.load %cache[%c0, %c1, %c0] : memref<1x64x32xf32>, vector<32xf32>
  vector.store %late, %c[%c1, %c0] : memref<8x32xf32>, vector<32xf32>
  memref.dealloc %cache : memref<1x64x32xf32>
  return
}

// -----

// CHECK-LABEL: func.func @not_read(
//       CHECK:   scf.for
//   CHECK-NOT:   regtile.fill_on_first_use
func.func @not_read(%b: memref<64x32xf32>, %c: memref<8x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %cache = memref.alloc() : memref<1x64x32xf32>
  // expected-warning @below {{regtile.fill_on_first_use: filled before the loop: the loop after the fill does not read the cache}}
  scf.for %p = %c0 to %c1 step %c1 {
    scf.for %k = %c0 to %c64 step %c1 {
      %row = vector.load %b[%k, %c0] : memref<64x32xf32>, vector<32xf32>
      vector.store %row, %cache[%p, %k, %c0] : memref<1x64x32xf32>, vector<32xf32>
    }
  } {regtile.fill_on_first_use}
  scf.for %i = %c0 to %c8 step %c2 {
    %v = vector.load %b[%i, %c0] : memref<64x32xf32>, vector<32xf32>
    vector.store %v, %c[%i, %c0] : memref<8x32xf32>, vector<32xf32>
  }
  memref.dealloc %cache : memref<1x64x32xf32>
  return
}

// -----

// CHECK-LABEL: func.func @unknown_op(
//       CHECK:   scf.for
//   CHECK-NOT:   regtile.fill_on_first_use
func.func @unknown_op(%b: memref<64x32xf32>, %c: memref<8x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %cache = memref.alloc() : memref<1x64x32xf32>
  // expected-warning @below {{regtile.fill_on_first_use: filled before the loop: the loop reads the cache inside 'scf.while'}}
  scf.for %p = %c0 to %c1 step %c1 {
    scf.for %k = %c0 to %c64 step %c1 {
      %row = vector.load %b[%k, %c0] : memref<64x32xf32>, vector<32xf32>
      vector.store %row, %cache[%p, %k, %c0] : memref<1x64x32xf32>, vector<32xf32>
    }
  } {regtile.fill_on_first_use}
  scf.for %i = %c0 to %c8 step %c2 {
    scf.while (%k = %c0) : (index) -> () {
      %go = arith.cmpi slt, %k, %c64 : index
      scf.condition(%go)
    } do {
      %v = vector.load %cache[%c0, %c0, %c0] : memref<1x64x32xf32>, vector<32xf32>
      vector.store %v, %c[%i, %c0] : memref<8x32xf32>, vector<32xf32>
      scf.yield %c64 : index
    }
  }
  memref.dealloc %cache : memref<1x64x32xf32>
  return
}

// -----

// CHECK-LABEL: func.func @uneven(
//       CHECK:   scf.for
//   CHECK-NOT:   regtile.fill_on_first_use
func.func @uneven(%b: memref<64x32xf32>, %c: memref<8x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %cache = memref.alloc() : memref<1x64x32xf32>
  // expected-warning @below {{regtile.fill_on_first_use: filled before the loop: the fill's copies are at different loop depths}}
  scf.for %p = %c0 to %c1 step %c1 {
    scf.for %k = %c0 to %c64 step %c1 {
      %row = vector.load %b[%k, %c0] : memref<64x32xf32>, vector<32xf32>
      vector.store %row, %cache[%p, %k, %c0] : memref<1x64x32xf32>, vector<32xf32>
    }
    scf.for %k = %c0 to %c64 step %c2 {
      scf.for %kk = %c0 to %c2 step %c1 {
        %row = vector.load %b[%kk, %c0] : memref<64x32xf32>, vector<32xf32>
        vector.store %row, %cache[%p, %kk, %c0] : memref<1x64x32xf32>, vector<32xf32>
      }
    }
  } {regtile.fill_on_first_use}
  scf.for %i = %c0 to %c8 step %c2 {
    scf.for %k = %c0 to %c64 step %c1 {
      %v = vector.load %cache[%c0, %k, %c0] : memref<1x64x32xf32>, vector<32xf32>
      vector.store %v, %c[%i, %c0] : memref<8x32xf32>, vector<32xf32>
    }
  }
  memref.dealloc %cache : memref<1x64x32xf32>
  return
}

// -----

// CHECK-LABEL: func.func @effect_beside_loops(
//       CHECK:   scf.for
//   CHECK-NOT:   regtile.fill_on_first_use
func.func @effect_beside_loops(%b: memref<64x32xf32>, %c: memref<8x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %cache = memref.alloc() : memref<1x64x32xf32>
  // expected-warning @below {{regtile.fill_on_first_use: filled before the loop: the fill has an op with side effects beside its loops}}
  scf.for %p = %c0 to %c1 step %c1 {
    %first = vector.load %b[%c0, %c0] : memref<64x32xf32>, vector<32xf32>
    vector.store %first, %cache[%p, %c0, %c0] : memref<1x64x32xf32>, vector<32xf32>
    scf.for %k = %c1 to %c64 step %c1 {
      %row = vector.load %b[%k, %c0] : memref<64x32xf32>, vector<32xf32>
      vector.store %row, %cache[%p, %k, %c0] : memref<1x64x32xf32>, vector<32xf32>
    }
  } {regtile.fill_on_first_use}
  scf.for %i = %c0 to %c8 step %c2 {
    scf.for %k = %c0 to %c64 step %c1 {
      %v = vector.load %cache[%c0, %k, %c0] : memref<1x64x32xf32>, vector<32xf32>
      vector.store %v, %c[%i, %c0] : memref<8x32xf32>, vector<32xf32>
    }
  }
  memref.dealloc %cache : memref<1x64x32xf32>
  return
}

// -----

// CHECK-LABEL: func.func @integer_iv(
//       CHECK:   scf.for
//   CHECK-NOT:   regtile.fill_on_first_use
func.func @integer_iv(%b: memref<64x32xf32>, %c: memref<8x32xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %n = arith.constant 64 : i32
  %cache = memref.alloc() : memref<64x32xf32>
  // expected-warning @below {{regtile.fill_on_first_use: filled before the loop: the fill's loops count in integers, not indices}}
  scf.for %k = %z to %n step %one : i32 {
    %i = arith.index_cast %k : i32 to index
    %row = vector.load %b[%i, %c0] : memref<64x32xf32>, vector<32xf32>
    vector.store %row, %cache[%i, %c0] : memref<64x32xf32>, vector<32xf32>
  } {regtile.fill_on_first_use}
  scf.for %r = %c0 to %c8 step %c2 {
    %v = vector.load %cache[%c0, %c0] : memref<64x32xf32>, vector<32xf32>
    vector.store %v, %c[%r, %c0] : memref<8x32xf32>, vector<32xf32>
  }
  memref.dealloc %cache : memref<64x32xf32>
  return
}

// -----

// A loop around the read that does not move it along the cache: in the
// first iteration, the fill of each row would run in each of its
// iterations.
// CHECK-LABEL: func.func @repeated_row(
//       CHECK:   scf.for
//   CHECK-NOT:   regtile.fill_on_first_use
func.func @repeated_row(%b: memref<64x32xf32>, %c: memref<8x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %cache = memref.alloc() : memref<1x64x32xf32>
  // expected-warning @below {{regtile.fill_on_first_use: filled before the loop: a loop around a read of the cache does not move it along the cache: the fill of a row would run in each of its iterations}}
  scf.for %p = %c0 to %c1 step %c1 {
    scf.for %k = %c0 to %c64 step %c1 {
      %row = vector.load %b[%k, %c0] : memref<64x32xf32>, vector<32xf32>
      vector.store %row, %cache[%p, %k, %c0] : memref<1x64x32xf32>, vector<32xf32>
    }
  } {regtile.fill_on_first_use}
  scf.for %i = %c0 to %c8 step %c2 {
    scf.for %r = %c0 to %c2 step %c1 {
      %row = arith.addi %i, %r : index
      scf.for %k = %c0 to %c64 step %c1 {
        %v = vector.load %cache[%c0, %k, %c0] : memref<1x64x32xf32>, vector<32xf32>
        vector.store %v, %c[%row, %c0] : memref<8x32xf32>, vector<32xf32>
      }
    }
  }
  memref.dealloc %cache : memref<1x64x32xf32>
  return
}

// -----

// A cache that is a ranked view of an unranked buffer: its root has no
// shape, so no dim of it is known to be a unit dim at 0 (refused, no crash).
// CHECK-LABEL: func.func @unranked_root(
//       CHECK:   scf.for
//   CHECK-NOT:   regtile.fill_on_first_use
func.func @unranked_root(%b: memref<128x32xf32>, %u: memref<*xf32>, %a: memref<10x128xf32>, %c: memref<10x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c10 = arith.constant 10 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant dense<0.0> : vector<32xf32>
  %cache = memref.cast %u : memref<*xf32> to memref<1x128x32xf32>
  // expected-warning @below {{regtile.fill_on_first_use: filled before the loop: the fill's stores are not at the loops' induction variables in the cache's leading dims}}
  scf.for %k = %c0 to %c128 step %c1 {
    %row = vector.load %b[%k, %c0] : memref<128x32xf32>, vector<32xf32>
    vector.store %row, %cache[%c0, %k, %c0] : memref<1x128x32xf32>, vector<32xf32>
  } {regtile.fill_on_first_use}
  scf.for %i = %c0 to %c10 step %c2 {
    %acc = scf.for %k = %c0 to %c128 step %c1 iter_args(%x = %zero) -> (vector<32xf32>) {
      %row = vector.load %cache[%c0, %k, %c0] : memref<1x128x32xf32>, vector<32xf32>
      %s = memref.load %a[%i, %k] : memref<10x128xf32>
      %v = vector.broadcast %s : f32 to vector<32xf32>
      %x2 = vector.fma %v, %row, %x : vector<32xf32>
      scf.yield %x2 : vector<32xf32>
    }
    vector.store %acc, %c[%i, %c0] : memref<10x32xf32>, vector<32xf32>
  }
  return
}
