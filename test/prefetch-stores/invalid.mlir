// What regtile-prefetch-stores refuses: a non-loop and a distance that is
// not a positive integer are errors; a loop without a store to prefetch for
// gets a warning and is left as it is.
// RUN: %regtile-opt %s --split-input-file -p 'builtin.module(regtile-prefetch-stores)' --verify-diagnostics

func.func @not_a_loop(%a: index) -> index {
  // expected-error @below {{regtile.prefetch_stores: expected a loop, got 'arith.addi'}}
  %b = arith.addi %a, %a {regtile.prefetch_stores = 64 : i64} : index
  return %b : index
}

// -----

func.func @not_an_integer(%dst: memref<64xf32>, %v: vector<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @below {{regtile.prefetch_stores: expected an integer attribute (bytes ahead)}}
  scf.for %i = %c0 to %c4 step %c1 {
    vector.store %v, %dst[%c0] : memref<64xf32>, vector<16xf32>
  } {regtile.prefetch_stores}
  return
}

// -----

func.func @not_positive(%dst: memref<64xf32>, %v: vector<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @below {{regtile.prefetch_stores: expected a positive prefetch distance in bytes, got -64}}
  scf.for %i = %c0 to %c4 step %c1 {
    vector.store %v, %dst[%c0] : memref<64xf32>, vector<16xf32>
  } {regtile.prefetch_stores = -64 : i64}
  return
}

// -----

func.func @no_stores(%src: memref<64xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %init = arith.constant 0.0 : f32
  // expected-warning @below {{regtile.prefetch_stores: no prefetches: the loop has no 1-D vector store into a strided buffer}}
  %r = scf.for %i = %c0 to %c64 step %c1 iter_args(%a = %init) -> f32 {
    %x = memref.load %src[%i] : memref<64xf32>
    %s = arith.addf %a, %x : f32
    scf.yield %s : f32
  } {regtile.prefetch_stores = 256 : i64}
  return %r : f32
}
