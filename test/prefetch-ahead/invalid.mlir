// What regtile-prefetch-ahead refuses: a mark on anything but an scf.for and
// a count that is not a positive integer are errors; a loop none of whose
// accesses moves with its induction variable gets a warning and is left as
// it is.
// RUN: %regtile-opt %s --split-input-file -p 'builtin.module(regtile-prefetch-ahead)' --verify-diagnostics

func.func @not_a_loop(%a: index) -> index {
  // expected-error @below {{regtile.prefetch_ahead: expected an scf.for, got 'arith.addi'}}
  %b = arith.addi %a, %a {regtile.prefetch_ahead = 1 : i64} : index
  return %b : index
}

// -----

func.func @not_an_integer(%dst: memref<64xf32>, %v: vector<16xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  // expected-error @below {{regtile.prefetch_ahead: expected an integer attribute (iterations ahead)}}
  scf.for %i = %c0 to %c64 step %c16 {
    vector.store %v, %dst[%i] : memref<64xf32>, vector<16xf32>
  } {regtile.prefetch_ahead}
  return
}

// -----

func.func @not_positive(%dst: memref<64xf32>, %v: vector<16xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  // expected-error @below {{regtile.prefetch_ahead: expected a positive number of iterations ahead, got 0}}
  scf.for %i = %c0 to %c64 step %c16 {
    vector.store %v, %dst[%i] : memref<64xf32>, vector<16xf32>
  } {regtile.prefetch_ahead = 0 : i64}
  return
}

// -----

// A while loop is a loop, but not one whose next iteration has a known IV.
func.func @while_loop(%dst: memref<64xf32>, %v: vector<16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  // expected-error @below {{regtile.prefetch_ahead: expected an scf.for, got 'scf.while'}}
  %r = scf.while (%i = %c0) : (index) -> index {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    vector.store %v, %dst[%i] : memref<64xf32>, vector<16xf32>
    %c16 = arith.constant 16 : index
    %j = arith.addi %i, %c16 : index
    scf.yield %j : index
  } attributes {regtile.prefetch_ahead = 1 : i64}
  return
}

// -----

// The same element every iteration: nothing to prefetch ahead (the loop
// is left unchanged: prefetch-ahead.mlir).
func.func @invariant(%src: memref<64xf32>, %dst: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  // expected-warning @below {{regtile.prefetch_ahead: no prefetches: no load or store in the loop has an address that changes with its induction variable through subviews and index arithmetic}}
  scf.for %i = %c0 to %c64 step %c16 {
    %v = vector.load %src[%c0] : memref<64xf32>, vector<16xf32>
    vector.store %v, %dst[%c0] : memref<64xf32>, vector<16xf32>
  } {regtile.prefetch_ahead = 1 : i64}
  return
}

// -----

// Everything that moves moves by less than a cache line per iteration (a
// scalar stream, 4 bytes): nothing worth prefetching, the loop is left
// unchanged.
func.func @small_steps(%src: memref<64xf32>, %dst: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // expected-warning @below {{regtile.prefetch_ahead: no prefetches: the 2 accesses that move with the induction variable move by less than a cache line per iteration}}
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %src[%i] : memref<64xf32>
    memref.store %v, %dst[%i] : memref<64xf32>
  } {regtile.prefetch_ahead = 4 : i64}
  return
}

// -----

func.func @streams_not_positive(%a: memref<64xf32>, %dst: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // expected-error @below {{regtile.prefetch_streams_ahead: expected a positive number of iterations ahead, got -2}}
  scf.for %i = %c0 to %c64 step %c1 {
    %x = memref.load %a[%i] : memref<64xf32>
    memref.store %x, %dst[%c0] : memref<64xf32>
  } {regtile.prefetch_streams_ahead = -2 : i64}
  return
}

// -----

// With both marks, a bad streams distance is named as such.
func.func @streams_not_an_integer(%a: memref<64xf32>, %dst: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // expected-error @below {{regtile.prefetch_ahead: expected an integer attribute (iterations ahead) for regtile.prefetch_streams_ahead}}
  scf.for %i = %c0 to %c64 step %c1 {
    %x = memref.load %a[%i] : memref<64xf32>
    memref.store %x, %dst[%c0] : memref<64xf32>
  } {regtile.prefetch_ahead = 4 : i64, regtile.prefetch_streams_ahead = "far"}
  return
}

// -----

// Streams asked for, but the loop's only access stays put: a warning.
func.func @streams_nothing_moves(%a: memref<64xf32>, %dst: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // expected-warning @below {{regtile.prefetch_streams_ahead: no prefetches}}
  scf.for %i = %c0 to %c64 step %c1 {
    %x = memref.load %a[%c0] : memref<64xf32>
    memref.store %x, %dst[%c0] : memref<64xf32>
  } {regtile.prefetch_streams_ahead = 8 : i64}
  return
}

// -----

// regtile.prefetch_streams_next is a unit attribute.
func.func @next_not_unit(%a: memref<64x64xf32>, %dst: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c1 {
    // expected-error @below {{regtile.prefetch_streams_next: expected a unit attribute}}
    scf.for %k = %c0 to %c64 step %c1 {
      %x = memref.load %a[%i, %k] : memref<64x64xf32>
      memref.store %x, %dst[%c0] : memref<64xf32>
    } {regtile.prefetch_streams_next = 2 : i64}
  }
  return
}

// -----

// On anything but an scf.for: an error.
func.func @next_not_a_loop(%a: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @below {{regtile.prefetch_streams_next: expected an scf.for, got 'memref.load'}}
  %x = memref.load %a[%c0] {regtile.prefetch_streams_next} : memref<64xf32>
  return
}

// -----

// A stream no enclosing loop moves (one row tile): a warning naming it.
func.func @next_no_enclosing_loop(%a: memref<64xf32>, %dst: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // expected-warning @below {{regtile.prefetch_streams_next: no prefetches: no enclosing loop moves the 1 scalar streams of the loop}}
  scf.for %k = %c0 to %c64 step %c1 {
    %x = memref.load %a[%k] : memref<64xf32>
    memref.store %x, %dst[%c0] : memref<64xf32>
  } {regtile.prefetch_streams_next}
  return
}

// -----

// With another mark, a regtile.prefetch_streams_next that is not a unit
// attribute is named as such.
func.func @next_not_unit_with_ahead(%a: memref<64x64xf32>, %dst: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c1 {
    // expected-error @below {{regtile.prefetch_ahead: expected a unit attribute for regtile.prefetch_streams_next}}
    scf.for %k = %c0 to %c64 step %c1 {
      %x = memref.load %a[%i, %k] : memref<64x64xf32>
      memref.store %x, %dst[%c0] : memref<64xf32>
    } {regtile.prefetch_ahead = 4 : i64, regtile.prefetch_streams_next = "yes"}
  }
  return
}

// -----

// A short loop (3 kw taps, 5 ahead) whose one moving access, an input
// pixel, is not continued by the enclosing channel loop
// (prefetch-ahead.mlir's @short_taps): nothing it reads ahead is read
// later, nothing to prefetch, and no warning (the distance, derived for all
// of a strategy's nests, outruns the loop).
func.func @short_taps_input_only(%in: memref<7x128xi8>, %acc: memref<64xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  scf.for %g = %c0 to %c32 step %c1 {
    %ci = arith.muli %g, %c4 : index
    scf.for %kw = %c0 to %c3 step %c1 {
      %x = vector.load %in[%kw, %ci] : memref<7x128xi8>, vector<4xi8>
      vector.store %x, %acc[%c0] : memref<64xi8>, vector<4xi8>
    } {regtile.prefetch_ahead = 5 : i64}
  }
  return
}
