// regtile-verify-marks (the first stage of regtile-lower-to-llvm): a
// regtile.* attribute that no pass reads (a misspelling) or whose value is
// of the wrong kind is an error, not a silently ignored mark.
// RUN: %regtile-opt %s --split-input-file --verify-diagnostics -p 'builtin.module(regtile-verify-marks)'
// RUN: %regtile-opt %s --split-input-file --verify-diagnostics -p 'builtin.module(regtile-lower-to-llvm)'

func.func @misspelled(%m: memref<64xf32>, %v: vector<16xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{unknown regtile attribute 'regtile.streaming_store' (did you mean 'regtile.streaming_stores'?); the known ones are 'regtile.target', 'regtile.streaming_stores', 'regtile.prefetch_stores', 'regtile.fill_on_first_use', 'regtile.prefetch_ahead', 'regtile.prefetch_streams_ahead', 'regtile.prefetch_streams_next'}}
  scf.for %i = %c0 to %c64 step %c16 {
    vector.store %v, %m[%i] : memref<64xf32>, vector<16xf32>
  } {regtile.streaming_store}
  return
}

// -----

// A name far from every mark gets no guess.
// expected-error @+1 {{unknown regtile attribute 'regtile.tile_sizes'; the known ones are}}
func.func @unknown() attributes {regtile.tile_sizes = [4, 8]} {
  return
}

// -----

func.func @wrong_kinds(%m: memref<64xf32>, %v: vector<16xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'regtile.prefetch_ahead' must be an integer, got "8"}}
  scf.for %i = %c0 to %c64 step %c16 {
    vector.store %v, %m[%i] : memref<64xf32>, vector<16xf32>
  } {regtile.prefetch_ahead = "8"}
  // expected-error @+1 {{'regtile.streaming_stores' must be a unit attribute, got true}}
  scf.for %i = %c0 to %c64 step %c16 {
    vector.store %v, %m[%i] : memref<64xf32>, vector<16xf32>
  } {regtile.streaming_stores = true}
  // expected-error @+1 {{'regtile.trimmed_from' must be array<i64: lb, ub> with lb <= ub, got array<i64: 3, 0>}}
  scf.for %i = %c0 to %c64 step %c16 {
    vector.store %v, %m[%i] : memref<64xf32>, vector<16xf32>
  } {regtile.trimmed_from = array<i64: 3, 0>}
  return
}

