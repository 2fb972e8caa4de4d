// regtile-verify-marks accepts every mark regtile reads, with a value of its
// kind, and changes nothing; attributes outside the regtile. namespace are
// not its business.
// RUN: %regtile-opt %s -p 'builtin.module(regtile-verify-marks)' | FileCheck %s

// CHECK-LABEL: func.func @marks
// CHECK: {regtile.streaming_stores}
// CHECK: {regtile.prefetch_stores = 256 : i64}
// CHECK: {regtile.fill_on_first_use}
// CHECK: {regtile.prefetch_ahead = 8 : i64, regtile.prefetch_streams_ahead = 32 : i64, regtile.prefetch_streams_next}
module attributes {regtile.target = "znver4"} {
  func.func @marks(%m: memref<64xf32>, %v: vector<16xf32>) attributes {other.mark = 1 : i64} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c16 = arith.constant 16 : index
    scf.for %i = %c0 to %c64 step %c16 {
      vector.store %v, %m[%i] : memref<64xf32>, vector<16xf32>
    } {regtile.streaming_stores}
    scf.for %i = %c0 to %c64 step %c16 {
      vector.store %v, %m[%i] : memref<64xf32>, vector<16xf32>
    } {regtile.prefetch_stores = 256 : i64}
    scf.for %i = %c0 to %c64 step %c16 {
      vector.store %v, %m[%i] : memref<64xf32>, vector<16xf32>
    } {regtile.fill_on_first_use}
    scf.for %i = %c0 to %c64 step %c16 {
      vector.store %v, %m[%i] : memref<64xf32>, vector<16xf32>
    } {regtile.prefetch_ahead = 8 : i64, regtile.prefetch_streams_ahead = 32 : i64, regtile.prefetch_streams_next}
    return
  }
}
